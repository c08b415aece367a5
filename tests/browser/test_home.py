"""The home page on a phone: the systems' cards open their sections, the tools are one tap away,
and «Свод на телефоне» offers the install the browser allows (the button when a
beforeinstallprompt comes, the steps by hand when none does), with the offline state in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_core import api
from svod_site import home

PHONE = {"width": 360, "height": 740}
DOCS = Path(__file__).resolve().parents[2] / "docs"
IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
#: No offer from the browser: chromium may make one for the site (it is installable); this
#: stops it before the page's own listener (head.js) hears it, as on a browser that makes none.
NO_OFFER = """window.__svodBlock = (e) => { if (!e.svodTest) e.stopImmediatePropagation(); };
addEventListener('beforeinstallprompt', window.__svodBlock, true);"""
#: A browser's offer, as Chrome makes it: prompt() opens its dialog, userChoice says the answer
#: (the blocker stays for chromium's own offers, which may come at any time and would replace
#: this one: only the offer marked as the test's passes it).
OFFER = """(outcome) => {
  const e = new Event('beforeinstallprompt', {cancelable: true});
  e.svodTest = true;
  window.__prompted = 0;
  e.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
  e.userChoice = Promise.resolve({outcome, platform: 'web'});
  dispatchEvent(e);
  return e.defaultPrevented;
}"""


def phone(new_context, **kw):
    ctx = new_context(viewport=PHONE, **kw)
    return ctx, (ctx.pages[0] if ctx.pages else ctx.new_page())


def install_block_ready(page):
    page.wait_for_function("document.querySelector('[data-svod-install]')?.dataset.state")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_system_cards_open_their_sections(new_context, base_url, lang):
    ctx, page = phone(new_context)
    root = base_url + ("en/" if lang == "en" else "")
    page.goto(root)
    cards = page.locator(".svod-cards > ul > li")
    assert cards.count() == len(home.ORDER)
    for i, sid in enumerate(home.ORDER):
        card = cards.nth(i)
        title = api.SYSTEMS[sid][lang]
        assert card.locator(".svod-card__link").inner_text().strip() == title
        # a tap on the card's text, not on its title, opens the section: the card is the link
        text = card.locator("p").nth(1)
        text.scroll_into_view_if_needed()
        box = text.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.className",
                             [x, y]) == "svod-card__link"
        page.mouse.click(x, y)
        page.wait_for_url(f"{root}{sid}/")
        assert page.locator("h1").first.is_visible()
        page.go_back()
        page.wait_for_url(root)
    # the calculators of a system: its group on the calculators page
    cards.first.get_by_role("link", name=home.LINKS[lang]["calcs"]).click()
    page.wait_for_url(f"{root}calculators/#{home.ORDER[0]}")
    assert page.locator(f"h2#{home.ORDER[0]}").is_visible()


def test_the_tools_are_one_tap_away(new_context, base_url):
    ctx, page = phone(new_context)
    page.goto(base_url)
    tools = page.locator(".svod-tools .md-button")
    expected = [(p, t["ru"]) for p, t in home.TOOLS if p.startswith("calculators/") or (DOCS / p).exists()]
    assert [tools.nth(i).inner_text().strip() for i in range(tools.count())] == [t for _, t in expected]
    if (DOCS / "scene.md").exists():
        assert "Сцена" in [t for _, t in expected]
    # all in the first screen, above the cards
    for i in range(tools.count()):
        box = tools.nth(i).bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"], expected[i]
    for i, (target, title) in enumerate(expected):
        page.goto(base_url)
        page.locator(".svod-tools .md-button").nth(i).click()
        url = target.removesuffix("index.md").removesuffix(".md")
        page.wait_for_url(base_url + (url if url.endswith("/") or not url else url + "/"))
        assert page.locator("h1").first.is_visible(), title


def test_where_no_offer_comes_the_steps_are_shown(new_context, base_url, shot):
    for scheme in ("light", "dark"):
        ctx, page = phone(new_context, color_scheme=scheme)
        ctx.add_init_script(NO_OFFER)
        page.goto(base_url + "#phone")
        install_block_ready(page)
        block = page.locator("[data-svod-install]")
        assert block.get_attribute("data-state") == "steps"
        assert not block.get_by_role("button", name="Установить").is_visible()
        steps = block.locator("[data-svod-install-steps]")
        assert steps.is_visible()
        assert "На экран „Домой“" in steps.inner_text() and "Установить" in steps.inner_text()
        # the offline state, in words, in this block (the footer's line is not repeated)
        assert page.locator("[data-svod-offline]").count() == 1
        status = block.locator("[data-svod-offline]")
        page.wait_for_function("['caching', 'ready'].includes("
                               "document.querySelector('[data-svod-install] [data-svod-offline]').dataset.state)")
        assert status.is_visible() and "без сети" in status.inner_text()
        shot(page, f"home-phone-{scheme}")
        shot(page, f"home-phone-{scheme}-full", full_page=True)


def test_on_an_iphone_only_safaris_steps(new_context, base_url):
    ctx, page = phone(new_context, user_agent=IPHONE_UA, is_mobile=True, has_touch=True)
    ctx.add_init_script(NO_OFFER)
    page.goto(base_url + "#phone")
    install_block_ready(page)
    steps = page.locator("[data-svod-install-steps]")
    assert steps.locator("[data-svod-install-ios]").is_visible()
    assert not steps.locator("[data-svod-install-other]").is_visible()
    assert not page.get_by_role("button", name="Установить").is_visible()


@pytest.mark.parametrize("outcome", ["accepted", "dismissed"])
def test_the_install_button_when_the_browser_offers(new_context, base_url, outcome):
    ctx, page = phone(new_context)
    ctx.add_init_script(NO_OFFER)  # only the offer the test makes
    page.goto(base_url)
    install_block_ready(page)
    held = page.evaluate(OFFER, outcome)
    assert held, "the browser's own banner is held back (preventDefault)"
    button = page.get_by_role("button", name="Установить")
    button.wait_for(state="visible")
    assert not page.locator("[data-svod-install-steps]").is_visible()
    button.click()
    page.wait_for_function("window.__prompted === 1")
    if outcome == "accepted":
        page.locator("[data-svod-install-done]").wait_for(state="visible")
        assert page.locator("[data-svod-install]").get_attribute("data-state") == "installed"
        assert not button.is_visible()
    else:
        # an offer is used once: after «no», the steps by hand again
        page.locator("[data-svod-install-steps]").wait_for(state="visible")
        assert not button.is_visible()


def test_an_offer_before_the_page_has_loaded_is_kept(new_context, base_url):
    """Chrome may make its offer before site.mjs has loaded install.mjs: head.js keeps it."""
    ctx, page = phone(new_context)
    ctx.add_init_script(NO_OFFER + "\ndocument.addEventListener('DOMContentLoaded', () => {"
                        "window.__installLoaded = !!document.querySelector('[data-svod-install][data-state]');"
                        f"({OFFER})('accepted'); }});")
    page.goto(base_url)
    assert page.evaluate("window.__installLoaded") is False, "the offer came after install.mjs"
    page.get_by_role("button", name="Установить").wait_for(state="visible")


def test_the_english_home_page_has_the_same_install_path(new_context, base_url):
    ctx, page = phone(new_context)
    ctx.add_init_script(NO_OFFER)
    page.goto(base_url + "en/")
    install_block_ready(page)
    steps = page.locator("[data-svod-install-steps]")
    assert steps.is_visible() and "Add to Home Screen" in steps.inner_text()
