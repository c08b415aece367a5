"""``serial-death-door``: instant death or the d6 death's-door roll with the scene's modifiers,
and the step to it (:func:`door_step`) that the damage, attack and scene results offer.
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dist
from ...spec import Calculator, T, bool_param, dice_block, field_error, figures, int_param, note, prob
from .. import readings, rules, tables
from .shared import (BELOW_ONE_PARAM, EXCESS_BURNS_PARAM, MAX_HEALTH, MAX_STAMINA, NEGATIVE_RULE_PARAM,
                     NONLETHAL_COUNTS_PARAM, nonlethal_before_param)

__all__ = ["door_name", "door_step", "DOOR_PARAMS", "check", "door_distribution", "compute", "roll", "CALCULATOR"]

def door_name(key: str) -> dict:
    """A death's-door outcome's name (``key`` of the table, or ``"instant_death"``)."""
    if key == "instant_death":
        return tables.INSTANT_DEATH["name"]
    return next(v["name"] for v in tables.DEATH_DOOR.values() if v["key"] == key)


def door_step(stamina: int, health_before: int, damage: int, previous_rolls: int, negative_rule: str,
              negative_before: int = 0, excess_burns: str = rules.EXCESS_BURNS, nonlethal_before: int = 0,
              nonlethal_counts: bool = rules.NONLETHAL_ROLL_COUNTS) -> dict:
    """The step to ``serial-death-door`` (a result's ``"next"`` entry) when ``damage`` reaching
    Здоровье meets ``health_before``: the values that calculator takes, filled."""
    params = {"stamina": stamina, "health_before": health_before, "damage": damage,
              "previous_rolls": previous_rolls, "negative_rule": negative_rule}
    if previous_rolls:  # only a later door asks for the scene's negative hits and the excess
        params.update(negative_before=negative_before, excess_burns=excess_burns)
    if previous_rolls and nonlethal_before:
        params.update(nonlethal_before=nonlethal_before, nonlethal_roll_counts=nonlethal_counts)
    return {"id": "serial-death-door",
            "label": T(f"Порог Смерти: урон {damage} при Здоровье {health_before}",
                       f"Death's door: {damage} damage against Health {health_before}"),
            "params": params}



_EARLIER_ROLLS = {"param": "previous_rolls", "min": 1}
_NONLETHAL = {"param": "nonlethal", "eq": True}
_LETHAL = {"param": "nonlethal", "eq": False}

DOOR_PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 2, 0, MAX_STAMINA),
    int_param("health_before", "Здоровья оставалось", "Health that was left", 2, 0, MAX_HEALTH),
    int_param("damage", "Урон, дошедший до Здоровья", "Damage that reaches Health", 10, 0, 200),
    int_param("previous_rolls", "Бросков Порога уже было в сцене", "Death's-door rolls already this scene",
              0, 0, 10),
    bool_param("nonlethal", "Нелетальный урон (чёт/нечет)", "Nonlethal damage (odd/even)", False),
    # what happened at an earlier roll of this scene: only when there was one
    bool_param("shocked_before", "Уже был в Шоке в этой сцене", "Already in Shock this scene", False,
               group="details", when={"all": [_NONLETHAL, _EARLIER_ROLLS]}),
    bool_param("last_breath_before", "Уже был «Последний вздох» в этой сцене",
               "Already had «Last breath» this scene", False, group="details",
               when={"all": [_LETHAL, _EARLIER_ROLLS]}),
    nonlethal_before_param("nonlethal_before", "previous_rolls"),
    int_param("negative_before", "Отрицательных хитов уже набрано в сцене",
              "Negative hits already counted this scene", 0, 0, 200,
              help=T("Считаются со второго Порога; излишек первого сгорает.",
                     "Counted from the second door on; the first excess burns."),
              group="details", when=_EARLIER_ROLLS),
    # a result below 1 needs the −1 of an earlier roll; odd/even has no such result
    replace(BELOW_ONE_PARAM, when={"all": [_LETHAL, _EARLIER_ROLLS]}),
    NEGATIVE_RULE_PARAM,
    readings.NONLETHAL_MODIFIER.switch(when={"all": [_NONLETHAL, _EARLIER_ROLLS]}),
    readings.NONLETHAL_CAN_KILL.switch(when=_NONLETHAL),
    # the excess of a later door counts as negative hits or burns: no question at the first
    replace(EXCESS_BURNS_PARAM, when=_EARLIER_ROLLS),
    replace(NONLETHAL_COUNTS_PARAM, when={"all": [_EARLIER_ROLLS, {"param": "nonlethal_before", "min": 1}]}),
)


def _counted(p: dict) -> int:
    """The earlier rolls that take 1 each off this one (:data:`rules.NONLETHAL_ROLL_COUNTS`)."""
    return rules.counted_door_rolls(p["previous_rolls"], p["nonlethal_before"], p["nonlethal_roll_counts"])


def check(p: dict) -> None:
    """Refuse damage that does not reach death's door, and more odd/even rolls than rolls."""
    if p["nonlethal_before"] > p["previous_rolls"]:
        raise field_error("nonlethal_before", "Чёт/нечет не больше, чем бросков Порога в сцене.",
                          "No more odd/even rolls than death's-door rolls in the scene.")
    if p["damage"] < p["health_before"]:
        raise field_error("damage", "Урон не доводит до Порога Смерти: нужно не меньше оставшегося "
                          "Здоровья.", "This damage does not reach death's door: it must be at least "
                          "the health that was left.")


def _door_dist(p: dict) -> tuple[Dist, int, int, bool]:
    dist, excess, lim = rules.death_door_distribution(
        p["stamina"], p["health_before"], p["damage"], _counted(p), p["nonlethal"],
        p["shocked_before"], p["last_breath_before"], p["below_one"], p["negative_rule"],
        p["nonlethal_modifier"], p["nonlethal_can_kill"])
    # later doors: the excess counts as negative hits («отсчет ... продолжается»)
    by_negative = (p["previous_rolls"] > 0 and p["excess_burns"] == "first"
                   and (p["nonlethal_can_kill"] or not p["nonlethal"])
                   and rules.exceeds(p["negative_before"] + excess, lim, p["negative_rule"]))
    if by_negative:
        dist = Dist.constant("instant_death")
    return dist, excess, lim, by_negative


def door_distribution(p: dict) -> Dist:
    """The exact law of the outcome (keys of :data:`rules.DOOR_OUTCOMES`) for validated params: the
    scene folds it into an attack's odds."""
    return _door_dist(p)[0]


def compute(p: dict) -> dict:
    """The odds of each state of death's door."""
    dist, excess, lim, by_negative = _door_dist(p)
    probs = {k: prob(dist[k]) for k in rules.DOOR_OUTCOMES}
    rows = [[door_name(k), prob(dist[k])] for k in rules.DOOR_OUTCOMES]
    if dist == Dist.constant("instant_death"):
        roll_text = T("не бросается: мгновенная смерть", "none: instant death")
    elif p["nonlethal"] and p["shocked_before"]:
        roll_text = T("не нужен: только Оглушение (Шок уже был)", "none needed: Stunned only (Shock was had)")
    elif p["nonlethal"]:
        k = _counted(p) if p["nonlethal_modifier"] else 0
        roll_text = T("д6: чёт — Шок, нечет — Оглушение" + (f" (−{k})" if k else ""),
                      "d6: even is Shock, odd is Stunned" + (f" (−{k})" if k else ""))
    else:
        k = _counted(p)
        roll_text = T(f"д6 − {k}" if k else "д6", f"d6 − {k}" if k else "d6")
    display = [
        figures(
            ("door_roll", T("Бросок Порога", "The death's-door roll"), roll_text),
            ("excess", T("Излишек сверх оставшегося Здоровья", "Excess over the health left"), excess),
            ("threshold", T("Порог мгновенной смерти: max(12, 3 × Выносливость)",
                            "Instant-death threshold: max(12, 3 × Stamina)"), lim),
            ("instant_death", T("Мгновенная смерть", "Instant death"), probs["instant_death"]),
        ),
        {"kind": "table", "title": T("Исход", "Outcome"), "columns": [T("Состояние", "State"),
                                                                       T("Вероятность", "Probability")],
         "rows": rows},
    ]
    if by_negative:
        display.append(note("Отрицательные хиты сцены превысили порог.",
                            "The scene's negative hits passed the threshold.", "warning"))
    if p["nonlethal"]:
        display.append(note("Нелетальный урон: бросается только чёт (Шок) / нечет (Оглушение).",
                            "Nonlethal: only odd (Stunned) / even (Shock) is rolled."))
    return {**probs, "outcomes": probs, "excess": excess, "threshold": lim, "display": display}


def roll(p: dict, roller) -> dict:
    """One d6 of death's door with the scene's modifiers."""
    dist, excess, lim, by_negative = _door_dist(p)
    if dist == Dist.constant("instant_death"):
        key, die, result = "instant_death", None, None
    else:
        die = roller.die(6)
        k = _counted(p)
        result = die if p["nonlethal"] and not p["nonlethal_modifier"] else die - k
        if p["nonlethal"]:
            key = rules.nonlethal_roll(die, p["shocked_before"], k, p["nonlethal_modifier"])
        else:
            key = rules.death_door_roll(die, k, p["last_breath_before"], p["below_one"])
    display = []
    if die is not None:
        display.append(dice_block(T("Выпало на д6", "d6 rolled"), 6, [die]))
    display.append(figures(("outcome", T("Итог", "Result"), door_name(key)),
                           ("modified", T("С модификатором", "Modified"), result if result is not None else "—")))
    return {"die": die, "modified": result, "outcome": key, "excess": excess, "threshold": lim,
            "display": display}

#: ``serial-death-door``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-death-door", system="serial", kind="death",
    title=T("Порог Смерти", "Death's door"),
    description=T("Мгновенная смерть или бросок д6 Порога Смерти с модификаторами сцены.",
                  "Instant death or the d6 death's-door roll with the scene's modifiers."),
    params=DOOR_PARAMS, compute=compute, roll=roll, check=check,
    summary=("door_roll", "instant_death"))
