"""The scene page as a phone (360 × 740) shows it, light and dark: the «Бросок Порога!» button in
its own colours (readable, never calc.css's pale chip), a result table of a sheet whole on the
screen («По порциям» with every column), a new character's card in sight under the sticky bar,
Material's «К началу» clear of the bar, and the page's introduction folded after the first visit,
so that the scene fills the first screen."""

from __future__ import annotations

import pytest
from .scene_page import (act, add_character, card, fill_sheet, open_action, open_page, phone, sheet_closed, start,
    wait_preview, wait_ready)
from .waits import STEP_MS, animated, scroll_settled


CONTRAST = """(el) => {
    const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const s = getComputedStyle(el);
    const fg = rgb(s.color), bg = rgb(s.backgroundColor);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const alarm = getComputedStyle(el.closest('.svod-scene')).getPropertyValue('--svod-alarm').trim();
    const probe = document.createElement('span'); probe.style.color = alarm; document.body.append(probe);
    const want = getComputedStyle(probe).color; probe.remove();
    return {ratio: (a + 0.05) / (b + 0.05), alpha: bg.length > 3 ? bg[3] : 1, bg: s.backgroundColor, want};
}"""

OVERLAP = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(), s = document.querySelector(b).getBoundingClientRect();
    return r.width > 0 && s.width > 0 && r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom; }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_death_door_button_has_its_own_readable_colours(new_context, base_url, shot, scheme):
    page = start(new_context, base_url, "Порог", scheme)
    add_character(page, "Маша", "serial", stamina=2)
    act(page, "Маша", "damage", {"portions": "8, 9"})
    chip = card(page, "Маша").locator("[data-act=death_door]")
    assert chip.inner_text() == "Бросок Порога!"
    c = chip.evaluate(CONTRAST)
    # the scene's alarm colour, opaque, and its text readable on it (WCAG AA)
    assert c["bg"] == c["want"] and c["alpha"] == 1, c
    assert c["ratio"] >= 4.5, c
    shot(card(page, "Маша"), f"scene-door-chip-phone-{scheme}")
    assert not page.svod_errors


def test_a_sheets_result_table_shows_every_column_on_a_phone(new_context, base_url, shot):
    page = start(new_context, base_url, "Порции")
    add_character(page, "Олег", "serial", stamina=2)
    open_action(page, "Олег", "damage")
    fill_sheet(page, {"portions": "3, 4"})
    wait_preview(page)
    table = page.locator("dialog .svod-preview .svod-table").filter(has_text="По порциям")
    table.scroll_into_view_if_needed()
    # every cell inside the sheet's width (none cut off, nothing to scroll sideways), each named
    cut = table.evaluate("""(t) => { const body = t.closest('.svod-sheet__body').getBoundingClientRect();
        return [...t.querySelectorAll('td')].filter(c => c.offsetParent !== null)
            .filter(c => { const r = c.getBoundingClientRect(); return r.right > body.right + 0.5 || r.left < body.left - 0.5; })
            .map(c => c.dataset.label); }""")
    assert cut == []
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth")
    seen = table.inner_text()
    for label in ("После Брони и тэга", "Поглощено", "В Здоровье", "УП", "Здоровье"):
        assert label in seen, seen
    shot(table, "scene-portions-phone-light")
    assert not page.svod_errors


def test_a_new_characters_card_is_seen_under_the_bar(new_context, base_url):
    page = start(new_context, base_url, "Длинная")
    for name in ("Аня", "Боря", "Вова", "Галя"):
        add_character(page, name, "serial")
    # the reader scrolled till «+ Персонаж» is partly under the bar, and adds one more
    page.evaluate("""() => { const b = document.querySelector('.svod-scene__controls [data-act=add]').getBoundingClientRect();
        const bar = document.querySelector('.svod-scene__bar').getBoundingClientRect(); window.scrollBy(0, b.top - bar.bottom + 20); }""")
    add_character(page, "Дима", "serial")
    # the sheet's close has revealed the new card (scene.mjs onClosed), its scroll at rest
    page.wait_for_function("!svodScene.revealOnClose", timeout=STEP_MS)
    scroll_settled(page)
    where = card(page, "Дима").locator(".svod-card__name").evaluate("""(n) => { const r = n.getBoundingClientRect();
        const bar = document.querySelector('.svod-scene__bar').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, bar: bar.bottom, height: innerHeight}; }""")
    assert where["top"] >= where["bar"] and where["bottom"] <= where["height"], where


def test_back_to_top_stays_clear_of_the_scene_bar(new_context, base_url, shot):
    page = start(new_context, base_url, "Наверх")
    for name in ("Аня", "Боря", "Вова"):
        add_character(page, name, "serial")
    # down into the log, then a little up: Material shows «К началу» while the bar is stuck under its header
    page.mouse.wheel(0, 700)
    scroll_settled(page)
    page.mouse.wheel(0, -150)
    page.wait_for_selector(".md-top:not([hidden])", timeout=STEP_MS)
    scroll_settled(page)
    animated(page)  # its transition
    assert page.locator(".svod-scene__bar").bounding_box()["y"] < 60  # stuck at the top
    assert not page.evaluate(OVERLAP, [".md-top", ".svod-scene__bar"])
    shot(page, "scene-back-to-top-phone-light")


def test_the_introduction_is_folded_after_the_first_visit(new_context, base_url, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    intro = page.locator("details.svod-scene-intro")
    assert intro.evaluate("d => d.open") and intro.locator("p").is_visible()
    page.reload()
    open_page(page, base_url)
    assert not intro.evaluate("d => d.open")
    assert not intro.locator("p").is_visible() and intro.locator("summary").is_visible()
    # the scene starts in the first screen's upper half; the introduction is a tap away
    assert page.locator(".svod-scene__bar").bounding_box()["y"] < 740 / 2
    intro.locator("summary").click()
    assert intro.locator("p").is_visible()
    shot(page, "scene-intro-folded-phone-light")


def test_a_scene_list_counts_in_words_and_the_log_has_a_heading_per_round(new_context, base_url):
    page = start(new_context, base_url, "Счёт")
    add_character(page, "Аня", "serial")
    add_character(page, "Боря", "serial")
    page.click("[data-act=next_round]")
    page.wait_for_function("svodScene.cur && svodScene.cur.scene && svodScene.cur.scene.round === 2", timeout=STEP_MS)
    wait_ready(page)
    log = page.locator(".svod-log__list")
    assert log.locator(".svod-log__round").all_inner_texts() == ["Раунд 2", "Раунд 1"]
    # the entry that began round 2 is under it, its number alone before its text
    first = log.locator(".svod-log__item").first
    assert first.locator(".svod-log__n").inner_text() == "№ 3"
    assert "Раунд 1" not in first.inner_text()
    page.click(".svod-scene__name")
    meta = page.locator("dialog .svod-scenes__item--current .svod-scenes__meta").inner_text()
    assert meta.startswith("2 персонажа · 3 записи"), meta
    page.click("dialog [data-act=close]")
    sheet_closed(page)
