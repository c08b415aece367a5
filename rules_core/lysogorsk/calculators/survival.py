"""``lysogorsk-survival``: suffocation, hunger, thirst and sleeplessness — the time without checks and
the odds after it (the page «Удушье, голод, падения, сон, электричество»).
"""

from __future__ import annotations

from ...spec import Calculator, InputError, T, choice_param, dist_block, dist_json, figures, int_param, note, prob
from .. import readings, rules

__all__ = ["PARAMS", "SURVIVAL_MAX_DAYS", "SLEEP_MAX_CHECKS", "check", "compute", "roll", "CALCULATOR"]


_SLEEP = {"param": "kind", "eq": "sleep"}

PARAMS = (
    choice_param("kind", "Что", "What", "suffocation", [
        ("suffocation", "удушье (минуты без воздуха)", "suffocation (minutes without air)"),
        ("hunger", "голод (дни без еды)", "hunger (days without food)"),
        ("thirst", "жажда (дни без воды)", "thirst (days without water)"),
        ("sleep", "без сна (часы бодрствования)", "no sleep (hours awake)"),
    ]),
    int_param("stamina", "Выносливость", "Stamina", 2, 0, 30),
    # the check without sleep is Уверенность + Сила духа; the others Выносливость + Стойкость
    int_param("fortitude", "Стойкость", "Fortitude", 1, 0, 30, when={"param": "kind", "ne": "sleep"}),
    int_param("confidence", "Уверенность (для сна)", "Confidence (sleep)", 2, -10, 30, when=_SLEEP),
    int_param("willpower", "Сила духа (для сна)", "Willpower (sleep)", 1, 0, 30, when=_SLEEP),
    int_param("modifier", "Модификаторы проверок", "Check modifiers", 0, -20, 20),
    int_param("time", "Прошло минут / дней / часов", "Minutes / days / hours so far", 10, 0, 500),
    readings.DEFAULT_ROUNDING.switch(
        label=T("Округление УС без сна (часы / 2×Выносливость)", "Rounding of the no-sleep difficulty (hours / 2×Stamina)"),
        help=T("Источник не говорит, как округлять этот УС; «по математическим правилам» — его правило для порогов хитов.",
               "The source does not say how to round this difficulty; «mathematical» is its rule for hit thresholds."),
        when=_SLEEP),
)
SURVIVAL_MAX_DAYS = 365
SLEEP_MAX_CHECKS = 120  # hours awake after the grace


def check(p: dict) -> None:
    if p["kind"] == "sleep" and p["stamina"] < 1:
        raise InputError({"field": "stamina", "ru": "Для сна Выносливость не меньше 1 (УС делится на нее).",
                          "en": "For sleep the Stamina must be at least 1 (the difficulty divides by it)."})
    if p["kind"] == "sleep" and p["time"] > rules.SLEEP_GRACE_PER_STAMINA * p["stamina"] + SLEEP_MAX_CHECKS:
        lim = rules.SLEEP_GRACE_PER_STAMINA * p["stamina"] + SLEEP_MAX_CHECKS
        raise InputError({"field": "time", "ru": f"Не больше {lim} часов (10 × Выносливость + {SLEEP_MAX_CHECKS}).",
                          "en": f"At most {lim} hours (10 × Stamina + {SLEEP_MAX_CHECKS})."})
    if p["kind"] in ("hunger", "thirst") and p["time"] > SURVIVAL_MAX_DAYS:
        raise InputError({"field": "time", "ru": f"Не больше {SURVIVAL_MAX_DAYS} дней.",
                          "en": f"At most {SURVIVAL_MAX_DAYS} days."})


def compute(p: dict) -> dict:
    kind, st_, t = p["kind"], p["stamina"], p["time"]
    if kind == "suffocation":
        grace = rules.SUFFOCATION_GRACE_PER_STAMINA * st_
        d = rules.suffocation(st_, p["fortitude"], p["modifier"])
        by = d.at_most(t)
        return {"kind": kind, "grace": grace, "p_dying": prob(by),
                "minute": dist_json(d, "minute"),
                "display": [
                    figures(("grace", T("Без проверок, минут (3 × Выносливость)", "Minutes without checks (3 × Stamina)"),
                             grace),
                            ("chance", T(f"Шанс быть «при смерти» к {t}-й минуте", f"Chance of dying by minute {t}"),
                             prob(by))),
                    dist_block("minute", T("Минута, когда провалена проверка (УС 5, 6, 7 …)",
                                           "The minute a check fails (difficulty 5, 6, 7 …)"), T("минута", "minute"), d),
                    note("Если спасли, критическое ранение записывается как временное.",
                         "If rescued, the critical wound counts as temporary."),
                ]}
    if kind in ("hunger", "thirst"):
        grace = rules.STARVATION_GRACE_PER_STAMINA[kind] * st_
        d = rules.starvation(st_, p["fortitude"], t, kind, p["modifier"])
        alive = [k for k in d.outcomes() if k != "dead"]
        display = [
            figures(("grace", T("Без проверок, дней", "Days without checks"), grace),
                    ("chance", T(f"Шанс умереть за {t} дн.", f"Chance of death within {t} days"), prob(d["dead"]))),
            dist_block("stamina", T("Выносливость через столько дней (или смерть)", "Stamina after those days (or death)"),
                       T("Выносливость", "Stamina"), d, at_least=False,
                       label=lambda k: T("смерть", "death") if k == "dead" else k),
        ]
        if t > grace and alive == [st_]:
            display.append(note("С такой Выносливостью и Стойкостью проверка против УС 5 не проваливается.",
                                "With this Stamina and Fortitude the check against difficulty 5 cannot fail."))
        return {"kind": kind, "grace": grace, "p_dead": prob(d["dead"]),
                "stamina_after": [{"stamina": k, "p": prob(v)} for k, v in d.items() if k != "dead"],
                "display": display}
    grace = rules.SLEEP_GRACE_PER_STAMINA * st_
    d = rules.sleep_deprivation(st_, p["confidence"], p["willpower"], t, p["modifier"], p["rounding"])
    us_now = rules.sleep_difficulty(max(t, grace + 1), st_, p["rounding"])
    return {"kind": kind, "grace": grace, "p_awake": prob(d[0]),
            "fails": [{"fails": k, "penalty": rules.SLEEP_FAIL_PENALTY * k, "p": prob(v)} for k, v in d.items()],
            "display": [
                figures(("grace", T("Без проверок, часов (10 × Выносливость)", "Hours without checks (10 × Stamina)"),
                         grace),
                        ("chance", T("Шанс ни разу не провалить (не уснуть)", "Chance of never failing (staying awake)"),
                         prob(d[0])),
                        ("difficulty", T("УС проверки в этот час", "The check's difficulty at this hour"), us_now)),
                dist_block("fails", T("Проваленных проверок (по −2 каждая, если не уснул)",
                                      "Failed checks (−2 each when staying up)"), T("провалов", "fails"), d),
            ]}


def roll(p: dict, roller) -> dict:
    kind, st_, t = p["kind"], p["stamina"], p["time"]
    rows, log = [], []
    if kind == "suffocation":
        grace = rules.SUFFOCATION_GRACE_PER_STAMINA * st_
        k, minute = 0, None
        while minute is None:
            k += 1
            faces = roller.dice(2, 6)
            total = sum(faces) + st_ + p["fortitude"] + p["modifier"]
            us = rules.SUFFOCATION_FIRST_DIFFICULTY + k - 1
            log.append({"minute": grace + k, "faces": faces, "total": total, "difficulty": us})
            if total < us:
                minute = grace + k
        result = {"minute": minute}
        summary = T(f"«При смерти» на {minute}-й минуте", f"Dying at minute {minute}")
    elif kind in ("hunger", "thirst"):
        grace = rules.STARVATION_GRACE_PER_STAMINA[kind] * st_
        s, dead_day = st_, None
        for day in range(grace + 1, t + 1):
            faces = roller.dice(2, 6)
            total = sum(faces) + s + p["fortitude"] + p["modifier"]
            log.append({"day": day, "faces": faces, "total": total, "difficulty": rules.STARVATION_DIFFICULTY})
            if total < rules.STARVATION_DIFFICULTY:
                if s <= 0:
                    dead_day = day
                    break
                s -= 1
        result = {"stamina": s, "dead_day": dead_day}
        summary = (T(f"Умер на {dead_day}-й день", f"Dead on day {dead_day}") if dead_day
                   else T(f"Жив, Выносливость {s}", f"Alive, Stamina {s}"))
    else:
        grace = rules.SLEEP_GRACE_PER_STAMINA * st_
        fails = 0
        for h in range(grace + 1, t + 1):
            us = rules.sleep_difficulty(h, st_, p["rounding"])
            faces = roller.dice(2, 6)
            total = sum(faces) + p["confidence"] + p["willpower"] + p["modifier"] + rules.SLEEP_FAIL_PENALTY * fails
            log.append({"hour": h, "faces": faces, "total": total, "difficulty": us})
            fails += total < us
        result = {"fails": fails, "penalty": rules.SLEEP_FAIL_PENALTY * fails}
        summary = T(f"Провалов: {fails} (штраф {rules.SLEEP_FAIL_PENALTY * fails})",
                    f"Fails: {fails} (penalty {rules.SLEEP_FAIL_PENALTY * fails})")
    for e in log[-40:]:
        when = e.get("minute", e.get("day", e.get("hour")))
        rows.append([when, " ".join(map(str, e["faces"])), e["total"], e["difficulty"],
                     T("успех", "pass") if e["total"] >= e["difficulty"] else T("провал", "fail")])
    display = [figures(("result", T("Итог", "Result"), summary))]
    if rows:
        display.append({"kind": "table", "title": T("Проверки (последние 40)", "Checks (the last 40)"),
                        "columns": [T("Когда", "When"), T("Кубики", "Dice"), T("Итог", "Total"), T("УС", "Difficulty"),
                                    T("Результат", "Outcome")], "rows": rows})
    return {**result, "log": log, "display": display}

#: ``lysogorsk-survival``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-survival", system="lysogorsk", kind="check",
    title=T("Удушье, голод, жажда, без сна", "Suffocation, hunger, thirst, no sleep"),
    description=T("Сколько продержится персонаж: срок без проверок и шансы после него.",
                  "How long a character lasts: the time without checks and the odds after it."),
    params=PARAMS, compute=compute, roll=roll, check=check,
    summary=("chance", "grace"),
)
