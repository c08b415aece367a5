"""Rule tables of «Мир Тьмы: Сериал» (source 000) as data.

Each table lives here once. The machine-readable records (``ARMOR_LEVELS``,
``DEATH_DOOR``, ``MELEE_CLASSES``, ``EXPLOSIVES``, ``ENCUMBRANCE``, ``MANEUVERS``) are what
:mod:`rules_core.serial.rules` and the calculators read; ``TABLES`` (what pages render with
``<!-- svod:table serial/ID -->``) is built from the very same records, so a number can
never differ between a page and a calculator. Wording is the source's (typos only fixed).
"""

from __future__ import annotations

from ..spec import T

__all__ = ["ARMOR_LEVELS", "MAX_ARMOR", "ARMOR_ABOVE_MAX", "HEAVY_ARMOR_FROM", "DEATH_DOOR",
           "DEATH_DOOR_KEYS", "INSTANT_DEATH", "MELEE_CLASSES", "MIGHTY_MIN_STRENGTH", "FIREARMS",
           "EXPLOSIVES", "MILITARY_RADIUS", "GRENADE_RANGE_PER_STRENGTH", "ENCUMBRANCE",
           "OVERLOADED_DEX_PENALTY", "MANEUVERS", "TABLES"]

# ---------------------------------------------------------------------------------
# Armor 0–6 («Броня»)
# ---------------------------------------------------------------------------------

#: Armor value → what it is (source words). 000: «Броня > 6 такой просто не бывает. Совсем.»
ARMOR_LEVELS: dict[int, dict] = {
    0: {"what": T("Брони нет. Просто толстая одежда брони не дает.",
                  "No Armor. Merely thick clothing gives no Armor.")},
    1: {"what": T("Бронежилет или легкий доспех. Просто толстая одежда брони не дает.",
                  "A bulletproof vest or light armor. Merely thick clothing gives no Armor.")},
    2: {"what": T("Тяжелый доспех или штурмовая военная броня.",
                  "Heavy armor or military assault armor.")},
    3: {"what": T("Может быть достигнута колдовством или самой передовой наукой, у смертных это "
                  "полный костюм сапера.",
                  "Can be reached by sorcery or the most advanced science; for mortals it is a "
                  "full bomb-disposal suit.")},
    4: {"what": T("Могущественная артефактная броня, или очень плотная шкура волшебного монстра, "
                  "или бронированный боевой робот.",
                  "Mighty artifact armor, or the very thick hide of a magical monster, or an "
                  "armored combat robot.")},
    5: {"what": T("Это шкура древнего дракона. Или броня космического корабля. У игроков "
                  "фактически не бывает возможности получить подобное значение личной Брони.",
                  "The hide of an ancient dragon. Or a spaceship's armor. Players practically "
                  "never get a chance to have such personal Armor.")},
    6: {"what": T("Этого значения персонаж-игрок не может иметь в принципе. Однако так могут "
                  "быть укреплены некоторые легендарные создания.",
                  "A player character cannot have this value at all. Some legendary creatures "
                  "can be this well protected, though.")},
}
MAX_ARMOR = max(ARMOR_LEVELS)  # 6
ARMOR_ABOVE_MAX = T("Такой просто не бывает. Совсем.", "Simply does not exist. At all.")
#: 000 (Нагрузка): «Для простоты, обычно если доспех дает 2+ Брони, то он тяжелый.»
HEAVY_ARMOR_FROM = 2

# ---------------------------------------------------------------------------------
# Death's door d6 («Бросок Порога Смерти (1д6)»)
# ---------------------------------------------------------------------------------

#: d6 result → outcome key (the calculators' machine keys), name and key effect.
DEATH_DOOR: dict[int, dict] = {
    1: {"key": "last_breath", "name": T("Последний вздох", "Last breath"),
        "effect": T("Персонаж падает на землю без сознания и умрет в конце следующего хода. "
                    "Его может спасти только магическое лечение или удачный бросок "
                    "Ловкость+Медицины по сложности 8. Повторное выпадение Последнего Вздоха на "
                    "броске Порога в той же сцене автоматически приводит к моментальной смерти "
                    "персонажа.",
                    "The character falls unconscious and dies at the end of the next turn. Only "
                    "magical healing or a successful Dexterity+Medicine roll at difficulty 8 "
                    "can save them. Rolling Last breath again on a death's-door roll in the same "
                    "scene means instant death.")},
    2: {"key": "walking_dead", "name": T("Ходячий мертвец", "Walking dead"),
        "effect": T("Персонаж уже фактически мёртв, но может попробовать забрать с собой "
                    "кого-то из врагов! Он действует как и прежде (но помните про штрафы от "
                    "ран), однако после двух своих раундов он упадёт мёртвым.",
                    "Practically dead, but may try to take an enemy along! Acts as before "
                    "(wound penalties still apply), but drops dead after two of their rounds.")},
    3: {"key": "will_to_live", "name": T("Воля к жизни", "Will to live"),
        "effect": T("Персонаж не испытывает штрафов от ран и может действовать как раньше. "
                    "Однако провал любого броска приводит его к мгновенной смерти. Каждый раунд "
                    "персонаж тратит 1 ПСВ, чтобы продолжать сражаться.",
                    "No wound penalties, acts as before. But failing any roll means instant "
                    "death. Each round the character spends 1 Willpower point to keep "
                    "fighting.")},
    4: {"key": "crippling_wound", "name": T("Калечащая рана", "Crippling wound"),
        "effect": T("Персонаж остается с 1 уровнем Здоровья, получает Увечье (его эффект может "
                    "быть определен уже после боя), теряет сознание на 1 свой раунд от боли.",
                    "The character stays at 1 Health, gets a Maiming and passes out from pain "
                    "for 1 of their rounds.")},
    5: {"key": "stunned", "name": T("Оглушение", "Stunned"),
        "effect": T("Персонаж не может ничего делать, однако не помирает. Через несколько "
                    "десятков минут он придет в себя.",
                    "The character can do nothing but does not die. Comes to in a few tens of "
                    "minutes.")},
    6: {"key": "shock", "name": T("Шок", "Shock"),
        "effect": T("Персонаж остается с 1 уровнем Здоровья, но падает и теряет сознание на 1-2 "
                    "раунда, чет/нечет своих раунда.",
                    "The character stays at 1 Health but falls and passes out for 1–2 of their "
                    "rounds (odd/even).")},
}
DEATH_DOOR_KEYS = tuple(DEATH_DOOR[r]["key"] for r in sorted(DEATH_DOOR))
#: The outcome before the table: «Мгновенная смерть».
INSTANT_DEATH = {"key": "instant_death", "name": T("Мгновенная смерть", "Instant death")}

# ---------------------------------------------------------------------------------
# Melee weapon classes («Холодное оружие»)
# ---------------------------------------------------------------------------------

MELEE_CLASSES: dict[str, dict] = {
    "short": {
        "name": T("Короткое", "Short"),
        "examples": T("ножи, кинжалы, дубинки и прочее", "knives, daggers, clubs and the like"),
        "damage": 1, "attack_difficulty": -1,
        "parry": T("Им невозможно эффективно парировать любое более длинное оружие.",
                   "Cannot effectively parry any longer weapon."),
        "concealment": T("Легко спрятать под одеждой.", "Easily hidden under clothes."),
    },
    "classic": {
        "name": T("Классическое", "Classic"),
        "examples": T("катаны, рапиры, палаши, исторические мечи и новодельные длинные мачете",
                      "katanas, rapiers, broadswords, historical swords and modern long machetes"),
        "damage": 2, "attack_difficulty": 0,
        "parry": T("Парируют более короткое оружие или удары руками по сложности 5. Парируют "
                   "тяжелое оружие по сложности 7.",
                   "Parries shorter weapons or unarmed blows at difficulty 5, heavy weapons at "
                   "difficulty 7."),
        "concealment": T("Надо носить очень длинное пальто или массивные чехлы и приложить "
                         "заметные усилия.",
                         "Takes a very long coat or a bulky case and a visible effort."),
    },
    "heavy": {
        "name": T("Тяжелое", "Heavy"),
        "examples": T("старомодные алебарды и двуручные мечи, промышленные бензопилы или "
                      "специальные клинки инквизиции",
                      "old halberds and two-handed swords, industrial chainsaws or special "
                      "Inquisition blades"),
        "damage": 3, "attack_difficulty": 0,
        "parry": T("Такое оружие весьма сложно парировать чем-то более легким (сложность 7). "
                   "Боевой маневр «парирование» невозможно осуществить тяжелым оружием.",
                   "Hard to parry with anything lighter (difficulty 7). A heavy weapon cannot "
                   "perform the parry maneuver."),
        "concealment": None,  # 000 says nothing about hiding heavy weapons
    },
    "mighty": {
        "name": T("Оружие могущественной драки", "Mighty-brawl weapon"),
        "examples": T("куски столбов, рельсы, нереального размера и веса для смертных секиры; "
                      "требуют Силы выше 5",
                      "chunks of posts, rails, axes of a size and weight unreal for mortals; "
                      "need Strength above 5"),
        "damage": 4, "attack_difficulty": 1,
        "parry": T("+1 к сложности атаки или парирования. Удары таким оружием невозможно "
                   "парировать.",
                   "+1 to attack or parry difficulty. Its blows cannot be parried."),
        "concealment": T("Такое оружие невозможно скрыть.", "Cannot be hidden."),
    },
}
#: «Требуют от носителя невероятной для обычного человека Силы (выше 5).»
MIGHTY_MIN_STRENGTH = 6

# ---------------------------------------------------------------------------------
# Firearms named in 000 (its firearms table is not in the source; these are the numbers the
# text itself gives)
# ---------------------------------------------------------------------------------

FIREARMS: dict[str, dict] = {
    "pistol": {"name": T("Пистолет", "Pistol"), "dice": 6,
               "quote": T("Теперь она смотрит урон пистолета в таблице: 6 кубов урона.",
                          "She looks up the pistol's damage in the table: 6 damage dice.")},
    "assault_rifle": {"name": T("Штурмовая винтовка", "Assault rifle"), "dice": 7,
                      "quote": T("При этом урон от обычной штурмовой винтовки (7 кубов) она спокойно "
                                 "использует вместе с любым из них.",
                                 "The damage of a plain assault rifle (7 dice) she uses with any of them.")},
    "rifle": {"name": T("Винтовка", "Rifle"), "dice": 8,
              "quote": T("Специальное адское оружие на слонов и бронетехнику – все еще винтовка и "
                         "наносит 8 кубиков урона, но гораздо лучше обычной винтовки может убивать "
                         "слонов и бронетехнику.",
                         "Special hellish guns for elephants and armor are still rifles and deal 8 "
                         "damage dice, but kill elephants and armor much better than a plain rifle.")},
}


# ---------------------------------------------------------------------------------
# Explosives («Взрывчатые вещества»)
# ---------------------------------------------------------------------------------

#: dice: damage dice at the centre; epicentre: metres of full damage (None: see note);
#: metres_per_die: how many metres beyond the epicentre cost one die (None: no fall-off given).
EXPLOSIVES: dict[str, dict] = {
    "improvised": {
        "name": T("Самодельная или же иная легко добываемая взрывчатка",
                  "Improvised or other easily obtained explosive"),
        "dice": 10, "epicentre": 2, "metres_per_die": 1,
        "radius_text": T("в эпицентре 2 метра", "epicenter 2 meters"),
        "falloff_text": T("далее урон падает 1 кубик за метр", "then −1 die per meter"),
    },
    "grenade": {
        "name": T("Гранаты", "Grenades"),
        "dice": 12, "epicentre": 2, "metres_per_die": 1,
        "radius_text": T("в эпицентре радиусом 2 метра", "epicenter of radius 2 meters"),
        "falloff_text": T("далее урон снижается на кубик за каждый метр",
                          "then −1 die for every meter"),
    },
    "military": {
        "name": T("Военная взрывчатка, мины", "Military explosives, mines"),
        "dice": 16, "epicentre": None, "metres_per_die": None,
        "radius_text": T("накрывают от 10 до 30 метров; конкретные условия минирования "
                         "определяют дистанцию точнее",
                         "cover 10 to 30 meters; the mining conditions set the distance"),
        "falloff_text": None,
    },
    "badaboom": {
        "name": T("Особо эпично заминированные места, badaboom",
                  "Epically mined places, badaboom"),
        "dice": 20, "epicentre": None, "metres_per_die": 5,
        "radius_text": T("Рассказчик решает, насколько далеко от эпицентра урон вообще "
                         "начинает падать",
                         "the Storyteller decides how far from the center damage starts to "
                         "fall"),
        "falloff_text": T("далее по кубику за 5 метров", "then −1 die per 5 meters"),
    },
}
#: Military explosives: «Накрывают от 10 до 30 метров.»
MILITARY_RADIUS = (10, 30)
#: Grenades: «Максимальная дистанция броска (5*Значение вашей силы без амулетов).»
GRENADE_RANGE_PER_STRENGTH = 5

# ---------------------------------------------------------------------------------
# Encumbrance by Strength («Нагрузка и размер оружия»)
# ---------------------------------------------------------------------------------

#: Strength → the source's row, and the same row as alternatives the character may carry
#: without «Перегружен»: each alternative is (large items, huge items, armor) with armor one
#: of "none" < "light" < "heavy" (at most this much).
ENCUMBRANCE: dict[int, dict] = {
    1: {"text": T("ни одного большого предмета, никаких доспехов даже легких",
                  "no large item, no armor, not even light"),
        "allow": ((0, 0, "none"),)},
    2: {"text": T("один Большой предмет И лёгкий доспех", "one Large item AND light armor"),
        "allow": ((1, 0, "light"),)},
    3: {"text": T("(один Большой предмет и лёгкий доспех) ИЛИ Тяжелый доспех",
                  "(one Large item and light armor) OR Heavy armor"),
        "allow": ((1, 0, "light"), (0, 0, "heavy"))},
    4: {"text": T("один Большой предмет И Тяжелый доспех", "one Large item AND Heavy armor"),
        "allow": ((1, 0, "heavy"),)},
    5: {"text": T("два Больших предмета и Тяжелый доспех", "two Large items and Heavy armor"),
        "allow": ((2, 0, "heavy"),)},
    6: {"text": T("один Огромный предмет и Тяжелый доспех", "one Huge item and Heavy armor"),
        "allow": ((0, 1, "heavy"),)},
}
#: «Перегружен»: «-4 куба на броски Ловкости и уменьшение скорости движения в 2 раза.»
OVERLOADED_DEX_PENALTY = 4

# ---------------------------------------------------------------------------------
# Attack maneuvers with numbers («Манёвры»)
# ---------------------------------------------------------------------------------

#: key → numbers. ability: minimum «Способность»; difficulty: added to the attack difficulty;
#: attack_dice: added to the attack pool; damage_dice: added to the damage pool;
#: damage_bonus: the trait whose value adds damage dice (None if none);
#: armor_multiplier: the target's Armor is multiplied by it; hit_multiplier: hit successes are
#: multiplied by it for the contest with a defence; crit_at / crit_successes: «Удар мастера».
MANEUVERS: dict[str, dict] = {
    "none": {"name": T("Обычная атака", "Plain attack"), "range": "both", "ability": 0,
             "difficulty": 0, "attack_dice": 0, "damage_dice": 0, "damage_bonus": None,
             "armor_multiplier": 1, "hit_multiplier": 1, "crit_at": None, "crit_successes": 0,
             "note": T("Сложность 6.", "Difficulty 6.")},
    "flurry": {"name": T("Град ударов", "Flurry of blows"), "range": "melee", "ability": 4,
               "difficulty": 2, "attack_dice": 0, "damage_dice": 0,
               "damage_bonus": T("Ловкость или Смекалка", "Dexterity or Wits"),
               "armor_multiplier": 3, "hit_multiplier": 1, "crit_at": None, "crit_successes": 0,
               "note": T("Только коротким или классическим оружием.",
                         "Short or classic weapons only.")},
    "feint": {"name": T("Обманный прием", "Feint"), "range": "melee", "ability": 4,
              "difficulty": 1, "attack_dice": 0, "damage_dice": -1, "damage_bonus": None,
              "armor_multiplier": 1, "hit_multiplier": 2, "crit_at": None, "crit_successes": 0,
              "note": T("Число успехов на броске попадания удваивается для контеста попадания и "
                        "защитного маневра.",
                        "Hit successes are doubled for the contest with a defensive maneuver.")},
    "master": {"name": T("Удар мастера", "Master strike"), "range": "both", "ability": 5,
               "difficulty": 0, "attack_dice": 0, "damage_dice": 0, "damage_bonus": None,
               "armor_multiplier": 1, "hit_multiplier": 1, "crit_at": 7, "crit_successes": 3,
               "note": T("7 и больше успехов на попадании: критическая атака, +3 автоуспеха к "
                         "броску урона.",
                         "7 or more hit successes: a critical, +3 automatic damage successes.")},
    "aim": {"name": T("Прицеливание", "Aiming"), "range": "ranged", "ability": 3,
            "difficulty": 0, "attack_dice": 0, "damage_dice": 0,
            "damage_bonus": T("Восприятие", "Perception"),
            "armor_multiplier": 1, "hit_multiplier": 1, "crit_at": None, "crit_successes": 0,
            "note": T("Действие + Движение; к следующему первому выстрелу.",
                      "Action + Movement; for the next first shot.")},
    "autofire": {"name": T("Автоматический огонь", "Full-auto fire"), "range": "ranged",
                 "ability": 4, "difficulty": 2, "attack_dice": 0, "damage_dice": 6,
                 "damage_bonus": None, "armor_multiplier": 1, "hit_multiplier": 1,
                 "crit_at": None, "crit_successes": 0,
                 "note": T("Штраф к атаке равный 2; вся обойма.",
                           "Attack penalty of 2; the whole clip.")},
    "spread": {"name": T("Очередь веером", "Spread fire"), "range": "ranged", "ability": 2,
               "difficulty": 2, "attack_dice": 10, "damage_dice": 0, "damage_bonus": None,
               "armor_multiplier": 1, "hit_multiplier": 1, "crit_at": None, "crit_successes": 0,
               "note": T("Каждая цель требует одного успеха на броске попадания; площадь до "
                         "4 на 4 метра.",
                         "Each target takes one hit success; an area up to 4 by 4 meters.")},
    "short_burst": {"name": T("Короткая очередь", "Short burst"), "range": "ranged",
                    "ability": 4, "difficulty": 2, "attack_dice": 0, "damage_dice": 0,
                    "damage_bonus": T("Ловкость или Смекалка", "Dexterity or Wits"),
                    "armor_multiplier": 3, "hit_multiplier": 1, "crit_at": None,
                    "crit_successes": 0,
                    "note": T("Только оружие, способное вести полный автоматический огонь.",
                              "Fully automatic weapons only.")},
    "two_guns": {"name": T("Стрельба по-македонски", "Two-gun shooting"), "range": "ranged",
                 "ability": 0, "difficulty": 2, "attack_dice": 0, "damage_dice": 0,
                 "damage_bonus": None, "armor_multiplier": 1, "hit_multiplier": 1,
                 "crit_at": None, "crit_successes": 0,
                 "note": T("Экстра-атака из второго оружия; обе атаки — половина запаса кубиков "
                           "(округление вниз).",
                           "An extra shot from the second gun; both attacks use half the pool "
                           "(rounded down).")},
}


# ---------------------------------------------------------------------------------
# TABLES (built from the records above)
# ---------------------------------------------------------------------------------

def _signed(n: int) -> str:
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def _build() -> dict:
    dash = "—"
    tables = {
        "armor_levels": {
            "title": T("Уровни Брони", "Armor levels"),
            "columns": [T("Броня", "Armor"), T("Что это", "What it is")],
            "rows": [[a, ARMOR_LEVELS[a]["what"]] for a in sorted(ARMOR_LEVELS)]
            + [["> 6", ARMOR_ABOVE_MAX]],
        },
        "death_door": {
            "title": T("Бросок Порога Смерти (1д6)", "Death's door roll (1d6)"),
            "columns": [T("1д6", "1d6"), T("Состояние", "State"), T("Главное", "Key effect")],
            "rows": [[r, DEATH_DOOR[r]["name"], DEATH_DOOR[r]["effect"]] for r in sorted(DEATH_DOOR)],
        },
        "melee_classes": {
            "title": T("Классы холодного оружия", "Melee weapon classes"),
            "columns": [T("Класс", "Class"), T("Примеры", "Examples"),
                        T("Модификатор повреждений", "Damage modifier"),
                        T("Сложность атаки", "Attack difficulty"),
                        T("Парирование", "Parrying"), T("Скрытность", "Concealment")],
            "rows": [[c["name"], c["examples"], _signed(c["damage"]), _signed(c["attack_difficulty"]),
                      c["parry"], c["concealment"] or dash] for c in MELEE_CLASSES.values()],
        },
        "explosives": {
            "title": T("Взрывчатые вещества", "Explosives"),
            "columns": [T("Вид", "Kind"), T("Кубиков урона в эпицентре", "Damage dice at the center"),
                        T("Радиус", "Radius"), T("Спад урона", "Fall-off")],
            "rows": [[e["name"], (T(f"до {e['dice']}", f"up to {e['dice']}") if k == "badaboom" else e["dice"]),
                      e["radius_text"], e["falloff_text"] or dash] for k, e in EXPLOSIVES.items()],
        },
        "firearms": {
            "title": T("Огнестрельное оружие, названное в тексте", "Firearms named in the text"),
            "columns": [T("Оружие", "Weapon"), T("Кубиков урона", "Damage dice"), T("Из текста", "From the text")],
            "rows": [[f["name"], f["dice"], f["quote"]] for f in FIREARMS.values()],
        },
        "encumbrance": {
            "title": T("Нагрузка по Силе", "Encumbrance by Strength"),
            "columns": [T("Сила", "Strength"),
                        T("Можно носить без статуса «Перегружен»", "Carried without «Overloaded»")],
            "rows": [[s, ENCUMBRANCE[s]["text"]] for s in sorted(ENCUMBRANCE)],
        },
        "maneuvers": {
            "title": T("Числа боевых манёвров", "Combat maneuvers' numbers"),
            "columns": [T("Манёвр", "Maneuver"), T("Способность", "Ability"),
                        T("Сложность атаки", "Attack difficulty"), T("Кубики атаки", "Attack dice"),
                        T("Кубики урона", "Damage dice"), T("Броня цели", "Target's Armor"),
                        T("Особое", "Special")],
            "rows": [[m["name"], f"{m['ability']}+" if m["ability"] else dash,
                      _signed(m["difficulty"]), _signed(m["attack_dice"]),
                      m["damage_bonus"] and T("+" + m["damage_bonus"]["ru"], "+" + m["damage_bonus"]["en"])
                      or _signed(m["damage_dice"]),
                      f"×{m['armor_multiplier']}", m["note"]] for m in MANEUVERS.values()],
        },
    }
    return tables


TABLES: dict[str, dict] = _build()
