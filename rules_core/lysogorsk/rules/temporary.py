"""«Лысогорские сказочки»: temporary loss of Уверенность and Выносливость, recovery, Luck.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from .. import tables

__all__ = ["attribute_loss", "luck_after", "recovered", "sleeps_to_full"]


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
