"""The bilingual layout: Russian at /svod/, English at /svod/en/, a switch in the header
that keeps the page, and English rule pages in English (the fallback notice a page without its
English side would get: tests/test_i18n_fallback.py)."""

from __future__ import annotations

import re
from .site_pages import open_switch_and_pick


#: A rule page of each system (and the page across systems) on the English side.
ENGLISH_RULE_PAGES = ["serial/combat/", "wod/soak/", "lysogorsk/alcohol/", "codex/counteraction/", "armor/"]


def test_russian_by_default_english_beside_it(shared_page, base_url, assert_on_host):
    page = shared_page
    page.goto(base_url)
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator('a.md-select__link[hreflang="en"]').count() == 1
    page.goto(base_url + "en/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("article h1").first.inner_text().strip().rstrip("¶").strip() == "Svod"
    # the interface is English too (Material's own strings)
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "Search"
    assert_on_host(page.context, base_url)


def test_switch_keeps_the_page_after_instant_navigation(shared_page, base_url):
    page = shared_page
    page.goto(base_url)
    page.wait_for_load_state("networkidle")
    # go to the glossary by clicking (Material's instant navigation: no full page load)
    page.locator('a[href$="glossary/"]').first.click()
    page.wait_for_url("**/glossary/")
    open_switch_and_pick(page, "en")
    assert page.url == base_url + "en/glossary/"
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("article h1").first.inner_text().strip().rstrip("¶").strip() == "Glossary"
    open_switch_and_pick(page, "ru")
    assert page.url == base_url + "glossary/"
    assert page.locator("html").get_attribute("lang") == "ru"
    # the query and the anchor go along (calculators keep their inputs in the address)
    page.goto(base_url + "glossary/?x=1#serial")
    open_switch_and_pick(page, "en")
    assert page.url == base_url + "en/glossary/?x=1#serial"


def test_english_rule_pages_are_english(shared_page, base_url):
    """Every rule page has its English side (tests/test_translations.py); a reader sees it in
    English, with the Russian page's sections and no notice of a fallback."""
    page = shared_page
    other = page.context.new_page()
    for path in ENGLISH_RULE_PAGES:
        page.goto(base_url + "en/" + path)
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("article").first.get_attribute("lang") is None
        assert page.locator(".svod-fallback").count() == 0
        other.goto(base_url + path)
        ru_ids = other.evaluate("() => [...document.querySelectorAll('article h2[id], article h3[id]')].map(h => h.id)")
        en_ids = page.evaluate("() => [...document.querySelectorAll('article h2[id], article h3[id]')].map(h => h.id)")
        assert en_ids == ru_ids and en_ids, path
        ru_h1 = other.locator("article h1").first.inner_text()
        en_h1 = page.locator("article h1").first.inner_text()
        assert en_h1 != ru_h1 and not re.search(r"[А-Яа-яЁё]", en_h1), (path, en_h1)
    other.close()


def test_english_glossary_puts_english_first(shared_page, base_url):
    page = shared_page
    page.goto(base_url + "en/glossary/")
    dt = page.locator("#soak")
    assert dt.inner_text().startswith("Soak roll")
    page.goto(base_url + "glossary/")
    assert page.locator("#soak").inner_text().startswith("Бросок поглощения")


def test_no_failed_request_or_console_error_in_either_language(page, base_url, assert_on_host):
    failed, errors = [], []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    for path in ("", "en/", "glossary/", "en/glossary/", "en/" + ENGLISH_RULE_PAGES[0]):
        page.goto(base_url + path)
        page.wait_for_load_state("networkidle")
    assert not failed, failed
    assert not errors, errors
    assert_on_host(page.context, base_url)


def test_missing_page_gets_the_russian_404(shared_page, base_url):
    page = shared_page
    resp = page.goto(base_url + "no/such/page/")
    assert resp.status == 404
    assert page.locator("html").get_attribute("lang") == "ru"
