// Свод — calculators on the page: one Pyodide worker for the whole visit (kept across
// Material's instant page changes), a status line with progress and a watchdog, forms bound
// to the worker, results recomputed as inputs change, state kept in the URL.
// Loaded by site.mjs only on pages that have a calculator.

import { formatDecimal, pickLang, pickSummary, renderBlocks, renderHistory, renderLastRoll, renderNext, renderSummary,
  tr, ui } from "./render.mjs";
import { applying, KINDS, kindOf, newRecord, refusal, summaryKeys } from "./kinds.mjs";
import { call, onRuntime, rt, startRuntime, startWhenNeeded } from "./engine.mjs";
import { clearErrors, FormIndex, placeErrors } from "./form.mjs";
import { LEGACY, memoryKey } from "./names.mjs";
import { asideHTML, asideWith, quoteKept, readAside, readHistory, readKept, withRoll } from "./calc-memory.mjs";
import { renamedIn } from "./renamed.mjs";
import { metered } from "./line.mjs";

const HERE = new URL("./", import.meta.url);

const pageLang = () => pickLang(document.documentElement.lang);

const ERRORS = {
  "wasm-mime": {
    ru: (d) => `сервер отдаёт pyodide.asm.wasm с типом «${d}» вместо application/wasm.`,
    en: (d) => `the server sends pyodide.asm.wasm as “${d}” instead of application/wasm.`,
  },
  network: { ru: (d) => `не удалось скачать файлы (${d}).`, en: (d) => `could not download the files (${d}).` },
  rules: { ru: (d) => `не загрузились правила (${d}).`, en: (d) => `the rules did not load (${d}).` },
  watchdog: { ru: (d) => d, en: (d) => d },
  boot: { ru: (d) => `ошибка запуска (${d}).`, en: (d) => `start-up error (${d}).` },
  crashed: { ru: (d) => `Python перестал отвечать (${d}).`, en: (d) => `Python stopped answering (${d}).` },
  silent: { ru: (d) => d, en: (d) => d },
};

// ---- the runtime: one worker (engine.mjs), its state shown by every calculator ---------------

const views = new Set();
globalThis.svodCalc = Object.assign(globalThis.svodCalc || {}, { rt, views });

function eachView(fn) {
  for (const v of [...views]) {
    if (!v.root.isConnected) views.delete(v);
    else fn(v);
  }
}

onRuntime((r, was) => {
  eachView((v) => v.showStatus());
  if (r.state === "ready" && was !== "ready") eachView((v) => v.compute());
});

function retry() {
  if (rt.worker) return;
  startRuntime();
}

// ---- values: form ⇄ params ⇄ URL (each kind's part is in kinds.mjs) ---------------------

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Fields of an error that name the request, not a param: shown without the name. */
const REQUEST_FIELDS = new Set(["request", "params", "id", "op", "seed"]);

function urlKey(calcId, name) {
  return `${calcId}.${name}`;
}

/** The site's root (this module is at assets/calc/), for links to a calculator's own page. */
const SITE_ROOT = new URL("../../", HERE);

/** The address of a calculator's page with these values filled (its kinds' link texts): in the
 * page's language, under whatever path the site is served from. */
export function calcHref(spec, params, lang = pageLang()) {
  const url = new URL(`${lang === "en" ? "en/" : ""}calculators/${encodeURIComponent(spec.id)}/`, SITE_ROOT);
  for (const p of spec.params) {
    if (Object.hasOwn(params || {}, p.name)) url.searchParams.set(urlKey(spec.id, p.name), kindOf(p).encode(p, params[p.name]));
  }
  return url.href;
}

/** Every calculator's spec by id (the engine's list, asked once a visit): the next step's
 * target is seldom on the page, and its link is written by that calculator's kinds. */
let specsByIdPromise = null;
function specsById() {
  if (!specsByIdPromise) {
    specsByIdPromise = call({ op: "list" }).then((res) => new Map((res.ok ? res.result : []).map((c) => [c.id, c])),
      () => { specsByIdPromise = null; return new Map(); });
  }
  return specsByIdPromise;
}

// ---- memory: the values and the rolls, on the device ---------------------------------------
// localStorage, one key per calculator and format version. What is read back is read by its
// record's schema (calc-memory.mjs; a value by its kind's stored reading, kinds.mjs): a value the
// spec no longer takes is set aside under its own key and told, never applied and never dropped
// unseen; a roll this version cannot read is kept and counted, never drawn.

const VALUES_KEY = (id) => memoryKey(`calc.v1.${id}`);
const ASIDE_KEY = (id) => memoryKey(`calc.v1.${id}.aside`);
const ROLLS_KEY = (id) => memoryKey(`rolls.v1.${id}`);

/** What an earlier version kept under the bare names (shared by every site of the origin),
 * copied once to this site's names: a key this site already has is left as it is. */
function copyLegacyMemory() {
  try {
    if (localStorage.getItem(LEGACY.memoryCopied) != null) return;
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (!key || !LEGACY.memoryKey.test(key)) continue;
      const mine = memoryKey(key.slice("svod.".length));
      if (localStorage.getItem(mine) == null) localStorage.setItem(mine, localStorage.getItem(key));
    }
    localStorage.setItem(LEGACY.memoryCopied, String(Date.now()));
  } catch { /* storage off or full: the bare names stay, tried again next visit */ }
}
function loadJSON(key) {
  let text = null;
  try { text = localStorage.getItem(key); } catch { return null; } // storage off: no memory
  if (text == null) return null;
  try { return { value: JSON.parse(text) }; } catch { return { text }; }
}

/** Whether the write took: full (QuotaExceededError; on github.io every site of one account shares
 * the storage) or off, what the key held stays as it was. */
function saveJSON(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// ---- one calculator on the page ---------------------------------------------------------

class View {
  constructor(root) {
    this.root = root;
    this.spec = JSON.parse(root.dataset.spec);
    this.id = this.spec.id;
    this.byName = new Map(this.spec.params.map((p) => [p.name, p]));
    this.prefix = root.dataset.prefix || `svod-${this.id}`;
    this.lang = pageLang();
    this.L = ui(this.lang);
    const q = (sel) => root.querySelector(sel);
    this.form = q(".svod-calc__form");
    this.status = q(".svod-calc__status");
    this.statusText = q(".svod-calc__status-text");
    this.progress = q(".svod-calc__progress");
    this.errors = q(".svod-calc__errors");
    this.result = q(".svod-calc__result");
    this.summary = q(".svod-calc__summary");
    this.lastRoll = q(".svod-calc__lastroll");
    this.aside = q(".svod-calc__aside");
    this.next = q(".svod-calc__next");
    this.rolled = q(".svod-calc__rolled");
    this.rollBtn = q(".svod-calc__roll");
    this.seq = 0;
    this.timer = null;
    this.shownFor = null;
    this.defaults = null;
    /** What the page's link says that the form cannot take: refusals {field, ru, en}, shown
     * beside their fields until the reader changes those fields; nothing is computed meanwhile. */
    this.refused = [];
    /** Kept values the spec does not take that could not be written aside (storage full): still
     * kept among the values, as they were, and told beside their fields until they are. */
    this.unsaved = [];
    /** The names that apply under the form's values (each param's ``when``), and per record
     * list the field names that apply in each row. */
    this.live = new Set(this.spec.params.map((p) => p.name));
    this.liveRows = new Map();
  }

  read() {
    const form = new FormIndex(this);
    const out = {};
    for (const p of this.spec.params) out[p.name] = kindOf(p).read(p, p.name, form);
    return out;
  }

  write(values) {
    const form = new FormIndex(this);
    for (const p of this.spec.params) {
      if (p.name in values) kindOf(p).write(p, p.name, values[p.name], form);
    }
  }

  // ---- what applies: hidden fields, the folds' marks ------------------------------------

  /** Show the fields that apply under ``params`` and hide the others (their values stay in the
   * form); mark each fold with how many of its applying fields differ from their defaults; a
   * fold holding an error opens. */
  applyWhen(params) {
    this.live = applying(this.spec.params, params);
    this.liveRows = new Map();
    const form = new FormIndex(this);
    for (const p of this.spec.params) {
      const el = this.form.querySelector(`[data-field="${CSS.escape(p.name)}"]`);
      if (el) el.hidden = !this.live.has(p.name);
      if (p.kind !== "record_list") continue;
      const rows = form.rows(p.name);
      const recs = Array.isArray(params[p.name]) ? params[p.name] : [];
      this.liveRows.set(p.name, rows.map((row, i) => {
        const names = applying(p.fields || [], recs[i] || {});
        for (const f of p.fields || []) {
          const fel = row.querySelector(`[data-field="${CSS.escape(`${p.name}[${i}].${f.name}`)}"]`);
          if (fel) fel.hidden = !names.has(f.name);
        }
        return names;
      }));
    }
    for (const fold of this.form.querySelectorAll(".svod-calc__fold")) {
      const g = fold.dataset.group;
      const changed = this.spec.params.filter((p) => (p.group || "main") === g && this.live.has(p.name) &&
        !same(params[p.name], kindOf(p).formValue(p, p.default))).length;
      fold.classList.toggle("svod-calc__fold--changed", changed > 0);
      fold.querySelector(".svod-calc__changed").textContent = changed ? ` · ${this.L.changed(changed)}` : "";
    }
  }

  /** Whether the field at ``path`` applies (a list's item or a record's field: where its param
   * and, for a record's field, its row say so). */
  applies(path) {
    const m = /^([^.[\]]+)(?:\[(\d+)\](?:\.([^.[\]]+))?)?/.exec(String(path || ""));
    if (!m || !this.byName.has(m[1])) return true; // not a param's: the request's own
    if (!this.live.has(m[1])) return false;
    if (m[3] === undefined) return true;
    const rows = this.liveRows.get(m[1]);
    return !rows || !rows[Number(m[2])] || rows[Number(m[2])].has(m[3]);
  }

  // ---- the link ---------------------------------------------------------------------------

  /** The calculator's values from the page's link (?CALC_ID.PARAM=value), each checked by its
   * kind before anything is drawn; what is refused stays refused (this.refused). */
  fromURL() {
    const qs = new URLSearchParams(location.search);
    const texts = {};
    const refused = [];
    const mine = `${this.id}.`;
    for (const key of new Set(qs.keys())) {
      if (!key.startsWith(mine) || this.byName.has(key.slice(mine.length))) continue;
      const rn = renamedIn(this.spec, key.slice(mine.length));
      if (!rn) {
        refused.push(refusal("", "unknown", key.slice(mine.length, mine.length + 40)));
        continue;
      }
      // a name renamed since (renamed.mjs): read as the new names it stands for, by their kinds
      const given = qs.getAll(key);
      if (given.length > 1) refused.push(refusal(rn.to[0], "twice"));
      else if (rn.to.some((n) => qs.has(urlKey(this.id, n)))) refused.push(refusal(rn.to[0], "renamedTwice", rn.old));
      else {
        const r = rn.fromLink(given[0]);
        refused.push(...r.errors);
        for (const [name, v] of Object.entries(r.value || {})) texts[name] = kindOf(this.byName.get(name)).encode(this.byName.get(name), v);
      }
    }
    for (const p of this.spec.params) {
      const given = qs.getAll(urlKey(this.id, p.name));
      if (!given.length) continue;
      if (given.length > 1) {
        refused.push(refusal(p.name, "twice"));
        continue;
      }
      texts[p.name] = given[0];
    }
    this.refused = [...refused, ...this.fillTexts(texts)];
  }

  /** Link texts by param name, each read by its kind and written into the form; the refusals. */
  fillTexts(texts) {
    const values = {};
    const refused = [];
    for (const [name, text] of Object.entries(texts)) {
      const p = this.byName.get(name);
      const { value, errors } = kindOf(p).fromLink(p, text);
      if (value !== undefined) values[name] = value;
      refused.push(...errors);
    }
    this.write(values);
    return refused;
  }

  /** Fill the form with ``params`` (the engine's JSON values, as a next step gives them), read
   * as a link would be: the same strict reading, then computed. */
  fill(params) {
    const texts = {};
    for (const [name, v] of Object.entries(params || {})) {
      const p = this.byName.get(name);
      if (p) texts[name] = kindOf(p).encode(p, v);
    }
    this.refused = this.fillTexts(texts);
    this.changed(0);
  }

  /** The reader changed the field at ``path`` (with ``rows``: added or removed rows of that
   * list): refusals of it, of what contains it and (rows) of what it contains are lifted, and so
   * are those of the link as a whole. */
  lift(path, rows = false) {
    if (!this.refused.length) return;
    const within = (outer, inner) => inner === outer || inner.startsWith(`${outer}[`) || inner.startsWith(`${outer}.`);
    this.refused = this.refused.filter((e) => e.field && !within(e.field, path) && !(rows && within(path, e.field)));
  }

  toURL(params) {
    const url = new URL(location.href);
    const held = (name) => this.refused.some((e) => e.field === name || e.field.startsWith(`${name}[`));
    if (!this.refused.some((e) => !e.field)) {
      // a parameter of this calculator that no longer exists goes once the reader has seen why
      for (const key of [...url.searchParams.keys()]) {
        if (key.startsWith(`${this.id}.`) && !this.byName.has(key.slice(this.id.length + 1))) url.searchParams.delete(key);
      }
    }
    for (const p of this.spec.params) {
      if (held(p.name)) continue; // the link's own value stays until the reader changes it
      const key = urlKey(this.id, p.name);
      const k = kindOf(p);
      if (same(params[p.name], k.formValue(p, p.default))) url.searchParams.delete(key);
      else url.searchParams.set(key, k.encode(p, params[p.name]));
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }

  // ---- memory -------------------------------------------------------------------------------

  /** The values kept on the device, each read by its kind's stored reading; what the spec no
   * longer takes is moved aside (its own key) and told. */
  recall() {
    const { values, aside } = readKept(loadJSON(VALUES_KEY(this.id)), this.spec);
    this.unsaved = [];
    if (aside.length) this.setAside(aside, values);
    return values;
  }

  /** ``aside`` written aside first (after what the aside held), and only then the kept ``values``
   * without it; an aside that cannot be written (storage full) leaves the kept values as they were
   * and is told (this.unsaved, showAside). Whether it was written. */
  setAside(aside, values) {
    if (!saveJSON(ASIDE_KEY(this.id), asideWith(loadJSON(ASIDE_KEY(this.id)), aside))) {
      this.unsaved = aside;
      return false;
    }
    this.unsaved = [];
    if (values) saveJSON(VALUES_KEY(this.id), Object.keys(values).length ? { values } : null);
    return true;
  }

  /** Keep the form's values on the device: those its kinds' stored reading takes and that differ
   * from the defaults; a field that holds no value now keeps the last one kept. */
  remember(params) {
    if (this.unsaved.length && this.setAside(this.unsaved, null)) this.showAside(); // room again: set aside now
    const got = loadJSON(VALUES_KEY(this.id));
    const unsaved = new Set(this.unsaved.map((e) => e.name));
    if (unsaved.has("")) return; // the record itself is unreadable and not yet set aside: left as it is
    const before = got && got.value && got.value.values && typeof got.value.values === "object" &&
      !Array.isArray(got.value.values) ? got.value.values : {};
    const values = {};
    for (const p of this.spec.params) {
      const v = params[p.name];
      const ok = !kindOf(p).stored(p, v, p.name).errors.length;
      if (ok && !same(v, kindOf(p).formValue(p, p.default))) values[p.name] = v;
      else if (!ok && Object.hasOwn(before, p.name)) values[p.name] = before[p.name];
    }
    // what could not be set aside stays kept as it was, whatever the form holds meanwhile
    for (const name of unsaved) if (Object.hasOwn(before, name)) values[name] = before[name];
    saveJSON(VALUES_KEY(this.id), Object.keys(values).length ? { values } : null);
  }

  /** The values set aside (kept on the device, not taken by the spec), told with «Забыть». */
  showAside() {
    const html = asideHTML(readAside(loadJSON(ASIDE_KEY(this.id))), this.unsaved, this.spec, this.lang);
    this.aside.innerHTML = html;
    this.aside.hidden = !html;
    // and beside each field whose kept value could not be set aside
    this.form.querySelectorAll(".svod-kept-note").forEach((el) => el.remove());
    for (const e of this.unsaved) {
      const field = e.name && this.byName.has(e.name) && this.form.querySelector(`[data-field="${CSS.escape(e.name)}"]`);
      if (!field) continue;
      const why = e.errors.map((x) => x[this.lang] || x.ru).join(" ");
      const note = document.createElement("p");
      note.className = "svod-kept-note";
      note.setAttribute("role", "status");
      note.textContent = this.L.asideField(quoteKept(e.value, this.lang, 40), quoteKept(why, this.lang, 200));
      field.insertBefore(note, field.querySelector(":scope > .svod-err"));
      const fold = field.closest("details");
      if (fold) fold.open = true;
    }
  }

  /** A new roll at the head of the history (calc-memory.mjs: the last 20, what cannot be read kept
   * after them). */
  keepRoll(entry) {
    saveJSON(ROLLS_KEY(this.id), withRoll(loadJSON(ROLLS_KEY(this.id)), entry));
  }

  /** The rolls this version reads (each checked by its schema), and how many it cannot. */
  showHistory() {
    const { rolls, unread } = readHistory(loadJSON(ROLLS_KEY(this.id)));
    this.rolled.innerHTML = renderHistory(rolls, this.lang, unread.length);
  }

  // ---- events -------------------------------------------------------------------------------

  /** Something changed: what applies is shown at once, the calculation follows after ``delay``. */
  changed(delay) {
    this.seq += 1; // a result still on its way is for older inputs: drop it
    this.root.dataset.state = "pending";
    this.applyWhen(this.read());
    this.lastRoll.replaceChildren(); // the last roll was for other values
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(), delay);
  }

  bind() {
    const schedule = (delay) => this.changed(delay);
    this.form.addEventListener("input", (e) => {
      this.lift(e.target.name || "");
      schedule(e.target.type === "checkbox" || e.target.tagName === "SELECT" ? 0 : 150);
    });
    this.form.addEventListener("change", (e) => {
      this.lift(e.target.name || "");
      schedule(0);
    });
    this.form.addEventListener("submit", (e) => { e.preventDefault(); schedule(0); });
    this.form.addEventListener("click", (e) => {
      const step = e.target.closest(".svod-step");
      if (step) {
        const input = step.parentElement.querySelector("input");
        KINDS.int.step(input, Number(step.dataset.step));
        this.lift(input.name);
        schedule(0);
        return;
      }
      const add = e.target.closest(".svod-record__add, .svod-chip");
      const remove = e.target.closest(".svod-record__remove");
      if (add || remove) {
        const field = (add || remove).closest(".svod-field--record_list");
        const p = this.byName.get(field.dataset.field);
        const rows = this.read()[p.name];
        if (add && add.dataset.preset != null) {
          rows.push(newRecord(p, (p.presets || [])[Number(add.dataset.preset)].record));
        } else if (add) {
          rows.push(rows.length ? { ...rows[rows.length - 1] } : newRecord(p, null));
        } else {
          rows.splice(Number(remove.closest(".svod-record").dataset.index), 1);
        }
        this.write({ [p.name]: rows });
        this.lift(p.name, true);
        schedule(0);
        // the new row's first field, ready to change (a removed row: the list's next button)
        if (add) {
          const last = new FormIndex(this).rows(p.name).pop();
          const first = last && last.querySelector("input, select");
          if (first) first.focus({ preventScroll: true });
        }
      }
    });
    this.root.querySelector(".svod-calc__exact").addEventListener("change", (e) => {
      this.root.classList.toggle("svod-calc--exact", e.target.checked);
    });
    this.root.querySelector(".svod-calc__reset").addEventListener("click", () => {
      this.refused = [];
      this.write(Object.fromEntries(this.spec.params.map((p) => [p.name, p.default])));
      this.unsaved = []; // the reader forgets the kept values, those that could not be set aside too
      saveJSON(VALUES_KEY(this.id), null);
      saveJSON(ASIDE_KEY(this.id), null);
      this.showAside();
      schedule(0);
    });
    this.aside.addEventListener("click", (e) => {
      if (!e.target.closest(".svod-calc__aside-forget")) return;
      saveJSON(ASIDE_KEY(this.id), null);
      this.showAside();
    });
    this.rolled.addEventListener("click", (e) => {
      if (!e.target.closest(".svod-history__clear")) return;
      saveJSON(ROLLS_KEY(this.id), null);
      this.showHistory();
      this.lastRoll.replaceChildren();
    });
    this.next.addEventListener("click", (e) => {
      const a = e.target.closest("a[data-next]");
      if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button) return;
      // the next calculator on this very page: filled where it stands, no page change
      const target = [...views].find((v) => v.id === a.dataset.next && v.root.isConnected && v !== this);
      const step = (this.nextSteps || []).find((n) => n.id === a.dataset.next);
      if (!target || !step) return;
      e.preventDefault();
      target.fill(step.params);
      target.root.scrollIntoView({ behavior: "smooth", block: "start" });
    });
    if (this.rollBtn) this.rollBtn.addEventListener("click", () => this.roll());
    this.status.addEventListener("click", (e) => {
      if (e.target.closest(".svod-calc__retry")) retry();
    });
  }

  showStatus() {
    const L = this.L;
    const st = rt.state;
    this.root.classList.toggle("svod-calc--ready", st === "ready");
    const waits = st === "idle" && rt.deferred; // «Бросить» then starts the engine (roll())
    if (this.rollBtn) this.rollBtn.disabled = !(st === "ready" || waits) || this.root.dataset.state === "invalid";
    if (st === "ready") {
      this.root.dataset.boot = rt.boot || "normal"; // "snapshot" | "normal": which boot ran
      this.status.hidden = true;
      return;
    }
    this.status.hidden = false;
    if (st === "error") {
      const e = rt.error || {};
      const fmt = (ERRORS[e.code] || ERRORS.boot)[this.lang];
      const detail = e.code === "watchdog" || e.code === "silent" ? L.hung(e.detail.s) : fmt(e.detail);
      this.statusText.textContent = `${e.code === "crashed" || e.code === "silent" ? L.stopped : L.failed}: ${detail}`;
      this.progress.hidden = true;
      if (!this.status.querySelector(".svod-calc__retry")) {
        this.status.insertAdjacentHTML("beforeend", `<button type="button" class="md-button svod-calc__retry">${L.retry}</button>`);
      }
      this.root.dataset.state = "error";
      return;
    }
    const retryBtn = this.status.querySelector(".svod-calc__retry");
    if (retryBtn) retryBtn.remove();
    if (st === "idle" && rt.deferred) { // a metered line: the engine waits for the reader (startWhenNeeded)
      this.statusText.textContent = L.deferred;
      this.progress.hidden = true;
      return;
    }
    this.progress.hidden = false;
    let text = L.loading;
    let value = 2;
    if (rt.stage === "download") {
      const mb = (b) => formatDecimal(b / 1048576, this.lang, 1, 1);
      text = rt.total ? `${L.download}: ${mb(rt.loaded)} ${L.of} ${mb(rt.total)} ${L.mb}…` : `${L.download}…`;
      value = rt.total ? 2 + 68 * Math.min(1, rt.loaded / rt.total) : 2;
    } else if (rt.stage === "start") {
      text = L.start;
      value = 75;
    } else if (rt.stage === "rules") {
      text = L.rules;
      value = 92;
    }
    this.statusText.textContent = text;
    this.progress.value = value;
  }

  clearErrors() {
    clearErrors(this.root, this.errors);
  }

  /** Each error beside its field (an item of a list says which), the rest above the result,
   * named by its field's label. */
  showErrors(errors) {
    this.clearErrors();
    placeErrors(this.form, errors, {
      lang: this.lang,
      general: this.errors,
      itemLabel: (n) => this.L.item(n),
      label: (path) => {
        if (!path || REQUEST_FIELDS.has(path)) return "";
        const p = this.byName.get(path);
        return p ? tr(p.label, this.lang) : path;
      },
    });
  }

  /** What the page refuses itself for these params: the link's refusals not yet lifted, and
   * text in the form that is no value; of the fields that apply only. */
  refusals(params) {
    const typed = this.spec.params.flatMap((p) => kindOf(p).refusals(p, params[p.name], p.name));
    return [...this.refused, ...typed].filter((e) => this.applies(e.field));
  }

  /** The summary bar says its figures are for other values (``note``), or are current. */
  markSummary(note) {
    this.summary.classList.toggle("svod-calc__summary--stale", !!note);
    if (note) this.summary.dataset.note = note;
    else delete this.summary.dataset.note;
  }

  /** Refusals in place of a result: nothing is computed until they are gone. */
  refuse(errors) {
    this.seq += 1; // a result still on its way is for other inputs
    this.pending = null;
    this.showErrors(errors);
    if (this.result.innerHTML) {
      this.root.classList.add("svod-calc--stale");
      this.result.setAttribute("data-stale-note", this.L.stale);
    }
    this.markSummary(this.L.staleShort);
    this.root.dataset.state = "invalid";
    if (this.rollBtn) this.rollBtn.disabled = true;
  }

  /** Results drawn for other inputs (at build time, or before an error) are dimmed. */
  markStale(params) {
    if (!this.result.innerHTML) return;
    const shown = this.result.dataset.prebuilt ? JSON.stringify(this.defaults) : this.shownFor;
    const stale = shown !== JSON.stringify(params);
    this.root.classList.toggle("svod-calc--stale", stale);
    if (stale) this.result.setAttribute("data-stale-note", this.L.waiting);
    this.markSummary(stale ? this.L.waitingShort : null);
  }

  async compute() {
    const params = this.read();
    this.applyWhen(params);
    this.toURL(params);
    this.remember(params);
    this.root.dataset.params = JSON.stringify(params);
    const refused = this.refusals(params);
    if (refused.length) {
      this.refuse(refused);
      if (rt.state === "idle") startRuntime();
      return;
    }
    if (rt.state !== "ready") {
      this.markStale(params);
      if (rt.state === "idle") startRuntime();
      return;
    }
    // asked while Python loaded (attachAll): the answer follows "ready", no second call
    if (this.pending === JSON.stringify(params)) return;
    await this.request(params);
  }

  /** One calculation of ``params``; the answer is shown unless a later one was asked for. */
  async request(params) {
    const my = ++this.seq;
    const key = JSON.stringify(params);
    this.pending = key;
    if (rt.state === "ready") this.root.dataset.state = "computing";
    let res;
    try {
      res = await call({ op: "run", id: this.id, params });
    } catch {
      if (my === this.seq) this.pending = null;
      return; // the runtime failed: the status line says so
    }
    if (my !== this.seq) return;
    this.pending = null;
    if (res.ok) {
      this.clearErrors();
      this.show(res.result, params);
      this.root.dataset.state = "done";
      this.root.dispatchEvent(new CustomEvent("svod:result", { bubbles: true, detail: { id: this.id, params, result: res.result } }));
    } else {
      this.showErrors(res.errors);
      if (this.result.innerHTML) {
        this.root.classList.add("svod-calc--stale");
        this.result.setAttribute("data-stale-note", this.L.stale);
      }
      this.markSummary(this.L.staleShort);
      this.root.dataset.state = "invalid";
    }
    if (this.rollBtn) this.rollBtn.disabled = !res.ok;
  }

  /** A result drawn: the summary bar, the blocks, the next steps. */
  show(result, params) {
    const summary = result.summary && result.summary.length ? result.summary
      : pickSummary(summaryKeys(this.spec, result.display), result.display);
    const sum = renderSummary(summary, this.lang);
    if (this.summary.innerHTML !== sum) this.summary.innerHTML = summary.length ? sum : "";
    this.markSummary(null);
    // The same HTML as shown (the build's result for the defaults): no DOM work.
    const html = renderBlocks(result.display, this.lang);
    if (this.result.innerHTML !== html) this.result.innerHTML = html;
    delete this.result.dataset.prebuilt;
    this.shownFor = JSON.stringify(params);
    this.root.classList.remove("svod-calc--stale");
    this.showNext(result.next);
  }

  /** The next steps as links to those calculators with their values filled; written by the
   * target's own kinds (its spec from the engine's list), so they open right offline too. */
  async showNext(next) {
    const steps = Array.isArray(next) ? next.filter((n) => n && typeof n.id === "string") : [];
    this.nextSteps = steps;
    if (!steps.length) {
      this.next.innerHTML = "";
      return;
    }
    const mine = this.seq;
    const specs = await specsById();
    if (mine !== this.seq) return; // newer values are on their way
    const links = steps.filter((n) => specs.has(n.id))
      .map((n) => ({ id: n.id, label: n.label, href: calcHref(specs.get(n.id), n.params, this.lang) }));
    const html = renderNext(links, this.lang);
    if (this.next.innerHTML !== html) this.next.innerHTML = html;
  }

  async roll() {
    if (rt.state === "idle" && rt.deferred) startRuntime(); // the worker keeps the call until it is ready
    if (rt.state !== "ready" && rt.state !== "loading") return;
    const params = this.read();
    const refused = this.refusals(params);
    if (refused.length) {
      this.refuse(refused);
      return;
    }
    this.root.dataset.rollState = "rolling";
    let res;
    try {
      res = await call({ op: "roll", id: this.id, params });
    } catch {
      return;
    }
    if (res.ok) {
      // The seed is a 64-bit integer: keep its digits (a JS number would round them).
      const m = /"seed":\s*(\d+)/.exec(res.raw || "");
      const entry = { t: Date.now(), seed: m ? m[1] : res.result.seed != null ? String(res.result.seed) : null,
        display: (res.result.display || []).filter((b) => b && ["dice", "figures", "table", "note"].includes(b.kind)),
        changed: this.changedValues(params) };
      this.keepRoll(entry);
      try {
        this.showHistory();
        this.lastRoll.innerHTML = renderLastRoll(entry, this.lang); // a live region: read out
      } finally {
        this.root.dataset.rollState = "done"; // whatever the drawing met, the button is free again
      }
      this.root.dispatchEvent(new CustomEvent("svod:roll", { bubbles: true, detail: { id: this.id, params, result: res.result, seed: entry.seed } }));
      // scene hook: what was rolled, for «Применить к …» (scene-link.mjs) — these params, this seed
      this.root.dispatchEvent(new CustomEvent("svod:rolled", { detail: { params, seed: entry.seed } }));
    } else {
      this.showErrors(res.errors);
      this.root.dataset.rollState = "invalid";
    }
  }

  /** The values of a roll that differ from the defaults, as a roll's details show them:
   * [{label, value}] (a choice by its option's label). */
  changedValues(params) {
    return this.spec.params.filter((p) => this.live.has(p.name) && p.kind !== "record_list" &&
      !same(params[p.name], kindOf(p).formValue(p, p.default))).map((p) => {
      const v = params[p.name];
      const opt = p.kind === "choice" ? (p.options || []).find((o) => o.value === v) : null;
      return { label: p.label, value: opt ? opt.label : v };
    });
  }
}

/** At phone width the summary bar stands at the screen's bottom edge: with the on-screen
 * keyboard open it should stand above the keyboard, not under it (Chrome resizes the page for
 * the keyboard instead of laying the keyboard over it). */
function keyboardResizesThePage() {
  const vp = document.querySelector('meta[name="viewport"]');
  if (vp && !/interactive-widget/.test(vp.content)) vp.content += ",interactive-widget=resizes-content";
}

/** A field the reader moves to is scrolled clear of the summary bar, however tall the bar is
 * (its figures, the last roll): ``--svod-bar-height`` on the root, the tallest bar of the page,
 * is what calc.css keeps free at the bottom (``scroll-padding-bottom``). */
let barObserver = null;
function keepFieldsClearOfTheBar(doc) {
  if (typeof ResizeObserver !== "function") return;
  const heights = new Map();
  barObserver = barObserver || new ResizeObserver((entries) => {
    for (const e of entries) heights.set(e.target, e.target.getBoundingClientRect().height);
    for (const bar of heights.keys()) if (!bar.isConnected) heights.delete(bar);
    const tallest = Math.max(0, ...heights.values());
    document.documentElement.style.setProperty("--svod-bar-height", `${Math.ceil(tallest)}px`);
  });
  for (const bar of doc.querySelectorAll(".svod-calc__bar")) barObserver.observe(bar);
}

/** Attach every calculator in the (new) page; start the one worker if not yet started. */
export function attachAll(doc = document) {
  const roots = doc.querySelectorAll(".svod-calc:not([data-attached])");
  if (!roots.length) return;
  copyLegacyMemory();
  keyboardResizesThePage();
  keepFieldsClearOfTheBar(doc);
  for (const root of roots) {
    root.dataset.attached = "1";
    let v;
    try {
      v = new View(root);
    } catch (err) {
      console.error("svod: calculator", err);
      continue;
    }
    views.add(v);
    v.defaults = v.read();
    // URL > kept on the device > defaults, value by value
    v.write(v.recall());
    v.fromURL();
    v.bind();
    v.showStatus();
    v.showAside();
    v.showHistory();
    const params = v.read();
    v.applyWhen(params);
    v.root.dataset.params = JSON.stringify(params);
    const refused = v.refusals(params);
    if (refused.length) v.refuse(refused); // at once: Python is not needed to say so
    else v.markStale(params);
  }
  // A value the prebuilt answer is not for (a link's, one kept on the device, a refusal) needs the
  // engine now; otherwise, on a metered line, it waits for the reader's first touch of a form.
  if (rt.state === "idle") {
    const needed = [...views].some((v) => v.root.dataset.state === "invalid" || !v.result.dataset.prebuilt
      || JSON.stringify(v.read()) !== JSON.stringify(v.defaults));
    if (needed) startRuntime();
    else startWhenNeeded();
  }
  for (const v of views) {
    if (v.root.dataset.touchWatched) continue;
    v.root.dataset.touchWatched = "1";
    const touched = () => { if (rt.state === "idle") startRuntime(); };
    for (const type of ["focusin", "pointerdown", "input", "keydown"]) v.root.addEventListener(type, touched, { passive: true });
  }
  sceneHook();
  if (rt.state === "ready") eachView((v) => { if (!v.root.dataset.state || v.root.dataset.state === "loading") v.compute(); });
  // Python is loading: ask now, the worker answers right after "ready" (no round trip then).
  else if (rt.state === "loading") eachView((v) => { if (v.root.dataset.state === "loading" && v.pending == null) v.request(v.read()); });
}


// ---- scene hook: a calculator opened from a scene's character (?scene=…, scene-link.mjs) gets
// «Применить к <имя>», which applies its input (and roll) back to that character.
function sceneHook() {
  const page = new URL(`../../${pageLang() === "en" ? "en/" : ""}scene/`, import.meta.url).href;
  document.querySelectorAll("a[data-svod-scene-link]").forEach((a) => { a.href = page; a.hidden = false; });
  if (!new URLSearchParams(location.search).has("scene")) return;
  import(new URL("scene-link.mjs", HERE).href).then((m) => m.attach(document, views))
    .catch((err) => console.error("svod: scene link", err));
}

// A calculator page's <head> imports this module (overrides/main.html; its runtime data, built in,
// marks such a page): the worker starts now, not when site.mjs attaches the forms.
// On a metered line (line.mjs) it waits instead: attachAll() decides once the forms are read.
if (typeof document !== "undefined" && document.getElementById("svod-runtime") && !metered()) startRuntime();
