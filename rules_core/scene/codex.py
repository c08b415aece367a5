"""«Codex of…» (004) in a scene: the Выносливость track (damage through the armor threshold,
the level it stopped at, its consequence and the 2D6 for the preparations it hits), the stress counter
with FLAX, and counteraction (``codex-counteraction``, rolled on the scene's dice with the character's
stress)."""

from __future__ import annotations

from dataclasses import replace

from .. import systems
from ..codex import rules as codex_rules
from ..codex import tables as codex_tables
from ..spec import T, bool_param, field_error, int_list_param
from . import fields as F
from . import readings as RD
from . import statuses as ST
from .common import ActionSpec, Ctx, calc_compute, calc_param, calc_roll, calc_validate, percent
from .system import SceneSystem

SYSTEM = "codex"
TITLE = systems.TITLES["codex"]

_ARMOR = calc_param("codex-attack", "armor")
STAT_PARAMS = (
    calc_param("codex-attack", "tough"),
    replace(_ARMOR, label=T("Броня", "Armor")),
    bool_param("veteran", "Воевал (за вход в бой стресса нет)", "Fought in a war (no stress for entering a fight)", False,
               group="details", help=T("«Если он был солдатом и воевал, за вход в бой он не получит стресса».",
                                       "A soldier who fought gets no stress for entering a fight.")),
)
STATS = tuple(F.of_param(p) for p in STAT_PARAMS)

#: The whole track holds 42; damage beyond it still counts (level 6) — bounded here.
MAX_DAMAGE = 1000


#: The state the Storyteller may correct by hand.
STATE = (
    F.Field("damage", "int", T("Урон на треке Выносливости", "Damage on the Endurance track"),
            F.integer(0, MAX_DAMAGE), 0, extra={"min": 0, "max": MAX_DAMAGE}),
    F.Field("stress", "int", T("Стресс", "Stress"), F.integer(0, codex_rules.MAX_STRESS), 0,
            extra={"min": 0, "max": codex_rules.MAX_STRESS}),
    F.Field("flax", "bool", T("FLAX", "FLAX"), F.boolean, False),
)


def state_fields(stats: dict) -> dict:
    return {"damage": F.integer(0, MAX_DAMAGE), "stress": F.integer(0, codex_rules.MAX_STRESS), "flax": F.boolean}


def initial_state(stats: dict) -> dict:
    return {"damage": 0, "stress": 0, "flax": False}


def check_state(stats: dict, state: dict) -> None:
    if state["flax"] and state["stress"] != codex_rules.MAX_STRESS:
        raise field_error("state.flax", "FLAX — только при полном счётчике стресса (6).",
                          "FLAX only with a full stress counter (6).")


def threshold(stats: dict) -> int:
    """The armor's «Порог N» (table ``codex/armor``)."""
    return codex_tables.ARMOR[int(stats["armor"])]["threshold"]


def view(ch: dict, scene: dict) -> dict:
    st, s = ch["stats"], ch["state"]
    rd = scene["readings"][SYSTEM]
    level = codex_rules.track_level(s["damage"])
    out = codex_rules.incapacitated(s["damage"], st["tough"], rd["incapacitated_at"])
    return {
        "status": "incapacitated" if out else "active",
        "status_name": T("Недееспособен", "Incapacitated") if out else T("В строю", "Active"),
        "damage": s["damage"], "capacity": codex_rules.track_capacity(st["tough"]),
        "track": list(codex_rules.TRACK), "level": level, "consequence": codex_tables.CONSEQUENCES[level]["consequence"],
        "threshold": threshold(st), "stress": s["stress"], "flax": s["flax"],
    }


def end_of_scene(ch: dict) -> dict:
    """«В зависимости от того, на каком уровне остановился урон, персонаж получает следующие
    последствия»: reported, track and stress kept (:data:`readings.CODEX_AT_END`)."""
    assert RD.CODEX_AT_END == "report"
    return {}


def scene_end_report(ch: dict) -> dict:
    level = codex_rules.track_level(ch["state"]["damage"])
    return {"character": ch["id"], "level": level, "consequence": codex_tables.CONSEQUENCES[level]["consequence"]}


def _run_damage(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    s, st = ch["state"], ch["stats"]
    n = threshold(st)
    dealt = [codex_rules.through_armor(d, n, a["ignores_armor"]) for d in a["hits"]]
    if s["damage"] + sum(dealt) > MAX_DAMAGE:
        raise field_error("hits", f"На треке не больше {MAX_DAMAGE} урона.", f"At most {MAX_DAMAGE} on the track.")
    before = view(ch, ctx.scene)
    s["damage"] += sum(dealt)
    after = view(ch, ctx.scene)
    ctx.text = T(f"{ch['name']}: урон {' + '.join(map(str, dealt))} (порог брони {n}) → на треке {s['damage']}, "
                 f"уровень {after['level']}" + ("; недееспособен" if after["status"] == "incapacitated" else "") + ".",
                 f"{ch['name']}: damage {' + '.join(map(str, dealt))} (armor threshold {n}) → {s['damage']} on the "
                 f"track, level {after['level']}" + ("; incapacitated" if after["status"] == "incapacitated" else "")
                 + ".")
    ctx.result = {"character": ch["id"], "dealt": dealt, "threshold": n, "level_before": before["level"],
                  "level": after["level"], "incapacitated": after["status"] == "incapacitated"}
    # the fight's summary: what reached his track (nobody named: the action has no attacker)
    ctx.facts["damage"] = [{"to": ch["id"], "by": None, "amount": sum(dealt), "why": "damage"}]


def add_stress(stress: int, flax: bool, amount: int) -> tuple[int, bool]:
    """Stress after ``amount`` (negative: taken away). Up: «Когда персонаж должен получить ещё
    один стресс сверх имеющихся 6, он переходит в состояние FLAX». Down: FLAX first, then the
    counter (:data:`readings.CODEX_FLAX_STEP`)."""
    assert RD.CODEX_FLAX_STEP == "seventh"
    level = stress + (1 if flax else 0) + amount
    level = max(0, min(codex_rules.MAX_STRESS + 1, level))
    return min(level, codex_rules.MAX_STRESS), level > codex_rules.MAX_STRESS


def _run_stress(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    s = ch["state"]
    before = (s["stress"], s["flax"])
    s["stress"], s["flax"] = add_stress(s["stress"], s["flax"], a["amount"])
    sign = f"+{a['amount']}" if a["amount"] > 0 else f"−{-a['amount']}"
    flax = " (FLAX)" if s["flax"] else ""
    ctx.text = T(f"{ch['name']}: стресс {sign} → {s['stress']}{flax}.",
                 f"{ch['name']}: stress {sign} → {s['stress']}{flax}.")
    ctx.result = {"character": ch["id"], "stress_before": before[0], "flax_before": before[1],
                  "stress": s["stress"], "flax": s["flax"]}


# ---- counteraction ------------------------------------------------------------------------------

_COUNTER_FIELDS = ("ed6", "skill", "their_lv", "tie")
_COUNTER = {name: calc_param("codex-counteraction", name) for name in _COUNTER_FIELDS}


def counter_params(ch: dict, a: dict) -> dict:
    """The ``codex-counteraction`` calculator's parameters: this counteraction, the character's stress."""
    s = ch["state"]
    return calc_validate("codex-counteraction", {**{k: a[k] for k in _COUNTER_FIELDS}, "against": "lv",
                                                 "stress": s["stress"], "flax": s["flax"]})


def _counter_plan(ctx: Ctx, a: dict) -> list:
    ch = ctx.char(a["character"])
    return [("counter", None)] + ([("flax", None)] if ch["state"]["flax"] else [])


def _counter_preview(ctx: Ctx, a: dict) -> dict:
    ch = ctx.char(a["character"])
    p = counter_params(ch, a)
    res = calc_compute("codex-counteraction", p)
    dice = [{"group": "counter", "count": a["ed6"], "sides": 6}]
    if ch["state"]["flax"]:
        dice.append({"group": "flax", "count": 2, "sides": 6})
    return {"odds": {"p_counter": res["p_counter"]}, "display": res["display"],
            "calculator": {"id": "codex-counteraction", "params": p}, "dice_needed": dice}


def _out_of_turn(ctx: Ctx, ch: dict) -> bool:
    cur = ctx.scene["turn"]["current"]
    return cur is not None and cur != ch["id"]


def _run_counter(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    if _out_of_turn(ctx, ch):
        # «кроме одного раза вне своего хода (Противодействие)» (readings.CODEX_COUNTER_ONCE)
        assert RD.CODEX_COUNTER_ONCE == "until_his_turn"
        if ST.find(ch, "countered") is not None:
            raise field_error("character", f"{ch['name']}: противодействие вне своего хода уже было — снова после "
                              "начала его хода.", f"{ch['name']} has countered out of turn already — again once his "
                              "turn has begun.")
        ST.put(ch, {"key": "countered"})
    p = counter_params(ch, a)
    odds = calc_compute("codex-counteraction", p)["p_counter"]  # the chance it had before the roll
    roll = calc_roll("codex-counteraction", p, box)
    faces = " ".join(map(str, roll["ed6_faces"])) or "—"
    ok = roll["success"]
    ctx.text = T(f"{ch['name']}: противодействие, ED6 {faces} → {roll['lv']} LV против {a['their_lv']} ({percent(odds)}) — "
                 + ("чужое действие сорвано или ослаблено." if ok else "не хватило."),
                 f"{ch['name']}: counteraction, ED6 {faces} → {roll['lv']} LV against {a['their_lv']} "
                 f"({percent(odds, 'en')}) — " + ("the action is foiled or weakened." if ok else "not enough."))
    ctx.facts["roll"] = {"what": "counteraction", "p": odds["exact"], "success": ok, "by": ch["id"]}
    ctx.result = {"character": ch["id"], "lv": roll["lv"], "against": a["their_lv"], "success": ok}
    ctx.display = roll["display"]


# ---- the consequences' 2D6 -----------------------------------------------------------------------

_PARITY = calc_param("codex-consequences", "parity")


def _consequence_params(ch: dict, a: dict, rd: dict) -> dict:
    return calc_validate("codex-consequences", {"damage": ch["state"]["damage"], "tough": ch["stats"]["tough"],
                                                "incapacitated_at": rd["incapacitated_at"], "parity": a["parity"]})


def _consequence_plan(ctx: Ctx, a: dict) -> list:
    ch = ctx.char(a["character"])
    _per, count = codex_rules.consequence(codex_rules.track_level(ch["state"]["damage"]))
    return [("preparations", i) for i in range(count)]


def _consequence_preview(ctx: Ctx, a: dict) -> dict:
    ch = ctx.char(a["character"])
    p = _consequence_params(ch, a, ctx.readings(SYSTEM))
    res = calc_compute("codex-consequences", p)
    return {"odds": {k: res[k] for k in ("level", "damage_per_preparation", "preparations")},
            "display": res["display"], "calculator": {"id": "codex-consequences", "params": p},
            "dice_needed": [{"group": "preparations", "count": 2, "sides": 6, "repeat": res["preparations"]}]
            if res["preparations"] else []}


def _run_consequences(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    roll = calc_roll("codex-consequences", _consequence_params(ch, a, ctx.readings(SYSTEM)), box)
    level = roll["level"]
    cons = codex_tables.CONSEQUENCES[level]["consequence"]
    names = {"universal": T("универсальная", "universal"), "genre": T("жанровая", "genre")}
    ru = "; ".join(f"{x['faces'][0]}+{x['faces'][1]}: {names[x['group']]['ru']}, 2-й D6 {x['faces'][1]}"
                   for x in roll["preparations"])
    en = "; ".join(f"{x['faces'][0]}+{x['faces'][1]}: {names[x['group']]['en']}, second D6 {x['faces'][1]}"
                   for x in roll["preparations"])
    ctx.text = T(f"{ch['name']}: последствия (уровень {level}) — {cons['ru']}" + (f" ({ru})" if ru else "") + ".",
                 f"{ch['name']}: consequences (level {level}) — {cons['en']}" + (f" ({en})" if en else "") + ".")
    ctx.result = {"character": ch["id"], "level": level, "preparations": roll["preparations"]}
    ctx.display = roll["display"]


def _amount(v, path):
    n = F.integer(-(codex_rules.MAX_STRESS + 1), codex_rules.MAX_STRESS + 1)(v, path)
    if n == 0:
        raise field_error(path, "Стресс меняется хотя бы на 1.", "Stress changes by at least 1.")
    return n


_HITS = int_list_param("hits", "Урон попаданий (каждое — против порога брони)",
                       "Damage of the hits (each against the armor threshold)", [3], 0, 60, 1, 20)
_CHARACTER = F.character_field(system=SYSTEM)

ACTIONS = [
    ActionSpec(
        "codex_damage", SYSTEM, T("Урон", "Damage"),
        (_CHARACTER, F.of_param(_HITS, "required"),
         F.Field("ignores_armor", "bool", T("Порог брони не действует (Большое оружие, помеченные "
                                            "немеханические эффекты)",
                                            "The armor threshold does not apply (Large weapons, marked "
                                            "non-mechanical effects)"), F.boolean, False)),
        _run_damage),
    ActionSpec(
        "codex_stress", SYSTEM, T("Стресс", "Stress"),
        (_CHARACTER, F.Field("amount", "int", T("Стресс: + получить, − снять", "Stress: + gain, − take away"),
                             _amount, 1, "required",
                             {"min": -(codex_rules.MAX_STRESS + 1), "max": codex_rules.MAX_STRESS + 1})),
        _run_stress),
    ActionSpec(
        "codex_counter", SYSTEM, T("Противодействие", "Counteraction"),
        (_CHARACTER, *(F.of_param(p, "required" if k in ("ed6", "their_lv") else "default")
                       for k, p in _COUNTER.items())),
        _run_counter, plan=_counter_plan, preview=_counter_preview, groups=(("counter", False), ("flax", False))),
    ActionSpec(
        "codex_consequences", SYSTEM, T("Последствия: 2D6 за подготовки", "Consequences: 2D6 for the preparations"),
        (_CHARACTER, F.of_param(_PARITY)), _run_consequences,
        plan=_consequence_plan, preview=_consequence_preview, groups=(("preparations", True),)),
]


def readings_params() -> tuple:
    return (calc_param("codex-attack", "incapacitated_at"),)



def _counter_allowed_again(ctx: Ctx, ch: dict, st: dict) -> None:
    ST.remove(ch, "countered")


def _enters_the_fight(ctx: Ctx, ch: dict) -> None:
    """«Персонаж получает всего 1 стресса за каждый фактор … Вступил в бой» (:data:`readings.CODEX_FIGHT_STRESS`),
    once a scene — at its fight's first turn — not every turn (:data:`readings.CODEX_STRESS_UNIT`)."""
    assert RD.CODEX_FIGHT_STRESS == "party" and RD.CODEX_STRESS_UNIT == "scene"
    if ch["side"] != "party" or ch["stats"]["veteran"]:
        return
    s = ch["state"]
    before = (s["stress"], s["flax"])
    s["stress"], s["flax"] = add_stress(s["stress"], s["flax"], 1)
    ctx.say(f"{ch['name']}: «Вступил в бой» — стресс {before[0]} → {s['stress']}" + (", FLAX" if s["flax"] else "") + ".",
            f"{ch['name']}: «Entered a fight» — stress {before[0]} → {s['stress']}" + (", FLAX" if s["flax"] else "") + ".")


STATUSES = {s.key: s for s in (
    ST.StatusKind("countered", T("Противодействие вне хода уже было", "Countered out of turn already"),
                  reading="CODEX_COUNTER_ONCE",
                  help=T("«кроме одного раза вне своего хода (Противодействие)».", "Once out of one's own turn."),
                  by_hand=False, on_turn_start=_counter_allowed_again),
)}

ORDER_RULE = T("Источник порядка ходов не даёт: порядок сцены (Рассказчик переставляет персонажей).",
               "The source gives no order of turns: the scene's order (the Storyteller moves characters).")

SCENE = SceneSystem(SYSTEM, TITLE, STATS, STATE, state_fields, initial_state, view, end_of_scene, ACTIONS,
                    readings_params, check_state=check_state, scene_end_report=scene_end_report, statuses=STATUSES,
                    initiative=lambda ch, scene: None, order_rule=ORDER_RULE, on_fight_start=_enters_the_fight,
                    typed_initiative=False)
