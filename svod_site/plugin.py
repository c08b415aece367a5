"""The site's MkDocs plugin: each MkDocs event, and which module does what in it.

Registered as ``svod`` (``svod_site/pyproject.toml``; scripts/setup installs it), listed last
in mkdocs.yml's ``plugins``, after mkdocs-static-i18n, whose events it is ordered against
(static-i18n builds the English side by running the whole build again from its
``on_post_build``, so every event here runs once per language).
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files

from svod_site import (ROOT, build_files, calc_pages, calculators, glossary, home, i18n, markers, readings, search, sheets,
                       tables)
from svod_site.lang import DEFAULT, build_language, text_language

#: What each kind of ``<!-- svod:KIND ARG -->`` becomes (markers.py).
HANDLERS: dict[str, markers.Handler] = {
    "table": tables.marker,
    "calc": calculators.marker,
    "glossary": glossary.marker,
    "home": home.marker,
    "sheet": sheets.marker,
    "reading": readings.marker,
}


def docs_order(src_uri: str) -> tuple:
    """Where MkDocs' walk of docs/ meets a file: a folder's files (``index`` first, then by
    name) before its sub-folders (by name)."""
    *folders, name = src_uri.split("/")
    return (*((1, d) for d in folders), (0, (os.path.splitext(name)[0] not in ("index", "README"), name)))


class SvodPlugin(BasePlugin):
    def __init__(self):
        self.generated: dict[str, str] = {}  # docs-relative path → Markdown (calc_pages.py)
        self.root404 = i18n.Root404()
        self.search = search.SearchIndexes()

    def on_config(self, config):
        # The deployed address (the Pages workflow sets it): the sitemap, the 404 page's
        # absolute links and Material's instant navigation need the real host and path.
        site_url = os.environ.get("SVOD_SITE_URL", "").strip()
        if site_url:
            config["site_url"] = site_url.rstrip("/") + "/"
        calculators.reset()
        calculators.expand_nav(config.get("nav"))
        i18n.add_nav_translations(config, "en", calculators.nav_translations("en"))
        config["extra"]["svod_runtime_files"] = calculators.runtime_index()
        search.space_blocks_in_index()
        if not any(isinstance(e, glossary.TermsOncePerSection) for e in config.markdown_extensions):
            config.markdown_extensions.append(glossary.TermsOncePerSection())
        return config

    # ---- files: the build's artefacts and the generated pages --------------------------

    def _add_files(self, files, config):
        """Before mkdocs-static-i18n's ``on_files`` (priority -100), which sorts the docs pages
        into languages: the calculator pages go in as pages of ``docs/`` (so it pairs
        ``calculators/x.md`` with its ``x.en.md`` twin as it pairs any page); the artefacts of
        ``build/assets/`` go in as the site's ``assets/``."""
        artefacts = build_files.files(config)
        if overlap := build_files.overlaps(files, artefacts):
            more = f" and {len(overlap) - 1} more" if len(overlap) > 1 else ""
            raise PluginError(f"svod: docs/{overlap[0]}{more}: the build steps fill those folders "
                              f"({build_files.BUILD_ASSETS}/); remove them from docs/")
        english = "i18n" in config.plugins
        self.generated = calc_pages.generate(Path(config.docs_dir), english=english,
                                             en_titles=i18n.nav_titles(config, "en") if english else None)
        if clash := [uri for uri in self.generated if files.get_file_from_path(uri)]:
            raise PluginError(f"svod: docs/{clash[0]}: the calculator pages are generated "
                              "(svod_site/calc_pages.py); remove it from docs/")
        pages = []
        for uri, text in self.generated.items():
            page = File.generated(config, uri, content=text)
            # where mkdocs-static-i18n looks for a page's place: as if it were in docs/
            page.abs_src_path = os.path.normpath(os.path.join(config.docs_dir, uri))
            pages.append(page)
        # in the order MkDocs reads docs/ (the search index and the sitemap list pages so)
        docs = Path(config.docs_dir)
        in_docs = [f for f in files if f.abs_src_path and Path(f.abs_src_path).is_relative_to(docs)]
        taken = {f.src_uri for f in in_docs}
        others = [f for f in files if f.src_uri not in taken]
        return Files([*sorted([*in_docs, *pages], key=lambda f: docs_order(f.src_uri)), *others, *artefacts])

    @event_priority(-110)
    def _keep_generated_content(self, files, config):
        """After mkdocs-static-i18n's ``on_files``: it made each docs page anew from its path,
        so the generated pages get their text back."""
        for f in files:
            text = self.generated.get(f.src_uri)
            if text is not None:
                f.content_string = text
        return files

    on_files = CombinedEvent(_add_files, _keep_generated_content)

    # ---- pages ---------------------------------------------------------------------------

    def on_page_markdown(self, markdown, page, config, files):
        src = page.file.src_uri
        where = markers.Where(src, text_language(src), build_language(config), Path(config.docs_dir))
        markdown = markers.expand(markdown, where, HANDLERS)
        i18n.mark_untranslated(config, page, where.build_lang, where.text_lang)
        system = glossary.page_system(src)
        if system and not glossary.NO_TOOLTIP_PAGES.match(src):
            markdown += glossary.abbreviation_block(system, lang=where.build_lang, text_lang=where.text_lang)
        return markdown

    def on_page_content(self, html, page, config, files):
        return calculators.fill_slots(html, build_language(config))

    @event_priority(-50)  # after mkdocs-static-i18n's on_page_context (priority 50)
    def on_page_context(self, context, page, config, nav):
        i18n.keep_language_roots(config)
        self.search.page(build_language(config), page.url,
                         search.page_info(page.file.src_uri, page.title, build_language(config), page.toc))
        return context

    def on_post_page(self, output, page, config):
        output = i18n.drop_head_hreflang(output)
        lang = build_language(config)
        if lang != DEFAULT and text_language(page.file.src_uri) != lang:
            output = i18n.add_fallback_notice(output)
        return output

    def on_post_template(self, output, template_name, config):
        """The 404 page is a theme template, not a page: the same head."""
        return i18n.drop_head_hreflang(output) if template_name == "404.html" else output

    # ---- the built site ------------------------------------------------------------------

    def _post_build(self, config):
        site = Path(config.site_dir)
        calculators.copy_runtime(site)
        search.install_stem_worker(site)
        self.search.collect(config, build_language(config))
        self.root404.after_build(site, build_language(config))
        i18n.copy_sitemap(site)

    @event_priority(-110)
    def _write_search_index(self, config):
        """After mkdocs-static-i18n's ``on_post_build`` (priority -100), which ends the default
        language's build by writing every language's entries into the root index: each
        language's own index replaces it (search.py)."""
        self.search.write(Path(config.site_dir), DEFAULT)

    on_post_build = CombinedEvent(_post_build, _write_search_index)

    def on_serve(self, server, config, builder):
        server.watch(str(ROOT / "calculators"))
        return server
