"""``codex-roll``: AD6 + ED6 against a difficulty in LV — skill, stress, FLAX, rerolls from the
preparation and the armor's mobility penalty.
"""

from __future__ import annotations

from ...dice import Dist
from ...spec import Calculator, T, bool_param, choice_param, dist_block, dist_json, figures, frac, int_param, note, prob
from .. import readings, rules, tables
from .shared import (MAX_DIFFICULTY, MAX_ED6, HAS_ED6, faces_blocks, roll_faces, roll_notes, roll_setup,
                     skill_check, skill_params, deprived)

__all__ = ["MAX_REROLLS", "MAX_SPLIT", "ROLL_PARAMS", "compute", "roll", "CALCULATOR"]

#: ED6 kept for rerolls: a preparation's level is at most 5 (§ 17), one more for an item or a trait.
MAX_REROLLS = 6
#: The table of every split of the preparation between added dice and rerolls, up to this many ED6.
MAX_SPLIT = 6

def _scale_name(difficulty: int) -> dict | None:
    return next((d["name"] for d in tables.DIFFICULTY_SCALE if d["difficulty"] == difficulty), None)

ROLL_PARAMS = (
    int_param("ad6", "AD6 (кубики действий)", "AD6 (action dice)", 2, 0, rules.AD6_PER_TURN),
    int_param("ed6", "ED6 (подготовка и добавки)", "ED6 (preparation and extras)", 1, 0, MAX_ED6,
              help=T("Добросить кубики до значения подготовки; ED6 на перебросы — ниже, в подробностях.",
                     "Dice added up to the preparation; ED6 kept for rerolls are under More."), when=HAS_ED6),
) + skill_params() + (
    int_param("difficulty", "Сложность (LV)", "Difficulty (LV)", 2, 1, MAX_DIFFICULTY,
              help=T("Простое 1, Средне 2, Выше среднего 3, Сложно 4, Очень сложно 6, Запредельно 8, "
                     "Невероятно 10.", "Simple 1, Average 2, Above average 3, Hard 4, Very hard 6, Extreme 8, "
                                       "Incredible 10.")),
    int_param("rerolls", "ED6 на перебросы (из той же подготовки)", "ED6 kept for rerolls (the same preparation)",
              0, 0, MAX_REROLLS, group="details",
              help=T("Подготовка дает добросить или перебросить кубики до своего значения — это одна сумма. "
                     "Перебрасывается кубик без LV (под стрессом сначала единица), пока не набрана сложность.",
                     "A preparation adds or rerolls dice up to its value — one sum. A die without an LV is "
                     "rerolled (a one first under stress) until the difficulty is reached.")),
    choice_param("armor", "Броня персонажа", "The character's armor", "0",
                 [(str(i), f"{a['name']['ru']} ({a['penalties']['ru'].split(',')[0]})" if a["mobility_dice"]
                   else a["name"]["ru"], f"{a['name']['en']} ({a['penalties']['en'].split(',')[0]})"
                   if a["mobility_dice"] else a["name"]["en"]) for i, a in enumerate(tables.ARMOR)], group="details"),
    bool_param("mobility", "Бросок на подвижность (штраф брони)", "A mobility roll (the armor's penalty)", False,
               group="details", when={"param": "armor", "ne": "0"}),
    readings.REROLL.switch(when={"param": "rerolls", "min": 1}),
    readings.CHECK_STRESS.switch(when={"param": "difficulty", "min": rules.STRESSFUL_DIFFICULTY}),
    readings.MOBILITY.switch(when={"param": "mobility", "eq": True}),
)


def _checked(p: dict) -> dict:
    """The request with the stress the roll is made with (a hard check's stress, by its reading)."""
    stress, flax = rules.stress_for_check(p["stress"], p["flax"], p["difficulty"], p["check_stress"])
    return {**p, "stress": stress, "flax": flax}


def _check_notes(p: dict, ad6: int) -> list[dict]:
    out = []
    if p["difficulty"] >= rules.STRESSFUL_DIFFICULTY:
        out.append(note("Проверка «Выше среднего» и сложнее сопровождается стрессом: +1 стресс"
                        + (" — уже в этом броске." if p["check_stress"] == "before" else " после броска."),
                        "An above-average or harder check comes with stress: +1"
                        + (" — in this very roll." if p["check_stress"] == "before" else " after the roll.")))
    if p["difficulty"] >= rules.ALL_AD6_DIFFICULTY and ad6 < rules.AD6_PER_TURN:
        out.append(note("Очень сложные проверки требуют потратить все AD6.", "Very hard checks take all the AD6.",
                        "warning"))
    return out


def _roll_dice(p: dict) -> tuple[int, int]:
    """(AD6, ED6) of a codex-roll: no ED6 at exhaustion 6; a mobility roll in armor loses its dice."""
    ed6 = 0 if deprived(p) else p["ed6"]
    if p["mobility"] and p["armor"] != "0":
        return rules.mobility_penalty(p["ad6"], ed6, int(p["armor"]), p["mobility_dice"])
    return p["ad6"], ed6


def _rerolls(p: dict) -> int:
    return 0 if deprived(p) else p["rerolls"]


def _with_rerolls(p: dict, dice: int, rerolls: int) -> Dist | None:
    return rules.roll_with_rerolls(dice, p["skill"], p["difficulty"], rerolls, p["stress"], p["flax"], p["skill0"],
                                   p["flax_reading"], p["skill_scale"], p["reroll_again"] == "again")


def _reroll_blocks(p: dict, ad6: int, ed6: int, rerolls: int) -> tuple[list, dict]:
    """The figures and the split table of a roll with rerolls, and the machine keys."""
    dist = _with_rerolls(p, ad6 + ed6, rerolls)
    if dist is None:
        return [], {}
    p_ok = dist.p(lambda x: x[0])
    spent = dist.map(lambda x: x[1])
    blocks = [figures(("p_success_rerolls", T(f"Шанс успеха с перебросами ({rerolls} ED6)",
                                              f"Chance of success with rerolls ({rerolls} ED6)"), prob(p_ok)),
                      ("mean_rerolls", T("В среднем ED6 на перебросы", "Mean ED6 spent on rerolls"),
                       frac(spent.mean())))]
    keys = {"p_success_rerolls": prob(p_ok), "mean_rerolls": frac(spent.mean())}
    total = ed6 + rerolls
    if total <= MAX_SPLIT:
        rows = []
        for added in range(total + 1):
            d = _with_rerolls(p, ad6 + added, total - added)
            rows.append([added, total - added, prob(d.p(lambda x: x[0]))])
        blocks.append({"kind": "table", "title": T(f"Как разделить {total} ED6: добросить или оставить на перебросы",
                                                   f"How to split {total} ED6: add or keep for rerolls"),
                       "columns": [T("Добросить", "Add"), T("На перебросы", "For rerolls"),
                                   T("Шанс успеха", "Chance of success")], "rows": rows})
    return blocks, keys


def compute(p: dict) -> dict:
    """The odds of the roll: success, the LV, and with rerolls the split of the preparation."""
    p = _checked(p)
    ad6, ed6 = _roll_dice(p)
    s = roll_setup(p, ad6, ed6)
    dist = s["dist"]
    name = _scale_name(p["difficulty"])
    if dist is None:
        dist = Dist.constant(0)
        p_success = 0
        extra = [note("Навык нельзя применить: бросок не совершается.", "The skill cannot be applied: no roll.",
                      "warning")]
    else:
        p_success = dist.at_least(p["difficulty"])
        extra = []
    rerolls = _rerolls(p)
    reroll_blocks, reroll_keys = _reroll_blocks(p, ad6, ed6, rerolls) if rerolls else ([], {})
    display = [
        figures(
            ("p_success", T(f"Шанс успеха (LV ≥ {p['difficulty']})", f"Chance of success (LV ≥ {p['difficulty']})"),
             prob(p_success)),
            ("mean_lv", T("Среднее LV", "Mean LV"), round(float(dist.mean()), 3)),
            ("dice", T("Кубиков в броске", "Dice rolled"), s["dice"]),
        ),
        *reroll_blocks,
        dist_block("lv", T("Распределение LV" + (" (без перебросов)" if rerolls else ""),
                           "LV distribution" + (" (without rerolls)" if rerolls else "")), T("LV", "LV"), dist),
    ] + extra + roll_notes(p) + _check_notes(p, p["ad6"])
    if name is not None:
        display[0]["items"].append({"key": "difficulty_name", "label": T("Сложность", "Difficulty"), "value": name})
    if p["mobility"] and p["armor"] != "0":
        display.append(note(f"Бросок на подвижность в броне: {p['ad6']} AD6 + {0 if deprived(p) else p['ed6']} "
                            f"ED6 → {ad6} AD6 + {ed6} ED6.",
                            f"A mobility roll in armor: {p['ad6']} AD6 + {0 if deprived(p) else p['ed6']} ED6 → "
                            f"{ad6} AD6 + {ed6} ED6."))
    return {"p_success": prob(p_success), "mean_lv": frac(dist.mean()), "dice": s["dice"], **reroll_keys,
            "lv": dist_json(dist, "lv", at_least=True),
            "display": display}


def roll(p: dict, roller) -> dict:
    """One roll, its faces marked, the rerolls played out."""
    p = _checked(p)
    ad6, ed6 = _roll_dice(p)
    out = roll_faces(p, roller, ad6, ed6)
    rerolls = _rerolls(p)
    if rerolls and out["usable"]:
        min_face, explodes = rules.skill_rule(p["skill"], p["skill0"], p["skill_scale"])
        played = rules.play_rerolls(out["ad6_faces"] + out["ed6_faces"], min_face, 0 if p["flax"] else p["stress"],
                                    explodes and not p["flax"], rerolls, p["difficulty"], lambda: roller.die(6),
                                    p["reroll_again"] == "again", out.get("flax_extra", 0))
        before = out["ad6_faces"] + out["ed6_faces"]
        out.update(rolled_faces=before, ad6_faces=played["faces"][:ad6], ed6_faces=played["faces"][ad6:],
                   rerolled=played["rerolled"], rerolls_spent=played["spent"], lv=played["lv"], marks=played["marks"])
    ok = out["usable"] and out["lv"] >= p["difficulty"]
    verdict = (T(f"Успех: {out['lv']} LV", f"Success: {out['lv']} LV") if ok
               else T(f"Неудача: {out['lv']} LV из {p['difficulty']}", f"Failure: {out['lv']} of {p['difficulty']} LV"))
    out["success"] = ok
    figs = [("result", T("Итог", "Result"), verdict)]
    if out.get("rerolled"):
        figs.append(("rerolls", T("Переброшено кубиков (ED6)", "Dice rerolled (ED6)"), out["rerolls_spent"]))
    out["display"] = faces_blocks(out, ad6) + [figures(*figs)] + roll_notes(p) + _check_notes(p, p["ad6"])
    return out

#: ``codex-roll``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-roll", system="codex", kind="dice",
    title=T("Бросок на успех (Codex)", "Success roll (Codex)"),
    description=T("N AD6 + X ED6 против сложности в LV: навык, стресс, FLAX.",
                  "N AD6 + X ED6 against a difficulty in LV: skill, stress, FLAX."),
    params=ROLL_PARAMS, compute=compute, roll=roll,
    check=skill_check,
    summary=("p_success", "mean_lv"),
)
