"""Memory between rounds: each calculator keeps its last values and its last 20 rolls on the
device, across Material's instant navigation, a reload, a new visit and offline; the link still
wins (link > kept > defaults, value by value); «Сбросить» forgets the values; what was kept but
the spec no longer takes is set aside and told, never applied; the roll history is cleared on
demand. The next step's links open the next calculator filled with the numbers
``python -m rules_core run`` gives.
"""

from __future__ import annotations

import json
import random
import re
from urllib.parse import quote

import pytest

from rules_core import api
from tests.hostile import cases as hostile_cases, link_query as hostile_query, planted, storage_keys

from .calc_page import (CALCS, calc_root, cli_run, close, form_defaults, launch, read, serve_sitemap_for_this_host,
    set_value, visit, wait_state)
from .calc_reading import assert_matches_cli, engine_run
from .waits import BOOT_MS, READY, STEP_MS, painted, scroll_settled

CALC = "wod-pool"
OTHER = "serial-death-door"
SPEC = next(c for c in CALCS if c["id"] == CALC)
P = {p["name"]: p for p in SPEC["params"]}


def cached(page, base_url):
    """The whole site in the service worker's cache (a page without a calculator installs it at
    once: test_offline.py)."""
    page.goto(base_url)
    page.wait_for_function(READY, timeout=120_000)


def kept(page, calc_id=CALC):
    return page.evaluate("(k) => JSON.parse(localStorage.getItem(k))", f"svod.calc.v1.{calc_id}@/svod/")


def form_params(page, calc_id=CALC):
    page.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-attached]')
    return json.loads(calc_root(page, calc_id).get_attribute("data-params"))


def assert_computed(page, calc_id, where):
    wait_state(page, calc_id, timeout=BOOT_MS)
    dom = read(page, calc_id)
    code, expected = cli_run(calc_id, dom["params"])
    assert code == 0, expected
    assert_matches_cli(dom, expected, where)
    return dom


def test_values_survive_navigation_reload_and_offline(playwright_instance, base_url, site_dir, assert_on_host):
    ctx = launch(playwright_instance)
    try:
        serve_sitemap_for_this_host(ctx, base_url, site_dir)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base_url + f"calculators/{CALC}/")
        wait_state(page, CALC, timeout=BOOT_MS)
        set_value(page, CALC, P["dice"], 8)
        wait_state(page, CALC)
        set_value(page, CALC, P["ones_cancel"], not P["ones_cancel"]["default"])
        wait_state(page, CALC)
        want = {**form_defaults(SPEC), "dice": 8, "ones_cancel": not P["ones_cancel"]["default"]}
        assert form_params(page) == want
        assert kept(page) == {"values": {"dice": 8, "ones_cancel": want["ones_cancel"]}}

        # through the site's menu to another calculator and back: the link carries nothing
        page.evaluate("window.svodTour = 1")
        visit(page, OTHER)
        wait_state(page, OTHER, timeout=BOOT_MS)
        visit(page, CALC)
        assert form_params(page) == want
        assert_computed(page, CALC, "after navigation")
        # a new visit to the bare address, and a reload
        page.goto(base_url + f"calculators/{CALC}/")
        assert form_params(page) == want
        page.reload()
        assert form_params(page) == want
        assert_computed(page, CALC, "after reload")

        # the link wins, value by value: its dice, the kept «ones cancel»
        page.goto(base_url + f"calculators/{CALC}/?{CALC}.dice=3")
        assert form_params(page) == {**want, "dice": 3}
        assert_computed(page, CALC, "link over kept")

        # offline, once the site is cached (no routing meanwhile: it keeps the service worker
        # from caching)
        ctx.unroute("**/svod/sitemap.xml")
        cached(page, base_url)
        ctx.set_offline(True)
        page.goto(base_url + f"calculators/{CALC}/")
        assert form_params(page) == {**want, "dice": 3}
        assert_computed(page, CALC, "offline")

        # «Сбросить»: the defaults, nothing kept, nothing in the link; so after a reload too
        calc_root(page, CALC).locator(".svod-calc__reset").click()
        wait_state(page, CALC)
        assert form_params(page) == form_defaults(SPEC)
        assert kept(page) is None and f"{CALC}." not in page.url
        page.reload()
        assert form_params(page) == form_defaults(SPEC)
        assert_on_host(ctx, base_url)
    finally:
        close(ctx)


def test_a_kept_value_the_spec_no_longer_takes_is_set_aside_and_told(playwright_instance, base_url):
    ctx = launch(playwright_instance)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base_url + "calculators/")
        stale = {"values": {"dice": 999, "botch_rule": "gone-option", "no_such": 1, "difficulty": 7}}
        page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))", [f"svod.calc.v1.{CALC}@/svod/", stale])
        page.goto(base_url + f"calculators/{CALC}/")
        wait_state(page, CALC, timeout=BOOT_MS)
        root = calc_root(page, CALC)
        # what the spec takes is applied; the rest is not
        assert form_params(page) == {**form_defaults(SPEC), "difficulty": 7}
        aside = root.locator(".svod-calc__aside")
        assert aside.is_visible()
        text = aside.inner_text()
        assert "отложены" in text
        assert "999" in text and f"{P['dice']['min']} до {P['dice']['max']}" in text
        assert "gone-option" in text and "Нет такого варианта" in text
        assert "no_such" in text and "такого поля больше нет" in text
        # kept aside on the device (not dropped), no longer among the values
        assert kept(page) == {"values": {"difficulty": 7}}
        set_aside = page.evaluate("(k) => JSON.parse(localStorage.getItem(k))", f"svod.calc.v1.{CALC}.aside@/svod/")
        assert {e["name"] for e in set_aside} == {"dice", "botch_rule", "no_such"}
        assert next(e for e in set_aside if e["name"] == "dice")["value"] == 999
        # still told on the next visit, until the reader forgets them
        page.reload()
        wait_state(page, CALC, timeout=BOOT_MS)
        assert root.locator(".svod-calc__aside").is_visible()
        root.locator(".svod-calc__aside-forget").click()
        assert root.locator(".svod-calc__aside").is_hidden()
        assert page.evaluate("(k) => localStorage.getItem(k)", f"svod.calc.v1.{CALC}.aside@/svod/") is None
        # what cannot be read at all is set aside too
        page.evaluate("(k) => localStorage.setItem(k, '{not json')", f"svod.calc.v1.{CALC}@/svod/")
        page.goto(base_url + f"calculators/{CALC}/")  # the bare address: the link carries the values too
        wait_state(page, CALC, timeout=BOOT_MS)
        assert root.locator(".svod-calc__aside").inner_text().count("{not json") == 1
        assert form_params(page) == form_defaults(SPEC)
    finally:
        close(ctx)


def history(page, calc_id=CALC):
    return calc_root(page, calc_id).evaluate("""(root) => [...root.querySelectorAll('.svod-history__list > .svod-roll')].map(li => ({
      t: Number(li.dataset.t), time: li.querySelector('time').textContent,
      faces: [...li.querySelectorAll('.svod-die')].map(d => Number(d.textContent)),
      seed: li.querySelector('.svod-seed')?.textContent.match(/(\\d+)\\s*$/)?.[1] ?? null,
      outcome: li.querySelector('.svod-figure')?.textContent ?? null}))""")


def roll(page, calc_id=CALC):
    root = calc_root(page, calc_id)
    root.evaluate("r => delete r.dataset.rollState")
    root.locator(".svod-calc__roll").click()
    page.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-roll-state="done"]', timeout=STEP_MS)


def test_roll_history_keeps_the_last_20_and_survives_reload_and_offline(playwright_instance, base_url, site_dir):
    ctx = launch(playwright_instance)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base_url + f"calculators/{CALC}/")
        wait_state(page, CALC, timeout=BOOT_MS)
        for _ in range(3):
            roll(page)
        rolls = history(page)
        assert len(rolls) == 3
        assert rolls[0]["t"] >= rolls[1]["t"] >= rolls[2]["t"]  # newest first
        params = form_params(page)
        for r in rolls:  # each roll is rules_core's for its seed: faces and outcome
            again = api.roll(CALC, params, seed=int(r["seed"]))
            assert r["faces"] == [f for b in again["display"] if b["kind"] == "dice" for f in b["faces"]]
            fig = next(b for b in again["display"] if b["kind"] == "figures")["items"][0]
            assert fig["label"]["ru"] in r["outcome"] and fig["value"]["ru"] in r["outcome"]
            assert len(r["time"]) == 8 and r["time"][2] == ":"  # HH:MM:SS today
        page.reload()
        wait_state(page, CALC, timeout=BOOT_MS)
        assert history(page) == rolls
        # offline, on a page that keeps them
        cached(page, base_url)
        ctx.set_offline(True)
        page.goto(base_url + f"calculators/{CALC}/")
        wait_state(page, CALC, timeout=BOOT_MS)
        assert history(page) == rolls
        # the last 20 only
        for _ in range(18):  # 21 in all
            roll(page)
        later = history(page)
        assert len(later) == 20 and later[-2:] == rolls[:2] and rolls[2] not in later
        # cleared on demand, for good
        calc_root(page, CALC).locator(".svod-history__clear").click()
        assert history(page) == []
        page.reload()
        wait_state(page, CALC, timeout=BOOT_MS)
        assert history(page) == [] and page.evaluate("localStorage.getItem('svod.rolls.v1.%s@/svod/')" % CALC) is None
    finally:
        close(ctx)


def test_history_entries_it_cannot_read_are_kept_and_told(playwright_instance, base_url):
    """Another version's entries (or a damaged list) are neither shown nor dropped: the history
    says how many it cannot read, a new roll keeps them after the readable ones, and «Очистить
    историю» removes them with the rest."""
    ctx = launch(playwright_instance)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base_url + f"calculators/{CALC}/")
        wait_state(page, CALC, timeout=BOOT_MS)
        roll(page)
        key = f"svod.rolls.v1.{CALC}@/svod/"
        good = page.evaluate("(k) => JSON.parse(localStorage.getItem(k))", key)
        strange = [{"t": "yesterday", "faces": [1, 2]}, "a line of another version"]
        page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))", [key, good + strange])
        page.reload()
        wait_state(page, CALC, timeout=BOOT_MS)
        told = calc_root(page, CALC).locator(".svod-history__unread")
        assert "не может прочесть: 2" in told.inner_text()
        assert len(history(page)) == 1
        roll(page)
        kept = page.evaluate("(k) => JSON.parse(localStorage.getItem(k))", key)
        assert len(history(page)) == 2 and kept[2:] == strange and kept[1] == good[0]
        # a list that is no JSON at all: kept as it is, told, and a new roll keeps it too
        page.evaluate("(k) => localStorage.setItem(k, '[{broken')", key)
        page.reload()
        wait_state(page, CALC, timeout=BOOT_MS)
        assert "не может прочесть: 1" in told.inner_text() and history(page) == []
        roll(page)
        kept = page.evaluate("(k) => JSON.parse(localStorage.getItem(k))", key)
        assert len(kept) == 2 and kept[1] == "[{broken"
        calc_root(page, CALC).locator(".svod-history__clear").click()
        assert page.evaluate("(k) => localStorage.getItem(k)", key) is None and told.count() == 0
    finally:
        close(ctx)


def _near(p: dict, rnd: random.Random):
    """A valid value of a scalar param near its default (the calculators' costs grow with pools)."""
    if p["kind"] == "int":
        lo, hi = p.get("min", p["default"] - 5), p.get("max", p["default"] + 5)
        return rnd.choice([lo, hi, rnd.randint(max(lo, p["default"] - 3), min(hi, p["default"] + 3))])
    if p["kind"] == "bool":
        return not p["default"]
    if p["kind"] == "choice":
        return rnd.choice(p["options"])["value"]
    if p["kind"] == "int_list":
        return [rnd.randint(p["min"], min(p["max"], 12)) for _ in range(rnd.randint(max(1, p["min_len"]), 4))]
    return p["default"]


def next_steps():
    """One hand-over of each kind the calculators offer (calculator → next calculator): for the
    defaults, or for random requests near them, by the engine: (calculator, params, next step)."""
    rnd = random.Random(3)
    out, seen = [], set()
    for spec in CALCS:
        variants = [{}] + [{p["name"]: _near(p, rnd) for p in spec["params"] if p["kind"] != "record_list" and rnd.random() < 0.4}
                           for _ in range(40)]
        for params in variants:
            code, res = engine_run(spec["id"], params)
            if code != 0:
                continue
            for step in res.get("next") or []:
                key = (spec["id"], step["id"])
                if key not in seen:
                    seen.add(key)
                    out.append((spec["id"], params, step))
    return out


def link_query(calc_id: str, params: dict) -> str:
    """A link's query for these values (kinds.mjs's writing: 1/0, lists by commas)."""
    def text(v):
        return "1" if v is True else "0" if v is False else ",".join(map(str, v)) if isinstance(v, list) else str(v)

    return "&".join(f"{calc_id}.{k}={quote(text(v))}" for k, v in params.items())


def test_each_hand_over_fills_the_next_calculator(playwright_instance, base_url, site_dir):
    """Each next step the engine offers is a link on the page; followed, it opens the next
    calculator with those values (the command line's), which computes the command line's
    numbers; offline too, once the site is cached."""
    steps = next_steps()
    assert steps, "no calculator offers a next step"
    ctx = launch(playwright_instance)
    try:
        serve_sitemap_for_this_host(ctx, base_url, site_dir)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        for n, (calc_id, params, step) in enumerate(steps):
            code, res = cli_run(calc_id, params)
            assert code == 0
            cli_step = next(s for s in res["next"] if s["id"] == step["id"])
            query = link_query(calc_id, params)
            page.goto(base_url + f"calculators/{calc_id}/" + (f"?{query}" if query else ""))
            wait_state(page, calc_id, timeout=BOOT_MS)
            if n == len(steps) - 1:  # the last one offline
                ctx.unroute("**/svod/sitemap.xml")  # routing keeps the service worker from caching
                cached(page, base_url)
                ctx.set_offline(True)
                page.goto(base_url + f"calculators/{calc_id}/" + (f"?{query}" if query else ""))
                wait_state(page, calc_id, timeout=BOOT_MS)
            link = calc_root(page, calc_id).locator(f'.svod-next a[data-next="{step["id"]}"]')
            link.wait_for(timeout=STEP_MS)
            assert link.inner_text().startswith(cli_step["label"]["ru"])
            link.click()
            page.wait_for_selector(f'.svod-calc[data-calc="{step["id"]}"][data-attached]')
            wait_state(page, step["id"], ("done", "invalid"), timeout=BOOT_MS)
            got = json.loads(calc_root(page, step["id"]).get_attribute("data-params"))
            target = next(c for c in CALCS if c["id"] == step["id"])
            for name, v in cli_step["params"].items():
                p = next(q for q in target["params"] if q["name"] == name)
                want = [{f["name"]: r.get(f["name"], f["default"]) for f in p["fields"]} for r in v] \
                    if p["kind"] == "record_list" else v
                assert got[name] == want, (calc_id, step["id"], name)
            assert_computed(page, step["id"], f"{calc_id} → {step['id']}")
    finally:
        close(ctx)


def test_a_hand_over_to_a_calculator_on_the_same_page_fills_it_there(playwright_instance, base_url, site_dir):
    """A rule page that holds both calculators (the attack and the death's door on «Бой»): the
    next step fills the one below in place, with the command line's values, and brings it in
    sight; the page stays (no navigation)."""
    pages = {}
    for html in site_dir.rglob("index.html"):
        rel = html.relative_to(site_dir).as_posix()
        if rel.startswith(("calculators/", "en/")):
            continue
        text = html.read_text(encoding="utf-8")
        pages[rel[: -len("index.html")]] = set(re.findall(r'data-calc="([^"]+)"', text))
    found = [(calc_id, params, step, page) for calc_id, params, step in next_steps()
             for page, ids in sorted(pages.items()) if {calc_id, step["id"]} <= ids]
    assert found, "no page holds a calculator and its next step"
    calc_id, params, step, where = found[0]
    ctx = launch(playwright_instance, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        query = link_query(calc_id, params)
        page.goto(base_url + where + "?" + query)
        wait_state(page, calc_id, timeout=BOOT_MS)
        page.evaluate("window.svodStay = 1")
        _, res = cli_run(calc_id, params)
        cli_step = next(s for s in res["next"] if s["id"] == step["id"])
        calc_root(page, calc_id).locator(f'.svod-next a[data-next="{step["id"]}"]').tap()
        page.wait_for_function("([id, params]) => { const r = document.querySelector(`.svod-calc[data-calc='${id}']`);"
                               " const got = JSON.parse(r.dataset.params); return r.dataset.state === 'done' &&"
                               " Object.entries(params).every(([k, v]) => JSON.stringify(got[k]) === JSON.stringify(v)); }",
                               arg=[step["id"], cli_step["params"]], timeout=STEP_MS)
        assert page.evaluate("window.svodStay") == 1
        assert_computed(page, step["id"], f"{calc_id} → {step['id']} on {where}")
        scroll_settled(page)  # the smooth scroll
        box = calc_root(page, step["id"]).bounding_box()
        assert box["y"] < 740 and box["y"] + box["height"] > 0
    finally:
        close(ctx)


# ---- the hostile corpus: records planted on the device, links (tests/data/hostile/) ---------------------

PHONE = {"width": 360, "height": 740}
#: A storage that is full for these keys (QuotaExceededError, as when every site of a github.io
#: account has filled the storage they share), the rest as it is.
FULL_JS = """(() => { const keys = %s; const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (keys.includes(k)) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return set.call(this, k, v);
  }; })()"""


def stored(page, key):
    return page.evaluate("(k) => { const t = localStorage.getItem(k); try { return JSON.parse(t); } catch { return t; } }", key)


def assert_nothing_ran(page, errors, where):
    assert errors == [], (where, errors)
    assert page.evaluate("window.__pwned") is None, where
    assert page.evaluate("(window.svodErrors || []).map(String)") == [], where


@pytest.mark.parametrize("name", [n for n, _ in hostile_cases("kept")])
def test_each_planted_record_is_read_by_its_schema_kept_told_and_rolling_goes_on(playwright_instance, base_url, shot, name):
    """Each record of tests/data/hostile/kept/ planted in localStorage, then the calculator opened on a
    phone: what its schema takes is applied or drawn; the rest is kept on the device and told (the
    history counts what it cannot read, the set-aside values are listed, at most 20 lines); a value
    that cannot be set aside (the storage full) stays kept and is said beside its field; no markup
    of a record runs; and «Бросить» rolls, the history drawn with the new roll, nothing dropped."""
    case = dict(hostile_cases("kept"))[name]
    calc, want, keys = case["calc"], case["expect"], storage_keys(case["calc"])
    ctx = launch(playwright_instance, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base_url + "calculators/")
        page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", planted(case))
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        if case.get("full"):
            page.add_init_script(FULL_JS % json.dumps([keys[k] for k in case["full"]]))
        page.goto(base_url + f"calculators/{calc}/")
        wait_state(page, calc, timeout=BOOT_MS)
        root = calc_root(page, calc)
        if "rolls" in want:
            assert len(history(page, calc)) == want["rolls"]
            told = root.locator(".svod-history__unread")
            if want["unread"]:
                assert f"не может прочесть: {want['unread']}" in told.inner_text()
            else:
                assert told.count() == 0
        if "aside" in want:
            assert root.locator(".svod-calc__aside li").count() == want["aside"]
            assert root.locator(".svod-calc__aside").is_visible() == (want["aside"] > 0)
        text = root.inner_text()
        for words in want.get("text", []):
            assert words in text, words
        params = form_params(page, calc)
        for k, v in want.get("params", {}).items():
            assert params[k] == v, (k, params[k])
        for field, words in want.get("field_notes", {}).items():
            note = root.locator(f'[data-field="{field}"] > .svod-kept-note')
            assert note.is_visible() and words in note.inner_text()
        if case.get("full") or name.startswith("aside-five"):
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                painted(page)
                shot(page, f"hostile-kept-{name}-{scheme}", full_page=True)
        before = stored(page, keys["rolls"])
        if next(c for c in CALCS if c["id"] == calc).get("can_roll"):
            roll(page, calc)  # never spins for ever
            drawn = want.get("rolls", 0) + 1
            assert len(history(page, calc)) == drawn
            after = stored(page, keys["rolls"])
            unread = want.get("unread", 0)
            assert len(after) == drawn + unread  # what it cannot read, kept after the rolls
            if isinstance(before, list) and unread:
                assert all(e in after for e in before)
            elif unread:
                assert after[-1] == before
        for k, v in want.get("stored", {}).items():
            assert stored(page, keys[k]) == v, k
        assert_nothing_ran(page, errors, name)
    finally:
        close(ctx)


#: A link longer than this is given to the page by routing (the test server reads request lines of at
#: most 64 KiB, as Python's http.server does; a browser takes 2 MB).
LONG_LINK = 60_000


@pytest.mark.parametrize("name", [n for n, _ in hostile_cases("links")])
def test_each_hostile_link_is_read_strictly_and_its_refusals_are_bounded(playwright_instance, base_url, shot, name):
    """Each link of tests/data/hostile/links/ opened on a phone: an old name of a renamed parameter
    reads as its new ones and computes the command line's numbers; what the form cannot take is
    refused beside its field or above the result, in words; a refusal list draws at most 20 lines
    and «…и ещё N»; no markup of the link runs."""
    case = dict(hostile_cases("links"))[name]
    calc, want = case["calc"], case["expect"]
    ctx = launch(playwright_instance, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        plain = base_url + f"calculators/{calc}/"
        url = plain + "?" + hostile_query(case)
        if len(url) > LONG_LINK:
            page.route(lambda u: u.startswith(plain + "?"), lambda route: route.fulfill(response=route.fetch(url=plain)))
        page.goto(url)
        wait_state(page, calc, (want["state"],), timeout=BOOT_MS)
        root = calc_root(page, calc)
        params = form_params(page, calc)
        for k, v in want.get("params", {}).items():
            assert params[k] == v, (k, params[k])
        general = root.locator(".svod-calc__errors")
        if "general_lines" in want:
            assert general.locator("p").count() == want["general_lines"]
        for words in want.get("text", []):
            assert words in general.inner_text(), words
        for field, words in want.get("field_errors", {}).items():
            err = root.locator(f'[data-field="{field}"] > .svod-err')
            assert err.is_visible() and words in err.inner_text()
        if "max_height" in want:
            height = page.evaluate("document.documentElement.scrollHeight")
            assert height <= want["max_height"], height
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                painted(page)
                shot(page, f"hostile-link-{name}-{scheme}", full_page=True)
        if want["state"] == "done":
            dom = read(page, calc)
            code, expected = cli_run(calc, dom["params"])
            assert code == 0, expected
            assert_matches_cli(dom, expected, name)
        assert_nothing_ran(page, errors, name)
    finally:
        close(ctx)
