// Свод — the players' view («вид игрока», table/#v1.…) and the «для стола» mode (table/#live), one
// drawing for both: the engine's view of a scene (rules_core.scene.table: turn order, whose turn,
// wound levels, statuses; opponents' numbers only when the Storyteller shows them).
// * A link's fragment is untrusted: decoded within its bounds (table-link.mjs), checked by the engine
//   (check_table), drawn escaped (html.mjs); anything else gives a clear message — nothing is run and
//   nothing is stored. Only «В мою партию» (the reader's tap) stores: his own character, asked first
//   when his party has that name.
// * «Для стола»: the scene open on this device, drawn large, redrawn when it changes (the scenes'
//   channel), the screen kept on where the browser can (Screen Wake Lock).
//
// Test hooks: .svod-players[data-state] (loading/ready/refused), window.svodTable.

import { html, join } from "./html.mjs";
import { pickLang, tr } from "./render.mjs";
import { WORDS } from "./party-words.mjs";
import { changeParty } from "./party-store.mjs";
import { engine } from "./scene-engine.mjs";
import { ask, partyCSS } from "./scene-same.mjs";
import { SceneStore } from "./scene-store.mjs";
import { bdi, errorsHTML } from "./scene-view.mjs";
import { decodeView, LinkError, MAX_FRAGMENT, MAX_VIEW_CHARS } from "./table-link.mjs";

/** The view as HTML (pure: the engine's checked view in, escaped HTML out). */
export function viewHTML(view, lang, { big = false } = {}) {
  const W = WORDS[lang];
  const acting = view.characters.filter((c) => c.acting);
  const line = (c, i) => join(
    html`<li class="svod-players__row${c.acting ? " svod-players__row--acting" : ""}${c.out ? " svod-players__row--out" : ""}" data-side="${c.side}">`,
    html`<span class="svod-players__place">${c.place === null ? "—" : String(c.place)}</span>`,
    html`<span class="svod-players__who"><bdi class="svod-players__name">${c.name}</bdi> <small>${c.side === "party" ? W.sideParty : W.sideOpponents}${c.acting ? html` · <b>${W.acting}</b>` : ""}${c.done ? html` · ${W.done}` : ""}${c.out ? html` · ${W.out}` : ""}</small>`,
    html`<span class="svod-players__wound">${tr(c.wound, lang)}</span>`,
    c.statuses.length ? html`<span class="svod-players__statuses">${c.statuses.map((s) => tr(s, lang)).join(", ")}</span>` : "",
    c.numbers && !big ? html`<span class="svod-players__numbers">${c.numbers.map((n) => `${tr(n.label, lang)}: ${tr(n.value, lang)}`).join(" · ")}</span>` : "",
    c.sheet && !big ? html`<button type="button" class="md-button" data-act="take" data-index="${String(i)}">${W.takeMine}</button>` : "",
    html`</span></li>`);
  return join(
    html`<h2 class="svod-players__title"><bdi>${view.name || W.untitled}</bdi> · ${W.round(view.round)}</h2>`,
    html`<p class="svod-players__now">${acting.length ? html`${W.nowActing} ${acting.map((c, i) => (i ? html`, ${bdi(c.name)}` : bdi(c.name)))}` : W.nobodyActing}</p>`,
    html`<ol class="svod-players__list">`, view.characters.map(line), html`</ol>`,
    view.shown || big ? "" : html`<p class="svod-help">${W.numbersHidden}</p>`);
}

const REFUSALS = {
  too_long: (W, d) => W.linkTooLong(d, MAX_FRAGMENT),
  not_ours: (W) => W.linkNotOurs,
  corrupt: (W) => W.linkCorrupt,
  too_big: (W) => W.linkTooBig(MAX_VIEW_CHARS),
  no_inflate: (W) => W.linkNoInflate,
};

class TablePage {
  constructor(root) {
    this.root = root;
    this.lang = pickLang(document.documentElement.lang);
    this.W = WORDS[this.lang];
    this.view = null;
    this.lock = null;
  }

  async start() {
    partyCSS();
    this.root.innerHTML = join(html`<p class="svod-players__status" role="status" aria-live="polite">${this.W.loadingView}</p>`,
      html`<div class="svod-players__main"></div><div class="svod-err" role="alert" hidden></div>`,
      html`<div class="svod-toast" role="status" aria-live="polite" hidden></div>`);
    this.$status = this.root.querySelector(".svod-players__status");
    this.$main = this.root.querySelector(".svod-players__main");
    this.$err = this.root.querySelector(".svod-err");
    this.root.addEventListener("click", (e) => this.onClick(e));
    addEventListener("hashchange", () => this.show());
    await this.show();
  }

  refuse(content) {
    this.view = null;
    this.$main.innerHTML = "";
    this.$status.textContent = this.W.viewRefused;
    this.$err.innerHTML = content;
    this.$err.hidden = false;
    this.root.dataset.state = "refused";
  }

  async show() {
    const hash = location.hash.replace(/^#/, "");
    this.$err.hidden = true;
    this.root.dataset.state = "loading";
    if (hash === "live") { await this.live(); return; }
    this.root.classList.remove("svod-players--big");
    if (!hash) { this.refuse(html`<p>${this.W.noView}</p>`); return; }
    let text;
    try {
      text = await decodeView(hash);
    } catch (e) {
      const why = e instanceof LinkError ? REFUSALS[e.code](this.W, e.detail) : this.W.linkCorrupt;
      this.refuse(html`<p>${why}</p>`);
      return;
    }
    const res = await engine({ cmd: "check_table", view: text }).catch(() => null);
    if (!res) { this.refuse(html`<p>${this.W.engineDown}</p>`); return; }
    if (!res.ok) { this.refuse(join(html`<p>${this.W.linkRefusedByEngine}</p>`, errorsHTML(res.errors, this.lang))); return; }
    this.draw(res.result.view, false);
  }

  draw(view, big) {
    this.view = view;
    this.$main.innerHTML = viewHTML(view, this.lang, { big });
    this.$status.textContent = big ? this.wakeText() : this.W.viewOfPlayers;
    this.root.dataset.state = "ready";
  }

  // ---- «для стола» ----
  async live() {
    this.root.classList.add("svod-players--big");
    if (!this.scenes) {
      this.scenes = await SceneStore.open();
      this.scenes.onChange(() => { if (location.hash === "#live") this.liveDraw(); });
      document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && location.hash === "#live") this.wake(); });
    }
    await this.wake();
    await this.liveDraw();
    // the phone lies in the middle of the table: the order of turns at the top of its screen, not
    // the page's title and its introduction
    this.root.scrollIntoView({ block: "start" });
  }

  async liveDraw() {
    const id = await this.scenes.getMeta("current").catch(() => null);
    const rec = id ? await this.scenes.get(id) : null;
    if (!rec || rec.deletedAt || typeof rec.text !== "string") { this.refuse(html`<p>${this.W.noScene}</p>`); return; }
    const res = await engine({ cmd: "table", scene: rec.text, sheets: false }).catch(() => null);
    if (!res) { this.refuse(html`<p>${this.W.engineDown}</p>`); return; }
    if (!res.ok) { this.refuse(errorsHTML(res.errors, this.lang)); return; }
    this.$err.hidden = true;
    this.draw(res.result.view, true);
  }

  async wake() {
    if (!("wakeLock" in navigator)) { this.lockState = "absent"; return; }
    try {
      this.lock = await navigator.wakeLock.request("screen");
      this.lockState = "on";
      this.lock.addEventListener("release", () => { this.lockState = "off"; });
    } catch { this.lockState = "refused"; }
  }

  wakeText() {
    const W = this.W;
    return this.lockState === "on" ? W.wakeOn : this.lockState === "absent" ? W.wakeAbsent : W.wakeRefused;
  }

  toast(message) {
    const t = this.root.querySelector(".svod-toast");
    t.innerHTML = html`<span dir="auto">${message}</span>`;
    t.hidden = false;
    setTimeout(() => { t.hidden = true; }, 6000);
  }

  async onClick(e) {
    const el = e.target.closest("[data-act=take]");
    if (!el || !this.view) return;
    const c = this.view.characters[Number(el.dataset.index)];
    if (!c || !c.sheet) return;
    const W = this.W;
    const box = this.$err;
    let res = await changeParty({ do: "add", member: c.sheet }).catch((err) => ({ ok: false, errors: [{ field: "", ru: String(err), en: String(err) }] }));
    if (res.ok && res.result.conflict) {
      const choice = await ask(box, W.sameMember(bdi(res.result.conflict.name)), [["replace", W.replace], ["keep_both", W.keepBothMember], ["cancel", W.cancel]]);
      if (choice === "cancel") return;
      res = await changeParty({ do: "add", member: c.sheet, same_name: choice });
    }
    if (!res.ok) { box.innerHTML = errorsHTML(res.errors, this.lang); box.hidden = false; return; }
    this.toast(W.savedToParty(bdi(c.name)));
  }
}

/** Attach the page in this (new) document: site.mjs calls it on every page change. */
export function attach(doc = document) {
  const root = doc.querySelector(".svod-players:not([data-attached])");
  if (!root) return null;
  root.dataset.attached = "1";
  const app = new TablePage(root);
  globalThis.svodTable = app;
  app.start().catch((err) => { console.error("svod: table", err); root.dataset.state = "error"; });
  return app;
}
