// Свод — a character's sheet (a new character, or one edited by hand) and the scene's readings of
// the sources, each in the scene's sheet; what they read is sent to the engine as the scene's
// action (add_character, edit_character, set_readings).
//
// Test hook: a new character's form carries data-initial-state (pending → done): its state
// fields show what the engine would start him at.

import { drawField, fieldRefusals, FormIndex, readField } from "./form.mjs";
import { html, join } from "./html.mjs";
import { KINDS } from "./kinds.mjs";
import { tr } from "./render.mjs";
import { PREVIEW_MS } from "./scene-action.mjs";
import { engine } from "./scene-engine.mjs";
import { SheetPart } from "./scene-sheet.mjs";
import { bdi } from "./scene-view.mjs";

const changed = (a, b) => JSON.stringify(a) !== JSON.stringify(b);

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
      form.querySelector(".svod-charsheet").innerHTML = join(
        html`<fieldset><legend>${L.stats}</legend>${stats}</fieldset>`,
        html`<details class="svod-more"><summary>${L.stateNow}</summary>${state}</details>`);
      act.touched.clear();
      act.index.redrawn();
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
    form.addEventListener("input", (e) => onChange(e.target));
    form.addEventListener("change", (e) => onChange(e.target));
    form.addEventListener("submit", (e) => { e.preventDefault(); this.save(ch); });
    form.addEventListener("click", (e) => {
      const step = e.target.closest(".svod-step");
      if (step) {
        KINDS.int.step(step.parentElement.querySelector("input"), Number(step.dataset.step));
        onChange(step);
      }
    });
    form.elements.name.focus();
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
    let action;
    if (ch) {
      const statsDiff = Object.fromEntries(Object.entries(stats).filter(([k, v]) => changed(v, ch.stats[k])));
      const state = Object.fromEntries(s.state.map((p) => [p.name, read(p, `state.${p.name}`)]).filter(([k, v]) => changed(v, ch.state[k])));
      action = { type: "edit_character", character: ch.id };
      if (name !== ch.name) action.name = name;
      if (Object.keys(statsDiff).length) action.stats = statsDiff;
      if (Object.keys(state).length) action.state = state;
    } else {
      action = { type: "add_character", character: { name, system, stats } };
      const state = Object.fromEntries(s.state.filter((p) => act.touched.has(`state.${p.name}`))
        .map((p) => [p.name, read(p, `state.${p.name}`)]));
      if (Object.keys(state).length) action.character.state = state;
    }
    this.errors(refused);
    if (refused.length) return;
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
      return;
    }
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
