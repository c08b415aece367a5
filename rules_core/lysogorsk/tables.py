"""Every numeric table of «Лысогорские сказочки» (source 001), as named records.

Each table is a dict of records (id → named fields) or a list of records; those records
(``DRINKS``, ``DRUNK_STAGES``, ``COVER`` …) are the single place each number lives.
:mod:`.rules` and the calculators read their fields; :data:`TABLES` (the pages'
``<!-- svod:table lysogorsk/ID -->``) is built from the same records, so no number is ever
read back out of display text.

Russian cells keep the source's words; the only edits are obvious typos (listed in
:data:`TYPO_FIXES`, for ``docs/_changes.yml``).
"""

from __future__ import annotations

from fractions import Fraction

from ..spec import T

__all__ = ["TYPO_FIXES", "DIFFICULTY_MIN", "DIFFICULTY_MAX", "DIFFICULTY_NAMES", "COMBAT_STRESS",
           "COMBAT_STRESS_MODIFIERS", "BASE_HITS", "INSTANT_DEATH_HITS", "WOUND_LEVELS", "BLEEDING",
           "HEALING", "SCRATCH_HEAL_HOURS", "TEMPORARY_HEAL_PER_HOUR", "EXTRA_HIT_FIRST_COST",
           "MAIMING_PENALTY", "SKULL_STABILIZED_BLEEDING", "HEAD_TRAUMA", "MOVE_BASE_M", "RUN_BASE_M",
           "FULL_CLIP_ROUNDS_PER", "WAIT_BONUS", "FULL_DODGE_BONUS", "SERIOUS_MODIFIER", "SLEEP_RECOVERY",
           "FEEDING_RECOVERY_PER_DAY", "LUCK_RECOVERY_DAYS", "RITUAL_CREATION_DIVISOR", "PARADIGM_ATTACK", "COVER",
           "TARGET_SIZE", "SHOOTING_MODIFIERS", "AIMED_SHOTS",
           "ENVIRONMENT", "THROWN_MISS", "BREAKDOWN", "BREAKDOWN_PER_BREAKDOWN", "BREAKDOWN_AFTER", "DRINKS",
           "volume_text", "FROM_THE_BOTTLE", "DRUNK_STAGES", "MAX_STAGE", "STAGE3_TRAIT_DIFFICULTY",
           "ATTRIBUTE_NAMES", "ENVIRONMENT_KINDS", "TABLES"]

#: Obvious typos of the source fixed in the cells below: (source text, our text).
TYPO_FIXES = [
    ("Горячее масло (около 200: ° С)", "Горячее масло (около 200 °С)"),
    ("то он переходи т под контроль Мастера", "то он переходит под контроль Мастера"),
]

# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------

#: «Уровень Сложности (УС) от 0 (тривиально) до 15 (предел возможного) в соответствии с
#: приведенной ниже таблицей» — the source names only the two ends; the table it
#: announces is not in the text, so only these two rows are the source's.
DIFFICULTY_MIN = 0
DIFFICULTY_MAX = 15
DIFFICULTY_NAMES = {
    0: T("тривиально", "trivial"),
    15: T("предел возможного", "the limit of the possible"),
}

#: Combat stress at the start of a fight: situation → УС, plus two modifiers.
COMBAT_STRESS: dict[str, dict] = {
    "overwhelming": {
        "situation": T("Бой против заведомо непреодолимых сил противника (в здании, штурмуемом ОМОНом)",
                       "A fight against plainly overwhelming forces (in a building stormed by riot police)"),
        "difficulty": 10},
    "superior": {
        "situation": T("Бой против превосходящих сил противника (в одиночку против банды братков)",
                       "A fight against superior forces (alone against a gang of thugs)"),
        "difficulty": 7},
    "equal": {
        "situation": T("Бой против равных сил противника (ячейка Института против банды братков)",
                       "A fight against equal forces (an Institute cell against a gang of thugs)"),
        "difficulty": 5},
    "weaker": {
        "situation": T("Бой против более слабого противника (ячейка Института против кучки гопников)",
                       "A fight against a weaker enemy (an Institute cell against a handful of hooligans)"),
        "difficulty": 2},
    "trivial": {
        "situation": T("Бой против несерьезного противника (отряд Защитников против одинокой дворовой шавки)",
                       "A fight against a frivolous enemy (a squad of Defenders against a lone stray mutt)"),
        "difficulty": 0},
}
COMBAT_STRESS_MODIFIERS: dict[str, dict] = {
    "first_fight": {"situation": T("Первый бой в жизни персонажа", "The character's first fight ever"),
                    "modifier": 6},
    "supernatural": {"situation": T("Противники — сверхъестественные существа",
                                    "The enemies are supernatural beings"),
                     "modifier": 3},
    "authorities": {"situation": T("Противники — представители законной власти",
                                   "The enemies are representatives of lawful authority"),
                    "modifier": 3},
}

# ---------------------------------------------------------------------------------------
# Hits and wounds
# ---------------------------------------------------------------------------------------

#: «Изначальное полное количество этих самых хитов у персонажа равняется 15+Выносливость.»
BASE_HITS = 15
#: «Минус десять хитов означает мгновенную смерть.»
INSTANT_DEATH_HITS = -10

#: Wound levels, worst first: id, name, the share of full hits that bounds it, penalty.
WOUND_LEVELS: dict[str, dict] = {
    "critical": {"name": T("Критическое ранение", "Critical wound"),
                 "share": T("четверть хитов и меньше", "a quarter of the hits or fewer"), "penalty": -6},
    "heavy": {"name": T("Тяжелое ранение", "Heavy wound"),
              "share": T("более четверти, но менее половины", "more than a quarter but less than a half"),
              "penalty": -4},
    "light": {"name": T("Легкое ранение", "Light wound"),
              "share": T("от половины до трех четвертей", "from a half to three quarters"), "penalty": -2},
    "scratch": {"name": T("Царапина", "Scratch"),
                "share": T("больше чем три четверти", "more than three quarters"), "penalty": 0},
}

#: Bleeding and pain shock by the hits left: (lowest, highest, loss in words, pain-shock УС) and
#: the loss as numbers: one hit every ``every`` ``unit`` (``"minutes"`` or ``"rounds"``).
BLEEDING: list[dict] = [
    {"lowest": 5, "highest": 8, "loss": T("1 хит в десять минут", "1 hit every ten minutes"), "pain_shock": 5,
     "every": 10, "unit": "minutes"},
    {"lowest": None, "highest": 4, "loss": T("1 хит в три раунда", "1 hit every three rounds"),
     "pain_shock": 7, "every": 3, "unit": "rounds"},
]

#: Natural and medical healing by wound level: level, period, Стойкость УС, hits back,
#: Медицина УС, and the wait after a successful Медицина check («через сутки (неделю, месяц)»).
HEALING: dict[str, dict] = {
    "light": {"period": T("24 часа", "24 hours"), "fortitude_difficulty": 2, "hits": 1,
              "medicine_difficulty": 2, "medical_wait": T("сутки", "a day")},
    "heavy": {"period": T("неделя", "a week"), "fortitude_difficulty": 5, "hits": 2, "medicine_difficulty": 5,
              "medical_wait": T("неделя", "a week")},
    "critical": {"period": T("месяц", "a month"), "fortitude_difficulty": 7, "hits": 3,
                 "medicine_difficulty": 7, "medical_wait": T("месяц", "a month")},
}
#: «За счет нее все царапины на человеке заживают за 24 часа игрового времени.»
SCRATCH_HEAL_HOURS = 24
#: Temporary damage «восстанавливается на 1 хит за один час игрового времени».
TEMPORARY_HEAL_PER_HOUR = 1
#: «За 5 (6, 7, 8...) плюшек персонаж может купить себе 1 дополнительный хит»: the first costs 5,
#: each next one more.
EXTRA_HIT_FIRST_COST = 5
#: Maiming: «он получает модификатор -2 на все действия, производимые этой конечностью».
MAIMING_PENALTY = -2
#: A stabilised skull fracture: «можно только заставить ее кровоточить как тяжелую — по 1 хиту в десять
#: минут» (the bleeding of the 5–8 band).
SKULL_STABILIZED_BLEEDING = 0

#: Extra penalties of head wounds by the current wound level (None: not applicable).
HEAD_TRAUMA = {
    "concussion": {"critical": None, "heavy": -3, "light": -2, "scratch": -1},
    "skull": {"critical": -4, "heavy": -3, "light": -2, "scratch": -1},
}

# ---------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------

#: Cover and its Защита, written as the source writes it («дает защиту от повреждений -1»).
COVER: dict[str, dict] = {
    "cupboard": {"name": T("Дверца шкафа, деревянные доски или мебель дает защиту от повреждений",
                           "A cupboard door, wooden boards or furniture"), "protection": 1},
    "door": {"name": T("Деревянная дверь квартиры или дверца машины", "A wooden flat door or a car door"),
             "protection": 2},
    "partition": {"name": T("Деревянная стена-перегородка в квартире", "A wooden partition wall in a flat"),
                  "protection": 4},
    "steel_door": {"name": T("Стальная дверь", "A steel door"), "protection": 8},
    "concrete": {"name": T("Бетонная стена или столб", "A concrete wall or pillar"), "protection": 12},
}

#: Target size: the УС to hit a target that does not dodge, and the dodge modifier.
TARGET_SIZE: dict[str, dict] = {
    "larger": {"name": T("Больше человека (стена, автомобиль)", "Larger than a human (a wall, a car)"),
               "difficulty": 0, "dodge_modifier": -3},
    "human": {"name": T("Человек или примерно равна человеку по размерам", "A human or about human-sized"),
              "difficulty": 2, "dodge_modifier": 0},
    "smaller": {"name": T("Меньше человека (собака, стандартная спортивная мишень)",
                          "Smaller than a human (a dog, a standard sports target)"), "difficulty": 5,
                "dodge_modifier": 3},
    "tiny": {"name": T("Совсем маленькая (крыса, яблочко мишени)", "Very small (a rat, a bull's-eye)"),
             "difficulty": 7, "dodge_modifier": 6},
}

#: Modifiers to a Стрельба check (``id`` names the row for the calculators).
SHOOTING_MODIFIERS: list[dict] = [
    {"id": "close", "group": T("Расстояние", "Range"), "circumstance": T("Ближнее расстояние", "Close range"), "modifier": 0},
    {"id": "medium", "group": T("Расстояние", "Range"), "circumstance": T("Среднее расстояние", "Medium range"),
     "modifier": -2},
    {"id": "far", "group": T("Расстояние", "Range"), "circumstance": T("Дальнее расстояние", "Long range"), "modifier": -4},
    {"id": "half", "group": T("Прикрытие", "Cover"),
     "circumstance": T("Одна вторая (до пояса)", "One half (up to the waist)"), "modifier": -3},
    {"id": "two_thirds", "group": T("Прикрытие", "Cover"), "circumstance": T("Две третьих", "Two thirds"), "modifier": -4},
    {"id": "three_quarters", "group": T("Прикрытие", "Cover"), "circumstance": T("Три четверти", "Three quarters"), "modifier": -5},
    {"id": "little", "group": T("Прикрытие", "Cover"), "circumstance": T("Видно только чуть-чуть", "Only a little visible"),
     "modifier": -6},
    {"id": "two_guns", "group": T("Прочее", "Other"),
     "circumstance": T("Стрельба по-македонски", "Shooting with two guns (\"Macedonian\" style)"),
     "modifier": -2},
    {"id": "wrong_hand", "group": T("Прочее", "Other"),
     "circumstance": T("Стрельба «не с той» руки (с левой для правши)",
                       "Shooting with the «wrong» hand (the left for a right-hander)"), "modifier": -2},
    {"id": "shifting", "group": T("Прочее", "Other"),
     "circumstance": T("Перенос огня (второй и более выстрел в раунд — по разным целям)",
                       "Shifting fire (second and later shots in a round at different targets)"),
     "modifier": -1},
]

#: Aimed shots: the part, the to-hit modifier, the damage multiplier (None: the damage does not
#: change) and the effect; ``to_hit_text`` and ``damage_text`` are the same row in the source's
#: own words, for the page (a test checks they say the numbers above).
AIMED_SHOTS: dict[str, dict] = {
    "head": {"part": T("Голова", "Head"), "to_hit": -5, "damage_multiplier": Fraction(2),
             "effect": T("", ""),
             "to_hit_text": T("модификатор на попадание -5", "to hit −5"),
             "damage_text": T("на повреждение х2", "damage ×2")},
    "arm": {"part": T("Рука", "Arm"), "to_hit": -4, "damage_multiplier": Fraction(1, 2),
            "effect": T("отключение руки", "the arm is disabled"),
            "to_hit_text": T("на попадание -4", "to hit −4"),
            "damage_text": T("на повреждение х0,5 + отключение руки", "damage ×0.5 + the arm is disabled")},
    "leg": {"part": T("Нога", "Leg"), "to_hit": -3, "damage_multiplier": Fraction(1, 2),
            "effect": T("отключение ноги", "the leg is disabled"),
            "to_hit_text": T("на попадание -3", "to hit −3"),
            "damage_text": T("на повреждение х0,5 + отключение ноги", "damage ×0.5 + the leg is disabled")},
    "item": {"part": T("Предмет в руке (например, пистолет)", "An item in the hand (a pistol, say)"),
             "to_hit": -5, "damage_multiplier": None,
             "effect": T("выбивание предмета", "the item is knocked away"),
             "to_hit_text": T("на попадание -5", "to hit −5"),
             "damage_text": T("выбивание предмета", "the item is knocked away")},
}

#: Environment damage per round: id, medium, damage, damage type.
ENVIRONMENT: dict[str, dict] = {
    "boiling_water": {"medium": T("Кипяток (около 100°С)", "Boiling water (about 100 °C)"), "damage": 2,
                      "kind": "heat"},
    "hot_oil": {"medium": T("Горячее масло (около 200 °С)", "Hot oil (about 200 °C)"), "damage": 5,
                "kind": "heat"},
    "molten_metal": {"medium": T("Расплавленный металл (500° С и выше)", "Molten metal (500 °C and above)"),
                     "damage": 10, "kind": "heat"},
    "liquid_gas": {"medium": T("Сжиженный газ (-30°С и ниже)", "Liquefied gas (−30 °C and below)"),
                   "damage": 5, "kind": "cold"},
    "acid": {"medium": T("Кислота, щелочь, иное агрессивное вещество",
                         "Acid, alkali, another corrosive substance"), "damage": 5, "kind": "chemical"},
    "ecto_acid": {"medium": T("Эктоплазменная кислота", "Ectoplasmic acid"), "damage": 10, "kind": "chemical"},
    "fire_candle": {"medium": T("Огонь (свечка или зажигалка)", "Fire (a candle or a lighter)"), "damage": 1,
                    "kind": "fire"},
    "fire_bonfire": {"medium": T("Огонь (костер)", "Fire (a bonfire)"), "damage": 5, "kind": "fire"},
    "fire_flamethrower": {"medium": T("Огонь (огнемет)", "Fire (a flamethrower)"), "damage": 7,
                          "kind": "fire"},
    "fire_firebox": {"medium": T("Огонь (топка паровоза)", "Fire (a locomotive's firebox)"), "damage": 10,
                     "kind": "fire"},
    "holy_water": {"medium": T("Святая вода (для тех, на кого действует)",
                               "Holy water (for those it affects)"), "damage": 5, "kind": "holiness"},
}

#: Where a thrown object lands on a miss, by the Сила check: the band of results (``None``: no
#: bound), the source's own label of the band («Меньше 0 – Явный недолет.» …), name and text.
THROWN_MISS: dict[str, dict] = {
    "far_short": {"lowest": None, "highest": -1, "label": T("Меньше 0", "Below 0"),
                  "name": T("Явный недолет", "Well short"),
                  "text": T("Предмет упал на полпути между метающим и целью. Если это граната — метателю не "
                            "повезло.",
                            "It fell halfway between the thrower and the target. If it is a grenade, bad "
                            "luck for the thrower.")},
    "short": {"lowest": 0, "highest": 1, "label": T("0-1", "0–1"), "name": T("Недолет", "Short"),
              "text": T("Предмет немного не долетел до цели. Если это граната, то цели, скорее всего, все "
                        "равно будет больно.",
                        "It fell a little short of the target. If it is a grenade, the target will most "
                        "likely get hurt anyway.")},
    "aside": {"lowest": 2, "highest": 4, "label": T("2-4", "2–4"), "name": T("В сторону", "Aside"),
              "text": T("Предмет упал справа или слева.", "It fell to the right or to the left.")},
    "over": {"lowest": 5, "highest": 6, "label": T("5-6", "5–6"), "name": T("Перелет", "Over"),
             "text": T("Предмет упал за целью. Если это граната, то осколки все равно заденут цель.",
                       "It fell behind the target. If it is a grenade, the fragments will still hit the "
                       "target.")},
    "far_over": {"lowest": 7, "highest": None, "label": T("7 или больше", "7 or more"),
                 "name": T("Явный перелет", "Way over"),
                 "text": T("Предмет улетел куда-то в космос. Ну, может, и не в космос, но явно слишком "
                           "далеко, возможно, за пределы места боя.",
                           "It flew off into space. Well, maybe not into space, but clearly too far, "
                           "perhaps out of the battlefield.")},
}

# ---------------------------------------------------------------------------------------
# Stress
# ---------------------------------------------------------------------------------------

#: The nervous breakdown table: the band of results (``None``: no bound), name and text.
BREAKDOWN: dict[str, dict] = {
    "fine": {"lowest": None, "highest": 0,
             "name": T("Персонаж более-менее в порядке", "The character is more or less fine"),
             "text": T("", "")},
    "short": {"lowest": 1, "highest": 3, "name": T("Кратковременный срыв", "A short breakdown"),
              "text": T("Персонаж теряет способность к действиям, требующим серьезной концентрации внимания "
                        "(использование магии, вхождение в ИСС, прицельная стрельба из оружия и так далее), "
                        "до тех пор, пока не потратит как минимум восемь часов игрового времени на "
                        "спокойный сон в комфортной обстановке.",
                        "The character cannot do anything that needs serious concentration (using magic, "
                        "entering an altered state, aimed shooting and so on) until they spend at least "
                        "eight hours of game time sleeping calmly in comfort.")},
    "exhaustion": {"lowest": 4, "highest": 6, "name": T("Нервное истощение", "Nervous exhaustion"),
                   "text": T("Персонаж теряет способность к действиям, требующим концентрации внимания (те "
                             "же, что и в предыдущем случае). Кроме этого, персонаж испытывает серьезные "
                             "трудности в общении с другими людьми (ведет себя излишне агрессивно или, "
                             "напротив, излишне замкнуто) — считается, что все его социальные навыки "
                             "(Дипломатия, Лидерство и так далее) равны нулю. Персонаж находится в таком "
                             "состоянии до тех пор, пока не отдохнет спокойно и с комфортом трое суток.",
                             "The character cannot do anything that needs concentration (as above). "
                             "Besides, they have serious trouble dealing with people (too aggressive or, on "
                             "the contrary, too withdrawn) — all their social skills (Diplomacy, Leadership "
                             "and so on) count as zero — until they rest calmly and in comfort for three "
                             "days.")},
    "disorder": {"lowest": 7, "highest": 9,
                 "name": T("Серьезное нервное расстройство", "A serious nervous disorder"),
                 "text": T("Персонаж, помимо всего вышеперечисленного, приобретает (без компенсации в "
                           "плюшках) отрицательную психическую особенность (Амнезия, Зависимость, "
                           "Мизантроп, Навязчивая идея, Нервный, Параноик, Фанатик, Фобия), которая "
                           "достаточно серьезно усложняет его жизнь. Эта зависимость добавляется в список "
                           "особенностей персонажа. Степень расстройства и стоимость особенности "
                           "определяется мастером. Она может быть излечена при условии соответствующей "
                           "траты времени и денег, а также за соответствующее количество свободных плюшек.",
                           "On top of all the above, the character gains (with no compensation in points) a "
                           "negative mental feature (Amnesia, Addiction, Misanthrope, Obsession, Nervous, "
                           "Paranoid, Fanatic, Phobia) that makes their life seriously harder. It is added "
                           "to the character's features; its degree and cost are set by the GM. It "
                           "can be cured with due time and money and the matching number of free points.")},
    "insanity": {"lowest": 10, "highest": None,
                 "name": T("Полная потеря рассудка", "Complete loss of sanity"),
                 "text": T("Игрок полностью теряет контроль над персонажем. В определенном смысле "
                           "эквивалентно гибели персонажа — с той разницей, что отправляется он не на "
                           "кладбище, а в дом с мягкими стенами. Впрочем, ему может помочь магическое или "
                           "экстрасенсорное вмешательство — например, с точки зрения шамана, персонаж "
                           "потерял свою душу, которую возможно отыскать и вернуть на место.",
                           "The player loses all control of the character. In a sense it equals the "
                           "character's death — except that they go not to the graveyard but to a padded "
                           "room.")},
}
#: «2К-Сила духа+(2 за каждый нервный срыв в этой сцене, считая этот)».
BREAKDOWN_PER_BREAKDOWN = 2

#: The check after a breakdown: the band of results (``None``: no bound) and what follows.
BREAKDOWN_AFTER: dict[str, dict] = {
    "unconscious": {"lowest": None, "highest": -3,
                    "text": T("Бессознательное состояние до конца сцены",
                              "Unconscious until the end of the scene")},
    "shock": {"lowest": -2, "highest": 0,
              "text": T("Шок, паника или неистовство — в зависимости от характера персонажа и решения "
                        "мастера",
                        "Shock, panic or frenzy — by the character's nature and the GM's decision")},
    "none": {"lowest": 1, "highest": None, "text": T("Без последствий", "No consequence")},
}

# ---------------------------------------------------------------------------------------
# Actions in a round
# ---------------------------------------------------------------------------------------

#: «переместиться на расстояние не более 4+(Ловкость/2) метра за раунд» (a standard action).
MOVE_BASE_M = 4
#: «переместиться бегом на 8+Ловкость метров (1 раунд)» (a long action).
RUN_BASE_M = 8
#: Emptying the magazine point-blank: «Это длительное действие, занимающее раунд за каждые 30
#: патронов в магазине.»
FULL_CLIP_ROUNDS_PER = 30
#: «Мастер может дать ему модификатор +1 на заявленное действие, если это соответствует ситуации.»
WAIT_BONUS = 1
#: «До своего следующего хода он будет уклоняться с положительным модификатором +2.»
FULL_DODGE_BONUS = 2
#: «Такие серьезные модификаторы, как -6 и выше, могут послужить основанием для совершения проверок и на
#: самые простые действия, обычно проверок не требующие.»
SERIOUS_MODIFIER = -6

# ---------------------------------------------------------------------------------------
# Temporary loss of attributes, Luck
# ---------------------------------------------------------------------------------------

#: «Восемь часов здорового сна позволяют возвратить одну единицу Выносливости и две Уверенности.»
SLEEP_RECOVERY = {"hours": 8, "stamina": 1, "confidence": 2}
#: Hunger: «Выносливость восстанавливается по одному пункту в день усиленного питания».
FEEDING_RECOVERY_PER_DAY = 1
#: «Везение восстанавливается по единичке в два внутриигровых дня»
LUCK_RECOVERY_DAYS = 2

# ---------------------------------------------------------------------------------------
# Magic
# ---------------------------------------------------------------------------------------

#: «при создании персонажа цены ритуалов уменьшаются вдвое, с округлением вверх»
RITUAL_CREATION_DIVISOR = 2
#: «мага настигает парадигмальная атака с ПШ= 4 и дополнительным модификатором -3»
PARADIGM_ATTACK = {"strength": 4, "modifier": -3}

# ---------------------------------------------------------------------------------------
# Alcohol
# ---------------------------------------------------------------------------------------

#: The drinks table: drink, volume in litres, УС. Its values win over the formula.
DRINKS: dict[str, dict] = {
    "vodka_shot": {"name": T("Стопка водки", "A shot of vodka"), "litres": Fraction(1, 10), "difficulty": 4},
    "beer": {"name": T("Банка, кружка пива", "A can or mug of beer"), "litres": Fraction(33, 100),
             "difficulty": 3},
    "cocktail": {"name": T("Банка коктейля", "A can of cocktail"), "litres": Fraction(33, 100),
                 "difficulty": 4},
    "wine_glass": {"name": T("Стакан вина", "A glass of wine"), "litres": Fraction(1, 5), "difficulty": 2},
    "wine_bottle": {"name": T("Бутылка вина", "A bottle of wine"), "litres": Fraction(1, 2), "difficulty": 5},
    "yorsh": {"name": T("Кружка «ерша»", "A mug of «yorsh» (beer with vodka)"), "litres": Fraction(33, 100),
              "difficulty": 5},
    "port": {"name": T("Стакан портвейна", "A glass of port"), "litres": Fraction(1, 5), "difficulty": 3},
    "spirit_shot": {"name": T("Стопка чистого спирта", "A shot of pure spirit"), "litres": Fraction(1, 10),
                    "difficulty": 10},
}


def volume_text(litres: Fraction) -> T:
    """A volume as the source writes it («0,33 л»; in English "0.33 l").

    >>> volume_text(Fraction(33, 100))
    {'ru': '0,33 л', 'en': '0.33 l'}
    """
    number = f"{float(litres):g}"
    return T(number.replace(".", ",") + " л", number + " l")


#: «если персонаж пьет водку из горла, считайте это как пять стопок водки, а не как один прием».
FROM_THE_BOTTLE = {"id": "vodka_bottle", "name": T("Водка из горла", "Vodka from the bottle"),
                   "drink": "vodka_shot", "servings": 5}

#: Drunkenness stages: name, effects in words and the attribute changes of this stage alone
#: (the effects add up: «Все приведенные эффекты складываются»).
DRUNK_STAGES: dict[int, dict] = {
    0: {"name": T("Трезвый", "Sober"),
        "effects": T("Нет. В этой стадии находится любой нормальный персонаж.",
                     "None. Any normal character is at this stage."), "changes": {}},
    1: {"name": T("Для храбрости", "Dutch courage"),
        "effects": T("Повышение настроения, эйфория (+1 к Уверенности и Везению); думать становится "
                     "немножко тяжелее (-1 к Мышлению); фобии и психологические зависимости временно теряют "
                     "силу.",
                     "Better mood, euphoria (+1 to Confidence and Luck); thinking gets a little harder (−1 "
                     "to Thinking); phobias and psychological dependencies lose their force for a while."),
        "changes": {"confidence": 1, "luck": 1, "thinking": -1}},
    2: {"name": T("Легкое опьянение", "Tipsy"),
        "effects": T("Несколько нарушается координация (-1 к Ловкости), повышается болевой порог (+1 к "
                     "Выносливости, временная особенность Толстокожий).",
                     "Coordination suffers a little (−1 to Agility); the pain threshold rises (+1 to "
                     "Stamina, the temporary feature Thick-Skinned)."),
        "changes": {"agility": -1, "stamina": 1}},
    3: {"name": T("Среднее опьянение", "Drunk"),
        "effects": T("Образование и Мышление уменьшаются на 1. Поведение становится непредсказуемым, фобии, "
                     "психологические зависимости или другие психологические особенности могут исчезнуть, а "
                     "могут, наоборот, всплыть. Как только персонаж вступает в эту стадию, он делает по "
                     "проверке Силы духа или чистой Уверенности против УС 5 на каждую из своих негативных "
                     "психологических особенностей (фобий, навязчивых идей и т. п.). Если проверка "
                     "провалена, особенность срабатывает и персонаж переходит под контроль мастера. Если же "
                     "нет, то особенность прекращает действовать, пока он не протрезвеет.",
                     "Education and Thinking drop by 1. Behavior becomes unpredictable; phobias, "
                     "dependencies and other psychological features may vanish or surface. On entering this "
                     "stage the character checks Willpower or bare Confidence against difficulty 5 for each "
                     "negative psychological feature (phobias, obsessions and so on). On a failure the feature "
                     "fires and the GM takes control; otherwise the feature stops working until the "
                     "character sobers up."), "changes": {"education": -1, "thinking": -1}},
    4: {"name": T("Сильное опьянение", "Very drunk"),
        "effects": T("Ловкость, Образование и Мышление уменьшаются еще на единичку. Если персонаж еще "
                     "способен ходить (имеет неотрицательную Ловкость) и соображать (неотрицательное "
                     "Мышление), то он переходит под контроль Мастера. Единственное, что доступно игроку, — "
                     "сопротивляться действиям, предписываемым мастером, делая проверки на навык Силы духа "
                     "против УС, определяемого... Разумеется, мастером.",
                     "Agility, Education and Thinking drop by one more. If the character can still walk "
                     "(non-negative Agility) and think (non-negative Thinking), the GM takes "
                     "control of them. All the player can do is resist the actions the GM dictates "
                     "with Willpower checks against a difficulty set by… the GM, of course."),
        "changes": {"agility": -1, "education": -1, "thinking": -1}},
    5: {"name": T("В хлам", "Wasted"),
        "effects": T("Персонаж падает под стол и отключается. Наутро ему будет плохо.",
                     "The character falls under the table and passes out. They will feel bad in the morning."),
        "changes": {}},
}
MAX_STAGE = 5
#: «он делает по проверке Силы духа или чистой Уверенности против УС 5 на каждую…»
STAGE3_TRAIT_DIFFICULTY = 5
ATTRIBUTE_NAMES = {
    "confidence": T("Уверенность", "Confidence"),
    "luck": T("Везение", "Luck"),
    "thinking": T("Мышление", "Thinking"),
    "agility": T("Ловкость", "Agility"),
    "stamina": T("Выносливость", "Stamina"),
    "education": T("Образование", "Education"),
}


def _points(n: int) -> str:
    """«1 очко», «2 очка», «5 очков» — the source's wording of environment damage."""
    if n % 10 == 1 and n % 100 != 11:
        return "очко"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return "очка"
    return "очков"


#: The kinds of environment damage, as the source words them («2 очка тепловых повреждений»).
ENVIRONMENT_KINDS = {
    "heat": T("тепловых повреждений", "heat damage"),
    "cold": T("повреждений от холода", "cold damage"),
    "chemical": T("химических повреждений", "chemical damage"),
    "fire": T("огненных повреждений", "fire damage"),
    "holiness": T("повреждений от святости", "holiness damage"),
}


def _range_text(lo, hi) -> T:
    if lo is None:
        return T(f"{hi} и меньше", f"{hi} or less") if hi >= 0 else T(f"меньше {hi + 1}", f"below {hi + 1}")
    if hi is None:
        return T(f"{lo} и больше", f"{lo} or more")
    if lo == hi:
        return T(str(lo), str(lo))
    return T(f"от {lo} до {hi}", f"{lo} to {hi}")


TABLES = {
    "difficulty_scale": {
        "title": T("Уровень Сложности (УС)", "Difficulty"),
        "columns": [T("УС", "Difficulty"), T("Задача", "Task")],
        "rows": [[us, name] for us, name in DIFFICULTY_NAMES.items()],
        "note": T("Источник называет только концы шкалы; таблица, на которую он ссылается, в тексте отсутствует.",
                  "The source names only the ends of the scale; the table it refers to is missing from the text."),
    },
    "combat_stress": {
        "title": T("Проверка на стресс в начале боя", "The stress check at the start of a fight"),
        "columns": [T("Обстановка", "Situation"), T("УС", "Difficulty"), T("Модификатор", "Modifier")],
        "rows": [[c["situation"], T(f"УС {c['difficulty']}", str(c["difficulty"])), "—"]
                 for c in COMBAT_STRESS.values()]
        + [[c["situation"], "—", T(f"модификатор +{c['modifier']}", f"+{c['modifier']}")]
           for c in COMBAT_STRESS_MODIFIERS.values()],
    },
    "wound_levels": {
        "title": T("Уровни ранений", "Wound levels"),
        "columns": [T("Состояние", "State"), T("Хитов осталось", "Hits left"), T("Штраф", "Penalty")],
        "rows": [[w["name"], w["share"], w["penalty"]] for w in WOUND_LEVELS.values()],
    },
    "bleeding": {
        "title": T("Кровотечение и болевой шок", "Bleeding and pain shock"),
        "columns": [T("Хитов осталось", "Hits left"), T("Кровотечение", "Bleeding"),
                    T("Болевой шок, сложность", "Pain shock, difficulty")],
        "rows": [[T(f"{b['highest']} и меньше", f"{b['highest']} or fewer") if b["lowest"] is None
                  else _range_text(b["lowest"], b["highest"]), b["loss"], b["pain_shock"]] for b in BLEEDING],
    },
    "healing": {
        "title": T("Естественное и медицинское лечение", "Natural and medical healing"),
        "columns": [T("Ранение", "Wound"), T("Период", "Period"), T("Стойкость, УС", "Fortitude, difficulty"),
                    T("Хитов", "Hits"), T("Медицина, УС", "Medicine, difficulty")],
        "rows": [[WOUND_LEVELS[level]["name"], h["period"], h["fortitude_difficulty"], h["hits"],
                  h["medicine_difficulty"]] for level, h in HEALING.items()],
    },
    "head_trauma": {
        "title": T("Дополнительные штрафы ран головы", "Extra penalties of head wounds"),
        "columns": [T("Рана", "Wound")] + [w["name"] for w in WOUND_LEVELS.values()],
        "rows": [[T("Сотрясение мозга", "Concussion")]
                 + [HEAD_TRAUMA["concussion"][i] if HEAD_TRAUMA["concussion"][i] is not None else "—"
                    for i in WOUND_LEVELS],
                 [T("Черепно-мозговая травма", "Skull fracture")]
                 + [HEAD_TRAUMA["skull"][i] for i in WOUND_LEVELS]],
    },
    "cover": {
        "title": T("Преграды и их Защита", "Cover and its Protection"),
        "columns": [T("Преграда", "Cover"), T("Защита от повреждений", "Protection against damage")],
        "rows": [[c["name"], -c["protection"]] for c in COVER.values()],  # the source writes «-1»
    },
    "target_size": {
        "title": T("Размер цели", "Target size"),
        "columns": [T("Цель", "Target"), T("УС, если цель не уклоняется", "difficulty if the target does not dodge"),
                    T("Модификатор к Уклонению", "Dodge modifier")],
        "rows": [[t["name"], t["difficulty"],
                  T(f"+{t['dodge_modifier']}", f"+{t['dodge_modifier']}") if t["dodge_modifier"] > 0
                  else t["dodge_modifier"]] for t in TARGET_SIZE.values()],
    },
    "shooting_modifiers": {
        "title": T("Модификаторы к проверке на стрельбу", "Modifiers to a shooting check"),
        "columns": [T("Группа", "Group"), T("Обстоятельство", "Circumstance"), T("Модификатор", "Modifier")],
        "rows": [[m["group"], m["circumstance"],
                  T(f"модификатор {m['modifier']}", f"{m['modifier']:+d}" if m["modifier"] else "0")]
                 for m in SHOOTING_MODIFIERS],
    },
    "aimed_shots": {
        "title": T("Прицельный выстрел по части тела", "Aimed shots at body parts"),
        "columns": [T("Цель", "Target"), T("Попадание", "To hit"), T("Повреждение", "Damage")],
        "rows": [[a["part"], a["to_hit_text"], a["damage_text"]] for a in AIMED_SHOTS.values()],
    },
    "environment": {
        "title": T("Повреждения от окружающей среды (за раунд)", "Environment damage (per round)"),
        "columns": [T("Среда", "Medium"), T("Урон", "Damage"), T("Тип урона", "Damage type")],
        "rows": [[e["medium"], T(f"{e['damage']} {_points(e['damage'])}", str(e["damage"])),
                  ENVIRONMENT_KINDS[e["kind"]]] for e in ENVIRONMENT.values()],
    },
    "thrown_miss": {
        "title": T("Куда упало метательное оружие при промахе (проверка на Силу)",
                   "Where a thrown weapon lands on a miss (Strength check)"),
        "columns": [T("Результат", "Result"), T("Итог", "Outcome"), T("Описание", "Description")],
        "rows": [[t["label"], t["name"], t["text"]] for t in THROWN_MISS.values()],
    },
    "breakdown": {
        "title": T("Нервный срыв: 2К − Сила духа + 2 за каждый срыв в сцене",
                   "Nervous breakdown: 2d6 − Willpower + 2 per breakdown in the scene"),
        "columns": [T("Результат", "Result"), T("Итог", "Outcome"), T("Описание", "Description")],
        "rows": [[_range_text(b["lowest"], b["highest"]), b["name"], b["text"] if b["text"]["ru"] else "—"]
                 for b in BREAKDOWN.values()],
    },
    "breakdown_after": {
        "title": T("Проверка Силы духа после нервного срыва", "The Willpower check after a breakdown"),
        "columns": [T("Результат", "Result"), T("Итог", "Outcome")],
        "rows": [[T("Меньше -2", "Below −2") if b["lowest"] is None else _range_text(b["lowest"], b["highest"]),
                  b["text"]] for b in BREAKDOWN_AFTER.values()],
    },
    "drinks": {
        "title": T("Напитки и УС броска Стойкости", "Drinks and the difficulty of the Fortitude check"),
        "columns": [T("Напиток", "Drink"), T("Объем", "Volume"), T("УС", "Difficulty")],
        "rows": [[d["name"], volume_text(d["litres"]), T(f"УС {d['difficulty']}", str(d["difficulty"]))]
                 for d in DRINKS.values()],
    },
    "drunk_stages": {
        "title": T("Стадии опьянения (эффекты складываются)", "Drunkenness stages (the effects add up)"),
        "columns": [T("Стадия", "Stage"), T("Название", "Name"), T("Эффекты", "Effects")],
        "rows": [[T(f"{stage}-я стадия", f"stage {stage}"), d["name"], d["effects"]]
                 for stage, d in DRUNK_STAGES.items()],
    },
}
