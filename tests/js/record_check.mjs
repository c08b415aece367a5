// For tests/test_scene_page.py: the one check of a stored record (calculators/records.mjs) and the
// backup's (backup.mjs ``checkBackup``), with the page's drawing of what passes and of a stand-in
// (scene-view.mjs), run as the page runs them. One case a line on stdin, one answer a line on stdout:
// {kind, rec, key?, lang, special?} → {faults: [field], repairable, handle, parts: {name: html},
// backup: {scenes, party, skipped}} or {error}. ``special``: the corpus's words for what JSON cannot
// hold ("Infinity", "-Infinity", "NaN", "2**53" as a top-level field's value) turned into those numbers.
import { createInterface } from "node:readline";
import { checkedRecord, recordFaults } from "../../calculators/records.mjs";
import { curOf, mainHTML, scenesHTML } from "../../calculators/scene-view.mjs";
import { checkBackup } from "../../calculators/backup.mjs";

const NUMBERS = { Infinity: Infinity, "-Infinity": -Infinity, NaN: NaN, "2**53": 2 ** 53 };

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let out;
  try {
    const c = JSON.parse(line);
    const rec = c.rec;
    if (c.special && rec && typeof rec === "object" && !Array.isArray(rec)) {
      for (const [k, v] of Object.entries(rec)) if (typeof v === "string" && Object.hasOwn(NUMBERS, v)) rec[k] = NUMBERS[v];
    }
    const key = Object.hasOwn(c, "key") ? c.key : rec && rec.id;
    const faults = recordFaults(rec, c.kind);
    const held = checkedRecord(rec, key, c.kind);
    const cur = curOf(held);
    const parts = {
      main: String(mainHTML({ cur, spec: null, lang: c.lang, canAct: false, logShown: 40, engine: "ready" })),
      scenes: String(scenesHTML([held], { curId: null, unreadable: new Set(), lang: c.lang, newSceneForm: "" })),
    };
    // the same record in a backup file, as the scenes' record and as the party's
    const file = JSON.stringify({ format: "svod-backup", version: 1, made: "", scenes: [rec], party: c.kind === "party" ? rec : null },
      (k, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v));
    const b = checkBackup(file, c.lang);
    out = { faults: faults.map((f) => f.field), repairable: !!held.repairs, handle: held.id, faulty: !!held.faulty, parts,
      backup: { scenes: b.scenes.length, party: !!b.party, skipped: b.skipped } };
  } catch (err) {
    out = { error: String(err && err.stack || err) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
