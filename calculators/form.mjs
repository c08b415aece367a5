// Свод — a form on the page, for the calculators (calc.mjs) and the scene's sheets (scene-sheet.mjs)
// alike: its fields drawn, read and written by their kinds (kinds.mjs, the calculators' params,
// and the scene's own kinds below), which of them apply (one rule, the engine's), and errors
// shown beside the fields they name.
//
// The scene's own kinds (a character of the scene, a text, a list of tags, a choice that may be
// none) are kinds like the calculators': draw, read, refusals (what the form refuses itself:
// nothing, for these; the engine judges them) and stored (whether a value is valid, which is
// what a ``when`` condition may read).

import { html, raw } from "./html.mjs";
import { applying, fieldId, kindOf } from "./kinds.mjs";
import { tr, ui } from "./render.mjs";

// ---- the form's controls ----------------------------------------------------------------------

/** A form's controls by name, gathered once for a whole read or write (one query per field
 * would make a long list quadratic), and its records' rows. ``view``: {form, prefix, lang}. */
export class FormIndex {
  constructor(view) {
    this.form = view.form;
    this.prefix = view.prefix;
    this.lang = view.lang;
    this.byName = null;
  }

  input(path) {
    if (!this.byName) {
      this.byName = new Map();
      for (const el of this.form.elements) if (el.name) this.byName.set(el.name, el);
    }
    return this.byName.get(path) || null;
  }

  records(path) {
    return this.form.querySelector(`[data-field="${CSS.escape(path)}"] > .svod-records`);
  }

  rows(path) {
    const box = this.records(path);
    return box ? [...box.children].filter((el) => el.classList.contains("svod-record")) : [];
  }

  /** Rows were drawn afresh: the controls are gathered again when next asked for. */
  redrawn() {
    this.byName = null;
  }
}

// ---- the scene's own kinds ----------------------------------------------------------------------

const WORDS = { ru: { tagsHint: "через запятую", none: "—" }, en: { tagsHint: "separated by commas", none: "—" } };

/** At most so many refusals are drawn in one place (a field's line, the general box); the rest are
 * counted (a link of 7,000 unknown parameters is 20 lines and «…и ещё 6980»). */
export const SHOWN_ERRORS = 20;

/** A comma-separated list of short texts (tags). */
export const readTags = (text) => String(text).split(",").map((x) => x.trim()).filter(Boolean);

/** A field's frame: its label's target, help and error line (the scene's sheets' layout). */
function frame(kind, p, path, prefix, lang, control, helpParts) {
  const id = fieldId(prefix, path);
  const help = helpParts.filter(Boolean).join(". ");
  return html`<div class="svod-field svod-field--${kind}" data-field="${path}"><label for="${id}">${tr(p.label, lang)}</label>${control(id)}${
    help && html`<small class="svod-help" id="${id}-help">${help}</small>`}<p class="svod-err" id="${id}-err" role="alert" hidden></p></div>`;
}

const valueOf = (form, path) => (form.input(path) || {}).value;
const isText = (v) => typeof v === "string";

const SCENE_KINDS = {
  text: {
    draw: (p, value, path, prefix, lang, extra = {}) => frame("text", p, path, prefix, lang, (id) =>
      html`<input id="${id}" name="${path}" type="text"${p.max_len ? html` maxlength="${p.max_len}"` : ""} value="${value ?? ""}" placeholder="${extra.placeholder || ""}" aria-describedby="${id}-help ${id}-err" dir="auto">`,
    [tr(p.help, lang)]),
    read: (p, path, form) => valueOf(form, path) ?? "",
    stored: (p, v) => ({ value: v, errors: isText(v) ? [] : [{ field: p.name }] }),
  },
  text_list: {
    draw: (p, value, path, prefix, lang) => frame("text_list", p, path, prefix, lang, (id) =>
      html`<input id="${id}" name="${path}" type="text" value="${Array.isArray(value) ? value.join(", ") : ""}" aria-describedby="${id}-help ${id}-err" dir="auto">`,
    [WORDS[lang].tagsHint, tr(p.help, lang)]),
    read: (p, path, form) => readTags(valueOf(form, path) ?? ""),
    stored: (p, v) => ({ value: v, errors: Array.isArray(v) && v.every(isText) ? [] : [{ field: p.name }] }),
  },
  // a character who may be left out (``nullable``) has the empty choice first, named by the field
  // (``none_label``: «сам» for who puts out a fire) or «—»: "" in the form, null read
  character: {
    draw: (p, value, path, prefix, lang, extra = {}) => frame("character", p, path, prefix, lang, (id) =>
      html`<select id="${id}" name="${path}">${p.nullable
        ? html`<option value=""${value == null && html` selected`}>${tr(p.none_label, lang) || WORDS[lang].none}</option>` : ""}${(extra.characters || []).map((c) =>
        html`<option value="${c.id}" dir="auto"${c.id === value && html` selected`}>${c.name}</option>`)}</select>`, [tr(p.help, lang)]),
    read: (p, path, form) => {
      const v = valueOf(form, path) ?? null;
      return v === "" ? null : v;
    },
    stored: (p, v) => ({ value: v, errors: (isText(v) && v) || (p.nullable && v === null) ? [] : [{ field: p.name }] }),
  },
  /** A choice that may be none (``nullable``, or a default of null): "" in the form. */
  optional_choice: {
    draw(p, value, path, prefix, lang) {
      const none = p.options && p.options.some((o) => o.value === "") ? [] : [{ value: "", label: WORDS[lang].none }];
      const sel = value == null ? "" : value;
      return frame("choice", p, path, prefix, lang, (id) =>
        html`<select id="${id}" name="${path}">${none.concat(p.options || []).map((o) =>
          html`<option value="${o.value}"${o.value === sel && html` selected`}>${tr(o.label, lang)}</option>`)}</select>`,
      [tr(p.help, lang)]);
    },
    read: (p, path, form) => {
      const v = valueOf(form, path) ?? "";
      return v === "" ? null : v;
    },
    stored: (p, v) => ({ value: v, errors: v === null || (p.options || []).some((o) => o.value === v) ? [] : [{ field: p.name }] }),
  },
};

const isOptionalChoice = (p) => p.kind === "choice" && (p.nullable || p.default === null);

/** A field's kind: the scene's own, or the calculators' (kinds.mjs; an unknown one throws). */
export function fieldKind(p) {
  if (isOptionalChoice(p)) return SCENE_KINDS.optional_choice;
  if (Object.hasOwn(SCENE_KINDS, p.kind) && p.kind !== "optional_choice") return SCENE_KINDS[p.kind];
  return kindOf(p);
}

/** Whether the page can draw a field of this kind at all (a sheet draws the others itself). */
export function drawable(p) {
  try { fieldKind(p); return true; } catch { return false; }
}

/** A field drawn (``extra``: what a kind needs besides, e.g. the scene's characters), as HTML
 * for html.mjs (kinds.mjs's fields escape what they put in with the same helper). */
export function drawField(p, value, path, prefix, lang, extra = {}) {
  return raw(fieldKind(p).draw(p, value, path, prefix, lang, extra));
}

/** A field's value as the form holds it. */
export function readField(p, path, form) {
  return fieldKind(p).read(p, path, form);
}

/** What of a value read from the form is no value (refused by the page, not sent). */
export function fieldRefusals(p, value, path) {
  const k = fieldKind(p);
  return k.refusals ? k.refusals(p, value, path) : [];
}

/** The names of ``params`` that apply under ``values`` (a name left out takes its default) — the
 * one rule of every form of the site (kinds.mjs ``applying``, with the scene's kinds too), the
 * engine's (spec.shown_names): a condition holds reading only the fields that apply with a valid
 * value; a field's own bad value does not hide it. */
export function liveNames(params, values) {
  const full = Object.fromEntries(params.map((p) => [p.name, Object.hasOwn(values, p.name) ? values[p.name] : p.default]));
  return applying(params, full, fieldKind);
}

// ---- errors beside their fields ----------------------------------------------------------------

/** The field an error's path names, or the nearest field that contains it, among those in sight
 * (a record's field → its row → its list; a hidden field's error goes to what holds it, or to
 * the general box). */
export function fieldFor(root, path) {
  let p = String(path ?? "");
  while (p) {
    const el = root.querySelector(`[data-field="${CSS.escape(p)}"]`);
    if (el && !el.hidden && !el.closest("[hidden]")) return el;
    const m = p.match(/^(.*)\.[^.[\]]+$/) || p.match(/^(.*)\[\d+\]$/);
    if (!m) break;
    p = m[1];
  }
  return null;
}

/** Clear the errors shown in ``root`` (and its general box). */
export function clearErrors(root, general) {
  root.querySelectorAll(".svod-err").forEach((el) => { el.hidden = true; el.textContent = ""; });
  root.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  if (general) {
    general.hidden = true;
    general.textContent = "";
  }
}

/** Show ``errors`` ({field, ru, en}) in ``root``: each beside the field its path names (an item
 * of a list says which: ``itemLabel(n)``), its control marked invalid and the fold holding it
 * opened; the rest in ``general``, each line prefixed by ``label(path)`` when that says
 * something. At most SHOWN_ERRORS in one place, then how many more. Earlier errors are cleared
 * first. */
export function placeErrors(root, errors, { lang, general, label = () => "", itemLabel = null }) {
  clearErrors(root, general);
  const counts = new Map();
  /** Whether one more error goes to ``place`` in full (the rest are counted there). */
  const room = (place) => {
    const n = (counts.get(place) || 0) + 1;
    counts.set(place, n);
    return n <= SHOWN_ERRORS;
  };
  for (const e of errors || []) {
    let msg = e[lang] || e.ru || e.en || "?";
    const path = String(e.field ?? "");
    const field = fieldFor(root, path);
    const box = field && field.querySelector(":scope > .svod-err");
    if (box) {
      if (!room(box)) continue;
      const item = itemLabel && /^\[(\d+)\]$/.exec(path.slice(field.dataset.field.length));
      if (item) msg = `${itemLabel(Number(item[1]) + 1)}: ${msg}`;
      box.textContent = box.textContent ? `${box.textContent} ${msg}` : msg;
      box.hidden = false;
      const inp = field.querySelector(":scope > input, :scope > select, :scope > .svod-stepper > input, :scope > label > input");
      if (inp) inp.setAttribute("aria-invalid", "true");
      const fold = field.closest("details");
      if (fold) fold.open = true; // an error is seen beside its field, not behind a fold
    } else if (general) {
      if (!room(general)) continue;
      const line = document.createElement("p");
      const name = label(path);
      line.textContent = name ? `${name}: ${msg}` : msg;
      general.append(line);
      general.hidden = false;
    }
  }
  for (const [place, n] of counts) {
    if (n <= SHOWN_ERRORS) continue;
    const more = ui(lang).andMore(n - SHOWN_ERRORS);
    if (place === general) {
      const line = document.createElement("p");
      line.className = "svod-errors__more";
      line.textContent = more;
      general.append(line);
    } else place.textContent = `${place.textContent} ${more}`;
  }
}
