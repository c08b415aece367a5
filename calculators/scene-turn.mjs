// Свод — the scene's bar, sticky under Material's header: which scene (it opens the scenes list),
// the round, «Отменить». The place where the fight's turn (whose turn, «Следующий ход») goes.

import { html, join } from "./html.mjs";
import { bdi } from "./scene-view.mjs";

export class TurnBar {
  /** The bar's HTML (the page's frame puts it first). */
  static frame(L) {
    return join(
      html`<div class="svod-scene__bar">`,
      // the scene's name is the heading of everything under it (its cards and log are h3)
      html`<h2 class="svod-scene__heading"><button type="button" class="svod-scene__name" data-act="scenes" aria-haspopup="dialog">`,
      html`<span class="svod-scene__title">${L.scenes}</span><span aria-hidden="true"> ▾</span></button></h2>`,
      html`<span class="svod-scene__round"></span>`,
      html`<button type="button" class="svod-scene__undo" data-act="undo" aria-label="${L.undoLabel}" title="${L.undoLabel}" disabled>↶ <span>${L.undo}</span></button>`,
      html`</div>`);
  }

  constructor(root, L) {
    this.L = L;
    this.$title = root.querySelector(".svod-scene__title");
    this.$round = root.querySelector(".svod-scene__round");
    this.$undo = root.querySelector(".svod-scene__undo");
  }

  /** The scene's title and round (null: no scene, or none checked yet). */
  show(title, round) {
    this.$title.innerHTML = bdi(title);
    this.$round.textContent = round == null ? "" : this.L.round(round);
  }

  /** Whether «Отменить» can act now. */
  canUndo(yes) {
    this.$undo.disabled = !yes;
  }
}
