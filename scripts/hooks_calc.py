"""MkDocs hooks: calculators in the pages (``<!-- svod:calc CALC_ID -->``).

* A marker on a line of its own is replaced by the calculator's form, drawn at build time
  by the browser's own renderer (``calculators/render.mjs``, run once in Node for every
  calculator that ``rules_core.api.list_calculators()`` lists), so the form is in the page
  from the start and nothing jumps when Pyodide arrives.
  The results for the defaults are drawn in as well (computed by rules_core at build
  time): a reader sees the default odds before Python has started.
* An unknown calculator id fails the build, naming the page and the id.
* The runtime files in ``calculators/`` are copied to ``site/assets/calc/``.
* The «Калькуляторы» nav entry gets one child per calculator page (made by
  ``scripts.gen_calc_pages``).
* ``SVOD_SITE_URL`` (set by the Pages workflow) overrides ``site_url``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

MARKER = re.compile(r"^([ \t]*)<!--\s*svod:calc\s+(\S+?)\s*-->[ \t]*$", re.M)
FENCE = re.compile(r"(^[ \t]*(?:```|~~~)[^\n]*\n.*?^[ \t]*(?:```|~~~)[ \t]*$)", re.M | re.S)
SLOT = re.compile(r'<div class="svod-calc-slot" data-svod-calc="([^"]+)"></div>')
RUNTIME_FILES = ("site.mjs", "offline.mjs", "calc.mjs", "kinds.mjs", "when.mjs", "render.mjs", "worker.mjs", "boot.mjs",
                 "head.js", "calc.css", "scene.mjs", "scene-store.mjs", "scene-link.mjs", "scene.css")
LANGS = ("ru", "en")
CALC_DIR = "calculators"

_forms: dict[str, dict[str, str]] | None = None
_specs: list[dict] | None = None


class UnknownCalculator(PluginError):
    pass


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
            raise PluginError(f"hooks_calc: {spec['id']} fails on its own defaults: {resp['errors']}")
        out[spec["id"]] = resp["result"]["display"]
    return out


def render_forms(spec_list: list[dict], defaults: dict[str, list] | None = None) -> dict[str, dict[str, str]]:
    """{lang: {calc_id: html}} from calculators/render.mjs, run in Node; with ``defaults``
    (calc id → display blocks) the default results are drawn in too."""
    node = shutil.which("node")
    if not node:
        raise PluginError("hooks_calc: Node.js is needed to draw the calculator forms (scripts/setup installs it)")
    proc = subprocess.run([node, str(ROOT / "calculators" / "build" / "render_forms.mjs")],
                          input=json.dumps({"specs": spec_list, "langs": list(LANGS),
                                            "defaults": defaults or {}}),
                          capture_output=True, text=True, encoding="utf-8")
    if proc.returncode != 0:
        raise PluginError(f"hooks_calc: rendering the forms failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def forms() -> dict[str, dict[str, str]]:
    global _forms
    if _forms is None:
        _forms = render_forms(specs(), default_results(specs()))
    return _forms


def page_lang(src_uri: str) -> str:
    return "en" if src_uri.startswith("en/") or ".en." in src_uri else "ru"


def replace_markers(markdown: str, src_uri: str) -> str:
    known = {s["id"] for s in specs()}

    def slot(m: re.Match) -> str:
        indent, calc_id = m[1], m[2]
        if calc_id not in known:
            raise UnknownCalculator(
                f"{src_uri}: unknown calculator «{calc_id}» in <!-- svod:calc {calc_id} --> "
                f"(known: {', '.join(sorted(known)) or 'none'})")
        return f'\n{indent}<div class="svod-calc-slot" data-svod-calc="{calc_id}"></div>\n'

    # not inside fenced code: a page may show the marker itself as an example
    parts = FENCE.split(markdown)
    return "".join(part if i % 2 else MARKER.sub(slot, part) for i, part in enumerate(parts))


def fill_slots(html: str, lang: str) -> str:
    by_lang = forms()[lang]
    seen: dict[str, int] = {}

    def fill(m: re.Match) -> str:
        calc_id = m[1]
        n = seen.get(calc_id, 0)
        seen[calc_id] = n + 1
        form = by_lang[calc_id]
        if n:  # a second copy on the same page: its own element ids
            form = form.replace(f"svod-{calc_id}", f"svod-{calc_id}-{n + 1}")
        return form

    return SLOT.sub(fill, html)


# ---- MkDocs events ------------------------------------------------------------------------

def on_config(config):
    global _forms, _specs
    _forms = _specs = None  # fresh on every build (mkdocs serve rebuilds)
    # The deployed address (the Pages workflow sets it): the sitemap, the 404 page's
    # absolute links and Material's instant navigation need the real host and path.
    site_url = os.environ.get("SVOD_SITE_URL", "").strip()
    if site_url:
        config["site_url"] = site_url.rstrip("/") + "/"
    nav = config.get("nav")
    if nav:
        _expand_nav(nav)
    # What the worker would fetch first (assets/pyodide/files.json: runtime sizes, the snapshot's
    # URL) goes into the calculator pages' <head> (overrides/main.html): the snapshot download
    # starts with the worker instead of one request later.
    runtime = Path(config["docs_dir"]) / "assets" / "pyodide" / "files.json"
    config["extra"]["svod_runtime_files"] = json.loads(runtime.read_text(encoding="utf-8")) if runtime.exists() else None
    return config


def _expand_nav(nav: list) -> None:
    from rules_core import api

    for i, item in enumerate(nav):
        if not isinstance(item, dict) or len(item) != 1:
            continue
        (title, target), = item.items()
        if target == f"{CALC_DIR}/index.md":
            children = [f"{CALC_DIR}/index.md"]
            for calc in api.list_calculators():
                children.append({calc["title"]["ru"]: f"{CALC_DIR}/{calc['id']}.md"})
            nav[i] = {title: children}


def on_page_markdown(markdown, page, config, files):
    return replace_markers(markdown, page.file.src_uri)


def build_lang(config) -> str:
    """The language of the build (mkdocs-static-i18n builds each language with its own
    theme.language): a Russian page copied into the English site as a fallback still gets
    English forms, matching the English results and interface around them."""
    theme = config.get("theme")
    lang = (theme.get("language") if theme is not None else None) or "ru"
    return "en" if str(lang).startswith("en") else "ru"


def on_page_content(html, page, config, files):
    if "svod-calc-slot" not in html:
        return html
    lang = "en" if page_lang(page.file.src_uri) == "en" or build_lang(config) == "en" else "ru"
    return fill_slots(html, lang)


def on_post_build(config):
    out = Path(config["site_dir"]) / "assets" / "calc"
    out.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copy2(ROOT / "calculators" / name, out / name)


def on_serve(server, config, builder):
    server.watch(str(ROOT / "calculators"))
    return server
