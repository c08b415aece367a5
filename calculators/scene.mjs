// Свод — the Storyteller's scene page («Сцена»): the fight's characters, every action computed by
// rules_core.scene in the calculators' one Pyodide worker (calc.mjs), logged with its dice, kept
// on the device (scene-store.mjs).
//
// The scene travels as the engine's own JSON text (``reply: "text"``): stored as it is, exported
// as it is, sent back as it is (the engine then does not check it again). Everything the page
// shows is the engine's: each character's ``view``, each action's preview (the exact odds) and
// event, the log's lines; the page only draws them and reads the reader's input by the
// calculators' kinds (kinds.mjs), by the same strict rule.
//
// Test hooks: the root's data-state (loading/ready/busy/broken/empty), window.svodScene (the app).

import { call, FormIndex, rt, startRuntime } from "./calc.mjs";
import { KINDS, kindOf } from "./kinds.mjs";
import { applicable } from "./when.mjs";
import { esc, pickLang, renderBlocks, tr } from "./render.mjs";
import { SceneStore, StaleError, summary } from "./scene-store.mjs";

const HERE = new URL("./", import.meta.url);
const SITE = new URL("../../", import.meta.url);

// ---- words ----------------------------------------------------------------------------------

const TEXT = {
  ru: {
    loading: "Загружаю сцены…",
    python: "Запускаю движок правил…",
    pythonFailed: "Движок правил не запустился: сцену можно смотреть, но не менять.",
    retry: "Повторить",
    checking: "Проверяю сцену…",
    busy: (what) => `Считаю: ${what}…`,
    saved: "Сохранено на этом устройстве",
    savedPersist: "Сохранено на этом устройстве (браузер не сотрёт без спроса)",
    savedUnasked: "Сохранено на этом устройстве, но этот браузер не даёт попросить хранить сцены постоянно: он может их стереть. Храните копию в файле.",
    memoryOnly: (why) => `Это устройство не даёт хранить сцены (${why}): они пропадут, когда закроется вкладка. Сохраните сцену в файл.`,
    unsaved: "Не сохранено! Сохраните сцену в файл.",
    stale: "Сцену изменили в другой вкладке; показана её последняя версия. Повторите действие.",
    otherTab: "Сцена обновлена из другой вкладки.",
    scenes: "Сцены",
    scene: "Сцена",
    round: (n) => `Раунд ${n}`,
    undo: "Отменить",
    undoLabel: "Отменить последнее действие",
    nothingToUndo: "Нечего отменять.",
    undone: (t) => `Отменено: ${t}`,
    addChar: "Персонаж",
    addCharTitle: "Новый персонаж",
    nextRound: "Следующий раунд",
    endScene: "Конец сцены",
    note: "Заметка",
    log: "Журнал",
    logEmpty: "Здесь будут все действия сцены, новые сверху, с выпавшими кубиками.",
    more: (n) => `Показать ещё (${n})`,
    emptyTitle: "Сцен пока нет",
    emptyText: "Сцена — это бой или эпизод: персонажи, их раны и всё, что с ними было. Она хранится на этом устройстве.",
    newScene: "Новая сцена",
    newSceneName: "Название сцены",
    newScenePlaceholder: "например, Бой в подворотне",
    create: "Создать",
    import: "Из файла…",
    export: "В файл",
    open: "Открыть",
    current: "открыта",
    delete: "Удалить",
    deleteAsk: (n) => `Удалить сцену «${n}»? Её можно будет вернуть в течение недели.`,
    deleted: (n) => `Сцена «${n}» удалена.`,
    restore: "Вернуть",
    deletedList: "Удалённые (можно вернуть неделю)",
    cancel: "Отмена",
    close: "Закрыть",
    done: "Готово",
    apply: "Применить",
    roll: "Бросить",
    rollApply: "Бросить кубики",
    applyFaces: "Применить с этими гранями",
    pending: "Считаю…",
    inCalc: "В калькуляторе",
    inCalcNone: "Калькулятор не может принять персонажа в этом состоянии.",
    diceMode: "Кубики",
    diceRoll: "Бросит движок",
    diceHand: "Вписать грани вручную",
    diceNone: "Кубики не бросаются.",
    diceNeed: (g, n, s) => `${g}: ${n} d${s}`,
    diceFacesHint: "грани через пробел или запятую",
    facesText: "Грани — целые числа через пробел или запятую.",
    when: (t) => ` (${t})`,
    odds: "Шансы до броска",
    wouldDo: "Что произойдёт",
    result: "Результат",
    edit: "Исправить",
    editTitle: (n) => `Исправить: ${n}`,
    remove: "Убрать из сцены",
    removeAsk: (n) => `Убрать «${n}» из сцены? Это действие в журнале: его можно отменить.`,
    menu: (n) => `Действия: ${n}`,
    stats: "Лист персонажа",
    stateNow: "Состояние сейчас",
    name: "Имя",
    system: "Система",
    tagsHint: "через запятую",
    readings: "Толкования источника",
    readingsHelp: "Где источник допускает два прочтения, сцена следует выбранному здесь (как калькуляторы).",
    unclear: "Неясно в источнике: как читает сцена",
    details: "Подробнее",
    target: "Цель",
    chars: (n) => `${n} персонаж.`,
    entries: (n) => `${n} записей`,
    updated: (d) => `изменена ${d}`,
    broken: "Сцена не читается",
    brokenText: "Она сохранена без изменений: её можно скачать и разобраться (или удалить).",
    brokenJSON: "сохранённый текст — не JSON (файл повреждён).",
    brokenType: "сохранена не текстом (запись повреждена).",
    download: "Скачать как есть",
    migrated: (v) => `Сцена сохранена прежней версией Свода (${v}) и переведена в нынешнюю; прежний текст сохранён.`,
    downloadLegacy: "Скачать прежний",
    importTooBig: (mb, max) => `Файл ${mb} МБ: сцена не бывает больше ${max} МБ.`,
    importRefused: "Файл не импортирован:",
    imported: (n) => `Сцена «${n}» импортирована.`,
    persistAsk: "Браузер может стереть сайт при нехватке места. Попросить хранить сцены постоянно?",
    limitChars: (n) => `В сцене не больше ${n} персонажей.`,
    inconsistent: "Состояние этой сцены расходится с её журналом (её правили не на этой странице): «Отменить» пересчитает сцену по журналу.",
    storageFailed: (why) => `Не удалось сохранить (${why}). Сохраните сцену в файл.`,
    roles: { attacker: "Атакует", target: "Цель", character: "Персонаж" },
    groups: { attack: "атака", defence: "защита", damage: "урон", d6: "д6", checks: "проверка", soak: "поглощение" },
    status: {
      serialHealth: "Здоровье", absorption: "УП", armor: "Броня", penalty: (n) => `−${n} куб.`,
      door: (n) => (n ? `Порог: бросков ${n}, следующий −${n}` : "Порога в сцене не было"),
      shock: "Шок был", lastBreath: "Последний вздох был", negative: (n, of) => `отриц. хиты ${n} из ${of}`,
      rollDue: "Бросок Порога!", hits: "Хиты", stage: (n, name) => `Стадия ${n}: ${name}`, drinks: (n) => `выпито ${n}`,
      track: "Трек", level: (n) => `уровень ${n}`, stress: "Стресс", flax: "FLAX", levels: "Уровни здоровья",
      stunned: "оглушён", ruined: "броня испорчена", noPenalty: "без штрафа",
    },
    actionNames: {},
  },
  en: {
    loading: "Loading the scenes…",
    python: "Starting the rules engine…",
    pythonFailed: "The rules engine did not start: the scene can be read, not changed.",
    retry: "Retry",
    checking: "Checking the scene…",
    busy: (what) => `Computing: ${what}…`,
    saved: "Saved on this device",
    savedPersist: "Saved on this device (the browser will not erase it unasked)",
    savedUnasked: "Saved on this device, but this browser cannot be asked to keep the scenes: it may erase them. Keep a copy in a file.",
    memoryOnly: (why) => `This device does not keep scenes (${why}): they go when the tab closes. Save the scene to a file.`,
    unsaved: "Not saved! Save the scene to a file.",
    stale: "The scene was changed in another tab; its latest version is shown. Do the action again.",
    otherTab: "The scene was updated from another tab.",
    scenes: "Scenes",
    scene: "Scene",
    round: (n) => `Round ${n}`,
    undo: "Undo",
    undoLabel: "Undo the last action",
    nothingToUndo: "Nothing to undo.",
    undone: (t) => `Undone: ${t}`,
    addChar: "Character",
    addCharTitle: "New character",
    nextRound: "Next round",
    endScene: "End of scene",
    note: "Note",
    log: "Log",
    logEmpty: "Every action of the scene goes here, newest first, with the dice rolled.",
    more: (n) => `Show more (${n})`,
    emptyTitle: "No scenes yet",
    emptyText: "A scene is a fight or an episode: the characters, their wounds and all that happened to them. It is kept on this device.",
    newScene: "New scene",
    newSceneName: "Scene name",
    newScenePlaceholder: "e.g. The fight in the alley",
    create: "Create",
    import: "From a file…",
    export: "To a file",
    open: "Open",
    current: "open",
    delete: "Delete",
    deleteAsk: (n) => `Delete the scene “${n}”? It can be restored for a week.`,
    deleted: (n) => `The scene “${n}” was deleted.`,
    restore: "Restore",
    deletedList: "Deleted (can be restored for a week)",
    cancel: "Cancel",
    close: "Close",
    done: "Done",
    apply: "Apply",
    roll: "Roll",
    rollApply: "Roll the dice",
    applyFaces: "Apply these faces",
    pending: "Computing…",
    inCalc: "In the calculator",
    inCalcNone: "The calculator cannot hold the character as he stands.",
    diceMode: "Dice",
    diceRoll: "The engine rolls",
    diceHand: "Enter the faces by hand",
    diceNone: "No dice are rolled.",
    diceNeed: (g, n, s) => `${g}: ${n} d${s}`,
    diceFacesHint: "faces separated by spaces or commas",
    facesText: "Faces are whole numbers separated by spaces or commas.",
    when: (t) => ` (${t})`,
    odds: "Odds before the roll",
    wouldDo: "What it would do",
    result: "Result",
    edit: "Edit",
    editTitle: (n) => `Edit: ${n}`,
    remove: "Remove from the scene",
    removeAsk: (n) => `Remove “${n}” from the scene? It is an action in the log: it can be undone.`,
    menu: (n) => `Actions: ${n}`,
    stats: "Character sheet",
    stateNow: "State now",
    name: "Name",
    system: "System",
    tagsHint: "separated by commas",
    readings: "Readings of the source",
    readingsHelp: "Where the source can be read two ways, the scene follows the reading chosen here (as the calculators do).",
    unclear: "Unclear in the source: how the scene reads it",
    details: "More",
    target: "Target",
    chars: (n) => `${n} char.`,
    entries: (n) => `${n} entries`,
    updated: (d) => `changed ${d}`,
    broken: "The scene cannot be read",
    brokenText: "It is kept unchanged: download it to look into it (or delete it).",
    brokenJSON: "the stored text is not JSON (the file is damaged).",
    brokenType: "not stored as text (the record is damaged).",
    download: "Download as it is",
    migrated: (v) => `The scene was saved by an earlier Svod (${v}) and has been brought up to date; the earlier text is kept.`,
    downloadLegacy: "Download the earlier one",
    importTooBig: (mb, max) => `The file is ${mb} MB: a scene is never more than ${max} MB.`,
    importRefused: "The file was not imported:",
    imported: (n) => `The scene “${n}” was imported.`,
    persistAsk: "The browser may erase the site when short of space. Ask it to keep the scenes?",
    limitChars: (n) => `At most ${n} characters in a scene.`,
    inconsistent: "This scene's state differs from its log (it was edited elsewhere): «Undo» recomputes the scene from its log.",
    storageFailed: (why) => `Could not save (${why}). Save the scene to a file.`,
    roles: { attacker: "Attacks", target: "Target", character: "Character" },
    groups: { attack: "attack", defence: "defence", damage: "damage", d6: "d6", checks: "check", soak: "soak" },
    status: {
      serialHealth: "Health", absorption: "УП", armor: "Armor", penalty: (n) => `−${n} dice`,
      door: (n) => (n ? `Death's door: ${n} rolls, next −${n}` : "No death's door this scene"),
      shock: "had Шок", lastBreath: "had Last breath", negative: (n, of) => `negative hits ${n} of ${of}`,
      rollDue: "Death's-door roll!", hits: "Hits", stage: (n, name) => `Stage ${n}: ${name}`, drinks: (n) => `${n} drunk`,
      track: "Track", level: (n) => `level ${n}`, stress: "Stress", flax: "FLAX", levels: "Health levels",
      stunned: "stunned", ruined: "armor ruined", noPenalty: "no penalty",
    },
  },
};

/** The actions each system's card offers, in order (the engine's action types); the system's
 * other actions (but the death's-door roll, which the card offers when it is due) are in the
 * card's «⋯» menu. */
const CARD_ACTIONS = {
  serial: ["damage", "attack", "gain_absorption"],
  lysogorsk: ["lys_damage", "drink"],
  codex: ["codex_damage", "codex_stress"],
  wod: ["wod_damage"],
};
/** Which field of an action names the card's character. */
const ROLE_OF = { attack: "attacker" };
const LOG_PAGE = 40;
const PREVIEW_MS = 200;

const attr = esc;
const langOf = () => pickLang(document.documentElement.lang);
/** Whether this browser lets the page ask it to keep the site's storage (WebKitGTK has no
 * navigator.storage.persist; Safari on iPhone erases a site's storage after 7 days unvisited). */
const canAskToKeep = () => !!(globalThis.navigator && navigator.storage && typeof navigator.storage.persist === "function");

// ---- the engine ---------------------------------------------------------------------------

let specPromise = null;
let calcSpecsPromise = null;

function engine(request) {
  if (rt.state === "idle" || rt.state === "error") startRuntime();
  return call({ op: "scene", ...request });
}

function sceneSpec() {
  if (!specPromise) {
    specPromise = engine({ cmd: "spec" }).then((r) => {
      if (!r.ok) throw new Error("scene spec");
      return r.result;
    });
    specPromise.catch(() => { specPromise = null; });
  }
  return specPromise;
}

function calcSpecs() {
  if (!calcSpecsPromise) {
    if (rt.state === "idle" || rt.state === "error") startRuntime();
    calcSpecsPromise = call({ op: "list" }).then((r) => {
      if (!r.ok) throw new Error("calculator list");
      return new Map(r.result.map((c) => [c.id, c]));
    });
    calcSpecsPromise.catch(() => { calcSpecsPromise = null; });
  }
  return calcSpecsPromise;
}

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

// ---- reading a sheet's form -----------------------------------------------------------------

/** Faces as typed: whole numbers separated by spaces or commas ("" is none given). */
export function readFaces(text) {
  const t = String(text).trim();
  if (!t) return null;
  const items = t.split(/[\s,;]+/);
  if (!items.every((x) => /^[0-9]{1,3}$/.test(x))) return undefined;
  return items.map(Number);
}

/** A comma-separated list of short texts (tags). */
const readTags = (text) => String(text).split(",").map((x) => x.trim()).filter(Boolean);

const isNullableChoice = (p) => p.kind === "choice" && (p.nullable || p.default === null);

/** Draw a field of an action or a sheet: the calculators' kinds, and the scene's own. */
function drawField(p, value, path, prefix, lang, extra = {}) {
  const L = TEXT[lang];
  const id = `${prefix}-${path.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
  const label = esc(tr(p.label, lang));
  const help = (parts) => {
    const t = parts.filter(Boolean).join(". ");
    return t ? `<small class="svod-help" id="${id}-help">${esc(t)}</small>` : "";
  };
  const err = `<p class="svod-err" id="${id}-err" role="alert" hidden></p>`;
  const wrap = (kind, body, helpParts = [tr(p.help, lang)]) =>
    `<div class="svod-field svod-field--${attr(kind)}" data-field="${attr(path)}">${body}${help(helpParts)}${err}</div>`;
  if (p.kind === "text") {
    const max = p.max_len ? ` maxlength="${p.max_len}"` : "";
    return wrap("text", `<label for="${id}">${label}</label><input id="${id}" name="${attr(path)}" type="text"${max} value="${attr(value ?? "")}" placeholder="${attr(extra.placeholder || "")}" aria-describedby="${id}-help ${id}-err">`);
  }
  if (p.kind === "text_list") {
    const text = Array.isArray(value) ? value.join(", ") : "";
    return wrap("text_list", `<label for="${id}">${label}</label><input id="${id}" name="${attr(path)}" type="text" value="${attr(text)}" aria-describedby="${id}-help ${id}-err">`,
      [L.tagsHint, tr(p.help, lang)]);
  }
  if (p.kind === "character") {
    const opts = (extra.characters || []).map((c) =>
      `<option value="${attr(c.id)}"${c.id === value ? " selected" : ""}>${esc(c.name)}</option>`).join("");
    return wrap("character", `<label for="${id}">${label}</label><select id="${id}" name="${attr(path)}">${opts}</select>`, []);
  }
  if (isNullableChoice(p)) {
    const opts = [{ value: "", label: p.options && p.options.some((o) => o.value === "") ? null : { ru: "—", en: "—" } }]
      .filter((o) => o.label).concat(p.options || []);
    const sel = value == null ? "" : value;
    return wrap("choice", `<label for="${id}">${label}</label><select id="${id}" name="${attr(path)}">` +
      opts.map((o) => `<option value="${attr(o.value)}"${o.value === sel ? " selected" : ""}>${esc(tr(o.label, lang))}</option>`).join("") +
      `</select>`);
  }
  return kindOf(p).draw(p, value, path, prefix, lang);
}

/** A field's value from the form; ``undefined`` when the form cannot hold what is typed. */
function readField(p, path, form) {
  if (p.kind === "text") return (form.input(path) || {}).value ?? "";
  if (p.kind === "text_list") return readTags((form.input(path) || {}).value ?? "");
  if (p.kind === "character") return (form.input(path) || {}).value ?? null;
  if (isNullableChoice(p)) {
    const v = (form.input(path) || {}).value ?? "";
    return v === "" ? null : v;
  }
  return kindOf(p).read(p, path, form);
}

function fieldRefusals(p, value, path) {
  if (["text", "text_list", "character"].includes(p.kind) || isNullableChoice(p)) return [];
  return kindOf(p).refusals(p, value, path);
}

// ---- drawing a character ------------------------------------------------------------------

const TONE = {
  ok: "ok", wounded: "warn", heavy: "bad", door: "bad", pending: "alarm", dead: "dead", stabilized: "warn",
  shock: "bad", stunned: "bad", last_breath: "alarm", walking_dead: "alarm", will_to_live: "warn", instant_death: "dead",
  active: "ok", incapacitated: "dead", hurt: "warn", out: "dead",
};

function toneOf(view) {
  if (TONE[view.status]) return TONE[view.status];
  if (/dead|killed|death/.test(view.status)) return "dead";
  return view.wound_penalty ? "warn" : "ok";
}

function meter(value, max, label) {
  const n = Math.max(0, Math.min(max, value));
  const pct = max > 0 ? Math.round((100 * n) / max) : 0;
  return `<span class="svod-meter" role="meter" aria-label="${attr(label)}" aria-valuemin="0" aria-valuemax="${max}" aria-valuenow="${n}"><span style="width:${pct}%"></span></span>`;
}

function stat(label, value, cls = "") {
  return `<span class="svod-stat${cls ? ` ${cls}` : ""}"><span class="svod-stat__k">${esc(label)}</span> <b class="svod-stat__v">${esc(value)}</b></span>`;
}

const minus = (s) => String(s).replace(/-/g, "−");

function cardLines(ch, lang) {
  const S = TEXT[lang].status;
  const v = ch.view || {};
  const lines = [];
  if (ch.system === "serial") {
    lines.push(`<div class="svod-card__row">${stat(S.serialHealth, `${minus(v.health)}/${v.health_max}`)}${meter(v.health, v.health_max, S.serialHealth)}` +
      `${stat(S.absorption, `${v.absorption}/${v.absorption_base}`)}</div>`);
    // what the scene has done to him so far (a fresh character: his armor, if any)
    const bits = [];
    if (v.armor) bits.push(`${S.armor} ${v.armor}`);
    if (v.door_rolls || v.had_shock || v.had_last_breath || v.negative || v.status === "pending") bits.push(S.door(v.door_rolls));
    if (v.had_shock) bits.push(S.shock);
    if (v.had_last_breath) bits.push(S.lastBreath);
    if (v.negative) bits.push(S.negative(v.negative, v.threshold));
    if (bits.length) lines.push(`<div class="svod-card__row svod-card__small">${esc(bits.join(" · "))}</div>`);
    if (v.status_effect) lines.push(`<div class="svod-card__row svod-card__small svod-card__effect" title="${attr(tr(v.status_effect, lang))}">${esc(tr(v.status_effect, lang))}</div>`);
  } else if (ch.system === "lysogorsk") {
    lines.push(`<div class="svod-card__row">${stat(S.hits, `${v.hits}/${v.hits_max}`)}${meter(v.hits, v.hits_max, S.hits)}</div>`);
    lines.push(`<div class="svod-card__row svod-card__small">${esc(S.stage(v.stage, tr(v.stage_name, lang)))}` +
      `${v.drinks ? ` · ${esc(S.drinks(v.drinks))}` : ""}</div>`);
    if (v.stage && v.stage_effect) lines.push(`<div class="svod-card__row svod-card__small svod-card__effect" title="${attr(tr(v.stage_effect, lang))}">${esc(tr(v.stage_effect, lang))}</div>`);
  } else if (ch.system === "codex") {
    lines.push(`<div class="svod-card__row">${stat(S.track, `${v.damage}/${v.capacity}`)}${meter(v.capacity - v.damage, v.capacity, S.track)}` +
      `${stat(S.stress, `${v.stress}/6${v.flax ? ` ${S.flax}` : ""}`)}</div>`);
    lines.push(`<div class="svod-card__row svod-card__small">${esc(`${S.level(v.level)}: ${tr(v.consequence, lang)}`)}</div>`);
  } else if (ch.system === "wod") {
    const bits = [];
    if (v.stunned) bits.push(S.stunned);
    if (v.armor_ruined) bits.push(S.ruined);
    lines.push(`<div class="svod-card__row">${stat(S.levels, `${v.left}/${v.levels}`)}${meter(v.left, v.levels, S.levels)}${v.armor ? stat(S.armor, v.armor) : ""}</div>`);
    if (bits.length) lines.push(`<div class="svod-card__row svod-card__small">${esc(bits.join(" · "))}</div>`);
  }
  return lines.join("");
}

function cardHTML(ch, spec, lang, disabled) {
  const L = TEXT[lang];
  const v = ch.view || {};
  const sys = spec && spec.systems[ch.system];
  const tone = toneOf(v);
  const status = tr(v.status_name, lang) || v.status || "";
  // the penalty, unless the status already says it («Тяжело ранен: −4 кубика, …»)
  const pen = v.wound_penalty && !status.includes(`−${v.wound_penalty}`) ? ` · ${L.status.penalty(v.wound_penalty)}` : "";
  const actions = (CARD_ACTIONS[ch.system] || []).map((type) => {
    const a = spec && spec.actions.find((x) => x.type === type);
    return a ? `<button type="button" class="svod-chip" data-act="${attr(type)}"${disabled}>${esc(tr(a.title, lang))}</button>` : "";
  }).join("");
  const due = v.roll_due ? `<button type="button" class="svod-chip svod-chip--alarm" data-act="death_door"${disabled}>${esc(L.status.rollDue)}</button>` : "";
  return `<li class="svod-card svod-card--${tone}" data-char="${attr(ch.id)}" data-system="${attr(ch.system)}" data-status="${attr(v.status || "")}">` +
    `<div class="svod-card__head"><h3 class="svod-card__name">${esc(ch.name)}</h3>` +
    `<span class="svod-card__sys">${esc(sys ? tr(sys.title, lang) : ch.system)}</span>` +
    `<button type="button" class="svod-card__menu" data-act="menu" aria-label="${attr(L.menu(ch.name))}"${disabled}>⋯</button></div>` +
    `<p class="svod-card__status"><span class="svod-dot"></span>${esc(status)}${esc(pen)}</p>` +
    cardLines(ch, lang) +
    `<div class="svod-card__actions">${due}${actions}</div></li>`;
}

function diceChips(dice, lang) {
  if (!dice) return "";
  const G = TEXT[lang].groups;
  const out = [];
  for (const [group, faces] of Object.entries(dice)) {
    const lists = Array.isArray(faces[0]) ? faces : [faces];
    lists.forEach((f, i) => {
      if (!f.length) return;
      const name = G[group] || group;
      out.push(`<span class="svod-logdice"><span class="svod-logdice__g">${esc(lists.length > 1 ? `${name} ${i + 1}` : name)}</span>` +
        f.map((x) => `<span class="svod-logdie">${esc(x)}</span>`).join("") + `</span>`);
    });
  }
  return out.length ? `<span class="svod-logdice-row">${out.join("")}</span>` : "";
}

function logItem(entry, lang) {
  const L = TEXT[lang];
  return `<li class="svod-log__item" data-n="${entry.n}"><span class="svod-log__n">№ ${entry.n} · ${esc(L.round(entry.round))}</span> ` +
    `<span class="svod-log__text">${esc(tr(entry.text, lang))}</span>${diceChips(entry.action && entry.action.dice, lang)}</li>`;
}

/** The figures a preview says most about (the keys its engine declares, or its calculator's
 * summary), gathered from its figures blocks into one; without such keys, its first figures. */
function summaryFigures(display, keys) {
  const items = display.filter((b) => b.kind === "figures").flatMap((b) => b.items || []);
  const picked = (keys || []).map((k) => items.find((it) => it.key === k)).filter(Boolean);
  if (picked.length) return { kind: "figures", items: picked };
  return display.find((b) => b.kind === "figures") || { kind: "figures", items: [] };
}

function download(name, text) {
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function fileName(name, suffix = "") {
  const base = String(name || "scene").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 60) || "scene";
  const day = new Date().toISOString().slice(0, 10);
  return `${base}${suffix} ${day}.svod-scene.json`;
}

function when(ms, lang) {
  const d = new Date(ms);
  const today = new Date().toDateString() === d.toDateString();
  const pad = (n) => String(n).padStart(2, "0");
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return today ? time : `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${time}`;
}

function errorsHTML(errors, lang) {
  return (errors || []).map((e) => `<p>${esc(e[lang] || e.ru || e.en || "?")}</p>`).join("");
}

// ---- the page -----------------------------------------------------------------------------

let storePromise = null;
function theStore() {
  if (!storePromise) {
    storePromise = SceneStore.open().then(async (s) => {
      try { await s.purge(); } catch { /* next time */ }
      return s;
    });
  }
  return storePromise;
}

class ScenePage {
  constructor(root) {
    this.root = root;
    this.lang = langOf();
    this.L = TEXT[this.lang];
    this.spec = null;
    this.store = null;
    this.records = [];
    this.cur = null; // {rec, text, scene, checked, broken: errors|null}
    this.queue = Promise.resolve();
    this.busy = 0;
    this.logShown = LOG_PAGE;
    this.sheet = null;
    this.unsaved = false;
    this.persisted = null;
    /** Scenes the engine could not read this visit (the list says so beside them). */
    this.unreadable = new Set();
  }

  // ---- the frame ----
  async start() {
    const L = this.L;
    this.root.innerHTML =
      `<div class="svod-scene__bar">` +
      `<button type="button" class="svod-scene__name" data-act="scenes" aria-haspopup="dialog"><span class="svod-scene__title">${esc(L.scenes)}</span><span aria-hidden="true"> ▾</span></button>` +
      `<span class="svod-scene__round"></span>` +
      `<button type="button" class="svod-scene__undo" data-act="undo" aria-label="${attr(L.undoLabel)}" title="${attr(L.undoLabel)}" disabled>↶ <span>${esc(L.undo)}</span></button>` +
      `</div>` +
      `<p class="svod-scene__status" role="status" aria-live="polite">${esc(L.loading)}</p>` +
      `<div class="svod-scene__notice" role="alert" hidden></div>` +
      `<div class="svod-scene__main"></div>` +
      `<dialog class="svod-sheet" aria-labelledby="svod-sheet-title"></dialog>` +
      `<div class="svod-toast" role="status" aria-live="polite" hidden></div>`;
    this.$status = this.root.querySelector(".svod-scene__status");
    this.$notice = this.root.querySelector(".svod-scene__notice");
    this.$main = this.root.querySelector(".svod-scene__main");
    this.$dialog = this.root.querySelector(".svod-sheet");
    this.$round = this.root.querySelector(".svod-scene__round");
    this.$title = this.root.querySelector(".svod-scene__title");
    this.$undo = this.root.querySelector(".svod-scene__undo");
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.$dialog.addEventListener("close", () => { this.sheet = null; this.$dialog.innerHTML = ""; });
    this.$dialog.addEventListener("click", (e) => { if (e.target === this.$dialog) this.closeSheet(); });
    this.root.dataset.state = "loading";
    addEventListener("svod:runtime", () => this.showStatus());

    this.store = await theStore();
    this.store.onChange((m) => this.onOtherTab(m));
    this.specReady = sceneSpec().then((s) => { this.spec = s; return s; });
    this.specReady.catch(() => this.showStatus());
    await this.reloadRecords();
    const want = await this.store.getMeta("current").catch(() => null);
    const live = this.records.filter((r) => !r.deletedAt);
    const pick = live.find((r) => r.id === want) || live.sort((a, b) => b.updated - a.updated)[0];
    if (pick) await this.open(pick.id);
    else this.renderEmpty();
    try { this.persisted = navigator.storage && navigator.storage.persisted ? await navigator.storage.persisted() : null; } catch { /* unknown */ }
    this.showStatus();
  }

  async reloadRecords() {
    this.records = await this.store.all();
  }

  // ---- status ----
  showStatus(text) {
    const L = this.L;
    let line = text;
    if (!line) {
      if (rt.state === "error") line = L.pythonFailed;
      else if (this.busy) line = L.busy(this.busyWhat || "");
      else if (this.cur && !this.cur.checked && !this.cur.broken) line = rt.state === "ready" ? L.checking : L.python;
      else if (this.unsaved) line = L.unsaved;
      // a browser without navigator.storage.persist (WebKitGTK) cannot be asked to keep them
      else if (this.cur && !this.cur.broken) line = this.persisted ? L.savedPersist : canAskToKeep() ? L.saved : L.savedUnasked;
      else line = "";
    }
    this.$status.textContent = line;
    this.$status.classList.toggle("svod-scene__status--busy", !!this.busy);
    if (rt.state === "error" && !this.$status.querySelector("button")) {
      this.$status.insertAdjacentHTML("beforeend", ` <button type="button" class="md-button" data-act="retry">${esc(L.retry)}</button>`);
    }
    const notes = [];
    if (this.store && !this.store.persistent) notes.push(`<p>${esc(L.memoryOnly(this.store.failure || "—"))}</p>`);
    if (this.noticeHTML) notes.push(this.noticeHTML);
    this.$notice.innerHTML = notes.join("");
    this.$notice.hidden = !notes.length;
    const ready = this.canAct();
    this.$undo.disabled = !ready || !this.cur || !this.cur.scene || !this.cur.scene.log.length;
    this.root.dataset.state = this.busy ? "busy" : !this.cur ? (this.records.some((r) => !r.deletedAt) ? "loading" : "empty")
      : this.cur.broken ? "broken" : this.cur.checked ? "ready" : "loading";
  }

  canAct() {
    return !!(this.cur && this.cur.checked && !this.cur.broken && this.spec && rt.state !== "error");
  }

  toast(html, undo) {
    const t = this.root.querySelector(".svod-toast");
    t.innerHTML = `<span>${html}</span>` + (undo ? ` <button type="button" class="svod-toast__btn">${esc(undo.label)}</button>` : "");
    t.hidden = false;
    if (undo) t.querySelector("button").addEventListener("click", () => { t.hidden = true; undo.fn(); }, { once: true });
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { t.hidden = true; }, undo ? 12000 : 5000);
  }

  // ---- opening a scene ----
  async open(id) {
    const rec = await this.store.get(id);
    if (!rec) return;
    const sum = summary(rec);
    this.cur = { rec, text: typeof rec.text === "string" ? rec.text : null, scene: null, checked: false, broken: null };
    this.noticeHTML = "";
    this.logShown = LOG_PAGE;
    this.store.setMeta("current", id).catch(() => {});
    if (sum.broken) {
      this.cur.broken = [{ field: "", ru: sum.broken === "json" ? TEXT.ru.brokenJSON : TEXT.ru.brokenType,
        en: sum.broken === "json" ? TEXT.en.brokenJSON : TEXT.en.brokenType }];
      this.render();
      return;
    }
    // Drawn at once from what was stored (the views in it are the engine's), then checked.
    try { this.cur.scene = JSON.parse(rec.text); } catch { /* sum.broken said so */ }
    this.render();
    const mine = this.cur;
    let res;
    try {
      res = await engine({ cmd: "load", scene: rec.text, reply: "text" });
      await this.specReady;
    } catch {
      this.showStatus();
      return;
    }
    if (this.cur !== mine) return;
    if (!res.ok) {
      this.cur.broken = res.errors;
      this.cur.scene = null;
      this.unreadable.add(id);
      this.render();
      return;
    }
    this.unreadable.delete(id);
    const text = res.result.scene_text;
    const from = res.result.migrated_from;
    if (from != null) {
      // kept beside it: the text as the earlier version wrote it
      try {
        this.cur.rec = await this.store.save(rec, text, JSON.parse(text).name, { legacy: { version: from, text: rec.text } });
      } catch (e) { this.storageError(e); }
      this.noticeHTML = `<p>${esc(this.L.migrated(from))} <button type="button" class="md-button" data-act="legacy">${esc(this.L.downloadLegacy)}</button></p>`;
    } else if (rec.legacy) {
      this.noticeHTML = `<p><button type="button" class="md-button" data-act="legacy">${esc(this.L.downloadLegacy)}</button></p>`;
    }
    this.setScene(text);
    this.cur.checked = true;
    this.render();
    // Is it what its own log replays to? Then the engine can undo without replaying (and if not,
    // the reader hears that an undo recomputes the scene from its log).
    engine({ cmd: "load", scene: text, reply: "text", verify: true }).then((r) => {
      if (this.cur !== mine || !r.ok || r.result.state_matches_log !== false) return;
      this.noticeHTML = (this.noticeHTML || "") + `<p>${esc(this.L.inconsistent)}</p>`;
      this.showStatus();
    }, () => {});
  }

  setScene(text) {
    this.cur.text = text;
    this.cur.scene = JSON.parse(text);
  }

  // ---- drawing ----
  render() {
    const L = this.L;
    const cur = this.cur;
    if (!cur) { this.renderEmpty(); return; }
    const sc = cur.scene;
    const sum = summary(cur.rec);
    this.$title.textContent = (sc && sc.name) || sum.name || L.scene;
    this.$round.textContent = sc ? L.round(sc.round) : "";
    if (cur.broken) {
      this.$main.innerHTML = `<section class="svod-broken" data-broken="${attr(cur.rec.id)}"><h2>${esc(L.broken)}: «${esc(sum.name || cur.rec.id)}»</h2>` +
        `<div class="svod-broken__why">${errorsHTML(cur.broken, this.lang)}</div><p>${esc(L.brokenText)}</p>` +
        `<p class="svod-row"><button type="button" class="md-button md-button--primary" data-act="download-raw" data-id="${attr(cur.rec.id)}">${esc(L.download)}</button>` +
        `<button type="button" class="md-button" data-act="scenes">${esc(L.scenes)}</button></p></section>`;
      this.showStatus();
      return;
    }
    const off = this.canAct() ? "" : " disabled";
    const chars = (sc.characters || []).map((c) => cardHTML(c, this.spec, this.lang, off)).join("");
    const log = sc.log || [];
    const shown = log.slice(-this.logShown).reverse().map((e) => logItem(e, this.lang)).join("");
    const rest = log.length - Math.min(log.length, this.logShown);
    this.$main.innerHTML =
      `<ul class="svod-cards">${chars}</ul>` +
      `<div class="svod-scene__controls">` +
      `<button type="button" class="md-button md-button--primary" data-act="add"${off}>+ ${esc(L.addChar)}</button>` +
      `<button type="button" class="md-button" data-act="next_round"${off}>${esc(L.nextRound)}</button>` +
      `<button type="button" class="md-button" data-act="end_scene"${off}>${esc(L.endScene)}</button>` +
      `<button type="button" class="md-button" data-act="note"${off}>${esc(L.note)}</button>` +
      `<button type="button" class="md-button" data-act="readings"${off}>${esc(L.readings)}</button>` +
      `</div>` +
      `<section class="svod-log" aria-labelledby="svod-log-title"><h2 id="svod-log-title">${esc(L.log)}</h2>` +
      (log.length ? `<ol class="svod-log__list" reversed>${shown}</ol>` : `<p class="svod-log__empty">${esc(L.logEmpty)}</p>`) +
      (rest ? `<button type="button" class="md-button" data-act="more-log">${esc(L.more(rest))}</button>` : "") +
      `</section>`;
    this.showStatus();
  }

  renderEmpty() {
    const L = this.L;
    this.cur = null;
    this.$title.textContent = L.scenes;
    this.$round.textContent = "";
    this.$main.innerHTML = `<section class="svod-empty"><h2>${esc(L.emptyTitle)}</h2><p>${esc(L.emptyText)}</p>` +
      this.newSceneForm() + `</section>`;
    this.bindNewScene(this.$main);
    this.showStatus();
  }

  newSceneForm() {
    const L = this.L;
    // a group, not a <form>: it also goes inside the sheet's form
    return `<div class="svod-newscene" role="group" aria-labelledby="svod-newscene-label"><label id="svod-newscene-label" for="svod-newscene-name">${esc(L.newSceneName)}</label>` +
      `<div class="svod-row"><input id="svod-newscene-name" name="name" type="text" maxlength="80" autocomplete="off" placeholder="${attr(L.newScenePlaceholder)}">` +
      `<button type="button" class="md-button md-button--primary svod-newscene__create">${esc(L.create)}</button></div>` +
      `<p class="svod-err" role="alert" hidden></p>` +
      `<p class="svod-row"><label class="md-button svod-import">${esc(L.import)}<input type="file" accept=".json,application/json" hidden></label></p></div>`;
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

  // ---- scenes ----
  async newScene(name, errBox) {
    const res = await engine({ cmd: "new", name, reply: "text" }).catch(() => null);
    if (!res) return;
    if (!res.ok) {
      errBox.innerHTML = errorsHTML(res.errors, this.lang);
      errBox.hidden = false;
      return;
    }
    this.askPersist();
    const text = res.result.scene_text;
    try {
      const rec = await this.store.create(text, JSON.parse(text).name);
      await this.reloadRecords();
      this.closeSheet();
      await this.open(rec.id);
    } catch (e) { this.storageError(e); }
  }

  async askPersist() {
    if (this.persisted) return;
    const got = await SceneStore.persist();
    this.persisted = got;
    this.showStatus();
  }

  async importFile(file, errBox) {
    const L = this.L;
    const spec = await this.specReady.catch(() => null);
    const maxChars = spec ? spec.limits.scene_chars : 2_100_000;
    const say = (html) => { errBox.innerHTML = html; errBox.hidden = false; };
    // UTF-8 takes at most 4 bytes a character: a bigger file cannot be a scene (not read at all)
    if (file.size > 4 * maxChars) {
      say(`<p>${esc(L.importTooBig((file.size / 1048576).toFixed(1), (4 * maxChars / 1048576).toFixed(1)))}</p>`);
      return;
    }
    let text;
    try { text = await file.text(); } catch (e) { say(`<p>${esc(String(e))}</p>`); return; }
    const res = await engine({ cmd: "load", scene: text, reply: "text" }).catch(() => null);
    if (!res) return;
    if (!res.ok) {
      say(`<p>${esc(L.importRefused)}</p>${errorsHTML(res.errors, this.lang)}`);
      return;
    }
    const out = res.result.scene_text;
    const name = JSON.parse(out).name;
    this.askPersist();
    try {
      const extra = res.result.migrated_from != null ? { legacy: { version: res.result.migrated_from, text } } : {};
      const rec = await this.store.create(out, name, extra);
      await this.reloadRecords();
      this.closeSheet();
      await this.open(rec.id);
      this.toast(esc(L.imported(name || rec.id)));
    } catch (e) { this.storageError(e); }
  }

  exportScene(rec) {
    const sum = summary(rec);
    if (typeof rec.text === "string") download(fileName(sum.name), rec.text);
    else download(fileName(sum.name || rec.id, " (raw)"), JSON.stringify(rec));
  }

  async deleteScene(rec) {
    const L = this.L;
    const name = summary(rec).name || rec.id;
    await this.store.markDeleted(rec, true);
    await this.reloadRecords();
    if (this.cur && this.cur.rec.id === rec.id) {
      const next = this.records.filter((r) => !r.deletedAt).sort((a, b) => b.updated - a.updated)[0];
      if (next) await this.open(next.id);
      else this.renderEmpty();
    }
    this.showScenes();
    this.toast(esc(L.deleted(name)), { label: L.restore, fn: () => this.restoreScene(rec.id) });
  }

  async restoreScene(id) {
    const rec = await this.store.get(id);
    if (!rec) return;
    await this.store.markDeleted(rec, false);
    await this.reloadRecords();
    await this.open(id);
    if (this.sheet === "scenes") this.showScenes();
  }

  showScenes() {
    const L = this.L;
    const live = this.records.filter((r) => !r.deletedAt).sort((a, b) => b.updated - a.updated);
    const gone = this.records.filter((r) => r.deletedAt).sort((a, b) => b.deletedAt - a.deletedAt);
    const row = (r) => {
      const s = summary(r);
      if (!s.broken && this.unreadable.has(r.id)) s.broken = "engine";
      const meta = s.broken ? `<span class="svod-bad">${esc(L.broken)}</span>`
        : esc([s.chars != null ? L.chars(s.chars) : "", s.entries != null ? L.entries(s.entries) : "", L.updated(when(s.updated, this.lang))].filter(Boolean).join(" · "));
      const isCur = this.cur && this.cur.rec.id === r.id;
      return `<li class="svod-scenes__item${isCur ? " svod-scenes__item--current" : ""}" data-id="${attr(r.id)}">` +
        `<div class="svod-scenes__name">${esc(s.name || r.id)}${isCur ? ` <small>(${esc(L.current)})</small>` : ""}</div>` +
        `<div class="svod-scenes__meta">${meta}</div><div class="svod-row">` +
        (isCur ? "" : `<button type="button" class="md-button md-button--primary" data-act="open-scene">${esc(L.open)}</button>`) +
        `<button type="button" class="md-button" data-act="${s.broken ? "download-raw" : "export"}" data-id="${attr(r.id)}">${esc(s.broken ? L.download : L.export)}</button>` +
        `<button type="button" class="md-button svod-danger" data-act="ask-delete">${esc(L.delete)}</button></div>` +
        `<div class="svod-scenes__confirm" hidden><p>${esc(L.deleteAsk(s.name || r.id))}</p><div class="svod-row">` +
        `<button type="button" class="md-button svod-danger" data-act="delete">${esc(L.delete)}</button>` +
        `<button type="button" class="md-button" data-act="cancel-delete">${esc(L.cancel)}</button></div></div></li>`;
    };
    const body = `<ul class="svod-scenes">${live.map(row).join("")}</ul>` +
      `<h3>${esc(L.newScene)}</h3>${this.newSceneForm()}` +
      (gone.length ? `<h3>${esc(L.deletedList)}</h3><ul class="svod-scenes">` + gone.map((r) => {
        const s = summary(r);
        return `<li class="svod-scenes__item" data-id="${attr(r.id)}"><div class="svod-scenes__name">${esc(s.name || r.id)}</div>` +
          `<div class="svod-row"><button type="button" class="md-button" data-act="restore">${esc(L.restore)}</button></div></li>`;
      }).join("") + `</ul>` : "");
    this.openSheet("scenes", L.scenes, body, "");
    this.bindNewScene(this.$dialog);
  }

  async onScenesClick(act, el) {
    const item = el.closest(".svod-scenes__item");
    const id = item && item.dataset.id;
    const rec = id && this.records.find((r) => r.id === id);
    if (act === "open-scene" && rec) { this.closeSheet(); await this.open(id); }
    else if (act === "export" && rec) this.exportScene(rec);
    else if (act === "ask-delete" && item) item.querySelector(".svod-scenes__confirm").hidden = false;
    else if (act === "cancel-delete" && item) item.querySelector(".svod-scenes__confirm").hidden = true;
    else if (act === "delete" && rec) await this.deleteScene(rec);
    else if (act === "restore" && id) await this.restoreScene(id);
  }

  // ---- the sheet ----
  openSheet(kind, title, body, footer, extraClass = "") {
    this.sheet = kind;
    this.$dialog.className = `svod-sheet${extraClass ? ` ${extraClass}` : ""}`;
    this.$dialog.dataset.kind = kind;
    delete this.$dialog.dataset.done;
    delete this.$dialog.dataset.action;
    delete this.$dialog.dataset.preview;
    this.$dialog.innerHTML = `<form class="svod-sheet__form" method="dialog" novalidate autocomplete="off">` +
      `<header class="svod-sheet__head"><h2 id="svod-sheet-title">${esc(title)}</h2>` +
      `<button type="button" class="svod-sheet__close" data-act="close" aria-label="${attr(this.L.close)}">×</button></header>` +
      `<div class="svod-sheet__body">${body}</div>` +
      (footer ? `<footer class="svod-sheet__foot">${footer}</footer>` : "") + `</form>`;
    // Enter in a field does what the sheet's button does (handlers below), never closes the sheet
    this.$dialog.querySelector("form").addEventListener("submit", (e) => e.preventDefault());
    if (!this.$dialog.open) this.$dialog.showModal();
    this.$dialog.querySelector(".svod-sheet__body").scrollTop = 0;
  }

  closeSheet() {
    if (this.$dialog.open) this.$dialog.close();
  }

  // ---- actions ----
  actionSpec(type) { return this.spec && this.spec.actions.find((a) => a.type === type); }

  char(id) { return this.cur && this.cur.scene && this.cur.scene.characters.find((c) => c.id === id); }

  /** Queue one change of the scene: run(text) → the engine's answer; the answers come in order,
   * each on the scene the one before it left. */
  enqueue(what, run) {
    this.busy += 1;
    this.busyWhat = what;
    this.showStatus();
    const job = this.queue.then(async () => {
      const cur = this.cur;
      let res;
      try {
        res = await run(cur.text);
      } catch {
        return { ok: false, errors: [{ field: "", ru: TEXT.ru.pythonFailed, en: TEXT.en.pythonFailed }] };
      }
      if (res.ok && cur === this.cur) await this.commit(res.result.scene_text);
      return res;
    }).finally(() => {
      this.busy -= 1;
      this.render();
    });
    this.queue = job.catch(() => {});
    return job;
  }

  /** The new scene's text: stored first (over the revision it came from), then shown. */
  async commit(text) {
    const cur = this.cur;
    const name = JSON.parse(text).name;
    try {
      cur.rec = await this.store.save(cur.rec, text, name);
      this.unsaved = false;
    } catch (e) {
      if (e instanceof StaleError) {
        this.toast(esc(this.L.stale));
        await this.reloadRecords();
        await this.open(cur.rec.id);
        return;
      }
      this.unsaved = true;
      this.storageError(e);
    }
    this.setScene(text);
    cur.checked = true;
  }

  storageError(e) {
    this.noticeHTML = `<p>${esc(this.L.storageFailed(String((e && (e.name || e.message)) || e)))}</p>`;
    this.showStatus();
  }

  async onOtherTab(m) {
    await this.reloadRecords();
    if (this.sheet === "scenes") this.showScenes();
    if (!this.cur || m.id !== this.cur.rec.id || this.busy) return;
    const rec = this.records.find((r) => r.id === m.id);
    if (rec && rec.rev !== this.cur.rec.rev) {
      if (rec.deletedAt) {
        this.renderEmpty();
        const next = this.records.filter((r) => !r.deletedAt).sort((a, b) => b.updated - a.updated)[0];
        if (next) await this.open(next.id);
      } else {
        await this.open(rec.id);
        this.toast(esc(this.L.otherTab));
      }
    }
  }

  direct(action, what) {
    return this.enqueue(what, (text) => engine({ cmd: "apply", scene: text, action, reply: "text" })).then((res) => {
      if (!res.ok) this.toast(errorsHTML(res.errors, this.lang));
      else if (action.type === "undo") this.toast(esc(tr(res.result.event.text, this.lang)));
      return res;
    });
  }

  undo() {
    if (!this.cur || !this.cur.scene || !this.cur.scene.log.length) { this.toast(esc(this.L.nothingToUndo)); return; }
    this.direct({ type: "undo" }, this.L.undo);
  }

  async onClick(e) {
    const el = e.target.closest("[data-act]");
    if (!el || !this.root.contains(el)) return;
    const act = el.dataset.act;
    if (act === "close") { this.closeSheet(); return; }
    if (act === "retry") { startRuntime(); this.showStatus(); if (this.cur && !this.cur.checked) this.open(this.cur.rec.id); return; }
    if (act === "scenes") { await this.reloadRecords(); this.showScenes(); return; }
    if (["open-scene", "export", "ask-delete", "cancel-delete", "delete", "restore"].includes(act) && this.sheet === "scenes") {
      await this.onScenesClick(act, el);
      return;
    }
    if (act === "download-raw") {
      const rec = await this.store.get(el.dataset.id);
      if (rec) this.exportScene(rec);
      return;
    }
    if (act === "legacy" && this.cur && this.cur.rec.legacy) {
      download(fileName(summary(this.cur.rec).name, ` (v${this.cur.rec.legacy.version})`), this.cur.rec.legacy.text);
      return;
    }
    if (act === "more-log") { this.logShown += LOG_PAGE * 5; this.render(); return; }
    if (this.sheet === "action" && el.closest(".svod-sheet")) { this.onSheetClick(act, el); return; }
    if (!this.canAct()) return;
    const card = el.closest(".svod-card");
    const cid = card && card.dataset.char;
    if (act === "undo") this.undo();
    else if (act === "next_round") this.direct({ type: "next_round" }, this.L.nextRound);
    else if (act === "add") this.showCharacterForm(null);
    else if (act === "menu" && cid) this.showMenu(cid);
    else if (act === "edit") this.showCharacterForm(el.dataset.char);
    else if (act === "remove") this.showAction("remove_character", { character: el.dataset.char });
    else if (act === "readings") this.showReadings();
    else if (act === "end_scene" || act === "note") this.showAction(act, {});
    else if (cid || el.dataset.char) this.showAction(act, { [ROLE_OF[act] || "character"]: cid || el.dataset.char });
  }

  showMenu(cid) {
    const L = this.L;
    const ch = this.char(cid);
    if (!ch) return;
    const more = this.spec.actions.filter((a) => a.system === ch.system && a.type !== "death_door" &&
      !(CARD_ACTIONS[ch.system] || []).includes(a.type));
    const body = `<div class="svod-menu">` +
      more.map((a) => `<button type="button" class="md-button" data-act="${attr(a.type)}" data-char="${attr(cid)}">${esc(tr(a.title, this.lang))}</button>`).join("") +
      `<button type="button" class="md-button" data-act="edit" data-char="${attr(cid)}">${esc(L.edit)}</button>` +
      `<button type="button" class="md-button svod-danger" data-act="remove" data-char="${attr(cid)}">${esc(L.remove)}</button></div>`;
    this.openSheet("menu", ch.name, body, "");
  }

  // ---- one action in its sheet: fields, the preview, the dice, the result ----
  showAction(type, fixed) {
    const L = this.L;
    const spec = this.actionSpec(type);
    if (!spec) return;
    const sc = this.cur.scene;
    const prefix = `svod-act-${type}`;
    const who = fixed.character || fixed.attacker;
    const ch = who && this.char(who);
    const title = tr(spec.title, this.lang) + (ch ? ` — ${ch.name}` : "");
    const fields = [];
    const folded = [];
    const essentials = spec.essentials ? new Set(spec.essentials) : null;
    for (const f of spec.fields) {
      if (f.name in fixed) continue;
      const to = essentials && !essentials.has(f.name) ? folded : fields;
      if (f.kind === "character") {
        const others = sc.characters.filter((c) => (!f.system || c.system === f.system) && !Object.values(fixed).includes(c.id));
        to.push(drawField(f, others[0] && others[0].id, f.name, prefix, this.lang, { characters: others }));
      } else if (f.kind === "calculator") {
        to.push(`<div class="svod-calcparams" data-calc-field="${attr(f.name)}" data-calc="${attr(f.calculator)}"></div>`);
      } else {
        to.push(drawField(f, f.default, f.name, prefix, this.lang));
      }
    }
    const hasDice = spec.dice.length > 0;
    const body = fields.join("") +
      (folded.length ? `<details class="svod-more"><summary>${esc(L.details)}</summary>${folded.join("")}</details>` : "") +
      (hasDice ? `<fieldset class="svod-dicebox"><legend>${esc(L.diceMode)}</legend>` +
        `<div class="svod-dicebox__modes"><label class="svod-check"><input type="radio" name="__dice" value="roll" checked> <span>${esc(L.diceRoll)}</span></label>` +
        `<label class="svod-check"><input type="radio" name="__dice" value="hand"> <span>${esc(L.diceHand)}</span></label></div>` +
        `<div class="svod-dicebox__need"></div><div class="svod-dicebox__hand" hidden></div></fieldset>` : "") +
      `<div class="svod-sheet__errors" role="alert" hidden></div>` +
      `<div class="svod-preview"></div>` +
      `<div class="svod-result" aria-live="polite" hidden></div>`;
    // the answer in sight: the preview's first figures stay above the buttons while fields change
    const footer = `<div class="svod-summary" role="status" aria-live="polite"></div>` +
      `<a class="md-button svod-calclink" hidden target="_self">${esc(L.inCalc)} ↗</a>` +
      `<button type="button" class="md-button md-button--primary svod-go" data-act="go">${esc(hasDice ? L.rollApply : L.apply)}</button>`;
    this.openSheet("action", title, body, footer, `svod-sheet--${type}`);
    const form = this.$dialog.querySelector("form");
    this.act = { type, spec, fixed, prefix, form, index: new FormIndex({ form, prefix, lang: this.lang }), seq: 0, preview: null, calcFields: null };
    this.$dialog.dataset.action = type;
    form.addEventListener("input", (e) => this.onSheetInput(e));
    form.addEventListener("change", (e) => this.onSheetInput(e));
    form.addEventListener("submit", (e) => { e.preventDefault(); this.go(); });
    form.addEventListener("click", (e) => {
      const step = e.target.closest(".svod-step");
      if (!step) return;
      KINDS.int.step(step.parentElement.querySelector("input"), Number(step.dataset.step));
      this.schedulePreview(0);
    });
    const calcBox = form.querySelector(".svod-calcparams");
    if (calcBox) this.drawCalcParams(calcBox, spec.fields.find((f) => f.kind === "calculator"));
    else this.schedulePreview(0);
  }

  async drawCalcParams(box, field) {
    const specs = await calcSpecs().catch(() => null);
    if (!specs || !this.act || !box.isConnected) return;
    const calc = specs.get(field.calculator);
    const filled = new Set(field.filled || []);
    const params = calc.params.filter((p) => !filled.has(p.name));
    const essential = new Set(field.essentials || params.filter((p) => p.group === "main").map((p) => p.name));
    const draw = (p) => drawField(p, p.default, `${field.name}.${p.name}`, this.act.prefix, this.lang);
    const main = params.filter((p) => essential.has(p.name));
    const rest = params.filter((p) => !essential.has(p.name) && p.group !== "readings");
    const readings = params.filter((p) => !essential.has(p.name) && p.group === "readings");
    const fold = (title, list) => (list.length ? `<details class="svod-more"><summary>${esc(title)}</summary>${list.map(draw).join("")}</details>` : "");
    box.innerHTML = main.map(draw).join("") + fold(this.L.details, rest) + fold(this.L.readings, readings);
    this.act.calcFields = { name: field.name, params };
    this.act.index.redrawn();
    this.applyWhen();
    this.schedulePreview(0);
  }

  /** Hide what does not apply (the specs' own ``when``: the same rule as a calculator's page),
   * among the action's fields and among the calculator's it carries. */
  applyWhen() {
    if (!this.act) return;
    const hide = (params, base) => {
      const values = {};
      for (const p of params) values[p.name] = readField(p, base + p.name, this.act.index);
      const live = applicable(params, values);
      for (const p of params) {
        const el = this.act.form.querySelector(`[data-field="${CSS.escape(base + p.name)}"]`);
        if (el) el.hidden = !live.has(p.name);
      }
      return live;
    };
    const own = (this.act.spec.fields || []).filter((f) => !(f.name in this.act.fixed) && Object.hasOwn(KINDS, f.kind));
    this.act.liveOwn = own.some((f) => f.when) ? hide(own, "") : null;
    const cf = this.act.calcFields;
    if (cf) this.act.live = hide(cf.params, `${cf.name}.`);
  }

  onSheetInput(e) {
    if (!this.act) return;
    if (e.target.name === "__dice") {
      const hand = this.act.form.querySelector("input[name=__dice]:checked").value === "hand";
      this.act.form.querySelector(".svod-dicebox__hand").hidden = !hand;
      this.act.form.querySelector(".svod-dicebox__need").hidden = hand;
      this.$dialog.querySelector(".svod-go").textContent = hand ? this.L.applyFaces : this.L.rollApply;
      return;
    }
    if (e.target.closest && e.target.closest(".svod-dicebox")) return;
    this.applyWhen();
    this.schedulePreview(e.type === "change" ? 0 : PREVIEW_MS);
  }

  onSheetClick(act, el) {
    if (act === "go") this.go();
    else if (act === "done") this.closeSheet();
    else if (act === "undo-this") { this.closeSheet(); this.undo(); }
    else if (act === "step" && el) { /* the kinds' steppers */ }
  }

  /** The action as the sheet's fields say, and what the page refuses itself. */
  readAction() {
    const a = { type: this.act.type, ...this.act.fixed };
    const refused = [];
    const form = this.act.index;
    for (const f of this.act.spec.fields) {
      if (f.name in this.act.fixed) continue;
      if (f.kind === "calculator") {
        const cf = this.act.calcFields;
        if (!cf) continue;
        const params = {};
        for (const p of cf.params) {
          if (this.act.live && !this.act.live.has(p.name)) continue;
          const path = `${cf.name}.${p.name}`;
          const v = readField(p, path, form);
          refused.push(...fieldRefusals(p, v, path));
          params[p.name] = v;
        }
        a[f.name] = params;
        continue;
      }
      if (!form.input(f.name) && f.kind !== "record_list") continue;
      if (this.act.liveOwn && Object.hasOwn(KINDS, f.kind) && !this.act.liveOwn.has(f.name)) continue;
      const v = readField(f, f.name, form);
      refused.push(...fieldRefusals(f, v, f.name));
      a[f.name] = v;
    }
    return { action: a, refused };
  }

  /** The preview follows the fields (test hook: the sheet's data-preview, pending → done/none). */
  schedulePreview(ms) {
    clearTimeout(this.previewTimer);
    const ticket = this.previewTicket = (this.previewTicket || 0) + 1;
    this.$dialog.dataset.preview = "pending";
    this.previewTimer = setTimeout(() => this.preview().finally(() => {
      if (ticket === this.previewTicket) this.$dialog.dataset.preview = this.act && this.act.preview ? "done" : "none";
    }), ms);
  }

  async preview() {
    if (!this.act) return;
    const act = this.act;
    const { action, refused } = this.readAction();
    const my = ++act.seq;
    this.sheetErrors([]);
    if (refused.length) { act.preview = null; this.sheetErrors(refused); return; }
    const box = act.form.querySelector(".svod-preview");
    const summaryBox = this.$dialog.querySelector(".svod-summary");
    // a list still to be filled (the damage's portions): nothing to preview yet, no error either
    const empty = (act.spec.fields || []).some((f) => f.kind === "int_list" && f.min_len > 0 &&
      Array.isArray(action[f.name]) && !action[f.name].length);
    if (empty) { box.innerHTML = ""; summaryBox.innerHTML = ""; act.preview = null; this.showCalcLink(null); return; }
    summaryBox.classList.add("svod-summary--stale");
    box.classList.add("svod-preview--stale");
    let res;
    try {
      res = await engine({ cmd: "preview", scene: this.cur.text, action });
    } catch { return; }
    if (my !== act.seq || this.act !== act) return;
    box.classList.remove("svod-preview--stale");
    summaryBox.classList.remove("svod-summary--stale");
    if (!res.ok) {
      act.preview = null;
      box.innerHTML = "";
      summaryBox.innerHTML = "";
      this.sheetErrors(res.errors);
      this.showCalcLink(null);
      return;
    }
    const pv = res.result;
    act.preview = pv;
    const L = this.L;
    if (pv.chance) {
      const specs = await calcSpecs().catch(() => null);
      if (my !== act.seq || this.act !== act) return;
      const calc = specs && pv.calculator && specs.get(pv.calculator.id);
      summaryBox.innerHTML = renderBlocks([summaryFigures(pv.display || [], pv.summary || (calc && calc.summary))], this.lang);
      box.innerHTML = `<h3 class="svod-preview__h">${esc(L.odds)}</h3>` + renderBlocks(pv.display, this.lang);
    } else {
      const ev = pv.event;
      summaryBox.innerHTML = `<p class="svod-preview__text">${esc(tr(ev.text, this.lang))}</p>`;
      const rest = (ev.display || []).filter((b) => b.kind !== "dice");
      box.innerHTML = rest.length ? `<h3 class="svod-preview__h">${esc(L.wouldDo)}</h3>` + renderBlocks(rest, this.lang) : "";
    }
    this.showDiceNeeded(pv.dice_needed || []);
    this.showCalcLink(pv.calculator, action);
  }

  showDiceNeeded(need) {
    const box = this.act.form.querySelector(".svod-dicebox__need");
    if (!box) return;
    const L = this.L;
    const G = L.groups;
    const list = [];
    for (const d of need) {
      const times = d.repeat != null ? d.repeat : 1;
      for (let i = 0; i < times; i++) list.push({ ...d, index: d.repeat != null ? i : null });
    }
    const label = (d) => L.diceNeed(d.index != null ? `${G[d.group] || d.group} ${d.index + 1}` : (G[d.group] || d.group), d.count, d.sides) +
      (d.when ? L.when(tr(d.when, this.lang)) : "");
    box.innerHTML = list.length ? `<p class="svod-help">${esc(list.slice(0, 3).map(label).join("; ") + (list.length > 3 ? "; …" : ""))}</p>` : `<p class="svod-help">${esc(L.diceNone)}</p>`;
    const hand = this.act.form.querySelector(".svod-dicebox__hand");
    // the same dice as before: the fields stay as they are (the reader may be typing in one)
    const signature = JSON.stringify(list.map(label));
    if (hand.dataset.signature === signature) return;
    hand.dataset.signature = signature;
    const kept = {};
    hand.querySelectorAll("input").forEach((el) => { kept[el.name] = el.value; });
    hand.innerHTML = list.map((d) => {
      const path = `dice.${d.group}${d.index != null ? `[${d.index}]` : ""}`;
      const id = `${this.act.prefix}-${path.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
      return `<div class="svod-field" data-field="${attr(path)}"><label for="${id}">${esc(label(d))}</label>` +
        `<input id="${id}" name="${attr(path)}" type="text" inputmode="numeric" value="${attr(kept[path] || "")}" placeholder="${attr(L.diceFacesHint)}" data-group="${attr(d.group)}"${d.index != null ? ` data-index="${d.index}"` : ""}>` +
        `<p class="svod-err" role="alert" hidden></p></div>`;
    }).join("");
    this.act.index.redrawn();
  }

  async showCalcLink(calc, action) {
    const a = this.$dialog.querySelector(".svod-calclink");
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
    a.href = calculatorURL(spec, calc.params, this.lang, this.cur.rec.id, roles);
    a.hidden = false;
  }

  sheetErrors(errors) {
    if (!this.act) return;
    const form = this.act.form;
    form.querySelectorAll(".svod-err").forEach((el) => { el.hidden = true; el.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
    const general = form.querySelector(".svod-sheet__errors");
    general.innerHTML = "";
    general.hidden = true;
    for (const e of errors || []) {
      const msg = e[this.lang] || e.ru || e.en || "?";
      let p = String(e.field ?? "");
      let field = null;
      while (p) {
        field = form.querySelector(`[data-field="${CSS.escape(p)}"]`);
        if (field && !field.hidden && !field.closest("[hidden]")) break;
        field = null;
        const m = p.match(/^(.*)\.[^.[\]]+$/) || p.match(/^(.*)\[\d+\]$/);
        if (!m) break;
        p = m[1];
      }
      const box = field && field.querySelector(":scope > .svod-err");
      if (box) {
        box.textContent = box.textContent ? `${box.textContent} ${msg}` : msg;
        box.hidden = false;
        const inp = field.querySelector("input, select");
        if (inp) inp.setAttribute("aria-invalid", "true");
        const det = field.closest("details");
        if (det) det.open = true;
      } else {
        general.insertAdjacentHTML("beforeend", `<p>${esc(msg)}</p>`);
        general.hidden = false;
      }
    }
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
    if (refused.length) { this.sheetErrors(refused); return; }
    act.going = true;
    const btn = this.$dialog.querySelector(".svod-go");
    btn.disabled = true;
    btn.textContent = this.L.pending;
    act.form.setAttribute("aria-busy", "true");
    const res = await this.enqueue(tr(act.spec.title, this.lang), (text) => engine({ cmd: "apply", scene: text, action, reply: "text" }));
    act.going = false;
    act.form.removeAttribute("aria-busy");
    if (this.act !== act) return;
    if (!res.ok) {
      btn.disabled = false;
      btn.textContent = hand && hand.value === "hand" ? this.L.applyFaces : (act.spec.dice.length ? this.L.rollApply : this.L.apply);
      this.sheetErrors(res.errors);
      return;
    }
    this.showResult(res.result.event);
  }

  showResult(ev) {
    const L = this.L;
    const form = this.act.form;
    const dice = (ev.display || []).filter((b) => b.kind === "dice");
    const box = form.querySelector(".svod-result");
    box.innerHTML = `<h3 class="svod-preview__h">${esc(L.result)}</h3>` + renderBlocks(dice, this.lang) +
      `<p class="svod-result__text">${esc(tr(ev.text, this.lang))}</p>` +
      (dice.length ? "" : diceChips(ev.dice, this.lang));
    box.hidden = false;
    for (const el of form.querySelectorAll(".svod-sheet__body > :not(.svod-result)")) el.hidden = true;
    form.querySelector(".svod-sheet__body").scrollTop = 0;
    const foot = this.$dialog.querySelector(".svod-sheet__foot");
    foot.innerHTML = `<button type="button" class="md-button" data-act="undo-this">${esc(L.undo)}</button>` +
      `<button type="button" class="md-button md-button--primary" data-act="done">${esc(L.done)}</button>`;
    this.$dialog.dataset.done = "1";
    foot.querySelector("[data-act=done]").focus();
  }

  // ---- characters: add and edit ----
  showCharacterForm(cid) {
    const L = this.L;
    const spec = this.spec;
    const ch = cid ? this.char(cid) : null;
    if (!ch && this.cur.scene.characters.length >= spec.limits.characters) { this.toast(esc(L.limitChars(spec.limits.characters))); return; }
    const systems = Object.entries(spec.systems);
    const sys = ch ? ch.system : (this.lastSystem || systems[0][0]);
    const prefix = "svod-char";
    const nameField = { name: "name", kind: "text", label: { ru: L.name, en: L.name }, max_len: spec.limits.character_name };
    let body = drawField(nameField, ch ? ch.name : "", "name", prefix, this.lang);
    if (!ch) {
      body += `<div class="svod-field" data-field="system"><label for="${prefix}-system">${esc(L.system)}</label><select id="${prefix}-system" name="system">` +
        systems.map(([k, s]) => `<option value="${attr(k)}"${k === sys ? " selected" : ""}>${esc(tr(s.title, this.lang))}</option>`).join("") + `</select></div>`;
    }
    body += `<div class="svod-charsheet"></div><div class="svod-sheet__errors" role="alert" hidden></div>`;
    const footer = `<button type="button" class="md-button md-button--primary svod-go" data-act="save-char">${esc(ch ? L.apply : L.create)}</button>`;
    this.openSheet("character", ch ? L.editTitle(ch.name) : L.addCharTitle, body, footer);
    const form = this.$dialog.querySelector("form");
    this.act = { type: ch ? "edit_character" : "add_character", form, index: new FormIndex({ form, prefix, lang: this.lang }), fixed: {}, spec: { fields: [] } };
    // A new character may join already hurt, drunk or stressed: its state is folded under the
    // sheet, each field showing what the engine would start it at (from the sheet as typed) until
    // the reader changes it; only the fields changed are sent, the engine fills the rest.
    const act = this.act;
    act.touched = new Set();
    const drawSheet = (system) => {
      const s = spec.systems[system];
      const stats = s.stats.map((p) => drawField(p, ch ? ch.stats[p.name] : p.default, `stats.${p.name}`, prefix, this.lang)).join("");
      const state = `<details class="svod-more"><summary>${esc(L.stateNow)}</summary>` +
        s.state.map((p) => drawField(p, ch ? ch.state[p.name] : p.default, `state.${p.name}`, prefix, this.lang)).join("") + `</details>`;
      form.querySelector(".svod-charsheet").innerHTML = `<fieldset><legend>${esc(L.stats)}</legend>${stats}</fieldset>${state}`;
      act.touched.clear();
      act.index.redrawn();
      if (!ch) this.scheduleInitialState(0);
    };
    drawSheet(sys);
    const sel = form.elements.system;
    if (sel) sel.addEventListener("change", () => { this.lastSystem = sel.value; drawSheet(sel.value); });
    const changed = (el) => {
      const name = el && el.closest("[data-field]") && el.closest("[data-field]").dataset.field;
      if (!name || ch) return;
      if (name.startsWith("state.")) act.touched.add(name);
      else if (name.startsWith("stats.")) this.scheduleInitialState(PREVIEW_MS);
    };
    form.addEventListener("input", (e) => changed(e.target));
    form.addEventListener("change", (e) => changed(e.target));
    form.addEventListener("submit", (e) => { e.preventDefault(); this.saveCharacter(ch); });
    form.addEventListener("click", (e) => {
      if (e.target.closest("[data-act=save-char]")) this.saveCharacter(ch);
      const step = e.target.closest(".svod-step");
      if (step) {
        KINDS.int.step(step.parentElement.querySelector("input"), Number(step.dataset.step));
        changed(step);
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
      const s = this.spec.systems[system];
      const stats = {};
      for (const p of s.stats) {
        const v = readField(p, `stats.${p.name}`, act.index);
        if (fieldRefusals(p, v, `stats.${p.name}`).length) return;
        stats[p.name] = v;
      }
      const character = { name: act.form.elements.name.value || "?", system, stats };
      const res = await engine({ cmd: "preview", scene: this.cur.text, action: { type: "add_character", character } }).catch(() => null);
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

  async saveCharacter(ch) {
    const act = this.act;
    if (!act || act.going) return;
    const form = act.index;
    const system = ch ? ch.system : act.form.elements.system.value;
    const s = this.spec.systems[system];
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
      const changed = (a, b) => JSON.stringify(a) !== JSON.stringify(b);
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
    this.sheetErrors(refused.map((e) => (ch ? e : { ...e, field: e.field })));
    if (refused.length) return;
    act.going = true;
    const btn = this.$dialog.querySelector(".svod-go");
    btn.disabled = true;
    btn.textContent = this.L.pending;
    const res = await this.enqueue(tr(this.actionSpec(action.type).title, this.lang),
      (text) => engine({ cmd: "apply", scene: text, action, reply: "text" }));
    act.going = false;
    if (this.act !== act) return;
    if (!res.ok) {
      btn.disabled = false;
      btn.textContent = ch ? this.L.apply : this.L.create;
      // the engine names a new character's fields under "character." (add) — shown beside them
      this.sheetErrors(res.errors.map((e) => ({ ...e, field: String(e.field || "").replace(/^character\./, "") })));
      return;
    }
    this.closeSheet();
  }

  // ---- the readings of the source ----
  showReadings() {
    const L = this.L;
    const sc = this.cur.scene;
    const prefix = "svod-read";
    let body = `<p class="svod-help">${esc(L.readingsHelp)}</p>`;
    for (const [sys, s] of Object.entries(this.spec.systems)) {
      if (!s.readings.length) continue;
      body += `<fieldset><legend>${esc(tr(s.title, this.lang))}</legend>` +
        s.readings.map((p) => drawField(p, sc.readings[sys][p.name], `readings.${sys}.${p.name}`, prefix, this.lang)).join("") + `</fieldset>`;
    }
    body += `<details class="svod-more"><summary>${esc(L.unclear)}</summary><ul class="svod-open">` +
      this.spec.open.map((o) => `<li><b>${esc(tr(this.spec.systems[o.system].title, this.lang))}.</b> ${esc(tr(o.reading, this.lang))} <small>${esc(o.quote)}</small></li>`).join("") +
      `</ul></details><div class="svod-sheet__errors" role="alert" hidden></div>`;
    const footer = `<button type="button" class="md-button md-button--primary svod-go" data-act="save-readings">${esc(L.apply)}</button>`;
    this.openSheet("readings", L.readings, body, footer);
    const form = this.$dialog.querySelector("form");
    this.act = { type: "set_readings", form, index: new FormIndex({ form, prefix, lang: this.lang }), fixed: {}, spec: { fields: [] } };
    form.addEventListener("click", async (e) => {
      if (!e.target.closest("[data-act=save-readings]")) return;
      const readings = {};
      const refused = [];
      for (const [sys, s] of Object.entries(this.spec.systems)) {
        for (const p of s.readings) {
          const v = readField(p, `readings.${sys}.${p.name}`, this.act.index);
          refused.push(...fieldRefusals(p, v, `readings.${sys}.${p.name}`));
          if (JSON.stringify(v) !== JSON.stringify(sc.readings[sys][p.name])) (readings[sys] || (readings[sys] = {}))[p.name] = v;
        }
      }
      if (refused.length) { this.sheetErrors(refused); return; }
      if (!Object.keys(readings).length) { this.closeSheet(); return; }
      const res = await this.enqueue(L.readings, (text) => engine({ cmd: "apply", scene: text, action: { type: "set_readings", readings }, reply: "text" }));
      if (!res.ok) this.sheetErrors(res.errors);
      else this.closeSheet();
    });
  }
}

// ---- attaching ------------------------------------------------------------------------------

let stylesheet = null;
/** The scene's stylesheet, once (the calculators' calc.css comes with every page). */
export function ensureStyles() {
  if (stylesheet || document.querySelector("link[data-svod-scene-css]")) return;
  stylesheet = document.createElement("link");
  stylesheet.rel = "stylesheet";
  stylesheet.href = new URL("scene.css", HERE).href;
  stylesheet.dataset.svodSceneCss = "1";
  document.head.append(stylesheet);
}

/** Attach the scene page in this (new) document: site.mjs calls it on every page change. */
export function attach(doc = document) {
  const root = doc.querySelector(".svod-scene:not([data-attached])");
  if (!root) return null;
  root.dataset.attached = "1";
  ensureStyles();
  if (rt.state === "idle") startRuntime();
  const app = new ScenePage(root);
  globalThis.svodScene = app;
  app.start().catch((err) => {
    console.error("svod: scene", err);
    root.dataset.state = "error";
    const st = root.querySelector(".svod-scene__status");
    if (st) st.textContent = String(err && err.message || err);
  });
  return app;
}
