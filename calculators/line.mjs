// Свод — whether the reader's connection is metered, so that nothing large is downloaded before it
// is needed (the rules engine, engine.mjs; the offline copy, offline.mjs). The Network Information
// API (navigator.connection, Chromium-based browsers) says so: ``saveData`` (the reader's data
// saver), ``type`` "cellular", or an ``effectiveType`` of a slow line (2g, 3g). Where the API is
// absent (Firefox, Safari) the line is taken as NOT metered: those browsers cannot tell a phone's
// mobile data from Wi-Fi, and taking every such line as metered would cost every iPhone at the
// table its offline copy unless the reader found and pressed «Сохранить».
// Test hook: window.SVOD_METERED (true/false) overrides what the API says.

const SLOW = new Set(["slow-2g", "2g", "3g"]);

/** True when the line is metered or slow (see above). */
export function metered(nav = globalThis.navigator) {
  if (typeof globalThis.SVOD_METERED === "boolean") return globalThis.SVOD_METERED;
  const c = nav && nav.connection;
  if (!c) return false;
  return c.saveData === true || c.type === "cellular" || SLOW.has(c.effectiveType);
}
