// Build time: the calculator forms for the pages, drawn by the browser's own renderer.
// stdin: {"specs": [spec, ...], "langs": ["ru", "en"], "defaults": {id: display blocks}}
// →  stdout: {lang: {id: html}}
import { renderCalculator } from "../kinds.mjs";

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
