"""The party and the players in the browser, at 360×740: an import of a scene the phone has already
asks (replace, keep both, cancel); a party of four made once from a scene's cards, brought into two
more scenes (the scene's «Из партии…», the party page's «в сцену»), an NPC copied; everything to a file
and restored into an empty profile; an unreadable party kept."""

from __future__ import annotations

import json
from pathlib import Path

from rules_core import api

from .scene_page import (PHONE, act, add_character, assert_fits, card, char, export, new_scene, open_page, phone,
    put_party, scene, sheet_closed, stored, stored_party, wait_ready)
from .waits import BOOT_MS, STEP_MS


def import_file(page, path):
    page.click(".svod-scene__name")
    page.locator("dialog .svod-newscene input[type=file]").set_input_files(str(path))


def test_importing_a_scene_already_on_the_phone_asks(new_context, base_url, tmp_path, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Порт")
    text = export(page)
    f = tmp_path / "Порт.svod-scene.json"
    f.write_text(text, encoding="utf-8")
    # cancel: nothing new stored
    import_file(page, f)
    ask = page.locator("dialog .svod-ask")
    ask.wait_for(timeout=STEP_MS)
    assert "уже есть сцена «Порт»" in ask.inner_text()
    shot(page, "party-import-asks-phone-light")
    ask.locator("[data-ask=cancel]").click()
    page.wait_for_selector(".svod-toast:not([hidden])")
    assert "Ничего не импортировано" in page.locator(".svod-toast").inner_text()
    assert len(stored(page)) == 1
    # keep both: two scenes of that name
    ask.page.locator("dialog .svod-newscene input[type=file]").set_input_files(str(f))
    page.locator("dialog .svod-ask [data-ask=keep]").click()
    page.wait_for_function("document.querySelectorAll('.svod-scene').length && !document.querySelector('.svod-sheet').open",
                           timeout=STEP_MS)
    wait_ready(page)
    assert [json.loads(r["text"])["name"] for r in stored(page) if not r.get("deletedAt")] == ["Порт", "Порт"]
    # replace: the new one stored, the one replaced deleted (restorable), still two live records no more
    import_file(page, f)
    page.locator("dialog .svod-ask [data-ask=replace]").click()
    # the toast of this import (the one of «keep both» may still be up on a loaded machine)
    page.wait_for_function("() => { const t = document.querySelector('.svod-toast');"
                           " return !!t && !t.hidden && t.textContent.includes('заменена'); }", timeout=STEP_MS)
    wait_ready(page)
    assert "заменена" in page.locator(".svod-toast").inner_text()
    recs = stored(page)
    assert len(recs) == 3 and sum(1 for r in recs if r.get("deletedAt")) == 1
    assert scene(page)["name"] == "Порт"
    assert not page.svod_errors


def test_importing_in_english_asks_in_english(new_context, base_url, tmp_path):
    ctx, page = phone(new_context)
    open_page(page, base_url, "en/")
    new_scene(page, "Dock")
    f = tmp_path / "Dock.svod-scene.json"
    f.write_text(export(page), encoding="utf-8")
    import_file(page, f)
    ask = page.locator("dialog .svod-ask")
    ask.wait_for(timeout=STEP_MS)
    assert "has a scene “Dock” already" in ask.inner_text()
    assert [b.inner_text() for b in ask.locator("button").all()] == ["Replace", "Keep both", "Cancel"]


# ---- the party ---------------------------------------------------------------------------------

PARTY_READY = ".svod-party[data-state=ready], .svod-party[data-state=broken]"


def open_party(page, base_url, lang=""):
    page.goto(base_url + lang + "party/")
    page.wait_for_selector(PARTY_READY, timeout=BOOT_MS)


def save_to_party(page, name):
    card(page, name).locator("[data-act=menu]").click()
    page.click("dialog[open] [data-act=party-save]")
    page.wait_for_selector("dialog[open][data-kind=party-save] [data-act=party-store]", timeout=STEP_MS)
    changes = page.locator("dialog[open] .svod-sheet__body").inner_text()
    page.click("dialog[open] [data-act=party-store]")
    sheet_closed(page)
    return changes


def party_names(page):
    return page.locator(".svod-party__name").all_inner_texts()


def test_a_party_of_four_made_once_brought_into_two_scenes_an_npc_copied_and_everything_restored(
        new_context, base_url, tmp_path, shot):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Порт")
    for name, system in (("Маша", "serial"), ("Фома", "lysogorsk"), ("Лиза", "codex"), ("Громила", "wod")):
        add_character(page, name, system)
    act(page, "Маша", "damage", {"portions": "4, 3"})
    hurt = char(scene(page), "Маша")["state"]
    said = save_to_party(page, "Маша")
    assert "УП" in said and "конец сцены" in said  # what changes, and the rule that changes it
    for name in ("Фома", "Лиза", "Громила"):
        save_to_party(page, name)
    party = stored_party(page)
    assert [m["name"] for m in party["members"]] == ["Маша", "Фома", "Лиза", "Громила"]
    masha = party["members"][0]["state"]
    assert masha["health"] == hurt["health"] and masha["absorption"] == 2  # Здоровье stays, УП back to the base
    # the same name again: asked
    card(page, "Маша").locator("[data-act=menu]").click()
    page.click("dialog[open] [data-act=party-save]")
    page.click("dialog[open] [data-act=party-store]")
    page.locator("dialog[open] .svod-ask").wait_for(timeout=STEP_MS)
    assert "уже есть «Маша»" in page.locator("dialog[open] .svod-ask").inner_text()
    page.click("dialog[open] [data-ask=cancel]")
    page.click("dialog[open] [data-act=close]")
    sheet_closed(page)
    assert len(stored_party(page)["members"]) == 4
    # a copy of the NPC in the scene: «Громила 2», unhurt, logged
    card(page, "Громила").locator("[data-act=menu]").click()
    page.click("dialog[open] [data-act=party-duplicate]")
    page.wait_for_function("svodScene.cur.scene.characters.some(c => c.name === 'Громила 2')", timeout=STEP_MS)
    wait_ready(page)
    assert scene(page)["log"][-1]["action"]["type"] == "add_character"
    # the second scene: «+ Персонаж» → «Из партии…», all four at once
    new_scene(page, "Склад")
    page.click(".svod-scene__controls [data-act=add]")
    page.click("dialog[open] [data-act=party-pick]")
    page.wait_for_selector("dialog[open][data-kind=party-pick]")
    shot(page, "party-pick-phone-light")
    for box in page.locator("dialog[open] input[name=member]").all():
        box.check()
    page.click("dialog[open] [data-act=party-add]")
    page.wait_for_function("svodScene.cur.scene.characters.length === 4", timeout=STEP_MS)
    wait_ready(page)
    sc = scene(page)
    assert [c["name"] for c in sc["characters"]] == ["Маша", "Фома", "Лиза", "Громила"]
    assert char(sc, "Маша")["state"]["health"] == hurt["health"]
    # the third scene, from the party page: two ticked, into the scene open there
    new_scene(page, "Лес")
    open_party(page, base_url)
    assert party_names(page) == ["Маша", "Фома", "Лиза", "Громила"]
    assert "«Лес»" in page.locator("[data-act=to-scene]").inner_text()
    page.locator(".svod-party__item", has_text="Маша").locator("input[name=member]").check()
    page.locator(".svod-party__item", has_text="Фома").locator("input[name=member]").check()
    page.click("[data-act=to-scene]")
    page.wait_for_selector(".svod-toast:not([hidden])", timeout=STEP_MS)
    les = next(json.loads(r["text"]) for r in stored(page) if json.loads(r["text"])["name"] == "Лес")
    assert [c["name"] for c in les["characters"]] == ["Маша", "Фома"]
    # a copy in the party
    page.locator(".svod-party__item", has_text="Громила").locator("[data-act=duplicate]").click()
    page.wait_for_function("[...document.querySelectorAll('.svod-party__name')].some(e => e.textContent === 'Громила 2')",
                           timeout=STEP_MS)
    persist = page.locator(".svod-party__persist").inner_text()
    assert any(w in persist for w in ("постоянно", "не говорит"))
    assert "семь дней" in page.locator(".svod-party__safari").inner_text()
    shot(page, "party-page-phone-light", full_page=True)
    assert_fits(page, "party page")
    # everything to a file, restored into an empty profile
    with page.expect_download() as dl:
        page.click("[data-act=backup]")
    backup = tmp_path / "svod.svod-backup.json"
    backup.write_bytes(Path(dl.value.path()).read_bytes())
    scenes_before = sorted(r["text"] for r in stored(page))
    party_before = stored_party(page)
    assert not page.svod_errors
    ctx2, page2 = phone(new_context, "dark")
    open_party(page2, base_url)
    assert party_names(page2) == [] and stored(page2) == []
    page2.locator("#svod-backup-file").set_input_files(str(backup))
    page2.wait_for_function("document.querySelector('.svod-toast') && !document.querySelector('.svod-toast').hidden",
                            timeout=STEP_MS)
    assert "сцен — 3" in page2.locator(".svod-toast").inner_text()
    page2.wait_for_function("document.querySelectorAll('.svod-party__name').length === 5", timeout=STEP_MS)
    assert sorted(r["text"] for r in stored(page2)) == scenes_before
    assert stored_party(page2) == party_before
    shot(page2, "party-page-phone-dark", full_page=True)
    # and again: nothing doubles (the same texts are skipped)
    page2.evaluate("document.querySelector('.svod-toast').hidden = true")
    page2.locator("#svod-backup-file").set_input_files(str(backup))
    page2.wait_for_function("document.querySelector('.svod-toast').textContent.includes('сцен — 0, персонажей партии — 0')",
                            timeout=STEP_MS)
    assert len(stored(page2)) == 3 and stored_party(page2) == party_before
    # a party that differs: asked before its members are added
    page2.locator(".svod-party__item", has_text="Маша").locator("[data-act=remove]").click()
    page2.click(".svod-ask [data-ask=remove]")
    page2.wait_for_function("document.querySelectorAll('.svod-party__name').length === 4", timeout=STEP_MS)
    page2.locator("#svod-backup-file").set_input_files(str(backup))
    page2.locator(".svod-ask").wait_for(timeout=STEP_MS)
    page2.click(".svod-ask [data-ask=merge]")
    page2.wait_for_function("document.querySelector('.svod-toast').textContent.includes('персонажей партии — 1')",
                            timeout=STEP_MS)
    page2.wait_for_function("document.querySelectorAll('.svod-party__name').length === 5", timeout=STEP_MS)
    assert sorted(party_names(page2)) == sorted(["Маша", "Фома", "Лиза", "Громила", "Громила 2"])
    assert not page2.svod_errors


def test_a_backup_that_is_not_one_is_refused_with_words(new_context, base_url, tmp_path):
    ctx, page = phone(new_context)
    open_party(page, base_url, "en/")
    for content, words in (("{", "Not JSON"), ('{"format": "svod-scene"}', "This is a scene file, not"), ('{"format": "svod-x"}', "Not a Svod"),
                           ('{"format": "svod-backup", "version": 9, "scenes": [], "party": null}', "another version"),
                           ('{"format": "svod-backup", "version": 1, "scenes": [{"id": "../x"}], "party": null}',
                            "no. 1 was not restored: the field “id”")):
        f = tmp_path / "x.json"
        f.write_text(content, encoding="utf-8")
        page.locator("#svod-backup-file").set_input_files(str(f))
        page.wait_for_function("(w) => document.querySelector('.svod-party__keeperr').textContent.includes(w)", arg=words,
                               timeout=STEP_MS)
    assert stored(page) == [] and stored_party(page) is None


def test_an_unreadable_party_is_kept_shown_and_downloadable(new_context, base_url):
    ctx, page = phone(new_context)
    open_party(page, base_url)
    page.evaluate("""() => new Promise((resolve, reject) => {
        const r = indexedDB.open('svod-party@/svod/', 1);
        r.onsuccess = () => { const tx = r.result.transaction('scenes', 'readwrite');
            tx.objectStore('scenes').put({id: 'party', rev: 7, text: '{"format": "svod-party", "version": 1, "next_id": 1, "members": [{"name": "<img src=x onerror=alert(1)>"}]}'});
            tx.oncomplete = () => { r.result.close(); resolve(); }; tx.onerror = () => reject(tx.error); };
        r.onerror = () => reject(r.error); })""")
    page.reload()
    page.wait_for_selector(".svod-party[data-state=broken]", timeout=BOOT_MS)
    assert "не прочесть" in page.locator(".svod-party__status").inner_text()
    assert page.locator(".svod-party img").count() == 0
    with page.expect_download() as dl:
        page.click("[data-act=raw]")
    assert "onerror" in Path(dl.value.path()).read_text(encoding="utf-8")
    assert page.evaluate("svodParty.cur.rec.rev") == 7


PERSIST_STUB = """(answer) => { window.persistAsked = 0;
    Object.defineProperty(navigator, 'storage', {configurable: true, value: {
        persisted: async () => false,
        persist: async () => { window.persistAsked += 1; return answer; },
        estimate: async () => ({usage: 0, quota: 1e9})}}); }"""


def test_persistent_storage_is_asked_for_and_its_answer_told(new_context, base_url):
    ctx, page = phone(new_context)
    # a browser that has not granted it yet and grants it when asked
    ctx.add_init_script(f"({PERSIST_STUB})(true)")
    open_party(page, base_url)
    persist = page.locator(".svod-party__persist")
    assert persist.get_attribute("data-persist") == "false"
    assert "не обещал хранить их постоянно" in persist.inner_text()
    persist.locator("[data-act=persist]").click()
    page.wait_for_selector(".svod-party__persist[data-persist=true]", timeout=STEP_MS)
    assert page.evaluate("window.persistAsked") == 1
    assert "разрешил хранить их постоянно" in persist.inner_text() and persist.locator("button").count() == 0
    # in English, a browser without the API: it says it cannot tell
    ctx2, page2 = phone(new_context)
    ctx2.add_init_script("Object.defineProperty(navigator, 'storage', {configurable: true, value: undefined})")
    open_party(page2, base_url, "en/")
    assert page2.locator(".svod-party__persist").get_attribute("data-persist") == "null"
    assert "does not say whether it will keep them" in page2.locator(".svod-party__persist").inner_text()
    assert not page.svod_errors and not page2.svod_errors


def masha_in_two_tabs(new_context, base_url):
    """A party of one («Маша») stored, and the party page open on two tabs: (party text, tab, other tab)."""
    new = api.handle({"op": "scene", "cmd": "party", "do": "new", "reply": "text"})["result"]["party_text"]
    one = api.handle({"op": "scene", "cmd": "party", "do": "add", "party": new, "reply": "text",
                      "member": {"name": "Маша", "system": "serial"}})["result"]["party_text"]
    ctx, page = phone(new_context)
    open_party(page, base_url)
    put_party(page, one)
    page.reload()
    page.wait_for_function("document.querySelectorAll('.svod-party__name').length === 1", timeout=BOOT_MS)
    other = ctx.new_page()
    other.set_viewport_size(PHONE)
    open_party(other, base_url)
    return one, page, other


def test_the_party_in_two_tabs_the_other_told_and_a_stale_write_refused(new_context, base_url):
    one, page, other = masha_in_two_tabs(new_context, base_url)
    assert party_names(other) == ["Маша"]
    old_rev = other.evaluate("svodParty.cur.rec.rev")
    # a copy made in one tab: the other redraws it, unasked
    page.locator(".svod-party__item", has_text="Маша").locator("[data-act=duplicate]").click()
    other.wait_for_function("document.querySelectorAll('.svod-party__name').length === 2", timeout=STEP_MS)
    assert party_names(other) == ["Маша", "Маша 2"]
    # a write over the revision the other tab had before: refused, the party as the first tab left it
    err = other.evaluate("""async ([rev, text]) => {
        const m = await import(new URL('assets/calc/party-store.mjs', location.href.split('party/')[0]).href);
        const cur = await m.readParty();
        try { await m.writeParty({...cur.rec, rev}, text); return null; } catch (e) { return e.name; } }""", [old_rev, one])
    assert err == "StaleError"
    assert [m["name"] for m in stored_party(other)["members"]] == ["Маша", "Маша 2"]
    assert not page.svod_errors


def test_a_question_asked_in_one_tab_outlives_the_other_tabs_change(new_context, base_url):
    """«Убрать?» waits on one tab while another tab copies a member: the list redraws with the copy,
    the question stays on screen and its answer still removes the one asked about."""
    _, page, other = masha_in_two_tabs(new_context, base_url)
    page.locator(".svod-party__item", has_text="Маша").locator("[data-act=remove]").click()
    question = page.locator(".svod-party__err .svod-ask")
    question.wait_for(timeout=STEP_MS)
    assert "Маша" in question.inner_text()
    other.locator(".svod-party__item", has_text="Маша").locator("[data-act=duplicate]").click()
    page.wait_for_function("document.querySelectorAll('.svod-party__name').length === 2", timeout=STEP_MS)
    assert question.is_visible(), "the other tab's change redrew the question away"
    question.locator("[data-ask=remove]").click()
    page.wait_for_function("document.querySelectorAll('.svod-party__name').length === 1", timeout=STEP_MS)
    assert party_names(page) == ["Маша 2"]
    other.wait_for_function("document.querySelectorAll('.svod-party__name').length === 1", timeout=STEP_MS)
    assert party_names(other) == ["Маша 2"]
    assert page.locator(".svod-party__err").is_hidden()
    assert not page.svod_errors


def test_the_party_to_a_file_and_back_asks_about_a_namesake(new_context, base_url, tmp_path):
    new = api.handle({"op": "scene", "cmd": "party", "do": "new", "reply": "text"})["result"]["party_text"]
    two = new
    for name in ("Маша", "Громила"):
        two = api.handle({"op": "scene", "cmd": "party", "do": "add", "party": two, "reply": "text",
                          "member": {"name": name, "system": "serial"}})["result"]["party_text"]
    ctx, page = phone(new_context)
    open_party(page, base_url)
    put_party(page, two)
    page.reload()
    page.wait_for_function("document.querySelectorAll('.svod-party__name').length === 2", timeout=BOOT_MS)
    with page.expect_download() as dl:
        page.click("[data-act=export]")
    f = tmp_path / "party.json"
    f.write_bytes(Path(dl.value.path()).read_bytes())
    # another phone: the party arrives whole
    ctx2, page2 = phone(new_context, "dark")
    open_party(page2, base_url)
    page2.locator("#svod-party-file").set_input_files(str(f))
    page2.wait_for_function("document.querySelectorAll('.svod-party__name').length === 2", timeout=STEP_MS)
    assert party_names(page2) == ["Маша", "Громила"]
    assert stored_party(page2)["members"] == json.loads(two)["members"]
    # the same file again: each namesake asked about — kept both for Маша, cancelled for Громила
    page2.evaluate("document.querySelector('.svod-toast').hidden = true")
    page2.locator("#svod-party-file").set_input_files(str(f))
    ask = page2.locator(".svod-party__err .svod-ask")
    ask.wait_for(timeout=STEP_MS)
    assert "уже есть «Маша»" in ask.inner_text()
    ask.locator("[data-ask=keep_both]").click()
    page2.wait_for_function("document.querySelector('.svod-party__err .svod-ask') && "
                            "document.querySelector('.svod-party__err .svod-ask').textContent.includes('Громила')", timeout=STEP_MS)
    page2.click(".svod-party__err .svod-ask [data-ask=cancel]")
    page2.wait_for_function("document.querySelector('.svod-toast').textContent.includes('Добавлено в партию: 1')",
                            timeout=STEP_MS)
    assert party_names(page2) == ["Маша", "Громила", "Маша 2"]
    assert not page.svod_errors and not page2.svod_errors
