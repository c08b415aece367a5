"""The fight on the scene page at phone size (360 × 740): the order of turns on the cards and in the
bar («Ходит: …», «Следующий ход», «Следующий раунд» on the round's last turn), statuses with what
is left of them and their penalty on the cards («Горит!» burning at the start of each of his turns),
undo and redo, and a scene whose state disagrees with its log shown with where they differ and the
reader's choice of which to keep. Every figure checked is the engine's (the page's log replayed by
rules_core under CPython), never one typed into the test."""

from __future__ import annotations

import json
import re

import pytest

from rules_core import api
from .scene_page import (add_character, card, engine_replay, faces, fill_sheet, go, new_scene, open_action, open_page,
    phone, put_record, scene, sheet_closed, start, stored, wait_preview, wait_ready)
from .waits import BOOT_MS, STEP_MS, scroll_settled


def names_in_order(page) -> list[str]:
    return page.locator(".svod-card .svod-card__name").all_inner_texts()


def engine_order(sc: dict) -> list[str]:
    """The characters by their place in the order of turns, as the engine (CPython) gives them."""
    chars = engine_replay(sc)["characters"]
    live = sorted((c for c in chars if not c["view"]["out_of_fight"]), key=lambda c: c["view"]["place"])
    return [c["name"] for c in live]


def next_turn(page):
    n = len(scene(page)["log"])
    page.click(".svod-scene__bar [data-act=next_turn]")
    page.wait_for_function("(n) => svodScene.cur && svodScene.cur.scene && svodScene.cur.scene.log.length === n + 1",
                           arg=n, timeout=STEP_MS)
    wait_ready(page)


def card_action(page, who, action, fields=None, dice=None):
    """An action from the card's button or its «⋯» menu, fields filled, applied; the result's line."""
    open_action(page, who, action)
    fill_sheet(page, fields or {})
    wait_preview(page)
    if dice is not None:
        faces(page, dice)
    return go(page)


def put_out(page, who, helper, dice):
    """«Потушить» from his menu, by ``helper`` with the faces his player rolled; the result's line."""
    return card_action(page, who, "extinguish", {"helper": char_of(scene(page), helper)["id"]}, dice={"putting_out": dice})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_turn_bar_runs_a_serial_fight_in_its_order(new_context, base_url, shot, scheme):
    page = start(new_context, base_url, "Ходы", scheme)
    add_character(page, "Маша", "serial", stamina=1)
    add_character(page, "Олег", "serial", dexterity=4, stamina=3)
    add_character(page, "Вампир", "serial", side="opponents", kind="vampire", stamina=3)
    sc = scene(page)
    assert char_of(sc, "Вампир")["kind"] == "vampire" and char_of(sc, "Вампир")["side"] == "opponents"
    order = engine_order(sc)
    assert names_in_order(page) == order  # the cards in the order of turns
    who = card(page, "Вампир").locator(".svod-card__sys").inner_text()
    assert "Вампир" in who and "Противники" in who
    whose = page.locator(".svod-scene__whose")
    assert whose.inner_text() == "Ходы ещё не начаты"

    # «Горит!» on Маша, from her menu: the card says it, with the −4 dice it takes
    card_action(page, "Маша", "set_status", {"status": "burning"})
    pill = card(page, "Маша").locator(".svod-status[data-status=burning]")
    assert "Горит!" in pill.inner_text() and "−4 куб." in pill.inner_text()

    # the turns in the order: whose turn it is, in the bar and on the card; she burns on hers
    health = []
    for i, who in enumerate(order):
        next_turn(page)
        assert whose.inner_text() == f"Ходит: {who}"
        assert card(page, who).get_attribute("aria-current") == "step"
        assert page.locator(".svod-card[aria-current]").count() == 1
        mine = engine_replay(scene(page))
        assert char_of(scene(page), "Маша")["state"] == char_of(mine, "Маша")["state"]
        health.append(char_of(mine, "Маша")["state"]["health"])
        last = i == len(order) - 1
        assert page.locator(".svod-scene__next").inner_text() == ("Следующий раунд" if last else "Следующий ход")
    assert health[order.index("Маша")] < 7  # her turn began: the fire's damage (past her one УП)
    assert "Ходов уже горит: 1" in card(page, "Маша").locator(".svod-status[data-status=burning]").inner_text()
    shot(page, f"scene-turns-phone-{scheme}")

    # Олег puts her out (his Dexterity + Survival 4, the faces his player rolled): the fire is gone
    text = put_out(page, "Маша", "Олег", [9, 9, 9, 9])
    assert "потушен" in text
    assert card(page, "Маша").locator(".svod-status[data-status=burning]").count() == 0
    entry = page.locator(".svod-log__item").first
    assert re.search(r"\d+ % → потушен", entry.inner_text()) and "грани вписаны вручную" in entry.inner_text()
    assert char_of(engine_replay(scene(page)), "Маша")["statuses"] == char_of(scene(page), "Маша")["statuses"] == []
    # healed as an action (not a hand edit): her Health up, the log's line the engine's
    hp = char_of(scene(page), "Маша")["state"]["health"]
    text = card_action(page, "Маша", "heal", {"amount": 1})
    assert char_of(scene(page), "Маша")["state"]["health"] == hp + 1
    assert engine_replay(scene(page))["log"][-1]["text"]["ru"] in text

    # the round's last turn: «Следующий раунд» begins round 2 with the first in the order
    next_turn(page)
    assert page.locator(".svod-scene__round").inner_text() == "Раунд 2"
    assert whose.inner_text() == f"Ходит: {order[0]}"

    # undo, then redo: the scene as it was, the log's line back
    before = scene(page)
    assert page.locator(".svod-scene__redo").is_disabled()
    page.click(".svod-scene__undo")
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n - 1", arg=len(before["log"]), timeout=STEP_MS)
    wait_ready(page)
    assert page.locator(".svod-scene__round").inner_text() == "Раунд 1"
    assert page.locator(".svod-scene__redo").is_enabled()
    page.click(".svod-scene__redo")
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n", arg=len(before["log"]), timeout=STEP_MS)
    wait_ready(page)
    after = scene(page)
    assert {k: v for k, v in after.items() if k != "redo"} == {k: v for k, v in before.items() if k != "redo"}
    assert page.locator(".svod-scene__round").inner_text() == "Раунд 2"
    assert page.locator(".svod-scene__redo").is_disabled()
    assert json.loads(stored(page)[0]["text"])["log"] == after["log"]
    assert not page.svod_errors


def char_of(sc, name):
    return next(c for c in sc["characters"] if c["name"] == name)


def disagreeing_scene() -> tuple[dict, str]:
    """A scene whose state was edited outside its log (Маша's health), and its text."""
    sc = api.handle({"op": "scene", "cmd": "new", "name": "Правленая"})["result"]["scene"]
    for action in ({"type": "add_character", "character": {"name": "Маша", "system": "serial"}},
                   {"type": "damage", "character": "c1", "portions": [5]}):
        res = api.handle({"op": "scene", "cmd": "apply", "scene": sc, "action": action})
        assert res["ok"], res
        sc = res["result"]["scene"]
    bad = json.loads(json.dumps(sc))
    bad["characters"][0]["state"]["health"] = 2
    return sc, json.dumps(bad, ensure_ascii=False)


@pytest.mark.parametrize("keep", ["log", "state"])
def test_a_scene_that_disagrees_with_its_log_shows_where_and_lets_the_reader_choose(new_context, base_url, keep):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    good, text = disagreeing_scene()
    put_record(page, {"id": "sbad1", "name": "Правленая", "created": 1, "updated": 1, "rev": 1, "text": text})
    page.reload()
    wait_ready(page, BOOT_MS)
    notice = page.locator(".svod-scene__notice")
    page.wait_for_selector(".svod-scene__notice .svod-reconcile", timeout=STEP_MS)
    said = notice.inner_text()
    assert "расходится с её журналом" in said and "пересчитает" not in said
    log_health = good["characters"][0]["state"]["health"]
    assert f"в сцене 2, по журналу {log_health}" in said  # both versions, in words
    assert char_of(scene(page), "Маша")["state"]["health"] == 2  # nothing picked silently
    n = len(scene(page)["log"])
    notice.locator(f"[data-act=reconcile][data-keep={keep}]").click()
    page.wait_for_function("() => !document.querySelector('.svod-scene__notice .svod-reconcile')", timeout=STEP_MS)
    wait_ready(page)
    sc = scene(page)
    if keep == "log":
        assert char_of(sc, "Маша")["state"]["health"] == log_health and len(sc["log"]) == n
    else:
        assert char_of(sc, "Маша")["state"]["health"] == 2 and len(sc["log"]) > n  # the edit, logged
    # the scene now agrees with its log: the engine (CPython) replays it to what the page shows
    assert char_of(engine_replay(sc), "Маша")["state"] == char_of(sc, "Маша")["state"]
    assert json.loads(stored(page)[0]["text"])["log"] == sc["log"]
    assert not page.svod_errors


def test_an_attack_opens_aimed_at_an_opponent_and_its_odds_are_logged(new_context, base_url):
    page = start(new_context, base_url, "Прицел")
    add_character(page, "Маша", "serial")
    add_character(page, "Олег", "serial")
    add_character(page, "Вампир", "serial", side="opponents", kind="vampire")
    ids = {c["name"]: c["id"] for c in scene(page)["characters"]}
    open_action(page, "Маша", "attack")
    page.wait_for_selector("dialog form[data-filled='1']", timeout=STEP_MS)
    # the engine's filling: the target is the first opponent in the order, not her ally
    fill = api.handle({"op": "scene", "cmd": "fill", "scene": scene(page), "action": {"type": "attack", "attacker": ids["Маша"]}})
    assert fill["result"]["action"]["target"] == ids["Вампир"]
    assert page.input_value("dialog [name=target]") == ids["Вампир"]
    fill_sheet(page, {"params.ranged": False, "params.attack_dice": 6, "params.damage_dice": 5})
    wait_preview(page)
    faces(page, {"attack": [10, 9, 8, 5, 4, 3], "damage": [6, 6, 6, 6, 2]})
    go(page)
    # the log's line: the odds the roll had before it, and its dice typed by hand told apart
    mine = engine_replay(scene(page))["log"][-1]["text"]["ru"]
    line = page.locator(".svod-log__item").first.inner_text()
    assert mine in line and re.search(r"\d+ % → попал", line), line
    assert "грани вписаны вручную" in line
    assert not page.svod_errors


FIT = """() => { const bar = document.querySelector('.svod-scene__bar').getBoundingClientRect();
    const cards = [...document.querySelectorAll('.svod-card')].map(c => c.getBoundingClientRect());
    return {bar: bar.bottom, top: Math.min(...cards.map(r => r.top)), bottom: Math.max(...cards.map(r => r.bottom)), height: innerHeight}; }"""


def cards_in_sight(page) -> dict:
    """The cards scrolled to just under the bar: where they end on the screen."""
    page.evaluate("""() => { const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
        window.scrollBy(0, document.querySelector('.svod-scene').getBoundingClientRect().top - header); }""")
    scroll_settled(page)
    page.evaluate("""() => { const bar = document.querySelector('.svod-scene__bar').getBoundingClientRect();
        const top = document.querySelector('.svod-cards').getBoundingClientRect().top; window.scrollBy(0, top - bar.bottom - 4); }""")
    scroll_settled(page)
    return page.evaluate(FIT)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_five_character_serial_fight_over_four_rounds(new_context, base_url, shot, scheme):
    """Issue 22's fight: five «Сериал» characters (one vampire) over four rounds by «Следующий ход»,
    one of them burning and put out, an undo and its redo, the compact view."""
    page = start(new_context, base_url, "Сериал: пятеро", scheme)
    add_character(page, "Маша", "serial", stamina=1)
    add_character(page, "Олег", "serial", dexterity=4)
    add_character(page, "Ира", "serial", wits=3)
    add_character(page, "Громила", "serial", side="opponents", strength=4)
    add_character(page, "Вампир", "serial", side="opponents", kind="vampire")
    order = engine_order(scene(page))
    assert names_in_order(page) == order
    card_action(page, "Маша", "set_status", {"status": "burning"})
    seen_rounds = []
    for rnd in range(1, 5):
        for who in order:
            next_turn(page)
            assert page.locator(".svod-scene__whose").inner_text() == f"Ходит: {who}"
        seen_rounds.append(page.locator(".svod-scene__round").inner_text())
        if rnd == 2:
            # Маша has burned two of her turns: Олег puts her out
            assert "потушен" in put_out(page, "Маша", "Олег", [9, 9, 8, 10])
            assert card(page, "Маша").locator(".svod-status[data-status=burning]").count() == 0
    assert seen_rounds == ["Раунд 1", "Раунд 2", "Раунд 3", "Раунд 4"]
    sc = scene(page)
    replayed = engine_replay(sc)
    for c in sc["characters"]:
        assert c["state"] == char_of(replayed, c["name"])["state"], c["name"]
    burns = [e for e in sc["log"] if "Горит, ход" in e["text"]["ru"]]
    assert len(burns) == 2  # her two turns on fire, then put out
    # undo, then redo: the same scene
    before = scene(page)
    page.click(".svod-scene__undo")
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n - 1", arg=len(before["log"]), timeout=STEP_MS)
    wait_ready(page)
    page.click(".svod-scene__redo")
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n", arg=len(before["log"]), timeout=STEP_MS)
    wait_ready(page)
    assert {k: v for k, v in scene(page).items() if k != "redo"} == {k: v for k, v in before.items() if k != "redo"}
    # the compact view (five characters: the reader asks for it): all on one screen, the acting one first
    page.click("[data-act=compact]")
    wait_ready(page)
    assert page.locator(".svod-cards--compact").count() == 1
    acting = page.locator(".svod-scene__whose").inner_text().removeprefix("Ходит: ")
    assert names_in_order(page)[0] == acting
    fit = cards_in_sight(page)
    assert fit["top"] >= fit["bar"] and fit["bottom"] <= fit["height"], fit
    shot(page, f"scene-fight-compact-phone-{scheme}")
    assert not page.svod_errors


def test_six_characters_are_compact_by_default_and_fit_one_screen(new_context, base_url, shot):
    page = start(new_context, base_url, "Шестеро")
    for name in ("Аня", "Боря", "Вова", "Галя", "Дима"):
        add_character(page, name, "serial")
    assert page.locator(".svod-cards--compact").count() == 0
    add_character(page, "Егор", "serial", side="opponents", kind="vampire")
    assert page.locator(".svod-cards--compact").count() == 1
    next_turn(page)
    next_turn(page)  # the second in the order acts: he is drawn first
    order = engine_order(scene(page))
    assert names_in_order(page) == order[1:] + order[:1]
    for c in scene(page)["characters"]:
        text = card(page, c["name"]).inner_text()
        assert c["name"] in text and c["view"]["status_name"]["ru"] in text
    fit = cards_in_sight(page)
    assert fit["top"] >= fit["bar"] and fit["bottom"] <= fit["height"], fit
    shot(page, "scene-compact-six-phone-light")
    # the reader's choice is kept: «Подробно» draws the cards in full
    page.click("[data-act=compact]")
    wait_ready(page)
    assert page.locator(".svod-cards--compact").count() == 0 and card(page, "Аня").locator("[data-act=damage]").count() == 1
    assert not page.svod_errors


def test_a_lysogorsk_fight_of_two_rounds_with_bleeding(new_context, base_url, shot):
    page = start(new_context, base_url, "Лысогорск: кровь")
    add_character(page, "Ярополк", "lysogorsk")
    add_character(page, "Разбойник", "lysogorsk", side="opponents")
    # initiative rolled for both by the engine (the menu's «бросок инициативы», nobody named)
    card_action(page, "Ярополк", "roll_initiative")
    assert char_of(scene(page), "Ярополк")["fight"]["initiative"] is not None
    assert "Ин. —" not in card(page, "Ярополк").locator("[data-act=set_initiative]").inner_text()
    order = engine_order(scene(page))
    assert names_in_order(page) == order
    # a heavy blow: he is left with few hits and bleeds
    hits = char_of(scene(page), "Ярополк")["view"]["hits_max"]
    text = card_action(page, "Ярополк", "lys_damage", {"hits": hits - 3})
    assert [s["key"] for s in char_of(scene(page), "Ярополк")["statuses"]] == ["bleeding"], text
    pill = card(page, "Ярополк").locator(".svod-status[data-status=bleeding]")
    assert "Кровотечение" in pill.inner_text()
    assert "−−" not in card(page, "Ярополк").inner_text()  # his penalty said once, with one minus
    # two rounds by «Следующий ход»: the bleeding ticks at each round's end, as the engine says
    for _ in range(2 * len(order) + 1):  # the first turn, both rounds' turns, round 3 begins
        next_turn(page)
        sc = scene(page)
        assert char_of(sc, "Ярополк")["state"] == char_of(engine_replay(sc), "Ярополк")["state"]
        assert char_of(sc, "Ярополк")["statuses"] == char_of(engine_replay(sc), "Ярополк")["statuses"]
    assert page.locator(".svod-scene__round").inner_text() == "Раунд 3"
    st = char_of(scene(page), "Ярополк")["view"]["statuses"]
    assert any(s["key"] == "bleeding" for s in st)
    shot(page, "scene-lysogorsk-bleeding-phone-light")
    # the bleeding stopped: the status goes from his card
    card_action(page, "Ярополк", "stop_bleeding")
    assert pill.count() == 0
    assert not page.svod_errors


def test_a_codex_exchange(new_context, base_url):
    page = start(new_context, base_url, "Codex: обмен")
    add_character(page, "Тесак", "codex")
    add_character(page, "Наёмник", "codex", side="opponents")
    next_turn(page)
    card_action(page, "Наёмник", "codex_damage", {"hits": "3, 4"})
    card_action(page, "Тесак", "codex_stress", {"amount": 2})
    next_turn(page)
    card_action(page, "Тесак", "codex_damage", {"hits": "5"})
    sc = scene(page)
    replayed = engine_replay(sc)
    for name in ("Тесак", "Наёмник"):
        mine = char_of(replayed, name)
        assert char_of(sc, name)["state"] == mine["state"]
        v = mine["view"]
        text = card(page, name).inner_text()
        assert f"Трек {v['damage']}/{v['capacity']}" in text and f"Стресс {v['stress']}/6" in text, text
    assert [e["action"]["type"] for e in sc["log"]][-5:] == ["next_turn", "codex_damage", "codex_stress", "next_turn", "codex_damage"]
    # «Конец сцены»: the fight's summary, as the engine sums it up
    summary = api.handle({"op": "scene", "cmd": "summary", "scene": sc})["result"]
    page.click(".svod-scene__controls [data-act=end_scene]")
    page.wait_for_selector("dialog[open][data-action=end_scene]")
    wait_preview(page)
    page.click("dialog .svod-go")
    page.wait_for_selector("dialog[data-done='1'] .svod-result__summary", timeout=STEP_MS)
    shown = page.locator("dialog .svod-result__summary").inner_text()
    for item in summary["display"][0]["items"]:
        assert item["label"]["ru"] in shown, shown
    # each one's damage taken (the track's, as it stands: nothing was healed) is in the summary's table
    rows = summary["display"][1]["rows"]
    assert sorted(r[0] for r in rows) == ["Наёмник", "Тесак"]
    for row in rows:
        assert row[2] == char_of(sc, row[0])["state"]["damage"]
    cells = page.locator("dialog .svod-result__summary table tbody tr").evaluate_all(
        "trs => trs.map(tr => [...tr.cells].map(td => td.textContent.trim()))")
    assert [[c.split()[-1] if i else c for i, c in enumerate(r)] for r in cells] == [[str(x) for x in r] for r in rows], cells
    page.click("dialog [data-act=done]")
    assert not page.svod_errors


# ---- stored attacks in the character's sheet -----------------------------------------------------

def attack_fields(page, i, fields):
    """The fields of the character sheet's attack ``i`` (names under ``attacks[i].``)."""
    fill_sheet(page, {f"attacks[{i}].{k}": v for k, v in fields.items()})


def error_beside(page, path) -> str:
    return page.locator(f"dialog [data-field='{path}'] > .svod-err").inner_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_attack_entered_in_the_character_sheet_opens_every_attack_of_his(new_context, base_url, shot, scheme):
    page = start(new_context, base_url, "Нож", scheme)
    page.click(".svod-scene__controls [data-act=add]")
    page.wait_for_selector("dialog[open] [data-act=save-char]")
    page.fill("dialog [name=name]", "Маша")
    page.select_option("dialog [name=system]", "serial")
    page.wait_for_selector("dialog .svod-charattacks")
    page.click("dialog .svod-charattacks > summary")
    page.click("dialog .svod-charattacks__add")
    # a new attack starts as melee, no example's dice in it (the calculator's default is 000's pistol: 7 and 6)
    assert not page.is_checked("dialog [name='attacks[0].params.ranged']")
    assert page.input_value("dialog [name='attacks[0].params.attack_dice']") == ""
    assert page.input_value("dialog [name='attacks[0].params.damage_dice']") == ""
    attack_fields(page, 0, {"name": "Нож", "params.ranged": False, "params.attack_dice": 5, "params.damage_dice": 3,
                            "tags": "режущее"})
    # a second attack without its dice, then without a name: each refused beside its field, in the page's language
    page.click("dialog .svod-charattacks__add")
    page.click("dialog [data-act=save-char]")
    page.wait_for_function("() => [...document.querySelectorAll('dialog .svod-err')].some(e => !e.hidden && e.textContent)",
                           timeout=STEP_MS)
    said = error_beside(page, "attacks[1].params.attack_dice")
    assert said and re.search("[а-яё]", said), said
    attack_fields(page, 1, {"params.attack_dice": 4, "params.damage_dice": 2})
    page.click("dialog [data-act=save-char]")
    page.wait_for_function("() => { const e = document.querySelector(\"dialog [data-field='attacks[1].name'] > .svod-err\"); "
                           "return e && !e.hidden && e.textContent; }", timeout=STEP_MS)
    said = error_beside(page, "attacks[1].name")
    assert said and re.search("[а-яё]", said), said
    box = page.locator("dialog [data-field='attacks[1].name'] > .svod-err").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 740, box  # brought into sight
    assert not scene(page)["characters"]  # nothing added
    shot(page, f"scene-attack-form-phone-{scheme}")
    page.click("dialog .svod-charattack[data-index='1'] .svod-charattack__remove")
    assert page.locator("dialog .svod-charattack").count() == 1
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    wait_ready(page)
    add_character(page, "Громила", "serial", side="opponents")
    sc = scene(page)
    stored_attack = char_of(sc, "Маша")["attacks"]
    assert stored_attack == [{"name": "Нож", "params": {"attack_dice": 5, "ranged": False, "damage_dice": 3},
                              "tags": ["режущее"], "nonlethal": False}]
    # the limit the engine sets: «Добавить атаку» stops there, and says so
    limit = api.handle({"op": "scene", "cmd": "spec"})["result"]["character"]["limits"]["attacks"]
    card(page, "Маша").locator("[data-act=menu]").click()
    page.click("dialog[open] .svod-menu [data-act=edit]")
    page.wait_for_selector("dialog .svod-charattacks[open]")
    assert page.input_value("dialog [name='attacks[0].params.attack_dice']") == "5"
    for _ in range(limit - 1):
        page.click("dialog .svod-charattacks__add")
    assert page.locator("dialog .svod-charattack").count() == limit
    assert page.locator("dialog .svod-charattacks__add").is_disabled()
    assert f"Не больше {limit} атак" in page.locator("dialog .svod-charattacks__tools").inner_text()
    page.click("dialog [data-act=close]")
    sheet_closed(page)

    # on her turn, «Атака» opens with her knife, aimed at the opponent
    while page.locator(".svod-scene__whose").inner_text() != "Ходит: Маша":
        next_turn(page)
    open_action(page, "Маша", "attack")
    page.wait_for_selector("dialog form[data-filled='1']", timeout=STEP_MS)
    assert page.input_value("dialog [name=weapon]") == "Нож"
    assert page.input_value("dialog [name='params.attack_dice']") == "5"
    assert page.input_value("dialog [name='params.damage_dice']") == "3"
    assert not page.is_checked("dialog [name='params.ranged']")
    assert page.input_value("dialog [name=target]") == char_of(sc, "Громила")["id"]
    wait_preview(page)
    faces(page, {"attack": [10, 9, 8, 3, 2], "damage": [7, 6, 2]})
    go(page)
    sc = scene(page)
    entry = sc["log"][-1]
    assert entry["action"]["weapon"] == "Нож"
    assert {k: entry["action"]["params"][k] for k in ("attack_dice", "ranged", "damage_dice")} == stored_attack[0]["params"]
    # the result is the engine's: the page's log replayed under CPython gives the same line and state
    replayed = engine_replay(sc)
    assert replayed["log"][-1]["text"] == entry["text"]
    assert char_of(replayed, "Громила")["state"] == char_of(sc, "Громила")["state"]
    assert replayed["log"][-1]["text"]["ru"] in page.locator(".svod-log__item").first.inner_text()

    # edited: the sheet shows the stored attack; a change is stored, nothing else moves
    card(page, "Маша").locator("[data-act=menu]").click()
    page.click("dialog[open] .svod-menu [data-act=edit]")
    page.wait_for_selector("dialog .svod-charattacks[open]")
    attack_fields(page, 0, {"params.damage_dice": 4})
    n = len(sc["log"])
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n + 1", arg=n, timeout=STEP_MS)
    wait_ready(page)
    sc = scene(page)
    assert char_of(sc, "Маша")["attacks"][0]["params"] == {"attack_dice": 5, "ranged": False, "damage_dice": 4}
    assert set(sc["log"][-1]["action"]) == {"type", "character", "attacks"}
    assert not page.svod_errors


# ---- the initiative chip's actions, and ties rolled from the bar ---------------------------------

def initiative_action(page, who, action, fields=None):
    """One of his initiative actions from the chip on his card (a menu of them, then the action's
    sheet): two taps to its sheet; fields filled, applied; the result's line."""
    chip = card(page, who).locator(".svod-chip--ini")
    assert chip.get_attribute("data-act") == "initiative"
    chip.click()
    page.click(f"dialog[open] .svod-menu [data-act={action}]")
    page.wait_for_selector(f"dialog[open][data-action={action}]")
    fill_sheet(page, fields or {})
    wait_preview(page)
    return go(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_ties_are_rolled_from_the_bar_only_while_there_are_any(new_context, base_url, shot, scheme):
    page = start(new_context, base_url, "Ничьи", scheme)
    ties = page.locator(".svod-scene__bar [data-act=roll_ties]")
    add_character(page, "Маша", "serial")
    add_character(page, "Вампир", "serial", side="opponents", kind="vampire")
    assert not ties.is_visible()  # one human, one vampire: the source's creature order tells them apart
    add_character(page, "Олег", "serial")
    sc = scene(page)
    # Маша and Олег: the same initiative, both «остальные» — only a die tells them apart
    assert char_of(sc, "Маша")["view"]["initiative"] == char_of(sc, "Олег")["view"]["initiative"]
    assert ties.is_visible() and ties.inner_text() == "Бросить ничьи"
    shot(page, f"scene-ties-phone-{scheme}")
    ties.click()
    page.wait_for_selector("dialog[open][data-action=roll_ties]")
    wait_preview(page)
    said = go(page)
    sc = scene(page)
    assert sc["log"][-1]["action"]["type"] == "roll_ties" and sc["log"][-1]["action"]["by"] == "engine"
    assert said == sc["log"][-1]["text"]["ru"]
    tie = {n: char_of(sc, n)["fight"]["tie"] for n in ("Маша", "Олег")}
    assert None not in tie.values() and tie["Маша"] != tie["Олег"]
    assert not ties.is_visible()  # no tie left: the button goes
    assert names_in_order(page) == engine_order(sc)
    assert char_of(engine_replay(sc), "Маша")["fight"] == char_of(sc, "Маша")["fight"]
    assert not page.svod_errors


def test_lowering_preparation_and_a_defence_out_of_turn_from_the_initiative_chip(new_context, base_url, shot):
    page = start(new_context, base_url, "Инициатива")
    add_character(page, "Маша", "serial", dexterity=4)
    add_character(page, "Олег", "serial", wits=3)
    add_character(page, "Громила", "serial", side="opponents")
    order = engine_order(scene(page))
    first, second, last = order
    next_turn(page)
    # «Подготовка» on his turn: the status on his card, as the engine put it
    said = initiative_action(page, first, "prepare")
    assert said == scene(page)["log"][-1]["text"]["ru"]
    assert card(page, first).locator(".svod-status[data-status=preparation]").count() == 1
    # a defence declared out of turn by one who has not acted yet
    said = initiative_action(page, last, "declare_defence", {"maneuver": "dodge"})
    assert "защитный манёвр" in said
    assert card(page, last).locator(".svod-status[data-status=defending]").count() == 1
    # the next one lowers his initiative at the start of his turn: to 0, for the rest of the fight
    next_turn(page)
    assert page.locator(".svod-scene__whose").inner_text() == f"Ходит: {second}"
    initiative_action(page, second, "lower_initiative", {"to": 0})
    sc = scene(page)
    assert char_of(sc, second)["fight"]["lowered_to"] == 0
    assert card(page, second).locator(".svod-chip--ini").inner_text() == "Ин. 0"
    assert names_in_order(page) == engine_order(sc)
    replayed = engine_replay(sc)
    for c in sc["characters"]:
        assert (c["fight"], c["statuses"]) == (char_of(replayed, c["name"])["fight"], char_of(replayed, c["name"])["statuses"])
    shot(page, "scene-initiative-actions-phone-light")
    # the chip's menu says what each does, in the page's words
    card(page, first).locator(".svod-chip--ini").click()
    menu = page.locator("dialog[open] .svod-menu").inner_text()
    assert "Понизить инициативу" in menu and "Подготовка" in menu and "Вне очереди" in menu
    page.click("dialog [data-act=close]")
    assert not page.svod_errors


# ---- saved from death's door, and a werewolf's Battle Scar ----------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_dying_character_is_stabilised_and_a_werewolf_takes_a_battle_scar(new_context, base_url, shot, scheme):
    page = start(new_context, base_url, "Порог", scheme)
    add_character(page, "Маша", "serial")
    add_character(page, "Волк", "serial", kind="shapeshifter")
    # Маша at death's door: a 1 on her first d6 is «Последний вздох»
    card_action(page, "Маша", "damage", {"portions": "9"})
    card_action(page, "Маша", "death_door", dice={"d6": [1]})
    masha = card(page, "Маша")
    assert masha.locator(".svod-card__status").inner_text().startswith("Последний вздох")
    assert masha.locator(".svod-status[data-status=last_breath]").count() == 1
    # «удачный бросок Ловкость+Медицины по сложности 8»: 9 and 8 of four dice, from her «⋯» menu
    said = card_action(page, "Маша", "stabilize", {"method": "medicine", "pool": 4}, dice={"medicine": [9, 8, 3, 2]})
    sc = scene(page)
    replayed = engine_replay(sc)
    assert said == replayed["log"][-1]["text"]["ru"] and "Стабилизирован" in said
    assert char_of(sc, "Маша")["state"] == char_of(replayed, "Маша")["state"]
    v = char_of(sc, "Маша")["view"]
    assert v["status_name"]["ru"] == "Стабилизирован"
    assert masha.locator(".svod-card__status").inner_text().startswith(v["status_name"]["ru"])
    assert masha.locator(".svod-status[data-status=last_breath]").count() == 0
    assert f"Увечий: {v['maimings']}" in masha.inner_text() and v["maimings"] == 1
    assert said in page.locator(".svod-log__item").first.inner_text()
    # Волк at death's door takes a Battle Scar instead of the roll: no «Бросок Порога!» left on his card
    card_action(page, "Волк", "damage", {"portions": "9"})
    wolf = card(page, "Волк")
    assert wolf.locator("[data-act=death_door]").count() == 1
    said = card_action(page, "Волк", "battle_scar")
    sc = scene(page)
    replayed = engine_replay(sc)
    assert said == replayed["log"][-1]["text"]["ru"] and "Боевого Шрама" in said
    assert char_of(sc, "Волк")["state"] == char_of(replayed, "Волк")["state"]
    assert wolf.locator(".svod-card__status").inner_text().startswith(char_of(sc, "Волк")["view"]["status_name"]["ru"])
    assert wolf.locator("[data-act=death_door]").count() == 0
    assert said in page.locator(".svod-log__item").first.inner_text()
    masha.scroll_into_view_if_needed()
    shot(page, f"scene-stabilised-phone-{scheme}")
    # the scar is the werewolf's alone: Маша's menu does not offer it (the engine refuses it for her too)
    card(page, "Маша").locator("[data-act=menu]").click()
    page.wait_for_selector("dialog[open][data-kind=menu]")
    assert page.locator("dialog[open] .svod-menu [data-act=battle_scar]").count() == 0
    page.click("dialog [data-act=close]")
    assert not page.svod_errors


def test_the_attacks_and_the_initiative_menu_in_english(new_context, base_url, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url, "en/")
    new_scene(page, "Knives")
    add_character(page, "Masha", "serial")
    add_character(page, "Oleg", "serial")
    assert page.locator(".svod-scene__bar [data-act=roll_ties]").inner_text() == "Roll ties"
    # the card in English, its stats' names too («Soak 2/2», once «УП 2/2» here)
    masha = card(page, "Masha").inner_text()
    assert "Soak 2/2" in masha and not re.search("[а-яё]", masha, re.I), masha
    card(page, "Masha").locator("[data-act=menu]").click()
    page.click("dialog[open] .svod-menu [data-act=edit]")
    page.wait_for_selector("dialog .svod-charattacks")
    page.click("dialog .svod-charattacks > summary")
    page.click("dialog .svod-charattacks__add")
    fold = page.locator("dialog .svod-charattacks").inner_text()
    assert "Attacks" in fold and "Attack 1" in fold and "Remove this attack" in fold and "Add an attack" in fold
    assert not re.search("[а-яё]", fold), fold  # the calculator's labels too, in English
    page.click("dialog [data-act=close]")
    sheet_closed(page)
    card(page, "Masha").locator(".svod-chip--ini").click()
    menu = page.locator("dialog[open] .svod-menu").inner_text()
    assert "Lower the initiative" in menu and "Preparation" in menu and "Out of turn" in menu
    shot(page, "scene-initiative-menu-phone-en")
    page.click("dialog [data-act=close]")
    assert not page.svod_errors


CANNOT_ACT_WORDS = {
    "ru": {"roll_first": "Сначала бросок Порога Смерти: Маша.", "line": "строка 327",
           "acting": "Ходит: Маша · Шок, не действует", "skip": "Пропустить ход", "himself": "сам (сложность 7)",
           "dead": "Мёртв", "ask": "В этом раунде ещё не сходили: 1 ход. Пропустить и начать следующий раунд?"},
    "en": {"roll_first": "The death's-door roll first: Маша.", "line": "line 327",
           "acting": "Acting: Маша · Shock, cannot act", "skip": "Skip the turn", "himself": "himself (difficulty 7)",
           "dead": "Dead", "ask": "1 turn of this round still to play. Skip and begin the next round?"},
}


def menu_acts(page, who) -> set[str]:
    """The actions his «⋯» menu offers (then closed)."""
    card(page, who).locator("[data-act=menu]").click()
    page.wait_for_selector("dialog[open][data-kind=menu]")
    acts = set(page.locator("dialog[open] .svod-menu [data-act]").evaluate_all("els => els.map(e => e.dataset.act)"))
    page.click("dialog[open] [data-act=close]")
    sheet_closed(page)
    return acts


@pytest.mark.parametrize("scheme,lang", [("light", "ru"), ("dark", "ru"), ("light", "en")])
def test_one_who_cannot_act_is_not_offered_it_and_his_turn_says_why(new_context, base_url, shot, scheme, lang):
    """000: Шок — «падает и теряет сознание на 1-2 раунда» (line 327): her card offers nothing she would do
    herself (what others do to her stays), her turn says why and passes with «Следующий ход»; a due
    death's-door roll opens before the turn passes; «Следующий раунд» mid-round asks first; her fire is put
    out by someone else first (she cannot), «сам» being the empty choice; a dead card says «Мёртв» and nothing
    else."""
    W = CANNOT_ACT_WORDS[lang]
    ctx, page = phone(new_context, scheme=scheme)
    open_page(page, base_url, "en/" if lang == "en" else "")
    new_scene(page, "Шок")
    add_character(page, "Маша", "serial", stamina=1, dexterity=4, wits=3)  # initiative 7: first
    add_character(page, "Громила", "serial", side="opponents")
    # 10 on her 1 soak level and 7 Health: −2, death's door (the roll due)
    card_action(page, "Маша", "damage", {"portions": [10]})
    assert char_of(scene(page), "Маша")["view"]["roll_due"]
    # «Следующий ход» opens the roll first, saying so
    page.click(".svod-scene__bar [data-act=next_turn]")
    page.wait_for_selector("dialog[open][data-action=death_door]")
    assert page.locator("dialog[open] .svod-sheet__note").inner_text() == W["roll_first"]
    wait_preview(page)
    faces(page, {"d6": [6], "shock_rounds": [4]})  # Шок, two of her rounds
    go(page)
    assert scene(page)["turn"]["current"] is None  # the turn did not pass
    c = card(page, "Маша")
    assert c.locator("[data-act=attack]").count() == 0 and c.locator("[data-act=damage]").count() == 1
    why = c.locator(".svod-card__why").inner_text()
    assert "«падает и теряет сознание на 1-2 раунда»" in why and W["line"] in why
    acts = menu_acts(page, "Маша")
    assert not acts & {"prepare", "ready", "push_through_pain", "declare_defence", "lower_initiative", "battle_scar"}, acts
    assert {"ignite", "extinguish", "stabilize"} <= acts, acts
    # her turn: the bar says why she does not act
    next_turn(page)
    assert page.locator(".svod-scene__whose").inner_text() == W["acting"]
    assert page.locator(".svod-scene__bar [data-act=next_turn]").inner_text() == W["skip"]
    shot(page, f"scene-cannot-act-phone-{scheme}-{lang}")
    # «Следующий раунд» with Громила's turn still to come asks first
    page.click(".svod-scene__controls [data-act=next_round]")
    page.wait_for_selector("dialog[open][data-kind=confirm]")
    assert W["ask"] in page.locator("dialog[open]").inner_text()
    shot(page, f"scene-next-round-ask-phone-{scheme}-{lang}")
    page.click("dialog[open] .svod-sheet__foot [data-act=close], dialog[open] footer [data-act=close]")
    sheet_closed(page)
    assert scene(page)["round"] == 1
    # «Горит!» from her menu: the status, nothing burnt yet
    open_action(page, "Маша", "ignite")
    page.wait_for_selector("dialog[open][data-preview=done], dialog[open][data-preview=none]", timeout=STEP_MS)
    go(page)
    m = char_of(scene(page), "Маша")
    assert {s["key"] for s in m["statuses"]} == {"burning", "shock"}
    assert m["state"]["health"] == 1  # «Персонаж остается с 1 уровнем Здоровья» (Шок)
    # putting it out: «сам» is the empty choice; she cannot, so Громила is chosen first
    open_action(page, "Маша", "extinguish")
    helper = page.locator("dialog[open] select[name=helper]")
    options = helper.locator("option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert options[0] == ["", W["himself"]]
    assert helper.input_value() == char_of(scene(page), "Громила")["id"]
    shot(page, f"scene-extinguish-phone-{scheme}-{lang}")
    page.click("dialog[open] [data-act=close]")
    sheet_closed(page)
    # Громила killed outright (40 over 12): «Мёртв» and nothing else on his card
    card_action(page, "Громила", "damage", {"portions": [40]})
    g = card(page, "Громила")
    assert g.locator(".svod-card__status").inner_text().strip() == W["dead"]
    assert g.locator(".svod-chip, .svod-status, .svod-card__row").count() == 0
    shot(page, f"scene-dead-card-phone-{scheme}-{lang}")
    # what the page did is what the engine does with its log
    sc = scene(page)
    assert {c["id"]: c["state"] for c in engine_replay(sc)["characters"]} == {c["id"]: c["state"] for c in sc["characters"]}
    assert not page.svod_errors
