"""How a new deploy reaches a phone whatever a bad deploy did: builds served in turn from one server.

* sw.js served with a year's cache lifetime (as a host or proxy may): the browser never reads it
  from its HTTP cache (the registration's updateViaCache is "none"), so a reload still finds the
  new deploy, whose precache revalidates every file (a stale copy would fail its size check).
* A tab kept open (no page load, so the browser does not look by itself) looks for a new deploy
  when it is shown again, and offers «Обновить».
* A broken build, whose pages' script cannot offer «Обновить», is left by reloading: the browser
  finds the next deploy on a page load by itself, and a reload of the only open tab takes it
  (sw.template.js navigate()); with another tab open, the new deploy waits, as for «Обновить».
"""

from __future__ import annotations

import shutil

import pytest

from .conftest import serving
from .deploys import controller_version, first_tab, new_deploy
from .waits import READY, frames, idle

#: the registration holds no new worker: nothing has looked for a new deploy (or found none)
NONE_FOUND = "navigator.serviceWorker.getRegistration().then(r => !!r && !r.installing && !r.waiting)"

#: the site's own script (site.mjs loads offline.mjs, the calculators, the install block)
SITE_SCRIPT = "assets/calc/site.mjs"
WAITING = """navigator.serviceWorker.getRegistration().then(r => !!r && !!r.waiting && r.waiting.state === "installed")"""


@pytest.fixture
def long_cached(site_dir, tmp_path):
    """A copy of the built site served with every answer cacheable for a year:
    (base URL, the copy's root)."""
    from scripts.serve_site import Handler, make_server

    class LongCached(Handler):
        def end_headers(self):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
            super().end_headers()

    shutil.copytree(site_dir, tmp_path / "site")
    srv = make_server(str(tmp_path / "site"), "127.0.0.1", 0, "/svod/", handler=LongCached)
    for base in serving(srv, "/svod/"):
        yield base, tmp_path


def take_update(page):
    page.wait_for_selector(".svod-update button", timeout=120_000)
    with page.expect_navigation():
        page.locator(".svod-update button").click()


def test_a_long_cached_sw_js_still_brings_a_new_deploy(new_context, long_cached):
    base, root = long_cached
    _, page = first_tab(new_context, base)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.updateViaCache)") == "none"
    sw = page.evaluate("fetch('sw.js').then(r => r.headers.get('cache-control'))")
    assert "max-age=31536000" in sw

    version = new_deploy(root)
    page.reload()
    assert "(новое)" not in page.locator("h1").first.inner_text()
    take_update(page)
    page.wait_for_function(READY, timeout=60_000)
    assert "(новое)" in page.locator("h1").first.inner_text()
    assert controller_version(page) == version
    assert page.evaluate("caches.keys()") == [f"svod-{version}@/svod/"]


def test_a_tab_kept_open_looks_for_a_new_deploy_when_shown_again(new_context, deployed):  # noqa: F811
    base, root = deployed
    _, page = first_tab(new_context, base)
    page.wait_for_function("svodOffline.registered", timeout=60_000)
    page.evaluate("window.SVOD_UPDATE_CHECK_MS = 0")  # as if an hour had passed
    requests = len(page.context.svod_requests)
    version = new_deploy(root)
    # no page load: nobody looks; the page at rest (its network idle, its idle time come), no
    # request for sw.js has gone out and the registration holds no new worker
    page.wait_for_load_state("networkidle")
    idle(page)
    assert not [u for u in page.context.svod_requests[requests:] if u.endswith("/sw.js")]
    assert page.evaluate(NONE_FOUND)
    assert page.locator(".svod-update").count() == 0
    # the phone woken up, the app brought back to the screen
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    take_update(page)
    page.wait_for_function(READY, timeout=60_000)
    assert "(новое)" in page.locator("h1").first.inner_text()
    assert controller_version(page) == version


def test_a_reload_leaves_a_broken_build(new_context, deployed):  # noqa: F811
    base, root = deployed
    ctx, page = first_tab(new_context, base)
    script = root / "site" / SITE_SCRIPT
    good = script.read_bytes()

    # a deploy whose pages' script is broken, taken with «Обновить»: its pages load, but nothing
    # of the site's script runs (no offline status, so no «Обновить» ever again)
    script.write_text('throw new Error("a broken build");\n', encoding="utf-8")
    broken = new_deploy(root)
    page.reload()
    take_update(page)
    requests = len(ctx.svod_requests)  # from the broken deploy's page's load on
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    assert controller_version(page) == broken
    # the page loaded, its network idle and its idle time come (when site.mjs loads offline.mjs):
    # offline.mjs was never asked for
    page.wait_for_load_state("networkidle")
    idle(page)
    assert not [u for u in ctx.svod_requests[requests:] if u.endswith("/offline.mjs")]
    assert page.evaluate("typeof window.svodOffline") == "undefined"
    other = ctx.new_page()
    other.goto(base + "en/")  # a second tab, on another page

    # the fix is deployed; the browser finds it on a page load by itself, and it waits
    script.write_bytes(good)
    fixed = new_deploy(root)
    page.reload()
    waits = lambda: page.evaluate(WAITING)  # noqa: E731
    # the browser's update check, started by the page load: its new worker installed, waiting
    page.evaluate("""() => navigator.serviceWorker.getRegistration().then((r) => r.waiting
        || new Promise((done, fail) => {
            setTimeout(() => fail(new Error("no new worker installed within 120 s")), 120000);
            const watch = (w) => w.addEventListener("statechange", () => w.state === "installed" && done(true));
            if (r.installing) watch(r.installing);
            r.addEventListener("updatefound", () => watch(r.installing));
        }))""")
    assert waits(), "the browser did not find the new deploy on a page load"
    # with another tab open, neither a reload nor that tab's own page load takes it
    page.reload()
    other.reload()
    assert controller_version(page) == broken and controller_version(other) == broken
    assert waits()

    # the only tab reloads: the fix takes over, and the reload ends on its page
    other.close()
    page.reload()
    page.wait_for_function(READY, timeout=120_000)
    assert controller_version(page) == fixed
    assert page.evaluate("caches.keys()") == [f"svod-{fixed}@/svod/"]
    assert "работает без сети" in page.locator("[data-svod-offline]").inner_text()


def test_a_deploy_that_will_not_take_over_costs_one_moment_not_a_loop(new_context, deployed):  # noqa: F811
    """The new deploy's worker never takes over (here: it ignores the request): the reload shows
    «Обновляю сайт…», then, within 20 s, the page it had, and stays there."""
    base, root = deployed
    _, page = first_tab(new_context, base)
    old = controller_version(page)
    new_deploy(root)
    sw = root / "site" / "sw.js"
    text = sw.read_text(encoding="utf-8")
    skip = 'if (m.type === "skip-waiting") self.skipWaiting();'
    assert skip in text
    sw.write_text(text.replace(skip, ""), encoding="utf-8")
    page.reload()
    page.wait_for_selector(".svod-update button", timeout=120_000)  # installed, waiting

    loads = []
    page.on("load", lambda: loads.append(page.url))
    page.reload()
    assert page.locator("body").inner_text().strip() == "Обновляю сайт…"
    page.wait_for_function(READY, timeout=60_000)
    assert "(новое)" not in page.locator("h1").first.inner_text()
    assert controller_version(page) == old
    # the page at rest (its network idle, its idle time come, frames drawn): no load since
    page.wait_for_load_state("networkidle")
    idle(page)
    frames(page)
    assert len(loads) == 2, loads  # the moment's page, then the page again: no more
