"""Glossary tooltips in the rule pages: on hover (desktop) and on tap (touch phone),
inflected forms included («Выносливости», «Броню»)."""

from __future__ import annotations

import pytest


RULE_PAGE = "serial/combat/"
MOBILE = dict(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
              device_scale_factor=2)


def tooltip(page):
    return page.locator(".md-tooltip2--active")


@pytest.mark.parametrize("form,term", [("Выносливости", "Выносливость"), ("Броню", "Броня")])
def test_inflected_forms_get_the_tooltip_on_hover(shared_page, base_url, form, term):
    page = shared_page
    page.goto(base_url + RULE_PAGE)
    abbr = page.locator(f'article abbr:text-is("{form}")').first
    assert abbr.count() == 1, f"no glossary term «{form}» in {RULE_PAGE}"
    abbr.scroll_into_view_if_needed()
    abbr.hover()
    tip = tooltip(page)
    tip.wait_for(state="visible", timeout=5000)
    assert tip.inner_text().startswith(term), tip.inner_text()
    page.mouse.move(0, 0)
    tooltip(page).wait_for(state="detached", timeout=5000)


def test_tap_shows_and_tap_elsewhere_hides(new_context, base_url, shot, assert_on_host):
    ctx = new_context(**MOBILE)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + RULE_PAGE)
    abbr = page.locator('article abbr:text-is("Броню")').first
    abbr.scroll_into_view_if_needed()
    abbr.tap()
    tip = tooltip(page)
    tip.wait_for(state="visible", timeout=5000)
    assert "Броня" in tip.inner_text()
    box = tip.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 + 1, box
    shot(page, "tooltip-phone")
    page.locator("article h1").first.tap()
    tooltip(page).wait_for(state="detached", timeout=5000)
    assert_on_host(ctx, base_url)


def test_terms_are_reachable_by_keyboard(shared_page, base_url):
    page = shared_page
    page.goto(base_url + RULE_PAGE)
    abbr = page.locator("article abbr").first
    assert abbr.get_attribute("tabindex") == "0"
    abbr.focus()
    tooltip(page).wait_for(state="visible", timeout=5000)


def test_glossary_page_lists_terms_with_links(shared_page, base_url):
    page = shared_page
    page.goto(base_url + "glossary/")
    assert page.locator("dl dt").count() >= 40
    link = page.locator("#interception + dd a").first
    assert link.get_attribute("href").endswith("serial/turn/#interception")
    # wait for the URL, not for "a navigation": the glossary page's own same-document
    # navigation (about 100 ms after load) could be taken for it
    link.evaluate("a => { location.href = a.href }")
    page.wait_for_url("**/serial/turn/#interception")
    assert page.locator("#interception").is_visible()
