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
// * The scenes an earlier version kept in the bare-named database "svod-scenes" (shared by every
//   site of the origin) are copied here once, on the first visit; the old database is left as it
//   is (another copy of the site on the origin may read it too).

import { LEGACY, SCENES_CHANNEL, SCENES_DB } from "./names.mjs";

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

class MemoryBackend {
  constructor() { this.rows = new Map(); this.meta = new Map(); }
  async all() { return [...this.rows.values()].map((r) => ({ ...r })); }
  async get(id) { const r = this.rows.get(id); return r ? { ...r } : null; }
  async put(rec, expectRev) {
    const cur = this.rows.get(rec.id);
    if (expectRev !== undefined && (cur ? cur.rev : null) !== expectRev) throw new StaleError(rec.id);
    this.rows.set(rec.id, { ...rec });
  }
  async delete(id) { this.rows.delete(id); }
  async getMeta(key) { return this.meta.get(key) ?? null; }
  async setMeta(key, value) { this.meta.set(key, value); }
}

class IDBBackend {
  constructor(db) { this.db = db; }
  async all() {
    const tx = this.db.transaction(STORE, "readonly");
    return promise(tx.objectStore(STORE).getAll());
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
    if (expectRev !== undefined && (cur ? cur.rev : null) !== expectRev) {
      tx.abort();
      await finished.catch(() => {});
      throw new StaleError(rec.id);
    }
    store.put(rec);
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

function openDB() {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB, 1);
    } catch (e) {
      reject(e);
      return;
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id" });
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: "key" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("indexedDB.open failed"));
    req.onblocked = () => reject(new Error("blocked by another tab"));
  });
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
  constructor(backend, persistent, failure) {
    this.backend = backend;
    this.persistent = persistent; // false: in memory only (failure says why)
    this.failure = failure;
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(SCENES_CHANNEL) : null;
    this.listeners = new Set();
    if (this.channel) this.channel.onmessage = (e) => this.listeners.forEach((fn) => fn(e.data || {}));
  }

  static async open() {
    if (typeof indexedDB === "undefined") return new SceneStore(new MemoryBackend(), false, "none");
    try {
      const db = await openDB();
      try { await copyLegacyScenes(db); } catch (e) { console.warn("svod: earlier scenes not copied yet", e); }
      const store = new SceneStore(new IDBBackend(db), true, null);
      db.onversionchange = () => db.close();
      return store;
    } catch (e) {
      return new SceneStore(new MemoryBackend(), false, String((e && (e.name || e.message)) || e));
    }
  }

  /** Another tab wrote or deleted a scene: fn({type, id, rev}). */
  onChange(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  announce(msg) { try { this.channel && this.channel.postMessage(msg); } catch { /* closed */ } }

  /** Every record (deleted ones too: the caller shows them for «Вернуть»). */
  all() { return this.backend.all(); }

  get(id) { return this.backend.get(id); }

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
    const next = { ...rec, ...extra, text, name, updated: Date.now(), rev: (rec.rev || 0) + 1 };
    await this.backend.put(next, rec.rev ?? null);
    this.announce({ type: "put", id: next.id, rev: next.rev });
    return next;
  }

  async markDeleted(rec, deleted) {
    const cur = await this.backend.get(rec.id);
    if (!cur) return null;
    const next = { ...cur, rev: (cur.rev || 0) + 1 };
    if (deleted) next.deletedAt = Date.now();
    else delete next.deletedAt;
    await this.backend.put(next, cur.rev);
    this.announce({ type: "put", id: next.id, rev: next.rev });
    return next;
  }

  /** Records marked deleted more than a week ago go for good. */
  async purge(now = Date.now()) {
    for (const rec of await this.backend.all()) {
      if (rec.deletedAt && now - rec.deletedAt > PURGE_AFTER_MS) await this.backend.delete(rec.id);
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
