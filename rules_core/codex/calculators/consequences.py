"""``codex-consequences``: the track level the damage stopped at, how much damage goes to how many
preparations, and the 2D6 roll for each.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist
from ...spec import Calculator, T, dice_block, dist_block, figures, int_param, note, prob
from .. import readings, rules, tables
from .attack import ATTACK_PARAMS

__all__ = ["CONSEQUENCE_PARAMS", "GROUP_NAMES", "compute", "roll", "CALCULATOR"]

_ATTACK_BY_NAME = {p.name: p for p in ATTACK_PARAMS}

CONSEQUENCE_PARAMS = (
    int_param("damage", "Урон на треке Выносливости", "Damage on the Endurance track", 12, 0, 200),
    _ATTACK_BY_NAME["tough"],
    _ATTACK_BY_NAME["incapacitated_at"],
    readings.PARITY.switch(),
)

GROUP_NAMES = {"universal": T("универсальная", "universal"), "genre": T("жанровая", "genre")}


def compute(p: dict) -> dict:
    """The track level, its consequence, and the odds of the preparations' groups."""
    level = rules.track_level(p["damage"])
    per, count = rules.consequence(level)
    incap = rules.incapacitated(p["damage"], p["tough"], p["incapacitated_at"])
    nxt = rules.to_next_level(p["damage"])
    display = [
        figures(("level", T("Урон остановился на уровне", "The damage stopped at level"), level),
                ("consequence", T("Последствие", "Consequence"), tables.CONSEQUENCES[level]["consequence"]),
                ("incapacitated", T("Недееспособен", "Incapacitated"), T("да", "yes") if incap else T("нет", "no")),
                ("to_next", T("До следующего уровня урона", "Damage to the next level"), "—" if nxt is None else nxt),
                ("capacity", T("Доступные пороги держат", "The available thresholds hold"),
                 rules.track_capacity(p["tough"]))),
    ]
    if count:
        universal = Dist.bernoulli(Fraction(1, 2), 1, 0).repeat(count)
        display.append(figures(("p_universal", T("Бросок 2D6: каждая подготовка — из универсальной группы с шансом",
                                                 "The 2D6 roll: each preparation is of the universal group with"),
                                 prob(Fraction(1, 2)))))
        display.append(dist_block("universal", T("Если бросать 2D6: подготовок из универсальной группы",
                                                  "When rolling 2D6: preparations of the universal group"),
                                  T("подготовок", "preparations"), universal))
        display.append(note("2-й D6 определяет конкретную подготовку; диапазон значений для нее определяется перед "
                            "броском — калькулятор показывает только грань.",
                            "The second D6 names the preparation; its range is set before the roll — the "
                            "calculator only shows the face."))
    return {"level": level, "damage_per_preparation": per, "preparations": count, "incapacitated": incap,
            "to_next_level": nxt, "display": display}


def roll(p: dict, roller) -> dict:
    """The 2D6 of each preparation the damage reaches."""
    level = rules.track_level(p["damage"])
    per, count = rules.consequence(level)
    rows, log, blocks = [], [], []
    for i in range(count):
        a, b = roller.dice(2, 6)
        group = rules.preparation_group(a, p["parity"])
        log.append({"faces": [a, b], "group": group, "damage": per})
        rows.append([i + 1, f"{a}, {b}", GROUP_NAMES[group], b, per])
        blocks.append(dice_block(T(f"Подготовка {i + 1}", f"Preparation {i + 1}"), 6, [a, b]))
    display = blocks + [figures(("result", T("Последствие", "Consequence"), tables.CONSEQUENCES[level]["consequence"]))]
    if rows:
        display.append({"kind": "table", "title": T("Урон в подготовки", "Damage to preparations"),
                        "columns": [T("№", "#"), T("2D6", "2D6"), T("Группа (1-й D6)", "Group (first D6)"),
                                    T("2-й D6", "Second D6"), T("Урон", "Damage")], "rows": rows})
    return {"level": level, "preparations": log, "display": display}

#: ``codex-consequences``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-consequences", system="codex", kind="dice",
    title=T("Последствия урона (Codex)", "Consequences of damage (Codex)"),
    description=T("На каком уровне трека остановился урон, сколько урона в сколько подготовок, и бросок 2D6 "
                  "за каждую.",
                  "The track level the damage stopped at, how much damage to how many preparations, and the 2D6 "
                  "roll for each."),
    params=CONSEQUENCE_PARAMS, compute=compute, roll=roll,
    summary=("level", "consequence"),
)
