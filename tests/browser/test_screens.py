"""Screenshots of a rules page on a 360 px phone and on a desktop, light and dark (saved in
test-artifacts/ to look at), with the checks a screenshot cannot make by itself."""

from __future__ import annotations

import pytest

from tests.browser.waits import painted
from .site_pages import nav_pages

RULE_PAGE = "serial/combat/"
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 900}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_rules_page_screenshot(new_context, base_url, shot, size, scheme, assert_on_host):
    kw = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if size == "phone" else {}
    ctx = new_context(viewport=SIZES[size], color_scheme=scheme, **kw)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + RULE_PAGE)
    # "load", not "networkidle": a rules page with a calculator keeps loading Python
    page.wait_for_load_state("load")
    painted(page)
    body = page.locator("body")
    assert body.get_attribute("data-md-color-scheme") == ("slate" if scheme == "dark" else "default")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"horizontal scroll of {overflow}px at {size}"
    # text is readable: the article's text colour differs clearly from the background
    colors = page.evaluate("""() => {
        const a = getComputedStyle(document.querySelector('article'));
        const b = getComputedStyle(document.body);
        return [a.color, b.backgroundColor];
    }""")
    assert colors[0] != colors[1]
    shot(page, f"rules-{size}-{scheme}", timeout=120_000)
    shot(page, f"rules-{size}-{scheme}-full", full_page=True, timeout=180_000)
    assert_on_host(ctx, base_url)


def rule_pages() -> list[str]:
    """Every rule page's address (docs/<system>/…, the page across systems), Russian and English."""
    out = []
    for md in nav_pages():
        if md.startswith(("calculators/", "print/")) or md in ("index.md", "scene.md", "glossary.md"):
            continue
        url = md[:-3]
        url = url[: -len("index")] if url.endswith("index") else url + "/"
        out += [url, "en/" + url]
    return out


def test_every_rule_page_fits_a_phone_in_both_languages(new_context, base_url):
    """At 360 px nothing on a rule page scrolls the page sideways (a table scrolls in its own box),
    Russian and English alike."""
    ctx = new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    pages = rule_pages()
    assert len(pages) > 120
    wide = {}
    for path in pages:
        page.goto(base_url + path, wait_until="domcontentloaded")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide[path] = overflow
    assert not wide, wide
