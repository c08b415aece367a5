"""Russian and English stemming for Material's search.

Material's search does not stem Russian (``поглощению`` does not find «Поглощение»), and a
stemmer in lunr's pipeline makes it worse (Material appends ``*`` to every query term and lunr
does not stem wildcard terms). ``stem-worker.js`` (beside this file) stems each query word
before Material adds the ``*``: after the build it takes the place of Material's search worker,
which it loads under a new name. It depends on Material internals: tests/test_search_stem.py
and tests/browser/test_search.py guard it.
"""

from __future__ import annotations

from pathlib import Path

STEM_WORKER = Path(__file__).with_name("stem-worker.js")
STEM_MARK = "Свод: Russian and English stemming"


def install_stem_worker(site_dir: Path) -> Path | None:
    """Put the stemming wrapper in place of Material's search worker (idempotent)."""
    workers = site_dir / "assets" / "javascripts" / "workers"
    for js in sorted(workers.glob("search.*.min.js")):
        text = js.read_text(encoding="utf-8")
        if STEM_MARK in text:
            return js
        material = js.with_name(js.name[: -len(".min.js")] + ".material.js")
        js.replace(material)
        map_file = js.with_name(js.name + ".map")
        if map_file.exists():
            map_file.replace(material.with_name(material.name + ".map"))
        wrapper = STEM_WORKER.read_text(encoding="utf-8").replace("__MATERIAL_WORKER__", material.name)
        js.write_text(wrapper, encoding="utf-8")
        return js
    raise RuntimeError(f"svod: Material's search worker not found in {workers}")
