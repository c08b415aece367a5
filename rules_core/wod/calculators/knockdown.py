"""``wod-knockdown``: the sweep, the tackle and the fall (003)."""

from __future__ import annotations

from ...dice import Dist
from ...spec import Calculator, T, choice_param, figures, int_param, note, prob
from ..pool import d10_pool
from .. import readings, rules
from .shared import MAX_POOL

__all__ = ["KNOCKDOWN_PARAMS", "compute", "CALCULATOR"]

_NOT_FALL = {"param": "cause", "ne": "fall"}
KNOCKDOWN_PARAMS = (
    choice_param("cause", "Что случилось", "What happened", "trip", [
        ("trip", "Подножка: устоит ли цель", "Sweep: does the target stay up"),
        ("tackle", "Таран: оба бросают по 7", "Tackle: both roll at 7"),
        ("fall", "Уже упал", "Has fallen"),
    ]),
    int_param("pool", "Ловкость + Легкая Атлетика цели", "The target's Dexterity + Athletics", 4, 0, MAX_POOL),
    int_param("attacker_pool", "Ловкость + Легкая Атлетика атакующего", "The attacker's Dexterity + Athletics", 4, 0,
              MAX_POOL, when={"param": "cause", "eq": "tackle"}),
    readings.KNOCKDOWN_DIFFICULTY.switch(),
    readings.ATTACK_BOTCH.switch(label=T("Правило провала", "Botch rule")),
    readings.FALL_ROLLS_AGAIN.switch(when=_NOT_FALL),
)


def _fall(pool: int, difficulty: int, botch_rule: str) -> Dist:
    return d10_pool(pool, difficulty, True, botch_rule).map(rules.fall_outcome)


def _knocked(pool: int, difficulty: int, p: dict) -> Dist:
    """One character's roll to stay up and, if down, his fall: ``"stays"``, ``"up"``, ``"down"``, ``"hurt"``."""
    roll = d10_pool(pool, difficulty, True, p["botch_rule"])
    if p["rolls_again"]:
        again = _fall(pool, p["difficulty"], p["botch_rule"])
        return roll.bind(lambda r: Dist.constant("stays") if r != "botch" and r >= 1 else again)
    return roll.map(lambda r: "stays" if r != "botch" and r >= 1 else rules.fall_outcome(r))


def _knockdown_rows(d: Dist) -> list[tuple]:
    return [("p_falls", T("Падает", "Falls"), prob(1 - d["stays"])),
            ("p_up", T("Встаёт сразу (инициатива −2 в следующем раунде)", "Up at once (initiative −2 next round)"),
             prob(d["up"])),
            ("p_down", T("Следующее действие — встать на ноги", "The next action goes to standing up"), prob(d["down"])),
            ("p_hurt", T("Падает неудачно: 1 уровень повреждений", "Falls badly: 1 level of damage"), prob(d["hurt"]))]


def compute(p: dict) -> dict:
    """The odds that the target falls and of how the fall ends (and the attacker's, for a tackle)."""
    cause = p["cause"]
    if cause == "fall":
        d = _fall(p["pool"], p["difficulty"], p["botch_rule"])
        rows = _knockdown_rows(d)
        rows[0] = ("p_falls", T("Упал", "Fell"), prob(1))
    else:
        diff = rules.TACKLE_DIFFICULTY if cause == "tackle" else p["difficulty"]
        d = _knocked(p["pool"], diff, p)
        rows = _knockdown_rows(d)
    res = {k: v for k, _, v in rows}
    display = [figures(*rows)]
    if cause == "tackle":
        a = _knocked(p["attacker_pool"], rules.TACKLE_DIFFICULTY, p)
        res["attacker_p_falls"] = prob(1 - a["stays"])
        display.append(figures(("attacker_p_falls", T("Атакующий тоже падает", "The attacker falls too"),
                                res["attacker_p_falls"])))
        display.append(note("Даже устоявшая жертва «получит Трудность +1 на свое действие в следующем раунде».",
                            "Even a victim who stays up gets +1 difficulty on its next round's action."))
    if cause == "trip":
        display.append(note("Подножка ещё и бьёт: повреждения — Сила атакующего (или оружия); это считает калькулятор атаки.",
                            "The sweep also hits: Strength damage (or the weapon's); the attack calculator counts it."))
    res["display"] = display
    return res

#: ``wod-knockdown``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(id="wod-knockdown", system="wod", kind="check", title=T("Подножка, таран и падение (классика)",
                                                                   "Sweep, tackle and falling (classic)"),
           description=T("Устоит ли цель, и что будет с упавшим: встать сразу, потерять действие или ушибиться.",
                         "Whether the target stays up, and what the fall does."),
           params=KNOCKDOWN_PARAMS, compute=compute, summary=("p_falls", "p_hurt", "p_up"))
