"""One search index per language, and Russian and English stemming for Material's search.

Material's search does not stem Russian (``поглощению`` does not find «Поглощение»), and a
stemmer in lunr's pipeline makes it worse (Material appends ``*`` to every query term and lunr
does not stem wildcard terms). ``stem-worker.js`` (beside this file) stems each query word
before Material adds the ``*``: after the build it takes the place of Material's search worker,
which it loads under a new name. It depends on Material internals: tests/test_search_stem.py
and tests/browser/test_search.py guard it.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from svod_site import glossary
from svod_site.calculators import CALC_DIR, specs
from svod_site.lang import DEFAULT as DEFAULT_LANG
from svod_site.lang import text_language

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


# ---- one search index per language ---------------------------------------------------------
#
# mkdocs-static-i18n stacks every language's entries into the one root index (so the Russian
# search listed the English fallback copies, and English pages whose page entry it dropped as a
# duplicate kept their section entries: Material shows those without a title, linking to
# ``undefined``). Here each language build's own entries are kept (:meth:`SearchIndexes.page`,
# :meth:`SearchIndexes.collect`) and written after that merge (:meth:`SearchIndexes.write`):
# ``search/search_index.json`` Russian, ``en/search/search_index.json`` English (the page's
# language picks it: calculators/head.js). Every entry carries its page's ``system`` and
# ``kind`` (not lunr fields: not searched), which stem-worker.js uses to rank and label results
# (with the systems' names, ``config.svod.systems``).

#: Material's search plugin, as mkdocs.yml's ``search`` is registered.
SEARCH_PLUGINS = ("material/search", "search")
FALLBACK_TEXT = {"en": "Not translated yet: this page shows the Russian text."}
#: The print sheets' folder: their pages are indexed, ranked below the rule and calculator pages.
SHEETS_DIR = "print"
#: How a query names a system: a query word beginning with one of these (lower case, ё as е)
#: is taken as a preference for that system's results and is not searched for itself.
SYSTEM_WORDS = {
    "serial": ("сериал", "series"),
    "wod": ("классик", "классич", "classic", "wod"),
    "lysogorsk": ("лысогор", "lysogorsk"),
    "codex": ("кодекс", "codex"),
}
#: Between the text of two elements that are not inline, the index gets a space: Material's
#: parser joins the text of adjacent blocks as the HTML has it («убивает</legend><label>больше»
#: became «убиваетбольше» in the index and in the snippets).
INLINE_TAGS = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
    "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
})


def index_path(site_dir: Path, lang: str, default: str) -> Path:
    """Where a language's index goes: the default language's at the root, others under ``<lang>/``."""
    return site_dir / ("" if lang == default else lang) / "search" / "search_index.json"


def search_plugin(config):
    return next((config.plugins[n] for n in SEARCH_PLUGINS if n in config.plugins), None)


def system_labels() -> dict[str, dict[str, str]]:
    """{system: {lang: label}}: the systems as rules_core.api names them (``common`` is every system)."""
    from rules_core import api

    return {key: dict(title) for key, title in api.SYSTEMS.items()}


def page_info(src_uri: str, title: str, build_lang: str, toc=()) -> dict:
    """What the index says of a page besides its text: its system (``common`` for pages of no one
    system), its kind (``calc`` for the calculator pages, ``sheet`` for the print sheets,
    ``rules`` for the others), whether it is a fallback (the default language's text in another
    language's build), and its outline (:func:`outline` of its table of contents)."""
    top, _, rest = src_uri.partition("/")
    if top == CALC_DIR and rest:
        calc_id = rest.split(".", 1)[0]
        system = next((c["system"] for c in specs() if c["id"] == calc_id), None)
        return {"title": title, "system": system or "common", "kind": "calc", "fallback": False,
                "outline": outline(toc)}
    kind = "sheet" if top == SHEETS_DIR and rest else "rules"
    return {"title": title, "system": glossary.page_system(src_uri) or "common", "kind": kind,
            "fallback": text_language(src_uri) != build_lang, "outline": outline(toc)}


def outline(toc) -> dict[str, list[str]]:
    """{anchor: the titles of the headings right under it} of a page's table of contents (MkDocs'
    ``page.toc``), the page's own (its one top heading's, or its top headings) under ``""``."""
    out: dict[str, list[str]] = {}

    def walk(items):
        for item in items:
            if item.children:
                out[item.id] = [html.unescape(c.title) for c in item.children]
                walk(item.children)

    items = list(toc)
    walk(items)
    if len(items) == 1:
        out[""] = out.get(items[0].id, [])
    elif items:
        out[""] = [html.unescape(i.title) for i in items]
    return out


def clean_entries(entries: list[dict], pages: dict[str, dict], lang: str) -> list[dict]:
    """This build's entries, fit for Material's search: each page's entry first (Material groups
    sections under the first entry of their path and shows it as the result's title), a title
    on every entry, nothing outside the pages of this build, and a fallback page (the Russian text
    on the English side) as one entry under its English title, marked as not translated.

    ``pages``: {page URL: {"title", "system", "kind", "fallback"}} of this build's pages."""
    by_page: dict[str, list[dict]] = {}
    for e in entries:
        by_page.setdefault(e["location"].split("#", 1)[0], []).append(e)
    out: list[dict] = []
    for url, group in by_page.items():
        info = pages.get(url)
        if info is None:
            continue  # not one of this build's pages (another language's)
        extra = {"system": info["system"], "kind": info["kind"]}
        if info["fallback"]:
            out.append({"location": url, "title": info["title"],
                        "text": FALLBACK_TEXT.get(lang, ""), **extra})
            continue
        head = next((e for e in group if e["location"] == url), None)
        if head is None:
            head = {"location": url, "title": info["title"], "text": ""}
        seen = {url}
        sections = info.get("outline", {})
        out.append({**head, "title": head["title"] or info["title"],
                    "text": head["text"] or contents(sections.get("", [])), **extra})
        for e in group:
            if e["location"] in seen:
                continue
            seen.add(e["location"])
            anchor = e["location"].partition("#")[2]
            out.append({**e, "title": e["title"] or info["title"],
                        "text": e["text"] or contents(sections.get(anchor, [])), **extra})
    return out


def contents(titles: list[str]) -> str:
    """The text of an entry that has none of its own (a heading right above its sub-headings):
    the sub-headings' titles, so that its search result reads as something (as index text)."""
    return " · ".join(html.escape(t, quote=False) for t in titles)


def aliases(lang: str) -> list[dict]:
    """The players' words (svod_site/glossary.py ``players``) for the ``lang`` index: every
    phrase of either language, with the rules' words in ``lang`` that the worker searches instead."""
    return [{"phrases": [*rec.get("ru", []), *rec.get("en", [])], "to": rec["to"][lang]}
            for rec in glossary.players()]


def term_targets(lang: str, docs: list[dict]) -> list[dict]:
    """The glossary's terms for the ``lang`` index: each term's names (Russian, English, aliases)
    and the index entry of the rule it links (its section, or its page where the anchor is the
    page's own heading). A query that is a term's name gets that rule first (stem-worker.js)."""
    locations = {d["location"] for d in docs}
    prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
    out = []
    for t in glossary.load():
        path, _, anchor = t["link"].partition("#")
        page = prefix + (path[: -len("index.md")] if path.endswith("index.md") else path[: -len(".md")] + "/")
        at = f"{page}#{anchor}" if f"{page}#{anchor}" in locations else page
        if at not in locations:
            continue
        out.append({"names": [t["ru"], glossary.english_name(t), *t.get("aliases", [])], "at": at})
    return out


def spaced_parser(parser_class: type) -> type:
    """Material's section parser, with a space between the text of elements that are not inline
    (:data:`INLINE_TAGS`); inside ``<pre>`` nothing changes."""

    class SpacedParser(parser_class):
        svod_spaced = True

        def _space(self):
            if self.section is not None and "pre" not in self.context \
                    and not self.skip.intersection(self.context):
                self.handle_data(" ")

        def handle_starttag(self, tag, attrs):
            if tag not in INLINE_TAGS:
                self._space()
            super().handle_starttag(tag, attrs)

        def handle_endtag(self, tag):
            super().handle_endtag(tag)
            if tag not in INLINE_TAGS:
                self._space()

    return SpacedParser


def space_blocks_in_index() -> None:
    """Index pages through :func:`spaced_parser` (``on_config``; idempotent). Material's
    ``SearchIndex.add_entry_from_context`` makes its ``Parser`` by that module-level name: this
    depends on Material's internals (tests/test_search_index.py checks the built index)."""
    from material.plugins.search import plugin as material_search

    if not getattr(material_search.Parser, "svod_spaced", False):
        material_search.Parser = spaced_parser(material_search.Parser)


class SearchIndexes:
    """Each language build's search entries, written as that language's own index."""

    def __init__(self):
        self.pages: dict[str, dict[str, dict]] = {}
        self.indexes: dict[str, str] = {}

    def page(self, lang: str, url: str, info: dict) -> None:
        """Note a page of the ``lang`` build (``on_page_context``)."""
        self.pages.setdefault(lang, {})[url] = info

    def collect(self, config, lang: str) -> None:
        """After Material's search plugin has indexed this build (``on_post_build``, before
        mkdocs-static-i18n replaces its entries with every language's)."""
        plugin = search_plugin(config)
        if plugin is None:
            return
        index = plugin.search_index
        docs = clean_entries(list(index.entries), self.pages.get(lang, {}), lang)
        settings = {key: index.config[key] for key in ("lang", "separator", "pipeline", "fields")}
        labels = {key: title.get(lang) or title["ru"] for key, title in system_labels().items()}
        # Material hands the worker only the index's config and docs: the names go in the config
        settings["svod"] = {"lang": lang, "systems": labels, "system_words": SYSTEM_WORDS,
                            "aliases": aliases(lang), "terms": term_targets(lang, docs)}
        data = {"config": settings, "docs": docs}
        self.indexes[lang] = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        self.pages.pop(lang, None)

    def write(self, site_dir: Path, default: str) -> list[Path]:
        """Write every language's index collected so far (``on_post_build``, after
        mkdocs-static-i18n's merge). The English build runs inside the Russian one's
        ``on_post_build``, before the merge: the last call, the Russian build's, writes both
        after it (the English one again, unchanged)."""
        written = []
        for lang, text in self.indexes.items():
            path = index_path(site_dir, lang, default)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
        return written
