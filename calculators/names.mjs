// Свод — the names under which the site keeps things in the browser, each carrying the site's own
// base path (its root's path, "/svod/" on GitHub Pages, "/" at a domain's root). Every project
// site of one GitHub account shares the origin OWNER.github.io, so one browser storage for all of
// them: a fork or a staging copy of this site on the same account must neither see nor touch this
// one's scenes, kept values or caches. The service worker names its cache the same way
// (sw.template.js: `svod-VERSION@BASE`; it cannot import this module).
//
// Earlier versions used the bare names (LEGACY): what they kept is copied to the scoped names on
// the first visit (scene-store.mjs, calc.mjs) and left where it was, for any other copy of the
// site on the origin that kept it there too.

/** The site's root: this module is at assets/calc/. */
const ROOT = new URL("../../", import.meta.url);
export const BASE = ROOT.pathname;

/** ``name`` for this site only. */
export const scoped = (name) => `${name}@${BASE}`;

export const SCENES_DB = scoped("svod-scenes");
export const SCENES_CHANNEL = scoped("svod-scenes");
/** A key of the calculators' memory in localStorage (``what``: "calc.v1.ID", "rolls.v1.ID", …). */
export const memoryKey = (what) => scoped(`svod.${what}`);

export const LEGACY = {
  scenesDB: "svod-scenes",
  /** The calculators' memory under the bare names: svod.calc.v1.ID(.aside), svod.rolls.v1.ID. */
  memoryKey: /^svod\.(calc|rolls)\.v1\.[^@]+$/,
  /** Set once this site's copy of the bare-named memory is done. */
  memoryCopied: scoped("svod.legacy-copied"),
};
