// Runs the built search worker (the Свод stemming wrapper around Material's worker) in Node,
// emulating a Web Worker: importScripts, addEventListener("message"), postMessage.
// Usage: node run_search_worker.cjs <site_dir> <queries.json> [raw]  → prints JSON results;
// with "raw", Material's own worker without the wrapper (to show what the wrapper adds).
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
const index = JSON.parse(fs.readFileSync(path.join(site, "search", "search_index.json"), "utf-8"))

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
  const ready = await send({ type: 0, data: { ...index, options: { suggest: false } } })
  const out = { ready: ready && ready.type, stems: {}, results: {} }
  for (const q of queries) {
    if (self.svodStemQuery) out.stems[q] = self.svodStemQuery(q)
    const res = await send({ type: 2, data: q })
    out.results[q] = (res.data.items || []).flat().map(item => item.location)
  }
  process.stdout.write(JSON.stringify(out))
})().catch(err => { console.error(err); process.exit(1) })
