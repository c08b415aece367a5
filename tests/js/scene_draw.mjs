// For tests/test_scene_page.py: the scene page's drawing code (calculators/scene-view.mjs and the
// modules it draws with), run as the page runs it. One case a line on stdin, one answer a line
// on stdout: {rec, answer, spec, lang, records} → {parts: {name: html}} or {error}.
import { drawField } from "../../calculators/form.mjs";
import { barOf, bdi, curOf, mainHTML, scenesHTML } from "../../calculators/scene-view.mjs";
import { answerEachLine } from "./lines.mjs";

await answerEachLine((c) => {
  const cur = curOf(c.rec, c.answer);
  const parts = {};
  for (const canAct of [true, false]) {
    parts[`main${canAct ? "" : "-off"}`] = String(mainHTML({ cur, spec: c.spec, lang: c.lang, canAct, logShown: 40, engine: c.engine }));
  }
  parts.title = String(bdi(barOf(cur, c.lang).title)); // as the bar draws it
  parts.scenes = String(scenesHTML(c.records, { curId: c.rec.id, unreadable: new Set(c.unreadable || []), lang: c.lang, newSceneForm: "" }));
  if (cur.checked) {
    const target = { name: "target", kind: "character", label: { ru: "Цель", en: "Target" } };
    parts.targets = String(drawField(target, null, "target", "t", c.lang, { characters: cur.scene.characters }));
  }
  return { parts, state: cur.checked ? "checked" : cur.broken ? "broken" : "pending" };
});
