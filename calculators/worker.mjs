// Свод — the Pyodide Web Worker: boots Python off the main thread, installs the rules_core
// wheel from our own lock file (integrity-checked), and answers JSON requests with
// rules_core.api.handle_json. Settings come by postMessage, never by query string (a service
// worker answering with ignoreSearch would drop it). Its messages, both ways, are protocol.mjs's.
//
// Boot, everything at once: the moment the boot message arrives the worker imports pyodide.mjs
// and pyodide.asm.mjs, downloads the .wasm while compiling it (compileStreaming), downloads the
// standard library and the lock file, and reads the memory snapshot's records as they arrive.
// loadPyodide would do these one after another (it awaits the snapshot before it even starts
// compiling), so it is handed the results (one download of each, counted for the progress bar,
// the .wasm's MIME type checked): how, in boot.mjs, which holds everything that relies on
// Pyodide's internals. Files the service worker has cached are read from Cache Storage
// directly, not through it.

import { bootPyodide, readSparseSnapshot } from "./boot.mjs";
import { fromWorker, REFUSALS, refusedText } from "./protocol.mjs";

let api = null;
let booting = null;

const post = (m) => self.postMessage(m);
/** The network, whatever the boot's hand-over (boot.mjs) later does to the global fetch. */
const realFetch = self.fetch.bind(self);

/** Boot phases, ms since the worker started (its own performance clock): the benchmark reports them. */
const marks = {};
/** Where the compiled .wasm came from: "worker" (compiled here) or "page" (warm visits). */
let wasmSource = "worker";
const mark = (name) => { marks[name] = Math.round(performance.now()); };

class BootError extends Error {
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

const WASM = "pyodide.asm.wasm";
const STDLIB = "python_stdlib.zip";
const ASM = "pyodide.asm.mjs";

/** Count the bytes of a response body as they pass (progress bar). */
function counted(body, count) {
  return body.pipeThrough(new TransformStream({ transform(chunk, ctl) { count(chunk.byteLength); ctl.enqueue(chunk); } }));
}

/** The memory snapshot, streamed (its bytes count in the download progress) and unpacked while it
 * arrives: the inflated copy the service worker keeps (under the name without ".gz") when it is
 * there, else the gzipped file, gunzipped with DecompressionStream. Resolves to what
 * readSparseSnapshot returns, or to null when there is none or it cannot be read (the worker then
 * boots normally). */
function fetchSnapshot(config, files, count) {
  const snap = files.snapshot;
  if (!snap || config.snapshot === false || typeof DecompressionStream !== "function") return Promise.resolve(null);
  const url = new URL(snap.url, config.files).href;
  let gotHead;
  files.snapshotHead = new Promise((resolve) => { gotHead = resolve; });
  return (async () => {
    const kept = await cachedOnly(url.replace(/\.gz$/, ""));
    let body;
    if (kept) {
      // progress in the units of the download it replaces
      const scale = snap.sparse_bytes ? snap.bytes / snap.sparse_bytes : 0;
      body = counted(kept.body, (n) => count(n * scale));
      files.snapshotSource = "inflated";
    } else {
      const r = await cachedOrFetched(url);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      body = counted(r.body, count).pipeThrough(new DecompressionStream("gzip"));
      files.snapshotSource = "gzip";
    }
    const t = performance.now();
    const data = await readSparseSnapshot(body, (h) => { mark("snapshot_head"); gotHead(h); });
    mark("snapshot_ready");
    files.snapshotMs = Math.round(performance.now() - t);
    return data;
  })().catch((e) => {
    console.warn("svod: no snapshot, normal boot:", e.message || e);
    return null;
  });
}

/** A file from the service worker's cache, or null. */
async function cachedOnly(url) {
  try {
    const hit = self.caches && await caches.match(url);
    if (hit && hit.ok) return hit;
  } catch { /* no Cache Storage here (e.g. an opaque origin) */ }
  return null;
}

/** A runtime file from the service worker's cache when it is there (read directly: about half
 * the time of a fetch that the service worker answers from the same cache), else fetched. */
async function cachedOrFetched(url) {
  const hit = await cachedOnly(url);
  if (hit) {
    hit.svodCached = true;
    return hit;
  }
  return realFetch(url);
}

async function get(url, name) {
  let r;
  try {
    r = await cachedOrFetched(url);
  } catch (e) {
    throw new BootError("network", `${name}: ${e.message || e}`);
  }
  if (!r.ok) throw new BootError("network", `${name}: HTTP ${r.status}`);
  return r;
}

/** Start everything the boot needs, at once. Returns promises; none of them is awaited here. */
function startDownloads(config) {
  const at = (name) => new URL(name, config.pyodide).href;
  let loaded = 0;
  let total = 0;
  let last = 0;
  const report = (force) => {
    const now = Date.now();
    if (force || now - last > 150) {
      last = now;
      post(fromWorker.progress("download", loaded, total));
    }
  };
  const count = (n) => { loaded += n; report(false); };

  // files.json: built into a calculator page's <head> (config.filesData), else fetched.
  const listed = config.filesData ? Promise.resolve(config.filesData) : cachedOrFetched(config.files).then((r) => {
    if (!r.ok) throw new BootError("network", `files.json: HTTP ${r.status}`);
    return r.json();
  });
  const files = listed.then((f) => {
    mark("files_json");
    const useSnapshot = f.snapshot && config.snapshot !== false;
    total = [WASM, STDLIB, ASM].reduce((s, n) => s + (f.files[n] || 0), 0) + (useSnapshot ? f.snapshot.bytes : 0);
    report(true);
    f.snapshotData = fetchSnapshot(config, f, count);
    return f;
  });

  // The two modules: the import() of loadPyodide later finds them loaded (same URLs).
  const pyodideMjs = import(at("pyodide.mjs")).catch((e) => { throw new BootError("network", `pyodide.mjs: ${e.message || e}`); });
  // pyodide.asm.mjs (1.25 MB), handed to loadPyodide as createPyodideModule. Imported by its URL,
  // through the service worker: measured faster than reading it from Cache Storage into a blob
  // URL (warm A/B, 2 x 12-14 rounds: ready at 195-212 ms of the worker's clock, not 304-330; a
  // blob gets no code cache) now that the boot keeps the service worker less busy.
  const asmMjs = import(at(ASM)).then(
    (m) => { mark("asm_mjs"); files.then((f) => count(f.files[ASM] || 0), () => {}); return m; },
    (e) => { throw new BootError("network", `${ASM}: ${e.message || e}`); });

  // The .wasm: checked (a wrong MIME type would make Pyodide hang forever), compiled while it
  // downloads.
  const compile = () => get(at(WASM), WASM).then((r) => {
    const ct = (r.headers.get("content-type") || "").split(";")[0].trim();
    if (ct !== "application/wasm") throw new BootError("wasm-mime", ct || "none");
    // From Cache Storage it is compiled as it is (V8 may then use the code it cached there;
    // measured: a tee'd copy compiled 1.5-2x slower); from the network its bytes are counted
    // on the way into the compiler.
    const source = r.svodCached ? r
      : new Response(counted(r.body, count), { headers: { "content-type": "application/wasm" } });
    return WebAssembly.compileStreaming(source).then((m) => {
      if (r.svodCached) count(Number(r.headers.get("content-length")) || 0);
      mark("wasm_compiled");
      return m;
    }, (e) => { throw e instanceof BootError ? e : new BootError("boot", `${WASM}: ${e.message || e}`); });
  });
  // On a warm visit the page compiles it (config.wasmFromPage) and posts the module; if it
  // posts none, the worker compiles its own.
  const wasm = !config.wasmFromPage ? compile() : fromPage.then((m) => {
    if (!m) return compile();
    files.then((f) => count(f.files[WASM] || 0), () => {});
    mark("wasm_compiled");
    wasmSource = "page";
    return m;
  });

  // The standard library: Pyodide writes it into its file system; the bytes are kept for a
  // second boot (normal, after a failed snapshot boot).
  const stdlib = get(at(STDLIB), STDLIB).then((r) => new Response(counted(r.body, count)).arrayBuffer())
    .then((b) => { mark("stdlib"); return b; });

  // The lock file, which loadPyodide would fetch only when it starts, through the service
  // worker (seen taking 300-400 ms for 524 bytes there while the boot kept it busy).
  const lock = get(config.lockFileURL, "pyodide-lock.json").then((r) => r.arrayBuffer());

  const all = Promise.all([files, pyodideMjs, asmMjs, wasm, stdlib, lock]);
  all.then(() => report(true), () => {});
  return { files, pyodideMjs, asmMjs, wasm, stdlib, lock, all, at, lockURL: config.lockFileURL };
}

/** A fresh random state even if the interpreter came from a memory snapshot: 256 bits from the
 * browser's CSPRNG (what os.urandom reads here too), given to random.seed as an int. Called through
 * the FFI, not runPython (no Python source to compile while the boot is timed); an int seeds
 * directly, where bytes would go through SHA-512 first (measured in Node: 4-6 ms, not 10-17). */
function afterBoot(py) {
  const random = py.pyimport("random");
  let seed = 0n;
  for (const w of crypto.getRandomValues(new Uint32Array(8))) seed = (seed << 32n) | BigInt(w);
  random.seed(seed);
  random.destroy();
}

function engineVersion(py) {
  const rc = py.pyimport("rules_core");
  const v = rc.__version__;
  rc.destroy();
  return v;
}

/** Where everything is, next to this worker: assets/calc/worker.mjs → assets/pyodide/, assets/py/.
 * The page sends only what it chooses (``snapshot: false`` for the benchmark's normal boot). */
export function runtimeConfig(config = {}, here = self.location.href) {
  return {
    pyodide: new URL("../pyodide/", here).href,
    files: new URL("../pyodide/files.json", here).href,
    lockFileURL: new URL("../py/pyodide-lock.json", here).href,
    ...config,
  };
}

async function boot(config) {
  mark("boot_message");
  config = runtimeConfig(config);
  const t0 = performance.now();
  const dl = startDownloads(config);
  // Pyodide would wait forever on a .wasm it cannot compile: fail fast on any download error.
  // (Handled here at once: a file can fail before the race below is reached.)
  const failed = dl.all.then(() => new Promise(() => {}));
  failed.catch(() => {});
  const { loadPyodide, version } = await dl.pyodideMjs;
  const files = await dl.files;
  mark("pyodide_mjs");
  // A rejected snapshot promise (none, or unreadable) → a normal boot.
  const wanted = files.snapshot && config.snapshot !== false;
  const snapshot = wanted && files.snapshotData.then((b) => b || Promise.reject(new Error("no snapshot")));
  if (snapshot) snapshot.catch(() => {}); // handled: bootPyodide reports it
  // Its head as soon as it is read; if the snapshot fails before that, so does the head.
  const head = snapshot && Promise.race([files.snapshotHead, snapshot.then((b) => b.head)].filter(Boolean));
  if (head) head.catch(() => {});
  // The status line moves on to "starting" once every byte is here (download → start → rules).
  Promise.all([dl.all, files.snapshotData]).then(() => post(fromWorker.progress("start")), () => {});
  const start = async () => {
    await dl.asmMjs;
    const t1 = performance.now();
    const afterSnapshot = (py) => {
      post(fromWorker.progress("rules")); // rules_core is already in the snapshot: a quick stage
      api = py.pyimport("rules_core.api");
    };
    const { py, how } = await bootPyodide({
      loadPyodide, version, config, dl, snapshot: snapshot || null, head, afterSnapshot, realFetch, mark,
    });
    if (how !== "snapshot") {
      api = null;
      post(fromWorker.progress("rules"));
      const errors = [];
      await py.loadPackage("svod-rules-core", { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
      try {
        api = py.pyimport("rules_core.api");
      } catch (e) {
        throw new BootError("rules", errors.join("; ") || String(e.message || e));
      }
    }
    mark("loaded");
    return { py, how, t1 };
  };
  const { py, how, t1 } = await Promise.race([start(), failed]);
  files.snapshotData = null;
  files.snapshotHead = null;
  const t2 = performance.now();
  afterBoot(py);
  const engine = engineVersion(py);
  const timings = {
    snapshot_fetch_inflate_ms: files.snapshotMs ?? null, snapshot_source: files.snapshotSource ?? null, wasm_source: wasmSource, download_ms: Math.round(t1 - t0),
    start_ms: Math.round(t2 - t1), total_ms: Math.round(performance.now() - t0), marks,
  };
  post(fromWorker.ready({ version: engine, python: py.version, pyodide: files.version, boot: how, timings }));
  settled = true;
  for (const m of waiting.splice(0)) answer(m);
}

/** Calls that came while Python loaded (until "ready", so after the reseed): answered right
 * after "ready", or refused if the boot failed. */
const waiting = [];
let settled = false;

/** Every call gets an answer: the engine's JSON text, or an error answer when there is no
 * engine, the request is no text, or the engine threw (a stack overflow inside Pyodide on
 * input nested deep enough, say) or answered with something that is no text. After such a
 * failure Python is asked a trivial question; if it cannot answer that either, the page is
 * told that the calculator has stopped (it offers a restart). */
function answer(m) {
  let text;
  let failure = null;
  if (!api) {
    text = refusedText(REFUSALS.notReady);
  } else if (typeof m.text !== "string") {
    text = refusedText(REFUSALS.notText);
  } else {
    try {
      text = api.handle_json(m.text);
      if (typeof text !== "string") failure = `answer ${typeof text}`;
    } catch (err) {
      failure = String(err && err.message ? `${err.name}: ${err.message}` : err);
    }
    if (failure) {
      text = refusedText(REFUSALS.internal, failure);
    }
  }
  post(fromWorker.result(m.id, text));
  if (failure && !pythonAnswers()) {
    api = null;
    post(fromWorker.fatal("crashed", failure.slice(0, 200)));
  }
}

function pythonAnswers() {
  try {
    return typeof api.handle_json("{}") === "string";
  } catch {
    return false;
  }
}

/** The .wasm module the page compiled (a "wasm" message), or null. */
let gotPageWasm;
const fromPage = new Promise((resolve) => { gotPageWasm = resolve; });

self.onmessage = (e) => {
  const m = e.data || {};
  if (m.type === "wasm") {
    gotPageWasm(m.module instanceof WebAssembly.Module ? m.module : null);
  } else if (m.type === "boot") {
    if (!booting) {
      booting = boot(m.config).catch((err) => {
        post(fromWorker.fatal(err.code || "boot", err.detail || String(err.message || err)));
        settled = true;
        for (const q of waiting.splice(0)) answer(q);
      });
    }
  } else if (m.type === "call") {
    if (!settled) waiting.push(m);
    else answer(m);
  }
};
