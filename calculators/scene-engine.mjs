// Свод — the scene's requests to the rules engine (rules_core.scene.api through engine.mjs's one
// worker): a scene command, the scene spec and the calculators' specs, each asked once a visit
// (asked again after a failure, and from nothing after a restart).

import { call, rt, startRuntime } from "./engine.mjs";
import { TEXT } from "./scene-words.mjs";

let specPromise = null;
let calcSpecsPromise = null;

function running() {
  if (rt.state === "idle" || rt.state === "error") startRuntime();
}

/** The texts a request carries, with the spec's limit of each: one longer is refused here in its own
 * words (the engine would refuse the whole request as too large, a word the reader has no use for). */
const CARRIED = [["scene", "scene_chars", "tooLongScene"], ["party", "party_chars", "tooLongParty"]];

/** A scene command → the engine's answer ({ok, result | errors}); rejects when the engine is down. */
export async function engine(request) {
  running();
  for (const [key, limit, words] of CARRIED) {
    const t = request[key];
    if (typeof t !== "string" || t.length <= 65536) continue;
    const max = (await sceneSpec()).limits[limit];
    if (t.length > max) {
      const n = (lang) => new Intl.NumberFormat(lang).format(t.length);
      const m = (lang) => new Intl.NumberFormat(lang).format(max);
      return { ok: false, errors: [{ field: key, ru: TEXT.ru[words](n("ru"), m("ru")), en: TEXT.en[words](n("en"), m("en")) }] };
    }
  }
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
