// Свод — the scene's sheet: one modal <dialog> that holds whatever is being done (an action, a
// character's sheet, the readings, the scenes list, a card's menu): a bottom sheet on a phone, a
// dialog on a wide screen. Its form's errors are shown beside their fields (form.mjs).

import { html, join } from "./html.mjs";
import { placeErrors } from "./form.mjs";

/** What names a control across a redraw (the element itself may be drawn anew): its data-act,
 * the character it is for, its id, its first class. */
export function focusKey(el) {
  if (!el || !el.closest || el === document.body) return null;
  const card = el.closest(".svod-card");
  return { act: el.dataset.act || null, char: el.dataset.char || (card && card.dataset.char) || null, id: el.id || null,
    cls: el.classList[0] || null };
}

/** What every part of the page that fills the sheet has: the page, its language and words, the
 * sheet, and its form's state while this part has the sheet (the page's ``act``, else null). */
export class SheetPart {
  constructor(page) {
    this.page = page;
  }

  get lang() { return this.page.lang; }
  get L() { return this.page.L; }
  get sheet() { return this.page.sheet; }
  get act() { return this.page.act && this.page.act.owner === this ? this.page.act : null; }

  /** Errors beside the fields of this part's form. */
  errors(errors) {
    if (this.act) this.sheet.errors(this.act.form, errors, this.lang);
  }
}

export class Sheet {
  /** ``dialog``: the page's <dialog>; ``onClosed(opener)`` after it closed, ``opener`` the
   * focusKey of what had the focus when it opened (to give the focus back to, drawn anew). */
  constructor(dialog, { closeLabel, onClosed }) {
    this.dialog = dialog;
    this.closeLabel = closeLabel;
    this.kind = null;
    this.opener = null;
    dialog.addEventListener("close", () => {
      this.kind = null;
      dialog.innerHTML = "";
      onClosed(this.opener);
    });
    dialog.addEventListener("click", (e) => { if (e.target === dialog) this.close(); });
  }

  get open() { return this.dialog.open; }

  /** The sheet's element matching ``sel``. */
  $(sel) { return this.dialog.querySelector(sel); }

  get form() { return this.$("form"); }

  /** Show a sheet: its kind (the test hook data-kind), title, body and footer (HTML of html.mjs). */
  show(kind, title, body, footer, extraClass = "") {
    const d = this.dialog;
    if (!d.open) this.opener = focusKey(document.activeElement);
    this.kind = kind;
    d.className = `svod-sheet${extraClass ? ` ${extraClass}` : ""}`;
    d.dataset.kind = kind;
    delete d.dataset.done;
    delete d.dataset.action;
    delete d.dataset.preview;
    d.innerHTML = join(
      html`<form class="svod-sheet__form" method="dialog" novalidate autocomplete="off">`,
      html`<header class="svod-sheet__head"><h2 id="svod-sheet-title">${title}</h2>`,
      html`<button type="button" class="svod-sheet__close" data-act="close" aria-label="${this.closeLabel}">×</button></header>`,
      html`<div class="svod-sheet__body">${body}</div>`,
      footer ? html`<footer class="svod-sheet__foot">${footer}</footer>` : "",
      // there from the start, so that what is put into it later is read out (an action's result)
      html`<p class="svod-visually-hidden svod-announce" role="status" aria-live="polite"></p>`,
      html`</form>`);
    // Enter in a field does what the sheet's button does (handlers below), never closes the sheet
    this.form.addEventListener("submit", (e) => e.preventDefault());
    if (!d.open) d.showModal();
    this.$(".svod-sheet__body").scrollTop = 0;
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** Say ``text`` to a screen reader (the sheet's live region). */
  announce(text) {
    const el = this.$(".svod-announce");
    if (el) el.textContent = text;
  }

  /** Errors of the sheet's form ({field, ru, en}): beside their fields, the rest at its top. */
  errors(form, errors, lang) {
    placeErrors(form, errors, { lang, general: form.querySelector(".svod-sheet__errors") });
  }
}
