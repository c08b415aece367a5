"""«Лысогорские сказочки»: magic rituals: two checks.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ...dice import Dist
from .. import readings, tables
from .checks import check_passes

__all__ = [
    "RITUAL_FIRST_FAIL",
    "RITUAL_FIRST_FAIL_READINGS",
    "RITUAL_OUTCOMES",
    "ritual",
    "ritual_creation_cost",
    "ritual_outcome",
]


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
