"""Every cell of rules_core/wod/tables.py against source 003 (each table cell on its own line there)."""


import pytest

from rules_core.wod import tables as wt
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
    return [wt.TYPO_FIXES.get(line.strip(), line.strip()) for line in LINES[i:j]]


@pytest.mark.parametrize("table_id", sorted(BLOCKS))
def test_every_cell_matches_the_source_in_order(table_id):
    table = wt.TABLES[table_id]
    ours = [_ru(c) for c in table["columns"]] + [_ru(c) for row in table["rows"] for c in row]
    source = _source_block(table_id)
    # multi-line source cells («Первый класс» / «(плотная одежда)») are one cell here
    assert " ".join(ours).split() == " ".join(source).split()
    ncol = len(table["columns"])
    assert all(len(row) == ncol for row in table["rows"])


def test_typo_fixes_are_only_the_obvious_ones_and_all_used():
    raw = {line.strip() for line in LINES}
    for wrong, right in wt.TYPO_FIXES.items():
        assert wrong in raw
        assert wrong.replace("-", "") == right or len(wrong) == len(right)


def test_every_table_has_both_languages_and_renders():
    for tid, table in wt.TABLES.items():
        assert table["title"]["ru"] and table["title"]["en"]
        for cell in table["columns"] + [c for row in table["rows"] for c in row]:
            if isinstance(cell, dict):
                assert cell["ru"] and cell["en"]
        assert get_table("wod", tid) is table
        md = render_table(table, "en")
        assert md.count("\n") == len(table["rows"]) + 1


def test_readers_parse_every_row():
    bonuses = [wt.melee_weapon_bonus(r) for r in wt.TABLES["melee_weapons"]["rows"]]
    assert bonuses == [1, 2, 1, 2, 2, 3]  # «Сила + 1», «Сила + 2», … in 003
    bursts = [wt.firearm_can_burst(r) for r in wt.TABLES["firearms"]["rows"]]
    # «* Указывает, что оружие способно стрелять очередями»: both SMGs and the assault rifle
    assert bursts == [False, False, False, False, False, True, True, True, False, False]
    assert [wt.signed_int(r[1]) for r in wt.TABLES["cover"]["rows"]] == [1, 2, 3]


def test_table_difficulties_agree_with_the_maneuver_text():
    # 003's text: Очередь «Трудность: +1 Точность: +2»; Обстрел and Автоматический огонь
    # «Трудность: +2 Точность: +10»; «начальная сложность боевых действий равна 6» (002).
    rows = {r[0]["ru"]: r for r in wt.TABLES["ranged_maneuvers"]["rows"]}
    assert (wt.signed_int(rows["Очередь"][2]), rows["Очередь"][3] - 6) == (2, 1)
    assert (wt.signed_int(rows["Обстрел"][2]), rows["Обстрел"][3] - 6) == (10, 2)
    assert (wt.signed_int(rows["Автоматический огонь"][2]), rows["Автоматический огонь"][3] - 6) == (10, 2)
    melee = {r[0]["ru"]: r for r in wt.TABLES["melee_maneuvers"]["rows"]}
    # text: Подножка and Таран «Трудность: +1»; Удар and Удар оружием «нормальная»
    assert melee["Подножка"][2] == melee["Таран"][2] == 7
    assert melee["Удар"][2] == melee["Удар оружием"][2] == 6
