"""``serial-initiative``: «Инициатива» (the best of three sums), «Подготовка», lowering, and the
order of turns with ties broken by the kind of creature.
"""

from __future__ import annotations

from ...spec import Calculator, Option, Param, Preset, T, bool_param, choice_param, field_error, figures, int_param, note
from .. import readings, rules
from .shared import MAX_TRAIT

__all__ = ["CREATURE_OPTIONS", "INITIATIVE_SUMS", "MAX_INITIATIVE", "INITIATIVE_PARAMS", "check", "compute",
           "CALCULATOR"]

#: The kinds of creatures in the order 000 breaks ties by («первым ходят монстры, затем вампиры …»).
CREATURE_OPTIONS = [(k, rules.CREATURE_NAMES[k], en) for k, en in zip(rules.CREATURE_ORDER, (
    "monsters", "vampires", "shapeshifters", "fae", "mages", "sorcerers", "psychics", "everyone else"))]
_VALUE = {"param": "mode", "eq": "value"}
#: The three sums: (key, label, the two traits' parameter names).
INITIATIVE_SUMS = (
    ("dexterity_wits", T("Ловкость + Смекалка", "Dexterity + Wits"), ("dexterity", "wits")),
    ("manipulation_perception", T("Манипулирование + Восприятие", "Manipulation + Perception"),
     ("manipulation", "perception")),
    ("athletics_cunning", T("Атлетика + Хитрость", "Athletics + Subterfuge"), ("athletics", "cunning")),
)
MAX_INITIATIVE = 60


def _trait(name: str, ru: str, en: str, default: int) -> Param:
    return int_param(name, ru, en, default, 0, MAX_TRAIT, when=_VALUE)


INITIATIVE_PARAMS = (
    choice_param("mode", "Что считать", "What to work out", "value", [
        ("value", "Инициатива персонажа", "A character's Initiative"),
        ("order", "Порядок ходов", "The order of turns"),
    ]),
    _trait("dexterity", "Ловкость", "Dexterity", 3),
    _trait("wits", "Смекалка", "Wits", 2),
    _trait("manipulation", "Манипулирование", "Manipulation", 2),
    _trait("perception", "Восприятие", "Perception", 2),
    _trait("athletics", "Атлетика", "Athletics", 2),
    _trait("cunning", "Хитрость", "Subterfuge", 1),
    bool_param("prepared", "Прошлым действием была Подготовка", "The last action was Preparation", False,
               help=T("«На следующий ход добавить половину своего показателя Инициативы». Две «Подготовки» "
                      "не суммируются.", "Next turn add half one's Initiative. Two Preparations do not add up."),
               when=_VALUE),
    int_param("modifier", "Модификатор от особых умений и магии", "Modifier from special abilities and magic",
              0, -10, 20, group="details", when=_VALUE),
    bool_param("lowered", "Инициатива понижена в этом бою", "Initiative lowered this fight", False,
               help=T("«понизить свою инициативу до любого неотрицательного числа, но дальше до конца боя он не "
                      "может ее повысить».", "Lowered to any non-negative number; it cannot rise again this fight."),
               group="details", when=_VALUE),
    int_param("lowered_to", "Понижена до", "Lowered to", 0, 0, MAX_INITIATIVE, group="details",
              when={"all": [_VALUE, {"param": "lowered", "eq": True}]}),
    Param("participants", "record_list", T("Участники боя", "Those in the fight"),
          [{"initiative": 6, "kind": "vampire"}, {"initiative": 8, "kind": "other"},
           {"initiative": 6, "kind": "monster"}, {"initiative": 6, "kind": "other"}],
          min_len=1, max_len=20,
          fields=(Param("initiative", "int", T("Инициатива", "Initiative"), 5, min=0, max=MAX_INITIATIVE),
                  Param("kind", "choice", T("Кто", "Who"), "other",
                        options=tuple(Option(v, T(r, e)) for v, r, e in CREATURE_OPTIONS))),
          presets=tuple(Preset(T(r, e), {"initiative": 5, "kind": v}) for v, r, e in CREATURE_OPTIONS),
          when={"param": "mode", "eq": "order"}),
    readings.PREPARATION_ROUNDING.switch(when={"all": [_VALUE, {"param": "prepared", "eq": True}]}),
    readings.LOWERED_BLOCKS_PREPARATION.switch(when={"all": [_VALUE, {"param": "prepared", "eq": True}, {"param": "lowered", "eq": True}]}),
)


def _initiative_value(p: dict) -> tuple[int, list[tuple[str, dict, int]]]:
    sums = [(k, label, p[a] + p[b]) for k, label, (a, b) in INITIATIVE_SUMS]
    return rules.initiative(p["dexterity"], p["wits"], p["manipulation"], p["perception"], p["athletics"],
                            p["cunning"], p["modifier"]), sums


def check(p: dict) -> None:
    """Refuse a negative Initiative and a lowering above it."""
    if p["mode"] != "value":
        return
    value, _ = _initiative_value(p)
    if value < 0:
        raise field_error("modifier", "Инициатива с модификатором меньше нуля.", "The Initiative with the modifier is below 0.")
    if p["lowered"] and p["lowered_to"] > value:
        raise field_error("lowered_to", f"Инициативу можно только понизить: не больше {value}.",
                          f"The Initiative can only be lowered: at most {value}.")


def _order_text(groups: list[list[str]]) -> dict:
    parts = [" = ".join(f"№{n}" for n in g) + (" (ничья)" if len(g) > 1 else "") for g in groups]
    parts_en = [" = ".join(f"#{n}" for n in g) + (" (tie)" if len(g) > 1 else "") for g in groups]
    return T(" → ".join(parts), " → ".join(parts_en))


def compute(p: dict) -> dict:
    """A character's Initiative this turn, or the order of turns of those in the fight."""
    if p["mode"] == "order":
        rows_in = [(str(i), r["initiative"], r["kind"]) for i, r in enumerate(p["participants"], 1)]
        groups = rules.initiative_order(rows_in)
        by_name = {n: (ini, kind) for n, ini, kind in rows_in}
        names = dict((v, T(r, e)) for v, r, e in CREATURE_OPTIONS)
        rows = []
        for place, g in enumerate(groups, 1):
            for n in g:
                ini, kind = by_name[n]
                rows.append([place, f"№{n}", ini, names[kind],
                             T("ничья: решите броском кубика", "tie: settle with a die") if len(g) > 1 else ""])
        ties = sum(len(g) > 1 for g in groups)
        display = [
            figures(("initiative", T("Порядок ходов", "The order of turns"), _order_text(groups))),
            {"kind": "table", "title": T("Порядок ходов", "The order of turns"),
             "columns": [T("Место", "Place"), T("Участник", "Who"), T("Инициатива", "Initiative"),
                         T("Кто", "Kind"), T("", "")], "rows": rows},
        ]
        if ties:
            display.append(note("Равная Инициатива у одинаковых существ: «решите оставшиеся ничьи броском кубика».",
                                "Equal Initiative among the same kind: settle the remaining ties with a die."))
        return {"order": groups, "unresolved_ties": ties, "display": display}
    value, sums = _initiative_value(p)
    this_turn, bonus = rules.initiative_this_turn(value, p["prepared"], p["lowered_to"] if p["lowered"] else None,
                                                  p["preparation_rounding"], p["lowered_blocks_preparation"])
    best = max(sums, key=lambda x: x[2])
    items = [("initiative", T("Инициатива в этот ход", "Initiative this turn"), this_turn),
             ("best_sum", T("Лучшая сумма", "The best sum"),
              T(f"{best[1]['ru']} = {best[2]}", f"{best[1]['en']} = {best[2]}"))]
    if p["prepared"]:
        items.append(("preparation_bonus", T("«Подготовка» добавила", "Preparation added"), bonus))
    display = [
        figures(*items),
        {"kind": "table", "title": T("Суммы характеристик", "The sums of traits"),
         "columns": [T("Сумма", "Sum"), T("Значение", "Value")],
         "rows": [[label, v] for _, label, v in sums]},
    ]
    if p["prepared"] and p["lowered"] and p["lowered_blocks_preparation"]:
        display.append(note("Инициатива понижена в этом бою: «не может ее повысить» — «Подготовка» ничего не добавила.",
                            "The Initiative was lowered this fight and cannot rise: Preparation added nothing."))
    return {"initiative": this_turn, "base": value, "preparation_bonus": bonus,
            "sums": {k: v for k, _, v in sums}, "display": display}

#: ``serial-initiative``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-initiative", system="serial", kind="check",
    title=T("Инициатива и порядок ходов", "Initiative and the order of turns"),
    description=T("Инициатива — лучшая из трёх сумм; «Подготовка», понижение; порядок ходов с ничьими по видам существ.",
                  "Initiative — the best of three sums; Preparation, lowering; the turn order with ties by kind."),
    params=INITIATIVE_PARAMS, compute=compute, check=check,
    summary=("initiative",))
