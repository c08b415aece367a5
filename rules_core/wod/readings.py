"""The classic rules' readings (002, 003): every open point of the sources that changes a number,
declared once (:class:`rules_core.readings.Reading`). :mod:`.rules` takes its defaults from here, the
calculators their switches, the pages' boxes of unclear points their switch lines
(``<!-- svod:reading wod/NAME -->``), ``tests/test_wod_readings.py`` its registry.
"""

from __future__ import annotations

from ..readings import BOOL, Choice, Reading
from ..spec import T

__all__ = [
    "AMBUSH_POOL",
    "ARMOR_BREAK",
    "ARMOR_RUIN",
    "ARMOR_SOAK",
    "ATTACK_BOTCH",
    "AUTOFIRE_DODGE_READING",
    "AUTO_HIT",
    "BLIND_DEFENCE",
    "BLIND_RANGED",
    "DIFFICULTY_PAST_TEN",
    "DISARM_ACCURACY",
    "EXTRA_SUCCESSES_ADD",
    "FALL_ROLLS_AGAIN",
    "HALF_PENALTY_ROUNDING",
    "HELPLESS_DAMAGE",
    "KNOCKDOWN_DIFFICULTY",
    "MULTIPLE_OPPONENTS_MAX",
    "OFF_HAND_DIFFICULTY",
    "ONES_CANCEL_DAMAGE",
    "ONES_CANCEL_OTHER",
    "PRONE_COVER",
    "RANGE_UNIT",
    "READINGS",
    "SCOPE_NEEDS_AIM",
    "SPRAY_DICE",
    "SPRAY_SHARE",
    "SPRAY_SINGLE_TARGET_ROUNDS_DOWN",
    "SYSTEM",
]

SYSTEM = "wod"

ARMOR_BREAK = Reading(
    name="ARMOR_BREAK",
    system=SYSTEM,
    param="armor_break",
    label=T("Когда броня ломается", "When armor is ruined"),
    default="at_least_double",
    choices=(
        Choice("at_least_double", T("Успехов урона ≥ 2 × защита", "Damage successes ≥ 2 × rating")),
        Choice("more_than_double", T("Успехов урона > 2 × защита", "Damage successes > 2 × rating")),
    ),
    quote="вдвое превышает защитное значение доспеха",
    source="002:21",
    help=T(
        "Тёмные века: «вдвое превышает защитное значение доспеха» читается двояко.",
        "Dark Ages: «вдвое превышает» (twice the rating) reads two ways.",
    ),
    scene=True,
    calculators=("wod-soak", "armor.wod_armor_break", "wod-classic-attack"),
)

ARMOR_SOAK = Reading(
    name="ARMOR_SOAK",
    system=SYSTEM,
    param="armor_soak",
    label=T("Броня против непоглощаемого", "Armor against unsoakable damage"),
    default="with_body",
    choices=(
        Choice(
            "with_body",
            T("Броня лишь добавляет кубики к броску, который тело вправе сделать", "Armor only adds dice to a soak the body may make"),
        ),
        Choice(
            "always",
            T(
                "Броня поглощает и то, что тело не может (смертный и летальные)",
                "Armor soaks even what the body cannot (a mortal against lethal)",
            ),
        ),
    ),
    quote="Защитное значение доспехов добавляется к начальному запасу бросков",
    source="002:19",
    help=T(
        "Тёмные века: «Защитное значение доспехов добавляется к начальному запасу бросков» — поглощает ли броня "
        "смертного летальные, источник не говорит.",
        "The Dark Ages rules only say armor «is added to the soak pool»; whether armor lets a mortal soak lethal damage it does not say.",
    ),
    scene=True,
    calculators=("wod-soak", "armor.wod_armor_soak", "wod-classic-attack"),
)

ONES_CANCEL_DAMAGE = Reading(
    name="ONES_CANCEL_DAMAGE",
    system=SYSTEM,
    param="ones_cancel",
    label=T("Единицы отменяют успехи урона и поглощения", "Ones cancel damage and soak successes"),
    default=False,
    choices=BOOL,
    quote="не могут закончиться провалом",
    source="002:13",
    help=T(
        "Тёмные века: такие броски «не могут закончиться провалом»; отменяют ли единицы успехи, источник не говорит.",
        "Dark Ages: these rolls «cannot botch»; whether 1s cancel successes is not said.",
    ),
    kind="bool",
    scene=True,
    calculators=("wod-soak", "armor.wod_ones_cancel", "wod-classic-attack"),
)

EXTRA_SUCCESSES_ADD = Reading(
    name="EXTRA_SUCCESSES_ADD",
    system=SYSTEM,
    param="extra_successes_add",
    label=T("Лишние успехи атаки добавляют кубики повреждений", "Extra attack successes add damage dice"),
    default=True,
    choices=BOOL,
    quote="Дополнительные Успехи добавляются к обычному броску повреждения",
    source="003:47",
    help=T(
        "Классическое правило: каждый успех сверх первого — +1 кубик повреждений. В классических выдержках оно прямо "
        "не сказано, лишь подразумевается (автоматический огонь, обстрел); «Сериал» его отменил. Для обстрела и "
        "автоматического огня современные правила говорят это прямо — там успехи добавляются всегда.",
        "The classic rule: each success beyond the first adds a damage die. the classic excerpts do not state it, only "
        "imply it (automatic and full-clip fire); the Series removed it. For full-clip and automatic fire the modern "
        "rules say it outright, so there they always add.",
    ),
    kind="bool",
    calculators=("wod-classic-attack",),
)

ATTACK_BOTCH = Reading(
    name="ATTACK_BOTCH",
    system=SYSTEM,
    param="botch_rule",
    label=T("Правило провала атаки", "Attack botch rule"),
    default="revised",
    choices=(
        Choice("revised", T("Ни одного успеха и хотя бы одна «1»", "No success and at least one 1")),
        Choice("second", T("Единиц больше, чем успехов", "More 1s than successes")),
    ),
    quote="Если же бросок провален",
    source="003:67",
    calculators=("wod-classic-attack", "wod-knockdown"),
)

ONES_CANCEL_OTHER = Reading(
    name="ONES_CANCEL_OTHER",
    system=SYSTEM,
    param="ones_cancel",
    label=T("Единицы отменяют успехи", "Ones cancel successes"),
    default=True,
    choices=BOOL,
    quote="не могут закончиться провалом",
    source="002:13",
    help=T(
        "Выдержки говорят только, что броски повреждений и поглощения «не могут закончиться провалом»; здесь — как на броске атаки.",
        "The excerpts only say damage and soak rolls cannot botch; here as on attack rolls.",
    ),
    kind="bool",
    calculators=("wod-ambush",),
)

SPRAY_SHARE = Reading(
    name="SPRAY_SHARE",
    system=SYSTEM,
    param="spray_share",
    label=T("Доля этой цели при автоматическом огне", "This target's share of a spray"),
    default="least",
    choices=(
        Choice("least", T("Только равная доля (остаток ушёл другим)", "Only the even share (the rest went elsewhere)")),
        Choice("most", T("Равная доля и весь остаток", "The even share and every leftover")),
    ),
    quote="распределяет свои оставшиеся Успехи, как он хочет",
    source="003:25",
    help=T(
        "Современные правила: остаток успехов стрелявший «распределяет свои оставшиеся Успехи, как он хочет»; одна "
        "цель получает половину успехов (округляем вниз).",
        "Modern rules: the shooter spends the leftover successes «as he wants»; a single target gets half the successes (rounded down).",
    ),
    calculators=("wod-classic-attack",),
)

SPRAY_DICE = Reading(
    name="SPRAY_DICE",
    system=SYSTEM,
    param="spray_dice",
    label=T("Успехи доли при автоматическом огне добавляют кубики повреждений", "A spray share's successes add damage dice"),
    default="beyond_first",
    choices=(
        Choice("beyond_first", T("Сверх первого, как у любого попадания", "Beyond the first, as for any hit")),
        Choice("all", T("Все успехи доли", "Every success of the share")),
    ),
    quote="этот распределенный Успех так же прибавляется к запасу кубиков при броске повреждений",
    source="003:25",
    help=T(
        "Современные правила: «этот распределенный Успех так же прибавляется к запасу кубиков при броске повреждений».",
        "Modern rules: «this distributed success is also added to the damage dice pool».",
    ),
    calculators=("wod-classic-attack",),
)

SPRAY_SINGLE_TARGET_ROUNDS_DOWN = Reading(
    name="SPRAY_SINGLE_TARGET_ROUNDS_DOWN",
    system=SYSTEM,
    param="spray_single_rounds_down",
    label=T("Одна цель под обстрелом: половина успехов с округлением вниз", "A single target of a spray: half the successes rounded down"),
    default=True,
    choices=BOOL,
    quote="она получит только половину Успехов",
    source="003:25",
    kind="bool",
    calculators=("wod-classic-attack",),
)

PRONE_COVER = Reading(
    name="PRONE_COVER",
    system=SYSTEM,
    param="prone_cover",
    label=T("Лёжа на земле: укрытие", "Lying prone: cover"),
    default=1,
    choices=(
        Choice(1, T("+1 к Трудности (как из примера источника)", "+1 difficulty (as the source's example)")),
        Choice(2, T("+2 к Трудности", "+2 difficulty")),
    ),
    quote="у обоих Трудность броска атаки друг против друга будет иметь +2",
    source="003:31",
    kind="int",
    other=2,
)

BLIND_RANGED = Reading(
    name="BLIND_RANGED",
    system=SYSTEM,
    param="blind_ranged",
    label=T("Ослеплённый и дистанционная атака", "A blind attacker and ranged attacks"),
    default="impossible",
    choices=(
        Choice("impossible", T("невозможна (Тёмные века)", "impossible (Dark Ages)")),
        Choice("plus_two", T("трудность +2, как любое действие (современные правила)", "difficulty +2 like any action (modern rules)")),
    ),
    quote="Ослепленный персонаж не может выполнять дистанционные атаки",
    source="002:41",
    help=T(
        "Тёмные века: «Ослепленный персонаж не может выполнять дистанционные атаки»; современные правила: «все "
        "действия слепого персонажа происходят со Трудностью +2».",
        "Dark Ages: a blinded character cannot make ranged attacks; modern rules: all a blind character's actions +2.",
    ),
    calculators=("wod-classic-attack",),
)

SCOPE_NEEDS_AIM = Reading(
    name="SCOPE_NEEDS_AIM",
    system=SYSTEM,
    param="scope_needs_aim",
    label=T("Прицел добавляет кубики только к прицельному выстрелу", "The sight adds dice to an aimed shot only"),
    default=True,
    choices=BOOL,
    quote="Оптический прицел добавляет этому броску еще два кубика",
    source="003:24",
    kind="bool",
    calculators=("wod-classic-attack",),
)

RANGE_UNIT = Reading(
    name="RANGE_UNIT",
    system=SYSTEM,
    param="range_unit",
    label=T("Дальность таблицы", "The table's range"),
    default="yards",
    choices=(
        Choice("yards", T("в ярдах (1 ярд = 0.91 м)", "in yards (1 yard = 0.91 m)")),
        Choice("metres", T("как метры (как считает «Сериал»)", "as meters (as the Series counts)")),
    ),
    quote="Прицельная дальность выстрела из оружия в ярдах (1 ярд = 0.91 м)",
    source="003:291",
    help=T(
        "Современные правила: «Прицельная дальность выстрела из оружия в ярдах (1 ярд = 0.91 м)», а выстрел в упор — "
        "«в радиусе двух метров».",
        "Modern rules: the range is in yards, point blank «within two meters».",
    ),
    calculators=("wod-classic-attack",),
)

AUTOFIRE_DODGE_READING = Reading(
    name="AUTOFIRE_DODGE_READING",
    system=SYSTEM,
    param="autofire_dodge",
    label=T("Уклонение от автоматического огня: Трудность +1", "Dodging automatic fire: difficulty +1"),
    default="spray",
    choices=(
        Choice("spray", T("только от автоматического огня по площади", "only against the spray")),
        Choice("spray_and_full_auto", T("и от обстрела", "against full-clip fire too")),
    ),
    quote="Уклонение от автоматического огня получает Трудность +1",
    source="003:25",
    calculators=("wod-classic-attack",),
)

OFF_HAND_DIFFICULTY = Reading(
    name="OFF_HAND_DIFFICULTY",
    system=SYSTEM,
    param="off_hand_difficulty",
    label=T("Выстрел «не с той руки»", "An off-hand shot"),
    default=1,
    choices=(Choice(1, T("Трудность +1", "difficulty +1")), Choice(2, T("Трудность +2", "difficulty +2"))),
    quote='выстрел "не с той руки" получает Трудность +1',
    source="003:57",
    kind="int",
    other=2,
)

AMBUSH_POOL = Reading(
    name="AMBUSH_POOL",
    system=SYSTEM,
    param="ambush_pool",
    label=T("Запас в первом ходу после засады", "«Sets the dice pool for actions in the first turn»"),
    default="successes",
    choices=(
        Choice("successes", T("запас — число успехов", "the pool is the number of successes")),
        Choice("at_most", T("не больше своего обычного запаса", "at most one's usual pool")),
    ),
    quote="определяет запас бросков на действия в первом ходу",
    source="002:39",
    calculators=("wod-ambush",),
)

KNOCKDOWN_DIFFICULTY = Reading(
    name="KNOCKDOWN_DIFFICULTY",
    system=SYSTEM,
    param="difficulty",
    label=T("Трудность броска подножки и падения", "Difficulty of the sweep's and the fall's roll"),
    default=6,
    choices=(),
    quote="вы бросаете Ловкость + Легкая Атлетика",
    source="003:67",
    help=T(
        "Современные правила её не называют (у маневра «Таран» — 7): обычная 6.",
        "The modern rules name none (the tackle's is 7): the usual 6.",
    ),
    kind="int",
    lo=2,
    hi=10,
    other=7,
    group="details",
    calculators=("wod-knockdown",),
)

FALL_ROLLS_AGAIN = Reading(
    name="FALL_ROLLS_AGAIN",
    system=SYSTEM,
    param="rolls_again",
    label=T("Упавший бросает ещё раз, за падение", "The one who fell rolls again, for the fall"),
    default=True,
    choices=BOOL,
    quote="После того, как он упал, вы бросаете Ловкость + Легкая Атлетика",
    source="003:67",
    help=T("«После того, как он упал, вы бросаете Ловкость + Легкая Атлетика».", "«After he fell you roll Dexterity + Athletics»."),
    kind="bool",
    calculators=("wod-knockdown",),
)

HALF_PENALTY_ROUNDING = Reading(
    name="HALF_PENALTY_ROUNDING",
    system=SYSTEM,
    param="rounding",
    label=T("Половинный штраф", "The half penalty"),
    default="down",
    choices=(Choice("down", T("с округлением вниз", "rounded down")), Choice("up", T("с округлением вверх", "rounded up"))),
    quote="получают только половинный штраф к Ловкости",
    source="002:19",
    calculators=("wod-armor",),
)

MULTIPLE_OPPONENTS_MAX = Reading(
    name="MULTIPLE_OPPONENTS_MAX",
    system=SYSTEM,
    param="multiple_opponents_max",
    label=T("Несколько противников: наибольший штраф", "Several opponents: the largest penalty"),
    default=4,
    choices=(Choice(4, T("+4", "+4")), Choice(2, T("+2", "+2"))),
    quote="максимум до +4",
    source="002:49",
    kind="int",
    other=2,
)

DISARM_ACCURACY = Reading(
    name="DISARM_ACCURACY",
    system=SYSTEM,
    param="disarm_accuracy",
    label=T("«Обезоружить»: точность «Нормальная +1»", "Disarm: accuracy «Normal +1»"),
    default="die",
    choices=(
        Choice("die", T("+1 кубик к броску", "+1 die to the roll")),
        Choice("none", T("без кубика: «+1» — это трудность 7", "no die: the «+1» is the difficulty 7")),
    ),
    quote="Нормальная +1",
    source="003:136",
    help=T("В таблице маневров: «Обезоружить … 7 Нормальная +1 Специальные».", "The maneuvers table: Disarm … 7, Normal +1, Special."),
    calculators=("wod-classic-attack",),
)

HELPLESS_DAMAGE = Reading(
    name="HELPLESS_DAMAGE",
    system=SYSTEM,
    param="helpless_damage",
    label=T("Полностью обездвиженная цель: кубики повреждений", "A completely immobilized target: damage dice"),
    default="plus_two",
    choices=(
        Choice("plus_two", T("+2 кубика (Тёмные века)", "+2 dice (Dark Ages)")),
        Choice("none", T("без добавки (современные правила)", "none added (modern rules)")),
    ),
    quote="атака автоматически считается удачной. В таких случаях запас бросков на повреждения увеличивается на 2 кубика",
    source="002:45",
    help=T(
        "Тёмные века: «атака автоматически считается удачной. В таких случаях запас бросков на повреждения "
        "увеличивается на 2 кубика»; современные правила: атаки «считаются автоматически успешными», о кубиках ни "
        "слова.",
        "Dark Ages: the attack automatically succeeds and the damage pool grows by 2 dice; modern rules: attacks count "
        "as automatic successes, with no word of dice.",
    ),
    calculators=("wod-classic-attack",),
)

BLIND_DEFENCE = Reading(
    name="BLIND_DEFENCE",
    system=SYSTEM,
    param="blind_defence",
    label=T("Слепая цель и её защита", "A blind target and its defense"),
    default="attack_only",
    choices=(
        Choice("attack_only", T("обычная сложность: +2 — только атаке слепого", "the usual difficulty: +2 to a blind one's attack only")),
        Choice("defence_too", T("трудность +2, как любое действие (современные правила)", "difficulty +2 like any action (modern rules)")),
    ),
    quote="добавляет +2 к сложности Рукопашного боя и Фехтования",
    source="002:41",
    help=T(
        "Тёмные века: слепота «добавляет +2 к сложности Рукопашного боя и Фехтования»; современные правила: «все "
        "действия слепого персонажа происходят со Трудностью +2».",
        "Dark Ages: blindness adds +2 to the difficulty of Brawl and Melee; modern rules: all a blind character's actions are at +2.",
    ),
    calculators=("wod-classic-attack",),
)

ARMOR_RUIN = Reading(
    name="ARMOR_RUIN",
    system=SYSTEM,
    param="armor_ruin",
    label=T("Удар, который ломает броню", "The blow that ruins the armor"),
    default="soaks_it",
    choices=(
        Choice("soaks_it", T("поглощается с бронёй (она ломается после него)", "is soaked with the armor (ruined after it)")),
        Choice("ruined_first", T("поглощается уже без брони", "is soaked without the armor")),
    ),
    quote="Броня позволяет избежать лишь части повреждений, после чего она выходит из строя",
    source="002:21",
    help=T(
        "Тёмные века: «Броня позволяет избежать лишь части повреждений, после чего она выходит из строя».",
        "Dark Ages: armor lets you avoid only part of the damage, and then it breaks.",
    ),
    calculators=("wod-soak", "wod-classic-attack"),
)

AUTO_HIT = Reading(
    name="AUTO_HIT",
    system=SYSTEM,
    param="auto_hit",
    label=T("Автоматически удачная атака", "An automatic hit"),
    default="one_success",
    choices=(
        Choice("one_success", T("ровно один успех", "exactly one success")),
        Choice("rolled", T("атаку бросают, успехов не меньше одного", "the attack is rolled, at least one success")),
    ),
    quote="атака автоматически считается удачной",
    source="002:45",
)

DIFFICULTY_PAST_TEN = Reading(
    name="DIFFICULTY_PAST_TEN",
    system=SYSTEM,
    param="difficulty_past_ten",
    label=T("Сложность выше 10", "A difficulty above 10"),
    default="refused",
    choices=(
        Choice("refused", T("атака не считается", "the attack is not computed")),
        Choice("capped", T("бросок при сложности 10", "the roll is made at difficulty 10")),
    ),
    quote="Двойное значение дальности",
    source="003:45",
    help=T(
        "Сложность растёт от дальности, укрытия, маневра и слепоты; что будет выше 10, выдержки не говорят.",
        "Range, cover, the maneuver and blindness raise the difficulty; what happens past 10 the excerpts do not say.",
    ),
    calculators=("wod-classic-attack",),
)


#: every reading of the classic rules, in the order declared
READINGS = (
    ARMOR_SOAK,
    ARMOR_BREAK,
    ONES_CANCEL_DAMAGE,
    EXTRA_SUCCESSES_ADD,
    ATTACK_BOTCH,
    ONES_CANCEL_OTHER,
    SPRAY_SHARE,
    SPRAY_DICE,
    SPRAY_SINGLE_TARGET_ROUNDS_DOWN,
    PRONE_COVER,
    BLIND_RANGED,
    SCOPE_NEEDS_AIM,
    RANGE_UNIT,
    AUTOFIRE_DODGE_READING,
    OFF_HAND_DIFFICULTY,
    AMBUSH_POOL,
    KNOCKDOWN_DIFFICULTY,
    FALL_ROLLS_AGAIN,
    HALF_PENALTY_ROUNDING,
    MULTIPLE_OPPONENTS_MAX,
    DISARM_ACCURACY,
    HELPLESS_DAMAGE,
    BLIND_DEFENCE,
    ARMOR_RUIN,
    AUTO_HIT,
    DIFFICULTY_PAST_TEN,
)
