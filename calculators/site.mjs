// Свод — loaded once on every page (Material's instant navigation keeps it alive):
// * attaches calculators on every page change (document$), loading calc.mjs only when a page
//   has one, so a rules page without a calculator never fetches Pyodide on the main thread;
// * registers the service worker after the page is idle, shows whether the site is ready
//   offline, and offers to reload when a new deploy has been cached.

const HERE = new URL("./", import.meta.url);
const ROOT = new URL("../../", import.meta.url);

const TEXT = {
  ru: {
    caching: (p) => `Сохраняю сайт для работы без сети… ${p} %`,
    ready: "Сайт сохранён: работает без сети",
    offline: "Нет сети: открыта сохранённая копия",
    none: "Этот браузер не сохраняет сайт для работы без сети",
    failed: "Не удалось сохранить сайт для работы без сети",
    update: "Вышла новая версия сайта.",
    reload: "Обновить",
  },
  en: {
    caching: (p) => `Saving the site for offline use… ${p}%`,
    ready: "Saved: the site works offline",
    offline: "Offline: showing the saved copy",
    none: "This browser cannot keep the site offline",
    failed: "Could not save the site for offline use",
    update: "A new version of the site is available.",
    reload: "Reload",
  },
};

const lang = () => (String(document.documentElement.lang || "ru").startsWith("en") ? "en" : "ru");
let registration = null;
let lastUpdateCheck = Date.now();
const sw = {
  // A page the service worker answers is ready offline from the start.
  state: "serviceWorker" in navigator && navigator.serviceWorker.controller ? "ready" : "pending",
  done: 0, total: 0, waiting: null, reloading: false,
};
globalThis.svodOffline = sw;

function render() {
  const T = TEXT[lang()];
  document.querySelectorAll("[data-svod-offline]").forEach((el) => {
    let text = "";
    if (sw.state === "caching") text = T.caching(sw.total ? Math.floor((100 * sw.done) / sw.total) : 0);
    else if (sw.state === "ready") text = navigator.onLine ? T.ready : T.offline;
    else if (sw.state === "none") text = T.none;
    else if (sw.state === "failed") text = T.failed;
    el.textContent = text;
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
    bar.querySelector("button").addEventListener("click", () => {
      sw.reloading = true;
      if (sw.waiting) sw.waiting.postMessage({ type: "skip-waiting" });
    });
    document.body.append(bar);
  }
}

function setState(patch) {
  Object.assign(sw, patch);
  render();
}

function watchInstalling(reg, worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) setState({ waiting: reg.waiting || worker });
    if (worker.state === "redundant" && !navigator.serviceWorker.controller && sw.state === "caching") setState({ state: "failed" });
  });
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setState({ state: "none" });
    return;
  }
  const container = navigator.serviceWorker;
  container.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.type === "svod-precache" && !container.controller) setState({ state: "caching", done: m.done, total: m.total });
    if (m.type === "svod-precache" && container.controller && m.done < m.total) { /* an update caching: quiet */ }
  });
  container.addEventListener("controllerchange", () => {
    if (sw.reloading) { location.reload(); return; }
    setState({ state: "ready" });
  });
  container.startMessages();
  try {
    const reg = await container.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname });
    registration = reg;
    if (container.controller) setState({ state: "ready" });
    else setState({ state: "caching" });
    if (reg.waiting && container.controller) setState({ waiting: reg.waiting });
    watchInstalling(reg, reg.installing);
    reg.addEventListener("updatefound", () => watchInstalling(reg, reg.installing));
  } catch (err) {
    console.warn("svod: service worker", err);
    setState({ state: "failed" });
  }
}

/** On a calculator page the first visit's precache (the whole site, about 34 MB) would download
 * and store while Python boots, on the same network and cores: it waits until the calculator
 * is ready (or failed), at most CALC_FIRST_MS. */
const CALC_FIRST_MS = 20000;
function calculatorSettled() {
  if (!document.querySelector(".svod-calc")) return Promise.resolve();
  const state = () => globalThis.svodCalc && globalThis.svodCalc.rt.state;
  if (state() === "ready" || state() === "error") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { removeEventListener("svod:runtime", on); resolve(); };
    const on = (e) => { if (e.detail === "ready" || e.detail === "error") done(); };
    addEventListener("svod:runtime", on);
    setTimeout(done, CALC_FIRST_MS);
  });
}

function whenIdle(fn) {
  const go = () => calculatorSettled().then(() => ("requestIdleCallback" in window
    ? requestIdleCallback(fn, { timeout: 4000 }) : setTimeout(fn, 1500)));
  if (document.readyState === "complete") go();
  else addEventListener("load", go, { once: true });
}

let calc = null;
function onPage() {
  render();
  // Instant navigation makes no navigation requests, so the browser would seldom look for
  // a new deploy during a long session at the table: ask at most once an hour.
  if (registration && Date.now() - lastUpdateCheck > 3600e3) {
    lastUpdateCheck = Date.now();
    registration.update().catch(() => {});
  }
  if (document.querySelector(".svod-calc")) {
    calc = calc || import(new URL("calc.mjs", HERE).href);
    calc.then((m) => m.attachAll(document)).catch((err) => console.error("svod: calculators", err));
  }
}

addEventListener("online", render);
addEventListener("offline", render);
if (globalThis.document$ && typeof globalThis.document$.subscribe === "function") globalThis.document$.subscribe(onPage);
else if (document.readyState === "loading") addEventListener("DOMContentLoaded", onPage, { once: true });
else onPage();
whenIdle(registerServiceWorker);
