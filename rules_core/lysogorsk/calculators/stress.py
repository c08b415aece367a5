"""``lysogorsk-breakdown``: the nervous breakdown on its table and the check after it (the page
«Стресс и нервный срыв»).
"""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, choice_param, dist_block, figures, int_param, note, prob
from .. import rules, tables

__all__ = ["BREAKDOWN_NAMES", "AFTER_NAMES", "PARAMS", "compute", "roll"]


BREAKDOWN_NAMES = {bid: band["name"] for bid, band in tables.BREAKDOWN.items()}
AFTER_NAMES = {bid: band["text"] for bid, band in tables.BREAKDOWN_AFTER.items()}


PARAMS = (
    int_param("willpower", "Сила духа", "Willpower", 2, 0, 30),
    int_param("confidence", "Уверенность (текущая)", "Confidence (current)", 0, -10, 30),
    int_param("breakdowns_in_scene", "Нервный срыв в этой сцене по счету (считая этот)",
              "Breakdowns in this scene, counting this one", 1, 1, 20),
    int_param("modifier", "Дополнительные модификаторы", "Extra modifiers", 0, -20, 20),
    bool_param("extraordinary", "Внеочередная проверка (Уверенность вместо навыка, если выше)",
               "Extraordinary check (Confidence instead of the skill when higher)", False, group="details"),
    choice_param("after_reading", "Проверка после срыва: что сравнивать с −2 и 0",
                 "The check after: what is compared with −2 and 0", "total", [
                     ("total", "результат проверки Силы духа", "the Willpower check's result"),
                     ("margin", "результат минус УС стресса", "the result minus the stress УС"),
                 ], group="readings"),
    int_param("stress_difficulty", "УС стресса (для второго прочтения)", "Stress УС (second reading)", 5, 0, 30,
              group="readings", when={"param": "after_reading", "eq": "margin"}),
    int_param("after_modifier", "Модификаторы проверки после срыва", "Modifiers of the check after", 0, -30, 30,
              group="details"),
)


def compute(p: dict) -> dict:
    wp = rules.breakdown_willpower(p["willpower"], p["confidence"], p["extraordinary"])
    rolled = rules.breakdown_roll(wp, p["breakdowns_in_scene"], p["modifier"])
    bands = rolled.map(lambda x: rules.band_of(x, tables.BREAKDOWN))
    after = rules.breakdown_after(p["confidence"], p["willpower"], p["after_modifier"], p["after_reading"],
                              p["stress_difficulty"])
    likeliest = bands.mode()
    display = [
        figures(("likeliest_breakdown", T("Вероятнее всего", "Most likely"), BREAKDOWN_NAMES[likeliest]),
                ("p_breakdown", T("Шанс хуже, чем «более-менее в порядке»", "Chance of worse than «more or less fine»"),
                 prob(1 - bands["fine"]))),
        {"kind": "table", "title": T("Нервный срыв", "Nervous breakdown"),
         "columns": [T("Итог", "Outcome"), T("Вероятность", "Probability")],
         "rows": [[BREAKDOWN_NAMES[b], prob(bands[b])] for b in BREAKDOWN_NAMES]},
        dist_block("roll", T("Бросок: 2К − Сила духа + 2 за каждый срыв в сцене",
                             "Roll: 2d6 − Willpower + 2 per breakdown in the scene"), T("результат", "result"),
                   rolled),
        {"kind": "table", "title": T("Проверка Силы духа после срыва", "The Willpower check after"),
         "columns": [T("Итог", "Outcome"), T("Вероятность", "Probability")],
         "rows": [[AFTER_NAMES[b], prob(after[b])] for b in AFTER_NAMES]},
        note("Проверка после срыва: источник не дает ей УС, а 2К + атрибут + навык редко бывает ниже 1.",
             "The check after: the source gives it no УС, and 2d6 + attribute + skill is rarely below 1.",
             "warning"),
    ]
    return {"breakdown": {b: prob(bands[b]) for b in BREAKDOWN_NAMES},
            "after": {b: prob(after[b]) for b in AFTER_NAMES},
            "willpower_used": wp, "display": display}


def roll(p: dict, roller) -> dict:
    wp = rules.breakdown_willpower(p["willpower"], p["confidence"], p["extraordinary"])
    faces = roller.dice(2, 6)
    total = sum(faces) - wp + tables.BREAKDOWN_PER_BREAKDOWN * p["breakdowns_in_scene"] + p["modifier"]
    band = rules.band_of(total, tables.BREAKDOWN)
    af = roller.dice(2, 6)
    at = sum(af) + p["confidence"] + p["willpower"] + p["after_modifier"]
    if p["after_reading"] == "margin":
        at -= p["stress_difficulty"]
    aband = rules.band_of(at, tables.BREAKDOWN_AFTER)
    return {"faces": faces, "total": total, "outcome": band, "after_faces": af, "after_total": at,
            "after_outcome": aband,
            "display": [
                {"kind": "dice", "label": T("Нервный срыв", "Breakdown"), "sides": 6, "faces": faces, "marks": ["", ""]},
                {"kind": "dice", "label": T("Проверка после", "Check after"), "sides": 6, "faces": af,
                 "marks": ["", ""]},
                figures(("outcome", T(f"Срыв: {total}", f"Breakdown: {total}"), BREAKDOWN_NAMES[band]),
                        ("after", T(f"После: {at}", f"After: {at}"), AFTER_NAMES[aband])),
            ]}
