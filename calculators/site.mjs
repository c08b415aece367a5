// Свод — loaded once on every page (Material's instant navigation keeps it alive):
// * attaches calculators on every page change (document$), loading calc.mjs only when a page
//   has one, so a rules page without a calculator never fetches Pyodide on the main thread;
// * on the home page, the install block (install.mjs);
// * once the page is idle, loads offline.mjs: the service worker, the footer's offline status
//   and the «new version» prompt.

const HERE = new URL("./", import.meta.url);

/** On a calculator page the first visit's precache (the whole site, about 34 MB) would download
 * and store while Python boots, on the same network and cores: it waits until the calculator
 * is ready (or failed), at most CALC_FIRST_MS. */
const CALC_FIRST_MS = 20000;
function calculatorSettled() {
  if (!document.querySelector(".svod-calc, .svod-scene")) return Promise.resolve();
  const state = () => globalThis.svodCalc && globalThis.svodCalc.rt.state;
  // (or waits for the reader, on a metered line: engine.mjs startWhenNeeded)
  if (state() === "ready" || state() === "error" || globalThis.svodCalc?.rt?.deferred) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { removeEventListener("svod:runtime", on); resolve(); };
    const on = (e) => { if (e.detail === "ready" || e.detail === "error" || e.detail === "deferred") done(); };
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
let scene = null;
let offline = null;
function onPage() {
  if (offline) offline.then((m) => m.onPage(), () => {});
  if (document.querySelector(".svod-scene")) { // the scene page (scene.mjs), on the calculators' worker
    scene = scene || import(new URL("scene.mjs", HERE).href);
    scene.then((m) => m.attach(document)).catch((err) => console.error("svod: scene", err));
  }
  if (document.querySelector(".svod-calc")) {
    calc = calc || import(new URL("calc.mjs", HERE).href);
    calc.then((m) => m.attachAll(document)).catch((err) => console.error("svod: calculators", err));
  }
  if (document.querySelector(".svod-party")) { // the party page (party.mjs), on the calculators' worker
    import(new URL("party.mjs", HERE).href).then((m) => m.attach(document)).catch((err) => console.error("svod: party", err));
  }
  if (document.querySelector(".svod-players")) { // the players' view (table.mjs), on the calculators' worker
    import(new URL("table.mjs", HERE).href).then((m) => m.attach(document)).catch((err) => console.error("svod: table", err));
  }
  if (document.querySelector("[data-svod-install]")) {
    import(new URL("install.mjs", HERE).href).then((m) => m.attach(document))
      .catch((err) => console.error("svod: install", err));
  }
}

if (globalThis.document$ && typeof globalThis.document$.subscribe === "function") globalThis.document$.subscribe(onPage);
else if (document.readyState === "loading") addEventListener("DOMContentLoaded", onPage, { once: true });
else onPage();
whenIdle(() => {
  offline = import(new URL("offline.mjs", HERE).href);
  offline.then((m) => { m.start(); m.onPage(); }).catch((err) => console.error("svod: offline", err));
});
