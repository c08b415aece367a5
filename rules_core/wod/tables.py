"""Rule tables of the classic World of Darkness (source 003, tables at its end; cover from its text).

Every cell is the source's own; the only changes are the obvious typos listed in
:data:`TYPO_FIXES` (layout hyphens in the firearms header, Cyrillic «Т»/«К» where the
legends use the Latin letters T/K). ``tests/test_wod_tables.py`` checks every
value against the source text.

The tables are named records (the single place each number lives; the rules and calculators
read their fields, never the display text); :data:`TABLES` — what pages include with
``<!-- svod:table wod/ID -->`` — is built from them.
"""

from __future__ import annotations

from ..spec import T

__all__ = ["TYPO_FIXES", "CONCEALMENT", "MELEE_WEAPONS", "ARMOR", "MELEE_MANEUVERS", "RANGED_MANEUVERS",
           "FIREARMS", "COVER", "melee_damage_text", "TABLES"]

#: Source text → the text used here (obvious typos only; the lead lists them in docs/_changes.yml).
TYPO_FIXES = {
    "Поврежде-ния": "Повреждения",
    "Скоро-стрель-ность": "Скорострельность",
    "Мага-зин": "Магазин",
    "Пря-тать": "Прятать",
    "Т": "T",  # Cyrillic Т in three firearm rows; the legend uses the Latin T
    "Сила (К)": "Сила (K)",  # Cyrillic К; the legend below the table says (K)
    "Сила+1 (К)": "Сила+1 (K)",
}

#: Concealment codes of 003's weapon tables («P», «J», «T», «N»), shown as they are.
CONCEALMENT = ("P", "J", "T", "N")

#: Melee weapons: damage is Сила + ``strength_bonus``; ``conceal`` one of :data:`CONCEALMENT`.
MELEE_WEAPONS: list[dict] = [
    {"name": T("Опасная бритва", "Straight razor"), "strength_bonus": 1, "conceal": "P"},
    {"name": T("Дубинка", "Club"), "strength_bonus": 2, "conceal": "T"},
    {"name": T("Нож", "Knife"), "strength_bonus": 1, "conceal": "J"},
    {"name": T("Меч", "Sword"), "strength_bonus": 2, "conceal": "T"},
    {"name": T("Небольшой топор", "Small axe"), "strength_bonus": 2, "conceal": "T"},
    {"name": T("Большой топор", "Large axe"), "strength_bonus": 3, "conceal": "N"},
]

#: Armor classes: the rating (added to the soak pool) and the Dexterity penalty.
ARMOR: list[dict] = [
    {"name": T("Первый класс (плотная одежда)", "Class one (reinforced clothing)"), "rating": 1,
     "dexterity_penalty": 0},
    {"name": T("Второй класс (бронежилет)", "Class two (armor vest)"), "rating": 2, "dexterity_penalty": 1},
    {"name": T("Третий класс (Кевларовая куртка)", "Class three (Kevlar jacket)"), "rating": 3,
     "dexterity_penalty": 1},
    {"name": T("Четвертый класс (броня артиллериста)", "Class four (flak jacket)"), "rating": 4,
     "dexterity_penalty": 2},
    {"name": T("Пятый класс (полное защитное снаряжение полиции)", "Class five (full riot gear)"), "rating": 5,
     "dexterity_penalty": 3},
]

#: Melee maneuvers: roll, difficulty, accuracy and damage in the table's words; ``strength_bonus``:
#: a maneuver whose damage is Сила (+ N) — «Сила», «Сила +1», «Сила (К)» … — else ``None``;
#: ``accuracy_dice``: the dice «Точность» adds («Нормальная +1» is one, «Нормальная» none,
#: «Специальная» None: the maneuver is a defence, «(R)»). A test checks the words say the same.
MELEE_MANEUVERS: list[dict] = [
    {"key": "block", "accuracy_dice": None, "name": T("Блок", "Block"), "roll": T("Ловкость + Драка", "Dexterity + Brawl"), "difficulty": 6,
     "accuracy": T("Специальная", "Special"), "damage": T("(R)", "(R)"), "strength_bonus": None},
    {"key": "clinch", "accuracy_dice": 0, "name": T("Борьба", "Clinch"), "roll": T("Сила + Драка", "Strength + Brawl"), "difficulty": 6,
     "accuracy": T("Обычная", "Normal"), "damage": T("Сила (C)", "Strength (C)"), "strength_bonus": 0},
    {"key": "disarm", "accuracy_dice": 1, "name": T("Обезоружить", "Disarm"),
     "roll": T("Ловкость + Фехтование /Драка", "Dexterity + Melee / Brawl"),
     "difficulty": 7, "accuracy": T("Нормальная +1", "Normal +1"), "damage": T("Специальные", "Special"),
     "strength_bonus": None},
    {"key": "dodge", "accuracy_dice": None, "name": T("Уклонение", "Dodge"),
     "roll": T("Ловкость + Уворот", "Dexterity + Dodge"), "difficulty": 6,
     "accuracy": T("Специальная", "Special"), "damage": T("(R)", "(R)"), "strength_bonus": None},
    {"key": "hold", "accuracy_dice": 0, "name": T("Захват", "Hold"), "roll": T("Сила + Драка", "Strength + Brawl"), "difficulty": 6,
     "accuracy": T("Нормальная", "Normal"), "damage": T("(C)", "(C)"), "strength_bonus": None},
    {"key": "kick", "accuracy_dice": 0, "name": T("Пинок", "Kick"), "roll": T("Ловкость + Драка", "Dexterity + Brawl"), "difficulty": 7,
     "accuracy": T("Нормальная", "Normal"), "damage": T("Сила +1", "Strength +1"), "strength_bonus": 1},
    {"key": "parry", "accuracy_dice": None, "name": T("Парировать", "Parry"),
     "roll": T("Ловкость + Фехтование", "Dexterity + Melee"), "difficulty": 6,
     "accuracy": T("Специальная", "Special"), "damage": T("(R)", "(R)"), "strength_bonus": None},
    {"key": "strike", "accuracy_dice": 0, "name": T("Удар", "Strike"), "roll": T("Ловкость + Драка", "Dexterity + Brawl"), "difficulty": 6,
     "accuracy": T("Нормальная", "Normal"), "damage": T("Сила", "Strength"), "strength_bonus": 0},
    {"key": "sweep", "accuracy_dice": 0, "name": T("Подножка", "Sweep"),
     "roll": T("Ловкость + Драка/Фехтование", "Dexterity + Brawl / Melee"),
     "difficulty": 7, "accuracy": T("Нормальная", "Normal"), "damage": T("Сила (K)", "Strength (K)"),
     "strength_bonus": 0},
    {"key": "tackle", "accuracy_dice": 0, "name": T("Таран", "Tackle"), "roll": T("Ловкость + Драка", "Dexterity + Brawl"), "difficulty": 7,
     "accuracy": T("Нормальная", "Normal"), "damage": T("Сила+1 (K)", "Strength +1 (K)"), "strength_bonus": 1},
    {"key": "weapon_strike", "accuracy_dice": 0, "name": T("Удар оружием", "Weapon strike"),
     "roll": T("Ловкость + Фехтование", "Dexterity + Melee"),
     "difficulty": 6, "accuracy": T("Нормальная", "Normal"), "damage": T("Оружие", "Weapon"),
     "strength_bonus": None},
]

_BY_WEAPON = T("в зависимости от оружия", "by weapon")
_SPECIAL = T("специально", "special")

#: Ranged maneuvers: extra attack dice (``accuracy``; ``None``: «специально», the maneuver sets its
#: own pools), difficulty, and the damage in the table's words.
RANGED_MANEUVERS: dict[str, dict] = {
    "spray": {"name": T("Автоматический огонь", "Automatic fire (spray)"), "accuracy": 10, "difficulty": 8,
              "damage": _BY_WEAPON},
    "multiple": {"name": T("Несколько выстрелов", "Multiple shots"), "accuracy": None, "difficulty": 6,
                 "damage": _BY_WEAPON},
    "full_auto": {"name": T("Обстрел", "Full-clip fire"), "accuracy": 10, "difficulty": 8, "damage": _SPECIAL},
    "burst": {"name": T("Очередь", "Three-round burst"), "accuracy": 2, "difficulty": 7, "damage": _BY_WEAPON},
    "two_weapons": {"name": T("Два оружия", "Two weapons"), "accuracy": None, "difficulty": 7,
                    "damage": _BY_WEAPON},
}
_FIREARMS_ROLL = T("Ловкость + Огнестрельное оружие", "Dexterity + Firearms")

#: Firearms: damage dice, range, rate of fire, clip and concealment as 003 gives them; ``bursts``:
#: the «*» after the type («Указывает, что оружие способно стрелять очередями»; the name keeps the
#: star as the source writes it, a test checks the two agree).
FIREARMS: list[dict] = [
    {"type": T("Револьвер, легкий", "Revolver, light"), "damage": 4, "range": 12, "rate": 3, "clip": "6",
     "conceal": "P", "example": "SW M640 (.38 Special)", "bursts": False},
    {"type": T("Револьвер, тяжелый", "Revolver, heavy"), "damage": 6, "range": 35, "rate": 2, "clip": "6",
     "conceal": "J", "example": "Colt Anaconda (.44 Magnum)", "bursts": False},
    {"type": T("Пистолет, легкий", "Pistol, light"), "damage": 4, "range": 20, "rate": 4, "clip": "17+1",
     "conceal": "P", "example": "Glock 17 (9mm)", "bursts": False},
    {"type": T("Пистолет, тяжелый", "Pistol, heavy"), "damage": 5, "range": 30, "rate": 3, "clip": "7+1",
     "conceal": "J", "example": "SigP220(.45ACP)", "bursts": False},
    {"type": T("Винтовка", "Rifle"), "damage": 8, "range": 200, "rate": 1, "clip": "5+1",
     "conceal": "N", "example": "Remington M-700 (30.06)", "bursts": False},
    {"type": T("Пистолет-пулемет легкий*", "SMG, light*"), "damage": 4, "range": 25, "rate": 3, "clip": "30+1",
     "conceal": "J", "example": "Ingram Mac-10 (9mm)", "bursts": True},
    {"type": T("Пистолет-пулемет тяжелый*", "SMG, heavy*"), "damage": 4, "range": 50, "rate": 3, "clip": "30+1",
     "conceal": "T", "example": "HK MP-5(9mm)", "bursts": True},
    {"type": T("Штурмовая винтовка *", "Assault rifle *"), "damage": 7, "range": 150, "rate": 3, "clip": "42+1",
     "conceal": "N", "example": "Steyr-Aug (5.56mm)", "bursts": True},
    {"type": T("Дробовик", "Shotgun"), "damage": 8, "range": 20, "rate": 1, "clip": "5+1",
     "conceal": "T", "example": "Ithaca M-37 (12-Gauge)", "bursts": False},
    {"type": T("Дробовик, полуавтомат", "Shotgun, semi-automatic"), "damage": 8, "range": 20, "rate": 3,
     "clip": "8+1", "conceal": "T", "example": "Fiachi-Law 12 (12-Gauge)", "bursts": False},
]

#: Cover (from 003's text): what it adds to the difficulty of a shot at the one behind it.
COVER: list[dict] = [
    {"name": T("Легкое (за уличным фонарем)", "Light (behind a lamppost)"), "difficulty": 1},
    {"name": T("Хорошее (за автомобилем)", "Good (behind a car)"), "difficulty": 2},
    {"name": T("Отличное (за углом)", "Superior (around a corner)"), "difficulty": 3},
]


def _code(code: str) -> dict:
    return T(code, code)


def _plus(n: int) -> dict:
    return T(f"+{n}", f"+{n}")


def melee_damage_text(weapon: dict) -> dict:
    """A melee weapon's damage as 003 writes it: «Сила + 2»."""
    n = weapon["strength_bonus"]
    return T(f"Сила + {n}", f"Strength + {n}")


TABLES: dict[str, dict] = {
    "melee_weapons": {
        "title": T("Холодное оружие", "Melee weapons"),
        "columns": [T("Оружие", "Weapon"), T("Повреждение", "Damage"),
                    T("Скрытность оружия", "Concealment")],
        "rows": [[w["name"], melee_damage_text(w), _code(w["conceal"])] for w in MELEE_WEAPONS],
    },
    "armor": {
        "title": T("Броня", "Armor"),
        "columns": [T("Класс брони", "Armor class"), T("Защита", "Rating"),
                    T("Штраф Ловкости", "Dexterity penalty")],
        "rows": [[a["name"], a["rating"], a["dexterity_penalty"]] for a in ARMOR],
    },
    "melee_maneuvers": {
        "title": T("Маневры ближнего боя", "Melee maneuvers"),
        "columns": [T("Маневр", "Maneuver"), T("Бросок", "Roll"), T("Трудность", "Difficulty"),
                    T("Точность", "Accuracy"), T("Повреждения", "Damage")],
        "rows": [[m["name"], m["roll"], m["difficulty"], m["accuracy"], m["damage"]] for m in MELEE_MANEUVERS],
        "notes": [
            T("(C): маневр замедляет противника.", "(C): the maneuver slows the opponent."),
            T("(K): маневр наносит сокрушительный удар.", "(K): the maneuver knocks the opponent down."),
            T("(R): маневр уменьшает успехи нападения противника.",
              "(R): the maneuver reduces the opponent's attack successes."),
        ],
    },
    "ranged_maneuvers": {
        "title": T("Маневры дальнего боя", "Ranged maneuvers"),
        "columns": [T("Маневр", "Maneuver"), T("Бросок", "Roll"), T("Точность", "Accuracy"),
                    T("Трудность", "Difficulty"), T("Повреждения", "Damage")],
        "rows": [[m["name"], _FIREARMS_ROLL, _SPECIAL if m["accuracy"] is None else _plus(m["accuracy"]),
                  m["difficulty"], m["damage"]] for m in RANGED_MANEUVERS.values()],
    },
    "firearms": {
        "title": T("Огнестрельное оружие", "Firearms"),
        "columns": [T("Тип", "Type"), T("Повреждения", "Damage"), T("Диапазон", "Range"),
                    T("Скорострельность", "Rate"), T("Магазин", "Clip"), T("Прятать", "Conceal"),
                    T("Пример", "Example")],
        "rows": [[f["type"], f["damage"], f["range"], f["rate"], f["clip"], _code(f["conceal"]), f["example"]]
                 for f in FIREARMS],
        "notes": [
            T("* Указывает, что оружие способно стрелять очередями.",
              "* The weapon can fire bursts."),
        ],
    },
    "cover": {
        "title": T("Укрытие", "Cover"),
        "columns": [T("Укрытие", "Cover"), T("Трудность", "Difficulty")],
        "rows": [[c["name"], _plus(c["difficulty"])] for c in COVER],
    },
}
