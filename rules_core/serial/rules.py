"""Every mechanic of «Мир Тьмы: Сериал» (source 000) that has numbers, one function each.

Terms in the docstrings are the source's. Where 000 is silent, ambiguous or unfinished, the
reading chosen is a named constant (and a keyword argument, so each reading is testable and
the calculators can offer it as a switch); the docstring quotes the source's words.

Dice: every roll is the World of Darkness d10 pool of :mod:`rules_core.wod.pool`. Attack and
defense rolls: 1s cancel successes (the classic rule; 000 only says that damage rolls do not
cancel: «Бросок урона обычно идет по сложности 6, единички не вычитаются»).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil

from ..dice import Dist
from ..wod.pool import d10_pool, net_successes
from . import readings, tables

__all__ = [
    "ABSORPTION_ARMOR_WEIGHT",
    "ABSORPTION_ARMOR_WEIGHT_CHOICES",
    "AMBUSH_DIFFICULTY",
    "AMBUSH_TIE_ADDS",
    "ATTACK_ONES_CANCEL",
    "AUTOFIRE_PENALTY",
    "AUTOFIRE_PENALTY_CHOICES",
    "AttackSetup",
    "BADABOOM_FALLOFF",
    "BASE_DIFFICULTY",
    "BELOW_ONE",
    "BELOW_ONE_CHOICES",
    "BLIND_MELEE_DIFFICULTY",
    "BLIND_RANGED_DIFFICULTY",
    "BLIND_RANGED_MAX_METRES",
    "BLIND_ROLL_DIFFICULTY",
    "BLOCK_DIFFICULTY",
    "BLOCK_FIRST",
    "BOTCH_CHOICES",
    "BOTCH_RULE",
    "BURNING_FIRST_TURN_COUNTS",
    "BURNING_IS_PORTION",
    "BURNING_PENALTY",
    "COVER_DIFFICULTY",
    "COVER_DIFFICULTY_ROLL",
    "CREATURE_NAMES",
    "CREATURE_ORDER",
    "DAMAGE_DIFFICULTY",
    "DEFENCES",
    "DESPERATE_PARRY",
    "DIFFICULTY_CHOICES",
    "DIFFICULTY_OVERFLOW",
    "DODGE_MELEE_DIFFICULTY",
    "DODGE_RANGED_DIFFICULTY",
    "DOOR_OUTCOMES",
    "ENCUMBRANCE_MONOTONE",
    "EXCESS_BURNS",
    "EXCESS_BURNS_CHOICES",
    "EXTINGUISH_AFTER_DAMAGE",
    "EXTINGUISH_FRIEND",
    "EXTINGUISH_SELF",
    "FALLOFF_CHOICES",
    "FLANK_DICE",
    "GRAPPLE_DIFFICULTY",
    "GRENADE_COVER_METRES",
    "GRENADE_DODGE_DIFFICULTY",
    "GRENADE_THROW_DIFFICULTY",
    "HALF_ROUNDING",
    "HALF_ROUNDING_CHOICES",
    "HEALTH_LEVELS",
    "HitOutcome",
    "INTERCEPTION_PERIOD",
    "INTERCEPTION_PERIODS",
    "LAST_BREATH_MEDICINE_DIFFICULTY",
    "LOWERED_BLOCKS_PREPARATION",
    "MANY_ON_ONE_MAX",
    "MAX_EXTERNAL_BOOSTS",
    "MAX_RANGE_DIFFICULTY",
    "NAGA_ARMOR",
    "NAGA_ARMOR_CHOICES",
    "NAGA_NO_ARMOR",
    "NAGA_NO_ARMOR_CHOICES",
    "NAGA_POISON",
    "NAGA_SOAKED",
    "NATURAL_ARMOR_STOPS_ABSORPTION",
    "NEGATIVE_HITS_CHOICES",
    "NEGATIVE_HITS_RULE",
    "NONLETHAL_CAN_KILL",
    "NONLETHAL_MODIFIER",
    "NONLETHAL_ROLL_COUNTS",
    "OTHER_ONES_CANCEL",
    "OVERLOADED_ROLLS",
    "OVERLOADED_ROLLS_CHOICES",
    "PAIN_WILLPOWER",
    "PAIN_WILLPOWER_CHOICES",
    "PARRY_DEFAULT_DIFFICULTY",
    "PARRY_TIE",
    "PARRY_TIE_CHOICES",
    "POINT_BLANK_DIFFICULTY",
    "POINT_BLANK_METRES",
    "PREPARATION_ROUNDING",
    "PRONE_ATTACKER",
    "PRONE_DEFENCE",
    "PRONE_MELEE",
    "PRONE_RANGED",
    "Penalties",
    "RANGE_BANDS",
    "RANGE_DIFFICULTY",
    "READINGS",
    "REAR_DICE",
    "RUN_HALVED",
    "RUN_HALVED_CHOICES",
    "STUNNED_REVIVE_DIFFICULTY",
    "Step",
    "TAGS",
    "TAG_ORDER",
    "TAG_ORDER_CHOICES",
    "TRIP_DIFFICULTY",
    "TWO_GUNS_HALVES_BONUS",
    "TWO_GUNS_LARGE_MIN_STRENGTH",
    "TWO_RESISTANCES",
    "TWO_RESISTANCES_CHOICES",
    "Target",
    "WALKING_DEAD_ROUNDS",
    "WALKING_DEAD_ROUNDS_BERSERK",
    "WOUND_PENALTY_BEFORE_HALVING",
    "WOUND_PENALTY_ON_DAMAGE",
    "absorption_levels",
    "after_door_outcome",
    "ambush",
    "ambush_distribution",
    "apply_tag",
    "armor_against",
    "armor_weight",
    "attack_contest",
    "attack_roll",
    "block_allowed",
    "botch_probability",
    "burning_damage",
    "burning_portion",
    "burning_until_out",
    "convert_soak_difficulty",
    "counted_door_rolls",
    "cover_distribution",
    "cover_redirects",
    "damage_distribution",
    "damage_from_faces",
    "damage_pool",
    "death_door_distribution",
    "death_door_roll",
    "desperate_defence_pool",
    "disarm",
    "disarm_distribution",
    "dodge_difficulty",
    "effective_armor",
    "exceeds",
    "explosion_dice",
    "external_boosts_allowed",
    "extinguish_difficulty",
    "finish_difficulty",
    "grapple_escape",
    "grapple_escape_probability",
    "grenade_distribution",
    "grenade_dodged",
    "grenade_max_distance",
    "hit_distribution",
    "initiative",
    "initiative_order",
    "initiative_this_turn",
    "instant_death",
    "interceptions_left",
    "lower_initiative",
    "many_on_one_penalty",
    "master_strike_critical",
    "max_interceptions",
    "may_intercept_magical_movement",
    "naga_pierced",
    "naga_poison",
    "nonlethal_roll",
    "overloaded",
    "overloaded_dice",
    "parry_allowed",
    "parry_difficulty",
    "penalties",
    "portion_after_armor",
    "preparation_bonus",
    "prone_defence_difficulty",
    "protection",
    "range_difficulty",
    "reaction_level",
    "resolve_defence",
    "run_distance",
    "special_activation",
    "speech_limit",
    "speed",
    "spread_fire_hits",
    "stabilized_dies",
    "tag_stages",
    "take_damage",
    "take_portion",
    "take_with_poison",
    "threshold",
    "trip",
    "trip_distribution",
    "worn_protection",
    "wound_level",
    "wound_penalty",
]

# =================================================================================
# Named readings of gaps in the source
# =================================================================================

#: Whether 1s cancel successes on attack and defence rolls. 000 states the opposite only for
#: damage («единички не вычитаются») and for grappling says «единички вычитаются».
ATTACK_ONES_CANCEL = readings.ATTACK_ONES_CANCEL.default

#: Botches: 000 never states a botch rule or a botch's consequence. Choices:
#: ``"none"`` (a roll without net successes simply fails), ``"revised"`` (no success and a 1),
#: ``"second"`` (more 1s than successes). Only reported; 000 gives a botch no effect.
BOTCH_CHOICES = readings.BOTCH_RULE.values
BOTCH_RULE = readings.BOTCH_RULE.default

#: A difficulty pushed past 10 or below 2 by modifiers. 000 is silent. ``"clamp"``: it stays
#: within 2..10; ``"impossible"``: above 10 the roll cannot succeed (below 2 clamps to 2).
DIFFICULTY_CHOICES = readings.DIFFICULTY_OVERFLOW.values
DIFFICULTY_OVERFLOW = readings.DIFFICULTY_OVERFLOW.default

#: Parry on a tie. 000: «При равенстве парирование не сработало и не оказало влияния на
#: атаку.» ``"no_effect"`` (literal: the attack keeps all its successes) or ``"cancel"`` (the
#: general opposed rule «успехи оппонента вычитаются из ваших»: a tie leaves 0, a miss).
PARRY_TIE_CHOICES = readings.PARRY_TIE.values
PARRY_TIE = readings.PARRY_TIE.default

#: Automatic fire: «бросок атаки получает штраф равный 2». ``"difficulty"`` (+2 difficulty,
#: as the base rules' «Обстрел»: «Трудность броска увеличивается на два») or ``"dice"`` (−2 dice).
AUTOFIRE_PENALTY_CHOICES = readings.AUTOFIRE_PENALTY.values
AUTOFIRE_PENALTY = readings.AUTOFIRE_PENALTY.default

#: Death's door roll modified below 1 («За каждый бросок Порога в рамках одной сцены
#: вычитается единица из последующих бросков Порога»; the table starts at 1).
#: ``"last_breath"``: it counts as 1, «Последний вздох»; ``"death"``: below the table is death.
BELOW_ONE_CHOICES = readings.BELOW_ONE.values
BELOW_ONE = readings.BELOW_ONE.default

#: Negative hits: rule 3 says «то количество повреждений, получив которые, персонаж
#: мгновенно и безусловно умирает» (reaching the count kills), but instant death and the
#: states 1–3 say «больше 12», «суммарно более 12» (exceeding it kills).
#: ``"more_than"`` (default, the majority wording) or ``"at_least"``.
NEGATIVE_HITS_CHOICES = readings.NEGATIVE_HITS_RULE.values
NEGATIVE_HITS_RULE = readings.NEGATIVE_HITS_RULE.default

#: Which death's-door excess burns. Rule 4: «Когда персонажа первый раз приводят на Порог
#: смерти, весь урон, опустивший его ниже нуля здоровья, сгорает» and rule 3: «с новым Порогом
#: смерти отсчет отрицательных хитов продолжается» — ``"first"`` (default): only the first
#: door's excess burns, a later door's counts as negative hits. The states 1–3 say «Урон,
#: который привел его на Порог Смерти, не учитывается в этом расчете» — ``"every"``: every
#: door's excess burns.
EXCESS_BURNS_CHOICES = readings.EXCESS_BURNS.values
EXCESS_BURNS = readings.EXCESS_BURNS.default

#: Nonlethal damage: «бросается только чет/нечет». Whether the −1 per earlier death's-door
#: roll applies to that parity roll (it would flip odd/even). Default: it does not.
NONLETHAL_MODIFIER = readings.NONLETHAL_MODIFIER.default

#: Whether instant death («Если они [излишки] больше 12 (или Выносливости*3, берется большее)») applies to nonlethal
#: damage. 000 checks instant death before any roll («Если персонаж не умирает сразу, то
#: делается бросок») and says nothing special for nonlethal: default True (literal).
NONLETHAL_CAN_KILL = readings.NONLETHAL_CAN_KILL.default

#: Halving (wounds ≤ 3, «Перегружен»): rounding unstated. Default: round down.
HALF_ROUNDING_CHOICES = readings.HALF_ROUNDING.values
HALF_ROUNDING = readings.HALF_ROUNDING.default

#: «Горит! В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход
#: горения.» Whether the first burning turn already counts (3 damage) or not (2 damage).
BURNING_FIRST_TURN_COUNTS = readings.BURNING_FIRST_TURN_COUNTS.default

#: Range: «Выстрел на этом расстоянии имеет сложность 6. Максимальная дальность стрельбы
#: равна удвоенному этому расстоянию. Выстрел на этом расстоянии имеет сложность 8.»
#: Reading: up to the weapon's range 6, beyond it up to twice the range 8, beyond that no shot.
POINT_BLANK_METRES = 2
POINT_BLANK_DIFFICULTY = 5
RANGE_DIFFICULTY = 6
MAX_RANGE_DIFFICULTY = 8

#: Blind: «дистанционные атаки не могут быть проведены на дистанции более 10 метров. Удачный
#: рефлекторный бросок Восприятие + Бдительность (сложность 8) позволит совершить
#: дистанционную атаку со штрафом +3 к броску на дистанции менее 10 метров.» Reading: a ranged
#: attack blind needs that roll and a distance of at most 10 m (exactly 10 m allowed).
BLIND_MELEE_DIFFICULTY = 2
BLIND_RANGED_DIFFICULTY = 3
BLIND_RANGED_MAX_METRES = 10

#: Cover: 000 refers to «таблице "укрытия"» that it does not contain; the base rules (003)
#: give light +1, good +2, superior +3 to difficulty («Легкое (за уличным фонарем) +1», «Хорошее
#: (за автомобилем) +2», «Отличное (за углом) +3»). Used as that.
COVER_DIFFICULTY = {0: 0, 1: 1, 2: 2, 3: 3}

#: Parry difficulty when 000 names none (same-length weapons, a short weapon against a short
#: one or fists): the base difficulty 6.
PARRY_DEFAULT_DIFFICULTY = 6

#: Block levels («Каждый успех дает вам Уровень Поглощения, которым вы можете поглощать урон
#: от блокируемой атаки») are spent before the character's own УП (they vanish after the
#: attack anyway).
BLOCK_FIRST = readings.BLOCK_FIRST.default

#: Encumbrance: a character may always use the allowance of any lower Strength row (a
#: stronger character never carries less). Strength above 6 uses row 6.
ENCUMBRANCE_MONOTONE = readings.ENCUMBRANCE_MONOTONE.default

#: badaboom: «Рассказчик решает, насколько далеко от эпицентра урон вообще начинает падать.
#: Далее по кубику за 5 метров.» ``"started"``: −1 die for every started 5 m beyond that
#: distance (1 m beyond already −1); ``"full"``: −1 die for every full 5 m (5 m beyond: −1).
FALLOFF_CHOICES = readings.BADABOOM_FALLOFF.values
BADABOOM_FALLOFF = readings.BADABOOM_FALLOFF.default

#: «Подготовка (Действие). На следующий ход добавить половину своего показателя Инициативы.» Rounding
#: unstated: down.
PREPARATION_ROUNDING = readings.PREPARATION_ROUNDING.default

#: «Персонаж имеет право в начале своего действия понизить свою инициативу ... но дальше до
#: конца боя он не может ее повысить, в том числе при помощи магии.» Whether «Подготовка»
#: still adds to an Инициатива lowered this fight. True (literal, default): «не может ее
#: повысить» by any means, so it adds nothing; False: it adds half of the lowered value.
LOWERED_BLOCKS_PREPARATION = readings.LOWERED_BLOCKS_PREPARATION.default

#: Which rolls the wound penalty takes dice from: «любое ранение (5 и ниже хитов) дает штраф в
#: 2 кубика»; «Превозмогая боль»: «избежать штрафов к броскам». 000 names no roll. Reading:
#: every roll the wounded character makes in a fight — his attack and his defensive maneuvers
#: (the attacker's Здоровье for the attack, the target's for its defence), and not the damage
#: roll, which measures the blow (the classic soak roll has «не распространяются штрафы за
#: ранения»). False: not the damage roll (default); True: the damage roll too.
WOUND_PENALTY_ON_DAMAGE = readings.WOUND_PENALTY_ON_DAMAGE.default

#: «Стрельба по-македонски»: «используют только половину (округление вниз) от запаса кубиков на
#: это действие». Whether the wound penalty comes off before the halving (True, default: the
#: pool «на это действие» is the wounded pool) or after (False).
WOUND_PENALTY_BEFORE_HALVING = readings.WOUND_PENALTY_BEFORE_HALVING.default

#: «Превозмогая боль»: «Потратив 1 ПСВ в начале своего хода, персонаж может избежать штрафов к
#: броскам»; «Горит!»: «Этот штраф может быть преодолен тратой ПСВ в начале своего раунда».
#: Whether one point of Willpower spares both penalties. ``"each"`` (default: two rules, each
#: with its own cost) or ``"one"`` (one point for all the pain of the turn).
PAIN_WILLPOWER_CHOICES = readings.PAIN_WILLPOWER.values
PAIN_WILLPOWER = readings.PAIN_WILLPOWER.default

#: The halvings of speed (a heavy wound: «снижение скорости в два раза»; «Перегружен»:
#: «уменьшение скорости движения в 2 раза») and «Бег» («дистанцию = 10 + Ловкость +
#: Атлетика»). ``"speed"`` (default, literal: «Ваша скорость = 5 + Атлетика» is what they
#: halve) or ``"both"`` (the run's distance too).
RUN_HALVED_CHOICES = readings.RUN_HALVED.values
RUN_HALVED = readings.RUN_HALVED.default

#: «Горит! В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход
#: горения.» Whether Броня and the target's tags act on those levels, as on «каждой порции
#: входящего урона» (True, default: fire damage is damage; «В разных книгах ... “только половина
#: урона от огня” -- так вот, все они работают именно так, как описано в механике
#: Устойчивости»), or the levels are taken as they stand (False).
BURNING_IS_PORTION = readings.BURNING_IS_PORTION.default

#: Rolls 000 does not say whether 1s cancel on: extinguishing («Ловкость+Выживание»), the
#: ambush («Ловкость + Незаметность» against «Восприятие + Бдительность»), the trip's reflex
#: roll, the grenade's throw and the dodge from it. Reading: as on attack rolls (classic:
#: they cancel), the same switch.
OTHER_ONES_CANCEL = readings.OTHER_ONES_CANCEL.default

#: «Засада»: «добавить любое количество успехов от броска на Незаметность к набору кубиков для
#: атаки». Reading: all of them (the attacker would never add fewer). And on a tie («При ничьей
#: нападающий все же ходит первым, но защищающийся может провести защитное действие») nothing is
#: added: the successes come with «Если нападающему везет» (False, default); True: added on a tie.
AMBUSH_TIE_ADDS = readings.AMBUSH_TIE_ADDS.default

#: «Устойчивость ... Две устойчивости к одному и тому же типу урона просто не работают.» Read
#: beside «Две уязвимости к одному и тому же типу урона не складываются»: ``"one"`` (default:
#: two resistances work as one, they do not add up) or ``"none"`` (literal «не работают»:
#: neither works, the damage is whole).
TWO_RESISTANCES_CHOICES = readings.TWO_RESISTANCES.values
TWO_RESISTANCES = readings.TWO_RESISTANCES.default

#: What weight an armor that gives only Поглощение has. 000 classes armor by Броня alone
#: («обычно если доспех дает 2+ Брони, то он тяжелый») but calls «Кожаная куртка» (1 куб
#: поглощения in Олег's example) «явно лёгкий доспех»; and Сила 1 carries «никаких доспехов даже
#: легких». ``"light"`` (default: any armor without Броня is light) or ``"by_absorption"``
#: (2+ Поглощения heavy, as 2+ Брони).
ABSORPTION_ARMOR_WEIGHT_CHOICES = readings.ABSORPTION_ARMOR_WEIGHT.values
ABSORPTION_ARMOR_WEIGHT = readings.ABSORPTION_ARMOR_WEIGHT.default

#: «бесполезно носить разные доспехи поверх друг друга ... Даже если один даёт Броню, а второй
#: Поглощение, то работать будет только Броня.» The rule is about armors worn over each other;
#: whether a creature's own Броня («Некоторые существа ... дают постоянную Броню») also stops a
#: worn armor's Поглощение. False (default): it does not, the creature's hide is no armor worn;
#: True: any Броня does.
NATURAL_ARMOR_STOPS_ABSORPTION = readings.NATURAL_ARMOR_STOPS_ABSORPTION.default

#: How many health levels (the full Здоровье) a character has: 000 never says — it speaks of «Уровни Здоровья» and
#: gives the wound penalties by the hits left («любое ранение (5 и ниже хитов)», «тяжелое ранение (3 и ниже)»); Маша,
#: «тяжело ранена. У неё остается последний уровень здоровья, она в состоянии “калека”», names a level of the classic
#: track of seven, one from its end. Reading: 7, the classic track. Every Здоровье
#: field starts at it; the calculators take the Здоровье left, so the full number changes none of their results
#: (the field is the switch: enter another), and the scene's characters start with it.
HEALTH_LEVELS = 7

#: «Персонаж не может совершить больше Перехватов, чем его показатель Смекалки» — per what, 000 does not say.
#: ``"round"`` (default: from one of his turns to the next, as his other reflexes); ``"turn"``: in any one
#: character's turn; ``"fight"``: in the whole fight.
INTERCEPTION_PERIODS = ("round", "turn", "fight")
INTERCEPTION_PERIOD = "round"

#: «Перегружен»: «-4 куба на броски Ловкости» — which rolls those are, 000 does not say; its attacks are «Ловкость +
#: навык/талант» and its defensive maneuvers «Ловкость + Уклонение» and the like. ``"dexterity_pools"`` (default):
#: every roll whose pool holds Ловкость — the attack and every defensive maneuver; ``"pure_dexterity"``: only a roll
#: of Ловкость with no skill (not an attack, not a defense).
OVERLOADED_ROLLS_CHOICES = readings.OVERLOADED_ROLLS.values
OVERLOADED_ROLLS = readings.OVERLOADED_ROLLS.default

#: «Отчаянная защита»: «используя (только один!) защитный маневр, блок или уклонение» — «Парирование» is a defensive
#: maneuver too, but not in the list. False (default: as listed, a block or a dodge); True: a parry too.
DESPERATE_PARRY = readings.DESPERATE_PARRY.default

#: Whether an odd/even roll of nonlethal damage is a «бросок Порога» for the −1 of the later ones: «За каждый бросок
#: Порога в рамках одной сцены вычитается единица из последующих бросков Порога»; nonlethal: «бросается только
#: чет/нечет». True (default): it counts; False: only the d6 rolls of death's door count. The scene follows it too
#: (``rules_core.scene.readings.SERIAL_NONLETHAL_ROLL_COUNTS`` is this constant).
NONLETHAL_ROLL_COUNTS = readings.NONLETHAL_ROLL_COUNTS.default

#: «Стрельба по-македонски»: «и основная атака и экстра используют только половину (округление вниз) от запаса кубиков
#: на это действие» — whether the dice a flank or a rear attack and an ambush add are in the pool halved. True
#: (default: they are dice «на это действие»); False: the pool is halved first, and they come whole to each attack.
TWO_GUNS_HALVES_BONUS = readings.TWO_GUNS_HALVES_BONUS.default

#: «Лёжа»: «броски Драки и Фехтования, совершаемые лежащими персонажами, получают штраф +2 к сложности» — whether a
#: prone target's Парирование (Ловкость + Фехтование) and Блок (Ловкость + Драка) are such rolls, 000 does not say.
#: False (default: only the prone character's attack takes the +2); True: a prone target's Парирование and Блок take
#: +2 difficulty too (:func:`prone_defence_difficulty`).
PRONE_DEFENCE = readings.PRONE_DEFENCE.default

#: «Устойчивость срабатывает после броска повреждения и после влияния Брони» (Уязвимость: the same words) — before or
#: after the Уровни Поглощения, 000 does not say. ``"before_absorption"`` (default): Броня, then the tag, and the УП
#: (a block's levels too) absorb what the tag left; ``"after_absorption"``: Броня, the УП absorb, and the tag halves
#: or doubles only what then goes to Здоровье (:func:`tag_stages`). «Иммунитет» is not tied to Броня in the source:
#: nothing of the damage comes through under either reading.
TAG_ORDER_CHOICES = readings.TAG_ORDER.values
TAG_ORDER = readings.TAG_ORDER.default

#: The named readings of this module: each is what the code follows; those with a calculator's switch are declared in
#: :mod:`.readings`, the rest are constants read at run time. ``tests/test_serial_readings.py`` flips each one.
READINGS = tuple(r.name for r in readings.READINGS) + ("COVER_DIFFICULTY", "PARRY_DEFAULT_DIFFICULTY", "BLIND_RANGED_MAX_METRES",
                                                       "HEALTH_LEVELS", "INTERCEPTION_PERIOD")


# =================================================================================
# Numbers the source states
# =================================================================================

FLANK_DICE = 2  # «с фланга, получают к броску атаки два дополнительных кубика»
REAR_DICE = 3  # «а атакующие с тыла – три»
MANY_ON_ONE_MAX = 4  # «Максимальный отрицательный модификатор за “все на одного” – это -4»
PRONE_MELEE = -2  # «-2 к сложности попадания по лежащему в ближнем бою»
PRONE_RANGED = 2  # «но +2 к попаданию в дальнем бою (кроме случаев выстрела в упор)»
PRONE_ATTACKER = 2  # «броски Драки и Фехтования, совершаемые лежащими ... штраф +2 к сложности»

BASE_DIFFICULTY = 6
DODGE_MELEE_DIFFICULTY = 6
DODGE_RANGED_DIFFICULTY = 8
BLOCK_DIFFICULTY = 7
DAMAGE_DIFFICULTY = 6


def _half(n: int, rounding: str = HALF_ROUNDING) -> int:
    if rounding not in HALF_ROUNDING_CHOICES:
        raise ValueError(f"rounding must be one of {HALF_ROUNDING_CHOICES}")
    return n // 2 if rounding == "down" else -(-n // 2)


def _nonneg(name: str, *values: int) -> None:
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{name} must be a non-negative integer")


# =================================================================================
# Initiative, movement, interceptions, reaction
# =================================================================================

#: «В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры, затем меняющие
#: форму, затем феи, затем маги, затем чародеи, затем психики, затем все остальные.»
CREATURE_ORDER = ("monster", "vampire", "shapeshifter", "fae", "mage", "sorcerer", "psychic", "other")
CREATURE_NAMES = {
    "monster": "монстры", "vampire": "вампиры", "shapeshifter": "меняющие форму", "fae": "феи",
    "mage": "маги", "sorcerer": "чародеи", "psychic": "психики", "other": "все остальные",
}


def initiative(dexterity: int, wits: int, manipulation: int, perception: int,
               athletics: int, cunning: int, modifier: int = 0) -> int:
    """Инициатива: «высшему показателю среди следующих вариантов сумм характеристик»:
    Ловкость + Смекалка, Манипулирование + Восприятие, Атлетика + Хитрость; «Также к этому
    могут быть добавлены модификаторы» (``modifier``). No roll.
    """
    _nonneg("traits", dexterity, wits, manipulation, perception, athletics, cunning)
    return max(dexterity + wits, manipulation + perception, athletics + cunning) + modifier


def initiative_order(participants: list[tuple[str, int, str]]) -> list[list[str]]:
    """Order of turns: highest Инициатива first; ties by kind of creature (:data:`CREATURE_ORDER`).

    ``participants``: (name, initiative, kind). Returns groups in turn order; a group of more
    than one name is a tie still unresolved: «решите оставшиеся ничьи броском кубика».
    """
    groups: dict[tuple[int, int], list[str]] = {}
    for name, ini, kind in participants:
        if kind not in CREATURE_ORDER:
            raise ValueError(f"kind must be one of {CREATURE_ORDER}")
        groups.setdefault((-ini, CREATURE_ORDER.index(kind)), []).append(name)
    return [groups[k] for k in sorted(groups)]


def lower_initiative(current: int, new: int) -> int:
    """«понизить свою инициативу до любого неотрицательного числа, но дальше до конца боя он не
    может ее повысить»."""
    if not 0 <= new <= current:
        raise ValueError("initiative can only be lowered, to a non-negative number")
    return new


def preparation_bonus(initiative_value: int, rounding: str = PREPARATION_ROUNDING) -> int:
    """Подготовка: «На следующий ход добавить половину своего показателя Инициативы».

    >>> preparation_bonus(7), preparation_bonus(7, "up")
    (3, 4)
    """
    return _half(initiative_value, rounding)


def initiative_this_turn(value: int, prepared: bool = False, lowered_to: int | None = None,
                         rounding: str = PREPARATION_ROUNDING,
                         lowered_blocks: bool = LOWERED_BLOCKS_PREPARATION) -> tuple[int, int]:
    """(Инициатива this turn, what «Подготовка» added): ``value`` is the character's Инициатива
    (the best sum plus modifiers), ``lowered_to`` the number it was lowered to this fight
    («понизить свою инициативу до любого неотрицательного числа»), ``prepared`` whether the last
    turn's action was «Подготовка» («Нельзя суммировать две "Подготовки"»: one at most).
    After a lowering «Подготовка» adds nothing under :data:`LOWERED_BLOCKS_PREPARATION`.

    >>> initiative_this_turn(8, prepared=True)
    (12, 4)
    >>> initiative_this_turn(8, prepared=True, lowered_to=2), initiative_this_turn(8, True, 2, lowered_blocks=False)
    ((2, 0), (3, 1))
    """
    _nonneg("initiative", value)
    current = value if lowered_to is None else lower_initiative(value, lowered_to)
    if not prepared or (lowered_to is not None and lowered_blocks):
        return current, 0
    bonus = preparation_bonus(current, rounding)
    return current + bonus, bonus


def _wound_halves(health: int | None, will_to_live: bool) -> bool:
    """Whether the wounds halve the movement: «тяжелое ранение (3 и ниже) даёт штраф в 4 кубика и снижение
    скорости в два раза» — but not in «Воля к жизни»: «Персонаж не испытывает штрафов от ран и может
    действовать как раньше» (the speed cut is one of the wound penalties, as «Превозмогая боль» names
    «штрафов к движению»)."""
    return health is not None and wound_level(health) in ("heavy", "door") and not will_to_live


def speed(athletics: int, health: int | None = None, overloaded: bool = False,
          rounding: str = HALF_ROUNDING, will_to_live: bool = False) -> int:
    """Скорость = 5 + Атлетика, halved by a heavy wound («тяжелое ранение (3 и ниже) ...
    снижение скорости в два раза», not in «Воля к жизни») and again by «Перегружен» («уменьшение
    скорости движения в 2 раза»); the two halvings stack (000 does not say otherwise).

    >>> speed(4, health=0), speed(4, health=0, will_to_live=True), speed(4, 0, True, will_to_live=True)
    (4, 9, 4)
    """
    _nonneg("athletics", athletics)
    s = 5 + athletics
    if _wound_halves(health, will_to_live):  # «3 и ниже»
        s = _half(s, rounding)
    if overloaded:
        s = _half(s, rounding)
    return s


def run_distance(dexterity: int, athletics: int, health: int | None = None, overloaded: bool = False,
                 rounding: str = HALF_ROUNDING, halved: str = RUN_HALVED, will_to_live: bool = False) -> int:
    """Бег (Действие): «дистанцию = 10 + Ловкость + Атлетика»; halved like the speed only under
    the reading ``"both"`` of :data:`RUN_HALVED`.

    >>> run_distance(3, 2), run_distance(3, 2, health=3), run_distance(3, 2, health=3, halved="both")
    (15, 15, 7)
    """
    _nonneg("traits", dexterity, athletics)
    if halved not in RUN_HALVED_CHOICES:
        raise ValueError(f"halved must be one of {RUN_HALVED_CHOICES}")
    d = 10 + dexterity + athletics
    if halved == "both":
        if _wound_halves(health, will_to_live):
            d = _half(d, rounding)
        if overloaded:
            d = _half(d, rounding)
    return d


def max_interceptions(wits: int) -> int:
    """«Персонаж не может совершить больше Перехватов, чем его показатель Смекалки.»"""
    _nonneg("wits", wits)
    return wits


def interceptions_left(wits: int, this_turn: int, this_round: int, this_fight: int,
                       period: str | None = None) -> int:
    """The Перехваты a character may still make: Смекалка less those made in the period of
    :data:`INTERCEPTION_PERIODS` (the counts of the three periods are given; the reading picks one).

    >>> interceptions_left(3, 1, 2, 5), interceptions_left(3, 1, 2, 5, "turn"), interceptions_left(3, 1, 2, 5, "fight")
    (1, 2, 0)
    """
    period = INTERCEPTION_PERIOD if period is None else period
    if period not in INTERCEPTION_PERIODS:
        raise ValueError(f"period must be one of {INTERCEPTION_PERIODS}")
    used = {"turn": this_turn, "round": this_round, "fight": this_fight}[period]
    return max(0, max_interceptions(wits) - used)


def overloaded_dice(overloaded: bool, pool_has_skill: bool = True, reading: str | None = None) -> int:
    """Dice «Перегружен» takes from a Ловкость roll (:data:`OVERLOADED_ROLLS`): «-4 куба на броски Ловкости». An
    attack or a defensive maneuver is Ловкость + a skill (``pool_has_skill``).

    >>> overloaded_dice(True), overloaded_dice(True, reading="pure_dexterity"), overloaded_dice(True, False, "pure_dexterity")
    (4, 0, 4)
    """
    reading = OVERLOADED_ROLLS if reading is None else reading
    if reading not in OVERLOADED_ROLLS_CHOICES:
        raise ValueError(f"reading must be one of {OVERLOADED_ROLLS_CHOICES}")
    if not overloaded or (pool_has_skill and reading == "pure_dexterity"):
        return 0
    return tables.OVERLOADED_DEX_PENALTY


def counted_door_rolls(previous: int, nonlethal_before: int = 0, counts: bool | None = None) -> int:
    """The earlier rolls of the scene that take 1 each from a death's-door roll: all ``previous`` ones, or, by
    :data:`NONLETHAL_ROLL_COUNTS`, those less the ``nonlethal_before`` odd/even ones among them.

    >>> counted_door_rolls(3, 1), counted_door_rolls(3, 1, counts=False)
    (3, 2)
    """
    counts = NONLETHAL_ROLL_COUNTS if counts is None else counts
    _nonneg("rolls", previous, nonlethal_before)
    if nonlethal_before > previous:
        raise ValueError("more odd/even rolls than rolls")
    return previous if counts else previous - nonlethal_before


def reaction_level(perception: int = 0, intelligence: int = 0, awareness: int = 0,
                   occult: int = 0, prophecy: int = 0, battle_sight: bool = False) -> int | None:
    """Реакция 1–3 (1 is the best), or None: «не понял сути заявки противника».

    * 1 «полная»: a prophecy power at 4+ (Прорицание, Провидение, Предсказания, Фатализм —
      ``prophecy``) or «Взгляд на Поле Боя» / the awakened effect (``battle_sight``);
    * 2 «личная»: (Осведомленность / Кеннинг / Изначальные Инстинкты / Время Малкавиан /
      Интуиция — the best, ``awareness``) + Восприятие = 7 или выше;
    * 3 «частичная»: (Оккультизм / Гримуары / Ритуалы / Гипертехнологии — ``occult``) +
      Интеллект = 8 или выше.
    """
    _nonneg("traits", perception, intelligence, awareness, occult, prophecy)
    if prophecy >= 4 or battle_sight:
        return 1
    if awareness + perception >= 7:
        return 2
    if occult + intelligence >= 8:
        return 3
    return None


def may_intercept_magical_movement(level: int | None) -> bool:
    """«Если противник понимает, что суть вашей заявки – бегство из ближнего боя (то есть у
    него есть “Реакция 3” и лучше), то перехват возможен.»"""
    return level is not None and level <= 3


def speech_limit(charisma: int, skill: int) -> int:
    """Речь: «короткими фразами (не более чем ваша Харизма+Лидерство/Экспрессия/Убеждение/
    Запугивание)» — the most words (``skill``: the best of those four) without an Action."""
    _nonneg("traits", charisma, skill)
    return charisma + skill


#: The ambush rolls' difficulty: 000 gives none for «Ловкость + Незаметность» and «Восприятие +
#: Бдительность»; the base 6 («Базовая сложность такого броска – 6»).
AMBUSH_DIFFICULTY = 6


def ambush_distribution(stealth_pool: int, alert_pool: int, difficulty: int = AMBUSH_DIFFICULTY,
                        ones_cancel: bool = OTHER_ONES_CANCEL, tie_adds: bool = AMBUSH_TIE_ADDS) -> Dist:
    """The opposed ambush roll: outcomes ``(who, dice added to the attack)`` with ``who`` as
    :func:`ambush` says; the attacker adds his stealth successes («любое количество успехов от
    броска на Незаметность»: all of them) when he wins, and on a tie only under :data:`AMBUSH_TIE_ADDS`.

    >>> ambush_distribution(0, 0).items()
    [(('tie', 0), Fraction(1, 1))]
    """
    _nonneg("pools", stealth_pool, alert_pool)
    att = net_successes(stealth_pool, difficulty, ones_cancel)
    dfn = net_successes(alert_pool, difficulty, ones_cancel)

    def outcome(a: int, d: int) -> tuple[str, int]:
        who = ambush(a, d)
        return who, a if who == "attacker" or (who == "tie" and tie_adds) else 0

    return att.combine(dfn, outcome)


def ambush(attacker_successes: int, defender_successes: int) -> str:
    """Засада: Ловкость + Незаметность against Восприятие + Бдительность. ``"attacker"``: «одну
    свободную атаку, а также добавить любое количество успехов от броска на Незаметность к набору
    кубиков для атаки»; ``"tie"``: «нападающий все же ходит первым, но защищающийся может
    провести защитное действие»; ``"defender"``: «обе стороны действуют в порядке инициативы»."""
    if attacker_successes > defender_successes:
        return "attacker"
    return "tie" if attacker_successes == defender_successes else "defender"


# =================================================================================
# Wounds
# =================================================================================

def wound_level(health: int) -> str | None:
    """«любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) даёт
    штраф в 4 кубика»: ``None``, ``"wounded"``, ``"heavy"`` (or ``"door"`` at 0 and below)."""
    if health <= 0:
        return "door"
    if health <= 3:
        return "heavy"
    if health <= 5:
        return "wounded"
    return None


def wound_penalty(health: int, push_through_pain: bool = False) -> int:
    """Dice lost to wounds: 0, 2 (≤ 5 health) or 4 (≤ 3). «Превозмогая боль» (1 ПСВ) avoids
    the dice penalties but not the movement one.

    >>> [wound_penalty(h) for h in (6, 5, 4, 3, 0)], wound_penalty(3, push_through_pain=True)
    ([0, 2, 2, 4, 4], 0)
    """
    if push_through_pain:
        return 0
    level = wound_level(health)
    return {None: 0, "wounded": 2}.get(level, 4)


#: «Горит! ... Также цель получает -4 куба на все броски действий из-за сильнейшей боли.»
BURNING_PENALTY = 4


@dataclass(frozen=True)
class Penalties:
    """Dice a character's rolls lose this turn: ``wounds`` and ``burning`` on every action roll
    (their sum is ``roll``), «Перегружен» on Ловкость rolls only (``dexterity`` = ``roll`` + it)."""

    wounds: int
    burning: int
    overloaded: int

    @property
    def roll(self) -> int:
        return self.wounds + self.burning

    @property
    def dexterity(self) -> int:
        return self.roll + self.overloaded


def penalties(health: int, push_through_pain: bool = False, burning: bool = False,
              burning_spared: bool = False, burning_willpower: bool = False, overloaded: bool = False,
              will_to_live: bool = False, pain_willpower: str = PAIN_WILLPOWER) -> Penalties:
    """The dice penalties of a turn.

    * wounds: :func:`wound_penalty` — none after «Превозмогая боль» («Потратив 1 ПСВ в начале
      своего хода») or in «Воля к жизни» («Персонаж не испытывает штрафов от ран»);
    * «Горит!»: −4 «на все броски действий», not for «Существа с сопротивляемостью к огню или
      нечувствительные к боли» (``burning_spared``) nor after «тратой ПСВ в начале своего раунда»
      (``burning_willpower``); one point for both pains under :data:`PAIN_WILLPOWER` ``"one"``;
    * «Перегружен»: «-4 куба на броски Ловкости».

    >>> penalties(5, burning=True).roll, penalties(5, True, burning=True, pain_willpower="one").roll
    (6, 0)
    """
    if pain_willpower not in PAIN_WILLPOWER_CHOICES:
        raise ValueError(f"pain_willpower must be one of {PAIN_WILLPOWER_CHOICES}")
    spent = push_through_pain or burning_willpower
    one = pain_willpower == "one"
    wounds = wound_penalty(health, push_through_pain or (one and spent) or will_to_live)
    fire = 0
    if burning and not burning_spared and not (burning_willpower or (one and spent)):
        fire = BURNING_PENALTY
    return Penalties(wounds, fire, tables.OVERLOADED_DEX_PENALTY if overloaded else 0)


# =================================================================================
# Attack: pool and difficulty
# =================================================================================

def finish_difficulty(difficulty: int, overflow: str = DIFFICULTY_OVERFLOW) -> int | None:
    """Keep a modified difficulty within 2..10 (:data:`DIFFICULTY_OVERFLOW`); ``None`` means
    the roll cannot succeed (reading ``"impossible"`` above 10)."""
    if overflow not in DIFFICULTY_CHOICES:
        raise ValueError(f"overflow must be one of {DIFFICULTY_CHOICES}")
    if difficulty > 10:
        return None if overflow == "impossible" else 10
    return max(2, difficulty)


def prone_defence_difficulty(difficulty: int, defence: str, prone: bool, reading: bool | None = None) -> int:
    """A defense roll's difficulty for a ``prone`` defender (:data:`PRONE_DEFENCE`): +2 (:data:`PRONE_ATTACKER`)
    to a Парирование or a Блок by the reading, never to an Уклонение (Ловкость + Уклонение).

    >>> prone_defence_difficulty(7, "block", True), prone_defence_difficulty(7, "block", True, True)
    (7, 9)
    >>> prone_defence_difficulty(6, "dodge", True, True), prone_defence_difficulty(6, "parry", False, True)
    (6, 6)
    """
    reading = PRONE_DEFENCE if reading is None else reading
    return difficulty + (PRONE_ATTACKER if reading and prone and defence in ("parry", "block") else 0)


def range_difficulty(distance: int, weapon_range: int) -> int | None:
    """Difficulty by distance: ≤ 2 m «в упор» 5; up to the weapon's range 6; up to twice it 8;
    beyond that no shot (None)."""
    _nonneg("distance", distance, weapon_range)
    if distance <= POINT_BLANK_METRES:
        return POINT_BLANK_DIFFICULTY
    if distance <= weapon_range:
        return RANGE_DIFFICULTY
    if distance <= 2 * weapon_range:
        return MAX_RANGE_DIFFICULTY
    return None


#: «Удачный рефлекторный бросок Восприятие + Бдительность (сложность 8)» (blind ranged attack).
BLIND_ROLL_DIFFICULTY = 8
#: Range bands for when the distance is not given in metres: «в упор» (≤ 2 m) 5, up to the
#: weapon's range 6, up to twice that 8.
RANGE_BANDS = {"point_blank": POINT_BLANK_DIFFICULTY, "normal": RANGE_DIFFICULTY, "long": MAX_RANGE_DIFFICULTY}


@dataclass
class AttackSetup:
    """What goes into an attack roll (all optional but the pool)."""

    pool: int  # Ловкость + навык
    ranged: bool = False
    distance: int | None = None  # metres (ranged)
    weapon_range: int | None = None
    melee_class: str | None = None  # short/classic/heavy/mighty
    target_prone: bool = False
    attacker_prone: bool = False
    blind: bool = False
    blind_roll_succeeded: bool = False
    flank: str = "front"  # front / flank / rear
    cover: int = 0  # 0..3
    maneuver: str = "none"
    ambush_successes: int = 0
    wound_penalty: int = 0
    extra_dice: int = 0
    extra_difficulty: int = 0
    autofire_penalty: str = AUTOFIRE_PENALTY
    overflow: str = DIFFICULTY_OVERFLOW
    base: int = BASE_DIFFICULTY  # the difficulty before these modifiers
    range_band: str | None = None  # instead of distance: "point_blank" / "normal" / "long"
    penalty_before_halving: bool = WOUND_PENALTY_BEFORE_HALVING
    halves_bonus: bool = TWO_GUNS_HALVES_BONUS  # the flank/rear and ambush dice are halved too


def attack_roll(s: AttackSetup) -> tuple[int, int | None]:
    """(dice, difficulty) of an attack; difficulty ``None`` when the attack is impossible.

    Базовая сложность 6. Range (ranged only; «в упор» ≤ 2 m is 5); «Лёжа»: −2 for a melee
    attack on a prone target, +2 for a ranged one except point-blank, +2 for Драка/Фехтование
    of a prone attacker; «Бой вслепую» +2 melee, ranged only after a successful Восприятие +
    Бдительность at +3 and ≤ 10 m; flank +2 dice, rear +3 dice; cover (003: +1/+2/+3);
    melee class (short −1, mighty +1); the maneuver's numbers (:data:`tables.MANEUVERS`);
    «Засада»: successes of the ambush roll added to the pool; wound penalty; «Стрельба
    по-македонски»: half the pool, rounded down (the wound penalty first, by
    :data:`WOUND_PENALTY_BEFORE_HALVING`; the flank and ambush dice halved too, by
    :data:`TWO_GUNS_HALVES_BONUS`).
    """
    m = tables.MANEUVERS[s.maneuver]
    bonus = s.ambush_successes + {"front": 0, "flank": FLANK_DICE, "rear": REAR_DICE}[s.flank]
    whole = 0 if s.halves_bonus or s.maneuver != "two_guns" else bonus  # :data:`TWO_GUNS_HALVES_BONUS`
    dice = s.pool + s.extra_dice + m["attack_dice"] + bonus - whole
    diff = s.base
    point_blank = False
    if s.ranged:
        if s.range_band is not None:
            diff = s.base - BASE_DIFFICULTY + RANGE_BANDS[s.range_band]
            point_blank = s.range_band == "point_blank"
        elif s.distance is not None and s.weapon_range is not None:
            rd = range_difficulty(s.distance, s.weapon_range)
            if rd is None:
                return max(0, dice), None
            diff = s.base - BASE_DIFFICULTY + rd
            point_blank = s.distance <= POINT_BLANK_METRES
        if s.target_prone and not point_blank:
            diff += PRONE_RANGED
        if s.blind:
            if not s.blind_roll_succeeded or (s.distance is not None and s.distance > BLIND_RANGED_MAX_METRES):
                return max(0, dice), None
            diff += BLIND_RANGED_DIFFICULTY
        diff += COVER_DIFFICULTY[s.cover]
    else:
        if s.target_prone:
            diff += PRONE_MELEE
        if s.blind:
            diff += BLIND_MELEE_DIFFICULTY
        if s.melee_class:
            diff += tables.MELEE_CLASSES[s.melee_class]["attack_difficulty"]
    if s.attacker_prone and not s.ranged:
        diff += PRONE_ATTACKER
    if s.maneuver == "autofire" and s.autofire_penalty == "dice":
        dice -= 2
    else:
        diff += m["difficulty"]
    if s.penalty_before_halving:
        dice -= s.wound_penalty
    if s.maneuver == "two_guns":
        dice = max(0, dice) // 2 + whole
    if not s.penalty_before_halving:
        dice -= s.wound_penalty
    diff += s.extra_difficulty
    return max(0, dice), finish_difficulty(diff, s.overflow)


def many_on_one_penalty(attackers: int) -> int:
    """«Толпа на одного»: −1 die on every defensive maneuver for each attacker after the
    first, at most −4."""
    _nonneg("attackers", attackers)
    return min(MANY_ON_ONE_MAX, max(0, attackers - 1))


def desperate_defence_pool(pool: int, defence_number: int) -> int:
    """«Отчаянная защита»: the whole pool against the first attack, then «теряет по одному
    кубику (эффект кумулятивен) при каждом последующем защитном приеме»."""
    _nonneg("pool", pool)
    if defence_number < 1:
        raise ValueError("defence_number starts at 1")
    return max(0, pool - (defence_number - 1))


def dodge_difficulty(ranged: bool) -> int:
    """Уклонение: «от атак ближнего боя – по сложности 6, ... дальнего боя – по сложности 8»."""
    return DODGE_RANGED_DIFFICULTY if ranged else DODGE_MELEE_DIFFICULTY


def parry_difficulty(defender_class: str, attacker_class: str) -> int | None:
    """Difficulty of a parry with ``defender_class`` against ``attacker_class`` (``"unarmed"``
    for fists), or None when impossible.

    000: short weapons «невозможно эффективно парировать любое более длинное оружие»; classic
    «Парируют более короткое оружие или удары руками по сложности 5. Парируют тяжелое оружие по
    сложности 7»; heavy: «сложно парировать чем-то более легким (сложность 7)», and «парирование
    невозможно осуществить тяжелым оружием»; mighty: «+1 к сложности атаки или парирования.
    Удары таким оружием невозможно парировать». Otherwise :data:`PARRY_DEFAULT_DIFFICULTY`.
    """
    order = ("unarmed", "short", "classic", "heavy", "mighty")
    if defender_class not in order[1:] or attacker_class not in order:
        raise ValueError("unknown weapon class")
    if attacker_class == "mighty" or defender_class == "heavy":
        return None
    if defender_class == "short":
        return None if order.index(attacker_class) > order.index("short") else PARRY_DEFAULT_DIFFICULTY
    if defender_class == "classic":
        return {"unarmed": 5, "short": 5, "classic": PARRY_DEFAULT_DIFFICULTY, "heavy": 7}[attacker_class]
    # mighty defender: «+1 к сложности ... парирования»
    base = 7 if attacker_class == "heavy" else PARRY_DEFAULT_DIFFICULTY
    return max(base, PARRY_DEFAULT_DIFFICULTY + tables.MELEE_CLASSES["mighty"]["attack_difficulty"])


def parry_allowed(attacker_power: int, defender_strength: int, defender_dexterity: int,
                  defender_bonus: int = 0) -> bool:
    """«Парировать можно только те атаки, чья Сила + модификатор оружия + паранормальные
    усиления не превосходит вашу Силу + Ловкость + паранормальные усиления.»"""
    return attacker_power <= defender_strength + defender_dexterity + defender_bonus


def block_allowed(attacker_power: int, defender_strength: int, defender_stamina: int,
                  defender_bonus: int = 0) -> bool:
    """Блок «автоматически провален», если «Сила + Модификатор Оружия + паранормальные усиления
    нападающего больше чем ваша Сила + Выносливость + паранормальные усиления»."""
    return attacker_power <= defender_strength + defender_stamina + defender_bonus


# =================================================================================
# Opposed rolls (attack against a defensive maneuver)
# =================================================================================

@dataclass(frozen=True, order=True)
class HitOutcome:
    """One outcome of an attack against a defense.

    hit: the attack lands; successes: the attack's successes after the defense (what «Удар
    мастера» counts); block: УП the block gives against this attack; counter: a parry that
    hit the attacker back («защищающийся эффективно попал по нападающему своим оружием»).
    """

    hit: bool
    successes: int
    block: int = 0
    counter: bool = False


DEFENCES = ("none", "dodge", "parry", "block")


def resolve_defence(attack_net: int, defence_net: int, defence: str, hit_multiplier: int = 1,
                    parry_tie: str = PARRY_TIE) -> HitOutcome:
    """Resolve one attack roll against one defense roll (net successes of both).

    * none: «Чтобы попасть по цели, вам нужно набрать хотя бы один успех.»
    * dodge (Уклонение): «успехи оппонента вычитаются из ваших»; 1 or more left hits.
    * parry: more defense successes: no hit, and the defender hits back; a tie: see
      :data:`PARRY_TIE`; fewer: subtracted as a dodge.
    * block: no subtraction; «Каждый успех дает вам Уровень Поглощения» against this attack.
    «Обманный прием»: «Число успехов на броске попадания удваивается для контеста попадания и
    защитного маневра» (``hit_multiplier``).
    """
    if defence not in DEFENCES:
        raise ValueError(f"defense must be one of {DEFENCES}")
    if parry_tie not in PARRY_TIE_CHOICES:
        raise ValueError(f"parry_tie must be one of {PARRY_TIE_CHOICES}")
    if defence in ("none", "block"):
        block = defence_net if defence == "block" else 0
        return HitOutcome(attack_net >= 1, attack_net if attack_net >= 1 else 0, block if attack_net >= 1 else 0)
    a = attack_net * (hit_multiplier if attack_net else 1)
    if defence == "parry":
        if defence_net > a:
            return HitOutcome(False, 0, 0, True)
        if defence_net == a and parry_tie == "no_effect":
            return HitOutcome(a >= 1, a if a >= 1 else 0)
    left = a - defence_net
    return HitOutcome(left >= 1, max(0, left))


def cover_redirects(attack_successes: int, cover_successes: int) -> bool:
    """«Прикрыть»: «Бросок Ловкость+Уворот по сложности 6, необходимо набрать успехов больше
    нападающего, тогда атака успешно поразит вас, а не цель, иначе атака полностью поражает
    цель.» True: the attack hits the one who covers (no successes are subtracted either way)."""
    return cover_successes > attack_successes


COVER_DIFFICULTY_ROLL = 6  # «Прикрыть»: «по сложности 6»


def hit_distribution(attack_dice: int, attack_difficulty: int | None, defence: str = "none",
                     defence_dice: int = 0, defence_difficulty: int = 6,
                     hit_multiplier: int = 1, parry_tie: str = PARRY_TIE,
                     ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """Exact distribution of :class:`HitOutcome` for an attack pool against a defense pool."""
    if attack_difficulty is None:
        return Dist.constant(HitOutcome(False, 0))
    att = net_successes(attack_dice, attack_difficulty, ones_cancel)
    if defence == "none":
        dfn = Dist.constant(0)
    else:
        dfn = net_successes(defence_dice, defence_difficulty, ones_cancel)
    return att.combine(dfn, lambda a, d: resolve_defence(a, d, defence, hit_multiplier, parry_tie))


def botch_probability(dice: int, difficulty: int | None, rule: str = BOTCH_RULE) -> Fraction:
    """P(botch) under the chosen botch rule (:data:`BOTCH_RULE`); 0 under ``"none"``."""
    if rule not in BOTCH_CHOICES:
        raise ValueError(f"botch rule must be one of {BOTCH_CHOICES}")
    if rule == "none" or difficulty is None:
        return Fraction(0)
    return d10_pool(dice, difficulty, True, rule)["botch"]


# =================================================================================
# Damage roll, armor, tags
# =================================================================================

def damage_pool(strength: int = 0, weapon: int = 0, maneuver_dice: int = 0,
                ranged: bool = False) -> int:
    """«в ближнем бою ... сумма вашей Силы + модификатор повреждений оружия + опционально
    модификатор от Маневра»; firearms: «сумма наносимых оружием повреждений + опционально
    модификатор от Маневра» (Сила is ignored)."""
    return max(0, (0 if ranged else strength) + weapon + maneuver_dice)


def damage_distribution(dice: int, difficulty: int = DAMAGE_DIFFICULTY,
                        automatic: int = 0) -> Dist:
    """Damage rolled: successes of ``dice`` at ``difficulty`` («Бросок урона обычно идет по
    сложности 6, единички не вычитаются») plus ``automatic`` successes («+3 автоуспеха к
    броску урона»). Since the 1s do not cancel, only the count of faces ≥ difficulty matters.

    >>> damage_distribution(1)
    Dist({0: 1/2, 1: 1/2})
    """
    _nonneg("dice", dice)
    rolled = net_successes(dice, difficulty, ones_cancel=False)
    return rolled + automatic if automatic else rolled


def damage_from_faces(faces: list[int], difficulty: int = DAMAGE_DIFFICULTY) -> int:
    """Damage of rolled faces: every face ≥ difficulty, 1s not subtracted.

    >>> damage_from_faces([1, 3, 6, 7, 7, 10])  # Маша: «Выпадает “1 3 6 7 7 10”. Это 4 урона.»
    4
    """
    return sum(f >= difficulty for f in faces)


def effective_armor(armors: list[int]) -> int:
    """«Броня никогда не стэкается»; «из нескольких источников Брони всегда работает только
    наибольший». Armor is 0..6: «Броня > 6 такой просто не бывает»."""
    for a in armors:
        if not isinstance(a, int) or not 0 <= a <= tables.MAX_ARMOR:
            raise ValueError(f"armor must be 0..{tables.MAX_ARMOR}")
    return max(armors, default=0)


def armor_against(armor: int, maneuver: str = "none") -> int:
    """Armor against one attack: tripled against «Град ударов» and «Короткая очередь»
    («Броня цели утраивается против этого удара»)."""
    return armor * tables.MANEUVERS[maneuver]["armor_multiplier"]


TAGS = ("none", "resistance", "vulnerability", "immunity", "both", "two_resistances", "two_vulnerabilities")


def apply_tag(damage: int, tag: str, two_resistances: str = TWO_RESISTANCES) -> int:
    """Tags, after the roll and after Броня: «Устойчивость ... уменьшается в 2 раза с
    округлением в большую сторону»; «Уязвимость ... удвоенное количество»; «Иммунитет» —
    nothing; «Устойчивость и Уязвимость к одному типу урона взаимно убирают друг друга»
    (``"both"``); «Две уязвимости к одному и тому же типу урона не складываются» — as one;
    «Две устойчивости ... просто не работают» — as one or none (:data:`TWO_RESISTANCES`).

    >>> apply_tag(5, "resistance"), apply_tag(5, "two_resistances"), apply_tag(5, "two_resistances", "none")
    (3, 3, 5)
    """
    if tag not in TAGS:
        raise ValueError(f"tag must be one of {TAGS}")
    if two_resistances not in TWO_RESISTANCES_CHOICES:
        raise ValueError(f"two_resistances must be one of {TWO_RESISTANCES_CHOICES}")
    if tag == "two_resistances":
        tag = "resistance" if two_resistances == "one" else "none"
    if tag == "two_vulnerabilities":
        tag = "vulnerability"
    if tag == "resistance":
        return -(-damage // 2)
    if tag == "vulnerability":
        return 2 * damage
    if tag == "immunity":
        return 0
    return damage


def tag_stages(tag: str, order: str | None = None) -> tuple[str, str]:
    """(the tag on the portion before the УП, the tag on what passes them) by :data:`TAG_ORDER`; «Иммунитет» always
    before.

    >>> tag_stages("resistance"), tag_stages("resistance", "after_absorption"), tag_stages("immunity", "after_absorption")
    (('resistance', 'none'), ('none', 'resistance'), ('immunity', 'none'))
    """
    order = TAG_ORDER if order is None else order
    if order not in TAG_ORDER_CHOICES:
        raise ValueError(f"order must be one of {TAG_ORDER_CHOICES}")
    if tag not in TAGS:
        raise ValueError(f"tag must be one of {TAGS}")
    return (tag, "none") if order == "before_absorption" or tag == "immunity" else ("none", tag)


def portion_after_armor(rolled: int, armor: int, tag: str = "none", two_resistances: str = TWO_RESISTANCES) -> int:
    """One portion of damage: «Значение Брони вычитается из каждой порции входящего урона»
    (never below 0), then the tag."""
    return apply_tag(max(0, rolled - armor), tag, two_resistances)


# =================================================================================
# Absorption, health, death's door
# =================================================================================

def absorption_levels(stamina: int, *sources: int) -> int:
    """Уровни Поглощения at the start of a fight: «Выносливость даёт Поглощение всем
    персонажам» (1 per point) plus every other source («1 куб поглощения дает 1 Уровень
    Поглощения»). Олег: 7 + 1 (кожаная куртка) = 8."""
    _nonneg("absorption", stamina, *sources)
    return stamina + sum(sources)


def protection(natural_armor: int, suits: list[tuple[int, int]],
               natural_stops: bool = NATURAL_ARMOR_STOPS_ABSORPTION) -> tuple[int, int]:
    """(Броня, УП from armor) of a character with his own Броня (a creature's, an effect's) and
    the armors he wears, each (Броня, Поглощение): the worn ones by :func:`worn_protection`;
    «Броня никогда не стэкается»: the largest of the two Броня; whether the creature's own Броня
    also stops the worn armor's Поглощение: :data:`NATURAL_ARMOR_STOPS_ABSORPTION`.

    >>> protection(0, [(2, 0), (0, 1)]), protection(1, [(0, 1)]), protection(1, [(0, 1)], natural_stops=True)
    ((2, 0), (1, 1), (1, 0))
    """
    worn_armor, worn_absorption = worn_protection(suits)
    armor = effective_armor([natural_armor, worn_armor])
    if natural_armor and natural_stops:
        worn_absorption = 0
    return armor, worn_absorption


def worn_protection(suits: list[tuple[int, int]]) -> tuple[int, int]:
    """Several armors worn at once, each (Броня, Поглощение): «бесполезно носить разные доспехи
    поверх друг друга ... Даже если один даёт Броню, а второй Поглощение, то работать будет
    только Броня». Returns (Броня, УП from the suits): the largest Armor if any suit has Armor
    (then no УП from suits), else the largest УП of one suit."""
    armors = [a for a, _ in suits if a]
    if armors:
        return effective_armor(armors), 0
    return 0, max((u for _, u in suits), default=0)


def after_door_outcome(t: "Target", key: str) -> None:
    """What a death's-door outcome does to Здоровье: «Калечащая рана» and «Шок» — «Персонаж
    остается с 1 уровнем Здоровья»; instant death kills; the others leave Здоровье as it is."""
    if key in ("crippling_wound", "shock"):
        t.health = 1
    elif key == "instant_death":
        t.dead = True


def threshold(stamina: int) -> int:
    """«больше 12 (или Выносливости*3, берется большее)»: max(12, 3 × Выносливость).

    >>> threshold(2), threshold(5)
    (12, 15)
    """
    _nonneg("stamina", stamina)
    return max(12, 3 * stamina)


def exceeds(count: int, limit: int, rule: str = NEGATIVE_HITS_RULE) -> bool:
    """Whether ``count`` of damage kills against ``limit`` (:data:`NEGATIVE_HITS_RULE`)."""
    if rule not in NEGATIVE_HITS_CHOICES:
        raise ValueError(f"rule must be one of {NEGATIVE_HITS_CHOICES}")
    return count > limit if rule == "more_than" else count >= limit


@dataclass
class Target:
    """A character taking damage in a scene.

    absorption: Уровни Поглощения left; health: Здоровье left (≤ 0: on death's door);
    negative: negative hits counted this scene; door_visits: times brought to death's door
    this scene; dead: instant death happened.
    """

    absorption: int
    health: int
    stamina: int
    negative: int = 0
    door_visits: int = 0
    dead: bool = False


@dataclass(frozen=True)
class Step:
    """What one portion did: to soak levels, to Health, and the death's-door event."""

    portion: int
    absorbed: int
    block_absorbed: int
    to_health: int
    absorption_left: int
    health_left: int
    door: bool  # this portion brought the character to death's door
    excess: int  # damage beyond the health that was left (this portion)
    burned: int  # excess that burned («весь урон, опустивший его ниже нуля здоровья, сгорает»)
    negative: int  # negative hits counted this scene after the portion
    instant_death: bool
    death_by_negative: bool
    dead: bool


def take_portion(t: Target, portion: int, block: int = 0,
                 rule: str = NEGATIVE_HITS_RULE, burns: str = EXCESS_BURNS,
                 block_first: bool = BLOCK_FIRST, *, tag_after: str = "none",
                 two_resistances: str = TWO_RESISTANCES, tagged: int | None = None) -> Step:
    """Apply one portion (already after Броня and tags) to ``t`` (mutated) and say what happened.

    * «1 куб поглощения дает 1 Уровень Поглощения»: each УП absorbs one level of damage
      (block levels first or last, ``block_first``, :data:`BLOCK_FIRST`); the rest goes to Здоровье.
    * The portion that brings Здоровье to 0 or below: excess = damage beyond the health that
      was left; «Если они больше 12 (или Выносливости*3, берется большее), то персонаж
      моментально умер». Otherwise, the first time in the scene, «весь урон, опустивший его
      ниже нуля здоровья, сгорает» (Здоровье is then 0, not below); later times it counts as
      negative hits (:data:`EXCESS_BURNS`; «с новым Порогом
      смерти отсчет отрицательных хитов продолжается»).
    * Damage while already at 0 or below counts as negative hits; «получив которые, персонаж
      мгновенно и безусловно умирает» (:data:`NEGATIVE_HITS_RULE`).
    * ``tag_after``: the tag on what passes the УП (:data:`TAG_ORDER` ``"after_absorption"``), of the first
      ``tagged`` levels of the portion only (all when None; a «Яд наги» blow's poison is not of its type) — those
      are absorbed first.

    >>> t = Target(absorption=2, health=7, stamina=2); s = take_portion(t, 5, tag_after="resistance")
    >>> (s.absorbed, s.to_health, t.health)
    (2, 2, 5)
    """
    _nonneg("portion", portion, block)
    if burns not in EXCESS_BURNS_CHOICES:
        raise ValueError(f"burns must be one of {EXCESS_BURNS_CHOICES}")
    lim = threshold(t.stamina)
    from_block = min(portion, block) if block_first else 0
    rest = portion - from_block
    absorbed = min(rest, t.absorption)
    t.absorption -= absorbed
    rest -= absorbed
    if not block_first:
        from_block = min(rest, block)
        rest -= from_block
    if tag_after != "none":
        passed = max(0, (portion if tagged is None else tagged) - (portion - rest))  # the tagged levels absorbed first
        rest = apply_tag(passed, tag_after, two_resistances) + rest - passed
    before = t.health
    door = excess = burned = 0
    instant = by_negative = False
    if rest and not t.dead:
        if before > 0:
            t.health = before - rest
            if t.health <= 0:
                door = 1
                excess = rest - before
                if exceeds(excess, lim, rule):
                    instant = True
                elif t.door_visits == 0 or burns == "every":
                    burned = excess
                    t.health = 0  # the excess is gone: «сгорает»
                else:
                    t.negative += excess
                    by_negative = exceeds(t.negative, lim, rule)
                t.door_visits += 1
        else:
            t.health = before - rest
            t.negative += rest
            by_negative = exceeds(t.negative, lim, rule)
        t.dead = t.dead or instant or by_negative
    return Step(portion, absorbed, from_block, rest, t.absorption, t.health, bool(door), excess,
                burned, t.negative, instant, by_negative, t.dead)


def take_damage(absorption: int, health: int, stamina: int, portions: list[int],
                armor: int = 0, tag: str = "none", maneuver: str = "none",
                negative: int = 0, door_visits: int = 0,
                rule: str = NEGATIVE_HITS_RULE,
                burns: str = EXCESS_BURNS, two_resistances: str = TWO_RESISTANCES,
                tag_order: str | None = None) -> tuple[Target, list[Step]]:
    """A series of rolled portions against a target: Броня per portion (tripled by
    :func:`armor_against`), tag, then УП and Здоровье (:func:`take_portion`); the tag before or after the УП by
    :data:`TAG_ORDER`."""
    t = Target(absorption, health, stamina, negative, door_visits)
    arm = armor_against(armor, maneuver)
    first, after = tag_stages(tag, tag_order)
    steps = [take_portion(t, portion_after_armor(p, arm, first, two_resistances), 0, rule, burns,
                          tag_after=after, two_resistances=two_resistances) for p in portions]
    return t, steps


def instant_death(excess: int, stamina: int, rule: str = NEGATIVE_HITS_RULE) -> bool:
    """«Если они [излишки] больше 12 (или Выносливости*3, берется большее), то персонаж
    моментально умер.» (Маша: 13 > 12.)"""
    return exceeds(excess, threshold(stamina), rule)


DOOR_OUTCOMES = ("instant_death",) + tables.DEATH_DOOR_KEYS
#: «Последний вздох»: «удачный бросок Ловкость+Медицины по сложности 8».
LAST_BREATH_MEDICINE_DIFFICULTY = 8
#: «Оглушение»: «Ловкость+Медицина (сложность 6) или Ловкость+Выживание (сложность 6)».
STUNNED_REVIVE_DIFFICULTY = 6
#: «Ходячий мертвец»: «после двух своих раундов он упадёт мёртвым»; «Берсерк» — «не два, а три».
WALKING_DEAD_ROUNDS = 2
WALKING_DEAD_ROUNDS_BERSERK = 3


def death_door_roll(die: int, previous_rolls: int = 0, last_breath_before: bool = False,
                    below_one: str = BELOW_ONE) -> str:
    """The d6 «Бросок Порога Смерти» with its modifier: result = die − previous rolls this
    scene («За каждый бросок Порога в рамках одной сцены вычитается единица из последующих
    бросков Порога»). «Повторное выпадение Последнего Вздоха на броске Порога в той же сцене
    автоматически приводит к моментальной смерти». Below 1: :data:`BELOW_ONE`.
    Маша: 5 − 1 = 4 → «Калечащая рана».

    >>> death_door_roll(5, previous_rolls=1)
    'crippling_wound'
    """
    if below_one not in BELOW_ONE_CHOICES:
        raise ValueError(f"below_one must be one of {BELOW_ONE_CHOICES}")
    if not 1 <= die <= 6:
        raise ValueError("a d6 shows 1..6")
    _nonneg("previous_rolls", previous_rolls)
    r = die - previous_rolls
    if r < 1:
        if below_one == "death":
            return "instant_death"
        r = 1
    key = tables.DEATH_DOOR[r]["key"]
    if key == "last_breath" and last_breath_before:
        return "instant_death"
    return key


def nonlethal_roll(die: int, shocked_before: bool = False, previous_rolls: int = 0,
                   modifier: bool = NONLETHAL_MODIFIER) -> str:
    """Nonlethal: «бросается только чет/нечет, где чёт это “шок”, а нечет “оглушение”. Если
    персонаж уже один раз за сцену был в Шоке, то дальше нелетальным уроном его можно только
    Оглушить.»"""
    if not 1 <= die <= 6:
        raise ValueError("a d6 shows 1..6")
    r = die - previous_rolls if modifier else die
    if shocked_before:
        return "stunned"
    return "shock" if r % 2 == 0 else "stunned"


def death_door_distribution(stamina: int, health_before: int, damage: int,
                            previous_rolls: int = 0, nonlethal: bool = False,
                            shocked_before: bool = False, last_breath_before: bool = False,
                            below_one: str = BELOW_ONE, rule: str = NEGATIVE_HITS_RULE,
                            nonlethal_modifier: bool = NONLETHAL_MODIFIER,
                            nonlethal_can_kill: bool = NONLETHAL_CAN_KILL) -> tuple[Dist, int, int]:
    """Exact distribution of the outcome (keys of :data:`DOOR_OUTCOMES`) when ``damage`` (that
    reaches Здоровье) meets ``health_before``; also the excess and the threshold used.

    ``damage`` must bring Здоровье to 0 or below. Instant death first (the excess over the
    health that was left beyond max(12, 3 × Выносливость)), else the d6.
    """
    _nonneg("values", stamina, health_before, damage, previous_rolls)
    if damage < health_before:
        raise ValueError("damage does not reach death's door")
    excess = damage - health_before
    lim = threshold(stamina)
    if exceeds(excess, lim, rule) and (nonlethal_can_kill or not nonlethal):
        return Dist.constant("instant_death"), excess, lim
    d6 = Dist.die(6)
    if nonlethal:
        dist = d6.map(lambda d: nonlethal_roll(d, shocked_before, previous_rolls, nonlethal_modifier))
    else:
        dist = d6.map(lambda d: death_door_roll(d, previous_rolls, last_breath_before, below_one))
    return dist, excess, lim


def stabilized_dies(damage_total: int, stamina: int, rule: str = NEGATIVE_HITS_RULE) -> bool:
    """«Стабилизирован»: «Если в этом состоянии персонаж получит суммарно более 12 (или
    Выносливости*3, берется большее) единиц урона, то он моментально погибнет.»"""
    return exceeds(damage_total, threshold(stamina), rule)


# =================================================================================
# Statuses: burning, overloaded
# =================================================================================

EXTINGUISH_FRIEND = 5  # «Ловкость+Выживание 5 - тушение друга»
EXTINGUISH_SELF = 7  # «Ловкость+Выживание 7 - тушение себя»


def burning_damage(turn: int, first_turn_counts: bool = BURNING_FIRST_TURN_COUNTS) -> int:
    """«Горит! В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход
    горения.» ``turn`` = 1 for the first turn burning.

    >>> [burning_damage(t) for t in (1, 2, 3)], burning_damage(1, first_turn_counts=True)
    ([2, 3, 4], 3)
    """
    if turn < 1:
        raise ValueError("turn starts at 1")
    return 2 + (turn if first_turn_counts else turn - 1)


def burning_portion(turn: int, armor: int = 0, tag: str = "none", first_turn_counts: bool = BURNING_FIRST_TURN_COUNTS,
                    is_portion: bool = BURNING_IS_PORTION, two_resistances: str = TWO_RESISTANCES) -> int:
    """The damage of one turn burning as it reaches УП and Здоровье: :func:`burning_damage`, less
    Броня and by the tag when the levels are a portion of incoming damage (:data:`BURNING_IS_PORTION`).

    >>> burning_portion(3, armor=1, tag="resistance"), burning_portion(3, 1, "resistance", is_portion=False)
    (2, 4)
    """
    levels = burning_damage(turn, first_turn_counts)
    return portion_after_armor(levels, armor, tag, two_resistances) if is_portion else levels


#: «Огонь можно потушить стандартным действием»: whether the attempt of a turn comes after that
#: turn's damage («В начале своего хода цель получает ...»): True (default: the burning one acts
#: after the damage of his turn's start, and a friend's try is counted with the same round) or
#: False (the attempt comes first: put out at once, no damage that turn).
EXTINGUISH_AFTER_DAMAGE = True


def extinguish_difficulty(self_: bool, change: int = 0, overflow: str = DIFFICULTY_OVERFLOW) -> int | None:
    """«Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7 - тушение себя»; «Подручные
    средства ... снизить сложность на этот бросок» (``change``), kept within 2..10."""
    return finish_difficulty((EXTINGUISH_SELF if self_ else EXTINGUISH_FRIEND) + change, overflow)


def burning_until_out(p_out: Fraction, damage_of_turn, max_turns: int,
                      after_damage: bool = EXTINGUISH_AFTER_DAMAGE) -> Dist:
    """Burning put out by one attempt a turn, each succeeding with ``p_out``: outcomes
    ``(turns burned, total damage, still burning)`` over at most ``max_turns`` turns;
    ``damage_of_turn(k)`` is the damage of turn ``k`` (from 1).

    >>> burning_until_out(Fraction(1), lambda k: 2, 5).items()
    [((1, 2, False), Fraction(1, 1))]
    >>> burning_until_out(Fraction(1), lambda k: 2, 5, after_damage=False).items()
    [((0, 0, False), Fraction(1, 1))]
    """
    if not 0 <= p_out <= 1 or max_turns < 1:
        raise ValueError("p_out in 0..1, max_turns ≥ 1")
    weights: dict[tuple, Fraction] = {}
    left, total = Fraction(1), 0
    for k in range(1, max_turns + 1):
        if not after_damage:
            weights[(k - 1, total, False)] = left * p_out
            left *= 1 - p_out
        total += damage_of_turn(k)
        if after_damage:
            weights[(k, total, False)] = left * p_out
            left *= 1 - p_out
    weights[(max_turns, total, True)] = weights.get((max_turns, total, True), Fraction(0)) + left
    return Dist.from_weights({o: w for o, w in weights.items() if w})


def armor_weight(armor: int, absorption: int = 0, reading: str = ABSORPTION_ARMOR_WEIGHT) -> str:
    """The weight of one armor worn: «обычно если доспех дает 2+ Брони, то он тяжелый»; 1 Броня —
    лёгкий («Бронежилет или легкий доспех»). An armor with no Броня but Поглощение («Кожаная куртка
    или бронежилет явно лёгкий доспех») is light, or by its Поглощение as by Броня
    (:data:`ABSORPTION_ARMOR_WEIGHT`); nothing at all is no armor.

    >>> armor_weight(2), armor_weight(1), armor_weight(0, 1), armor_weight(0, 2, "by_absorption"), armor_weight(0)
    ('heavy', 'light', 'light', 'heavy', 'none')
    """
    if reading not in ABSORPTION_ARMOR_WEIGHT_CHOICES:
        raise ValueError(f"reading must be one of {ABSORPTION_ARMOR_WEIGHT_CHOICES}")
    _nonneg("armor", armor, absorption)
    if armor > 0:
        return "heavy" if armor >= tables.HEAVY_ARMOR_FROM else "light"
    if absorption > 0:
        return "heavy" if reading == "by_absorption" and absorption >= tables.HEAVY_ARMOR_FROM else "light"
    return "none"


_WEIGHT = {"none": 0, "light": 1, "heavy": 2}


def overloaded(strength: int, large: int = 0, huge: int = 0, armor: str = "none",
               monotone: bool = ENCUMBRANCE_MONOTONE) -> bool:
    """«Перегружен» by the table of Сила 1–6 (:data:`tables.ENCUMBRANCE`). ``armor`` is
    ``"none"``, ``"light"`` or ``"heavy"``. «Другой человек всегда считается большим предметом.»
    """
    _nonneg("values", strength, large, huge)
    if armor not in _WEIGHT:
        raise ValueError("armor must be none, light or heavy")
    if strength < 1:
        return large > 0 or huge > 0 or armor != "none"
    top = min(strength, max(tables.ENCUMBRANCE))
    rows = range(1, top + 1) if monotone else (top,)
    for s in rows:
        for lg, hg, arm in tables.ENCUMBRANCE[s]["allow"]:
            if large <= lg and huge <= hg and _WEIGHT[armor] <= _WEIGHT[arm]:
                return False
    return True


# =================================================================================
# Maneuvers: their effects
# =================================================================================

#: «Стрельба по-македонски»: «Только персонажи с нечеловеческой (6+) силой могут стрелять
#: по-македонски из оружия большого размера.»
TWO_GUNS_LARGE_MIN_STRENGTH = 6


def spread_fire_hits(successes: int, targets: int) -> int:
    """Очередь веером: «Каждая цель требует одного успеха на броске попадания. Если успехов
    было получено меньше, чем целей, то атакующий выбирает в кого он попал.» → targets hit."""
    _nonneg("values", successes, targets)
    return min(successes, targets)


def disarm(damage_successes: int, opponent_strength: int) -> bool:
    """Разоружение: «Если число полученных успехов превышает уровень Силы противника, то
    противник ... лишается оружия.»"""
    return damage_successes > opponent_strength


def trip(attack_successes: int, target_successes: int) -> bool:
    """Подсечка: «Если число успехов на этом броске меньше, чем число успехов нападающего, то
    цель падает на землю»."""
    return target_successes < attack_successes


def grapple_escape(victim_successes: int, attacker_successes: int) -> bool:
    """Захват: «Для успеха жертве надо набрать больше успехов, чем нападающему.»"""
    return victim_successes > attacker_successes


def special_activation(successes_after_defence: int, needed: int, damage_rolled: int,
                       armor: int) -> bool:
    """«Специальная активация»: «Если эта атака набрала Х+ успехов на попадании после уворота
    противника и её урон смог пробить Броню цели, то атака получает дополнительный эффект.»
    (e.g. «Яд наги»: 7+ successes, then 7 more levels of poison damage: :data:`NAGA_POISON`)."""
    return successes_after_defence >= needed and damage_rolled > armor


#: «Яд наги»: «набрала 7+ успехов ... цель получает дополнительно 7 уровней урона».
NAGA_POISON = {"needed": 7, "extra_damage": 7}

#: «Яд наги»: «её урон смог пробить Броню цели, то вдобавок к основному урону цель получает дополнительно 7 уровней урона
#: смертоносным ядом» — whether Броня, which «вычитается из каждой порции входящего урона», takes from the poison too.
#: ``"whole"`` (default: the blow has pierced the Броня, the poison comes in with it, 7 levels added to the blow's
#: damage after Броня); ``"armor"``: the poison is a portion of its own, less the Броня.
NAGA_ARMOR_CHOICES = readings.NAGA_ARMOR.values
NAGA_ARMOR = readings.NAGA_ARMOR.default
#: And whether Уровни Поглощения absorb the poison: «Входящий урон поглощается Выносливостью персонажа, доспехами …».
#: True (default: it is damage like any other); False: the poison goes past them to Здоровье (УП absorb the blow only).
NAGA_SOAKED = readings.NAGA_SOAKED.default
#: And what «её урон смог пробить Броню цели» is when the target has no Броня. ``"damage"`` (default: the damage
#: successes rolled are more than the Броня, so against 0 a blow of 0 damage successes brings no poison);
#: ``"always"``: with no Броня there is nothing to pierce, and any hit of 7+ successes brings it (:func:`naga_pierced`).
NAGA_NO_ARMOR_CHOICES = readings.NAGA_NO_ARMOR.values
NAGA_NO_ARMOR = readings.NAGA_NO_ARMOR.default


def naga_pierced(rolled: int, armor: int, reading: str | None = None) -> bool:
    """Whether a blow of ``rolled`` damage successes «смог пробить Броню» ``armor`` (:data:`NAGA_NO_ARMOR`).

    >>> naga_pierced(0, 0), naga_pierced(0, 0, "always"), naga_pierced(1, 0), naga_pierced(2, 2, "always")
    (False, True, True, False)
    """
    reading = NAGA_NO_ARMOR if reading is None else reading
    if reading not in NAGA_NO_ARMOR_CHOICES:
        raise ValueError(f"reading must be one of {NAGA_NO_ARMOR_CHOICES}")
    return rolled > armor or (armor == 0 and reading == "always")


def naga_poison(pierced: bool, armor: int, reading: str | None = None) -> int:
    """The poison levels a «Яд наги» blow that ``pierced`` the Броня adds (:data:`NAGA_ARMOR`).

    >>> naga_poison(True, 2), naga_poison(True, 2, "armor"), naga_poison(False, 2)
    (7, 5, 0)
    """
    reading = NAGA_ARMOR if reading is None else reading
    if reading not in NAGA_ARMOR_CHOICES:
        raise ValueError(f"reading must be one of {NAGA_ARMOR_CHOICES}")
    if not pierced:
        return 0
    levels = NAGA_POISON["extra_damage"]
    return max(0, levels - armor) if reading == "armor" else levels


def take_with_poison(t: Target, portion: int, poison: int, block: int = 0, rule: str = NEGATIVE_HITS_RULE,
                     soaked: bool | None = None, block_first: bool = BLOCK_FIRST, *, tag_after: str = "none",
                     two_resistances: str = TWO_RESISTANCES) -> Step:
    """A blow's portion and its poison as one (:func:`take_portion`), the poison soaked by УП or not
    (:data:`NAGA_SOAKED`: past them, the УП absorb at most the blow's own portion); ``tag_after``: the blow's tag
    on its levels that pass the УП (:data:`TAG_ORDER`), not on the poison.

    >>> t = Target(absorption=5, health=7, stamina=2); s = take_with_poison(t, 3, 7, soaked=False)
    >>> (s.absorbed, s.to_health, t.absorption, t.health)
    (3, 7, 2, 0)
    """
    soaked = NAGA_SOAKED if soaked is None else soaked
    tagging = {"tag_after": tag_after, "two_resistances": two_resistances, "tagged": portion}
    if soaked or not poison:
        return take_portion(t, portion + poison, block, rule, block_first=block_first, **tagging)
    keep = t.absorption
    t.absorption = min(keep, portion)
    s = take_portion(t, portion + poison, block, rule, block_first=block_first, **tagging)
    t.absorption = keep - s.absorbed
    return replace(s, absorption_left=t.absorption)


def master_strike_critical(successes_after_defence: int) -> bool:
    """«Если эта атака набрала 7 и больше успехов на попадании ... (+3 автоуспеха к броску
    урона). ... атака должна набрать 7 успехов, а не бросок.»"""
    return successes_after_defence >= tables.MANEUVERS["master"]["crit_at"]


# =================================================================================
# Explosives
# =================================================================================

#: «Гранаты. Бросок ловкость+атлетика, сложность 6, ... достаточно 1 успеха.»
GRENADE_THROW_DIFFICULTY = 6
#: Grenade dodge: «Маневр “уворот” возможен (сложность 6), если на расстоянии 2 метров ...»
GRENADE_DODGE_DIFFICULTY = 6
GRENADE_COVER_METRES = 2


def explosion_dice(kind: str, distance: int, radius: int | None = None,
                   dice: int | None = None, falloff: str = BADABOOM_FALLOFF) -> int:
    """Damage dice at ``distance`` meters from the center (:data:`tables.EXPLOSIVES`).

    * improvised 10, grenade 12: full dice within 2 m, then −1 die per meter (distance − 2).
    * military/mines: 16 dice within ``radius`` (10–30 m, «Накрывают от 10 до 30 метров»), none
      beyond (000 gives no fall-off).
    * badaboom: ``dice`` up to 20; full within ``radius`` (the Storyteller's), then «по кубику за
      5 метров»: −1 die for each started 5 m (the same way −1 per started meter above), or
      for each full 5 m (:data:`BADABOOM_FALLOFF`).
    «Урон от ВВ не складывается напрямую» — several charges: the biggest one (:func:`max`).
    """
    if kind not in tables.EXPLOSIVES:
        raise ValueError(f"kind must be one of {tuple(tables.EXPLOSIVES)}")
    _nonneg("distance", distance)
    e = tables.EXPLOSIVES[kind]
    full = e["dice"] if dice is None else dice
    if dice is not None and not 0 <= dice <= e["dice"]:
        raise ValueError(f"at most {e['dice']} dice")
    if kind == "military":
        lo, hi = tables.MILITARY_RADIUS
        r = hi if radius is None else radius
        if not lo <= r <= hi:
            raise ValueError(f"radius must be {lo}..{hi}")
        return full if distance <= r else 0
    epi = e["epicentre"] if e["epicentre"] is not None else (radius or 0)
    if distance <= epi:
        return full
    if falloff not in FALLOFF_CHOICES:
        raise ValueError(f"falloff must be one of {FALLOFF_CHOICES}")
    per = e["metres_per_die"]
    lost = ceil((distance - epi) / per) if falloff == "started" else (distance - epi) // per
    return max(0, full - lost)


def grenade_max_distance(strength: int) -> int:
    """«Максимальная дистанция броска (5*Значение вашей силы без амулетов)»."""
    _nonneg("strength", strength)
    return tables.GRENADE_RANGE_PER_STRENGTH * strength


def grenade_dodged(dodge_successes: int, throw_successes: int) -> bool:
    """«В случае успешного уворота (набрано успехов не меньше чем у бросившего гранату)»."""
    return dodge_successes >= throw_successes


def grenade_distribution(throw_pool: int, dodge_pool: int | None, ones_cancel: bool = OTHER_ONES_CANCEL) -> Dist:
    """A grenade thrown at a target's point and the target's dodge: outcomes ``"missed"`` (no
    success: «чтобы попасть в нужную точку ... достаточно 1 успеха»), ``"dodged"`` and ``"hit"``.
    ``dodge_pool`` is None when there is no cover within 2 m («если на расстоянии 2 метров от
    вашего персонажа есть место, за которым можно укрыться»): no dodge.

    >>> grenade_distribution(0, 3).items()
    [('missed', Fraction(1, 1))]
    """
    throw = net_successes(throw_pool, GRENADE_THROW_DIFFICULTY, ones_cancel)
    dodge = Dist.constant(None) if dodge_pool is None else net_successes(dodge_pool, GRENADE_DODGE_DIFFICULTY,
                                                                            ones_cancel)

    def outcome(t: int, d: int | None) -> str:
        if t < 1:
            return "missed"
        return "dodged" if d is not None and grenade_dodged(d, t) else "hit"

    return throw.combine(dodge, outcome)


# =================================================================================
# Maneuvers with a roll against a roll
# =================================================================================

#: «Захват»: «оба бойца делают противопоставленные броски Сила + Драка (единички вычитаются,
#: специализация возможна)»; the difficulty is not given: the base 6.
GRAPPLE_DIFFICULTY = 6
#: «Подсечка»: «цель маневра делает рефлекторный бросок Ловкость+Атлетика по сложности 6».
TRIP_DIFFICULTY = 6


def grapple_escape_probability(holder_pool: int, victim_pool: int, difficulty: int = GRAPPLE_DIFFICULTY) -> Fraction:
    """P(the victim breaks free): «Для успеха жертве надо набрать больше успехов, чем
    нападающему» (1s cancel, as 000 says here).

    >>> grapple_escape_probability(0, 1)
    Fraction(1, 2)
    """
    holder = net_successes(holder_pool, difficulty, True)
    victim = net_successes(victim_pool, difficulty, True)
    return holder.combine(victim, lambda h, v: grapple_escape(v, h)).p(lambda x: x)


def attack_contest(attack_dice: int, attack_difficulty: int | None, other: Dist, wins,
                   ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """An attack roll (no defense) followed by a roll of the target's: outcomes ``"miss"``, or for
    a hit with ``s`` successes and the other roll ``o``: ``"effect"`` when ``wins(s, o)``, else
    ``"no_effect"``."""
    if attack_difficulty is None:
        return Dist.constant("miss")
    att = net_successes(attack_dice, attack_difficulty, ones_cancel)
    return att.combine(other, lambda s, o: "miss" if s < 1 else "effect" if wins(s, o) else "no_effect")


def trip_distribution(attack_dice: int, attack_difficulty: int | None, target_pool: int,
                      ones_cancel: bool = ATTACK_ONES_CANCEL, other_ones: bool = OTHER_ONES_CANCEL) -> Dist:
    """«Подсечка»: a hit, then the target's reflex Ловкость+Атлетика at 6; ``"effect"``: «Если
    число успехов на этом броске меньше, чем число успехов нападающего, то цель падает»."""
    target = net_successes(target_pool, TRIP_DIFFICULTY, other_ones)
    return attack_contest(attack_dice, attack_difficulty, target, lambda s, o: trip(s, o), ones_cancel)


def disarm_distribution(attack_dice: int, attack_difficulty: int | None, damage_dice: int, opponent_strength: int,
                        ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """«Разоружение»: «При удаче нападающий делает обычный бросок на повреждения»;
    ``"effect"``: «Если число полученных успехов превышает уровень Силы противника», the
    opponent «лишается оружия»; ``"no_effect"``: «нападающий сам роняет оружие или получает
    повреждения»."""
    damage = damage_distribution(damage_dice)
    return attack_contest(attack_dice, attack_difficulty, damage,
                          lambda s, d: disarm(d, opponent_strength), ones_cancel)


def cover_distribution(attack_dice: int, attack_difficulty: int | None, cover_pool: int,
                       ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """«Прикрыть»: «Бросок Ловкость+Уворот по сложности 6, необходимо набрать успехов больше
    нападающего»; ``"effect"``: the attack hits the one who covers, ``"no_effect"``: it hits the
    ally («иначе атака полностью поражает цель»)."""
    cover = net_successes(cover_pool, COVER_DIFFICULTY_ROLL, ones_cancel)
    return attack_contest(attack_dice, attack_difficulty, cover, lambda s, c: cover_redirects(s, c), ones_cancel)


# =================================================================================
# Old effects converted, power-up limits
# =================================================================================

def convert_soak_difficulty(old_soak_difficulty: int) -> int:
    """Old effects that changed the target's soak difficulty: «заменяется на равное уменьшение
    сложности нанесения урона. Меч “мой урон поглощается по 8 сложности” превращается в
    “броски урона идут по сложности -2”». Returns the change to the damage difficulty."""
    return -(old_soak_difficulty - BASE_DIFFICULTY)


#: «Внешним воздействием ... может быть изменен не более чем 1 из этих параметров.»
MAX_EXTERNAL_BOOSTS = 1


def external_boosts_allowed(count: int) -> bool:
    """Power-up limits (attack, damage, defense, absorption, initiative, extra action, dispel):
    at most one parameter changed by external effects."""
    _nonneg("count", count)
    return count <= MAX_EXTERNAL_BOOSTS
