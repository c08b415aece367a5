// For tests/test_calc_page.py: what a calculator keeps on the device read and drawn by the page's own
// code (calculators/calc-memory.mjs and render.mjs), as calc.mjs does. One case a line on stdin, one
// answer a line on stdout: {spec, lang, values, aside, rolls} (each the stored text, or null) →
// {values, rolls, unread, html: {name: html}} or {error}.
import { createInterface } from "node:readline";
import { asideHTML, readAside, readHistory, readKept, withRoll } from "../../calculators/calc-memory.mjs";
import { renderHistory, renderLastRoll } from "../../calculators/render.mjs";

/** localStorage's text read as calc.mjs's loadJSON reads it. */
function loadJSON(text) {
  if (text == null) return null;
  try { return { value: JSON.parse(text) }; } catch { return { text }; }
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let out;
  try {
    const c = JSON.parse(line);
    const kept = readKept(loadJSON(c.values), c.spec);
    const history = readHistory(loadJSON(c.rolls));
    const html = {
      aside: asideHTML(readAside(loadJSON(c.aside)), kept.aside, c.spec, c.lang),
      history: renderHistory(history.rolls, c.lang, history.unread.length),
      last: history.rolls.map((e) => renderLastRoll(e, c.lang)).join(""),
    };
    const after = withRoll(loadJSON(c.rolls), { t: 0, seed: "1", display: [], changed: [] });
    out = { values: kept.values, asideNew: kept.aside, rolls: history.rolls, unread: history.unread, after, html };
  } catch (err) {
    out = { error: String((err && err.stack) || err) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
