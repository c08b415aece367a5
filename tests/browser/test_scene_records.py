"""Records planted in the device's storage, in a real browser at phone size: every stored record is
checked before it is used (calculators/records.mjs). A revision that is no whole number is told and
repaired only on request, after which two tabs acting at once lose nothing; a record of any id is
listed with «Скачать как есть», «Открыть» and «Удалить» working; a database of the page's name without
its stores, or of another version, is told and made whole; a write that fails keeps what was stored
and says so. The records are the corpus tests/data/hostile/stored/ (every file of it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core import api
from rules_core.scene import engine as scene_engine, party as scene_party, state as scene_state
from tests import hostile_stored

from .scene_page import (PHONE, SETTLED, notes_at_once, open_note, open_page, phone, plant, sheet_closed, sheet_outcome,
    stored, stored_notes, stored_party, stored_raw, wait_ready)
from .waits import BOOT_MS, STEP_MS

CASES = dict(hostile_stored.cases())
SCENES_DB = "svod-scenes@/svod/"
PARTY_DB = "svod-party@/svod/"


def _as_downloaded(rec):
    """A planted record as «Скачать как есть» writes it: JSON, a number JSON has no word for as a string."""
    numbers = {"2**53": 2**53}
    return {k: numbers.get(v, v) if isinstance(v, str) else v for k, v in rec.items()}


def _record_with_a_fight():
    """A stored scene's text with a character in it (what a planted revision puts at stake)."""
    sc, ev = scene_engine.apply(scene_state.new_scene("Враждебная"), {"type": "add_character",
                                                                        "character": {"name": "Маша", "system": "serial"}})
    assert ev["ok"]
    return scene_state.dump(sc)


# ---- a revision that is no whole number ---------------------------------------------------------

@pytest.mark.parametrize("case", ["rev-infinity", "rev-2pow53", "rev-nan", "rev-object"])
def test_a_planted_revision_is_told_repaired_on_request_and_two_tabs_then_lose_nothing(new_context, base_url, case, shot):
    rec = {**CASES[case]["record"], "text": _record_with_a_fight()}
    ctx = new_context(viewport=PHONE, accept_downloads=True)
    a = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors = []
    a.on("pageerror", lambda e: errors.append(str(e)))
    a.goto(base_url)
    plant(a, json.loads(json.dumps(rec)), current=True)
    open_page(a, base_url)
    b = ctx.new_page()
    b.on("pageerror", lambda e: errors.append(str(e)))
    open_page(b, base_url)
    for p in (a, b):
        # told, in words, in both tabs; nothing of it drawn, nothing to act on; its repair offered
        box = p.locator(".svod-broken")
        box.wait_for(timeout=BOOT_MS)
        assert "«rev»" in box.inner_text() and "номер правки станет 1" in box.inner_text()
        assert p.locator(".svod-card").count() == 0 and p.locator(".svod-scene__controls").count() == 0
    if case in ("rev-infinity", "rev-nan"):
        a.locator(".svod-broken [data-act=repair]").scroll_into_view_if_needed()
        shot(a, f"scene-record-{case}-phone-light")
    assert stored_raw(a)[0]["rev"] == _as_downloaded(rec)["rev"]  # not changed by being read
    # repaired on request, in one tab: the other follows; the text is the same
    a.click(".svod-broken [data-act=repair]")
    wait_ready(a, BOOT_MS)
    b.wait_for_selector(".svod-scene[data-state=ready]", timeout=BOOT_MS)
    after = stored(a)[0]
    assert after["rev"] == 1 and after["text"] == rec["text"] and after["id"] == rec["id"]
    assert "Запись починена" in a.locator(".svod-toast").inner_text()
    # then the two tabs act in the same millisecond, twice: an action shown as done is kept, one refused
    # says why; none is refused for ever
    tabs = {"A": a, "B": b}
    shown = []
    for i in range(2):
        for name, out in notes_at_once(tabs, i).items():
            if out["result"]:
                shown.append(f"{name}{i}")
            else:
                assert out["errors"] and "другой вкладке" in " ".join(out["errors"]), out
        for p in tabs.values():
            p.click("dialog [data-act=close]")
            sheet_closed(p)
    assert shown and sorted(stored_notes(a)) == sorted(shown)
    # the refused one, again: it goes through
    for p in tabs.values():
        p.wait_for_function("() => svodScene.cur && svodScene.cur.checked && !svodScene.busy", timeout=STEP_MS)
    open_note(a, "после сбоя")
    a.click("dialog .svod-go")
    a.wait_for_function(SETTLED, timeout=STEP_MS)
    assert sheet_outcome(a)["result"] and "после сбоя" in stored_notes(a)
    assert not errors


# ---- a record of any id: listed, downloadable, openable, deletable ----------------------------------

def _scene_cases():
    """The corpus's scene records IndexedDB can hold (an object with an id), each under its own id."""
    out = {}
    for name, case in CASES.items():
        rec = case["record"]
        if case["kind"] != "scene" or not isinstance(rec, dict):
            continue
        rec = dict(rec)
        if rec.get("id") == "shostile1":
            rec["id"] = f"s-{name}"
        out[name] = (rec, case)
    return out


def test_every_planted_record_is_listed_and_its_buttons_work_whatever_its_id(new_context, base_url):
    ctx, page = phone(new_context)
    page.goto(base_url)
    good = scene_state.dump(scene_state.new_scene("Годная"))
    plant(page, {"id": "sgood", "name": "Годная", "created": 1, "updated": 10**12, "rev": 1, "text": good}, current=True)
    cases = _scene_cases()
    for rec, _ in cases.values():
        plant(page, json.loads(json.dumps(rec)))
    open_page(page, base_url)
    wait_ready(page, BOOT_MS)
    # the handle the page names each by (its id where that passes, else «!» and a hash of its key)
    handles = page.evaluate("svodScene.records.filter(r => r.faulty).map(r => [r.key, r.id])")
    assert len(handles) == len(cases), (handles, list(cases))
    for name, (rec, case) in cases.items():
        h = next(hh for k, hh in handles if k == rec["id"])
        page.click(".svod-scene__name")
        item = page.locator(f"dialog .svod-scenes__item[data-id='{h}']")
        item.wait_for(timeout=STEP_MS)
        assert "Повреждённая запись" in item.inner_text(), name
        # «Скачать как есть»: the record as it was read
        with page.expect_download() as dl:
            item.locator("[data-act=download-raw]").click()
        assert json.loads(Path(dl.value.path()).read_text(encoding="utf-8")) == _as_downloaded(rec), name
        # «Открыть»: told, none of it drawn; its repair only where nothing is lost
        item.locator("[data-act=open-scene]").click()
        sheet_closed(page)
        box = page.locator(f".svod-broken[data-broken='{h}']")
        box.wait_for(timeout=STEP_MS)
        assert page.locator(".svod-scene").get_attribute("data-state") == "broken", name
        assert box.locator("[data-act=repair]").count() == int(case["repairable"]), name
        for field in case["faults"]:
            assert f"«{field}»" in box.inner_text() or field in ("created", "updated", "deletedAt"), (name, field)
        # «Удалить»: asked, then gone for good (it was never written over)
        page.click(".svod-scene__name")
        item.locator("[data-act=ask-delete]").click()
        assert "навсегда" in item.locator(".svod-scenes__confirm").inner_text()
        item.locator("[data-act=delete]").click()
        page.wait_for_function("(n) => svodScene.records.length === n", arg=len(cases) - list(cases).index(name), timeout=STEP_MS)
        if page.locator("dialog[open]").count():
            page.click("dialog [data-act=close]")
            sheet_closed(page)
    assert [r["id"] for r in stored_raw(page)] == ["sgood"]
    assert page.evaluate("window.__pwned") is None
    assert not page.svod_errors


def test_a_planted_party_record_is_told_unreadable_and_downloadable(new_context, base_url):
    ctx, page = phone(new_context)
    page.goto(base_url)
    for name, case in CASES.items():
        if case["kind"] != "party":
            continue
        plant(page, json.loads(json.dumps(case["record"])), db=PARTY_DB)
        page.goto(base_url + "party/")
        page.wait_for_selector(".svod-party[data-state=broken]", timeout=BOOT_MS)
        main = page.locator(".svod-party__main")
        for field in case["faults"]:
            assert f"«{field}»" in main.inner_text(), (name, main.inner_text())
        assert "Движок правил" not in page.locator(".svod-party").inner_text()
        with page.expect_download() as dl:
            main.locator("[data-act=raw]").click()
        assert json.loads(Path(dl.value.path()).read_text(encoding="utf-8")) == _as_downloaded(case["record"]), name
    assert page.evaluate("window.__pwned") is None
    assert not page.svod_errors


# ---- a database of the page's name without its stores, or of another version -------------------

EMPTY_DB = """(name) => new Promise((resolve, reject) => {
    const r = indexedDB.open(name, 1);
    r.onsuccess = () => { r.result.close(); resolve(); }; r.onerror = () => reject(r.error); })"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_database_without_its_stores_is_told_and_made_whole(new_context, base_url, scheme, shot):
    ctx, page = phone(new_context, scheme=scheme)
    page.goto(base_url)  # any page of the origin may make it
    page.evaluate(EMPTY_DB, SCENES_DB)
    page.evaluate(EMPTY_DB, PARTY_DB)
    open_page(page, base_url)
    note = page.locator(".svod-scene__notice")
    note.wait_for(timeout=STEP_MS)
    assert "без своих таблиц" in note.inner_text() and "сохранено" in note.inner_text()
    assert page.locator(".svod-empty").is_visible()
    shot(page, f"scene-db-repaired-phone-{scheme}")
    # it works: a scene is made and stored
    page.fill(".svod-empty input[name=name]", "После починки")
    page.click(".svod-empty .svod-newscene__create")
    wait_ready(page, BOOT_MS)
    assert [json.loads(r["text"])["name"] for r in stored(page)] == ["После починки"]
    # the party's page: told the same, in its own words; never «the engine did not start»
    page.goto(base_url + "party/")
    page.wait_for_selector(".svod-party[data-state=ready]", timeout=BOOT_MS)
    text = page.locator(".svod-party").inner_text()
    assert "Хранилище партии" in text and "без своих таблиц" in text and "Движок правил" not in text
    shot(page, f"party-db-repaired-phone-{scheme}")
    # in English too
    page.goto(base_url + "en/party/")
    page.wait_for_selector(".svod-party[data-state=ready]", timeout=BOOT_MS)
    assert "did not start" not in page.locator(".svod-party").inner_text()
    assert not page.svod_errors


def test_a_database_of_another_version_is_read_as_it_is_and_told(new_context, base_url):
    ctx, page = phone(new_context)
    page.goto(base_url)
    page.evaluate("""(name) => new Promise((resolve, reject) => {
        const r = indexedDB.open(name, 5);
        r.onupgradeneeded = () => { r.result.createObjectStore('scenes', {keyPath: 'id'});
                                    r.result.createObjectStore('meta', {keyPath: 'key'}); };
        r.onsuccess = () => { r.result.close(); resolve(); }; r.onerror = () => reject(r.error); })""", SCENES_DB)
    plant(page, {"id": "sv5", "name": "Пятая", "created": 1, "updated": 2, "rev": 3,
                 "text": scene_state.dump(scene_state.new_scene("Пятая"))}, current=True)
    open_page(page, base_url)
    wait_ready(page, BOOT_MS)
    assert "другой версии (5)" in page.locator(".svod-scene__notice").inner_text()
    assert page.evaluate("svodScene.cur.scene.name") == "Пятая"
    assert "не даёт хранить" not in page.locator(".svod-scene__notice").inner_text()  # kept on the device, not in memory
    assert not page.svod_errors


# ---- a write that fails ----------------------------------------------------------------------------

FULL = """() => { IDBObjectStore.prototype.put = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"""


def test_a_party_write_that_fails_keeps_the_party_and_says_so(new_context, base_url):
    sc, ev = scene_engine.apply(scene_state.new_scene("x"), {"type": "add_character", "character": {"name": "Маша", "system": "serial"}})
    member = api.handle({"op": "scene", "cmd": "party", "do": "carry", "scene": scene_state.dump(sc),
                         "character": sc["characters"][0]["id"]})["result"]["member"]
    text = api.handle({"op": "scene", "cmd": "party", "do": "add", "party": scene_party.dump(scene_party.new_party()),
                       "member": member, "reply": "text"})["result"]["party_text"]
    ctx, page = phone(new_context)
    page.goto(base_url)
    plant(page, {"id": "party", "name": "party", "created": 1, "updated": 2, "rev": 1, "text": text}, db=PARTY_DB)
    page.goto(base_url + "party/")
    page.wait_for_selector(".svod-party[data-state=ready]", timeout=BOOT_MS)
    page.evaluate(FULL)
    page.click(".svod-party__item [data-act=duplicate]")
    err = page.locator(".svod-party__err")
    err.wait_for(state="visible", timeout=STEP_MS)
    assert "Не сохранено (QuotaExceededError)" in err.inner_text() and "осталась, какой была" in err.inner_text()
    assert [m["name"] for m in stored_party(page)["members"]] == ["Маша"]
    assert not page.svod_errors
