// Drives Debian's Firefox ESR over WebDriver BiDi with puppeteer-core, for the Python browser
// tests (tests/browser/engines.py): one browser, one page, commands as JSON lines on stdin, one
// answer line each on stdout ({id, ok, value} or {id, ok: false, error}).
//
//   node tests/js/firefox_driver.mjs '{"width": 390, "height": 844, "scheme": "light"}'
//
// Commands: goto {url}, reload {}, eval {src, arg} (src is a JS function source, called with
// arg; a promise is awaited), wait {src, arg, timeout} (until it gives a truthy value), click
// {css}, fill {css, text}, select {css, value}, screenshot {path}, errors {} (the page's console
// errors, uncaught errors and the workers' console errors since the start), close {}.
// Playwright's own BiDi mode needs commands Firefox ESR 153 does not have
// (emulation.setMediaFeaturesOverride): hence puppeteer-core, as PLATFORM.md found.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2] || "{}");
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: options.executable || "/usr/bin/firefox-esr",
  headless: true,
  userDataDir: options.profile,
  protocolTimeout: 180_000,
  extraPrefsFirefox: {
    // a 12 px classic scrollbar would take the layout to 378 px at a 390 px phone size
    "ui.useOverlayScrollbars": 1,
    // 0: dark, 1: light (what prefers-color-scheme answers)
    "layout.css.prefers-color-scheme.content-override": options.scheme === "dark" ? 0 : 1,
  },
});
const page = (await browser.pages())[0] || (await browser.newPage());
await page.setViewport({ width: options.width || 390, height: options.height || 844 });
const problems = [];
page.on("console", (m) => { if (m.type() === "error") problems.push(`console.error: ${m.text()}`); });
page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));

const call = (src, arg) => `(${src})(${JSON.stringify(arg ?? null)})`;
const commands = {
  goto: async ({ url }) => { await page.goto(url, { waitUntil: "load", timeout: 120_000 }); },
  reload: async () => { await page.reload({ waitUntil: "load", timeout: 120_000 }); },
  eval: async ({ src, arg }) => page.evaluate(call(src, arg)),
  wait: async ({ src, arg, timeout }) => {
    const h = await page.waitForFunction(call(src, arg), { timeout: timeout ?? 30_000, polling: 100 });
    return h.jsonValue();
  },
  click: async ({ css }) => { await page.locator(css).setTimeout(30_000).click(); },
  fill: async ({ css, text }) => { await page.locator(css).setTimeout(30_000).fill(text); },
  select: async ({ css, value }) => { await page.select(css, value); },
  screenshot: async ({ path }) => { await page.screenshot({ path }); },
  errors: async () => problems.slice(),
  close: async () => { await browser.close(); setImmediate(() => process.exit(0)); },
};

const say = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
say({ id: 0, ok: true, value: await browser.version() });
let queue = Promise.resolve();
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, cmd, ...args } = JSON.parse(line);
  // one command at a time, in order
  queue = queue.then(async () => {
    try {
      const value = await commands[cmd](args);
      say({ id, ok: true, value: value === undefined ? null : value });
    } catch (e) {
      say({ id, ok: false, error: String((e && e.stack) || e) });
    }
  });
}
await queue;
await browser.close().catch(() => {});
