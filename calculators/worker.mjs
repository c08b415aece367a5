// Свод — the Pyodide Web Worker: boots Python off the main thread, installs the rules_core
// wheel from our own lock file (integrity-checked), and answers JSON requests with
// rules_core.api.handle_json. Settings come by postMessage, never by query string (a service
// worker answering with ignoreSearch would drop it).
//
// Protocol (page → worker): {type: "boot", config}, {type: "call", id, text}
//           (worker → page): {type: "progress", stage: "download"|"start"|"rules", loaded?, total?}
//                            {type: "ready", version, python, boot: "snapshot"|"normal", timings},
//                            {type: "fatal", code, detail}
//                            {type: "result", id, text}

let api = null;
let booting = null;

const post = (m) => self.postMessage(m);

class BootError extends Error {
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

/** Every option of loadPyodide in one place; ``snapshot`` (a promise of the inflated memory
 * snapshot of scripts/snapshot.py, an ArrayBuffer) boots an interpreter with rules_core already imported. */
export function bootOptions(config, snapshot = null) {
  const opts = {
    indexURL: config.pyodide,
    lockFileURL: config.lockFileURL,
    stdout: () => {},
    stderr: (s) => console.warn("[python]", s),
  };
  if (snapshot) opts._loadSnapshot = snapshot;
  return opts;
}

/** The gzipped memory snapshot, streamed (its bytes count in the download progress) and
 * inflated with DecompressionStream while it arrives. Resolves to an ArrayBuffer, or to null
 * when there is none or it cannot be read (the worker then boots normally). */
function fetchSnapshot(config, files, count) {
  const snap = files.snapshot;
  if (!snap || config.snapshot === false || typeof DecompressionStream !== "function") return Promise.resolve(null);
  const url = new URL(snap.url, config.files).href;
  return (async () => {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    const counted = r.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) { count(chunk.byteLength); ctl.enqueue(chunk); },
    }));
    const t = performance.now();
    const buf = await new Response(counted.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    files.snapshotMs = Math.round(performance.now() - t);
    return buf;
  })().catch((e) => {
    console.warn("svod: no snapshot, normal boot:", e.message || e);
    return null;
  });
}

/** True when the service worker's cache already holds the runtime files (with the right .wasm
 * type): the download step and its progress are then skipped, loadPyodide reads the cache. */
async function allCached(config, names) {
  try {
    if (!self.caches) return false;
    const hits = await Promise.all(names.map((n) => caches.match(new URL(n, config.pyodide).href)));
    if (!hits.every((r) => r && r.ok)) return false;
    const ct = (hits[names.indexOf("pyodide.asm.wasm")].headers.get("content-type") || "").split(";")[0].trim();
    return ct === "application/wasm";
  } catch {
    return false;
  }
}

/** Download the big runtime files first, streaming, to report progress in bytes and to
 * catch a wrong .wasm MIME type (Pyodide would otherwise hang forever). The bytes are
 * dropped: loadPyodide gets them again from the HTTP or service-worker cache. */
async function prefetch(config) {
  const files = await (await fetch(config.files)).json();
  const names = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"];
  const useSnapshot = files.snapshot && config.snapshot !== false;
  const total = names.reduce((s, n) => s + (files.files[n] || 0), 0) + (useSnapshot ? files.snapshot.bytes : 0);
  let loaded = 0;
  let last = 0;
  const report = (force) => {
    const now = Date.now();
    if (force || now - last > 150) {
      last = now;
      post({ type: "progress", stage: "download", loaded, total });
    }
  };
  report(true);
  files.snapshotBytes = fetchSnapshot(config, files, (n) => { loaded += n; report(false); });
  if (await allCached(config, names)) return files; // warm: no second read of 13 MB from the cache
  await Promise.all(names.map(async (name) => {
    const url = new URL(name, config.pyodide).href;
    let r;
    try {
      r = await fetch(url);
    } catch (e) {
      throw new BootError("network", `${name}: ${e.message || e}`);
    }
    if (!r.ok) throw new BootError("network", `${name}: HTTP ${r.status}`);
    if (name.endsWith(".wasm")) {
      const ct = (r.headers.get("content-type") || "").split(";")[0].trim();
      if (ct !== "application/wasm") throw new BootError("wasm-mime", ct || "none");
    }
    const reader = r.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      report(false);
    }
  }));
  report(true);
  return files;
}

async function afterBoot(py) {
  // A fresh random state even if the interpreter came from a memory snapshot.
  py.runPython("import random as _r, os as _o; _r.seed(_o.urandom(32)); del _r, _o");
}

/** Boot from the snapshot (rules_core already imported); null if that fails for any reason
 * (e.g. "Snapshot build id mismatch"), and the caller boots normally. */
async function snapshotBoot(loadPyodide, config, snapshot) {
  try {
    const py = await loadPyodide(bootOptions(config, snapshot));
    post({ type: "progress", stage: "rules" }); // rules_core is already in the snapshot: a quick stage
    api = py.pyimport("rules_core.api");
    return py;
  } catch (e) {
    console.warn("svod: snapshot boot failed, normal boot:", e.message || e);
    api = null;
    return null;
  }
}

async function boot(config) {
  const t0 = performance.now();
  const files = await prefetch(config);
  const t1 = performance.now();
  post({ type: "progress", stage: "start" });
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", config.pyodide).href));
  } catch (e) {
    throw new BootError("network", `pyodide.mjs: ${e.message || e}`);
  }
  // loadPyodide gets the snapshot as a promise: it loads pyodide.asm.mjs while the snapshot
  // still arrives and inflates. No snapshot → the promise rejects → a normal boot below.
  const wanted = files.snapshot && config.snapshot !== false;
  const snapshot = wanted && files.snapshotBytes.then((b) => b || Promise.reject(new Error("no snapshot")));
  if (snapshot) snapshot.catch(() => {}); // handled: snapshotBoot reports it
  let py = snapshot ? await snapshotBoot(loadPyodide, config, snapshot) : null;
  const how = py ? "snapshot" : "normal";
  if (!py) {
    py = await loadPyodide(bootOptions(config));
    post({ type: "progress", stage: "rules" });
    const errors = [];
    await py.loadPackage("svod-rules-core", { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
    try {
      api = py.pyimport("rules_core.api");
    } catch (e) {
      throw new BootError("rules", errors.join("; ") || String(e.message || e));
    }
  }
  const t2 = performance.now();
  await afterBoot(py);
  const version = py.runPython("import rules_core; rules_core.__version__");
  const timings = { snapshot_fetch_inflate_ms: files.snapshotMs, download_ms: Math.round(t1 - t0), start_ms: Math.round(t2 - t1), total_ms: Math.round(performance.now() - t0) };
  post({ type: "ready", version, python: py.version, pyodide: files.version, boot: how, timings });
}

self.onmessage = (e) => {
  const m = e.data || {};
  if (m.type === "boot") {
    if (!booting) {
      booting = boot(m.config).catch((err) => {
        post({ type: "fatal", code: err.code || "boot", detail: err.detail || String(err.message || err) });
      });
    }
  } else if (m.type === "call") {
    let text;
    try {
      text = api ? api.handle_json(m.text)
        : JSON.stringify({ ok: false, errors: [{ field: "", ru: "Python ещё не готов.", en: "Python is not ready yet." }] });
    } catch (err) {
      text = JSON.stringify({ ok: false, errors: [{ field: "", ru: "Внутренняя ошибка калькулятора.", en: "Internal calculator error." }],
        internal: String(err) });
    }
    post({ type: "result", id: m.id, text });
  }
};
