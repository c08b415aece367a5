// Свод — the Storyteller's scene page («Сцена»): the fight's characters, every action computed by
// rules_core.scene in the site's one Pyodide worker (engine.mjs), logged with its dice, kept on
// the device (scene-store.mjs). This module is the page that wires its parts:
//   scene-turn.mjs      the bar (which scene, the round, «Отменить»)
//   scene-cards.mjs     the characters' cards          scene-log.mjs     the log
//   scene-sheet.mjs     the sheet (one <dialog>)       scene-action.mjs  an action in its sheet
//   scene-character.mjs a character's sheet, the readings
//   scene-list.mjs      the scenes on this device, a new one, one from a file
//   scene-engine.mjs    the requests to the engine     scene-words.mjs   the words
//
// The scene travels as the engine's own JSON text (``reply: "text"``): stored as it is, exported
// as it is, sent back as it is (the engine then does not check it again). Everything the page
// shows is the engine's: each character's ``view``, each action's preview (the exact odds) and
// event, the log's lines; the page only draws them and reads the reader's input by the
// calculators' kinds (form.mjs), by the same strict rule.
//
// Test hooks: the root's data-state (loading/ready/busy/broken/empty), window.svodScene (the page).

import { onRuntime, rt, startRuntime } from "./engine.mjs";
import { html, join } from "./html.mjs";
import { pickLang, tr } from "./render.mjs";
import { ActionSheet, ROLE_OF } from "./scene-action.mjs";
import { cardHTML } from "./scene-cards.mjs";
import { CharacterSheet, ReadingsSheet } from "./scene-character.mjs";
import { engine, sceneSpec } from "./scene-engine.mjs";
import { download, errorsHTML, fileName, SceneList } from "./scene-list.mjs";
import { LOG_PAGE, logHTML } from "./scene-log.mjs";
import { Sheet } from "./scene-sheet.mjs";
import { SceneStore, StaleError, summary } from "./scene-store.mjs";
import { TurnBar } from "./scene-turn.mjs";
import { TEXT } from "./scene-words.mjs";

export { calculatorURL } from "./scene-action.mjs";

const HERE = new URL("./", import.meta.url);
const langOf = () => pickLang(document.documentElement.lang);

let storePromise = null;
function theStore() {
  if (!storePromise) {
    storePromise = SceneStore.open().then(async (s) => {
      try { await s.purge(); } catch { /* next time */ }
      return s;
    });
  }
  return storePromise;
}

class ScenePage {
  constructor(root) {
    this.root = root;
    this.lang = langOf();
    this.L = TEXT[this.lang];
    this.spec = null;
    this.store = null;
    this.records = [];
    this.cur = null; // {rec, text, scene, checked, broken: errors|null}
    this.queue = Promise.resolve();
    this.busy = 0;
    this.logShown = LOG_PAGE;
    this.act = null; // the open sheet's form and its state (a test hook: act.preview)
    this.unsaved = false;
    this.persisted = null;
    /** Scenes the engine could not read this visit (the list says so beside them). */
    this.unreadable = new Set();
    this.actions = new ActionSheet(this);
    this.characters = new CharacterSheet(this);
    this.readings = new ReadingsSheet(this);
    this.list = new SceneList(this);
  }

  // ---- the frame ----
  async start() {
    const L = this.L;
    this.root.innerHTML = join(
      TurnBar.frame(L),
      html`<p class="svod-scene__status" role="status" aria-live="polite">${L.loading}</p>`,
      html`<div class="svod-scene__notice" role="alert" hidden></div>`,
      html`<div class="svod-scene__main"></div>`,
      html`<dialog class="svod-sheet" aria-labelledby="svod-sheet-title"></dialog>`,
      html`<div class="svod-toast" role="status" aria-live="polite" hidden></div>`);
    this.$status = this.root.querySelector(".svod-scene__status");
    this.$notice = this.root.querySelector(".svod-scene__notice");
    this.$main = this.root.querySelector(".svod-scene__main");
    this.bar = new TurnBar(this.root, L);
    this.sheet = new Sheet(this.root.querySelector(".svod-sheet"), { closeLabel: L.close, onClosed: () => { this.act = null; } });
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.dataset.state = "loading";
    onRuntime((r, was) => { if (r.state !== was) this.showStatus(); });

    this.store = await theStore();
    this.store.onChange((m) => this.onOtherTab(m));
    this.specReady = sceneSpec().then((s) => { this.spec = s; return s; });
    this.specReady.catch(() => this.showStatus());
    await this.reloadRecords();
    const want = await this.store.getMeta("current").catch(() => null);
    const live = this.records.filter((r) => !r.deletedAt);
    const pick = live.find((r) => r.id === want) || this.latest();
    if (pick) await this.open(pick.id);
    else this.renderEmpty();
    try { this.persisted = navigator.storage && navigator.storage.persisted ? await navigator.storage.persisted() : null; } catch { /* unknown */ }
    this.showStatus();
  }

  async reloadRecords() {
    this.records = await this.store.all();
  }

  /** The scene changed last, of those not deleted. */
  latest() {
    return this.records.filter((r) => !r.deletedAt).sort((a, b) => b.updated - a.updated)[0] || null;
  }

  // ---- status ----
  showStatus(text) {
    const L = this.L;
    let line = text;
    if (!line) {
      if (rt.state === "error") line = L.pythonFailed;
      else if (this.busy) line = L.busy(this.busyWhat || "");
      else if (this.cur && !this.cur.checked && !this.cur.broken) line = rt.state === "ready" ? L.checking : L.python;
      else if (this.unsaved) line = L.unsaved;
      else if (this.cur && !this.cur.broken) line = this.persisted ? L.savedPersist : L.saved;
      else line = "";
    }
    this.$status.textContent = line;
    this.$status.classList.toggle("svod-scene__status--busy", !!this.busy);
    if (rt.state === "error" && !this.$status.querySelector("button")) {
      this.$status.insertAdjacentHTML("beforeend", html` <button type="button" class="md-button" data-act="retry">${L.retry}</button>`);
    }
    const notes = [];
    if (this.store && !this.store.persistent) notes.push(html`<p>${L.memoryOnly(this.store.failure || "—")}</p>`);
    if (this.noticeHTML) notes.push(this.noticeHTML);
    this.$notice.innerHTML = join(notes);
    this.$notice.hidden = !notes.length;
    const ready = this.canAct();
    this.bar.canUndo(ready && !!this.cur && !!this.cur.scene && this.cur.scene.log.length > 0);
    this.root.dataset.state = this.busy ? "busy" : !this.cur ? (this.records.some((r) => !r.deletedAt) ? "loading" : "empty")
      : this.cur.broken ? "broken" : this.cur.checked ? "ready" : "loading";
  }

  canAct() {
    return !!(this.cur && this.cur.checked && !this.cur.broken && this.spec && rt.state !== "error");
  }

  /** A passing note at the foot of the screen (text, or html.mjs's HTML), with a button when
   * ``undo`` ({label, fn}) is given. */
  toast(message, undo) {
    const t = this.root.querySelector(".svod-toast");
    t.innerHTML = join(html`<span>${message}</span>`, undo ? html` <button type="button" class="svod-toast__btn">${undo.label}</button>` : "");
    t.hidden = false;
    if (undo) t.querySelector("button").addEventListener("click", () => { t.hidden = true; undo.fn(); }, { once: true });
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { t.hidden = true; }, undo ? 12000 : 5000);
  }

  // ---- opening a scene ----
  async open(id) {
    const rec = await this.store.get(id);
    if (!rec) return;
    const sum = summary(rec);
    this.cur = { rec, text: typeof rec.text === "string" ? rec.text : null, scene: null, checked: false, broken: null };
    this.noticeHTML = "";
    this.logShown = LOG_PAGE;
    this.store.setMeta("current", id).catch(() => {});
    if (sum.broken) {
      this.cur.broken = [{ field: "", ru: sum.broken === "json" ? TEXT.ru.brokenJSON : TEXT.ru.brokenType,
        en: sum.broken === "json" ? TEXT.en.brokenJSON : TEXT.en.brokenType }];
      this.render();
      return;
    }
    // Drawn at once from what was stored (the views in it are the engine's), then checked.
    try { this.cur.scene = JSON.parse(rec.text); } catch { /* sum.broken said so */ }
    this.render();
    const mine = this.cur;
    let res;
    try {
      res = await engine({ cmd: "load", scene: rec.text, reply: "text" });
      await this.specReady;
    } catch {
      this.showStatus();
      return;
    }
    if (this.cur !== mine) return;
    if (!res.ok) {
      this.cur.broken = res.errors;
      this.cur.scene = null;
      this.unreadable.add(id);
      this.render();
      return;
    }
    this.unreadable.delete(id);
    const text = res.result.scene_text;
    const from = res.result.migrated_from;
    if (from != null) {
      // kept beside it: the text as the earlier version wrote it
      try {
        this.cur.rec = await this.store.save(rec, text, JSON.parse(text).name, { legacy: { version: from, text: rec.text } });
      } catch (e) { this.storageError(e); }
      this.noticeHTML = html`<p>${this.L.migrated(from)} <button type="button" class="md-button" data-act="legacy">${this.L.downloadLegacy}</button></p>`;
    } else if (rec.legacy) {
      this.noticeHTML = html`<p><button type="button" class="md-button" data-act="legacy">${this.L.downloadLegacy}</button></p>`;
    }
    this.setScene(text);
    this.cur.checked = true;
    this.render();
    // Is it what its own log replays to? Then the engine can undo without replaying (and if not,
    // the reader hears that an undo recomputes the scene from its log).
    engine({ cmd: "load", scene: text, reply: "text", verify: true }).then((r) => {
      if (this.cur !== mine || !r.ok || r.result.state_matches_log !== false) return;
      this.noticeHTML = join(this.noticeHTML || "", html`<p>${this.L.inconsistent}</p>`);
      this.showStatus();
    }, () => {});
  }

  setScene(text) {
    this.cur.text = text;
    this.cur.scene = JSON.parse(text);
  }

  // ---- drawing ----
  render() {
    const L = this.L;
    const cur = this.cur;
    if (!cur) { this.renderEmpty(); return; }
    const sc = cur.scene;
    const sum = summary(cur.rec);
    this.bar.show((sc && sc.name) || sum.name || L.scene, sc ? sc.round : null);
    if (cur.broken) {
      this.$main.innerHTML = join(
        html`<section class="svod-broken" data-broken="${cur.rec.id}"><h2>${L.broken}: «${sum.name || cur.rec.id}»</h2>`,
        html`<div class="svod-broken__why">${errorsHTML(cur.broken, this.lang)}</div><p>${L.brokenText}</p>`,
        html`<p class="svod-row"><button type="button" class="md-button md-button--primary" data-act="download-raw" data-id="${cur.rec.id}">${L.download}</button>`,
        html`<button type="button" class="md-button" data-act="scenes">${L.scenes}</button></p></section>`);
      this.showStatus();
      return;
    }
    const off = !this.canAct();
    const offAttr = off ? html` disabled` : "";
    const chars = (sc.characters || []).map((c) => cardHTML(c, this.spec, this.lang, off));
    this.$main.innerHTML = join(
      html`<ul class="svod-cards">${chars}</ul>`,
      html`<div class="svod-scene__controls">`,
      html`<button type="button" class="md-button md-button--primary" data-act="add"${offAttr}>+ ${L.addChar}</button>`,
      html`<button type="button" class="md-button" data-act="next_round"${offAttr}>${L.nextRound}</button>`,
      html`<button type="button" class="md-button" data-act="end_scene"${offAttr}>${L.endScene}</button>`,
      html`<button type="button" class="md-button" data-act="note"${offAttr}>${L.note}</button>`,
      html`<button type="button" class="md-button" data-act="readings"${offAttr}>${L.readings}</button>`,
      html`</div>`,
      logHTML(sc.log || [], this.logShown, this.lang));
    this.showStatus();
  }

  renderEmpty() {
    const L = this.L;
    this.cur = null;
    this.bar.show(L.scenes, null);
    this.$main.innerHTML = join(html`<section class="svod-empty"><h2>${L.emptyTitle}</h2><p>${L.emptyText}</p>`,
      this.list.newSceneForm(), html`</section>`);
    this.list.bindNewScene(this.$main);
    this.showStatus();
  }

  async askPersist() {
    if (this.persisted) return;
    const got = await SceneStore.persist();
    this.persisted = got;
    this.showStatus();
  }

  // ---- changing the scene ----
  actionSpec(type) { return this.spec && this.spec.actions.find((a) => a.type === type); }

  char(id) { return this.cur && this.cur.scene && this.cur.scene.characters.find((c) => c.id === id); }

  /** Queue one change of the scene: run(text) → the engine's answer; the answers come in order,
   * each on the scene the one before it left. */
  enqueue(what, run) {
    this.busy += 1;
    this.busyWhat = what;
    this.showStatus();
    const job = this.queue.then(async () => {
      const cur = this.cur;
      let res;
      try {
        res = await run(cur.text);
      } catch {
        return { ok: false, errors: [{ field: "", ru: TEXT.ru.pythonFailed, en: TEXT.en.pythonFailed }] };
      }
      if (res.ok && cur === this.cur) await this.commit(res.result.scene_text);
      return res;
    }).finally(() => {
      this.busy -= 1;
      this.render();
    });
    this.queue = job.catch(() => {});
    return job;
  }

  /** The new scene's text: stored first (over the revision it came from), then shown. */
  async commit(text) {
    const cur = this.cur;
    const name = JSON.parse(text).name;
    try {
      cur.rec = await this.store.save(cur.rec, text, name);
      this.unsaved = false;
    } catch (e) {
      if (e instanceof StaleError) {
        this.toast(this.L.stale);
        await this.reloadRecords();
        await this.open(cur.rec.id);
        return;
      }
      this.unsaved = true;
      this.storageError(e);
    }
    this.setScene(text);
    cur.checked = true;
  }

  storageError(e) {
    this.noticeHTML = html`<p>${this.L.storageFailed(String((e && (e.name || e.message)) || e))}</p>`;
    this.showStatus();
  }

  async onOtherTab(m) {
    await this.reloadRecords();
    if (this.sheet.kind === "scenes") this.list.show();
    if (!this.cur || m.id !== this.cur.rec.id || this.busy) return;
    const rec = this.records.find((r) => r.id === m.id);
    if (rec && rec.rev !== this.cur.rec.rev) {
      if (rec.deletedAt) {
        this.renderEmpty();
        const next = this.latest();
        if (next) await this.open(next.id);
      } else {
        await this.open(rec.id);
        this.toast(this.L.otherTab);
      }
    }
  }

  direct(action, what) {
    return this.enqueue(what, (text) => engine({ cmd: "apply", scene: text, action, reply: "text" })).then((res) => {
      if (!res.ok) this.toast(errorsHTML(res.errors, this.lang));
      else if (action.type === "undo") this.toast(tr(res.result.event.text, this.lang));
      return res;
    });
  }

  undo() {
    if (!this.cur || !this.cur.scene || !this.cur.scene.log.length) { this.toast(this.L.nothingToUndo); return; }
    this.direct({ type: "undo" }, this.L.undo);
  }

  async onClick(e) {
    const el = e.target.closest("[data-act]");
    if (!el || !this.root.contains(el)) return;
    const act = el.dataset.act;
    if (act === "close") { this.sheet.close(); return; }
    if (act === "retry") { startRuntime(); this.showStatus(); if (this.cur && !this.cur.checked) this.open(this.cur.rec.id); return; }
    if (act === "scenes") { await this.reloadRecords(); this.list.show(); return; }
    if (["open-scene", "export", "ask-delete", "cancel-delete", "delete", "restore"].includes(act) && this.sheet.kind === "scenes") {
      await this.list.onClick(act, el);
      return;
    }
    if (act === "download-raw") {
      const rec = await this.store.get(el.dataset.id);
      if (rec) this.list.exportScene(rec);
      return;
    }
    if (act === "legacy" && this.cur && this.cur.rec.legacy) {
      download(fileName(summary(this.cur.rec).name, ` (v${this.cur.rec.legacy.version})`), this.cur.rec.legacy.text);
      return;
    }
    if (act === "more-log") { this.logShown += LOG_PAGE * 5; this.render(); return; }
    if (this.sheet.kind === "action" && el.closest(".svod-sheet")) { this.actions.onClick(act, el); return; }
    if (!this.canAct()) return;
    const card = el.closest(".svod-card");
    const cid = card && card.dataset.char;
    if (act === "undo") this.undo();
    else if (act === "next_round") this.direct({ type: "next_round" }, this.L.nextRound);
    else if (act === "add") this.characters.show(null);
    else if (act === "menu" && cid) this.actions.showMenu(cid);
    else if (act === "edit") this.characters.show(el.dataset.char);
    else if (act === "remove") this.actions.show("remove_character", { character: el.dataset.char });
    else if (act === "readings") this.readings.show();
    else if (act === "end_scene" || act === "note") this.actions.show(act, {});
    else if (cid || el.dataset.char) this.actions.show(act, { [ROLE_OF[act] || "character"]: cid || el.dataset.char });
  }
}

// ---- attaching ------------------------------------------------------------------------------

let stylesheet = null;
/** The scene's stylesheet, once (the calculators' calc.css comes with every page). */
export function ensureStyles() {
  if (stylesheet || document.querySelector("link[data-svod-scene-css]")) return;
  stylesheet = document.createElement("link");
  stylesheet.rel = "stylesheet";
  stylesheet.href = new URL("scene.css", HERE).href;
  stylesheet.dataset.svodSceneCss = "1";
  document.head.append(stylesheet);
}

/** Attach the scene page in this (new) document: site.mjs calls it on every page change. */
export function attach(doc = document) {
  const root = doc.querySelector(".svod-scene:not([data-attached])");
  if (!root) return null;
  root.dataset.attached = "1";
  ensureStyles();
  if (rt.state === "idle") startRuntime();
  const app = new ScenePage(root);
  globalThis.svodScene = app;
  app.start().catch((err) => {
    console.error("svod: scene", err);
    root.dataset.state = "error";
    const st = root.querySelector(".svod-scene__status");
    if (st) st.textContent = String(err && err.message || err);
  });
  return app;
}
