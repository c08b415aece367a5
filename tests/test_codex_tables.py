"""Every cell of rules_core/codex/tables.py against the Markdown tables of source 004."""


import pytest

from rules_core.codex import rules as codex_rules
from rules_core.codex import tables as codex_tables
from svod_site.tables import get_table, render_table
from scripts.sources import source_path

SOURCE = source_path("004")
TEXT = SOURCE.read_text(encoding="utf-8")


def _source_tables() -> list[list[list[str]]]:
    """Every Markdown table of 004 as rows of cells (the separator row dropped)."""
    blocks, cur = [], []
    for line in TEXT.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= {"-"} for c in cells):
                cur.append(cells)
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    return blocks


def _ru(cell) -> str:
    return cell["ru"] if isinstance(cell, dict) else str(cell)


def _ours(table) -> list[list[str]]:
    return [[_ru(c) for c in table["columns"]]] + [[_ru(c) for c in row] for row in table["rows"]]


SOURCE_TABLES = _source_tables()
FROM_SOURCE = [tid for tid in codex_tables.TABLES if tid != "exhaustion"]


@pytest.mark.parametrize("table_id", FROM_SOURCE)
def test_each_table_is_a_source_table_cell_for_cell(table_id):
    ours = _ours(codex_tables.TABLES[table_id])
    matches = [b for b in SOURCE_TABLES if b[0] == ours[0]]
    assert ours in matches, f"{table_id} differs from 004"


def test_every_source_table_is_here():
    ours = [_ours(codex_tables.TABLES[t]) for t in FROM_SOURCE]
    assert len(SOURCE_TABLES) == len(ours)
    for block in SOURCE_TABLES:
        assert block in ours


def test_exhaustion_cells_quote_the_source():
    # § 7 has no table; every cell shown must be the source's own words
    for row in codex_tables.TABLES["exhaustion"]["rows"]:
        for cell in row:
            assert _ru(cell) in TEXT
    assert "Уровни 1–5: ⚠ механика НАДО РАЗРАБОТАТЬ" in TEXT


def test_the_marker_ids_the_pages_use_exist_and_render():
    for tid in ("skill_levels", "difficulty_scale", "endurance", "consequences"):
        assert get_table("codex", tid) is codex_tables.TABLES[tid]
    for tid, table in codex_tables.TABLES.items():
        assert table["title"]["ru"] and table["title"]["en"]
        for cell in table["columns"] + [c for row in table["rows"] for c in row]:
            if isinstance(cell, dict):
                assert cell["ru"] and cell["en"]
        assert render_table(table, "ru").count("\n") == len(table["rows"]) + 1


def test_the_records_say_what_the_source_cells_say():
    # «Только 6, но шестёрки никогда не взрываются …», «Только 6», «5+», «4+», «3+», «2+»
    levels = codex_tables.SKILL_LEVELS
    assert [levels[n]["min_face"] for n in range(1, 7)] == [6, 6, 5, 4, 3, 2]
    assert [levels[n]["sixes_explode"] for n in range(1, 7)] == [False] + [True] * 5
    assert "никогда не взрываются" in levels[1]["words"]["ru"] and levels[2]["words"]["ru"] == "Только 6"
    assert [codex_rules.skill_rule(n) for n in range(1, 7)] == [(6, False), (6, True), (5, True), (4, True), (3, True), (2, True)]
    with pytest.raises(ValueError):
        codex_rules.skill_rule(7)
    assert codex_rules.TRACK == [10, 8, 8, 6, 6, 4]
    assert [w["dice"] for w in codex_tables.WEAPONS] == [1, 2, 3, 4]
    # the FV in each shield's effect, the source's words: «2FV только в ближнем бою», «2FV», «3FV, …»,
    # «5FV от дальних атак / 2FV в ближнем бою …»
    for shield in codex_tables.SHIELDS:
        for part in shield["effect"]["ru"].split("/"):
            fv = int(part.strip().split("FV")[0])
            if "ближнем бою" in part:
                assert shield["melee_fv"] == fv
                assert "только" not in part or shield["ranged_fv"] == 0
            elif "дальних атак" in part:
                assert shield["ranged_fv"] == fv
            else:
                assert shield["melee_fv"] == shield["ranged_fv"] == fv
    assert [(s["melee_fv"], s["ranged_fv"]) for s in codex_tables.SHIELDS] == [(2, 0), (2, 2), (3, 3), (2, 5)]
    assert [c["hindrance"] for c in codex_tables.COVER] == [0, 2, 4, None]
    assert codex_tables.CONSEQUENCES[6]["consequence"]["ru"] == "3 урона в 3 подготовки"
