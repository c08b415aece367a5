"""``lysogorsk-wounds``: a wounded character — the penalties, bleeding, head wounds, a maimed limb and
one period of natural or medical healing (the pages «Хиты и ранения», «Состояния»).
"""

from __future__ import annotations

from dataclasses import replace

from ...spec import Calculator, T, bool_param, choice_param, figures, int_param, note, prob, ru_count
from .. import readings, rules, tables
from .checks import check_dice_blocks, roll_2d6
from .damage import QUARTER_PARAM, STATE_NAMES, hits_errors

__all__ = ["HEAD_OPTIONS", "PARAMS", "check", "compute", "hits_text", "roll", "CALCULATOR"]



def hits_text(n: int) -> dict:
    """A number of hits: 1 хит, 2 хита, 5 хитов; 1 hit, 5 hits."""
    return T(ru_count(n, "хит", "хита", "хитов"), f"{n} hit" + ("" if n == 1 else "s"))


HEAD_OPTIONS = [
    ("none", "нет", "none"),
    ("concussion", "сотрясение мозга", "concussion"),
    ("skull", "черепно-мозговая травма (стабилизирована)", "skull fracture (stabilized)"),
]
_MEDICAL = {"param": "heal", "eq": "medical"}
_HEALING = {"param": "heal", "ne": "none"}

PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 2, 0, 30),
    int_param("damage_taken", "Потеряно хитов (постоянный урон)", "Hits lost (permanent)", 10, 0, 200),
    int_param("temporary_taken", "Потеряно хитов (временный урон)", "Hits lost (temporary)", 0, 0, 200),
    choice_param("heal", "Лечение", "Healing", "natural", [
        ("none", "не считать", "do not count"),
        ("natural", "естественное (проверка Стойкости)", "natural (a Fortitude check)"),
        ("medical", "медицинское (проверка Медицины врача)", "medical (the doctor's Medicine check)"),
    ]),
    int_param("fortitude", "Стойкость", "Fortitude", 0, 0, 30, when=_HEALING),
    int_param("doctor", "Врач: атрибут + Медицина", "Doctor: attribute + Medicine", 4, -10, 60, when=_MEDICAL),
    choice_param("head", "Рана головы", "Head wound", "none", HEAD_OPTIONS, group="details"),
    bool_param("maimed", "Увечье конечности", "A maimed limb", False, group="details"),
    bool_param("bleeding", "Кровь не остановлена", "The bleeding is not stopped", True, group="details"),
    int_param("extra_hits", "Купленные доп. хиты (до 2×Выносливость)", "Bought extra hits (up to 2×Stamina)",
              0, 0, 60, group="details"),
    int_param("heal_modifier", "Модификаторы проверки Стойкости", "Modifiers of the Fortitude check", 0, -40, 40,
              group="details", when=_HEALING),
    bool_param("reroll", "Перебросить Стойкость за Везение", "Re-roll the Fortitude check with Luck", False,
               group="details", when=_HEALING),
    bool_param("doctor_reroll", "Врач перебрасывает за Везение", "The doctor re-rolls with Luck", False,
               group="details", when=_MEDICAL),
    replace(QUARTER_PARAM, group="readings"),
    readings.HITS_STAMINA.switch(),
    int_param("permanent_stamina", "Постоянная Выносливость (для хитов)", "Permanent Stamina (for the hits)",
              2, 0, 30, group="readings", when={"param": "hits_stamina", "eq": "permanent"}),
    readings.MEDICAL_FAIL.switch(when=_MEDICAL),
    readings.BLEEDING_BAND.switch(when={"all": [{"param": "bleeding", "eq": True}, {"param": "damage_taken", "min": 1},
                               {"param": "temporary_taken", "min": 1}]}),
    readings.CONCUSSION_AT_CRITICAL.switch(when={"param": "head", "eq": "concussion"}),
    readings.MAIMING_AT_SCRATCH.switch(when={"param": "maimed", "eq": True}),
)


def check(p: dict) -> None:
    """Bought hits up to twice the Выносливость; the temporary damage fits the track."""
    hits_errors({**p, "stamina": _hits_stamina(p)}).check()


def _hits_stamina(p: dict) -> int:
    """The Выносливость of the hits (and of the bought hits' ceiling); the checks and the concussion's
    hours go by the field «Выносливость»."""
    return rules.hits_stamina(p["stamina"], p["permanent_stamina"], p["hits_stamina"])


def _total(p: dict) -> int:
    return rules.max_hits(_hits_stamina(p), p["extra_hits"])


def _state(p: dict) -> str:
    return rules.state_after(_total(p), p["damage_taken"], p["temporary_taken"], p["quarter_is_critical"])


def _heal_level(p: dict) -> str:
    """The wound level healing goes by: the permanent damage (temporary hits are gone within hours)."""
    return rules.state_after(_total(p), p["damage_taken"], 0, p["quarter_is_critical"])


def _penalty(p: dict, state: str) -> int | None:
    base = rules.wound_penalty(state)
    if base is None:
        return None
    return base + rules.head_penalty(p["head"], state, p["concussion_at_critical"])


def _bleeding_hits(p: dict) -> int | None:
    """The hits the bleeding goes by; ``None``: nothing bleeds (no permanent wound)."""
    return rules.bleeding_hits(_total(p), p["damage_taken"], p["temporary_taken"], p["bleeding_band"])


def _bleeding_text(p: dict, hits: int | None) -> T:
    if not p["bleeding"]:
        return T("остановлено", "stopped")
    if hits is None:
        return T("нет: временный урон не кровоточит" if p["temporary_taken"] else "нет ран",
                 "none: temporary damage does not bleed" if p["temporary_taken"] else "no wounds")
    if p["head"] == "skull":
        band = tables.BLEEDING[tables.SKULL_STABILIZED_BLEEDING]
        return T(f"{band['loss']['ru']}: до 0 хитов — {max(0, hits) * band['every']} мин",
                 f"{band['loss']['en']}: {max(0, hits) * band['every']} min to 0 hits")
    steps = rules.bleeding_timeline(hits)
    if not steps:
        return T("нет (при 9 хитах и больше)", "none (at 9 hits or more)") if hits > 0 else T("—", "—")
    unit = {"minutes": ("мин", "min"), "rounds": ("раундов", "rounds")}
    ru = "; ".join(f"{s['from']} → {s['to']} хитов: {s['time']} {unit[s['unit']][0]}" for s in steps)
    en = "; ".join(f"{s['from']} → {s['to']} hits: {s['time']} {unit[s['unit']][1]}" for s in steps)
    return T(ru, en)


def _maiming_text(p: dict, state: str) -> T:
    m = rules.maiming(state, p["maiming_at_scratch"])
    if m == "disabled":
        return T("конечность демобилизована (как Инвалид)", "the limb is disabled (as the Invalid feature)")
    return T(f"{m} на действия этой конечностью" if m else "без штрафа",
             f"{m} to actions with this limb" if m else "no penalty")


def _heal(p: dict, level: str) -> dict | None:
    if p["heal"] == "none" or level not in tables.HEALING:
        return None
    doctor = p["doctor"] if p["heal"] == "medical" else None
    return rules.healing(level, p["stamina"], p["fortitude"], p["heal_modifier"], p["reroll"], doctor,
                         p["doctor_reroll"], p["medical_fail"])


def compute(p: dict) -> dict:
    """The wounded character: state, penalty, bleeding, one period of healing."""
    total = _total(p)
    state = _state(p)
    hits = total - p["damage_taken"] - p["temporary_taken"]
    bleed = _bleeding_hits(p)
    penalty = _penalty(p, state)
    level = _heal_level(p)
    items = [("state", T("Состояние", "State"), STATE_NAMES[state]),
             ("penalty", T("Штраф ко всем действиям", "Penalty to all actions"),
              "—" if penalty is None else penalty),
             ("hits", T(f"Хитов осталось из {total}", f"Hits left of {total}"), hits),
             ("bleeding", T("Кровотечение", "Bleeding"), _bleeding_text(p, bleed))]
    result = {"max_hits": total, "hits": hits, "state": state, "penalty": penalty,
              "bleeding": rules.bleeding_timeline(bleed) if p["bleeding"] and bleed is not None
              and p["head"] != "skull" else []}
    display = []
    heal = _heal(p, level)
    if heal is not None:
        row = tables.HEALING[level]
        items.insert(2, ("p_heal", T(f"Шанс вернуть {hits_text(heal['hits'])['ru']} за период ({row['period']['ru']})",
                                     f"Chance to regain {hits_text(heal['hits'])['en']} this period ({row['period']['en']})"),
                         prob(heal["p"])))
        result.update(heal_level=level, p_heal=prob(heal["p"]), heal_hits=heal["hits"],
                      p_doctor=None if heal["p_doctor"] is None else prob(heal["p_doctor"]))
        detail = [("fortitude_difficulty", T("УС Стойкости", "Fortitude difficulty"), row["fortitude_difficulty"]),
                  ("p_natural", T("Шанс проверки Стойкости", "Chance of the Fortitude check"),
                   prob(heal["p_natural"]))]
        if heal["p_doctor"] is not None:
            detail += [("medicine_difficulty", T("УС Медицины", "Medicine difficulty"), row["medicine_difficulty"]),
                       ("p_doctor", T("Шанс проверки Медицины", "Chance of the Medicine check"),
                        prob(heal["p_doctor"]))]
        display.append(figures(*detail))
    elif p["heal"] == "none":
        items.insert(2, ("p_heal", T("Лечение", "Healing"), T("не считается", "not counted")))
    elif level == "scratch":
        items.insert(2, ("p_heal", T(f"Царапины заживают за {tables.SCRATCH_HEAL_HOURS} часа",
                                     f"Scratches heal within {tables.SCRATCH_HEAL_HOURS} hours"), prob(1)))
        result.update(heal_level=level, p_heal=prob(1), heal_hits=p["damage_taken"])
        display.append(note(f"Царапины заживают сами за {tables.SCRATCH_HEAL_HOURS} часа игрового времени.",
                            f"Scratches heal by themselves within {tables.SCRATCH_HEAL_HOURS} hours of game time."))
    else:
        items.insert(2, ("p_heal", T("Лечение", "Healing"), T("нет правила (при смерти)", "no rule (dying)")))
        display.append(note("При смерти: источник не дает правила лечения — персонажа сначала нужно спасти.",
                            "Dying: the source gives no healing rule — the character must be saved first.",
                            "warning"))
    display.insert(0, figures(*items))
    more = []
    if p["temporary_taken"]:
        hours = -(-p["temporary_taken"] // tables.TEMPORARY_HEAL_PER_HOUR)
        more.append(("temporary_hours", T("Временный урон пройдет через, ч", "Temporary damage gone in, h"), hours))
        result["temporary_hours"] = hours
    if p["head"] == "concussion":
        more.append(("concussion_hours", T("Сотрясение проявится через, ч (= Выносливость)",
                                           "The concussion shows after, h (= Stamina)"), p["stamina"]))
    if p["maimed"]:
        more.append(("maiming", T("Увечье", "Maimed limb"), _maiming_text(p, state)))
        result["maiming"] = rules.maiming(state, p["maiming_at_scratch"])
    if p["extra_hits"]:
        more.append(("extra_hits_cost", T("Купленные хиты стоили плюшек", "The bought hits cost, perk points"),
                     rules.extra_hits_cost(p["extra_hits"])))
    if more:
        display.append(figures(*more))
    if p["head"] == "skull":
        display.append(note("Черепно-мозговая травма, стабилизированная обычным образом, кровоточит как тяжелая; "
                            "окончательно — только на операционном столе или экстрасенсорикой.",
                            "A skull fracture stabilized the usual way bleeds as a heavy wound; for good only on "
                            "the operating table or by extrasensory means."))
    result["display"] = display
    return result


def roll(p: dict, roller) -> dict:
    """One period of healing on the dice: the doctor's Медицина, then (or instead) the Стойкость check."""
    level = _heal_level(p)
    heal = _heal(p, level)
    if heal is None:
        return {"rolled": False, "display": [figures(("result", T("Итог", "Result"),
                                                      T("Бросать нечего", "Nothing to roll")))]}
    row = tables.HEALING[level]
    display, out = [], {"rolled": True, "level": level}
    auto = False
    if p["heal"] == "medical":
        a, b, dice = roll_2d6(roller, p["doctor_reroll"])
        dt = dice + p["doctor"]
        auto = dt >= row["medicine_difficulty"]
        out.update(doctor_faces=a, doctor_reroll_faces=b, doctor_total=dt, doctor_success=auto)
        display += check_dice_blocks(T("Медицина", "Medicine"), a, b)
    ok = auto
    if not auto and (p["heal"] == "natural" or p["medical_fail"] == "natural"):
        a, b, dice = roll_2d6(roller, p["reroll"])
        ft = dice + p["stamina"] + p["fortitude"] + p["heal_modifier"]
        ok = ft >= row["fortitude_difficulty"]
        out.update(fortitude_faces=a, fortitude_reroll_faces=b, fortitude_total=ft)
        display += check_dice_blocks(T("Стойкость", "Fortitude"), a, b)
    gained = min(row["hits"], p["damage_taken"]) if ok else 0
    out.update(success=ok, hits_gained=gained)
    display.append(figures(("result", T("Итог", "Result"),
                            T(f"+{hits_text(gained)['ru']} через {row['period']['ru']}",
                              f"+{hits_text(gained)['en']} after {row['period']['en']}")
                            if ok else T("в этот период без восстановления", "no hits back this period"))))
    out["display"] = display
    return out

#: ``lysogorsk-wounds``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-wounds", system="lysogorsk", kind="check",
    title=T("Раненый: штрафы, кровотечение, лечение", "A wounded character: penalties, bleeding, healing"),
    description=T("Уровень ранения и штраф (с ранами головы и увечьем), кровотечение до «при смерти», "
                  "естественное и медицинское лечение за один период.",
                  "The wound level and penalty (with head wounds and a maimed limb), bleeding down to dying, "
                  "natural and medical healing over one period."),
    params=PARAMS, compute=compute, roll=roll, check=check,
    summary=("penalty", "p_heal", "bleeding"),
)
