"""Rule tables of «Codex of…» (source 004), as named records.

The records below are the single place each number lives: :mod:`rules_core.codex.rules` and the
calculators read their fields (never the display text), and :data:`TABLES` — what pages include
with ``<!-- svod:table codex/ID -->`` — is built from them. ``tests/test_codex_tables.py`` checks
every rendered cell against the source's own Markdown tables.
"""

from __future__ import annotations

from ..spec import T

__all__ = ["ENDURANCE", "CONSEQUENCES", "ARMOR", "SHIELDS", "ABILITY_COSTS", "SKILL_LEVELS", "ACTION_COSTS",
           "WEAPONS", "DIFFICULTY_SCALE", "COVER", "EXHAUSTION", "TABLES"]

#: The endurance track: threshold number → the damage it holds and who has it.
ENDURANCE: dict[int, dict] = {
    1: {"damage": 10,
        "access": T("Доступен каждому персонажу по умолчанию всегда", "Always available to every character")},
    2: {"damage": 8, "access": T("Черта «Стойкий», уровень 1", "Trait «Tough», level 1")},
    3: {"damage": 8, "access": T("Черта «Стойкий», уровень 2", "Trait «Tough», level 2")},
    4: {"damage": 6, "access": T("Черта «Стойкий», уровень 3", "Trait «Tough», level 3")},
    5: {"damage": 6, "access": T("Черта «Стойкий», уровень 4", "Trait «Tough», level 4")},
    6: {"damage": 4, "access": T("Черта «Стойкий», уровень 5", "Trait «Tough», level 5")},
}

#: The consequence of damage by the level of the track it reaches: in the source's words, and as
#: numbers — ``damage`` to each of ``preparations`` preparations (a test checks the words say them).
CONSEQUENCES: dict[int, dict] = {
    1: {"consequence": T("Ничего", "Nothing"), "damage": 0, "preparations": 0},
    2: {"consequence": T("1 урон в 1 подготовку", "1 damage to 1 preparation"), "damage": 1, "preparations": 1},
    3: {"consequence": T("1 урон в 2 подготовки", "1 damage to 2 preparations"), "damage": 1, "preparations": 2},
    4: {"consequence": T("1 урон в 3 подготовки", "1 damage to 3 preparations"), "damage": 1, "preparations": 3},
    5: {"consequence": T("2 урона в 3 подготовки", "2 damage to 3 preparations"), "damage": 2, "preparations": 3},
    6: {"consequence": T("3 урона в 3 подготовки", "3 damage to 3 preparations"), "damage": 3, "preparations": 3},
}

#: Armor classes, lightest first (the calculators number them 0–3): the threshold N, the load and
#: the penalties in the source's words, and as numbers: the D6 «от подвижности» (``mobility_dice``) and
#: the change of the base speed (``speed``); a test checks the words say them.
ARMOR: list[dict] = [
    {"name": T("Одежда", "Clothing"), "threshold": 0, "load": 0,
     "penalties": T("Нет. Может иметь модификации — чем выше качество одежды, тем сильнее меняет отношение "
                    "к персонажу (становится более богатой)",
                    "None. May have modifications — the better the clothes, the more they change how people "
                    "treat the character (richer)"), "mobility_dice": 0, "speed": 0},
    {"name": T("Легкая броня", "Light armor"), "threshold": 3, "load": 1,
     "penalties": T("1D6 от подвижности", "1D6 off mobility"), "mobility_dice": 1, "speed": 0},
    {"name": T("Средняя броня", "Medium armor"), "threshold": 4, "load": 2,
     "penalties": T("2D6 от подвижности, −1 базовая скорость", "2D6 off mobility, −1 base speed"),
     "mobility_dice": 2, "speed": -1},
    {"name": T("Тяжелая броня", "Heavy armor"), "threshold": 7, "load": 3,
     "penalties": T("4D6 от подвижности, −2 базовая скорость", "4D6 off mobility, −2 base speed"),
     "mobility_dice": 4, "speed": -2},
]

#: Shields: points (``None``: the source gives none), load (and while carried for transport), the
#: hindrance (FV) against a melee and a ranged attack, and the effect in the source's words (a
#: test checks that the words say the same FV).
SHIELDS: list[dict] = [
    {"name": T("Малый щит (баклер)", "Small shield (buckler)"), "points": 5, "load": 0, "load_carried": None,
     "melee_fv": 2, "ranged_fv": 0, "effect": T("2FV только в ближнем бою", "2FV in melee only")},
    {"name": T("Щит", "Shield"), "points": 10, "load": 1, "load_carried": None, "melee_fv": 2, "ranged_fv": 2,
     "effect": T("2FV", "2FV")},
    {"name": T("Большой щит", "Large shield"), "points": 20, "load": 2, "load_carried": None, "melee_fv": 3,
     "ranged_fv": 3, "effect": T("3FV, штраф: −1 базовая скорость", "3FV, penalty: −1 base speed")},
    {"name": T("Укрытие переносное (Павеза)", "Portable cover (pavise)"), "points": None, "load": 4,
     "load_carried": 2, "melee_fv": 2, "ranged_fv": 5,
     "effect": T("5FV от дальних атак / 2FV в ближнем бою (если между сражающимися), штраф: −1 базовая "
                 "скорость при переноске",
                 "5FV against ranged attacks / 2FV in melee (if between the fighters), penalty: −1 base "
                 "speed while carried")},
]

#: Abilities: level → the ED6 they cost.
ABILITY_COSTS: dict[int, dict] = {1: {"ed6": 1}, 2: {"ed6": 2}, 3: {"ed6": 4}}

#: Skills: level → the smallest face that gives an LV and whether sixes explode from stress; the
#: source words the two «Только 6» rows (``words``), the others read «5+» … «2+».
SKILL_LEVELS: dict[int, dict] = {
    1: {"min_face": 6, "sixes_explode": False,
        "words": T("Только 6, но шестёрки никогда не взрываются от стресса (см. Стресс)",
                   "Only 6, but sixes never explode from stress (see Stress)")},
    2: {"min_face": 6, "sixes_explode": True, "words": T("Только 6", "Only 6")},
    3: {"min_face": 5, "sixes_explode": True},
    4: {"min_face": 4, "sixes_explode": True},
    5: {"min_face": 3, "sixes_explode": True},
    6: {"min_face": 2, "sixes_explode": True},
}

#: What an action costs in AD6.
ACTION_COSTS: dict[str, dict] = {
    "quick": {"name": T("Быстрое действие", "Quick action"), "ad6": 1},
    "normal": {"name": T("Обычное действие", "Normal action"), "ad6": 2},
    "full": {"name": T("Полное действие", "Full action"), "ad6": 4},
}

#: Weapon categories, lightest first (the calculators number them 0–3): AD6 rolled, damage, examples.
WEAPONS: list[dict] = [
    {"id": "light", "name": T("Легкое", "Light"), "dice": 1, "damage": 2,
     "examples": T("ножи, кулаки, кастеты и т.д.", "knives, fists, knuckles, etc.")},
    {"id": "sizeable", "name": T("Габаритное", "Sizeable"), "dice": 2, "damage": 3,
     "examples": T("короткие луки, пистолеты, мечи, арбалеты-пистолетные и т.д.",
                   "short bows, pistols, swords, pistol crossbows, etc.")},
    {"id": "heavy", "name": T("Тяжелое", "Heavy"), "dice": 3, "damage": 6,
     "examples": T("двуручное оружие, длинные луки, арбалеты, автоматы, винтовки и т.д.",
                   "two-handed weapons, longbows, crossbows, assault rifles, rifles, etc.")},
    {"id": "large", "name": T("Большое (+)", "Large (+)"), "dice": 4, "damage": 8,
     "examples": T("всё, что габаритно не может быть отнесено к предыдущим категориям и просто больше их по "
                   "умолчанию, но персонаж всё ещё может его как-то держать",
                   "anything too big for the previous categories that a character can still somehow hold")},
]

#: The difficulty scale in LV.
DIFFICULTY_SCALE: list[dict] = [
    {"name": T("Простое", "Simple"), "difficulty": 1},
    {"name": T("Средне", "Average"), "difficulty": 2},
    {"name": T("Выше среднего", "Above average"), "difficulty": 3},
    {"name": T("Сложно", "Hard"), "difficulty": 4},
    {"name": T("Очень сложно", "Very hard"), "difficulty": 6},
    {"name": T("Запредельно", "Extreme"), "difficulty": 8},
    {"name": T("Невероятно", "Incredible"), "difficulty": 10},
]

#: Cover (the calculators number it 0–3): the hindrance it adds, or ``None`` for «Вне досягаемости»,
#: where there is no attack at all (``words``: what the table says instead of a number).
COVER: list[dict] = [
    {"name": T("Без укрытия", "No cover"), "hindrance": 0},
    {"name": T("Частичное", "Partial"), "hindrance": 2},
    {"name": T("Полное", "Full"), "hindrance": 4},
    {"name": T("Вне досягаемости", "Out of reach"), "hindrance": None,
     "words": T("Атака невозможна вообще — бросок не совершается", "No attack at all — no roll is made")},
]

#: Exhaustion (§ 7, a list in 004, not a table): the levels and their effects, the unfinished ones
#: marked as the source marks them. Every cell quotes the source.
EXHAUSTION: list[dict] = [
    {"levels": T("1–5", "1–5"), "effect": T("⚠ механика НАДО РАЗРАБОТАТЬ",
                                            "⚠ mechanics TO BE DESIGNED (not chosen in the source)")},
    {"levels": 6, "effect": T("персонаж лишается всех ED6", "the character loses all ED6")},
]


def _shield_load(shield: dict):
    if shield["load_carried"] is None:
        return shield["load"]
    return T(f"{shield['load']} (при транспортировке {shield['load_carried']})",
             f"{shield['load']} ({shield['load_carried']} when carried for transport)")


TABLES: dict[str, dict] = {
    "endurance": {
        "title": T("Выносливость: пороги", "Endurance: thresholds"),
        "columns": [T("Порог", "Threshold"), T("Урон", "Damage"), T("Доступ", "Access")],
        "rows": [[n, e["damage"], e["access"]] for n, e in ENDURANCE.items()],
    },
    "consequences": {
        "title": T("Последствия урона", "Consequences of damage"),
        "columns": [T("Уровень", "Level"), T("Последствие", "Consequence")],
        "rows": [[level, c["consequence"]] for level, c in CONSEQUENCES.items()],
    },
    "armor": {
        "title": T("Броня", "Armor"),
        "columns": [T("Броня", "Armor"), T("Порог N", "Threshold N"), T("Нагрузка", "Load"),
                    T("Штрафы", "Penalties")],
        "rows": [[a["name"], a["threshold"], a["load"], a["penalties"]] for a in ARMOR],
    },
    "shields": {
        "title": T("Щиты", "Shields"),
        "columns": [T("Щит", "Shield"), T("Пункты", "Points"), T("Нагрузка", "Load"),
                    T("Эффект / штрафы", "Effect / penalties")],
        "rows": [[s["name"], T("—", "—") if s["points"] is None else s["points"], _shield_load(s), s["effect"]]
                 for s in SHIELDS],
    },
    "ability_costs": {
        "title": T("Затраты на способности", "Ability costs"),
        "columns": [T("Уровень", "Level"), T("Затраты", "Cost")],
        "rows": [[level, f"{c['ed6']}ED6"] for level, c in ABILITY_COSTS.items()],
    },
    "skill_levels": {
        "title": T("Навыки: диапазон LV", "Skills: LV range"),
        "columns": [T("Уровень", "Level"), T("Диапазон LV", "LV range")],
        "rows": [[level, s.get("words") or f"{s['min_face']}+"] for level, s in SKILL_LEVELS.items()],
    },
    "action_costs": {
        "title": T("Цена действий", "Action costs"),
        "columns": [T("Действие", "Action"), T("Стоимость", "Cost")],
        "rows": [[a["name"], f"{a['ad6']}AD6"] for a in ACTION_COSTS.values()],
    },
    "weapons": {
        "title": T("Кубики и урон оружия", "Weapon dice and damage"),
        "columns": [T("Категория", "Category"), T("Кубики", "Dice"), T("Урон", "Damage"),
                    T("Примеры", "Examples")],
        "rows": [[w["name"], f"{w['dice']}AD6", w["damage"], w["examples"]] for w in WEAPONS],
    },
    "difficulty_scale": {
        "title": T("Сложность (LV)", "Difficulty (LV)"),
        "columns": [T("Название", "Name"), T("Сложность (LV)", "Difficulty (LV)")],
        "rows": [[d["name"], d["difficulty"]] for d in DIFFICULTY_SCALE],
    },
    "cover": {
        "title": T("Укрытия", "Cover"),
        "columns": [T("Укрытие", "Cover"), T("Эффект затруднения", "Hindrance")],
        "rows": [[c["name"], c["words"] if c["hindrance"] is None else c["hindrance"]] for c in COVER],
    },
    "exhaustion": {
        "title": T("Истощение (в разработке)", "Exhaustion (unfinished)"),
        "columns": [T("Уровень", "Level"), T("Эффект", "Effect")],
        "rows": [[e["levels"], e["effect"]] for e in EXHAUSTION],
    },
}
