"""«Сериал»: statuses: burning, overloaded (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist
from .. import tables
from .gaps import (
    ABSORPTION_ARMOR_WEIGHT, ABSORPTION_ARMOR_WEIGHT_CHOICES, BURNING_FIRST_TURN_COUNTS, BURNING_IS_PORTION,
    DIFFICULTY_OVERFLOW, ENCUMBRANCE_MONOTONE, TWO_RESISTANCES,
)
from .numbers import check_non_negative
from .attack import finish_difficulty
from .damage import portion_after_armor

__all__ = [
    "EXTINGUISH_AFTER_DAMAGE",
    "EXTINGUISH_FRIEND",
    "EXTINGUISH_SELF",
    "armor_weight",
    "burning_damage",
    "burning_portion",
    "burning_until_out",
    "extinguish_difficulty",
    "overloaded",
]


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
    check_non_negative("armor", armor, absorption)
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
    check_non_negative("values", strength, large, huge)
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
