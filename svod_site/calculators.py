"""``<!-- svod:calc CALC_ID -->``: calculators in the pages, and what the browser needs of them.

* A marker becomes a slot (``markers.py``), which :func:`fill_slots` fills after the Markdown
  with the calculator's form, drawn at build time by the browser's own renderer
  (``calculators/render.mjs``, run once in Node for every calculator that
  ``rules_core.api.list_calculators()`` lists), so the form is in the page from the start and
  nothing jumps when Pyodide arrives. The results for the defaults are drawn in as well
  (computed by rules_core at build time): a reader sees the default odds before Python has
  started. The forms are in the build's language (an English page showing the Russian text
  gets English forms, matching the English results and interface around them).
* An unknown calculator id fails the build, naming the page and the id.
* The runtime files in ``calculators/`` are copied to ``site/assets/calc/``; what the worker
  fetches first (``assets/pyodide/files.json``) goes into the pages' ``<head>``.
* The «Калькуляторы» nav entry gets one child per calculator page (``calc_pages.py``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from mkdocs.exceptions import PluginError

from svod_site import ROOT, markers
from svod_site.build_files import BUILD_ASSETS
from svod_site.home import most_used_first

SLOT = re.compile(r'<div class="svod-calc-slot" data-svod-calc="([^"]+)"></div>')
RUNTIME_FILES = ("site.mjs", "offline.mjs", "calc.mjs", "engine.mjs", "protocol.mjs", "form.mjs", "html.mjs", "kinds.mjs",
                 "when.mjs", "render.mjs", "worker.mjs", "boot.mjs", "head.js", "calc.css", "install.mjs",
                 "names.mjs", "line.mjs", "calc-memory.mjs", "renamed.mjs",
                 "scene.mjs", "scene-action.mjs", "scene-cards.mjs", "scene-character.mjs", "scene-engine.mjs",
                 "scene-list.mjs", "scene-log.mjs", "scene-sheet.mjs", "scene-store.mjs", "scene-turn.mjs", "scene-view.mjs",
                 "scene-words.mjs", "scene-link.mjs", "scene.css", "scene-same.mjs", "party-words.mjs", "party.css",
                 "party-store.mjs", "scene-party.mjs", "party.mjs", "backup.mjs", "records.mjs",
                 "table.mjs", "table-link.mjs")
LANGS = ("ru", "en")
CALC_DIR = "calculators"
#: What the worker would fetch first (runtime sizes, the snapshot's URL), written by the build steps.
RUNTIME_INDEX = ROOT / BUILD_ASSETS / "pyodide" / "files.json"

_forms: dict[str, dict[str, str]] | None = None
_specs: list[dict] | None = None


class UnknownCalculator(markers.MarkerError):
    pass


def reset() -> None:
    """Forget the specs and forms: fresh on every build (``mkdocs serve`` rebuilds)."""
    global _forms, _specs
    _forms = _specs = None


def specs() -> list[dict]:
    global _specs
    if _specs is None:
        from rules_core import api

        _specs = api.list_calculators()
    return _specs


def default_results(spec_list: list[dict]) -> dict[str, list]:
    """Each calculator's display blocks for its defaults, by rules_core itself."""
    from rules_core import api

    out = {}
    for spec in spec_list:
        resp = api.handle({"op": "run", "id": spec["id"], "params": {}})
        if not resp["ok"]:
            raise PluginError(f"svod: calculator {spec['id']} fails on its own defaults: {resp['errors']}")
        out[spec["id"]] = resp["result"]["display"]
    return out


def render_forms(spec_list: list[dict], defaults: dict[str, list] | None = None) -> dict[str, dict[str, str]]:
    """{lang: {calc_id: html}} from calculators/render.mjs, run in Node; with ``defaults``
    (calc id → display blocks) the default results are drawn in too."""
    node = shutil.which("node")
    if not node:
        raise PluginError("svod: Node.js is needed to draw the calculator forms (scripts/setup installs it)")
    proc = subprocess.run([node, str(ROOT / "calculators" / "build" / "render_forms.mjs")],
                          input=json.dumps({"specs": spec_list, "langs": list(LANGS),
                                            "defaults": defaults or {}}),
                          capture_output=True, text=True, encoding="utf-8")
    if proc.returncode != 0:
        raise PluginError(f"svod: rendering the calculator forms failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def forms() -> dict[str, dict[str, str]]:
    global _forms
    if _forms is None:
        _forms = render_forms(specs(), default_results(specs()))
    return _forms


def marker(arg: str | None, where: markers.Where) -> str:
    """The ``svod:calc`` handler: a slot for the form (filled by :func:`fill_slots`)."""
    known = {s["id"] for s in specs()}
    if arg not in known:
        raise UnknownCalculator(
            f"{where.src_uri}: unknown calculator «{arg}» in <!-- svod:calc {arg or ''} --> "
            f"(known: {', '.join(sorted(known)) or 'none'})")
    return f'<div class="svod-calc-slot" data-svod-calc="{arg}"></div>'


def replace_markers(markdown: str, src_uri: str) -> str:
    """Only the calculator markers of ``markdown`` replaced by their slots."""
    return markers.expand(markdown, markers.Where(src_uri), {"calc": marker})


def fill_slots(html: str, lang: str) -> str:
    if "svod-calc-slot" not in html:
        return html
    by_lang = forms()[lang]
    seen: dict[str, int] = {}

    def fill(m: re.Match) -> str:
        calc_id = m[1]
        n = seen.get(calc_id, 0)
        seen[calc_id] = n + 1
        # the form's fields are left out of the search index: the same labels on every page that
        # has the calculator drowned the rules' own words (Material drops the attribute after)
        form = by_lang[calc_id].replace('<form class="svod-calc__form"',
                                        '<form class="svod-calc__form" data-search-exclude="true"', 1)
        if n:  # a second copy on the same page: its own element ids (its charts' too)
            form = form.replace(f"svod-{calc_id}", f"svod-{calc_id}-{n + 1}").replace("svod-dist-", f"svod-dist-{n + 1}-")
        return form

    return SLOT.sub(fill, html)


def expand_nav(nav: list | None) -> None:
    """The nav's ``calculators/index.md`` entry becomes a section: the index, then a page per
    calculator (the pages come from ``calc_pages.py``), in the index's order."""
    for i, item in enumerate(nav or []):
        if not isinstance(item, dict) or len(item) != 1:
            continue
        (title, target), = item.items()
        if target == f"{CALC_DIR}/index.md":
            children = [f"{CALC_DIR}/index.md"]
            for calc in most_used_first(specs()):
                children.append({calc["title"]["ru"]: f"{CALC_DIR}/{calc['id']}.md"})
            nav[i] = {title: children}


def nav_translations(lang: str) -> dict[str, str]:
    """{a calculator page's navigation title (Russian): its title in ``lang``}: what
    mkdocs-static-i18n's ``nav_translations`` needs to name them in that language's navigation,
    page title and header."""
    return {calc["title"]["ru"]: calc["title"][lang] for calc in specs() if calc["title"].get(lang)}


def runtime_index() -> dict | None:
    """``assets/pyodide/files.json`` as the build steps wrote it (None before they have run):
    built into the calculator pages' ``<head>`` (overrides/main.html), so the snapshot download
    starts with the worker instead of one request later."""
    return json.loads(RUNTIME_INDEX.read_text(encoding="utf-8")) if RUNTIME_INDEX.exists() else None


def copy_runtime(site_dir: Path) -> None:
    out = site_dir / "assets" / "calc"
    out.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copy2(ROOT / "calculators" / name, out / name)
