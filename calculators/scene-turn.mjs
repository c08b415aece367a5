// Свод — the scene's bar, sticky under Material's header: which scene (it opens the scenes list),
// the round, «Отменить» and «Повторить»; under them the fight's turn: whose turn it is and
// «Следующий ход» («Следующий раунд» when the last turn of the round is on); «Бросить ничьи» while
// the order has ties the source breaks by a die.

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
      html`<button type="button" class="svod-scene__undo" data-act="undo" aria-label="${L.undoLabel}" title="${L.undoLabel}" disabled>↶ <span>${L.undo}</span></button>`,
      html`<button type="button" class="svod-scene__redo" data-act="redo" aria-label="${L.redoLabel}" title="${L.redoLabel}" disabled>↷ <span>${L.redo}</span></button>`,
      html`<div class="svod-scene__turn" hidden><span class="svod-scene__round"></span><p class="svod-scene__whose" aria-live="polite"></p>`,
      html`<button type="button" class="md-button md-button--primary svod-scene__next" data-act="next_turn">${L.nextTurn}</button></div>`,
      html`<button type="button" class="md-button svod-scene__ties" data-act="roll_ties" hidden>${L.rollTies}</button>`,
      html`</div>`);
  }

  constructor(root, L) {
    this.L = L;
    this.$title = root.querySelector(".svod-scene__title");
    this.$round = root.querySelector(".svod-scene__round");
    this.$undo = root.querySelector(".svod-scene__undo");
    this.$redo = root.querySelector(".svod-scene__redo");
    this.$turn = root.querySelector(".svod-scene__turn");
    this.$whose = root.querySelector(".svod-scene__whose");
    this.$next = root.querySelector(".svod-scene__next");
    this.$ties = root.querySelector(".svod-scene__ties");
    // the bar's height, for what scrolls under it (scene.css: scroll-padding-top, Material's «К началу»)
    this.$bar = root.querySelector(".svod-scene__bar");
    const measure = () => document.documentElement.style.setProperty("--svod-scene-bar", `${Math.ceil(this.$bar.getBoundingClientRect().height)}px`);
    measure();
    if (typeof ResizeObserver === "function") new ResizeObserver(measure).observe(this.$bar);
  }

  /** Scroll so that ``el`` is seen whole under the bar (or its top is, when it is taller than the room). */
  reveal(el) {
    const bar = this.$bar.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const top = Math.max(bar.bottom, 0) + 8;
    if (r.top < top) window.scrollBy(0, r.top - top);
    else if (r.bottom > window.innerHeight - 8) window.scrollBy(0, Math.min(r.bottom - window.innerHeight + 8, r.top - top));
  }

  /** The scene's title and round (null: no scene, or none checked yet), and its turn (scene-view.mjs
   * ``turnOf``: null when there is nobody to take a turn). */
  show(title, round, turn = null) {
    this.$title.innerHTML = bdi(title);
    this.$round.textContent = round == null ? "" : this.L.round(round);
    this.$turn.hidden = round == null;
    this.$whose.hidden = this.$next.hidden = !turn;
    this.$ties.hidden = !(turn && turn.ties);
    if (!turn) return;
    this.$whose.innerHTML = !turn.acting ? this.L.noTurn
      : turn.cannot ? this.L.actingCannot(bdi(turn.acting), turn.cannot) : this.L.acting(bdi(turn.acting));
    // (one who cannot act: his turn passes with one tap, said so)
    this.$next.textContent = turn.last ? this.L.nextRound : turn.cannot ? this.L.skipTurn : this.L.nextTurn;
    this.$next.dataset.last = turn.last ? "1" : "";
  }

  /** Whether «Отменить», «Повторить» and «Следующий ход» (and «Бросить ничьи») can act now. */
  canUndo(yes, redo = false, turn = yes) {
    this.$undo.disabled = !yes;
    this.$redo.disabled = !redo;
    this.$next.disabled = this.$ties.disabled = !turn;
  }
}
