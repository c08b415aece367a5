/*
 * Свод: Russian and English stemming for Material's search, the players' words, and the order
 * of the results.
 *
 * This wrapper is installed under the name of Material's search worker (svod_site/search.py
 * renames the original to `__MATERIAL_WORKER__` and writes this file in its place). Material's
 * worker appends `*` to every query word and lunr does not stem wildcard terms, so «поглощения»
 * never found «Поглощение»; a short word (`в*`) or an abbreviation (`уп*`) matched every word
 * that merely begins so; English «fire*» ranked «Firearms» above «On fire!». Before a query
 * reaches Material it is planned (`plan`), word by word:
 *   1. a word naming a system («кодекс», «codex», «сериал»…: `config.svod.system_words`) is
 *      taken as a preference for that system's results and not searched for;
 *   2. a players' phrase (`config.svod.aliases`, the glossary's `players`) gets the rules' own
 *      words in its place: «атака по возможности» → «Перехват», «dual wield» → «Two-gun
 *      shooting» (compared word by word by their stems); the player's words the index has stay;
 *   3. stop words are dropped (lunr's Russian and English lists: the index has none of them, so
 *      as prefixes they only matched other words), and a word repeated;
 *   4. an all-caps abbreviation (УП, ПСВ, ED6) or a word of one or two letters is matched whole
 *      (`уп^1`: Material adds no `*` after a boost) when the index has it, else left out (a last
 *      word of two letters, being typed, is kept as a prefix);
 *   5. any other word is reduced to the part of its lunr stem (Russian or English Snowball
 *      stemmer, loaded by Material itself) that is a prefix of the word (less a Russian verb's
 *      final vowel: «поглощает» → «поглощ»). An English word is searched as its own forms in the
 *      index, each whole (fire, fires, fired; not firearms); a Russian one as the prefix (Material
 *      adds `*`, so every word it begins matches: «фланг» → «фланговые»), with its own forms
 *      once more at a higher boost (`family`: «брони» ranks «Броня» above «Бронированный»);
 *   6. a stem that begins no word of the index is corrected: the variant at edit distance 1
 *      (a letter left out, added, changed, or two swapped) that begins the most indexed words
 *      («иннициатива» → «инициатив», «снайперка» → «снайпер»).
 * ё is folded to е in the query and in the indexed documents. A query in lunr's own syntax
 * (`title:`, `+`, `-`, `~`, `^`, `*`, quotes) is only stemmed (step 5's prefix).
 *
 * It also rescores, orders and labels the results (Material's RESULT message, type 3):
 *   - an entry's score loses Material's extra boost of a page's own entry and counts an English
 *     word's forms as the one word typed (`rescore`): a section that matches as well as a page's
 *     title or introduction is as good an answer;
 *   - the groups (one per page) of the preferred system come first (named in the query, else
 *     the system of the page searched from: calculators/head.js adds `svodFrom` to the query),
 *     rule pages before calculator pages before the print sheets, the group holding the rule of
 *     a glossary term the query names (`config.svod.terms`: «УП», «ПСВ», «ED6») first among
 *     them, then by their best entry;
 *   - in each group the best entry comes first (that rule, else the best-scoring section), so
 *     that Material's result list shows it unfolded under the page's title (Material folds every
 *     section scoring below a group's first entry under «Ещё N на этой странице»);
 *   - every group's page gets its system's name as a tag (Material draws `tags` as chips).
 * The index's entries carry `system` and `kind`, its `config.svod` the rest (svod_site/search.py).
 *
 * It depends on Material internals (message types SETUP = 0, QUERY = 2, RESULT = 3, a message
 * listener that reads `ev.data` only, results posted with the global `postMessage`, `data.items`
 * a list of groups whose page entry has no `#`, each entry's `score` and `terms` and Material's
 * boost of them, the query transform that leaves a term with a `^N` boost without `*`, the
 * index built by `lunr.Builder.prototype.build`, whose `invertedIndex` lists the indexed words);
 * tests/test_search_stem.py, tests/test_search_queries.py and tests/browser/test_search.py
 * check it.
 */
(function () {
  "use strict"
  var SETUP = 0
  var QUERY = 2
  var RESULT = 3
  var MIN_STEM = 3      // a stem shorter than this would match far too much: the word stays whole
  var WHOLE = 2         // a word of at most this many letters is matched whole
  var RU_FORMS_BOOST = 2 // a Russian word's own forms, beside its stem's prefix match
  var TYPO_MIN = 5      // a word shorter than this is not corrected
  var MIN_PREFIX = 4    // a shorter stem is searched as a prefix only when it is the word itself
  var SYNTAX = /(^|\s)[+-]\S|[~^*":]/
  var WORD = /[0-9A-Za-zÀ-ÿА-Яа-яЁё]+(?:['’][A-Za-z]+)?/g
  var RU = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
  var EN = "abcdefghijklmnopqrstuvwxyz"
  var KIND_RANK = { rules: 0, calc: 1, sheet: 2 }

  function fold(text) {
    return typeof text === "string" ? text.replace(/ё/g, "е").replace(/Ё/g, "Е") : text
  }

  function lower(word) {
    return fold(word.toLowerCase()).replace(/['’]s$/, "").replace(/['’]/g, "")
  }

  function stemWord(word) {
    var lunr = self.lunr
    var low = lower(word)
    var stem = low
    try {
      if (/[а-я]/.test(low) && lunr && lunr.ru && lunr.ru.stemmer)
        stem = String(lunr.ru.stemmer(new lunr.Token(low, {})))
      else if (/^[a-z]+$/.test(low) && lunr && lunr.stemmer)
        stem = String(lunr.stemmer(new lunr.Token(low, {})))
    } catch (err) {
      return low
    }
    var i = 0
    while (i < stem.length && i < low.length && stem.charAt(i) === low.charAt(i)) i++
    // a Russian stem ending in a vowel is a verb's or a participle's: its noun has the stem
    // without the vowel («поглощает» → «поглоща», «поглощение» → «поглощен»)
    if (i > MIN_STEM + 1 && /[аеиоуыэюя]/.test(low.charAt(i - 1))) i--
    return i >= MIN_STEM ? low.slice(0, i) : low
  }

  function stemQuery(query) {
    // letter runs only; a run followed by ":" is a field name (title:, text:, tags:)
    return query.replace(/[A-Za-zÀ-ÿА-Яа-яЁё]+(?![:A-Za-zÀ-ÿА-Яа-яЁё])/g, stemWord)
  }

  function isStopWord(low) {
    var lunr = self.lunr
    if (!lunr) return false
    var token = new lunr.Token(low, {})
    return (lunr.ru && lunr.ru.stopWordFilter && !lunr.ru.stopWordFilter(token)) ||
      (lunr.stopWordFilter && !lunr.stopWordFilter(token))
  }

  function isAbbreviation(word) {
    return word.length >= 2 && word.length <= 4 && /[A-ZА-ЯЁ]/.test(word) &&
      word === word.toUpperCase() && word !== word.toLowerCase()
  }

  // ---- the index's words (lunr's inverted index, taken when Material builds it) --------------
  var words = []          // every indexed word, sorted
  var indexed = {}        // the inverted index itself

  function learn(index) {
    indexed = (index && index.invertedIndex) || {}
    words = Object.keys(indexed).sort()
  }

  function firstFrom(prefix) {   // the first word ≥ prefix
    var lo = 0
    var hi = words.length
    while (lo < hi) {
      var mid = (lo + hi) >> 1
      if (words[mid] < prefix) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  function begun(prefix) {       // how many indexed words begin with prefix
    var i = firstFrom(prefix)
    var j = firstFrom(prefix + "\uffff")
    return j - i
  }

  function isIndexed(word) {
    return Object.prototype.hasOwnProperty.call(indexed, word)
  }

  // the indexed words that are forms of the word whose stem is given: English, the words of the
  // same stem (fire: fire, fires, fired; not firearms); Russian, also those whose stem goes at
  // most RU_SUFFIX letters further and that are at most one letter longer still than the word
  // typed (брони: броня, броней; фланга: фланговые; not бронированный; очередь: not очередности)
  var RU_SUFFIX = 2

  function family(stem, typed) {
    var russian = /[а-я]/.test(stem)
    var out = []
    for (var i = firstFrom(stem); i < words.length && words[i].indexOf(stem) === 0; i++) {
      var w = words[i]
      if (russian) {
        if (/^[а-я]+$/.test(w) && stemWord(w).length <= stem.length + RU_SUFFIX &&
            w.length <= typed.length + RU_SUFFIX + 1) out.push(w)
      } else if (/^[a-z]+(?:['’][a-z]+)?$/.test(w) && stemWord(w) === stem) {
        out.push(w)
      }
    }
    return out
  }

  // the variant of a stem at edit distance 1 that begins the most indexed words
  function corrected(stem) {
    var letters = /[а-я]/.test(stem) ? RU : EN
    var best = ""
    var most = 0
    function consider(v) {
      if (v.length < MIN_STEM) return
      var n = begun(v)
      if (n > most || (n === most && n > 0 && v.length > best.length)) { best = v; most = n }
    }
    for (var i = 0; i <= stem.length; i++) {
      if (i < stem.length) consider(stem.slice(0, i) + stem.slice(i + 1))
      if (i + 1 < stem.length) consider(stem.slice(0, i) + stem.charAt(i + 1) + stem.charAt(i) + stem.slice(i + 2))
      for (var k = 0; k < letters.length; k++) {
        var c = letters.charAt(k)
        if (i < stem.length && c !== stem.charAt(i)) consider(stem.slice(0, i) + c + stem.slice(i + 1))
        consider(stem.slice(0, i) + c + stem.slice(i))
      }
    }
    return best
  }

  // ---- systems named in a query, the players' words -----------------------------------------
  var systemWords = {}    // system → the beginnings of the words that name it
  var aliasSource = []    // [{phrases, to}] from the index's config
  var aliases = null      // [{stems: [...], to: [words]}], longest first (made at the first query)
  var termSource = []     // [{names, at}]: the glossary's terms and the entries of their rules
  var terms = null        // {stems of a name, joined by spaces: [entry locations]}

  function systemNamed(word) {
    var low = lower(word)
    for (var system in systemWords)
      for (var i = 0; i < systemWords[system].length; i++)
        if (low.indexOf(systemWords[system][i]) === 0) return system
    return ""
  }

  function aliasTable() {
    if (aliases) return aliases
    aliases = []
    aliasSource.forEach(function (a) {
      var to = fold(a.to).match(WORD) || []
      a.phrases.forEach(function (p) {
        var ws = fold(p).match(WORD) || []
        if (ws.length) aliases.push({ stems: ws.map(stemWord), to: to })
      })
    })
    aliases.sort(function (x, y) { return y.stems.length - x.stems.length })
    return aliases
  }

  function key(ws) {
    return ws.filter(function (w) { return !isStopWord(lower(w)) }).map(stemWord).join(" ")
  }

  function termTable() {
    if (terms) return terms
    terms = {}
    termSource.forEach(function (t) {
      t.names.forEach(function (name) {
        var k = key(fold(name).match(WORD) || [])
        if (!k) return
        terms[k] = terms[k] || []
        if (terms[k].indexOf(t.at) < 0) terms[k].push(t.at)
      })
    })
    return terms
  }

  // the query's words with every players' phrase replaced by the rules' words (their stems noted
  // in `added`: words the reader did not type)
  var added = {}
  function expand(ws) {
    var stems = ws.map(stemWord)
    var table = aliasTable()
    var out = []
    for (var i = 0; i < ws.length;) {
      var hit = null
      for (var a = 0; a < table.length && !hit; a++) {
        var s = table[a].stems
        if (i + s.length > ws.length) continue
        var same = true
        for (var j = 0; j < s.length && same; j++) same = s[j] === stems[i + j]
        if (same) hit = table[a]
      }
      if (hit) {
        // the rules' words, and the player's own words the index has (they may be the rules'
        // words of another system: «с двух рук» is the source's own in «Лысогорские сказочки»)
        out.push.apply(out, hit.to)
        hit.to.forEach(function (w) { added[stemWord(w)] = true })
        for (var k = 0; k < hit.stems.length; k++)
          if (begun(hit.stems[k]) && !isStopWord(lower(ws[i + k]))) out.push(ws[i + k])
        i += hit.stems.length
      } else {
        out.push(ws[i])
        i++
      }
    }
    return out
  }

  // ---- the plan of a query --------------------------------------------------------------------
  // {query: what Material gets, prefer: a system named in it, rules: the entries of the glossary
  // terms the query names (all of it, once the system's name and stop words are left out),
  // merge: {an English word sent whole: the stem of the word typed}}
  function plan(query) {
    var out = { query: query, prefer: "", rules: [], merge: {}, added: {} }
    if (typeof query !== "string") return out
    if (SYNTAX.test(query)) {
      out.query = stemQuery(query)
      return out
    }
    var ws = fold(query).match(WORD) || []
    var kept = ws.filter(function (w) {
      var system = systemNamed(w)
      if (system && !out.prefer) out.prefer = system
      return !system
    })
    if (!kept.length) kept = ws
    added = {}
    kept = expand(kept)
    out.added = added
    var seen = {}
    var content = kept.filter(function (w) {
      var stem = stemWord(w)
      if (isStopWord(lower(w)) || seen[stem]) return false
      seen[stem] = true
      return true
    })
    if (!content.length) content = kept
    out.rules = termTable()[key(content)] || []
    var sent = []
    content.forEach(function (w, n) {
      var low = lower(w)
      if ((isAbbreviation(w) || low.length <= WHOLE) && isIndexed(low)) {
        sent.push(low + "^1")
        return
      }
      // a word of one or two letters the index lacks is left out, unless it is the last one and
      // two letters long: a word being typed (search runs at each key)
      if (low.length <= WHOLE && (low.length < WHOLE || n < content.length - 1)) return
      var stem = stemWord(w)
      var forms = family(stem, low)
      if (forms.length && /^[a-z]+$/.test(stem)) {
        // English: the word's own forms, each whole («fire» does not find «firearms»)
        forms.forEach(function (f) {
          sent.push(f + "^1")
          out.merge[f] = stem
        })
        return
      }
      if (forms.length) {
        // Russian: every word it begins, and its own forms once more (a word that merely begins
        // so, «бронированный» for «брони», ranks below «Броня»)
        forms.forEach(function (f) {
          sent.push(f + "^" + RU_FORMS_BOOST)
          out.merge[f] = stem
        })
      }
      if (words.length && !begun(stem) && low.length >= TYPO_MIN) {
        var fixed = corrected(stem)
        if (fixed) {
          sent.push(fixed)
          return
        }
      }
      // a stem of three letters cut from a longer word begins too many others («двое» → «дво»:
      // «двойной»): its forms only
      if (forms.length && stem.length < MIN_PREFIX && stem !== low) return
      sent.push(stem)
    })
    out.query = sent.join(" ")
    return out
  }

  // ---- the results ----------------------------------------------------------------------------
  var systemOf = {}   // page location → its system (from the index)
  var labels = {}     // system → its name, in the index's language
  var from = ""       // the page the last query came from
  var last = plan("") // the last query's plan

  function rewrite(msg) {
    if (!msg || typeof msg !== "object") return msg
    if (msg.type === QUERY && typeof msg.data === "string") {
      from = typeof msg.svodFrom === "string" ? msg.svodFrom : ""
      last = plan(msg.data)
      return { type: QUERY, data: last.query }
    }
    if (msg.type === SETUP && msg.data && Array.isArray(msg.data.docs)) {
      var svod = (msg.data.config && msg.data.config.svod) || {}
      labels = svod.systems || {}
      systemWords = svod.system_words || {}
      aliasSource = svod.aliases || []
      aliases = null
      termSource = svod.terms || []
      terms = null
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

  // an English word's forms, sent whole, count as the one query term typed (Material lists a
  // term no entry matched as missing, and makes the ?h= highlight of a result from the terms)
  function mergeTerms(terms, merge) {
    if (!terms) return terms
    var out = {}
    Object.keys(terms).forEach(function (t) {
      var k = Object.prototype.hasOwnProperty.call(merge, t) ? merge[t] : t
      out[k] = !!(out[k] || terms[t])
    })
    return out
  }

  // Material multiplies an entry's score by 1 + b², b its share of the query's terms that it
  // matches, plus 1 for a page's own entry. Here b is the share of the words typed (an English
  // word's forms, sent whole, are one), and a page's entry gets no more than a section: a section
  // that matches as well as a page's title or introduction is as good an answer.
  function share(terms) {
    var keys = Object.keys(terms || {})
    return keys.length ? keys.filter(function (k) { return terms[k] }).length / keys.length : 0
  }

  // (a rule's word the query put in for a players' phrase is not listed as missing: the reader
  // did not type it)
  function rescore(item, merge, added) {
    var b = share(item.terms) + (item.location.indexOf("#") < 0 ? 1 : 0)
    item.terms = mergeTerms(item.terms, merge)
    var f = share(item.terms)
    item.score = item.score / (1 + b * b) * (1 + f * f)
    Object.keys(item.terms).forEach(function (t) { if (added[t] && !item.terms[t]) delete item.terms[t] })
  }

  // a group with its best entry first: the rule a term the query names links, else its best
  // section (Material shows it unfolded), then its page, then the rest by score
  function bestFirst(group, rules) {
    var page = pageOf(group)
    var named = group.filter(function (item) { return rules.indexOf(item.location) >= 0 })[0]
    var rest = group.filter(function (item) { return item !== page && item !== named })
    rest.sort(function (a, b) { return b.score - a.score })
    if (named === page) return [page].concat(rest)
    if (named) return [named, page].concat(rest)
    return rest.length ? [rest[0], page].concat(rest.slice(1)) : [page]
  }

  // the groups of the preferred system first, then by kind (rules, calculators, print sheets),
  // then the group holding the rule of a term the query names, then by their best entry's
  // relevance
  function arrange(items, prefer, rules, merge, added) {
    rules = rules || []
    var keyed = items.map(function (group) {
      var page = pageOf(group)
      group.forEach(function (item) { rescore(item, merge || {}, added || {}) })
      var best = Math.max.apply(null, group.map(function (item) { return item.score }))
      var named = group.some(function (item) { return rules.indexOf(item.location) >= 0 })
      var key = (prefer && page.system !== prefer ? 10 : 0) + (KIND_RANK[page.kind] || 0) + (named ? 0 : 0.5)
      if (page.system && labels[page.system]) page.tags = [labels[page.system]]
      return { group: bestFirst(group, rules), key: key, best: best }
    })
    keyed.sort(function (a, b) { return a.key - b.key || b.best - a.best })
    return keyed.map(function (k) { return k.group })
  }

  function systemHere() {
    var here = systemOf[from.split("#")[0]]
    return here && here !== "common" ? here : ""
  }

  self.svodStemQuery = stemQuery
  self.svodPlan = plan
  self.svodArrange = arrange

  var realPost = self.postMessage
  self.postMessage = function (msg) {
    if (msg && msg.type === RESULT && msg.data && Array.isArray(msg.data.items)) {
      var items = arrange(msg.data.items, last.prefer || systemHere(), last.rules, last.merge, last.added)
      msg = { type: RESULT, data: Object.assign({}, msg.data, { items: items }) }
    }
    return realPost.apply(self, arguments.length > 1 ? [msg].concat([].slice.call(arguments, 1)) : [msg])
  }

  var realAdd = self.addEventListener
  self.addEventListener = function (type, fn, options) {
    if (type !== "message")
      return realAdd.call(self, type, fn, options)
    return realAdd.call(self, "message", function (ev) {
      var out = fn.call(self, { data: rewrite(ev.data), origin: ev.origin })
      // Material's handler is async: a start that failed (importScripts of lunr's language files,
      // a request that failed) would end as an unhandled rejection, which the page never hears,
      // and the box would say «Инициализация поиска» for good. Raised as the worker's error, it
      // reaches the page, which starts the worker again (calculators/head.js).
      if (out && typeof out.then === "function")
        out.then(null, function (err) { setTimeout(function () { throw err }) })
      return out
    }, options)
  }
  try {
    importScripts("__MATERIAL_WORKER__")
  } finally {
    self.addEventListener = realAdd
  }
  var lunr = self.lunr
  if (lunr && lunr.Builder && lunr.Builder.prototype.build) {
    var build = lunr.Builder.prototype.build
    lunr.Builder.prototype.build = function () {
      var index = build.apply(this, arguments)
      learn(index)
      return index
    }
  }
})()
