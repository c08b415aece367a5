"""The «Сцена» page in a real browser at phone size (360 × 740): a «Сериал» fight of three
characters over several rounds (hits into death's door, a second death's-door roll with its −1,
the end of the scene), a «Лысогорск» drinker over four drinks, and what keeps a scene: reload,
offline, a browser restart, export and import, a new deploy; a stored scene that cannot be read
is shown as such, kept and downloadable; the command line replays the page's export to the very
scene the page shows. Every number checked is the engine's (the same log applied by
rules_core under CPython), never one typed into the test."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from rules_core import api
from rules_core.scene import apply as engine_apply
from rules_core.scene import state as scene_state

from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT
from .scene_page import (PHONE, act, add_character, assert_fits, card, char, engine_replay, export, faces, fill_sheet,
    go, new_scene, open_action, open_page, phone, put_record, scene, sheet_closed, stored, wait_preview, wait_ready)
from .waits import BOOT_MS, READY, STEP_MS

# ---- a «Сериал» fight ---------------------------------------------------------------------------

MELEE = {"params.ranged": False}


def test_serial_fight_three_characters_several_rounds(new_context, base_url, shot, tmp_path, assert_on_host):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Подворотня")
    add_character(page, "Маша", "serial", stamina=2)
    add_character(page, "Олег", "serial", stamina=7, absorption_bonus=1)
    add_character(page, "Вампир", "serial", stamina=4, armor=1, resistance=["Огнестрельный"])
    sc = scene(page)
    assert [c["name"] for c in sc["characters"]] == ["Маша", "Олег", "Вампир"]
    assert "УП 8/8" in card(page, "Олег").inner_text()
    ids = {c["name"]: c["id"] for c in sc["characters"]}

    # round 1: Маша shoots the vampire (his resistance halves it); he strikes her in melee
    act(page, "Маша", "attack", {"target": ids["Вампир"], "params.attack_dice": 7, "params.damage_dice": 6,
                                 "tags": "огнестрельный"},
        dice={"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]})
    act(page, "Вампир", "attack", {"target": ids["Маша"], **MELEE, "params.attack_dice": 6, "params.damage_dice": 5},
        dice={"attack": [10, 9, 8, 5, 4, 3], "damage": [6, 6, 6, 6, 2]})
    m = card(page, "Маша").inner_text()
    # the penalty once: the wound level says it («Ранен: −2 кубика»), no «· −2 куб.» after it
    assert "Здоровье 5/7" in m and "Ранен: −2 кубика" in m and "−2 куб." not in m
    # Олег's blow rolled by the engine, its faces visible in the result and in the log
    open_action(page, "Олег", "attack")
    fill_sheet(page, {"target": ids["Вампир"], **MELEE, "params.attack_dice": 5, "params.damage_dice": 8})
    wait_preview(page)
    page.click("dialog .svod-go")
    page.wait_for_selector("dialog[data-done='1'] .svod-result .svod-die", timeout=STEP_MS)
    shown = page.locator("dialog .svod-result .svod-die").all_inner_texts()
    page.click("dialog [data-act=done]")
    sheet_closed(page)
    logged = scene(page)["log"][-1]["action"]["dice"]
    assert shown == [str(f) for f in logged["attack"] + logged.get("damage", [])]
    page.click("[data-act=next_round]")
    page.wait_for_function("svodScene.cur.scene.round === 2", timeout=STEP_MS)
    assert page.locator(".svod-scene__round").inner_text() == "Раунд 2"

    # round 2: a hit on Маша that brings her to death's door: the card asks for the d6
    act(page, "Маша", "damage", {"portions": "9"})
    sc = scene(page)
    assert char(sc, "Маша")["view"]["status"] == "pending"
    due = card(page, "Маша").locator("[data-act=death_door]")
    assert due.is_visible() and "Бросок Порога" in due.inner_text()

    def first_roll(pv):
        assert pv["odds"]["shock"]["exact"] == "1/6"  # the scene's first roll: no −1

    # a 6 is Шок, and its own d6 says for how many of her rounds (readings.SERIAL_SHOCK_ROUNDS): a 4, two
    act(page, "Маша", "death_door", preview=first_roll, dice={"d6": [6], "shock_rounds": [4]})
    sc = scene(page)
    assert char(sc, "Маша")["view"]["status"] == "shock" and char(sc, "Маша")["state"]["health"] == 1
    m = card(page, "Маша").inner_text()
    assert "Шок" in m and "бросков 1, следующий −1" in m
    page.click("[data-act=next_round]")
    page.wait_for_function("svodScene.cur.scene.round === 3", timeout=STEP_MS)

    # round 3: Маша at death's door again: her second roll of the scene is at −1
    act(page, "Вампир", "attack", {"target": ids["Маша"], **MELEE, "params.attack_dice": 8, "params.damage_dice": 5},
        dice={"attack": [7, 7, 7, 1, 9, 9, 9, 9][:8 - char(scene(page), "Вампир")["view"]["wound_penalty"]],
              "damage": [6, 6, 1, 1, 1]})
    assert char(scene(page), "Маша")["view"]["status"] == "pending"

    def second_roll(pv):
        assert pv["odds"]["shock"]["exact"] == "0/1" and pv["odds"]["last_breath"]["exact"] == "1/3"

    open_action(page, "Маша", "death_door")
    wait_preview(page)
    pv = page.evaluate("svodScene.act.preview")
    second_roll(pv)
    assert pv["calculator"]["params"]["previous_rolls"] == 1
    shot(page, "scene-door-phone-light")
    faces(page, {"d6": [4]})
    line = go(page)
    assert "№ 2: 4 − 1 = 3" in line
    sc = scene(page)
    assert char(sc, "Маша")["view"]["door_rolls"] == 2

    # the end of the scene: УП back, the scene's death's-door count starts again
    page.click("[data-act=end_scene]")
    page.wait_for_selector("dialog[open][data-action=end_scene]")
    wait_preview(page)
    go(page)
    sc = scene(page)
    masha = char(sc, "Маша")
    assert masha["view"]["door_rolls"] == 0 and masha["state"]["absorption"] == masha["view"]["absorption_base"]
    assert sc["round"] == 1
    m = card(page, "Маша").inner_text()
    assert "бросков" not in m and "Шок был" not in m  # the scene's counts start again …
    assert "Воля к жизни" in m  # … her death's-door state stays, for the Storyteller to change

    # what the page shows is the engine's: the log replayed under CPython gives the same scene
    assert engine_replay(sc) == sc
    log_items = page.locator(".svod-log__item")
    assert log_items.count() == len(sc["log"])
    assert log_items.first.get_attribute("data-n") == str(len(sc["log"]))  # newest first
    assert_fits(page, "fight")
    shot(page, "scene-fight-phone-light")

    # the command line replays the page's export to the same scene
    text = export(page)
    assert text == page.evaluate("svodScene.cur.text")
    f = tmp_path / "scene.json"
    f.write_text(text, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "rules_core", "scene", "replay", f"@{f}"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == sc
    assert not page.svod_errors
    assert_on_host(ctx, base_url)


# ---- a «Лысогорск» drinker ----------------------------------------------------------------------

def test_lysogorsk_drinker_over_four_drinks(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Трактир")
    add_character(page, "Фома", "lysogorsk", stamina=2, fortitude=1)
    stages = []
    for drink, dice in (("beer", [[1, 1]]), ("spirit_shot", [[1, 2]]), ("vodka_shot", [[1, 1]]),
                        ("vodka_bottle", [[1, 1], [1, 2], [1, 1], [2, 1], [1, 1]])):
        sc = scene(page)
        before = char(sc, "Фома")["state"]["stage"]
        open_action(page, "Фома", "drink")
        fill_sheet(page, {"drink": drink})
        wait_preview(page)
        pv = page.evaluate("svodScene.act.preview")
        # the odds are the calculator's, from the stage the drinker is at
        assert pv["calculator"]["id"] == "lysogorsk-drunkenness"
        assert pv["calculator"]["params"]["start_stage"] == before
        # a player rolls a check only while sober enough to need one (from the 5th stage, none):
        # as many pairs as the engine takes
        action = {"type": "drink", "character": char(sc, "Фома")["id"], "drink": drink}
        k = next(k for k in range(len(dice), -1, -1)
                 if engine_apply(sc, {**action, "dice": {"checks": dice[:k]}})[1]["ok"])
        if k:
            faces(page, {"checks": dice[:k]})
        go(page)
        v = char(scene(page), "Фома")["view"]
        stages.append(v["stage"])
        assert f"Стадия {v['stage']}" in card(page, "Фома").inner_text()
    sc = scene(page)
    assert stages == [c["view"]["stage"] for c in [char(engine_replay({**sc, "log": sc["log"][:n + 2]}), "Фома")
                                                      for n in range(4)]]
    assert stages[-1] > stages[0] and char(sc, "Фома")["state"]["drinks"] == 1 + 1 + 1 + 5
    assert engine_replay(sc) == sc
    entries = page.locator(".svod-log__item").all_inner_texts()
    assert len(entries) == 5 and "пьёт" in entries[0]
    assert page.locator(".svod-log__item").first.locator(".svod-logdie").count() > 0  # the dice, in the log
    # the system's other actions are in the card's «⋯» menu: a stress check, rolled by the engine
    card(page, "Фома").locator("[data-act=menu]").click()
    menu = page.locator("dialog[open] .svod-menu")
    assert menu.locator("[data-act=lys_heal]").is_visible() and menu.locator("[data-act=drink]").count() == 0
    menu.locator("[data-act=lys_stress]").click()
    page.wait_for_selector("dialog[open][data-action=lys_stress]")
    wait_preview(page)
    go(page)
    sc = scene(page)
    assert sc["log"][-1]["action"]["type"] == "lys_stress" and engine_replay(sc) == sc
    assert not page.svod_errors


def test_a_character_joins_already_hurt_or_drunk(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Засада")
    page.click(".svod-scene__controls [data-act=add]")
    page.wait_for_selector("dialog[open] [data-act=save-char]")
    page.fill("dialog [name=name]", "Маша")
    page.select_option("dialog [name=system]", "serial")
    page.fill("dialog [name='stats.health_max']", "9")
    page.fill("dialog [name='stats.stamina']", "3")
    # the state the engine starts her at, from the sheet as typed, until the reader changes it
    page.wait_for_selector("dialog form[data-initial-state=done]", timeout=STEP_MS)
    page.locator("dialog details.svod-charstate").evaluate("d => d.open = true")
    assert page.input_value("dialog [name='state.health']") == "9"
    assert page.input_value("dialog [name='state.absorption']") == "3"
    page.fill("dialog [name='state.health']", "4")
    page.fill("dialog [name='stats.health_max']", "10")  # a later change of the sheet keeps what was typed
    page.wait_for_selector("dialog form[data-initial-state=done]", timeout=STEP_MS)
    assert page.input_value("dialog [name='state.health']") == "4"
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    wait_ready(page)
    masha = char(scene(page), "Маша")
    assert (masha["stats"]["health_max"], masha["state"]["health"], masha["state"]["absorption"]) == (10, 4, 3)
    assert "4/10" in card(page, "Маша").inner_text()
    # she catches fire: the turn's levels through her УП (the engine's, as the card then shows)
    before = scene(page)
    text = act(page, "Маша", "burning", {"turn": 1})
    after, ev = engine_apply(before, {"type": "burning", "character": masha["id"], "turn": 1})
    assert ev["text"]["ru"] in text and "Горит, ход 1" in text
    burnt = char(scene(page), "Маша")["state"]
    assert burnt == char(after, "Маша")["state"] and burnt["absorption"] < 3
    assert f"УП {burnt['absorption']}/3" in card(page, "Маша").inner_text()
    # a «Лысогорск» drinker who comes in at the third stage; a value the form refuses, beside its field
    page.click(".svod-scene__controls [data-act=add]")
    page.wait_for_selector("dialog[open] [data-act=save-char]")
    page.fill("dialog [name=name]", "Фома")
    page.select_option("dialog [name=system]", "lysogorsk")
    page.wait_for_selector("dialog form[data-initial-state=done]", timeout=STEP_MS)
    page.click("dialog details.svod-charstate > summary")
    page.fill("dialog [name='state.stage']", "99")
    page.locator("dialog details.svod-charstate").evaluate("d => d.open = false")  # the error opens it again
    page.click("dialog [data-act=save-char]")
    err = page.locator("dialog [data-field='state.stage'] .svod-err")
    err.wait_for(state="visible", timeout=STEP_MS)
    assert err.inner_text().strip() and page.locator("dialog details.svod-charstate").evaluate("d => d.open")
    page.fill("dialog [name='state.stage']", "3")
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    wait_ready(page)
    foma = char(scene(page), "Фома")
    assert foma["state"]["stage"] == 3 and foma["state"]["damage"] == 0
    assert "Стадия 3" in card(page, "Фома").inner_text()
    sc = scene(page)
    assert engine_replay(sc) == sc
    assert not page.svod_errors


# ---- nothing is lost -------------------------------------------------------------------------------

def small_fight(page):
    new_scene(page, "Порт")
    add_character(page, "Маша", "serial", stamina=3)
    add_character(page, "Фома", "lysogorsk")
    act(page, "Маша", "damage", {"portions": "4, 2"})
    act(page, "Фома", "drink", {"drink": "beer"}, dice={"checks": [[3, 4]]})
    return scene(page)


def launch(playwright_instance, user_dir, offline=False):
    return playwright_instance.chromium.launch_persistent_context(
        user_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=PHONE,
        service_workers="allow", offline=offline, accept_downloads=True)


def test_reload_offline_restart_export_import_keep_the_scene(playwright_instance, base_url, tmp_path):
    user_dir = tempfile.mkdtemp(prefix="svod-chromium-", dir=tmp_path)
    ctx = launch(playwright_instance, user_dir)
    try:
        page = ctx.pages[0]
        open_page(page, base_url)
        sc = small_fight(page)
        text = page.evaluate("svodScene.cur.text")
        assert [r["text"] for r in stored(page)] == [text]
        # reload
        page.reload()
        wait_ready(page, BOOT_MS)
        assert page.evaluate("svodScene.cur.text") == text
        assert page.locator(".svod-card").count() == 2 and page.locator(".svod-log__item").count() == len(sc["log"])
        # offline: the page, the engine and the scene from this device; an action is kept
        page.wait_for_function(READY, timeout=120_000)
        ctx.set_offline(True)
        page.reload()
        wait_ready(page, BOOT_MS)
        assert page.evaluate("svodScene.cur.text") == text
        page.click("[data-act=next_round]")
        page.wait_for_function("svodScene.cur.scene.round === 2", timeout=STEP_MS)
        wait_ready(page)
        text = page.evaluate("svodScene.cur.text")
        assert json.loads(stored(page)[0]["text"])["round"] == 2
    finally:
        ctx.close()
    # a browser restart, still offline
    ctx = launch(playwright_instance, user_dir, offline=True)
    try:
        page = ctx.pages[0]
        open_page(page, base_url)
        wait_ready(page, BOOT_MS)
        assert page.evaluate("svodScene.cur.text") == text
        # export, delete (asked first), import: the same characters and log
        exported = export(page)
        assert exported == text
        page.click(".svod-scene__name")
        item = page.locator("dialog .svod-scenes__item--current")
        item.locator("[data-act=ask-delete]").click()
        assert "Удалить сцену «Порт»?" in item.locator(".svod-scenes__confirm").inner_text()
        item.locator(".svod-scenes__confirm [data-act=delete]").click()
        page.wait_for_selector(".svod-scene[data-state=empty]", timeout=STEP_MS)
        assert page.locator(".svod-toast").is_visible() and "Вернуть" in page.locator(".svod-toast").inner_text()
        f = tmp_path / "Порт.svod-scene.json"
        f.write_text(exported, encoding="utf-8")
        page.locator(".svod-empty input[type=file]").set_input_files(str(f))
        page.wait_for_function("svodScene.cur && svodScene.cur.checked", timeout=STEP_MS)
        wait_ready(page)
        imported = scene(page)
        assert imported["characters"] == json.loads(text)["characters"] and imported["log"] == json.loads(text)["log"]
        recs = stored(page)
        assert len(recs) == 2 and sum(1 for r in recs if r.get("deletedAt")) == 1  # the deleted one can come back
    finally:
        ctx.close()


def test_delete_asks_and_can_be_undone(new_context, base_url, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Первая")
    new_scene(page, "Вторая")
    page.click(".svod-scene__name")
    item = page.locator("dialog .svod-scenes__item--current")
    item.locator("[data-act=ask-delete]").click()
    item.locator("[data-act=cancel-delete]").click()
    assert len([r for r in stored(page) if not r.get("deletedAt")]) == 2  # «Отмена»: nothing happened
    item.locator("[data-act=ask-delete]").click()
    shot(page, "scene-scenes-phone-light")
    item.locator(".svod-scenes__confirm [data-act=delete]").click()
    page.wait_for_function("svodScene.cur && svodScene.cur.scene && svodScene.cur.scene.name === 'Первая'", timeout=STEP_MS)
    page.click("dialog [data-act=close]")
    page.locator(".svod-toast button").click()
    page.wait_for_function("svodScene.cur && svodScene.cur.scene && svodScene.cur.scene.name === 'Вторая'", timeout=STEP_MS)
    assert not any(r.get("deletedAt") for r in stored(page))


def test_import_is_bounded_and_refused_with_the_engines_words(new_context, base_url, tmp_path):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    big = tmp_path / "big.json"
    limit = api.handle({"op": "scene", "cmd": "spec"})["result"]["limits"]["scene_chars"]
    with big.open("wb") as fh:
        fh.seek(4 * limit + 10)
        fh.write(b" ")
    page.locator(".svod-empty input[type=file]").set_input_files(str(big))
    page.wait_for_selector(".svod-empty .svod-err:not([hidden])")
    assert "не бывает больше" in page.locator(".svod-empty .svod-err").inner_text()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "svod-scene", "version": 1, "name": 5}', encoding="utf-8")
    page.locator(".svod-empty input[type=file]").set_input_files(str(bad))
    page.wait_for_function("document.querySelector('.svod-empty .svod-err').textContent.includes('не импортирован')")
    assert stored(page) == []


# ---- a stored scene that cannot be read; an older version --------------------------------------

def test_unreadable_scene_is_shown_kept_and_downloadable(new_context, base_url, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    newer = scene_state.dump({**scene_state.new_scene("Из будущего"), "version": 99})
    records = [{"id": "sbroken1", "name": "Битый", "created": 1, "updated": 2, "rev": 3, "text": '{"format": "svod-scene", "vers'},
               {"id": "snewer1", "name": "Из будущего", "created": 1, "updated": 1, "rev": 1, "text": newer}]
    put_record(page, records[1], current=False)
    put_record(page, records[0])
    for rec, words in ((records[0], "не JSON"), (records[1], "более новой версией")):
        put_record(page, rec)
        page.reload()
        page.wait_for_selector(".svod-scene[data-state=broken]", timeout=BOOT_MS)
        box = page.locator(".svod-broken")
        assert "Сцена не читается" in box.inner_text() and words in box.inner_text()
        assert "сохранена без изменений" in box.inner_text()
        shot(page, f"scene-unreadable-{rec['id']}-phone-light")
        with page.expect_download() as dl:
            box.locator("[data-act=download-raw]").click()
        assert Path(dl.value.path()).read_text(encoding="utf-8") == rec["text"]
        # an action cannot reach it; the scenes list says so too
        assert page.locator(".svod-card").count() == 0
        page.click(".svod-scene__name")
        assert "Сцена не читается" in page.locator("dialog .svod-scenes__item", has_text=rec["name"]).inner_text()
        page.click("dialog [data-act=close]")
    by_id = {r["id"]: r for r in stored(page)}
    assert by_id == {r["id"]: r for r in records}  # untouched, to the byte


def test_a_scene_of_an_older_version_is_migrated_and_its_text_kept(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    old = json.dumps({"version": 0, "title": "Старая", "history": [
        {"kind": "add_character", "character": {"name": "Маша", "system": "serial"}},
        {"kind": "damage", "who": "c1", "portions": [3]}]}, ensure_ascii=False)
    put_record(page, {"id": "sold1", "name": "Старая", "created": 1, "updated": 1, "rev": 1, "text": old})
    page.reload()
    wait_ready(page, BOOT_MS)
    assert "переведена в нынешнюю" in page.locator(".svod-scene__notice").inner_text()
    m = char(scene(page), "Маша")
    assert m["state"]["health"] == 7 - 1  # 3 damage − 2 УП
    (rec,) = stored(page)
    assert rec["legacy"] == {"version": 0, "text": old} and json.loads(rec["text"])["version"] == scene_state.VERSION
    with page.expect_download() as dl:
        page.click(".svod-scene__notice [data-act=legacy]")
    assert Path(dl.value.path()).read_text(encoding="utf-8") == old


# ---- a new deploy -------------------------------------------------------------------------------

def test_scenes_survive_a_new_deploy(new_context, deployed):
    from .deploys import new_deploy

    base, root = deployed
    ctx, page = phone(new_context)
    open_page(page, base)
    new_scene(page, "До выкладки")
    add_character(page, "Маша", "serial")
    page.wait_for_function(READY, timeout=120_000)
    text = page.evaluate("svodScene.cur.text")
    old = page.evaluate("caches.keys()")
    version = new_deploy(root)
    page.reload()
    page.wait_for_selector(".svod-update button", timeout=120_000)
    with page.expect_navigation():
        page.locator(".svod-update button").click()
    page.wait_for_function(READY, timeout=60_000)
    wait_ready(page, BOOT_MS)
    assert page.evaluate("caches.keys()") == [f"svod-{version}@/svod/"] != old
    assert page.evaluate("svodScene.cur.text") == text


# ---- the calculator and the scene together ------------------------------------------------------

def calc_holds(page, name, value):
    page.wait_for_function("""([n, v]) => { const r = document.querySelector('.svod-calc[data-calc="serial-attack"]');
        return r.dataset.state === 'done' && JSON.parse(r.dataset.params)[n] === v; }""", arg=[name, value], timeout=STEP_MS)


def test_calculator_opened_from_a_character_applies_back(new_context, base_url, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "С калькулятором")
    add_character(page, "Маша", "serial", stamina=2)
    add_character(page, "Вампир", "serial", stamina=4, armor=1)
    act(page, "Маша", "damage", {"portions": "5"})  # Маша wounded: −2 dice
    ids = {c["name"]: c["id"] for c in scene(page)["characters"]}
    open_action(page, "Маша", "attack")
    fill_sheet(page, {"target": ids["Вампир"], "params.attack_dice": 7})
    wait_preview(page)
    calc = page.evaluate("svodScene.act.preview.calculator")
    # her pool as typed and her Здоровье: the calculator takes her −2 off itself
    masha = char(scene(page), "Маша")["state"]
    assert calc["id"] == "serial-attack" and calc["params"]["attack_dice"] == 7 and calc["params"]["armor"] == 1
    assert calc["params"]["attacker_health"] == masha["health"]
    link = page.locator("dialog .svod-calclink")
    assert link.is_visible()
    link.click()
    root = page.locator('.svod-calc[data-calc="serial-attack"]')
    page.wait_for_selector('.svod-calc[data-calc="serial-attack"][data-state="done"]', timeout=BOOT_MS)
    # the calculator holds the scene's numbers
    params = json.loads(root.get_attribute("data-params"))
    held = ("attack_dice", "armor", "absorption", "health", "stamina", "attacker_health")
    assert {k: params[k] for k in held} == {k: calc["params"][k] for k in held}
    box = page.locator(".svod-scenelink")
    box.locator(".svod-scenelink__apply").wait_for()
    assert "Применить к персонажу «Вампир»" in box.inner_text()
    # a value the scene takes from the character, changed here: refused, the scene unchanged
    before = stored(page)[0]["text"]
    armor = page.locator('.svod-calc[data-calc="serial-attack"] [name=armor]')
    armor.fill("3")
    calc_holds(page, "armor", 3)
    box.locator(".svod-scenelink__apply").click()
    page.wait_for_selector(".svod-scenelink[data-state=refused]", timeout=STEP_MS)
    assert "а в сцене 1" in box.inner_text() and stored(page)[0]["text"] == before
    armor.fill("1")
    calc_holds(page, "armor", 1)
    # rolled here, applied there: the same faces
    page.click('.svod-calc[data-calc="serial-attack"] .svod-calc__roll')
    page.wait_for_selector('.svod-calc[data-calc="serial-attack"][data-roll-state="done"]', timeout=STEP_MS)
    rolled = page.locator('.svod-calc[data-calc="serial-attack"] .svod-calc__rolled .svod-die').all_inner_texts()
    assert "бросок калькулятора" in box.inner_text()
    box.locator(".svod-scenelink__apply").click()
    page.wait_for_selector(".svod-scenelink[data-state=applied]", timeout=STEP_MS)
    assert box.locator(".svod-scenelink__apply").is_disabled()  # not twice by a second tap
    box.scroll_into_view_if_needed()
    shot(page, "scene-calculator-applied-phone-light")
    sc = json.loads(stored(page)[0]["text"])
    entry = sc["log"][-1]
    assert entry["action"]["type"] == "attack" and entry["action"]["params"]["attack_dice"] == 7
    assert rolled == [str(f) for f in entry["action"]["dice"]["attack"] + entry["action"]["dice"].get("damage", [])]
    # back to the scene: the entry is there
    box.locator("a.md-button").click()
    wait_ready(page, BOOT_MS)
    assert page.evaluate("svodScene.cur.text") == stored(page)[0]["text"]
    assert page.locator(".svod-log__item").first.get_attribute("data-n") == str(entry["n"])
    assert not page.svod_errors


def test_the_scene_is_reached_from_home_navigation_and_every_calculator(page, base_url):
    page.goto(base_url)
    page.locator("article a[href$='scene/']").first.click()  # Material's instant navigation
    page.wait_for_selector(".svod-scene[data-state=empty]", timeout=BOOT_MS)
    assert page.evaluate("getComputedStyle(document.querySelector('.svod-scene__bar')).position") == "sticky"  # its CSS
    assert page.locator("nav.md-nav a[href$='scene/']").count() >= 1
    page.goto(base_url + "calculators/wod-pool/")
    link = page.locator(".svod-calc a[data-svod-scene-link]")
    link.wait_for(state="visible", timeout=BOOT_MS)
    assert link.get_attribute("href").endswith("/svod/scene/")
    link.click()
    page.wait_for_selector(".svod-scene[data-state=empty]", timeout=BOOT_MS)
    page.goto(base_url + "en/calculators/wod-pool/")
    link = page.locator(".svod-calc a[data-svod-scene-link]")
    link.wait_for(state="visible", timeout=BOOT_MS)
    assert link.get_attribute("href").endswith("/svod/en/scene/") and link.inner_text() == "Scene"


# ---- bad input stays beside its field -----------------------------------------------------------

def test_faces_by_hand_are_checked(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Кубики")
    add_character(page, "Маша", "serial")
    add_character(page, "Олег", "serial")
    ids = {c["name"]: c["id"] for c in scene(page)["characters"]}
    open_action(page, "Маша", "attack")
    fill_sheet(page, {"target": ids["Олег"], "params.attack_dice": 4})
    wait_preview(page)
    faces(page, {"attack": [1, 2, 3]})
    page.click("dialog .svod-go")
    err = page.locator("dialog [data-field='dice.attack'] .svod-err")
    err.wait_for(state="visible", timeout=STEP_MS)
    assert "Нужно ровно 4 d10, дано 3" in err.inner_text()
    faces(page, {"attack": ["1", "x"]})
    page.click("dialog .svod-go")
    page.wait_for_function("document.querySelector(\"dialog [data-field='dice.attack'] .svod-err\").textContent.includes('целые числа')")
    faces(page, {"attack": [1, 2, 3, 11]})
    page.click("dialog .svod-go")
    page.wait_for_function("document.querySelector(\"dialog [data-field='dice.attack'] .svod-err\").textContent.includes('от 1 до 10')",
                           timeout=STEP_MS)
    assert len(scene(page)["log"]) == 2  # nothing applied


# ---- how it looks ------------------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_scene_screenshots(new_context, base_url, shot, scheme, size):
    viewport = PHONE if size == "phone" else {"width": 1280, "height": 800}
    ctx = new_context(viewport=viewport, color_scheme=scheme)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    open_page(page, base_url)
    new_scene(page, "Подворотня")
    add_character(page, "Маша", "serial", stamina=2)
    add_character(page, "Вампир", "serial", stamina=4, armor=1)
    add_character(page, "Фома", "lysogorsk")
    act(page, "Вампир", "damage", {"portions": "4"})
    page.evaluate("window.scrollTo(0, document.querySelector('.svod-scene').getBoundingClientRect().top + scrollY - 60)")
    assert_fits(page, f"{size} {scheme}")
    # scrolled past the heading, the header shows the page's title (Material's fade, settled at once
    # here: a screenshot taken during it shows both titles over each other)
    page.add_style_tag(content=".md-header__topic { transition: none !important; }")
    page.wait_for_selector(".md-header__title--active", timeout=STEP_MS)
    shot(page, f"scene-{size}-{scheme}")
    card(page, "Маша").locator("[data-act=menu]").click()
    page.click("dialog [data-act=edit]")
    page.wait_for_selector("dialog[open][data-kind=character]")
    shot(page, f"scene-character-{size}-{scheme}")
    page.click("dialog [data-act=close]")
    sheet_closed(page)
    ids = {c["name"]: c["id"] for c in scene(page)["characters"]}
    open_action(page, "Маша", "attack")
    page.evaluate("document.querySelectorAll('dialog details').forEach(d => d.open = false)")
    fill_sheet(page, {"target": ids["Вампир"]})
    wait_preview(page)
    # the odds are in sight while a field is edited
    box = page.locator("dialog .svod-summary").bounding_box()
    assert box and box["y"] + box["height"] <= viewport["height"]
    shot(page, f"scene-attack-{size}-{scheme}")


# ---- Codex and the classic game, edits, removal and undo (in English) ---------------------------

def test_codex_and_wod_actions_edit_remove_and_undo_in_english(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url, "en/")
    assert "No scenes yet" in page.locator(".svod-empty").inner_text()
    new_scene(page, "Crypt")
    add_character(page, "Ines", "codex", tough=2)
    add_character(page, "Brujah", "wod", stamina=3)
    act(page, "Ines", "codex_damage", {"hits": "3, 4"})
    act(page, "Ines", "codex_stress", {"amount": 7})
    act(page, "Ines", "codex_counter")  # from the card's «⋯» menu
    assert scene(page)["log"][-1]["action"]["type"] == "codex_counter"
    ines = char(scene(page), "Ines")["view"]
    assert ines["flax"] and "FLAX" in card(page, "Ines").inner_text()
    assert f"{ines['damage']}/{ines['capacity']}" in card(page, "Ines").inner_text()
    open_action(page, "Brujah", "wod_damage")
    fill_sheet(page, {"successes": 4})
    wait_preview(page)
    pool = page.evaluate("svodScene.act.preview.dice_needed[0].count")
    faces(page, {"soak": [10, 3, 6][:pool] + [2] * max(0, pool - 3)})
    go(page)
    b = char(scene(page), "Brujah")["view"]
    assert f"{b['left']}/{b['levels']}" in card(page, "Brujah").inner_text()
    # edit by hand: a name and a stat
    card(page, "Brujah").locator("[data-act=menu]").click()
    page.click("dialog [data-act=edit]")
    page.wait_for_selector("dialog[open][data-kind=character]")
    page.fill("dialog [name=name]", "Brujah elder")
    page.fill("dialog [name='stats.stamina']", "4")
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    wait_ready(page)
    assert char(scene(page), "Brujah elder")["stats"]["stamina"] == 4
    assert "edited by hand" in page.locator(".svod-log__item").first.inner_text()
    # removed (asked in its sheet), then undone from the bar: back as it was
    before = scene(page)
    card(page, "Ines").locator("[data-act=menu]").click()
    page.click("dialog [data-act=remove]")
    page.wait_for_selector("dialog[open][data-action=remove_character]")
    wait_preview(page)
    go(page)
    assert card(page, "Ines").count() == 0
    page.click(".svod-scene__undo")
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n", arg=len(before["log"]), timeout=STEP_MS)
    wait_ready(page)
    # as it was, the undone removal kept to redo
    after = scene(page)
    assert {**after, "redo": []} == before and len(after["redo"]) == 1 and card(page, "Ines").count() == 1
    assert "Undone" in page.locator(".svod-toast").inner_text()
    assert engine_replay(scene(page)) == {**scene(page), "redo": []}  # the replay: the log, nothing to redo
    assert not page.svod_errors


def test_the_scene_page_and_its_modules_are_precached(site_dir):
    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S)[1])
    for f in ("scene/", "en/scene/", "assets/calc/scene.mjs", "assets/calc/scene-store.mjs",
              "assets/calc/scene-link.mjs", "assets/calc/scene.css"):
        assert f in files, f
