// Свод — a calculator opened from a scene's character (the scene page's «В калькуляторе»: the
// link carries ?scene=<stored scene>&scene.<role>=<character id> beside the calculator's values):
// «Применить к <имя>» applies what the calculator holds — and its roll, when the last roll was of
// these very values — back to that character, as the scene's action (rules_core.scene.calclink
// checks it: values the scene takes from its characters must agree). calc.mjs loads this module
// (its scene hook) and says what was rolled (the "svod:rolled" event: params and seed).

import { call, rt, startRuntime } from "./engine.mjs";
import { html, join, raw } from "./html.mjs";
import { pickLang, renderBlocks, tr } from "./render.mjs";
import { SceneStore, StaleError } from "./scene-store.mjs";
import { bdi, errorsHTML } from "./scene-view.mjs";
import { ensureStyles } from "./scene.mjs";

const TEXT = {
  ru: {
    from: (scene, who) => html`Из сцены «${scene}»: ${who}`,
    attack: (a, t) => html`${a} → ${t}`,
    apply: (n) => html`Применить к персонажу «${n}»`,
    withRoll: "В сцену перейдёт бросок калькулятора.",
    noRoll: "Бросить здесь — или кубики бросит сцена.",
    back: "К сцене",
    applying: "Применяю…",
    applied: "Применено",
    missing: "Этой сцены нет на этом устройстве (её удалили или она на другом телефоне).",
    broken: "Сцена на этом устройстве не читается: откройте её на странице «Сцена».",
    noChar: (id) => html`В сцене больше нет персонажа «${id}».`,
    fix: "Исправьте ввод в калькуляторе.",
    failed: "Движок правил не ответил; попробуйте ещё раз.",
    stale: "Сцену изменили в другой вкладке: попробуйте ещё раз.",
    unused: (list) => `Не переносится в сцену: ${list}.`,
  },
  en: {
    from: (scene, who) => html`From the scene “${scene}”: ${who}`,
    attack: (a, t) => html`${a} → ${t}`,
    apply: (n) => html`Apply to ${n}`,
    withRoll: "The calculator's roll goes into the scene.",
    noRoll: "Roll here, or the scene rolls the dice.",
    back: "To the scene",
    applying: "Applying…",
    applied: "Applied",
    missing: "This scene is not on this device (deleted, or on another phone).",
    broken: "The scene on this device cannot be read: open it on the «Scene» page.",
    noChar: (id) => html`The scene has no character “${id}” any more.`,
    fix: "Fix the calculator's input.",
    failed: "The rules engine did not answer; please try again.",
    stale: "The scene was changed in another tab: please try again.",
    unused: (list) => `Not carried into the scene: ${list}.`,
  },
};

const ROLES = ["attacker", "target", "character"];

function linkOf(search) {
  const qs = new URLSearchParams(search);
  const roles = {};
  for (const r of ROLES) if (qs.get(`scene.${r}`)) roles[r] = qs.get(`scene.${r}`);
  return { sceneId: qs.get("scene"), roles };
}

const sameParams = (a, b) => JSON.stringify(a) === JSON.stringify(b);

class SceneLink {
  constructor(root, view, link, lang) {
    this.root = root;
    this.view = view;
    this.link = link;
    this.lang = lang;
    this.L = TEXT[lang];
    this.lastRoll = null;
    this.box = document.createElement("aside");
    this.box.className = "svod-scenelink";
    this.box.setAttribute("aria-label", lang === "en" ? "Scene" : "Сцена");
    root.before(this.box); // above the calculator: where the scene came from is the first thing in sight
  }

  sceneURL() {
    return new URL(`../../${this.lang === "en" ? "en/" : ""}scene/`, import.meta.url).href;
  }

  /** The scene and its characters, as the engine checks them (the record is untrusted: any site
   * of the origin could have written it). */
  async checked(rec) {
    if (!rec || rec.deletedAt || typeof rec.text !== "string") return null;
    if (rt.state === "idle" || rt.state === "error") startRuntime();
    const res = await call({ op: "scene", cmd: "load", scene: rec.text, reply: "text" });
    return res.ok ? JSON.parse(res.result.scene_text) : null;
  }

  async start() {
    const L = this.L;
    this.store = await SceneStore.open();
    const rec = this.link.sceneId ? await this.store.get(this.link.sceneId) : null;
    const back = html`<a class="md-button" href="${this.sceneURL()}">${L.back}</a>`;
    if (!rec || rec.deletedAt) { this.say("missing", join(html`<p>${L.missing}</p>`, html`<p>${back}</p>`)); return; }
    let sc;
    try {
      sc = await this.checked(rec);
    } catch { // the engine did not answer: said so, not «cannot be read»
      this.say("failed", join(html`<p>${L.failed}</p>`, html`<p>${back}</p>`));
      return;
    }
    if (!sc) { this.say("broken", join(html`<p>${L.broken}</p>`, html`<p>${back}</p>`)); return; }
    const name = (id) => (sc.characters.find((c) => c.id === id) || {}).name;
    const gone = Object.values(this.link.roles).find((id) => !name(id));
    if (gone) { this.say("missing", join(html`<p>${L.noChar(bdi(gone))}</p>`, html`<p>${back}</p>`)); return; }
    const r = this.link.roles;
    const who = r.attacker ? L.attack(bdi(name(r.attacker)), bdi(name(r.target))) : bdi(name(r.character));
    const target = name(r.target || r.character);
    this.box.innerHTML = join(
      html`<p class="svod-scenelink__from">${L.from(bdi(sc.name || "—"), who)}</p>`,
      // (one span: the button lays out its children as flex items, a <bdi> among them apart)
      html`<p class="svod-row"><button type="button" class="md-button md-button--primary svod-scenelink__apply"><span>${L.apply(bdi(target))}</span></button>${back}</p>`,
      html`<p class="svod-help svod-scenelink__roll"></p>`,
      html`<div class="svod-scenelink__out" aria-live="polite"></div>`);
    this.box.dataset.state = "ready";
    this.button = this.box.querySelector(".svod-scenelink__apply");
    this.button.addEventListener("click", () => this.apply());
    this.root.addEventListener("svod:rolled", (e) => {
      this.lastRoll = e.detail;
      this.rearm();
    });
    this.root.addEventListener("input", () => this.rearm());
    this.root.addEventListener("change", () => this.rearm());
    this.rearm();
  }

  say(state, content) {
    this.box.dataset.state = state;
    this.box.innerHTML = content;
  }

  /** The calculator changed or rolled again: the button applies anew. */
  rearm() {
    if (!this.button) return;
    if (this.box.dataset.state === "applied") this.box.dataset.state = "ready";
    this.button.disabled = false;
    const roll = this.rollFor(this.view.read());
    const line = !this.view.spec.can_roll ? "" : roll ? this.L.withRoll : this.L.noRoll;
    this.box.querySelector(".svod-scenelink__roll").textContent = line;
  }

  rollFor(params) {
    const r = this.lastRoll;
    return r && r.seed != null && sameParams(r.params, params) ? { seed: String(r.seed) } : null;
  }

  async apply() {
    const L = this.L;
    const out = this.box.querySelector(".svod-scenelink__out");
    const params = this.view.read();
    if (this.view.refusals(params).length) { out.innerHTML = html`<p class="svod-err">${L.fix}</p>`; return; }
    const calculator = { id: this.view.id, params };
    const roll = this.rollFor(params);
    if (roll) calculator.roll = roll;
    this.button.disabled = true;
    this.button.textContent = L.applying;
    this.box.dataset.state = "applying";
    if (rt.state === "idle" || rt.state === "error") startRuntime();
    let msg = null;
    let scene = null;
    for (let attempt = 0; attempt < 2 && msg === null; attempt++) {
      const rec = await this.store.get(this.link.sceneId);
      if (!rec || typeof rec.text !== "string") { msg = { state: "missing", html: html`<p>${L.missing}</p>` }; break; }
      let res;
      try {
        res = await call({ op: "scene", cmd: "from_calculator", scene: rec.text, calculator, roles: this.link.roles, reply: "text" });
      } catch {
        msg = { state: "ready", html: html`<p class="svod-err">${L.failed}</p>` };
        break;
      }
      if (!res.ok) {
        msg = { state: "refused", html: html`<div class="svod-err">${errorsHTML(res.errors, this.lang)}</div>` };
        break;
      }
      const text = res.result.scene_text;
      try {
        await this.store.save(rec, text, JSON.parse(text).name);
        scene = JSON.parse(text);
      } catch (e) {
        if (e instanceof StaleError) continue;
        msg = { state: "ready", html: html`<p class="svod-err">${String(e && (e.name || e.message) || e)}</p>` };
        break;
      }
      const dice = res.result.events.flatMap((ev) => (ev.display || []).filter((b) => b.kind === "dice"));
      const unused = Object.keys(res.result.unused || {});
      const names = unused.map((k) => {
        const p = this.view.spec.params.find((q) => q.name === k);
        return p ? tr(p.label, this.lang) : k;
      });
      msg = { state: "applied", html: join(html`<p class="svod-scenelink__done" dir="auto">${L.applied}: ${tr(res.result.text, this.lang)}</p>`,
        raw(renderBlocks(dice, this.lang)), names.length ? html`<p class="svod-help">${L.unused(names.join(", "))}</p>` : "") };
    }
    if (msg === null) msg = { state: "ready", html: html`<p class="svod-err">${L.stale}</p>` };
    out.innerHTML = msg.html;
    this.box.dataset.state = msg.state;
    // the button names the target as the scene now has him (the engine's, when it was just applied)
    const r = this.link.roles;
    const sc = scene || await this.checked(await this.store.get(this.link.sceneId)).catch(() => null);
    const target = sc && (sc.characters.find((c) => c.id === (r.target || r.character)) || {}).name;
    this.button.innerHTML = html`<span>${L.apply(bdi(target || "—"))}</span>`;
    this.button.disabled = msg.state === "applied" || msg.state === "missing";
  }
}

/** Give the calculator of this page its «Применить к …» (once per page). */
export function attach(doc, views) {
  const link = linkOf(location.search);
  if (!link.sceneId) return;
  const root = doc.querySelector(".svod-calc[data-attached]:not([data-scene-linked])");
  if (!root) return;
  const view = [...views].find((v) => v.root === root);
  if (!view) return;
  root.dataset.sceneLinked = "1";
  ensureStyles();
  const app = new SceneLink(root, view, link, pickLang(doc.documentElement.lang));
  globalThis.svodSceneLink = app;
  app.start().catch((err) => console.error("svod: scene link", err));
}
