"""Rule tables of the classic World of Darkness (source 003, tables at its end; cover from its text).

Every cell is the source's own; the only changes are the obvious typos listed in
:data:`TYPO_FIXES` (layout hyphens in the firearms header, Cyrillic «Т»/«К» where the
legends use the Latin letters T/K). ``tests/test_wod_tables.py`` checks every
value against the source text.

Pages include a table with ``<!-- svod:table wod/ID -->``; the calculators read the same rows.
"""

from __future__ import annotations

import re

from ..spec import T

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

_CONCEAL = {
    "P": T("P", "P"),
    "J": T("J", "J"),
    "T": T("T", "T"),
    "N": T("N", "N"),
}

TABLES: dict[str, dict] = {
    "melee_weapons": {
        "title": T("Холодное оружие", "Melee weapons"),
        "columns": [T("Оружие", "Weapon"), T("Повреждение", "Damage"),
                    T("Скрытность оружия", "Concealment")],
        "rows": [
            [T("Опасная бритва", "Straight razor"), T("Сила + 1", "Strength + 1"), _CONCEAL["P"]],
            [T("Дубинка", "Club"), T("Сила + 2", "Strength + 2"), _CONCEAL["T"]],
            [T("Нож", "Knife"), T("Сила + 1", "Strength + 1"), _CONCEAL["J"]],
            [T("Меч", "Sword"), T("Сила + 2", "Strength + 2"), _CONCEAL["T"]],
            [T("Небольшой топор", "Small axe"), T("Сила + 2", "Strength + 2"), _CONCEAL["T"]],
            [T("Большой топор", "Large axe"), T("Сила + 3", "Strength + 3"), _CONCEAL["N"]],
        ],
    },
    "armor": {
        "title": T("Броня", "Armor"),
        "columns": [T("Класс брони", "Armor class"), T("Защита", "Rating"),
                    T("Штраф Ловкости", "Dexterity penalty")],
        "rows": [
            [T("Первый класс (плотная одежда)", "Class one (reinforced clothing)"), 1, 0],
            [T("Второй класс (бронежилет)", "Class two (armor vest)"), 2, 1],
            [T("Третий класс (Кевларовая куртка)", "Class three (Kevlar jacket)"), 3, 1],
            [T("Четвертый класс (броня артиллериста)", "Class four (flak jacket)"), 4, 2],
            [T("Пятый класс (полное защитное снаряжение полиции)",
               "Class five (full riot gear)"), 5, 3],
        ],
    },
    "melee_maneuvers": {
        "title": T("Маневры ближнего боя", "Melee maneuvers"),
        "columns": [T("Маневр", "Maneuver"), T("Бросок", "Roll"), T("Трудность", "Difficulty"),
                    T("Точность", "Accuracy"), T("Повреждения", "Damage")],
        "rows": [
            [T("Блок", "Block"), T("Ловкость + Драка", "Dexterity + Brawl"), 6,
             T("Специальная", "Special"), T("(R)", "(R)")],
            [T("Борьба", "Clinch"), T("Сила + Драка", "Strength + Brawl"), 6,
             T("Обычная", "Normal"), T("Сила (C)", "Strength (C)")],
            [T("Обезоружить", "Disarm"), T("Ловкость + Фехтование /Драка", "Dexterity + Melee / Brawl"), 7,
             T("Нормальная +1", "Normal +1"), T("Специальные", "Special")],
            [T("Уклонение", "Dodge"), T("Ловкость + Уворот", "Dexterity + Dodge"), 6,
             T("Специальная", "Special"), T("(R)", "(R)")],
            [T("Захват", "Hold"), T("Сила + Драка", "Strength + Brawl"), 6,
             T("Нормальная", "Normal"), T("(C)", "(C)")],
            [T("Пинок", "Kick"), T("Ловкость + Драка", "Dexterity + Brawl"), 7,
             T("Нормальная", "Normal"), T("Сила +1", "Strength +1")],
            [T("Парировать", "Parry"), T("Ловкость + Фехтование", "Dexterity + Melee"), 6,
             T("Специальная", "Special"), T("(R)", "(R)")],
            [T("Удар", "Strike"), T("Ловкость + Драка", "Dexterity + Brawl"), 6,
             T("Нормальная", "Normal"), T("Сила", "Strength")],
            [T("Подножка", "Sweep"), T("Ловкость + Драка/Фехтование", "Dexterity + Brawl / Melee"), 7,
             T("Нормальная", "Normal"), T("Сила (K)", "Strength (K)")],
            [T("Таран", "Tackle"), T("Ловкость + Драка", "Dexterity + Brawl"), 7,
             T("Нормальная", "Normal"), T("Сила+1 (K)", "Strength +1 (K)")],
            [T("Удар оружием", "Weapon strike"), T("Ловкость + Фехтование", "Dexterity + Melee"), 6,
             T("Нормальная", "Normal"), T("Оружие", "Weapon")],
        ],
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
        "rows": [
            [T("Автоматический огонь", "Automatic fire (spray)"),
             T("Ловкость + Огнестрельное оружие", "Dexterity + Firearms"), T("+10", "+10"), 8,
             T("в зависимости от оружия", "by weapon")],
            [T("Несколько выстрелов", "Multiple shots"),
             T("Ловкость + Огнестрельное оружие", "Dexterity + Firearms"), T("специально", "special"), 6,
             T("в зависимости от оружия", "by weapon")],
            [T("Обстрел", "Full-clip fire"),
             T("Ловкость + Огнестрельное оружие", "Dexterity + Firearms"), T("+10", "+10"), 8,
             T("специально", "special")],
            [T("Очередь", "Three-round burst"),
             T("Ловкость + Огнестрельное оружие", "Dexterity + Firearms"), T("+2", "+2"), 7,
             T("в зависимости от оружия", "by weapon")],
            [T("Два оружия", "Two weapons"),
             T("Ловкость + Огнестрельное оружие", "Dexterity + Firearms"), T("специально", "special"), 7,
             T("в зависимости от оружия", "by weapon")],
        ],
    },
    "firearms": {
        "title": T("Огнестрельное оружие", "Firearms"),
        "columns": [T("Тип", "Type"), T("Повреждения", "Damage"), T("Диапазон", "Range"),
                    T("Скорострельность", "Rate"), T("Магазин", "Clip"), T("Прятать", "Conceal"),
                    T("Пример", "Example")],
        "rows": [
            [T("Револьвер, легкий", "Revolver, light"), 4, 12, 3, "6", _CONCEAL["P"], "SW M640 (.38 Special)"],
            [T("Револьвер, тяжелый", "Revolver, heavy"), 6, 35, 2, "6", _CONCEAL["J"],
             "Colt Anaconda (.44 Magnum)"],
            [T("Пистолет, легкий", "Pistol, light"), 4, 20, 4, "17+1", _CONCEAL["P"], "Glock 17 (9mm)"],
            [T("Пистолет, тяжелый", "Pistol, heavy"), 5, 30, 3, "7+1", _CONCEAL["J"], "SigP220(.45ACP)"],
            [T("Винтовка", "Rifle"), 8, 200, 1, "5+1", _CONCEAL["N"], "Remington M-700 (30.06)"],
            [T("Пистолет-пулемет легкий*", "SMG, light*"), 4, 25, 3, "30+1", _CONCEAL["J"],
             "Ingram Mac-10 (9mm)"],
            [T("Пистолет-пулемет тяжелый*", "SMG, heavy*"), 4, 50, 3, "30+1", _CONCEAL["T"], "HK MP-5(9mm)"],
            [T("Штурмовая винтовка *", "Assault rifle *"), 7, 150, 3, "42+1", _CONCEAL["N"],
             "Steyr-Aug (5.56mm)"],
            [T("Дробовик", "Shotgun"), 8, 20, 1, "5+1", _CONCEAL["T"], "Ithaca M-37 (12-Gauge)"],
            [T("Дробовик, полуавтомат", "Shotgun, semi-automatic"), 8, 20, 3, "8+1", _CONCEAL["T"],
             "Fiachi-Law 12 (12-Gauge)"],
        ],
        "notes": [
            T("* Указывает, что оружие способно стрелять очередями.",
              "* The weapon can fire bursts."),
        ],
    },
    "cover": {
        "title": T("Укрытие", "Cover"),
        "columns": [T("Укрытие", "Cover"), T("Трудность", "Difficulty")],
        "rows": [
            [T("Легкое (за уличным фонарем)", "Light (behind a lamppost)"), T("+1", "+1")],
            [T("Хорошее (за автомобилем)", "Good (behind a car)"), T("+2", "+2")],
            [T("Отличное (за углом)", "Superior (around a corner)"), T("+3", "+3")],
        ],
    },
}


# ---- readers the rules and calculators use (the data above stays the one place) ---------------

def _ru(cell) -> str:
    return cell["ru"] if isinstance(cell, dict) else str(cell)


def melee_weapon_bonus(row: list) -> int:
    """«Сила + N» → N (the dice added to Strength)."""
    m = re.fullmatch(r"Сила\s*\+\s*(\d+)", _ru(row[1]))
    if not m:  # pragma: no cover - guarded by a test over every row
        raise ValueError(f"unexpected melee damage cell {row[1]!r}")
    return int(m[1])


def firearm_can_burst(row: list) -> bool:
    """The «*» after a firearm's type: «Указывает, что оружие способно стрелять очередями»."""
    return _ru(row[0]).rstrip().endswith("*")


def signed_int(cell) -> int:
    """«+10» → 10; an int stays itself."""
    return cell if isinstance(cell, int) else int(_ru(cell).replace("−", "-"))


def strength_maneuver_bonus(row: list) -> int | None:
    """A melee maneuver whose damage is «Сила», «Сила +1», «Сила (K)»… → the bonus; else ``None``."""
    m = re.match(r"Сила\s*(?:\+\s*(\d+))?(?:\s*\(.\))?$", _ru(row[4]))
    return (int(m[1]) if m[1] else 0) if m else None
