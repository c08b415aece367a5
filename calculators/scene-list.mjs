// Свод — the scenes kept on this device: the list (open, «В файл», delete and «Вернуть»), a new
// scene, a scene from a file. The records are scene-store.mjs's; what a record says without the
// engine (its name, counts) is its ``summary``, escaped like every value (html.mjs).

import { html, join } from "./html.mjs";
import { summary } from "./scene-store.mjs";
import { engine } from "./scene-engine.mjs";

/** Save ``text`` as a file called ``name`` (the browser's download). */
export function download(name, text) {
  const blob = new Blob([text], { type: "application/json" });
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

function when(ms) {
  const d = new Date(ms);
  const today = new Date().toDateString() === d.toDateString();
  const pad = (n) => String(n).padStart(2, "0");
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return today ? time : `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${time}`;
}

/** The engine's errors ({field, ru, en}) as lines of HTML. */
export function errorsHTML(errors, lang) {
  return join((errors || []).map((e) => html`<p>${e[lang] || e.ru || e.en || "?"}</p>`));
}

export class SceneList {
  constructor(page) {
    this.page = page;
  }

  get L() { return this.page.L; }
  get lang() { return this.page.lang; }

  /** «Новая сцена»: a name and «Создать», and «Из файла…». */
  newSceneForm() {
    const L = this.L;
    // a group, not a <form>: it also goes inside the sheet's form
    return join(
      html`<div class="svod-newscene" role="group" aria-labelledby="svod-newscene-label"><label id="svod-newscene-label" for="svod-newscene-name">${L.newSceneName}</label>`,
      html`<div class="svod-row"><input id="svod-newscene-name" name="name" type="text" maxlength="80" autocomplete="off" placeholder="${L.newScenePlaceholder}">`,
      html`<button type="button" class="md-button md-button--primary svod-newscene__create">${L.create}</button></div>`,
      html`<p class="svod-err" role="alert" hidden></p>`,
      html`<p class="svod-row"><label class="md-button svod-import">${L.import}<input type="file" accept=".json,application/json" hidden></label></p></div>`);
  }

  bindNewScene(box) {
    const form = box.querySelector(".svod-newscene");
    const name = form.querySelector("input[name=name]");
    const create = () => this.newScene(name.value, form.querySelector(".svod-err"));
    form.querySelector(".svod-newscene__create").addEventListener("click", create);
    name.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); create(); }
    });
    form.querySelector("input[type=file]").addEventListener("change", (e) => {
      const f = e.target.files && e.target.files[0];
      e.target.value = "";
      if (f) this.importFile(f, form.querySelector(".svod-err"));
    });
  }

  async newScene(name, errBox) {
    const page = this.page;
    const res = await engine({ cmd: "new", name, reply: "text" }).catch(() => null);
    if (!res) return;
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
    // UTF-8 takes at most 4 bytes a character: a bigger file cannot be a scene (not read at all)
    if (file.size > 4 * maxChars) {
      say(html`<p>${L.importTooBig((file.size / 1048576).toFixed(1), (4 * maxChars / 1048576).toFixed(1))}</p>`);
      return;
    }
    let text;
    try { text = await file.text(); } catch (e) { say(html`<p>${String(e)}</p>`); return; }
    const res = await engine({ cmd: "load", scene: text, reply: "text" }).catch(() => null);
    if (!res) return;
    if (!res.ok) {
      say(join(html`<p>${L.importRefused}</p>`, errorsHTML(res.errors, this.lang)));
      return;
    }
    const out = res.result.scene_text;
    const name = JSON.parse(out).name;
    page.askPersist();
    try {
      const extra = res.result.migrated_from != null ? { legacy: { version: res.result.migrated_from, text } } : {};
      const rec = await page.store.create(out, name, extra);
      await page.reloadRecords();
      page.sheet.close();
      await page.open(rec.id);
      page.toast(L.imported(name || rec.id));
    } catch (e) { page.storageError(e); }
  }

  exportScene(rec) {
    const sum = summary(rec);
    if (typeof rec.text === "string") download(fileName(sum.name), rec.text);
    else download(fileName(sum.name || rec.id, " (raw)"), JSON.stringify(rec));
  }

  async deleteScene(rec) {
    const L = this.L;
    const page = this.page;
    const name = summary(rec).name || rec.id;
    await page.store.markDeleted(rec, true);
    await page.reloadRecords();
    if (page.cur && page.cur.rec.id === rec.id) {
      const next = page.latest();
      if (next) await page.open(next.id);
      else page.renderEmpty();
    }
    this.show();
    page.toast(L.deleted(name), { label: L.restore, fn: () => this.restoreScene(rec.id) });
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
    const L = this.L;
    const page = this.page;
    const live = page.records.filter((r) => !r.deletedAt).sort((a, b) => b.updated - a.updated);
    const gone = page.records.filter((r) => r.deletedAt).sort((a, b) => b.deletedAt - a.deletedAt);
    const row = (r) => {
      const s = summary(r);
      if (!s.broken && page.unreadable.has(r.id)) s.broken = "engine";
      const meta = s.broken ? html`<span class="svod-bad">${L.broken}</span>`
        : [s.chars != null ? L.chars(s.chars) : "", s.entries != null ? L.entries(s.entries) : "", L.updated(when(s.updated))].filter(Boolean).join(" · ");
      const isCur = page.cur && page.cur.rec.id === r.id;
      return join(
        html`<li class="svod-scenes__item${isCur ? " svod-scenes__item--current" : ""}" data-id="${r.id}">`,
        html`<div class="svod-scenes__name">${s.name || r.id}${isCur ? html` <small>(${L.current})</small>` : ""}</div>`,
        html`<div class="svod-scenes__meta">${meta}</div><div class="svod-row">`,
        isCur ? "" : html`<button type="button" class="md-button md-button--primary" data-act="open-scene">${L.open}</button>`,
        html`<button type="button" class="md-button" data-act="${s.broken ? "download-raw" : "export"}" data-id="${r.id}">${s.broken ? L.download : L.export}</button>`,
        html`<button type="button" class="md-button svod-danger" data-act="ask-delete">${L.delete}</button></div>`,
        html`<div class="svod-scenes__confirm" hidden><p>${L.deleteAsk(s.name || r.id)}</p><div class="svod-row">`,
        html`<button type="button" class="md-button svod-danger" data-act="delete">${L.delete}</button>`,
        html`<button type="button" class="md-button" data-act="cancel-delete">${L.cancel}</button></div></div></li>`);
    };
    const body = join(
      html`<ul class="svod-scenes">${live.map(row)}</ul>`,
      html`<h3>${L.newScene}</h3>`, this.newSceneForm(),
      gone.length ? html`<h3>${L.deletedList}</h3><ul class="svod-scenes">${gone.map((r) => html`<li class="svod-scenes__item" data-id="${r.id}"><div class="svod-scenes__name">${
        summary(r).name || r.id}</div><div class="svod-row"><button type="button" class="md-button" data-act="restore">${L.restore}</button></div></li>`)}</ul>` : "");
    page.sheet.show("scenes", L.scenes, body, "");
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
