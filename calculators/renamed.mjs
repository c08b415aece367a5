// Свод — the calculators' parameters renamed since a release, so that a bookmark or the values kept
// on a device from before still read: one table, data. Each entry: the calculators it applies to,
// the old name, how its value was read then (a kind of kinds.mjs), the new names, and each old
// value with the new values that mean exactly what it meant. calc.mjs reads a link's old name
// (fromURL) and calc-memory.mjs a kept one (readKept) through ``renamedIn``; what the old name
// says that the table does not convert is refused beside the new field, never guessed.
// tests/test_calc_page.py holds every entry to the engine: the new names are the calculator's,
// the new values valid, the old name gone.

import { KINDS, refusal } from "./kinds.mjs";

export const RENAMED = [
  {
    // codex, commit 7c0edb0: the yes/no «Истощение 6-го уровня (нет ED6)» (false by default: levels
    // 1–5 were not counted, the source leaves them unfinished) became the levels marked, 0–7, and the
    // reading where the 6th level is (the default "sixth": at the 6th mark). Yes = the 6th level
    // reached, no ED6: 6 marks read at the 6th mark; no = none marked.
    calcs: ["codex-roll", "codex-attack", "codex-counteraction", "codex-counters", "codex-ability"],
    old: "exhaustion6",
    kind: "bool",
    to: ["exhaustion", "exhaustion_state"],
    values: [
      [true, { exhaustion: 6, exhaustion_state: "sixth" }],
      [false, { exhaustion: 0, exhaustion_state: "sixth" }],
    ],
  },
];

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A refusal of the old name's value, said beside the first new field, naming the old name. */
function onNew(entry, errors) {
  return errors.map((e) => {
    const r = refusal(entry.to[0], "renamed", entry.old);
    return { field: entry.to[0], ru: `${r.ru} ${e.ru}`, en: `${r.en} ${e.en}` };
  });
}

/** The entry of the table for the parameter ``name`` of calculator ``spec`` (one that is no longer
 * its param), as readers: ``fromLink(text)`` and ``fromStored(value)``, each → {value?: {NEW: v},
 * errors}; or null. */
export function renamedIn(spec, name) {
  const names = new Set(spec.params.map((p) => p.name));
  const entry = RENAMED.find((r) => r.old === name && r.calcs.includes(spec.id) && !names.has(r.old) &&
    r.to.every((n) => names.has(n)));
  if (!entry) return null;
  const kind = KINDS[entry.kind];
  const p = { name: entry.old, kind: entry.kind };
  const convert = ({ value, errors }) => {
    if (errors.length) return { errors: onNew(entry, errors) };
    const row = entry.values.find(([old]) => same(old, value));
    if (!row) return { errors: onNew(entry, [refusal(entry.to[0], "storedKind")]) };
    return { value: { ...row[1] }, errors: [] };
  };
  return {
    old: entry.old,
    to: entry.to,
    fromLink: (raw) => convert(kind.fromLink(p, raw)),
    fromStored: (v) => convert(kind.stored(p, v, entry.old)),
  };
}
