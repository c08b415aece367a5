// Свод — «Свод на телефоне» on the home page ([data-svod-install]), loaded by site.mjs on a page
// that has it:
// * where the browser offers to install the site (beforeinstallprompt, kept by head.js as
//   window.svodInstall.prompt, since it may come before this module has loaded), the
//   «Установить» button opens the browser's own dialog;
// * where no offer comes (iOS Safari never makes one; other browsers may not), the steps to add
//   the site to the home screen by hand stay shown: on iPhone and iPad only Safari's;
// * once installed (opened from the icon, or the browser says it was installed): a line that
//   says so, and neither button nor steps.
// The offline state beside it is the footer's status (offline.mjs fills every [data-svod-offline]).

const isIOS = () => /iPad|iPhone|iPod/.test(navigator.userAgent)
  || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
const standalone = () => (globalThis.matchMedia && matchMedia("(display-mode: standalone)").matches)
  || navigator.standalone === true;

const state = () => globalThis.svodInstall || (globalThis.svodInstall = { prompt: null, installed: false });

function render(root) {
  const s = state();
  const installed = s.installed || standalone();
  const button = root.querySelector("[data-svod-install-button]");
  const steps = root.querySelector("[data-svod-install-steps]");
  const done = root.querySelector("[data-svod-install-done]");
  if (button) button.hidden = installed || !s.prompt;
  if (done) done.hidden = !installed;
  if (steps) steps.hidden = installed || !!s.prompt;
  const other = root.querySelector("[data-svod-install-other]");
  if (other) (other.closest("li") || other).hidden = isIOS();
  root.dataset.state = installed ? "installed" : s.prompt ? "prompt" : "steps";
}

async function install(root) {
  const s = state();
  const offer = s.prompt;
  if (!offer) return;
  s.prompt = null; // an offer can be used once
  try {
    await offer.prompt();
    const choice = await offer.userChoice;
    if (choice && choice.outcome === "accepted") s.installed = true;
  } catch (err) {
    console.warn("svod: install", err);
  }
  render(root);
}

let listening = false;
/** The install block of this page (a page reached by instant navigation too). */
export function attach(doc = document) {
  const root = doc.querySelector("[data-svod-install]");
  if (!root) return;
  const button = root.querySelector("[data-svod-install-button]");
  if (button && !button.dataset.svodBound) {
    button.dataset.svodBound = "1";
    button.addEventListener("click", () => install(root));
  }
  if (!listening) {
    listening = true;
    const again = () => { const r = document.querySelector("[data-svod-install]"); if (r) render(r); };
    addEventListener("svod:installable", again);
    addEventListener("appinstalled", () => { state().installed = true; state().prompt = null; again(); });
  }
  render(root);
}
