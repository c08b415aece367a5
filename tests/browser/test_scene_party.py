"""The party and the players in the browser, at 360×740: an import of a scene the phone has already
asks (replace, keep both, cancel)."""

from __future__ import annotations

import json

from .test_scene import (BOOT_MS, STEP_MS, export, new_scene, open_page, phone, scene, stored,
                         wait_ready)


def import_file(page, path):
    page.click(".svod-scene__name")
    page.locator("dialog .svod-newscene input[type=file]").set_input_files(str(path))


def test_importing_a_scene_already_on_the_phone_asks(new_context, base_url, tmp_path, artifacts):
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
    page.screenshot(path=str(artifacts / "party-import-asks-phone-light.png"))
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
    page.wait_for_selector(".svod-toast:not([hidden])")
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
