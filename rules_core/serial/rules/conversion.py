"""«Сериал»: old effects converted, power-up limits.

A section of the rules, :mod:`rules_core.serial.rules`.
"""

from __future__ import annotations

from .numbers import BASE_DIFFICULTY, check_non_negative

__all__ = ["MAX_EXTERNAL_BOOSTS", "convert_soak_difficulty", "external_boosts_allowed"]


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
    check_non_negative("count", count)
    return count <= MAX_EXTERNAL_BOOSTS
