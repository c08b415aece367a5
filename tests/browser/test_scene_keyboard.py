"""The scene by keyboard alone, at phone size: a scene made, a character added, an action applied and
«Следующий раунд», with no pointer; the focus never falls to the page's <body> when the scene is
drawn anew (after a new scene, a new character, «Готово», «Следующий раунд»); «Из файла…» is
reached like any control; Enter in a sheet's field applies it; every control shows a ring in focus;
the headings go down one level at a time."""

from __future__ import annotations
from .scene_page import open_page, phone, scene, sheet_closed, wait_ready
from .waits import STEP_MS


FOCUSED = """() => { const e = document.activeElement;
    return e && e !== document.body ? {tag: e.tagName, act: e.dataset.act || null, id: e.id || null, name: e.name || null,
        cls: String(e.className), char: e.dataset.char || (e.closest('.svod-card') ? e.closest('.svod-card').dataset.char : null)} : null; }"""
RING = """() => { const e = document.activeElement;
    // a field drawn as its label (the file field of «Из файла…»): the ring is on what is seen
    const seen = e.classList.contains('svod-visually-hidden') && e.labels && e.labels[0] ? e.labels[0] : e;
    const s = getComputedStyle(seen);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1; }"""


def focused(page):
    return page.evaluate(FOCUSED)


def tab_to(page, test, back=False, limit=80):
    """Tab (or Shift+Tab) until ``test`` (JS, of document.activeElement) holds; every stop on the way
    shows a ring."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"() => {{ const e = document.activeElement; return !!e && ({test}); }}"):
            assert page.evaluate(RING), focused(page)
            return
    raise AssertionError(f"never reached: {test}; at {focused(page)}")


def test_a_scene_action_end_to_end_by_keyboard_only(new_context, base_url, shot):
    ctx, page = phone(new_context)
    # file choosers intercepted from the start: expect_file_chooser below turns interception on
    # without waiting for the browser's answer, so under load the key could come first and the
    # chooser open unseen (the race of puppeteer#6040); a listener now has it on long before
    page.on("filechooser", lambda chooser: None)
    open_page(page, base_url)
    # a new scene: its name, Enter
    tab_to(page, "e.id === 'svod-newscene-name'")
    page.keyboard.type("Клавиатура")
    page.keyboard.press("Enter")
    page.wait_for_function("window.svodScene.cur && svodScene.cur.checked", timeout=STEP_MS)
    wait_ready(page)
    assert (focused(page) or {}).get("act") == "add", focused(page)
    # a character: Enter on «+ Персонаж», his name, Enter in the field saves
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open][data-kind=character]")
    assert (focused(page) or {}).get("name") == "name"
    page.keyboard.type("Маша")
    page.keyboard.press("Enter")
    sheet_closed(page)
    wait_ready(page)
    assert [c["name"] for c in scene(page)["characters"]] == ["Маша"]
    assert (focused(page) or {}).get("act") == "add", focused(page)
    # her «Урон»: the portions, Enter applies, «Готово» by Enter, the focus back on her «Урон»
    tab_to(page, "e.dataset.act === 'damage'", back=True)
    char = focused(page)["char"]
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open][data-action=damage]")
    assert (focused(page) or {}).get("name") == "portions"
    page.keyboard.type("4")
    page.wait_for_selector("dialog[open][data-preview=done]", timeout=STEP_MS)
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[data-done='1'] .svod-result:not([hidden])", timeout=STEP_MS)
    assert (focused(page) or {}).get("act") == "done"
    assert "Маша" in page.locator("dialog .svod-announce").inner_text()  # read out
    page.keyboard.press("Enter")
    sheet_closed(page)
    wait_ready(page)
    assert scene(page)["log"][-1]["action"]["type"] == "damage"
    back = focused(page) or {}
    assert (back.get("act"), back.get("char")) == ("damage", char), back
    # «Следующий раунд»: the focus stays on it
    tab_to(page, "e.dataset.act === 'next_round'")
    page.keyboard.press("Enter")
    page.wait_for_function("svodScene.cur.scene.round === 2", timeout=STEP_MS)
    wait_ready(page)
    assert (focused(page) or {}).get("act") == "next_round", focused(page)
    shot(page, "scene-keyboard-phone-light")
    # «Из файла…» in the scenes sheet, reached and pressed by keyboard
    tab_to(page, "e.classList.contains('svod-scene__name')", back=True)
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog[open][data-kind=scenes]")
    tab_to(page, "e.classList.contains('svod-import__file')")
    with page.expect_file_chooser(timeout=STEP_MS) as chooser:
        page.keyboard.press("Enter")
    assert chooser.value.element.evaluate("e => e.classList.contains('svod-import__file')")
    page.keyboard.press("Escape")
    sheet_closed(page)
    assert focused(page) is not None
    assert not page.svod_errors


HEADINGS = """() => [...document.querySelectorAll('article h1, article h2, article h3, article h4, article h5, article h6')]
    .filter(h => h.offsetParent !== null).map(h => Number(h.tagName[1]))"""


def test_the_scene_headings_go_down_one_level_at_a_time(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    levels = page.evaluate(HEADINGS)
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels
    page.locator(".svod-empty input[name=name]").fill("Заголовки")
    page.locator(".svod-empty .svod-newscene__create").click()
    wait_ready(page)
    page.click(".svod-scene__controls [data-act=add]")
    page.wait_for_selector("dialog[open][data-kind=character]")
    page.fill("dialog [name=name]", "Маша")
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    wait_ready(page)
    levels = page.evaluate(HEADINGS)
    assert 3 in levels and all(b <= a + 1 for a, b in zip(levels, levels[1:])), levels
