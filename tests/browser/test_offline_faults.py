"""Server faults during the offline precache: a runtime file (the .wasm, the standard library,
the memory snapshot) missing, truncated, or served with a type its reader refuses. Each leaves
the footer honest within seconds, on the page where it happened («Сайт не сохранён…» with the
reason and «Повторить»); with the fault gone, «Повторить» completes the precache and a
calculator computes offline. Screenshots of each state (360 × 740, light and dark) go to
test-artifacts/offline-fault-*.png.
"""

from __future__ import annotations

import io
import json
import os
import urllib.parse

import pytest

from .calc_page import read, wait_state
from .calc_reading import assert_matches_cli, engine_run
from .conftest import serving
from .waits import BOOT_MS, frames

STATUS = "[data-svod-offline]"
SAVED = "window.svodOffline && svodOffline.state === 'ready' && !!navigator.serviceWorker.controller"
FAILED = "document.querySelector('[data-svod-offline]')?.dataset.state === 'failed'"
# the status may take the idle callback (≤ 4 s) plus the runtime files' download: generous
STATUS_MS = 30_000
PHONE = {"width": 360, "height": 740}

RUNTIME = {
    "wasm": "assets/pyodide/pyodide.asm.wasm",
    "stdlib": "assets/pyodide/python_stdlib.zip",
    "snapshot": None,  # found in the build: assets/py/snapshot/<hash>/snapshot.bin.gz
}
#: The type each fault serves: the .wasm as plain text (its reader, WebAssembly.compileStreaming,
#: refuses anything but application/wasm); the zip and the snapshot as a host's HTML error page
#: (nothing reads their type, so only a type that says "not this file" is refused).
WRONG_TYPE = {"wasm": "text/plain", "stdlib": "text/html; charset=utf-8", "snapshot": "text/html"}


def make_fault_server(directory, prefix="/svod/"):
    """scripts/serve_site's server, with ``server.faults``: {url path suffix: (kind, arg)}, kind
    "missing" (404), "truncated" (the first half, with a matching Content-Length) or "type" (the
    file with Content-Type ``arg``). Faulty answers are ``no-store``: once a fault is removed,
    the browser's HTTP cache cannot serve it again."""
    from scripts.serve_site import Handler, make_server

    faults: dict = {}

    class FaultHandler(Handler):
        def send_head(self):
            path = urllib.parse.urlsplit(self.path).path
            fault = next((f for suffix, f in list(faults.items()) if path.endswith(suffix)), None)
            if fault is None:
                return super().send_head()
            kind, arg = fault
            if kind == "missing":
                return self._not_found()
            local = self.translate_path(self.path)
            with open(local, "rb") as f:
                data = f.read()
            ctype = self.guess_type(local)
            if kind == "truncated":
                data = data[: len(data) // 2]
            elif kind == "type":
                ctype = arg
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            return io.BytesIO(data)

    srv = make_server(str(directory), "127.0.0.1", 0, prefix, handler=FaultHandler)
    srv.faults = faults
    return srv


@pytest.fixture(scope="module")
def fault_server(site_dir):
    srv = make_fault_server(site_dir)
    for base in serving(srv, "/svod/"):
        yield srv, base


def runtime_path(site_dir, name):
    if RUNTIME[name]:
        return RUNTIME[name]
    files = json.loads((site_dir / "assets/pyodide/files.json").read_text(encoding="utf-8"))
    return os.path.normpath("assets/pyodide/" + files["snapshot"]["url"]).replace(os.sep, "/")


def ru_num(n: int) -> str:
    """As ru-RU writes a whole number: groups of three, a no-break space between them."""
    return f"{n:,}".replace(",", "\u00a0")


def status(page) -> dict:
    return page.evaluate("""() => {
        const el = document.querySelector('[data-svod-offline]');
        const b = el.querySelector('.svod-offline__retry');
        return {state: el.dataset.state, text: el.querySelector('.svod-offline__text')?.textContent || el.textContent,
                retry: !!b && !b.hidden, label: b ? b.textContent : null, hidden: el.hidden};
    }""")


def screenshot(page, shot, name):
    """The footer's status in sight, light and dark (the palette's own attribute switched)."""
    page.locator(STATUS).scroll_into_view_if_needed()
    for scheme, attr in (("light", "default"), ("dark", "slate")):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", attr)
        frames(page)
        shot(page, f"offline-fault-{name}-{scheme}")
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")


def expect_failure(page, reason_words, what):
    page.wait_for_function(FAILED, timeout=STATUS_MS)
    st = status(page)
    assert st["text"].startswith("Сайт не сохранён для работы без сети: "), st
    for w in reason_words:
        assert w in st["text"], (what, st)
    assert st["retry"] and st["label"] == "Повторить", st
    assert not st["hidden"]
    # nothing claims the page: no service worker answers it, and no stale "saving" comes back
    assert page.evaluate("!navigator.serviceWorker.controller")
    # the failed worker gone (none installing or waiting), and its last messages delivered
    page.wait_for_function("() => navigator.serviceWorker.getRegistration().then((r) => !r || (!r.installing && !r.waiting))",
                           timeout=STATUS_MS)
    frames(page, 5)
    assert status(page)["state"] == "failed", what


@pytest.mark.parametrize("name", ["wasm", "stdlib", "snapshot"])
def test_precache_fault_is_told_and_retried(name, fault_server, new_context, site_dir, shot, assert_on_host):
    srv, base = fault_server
    path = runtime_path(site_dir, name)
    file = path.rsplit("/", 1)[1]
    size = (site_dir / path).stat().st_size
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    wrong = WRONG_TYPE[name].split(";")[0]
    faults = [
        ("missing", None, [f"сервер не отдал файл {file} (HTTP 404)"]),
        ("truncated", None, [f"файл {file} пришёл не целиком или не тот: {ru_num(size // 2)} байт вместо {ru_num(size)}"]),
        ("type", WRONG_TYPE[name], [f"файл {file} пришёл с типом {wrong}, а нужен application/wasm"] if name == "wasm"
         else [f"вместо файла {file} пришла страница HTML ({wrong})"]),
    ]
    try:
        for i, (kind, arg, words) in enumerate(faults):
            srv.faults.clear()
            srv.faults["/" + path] = (kind, arg)
            if i == 0:
                page.goto(base)  # the home page: no calculator, the precache starts when idle
            else:
                page.locator(STATUS + " .svod-offline__retry").click()
            expect_failure(page, words, f"{name} {kind}")
            screenshot(page, shot, f"{name}-{kind}")

        # the fault gone: «Повторить» completes the precache, every file checked
        srv.faults.clear()
        page.locator(STATUS + " .svod-offline__retry").click()
        page.wait_for_function(SAVED, timeout=120_000)
        assert status(page)["text"] == "Сайт сохранён: работает без сети"
        assert not status(page)["retry"]
        screenshot(page, shot, f"{name}-saved")
        assert page.evaluate("caches.keys()") and all(k.startswith("svod-") for k in page.evaluate("caches.keys()"))
        assert_on_host(ctx, base)

        # and a calculator starts offline from what was saved
        ctx.set_offline(True)
        calc_id = "wod-pool"
        page.goto(base + f"calculators/{calc_id}/?{calc_id}.dice=4")
        wait_state(page, calc_id, ("done",), timeout=BOOT_MS)
        dom = read(page, calc_id)
        code, expected = engine_run(calc_id, dom["params"])
        assert code == 0 and dom["params"]["dice"] == 4
        assert_matches_cli(dom, expected, f"offline after {name} faults")
        assert page.evaluate("svodCalc.rt.state") == "ready"
    finally:
        srv.faults.clear()


def test_an_english_page_tells_the_failure_in_english(fault_server, new_context, site_dir):
    srv, base = fault_server
    path = runtime_path(site_dir, "wasm")
    srv.faults["/" + path] = ("type", "text/plain")
    try:
        ctx = new_context(viewport=PHONE)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base + "en/")
        page.wait_for_function(FAILED, timeout=STATUS_MS)
        st = status(page)
        assert st["text"] == ("The site is not saved for offline use: pyodide.asm.wasm came as text/plain, "
                              "not application/wasm."), st
        assert st["label"] == "Retry"
    finally:
        srv.faults.clear()
