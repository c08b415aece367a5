"""The three browser engines behind one small interface, for the journeys every engine must pass
(tests/browser/test_engines.py):

* ``chromium``: Debian's chromium through Playwright (as every other browser test);
* ``webkit``: WebKitGTK's MiniBrowser through its ``WebKitWebDriver`` (Debian's
  ``webkit2gtk-driver``) and Selenium, under an Xvfb display (MiniBrowser has no headless mode);
* ``firefox``: Debian's Firefox ESR over WebDriver BiDi with puppeteer-core (npm), through a Node
  process that takes JSON commands (tests/js/firefox_driver.mjs): Playwright's own BiDi mode asks
  Firefox ESR for commands it does not have.

A :class:`Tab` is one fresh browser (a new profile: nothing stored) showing one page. Scripts are
JavaScript function sources called with one JSON argument (``"(n) => n + 1"``); a promise is
awaited. Waits are on the page's own states (:meth:`Tab.wait`), never on time.

The page's uncaught errors and unhandled rejections are read where every engine can read them:
``window.svodErrors``, kept by the page's first script (calculators/head.js); Chromium and
Firefox add their console's errors (WebKit's driver cannot read the console).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["ENGINES", "PHONE", "Tab", "Xvfb", "open_tab", "missing"]

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("chromium", "webkit", "firefox")
PHONE = {"width": 390, "height": 844}
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
CHROMIUM = "/usr/bin/chromium"

#: The page's own error record (calculators/head.js); ``null`` where the page has none.
ERRORS_JS = "() => Array.isArray(window.svodErrors) ? window.svodErrors.slice() : null"


def missing(engine: str) -> str | None:
    """What this machine lacks to run ``engine`` (None: nothing); scripts/setup --browser installs it."""
    need = {"chromium": [CHROMIUM],
            "webkit": [WEBKIT_DRIVER, MINIBROWSER, "/usr/bin/Xvfb"],
            "firefox": [FIREFOX, str(ROOT / "node_modules/puppeteer-core/package.json")]}[engine]
    absent = [p for p in need if not Path(p).exists()]
    return ", ".join(absent) or None


class Xvfb:
    """An X display of its own for WebKit (``Xvfb -displayfd``: the server picks a free number)."""

    def __init__(self):
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


#: Resolves with the function's first truthy value (``[arg, ms]``: its argument, how long to look),
#: looked at once per frame or per task (a page in the background draws no frames), an error
#: thrown by it taken as "not yet" (the page's script still loading); on time-out, null.
WAIT_IN_PAGE = """([arg, ms]) => new Promise((done) => {
  const f = (%s), end = performance.now() + ms;
  const next = () => { let ran = false; const go = () => { if (!ran) { ran = true; look(); } };
    requestAnimationFrame(go); setTimeout(go, 50); };
  const look = () => Promise.resolve().then(() => f(arg)).catch(() => null).then((v) => {
    if (v) done(v); else if (performance.now() > end) done(null); else next();
  });
  look();
})"""


class Tab:
    """One fresh browser of an engine at a size and colour scheme, showing one page."""

    engine = ""

    def js(self, src: str, arg=None):
        """The value of the function ``src`` called with ``arg`` in the page (a promise awaited)."""
        raise NotImplementedError

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def click(self, css: str) -> None:
        """A real click (the driver's input) on the first element ``css`` selects, brought to the
        middle of the screen first (Material's sticky header would cover it at the top)."""
        raise NotImplementedError

    def fill(self, css: str, text: str) -> None:
        """Replace a text field's text, typed by the driver."""
        raise NotImplementedError

    def select(self, css: str, value: str) -> None:
        raise NotImplementedError

    def screenshot(self, path: str) -> None:
        """The screen as the reader sees it, into the PNG file ``path``."""
        raise NotImplementedError

    def driver_errors(self) -> list[str]:
        """The console's errors where the driver reads them."""
        return []

    def close(self) -> None:
        raise NotImplementedError

    # ---- the same for every engine -------------------------------------------------------------

    def wait(self, src: str, arg=None, timeout: float = 30, what: str = "", fail: str | None = None):
        """Until the function ``src`` gives a truthy value in the page (polled): that value. When
        the function ``fail`` gives a truthy value first (the page tells it has failed), fails at
        once with it; on time-out, fails saying what was awaited; both with the page's errors."""
        if fail:
            src = f"(arg) => {{ const failed = ({fail})(arg); return failed ? {{svodFailed: failed}} : ({src})(arg); }}"
        value = self.poll(src, arg, timeout, what)
        if isinstance(value, dict) and "svodFailed" in value:
            raise AssertionError(f"{self.engine}: {what or 'waiting'}: the page failed: {value['svodFailed']};"
                                 f" page errors: {self.errors()}")
        return value

    def poll(self, src: str, arg, timeout: float, what: str):
        """The wait runs in the page (:data:`WAIT_IN_PAGE`, on each frame or task); a page that goes
        away meanwhile (a navigation) is waited on anew, at once, on the page that comes."""
        end = time.monotonic() + timeout
        last = None
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.engine}: waited {timeout:.0f} s for {what or src}"
                                     f" (last error: {last}); page errors: {self.errors()}")
            try:
                value = self.js(WAIT_IN_PAGE % src, [arg, min(left, 60) * 1000])
                if value:
                    return value
            except Exception as e:  # a navigation under way: the page is not there yet
                last = e

    def errors(self) -> list[str]:
        """The page's uncaught errors and unhandled rejections, and the console's errors."""
        try:
            page = self.js(ERRORS_JS)
        except Exception as e:
            page = [f"the page could not be read: {e}"]
        if page is None:
            page = ["window.svodErrors is missing: the page's first script (head.js) did not run"]
        return page + self.driver_errors()

    def bring_to_middle(self, css: str) -> None:
        found = self.js("(css) => { const e = document.querySelector(css); if (!e) return false;"
                        " e.scrollIntoView({block: 'center', inline: 'nearest'}); return true; }", css)
        assert found, f"{self.engine}: no element {css}"


class ChromiumTab(Tab):
    engine = "chromium"

    def __init__(self, playwright, viewport, scheme):
        from tests.browser.conftest import CHROMIUM_ARGS

        self.user_dir = tempfile.mkdtemp(prefix="svod-chromium-")
        self.ctx = playwright.chromium.launch_persistent_context(
            self.user_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=viewport,
            color_scheme=scheme, is_mobile=True, has_touch=True, service_workers="allow")
        self.page = self.ctx.pages[0] if self.ctx.pages else self.ctx.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.console.append(f"console.error: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))

    def js(self, src, arg=None):
        return self.page.evaluate(src, arg)

    def goto(self, url):
        self.page.goto(url, wait_until="load", timeout=120_000)

    def reload(self):
        self.page.reload(wait_until="load", timeout=120_000)

    def click(self, css):
        self.bring_to_middle(css)
        self.page.locator(css).first.click()

    def fill(self, css, text):
        self.page.locator(css).first.fill(text)

    def select(self, css, value):
        self.page.locator(css).first.select_option(value)

    def screenshot(self, path):
        self.page.screenshot(path=str(path))

    def driver_errors(self):
        return list(self.console)

    def close(self):
        try:
            self.ctx.close()
        finally:
            shutil.rmtree(self.user_dir, ignore_errors=True)


#: Selenium's execute_async_script: the function called, a promise awaited, an error passed back.
ASYNC_CALL = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (%s)(arguments[0]))
  .then((v) => done({ok: true, v: v === undefined ? null : v}), (e) => done({ok: false, e: String(e && e.stack || e)}));"""


class WebKitTab(Tab):
    engine = "webkit"

    def __init__(self, display: str, viewport, scheme):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        opts = Options()
        opts.binary_location = MINIBROWSER
        # --full-screen: without it the window will not go below 447 px (PLATFORM.md)
        opts.add_argument("--automation")
        opts.add_argument("--full-screen")
        if scheme == "dark":
            opts.add_argument("--dark-mode")
        env = {**os.environ, "DISPLAY": display}
        self.driver = webdriver.WebKitGTK(options=opts, service=Service(executable_path=WEBKIT_DRIVER, env=env))
        self.driver.set_script_timeout(180)
        self.driver.set_page_load_timeout(120)
        self.driver.set_window_size(viewport["width"], viewport["height"])

    def js(self, src, arg=None):
        res = self.driver.execute_async_script(ASYNC_CALL % src, arg)
        if not res["ok"]:
            raise RuntimeError(res["e"])
        return res["v"]

    def goto(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def click(self, css):
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        # a list the page redraws (search results arriving) may replace the element between
        # finding and clicking it: found again, as a reader's tap lands on what is there
        for attempt in range(5):
            self.bring_to_middle(css)
            try:
                self.driver.find_element(By.CSS_SELECTOR, css).click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def fill(self, css, text):
        from selenium.webdriver.common.by import By

        el = self.driver.find_element(By.CSS_SELECTOR, css)
        el.clear()
        el.send_keys(text)

    def select(self, css, value):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.select import Select

        Select(self.driver.find_element(By.CSS_SELECTOR, css)).select_by_value(value)

    def screenshot(self, path):
        self.driver.save_screenshot(str(path))

    def close(self):
        self.driver.quit()


class FirefoxTab(Tab):
    engine = "firefox"

    def __init__(self, viewport, scheme):
        self.profile = tempfile.mkdtemp(prefix="svod-firefox-")
        options = {**viewport, "scheme": scheme, "profile": self.profile, "executable": FIREFOX}
        self.proc = subprocess.Popen(["node", str(ROOT / "tests/js/firefox_driver.mjs"), json.dumps(options)], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        self.seq = 0
        hello = self.proc.stdout.readline()
        if not hello:
            self.proc.wait(timeout=30)
            raise RuntimeError(f"firefox_driver.mjs did not start (exit {self.proc.returncode})")
        self.version = json.loads(hello)["value"]

    def call(self, cmd: str, **args):
        self.seq += 1
        self.proc.stdin.write(json.dumps({"id": self.seq, "cmd": cmd, **args}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox_driver.mjs ended (exit {self.proc.poll()}) during {cmd}")
        res = json.loads(line)
        assert res["id"] == self.seq, res
        if not res["ok"]:
            raise RuntimeError(res["error"])
        return res["value"]

    def js(self, src, arg=None):
        return self.call("eval", src=src, arg=arg)

    def poll(self, src, arg, timeout, what):
        try:
            return self.call("wait", src=src, arg=arg, timeout=timeout * 1000)
        except RuntimeError as e:
            raise AssertionError(f"firefox: waited {timeout:.0f} s for {what or src}: {e}; page errors: {self.errors()}") from None

    def goto(self, url):
        self.call("goto", url=url)

    def reload(self):
        self.call("reload")

    def click(self, css):
        self.bring_to_middle(css)
        self.call("click", css=css)

    def fill(self, css, text):
        self.call("fill", css=css, text=text)

    def select(self, css, value):
        self.call("select", css=css, value=value)

    def screenshot(self, path):
        self.call("screenshot", path=str(path))

    def driver_errors(self):
        return self.call("errors")

    def close(self):
        try:
            if self.proc.poll() is None:
                self.call("close")
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def open_tab(engine: str, *, playwright=None, display: str | None = None, viewport=None, scheme="light") -> Tab:
    """A fresh browser of ``engine`` (nothing stored) at ``viewport`` (a phone's by default)."""
    viewport = viewport or PHONE
    if engine == "chromium":
        return ChromiumTab(playwright, viewport, scheme)
    if engine == "webkit":
        return WebKitTab(display, viewport, scheme)
    if engine == "firefox":
        return FirefoxTab(viewport, scheme)
    raise ValueError(engine)
