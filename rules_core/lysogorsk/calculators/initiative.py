"""``lysogorsk-initiative``: the initiative of a fight — one Решительность check each at its start, fixed for
the whole fight — and the order of its rounds (the page «Бой»).
"""

from __future__ import annotations

from ...spec import Calculator, Param, T, figures, frac, note, prob
from .. import rules, tables
from .checks import check_dice_blocks, roll_2d6

__all__ = ["MAX_FIGHTERS", "PARAMS", "compute", "roll", "order_text", "CALCULATOR"]

#: At most so many in one fight's list.
MAX_FIGHTERS = 12

PARAMS = (
    Param("fighters", "record_list", T("Участники боя (№1 — ваш персонаж)", "Those in the fight (no. 1 is yours)"),
          [{"bonus": 5}, {"bonus": 4}, {"bonus": 4}], min_len=1, max_len=MAX_FIGHTERS,
          fields=(
              Param("bonus", "int", T("Решительность: атрибут + навык", "Resolve: attribute + skill"), 4, min=-40,
                    max=60, help=T("С модификаторами, если они есть.", "With the modifiers, if any.")),
              Param("reroll", "bool", T("Перебросить за Везение", "Re-roll with Luck"), False),
          ),
          help=T("Каждый делает проверку навыка Решительности (2К + атрибут + навык) один раз, в начале боя.",
                 "Each makes one Resolve check (2d6 + attribute + skill), at the start of the fight.")),
)


def _checks(p: dict) -> list:
    return [rules.initiative_check(f["bonus"], 0, 0, f["reroll"]) for f in p["fighters"]]


def order_text(groups: list[list[int]]) -> dict:
    """The order as the page says it: №2 → №1 = №3 (numbers from 1; an equals sign: at the same time)."""
    return T(" → ".join(" = ".join(f"№{n}" for n in g) for g in groups),
             " → ".join(" = ".join(f"#{n}" for n in g) for g in groups))


def _explained() -> list[dict]:
    return [note("Инициатива не меняется до конца боя: каждый раунд — по ее убыванию, равные действуют одновременно.",
                 "The initiative stays until the end of the fight: every round goes down it, equals act at the "
                 "same time."),
            note(f"Ждать: мастер может дать +{rules.waiting_modifier()} на заявленное действие (поле «Ожидание» "
                 f"калькулятора проверки). Отказаться в свою очередь от действий раунда: до своего следующего хода "
                 f"Уклонение +{rules.full_dodge_modifier()} (калькуляторы проверки и выстрела).",
                 f"Waiting: the GM may give +{tables.WAIT_BONUS} to the declared action (the field «Waiting» of the "
                 f"check calculator). Giving up the round's actions in one's turn: Dodge +{tables.FULL_DODGE_BONUS} "
                 f"until one's next turn (the check and shot calculators).")]


def compute(p: dict) -> dict:
    """The chances of the order: who acts first, and each against no. 1."""
    checks = _checks(p)
    chances = rules.initiative_chances(checks)
    mine = chances[0]
    rows = []
    for i, (f, c, check) in enumerate(zip(p["fighters"], chances, checks)):
        rows.append([f"№{i + 1}", frac(check.mean()), prob(c["first"]),
                     "—" if not i else prob(c["before_first"]), "—" if not i else prob(c["with_first"])])
    display = [
        figures(("p_first", T("№1 ходит первым", "No. 1 acts first"), prob(mine["first"])),
                ("p_first_shared", T("№1 первым (и вровень)", "No. 1 first (or tied)"),
                 prob(mine["first_shared"])),
                ("mean", T("Средняя инициатива №1", "No. 1's mean initiative"), frac(checks[0].mean()))),
        {"kind": "table", "title": T("Кто когда ходит", "Who acts when"),
         "columns": [T("Участник", "Who"), T("Средняя инициатива", "Mean initiative"),
                     T("Первым (один)", "First (alone)"), T("Раньше №1", "Before no. 1"),
                     T("Одновременно с №1", "With no. 1")],
         "rows": rows},
    ] + _explained()
    return {"p_first": prob(mine["first"]), "p_first_shared": prob(mine["first_shared"]),
            "chances": [{k: prob(v) for k, v in c.items()} for c in chances], "display": display}


def roll(p: dict, roller) -> dict:
    """Everyone's check, once: the initiatives and the order of every round of the fight."""
    display, values = [], []
    for i, f in enumerate(p["fighters"]):
        a, b, dice = roll_2d6(roller, f["reroll"])
        values.append(dice + f["bonus"])
        display += check_dice_blocks(T(f"№{i + 1}", f"#{i + 1}"), a, b)
    groups = rules.initiative_order([(i + 1, v) for i, v in enumerate(values)])
    rows = [[place, f"№{n}", values[n - 1], T("одновременно", "at the same time") if len(g) > 1 else ""]
            for place, g in enumerate(groups, 1) for n in g]
    display += [figures(("order", T("Порядок ходов до конца боя", "The order of turns to the end of the fight"),
                         order_text(groups))),
                {"kind": "table", "title": T("Инициатива", "Initiative"),
                 "columns": [T("Место", "Place"), T("Участник", "Who"), T("Инициатива", "Initiative"), T("", "")],
                 "rows": rows}]
    return {"initiatives": values, "order": groups, "display": display}

#: ``lysogorsk-initiative``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-initiative", system="lysogorsk", kind="check",
    title=T("Инициатива в бою", "Initiative in a fight"),
    description=T("Проверка Решительности каждого в начале боя: кто ходит первым, кто одновременно, и порядок "
                  "ходов до конца боя.",
                  "Everyone's Resolve check at the start of the fight: who acts first, who at the same time, and "
                  "the order of turns to the end of the fight."),
    params=PARAMS, compute=compute, roll=roll,
    summary=("p_first", "p_first_shared"),
)
