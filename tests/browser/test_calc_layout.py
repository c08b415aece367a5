"""Essentials first, in the browser, for every calculator: the main fields stand open, the details
and the readings of the source are folded (the readings' fold says how many differ from their
defaults); a field whose condition is false is hidden — not shown, not required, its junk never
an error — and keeps its value, so that making it apply again brings it back; a list's chips add
their records in one tap. One page for all (Material's instant navigation, one worker).
"""

from __future__ import annotations

import itertools
import json

import pytest

from rules_core.spec import condition_names
from .calc_page import (CALCS, INT_TEXT, alternative, calc_root, close, form_defaults, launch, read, record_shown,
    serve_sitemap_for_this_host, set_value, shown, visit, wait_state)
from .calc_reading import assert_matches_cli, engine_run
from .waits import BOOT_MS


def spec_of(calc_id):
    return next(c for c in CALCS if c["id"] == calc_id)


def candidates(p: dict, cond_numbers: set[int]) -> list:
    """A few values of a param worth trying to make a condition true or false."""
    if p["kind"] == "bool":
        return [p["default"], not p["default"]]
    if p["kind"] == "choice":
        return [p["default"]] + [o["value"] for o in p["options"] if o["value"] != p["default"]]
    if p["kind"] == "int":
        lo, hi = p.get("min"), p.get("max")
        vals = [p["default"]] + sorted({v + d for v in cond_numbers for d in (-1, 0, 1)} | {0, 1} | {x for x in (lo, hi) if x is not None})
        return [v for i, v in enumerate(vals) if (lo is None or v >= lo) and (hi is None or v <= hi) and v not in vals[:i]]
    return [p["default"]]


def numbers(cond) -> set[int]:
    if isinstance(cond, dict):
        out = set()
        for k, v in cond.items():
            if k in ("min", "max", "eq", "ne") and isinstance(v, int) and not isinstance(v, bool):
                out.add(v)
            elif isinstance(v, (dict, list)):
                out |= numbers(v)
        return out
    if isinstance(cond, list):
        return set().union(*(numbers(c) for c in cond)) if cond else set()
    return set()


def toggles(calc_id: str, p: dict) -> tuple[dict, dict] | None:
    """Values of the params ``p``'s condition reads (the rest at defaults) under which ``p`` is
    hidden and under which it is shown, by the engine's reading; None when none are found."""
    spec = spec_of(calc_id)
    by_name = {q["name"]: q for q in spec["params"]}
    names = sorted(condition_names(p["when"]), key=lambda n: [q["name"] for q in spec["params"]].index(n))
    # conditions chain: the names those read too
    for n in list(names):
        if "when" in by_name[n]:
            names += [m for m in condition_names(by_name[n]["when"]) if m not in names]
    nums = numbers(p["when"])
    hide = show = None
    for combo in itertools.islice(itertools.product(*(candidates(by_name[n], nums) for n in names)), 400):
        values = dict(zip(names, combo))
        if engine_run(calc_id, values)[0] != 0:
            continue
        seen = p["name"] in shown(calc_id, values)
        if seen and show is None:
            show = values
        if not seen and hide is None:
            hide = values
        if hide is not None and show is not None:
            return hide, show
    return None


def apply(page, calc_id: str, values: dict) -> None:
    """Set these values as a reader would, skipping those the form already holds: a field is set
    once it is shown (a condition reads other fields, which may come later in the form: «Дальность»
    shows once a shield is chosen), in the spec's order among those shown; one that stays hidden is
    left as it is, as a reader would leave it."""
    spec = spec_of(calc_id)
    root = calc_root(page, calc_id)
    pending = [q for q in spec["params"] if q["name"] in values]
    while pending:
        now = json.loads(root.get_attribute("data-params"))
        pending = [q for q in pending if now[q["name"]] != values[q["name"]]]
        ready = [q for q in pending if root.locator(f'[data-field="{q["name"]}"]').get_attribute("hidden") is None]
        if not ready:  # what is left stays hidden: a reader neither sees nor sets it
            return
        set_value(page, calc_id, ready[0], values[ready[0]["name"]])
        wait_state(page, calc_id, ("done", "invalid"))
        pending.remove(ready[0])


@pytest.fixture
def tour(playwright_instance, base_url, site_dir):
    """A fresh phone-sized page of the test's own for a tour of calculators (one Python boot)."""
    ctx = launch(playwright_instance, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    serve_sitemap_for_this_host(ctx, base_url, site_dir)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + "calculators/")
    page.wait_for_load_state("load")
    page.evaluate("window.svodTour = 1")
    yield page
    close(ctx)


def hidden_cases():
    out = []
    for spec in CALCS:
        for p in spec["params"]:
            if "when" in p and p["kind"] in ("int", "bool", "choice"):
                out.append((spec["id"], p["name"]))
    return out


HIDDEN = hidden_cases()


def test_conditions_are_declared():
    assert len(HIDDEN) >= 20 and len({c for c, _ in HIDDEN}) >= 10


def _less_unused(display: list[dict]) -> list[dict]:
    """A result's blocks less the note that names the values it did not use."""
    return [b for b in display if not (b["kind"] == "note" and b["text"]["ru"].startswith("Не учтено"))]


def check_fields_that_do_not_apply(tour, calc_id):
    visit(tour, calc_id)
    wait_state(tour, calc_id, timeout=BOOT_MS)
    root = calc_root(tour, calc_id)
    spec = spec_of(calc_id)
    checked = 0
    for name in [n for c, n in HIDDEN if c == calc_id]:
        p = next(q for q in spec["params"] if q["name"] == name)
        found = toggles(calc_id, p)
        if found is None:
            continue
        hide, show = found
        root.locator(".svod-calc__reset").click()
        wait_state(tour, calc_id)
        apply(tour, calc_id, hide)
        wait_state(tour, calc_id)
        field = root.locator(f'[data-field="{name}"]')
        assert field.get_attribute("hidden") is not None, (calc_id, name, hide)
        assert root.locator(f'[name="{name}"]').is_hidden()
        # junk in it (or another value) is neither refused nor computed with
        junk = "x" if p["kind"] == "int" else alternative(p)
        root.locator(f'[name="{name}"]').evaluate(
            """(e, v) => { if (e.type === 'checkbox') e.checked = v; else e.value = v;
                           e.dispatchEvent(new Event('input', {bubbles: true})); }""", junk)
        wait_state(tour, calc_id, ("done",))
        dom = read(tour, calc_id)
        assert not dom["errors"], (calc_id, name, dom["errors"])
        assert dom["params"][name] == junk
        code, expected = engine_run(calc_id, dom["params"])
        assert code == 0
        assert_matches_cli(dom, expected, f"{calc_id}: {name} hidden")
        # the result says it did not use the value (spec.unused_given), and is otherwise the default's
        assert name in expected.get("not_used", []), (calc_id, name)
        assert _less_unused(expected["display"]) == \
            _less_unused(engine_run(calc_id, {**dom["params"], name: p["default"]})[1]["display"])
        # it applies again: shown, with the value it kept (junk is refused beside it now)
        apply(tour, calc_id, show)
        wait_state(tour, calc_id, ("done", "invalid"))
        assert field.get_attribute("hidden") is None, (calc_id, name, show)
        dom = read(tour, calc_id)
        assert dom["params"][name] == junk
        if p["kind"] == "int":
            assert dom["errors"].get(name) == INT_TEXT and dom["state"] == "invalid"
            fold = root.locator(f'details.svod-calc__fold:has([data-field="{name}"])')
            if fold.count():  # an error is seen beside its field: its fold opens
                assert fold.get_attribute("open") is not None
        else:  # the kept value counts again: the engine's result, or its refusal of the combination
            code, expected = engine_run(calc_id, dom["params"])
            if code == 0:
                assert dom["state"] == "done" and not dom["errors"]
                assert_matches_cli(dom, expected, f"{calc_id}: {name} shown again")
            else:
                assert dom["state"] == "invalid"
                assert set(dom["errors"].values()) == {e["ru"] for e in expected["errors"]}
        checked += 1
    root.locator(".svod-calc__reset").click()
    wait_state(tour, calc_id)
    assert checked, f"{calc_id}: no condition could be made both true and false"


def check_main_fields_first_details_and_readings_folded(tour, calc_id):
    visit(tour, calc_id)
    wait_state(tour, calc_id, timeout=BOOT_MS)
    root = calc_root(tour, calc_id)
    spec = spec_of(calc_id)
    groups = {p["name"]: p["group"] for p in spec["params"]}
    place = root.evaluate("""(root) => Object.fromEntries([...root.querySelectorAll('.svod-calc__form [data-field]')]
      .filter(e => !e.closest('.svod-record')).map(e => [e.dataset.field, e.closest('.svod-calc__fold')?.dataset.group ?? 'main']))""")
    assert place == groups
    folds = root.locator("details.svod-calc__fold")
    for i in range(folds.count()):
        assert folds.nth(i).get_attribute("open") is None
    labels = {"details": "Подробнее", "readings": "Толкования источника"}
    for g in {g for g in groups.values() if g != "main"}:
        assert root.locator(f'details.svod-calc__fold[data-group="{g}"] > summary').inner_text().startswith(labels[g])
    # a reading changed: its fold says so; back to its default: it does not
    readings = [p for p in spec["params"] if p["group"] == "readings" and alternative(p) is not None
                and p["name"] in shown(calc_id, {})]
    if readings:
        p = readings[0]
        summary = root.locator('details.svod-calc__fold[data-group="readings"] > summary')
        set_value(tour, calc_id, p, alternative(p))
        wait_state(tour, calc_id, ("done", "invalid"))
        assert summary.inner_text().strip() == "Толкования источника · изменено: 1"
        assert "svod-calc__fold--changed" in root.locator('details.svod-calc__fold[data-group="readings"]').get_attribute("class")
        dom = read(tour, calc_id)
        code, expected = engine_run(calc_id, dom["params"])
        if code == 0:
            assert_matches_cli(dom, expected, f"{calc_id}: reading {p['name']}")
        set_value(tour, calc_id, p, p["default"])
        wait_state(tour, calc_id, ("done", "invalid"))
        assert summary.inner_text().strip() == "Толкования источника"
    root.locator(".svod-calc__reset").click()
    wait_state(tour, calc_id)


def chip_cases():
    return [(c["id"], p["name"]) for c in CALCS for p in c["params"] if p.get("presets")]


def check_a_chip_adds_its_record_in_one_tap(tour, calc_id, name):
    visit(tour, calc_id)
    wait_state(tour, calc_id, timeout=BOOT_MS)
    root = calc_root(tour, calc_id)
    p = next(q for q in spec_of(calc_id)["params"] if q["name"] == name)
    box = root.locator(f'[data-field="{name}"]')
    if "when" in p and name not in shown(calc_id, {}):
        # a list that applies only under other values (the initiative's order of the fight)
        found = toggles(calc_id, p)
        assert found, (calc_id, name)
        apply(tour, calc_id, found[1])
        wait_state(tour, calc_id, ("done", "invalid"))
    assert box.is_visible(), (calc_id, name)
    start = json.loads(root.get_attribute("data-params"))[name]
    added = []
    for i, preset in enumerate(p["presets"][: max(1, (p["max_len"] or 5) - len(start))][:4]):
        chip = box.locator(f'.svod-chip[data-preset="{i}"]')
        assert not preset["label"]["ru"].startswith("+"), "a preset's label is its name: the page writes the «+ »"
        assert chip.inner_text() == f"+ {preset['label']['ru']}"
        chip.tap()
        wait_state(tour, calc_id, ("done", "invalid"))
        added.append({f["name"]: preset["record"].get(f["name"], f["default"]) for f in p["fields"]})
        dom = read(tour, calc_id)
        assert dom["params"][name] == start + added
        code, expected = engine_run(calc_id, dom["params"])
        if code == 0:
            assert_matches_cli(dom, expected, f"{calc_id}: + {preset['label']['ru']}")
        # per-row fields only where they apply
        for j, rec in enumerate(dom["params"][name]):
            for f in p["fields"]:
                el = box.locator(f'[data-field="{name}[{j}].{f["name"]}"]')
                want = f["name"] in record_shown(calc_id, name, rec)
                assert (el.get_attribute("hidden") is None) == want, (calc_id, j, f["name"])
    root.locator(".svod-calc__reset").click()
    wait_state(tour, calc_id)
    assert json.loads(root.get_attribute("data-params"))[name] == form_defaults(spec_of(calc_id))[name]


# ---- the tests: a system's calculators on one page each (the systems side by side) -------------

def system_of(calc_id: str) -> str:
    return spec_of(calc_id)["system"]


HIDDEN_SYSTEMS = sorted({system_of(c) for c, _ in HIDDEN})
CHIP_SYSTEMS = sorted({system_of(c) for c, _ in chip_cases()})


@pytest.mark.parametrize("system", HIDDEN_SYSTEMS)
def test_a_field_that_does_not_apply_is_hidden_not_required_and_kept(tour, system):
    for calc_id in sorted({c for c, _ in HIDDEN if system_of(c) == system}):
        check_fields_that_do_not_apply(tour, calc_id)


@pytest.mark.parametrize("system", sorted({c["system"] for c in CALCS}))
def test_main_fields_first_details_and_readings_folded(tour, system):
    for c in CALCS:
        if c["system"] == system:
            check_main_fields_first_details_and_readings_folded(tour, c["id"])


@pytest.mark.parametrize("system", CHIP_SYSTEMS)
def test_a_chip_adds_its_record_in_one_tap(tour, system):
    for calc_id, name in chip_cases():
        if system_of(calc_id) == system:
            check_a_chip_adds_its_record_in_one_tap(tour, calc_id, name)
