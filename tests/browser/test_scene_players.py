"""The players' view in the browser, at 360×740: the Storyteller's «Игрокам» makes a link (the scene in
its fragment, compressed) and draws its QR code (decoded back here by jsqr, a kept npm library, to the
same link); a second browser, offline, opens it as «вид игрока» with the opponents' numbers hidden,
then shown; a player takes his own character into his party; a link beyond the bound, a corrupted
one and a hostile one are refused with a clear message, nothing run, nothing stored; «для стола»."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

from rules_core import api
from rules_core.scene import table as table_format

from .conftest import ROOT
from .scene_page import PHONE, open_page, phone, put_record, stored_party, wait_ready
from .waits import BOOT_MS, READY, STEP_MS

JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"


def fight_text():
    """A scene with Маша (party, hurt) and Громила (opponents), the fight begun."""
    sc = api.handle({"op": "scene", "cmd": "new", "name": "Порт"})["result"]["scene"]
    for action in ({"type": "add_character", "character": {"name": "Маша", "system": "serial"}},
                   {"type": "add_character", "character": {"name": "Громила", "system": "serial", "side": "opponents",
                                                           "stats": {"stamina": 4, "health_max": 9}}},
                   {"type": "damage", "character": "c1", "portions": [4, 3]},
                   {"type": "next_turn"}):
        res = api.handle({"op": "scene", "cmd": "apply", "scene": sc, "action": action, "reply": "text"})
        assert res["ok"], res
        sc = json.loads(res["result"]["scene_text"])
    return res["result"]["scene_text"]


def storyteller(new_context, base_url, scheme="light", lang=""):
    ctx, page = phone(new_context, scheme)
    open_page(page, base_url, lang)
    put_record(page, {"id": "s1", "name": "Порт", "created": 1, "updated": 1, "rev": 1, "text": fight_text()})
    page.reload()
    wait_ready(page, BOOT_MS)
    return ctx, page


def open_share(page):
    page.click(".svod-scene__controls [data-act=party-share]")
    page.wait_for_selector("dialog[open][data-kind=party-share][data-link=done]", timeout=STEP_MS)
    return page.locator("dialog .svod-party__link").input_value()


def decode_qr(page):
    page.add_script_tag(path=str(JSQR))
    return page.evaluate("""() => { const c = document.querySelector('dialog .svod-party__qrcode');
        const img = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        const got = jsQR(img.data, c.width, c.height); return got && got.data; }""")


def nothing_kept(page):
    """No database of the site's made, nothing in its local storage: the page kept nothing."""
    dbs = page.evaluate("indexedDB.databases().then(l => l.map(d => d.name))")
    return not [d for d in dbs if d.startswith("svod-")] and page.evaluate("localStorage.length") == 0


def rows(page):
    return {r.locator(".svod-players__name").inner_text(): r.inner_text() for r in page.locator(".svod-players__row").all()}


def player(new_context, base_url, scheme="light"):
    """A player's phone that has opened the site once (so it opens offline), then offline."""
    ctx, page = phone(new_context, scheme)
    page.goto(base_url + "table/")
    page.wait_for_function(READY, timeout=120_000)
    ctx.set_offline(True)
    return ctx, page


def test_the_link_and_its_qr_code_open_offline_as_the_players_view(new_context, base_url, shot, assert_on_host):
    ctx, page = storyteller(new_context, base_url)
    link = open_share(page)
    assert link.startswith(base_url + "table/#v1.d.")  # deflate-raw (chromium has CompressionStream)
    assert len(link.split("#", 1)[1]) <= table_format.MAX_FRAGMENT
    assert decode_qr(page) == link
    shot(page, "players-share-phone-light")
    # the opponents' numbers: hidden, then shown
    ctx2, p2 = player(new_context, base_url)
    p2.goto(link)
    p2.wait_for_selector(".svod-players[data-state=ready]", timeout=BOOT_MS)
    got = rows(p2)
    assert set(got) == {"Маша", "Громила"}
    assert "Здоровье сейчас" in got["Маша"] and "Здоровье сейчас" not in got["Громила"]
    assert "ходит" in p2.locator(".svod-players__row--acting").inner_text()
    assert p2.locator(".svod-players__now").inner_text() == "Ходит: Маша"
    assert "не показывает" in p2.locator(".svod-players").inner_text()
    shot(p2, "players-view-phone-light", full_page=True)
    page.check("dialog input[name=shown]")
    page.wait_for_function("(old) => document.querySelector('dialog .svod-party__link').value !== old", arg=link,
                           timeout=STEP_MS)
    page.wait_for_selector("dialog[data-link=done]")
    shown = page.locator("dialog .svod-party__link").input_value()
    assert decode_qr(page) == shown
    p2.goto(shown)
    p2.wait_for_function("document.querySelector('.svod-players__row') && [...document.querySelectorAll('.svod-players__row')]"
                         ".some(r => r.textContent.includes('Громила') && r.textContent.includes('Здоровье сейчас'))",
                         timeout=STEP_MS)
    assert "Здоровье сейчас: 9" in rows(p2)["Громила"]
    # the player takes his own character into his phone's party (only then is anything stored)
    assert nothing_kept(p2)
    p2.locator(".svod-players__row", has_text="Маша").locator("[data-act=take]").click()
    p2.wait_for_selector(".svod-toast:not([hidden])", timeout=STEP_MS)
    mine = stored_party(p2)["members"]
    assert [m["name"] for m in mine] == ["Маша"] and mine[0]["state"]["absorption"] == 2
    assert p2.locator(".svod-players__row", has_text="Громила").locator("[data-act=take]").count() == 0
    assert_on_host(ctx, base_url)
    assert_on_host(ctx2, base_url)
    assert not page.svod_errors and not p2.svod_errors


SHARE_STUB = """() => { window.shared = [];
    navigator.share = async (data) => { window.shared.push(data);
        if (window.shareFails) throw new DOMException('refused', window.shareFails); }; }"""


def test_the_share_sheet_sends_the_link_and_a_file_of_it_is_the_fallback_in_english(new_context, base_url):
    ctx, page = storyteller(new_context, base_url, lang="en/")
    page.evaluate(SHARE_STUB)  # a phone with the share sheet (Web Share API): what it was given is kept
    link = open_share(page)
    assert link.startswith(base_url + "en/table/#v1.d.")
    assert page.locator("dialog[open] .svod-sheet__foot button").all_inner_texts() == ["Share…", "The link to a file"]
    # the share sheet gets the link; nothing is downloaded
    page.click("dialog[open] [data-act=party-send]")
    page.wait_for_function("window.shared.length === 1", timeout=STEP_MS)
    assert page.evaluate("window.shared[0]") == {"title": "Show the players", "url": link}
    # the reader closed the share sheet (AbortError): nothing else happens
    page.evaluate("window.shareFails = 'AbortError'")
    page.click("dialog[open] [data-act=party-send]")
    page.wait_for_function("window.shared.length === 2", timeout=STEP_MS)
    # the share sheet refused (NotAllowedError): the link goes to a file instead
    page.evaluate("window.shareFails = 'NotAllowedError'")
    with page.expect_download() as dl:
        page.click("dialog[open] [data-act=party-send]")
    assert Path(dl.value.path()).read_text(encoding="utf-8") == link + "\n"
    # a browser without the share sheet: only the file, as the primary button
    page.click("dialog[open] [data-act=close]")
    page.evaluate("delete navigator.share; delete Navigator.prototype.share")
    assert open_share(page) == link
    assert page.locator("dialog[open] [data-act=party-send]").count() == 0
    assert "md-button--primary" in page.locator("dialog[open] [data-act=party-qr-file]").get_attribute("class")
    with page.expect_download() as dl:
        page.click("dialog[open] [data-act=party-qr-file]")
    assert Path(dl.value.path()).read_text(encoding="utf-8") == link + "\n"
    # the English players' view: its words English (only the names are Russian)
    p2 = ctx.new_page()
    p2.set_viewport_size(PHONE)
    p2.goto(link)
    p2.wait_for_selector(".svod-players[data-state=ready]", timeout=BOOT_MS)
    text = p2.locator(".svod-players").inner_text()
    assert p2.locator(".svod-players__now").inner_text() == "Acting: Маша"
    assert "The Storyteller does not show the opponents' numbers." in text and "Health now" in text
    for name in ("Маша", "Громила", "Порт"):
        text = text.replace(name, "")
    assert not re.search("[А-Яа-яЁё]", text), text
    assert not page.svod_errors


def fragment_of(view: dict) -> str:
    raw = json.dumps(view, ensure_ascii=False).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "v1.d." + base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")


def a_view(**change):
    sc = json.loads(fight_text())
    view = api.handle({"op": "scene", "cmd": "table", "scene": sc})["result"]["view"]
    view.update(change)
    return view


BOMB = "v1.d." + base64.urlsafe_b64encode(zlib.compress(b" " * 1_500_000, 9)[2:-4]).decode().rstrip("=")


@pytest.mark.parametrize("fragment, words", [
    ("v1.d." + "A" * (table_format.MAX_FRAGMENT + 10), "слишком длинная"),
    ("v1.d.!!!notbase64", "повреждена"),
    ("v1.d.AAAA", "повреждена"),
    ("v2.d.AAAA", "не ссылка"),
    ("javascript:alert(1)", "не ссылка"),
    (BOMB, "больше 60000"),
    (fragment_of(a_view(name="<img src=x onerror=window.pwned=1>")), None),
    (fragment_of({**a_view(), "characters": [{**c, "name": "<script>window.pwned=1</script>\u202e"}
                                             for c in a_view()["characters"]]}), "не сцена, которую мог сделать Свод"),
    (fragment_of({**a_view(), "shown": False, "characters": [
        {**c, "numbers": [{"label": {"ru": "x", "en": "x"}, "value": {"ru": "1", "en": "1"}}]} for c in a_view()["characters"]]}),
     "Числа противников скрыты"),
    (fragment_of({"format": "svod-table", "version": 1, "extra": "x"}), "не сцена, которую мог сделать Свод"),
])
def test_a_link_beyond_the_bound_corrupted_or_hostile_is_refused(new_context, base_url, fragment, words):
    ctx, page = phone(new_context)
    page.goto(base_url + "table/#" + fragment)
    page.wait_for_selector(".svod-players[data-state=refused], .svod-players[data-state=ready]", timeout=BOOT_MS)
    if words is None:  # a name that is markup is only text
        assert page.locator(".svod-players__title").inner_text().startswith("<img src=x")
        assert page.locator(".svod-players img").count() == 0
    else:
        assert page.locator(".svod-players").get_attribute("data-state") == "refused"
        assert words in page.locator(".svod-players .svod-err").inner_text()
        assert page.locator(".svod-players__row").count() == 0
    assert page.evaluate("window.pwned") is None
    assert nothing_kept(page)
    assert not page.svod_errors


def test_the_bound_is_the_engines():
    lim = api.handle({"op": "scene", "cmd": "spec"})["result"]["limits"]
    js = (ROOT / "calculators" / "table-link.mjs").read_text(encoding="utf-8")
    assert f"MAX_FRAGMENT = {lim['link_fragment']};" in js
    assert f"MAX_VIEW_CHARS = {lim['view_chars']:_};" in js


def test_the_link_without_compression_and_beyond_its_bound(new_context, base_url):
    ctx, page = storyteller(new_context, base_url)
    text = page.evaluate("svodScene.cur.text")
    view_text = api.handle({"op": "scene", "cmd": "table", "scene": text, "sheets": False})["result"]["view_text"]
    plain = page.evaluate("""async (t) => { const m = await import(new URL('assets/calc/table-link.mjs', location.href.split('scene/')[0]).href);
        return m.encodeView(t, {compress: false}); }""", view_text)
    assert plain.startswith("v1.j.")
    back = page.evaluate("""async (f) => { const m = await import(new URL('assets/calc/table-link.mjs', location.href.split('scene/')[0]).href);
        return m.decodeView(f); }""", plain)
    assert back == view_text
    # beyond the bound: refused with its length (random text: deflate cannot shrink it under the bound)
    refused = page.evaluate("""async () => { const m = await import(new URL('assets/calc/table-link.mjs', location.href.split('scene/')[0]).href);
        const r = crypto.getRandomValues(new Uint8Array(3000)); const t = JSON.stringify([...r].map((x) => x.toString(36)).join(''));
        try { await m.encodeView(t); return null; } catch (e) { return [e.code, Number(e.detail)]; } }""")
    assert refused[0] == "too_long" and refused[1] > table_format.MAX_FRAGMENT


def test_for_the_table_follows_the_scene_in_large_type(new_context, base_url, shot):
    ctx, page = storyteller(new_context, base_url, "dark")
    table = ctx.new_page()
    table.set_viewport_size(PHONE)
    table.goto(base_url + "table/#live")
    table.wait_for_selector(".svod-players--big[data-state=ready]", timeout=BOOT_MS)
    assert "Ходит:" in table.locator(".svod-players__now").inner_text()
    first = table.locator(".svod-players__now").inner_text()
    assert any(w in table.locator(".svod-players__status").inner_text() for w in ("не погаснет", "не умеет", "не дал"))
    assert "Здоровье сейчас" not in table.locator(".svod-players").inner_text()  # large type: no numbers at all
    # the phone's screen is the fight: the line of whose turn it is and every character in the order of
    # turns (by their places), all on it, below the site's header
    header = table.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    for el in [table.locator(".svod-players__now"), *table.locator(".svod-players__row").all()]:
        box = el.bounding_box()
        assert box["y"] >= header - 1 and box["y"] + box["height"] <= PHONE["height"], (el.inner_text(), box)
    assert table.locator(".svod-players__place").all_inner_texts() == ["1", "2"]
    shot(table, "players-table-phone-dark")
    page.bring_to_front()
    page.evaluate("svodScene.direct({type: 'next_turn'}, 'next')")
    table.wait_for_function("(old) => document.querySelector('.svod-players__now').textContent !== old", arg=first,
                            timeout=STEP_MS)
