// Свод — HTML written by the page's own code: every value put into it, in text or in an
// attribute, is escaped by the one helper (render.mjs ``esc``), whatever it is and wherever it
// came from (the engine, the device's storage, a file, a link). Only HTML made by ``html`` itself,
// or by the site's own renderers and handed over with ``raw`` (render.mjs's blocks, kinds.mjs's
// fields: they escape what they put in with the same ``esc``), goes in as it is.
//
//   el.innerHTML = html`<li data-n="${entry.n}">${name}</li>`;
//
// A value that is a list goes in item by item; null, undefined and false go in as nothing.

import { esc } from "./render.mjs";

/** HTML the page made (its text is safe to put into the page as it is). */
export class SafeHTML {
  constructor(text) { this.text = text; }
  toString() { return this.text; }
}

/** HTML from the site's own renderers, taken as it is (never a value read from outside). */
export const raw = (text) => (text instanceof SafeHTML ? text : new SafeHTML(String(text ?? "")));

function part(v) {
  if (v instanceof SafeHTML) return v.text;
  if (Array.isArray(v)) return v.map(part).join("");
  if (v == null || v === false) return "";
  return esc(v);
}

/** The template's HTML with every value escaped (see the module's comment). */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1];
  return new SafeHTML(out);
}

/** Pieces one after another, as one piece of HTML (``+`` would make a plain string of them, which
 * the next template would escape). */
export const join = (...parts) => html`${parts}`;
