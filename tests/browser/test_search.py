"""Search in a real browser: Russian inflected queries find the rule, and point at its heading.

Material's search does not stem Russian: svod_site/stem-worker.js (installed by
svod_site/search.py in place of Material's worker) stems each query word before Material
adds its ``*``. These tests run the built site in chromium (the issue's list, plus a few).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from .site_pages import search


# query → acceptable (page path under the site root, heading anchor)
CASES = [
    ("поглощения", [("serial/combat/", "absorption")]),
    ("брони", [("serial/combat/", "armor"), ("serial/weapons/", "armor")]),
    ("опьянения", [("lysogorsk/alcohol/", None)]),
    ("порогу смерти", [("serial/combat/", "death-door"), ("serial/combat/", "death-door-roll")]),
    ("перехвата", [("serial/turn/", "interception")]),
    # more inflections of the same rules
    ("поглощению", [("serial/combat/", "absorption"), ("wod/soak/", "soak")]),
    ("бронёй", [("serial/combat/", "armor"), ("serial/weapons/", "armor")]),
]


@pytest.fixture(scope="module")
def search_page(shared_page, base_url):
    """One browser page for all the queries."""
    shared_page.goto(base_url)
    shared_page.wait_for_load_state("networkidle")
    return shared_page


@pytest.mark.parametrize("query,targets", CASES, ids=[c[0] for c in CASES])
def test_inflected_query_finds_the_rule_heading(search_page, base_url, query, targets, assert_on_host):
    links = search(search_page, query)
    assert links, f"«{query}»: no results"
    root = urlsplit(base_url).path
    found = []
    for href in links:
        parts = urlsplit(href)
        path = parts.path[len(root):] if parts.path.startswith(root) else parts.path
        found.append((path, parts.fragment))
    for path, anchor in targets:
        if anchor is None:
            # the right page, and at a heading inside it
            if any(p == path and f for p, f in found):
                break
        elif (path, anchor) in found:
            break
    else:
        pytest.fail(f"«{query}»: none of {targets} among the results {found[:12]}")
    assert_on_host(search_page.context, base_url)


def test_result_opens_at_the_heading(search_page, base_url):
    search_page.goto(base_url)
    links = search(search_page, "перехвата")
    target = next(h for h in links if urlsplit(h).fragment == "interception")
    link = search_page.locator(f'.md-search-result__link[href="{target}"]').first
    # a section result may sit in the collapsed «N more» list: clicking it as a user who
    # opened the list would
    link.evaluate("a => a.click()")
    search_page.wait_for_function("location.hash === '#interception'")
    heading = search_page.locator("#interception")
    heading.wait_for(state="visible")
    assert "Перехват" in heading.inner_text()
    top = heading.evaluate("h => h.getBoundingClientRect().top")
    assert 0 <= top < search_page.viewport_size["height"], top


def test_plain_prefix_still_works_and_nonsense_finds_nothing(search_page, base_url):
    search_page.goto(base_url)
    assert search(search_page, "Перехват")
    assert search(search_page, "щщщзззъъъ") == []


def test_the_stemming_wrapper_is_in_place(site_dir):
    workers = site_dir / "assets" / "javascripts" / "workers"
    [wrapper] = [p for p in workers.glob("search.*.min.js")]
    text = wrapper.read_text(encoding="utf-8")
    assert "Свод: Russian and English stemming" in text
    material = text.split('importScripts("')[1].split('"')[0]
    assert (workers / material).is_file()


def test_search_dialog_has_an_accessible_name(page, base_url):
    page.goto(base_url)
    assert page.locator('.md-search[role="dialog"]').get_attribute("aria-label") == "Поиск"
    page.goto(base_url + "en/")
    assert page.locator('.md-search[role="dialog"]').get_attribute("aria-label") == "Search"


#: (page searched from, query, the section shown first, unfolded, in the first result)
SHOWN_FIRST = [("serial/", "атака по возможности", "serial/turn/", "interception"),
               ("", "УП", "serial/combat/", "absorption"),
               ("", "укрытие кодекс", "codex/hit-difficulty/", "cover"),
               ("lysogorsk/", "снайперка в голову", "lysogorsk/shooting/", "called-shots")]


@pytest.mark.parametrize("start,query,page_path,anchor", SHOWN_FIRST, ids=[q for _, q, _, _ in SHOWN_FIRST])
def test_the_answer_is_the_first_result_with_its_section_unfolded(search_page, base_url, start, query,
                                                                   page_path, anchor):
    search_page.goto(base_url + start)
    search(search_page, query)
    first = search_page.locator(".md-search-result__item").first
    # the links Material shows of a result without opening «Ещё N»: its page and its best sections
    shown = first.evaluate("li => [...li.querySelectorAll(':scope > a.md-search-result__link')].map(a => a.href)")
    root = urlsplit(base_url).path
    assert urlsplit(shown[0]).path == root + page_path, shown
    assert [h for h in shown[1:] if urlsplit(h).fragment == anchor], (query, shown)
    # the section's snippet is there, under its heading
    assert first.locator(f'a[href*="#{anchor}"] article').inner_text().strip()


def test_a_lone_letter_finds_nothing_rather_than_everything(search_page, base_url):
    search_page.goto(base_url)
    assert search(search_page, "в") == []


#: What the search's start fetches once the box is touched: the index (the page's request), the
#: worker's script and lunr's Russian stemmer (the worker's own importScripts)
START_FILES = {
    "index": re.compile(r"/search/search_index\.json$"),
    "worker": re.compile(r"/workers/search\.[0-9a-f]+\.min\.js$"),
    "stemmer": re.compile(r"/lunr/min/lunr\.ru\.min\.js$"),
}


@pytest.mark.parametrize("fails", [None, *START_FILES], ids=["loaded", *(f"{k}-fails-once" for k in START_FILES)])
def test_search_starts_on_a_loaded_page(new_context, base_url, fails):
    """A phone's page under load: its main thread slowed 6× (CDP), the calculator's Python booting
    beside the search, the box touched at once. Once the search starts, Material asks for each
    file of its start once: a request that failed (under load, one that got no answer) kept
    «Инициализация поиска» for good, a tap on the box again changing nothing. Each is now asked
    again (calculators/head.js): the box gets ready and «урон» finds the rule."""
    ctx = new_context(viewport={"width": 360, "height": 740})
    failed = []
    if fails:
        def once(route):
            if failed:
                route.continue_()
            else:
                failed.append(route.request.url)
                route.abort("failed")
        ctx.route(START_FILES[fails], once)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    workers = []
    page.on("worker", lambda w: workers.append(w.url))
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
    page.goto(base_url + "calculators/wod-soak/")
    booting = page.evaluate("globalThis.svodCalc ? svodCalc.rt.state : 'none'")
    links = search(page, "урон")
    assert any(urlsplit(h).path.endswith("/codex/weapon-damage/") for h in links), links
    assert booting != "none", "the calculator did not start"
    assert len(failed) == (1 if fails else 0), failed
    # a worker whose start failed is started again once (one whose script did not load never ran)
    searchers = [w for w in workers if START_FILES["worker"].search(w)]
    assert len(searchers) == (2 if fails == "stemmer" else 1), workers
