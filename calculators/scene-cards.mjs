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

/** A character's card: ``spec`` the scene spec (his system's title and actions; may be null
 * while it is asked for), ``disabled`` whether his buttons can act now. */
export function cardHTML(ch, spec, lang, disabled) {
  const L = TEXT[lang];
  const v = ch.view || {};
  const sys = spec && spec.systems[ch.system];
  const tone = toneOf(v);
  const status = tr(v.status_name, lang) || String(v.status ?? "");
  // the penalty, unless the status already says it («Тяжело ранен: −4 кубика, …»)
  const pen = v.wound_penalty && !status.includes(`−${v.wound_penalty}`) ? ` · ${L.status.penalty(v.wound_penalty)}` : "";
  const off = disabled ? html` disabled` : "";
  const actions = (CARD_ACTIONS[ch.system] || []).map((type) => {
    const a = spec && spec.actions.find((x) => x.type === type);
    return a ? html`<button type="button" class="svod-chip" data-act="${type}"${off}>${tr(a.title, lang)}</button>` : "";
  });
  const due = v.roll_due ? html`<button type="button" class="svod-chip svod-chip--alarm" data-act="death_door"${off}>${L.status.rollDue}</button>` : "";
  return join(
    html`<li class="svod-card svod-card--${tone}" data-char="${ch.id}" data-system="${ch.system}" data-status="${v.status || ""}">`,
    html`<div class="svod-card__head"><h3 class="svod-card__name"><bdi>${ch.name}</bdi></h3>`,
    html`<span class="svod-card__sys">${sys ? tr(sys.title, lang) : ch.system}</span>`,
    html`<button type="button" class="svod-card__menu" data-act="menu" aria-label="${L.menu(ch.name)}"${off}>⋯</button></div>`,
    html`<p class="svod-card__status"><span class="svod-dot"></span>${status}${pen}</p>`,
    cardLines(ch, lang),
    html`<div class="svod-card__actions">${due}${actions}</div></li>`);
}
