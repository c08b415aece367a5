"""«Лысогорские сказочки»: actions in a round: movement, emptying the magazine.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from .. import readings, tables
from .rounding import ROUNDINGS, round_by

__all__ = [
    "FULL_CLIP",
    "FULL_CLIP_READINGS",
    "MOVE_ROUNDING",
    "MOVE_ROUNDINGS",
    "full_clip_rounds",
    "run_distance",
    "standard_move",
]


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
