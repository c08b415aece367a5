"""Browser-test fixtures: the built site served under a sub-path, and fresh chromium contexts
(``site_dir``, ``shot`` and the markers are tests/conftest.py's; the other engines are
tests/browser/engines.py's).

* ``base_url``: ``http://127.0.0.1:PORT/svod/`` — the site served as a GitHub Pages project site.
* ``new_context(**kw)``: a fresh persistent chromium context (new user-data-dir, the flags from
  DEVELOPERS.md) that records every request in ``context.svod_requests``; closed at teardown.
* ``page``: a page in a fresh desktop context (1280 × 900).
* ``shared_page``: one desktop page for a module's tests that only read pages (a fresh chromium
  context costs seconds on a loaded machine); each test opens the page it reads.
* ``assert_on_host(context, base_url)``: no request left 127.0.0.1.
* ``deployed``: a copy of the built site served on its own port, to deploy anew
  (tests/browser/deploys.py): (base URL, the copy's root).
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PREFIX = "/svod/"


def serving(srv, prefix: str):
    """Run a server in a thread for a fixture: yields its base URL, then stops it."""
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    host, port = srv.server_address[:2]
    yield f"http://{host}:{port}{prefix}"
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def base_url(site_dir):
    from scripts.serve_site import make_server

    yield from serving(make_server(str(site_dir), "127.0.0.1", 0, PREFIX), PREFIX)


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is not installed: scripts/setup --browser installs it")
    with sync_playwright() as p:
        yield p


@pytest.fixture
def new_context(playwright_instance):
    made = []

    def make(viewport=None, color_scheme="light", offline=False, **kw):
        user_dir = tempfile.mkdtemp(prefix="svod-chromium-")
        ctx = playwright_instance.chromium.launch_persistent_context(
            user_dir,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport=viewport or {"width": 1280, "height": 900},
            color_scheme=color_scheme,
            offline=offline,
            service_workers="allow",
            **kw,
        )
        ctx.svod_requests = []
        ctx.on("request", lambda r: ctx.svod_requests.append(r.url))
        made.append((ctx, user_dir))
        return ctx

    yield make
    for ctx, user_dir in made:
        try:
            ctx.close()
        finally:
            shutil.rmtree(user_dir, ignore_errors=True)


@pytest.fixture
def page(new_context):
    ctx = new_context()
    return ctx.pages[0] if ctx.pages else ctx.new_page()


@pytest.fixture(scope="module")
def shared_page(playwright_instance, base_url):
    user_dir = tempfile.mkdtemp(prefix="svod-chromium-")
    ctx = playwright_instance.chromium.launch_persistent_context(
        user_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 1280, "height": 900})
    ctx.svod_requests = []
    ctx.on("request", lambda r: ctx.svod_requests.append(r.url))
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    yield page
    ctx.close()
    shutil.rmtree(user_dir, ignore_errors=True)


@pytest.fixture
def deployed(site_dir, tmp_path):
    """A copy of the built site served on its own port: (base URL, the copy's root)."""
    from scripts.serve_site import make_server

    shutil.copytree(site_dir, tmp_path / "site")
    srv = make_server(str(tmp_path / "site"), "127.0.0.1", 0, "/svod/")
    for base in serving(srv, "/svod/"):
        yield base, tmp_path


def off_host(urls, base_url):
    host = urlsplit(base_url).netloc
    bad = []
    for u in urls:
        parts = urlsplit(u)
        if parts.scheme in ("data", "blob", "about", "chrome-extension"):
            continue
        if parts.netloc != host:
            bad.append(u)
    return bad


@pytest.fixture
def assert_on_host():
    def check(context, base_url):
        bad = off_host(context.svod_requests, base_url)
        assert not bad, f"requests left the host: {bad[:5]}"

    return check
