"""Every calculator at a phone's 360×740 and a desktop's 1280×800, light and dark: the answer in
sight while the form is edited.

One tour per size (one page, Material's instant navigation from calculator to calculator, so
Python boots once), the scheme switched by media emulation on the open page: for each calculator
in the default view at most 8 controls stand before the summary; a field in the middle of the
form is changed and then the summary is within the screen, not covered, and shows the figures
``python -m rules_core run`` gives for the new values; the field changed is not hidden under the
bar; nothing scrolls sideways; in the dark scheme the defaults' figures again. Screenshots of
each (as loaded, while editing, dark) with ``--screenshots``.
"""

from __future__ import annotations

import json
import re

import pytest

from .calc_page import (CALCS, alternative, assert_summary, fill_field, calc_root, cli_run, close, launch, read_summary,
    record_shown, set_value, shown, start_tour, visit, wait_state)
from .calc_reading import engine_run
from .waits import BOOT_MS, scroll_settled

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
MAX_CONTROLS = 8
_cli: dict[str, dict] = {}


def cli_result(calc_id: str, params: dict) -> dict:
    """``python -m rules_core run`` for these params, once per set of values."""
    key = calc_id + json.dumps(params, sort_keys=True)
    if key not in _cli:
        code, out = cli_run(calc_id, params)
        assert code == 0, out
        _cli[key] = out
    return _cli[key]


CONTROLS_JS = """(root) => {
  const bar = root.querySelector('.svod-calc__summary');
  // shown: not hidden, not inside a closed fold (its content is there, skipped: content-visibility)
  const seen = (e) => e.checkVisibility({visibilityProperty: true});
  return [...root.querySelectorAll('input, select, textarea')]
    .filter((e) => e.type !== 'hidden' && seen(e) && (bar.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING))
    .map((e) => e.name || e.className);
}"""

#: Where the summary is, whether the point at its middle is the summary's own (nothing covers it),
#: and where the field changed is.
PLACE_JS = """([root, name]) => {
  const s = root.querySelector('.svod-calc__summary').getBoundingClientRect();
  const bar = root.querySelector('.svod-calc__bar').getBoundingClientRect();
  const hit = document.elementFromPoint(s.left + s.width / 2, s.top + Math.min(s.height / 2, 12));
  const f = root.querySelector(`[name="${name}"]`).getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect();
  const under = f.left < bar.right && bar.left < f.right && f.top < bar.bottom && bar.top < f.bottom;
  return {top: s.top, bottom: s.bottom, bar_top: bar.top, height: innerHeight, mine: !!hit && root.querySelector('.svod-calc__bar').contains(hit),
          field_top: f.top, field_bottom: f.bottom, header: header.bottom, under_bar: under,
          scroll_x: document.documentElement.scrollWidth - innerWidth};
}"""


#: Words of the calculator broken across lines (a word's letters on two lines: «Вероятно|сть»);
#: a hyphen may end a line (it splits the words here), a word cut off by an ellipsis is not seen.
BROKEN_WORDS_JS = """(root) => {
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el.checkVisibility({visibilityProperty: true}) || el.closest('svg')) continue;
    for (const m of n.data.matchAll(/[^\\s\\-‐–—\\/]{2,}/gu)) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""


def middle_field(calc_id: str, page) -> tuple[dict, object, str] | None:
    """A field of the main group in the middle of the form as shown, a value for it that changes
    the summary (or, when none does, another valid value), and the name of the input the reader
    edits: a list of records (the fighters of an initiative) is changed in its first record."""
    spec = next(c for c in CALCS if c["id"] == calc_id)
    root = calc_root(page, calc_id)
    order = root.evaluate("""(root) => [...root.querySelectorAll('.svod-calc__form > .svod-calc__fields > .svod-field:not([hidden])')]
      .map((e) => e.dataset.field)""")
    by_name = {p["name"]: p for p in spec["params"]}

    def edit(p: dict) -> tuple[object, str] | None:
        if p["kind"] != "record_list":
            v = alternative(p)
            return None if v is None else (v, p["name"])
        if not p["default"]:
            return None
        first = p["default"][0]
        for f in p["fields"]:
            if f["kind"] in ("int", "bool", "choice") and f["name"] in record_shown(calc_id, p["name"], first):
                v = alternative(dict(f, default=first.get(f["name"], f["default"])))
                if v is not None:
                    rows = [{g["name"]: r.get(g["name"], g["default"]) for g in p["fields"]} for r in p["default"]]
                    rows[0][f["name"]] = v
                    return rows, f"{p['name']}[0].{f['name']}"
        return None

    names = [n for n in order if by_name[n]["kind"] in ("int", "bool", "choice", "record_list") and edit(by_name[n])]
    if not names:
        return None
    mid = len(order) // 2
    names.sort(key=lambda n: abs(order.index(n) - mid))
    _, base = engine_run(calc_id, {})
    fallback = None
    for n in names:
        p = by_name[n]
        value, input_name = edit(p)
        code, res = engine_run(calc_id, {n: value})
        if code != 0:
            continue
        fallback = fallback or (p, value, input_name)
        if res.get("summary") != base.get("summary"):
            return p, value, input_name
    return fallback


SCHEME_ATTR = {"light": "default", "dark": "slate"}


def switch_scheme(page, scheme: str) -> None:
    """The system's scheme switched (media emulation), as a phone goes dark at night: the page
    follows it (the reader has not chosen one)."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function("(s) => document.body.getAttribute('data-md-color-scheme') === s", arg=SCHEME_ATTR[scheme])


def check_calculator(page, calc_id: str, where: str, problems: list[str], shot) -> None:
    """One calculator on the tour's page, in the page's scheme: the default view, then a field of
    the middle of the form changed with the answer kept in sight, then the defaults back."""
    root = calc_root(page, calc_id)
    root.scroll_into_view_if_needed()
    scroll_settled(page)
    shot(page, f"calc-{calc_id}-{where}")
    # the default view: the essentials, then the summary
    controls = root.evaluate(CONTROLS_JS)
    if len(controls) > MAX_CONTROLS:
        problems.append(f"{calc_id} {where}: {len(controls)} controls before the summary: {controls}")
    assert_summary(read_summary(page, calc_id), cli_result(calc_id, {}), f"{calc_id} {where} defaults")
    picked = middle_field(calc_id, page)
    if picked is None:
        problems.append(f"{calc_id}: no field to change in the main group")
        return
    p, value, input_name = picked
    # the reader brings the field to the middle of the screen and changes it
    field = root.locator(f'[name="{input_name}"]')
    field.evaluate("e => e.scrollIntoView({block: 'center'})")
    y0 = page.evaluate("scrollY")
    if p["kind"] == "record_list":
        rec_field = next(f for f in p["fields"] if input_name.endswith(f".{f['name']}"))
        fill_field(field, rec_field["kind"], value[0][rec_field["name"]])
    else:
        set_value(page, calc_id, p, value)
    y1 = page.evaluate("scrollY")
    page.wait_for_function("([root, name, v]) => root.dataset.state === 'done' && JSON.stringify(JSON.parse(root.dataset.params)[name]) === JSON.stringify(v)",
                           arg=[root.element_handle(), p["name"], value], timeout=30_000)
    params = json.loads(root.get_attribute("data-params"))
    assert p["name"] in shown(calc_id, params)
    assert_summary(read_summary(page, calc_id), cli_result(calc_id, params), f"{calc_id} {where} {p['name']}={value}")
    at = page.evaluate(PLACE_JS, [root.element_handle(), input_name])
    place = f"{calc_id} {where} after {p['name']}={value}: {at} scroll {y0}->{y1}->{page.evaluate('scrollY')}"
    if not (at["top"] >= at["header"] - 1 and at["bottom"] <= at["height"] + 1 and at["mine"]):
        problems.append(f"summary not in sight: {place}")
    if at["field_top"] < at["header"] - 1 or at["field_bottom"] > at["height"] + 1 or at["under_bar"]:
        problems.append(f"the field changed is hidden: {place}")
    if at["scroll_x"] > 0:
        problems.append(f"sideways scroll: {place}")
    broken = root.evaluate(BROKEN_WORDS_JS)
    if broken:
        problems.append(f"{calc_id} {where}: words broken across lines: {broken}")
    shot(page, f"calc-{calc_id}-{where}-edit")
    root.locator(".svod-calc__reset").click()
    wait_state(page, calc_id)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_answer_stays_in_sight_while_editing(playwright_instance, base_url, site_dir, shot, size):
    """One tour per screen size (one Python boot), every calculator in the light scheme and the
    dark one (the system's scheme switched under the open page)."""
    kw = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if size == "phone" else {}
    ctx = launch(playwright_instance, viewport=SIZES[size], color_scheme="light", **kw)
    try:
        page = start_tour(ctx, base_url, site_dir, wait="load")
        errors = page.svod_errors
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
        problems = []
        for spec in CALCS:
            calc_id = spec["id"]
            visit(page, calc_id)
            wait_state(page, calc_id, timeout=BOOT_MS)
            for scheme in ("light", "dark"):
                switch_scheme(page, scheme)
                check_calculator(page, calc_id, f"{size}-{scheme}", problems, shot)
        assert not problems, "\n".join(problems)
        assert not errors, errors
        assert page.evaluate("[window.svodTour, svodCalc.rt.boots]") == [1, 1]
    finally:
        close(ctx)


def test_a_change_before_python_is_ready_waits_then_shows_the_result(playwright_instance, base_url):
    """Python still loading: a changed field dims the summary, which says it waits; right after
    Python is ready the summary shows the figures of the new values."""
    ctx = launch(playwright_instance, viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    held = []
    try:
        ctx.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        calc_id = "wod-pool"
        spec = next(c for c in CALCS if c["id"] == calc_id)
        page.goto(base_url + f"calculators/{calc_id}/")
        page.wait_for_selector(f'.svod-calc[data-calc="{calc_id}"][data-attached]')
        p = next(q for q in spec["params"] if q["name"] == "dice")
        set_value(page, calc_id, p, 9)
        root = calc_root(page, calc_id)
        summary = root.locator(".svod-calc__summary")
        page.wait_for_function("(s) => s.classList.contains('svod-calc__summary--stale')", arg=summary.element_handle())
        note = summary.evaluate("s => getComputedStyle(s, '::after').content")
        assert "загрузится Python" in note, note
        box = summary.bounding_box()
        assert box and box["y"] + box["height"] <= SIZES["phone"]["height"] + 1
        assert held, "the runtime's request was not held"
        for r in held:
            r.continue_()
        ctx.unroute("**/pyodide.asm.wasm")
        wait_state(page, calc_id, timeout=BOOT_MS)
        page.wait_for_function("(s) => !s.classList.contains('svod-calc__summary--stale')", arg=summary.element_handle())
        assert_summary(read_summary(page, calc_id), cli_result(calc_id, {"dice": 9}), "after Python came")
        assert re.search(r"\d", summary.inner_text())
    finally:
        close(ctx)
