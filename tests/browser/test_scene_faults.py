"""The scene page when things go wrong, in a real browser at phone size: the device refuses to
store, two tabs act in the same millisecond, the engine does not start, dies or goes silent
mid-action, a stored record has any shape at all. Nothing the Storyteller did is lost or undone
by mistake, and every fault has a way out."""

from __future__ import annotations

import json
from pathlib import Path

from rules_core.scene import state as scene_state
from .scene_page import (SETTLED, add_character, export, go, new_scene, notes_at_once, open_note, open_page, phone,
    put_record, scene, sheet_closed, sheet_outcome, stored, stored_notes, wait_ready)
from .waits import BOOT_MS, STEP_MS


def add_note(page, text):
    page.click(".svod-scene__controls [data-act=note]")
    page.wait_for_selector("dialog[open][data-action=note]")
    page.fill("dialog [name=text]", text)
    page.wait_for_selector("dialog[open][data-preview=done]", timeout=STEP_MS)
    return go(page)


def status(page) -> str:
    return page.locator(".svod-scene__status").inner_text()


def notice(page) -> str:
    box = page.locator(".svod-scene__notice")
    return box.inner_text() if box.is_visible() else ""


# ---- the device refuses to store --------------------------------------------------------------

FULL = """() => { window.__put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"""


def test_a_failed_save_exports_what_is_seen_and_its_notice_clears_once_saved(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Квота")
    add_character(page, "Маша", "serial")
    page.evaluate(FULL)
    add_note(page, "Записано после сбоя")
    assert "Не сохранено" in status(page) + notice(page)
    shown = page.evaluate("svodScene.cur.text")
    assert "Записано после сбоя" in shown and "Записано после сбоя" not in stored(page)[0]["text"]
    # «В файл» from the scenes list, and the notice's own: the scene as the page shows it
    assert export(page) == shown
    with page.expect_download() as dl:
        page.click(".svod-scene__notice [data-act=export-current]")
    assert Path(dl.value.path()).read_text(encoding="utf-8") == shown
    # the device stores again: the next change is saved, and nothing says it is not
    page.evaluate("() => { IDBObjectStore.prototype.put = window.__put; }")
    page.click("[data-act=next_round]")
    page.wait_for_function("svodScene.cur.scene.round === 2", timeout=STEP_MS)
    wait_ready(page)
    assert stored(page)[0]["text"] == page.evaluate("svodScene.cur.text")
    assert "Не сохранено" not in status(page) + notice(page) and "Не удалось сохранить" not in notice(page)
    assert not page.svod_errors


# ---- two tabs at once ----------------------------------------------------------------------------

#: the tab is at rest on the scene's stored revision (nothing of its own to write, the other tab's
#: last write read)
AT_STORED = """() => new Promise((resolve) => { const r = indexedDB.open('svod-scenes@/svod/');
    r.onsuccess = () => { const q = r.result.transaction('scenes', 'readonly').objectStore('scenes').getAll();
        q.onsuccess = () => { r.result.close(); const cur = svodScene.cur;
            resolve(!svodScene.busy && !!cur && cur.checked
                    && q.result.some(x => x.id === cur.rec.id && x.rev === cur.rec.rev)); }; }; })"""


def test_two_tabs_acting_in_the_same_millisecond_lose_nothing_and_undo_only_their_own(new_context, base_url):
    ctx = new_context(viewport={"width": 360, "height": 740})
    a = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors = []
    a.on("pageerror", lambda e: errors.append(str(e)))
    open_page(a, base_url)
    new_scene(a, "Две вкладки")
    b = ctx.new_page()
    b.on("pageerror", lambda e: errors.append(str(e)))
    open_page(b, base_url)
    wait_ready(b)
    tabs = {"A": a, "B": b}
    applied = []
    for i in range(8):
        outcome = notes_at_once(tabs, i)
        notes = stored_notes(a)
        for name, o in outcome.items():
            if o["result"]:
                # shown as done: it is kept, and its «Отменить» is there
                assert f"{name}{i}" in notes, (i, name, o, notes)
                assert o["undo"]
                applied.append(f"{name}{i}")
            else:
                # refused: no result, nothing to undo, and not in the scene
                assert o["errors"] and not o["undo"], (i, name, o)
                assert f"{name}{i}" not in notes, (i, name, notes)
        assert any(o["result"] for o in outcome.values()), outcome
        # a tab's «Отменить» of its result, after the other tab wrote, never takes the other's note
        winner = next(n for n, o in outcome.items() if o["result"])
        other = "B" if winner == "A" else "A"
        if not outcome[other]["result"]:
            tabs[other].click("dialog [data-act=close]")
            sheet_closed(tabs[other])
            tabs[other].wait_for_function("() => svodScene.cur && svodScene.cur.checked && !svodScene.busy", timeout=STEP_MS)
            open_note(tabs[other], f"{other}{i}+")
            tabs[other].click("dialog .svod-go")
            tabs[other].wait_for_function(SETTLED, timeout=STEP_MS)
            assert sheet_outcome(tabs[other])["result"]
            applied.append(f"{other}{i}+")
            tabs[winner].wait_for_function("(t) => svodScene.cur.scene.log.some(e => e.action.text === t)", arg=f"{other}{i}+",
                                           timeout=STEP_MS)
        before = stored_notes(a)
        tabs[winner].click("dialog [data-act=undo-this]")
        tabs[winner].wait_for_function("() => !svodScene.busy && svodScene.cur.checked", timeout=STEP_MS)
        for p in tabs.values():  # both tabs at rest on the revision stored last
            p.wait_for_function(AT_STORED, timeout=STEP_MS)
        after = stored_notes(a)
        mine = f"{winner}{i}"
        # only its own note may go, and only while it is the last action; the other tab's stays
        assert [n for n in before if n != mine] == [n for n in after if n != mine], (before, after)
        if before[-1] != mine:
            assert after == before
        else:
            applied.remove(mine)
        for p in tabs.values():
            if p.locator("dialog[open]").count():
                p.click("dialog [data-act=close]")
                sheet_closed(p)
    final = stored_notes(a)
    assert sorted(final) == sorted(applied), (final, applied)
    for p in tabs.values():
        p.wait_for_function("(t) => svodScene.cur.text === t", arg=stored(a)[0]["text"], timeout=STEP_MS)
    assert not errors


# ---- every fault has a way out ------------------------------------------------------------------

def test_retry_after_the_engine_failed_to_start_starts_over(new_context, base_url, tmp_path):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "После сбоя")
    add_character(page, "Маша", "serial")
    text = page.evaluate("svodScene.cur.text")
    # the next start fails: the engine's boot watchdog at 1 ms
    ctx.add_init_script("if (!sessionStorage.getItem('svod-test-boot')) window.SVOD_CALC_WATCHDOG_MS = 1;")
    page.reload()
    page.wait_for_function("window.svodCalc && svodCalc.rt.state === 'error'", timeout=BOOT_MS)
    retry = page.locator(".svod-scene__status [data-act=retry]")
    retry.wait_for(timeout=STEP_MS)
    # not a blank page: the scene is named, and can be downloaded as it is
    main = page.locator(".svod-scene__main")
    assert "После сбоя" in main.inner_text()
    # told that it is shown once checked and can be downloaded, not that it can be read: it is not drawn
    for said in (main.inner_text(), status(page)):
        assert "показывается, только когда он её проверит" in said and "можно смотреть" not in said, said
    with page.expect_download() as dl:
        main.locator("[data-act=download-raw]").click()
    assert Path(dl.value.path()).read_text(encoding="utf-8") == text
    # a new scene or one from a file while the engine is down: told why, nothing done
    page.click(".svod-scene__name")
    form = page.locator("dialog .svod-newscene")
    form.locator("input[name=name]").fill("Не выйдет")
    form.locator(".svod-newscene__create").click()
    err = form.locator(".svod-err")
    err.wait_for(state="visible", timeout=STEP_MS)
    assert "Движок правил" in err.inner_text()
    f = tmp_path / "scene.json"
    f.write_text(text, encoding="utf-8")
    form.locator("input[type=file]").set_input_files(str(f))
    page.wait_for_function("document.querySelector('dialog .svod-newscene .svod-err').textContent.includes('не импортирован')",
                           timeout=STEP_MS)
    assert "Движок правил" in err.inner_text()
    page.click("dialog [data-act=close]")
    assert len(stored(page)) == 1
    # «Повторить»: from nothing, the engine, the spec, the scene
    page.evaluate("sessionStorage.setItem('svod-test-boot', '1'); window.SVOD_CALC_WATCHDOG_MS = 0;")
    retry.click()
    wait_ready(page, BOOT_MS)
    assert page.evaluate("svodScene.cur.text") == text
    assert page.locator(".svod-card").count() == 1
    assert not page.locator(".svod-scene__controls [data-act=add]").is_disabled()
    add_note(page, "Снова работает")


def test_a_worker_that_dies_mid_action_is_found_reported_and_restarted(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Умер воркер")
    add_character(page, "Маша", "serial")
    page.click(".svod-scene__controls [data-act=note]")
    page.wait_for_selector("dialog[open][data-action=note]")
    page.fill("dialog [name=text]", "после перезапуска")
    page.wait_for_selector("dialog[open][data-preview=done]", timeout=STEP_MS)
    boots = page.evaluate("svodCalc.rt.boots")
    # the worker dies without a word; calls to it would wait forever
    page.evaluate("window.SVOD_CALL_WATCHDOG_MS = 2000; svodCalc.rt.worker.terminate();")
    page.click("dialog .svod-go")
    err = page.locator("dialog .svod-sheet__errors")
    err.wait_for(state="visible", timeout=STEP_MS)
    assert "перестал отвечать" in err.inner_text()
    assert "Считаю" not in status(page)
    # restarted by the page: the action goes through
    page.wait_for_function("(n) => svodCalc.rt.boots > n && svodCalc.rt.state === 'ready'", arg=boots, timeout=BOOT_MS)
    page.click("dialog .svod-go")
    page.wait_for_selector("dialog[data-done='1'] .svod-result:not([hidden])", timeout=STEP_MS)
    assert scene(page)["log"][-1]["action"]["text"] == "после перезапуска"
    assert not page.svod_errors


def _record(rid, name, text):
    return {"id": rid, "name": name, "created": 1, "updated": 2, "rev": 1, "text": text}


ODD = {
    "characters: 5": {"characters": 5},
    "characters: [null]": {"characters": [None]},
    "log: abc": {"log": "abc"},
    "round: -1, next_id: x": {"round": -1, "next_id": "x"},
    "a character without a view": "no-view",
}


def test_a_stored_record_of_any_shape_is_checked_before_it_is_drawn(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    good = scene_state.new_scene("Годная")
    for label, change in ODD.items():
        sc = {**json.loads(json.dumps(good)), "name": label}
        if change == "no-view":
            sc["characters"] = [{"id": "c1", "name": "Без вида", "system": "serial", "stats": {}, "state": {}}]
        else:
            sc.update(change)
        text = json.dumps(sc, ensure_ascii=False)
        put_record(page, _record("sodd" + str(len(label)), label, text))
        page.reload()
        page.wait_for_selector(".svod-scene[data-state=broken]", timeout=BOOT_MS)
        box = page.locator(".svod-broken")
        assert "Сцена не читается" in box.inner_text() and label in box.inner_text(), label
        assert box.locator(".svod-broken__why").inner_text().strip(), label  # the engine's words
        with page.expect_download() as dl:
            box.locator("[data-act=download-raw]").click()
        assert Path(dl.value.path()).read_text(encoding="utf-8") == text
        assert page.locator(".svod-card").count() == 0
    assert not page.svod_errors
