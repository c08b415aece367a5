"""``wod-pool``: the odds of a d10 pool (:mod:`rules_core.wod.pool`), and one roll of it."""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, choice_param, dist_block, dist_json, figures, int_param, note, prob
from ..pool import BOTCH_RULES, d10_block, d10_pool, roll_d10_pool
from .shared import MAX_POOL

__all__ = ["POOL_PARAMS", "compute", "roll", "CALCULATOR"]

POOL_PARAMS = (
    int_param("dice", "Кубиков в пуле", "Dice in the pool", 5, 0, MAX_POOL),
    int_param("difficulty", "Сложность", "Difficulty", 6, 2, 10),
    bool_param("ones_cancel", "Единицы отменяют успехи", "Ones cancel successes", True,
               help=T("Да для атаки и обычных бросков; нет для урона в «Сериале».",
                      "Yes for attacks and most rolls; no for damage in the Series."), group="details"),
    choice_param("botch_rule", "Правило провала", "Botch rule", "revised", [
        ("revised", "Revised: 0 успехов и есть «1»", "Revised: no success, a 1"),
        ("second", "2-я ред.: «1» больше успехов", "2nd ed.: more 1s than successes"),
    ], help=T("Revised: провал, если не выпало ни одного успеха и выпала хотя бы одна «1». "
              "2-я редакция: провал, если единиц больше, чем успехов.",
              "Revised: a botch when no success is rolled and at least one die shows 1. "
              "2nd edition: a botch when the 1s outnumber the successes."),
       group="readings", when={"param": "ones_cancel", "eq": True}),
)


def compute(p: dict) -> dict:
    """The odds of the pool: a success, a botch, the net successes."""
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
        "distribution": dist_json(net, "net", at_least=True),
        "display": display,
    }


def roll(p: dict, roller) -> dict:
    """One roll of the pool."""
    r = roll_d10_pool(roller, p["dice"], p["difficulty"], p["ones_cancel"], p["botch_rule"])
    verdict = (T("Провал (ботч)!", "Botch!") if r["botch"]
               else T(f"Успехов: {r['net']}", f"Successes: {r['net']}"))
    return {**r, "display": [
        d10_block(T("Выпало", "Rolled"), r["faces"], p["difficulty"]),  # a 1 is shown even when it cannot cancel
        figures(("result", T("Итог", "Result"), verdict)),
    ]}



assert set(BOTCH_RULES) == {o.value for o in POOL_PARAMS[3].options}

#: ``wod-pool``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="wod-pool",
    system="wod",
    kind="dice",
    title=T("Пул d10", "d10 dice pool"),
    description=T("Шансы пула d10 Мира Тьмы: успех на грани ≥ сложности.",
                  "Odds of a World of Darkness d10 pool: a success on a face ≥ difficulty."),
    params=POOL_PARAMS,
    compute=compute,
    roll=roll,
    summary=("p_success", "mean", "p_botch"),
)
