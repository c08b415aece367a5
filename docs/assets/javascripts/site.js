/*
 * Свод: small site-wide behaviour (no dependencies, runs on every page change of
 * Material's instant navigation through document$).
 *
 * 1. Glossary tooltips on touch screens and from the keyboard. Terms in the rule pages
 *    are <abbr title="…"> (Markdown abbreviations generated from docs/_glossary.yml by
 *    scripts/site_hooks.py). Material's content.tooltips shows them on hover and on
 *    focus; an <abbr> cannot take focus, so a tap on a phone did nothing. Each term
 *    becomes focusable (tabindex=0): a tap focuses it and Material shows the definition;
 *    a tap elsewhere blurs it and the tooltip goes.
 *
 * 2. The language switch goes to the same page in the other language. The built links
 *    point at the language roots (scripts/site_hooks.py: Material fetches a sitemap from
 *    each <link rel="alternate">), and instant navigation does not redraw the header, so
 *    they are recomputed from the current address on every page change (Russian at the
 *    site root, English under en/, same path and anchor); the switch is a full page load
 *    so the interface language changes too.
 */
(function () {
  "use strict"

  function siteRoot() {
    var el = document.getElementById("__config")
    var base = "."
    try { base = JSON.parse(el.textContent).base || "." } catch (err) { /* keep "." */ }
    return new URL(base.replace(/\/?$/, "/"), location.href)
  }

  function counterpart(lang) {
    var root = siteRoot()
    var rel = location.pathname.indexOf(root.pathname) === 0
      ? location.pathname.slice(root.pathname.length) : ""
    rel = rel.replace(/^en(\/|$)/, "")
    var path = (lang === "en" ? "en/" : "") + rel
    // the query and the anchor go along (a calculator keeps its inputs in the address)
    return new URL(path, root).pathname + location.search + location.hash
  }

  function enhanceTerms() {
    var terms = document.querySelectorAll(".md-content abbr")
    for (var i = 0; i < terms.length; i++) {
      var abbr = terms[i]
      if (abbr.hasAttribute("tabindex")) continue
      abbr.setAttribute("tabindex", "0")
      abbr.classList.add("svod-term")
      abbr.addEventListener("click", function (ev) {
        if (document.activeElement !== ev.currentTarget) ev.currentTarget.focus()
      })
    }
  }

  function updateLanguageLinks() {
    var links = document.querySelectorAll("a.md-select__link[hreflang]")
    for (var i = 0; i < links.length; i++)
      links[i].setAttribute("href", counterpart(links[i].getAttribute("hreflang")))
  }

  document.addEventListener("click", function (ev) {
    var a = ev.target instanceof Element ? ev.target.closest("a.md-select__link[hreflang]") : null
    if (!a || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return
    ev.preventDefault()
    ev.stopImmediatePropagation()
    location.assign(counterpart(a.getAttribute("hreflang")))
  }, true)

  function onPage() {
    enhanceTerms()
    updateLanguageLinks()
  }

  if (typeof document$ !== "undefined" && document$.subscribe)
    document$.subscribe(onPage)
  else if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", onPage)
  else
    onPage()
})()
