"""«Сериал»'s readings (000, and the classic 002, 003 it revises): every open point of the sources that changes a
number and has a calculator's switch, declared once (:class:`rules_core.readings.Reading`). :mod:`.rules` takes its
defaults from here, the calculators their switches, the pages' boxes of unclear points their switch lines
(``<!-- svod:reading serial/NAME -->``), ``tests/test_serial_readings.py`` its registry.
"""

from __future__ import annotations

from ..readings import BOOL, Choice, Reading
from ..spec import T

__all__ = [
    "ABSORPTION_ARMOR_WEIGHT",
    "AMBUSH_TIE_ADDS",
    "ATTACK_ONES_CANCEL",
    "AUTOFIRE_PENALTY",
    "BADABOOM_FALLOFF",
    "BELOW_ONE",
    "BLOCK_FIRST",
    "BOTCH_RULE",
    "BURNING_FIRST_TURN_COUNTS",
    "BURNING_IS_PORTION",
    "DESPERATE_PARRY",
    "DIFFICULTY_OVERFLOW",
    "ENCUMBRANCE_MONOTONE",
    "EXCESS_BURNS",
    "HALF_ROUNDING",
    "LOWERED_BLOCKS_PREPARATION",
    "NAGA_ARMOR",
    "NAGA_NO_ARMOR",
    "NAGA_SOAKED",
    "NATURAL_ARMOR_STOPS_ABSORPTION",
    "NEGATIVE_HITS_RULE",
    "NONLETHAL_CAN_KILL",
    "NONLETHAL_MODIFIER",
    "NONLETHAL_ROLL_COUNTS",
    "OTHER_ONES_CANCEL",
    "OVERLOADED_ROLLS",
    "PAIN_WILLPOWER",
    "PARRY_TIE",
    "PREPARATION_ROUNDING",
    "PRONE_DEFENCE",
    "READINGS",
    "RUN_HALVED",
    "SYSTEM",
    "TAG_ORDER",
    "TWO_GUNS_HALVES_BONUS",
    "TWO_RESISTANCES",
    "WOUND_PENALTY_BEFORE_HALVING",
    "WOUND_PENALTY_ON_DAMAGE",
]

SYSTEM = "serial"


ATTACK_ONES_CANCEL = Reading(
    name="ATTACK_ONES_CANCEL",
    system=SYSTEM,
    param="attack_ones_cancel",
    label=T("Единицы вычитают успехи на бросках попадания и защиты", "1s cancel successes on hit and defense rolls"),
    default=True,
    choices=BOOL,
    quote="единички не вычитаются",
    source="000:228",
    help=T(
        "Источник говорит только про урон («единички не вычитаются») и захват («единички вычитаются»).",
        "The source only speaks of damage (1s do not cancel) and grappling (1s cancel).",
    ),
    kind="bool",
    calculators=("serial-attack", "serial-ambush", "serial-contest"),
)


BOTCH_RULE = Reading(
    name="BOTCH_RULE",
    system=SYSTEM,
    param="botch_rule",
    label=T("Правило провала атаки", "Attack botch rule"),
    default="none",
    choices=(
        Choice("none", T("не применяется (в источнике нет)", "none (the source has none)")),
        Choice("revised", T("ни одного успеха и хотя бы одна «1»", "no success and at least one 1")),
        Choice("second", T("единиц больше, чем успехов", "more 1s than successes")),
    ),
    quote="единички не вычитаются",
    source="000:228",
    calculators=("serial-attack",),
)


DIFFICULTY_OVERFLOW = Reading(
    name="DIFFICULTY_OVERFLOW",
    system=SYSTEM,
    param="overflow",
    label=T("Сложность выше 10", "Difficulty above 10"),
    default="clamp",
    choices=(
        Choice("clamp", T("считается как 10", "counts as 10")),
        Choice("impossible", T("попасть нельзя", "cannot hit")),
    ),
    quote="Однако она может меняться в зависимости от ситуации",
    source="000:216",
    calculators=("serial-attack",),
)


PARRY_TIE = Reading(
    name="PARRY_TIE",
    system=SYSTEM,
    param="parry_tie",
    label=T("Парирование: ничья", "Parry: a tie"),
    default="no_effect",
    choices=(
        Choice("no_effect", T("не влияет на атаку (как в тексте)", "no effect on the attack (as written)")),
        Choice("cancel", T("успехи вычитаются: промах", "successes cancel: a miss")),
    ),
    quote="успехи оппонента вычитаются из ваших",
    source="000:218",
    calculators=("serial-attack",),
)


AUTOFIRE_PENALTY = Reading(
    name="AUTOFIRE_PENALTY",
    system=SYSTEM,
    param="autofire_penalty",
    label=T("«Штраф равный 2» автоогня", "Automatic fire's «penalty of 2»"),
    default="difficulty",
    choices=(
        Choice("difficulty", T("+2 к сложности", "+2 difficulty")),
        Choice("dice", T("−2 кубика", "−2 dice")),
    ),
    quote="Штраф равный 2",
    source="000:437",
    calculators=("serial-attack",),
)


BELOW_ONE = Reading(
    name="BELOW_ONE",
    system=SYSTEM,
    param="below_one",
    label=T("Бросок Порога ниже 1", "Death's-door roll below 1"),
    default="last_breath",
    choices=(
        Choice("last_breath", T("считается как 1 (Последний вздох)", "counts as 1 (Last breath)")),
        Choice("death", T("смерть", "death")),
    ),
    quote="вычитается единица из последующих бросков Порога",
    source="000:306",
    help=T("Источник не говорит, что значит результат меньше 1.", "The source does not say what a result below 1 means."),
    scene=True,
    calculators=("serial-death-door",),
)


NEGATIVE_HITS_RULE = Reading(
    name="NEGATIVE_HITS_RULE",
    system=SYSTEM,
    param="negative_rule",
    label=T("Когда урон сверх порога убивает", "When damage beyond the threshold kills"),
    default="more_than",
    choices=(
        Choice("more_than", T("больше порога («больше 12», «суммарно более 12»)", "more than the threshold («больше 12»)")),
        Choice("at_least", T("достигнув порога («получив которые ... умирает»)", "reaching it («получив которые ... умирает»)")),
    ),
    quote="больше 12",
    source="000:300",
    help=T(
        "Источник говорит по-разному: «больше 12» и «то количество повреждений, получив которые, персонаж мгновенно ... умирает».",
        "The source says both «more than 12» and «the amount of damage on taking which the character dies».",
    ),
    scene=True,
    calculators=("serial-damage", "serial-death-door", "serial-attack", "serial-explosion"),
)


EXCESS_BURNS = Reading(
    name="EXCESS_BURNS",
    system=SYSTEM,
    param="excess_burns",
    label=T("Излишек урона, приведшего на Порог, сгорает", "The excess of the damage that brought to death's door burns"),
    default="first",
    choices=(
        Choice("first", T("только в первый раз в сцене (пункт 4)", "only the first time in the scene (rule 4)")),
        Choice("every", T("каждый раз («не учитывается в этом расчете»)", "every time (the states' words)")),
    ),
    quote="Урон, который привел его на Порог Смерти, не учитывается в этом расчете",
    source="000:317",
    help=T(
        "Пункт 4: «первый раз ... сгорает»; состояния 1–3: «Урон, который привел его на Порог Смерти, не учитывается в этом расчете».",
        "Rule 4: the first time it burns; states 1–3: the damage that brought the character to the door is not counted.",
    ),
    scene=True,
    calculators=("serial-damage", "serial-death-door"),
)


NONLETHAL_MODIFIER = Reading(
    name="NONLETHAL_MODIFIER",
    system=SYSTEM,
    param="nonlethal_modifier",
    label=T("−1 за бросок Порога и для чёт/нечет", "−1 per earlier roll also for odd/even"),
    default=False,
    choices=BOOL,
    quote="бросается только чет/нечет",
    source="000:307",
    help=T(
        "Источник: «бросается только чет/нечет» — про модификатор не сказано.",
        "The source: «only odd/even is rolled», no word on the modifier.",
    ),
    kind="bool",
    scene=True,
    calculators=("serial-death-door",),
)


NONLETHAL_CAN_KILL = Reading(
    name="NONLETHAL_CAN_KILL",
    system=SYSTEM,
    param="nonlethal_can_kill",
    label=T("Мгновенная смерть и от нелетального урона", "Instant death from nonlethal damage too"),
    default=True,
    choices=BOOL,
    quote="Если персонаж не умирает сразу",
    source="000:304",
    kind="bool",
    calculators=("serial-death-door",),
)


HALF_ROUNDING = Reading(
    name="HALF_ROUNDING",
    system=SYSTEM,
    param="half_rounding",
    label=T("Половина скорости", "Half the speed"),
    default="down",
    choices=(
        Choice("down", T("с округлением вниз", "rounded down")),
        Choice("up", T("с округлением вверх", "rounded up")),
    ),
    quote="снижение скорости в два раза",
    source="000:56",
    calculators=("serial-wounds",),
)


BURNING_FIRST_TURN_COUNTS = Reading(
    name="BURNING_FIRST_TURN_COUNTS",
    system=SYSTEM,
    param="first_turn_counts",
    label=T("Первый ход горения уже считается (+1 сразу)", "The first turn burning already counts (+1 at once)"),
    default=False,
    choices=BOOL,
    quote="2 уровня урона + 1 уровень за каждый ход горения",
    source="000:370",
    help=T(
        "«2 уровня урона + 1 уровень за каждый ход горения» — не сказано, считается ли первый.",
        "«2 levels + 1 per turn burning» — whether the first turn counts is not said.",
    ),
    kind="bool",
    scene=True,
    calculators=("serial-burning",),
)


BLOCK_FIRST = Reading(
    name="BLOCK_FIRST",
    system=SYSTEM,
    param="block_first",
    label=T("УП блока тратятся раньше своих УП", "Block levels are spent before one's own"),
    default=True,
    choices=BOOL,
    quote="от блокируемой атаки",
    source="000:457",
    kind="bool",
    calculators=("serial-attack",),
)


ENCUMBRANCE_MONOTONE = Reading(
    name="ENCUMBRANCE_MONOTONE",
    system=SYSTEM,
    param="encumbrance_monotone",
    label=T("Нагрузка: можно носить и то, что разрешено меньшей Силе", "Load: what a lower Strength may carry is allowed too"),
    default=True,
    choices=BOOL,
    quote="Сила 1: ни одного большого предмета",
    source="000:529",
    help=T(
        "Таблица не говорит, может ли Сила 6 нести два Больших предмета, как Сила 5.",
        "The table does not say whether Strength 6 may carry two Large items like Strength 5.",
    ),
    kind="bool",
    calculators=("armor",),
)


BADABOOM_FALLOFF = Reading(
    name="BADABOOM_FALLOFF",
    system=SYSTEM,
    param="falloff",
    label=T("Спад урона badaboom", "Badaboom fall-off"),
    default="started",
    choices=(
        Choice("started", T("−1 за каждые начатые 5 м", "−1 for every started 5 m")),
        Choice("full", T("−1 за каждые полные 5 м", "−1 for every full 5 m")),
    ),
    quote="Далее по кубику за 5 метров",
    source="000:503",
    help=T(
        "Источник не говорит, с какого метра за радиусом теряется первый кубик.",
        "The source does not say at which meter beyond the radius the first die is lost.",
    ),
    calculators=("serial-explosion",),
)


PREPARATION_ROUNDING = Reading(
    name="PREPARATION_ROUNDING",
    system=SYSTEM,
    param="preparation_rounding",
    label=T("Половина Инициативы при Подготовке", "Half the Initiative (Preparation)"),
    default="down",
    choices=(
        Choice("down", T("с округлением вниз", "rounded down")),
        Choice("up", T("с округлением вверх", "rounded up")),
    ),
    quote="На следующий ход добавить половину своего показателя Инициативы",
    source="000:405",
    help=T("Источник не говорит, как округлять половину.", "The source does not say how to round the half."),
    scene=True,
    calculators=("serial-initiative",),
)


LOWERED_BLOCKS_PREPARATION = Reading(
    name="LOWERED_BLOCKS_PREPARATION",
    system=SYSTEM,
    param="lowered_blocks_preparation",
    label=T("После понижения Подготовка ничего не добавляет", "After lowering, Preparation adds nothing"),
    default=True,
    choices=BOOL,
    quote="дальше до конца боя он не может ее повысить, в том числе при помощи магии",
    source="000:82",
    help=T(
        "«дальше до конца боя он не может ее повысить, в том числе при помощи магии».", "It cannot rise again this fight, magic included."
    ),
    kind="bool",
    scene=True,
    calculators=("serial-initiative",),
)


WOUND_PENALTY_ON_DAMAGE = Reading(
    name="WOUND_PENALTY_ON_DAMAGE",
    system=SYSTEM,
    param="wound_penalty_damage",
    label=T("Штраф за ранения и к броску урона", "The wound penalty on the damage roll too"),
    default=False,
    choices=BOOL,
    quote="дает штраф в 2 кубика",
    source="000:56",
    help=T(
        "Источник не говорит, к каким броскам: «дает штраф в 2 кубика», «избежать штрафов к броскам».",
        "The source does not say which rolls: «a penalty of 2 dice», «avoid the penalties to rolls».",
    ),
    kind="bool",
    calculators=("serial-attack",),
)


WOUND_PENALTY_BEFORE_HALVING = Reading(
    name="WOUND_PENALTY_BEFORE_HALVING",
    system=SYSTEM,
    param="wound_penalty_before_halving",
    label=T("По-македонски: штраф за ранения до деления пополам", "Two-gun shooting: the wound penalty before halving"),
    default=True,
    choices=BOOL,
    quote="используют только половину (округление вниз) от запаса кубиков",
    source="000:441",
    kind="bool",
    calculators=("serial-attack",),
)


PAIN_WILLPOWER = Reading(
    name="PAIN_WILLPOWER",
    system=SYSTEM,
    param="pain_willpower",
    label=T("Одна ПСВ против боли от ран и от огня", "One Willpower against wound and burning pain"),
    default="each",
    choices=(
        Choice("each", T("у каждого штрафа своя трата ПСВ", "each penalty its own point")),
        Choice("one", T("одна трата снимает оба", "one point spares both")),
    ),
    quote="Этот штраф может быть преодолен тратой ПСВ",
    source="000:372",
    scene=True,
    calculators=("serial-wounds",),
)


RUN_HALVED = Reading(
    name="RUN_HALVED",
    system=SYSTEM,
    param="run_halved",
    label=T("Что делится вдвое", "What is halved"),
    default="speed",
    choices=(
        Choice("speed", T("только скорость (перемещение)", "the speed (movement) only")),
        Choice("both", T("и скорость, и бег", "the speed and the run")),
    ),
    quote="снижение скорости в два раза",
    source="000:56",
    help=T(
        "«снижение скорости в два раза», «уменьшение скорости движения в 2 раза»; у бега — «дистанция».",
        "«speed halved»; the run is a «distance».",
    ),
    calculators=("serial-wounds",),
)


BURNING_IS_PORTION = Reading(
    name="BURNING_IS_PORTION",
    system=SYSTEM,
    param="is_portion",
    label=T("Броня и тэг действуют на урон от огня", "Armor and tag act on the burning damage"),
    default=True,
    choices=BOOL,
    quote="В начале своего хода цель получает 2 уровня урона",
    source="000:370",
    kind="bool",
    scene=True,
    calculators=("serial-burning",),
)


OTHER_ONES_CANCEL = Reading(
    name="OTHER_ONES_CANCEL",
    system=SYSTEM,
    param="ones_cancel",
    label=T("Единицы вычитают успехи и на этих бросках", "1s cancel successes on these rolls too"),
    default=True,
    choices=BOOL,
    quote="единички не вычитаются",
    source="000:228",
    help=T(
        "Источник говорит только про урон («единички не вычитаются») и захват («единички вычитаются»); для остальных "
        "бросков — как на бросках попадания.",
        "The source only speaks of damage (1s do not cancel) and grappling (1s cancel); other rolls are read as hit rolls.",
    ),
    kind="bool",
    calculators=("serial-ambush", "serial-burning", "serial-explosion", "serial-contest"),
)


AMBUSH_TIE_ADDS = Reading(
    name="AMBUSH_TIE_ADDS",
    system=SYSTEM,
    param="tie_adds",
    label=T("При ничьей успехи Незаметности тоже добавляются", "On a tie the stealth successes add too"),
    default=False,
    choices=BOOL,
    quote="При ничьей нападающий все же ходит первым",
    source="000:347",
    help=T(
        "«Если нападающему везет, то он может ... добавить любое количество успехов»; «При ничьей нападающий все же ходит первым».",
        "The successes come «if the attacker is lucky»; on a tie he still goes first.",
    ),
    kind="bool",
    calculators=("serial-ambush",),
)


TWO_RESISTANCES = Reading(
    name="TWO_RESISTANCES",
    system=SYSTEM,
    param="two_resistances",
    label=T("Две Устойчивости к одному типу", "Two resistances to one type"),
    default="one",
    choices=(
        Choice("one", T("действуют как одна (не складываются)", "work as one (do not add up)")),
        Choice("none", T("не работает ни одна", "neither works")),
    ),
    quote="Две устойчивости к одному и тому же типу урона просто не работают",
    source="000:276",
    help=T(
        "Источник: «Две устойчивости к одному и тому же типу урона просто не работают» — рядом с «Две уязвимости ... не складываются».",
        "The source: two resistances to one damage type «simply do not work» — next to «two vulnerabilities do not add up».",
    ),
    calculators=("serial-damage", "serial-attack", "serial-burning"),
)


ABSORPTION_ARMOR_WEIGHT = Reading(
    name="ABSORPTION_ARMOR_WEIGHT",
    system=SYSTEM,
    param="serial_absorption_weight",
    label=T("Сериал: вес доспеха, дающего только Поглощение", "Series: the weight of armor giving soak only"),
    default="light",
    choices=(
        Choice("light", T("лёгкий («Кожаная куртка ... явно лёгкий доспех»)", "light (a leather jacket is light)")),
        Choice("by_absorption", T("как по Броне: 2+ — тяжёлый", "as by Armor: 2+ heavy")),
    ),
    quote="обычно если доспех дает 2+ Брони, то он тяжелый",
    source="000:538",
    calculators=("armor",),
)


NATURAL_ARMOR_STOPS_ABSORPTION = Reading(
    name="NATURAL_ARMOR_STOPS_ABSORPTION",
    system=SYSTEM,
    param="serial_natural_stops",
    label=T("Сериал: своя Броня существа тоже отменяет Поглощение доспеха", "Series: a creature's own Armor stops a worn armor's soak too"),
    default=False,
    choices=BOOL,
    quote="дают постоянную Броню",
    source="000:250",
    help=T(
        "«бесполезно носить разные доспехи поверх друг друга ... работать будет только Броня» — о доспехах.",
        "«no use wearing armors over each other … only the Armor works» — of armors.",
    ),
    kind="bool",
    calculators=("armor",),
)


OVERLOADED_ROLLS = Reading(
    name="OVERLOADED_ROLLS",
    system=SYSTEM,
    param="overloaded_rolls",
    label=T("Перегружен: какие броски считать бросками Ловкости", "Overloaded: which rolls count as Dexterity rolls"),
    default="dexterity_pools",
    choices=(
        Choice("dexterity_pools", T("каждый бросок с Ловкостью: атака, защита", "every roll with Dexterity: attack, defense")),
        Choice("pure_dexterity", T("только броски одной Ловкости, без навыка", "only rolls of Dexterity alone")),
    ),
    quote="-4 куба на броски Ловкости",
    source="000:525",
    help=T(
        "«-4 куба на броски Ловкости» — какие это броски, не сказано; атака и защитные манёвры бросают Ловкость + навык.",
        "−4 dice on Dexterity rolls — which rolls, the source does not say; attacks and defensive maneuvers roll Dexterity + a skill.",
    ),
    scene=True,
    calculators=("serial-attack",),
)


DESPERATE_PARRY = Reading(
    name="DESPERATE_PARRY",
    system=SYSTEM,
    param="desperate_parry",
    label=T("Отчаянная защита и парированием", "Full defense with a parry too"),
    default=False,
    choices=BOOL,
    quote="используя (только один!) защитный маневр, блок или уклонение",
    source="000:461",
    help=T(
        "«используя (только один!) защитный маневр, блок или уклонение» — парирование в списке не названо.",
        "«using (only one!) defensive maneuver, a block or a dodge» — a parry is not in the list.",
    ),
    kind="bool",
    calculators=("serial-attack",),
)


NONLETHAL_ROLL_COUNTS = Reading(
    name="NONLETHAL_ROLL_COUNTS",
    system=SYSTEM,
    param="nonlethal_roll_counts",
    label=T(
        "Чёт/нечет нелетального урона — тоже бросок Порога (−1 следующим)",
        "A nonlethal odd/even roll is a death's-door roll too (−1 to the later ones)",
    ),
    default=True,
    choices=BOOL,
    quote="За каждый бросок Порога в рамках одной сцены вычитается единица",
    source="000:306",
    help=T(
        "«За каждый бросок Порога в рамках одной сцены вычитается единица»; для нелетального урона «бросается только "
        "чет/нечет» — бросок ли это Порога, не сказано.",
        "One is taken off for every death's-door roll of the scene; for nonlethal damage «only odd/even is rolled» — "
        "whether that is a death's-door roll is not said.",
    ),
    kind="bool",
    scene=True,
    calculators=("serial-death-door", "serial-attack"),
)


NAGA_ARMOR = Reading(
    name="NAGA_ARMOR",
    system=SYSTEM,
    param="naga_armor",
    label=T("Яд наги и Броня", "Naga venom and Armor"),
    default="whole",
    choices=(
        Choice("whole", T("7 уровней целиком: Броня уже пробита", "all 7 levels: the Armor is already pierced")),
        Choice("armor", T("Броня вычитается и из яда", "Armor is subtracted from the poison too")),
    ),
    quote="Значение Брони вычитается из каждой порции входящего урона",
    source="000:250",
    help=T(
        "«Значение Брони вычитается из каждой порции входящего урона» — порция ли яд, не сказано.",
        "Armor is subtracted from every portion of incoming damage — whether the poison is a portion is not said.",
    ),
    calculators=("serial-attack",),
)


NAGA_SOAKED = Reading(
    name="NAGA_SOAKED",
    system=SYSTEM,
    param="naga_soaked",
    label=T("Яд наги поглощают УП", "Soak levels absorb the naga venom"),
    default=True,
    choices=BOOL,
    quote="её урон смог пробить Броню цели",
    source="000:581",
    help=T(
        "«Входящий урон поглощается ... Уровни Поглощения (УП)» — и яд тоже? Не сказано.",
        "Incoming damage is absorbed by soak levels — the poison too? Not said.",
    ),
    kind="bool",
    calculators=("serial-attack",),
)


TWO_GUNS_HALVES_BONUS = Reading(
    name="TWO_GUNS_HALVES_BONUS",
    system=SYSTEM,
    param="two_guns_halves_bonus",
    label=T("По-македонски: и кубики фланга, тыла, засады — пополам", "Two-gun shooting: the flank, rear and ambush dice are halved too"),
    default=True,
    choices=BOOL,
    quote="используют только половину (округление вниз) от запаса кубиков на это действие",
    source="000:441",
    help=T(
        "«используют только половину (округление вниз) от запаса кубиков на это действие» — входят ли в этот запас "
        "кубики за фланг, тыл и засаду, не сказано.",
        "«use only half (rounded down) of the dice pool for this action» — whether the flank, rear and ambush dice are "
        "in that pool is not said.",
    ),
    kind="bool",
    calculators=("serial-attack",),
)


PRONE_DEFENCE = Reading(
    name="PRONE_DEFENCE",
    system=SYSTEM,
    param="prone_defence",
    label=T("Лежащая цель: +2 к сложности и Парирования, Блока", "Prone target: +2 difficulty to its Parry and Block too"),
    default=False,
    choices=BOOL,
    quote="броски Драки и Фехтования, совершаемые лежащими персонажами, получают штраф +2 к сложности",
    source="000:361",
    help=T(
        "«броски Драки и Фехтования, совершаемые лежащими персонажами, получают штраф +2 к сложности» — Парирование "
        "(Ловкость + Фехтование) и Блок (Ловкость + Драка) лежащей цели — такие ли броски, не сказано.",
        "«Brawl and Melee rolls made by prone characters get a penalty of +2 to difficulty» — whether a prone target's "
        "Parry (Dexterity + Melee) and Block (Dexterity + Brawl) are such rolls is not said.",
    ),
    kind="bool",
    calculators=("serial-attack",),
)


TAG_ORDER = Reading(
    name="TAG_ORDER",
    system=SYSTEM,
    param="tag_order",
    label=T("Устойчивость/Уязвимость: до или после УП", "Resistance/Vulnerability: before or after soak levels"),
    default="before_absorption",
    choices=(
        Choice("before_absorption", T("Броня, тэг, затем УП", "Armor, the tag, then soak levels")),
        Choice(
            "after_absorption", T("Броня, УП, тэг — только к урону в Здоровье", "Armor, soak levels, the tag only on the damage to Health")
        ),
    ),
    quote="Устойчивость срабатывает после броска повреждения и после влияния Брони",
    source="000:276",
    help=T(
        "«Устойчивость срабатывает после броска повреждения и после влияния Брони» — до или после Уровней Поглощения, "
        "не сказано. Иммунитет — всегда до.",
        "«Resistance applies after the damage roll and after the effect of Armor» — before or after the soak levels is "
        "not said. Immunity always before.",
    ),
    calculators=("serial-damage", "serial-attack"),
)


NAGA_NO_ARMOR = Reading(
    name="NAGA_NO_ARMOR",
    system=SYSTEM,
    param="naga_no_armor",
    label=T("Яд наги без Брони у цели", "Naga venom against no Armor"),
    default="damage",
    choices=(
        Choice("damage", T("нужен хотя бы 1 успех урона", "at least 1 damage success needed")),
        Choice("always", T("пробивать нечего: яд при любом попадании 7+", "nothing to pierce: venom on any hit of 7+")),
    ),
    quote="её урон смог пробить Броню цели",
    source="000:579",
    help=T(
        "«её урон смог пробить Броню цели» — а если Брони нет? Не сказано.",
        "«its damage managed to get through the target's Armor» — and with no Armor? Not said.",
    ),
    calculators=("serial-attack",),
)


#: every reading of «Сериал» with a switch, in the order declared
READINGS = (
    ATTACK_ONES_CANCEL,
    BOTCH_RULE,
    DIFFICULTY_OVERFLOW,
    PARRY_TIE,
    AUTOFIRE_PENALTY,
    BELOW_ONE,
    NEGATIVE_HITS_RULE,
    EXCESS_BURNS,
    NONLETHAL_MODIFIER,
    NONLETHAL_CAN_KILL,
    HALF_ROUNDING,
    BURNING_FIRST_TURN_COUNTS,
    BLOCK_FIRST,
    ENCUMBRANCE_MONOTONE,
    BADABOOM_FALLOFF,
    PREPARATION_ROUNDING,
    LOWERED_BLOCKS_PREPARATION,
    WOUND_PENALTY_ON_DAMAGE,
    WOUND_PENALTY_BEFORE_HALVING,
    PAIN_WILLPOWER,
    RUN_HALVED,
    BURNING_IS_PORTION,
    OTHER_ONES_CANCEL,
    AMBUSH_TIE_ADDS,
    TWO_RESISTANCES,
    ABSORPTION_ARMOR_WEIGHT,
    NATURAL_ARMOR_STOPS_ABSORPTION,
    OVERLOADED_ROLLS,
    DESPERATE_PARRY,
    NONLETHAL_ROLL_COUNTS,
    NAGA_ARMOR,
    NAGA_SOAKED,
    TWO_GUNS_HALVES_BONUS,
    PRONE_DEFENCE,
    TAG_ORDER,
    NAGA_NO_ARMOR,
)
