// Свод — the calculators' words and numbers, and their results: the interface texts in both
// languages, number and percent formatting, and the result "display" blocks of rules_core (see
// rules_core/spec.py) drawn as HTML. Pure functions from data to HTML strings: the build runs them
// in Node for the defaults' results in every page (kinds.mjs draws the forms), the browser runs the
// same code for live results. No per-calculator code: every block kind is handled generically.

export const UI = {
  ru: {
    calculator: "Калькулятор",
    loading: "Калькулятор загружается…",
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
    intEmpty: "Введите целое число.",
    intText: "Нужно целое число: цифры 0–9, для отрицательного — минус впереди.",
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
    },
  },
  en: {
    calculator: "Calculator",
    loading: "Loading the calculator…",
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
    intEmpty: "Enter a whole number.",
    intText: "Must be a whole number: digits 0-9, with a minus in front if negative.",
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

/** A bar chart (accessible SVG) plus the table of P(exactly x) and P(at least x). */
function distributionHTML(b, lang, n) {
  const L = ui(lang);
  const rows = b.rows || [];
  const title = tr(b.title, lang);
  const xl = tr(b.x_label, lang);
  const id = `svod-dist-${n}`;
  // The viewBox grows with the number of bars and the fonts with it, so labels stay
  // readable (about 12 px) on a 360 px phone and on a desktop alike.
  const W = Math.min(720, Math.max(320, rows.length * 44));
  const fx = Math.round(W / 24), fp = Math.round(W / 30);
  const top = fp + 10, bottom = fx + 16, left = 4, right = 4;
  const H = Math.round(W * 0.42);
  const max = Math.max(...rows.map((r) => Number(r.p.float)), 1e-12);
  const slot = (W - left - right) / Math.max(rows.length, 1);
  const every = Math.ceil(rows.length / 16);
  const showPct = rows.length <= 10;
  const bars = rows.map((r, i) => {
    const f = Number(r.p.float);
    const h = Math.max((H - top - bottom) * (f / max), f > 0 ? 1 : 0);
    const x = left + i * slot + slot * 0.12;
    const y = H - bottom - h;
    const other = typeof r.x !== "number";
    const label = `${xText(r.x, lang)}: ${fmtPercent(r.p, lang)}`;
    const xlab = i % every === 0 || other
      ? `<text class="svod-chart__x" x="${(x + slot * 0.38).toFixed(1)}" y="${H - bottom + fx + 4}" font-size="${fx}" text-anchor="middle">${esc(xText(r.x, lang))}</text>` : "";
    const plab = showPct
      ? `<text class="svod-chart__p" x="${(x + slot * 0.38).toFixed(1)}" y="${(y - 5).toFixed(1)}" font-size="${fp}" text-anchor="middle">${esc(fmtPercent(r.p, lang))}</text>` : "";
    return `<g><rect class="svod-bar${other ? " svod-bar--other" : ""}" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(slot * 0.76).toFixed(1)}" height="${h.toFixed(1)}" rx="2"><title>${esc(label)}</title></rect>${plab}${xlab}</g>`;
  }).join("");
  const summary = `${title} (${xl}): ` + rows.map((r) => `${xText(r.x, lang)} — ${fmtPercent(r.p, lang)}`).join("; ");
  // At most 1.25 × its viewBox: labels never grow past about 16 px on a wide screen.
  const svg = `<svg class="svod-chart" viewBox="0 0 ${W} ${H}" style="max-width:${Math.round(W * 1.25)}px" role="img" aria-labelledby="${id}-t" preserveAspectRatio="xMinYMid meet">` +
    `<title id="${id}-t">${esc(summary)}</title>` +
    `<line class="svod-chart__axis" x1="${left}" x2="${W - right}" y1="${H - bottom}" y2="${H - bottom}"/>${bars}</svg>`;
  const body = rows.map((r) =>
    `<tr data-x="${attr(typeof r.x === "object" ? JSON.stringify(r.x) : r.x)}"><th scope="row">${esc(xText(r.x, lang))}</th>` +
    `<td data-col="p">${valueHTML(r.p, lang)}</td><td data-col="p_at_least">${r.p_at_least ? valueHTML(r.p_at_least, lang) : "—"}</td></tr>`).join("");
  const table = `<details class="svod-dist__table"><summary>${esc(L.table)}</summary>` +
    `<div class="md-typeset__scrollwrap"><table><thead><tr><th scope="col">${esc(xl)}</th><th scope="col">${esc(L.exactly)}</th><th scope="col">${esc(L.atLeast)}</th></tr></thead>` +
    `<tbody>${body}</tbody></table></div></details>`;
  return `<figure class="svod-dist" data-key="${attr(b.key ?? "")}"><figcaption>${esc(title)}</figcaption>${svg}${table}</figure>`;
}

function tableHTML(b, lang) {
  const head = (b.columns || []).map((c) => `<th scope="col">${esc(tr(c, lang))}</th>`).join("");
  const body = (b.rows || []).map((row) => `<tr>${row.map((c) => `<td>${valueHTML(c, lang)}</td>`).join("")}</tr>`).join("");
  const cap = b.title ? `<caption>${esc(tr(b.title, lang))}</caption>` : "";
  return `<div class="svod-table md-typeset__scrollwrap"><table>${cap}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
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
    const word = m ? (L.marks[m] || m) : "";
    return `<li class="svod-die${m ? ` svod-die--${attr(m)}` : ""}" aria-label="${attr(word ? `${f}, ${word}` : f)}">${esc(f)}</li>`;
  }).join("");
  const sides = b.sides ? ` (d${esc(b.sides)})` : "";
  return `<div class="svod-dice"><span class="svod-dice__label">${esc(tr(b.label, lang))}${sides}:</span><ol class="svod-dice__faces">${faces}</ol></div>`;
}

/** A result's display blocks → HTML. Unknown block kinds are skipped, never fatal. */
export function renderBlocks(blocks, lang) {
  let n = 0;
  return (blocks || []).map((b) => {
    switch (b && b.kind) {
      case "figures": return figuresHTML(b, lang);
      case "distribution": return distributionHTML(b, lang, n++);
      case "table": return tableHTML(b, lang);
      case "note": return noteHTML(b, lang);
      case "dice": return diceHTML(b, lang);
      default: return "";
    }
  }).join("");
}

export function renderRoll(result, lang) {
  const L = ui(lang);
  const seed = result.seed != null ? `<p class="svod-seed">${esc(L.seed)}: ${esc(result.seed)}</p>` : "";
  return renderBlocks(result.display, lang) + seed;
}
