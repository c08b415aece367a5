// Свод — the script of every page's <head> (overrides/main.html puts it after the stylesheets).
// A classic, parser-blocking script on purpose: all of it must have run before Material's bundle
// (at the end of <body>) starts, and the service worker has it cached after the first visit.
// Each part says what it changes and why.
(function () {
  "use strict";

  // 0. The page's uncaught errors and unhandled rejections, kept in window.svodErrors (at most
  //    50, "message @ file:line"): a browser whose driver cannot read the console (WebKit's)
  //    is tested by reading them, from the first script of the page on.
  var errors = window.svodErrors = [];
  var keep = function (text) { if (errors.length < 50) errors.push(String(text)); };
  addEventListener("error", function (e) {
    // an element that failed to load (an <img>, a <script>) has no message: name it
    var t = e.target;
    if (t && t !== window && t.tagName) keep("failed to load: <" + t.tagName.toLowerCase() + "> " + (t.src || t.href || ""));
    else keep((e.message || "error") + " @ " + (e.filename || "?") + ":" + (e.lineno || 0));
  }, true);
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    keep("unhandled rejection: " + (r && (r.stack || r.message) || r));
  });

  // 1. Material starts its search worker on every page load (lunr and the language stemmers: a
  //    few hundred ms of CPU while the page, and a calculator, start), although the worker only
  //    gets work once the search index has loaded, which waits until the search is touched (2.).
  //    So the search worker is created at its first message; listeners added before are passed on.
  //    Every other worker is created as usual.
  //    Material never looks at its worker again: a worker whose script did not load (a request
  //    that failed), or whose start threw (lunr's language files are fetched then; stem-worker.js
  //    raises a failed start as the worker's error), would leave the box at «Инициализация
  //    поиска» for good, whatever the reader does. Until it has said it is ready (Material's
  //    message type 1), a worker that fails is started again (after 1, 2, 4 s) and gets the same
  //    first messages.
  var RealWorker = window.Worker;
  var RESTARTS = 3;
  if (RealWorker) {
    var isSearchWorker = function (url) {
      return /\/workers\/search\.[^/]*\.js$/.test(String(url).split("?")[0]);
    };
    // A query (Material's message type 2) says which page it comes from, relative to the site
    // root (as the index's locations are): stem-worker.js ranks that page's system first.
    var withPage = function (message) {
      if (!message || message.type !== 2) return message;
      var from = "";
      try {
        var base = JSON.parse(document.getElementById("__config").textContent).base || ".";
        var root = new URL(base.replace(/\/?$/, "/"), location.href).pathname;
        if (location.pathname.indexOf(root) === 0) from = location.pathname.slice(root.length);
      } catch (e) { /* no page: no preference */ }
      return { type: message.type, data: message.data, svodFrom: from };
    };
    window.Worker = function (url, options) {
      if (!isSearchWorker(url)) return new RealWorker(url, options);
      // the address as the page has it now (the worker may start after instant navigation)
      url = new URL(url, document.baseURI).href;
      var real = null;
      var listeners = [];
      var early = [];     // the messages posted before the worker said it was ready
      var ready = false;
      var restarts = 0;
      var ended = false;  // terminated: never started again
      var start = function () {
        var w = real = new RealWorker(url, options);
        listeners.forEach(function (l) { w.addEventListener(l[0], l[1], l[2]); });
        w.addEventListener("message", function (e) { if (e.data && e.data.type === 1) ready = true; });
        w.addEventListener("error", function () {
          if (ready || ended || w !== real || restarts >= RESTARTS) return;
          w.terminate();
          setTimeout(function () {
            if (ended || w !== real) return;
            start();
            early.forEach(function (m) { real.postMessage(m[0], m[1]); });
          }, 1000 * Math.pow(2, restarts++));
        });
      };
      return {
        addEventListener: function (type, fn, opts) {
          listeners.push([type, fn, opts]);
          if (real) real.addEventListener(type, fn, opts);
        },
        removeEventListener: function (type, fn, opts) {
          listeners = listeners.filter(function (l) { return l[0] !== type || l[1] !== fn; });
          if (real) real.removeEventListener(type, fn, opts);
        },
        postMessage: function (message, transfer) {
          if (ended) return;
          message = withPage(message);
          if (!ready) early.push([message, transfer]);
          if (!real) start();
          real.postMessage(message, transfer);
        },
        terminate: function () {
          ended = true;
          if (real) real.terminate();
        },
      };
    };
    window.Worker.prototype = RealWorker.prototype;
  }

  // 2. Material fetches the whole search index (1.4 MB) on every page load; a phone at the table
  //    rarely searches. That one request is held until the search is first touched (focus, tap,
  //    the keyboard shortcut, a ?q= or ?h= link): a rules page stays small. window.svodSearchIndex()
  //    lets it go.
  //    Material asks for the index once: a request that fails (no answer, an error status) would
  //    leave the box at «Инициализация поиска» for good. It is asked again (after 1, 2, 4, 8, 16 s),
  //    the failure kept from Material's handlers; after the last, Material hears it.
  var XHR = XMLHttpRequest.prototype;
  var open = XHR.open;
  var send = XHR.send;
  var INDEX_RETRIES = 5;
  var release;
  var released = new Promise(function (resolve) { release = resolve; });
  //    Each language has its own index (svod_site/search.py): Material asks for the one at the
  //    site root, an English page (under en/) gets the English one.
  var english = /^en/.test(document.documentElement.lang);
  var retried = function (xhr, args) {
    var tries = 0;
    var again = function (e) {
      if (e.type === "load" && xhr.status >= 200 && xhr.status < 300) return;
      if (tries >= INDEX_RETRIES) return;
      e.stopImmediatePropagation();
      setTimeout(function () {
        var type = xhr.responseType;
        open.apply(xhr, args);
        xhr.responseType = type;
        send.call(xhr);
      }, 1000 * Math.pow(2, tries++));
    };
    // added before Material's own handlers (it opens the request first)
    ["load", "error", "timeout"].forEach(function (t) { xhr.addEventListener(t, again); });
  };
  XHR.open = function (method, url) {
    this._svodWait = /\/search\/search_index\.json$/.test(String(url).split("?")[0]);
    if (!this._svodWait) return open.apply(this, arguments);
    var args = Array.prototype.slice.call(arguments);
    if (english) args[1] = String(url).replace(/\/search\/search_index\.json/, "/en/search/search_index.json");
    if (!this._svodRetried) {
      this._svodRetried = true;
      retried(this, args);
    }
    return open.apply(this, args);
  };
  XHR.send = function () {
    var xhr = this;
    var args = arguments;
    if (!xhr._svodWait) return send.apply(xhr, args);
    released.then(function () { send.apply(xhr, args); });
  };
  var touched = function (e) {
    var t = e.target;
    if (t && t.closest && t.closest(".md-search,[for=__search]")) release();
  };
  addEventListener("focusin", touched, true);
  addEventListener("pointerdown", touched, true);
  addEventListener("click", touched, true);
  // a ?q= link opens the search; a result's link (?h=) is highlighted on landing (search.highlight
  // needs the index's settings, and the index has just been loaded for the search: it is cached)
  if (/[?&][qh]=/.test(location.search)) release();
  window.svodSearchIndex = release;

  // 3. The search dialog gets an accessible name (Lighthouse, accessibility).
  document.addEventListener("DOMContentLoaded", function () {
    var dialog = document.querySelector(".md-search[role=dialog]");
    if (dialog && !dialog.hasAttribute("aria-label")) {
      dialog.setAttribute("aria-label", /^en/.test(document.documentElement.lang) ? "Search" : "Поиск");
    }
  });

  // 4. Material's instant navigation rewrites every href in the document to an absolute URL when
  //    its bundle starts (el.href = el.href). For the stylesheet links that is a new href: Chrome
  //    processes the style sheets again and restyles the whole page twice, inside the bundle's
  //    start-up task. Done now, before the body exists, it costs nothing, and Material's rewrite
  //    later finds the same value and changes nothing. (This script comes after the links.)
  document.querySelectorAll("head [href]").forEach(function (l) { l.href = l.href; });

  // 5. The browser's offer to install the site (Chrome, Edge, Samsung Internet) may come before
  //    any module has loaded: it is kept for the home page's «Установить» button (install.mjs),
  //    and the browser's own banner is held back (the button and the browser's menu remain).
  window.svodInstall = { prompt: null, installed: false };
  addEventListener("beforeinstallprompt", function (e) {
    e.preventDefault();
    window.svodInstall.prompt = e;
    dispatchEvent(new Event("svod:installable"));
  });

  // 6. A calculator page (its runtime data is built in, #svod-runtime) on a warm visit (the
  //    service worker has the runtime): the 9.6 MB .wasm is compiled from Cache Storage now, on
  //    the browser's compiler threads, while the page starts; calc.mjs hands the module
  //    (window.svodWasm, a promise of it or of null) to the calculator's worker.
  //    SVOD_CALC_PAGE_WASM = false turns this off (the benchmark measures without it).
  try {
    var sw = navigator.serviceWorker;
    var here = document.currentScript && document.currentScript.src;
    if (document.getElementById("svod-runtime") && here && sw && sw.controller && self.caches &&
        WebAssembly.compileStreaming && globalThis.SVOD_CALC_PAGE_WASM !== false) {
      window.svodWasm = caches.match(new URL("../pyodide/pyodide.asm.wasm", here).href)
        .then(function (r) { return r && r.ok ? WebAssembly.compileStreaming(r) : null; })
        .catch(function () { return null; });
    }
  } catch (e) { /* the worker compiles its own */ }
})();
