"""Offline and installable: after one online visit to a page without a calculator, the
service worker has cached the whole site; offline, every page opens and a calculator on a
page never visited computes the CLI's numbers. A new deploy replaces the cache whole and
the page offers to reload; every open tab takes it when asked."""

from __future__ import annotations

import re


from rules_core import api

from .calc_page import alternative, cli_run, read, url_param, wait_state
from .calc_reading import assert_matches_cli
from .deploys import controller_version, first_tab, new_deploy
from .waits import BOOT_MS, READY

def page_paths(site_dir):
    out = []
    for html in sorted(site_dir.rglob("index.html")):
        rel = html.relative_to(site_dir).as_posix()
        out.append(rel[: -len("index.html")])
    return out


def test_offline_after_one_visit(new_context, base_url, site_dir, assert_on_host):
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url)  # the home page: no calculator on it
    page.wait_for_function(READY, timeout=120_000)
    assert "работает без сети" in page.locator("[data-svod-offline]").inner_text()
    cache = page.evaluate("caches.keys()")
    assert len(cache) == 1 and cache[0].startswith("svod-")
    assert_on_host(ctx, base_url)

    ctx.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    # every page is there: the service worker answers each one from its cache
    paths = page_paths(site_dir)
    statuses = page.evaluate("""urls => Promise.all(urls.map(u => fetch(u).then(
        async r => [u, r.status, (await r.text()).includes('<h1')], e => [u, String(e), false])))""",
        [base_url + rel for rel in paths])
    bad = [s for s in statuses if s[1] != 200 or not s[2]]
    assert not bad and len(statuses) == len(paths), bad[:5]
    # and pages open: a few, spread over the site (opening all would take minutes)
    for rel in paths[:: max(1, len(paths) // 6)]:
        resp = page.goto(base_url + rel)
        assert resp is not None and resp.status == 200 and resp.from_service_worker, rel
        assert page.locator("h1").first.inner_text().strip(), rel
    page.wait_for_function("document.querySelector('[data-svod-offline]').textContent.includes('Нет сети')")
    # search works from the cached index
    assert page.evaluate("fetch('%ssearch/search_index.json').then(r => r.json()).then(j => j.docs.length)" % base_url) > 0
    # an unknown address gets the cached 404 page
    resp = page.goto(base_url + "no/such/page/")
    assert resp.status == 404 and "Страница не найдена" in page.content()

    # a calculator on a page this visit never opened computes, filled in from its link
    spec = api.list_calculators()[0]
    p = next(q for q in spec["params"] if alternative(q) is not None)
    value = alternative(p)
    page.goto(base_url + f"calculators/{spec['id']}/?" + url_param(spec["id"], p, value))
    wait_state(page, spec["id"], ("done", "invalid"), timeout=BOOT_MS)
    dom = read(page, spec["id"])
    assert dom["params"][p["name"]] == value
    code, expected = cli_run(spec["id"], dom["params"])
    assert code == 0
    assert_matches_cli(dom, expected, "offline")
    assert_on_host(ctx, base_url)


def test_a_page_the_worker_did_not_take_is_claimed(new_context, base_url):
    """A page loaded past the service worker (a hard reload: Ctrl+Shift+R) or while it was
    activating is not controlled; the status says «работает без сети» only once the worker has
    taken it over, which the page asks for."""
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url)
    page.wait_for_function(READY, timeout=120_000)
    cdp = ctx.new_cdp_session(page)
    with page.expect_navigation(wait_until="load"):
        cdp.send("Page.reload", {"ignoreCache": True})  # a hard reload: the service worker is skipped
    assert page.evaluate("performance.getEntriesByType('navigation')[0].workerStart") == 0
    page.wait_for_function(READY, timeout=30_000)
    assert "работает без сети" in page.locator("[data-svod-offline]").inner_text()


def test_new_deploy_replaces_the_cache_and_offers_a_reload(new_context, deployed):
    base, root = deployed
    _, page = first_tab(new_context, base)
    old = page.evaluate("caches.keys()")

    version = new_deploy(root)
    page.reload()
    # the old build keeps serving until the reader agrees to reload
    assert "(новое)" not in page.locator("h1").first.inner_text()
    page.wait_for_selector(".svod-update button", timeout=120_000)
    assert "новая версия" in page.locator(".svod-update").inner_text()
    with page.expect_navigation():
        page.locator(".svod-update button").click()
    page.wait_for_function(READY, timeout=60_000)
    assert "(новое)" in page.locator("h1").first.inner_text()
    new = page.evaluate("caches.keys()")
    assert new == [f"svod-{version}@/svod/"] and new != old
    assert controller_version(page) == version


def test_every_open_tab_takes_the_update_when_asked(new_context, deployed):
    """Two tabs on the old deploy; the first takes the update; «Обновить» in the second, whose
    deploy has already been taken over, reloads it onto the new version at once."""
    base, root = deployed
    ctx, first = first_tab(new_context, base)
    second = ctx.new_page()
    second.goto(base)
    second.wait_for_function(READY + " && svodOffline.registered", timeout=60_000)
    first.wait_for_function("svodOffline.registered", timeout=60_000)

    version = new_deploy(root)
    first.reload()
    for tab in (first, second):
        tab.wait_for_selector(".svod-update button", timeout=120_000)
        assert "(новое)" not in tab.locator("h1").first.inner_text()
    with first.expect_navigation():
        first.locator(".svod-update button").click()
    first.wait_for_function(READY, timeout=60_000)
    assert "(новое)" in first.locator("h1").first.inner_text()

    # the second tab still shows the old page, under the new service worker, and its bar
    assert "(новое)" not in second.locator("h1").first.inner_text()
    assert second.locator(".svod-update button").is_visible()
    with second.expect_navigation(timeout=10_000):
        second.locator(".svod-update button").click()
    second.wait_for_function(READY, timeout=60_000)
    assert "(новое)" in second.locator("h1").first.inner_text()
    assert controller_version(second) == version
    assert second.locator(".svod-update").count() == 0


def test_404_page_works_at_any_depth(page, base_url, assert_on_host):
    resp = page.goto(base_url + "no/such/deep/page/")
    assert resp.status == 404
    assert page.locator("h1").first.inner_text().strip() == "Страница не найдена"
    # absolute links under the sub-path: the theme's styles and our script load at any depth
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
    page.wait_for_function("window.svodOffline !== undefined")
    home = page.locator("article a", has_text="начните с главной")
    assert re.fullmatch(r"(http://[^/]+)?/svod/", home.get_attribute("href"))
    page.wait_for_load_state("networkidle")
    assert_on_host(page.context, base_url)
