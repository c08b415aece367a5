"""``lysogorsk-ritual``: the two checks of a magic ritual and what follows from them (the page «Магия»).
"""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, figures, int_param, note, prob
from .. import readings, rules, tables
from .checks import check_dice_blocks, roll_2d6

__all__ = ["OUTCOME_NAMES", "PARAMS", "compute", "roll", "CALCULATOR"]

OUTCOME_NAMES = {
    "effect": T("эффект ритуала", "the ritual's effect"),
    "disharmony": T("дисгармоничный эффект", "a disharmonic effect"),
    "failed": T("ритуал не сработал", "the ritual did not work"),
}

PARAMS = (
    int_param("confidence", "Уверенность", "Confidence", 3, -10, 30),
    int_param("pp", "ПП мага", "The magician's Immersion", 1, 0, 30),
    int_param("first_difficulty", "Первая сложность ритуала", "The ritual's first difficulty", 9, -10, 40),
    int_param("magic_attribute", "Атрибут навыка Магия", "The attribute of the Magic skill", 3, -10, 30,
              help=T("Источник не называет атрибут навыка Магия: впишите тот, что принят у вас.",
                     "The source does not name the Magic skill's attribute: enter the one your table uses.")),
    int_param("magic", "Магия (ветвь парадигмы)", "Magic (the paradigm's branch)", 2, 0, 30),
    int_param("second_difficulty", "Вторая сложность ритуала", "The ritual's second difficulty", 11, -10, 40),
    int_param("disharmony", "Дисгармония (МД)", "Disharmony", 0, -30, 30,
              help=T("Вычитается из второго броска; у филигранного ритуала может быть меньше нуля.",
                     "Subtracted from the second roll; below zero for a flawless ritual.")),
    int_param("first_modifier", "Модификаторы первой проверки", "Modifiers of the first check", 0, -40, 40,
              group="details"),
    int_param("second_modifier", "Прочие модификаторы второй проверки", "Other modifiers of the second check", 0,
              -40, 40, group="details"),
    bool_param("reroll_first", "Перебросить первую за Везение", "Re-roll the first with Luck", False, group="details"),
    bool_param("reroll_second", "Перебросить вторую за Везение", "Re-roll the second with Luck", False,
               group="details"),
    int_param("cost", "Цена ритуала в плюшках (0 — не считать)", "The ritual's price in perk points (0: skip)", 0, 0,
              1000, group="details"),
    readings.RITUAL_FIRST_FAIL.switch(),
)


def _bonuses(p: dict) -> tuple[int, int]:
    return (p["confidence"] + p["pp"] + p["first_modifier"],
            p["magic_attribute"] + p["magic"] - p["disharmony"] + p["second_modifier"])


def compute(p: dict) -> dict:
    """The odds of the ritual's two checks and what follows."""
    first, second = _bonuses(p)
    d = rules.ritual(first, p["first_difficulty"], second, p["second_difficulty"], p["reroll_first"],
                     p["reroll_second"], p["first_fail"])
    attack = 1 - d["effect"]
    items = [("p_effect", T("Эффект ритуала (оба броска успешны)", "The ritual's effect (both rolls succeed)"),
              prob(d["effect"])),
             ("p_attack", T(f"Парадигмальная атака (ПШ {tables.PARADIGM_ATTACK['strength']}, "
                            f"{tables.PARADIGM_ATTACK['modifier']})",
                            f"A paradigm attack («ПШ» {tables.PARADIGM_ATTACK['strength']}, "
                            f"{tables.PARADIGM_ATTACK['modifier']})"), prob(attack)),
             ("p_disharmony", T("Дисгармоничный эффект", "A disharmonic effect"), prob(d["disharmony"])),
             ("p_failed", T("Ритуал не сработал", "The ritual did not work"), prob(d["failed"]))]
    display = [figures(*items),
               {"kind": "table", "title": T("Две проверки", "The two checks"),
                "columns": [T("Проверка", "Check"), T("Шанс успеха", "Chance of success")],
                "rows": [[T(f"Первая, сработал ли ритуал: 2К + Уверенность + ПП {first:+d} против "
                            f"{p['first_difficulty']}",
                            f"First, did it work: 2d6 + Confidence + Immersion {first:+d} against {p['first_difficulty']}"),
                          prob(rules.p_check(first, p["first_difficulty"], p["reroll_first"]))],
                         [T(f"Вторая (скрытая, у мастера), как сработал: 2К + Магия − МД {second:+d} против "
                            f"{p['second_difficulty']}",
                            f"Second (hidden, the GM's), how: 2d6 + Magic − disharmony {second:+d} against "
                            f"{p['second_difficulty']}"),
                          prob(rules.p_check(second, p["second_difficulty"], p["reroll_second"]))]]},
               note("Парадигмальная атака настигает мага, когда он осознает свою неудачу, — то есть может и не "
                    "наступить вовсе. Ее правила в источник не входят.",
                    "The paradigm attack strikes when the magician realises the failure — so it may never come. "
                    "Its rules are not in the source.")]
    result = {"outcome": {o: prob(d[o]) for o in rules.RITUAL_OUTCOMES}, "p_paradigm_attack": prob(attack),
              "display": display}
    if p["cost"]:
        creation = rules.ritual_creation_cost(p["cost"])
        display.append(figures(("creation_cost", T("Цена при создании персонажа (вдвое, вверх)",
                                                   "The price at character creation (halved, rounded up)"),
                                creation)))
        result["creation_cost"] = creation
    return result


def roll(p: dict, roller) -> dict:
    """The two checks on the dice."""
    first, second = _bonuses(p)
    a1, b1, d1 = roll_2d6(roller, p["reroll_first"])
    a2, b2, d2 = roll_2d6(roller, p["reroll_second"])
    t1, t2 = d1 + first, d2 + second
    ok1, ok2 = t1 >= p["first_difficulty"], t2 >= p["second_difficulty"]
    outcome = rules.ritual_outcome(ok1, ok2, p["first_fail"])
    return {"first_faces": a1, "first_total": t1, "second_faces": a2, "second_total": t2, "outcome": outcome,
            "paradigm_attack": outcome != "effect",
            "display": check_dice_blocks(T("Первая проверка", "First check"), a1, b1)
            + check_dice_blocks(T("Вторая проверка (мастер, втемную)", "Second check (the GM, hidden)"), a2, b2)
            + [figures(("result", T(f"{t1} против {p['first_difficulty']}; {t2} против {p['second_difficulty']}",
                                    f"{t1} against {p['first_difficulty']}; {t2} against {p['second_difficulty']}"),
                        OUTCOME_NAMES[outcome]))]}

#: ``lysogorsk-ritual``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-ritual", system="lysogorsk", kind="check",
    title=T("Ритуал: две проверки", "A ritual: two checks"),
    description=T("2К + Уверенность + ПП против первой сложности, скрытый бросок на Магию с МД против второй: "
                  "эффект, дисгармония или парадигмальная атака.",
                  "2d6 + Confidence + Immersion against the first difficulty, a hidden Magic roll with disharmony against the "
                  "second: the effect, disharmony or a paradigm attack."),
    params=PARAMS, compute=compute, roll=roll, summary=("p_effect", "p_attack"),
)
