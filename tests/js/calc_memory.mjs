// For tests/test_calc_page.py: what a calculator keeps on the device read and drawn by the page's own
// code (calculators/calc-memory.mjs and render.mjs), as calc.mjs does. One case a line on stdin, one
// answer a line on stdout: {spec, lang, values, aside, rolls} (each the stored text, or null) →
// {values, asideNew, rolls, unread, after, html: {name: html}} or {error}.
import { asideHTML, readAside, readHistory, readKept, withRoll } from "../../calculators/calc-memory.mjs";
import { renderHistory, renderLastRoll } from "../../calculators/render.mjs";
import { answerEachLine } from "./lines.mjs";

/** localStorage's text read as calc.mjs's loadJSON reads it. */
function loadJSON(text) {
  if (text == null) return null;
  try { return { value: JSON.parse(text) }; } catch { return { text }; }
}

await answerEachLine((c) => {
  const kept = readKept(loadJSON(c.values), c.spec);
  const history = readHistory(loadJSON(c.rolls));
  const html = {
    aside: asideHTML(readAside(loadJSON(c.aside)), kept.aside, c.spec, c.lang),
    history: renderHistory(history.rolls, c.lang, history.unread.length),
    last: history.rolls.map((e) => renderLastRoll(e, c.lang)).join(""),
  };
  const after = withRoll(loadJSON(c.rolls), { t: 0, seed: "1", display: [], changed: [] });
  return { values: kept.values, asideNew: kept.aside, rolls: history.rolls, unread: history.unread, after, html };
});
