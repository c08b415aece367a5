// Свод — the party page («Партия»): the characters kept on this device between scenes
// (party-store.mjs; read and changed by the engine, rules_core.scene.party), several brought into the
// open scene at once, a copy with the next free number, the party to a file and from one (a member of
// the same name asks), and everything kept on the device — scenes and party — in one file and back
// (backup.mjs); where it all lives, how long the browser keeps it, and whether it may keep it for good.
//
// Test hooks: .svod-party[data-state] (loading/ready/broken), window.svodParty.

import { EngineDown } from "./engine.mjs";
import { html, join } from "./html.mjs";
import { rawText } from "./records.mjs";
import { pickLang, tr } from "./render.mjs";
import { WORDS, megabytes, number, wrongKind } from "./party-words.mjs";
import { changeParty, partyStore, readParty } from "./party-store.mjs";
import { backupText, restoreBackup } from "./backup.mjs";
import { engine, sceneSpec } from "./scene-engine.mjs";
import { ask, partyCSS } from "./scene-same.mjs";
import { SceneStore, StaleError, summary } from "./scene-store.mjs";
import { download, fileKind, readUTF8 } from "./scene-list.mjs";
import { bdi, dbNotes, errorsHTML } from "./scene-view.mjs";

const day = () => new Date().toISOString().slice(0, 10);
const MAX_BACKUP_BYTES = 64 * 1048576;
/** How many records of a backup not restored are named one by one (the rest counted). */
const SKIPPED_SHOWN = 20;


/** Whether the browser keeps this site's storage for good: true, false, or null (it cannot say). */
export async function persisted() {
  try {
    if (!navigator.storage || !navigator.storage.persisted) return null;
    return await navigator.storage.persisted();
  } catch { return null; }
}

class PartyPage {
  constructor(root) {
    this.root = root;
    this.lang = pickLang(document.documentElement.lang);
    this.W = WORDS[this.lang];
    this.cur = null; // readParty()'s answer
    this.scenes = null;
    this.persist = null; // true / false / null (no such API)
  }

  async start() {
    partyCSS();
    const W = this.W;
    this.root.innerHTML = join(
      html`<p class="svod-party__status" role="status" aria-live="polite">${W.loadingParty}</p>`,
      html`<div class="svod-party__main"></div>`,
      html`<section class="svod-party__keep" aria-labelledby="svod-keep-title"></section>`,
      html`<div class="svod-toast" role="status" aria-live="polite" hidden></div>`);
    this.$status = this.root.querySelector(".svod-party__status");
    this.$main = this.root.querySelector(".svod-party__main");
    this.$keep = this.root.querySelector(".svod-party__keep");
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.addEventListener("change", (e) => this.onChange(e));
    this.root.dataset.state = "loading";
    this.scenes = await SceneStore.open();
    const party = await partyStore();
    party.onChange(() => this.load());
    this.dbNotes = dbNotes([["scenes", this.scenes], ["party", party]], this.lang);
    this.persist = await persisted();
    this.drawKeep();
    await this.load();
  }

  async load() {
    try {
      [this.cur, this.spec] = await Promise.all([readParty(), sceneSpec()]);
    } catch (e) {
      // the words for an engine that did not start only when it did not; a storage that failed says so
      this.$status.textContent = e instanceof EngineDown ? this.W.engineDown : this.W.storageDown(String((e && (e.name || e.message)) || e));
      this.root.dataset.state = "broken";
      return;
    }
    this.sceneRec = await this.currentScene();
    this.render();
  }

  /** The scene the scene page has open (its «current»), not deleted, or null. */
  async currentScene() {
    const id = await this.scenes.getMeta("current").catch(() => null);
    const rec = id ? await this.scenes.get(id) : null;
    return rec && !rec.deletedAt && typeof rec.text === "string" ? rec : null;
  }

  render() {
    const W = this.W;
    const cur = this.cur;
    if (cur.broken) {
      this.root.dataset.state = "broken";
      this.$status.textContent = W.partyUnreadable;
      this.$main.innerHTML = join(this.dbNotes, html`<div class="svod-err" role="alert">${errorsHTML(cur.broken, this.lang)}</div>`,
        html`<p><button type="button" class="md-button" data-act="raw">${W.downloadRaw}</button></p>`);
      return;
    }
    const members = cur.party.members;
    const systems = this.spec.systems;
    const sceneName = this.sceneRec ? summary(this.sceneRec).name : null;
    this.$status.textContent = W.partyCount(members.length);
    // the message box outlives the redraw (another tab's change, a change's reload): what it says,
    // or a question waiting for its answer, stays on screen
    const kept = this.$main.querySelector(".svod-party__err");
    this.$main.innerHTML = join(this.dbNotes,
      members.length ? join(html`<ul class="svod-party__list">`, members.map((m) => join(
        html`<li class="svod-party__item" data-id="${m.id}"><label class="svod-party__member"><input type="checkbox" name="member" value="${m.id}"> <bdi class="svod-party__name">${m.name}</bdi></label>`,
        html`<small>${tr(systems[m.system].title, this.lang)} · ${m.side === "party" ? W.sideParty : W.sideOpponents}</small>`,
        html`<span class="svod-row"><button type="button" class="md-button" data-act="duplicate">${W.duplicate}</button>`,
        html`<button type="button" class="md-button svod-danger" data-act="remove">${W.remove}</button></span></li>`)), html`</ul>`)
        : html`<p>${W.partyEmptyPage}</p>`,
      members.length ? html`<p class="svod-row">${sceneName !== null
        ? html`<button type="button" class="md-button md-button--primary" data-act="to-scene">${W.toScene(bdi(sceneName))}</button>`
        : html`<span>${W.noScene}</span>`}</p>` : "",
      html`<div class="svod-err svod-party__err" role="alert" hidden></div>`,
      html`<p class="svod-row"><button type="button" class="md-button" data-act="export">${W.exportParty}</button>`,
      html`<input id="svod-party-file" class="svod-visually-hidden" type="file" accept=".json,application/json" data-file="party">`,
      html`<label for="svod-party-file" class="md-button">${W.importParty}</label></p>`);
    if (kept) this.$main.querySelector(".svod-party__err").replaceWith(kept);
    this.root.dataset.state = "ready";
  }

  drawKeep() {
    const W = this.W;
    const persist = this.persist === true ? W.persistGranted : this.persist === false ? W.persistRefused : W.persistAbsent;
    this.$keep.innerHTML = join(
      html`<h2 id="svod-keep-title">${W.keepTitle}</h2>`,
      html`<p>${W.whereKept}</p>`,
      html`<p class="svod-party__persist" data-persist="${String(this.persist)}">${persist}${this.persist === false
        ? html` <button type="button" class="md-button" data-act="persist">${W.askPersist}</button>` : ""}</p>`,
      html`<p class="svod-party__safari">${W.safariNote}</p>`,
      html`<p class="svod-row"><button type="button" class="md-button md-button--primary" data-act="backup">${W.backup}</button>`,
      html`<input id="svod-backup-file" class="svod-visually-hidden" type="file" accept=".json,application/json" data-file="backup">`,
      html`<label for="svod-backup-file" class="md-button">${W.restore}</label></p>`,
      html`<div class="svod-err svod-party__keeperr" role="alert" hidden></div>`);
  }

  toast(message) {
    const t = this.root.querySelector(".svod-toast");
    t.innerHTML = html`<span dir="auto">${message}</span>`;
    t.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { t.hidden = true; }, 6000);
  }

  say(box, content) {
    box.innerHTML = content;
    box.hidden = false;
  }

  /** Ask the browser to keep the storage for good (after something was kept), and say what it said. */
  async askPersist() {
    if (this.persist === true) return;
    try {
      if (navigator.storage && navigator.storage.persist) this.persist = await navigator.storage.persist();
    } catch { this.persist = null; }
    this.drawKeep();
  }

  async change(request, box) {
    let res;
    try {
      res = await changeParty(request);
    } catch (e) {
      // a write that failed changed nothing (one transaction): said so
      this.say(box, html`<p>${e instanceof StaleError ? this.W.staleParty : this.W.partyNotSaved(String((e && (e.name || e.message)) || e))}</p>`);
      await this.load();
      return null;
    }
    if (!res.ok) { this.say(box, errorsHTML(res.errors, this.lang)); return null; }
    if (!box.querySelector("[data-ask]")) { box.innerHTML = ""; box.hidden = true; }  // an old message, not a question
    this.askPersist();
    await this.load();
    return res;
  }

  async onClick(e) {
    const el = e.target.closest("[data-act]");
    if (!el || !this.root.contains(el)) return;
    const act = el.dataset.act;
    const W = this.W;
    const item = el.closest(".svod-party__item");
    const id = item && item.dataset.id;
    const err = this.root.querySelector(".svod-party__err");
    if (act === "duplicate" && id) {
      const res = await this.change({ do: "duplicate", member: id }, err);
      if (res) this.toast(W.copied(bdi(JSON.parse(res.result.party_text).members.find((m) => m.id === res.result.member).name)));
    } else if (act === "remove" && id) {
      const name = this.cur.party.members.find((m) => m.id === id).name;
      const choice = await ask(err, W.removeAsk(bdi(name)), [["remove", W.remove], ["cancel", W.cancel]]);
      if (choice === "remove") await this.change({ do: "remove", member: id }, err);
    } else if (act === "to-scene") await this.toScene(err);
    else if (act === "export") download(`party ${day()}.svod-party.json`, this.cur.text);
    else if (act === "raw") {
      const rec = this.cur.rec;
      download(`party (raw) ${day()}.svod-party.json`, rec && rec.faulty ? rawText(rec.raw) : rec && typeof rec.text === "string" ? rec.text : rawText(rec));
    }
    else if (act === "backup") await this.backup();
    else if (act === "persist") await this.askPersist();
  }

  /** The members ticked, added to the open scene at once (the engine's from_party), stored over the
   * scene's revision. */
  async toScene(err) {
    const W = this.W;
    const ids = [...this.root.querySelectorAll("input[name=member]:checked")].map((i) => i.value);
    if (!ids.length) { this.say(err, html`<p>${W.pickNone}</p>`); return; }
    const rec = await this.currentScene();
    if (!rec) { this.say(err, html`<p>${W.noScene}</p>`); return; }
    const res = await engine({ cmd: "from_party", scene: rec.text, party: this.cur.text, members: ids, reply: "text" }).catch(() => null);
    if (!res) { this.say(err, html`<p>${W.engineDown}</p>`); return; }
    if (!res.ok) { this.say(err, errorsHTML(res.errors, this.lang)); return; }
    try {
      await this.scenes.save(rec, res.result.scene_text, JSON.parse(res.result.scene_text).name);
    } catch (e) {
      this.say(err, html`<p>${e instanceof StaleError ? W.staleScene : W.sceneNotSaved(String((e && (e.name || e.message)) || e))}</p>`);
      return;
    }
    err.hidden = true;
    this.toast(res.result.events.map((x) => tr(x.text, this.lang)).join(" "));
    this.render();
  }

  async backup() {
    const text = await backupText(this.scenes, await partyStore());
    download(`svod ${day()}.svod-backup.json`, text);
    await this.askPersist();
  }

  async onChange(e) {
    const input = e.target.closest("input[type=file][data-file]");
    if (!input) return;
    const f = input.files && input.files[0];
    input.value = "";
    if (!f) return;
    const kind = input.dataset.file;
    const W = this.W;
    const box = this.root.querySelector(kind === "backup" ? ".svod-party__keeperr" : ".svod-party__err");
    const refused = (why) => this.say(box, join(html`<p>${kind === "backup" ? W.restoreRefused : W.importRefused}</p>`, html`<p>${why}</p>`));
    const mb = (bytes) => megabytes(bytes, this.lang);
    // a party is at most party_chars characters, so at most 4 bytes each (the engine's bound, not a
    // request's); a backup holds every scene too
    const maxChars = kind === "backup" ? Infinity : (this.spec ? this.spec.limits.party_chars : 400_000);
    let text;
    try {
      // a file of another kind is named as that kind, whatever its size
      const other = wrongKind(await fileKind(f), kind === "backup" ? "svod-backup" : "svod-party", this.lang);
      if (other) { refused(other); return; }
      if (f.size > MAX_BACKUP_BYTES) { refused(W.fileTooBig(mb(MAX_BACKUP_BYTES))); return; }
      if (f.size > 4 * maxChars) { refused(W.partyTooBig(mb(f.size), mb(4 * maxChars))); return; }
      text = readUTF8(await f.arrayBuffer());
    } catch (err) {
      refused(err instanceof TypeError ? W.notUTF8 : String(err.message || err));
      return;
    }
    if (text.length > maxChars) { refused(W.partyTooLong(mb(f.size), number(text.length, this.lang), number(maxChars, this.lang))); return; }
    if (kind === "backup") await this.restore(text, box);
    else await this.importParty(text);
  }

  /** A party file: each member added, one of the same name asked about. The box is looked up anew
   * each time: every change redraws the list, and the box with it. */
  async importParty(text) {
    const W = this.W;
    const box = () => this.root.querySelector(".svod-party__err");
    const res = await engine({ cmd: "party", do: "load", party: text }).catch(() => null);
    if (!res || !res.ok) { this.say(box(), join(html`<p>${W.importRefused}</p>`, res ? errorsHTML(res.errors, this.lang) : html`<p>${W.engineDown}</p>`)); return; }
    let added = 0;
    for (const m of res.result.party.members) {
      let out = await this.change({ do: "add", member: m }, box());
      if (out && out.result.conflict) {
        const choice = await ask(box(), W.sameMember(bdi(out.result.conflict.name)), [["replace", W.replace], ["keep_both", W.keepBothMember], ["cancel", W.cancel]]);
        out = choice === "cancel" ? null : await this.change({ do: "add", member: m, same_name: choice }, box());
      }
      if (out && !out.result.conflict) added += 1;
    }
    this.toast(W.importedMembers(added));
  }

  async restore(text, box) {
    const W = this.W;
    let out;
    try {
      out = await restoreBackup(text, this.scenes, await partyStore(), (question, choices) => ask(box, question, choices), this.lang);
    } catch (err) {
      this.say(box, join(html`<p>${W.restoreRefused}</p>`, html`<p>${String(err && err.message || err)}</p>`));
      return;
    }
    box.hidden = true;
    // the list drawn first, then told: what the toast says is on the page when it is read
    await this.load();
    await this.askPersist(); // it draws the section anew, its message box with it
    // records of the file that failed the check (each named and why: the first SKIPPED_SHOWN, the rest
    // counted) and parts that did not come in: what did and what did not, beside the button (never «nothing»)
    const skipped = out.skipped.slice(0, SKIPPED_SHOWN).map((s) => html`<p>${s}</p>`);
    if (out.skipped.length > SKIPPED_SHOWN) skipped.push(html`<p>${W.backupMoreSkipped(out.skipped.length - SKIPPED_SHOWN)}</p>`);
    if (out.failed.length || skipped.length) {
      this.say(this.root.querySelector(".svod-party__keeperr"), join(html`<p>${W.restoredPart}</p>`,
        html`<p>${W.restoredWhat(out.scenes, out.party)}</p>`,
        out.failed.map((f) => html`<p>${f.what === "party" ? W.notRestoredParty(f.why) : W.notRestoredScenes(f.count, f.why)}</p>`),
        skipped));
    } else {
      this.toast(W.restored(out.scenes, out.party));
    }
  }
}

/** Attach the party page in this (new) document: site.mjs calls it on every page change. */
export function attach(doc = document) {
  const root = doc.querySelector(".svod-party:not([data-attached])");
  if (!root) return null;
  root.dataset.attached = "1";
  const app = new PartyPage(root);
  globalThis.svodParty = app;
  app.start().catch((err) => {
    console.error("svod: party", err);
    root.dataset.state = "error";
  });
  return app;
}

