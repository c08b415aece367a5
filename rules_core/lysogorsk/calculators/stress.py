"""The page «Стресс и нервный срыв»: ``lysogorsk-stress`` (the stress check that costs Уверенность,
combat stress among them) and ``lysogorsk-breakdown`` (the nervous breakdown on its table and the
check after it).
"""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, choice_param, dice_block, dist_block, figures, int_param, note, prob
from .. import readings, rules, tables
from .checks import check_dice_blocks, roll_2d6

__all__ = ["BREAKDOWN_NAMES", "AFTER_NAMES", "PARAMS", "compute", "roll", "STRESS_OUTCOME_NAMES", "STRESS_PARAMS",
           "stress_difficulty", "stress_compute", "stress_roll", "BREAKDOWN_CALCULATOR", "STRESS_CALCULATOR"]


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
    readings.AFTER_READING.switch(),
    int_param("stress_difficulty", "УС стресса (для второго прочтения)", "Stress difficulty (second reading)", 5, 0, 30,
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
         "columns": [T("Итог", "Outcome"), T("Шанс", "Chance")],
         "rows": [[BREAKDOWN_NAMES[b], prob(bands[b])] for b in BREAKDOWN_NAMES]},
        dist_block("roll", T("Бросок: 2К − Сила духа + 2 за каждый срыв в сцене",
                             "Roll: 2d6 − Willpower + 2 per breakdown in the scene"), T("результат", "result"),
                   rolled),
        {"kind": "table", "title": T("Проверка Силы духа после срыва", "The Willpower check after"),
         "columns": [T("Итог", "Outcome"), T("Шанс", "Chance")],
         "rows": [[AFTER_NAMES[b], prob(after[b])] for b in AFTER_NAMES]},
        note("Проверка после срыва: источник не дает ей УС, а 2К + атрибут + навык редко бывает ниже 1.",
             "The check after: the source gives it no difficulty, and 2d6 + attribute + skill is rarely below 1.",
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
                dice_block(T("Нервный срыв", "Breakdown"), 6, faces),
                dice_block(T("Проверка после", "Check after"), 6, af),
                figures(("outcome", T(f"Срыв: {total}", f"Breakdown: {total}"), BREAKDOWN_NAMES[band]),
                        ("after", T(f"После: {at}", f"After: {at}"), AFTER_NAMES[aband])),
            ]}


# ---- lysogorsk-stress ---------------------------------------------------------------------------

STRESS_OUTCOME_NAMES = {
    "pass": T("выдержал", "holds"),
    "lose": T("Уверенность −1", "Confidence −1"),
    "lose_and_breakdown": T("Уверенность падает до 0 — проверка на нервный срыв (Нервный)",
                            "Confidence drops to 0 — a breakdown check (Nervous)"),
    "breakdown": T("Уверенности нет — проверка на нервный срыв", "No Confidence left — a breakdown check"),
}

_COMBAT = {"param": "kind", "eq": "combat"}


def _short(situation: str, prefix: str) -> str:
    """A row of the combat-stress table as an option under «Бой против…»: without the words the label
    says and without the example in brackets."""
    return situation.removeprefix(prefix).split(" (")[0]

STRESS_PARAMS = (
    choice_param("kind", "Что вызвало стресс", "What causes the stress", "combat", [
        ("combat", "начало боя (УС по табличке)", "the start of a fight (difficulty from the table)"),
        ("other", "другое (УС задает мастер)", "something else (the GM sets the difficulty)"),
    ]),
    choice_param("situation", "Бой против…", "A fight against…", "superior",
                 [(sid, _short(c["situation"]["ru"], "Бой против ") + f" — УС {c['difficulty']}",
                   _short(c["situation"]["en"], "A fight against ") + f" — difficulty {c['difficulty']}")
                  for sid, c in tables.COMBAT_STRESS.items()], when=_COMBAT),
    *(bool_param(mid, m["situation"]["ru"] + f" (+{m['modifier']})", m["situation"]["en"] + f" (+{m['modifier']})",
                 False, when=_COMBAT) for mid, m in tables.COMBAT_STRESS_MODIFIERS.items()),
    int_param("confidence", "Уверенность (текущая)", "Confidence (current)", 1, 0, 30),
    int_param("willpower", "Сила духа", "Willpower", 1, 0, 30),
    int_param("difficulty", "УС стресса", "Stress difficulty", 5, -10, 40, when={"param": "kind", "eq": "other"}),
    bool_param("veteran", "Особенность Ветеран (в начале боя не проверяет)",
               "The Veteran feature (no check at the start of a fight)", False, group="details", when=_COMBAT),
    bool_param("nervous", "Особенность Нервный (срыв уже при падении Уверенности до 0)",
               "The Nervous feature (a breakdown check once Confidence falls to 0)", False, group="details"),
    int_param("modifier", "Модификаторы проверки", "Modifiers of the check", 0, -40, 40, group="details"),
    bool_param("reroll", "Перебросить за Везение (лучший из двух)", "Re-roll with Luck (better of two)", False,
               group="details"),
    int_param("breakdowns_in_scene", "Если срыв — по счету в этой сцене (считая его)",
              "If a breakdown — its number in this scene (counting it)", 1, 1, 20, group="details"),
    readings.COMBAT_MODIFIERS_TO.switch(when=_COMBAT),
)


def stress_difficulty(p: dict) -> tuple[int, int]:
    """(difficulty, modifier to the check) for the request: the combat table, or the difficulty given."""
    if p["kind"] != "combat":
        return p["difficulty"], 0
    mods = tuple(mid for mid in tables.COMBAT_STRESS_MODIFIERS if p[mid])
    return rules.combat_stress_difficulty(p["situation"], mods, p["modifiers_to"])


def _no_check(p: dict) -> bool:
    return p["kind"] == "combat" and p["veteran"]


def _breakdown_next(p: dict) -> list[dict]:
    return [{"id": "lysogorsk-breakdown",
             "label": T("Проверка на нервный срыв", "The nervous breakdown check"),
             "params": {"willpower": p["willpower"], "confidence": 0,
                        "breakdowns_in_scene": p["breakdowns_in_scene"]}}]


def stress_compute(p: dict) -> dict:
    """The stress check's odds: holds, loses a point of Уверенность, or comes to a breakdown (with its table)."""
    us, extra = stress_difficulty(p)
    us_fig = ("difficulty", T("УС проверки на стресс", "The stress check's difficulty"), us)
    if _no_check(p):
        return {"check": False, "difficulty": us, "p_pass": prob(1), "p_breakdown": prob(0),
                "display": [figures(us_fig, ("p_pass", T("Выдержит", "Holds"), prob(1)),
                                    ("p_breakdown", T("Проверка на нервный срыв", "A breakdown check"), prob(0))),
                            note("Ветеран в начале боя проверку на стресс не делает.",
                                 "A Veteran makes no stress check at the start of a fight.")]}
    out = rules.stress_outcome(p["confidence"], p["willpower"], us, p["modifier"] + extra, p["reroll"], p["nervous"])
    table = rules.stress_breakdown(out, p["willpower"], p["breakdowns_in_scene"])
    p_break = out.p(lambda o: o in ("breakdown", "lose_and_breakdown"))
    display = [
        figures(us_fig,
                ("p_pass", T("Выдержит", "Holds"), prob(out["pass"])),
                ("p_lose", T("Потеряет единицу Уверенности", "Loses a point of Confidence"),
                 prob(out["lose"] + out["lose_and_breakdown"])),
                ("p_breakdown", T("Проверка на нервный срыв", "A breakdown check"), prob(p_break))),
        {"kind": "table", "title": T("Чем кончится проверка", "How the check ends"),
         "columns": [T("Итог", "Outcome"), T("Шанс", "Chance")],
         "rows": [[STRESS_OUTCOME_NAMES[o], prob(out[o])] for o in rules.STRESS_OUTCOMES if out[o]]},
    ]
    if p_break:
        display.append({"kind": "table", "title": T("Нервный срыв, если до него дойдет (шанс из всего)",
                                                     "The breakdown, if it comes to it (chance overall)"),
                        "columns": [T("Итог", "Outcome"), T("Шанс", "Chance")],
                        "rows": [[BREAKDOWN_NAMES[b], prob(table[b])] for b in BREAKDOWN_NAMES]})
    if extra:
        display.append(note(f"Модификаторы таблички прибавлены к результату проверки: {extra:+d}.",
                            f"The table's modifiers are added to the check's result: {extra:+d}.", "warning"))
    result = {"check": True, "difficulty": us, "check_modifier": p["modifier"] + extra,
              "outcome": {o: prob(out[o]) for o in rules.STRESS_OUTCOMES}, "p_pass": prob(out["pass"]),
              "p_breakdown": prob(p_break),
              "breakdown": {b: prob(table[b]) for b in BREAKDOWN_NAMES}, "display": display}
    if p_break:
        result["next"] = _breakdown_next(p)
    return result


def stress_roll(p: dict, roller) -> dict:
    """One stress check on the dice, and the breakdown roll when it comes to one."""
    us, extra = stress_difficulty(p)
    if _no_check(p):
        return {"check": False, "display": [figures(("result", T("Итог", "Result"),
                                                     T("Ветеран: проверки нет", "Veteran: no check")))]}
    a, b, dice = roll_2d6(roller, p["reroll"])
    total = dice + p["confidence"] + p["willpower"] + p["modifier"] + extra
    kind = "pass" if total >= us else rules.stress_failure(p["confidence"], p["nervous"])
    display = check_dice_blocks(T("Сила духа", "Willpower"), a, b)
    out = {"check": True, "faces": a, "reroll_faces": b, "total": total, "difficulty": us, "outcome": kind}
    figs = [("result", T(f"{total} против УС {us}", f"{total} against difficulty {us}"), STRESS_OUTCOME_NAMES[kind])]
    if kind in ("breakdown", "lose_and_breakdown"):
        bf = roller.dice(2, 6)
        bt = sum(bf) - p["willpower"] + tables.BREAKDOWN_PER_BREAKDOWN * p["breakdowns_in_scene"]
        band = rules.band_of(bt, tables.BREAKDOWN)
        out.update(breakdown_faces=bf, breakdown_total=bt, breakdown=band)
        display.append(dice_block(T("Нервный срыв", "Breakdown"), 6, bf))
        figs.append(("breakdown", T(f"Срыв: {bt}", f"Breakdown: {bt}"), BREAKDOWN_NAMES[band]))
    out["display"] = display + [figures(*figs)]
    return out

#: ``lysogorsk-breakdown``: its id, title and description with its parameters, compute, roll and check
BREAKDOWN_CALCULATOR = Calculator(
    id="lysogorsk-breakdown", system="lysogorsk", kind="check",
    title=T("Нервный срыв", "Nervous breakdown"),
    description=T("2К − Сила духа + 2 за каждый срыв в сцене по таблице, и проверка после.",
                  "2d6 − Willpower + 2 per breakdown in the scene on the table, and the check after."),
    params=PARAMS, compute=compute, roll=roll,
    summary=("likeliest_breakdown", "p_breakdown"),
)

#: ``lysogorsk-stress``: its id, title and description with its parameters, compute, roll and check
STRESS_CALCULATOR = Calculator(
    id="lysogorsk-stress", system="lysogorsk", kind="check",
    title=T("Проверка на стресс", "The stress check"),
    description=T("Сила духа против УС (в начале боя — по табличке): выдержит, потеряет Уверенность или "
                  "дойдет до нервного срыва.",
                  "Willpower against a difficulty (at the start of a fight, from the table): holds, loses Confidence "
                  "or comes to a breakdown."),
    params=STRESS_PARAMS, compute=stress_compute, roll=stress_roll,
    summary=("difficulty", "p_pass", "p_breakdown"),
)
