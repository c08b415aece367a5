"""What the bilingual build (mkdocs-static-i18n, suffix structure) needs besides the pages.

- a notice on English pages that fall back to the Russian text (:func:`add_fallback_notice`);
- the header's language switch at the language roots, made contextual in the browser by
  ``docs/assets/javascripts/site.js`` (:func:`keep_language_roots`); no hreflang links in the
  head (:func:`drop_head_hreflang`; the per-page alternates are in sitemap.xml);
- a Russian root 404 page and the English one under ``en/`` (:class:`Root404`), and the sitemap
  where Material's instant navigation looks for it on the English side (:func:`copy_sitemap`).
"""

from __future__ import annotations

import logging
import re
import shutil
from copy import deepcopy
from pathlib import Path

from svod_site.lang import DEFAULT, OTHERS


class _InstantSwitchFilter(logging.Filter):
    """mkdocs-static-i18n warns that its contextual language links go stale with
    instant navigation. Here they point at the language roots and
    docs/assets/javascripts/site.js makes them contextual on every page change, so the
    warning (fatal under --strict) is dropped, and only that one."""

    def filter(self, record):
        return "not compatible with theme.features = navigation.instant" not in record.getMessage()


for _name in ("mkdocs.plugins.mkdocs_static_i18n.reconfigure", "mkdocs.plugins.mkdocs_static_i18n.plugin",
              "mkdocs.plugins.mkdocs_static_i18n"):
    logging.getLogger(_name).addFilter(_InstantSwitchFilter())

FALLBACK_NOTICE = (
    '<div class="admonition info svod-fallback" lang="en">'
    '<p class="admonition-title">Not translated yet</p>'
    "<p>This page is not translated yet; showing the Russian text.</p></div>"
)


#: Material's page status (``status`` in a page's meta, named in ``extra.status``): the English
#: navigation marks the pages that show the Russian text (site.css draws it as «RU»).
UNTRANSLATED = "untranslated"
UNTRANSLATED_TITLE = "Not translated yet: the Russian text"


def mark_untranslated(config, page, build_lang: str, text_lang: str) -> None:
    """Give a fallback page (another language's text in this build) Material's navigation status
    ``untranslated``. Run from ``on_page_markdown``: MkDocs reads every page before it renders the
    first, so every navigation carries every page's mark."""
    if build_lang == DEFAULT or text_lang == build_lang:
        return
    status = config.extra.get("status") or {}
    if UNTRANSLATED not in status:
        config.extra["status"] = {**status, UNTRANSLATED: UNTRANSLATED_TITLE}
    page.meta.setdefault("status", UNTRANSLATED)


def keep_language_roots(config) -> None:
    """Keep the language links at the language roots (``/svod/``, ``/svod/en/``).

    mkdocs-static-i18n points them at the page's translation, but Material reads the
    ``<link rel="alternate">`` hrefs as the bases of alternate sites and fetches
    ``<href>/sitemap.xml`` from each: per-page links made it fetch a missing
    ``glossary/sitemap.xml`` on every page. The header switch still goes to the same page:
    docs/assets/javascripts/site.js points it there on every page change. (Material also
    writes them into the head as hreflang links: :func:`drop_head_hreflang` drops those.)
    Run after mkdocs-static-i18n's ``on_page_context``.
    """
    i18n = config.plugins.get("i18n")
    roots = getattr(i18n, "extra_alternate", None)
    if roots:
        # both spellings: mkdocs-static-i18n sets the attribute, Jinja reads it first
        config.extra["alternate"] = deepcopy(roots)
        config.extra.alternate = config.extra["alternate"]


#: ``<link rel="alternate" href="/svod/en/" hreflang="en">`` as Material's base.html writes them
#: from ``extra.alternate`` (at the language roots, see keep_language_roots).
HEAD_HREFLANG = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def drop_head_hreflang(output: str) -> str:
    """Drop the head's hreflang links (a Lighthouse finding).

    Material fetches and parses ``<href>/sitemap.xml`` for every ``<link rel="alternate">``
    at each page load and each instant page change, only to redirect clicks on the language
    switch, which docs/assets/javascripts/site.js handles before Material sees them: two
    63 KB XML documents parsed on the main thread for nothing. The links themselves pointed
    every page at the language roots, which search engines ignore for any page but the roots
    (hreflang must be reciprocal); the per-page alternates are in sitemap.xml, which stays.
    Only the head's links go: the header's language switch is unchanged."""
    head_end = output.find("</head>")
    if head_end < 0:
        return output
    return HEAD_HREFLANG.sub("", output[:head_end]) + output[head_end:]


def add_fallback_notice(output: str) -> str:
    """The notice on an English page showing the Russian text. Added to the finished HTML,
    not the Markdown, so the search index keeps one copy of the Russian text (the i18n
    plugin drops an English fallback entry only if it equals the Russian one)."""
    # the text is Russian: say so to screen readers and hyphenation (the notice says lang="en")
    output = output.replace('<article class="md-content__inner md-typeset">',
                            '<article class="md-content__inner md-typeset" lang="ru">', 1)
    at = output.find("</h1>")
    if at < 0:
        at = output.find('<article class="md-content__inner md-typeset" lang="ru">')
        if at < 0:
            return output
        at += len('<article class="md-content__inner md-typeset" lang="ru">')
    else:
        at += len("</h1>")
    return output[:at] + FALLBACK_NOTICE + output[at:]


class Root404:
    """The root 404.html is written by every language build, so it would end up English (the
    last build). GitHub Pages serves only the root one: keep the default (Russian) build's,
    and give the English one its own place (``en/404.html``)."""

    def __init__(self):
        self.default: bytes | None = None

    def after_build(self, site: Path, lang: str) -> None:
        page404 = site / "404.html"
        if lang == DEFAULT:
            if page404.is_file():
                self.default = page404.read_bytes()
        elif self.default is not None and page404.is_file():
            (site / lang).mkdir(exist_ok=True)
            page404.replace(site / lang / "404.html")
            page404.write_bytes(self.default)


def copy_sitemap(site: Path) -> None:
    """Material's instant navigation on an English page reads <base>/sitemap.xml with base
    en/; one sitemap serves both languages, so the English side gets a copy (no 404)."""
    for lang_dir in (site / lang for lang in OTHERS):
        if lang_dir.is_dir():
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                if (site / name).is_file():
                    shutil.copyfile(site / name, lang_dir / name)


def add_nav_translations(config, lang: str, more: dict[str, str]) -> None:
    """Add ``more`` to ``lang``'s ``nav_translations`` (the titles of pages the site generates);
    a title mkdocs.yml already translates keeps its translation."""
    i18n = config.plugins.get("i18n")
    for language in getattr(getattr(i18n, "config", None), "languages", None) or []:
        if language.locale == lang:
            language.nav_translations = {**more, **(language.nav_translations or {})}


def nav_titles(config, lang: str) -> dict[str, str]:
    """{docs path: its navigation title in ``lang``}: mkdocs.yml's ``nav`` titles through that
    language's ``nav_translations`` (a section's index page takes the section's title). What an
    English page calls a page that has no English text yet (its H1 is Russian)."""
    translations: dict[str, str] = {}
    i18n = config.plugins.get("i18n")
    for language in getattr(getattr(i18n, "config", None), "languages", None) or []:
        if language.locale == lang:
            translations = dict(language.nav_translations or {})
    out: dict[str, str] = {}

    def walk(items, section: str | None):
        for item in items or []:
            if isinstance(item, str):
                if section is not None:
                    out.setdefault(item, translations.get(section, section))
            elif isinstance(item, dict):
                for title, value in item.items():
                    if isinstance(value, str):
                        out.setdefault(value, translations.get(title, title))
                    elif isinstance(value, list):
                        walk(value, title)

    walk(config.get("nav"), None)
    return out
