"""«Сериал»: numbers the source states (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from .gaps import HALF_ROUNDING, HALF_ROUNDING_CHOICES

__all__ = [
    "BASE_DIFFICULTY",
    "BLOCK_DIFFICULTY",
    "DAMAGE_DIFFICULTY",
    "DODGE_MELEE_DIFFICULTY",
    "DODGE_RANGED_DIFFICULTY",
    "FLANK_DICE",
    "MANY_ON_ONE_MAX",
    "PRONE_ATTACKER",
    "PRONE_MELEE",
    "PRONE_RANGED",
    "REAR_DICE",
    "check_non_negative",
    "half_of",
]


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


def half_of(n: int, rounding: str = HALF_ROUNDING) -> int:
    """Half of ``n``, rounded ``down`` (the default reading, :data:`HALF_ROUNDING`) or ``up``.

    >>> half_of(5), half_of(5, "up")
    (2, 3)
    """
    if rounding not in HALF_ROUNDING_CHOICES:
        raise ValueError(f"rounding must be one of {HALF_ROUNDING_CHOICES}")
    return n // 2 if rounding == "down" else -(-n // 2)


def check_non_negative(name: str, *values: int) -> None:
    """Refuse (``ValueError``) any of ``values`` that is not a non-negative integer, naming ``name``."""
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{name} must be a non-negative integer")
