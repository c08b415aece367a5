"""``serial-ambush``: «Засада» — Незаметность against Бдительность, the free attack with the added
successes, a tie or a spotted ambush.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...wod.pool import d10_block, net_successes, roll_d10_pool
from ...spec import Calculator, T, dist_block, figures, frac, int_param, note, prob
from .. import readings, rules
from .shared import MAX_POOL, ONES_PARAM

__all__ = ["AMBUSH_PARAMS", "compute", "roll", "CALCULATOR"]

AMBUSH_PARAMS = (
    int_param("stealth_pool", "Нападающий: Ловкость + Незаметность", "Attacker: Dexterity + Stealth", 5, 0, MAX_POOL),
    int_param("alert_pool", "Цель: Восприятие + Бдительность", "Target: Perception + Alertness", 4, 0, MAX_POOL),
    int_param("attack_dice", "Кубики свободной атаки (Ловкость + навык)", "Dice of the free attack (Dexterity + skill)",
              6, 0, MAX_POOL),
    int_param("attack_difficulty", "Сложность атаки", "Attack difficulty", rules.BASE_DIFFICULTY, 2, 10),
    int_param("difficulty", "Сложность бросков засады", "Difficulty of the ambush rolls", rules.AMBUSH_DIFFICULTY, 2, 10,
              help=T("Источник сложности не называет: базовая 6.", "The source names none: the base 6."),
              group="details"),
    replace(ONES_PARAM, label=T("Единицы вычитают успехи на бросках засады", "1s cancel on the ambush rolls")),
    readings.AMBUSH_TIE_ADDS.switch(),
    readings.ATTACK_ONES_CANCEL.switch(label=T("Единицы вычитают успехи на броске атаки", "1s cancel on the attack roll"),
                                       help=None),
)


def _ambush_outcome(p: dict) -> dict:
    d = rules.ambush_distribution(p["stealth_pool"], p["alert_pool"], p["difficulty"], p["ones_cancel"], p["tie_adds"])
    won = d.given(lambda o: o[0] == "attacker") if d.p(lambda o: o[0] == "attacker") else None
    p_win = d.p(lambda o: o[0] == "attacker")
    hit = Fraction(0)
    for (who, bonus), w in d.items():
        if who == "attacker":
            hit += w * net_successes(p["attack_dice"] + bonus, p["attack_difficulty"], p["attack_ones_cancel"]).at_least(1)
    p_tie = d.p(lambda o: o[0] == "tie")
    tie_bonus = d.given(lambda o: o[0] == "tie").map(lambda o: o[1]).mean() if p_tie else Fraction(0)
    return {"dist": d, "won": won, "p_win": p_win, "p_tie": p_tie, "tie_bonus": tie_bonus,
            "p_spotted": d.p(lambda o: o[0] == "defender"), "p_free_hit": hit}


def compute(p: dict) -> dict:
    """The exact odds of the ambush and of its free attack."""
    o = _ambush_outcome(p)
    items = [("p_ambush", T("Засада удалась: свободная атака", "The ambush works: a free attack"), prob(o["p_win"])),
             ("p_free_hit", T("Свободная атака попала (из всех исходов)", "The free attack hits (of all outcomes)"),
              prob(o["p_free_hit"])),
             ("p_tie", T("Ничья: нападающий ходит первым, цель может защищаться",
                         "A tie: the attacker goes first, the target may defend"), prob(o["p_tie"])),
             ("p_spotted", T("Цель видит засаду: все в порядке инициативы",
                             "The target sees it: everyone by Initiative"), prob(o["p_spotted"]))]
    res = {"p_ambush": prob(o["p_win"]), "p_free_hit": prob(o["p_free_hit"]), "p_tie": prob(o["p_tie"]),
           "p_spotted": prob(o["p_spotted"]), "tie_bonus": frac(o["tie_bonus"])}
    if o["p_tie"]:
        items.append(("tie_bonus", T("Кубиков к атаке при ничьей, в среднем", "Dice added on a tie, mean"),
                      frac(o["tie_bonus"])))
    display = [figures(*items)]
    if o["won"] is not None:
        bonus = o["won"].map(lambda x: x[1])
        res["mean_bonus"] = frac(bonus.mean())
        display[0]["items"] += figures(("mean_bonus", T("Кубиков к атаке при удаче, в среднем",
                                                        "Dice added when it works, mean"), frac(bonus.mean())))["items"]
        display.append(dist_block("bonus", T("Успехов Незаметности к атаке (если засада удалась)",
                                             "Stealth successes added (if the ambush works)"), T("кубиков", "dice"), bonus))
    display.append(note("Уже ведущие бой цели попасть в засаду не могут; когда засада возможна, решает Рассказчик.",
                        "Those already fighting cannot be ambushed; the Storyteller decides when an ambush is possible."))
    res["display"] = display
    return res


def roll(p: dict, roller) -> dict:
    """One ambush rolled: Незаметность, Бдительность and, if it works, the free attack."""
    a = roll_d10_pool(roller, p["stealth_pool"], p["difficulty"], p["ones_cancel"])
    d = roll_d10_pool(roller, p["alert_pool"], p["difficulty"], p["ones_cancel"])
    who = rules.ambush(a["net"], d["net"])
    display = [d10_block(T("Незаметность", "Stealth"), a["faces"], p["difficulty"], p["ones_cancel"]),
               d10_block(T("Бдительность", "Alertness"), d["faces"], p["difficulty"], p["ones_cancel"])]
    out = {"stealth": a["net"], "alert": d["net"], "who": who}
    names = {"attacker": T("засада удалась", "the ambush works"), "tie": T("ничья", "a tie"),
             "defender": T("цель видит засаду", "the target sees it")}
    text = names[who]
    if who == "attacker" or (who == "tie" and p["tie_adds"]):
        bonus = a["net"]
        if who == "attacker":
            att = roll_d10_pool(roller, p["attack_dice"] + bonus, p["attack_difficulty"], p["attack_ones_cancel"])
            display.append(d10_block(T("Свободная атака", "The free attack"), att["faces"], p["attack_difficulty"],
                                     p["attack_ones_cancel"]))
            out.update(bonus=bonus, hit=att["net"] >= 1, successes=max(0, att["net"]))
            text = T(f"{text['ru']}: +{bonus} куб., " + ("попал" if att["net"] >= 1 else "промах"),
                     f"{text['en']}: +{bonus} dice, " + ("a hit" if att["net"] >= 1 else "a miss"))
    display.append(figures(("result", T("Итог", "Result"), text)))
    out["display"] = display
    return out

#: ``serial-ambush``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-ambush", system="serial", kind="check",
    title=T("Засада", "Ambush"),
    description=T("Незаметность против Бдительности: свободная атака с добавленными успехами, ничья или провал засады.",
                  "Stealth against Alertness: a free attack with the added successes, a tie or a spotted ambush."),
    params=AMBUSH_PARAMS, compute=compute, roll=roll, summary=("p_ambush", "p_free_hit"))
