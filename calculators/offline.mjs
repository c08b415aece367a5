// Свод — the offline side of every page, loaded by site.mjs once the page is idle (and kept
// across Material's instant navigation):
// * registers the service worker and shows whether the site is ready offline: saving (with its
//   progress), saved, or not saved with the reason the service worker gave (sw.template.js)
//   and a «Повторить» (tried again by itself too);
// * offers to reload when a new deploy has been cached, in every open tab: a tab whose deploy
//   another tab has already taken reloads at once when asked.
// How a new deploy reaches a phone (see sw.template.js for the reload that takes it):
// * sw.js is never read from the browser's HTTP cache (updateViaCache "none"), whatever
//   lifetime a host or proxy gives it, and never from the service worker's cache (it is not
//   precached, and the worker lets its request pass);
// * the browser looks for a new sw.js on every page load by itself; during a long visit, which
//   makes no page loads (instant navigation, or the tab kept open, an app brought back to the
//   screen), this module asks at most once an hour: on a page shown by instant navigation, and
//   when the tab is shown again.
// Test hooks: window.svodOffline (state, failure, registered), window.SVOD_UPDATE_CHECK_MS (how
// often it may ask).

import { metered } from "./line.mjs";
import { memoryKey } from "./names.mjs";

const ROOT = new URL("../../", import.meta.url);
/** The reader's choice about the offline copy on a metered line ("yes" | "no"), per site base. */
const CHOICE_KEY = memoryKey("offline.v1");

const TEXT = {
  ru: {
    caching: (p) => `Сохраняю сайт для работы без сети… ${p} %`,
    ready: "Сайт сохранён: работает без сети",
    offline: "Нет сети: открыта сохранённая копия",
    none: "Этот браузер не сохраняет сайт для работы без сети",
    failed: (why) => `Сайт не сохранён для работы без сети: ${why}.`,
    retry: "Повторить",
    why: {
      http: (f, d) => `сервер не отдал файл ${f} (HTTP ${d})`,
      type: (f, d, got, want) => (want ? `файл ${f} пришёл с типом ${got}, а нужен ${want}`
        : `вместо файла ${f} пришла страница HTML (${got})`),
      size: (f, d, got, want) => `файл ${f} пришёл не целиком или не тот: ${num(got, "ru")} байт вместо ${num(want, "ru")}`,
      network: (f) => `нет связи с сервером (${f})`,
      quota: () => "браузеру не хватило места",
      register: (f, d) => `браузер не принял ${f} (${d})`,
      other: (f, d) => `ошибка на файле ${f}: ${d}`,
      unknown: () => "причина неизвестна",
    },
    update: "Вышла новая версия сайта.",
    reload: "Обновить",
    ask: (mb) => `Сохранить сайт для работы без сети? Это ${mb} МБ, а связь мобильная или в режиме экономии трафика.`,
    declined: (mb) => `Сайт не сохранён для работы без сети: вы решили не скачивать ${mb} МБ по этой связи.`,
    save: "Сохранить",
    later: "Не сейчас",
    unread: "(прежний выбор не прочитан, он оставлен как был)",
  },
  en: {
    caching: (p) => `Saving the site for offline use… ${p}%`,
    ready: "Saved: the site works offline",
    offline: "Offline: showing the saved copy",
    none: "This browser cannot keep the site offline",
    failed: (why) => `The site is not saved for offline use: ${why}.`,
    retry: "Retry",
    why: {
      http: (f, d) => `the server did not send ${f} (HTTP ${d})`,
      type: (f, d, got, want) => (want ? `${f} came as ${got}, not ${want}` : `an HTML page came instead of ${f} (${got})`),
      size: (f, d, got, want) => `${f} arrived incomplete or wrong: ${num(got, "en")} bytes, not ${num(want, "en")}`,
      network: (f) => `no connection to the server (${f})`,
      quota: () => "the browser ran out of storage",
      register: (f, d) => `the browser refused ${f} (${d})`,
      other: (f, d) => `an error on ${f}: ${d}`,
      unknown: () => "reason unknown",
    },
    update: "A new version of the site is available.",
    reload: "Reload",
    ask: (mb) => `Save the site for offline use? It is ${mb} MB, and your connection is mobile data or saving data.`,
    declined: (mb) => `The site is not saved for offline use: you chose not to download ${mb} MB on this connection.`,
    save: "Save",
    later: "Not now",
    unread: "(the earlier choice could not be read; it is left as it was)",
  },
};

const lang = () => (String(document.documentElement.lang || "ru").startsWith("en") ? "en" : "ru");
let registration = null;
/** The page load itself was the last look for a new deploy (the browser's own). */
let lastUpdateCheck = Date.now();
const updateCheckMs = () => Number(globalThis.SVOD_UPDATE_CHECK_MS ?? 3600e3);
/** Whether this page was already controlled when it loaded: a later controllerchange is then a
 * new deploy taken over (by this tab or another), not the first install. */
const hadController = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
const sw = {
  // A page the service worker answers is ready offline from the start: its precache was
  // complete and every file checked (sw.template.js).
  state: hadController ? "ready" : "pending",
  done: 0, total: 0, waiting: null, reloading: false,
  // state "failed": {reason, path, detail} (the service worker's, or "register"/"unknown")
  failure: null, retries: 0,
};
globalThis.svodOffline = sw;

/** A file as the reader knows it: its name, or a page's path. */
function shortName(path) {
  const p = String(path || "");
  if (!p || p === "./") return "index.html";
  return p.endsWith("/") ? p : p.slice(p.lastIndexOf("/") + 1);
}

const num = (n, l) => Number(n).toLocaleString(l === "en" ? "en-GB" : "ru-RU");

function failureText(T) {
  const f = sw.failure || { reason: "unknown" };
  const why = T.why[f.reason] || T.why.other;
  return T.failed(why(shortName(f.path), f.detail || "", f.got, f.want));
}

function render() {
  const T = TEXT[lang()];
  document.querySelectorAll("[data-svod-offline]").forEach((el) => {
    let text = "";
    if (sw.state === "caching") text = T.caching(sw.total ? Math.floor((100 * sw.done) / sw.total) : 0);
    else if (sw.state === "ready") text = navigator.onLine ? T.ready : T.offline;
    else if (sw.state === "none") text = T.none;
    else if (sw.state === "failed") text = failureText(T);
    else if (sw.state === "ask" || sw.state === "declined") {
      const mb = sw.bytes ? (sw.bytes / 1e6).toLocaleString(lang() === "en" ? "en-GB" : "ru-RU", { maximumFractionDigits: 1 }) : "?";
      text = T[sw.state](mb) + (sw.choiceUnread ? ` ${T.unread}` : "");
    }
    let span = el.querySelector(".svod-offline__text");
    if (!span) {
      el.textContent = "";
      span = document.createElement("span");
      span.className = "svod-offline__text";
      el.append(span);
    }
    span.textContent = text;
    let btn = el.querySelector(".svod-offline__retry");
    if (sw.state === "failed" && !btn) {
      btn = document.createElement("button");
      btn.type = "button";
      btn.className = "md-button svod-offline__retry";
      btn.addEventListener("click", () => retryPrecache());
      el.append(" ", btn);
    }
    if (btn) {
      btn.textContent = T.retry;
      btn.hidden = sw.state !== "failed";
    }
    choiceButtons(el, T);
    el.hidden = !text;
    el.dataset.state = sw.state;
  });
  let bar = document.querySelector(".svod-update");
  if (sw.waiting && !bar) {
    bar = document.createElement("div");
    bar.className = "svod-update";
    bar.setAttribute("role", "status");
    bar.innerHTML = `<span></span> <button type="button" class="md-button md-button--primary"></button>`;
    bar.querySelector("span").textContent = T.update;
    bar.querySelector("button").textContent = T.reload;
    bar.querySelector("button").addEventListener("click", takeUpdate);
    document.body.append(bar);
  }
}

/** «Сохранить» (and «Не сейчас» while asking) on a metered line; the choice is kept (CHOICE_KEY). */
function choiceButtons(el, T) {
  const want = sw.state === "ask" ? ["save", "later"] : sw.state === "declined" ? ["save"] : [];
  for (const what of ["save", "later"]) {
    let btn = el.querySelector(`.svod-offline__${what}`);
    if (!btn && want.includes(what)) {
      btn = document.createElement("button");
      btn.type = "button";
      btn.className = `md-button${what === "save" ? " md-button--primary" : ""} svod-offline__${what}`;
      btn.addEventListener("click", () => choose(what === "save" ? "yes" : "no"));
      el.append(" ", btn);
    }
    if (btn) {
      btn.textContent = T[what];
      btn.hidden = !want.includes(what);
    }
  }
}

/** The kept choice: "yes", "no", null (none), or "unread" (something else is stored: kept, told). */
function readChoice() {
  let v;
  try { v = localStorage.getItem(CHOICE_KEY); } catch { return null; }
  if (v === null) return null;
  return v === "yes" || v === "no" ? v : "unread";
}

function choose(choice) {
  try { localStorage.setItem(CHOICE_KEY, choice); } catch { /* kept for this page only */ }
  sw.choiceUnread = false;
  if (choice === "yes") {
    setState({ state: "caching", done: 0, total: 0 });
    register();
  } else {
    setState({ state: "declined" });
  }
}

/** The bytes the precache would download: the build's recorded SIZES, read from sw.js (never
 * cached, so the current deploy's); null when it cannot be read. */
async function precacheBytes() {
  try {
    const res = await fetch(new URL("sw.js", ROOT).href, { cache: "no-cache" });
    const text = res.ok ? await res.text() : "";
    if (text.length > 4e6) return null;
    const m = /const SIZES = (\[[0-9,\s]*\]);/.exec(text);
    const sizes = m ? JSON.parse(m[1]) : null;
    return Array.isArray(sizes) ? sizes.reduce((a, b) => a + b, 0) : null;
  } catch {
    return null;
  }
}

function setState(patch) {
  Object.assign(sw, patch);
  render();
}

/** «Обновить»: the waiting deploy takes over, and this tab reloads onto it. If another tab has
 * already made it take over (it is no longer waiting), there is nothing to wait for: reload. */
function takeUpdate() {
  sw.reloading = true;
  const w = sw.waiting;
  if (w && w.state === "installed") {
    w.addEventListener("statechange", () => { if (w.state === "activated" || w.state === "redundant") reloadOnce(); });
    w.postMessage({ type: "skip-waiting" });
  } else {
    reloadOnce();
  }
}

let reloadAsked = false;
function reloadOnce() {
  if (reloadAsked) return;
  reloadAsked = true;
  location.reload();
}

function failed(failure) {
  if (sw.state === "ready" && navigator.serviceWorker.controller) return; // an update failed: the saved copy still works
  setState({ state: "failed", failure });
  scheduleRetry();
}

/** Tried again by itself after 15 s, 1 min and 4 min, and whenever the network comes back
 * (the «Повторить» button at any time): each attempt fetches only the files not yet cached. */
const RETRY_MS = [15e3, 60e3, 240e3];
let retryTimer = null;
/** The precache attempts made by this page: a failure seen late belongs to its own attempt only. */
let attempt = 0;
/** The service workers whose install this page has watched. */
const watched = new WeakSet();
function scheduleRetry() {
  clearTimeout(retryTimer);
  if (sw.retries < RETRY_MS.length) retryTimer = setTimeout(() => retryPrecache(true), RETRY_MS[sw.retries]);
}

function retryPrecache(auto = false) {
  if (sw.state !== "failed") return;
  clearTimeout(retryTimer);
  if (auto) sw.retries += 1;
  attempt += 1;
  setState({ state: "caching", done: 0, total: 0, failure: null });
  register();
}

function watchInstalling(reg, worker) {
  if (!worker || watched.has(worker)) return;
  watched.add(worker);
  const mine = attempt; // the attempt this worker installs for
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) setState({ waiting: reg.waiting || worker });
    // the install failed; the service worker's own message (with the reason) comes first, or
    // soon after: the reason is waited for a moment before the failure is told without one
    // (not when a new attempt, «Повторить» pressed meanwhile, is under way: it is not this one)
    if (worker.state === "redundant" && !navigator.serviceWorker.controller && sw.state === "caching" && attempt === mine) {
      setTimeout(() => { if (sw.state === "caching" && attempt === mine) failed({ reason: "unknown" }); }, 1500);
    }
  });
}

async function register() {
  const container = navigator.serviceWorker;
  const url = new URL("sw.js", ROOT).href;
  try {
    let reg = await container.register(url, { scope: ROOT.pathname, updateViaCache: "none" });
    // «Повторить» pressed while the failed install was still ending: the browser answers with
    // that install (a worker this page has watched), and installs nothing new; once it has
    // ended, the site is registered again, which installs
    const old = reg.installing;
    if (old && watched.has(old)) {
      await new Promise((resolve) => {
        const gone = () => { if (old.state === "redundant") resolve(); };
        old.addEventListener("statechange", gone);
        gone();
      });
      reg = await container.register(url, { scope: ROOT.pathname, updateViaCache: "none" });
    }
    registration = reg;
    sw.registered = true; // (tests wait for it: the page now hears of updates)
    // a registration left with no worker at all (its first install failed): install again
    if (!reg.installing && !reg.waiting && !reg.active) await reg.update();
    if (container.controller) setState({ state: "ready" });
    else if (reg.active && !reg.installing && !reg.waiting) {
      // Active, but this page came before it took over (or slipped past its claim while it
      // activated): it is asked to claim the page now, which ends in controllerchange.
      reg.active.postMessage({ type: "claim" });
      setState({ state: "ready" });
    }
    else if (sw.state !== "failed") setState({ state: "caching" });
    if (reg.waiting && container.controller) setState({ waiting: reg.waiting });
    watchInstalling(reg, reg.installing);
    reg.addEventListener("updatefound", () => watchInstalling(reg, reg.installing));
  } catch (err) {
    console.warn("svod: service worker", err);
    failed({ reason: "register", path: "sw.js", detail: err && (err.name || err.message) || String(err) });
  }
}

/** Start: the status from now on, the service worker registered. */
export async function start() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setState({ state: "none" });
    return;
  }
  const container = navigator.serviceWorker;
  container.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.type === "svod-precache" && !container.controller && sw.state !== "failed") {
      setState({ state: "caching", done: m.done, total: m.total });
    }
    if (m.type === "svod-precache-failed") failed({ reason: m.reason, path: m.path, detail: m.detail, got: m.got, want: m.want });
  });
  container.addEventListener("controllerchange", () => {
    if (sw.reloading) { reloadOnce(); return; }
    // Another tab took a new deploy: this one still runs the old page and engine until it
    // reloads, so the bar stays (or comes), and «Обновить» reloads at once.
    if (hadController) setState({ state: "ready", waiting: sw.waiting || container.controller });
    else setState({ state: "ready", failure: null });
  });
  container.startMessages();
  // On a metered line (line.mjs) a site not yet saved asks first, with the size, and keeps the
  // reader's answer; an unreadable stored answer is kept, told, and asked again.
  if (!container.controller && metered()) {
    const choice = readChoice();
    if (choice !== "yes") {
      sw.choiceUnread = choice === "unread";
      sw.bytes = await precacheBytes();
      setState({ state: choice === "no" ? "declined" : "ask" });
      return;
    }
  }
  await register();
}

/** At most once an hour (updateCheckMs), the browser looks for a new deploy: instant navigation
 * and a tab kept open make no page loads, so it would seldom look by itself during a long
 * session at the table. A new sw.js found installs, and the page offers «Обновить». */
function checkForUpdate() {
  if (!registration || Date.now() - lastUpdateCheck < updateCheckMs()) return;
  lastUpdateCheck = Date.now();
  registration.update().catch(() => {});
}

/** A page shown (the first, or one reached by instant navigation): its footer gets the status,
 * and a new deploy is looked for (checkForUpdate). */
export function onPage() {
  render();
  checkForUpdate();
}

addEventListener("online", () => { render(); retryPrecache(); });
addEventListener("offline", render);
// the tab shown again (an app brought back, a phone woken up), or restored from the back-forward cache
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") checkForUpdate(); });
addEventListener("pageshow", (e) => { if (e.persisted) checkForUpdate(); });
