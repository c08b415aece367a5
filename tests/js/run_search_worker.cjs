// Runs the built search worker (the Свод stemming wrapper around Material's worker) in Node,
// emulating a Web Worker: importScripts, addEventListener("message"), postMessage.
// Usage: node run_search_worker.cjs <site_dir> <queries.json> [raw]  → prints JSON results;
// with "raw", Material's own worker without the wrapper (to show what the wrapper adds).
// A query is a string, or [query, page it is sent from] (as calculators/head.js sends it);
// SVOD_SEARCH_LANG=en reads the English index (en/search/).
"use strict"
const fs = require("fs")
const path = require("path")
const vm = require("vm")

const [site, queriesFile, raw] = process.argv.slice(2)
const workers = path.join(site, "assets", "javascripts", "workers")
const wrapper = fs.readdirSync(workers).find(f => raw === "raw"
  ? /^search\.[0-9a-f]+\.material\.js$/.test(f)
  : /^search\.[0-9a-f]+\.min\.js$/.test(f))
const queries = JSON.parse(fs.readFileSync(queriesFile, "utf-8"))
const indexDir = process.env.SVOD_SEARCH_LANG === "en" ? path.join(site, "en", "search") : path.join(site, "search")
const index = JSON.parse(fs.readFileSync(path.join(indexDir, "search_index.json"), "utf-8"))

const listeners = []
const outbox = []
const self = globalThis
self.self = self
self.location = { href: "file://" + path.join(workers, wrapper) }
self.addEventListener = (type, fn) => { if (type === "message") listeners.push(fn) }
self.postMessage = msg => outbox.push(msg)
self.importScripts = (...urls) => {
  for (const url of urls) {
    const file = path.resolve(workers, url)
    vm.runInThisContext(fs.readFileSync(file, "utf-8"), { filename: file })
  }
}
self.importScripts(wrapper)

async function send(msg) {
  outbox.length = 0
  for (const fn of listeners) await fn({ data: msg })
  for (let i = 0; i < 50 && !outbox.length; i++) await new Promise(r => setTimeout(r, 10))
  return outbox.shift()
}

;(async () => {
  // as Material's page script sends it: the index plus the search options
  const ready = await send({ type: 0, data: { config: index.config, docs: index.docs, options: { suggest: false } } })
  const out = { ready: ready && ready.type, stems: {}, plans: {}, results: {}, groups: {} }
  for (const query of queries) {
    const [q, from] = Array.isArray(query) ? query : [query, undefined]
    const key = from === undefined ? q : `${from}|${q}`
    if (self.svodStemQuery) out.stems[q] = self.svodStemQuery(q)
    if (self.svodPlan) out.plans[q] = self.svodPlan(q)
    const res = await send(from === undefined ? { type: 2, data: q } : { type: 2, data: q, svodFrom: from })
    out.results[key] = (res.data.items || []).flat().map(item => item.location)
    // each group: its page (the entry without "#", as Material's result list finds it), tags,
    // and its entries in the order Material's result list gets them, with their scores
    out.groups[key] = (res.data.items || []).map(group => {
      const page = group.find(item => !item.location.includes("#")) || {}
      return { page: page.location, title: page.title, tags: page.tags || [], system: page.system, kind: page.kind,
               items: group.map(item => ({ location: item.location, score: item.score, text: item.text })) }
    })
  }
  process.stdout.write(JSON.stringify(out))
})().catch(err => { console.error(err); process.exit(1) })
