// Свод — the Pyodide Web Worker: boots Python off the main thread, installs the rules_core
// wheel from our own lock file (integrity-checked), and answers JSON requests with
// rules_core.api.handle_json. Settings come by postMessage, never by query string (a service
// worker answering with ignoreSearch would drop it).
//
// Protocol (page → worker): {type: "boot", config}, {type: "call", id, text} (calls that come
//                            before "ready" are kept and answered right after it),
//                            {type: "wasm", module} (the .wasm the page compiled on a warm visit,
//                            or null; only when the boot config says wasmFromPage)
//           (worker → page): {type: "progress", stage: "download"|"start"|"rules", loaded?, total?}
//                            {type: "ready", version, python, boot: "snapshot"|"normal", timings},
//                            {type: "fatal", code, detail}
//                            {type: "result", id, text}
//
// Boot, everything at once (issue 6): the moment the boot message arrives the worker imports
// pyodide.mjs and pyodide.asm.mjs, downloads the .wasm while compiling it (compileStreaming),
// downloads the standard library and the lock file, and reads the memory snapshot's records as
// they arrive (see bootOptions for how they reach the interpreter's memory). loadPyodide would do
// these one after another (it awaits the snapshot before it even starts compiling), so it is
// handed the results: the worker's fetch answers its requests for the .wasm, the stdlib and the
// lock file from what is already here (one download, counted for the progress bar, .wasm MIME
// type checked), and WebAssembly.instantiateStreaming instantiates the module compiled in
// advance. Only these three URLs are answered so; anything else goes to the network as usual.
// Files the service worker has cached are read from Cache Storage directly, not through it.

let api = null;
let booting = null;

const post = (m) => self.postMessage(m);
/** The network, whatever handOver later does to the global fetch. */
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
const SNAPSHOT_MAGIC = "SVODSNP1";

/** Every option of loadPyodide in one place; ``snapshot`` (a promise of a memory snapshot read by
 * readSparseSnapshot) boots an interpreter with rules_core already imported. */
export function bootOptions(config, snapshot = null, asm = null, head = null) {
  const opts = {
    indexURL: config.pyodide,
    lockFileURL: config.lockFileURL,
    stdout: () => {},
    stderr: (s) => console.warn("[python]", s),
  };
  const create = asm && typeof asm.default === "function" ? asm.default : null;
  if (create) opts.createPyodideModule = create;
  if (snapshot) {
    // loadPyodide gets only the snapshot's head (header and JSON, a few hundred bytes: it starts
    // as soon as that has arrived) and restores the memory from it; the module's
    // restoreSnapshot is wrapped to then write the records straight into the interpreter's
    // memory: no 31.5 MB image built and copied again. The rest of the snapshot arrives while
    // the module is set up, and is awaited only before the module is handed back.
    opts._loadSnapshot = head || snapshot.then((snap) => snap.head);
    opts.createPyodideModule = async (moduleArg) => {
      const Module = await (create || (await import(new URL("pyodide.asm.mjs", config.pyodide).href)).default)(moduleArg);
      const snap = await snapshot;
      const restore = Module.API && Module.API.restoreSnapshot;
      if (typeof restore !== "function") throw new Error("this Pyodide has no API.restoreSnapshot");
      Module.API.restoreSnapshot = (given) => {
        const meta = restore(given); // checks the magic number and the build id, reads the JSON
        writeSnapshot(Module.HEAPU8, snap);
        return meta;
      };
      return Module;
    };
  }
  return opts;
}

/** The sparse snapshot stream of scripts/snapshot.py (already gunzipped): "SVODSNP1", the image
 * size (u32 LE), then records (offset u32, length u32, bytes); everything not in a record is zero
 * (half of the 30 MiB heap is). Read into a list of pieces [offset, bytes] that point into the
 * stream's own chunks (nothing copied), and the image's head: Pyodide's header (magic, where the
 * memory starts, JSON length, build id) and JSON, up to where the memory starts. ``onHead`` gets
 * the head as soon as it is complete (the first record after it has begun): loadPyodide needs
 * only that to start, the memory is written much later. */
export async function readSparseSnapshot(stream, onHead = null) {
  const reader = stream.getReader();
  const header = new Uint8Array(12); // the format's header, then each record's
  const view = new DataView(header.buffer);
  const pieces = [];
  const bytes = (from, to) => {
    const out = new Uint8Array(to - from);
    for (const [at, b] of pieces) {
      if (at >= to || at + b.length <= from) continue;
      const lo = Math.max(at, from);
      out.set(b.subarray(lo - at, Math.min(at + b.length, to) - at), lo - from);
    }
    return out;
  };
  let need = 12;
  let have = 0;
  let size = -1;
  let dst = 0;
  let left = 0;
  let memoryAt = -1; // Pyodide's header: where the memory starts in the image
  const findMemoryAt = () => {
    if (memoryAt < 0 && pieces.length && pieces[0][0] === 0) {
      const m = new DataView(bytes(0, 8).buffer).getUint32(4, true);
      memoryAt = m % 4 || m > size ? -2 : m;
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let i = 0;
    while (i < value.length) {
      if (left > 0) {
        const n = Math.min(left, value.length - i);
        pieces.push([dst, value.subarray(i, i + n)]);
        dst += n;
        left -= n;
        i += n;
        continue;
      }
      const n = Math.min(need - have, value.length - i);
      header.set(value.subarray(i, i + n), have);
      have += n;
      i += n;
      if (have < need) break;
      have = 0;
      if (size < 0) {
        const magic = String.fromCharCode(...header.subarray(0, 8));
        if (magic !== SNAPSHOT_MAGIC) throw new Error("not a svod snapshot");
        size = view.getUint32(8, true);
        need = 8;
      } else {
        dst = view.getUint32(0, true);
        left = view.getUint32(4, true);
        if (dst + left > size) throw new Error("corrupt snapshot: record out of range");
        if (onHead) {
          findMemoryAt(); // every record before this one is complete
          if (memoryAt >= 0 && dst >= memoryAt) {
            onHead(bytes(0, memoryAt));
            onHead = null;
          }
        }
      }
    }
  }
  if (size < 0 || left || have) throw new Error("truncated snapshot");
  findMemoryAt();
  if (memoryAt < 0) throw new Error("corrupt snapshot: bad header");
  return { size, memoryAt, pieces, head: bytes(0, memoryAt) };
}

/** The memory of a snapshot read by readSparseSnapshot, written into the interpreter's memory:
 * its records, and zeros wherever the memory is not zero already (read first, so pages that are
 * still untouched stay so). */
export function writeSnapshot(heap, snap) {
  const base = snap.memoryAt;
  const end = snap.size - base;
  if (heap.length < end) throw new Error(`snapshot memory ${end} > ${heap.length}`);
  let at = 0; // memory below this is written
  const w = new Uint32Array(heap.buffer, heap.byteOffset, heap.length >>> 2);
  const zero = (from, to) => {
    // whole 4-byte words are checked as words; the few bytes at the ends one by one
    let i = from;
    for (; i < to && i & 3; i++) heap[i] = 0;
    const wEnd = (to & ~3) >>> 2;
    for (let k = i >>> 2; k < wEnd; k++) if (w[k] !== 0) w[k] = 0;
    for (i = Math.max(i, wEnd << 2); i < to; i++) heap[i] = 0;
  };
  for (const [off, b] of snap.pieces) {
    const from = off - base;
    const skip = from < 0 ? Math.min(-from, b.length) : 0; // the head: already given to Pyodide
    if (skip === b.length) continue;
    const to = from + b.length;
    if (from + skip > at) zero(at, from + skip);
    heap.set(skip ? b.subarray(skip) : b, from + skip);
    at = Math.max(at, to);
  }
  if (end > at) zero(at, end);
  snap.pieces = [];
}

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
      post({ type: "progress", stage: "download", loaded, total });
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

/** Hand loadPyodide what startDownloads already has: its fetch of the .wasm, the stdlib and the
 * lock file is answered from here, its instantiateStreaming of the .wasm instantiates the compiled module.
 * Returns the undo: after the boot nothing keeps the downloads (the snapshot's records among them). */
function handOver(dl) {
  const wasmURL = dl.at(WASM);
  const stdlibURL = dl.at(STDLIB);
  const standIns = new WeakSet();
  self.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === wasmURL) {
      // Never read: instantiateStreaming below knows it by identity.
      const standIn = new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm" } });
      standIns.add(standIn);
      return Promise.resolve(standIn);
    }
    if (url === stdlibURL) return dl.stdlib.then((b) => new Response(b.slice(0)));
    if (url === dl.lockURL) return dl.lock.then((b) => new Response(b.slice(0), { headers: { "content-type": "application/json" } }));
    return realFetch(input, init);
  };
  const realInstantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const r = await source;
    if (!standIns.has(r)) return realInstantiateStreaming.call(WebAssembly, r, imports);
    const module = await dl.wasm;
    mark("instantiate");
    const instance = await WebAssembly.instantiate(module, imports);
    return { instance, module };
  };
  return () => {
    self.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiateStreaming;
  };
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

/** Boot from the snapshot (rules_core already imported); null if that fails for any reason
 * (e.g. "Snapshot build id mismatch"), and the caller boots normally. */
async function snapshotBoot(loadPyodide, config, snapshot, asm, head) {
  try {
    const py = await loadPyodide(bootOptions(config, snapshot, asm, head));
    post({ type: "progress", stage: "rules" }); // rules_core is already in the snapshot: a quick stage
    api = py.pyimport("rules_core.api");
    return py;
  } catch (e) {
    console.warn("svod: snapshot boot failed, normal boot:", e.message || e);
    api = null;
    return null;
  }
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
  const undo = handOver(dl);
  // Pyodide would wait forever on a .wasm it cannot compile: fail fast on any download error.
  const failed = dl.all.then(() => new Promise(() => {}));
  const { loadPyodide } = await dl.pyodideMjs;
  const files = await dl.files;
  mark("pyodide_mjs");
  // A rejected snapshot promise (none, or unreadable) → a normal boot below.
  const wanted = files.snapshot && config.snapshot !== false;
  const snapshot = wanted && files.snapshotData.then((b) => b || Promise.reject(new Error("no snapshot")));
  if (snapshot) snapshot.catch(() => {}); // handled: snapshotBoot reports it
  // Its head as soon as it is read; if the snapshot fails before that, so does the head.
  const head = snapshot && Promise.race([files.snapshotHead, snapshot.then((b) => b.head)].filter(Boolean));
  if (head) head.catch(() => {});
  // The status line moves on to "starting" once every byte is here (download → start → rules).
  Promise.all([dl.all, files.snapshotData]).then(() => post({ type: "progress", stage: "start" }), () => {});
  const start = async () => {
    const asm = await dl.asmMjs;
    const t1 = performance.now();
    let py = snapshot ? await snapshotBoot(loadPyodide, config, snapshot, asm, head) : null;
    const how = py ? "snapshot" : "normal";
    if (!py) {
      py = await loadPyodide(bootOptions(config, null, asm));
      post({ type: "progress", stage: "rules" });
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
  undo();
  files.snapshotData = null;
  files.snapshotHead = null;
  const t2 = performance.now();
  afterBoot(py);
  const version = engineVersion(py);
  const timings = {
    snapshot_fetch_inflate_ms: files.snapshotMs ?? null, snapshot_source: files.snapshotSource ?? null, wasm_source: wasmSource, download_ms: Math.round(t1 - t0),
    start_ms: Math.round(t2 - t1), total_ms: Math.round(performance.now() - t0), marks,
  };
  post({ type: "ready", version, python: py.version, pyodide: files.version, boot: how, timings });
  settled = true;
  for (const m of early.splice(0)) answer(m);
}

/** Calls that came while Python loaded (until "ready", so after the reseed): answered right
 * after "ready", or refused if the boot failed. */
const early = [];
let settled = false;

function answer(m) {
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
        post({ type: "fatal", code: err.code || "boot", detail: err.detail || String(err.message || err) });
        settled = true;
        for (const q of early.splice(0)) answer(q);
      });
    }
  } else if (m.type === "call") {
    if (!settled) early.push(m);
    else answer(m);
  }
};
