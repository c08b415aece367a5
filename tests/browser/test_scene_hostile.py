"""Everything the page reads from the device, a file or a link is untrusted (on GitHub Pages every
project site of one account shares the origin, so any of them can write this one's storage):
script payloads planted in every field of a stored scene and of a calculator's kept values run
nothing and leave no page blank; a file is read strictly (not UTF-8: refused with the command
line's words; too deep, too long a number: the engine's own words); a name with a direction
override is shown isolated, and cannot turn the page's text around it."""

from __future__ import annotations

import json

import pytest

from rules_core import api
from rules_core.scene import engine as scene_engine, state as scene_state
from .calc_page import wait_state
from tests.hostile_corpus import cases, read
from .scene_page import (add_character, card, new_scene, open_action, open_page, phone, put_party, put_record, stored,
    stored_party, wait_ready)
from .waits import BOOT_MS as CALC_BOOT_MS
from .waits import BOOT_MS, STEP_MS


P = ['"><img src=x onerror="window.__pwned=1">', "<svg onload=window.__pwned=2>", "'><script>window.__pwned=3</script>",
     "javascript:window.__pwned=4"]
#: What a payload could put in: an image, a script, a handler (the page's own markup has none;
#: its charts are <svg> without one).
INJECTED = """() => [...document.querySelectorAll(
    '.svod-scene img, .svod-scene script, .svod-calc img, .svod-calc script, [onerror], [onload], [onclick], [onmouseover]')]
    .map(e => e.outerHTML.slice(0, 120))"""


def images_done(page) -> None:
    """Every image of the page has loaded or failed, and a task and a frame have run since: an
    ``<img onerror>`` put in by a payload would have run by then."""
    page.wait_for_function("[...document.images].every((i) => i.complete)", timeout=STEP_MS)
    page.evaluate("() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(true)), 0))")


def pwned(page):
    return page.evaluate("window.__pwned === undefined ? null : window.__pwned")


def hostile_scene() -> dict:
    """A scene the engine takes, with a payload in every text it holds."""
    sc = scene_state.new_scene(P[0][:80])
    for i, name in enumerate(P):
        sc, ev = scene_engine.apply(sc, {"type": "add_character", "character": {
            "name": name[:60], "system": "serial", "stats": {"resistance": [p[:32] for p in P]}}})
        assert ev["ok"], ev
    for p in P:
        sc, ev = scene_engine.apply(sc, {"type": "note", "text": p})
        assert ev["ok"], ev
    sc, ev = scene_engine.apply(sc, {"type": "damage", "character": "c1", "portions": [3], "tags": [P[1][:32]]})
    assert ev["ok"], ev
    return sc


def test_payloads_in_every_field_of_a_stored_scene_run_nothing(new_context, base_url):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    sc = hostile_scene()
    good = json.dumps(sc, ensure_ascii=False)
    # what the engine refuses: a payload where a number belongs (the log's number, a view's maximum)
    bad1 = json.loads(good)
    bad1["log"][0]["n"] = P[0]
    bad2 = json.loads(good)
    bad2["characters"][0]["view"]["health_max"] = P[0]
    records = [
        {"id": "sxss1", "name": P[1], "created": P[2], "updated": P[3], "rev": 1, "text": good,
         "legacy": {"version": P[0], "text": P[1]}},
        {"id": P[0], "name": P[0], "created": 1, "updated": 2, "rev": 1, "text": json.dumps(bad1, ensure_ascii=False)},
        {"id": "sxss3", "name": P[2], "created": 1, "updated": 3, "rev": 1, "text": json.dumps(bad2, ensure_ascii=False)},
        {"id": "sxss4", "name": P[3], "created": 1, "updated": 4, "rev": 1, "text": {"payload": P}},
    ]
    for rec in records:
        put_record(page, rec)
        page.reload()
        page.wait_for_selector(".svod-scene[data-state=ready], .svod-scene[data-state=broken]", timeout=BOOT_MS)
        images_done(page)  # an <img onerror> would have fired by now
        assert pwned(page) is None and page.evaluate(INJECTED) == [], rec["id"]
        main = page.locator(".svod-scene__main").inner_text()
        assert main.strip(), rec["id"]  # nothing blank
        # the numbers the page writes into attributes are the engine's, whatever was stored
        for n in page.locator(".svod-log__item").evaluate_all("els => els.map(e => e.dataset.n)"):
            assert n.isdigit()
        for v in page.locator(".svod-meter").evaluate_all("els => els.map(e => e.getAttribute('aria-valuemax'))"):
            assert v.lstrip("-").isdigit()
        page.click(".svod-scene__name")  # the scenes list, every record in it
        page.wait_for_selector("dialog[open][data-kind=scenes]")
        assert pwned(page) is None and page.evaluate(INJECTED) == []
        page.click("dialog [data-act=close]")
    # the scene the engine took shows its names as text
    # (its times and legacy text made readable: a stored record's own fields pass records.mjs's check)
    put_record(page, {k: v for k, v in {**records[0], "created": 1, "updated": 2}.items() if k != "legacy"})
    page.reload()
    wait_ready(page, BOOT_MS)
    names = page.locator(".svod-card__name").all_inner_texts()
    assert names == [p[:60] for p in P]
    open_action(page, P[0][:60], "attack")  # the target list, the sheet's title
    assert pwned(page) is None and page.evaluate(INJECTED) == []
    assert page.locator("dialog [name=target] option").all_inner_texts() == [p[:60] for p in P[1:]]


def test_payloads_in_a_calculators_kept_values_run_nothing(new_context, base_url):
    ctx, page = phone(new_context)
    page.goto(base_url)
    key = "svod.calc.v1.wod-pool@/svod/"
    roll = {"t": 1, "seed": P[0], "display": [
        {"kind": "figures", "items": [{"key": P[0], "label": P[1], "value": P[2]}]},
        {"kind": "dice", "label": P[0], "faces": [P[1], 3], "marks": [P[2]], "sides": P[3]},
        {"kind": "note", "text": P[0]}, {"kind": "table", "columns": [P[0]], "rows": [[P[1]]]}],
        "changed": [{"label": P[0], "value": P[1]}]}
    page.evaluate("""([key, values, aside, rolls]) => { localStorage.setItem(key, JSON.stringify(values));
        localStorage.setItem(key.replace('@', '.aside@'), JSON.stringify(aside));
        localStorage.setItem(key.replace('svod.calc.v1.', 'svod.rolls.v1.'), JSON.stringify(rolls)); }""",
                  [key, {"values": {"dice": P[0], P[1]: P[2]}}, [{"name": P[0], "value": P[1], "errors": [{"ru": P[2], "en": P[3]}]}],
                   [roll, {**roll, "t": 1e20}, P[0]]])
    page.goto(base_url + "calculators/wod-pool/")
    wait_state(page, "wod-pool", timeout=CALC_BOOT_MS)
    images_done(page)
    assert pwned(page) is None and page.evaluate(INJECTED) == []
    root = page.locator('.svod-calc[data-calc="wod-pool"]')
    assert P[1] in root.locator(".svod-calc__aside").inner_text()  # set aside, told as text
    assert root.locator(".svod-calc__result").inner_text().strip()  # computed, not blank


# ---- text read strictly -----------------------------------------------------------------------------

def _import(page, path):
    form = page.locator(".svod-empty .svod-newscene")
    form.locator("input[type=file]").set_input_files(str(path))
    err = form.locator(".svod-err")
    err.wait_for(state="visible", timeout=STEP_MS)
    page.wait_for_function("document.querySelector('.svod-empty .svod-err').textContent.length > 0", timeout=STEP_MS)
    return err.inner_text()


def test_a_file_not_in_utf8_is_refused_with_the_command_lines_words(new_context, base_url, tmp_path):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    f = tmp_path / "cp1251.json"
    f.write_bytes(json.dumps(scene_state.new_scene("Бой в подворотне"), ensure_ascii=False).encode("cp1251"))
    said = _import(page, f)
    assert "Файл не в UTF-8." in said and "�" not in said
    assert page.locator(".svod-scene[data-state=empty]").count() == 1


@pytest.mark.parametrize("what", ["depth", "digits"])
def test_every_limit_of_a_file_is_told_in_the_engines_words(new_context, base_url, tmp_path, what):
    ctx, page = phone(new_context)
    open_page(page, base_url)
    f = tmp_path / f"{what}.json"
    text = ('{"a":' * 5000 + "1" + "}" * 5000) if what == "depth" else (
        '{"format": "svod-scene", "version": 1, "name": ' + "9" * 5000 + "}")
    f.write_text(text, encoding="utf-8")
    said = _import(page, f)
    want = api.handle_json(json.dumps({"op": "scene", "cmd": "load", "scene": text}))
    words = json.loads(want)["errors"][0]["ru"]
    assert "Внутренняя ошибка" not in said and words in said


# ---- names isolated -------------------------------------------------------------------------------

ISOLATED = """() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.data.includes('שלום')) continue;
        const el = n.parentElement;
        const ub = getComputedStyle(el).unicodeBidi;
        if (!['isolate', 'plaintext', 'isolate-override'].includes(ub) && el.tagName !== 'OPTION' && el.tagName !== 'TITLE')
            out.push(el.outerHTML.slice(0, 120));
    }
    return out; }"""


def test_a_name_with_a_direction_override_is_shown_isolated(new_context, base_url, shot):
    # the engine refuses the overrides themselves (fields.INVISIBLE); a right-to-left name still turns the text
    # after it unless isolated
    assert not api.handle({"op": "scene", "cmd": "new", "name": "Сцена\u202e обратно"})["ok"]
    ctx, page = phone(new_context)
    open_page(page, base_url)
    new_scene(page, "Сцена שלום")
    add_character(page, "Иван שלום", "serial")
    add_character(page, "Пётр", "serial")
    # everywhere a name is shown it is isolated: the card, the bar, the log, a sheet, the scenes list
    assert page.evaluate(ISOLATED) == []
    open_action(page, "Иван שלום", "attack")
    assert page.evaluate(ISOLATED) == []
    page.click("dialog [data-act=close]")
    open_action(page, "Пётр", "attack")
    opts = page.locator("dialog [name=target] option")
    assert opts.first.get_attribute("dir") == "auto"
    page.click("dialog [data-act=close]")
    page.click(".svod-scene__name")
    page.wait_for_selector("dialog[open][data-kind=scenes]")
    assert page.evaluate(ISOLATED) == []
    page.click("dialog [data-act=close]")
    # the card's own text after the name reads as it should
    assert "Мир Тьмы: Сериал" in card(page, "Иван שלום").inner_text()
    shot(page, "scene-bidi-phone-light")


# ---- the corpus of hostile import files (tests/data/hostile/files/): every refusal says what is true --

FILE_CASES = cases("files")
#: Where each importer takes its file, and where it answers.
IMPORTERS = {"party": ("#svod-party-file", ".svod-party__err"), "backup": ("#svod-backup-file", ".svod-party__keeperr")}


def spaced(text):
    """Text with the spaces that group a number's digits (no-break, narrow) as plain spaces."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


def _scene_importer(page):
    """The scene page's «Из файла…» (the empty page's, else the scenes sheet's) and its message box."""
    if page.locator(".svod-empty").count():
        form = ".svod-empty .svod-newscene"
    else:
        if not page.locator("dialog[open][data-kind=scenes]").count():
            page.click(".svod-scene__name")
            page.wait_for_selector("dialog[open][data-kind=scenes]")
        form = "dialog .svod-newscene"
    return f"{form} input[type=file]", f"{form} .svod-err"


def _give(page, name, case):
    """The case's file given to its importer → what the page says (the box beside it, or the toast)."""
    page.evaluate("""() => { document.querySelectorAll('.svod-err').forEach((e) => { e.hidden = true; e.textContent = ''; });
        const t = document.querySelector('.svod-toast'); if (t) { t.hidden = true; t.textContent = ''; } }""")
    field, box = _scene_importer(page) if case["page"] == "scene" else IMPORTERS[case["page"]]
    page.locator(field).set_input_files({"name": name.replace(".recipe", ""), "mimeType": "application/json",
                                         "buffer": read("files", name)})
    said = ".svod-toast" if case.get("done") else box
    page.wait_for_function("(s) => { const el = document.querySelector(s); return el && !el.hidden && el.textContent.length > 0; }",
                           arg=said, timeout=STEP_MS)
    return page.locator(said)


@pytest.mark.parametrize("lang", ["", "en/"])
def test_every_hostile_file_of_the_corpus_is_told_what_is_true(new_context, base_url, lang, shot):
    """Each file of the corpus given to its importer: a file of another kind named as that kind, a
    byte-order mark accepted, a limit told in the file's megabytes or the log's own 500, a partial
    restore naming what came in and what did not, and no list of refusals drawn past its first 20."""
    key = "en" if lang else "ru"
    order = sorted(FILE_CASES, key=lambda n: (bool(FILE_CASES[n].get("done")), n))  # refusals first
    ctx, page = phone(new_context, scheme="dark" if lang else "light")
    for where in ("scene", "party"):
        if where == "scene":
            open_page(page, base_url, lang)
        else:
            page.goto(base_url + lang + "party/")
            page.wait_for_selector(".svod-party[data-state=ready]", timeout=BOOT_MS)
        for name in order:
            case = FILE_CASES[name]
            if (case["page"] == "scene") != (where == "scene"):
                continue
            if case.get("setup") == "party" and stored_party(page) is None:
                put_party(page, api.handle({"op": "scene", "cmd": "party", "do": "new", "reply": "text"})["result"]["party_text"])
            before = len(stored(page))
            said = _give(page, name, case)
            text = spaced(said.inner_text())
            assert case["says"][key] in text, (name, text[:500])
            if case.get("also"):
                assert case["also"][key] in text, (name, text[:500])
            assert "Запрос слишком велик" not in text and "request is too large" not in text, name
            assert said.locator("p").count() <= case.get("most_lines", 8), (name, said.locator("p").count())
            if case.get("stored_scenes") is not None:
                assert len(stored(page)) == before + case["stored_scenes"], name
            said.scroll_into_view_if_needed()
            if name == "partial-backup.json":
                shot(page, f"hostile-partial-restore-{key}", full_page=True)
            elif name == "party-to-scene.json":
                shot(page, f"hostile-wrong-kind-{key}")
    assert not page.svod_errors, page.svod_errors


def test_a_planted_name_of_megabytes_is_drawn_cut_with_its_length_said(new_context, base_url, shot):
    """A scene record planted with a long name: a name past the stored record's bound (records.mjs
    MAX_NAME, 1000) makes the record a damaged one, drawn without any of its values (a 5 MB name: the
    page stays a page high); one within it but past what the page draws (80) is drawn cut with its
    whole length said, in the unreadable scene's heading and the scenes list, and its text too long
    for the engine is refused in the scene's own words (its length), not as a request."""
    ctx, page = phone(new_context)
    open_page(page, base_url)
    # within the record's bound, the text past the engine's: refused in the scene's words, the name cut
    name = "Я" * 900
    text = json.dumps({**scene_state.new_scene("x"), "name": name}, ensure_ascii=False) + " " * 3_000_000
    put_record(page, {"id": "smid", "name": name, "created": 1, "updated": 2, "rev": 1, "text": text})
    page.reload()
    page.wait_for_selector(".svod-scene[data-state=broken] .svod-broken", timeout=BOOT_MS)
    heading = page.locator(".svod-broken h3").inner_text()
    assert "Я" * 80 in heading and "Я" * 81 not in heading and "всего 900 символов" in heading, heading[:300]
    why = spaced(page.locator(".svod-broken__why").inner_text())
    assert "Сцена длиннее 2 100 000 знаков" in why and "Запрос" not in why, why
    assert len(page.locator(".svod-scene__name").inner_text()) < 200
    # past the record's bound: a damaged record, none of its name drawn
    put_record(page, {"id": "slong", "name": "Я" * 5_000_000, "created": 1, "updated": 3, "rev": 1, "text": "{}"})
    page.reload()
    page.wait_for_selector(".svod-scene[data-state=broken] .svod-broken", timeout=BOOT_MS)
    assert "Я" * 81 not in page.locator("body").inner_text()
    assert page.evaluate("document.documentElement.scrollHeight") < 10_000  # the page as it is (3.2 million px drawn whole)
    page.click(".svod-scene__name")
    page.wait_for_selector("dialog[open][data-kind=scenes]")
    listed = page.locator("dialog .svod-scenes__name").all_inner_texts()
    assert all(len(x) < 200 for x in listed) and any("всего 900 символов" in x for x in listed), listed
    assert page.evaluate("document.querySelector('dialog').scrollHeight") < 3000
    shot(page, "hostile-long-name-phone-light")
    assert not page.svod_errors
