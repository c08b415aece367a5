"""Helpers for the tests of a new deploy: a first tab on a served copy of the site (the copy is
tests/browser/conftest.py's ``deployed``), the copy deployed anew as scripts/build would, and the
version of the service worker in control of a page."""

from __future__ import annotations

import re
import shutil

from .conftest import ROOT
from .waits import READY


def first_tab(new_context, base):
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base)
    page.wait_for_function(READY, timeout=120_000)
    return ctx, page


def new_deploy(root) -> str:
    """A new deploy of the copy: a changed home page and sw.js rebuilt as scripts/build does
    (new version, new sizes). Returns the new version."""
    from scripts.steps import service_worker

    index = root / "site" / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</h1>", " (новое)</h1>", 1), encoding="utf-8")
    (root / service_worker.TEMPLATE).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / service_worker.TEMPLATE, root / service_worker.TEMPLATE)
    service_worker.run(root)
    return re.search(r'const VERSION = "([0-9a-f]+)"', (root / "site" / "sw.js").read_text(encoding="utf-8"))[1]


def controller_version(page) -> str:
    return page.evaluate("""() => new Promise(resolve => {
        navigator.serviceWorker.addEventListener("message", e => {
            if (e.data && e.data.type === "svod-version") resolve(e.data.version); });
        navigator.serviceWorker.controller.postMessage({type: "version"});
    })""")
