// Свод — the scene's requests to the rules engine (rules_core.scene.api through engine.mjs's one
// worker): a scene command, the scene spec and the calculators' specs, each asked once a visit
// (asked again after a failure, and from nothing after a restart).

import { call, rt, startRuntime } from "./engine.mjs";

let specPromise = null;
let calcSpecsPromise = null;

function running() {
  if (rt.state === "idle" || rt.state === "error") startRuntime();
}

/** A scene command → the engine's answer ({ok, result | errors}); rejects when the engine is down. */
export function engine(request) {
  running();
  return call({ op: "scene", ...request });
}

/** The scene spec (systems, actions, limits…), once. */
export function sceneSpec() {
  if (!specPromise) {
    specPromise = engine({ cmd: "spec" }).then((r) => {
      if (!r.ok) throw new Error("scene spec");
      return r.result;
    });
    specPromise.catch(() => { specPromise = null; });
  }
  return specPromise;
}

/** Every calculator's spec by id, once. */
export function calcSpecs() {
  if (!calcSpecsPromise) {
    running();
    calcSpecsPromise = call({ op: "list" }).then((r) => {
      if (!r.ok) throw new Error("calculator list");
      return new Map(r.result.map((c) => [c.id, c]));
    });
    calcSpecsPromise.catch(() => { calcSpecsPromise = null; });
  }
  return calcSpecsPromise;
}

/** Ask for the specs anew (after the engine was restarted). */
export function forgetSpecs() {
  specPromise = null;
  calcSpecsPromise = null;
}
