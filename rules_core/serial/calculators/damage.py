"""``serial-damage``: damage portion by portion — Броня, tag, УП, Здоровье, death's door."""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, figures, int_list_param, int_param, note
from .. import rules, tables
from .death_door import door_step
from .shared import (EXCESS_BURNS_PARAM, MAX_ABSORPTION, MAX_HEALTH, MAX_PORTION, MAX_STAMINA, NEGATIVE_RULE_PARAM,
                     TAG_ORDER_PARAM, TAG_PARAM, TWO_RESISTANCES_PARAM, yes_no)

__all__ = ["DAMAGE_PARAMS", "compute", "CALCULATOR"]

DAMAGE_PARAMS = (
    int_list_param("portions", "Порции урона (выпало на каждом попадании)",
                   "Damage portions (rolled per hit)", [6], 0, MAX_PORTION, 1, 20),
    int_param("armor", "Броня (наибольшая)", "Armor (the largest)", 0, 0, tables.MAX_ARMOR),
    bool_param("armor_tripled", "Броня утроена («Град ударов», «Короткая очередь»)",
               "Armor tripled (Flurry of blows, Short burst)", False, group="details",
               when={"param": "armor", "min": 1}),
    TAG_PARAM,
    int_param("absorption", "Уровни Поглощения (УП) в начале", "Soak levels at the start",
              8, 0, MAX_ABSORPTION),
    int_param("health", "Здоровье", "Health", rules.HEALTH_LEVELS, 0, MAX_HEALTH,
              help=T("0 — персонаж уже на Пороге Смерти.", "0: already on death's door.")),
    int_param("stamina", "Выносливость", "Stamina", 2, 0, MAX_STAMINA),
    # Здоровье 0: on the door already (a visit of this scene), so the question is not asked
    bool_param("door_before", "Уже был на Пороге Смерти в этой сцене",
               "Already on death's door earlier this scene", False,
               help=T("Излишек сгорает только в первый раз.", "The excess burns only the first time."),
               group="details", when={"param": "health", "min": 1}),
    # negative hits are counted only once the door has been reached in this scene
    int_param("negative_before", "Отрицательных хитов уже набрано в сцене",
              "Negative hits already counted this scene", 0, 0, 100, group="details",
              when={"any": [{"param": "door_before", "eq": True}, {"param": "health", "max": 0}]}),
    NEGATIVE_RULE_PARAM,
    EXCESS_BURNS_PARAM,
    TWO_RESISTANCES_PARAM,
    TAG_ORDER_PARAM,
)


def compute(p: dict) -> dict:
    """The portions one after another against Броня, the tag, УП and Здоровье."""
    door_visits = 1 if p["door_before"] or p["health"] <= 0 else 0
    t, steps = rules.take_damage(p["absorption"], p["health"], p["stamina"], p["portions"],
                             p["armor"], p["tag"], "flurry" if p["armor_tripled"] else "none",
                             p["negative_before"], door_visits, p["negative_rule"], p["excess_burns"],
                             p["two_resistances"], p["tag_order"])
    arm = p["armor"] * (3 if p["armor_tripled"] else 1)
    lim = rules.threshold(p["stamina"])
    reached = any(s.door for s in steps) or p["health"] <= 0 and any(s.to_health for s in steps)
    instant = any(s.instant_death for s in steps)
    step_json = [{
        "rolled": rolled, "after_armor": max(0, rolled - arm), "portion": s.absorbed + s.to_health,  # tagged before or after the УП
        "absorbed": s.absorbed, "to_health": s.to_health, "absorption_left": s.absorption_left,
        "health_left": s.health_left, "death_door": s.door, "excess": s.excess,
        "burned": s.burned, "negative_hits": s.negative, "instant_death": s.instant_death,
        "dead": s.dead,
    } for rolled, s in zip(p["portions"], steps)]
    rows = []
    for i, s in enumerate(step_json, 1):
        event = T("", "")
        if s["instant_death"]:
            event = T("Мгновенная смерть", "Instant death")
        elif s["dead"] and not any(x["dead"] for x in step_json[:i - 1]):
            event = T("Смерть: отрицательные хиты", "Death: negative hits")
        elif s["death_door"]:
            event = T(f"На пороге смерти (излишек {s['excess']}"
                      + (", сгорел)" if s["burned"] or not s["excess"] else ")"),
                      f"Death's door (excess {s['excess']}" + (", burned)" if s["burned"] or not s["excess"] else ")"))
        rows.append([i, s["rolled"], s["portion"], s["absorbed"], s["to_health"],
                     s["absorption_left"], s["health_left"], event])
    display = [
        figures(
            ("absorption_left", T("УП осталось", "Soak levels left"), t.absorption),
            ("health_left", T("Здоровья осталось", "Health left"), t.health),
            ("death_door", T("Порог Смерти", "Death's door"), yes_no(reached)),
            ("dead", T("Смерть (излишек сверх порога или отрицательные хиты)",
                       "Death (excess over the threshold or negative hits)"), yes_no(t.dead)),
            ("threshold", T("Порог: max(12, 3 × Выносливость)", "Threshold: max(12, 3 × Stamina)"), lim),
        ),
        {"kind": "table", "title": T("По порциям", "Portion by portion"),
         "columns": [T("№", "#"), T("Выпало", "Rolled"), T("После Брони и тэга", "After Armor and tag"),
                     T("Поглощено", "Absorbed"), T("В Здоровье", "To Health"), T("УП", "Abs."),
                     T("Здоровье", "Health"), T("Событие", "Event")],
         "rows": rows},
    ]
    nxt = []
    if reached and not t.dead:
        display.append(note("Персонаж на Пороге Смерти: бросьте д6 Порога (калькулятор «Порог "
                            "Смерти»). Состояние может потребовать новых бросков при следующем уроне.",
                            "On death's door: roll the d6 (the Death's door calculator). The state "
                            "may call for new rolls on further damage.", "warning"))
        # the portion that brought the character to the door, with Здоровье as it was before it
        i = next((i for i, s in enumerate(steps) if s.door), None)
        if i is not None:
            before = p["health"] if i == 0 else steps[i - 1].health_left
            nxt.append(door_step(p["stamina"], before, steps[i].to_health, 1 if p["door_before"] else 0,
                                 p["negative_rule"], p["negative_before"], p["excess_burns"]))
    return {
        **({"next": nxt} if nxt else {}),
        "steps": step_json,
        "absorption_left": t.absorption,
        "health_left": t.health,
        "death_door": reached,
        "instant_death": instant,
        "dead": t.dead,
        "negative_hits": t.negative,
        "threshold": lim,
        "display": display,
    }

#: ``serial-damage``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-damage", system="serial", kind="damage",
    title=T("Урон по порциям", "Damage portion by portion"),
    description=T("Для Рассказчика: порции урона по мере попаданий — Броня, тэг, УП, Здоровье, "
                  "Порог Смерти.",
                  "For the Storyteller: damage portions as hits land — Armor, tag, soak levels, "
                  "Health, death's door."),
    params=DAMAGE_PARAMS, compute=compute, summary=("health_left", "death_door", "dead"))
