"""``codex-ability``: what an ability costs (1/2/4 ED6 by its level), spent or blocked by a stance, and the
success roll with the ED6 left (§ 13, § 17).
"""

from __future__ import annotations

from ...spec import Calculator, Errors, T, choice_param, figures, int_param, note, prob
from .. import readings, rules, tables
from .shared import MAX_DIFFICULTY, MAX_ED6, HAS_ED6, roll_notes, skill_params, deprived, skill_check

__all__ = ["ABILITY_PARAMS", "MIN_PREPARATION", "check", "compute", "CALCULATOR"]

#: § 17: «2 — необходимо обоснование и уровень подготовки не менее 2»; level 3: «уровень подготовки НЕ менее 4».
MIN_PREPARATION = {1: 0, 2: 2, 3: 4}
_SPEND = {"param": "use", "eq": "spend"}
_STANCE = {"param": "use", "eq": "stance"}
_PER_TURN = {"param": "stance_limit", "eq": "per_turn"}

ABILITY_PARAMS = (
    int_param("level", "Уровень способности", "Ability level", 1, 1, 3,
              help=T("Затраты: 1 — 1ED6, 2 — 2ED6, 3 — 4ED6.", "Cost: 1 — 1ED6, 2 — 2ED6, 3 — 4ED6.")),
    choice_param("use", "Как применяется", "How it is used", "spend", [
        ("spend", "потратить D6: мгновенное действие или эффект", "spend D6: an instant action or effect"),
        ("stance", "блокировка D6: стойка или боевой режим", "lock D6: a stance or combat mode"),
    ]),
    int_param("ed6", "ED6 подготовки (доступно на бросок)", "The preparation's ED6 (available for the roll)", 3, 0,
              MAX_ED6, when=HAS_ED6),
    int_param("ad6", "AD6 на бросок", "AD6 for the roll", 2, 0, rules.AD6_PER_TURN),
    int_param("blocked", "ED6 уже заблокировано стойкой", "ED6 already locked by a stance", 0, 0, MAX_ED6,
              group="details", when={"all": [{"any": [_SPEND, _PER_TURN]}, HAS_ED6]},
              help=T("«Заблокированные кости недоступны нигде — в том числе на всех последующих бросках».",
                     "Locked dice are not available anywhere, later rolls included.")),
) + skill_params() + (
    int_param("difficulty", "Сложность броска (LV)", "Difficulty of the roll (LV)", 2, 1, MAX_DIFFICULTY),
    readings.STANCE_BLOCK.switch(when={"all": [_STANCE, {"param": "level", "eq": 3}]}),
    readings.STANCE_LIMIT.switch(when=_STANCE),
)


def _cost(p: dict) -> int:
    return rules.ability_cost(p["level"], p["use"], p["stance_block"])


def _blocked(p: dict) -> int:
    """The ED6 other stances hold while this ability is used (entering a stance: by the reading
    ``stance_limit``; none at exhaustion 6: no ED6 at all)."""
    return 0 if deprived(p) else rules.held_by_other_stances(p["blocked"], p["use"], p["stance_limit"])


def check(p: dict) -> None:
    """The skill's bounds; the dice blocked by a stance are some of the preparation's."""
    errors = Errors()
    with errors.gather():
        skill_check(p)
    if not deprived(p) and _blocked(p) > p["ed6"]:
        errors.append({"field": "blocked", "ru": f"Заблокировать можно не больше {p['ed6']} ED6 подготовки.",
                       "en": f"At most the preparation's {p['ed6']} ED6 can be locked."})
    errors.check()


def _p_success(p: dict, ed6: int) -> object:
    dist = rules.roll_dist(p["ad6"] + ed6, p["skill"], p["stress"], p["flax"], p["skill0"], p["flax_reading"],
                           p["skill_scale"])
    return 0 if dist is None else dist.at_least(p["difficulty"])


def compute(p: dict) -> dict:
    """The cost, whether the preparation pays it, and the roll with and without the ability."""
    cost = _cost(p)
    ed6 = 0 if deprived(p) else p["ed6"]
    free = ed6 - _blocked(p)
    left = rules.ed6_after_ability(ed6, cost, _blocked(p))
    spent = T("блокируются, пока стойка активна", "locked while the stance lasts") if p["use"] == "stance" \
        else T("тратятся", "spent")
    items = [("cost", T(f"Затраты, ED6 ({spent['ru']})", f"Cost, ED6 ({spent['en']})"), cost),
             ("ed6_left", T("ED6 остается на бросок", "ED6 left for the roll"), "—" if left is None else left)]
    without = _p_success(p, free)
    result = {"cost": cost, "ed6_left": left, "p_without": prob(without)}
    if left is None:
        verdict = (T("нельзя: истощение 6-го уровня — нет ED6", "no: exhaustion level 6 — no ED6")
                   if deprived(p) else T(f"нельзя: нужно {cost} ED6, есть {free}",
                                              f"no: {cost} ED6 needed, {free} available"))
        items.insert(0, ("possible", T("Применить можно", "Can be used"), verdict))
        items.append(("p_success", T("Шанс броска с ней", "Chance of the roll with it"), "—"))
        result.update(possible=False)
    else:
        with_ability = _p_success(p, left)
        items.insert(0, ("possible", T("Применить можно", "Can be used"), T("да", "yes")))
        items.append(("p_success", T(f"Шанс броска с ней (LV ≥ {p['difficulty']})",
                                     f"Chance of the roll with it (LV ≥ {p['difficulty']})"), prob(with_ability)))
        result.update(possible=True, p_success=prob(with_ability))
    items.append(("p_without", T("Шанс того же броска без нее", "Chance of the same roll without it"), prob(without)))
    display = [figures(*items),
               {"kind": "table", "title": T("Затраты на способности по уровням", "Ability costs by level"),
                "columns": [T("Уровень", "Level"), T("Затраты и подготовка", "Cost and preparation")],
                "rows": [[level, T(f"{c['ed6']}ED6, подготовка от {MIN_PREPARATION[level]}",
                                   f"{c['ed6']}ED6, preparation {MIN_PREPARATION[level]}+")]
                         for level, c in tables.ABILITY_COSTS.items()]}]
    if p["use"] == "stance" and p["stance_limit"] == "active":
        display.append(note("Стойка: кости заблокированы на всех бросках, пока она не снята; активна одна стойка "
                            "или режим — прежняя снимается, её кости возвращаются.",
                            "A stance: the dice stay locked on every roll until it is dropped; one stance or mode "
                            "is active — the one before is dropped and its dice come back."))
    elif p["use"] == "stance":
        display.append(note("Стойка: кости заблокированы на всех бросках, пока она не снята; за один ход можно войти "
                            "в одну стойку или режим, прежние держат свои кости.",
                            "A stance: the dice stay locked on every roll until it is dropped; one stance or mode "
                            "can be entered a turn, earlier ones keep their dice."))
    else:
        display.append(note("Потраченные кости — чистая плата: к броску на успех они не добавляются.",
                            "Spent dice are pure payment: they are not added to the success roll."))
    if ed6 < MIN_PREPARATION[p["level"]]:
        display.append(note(f"Способность уровня {p['level']} требует подготовки не менее "
                            f"{MIN_PREPARATION[p['level']]} (§ 17) — если ED6 здесь и есть уровень подготовки.",
                            f"An ability of level {p['level']} needs a preparation of at least "
                            f"{MIN_PREPARATION[p['level']]} (§ 17) — if the ED6 here are the preparation's level.",
                            "warning"))
    result["display"] = display + roll_notes(p)
    return result

#: ``codex-ability``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-ability", system="codex", kind="dice",
    title=T("Способность: затраты ED6 (Codex)", "Ability: the ED6 cost (Codex)"),
    description=T("1, 2 или 4 ED6 по уровню — потратить или заблокировать стойкой, и бросок на успех с "
                  "оставшимися ED6.",
                  "1, 2 or 4 ED6 by level — spent or locked by a stance, and the success roll with the ED6 left."),
    params=ABILITY_PARAMS, compute=compute, check=check,
    summary=("possible", "ed6_left", "p_success"),
)
