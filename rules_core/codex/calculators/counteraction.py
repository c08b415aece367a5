"""``codex-counteraction``: a roll of ED6 alone outside one's turn — will its LV cover the other's."""

from __future__ import annotations

from ...dice import Dist
from ...spec import Calculator, T, choice_param, dist_block, dist_json, field_error, figures, frac, int_param, note, prob
from .. import readings, rules
from .shared import (MAX_DIFFICULTY, MAX_ED6, faces_blocks, roll_faces, roll_notes, skill_params,
                     deprived, skill_check)

__all__ = ["COUNTER_PARAMS", "check", "compute", "roll", "CALCULATOR"]

_AGAINST_ROLL = {"param": "against", "eq": "roll"}

COUNTER_PARAMS = (
    int_param("ed6", "ED6 на противодействие (доступные)", "ED6 for the counteraction (available)", 2, 0, MAX_ED6),
) + skill_params() + (
    choice_param("against", "Чужие LV", "The other's LV", "lv", [
        ("lv", "уже выброшены", "already rolled"), ("roll", "еще не брошены: их бросок", "not rolled yet: their roll"),
    ]),
    int_param("their_lv", "LV того, кому мешают", "The LV to overcome", 1, 0, MAX_DIFFICULTY,
              when={"param": "against", "eq": "lv"}),
    int_param("their_ad6", "Их AD6", "Their AD6", 2, 0, rules.AD6_PER_TURN, when=_AGAINST_ROLL),
    int_param("their_ed6", "Их ED6", "Their ED6", 1, 0, MAX_ED6, when=_AGAINST_ROLL),
    int_param("their_skill", "Их уровень навыка", "Their skill level", 2, 0, 6, when=_AGAINST_ROLL),
    int_param("their_stress", "Их стресс", "Their stress", 0, 0, rules.MAX_STRESS, group="details",
              when=_AGAINST_ROLL),
    readings.COUNTER_TIE.switch(),
)


def check(p: dict) -> None:
    """Refuse skill levels above the shifted skills table's, one's own and theirs."""
    skill_check(p)
    if p["skill_scale"] == "shifted" and p["their_skill"] > rules.MAX_SKILL_SHIFTED:
        raise field_error("their_skill", f"Со сдвигом таблицы навыков уровни 0–{rules.MAX_SKILL_SHIFTED}.",
                          f"With the shifted skills table the levels are 0–{rules.MAX_SKILL_SHIFTED}.")


def _their_dist(p: dict) -> Dist | None:
    if p["against"] == "lv":
        return Dist.constant(p["their_lv"])
    return rules.roll_dist(p["their_ad6"] + p["their_ed6"], p["their_skill"], p["their_stress"], False, p["skill0"],
                           p["flax_reading"], p["skill_scale"])


def compute(p: dict) -> dict:
    """The chance the counteraction covers the other's LV, and its margin."""
    if deprived(p):
        return {"possible": False, "p_counter": prob(0), "display": [
            figures(("p_counter", T("Противодействие сработает", "The counteraction works"), prob(0))),
            note("Истощение 6-го уровня: персонаж лишен всех ED6 — противодействие невозможно.",
                 "Exhaustion level 6: the character has no ED6 — no counteraction.", "warning")]}
    mine = rules.roll_dist(p["ed6"], p["skill"], p["stress"], p["flax"], p["skill0"], p["flax_reading"],
                           p["skill_scale"])
    theirs = _their_dist(p)
    if mine is None or theirs is None:
        who = T("Ваш навык", "Your skill") if mine is None else T("Их навык", "Their skill")
        return {"possible": False, "p_counter": prob(0), "display": [
            figures(("p_counter", T("Противодействие сработает", "The counteraction works"), prob(0))),
            note(f"{who['ru']} нельзя применить: бросок не совершается.", f"{who['en']} cannot be applied: no roll.",
                 "warning")]}
    pc = rules.p_counter(mine, theirs, p["tie"])
    margin = mine.combine(theirs, lambda a, b: a - b)
    display = [
        figures(("p_counter", T("Противодействие сработает", "The counteraction works"), prob(pc)),
                ("mean_lv", T("Ваши LV в среднем", "Your mean LV"), frac(mine.mean())),
                ("dice", T("Кубиков (только ED6)", "Dice (ED6 only)"), p["ed6"])),
        dist_block("lv", T("Ваши LV", "Your LV"), T("LV", "LV"), mine),
        dist_block("margin", T("Ваши LV минус их", "Your LV minus theirs"), T("разница", "difference"), margin),
        note("Противодействие — вне своего хода, один раз, только ED6; от него защищает бонус прицельной атаки "
             "«Игнорирование противодействия».",
             "A counteraction is made outside one's turn, once, with ED6 only; the aimed attack's bonus \"ignore "
             "counteraction\" shuts it out."),
    ] + roll_notes(p)
    return {"possible": True, "p_counter": prob(pc), "mean_lv": frac(mine.mean()),
            "lv": dist_json(mine, "lv"), "display": display}


def roll(p: dict, roller) -> dict:
    """One counteraction rolled (and the other's roll, if not made yet)."""
    if deprived(p):
        return {"possible": False, "display": [note("Истощение 6: противодействие невозможно.",
                                                    "Exhaustion 6: no counteraction.", "warning")]}
    out = roll_faces({**p, "exhaustion": 0}, roller, 0, p["ed6"])
    theirs = p["their_lv"]
    blocks = faces_blocks(out, 0)[1:]
    if p["against"] == "roll":
        their = roll_faces({**p, "skill": p["their_skill"], "stress": p["their_stress"], "flax": False,
                             "exhaustion": 0}, roller, p["their_ad6"], p["their_ed6"])
        theirs = their["lv"]
        blocks += [{**b, "label": T("Их " + b["label"]["ru"], "Their " + b["label"]["en"])}
                   for b in faces_blocks(their, p["their_ad6"])]
        out["their_lv"] = theirs
    ok = out["usable"] and rules.counter_works(out["lv"], theirs, p["tie"])
    out.update(possible=True, success=ok)
    out["display"] = blocks + [figures(("result", T(f"{out['lv']} LV против {theirs}", f"{out['lv']} LV against {theirs}"),
                                        T("действие сорвано или ослаблено", "the action is foiled or weakened") if ok
                                        else T("не хватило", "not enough")))]
    return out

#: ``codex-counteraction``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-counteraction", system="codex", kind="dice",
    title=T("Противодействие (Codex)", "Counteraction (Codex)"),
    description=T("Бросок только ED6 вне своего хода: перекроют ли ваши LV чужие.",
                  "A roll of ED6 alone outside your turn: will your LV cover the other's."),
    params=COUNTER_PARAMS, compute=compute, roll=roll,
    check=check,
    summary=("p_counter",),
)
