// Свод — the scene's characters, each a card: what the engine's ``view`` of him says (his wound
// level, health, the death's door so far…) and the buttons of his system's actions. Pure: a
// character as the engine checked it in, HTML out (html.mjs escapes every value).

import { html, join } from "./html.mjs";
import { tr } from "./render.mjs";
import { TEXT } from "./scene-words.mjs";

/** The actions each system's card offers, in order (the engine's action types); the system's
 * other actions (but the death's-door roll, which the card offers when it is due) are in the
 * card's «⋯» menu. */
export const CARD_ACTIONS = {
  serial: ["damage", "attack", "gain_absorption"],
  lysogorsk: ["lys_damage", "drink"],
  codex: ["codex_damage", "codex_stress"],
  wod: ["wod_damage"],
};

/** What the initiative chip on a card offers (the engine's action types; those the spec has): one
 * opens at once, several as a short menu — «Сериал»'s turn-order actions (lowering one's
 * initiative, «Подготовка», a defence declared out of turn); elsewhere the initiative typed. */
export const INITIATIVE_ACTIONS = {
  serial: ["lower_initiative", "prepare", "declare_defence"],
};
const INITIATIVE_DEFAULT = ["set_initiative"];

/** The initiative actions of a character's system the spec has. */
export function initiativeActions(spec, system) {
  const types = Object.hasOwn(INITIATIVE_ACTIONS, system) ? INITIATIVE_ACTIONS[system] : INITIATIVE_DEFAULT;
  return spec ? types.filter((t) => spec.actions.some((a) => a.type === t)) : [];
}

/** Whether his card (and its menus) offers this action: none to one out of the fight (the dead); to one
 * who cannot act (the engine's ``view.cannot_act``) none he would do himself — an action whose spec names
 * one ``actor``, his role (the engine refuses it); what others do to him (damage, first aid, a fire put
 * out by someone else) stays. */
export function offered(spec, ch, type) {
  const v = (ch && ch.view) || {};
  if (v.out_of_fight) return false;
  const a = spec && spec.actions.find((x) => x.type === type);
  // an action for some creature types only («Боевой шрам»: a shapeshifter's)
  if (a && Array.isArray(a.kinds) && !a.kinds.includes(ch.kind)) return false;
  if (!v.cannot_act) return true;
  return !(a && Array.isArray(a.actor) && a.actor.length === 1);
}

/** Why he cannot act, as his card and the turn bar say it (``null``: he can). */
export function cannotActText(v, lang) {
  const why = v && v.cannot_act;
  if (!why || v.out_of_fight) return null;
  return TEXT[lang].cannotActWhy(tr(why.why, lang), why.quote, why.line);
}

const TONE = {
  ok: "ok", wounded: "warn", heavy: "bad", door: "bad", pending: "alarm", dead: "dead", stabilized: "warn",
  shock: "bad", stunned: "bad", last_breath: "alarm", walking_dead: "alarm", will_to_live: "warn", instant_death: "dead",
  active: "ok", incapacitated: "dead", hurt: "warn", out: "dead",
};

function toneOf(view) {
  const status = String(view.status ?? "");
  if (Object.hasOwn(TONE, status)) return TONE[status];
  if (/dead|killed|death/.test(status)) return "dead";
  return view.wound_penalty ? "warn" : "ok";
}

function meter(value, max, label) {
  const n = Math.max(0, Math.min(max, value));
  const pct = max > 0 ? Math.round((100 * n) / max) : 0;
  return html`<span class="svod-meter" role="meter" aria-label="${label}" aria-valuemin="0" aria-valuemax="${max}" aria-valuenow="${n}"><span style="width:${pct}%"></span></span>`;
}

function stat(label, value, cls = "") {
  return html`<span class="svod-stat${cls ? ` ${cls}` : ""}"><span class="svod-stat__k">${label}</span> <b class="svod-stat__v">${value}</b></span>`;
}

const minus = (s) => String(s).replace(/-/g, "−");

const row = (inner) => html`<div class="svod-card__row">${inner}</div>`;
const small = (text) => html`<div class="svod-card__row svod-card__small">${text}</div>`;
const effect = (text) => html`<div class="svod-card__row svod-card__small svod-card__effect" title="${text}">${text}</div>`;

function cardLines(ch, lang) {
  const S = TEXT[lang].status;
  const v = ch.view || {};
  const lines = [];
  if (ch.system === "serial") {
    lines.push(row([stat(S.serialHealth, `${minus(v.health)}/${v.health_max}`), meter(v.health, v.health_max, S.serialHealth),
      stat(S.absorption, `${v.absorption}/${v.absorption_base}`)]));
    // what the scene has done to him so far (a fresh character: his armor, if any)
    const bits = [];
    if (v.armor) bits.push(`${S.armor} ${v.armor}`);
    if (v.door_rolls || v.had_shock || v.had_last_breath || v.negative || v.status === "pending") bits.push(S.door(v.door_rolls));
    if (v.had_shock) bits.push(S.shock);
    if (v.had_last_breath) bits.push(S.lastBreath);
    if (v.negative) bits.push(S.negative(v.negative, v.threshold));
    // «получит Увечье» (saved from «Последний вздох», a crippling wound…): magical healing stops there
    if (v.maimings) bits.push(S.maimings(v.maimings));
    if (bits.length) lines.push(small(bits.join(" · ")));
    if (v.status_effect) lines.push(effect(tr(v.status_effect, lang)));
  } else if (ch.system === "lysogorsk") {
    lines.push(row([stat(S.hits, `${v.hits}/${v.hits_max}`), meter(v.hits, v.hits_max, S.hits)]));
    lines.push(small(S.stage(v.stage, tr(v.stage_name, lang)) + (v.drinks ? ` · ${S.drinks(v.drinks)}` : "")));
    if (v.stage && v.stage_effect) lines.push(effect(tr(v.stage_effect, lang)));
  } else if (ch.system === "codex") {
    lines.push(row([stat(S.track, `${v.damage}/${v.capacity}`), meter(v.capacity - v.damage, v.capacity, S.track),
      stat(S.stress, `${v.stress}/6${v.flax ? ` ${S.flax}` : ""}`)]));
    lines.push(small(`${S.level(v.level)}: ${tr(v.consequence, lang)}`));
  } else if (ch.system === "wod") {
    const bits = [];
    if (v.stunned) bits.push(S.stunned);
    if (v.armor_ruined) bits.push(S.ruined);
    lines.push(row([stat(S.levels, `${v.left}/${v.levels}`), meter(v.left, v.levels, S.levels), v.armor ? stat(S.armor, v.armor) : ""]));
    if (bits.length) lines.push(small(bits.join(" · ")));
  }
  return lines;
}

/** A status's own values as the card shows them: what is left of it (the engine's words), a
 * count it keeps («Горит!»: the turns so far), its penalty, and whether he can act under it. */
function statusText(st, sys, lang) {
  const S = TEXT[lang].status;
  const L = TEXT[lang];
  const bits = [tr(st.name, lang) || String(st.key)];
  if (st.left_text) bits.push(tr(st.left_text, lang));
  const kind = sys && Array.isArray(sys.statuses) ? sys.statuses.find((k) => k.key === st.key) : null;
  for (const f of (kind && kind.fields) || []) {
    if (f.kind !== "int" || f.name === "left" || st[f.name] == null) continue;
    bits.push(`${tr(f.label, lang)}: ${st[f.name]}`);
  }
  const pen = st.penalty || {};
  if (pen.roll) bits.push(S.penalty(pen.roll));
  if (pen.dexterity) bits.push(L.penaltyDex(pen.dexterity));
  if (st.can_act === false) bits.push(L.cannotAct);
  return bits.join(" · ");
}

/** The statuses on a card (none: nothing drawn). */
function statusesHTML(ch, sys, lang) {
  const list = Array.isArray(ch.view && ch.view.statuses) ? ch.view.statuses : [];
  if (!list.length) return "";
  const items = list.map((st) => html`<li class="svod-status" data-status="${st.key}">${statusText(st, sys, lang)}</li>`);
  return html`<ul class="svod-statuses" aria-label="${TEXT[lang].statusesOf(ch.name)}">${items}</ul>`;
}

/** Who he is in the fight: his system, his creature type (unless the system's default), his side. */
function whoText(v, sys, lang) {
  const bits = [sys ? tr(sys.title, lang) : ""];
  if (v.kind && sys && v.kind !== sys.default_kind && v.kind_name) bits.push(tr(v.kind_name, lang));
  if (v.side_name) bits.push(tr(v.side_name, lang));
  return bits.filter(Boolean).join(" · ");
}

/** A character's card: ``spec`` the scene spec (his system's title and actions; may be null
 * while it is asked for), ``disabled`` whether his buttons can act now. His place in the order
 * of turns and his initiative (a button: it opens «Инициатива»), whether it is his turn. */
export function cardHTML(ch, spec, lang, disabled, compact = false) {
  const L = TEXT[lang];
  const v = ch.view || {};
  const sys = spec && spec.systems[ch.system];
  const tone = toneOf(v);
  const status = tr(v.status_name, lang) || String(v.status ?? "");
  // the penalty, unless the status already says it («Тяжело ранен: −4 кубика, …»)
  // (a penalty may come signed, «Лысогорск»'s −6: it is said once, with one minus)
  // (the dead: his status and nothing else — no penalty, figures, statuses or actions)
  const gone = !!v.out_of_fight;
  const wp = gone ? 0 : Math.abs(Number(v.wound_penalty) || 0);
  const pen = wp && !status.includes(`−${wp}`) && !status.includes(`-${wp}`) ? ` · ${L.status.penalty(wp)}` : "";
  const off = disabled ? html` disabled` : "";
  const actions = (CARD_ACTIONS[ch.system] || []).map((type) => {
    const a = spec && spec.actions.find((x) => x.type === type);
    return a && offered(spec, ch, type) ? html`<button type="button" class="svod-chip" data-act="${type}"${off}>${tr(a.title, lang)}</button>` : "";
  });
  const due = v.roll_due && !gone ? html`<button type="button" class="svod-chip svod-chip--alarm" data-act="death_door"${off}>${L.status.rollDue}</button>` : "";
  const whyNot = cannotActText(v, lang);
  // his initiative: the chip opens its only action, or the menu of his system's (data-act "initiative")
  const iniActs = initiativeActions(spec, ch.system).filter((t) => offered(spec, ch, t));
  const iniAct = iniActs.length === 1 ? iniActs[0] : "initiative";
  const ini = iniActs.length && !gone
    ? html`<button type="button" class="svod-chip svod-chip--ini" data-act="${iniAct}" aria-label="${L.initiativeLabel(L.initiative(v.initiative), ch.name)}"${iniActs.length > 1 ? html` aria-haspopup="dialog"` : ""}${off}>${L.initiative(v.initiative)}</button>` : "";
  const place = Number.isFinite(v.place) && !v.out_of_fight
    ? html`<span class="svod-card__place"><span class="svod-visually-hidden">${L.place(v.place)}: </span>${v.place}</span>` : "";
  const turn = v.acting ? L.actingNow : v.out_of_fight ? L.outOfFight : v.done ? L.turnDone : "";
  const cls = `svod-card svod-card--${tone}${v.acting ? " svod-card--acting" : ""}${v.done ? " svod-card--done" : ""}`;
  return join(
    html`<li class="${cls}" data-char="${ch.id}" data-system="${ch.system}" data-status="${v.status || ""}"${v.acting ? html` aria-current="step"` : ""}>`,
    html`<div class="svod-card__head">${place}<h3 class="svod-card__name"><bdi>${ch.name}</bdi></h3>`,
    html`<span class="svod-card__sys">${whoText(v, sys, lang) || ch.system}</span>`,
    turn ? html`<span class="svod-card__turn">${turn}</span>` : "",
    html`<button type="button" class="svod-card__menu" data-act="menu" aria-label="${L.menu(ch.name)}"${off}>⋯</button></div>`,
    html`<p class="svod-card__status"><span class="svod-dot"></span>${status}${pen}</p>`,
    // compact: his name, wound level and statuses (his actions in «⋯»; the death's-door roll stays)
    whyNot ? html`<p class="svod-card__why">${whyNot}</p>` : "",
    compact || gone ? "" : cardLines(ch, lang),
    gone ? "" : statusesHTML(ch, sys, lang),
    compact || gone ? (due ? html`<div class="svod-card__actions">${due}</div>` : "") : html`<div class="svod-card__actions">${due}${actions}${ini}</div>`,
    html`</li>`);
}
