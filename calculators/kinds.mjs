// Свод — the calculator's form, drawn from its spec (rules_core/spec.py, Param.to_json): one
// table of parameter kinds says, for each kind, how its field is drawn, read from the form,
// written to the form, and carried in the URL. The build runs the drawing in Node to put every
// form into its page (calculators/build/render_forms.mjs); calc.mjs runs the same table in the
// browser. A kind the table does not know fails the build.
//
// Each kind: draw(p, value, path, prefix, lang) → HTML; read(p, path, form) and
// write(p, path, value, form) through calc.mjs's index of the form; encode(p, value) → the
// link's text; fromLink(p, text) → {value?, errors} (value: what to write into the form);
// fromJSON(p, value, path) → {value?, error?} for a field of a record in a link;
// refusals(p, value, path) → what of a value read from the form is no value (refused here, not
// sent); formValue(p, v) → v as the form reads it back; stored(p, value, path) → {value?, errors}
// for a value kept on the device (JSON, as the form read it): the spec's own reading of it,
// bounds included, so that a value the spec no longer takes is set aside, never applied.

import { esc, pickSummary, renderBlocks, renderSummary, tr, ui } from "./render.mjs";
import { applicable, applies } from "./when.mjs";

const attr = (s) => esc(s);

export function fieldId(prefix, path) {
  return `${prefix}-${String(path).replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

function helpHTML(id, parts) {
  const text = parts.filter(Boolean).join(". ");
  return text ? `<small class="svod-help" id="${id}-help">${esc(text)}</small>` : "";
}

function errHTML(id) {
  return `<p class="svod-err" id="${id}-err" role="alert" hidden></p>`;
}

// ---- reading values: one strict rule -----------------------------------------------------
// The form's text and a deep link are read by the engine's rule (rules_core/spec.py, "Reading
// input"): a value is what it says or it is refused beside its field; nothing is trimmed,
// rounded, replaced by a default or otherwise reinterpreted. Text that is no valid value is sent
// to the engine as it stands, which refuses it with its own message; what the form cannot even
// hold (a yes/no that is neither, an option that does not exist, a list too long to draw) is
// refused here, from the link, before anything is drawn.

const INT_TEXT = /^-?[0-9]+$/;

/** A whole number as typed: the ASCII digits 0-9, with a leading "-" for a negative one, or
 * the minus sign U+2212 (what the page itself writes) → that number. Anything else stays the
 * text it is, for the engine to refuse; so do digits beyond what a JavaScript number holds
 * exactly (the engine reads them exactly and checks the range). */
export function readInt(text) {
  if (typeof text !== "string") return text;
  const t = text.startsWith("\u2212") ? "-" + text.slice(1) : text;
  if (!INT_TEXT.test(t)) return text;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : t;
}

/** Whole numbers separated by commas (spaces beside a comma belong to the separator), each read
 * by readInt; "" is the empty list; an empty item ("1,,2", "1,") stays, to be refused. */
export function readIntList(text) {
  return text === "" ? [] : text.split(/\s*,\s*/).map(readInt);
}

/** A refusal {field, ru, en}, the engine's shape, in both languages: ``key`` names a text of
 * render.mjs's UI (of its ``link`` part for what a deep link says). */
export function refusal(field, key, ...args) {
  const say = (lang) => {
    const L = ui(lang);
    const m = key in L.link ? L.link[key] : L[key];
    return typeof m === "function" ? m(...args) : m;
  };
  return { field, ru: say("ru"), en: say("en") };
}

/** A whole number read from text that is none (readInt kept the text). */
function intRefusal(v, path) {
  if (typeof v !== "string") return [];
  // «3 4 5» in a list's field (an item's path ends in [i]): the numbers are there, the commas are not
  const spaced = /\[\d+\]$/.test(path) && /^\s*[+\-\u2212]?\d+(\s+[+\-\u2212]?\d+)+\s*$/.test(v);
  return [refusal(path, v === "" ? "intEmpty" : spaced ? "intSpaced" : "intText")];
}

/** A value of a link or a record quoted in a message: at most 40 characters. */
function shown(text) {
  const t = String(text);
  return t.length <= 40 ? t : t.slice(0, 39) + "…";
}

/** A scalar JSON value written as a message quotes it; anything else is not repeated. */
const quoted = (v) => (v === null || ["string", "number", "boolean"].includes(typeof v) ? shown(JSON.stringify(v)) : "…");

/** The list's length against the spec's bounds, or a refusal. */
function lengthRefusal(p, path, n) {
  if (p.max_len != null && n > p.max_len) return refusal(path, "many", n, p.max_len);
  if (p.min_len != null && n < p.min_len) return refusal(path, "few", n, p.min_len);
  return null;
}

/** A whole number kept on the device: a JSON integer within the spec's bounds. */
function storedInt(p, v, path) {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) return [refusal(path, "storedKind")];
  const low = p.min != null && v < p.min;
  if (!low && !(p.max != null && v > p.max)) return [];
  if (p.min != null && p.max != null) return [refusal(path, "storedRange", p.min, p.max)];
  return [low ? refusal(path, "storedMin", p.min) : refusal(path, "storedMax", p.max)];
}

/** The longest link value worth reading for a param (far above any valid one): anything longer
 * is refused unread. */
const INT_CHARS = 40;
function maxLinkChars(p) {
  if (p.kind === "int_list") return (p.max_len ?? 20) * (INT_CHARS + 4);
  if (p.kind === "record_list") {
    const perRecord = (p.fields || []).reduce((n, f) => n + f.name.length + 8 + (f.kind === "choice"
      ? 2 * Math.max(0, ...(f.options || []).map((o) => o.value.length)) : INT_CHARS), 8);
    return (p.max_len ?? 30) * perRecord + 8;
  }
  return INT_CHARS;
}

// ---- the kinds ----------------------------------------------------------------------------

/** Characters of a label, or of a help text, beyond which a field takes a whole row. */
const WIDE_LABEL = 26;
const WIDE_HELP = 48;
/** Letters of one word beyond which a label takes a whole row: half a phone's row holds about
 * 13 of its bold letters, and a word is never broken («Манипулирование»). */
const WIDE_WORD = 13;

/** The parts every scalar field has: its container, label, help and error line. */
function scalarField(p, path, prefix, lang, body, helpParts) {
  const id = fieldId(prefix, path);
  // a long label or help takes a whole row of the form (two short fields share one on a phone)
  const label = tr(p.label, lang);
  const wide = label.length > WIDE_LABEL || Math.max(...label.split(/[\s\-‐–—/]+/u).map((w) => w.length)) > WIDE_WORD ||
    helpParts.filter(Boolean).join(". ").length > WIDE_HELP;
  const open = `<div class="svod-field svod-field--${attr(p.kind)}${wide ? " svod-field--wide" : ""}" data-field="${attr(path)}" data-kind="${attr(p.kind)}">`;
  return open + body(id, esc(tr(p.label, lang)), `aria-describedby="${id}-help ${id}-err"`) +
    helpHTML(id, helpParts) + errHTML(id) + `</div>`;
}

/** A kind whose value is one form control (found by its name, the param's path). */
function scalar({ draw, get, set, encode = (v) => String(v), refusals = () => [], ...more }) {
  return {
    ...more,
    refusals,
    draw,
    read: (p, path, form) => {
      const el = form.input(path);
      return el ? get(el) : p.default;
    },
    write: (p, path, v, form) => {
      const el = form.input(path);
      if (el) set(el, v);
    },
    encode: (p, v) => encode(v),
    formValue: (p, v) => v,
  };
}

const rangeText = (p, L) => (p.min != null && p.max != null ? L.range(p.min, p.max) : "");

export const KINDS = {
  int: scalar({
    draw(p, value, path, prefix, lang) {
      const L = ui(lang);
      const lo = p.min != null ? ` min="${p.min}"` : "";
      const hi = p.max != null ? ` max="${p.max}"` : "";
      // A text field, not type="number": that one drops what it cannot parse as the user types
      // (the minus sign U+2212, "_") and turns "1_0" into 10 before anything can refuse it.
      // Digits on a phone's keyboard where no minus is needed; the full keyboard otherwise.
      const keys = p.min != null && p.min >= 0 ? "numeric" : "text";
      return scalarField(p, path, prefix, lang, (id, label, desc) =>
        `<label for="${id}">${label}</label>` +
        `<div class="svod-stepper">` +
        `<button type="button" class="svod-step" data-step="-1" aria-label="${attr(L.less)}: ${label}" tabindex="-1">−</button>` +
        `<input id="${id}" name="${attr(path)}" type="text" inputmode="${keys}" spellcheck="false"${lo}${hi} value="${attr(value ?? "")}" ${desc}>` +
        `<button type="button" class="svod-step" data-step="1" aria-label="${attr(L.more)}: ${label}" tabindex="-1">+</button>` +
        `</div>`, [rangeText(p, L), tr(p.help, lang)]);
    },
    get: (el) => readInt(el.value),
    refusals: (p, v, path) => intRefusal(v, path),
    set: (el, v) => { el.value = v == null ? "" : String(v); },
    /** The link's text goes into the field as it stands (the engine judges it), unless it is
     * too long to be a number at all. */
    fromLink(p, raw) {
      if (raw.length > INT_CHARS) return { errors: [refusal(p.name, "long", raw.length, INT_CHARS)] };
      return { value: raw, errors: [] };
    },
    fromJSON(p, v, path) {
      if (typeof v === "number" || typeof v === "string") return { value: String(v) };
      return { error: refusal(path, "jsonInt") };
    },
    stored: (p, v, path) => ({ value: v, errors: storedInt(p, v, path) }),
    /** The stepper's − / +: one step within min..max; from a field that holds no number, min (or 0). */
    step(el, by) {
      const cur = readInt(el.value);
      const lo = el.min === "" ? -Infinity : Number(el.min);
      const hi = el.max === "" ? Infinity : Number(el.max);
      el.value = String(typeof cur === "number" ? Math.min(hi, Math.max(lo, cur + by)) : (Number.isFinite(lo) ? lo : 0));
    },
  }),

  bool: scalar({
    draw(p, value, path, prefix, lang) {
      return scalarField(p, path, prefix, lang, (id, label, desc) =>
        `<label class="svod-check" for="${id}"><input id="${id}" name="${attr(path)}" type="checkbox"${value ? " checked" : ""} ${desc}> <span>${label}</span></label>`,
      [tr(p.help, lang)]);
    },
    get: (el) => el.checked,
    set: (el, v) => { el.checked = v === true; },
    encode: (v) => (v ? "1" : "0"),
    fromLink(p, raw) {
      if (raw === "1" || raw === "0") return { value: raw === "1", errors: [] };
      return { errors: [refusal(p.name, "bool", shown(raw))] };
    },
    fromJSON(p, v, path) {
      return typeof v === "boolean" ? { value: v } : { error: refusal(path, "jsonBool", quoted(v)) };
    },
    stored: (p, v, path) => ({ value: v, errors: typeof v === "boolean" ? [] : [refusal(path, "jsonBool", quoted(v))] }),
  }),

  choice: scalar({
    draw(p, value, path, prefix, lang) {
      const opts = (p.options || []).map((o) =>
        `<option value="${attr(o.value)}"${o.value === value ? " selected" : ""}>${esc(tr(o.label, lang))}</option>`).join("");
      return scalarField(p, path, prefix, lang, (id, label, desc) =>
        `<label for="${id}">${label}</label><select id="${id}" name="${attr(path)}" ${desc}>${opts}</select>`,
      [tr(p.help, lang)]);
    },
    get: (el) => el.value,
    set: (el, v) => { el.value = v == null ? "" : String(v); },
    fromLink(p, raw) {
      if ((p.options || []).some((o) => o.value === raw)) return { value: raw, errors: [] };
      return { errors: [refusal(p.name, "choice", shown(raw))] };
    },
    fromJSON(p, v, path) {
      if (typeof v === "string" && (p.options || []).some((o) => o.value === v)) return { value: v };
      return { error: refusal(path, "choice", typeof v === "string" ? shown(v) : quoted(v)) };
    },
    stored(p, v, path) {
      const ok = typeof v === "string" && (p.options || []).some((o) => o.value === v);
      return { value: v, errors: ok ? [] : [refusal(path, "choice", typeof v === "string" ? shown(v) : quoted(v))] };
    },
  }),

  int_list: scalar({
    draw(p, value, path, prefix, lang) {
      const L = ui(lang);
      const range = rangeText(p, L);
      const text = Array.isArray(value) ? value.join(", ") : value == null ? "" : String(value);
      return scalarField(p, path, prefix, lang, (id, label, desc) =>
        `<label for="${id}">${label}</label>` +
        `<input id="${id}" name="${attr(path)}" type="text" inputmode="text" value="${attr(text)}" placeholder="3, 4, 5" ${desc}>`,
      [L.listHint + (range ? ` (${range})` : ""), tr(p.help, lang)]);
    },
    get: (el) => readIntList(el.value),
    refusals: (p, v, path) => (Array.isArray(v) ? v.flatMap((x, i) => intRefusal(x, `${path}[${i}]`)) : []),
    set: (el, v) => { el.value = Array.isArray(v) ? v.join(", ") : String(v ?? ""); },
    encode: (v) => (Array.isArray(v) ? v.join(",") : String(v)),
    /** The length first (nothing longer than the spec allows goes into the field); the items
     * as the link writes them (the engine judges them), shown as "3, 4, 5" when all are numbers. */
    fromLink(p, raw) {
      const max = maxLinkChars(p);
      if (raw.length > max) return { errors: [refusal(p.name, "long", raw.length, max)] };
      const items = readIntList(raw);
      const long = lengthRefusal(p, p.name, items.length);
      if (long) return { errors: [long] };
      return { value: items.every((x) => typeof x === "number") ? items : raw, errors: [] };
    },
    fromJSON(p, v, path) {
      if (!Array.isArray(v) || !v.every((x) => typeof x === "number" || typeof x === "string")) {
        return { error: refusal(path, "jsonList") };
      }
      return { error: lengthRefusal(p, path, v.length), value: v.join(", ") };
    },
    stored(p, v, path) {
      if (!Array.isArray(v)) return { errors: [refusal(path, "storedKind")] };
      const long = lengthRefusal(p, path, v.length);
      if (long) return { errors: [long] };
      return { value: v, errors: v.flatMap((x, i) => storedInt(p, x, `${path}[${i}]`)) };
    },
  }),

  record_list: {
    draw(p, value, path, prefix, lang) {
      const L = ui(lang);
      const id = fieldId(prefix, path);
      const rows = (Array.isArray(value) ? value : []).map((r, i) => renderRecordRow(p, i, r, prefix, lang)).join("");
      // one tap adds a common entry («+ пиво»); «Добавить» repeats the last row
      const chips = (p.presets || []).map((pr, i) =>
        `<button type="button" class="svod-chip" data-preset="${i}">${esc(L.addPreset(tr(pr.label, lang)))}</button>`).join("");
      return `<fieldset class="svod-field svod-field--record_list" data-field="${attr(path)}" data-kind="record_list">` +
        `<legend>${esc(tr(p.label, lang))}</legend><div class="svod-records">${rows}</div>` +
        `<div class="svod-record__tools">${chips ? `<div class="svod-chips">${chips}</div>` : ""}<button type="button" class="svod-record__add">${esc(L.add)}</button></div>` +
        helpHTML(id, [tr(p.help, lang)]) + errHTML(id) + `</fieldset>`;
    },
    /** The records in the order of their rows; each field read by its kind. */
    read(p, path, form) {
      return form.rows(path).map((row) => {
        const i = row.dataset.index;
        const rec = {};
        for (const f of p.fields || []) rec[f.name] = kindOf(f).read(f, `${path}[${i}].${f.name}`, form);
        return rec;
      });
    },
    /** What the form holds that is no value (the text of a number that is none), every record's. */
    refusals(p, rows, path) {
      return (Array.isArray(rows) ? rows : []).flatMap((rec, i) =>
        (p.fields || []).flatMap((f) => kindOf(f).refusals(f, rec[f.name], `${path}[${i}].${f.name}`)));
    },
    /** The rows drawn afresh from the records. */
    write(p, path, rows, form) {
      const box = form.records(path);
      if (!box) return;
      box.innerHTML = (rows || []).map((r, i) => renderRecordRow(p, i, r, form.prefix, form.lang)).join("");
      form.redrawn();
    },
    encode: (p, v) => JSON.stringify(v),
    /** Checked before a row is drawn: the link's size, that it is a JSON list, its length; then
     * every record (an object of known fields) and every field by its kind. Every bad record
     * and field is reported; what the form cannot hold is drawn as the field's default and
     * refused beside it, so nothing is computed for it. */
    fromLink(p, raw) {
      const max = maxLinkChars(p);
      if (raw.length > max) return { errors: [refusal(p.name, "long", raw.length, max)] };
      let list;
      try { list = JSON.parse(raw); } catch { list = null; }
      if (!Array.isArray(list)) return { errors: [refusal(p.name, "json")] };
      const long = lengthRefusal(p, p.name, list.length);
      if (long) return { errors: [long] };
      const errors = [];
      const names = new Set((p.fields || []).map((f) => f.name));
      const rows = list.map((rec, i) => {
        const path = `${p.name}[${i}]`;
        if (!rec || typeof rec !== "object" || Array.isArray(rec)) {
          errors.push(refusal(path, "record"));
          return newRecord(p, null);
        }
        const unknown = Object.keys(rec).filter((k) => !names.has(k));
        if (unknown.length) errors.push(refusal(path, "fields", unknown.slice(0, 5).map(shown).join(", ")));
        const out = {};
        for (const f of p.fields || []) {
          // a field the record leaves out takes its default, as in the engine
          if (!Object.hasOwn(rec, f.name)) { out[f.name] = f.default; continue; }
          const r = kindOf(f).fromJSON(f, rec[f.name], `${path}.${f.name}`);
          if (r.error) errors.push(r.error);
          out[f.name] = r.error ? f.default : r.value;
        }
        return out;
      });
      return { value: rows, errors };
    },
    fromJSON: (p, v, path) => ({ error: refusal(path, "nested") }),
    /** Every record an object of known fields, each field by its kind's own stored reading (a
     * field a record leaves out takes its default, as in the engine). */
    stored(p, v, path) {
      if (!Array.isArray(v)) return { errors: [refusal(path, "storedKind")] };
      const long = lengthRefusal(p, path, v.length);
      if (long) return { errors: [long] };
      const names = new Set((p.fields || []).map((f) => f.name));
      const errors = [];
      const rows = v.map((rec, i) => {
        const at = `${path}[${i}]`;
        if (!rec || typeof rec !== "object" || Array.isArray(rec)) {
          errors.push(refusal(at, "record"));
          return null;
        }
        const unknown = Object.keys(rec).filter((k) => !names.has(k));
        if (unknown.length) errors.push(refusal(at, "fields", unknown.slice(0, 5).map(shown).join(", ")));
        for (const f of p.fields || []) {
          if (Object.hasOwn(rec, f.name)) errors.push(...kindOf(f).stored(f, rec[f.name], `${at}.${f.name}`).errors);
        }
        return newRecord(p, rec);
      });
      return errors.length ? { errors } : { value: rows, errors };
    },
    /** The records as the form reads them back: every field, in order. */
    formValue(p, v) {
      if (!Array.isArray(v)) return v;
      return v.map((r) => newRecord(p, r));
    },
  },
};

/** A param's kind from the table; an unknown kind is an error (a spec the page cannot draw). */
export function kindOf(p) {
  const k = Object.hasOwn(KINDS, p.kind) ? KINDS[p.kind] : null;
  if (!k) throw new Error(`calculator param ${p.name}: unknown kind ${JSON.stringify(p.kind)}`);
  return k;
}

/** A record with every field of the record_list param p: from rec where it has it, else the
 * field's default. */
export function newRecord(p, rec) {
  return Object.fromEntries((p.fields || []).map((f) => [f.name, rec && f.name in rec ? rec[f.name] : f.default]));
}

// ---- drawing ----------------------------------------------------------------------------

/** The names of a param list whose ``when`` holds under these values (when.mjs): the fields
 * shown. A condition reads only parameters that apply and hold a valid value (by their kind's
 * stored reading; ``kind``: a param's kind, kindOf here, form.mjs's for the scene's fields too),
 * as in the engine (spec.shown_names); a field's own bad value does not hide it (its error is
 * shown beside it). */
export function applying(params, values, kind = kindOf) {
  const byName = new Map(params.map((p) => [p.name, p]));
  const valid = (name) => {
    const p = byName.get(name);
    return !kind(p).stored(p, values[name], name).errors.length;
  };
  const live = applicable(params, values, valid);
  return new Set(params.filter((p) => applies(p.when, values, (name) => live.has(name))).map((p) => p.name));
}

/** One record of a record_list param: its number, its fields (those that apply to it; the others
 * drawn hidden, keeping their values) and a «remove» button. */
export function renderRecordRow(p, i, rec, prefix, lang) {
  const L = ui(lang);
  const path = `${p.name}[${i}]`;
  const full = newRecord(p, rec);
  const live = applying(p.fields || [], full);
  const inner = (p.fields || []).map((f) =>
    hide(kindOf(f).draw(f, full[f.name], `${path}.${f.name}`, prefix, lang), !live.has(f.name))).join("");
  return `<div class="svod-record" data-field="${attr(path)}" data-index="${i}">` +
    `<span class="svod-record__n" aria-hidden="true">${i + 1}</span><div class="svod-record__fields">${inner}</div>` +
    `<button type="button" class="svod-record__remove" aria-label="${attr(L.remove)}: ${esc(L.row)} ${i + 1}" title="${attr(L.remove)}">×</button>` +
    errHTML(fieldId(prefix, path)) + `</div>`;
}

/** A field's HTML drawn hidden (its ``when`` is false): the first tag gets ``hidden``. */
function hide(html, hidden) {
  return hidden ? html.replace(/^<(div|fieldset) /, "<$1 hidden ") : html;
}

export function renderParam(p, value, prefix, lang) {
  return kindOf(p).draw(p, value, p.name, prefix, lang);
}

/** The groups of a form in the order drawn: the main fields, then two folds. */
export const FOLDS = [["details", "foldDetails"], ["readings", "foldReadings"]];

/** The whole calculator as it stands in the page before Python arrives: the main fields, the
 * folds «Подробнее» and «Толкования источника», the summary bar (sticky at phone width; beside
 * the form, with the result, at desktop width), the result, the next steps and the rolls. */
export function renderCalculator(spec, lang, opts = {}) {
  const L = ui(lang);
  const prefix = opts.prefix || `svod-${spec.id}`;
  const values = Object.fromEntries(spec.params.map((p) => [p.name, p.name in (opts.values || {}) ? opts.values[p.name] : p.default]));
  const live = applying(spec.params, values);
  const field = (p) => hide(renderParam(p, values[p.name], prefix, lang), !live.has(p.name));
  const group = (g) => spec.params.filter((p) => (p.group || "main") === g).map(field).join("");
  const folds = FOLDS.map(([g, label]) => {
    const inner = group(g);
    return inner ? `<details class="svod-calc__fold" data-group="${g}"><summary><span>${esc(L[label])}` +
      `<span class="svod-calc__changed"></span></span></summary><div class="svod-calc__fields">${inner}</div></details>` : "";
  }).join("");
  const desc = spec.description ? `<p class="svod-calc__desc">${esc(tr(spec.description, lang))}</p>` : "";
  const roll = spec.can_roll
    ? `<button type="button" class="md-button md-button--primary svod-calc__roll" disabled>${esc(L.roll)}</button>` : "";
  // opts.blocks: the defaults' result (its display blocks, or the whole result)
  const result = Array.isArray(opts.blocks) ? { display: opts.blocks } : opts.blocks || null;
  const summary = result ? (result.summary && result.summary.length ? result.summary : pickSummary(summaryKeys(spec, result.display), result.display)) : [];
  // The spec travels with the form, in an attribute (Material's instant navigation re-creates
  // <script> elements of a new page and would run a JSON one as JavaScript).
  return `<section class="svod-calc" data-calc="${attr(spec.id)}" data-prefix="${attr(prefix)}" data-state="loading" ` +
    `data-spec="${attr(JSON.stringify(spec))}" aria-labelledby="${prefix}-title">` +
    `<p class="svod-calc__title" id="${prefix}-title"><span class="svod-calc__badge">${esc(L.calculator)}</span> ${esc(tr(spec.title, lang))}</p>` +
    desc +
    `<div class="svod-calc__body">` +
    `<form class="svod-calc__form" novalidate autocomplete="off"><div class="svod-calc__fields">${group("main")}</div>${folds}` +
    `<div class="svod-calc__formtools"><button type="button" class="svod-calc__reset">${esc(L.reset)}</button>` +
    `<a class="svod-calc__scene" data-svod-scene-link hidden>${lang === "en" ? "Scene" : "Сцена"}</a></div></form>` + // the scene page (calc.mjs sets its href)
    `<div class="svod-calc__out">` +
    // The summary bar: the figures the calculator exists for (a live region), «Бросить» beside
    // them, Python's loading status (a line along the bar's edge; its words are read out, and
    // shown only if it fails: nothing moves when Python is ready), the last roll under them.
    `<div class="svod-calc__bar">` +
    `<div class="svod-calc__summary" role="status" aria-live="polite" aria-atomic="true" aria-label="${attr(L.summary)}">${summary.length ? renderSummary(summary, lang) : ""}</div>` +
    `<div class="svod-calc__actions">${roll}` +
    `<div class="svod-calc__status" role="status"><span class="svod-calc__status-text">${esc(L.loading)}</span>` +
    `<progress class="svod-calc__progress" max="100" value="0" aria-hidden="true"></progress></div></div>` +
    // the last roll: a live region always there (a hidden one is not announced when shown),
    // empty and taking no room until a roll
    `<div class="svod-calc__lastroll" role="status" aria-live="polite" aria-atomic="true"></div></div>` +
    `<div class="svod-calc__aside" role="alert" hidden></div>` +
    `<div class="svod-calc__errors" role="alert" hidden></div>` +
    // the next calculator, filled: right under the figures it follows from, not past the charts
    `<div class="svod-calc__next"></div>` +
    // The defaults' results, computed at build time by the same rules_core: shown at once,
    // replaced by the live ones (and dimmed if the inputs differ before Python is ready).
    `<div class="svod-calc__result"${result ? ' data-prebuilt="1"' : ""}>${result ? renderBlocks(result.display, lang) : ""}</div>` +
    `<div class="svod-calc__tools"><label class="svod-check svod-calc__exact-label"><input type="checkbox" class="svod-calc__exact"> <span>${esc(L.exact)}</span></label></div>` +
    `<div class="svod-calc__rolled"></div>` +
    `</div></div></section>`;
}

/** The keys of the summary: the spec's, or (a spec that declares none) its first figure. */
export function summaryKeys(spec, blocks) {
  if (spec.summary && spec.summary.length) return spec.summary;
  const fig = (blocks || []).find((b) => b && b.kind === "figures" && (b.items || []).length);
  return fig ? [fig.items[0].key] : [];
}
