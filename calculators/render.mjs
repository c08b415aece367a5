// Свод — the calculators' words and numbers, and their results: the interface texts in both
// languages, number and percent formatting, and the result "display" blocks of rules_core (see
// rules_core/spec.py) drawn as HTML. Pure functions from data to HTML strings: the build runs them
// in Node for the defaults' results in every page (kinds.mjs draws the forms), the browser runs the
// same code for live results. No per-calculator code: every block kind is handled generically.

export const UI = {
  ru: {
    calculator: "Калькулятор",
    loading: "Калькулятор загружается…",
    deferred: "Ответ посчитан заранее. Калькулятор загрузится, как только вы измените значение: связь мобильная или в режиме экономии трафика.",
    download: "Скачиваю Python",
    start: "Запускаю Python…",
    rules: "Загружаю правила…",
    computing: "Считаю…",
    ready: "Готово",
    mb: "МБ",
    of: "из",
    retry: "Повторить",
    failed: "Калькулятор не запустился",
    hung: (s) => `Python не ответил за ${s} с.`,
    roll: "Бросить",
    exact: "Точные дроби",
    reset: "Сбросить",
    add: "Добавить",
    remove: "Убрать",
    less: "Меньше",
    more: "Больше",
    range: (lo, hi) => `от ${lo} до ${hi}`,
    listHint: "числа через запятую",
    exactly: "Ровно",
    atLeast: "Не меньше",
    table: "Таблица вероятностей",
    chart: "Распределение",
    yes: "да",
    no: "нет",
    seed: "зерно",
    marks: { success: "успех", one: "единица", explode: "взрыв", botch: "провал", crit: "критический" },
    stale: "Исправьте ввод: показан прошлый результат.",
    waiting: "Для начальных значений; пересчитаю, как только загрузится Python.",
    row: "Строка",
    item: (n) => `Элемент ${n}`,
    // layout: the folds, the summary bar, the next step
    foldDetails: "Подробнее",
    foldReadings: "Толкования источника",
    changed: (n) => `изменено: ${n}`,
    summary: "Итог",
    waitingShort: "пересчитаю, как только загрузится Python",
    staleShort: "исправьте ввод",
    next: "Дальше",
    addPreset: (label) => `+ ${label}`,
    // memory: values and rolls kept on the device
    history: "Броски",
    historyClear: "Очистить историю",
    historyEmpty: "Бросков пока не было.",
    historyUnread: (n) => `Записей истории, которые эта версия не может прочесть: ${n}. Они сохранены на устройстве; «Очистить историю» удалит и их.`,
    rollDetails: "Подробнее",
    rollAt: (time) => `Бросок в ${time}`,
    lastRoll: "Бросок",
    noDice: "нет кубиков",
    rollBelow: "итог — в «Бросках» ниже",
    aside: "Сохранённые на этом устройстве значения не подходят к нынешней версии калькулятора; они отложены и не применены:",
    asideForget: "Забыть их",
    asideUnsaved: "Эти сохранённые значения тоже не подходят и не применены, но отложить их не удалось: память браузера заполнена (её делят все сайты этого адреса). Они остались сохранёнными как были; освободите место, и они будут отложены.",
    asideField: (v, why) => `Сохранённое значение ${v} не применено (${why}); отложить его не удалось — память браузера заполнена, оно осталось сохранённым как было.`,
    andMore: (n) => `…и ещё ${n}`,
    chars: (n) => `всего ${n} симв.`,
    storedRenamedTwice: (to) => `поле переименовано, а новые (${to}) тоже сохранены`,
    storedRange: (lo, hi) => `допустимо от ${lo} до ${hi}`,
    storedMin: (lo) => `не меньше ${lo}`,
    storedMax: (hi) => `не больше ${hi}`,
    storedUnknown: "такого поля больше нет",
    storedKind: "значение другого вида",
    certain: (x) => `${x} — наверняка`,
    restZero: "остальные: 0\u00a0%",
    percentAxis: "%",
    intEmpty: "Введите целое число.",
    intText: "Нужно целое число: цифры 0–9, для отрицательного — минус впереди.",
    intSpaced: "Здесь одно число; числа списка разделяются запятыми: «3, 4, 5».",
    stopped: "Калькулятор остановился",
    noAnswer: "Калькулятор не дал ответа; попробуйте ещё раз.",
    // what a deep link says that the page cannot take (checked before anything is drawn)
    link: {
      long: (n, max) => `Значение в ссылке слишком длинное: длина ${n}, можно не больше ${max}.`,
      twice: "Этот параметр задан в ссылке дважды.",
      unknown: (name) => `В ссылке неизвестный параметр «${name}».`,
      bool: (raw) => `В ссылке нужно 1 (да) или 0 (нет), а не «${raw}».`,
      choice: (raw) => `Нет такого варианта: «${raw}».`,
      json: "Ссылка не читается: здесь нужен список записей в JSON.",
      many: (n, max) => `В ссылке ${n} элем., можно не больше ${max}.`,
      few: (n, min) => `В ссылке ${n} элем., нужно не меньше ${min}.`,
      record: "Нужна запись с полями (объект JSON).",
      fields: (u) => `Неизвестные поля: ${u}.`,
      jsonBool: (raw) => `Нужно true или false, а не ${raw}.`,
      jsonInt: "Нужно целое число.",
      jsonList: "Нужен список чисел.",
      nested: "Список внутри записи не поддерживается.",
      renamed: (old) => `«${old}» — прежнее имя этого поля:`,
      renamedTwice: (old) => `Поле задано в ссылке дважды: и под прежним именем «${old}», и под новым.`,
    },
  },
  en: {
    calculator: "Calculator",
    loading: "Loading the calculator…",
    deferred: "This answer was worked out in advance. The calculator loads as soon as you change a value: your connection is mobile data or saving data.",
    download: "Downloading Python",
    start: "Starting Python…",
    rules: "Loading the rules…",
    computing: "Computing…",
    ready: "Ready",
    mb: "MB",
    of: "of",
    retry: "Retry",
    failed: "The calculator did not start",
    hung: (s) => `Python did not answer within ${s} s.`,
    roll: "Roll",
    exact: "Exact fractions",
    reset: "Reset",
    add: "Add",
    remove: "Remove",
    less: "Less",
    more: "More",
    range: (lo, hi) => `${lo} to ${hi}`,
    listHint: "numbers separated by commas",
    exactly: "Exactly",
    atLeast: "At least",
    table: "Probability table",
    chart: "Distribution",
    yes: "yes",
    no: "no",
    seed: "seed",
    marks: { success: "success", one: "one", explode: "explodes", botch: "botch", crit: "critical" },
    stale: "Fix the input: the last result is shown.",
    waiting: "For the initial values; I will recompute once Python has loaded.",
    row: "Row",
    item: (n) => `Item ${n}`,
    foldDetails: "More",
    foldReadings: "Readings of the source",
    changed: (n) => `changed: ${n}`,
    summary: "Result",
    waitingShort: "I will recompute once Python has loaded",
    staleShort: "fix the input",
    next: "Next",
    addPreset: (label) => `+ ${label}`,
    history: "Rolls",
    historyClear: "Clear the history",
    historyEmpty: "No rolls yet.",
    historyUnread: (n) => `Entries of the history this version cannot read: ${n}. They are kept on this device; «Clear the history» removes them too.`,
    rollDetails: "Details",
    rollAt: (time) => `Rolled at ${time}`,
    lastRoll: "Roll",
    noDice: "no dice",
    rollBelow: "the outcome is under «Rolls» below",
    aside: "Values kept on this device do not fit this version of the calculator; they are set aside, not applied:",
    asideForget: "Forget them",
    asideUnsaved: "These kept values do not fit either and are not applied, but they could not be set aside: the browser's storage is full (every site of this address shares it). They are kept as they were; free some room and they will be set aside.",
    asideField: (v, why) => `The kept value ${v} is not applied (${why}); it could not be set aside — the browser's storage is full, so it is kept as it was.`,
    andMore: (n) => `…and ${n} more`,
    chars: (n) => `${n} characters in all`,
    storedRenamedTwice: (to) => `the field was renamed, and the new ones (${to}) are kept too`,
    storedRange: (lo, hi) => `allowed: ${lo} to ${hi}`,
    storedMin: (lo) => `at least ${lo}`,
    storedMax: (hi) => `at most ${hi}`,
    storedUnknown: "there is no such field any more",
    storedKind: "a value of another kind",
    certain: (x) => `${x} — certainly`,
    restZero: "the others: 0%",
    percentAxis: "%",
    intEmpty: "Enter a whole number.",
    intText: "Must be a whole number: digits 0-9, with a minus in front if negative.",
    intSpaced: "One number here; a list's numbers are separated by commas: «3, 4, 5».",
    stopped: "The calculator stopped",
    noAnswer: "The calculator gave no answer; please try again.",
    link: {
      long: (n, max) => `The value in the link is too long: length ${n}, at most ${max}.`,
      twice: "The link gives this parameter twice.",
      unknown: (name) => `The link has an unknown parameter “${name}”.`,
      bool: (raw) => `The link must say 1 (yes) or 0 (no), not “${raw}”.`,
      choice: (raw) => `No such option: “${raw}”.`,
      json: "The link cannot be read: a JSON list of records is needed here.",
      many: (n, max) => `The link has ${n} items, at most ${max} are allowed.`,
      few: (n, min) => `The link has ${n} items, at least ${min} are needed.`,
      record: "A record with fields (a JSON object) is needed.",
      fields: (u) => `Unknown fields: ${u}.`,
      jsonBool: (raw) => `Must be true or false, not ${raw}.`,
      jsonInt: "Must be a whole number.",
      jsonList: "Must be a list of numbers.",
      nested: "A list inside a record is not supported.",
      renamed: (old) => `“${old}” is this field's former name:`,
      renamedTwice: (old) => `The link gives this field twice: under its former name “${old}” and its new one.`,
    },
  },
};

export function ui(lang) {
  return UI[lang] || UI.ru;
}

export function pickLang(x) {
  return String(x || "ru").slice(0, 2) === "en" ? "en" : "ru";
}

/** A bilingual text {ru, en} → the string for lang; anything else → itself as a string. */
export function tr(x, lang) {
  if (x && typeof x === "object" && ("ru" in x || "en" in x)) return String(x[lang] ?? x.ru ?? x.en ?? "");
  return x == null ? "" : String(x);
}

export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

const attr = (s) => esc(s);
const isProb = (v) => v && typeof v === "object" && typeof v.exact === "string" && "float" in v;
const isText = (v) => v && typeof v === "object" && !Array.isArray(v) && ("ru" in v || "en" in v);

// Numbers are formatted here, not with Intl.NumberFormat: the first NumberFormat of a page costs
// 30-80 ms of main-thread time (ICU's locale data), measured in the calculator's boot.
// Same output as Intl for ru-RU and en-GB (tests/test_build_runtime.py compares them): the
// shortest decimal of the double (as ICU uses), rounded half away from zero, trailing zeros
// dropped down to minDigits, groups of three, ru "1 234,5" / en "1,234.5" (U+00A0 in ru).
const SEP = { ru: ["\u00a0", ","], en: [",", "."] };

/** The decimal string of |x| times 10**shift, rounded to maxDigits fraction digits. */
function roundedDigits(x, shift, maxDigits, minDigits) {
  const [mant, e = "0"] = String(Math.abs(x)).split("e");
  const [i, f = ""] = mant.split(".");
  let digits = i + f;
  let point = i.length + Number(e) + shift;
  if (point < 0) { digits = "0".repeat(-point) + digits; point = 0; }
  if (digits.length < point) digits += "0".repeat(point - digits.length);
  let kept = digits.slice(0, point + maxDigits).padEnd(point + maxDigits, "0");
  if (digits.charCodeAt(point + maxDigits) >= 53) { // the next digit is 5..9: round up
    const a = kept.split("");
    let k = a.length - 1;
    while (k >= 0 && a[k] === "9") a[k--] = "0";
    if (k < 0) { a.unshift("1"); point += 1; } else a[k] = String(Number(a[k]) + 1);
    kept = a.join("");
  }
  let int = kept.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  let frac = kept.slice(point);
  while (frac.length > minDigits && frac.endsWith("0")) frac = frac.slice(0, -1);
  return [int, frac];
}

/** x as ru-RU / en-GB write it, to at most maxDigits (at least minDigits) fraction digits. */
export function formatDecimal(x, lang, maxDigits = 3, minDigits = 0, shift = 0) {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return String(x); // never reached by our values
  const [group, decimal] = SEP[lang === "en" ? "en" : "ru"];
  const [int, frac] = roundedDigits(x, shift, maxDigits, minDigits);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, group);
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  return sign + grouped + (frac ? decimal + frac : "");
}

/** A number for display: minus sign, the locale's decimal comma. */
export function fmtNumber(x, lang, digits = 3) {
  return formatDecimal(x, lang, digits).replace("-", "−");
}

/** A share 0..1 as a percent with d fraction digits at most: ru "74 %", en "74%". */
function percent(x, lang, d) {
  return formatDecimal(x, lang, d, 0, 2) + (lang === "en" ? "%" : "\u00a0%");
}

/** A probability in words: "74 %" (ru) / "74%" (en); never "0 %" or "100 %" unless exact. */
export function fmtPercent(p, lang) {
  const f = Number(p.float);
  if (p.exact === "0/1" || f <= 0) return percent(0, lang, 0);
  if (p.exact === "1/1" || f >= 1) return percent(1, lang, 0);
  const pc = f * 100;
  const d = pc < 1 || pc > 99 ? 2 : pc < 10 || pc > 90 ? 1 : 0;
  const [int, frac] = roundedDigits(f, 2, d, 0); // what would be shown
  if (int === "0" && !frac) return "< " + percent(0.0001, lang, 2);
  if (int === "100") return "> " + percent(0.9999, lang, 2);
  return percent(f, lang, d);
}

/** Any display value V → {text, exact?}. Probabilities come as percents, other exact
 * rationals (``"kind": "number"``) as decimals; both keep their exact fraction. */
export function fmtValue(v, lang) {
  const L = ui(lang);
  if (v == null) return { text: "—" };
  if (isProb(v)) {
    const isNumber = v.kind === "number";
    return { text: isNumber ? fmtNumber(Number(v.float), lang) : fmtPercent(v, lang), exact: v.exact };
  }
  if (isText(v)) return { text: tr(v, lang) };
  if (typeof v === "boolean") return { text: v ? L.yes : L.no };
  if (typeof v === "number") return { text: fmtNumber(v, lang) };
  if (Array.isArray(v)) return { text: v.map((x) => fmtValue(x, lang).text).join(", ") };
  if (typeof v === "object") return { text: JSON.stringify(v) };
  return { text: String(v).replace(/^-(?=\d)/, "−") };
}

function valueHTML(v, lang) {
  const { text, exact } = fmtValue(v, lang);
  if (exact === undefined) return `<span class="svod-v">${esc(text)}</span>`;
  const frac = exact.endsWith("/1") ? exact.slice(0, -2) : exact;
  return `<span class="svod-v" data-exact="${attr(exact)}">${esc(text)}</span>` +
    `<span class="svod-exact"> = ${esc(frac.replace("-", "−"))}</span>`;
}

// ---- results ----------------------------------------------------------------------------

function figuresHTML(b, lang) {
  const items = (b.items || []).map((it) =>
    `<div class="svod-figure" data-key="${attr(it.key ?? "")}"><dt>${esc(tr(it.label, lang))}:</dt> <dd>${valueHTML(it.value, lang)}</dd></div>`).join("");
  return `<dl class="svod-figures">${items}</dl>`;
}

function xText(x, lang) {
  return fmtValue(x, lang).text;
}

/** A chance as a chart label short enough for a narrow bar: whole percents without the sign
 * (the caption says "%"); never "0" or "100" unless exact. */
function shortPercent(p, lang) {
  const f = Number(p.float);
  if (p.exact === "0/1" || f <= 0) return "0";
  if (p.exact === "1/1" || f >= 1) return "100";
  const [int] = roundedDigits(f, 2, 0, 0);
  if (int === "0") return "<1";
  if (int === "100") return ">99";
  return formatDecimal(f, lang, 0, 0, 2);
}

/** Chart labels that fit their bars: every bar's chance in full ("16,7 %") when that fits the
 * bar's width, else in whole percents ("17", the caption gets "%"), at a size that fits; none
 * when even those would be too small to read. Widths are estimated (0.6 em a character). */
function barLabels(rows, lang, slot, size, minSize) {
  const fit = (texts) => Math.min(size, ...texts.map((t) => (slot * 0.94) / (0.6 * Math.max(t.length, 1))));
  const full = rows.map((r) => fmtPercent(r.p, lang));
  if (fit(full) >= size) return { texts: full, size, short: false };
  const short = rows.map((r) => shortPercent(r.p, lang));
  const s = Math.floor(fit(short));
  return s >= minSize ? { texts: short, size: s, short: true } : { texts: null, size: 0, short: false };
}

/** A label under a bar, centred under it, inside the chart and within the room it has (``room``
 * wide: its bars' slots). A label wider than that («провал» under a narrow bar) gets a smaller
 * font, down to 0.75 of the axis's; a label still too wide at the chart's edge is moved in, so
 * the first and the last are never cut by the edge. Widths are estimated (0.62 em a character,
 * a little more than the fonts' average, Cyrillic included). */
function axisLabel(text, centre, room, size, W, y) {
  const em = 0.62 * Math.max(text.length, 1);
  const s = Math.max(size * 0.75, Math.min(size, (room * 0.96) / em));
  const half = (em * s) / 2 + 1;
  const cx = Math.min(Math.max(centre, half), W - half);
  const fs = Number.isInteger(s) ? s : s.toFixed(1);
  return `<text class="svod-chart__x" x="${cx.toFixed(1)}" y="${y}" font-size="${fs}" text-anchor="middle">${esc(text)}</text>`;
}

/** The table of P(exactly x) and P(at least x) under a distribution (folded). */
function distTable(b, lang) {
  const L = ui(lang);
  const xl = tr(b.x_label, lang);
  const body = (b.rows || []).map((r) =>
    `<tr data-x="${attr(typeof r.x === "object" ? JSON.stringify(r.x) : r.x)}"><th scope="row">${esc(xText(r.x, lang))}</th>` +
    `<td data-col="p">${valueHTML(r.p, lang)}</td><td data-col="p_at_least">${r.p_at_least ? valueHTML(r.p_at_least, lang) : "—"}</td></tr>`).join("");
  return `<details class="svod-dist__table"><summary>${esc(L.table)}</summary>` +
    `<div class="svod-dist__scroll md-typeset__scrollwrap"><table><thead><tr><th scope="col">${esc(xl)}</th><th scope="col">${esc(L.exactly)}</th><th scope="col">${esc(L.atLeast)}</th></tr></thead>` +
    `<tbody>${body}</tbody></table></div></details>`;
}

/** A bar chart (accessible SVG) plus the table of P(exactly x) and P(at least x). A certain
 * outcome (one row, chance 1) is said in words: a lone full bar reads as a chance, not a value. */
function distributionHTML(b, lang, n) {
  const L = ui(lang);
  const rows = b.rows || [];
  const title = tr(b.title, lang);
  const xl = tr(b.x_label, lang);
  const id = `svod-dist-${n}`;
  const open = `<figure class="svod-dist" data-key="${attr(b.key ?? "")}">`;
  if (rows.length === 1 && rows[0].p && rows[0].p.exact === "1/1") {
    return open + `<figcaption>${esc(title)}</figcaption>` +
      `<p class="svod-dist__certain">${esc(xl)}: <strong>${esc(L.certain(xText(rows[0].x, lang)))}</strong></p>` +
      distTable(b, lang) + `</figure>`;
  }
  // The viewBox grows with the number of bars and the fonts with it, so labels stay
  // readable (about 12 px) on a 360 px phone and on a desktop alike.
  const W = Math.min(720, Math.max(320, rows.length * 44));
  const fx = Math.round(W / 24), fp = Math.round(W / 30);
  const top = fp + 10, bottom = fx + 16, left = 4, right = 4;
  const H = Math.round(W * 0.42);
  const max = Math.max(...rows.map((r) => Number(r.p.float)), 1e-12);
  const slot = (W - left - right) / Math.max(rows.length, 1);
  const every = Math.ceil(rows.length / 16);
  const labels = barLabels(rows, lang, slot, fp, W / 40);
  const bars = rows.map((r, i) => {
    const f = Number(r.p.float);
    const h = Math.max((H - top - bottom) * (f / max), f > 0 ? 1 : 0);
    const x = left + i * slot + slot * 0.12;
    const y = H - bottom - h;
    const other = typeof r.x !== "number";
    const label = `${xText(r.x, lang)}: ${fmtPercent(r.p, lang)}`;
    const xlab = i % every === 0 || other ? axisLabel(xText(r.x, lang), x + slot * 0.38, slot * every, fx, W, H - bottom + fx + 4) : "";
    const plab = labels.texts
      ? `<text class="svod-chart__p" x="${(x + slot * 0.38).toFixed(1)}" y="${(y - 5).toFixed(1)}" font-size="${labels.size}" text-anchor="middle">${esc(labels.texts[i])}</text>` : "";
    return `<g><rect class="svod-bar${other ? " svod-bar--other" : ""}" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(slot * 0.76).toFixed(1)}" height="${h.toFixed(1)}" rx="2"><title>${esc(label)}</title></rect>${plab}${xlab}</g>`;
  }).join("");
  const summary = `${title} (${xl}): ` + rows.map((r) => `${xText(r.x, lang)} — ${fmtPercent(r.p, lang)}`).join("; ");
  // At most 1.25 × its viewBox: labels never grow past about 16 px on a wide screen.
  const svg = `<svg class="svod-chart" viewBox="0 0 ${W} ${H}" style="max-width:${Math.round(W * 1.25)}px" role="img" aria-labelledby="${id}-t" preserveAspectRatio="xMinYMid meet">` +
    `<title id="${id}-t">${esc(summary)}</title>` +
    `<line class="svod-chart__axis" x1="${left}" x2="${W - right}" y1="${H - bottom}" y2="${H - bottom}"/>${bars}</svg>`;
  const unit = labels.short ? `<span class="svod-dist__unit">, ${esc(L.percentAxis)}</span>` : "";
  return open + `<figcaption>${esc(title)}${unit}</figcaption>${svg}${distTable(b, lang)}</figure>`;
}

const isIndexColumn = (rows) => rows.length > 0 && rows.every((row, i) => row[0] === i + 1);
const isEmptyText = (v) => v == null || v === "" || (isText(v) && !tr(v, "ru") && !tr(v, "en"));

/** A result table. Every cell carries its column's name (data-label): on a narrow screen a table
 * of five columns or more is drawn one block per row («1. Банка пива» then «УС: 3 · стадия 1:
 * 5 %»; calc.css), a narrower one keeps its first column in sight while it scrolls sideways. */
function tableHTML(b, lang) {
  const cols = (b.columns || []).map((c) => tr(c, lang));
  const rows = b.rows || [];
  const index = isIndexColumn(rows);
  const head = cols.map((c) => `<th scope="col">${esc(c)}</th>`).join("");
  const L = ui(lang);
  // a row with several exact zeros: on a phone they give way to «остальные: 0 %»
  const rest = (row) => (row.filter((c) => isProb(c) && c.exact === "0/1").length >= 2 ? ` data-rest="${attr(L.restZero)}"` : "");
  const body = rows.map((row) => `<tr${rest(row)}>${row.map((c, j) => {
    // the row's name: the first text cell (after the row's number), shown without its column's
    const role = index && j === 0 ? "n" : j === (index ? 1 : 0) && (isText(c) || typeof c === "string") ? "title" : "";
    const cls = [role && `svod-td--${role}`, isEmptyText(c) && "svod-td--empty",
      isProb(c) && c.exact === "0/1" && "svod-td--zero"].filter(Boolean).join(" ");
    return `<td data-label="${attr(cols[j] ?? "")}"${cls ? ` class="${cls}"` : ""}>${valueHTML(c, lang)}</td>`;
  }).join("")}</tr>`).join("");
  const cap = b.title ? `<caption>${esc(tr(b.title, lang))}</caption>` : "";
  const wide = cols.length >= 5 ? " svod-table--wide" : "";
  return `<div class="svod-table${wide} md-typeset__scrollwrap" data-cols="${cols.length}"><table>${cap}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function noteHTML(b, lang) {
  const level = b.level === "warning" ? "warning" : "info";
  return `<div class="admonition ${level} svod-note"><p>${esc(tr(b.text, lang))}</p></div>`;
}

function diceHTML(b, lang) {
  const L = ui(lang);
  const marks = b.marks || [];
  const faces = (b.faces || []).map((f, i) => {
    const m = marks[i] || "";
    const word = m ? (Object.hasOwn(L.marks, m) ? L.marks[m] : m) : "";
    return `<li class="svod-die${m ? ` svod-die--${attr(m)}` : ""}" aria-label="${attr(word ? `${f}, ${word}` : f)}">${esc(f)}</li>`;
  }).join("");
  const label = tr(b.label, lang);
  // the die's name, unless the label names it already («Выпало на д6», "AD6")
  const named = b.sides && new RegExp(`[dд]${Number(b.sides)}(?![0-9])`, "i").test(label);
  const sides = b.sides && !named ? ` (d${esc(b.sides)})` : "";
  return `<div class="svod-dice"><span class="svod-dice__label">${esc(label)}${sides}:</span><ol class="svod-dice__faces">${faces}</ol></div>`;
}

/** The charts' element ids (a chart is named by its <title>) are unique on a page whatever the
 * results on it: counted across every call, the build's (in Node) and the page's apart. */
const DIST_ID_SCOPE = typeof document === "undefined" ? "b" : "p";
let distIds = 0;

/** A result's display blocks → HTML. Unknown block kinds are skipped, never fatal. */
export function renderBlocks(blocks, lang) {
  return (blocks || []).map((b) => {
    switch (b && b.kind) {
      case "figures": return figuresHTML(b, lang);
      case "distribution": return distributionHTML(b, lang, `${DIST_ID_SCOPE}${distIds++}`);
      case "table": return tableHTML(b, lang);
      case "note": return noteHTML(b, lang);
      case "dice": return diceHTML(b, lang);
      default: return "";
    }
  }).join("");
}

/** The summary bar's figures: ``[{key, label, value}]`` (a result's ``summary``). */
export function renderSummary(items, lang) {
  // a figure in words («Явный перелет», «никто не тушит») stands under its label, across the
  // bar: beside it, it would squeeze the label to a syllable; a short one («да», «д6») stays beside
  const words = (v) => !isProb(v) && typeof v !== "number" && fmtValue(v, lang).text.length > 6;
  const rows = (items || []).map((it) =>
    `<div class="svod-summary__item${words(it.value) ? " svod-summary__item--words" : ""}" data-key="${attr(it.key ?? "")}">` +
    `<dt title="${attr(tr(it.label, lang))}">${esc(tr(it.label, lang))}</dt><dd>${valueHTML(it.value, lang)}</dd></div>`).join("");
  return `<dl class="svod-summary">${rows}</dl>`;
}

/** The summary's figures picked out of display blocks by key, as rules_core's ``summary_of``
 * does (for the defaults' result drawn at build time, which carries display blocks only). */
export function pickSummary(keys, blocks) {
  const found = new Map();
  for (const b of blocks || []) {
    if (b && b.kind === "figures") for (const it of b.items || []) if (!found.has(it.key)) found.set(it.key, it);
  }
  return (keys || []).filter((k) => found.has(k)).map((k) => found.get(k));
}

/** The next steps ``[{label, href}]`` as links that look like buttons. */
export function renderNext(links, lang) {
  if (!links || !links.length) return "";
  const L = ui(lang);
  const items = links.map((l) =>
    `<li><a class="md-button svod-next__link" href="${attr(l.href)}" data-next="${attr(l.id)}">${esc(tr(l.label, lang))} →</a></li>`).join("");
  return `<nav class="svod-next" aria-label="${attr(L.next)}"><ul>${items}</ul></nav>`;
}

const pad2 = (n) => String(n).padStart(2, "0");

/** A moment (ms since 1970) as the time of day, with the day before it when not today. */
export function fmtTime(ms, lang, now = Date.now()) {
  const d = new Date(ms);
  const today = new Date(now);
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
  if (d.toDateString() === today.toDateString()) return time;
  const day = lang === "en" ? `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}` : `${pad2(d.getDate())}.${pad2(d.getMonth() + 1)}`;
  return `${day} ${time}`;
}

/** One roll of the history: its time, faces and outcome; the seed folded under «Подробнее». */
export function renderRollEntry(entry, lang, now) {
  const L = ui(lang);
  const seed = entry.seed != null ? `<p class="svod-seed">${esc(L.seed)}: ${esc(entry.seed)}</p>` : "";
  return `<li class="svod-roll" data-t="${attr(entry.t)}">` +
    `<p class="svod-roll__time"><time datetime="${attr(new Date(entry.t).toISOString())}">${esc(fmtTime(entry.t, lang, now))}</time></p>` +
    `<div class="svod-roll__body">${renderBlocks(entry.display, lang)}</div>` +
    (seed ? `<details class="svod-roll__more"><summary>${esc(L.rollDetails)}</summary>${seed}</details>` : "") + `</li>`;
}

/** The roll history, newest first, with its «clear» button; ``unread`` entries kept on the
 * device that this version cannot read are told, not shown. */
export function renderHistory(entries, lang, unread = 0) {
  const L = ui(lang);
  if ((!entries || !entries.length) && !unread) return "";
  const now = Date.now();
  const items = (entries || []).map((e) => renderRollEntry(e, lang, now)).join("");
  const told = unread ? `<p class="svod-history__unread svod-help">${esc(L.historyUnread(unread))}</p>` : "";
  return `<div class="svod-history"><div class="svod-history__head"><p class="svod-history__title">${esc(L.history)}</p>` +
    `<button type="button" class="svod-history__clear">${esc(L.historyClear)}</button></div>` + told +
    `<ol class="svod-history__list" reversed>${items}</ol></div>`;
}

/** How much of a roll the summary bar shows: faces per group, figures. */
const LAST_ROLL_FACES = 12;
const LAST_ROLL_FIGURES = 3;

/** The latest roll in a few short lines for the summary bar: its groups of dice, a group a line
 * (each named when there are two or more: «Атака», «Урон»; «нет кубиков» for a group that rolled
 * none; two lines in sight, the rest scrolled to), and the roll's first figures; a roll without
 * figures points to the history, which has it whole. */
export function renderLastRoll(entry, lang) {
  if (!entry) return "";
  const L = ui(lang);
  const groups = (entry.display || []).filter((b) => b && b.kind === "dice");
  const named = groups.length > 1;
  const faces = groups.map((b) => {
    const all = b.faces || [];
    const name = named ? `<span class="svod-lastroll__name">${esc(tr(b.label, lang))}</span>` : "";
    if (!all.length) return `<span class="svod-lastroll__group">${name}<span class="svod-lastroll__none">${esc(L.noDice)}</span></span>`;
    const shown = all.length > LAST_ROLL_FACES ? { ...b, faces: all.slice(0, LAST_ROLL_FACES), marks: (b.marks || []).slice(0, LAST_ROLL_FACES) } : b;
    const more = all.length > shown.faces.length ? `<span class="svod-lastroll__more">+${all.length - shown.faces.length}</span>` : "";
    return `<span class="svod-lastroll__group">${name}${diceHTML(shown, lang)}${more}</span>`;
  }).join("");
  const fig = (entry.display || []).find((b) => b && b.kind === "figures" && (b.items || []).length);
  const items = fig ? fig.items.slice(0, LAST_ROLL_FIGURES) : [];
  const outcome = items.length
    ? `<span class="svod-lastroll__outcome">${items.map((i) => `${esc(tr(i.label, lang))}: ${valueHTML(i.value, lang)}`).join(" · ")}</span>`
    : `<span class="svod-lastroll__outcome svod-lastroll__outcome--below">${esc(L.rollBelow)}</span>`;
  const strip = faces ? `<span class="svod-lastroll__dice">${faces}</span>` : "";
  return `<span class="svod-lastroll__label">${esc(L.lastRoll)}:</span>${strip}${outcome}`;
}
