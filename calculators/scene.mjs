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

import { EngineDown, onRuntime, restartRuntime, rt, startRuntime } from "./engine.mjs";
import { html, join } from "./html.mjs";
import { memoryKey } from "./names.mjs";
import { pickLang, tr } from "./render.mjs";
import { ActionSheet, ROLE_OF } from "./scene-action.mjs";
import { CharacterSheet, ReadingsSheet } from "./scene-character.mjs";
import { engine, forgetSpecs, sceneSpec } from "./scene-engine.mjs";
import { download, fileName, SceneList } from "./scene-list.mjs";
import { LOG_PAGE } from "./scene-log.mjs";
import { focusKey, Sheet } from "./scene-sheet.mjs";
import { SceneStore, StaleError, summary } from "./scene-store.mjs";
import { TurnBar } from "./scene-turn.mjs";
import { barOf, bdi, curOf, dbNotes, emptyHTML, errorsHTML, inconsistentHTML, isCompact, mainHTML } from "./scene-view.mjs";
import { TEXT } from "./scene-words.mjs";
import { SceneParty } from "./scene-party.mjs";

export { calculatorURL } from "./scene-action.mjs";

const HERE = new URL("./", import.meta.url);
/** Whether this browser lets the page ask it to keep the site's storage (WebKitGTK has no
 * navigator.storage.persist; Safari on iPhone erases a site's storage after 7 days unvisited). */
const canAskToKeep = () => !!(globalThis.navigator && navigator.storage && typeof navigator.storage.persist === "function");
const langOf = () => pickLang(document.documentElement.lang);
/** A worker found dead or silent is restarted by the page at most this often. */
const RESTARTS = { max: 3, windowMs: 60_000 };
/** Faults after which the worker is restarted at once (it booted, then stopped answering). */
const STOPPED = new Set(["silent", "crashed"]);

/** An engine's failure as the page's error ({field, ru, en}). */
function engineError(err) {
  const key = err instanceof EngineDown && STOPPED.has(err.code) ? "engineStopped" : "engineDown";
  return { field: "", ru: TEXT.ru[key], en: TEXT.en[key] };
}

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
    this.cur = null; // {rec, text, scene, checked, broken: errors|null}: scene only once the engine checked it
    this.queue = Promise.resolve();
    this.busy = 0;
    this.logShown = LOG_PAGE;
    this.act = null; // the open sheet's form and its state (a test hook: act.preview)
    /** A character whose card is brought into sight once the sheet closes (a new one). */
    this.revealOnClose = null;
    this.unsaved = false;
    /** Texts of scenes this visit could not store (by id): what the page shows, kept till saved. */
    this.unsavedTexts = new Map();
    /** The notices above the scene, by what they are about (storage, migrated, legacy, inconsistent, restarted, db). */
    this.notes = new Map();
    this.restarts = [];
    this.persisted = null;
    /** Scenes the engine could not read this visit (the list says so beside them). */
    this.unreadable = new Set();
    this.actions = new ActionSheet(this);
    this.characters = new CharacterSheet(this);
    this.readings = new ReadingsSheet(this);
    this.list = new SceneList(this);
    this.party = new SceneParty(this);
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
    this.sheet = new Sheet(this.root.querySelector(".svod-sheet"), { closeLabel: L.close, onClosed: (opener) => {
      this.act = null;
      this.restoreFocus(opener);
      const reveal = this.revealOnClose;
      this.revealOnClose = null;
      const card = reveal && this.$main.querySelector(`.svod-card[data-char="${CSS.escape(reveal)}"]`);
      if (card) this.bar.reveal(card);
    } });
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.dataset.state = "loading";
    onRuntime((r, was) => {
      if (r.state === was || !this.root.isConnected) return;
      if (r.state === "error" && r.error && STOPPED.has(r.error.code)) this.restartStopped();
      this.showStatus();
      if (this.cur && !this.cur.checked && !this.cur.broken) this.render();
    });

    this.store = await theStore();
    // a database found without its tables (made whole) or of another version: said
    if (this.store.repairedDB) this.notes.set("db", dbNotes([["scenes", this.store]], this.lang));
    this.store.onChange((m) => this.onOtherTab(m));
    this.askSpec();
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

  askSpec() {
    this.specReady = sceneSpec().then((s) => { this.spec = s; return s; });
    this.specReady.catch(() => this.showStatus());
  }

  /** «Повторить»: the engine, the spec and the scene from nothing. */
  async restart() {
    restartRuntime();
    forgetSpecs();
    this.askSpec();
    this.notes.delete("restarted");
    if (this.cur) await this.open(this.cur.rec.id);
    else this.renderEmpty();
  }

  /** The worker booted, then stopped answering (found by engine.mjs's watchdog, or Python
   * crashed): started again at once, and said so; a few times a minute at most. */
  restartStopped() {
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTARTS.windowMs);
    if (this.restarts.length >= RESTARTS.max) return; // «Повторить» is there
    this.restarts.push(now);
    this.notes.set("restarted", html`<p>${this.L.restarted}</p>`);
    setTimeout(() => restartRuntime(), 0);
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
      // a scene not yet checked is not shown: it cannot be read until the engine runs
      if (rt.state === "error") line = this.cur && !this.cur.checked && !this.cur.broken ? L.pythonFailedUnchecked : L.pythonFailed;
      else if (this.busy) line = L.busy(this.busyWhat || "");
      else if (this.cur && !this.cur.checked && !this.cur.broken) line = rt.state === "ready" ? L.checking : L.python;
      else if (this.unsaved) line = L.unsaved;
      // a browser without navigator.storage.persist (WebKitGTK) cannot be asked to keep them
      else if (this.cur && !this.cur.broken) line = this.persisted ? L.savedPersist : canAskToKeep() ? L.saved : L.savedUnasked;
      else line = "";
    }
    this.$status.textContent = line;
    this.$status.classList.toggle("svod-scene__status--busy", !!this.busy);
    if (rt.state === "error" && !this.$status.querySelector("button")) {
      this.$status.insertAdjacentHTML("beforeend", html` <button type="button" class="md-button" data-act="retry">${L.retry}</button>`);
    }
    const notes = [];
    const save = this.cur && (this.cur.text || typeof this.cur.rec.text === "string")
      ? html` <button type="button" class="md-button" data-act="export-current">${L.exportNow}</button>` : "";
    if (this.store && !this.store.persistent) notes.push(html`<p>${L.memoryOnly(this.store.failure || "—")}${save}</p>`);
    for (const [key, note] of this.notes) notes.push(key === "storage" ? html`<p>${note}${save}</p>` : note);
    this.$notice.innerHTML = join(notes);
    this.$notice.hidden = !notes.length;
    const ready = this.canAct();
    const sc = ready && this.cur && this.cur.scene;
    this.bar.canUndo(!!sc && sc.log.length > 0, !!sc && Array.isArray(sc.redo) && sc.redo.length > 0, !!sc);
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
    t.innerHTML = join(html`<span dir="auto">${message}</span>`, undo ? html` <button type="button" class="svod-toast__btn">${undo.label}</button>` : "");
    t.hidden = false;
    if (undo) t.querySelector("button").addEventListener("click", () => { t.hidden = true; undo.fn(); }, { once: true });
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { t.hidden = true; }, undo ? 12000 : 5000);
  }

  // ---- opening a scene ----
  /** Open the stored scene ``id``: drawn only once the engine has checked it (anything read from
   * the device is untrusted: another site of the same origin may have written it), or told as
   * unreadable and kept as it is, downloadable. Meanwhile, and while the engine is down, the page
   * names it and offers it as a file. */
  async open(id, { quiet = false } = {}) {
    const rec = await this.store.get(id);
    if (!rec) return;
    const kept = this.unsavedTexts.get(id) || null; // a change this visit could not store: what the page showed
    const next = curOf(rec, null, kept);
    // ``quiet``: the scene shown stays until its new version is checked (another tab changed it)
    const stay = quiet && this.cur && this.cur.rec.id === id && this.cur.checked;
    this.opening = next;
    if (!stay) {
      this.cur = next;
      for (const k of ["migrated", "legacy", "inconsistent"]) this.notes.delete(k);
      this.logShown = LOG_PAGE;
    }
    this.store.setMeta("current", id).catch(() => {});
    const shown = () => { // this is still the scene to show: then it is (another open came since: not)
      if (this.opening !== next) return false;
      this.cur = next;
      return true;
    };
    if (next.broken) { // no JSON text: unreadable without asking
      if (shown()) this.render();
      return;
    }
    if (!stay) this.render();
    let res;
    try {
      res = await engine({ cmd: "load", scene: next.text, reply: "text" });
      await this.specReady;
    } catch {
      if (shown()) this.render(); // the engine is down: «Повторить» opens it again
      return;
    }
    if (!shown()) return;
    Object.assign(next, curOf(rec, res, kept));
    if (next.broken) {
      this.unreadable.add(id);
      this.render();
      return;
    }
    this.unreadable.delete(id);
    const text = next.text;
    const from = res.result.migrated_from;
    if (from != null) {
      // kept beside it: the text as the earlier version wrote it
      try {
        next.rec = await this.store.save(rec, text, JSON.parse(text).name, { legacy: { version: from, text: rec.text } });
      } catch (e) { this.storageError(e); }
      this.notes.set("migrated", html`<p>${this.L.migrated(from)} <button type="button" class="md-button" data-act="legacy">${this.L.downloadLegacy}</button></p>`);
    } else if (rec.legacy && typeof rec.legacy === "object" && typeof rec.legacy.text === "string") {
      this.notes.set("legacy", html`<p><button type="button" class="md-button" data-act="legacy">${this.L.downloadLegacy}</button></p>`);
    }
    this.unsaved = !!kept;
    this.render();
    // Is it what its own log replays to? Then the engine can undo without replaying; if not, the
    // reader sees where they differ and chooses which to keep (nothing is undone till then).
    engine({ cmd: "load", scene: text, reply: "text", verify: true }).then((r) => {
      if (this.cur !== next || !r.ok || r.result.state_matches_log !== false) return;
      this.notes.set("inconsistent", inconsistentHTML(r.result.differences, this.lang));
      this.showStatus();
    }, () => {});
  }

  /** The scene ``cur`` shows is the engine's ``text`` (checked). */
  setScene(cur, text) {
    cur.text = text;
    cur.scene = JSON.parse(text);
    cur.checked = true;
  }

  // ---- the compact view: the reader's choice, kept on the device; by default from six characters ----
  compactChoice() {
    try {
      const v = localStorage.getItem(COMPACT);
      return v === "1" ? true : v === "0" ? false : null;
    } catch { return null; }
  }

  /** Whether the scene open is drawn compact now. */
  compactNow() {
    return !!(this.cur && this.cur.scene) && isCompact(this.compactChoice(), this.cur.scene.characters.length);
  }

  toggleCompact() {
    try { localStorage.setItem(COMPACT, this.compactNow() ? "0" : "1"); } catch { /* no storage: for this drawing only */ }
    this.render();
  }

  // ---- drawing ----
  render() {
    const cur = this.cur;
    if (!cur) { this.renderEmpty(); return; }
    const bar = barOf(cur, this.lang);
    this.bar.show(bar.title, bar.round, bar.turn);
    this.redraw(mainHTML({ cur, spec: this.spec, lang: this.lang, canAct: this.canAct(), logShown: this.logShown, engine: rt.state,
      compact: this.compactChoice() }));
    this.showStatus();
  }

  renderEmpty() {
    this.cur = null;
    const bar = barOf(null, this.lang);
    this.bar.show(bar.title, bar.round);
    this.redraw(emptyHTML(this.lang, this.list.newSceneForm()));
    this.list.bindNewScene(this.$main);
    this.showStatus();
  }

  /** The main part drawn anew; the control that had the focus there has it again (drawn anew),
   * or the nearest thing to it: the focus never falls to the page's <body>. */
  redraw(content) {
    const focused = this.$main.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    this.$main.innerHTML = content;
    if (focused) this.restoreFocus(focused);
  }

  /** Give the focus back to the control ``key`` names (focusKey), drawn anew: the same control,
   * else the same action of the same character, else his card's first button, else «+ Персонаж»
   * or the first button there is. Nothing is done while something else has the focus. */
  restoreFocus(key) {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected && !now.closest("dialog")) return; // it has not fallen
    const main = this.$main;
    const charOf = (e) => e.dataset.char || (e.closest(".svod-card") && e.closest(".svod-card").dataset.char) || null;
    let el = null;
    if (key && key.id) el = main.querySelector(`#${CSS.escape(key.id)}`);
    if (!el && key && key.act) {
      el = [...this.root.querySelectorAll(`[data-act="${CSS.escape(key.act)}"]`)]
        .find((e) => !e.closest("dialog") && (!key.char || charOf(e) === key.char)) || null;
    }
    if (!el && key && key.char) el = main.querySelector(`.svod-card[data-char="${CSS.escape(key.char)}"] button`);
    if (!el) el = main.querySelector(".svod-scene__controls [data-act=add]") || main.querySelector("button, input") ||
      this.root.querySelector(".svod-scene__name");
    if (el && el.disabled) el = this.root.querySelector(".svod-scene__name");
    if (el) el.focus();
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

  /** Queue one change of the scene: ``run(text, cur)`` → the engine's answer; the answers come
   * in order, each on the scene the one before it left. An answer is the page's only once it is
   * stored over the revision it was made from: a change another tab stored first refuses it
   * ({ok: false, stale: true}, the scene shown anew), and so does another scene opened meanwhile;
   * an engine that is down refuses it with why. */
  enqueue(what, run) {
    this.busy += 1;
    this.busyWhat = what;
    this.showStatus();
    const job = this.queue.then(async () => {
      const cur = this.cur;
      if (!cur || !cur.checked) return { ok: false, errors: [{ field: "", ru: TEXT.ru.stale, en: TEXT.en.stale }], stale: true };
      let res;
      try {
        res = await run(cur.text, cur);
      } catch (err) {
        return { ok: false, errors: [engineError(err)] };
      }
      if (!res.ok) return res;
      if (cur !== this.cur || (await this.commit(cur, res.result.scene_text)) === "stale") {
        return { ok: false, errors: [{ field: "", ru: TEXT.ru.stale, en: TEXT.en.stale }], stale: true };
      }
      return res;
    }).finally(() => {
      this.busy -= 1;
      this.render();
    });
    this.queue = job.catch(() => {});
    return job;
  }

  /** The scene's new text: stored first, over the revision it came from, then shown → "saved";
   * "unsaved" (the device refused: shown, kept for this visit, and the reader asked to save it to
   * a file), or "stale" (another tab stored a change first: nothing shown, its scene opened). */
  async commit(cur, text) {
    const name = JSON.parse(text).name;
    try {
      cur.rec = await this.store.save(cur.rec, text, name);
      this.unsaved = false;
      this.unsavedTexts.delete(cur.rec.id);
      this.notes.delete("storage");
    } catch (e) {
      if (e instanceof StaleError) {
        this.unsavedTexts.delete(cur.rec.id);
        await this.reloadRecords();
        await this.open(cur.rec.id, { quiet: true });
        return "stale";
      }
      this.unsaved = true;
      this.unsavedTexts.set(cur.rec.id, text);
      this.storageError(e);
    }
    this.setScene(cur, text);
    return this.unsaved ? "unsaved" : "saved";
  }

  storageError(e) {
    this.notes.set("storage", this.L.storageFailed(String((e && (e.name || e.message)) || e)));
    this.showStatus();
  }

  async onOtherTab(m) {
    await this.reloadRecords();
    if (this.sheet.kind === "scenes") this.list.show();
    if (!this.cur || m.id !== this.cur.rec.id || this.busy) return;
    const rec = this.records.find((r) => r.id === m.id);
    if (!rec) { // deleted for good (a damaged record) in another tab
      const next = this.latest();
      if (next) await this.open(next.id);
      else this.renderEmpty();
    } else if (rec.rev !== this.cur.rec.rev) {
      if (rec.deletedAt) {
        this.renderEmpty();
        const next = this.latest();
        if (next) await this.open(next.id);
      } else {
        await this.open(rec.id, { quiet: true });
        this.toast(this.L.otherTab);
      }
    }
  }

  /** A death's-door roll still due comes before the turn passes (the engine refuses the turn till
   * then): its sheet opens, saying so. True when it did. */
  rollFirst() {
    const sc = this.cur && this.cur.checked ? this.cur.scene : null;
    const due = sc && sc.characters.find((c) => c.view && c.view.roll_due && !c.view.out_of_fight);
    if (!due) return false;
    this.actions.show("death_door", { character: due.id }, this.L.rollFirst(bdi(due.name)));
    return true;
  }

  /** How many turns «Следующий раунд» would pass unplayed (the turns are followed and some are left). */
  roundLeft() {
    const sc = this.cur && this.cur.checked ? this.cur.scene : null;
    if (!sc || sc.turn.current == null) return 0;
    return sc.characters.filter((c) => c.view && !c.view.out_of_fight && !c.view.done && !c.view.acting).length;
  }

  /** «Следующий раунд» mid-round asks first: the turns it would pass, and the choice. */
  askNextRound() {
    const L = this.L;
    const body = html`<p>${L.roundLeftAsk(this.roundLeft())}</p>`;
    const footer = join(
      html`<button type="button" class="md-button" data-act="close">${L.cancel}</button>`,
      html`<button type="button" class="md-button md-button--primary" data-act="next_round">${L.nextRound}</button>`);
    this.sheet.show("confirm", L.nextRound, body, footer);
  }

  direct(action, what) {
    return this.enqueue(what, (text) => engine({ cmd: "apply", scene: text, action, reply: "text" })).then((res) => {
      if (!res.ok) this.toast(errorsHTML(res.errors, this.lang));
      return res;
    });
  }

  /** Undo the action ``entry`` (the log's entry it was shown as; the bar's «Отменить»: the last
   * one shown): only while it is still the scene's last — never another, whoever made it. */
  undo(entry = this.cur && this.cur.checked ? this.cur.scene.log.at(-1) : null) {
    if (!entry) { this.toast(this.L.nothingToUndo); return null; }
    const want = JSON.stringify(entry);
    return this.enqueue(this.L.undo, (text, cur) => {
      const last = cur.scene.log.at(-1);
      if (!last || JSON.stringify(last) !== want) return { ok: false, errors: [{ field: "", ru: TEXT.ru.notLast, en: TEXT.en.notLast }] };
      return engine({ cmd: "apply", scene: text, action: { type: "undo" }, reply: "text" });
    }).then((res) => {
      this.toast(res.ok ? tr(res.result.event.text, this.lang) : errorsHTML(res.errors, this.lang));
      return res;
    });
  }

  /** «Повторить» (the bar's ↷): the action undone last, again with its dice. */
  redo() {
    return this.enqueue(this.L.redo, (text) => engine({ cmd: "apply", scene: text, action: { type: "redo" }, reply: "text" })).then((res) => {
      this.toast(res.ok ? tr(res.result.event.text, this.lang) : errorsHTML(res.errors, this.lang));
      return res;
    });
  }

  /** A scene whose state disagrees with its log: the reader keeps one of them (``keep``: "log" or
   * "state"; the engine logs the hand edits that keep the state). Never chosen silently. */
  reconcile(keep) {
    if (keep !== "log" && keep !== "state") return null;
    return this.enqueue(this.L.reconcileTitle, (text) => engine({ cmd: "reconcile", scene: text, keep, reply: "text" })).then((res) => {
      if (res.ok) {
        this.notes.delete("inconsistent");
        this.showStatus();
      }
      this.toast(res.ok ? tr(res.result.text, this.lang) : errorsHTML(res.errors, this.lang));
      return res;
    });
  }

  /** «Починить» of a record that failed the check (records.mjs): repaired as the page said, only
   * while it is still stored as it was read; then opened (the engine checks its text). */
  async repair(id) {
    const rec = await this.store.get(id);
    if (!rec || !rec.faulty || !rec.repairs) return;
    try {
      await this.store.repair(rec);
      this.toast(this.L.repairedDone);
    } catch (e) {
      if (e instanceof StaleError) this.toast(this.L.repairStale);
      else this.storageError(e);
    }
    await this.reloadRecords();
    await this.open(id);
  }

  /** «В файл» of the scene open: as the page shows it (stored or not). */
  exportCurrent() {
    if (this.cur) this.list.exportScene(this.cur.rec);
  }

  async onClick(e) {
    const el = e.target.closest("[data-act]");
    if (!el || !this.root.contains(el)) return;
    const act = el.dataset.act;
    if (act === "close") { this.sheet.close(); return; }
    if (act === "retry") { this.restart(); return; }
    if (act === "export-current") { this.exportCurrent(); return; }
    if (act === "scenes") { await this.reloadRecords(); this.list.show(); return; }
    if (["open-scene", "export", "ask-delete", "cancel-delete", "delete", "restore"].includes(act) && this.sheet.kind === "scenes") {
      await this.list.onClick(act, el);
      return;
    }
    if (act === "repair") { await this.repair(el.dataset.id); return; }
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
    if (act === "compact") { this.toggleCompact(); return; }
    if (this.sheet.kind === "action" && el.closest(".svod-sheet")) { this.actions.onClick(act, el); return; }
    if (!this.canAct()) return;
    if (act.startsWith("party-")) { await this.party.onClick(act, el); return; }
    const card = el.closest(".svod-card");
    const cid = card && card.dataset.char;
    if (act === "undo") this.undo();
    else if (act === "redo") this.redo();
    else if (act === "reconcile") this.reconcile(el.dataset.keep);
    else if ((act === "next_turn" || act === "next_round") && this.rollFirst()) return;
    else if (act === "next_turn") this.direct({ type: "next_turn" }, el.dataset.last ? this.L.nextRound : this.L.nextTurn);
    else if (act === "next_round" && !el.closest(".svod-sheet") && this.roundLeft()) this.askNextRound();
    else if (act === "next_round") { this.sheet.close(); this.direct({ type: "next_round" }, this.L.nextRound); }
    else if (act === "add") this.characters.show(null);
    else if (act === "menu" && cid) this.actions.showMenu(cid);
    else if (act === "initiative" && cid) this.actions.showInitiative(cid);
    else if (act === "edit") this.characters.show(el.dataset.char);
    else if (act === "remove") this.actions.show("remove_character", { character: el.dataset.char });
    else if (act === "readings") this.readings.show();
    else if (act === "end_scene" || act === "note" || act === "roll_ties") this.actions.show(act, {});
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

/** Where the page keeps the reader's choice of the compact view (localStorage, this copy of the site). */
export const COMPACT = memoryKey("scene.compact.v1");

/** Where the page remembers that its introduction has been seen (localStorage, this copy of the site). */
export const INTRO_SEEN = memoryKey("scene.intro.v1");

/** The page's introduction (docs/scene.md's ``details.svod-scene-intro``) is open on the first
 * visit and folded on every later one, so that the scene fills the first screen. */
function foldIntro(doc) {
  const intro = doc.querySelector("details.svod-scene-intro");
  if (!intro) return;
  let seen = null;
  try {
    seen = localStorage.getItem(INTRO_SEEN);
    if (seen == null) localStorage.setItem(INTRO_SEEN, String(Date.now()));
  } catch { return; } // no storage: it stays open
  if (seen != null) intro.open = false;
}

/** Attach the scene page in this (new) document: site.mjs calls it on every page change. */
export function attach(doc = document) {
  const root = doc.querySelector(".svod-scene:not([data-attached])");
  if (!root) return null;
  root.dataset.attached = "1";
  foldIntro(doc);
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
