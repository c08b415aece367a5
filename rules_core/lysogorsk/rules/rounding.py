"""«Лысогорские сказочки»: rounding (a section of the rules, :mod:`rules_core.lysogorsk.rules`)."""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

from .. import readings

__all__ = ["DEFAULT_ROUNDING", "ROUNDINGS", "round_by"]


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
