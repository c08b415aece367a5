"""The built service worker carries what its precache checks: every file's size, as built."""

import json
import re
from pathlib import Path


from scripts.steps import service_worker

SITE = Path(__file__).resolve().parent.parent / "site"


def listed(name: str):
    text = (SITE / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", text, re.S)[1])


def test_the_recorded_sizes_are_the_built_files(site_dir):
    files, sizes = listed("FILES"), listed("SIZES")
    assert len(sizes) == len(files)
    assert sizes == [service_worker.file_for(SITE, f).stat().st_size for f in files]
    # the runtime a calculator needs offline is among them, with its real size
    for name in ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/python_stdlib.zip"):
        assert sizes[files.index(name)] == (SITE / name).stat().st_size > 0
    assert any(f.endswith("/snapshot.bin.gz") for f in files)


def test_sw_js_is_not_precached(site_dir):
    """A new deploy must reach the phone: sw.js is never kept in the service worker's cache (it
    lets a page's request for it pass to the server, and the browser's own look for a new deploy
    passes no service worker; tests/browser/test_offline_update.py)."""
    files = listed("FILES")
    assert "sw.js" not in files and not any(f.endswith("/sw.js") for f in files)
    assert "./" in files and "404.html" in files  # the list is the site's
