"""The site's own stylesheets are well formed: a brace left open puts every later rule inside the
block before it (a lost «}» once moved the landing and navigation rules into ``@media print``)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHEETS = sorted([*ROOT.glob("calculators/*.css"), *ROOT.glob("docs/assets/stylesheets/*.css")])


def depths(text: str):
    """The nesting depth after each line, comments and strings left out."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', '""', text)
    depth = 0
    for line in text.split("\n"):
        depth += line.count("{") - line.count("}")
        yield depth


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_every_block_of_the_stylesheet_is_closed(sheet):
    seen = list(depths(sheet.read_text(encoding="utf-8")))
    assert min(seen, default=0) >= 0, f"{sheet.name}: a «}}» closes nothing (line {seen.index(min(seen)) + 1})"
    assert seen[-1] == 0, f"{sheet.name}: {seen[-1]} block(s) left open"


def test_the_stylesheets_are_found():
    assert len(SHEETS) >= 2, SHEETS
