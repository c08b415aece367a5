// Свод — «already there?»: what the device holds of the same name asks before a second copy is made
// (replace, keep both, cancel), in the place the import was asked from. Names compare as the engine
// compares them (rules_core.scene.actions.name_key: compatibility forms, case, «ё», runs of spaces).

import { html, join } from "./html.mjs";
import { WORDS } from "./party-words.mjs";
import { bdi } from "./scene-view.mjs";
import { summary } from "./scene-store.mjs";

const HERE = new URL("./", import.meta.url);

/** The party's stylesheet, once. */
export function partyCSS() {
  if (typeof document === "undefined" || document.querySelector("link[data-svod-party-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("party.css", HERE).href;
  link.dataset.svodPartyCss = "";
  document.head.append(link);
}

/** Two names the reader cannot tell apart give the same key. */
export function nameKey(name) {
  return String(name || "").normalize("NFKC").toLowerCase().replaceAll("ё", "е").split(/\s+/).filter(Boolean).join(" ");
}

/** The stored scene (not deleted) of the same name as ``name``, or null. */
export function sameScene(records, name) {
  const key = nameKey(name);
  return records.find((r) => !r.deletedAt && nameKey(summary(r).name) === key) || null;
}

/** Ask in ``box`` (question ``question``, html.mjs's HTML; buttons ``choices``: [[value, label]]):
 * a promise of the value chosen. The box is emptied when one is chosen. */
export function ask(box, question, choices) {
  partyCSS();
  box.innerHTML = join(html`<div class="svod-ask" role="group"><p>${question}</p><p class="svod-row">`,
    join(choices.map(([v, label], i) => html`<button type="button" class="md-button${i === 0 ? " md-button--primary" : ""}" data-ask="${v}">${label}</button>`)),
    html`</p></div>`);
  box.hidden = false;
  const first = box.querySelector("button");
  if (first) first.focus();
  return new Promise((resolve) => {
    box.querySelectorAll("[data-ask]").forEach((b) => b.addEventListener("click", (e) => {
      e.preventDefault();
      e.stopPropagation();
      box.innerHTML = "";
      box.hidden = true;
      resolve(b.dataset.ask);
    }, { once: true }));
  });
}

/** An import of the scene ``name`` the device may have already: "new" (it has none), or what the
 * reader chose: "replace", "keep", "cancel". */
export function askSameScene(records, name, box, lang) {
  const W = WORDS[lang];
  const other = sameScene(records, name);
  if (!other) return Promise.resolve({ choice: "new", other: null });
  const when = new Date(summary(other).updated).toLocaleString(lang === "ru" ? "ru-RU" : "en-GB");
  return ask(box, W.sameScene(bdi(summary(other).name), when),
    [["replace", W.replace], ["keep", W.keepBoth], ["cancel", W.cancel]]).then((choice) => ({ choice, other }));
}
