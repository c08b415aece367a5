"""A screen reader's outline of every built page: its text begins with one h1 and the headings go
down one level at a time (a print sheet's tables once sat right under its h1 as h3). axe-core rates
a skipped level «moderate», so tests/browser/test_a11y.py does not hold it; this does, on the built
HTML (the scene, drawn in the browser, is held by tests/browser/test_scene_keyboard.py)."""

from __future__ import annotations

import re
from pathlib import Path

HEADING = re.compile(r"<h([1-6])[\s>]")


def levels(page_html: str) -> list[int]:
    """The heading levels of a page's text (its <article>), in order."""
    body = page_html.split("<article", 1)[-1].split("</article>", 1)[0]
    return [int(n) for n in HEADING.findall(body)]


def skips(page_html: str) -> list[str]:
    """What is wrong with a page's outline: no h1 first, or a heading more than one level below the
    heading before it."""
    lv = levels(page_html)
    wrong = [] if lv[:1] == [1] else [f"begins with {lv[:1]}"]
    return wrong + [f"h{a} → h{b}" for a, b in zip(lv, lv[1:]) if b > a + 1]


def test_the_check_sees_a_skipped_level():
    assert skips("<article><h1>Лист</h1><h3>Таблица</h3></article>") == ["h1 → h3"]
    assert skips("<article><h2>Без заголовка</h2></article>") == ["begins with [2]"]
    assert skips("<article><h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2></article>") == []


def test_no_built_page_skips_a_heading_level(site_dir: Path):
    pages = [p for p in sorted(site_dir.rglob("index.html")) if "assets" not in p.relative_to(site_dir).parts]
    assert len(pages) > 200
    bad = {str(p.relative_to(site_dir)): s for p in pages if (s := skips(p.read_text(encoding="utf-8")))}
    assert bad == {}
    # the print sheets: their tables are sections of the sheet
    for lang in ("", "en/"):
        sheet = (site_dir / lang / "print" / "serial" / "index.html").read_text(encoding="utf-8")
        assert levels(sheet)[:2] == [1, 2], lang
