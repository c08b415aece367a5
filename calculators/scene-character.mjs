// Свод — a character's sheet (a new character, or one edited by hand) and the scene's readings of
// the sources, each in the scene's sheet; what they read is sent to the engine as the scene's
// action (add_character, edit_character, set_readings).
//
// Test hook: a new character's form carries data-initial-state (pending → done): its state
// fields show what the engine would start him at.

import { drawField, fieldRefusals, FormIndex, liveNames, readField } from "./form.mjs";
import { html, join } from "./html.mjs";
import { KINDS } from "./kinds.mjs";
import { tr } from "./render.mjs";
import { PREVIEW_MS } from "./scene-action.mjs";
import { calcSpecs, engine } from "./scene-engine.mjs";
import { SheetPart } from "./scene-sheet.mjs";
import { bdi } from "./scene-view.mjs";
import { fromPartyButton } from "./scene-party.mjs";
import { TEXT } from "./scene-words.mjs";

/** A value as text with every object's keys sorted (the engine may write a record's keys in
 * another order than the page reads them). */
const canonical = (v) => JSON.stringify(v, (k, x) => (x && typeof x === "object" && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x));
const changed = (a, b) => canonical(a) !== canonical(b);

/** A character's side and (where his system has more than one) creature type, as fields of his sheet. */
export function whoFields(spec, system) {
  const c = spec.character || {};
  const out = [];
  if (Array.isArray(c.sides) && c.sides.length) {
    out.push({ name: "side", kind: "choice", label: { ru: TEXT.ru.side, en: TEXT.en.side }, options: c.sides, default: c.default_side || c.sides[0].value });
  }
  const s = spec.systems[system];
  if (s && Array.isArray(s.kinds) && s.kinds.length > 1) {
    out.push({ name: "kind", kind: "choice", label: { ru: TEXT.ru.kind, en: TEXT.en.kind }, options: s.kinds, default: s.default_kind || s.kinds[0].value });
  }
  return out;
}

/** The fields of one stored attack as the character's sheet draws them, from the engine's spec
 * (``systems[system].attack``): its name (bounded by ``character.limits.attack_name``), the
 * calculator's essentials for a calculator field (``calc``: its spec; the fields the scene fills
 * left out), every other field as it is. Each is ``{p, path}`` under ``attacks[i]``; ``param``
 * names a calculator's parameter (stored under the field's name). Null: no stored attacks. */
export function attackFields(spec, system, calc) {
  const s = spec.systems[system];
  if (!s || !Array.isArray(s.attack)) return null;
  const limits = (spec.character && spec.character.limits) || {};
  const out = [{ p: { name: "name", kind: "text", label: { ru: TEXT.ru.attackName, en: TEXT.en.attackName }, max_len: limits.attack_name }, path: "name" }];
  for (const f of s.attack) {
    if (f.kind !== "calculator") { out.push({ p: f, path: f.name }); continue; }
    const c = calc && calc.get(f.calculator);
    if (!c) continue;
    const filled = new Set(f.filled || []);
    const wanted = new Set(f.essentials || []);
    for (const p of c.params) {
      // (``start``: what a new stored attack starts from, the engine's ``new``: melee, no example's dice)
      if (wanted.has(p.name) && !filled.has(p.name)) {
        const start = f.new && Object.hasOwn(f.new, p.name) ? { value: f.new[p.name] } : null;
        out.push({ p, path: `${f.name}.${p.name}`, param: f.name, start });
      }
    }
  }
  return out;
}

/** A stored attack read back from its fields (``values`` by path): a calculator's parameters kept
 * only where they apply and differ from the calculator's default (the attack opens with the
 * defaults anyway), over those of ``was`` the sheet does not draw (kept as they were). */
export function attackRecord(fields, values, was) {
  const rec = {};
  const drawn = {};
  for (const { p, path, param } of fields) {
    if (!param) { rec[p.name] = values[path]; continue; }
    (drawn[param] || (drawn[param] = [])).push(p);
  }
  for (const [param, params] of Object.entries(drawn)) {
    const own = Object.fromEntries(params.map((p) => [p.name, values[`${param}.${p.name}`]]));
    const live = liveNames(params, own);
    const kept = Object.fromEntries(Object.entries((was && was[param]) || {}).filter(([k]) => !params.some((p) => p.name === k)));
    for (const p of params) {
      const was_ = was && was[param] && Object.hasOwn(was[param], p.name);
      if (live.has(p.name) && (changed(own[p.name], p.default) || (was_ && !changed(own[p.name], was[param][p.name])))) {
        kept[p.name] = own[p.name];
      }
    }
    rec[param] = kept;
  }
  return rec;
}

export class CharacterSheet extends SheetPart {
  /** The sheet of character ``cid``, or of a new one (``cid`` null). */
  show(cid) {
    const L = this.L;
    const page = this.page;
    const spec = page.spec;
    const ch = cid ? page.char(cid) : null;
    if (!ch && page.cur.scene.characters.length >= spec.limits.characters) { page.toast(L.limitChars(spec.limits.characters)); return; }
    const systems = Object.entries(spec.systems);
    const sys = ch ? ch.system : (page.lastSystem || systems[0][0]);
    const prefix = "svod-char";
    const nameField = { name: "name", kind: "text", label: { ru: L.name, en: L.name }, max_len: spec.limits.character_name };
    const body = join(
      ch ? "" : fromPartyButton(this.lang),
      drawField(nameField, ch ? ch.name : "", "name", prefix, this.lang),
      ch ? "" : html`<div class="svod-field" data-field="system"><label for="${prefix}-system">${L.system}</label><select id="${prefix}-system" name="system">${
        systems.map(([k, s]) => html`<option value="${k}"${k === sys ? html` selected` : ""}>${tr(s.title, this.lang)}</option>`)}</select></div>`,
      html`<div class="svod-charsheet"></div><div class="svod-sheet__errors" role="alert" hidden></div>`);
    // the form's submit button: Enter in any of its fields saves too
    const footer = html`<button type="submit" class="md-button md-button--primary svod-go" data-act="save-char">${ch ? L.apply : L.create}</button>`;
    this.sheet.show("character", ch ? L.editTitle(bdi(ch.name)) : L.addCharTitle, body, footer);
    const form = this.sheet.form;
    // A new character may join already hurt, drunk or stressed: its state is folded under the
    // sheet, each field showing what the engine would start it at (from the sheet as typed) until
    // the reader changes it; only the fields changed are sent, the engine fills the rest.
    const act = page.act = { owner: this, type: ch ? "edit_character" : "add_character", form,
      index: new FormIndex({ form, prefix, lang: this.lang }), fixed: {}, spec: { fields: [] }, touched: new Set() };
    const drawSheet = (system) => {
      const s = spec.systems[system];
      const stats = s.stats.map((p) => drawField(p, ch ? ch.stats[p.name] : p.default, `stats.${p.name}`, prefix, this.lang));
      const state = s.state.map((p) => drawField(p, ch ? ch.state[p.name] : p.default, `state.${p.name}`, prefix, this.lang));
      // who he is in the fight: his side (the default target is one of the other side) and, where
      // his system tells creatures apart, his creature type
      const who = whoFields(spec, system).map((p) => drawField(p, ch ? ch[p.name] : p.default, p.name, prefix, this.lang));
      form.querySelector(".svod-charsheet").innerHTML = join(
        who,
        html`<fieldset><legend>${L.stats}</legend>${stats}</fieldset>`,
        html`<details class="svod-more svod-charstate"><summary>${L.stateNow}</summary>${state}</details>`,
        html`<div class="svod-charattacks-box"></div>`);
      act.touched.clear();
      act.index.redrawn();
      act.system = system;
      this.drawAttacks(system, ch ? ch.attacks || [] : []);
      if (!ch) this.scheduleInitialState(0);
    };
    drawSheet(sys);
    const sel = form.elements.system;
    if (sel) sel.addEventListener("change", () => { page.lastSystem = sel.value; drawSheet(sel.value); });
    const onChange = (el) => {
      const name = el && el.closest("[data-field]") && el.closest("[data-field]").dataset.field;
      if (!name || ch) return;
      if (name.startsWith("state.")) act.touched.add(name);
      else if (name.startsWith("stats.")) this.scheduleInitialState(PREVIEW_MS);
    };
    form.addEventListener("input", (e) => { onChange(e.target); this.attackWhen(e.target); });
    form.addEventListener("change", (e) => { onChange(e.target); this.attackWhen(e.target); });
    form.addEventListener("submit", (e) => { e.preventDefault(); this.save(ch); });
    form.addEventListener("click", (e) => {
      if (e.target.closest(".svod-charattacks__add")) { this.addAttack(); return; }
      const drop = e.target.closest(".svod-charattack__remove");
      if (drop) { this.removeAttack(Number(drop.dataset.index)); return; }
      const step = e.target.closest(".svod-step");
      if (step) {
        KINDS.int.step(step.parentElement.querySelector("input"), Number(step.dataset.step));
        onChange(step);
      }
    });
    form.elements.name.focus();
  }

  /** The first error shown beside a field brought into sight (a long sheet: it may be far below). */
  showFirstError() {
    const act = this.act;
    const err = act && act.form.querySelector(".svod-sheet__body .svod-err:not([hidden])");
    if (err) err.closest("[data-field]").scrollIntoView({ block: "center" });
  }

  /** His stored attacks, where his system keeps them (the engine's spec): one block per attack (its
   * name, the attack calculator's essentials, the damage's tags, nonlethal), «Добавить атаку» up to
   * the engine's limit, «Убрать атаку» on each; an attack chosen in «Атака» opens filled from it. */
  async drawAttacks(system, list) {
    const act = this.act;
    const box = act.form.querySelector(".svod-charattacks-box");
    act.attackFields = null;
    act.attackRows = [];
    if (!box) return;
    box.innerHTML = "";
    if (!Array.isArray(this.page.spec.systems[system].attack)) return;
    const specs = await calcSpecs().catch(() => null);
    if (this.act !== act || !box.isConnected || act.system !== system) return;
    act.attackFields = attackFields(this.page.spec, system, specs);
    this.writeAttacks(list, list.length > 0);
  }

  /** The attacks' blocks drawn afresh from ``list`` (stored records); ``open``: the fold opened. */
  writeAttacks(list, open) {
    const act = this.act;
    const L = this.L;
    const box = act.form.querySelector(".svod-charattacks-box");
    act.attackRows = list.map((r) => r || null);
    box.innerHTML = html`<details class="svod-more svod-charattacks"${open ? html` open` : ""}><summary>${L.attacks}</summary><div class="svod-field" data-field="attacks"><div class="svod-charattacks__list">${
      list.map((r, i) => this.attackBlock(i, r))}</div>${this.attackTools(list.length)}<p class="svod-err" role="alert" hidden></p></div></details>`;
    act.index.redrawn();
    for (let i = 0; i < list.length; i++) this.attackWhen(null, i);
  }

  attackTools(n) {
    const max = ((this.page.spec.character || {}).limits || {}).attacks;
    const full = max != null && n >= max;
    return html`<div class="svod-charattacks__tools"><button type="button" class="md-button svod-charattacks__add"${full ? html` disabled` : ""}>${this.L.addAttack}</button>${
      full ? html`<small class="svod-help">${this.L.attacksFull(max)}</small>` : ""}</div>`;
  }

  /** One attack's block: its fields at ``attacks[i].…``, valued from the record ``r`` (a new one: the defaults). */
  attackBlock(i, r) {
    const rec = r || {};
    const value = ({ p, path, param, start }) => {
      if (param && !r && start) return start.value;
      if (param) return rec[param] && Object.hasOwn(rec[param], p.name) ? rec[param][p.name] : p.default;
      return Object.hasOwn(rec, p.name) ? rec[p.name] : (p.name === "name" ? "" : p.default);
    };
    return html`<fieldset class="svod-charattack" data-field="attacks[${i}]" data-index="${i}"><legend>${this.L.attackN(i + 1)}</legend>${
      this.act.attackFields.map((f) => drawField(f.p, value(f), `attacks[${i}].${f.path}`, "svod-char", this.lang))}<button type="button" class="md-button svod-charattack__remove" data-index="${i}">${this.L.removeAttack}</button><p class="svod-err" role="alert" hidden></p></fieldset>`;
  }

  addAttack() {
    const act = this.act;
    const list = act.form.querySelector(".svod-charattacks__list");
    if (!act.attackFields || !list) return;
    const max = ((this.page.spec.character || {}).limits || {}).attacks;
    const i = act.attackRows.length;
    if (max != null && i >= max) return;
    act.attackRows.push(null);
    list.insertAdjacentHTML("beforeend", String(this.attackBlock(i, null)));
    act.form.querySelector(".svod-charattacks__tools").outerHTML = String(this.attackTools(i + 1));
    act.index.redrawn();
    this.attackWhen(null, i);
    const first = list.lastElementChild.querySelector("input");
    if (first) first.focus();
  }

  removeAttack(i) {
    const act = this.act;
    const { list } = this.readAttacks();
    list.splice(i, 1);
    this.writeAttacks(list, true);
    const next = act.form.querySelector(`.svod-charattack[data-index="${Math.min(i, list.length - 1)}"] input`) ||
      act.form.querySelector(".svod-charattacks__add");
    if (next) next.focus();
  }

  /** The attacks as their blocks say (records as the engine stores them) and what the page refuses. */
  readAttacks() {
    const act = this.act;
    const list = [];
    const refused = [];
    if (!act.attackFields) return { list: null, refused };
    for (let i = 0; i < act.attackRows.length; i++) {
      const values = {};
      for (const { p, path } of act.attackFields) {
        const at = `attacks[${i}].${path}`;
        values[path] = readField(p, at, act.index);
        refused.push(...fieldRefusals(p, values[path], at));
      }
      list.push(attackRecord(act.attackFields, values, act.attackRows[i]));
    }
    return { list, refused };
  }

  /** Hide an attack's calculator fields that do not apply (form.mjs ``liveNames``, the one rule):
   * the block of ``el`` (a control changed), or block ``i``. */
  attackWhen(el, i) {
    const act = this.act;
    if (!act || !act.attackFields) return;
    const block = el ? el.closest && el.closest(".svod-charattack") : act.form.querySelector(`.svod-charattack[data-index="${i}"]`);
    if (!block) return;
    const at = `attacks[${block.dataset.index}].`;
    const byParam = {};
    for (const f of act.attackFields) if (f.param) (byParam[f.param] || (byParam[f.param] = [])).push(f);
    for (const fields of Object.values(byParam)) {
      const params = fields.map((f) => f.p);
      const live = liveNames(params, Object.fromEntries(fields.map((f) => [f.p.name, readField(f.p, at + f.path, act.index)])));
      for (const f of fields) {
        const box = block.querySelector(`[data-field="${CSS.escape(at + f.path)}"]`);
        if (box) box.hidden = !live.has(f.p.name);
      }
    }
  }

  /** A new character's state fields the reader has not changed: what the engine starts it at
   * from the sheet as typed (asked by previewing its joining; a sheet the form refuses asks nothing). */
  scheduleInitialState(ms) {
    const act = this.act;
    clearTimeout(act.stateTimer);
    act.form.dataset.initialState = "pending";
    const my = act.stateSeq = (act.stateSeq || 0) + 1; // an answer to an earlier sheet is not shown
    act.stateTimer = setTimeout(async () => {
      const system = act.form.elements.system.value;
      const s = this.page.spec.systems[system];
      const stats = {};
      for (const p of s.stats) {
        const v = readField(p, `stats.${p.name}`, act.index);
        if (fieldRefusals(p, v, `stats.${p.name}`).length) return;
        stats[p.name] = v;
      }
      const character = { name: act.form.elements.name.value || "?", system, stats };
      const res = await engine({ cmd: "preview", scene: this.page.cur.text, action: { type: "add_character", character } }).catch(() => null);
      if (this.act !== act || my !== act.stateSeq || !res || !res.ok || act.form.elements.system.value !== system) return;
      const start = res.result.event.entry.action.character.state;
      for (const p of s.state) {
        const path = `state.${p.name}`;
        const el = act.form.querySelector(`[data-field="${CSS.escape(path)}"]`);
        if (!el || act.touched.has(path) || !(p.name in start)) continue;
        el.outerHTML = drawField(p, start[p.name], path, "svod-char", this.lang);
      }
      act.index.redrawn();
      act.form.dataset.initialState = "done"; // a test hook: the untouched fields show the engine's start
    }, ms);
  }

  async save(ch) {
    const act = this.act;
    if (!act || act.going) return;
    const page = this.page;
    const form = act.index;
    const system = ch ? ch.system : act.form.elements.system.value;
    const s = page.spec.systems[system];
    const refused = [];
    const read = (p, path) => {
      const v = readField(p, path, form);
      refused.push(...fieldRefusals(p, v, path));
      return v;
    };
    const name = act.form.elements.name.value;
    const stats = Object.fromEntries(s.stats.map((p) => [p.name, read(p, `stats.${p.name}`)]));
    const who = Object.fromEntries(whoFields(page.spec, system).map((p) => [p.name, read(p, p.name)]));
    const attacks = this.readAttacks();
    refused.push(...attacks.refused);
    let action;
    if (ch) {
      const statsDiff = Object.fromEntries(Object.entries(stats).filter(([k, v]) => changed(v, ch.stats[k])));
      const state = Object.fromEntries(s.state.map((p) => [p.name, read(p, `state.${p.name}`)]).filter(([k, v]) => changed(v, ch.state[k])));
      action = { type: "edit_character", character: ch.id };
      if (name !== ch.name) action.name = name;
      for (const [k, v] of Object.entries(who)) if (v !== ch[k]) action[k] = v;
      if (Object.keys(statsDiff).length) action.stats = statsDiff;
      if (Object.keys(state).length) action.state = state;
      if (attacks.list && changed(attacks.list, ch.attacks || [])) action.attacks = attacks.list;
    } else {
      action = { type: "add_character", character: { name, system, ...who, stats } };
      const state = Object.fromEntries(s.state.filter((p) => act.touched.has(`state.${p.name}`))
        .map((p) => [p.name, read(p, `state.${p.name}`)]));
      if (Object.keys(state).length) action.character.state = state;
      if (attacks.list && attacks.list.length) action.character.attacks = attacks.list;
    }
    this.errors(refused);
    if (refused.length) { this.showFirstError(); return; }
    act.going = true;
    const btn = this.sheet.$(".svod-go");
    btn.disabled = true;
    btn.textContent = this.L.pending;
    const res = await page.enqueue(tr(page.actionSpec(action.type).title, this.lang),
      (text) => engine({ cmd: "apply", scene: text, action, reply: "text" }));
    act.going = false;
    if (this.act !== act) return;
    if (!res.ok) {
      btn.disabled = false;
      btn.textContent = ch ? this.L.apply : this.L.create;
      // the engine names a new character's fields under "character." (add) — shown beside them
      this.errors(res.errors.map((e) => ({ ...e, field: String(e.field || "").replace(/^character\./, "") })));
      this.showFirstError();
      return;
    }
    // a new character: his card in sight once the sheet has gone, its name under the bar
    if (!ch && res.result.event.result) page.revealOnClose = res.result.event.result.character || null;
    this.sheet.close();
  }

}

export class ReadingsSheet extends SheetPart {
  /** The scene's readings of the sources, each system's switches, and what the sources leave open. */
  show() {
    const page = this.page;
    const L = page.L;
    const lang = page.lang;
    const sc = page.cur.scene;
    const prefix = "svod-read";
    const systems = Object.entries(page.spec.systems).filter(([, s]) => s.readings.length);
    const body = join(
      html`<p class="svod-help">${L.readingsHelp}</p>`,
      systems.map(([sys, s]) => html`<fieldset><legend>${tr(s.title, lang)}</legend>${
        s.readings.map((p) => drawField(p, sc.readings[sys][p.name], `readings.${sys}.${p.name}`, prefix, lang))}</fieldset>`),
      html`<details class="svod-more"><summary>${L.unclear}</summary><ul class="svod-open">${page.spec.open.map((o) =>
        html`<li><b>${tr(page.spec.systems[o.system].title, lang)}.</b> ${tr(o.reading, lang)} <small>${o.quote}</small></li>`)}</ul></details>`,
      html`<div class="svod-sheet__errors" role="alert" hidden></div>`);
    const footer = html`<button type="submit" class="md-button md-button--primary svod-go" data-act="save-readings">${L.apply}</button>`;
    page.sheet.show("readings", L.readings, body, footer);
    const form = page.sheet.form;
    const act = page.act = { owner: this, type: "set_readings", form, index: new FormIndex({ form, prefix, lang }), fixed: {}, spec: { fields: [] } };
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (act.going) return;
      const readings = {};
      const refused = [];
      for (const [sys, s] of Object.entries(page.spec.systems)) {
        for (const p of s.readings) {
          const v = readField(p, `readings.${sys}.${p.name}`, act.index);
          refused.push(...fieldRefusals(p, v, `readings.${sys}.${p.name}`));
          if (changed(v, sc.readings[sys][p.name])) (readings[sys] || (readings[sys] = {}))[p.name] = v;
        }
      }
      if (refused.length) { page.sheet.errors(form, refused, lang); return; }
      if (!Object.keys(readings).length) { page.sheet.close(); return; }
      act.going = true;
      const res = await page.enqueue(L.readings, (text) => engine({ cmd: "apply", scene: text, action: { type: "set_readings", readings }, reply: "text" }));
      act.going = false;
      if (!res.ok) page.sheet.errors(form, res.errors, lang);
      else page.sheet.close();
    });
  }
}
