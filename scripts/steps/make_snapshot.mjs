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
// free block with malloc, zeroing it and freeing it again reaches all of it. A block that would
// grow the heap (sbrk moves) or the memory is handed back at once: the memory size stays. A size
// is only asked for while the break is that far from the memory's end: a malloc served by moving
// the break past the end would grow the memory for good (it cannot shrink), and a snapshot larger
// than the default heap does not restore (PLATFORM.md); the free blocks it skips are taken by the
// smaller sizes after it.
py.runPython("import gc; gc.collect()");
const M = py._module;
const held = [];
let zeroed = 0;
// dlmalloc asks sbrk for the block and its footer rounded up to whole 64 KiB pages: room for that above the
// break is all a size needs (a fixed 128 KiB margin skipped every size once the heap came within it of the
// memory's end, and the snapshot grew by the 3.7 MB of free blocks it no longer zeroed)
const PAGE = 1 << 16;
const room = (size) => Math.ceil((size + 4096) / PAGE) * PAGE;
for (const size of [1 << 20, 1 << 18, 1 << 16, 1 << 14, 1 << 12, 1 << 10, 256, 64, 16]) {
  for (;;) {
    const memory = M.HEAPU8.length;
    const top = M._sbrk(0);
    if (top + room(size) > memory) break;
    const p = M._malloc(size);
    if (!p) break;
    if (M.HEAPU8.length !== memory || M._sbrk(0) !== top) {
      M._free(p);
      break;
    }
    M.HEAPU8.fill(0, p, p + size);
    zeroed += size;
    held.push(p);
  }
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
