"""``codex-counters``: successes fill one counter, failures the other — which fills first."""

from __future__ import annotations

from ...dice import Dist
from ...spec import Calculator, T, dist_block, figures, int_param, note, prob
from .. import readings, rules
from .shared import MAX_DIFFICULTY, MAX_ED6, deprived, roll_notes, skill_check, skill_params

__all__ = ["MAX_DIVISIONS", "COUNTERS_PARAMS", "compute", "CALCULATOR"]

#: A counter «по умолчанию разделён на шесть (6) делений» and may borrow the next ones: up to four.
MAX_DIVISIONS = 24

COUNTERS_PARAMS = (
    int_param("fill", "Счётчик успехов (Доводы): делений", "The successes' counter (Arguments): divisions", 6, 1,
              MAX_DIVISIONS),
    int_param("limit", "Встречный счётчик провалов (Раздражение): делений",
              "The failures' counter against it (Irritation): divisions", 3, 1, MAX_DIVISIONS),
    int_param("ad6", "AD6 на действие", "AD6 per action", 2, 0, rules.AD6_PER_TURN),
    int_param("ed6", "ED6 на действие", "ED6 per action", 1, 0, MAX_ED6),
) + skill_params() + (
    int_param("difficulty", "Сложность действия (LV)", "The action's difficulty (LV)", 1, 1, MAX_DIFFICULTY),
    readings.COUNTER_STEP.switch(),
)


def compute(p: dict) -> dict:
    """The odds of which counter fills first, and the other's divisions then."""
    lv = rules.roll_dist(p["ad6"] + (0 if deprived(p) else p["ed6"]), p["skill"], p["stress"], p["flax"],
                         p["skill0"], p["flax_reading"], p["skill_scale"])
    if lv is None:
        lv = Dist.constant(0)
    race = rules.counters_race(lv, p["difficulty"], p["fill"], p["limit"], p["step"])
    p_fill = race.p(lambda x: x[0] == "fill")
    other = race.given(lambda x: x[0] == "fill").map(lambda x: x[1]) if p_fill else None
    display = [
        figures(("p_fill", T("Первым заполнится счётчик успехов", "The successes' counter fills first"), prob(p_fill)),
                ("p_action", T("Шанс успеха одного действия", "Chance of one action's success"),
                 prob(lv.at_least(p["difficulty"])))),
        {"kind": "table", "title": T("Чем кончится", "How it ends"),
         "columns": [T("Итог", "Outcome"), T("Шанс", "Chance")],
         "rows": [[T(f"успехов первым, у встречного {n}", f"successes first, the other at {n}") if k == "fill"
                   else T(f"провалов первым, у успехов {n}", f"failures first, the successes at {n}"), prob(race[(k, n)])]
                  for k, n in race.outcomes()]},
        note("Каждое действие — тот же бросок против той же сложности; счётчики не опустошаются.",
             "Every action is the same roll against the same difficulty; the counters are not emptied."),
    ] + roll_notes(p)
    if other is not None:
        display.insert(1, dist_block("other", T("Если первым заполнился счётчик успехов: делений у встречного",
                                                "If the successes' counter fills first: the other's divisions"),
                                     T("делений", "divisions"), other, at_least=False))
    return {"p_fill": prob(p_fill), "outcome": [{"first": k, "other": n, "p": prob(race[(k, n)])}
                                                for k, n in race.outcomes()], "display": display}

#: ``codex-counters``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-counters", system="codex", kind="dice",
    title=T("Встречные счётчики (Codex)", "Two counters against each other (Codex)"),
    description=T("Успехи заполняют один счётчик, провалы — другой: какой заполнится первым.",
                  "Successes fill one counter, failures the other: which fills first."),
    params=COUNTERS_PARAMS, compute=compute, check=skill_check, summary=("p_fill",),
)
