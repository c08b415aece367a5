// Свод — calculators on the page: one Pyodide worker for the whole visit (kept across
// Material's instant page changes), a status line with progress and a watchdog, forms bound
// to the worker, results recomputed as inputs change, state kept in the URL.
// Loaded by site.mjs only on pages that have a calculator.

import { formatDecimal, pickLang, renderBlocks, renderRoll, ui } from "./render.mjs";
import { fieldId, KINDS, kindOf, newRecord, refusal } from "./kinds.mjs";

const HERE = new URL("./", import.meta.url);
const UI_NO_ANSWER = { ru: ui("ru").noAnswer, en: ui("en").noAnswer };

const watchdogMs = () => Number(globalThis.SVOD_CALC_WATCHDOG_MS) || 45000;
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
};

// ---- the runtime: one worker ------------------------------------------------------------

const rt = {
  worker: null, state: "idle", stage: null, loaded: 0, total: 0, error: null,
  calls: new Map(), seq: 0, timer: null, boots: 0, version: null, startedAt: 0, readyMs: null,
};
const views = new Set();
globalThis.svodCalc = { rt, views };

function eachView(fn) {
  for (const v of [...views]) {
    if (!v.root.isConnected) views.delete(v);
    else fn(v);
  }
}

function setRuntime(patch) {
  const was = rt.state;
  Object.assign(rt, patch);
  eachView((v) => v.showStatus());
  // site.mjs holds the service worker's precache until the calculator has booted
  if (rt.state !== was) dispatchEvent(new CustomEvent("svod:runtime", { detail: rt.state }));
}

function armWatchdog() {
  clearTimeout(rt.timer);
  const ms = watchdogMs();
  rt.timer = setTimeout(() => fail("watchdog", { s: Math.round(ms / 1000) }), ms);
}

function fail(code, detail) {
  clearTimeout(rt.timer);
  try { rt.worker && rt.worker.terminate(); } catch { /* already gone */ }
  rt.worker = null;
  for (const c of rt.calls.values()) c.reject(new Error(code));
  rt.calls.clear();
  setRuntime({ state: "error", error: { code, detail } });
}

export function startRuntime() {
  if (rt.worker) return;
  rt.boots += 1;
  const w = new Worker(new URL("worker.mjs", HERE), { type: "module", name: "svod-calc" });
  rt.startedAt = performance.now();
  rt.worker = w;
  setRuntime({ state: "loading", stage: "download", loaded: 0, total: 0, error: null });
  armWatchdog();
  w.onmessage = (e) => onWorkerMessage(w, e.data);
  w.onerror = (e) => {
    if (e && e.preventDefault) e.preventDefault();
    if (rt.worker === w) fail("boot", (e && e.message) || "worker");
  };
  // The worker finds its files next to itself (runtimeConfig in worker.mjs); what files.json
  // says is built into a calculator page (overrides/main.html), so it need not fetch that.
  const config = { snapshot: globalThis.SVOD_CALC_SNAPSHOT !== false };
  try {
    const built = document.getElementById("svod-runtime");
    if (built) config.filesData = JSON.parse(built.textContent);
  } catch { /* the worker fetches files.json */ }
  // The .wasm compiled by the page's <head> on a warm visit (overrides/main.html): the worker
  // waits for it instead of compiling its own, and compiles its own if it does not come.
  const pageWasm = globalThis.svodWasm;
  globalThis.svodWasm = null;
  if (pageWasm) config.wasmFromPage = true;
  w.postMessage({ type: "boot", config });
  if (pageWasm) {
    pageWasm.then((module) => w.postMessage({ type: "wasm", module: module || null }),
      () => w.postMessage({ type: "wasm", module: null }));
  }
}

function retry() {
  if (rt.worker) return;
  startRuntime();
}

function onWorkerMessage(w, m) {
  if (rt.worker !== w || !m) return;
  if (m.type === "progress") {
    armWatchdog();
    setRuntime({ stage: m.stage, loaded: m.loaded ?? rt.loaded, total: m.total ?? rt.total });
  } else if (m.type === "ready") {
    clearTimeout(rt.timer);
    rt.readyMs = Math.round(performance.now() - rt.startedAt);
    setRuntime({ state: "ready", stage: null, version: m.version, boot: m.boot, timings: m.timings });
    eachView((v) => v.compute());
  } else if (m.type === "fatal") {
    fail(m.code, m.detail);
  } else if (m.type === "result") {
    const c = rt.calls.get(m.id);
    if (c) {
      rt.calls.delete(m.id);
      c.resolve(readAnswer(m.text));
    }
  }
}

/** The worker's answer; one that is not the engine's JSON (never expected) is an error answer,
 * so the calculator says so instead of waiting. */
function readAnswer(text) {
  try {
    const res = typeof text === "string" ? JSON.parse(text) : null;
    if (res && typeof res === "object" && (res.ok === true ? res.result : Array.isArray(res.errors))) return { ...res, raw: text };
  } catch { /* below */ }
  return { ok: false, errors: [{ field: "", ru: UI_NO_ANSWER.ru, en: UI_NO_ANSWER.en }], raw: String(text) };
}

function call(request) {
  return new Promise((resolve, reject) => {
    // While Python loads, the worker keeps calls and answers them right after "ready".
    if (!rt.worker || (rt.state !== "ready" && rt.state !== "loading")) { reject(new Error("not ready")); return; }
    const id = ++rt.seq;
    rt.calls.set(id, { resolve, reject });
    rt.worker.postMessage({ type: "call", id, text: JSON.stringify(request) });
  });
}

// ---- values: form ⇄ params ⇄ URL (each kind's part is in kinds.mjs) ---------------------

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Fields of an error that name the request, not a param: shown without the name. */
const REQUEST_FIELDS = new Set(["request", "params", "id", "op", "seed"]);

function urlKey(calcId, name) {
  return `${calcId}.${name}`;
}

/** A form's controls by name, gathered once for a whole read or write (one query per field
 * would make a long list quadratic), and its records' rows. */
class FormIndex {
  constructor(view) {
    this.form = view.form;
    this.prefix = view.prefix;
    this.lang = view.lang;
    this.byName = null;
  }

  input(path) {
    if (!this.byName) {
      this.byName = new Map();
      for (const el of this.form.elements) if (el.name) this.byName.set(el.name, el);
    }
    return this.byName.get(path) || null;
  }

  records(path) {
    return this.form.querySelector(`[data-field="${CSS.escape(path)}"] > .svod-records`);
  }

  rows(path) {
    const box = this.records(path);
    return box ? [...box.children].filter((el) => el.classList.contains("svod-record")) : [];
  }

  /** Rows were drawn afresh: the controls are gathered again when next asked for. */
  redrawn() {
    this.byName = null;
  }
}

// ---- one calculator on the page ---------------------------------------------------------

class View {
  constructor(root) {
    this.root = root;
    this.spec = JSON.parse(root.dataset.spec);
    this.id = this.spec.id;
    this.prefix = root.dataset.prefix || `svod-${this.id}`;
    this.lang = pageLang();
    this.L = ui(this.lang);
    this.form = root.querySelector(".svod-calc__form");
    this.status = root.querySelector(".svod-calc__status");
    this.statusText = root.querySelector(".svod-calc__status-text");
    this.progress = root.querySelector(".svod-calc__progress");
    this.errors = root.querySelector(".svod-calc__errors");
    this.result = root.querySelector(".svod-calc__result");
    this.rolled = root.querySelector(".svod-calc__rolled");
    this.rollBtn = root.querySelector(".svod-calc__roll");
    this.seq = 0;
    this.timer = null;
    this.shownFor = null;
    this.defaults = null;
    /** What the page's link says that the form cannot take: refusals {field, ru, en}, shown
     * beside their fields until the reader changes those fields; nothing is computed meanwhile. */
    this.refused = [];
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

  /** The calculator's values from the page's link (?CALC_ID.PARAM=value), each checked by its
   * kind before anything is drawn; what is refused stays refused (this.refused). */
  fromURL() {
    const qs = new URLSearchParams(location.search);
    const values = {};
    const refused = [];
    const names = new Set(this.spec.params.map((p) => p.name));
    const mine = `${this.id}.`;
    for (const key of new Set(qs.keys())) {
      if (key.startsWith(mine) && !names.has(key.slice(mine.length))) {
        refused.push(refusal("", "unknown", key.slice(mine.length, mine.length + 40)));
      }
    }
    for (const p of this.spec.params) {
      const given = qs.getAll(urlKey(this.id, p.name));
      if (!given.length) continue;
      if (given.length > 1) {
        refused.push(refusal(p.name, "twice"));
        continue;
      }
      const { value, errors } = kindOf(p).fromLink(p, given[0]);
      if (value !== undefined) values[p.name] = value;
      refused.push(...errors);
    }
    this.write(values);
    this.refused = refused;
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
      const names = new Set(this.spec.params.map((p) => p.name));
      for (const key of [...url.searchParams.keys()]) {
        if (key.startsWith(`${this.id}.`) && !names.has(key.slice(this.id.length + 1))) url.searchParams.delete(key);
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

  bind() {
    const schedule = (delay) => {
      this.seq += 1; // a result still on its way is for older inputs: drop it
      this.root.dataset.state = "pending";
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.compute(), delay);
    };
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
      const add = e.target.closest(".svod-record__add");
      const remove = e.target.closest(".svod-record__remove");
      if (add || remove) {
        const field = (add || remove).closest(".svod-field--record_list");
        const p = this.spec.params.find((q) => q.name === field.dataset.field);
        const rows = this.read()[p.name];
        if (add) {
          rows.push(rows.length ? { ...rows[rows.length - 1] } : newRecord(p, null));
        } else {
          rows.splice(Number(remove.closest(".svod-record").dataset.index), 1);
        }
        this.write({ [p.name]: rows });
        this.lift(p.name, true);
        schedule(0);
      }
    });
    this.root.querySelector(".svod-calc__exact").addEventListener("change", (e) => {
      this.root.classList.toggle("svod-calc--exact", e.target.checked);
    });
    this.root.querySelector(".svod-calc__reset").addEventListener("click", () => {
      this.refused = [];
      this.write(Object.fromEntries(this.spec.params.map((p) => [p.name, p.default])));
      this.rolled.innerHTML = "";
      schedule(0);
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
    if (this.rollBtn) this.rollBtn.disabled = st !== "ready" || this.root.dataset.state === "invalid";
    if (st === "ready") {
      this.root.dataset.boot = rt.boot || "normal"; // "snapshot" | "normal": which boot ran
      this.status.hidden = true;
      return;
    }
    this.status.hidden = false;
    if (st === "error") {
      const e = rt.error || {};
      const fmt = (ERRORS[e.code] || ERRORS.boot)[this.lang];
      const detail = e.code === "watchdog" ? L.hung(e.detail.s) : fmt(e.detail);
      this.statusText.textContent = `${e.code === "crashed" ? L.stopped : L.failed}: ${detail}`;
      this.progress.hidden = true;
      if (!this.status.querySelector(".svod-calc__retry")) {
        this.status.insertAdjacentHTML("beforeend", `<button type="button" class="md-button svod-calc__retry">${L.retry}</button>`);
      }
      this.root.dataset.state = "error";
      return;
    }
    const retryBtn = this.status.querySelector(".svod-calc__retry");
    if (retryBtn) retryBtn.remove();
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
    this.root.querySelectorAll(".svod-err").forEach((el) => { el.hidden = true; el.textContent = ""; });
    this.root.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
    this.errors.hidden = true;
    this.errors.textContent = "";
  }

  fieldFor(path) {
    let p = String(path ?? "");
    while (p) {
      const el = this.form.querySelector(`[data-field="${CSS.escape(p)}"]`);
      if (el) return el;
      const m = p.match(/^(.*)\.[^.[\]]+$/) || p.match(/^(.*)\[\d+\]$/);
      if (!m) break;
      p = m[1];
    }
    return null;
  }

  showErrors(errors) {
    this.clearErrors();
    for (const e of errors || []) {
      let msg = e[this.lang] || e.ru || e.en || "?";
      const path = String(e.field ?? "");
      const field = this.fieldFor(path);
      const box = field && field.querySelector(":scope > .svod-err");
      if (box) {
        // an item of a list shown beside the list says which item it is
        const item = /^\[(\d+)\]$/.exec(path.slice(field.dataset.field.length));
        if (item) msg = `${this.L.item(Number(item[1]) + 1)}: ${msg}`;
        box.textContent = box.textContent ? `${box.textContent} ${msg}` : msg;
        box.hidden = false;
        const inp = field.querySelector(":scope > input, :scope > select, :scope > .svod-stepper > input, :scope > label > input");
        if (inp) inp.setAttribute("aria-invalid", "true");
      } else {
        const line = document.createElement("p");
        line.textContent = path && !REQUEST_FIELDS.has(path) ? `${path}: ${msg}` : msg;
        this.errors.append(line);
        this.errors.hidden = false;
      }
    }
  }

  /** What the page refuses itself for these params: the link's refusals not yet lifted, and
   * text in the form that is no value. */
  refusals(params) {
    const typed = this.spec.params.flatMap((p) => kindOf(p).refusals(p, params[p.name], p.name));
    return [...this.refused, ...typed];
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
  }

  async compute() {
    const params = this.read();
    this.toURL(params);
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
      // The same HTML as shown (the build's result for the defaults): no DOM work.
      const html = renderBlocks(res.result.display, this.lang);
      if (this.result.innerHTML !== html) this.result.innerHTML = html;
      delete this.result.dataset.prebuilt;
      this.shownFor = JSON.stringify(params);
      this.root.classList.remove("svod-calc--stale");
      this.root.dataset.state = "done";
    } else {
      this.showErrors(res.errors);
      if (this.result.innerHTML) {
        this.root.classList.add("svod-calc--stale");
        this.result.setAttribute("data-stale-note", this.L.stale);
      }
      this.root.dataset.state = "invalid";
    }
    if (this.rollBtn) this.rollBtn.disabled = !res.ok;
  }

  async roll() {
    if (rt.state !== "ready") return;
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
      if (m) res.result.seed = m[1];
      this.rolled.innerHTML = renderRoll(res.result, this.lang);
      this.root.dataset.rollState = "done";
      // scene hook: what was rolled, for «Применить к …» (scene-link.mjs) — these params, this seed
      this.root.dispatchEvent(new CustomEvent("svod:rolled", { detail: { params, seed: res.result.seed ?? null } }));
    } else {
      this.showErrors(res.errors);
      this.root.dataset.rollState = "invalid";
    }
  }
}

/** Attach every calculator in the (new) page; start the one worker if not yet started. */
export function attachAll(doc = document) {
  const roots = doc.querySelectorAll(".svod-calc:not([data-attached])");
  if (!roots.length) return;
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
    v.fromURL();
    v.bind();
    v.showStatus();
    v.root.dataset.params = JSON.stringify(v.read());
    const refused = v.refusals(v.read());
    if (refused.length) v.refuse(refused); // at once: Python is not needed to say so
    else v.markStale(v.read());
  }
  if (rt.state === "idle") startRuntime();
  sceneHook();
  if (rt.state === "ready") eachView((v) => { if (!v.root.dataset.state || v.root.dataset.state === "loading") v.compute(); });
  // Python is loading: ask now, the worker answers right after "ready" (no round trip then).
  else if (rt.state === "loading") eachView((v) => { if (v.root.dataset.state === "loading" && v.pending == null) v.request(v.read()); });
}

export { rt, fieldId, call, FormIndex };

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
if (typeof document !== "undefined" && document.getElementById("svod-runtime")) startRuntime();
