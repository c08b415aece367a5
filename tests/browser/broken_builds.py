"""Deliberately broken copies of the built site, to show that the journeys in each engine
(tests/browser/test_engines.py) fail when the site breaks there:

* ``webkit``: the calculators' worker module holds a statement WebKit cannot parse
  (``{using u=null;}``, explicit resource management, which Chromium and Firefox take): every
  calculator and the scene stop in WebKit, and only there;
* ``firefox``: the service worker fails its install in Firefox (its user agent), and only there:
  the site is never saved offline.

Each keeps every precached file's size (the service worker checks them), so nothing else breaks::

    .venv/bin/python -m tests.browser.broken_builds webkit /tmp/svod-broken-webkit
    .venv/bin/python -m pytest tests/browser/test_engines.py --site-dir /tmp/svod-broken-webkit
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

__all__ = ["BREAKS", "broken_copy"]

ROOT = Path(__file__).resolve().parents[2]
#: A statement WebKit (2.50) refuses to parse and Chromium and Firefox run: a block disposing of nothing.
WEBKIT_REJECTS = "{using u=null;}//"


def break_for_webkit(site: Path) -> None:
    """The worker module's first comment line at the top level starts with a statement WebKit
    cannot parse; the file keeps its size byte for byte."""
    worker = site / "assets/calc/worker.mjs"
    data = worker.read_bytes()
    m = re.search(rb"^//[ -~]{%d,}$" % len(WEBKIT_REJECTS), data, re.M)
    assert m, "no ASCII comment line at the top level of worker.mjs"
    start = m.start()
    worker.write_bytes(data[:start] + WEBKIT_REJECTS.encode() + data[start + len(WEBKIT_REJECTS):])
    assert worker.stat().st_size == len(data)


def break_for_firefox(site: Path) -> None:
    """The service worker (not a precached file) fails its install in Firefox."""
    sw = site / "sw.js"
    sw.write_text('if (/Firefox\\//.test(navigator.userAgent)) self.addEventListener("install", (e) =>'
                  ' e.waitUntil(Promise.reject(new Error("deliberately broken in Firefox"))));\n'
                  + sw.read_text(encoding="utf-8"), encoding="utf-8")


BREAKS = {"webkit": break_for_webkit, "firefox": break_for_firefox}


def broken_copy(kind: str, out: Path, site: Path = ROOT / "site") -> Path:
    """A copy of the built ``site`` in ``out`` (replaced), broken for the engine ``kind``."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out)
    BREAKS[kind](out)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in BREAKS:
        sys.exit(f"usage: python -m tests.browser.broken_builds {{{','.join(BREAKS)}}} OUT_DIR")
    print(broken_copy(sys.argv[1], Path(sys.argv[2])))
