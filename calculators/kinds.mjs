// Свод — the calculator's form, drawn from its spec (rules_core/spec.py, Param.to_json): one
// table of parameter kinds says, for each kind, how its field is drawn, read from the form,
// written to the form, and carried in the URL. The build runs the drawing in Node to put every
// form into its page (calculators/build/render_forms.mjs); calc.mjs runs the same table in the
// browser. A kind the table does not know fails the build.

import { esc, renderBlocks, tr, ui } from "./render.mjs";

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

// ---- reading values ---------------------------------------------------------------------

function intish(s) {
  if (typeof s !== "string") return s;
  const t = s.trim().replace(/^[−–]/, "-");
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

function intList(s) {
  if (Array.isArray(s)) return s;
  const t = String(s ?? "").trim();
  return t ? t.split(/[\s,;]+/).filter(Boolean).map(intish) : [];
}

// ---- the kinds ----------------------------------------------------------------------------

/** The parts every scalar field has: its container, label, help and error line. */
function scalarField(p, path, prefix, lang, body, helpParts) {
  const id = fieldId(prefix, path);
  const open = `<div class="svod-field svod-field--${attr(p.kind)}" data-field="${attr(path)}" data-kind="${attr(p.kind)}">`;
  return open + body(id, esc(tr(p.label, lang)), `aria-describedby="${id}-help ${id}-err"`) +
    helpHTML(id, helpParts) + errHTML(id) + `</div>`;
}

/** A kind whose value is one form control (found by its name, the param's path). */
function scalar({ draw, get, set, encode = (v) => String(v), decode = (raw) => raw, ...more }) {
  return {
    ...more,
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
    decode: (p, raw) => decode(raw),
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
      return scalarField(p, path, prefix, lang, (id, label, desc) =>
        `<label for="${id}">${label}</label>` +
        `<div class="svod-stepper">` +
        `<button type="button" class="svod-step" data-step="-1" aria-label="${attr(L.less)}: ${label}" tabindex="-1">−</button>` +
        `<input id="${id}" name="${attr(path)}" type="number" inputmode="numeric" step="1"${lo}${hi} value="${attr(value ?? "")}" ${desc}>` +
        `<button type="button" class="svod-step" data-step="1" aria-label="${attr(L.more)}: ${label}" tabindex="-1">+</button>` +
        `</div>`, [rangeText(p, L), tr(p.help, lang)]);
    },
    get: (el) => intish(el.value),
    set: (el, v) => { el.value = v == null ? "" : String(v); },
    decode: intish,
    /** The stepper's − / +: one step within min..max; from a field that holds no number, min (or 0). */
    step(el, by) {
      const cur = intish(el.value);
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
    set: (el, v) => { el.checked = !!v; },
    encode: (v) => (v ? "1" : "0"),
    decode: (raw) => ["1", "true", "yes", "да", "on"].includes(raw.toLowerCase()),
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
    get: (el) => intList(el.value),
    set: (el, v) => { el.value = Array.isArray(v) ? v.join(", ") : String(v ?? ""); },
    encode: (v) => (Array.isArray(v) ? v.join(",") : String(v)),
    decode: intList,
  }),

  record_list: {
    draw(p, value, path, prefix, lang) {
      const L = ui(lang);
      const id = fieldId(prefix, path);
      const rows = (Array.isArray(value) ? value : []).map((r, i) => renderRecordRow(p, i, r, prefix, lang)).join("");
      return `<fieldset class="svod-field svod-field--record_list" data-field="${attr(path)}" data-kind="record_list">` +
        `<legend>${esc(tr(p.label, lang))}</legend><div class="svod-records">${rows}</div>` +
        `<button type="button" class="svod-record__add">${esc(L.add)}</button>` +
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
    /** The rows drawn afresh from the records. */
    write(p, path, rows, form) {
      const box = form.records(path);
      if (!box) return;
      box.innerHTML = (rows || []).map((r, i) => renderRecordRow(p, i, r, form.prefix, form.lang)).join("");
      form.redrawn();
    },
    encode: (p, v) => JSON.stringify(v),
    decode(p, raw) {
      try {
        const v = JSON.parse(raw);
        return Array.isArray(v) ? v : undefined;
      } catch { return undefined; }
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

/** One record of a record_list param: its fields and a «remove» button. */
export function renderRecordRow(p, i, rec, prefix, lang) {
  const L = ui(lang);
  const path = `${p.name}[${i}]`;
  const inner = (p.fields || []).map((f) =>
    kindOf(f).draw(f, rec && f.name in rec ? rec[f.name] : f.default, `${path}.${f.name}`, prefix, lang)).join("");
  return `<div class="svod-record" data-field="${attr(path)}" data-index="${i}">` +
    `<span class="svod-record__n">${esc(L.row)} ${i + 1}</span>${inner}` +
    `<button type="button" class="svod-record__remove" aria-label="${attr(L.remove)}: ${esc(L.row)} ${i + 1}">${esc(L.remove)}</button>` +
    errHTML(fieldId(prefix, path)) + `</div>`;
}

export function renderParam(p, value, prefix, lang) {
  return kindOf(p).draw(p, value, p.name, prefix, lang);
}

/** The whole calculator as it stands in the page before Python arrives. */
export function renderCalculator(spec, lang, opts = {}) {
  const L = ui(lang);
  const prefix = opts.prefix || `svod-${spec.id}`;
  const values = opts.values || {};
  const fields = spec.params.map((p) => renderParam(p, p.name in values ? values[p.name] : p.default, prefix, lang)).join("");
  const desc = spec.description ? `<p class="svod-calc__desc">${esc(tr(spec.description, lang))}</p>` : "";
  const roll = spec.can_roll
    ? `<button type="button" class="md-button md-button--primary svod-calc__roll" disabled>${esc(L.roll)}</button>` : "";
  // The spec travels with the form, in an attribute (Material's instant navigation re-creates
  // <script> elements of a new page and would run a JSON one as JavaScript).
  return `<section class="svod-calc" data-calc="${attr(spec.id)}" data-prefix="${attr(prefix)}" data-state="loading" ` +
    `data-spec="${attr(JSON.stringify(spec))}" aria-labelledby="${prefix}-title">` +
    `<p class="svod-calc__title" id="${prefix}-title"><span class="svod-calc__badge">${esc(L.calculator)}</span> ${esc(tr(spec.title, lang))}</p>` +
    desc +
    `<form class="svod-calc__form" novalidate autocomplete="off">${fields}</form>` +
    `<div class="svod-calc__errors" role="alert" hidden></div>` +
    // The defaults' results, computed at build time by the same rules_core: shown at once,
    // replaced by the live ones (and dimmed if the inputs differ before Python is ready).
    `<div class="svod-calc__result" aria-live="polite"${opts.blocks ? ' data-prebuilt="1"' : ""}>` +
    `${opts.blocks ? renderBlocks(opts.blocks, lang) : ""}</div>` +
    `<div class="svod-calc__actions">${roll}` +
    `<label class="svod-check svod-calc__exact-label"><input type="checkbox" class="svod-calc__exact"> <span>${esc(L.exact)}</span></label>` +
    `<button type="button" class="svod-calc__reset">${esc(L.reset)}</button>` +
    // Python's loading status, in the row of the buttons that wait for it: it takes no line of
    // its own, so nothing moves when it is hidden (Lighthouse CLS) and no empty band is left.
    `<div class="svod-calc__status" role="status"><span class="svod-calc__status-text">${esc(L.loading)}</span>` +
    `<progress class="svod-calc__progress" max="100" value="0" aria-hidden="true"></progress></div></div>` +
    `<div class="svod-calc__rolled" aria-live="polite"></div>` +
    `</section>`;
}
