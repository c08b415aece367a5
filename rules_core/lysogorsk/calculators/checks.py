"""``lysogorsk-check``: a check (001: «Бросаем два кубика, к полученному числу прибавляем значение навыка и
значение соответствующего ему атрибута») against a УС, or an opposed check
(the page «Проверки»).
"""

from __future__ import annotations

from ...spec import (Calculator, T, bool_param, choice_param, dice_block, dist_block, dist_json, figures,
                     int_param, note, prob)
from .. import readings, rules, tables

__all__ = ["roll_2d6", "check_dice_blocks", "SIZE_OPTIONS", "PARAMS", "compute", "roll", "CALCULATOR"]


def _tie_param(name="tie", **layout):
    return readings.TIE_RULE.switch(name, **layout)


def _difficulty_name(us: int) -> str:
    name = tables.DIFFICULTY_NAMES.get(us)
    return f"УС {us}" + (f" ({name['ru']})" if name else "")


SIZE_OPTIONS = [("none", "не стрельба / не учитывать", "not shooting / ignore")] + [
    (sid, size["name"]["ru"], size["name"]["en"]) for sid, size in tables.TARGET_SIZE.items()]


_CHECK = {"param": "mode", "eq": "check"}
_OPPOSED = {"param": "mode", "eq": "opposed"}

PARAMS = (
    choice_param("mode", "Вид проверки", "Kind of check", "check", [
        ("check", "против УС", "against a difficulty"),
        ("opposed", "противопоставленная", "opposed"),
    ]),
    int_param("attribute", "Атрибут", "Attribute", 3, -10, 30),
    int_param("skill", "Навык (0 — проверка на атрибут)", "Skill (0 — attribute-only check)", 2, 0, 30),
    int_param("modifier", "Модификаторы", "Modifiers", 0, -40, 40),
    bool_param("reroll", "Перебросить за Везение (лучший из двух)", "Re-roll with Luck (better of two)", False,
               group="details"),
    int_param("difficulty", "УС (0–15)", "Difficulty (0–15)", 10, -10, 40,
              help=T("Шкала источника — от 0 (тривиально) до 15 (предел возможного); некоторые правила "
                     "дают УС выше 15.",
                     "The source's scale runs from 0 (trivial) to 15 (the limit of the possible); a few "
                     "rules give a difficulty above 15."), when=_CHECK),
    int_param("opponent_attribute", "Атрибут противника", "Opponent's attribute", 3, -10, 30, when=_OPPOSED),
    int_param("opponent_skill", "Навык противника", "Opponent's skill", 2, 0, 30, when=_OPPOSED),
    int_param("opponent_modifier", "Модификаторы противника", "Opponent's modifiers", 0, -40, 40, when=_OPPOSED),
    bool_param("opponent_reroll", "Противник перебрасывает за Везение", "The opponent re-rolls with Luck", False,
               group="details", when=_OPPOSED),
    _tie_param(group="details", when=_OPPOSED),
    choice_param("target_size", "Стрельба против Уклонения: размер цели",
                 "Shooting against Dodge: target size", "none", SIZE_OPTIONS,
                 help=T("Добавляет к Уклонению модификатор за размер, и Уклонение считается не ниже УС "
                        "стрельбы по неподвижной цели.",
                        "Adds the size modifier to the Dodge, and the Dodge counts as no lower than the "
                        "difficulty against a stationary target."), group="details", when=_OPPOSED),
    int_param("actions", "Действий за раунд", "Actions this round", 1, 1, 12, group="details",
              help=T("Два действия — −1 каждое, три — −2, четыре — −4, пять — −6 и т. д.",
                     "Two actions are −1 each, three −2, four −4, five −6 and so on.")),
    bool_param("waited", "Ожидание: мастер дал +1 к заявленному действию",
               "Waiting: the GM gave +1 to the declared action", False, group="details",
               help=T("Персонаж ждал своего момента; «Мастер может дать ему модификатор +1 на заявленное действие, "
                      "если это соответствует ситуации».",
                      "The character waited for his moment; the GM may give +1 to the declared action if the "
                      "situation fits.")),
    bool_param("opponent_full_dodge", "Противник отказался от действий раунда ради уклонения (+2)",
               "The opponent gave up the round's actions to dodge (+2)", False, group="details", when=_OPPOSED,
               help=T("«До своего следующего хода он будет уклоняться с положительным модификатором +2».",
                      "Until his next turn he dodges with a +2 modifier.")),
)


def _modifier(p: dict) -> int:
    """Your modifiers plus the penalty for the actions declared this round and a waiting's +1."""
    return p["modifier"] + rules.extra_actions_penalty(p["actions"]) + rules.waiting_modifier(p["waited"])


def _opponent_modifier(p: dict) -> int:
    """The opponent's modifiers, with the full dodge's +2."""
    return p["opponent_modifier"] + rules.full_dodge_modifier(p["opponent_full_dodge"])


def _check_sides(p: dict):
    att = rules.check_total(p["attribute"], p["skill"], _modifier(p), p["reroll"])
    floor = None
    opp_mod = _opponent_modifier(p)
    if p["target_size"] != "none":
        size = tables.TARGET_SIZE[p["target_size"]]
        floor = size["difficulty"]
        opp_mod += size["dodge_modifier"]
    dfd = rules.check_total(p["opponent_attribute"], p["opponent_skill"], opp_mod, p["opponent_reroll"])
    return att, dfd, floor


def compute(p: dict) -> dict:
    if p["mode"] == "check":
        total = rules.check_total(p["attribute"], p["skill"], _modifier(p), p["reroll"])
        ps = rules.p_success(total, p["difficulty"])
        m = rules.margin(total, p["difficulty"])
        display = [
            figures(
                ("p_success", T(f"Шанс успеха против {_difficulty_name(p['difficulty'])}",
                                f"Chance of success against difficulty {p['difficulty']}"), prob(ps)),
                ("p_failure", T("Шанс неудачи", "Chance of failure"), prob(1 - ps)),
                ("mean_total", T("Средний результат", "Mean result"), round(float(total.mean()), 3)),
            ),
            dist_block("margin", T("Запас: результат − УС (0 и больше — успех)",
                                   "Margin: result − difficulty (0 or more is a success)"),
                       T("запас", "margin"), m),
        ]
        if not 0 <= p["difficulty"] <= 15:
            display.append(note("УС вне шкалы 0–15 источника.", "The difficulty is outside the source's 0–15 scale.",
                                 "warning"))
        return {"mode": "check", "p_success": prob(ps), "p_failure": prob(1 - ps),
                "margin": dist_json(m, "margin", at_least=True),
                "display": display}
    att, dfd, floor = _check_sides(p)
    m = rules.opposed_margin(att, dfd, floor)
    res = rules.opposed_outcome(att, dfd, p["tie"], floor)
    pw, pl, pd = res["attacker"], res["defender"], res["draw"]
    display = [
        figures(
            # the attacker winning is this check's success (the summary's figure in both modes)
            ("p_success", T("Побеждаете вы (атакующий)", "You (the attacker) win"), prob(pw)),
            ("p_defender", T("Побеждает противник", "The opponent wins"), prob(pl)),
            ("p_draw", T("Ничья", "Draw"), prob(pd)),
        ),
        dist_block("margin", T("Разница результатов: ваш − противника", "Difference: yours − the opponent's"),
                   T("разница", "difference"), m),
    ]
    if p["tie"] == "attacker":
        display.append(note("При равенстве «преимущество на стороне «атакующего»: Стрельба перевешивает Уклонение, Обман — "
                            "Проницательность».",
                            "A tie goes to the «attacker»: Shooting beats Dodge, Deceit beats Insight."))
    if floor is not None:
        display.append(note(f"Уклонение считается не ниже УС {floor} (стрельба по неподвижной цели).",
                            f"The Dodge counts as no lower than difficulty {floor} (a stationary target)."))
    return {"mode": "opposed", "p_attacker": prob(pw), "p_defender": prob(pl), "p_draw": prob(pd),
            "margin": dist_json(m, "margin", at_least=True),
            "display": display}


def roll_2d6(roller, reroll: bool) -> tuple[list[int], list[int] | None, int]:
    """Roll 2d6 (twice when ``reroll``, the better kept): the dice, the re-rolled dice or ``None``, the total."""
    a = roller.dice(2, 6)
    if not reroll:
        return a, None, sum(a)
    b = roller.dice(2, 6)
    return a, b, max(sum(a), sum(b))


def check_dice_blocks(label: T, a, b) -> list[dict]:
    """The dice blocks of a :func:`roll_2d6`: the dropped pair marked."""
    blocks = [dice_block(label, 6, a, ["" if b is None or sum(a) >= sum(b) else "dropped"] * 2)]
    if b is not None:
        blocks.append(dice_block(T(label["ru"] + " (переброс)", label["en"] + " (re-roll)"), 6, b,
                                 ["" if sum(b) > sum(a) else "dropped"] * 2))
    return blocks


def roll(p: dict, roller) -> dict:
    a, b, dice = roll_2d6(roller, p["reroll"])
    bonus = p["attribute"] + p["skill"] + _modifier(p)
    total = dice + bonus
    if p["mode"] == "check":
        ok = total >= p["difficulty"]
        verdict = (T(f"Успех: {total} против УС {p['difficulty']}", f"Success: {total} against difficulty {p['difficulty']}")
                   if ok else T(f"Неудача: {total} против УС {p['difficulty']}",
                                f"Failure: {total} against difficulty {p['difficulty']}"))
        return {"faces": a, "reroll_faces": b, "total": total, "success": ok,
                "margin": total - p["difficulty"],
                "display": check_dice_blocks(T("Ваши кубики", "Your dice"), a, b)
                + [figures(("result", T("Итог", "Result"), verdict))]}
    oa, ob, odice = roll_2d6(roller, p["opponent_reroll"])
    opp_mod = _opponent_modifier(p)
    floor = None
    if p["target_size"] != "none":
        size = tables.TARGET_SIZE[p["target_size"]]
        floor = size["difficulty"]
        opp_mod += size["dodge_modifier"]
    opp = odice + p["opponent_attribute"] + p["opponent_skill"] + opp_mod
    defence = opp if floor is None else max(opp, floor)
    diff = total - defence
    winner = "attacker" if diff > 0 else "defender" if diff < 0 else ("attacker" if p["tie"] == "attacker" else "draw")
    verdict = {"attacker": T("Побеждаете вы", "You win"), "defender": T("Побеждает противник", "The opponent wins"),
               "draw": T("Ничья", "A draw")}[winner]
    return {"faces": a, "reroll_faces": b, "total": total, "opponent_faces": oa, "opponent_reroll_faces": ob,
            "opponent_total": opp, "defence": defence, "winner": winner,
            "display": check_dice_blocks(T("Ваши кубики", "Your dice"), a, b)
            + check_dice_blocks(T("Кубики противника", "The opponent's dice"), oa, ob)
            + [figures(("result", T(f"{total} против {defence}", f"{total} against {defence}"), verdict))]}

#: ``lysogorsk-check``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-check", system="lysogorsk", kind="check",
    title=T("Проверка: 2К + атрибут + навык", "Check: 2d6 + attribute + skill"),
    description=T("Шанс успеха против УС и запас; противопоставленная проверка (при равенстве преимущество на стороне «атакующего»).",
                  "The chance of success against a difficulty and the margin; opposed checks (a tie goes to the «attacker»)."),
    params=PARAMS, compute=compute, roll=roll, summary=("p_success",),
)
