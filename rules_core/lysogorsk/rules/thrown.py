"""«Лысогорские сказочки»: thrown weapons (a section of the rules, :mod:`rules_core.lysogorsk.rules`)."""

from __future__ import annotations

from ...dice import Dist
from .. import readings, tables
from .checks import check_total

__all__ = ["THROWN_READINGS", "band_of", "thrown_miss"]


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
