"""Rule tables of «Codex of…» (source 004), cell for cell.

``tests/test_codex_tables.py`` checks every cell against the source's own Markdown tables.
Pages include a table with ``<!-- svod:table codex/ID -->``; the rules in
:mod:`rules_core.codex.rules` read the same rows (through the small readers below).
"""

from __future__ import annotations

import re

from ..spec import T

TABLES: dict[str, dict] = {
    "endurance": {
        "title": T("Выносливость: пороги", "Endurance: thresholds"),
        "columns": [T("Порог", "Threshold"), T("Урон", "Damage"), T("Доступ", "Access")],
        "rows": [
            [1, 10, T("Доступен каждому персонажу по умолчанию всегда", "Always available to every character")],
            [2, 8, T("Черта «Стойкий», уровень 1", "Trait «Tough», level 1")],
            [3, 8, T("Черта «Стойкий», уровень 2", "Trait «Tough», level 2")],
            [4, 6, T("Черта «Стойкий», уровень 3", "Trait «Tough», level 3")],
            [5, 6, T("Черта «Стойкий», уровень 4", "Trait «Tough», level 4")],
            [6, 4, T("Черта «Стойкий», уровень 5", "Trait «Tough», level 5")],
        ],
    },
    "consequences": {
        "title": T("Последствия урона", "Consequences of damage"),
        "columns": [T("Уровень", "Level"), T("Последствие", "Consequence")],
        "rows": [
            [1, T("Ничего", "Nothing")],
            [2, T("1 урон в 1 подготовку", "1 damage to 1 preparation")],
            [3, T("1 урон в 2 подготовки", "1 damage to 2 preparations")],
            [4, T("1 урон в 3 подготовки", "1 damage to 3 preparations")],
            [5, T("2 урона в 3 подготовки", "2 damage to 3 preparations")],
            [6, T("3 урона в 3 подготовки", "3 damage to 3 preparations")],
        ],
    },
    "armor": {
        "title": T("Броня", "Armor"),
        "columns": [T("Броня", "Armor"), T("Порог N", "Threshold N"), T("Нагрузка", "Load"),
                    T("Штрафы", "Penalties")],
        "rows": [
            [T("Одежда", "Clothing"), 0, 0,
             T("Нет. Может иметь модификации — чем выше качество одежды, тем сильнее меняет отношение "
               "к персонажу (становится более богатой)",
               "None. May have modifications — the better the clothes, the more they change how people "
               "treat the character (richer)")],
            [T("Легкая броня", "Light armor"), 3, 1, T("1D6 от подвижности", "1D6 off mobility")],
            [T("Средняя броня", "Medium armor"), 4, 2,
             T("2D6 от подвижности, −1 базовая скорость", "2D6 off mobility, −1 base speed")],
            [T("Тяжелая броня", "Heavy armor"), 7, 3,
             T("4D6 от подвижности, −2 базовая скорость", "4D6 off mobility, −2 base speed")],
        ],
    },
    "shields": {
        "title": T("Щиты", "Shields"),
        "columns": [T("Щит", "Shield"), T("Пункты", "Points"), T("Нагрузка", "Load"),
                    T("Эффект / штрафы", "Effect / penalties")],
        "rows": [
            [T("Малый щит (баклер)", "Small shield (buckler)"), 5, 0,
             T("2FV только в ближнем бою", "2FV in melee only")],
            [T("Щит", "Shield"), 10, 1, T("2FV", "2FV")],
            [T("Большой щит", "Large shield"), 20, 2,
             T("3FV, штраф: −1 базовая скорость", "3FV, penalty: −1 base speed")],
            [T("Укрытие переносное (Павеза)", "Portable cover (pavise)"), T("—", "—"),
             T("4 (при транспортировке 2)", "4 (2 when carried for transport)"),
             T("5FV от дальних атак / 2FV в ближнем бою (если между сражающимися), штраф: −1 базовая "
               "скорость при переноске",
               "5FV against ranged attacks / 2FV in melee (if between the fighters), penalty: −1 base "
               "speed while carried")],
        ],
    },
    "ability_costs": {
        "title": T("Затраты на способности", "Ability costs"),
        "columns": [T("Уровень", "Level"), T("Затраты", "Cost")],
        "rows": [[1, "1ED6"], [2, "2ED6"], [3, "4ED6"]],
    },
    "skill_levels": {
        "title": T("Навыки: диапазон LV", "Skills: LV range"),
        "columns": [T("Уровень", "Level"), T("Диапазон LV", "LV range")],
        "rows": [
            [1, T("Только 6, но шестёрки никогда не взрываются от стресса (см. Стресс)",
                  "Only 6, but sixes never explode from stress (see Stress)")],
            [2, T("Только 6", "Only 6")],
            [3, "5+"],
            [4, "4+"],
            [5, "3+"],
            [6, "2+"],
        ],
    },
    "action_costs": {
        "title": T("Цена действий", "Action costs"),
        "columns": [T("Действие", "Action"), T("Стоимость", "Cost")],
        "rows": [
            [T("Быстрое действие", "Quick action"), "1AD6"],
            [T("Обычное действие", "Normal action"), "2AD6"],
            [T("Полное действие", "Full action"), "4AD6"],
        ],
    },
    "weapons": {
        "title": T("Кубики и урон оружия", "Weapon dice and damage"),
        "columns": [T("Категория", "Category"), T("Кубики", "Dice"), T("Урон", "Damage"),
                    T("Примеры", "Examples")],
        "rows": [
            [T("Легкое", "Light"), "1AD6", 2, T("ножи, кулаки, кастеты и т.д.", "knives, fists, knuckles, etc.")],
            [T("Габаритное", "Sizeable"), "2AD6", 3,
             T("короткие луки, пистолеты, мечи, арбалеты-пистолетные и т.д.",
               "short bows, pistols, swords, pistol crossbows, etc.")],
            [T("Тяжелое", "Heavy"), "3AD6", 6,
             T("двуручное оружие, длинные луки, арбалеты, автоматы, винтовки и т.д.",
               "two-handed weapons, longbows, crossbows, assault rifles, rifles, etc.")],
            [T("Большое (+)", "Large (+)"), "4AD6", 8,
             T("всё, что габаритно не может быть отнесено к предыдущим категориям и просто больше их по "
               "умолчанию, но персонаж всё ещё может его как-то держать",
               "anything too big for the previous categories that a character can still somehow hold")],
        ],
    },
    "difficulty_scale": {
        "title": T("Сложность (LV)", "Difficulty (LV)"),
        "columns": [T("Название", "Name"), T("Сложность (LV)", "Difficulty (LV)")],
        "rows": [
            [T("Простое", "Simple"), 1],
            [T("Средне", "Average"), 2],
            [T("Выше среднего", "Above average"), 3],
            [T("Сложно", "Hard"), 4],
            [T("Очень сложно", "Very hard"), 6],
            [T("Запредельно", "Extreme"), 8],
            [T("Невероятно", "Incredible"), 10],
        ],
    },
    "cover": {
        "title": T("Укрытия", "Cover"),
        "columns": [T("Укрытие", "Cover"), T("Эффект затруднения", "Hindrance")],
        "rows": [
            [T("Без укрытия", "No cover"), 0],
            [T("Частичное", "Partial"), 2],
            [T("Полное", "Full"), 4],
            [T("Вне досягаемости", "Out of reach"),
             T("Атака невозможна вообще — бросок не совершается", "No attack at all — no roll is made")],
        ],
    },
    # Not a table in 004 (a list in § 7); gathered here so the page can show the levels, with the
    # unfinished ones marked as the source marks them. Every cell quotes the source.
    "exhaustion": {
        "title": T("Истощение (в разработке)", "Exhaustion (unfinished)"),
        "columns": [T("Уровень", "Level"), T("Эффект", "Effect")],
        "rows": [
            [T("1–5", "1–5"), T("⚠ механика НАДО РАЗРАБОТАТЬ", "⚠ mechanics TO BE DESIGNED (not chosen in the source)")],
            [6, T("персонаж лишается всех ED6", "the character loses all ED6")],
        ],
    },
}


# ---- readers for the rules (the data above stays the one place) --------------------------------

def _ru(cell) -> str:
    return cell["ru"] if isinstance(cell, dict) else str(cell)


def skill_min_face(level: int) -> int:
    """The smallest face that gives an LV at a skill level (1–6), read from ``skill_levels``."""
    for row in TABLES["skill_levels"]["rows"]:
        if row[0] == level:
            text = _ru(row[1])
            if text.startswith("Только 6"):
                return 6
            m = re.fullmatch(r"(\d)\+", text)
            if m:
                return int(m[1])
            raise ValueError(f"unexpected LV range {text!r}")  # pragma: no cover
    raise ValueError(f"no skill level {level} in the table")


def skill_sixes_explode(level: int) -> bool:
    """False where the row says «шестёрки никогда не взрываются от стресса» (level 1)."""
    for row in TABLES["skill_levels"]["rows"]:
        if row[0] == level:
            return "никогда не взрываются" not in _ru(row[1])
    raise ValueError(f"no skill level {level} in the table")


def endurance_thresholds() -> list[int]:
    """[10, 8, 8, 6, 6, 4]: the damage each threshold of the track holds."""
    return [row[1] for row in TABLES["endurance"]["rows"]]


def consequence(level: int) -> dict:
    return next(row[1] for row in TABLES["consequences"]["rows"] if row[0] == level)


def weapon_dice(row: list) -> int:
    """«3AD6» → 3."""
    return int(re.fullmatch(r"(\d+)AD6", _ru(row[1]))[1])


def shield_fv(row: list, ranged: bool) -> int:
    """A shield's hindrance (FV) against a ranged or a melee attack, read from its effect cell.

    «2FV только в ближнем бою» → melee only; «5FV от дальних атак / 2FV в ближнем бою …» → 5 ranged,
    2 melee; a bare «2FV» → both.
    """
    best = 0
    for part in _ru(row[3]).split("/"):
        m = re.search(r"(\d+)FV", part)
        if not m:
            continue
        melee_only = "ближнем бою" in part
        ranged_only = "дальних атак" in part
        if (ranged and not melee_only) or (not ranged and not ranged_only):
            best = max(best, int(m[1]))
    return best


def cover_hindrance(row: list) -> int | None:
    """A cover's hindrance, or ``None`` for «Вне досягаемости» (no attack at all)."""
    return row[1] if isinstance(row[1], int) else None
