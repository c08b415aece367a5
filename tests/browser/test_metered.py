"""A metered line (the Network Information API says ``saveData``, or a cellular connection), at
360×740: a reader who does not touch the calculator gets its prebuilt answer and no engine byte
(no runtime, snapshot, wheel or worker requested, no service worker installing the site); a tap on
a field starts the engine and the answer comes. The offline copy asks first, with its size from the
build's SIZES, in the page's language, and the reader's answer is kept across a reload. On a line
that is not metered, as before: the engine starts untouched, the site is saved offline."""

from __future__ import annotations

import json
import re

import pytest

from rules_core import api

from .calc_page import alternative, calc_root, cli_run, read, set_value, wait_state
from .calc_reading import assert_matches_cli
from .waits import BOOT_MS, READY, idle

PHONE = {"width": 360, "height": 740}
CALC = "serial-attack"
#: The engine's files: the Pyodide runtime and its memory snapshot, the rules wheel, the worker.
ENGINE = re.compile(r"/assets/(pyodide|py)/|snapshot\.bin|/worker\.mjs")
#: Every svod:runtime event the page dispatches ("deferred" when it waits for the reader).
SEEN = "window.svodSeen = []; addEventListener('svod:runtime', (e) => svodSeen.push(e.detail));"


def on_line(ctx, connection: dict) -> None:
    """navigator.connection says ``connection`` on every page of ``ctx`` (and records svod:runtime)."""
    ctx.add_init_script(f"""Object.defineProperty(Navigator.prototype, "connection", {{configurable: true,
        value: Object.assign(new EventTarget(), {json.dumps(connection)})}}); {SEEN}""")


def engine_requests(ctx) -> list[str]:
    return [u for u in ctx.svod_requests if ENGINE.search(u)]


def precache_mb(site_dir, lang: str) -> str:
    sizes = json.loads(re.search(r"const SIZES = (\[[0-9,\s]*\]);", (site_dir / "sw.js").read_text()).group(1))
    mb = round(sum(sizes) / 1e6, 1)
    return f"{mb:.1f}".replace(".", "," if lang == "ru" else ".").replace(",0", "").removesuffix(".0")


@pytest.mark.parametrize("connection", [{"saveData": True, "effectiveType": "4g"},
                                        {"type": "cellular", "effectiveType": "4g", "saveData": False}],
                         ids=["saveData", "cellular"])
def test_untouched_calculator_loads_no_engine_on_a_metered_line(new_context, base_url, connection, assert_on_host):
    ctx = new_context(viewport=PHONE)
    on_line(ctx, connection)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + f"calculators/{CALC}/")
    # the page has decided: the engine waits for the reader, and (once idle) the offline copy asks
    page.wait_for_function("svodSeen.includes('deferred')")
    page.wait_for_function("document.querySelector('[data-svod-offline]')?.dataset.state === 'ask'")
    idle(page)
    elapsed = page.evaluate("performance.now()")
    assert elapsed < 10_000, elapsed  # what follows holds for the first 10 s at least
    assert engine_requests(ctx) == []
    assert page.evaluate("svodCalc.rt.state") == "idle" and page.evaluate("!svodCalc.rt.worker")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r)")
    root = calc_root(page, CALC)
    assert root.locator("[data-prebuilt]").count() == 1  # the answer drawn at build time stays
    assert "как только вы измените значение" in root.locator(".svod-calc__status").inner_text()

    # a tap on a field: the engine starts, and the answer comes
    root.locator("input").first.click()
    page.wait_for_function("svodCalc.rt.state === 'loading' || svodCalc.rt.state === 'ready'")
    wait_state(page, CALC, ("done",), timeout=BOOT_MS)
    assert engine_requests(ctx)
    spec = next(s for s in api.list_calculators() if s["id"] == CALC)
    p = next(q for q in spec["params"] if alternative(q) is not None and q["kind"] != "bool")
    set_value(page, CALC, p, alternative(p))
    page.wait_for_function(f"""document.querySelector('.svod-calc[data-calc="{CALC}"]').dataset.state === 'done'
        && JSON.parse(document.querySelector('.svod-calc[data-calc="{CALC}"]').dataset.params)[{json.dumps(p["name"])}]
           === {json.dumps(alternative(p))}""")
    dom = read(page, CALC)
    code, expected = cli_run(CALC, dom["params"])
    assert code == 0
    assert_matches_cli(dom, expected, "metered")
    assert_on_host(ctx, base_url)


def test_offline_copy_asks_first_on_a_metered_line_and_keeps_the_answer(new_context, base_url, site_dir, shot):
    ctx = new_context(viewport=PHONE)
    on_line(ctx, {"saveData": True})
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    status = page.locator("[data-svod-offline]").first
    state = "() => document.querySelector('[data-svod-offline]')?.dataset.state"

    page.goto(base_url)
    page.wait_for_function(f"({state})() === 'ask'")
    mb = precache_mb(site_dir, "ru")
    assert status.inner_text().startswith(
        f"Сохранить сайт для работы без сети? Это {mb} МБ, а связь мобильная или в режиме экономии трафика.")
    status.scroll_into_view_if_needed()
    shot(page, "metered-ask-ru-light")
    status.get_by_role("button", name="Не сейчас").click()
    page.wait_for_function(f"({state})() === 'declined'")
    assert f"вы решили не скачивать {mb} МБ" in status.inner_text()
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r)")

    # kept across a reload, and in the other language (the choice is the site's, per base path)
    page.goto(base_url + "en/")
    page.wait_for_function(f"({state})() === 'declined'")
    mb_en = precache_mb(site_dir, "en")
    assert status.inner_text().startswith(
        f"The site is not saved for offline use: you chose not to download {mb_en} MB on this connection.")
    assert status.get_by_role("button", name="Not now").is_hidden()
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r)")
    assert not [u for u in ctx.svod_requests if "/assets/pyodide/" in u]

    # changed: «Save» saves the site, and that is kept too
    status.get_by_role("button", name="Save").click()
    page.wait_for_function(READY, timeout=120_000)
    page.reload()
    page.wait_for_function(READY, timeout=120_000)
    assert "works offline" in status.inner_text()


def test_consent_words_in_english_and_dark(new_context, base_url, site_dir, shot):
    ctx = new_context(viewport=PHONE, color_scheme="dark")
    on_line(ctx, {"type": "cellular"})
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + "en/")
    status = page.locator("[data-svod-offline]").first
    page.wait_for_function("document.querySelector('[data-svod-offline]')?.dataset.state === 'ask'")
    assert status.inner_text().startswith(
        f"Save the site for offline use? It is {precache_mb(site_dir, 'en')} MB, "
        "and your connection is mobile data or saving data.")
    assert status.get_by_role("button", name="Save").is_visible()
    assert status.get_by_role("button", name="Not now").is_visible()
    status.scroll_into_view_if_needed()
    shot(page, "metered-ask-en-dark")


def test_unmetered_line_starts_the_engine_and_saves_the_site(new_context, base_url):
    ctx = new_context(viewport=PHONE)
    on_line(ctx, {"type": "wifi", "effectiveType": "4g", "saveData": False})
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + f"calculators/{CALC}/")
    # untouched: the engine starts by itself and answers, and the site is saved offline
    page.wait_for_function("svodCalc.rt.state === 'ready'", timeout=BOOT_MS)
    assert "deferred" not in page.evaluate("svodSeen")
    assert engine_requests(ctx)
    page.wait_for_function(READY, timeout=120_000)
