// Свод — the scene's log, newest first: each entry's number, round, line and the dice rolled.
// Pure: the log as the engine checked it in, HTML out (html.mjs escapes every value).

import { html, join } from "./html.mjs";
import { tr } from "./render.mjs";
import { TEXT } from "./scene-words.mjs";

/** How many entries are drawn at first (then «Показать ещё» adds more). */
export const LOG_PAGE = 40;

/** The dice of an action as chips, by group ({group: faces | [faces…]}). */
export function diceChips(dice, lang) {
  if (!dice || typeof dice !== "object") return "";
  const G = TEXT[lang].groups;
  const out = [];
  for (const [group, faces] of Object.entries(dice)) {
    if (!Array.isArray(faces)) continue;
    const lists = Array.isArray(faces[0]) ? faces : [faces];
    lists.forEach((f, i) => {
      if (!Array.isArray(f) || !f.length) return;
      const name = Object.hasOwn(G, group) ? G[group] : group;
      const chips = f.map((x) => html`<span class="svod-logdie">${x}</span>`);
      out.push(html`<span class="svod-logdice"><span class="svod-logdice__g">${lists.length > 1 ? `${name} ${i + 1}` : name}</span>${chips}</span>`);
    });
  }
  return out.length ? html`<span class="svod-logdice-row">${out}</span>` : "";
}

export function logItem(entry, lang) {
  const L = TEXT[lang];
  return join(
    html`<li class="svod-log__item" data-n="${entry.n}"><span class="svod-log__n">№ ${entry.n} · ${L.round(entry.round)}</span> `,
    html`<bdi class="svod-log__text">${tr(entry.text, lang)}</bdi>${diceChips(entry.action && entry.action.dice, lang)}</li>`);
}

/** The log section: the last ``shown`` entries, newest first, and «Показать ещё» for the rest. */
export function logHTML(log, shown, lang) {
  const L = TEXT[lang];
  const items = log.slice(-shown).reverse().map((e) => logItem(e, lang));
  const rest = log.length - Math.min(log.length, shown);
  return join(
    html`<section class="svod-log" aria-labelledby="svod-log-title"><h3 id="svod-log-title">${L.log}</h3>`,
    log.length ? html`<ol class="svod-log__list" reversed>${items}</ol>` : html`<p class="svod-log__empty">${L.logEmpty}</p>`,
    rest ? html`<button type="button" class="md-button" data-act="more-log">${L.more(rest)}</button>` : "",
    html`</section>`);
}
