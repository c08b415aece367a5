"""Every numeric table of «Лысогорские сказочки» (source 001), as data.

The structured constants (``DRINKS``, ``DRUNK_STAGES``, ``COVER`` …) are the single place
each number lives; :data:`TABLES` is built from them for the pages
(``<!-- svod:table lysogorsk/ID -->``) and :mod:`.rules` reads the same constants.

Russian cells keep the source's words; the only edits are obvious typos (listed in
:data:`TYPO_FIXES`, for ``docs/_changes.yml``).
"""

from __future__ import annotations

from fractions import Fraction

from ..spec import T

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
COMBAT_STRESS = [
    ("overwhelming", T("Бой против заведомо непреодолимых сил противника (в здании, штурмуемом ОМОНом)",
                       "A fight against plainly overwhelming forces (in a building stormed by riot police)"), 10),
    ("superior", T("Бой против превосходящих сил противника (в одиночку против банды братков)",
                   "A fight against superior forces (alone against a gang of thugs)"), 7),
    ("equal", T("Бой против равных сил противника (ячейка Института против банды братков)",
                "A fight against equal forces (an Institute cell against a gang of thugs)"), 5),
    ("weaker", T("Бой против более слабого противника (ячейка Института против кучки гопников)",
                 "A fight against a weaker enemy (an Institute cell against a handful of hooligans)"), 2),
    ("trivial", T("Бой против несерьезного противника (отряд Защитников против одинокой дворовой шавки)",
                  "A fight against a frivolous enemy (a squad of Defenders against a lone stray mutt)"), 0),
]
COMBAT_STRESS_MODIFIERS = [
    ("first_fight", T("Первый бой в жизни персонажа", "The character's first fight ever"), 6),
    ("supernatural", T("Противники — сверхъестественные существа", "The enemies are supernatural beings"), 3),
    ("authorities", T("Противники — представители законной власти",
                      "The enemies are representatives of lawful authority"), 3),
]

# ---------------------------------------------------------------------------------------
# Hits and wounds
# ---------------------------------------------------------------------------------------

#: «Изначальное полное количество этих самых хитов у персонажа равняется 15+Выносливость.»
BASE_HITS = 15
#: «Минус десять хитов означает мгновенную смерть.»
INSTANT_DEATH_HITS = -10

#: Wound levels, worst first: id, name, the share of full hits that bounds it, penalty.
WOUND_LEVELS = [
    ("critical", T("Критическое ранение", "Critical wound"),
     T("четверть хитов и меньше", "a quarter of the hits or fewer"), -6),
    ("heavy", T("Тяжелое ранение", "Heavy wound"),
     T("более четверти, но менее половины", "more than a quarter but less than a half"), -4),
    ("light", T("Легкое ранение", "Light wound"),
     T("от половины до трех четвертей", "from a half to three quarters"), -2),
    ("scratch", T("Царапина", "Scratch"),
     T("больше чем три четверти", "more than three quarters"), 0),
]
WOUND_PENALTY = {wid: pen for wid, _n, _s, pen in WOUND_LEVELS}

#: Bleeding and pain shock by the hits left: (lowest, highest, loss, pain-shock УС).
BLEEDING = [
    (5, 8, T("1 хит в десять минут", "1 hit every ten minutes"), 5),
    (None, 4, T("1 хит в три раунда", "1 hit every three rounds"), 7),
]

#: Natural and medical healing by wound level: level, period, Стойкость УС, hits back,
#: Медицина УС.
HEALING = [
    ("light", T("24 часа", "24 hours"), 2, 1, 2),
    ("heavy", T("неделя", "a week"), 5, 2, 5),
    ("critical", T("месяц", "a month"), 7, 3, 7),
]

#: Extra penalties of head wounds by the current wound level (None: not applicable).
HEAD_TRAUMA = {
    "concussion": {"critical": None, "heavy": -3, "light": -2, "scratch": -1},
    "skull": {"critical": -4, "heavy": -3, "light": -2, "scratch": -1},
}

# ---------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------

#: Cover and its Защита, written as the source writes it («дает защиту от повреждений -1»).
COVER = [
    ("cupboard", T("Дверца шкафа, деревянные доски или мебель дает защиту от повреждений",
                   "A cupboard door, wooden boards or furniture"), -1),
    ("door", T("Деревянная дверь квартиры или дверца машины",
               "A wooden flat door or a car door"), -2),
    ("partition", T("Деревянная стена-перегородка в квартире",
                    "A wooden partition wall in a flat"), -4),
    ("steel_door", T("Стальная дверь", "A steel door"), -8),
    ("concrete", T("Бетонная стена или столб", "A concrete wall or pillar"), -12),
]
#: Cover id → the Защита it adds (a positive number).
COVER_PROTECTION = {cid: -value for cid, _name, value in COVER}

#: Target size: the УС to hit a target that does not dodge, and the dodge modifier.
TARGET_SIZE = [
    ("larger", T("Больше человека (стена, автомобиль)", "Larger than a human (a wall, a car)"), 0, -3),
    ("human", T("Человек или примерно равна человеку по размерам", "A human or about human-sized"), 2, 0),
    ("smaller", T("Меньше человека (собака, стандартная спортивная мишень)",
                  "Smaller than a human (a dog, a standard sports target)"), 5, 3),
    ("tiny", T("Совсем маленькая (крыса, яблочко мишени)", "Very small (a rat, a bull's-eye)"), 7, 6),
]

#: Modifiers to a Стрельба check.
SHOOTING_MODIFIERS = [
    (T("Расстояние", "Range"), T("Ближнее расстояние", "Close range"), 0),
    (T("Расстояние", "Range"), T("Среднее расстояние", "Medium range"), -2),
    (T("Расстояние", "Range"), T("Дальнее расстояние", "Long range"), -4),
    (T("Прикрытие", "Cover"), T("Одна вторая (до пояса)", "One half (up to the waist)"), -3),
    (T("Прикрытие", "Cover"), T("Две третьих", "Two thirds"), -4),
    (T("Прикрытие", "Cover"), T("Три четверти", "Three quarters"), -5),
    (T("Прикрытие", "Cover"), T("Видно только чуть-чуть", "Only a little visible"), -6),
    (T("Прочее", "Other"), T("Стрельба по-македонски", "Shooting with two guns («Macedonian» style)"), -2),
    (T("Прочее", "Other"), T("Стрельба «не с той» руки (с левой для правши)",
                             "Shooting with the «wrong» hand (the left for a right-hander)"), -2),
    (T("Прочее", "Other"), T("Перенос огня (второй и более выстрел в раунд — по разным целям)",
                             "Shifting fire (second and later shots in a round at different targets)"), -1),
]

#: Aimed shots: id, part, to-hit modifier, damage multiplier (None: no damage change), effect.
AIMED_SHOTS = [
    ("head", T("Голова", "Head"), -5, Fraction(2), T("", "")),
    ("arm", T("Рука", "Arm"), -4, Fraction(1, 2), T("отключение руки", "the arm is disabled")),
    ("leg", T("Нога", "Leg"), -3, Fraction(1, 2), T("отключение ноги", "the leg is disabled")),
    ("item", T("Предмет в руке (например, пистолет)", "An item in the hand (a pistol, say)"), -5, None,
     T("выбивание предмета", "the item is knocked away")),
]
AIM_MULTIPLIER = {aid: mult for aid, _n, _m, mult, _e in AIMED_SHOTS}
#: The same rows in the source's own words (to hit; damage and effect), for the page.
AIMED_SHOT_WORDS = {
    "head": (T("модификатор на попадание -5", "to hit −5"), T("на повреждение х2", "damage ×2")),
    "arm": (T("на попадание -4", "to hit −4"), T("на повреждение х0,5 + отключение руки",
                                                  "damage ×0.5 + the arm is disabled")),
    "leg": (T("на попадание -3", "to hit −3"), T("на повреждение х0,5 + отключение ноги",
                                                  "damage ×0.5 + the leg is disabled")),
    "item": (T("на попадание -5", "to hit −5"), T("выбивание предмета", "the item is knocked away")),
}

#: Environment damage per round: id, medium, damage, damage type.
ENVIRONMENT = [
    ("boiling_water", T("Кипяток (около 100°С)", "Boiling water (about 100 °C)"), 2,
     T("тепловые", "heat")),
    ("hot_oil", T("Горячее масло (около 200 °С)", "Hot oil (about 200 °C)"), 5, T("тепловые", "heat")),
    ("molten_metal", T("Расплавленный металл (500° С и выше)", "Molten metal (500 °C and above)"), 10,
     T("тепловые", "heat")),
    ("liquid_gas", T("Сжиженный газ (-30°С и ниже)", "Liquefied gas (−30 °C and below)"), 5,
     T("от холода", "cold")),
    ("acid", T("Кислота, щелочь, иное агрессивное вещество", "Acid, alkali, another corrosive substance"), 5,
     T("химические", "chemical")),
    ("ecto_acid", T("Эктоплазменная кислота", "Ectoplasmic acid"), 10, T("химические", "chemical")),
    ("fire_candle", T("Огонь (свечка или зажигалка)", "Fire (a candle or a lighter)"), 1,
     T("огненные", "fire")),
    ("fire_bonfire", T("Огонь (костер)", "Fire (a bonfire)"), 5, T("огненные", "fire")),
    ("fire_flamethrower", T("Огонь (огнемет)", "Fire (a flamethrower)"), 7, T("огненные", "fire")),
    ("fire_firebox", T("Огонь (топка паровоза)", "Fire (a locomotive's firebox)"), 10, T("огненные", "fire")),
    ("holy_water", T("Святая вода (для тех, на кого действует)", "Holy water (for those it affects)"), 5,
     T("от святости", "holiness")),
]
ENVIRONMENT_DAMAGE = {eid: dmg for eid, _n, dmg, _t in ENVIRONMENT}

#: Where a thrown object lands on a miss, by the Сила check: (lowest, highest, id, name, text).
THROWN_MISS = [
    (None, -1, "far_short", T("Явный недолет", "Well short"),
     T("Предмет упал на полпути между метающим и целью. Если это граната — метателю не повезло.",
       "It fell halfway between the thrower and the target. If it is a grenade, bad luck for the thrower.")),
    (0, 1, "short", T("Недолет", "Short"),
     T("Предмет немного не долетел до цели. Если это граната, то цели, скорее всего, все равно будет больно.",
       "It fell a little short of the target. If it is a grenade, the target will most likely get hurt anyway.")),
    (2, 4, "aside", T("В сторону", "Aside"),
     T("Предмет упал справа или слева.", "It fell to the right or to the left.")),
    (5, 6, "over", T("Перелет", "Over"),
     T("Предмет упал за целью. Если это граната, то осколки все равно заденут цель.",
       "It fell behind the target. If it is a grenade, the fragments will still hit the target.")),
    (7, None, "far_over", T("Явный перелет", "Way over"),
     T("Предмет улетел куда-то в космос. Ну, может, и не в космос, но явно слишком далеко, "
       "возможно, за пределы места боя.",
       "It flew off into space. Well, maybe not into space, but clearly too far, perhaps out of "
       "the battlefield.")),
]

#: The source's own range labels (coverage needs its words): «Меньше 0 – Явный недолет.» …
THROWN_MISS_LABELS = [("Меньше 0", "Below 0"), ("0-1", "0–1"), ("2-4", "2–4"), ("5-6", "5–6"),
                      ("7 или больше", "7 or more")]

# ---------------------------------------------------------------------------------------
# Stress
# ---------------------------------------------------------------------------------------

#: The nervous breakdown table: (lowest, highest, id, name, text).
BREAKDOWN = [
    (None, 0, "fine", T("Персонаж более-менее в порядке", "The character is more or less fine"), T("", "")),
    (1, 3, "short", T("Кратковременный срыв", "A short breakdown"),
     T("Персонаж теряет способность к действиям, требующим серьезной концентрации внимания "
       "(использование магии, вхождение в ИСС, прицельная стрельба из оружия и так далее), до тех пор, "
       "пока не потратит как минимум восемь часов игрового времени на спокойный сон в комфортной обстановке.",
       "The character cannot do anything that needs serious concentration (using magic, entering an "
       "altered state, aimed shooting and so on) until they spend at least eight hours of game time "
       "sleeping calmly in comfort.")),
    (4, 6, "exhaustion", T("Нервное истощение", "Nervous exhaustion"),
     T("Персонаж теряет способность к действиям, требующим концентрации внимания (те же, что и в "
       "предыдущем случае). Кроме этого, персонаж испытывает серьезные трудности в общении с другими "
       "людьми (ведет себя излишне агрессивно или, напротив, излишне замкнуто) — считается, что все его социальные навыки (Дипломатия, Лидерство и так далее) равны нулю. "
       "Персонаж находится в таком состоянии до тех пор, пока не отдохнет спокойно и с комфортом трое суток.",
       "The character cannot do anything that needs concentration (as above). Besides, they have serious "
       "trouble dealing with people (too aggressive or, on the contrary, too withdrawn) — all their social skills (Diplomacy, Leadership and so on) count as "
       "zero — until they rest calmly and in comfort for three days.")),
    (7, 9, "disorder", T("Серьезное нервное расстройство", "A serious nervous disorder"),
     T("Персонаж, помимо всего вышеперечисленного, приобретает (без компенсации в плюшках) отрицательную "
       "психическую особенность (Амнезия, Зависимость, Мизантроп, Навязчивая идея, Нервный, Параноик, "
       "Фанатик, Фобия), которая достаточно серьезно усложняет его жизнь. Эта зависимость добавляется в "
       "список особенностей персонажа. Степень расстройства и стоимость особенности определяется мастером. "
       "Она может быть излечена при условии соответствующей траты времени и денег, а также за "
       "соответствующее количество свободных плюшек.",
       "On top of all the above, the character gains (with no compensation in points) a negative mental "
       "trait (Amnesia, Addiction, Misanthrope, Obsession, Nervous, Paranoid, Fanatic, Phobia) that makes "
       "their life seriously harder. It is added to the character's traits; its degree and cost are set by "
       "the Storyteller. It can be cured with due time and money and the matching number of free points.")),
    (10, None, "insanity", T("Полная потеря рассудка", "Complete loss of sanity"),
     T("Игрок полностью теряет контроль над персонажем. В определенном смысле эквивалентно гибели "
       "персонажа — с той разницей, что отправляется он не на кладбище, а в дом с мягкими стенами. "
       "Впрочем, ему может помочь магическое или экстрасенсорное вмешательство — например, с точки "
       "зрения шамана, персонаж потерял свою душу, которую возможно отыскать и вернуть на место.",
       "The player loses all control of the character. In a sense it equals the character's death — except "
       "that they go not to the graveyard but to a padded room.")),
]
#: «2К-Сила духа+(2 за каждый нервный срыв в этой сцене, считая этот)».
BREAKDOWN_PER_BREAKDOWN = 2

#: The check after a breakdown: (lowest, highest, id, effect).
BREAKDOWN_AFTER = [
    (None, -3, "unconscious", T("Бессознательное состояние до конца сцены",
                                "Unconscious until the end of the scene")),
    (-2, 0, "shock", T("Шок, паника или неистовство — в зависимости от характера персонажа и решения мастера",
                       "Shock, panic or frenzy — by the character's nature and the Storyteller's decision")),
    (1, None, "none", T("Без последствий", "No consequence")),
]

# ---------------------------------------------------------------------------------------
# Alcohol
# ---------------------------------------------------------------------------------------

#: The drinks table: id, drink, volume (as written), УС. Its values win over the formula.
DRINKS = [
    ("vodka_shot", T("Стопка водки", "A shot of vodka"), "0,1 л", 4),
    ("beer", T("Банка, кружка пива", "A can or mug of beer"), "0,33 л", 3),
    ("cocktail", T("Банка коктейля", "A can of cocktail"), "0,33 л", 4),
    ("wine_glass", T("Стакан вина", "A glass of wine"), "0,2 л", 2),
    ("wine_bottle", T("Бутылка вина", "A bottle of wine"), "0,5 л", 5),
    ("yorsh", T("Кружка «ерша»", "A mug of «yorsh» (beer with vodka)"), "0,33 л", 5),
    ("port", T("Стакан портвейна", "A glass of port"), "0,2 л", 3),
    ("spirit_shot", T("Стопка чистого спирта", "A shot of pure spirit"), "0,1 л", 10),
]
DRINK_DIFFICULTY = {did: us for did, _n, _v, us in DRINKS}
DRINK_NAME = {did: name for did, name, _v, _us in DRINKS}

#: «если персонаж пьет водку из горла, считайте это как пять стопок водки, а не как один прием».
FROM_THE_BOTTLE = ("vodka_bottle", T("Водка из горла", "Vodka from the bottle"), "vodka_shot", 5)

#: Drunkenness stages: stage, name, effect text, attribute changes of this stage alone
#: (the effects add up: «Все приведенные эффекты складываются»).
DRUNK_STAGES = [
    (0, T("Трезвый", "Sober"),
     T("Нет. В этой стадии находится любой нормальный персонаж.",
       "None. Any normal character is at this stage."), {}),
    (1, T("Для храбрости", "Dutch courage"),
     T("Повышение настроения, эйфория (+1 к Уверенности и Везению); думать становится немножко тяжелее "
       "(-1 к Мышлению); фобии и психологические зависимости временно теряют силу.",
       "Better mood, euphoria (+1 to Confidence and Luck); thinking gets a little harder (−1 to Thinking); "
       "phobias and psychological dependencies lose their force for a while."),
     {"confidence": 1, "luck": 1, "thinking": -1}),
    (2, T("Легкое опьянение", "Tipsy"),
     T("Несколько нарушается координация (-1 к Ловкости), повышается болевой порог (+1 к Выносливости, "
       "временная особенность Толстокожий).",
       "Coordination suffers a little (−1 to Agility); the pain threshold rises (+1 to Stamina, the "
       "temporary trait Thick-Skinned)."),
     {"agility": -1, "stamina": 1}),
    (3, T("Среднее опьянение", "Drunk"),
     T("Образование и Мышление уменьшаются на 1. Поведение становится непредсказуемым, фобии, "
       "психологические зависимости или другие психологические особенности могут исчезнуть, а могут, "
       "наоборот, всплыть. Как только персонаж вступает в эту стадию, он делает по проверке Силы духа или "
       "чистой Уверенности против УС 5 на каждую из своих негативных психологических особенностей (фобий, "
       "навязчивых идей и т. п.). Если проверка провалена, особенность срабатывает и персонаж переходит под "
       "контроль мастера. Если же нет, то особенность прекращает действовать, пока он не протрезвеет.",
       "Education and Thinking drop by 1. Behaviour becomes unpredictable; phobias, dependencies and other "
       "psychological traits may vanish or surface. On entering this stage the character checks Willpower "
       "or bare Confidence against УС 5 for each negative psychological trait (phobias, obsessions and so on). "
       "On a failure the trait fires and the Storyteller takes control; otherwise the trait stops working "
       "until the character sobers up."),
     {"education": -1, "thinking": -1}),
    (4, T("Сильное опьянение", "Very drunk"),
     T("Ловкость, Образование и Мышление уменьшаются еще на единичку. Если персонаж еще способен ходить "
       "(имеет неотрицательную Ловкость) и соображать (неотрицательное Мышление), то он переходит под "
       "контроль Мастера. Единственное, что доступно игроку, — сопротивляться действиям, предписываемым "
       "мастером, делая проверки на навык Силы духа против УС, определяемого... Разумеется, мастером.",
       "Agility, Education and Thinking drop by one more. If the character can still walk (non-negative "
       "Agility) and think (non-negative Thinking), the Storyteller takes control of them. All the player can "
       "do is resist the actions the Storyteller dictates with Willpower checks against a УС set by… the "
       "Storyteller, of course."),
     {"agility": -1, "education": -1, "thinking": -1}),
    (5, T("В хлам", "Wasted"),
     T("Персонаж падает под стол и отключается. Наутро ему будет плохо.",
       "The character falls under the table and passes out. They will feel bad in the morning."), {}),
]
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


#: «2 очка тепловых повреждений» — the damage type as the source words it.
ENV_KIND_TEXT = {
    "тепловые": T("тепловых повреждений", "heat damage"),
    "от холода": T("повреждений от холода", "cold damage"),
    "химические": T("химических повреждений", "chemical damage"),
    "огненные": T("огненных повреждений", "fire damage"),
    "от святости": T("повреждений от святости", "holiness damage"),
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
        "title": T("Уровень Сложности (УС)", "Difficulty (УС)"),
        "columns": [T("УС", "УС"), T("Задача", "Task")],
        "rows": [[us, name] for us, name in DIFFICULTY_NAMES.items()],
        "note": T("Источник называет только концы шкалы; таблица, на которую он ссылается, в тексте отсутствует.",
                  "The source names only the ends of the scale; the table it refers to is missing from the text."),
    },
    "combat_stress": {
        "title": T("Проверка на стресс в начале боя", "The stress check at the start of a fight"),
        "columns": [T("Обстановка", "Situation"), T("УС", "УС"), T("Модификатор", "Modifier")],
        "rows": [[name, T(f"УС {us}", str(us)), "—"] for _i, name, us in COMBAT_STRESS]
        + [[name, "—", T(f"модификатор +{m}", f"+{m}")] for _i, name, m in COMBAT_STRESS_MODIFIERS],
    },
    "wound_levels": {
        "title": T("Уровни ранений", "Wound levels"),
        "columns": [T("Состояние", "State"), T("Хитов осталось", "Hits left"), T("Штраф", "Penalty")],
        "rows": [[name, share, pen] for _i, name, share, pen in WOUND_LEVELS],
    },
    "bleeding": {
        "title": T("Кровотечение и болевой шок", "Bleeding and pain shock"),
        "columns": [T("Хитов осталось", "Hits left"), T("Кровотечение", "Bleeding"),
                    T("Болевой шок, сложность", "Pain shock, difficulty")],
        "rows": [[T(f"{hi} и меньше", f"{hi} or fewer") if lo is None else _range_text(lo, hi), loss, us]
                 for lo, hi, loss, us in BLEEDING],
    },
    "healing": {
        "title": T("Естественное и медицинское лечение", "Natural and medical healing"),
        "columns": [T("Ранение", "Wound"), T("Период", "Period"), T("Стойкость, УС", "Fortitude, УС"),
                    T("Хитов", "Hits"), T("Медицина, УС", "Medicine, УС")],
        "rows": [[next(n for i, n, _s, _p in WOUND_LEVELS if i == lvl), period, us, hits, med]
                 for lvl, period, us, hits, med in HEALING],
    },
    "head_trauma": {
        "title": T("Дополнительные штрафы ран головы", "Extra penalties of head wounds"),
        "columns": [T("Рана", "Wound")] + [name for _i, name, _s, _p in WOUND_LEVELS],
        "rows": [[T("Сотрясение мозга", "Concussion")]
                 + [HEAD_TRAUMA["concussion"][i] if HEAD_TRAUMA["concussion"][i] is not None else "—"
                    for i, *_ in WOUND_LEVELS],
                 [T("Черепно-мозговая травма", "Skull fracture")]
                 + [HEAD_TRAUMA["skull"][i] for i, *_ in WOUND_LEVELS]],
    },
    "cover": {
        "title": T("Преграды и их Защита", "Cover and its Protection"),
        "columns": [T("Преграда", "Cover"), T("Защита от повреждений", "Protection against damage")],
        "rows": [[name, value] for _i, name, value in COVER],
    },
    "target_size": {
        "title": T("Размер цели", "Target size"),
        "columns": [T("Цель", "Target"), T("УС, если цель не уклоняется", "УС if the target does not dodge"),
                    T("Модификатор к Уклонению", "Dodge modifier")],
        "rows": [[name, us, T(f"+{m}", f"+{m}") if m > 0 else m] for _i, name, us, m in TARGET_SIZE],
    },
    "shooting_modifiers": {
        "title": T("Модификаторы к проверке на стрельбу", "Modifiers to a shooting check"),
        "columns": [T("Группа", "Group"), T("Обстоятельство", "Circumstance"), T("Модификатор", "Modifier")],
        "rows": [[g, name, T(f"модификатор {m}", f"{m:+d}" if m else "0")] for g, name, m in SHOOTING_MODIFIERS],
    },
    "aimed_shots": {
        "title": T("Прицельный выстрел по части тела", "Aimed shots at body parts"),
        "columns": [T("Цель", "Target"), T("Попадание", "To hit"), T("Повреждение", "Damage")],
        "rows": [[name, *AIMED_SHOT_WORDS[aid]] for aid, name, _hit, _mult, _eff in AIMED_SHOTS],
    },
    "environment": {
        "title": T("Повреждения от окружающей среды (за раунд)", "Environment damage (per round)"),
        "columns": [T("Среда", "Medium"), T("Урон", "Damage"), T("Тип урона", "Damage type")],
        "rows": [[name, T(f"{dmg} {_points(dmg)}", str(dmg)), ENV_KIND_TEXT[kind['ru']]] for _i, name, dmg, kind in ENVIRONMENT],
    },
    "thrown_miss": {
        "title": T("Куда упало метательное оружие при промахе (проверка на Силу)",
                   "Where a thrown weapon lands on a miss (Strength check)"),
        "columns": [T("Результат", "Result"), T("Итог", "Outcome"), T("Описание", "Description")],
        "rows": [[T(lab, en), name, text] for (lab, en), (_lo, _hi, _i, name, text)
                 in zip(THROWN_MISS_LABELS, THROWN_MISS)],
    },
    "breakdown": {
        "title": T("Нервный срыв: 2К − Сила духа + 2 за каждый срыв в сцене",
                   "Nervous breakdown: 2d6 − Willpower + 2 per breakdown in the scene"),
        "columns": [T("Результат", "Result"), T("Итог", "Outcome"), T("Описание", "Description")],
        "rows": [[_range_text(lo, hi), name, text if text["ru"] else "—"]
                 for lo, hi, _i, name, text in BREAKDOWN],
    },
    "breakdown_after": {
        "title": T("Проверка Силы духа после нервного срыва", "The Willpower check after a breakdown"),
        "columns": [T("Результат", "Result"), T("Итог", "Outcome")],
        "rows": [[T("Меньше -2", "Below −2") if lo is None else _range_text(lo, hi), text]
                 for lo, hi, _i, text in BREAKDOWN_AFTER],
    },
    "drinks": {
        "title": T("Напитки и УС броска Стойкости", "Drinks and the УС of the Fortitude check"),
        "columns": [T("Напиток", "Drink"), T("Объем", "Volume"), T("УС", "УС")],
        "rows": [[name, T(vol, vol.replace(",", ".").replace(" л", " l")), T(f"УС {us}", str(us))] for _i, name, vol, us in DRINKS],
    },
    "drunk_stages": {
        "title": T("Стадии опьянения (эффекты складываются)", "Drunkenness stages (the effects add up)"),
        "columns": [T("Стадия", "Stage"), T("Название", "Name"), T("Эффекты", "Effects")],
        "rows": [[T(f"{stage}-я стадия", f"stage {stage}"), name, text] for stage, name, text, _mods in DRUNK_STAGES],
    },
}
