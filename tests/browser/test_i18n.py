"""The bilingual layout: Russian at /svod/, English at /svod/en/, a switch in the header
that keeps the page, and a notice on English pages that show the Russian text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.shared_page import shared_page  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parents[2]
NOTICE = "This page is not translated yet; showing the Russian text."


def untranslated_page() -> str:
    """A Russian page with no English version and no calculator (the first one found)."""
    docs = ROOT / "docs"
    for md in sorted(docs.rglob("*.md")):
        rel = md.relative_to(docs).as_posix()
        if rel.endswith(".en.md") or "/" not in rel or md.with_name(md.stem + ".en.md").exists():
            continue
        if "svod:calc" in md.read_text(encoding="utf-8"):
            continue
        url = rel[:-3]
        url = url[: -len("index")] if url.endswith("index") else url + "/"
        return url
    pytest.fail("no untranslated rule page in docs/")


def open_switch_and_pick(page, lang: str):
    page.locator(".md-header__option .md-select").first.hover()
    link = page.locator(f'a.md-select__link[hreflang="{lang}"]').first
    link.wait_for(state="visible")
    with page.expect_navigation():
        link.click()


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


def test_untranslated_page_shows_russian_with_a_notice(shared_page, base_url):
    page = shared_page
    path = untranslated_page()
    page.goto(base_url + "en/" + path)
    assert page.locator("html").get_attribute("lang") == "en"
    notice = page.locator(".svod-fallback")
    assert notice.count() == 1 and NOTICE in notice.inner_text()
    assert page.locator("article").first.get_attribute("lang") == "ru"
    # the text itself is the Russian page's
    page2 = page.context.new_page()
    page2.goto(base_url + path)
    ru_h1 = page2.locator("article h1").first.inner_text()
    assert page.locator("article h1").first.inner_text() == ru_h1
    assert page2.locator(".svod-fallback").count() == 0
    # translated pages carry no notice
    page2.goto(base_url + "en/glossary/")
    assert page2.locator(".svod-fallback").count() == 0
    page2.close()


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
    for path in ("", "en/", "glossary/", "en/glossary/", "en/" + untranslated_page()):
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
