// Build time: the Pyodide the site ships (node_modules/pyodide, which the build copies into
// site/assets/pyodide/) must be the version calculators/boot.mjs was written for: boot.mjs relies
// on that loader's internals. Called by render_forms.mjs, which every build runs.
import { readFileSync } from "node:fs";
import { PYODIDE_VERSION } from "../boot.mjs";

/** The installed version, or an Error that says what differs and what to do. */
export function checkPyodideVersion(dir = new URL("../../node_modules/pyodide/", import.meta.url)) {
  const installed = JSON.parse(readFileSync(new URL("package.json", dir), "utf8")).version;
  if (installed !== PYODIDE_VERSION) {
    throw new Error(`node_modules has Pyodide ${installed}, but calculators/boot.mjs was written for ` +
      `Pyodide ${PYODIDE_VERSION}: check what boot.mjs relies on against the new loader (its header ` +
      `lists it), then change PYODIDE_VERSION there.`);
  }
  return installed;
}
