"""Helpers that drive the rules pages in chromium (Playwright), for the browser tests of search, the
languages, accessibility and the screens: a query typed into Material's search and its results, the
language switch used as a reader does, and the pages of the navigation."""

from __future__ import annotations

import yaml

from .conftest import ROOT


#: How long to wait for the index and for results: the worker builds the Russian index (435
#: entries) on first use, which took over 60 s with two suites at once on the 2 shared cores.
SEARCH_MS = 90_000


def search(page, query: str) -> list[str]:
    """Type a query into Material's search and return the result links (absolute URLs)."""
    page.evaluate("document.getElementById('__search').checked = true")
    # focus the box as a user does: the index is only fetched once search is touched. Wait until
    # the worker has built the index (the placeholder text changes from «Инициализация поиска» /
    # "Initializing search").
    page.locator("input.md-search__input").focus()
    page.wait_for_function(
        """() => {
            const meta = document.querySelector('.md-search-result__meta');
            return meta && !/инициализ|initializ/i.test(meta.textContent);
        }""", timeout=SEARCH_MS)
    # mark the current results, to wait for new ones rather than read stale ones
    page.evaluate("""() => document.querySelectorAll('.md-search-result__item')
                         .forEach(li => li.dataset.svodStale = '1')""")
    box = page.locator("input.md-search__input")
    box.focus()
    box.fill(query)
    # Playwright's typing of Cyrillic fires no keyup, and Material listens to keyup
    box.dispatch_event("keyup")
    page.wait_for_function(
        """q => {
            const meta = document.querySelector('.md-search-result__meta');
            const links = document.querySelectorAll('.md-search-result__link');
            const stale = document.querySelector('.md-search-result__item[data-svod-stale]');
            return meta && !stale && document.querySelector('input.md-search__input').value === q
                && (links.length > 0 || /не найдено|no matching/i.test(meta.textContent));
        }""", arg=query, timeout=SEARCH_MS)
    return [a.get_attribute("href") for a in page.locator(".md-search-result__link").all()]


def open_switch_and_pick(page, lang: str):
    page.locator(".md-header__option .md-select").first.hover()
    link = page.locator(f'a.md-select__link[hreflang="{lang}"]').first
    link.wait_for(state="visible")
    with page.expect_navigation():
        link.click()


def nav_pages() -> list[str]:
    """The docs pages of the navigation (mkdocs.yml's nav)."""
    out = []

    def walk(items):
        for item in items:
            values = item.values() if isinstance(item, dict) else [item]
            for v in values:
                walk(v) if isinstance(v, list) else out.append(v)

    walk(yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"])
    return out
