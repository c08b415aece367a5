"""Every cell of rules_core/wod/tables.py against source 003 (each table cell on its own line there)."""


import pytest

from rules_core.wod import tables as wod_tables
from svod_site.tables import get_table, render_table
from scripts.sources import source_path

SOURCE = source_path("003")
LINES = SOURCE.read_text(encoding="utf-8").splitlines()

# table id → (the line that opens it in 003, the line right after its last cell)
BLOCKS = {
    "melee_weapons": ("ХОЛОДНОЕ ОРУЖИЕ", "Оружие: Ваш персонаж может использовать"),
    "armor": ("БРОНЯ", "МАНЕВРЫ БЛИЖНЕГО БОЯ"),
    "melee_maneuvers": ("МАНЕВРЫ БЛИЖНЕГО БОЯ", "(C): маневр замедляет противника."),
    "ranged_maneuvers": ("МАНЕВРЫ ДАЛЬНЕГО БОЯ", "ОГНЕСТРЕЛЬНОЕ ОРУЖИЕ"),
    "firearms": ("ОГНЕСТРЕЛЬНОЕ ОРУЖИЕ", "Повреждения: Указывает"),
    "cover": (None, "* Несколько выстрелов"),
}


def _ru(cell):
    return cell["ru"] if isinstance(cell, dict) else str(cell)


def _source_block(table_id):
    start, stop = BLOCKS[table_id]
    if start is None:  # the cover table has no title line: it opens with its header «Укрытие»
        i = LINES.index("Укрытие")
    else:
        i = LINES.index(start) + 1
    j = next(k for k in range(i, len(LINES)) if LINES[k].startswith(stop))
    return [wod_tables.TYPO_FIXES.get(line.strip(), line.strip()) for line in LINES[i:j]]


@pytest.mark.parametrize("table_id", sorted(BLOCKS))
def test_every_cell_matches_the_source_in_order(table_id):
    table = wod_tables.TABLES[table_id]
    ours = [_ru(c) for c in table["columns"]] + [_ru(c) for row in table["rows"] for c in row]
    source = _source_block(table_id)
    # multi-line source cells («Первый класс» / «(плотная одежда)») are one cell here
    assert " ".join(ours).split() == " ".join(source).split()
    ncol = len(table["columns"])
    assert all(len(row) == ncol for row in table["rows"])


def test_typo_fixes_are_only_the_obvious_ones_and_all_used():
    raw = {line.strip() for line in LINES}
    for wrong, right in wod_tables.TYPO_FIXES.items():
        assert wrong in raw
        assert wrong.replace("-", "") == right or len(wrong) == len(right)


def test_every_table_has_both_languages_and_renders():
    for tid, table in wod_tables.TABLES.items():
        assert table["title"]["ru"] and table["title"]["en"]
        for cell in table["columns"] + [c for row in table["rows"] for c in row]:
            if isinstance(cell, dict):
                assert cell["ru"] and cell["en"]
        assert get_table("wod", tid) is table
        md = render_table(table, "en")
        assert md.count("\n") == len(table["rows"]) + 1


def test_the_records_say_what_the_cells_say():
    assert [w["strength_bonus"] for w in wod_tables.MELEE_WEAPONS] == [1, 2, 1, 2, 2, 3]  # «Сила + 1», «Сила + 2», …
    # «* Указывает, что оружие способно стрелять очередями»: both SMGs and the assault rifle
    assert [f["bursts"] for f in wod_tables.FIREARMS] == [False, False, False, False, False, True, True, True, False, False]
    assert all(f["type"]["ru"].rstrip().endswith("*") == f["bursts"] for f in wod_tables.FIREARMS)
    assert [c["difficulty"] for c in wod_tables.COVER] == [1, 2, 3]
    # a maneuver whose damage is «Сила», «Сила +1», «Сила (K)», «Сила+1 (K)» … adds that to Strength
    for m in wod_tables.MELEE_MANEUVERS:
        words = m["damage"]["ru"]
        if m["strength_bonus"] is None:
            assert not words.startswith("Сила")
        else:
            bonus = words.removeprefix("Сила").split("(")[0].replace(" ", "")
            assert int(bonus or 0) == m["strength_bonus"], words
    assert all(f["conceal"] in wod_tables.CONCEALMENT for f in wod_tables.FIREARMS + wod_tables.MELEE_WEAPONS)


def test_table_difficulties_agree_with_the_maneuver_text():
    # 003's text: Очередь «Трудность: +1 Точность: +2»; Обстрел and Автоматический огонь
    # «Трудность: +2 Точность: +10»; «начальная сложность боевых действий равна 6» (002).
    m = wod_tables.RANGED_MANEUVERS
    assert (m["burst"]["name"]["ru"], m["burst"]["accuracy"], m["burst"]["difficulty"] - 6) == ("Очередь", 2, 1)
    assert (m["full_auto"]["name"]["ru"], m["full_auto"]["accuracy"], m["full_auto"]["difficulty"] - 6) == ("Обстрел", 10, 2)
    assert (m["spray"]["name"]["ru"], m["spray"]["accuracy"], m["spray"]["difficulty"] - 6) == (
        "Автоматический огонь", 10, 2)
    assert m["multiple"]["name"]["ru"] == "Несколько выстрелов" and m["multiple"]["accuracy"] is None
    melee = {r["name"]["ru"]: r for r in wod_tables.MELEE_MANEUVERS}
    # text: Подножка and Таран «Трудность: +1»; Удар and Удар оружием «нормальная»
    assert melee["Подножка"]["difficulty"] == melee["Таран"]["difficulty"] == 7
    assert melee["Удар"]["difficulty"] == melee["Удар оружием"]["difficulty"] == 6
