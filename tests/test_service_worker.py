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
