// Pyodide under Node: boot, wheel install, import, first call. Prints one JSON line.
// With a third argument (the raw memory snapshot of scripts/steps/snapshot.py): boot from it instead
// (rules_core already imported), reseed, first call.
// usage: node scripts/benchmark/node.mjs PYODIDE_DIR WHEEL [SNAPSHOT.bin]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel, snapshot] = process.argv.slice(2);
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const opts = { indexURL: pyodideDir + "/" };
if (snapshot) opts._loadSnapshot = readFileSync(snapshot);
const py = await loadPyodide(opts);
const t1 = performance.now();
if (snapshot) py.runPython("import random as _r, os as _o; _r.seed(_o.urandom(32)); del _r, _o");
else py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const t2 = performance.now();
py.runPython("import rules_core.api as api");
const t3 = performance.now();
const out = py.runPython(`api.handle_json('{"op": "run", "id": "wod-pool", "params": {"dice": 5}}')`);
const t4 = performance.now();
const ok = JSON.parse(out).ok === true;
const version = py.runPython("import sys; sys.version.split()[0]");
console.log(JSON.stringify({
  boot_ms: t1 - t0, wheel_install_ms: t2 - t1, import_ms: t3 - t2, first_call_ms: t4 - t3,
  total_ms: t4 - t0, ok, python: version,
}));
