// Свод — the part of the calculator's boot that relies on Pyodide's internals, written for
// Pyodide 314.0.7 (PYODIDE_VERSION): its loader's fetch of pyodide.asm.wasm, python_stdlib.zip
// and the lock file and its WebAssembly.instantiateStreaming (answered with what the worker has
// already downloaded and compiled), its createPyodideModule option (pyodide.asm.mjs, imported
// by the worker in advance and wrapped), the private _loadSnapshot option and the module's
// API.restoreSnapshot (wrapped so that the memory snapshot's records are written straight into
// the interpreter's memory), and the layout of its snapshot header (where the memory starts).
//
// Another Pyodide version may change any of these. At run time bootPyodide() uses them only with
// the version they were written for and boots another one the documented way (loadPyodide with
// indexURL and lockFileURL: slower, but it starts); at build time the forms' renderer
// (build/render_forms.mjs) refuses to build with another version in node_modules. On an upgrade:
// check each of the above in the new pyodide.mjs, that every runtime file is fetched once and
// that the warm and snapshot browser tests pass (tests/browser/test_perf.py), then change
// PYODIDE_VERSION.

export const PYODIDE_VERSION = "314.0.7";

const WASM = "pyodide.asm.wasm";
const STDLIB = "python_stdlib.zip";
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


/** The documented options only: for a Pyodide this module was not written for. */
function plainOptions(config) {
  return {
    indexURL: config.pyodide,
    lockFileURL: config.lockFileURL,
    stdout: () => {},
    stderr: (s) => console.warn("[python]", s),
  };
}

/** Boot the interpreter. ``version`` is the one pyodide.mjs exports; ``dl`` the worker's
 * downloads (see handOver; ``asmMjs`` a promise of pyodide.asm.mjs's module); ``snapshot`` a
 * promise of readSparseSnapshot's result or null, ``head`` a promise of its head as soon as it is
 * read; ``afterSnapshot(py)`` runs after a snapshot boot and may throw: then, as when the
 * snapshot boot fails (e.g. "Snapshot build id mismatch"), the interpreter is booted normally.
 * Resolves to ``{py, how}``, how = "snapshot" | "normal" | "plain" (another Pyodide version). */
export async function bootPyodide({ loadPyodide, version, config, dl, snapshot, head, afterSnapshot, realFetch, mark }) {
  if (version !== PYODIDE_VERSION) {
    console.warn(`svod: Pyodide ${version}, but the boot was written for ${PYODIDE_VERSION}: booting without its shortcuts`);
    return { py: await loadPyodide(plainOptions(config)), how: "plain" };
  }
  const undo = handOver(dl, realFetch, mark);
  try {
    const asm = await dl.asmMjs;
    if (snapshot) {
      try {
        const py = await loadPyodide(bootOptions(config, snapshot, asm, head));
        await afterSnapshot(py);
        return { py, how: "snapshot" };
      } catch (e) {
        console.warn("svod: snapshot boot failed, normal boot:", e.message || e);
      }
    }
    return { py: await loadPyodide(bootOptions(config, null, asm)), how: "normal" };
  } finally {
    undo();
  }
}

/** Hand loadPyodide what the worker already has (``dl``: promises ``wasm`` of the compiled
 * module, ``stdlib`` and ``lock`` of their bytes; ``at(name)`` a runtime file's URL, ``lockURL``):
 * its fetch of the .wasm, the stdlib and the lock file is answered from here, its
 * instantiateStreaming of the .wasm instantiates the compiled module. Only these three URLs are
 * answered so; anything else goes to ``realFetch``. Returns the undo: after the boot nothing
 * keeps the downloads (the snapshot's records among them). */
export function handOver(dl, realFetch, mark) {
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
    // A download that failed has already failed the boot (the worker reports it): loadPyodide
    // is left waiting instead of being handed the rejection, which it would hold unhandled in a
    // promise it awaits only later (its stdlib install), an uncaught rejection in the console.
    const never = () => new Promise(() => {});
    if (url === stdlibURL) return dl.stdlib.then((b) => new Response(b.slice(0)), never);
    if (url === dl.lockURL) return dl.lock.then((b) => new Response(b.slice(0), { headers: { "content-type": "application/json" } }), never);
    return realFetch(input, init);
  };
  const realInstantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const r = await source;
    if (!standIns.has(r)) return realInstantiateStreaming.call(WebAssembly, r, imports);
    const module = await dl.wasm.catch(() => new Promise(() => {})); // failed: reported already, as above
    mark("instantiate");
    const instance = await WebAssembly.instantiate(module, imports);
    return { instance, module };
  };
  return () => {
    self.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiateStreaming;
  };
}


/** The sparse snapshot stream of scripts/steps/snapshot.py (already gunzipped): "SVODSNP1", the image
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
