// Pyodide under Node: boot, wheel install, import, first call. Prints one JSON line.
// With a third argument (the raw memory snapshot of scripts/steps/snapshot.py): boot from it instead
// (rules_core already imported), reseed, first call.
// With "--scene SCENE.json": a scene's load with the check against its log, then undo and redo of the
// scene the engine remembers, as the page's worker calls them (the median of each).
// usage: node scripts/benchmark/node.mjs PYODIDE_DIR WHEEL [SNAPSHOT.bin | --scene SCENE.json]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel, third, fourth] = process.argv.slice(2);
const scenePath = third === "--scene" ? fourth : null;
const snapshot = scenePath ? null : third;
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
if (scenePath) {
  const handle = py.globals.get("api").handle_json;
  const call = (request) => JSON.parse(handle(JSON.stringify({ op: "scene", reply: "text", ...request })));
  const text = readFileSync(scenePath, "utf8");
  let t = performance.now();
  const loaded = call({ cmd: "load", scene: text });
  const loadMs = performance.now() - t;
  let cur = loaded.result.scene_text;
  const times = { undo: [], redo: [] };
  for (let i = 0; i < 5; i++) {
    for (const kind of ["undo", "redo"]) {
      t = performance.now();
      const out = call({ cmd: "apply", scene: cur, action: { type: kind } });
      times[kind].push(performance.now() - t);
      cur = out.result.scene_text;
    }
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(JSON.stringify({
    ok: loaded.ok && loaded.result.consistent === true, entries: JSON.parse(text).log.length, chars: text.length,
    load_verify_ms: loadMs, undo_ms: median(times.undo), redo_ms: median(times.redo),
  }));
} else {
  console.log(JSON.stringify({
    boot_ms: t1 - t0, wheel_install_ms: t2 - t1, import_ms: t3 - t2, first_call_ms: t4 - t3,
    total_ms: t4 - t0, ok, python: version,
  }));
}
