// Свод — everything kept on this device in one file, and back: the scenes' records (scene-store.mjs,
// deleted ones too) and the party's (party-store.mjs), each as it is stored — a record the engine
// cannot read goes in and comes back as it is (never judged or dropped here: the pages that read them
// show it unreadable, downloadable).
//
// A backup: {"format": "svod-backup", "version": 1, "made": ISO time, "scenes": [records],
// "party": record | null}. Restoring never overwrites: a scene the device has with the same text is
// left, one with another text comes in beside it (a new id); a party comes in whole where the device
// has none, else its members are added to the device's (the same record skipped, the same name with
// the next free number: the engine's party "add", keep_both) once the reader agrees. Every record of the
// file is checked as a stored one is (records.mjs): one that fails is not restored, and the answer
// names it (its number) and why (``skipped``); the rest is restored.

import { html } from "./html.mjs";
import { WORDS, wrongKind } from "./party-words.mjs";
import { PARTY_ID, readParty, writeParty } from "./party-store.mjs";
import { engine } from "./scene-engine.mjs";
import { newId } from "./scene-store.mjs";
import { rawReplacer, recordFaults } from "./records.mjs";

export const FORMAT = "svod-backup";
export const VERSION = 1;
const MAX_RECORDS = 2000;

/** The backup's text: every record of both stores as stored. */
export async function backupText(scenes, party) {
  const asStored = (r) => (r && r.faulty ? r.raw : r); // a record that fails the check goes as it was read
  const recs = (await scenes.all()).map(asStored);
  const p = await party.get(PARTY_ID);
  return JSON.stringify({ format: FORMAT, version: VERSION, made: new Date().toISOString(), scenes: recs, party: asStored(p) || null },
    rawReplacer);
}

class BackupError extends Error {}

function checked(text, lang) {
  const W = WORDS[lang];
  let data;
  try { data = JSON.parse(text); } catch (e) { throw new BackupError(W.backupNotJSON(String(e.message || e))); }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new BackupError(W.backupNotOurs);
  if (data.format !== FORMAT) throw new BackupError(wrongKind(data.format, FORMAT, lang) || W.backupNotOurs);
  if (!Number.isInteger(data.version) || data.version > VERSION || data.version < 1) throw new BackupError(W.backupVersion(String(data.version)));
  if (!Array.isArray(data.scenes) || data.scenes.length > MAX_RECORDS) throw new BackupError(W.backupScenes(MAX_RECORDS));
  return data;
}

/** A backup's ``text`` checked → {scenes: the records that pass, party: the party's record if it
 * passes (else null), skipped: the reader's words for each record not restored, by its number, and
 * why}. Throws an Error with the reader's words when the file is no backup at all. */
export function checkBackup(text, lang) {
  const W = WORDS[lang];
  const data = checked(text, lang);
  const why = (faults) => faults.map((f) => f[lang]).join(" ");
  const skipped = [];
  const scenes = [];
  data.scenes.forEach((rec, i) => {
    const faults = recordFaults(rec, "scene");
    if (faults.length) skipped.push(W.backupSkipped(i + 1, why(faults)));
    else scenes.push(rec);
  });
  let party = data.party ?? null;
  const partyFaults = party === null ? [] : recordFaults(party, "party");
  if (partyFaults.length) { skipped.push(W.backupPartySkipped(why(partyFaults))); party = null; }
  return { scenes, party, skipped };
}

const same = (a, b) => JSON.stringify({ ...a, id: "" }) === JSON.stringify({ ...b, id: "" });

/** Restore ``text`` into the stores → {scenes: how many came in, party: members that came in, skipped:
 * the reader's words for each record of the file not restored as it failed the check, failed:
 * [{what: "scenes" | "party", count, why}] — what did not come in, and why}: each scene and the party come in
 * on their own, so a part that fails leaves the others restored and is named, never told as «nothing
 * restored». ``askFn(question, [[value, label]])`` asks the reader (a promise of the value chosen).
 * Throws an Error with the reader's words when the file is not a backup (then nothing came in). */
export async function restoreBackup(text, scenes, party, askFn, lang) {
  const W = WORDS[lang];
  const { scenes: records, party: p, skipped } = checkBackup(text, lang);
  const why = (e) => String((e && (e.message || e.name)) || e);
  const failed = [];
  let count = 0;
  let lost = 0;
  let lostWhy = "";
  for (const rec of records) {
    try {
      const here = await scenes.get(rec.id);
      if (here && here.text === rec.text) continue;
      const now = Date.now();
      const put = { ...rec, id: here ? newId() : rec.id, rev: 1, updated: Number.isFinite(rec.updated) ? rec.updated : now };
      await scenes.backend.put(put, null);
      scenes.announce({ type: "put", id: put.id, rev: put.rev });
      count += 1;
    } catch (e) {
      lost += 1;
      lostWhy = lostWhy || why(e);
    }
  }
  if (lost) failed.push({ what: "scenes", count: lost, why: lostWhy });
  let members = 0;
  try {
    members = await restoreParty(p, party, askFn, lang, (n) => { members = n; });
  } catch (e) {
    failed.push({ what: "party", count: 1, why: why(e) });
  }
  return { scenes: count, party: members, skipped, failed };
}

/** The file's party into the device's: whole where it has none, else its members added once the
 * reader agrees → how many came in (``progress(n)`` told after each, so a failure midway still says
 * how many did). */
async function restoreParty(p, party, askFn, lang, progress) {
  const W = WORDS[lang];
  if (!p) return 0;
  const mine = await party.get(PARTY_ID);
  if (!mine) {
    await writeParty(null, typeof p.text === "string" ? p.text : JSON.stringify(p));
    const read = await readParty();
    return read.party ? read.party.members.length : 0;
  }
  if (mine.text === p.text) return 0;
  const theirs = await engine({ cmd: "party", do: "load", party: typeof p.text === "string" ? p.text : "" });
  if (!theirs.ok) throw new BackupError(join(W.backupPartyUnreadable, theirs.errors, lang));
  const choice = await askFn(html`${W.backupMerge(theirs.result.party.members.length)}`, [["merge", W.merge], ["cancel", W.cancel]]);
  if (choice !== "merge") throw new BackupError(W.backupPartyDeclined);
  let members = 0;
  for (const m of theirs.result.party.members) {
    const cur = await readParty();
    if (cur.broken) throw new BackupError(W.partyUnreadable);
    if (cur.party.members.some((x) => same(x, m))) continue;
    const res = await engine({ cmd: "party", do: "add", party: cur.text, member: m, same_name: "keep_both", reply: "text" });
    if (!res.ok) throw new BackupError(res.errors.slice(0, 3).map((e) => e[lang]).join(" "));
    await writeParty(cur.rec, res.result.party_text);
    members += 1;
    progress(members);
  }
  return members;
}

/** The reason and the engine's first words on it (with the field they are about), as one line. */
function join(reason, errors, lang) {
  const e = Array.isArray(errors) && errors[0] ? errors[0] : null;
  const first = e ? `${e.field ? `${e.field}: ` : ""}${e[lang] || e.ru || ""}` : "";
  return first ? `${reason} (${first.length > 200 ? `${first.slice(0, 200)}…` : first})` : reason;
}
