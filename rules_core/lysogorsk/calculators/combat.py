"""``lysogorsk-actions``: the actions of a round — the penalty for several, how far a move goes, how long
emptying a magazine point-blank takes (the page «Бой»).
"""

from __future__ import annotations

from ...spec import Calculator, T, figures, frac, int_param, note
from .. import readings, rules, tables

__all__ = ["PARAMS", "compute", "CALCULATOR"]

PARAMS = (
    int_param("actions", "Стандартных действий за раунд", "Standard actions this round", 2, 1, 12),
    int_param("agility", "Ловкость", "Agility", 3, -10, 30),
    int_param("magazine", "Весь магазин в упор: патронов (0 — нет)", "A whole magazine point-blank: rounds (0: no)", 0,
              0, 1000, group="details"),
    readings.MOVE_ROUNDING.switch(),
    readings.FULL_CLIP.switch(when={"param": "magazine", "min": 1}),
)


def _metres(x) -> T:
    text = f"{float(x):g}"
    return T(text.replace(".", ",") + " м", text + " m")


def compute(p: dict) -> dict:
    """The modifier of each action, the move and run distances, the rounds of a whole magazine."""
    mod = rules.extra_actions_penalty(p["actions"])
    move = rules.standard_move(p["agility"], p["move_rounding"])
    run = rules.run_distance(p["agility"])
    display = [
        figures(("modifier", T("Модификатор на каждое действие", "Modifier to each action"), mod),
                ("move", T("Перемещение (стандартное действие), не более", "A move (standard action), at most"),
                 _metres(move)),
                ("run", T("Бег (длительное действие, 1 раунд)", "A run (long action, 1 round)"), _metres(run))),
    ]
    result = {"modifier": mod, "move_m": frac(move), "run_m": run}
    if p["magazine"]:
        rounds = rules.full_clip_rounds(p["magazine"], p["full_clip"])
        display.append(figures(("full_clip_rounds", T("Весь магазин в упор: раундов (длительное действие)",
                                                      "A whole magazine point-blank: rounds (long action)"), rounds)))
        result["full_clip_rounds"] = rounds
    if mod <= tables.SERIOUS_MODIFIER:
        display.append(note("Модификатор −6 и больше может послужить основанием для проверок и на самые простые "
                            "действия.", "A modifier of −6 or worse may call for checks even on the simplest "
                            "actions.", "warning"))
    display.append(note("Перемещение — одно действие за раунд: все перемещения раунда складываются. Перемещение до "
                        "1 метра действием не считается.",
                        "Moving is one action a round: all the moves of the round add up. Up to 1 meter is no "
                        "action."))
    result["display"] = display
    return result

#: ``lysogorsk-actions``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-actions", system="lysogorsk", kind="check",
    title=T("Действия в раунде", "The actions of a round"),
    description=T("Штраф за несколько действий, дальность перемещения и бега, весь магазин в упор.",
                  "The penalty for several actions, how far a move and a run go, a whole magazine point-blank."),
    params=PARAMS, compute=compute, summary=("modifier", "move"),
)
