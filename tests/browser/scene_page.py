"""Helpers that drive the «Сцена» page in chromium (Playwright), for the scene's browser tests: a
phone-sized context, the page opened and its engine ready, a scene made, characters added, an action
done (its sheet filled, its dice given), what the page shows (a character's card, the scene's state)
and what it keeps (the scenes and the party stored in IndexedDB, the export), and the engine's replay
of a scene's log under CPython to check the page against."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from rules_core import api

from .waits import BOOT_MS, STEP_MS

PHONE = {"width": 360, "height": 740}


def open_page(page, base_url, lang=""):
    page.goto(base_url + lang + "scene/")
    page.wait_for_selector(".svod-scene[data-state=empty], .svod-scene[data-state=ready], .svod-scene[data-state=broken]",
                           timeout=BOOT_MS)


def wait_ready(page, timeout=STEP_MS):
    page.wait_for_selector(".svod-scene[data-state=ready]", timeout=timeout)


def new_scene(page, name):
    if page.locator(".svod-empty").count():
        form = page.locator(".svod-empty .svod-newscene")
    else:
        page.click(".svod-scene__name")
        form = page.locator("dialog .svod-newscene")
    form.locator("input[name=name]").fill(name)
    form.locator(".svod-newscene__create").click()
    page.wait_for_function("(n) => window.svodScene && svodScene.cur && svodScene.cur.checked && svodScene.cur.scene.name === n",
                           arg=name, timeout=BOOT_MS)
    wait_ready(page)


def sheet_closed(page):
    page.wait_for_function("!document.querySelector('.svod-sheet').open", timeout=STEP_MS)


def add_character(page, name, system, side=None, kind=None, **stats):
    page.click(".svod-scene__controls [data-act=add]")
    page.wait_for_selector("dialog[open] [data-act=save-char]")
    page.fill("dialog [name=name]", name)
    page.select_option("dialog [name=system]", system)
    if side:
        page.select_option("dialog [name=side]", side)
    if kind:
        page.select_option("dialog [name=kind]", kind)
    for k, v in stats.items():
        page.fill(f"dialog [name='stats.{k}']", ", ".join(v) if isinstance(v, list) else str(v))
    page.click("dialog [data-act=save-char]")
    sheet_closed(page)
    wait_ready(page)


def scene(page) -> dict:
    return page.evaluate("svodScene.cur.scene")


def char(sc, name):
    return next(c for c in sc["characters"] if c["name"] == name)


def card(page, name):
    return page.locator(".svod-card", has=page.locator(".svod-card__name", has_text=re.compile(f"^{name}$")))


def open_action(page, who, act):
    """The action from the character's card, or else from its «⋯» menu."""
    button = card(page, who).locator(f"[data-act={act}]")
    if button.count():
        button.click()
    else:
        card(page, who).locator("[data-act=menu]").click()
        page.click(f"dialog[open] .svod-menu [data-act={act}]")
    page.wait_for_selector(f"dialog[open][data-action={act}]")
    page.evaluate("document.querySelectorAll('dialog details').forEach(d => d.open = true)")


def fill_sheet(page, fields):
    for name, value in fields.items():
        el = page.locator(f"dialog [name='{name}']")
        if isinstance(value, bool):
            el.set_checked(value)
        elif el.evaluate("e => e.tagName") == "SELECT":
            el.select_option(value)
        else:
            el.fill(", ".join(map(str, value)) if isinstance(value, list) else str(value))


def wait_preview(page):
    """The sheet's preview is there and is for what the fields say now."""
    page.wait_for_selector("dialog[open][data-preview=done]", timeout=STEP_MS)


def faces(page, dice):
    page.check("dialog input[name=__dice][value=hand]")
    for group, f in dice.items():
        if f and isinstance(f[0], list):
            for i, g in enumerate(f):
                page.fill(f"dialog input[name='dice.{group}[{i}]']", " ".join(map(str, g)))
        else:
            page.fill(f"dialog input[name='dice.{group}']", " ".join(map(str, f)))


def go(page) -> str:
    n = len(scene(page)["log"])
    page.click("dialog .svod-go")
    page.wait_for_function("""() => document.querySelector("dialog[data-done='1'] .svod-result:not([hidden])") ||
        [...document.querySelectorAll('dialog .svod-err, dialog .svod-sheet__errors')].some(e => !e.hidden && e.textContent)""",
                           timeout=STEP_MS)
    refused = page.evaluate("""[...document.querySelectorAll('dialog .svod-err, dialog .svod-sheet__errors')]
        .filter(e => !e.hidden && e.textContent).map(e => e.textContent)""")
    assert not refused, refused
    text = page.locator("dialog .svod-result__text").inner_text()
    page.click("dialog [data-act=done]")
    sheet_closed(page)
    page.wait_for_function("(n) => svodScene.cur.scene.log.length === n + 1", arg=n, timeout=STEP_MS)
    wait_ready(page)
    return text


def act(page, who, action, fields=None, dice=None, preview=None):
    """One action from a character's card: fields filled, the odds read (``preview``: a callable
    given the preview), the dice by hand, applied; the result's line."""
    open_action(page, who, action)
    fill_sheet(page, fields or {})
    wait_preview(page)
    if preview:
        preview(page.evaluate("svodScene.act.preview"))
    if dice is not None:
        faces(page, dice)
    return go(page)


def stored(page) -> list:
    """Every record in the page's IndexedDB, read directly (not through the page's code)."""
    return page.evaluate("""() => new Promise((resolve, reject) => {
        const r = indexedDB.open('svod-scenes@/svod/');
        r.onsuccess = () => { const tx = r.result.transaction('scenes', 'readonly');
            const q = tx.objectStore('scenes').getAll(); q.onsuccess = () => { r.result.close(); resolve(q.result); }; };
        r.onerror = () => reject(r.error); })""")


def put_record(page, rec, current=True):
    page.evaluate("""([rec, current]) => new Promise((resolve, reject) => {
        const r = indexedDB.open('svod-scenes@/svod/', 1);
        r.onupgradeneeded = () => { r.result.createObjectStore('scenes', {keyPath: 'id'}); r.result.createObjectStore('meta', {keyPath: 'key'}); };
        r.onsuccess = () => { const tx = r.result.transaction(['scenes', 'meta'], 'readwrite');
            tx.objectStore('scenes').put(rec); if (current) tx.objectStore('meta').put({key: 'current', value: rec.id});
            tx.oncomplete = () => { r.result.close(); resolve(); }; tx.onerror = () => reject(tx.error); };
        r.onerror = () => reject(r.error); })""", [rec, current])


def engine_replay(sc: dict) -> dict:
    """The scene the engine (CPython) builds from the page's log: every die in it given."""
    resp = api.handle({"op": "scene", "cmd": "replay", "log": sc["log"], "name": sc["name"]})
    assert resp["ok"], resp
    return resp["result"]["scene"]


def export(page) -> str:
    page.click(".svod-scene__name")
    with page.expect_download() as dl:
        page.locator("dialog .svod-scenes__item--current [data-act=export]").click()
    page.click("dialog [data-act=close]")
    return Path(dl.value.path()).read_text(encoding="utf-8")


def phone(new_context, scheme="light", **kw):
    ctx = new_context(viewport=PHONE, color_scheme=scheme, accept_downloads=True, **kw)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack}"))
    page.svod_errors = errors
    return ctx, page


def start(new_context, base_url, name, scheme="light"):
    """A phone, the scene page, a new scene called ``name``."""
    ctx, page = phone(new_context, scheme=scheme)
    open_page(page, base_url)
    new_scene(page, name)
    return page


def assert_fits(page, where):
    over = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert over <= 0, f"{where}: {over}px of horizontal scroll"


def stored_party(page):
    return page.evaluate("""() => new Promise((resolve, reject) => {
        const r = indexedDB.open('svod-party@/svod/');
        r.onsuccess = () => { const db = r.result; if (!db.objectStoreNames.contains('scenes')) { db.close(); resolve(null); return; }
            const q = db.transaction('scenes', 'readonly').objectStore('scenes').get('party');
            q.onsuccess = () => { db.close(); resolve(q.result ? JSON.parse(q.result.text) : null); }; };
        r.onerror = () => reject(r.error); })""")


#: What JSON cannot hold, as a stored value (tests/hostile_stored.py ``SPECIAL``), made in the page.
_SPECIAL_JS = "{Infinity: Infinity, '-Infinity': -Infinity, NaN: NaN, '2**53': 2 ** 53}"


def plant(page, rec, db="svod-scenes@/svod/", current=False):
    """Put ``rec`` into the store of the database ``db`` as it is (opened at whatever version it has,
    its stores made if it is new), a top-level value "Infinity", "-Infinity", "NaN" or "2**53" being
    that number; ``current``: the scene page's open one."""
    page.evaluate("""([rec, db, current]) => new Promise((resolve, reject) => {
        const special = """ + _SPECIAL_JS + """;
        for (const [k, v] of Object.entries(rec)) if (typeof v === 'string' && Object.hasOwn(special, v)) rec[k] = special[v];
        const r = indexedDB.open(db);
        r.onupgradeneeded = () => { r.result.createObjectStore('scenes', {keyPath: 'id'}); r.result.createObjectStore('meta', {keyPath: 'key'}); };
        r.onsuccess = () => { const tx = r.result.transaction(['scenes', 'meta'], 'readwrite');
            tx.objectStore('scenes').put(rec); if (current) tx.objectStore('meta').put({key: 'current', value: rec.id});
            tx.oncomplete = () => { r.result.close(); resolve(); }; tx.onerror = () => reject(tx.error); };
        r.onerror = () => reject(r.error); })""", [rec, db, current])


def stored_raw(page, db="svod-scenes@/svod/") -> list:
    """Every record of ``db`` as the page's own code would not see it: read directly, what JSON cannot
    hold written as a string ("NaN", "Infinity")."""
    return page.evaluate("""(db) => new Promise((resolve, reject) => {
        const r = indexedDB.open(db);
        r.onsuccess = () => { const d = r.result; if (!d.objectStoreNames.contains('scenes')) { d.close(); resolve([]); return; }
            const q = d.transaction('scenes', 'readonly').objectStore('scenes').getAll();
            q.onsuccess = () => { d.close(); resolve(JSON.parse(JSON.stringify(q.result,
                (k, v) => typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))); }; };
        r.onerror = () => reject(r.error); })""", db)


def open_note(page, text):
    """The note's sheet, its text typed, its preview there (not applied yet)."""
    page.click(".svod-scene__controls [data-act=note]")
    page.wait_for_selector("dialog[open][data-action=note]")
    page.fill("dialog [name=text]", text)
    page.wait_for_selector("dialog[open][data-preview=done]", timeout=STEP_MS)


#: Click the open sheet's «Применить» at the page clock's ``at`` (two tabs, the same millisecond).
AT_ONCE = """(at) => { window.__done = null;
    setTimeout(() => document.querySelector('dialog .svod-go').click(), at - Date.now()); }"""
#: The sheet's action has its answer: a result, or words why not.
SETTLED = """() => document.querySelector("dialog[data-done='1'] .svod-result:not([hidden])") ||
    [...document.querySelectorAll('dialog .svod-sheet__errors, dialog .svod-err')].some(e => !e.hidden && e.textContent)"""


def sheet_outcome(page) -> dict:
    """What the sheet says of its action: a result shown, its «Отменить», the words of a refusal."""
    return page.evaluate("""() => ({
        result: !!document.querySelector("dialog[data-done='1'] .svod-result:not([hidden])"),
        undo: !!document.querySelector("dialog [data-act=undo-this]"),
        errors: [...document.querySelectorAll('dialog .svod-sheet__errors, dialog .svod-err')]
            .filter(e => !e.hidden && e.textContent).map(e => e.textContent)})""")


def notes_at_once(tabs: dict, i: int) -> dict:
    """Each tab (by its name) applies the note «NAMEi» in the same millisecond → what each sheet says
    of it (``sheet_outcome``)."""
    for name, p in tabs.items():
        p.wait_for_function("() => svodScene.cur && svodScene.cur.checked && !svodScene.busy", timeout=STEP_MS)
        open_note(p, f"{name}{i}")
    at = int(time.time() * 1000) + 400
    for p in tabs.values():
        p.evaluate(AT_ONCE, at)
    outcome = {}
    for name, p in tabs.items():
        p.wait_for_function(SETTLED, timeout=STEP_MS)
        outcome[name] = sheet_outcome(p)
    return outcome


def stored_notes(page, index=0) -> list[str]:
    """The notes in the log of the ``index``-th stored scene."""
    return [e["action"]["text"] for e in json.loads(stored(page)[index]["text"])["log"] if e["action"]["type"] == "note"]


def put_party(page, text, rev=1):
    """The party's record, as the party store keeps it, put straight into the page's IndexedDB."""
    page.evaluate("""([text, rev]) => new Promise((resolve, reject) => {
        const r = indexedDB.open('svod-party@/svod/', 1);
        r.onupgradeneeded = () => { r.result.createObjectStore('scenes', {keyPath: 'id'}); r.result.createObjectStore('meta', {keyPath: 'key'}); };
        r.onsuccess = () => { const tx = r.result.transaction('scenes', 'readwrite');
            tx.objectStore('scenes').put({id: 'party', rev, text, updated: 1});
            tx.oncomplete = () => { r.result.close(); resolve(); }; tx.onerror = () => reject(tx.error); };
        r.onerror = () => reject(r.error); })""", [text, rev])
