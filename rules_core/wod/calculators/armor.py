"""``wod-armor``: the armor's Dexterity penalty (002, 003) and when it is halved."""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, choice_param, figures, int_param, note
from .. import readings, rules, tables
from .soak import ARMOR_OPTIONS

__all__ = ["ARMOR_PENALTY_PARAMS", "compute", "CALCULATOR"]

ARMOR_PENALTY_PARAMS = (
    choice_param("armor", "Доспех", "Armor", "4", ARMOR_OPTIONS[1:]),
    int_param("dexterity", "Ловкость", "Dexterity", 3, 0, 10),
    int_param("melee", "Фехтование", "Melee", 0, 0, 10),
    int_param("strength", "Сила (или Сила + Стойкость)", "Strength (or Strength + Fortitude)", 2, 0, 20),
    bool_param("strength_known", "Известна Сила, нужная для доспеха", "The Strength the armor needs is known", False,
               help=T("Таблица доспехов Тёмных веков с этим значением в выдержку не вошла.",
                      "The Dark Ages armor table with that value is not in the excerpt."), group="details"),
    int_param("required", "Сила, нужная для ношения доспеха", "Strength the armor needs", 2, 1, 10, group="details",
              when={"param": "strength_known", "eq": True}),
    readings.HALF_PENALTY_ROUNDING.switch(),
    choice_param("double", "Вдвое превышающая Сила", "«Twice»", rules.ARMOR_BREAK, [
        ("at_least_double", "Сила ≥ 2 × нужной", "Strength ≥ 2 × the need"),
        ("more_than_double", "Сила > 2 × нужной", "Strength > 2 × the need")], group="readings",
        when={"param": "strength_known", "eq": True}),
)


def compute(p: dict) -> dict:
    """The armor's Dexterity penalty, full or halved, and the Dexterity left."""
    rating = int(p["armor"])
    full = next(a for a in tables.ARMOR if a["rating"] == rating)["dexterity_penalty"]
    penalty, halved = rules.armor_dexterity_penalty(rating, p["melee"], p["strength"],
                                                    p["required"] if p["strength_known"] else None, p["rounding"], p["double"])
    dex = max(0, p["dexterity"] - penalty)
    why = (T("половинный: Фехтование 3 и выше", "halved: Melee 3 or more") if p["melee"] >= rules.HALF_PENALTY_MELEE
           else T("половинный: Сила вдвое больше нужной", "halved: twice the Strength needed") if halved
           else T("полный", "full"))
    display = [figures(
        ("penalty", T("Штраф к Ловкости", "Dexterity penalty"), -penalty),
        ("dexterity", T("Ловкость в доспехе", "Dexterity in the armor"), dex),
        ("soak", T("Кубиков поглощения от доспеха", "Soak dice from the armor"), f"+{rating}"),
        ("why", T("Штраф", "The penalty"), T(f"{why['ru']} (по таблице {full})", f"{why['en']} (the table's {full})")))]
    if not p["strength_known"]:
        display.append(note("Сила, нужная для доспеха, неизвестна: половинный штраф — только за Фехтование 3 и выше.",
                            "The Strength the armor needs is unknown: the half penalty comes from Melee 3+ only."))
    return {"penalty": penalty, "halved": halved, "dexterity": dex, "display": display}

#: ``wod-armor``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(id="wod-armor", system="wod", kind="armor", title=T("Штраф доспеха к Ловкости (классика)",
                                                               "Armor's Dexterity penalty (classic)"),
           description=T("Штраф Ловкости по классу доспеха и когда он половинный.",
                         "The Dexterity penalty by armor class and when it is halved."),
           params=ARMOR_PENALTY_PARAMS, compute=compute, summary=("penalty", "dexterity"))
