"""Calculators in a real browser (chromium), generic over ``rules_core.api.list_calculators()``:
every calculator on the site gives the numbers ``python -m rules_core run`` gives, bad input
shows the API's message beside its field, a link restores a calculator, one worker serves
the whole visit, the phone layout has no horizontal scroll, and nothing leaves the host.

Most checks share one page (module fixture) and move between calculators with Material's
instant navigation, so Python boots once for them all.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from urllib.parse import quote

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rules_core import api

from .calc_page import (CALCS, INT_EMPTY, INT_TEXT, alternative, calc_root, cli_run, close, form_defaults, launch,
    open_fold_of, read, record_shown, serve_sitemap_for_this_host, set_value, shown, start_tour, url_param, visit,
    wait_state, worker_answer)
from .calc_reading import assert_matches_cli, engine_run
from .conftest import ROOT, off_host
from .waits import BOOT_MS, STEP_MS, frames, painted

IDS = [c["id"] for c in CALCS]


@pytest.fixture
def tour(playwright_instance, base_url, site_dir):
    """A fresh page of the test's own for a tour of calculators (one Python boot for them all)."""
    ctx = launch(playwright_instance)
    yield start_tour(ctx, base_url, site_dir)
    close(ctx)


#: The systems, each a test of its calculators on one page (the tests of different systems run
#: side by side; none carries a page over to another).
SYSTEMS = sorted({c["system"] for c in CALCS})


def of_system(system: str) -> list[str]:
    return [c["id"] for c in CALCS if c["system"] == system]


def open_by_instant_navigation(page, calc_id):
    """From the calculators list, click through to the calculator (Material's instant
    navigation: no page load); back to the list by the browser's history."""
    link = page.locator(f"article a[href$='/calculators/{calc_id}/']")
    if not link.count():
        page.go_back()
        link.first.wait_for()
    page.evaluate("document.querySelectorAll('.svod-calc').forEach(e => e.dataset.leaving = '1')")
    link.first.click()
    page.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"]:not([data-leaving])')


def test_every_calculator_default_matches_cli_with_one_worker(tour, base_url):
    # the CLI runs alongside the browser: one process per calculator, started now
    procs = {calc_id: subprocess.Popen([sys.executable, "-m", "rules_core", "run", calc_id, "{}"], cwd=ROOT,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for calc_id in IDS}
    for calc_id in IDS:
        open_by_instant_navigation(tour, calc_id)
        wait_state(tour, calc_id, timeout=BOOT_MS)
        dom = read(tour, calc_id)
        out, _ = procs[calc_id].communicate(timeout=120)
        assert procs[calc_id].returncode == 0
        assert_matches_cli(dom, json.loads(out), f"{calc_id} defaults")
        # the exact fractions on demand
        root = calc_root(tour, calc_id)
        exact = root.locator(".svod-calc__result .svod-v[data-exact] + .svod-exact").first
        if exact.count():
            want = root.locator(".svod-calc__result .svod-v[data-exact]").first.get_attribute("data-exact")
            want = (want[:-2] if want.endswith("/1") else want).replace("-", "−")
            assert exact.is_hidden()
            root.locator(".svod-calc__exact").check()
            assert exact.is_visible() and exact.inner_text().strip() == f"= {want}"
    # instant navigation kept the page, the module and its one worker
    assert tour.evaluate("[window.svodTour, svodCalc.rt.boots]") == [1, 1]
    assert not tour.svod_errors
    assert not off_host(tour.context.svod_requests, base_url)


def check_changed_inputs_match_and_go_to_the_url(tour, calc_id):
    spec = next(c for c in CALCS if c["id"] == calc_id)
    changed = 0
    for p in spec["params"]:
        value = alternative(p)
        if value is None or p["name"] not in shown(calc_id, read(tour, calc_id)["params"]):
            continue  # a field that does not apply is hidden: test_calc_layout.py
        set_value(tour, calc_id, p, value)
        wait_state(tour, calc_id, ("done", "invalid"))
        dom = read(tour, calc_id)
        assert dom["params"][p["name"]] == value
        code, expected = engine_run(calc_id, dom["params"])
        if code == 0:
            assert dom["state"] == "done" and not dom["errors"]
            assert_matches_cli(dom, expected, f"{calc_id} {dom['params']}")
        else:  # a combination the rules forbid (a check across fields): the same message
            assert dom["state"] == "invalid"
            assert set(dom["errors"].values()) >= {e["ru"] for e in expected["errors"] if e["field"] in dom["errors"]}
        assert url_param(calc_id, p, value) in tour.url, tour.url
        changed += 1
        if changed >= 3:
            break
    # «Сбросить» brings the defaults back and clears the URL
    calc_root(tour, calc_id).locator(".svod-calc__reset").click()
    wait_state(tour, calc_id)
    assert f"{calc_id}." not in tour.url
    assert read(tour, calc_id)["params"] == form_defaults(spec)


def check_bad_input_shows_the_api_message_beside_the_field(tour, calc_id):
    spec = next(c for c in CALCS if c["id"] == calc_id)
    ints = [p for p in spec["params"] if p["kind"] == "int" and p.get("max") is not None
            and p["name"] in shown(calc_id, read(tour, calc_id)["params"])]
    if not ints:
        return
    p = ints[0]
    before = read(tour, calc_id)
    set_value(tour, calc_id, p, p["max"] + 1)
    wait_state(tour, calc_id, ("invalid",))
    dom = read(tour, calc_id)
    code, expected = engine_run(calc_id, {p["name"]: p["max"] + 1})
    assert code == 2
    want = next(e["ru"] for e in expected["errors"] if e["field"] == p["name"])
    assert dom["errors"].get(p["name"]) == want
    # beside the field: inside the field's own container, announced, and the input marked
    field = calc_root(tour, calc_id).locator(f'[data-field="{p["name"]}"]')
    assert field.locator(".svod-err").inner_text() == want
    assert field.locator(f'[name="{p["name"]}"]').get_attribute("aria-invalid") == "true"
    # the last good result stays (dimmed), and the calculator recovers
    assert dom["figures"] == before["figures"]
    set_value(tour, calc_id, p, p["default"])
    wait_state(tour, calc_id)
    assert not read(tour, calc_id)["errors"]
    # an emptied field: refused by the page itself, beside the field (and the engine agrees)
    set_value(tour, calc_id, p, "")
    wait_state(tour, calc_id, ("invalid",))
    assert read(tour, calc_id)["errors"].get(p["name"]) == INT_EMPTY
    assert engine_run(calc_id, {p["name"]: ""})[0] == 2


def check_roll_button_shows_the_faces(tour, calc_id):
    """«Бросить» adds the roll to the history (newest first) with its faces, outcome and time; the
    seed is folded in the roll's details; the summary bar shows the same faces."""
    root = calc_root(tour, calc_id)
    before = root.locator(".svod-history__list > .svod-roll").count()
    root.evaluate("r => delete r.dataset.rollState")
    root.locator(".svod-calc__roll").click()
    tour.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-roll-state="done"]', timeout=STEP_MS)
    entries = root.locator(".svod-history__list > .svod-roll")
    assert entries.count() == min(before + 1, 20)
    newest = entries.first
    more = newest.locator("details.svod-roll__more")
    assert more.get_attribute("open") is None  # the seed is there, folded
    seed = re.search(r"(\d+)\s*$", more.locator(".svod-seed").text_content())[1]
    assert newest.locator("time").get_attribute("datetime")
    params = json.loads(root.get_attribute("data-params"))
    # the same seed through the API gives the same faces: the page shows rules_core's roll
    again = api.roll(calc_id, params, seed=int(seed))
    want = [f for b in again["display"] if b["kind"] == "dice" for f in b["faces"]]
    got = [int(x) for x in newest.locator(".svod-die").all_inner_texts()]
    assert got == want
    # in sight, in the summary bar: each group's first 12 faces (the rest counted), each group
    # named when there are two or more, «нет кубиков» for one that rolled none, the first figures
    bar = root.locator(".svod-calc__lastroll")
    groups = [b for b in again["display"] if b["kind"] == "dice"]
    assert [int(x) for x in bar.locator(".svod-die").all_inner_texts()] == [f for b in groups for f in b["faces"][:12]]
    text = bar.inner_text()
    for b in groups:
        if len(groups) > 1:
            assert b["label"]["ru"] in text, (calc_id, b["label"])
        if len(b["faces"]) > 12:
            assert f"+{len(b['faces']) - 12}" in text
    assert ("нет кубиков" in text) == any(not b["faces"] for b in groups), (calc_id, text)
    figures = [i for b in again["display"] if b["kind"] == "figures" for i in b["items"]]
    if figures:  # its outcome
        assert newest.locator(f'.svod-figure[data-key="{figures[0]["key"]}"]').count() == 1
        assert all(i["label"]["ru"] in text for i in figures[:3]), (calc_id, text)
    else:
        assert "в «Бросках» ниже" in text


def check_list_inputs_edit_and_match(tour, calc_id):
    """int_list (numbers separated by commas) and record_list (rows added and removed)."""
    spec = next(c for c in CALCS if c["id"] == calc_id)
    root = calc_root(tour, calc_id)
    if not any(p["kind"] in ("int_list", "record_list") for p in spec["params"]):
        return
    root.locator(".svod-calc__reset").click()
    wait_state(tour, calc_id)

    def check(where):
        wait_state(tour, calc_id, ("done", "invalid"))
        dom = read(tour, calc_id)
        code, expected = engine_run(calc_id, dom["params"])
        if code == 0:
            assert dom["state"] == "done" and not dom["errors"], where
            assert_matches_cli(dom, expected, where)
        else:
            assert dom["state"] == "invalid", where
        return dom

    for p in spec["params"]:
        if p["name"] not in shown(calc_id, {}):
            continue  # a list that applies only under other values (test_calc_layout's chips make it apply)
        if p["kind"] == "int_list":
            values = list(p["default"])[: max(p.get("min_len", 0), 1)] + [p.get("min", 0) or 0]
            field = root.locator(f'[name="{p["name"]}"]')
            field.fill(", ".join(map(str, values)))
            dom = check(f"{calc_id} {p['name']}={values}")
            assert dom["params"][p["name"]] == values
            assert f"{calc_id}.{p['name']}=" + "%2C".join(map(str, values)) in tour.url
            # a word in the list: refused beside the list, naming the item (the engine agrees)
            field.fill("3, x")
            wait_state(tour, calc_id, ("invalid",))
            assert read(tour, calc_id)["errors"].get(p["name"]) == f"Элемент 2: {INT_TEXT}"
            assert engine_run(calc_id, {p["name"]: [3, "x"]})[0] == 2
            field.fill(", ".join(map(str, p["default"])))
            check(f"{calc_id} {p['name']} default")
        elif p["kind"] == "record_list":
            box = root.locator(f'[data-field="{p["name"]}"]')
            n = box.locator(".svod-record").count()
            assert n == len(p["default"])
            if p.get("max_len") is None or n < p["max_len"]:
                box.locator(".svod-record__add").click()
                assert box.locator(".svod-record").count() == n + 1
                dom = check(f"{calc_id} {p['name']} +1 row")
                assert len(dom["params"][p["name"]]) == n + 1
                assert f"{calc_id}.{p['name']}=" in tour.url
            # edit a field of the last row, then remove the first row
            last = box.locator(".svod-record").last
            rec = read(tour, calc_id)["params"][p["name"]][-1]
            ints = [f for f in p["fields"] if f["kind"] == "int" and alternative(f) is not None
                    and f["name"] in record_shown(calc_id, p["name"], rec)]
            if ints:
                f = ints[0]
                last.locator(f'[name$=".{f["name"]}"]').fill(str(alternative(f)))
                dom = check(f"{calc_id} {p['name']} edited")
                assert dom["params"][p["name"]][-1][f["name"]] == alternative(f)
            before = read(tour, calc_id)["params"][p["name"]]
            box.locator(".svod-record__remove").first.click()
            dom = check(f"{calc_id} {p['name']} -1 row")
            assert dom["params"][p["name"]] == before[1:]
            if len(before) - 1 < p["min_len"]:  # too short now: refused beside the list
                assert dom["state"] == "invalid" and dom["errors"].get(p["name"])


@pytest.mark.parametrize("system", SYSTEMS)
def test_calculator_inputs_errors_rolls_and_lists(tour, system):
    """Per calculator of a system, on the tour's page (one visit each, the same worker): changed
    inputs match the engine and go to the URL, «Бросить» shows rules_core's faces, bad input
    shows the API's message beside its field, list inputs edit and match."""
    for calc_id in of_system(system):
        visit(tour, calc_id)
        wait_state(tour, calc_id, timeout=BOOT_MS)
        check_changed_inputs_match_and_go_to_the_url(tour, calc_id)
        if next(c for c in CALCS if c["id"] == calc_id)["can_roll"]:
            check_roll_button_shows_the_faces(tour, calc_id)
        check_bad_input_shows_the_api_message_beside_the_field(tour, calc_id)
        check_list_inputs_edit_and_match(tour, calc_id)


# ---- deep links: generated from the specs, and the pathological ones ----------------------

def link_text(p: dict, value) -> str:
    """A value as the page writes it into its link (kinds.mjs encode)."""
    if p["kind"] == "bool":
        return "1" if value else "0"
    if p["kind"] == "int_list":
        return ",".join(map(str, value))
    if p["kind"] == "record_list":
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def good_value(p: dict):
    """A valid value other than the default (lists too), or None."""
    if p["kind"] == "int_list":
        v = list(reversed(p["default"]))
        return v if v != p["default"] else p["default"][:-1] if len(p["default"]) > p["min_len"] else None
    if p["kind"] == "record_list":
        return p["default"][:1] if p["min_len"] <= 1 and len(p["default"]) > 1 else None
    return alternative(p)


#: A bad link value per kind and where the page refuses it (the field the message is shown
#: beside: the param's own, or the first record's row).
BAD = {"int": ("1_0", "{name}"), "bool": ("junk", "{name}"), "choice": ("zzz", "{name}"),
       "int_list": ("1,,2", "{name}"), "record_list": ("[5]", "{name}[0]")}


def open_link(page, url: str, calc_id: str) -> None:
    """Follow a link to ``url`` from inside the site, as a reader clicks one: Material's instant
    navigation (no page load, the same worker); via the calculators' list, so that a link to the
    page already open is a new page too."""
    if page.locator(".svod-calc").count():
        page.evaluate("document.querySelectorAll('.svod-calc').forEach(e => e.dataset.leaving = '1')")
        target = page.locator(f"article a[href$='/calculators/{calc_id}/']").first
        # the index is one of the site's largest pages: on a loaded machine it may take a while;
        # a click Material's instant navigation let pass (one still settling) is clicked again,
        # as a reader would
        for attempt in range(3):
            if attempt == 0 or not page.url.split("?")[0].endswith("/calculators/"):
                page.locator("article a[href$='/calculators/']").first.click()
            try:
                target.wait_for(timeout=BOOT_MS // 3)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
    page.evaluate("""(href) => { const a = document.createElement('a'); a.href = href; a.textContent = 'link';
      a.id = 'svod-test-link'; document.querySelector('article').append(a); }""", url)
    page.click("#svod-test-link")
    page.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-attached]:not([data-leaving])', timeout=BOOT_MS)


def test_deep_links_generated_from_the_specs(tour, base_url):
    """Every calculator, followed from a link: one with a valid value for every param it can
    change (the form shows them and the result is the engine's), one with a bad value of its
    kind for every param (each refused beside its field at once, nothing computed, no call to
    the worker). One page and one worker for them all."""
    for spec in CALCS:
        calc_id = spec["id"]
        good = {p["name"]: v for p in spec["params"] if (v := good_value(p)) is not None}
        query = "&".join(f"{quote(calc_id)}.{quote(n)}={quote(link_text(next(p for p in spec['params'] if p['name'] == n), v))}"
                         for n, v in good.items())
        open_link(tour, f"{base_url}calculators/{calc_id}/?{query}", calc_id)
        wait_state(tour, calc_id, ("done", "invalid"), timeout=BOOT_MS)
        dom = read(tour, calc_id)
        for name, v in good.items():
            p = next(q for q in spec["params"] if q["name"] == name)
            want = [{f["name"]: r.get(f["name"], f["default"]) for f in p["fields"]} for r in v] if p["kind"] == "record_list" else v
            assert dom["params"][name] == want, (calc_id, name)
        code, expected = engine_run(calc_id, dom["params"])
        if code == 0:
            assert dom["state"] == "done" and not dom["errors"], (calc_id, dom["errors"])
            assert_matches_cli(dom, expected, f"{calc_id} link")
        else:  # values valid one by one that the rules forbid together: the engine's message
            assert dom["state"] == "invalid" and set(dom["errors"].values()) & {e["ru"] for e in expected["errors"]}

        calls = tour.evaluate("svodCalc.rt.seq")
        query = "&".join(f"{quote(calc_id)}.{quote(p['name'])}={quote(BAD[p['kind']][0])}" for p in spec["params"])
        open_link(tour, f"{base_url}calculators/{calc_id}/?{query}", calc_id)
        wait_state(tour, calc_id, ("invalid",))
        dom = read(tour, calc_id)
        hidden = set(calc_root(tour, calc_id).evaluate(
            "r => [...r.querySelectorAll('.svod-calc__form [data-field][hidden]')].filter(e => !e.closest('.svod-record')).map(e => e.dataset.field)"))
        # hidden: the fields whose condition is false under what the form holds (the link's refused
        # values are not held: a yes/no or a choice keeps its default), by the engine's reading
        assert hidden == {q["name"] for q in spec["params"]} - shown(calc_id, dom["params"]), calc_id
        for p in spec["params"]:
            at = BAD[p["kind"]][1].format(name=p["name"])
            if p["name"] in hidden:  # a field that does not apply: its refusal is not shown
                assert not any(k == p["name"] or k.startswith(f"{p['name']}[") for k in dom["errors"]), (calc_id, at)
            else:
                assert dom["errors"].get(at), (calc_id, at, dom["errors"])
        assert "svod-calc--stale" in calc_root(tour, calc_id).get_attribute("class")
        frames(tour)  # what the page does on following a link it has done by the frames after
        assert tour.evaluate("svodCalc.rt.seq") == calls, f"{calc_id}: a refused link was sent to the worker"
    assert tour.evaluate("[window.svodTour, svodCalc.rt.boots]") == [1, 1]
    assert not tour.svod_errors


DRUNK = "lysogorsk-drunkenness"


def drunk_link(base_url, **values) -> str:
    return f"{base_url}calculators/{DRUNK}/?" + "&".join(f"{DRUNK}.{k}={quote(v)}" for k, v in values.items())


@pytest.mark.parametrize("size", ["24 KB", "1 MB"])
def test_huge_deep_links_are_refused_before_a_row_is_drawn(new_context, base_url, site_dir, size):
    """A link with a list far longer than the spec allows (2,000 records: 24 KB; a 1-MB one) is
    refused beside the list before a row of it is drawn: the form keeps its rows, nothing is
    sent to the worker, the page does not freeze, and the calculator works as soon as the reader
    changes the list."""
    if size == "24 KB":
        url = drunk_link(base_url, drinks=json.dumps([{}] * 2000))
        assert len(url) > 24_000
    else:
        url = drunk_link(base_url, drinks="[" + '{"drink":"beer"},' * 31_000 + "{}]")
        assert len(url) > 1_000_000
    ctx = new_context()
    # a request line of a megabyte is more than a web server takes (the service worker answers
    # it on a warm visit): the page itself is served here
    html = (site_dir / f"calculators/{DRUNK}/index.html").read_text(encoding="utf-8")
    ctx.route(lambda u: f"/calculators/{DRUNK}/?" in u, lambda route: route.fulfill(status=200, body=html, content_type="text/html"))
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_state(page, DRUNK, ("invalid",))
    dom = read(page, DRUNK)
    spec = next(c for c in CALCS if c["id"] == DRUNK)
    drinks = next(p for p in spec["params"] if p["name"] == "drinks")
    # refused for its length (the link's text, before it is parsed) or its number of records
    msg = dom["errors"].get("drinks", "")
    assert msg.startswith(("Значение в ссылке слишком длинное", "В ссылке 2000 элем.")) and "можно не больше" in msg, msg
    root = calc_root(page, DRUNK)
    assert root.locator(".svod-record").count() == len(drinks["default"])
    assert page.evaluate("svodCalc.rt.seq") == 0
    # the reader changes the list: the refusal goes, the calculator computes, the link is the form's
    root.locator('[data-field="drinks"] .svod-record__add').first.click()  # the list starts with one row
    wait_state(page, DRUNK, ("done",), timeout=BOOT_MS)
    assert not read(page, DRUNK)["errors"]
    assert len(page.url) < 2000
    assert not errors


def test_bad_values_are_refused_beside_their_fields(new_context, base_url, site_dir):
    """What a link or a reader gives that is no value is refused beside its field, in the
    page's language, never replaced by a default or read as something else: an unknown drink,
    "bubbles": "false", a yes/no that is neither, Arabic-Indic and full-width digits, "1_0";
    every bad record is reported. «−5» typed with the minus sign U+2212 is −5."""
    ctx = new_context()
    serve_sitemap_for_this_host(ctx, base_url, site_dir)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    drinks = [{"drink": "zzz"}, {"drink": "custom", "bubbles": "false"}, {"drink": "beer", "count": 1},
              {"drink": "custom", "bubbles": "no", "count": 2}]
    page.goto(drunk_link(base_url, drinks=json.dumps(drinks), willing="junk", stamina="\u0663", fortitude="\uff11",
                         confidence="1_0", modifier="-3", negative_traits="1"))
    wait_state(page, DRUNK, ("invalid",))
    dom = read(page, DRUNK)
    assert dom["errors"] == {
        "drinks[0].drink": "Нет такого варианта: «zzz».",
        "drinks[1].bubbles": 'Нужно true или false, а не "false".',
        "drinks[3].bubbles": 'Нужно true или false, а не "no".',
        "willing": "В ссылке нужно 1 (да) или 0 (нет), а не «junk».",
        "stamina": INT_TEXT, "fortitude": INT_TEXT, "confidence": INT_TEXT,
    }, dom["errors"]
    root = calc_root(page, DRUNK)
    # a bad value where it does not apply (a beer's bubbles) is not shown and stops nothing; the
    # row made a «Другой напиток»: it applies, and is refused beside its field
    page.goto(drunk_link(base_url, drinks=json.dumps([{"drink": "beer", "bubbles": "no"}])))
    wait_state(page, DRUNK, ("done",), timeout=BOOT_MS)
    assert not read(page, DRUNK)["errors"]
    root.locator('[name="drinks[0].drink"]').select_option("custom")
    wait_state(page, DRUNK, ("invalid",))
    assert read(page, DRUNK)["errors"] == {"drinks[0].bubbles": 'Нужно true или false, а не "no".'}
    page.goto(drunk_link(base_url, drinks=json.dumps(drinks), willing="junk", stamina="\u0663", fortitude="\uff11",
                         confidence="1_0", modifier="-3", negative_traits="1"))
    wait_state(page, DRUNK, ("invalid",))
    # every row drawn, what the form can hold as the link says (the text of the numbers too)
    assert root.locator(".svod-record").count() == 4
    assert root.locator('[name="stamina"]').input_value() == "\u0663"
    assert root.locator('[name="drinks[3].count"]').input_value() == "2"
    assert root.locator('[name="modifier"]').input_value() == "-3"
    assert page.evaluate("svodCalc.rt.seq") == 0  # nothing of it was sent
    # an unparsable list
    page.goto(drunk_link(base_url, drinks='[{"drink":'))
    wait_state(page, DRUNK, ("invalid",))
    assert read(page, DRUNK)["errors"] == {"drinks": "Ссылка не читается: здесь нужен список записей в JSON."}
    # typed: the minus sign U+2212 is a minus; other digits and "1_0" are refused
    root.locator(".svod-calc__reset").click()
    wait_state(page, DRUNK, ("done",), timeout=BOOT_MS)
    open_fold_of(page, DRUNK, "modifier")
    modifier = root.locator('[name="modifier"]')
    modifier.fill("")
    modifier.type("\u22125")
    wait_state(page, DRUNK, ("done",))
    dom = read(page, DRUNK)
    assert dom["params"]["modifier"] == -5
    code, expected = engine_run(DRUNK, dom["params"])
    assert code == 0
    assert_matches_cli(dom, expected, "modifier −5")
    for text in ("1_0", "\u0663", "\uff15", "5 ", "+5"):
        root.locator('[name="stamina"]').fill(text)
        wait_state(page, DRUNK, ("invalid",))
        assert read(page, DRUNK)["errors"] == {"stamina": INT_TEXT}, text


def test_deep_link_restores_a_calculator_and_progress_is_shown(page, base_url, assert_on_host):
    seen = []
    page.expose_function("svodSeen", lambda s: seen.append(s))
    page.add_init_script("""
      new MutationObserver(() => {
        const s = document.querySelector('.svod-calc__status-text');
        if (s && window.svodSeen) window.svodSeen(s.textContent);
      }).observe(document, {subtree: true, childList: true, characterData: true});
    """)
    spec = CALCS[0]
    pairs, values = [], {}
    for p in spec["params"]:
        value = alternative(p)
        if value is not None:
            pairs.append(url_param(spec["id"], p, value))
            values[p["name"]] = value
    page.goto(base_url + f"calculators/{spec['id']}/?" + "&".join(pairs))
    # until Python is ready the page shows the defaults' results (built in), dimmed: the
    # link asks for other inputs
    root = calc_root(page, spec["id"])
    assert root.locator(".svod-calc__result[data-prebuilt]").count() == 1
    page.wait_for_selector(f'.svod-calc[data-calc="{spec["id"]}"][data-attached]')
    if page.evaluate("svodCalc.rt.state") != "ready":  # on a loaded machine it may be ready already
        assert "svod-calc--stale" in root.get_attribute("class")
    wait_state(page, spec["id"], ("done", "invalid"), timeout=BOOT_MS)
    assert "svod-calc--stale" not in root.get_attribute("class")
    dom = read(page, spec["id"])
    for name, value in values.items():
        assert dom["params"][name] == value
        assert page.locator(f'[name="{name}"]').first.evaluate(
            "e => e.type === 'checkbox' ? e.checked : e.value") == (value if isinstance(value, bool) else str(value))
    code, expected = engine_run(spec["id"], dom["params"])
    if code == 0:
        assert_matches_cli(dom, expected, "deep link")
    # the status line went through the stages with a byte count, then went away
    text = " | ".join(seen)
    assert "Скачиваю Python" in text and "МБ" in text, text[:500]
    assert "Запускаю Python" in text and "Загружаю правила" in text, text[:500]
    assert calc_root(page, spec["id"]).locator(".svod-calc__status").is_hidden()
    assert_on_host(page.context, base_url)


def assert_fits_phone(page, root, where):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, where
    assert page.evaluate("document.body.scrollWidth") <= 360, where
    # every control is inside the screen and big enough to tap; one in a strip that scrolls
    # sideways (the chips) is within the strip, which is within the screen
    boxes = root.locator("input:not([type=checkbox]), select, button, summary").evaluate_all(
        """els => els.filter(e => e.getClientRects().length).map(e => {
          const r = e.getBoundingClientRect();
          const strip = e.parentElement.closest('.svod-chips');
          if (!strip) return [r.left, r.right, r.height];
          const s = strip.getBoundingClientRect();
          return [s.left, s.right, r.height, getComputedStyle(strip).overflowX];
        })""")
    assert boxes, where
    for left, right, height, *overflow in boxes:
        assert overflow in ([], ["auto"]), (where, overflow)
        assert left >= 0 and right <= 360, (where, left, right)
        assert height >= 32, (where, height)


def test_phone_layout_and_screenshots(new_context, base_url, site_dir, shot, assert_on_host):
    ctx = new_context(viewport={"width": 360, "height": 740}, color_scheme="light",
                      is_mobile=True, has_touch=True, device_scale_factor=2)
    serve_sitemap_for_this_host(ctx, base_url, site_dir)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    calc_id = "wod-pool" if "wod-pool" in IDS else IDS[0]
    page.goto(base_url + f"calculators/{calc_id}/")
    wait_state(page, calc_id, timeout=BOOT_MS)
    root = calc_root(page, calc_id)
    # element screenshots scroll: keep Material's sticky header out of the picture
    page.add_style_tag(content=".md-header { position: static !important; }")
    for scheme in ("light", "dark"):
        want = "slate" if scheme == "dark" else "default"
        if page.evaluate("document.body.getAttribute('data-md-color-scheme')") != want:
            # the reader's dark-mode switch in the header (overrides/partials/palette.html)
            page.locator("form[data-svod-palette] label:visible").first.click()
        page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{want}'")
        assert_fits_phone(page, root, f"{calc_id} {scheme}")
        assert root.locator("svg.svod-chart").count() >= 1 or root.locator(".svod-figure").count() >= 1
        painted(page)
        shot(root, f"calc-{calc_id}-phone-{scheme}")
        shot(page, f"calc-{calc_id}-phone-{scheme}-page")
        if scheme == "dark" and root.locator(".svod-bar").count():
            # readable in dark mode: the bars are light on the dark background
            fill = root.locator(".svod-bar:not(.svod-bar--other)").first.evaluate("e => getComputedStyle(e).fill")
            rgb = [int(x) for x in re.findall(r"\d+", fill)[:3]]
            assert sum(rgb) / 3 > 110, fill
    # the form works by tapping
    step = root.locator(".svod-step[data-step='1']").first
    if step.count():
        before = json.loads(root.get_attribute("data-params"))
        step.tap()
        wait_state(page, calc_id, ("done", "invalid"))
        assert json.loads(root.get_attribute("data-params")) != before
    # every other calculator fits the phone too, with its results (same worker: instant navigation)
    page.evaluate("window.svodTour = 1")
    for other in IDS:
        if other == calc_id:
            continue
        visit(page, other)
        wait_state(page, other, ("done", "invalid"), timeout=BOOT_MS)
        assert_fits_phone(page, calc_root(page, other), other)
    assert_on_host(ctx, base_url)


def test_watchdog_turns_a_hang_into_an_error_with_retry(new_context, base_url):
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.add_init_script("window.SVOD_CALC_WATCHDOG_MS = 2500")
    hung = []
    # the .wasm never arrives: Pyodide would wait forever
    ctx.route("**/pyodide.asm.wasm", lambda route: hung.append(route))
    calc_id = IDS[0]
    page.goto(base_url + f"calculators/{calc_id}/")
    wait_state(page, calc_id, ("error",), timeout=STEP_MS)
    root = calc_root(page, calc_id)
    status = root.locator(".svod-calc__status").inner_text()
    assert "Калькулятор не запустился" in status and "Python не ответил" in status
    assert hung, "the worker's request was not intercepted"
    # without Python the default odds (computed at build time by rules_core) still stand
    code, expected = cli_run(calc_id, {})
    assert_matches_cli(read(page, calc_id), expected, "built-in defaults")
    assert "svod-calc--stale" not in root.get_attribute("class")
    # the network comes back: «Повторить» starts a new worker and the calculator computes
    ctx.unroute("**/pyodide.asm.wasm")
    for r in hung:
        try:
            r.abort()
        except Exception:
            pass
    page.evaluate("window.SVOD_CALC_WATCHDOG_MS = 60000")
    root.locator(".svod-calc__retry").click()
    wait_state(page, calc_id, timeout=BOOT_MS)
    assert page.evaluate("svodCalc.rt.boots") == 2


def test_wrong_wasm_mime_type_is_a_clear_error(new_context, base_url):
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    # a misconfigured server: right bytes (their start is enough here), wrong type
    wasm = (ROOT / "site/assets/pyodide/pyodide.asm.wasm").read_bytes()[:4096]
    ctx.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=200, body=wasm, content_type="text/plain"))
    calc_id = IDS[0]
    page.goto(base_url + f"calculators/{calc_id}/")
    wait_state(page, calc_id, ("error",), timeout=STEP_MS)
    status = calc_root(page, calc_id).locator(".svod-calc__status").inner_text()
    assert "application/wasm" in status and "text/plain" in status
    assert calc_root(page, calc_id).locator(".svod-calc__retry").is_visible()


def test_worker_always_answers(page, base_url):
    """Whatever it is sent, the worker answers with the engine's JSON or an error answer naming
    a field and saying why in both languages: JSON nested thousands of levels deep (which
    overflows the stack inside Pyodide), a request that is no text; then it still computes."""
    calc_id = "wod-pool"
    page.goto(base_url + f"calculators/{calc_id}/")
    wait_state(page, calc_id, timeout=BOOT_MS)
    requests = ['{"op":"run","id":"wod-pool","params":{"dice":' + "[" * n + "]" * n + "}}" for n in (3000, 10_000, 100_000)]
    for text in [*requests, None, 42, {"op": "list"}, "not json", '{"op":"run","id":[1]}']:
        got = worker_answer(page, text)
        assert isinstance(got, str), (str(text)[:40], got)
        res = json.loads(got)
        assert res["ok"] is False and res["errors"], got[:300]
        for e in res["errors"]:
            assert isinstance(e.get("field"), str) and e.get("ru") and e.get("en"), got[:300]
    good = json.loads(worker_answer(page, json.dumps({"op": "run", "id": calc_id, "params": {"dice": 5}})))
    assert good["ok"] and good["result"] == engine_run(calc_id, {"dice": 5})[1]
    assert page.evaluate("svodCalc.rt.state") == "ready"


@pytest.mark.parametrize(("after", "snapshot"), [(None, True), ("/pyodide.asm.wasm", False), ("/assets/py/snapshot/", True)])
def test_missing_stdlib_is_a_clear_error_with_no_uncaught_rejection(new_context, base_url, site_dir, after, snapshot):
    """python_stdlib.zip answers 404 (at once, or once the runtime's ``after`` has come: the wasm,
    the memory snapshot, while loadPyodide is under way; with and without the snapshot: each of
    these left a rejection unhandled once): the status says which file failed, with «Повторить»,
    and nothing is left rejected unhandled in the worker (a listener added to the worker's own
    module would see it)."""
    ctx = new_context()
    if not snapshot:
        ctx.add_init_script("globalThis.SVOD_CALC_SNAPSHOT = false;")
    worker = (site_dir / "assets/calc/worker.mjs").read_text(encoding="utf-8") + (
        '\nself.addEventListener("unhandledrejection", (e) => console.error("svod-test: unhandled rejection:",'
        ' String(e.reason && (e.reason.stack || e.reason))));\n')
    ctx.route("**/assets/calc/worker.mjs", lambda route: route.fulfill(status=200, body=worker,
                                                                         content_type="text/javascript"))
    came, held = [], []

    def refuse(route):
        held.append(route)
        if after is None or came:
            held.pop().fulfill(status=404, body="no")

    def finished(request):
        if after and after in request.url:
            came.append(request.url)
            while held:
                held.pop().fulfill(status=404, body="no")

    ctx.on("requestfinished", finished)
    ctx.route("**/python_stdlib.zip", refuse)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    logs = []
    page.on("console", lambda m: logs.append(m.text))
    page.on("pageerror", lambda e: logs.append(f"pageerror: {e}"))
    calc_id = IDS[0]
    with page.expect_worker(lambda w: w.url.endswith("/assets/calc/worker.mjs"), timeout=STEP_MS) as started:
        page.goto(base_url + f"calculators/{calc_id}/")
    closed = []
    started.value.on("close", lambda w: closed.append(w))
    wait_state(page, calc_id, ("error",), timeout=STEP_MS)
    status = calc_root(page, calc_id).locator(".svod-calc__status").inner_text()
    assert "Калькулятор не запустился" in status and "python_stdlib.zip: HTTP 404" in status, status
    assert calc_root(page, calc_id).locator(".svod-calc__retry").is_visible()
    # the failed worker is ended by the page: all it said has come once it is gone
    if not closed:  # (events reach Python only inside a Playwright call: none is missed in between)
        with started.value.expect_event("close", timeout=STEP_MS):
            pass
    assert not [m for m in logs if "unhandled rejection" in m or m.startswith("pageerror")], logs


def test_rules_page_without_calculator_does_not_load_python(page, base_url):
    page.goto(base_url)
    page.wait_for_load_state("networkidle")
    # the page itself never fetches the runtime (only the service worker may, after idle)
    main = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [u for u in main if "/assets/pyodide/" in u or "/assets/py/" in u
                or u.endswith("/calc.mjs") or u.endswith("/worker.mjs")]
    assert page.evaluate("typeof window.svodCalc") == "undefined"
    assert not off_host(page.context.svod_requests, base_url)
