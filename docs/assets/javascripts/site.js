/*
 * Свод: small site-wide behaviour (no dependencies). Everything is delegated from the
 * document, so nothing scans the page at load and nothing needs re-running when Material's
 * instant navigation swaps the content.
 *
 * 1. Tooltips for [title] elements in the content: the glossary terms, <abbr title="…">
 *    (Markdown abbreviations generated from docs/_glossary.yml by svod_site/glossary.py),
 *    and the other titled elements. They look and behave as Material's content.tooltips
 *    (the same .md-tooltip2 markup and styles: on hover, on focus, below the term), but one
 *    set of listeners serves the whole page: Material mounted a component with its own
 *    listeners and subscriptions for every titled element at load, which cost more main-thread
 *    time on a long rules page than anything else the page runs (measured with Lighthouse).
 *    The terms are focusable (tabindex=0 and class svod-term, set at build time by
 *    svod_site/glossary.py): a tap on a phone focuses the term and shows the definition; a tap
 *    elsewhere blurs it and the tooltip goes.
 *
 * 3. A region that scrolls sideways (a wide table, Material's .md-typeset__scrollwrap, the
 *    faces of a long roll) can be reached and scrolled by keyboard: while it overflows it is a
 *    focusable region (tabindex=0, role=region) named after its table's caption, its dice or the
 *    heading above it. Looked for when the page is idle, after a resize, and when a calculator
 *    redraws its result (the one scan of the page here, off the start-up path).
 *
 * 2. The language switch goes to the same page in the other language, at the section being
 *    read (the same anchor: a switch at the top of the page stays at the top). The built links
 *    point at the language roots (svod_site/i18n.py: Material fetches a sitemap from
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
    // the query goes along (a calculator keeps its inputs in the address), and the anchor of
    // the section the reader is in (both languages have the same anchors), else the address's
    var section = readingSection()
    return new URL(path, root).pathname + location.search + (section ? "#" + section : location.hash)
  }

  // The section being read: the one at the top of the screen, i.e. the last heading of the page
  // above a line 4rem below the header (a heading just landed on, 5.8rem from the top as site.css
  // places a target, is above it too); none at the page's top.
  function readingSection() {
    var header = document.querySelector(".md-header")
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16
    var line = (header ? header.getBoundingClientRect().bottom : 0) + 4 * rem
    var found = null
    var hs = document.querySelectorAll(".md-content article :is(h2, h3, h4, h5, h6)[id]")
    for (var i = 0; i < hs.length; i++) {
      if (hs[i].getBoundingClientRect().top > line) break
      found = hs[i].id
    }
    return found
  }

  // ---- 1. tooltips ------------------------------------------------------------------------

  var TITLED = "[data-md-component=content] [title]:not([data-preview])"
  var tip = null   // { host, node, title, hover, focus, timer }

  function titled(target) {
    return target instanceof Element ? target.closest(TITLED) : null
  }

  function place() {
    if (!tip) return
    var rect = tip.host.getBoundingClientRect()
    var s = tip.node.style
    s.setProperty("--md-tooltip-host-x", (rect.x + window.scrollX) + "px")
    s.setProperty("--md-tooltip-host-y", (rect.y + window.scrollY) + "px")
    s.setProperty("--md-tooltip-x", (rect.width / 2) + "px")
    s.setProperty("--md-tooltip-y", (8 + rect.height) + "px")
    s.setProperty("--md-tooltip-width", tip.node.firstChild.offsetWidth + "px")
    s.setProperty("--md-tooltip-tail", "0px")
  }

  function drop() {
    if (!tip) return
    var t = tip
    tip = null
    clearTimeout(t.timer)
    removeEventListener("scroll", place, true)
    removeEventListener("resize", place)
    t.node.remove()
    t.host.setAttribute("title", t.title)
    t.host.removeAttribute("aria-describedby")
  }

  function show(host) {
    if (tip && tip.host === host) {
      clearTimeout(tip.timer)
      tip.node.classList.add("md-tooltip2--active")
      return
    }
    drop()
    var title = host.getAttribute("title")
    if (!title) return
    var node = document.createElement("div")
    node.className = "md-tooltip2 md-tooltip2--bottom"
    node.setAttribute("role", "tooltip")
    node.id = "__tooltip2_svod"
    var inner = document.createElement("div")
    inner.className = "md-tooltip2__inner md-typeset"
    inner.textContent = title
    node.appendChild(inner)
    // the native tooltip would cover ours: the title comes back when the tooltip goes
    host.removeAttribute("title")
    host.setAttribute("aria-describedby", node.id)
    document.body.appendChild(node)
    tip = { host: host, node: node, title: title, hover: false, focus: false, timer: 0 }
    place()
    addEventListener("scroll", place, { capture: true, passive: true })
    addEventListener("resize", place)
    // appear in the next frame, so the transition runs (as Material's)
    requestAnimationFrame(function () {
      if (tip && tip.node === node && (tip.hover || tip.focus)) node.classList.add("md-tooltip2--active")
    })
  }

  function update() {
    if (!tip) return
    if (tip.hover || tip.focus) return show(tip.host)
    var node = tip.node
    node.classList.remove("md-tooltip2--active")
    clearTimeout(tip.timer)
    tip.timer = setTimeout(function () { if (tip && tip.node === node) drop() }, 250)
  }

  function onHost(host, key, value) {
    if (!tip || tip.host !== host) {
      if (!value) return
      show(host)
    }
    if (tip && tip.host === host) {
      tip[key] = value
      update()
    }
  }

  document.addEventListener("mouseover", function (ev) {
    var host = tip && tip.host.contains(ev.target) ? tip.host : titled(ev.target)
    if (host) onHost(host, "hover", true)
  })
  document.addEventListener("mouseout", function (ev) {
    if (tip && tip.host.contains(ev.target) && !tip.host.contains(ev.relatedTarget))
      onHost(tip.host, "hover", false)
  })
  document.addEventListener("focusin", function (ev) {
    var host = tip && tip.host === ev.target ? tip.host : titled(ev.target)
    if (host === ev.target) onHost(host, "focus", true)
  })
  document.addEventListener("focusout", function (ev) {
    if (tip && tip.host === ev.target) onHost(tip.host, "focus", false)
  })

  // ---- terms: a tap focuses the term (browsers that do not focus a tapped <abbr>) ----------

  document.addEventListener("click", function (ev) {
    var term = ev.target instanceof Element ? ev.target.closest("abbr.svod-term") : null
    if (term && document.activeElement !== term) term.focus()
  })

  // ---- 2. language switch -----------------------------------------------------------------

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

  // ---- 3. scrolling regions reachable by keyboard -------------------------------------------

  var SCROLLERS = ".md-typeset__scrollwrap, .svod-table > table, .svod-lastroll__group, .svod-dist__scroll"
  var REGION_WORD = { ru: "Прокручиваемая область", en: "Scrolling area" }

  function regionName(el) {
    var own = el.querySelector("caption, .svod-lastroll__name, .svod-dice__label")
    if (own && own.textContent.trim()) return own.textContent.trim().replace(/:$/, "")
    for (var n = el; n && !n.matches(".md-content"); n = n.parentElement) {
      for (var prev = n.previousElementSibling; prev; prev = prev.previousElementSibling) {
        if (/^H[1-6]$/.test(prev.tagName)) return prev.textContent.replace(/¶$/, "").trim()
        var calc = prev.matches(".svod-calc__title") ? prev : null
        if (calc) return calc.textContent.trim()
      }
      if (n.matches(".svod-calc")) {
        var title = n.querySelector(".svod-calc__title")
        if (title) return title.textContent.trim()
      }
    }
    return REGION_WORD[/^en/.test(document.documentElement.lang) ? "en" : "ru"]
  }

  function markScrollers() {
    var all = document.querySelectorAll(SCROLLERS)
    for (var i = 0; i < all.length; i++) {
      var el = all[i]
      var scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
      if (scrolls && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0")
        el.setAttribute("role", "region")
        el.setAttribute("aria-label", regionName(el))
        el.setAttribute("data-svod-scroller", "")
      } else if (!scrolls && el.hasAttribute("data-svod-scroller")) {
        el.removeAttribute("tabindex")
        el.removeAttribute("role")
        el.removeAttribute("aria-label")
        el.removeAttribute("data-svod-scroller")
      }
    }
  }

  var scanTimer = 0
  function scanSoon() {
    clearTimeout(scanTimer)
    scanTimer = setTimeout(function () {
      if (window.requestIdleCallback) requestIdleCallback(markScrollers, { timeout: 1000 })
      else markScrollers()
    }, 150)
  }
  addEventListener("resize", scanSoon)
  var watched = null
  var redraws = window.MutationObserver ? new MutationObserver(scanSoon) : null

  function onPage() {
    drop()
    updateLanguageLinks()
    scanSoon()
    // a calculator's result, its last roll and its history are drawn after the page
    var content = document.querySelector(".md-content")
    if (redraws && content && content !== watched) {
      redraws.disconnect()
      redraws.observe(content, { childList: true, subtree: true })
      watched = content
    }
  }

  if (typeof document$ !== "undefined" && document$.subscribe)
    document$.subscribe(onPage)
  else if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", onPage)
  else
    onPage()
})()
