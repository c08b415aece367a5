// Свод — the scenes kept on this device: the list (open, «В файл», delete and «Вернуть»), a new
// scene, a scene from a file. The records are scene-store.mjs's; what a record says without the
// engine (its name, counts) is its ``summary``, escaped like every value (html.mjs).

import { html, join } from "./html.mjs";
import { summary } from "./scene-store.mjs";
import { rawText } from "./records.mjs";
import { engine } from "./scene-engine.mjs";
import { bdi, errorsHTML, scenesHTML } from "./scene-view.mjs";
import { askSameScene } from "./scene-same.mjs";
import { WORDS, megabytes, number, wrongKind } from "./party-words.mjs";

/** Save ``text`` as a file called ``name`` (the browser's download). */
export function download(name, text, type = "application/json") {
  const blob = new Blob([text], { type });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A scene file's name: the scene's (what a file system takes of it), the day, the format. */
export function fileName(name, suffix = "") {
  const base = String(name || "scene").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 60) || "scene";
  const day = new Date().toISOString().slice(0, 10);
  return `${base}${suffix} ${day}.svod-scene.json`;
}

/** A file's bytes as text, read strictly: text that is not UTF-8 is refused (a TypeError), never
 * read with «�» in place of what it holds, as the command line refuses it. A byte-order mark at
 * the start is accepted and dropped (as the command line drops it: api.decode_input). */
export function readUTF8(bytes) {
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** The kind of a file Свод wrote (its «format», the first key it writes: "svod-scene", "svod-party",
 * "svod-backup"), read from its first bytes only — so a file of another kind is named as that kind
 * whatever its size — or null. */
export async function fileKind(file) {
  const head = new TextDecoder("utf-8").decode(await file.slice(0, 4096).arrayBuffer());
  const m = /^\s*\{\s*"format"\s*:\s*"(svod-[a-z]{1,20})"/.exec(head);
  return m ? m[1] : null;
}

export class SceneList {
  constructor(page) {
    this.page = page;
  }

  get L() { return this.page.L; }
  get lang() { return this.page.lang; }

  /** «Новая сцена»: a name and «Создать», and «Из файла…» (``id``: its ids' stem, one per place
   * it is drawn: the empty page's, the scenes sheet's). */
  newSceneForm(id = "svod-newscene") {
    const L = this.L;
    // a group, not a <form>: it also goes inside the sheet's form
    return join(
      html`<div class="svod-newscene" role="group" aria-labelledby="${id}-label"><label id="${id}-label" for="${id}-name">${L.newSceneName}</label>`,
      html`<div class="svod-row"><input id="${id}-name" name="name" type="text" maxlength="80" autocomplete="off" placeholder="${L.newScenePlaceholder}" dir="auto">`,
      html`<button type="button" class="md-button md-button--primary svod-newscene__create">${L.create}</button></div>`,
      html`<p class="svod-err" role="alert" hidden></p>`,
      // the file field itself is what the keyboard reaches (Enter or Space opens the chooser, as
      // for any file field); what is seen is its label, drawn as a button, ringed when it has the focus
      html`<p class="svod-row"><input id="${id}-file" class="svod-import__file svod-visually-hidden" type="file" accept=".json,application/json">`,
      html`<label for="${id}-file" class="md-button svod-import">${L.import}</label></p></div>`);
  }

  bindNewScene(box) {
    const form = box.querySelector(".svod-newscene");
    const name = form.querySelector("input[name=name]");
    const create = () => this.newScene(name.value, form.querySelector(".svod-err"));
    form.querySelector(".svod-newscene__create").addEventListener("click", create);
    name.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); create(); }
    });
    const file = form.querySelector("input[type=file]");
    // Enter opens the chooser in this key's own handler (the browser's default for a file field is
    // not sure to come: a visually hidden field, a busy page); Space is the browser's own
    file.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      file.click();
    });
    file.addEventListener("change", (e) => {
      const f = e.target.files && e.target.files[0];
      e.target.value = "";
      if (f) this.importFile(f, form.querySelector(".svod-err"));
    });
  }

  async newScene(name, errBox) {
    const page = this.page;
    const res = await engine({ cmd: "new", name, reply: "text" }).catch(() => null);
    if (!res) {
      errBox.innerHTML = html`<p>${this.L.engineDown}</p>`;
      errBox.hidden = false;
      return;
    }
    if (!res.ok) {
      errBox.innerHTML = errorsHTML(res.errors, this.lang);
      errBox.hidden = false;
      return;
    }
    page.askPersist();
    const text = res.result.scene_text;
    try {
      const rec = await page.store.create(text, JSON.parse(text).name);
      await page.reloadRecords();
      page.sheet.close();
      await page.open(rec.id);
    } catch (e) { page.storageError(e); }
  }

  async importFile(file, errBox) {
    const L = this.L;
    const page = this.page;
    const spec = await page.specReady.catch(() => null);
    const maxChars = spec ? spec.limits.scene_chars : 2_100_000;
    const say = (h) => { errBox.innerHTML = h; errBox.hidden = false; };
    const refused = (why) => say(join(html`<p>${L.importRefused}</p>`, html`<p>${why}</p>`));
    const mb = (bytes) => megabytes(bytes, this.lang);
    let text;
    try {
      // a file of another kind is named as that kind, whatever its size
      const other = wrongKind(await fileKind(file), "svod-scene", this.lang);
      if (other) { refused(other); return; }
      // UTF-8 takes at most 4 bytes a character: a bigger file cannot be a scene (not read at all)
      if (file.size > 4 * maxChars) { refused(L.importTooBig(mb(file.size), mb(4 * maxChars))); return; }
      text = readUTF8(await file.arrayBuffer());
    } catch (e) {
      refused(e instanceof TypeError ? L.notUTF8 : String(e));
      return;
    }
    // told in the file's units, not as the engine's request (its bound is the scene's and then some)
    if (text.length > maxChars) { refused(L.importTooLong(mb(file.size), number(text.length, this.lang), number(maxChars, this.lang))); return; }
    const res = await engine({ cmd: "load", scene: text, reply: "text" }).catch(() => null);
    if (!res) {
      say(join(html`<p>${L.importRefused}</p>`, html`<p>${L.engineDown}</p>`));
      return;
    }
    if (!res.ok) {
      say(join(html`<p>${L.importRefused}</p>`, errorsHTML(res.errors, this.lang)));
      return;
    }
    const out = res.result.scene_text;
    const name = JSON.parse(out).name;
    // the device has a scene of this name: asked (replace — the earlier one deleted, to be restored
    // for a week; keep both; cancel), never a second copy made silently
    await page.reloadRecords();
    const { choice, other } = await askSameScene(page.records, name, errBox, this.lang);
    if (choice === "cancel") { page.toast(WORDS[this.lang].cancelled); return; }
    page.askPersist();
    try {
      const extra = res.result.migrated_from != null ? { legacy: { version: res.result.migrated_from, text } } : {};
      const rec = await page.store.create(out, name, extra);
      if (choice === "replace") await page.store.markDeleted(other, true);
      await page.reloadRecords();
      page.sheet.close();
      await page.open(rec.id);
      if (choice === "replace") page.toast(WORDS[this.lang].replaced(bdi(name || rec.id)), { label: L.restore, fn: () => this.restoreScene(other.id) });
      else page.toast(L.imported(bdi(name || rec.id)));
    } catch (e) { page.storageError(e); }
  }

  /** A scene to a file: the one open as the page shows it (stored or not), another as it is
   * stored; a record that holds no text, whole. */
  exportScene(rec) {
    if (rec.faulty) { // a record that failed the check: as it was read
      download(fileName("record", " (raw)"), rawText(rec.raw));
      return;
    }
    const cur = this.page.cur && this.page.cur.rec.id === rec.id ? this.page.cur : null;
    const text = cur && typeof cur.text === "string" ? cur.text : typeof rec.text === "string" ? rec.text : null;
    const sum = summary(rec);
    const name = cur && cur.checked ? cur.scene.name : sum.name;
    if (text != null) download(fileName(name), text);
    else download(fileName(sum.name || rec.id, " (raw)"), JSON.stringify(rec));
  }

  async deleteScene(rec) {
    const L = this.L;
    const page = this.page;
    const name = bdi(summary(rec).name || String(rec.id));
    if (rec.faulty) { // a record that failed the check: deleted for good, once asked (never written over)
      try {
        await page.store.deleteFaulty(rec);
      } catch (e) { page.storageError(e); }
    } else await page.store.markDeleted(rec, true);
    await page.reloadRecords();
    if (page.cur && page.cur.rec.id === rec.id) {
      const next = page.latest();
      if (next) await page.open(next.id);
      else page.renderEmpty();
    }
    this.show();
    if (rec.faulty) page.toast(L.deletedFaulty);
    else page.toast(L.deleted(name), { label: L.restore, fn: () => this.restoreScene(rec.id) });
  }

  async restoreScene(id) {
    const page = this.page;
    const rec = await page.store.get(id);
    if (!rec) return;
    await page.store.markDeleted(rec, false);
    await page.reloadRecords();
    await page.open(id);
    if (page.sheet.kind === "scenes") this.show();
  }

  /** The scenes sheet: those kept (the open one marked), a new one, those deleted this week. */
  show() {
    const page = this.page;
    const body = scenesHTML(page.records, { curId: page.cur && page.cur.rec.id, unreadable: page.unreadable, lang: this.lang,
      newSceneForm: this.newSceneForm("svod-newscene-sheet") });
    page.sheet.show("scenes", this.L.scenes, body, "");
    this.bindNewScene(page.sheet.dialog);
  }

  async onClick(act, el) {
    const page = this.page;
    const item = el.closest(".svod-scenes__item");
    const id = item && item.dataset.id;
    const rec = id && page.records.find((r) => r.id === id);
    if (act === "open-scene" && rec) { page.sheet.close(); await page.open(id); }
    else if (act === "export" && rec) this.exportScene(rec);
    else if (act === "ask-delete" && item) item.querySelector(".svod-scenes__confirm").hidden = false;
    else if (act === "cancel-delete" && item) item.querySelector(".svod-scenes__confirm").hidden = true;
    else if (act === "delete" && rec) await this.deleteScene(rec);
    else if (act === "restore" && id) await this.restoreScene(id);
  }
}
