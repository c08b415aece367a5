"""Classic World of Darkness (002, 003) in a scene: health levels and the soak roll
(Выносливость + Стойкость, armor) of the ``wod-soak`` calculator, rolled on the scene's dice."""

from __future__ import annotations

from dataclasses import replace

from .. import systems
from ..spec import T, int_param
from ..wod import readings as wod_readings
from ..wod import rules as wod_rules
from . import fields as F
from . import readings as RD
from .common import ActionSpec, Ctx, calc_compute, calc_param, calc_roll, calc_validate
from .system import SceneSystem

SYSTEM = "wod"
TITLE = systems.TITLES["wod"]

_TYPES = calc_param("wod-soak", "damage_type")
DAMAGE_TYPES = tuple(o.value for o in _TYPES.options)
TYPE_NAMES = {o.value: o.label for o in _TYPES.options}
MAX_LEVELS = 20

STAT_PARAMS = (
    int_param("health_levels", "Уровней здоровья", "Health levels", 7, 1, MAX_LEVELS),
    replace(calc_param("wod-soak", "stamina"), label=T("Выносливость", "Stamina")),
    replace(calc_param("wod-soak", "fortitude"), label=T("Стойкость", "Fortitude")),
    replace(calc_param("wod-soak", "target"), name="kind", label=T("Кто", "Who")),
    replace(calc_param("wod-soak", "armor"), label=T("Броня", "Armor")),
)
STATS = tuple(F.of_param(p) for p in STAT_PARAMS)

MAX_TAKEN = 1000


#: The state the Storyteller may correct by hand.
STATE = tuple(F.Field(t, "int", T(f"Уровней здоровья потеряно: {TYPE_NAMES[t]['ru'].lower()}",
                                  f"Health levels lost: {TYPE_NAMES[t]['en'].lower()}"), F.integer(0, MAX_TAKEN), 0,
                      extra={"min": 0, "max": MAX_TAKEN})
              for t in DAMAGE_TYPES) + (
    F.Field("armor_ruined", "bool", T("Броня пришла в негодность", "Armor ruined"), F.boolean, False),
)


def state_fields(stats: dict) -> dict:
    return {**{t: F.integer(0, MAX_TAKEN) for t in DAMAGE_TYPES}, "armor_ruined": F.boolean,
            "stunned_round": F.optional(F.integer(1, F.MAX_ROUND))}


def initial_state(stats: dict) -> dict:
    return {**{t: 0 for t in DAMAGE_TYPES}, "armor_ruined": False, "stunned_round": None}


def stunned(state: dict, round_now: int) -> bool:
    """«Весь следующий раунд оглушенный персонаж будет приходить в себя»
    (:data:`readings.WOD_STUN_LASTS`)."""
    assert RD.WOD_STUN_LASTS == "next_round"
    return state["stunned_round"] is not None and round_now <= state["stunned_round"] + 1


def view(ch: dict, scene: dict) -> dict:
    st, s = ch["stats"], ch["state"]
    assert RD.WOD_HEALTH_PENALTIES is None  # no penalty table in the sources
    taken = sum(s[t] for t in DAMAGE_TYPES)
    left = max(0, st["health_levels"] - taken)
    out = left == 0
    is_stunned = stunned(s, scene["round"])
    key = "out" if out else "stunned" if is_stunned else "hurt" if taken else "ok"
    names = {"ok": T("Без ранений", "Unhurt"), "hurt": T("Ранен", "Hurt"),
             "stunned": T("Оглушён: весь следующий раунд приходит в себя", "Stunned: recovers all next round"),
             "out": T("Все уровни здоровья потеряны: обездвижен или убит",
                      "Every health level lost: incapacitated or killed")}
    return {"status": key, "status_name": names[key], "levels": st["health_levels"], "taken": taken,
            "left": left, "by_type": {t: s[t] for t in DAMAGE_TYPES}, "stunned": is_stunned,
            "armor": 0 if s["armor_ruined"] else int(st["armor"]), "armor_ruined": s["armor_ruined"],
            "wound_penalty": None}


def end_of_scene(ch: dict) -> dict:
    """Only the stun ends (:data:`readings.WOD_AT_END`, :data:`readings.WOD_STUN_LASTS`)."""
    assert RD.WOD_AT_END == "nothing"
    s = ch["state"]
    if s["stunned_round"] is None:
        return {}
    before, s["stunned_round"] = s["stunned_round"], None
    return {"stunned_round": [before, None]}


def soak_params(ch: dict, a: dict, rd: dict) -> dict:
    """The ``wod-soak`` calculator's parameters for this damage on this character."""
    st, s = ch["stats"], ch["state"]
    return calc_validate("wod-soak", {
        "incoming": a["successes"], "damage_type": a["damage_type"], "target": st["kind"],
        "stamina": st["stamina"], "fortitude": st["fortitude"], "armor": "0" if s["armor_ruined"] else st["armor"],
        "soak_difficulty": a["soak_difficulty"], **{r.param: rd[r.param] for r in SCENE_READINGS}})


def _plan(ctx: Ctx, a: dict) -> list:
    ctx.char(a["character"])
    return [("soak", None)]


def _calculator(ctx: Ctx, a: dict) -> dict:
    return {"id": "wod-soak", "params": soak_params(ctx.char(a["character"]), a, ctx.readings(SYSTEM))}


def _preview(ctx: Ctx, a: dict) -> dict:
    ch = ctx.char(a["character"])
    p = soak_params(ch, a, ctx.readings(SYSTEM))
    res = calc_compute("wod-soak", p)
    return {"odds": {k: res[k] for k in ("levels", "p_stunned", "armor_ruined", "mean_levels", "soak_pool")},
            "display": res["display"], "calculator": {"id": "wod-soak", "params": p},
            "dice_needed": [{"group": "soak", "count": res["soak_pool"], "sides": 10}]}


def _run(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    rd = ctx.readings(SYSTEM)
    p = soak_params(ch, a, rd)
    roll = calc_roll("wod-soak", p, box)
    s = ch["state"]
    s[a["damage_type"]] += roll["levels"]
    ruined = wod_rules.armor_ruined(a["successes"], int(p["armor"]), rd["armor_break"])
    s["armor_ruined"] = s["armor_ruined"] or ruined
    if roll["stunned"]:
        s["stunned_round"] = ctx.round
    v = view(ch, ctx.scene)
    kind = TYPE_NAMES[a["damage_type"]]
    tail_ru = ("; оглушён" if roll["stunned"] else "") + ("; броня пришла в негодность" if ruined else "")
    tail_en = ("; stunned" if roll["stunned"] else "") + ("; armor ruined" if ruined else "")
    ctx.text = T(f"{ch['name']}: успехов урона {a['successes']} ({kind['ru'].lower()}), поглощено "
                 f"{roll['soaked']} → уровней здоровья −{roll['levels']}, осталось {v['left']}{tail_ru}.",
                 f"{ch['name']}: {a['successes']} damage successes ({kind['en'].lower()}), soaked "
                 f"{roll['soaked']} → health levels −{roll['levels']}, {v['left']} left{tail_en}.")
    ctx.result = {"character": ch["id"], "soaked": roll["soaked"], "levels": roll["levels"],
                  "stunned": roll["stunned"], "armor_ruined": ruined, "left": v["left"],
                  "calculator": {"id": "wod-soak", "params": p}}
    ctx.display = roll["display"]
    # the fight's summary: the health levels lost after the soak (nobody named: no attacker)
    ctx.facts["damage"] = [{"to": ch["id"], "by": None, "amount": roll["levels"], "why": "damage"}]


_INCOMING = calc_param("wod-soak", "incoming")
_SOAK_DIFF = calc_param("wod-soak", "soak_difficulty")

ACTIONS = [
    ActionSpec(
        "wod_damage", SYSTEM, T("Урон и поглощение", "Damage and soak"),
        (F.character_field(system=SYSTEM), F.of_param(_INCOMING, "required", name="successes"), F.of_param(_TYPES),
         F.of_param(_SOAK_DIFF)),
        _run, plan=_plan, preview=_preview, groups=(("soak", False),), calculator=_calculator),
]


#: the classic rules' readings a scene keeps (``scene=True`` in :mod:`rules_core.wod.readings`), each the
#: ``wod-soak`` calculator's switch
SCENE_READINGS = tuple(r for r in wod_readings.READINGS if r.scene)


def readings_params() -> tuple:
    return tuple(calc_param("wod-soak", r.param) for r in SCENE_READINGS)



#: «Игроки придерживаются определяемой инициативой очередности» — how initiative is found is not in the
#: excerpts (002, 003): typed by the Storyteller (``set_initiative``), the higher first, then the scene's order.
ORDER_RULE = T("Инициатива — как её вписал Рассказчик (как её определять, в отрывках 002–003 нет); больше — раньше.",
               "Initiative as the Storyteller types it (the excerpts do not say how to find it); higher first.")

SCENE = SceneSystem(SYSTEM, TITLE, STATS, STATE, state_fields, initial_state, view, end_of_scene, ACTIONS,
                    readings_params, order_rule=ORDER_RULE,
                    out_of_fight=lambda ch: sum(ch["state"][t] for t in DAMAGE_TYPES) >= ch["stats"]["health_levels"])
