"""«Сериал»: explosives (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from math import ceil

from ...dice import Dist
from ...wod.pool import net_successes
from .. import tables
from .gaps import BADABOOM_FALLOFF, FALLOFF_CHOICES, OTHER_ONES_CANCEL
from .numbers import check_non_negative

__all__ = [
    "GRENADE_COVER_METRES",
    "GRENADE_DODGE_DIFFICULTY",
    "GRENADE_THROW_DIFFICULTY",
    "explosion_dice",
    "grenade_distribution",
    "grenade_dodged",
    "grenade_max_distance",
]


#: «Гранаты. Бросок ловкость+атлетика, сложность 6, ... достаточно 1 успеха.»
GRENADE_THROW_DIFFICULTY = 6
#: Grenade dodge: «Маневр “уворот” возможен (сложность 6), если на расстоянии 2 метров ...»
GRENADE_DODGE_DIFFICULTY = 6
GRENADE_COVER_METRES = 2


def explosion_dice(kind: str, distance: int, radius: int | None = None,
                   dice: int | None = None, falloff: str = BADABOOM_FALLOFF) -> int:
    """Damage dice at ``distance`` meters from the center (:data:`tables.EXPLOSIVES`).

    * improvised 10, grenade 12: full dice within 2 m, then −1 die per meter (distance − 2).
    * military/mines: 16 dice within ``radius`` (10–30 m, «Накрывают от 10 до 30 метров»), none
      beyond (000 gives no fall-off).
    * badaboom: ``dice`` up to 20; full within ``radius`` (the Storyteller's), then «по кубику за
      5 метров»: −1 die for each started 5 m (the same way −1 per started meter above), or
      for each full 5 m (:data:`BADABOOM_FALLOFF`).
    «Урон от ВВ не складывается напрямую» — several charges: the biggest one (:func:`max`).
    """
    if kind not in tables.EXPLOSIVES:
        raise ValueError(f"kind must be one of {tuple(tables.EXPLOSIVES)}")
    check_non_negative("distance", distance)
    e = tables.EXPLOSIVES[kind]
    full = e["dice"] if dice is None else dice
    if dice is not None and not 0 <= dice <= e["dice"]:
        raise ValueError(f"at most {e['dice']} dice")
    if kind == "military":
        lo, hi = tables.MILITARY_RADIUS
        r = hi if radius is None else radius
        if not lo <= r <= hi:
            raise ValueError(f"radius must be {lo}..{hi}")
        return full if distance <= r else 0
    epi = e["epicentre"] if e["epicentre"] is not None else (radius or 0)
    if distance <= epi:
        return full
    if falloff not in FALLOFF_CHOICES:
        raise ValueError(f"falloff must be one of {FALLOFF_CHOICES}")
    per = e["metres_per_die"]
    lost = ceil((distance - epi) / per) if falloff == "started" else (distance - epi) // per
    return max(0, full - lost)


def grenade_max_distance(strength: int) -> int:
    """«Максимальная дистанция броска (5*Значение вашей силы без амулетов)»."""
    check_non_negative("strength", strength)
    return tables.GRENADE_RANGE_PER_STRENGTH * strength


def grenade_dodged(dodge_successes: int, throw_successes: int) -> bool:
    """«В случае успешного уворота (набрано успехов не меньше чем у бросившего гранату)»."""
    return dodge_successes >= throw_successes


def grenade_distribution(throw_pool: int, dodge_pool: int | None, ones_cancel: bool = OTHER_ONES_CANCEL) -> Dist:
    """A grenade thrown at a target's point and the target's dodge: outcomes ``"missed"`` (no
    success: «чтобы попасть в нужную точку ... достаточно 1 успеха»), ``"dodged"`` and ``"hit"``.
    ``dodge_pool`` is None when there is no cover within 2 m («если на расстоянии 2 метров от
    вашего персонажа есть место, за которым можно укрыться»): no dodge.

    >>> grenade_distribution(0, 3).items()
    [('missed', Fraction(1, 1))]
    """
    throw = net_successes(throw_pool, GRENADE_THROW_DIFFICULTY, ones_cancel)
    dodge = Dist.constant(None) if dodge_pool is None else net_successes(dodge_pool, GRENADE_DODGE_DIFFICULTY,
                                                                            ones_cancel)

    def outcome(t: int, d: int | None) -> str:
        if t < 1:
            return "missed"
        return "dodged" if d is not None and grenade_dodged(d, t) else "hit"

    return throw.combine(dodge, outcome)
