"""«Лысогорские сказочки»: hits and wound levels.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .. import readings, tables
from .checks import p_check
from .rounding import DEFAULT_ROUNDING, round_by

__all__ = [
    "BLAST",
    "BLAST_READINGS",
    "BLEEDING_WHEN_DYING",
    "DYING_MINUTES",
    "EXTRA_HITS_PER_STAMINA",
    "HEAD_HALF",
    "HEAD_HALF_READINGS",
    "HEAD_WOUND_STATES",
    "HITS_STAMINA",
    "HITS_STAMINA_READINGS",
    "PAIN_SHOCK_ROLL",
    "PAIN_SHOCK_ROLLS",
    "PAIN_SHOCK_WOUND_PENALTY",
    "QUARTER_IS_CRITICAL",
    "STATES",
    "after_hours",
    "apply_damage",
    "bleeding",
    "head_wound_permanent",
    "hits_stamina",
    "max_hits",
    "p_pain_shock",
    "pain_shock_difficulty",
    "state_after",
    "temporary_room",
    "thresholds",
    "wound_level",
    "wound_penalty",
]


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
