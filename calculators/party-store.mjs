// Свод — the party on this device: one record {id: "party", rev, text, updated} in its own database
// ("svod-party@BASE", names.mjs), kept by scene-store.mjs's store (revision-checked writes, other
// tabs told on the channel "svod-party@BASE"). ``text`` is the party's JSON as the engine wrote it
// (rules_core.scene.party: "svod-party"); nothing here judges it: the engine reads it (``load``),
// and a text it cannot read is never written over by the page — kept, shown, downloadable. The record
// itself is checked first (records.mjs, kind "party"): one that fails is unreadable, its faults said.

import { PARTY_CHANNEL, PARTY_DB } from "./names.mjs";
import { engine } from "./scene-engine.mjs";
import { SceneStore } from "./scene-store.mjs";

import { PARTY_ID } from "./records.mjs";

export { PARTY_ID };

let opened = null;
/** The party's store, once a visit. */
export function partyStore() {
  if (!opened) opened = SceneStore.open({ db: PARTY_DB, channel: PARTY_CHANNEL, kind: "party" });
  return opened;
}

/** The party as stored, read by the engine → {rec, text, party, broken: errors | null}: ``rec`` null
 * when the device has none yet (then ``text`` is a new one's, not stored till the first change). */
export async function readParty() {
  const store = await partyStore();
  const rec = await store.get(PARTY_ID);
  // a record that fails the check (records.mjs): kept, told why, never read nor written over
  if (rec && rec.faulty) return { rec, text: null, party: null, broken: rec.faulty };
  const raw = rec && typeof rec.text === "string" ? rec.text : null;
  if (rec && raw === null) return { rec, text: null, party: null, broken: [{ field: "", ru: "Запись партии не текст.", en: "The party's record is not text." }] };
  const res = raw === null ? await engine({ cmd: "party", do: "new", reply: "text" })
    : await engine({ cmd: "party", do: "load", party: raw, reply: "text" });
  if (!res.ok) return { rec, text: raw, party: null, broken: res.errors };
  const text = res.result.party_text;
  return { rec, text, party: JSON.parse(text), broken: null };
}

/** Store the party's new ``text`` over ``rec`` (the record it was made from, null for none yet):
 * StaleError when another tab wrote it since. */
export async function writeParty(rec, text) {
  const store = await partyStore();
  if (!rec) return store.create(text, "party", { id: PARTY_ID });
  return store.save(rec, text, "party");
}

/** One change of the party: ``request`` (the engine's party command, without ``party``) on the party
 * as stored now, written over it → the engine's answer ({ok, result: {party_text, member?, conflict?}}). */
export async function changeParty(request) {
  const cur = await readParty();
  if (cur.broken) return { ok: false, errors: cur.broken };
  const res = await engine({ cmd: "party", ...request, party: cur.text, reply: "text" });
  if (!res.ok || res.result.conflict) return res;
  await writeParty(cur.rec, res.result.party_text);
  return res;
}
