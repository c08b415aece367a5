// Свод — the Storyteller's scenes on this device, in IndexedDB (database "svod-scenes@BASE", BASE the
// site's base path: names.mjs).
//
// One record per scene: {id, name, created, updated, rev, text, legacy?, deletedAt?}. ``text`` is
// the scene's JSON exactly as the engine wrote it (rules_core.scene.state.dump): what is stored is
// what is exported, and what the engine reads back. Nothing here judges a scene: the engine does
// (scene.mjs asks it), and a record it cannot read is never written again by the page — only
// downloaded as it is, or deleted when the reader asks (and confirms).
//
// * A write names the revision it was made from (``rev``): if another tab has written the scene
//   since, the write is refused (StaleError) instead of overwriting what that tab did; every
//   write is announced to the other tabs (BroadcastChannel "svod-scenes@BASE").
// * Deleting marks the record (``deletedAt``); «Вернуть» unmarks it. Marked records are purged
//   only a week later, at a start of the page.
// * ``legacy``: a scene saved by an older version keeps its original text beside the migrated one.
// * Without IndexedDB (blocked, private mode) the scenes live in memory: ``persistent`` false and
//   ``failure`` say so, and the page asks the reader to export.
// * Every record read is checked (records.mjs) before anything uses it: one that fails comes as a
//   stand-in holding none of its values where the page reads them ({id: a handle, faulty, repairs,
//   raw, key}), named by a handle whatever its stored id (42, ["a","b"]); it is never written over by
//   a change, only repaired when the reader asks (``repair``: what changes is said first) or deleted
//   for good (``deleteFaulty``). A write over a stored record whose ``rev`` fails is refused as stale.
// * A database of this name without its stores (another page of the origin may have opened it so),
//   or of another version, is opened at its own version and given the stores it lacks by an upgrade:
//   nothing in it is lost; ``repairedDB`` says what was found ({kind: "stores"|"version", version}).
// * The scenes an earlier version kept in the bare-named database "svod-scenes" (shared by every
//   site of the origin) are copied here once, on the first visit; the old database is left as it
//   is (another copy of the site on the origin may read it too).

import { LEGACY, SCENES_CHANNEL, SCENES_DB } from "./names.mjs";
import { checkedRecord, keyHandle, recordFaults, repaired, sameValue, validRev } from "./records.mjs";

const DB = SCENES_DB;
const STORE = "scenes";
const META = "meta";
const PURGE_AFTER_MS = 7 * 24 * 3600e3;

export class StaleError extends Error {
  constructor(id) {
    super(`scene ${id} was changed elsewhere`);
    this.name = "StaleError";
    this.id = id;
  }
}

const promise = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

const done = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onabort = () => reject(tx.error || new Error("transaction aborted"));
  tx.onerror = () => reject(tx.error || new Error("transaction failed"));
});

/** A new scene's id: time and randomness, so two devices' scenes never share one. */
export function newId() {
  const r = crypto.getRandomValues(new Uint32Array(2));
  return `s${Date.now().toString(36)}${r[0].toString(36)}${r[1].toString(36)}`.slice(0, 24);
}

/** Whether the record stored now (``cur``, null for none) is the revision a write was made from. */
const isRev = (cur, expectRev) => (cur ? validRev(cur.rev) && cur.rev === expectRev : expectRev === null);

class MemoryBackend {
  constructor() { this.rows = new Map(); this.meta = new Map(); }
  async entries() { return [...this.rows.entries()].map(([key, r]) => ({ key, value: { ...r } })); }
  async get(id) { const r = this.rows.get(id); return r ? { ...r } : null; }
  async put(rec, expectRev) {
    const cur = this.rows.get(rec.id);
    if (expectRev !== undefined && !isRev(cur, expectRev)) throw new StaleError(rec.id);
    this.rows.set(rec.id, { ...rec });
  }
  async replaceIf(key, seen, next) {
    if (!this.rows.has(key) || !sameValue(this.rows.get(key), seen)) throw new StaleError(String(key));
    if (next) this.rows.set(key, { ...next });
    else this.rows.delete(key);
  }
  async delete(id) { this.rows.delete(id); }
  async getMeta(key) { return this.meta.get(key) ?? null; }
  async setMeta(key, value) { this.meta.set(key, value); }
}

class IDBBackend {
  constructor(db) { this.db = db; }
  /** Every stored record with the key it is stored under ([{key, value}]). */
  async entries() {
    const tx = this.db.transaction(STORE, "readonly");
    const store = tx.objectStore(STORE);
    const [keys, values] = await Promise.all([promise(store.getAllKeys()), promise(store.getAll())]);
    return keys.map((key, i) => ({ key, value: values[i] }));
  }
  async get(id) {
    const tx = this.db.transaction(STORE, "readonly");
    return (await promise(tx.objectStore(STORE).get(id))) || null;
  }
  /** Write ``rec``; with ``expectRev`` (the revision it was made from, null for a new record)
   * only if the stored one still has it, in the same transaction. */
  async put(rec, expectRev) {
    const tx = this.db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const finished = done(tx);
    const cur = await promise(store.get(rec.id));
    if (expectRev !== undefined && !isRev(cur, expectRev)) {
      tx.abort();
      await finished.catch(() => {});
      throw new StaleError(rec.id);
    }
    store.put(rec);
    await finished;
  }
  /** The record under ``key`` replaced by ``next`` (or deleted: null), only while it is still the
   * value ``seen`` (StaleError otherwise), in one transaction. */
  async replaceIf(key, seen, next) {
    const tx = this.db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const finished = done(tx);
    const cur = await promise(store.get(key));
    if (cur === undefined || !sameValue(cur, seen)) {
      tx.abort();
      await finished.catch(() => {});
      throw new StaleError(String(key));
    }
    if (next) store.put(next);
    else store.delete(key);
    await finished;
  }
  async delete(id) {
    const tx = this.db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).delete(id);
    await done(tx);
  }
  async getMeta(key) {
    const tx = this.db.transaction(META, "readonly");
    const row = await promise(tx.objectStore(META).get(key));
    return row ? row.value : null;
  }
  async setMeta(key, value) {
    const tx = this.db.transaction(META, "readwrite");
    tx.objectStore(META).put({ key, value });
    await done(tx);
  }
}

/** The version this page makes its databases at. */
const VERSION = 1;

function openAt(name, version) {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = version === undefined ? indexedDB.open(name) : indexedDB.open(name, version);
    } catch (e) {
      reject(e);
      return;
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id" });
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: "key" });
      // the version this page made it at (one made whole is at a later one: not another's)
      req.transaction.objectStore(META).put({ key: "version", value: db.version });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("indexedDB.open failed"));
    req.onblocked = () => reject(new Error("blocked by another tab"));
  });
}

const complete = (db) => db.objectStoreNames.contains(STORE) && db.objectStoreNames.contains(META);

/** The database ``name`` with both its stores → {db, repaired}: opened at the version it has (a new
 * one made at VERSION); one without its stores (any page of the origin may open a database of this
 * name and make none) gets them by an upgrade to the next version, nothing in it touched. ``repaired``:
 * null, or what was found ({kind: "stores", version} or {kind: "version", version}). */
async function openDB(name = DB) {
  let db = await openAt(name, undefined);
  if (complete(db)) {
    if (db.version === VERSION) return { db, repaired: null };
    // a version this page did not make, its stores there: read as it is (never a VersionError)
    const made = await promise(db.transaction(META, "readonly").objectStore(META).get("version")).catch(() => null);
    return { db, repaired: made && made.value === db.version ? null : { kind: "version", version: db.version } };
  }
  const version = db.version;
  db.close();
  db = await openAt(name, version + 1);
  if (!complete(db)) {
    db.close();
    throw new Error("stores missing");
  }
  return { db, repaired: { kind: "stores", version } };
}

/** The database ``name`` if it exists (opened without making it), else null. */
function openExisting(name) {
  return new Promise((resolve) => {
    let req;
    try {
      req = indexedDB.open(name);
    } catch {
      resolve(null);
      return;
    }
    req.onupgradeneeded = () => req.transaction.abort(); // it did not exist: not made now either
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
}

/** Copy the earlier versions' scenes (and which was open) into ``db``, once: a scene it already
 * holds is left as it is; a meta row says the copy is done. */
export async function copyLegacyScenes(db) {
  const told = db.transaction(META, "readonly");
  if (await promise(told.objectStore(META).get("legacyCopied"))) return 0;
  const old = await openExisting(LEGACY.scenesDB);
  let records = [];
  let current = null;
  if (old) {
    try {
      const names = [STORE, META].filter((n) => old.objectStoreNames.contains(n));
      if (names.length) {
        const tx = old.transaction(names, "readonly");
        if (names.includes(STORE)) records = await promise(tx.objectStore(STORE).getAll());
        if (names.includes(META)) current = await promise(tx.objectStore(META).get("current"));
      }
    } finally {
      old.close();
    }
  }
  const tx = db.transaction([STORE, META], "readwrite");
  const finished = done(tx);
  const scenes = tx.objectStore(STORE);
  const meta = tx.objectStore(META);
  for (const rec of records) {
    const req = scenes.add(rec); // one already here stays as it is
    req.onerror = (e) => { e.preventDefault(); e.stopPropagation(); };
  }
  if (current) {
    const req = meta.add(current);
    req.onerror = (e) => { e.preventDefault(); e.stopPropagation(); };
  }
  meta.put({ key: "legacyCopied", value: Date.now() });
  await finished;
  return records.length;
}

/** What a stored record says without the engine: its name, counts and whether its text is JSON
 * at all (``broken``: why not). The engine's reading (scene.mjs) has the last word. */
export function summary(rec) {
  const str = (v) => (typeof v === "string" ? v : "");
  const num = (v) => (Number.isFinite(v) ? v : 0);
  const out = { id: rec.id, name: str(rec.name), updated: num(rec.updated), chars: null, entries: null,
    round: null, broken: null, deletedAt: num(rec.deletedAt) || null, size: 0, legacy: !!rec.legacy };
  if (typeof rec.text !== "string") {
    out.broken = "type";
    return out;
  }
  out.size = rec.text.length;
  try {
    const sc = JSON.parse(rec.text);
    if (!sc || typeof sc !== "object" || Array.isArray(sc)) throw new Error("not an object");
    if (typeof sc.name === "string" && sc.name) out.name = sc.name;
    if (Array.isArray(sc.characters)) out.chars = sc.characters.length;
    if (Array.isArray(sc.log)) out.entries = sc.log.length;
    if (Number.isInteger(sc.round)) out.round = sc.round;
  } catch {
    out.broken = "json";
  }
  return out;
}

export class SceneStore {
  constructor(backend, persistent, failure, channel = SCENES_CHANNEL, kind = "scene") {
    this.backend = backend;
    this.kind = kind; // the kind of record it keeps (records.mjs): "scene" or "party"
    this.repairedDB = null;
    this.persistent = persistent; // false: in memory only (failure says why)
    this.failure = failure;
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(channel) : null;
    this.listeners = new Set();
    if (this.channel) this.channel.onmessage = (e) => this.listeners.forEach((fn) => fn(e.data || {}));
  }

  /** The scenes' store; ``names`` ({db, channel}) another of the same kind (the party's:
   * party-store.mjs), which has no earlier copies to take over. */
  static async open(names = null) {
    const channel = names ? names.channel : SCENES_CHANNEL;
    const kind = names && names.kind ? names.kind : "scene";
    if (typeof indexedDB === "undefined") return new SceneStore(new MemoryBackend(), false, "none", channel, kind);
    try {
      const { db, repaired: found } = await openDB(names ? names.db : DB);
      if (!names) {
        try { await copyLegacyScenes(db); } catch (e) { console.warn("svod: earlier scenes not copied yet", e); }
      }
      const store = new SceneStore(new IDBBackend(db), true, null, channel, kind);
      store.repairedDB = found;
      db.onversionchange = () => db.close();
      return store;
    } catch (e) {
      return new SceneStore(new MemoryBackend(), false, String((e && (e.name || e.message)) || e), channel, kind);
    }
  }

  /** Another tab wrote or deleted a scene: fn({type, id, rev}). */
  onChange(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  announce(msg) { try { this.channel && this.channel.postMessage(msg); } catch { /* closed */ } }

  /** Every record, checked (deleted ones too: the caller shows them for «Вернуть»); one that fails
   * the check as its stand-in (records.mjs ``checkedRecord``). */
  async all() {
    return (await this.backend.entries()).map(({ key, value }) => checkedRecord(value, key, this.kind));
  }

  /** The record ``id`` names (its id, or a stand-in's handle), checked; null when there is none. */
  async get(id) {
    if (typeof id !== "string") return null;
    if (!id.startsWith("!")) {
      const rec = await this.backend.get(id);
      return rec == null ? null : checkedRecord(rec, id, this.kind);
    }
    const found = (await this.backend.entries()).find((e) => keyHandle(e.key) === id);
    return found ? checkedRecord(found.value, found.key, this.kind) : null;
  }

  /** A record that fails the check (a stand-in), repaired as ``repairs`` said, only while it is still
   * stored as it was read (StaleError otherwise) → the record repaired. */
  async repair(standin) {
    if (!standin || !standin.faulty || !standin.repairs) throw new Error("not repairable");
    const next = repaired(standin.raw);
    if (recordFaults(next, this.kind).length) throw new Error("not repairable");
    await this.backend.replaceIf(standin.key, standin.raw, next);
    this.announce({ type: "put", id: next.id, rev: next.rev });
    return next;
  }

  /** A record that fails the check, deleted for good, only while it is still stored as it was read. */
  async deleteFaulty(standin) {
    if (!standin || !standin.faulty) throw new Error("not a damaged record");
    await this.backend.replaceIf(standin.key, standin.raw, null);
    this.announce({ type: "delete", id: standin.id });
  }

  /** A new scene's record (its text as the engine wrote it). */
  async create(text, name, extra = {}) {
    const now = Date.now();
    const rec = { id: newId(), name, created: now, updated: now, rev: 1, text, ...extra };
    await this.backend.put(rec, null);
    this.announce({ type: "put", id: rec.id, rev: rec.rev });
    return rec;
  }

  /** The scene's new text, written over revision ``rec.rev`` only (StaleError otherwise). */
  async save(rec, text, name, extra = {}) {
    if (rec.faulty || !validRev(rec.rev) || !validRev(rec.rev + 1)) throw new StaleError(rec.id); // never written over
    const next = { ...rec, ...extra, text, name, updated: Date.now(), rev: rec.rev + 1 };
    await this.backend.put(next, rec.rev ?? null);
    this.announce({ type: "put", id: next.id, rev: next.rev });
    return next;
  }

  async markDeleted(rec, deleted) {
    const cur = await this.get(rec.id);
    if (!cur) return null;
    if (cur.faulty || !validRev(cur.rev + 1)) throw new StaleError(rec.id);
    const next = { ...cur, rev: cur.rev + 1 };
    if (deleted) next.deletedAt = Date.now();
    else delete next.deletedAt;
    await this.backend.put(next, cur.rev);
    this.announce({ type: "put", id: next.id, rev: next.rev });
    return next;
  }

  /** Records marked deleted more than a week ago go for good. */
  async purge(now = Date.now()) {
    for (const rec of await this.all()) {
      if (!rec.faulty && rec.deletedAt && now - rec.deletedAt > PURGE_AFTER_MS) await this.backend.delete(rec.id);
    }
  }

  getMeta(key) { return this.backend.getMeta(key); }
  setMeta(key, value) { return this.backend.setMeta(key, value); }

  /** Ask the browser to keep the scenes when it is short of space: true when granted. */
  static async persist() {
    try {
      if (!navigator.storage || !navigator.storage.persist) return null;
      if (await navigator.storage.persisted()) return true;
      return await navigator.storage.persist();
    } catch {
      return null;
    }
  }
}
