"""``lysogorsk-temporary``: temporary damage blow by blow — unconsciousness, what goes beyond «Здоровье»+10 and is
written as permanent, a heavy or critical temporary wound to the head or by a blast and its half of permanent
damage after an hour, and the hours the rest takes to heal (the page «Хиты и ранения»).
"""

from __future__ import annotations

from dataclasses import replace

from ...spec import Calculator, Option, Param, T, figures, int_param, note
from .. import readings, rules, tables
from .damage import QUARTER_PARAM, ROUNDING_PARAM, STATE_NAMES, hits_errors

__all__ = ["WHERE_OPTIONS", "PARAMS", "check", "compute", "CALCULATOR"]

#: Where a temporary blow lands, as the head rules tell apart.
WHERE_OPTIONS = (
    ("body", "не в голову", "not the head"),
    ("head", "в голову", "the head"),
    ("blast", "ударная волна взрыва", "a blast's shock wave"),
)
PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 3, 0, 30),
    int_param("damage_taken", "Уже потеряно хитов (постоянный урон)", "Hits already lost (permanent)", 0, 0, 200),
    int_param("temporary_taken", "Уже потеряно хитов (временный урон)", "Hits already lost (temporary)", 0, 0, 200,
              group="details"),
    Param("blows", "record_list", T("Временные удары по порядку", "Temporary blows, in order"),
          [{"hits": 8}, {"hits": 6, "where": "head"}], min_len=1, max_len=20,
          fields=(Param("hits", "int", T("Хитов", "Hits"), 5, min=0, max=200),
                  Param("where", "choice", T("Куда", "Where"), "body",
                        options=tuple(Option(v, T(r, e)) for v, r, e in WHERE_OPTIONS))),
          help=T("Кулаки, электрошок; для вампира или оборотня — любое обыкновенное оружие.",
                 "Fists, a stun baton; for a vampire or a werewolf any ordinary weapon.")),
    int_param("extra_hits", "Купленные доп. хиты (до 2×Выносливость)", "Bought extra hits (up to 2×Stamina)",
              0, 0, 60, group="details"),
    readings.HEAD_HALF.switch(),
    readings.BLAST.switch(),
    replace(ROUNDING_PARAM, label=T("Округление половины хитов раны головы", "Rounding of half the head wound's hits")),
    QUARTER_PARAM,
)


def check(p: dict) -> None:
    """Bought hits up to twice the Выносливость; the damage already taken fits the track."""
    hits_errors(p).check()


def _where(key: str) -> dict:
    return next(T(r, e) for v, r, e in WHERE_OPTIONS if v == key)


def _walk(p: dict, total: int) -> tuple[list[list], int, int, int, int]:
    """The blows one by one: the table's rows, the damage after them, the hits turned permanent beyond the
    limit, and the permanent hits the head wounds bring after an hour."""
    perm, temp = p["damage_taken"], p["temporary_taken"]
    rows, converted, head = [], 0, 0
    for i, blow in enumerate(p["blows"], 1):
        before = perm
        perm, temp = rules.apply_damage(total, perm, temp, blow["hits"], True)
        state = rules.state_after(total, perm, temp, p["quarter_is_critical"])
        over = perm - before
        converted += over
        mark = T("", "")
        if blow["where"] != "body" and state in rules.HEAD_WOUND_STATES:
            half = rules.head_wound_permanent(blow["hits"], blow["where"], p["rounding"], p["blast"])
            head += half
            what = T("сотрясение", "concussion") if blow["where"] == "head" else T("контузия", "blast concussion")
            mark = T(what["ru"] + (f", +{half} через час" if half else ""),
                     what["en"] + (f", +{half} in an hour" if half else ""))
        elif blow["where"] != "body":
            mark = T("не тяжелая", "not heavy")
        rows.append([i, blow["hits"], _where(blow["where"]), perm, temp, over or "—", STATE_NAMES[state], mark])
    return rows, perm, temp, converted, head


def compute(p: dict) -> dict:
    """The damage after every blow, and after an hour."""
    total = rules.max_hits(p["stamina"], p["extra_hits"])
    rows, perm, temp, converted, head = _walk(p, total)
    state = rules.state_after(total, perm, temp, p["quarter_is_critical"])
    perm1, temp1 = rules.after_hours(perm, temp, 1, head, p["head_half"])
    state1 = rules.state_after(total, perm1, temp1, p["quarter_is_critical"])
    # the first hour, then the rest at TEMPORARY_HEAL_PER_HOUR
    hours = 1 + -(-temp1 // tables.TEMPORARY_HEAL_PER_HOUR) if temp else 0
    display = [
        figures(("state", T("Состояние после ударов", "State after the blows"), STATE_NAMES[state]),
                ("converted", T("Записано постоянным уроном сверх Здоровья+10", "Written as permanent beyond Health+10"),
                 converted),
                ("head_permanent", T("Через час от ран головы — постоянный урон", "After an hour from head wounds: "
                                     "permanent damage"), head),
                ("state_hour", T("Через час", "After an hour"), STATE_NAMES[state1])),
        figures(("permanent", T(f"Постоянный урон (из {total} хитов)", f"Permanent damage (of {total} hits)"), perm),
                ("temporary", T("Временный урон", "Temporary damage"), temp),
                ("permanent_hour", T("Постоянный урон через час", "Permanent damage after an hour"), perm1),
                ("temporary_hour", T("Временный урон через час", "Temporary damage after an hour"), temp1),
                ("hours", T("Временный урон пройдет через, ч", "Temporary damage gone in, h"), hours)),
        {"kind": "table", "title": T("Удар за ударом", "Blow by blow"),
         "columns": [T("№", "#"), T("Хитов", "Hits"), T("Куда", "Where"), T("Постоянный", "Permanent"),
                     T("Временный", "Temporary"), T("Сверх +10", "Beyond +10"), T("Состояние", "State"),
                     T("Голова", "Head")],
         "rows": rows},
    ]
    if state == "unconscious":
        display.append(note("Хиты кончились от временного урона: без сознания на один час («Убить временным "
                            "повреждением нельзя»).", "The hits ran out on temporary damage: unconscious for an hour "
                            "(temporary damage cannot kill)."))
    if head:
        display.append(note(f"Сотрясение мозга проявляется через {p['stamina']} ч (= Выносливость): штраф — в "
                            "калькуляторе раненого.", f"The concussion shows after {p['stamina']} h (= Stamina): its "
                            "penalty is in the wounded-character calculator."))
    return {"max_hits": total, "permanent": perm, "temporary": temp, "state": state, "converted": converted,
            "head_permanent": head, "permanent_hour": perm1, "temporary_hour": temp1, "state_hour": state1,
            "hours": hours, "display": display,
            **({"next": [_wounds_next(p, perm1, temp1)]} if state1 not in ("dead",) else {})}


def _wounds_next(p: dict, perm: int, temp: int) -> dict:
    """The hand-over to ``lysogorsk-wounds``: the character an hour later."""
    params = {"stamina": p["stamina"], "extra_hits": p["extra_hits"], "damage_taken": min(perm, 200),
              "temporary_taken": min(temp, 200), "quarter_is_critical": p["quarter_is_critical"]}
    if any(b["where"] == "head" for b in p["blows"]):
        params["head"] = "concussion"
    return {"id": "lysogorsk-wounds", "label": T("Раненый через час: штрафы, лечение",
                                                 "The wounded an hour later: penalties, healing"), "params": params}

#: ``lysogorsk-temporary``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-temporary", system="lysogorsk", kind="check",
    title=T("Временные повреждения", "Temporary damage"),
    description=T("Удар за ударом: потеря сознания, урон сверх Здоровья+10 — постоянный, рана головы и "
                  "контузия — половина хитов постоянным уроном через час, и сколько часов пройдет остальное.",
                  "Blow by blow: unconsciousness, damage beyond Health+10 written as permanent, a head wound and a "
                  "blast's concussion — half their hits permanent after an hour, and the hours the rest takes."),
    params=PARAMS, compute=compute, check=check,
    summary=("state", "converted", "head_permanent"),
)
