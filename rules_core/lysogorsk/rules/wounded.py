"""«Лысогорские сказочки»: a wounded character: penalties, bleeding, healing.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from .. import readings, tables
from .checks import p_check
from .hits import bleeding

__all__ = [
    "BLEEDING_BAND",
    "BLEEDING_BAND_READINGS",
    "CONCUSSION_AT_CRITICAL",
    "CONCUSSION_AT_CRITICAL_READINGS",
    "HEAD_WOUNDS",
    "MAIMING_AT_SCRATCH",
    "MAIMING_AT_SCRATCH_READINGS",
    "MEDICAL_FAIL",
    "MEDICAL_FAIL_READINGS",
    "bleeding_hits",
    "bleeding_timeline",
    "extra_hits_cost",
    "head_penalty",
    "healing",
    "maiming",
]


def extra_hits_cost(bought: int) -> int:
    """Plushki paid for ``bought`` extra hits: «За 5 (6, 7, 8...) плюшек персонаж может купить себе 1
    дополнительный хит» — 5 for the first, 6 for the second …

    >>> extra_hits_cost(1), extra_hits_cost(3)
    (5, 18)
    """
    return sum(tables.EXTRA_HIT_FIRST_COST + i for i in range(bought))


def bleeding_timeline(hits: int) -> list[dict]:
    """Bleeding that is not stopped, band by band from ``hits`` down to 0 («при смерти», where
    :data:`BLEEDING_WHEN_DYING` stops it): ``[{"band", "from", "to", "lost", "time", "unit"}]`` —
    ``lost`` hits in ``time`` minutes or rounds (the source counts the two in different units and
    never says how long a round lasts, so they are not added up).

    >>> [(s["from"], s["to"], s["time"], s["unit"]) for s in bleeding_timeline(7)]
    [(7, 4, 30, 'minutes'), (4, 0, 12, 'rounds')]
    """
    out = []
    h = hits
    while h > 0:
        b = bleeding(h)
        if b is None:
            break
        band = tables.BLEEDING[b["band"]]
        low = band["lowest"] - 1 if band["lowest"] is not None else 0
        lost = h - low
        out.append({"band": b["band"], "from": h, "to": low, "lost": lost, "time": lost * band["every"],
                    "unit": band["unit"]})
        h = low
    return out


#: Which hits the bleeding band is read from when a character has temporary damage. «Временное ранение …
#: никогда не истекает кровью», and the bleeding goes by the hits left («если у него 5-8 хитов»). The source
#: does not say whether the temporary hits count toward that band once a permanent wound is there.
#: ``"permanent"`` (default): the temporary damage is left out — the band is read from the hits the
#: permanent damage leaves; ``"all"``: from every hit left, temporary damage too. Either way no permanent
#: damage, no bleeding.
BLEEDING_BAND_READINGS = readings.BLEEDING_BAND.values
BLEEDING_BAND = readings.BLEEDING_BAND.default


def bleeding_hits(total: int, perm: int, temp: int, band: str | None = None) -> int | None:
    """The hits the bleeding band is read from (:data:`BLEEDING_BAND_READINGS`), or ``None`` when nothing
    bleeds: only permanent damage does, a temporary wound «никогда не истекает кровью».

    >>> bleeding_hits(18, 0, 10), bleeding_hits(18, 5, 5), bleeding_hits(18, 5, 5, "all")
    (None, 13, 8)
    """
    band = BLEEDING_BAND if band is None else band
    if band not in BLEEDING_BAND_READINGS:
        raise ValueError(f"band must be one of {BLEEDING_BAND_READINGS}")
    if perm <= 0:
        return None
    return total - perm - (temp if band == "all" else 0)


#: Concussion at a critical wound: «дает … дополнительный отрицательный модификатор …: -3, пока
#: персонаж тяжело ранен, -2, пока легко, и -1, пока это царапина» — nothing for a critical wound.
#: ``"as_heavy"`` (default): −3, as for a heavy one (a worse wound does not ease the concussion);
#: ``"none"``: no extra penalty.
CONCUSSION_AT_CRITICAL_READINGS = readings.CONCUSSION_AT_CRITICAL.values
CONCUSSION_AT_CRITICAL = readings.CONCUSSION_AT_CRITICAL.default
HEAD_WOUNDS = ("none", "concussion", "skull")


def head_penalty(kind: str, level: str, at_critical: str | None = None) -> int:
    """The extra penalty of a head wound (:data:`tables.HEAD_TRAUMA`) «складывающийся с модификатором от
    ранения», at the wound ``level`` (``scratch`` … ``critical``); 0 for ``"none"``."""
    at_critical = CONCUSSION_AT_CRITICAL if at_critical is None else at_critical
    if at_critical not in CONCUSSION_AT_CRITICAL_READINGS:
        raise ValueError(f"reading must be one of {CONCUSSION_AT_CRITICAL_READINGS}")
    if kind == "none" or level not in tables.WOUND_LEVELS:
        return 0
    value = tables.HEAD_TRAUMA[kind][level]
    if value is None:
        return tables.HEAD_TRAUMA[kind]["heavy"] if at_critical == "as_heavy" else 0
    return value


#: A maimed limb once the wounds are down to a scratch: the source names «тяжело ранен» (the limb «полностью
#: демобилизована») and «легко ранен» (−2), and «Выстрел в конечность демобилизует ее, пока ранение не будет
#: вылечено». ``"until_healed"`` (default): −2 while any wound is left, a scratch too; ``"light_only"``: −2
#: only while lightly wounded.
MAIMING_AT_SCRATCH_READINGS = readings.MAIMING_AT_SCRATCH.values
MAIMING_AT_SCRATCH = readings.MAIMING_AT_SCRATCH.default


def maiming(level: str, at_scratch: str | None = None) -> str | int:
    """A maimed limb at the wound ``level``: ``"disabled"`` (heavy or worse), or the modifier to
    actions with it (−2 or 0)."""
    at_scratch = MAIMING_AT_SCRATCH if at_scratch is None else at_scratch
    if at_scratch not in MAIMING_AT_SCRATCH_READINGS:
        raise ValueError(f"reading must be one of {MAIMING_AT_SCRATCH_READINGS}")
    if level in ("heavy", "critical", "unconscious", "dying", "dead"):
        return "disabled"
    if level == "light" or at_scratch == "until_healed":
        return tables.MAIMING_PENALTY
    return 0


#: A failed Медицина check: «В случае удачи проверка Стойкости, которая полагалась бы при
#: естественном лечении, считается автоматически сделанной» — failure is not mentioned.
#: ``"natural"`` (default): the patient still makes the Стойкость check of natural healing;
#: ``"none"``: no healing this period.
MEDICAL_FAIL_READINGS = readings.MEDICAL_FAIL.values
MEDICAL_FAIL = readings.MEDICAL_FAIL.default


def healing(level: str, stamina: int, fortitude: int, modifier: int = 0, reroll: bool = False,
            doctor: int | None = None, doctor_reroll: bool = False, medical_fail: str | None = None) -> dict:
    """One period of healing at the wound ``level`` (``light``, ``heavy``, ``critical``):
    ``{"p": P(the hits come back), "hits", "period", "p_doctor"}`` (:data:`tables.HEALING`).

    Natural: «проверку Стойкости против УС …, и в случае удачи» 1, 2, 3 hits (Стойкость is
    2К + Выносливость + Стойкость). Medical (``doctor``: the doctor's 2К bonus, Медицина and its
    attribute): «врач должен сделать удачную проверку на навык Медицина против сложности 2 для
    легкого ранения, 5 для тяжелого и 7 для критического. В случае удачи проверка Стойкости … считается
    автоматически сделанной»; a failure by :data:`MEDICAL_FAIL_READINGS`.

    >>> healing("critical", 1, 1)["p"]
    Fraction(5, 6)
    """
    medical_fail = MEDICAL_FAIL if medical_fail is None else medical_fail
    if medical_fail not in MEDICAL_FAIL_READINGS:
        raise ValueError(f"medical_fail must be one of {MEDICAL_FAIL_READINGS}")
    row = tables.HEALING[level]
    natural = p_check(stamina + fortitude + modifier, row["fortitude_difficulty"], reroll)
    out = {"hits": row["hits"], "period": row["period"], "p_natural": natural, "p_doctor": None}
    if doctor is None:
        return {**out, "p": natural}
    pd = p_check(doctor, row["medicine_difficulty"], doctor_reroll)
    after_fail = natural if medical_fail == "natural" else Fraction(0)
    return {**out, "p_doctor": pd, "p": pd + (1 - pd) * after_fail}
