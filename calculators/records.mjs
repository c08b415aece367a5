// Свод — the one check of every record the page reads from the device's storage or from a file,
// before any of it is used: a scene's record (scene-store.mjs), the party's (party-store.mjs) and the
// records of a backup file (backup.mjs). Storage is untrusted (every site of one GitHub account shares
// the origin, so its IndexedDB), and so is a file.
//
// A record: {id, name?, created?, updated?, rev, text, legacy?: {version, text}, deletedAt?}.
//   id        a string of 1–64 letters, digits, «_» or «-» (what newId makes; the party's is "party")
//   rev       the revision a write names: a non-negative safe integer (Infinity, 2**53, NaN or {}
//             would let two tabs both write, or neither, for ever)
//   name      a string of at most MAX_NAME characters
//   created, updated, deletedAt   a time: a finite number from 0
//   text      a string of at most MAX_TEXT characters (the engine judges what it says)
//   legacy    the text an older version wrote: {version: an integer from 0, text: a string}
// Other fields are kept as they are and never read. ``faults`` lists what fails, in the page's words
// (scene-words.mjs ``FAULTS``), naming the field and what it must be, never the value it holds:
// nothing of a record that fails reaches a renderer. ``repairs`` says what an explicit repair would
// change (only fields whose new value loses nothing: never the id, the text or the legacy text).

import { TEXT } from "./scene-words.mjs";

export const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_NAME = 1000;
/** Twice the engine's bound on a scene's text (rules_core.scene.fields.MAX_SCENE_CHARS, 2 100 000):
 * a longer text is no record of this site's; one between is kept for the engine to refuse in its words. */
export const MAX_TEXT = 4_200_000;
/** The party's one record's id (party-store.mjs). */
export const PARTY_ID = "party";

const isPlain = (v) => v !== null && typeof v === "object" && Object.prototype.toString.call(v) === "[object Object]"
  && !Array.isArray(v);
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
export const validRev = (v) => Number.isSafeInteger(v) && v >= 0;
const validTime = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0;

/** What is wrong with ``rec`` as a record of ``kind`` ("scene" or "party") → [{field, ru, en}], empty
 * when nothing is. Never throws, whatever ``rec`` is. */
export function recordFaults(rec, kind = "scene") {
  const out = [];
  const fault = (field, key) => out.push({ field, ru: TEXT.ru.fault[key], en: TEXT.en.fault[key] });
  if (!isPlain(rec)) {
    fault("", "notObject");
    return out;
  }
  if (typeof rec.id !== "string" || !RECORD_ID.test(rec.id)) fault("id", "id");
  else if (kind === "party" && rec.id !== PARTY_ID) fault("id", "partyId");
  if (!validRev(rec.rev)) fault("rev", "rev");
  if (own(rec, "name") && (typeof rec.name !== "string" || rec.name.length > MAX_NAME)) fault("name", "name");
  for (const k of ["created", "updated", "deletedAt"]) if (own(rec, k) && !validTime(rec[k])) fault(k, "time");
  if (typeof rec.text !== "string") fault("text", "text");
  else if (rec.text.length > MAX_TEXT) fault("text", "textLong");
  if (own(rec, "legacy") && !(isPlain(rec.legacy) && Number.isSafeInteger(rec.legacy.version) && rec.legacy.version >= 0
    && typeof rec.legacy.text === "string" && rec.legacy.text.length <= MAX_TEXT)) fault("legacy", "legacy");
  return out;
}

/** The changes an explicit repair of ``rec`` would make, in words ([{field, ru, en}]), or null when it
 * cannot be repaired without losing something (its id, text or legacy text fails). */
export function recordRepairs(rec, kind = "scene") {
  const faults = recordFaults(rec, kind);
  if (!faults.length || faults.some((f) => !["rev", "name", "created", "updated", "deletedAt"].includes(f.field))) return null;
  return [...new Set(faults.map((f) => f.field))].map((field) => ({ field, ru: TEXT.ru.repair[field], en: TEXT.en.repair[field] }));
}

/** ``rec`` repaired: each failing field of recordRepairs given a value that loses nothing (the
 * revision 1, the time ``now``, an empty name: the scene's own name is in its text, no deletion mark). */
export function repaired(rec, now = Date.now()) {
  const out = { ...rec };
  if (!validRev(out.rev)) out.rev = 1;
  if (own(out, "name") && (typeof out.name !== "string" || out.name.length > MAX_NAME)) out.name = "";
  for (const k of ["created", "updated"]) if (own(out, k) && !validTime(out[k])) out[k] = now;
  if (own(out, "deletedAt") && !validTime(out.deletedAt)) delete out.deletedAt;
  return out;
}

/** Whether two values read from storage are the same (a record is repaired or deleted only while it
 * is still the one the reader saw): by value, NaN equal to NaN. */
export function sameValue(a, b, depth = 0) {
  if (Object.is(a, b)) return true;
  if (depth > 64 || typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.prototype.toString.call(a) !== Object.prototype.toString.call(b)) return false;
  if (a instanceof Date) return Object.is(a.getTime(), b.getTime());
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => own(b, k) && sameValue(a[k], b[k], depth + 1));
}

/** A stored record as text for «Скачать как есть»: JSON, with what JSON has no word for written as
 * a string (NaN, Infinity, a BigInt), so that nothing of it is lost silently. */
export const rawReplacer = (k, v) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : typeof v === "bigint" ? `${v}n` : v);

export function rawText(value) {
  try {
    return JSON.stringify(value, rawReplacer);
  } catch (e) {
    return JSON.stringify({ unreadable: String((e && e.message) || e) });
  }
}

/** The key of a stored record (an IndexedDB key: a string, a number, a date, binary, an array of
 * keys) as a handle the page can name it by: its id when that is a valid one, else «!» and a hash of
 * the key (never a valid id: «!» is not among an id's characters). Bounded, whatever the key. */
export function keyHandle(key) {
  if (typeof key === "string" && RECORD_ID.test(key)) return key;
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b9;
  const feed = (s) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 13);
    }
  };
  const walk = (k, depth) => {
    if (depth > 32) { feed("…"); return; }
    if (typeof k === "string") feed(`s${k.length}:${k}`);
    else if (typeof k === "number") feed(`n${String(k)};`);
    else if (k instanceof Date) feed(`d${k.getTime()};`);
    else if (Array.isArray(k)) { feed(`a${k.length}[`); k.forEach((x) => walk(x, depth + 1)); feed("]"); }
    else if (k instanceof ArrayBuffer || ArrayBuffer.isView(k)) {
      const bytes = k instanceof ArrayBuffer ? new Uint8Array(k) : new Uint8Array(k.buffer, k.byteOffset, k.byteLength);
      feed(`b${bytes.length}:`);
      for (const b of bytes) feed(String.fromCharCode(b));
    } else feed(`?${typeof k}`);
  };
  walk(key, 0);
  return `!${(h1 >>> 0).toString(36)}${(h2 >>> 0).toString(36)}`;
}

/** A record as the page holds it: ``rec`` itself when it passes (the ``key`` it is stored under
 * being its id), else a stand-in that holds none of its values where a page reads them: {id: its
 * handle, faulty: the faults, repairs, raw: the record as read, key}. */
export function checkedRecord(rec, key = rec && rec.id, kind = "scene") {
  const faults = recordFaults(rec, kind);
  if (!faults.length && key === rec.id) return rec;
  if (!faults.length) faults.push({ field: "id", ru: TEXT.ru.fault.key, en: TEXT.en.fault.key });
  const handle = keyHandle(key);
  return { id: handle, name: "", updated: 0, faulty: faults, repairs: handle === key ? recordRepairs(rec, kind) : null, raw: rec, key };
}
