"""«Сериал»: named readings of gaps in the source (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from .. import readings

__all__ = [
    "ABSORPTION_ARMOR_WEIGHT",
    "ABSORPTION_ARMOR_WEIGHT_CHOICES",
    "AMBUSH_TIE_ADDS",
    "ATTACK_ONES_CANCEL",
    "AUTOFIRE_PENALTY",
    "AUTOFIRE_PENALTY_CHOICES",
    "BADABOOM_FALLOFF",
    "BELOW_ONE",
    "BELOW_ONE_CHOICES",
    "BLIND_MELEE_DIFFICULTY",
    "BLIND_RANGED_DIFFICULTY",
    "BLIND_RANGED_MAX_METRES",
    "BLOCK_FIRST",
    "BOTCH_CHOICES",
    "BOTCH_RULE",
    "BURNING_FIRST_TURN_COUNTS",
    "BURNING_IS_PORTION",
    "COVER_DIFFICULTY",
    "DESPERATE_PARRY",
    "DIFFICULTY_CHOICES",
    "DIFFICULTY_OVERFLOW",
    "ENCUMBRANCE_MONOTONE",
    "EXCESS_BURNS",
    "EXCESS_BURNS_CHOICES",
    "FALLOFF_CHOICES",
    "HALF_ROUNDING",
    "HALF_ROUNDING_CHOICES",
    "HEALTH_LEVELS",
    "INTERCEPTION_PERIOD",
    "INTERCEPTION_PERIODS",
    "LOWERED_BLOCKS_PREPARATION",
    "MAX_RANGE_DIFFICULTY",
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
    "PRONE_DEFENCE",
    "RANGE_DIFFICULTY",
    "READINGS",
    "RUN_HALVED",
    "RUN_HALVED_CHOICES",
    "TAG_ORDER",
    "TAG_ORDER_CHOICES",
    "TWO_GUNS_HALVES_BONUS",
    "TWO_RESISTANCES",
    "TWO_RESISTANCES_CHOICES",
    "WOUND_PENALTY_BEFORE_HALVING",
    "WOUND_PENALTY_ON_DAMAGE",
]


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
