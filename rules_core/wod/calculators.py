"""Calculators of the classic World of Darkness rules (the d10 pool is shared with «Сериал»)."""

from __future__ import annotations

from ..dice import BOTCH_RULES, d10_pool, roll_d10_pool
from ..spec import (Calculator, T, bool_param, choice_param, dist_block, figures, int_param,
                    note, prob)

MAX_POOL = 30

POOL_PARAMS = (
    int_param("dice", "Кубиков в пуле", "Dice in the pool", 5, 0, MAX_POOL),
    int_param("difficulty", "Сложность", "Difficulty", 6, 2, 10),
    bool_param("ones_cancel", "Единицы отменяют успехи", "Ones cancel successes", True,
               help=T("Да для атаки и обычных бросков; нет для урона в «Сериале».",
                      "Yes for attacks and most rolls; no for damage in «Serial».")),
    choice_param("botch_rule", "Правило провала", "Botch rule", "revised", [
        ("revised", "Revised: ни одного успеха и хотя бы одна «1»",
         "Revised: no success rolled and at least one 1"),
        ("second", "2-я редакция: единиц больше, чем успехов",
         "2nd edition: more 1s than successes"),
    ]),
)


def _pool_compute(p: dict) -> dict:
    dist = d10_pool(p["dice"], p["difficulty"], p["ones_cancel"], p["botch_rule"])
    net = dist.map(lambda o: 0 if o == "botch" else o)
    p_success = net.at_least(1)
    p_botch = dist["botch"]
    display = [
        figures(
            ("p_success", T("Шанс успеха (хотя бы 1 успех)", "Chance of success (at least 1)"), prob(p_success)),
            ("p_botch", T("Шанс провала (ботч)", "Chance of a botch"), prob(p_botch)),
            ("mean", T("Среднее число успехов", "Mean successes"), round(float(net.mean()), 3)),
        ),
        dist_block("net", T("Чистые успехи", "Net successes"), T("успехов", "successes"), dist,
                   label=lambda o: T("провал", "botch") if o == "botch" else o),
    ]
    if not p["ones_cancel"]:
        display.append(note("Единицы не отменяют успехи: такой бросок не может провалиться.",
                            "Ones do not cancel: such a roll cannot botch."))
    return {
        "p_success": prob(p_success),
        "p_botch": prob(p_botch),
        "distribution": [{"net": o, "p": prob(net[o]), "p_at_least": prob(net.at_least(o))}
                         for o in net.outcomes()],
        "display": display,
    }


def _pool_roll(p: dict, roller) -> dict:
    r = roll_d10_pool(roller, p["dice"], p["difficulty"], p["ones_cancel"], p["botch_rule"])
    marks = ["success" if f >= p["difficulty"] else "one" if f == 1 else "" for f in r["faces"]]
    verdict = (T("Провал (ботч)!", "Botch!") if r["botch"]
               else T(f"Успехов: {r['net']}", f"Successes: {r['net']}"))
    return {**r, "display": [
        {"kind": "dice", "label": T("Выпало", "Rolled"), "sides": 10, "faces": r["faces"], "marks": marks},
        figures(("result", T("Итог", "Result"), verdict)),
    ]}


CALCULATORS = [
    Calculator(
        id="wod-pool",
        system="wod",
        kind="dice",
        title=T("Пул d10", "d10 dice pool"),
        description=T("Шансы пула d10 Мира Тьмы: успех на грани ≥ сложности.",
                      "Odds of a World of Darkness d10 pool: a success on a face ≥ difficulty."),
        params=POOL_PARAMS,
        compute=_pool_compute,
        roll=_pool_roll,
    ),
]

assert set(BOTCH_RULES) == {o.value for o in POOL_PARAMS[3].options}
