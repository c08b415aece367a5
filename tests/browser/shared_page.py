"""A module-scoped desktop page for browser tests that only read pages (a fresh chromium
context costs seconds on a loaded machine). Import the fixture into a test module:
``from tests.browser.shared_page import shared_page  # noqa: F401``."""

from __future__ import annotations

import shutil
import tempfile

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS


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
