"""Helpers that drive a calculator page in chromium (Playwright), for the browser tests of the
calculators, the phone, the offline site and the scene: the page's calculator and its state, its form
(defaults, another valid value, a field set as a reader would, the fields shown), its summary bar,
deep links, a persistent context of one's own, a tour from calculator to calculator by the site's own
links (one Python boot for them all), and the worker's answer to a call."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import quote

from rules_core import api
from rules_core.spec import shown_names

from .calc_reading import READ_JS, assert_value
from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT
from .waits import STEP_MS

CALCS = api.list_calculators()
#: What the page says of a number field's text that is no whole number (render.mjs, UI.ru).
INT_EMPTY = "Введите целое число."
INT_TEXT = "Нужно целое число: цифры 0–9, для отрицательного — минус впереди."


def cli_run(calc_id: str, params: dict) -> tuple[int, dict]:
    """What ``python -m rules_core run`` prints for these params: (exit code, JSON)."""
    r = subprocess.run([sys.executable, "-m", "rules_core", "run", calc_id, json.dumps(params)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    return r.returncode, json.loads(r.stdout)


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


def open_fold_of(page, calc_id: str, name: str) -> None:
    """Open the fold («Подробнее», «Толкования источника») that holds a field, as a reader would."""
    root = calc_root(page, calc_id)
    fold = root.locator(f'details.svod-calc__fold:has([data-field="{name}"])')
    if fold.count() and fold.first.get_attribute("open") is None:
        fold.first.locator(":scope > summary").click()


def fill_field(field, kind: str, value) -> None:
    """Give one form control (a locator) ``value`` as a reader does, by the param's ``kind``."""
    if kind == "bool":
        field.set_checked(bool(value))
    elif kind == "choice":
        field.select_option(str(value))
    else:
        field.fill(str(value))


def set_value(page, calc_id: str, p: dict, value) -> None:
    open_fold_of(page, calc_id, p["name"])
    fill_field(calc_root(page, calc_id).locator(f'[name="{p["name"]}"]'), p["kind"], value)


def shown(calc_id: str, params: dict) -> set[str]:
    """The params a form shows for these values, by the engine's reading."""
    return shown_names(api.get(calc_id).params, params)


def record_shown(calc_id: str, name: str, rec: dict) -> set[str]:
    """The fields of a record of list ``name`` the form shows, by the engine's reading."""
    return shown_names(next(q for q in api.get(calc_id).params if q.name == name).fields, rec)


def expected_summary(result: dict) -> list[dict]:
    """The summary bar's figures for a result: its ``summary`` (a calculator that declares none
    shows its first figure)."""
    if result.get("summary"):
        return result["summary"]
    first = next((b for b in result["display"] if b["kind"] == "figures" and b["items"]), None)
    return first["items"][:1] if first else []


SUMMARY_JS = """(root) => [...root.querySelectorAll('.svod-calc__summary .svod-summary__item')].map(f => {
  const v = f.querySelector('.svod-v');
  return {key: f.dataset.key, label: f.querySelector('dt').textContent, text: v.textContent, exact: v.dataset.exact ?? null};
})"""


def read_summary(page, calc_id: str) -> list[dict]:
    return calc_root(page, calc_id).evaluate(SUMMARY_JS)


def assert_summary(got: list[dict], result: dict, where: str) -> None:
    want = expected_summary(result)
    assert [g["key"] for g in got] == [w["key"] for w in want], where
    for g, w in zip(got, want):
        assert g["label"] == w["label"]["ru"], where
        assert_value(g, w["value"], f"{where}: summary {w['key']}")


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


def start_tour(ctx, base_url, site_dir, wait="networkidle"):
    """The context's tab on the calculators index, ready to go from calculator to calculator by
    the site's own links (instant navigation); the page's errors are kept in ``svod_errors``."""
    serve_sitemap_for_this_host(ctx, base_url, site_dir)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.svod_errors = []
    page.on("pageerror", lambda e: page.svod_errors.append(str(e)))
    page.goto(base_url + "calculators/")
    page.wait_for_load_state(wait)
    page.evaluate("window.svodTour = 1")  # gone if a link ever reloads the page
    return page


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


def worker_answer(page, text):
    """What the calculator's worker answers to a call of this text (any JS value)."""
    return page.evaluate("""async (text) => {
      const w = globalThis.svodCalc.rt.worker;
      const id = 1e9 + Math.floor(Math.random() * 1e6);
      return await new Promise((resolve) => {
        const h = (e) => { if (e.data && e.data.type === "result" && e.data.id === id) {
          w.removeEventListener("message", h); resolve(e.data.text); } };
        w.addEventListener("message", h);
        w.postMessage({ type: "call", id, text });
      });
    }""", text)
