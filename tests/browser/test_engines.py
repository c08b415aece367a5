"""The site's core journeys in the three engines phones use, at a phone's 390 × 844: Chromium,
WebKit (every iPhone browser is WebKit) and Firefox, each a fresh browser with nothing stored
(tests/browser/engines.py drives them):

* a rules page, read, and a search from it that finds a rule and goes to it;
* a calculator computing from the memory snapshot, cold and after a reload (then from the
  service worker's copy), its numbers the engine's, its chart's labels inside the chart; a roll
  whose faces are rules_core's for its seed;
* offline after one visit, with the server stopped: a page and a calculator never opened;
* the scene: created, a character added, an action applied (the engine's result), reloaded and kept;
* the install block: the browser's offer or the steps by hand, and the offline state.

Every journey fails on the page's uncaught errors and unhandled rejections. Where an engine
lacks what the site uses (``navigator.storage.persist`` in WebKitGTK), the page says so and
works on. ``-m webkit`` / ``-m firefox`` / ``-m chromium`` runs one engine alone.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from rules_core import api

from .calc_reading import READ_JS, assert_matches_cli, engine_run
from .conftest import PREFIX, serving
from .engines import ENGINES, PHONE, Xvfb, missing, open_tab

BOOT_S = 120  # a cold calculator on two loaded cores takes 5–20 s; a precache of 40 MB more
#: The site saved offline (the service worker controls the page), or told why not.
SAVED_OR_FAILED = """() => { const s = window.svodOffline;
  return !!s && ((s.state === 'ready' && !!navigator.serviceWorker.controller) || s.state === 'failed')
    && {state: s.state, failure: s.failure}; }"""


@pytest.fixture(scope="session")
def xvfb():
    display = Xvfb()
    yield display.display
    display.close()


@pytest.fixture(params=[pytest.param(e, marks=getattr(pytest.mark, e)) for e in ENGINES])
def engine(request):
    lacking = missing(request.param)
    if lacking:
        pytest.fail(f"{request.param} is not installed ({lacking}): scripts/setup --browser installs it")
    return request.param


@pytest.fixture
def tab(engine, request):
    """``tab(scheme="light")``: a fresh browser of the engine at a phone's size; closed at teardown."""
    made = []

    def make(scheme="light", viewport=None):
        extra = {}
        if engine == "chromium":
            extra["playwright"] = request.getfixturevalue("playwright_instance")
        elif engine == "webkit":
            extra["display"] = request.getfixturevalue("xvfb")
        t = open_tab(engine, viewport=viewport or PHONE, scheme=scheme, **extra)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()


#: The calculators' runtime has failed (the worker did not start, Python did not boot): what it says.
CALC_FAILED = "() => { const r = window.svodCalc && svodCalc.rt; return !!r && r.state === 'error' && JSON.stringify(r.error || 'error'); }"


def saved_offline(t) -> None:
    """Wait until the site is saved offline; a failure the page tells fails at once."""
    got = t.wait(SAVED_OR_FAILED, timeout=BOOT_S * 2, what="the site saved offline")
    assert got["state"] == "ready", f"{t.engine}: the site was not saved offline: {got}; page errors: {t.errors()}"


def assert_no_errors(t):
    errors = t.errors()
    assert not errors, f"{t.engine}: {errors}"


def fits(t) -> int:
    """How far the page scrolls sideways (0: it fits the screen)."""
    return t.js("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


# ---- a rules page and search ---------------------------------------------------------------------

SEARCH_READY = """() => { const m = document.querySelector('.md-search-result__meta');
  return !!m && !/инициализ|initializ/i.test(m.textContent); }"""
#: Material reacts to keyup, which a driver's typing of Cyrillic may not fire: sent as a reader's.
KEYUP = "() => { const i = document.querySelector('input.md-search__input'); i.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true})); return true; }"
#: the results of the query once the page wanted is among them ("QUERY\nURL"): while the driver
#: types letter by letter, the results of «п» are on screen before the word's come
RESULTS = """(arg) => { const [q, want] = arg.split('\\n');
  const i = document.querySelector('input.md-search__input');
  const links = [...document.querySelectorAll('.md-search-result__link')].map(a => a.href);
  return i.value === q && links.some(u => u.startsWith(want)) ? links : null; }"""


def test_a_rules_page_and_search(tab, base_url, shot, engine):
    t = tab()
    t.goto(base_url + "serial/turn/")
    assert t.js("() => document.querySelector('article h1').textContent").strip().rstrip("¶").strip()
    assert fits(t) <= 0
    shot(t, f"engines-{engine}-rules")
    # the header's search button, as a reader taps it on a phone
    t.click("label.md-header__button[for='__search']")
    t.wait(SEARCH_READY, timeout=BOOT_S, what="the search index")
    t.fill("input.md-search__input", "поглощения")
    t.js(KEYUP)
    want = base_url + "serial/combat/"
    links = t.wait(RESULTS, f"поглощения\n{want}", timeout=BOOT_S, what="search results with «Бой»")
    hit = next((u for u in links if u.startswith(want)), None)
    assert hit, links[:5]
    shot(t, f"engines-{engine}-search")
    t.click(f".md-search-result__link[href^='{want}']")
    t.wait("(want) => location.href.startsWith(want) && !!document.querySelector('article h1')", want,
           what="the result's page")
    assert "поглощ" in t.js("() => document.querySelector('article').textContent").lower()
    assert_no_errors(t)


# ---- a calculator: the snapshot cold and after reload, the chart, a roll ----------------------

CALC = "wod-pool"
ROOT = f".svod-calc[data-calc='{CALC}']"
#: The chart's axis labels against the chart's own box (what is outside it is cut off).
CHART_JS = """(sel) => {
  const svg = document.querySelector(sel + ' svg.svod-chart');
  if (!svg) return null;
  const b = svg.getBoundingClientRect();
  const labels = [...svg.querySelectorAll('text.svod-chart__x')].map(t => {
    const r = t.getBoundingClientRect(); return {text: t.textContent, left: r.left, right: r.right}; });
  return {left: b.left, right: b.right, labels};
}"""
#: The newest roll: its seed and faces, and the params it was rolled with.
ROLL_JS = """(sel) => { const root = document.querySelector(sel);
  const newest = root.querySelector('.svod-history__list > .svod-roll');
  return {seed: newest.querySelector('.svod-seed').textContent, params: JSON.parse(root.dataset.params),
          faces: [...newest.querySelectorAll('.svod-die')].map(d => Number(d.textContent))}; }"""


def read_calc(t) -> dict:
    return t.js(f"() => ({READ_JS})(document.querySelector(\"{ROOT}\"))")


def assert_chart_labels_inside(t, where):
    chart = t.js(CHART_JS, ROOT)
    assert chart and chart["labels"], f"{where}: no chart"
    prev = None
    for lab in chart["labels"]:
        assert lab["left"] >= chart["left"] - 0.5 and lab["right"] <= chart["right"] + 0.5, (where, lab, chart)
        if prev:
            assert lab["left"] >= prev["right"] - 0.5, f"{where}: «{prev['text']}» and «{lab['text']}» overlap"
        prev = lab


def test_a_calculator_from_the_snapshot_cold_and_after_reload_and_a_roll(tab, base_url, shot, engine):
    t = tab()
    t.goto(base_url + f"calculators/{CALC}/?{CALC}.dice=7")
    done = f"() => !!document.querySelector(\"{ROOT}[data-state='done']\")"
    t.wait(done, timeout=BOOT_S, what="the calculator's first result", fail=CALC_FAILED)
    # cold: the snapshot came over the network, gzipped; no normal boot in its place
    timings = t.js("() => svodCalc.rt.timings")
    assert timings["snapshot_source"] == "gzip", timings
    dom = read_calc(t)
    assert dom["params"]["dice"] == 7
    code, expected = engine_run(CALC, dom["params"])
    assert code == 0
    assert_matches_cli(dom, expected, f"{engine} cold")
    # the chart's first label («провал») and the others are inside the chart at 390 px
    assert_chart_labels_inside(t, f"{engine} 7 dice")
    t.bring_to_middle(f"{ROOT} svg.svod-chart")
    shot(t, f"engines-{engine}-calc")

    # warm: once the site is saved, a reload boots from the service worker's inflated copy
    saved_offline(t)
    t.reload()
    t.wait(done, timeout=BOOT_S, what="the calculator after reload", fail=CALC_FAILED)
    timings = t.js("() => svodCalc.rt.timings")
    assert timings["snapshot_source"] == "inflated", timings
    assert_matches_cli(read_calc(t), expected, f"{engine} after reload")

    # a roll: the faces shown are rules_core's for the seed shown
    t.click(f"{ROOT} .svod-calc__roll")
    t.wait(f"() => !!document.querySelector(\"{ROOT}[data-roll-state='done']\")", what="the roll")
    roll = t.js(ROLL_JS, ROOT)
    seed = int(re.search(r"(\d+)\s*$", roll["seed"])[1])
    again = api.roll(CALC, roll["params"], seed=seed)
    assert roll["faces"] == [f for b in again["display"] if b["kind"] == "dice" for f in b["faces"]]
    assert len(roll["faces"]) == 7
    shot(t, f"engines-{engine}-roll")
    assert_no_errors(t)


# ---- offline after one visit, the server stopped ---------------------------------------------------

class Server:
    """The built site on a server of this test's own, which the test can stop."""

    def __init__(self, site_dir):
        from scripts.serve_site import make_server

        self.running = serving(make_server(str(site_dir), "127.0.0.1", 0, PREFIX), PREFIX)
        self.url = next(self.running)

    def stop(self):
        next(self.running, None)


def test_offline_after_one_visit_with_the_server_stopped(tab, site_dir, shot, engine):
    server = Server(site_dir)
    try:
        t = tab()
        t.goto(server.url)  # the home page: no calculator on it
        saved_offline(t)
        assert "работает без сети" in t.js("() => document.querySelector('[data-svod-offline]').textContent")
    finally:
        server.stop()
    # a rules page never opened, its calculator computing (left before that, Firefox reports the
    # worker's requests cut off by the navigation as errors)
    t.goto(server.url + "wod/soak/")
    assert t.js("() => document.querySelector('article h1').textContent").strip()
    t.wait("() => { const c = [...document.querySelectorAll('.svod-calc')]; return c.length > 0 && c.every(e => e.dataset.state === 'done'); }",
           timeout=BOOT_S, what="the rules page's calculator offline", fail=CALC_FAILED)
    # a calculator never opened, filled in from its link, computes
    calc, link = "serial-attack", {"attack_dice": 9}
    t.goto(server.url + f"calculators/{calc}/?{calc}.attack_dice=9")
    t.wait(f"() => !!document.querySelector(\".svod-calc[data-calc='{calc}'][data-state='done']\")",
           timeout=BOOT_S, what="the calculator offline", fail=CALC_FAILED)
    dom = t.js(f"() => ({READ_JS})(document.querySelector(\".svod-calc[data-calc='{calc}']\"))")
    assert dom["params"]["attack_dice"] == link["attack_dice"]
    code, expected = engine_run(calc, dom["params"])
    assert code == 0
    assert_matches_cli(dom, expected, f"{engine} offline")
    shot(t, f"engines-{engine}-offline")
    assert_no_errors(t)


# ---- the scene: create, act, reload, kept ------------------------------------------------------------

SCENE_STATES = "() => document.querySelector('.svod-scene')?.dataset.state"


def scene_ready(t, what):
    t.wait("() => document.querySelector('.svod-scene')?.dataset.state === 'ready' && !document.querySelector('.svod-sheet').open",
           timeout=BOOT_S, what=what, fail=CALC_FAILED)


def test_the_scene_is_created_acted_on_and_kept_over_a_reload(tab, base_url, shot, engine):
    t = tab()
    t.goto(base_url + "scene/")
    assert t.wait(SCENE_STATES, timeout=BOOT_S, what="the scene page") in ("empty", "loading")
    t.wait("() => document.querySelector('.svod-scene')?.dataset.state === 'empty'", timeout=BOOT_S, what="no scene yet")
    t.fill(".svod-empty .svod-newscene input[name=name]", "Подворотня")
    t.click(".svod-empty .svod-newscene .svod-newscene__create")
    t.wait("() => window.svodScene && svodScene.cur && svodScene.cur.checked && svodScene.cur.scene.name === 'Подворотня'",
           timeout=BOOT_S, what="the new scene", fail=CALC_FAILED)
    scene_ready(t, "the new scene ready")
    # a character
    t.click(".svod-scene__controls [data-act=add]")
    t.wait("() => !!document.querySelector('dialog[open] [data-act=save-char]')", what="the character's sheet")
    t.fill("dialog [name=name]", "Маша")
    t.select("dialog [name=system]", "serial")
    t.fill("dialog [name='stats.stamina']", "2")
    t.click("dialog [data-act=save-char]")
    scene_ready(t, "the character added")
    # an action: damage, the engine's preview, applied
    has_button = t.js("() => !!document.querySelector('.svod-card [data-act=damage]')")
    if has_button:
        t.click(".svod-card [data-act=damage]")
    else:
        t.click(".svod-card [data-act=menu]")
        t.click("dialog[open] .svod-menu [data-act=damage]")
    t.wait("() => !!document.querySelector('dialog[open][data-action=damage]')", what="the damage sheet")
    t.js("() => { document.querySelectorAll('dialog details').forEach(d => d.open = true); return true; }")
    t.fill("dialog [name='portions']", "3")
    t.wait("() => !!document.querySelector('dialog[open][data-preview=done]')", what="the preview")
    t.click("dialog .svod-go")
    t.wait("() => !!document.querySelector(\"dialog[data-done='1'] .svod-result:not([hidden])\")", what="the result")
    t.click("dialog [data-act=done]")
    scene_ready(t, "the action applied")
    before = t.js("() => ({scene: svodScene.cur.scene, text: svodScene.cur.text})")
    sc = before["scene"]
    assert [e["action"]["type"] for e in sc["log"]] == ["add_character", "damage"], sc["log"]
    assert [c["name"] for c in sc["characters"]] == ["Маша"]
    # the page's scene is the engine's: its log replayed under CPython
    resp = api.handle({"op": "scene", "cmd": "replay", "log": sc["log"], "name": sc["name"]})
    assert resp["ok"] and resp["result"]["scene"] == sc
    health = sc["characters"][0]["state"]["health"]
    assert f"Здоровье {health}/" in t.js("() => document.querySelector('.svod-card').textContent")
    # what the status says of keeping it: a browser that cannot be asked (WebKitGTK) says so
    status = t.js("() => document.querySelector('.svod-scene__status').textContent")
    if t.js("() => !!(navigator.storage && navigator.storage.persist)"):
        assert status.startswith("Сохранено на этом устройстве") and "не даёт попросить" not in status, status
    else:
        assert "этот браузер не даёт попросить хранить сцены постоянно" in status and "в файле" in status, status
    shot(t, f"engines-{engine}-scene")

    t.reload()
    scene_ready(t, "the scene after reload")
    after = t.js("() => ({scene: svodScene.cur.scene, text: svodScene.cur.text})")
    assert after == before
    # the scenes' database is named for the site's base path (names.mjs): svod-scenes@/svod/; a
    # failure inside rejects (a throw in a handler would leave the promise, and the test, waiting)
    db = "svod-scenes@" + urlsplit(base_url).path
    stored = t.js("""(db) => new Promise((resolve, reject) => { const r = indexedDB.open(db);
        r.onsuccess = () => { try { const q = r.result.transaction('scenes', 'readonly').objectStore('scenes').getAll();
          q.onsuccess = () => { r.result.close(); resolve(q.result.map(x => x.text)); };
          q.onerror = () => reject(String(q.error)); } catch (e) { reject(String(e)); } };
        r.onerror = () => reject(String(r.error)); })""", db)
    assert stored == [before["text"]]
    assert_no_errors(t)


# ---- the install block -------------------------------------------------------------------------------

INSTALL_JS = """() => { const r = document.querySelector('[data-svod-install]');
  if (!r || !r.dataset.state) return null;
  const shown = (sel) => { const e = r.querySelector(sel); return !!e && !e.hidden && e.getClientRects().length > 0; };
  return {state: r.dataset.state, button: shown('[data-svod-install-button]'), steps: shown('[data-svod-install-steps]'),
          done: shown('[data-svod-install-done]'), text: r.textContent, offline: !!r.querySelector('[data-svod-offline]')}; }"""


def test_the_install_block(tab, base_url, shot, engine):
    t = tab()
    t.goto(base_url)
    block = t.wait(INSTALL_JS, what="the install block")
    t.js("() => { document.querySelector('[data-svod-install]').scrollIntoView(); return true; }")
    if block["state"] == "prompt":  # the browser offers to install: its button
        assert block["button"] and not block["steps"], block
    else:  # no offer (WebKit, Firefox): the steps by hand, honestly
        assert block["state"] == "steps" and block["steps"] and not block["button"] and not block["done"], block
    assert block["offline"], "the offline state is in the block"
    saved_offline(t)
    assert "работает без сети" in t.js(INSTALL_JS)["text"]
    shot(t, f"engines-{engine}-install")
    assert fits(t) <= 0
    assert_no_errors(t)
