"""MkDocs hooks of the site's infrastructure.

- the glossary page (``<!-- svod:glossary -->``) and the glossary tooltips (Markdown
  abbreviations appended to each rule page of the term's system), see ``scripts/glossary.py``;
- a notice on English pages that fall back to the Russian text;
- the header's language switch at the language roots, made contextual in the browser by
  ``docs/assets/javascripts/site.js``; no hreflang links in the head (the per-page
  alternates are in sitemap.xml); a Russian root 404 page;
- Russian stemming for search: Material's search worker is wrapped by
  ``scripts/search/stem-worker.js`` (see that file).
"""

from __future__ import annotations

import logging
import re
import shutil
import sys
from copy import deepcopy
from pathlib import Path

from mkdocs import plugins

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts import glossary  # noqa: E402


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
STEM_WORKER = ROOT / "scripts" / "search" / "stem-worker.js"
STEM_MARK = "Свод: Russian and English stemming"


def current_language(config) -> str:
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None)
    return lang or config.theme.get("language", "ru") or "ru"


def page_locale(page, default: str = "ru") -> str:
    return getattr(page.file, "locale", None) or (
        "en" if ".en." in page.file.src_uri else default)


def on_config(config):
    if not any(isinstance(e, glossary.TermsOncePerSection) for e in config.markdown_extensions):
        config.markdown_extensions.append(glossary.TermsOncePerSection())
    return config


def on_page_markdown(markdown, page, config, files):
    lang = current_language(config)
    src = page.file.src_uri
    markdown = glossary.expand(markdown, lang, src, Path(config.docs_dir))
    system = glossary.page_system(src)
    if system and not glossary.NO_TOOLTIP_PAGES.match(src):
        markdown += glossary.abbreviation_block(system, lang=lang, text_lang=page_locale(page))
    return markdown


@plugins.event_priority(-50)  # after mkdocs-static-i18n's on_page_context (priority 50)
def on_page_context(context, page, config, nav):
    """Keep the language links at the language roots (``/svod/``, ``/svod/en/``).

    mkdocs-static-i18n points them at the page's translation, but Material reads the
    ``<link rel="alternate">`` hrefs as the bases of alternate sites and fetches
    ``<href>/sitemap.xml`` from each: per-page links made it fetch a missing
    ``glossary/sitemap.xml`` on every page. The header switch still goes to the same page:
    docs/assets/javascripts/site.js points it there on every page change. (Material also
    writes them into the head as hreflang links: on_post_page drops those.)
    """
    i18n = config.plugins.get("i18n")
    roots = getattr(i18n, "extra_alternate", None)
    if roots:
        # both spellings: mkdocs-static-i18n sets the attribute, Jinja reads it first
        config.extra["alternate"] = deepcopy(roots)
        config.extra.alternate = config.extra["alternate"]
    return context


#: ``<link rel="alternate" href="/svod/en/" hreflang="en">`` as Material's base.html writes them
#: from ``extra.alternate`` (at the language roots, see on_page_context).
HEAD_HREFLANG = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def drop_head_hreflang(output: str) -> str:
    """Drop the head's hreflang links (issue 6, Lighthouse).

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


def on_post_template(output, template_name, config):
    """The 404 page is a theme template, not a page: the same head."""
    return drop_head_hreflang(output) if template_name == "404.html" else output


def on_post_page(output, page, config):
    """The notice on English pages showing the Russian text. Added to the finished HTML,
    not the Markdown, so the search index keeps one copy of the Russian text (the i18n
    plugin drops an English fallback entry only if it equals the Russian one). The head's
    hreflang links are dropped (drop_head_hreflang)."""
    output = drop_head_hreflang(output)
    lang = current_language(config)
    if lang == "ru" or page_locale(page) == lang:
        return output
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
    raise RuntimeError(f"site_hooks: Material's search worker not found in {workers}")


_ROOT_404: dict[str, bytes] = {}


def on_post_build(config):
    site = Path(config.site_dir)
    install_stem_worker(site)
    # The root 404.html is written by every language build, so it would end up English (the
    # last build). GitHub Pages serves only the root one: keep the default (Russian) build's,
    # and give the English one its own place.
    page404 = site / "404.html"
    if current_language(config) == "ru":
        if page404.is_file():
            _ROOT_404["ru"] = page404.read_bytes()
    elif "ru" in _ROOT_404 and page404.is_file():
        (site / current_language(config)).mkdir(exist_ok=True)
        page404.replace(site / current_language(config) / "404.html")
        page404.write_bytes(_ROOT_404["ru"])
    # Material's instant navigation on an English page reads <base>/sitemap.xml with base
    # en/; one sitemap serves both languages, so the English side gets a copy (no 404).
    for lang_dir in (site / "en",):
        if lang_dir.is_dir():
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                if (site / name).is_file():
                    shutil.copyfile(site / name, lang_dir / name)
