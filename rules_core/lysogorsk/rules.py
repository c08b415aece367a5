"""The rules of «Лысогорские сказочки» (source 001) as exact distributions.

Every chance is a :class:`rules_core.dice.Dist` of exact fractions. Where the source is
ambiguous the reading is a named constant or a keyword argument (the calculators expose
it as a switch), with the source's words quoted in the docstring.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import ceil, floor

from ..dice import Dist
from . import readings, tables

__all__ = [
    "AFTER_READINGS",
    "AIM_ORDERS",
    "AP_RULES",
    "AREA_FIRE_UNDECLARED_DODGE",
    "ARMOR_AGAINST_FALLS",
    "BELTS_BEFORE_HALVING",
    "BELT_READINGS",
    "BLAST",
    "BLAST_READINGS",
    "BLEEDING_BAND",
    "BLEEDING_BAND_READINGS",
    "BLEEDING_WHEN_DYING",
    "BURST_ROLL",
    "BURST_ROLL_READINGS",
    "COMBAT_MODIFIERS_TO",
    "COMBAT_MODIFIER_READINGS",
    "CONCUSSION_AT_CRITICAL",
    "CONCUSSION_AT_CRITICAL_READINGS",
    "CONTROL_STAGE",
    "DEFAULT_ROUNDING",
    "DYING_MINUTES",
    "EXTRA_HITS_PER_STAMINA",
    "FULL_CLIP",
    "FULL_CLIP_READINGS",
    "GUN_KINDS",
    "HANGOVER_STAMINA",
    "HANGOVER_STAMINA_READINGS",
    "HEAD_HALF",
    "HEAD_HALF_READINGS",
    "HEAD_WOUNDS",
    "HEAD_WOUND_STATES",
    "HITS_STAMINA",
    "HITS_STAMINA_READINGS",
    "MAIMING_AT_SCRATCH",
    "MAIMING_AT_SCRATCH_READINGS",
    "MAX_BULLETS_ROLLED_EACH",
    "MEDICAL_FAIL",
    "MEDICAL_FAIL_READINGS",
    "MOVE_ROUNDING",
    "MOVE_ROUNDINGS",
    "NO_DAMAGE_WITHOUT_STEPS",
    "PAIN_SHOCK_ROLL",
    "PAIN_SHOCK_ROLLS",
    "PAIN_SHOCK_WOUND_PENALTY",
    "QUARTER_IS_CRITICAL",
    "RANGES",
    "RITUAL_FIRST_FAIL",
    "RITUAL_FIRST_FAIL_READINGS",
    "RITUAL_OUTCOMES",
    "ROUNDINGS",
    "ROUND_ONCE",
    "SLEEP_FAIL_PENALTY",
    "SLEEP_GRACE_PER_STAMINA",
    "SNIPER",
    "SNIPER_READINGS",
    "STAGE1_CONFIDENCE_IN_CHECK",
    "STAGE3_CHECK",
    "STAGE3_CHECK_READINGS",
    "STAGE_STAMINA_IN_CHECK",
    "STARVATION_DIFFICULTY",
    "STARVATION_GRACE_PER_STAMINA",
    "STATES",
    "STEP_READINGS",
    "STRESS_OUTCOMES",
    "SUFFOCATION_FIRST_DIFFICULTY",
    "SUFFOCATION_GRACE_PER_STAMINA",
    "THROWN_READINGS",
    "TIE_RULES",
    "TWO_D6",
    "TWO_D6_BEST_OF_TWO",
    "TWO_GUNS_WRONG_HAND",
    "TWO_GUNS_WRONG_HAND_READINGS",
    "TWO_GUN_KINDS",
    "VOLUME_READINGS",
    "after_hours",
    "aim_multiplier",
    "aimed_damage",
    "apply_damage",
    "area_fire",
    "attribute_loss",
    "band_of",
    "bleeding",
    "bleeding_hits",
    "bleeding_timeline",
    "breakdown",
    "breakdown_after",
    "breakdown_roll",
    "breakdown_willpower",
    "burst_damage",
    "burst_hits",
    "check_passes",
    "check_total",
    "combat_stress_difficulty",
    "cover_protection",
    "crash_steps",
    "cushioned",
    "cushioned_dist",
    "dependence_p",
    "dice_2d6",
    "drink_difficulty",
    "drink_step",
    "drinking",
    "electric_power",
    "expand_drinks",
    "extra_actions_penalty",
    "extra_hits_cost",
    "fall_steps",
    "full_clip_rounds",
    "full_dodge_modifier",
    "halved",
    "hangover",
    "head_penalty",
    "head_wound_permanent",
    "healing",
    "hit_damage",
    "hits_stamina",
    "initiative_chances",
    "initiative_check",
    "initiative_order",
    "luck_after",
    "maiming",
    "margin",
    "max_hits",
    "opposed_margin",
    "opposed_outcome",
    "p_check",
    "p_pain_shock",
    "p_reaches_stage3",
    "p_shot_hits",
    "p_success",
    "pain_shock_difficulty",
    "protection",
    "recovered",
    "ritual",
    "ritual_creation_cost",
    "ritual_outcome",
    "round_by",
    "run_distance",
    "seat_belts",
    "seat_belts_power",
    "short_burst",
    "shot_modifiers",
    "sleep_deprivation",
    "sleep_difficulty",
    "sleeps_to_full",
    "splash_sequence",
    "stage3_trait_fail",
    "stage_modifiers",
    "standard_move",
    "starvation",
    "state_after",
    "stress_breakdown",
    "stress_failure",
    "stress_outcome",
    "suffocation",
    "temporary_room",
    "thresholds",
    "thrown_miss",
    "under_control",
    "waiting_modifier",
    "with_halving_check",
    "wound_level",
    "wound_penalty",
]

# ---------------------------------------------------------------------------------------
# Dice and checks
# ---------------------------------------------------------------------------------------

#: «Бросаем два кубика» — 2К is two six-sided dice.
TWO_D6 = Dist.die(6) + Dist.die(6)
#: A Luck re-roll: «перекинуть только что сделанный им любой бросок … и выбрать тот
#: результат, который ему больше подходит» — for a check, the better of two 2d6.
TWO_D6_BEST_OF_TWO = TWO_D6.combine(TWO_D6, max)

#: Opposed ties. «Если это возможно, то наступает «ничья». Если нет — преимущество на
#: стороне «атакующего»». ``"attacker"``: the acting side wins a tie; ``"draw"``: a draw.
TIE_RULES = readings.TIE_RULE.values


def dice_2d6(reroll: bool = False) -> Dist:
    """2К, or the better of two 2К when a point of Luck buys a re-roll."""
    return TWO_D6_BEST_OF_TWO if reroll else TWO_D6


def check_total(attribute: int, skill: int = 0, modifier: int = 0, reroll: bool = False) -> Dist:
    """A check's result: 2К + attribute + skill («Бросаем два кубика, к полученному числу прибавляем
    значение навыка и значение соответствующего ему атрибута») plus modifiers.

    An attribute-only check is the same with ``skill=0``: «к результату броска значение
    какого бы то ни было навыка не прибавляется».
    """
    return dice_2d6(reroll) + (attribute + skill + modifier)


def p_success(total: Dist, difficulty: int) -> Fraction:
    """«Если результат проверки равен или превышает УС, то действие увенчалось успехом.»"""
    return total.at_least(difficulty)


@lru_cache(maxsize=4096)
def p_check(bonus: int, difficulty: int, reroll: bool = False) -> Fraction:
    """P(2К + ``bonus`` ≥ ``difficulty``), cached (the drinking chain asks it many times)."""
    return p_success(dice_2d6(reroll) + bonus, difficulty)


@lru_cache(maxsize=4096)
def check_passes(bonus: int, difficulty: int, reroll: bool = False) -> Dist:
    """Whether 2К + ``bonus`` reaches ``difficulty``: ``True`` (a success) or ``False``.

    >>> check_passes(0, 12)[True]
    Fraction(1, 36)
    """
    return (dice_2d6(reroll) + bonus).map(lambda x: x >= difficulty)


def margin(total: Dist, difficulty: int) -> Dist:
    """How far the result is above (≥ 0: success) or below (< 0: failure) the difficulty."""
    return total - difficulty


def opposed_margin(attacker: Dist, defender: Dist, defense_floor: int | None = None) -> Dist:
    """Attacker's result minus the defender's.

    ``defense_floor``: the shooting rule «результат броска на уклонение окажется ниже,
    чем сложность попадания по неподвижному персонажу … УС, который должен перекинуть
    стреляющий, будет равен … УС стрельбы по неподвижной цели» — the defense counts as at
    least this number.
    """
    if defense_floor is not None:
        defender = defender.map(lambda d: max(d, defense_floor))
    return attacker - defender


def opposed_outcome(attacker: Dist, defender: Dist, tie: str = "attacker",
                    defense_floor: int | None = None) -> Dist:
    """``"attacker"`` / ``"defender"`` / ``"draw"``: «Персонаж, чей результат оказывается выше»
    wins; a tie goes by :data:`TIE_RULES`."""
    if tie not in TIE_RULES:
        raise ValueError(f"tie must be one of {TIE_RULES}")
    m = opposed_margin(attacker, defender, defense_floor)
    return m.map(lambda x: "attacker" if x > 0 else "defender" if x < 0
                 else ("attacker" if tie == "attacker" else "draw"))


def extra_actions_penalty(actions: int) -> int:
    """«Два действия выполняются с модификатором -1 каждое», three −2, four −4, five −6 …"""
    if actions <= 1:
        return 0
    if actions == 2:
        return -1
    return -2 * (actions - 2)


# ---------------------------------------------------------------------------------------
# Initiative: one check at the start of the fight, the order of every round
# ---------------------------------------------------------------------------------------

def initiative_check(attribute: int, skill: int = 0, modifier: int = 0, reroll: bool = False) -> Dist:
    """A character's initiative for the whole fight: «в начале боя определяется инициатива путем проверки
    навыка Решительности каждого из персонажей. Результат броска — это и есть значение инициативы, не
    меняющееся до конца боя» — the check 2К + attribute + Решительность (:func:`check_total`; the source
    does not name Решительность's attribute: the group's own), rolled once.

    >>> initiative_check(2, 3).mean()
    Fraction(12, 1)
    """
    return check_total(attribute, skill, modifier, reroll)


def initiative_order(initiatives) -> list[list]:
    """The order every round of a fight goes in, from the initiatives rolled at its start
    (:func:`initiative_check`): «Каждый раунд персонажи действуют в порядке убывания инициативы. Если у
    каких-то двух персонажей инициатива одинаковая, то они действуют одновременно.»

    ``initiatives``: ``{id: initiative}`` or ``(id, initiative)`` pairs. Returns the groups of ids that act
    together, the highest initiative first; a group of two or more acts at the same time; within a group
    the ids keep the order given. The order is the same every round («не меняющееся до конца боя»).

    Two choices a character makes in his place do not change it: waiting («Если персонаж выиграл
    инициативу, он не обязан ей пользоваться … игрок объявляет, что персонаж ждет»: he acts at the moment he
    waits for, and the GM may give :data:`tables.WAIT_BONUS` to the declared action, see
    :func:`waiting_modifier`), and giving up the round's actions to dodge («в свою очередь … отказаться от
    каких-либо действий в этот раунд»: :func:`full_dodge_modifier` until his next turn).

    >>> initiative_order({"Шурик": 9, "Лида": 12, "Федя": 9})
    [['Лида'], ['Шурик', 'Федя']]
    """
    pairs = list(initiatives.items()) if isinstance(initiatives, dict) else list(initiatives)
    groups: dict[int, list] = {}
    for who, value in pairs:
        groups.setdefault(value, []).append(who)
    return [groups[v] for v in sorted(groups, reverse=True)]


def waiting_modifier(granted: bool = True) -> int:
    """The modifier of a waiting character's declared action: «Мастер может дать ему модификатор +1 на
    заявленное действие, если это соответствует ситуации» — the GM's call (``granted``)."""
    return tables.WAIT_BONUS if granted else 0


def full_dodge_modifier(active: bool = True) -> int:
    """The dodge of one who gave up his round's actions: «сосредоточившись на уклонении от атак. До своего
    следующего хода он будет уклоняться с положительным модификатором +2»."""
    return tables.FULL_DODGE_BONUS if active else 0


def initiative_chances(checks: list[Dist]) -> list[dict]:
    """Exact chances of the order among characters whose initiative checks are ``checks`` (rolled
    independently): for each, ``first`` (acts first, alone), ``first_shared`` (acts first, alone or at the
    same time as others), and against the first character (index 0) ``before_first``, ``with_first``.

    >>> c = initiative_chances([TWO_D6, TWO_D6])
    >>> c[0]["first"], c[0]["first_shared"], c[1]["with_first"]
    (Fraction(575, 1296), Fraction(721, 1296), Fraction(73, 648))
    """
    out = []
    for i, mine in enumerate(checks):
        others = [c for j, c in enumerate(checks) if j != i]
        first = sum((q * _product(o.p(lambda v, x=x: v < x) for o in others) for x, q in mine.items()), Fraction(0))
        shared = sum((q * _product(o.p(lambda v, x=x: v <= x) for o in others) for x, q in mine.items()), Fraction(0))
        row = {"first": first, "first_shared": shared}
        if i:
            row["before_first"] = mine.combine(checks[0], lambda a, b: a > b)[True]
            row["with_first"] = mine.combine(checks[0], lambda a, b: a == b)[True]
        out.append(row)
    return out


def _product(factors) -> Fraction:
    out = Fraction(1)
    for f in factors:
        out *= f
    return out


# ---------------------------------------------------------------------------------------
# Rounding
# ---------------------------------------------------------------------------------------

#: Rounding of a fractional damage (a half from a check, an airbag, an aimed limb shot) or a
#: threshold. The source rounds hit thresholds «по математическим правилам» (a half up),
#: bursts and ritual costs up, electricity down, and says nothing for halved damage.
#: ``"math"``: a half and more up (our default everywhere the source is silent, as the one
#: general rule it states); ``"up"``; ``"down"``.
ROUNDINGS = readings.DEFAULT_ROUNDING.values
DEFAULT_ROUNDING = readings.DEFAULT_ROUNDING.default


def round_by(x: Fraction | int, rule: str = DEFAULT_ROUNDING) -> int:
    """Round a non-negative rational. ``"math"`` is half-up (Python's ``round`` is not).

    >>> round_by(Fraction(9, 2)), round(Fraction(9, 2)), round_by(Fraction(9, 2), "down")
    (5, 4, 4)
    """
    x = Fraction(x)
    if rule == "math":
        return floor(x + Fraction(1, 2))
    if rule == "up":
        return ceil(x)
    if rule == "down":
        return floor(x)
    raise ValueError(f"rounding must be one of {ROUNDINGS}")


# ---------------------------------------------------------------------------------------
# Hits and wound levels
# ---------------------------------------------------------------------------------------

#: Where exactly a quarter of the hits falls. The rule: «четверть оставшихся хитов
#: соответствуют критическому ранению …, более четверти, но менее половины — тяжелому»
#: (a quarter is critical); the skull-fracture text says «в критическом состоянии (менее
#: четверти хитов)» (a quarter would be heavy). Default: the rule itself, critical.
QUARTER_IS_CRITICAL = readings.QUARTER_IS_CRITICAL.default

#: Bought extra hits: «За 5 (6, 7, 8...) плюшек персонаж может купить себе 1 дополнительный
#: хит. Потолок совершенствования равен удвоенной Выносливости.» We add them to the full
#: hits, so the thresholds grow with them.
EXTRA_HITS_PER_STAMINA = 2


#: Which Выносливость the hits «15+Выносливость» go by when it is changed for a while (hunger and thirst:
#: «временно теряет одну единицу Выносливости»; drunkenness: «+1 к Выносливости»), while «для бросков
#: используется текущее значение» speaks of rolls only: ``"current"`` (default): the same value as the
#: checks; ``"permanent"``: the permanent value, the checks still by the current one.
HITS_STAMINA_READINGS = readings.HITS_STAMINA.values
HITS_STAMINA = readings.HITS_STAMINA.default


def hits_stamina(current: int, permanent: int, reading: str | None = None) -> int:
    """The Выносливость the hits are counted from, by :data:`HITS_STAMINA_READINGS`.

    >>> hits_stamina(1, 3), hits_stamina(1, 3, "permanent")
    (1, 3)
    """
    reading = HITS_STAMINA if reading is None else reading
    if reading not in HITS_STAMINA_READINGS:
        raise ValueError(f"reading must be one of {HITS_STAMINA_READINGS}")
    return permanent if reading == "permanent" else current


def max_hits(stamina: int, extra: int = 0) -> int:
    """«Изначальное полное количество этих самых хитов у персонажа равняется 15+Выносливость.»

    >>> max_hits(3)
    18
    """
    return tables.BASE_HITS + stamina + extra


def thresholds(total: int) -> tuple[int, int, int]:
    """A quarter, a half and three quarters of the full hits, «везде с округлением по
    математическим правилам» (a half rounds up)."""
    return tuple(round_by(Fraction(total * k, 4), "math") for k in (1, 2, 3))


def wound_level(hits: int, total: int, quarter_is_critical: bool = QUARTER_IS_CRITICAL) -> str:
    """The state at ``hits`` left of ``total``: ``scratch`` / ``light`` / ``heavy`` /
    ``critical`` / ``dying`` (0 or fewer: «смертельное ранение и состояние при смерти») /
    ``dead`` («Минус десять хитов означает мгновенную смерть»: −10 or fewer)."""
    if hits <= tables.INSTANT_DEATH_HITS:
        return "dead"
    if hits <= 0:
        return "dying"
    q1, q2, q3 = thresholds(total)
    if hits < q1 or (hits == q1 and quarter_is_critical):
        return "critical"
    if hits < q2:
        return "heavy"
    if hits <= q3:
        return "light"
    return "scratch"


def wound_penalty(level: str) -> int | None:
    """−6 / −4 / −2 / 0; ``None`` when the character is out (dying, dead, unconscious)."""
    return tables.WOUND_LEVELS[level]["penalty"] if level in tables.WOUND_LEVELS else None


#: «лежать он в таком состоянии может пятнадцать минут, после чего погибает»
DYING_MINUTES = 15
#: Bleeding at 0 hits or fewer. «по хиту в три раунда, если их осталось 4 и меньше» would
#: also cover 0 and below, but it would kill in 30 rounds, against the fifteen minutes of
#: the dying rule. Our reading: at 0 or fewer the dying rule governs and bleeding is not
#: counted (``False``).
BLEEDING_WHEN_DYING = readings.BLEEDING_WHEN_DYING.default


def bleeding(hits: int, when_dying: bool | None = None) -> dict | None:
    """Bleeding and the pain-shock difficulty by the hits left (None above 8 hits; at 0 or fewer,
    None unless ``when_dying``, by default :data:`BLEEDING_WHEN_DYING`).

    «теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их
    осталось 4 и меньше. Болевой шок кидается против сложности 5, если атака оставила у
    персонажа 5-8 хитов, и против сложности 7, если хитов осталось 4 и менее.»

    >>> bleeding(0) is None, bleeding(0, when_dying=True)["pain_shock"]
    (True, 7)
    """
    if when_dying is None:
        when_dying = BLEEDING_WHEN_DYING
    if hits <= 0 and not when_dying:
        return None
    for i, band in enumerate(tables.BLEEDING):
        if (band["lowest"] is None or hits >= band["lowest"]) and hits <= band["highest"]:
            return {"band": i, "loss": band["loss"], "pain_shock": band["pain_shock"]}
    return None


#: The pain-shock check: «Болевой шок кидается против сложности 5, если атака оставила у персонажа 5-8 хитов, и
#: против сложности 7, если хитов осталось 4 и менее» — the source names no attribute or skill. ``"fortitude"``
#: (default): a Стойкость check, 2К + Выносливость + Стойкость (the check the source makes the body stand
#: everything with: falls, crashes, drink, healing); ``"willpower"``: a Сила духа check, 2К + Уверенность + Сила
#: духа. A failure is read as «Шок» («Шок наступает от ранений»).
PAIN_SHOCK_ROLLS = readings.PAIN_SHOCK_ROLL.values
PAIN_SHOCK_ROLL = readings.PAIN_SHOCK_ROLL.default
#: Whether the wound the attack left takes its penalty off the pain-shock check: the penalties are «на действия»,
#: and the breakdown roll says «Модификаторы от ранений не действуют»; for pain shock nothing is said.
#: False (default): no wound penalty on it; True: the penalty of the wound level it is rolled at.
PAIN_SHOCK_WOUND_PENALTY = readings.PAIN_SHOCK_WOUND_PENALTY.default


def pain_shock_difficulty(hits: int, when_dying: bool | None = None) -> int | None:
    """The pain-shock difficulty for the hits an attack left (5 or 7), ``None`` when no check is made (9 or more
    hits; 0 or fewer by :data:`BLEEDING_WHEN_DYING`).

    >>> pain_shock_difficulty(9), pain_shock_difficulty(8), pain_shock_difficulty(4), pain_shock_difficulty(0)
    (None, 5, 7, None)
    """
    b = bleeding(hits, when_dying)
    return None if b is None else b["pain_shock"]


def p_pain_shock(hits: int, bonus: int, penalty: int = 0, reroll: bool = False,
                 when_dying: bool | None = None) -> Fraction:
    """P(an attack that left ``hits`` brings pain shock): the check is due (:func:`pain_shock_difficulty`) and
    2К + ``bonus`` (+ ``penalty``, :data:`PAIN_SHOCK_WOUND_PENALTY`) falls short of it.

    >>> p_pain_shock(9, 0), p_pain_shock(6, 2), p_pain_shock(3, 2)
    (Fraction(0, 1), Fraction(1, 36), Fraction(1, 6))
    """
    difficulty = pain_shock_difficulty(hits, when_dying)
    if difficulty is None:
        return Fraction(0)
    return 1 - p_check(bonus + penalty, difficulty, reroll)


def temporary_room(total: int, perm: int, temp: int) -> int:
    """How many more temporary hits are written as temporary before the rest turns permanent: «следующие
    временные ранения записываются в ближайшие пустые ячейки пирамидки. Если же персонаж получил уже Здоровье+10
    временных повреждений …, то он записывается как постоянный». «Здоровье» is the full hits (``total``): the
    track holds them and ten more (down to −10); permanent damage takes its cells, temporary damage fills the
    empty ones (without permanent damage that is exactly «Здоровье+10 временных»).

    >>> temporary_room(18, 0, 20), temporary_room(18, 5, 20)
    (8, 3)
    """
    return max(0, total - tables.INSTANT_DEATH_HITS - perm - temp)


@lru_cache(maxsize=4096)
def apply_damage(total: int, perm: int, temp: int, damage: int, temporary: bool) -> tuple[int, int]:
    """New (permanent, temporary) damage after a hit of ``damage`` hits.

    Temporary damage fills :func:`temporary_room`; what does not fit «записывается как постоянный, поверх
    временных ранений, как если бы последних не было»: each such hit is permanent and takes the place of a
    temporary one (so «вместо своих уже полученных временных ранений он будет получать постоянные»).

    >>> apply_damage(18, 0, 28, 3, True), apply_damage(18, 5, 20, 5, True)
    ((3, 25), (7, 21))
    """
    if not temporary:
        return perm + damage, temp
    stored = min(damage, temporary_room(total, perm, temp))
    over = damage - stored
    temp += stored
    converted = min(over, temp)
    return perm + over, temp - converted


#: The states a temporary blow to the head must leave for «Если тяжелая или критическая временная рана нанесена в
#: голову»: a heavy or a critical wound, and unconsciousness (0 hits or fewer are «четверть оставшихся хитов» and
#: less: a critical wound too).
HEAD_WOUND_STATES = ("heavy", "critical", "unconscious")

#: What «после часа игрового времени персонаж получает половину хитов постоянных повреждений» does with the
#: temporary wound. ``"convert"`` (default): half the wound's hits turn from temporary into permanent (the wound
#: was temporary, now half of it is not); ``"add"``: half its hits come as new permanent damage, the temporary
#: wound stays.
HEAD_HALF_READINGS = readings.HEAD_HALF.values
HEAD_HALF = readings.HEAD_HALF.default

#: The blast: «Также состояние, подобное сотрясению мозга, вызывают временные тяжелые и критические ранения,
#: вызванные ударной волной от взрыва (что, собственно, и называется контузией)» — whether the hour's half of
#: permanent damage comes with it. ``"like_head"`` (default: the sentence goes on the head wound's); ``"penalty_only"``:
#: only the state of a concussion (its penalty), no permanent damage.
BLAST_READINGS = readings.BLAST.values
BLAST = readings.BLAST.default


def head_wound_permanent(hits: int, kind: str, rounding: str = DEFAULT_ROUNDING, blast: str | None = None) -> int:
    """The permanent hits a heavy or critical temporary wound of ``hits`` to the head (``kind`` ``"head"``) or
    by a blast (``"blast"``) brings after an hour: half its hits (rounded by ``rounding``, the source does not
    say how), none for a blast under :data:`BLAST_READINGS` ``"penalty_only"``.

    >>> head_wound_permanent(7, "head"), head_wound_permanent(7, "head", "down"), head_wound_permanent(7, "blast", blast="penalty_only")
    (4, 3, 0)
    """
    blast = BLAST if blast is None else blast
    if blast not in BLAST_READINGS:
        raise ValueError(f"blast must be one of {BLAST_READINGS}")
    if kind == "blast" and blast == "penalty_only":
        return 0
    return round_by(Fraction(hits, 2), rounding)


def after_hours(perm: int, temp: int, hours: int, head_hits: int = 0, head_half: str | None = None) -> tuple[int, int]:
    """(permanent, temporary) after ``hours`` hours: temporary damage «восстанавливается на 1 хит за один час
    игрового времени», and after the first hour ``head_hits`` more are permanent (:data:`HEAD_HALF_READINGS`:
    taken from the temporary ones, or added).

    >>> after_hours(0, 10, 1, 4), after_hours(0, 10, 1, 4, "add"), after_hours(0, 10, 3)
    ((4, 5), (4, 9), (0, 7))
    """
    head_half = HEAD_HALF if head_half is None else head_half
    if head_half not in HEAD_HALF_READINGS:
        raise ValueError(f"head_half must be one of {HEAD_HALF_READINGS}")
    if hours >= 1 and head_hits:
        perm += head_hits
        if head_half == "convert":
            temp = max(0, temp - head_hits)
    return perm, max(0, temp - hours * tables.TEMPORARY_HEAL_PER_HOUR)


def state_after(total: int, perm: int, temp: int,
                quarter_is_critical: bool = QUARTER_IS_CRITICAL) -> str:
    """The state for permanent and temporary damage taken.

    Temporary damage gives the same penalties («те же штрафы, что и обычное»), but «Убить
    временным повреждением нельзя: если нанесено «Здоровье» временных повреждений, оно
    вызывает потерю сознания на один час» — ``unconscious``.
    """
    if total - perm <= tables.INSTANT_DEATH_HITS:
        return "dead"
    if total - perm <= 0:
        return "dying"
    left = total - perm - temp
    if left <= 0:
        return "unconscious"
    return wound_level(left, total, quarter_is_critical)


STATES = ("scratch", "light", "heavy", "critical", "unconscious", "dying", "dead")

# ---------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------

#: How Бронебойность meets cover on top of armor. «Бронебойность уменьшает Защиту цели»:
#: ``"total"`` (default) — it lowers the sum of armor and cover; ``"each"`` — it lowers
#: each layer on its own (never below zero).
AP_RULES = readings.AP_RULE.values


def protection(armor: int, cover: int = 0, armor_piercing: int = 0, ap_rule: str = "total") -> int:
    """The Защита left after Бронебойность: «ниже нуля Защита не падает и считается равной нулю»."""
    if ap_rule == "total":
        return max(0, armor + cover - armor_piercing)
    if ap_rule == "each":
        return max(0, armor - armor_piercing) + max(0, cover - armor_piercing)
    raise ValueError(f"ap_rule must be one of {AP_RULES}")


def cover_protection(cover: str) -> int:
    """The Защита a cover adds (:data:`tables.COVER`); 0 for none («нет» or an unknown id)."""
    return tables.COVER[cover]["protection"] if cover in tables.COVER else 0


def hit_damage(power: int, prot: int = 0) -> Dist:
    """«2К+Мощность-(Защита-Бронебойность)»; «Если общий результат броска оказался равен нулю
    или меньше, то … никакого урона нанесено не было» (``prot`` is already ≥ 0)."""
    return (TWO_D6 + (power - prot)).map(lambda x: max(0, x))


#: Whether an aimed shot's multiplier (head ×2, limb ×0,5) applies to the damage after
#: Защита (``"after"``, default: «на повреждение х2») or to the roll before it (``"before"``).
AIM_ORDERS = readings.AIM_ORDER.values


def aim_multiplier(aim: str | None) -> Fraction | None:
    """An aimed shot's damage multiplier (head ×2, a limb ×½); ``None``: no aimed shot, or one
    that does not change the damage (an item in the hand)."""
    return tables.AIMED_SHOTS[aim]["damage_multiplier"] if aim in tables.AIMED_SHOTS else None


def aimed_damage(power: int, prot: int, aim: str | None = None, order: str = "after",
                 rounding: str = DEFAULT_ROUNDING) -> Dist:
    """One bullet's (or blow's) damage with an aimed shot's multiplier."""
    mult = aim_multiplier(aim)
    if mult is None:
        return hit_damage(power, prot)
    if order == "after":
        return hit_damage(power, prot).map(lambda d: round_by(d * mult, rounding))
    if order == "before":
        return (TWO_D6 + power).map(lambda r: max(0, round_by(r * mult, rounding) - prot))
    raise ValueError(f"order must be one of {AIM_ORDERS}")


RANGES = ("point_blank", "close", "medium", "far")


def burst_hits(shots: int, close: int, medium: int, far: int, range_: str, ammo_left: int | None = None) -> int:
    """Bullets that hit from a burst written shots:close/medium/far («Короткая очередь 4:3/2/1»).

    «на ближней дистанции в случае попадания в цель попадают три, на средней — два, на
    дальней — один. Если стреляют совсем уж в упор … попадают все пули». With fewer
    rounds than the burst: «она выпустит все оставшиеся патроны, и попадет из них
    пропорциональное количество с округлением вверх» («4:3/2/1 … осталось всего 2 … 2: 2/1/1»).
    """
    fired = shots if ammo_left is None else min(shots, ammo_left)
    if range_ == "point_blank":
        return fired
    hits = {"close": close, "medium": medium, "far": far}[range_]
    if fired < shots:
        return ceil(Fraction(hits * fired, shots))
    return hits


def short_burst(shots: int, close: int, medium: int, far: int, ammo_left: int) -> tuple[int, int, int, int]:
    """The burst actually fired with ``ammo_left`` rounds: (shots, close, medium, far)."""
    fired = min(shots, ammo_left)
    return (fired,) + tuple(burst_hits(shots, close, medium, far, r, ammo_left)
                            for r in ("close", "medium", "far"))


#: «Для упрощения можно считать, что бросок на повреждение делается для «усредненного» повреждения
#: очереди» — a simplification; without it (the source does not say) each bullet that hits is rolled
#: on its own. ``"averaged"`` (default): one roll, dealt ``hits`` times; ``"each"``: the sum of
#: ``hits`` independent rolls (the same mean, a narrower spread).
BURST_ROLL_READINGS = readings.BURST_ROLL.values
BURST_ROLL = readings.BURST_ROLL.default
#: The most bullets rolled one by one: the exact sum of that many rolls is a convolution whose
#: cost grows with the square of the count (the whole damage calculator measured natively, head
#: shots: 50 bullets ≈ 0.13 s, 200 ≈ 0.75 s; several times slower in the browser).
MAX_BULLETS_ROLLED_EACH = 50


def burst_damage(per_bullet: Dist, hits: int, reading: str | None = None) -> Dist:
    """A burst's damage by :data:`BURST_ROLL_READINGS`: «цель получает повреждение одной и той же
    мощности несколько раз» — one roll, ``hits`` times; or ``hits`` rolls added up.

    >>> d = Dist.uniform([0, 1])
    >>> burst_damage(d, 2), burst_damage(d, 2, "each")
    (Dist({0: 1/2, 2: 1/2}), Dist({0: 1/4, 1: 1/2, 2: 1/4}))
    """
    reading = BURST_ROLL if reading is None else reading
    if reading == "averaged":
        return per_bullet.map(lambda d: d * hits)
    if reading != "each":
        raise ValueError(f"reading must be one of {BURST_ROLL_READINGS}")
    if hits > MAX_BULLETS_ROLLED_EACH:
        raise ValueError(f"at most {MAX_BULLETS_ROLLED_EACH} bullets rolled each on its own")
    return per_bullet.repeat(hits)


#: Undeclared dodging under area fire: «если он не заявлял в этом раунде уклонения, его
#: результат считается равным 5».
AREA_FIRE_UNDECLARED_DODGE = 5


def area_fire(shooting: Dist, dodges: list[Dist | None], bullets: int) -> list[Fraction]:
    """P(each target in the line of fire takes one bullet), in order along the line.

    One Стрельба check against each target's Уклонение (``None``: did not declare a dodge,
    counts as 5); a tie goes to the shooter (opposed checks: «Стрельба перевешивает
    Уклонение»). «При неудаче он получает одну пулю. Если оказывается, что очередь
    закончилась, так как все пули нашли свои цели — так тому и быть.»
    """
    # joint law of (shooter's result, bullets left); the targets' dodges are independent
    out = []
    joint: dict[tuple[int, int], Fraction] = {(s, bullets): p for s, p in shooting.items()}
    for dodge in dodges:
        d = Dist.constant(AREA_FIRE_UNDECLARED_DODGE) if dodge is None else dodge
        hit_p = Fraction(0)
        nxt: dict[tuple[int, int], Fraction] = {}
        for (s, left), p in joint.items():
            ph = d.p(lambda x, s=s: s >= x) if left > 0 else Fraction(0)
            hit_p += p * ph
            if ph:
                nxt[(s, left - 1)] = nxt.get((s, left - 1), Fraction(0)) + p * ph
            if ph != 1:
                nxt[(s, left)] = nxt.get((s, left), Fraction(0)) + p * (1 - ph)
        joint = nxt
        out.append(hit_p)
    return out


def electric_power(volts: int) -> int:
    """«Мощность, равная напряжению в вольтах, деленному на 50 и округленному в меньшую
    сторону. Так, удар из розетки 220 вольт наносит урон два кубика плюс 4.»

    >>> electric_power(220)
    4
    """
    return volts // 50


#: Falls and crashes count «1 за каждые 2 метра падения, начиная с третьего» and «1 за каждые
#: 5 километров в час скорости, начиная с 10 км/ч». ``"beyond"`` (default): only what lies
#: beyond the first 2 m / 10 km/h counts, in full steps: ⌊(h−2)/2⌋, ⌊(v−10)/5⌋.
#: ``"whole"``: once the height reaches the third metre (the speed 10 km/h), the whole of it
#: counts: ⌊h/2⌋ for h ≥ 3, ⌊v/5⌋ for v ≥ 10.
STEP_READINGS = readings.STEP_READING.values


def _steps(value: int, free: int, step: int, counts_from: int, reading: str) -> int:
    """One per ``step`` of ``value`` (see :data:`STEP_READINGS`): ``"beyond"`` counts the full
    steps past the first ``free``; ``"whole"`` counts the whole ``value`` once it reaches
    ``counts_from``."""
    if reading == "beyond":
        return max(0, value - free) // step
    if reading == "whole":
        return value // step if value >= counts_from else 0
    raise ValueError(f"reading must be one of {STEP_READINGS}")


def fall_steps(height_m: int, reading: str = "beyond") -> int:
    """Мощность of a fall and the УС of its Стойкость check (the same count): a step every 2 m,
    from the third."""
    return _steps(height_m, 2, 2, 3, reading)


def crash_steps(speed_kmh: int, reading: str = "beyond") -> int:
    """Мощность of a crash and the УС of its Стойкость check (the same count): a step every
    5 km/h, from 10 km/h."""
    return _steps(speed_kmh, 10, 5, 10, reading)


#: A fall or crash that counts no step (power 0) does no damage at all. Read literally,
#: «мощность 1 за каждые 2 метра … начиная с третьего» would still roll 2К for a one-metre
#: fall; we take «серьезность которых прямо пропорциональна высоте падения» to mean none.
NO_DAMAGE_WITHOUT_STEPS = readings.NO_DAMAGE_WITHOUT_STEPS.default


#: Armor against falls and crashes. «Если … встретите слова «получает повреждение такой-то
#: Мощности», то это означает, что проводится описанный выше бросок, как если бы персонаж
#: был атакован оружием этой Мощности» — so Защита (armor, not cover) counts (``True``, default);
#: ``False``: a fall or a crash is not an attack, and armor does not count.
ARMOR_AGAINST_FALLS = readings.ARMOR_AGAINST_FALLS.default


def seat_belts(damage: int) -> int:
    """«Ремни безопасности спасают от повреждения, если оно меньше 5, полностью, поглощают 5
    единиц повреждения, если оно между 5 и 10, а вот начиная с 10 не помогают совсем.»"""
    if damage < 5:
        return 0
    if damage < 10:
        return damage - 5
    return damage


#: What the belts compare with 5 and 10. «повреждения мощностью 1 за каждые 5 километров …
#: Ремни безопасности спасают от повреждения, если оно меньше 5, полностью, поглощают 5
#: единиц повреждения, если оно между 5 и 10». ``"damage"`` (default): the damage rolled;
#: ``"power"``: the crash's Мощность (below 5 no damage at all; 5–9 the power drops by 5).
BELT_READINGS = readings.BELT_READING.values


def seat_belts_power(power: int) -> int | None:
    """The crash's Мощность under the ``"power"`` reading; ``None``: the belts save completely."""
    if power < 5:
        return None
    return seat_belts(power)


def halved(damage: Dist, factor: Fraction, rounding: str = DEFAULT_ROUNDING) -> Dist:
    """Damage multiplied by ``factor`` (a half, a quarter …) and rounded once (:func:`round_by`)."""
    return damage.map(lambda d: round_by(d * factor, rounding))


def with_halving_check(damage: Dist, check_p: Fraction, factor_on_success: Fraction = Fraction(1, 2),
                       other_factor: Fraction = Fraction(1), rounding: str = DEFAULT_ROUNDING) -> Dist:
    """The Стойкость check «дабы выдержать удар и получить половину урона (четверть с
    подушками)»: success multiplies by ½ on top of ``other_factor`` (airbags); the product
    is rounded once (the default of :data:`ROUND_ONCE`; :func:`cushioned_dist` takes either)."""
    return Dist.mixture([
        (check_p, halved(damage, factor_on_success * other_factor, rounding)),
        (1 - check_p, halved(damage, other_factor, rounding)),
    ])


#: Airbags and the check together: «Подушки безопасности сокращают полученное повреждение
#: вдвое … получить половину урона (четверть с подушками)» — how to round is not said.
#: ``True`` (default): the halvings multiply first and are rounded once (¼ of the damage);
#: ``False``: each half is rounded (the airbags' half, then the check's half of that).
ROUND_ONCE = readings.ROUND_ONCE.default
#: Belts and the halvings: «Ремни безопасности спасают от повреждения, если оно меньше 5 …»
#: does not say whether before or after the airbags' and the check's halving. ``True``
#: (default): the belts act on the damage rolled, the halvings on what they let through;
#: ``False``: the belts act on the halved damage.
BELTS_BEFORE_HALVING = readings.BELTS_BEFORE_HALVING.default


def cushioned(damage: int, factors: tuple[Fraction, ...], belts: bool = False, rounding: str = DEFAULT_ROUNDING,
              round_once: bool = ROUND_ONCE, belts_first: bool = BELTS_BEFORE_HALVING) -> int:
    """A crash's or a fall's damage after the seat belts (``belts``) and the halvings
    (``factors``: the airbags' ½, a passed check's ½), in the order and with the rounding
    of :data:`BELTS_BEFORE_HALVING` and :data:`ROUND_ONCE`.

    >>> cushioned(7, (Fraction(1, 2), Fraction(1, 2)))  # ¼ of 7 rounded once
    2
    >>> cushioned(5, (Fraction(1, 2), Fraction(1, 2)), round_once=False)  # 5 → 3 → 2
    2
    >>> cushioned(8, (Fraction(1, 2),), belts=True), cushioned(8, (Fraction(1, 2),), belts=True, belts_first=False)
    (2, 0)
    """
    if belts and belts_first:
        damage = seat_belts(damage)
    if round_once:
        factor = Fraction(1)
        for f in factors:
            factor *= f
        damage = round_by(damage * factor, rounding)
    else:
        for f in factors:
            damage = round_by(damage * f, rounding)
    if belts and not belts_first:
        damage = seat_belts(damage)
    return damage


def cushioned_dist(damage: Dist, check_p: Fraction, airbags: bool = False, belts: bool = False,
                   rounding: str = DEFAULT_ROUNDING, round_once: bool = ROUND_ONCE,
                   belts_first: bool = BELTS_BEFORE_HALVING) -> Dist:
    """:func:`cushioned` over the damage rolled, the check passed with chance ``check_p``."""
    bags = (Fraction(1, 2),) if airbags else ()
    parts = [(check_p, bags + (Fraction(1, 2),)), (1 - check_p, bags)]
    return Dist.mixture([(q, damage.map(lambda d, fs=fs: cushioned(d, fs, belts, rounding, round_once, belts_first)))
                         for q, fs in parts if q])


def splash_sequence(base: int, rounding: str = DEFAULT_ROUNDING) -> list[int]:
    """Splashed, not immersed: «повреждение уменьшается вдвое каждый раунд, пока не достигнет
    единички, после чего прекращается» — the damage of each round, the last one being 1."""
    seq = [base]
    while seq[-1] > 1:
        seq.append(max(1, round_by(Fraction(seq[-1], 2), rounding)))
    return seq


# ---------------------------------------------------------------------------------------
# Thrown weapons
# ---------------------------------------------------------------------------------------

def band_of(value: int, bands: dict[str, dict]) -> str:
    """The id of the band (``lowest``..``highest``, ``None``: no bound) that ``value`` falls in."""
    for bid, band in bands.items():
        lo, hi = band["lowest"], band["highest"]
        if (lo is None or value >= lo) and (hi is None or value <= hi):
            return bid
    raise AssertionError(value)  # pragma: no cover - the bands cover every integer


#: «Определить, где упало метательное оружие при промахе, можно проверкой на Силу.» The
#: table runs from «Меньше 0» to «7 или больше», while 2К + Сила is at least 2 + Сила.
#: ``"total"`` (default, literal): the Сила check's result (2К + Сила + modifiers);
#: ``"margin"``: that result minus a УС the GM sets (the source names none).
THROWN_READINGS = readings.THROWN_READING.values


def thrown_miss(strength: int, modifier: int = 0, reading: str = "total", difficulty: int = 0) -> Dist:
    """Where a missed throw lands, read on the table (below 0 / 0–1 / 2–4 / 5–6 / 7+)."""
    total = check_total(strength, 0, modifier)
    if reading == "margin":
        total = total - difficulty
    elif reading != "total":
        raise ValueError(f"reading must be one of {THROWN_READINGS}")
    return total.map(lambda r: band_of(r, tables.THROWN_MISS))


# ---------------------------------------------------------------------------------------
# Stress and the nervous breakdown
# ---------------------------------------------------------------------------------------

def breakdown_roll(willpower: int, breakdowns_in_scene: int = 1, modifier: int = 0) -> Dist:
    """«2К-Сила духа+(2 за каждый нервный срыв в этой сцене, считая этот)»; «Модификаторы от
    ранений не действуют, но могут накладываться дополнительные модификаторы»."""
    return TWO_D6 + (-willpower + tables.BREAKDOWN_PER_BREAKDOWN * breakdowns_in_scene + modifier)


def breakdown_willpower(willpower: int, confidence: int, extraordinary: bool) -> int:
    """For an extraordinary check («внеочередной»): «если текущее значение Уверенности
    превышает значение навыка Сила духа, … можно использовать атрибут вместо навыка, но не
    их сумму»."""
    return max(willpower, confidence) if extraordinary else willpower


def breakdown(willpower: int, breakdowns_in_scene: int = 1, modifier: int = 0) -> Dist:
    """The breakdown roll (:func:`breakdown_roll`) read on the table: the id of its row of
    :data:`tables.BREAKDOWN`."""
    return breakdown_roll(willpower, breakdowns_in_scene, modifier).map(lambda r: band_of(r, tables.BREAKDOWN))


#: The check after a breakdown: «делается еще одна проверка на навык Сила духа. В случае,
#: если выпадает меньше -2, … бессознательное состояние …. При результате от -2 до нуля
#: наступает шок, паника или неистовство». A 2К check is at least 2 plus its bonus, so the
#: bands only bite with negative totals. ``"total"`` (default): the check's result as is
#: (2К + Уверенность + Сила духа + modifiers); ``"margin"``: its result minus the УС of the
#: stress that caused the breakdown.
AFTER_READINGS = readings.AFTER_READING.values


def breakdown_after(confidence: int, willpower: int, modifier: int = 0, reading: str = "total",
                    stress_difficulty: int = 0) -> Dist:
    """The Сила духа check after a breakdown read on :data:`tables.BREAKDOWN_AFTER` (the id of the
    row), by the reading of :data:`AFTER_READINGS`."""
    total = check_total(confidence, willpower, modifier)
    if reading == "margin":
        total = total - stress_difficulty
    elif reading != "total":
        raise ValueError(f"reading must be one of {AFTER_READINGS}")
    return total.map(lambda r: band_of(r, tables.BREAKDOWN_AFTER))


# ---------------------------------------------------------------------------------------
# Alcohol
# ---------------------------------------------------------------------------------------

#: «1 за каждые 100 грамм в стакане или кружке, начиная со вторых»: ``"full"`` (default):
#: each full 100 g after the first hundred, ⌊g/100⌋ − 1 (the table's beer, 0,33 л with
#: bubbles, is УС 3 only so); ``"started"``: each begun 100 g after the first, ⌈g/100⌉ − 1.
VOLUME_READINGS = readings.VOLUME_READING.values


def drink_difficulty(degrees: int, volume_g: int, bubbles: bool, reading: str = "full") -> int:
    """УС of a drink not in the table: «1 за каждые полные 10 градусов, имеющихся в жидкости,
    1 за каждые 100 грамм в стакане или кружке, начиная со вторых, и еще 1 за наличие
    пузырьков газа»."""
    if reading == "full":
        per_volume = max(0, volume_g // 100 - 1)
    elif reading == "started":
        per_volume = max(0, ceil(Fraction(volume_g, 100)) - 1)
    else:
        raise ValueError(f"reading must be one of {VOLUME_READINGS}")
    return degrees // 10 + per_volume + (1 if bubbles else 0)


def expand_drinks(drinks: list[dict], volume_reading: str = "full") -> list[tuple[str, int, int]]:
    """The list of single drinks (label id, УС, index of the record) in order, each needing its own check.

    Table drinks take the table's УС (our reading: the table wins over the formula, spirit is 10, not 9);
    ``vodka_bottle`` is «пять стопок водки, а не … один прием»; ``count`` repeats a drink.
    """
    out = []
    for i, d in enumerate(drinks):
        kind = d["drink"]
        if kind == tables.FROM_THE_BOTTLE["id"]:
            shot = tables.FROM_THE_BOTTLE["drink"]
            singles = [(shot, tables.DRINKS[shot]["difficulty"])] * tables.FROM_THE_BOTTLE["servings"]
        elif kind == "custom":
            singles = [("custom", drink_difficulty(d["degrees"], d["volume_g"], d["bubbles"], volume_reading))]
        else:
            singles = [(kind, tables.DRINKS[kind]["difficulty"])]
        for _ in range(d.get("count", 1)):
            out.extend((label, us, i) for label, us in singles)
    return out


def stage_modifiers(stage: int) -> dict[str, int]:
    """The attribute changes at ``stage``: «Все приведенные эффекты складываются»."""
    return dict(_stage_mods(stage))


#: The stage at which a character who can still walk and think goes under the GM's control.
CONTROL_STAGE = 4


def under_control(agility: int, thinking: int) -> bool:
    """At stage 4: «Если персонаж еще способен ходить (имеет неотрицательную Ловкость) и соображать
    (неотрицательное Мышление)», he goes «под контроль Мастера» — with the stages' changes
    (−2 Ловкость, −3 Мышление by stage 4) on the sober ``agility`` and ``thinking``. What becomes of
    one who no longer can is not said.

    >>> under_control(2, 3), under_control(1, 3), under_control(2, 2)
    (True, False, False)
    """
    mods = stage_modifiers(CONTROL_STAGE)
    return agility + mods.get("agility", 0) >= 0 and thinking + mods.get("thinking", 0) >= 0


@lru_cache(maxsize=16)
def _stage_mods(stage: int) -> dict[str, int]:
    acc: dict[str, int] = {}
    for s, record in tables.DRUNK_STAGES.items():
        if s <= stage:
            for k, v in record["changes"].items():
                acc[k] = acc.get(k, 0) + v
    return {k: v for k, v in acc.items() if v}


#: «повышается болевой порог (+1 к Выносливости …)» at stage 2 — and «устойчивость которого
#: к спиртному прямо пропорциональна Выносливости»: by default the stage's Выносливость
#: counts in the next Стойкость checks (``True``); ``False`` checks with the sober value.
STAGE_STAMINA_IN_CHECK = readings.STAGE_STAMINA_IN_CHECK.default


def drink_step(stage_dist: Dist, difficulty: int, stamina: int, fortitude: int, modifier: int = 0,
               willing: bool = False, stage_stamina: bool = STAGE_STAMINA_IN_CHECK) -> Dist:
    """One drink: «делать проверку на навык Стойкости против некоторого УС … В случае провала
    он переходит в следующую стадию опьянения». «При желании персонаж может и не делать
    проверки» — the willing drinker skips the check and moves on (our reading: he wants to
    get drunk, so every drink is a failure). Stage 5 is the last: he is under the table."""

    def after(stage: int) -> Dist:
        if stage >= tables.MAX_STAGE:
            return Dist.constant(stage)
        if willing:
            return Dist.constant(stage + 1)
        bonus = _stage_mods(stage).get("stamina", 0) if stage_stamina else 0
        return check_passes(stamina + bonus + fortitude + modifier, difficulty).map(
            lambda passed: stage if passed else stage + 1)

    return stage_dist.bind(after)


def drinking(drinks: list[tuple], stamina: int, fortitude: int, start_stage: int = 0, modifier: int = 0,
             willing: bool = False, stage_stamina: bool = STAGE_STAMINA_IN_CHECK) -> list[Dist]:
    """The stage distribution after each single drink (``drinks`` from :func:`expand_drinks`):
    :func:`drink_step` after :func:`drink_step`."""
    stages = Dist.constant(start_stage)
    out = []
    for _label, us, *_ in drinks:
        stages = drink_step(stages, us, stamina, fortitude, modifier, willing, stage_stamina)
        out.append(stages)
    return out


#: Which Выносливость the hangover subtracts: «равном номеру последней стадии опьянения минус
#: Выносливость персонажа», while the 2nd stage gives «+1 к Выносливости». ``"sober"`` (default): the
#: sober value — the hangover comes «После того, как персонаж проспится», when the stage is over;
#: ``"drunk"``: the value with the last stage's changes (+1 from stage 2 on).
HANGOVER_STAMINA_READINGS = readings.HANGOVER_STAMINA.values
HANGOVER_STAMINA = readings.HANGOVER_STAMINA.default


def hangover(last_stage: int, stamina: int, reading: str | None = None) -> int:
    """«штрафе ко всем броскам, равном номеру последней стадии опьянения минус Выносливость
    персонажа (если получилось 0 или меньше, похмелье не наступает)» — the penalty's size, 0
    for none; the Выносливость by :data:`HANGOVER_STAMINA_READINGS`.

    >>> hangover(4, 2), hangover(4, 2, "drunk"), hangover(2, 2)
    (2, 1, 0)
    """
    reading = HANGOVER_STAMINA if reading is None else reading
    if reading == "drunk":
        stamina += _stage_mods(last_stage).get("stamina", 0)
    elif reading != "sober":
        raise ValueError(f"reading must be one of {HANGOVER_STAMINA_READINGS}")
    return max(0, last_stage - stamina)


#: Which check stage 3's «по проверке Силы духа или чистой Уверенности против УС 5» is (when which,
#: the source does not say): ``"willpower"`` (default): 2К + Уверенность + Сила духа; ``"confidence"``:
#: pure Уверенность, 2К + Уверенность without the skill.
STAGE3_CHECK_READINGS = readings.STAGE3_CHECK.values
STAGE3_CHECK = readings.STAGE3_CHECK.default
#: Whether stage 1's «+1 к Уверенности» goes into that check: by default it does (``True``: «Все
#: приведенные эффекты складываются»); ``False`` checks with the entered Уверенность.
STAGE1_CONFIDENCE_IN_CHECK = readings.STAGE1_CONFIDENCE_IN_CHECK.default


def stage3_trait_fail(confidence: int, willpower: int, modifier: int = 0, check: str | None = None,
                      stage1_confidence: bool = STAGE1_CONFIDENCE_IN_CHECK) -> Fraction:
    """P(a negative feature fires) on entering stage 3: «по проверке Силы духа или чистой
    Уверенности против УС 5» — the check by :data:`STAGE3_CHECK_READINGS`, stage 1's «+1 к
    Уверенности» counted when ``stage1_confidence``.

    >>> stage3_trait_fail(0, 2), stage3_trait_fail(0, 2, check="confidence"), stage3_trait_fail(0, 2, stage1_confidence=False)
    (Fraction(0, 1), Fraction(1, 12), Fraction(1, 36))
    """
    check = STAGE3_CHECK if check is None else check
    if check not in STAGE3_CHECK_READINGS:
        raise ValueError(f"check must be one of {STAGE3_CHECK_READINGS}")
    conf = confidence + (stage_modifiers(3).get("confidence", 0) if stage1_confidence else 0)
    skill = willpower if check == "willpower" else 0
    return 1 - p_success(check_total(conf, skill, modifier), tables.STAGE3_TRAIT_DIFFICULTY)


def p_reaches_stage3(start_stage: int, stage_dists: list[Dist]) -> Fraction:
    """P(the character enters stage 3 during the drinking): stages only go up, so it is
    P(final stage ≥ 3) when starting below 3."""
    if start_stage >= 3 or not stage_dists:
        return Fraction(0)
    return stage_dists[-1].at_least(3)


def dependence_p(confidence: int, willpower: int, days: int, modifier: int = 0) -> Fraction:
    """Drinking again during a hangover: «бросок на Силу духа против УС, равного количеству
    суток непросыхания. Если бросок провален, персонаж приобретает Зависимость»."""
    return 1 - p_success(check_total(confidence, willpower, modifier), days)


# ---------------------------------------------------------------------------------------
# Suffocation, hunger, thirst, sleep
# ---------------------------------------------------------------------------------------

#: «Нормальный человек может обходиться без кислорода количество минут, равное его
#: утроенной Выносливости.»
SUFFOCATION_GRACE_PER_STAMINA = 3
#: «каждую минуту должен делать проверку Стойкости против УС, равного пяти и растущего на 1
#: каждую минуту» — the first check is against 5, the next 6 …
SUFFOCATION_FIRST_DIFFICULTY = 5


def suffocation(stamina: int, fortitude: int, modifier: int = 0) -> Dist:
    """The minute the character falls «при смерти» without air (``None``: never, impossible
    in practice since the УС outgrows any total). Our reading: the grace is 3 × Выносливость
    minutes, and the k-th check (УС 4 + k) comes at the minute grace + k."""
    grace = SUFFOCATION_GRACE_PER_STAMINA * stamina
    bonus = stamina + fortitude + modifier
    fails: dict[int, tuple[int, int]] = {}  # minute → (weight over 36^checks, checks made by then)
    alive, k = 1, 0  # P(still up) = alive / 36^k, kept as integers
    while alive:
        k += 1
        ok = _ok_count(bonus, SUFFOCATION_FIRST_DIFFICULTY + k - 1)
        if ok != 36:
            fails[grace + k] = (alive * (36 - ok), k)
        alive *= ok
    return Dist.from_weights({minute: w * 36 ** (k - j) for minute, (w, j) in fails.items()})


#: «Без пищи человек может продержаться количество дней, равное его утроенной Выносливости»;
#: «Жажда действует аналогично, но срок … равен его Выносливости в днях».
STARVATION_GRACE_PER_STAMINA = {"hunger": 3, "thirst": 1}
#: «каждый день он делает проверку Стойкости против УС 5»
STARVATION_DIFFICULTY = 5


def starvation(stamina: int, fortitude: int, days: int, kind: str = "hunger", modifier: int = 0) -> Dist:
    """State after ``days`` days without food (or water): the current Выносливость (int) or
    ``"dead"``.

    «В случае неудачи он временно теряет одну единицу Выносливости … Когда Выносливость надо
    списать, но списывать больше нечего, персонаж умирает». The lowered Выносливость is the
    one used in the next checks («Пока атрибут не восстановлен, для бросков используется
    текущее значение»).
    """
    grace = STARVATION_GRACE_PER_STAMINA[kind] * stamina
    # a chain of integer weights over 36^steps: the state is small and the chain long
    state: dict = {stamina: 1}
    steps = max(0, days - grace)
    for _day in range(steps):
        nxt: dict = {}
        for s, w in state.items():
            if s == "dead":
                nxt["dead"] = nxt.get("dead", 0) + w * 36
                continue
            ok = _ok_count(s + fortitude + modifier, STARVATION_DIFFICULTY)
            if ok:
                nxt[s] = nxt.get(s, 0) + w * ok
            if ok != 36:
                down = "dead" if s <= 0 else s - 1
                nxt[down] = nxt.get(down, 0) + w * (36 - ok)
        state = nxt
    return Dist.from_weights(state)


#: Of the 36 equally likely 2К rolls, how many reach at least t (t = 2 … 12).
_AT_LEAST_COUNT = {t: int(TWO_D6.at_least(t) * 36) for t in range(2, 13)}


def _ok_count(bonus: int, difficulty: int) -> int:
    """Of the 36 equally likely 2К rolls, how many make ``bonus`` reach ``difficulty``."""
    t = difficulty - bonus
    return 36 if t <= 2 else 0 if t > 12 else _AT_LEAST_COUNT[t]


#: «Нормальный человек может продержаться без сна время, равное десяти часам за каждую
#: единицу Выносливости.»
SLEEP_GRACE_PER_STAMINA = 10
#: What a failed sleep check means: «персонаж валится спать либо получает отрицательный
#: модификатор, равный -2, на все броски, засыпая на ходу. Эти модификаторы складываются».
#: The −2 is «на все броски», so it also weighs on the next sleep checks.
SLEEP_FAIL_PENALTY = -2


def sleep_difficulty(hours_awake: int, stamina: int, rounding: str = DEFAULT_ROUNDING) -> int:
    """«УС, равного количеству часов, которое он бодрствовал, поделенному на удвоенное значение
    его Выносливости» — the source does not say how to round (``rounding``)."""
    return round_by(Fraction(hours_awake, 2 * stamina), rounding)


def sleep_deprivation(stamina: int, confidence: int, willpower: int, hours: int, modifier: int = 0,
                      rounding: str = DEFAULT_ROUNDING) -> Dist:
    """Fails (each a cumulative −2, or a moment he may fall asleep) after ``hours`` awake.

    After the grace (10 × Выносливость hours) he checks Сила духа (2К + Уверенность + Сила
    духа) every hour against :func:`sleep_difficulty` of the hours awake so far; a pass keeps
    him up one more hour. Our reading: the check at hour ``h`` uses the hours awake ``h``
    (the first at grace + 1), and a character who stays up takes −2 per fail."""
    if stamina < 1:
        raise ValueError("sleep needs Выносливость ≥ 1 (the УС divides by it)")
    grace = SLEEP_GRACE_PER_STAMINA * stamina
    state: dict[int, int] = {0: 1}  # integer weights over 36 per check, as in starvation()
    for h in range(grace + 1, hours + 1):
        us = sleep_difficulty(h, stamina, rounding)
        nxt: dict[int, int] = {}
        for fails, w in state.items():
            ok = _ok_count(confidence + willpower + modifier + SLEEP_FAIL_PENALTY * fails, us)
            if ok:
                nxt[fails] = nxt.get(fails, 0) + w * ok
            if ok != 36:
                nxt[fails + 1] = nxt.get(fails + 1, 0) + w * (36 - ok)
        state = nxt
    return Dist.from_weights(state)


# ---------------------------------------------------------------------------------------
# Actions in a round: movement, emptying the magazine
# ---------------------------------------------------------------------------------------

#: «4+(Ловкость/2) метра»: the source names no rounding of the half. ``"exact"`` (default): metres,
#: so the exact half (Ловкость 3: 5,5 м); or one of :data:`ROUNDINGS`.
MOVE_ROUNDINGS = readings.MOVE_ROUNDING.values
MOVE_ROUNDING = readings.MOVE_ROUNDING.default


def standard_move(agility: int, rounding: str | None = None) -> Fraction:
    """The farthest a standard move goes: «переместиться на расстояние не более 4+(Ловкость/2)
    метра за раунд».

    >>> standard_move(3), standard_move(3, "down")
    (Fraction(11, 2), Fraction(5, 1))
    """
    rounding = MOVE_ROUNDING if rounding is None else rounding
    half = Fraction(agility, 2)
    if rounding == "exact":
        return tables.MOVE_BASE_M + half
    if rounding not in ROUNDINGS:
        raise ValueError(f"rounding must be one of {MOVE_ROUNDINGS}")
    whole = round_by(abs(half), rounding)
    return Fraction(tables.MOVE_BASE_M + (whole if half >= 0 else -whole))


def run_distance(agility: int) -> int:
    """«переместиться бегом на 8+Ловкость метров (1 раунд)» — a long action."""
    return tables.RUN_BASE_M + agility


#: «занимающее раунд за каждые 30 патронов в магазине» for a magazine that is not a multiple of 30:
#: ``"begun"`` (default): every begun 30 takes a round (45 rounds: 2); ``"full"``: only full 30s
#: count, at least one round (45: 1).
FULL_CLIP_READINGS = readings.FULL_CLIP.values
FULL_CLIP = readings.FULL_CLIP.default


def full_clip_rounds(magazine: int, reading: str | None = None) -> int:
    """Rounds of emptying a magazine of ``magazine`` rounds point-blank.

    >>> full_clip_rounds(30), full_clip_rounds(45), full_clip_rounds(45, "full")
    (1, 2, 1)
    """
    reading = FULL_CLIP if reading is None else reading
    per = tables.FULL_CLIP_ROUNDS_PER
    if reading == "begun":
        return max(1, ceil(Fraction(magazine, per)))
    if reading == "full":
        return max(1, magazine // per)
    raise ValueError(f"reading must be one of {FULL_CLIP_READINGS}")


# ---------------------------------------------------------------------------------------
# The stress check that costs Уверенность (combat stress among them)
# ---------------------------------------------------------------------------------------

#: Which way the combat-stress modifiers work («Первый бой в жизни персонажа – модификатор +6»,
#: «Противники — сверхъестественные существа – модификатор +3»). ``"difficulty"`` (default): they
#: raise the УС — they make the fight more frightening; ``"result"``: they are added to the check's
#: result, as «Модификатор — это число, прибавляемое или вычитаемое из результата проверки» would
#: have it (the first fight would then be easier).
COMBAT_MODIFIER_READINGS = readings.COMBAT_MODIFIERS_TO.values
COMBAT_MODIFIERS_TO = readings.COMBAT_MODIFIERS_TO.default


def combat_stress_difficulty(situation: str, modifiers: tuple[str, ...] = (),
                             reading: str | None = None) -> tuple[int, int]:
    """(УС, modifier to the check) of the stress check at the start of a fight: the situation's
    УС (:data:`tables.COMBAT_STRESS`) and the modifiers that apply, all of them together
    (:data:`tables.COMBAT_STRESS_MODIFIERS`), by :data:`COMBAT_MODIFIER_READINGS`.

    >>> combat_stress_difficulty("equal", ("first_fight",))
    (11, 0)
    >>> combat_stress_difficulty("equal", ("first_fight",), "result")
    (5, 6)
    """
    reading = COMBAT_MODIFIERS_TO if reading is None else reading
    base = tables.COMBAT_STRESS[situation]["difficulty"]
    extra = sum(tables.COMBAT_STRESS_MODIFIERS[m]["modifier"] for m in modifiers)
    if reading == "difficulty":
        return base + extra, 0
    if reading == "result":
        return base, extra
    raise ValueError(f"reading must be one of {COMBAT_MODIFIER_READINGS}")


#: What a stress check can end in (:func:`stress_outcome`).
STRESS_OUTCOMES = ("pass", "lose", "lose_and_breakdown", "breakdown")


def stress_outcome(confidence: int, willpower: int, difficulty: int, modifier: int = 0, reroll: bool = False,
                   nervous: bool = False) -> Dist:
    """One stress check: «обычную проверку на навык Сила духа против сложности …. Если проверка
    провалена, то расходуется одна единица Уверенности»; the check is 2К + the current Уверенность +
    Сила духа.

    ``"pass"``; ``"lose"`` (Уверенность −1); a failure with no Уверенность left — «она должна
    уменьшиться до -1», so «вместо этого ему приходится пройти проверку на нервный срыв»:
    ``"breakdown"``; for a character with the feature Нервный, who «делает первую проверку, когда
    Уверенность падает вследствие стресса до нуля», a failure at Уверенность 1:
    ``"lose_and_breakdown"``.

    >>> stress_outcome(0, 2, 9)["breakdown"]
    Fraction(5, 12)
    """
    fail = stress_failure(confidence, nervous)
    passes = check_passes(confidence + willpower + modifier, difficulty, reroll)
    return passes.map(lambda ok: "pass" if ok else fail)


def stress_failure(confidence: int, nervous: bool = False) -> str:
    """What a failed stress check means at the current Уверенность (:func:`stress_outcome`)."""
    if confidence < 0:
        raise ValueError("the current Уверенность is never below zero")
    if confidence == 0:
        return "breakdown"
    if confidence == 1 and nervous:
        return "lose_and_breakdown"
    return "lose"


def stress_breakdown(outcome: Dist, willpower: int, breakdowns_in_scene: int = 1, modifier: int = 0) -> Dist:
    """The stress check followed by the breakdown table: ``None`` when no breakdown check is made,
    else the id of the row of :data:`tables.BREAKDOWN` (:func:`breakdown`)."""
    table = breakdown(willpower, breakdowns_in_scene, modifier)
    return outcome.bind(lambda o: table if o in ("breakdown", "lose_and_breakdown") else Dist.constant(None))


# ---------------------------------------------------------------------------------------
# A wounded character: penalties, bleeding, healing
# ---------------------------------------------------------------------------------------

def extra_hits_cost(bought: int) -> int:
    """Plushki paid for ``bought`` extra hits: «За 5 (6, 7, 8...) плюшек персонаж может купить себе 1
    дополнительный хит» — 5 for the first, 6 for the second …

    >>> extra_hits_cost(1), extra_hits_cost(3)
    (5, 18)
    """
    return sum(tables.EXTRA_HIT_FIRST_COST + i for i in range(bought))


def bleeding_timeline(hits: int) -> list[dict]:
    """Bleeding that is not stopped, band by band from ``hits`` down to 0 («при смерти», where
    :data:`BLEEDING_WHEN_DYING` stops it): ``[{"band", "from", "to", "lost", "time", "unit"}]`` —
    ``lost`` hits in ``time`` minutes or rounds (the source counts the two in different units and
    never says how long a round lasts, so they are not added up).

    >>> [(s["from"], s["to"], s["time"], s["unit"]) for s in bleeding_timeline(7)]
    [(7, 4, 30, 'minutes'), (4, 0, 12, 'rounds')]
    """
    out = []
    h = hits
    while h > 0:
        b = bleeding(h)
        if b is None:
            break
        band = tables.BLEEDING[b["band"]]
        low = band["lowest"] - 1 if band["lowest"] is not None else 0
        lost = h - low
        out.append({"band": b["band"], "from": h, "to": low, "lost": lost, "time": lost * band["every"],
                    "unit": band["unit"]})
        h = low
    return out


#: Which hits the bleeding band is read from when a character has temporary damage. «Временное ранение …
#: никогда не истекает кровью», and the bleeding goes by the hits left («если у него 5-8 хитов»). The source
#: does not say whether the temporary hits count toward that band once a permanent wound is there.
#: ``"permanent"`` (default): the temporary damage is left out — the band is read from the hits the
#: permanent damage leaves; ``"all"``: from every hit left, temporary damage too. Either way no permanent
#: damage, no bleeding.
BLEEDING_BAND_READINGS = readings.BLEEDING_BAND.values
BLEEDING_BAND = readings.BLEEDING_BAND.default


def bleeding_hits(total: int, perm: int, temp: int, band: str | None = None) -> int | None:
    """The hits the bleeding band is read from (:data:`BLEEDING_BAND_READINGS`), or ``None`` when nothing
    bleeds: only permanent damage does, a temporary wound «никогда не истекает кровью».

    >>> bleeding_hits(18, 0, 10), bleeding_hits(18, 5, 5), bleeding_hits(18, 5, 5, "all")
    (None, 13, 8)
    """
    band = BLEEDING_BAND if band is None else band
    if band not in BLEEDING_BAND_READINGS:
        raise ValueError(f"band must be one of {BLEEDING_BAND_READINGS}")
    if perm <= 0:
        return None
    return total - perm - (temp if band == "all" else 0)


#: Concussion at a critical wound: «дает … дополнительный отрицательный модификатор …: -3, пока
#: персонаж тяжело ранен, -2, пока легко, и -1, пока это царапина» — nothing for a critical wound.
#: ``"as_heavy"`` (default): −3, as for a heavy one (a worse wound does not ease the concussion);
#: ``"none"``: no extra penalty.
CONCUSSION_AT_CRITICAL_READINGS = readings.CONCUSSION_AT_CRITICAL.values
CONCUSSION_AT_CRITICAL = readings.CONCUSSION_AT_CRITICAL.default
HEAD_WOUNDS = ("none", "concussion", "skull")


def head_penalty(kind: str, level: str, at_critical: str | None = None) -> int:
    """The extra penalty of a head wound (:data:`tables.HEAD_TRAUMA`) «складывающийся с модификатором от
    ранения», at the wound ``level`` (``scratch`` … ``critical``); 0 for ``"none"``."""
    at_critical = CONCUSSION_AT_CRITICAL if at_critical is None else at_critical
    if at_critical not in CONCUSSION_AT_CRITICAL_READINGS:
        raise ValueError(f"reading must be one of {CONCUSSION_AT_CRITICAL_READINGS}")
    if kind == "none" or level not in tables.WOUND_LEVELS:
        return 0
    value = tables.HEAD_TRAUMA[kind][level]
    if value is None:
        return tables.HEAD_TRAUMA[kind]["heavy"] if at_critical == "as_heavy" else 0
    return value


#: A maimed limb once the wounds are down to a scratch: the source names «тяжело ранен» (the limb «полностью
#: демобилизована») and «легко ранен» (−2), and «Выстрел в конечность демобилизует ее, пока ранение не будет
#: вылечено». ``"until_healed"`` (default): −2 while any wound is left, a scratch too; ``"light_only"``: −2
#: only while lightly wounded.
MAIMING_AT_SCRATCH_READINGS = readings.MAIMING_AT_SCRATCH.values
MAIMING_AT_SCRATCH = readings.MAIMING_AT_SCRATCH.default


def maiming(level: str, at_scratch: str | None = None) -> str | int:
    """A maimed limb at the wound ``level``: ``"disabled"`` (heavy or worse), or the modifier to
    actions with it (−2 or 0)."""
    at_scratch = MAIMING_AT_SCRATCH if at_scratch is None else at_scratch
    if at_scratch not in MAIMING_AT_SCRATCH_READINGS:
        raise ValueError(f"reading must be one of {MAIMING_AT_SCRATCH_READINGS}")
    if level in ("heavy", "critical", "unconscious", "dying", "dead"):
        return "disabled"
    if level == "light" or at_scratch == "until_healed":
        return tables.MAIMING_PENALTY
    return 0


#: A failed Медицина check: «В случае удачи проверка Стойкости, которая полагалась бы при
#: естественном лечении, считается автоматически сделанной» — failure is not mentioned.
#: ``"natural"`` (default): the patient still makes the Стойкость check of natural healing;
#: ``"none"``: no healing this period.
MEDICAL_FAIL_READINGS = readings.MEDICAL_FAIL.values
MEDICAL_FAIL = readings.MEDICAL_FAIL.default


def healing(level: str, stamina: int, fortitude: int, modifier: int = 0, reroll: bool = False,
            doctor: int | None = None, doctor_reroll: bool = False, medical_fail: str | None = None) -> dict:
    """One period of healing at the wound ``level`` (``light``, ``heavy``, ``critical``):
    ``{"p": P(the hits come back), "hits", "period", "p_doctor"}`` (:data:`tables.HEALING`).

    Natural: «проверку Стойкости против УС …, и в случае удачи» 1, 2, 3 hits (Стойкость is
    2К + Выносливость + Стойкость). Medical (``doctor``: the doctor's 2К bonus, Медицина and its
    attribute): «врач должен сделать удачную проверку на навык Медицина против сложности 2 для
    легкого ранения, 5 для тяжелого и 7 для критического. В случае удачи проверка Стойкости … считается
    автоматически сделанной»; a failure by :data:`MEDICAL_FAIL_READINGS`.

    >>> healing("critical", 1, 1)["p"]
    Fraction(5, 6)
    """
    medical_fail = MEDICAL_FAIL if medical_fail is None else medical_fail
    if medical_fail not in MEDICAL_FAIL_READINGS:
        raise ValueError(f"medical_fail must be one of {MEDICAL_FAIL_READINGS}")
    row = tables.HEALING[level]
    natural = p_check(stamina + fortitude + modifier, row["fortitude_difficulty"], reroll)
    out = {"hits": row["hits"], "period": row["period"], "p_natural": natural, "p_doctor": None}
    if doctor is None:
        return {**out, "p": natural}
    pd = p_check(doctor, row["medicine_difficulty"], doctor_reroll)
    after_fail = natural if medical_fail == "natural" else Fraction(0)
    return {**out, "p_doctor": pd, "p": pd + (1 - pd) * after_fail}


# ---------------------------------------------------------------------------------------
# Shooting: the modifiers of one shot, two guns
# ---------------------------------------------------------------------------------------

#: The kinds of guns the shooting rules tell apart: «возможна только из оружия, которое используется
#: навыком Стрельба (пистолет), то есть из пистолетов, револьверов или пистолетов-пулеметов»;
#: «Модификаторы на попадание за расстояние не применяются к дробовикам»; the body-part «Модификаторы на
#: попадание не применяются, если огонь ведется из снайперской винтовки».
GUN_KINDS = ("pistol", "smg", "rifle", "sniper", "shotgun")
TWO_GUN_KINDS = ("pistol", "smg")

#: Two-gun shooting and the wrong hand: «Стрельба по-македонски – модификатор -2» and «Стрельба «не с той»
#: руки (с левой для правши) – модификатор -2» — one gun is always in the other hand. ``"included"``
#: (default): the −2 for two guns is all; ``"adds"``: the wrong hand's −2 comes on top.
TWO_GUNS_WRONG_HAND_READINGS = readings.TWO_GUNS_WRONG_HAND.values
TWO_GUNS_WRONG_HAND = readings.TWO_GUNS_WRONG_HAND.default


def _shooting_modifier(mid: str) -> int:
    return next(m["modifier"] for m in tables.SHOOTING_MODIFIERS if m["id"] == mid)


#: A sniper rifle: «Модификаторы на попадание не применяются, если огонь ведется из снайперской
#: винтовки» stands right under the body parts' modifiers, and does not say which. ``"body_part"``
#: (default): the body parts' modifiers to hit; ``"body_part_and_range"``: the range's too (as
#: «Модификаторы на попадание за расстояние не применяются к дробовикам»).
SNIPER_READINGS = readings.SNIPER.values
SNIPER = readings.SNIPER.default


def shot_modifiers(gun: str = "pistol", range_: str = "close", cover: str = "none", two_guns: bool = False,
                   wrong_hand: bool = False, shifting: bool = False, aimed: bool = False, thinking: int = 0,
                   part: str = "none", actions: int = 1, wrong_hand_reading: str | None = None,
                   sniper_reading: str | None = None) -> list[tuple[str, int]]:
    """Every modifier of one Стрельба check, ``[(what, value)]`` (0s left out): range (not for
    shotguns), the target's cover, two guns, the wrong hand, shifting fire, aiming («с положительным
    модификатором, равным Мышлению стрелка»), a body part (not from a sniper rifle, nor its range by
    :data:`SNIPER_READINGS`) and the penalty for the actions of the round (:func:`extra_actions_penalty`).

    >>> shot_modifiers("pistol", "medium", aimed=True, thinking=3, part="head", actions=2)
    [('medium', -2), ('aimed', 3), ('head', -5), ('actions', -1)]
    """
    reading = TWO_GUNS_WRONG_HAND if wrong_hand_reading is None else wrong_hand_reading
    if reading not in TWO_GUNS_WRONG_HAND_READINGS:
        raise ValueError(f"reading must be one of {TWO_GUNS_WRONG_HAND_READINGS}")
    sniper = SNIPER if sniper_reading is None else sniper_reading
    if sniper not in SNIPER_READINGS:
        raise ValueError(f"sniper_reading must be one of {SNIPER_READINGS}")
    out = []
    range_free = gun == "shotgun" or (gun == "sniper" and sniper == "body_part_and_range")
    if not range_free and range_ in ("medium", "far"):
        out.append((range_, _shooting_modifier(range_)))
    if cover != "none":
        out.append((cover, _shooting_modifier(cover)))
    if two_guns:
        out.append(("two_guns", _shooting_modifier("two_guns")))
    if wrong_hand and (not two_guns or reading == "adds"):
        out.append(("wrong_hand", _shooting_modifier("wrong_hand")))
    if shifting:
        out.append(("shifting", _shooting_modifier("shifting")))
    if aimed:
        out.append(("aimed", thinking))
    if part != "none" and gun != "sniper":
        out.append((part, tables.AIMED_SHOTS[part]["to_hit"]))
    if extra_actions_penalty(actions):
        out.append(("actions", extra_actions_penalty(actions)))
    return [(k, v) for k, v in out if v]


def p_shot_hits(shooting: Dist, size: str, dodge: Dist | None = None) -> Fraction:
    """P(a shot hits): against a target that does not dodge, «удачную проверку на навык Стрельбы против
    УС, зависящего от размера цели»; against one that dodges (``dodge``: its Уклонение, without the size
    modifier), an opposed check with the size's dodge modifier, the dodge counted as at least the
    stationary УС, and a tie to the shooter («Стрельба перевешивает Уклонение»)."""
    row = tables.TARGET_SIZE[size]
    if dodge is None:
        return p_success(shooting, row["difficulty"])
    return opposed_outcome(shooting, dodge + row["dodge_modifier"], "attacker", row["difficulty"])["attacker"]


# ---------------------------------------------------------------------------------------
# Magic rituals: two checks
# ---------------------------------------------------------------------------------------

#: When the first check fails («в противном случае маг просто сам недостаточно верит в то, что делает»),
#: does the second still count? «Если же второй бросок провален, то имеет место так называемый
#: дисгармоничный эффект». ``"no_second"`` (default): the ritual did not work, and there is no
#: disharmonic effect; ``"both"``: the second check is made anyway, and its failure is a disharmonic
#: effect.
RITUAL_FIRST_FAIL_READINGS = readings.RITUAL_FIRST_FAIL.values
RITUAL_FIRST_FAIL = readings.RITUAL_FIRST_FAIL.default
RITUAL_OUTCOMES = ("effect", "disharmony", "failed")


def ritual(first_bonus: int, first_difficulty: int, second_bonus: int, second_difficulty: int,
           reroll_first: bool = False, reroll_second: bool = False, first_fail: str | None = None) -> Dist:
    """The two checks of a ritual: «2К+Уверенность+ПП против первого значения сложности», then the
    GM's «скрытый качественный бросок на Магию против второй сложности ритуала … с
    отрицательным модификатором от дисгармонии (МД)». ``"effect"`` — «Если оба броска оказались успешны,
    то в силу вступает эффект ритуала»; ``"disharmony"`` — the second failed; ``"failed"`` — the ritual did
    not work (:data:`RITUAL_FIRST_FAIL_READINGS`). Every outcome but ``"effect"`` brings the paradigm
    attack: «Если один или другой бросок провален».

    >>> ritual(0, 2, 0, 13)["disharmony"]
    Fraction(1, 1)
    """
    first = check_passes(first_bonus, first_difficulty, reroll_first)
    second = check_passes(second_bonus, second_difficulty, reroll_second)
    return first.combine(second, lambda a, b: ritual_outcome(a, b, first_fail))


def ritual_outcome(first_ok: bool, second_ok: bool, first_fail: str | None = None) -> str:
    """The outcome of a ritual's two checks (:func:`ritual`)."""
    first_fail = RITUAL_FIRST_FAIL if first_fail is None else first_fail
    if first_fail not in RITUAL_FIRST_FAIL_READINGS:
        raise ValueError(f"first_fail must be one of {RITUAL_FIRST_FAIL_READINGS}")
    if first_ok and second_ok:
        return "effect"
    if first_ok or first_fail == "both" and not second_ok:
        return "disharmony"
    return "failed"


def ritual_creation_cost(cost: int) -> int:
    """«при создании персонажа цены ритуалов уменьшаются вдвое, с округлением вверх»

    >>> ritual_creation_cost(7)
    4
    """
    return ceil(Fraction(cost, tables.RITUAL_CREATION_DIVISOR))


# ---------------------------------------------------------------------------------------
# Temporary loss of Уверенность and Выносливость, recovery, Luck
# ---------------------------------------------------------------------------------------

def attribute_loss(current: int, loss: int) -> int | None:
    """The current value after a temporary loss; ``None``: «Если значение атрибута должно упасть ниже
    нуля, вместо этого персонаж теряет сознание» (the value stays as it was)."""
    left = current - loss
    return None if left < 0 else left


def recovered(full: int, current: int, sleeps: int, per_sleep: int) -> int:
    """The value after ``sleeps`` sleeps of eight hours, ``per_sleep`` units each, never above the
    permanent value: «Восемь часов здорового сна позволяют возвратить одну единицу Выносливости и две
    Уверенности.»

    >>> recovered(4, 0, 1, 2), recovered(4, 0, 3, 2)
    (2, 4)
    """
    return min(full, current + sleeps * per_sleep)


def sleeps_to_full(full: int, current: int, per_sleep: int) -> int:
    """Sleeps of eight hours until the value is back to the permanent one."""
    return ceil(Fraction(max(0, full - current), per_sleep))


def luck_after(full: int, current: int, days: int) -> int:
    """«Везение восстанавливается по единичке в два внутриигровых дня» (the other way the source allows,
    «до исходного значения в начале сессии», is the GM's choice)."""
    return min(full, current + days // tables.LUCK_RECOVERY_DAYS)
