"""``lysogorsk-recovery``: temporarily lost Уверенность and Выносливость, their recovery by sleep
(and by food after hunger), and Luck (the page «Уверенность, Выносливость и Везение»).
"""

from __future__ import annotations

from ...spec import Calculator, Errors, T, bool_param, figures, int_param, note
from .. import rules, tables

__all__ = ["PARAMS", "check", "compute", "CALCULATOR"]

PARAMS = (
    int_param("stamina_full", "Выносливость (постоянная)", "Stamina (permanent)", 3, 0, 30),
    int_param("stamina_now", "Выносливость (текущая)", "Stamina (current)", 1, 0, 30),
    int_param("confidence_full", "Уверенность (постоянная)", "Confidence (permanent)", 3, 0, 30),
    int_param("confidence_now", "Уверенность (текущая)", "Confidence (current)", 0, 0, 30),
    int_param("sleeps", "Восьмичасовых снов (здоровый сон)", "Eight-hour sleeps (sound sleep)", 1, 0, 365),
    bool_param("exhaustion", "Нервное истощение (Уверенность не восстанавливается)",
               "Nervous exhaustion (Confidence does not come back)", False),
    int_param("stamina_hunger", "Из потерянной Выносливости — от голода или жажды",
              "Of the Stamina lost — to hunger or thirst", 0, 0, 30, group="details",
              help=T("Она не восстанавливается сном: по единице в день усиленного питания.",
                     "Sleep does not restore it: one point per day of hearty food.")),
    int_param("feeding_days", "Дней усиленного питания", "Days of hearty food", 0, 0, 365, group="details",
              when={"param": "stamina_hunger", "min": 1}),
    int_param("stamina_loss", "Теряет сейчас Выносливости", "Stamina lost now", 0, 0, 30, group="details"),
    int_param("confidence_loss", "Теряет сейчас Уверенности (не от стресса)", "Confidence lost now (not to stress)",
              0, 0, 30, group="details"),
    int_param("luck_full", "Везение (постоянное)", "Luck (permanent)", 2, 0, 30, group="details"),
    int_param("luck_now", "Везение (осталось)", "Luck (left)", 2, 0, 30, group="details"),
    int_param("days", "Прошло дней (для Везения)", "Days gone by (for Luck)", 0, 0, 365, group="details"),
)


def check(p: dict) -> None:
    """Current values at most the permanent ones; the hunger loss within the loss."""
    errors = Errors()
    for a in ("stamina", "confidence", "luck"):
        if p[f"{a}_now"] > p[f"{a}_full"]:
            errors.append({"field": f"{a}_now", "ru": "Текущее значение не больше постоянного.",
                           "en": "The current value is at most the permanent one."})
    if p["stamina_hunger"] > p["stamina_full"] - p["stamina_now"]:
        errors.append({"field": "stamina_hunger", "ru": "Не больше, чем потеряно Выносливости.",
                       "en": "No more than the Stamina lost."})
    errors.check()


def _after_loss(p: dict, name: str) -> tuple[int, bool]:
    left = rules.attribute_loss(p[f"{name}_now"], p[f"{name}_loss"])
    return (p[f"{name}_now"], True) if left is None else (left, False)


def compute(p: dict) -> dict:
    """Выносливость, Уверенность and Везение after the sleeps, the food and the days."""
    sleep = tables.SLEEP_RECOVERY
    stamina, out_s = _after_loss(p, "stamina")
    confidence, out_c = _after_loss(p, "confidence")
    hunger = p["stamina_hunger"]
    fed = min(hunger, p["feeding_days"] * tables.FEEDING_RECOVERY_PER_DAY)
    # sleep restores what hunger did not take; food gives back what hunger took
    sleep_cap = p["stamina_full"] - (hunger - fed)
    stamina_after = rules.recovered(sleep_cap, min(stamina + fed, sleep_cap), p["sleeps"], sleep["stamina"])
    conf_per = 0 if p["exhaustion"] else sleep["confidence"]
    confidence_after = confidence if p["exhaustion"] else rules.recovered(p["confidence_full"], confidence,
                                                                          p["sleeps"], conf_per)
    luck = rules.luck_after(p["luck_full"], p["luck_now"], p["days"])
    s_need = rules.sleeps_to_full(sleep_cap, min(stamina + fed, sleep_cap), sleep["stamina"])
    c_need = None if p["exhaustion"] else rules.sleeps_to_full(p["confidence_full"], confidence, sleep["confidence"])
    display = [
        figures(("stamina", T(f"Выносливость после {p['sleeps']} сн.", f"Stamina after {p['sleeps']} sleeps"),
                 f"{stamina_after} / {p['stamina_full']}"),
                ("confidence", T(f"Уверенность после {p['sleeps']} сн.", f"Confidence after {p['sleeps']} sleeps"),
                 f"{confidence_after} / {p['confidence_full']}"),
                ("luck", T(f"Везение через {p['days']} дн.", f"Luck after {p['days']} days"),
                 f"{luck} / {p['luck_full']}")),
        figures(("stamina_sleeps", T("Снов до полной Выносливости (сном)", "Sleeps to full Stamina (by sleep)"),
                 s_need),
                ("confidence_sleeps", T("Снов до полной Уверенности", "Sleeps to full Confidence"),
                 "—" if c_need is None else c_need),
                ("luck_days", T("Дней до полного Везения", "Days to full Luck"),
                 tables.LUCK_RECOVERY_DAYS * (p["luck_full"] - p["luck_now"]))),
    ]
    if hunger:
        display.append(figures(("hunger_days", T("Дней усиленного питания до конца голодной потери",
                                                 "Days of hearty food to make up the hunger loss"),
                                max(0, hunger - fed))))
    if p["exhaustion"]:
        display.append(note("Нервное истощение: пока оно не пройдет, Уверенность не восстанавливается.",
                            "Nervous exhaustion: until it passes, Confidence does not come back.", "warning"))
    for lost, name in ((out_s, T("Выносливость", "Stamina")), (out_c, T("Уверенность", "Confidence"))):
        if lost:
            display.append(note(f"{name['ru']} упала бы ниже нуля: вместо этого персонаж теряет сознание.",
                                f"{name['en']} would fall below zero: the character loses consciousness instead.",
                                "warning"))
    return {"stamina": stamina_after, "confidence": confidence_after, "luck": luck,
            "unconscious": out_s or out_c, "stamina_sleeps": s_need, "confidence_sleeps": c_need,
            "display": display}

#: ``lysogorsk-recovery``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-recovery", system="lysogorsk", kind="check",
    title=T("Восстановление Выносливости, Уверенности, Везения",
            "Recovering Stamina, Confidence, Luck"),
    description=T("Временная потеря атрибутов и их возврат: сон, питание после голода, Везение по дням.",
                  "Temporary loss of attributes and getting them back: sleep, food after hunger, Luck by days."),
    params=PARAMS, compute=compute, check=check,
    summary=("stamina", "confidence"),
)
