// Свод — one action of the scene in its sheet: its fields (the action's own, and those of the
// calculator it computes with), the preview that follows them (the exact odds before the roll,
// or what it would do), the dice (rolled by the engine or typed by hand), and the result once
// applied. Also a card's «⋯» menu of the system's other actions.
//
// Test hooks: the sheet's data-action, data-preview (pending → done/none), data-done; the page's
// ``act`` (its ``preview``: the engine's last preview).

import { drawField, FormIndex, liveNames, readField, fieldRefusals, drawable } from "./form.mjs";
import { html, join, raw } from "./html.mjs";
import { KINDS, kindOf } from "./kinds.mjs";
import { renderBlocks, tr } from "./render.mjs";
import { CARD_ACTIONS, initiativeActions, offered } from "./scene-cards.mjs";
import { diceChips } from "./scene-log.mjs";
import { calcSpecs, engine } from "./scene-engine.mjs";
import { SheetPart } from "./scene-sheet.mjs";
import { bdi } from "./scene-view.mjs";
import { TEXT } from "./scene-words.mjs";
import { menuEntries } from "./scene-party.mjs";

const SITE = new URL("../../", import.meta.url);
/** Which field of an action names the card's character. */
export const ROLE_OF = { attack: "attacker" };
/** How long the preview waits for typing to pause. */
export const PREVIEW_MS = 200;

/** A calculator's link with these params (only those that differ from its defaults, each as its
 * kind writes it) and the scene's part: which scene and which characters. */
export function calculatorURL(spec, params, lang, sceneId, roles) {
  const url = new URL(`${lang === "en" ? "en/" : ""}calculators/${spec.id}/`, SITE);
  for (const p of spec.params) {
    if (!(p.name in params)) continue;
    const k = kindOf(p);
    if (JSON.stringify(params[p.name]) === JSON.stringify(k.formValue(p, p.default))) continue;
    url.searchParams.set(`${spec.id}.${p.name}`, k.encode(p, params[p.name]));
  }
  url.searchParams.set("scene", sceneId);
  for (const [role, id] of Object.entries(roles)) url.searchParams.set(`scene.${role}`, id);
  return url.href;
}

/** Faces as typed: whole numbers separated by spaces or commas ("" is none given). */
export function readFaces(text) {
  const t = String(text).trim();
  if (!t) return null;
  const items = t.split(/[\s,;]+/);
  if (!items.every((x) => /^[0-9]{1,3}$/.test(x))) return undefined;
  return items.map(Number);
}

/** The figures a preview says most about (the keys its engine declares, or its calculator's
 * summary), gathered from its figures blocks into one; without such keys, its first figures. */
function summaryFigures(display, keys) {
  const items = display.filter((b) => b.kind === "figures").flatMap((b) => b.items || []);
  const picked = (keys || []).map((k) => items.find((it) => it.key === k)).filter(Boolean);
  if (picked.length) return { kind: "figures", items: picked };
  return display.find((b) => b.kind === "figures") || { kind: "figures", items: [] };
}

/** Which of a sheet's fields apply, by the one rule of every form (form.mjs ``liveNames``): the
 * action's own fields (``own``, their ``values``; null when none has a condition), and the
 * calculator's it carries (``calc``: the fields ``drawn`` in the form and their ``values``, and
 * ``all`` the calculator's fields, whose conditions may read one the scene fills in: its value is
 * the last preview's, in ``filled``). */
export function sheetLive(own, values, calc) {
  const out = { own: own.some((f) => f.when) ? liveNames(own, values) : null, calc: null };
  if (calc) {
    const drawn = new Set(calc.drawn.map((p) => p.name));
    const known = Object.fromEntries(Object.entries(calc.filled || {}).filter(([k]) => !drawn.has(k)));
    out.calc = liveNames(calc.all, { ...known, ...calc.values });
  }
  return out;
}

/** Put ``value`` into the form's field ``name`` as the reader would have (a box ticked, a choice
 * picked, a list written with commas); a field not in the form is left. */
export function setValue(form, name, value) {
  const el = form.elements.namedItem(name);
  if (!el) return;
  if (el.type === "checkbox") el.checked = !!value;
  else el.value = value == null ? "" : Array.isArray(value) ? value.join(", ") : String(value);
}

/** Blocks of the engine's display, drawn by render.mjs (which escapes every value it puts in). */
const blocks = (list, lang) => raw(renderBlocks(list, lang));

export class ActionSheet extends SheetPart {
  constructor(page) {
    super(page);
    this.previewTimer = null;
    this.previewTicket = 0;
  }

  /** A card's «⋯»: the system's other actions, «Исправить» and «Убрать из сцены». */
  showMenu(cid) {
    const L = this.L;
    const page = this.page;
    const ch = page.char(cid);
    if (!ch) return;
    // (the compact view's cards show no actions: all of them here)
    const onCard = page.compactNow() ? [] : (CARD_ACTIONS[ch.system] || []);
    // (none he cannot do: scene-cards.mjs ``offered`` — the dead, one unconscious doing it himself)
    const more = page.spec.actions.filter((a) => a.system === ch.system && a.type !== "death_door" && !onCard.includes(a.type)
      && offered(page.spec, ch, a.type));
    if (page.compactNow()) {
      for (const t of initiativeActions(page.spec, ch.system)) {
        if (!more.some((a) => a.type === t) && offered(page.spec, ch, t)) more.push(page.actionSpec(t));
      }
    }
    // the scene's own actions on one character: his statuses (one to clear when he has any; none new for the dead)
    const gone = !!(ch.view && ch.view.out_of_fight);
    const own = [...(gone ? [] : ["set_status"]), ...(ch.statuses && ch.statuses.length ? ["clear_status"] : [])]
      .map((t) => page.actionSpec(t)).filter(Boolean);
    more.push(...own);
    const body = join(
      html`<div class="svod-menu">`,
      more.map((a) => html`<button type="button" class="md-button" data-act="${a.type}" data-char="${cid}">${tr(a.title, this.lang)}</button>`),
      menuEntries(cid, this.lang),
      html`<button type="button" class="md-button" data-act="edit" data-char="${cid}">${L.edit}</button>`,
      html`<button type="button" class="md-button svod-danger" data-act="remove" data-char="${cid}">${L.remove}</button></div>`);
    this.sheet.show("menu", bdi(ch.name), body, "");
  }

  /** The initiative chip's menu: his system's initiative actions (scene-cards.mjs ``initiativeActions``),
   * each with what the engine says of it. */
  showInitiative(cid) {
    const page = this.page;
    const ch = page.char(cid);
    if (!ch) return;
    const acts = initiativeActions(page.spec, ch.system).map((t) => page.actionSpec(t));
    const body = html`<div class="svod-menu">${acts.map((a) => join(
      html`<button type="button" class="md-button" data-act="${a.type}" data-char="${cid}">${tr(a.title, this.lang)}</button>`,
      a.help ? html`<small class="svod-help">${tr(a.help, this.lang)}</small>` : ""))}</div>`;
    const v = ch.view || {};
    this.sheet.show("menu", join(this.L.initiative(v.initiative), " — ", bdi(ch.name)), body, "");
  }

  /** The action's spec as its sheet draws it: a status field as the choice of his system's statuses
   * (set: those put by hand; clear: those he has), a status's own values left to their defaults. */
  sheetSpec(spec, ch) {
    // a stored attack of his: a choice of their names (none: the field is left out)
    const names = (ch && ch.view && Array.isArray(ch.view.attacks) ? ch.view.attacks : []);
    spec = { ...spec, fields: spec.fields.flatMap((f) => (!f.attacks_of ? [f] : names.length
      ? [{ ...f, kind: "choice", nullable: true, default: null, options: names.map((n) => ({ value: n, label: { ru: n, en: n } })) }] : [])) };
    if (!spec.fields.some((f) => f.kind === "status" || f.kind === "status_values")) return spec;
    const kinds = (ch && this.page.spec.systems[ch.system] && this.page.spec.systems[ch.system].statuses) || [];
    const has = new Set(((ch && ch.statuses) || []).map((s) => s.key));
    const options = kinds.filter((k) => (spec.type === "clear_status" ? has.has(k.key) : k.by_hand !== false))
      .map((k) => ({ value: k.key, label: k.name }));
    const fields = spec.fields.filter((f) => f.kind !== "status_values").map((f) => (f.kind === "status"
      ? { ...f, kind: "choice", options, default: options.length ? options[0].value : null } : f));
    return { ...spec, fields };
  }

  /** The action's sheet, for the characters in ``fixed`` ({role: id}); ``note``: why it opens (html.mjs's
   * HTML: «Сначала бросок Порога Смерти: …»), said first. */
  show(type, fixed, note = null) {
    const L = this.L;
    const page = this.page;
    const sc = page.cur.scene;
    const who = fixed.character || fixed.attacker;
    const ch = who && page.char(who);
    const given = page.actionSpec(type);
    if (!given) return;
    const spec = this.sheetSpec(given, ch);
    const prefix = `svod-act-${type}`;
    const title = join(tr(spec.title, this.lang), ch ? join(" — ", bdi(ch.name)) : "");
    const fields = [];
    const folded = [];
    const essentials = spec.essentials ? new Set(spec.essentials) : null;
    for (const f of spec.fields) {
      if (f.name in fixed) continue;
      const to = essentials && !essentials.has(f.name) ? folded : fields;
      if (f.kind === "character") {
        // (the dead are nobody to choose: the engine refuses them in every role)
        const others = sc.characters.filter((c) => (!f.system || c.system === f.system) && !Object.values(fixed).includes(c.id)
          && !(c.view && c.view.out_of_fight));
        // one who may be left out starts empty («сам»), unless the one it falls back to cannot act (an
        // unconscious one's fire is put out by someone else): then the first who can
        const able = others.filter((c) => !(c.view && c.view.cannot_act));
        const fallsBack = ch && ch.view && ch.view.cannot_act && (given.actor || []).includes(f.name);
        const start = f.nullable && !fallsBack ? null : ((fallsBack ? able[0] : others[0]) || others[0] || {}).id ?? null;
        to.push(drawField(f, start, f.name, prefix, this.lang, { characters: others }));
      } else if (f.kind === "calculator") {
        to.push(html`<div class="svod-calcparams" data-calc-field="${f.name}" data-calc="${f.calculator}"></div>`);
      } else {
        to.push(drawField(f, f.default, f.name, prefix, this.lang));
      }
    }
    const hasDice = spec.dice.length > 0;
    const body = join(
      note ? html`<p class="svod-sheet__note" role="status">${note}</p>` : "",
      fields,
      folded.length ? html`<details class="svod-more"><summary>${L.details}</summary>${folded}</details>` : "",
      hasDice ? join(
        html`<fieldset class="svod-dicebox"><legend>${L.diceMode}</legend>`,
        html`<div class="svod-dicebox__modes"><label class="svod-check"><input type="radio" name="__dice" value="roll" checked> <span>${L.diceRoll}</span></label>`,
        html`<label class="svod-check"><input type="radio" name="__dice" value="hand"> <span>${L.diceHand}</span></label></div>`,
        html`<div class="svod-dicebox__need"></div><div class="svod-dicebox__hand" hidden></div></fieldset>`) : "",
      html`<div class="svod-sheet__errors" role="alert" hidden></div>`,
      html`<div class="svod-preview"></div>`,
      html`<div class="svod-result" aria-live="polite" hidden></div>`);
    // the answer in sight: the preview's first figures stay above the buttons while fields change
    const footer = join(
      html`<div class="svod-summary" role="status" aria-live="polite"></div>`,
      html`<a class="md-button svod-calclink" hidden target="_self">${L.inCalc} ↗</a>`,
      // the form's submit button: Enter in any of its fields applies too
      html`<button type="submit" class="md-button md-button--primary svod-go">${hasDice ? L.rollApply : L.apply}</button>`);
    this.sheet.show("action", title, body, footer, `svod-sheet--${type}`);
    const form = this.sheet.form;
    page.act = { owner: this, type, spec, fixed, prefix, form, index: new FormIndex({ form, prefix, lang: this.lang }), seq: 0, preview: null,
      calcFields: null, touched: new Set(), calcFill: null };
    this.sheet.dialog.dataset.action = type;
    form.addEventListener("input", (e) => this.onInput(e));
    form.addEventListener("change", (e) => this.onInput(e));
    form.addEventListener("submit", (e) => { e.preventDefault(); this.go(); });
    form.addEventListener("click", (e) => {
      const step = e.target.closest(".svod-step");
      if (!step) return;
      KINDS.int.step(step.parentElement.querySelector("input"), Number(step.dataset.step));
      this.schedulePreview(0);
    });
    // the first field ready to change (the calculator's are drawn later: the first of the action's own)
    const first = form.querySelector(".svod-sheet__body input:not([type=radio]), .svod-sheet__body select");
    if (first) first.focus();
    const calcBox = form.querySelector(".svod-calcparams");
    if (calcBox) this.drawCalcParams(calcBox, spec.fields.find((f) => f.kind === "calculator"));
    else {
      this.applyWhen();
      this.schedulePreview(0);
    }
    this.fill(page.act);
  }

  /** The sheet's fields filled as the scene fills them (the engine's ``fill``: whose turn it is, the
   * first opponent in the order as the target, a stored attack's values); ``extra``: what the
   * reader chose that the filling follows (a stored attack). Fields the reader changed are kept. */
  async fill(act, extra = {}) {
    let res;
    try {
      res = await engine({ cmd: "fill", scene: this.page.cur.text, action: { type: act.type, ...act.fixed, ...extra } });
    } catch { return; }
    if (!res || !res.ok || this.act !== act) return;
    const a = res.result.action;
    act.filled = {};
    for (const name of res.result.filled || []) {
      if (name in act.fixed || name in extra) continue;
      const f = act.spec.fields.find((x) => x.name === name);
      if (!f) continue;
      if (f.kind === "calculator") act.calcFill = { name, values: a[name] || {} };
      else if (!act.touched.has(name)) setValue(act.form, name, a[name]);
      act.filled[name] = a[name];
    }
    this.applyCalcFill();
    act.form.dataset.filled = "1"; // a test hook: the engine's filling is in the fields
    this.applyWhen();
    this.schedulePreview(0);
  }

  /** A stored attack's values in the calculator's fields, once they are drawn. */
  applyCalcFill() {
    const act = this.act;
    const cf = act && act.calcFields;
    if (!cf || !act.calcFill || act.calcFill.name !== cf.name) return;
    for (const p of cf.params) {
      const path = `${cf.name}.${p.name}`;
      if (Object.hasOwn(act.calcFill.values, p.name) && !act.touched.has(path)) setValue(act.form, path, act.calcFill.values[p.name]);
    }
  }

  async drawCalcParams(box, field) {
    const specs = await calcSpecs().catch(() => null);
    const act = this.act;
    if (!specs || !act || !box.isConnected) return;
    const calc = specs.get(field.calculator);
    const filled = new Set(field.filled || []);
    const params = calc.params.filter((p) => !filled.has(p.name));
    const essential = new Set(field.essentials || params.filter((p) => p.group === "main").map((p) => p.name));
    const draw = (p) => drawField(p, p.default, `${field.name}.${p.name}`, act.prefix, this.lang);
    const main = params.filter((p) => essential.has(p.name));
    const rest = params.filter((p) => !essential.has(p.name) && p.group !== "readings");
    const readings = params.filter((p) => !essential.has(p.name) && p.group === "readings");
    const fold = (title, list) => (list.length ? html`<details class="svod-more"><summary>${title}</summary>${list.map(draw)}</details>` : "");
    box.innerHTML = join(main.map(draw), fold(this.L.details, rest), fold(this.L.readings, readings));
    // the calculator's every param: a condition may read one the scene fills (the preview says its value)
    act.calcFields = { name: field.name, params, all: calc.params };
    act.index.redrawn();
    this.applyCalcFill();
    this.applyWhen();
    this.schedulePreview(0);
  }

  /** Hide what does not apply (sheetLive: the one rule of every form), among the action's own
   * fields and among the calculator's it carries. */
  applyWhen() {
    const act = this.act;
    if (!act) return;
    const read = (params, base) => Object.fromEntries(params.map((p) => [p.name, readField(p, base + p.name, act.index)]));
    const own = (act.spec.fields || []).filter((f) => !(f.name in act.fixed) && drawable(f));
    const cf = act.calcFields;
    const live = sheetLive(own, read(own, ""), cf && {
      drawn: cf.params, all: cf.all, values: read(cf.params, `${cf.name}.`),
      filled: act.preview && act.preview.calculator ? act.preview.calculator.params : null,
    });
    const hide = (params, base, names) => {
      for (const p of params) {
        const el = act.form.querySelector(`[data-field="${CSS.escape(base + p.name)}"]`);
        if (el) el.hidden = !names.has(p.name);
      }
    };
    act.liveOwn = live.own;
    if (live.own) hide(own, "", live.own);
    if (cf) {
      act.live = live.calc;
      hide(cf.params, `${cf.name}.`, live.calc);
    }
  }

  onInput(e) {
    const act = this.act;
    if (!act) return;
    if (e.target.name === "__dice") {
      const hand = act.form.querySelector("input[name=__dice]:checked").value === "hand";
      act.form.querySelector(".svod-dicebox__hand").hidden = !hand;
      act.form.querySelector(".svod-dicebox__need").hidden = hand;
      this.sheet.$(".svod-go").textContent = hand ? this.L.applyFaces : this.L.rollApply;
      return;
    }
    if (e.target.closest && e.target.closest(".svod-dicebox")) return;
    const field = e.target.closest && e.target.closest("[data-field]");
    if (field) act.touched.add(field.dataset.field);
    // a stored attack chosen: its values fill the attack anew
    const own = field && act.spec.fields.find((f) => f.name === field.dataset.field);
    if (own && own.attacks_of && e.type === "change") {
      for (const k of [...act.touched]) if (k.includes(".")) act.touched.delete(k);
      const weapon = readField(own, own.name, act.index);
      this.fill(act, weapon ? { [own.name]: weapon } : {});
    }
    act.notice = null;
    this.applyWhen();
    this.schedulePreview(e.type === "change" ? 0 : PREVIEW_MS);
  }

  onClick(name) {
    if (name === "done") this.sheet.close();
    else if (name === "undo-this") {
      // the action this sheet applied, and no other (page.undo checks it is still the last)
      const entry = this.act && this.act.entry;
      this.sheet.close();
      if (entry) this.page.undo(entry);
    }
  }

  /** The action as the sheet's fields say, and what the page refuses itself. */
  readAction() {
    const act = this.act;
    const a = { type: act.type, ...act.fixed };
    const refused = [];
    const form = act.index;
    for (const f of act.spec.fields) {
      if (f.name in act.fixed) continue;
      if (f.kind === "calculator") {
        const cf = act.calcFields;
        if (!cf) continue;
        const params = {};
        for (const p of cf.params) {
          if (act.live && !act.live.has(p.name)) continue;
          const path = `${cf.name}.${p.name}`;
          const v = readField(p, path, form);
          refused.push(...fieldRefusals(p, v, path));
          params[p.name] = v;
        }
        a[f.name] = params;
        continue;
      }
      if (!form.input(f.name) && f.kind !== "record_list") continue;
      if (act.liveOwn && drawable(f) && !act.liveOwn.has(f.name)) continue;
      const v = readField(f, f.name, form);
      refused.push(...fieldRefusals(f, v, f.name));
      a[f.name] = v;
    }
    return { action: a, refused };
  }

  /** The preview follows the fields (test hook: the sheet's data-preview, pending → done/none). */
  schedulePreview(ms) {
    clearTimeout(this.previewTimer);
    const ticket = this.previewTicket = this.previewTicket + 1;
    const dialog = this.sheet.dialog;
    dialog.dataset.preview = "pending";
    this.previewTimer = setTimeout(() => this.preview().finally(() => {
      if (ticket === this.previewTicket) dialog.dataset.preview = this.act && this.act.preview ? "done" : "none";
    }), ms);
  }

  async preview() {
    const act = this.act;
    if (!act || !act.form.isConnected) return; // the sheet was closed meanwhile
    const { action, refused } = this.readAction();
    const my = ++act.seq;
    this.errors(act.notice || []);
    if (refused.length) { act.preview = null; this.errors(refused); return; }
    const box = act.form.querySelector(".svod-preview");
    const summaryBox = this.sheet.$(".svod-summary");
    if (!box || !summaryBox) return; // the result is shown: no more preview
    // a list still to be filled (the damage's portions): nothing to preview yet, no error either
    const empty = (act.spec.fields || []).some((f) => f.kind === "int_list" && f.min_len > 0 &&
      Array.isArray(action[f.name]) && !action[f.name].length);
    if (empty) { box.innerHTML = ""; summaryBox.innerHTML = ""; act.preview = null; this.showCalcLink(null); return; }
    summaryBox.classList.add("svod-summary--stale");
    box.classList.add("svod-preview--stale");
    let res;
    try {
      res = await engine({ cmd: "preview", scene: this.page.cur.text, action });
    } catch { return; }
    if (my !== act.seq || this.act !== act) return;
    box.classList.remove("svod-preview--stale");
    summaryBox.classList.remove("svod-summary--stale");
    if (!res.ok) {
      act.preview = null;
      box.innerHTML = "";
      summaryBox.innerHTML = "";
      this.errors(res.errors);
      this.showCalcLink(null);
      return;
    }
    const pv = res.result;
    const before = act.live;
    act.preview = pv;
    const L = this.L;
    if (pv.chance) {
      const specs = await calcSpecs().catch(() => null);
      if (my !== act.seq || this.act !== act) return;
      const calc = specs && pv.calculator && specs.get(pv.calculator.id);
      summaryBox.innerHTML = blocks([summaryFigures(pv.display || [], pv.summary || (calc && calc.summary))], this.lang);
      box.innerHTML = join(html`<h3 class="svod-preview__h">${L.odds}</h3>`, blocks(pv.display, this.lang));
    } else {
      const ev = pv.event;
      summaryBox.innerHTML = html`<p class="svod-preview__text" dir="auto">${tr(ev.text, this.lang)}</p>`;
      const rest = (ev.display || []).filter((b) => b.kind !== "dice");
      box.innerHTML = rest.length ? join(html`<h3 class="svod-preview__h">${L.wouldDo}</h3>`, blocks(rest, this.lang)) : "";
    }
    this.showDiceNeeded(pv.dice_needed || []);
    this.showCalcLink(pv.calculator, action);
    // the values the scene fills may make another of the calculator's fields apply: once more
    if (act.calcFields) {
      this.applyWhen();
      if (before && act.live && [...act.live].sort().join() !== [...before].sort().join()) this.schedulePreview(0);
    }
  }

  showDiceNeeded(need) {
    const act = this.act;
    const box = act.form.querySelector(".svod-dicebox__need");
    if (!box) return;
    const L = this.L;
    const G = L.groups;
    const list = [];
    for (const d of need) {
      const times = d.repeat != null ? d.repeat : 1;
      // (``first``: the index of its first roll, where a group's rolls differ in size: each tie's d10s)
      for (let i = 0; i < times; i++) list.push({ ...d, index: d.repeat != null ? (d.first || 0) + i : null });
    }
    const group = (g) => (Object.hasOwn(G, g) ? G[g] : g);
    const label = (d) => L.diceNeed(d.index != null ? `${group(d.group)} ${d.index + 1}` : group(d.group), d.count, d.sides) +
      (d.when ? L.when(tr(d.when, this.lang)) : "");
    box.innerHTML = html`<p class="svod-help">${list.length ? list.slice(0, 3).map(label).join("; ") + (list.length > 3 ? "; …" : "") : L.diceNone}</p>`;
    const hand = act.form.querySelector(".svod-dicebox__hand");
    // the same dice as before: the fields stay as they are (the reader may be typing in one)
    const signature = JSON.stringify(list.map(label));
    if (hand.dataset.signature === signature) return;
    hand.dataset.signature = signature;
    const kept = {};
    hand.querySelectorAll("input").forEach((el) => { kept[el.name] = el.value; });
    hand.innerHTML = join(list.map((d) => {
      const path = `dice.${d.group}${d.index != null ? `[${d.index}]` : ""}`;
      const id = `${act.prefix}-${path.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
      const index = d.index != null ? html` data-index="${d.index}"` : "";
      return join(
        html`<div class="svod-field" data-field="${path}"><label for="${id}">${label(d)}</label>`,
        html`<input id="${id}" name="${path}" type="text" inputmode="numeric" value="${kept[path] || ""}" placeholder="${L.diceFacesHint}" data-group="${d.group}"${index}>`,
        html`<p class="svod-err" role="alert" hidden></p></div>`);
    }));
    act.index.redrawn();
  }

  async showCalcLink(calc, action) {
    const a = this.sheet.$(".svod-calclink");
    if (!a) return;
    if (!calc) {
      a.hidden = true;
      a.removeAttribute("href");
      return;
    }
    const specs = await calcSpecs().catch(() => null);
    const spec = specs && specs.get(calc.id);
    if (!spec || !this.act) return;
    const roles = {};
    for (const r of ["attacker", "target", "character"]) if (action[r]) roles[r] = action[r];
    a.href = calculatorURL(spec, calc.params, this.lang, this.page.cur.rec.id, roles);
    a.hidden = false;
  }

  /** The dice typed by hand: {group: faces | [faces…]}, or refusals beside their fields. */
  readDice() {
    const out = {};
    const repeated = new Set();
    const refused = [];
    for (const el of this.act.form.querySelectorAll(".svod-dicebox__hand input")) {
      const faces = readFaces(el.value);
      if (faces === null) continue;
      if (faces === undefined) {
        refused.push({ field: el.name, ru: TEXT.ru.facesText, en: TEXT.en.facesText });
        continue;
      }
      const g = el.dataset.group;
      if (el.dataset.index != null) {
        repeated.add(g);
        (out[g] || (out[g] = []))[Number(el.dataset.index)] = faces;
      } else {
        out[g] = faces;
      }
    }
    for (const g of repeated) out[g] = Array.from(out[g], (x) => x || []); // a check left out: none given
    return { dice: out, refused };
  }

  async go() {
    const act = this.act;
    if (!act || act.going) return;
    const { action, refused } = this.readAction();
    const hand = act.form.querySelector("input[name=__dice]:checked");
    if (hand && hand.value === "hand") {
      const d = this.readDice();
      refused.push(...d.refused);
      action.dice = d.dice;
    }
    if (refused.length) { this.errors(refused); return; }
    act.going = true;
    const btn = this.sheet.$(".svod-go");
    btn.disabled = true;
    btn.textContent = this.L.pending;
    act.form.setAttribute("aria-busy", "true");
    const res = await this.page.enqueue(tr(act.spec.title, this.lang), (text) => engine({ cmd: "apply", scene: text, action, reply: "text" }));
    act.going = false;
    act.form.removeAttribute("aria-busy");
    if (this.act !== act) return;
    if (!res.ok) {
      btn.disabled = false;
      btn.textContent = hand && hand.value === "hand" ? this.L.applyFaces : (act.spec.dice.length ? this.L.rollApply : this.L.apply);
      this.errors(res.errors);
      if (res.stale) {
        // refused: another tab changed the scene first; the odds anew, on the scene as it is now
        act.notice = res.errors;
        this.schedulePreview(0);
      }
      return;
    }
    this.showResult(res.result.event);
  }

  showResult(ev) {
    const L = this.L;
    const form = this.act.form;
    const dice = (ev.display || []).filter((b) => b.kind === "dice");
    // the end of a scene: its summary (rounds, damage dealt and taken, death's-door rolls, luck against the odds)
    const summary = ev.type === "end_scene" ? (ev.display || []).filter((b) => b.kind !== "dice") : [];
    const box = form.querySelector(".svod-result");
    box.innerHTML = join(html`<h3 class="svod-preview__h">${L.result}</h3>`, blocks(dice, this.lang),
      html`<p class="svod-result__text" dir="auto">${tr(ev.text, this.lang)}</p>`, dice.length ? "" : diceChips(ev.dice, this.lang),
      summary.length ? html`<div class="svod-result__summary">${blocks(summary, this.lang)}</div>` : "");
    box.hidden = false;
    for (const el of form.querySelectorAll(".svod-sheet__body > :not(.svod-result)")) el.hidden = true;
    form.querySelector(".svod-sheet__body").scrollTop = 0;
    const foot = this.sheet.$(".svod-sheet__foot");
    foot.innerHTML = join(html`<button type="button" class="md-button" data-act="undo-this">${L.undo}</button>`,
      html`<button type="button" class="md-button md-button--primary" data-act="done">${L.done}</button>`);
    this.act.entry = ev.entry;
    this.sheet.announce(`${L.result}: ${tr(ev.text, this.lang)}`);
    this.sheet.dialog.dataset.done = "1";
    foot.querySelector("[data-act=done]").focus();
  }
}
