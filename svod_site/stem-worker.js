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
 * It depends on Material internals (message types SETUP = 0 and QUERY = 2, a message
 * listener that reads `ev.data` only); tests/browser/test_search.py checks it.
 */
(function () {
  "use strict"
  var SETUP = 0
  var QUERY = 2
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

  function rewrite(msg) {
    if (!msg || typeof msg !== "object") return msg
    if (msg.type === QUERY && typeof msg.data === "string")
      return { type: QUERY, data: stemQuery(msg.data) }
    if (msg.type === SETUP && msg.data && Array.isArray(msg.data.docs)) {
      for (var k = 0; k < msg.data.docs.length; k++) {
        var doc = msg.data.docs[k]
        doc.title = fold(doc.title)
        doc.text = fold(doc.text)
      }
    }
    return msg
  }

  self.svodStemQuery = stemQuery

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
