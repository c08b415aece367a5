"""Deterministic size budgets of the built site: they fail when a budget breaks. The budgets and
their history: tests/budgets.py.

Timings are not tested (the machine is shared and noisy): they are in bench/REPORT.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path


from scripts.steps import service_worker, snapshot
from tests.budgets import PRECACHE_BUDGET, SNAPSHOT_GZ_BUDGET, SNAPSHOT_RAW_BUDGET, WHEEL_BUDGET

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"


def _files_json() -> dict:
    return json.loads((SITE / "assets/pyodide/files.json").read_text(encoding="utf-8"))


def test_wheel_within_budget(site_dir):
    wheels = sorted(SITE.rglob("svod_rules_core-*.whl"))
    assert len(wheels) == 1, wheels
    size = wheels[0].stat().st_size
    assert size <= WHEEL_BUDGET, f"wheel {size} B > budget {WHEEL_BUDGET} B"


def test_snapshot_is_built_listed_and_within_budget(site_dir):
    info = _files_json()["snapshot"]
    path = (SITE / "assets/pyodide" / info["url"]).resolve()
    assert path.is_file() and path.name == snapshot.NAME, info
    assert path.stat().st_size == info["bytes"] <= SNAPSHOT_GZ_BUDGET
    assert path.read_bytes()[:2] == b"\x1f\x8b", "not gzip: the worker inflates it with DecompressionStream"
    assert info["raw_bytes"] <= SNAPSHOT_RAW_BUDGET
    # the directory is the hash of everything the snapshot depends on (the runtime, the wheel)
    wheel = next(SITE.rglob("svod_rules_core-*.whl"))
    runtime = [SITE / "assets/pyodide" / f for f in snapshot.FILES]
    assert path.parent.name == snapshot.key(ROOT, wheel, runtime)


def test_snapshot_key_changes_with_the_wheel_and_the_runtime(tmp_path):
    (tmp_path / snapshot.SCRIPT).parent.mkdir(parents=True)
    (tmp_path / snapshot.SCRIPT).write_bytes((ROOT / snapshot.SCRIPT).read_bytes())
    (tmp_path / snapshot.FORMAT).write_bytes((ROOT / snapshot.FORMAT).read_bytes())
    wheel = tmp_path / "w.whl"
    runtime = [tmp_path / f for f in snapshot.FILES]
    for p in runtime:
        p.write_bytes(p.name.encode())
    wheel.write_bytes(b"one")
    k1 = snapshot.key(tmp_path, wheel, runtime)
    assert re.fullmatch(r"[0-9a-f]{12}", k1)
    assert snapshot.key(tmp_path, wheel, runtime) == k1
    wheel.write_bytes(b"two")
    k2 = snapshot.key(tmp_path, wheel, runtime)
    runtime[2].write_bytes(b"another wasm")
    k3 = snapshot.key(tmp_path, wheel, runtime)
    assert len({k1, k2, k3}) == 3


def test_service_worker_precaches_the_snapshot_and_total_within_budget(site_dir):
    files = service_worker.precache_list(SITE)
    snaps = [f for f in files if f.endswith("/" + snapshot.NAME)]
    assert len(snaps) == 1, snaps
    assert "sitemap.xml.gz" not in files
    total = sum(service_worker.file_for(SITE, f).stat().st_size for f in files)
    assert total <= PRECACHE_BUDGET, f"precache {total / 1e6:.1f} MB > budget {PRECACHE_BUDGET / 1e6:.0f} MB"
    # and sw.js lists exactly that
    text = (SITE / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S)[1])
    assert listed == files


# ---- main-thread start-up of a page (Lighthouse total blocking time) ----------------------
# Deterministic stand-ins for what cost main-thread time at every page load (measured with
# Lighthouse and CPU profiles, see the commits of branch lh): Material's palette component
# (forced full-page style recalculations), content.tooltips (a component per titled
# element), a sitemap fetched and parsed per head hreflang link, a script scanning every
# glossary term. The largest rules page is the one where they cost most.

def _largest_rules_page() -> tuple[str, str]:
    from scripts.benchmark.browser import largest_rules_page

    path = largest_rules_page()
    return path, (SITE / path / "index.html").read_text(encoding="utf-8")


def test_rules_page_start_up_budget(site_dir):
    path, html = _largest_rules_page()
    head = html[: html.index("</head>")]
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S).group(1))
    assert "content.tooltips" not in config["features"], "site.js shows the tooltips (delegated)"
    assert 'data-md-component="palette"' not in html, "Material's palette component restyles the page at load"
    assert "data-svod-palette" in html  # the switch is still there (overrides/partials/palette.html)
    assert not re.search(r'<link rel="alternate"[^>]*hreflang', head), "Material parses a sitemap per hreflang link"
    # the glossary terms are focusable from the build: nothing scans them at load
    terms = re.findall(r"<abbr [^>]*>", html)
    assert terms and all('tabindex="0"' in t and "svod-term" in t for t in terms), terms[:3]
    # scripts fetched by a rules page: Material's bundle, site.js, site.mjs, our head script and
    # nothing else; no inline script but Material's own and the palette switch's
    external = re.findall(r'<script[^>]* src="([^"]+)"', html)
    assert len(external) == 4 and sum(s.endswith("assets/calc/head.js") for s in external) == 1, (path, external)
    assert not re.search(r"calc\.mjs|render\.mjs|kinds\.mjs|pyodide", html), path
    inline = re.findall(r"<script(?![^>]* src=)(?![^>]*application/json)[^>]*>(.*?)</script>", html, re.S)
    material = ("__md_scope=", "var target=document.getElementById(location.hash")
    ours = [i[:80] for i in inline if not i.startswith(material)]
    assert len(ours) == 1 and ours[0].startswith("(function(){var f=document.querySelector(\"form[data-svod-palette]"), ours
