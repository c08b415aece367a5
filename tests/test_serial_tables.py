"""The serial tables against the text of source 000: numbers and wording."""

import re

import pytest

from rules_core.serial import tables as serial_tables
from svod_site.tables import expand, render_table
from scripts.sources import source_path

SOURCE = source_path("000")

#: Obvious typos of the source fixed in the tables (source form → table form).
TYPO_FIXES = {"на на 1 свой раунд": "на 1 свой раунд", "создания..": "создания."}


def norm(text: str) -> str:
    text = text.lower().replace("ё", "е")
    for a in "«»“”„":
        text = text.replace(a, '"')
    text = text.replace("–", "-").replace("—", "-")
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def source() -> str:
    if not SOURCE.exists():
        pytest.fail(f"source 000 not found at {SOURCE}")
    text = SOURCE.read_text(encoding="utf-8")
    for a, b in TYPO_FIXES.items():
        text = text.replace(a, b)
    return text


def line_with(source: str, start: str) -> str:
    lines = [ln for ln in source.splitlines() if norm(ln).startswith(norm(start))]
    assert len(lines) == 1, (start, lines)
    return norm(lines[0])


def sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!;])\s+", norm(text))
    return [p.rstrip(".;!") for p in parts if p.rstrip(".;!")]


def test_every_required_table_exists_and_renders():
    for tid in ("armor_levels", "death_door", "melee_classes", "explosives", "encumbrance", "maneuvers"):
        table = serial_tables.TABLES[tid]
        assert table["title"]["ru"] and table["title"]["en"]
        assert all(len(r) == len(table["columns"]) for r in table["rows"])
        md = expand(f"<!-- svod:table serial/{tid} -->", "ru")
        assert md.count("\n|") >= len(table["rows"]) + 1
        assert render_table(table, "en")


def test_armor_levels(source):
    assert sorted(serial_tables.ARMOR_LEVELS) == list(range(7)) and serial_tables.MAX_ARMOR == 6
    for a in range(1, 7):
        line = line_with(source, f"• Броня = {a}")
        for s in sentences(serial_tables.ARMOR_LEVELS[a]["what"]["ru"]):
            assert s in line, (a, s)
    # 0: «Просто толстая одежда брони не дает.»
    assert sentences(serial_tables.ARMOR_LEVELS[0]["what"]["ru"])[1] in norm(source)
    assert "броня > 6 " + norm(serial_tables.ARMOR_ABOVE_MAX["ru"]) in norm(source)
    assert serial_tables.HEAVY_ARMOR_FROM == 2 and "если доспех дает 2+ брони, то он тяжелый" in norm(source)


def test_death_door(source):
    assert serial_tables.DEATH_DOOR_KEYS == ("last_breath", "walking_dead", "will_to_live", "crippling_wound",
                                  "stunned", "shock")
    for r, row in serial_tables.DEATH_DOOR.items():
        line = line_with(source, f"{r}. {row['name']['ru']}.")
        for s in sentences(row["effect"]["ru"]):
            assert s in line, (r, s)


def test_melee_classes(source):
    lines = {
        "short": line_with(source, "• Все короткое оружие"),
        "classic": line_with(source, "• Классическое холодное оружие"),
        "heavy": line_with(source, "• Тяжелое оружие"),
        "mighty": line_with(source, "• Оружие могущественной драки"),
    }
    for k, c in serial_tables.MELEE_CLASSES.items():
        assert f"модификатор повреждений +{c['damage']}" in lines[k]
        for s in sentences(c["parry"]["ru"]) + (sentences(c["concealment"]["ru"]) if c["concealment"] else []):
            assert s in lines[k], (k, s)
    assert "сложность бросков атаки таким оружием ниже на 1" in lines["short"]
    assert "+1 к сложности атаки или парирования" in lines["mighty"]
    assert "(выше 5)" in lines["mighty"] and serial_tables.MIGHTY_MIN_STRENGTH == 6
    assert norm(serial_tables.MELEE_CLASSES["classic"]["examples"]["ru"]) in lines["classic"]
    assert norm(serial_tables.MELEE_CLASSES["short"]["examples"]["ru"]) in lines["short"]


def test_explosives(source):
    starts = {"improvised": "• Самодельная", "grenade": "• Гранаты", "military": "• Военная",
              "badaboom": "• Особо эпично"}
    for k, e in serial_tables.EXPLOSIVES.items():
        line = line_with(source, starts[k])
        assert norm(e["name"]["ru"]) in line
        assert f"{e['dice']} кубиков урона" in line
        for cell in (e["radius_text"], e["falloff_text"]):
            if cell:
                for s in sentences(cell["ru"]):
                    assert s in line, (k, s)
    assert "до 20 кубиков урона" in line_with(source, starts["badaboom"])
    assert "от 10 до 30 метров" in line_with(source, starts["military"]) and serial_tables.MILITARY_RADIUS == (10, 30)
    assert "(5*значение вашей силы без амулетов)" in line_with(source, starts["grenade"])


def test_encumbrance(source):
    for s, row in serial_tables.ENCUMBRANCE.items():
        assert line_with(source, f"• Сила {s}:") == norm(f"• Сила {s}: {row['text']['ru']}")
    # the machine form says what the text says
    allow = {s: row["allow"] for s, row in serial_tables.ENCUMBRANCE.items()}
    assert allow[1] == ((0, 0, "none"),)
    assert allow[3] == ((1, 0, "light"), (0, 0, "heavy"))
    assert allow[5] == ((2, 0, "heavy"),) and allow[6] == ((0, 1, "heavy"),)
    assert "-4 куба на броски ловкости" in norm(source) and serial_tables.OVERLOADED_DEX_PENALTY == 4


def test_maneuvers(source):
    src = norm(source)
    assert "град ударов (действие, способность 4+), +2 к сложности" in src
    assert "броня цели утраивается против этого удара" in src
    assert "короткая очередь (действие, способность 4+), +2 к сложности" in src
    assert "обманный прием (действие, способность 4+)" in src
    assert "сложность такого маневра возрастает на 1, и количество кубов урона меньше на 1" in src
    assert "удар мастера\" (действие, способность 5+). если эта атака набрала 7 и больше успехов" in src
    assert "(+3 автоуспеха к броску урона)" in src
    assert "прицеливание (действие + движение, способность 3+)" in src
    assert "кубики урона, равные его восприятию" in src
    assert "автоматический огонь (способность 4+)" in src and "штраф равный 2" in src
    assert "добавляя +6 кубиков на бросок повреждений" in src
    assert "очередь веером (способность 2+)" in src and "добавляет 10 кубиков" in src
    assert "сильная отдача повышает сложность броска на 2" in src
    assert "только половину (округление вниз)" in src and "обе атаки идут по сложности +2" in src
    m = serial_tables.MANEUVERS
    assert (m["flurry"]["ability"], m["flurry"]["difficulty"], m["flurry"]["armor_multiplier"]) == (4, 2, 3)
    assert (m["short_burst"]["ability"], m["short_burst"]["difficulty"], m["short_burst"]["armor_multiplier"]) == (4, 2, 3)
    assert (m["feint"]["ability"], m["feint"]["difficulty"], m["feint"]["damage_dice"]) == (4, 1, -1)
    assert (m["master"]["ability"], m["master"]["crit_at"], m["master"]["crit_successes"]) == (5, 7, 3)
    assert (m["aim"]["ability"], m["aim"]["damage_bonus"]["ru"]) == (3, "Восприятие")
    assert (m["autofire"]["ability"], m["autofire"]["difficulty"], m["autofire"]["damage_dice"]) == (4, 2, 6)
    assert (m["spread"]["ability"], m["spread"]["attack_dice"], m["spread"]["difficulty"]) == (2, 10, 2)
    assert m["two_guns"]["difficulty"] == 2


def test_firearms(source):
    src = norm(source)
    for f in serial_tables.FIREARMS.values():
        for sent in sentences(f["quote"]["ru"]):
            assert sent in src, sent
        assert str(f["dice"]) in norm(f["quote"]["ru"])
