// Build time: the calculator forms for the pages, drawn by the browser's own renderer
// (kinds.mjs), after checking that the Pyodide to be shipped is the one boot.mjs was written for.
// stdin: {"specs": [spec, ...], "langs": ["ru", "en"], "defaults": {id: display blocks}}
// →  stdout: {lang: {id: html}}; on an error, the reason on stderr and exit code 1.
import { renderCalculator } from "../kinds.mjs";
import { checkPyodideVersion } from "./pyodide_version.mjs";

try {
  checkPyodideVersion();
  let input = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) input += chunk;
  const { specs, langs, defaults = {} } = JSON.parse(input);
  const out = {};
  for (const lang of langs) {
    out[lang] = {};
    for (const spec of specs) out[lang][spec.id] = renderCalculator(spec, lang, { blocks: defaults[spec.id] });
  }
  process.stdout.write(JSON.stringify(out));
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exitCode = 1;
}
