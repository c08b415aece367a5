// Build step helper (called by scripts/steps/snapshot.py): a Pyodide memory snapshot of a booted
// interpreter with EVERY rules_core submodule imported, made in Node (a snapshot made in Node 20
// runs in chromium; one made in chromium crashes Node — PLATFORM.md), then checked by booting
// from it and running one calculator. Prints one JSON line.
// usage: node scripts/steps/make_snapshot.mjs PYODIDE_DIR WHEEL OUT.bin
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, wheel, out] = process.argv.slice(2);
const indexURL = path.resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const quiet = { stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") };

const t0 = performance.now();
const py = await loadPyodide({ indexURL, _makeSnapshot: true, ...quiet });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const modules = py.runPython(`
import importlib, pkgutil, rules_core, rules_core.api as _api
_names = [m.name for m in pkgutil.walk_packages(rules_core.__path__, "rules_core.")]
for _n in _names:
    importlib.import_module(_n)
_api.list_calculators()
del _n, _api
len(_names)
`);
// Freed memory keeps what it held; zeroed, it drops out of the sparse snapshot (snapshot.py
// leaves out zero runs) and compresses away: measured 15.7 -> 13.6 MB to unpack, 6.5 -> 5.75 MB
// gzipped. Python here allocates straight from dlmalloc (no pymalloc arenas), so taking every
// free block with malloc, zeroing it and freeing it again reaches all of it. The memory must not
// grow meanwhile: it cannot shrink, and a snapshot larger than the default heap does not restore
// (PLATFORM.md). So while the blocks are taken the memory's `grow` refuses (Emscripten's growMemory
// catches it, sbrk fails and malloc answers 0, as on a full heap), and each size is taken until malloc has no more.
// (Before, a size was only asked for while the break stood that far from the memory's end: once the
// imported modules brought the break within 64 KiB of it, nothing was zeroed and the snapshot came
// out 8.2 instead of 6.9 MB gzipped, depending on where the heap happened to end.)
py.runPython("import gc; gc.collect()");
const M = py._module;
const held = [];
let zeroed = 0;
const memory = M.HEAPU8.length;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function () { throw new RangeError("svod: the memory does not grow while free blocks are zeroed"); };
try {
  for (const size of [1 << 20, 1 << 18, 1 << 16, 1 << 14, 1 << 12, 1 << 10, 256, 64, 16]) {
    for (;;) {
      const p = M._malloc(size);
      if (!p) break;
      M.HEAPU8.fill(0, p, p + size);
      zeroed += size;
      held.push(p);
    }
  }
} finally {
  WebAssembly.Memory.prototype.grow = grow;
}
if (M.HEAPU8.length !== memory) {
  console.error(`make_snapshot: the memory grew while free blocks were zeroed (${memory} -> ${M.HEAPU8.length})`);
  process.exit(1);
}
for (const p of held) M._free(p);
const snap = py.makeMemorySnapshot();
writeFileSync(out, snap);
const t1 = performance.now();

// Check: boot from the snapshot, reseed as the worker does, run a calculator.
const py2 = await loadPyodide({ indexURL, _loadSnapshot: readFileSync(out), ...quiet });
const t2 = performance.now();
py2.runPython("import random as _r, os as _o; _r.seed(_o.urandom(32)); del _r, _o");
const res = JSON.parse(py2.runPython(
  `import rules_core.api as api; api.handle_json('{"op": "run", "id": "wod-pool", "params": {"dice": 5}}')`));
if (!res.ok) {
  console.error("make_snapshot: a calculator failed after a snapshot boot", res);
  process.exit(1);
}
console.log(JSON.stringify({
  bytes: snap.length, modules, zeroed_free_bytes: zeroed, make_ms: Math.round(t1 - t0), snapshot_boot_ms: Math.round(t2 - t1),
}));
