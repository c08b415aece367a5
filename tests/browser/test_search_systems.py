"""Search that knows the system and the language, in chromium: each language searches its own
index; results of the system of the page searched from come first, each labelled with its
system; no result without a title or an address (online and offline); the searched words are
highlighted where a result lands, its heading in view below the header and «К началу». The
English side: the language switch keeps the section, the navigation marks no page untranslated,
the calculator pages read in English."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rules_core import api
from .site_pages import nav_pages, open_switch_and_pick, search
from .waits import READY, animated, scroll_settled

ROOT = Path(__file__).resolve().parents[2]
CALC_SYSTEM = {c["id"]: c["system"] for c in api.list_calculators()}

GROUPS = """() => [...document.querySelectorAll('.md-search-result__item')].map(li => {
    const page = li.querySelector('.md-search-result__link');
    const h = page.querySelector('article h1');
    return {href: page.href, title: h ? h.textContent.trim() : '',
            tags: [...page.querySelectorAll('.md-tag')].map(t => t.textContent.trim()),
            links: [...li.querySelectorAll('.md-search-result__link')].map(a => a.href),
            titles: [...li.querySelectorAll('.md-search-result__link article :is(h1, h2)')]
                      .map(t => t.textContent.trim())};
})"""

#: (page searched from, query): words found in several systems
RU_RANKED = [
    ("serial/combat/", "поглощение"), ("wod/soak/", "поглощение"),
    ("serial/turn/", "очередь"), ("wod/turn/", "очередь"),
    ("serial/maneuvers/", "как работает уклонение"), ("lysogorsk/combat/", "уклонение"),
    ("codex/armor/", "броня"), ("lysogorsk/damage/", "броня"), ("calculators/wod-soak/", "броня"),
    ("codex/weapon-damage/", "урон"),
]
EN_RANKED = [
    ("en/serial/combat/", "armor"), ("en/lysogorsk/damage/", "damage"),
    ("en/codex/armor/", "armor"), ("en/calculators/wod-pool/", "attack"),
]
RU_QUERIES = ["порог смерти", "опьянение", "поглощение", "урон", "броня", "бой", "калькулятор"]
EN_QUERIES = ["damage", "soak", "armor", "wound", "roll", "stress", "calculator"]


def rel(url: str, base_url: str) -> str:
    path = urlsplit(url).path
    root = urlsplit(base_url).path
    return path[len(root):] if path.startswith(root) else path


def system_of(path: str) -> str:
    """A page's system by its address (``calculators/ID/``: the calculator's)."""
    parts = path.removeprefix("en/").split("/")
    if parts[0] == "calculators" and len(parts) > 1 and parts[1]:
        return CALC_SYSTEM[parts[1]]
    return parts[0] if parts[0] in api.SYSTEMS else "common"


def names(lang: str) -> dict[str, str]:
    return {title[lang]: key for key, title in api.SYSTEMS.items()}


def groups_from(page, base_url, start: str, query: str) -> list[dict]:
    page.goto(base_url + start)
    search(page, query)
    return page.evaluate(GROUPS)


def check_ranked(groups, base_url, start, query, lang):
    where = f"«{query}» from {start}"
    here = system_of(start)
    systems = [system_of(rel(g["href"], base_url)) for g in groups]
    assert here in systems and len(set(systems) - {"common"}) >= 2, f"{where}: {systems}"
    n = systems.count(here)
    assert systems[:n] == [here] * n, f"{where}: not first: {systems}"
    kinds = ["calc" if rel(g["href"], base_url).removeprefix("en/").startswith("calculators/") else "rules"
             for g in groups[:n]]
    assert kinds == sorted(kinds, key=lambda k: k == "calc"), f"{where}: a calculator above a rule page"
    # every result names its system, in the page's language
    label = names(lang)
    assert [label.get(g["tags"][0]) if g["tags"] else None for g in groups] == systems, where


@pytest.mark.parametrize("start,query", RU_RANKED, ids=[f"{q}@{s}" for s, q in RU_RANKED])
def test_russian_results_of_the_pages_system_first(shared_page, base_url, start, query):
    check_ranked(groups_from(shared_page, base_url, start, query), base_url, start, query, "ru")


@pytest.mark.parametrize("start,query", EN_RANKED, ids=[f"{q}@{s}" for s, q in EN_RANKED])
def test_english_results_of_the_pages_system_first(shared_page, base_url, start, query):
    check_ranked(groups_from(shared_page, base_url, start, query), base_url, start, query, "en")


def check_titles_and_addresses(page, base_url, site_dir, start, queries, lang, where):
    for query in queries:
        groups = groups_from(page, base_url, start, query)
        assert groups, f"{where}: «{query}» found nothing"
        for g in groups:
            assert g["title"] and all(g["titles"]), f"{where}: «{query}»: a result without a title: {g}"
            for href in g["links"]:
                path = rel(href, base_url)
                assert "undefined" not in href and (site_dir / path / "index.html").is_file(), \
                    f"{where}: «{query}»: {href}"
                assert path.startswith("en/") == (lang == "en"), f"{where}: «{query}»: {href} in the {lang} search"
        # the page's own request (the service worker's precache fetches every file)
        index = page.evaluate("""() => performance.getEntriesByType('resource').map(e => e.name)
                                   .filter(n => n.includes('search_index.json'))""")
        assert [urlsplit(u).path for u in index] == [
            urlsplit(base_url).path + ("en/" if lang == "en" else "") + "search/search_index.json"], index


def test_every_result_has_a_title_and_an_address(shared_page, base_url, site_dir):
    check_titles_and_addresses(shared_page, base_url, site_dir, "serial/combat/", RU_QUERIES, "ru", "online")
    check_titles_and_addresses(shared_page, base_url, site_dir, "en/serial/combat/", EN_QUERIES, "en", "online")


def test_every_result_has_a_title_and_an_address_offline(new_context, base_url, site_dir):
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url)
    page.wait_for_function(READY, timeout=120_000)
    ctx.set_offline(True)
    check_titles_and_addresses(page, base_url, site_dir, "wod/soak/", RU_QUERIES[:3], "ru", "offline")
    check_titles_and_addresses(page, base_url, site_dir, "en/wod/soak/", EN_QUERIES[:3], "en", "offline")


def open_results(page):
    """Show the result list as the search button does (the helper checks the box only)."""
    page.evaluate("document.getElementById('__search').dispatchEvent(new Event('change'))")


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}],
                         ids=["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_landing_highlights_the_words_with_the_heading_in_view(new_context, base_url, shot,
                                                               viewport, scheme):
    ctx = new_context(viewport=viewport, color_scheme=scheme)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + "serial/combat/")
    links = search(page, "перехвата")
    open_results(page)
    name = f"search-{viewport['width']}-{scheme}"
    shot(page, f"{name}-results")
    target = next(h for h in links if urlsplit(h).fragment == "interception")
    with page.expect_navigation():
        page.locator(f'.md-search-result__link[href="{target}"]').first.evaluate("a => a.click()")
    page.wait_for_function("document.querySelector('mark[data-md-highlight]')", timeout=30_000)
    marks = page.locator("article mark[data-md-highlight]")
    assert marks.count() > 0 and "перехват" in marks.first.inner_text().lower()
    heading = page.locator("#interception")

    def in_view():
        return page.evaluate("""() => {
            const h = document.getElementById('interception').getBoundingClientRect();
            const header = document.querySelector('.md-header').getBoundingClientRect();
            const top = document.querySelector('.md-top').getBoundingClientRect();
            const hit = document.elementFromPoint(h.left + 4, h.top + h.height / 2);
            return {top: h.top, bottom: h.bottom, header: header.bottom, button: top.bottom,
                    covered: !document.getElementById('interception').contains(hit)};
        }""")

    box = in_view()
    assert box["top"] >= box["header"] and box["top"] >= box["button"], box
    assert box["bottom"] <= viewport["height"] and not box["covered"], box
    # a reader scrolling up a little brings «К началу» out: it stays above the heading
    page.mouse.wheel(0, -3)
    page.wait_for_function("!document.querySelector('.md-top').hidden", timeout=10_000)
    scroll_settled(page)
    animated(page)  # «К началу» faded in
    box = in_view()
    assert not box["covered"] and box["top"] >= box["button"], box
    shot(page, f"{name}-landing")
    assert "Перехват" in heading.inner_text()


def read_at(page, anchor: str, below: int):
    """Scroll as a reader does to ``below`` px under a heading (a wheel, so the browser's own
    scroll to the address's anchor during the load is over)."""
    page.wait_for_load_state("networkidle")
    # the page's calculators drawn first: a result appearing above the section moves it down
    page.wait_for_function("""() => [...document.querySelectorAll('.svod-calc')]
        .every(c => ['done', 'invalid', 'error'].includes(c.dataset.state))""", timeout=90_000)
    page.evaluate("a => document.getElementById(a).scrollIntoView()", anchor)
    page.mouse.move(300, 400)
    page.mouse.wheel(0, below)
    page.wait_for_function("""([a, below]) => {
        const top = document.getElementById(a).getBoundingClientRect().top;
        return top < -below / 2 && top > -below * 2; }""", arg=[anchor, below])


def switch_where_reading(page, lang: str):
    """Pick a language in the header's switch with the mouse where the link is, once it has
    opened: Playwright's own click may first scroll the page to the link (while the menu still
    moves in), and the switch goes to the section on screen at the click."""
    page.locator(".md-header__option .md-select").first.hover()
    link = page.locator(f'a.md-select__link[hreflang="{lang}"]').first
    link.wait_for(state="visible")
    page.wait_for_function("""lang => {
        const a = document.querySelector(`a.md-select__link[hreflang="${lang}"]`);
        const r = a.getBoundingClientRect(), was = a.dataset.svodBox, now = [r.x, r.y, r.width].join();
        a.dataset.svodBox = now;
        return was === now && r.width > 0 && getComputedStyle(a.closest('.md-select__inner')).opacity === '1';
    }""", arg=lang, polling=100)
    box = link.bounding_box()
    with page.expect_navigation():
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_language_switch_keeps_the_section(shared_page, base_url):
    page = shared_page
    page.goto(base_url + "serial/combat/")
    read_at(page, "absorption", 150)
    switch_where_reading(page, "en")
    assert page.url == base_url + "en/serial/combat/#absorption"
    page.wait_for_load_state("networkidle")
    top = page.evaluate("document.getElementById('absorption').getBoundingClientRect().top")
    assert 0 < top < page.viewport_size["height"] / 3, top
    read_at(page, "armor", 60)
    switch_where_reading(page, "ru")
    assert page.url == base_url + "serial/combat/#armor"
    # at the top of a page it stays at the top
    page.goto(base_url + "wod/soak/")
    open_switch_and_pick(page, "en")
    assert page.url == base_url + "en/wod/soak/"


def test_english_navigation_marks_no_page_untranslated(shared_page, base_url):
    """Every page of the navigation has its English side, so the English navigation marks none
    «RU» (the mark a page without one would get: tests/test_i18n_fallback.py)."""
    page = shared_page
    page.goto(base_url + "en/wod/soak/")
    links = page.evaluate("""() => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]
        .map(a => [a.href, !!a.querySelector('.md-status--untranslated')])""")
    pages = [p for p in nav_pages() if not p.startswith("calculators/")]
    assert [p for p in pages if not (ROOT / "docs" / p.replace(".md", ".en.md")).is_file()] == []
    assert len(links) > 60 and [h for h, marked in links if marked] == []
    assert page.locator(".md-status--untranslated").count() == 0


#: The only Russian an English page may show: the source's own words, quoted («…»).
QUOTED = re.compile(r"«[^»]*»")


def test_english_calculator_pages_have_no_russian_labels(shared_page, base_url):
    page = shared_page
    for path in ["en/calculators/"] + [f"en/calculators/{c}/" for c in CALC_SYSTEM]:
        page.goto(base_url + path)
        text = page.evaluate("""() => {
            const a = document.querySelector('article');
            const attrs = [...a.querySelectorAll('[title], [aria-label], [placeholder]')]
              .flatMap(e => ['title', 'aria-label', 'placeholder'].map(n => e.getAttribute(n) || ''));
            const options = [...a.querySelectorAll('option')].map(o => o.textContent);
            return [a.innerText, ...attrs, ...options].join('\\n');
        }""")
        words = set(re.findall(r"[А-Яа-яЁё]+", QUOTED.sub("", text)))
        assert not words, f"{path}: {sorted(words)[:10]}"
