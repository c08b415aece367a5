// Свод — the scene's sheet: one modal <dialog> that holds whatever is being done (an action, a
// character's sheet, the readings, the scenes list, a card's menu): a bottom sheet on a phone, a
// dialog on a wide screen. Its form's errors are shown beside their fields (form.mjs).

import { html, join } from "./html.mjs";
import { placeErrors } from "./form.mjs";

export class Sheet {
  /** ``dialog``: the page's <dialog>; ``onClosed()`` after it closed. */
  constructor(dialog, { closeLabel, onClosed }) {
    this.dialog = dialog;
    this.closeLabel = closeLabel;
    this.kind = null;
    dialog.addEventListener("close", () => {
      this.kind = null;
      dialog.innerHTML = "";
      onClosed();
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
      html`</form>`);
    // Enter in a field does what the sheet's button does (handlers below), never closes the sheet
    this.form.addEventListener("submit", (e) => e.preventDefault());
    if (!d.open) d.showModal();
    this.$(".svod-sheet__body").scrollTop = 0;
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** Errors of the sheet's form ({field, ru, en}): beside their fields, the rest at its top. */
  errors(form, errors, lang) {
    placeErrors(form, errors, { lang, general: form.querySelector(".svod-sheet__errors") });
  }
}
