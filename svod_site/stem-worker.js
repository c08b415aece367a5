/*
 * Свод: Russian and English stemming for Material's search.
 *
 * Material's worker appends `*` to every query word and lunr does not stem wildcard
 * terms, so «поглощения» never finds «Поглощение». This wrapper is installed under the
 * name of Material's search worker (svod_site/search.py renames the original to
 * `__MATERIAL_WORKER__` and writes this file in its place): before a query reaches
 * Material, each word is reduced to the part of its lunr stem (Russian or English
 * Snowball stemmer, loaded by Material itself) that is a prefix of the word, so
 * Material's `*` then matches every inflected form in the index. ё is folded to е in
 * the query and in the indexed documents.
 *
 * It also orders and labels the results (Material's RESULT message, type 3): the groups
 * (one per page) of the system of the page searched from come first (the query says which
 * page: calculators/head.js adds `svodFrom`), rule pages before calculator pages, each
 * group in Material's order otherwise; every group's page gets its system's name as a tag
 * (Material draws a document's `tags` as chips). The index's entries carry `system` and
 * `kind`, its `config.svod.systems` the names (svod_site/search.py).
 *
 * It depends on Material internals (message types SETUP = 0, QUERY = 2, RESULT = 3, a
 * message listener that reads `ev.data` only, results posted with the global
 * `postMessage`, `data.items` a list of groups whose page entry has no `#`);
 * tests/browser/test_search.py checks it.
 */
(function () {
  "use strict"
  var SETUP = 0
  var QUERY = 2
  var RESULT = 3
  var MIN_STEM = 3

  function fold(text) {
    return typeof text === "string" ? text.replace(/ё/g, "е").replace(/Ё/g, "Е") : text
  }

  function stemWord(word) {
    var lunr = self.lunr
    var lower = fold(word.toLowerCase())
    var stem = lower
    try {
      if (/[а-я]/.test(lower) && lunr && lunr.ru && lunr.ru.stemmer)
        stem = String(lunr.ru.stemmer(new lunr.Token(lower, {})))
      else if (/^[a-z]+$/.test(lower) && lunr && lunr.stemmer)
        stem = String(lunr.stemmer(new lunr.Token(lower, {})))
    } catch (err) {
      return lower
    }
    var i = 0
    while (i < stem.length && i < lower.length && stem.charAt(i) === lower.charAt(i)) i++
    return i >= MIN_STEM ? lower.slice(0, i) : lower
  }

  function stemQuery(query) {
    // letter runs only; a run followed by ":" is a field name (title:, text:, tags:)
    return query.replace(/[A-Za-zÀ-ÿА-Яа-яЁё]+(?![:A-Za-zÀ-ÿА-Яа-яЁё])/g, stemWord)
  }

  var systemOf = {}   // page location → its system (from the index)
  var labels = {}     // system → its name, in the index's language
  var from = ""       // the page the last query came from

  function rewrite(msg) {
    if (!msg || typeof msg !== "object") return msg
    if (msg.type === QUERY && typeof msg.data === "string") {
      from = typeof msg.svodFrom === "string" ? msg.svodFrom : ""
      return { type: QUERY, data: stemQuery(msg.data) }
    }
    if (msg.type === SETUP && msg.data && Array.isArray(msg.data.docs)) {
      var svod = msg.data.config && msg.data.config.svod
      labels = (svod && svod.systems) || {}
      for (var k = 0; k < msg.data.docs.length; k++) {
        var doc = msg.data.docs[k]
        doc.title = fold(doc.title)
        doc.text = fold(doc.text)
        if (doc.system && doc.location.indexOf("#") < 0) systemOf[doc.location] = doc.system
      }
    }
    return msg
  }

  function pageOf(group) {
    for (var i = 0; i < group.length; i++)
      if (group[i].location.indexOf("#") < 0) return group[i]
    return group[0]
  }

  // groups of the page's system first, rule pages before calculator pages, else Material's order
  function arrange(items, here) {
    var keyed = items.map(function (group, i) {
      var page = pageOf(group)
      var key = (here && page.system !== here ? 2 : 0) + (page.kind === "calc" ? 1 : 0)
      if (page.system && labels[page.system]) page.tags = [labels[page.system]]
      return { group: group, key: key, i: i }
    })
    keyed.sort(function (a, b) { return a.key - b.key || a.i - b.i })
    return keyed.map(function (k) { return k.group })
  }

  function systemHere() {
    var here = systemOf[from.split("#")[0]]
    return here && here !== "common" ? here : ""
  }

  self.svodStemQuery = stemQuery
  self.svodArrange = arrange

  var realPost = self.postMessage
  self.postMessage = function (msg) {
    if (msg && msg.type === RESULT && msg.data && Array.isArray(msg.data.items))
      msg = { type: RESULT, data: Object.assign({}, msg.data, { items: arrange(msg.data.items, systemHere()) }) }
    return realPost.apply(self, arguments.length > 1 ? [msg].concat([].slice.call(arguments, 1)) : [msg])
  }

  var realAdd = self.addEventListener
  self.addEventListener = function (type, fn, options) {
    if (type !== "message")
      return realAdd.call(self, type, fn, options)
    return realAdd.call(self, "message", function (ev) {
      return fn.call(self, { data: rewrite(ev.data), origin: ev.origin })
    }, options)
  }
  try {
    importScripts("__MATERIAL_WORKER__")
  } finally {
    self.addEventListener = realAdd
  }
})()
