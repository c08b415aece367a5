// Свод — what a calculator keeps on the device (localStorage: its values, the values set aside, its
// rolls), each record kind read by its one schema before anything of it is used or drawn. What a
// schema refuses is kept as it is and told, never dropped and never handed to the renderers
// (render.mjs draws only what passed). Pure functions of the stored text: calc.mjs reads and writes
// the storage, tests/js/calc_memory.mjs runs these in Node.
//
// The records:
//   values   {"values": {NAME: VALUE}}: each value by its kind's stored reading (kinds.mjs), a
//            name renamed since (renamed.mjs) read under its new names;
//   aside    [{"name": str, "value": any, "errors": [{"field", "ru", "en"}]}]: the values the
//            spec did not take, with why;
//   rolls    [{"t", "seed", "display", "changed"}]: the history, newest first; ``display`` the
//            engine's blocks of rules_core/spec.py (its module docstring), each kind's schema below.

import { SHOWN_ERRORS as SHOWN } from "./form.mjs";
import { kindOf, refusal } from "./kinds.mjs";
import { esc, tr, ui } from "./render.mjs";
import { renamedIn } from "./renamed.mjs";

/** The roll history keeps the last so many rolls (and so many it cannot read after them). */
export const HISTORY_LENGTH = 20;

// ---- the display blocks: rules_core/spec.py's shapes, bounded ---------------------------------------

/** Far above anything the engine writes (its longest list is a few dozen items, its longest text a
 * few hundred characters), low enough that no planted record can stall the page drawing it. */
const LIST_MAX = 500;
const TEXT_MAX = 2000;

const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const keysIn = (o, allowed) => Object.keys(o).every((k) => allowed.includes(k));
const str = (v) => typeof v === "string" && v.length <= TEXT_MAX;
const list = (v, each) => Array.isArray(v) && v.length <= LIST_MAX && v.every(each);
/** ``T``: {"ru", "en"} (either may be left out), or a plain string. */
const text = (v) => str(v) || (isObj(v) && Object.keys(v).length > 0 && keysIn(v, ["ru", "en"]) &&
  Object.values(v).every(str));
/** ``P`` (prob) or frac's number: the exact fraction (its terms may run to a hundred digits) and its
 * float. */
const FRACTION = /^-?\d+\/\d+$/;
const prob = (v) => isObj(v) && keysIn(v, ["exact", "float", "kind"]) && str(v.exact) && FRACTION.test(v.exact) && Number.isFinite(v.float) && (v.kind === undefined || v.kind === "number");
/** ``V``: a probability or number object, a number, a text, yes/no, nothing; or a list of those. */
const scalar = (v) => v === null || typeof v === "boolean" || Number.isFinite(v) || text(v) || prob(v);
const value = (v) => scalar(v) || list(v, scalar);
const key = (v) => v === undefined || (str(v) && v.length <= 80);
/** A die's mark: a word of the engine's ("success", "one", "explode", "lv", …) or none. */
const MARK = /^[a-z_]{0,24}$/;

/** Each block kind render.mjs draws: whether a block is one of its shape. */
export const BLOCKS = {
  figures: (b) => keysIn(b, ["kind", "items"]) && list(b.items, (it) =>
    isObj(it) && keysIn(it, ["key", "label", "value"]) && key(it.key) && text(it.label) && value(it.value)),
  distribution: (b) => keysIn(b, ["kind", "key", "title", "x_label", "rows"]) && key(b.key) && text(b.title) &&
    text(b.x_label) && list(b.rows, (r) => isObj(r) && keysIn(r, ["x", "p", "p_at_least"]) && scalar(r.x) &&
      prob(r.p) && (r.p_at_least == null || prob(r.p_at_least))),
  table: (b) => keysIn(b, ["kind", "title", "columns", "rows"]) && (b.title == null || text(b.title)) &&
    list(b.columns, text) && list(b.rows, (r) => list(r, value)),
  note: (b) => keysIn(b, ["kind", "level", "text"]) && (b.level === undefined || b.level === "info" ||
    b.level === "warning") && text(b.text),
  dice: (b) => keysIn(b, ["kind", "label", "sides", "faces", "marks"]) && text(b.label) &&
    (b.sides == null || (Number.isSafeInteger(b.sides) && b.sides > 0)) && list(b.faces, Number.isSafeInteger) &&
    (b.marks === undefined || (list(b.marks, (m) => typeof m === "string" && MARK.test(m)) && b.marks.length === b.faces.length)),
};

/** Whether ``b`` is a display block of a kind render.mjs draws, of that kind's shape. */
export const isBlock = (b) => isObj(b) && typeof b.kind === "string" && Object.hasOwn(BLOCKS, b.kind) && BLOCKS[b.kind](b);

// ---- the roll history ----------------------------------------------------------------------------

/** A roll as calc.mjs keeps it: {t (a moment a Date holds), seed (its digits, or null), display
 * (blocks), changed ([{label, value}]: the values that differed from the defaults)}. */
export const isRoll = (e) => isObj(e) && keysIn(e, ["t", "seed", "display", "changed"]) && Number.isFinite(e.t) &&
  Math.abs(e.t) <= 8.64e15 && (e.seed == null || (typeof e.seed === "string" && /^-?\d{1,40}$/.test(e.seed))) &&
  list(e.display, isBlock) &&
  (e.changed === undefined || list(e.changed, (c) => isObj(c) && keysIn(c, ["label", "value"]) && text(c.label) && value(c.value)));

/** The history as kept (``got``: loadJSON's {value} or {text}, or null): the rolls this page reads
 * (newest first, at most HISTORY_LENGTH), and what it cannot read (another version's entries, a
 * damaged list), kept beside them, never dropped. */
export function readHistory(got) {
  if (!got) return { rolls: [], unread: [] };
  if (!("value" in got) || !Array.isArray(got.value)) return { rolls: [], unread: ["value" in got ? got.value : got.text] };
  const rolls = [];
  const unread = [];
  for (const e of got.value) (isRoll(e) ? rolls : unread).push(e);
  return { rolls: rolls.slice(0, HISTORY_LENGTH), unread };
}

/** The history with ``entry`` at its head: the last HISTORY_LENGTH rolls, and whatever could not be
 * read kept after them, all of it. */
export function withRoll(got, entry) {
  const { rolls, unread } = readHistory(got);
  return [entry, ...rolls].slice(0, HISTORY_LENGTH).concat(unread);
}

// ---- the values kept, and those set aside -----------------------------------------------------------

/** A refusal as the aside keeps it, bounded. */
const isError = (x) => isObj(x) && ["field", "ru", "en"].every((k) => typeof x[k] === "string" && x[k].length <= 1000);
/** One value set aside: its name, the value as it was kept, why it was set aside. */
export const isAside = (e) => isObj(e) && keysIn(e, ["name", "value", "errors"]) && typeof e.name === "string" &&
  e.name.length <= 1000 && Object.hasOwn(e, "value") && Array.isArray(e.errors) && e.errors.length <= 50 && e.errors.every(isError);

/** The aside as kept → its entries, each as the page draws it: one of another shape (or a whole
 * record that is no list) is drawn as a value of another kind, and stays in the storage as it is. */
export function readAside(got) {
  if (!got) return [];
  const other = (v) => ({ name: "", value: v, errors: [refusal("", "storedKind")] });
  if (!("value" in got)) return [other(got.text)];
  if (!Array.isArray(got.value)) return [other(got.value)];
  return got.value.map((e) => (isAside(e) ? e : other(e)));
}

/** What the aside keeps once ``added`` joins it: what it held, as it was (a record that is no list
 * kept as one entry of it), then the new entries. */
export function asideWith(got, added) {
  const old = !got ? [] : !("value" in got) ? [{ name: "", value: got.text, errors: [refusal("", "storedKind")] }]
    : Array.isArray(got.value) ? got.value : [{ name: "", value: got.value, errors: [refusal("", "storedKind")] }];
  return [...old, ...added];
}

/** The kept values (``got``: loadJSON's answer) read against the calculator's ``spec``: the
 * values its params take (an old name read under its new ones, renamed.mjs) and the rest, to be
 * set aside with why. */
export function readKept(got, spec) {
  if (!got) return { values: {}, aside: [] };
  const kept = "value" in got && isObj(got.value) && isObj(got.value.values) ? got.value.values : null;
  if (!kept) return { values: {}, aside: [{ name: "", value: got.text ?? got.value, errors: [refusal("", "storedKind")] }] };
  const byName = new Map(spec.params.map((p) => [p.name, p]));
  const values = {};
  const aside = [];
  const entries = Object.entries(kept);
  for (const [name, v] of entries) {
    const p = byName.get(name);
    if (p) {
      const r = kindOf(p).stored(p, v, name);
      if (r.errors.length) aside.push({ name, value: v, errors: r.errors });
      else values[name] = r.value;
      continue;
    }
    const rn = renamedIn(spec, name);
    if (!rn) {
      aside.push({ name, value: v, errors: [refusal(name, "storedUnknown")] });
      continue;
    }
    const r = rn.fromStored(v);
    const twice = rn.to.filter((n) => Object.hasOwn(kept, n));
    if (r.errors.length || twice.length) {
      aside.push({ name, value: v, errors: twice.length ? [refusal(name, "storedRenamedTwice", rn.to.join(", "))] : r.errors });
    } else Object.assign(values, r.value);
  }
  return { values, aside };
}

// ---- drawing ------------------------------------------------------------------------------------

/** A list of lines drawn at most SHOWN_ERRORS long (form.mjs, as the refusals): the first ones,
 * then «и ещё N». */
export function boundedLines(lines, lang, more = (n) => ui(lang).andMore(n)) {
  if (lines.length <= SHOWN) return lines;
  return [...lines.slice(0, SHOWN), more(lines.length - SHOWN)];
}

/** A kept value quoted: its JSON (a text as it is), cut to ``max`` characters with its length said. */
export function quoteKept(v, lang, max = 80) {
  let s;
  try { s = typeof v === "string" ? v : JSON.stringify(v); } catch { s = String(v); }
  s = String(s);
  return s.length <= max ? s : `${s.slice(0, max - 1)}… (${ui(lang).chars(s.length)})`;
}

/** The set-aside values as the calculator's box says them (``spec``: the names' labels; ``unsaved``:
 * entries that could not be written aside, kept among the values). */
export function asideHTML(entries, unsaved, spec, lang) {
  const L = ui(lang);
  const byName = new Map(spec.params.map((p) => [p.name, p]));
  const label = (name) => {
    const base = byName.get(String(name).replace(/[.[].*$/, ""));
    const shown = base ? tr(base.label, lang) + String(name).slice(base.name.length) : String(name);
    return quoteKept(shown, lang, 60);
  };
  const line = (e) => {
    const why = e.errors.map((x) => quoteKept(x[lang] || x.ru, lang, 200)).join(" ");
    return `<li>${esc(e.name ? label(e.name) : "—")}: <code>${esc(quoteKept(e.value, lang))}</code> — ${esc(why)}</li>`;
  };
  const more = (n) => `<li class="svod-calc__aside-more">${esc(L.andMore(n))}</li>`;
  const parts = [];
  if (entries.length) {
    parts.push(`<p>${esc(L.aside)}</p><ul>${boundedLines(entries.map(line), lang, more).join("")}</ul>`);
  }
  if (unsaved.length) {
    parts.push(`<p class="svod-calc__aside-unsaved">${esc(L.asideUnsaved)}</p><ul>${boundedLines(unsaved.map(line), lang, more).join("")}</ul>`);
  }
  if (!parts.length) return "";
  return parts.join("") + (entries.length ? `<button type="button" class="svod-calc__aside-forget">${esc(L.asideForget)}</button>` : "");
}
