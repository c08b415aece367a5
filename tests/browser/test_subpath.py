"""Published under another sub-path: a fork named differently (`/rules/`) gets a site that
serves, computes and works offline under its own path, with nothing pointing at `/svod/`.

The site is built a second time here (the MkDocs build and the service worker; the runtime,
wheel and snapshot come from the first build) with ``SVOD_SITE_URL`` set as the Pages workflow
sets it, into a temporary folder, and served under ``/rules/``."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from urllib.parse import urlsplit

import pytest

from scripts.serve_site import make_server

from .calc_page import cli_run, read, wait_state
from .calc_reading import assert_matches_cli
from .conftest import ROOT
from .waits import BOOT_MS, READY

PREFIX = "/rules/"


@pytest.fixture(scope="module")
def rules_site(site_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("rules") / "site"
    out.mkdir()
    srv = make_server(str(out), "127.0.0.1", 0, PREFIX)
    base = f"http://127.0.0.1:{srv.server_address[1]}{PREFIX}"
    env = {**os.environ, "SVOD_SITE_URL": base}
    subprocess.run([sys.executable, "-m", "scripts.steps", "mkdocs_site", "service_worker",
                    "--site-dir", str(out)], cwd=ROOT, env=env, check=True, capture_output=True, timeout=600)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield base, out
    srv.shutdown()
    srv.server_close()


def test_the_build_names_the_new_address_and_never_the_old(rules_site):
    base, out = rules_site
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{base}" in sitemap and "/svod/" not in sitemap
    page404 = (out / "404.html").read_text(encoding="utf-8")
    assert 'href="/rules/' in page404 and "/svod/" not in page404


def test_serves_computes_and_works_offline_under_rules(rules_site, new_context):
    base, out = rules_site
    ctx = new_context()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(base)
    assert page.locator("h1").first.inner_text().strip()
    page.goto(base + "calculators/wod-pool/")
    wait_state(page, "wod-pool", timeout=BOOT_MS)
    code, expected = cli_run("wod-pool", read(page, "wod-pool")["params"])
    assert code == 0
    assert_matches_cli(read(page, "wod-pool"), expected, "online under /rules/")
    page.wait_for_function(READY, timeout=120_000)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r && r.scope)")
    assert urlsplit(scope).path == PREFIX

    # offline, a calculator page this visit never opened computes from the cache
    ctx.set_offline(True)
    page.goto(base + "calculators/serial-damage/")
    wait_state(page, "serial-damage", timeout=BOOT_MS)
    code, expected = cli_run("serial-damage", read(page, "serial-damage")["params"])
    assert code == 0
    assert_matches_cli(read(page, "serial-damage"), expected, "offline under /rules/")
    resp = page.goto(base + "no/such/page/")
    assert resp.status == 404
    home = page.locator("article a", has_text="начните с главной").get_attribute("href")
    assert urlsplit(home).path == PREFIX

    paths = {urlsplit(u).path for u in ctx.svod_requests if urlsplit(u).scheme.startswith("http")}
    assert paths and all(p.startswith(PREFIX) for p in paths), sorted(p for p in paths if not p.startswith(PREFIX))[:5]
    assert [u for u in failed if "/no/such/page/" not in u] == []
    assert not errors
