// Свод — the page's side of the rules engine: one Web Worker (worker.mjs) for the whole visit,
// kept across Material's instant page changes, shared by the calculators (calc.mjs) and the scene
// (scene.mjs). It starts the worker, follows its boot, sends calls and hands back the engine's
// answers, in the messages of protocol.mjs.
//
// A worker that stops answering is found by a watchdog: the boot must make progress within
// ``SVOD_CALC_WATCHDOG_MS`` (45 s), and while calls wait for an answer the worker must say
// something within ``SVOD_CALL_WATCHDOG_MS`` (30 s). Then the worker is ended, every waiting
// call is rejected with an EngineDown of that fault, and rt.state is "error"; startRuntime()
// (or restartRuntime()) starts a new one from nothing.
//
// Test hooks: window.svodCalc.rt (state, boots, error), the two watchdog settings above.

import { readReply, readWorkerMessage, toWorker } from "./protocol.mjs";
import { ui } from "./render.mjs";
import { metered } from "./line.mjs";

const HERE = new URL("./", import.meta.url);
const NO_ANSWER = { ru: ui("ru").noAnswer, en: ui("en").noAnswer };

const bootWatchdogMs = () => Number(globalThis.SVOD_CALC_WATCHDOG_MS) || 45000;
const callWatchdogMs = () => Number(globalThis.SVOD_CALL_WATCHDOG_MS) || 30000;

/** The runtime's state: "idle" (not started) → "loading" → "ready", or "error" (``error``:
 * {code, detail}, code one of protocol.mjs's FAULTS). */
export const rt = {
  worker: null, state: "idle", stage: null, loaded: 0, total: 0, error: null,
  calls: new Map(), seq: 0, timer: null, boots: 0, version: null, startedAt: 0, readyMs: null,
  deferred: false, // a metered line: not started until a calculator is touched (startWhenNeeded)
};
globalThis.svodCalc = Object.assign(globalThis.svodCalc || {}, { rt });

/** A call the engine could not answer: it is down (``code``: why, one of FAULTS; "not-started"
 * when no worker runs). */
export class EngineDown extends Error {
  constructor(code, detail = null) {
    super(`rules engine down: ${code}`);
    this.name = "EngineDown";
    this.code = code;
    this.detail = detail;
  }
}

const listeners = new Set();
/** fn(rt, previousState) after every change of the runtime (its state, the boot's progress). */
export function onRuntime(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function setRuntime(patch) {
  const was = rt.state;
  Object.assign(rt, patch);
  for (const fn of [...listeners]) {
    try { fn(rt, was); } catch (err) { console.error("svod: runtime listener", err); }
  }
  // site.mjs holds the service worker's precache until the calculator has booted
  if (rt.state !== was) dispatchEvent(new CustomEvent("svod:runtime", { detail: rt.state }));
}

/** The watchdog: during the boot, the time since its last progress; after it, while calls wait,
 * the time since the worker last said anything. */
function armWatchdog() {
  clearTimeout(rt.timer);
  if (rt.state === "loading") {
    const ms = bootWatchdogMs();
    rt.timer = setTimeout(() => fail("watchdog", { s: Math.round(ms / 1000) }), ms);
  } else if (rt.state === "ready" && rt.calls.size) {
    const ms = callWatchdogMs();
    rt.timer = setTimeout(() => fail("silent", { s: Math.round(ms / 1000) }), ms);
  }
}

/** End the worker; every call waiting for it is rejected with EngineDown(code). */
function stop(code, detail) {
  clearTimeout(rt.timer);
  try { rt.worker && rt.worker.terminate(); } catch { /* already gone */ }
  rt.worker = null;
  const calls = [...rt.calls.values()];
  rt.calls.clear();
  for (const c of calls) c.reject(new EngineDown(code, detail));
}

function fail(code, detail) {
  stop(code, detail);
  setRuntime({ state: "error", error: { code, detail } });
}

/** Start the worker, unless one runs. */
export function startRuntime() {
  if (rt.worker) return;
  rt.boots += 1;
  const w = new Worker(new URL("worker.mjs", HERE), { type: "module", name: "svod-calc" });
  rt.startedAt = performance.now();
  rt.worker = w;
  rt.deferred = false;
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
    const built = typeof document !== "undefined" && document.getElementById("svod-runtime");
    if (built) config.filesData = JSON.parse(built.textContent);
  } catch { /* the worker fetches files.json */ }
  // The .wasm compiled by the page's <head> on a warm visit (overrides/main.html): the worker
  // waits for it instead of compiling its own, and compiles its own if it does not come.
  const pageWasm = globalThis.svodWasm;
  globalThis.svodWasm = null;
  if (pageWasm) config.wasmFromPage = true;
  w.postMessage(toWorker.boot(config));
  if (pageWasm) {
    pageWasm.then((module) => w.postMessage(toWorker.wasm(module)), () => w.postMessage(toWorker.wasm(null)));
  }
}

/** Start the worker when the page needs it, by the line (line.mjs): on one that is not metered at
 * once, as always; on a metered one not before the reader touches a calculator (calc.mjs calls
 * startRuntime() then). Deferring sets ``rt.deferred`` and says "deferred" (svod:runtime): no
 * engine byte (the runtime, the snapshot, the wheel) is fetched meanwhile. */
export function startWhenNeeded() {
  if (rt.worker || rt.state !== "idle") return;
  if (!metered()) {
    startRuntime();
    return;
  }
  if (rt.deferred) return;
  rt.deferred = true;
  for (const fn of [...listeners]) {
    try { fn(rt, rt.state); } catch (err) { console.error("svod: runtime listener", err); }
  }
  dispatchEvent(new CustomEvent("svod:runtime", { detail: "deferred" }));
}

/** End the worker there is (its waiting calls rejected) and start a new one: a start from nothing. */
export function restartRuntime() {
  if (rt.worker) stop("restart", null);
  startRuntime();
}

function onWorkerMessage(w, data) {
  const m = readWorkerMessage(data);
  if (rt.worker !== w || !m) return;
  if (m.type === "progress") {
    setRuntime({ stage: m.stage, loaded: m.loaded ?? rt.loaded, total: m.total ?? rt.total });
    armWatchdog();
  } else if (m.type === "ready") {
    rt.readyMs = Math.round(performance.now() - rt.startedAt);
    setRuntime({ state: "ready", stage: null, version: m.version, boot: m.boot, timings: m.timings });
    armWatchdog();
  } else if (m.type === "fatal") {
    fail(m.code, m.detail);
  } else if (m.type === "result") {
    const c = rt.calls.get(m.id);
    if (c) {
      rt.calls.delete(m.id);
      c.resolve(readReply(m.text, NO_ANSWER));
    }
    armWatchdog();
  }
}

/** One request to the engine (rules_core.api.handle_json) → its answer ({ok, result | errors,
 * raw}). Rejects with EngineDown when no worker runs or it goes down before answering. While
 * Python loads, the worker keeps the call and answers it right after "ready". */
export function call(request) {
  return new Promise((resolve, reject) => {
    if (!rt.worker || (rt.state !== "ready" && rt.state !== "loading")) {
      reject(new EngineDown(rt.state === "error" && rt.error ? rt.error.code : "not-started"));
      return;
    }
    const id = ++rt.seq;
    const idle = !rt.calls.size;
    rt.calls.set(id, { resolve, reject });
    rt.worker.postMessage(toWorker.call(id, request));
    if (idle && rt.state === "ready") armWatchdog(); // the first call waiting: the worker has this long to answer
  });
}
