"""«Лысогорские сказочки»: stress and the nervous breakdown.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from ...dice import Dist
from .. import readings, tables
from .checks import TWO_D6, check_total
from .thrown import band_of

__all__ = ["AFTER_READINGS", "breakdown", "breakdown_after", "breakdown_roll", "breakdown_willpower"]


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
