// Свод — what the scene page draws in its main part and its scenes list, as pure functions: the
// page's state in, HTML out (html.mjs escapes every value; names are isolated, <bdi>, so that a
// direction override in one cannot turn the page's own text around). A scene is drawn only once
// the engine has checked it; until then (or while the engine is down) it is named and offered as
// a file, and one the engine cannot read is told as such, kept and downloadable.

import { html, join } from "./html.mjs";
import { cardHTML } from "./scene-cards.mjs";
import { logHTML } from "./scene-log.mjs";
import { summary } from "./scene-store.mjs";
import { TEXT } from "./scene-words.mjs";

/** A name (a scene's, a character's) as the page shows it: isolated from the text around it. */
export const bdi = (name) => html`<bdi>${name}</bdi>`;

/** The engine's errors ({field, ru, en}) as lines of HTML. */
export function errorsHTML(errors, lang) {
  return join((Array.isArray(errors) ? errors : []).map((e) => html`<p>${(e && (e[lang] || e.ru || e.en)) || "?"}</p>`));
}

/** The page's state of a stored record ``rec``: its text (``text``: one this visit could not
 * store, else the record's), and, once the engine has answered loading it (``answer``; null: not
 * yet, or the engine is down), the scene it checked (``checked``) or why it cannot be read
 * (``broken``: errors). A record that holds no JSON text is unreadable without asking. */
export function curOf(rec, answer = null, text = null) {
  const sum = summary(rec);
  const cur = { rec, text: text ?? (typeof rec.text === "string" ? rec.text : null), scene: null, checked: false, broken: null };
  if (sum.broken) {
    const key = sum.broken === "json" ? "brokenJSON" : "brokenType";
    cur.broken = [{ field: "", ru: TEXT.ru[key], en: TEXT.en[key] }];
  } else if (answer && !answer.ok) {
    cur.broken = answer.errors;
  } else if (answer && answer.ok) {
    cur.text = answer.result.scene_text;
    cur.scene = JSON.parse(cur.text);
    cur.checked = true;
  }
  return cur;
}

/** The bar's title and round for the scene open (``cur``: the page's, or null). */
export function barOf(cur, lang) {
  const L = TEXT[lang];
  if (!cur) return { title: L.scenes, round: null };
  const sc = cur.checked ? cur.scene : null;
  return { title: (sc && sc.name) || summary(cur.rec).name || L.scene, round: sc ? sc.round : null };
}

/** The main part for the scene open: ``view`` = {cur, spec, lang, canAct, logShown, engine}
 * (``engine``: the runtime's state, "ready", "loading", "error"…). */
export function mainHTML({ cur, spec, lang, canAct, logShown, engine }) {
  const L = TEXT[lang];
  const sum = summary(cur.rec);
  const name = bdi(sum.name || String(cur.rec.id));
  const download = html`<button type="button" class="md-button" data-act="download-raw" data-id="${cur.rec.id}">${L.download}</button>`;
  const scenes = html`<button type="button" class="md-button" data-act="scenes">${L.scenes}</button>`;
  if (cur.broken) {
    return join(
      html`<section class="svod-broken" data-broken="${cur.rec.id}"><h3>${L.broken}: «${name}»</h3>`,
      html`<div class="svod-broken__why">${errorsHTML(cur.broken, lang)}</div><p>${L.brokenText}</p>`,
      html`<p class="svod-row"><button type="button" class="md-button md-button--primary" data-act="download-raw" data-id="${cur.rec.id}">${L.download}</button>`,
      scenes, html`</p></section>`);
  }
  if (!cur.checked) {
    // not checked yet (or the engine is down): named, and downloadable as it is kept
    const why = engine === "error" ? L.pythonFailed : engine === "ready" ? L.checking : L.python;
    return join(
      html`<section class="svod-pending" data-pending="${cur.rec.id}"><h3>${L.sceneNamed(name)}</h3><p>${why}</p><p class="svod-row">`,
      engine === "error" ? html`<button type="button" class="md-button md-button--primary" data-act="retry">${L.retry}</button>` : "",
      download, scenes, html`</p></section>`);
  }
  const sc = cur.scene;
  const off = canAct ? "" : html` disabled`;
  return join(
    html`<ul class="svod-cards">${sc.characters.map((c) => cardHTML(c, spec, lang, !canAct))}</ul>`,
    html`<div class="svod-scene__controls">`,
    html`<button type="button" class="md-button md-button--primary" data-act="add"${off}>+ ${L.addChar}</button>`,
    html`<button type="button" class="md-button" data-act="next_round"${off}>${L.nextRound}</button>`,
    html`<button type="button" class="md-button" data-act="end_scene"${off}>${L.endScene}</button>`,
    html`<button type="button" class="md-button" data-act="note"${off}>${L.note}</button>`,
    html`<button type="button" class="md-button" data-act="readings"${off}>${L.readings}</button>`,
    html`</div>`,
    logHTML(sc.log, logShown, lang));
}

/** No scene yet: what a scene is, and the new scene's form. */
export function emptyHTML(lang, newSceneForm) {
  const L = TEXT[lang];
  return join(html`<section class="svod-empty"><h3>${L.emptyTitle}</h3><p>${L.emptyText}</p>`, newSceneForm, html`</section>`);
}

function when(ms) {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return "—";
  const today = new Date().toDateString() === d.toDateString();
  const pad = (n) => String(n).padStart(2, "0");
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return today ? time : `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${time}`;
}

/** The scenes sheet's body: the scenes kept (the open one marked), a new one, those deleted this
 * week. ``records``: the store's, as they are; ``unreadable``: ids the engine could not read. */
export function scenesHTML(records, { curId, unreadable, lang, newSceneForm }) {
  const L = TEXT[lang];
  const live = records.filter((r) => !r.deletedAt).sort((a, b) => b.updated - a.updated);
  const gone = records.filter((r) => r.deletedAt).sort((a, b) => b.deletedAt - a.deletedAt);
  const row = (r) => {
    const s = summary(r);
    if (!s.broken && unreadable.has(r.id)) s.broken = "engine";
    const name = bdi(s.name || String(r.id));
    const meta = s.broken ? html`<span class="svod-bad">${L.broken}</span>`
      : [s.chars != null ? L.chars(s.chars) : "", s.entries != null ? L.entries(s.entries) : "", L.updated(when(s.updated))].filter(Boolean).join(" · ");
    const isCur = curId === r.id;
    return join(
      html`<li class="svod-scenes__item${isCur ? " svod-scenes__item--current" : ""}" data-id="${r.id}">`,
      html`<div class="svod-scenes__name">${name}${isCur ? html` <small>(${L.current})</small>` : ""}</div>`,
      html`<div class="svod-scenes__meta">${meta}</div><div class="svod-row">`,
      isCur ? "" : html`<button type="button" class="md-button md-button--primary" data-act="open-scene">${L.open}</button>`,
      html`<button type="button" class="md-button" data-act="${s.broken ? "download-raw" : "export"}" data-id="${r.id}">${s.broken ? L.download : L.export}</button>`,
      html`<button type="button" class="md-button svod-danger" data-act="ask-delete">${L.delete}</button></div>`,
      html`<div class="svod-scenes__confirm" hidden><p>${L.deleteAsk(name)}</p><div class="svod-row">`,
      html`<button type="button" class="md-button svod-danger" data-act="delete">${L.delete}</button>`,
      html`<button type="button" class="md-button" data-act="cancel-delete">${L.cancel}</button></div></div></li>`);
  };
  const restorable = (r) => join(
    html`<li class="svod-scenes__item" data-id="${r.id}"><div class="svod-scenes__name">${bdi(summary(r).name || String(r.id))}</div>`,
    html`<div class="svod-row"><button type="button" class="md-button" data-act="restore">${L.restore}</button></div></li>`);
  return join(
    html`<ul class="svod-scenes">${live.map(row)}</ul>`,
    html`<h3>${L.newScene}</h3>`, newSceneForm,
    gone.length ? html`<h3>${L.deletedList}</h3><ul class="svod-scenes">${gone.map(restorable)}</ul>` : "");
}
