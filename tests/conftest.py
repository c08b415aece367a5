"""What every test shares: the built site, the order of the run, the markers, screenshots.

* ``site_dir``: the built ``site/``; a test that needs it fails (never skips) when it is not
  built: run ``scripts/build`` (``scripts/test`` does it).
* Markers come from the fixtures a test uses (a test never marks itself for them):
  ``site`` (it reads the built site: ``site_dir``), ``browser`` and its engine, ``chromium`` (the
  Playwright fixtures), ``webkit`` or ``firefox`` (the engine a journey runs in,
  tests/browser/test_engines.py), ``a11y`` (axe-core's sweep: the ``axe`` fixture).
  ``-m "not browser"`` is the fast part of the suite, ``-m webkit`` one engine alone.
* The fast tests run first (the engine's, the content's, the build's), the browser tests after
  them: a failure of the rules or the pages shows in a minute.
* ``--screenshots``: the browser tests save their screenshots in ``test-artifacts/`` to be looked
  at (``shot``); without it they take none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
ARTIFACTS = ROOT / "test-artifacts"
#: Playwright's fixtures (tests/browser/conftest.py): a test using one runs in chromium.
CHROMIUM_FIXTURES = {"playwright_instance", "new_context", "page", "shared_page", "tour"}
ENGINE_MARKERS = ("chromium", "webkit", "firefox")


def pytest_addoption(parser):
    parser.addoption("--screenshots", action="store_true",
                     help="browser tests save their screenshots in test-artifacts/ (to look at)")
    parser.addoption("--site-dir", default=None, type=Path,
                     help="the built site the tests take (site_dir, and the browser tests serve): "
                          "another than site/, e.g. a deliberately broken copy (tests/browser/broken_builds.py)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if "site_dir" in used:
            item.add_marker(pytest.mark.site)
        if "axe" in used:
            item.add_marker(pytest.mark.a11y)
        if used & CHROMIUM_FIXTURES:
            item.add_marker(pytest.mark.chromium)
        engine = getattr(getattr(item, "callspec", None), "params", {}).get("engine")
        if engine:
            item.add_marker(getattr(pytest.mark, engine))
        if any(item.get_closest_marker(m) for m in ENGINE_MARKERS):
            item.add_marker(pytest.mark.browser)
    # the fast tests first; the order within each part is kept (sorted() is stable)
    items[:] = sorted(items, key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(scope="session")
def site_dir(request) -> Path:
    """The built site (``--site-dir``, else site/); fails when it is not there (``sw.js`` is the
    build's last file)."""
    site = request.config.getoption("--site-dir") or SITE
    if not (site / "index.html").is_file() or not (site / "sw.js").is_file():
        pytest.fail(f"{site} is not built: run scripts/build (scripts/test does it)")
    return site.resolve()


class Shots:
    """``shot(page, name, **kw)``: a screenshot of a page (Playwright's, or an engine's tab) or of
    an element into test-artifacts/NAME.png when the run was given ``--screenshots``; else none
    is taken. Gives the file's path, or None. ``directory``: test-artifacts/ when asked, else
    None (for other artifacts: a printed PDF)."""

    def __init__(self, wanted: bool):
        self.directory = ARTIFACTS if wanted else None
        if wanted:
            ARTIFACTS.mkdir(exist_ok=True)

    def __call__(self, target, name: str, **kw) -> Path | None:
        if self.directory is None:
            return None
        path = self.directory / f"{name}.png"
        target.screenshot(path=str(path), **kw)
        return path


@pytest.fixture(scope="session")
def shot(request) -> Shots:
    """Screenshots when asked (``--screenshots``): see :class:`Shots`."""
    return Shots(request.config.getoption("--screenshots"))
