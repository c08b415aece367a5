// Свод — the party on the scene page: «Сохранить в партию» and «Копия» in a card's «⋯» menu, «Из
// партии» in a new character's sheet (several at once). The engine does each (rules_core.scene.api:
// party carry/add, from_party, duplicate_character); the scene's changes go through the page's queue
// (scene.mjs enqueue: stored over the revision they came from), the party's through party-store.mjs.
// scene.mjs hands it every click on a [data-act^="party-"].

import { html, join } from "./html.mjs";
import { tr } from "./render.mjs";
import { WORDS } from "./party-words.mjs";
import { changeParty, readParty } from "./party-store.mjs";
import { engine } from "./scene-engine.mjs";
import { ask, partyCSS } from "./scene-same.mjs";
import { bdi, errorsHTML } from "./scene-view.mjs";
import { download } from "./scene-list.mjs";
import { encodeView, LinkError, MAX_FRAGMENT } from "./table-link.mjs";

const SITE = new URL("../../", import.meta.url);

/** The players' view page's address in ``lang`` (the site's own: any sub-path). */
export function tableURL(lang) {
  return new URL(lang === "en" ? "en/table/" : "table/", SITE).href;
}

/** Draw ``text`` as a QR code on ``canvas`` (uqr, the kept library: assets/qr/uqr.mjs), each module
 * ``scale`` pixels, a quiet zone of four → the QR's size in modules. */
export async function drawQR(canvas, text, scale = 2) {
  const { encode } = await import(new URL("assets/qr/uqr.mjs", SITE).href);
  const qr = encode(text, { ecc: "L", border: 4 });
  canvas.width = canvas.height = qr.size * scale;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000";
  qr.data.forEach((row, y) => row.forEach((on, x) => { if (on) g.fillRect(x * scale, y * scale, scale, scale); }));
  return qr.size;
}

/** The card menu's entries for character ``cid``. */
export function menuEntries(cid, lang) {
  const W = WORDS[lang];
  return join(html`<button type="button" class="md-button" data-act="party-save" data-char="${cid}">${W.saveToParty}</button>`,
    html`<button type="button" class="md-button" data-act="party-duplicate" data-char="${cid}">${W.duplicate}</button>`);
}

/** The new character sheet's «Из партии…». */
export function fromPartyButton(lang) {
  return html`<p class="svod-row"><button type="button" class="md-button" data-act="party-pick">${WORDS[lang].fromParty}</button></p>`;
}

export class SceneParty {
  constructor(page) {
    this.page = page;
    this.pending = null; // the member «Сохранить в партию» would store
    partyCSS();
  }

  get W() { return WORDS[this.page.lang]; }

  async onClick(act, el) {
    const page = this.page;
    const cid = el.dataset.char;
    if (act === "party-duplicate" && cid) {
      page.sheet.close();
      const res = await page.enqueue(this.W.duplicate, (text) => engine({ cmd: "duplicate_character", scene: text, character: cid, reply: "text" }));
      page.toast(res.ok ? tr(res.result.event.text, page.lang) : errorsHTML(res.errors, page.lang));
    } else if (act === "party-save" && cid) await this.showSave(cid);
    else if (act === "party-store") await this.store(null);
    else if (act === "party-pick") await this.showPick();
    else if (act === "party-add") await this.addPicked();
    else if (act === "party-share") await this.showShare();
    else if (act === "party-shown") await this.makeLink();
    else if (act === "party-send") await this.send();
    else if (act === "party-qr-file") this.qrFile();
  }

  // ---- the players' view: a link, its QR code, the share sheet ----
  async showShare() {
    const page = this.page;
    const W = this.W;
    const body = join(
      html`<p class="svod-help">${W.shareHelp}</p>`,
      html`<label class="svod-party__member"><input type="checkbox" name="shown" data-act="party-shown"> ${W.showNumbers}</label>`,
      html`<p class="svod-party__linknote" role="status"></p>`,
      html`<div class="svod-party__qr"><canvas class="svod-party__qrcode" role="img" aria-label="${W.qrLabel}"></canvas></div>`,
      html`<label for="svod-party-link">${W.link}</label><input id="svod-party-link" class="svod-party__link" type="text" readonly dir="ltr">`,
      html`<div class="svod-sheet__errors" role="alert" hidden></div>`,
      html`<p class="svod-row"><a class="md-button" href="${tableURL(page.lang)}#live" target="_blank" rel="noopener">${W.forTable}</a></p>`);
    const share = typeof navigator.share === "function";
    const footer = join(share ? html`<button type="button" class="md-button md-button--primary" data-act="party-send">${W.share}</button>` : "",
      html`<button type="button" class="md-button${share ? "" : " md-button--primary"}" data-act="party-qr-file">${W.qrFile}</button>`);
    page.sheet.show("party-share", W.shareTitle, body, footer);
    await this.makeLink();
  }

  /** The link for the scene as it is now (with its party's sheets; without them when it would be
   * too long; refused with the bound beyond it even so). */
  async makeLink() {
    const page = this.page;
    const W = this.W;
    const d = page.sheet.dialog;
    const shown = d.querySelector("input[name=shown]").checked;
    const box = d.querySelector(".svod-sheet__errors");
    const note = d.querySelector(".svod-party__linknote");
    const canvas = d.querySelector(".svod-party__qrcode");
    const input = d.querySelector(".svod-party__link");
    box.hidden = true;
    note.textContent = "";
    this.link = null;
    let fragment = null;
    let length = 0;
    for (const sheets of [true, false]) {
      const res = await engine({ cmd: "table", scene: page.cur.text, show_numbers: shown, sheets }).catch(() => null);
      if (!res || !res.ok) { box.innerHTML = res ? errorsHTML(res.errors, page.lang) : html`<p>${page.L.engineDown}</p>`; box.hidden = false; return; }
      try {
        fragment = await encodeView(res.result.view_text);
        if (!sheets) note.textContent = W.withoutSheets;
        break;
      } catch (e) {
        if (!(e instanceof LinkError)) throw e;
        length = e.detail;
      }
    }
    if (!fragment) {
      box.innerHTML = html`<p>${W.linkTooLongToMake(length, MAX_FRAGMENT)}</p>`;
      box.hidden = false;
      input.value = "";
      canvas.hidden = true;
      return;
    }
    this.link = `${tableURL(page.lang)}#${fragment}`;
    input.value = this.link;
    canvas.hidden = false;
    try {
      await drawQR(canvas, this.link);
    } catch {
      canvas.hidden = true;
      note.textContent = W.qrTooBig;
    }
    d.dataset.link = "done";
  }

  async send() {
    if (!this.link) return;
    try {
      await navigator.share({ title: this.W.shareTitle, url: this.link });
    } catch (e) {
      if (e && e.name === "AbortError") return;
      this.qrFile();
    }
  }

  /** The fallback of the share sheet: the link as a text file. */
  qrFile() {
    if (this.link) download("svod-table-link.txt", `${this.link}\n`, "text/plain");
  }

  /** «Сохранить в партию»: what the party would keep of him (the engine's end-of-scene rules,
   * named), the changes in words, confirmed by «Сохранить». */
  async showSave(cid) {
    const page = this.page;
    const W = this.W;
    const ch = page.char(cid);
    const res = await engine({ cmd: "party", do: "carry", scene: page.cur.text, character: cid }).catch(() => null);
    if (!res || !res.ok) { page.toast(res ? errorsHTML(res.errors, page.lang) : page.L.engineDown); return; }
    this.pending = res.result.member;
    const changes = res.result.changes;
    const body = join(
      html`<p class="svod-help">${tr(res.result.rule, page.lang)}</p>`,
      changes.length ? html`<p>${W.changesTitle}</p><ul class="svod-party__changes">${changes.map((c) => html`<li dir="auto">${tr(c, page.lang)}</li>`)}</ul>`
        : html`<p>${W.noChanges}</p>`,
      html`<div class="svod-sheet__errors" role="alert" hidden></div>`);
    const footer = html`<button type="button" class="md-button md-button--primary" data-act="party-store">${W.save}</button>`;
    page.sheet.show("party-save", W.saveTitle(bdi(ch ? ch.name : cid)), body, footer);
  }

  /** Store the pending member (``same``: what to do with a member of the same name, once asked). */
  async store(same) {
    const page = this.page;
    const W = this.W;
    const box = page.sheet.dialog.querySelector(".svod-sheet__errors");
    if (!this.pending) return;
    let res;
    try {
      res = await changeParty({ do: "add", member: this.pending, ...(same ? { same_name: same } : {}) });
    } catch (e) {
      box.innerHTML = html`<p>${String((e && (e.name || e.message)) || e)}</p>`;
      box.hidden = false;
      return;
    }
    if (!res.ok) { box.innerHTML = errorsHTML(res.errors, page.lang); box.hidden = false; return; }
    if (res.result.conflict) {
      const choice = await ask(box, W.sameMember(bdi(res.result.conflict.name)),
        [["replace", W.replace], ["keep_both", W.keepBothMember], ["cancel", W.cancel]]);
      if (choice !== "cancel") await this.store(choice);
      return;
    }
    const member = JSON.parse(res.result.party_text).members.find((m) => m.id === res.result.member);
    this.pending = null;
    page.sheet.close();
    page.toast(W.savedToParty(bdi(member ? member.name : "")));
  }

  /** «Из партии»: the party's members, several ticked at once, added to the scene. */
  async showPick() {
    const page = this.page;
    const W = this.W;
    const cur = await readParty().catch(() => null);
    if (!cur || cur.broken) { page.toast(cur ? errorsHTML(cur.broken, page.lang) : page.L.engineDown); return; }
    const members = cur.party.members;
    const systems = page.spec.systems;
    const body = members.length ? join(
      html`<fieldset class="svod-party__pick"><legend>${W.pickTitle}</legend>`,
      members.map((m) => html`<label class="svod-party__member"><input type="checkbox" name="member" value="${m.id}"> <bdi>${m.name}</bdi> <small>${tr(systems[m.system].title, page.lang)}</small></label>`),
      html`</fieldset><div class="svod-sheet__errors" role="alert" hidden></div>`)
      : html`<p>${W.partyEmpty}</p>`;
    const footer = members.length ? html`<button type="button" class="md-button md-button--primary" data-act="party-add">${W.addPicked}</button>` : "";
    page.sheet.show("party-pick", W.fromParty, body, footer);
  }

  async addPicked() {
    const page = this.page;
    const dialog = page.sheet.dialog;
    const ids = [...dialog.querySelectorAll("input[name=member]:checked")].map((i) => i.value);
    const box = dialog.querySelector(".svod-sheet__errors");
    if (!ids.length) { box.innerHTML = html`<p>${this.W.pickNone}</p>`; box.hidden = false; return; }
    const cur = await readParty().catch(() => null);
    if (!cur || cur.broken) return;
    page.sheet.close();
    const res = await page.enqueue(this.W.fromParty, (text) => engine({ cmd: "from_party", scene: text, party: cur.text, members: ids, reply: "text" }));
    page.toast(res.ok ? res.result.events.map((e) => tr(e.text, page.lang)).join(" ") : errorsHTML(res.errors, page.lang));
  }
}
