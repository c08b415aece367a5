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
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

import pytest

from rules_core import api

from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, off_host

CALCS = api.list_calculators()
IDS = [c["id"] for c in CALCS]
BOOT_MS = 90_000  # a cold boot on a loaded 2-core machine takes 5–10 s; be generous
STEP_MS = 30_000
#: What the page says of a number field's text that is no whole number (render.mjs, UI.ru).
INT_EMPTY = "Введите целое число."
INT_TEXT = "Нужно целое число: цифры 0–9, для отрицательного — минус впереди."


# ---- helpers (also used by test_offline.py) ---------------------------------------------

def cli_run(calc_id: str, params: dict) -> tuple[int, dict]:
    """What ``python -m rules_core run`` prints for these params: (exit code, JSON)."""
    r = subprocess.run([sys.executable, "-m", "rules_core", "run", calc_id, json.dumps(params)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    return r.returncode, json.loads(r.stdout)


def engine_run(calc_id: str, params: dict) -> tuple[int, dict]:
    """The same as :func:`cli_run` without a process per call: the CLI prints
    ``api.handle``'s result (exit 0) or its errors (exit 2), through JSON."""
    resp = json.loads(json.dumps(api.handle({"op": "run", "id": calc_id, "params": params})))
    return (0, resp["result"]) if resp["ok"] else (2, {"errors": resp["errors"]})


READ_JS = """(root) => {
  const out = {state: root.dataset.state, params: JSON.parse(root.dataset.params || "null"),
               figures: {}, dists: {}, errors: {}};
  root.querySelectorAll(".svod-calc__result .svod-figure").forEach(f => {
    const v = f.querySelector(".svod-v");
    out.figures[f.dataset.key] = {text: v.textContent, exact: v.dataset.exact ?? null};
  });
  root.querySelectorAll(".svod-calc__result .svod-dist").forEach(d => {
    out.dists[d.dataset.key] = [...d.querySelectorAll("tbody tr")].map(tr => ({
      x: tr.querySelector("th").textContent,
      p: tr.querySelector('[data-col="p"] .svod-v').dataset.exact,
      pal: tr.querySelector('[data-col="p_at_least"] .svod-v')?.dataset.exact ?? null}));
  });
  out.tables = [...root.querySelectorAll(".svod-calc__result .svod-table")].map(t =>
    [...t.querySelectorAll("tbody tr")].map(tr => [...tr.querySelectorAll("td")].map(td => {
      const v = td.querySelector(".svod-v");
      return {text: v ? v.textContent : td.textContent, exact: v ? (v.dataset.exact ?? null) : null};
    })));
  root.querySelectorAll(".svod-err:not([hidden])").forEach(e => {
    out.errors[e.closest("[data-field]").dataset.field] = e.textContent;
  });
  const general = root.querySelector(".svod-calc__errors");
  if (!general.hidden) out.errors[""] = general.textContent;
  return out;
}"""


def _num(text: str) -> float:
    return float(text.replace("\u00a0", "").replace(" ", "").replace("−", "-").replace(",", "."))


def assert_value(got: dict, v, where: str) -> None:
    """One displayed value against the API's: exact fractions exactly, texts as the
    Russian text, numbers to the shown precision."""
    if isinstance(v, dict) and "exact" in v:
        assert got["exact"] == v["exact"], where
    elif isinstance(v, dict) and "ru" in v:
        assert got["text"] == v["ru"], where
    elif isinstance(v, bool):
        assert got["text"] == ("да" if v else "нет"), where
    elif isinstance(v, (int, float)):
        assert abs(_num(got["text"]) - v) <= 0.0006, f"{where}: {got} vs {v}"
    elif isinstance(v, str):
        assert got["text"].replace("−", "-") == v, where
    elif v is None:
        assert got["text"] == "—", where


def assert_matches_cli(dom: dict, expected: dict, where: str) -> None:
    """Every figure, distribution row and table cell on the page equals the CLI's result."""
    n_checked = 0
    tables = iter(dom["tables"])
    for block in expected["display"]:
        if block["kind"] == "figures":
            for item in block["items"]:
                got = dom["figures"].get(item["key"])
                assert got is not None, f"{where}: figure {item['key']} missing"
                assert_value(got, item["value"], f"{where}: {item['key']}")
                n_checked += 1
        elif block["kind"] == "distribution":
            rows = dom["dists"].get(block["key"])
            assert rows is not None and len(rows) == len(block["rows"]), f"{where}: distribution {block['key']}"
            for got, row in zip(rows, block["rows"]):
                assert got["p"] == row["p"]["exact"], f"{where}: P(exactly {row['x']})"
                want = row["p_at_least"]["exact"] if row.get("p_at_least") else None
                assert got["pal"] == want, f"{where}: P(at least {row['x']})"
                n_checked += 1
        elif block["kind"] == "table":
            got_rows = next(tables)
            assert len(got_rows) == len(block["rows"]), f"{where}: table rows"
            for got_row, row in zip(got_rows, block["rows"]):
                assert len(got_row) == len(row), f"{where}: table cells"
                for got, v in zip(got_row, row):
                    assert_value(got, v, f"{where}: table cell {v!r}")
                    n_checked += 1
    assert n_checked, f"{where}: nothing to compare"


def calc_root(page, calc_id: str):
    return page.locator(f'.svod-calc[data-calc="{calc_id}"]').first


def wait_state(page, calc_id: str, states=("done",), timeout=STEP_MS):
    sel = ", ".join(f'.svod-calc[data-calc="{calc_id}"][data-state="{s}"]' for s in states)
    page.wait_for_selector(sel, timeout=timeout)


def read(page, calc_id: str) -> dict:
    return calc_root(page, calc_id).evaluate(READ_JS)


def form_defaults(spec: dict) -> dict:
    """The defaults as the form holds them: records with every field."""
    out = {}
    for p in spec["params"]:
        v = p["default"]
        if p["kind"] == "record_list":
            v = [{f["name"]: r.get(f["name"], f["default"]) for f in p["fields"]} for r in v]
        out[p["name"]] = v
    return out


def alternative(p: dict):
    """A valid value different from the default, or None."""
    if p["kind"] == "int":
        lo, hi, d = p.get("min"), p.get("max"), p["default"]
        if hi is None or d + 1 <= hi:
            return d + 1
        if lo is None or d - 1 >= lo:
            return d - 1
    if p["kind"] == "bool":
        return not p["default"]
    if p["kind"] == "choice":
        for o in p["options"]:
            if o["value"] != p["default"]:
                return o["value"]
    return None


def set_value(page, calc_id: str, p: dict, value) -> None:
    field = calc_root(page, calc_id).locator(f'[name="{p["name"]}"]')
    if p["kind"] == "bool":
        field.set_checked(bool(value))
    elif p["kind"] == "choice":
        field.select_option(str(value))
    else:
        field.fill(str(value))


def url_param(calc_id: str, p: dict, value) -> str:
    v = ("1" if value else "0") if p["kind"] == "bool" else str(value)
    return f"{quote(calc_id)}.{quote(p['name'])}={quote(v)}"


def launch(playwright_instance, **kw):
    user_dir = tempfile.mkdtemp(prefix="svod-chromium-")
    ctx = playwright_instance.chromium.launch_persistent_context(
        user_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport=kw.pop("viewport", {"width": 1280, "height": 900}), service_workers="allow", **kw)
    ctx.svod_requests = []
    ctx.on("request", lambda r: ctx.svod_requests.append(r.url))
    ctx.svod_user_dir = user_dir
    return ctx


def close(ctx):
    try:
        ctx.close()
    finally:
        shutil.rmtree(ctx.svod_user_dir, ignore_errors=True)


# ---- one page for the whole tour ---------------------------------------------------------

def serve_sitemap_for_this_host(ctx, base_url, site_dir):
    """Material's instant navigation only follows links listed in sitemap.xml, whose URLs
    carry site_url's host; it adopts the page's protocol and host name but not its port.
    Deployed, site_url is the real address (the workflow sets SVOD_SITE_URL); here the test
    server's random port must be put in, or every link would be a full page load."""
    text = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    text = re.sub(r"<loc>https?://[^<]*?/svod/", f"<loc>{base_url}", text)
    ctx.route("**/svod/sitemap.xml", lambda route: route.fulfill(
        status=200, body=text, content_type="application/xml"))


@pytest.fixture(scope="module")
def tour(playwright_instance, base_url, site_dir):
    ctx = launch(playwright_instance)
    serve_sitemap_for_this_host(ctx, base_url, site_dir)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "calculators/")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.svodTour = 1")  # gone if a link ever reloads the page
    page.svod_errors = errors
    yield page
    close(ctx)


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


def visit(page, calc_id):
    """Open a calculator afresh by following the site's own links (calculator page → «Все
    калькуляторы» → calculator): Material's instant navigation, so the worker stays."""
    page.evaluate("document.querySelectorAll('.svod-calc').forEach(e => e.dataset.leaving = '1')")
    back = page.locator("article a[href$='/calculators/']")
    if back.count():
        back.first.click()
    target = page.locator(f"article a[href$='/calculators/{calc_id}/']").first
    target.wait_for()
    target.click()
    page.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-attached]:not([data-leaving])')
    # still the same document, module and worker
    assert page.evaluate("[window.svodTour, svodCalc.rt.boots]") == [1, 1]


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
        if value is None:
            continue
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
    ints = [p for p in spec["params"] if p["kind"] == "int" and p.get("max") is not None]
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
    root = calc_root(tour, calc_id)
    root.locator(".svod-calc__roll").click()
    tour.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-roll-state="done"]', timeout=STEP_MS)
    rolled = root.locator(".svod-calc__rolled")
    seed = re.search(r"(\d+)\s*$", rolled.locator(".svod-seed").inner_text())[1]
    params = json.loads(root.get_attribute("data-params"))
    # the same seed through the API gives the same faces: the page shows rules_core's roll
    again = api.roll(calc_id, params, seed=int(seed))
    want = [f for b in again["display"] if b["kind"] == "dice" for f in b["faces"]]
    got = [int(x) for x in rolled.locator(".svod-die").all_inner_texts()]
    assert got == want


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
            ints = [f for f in p["fields"] if f["kind"] == "int" and alternative(f) is not None]
            if ints:
                f = ints[0]
                last.locator(f'[name$=".{f["name"]}"]').fill(str(alternative(f)))
                dom = check(f"{calc_id} {p['name']} edited")
                assert dom["params"][p["name"]][-1][f["name"]] == alternative(f)
            before = read(tour, calc_id)["params"][p["name"]]
            box.locator(".svod-record__remove").first.click()
            dom = check(f"{calc_id} {p['name']} -1 row")
            assert dom["params"][p["name"]] == before[1:]


@pytest.mark.parametrize("calc_id", IDS)
def test_calculator_inputs_errors_rolls_and_lists(tour, calc_id):
    """Per calculator, on the tour's page (one visit each, the same worker): changed inputs
    match the engine and go to the URL, «Бросить» shows rules_core's faces, bad input
    shows the API's message beside its field, list inputs edit and match."""
    visit(tour, calc_id)
    wait_state(tour, calc_id, timeout=BOOT_MS)
    check_changed_inputs_match_and_go_to_the_url(tour, calc_id)
    if next(c for c in CALCS if c["id"] == calc_id)["can_roll"]:
        check_roll_button_shows_the_faces(tour, calc_id)
    check_bad_input_shows_the_api_message_beside_the_field(tour, calc_id)
    check_list_inputs_edit_and_match(tour, calc_id)


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
    # every control is inside the screen and big enough to tap
    boxes = root.locator("input:not([type=checkbox]), select, button:visible").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.height]; })")
    assert boxes, where
    for left, right, height in boxes:
        assert left >= 0 and right <= 360, (where, left, right)
        assert height >= 32, (where, height)


def test_phone_layout_and_screenshots(new_context, base_url, site_dir, artifacts, assert_on_host):
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
        page.wait_for_timeout(300)
        root.screenshot(path=str(artifacts / f"calc-{calc_id}-phone-{scheme}.png"))
        page.screenshot(path=str(artifacts / f"calc-{calc_id}-phone-{scheme}-page.png"))
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


def test_rules_page_without_calculator_does_not_load_python(page, base_url):
    page.goto(base_url)
    page.wait_for_load_state("networkidle")
    # the page itself never fetches the runtime (only the service worker may, after idle)
    main = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [u for u in main if "/assets/pyodide/" in u or "/assets/py/" in u
                or u.endswith("/calc.mjs") or u.endswith("/worker.mjs")]
    assert page.evaluate("typeof window.svodCalc") == "undefined"
    assert not off_host(page.context.svod_requests, base_url)
