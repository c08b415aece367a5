// Свод — the messages between a page and the rules engine's Web Worker (worker.mjs), in one place:
// what each side sends, how a reply is read, the faults and the refusals. The worker and the
// page's client (engine.mjs) both build their messages here; nothing else posts to the worker.
//
// Page → worker:
//   {type: "boot", config}        start Python (config: runtimeConfig in worker.mjs)
//   {type: "wasm", module}        the .wasm the page compiled on a warm visit, or null (only when
//                                 the boot config says wasmFromPage)
//   {type: "call", id, text}      one request to rules_core.api.handle_json (JSON text); calls
//                                 that come before "ready" are kept and answered right after it
// Worker → page:
//   {type: "progress", stage, loaded?, total?}   stage: one of STAGES
//   {type: "ready", version, python, pyodide, boot, timings}   boot: "snapshot"|"normal"|"plain"
//   {type: "fatal", code, detail}                code: one of FAULTS; the worker is of no more use
//   {type: "result", id, text}                   the engine's JSON text for call ``id``
//
// Every call gets exactly one "result": the engine's answer, or an error answer in the engine's
// shape ({ok: false, errors: [{field, ru, en}]}) when there is no engine, the request is no
// text, or the engine threw. A worker that answers nothing at all (dead, or stuck) is the
// page's to find out: engine.mjs's watchdog.

export const STAGES = ["download", "start", "rules"];

/** Why the engine is out of use: the boot's failures (from the worker), and the page's own
 * findings (watchdog: the boot took too long; silent: calls went unanswered; crashed: Python
 * stopped answering after an error). */
export const FAULTS = ["wasm-mime", "network", "rules", "boot", "watchdog", "silent", "crashed"];

export const toWorker = {
  boot: (config) => ({ type: "boot", config }),
  wasm: (module) => ({ type: "wasm", module: module || null }),
  call: (id, request) => ({ type: "call", id, text: JSON.stringify(request) }),
};

export const fromWorker = {
  progress: (stage, loaded, total) => ({ type: "progress", stage, ...(loaded != null ? { loaded, total } : {}) }),
  ready: (info) => ({ type: "ready", ...info }),
  fatal: (code, detail) => ({ type: "fatal", code, detail: String(detail) }),
  result: (id, text) => ({ type: "result", id, text }),
};

/** The refusals the worker gives in place of the engine's answer (field "request": the request
 * as a whole). */
export const REFUSALS = {
  notReady: { ru: "Python ещё не готов.", en: "Python is not ready yet." },
  notText: { ru: "Запрос должен быть текстом JSON.", en: "The request must be JSON text." },
  internal: { ru: "Внутренняя ошибка калькулятора: запрос не обработан.", en: "Internal calculator error: the request was not handled." },
};

/** An error answer in the engine's shape, as JSON text. */
export function refusedText(words, internal) {
  return JSON.stringify({ ok: false, errors: [{ field: "request", ru: words.ru, en: words.en }], ...(internal ? { internal } : {}) });
}

/** A reply's text read as the engine's answer: ``{ok: true, result, raw}`` or ``{ok: false,
 * errors, raw}``. Text that is no such answer (never expected) is an error answer with
 * ``noAnswer``'s words, so that the page says so instead of waiting. */
export function readReply(text, noAnswer) {
  try {
    const res = typeof text === "string" ? JSON.parse(text) : null;
    if (res && typeof res === "object" && (res.ok === true ? res.result != null : res.ok === false && Array.isArray(res.errors))) {
      return { ...res, raw: text };
    }
  } catch { /* below */ }
  return { ok: false, errors: [{ field: "", ru: noAnswer.ru, en: noAnswer.en }], raw: String(text) };
}

/** A message from the worker, checked: its type is known and its fields have their types;
 * anything else is null (and ignored). */
export function readWorkerMessage(m) {
  if (!m || typeof m !== "object") return null;
  switch (m.type) {
    case "progress": return STAGES.includes(m.stage) ? m : null;
    case "ready": return m;
    case "fatal": return typeof m.code === "string" ? m : null;
    case "result": return Number.isInteger(m.id) ? m : null;
    default: return null;
  }
}
