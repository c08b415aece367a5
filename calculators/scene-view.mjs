// Свод — what the scene page draws in its main part and its scenes list, as pure functions: the
// page's state in, HTML out (html.mjs escapes every value; names are isolated, <bdi>, so that a
// direction override in one cannot turn the page's own text around). A scene is drawn only once
// the engine has checked it; until then (or while the engine is down) it is named and offered as
// a file, and one the engine cannot read is told as such, kept and downloadable.

import { html, join } from "./html.mjs";
import { tr } from "./render.mjs";
import { cardHTML } from "./scene-cards.mjs";
import { logHTML } from "./scene-log.mjs";
import { summary } from "./scene-store.mjs";
import { TEXT } from "./scene-words.mjs";
import { WORDS } from "./party-words.mjs";
import { pickLang } from "./render.mjs";

/** The most characters of a name drawn: the longest name the engine takes (a scene's, 80). A longer
 * one (read from the device or a file, not yet refused) is cut, with its whole length said. */
export const NAME_SHOWN = 80;

/** What the stores found on opening (scene-store.mjs ``repairedDB``): a database without its tables
 * made whole, or of another version read as it is — said on the page, in its language. */
export function dbNotes(stores, lang) {
  const L = TEXT[lang];
  return join(stores.filter(([, s]) => s && s.repairedDB).map(([what, s]) => html`<p class="svod-dbnote" role="status">${
    s.repairedDB.kind === "stores" ? L.dbRepaired(L.dbOf[what]) : L.dbVersion(L.dbOf[what], s.repairedDB.version)}</p>`));
}

/** A name (a scene's, a character's) as the page shows it: isolated from the text around it, and cut
 * past NAME_SHOWN characters with its length said (``lang``: the page's, else the document's). */
export function bdi(name, lang = null) {
  const s = String(name ?? "");
  if (s.length <= NAME_SHOWN) return html`<bdi>${s}</bdi>`;
  const L = TEXT[lang || pickLang(globalThis.document && document.documentElement.lang)];
  return html`<bdi>${s.slice(0, NAME_SHOWN)}</bdi>${L.nameCut(s.length)}`;
}

/** The most refusals drawn in one list: the rest are counted («и ещё N»). */
export const ERRORS_SHOWN = 20;

/** The engine's errors ({field, ru, en}) as lines of HTML: the first ERRORS_SHOWN, then how many
 * more (a hostile file can hold thousands). */
export function errorsHTML(errors, lang) {
  const list = Array.isArray(errors) ? errors : [];
  const line = (e) => {
    const t = String((e && (e[lang] || e.ru || e.en)) || "?");
    return html`<p>${t.length > 4 * NAME_SHOWN ? `${t.slice(0, 4 * NAME_SHOWN)}…` : t}</p>`;
  };
  const rest = list.length - ERRORS_SHOWN;
  return join(list.slice(0, ERRORS_SHOWN).map(line), rest > 0 ? html`<p class="svod-more">${TEXT[lang].moreErrors(rest)}</p>` : "");
}

/** The page's state of a stored record ``rec``: its text (``text``: one this visit could not
 * store, else the record's), and, once the engine has answered loading it (``answer``; null: not
 * yet, or the engine is down), the scene it checked (``checked``) or why it cannot be read
 * (``broken``: errors). A record that holds no JSON text is unreadable without asking. */
export function curOf(rec, answer = null, text = null) {
  if (rec.faulty) return { rec, text: null, scene: null, checked: false, broken: rec.faulty }; // failed records.mjs's check
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

/** The characters in the order of turns (the engine's ``view.place``; those out of the fight, or
 * with no place, after the rest in the scene's own order). */
export function inOrder(characters) {
  const place = (c) => (c.view && Number.isFinite(c.view.place) && !c.view.out_of_fight ? c.view.place : Infinity);
  return characters.map((c, i) => [c, i]).sort(([a, i], [b, j]) => place(a) - place(b) || i - j).map(([c]) => c);
}

/** The order of turns starting with the one whose turn it is (the compact view: the acting one
 * first, then those after him, then those before). */
export function fromActing(characters) {
  const list = inOrder(characters);
  const i = list.findIndex((c) => c.view && c.view.acting);
  return i > 0 ? [...list.slice(i), ...list.slice(0, i)] : list;
}

/** With this many characters or more the compact view is the default (the reader's choice wins). */
export const COMPACT_FROM = 6;

/** Whether the scene is drawn compact: the reader's choice (true/false), else by its size. */
export function isCompact(choice, count) {
  return choice == null ? count >= COMPACT_FROM : !!choice;
}

/** The fight's turn as the bar shows it: whose turn it is (his name, or null: nobody's yet),
 * whether it is the round's last (then «Следующий ход» begins the next round) and whether the
 * order has ties still to roll; null when nobody in the scene can take a turn. */
export function turnOf(sc, lang = "ru") {
  const living = (sc.characters || []).filter((c) => c.view && !c.view.out_of_fight);
  if (!living.length) return null;
  const acting = living.find((c) => c.view.acting) || null;
  const left = living.filter((c) => !c.view.done && !c.view.acting);
  // ties the source breaks by a die, not yet broken (the engine's view.tied): «Бросить ничьи»
  const ties = living.some((c) => c.view.tied);
  // the one acting cannot act (Шок, «Стабилизирован» …): the bar says why, and his turn passes with «Следующий ход»
  const cannot = acting && acting.view.cannot_act ? tr(acting.view.cannot_act.why, lang) : null;
  // a death's-door roll still due: «Следующий ход» opens it first (the engine refuses the turn till then)
  const due = living.find((c) => c.view.roll_due) || null;
  return { acting: acting && acting.name, actingId: acting && acting.id, last: !!acting && !left.length, ties, cannot,
    due: due && due.id, left: left.length };
}

/** How many differences a scene that disagrees with its log lists (the rest counted). */
export const DIFFERENCES_SHOWN = 8;

/** The notice of a scene whose state disagrees with its log: where they differ (the engine's words:
 * «в сцене 2, по журналу 7»), and the choice of which to keep. */
export function inconsistentHTML(differences, lang) {
  const L = TEXT[lang];
  const list = Array.isArray(differences) ? differences : [];
  const shown = list.slice(0, DIFFERENCES_SHOWN).map((d) => html`<li dir="auto">${(d && (d[lang] || d.ru || d.en)) || "?"}</li>`);
  const rest = list.length - shown.length;
  return join(
    html`<div class="svod-reconcile"><p>${L.inconsistent}</p>`,
    shown.length ? html`<ul class="svod-reconcile__diff">${shown}${rest > 0 ? html`<li>${L.moreDiff(rest)}</li>` : ""}</ul>` : "",
    html`<p class="svod-row"><button type="button" class="md-button" data-act="reconcile" data-keep="log">${L.keepLog}</button>`,
    html`<button type="button" class="md-button" data-act="reconcile" data-keep="state">${L.keepState}</button></p></div>`);
}

/** The bar's title, round and turn for the scene open (``cur``: the page's, or null). */
export function barOf(cur, lang) {
  const L = TEXT[lang];
  if (!cur) return { title: L.scenes, round: null, turn: null };
  const sc = cur.checked ? cur.scene : null;
  return { title: (sc && sc.name) || summary(cur.rec).name || L.scene, round: sc ? sc.round : null, turn: sc ? turnOf(sc, lang) : null };
}

/** The main part for the scene open: ``view`` = {cur, spec, lang, canAct, logShown, engine}
 * (``engine``: the runtime's state, "ready", "loading", "error"…). */
export function mainHTML({ cur, spec, lang, canAct, logShown, engine, compact = null }) {
  const L = TEXT[lang];
  const sum = summary(cur.rec);
  const name = bdi(cur.rec.faulty ? L.faultyName : sum.name || String(cur.rec.id));
  const download = html`<button type="button" class="md-button" data-act="download-raw" data-id="${cur.rec.id}">${L.download}</button>`;
  const scenes = html`<button type="button" class="md-button" data-act="scenes">${L.scenes}</button>`;
  if (cur.broken) {
    // a record that failed the check: none of its values drawn; what a repair would change said first
    const repairs = cur.rec.faulty && cur.rec.repairs;
    return join(
      html`<section class="svod-broken" data-broken="${cur.rec.id}"><h3>${L.broken}: «${name}»</h3>`,
      html`<div class="svod-broken__why">${errorsHTML(cur.broken, lang)}</div><p>${cur.rec.faulty ? L.faultyText : L.brokenText}</p>`,
      repairs ? html`<div class="svod-broken__repair"><p>${L.repairAsk}</p><ul>${repairs.map((r) => html`<li>${r[lang]}</li>`)}</ul></div>` : "",
      html`<p class="svod-row">`,
      repairs ? html`<button type="button" class="md-button md-button--primary" data-act="repair" data-id="${cur.rec.id}">${L.repairNow}</button>` : "",
      html`<button type="button" class="md-button${repairs ? "" : " md-button--primary"}" data-act="download-raw" data-id="${cur.rec.id}">${L.download}</button>`,
      scenes, html`</p></section>`);
  }
  if (!cur.checked) {
    // not checked yet (or the engine is down): named, and downloadable as it is kept
    const why = engine === "error" ? L.pythonFailedUnchecked : engine === "ready" ? L.checking : L.python;
    return join(
      html`<section class="svod-pending" data-pending="${cur.rec.id}"><h3>${L.sceneNamed(name)}</h3><p>${why}</p><p class="svod-row">`,
      engine === "error" ? html`<button type="button" class="md-button md-button--primary" data-act="retry">${L.retry}</button>` : "",
      download, scenes, html`</p></section>`);
  }
  const sc = cur.scene;
  const off = canAct ? "" : html` disabled`;
  const small = isCompact(compact, sc.characters.length);
  const cards = small ? fromActing(sc.characters) : inOrder(sc.characters);
  return join(
    html`<ul class="svod-cards${small ? " svod-cards--compact" : ""}">${cards.map((c) => cardHTML(c, spec, lang, !canAct, small))}</ul>`,
    html`<div class="svod-scene__controls">`,
    sc.characters.length ? html`<button type="button" class="md-button svod-scene__compact" data-act="compact" aria-pressed="${small ? "true" : "false"}">${small ? L.full : L.compact}</button>` : "",
    html`<button type="button" class="md-button md-button--primary" data-act="add"${off}>+ ${L.addChar}</button>`,
    html`<button type="button" class="md-button" data-act="next_round"${off}>${L.nextRound}</button>`,
    html`<button type="button" class="md-button" data-act="end_scene"${off}>${L.endScene}</button>`,
    html`<button type="button" class="md-button" data-act="note"${off}>${L.note}</button>`,
    html`<button type="button" class="md-button" data-act="readings"${off}>${L.readings}</button>`,
    html`<button type="button" class="md-button" data-act="party-share"${off}>${WORDS[lang].showPlayers}</button>`,
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
    const name = bdi(r.faulty ? L.faultyName : s.name || String(r.id));
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
      html`<div class="svod-scenes__confirm" hidden><p>${r.faulty ? L.deleteFaultyAsk : L.deleteAsk(name)}</p><div class="svod-row">`,
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
