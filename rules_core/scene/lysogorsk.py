"""«Лысогорские сказочки» (001) in a scene: hits and wound levels, damage in hits, drinking, the stress
check (combat stress at the start of a fight), healing.

Hits, wound levels and temporary damage are :mod:`rules_core.lysogorsk.rules`; a drink is the
``lysogorsk-drunkenness`` calculator from the character's current stage, rolled on the scene's
dice (each single drink's Стойкость check is one pair of d6); a stress check is ``lysogorsk-stress``
and a period of healing ``lysogorsk-wounds``, both rolled on the scene's dice. The sheet keeps no
Уверенность or Сила духа, so the stress check takes them from the action, and reports the point of
Уверенность it costs without storing it.
"""

from __future__ import annotations

from dataclasses import replace

from .. import systems
from ..lysogorsk.calculators import alcohol as lysogorsk_alcohol, damage as lysogorsk_damage
from ..lysogorsk.calculators import stress as lysogorsk_stress
from ..lysogorsk.calculators.wounds import hits_text
from ..lysogorsk import rules as lysogorsk_rules
from ..lysogorsk import tables as lysogorsk_tables
from ..spec import T, field_error, frac, int_param
from . import fields as F
from . import readings as RD
from . import statuses as ST
from .common import ActionSpec, Ctx, calc_compute, calc_param, calc_roll, calc_validate, percent
from .system import SceneSystem

SYSTEM = "lysogorsk"
TITLE = systems.TITLES["lysogorsk"]

STAT_PARAMS = (
    replace(calc_param("lysogorsk-damage", "stamina"), label=T("Выносливость", "Stamina")),
    replace(calc_param("lysogorsk-damage", "fortitude"), label=T("Стойкость", "Fortitude")),
    calc_param("lysogorsk-damage", "extra_hits"),
    int_param("determination", "Решительность + атрибут (инициатива)", "Determination + attribute (initiative)",
              0, 0, 30, group="details",
              help=T("«определяется инициатива путем проверки навыка Решительности»: 2К + атрибут + навык.",
                     "Initiative is a Determination check: 2d6 + attribute + skill.")),
)
STATS = tuple(F.of_param(p) for p in STAT_PARAMS)

MAX_HITS_LOST = 1000


#: The state the Storyteller may correct by hand.
STATE = (
    F.Field("damage", "int", T("Потеряно хитов", "Hits lost"), F.integer(0, MAX_HITS_LOST), 0,
            extra={"min": 0, "max": MAX_HITS_LOST}),
    F.Field("temporary", "int", T("Из них временных", "Of them temporary"), F.integer(0, MAX_HITS_LOST), 0,
            extra={"min": 0, "max": MAX_HITS_LOST}),
    F.Field("stage", "int", T("Стадия опьянения", "Stage of drunkenness"), F.integer(0, lysogorsk_tables.MAX_STAGE), 0,
            extra={"min": 0, "max": lysogorsk_tables.MAX_STAGE}),
)


def state_fields(stats: dict) -> dict:
    return {"damage": F.integer(0, MAX_HITS_LOST), "temporary": F.integer(0, MAX_HITS_LOST),
            "stage": F.integer(0, lysogorsk_tables.MAX_STAGE), "drinks": F.integer(0, 10 * F.MAX_LOG)}


def initial_state(stats: dict) -> dict:
    return {"damage": 0, "temporary": 0, "stage": 0, "drinks": 0}


def check_stats(stats: dict) -> None:
    if stats["extra_hits"] > lysogorsk_rules.EXTRA_HITS_PER_STAMINA * stats["stamina"]:
        raise field_error("stats.extra_hits", "Доп. хитов не больше удвоенной Выносливости.",
                          "Extra hits cannot exceed twice the Stamina.")


def hits_total(stats: dict) -> int:
    """«15+Выносливость» (plus bought hits), with the sober Выносливость
    (:data:`readings.LYSOGORSK_HITS_SOBER_STAMINA`)."""
    assert RD.LYSOGORSK_HITS_SOBER_STAMINA
    return lysogorsk_rules.max_hits(stats["stamina"], stats["extra_hits"])


def _state_key(ch: dict, rd: dict) -> str:
    s = ch["state"]
    return lysogorsk_rules.state_after(hits_total(ch["stats"]), s["damage"], s["temporary"], rd["quarter_is_critical"])


def view(ch: dict, scene: dict) -> dict:
    st, s = ch["stats"], ch["state"]
    rd = scene["readings"][SYSTEM]
    total = hits_total(st)
    key = _state_key(ch, rd)
    stage = s["stage"]
    return {
        "status": key, "status_name": lysogorsk_damage.STATE_NAMES[key],
        "hits": total - s["damage"] - s["temporary"], "hits_max": total,
        "permanent_left": total - s["damage"], "thresholds": list(lysogorsk_rules.thresholds(total)),
        "wound_penalty": lysogorsk_rules.wound_penalty(key),
        "stage": stage, "stage_name": lysogorsk_alcohol.STAGE_NAMES[stage], "stage_effect": lysogorsk_tables.DRUNK_STAGES[stage]["effects"],
        "stage_modifiers": lysogorsk_rules.stage_modifiers(stage),
        "hangover_after_sleep": lysogorsk_rules.hangover(stage, st["stamina"]),
        "drinks": s["drinks"],
    }


def end_of_scene(ch: dict) -> dict:
    """Nothing the scene keeps for «Лысогорск» ends with a scene (:data:`readings.LYSOGORSK_AT_END`)."""
    assert RD.LYSOGORSK_AT_END == "nothing"
    return {}


# ---- damage in hits ---------------------------------------------------------------------------

def _run_damage(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    rd = ctx.readings(SYSTEM)
    if _state_key(ch, rd) == "dead":
        raise field_error("character", f"{ch['name']}: персонаж мёртв.", f"{ch['name']} is dead.")
    s = ch["state"]
    before = _state_key(ch, rd)
    perm, temp = lysogorsk_rules.apply_damage(hits_total(ch["stats"]), s["damage"], s["temporary"], a["hits"], a["temporary"])
    if perm > MAX_HITS_LOST:  # pragma: no cover - death comes long before
        raise field_error("hits", "Слишком много урона.", "Too much damage.")
    s.update(damage=perm, temporary=temp)
    after = _state_key(ch, rd)
    left = hits_total(ch["stats"]) - perm - temp
    bleeds = not a["temporary"] and bleeding_band(ch) is not None and ST.find(ch, "bleeding") is None
    if bleeds:  # «если кровь не остановлена»: a wound bleeds (never a temporary one) until it is stopped
        ST.put(ch, {"key": "bleeding", "rounds": 0})
    ctx.facts["damage"] = [{"to": ch["id"], "by": None, "amount": a["hits"], "why": "damage"}]
    kind = T("временный ", "temporary ") if a["temporary"] else T("", "")
    ctx.text = T(f"{ch['name']}: {kind['ru']}урон {a['hits']} → хитов {left}, {lysogorsk_damage.STATE_NAMES[after]['ru']}"
                 + ("; кровотечение." if bleeds else "."),
                 f"{ch['name']}: −{a['hits']} hits of {kind['en']}damage → {left} hits, {lysogorsk_damage.STATE_NAMES[after]['en']}"
                 + ("; bleeding." if bleeds else "."))
    ctx.result = {"character": ch["id"], "hits": left, "state_before": before, "state": after,
                  "wound_penalty": lysogorsk_rules.wound_penalty(after)}


# ---- drinking ---------------------------------------------------------------------------------

_DRINKS = calc_param("lysogorsk-drunkenness", "drinks")
_DRINK_FIELDS = {f.name: f for f in _DRINKS.fields}


def drink_params(ch: dict, a: dict, rd: dict) -> dict:
    """The ``lysogorsk-drunkenness`` calculator's parameters: this one drink (``count`` in a
    row), from the character's stage now."""
    st = ch["stats"]
    drink = {k: a[k] for k in ("drink", "count", "degrees", "volume_g", "bubbles")}
    return calc_validate("lysogorsk-drunkenness", {
        "stamina": st["stamina"], "fortitude": st["fortitude"], "drinks": [drink], "willing": a["willing"],
        "start_stage": ch["state"]["stage"], "modifier": a["modifier"], "volume_reading": rd["volume_reading"],
        "stage_stamina": rd["stage_stamina"]})


def _singles(p: dict, rd: dict) -> list:
    return lysogorsk_rules.expand_drinks(p["drinks"], rd["volume_reading"])


def _living(ctx: Ctx, a: dict) -> dict:
    """The action's character, refused when dead (a dead one neither drinks nor takes stress)."""
    ch = ctx.char(a["character"])
    if _state_key(ch, ctx.readings(SYSTEM)) == "dead":
        raise field_error("character", f"{ch['name']}: персонаж мёртв.", f"{ch['name']} is dead.")
    return ch


def _drink_plan(ctx: Ctx, a: dict) -> list:
    ch = _living(ctx, a)
    rd = ctx.readings(SYSTEM)
    p = drink_params(ch, a, rd)
    return [("checks", i) for i in range(len(_singles(p, rd)))]


def _drink_calculator(ctx: Ctx, a: dict) -> dict:
    return {"id": "lysogorsk-drunkenness", "params": drink_params(_living(ctx, a), a, ctx.readings(SYSTEM))}


def _drink_preview(ctx: Ctx, a: dict) -> dict:
    ch = _living(ctx, a)
    rd = ctx.readings(SYSTEM)
    p = drink_params(ch, a, rd)
    res = calc_compute("lysogorsk-drunkenness", p)
    n = len(_singles(p, rd))
    stage = ch["state"]["stage"]
    checks = 0 if a["willing"] or stage >= lysogorsk_tables.MAX_STAGE else n
    return {"odds": {"final_stage": res["final_stage"], "stages": res["stages"],
                     "likeliest_stage": res["likeliest_stage"], "hangover": res["hangover"]},
            "display": res["display"], "calculator": {"id": "lysogorsk-drunkenness", "params": p},
            "dice_needed": [{"group": "checks", "count": 2, "sides": 6, "repeat": checks,
                             "when": T("пока не 5-я стадия", "until stage 5")}] if checks else []}


def _drink_name(label: str) -> dict:
    drink = lysogorsk_tables.DRINKS.get(label)
    return drink["name"] if drink else T("другой напиток", "another drink")


def _run_drink(ctx: Ctx, a: dict, box) -> None:
    ch = _living(ctx, a)
    rd = ctx.readings(SYSTEM)
    p = drink_params(ch, a, rd)
    s = ch["state"]
    before = s["stage"]
    roll = calc_roll("lysogorsk-drunkenness", p, box)
    s["stage"] = roll["stage"]
    s["drinks"] += len(roll["log"])
    name = _drink_name(roll["log"][0]["drink"]) if roll["log"] else T("", "")
    checks = "; ".join(f"{'+'.join(map(str, x['faces']))} → {x['total']} против УС {x['difficulty']}"
                       for x in roll["log"] if x["faces"])
    checks_en = "; ".join(f"{'+'.join(map(str, x['faces']))} → {x['total']} vs difficulty {x['difficulty']}"
                          for x in roll["log"] if x["faces"])
    count = f" ×{len(roll['log'])}" if len(roll["log"]) > 1 else ""
    stage = roll["stage"]
    ctx.text = T(f"{ch['name']} пьёт: {name['ru']}{count}" + (f" ({checks})" if checks else "")
                 + f" → {stage}-я стадия: {lysogorsk_alcohol.STAGE_NAMES[stage]['ru']}.",
                 f"{ch['name']} drinks: {name['en']}{count}" + (f" ({checks_en})" if checks_en else "")
                 + f" → stage {stage}: {lysogorsk_alcohol.STAGE_NAMES[stage]['en']}.")
    ctx.result = {"character": ch["id"], "stage_before": before, "stage": stage, "checks": roll["log"],
                  "hangover_after_sleep": lysogorsk_rules.hangover(stage, ch["stats"]["stamina"])}
    ctx.display = roll["display"]


# ---- the stress check ---------------------------------------------------------------------------

_STRESS_FIELDS = ("kind", "situation", "first_fight", "supernatural", "authorities", "difficulty", "confidence",
                  "willpower", "veteran", "nervous", "modifier", "breakdowns_in_scene", "modifiers_to")
_STRESS = {name: calc_param("lysogorsk-stress", name) for name in _STRESS_FIELDS}


def stress_params(ch: dict, a: dict) -> dict:
    """The ``lysogorsk-stress`` calculator's parameters for this check."""
    return calc_validate("lysogorsk-stress", {k: a[k] for k in _STRESS_FIELDS})


def _stress_plan(ctx: Ctx, a: dict) -> list:
    _living(ctx, a)
    return [("check", None), ("breakdown", None)]


def _stress_preview(ctx: Ctx, a: dict) -> dict:
    ch = _living(ctx, a)
    p = stress_params(ch, a)
    res = calc_compute("lysogorsk-stress", p)
    dice = [{"group": "check", "count": 2, "sides": 6}] if res["check"] else []
    if res["check"] and lysogorsk_rules.stress_failure(p["confidence"], p["nervous"]) != "lose":
        dice.append({"group": "breakdown", "count": 2, "sides": 6,
                     "when": T("если проверка провалена", "if the check fails")})
    return {"odds": {k: res[k] for k in ("p_pass", "p_breakdown")} | {"outcome": res.get("outcome", {})},
            "display": res["display"], "calculator": {"id": "lysogorsk-stress", "params": p}, "dice_needed": dice}


def _run_stress(ctx: Ctx, a: dict, box) -> None:
    ch = _living(ctx, a)
    p = stress_params(ch, a)
    odds = calc_compute("lysogorsk-stress", p)["p_pass"]  # the chance it had before the roll
    roll = calc_roll("lysogorsk-stress", p, box)
    us, _extra = lysogorsk_stress.stress_difficulty(p)
    if not roll["check"]:
        ctx.text = T(f"{ch['name']}: Ветеран — проверки на стресс в начале боя нет.",
                     f"{ch['name']}: a Veteran — no stress check at the start of the fight.")
        ctx.result = {"character": ch["id"], "check": False}
        return
    kind = roll["outcome"]
    lose = kind in ("lose", "lose_and_breakdown")
    faces = "+".join(map(str, roll["faces"]))
    name = lysogorsk_stress.STRESS_OUTCOME_NAMES[kind]
    extra_ru = extra_en = ""
    if "breakdown" in roll:
        band = lysogorsk_stress.BREAKDOWN_NAMES[roll["breakdown"]]
        bf = "+".join(map(str, roll["breakdown_faces"]))
        extra_ru, extra_en = f"; срыв: {bf} → {roll['breakdown_total']}, {band['ru']}", \
            f"; breakdown: {bf} → {roll['breakdown_total']}, {band['en']}"
    ctx.text = T(f"{ch['name']}: стресс, {faces} → {roll['total']} против УС {us} ({percent(odds)} выдержать) — "
                 f"{name['ru']}{extra_ru}.",
                 f"{ch['name']}: stress, {faces} → {roll['total']} against difficulty {us} ({percent(odds, 'en')} to hold) — "
                 f"{name['en']}{extra_en}.")
    ctx.facts["roll"] = {"what": "stress", "p": odds["exact"], "success": kind == "pass", "by": ch["id"]}
    ctx.result = {"character": ch["id"], "check": True, "difficulty": us, "total": roll["total"], "outcome": kind,
                  "confidence_before": p["confidence"], "confidence_after": p["confidence"] - 1 if lose else p["confidence"],
                  "breakdown": roll.get("breakdown")}
    ctx.display = roll["display"]


# ---- healing ------------------------------------------------------------------------------------

_HEAL_FIELDS = ("heal", "doctor", "heal_modifier", "medical_fail")
_HEAL = {name: calc_param("lysogorsk-wounds", name) for name in _HEAL_FIELDS}


def heal_params(ch: dict, a: dict, rd: dict) -> dict:
    """The ``lysogorsk-wounds`` calculator's parameters: the character's sheet and wounds, this healing."""
    st, s = ch["stats"], ch["state"]
    return calc_validate("lysogorsk-wounds", {
        "stamina": st["stamina"], "fortitude": st["fortitude"], "extra_hits": st["extra_hits"],
        "damage_taken": s["damage"], "temporary_taken": s["temporary"], "quarter_is_critical": rd["quarter_is_critical"],
        **{k: a[k] for k in _HEAL_FIELDS}})


def _patient(ctx: Ctx, a: dict) -> tuple[dict, str]:
    ch = _living(ctx, a)
    rd = ctx.readings(SYSTEM)
    total = hits_total(ch["stats"])
    level = lysogorsk_rules.state_after(total, ch["state"]["damage"], 0, rd["quarter_is_critical"])
    if level in ("dying", "dead"):
        raise field_error("character", f"{ch['name']} при смерти: источник не дает правила лечения — сначала спасти.",
                          f"{ch['name']} is dying: the source gives no healing rule — save them first.")
    return ch, level


def _heal_plan(ctx: Ctx, a: dict) -> list:
    _patient(ctx, a)
    return ([("medicine", None)] if a["heal"] == "medical" else []) + [("fortitude", None)]


def _heal_preview(ctx: Ctx, a: dict) -> dict:
    ch, level = _patient(ctx, a)
    p = heal_params(ch, a, ctx.readings(SYSTEM))
    res = calc_compute("lysogorsk-wounds", p)
    dice = []
    if level != "scratch":
        if a["heal"] == "medical":
            dice.append({"group": "medicine", "count": 2, "sides": 6})
        dice.append({"group": "fortitude", "count": 2, "sides": 6}
                    | ({"when": T("если Медицина провалена", "if Medicine fails")} if a["heal"] == "medical" else {}))
    return {"odds": {"level": level, "p_heal": res.get("p_heal"), "hits": res.get("heal_hits")},
            "display": res["display"], "calculator": {"id": "lysogorsk-wounds", "params": p}, "dice_needed": dice}


def _run_heal(ctx: Ctx, a: dict, box) -> None:
    ch, level = _patient(ctx, a)
    s = ch["state"]
    before = s["damage"]
    if level == "scratch":
        s["damage"] = 0
        ctx.text = T(f"{ch['name']}: царапины зажили за {lysogorsk_tables.SCRATCH_HEAL_HOURS} часа (+{hits_text(before)['ru']}).",
                     f"{ch['name']}: the scratches healed within {lysogorsk_tables.SCRATCH_HEAL_HOURS} hours "
                     f"(+{hits_text(before)['en']}).")
        ctx.result = {"character": ch["id"], "level": level, "success": True, "hits_gained": before}
        return
    roll = calc_roll("lysogorsk-wounds", heal_params(ch, a, ctx.readings(SYSTEM)), box)
    s["damage"] = before - roll["hits_gained"]
    row = lysogorsk_tables.HEALING[level]
    how = T("врач", "the doctor") if roll.get("doctor_success") else T("Стойкость", "Fortitude")
    ctx.text = (T(f"{ch['name']}: лечение ({row['period']['ru']}, {how['ru']}) — +{hits_text(roll['hits_gained'])['ru']}.",
                  f"{ch['name']}: healing ({row['period']['en']}, {how['en']}) — +{hits_text(roll['hits_gained'])['en']}.")
                if roll["success"] else
                T(f"{ch['name']}: лечение ({row['period']['ru']}) — без восстановления.",
                  f"{ch['name']}: healing ({row['period']['en']}) — no hits back."))
    ctx.result = {"character": ch["id"], "level": level, "success": roll["success"], "hits_gained": roll["hits_gained"]}
    ctx.display = roll["display"]


# ---- a fight: initiative, bleeding, waiting and the full dodge -----------------------------------

def bleeding_band(ch: dict) -> dict | None:
    """His bleeding band by the hits his permanent damage leaves (a temporary wound «никогда не истекает
    кровью»): :func:`rules.bleeding`."""
    return lysogorsk_rules.bleeding(hits_total(ch["stats"]) - ch["state"]["damage"])


def _bleeding_tick(ctx: Ctx, ch: dict, st: dict) -> None:
    """«теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их осталось 4 и
    меньше»: at each round's end a round more; every third round in the band of rounds, a hit lost
    (the band of minutes loses none within a fight's rounds: :data:`readings.LYSOGORSK_BLEEDING_MINUTES`)."""
    assert RD.LYSOGORSK_BLEEDING_MINUTES == "not_in_rounds"
    if _state_key(ch, ctx.readings(SYSTEM)) in ("dying", "dead"):
        return
    band = bleeding_band(ch)
    if band is None:
        ST.remove(ch, "bleeding")
        return
    row = lysogorsk_tables.BLEEDING[band["band"]]
    if row["unit"] != "rounds":
        st["rounds"] = 0
        return
    st["rounds"] += 1
    if st["rounds"] >= row["every"]:
        st["rounds"] = 0
        s = ch["state"]
        perm, temp = lysogorsk_rules.apply_damage(hits_total(ch["stats"]), s["damage"], s["temporary"], 1, False)
        s.update(damage=min(MAX_HITS_LOST, perm), temporary=temp)
        left = hits_total(ch["stats"]) - s["damage"] - s["temporary"]
        after = _state_key(ch, ctx.readings(SYSTEM))
        ctx.say(f"{ch['name']} истекает кровью: −1 хит → хитов {left}, {lysogorsk_damage.STATE_NAMES[after]['ru']}.",
                f"{ch['name']} bleeds: −1 hit → {left} hits, {lysogorsk_damage.STATE_NAMES[after]['en']}.")
        ctx.facts.setdefault("damage", []).append({"to": ch["id"], "by": None, "amount": 1, "why": "bleeding"})


def _full_dodge_ends(ctx: Ctx, ch: dict, st: dict) -> None:
    ST.remove(ch, "full_dodge")


STATUSES = {s.key: s for s in (
    ST.StatusKind("bleeding", T("Кровотечение", "Bleeding"),
                  (F.Field("rounds", "int", T("Раундов в полосе «1 хит в три раунда»", "Rounds in the band «1 hit every "
                                              "three rounds»"), F.integer(0, 9), 0, extra={"min": 0, "max": 9}),),
                  reading="LYSOGORSK_BLEEDING_MINUTES",
                  help=T("«теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их "
                         "осталось 4 и меньше».", "1 hit every ten minutes at 5–8 hits, every three rounds at 4 or fewer."),
                  ends_at_scene_end=False, on_round_end=_bleeding_tick),
    ST.StatusKind("shock", T("Шок", "Shock"),
                  help=T("«Персонаж находится в сознании, но не может предпринимать каких-либо действий … Он проходит после "
                         "окончания сцены или спустя пять минут, в зависимости от того, что наступит раньше».",
                         "Conscious but unable to act; it passes at the scene's end or after five minutes."),
                  can_act=False, unable={"quote": "Персонаж находится в сознании, но не может предпринимать каких-либо действий",
                                         "line": 57}, ends_at_scene_end=True),
    ST.StatusKind("waiting", T("Ждёт", "Waiting"),
                  help=T("«игрок объявляет, что персонаж ждет … Мастер может дать ему модификатор +1 на заявленное "
                         "действие».", "He waits; the GM may give +1 to the declared action."), by_hand=False),
    ST.StatusKind("full_dodge", T("Только уклоняется (+2)", "Dodging only (+2)"),
                  help=T("«отказаться от каких-либо действий в этот раунд, сосредоточившись на уклонении от атак. До "
                         "своего следующего хода он будет уклоняться с положительным модификатором +2».",
                         "Gives up the round's actions to dodge: +2 until his next turn."),
                  by_hand=False, on_turn_start=_full_dodge_ends),
)}


def initiative(ch: dict, scene: dict) -> int | None:
    """«Результат броска — это и есть значение инициативы, не меняющееся до конца боя»: rolled once
    (``roll_initiative``), or typed."""
    return ch["fight"]["initiative"]


ORDER_RULE = T("Проверка Решительности в начале боя, до конца боя; равные действуют одновременно.",
               "A Determination check at the fight's start, for the whole fight; equals act at the same time.")


def _initiative_plan(ctx: Ctx, a: dict) -> list:
    return [("initiative", i) for i in range(len(_rollers(ctx, a)))]


def _rollers(ctx: Ctx, a: dict) -> list[dict]:
    if a.get("character"):
        ch = ctx.char(a["character"])
        if ch["system"] != SYSTEM:
            raise field_error("character", "Инициатива Решительностью — у персонажей «Лысогорских сказочек».",
                              "A Determination initiative is for «Lysogorsk» characters.")
        return [ch]
    out = [c for c in ctx.scene["characters"] if c["system"] == SYSTEM and c["fight"]["initiative"] is None
           and _state_key(c, ctx.readings(SYSTEM)) not in ("dead",)]
    if not out:
        raise field_error("type", "Инициатива уже брошена у всех (она не меняется до конца боя).",
                          "Everyone has rolled initiative already (it stays for the whole fight).")
    return out


def _initiative_preview(ctx: Ctx, a: dict) -> dict:
    chars = _rollers(ctx, a)
    rows = [[c["name"], frac(lysogorsk_rules.initiative_check(c["stats"]["determination"]).mean())] for c in chars]
    return {"odds": {"mean": {c["id"]: r[1] for c, r in zip(chars, rows)}},
            "display": [{"kind": "table", "title": T("Инициатива: 2К + Решительность", "Initiative: 2d6 + Determination"),
                         "columns": [T("Персонаж", "Character"), T("В среднем", "Mean")], "rows": rows}],
            "dice_needed": [{"group": "initiative", "count": 2, "sides": 6, "repeat": len(chars)}]}


def _run_initiative(ctx: Ctx, a: dict, box) -> None:
    """«в начале боя определяется инициатива путем проверки навыка Решительности каждого из персонажей.
    Результат броска — это и есть значение инициативы, не меняющееся до конца боя»: 2К + Решительность
    with its attribute (:func:`rules.initiative_check`)."""
    chars = _rollers(ctx, a)
    parts_ru, parts_en = [], []
    for ch in chars:
        if ch["fight"]["initiative"] is not None:
            raise field_error("character", f"{ch['name']}: инициатива уже брошена — «не меняющееся до конца боя».",
                              f"{ch['name']} has rolled initiative already: it stays for the whole fight.")
        faces = box.dice(2, 6)
        bonus = ch["stats"]["determination"]
        value = min(99, sum(faces) + bonus)
        ch["fight"]["initiative"] = value
        parts_ru.append(f"{ch['name']} {faces[0]}+{faces[1]}+{bonus} = {value}")
        parts_en.append(parts_ru[-1])
    groups = lysogorsk_order(ctx.scene)
    order = " → ".join(" = ".join(ctx.char(c)["name"] for c in g) for g in groups)
    ctx.text = T("Инициатива (Решительность): " + "; ".join(parts_ru) + ". Порядок: " + order + ".",
                 "Initiative (Determination): " + "; ".join(parts_en) + ". Order: " + order + ".")
    ctx.result = {"initiative": {c["id"]: c["fight"]["initiative"] for c in chars}, "order": groups}


def lysogorsk_order(scene: dict) -> list[list[str]]:
    """The groups that act together, the highest initiative first (:func:`rules.initiative_order`: «Каждый
    раунд персонажи действуют в порядке убывания инициативы … действуют одновременно»)."""
    return lysogorsk_rules.initiative_order([(c["id"], c["fight"]["initiative"]) for c in scene["characters"]
                                             if c["system"] == SYSTEM and c["fight"]["initiative"] is not None])


def _declared(key: str, modifier: int, ru: str, en: str):
    """An action that only puts a status on its character (waiting, the full dodge): ``ru``/``en`` the
    log's words after his name."""
    def run(ctx: Ctx, a: dict, box) -> None:
        ch = _living(ctx, a)
        ST.put(ch, {"key": key})
        ctx.text = T(f"{ch['name']}{ru}", f"{ch['name']}{en}")
        ctx.result = {"character": ch["id"], "modifier": modifier}
    return run


_run_wait = _declared("waiting", lysogorsk_tables.WAIT_BONUS, " ждёт (+1 к заявленному действию — на усмотрение Мастера).",
                      " waits (+1 to the declared action, the GM's call).")
_run_full_dodge = _declared("full_dodge", lysogorsk_tables.FULL_DODGE_BONUS,
                            ": только уклоняется — +2 к уклонению до своего следующего хода.",
                            ": dodges only — +2 to dodge until his next turn.")


def _run_stop_bleeding(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    if ST.remove(ch, "bleeding") is None:
        raise field_error("character", f"{ch['name']} не истекает кровью.", f"{ch['name']} is not bleeding.")
    ctx.text = T(f"{ch['name']}: кровь остановлена.", f"{ch['name']}: the bleeding is stopped.")
    ctx.result = {"character": ch["id"]}


# ---- the actions ------------------------------------------------------------------------------

_TEMPORARY = calc_param("lysogorsk-damage", "temporary")
_MODIFIER = calc_param("lysogorsk-drunkenness", "modifier")
_WILLING = calc_param("lysogorsk-drunkenness", "willing")
_CHARACTER = F.character_field(system=SYSTEM)

ACTIONS = [
    ActionSpec(
        "lys_damage", SYSTEM, T("Потеря хитов", "Hits lost"),
        (_CHARACTER, F.Field("hits", "int", T("Урон в хитах", "Damage in hits"), F.integer(1, 200), 1, "required",
                             {"min": 1, "max": 200}),
         F.of_param(_TEMPORARY)),
        _run_damage),
    ActionSpec(
        "drink", SYSTEM, T("Выпить", "Drink"),
        (_CHARACTER, *(F.of_param(f, "required" if k == "drink" else "default") for k, f in _DRINK_FIELDS.items()),
         F.of_param(_WILLING), F.of_param(_MODIFIER)),
        _run_drink, plan=_drink_plan, preview=_drink_preview, groups=(("checks", True),),
        calculator=_drink_calculator, essentials=("drink", "count", "degrees", "volume_g", "bubbles")),
    ActionSpec(
        "lys_stress", SYSTEM, T("Проверка на стресс", "Stress check"),
        (_CHARACTER, *(F.of_param(p, "required" if k in ("confidence", "willpower") else "default")
                       for k, p in _STRESS.items())),
        _run_stress, plan=_stress_plan, preview=_stress_preview, groups=(("check", False), ("breakdown", False))),
    ActionSpec(
        "lys_heal", SYSTEM, T("Лечение за период", "Healing over a period"),
        (_CHARACTER, *(F.of_param(p) for p in _HEAL.values())),
        _run_heal, plan=_heal_plan, preview=_heal_preview, groups=(("medicine", False), ("fortitude", False))),
    ActionSpec(
        "roll_initiative", SYSTEM, T("Инициатива: проверка Решительности", "Initiative: a Determination check"),
        (F.optional_character("character", T("Кто (пусто — все, кто ещё не бросал)", "Who (empty: all who have not rolled)"),
                              SYSTEM),),
        _run_initiative, plan=_initiative_plan, preview=_initiative_preview, groups=(("initiative", True),)),
    ActionSpec("wait", SYSTEM, T("Ждать", "Wait"), (_CHARACTER,), _run_wait, actor=("character",)),
    ActionSpec("full_dodge", SYSTEM, T("Только уклоняться (+2)", "Dodge only (+2)"), (_CHARACTER,), _run_full_dodge,
               actor=("character",)),
    ActionSpec("stop_bleeding", SYSTEM, T("Остановить кровь", "Stop the bleeding"), (_CHARACTER,), _run_stop_bleeding,
               help=T("Первая помощь: «оказать первую помощь раненому (3 раунда)».",
                      "First aid: «оказать первую помощь раненому (3 раунда)».")),
]


def readings_params() -> tuple:
    return (calc_param("lysogorsk-drunkenness", "volume_reading"),
            calc_param("lysogorsk-drunkenness", "stage_stamina"),
            calc_param("lysogorsk-damage", "quarter_is_critical"))



SCENE = SceneSystem(SYSTEM, TITLE, STATS, STATE, state_fields, initial_state, view, end_of_scene, ACTIONS,
                    readings_params, check_stats=check_stats, statuses=STATUSES, initiative=initiative,
                    ties_act_together=True, order_rule=ORDER_RULE,
                    out_of_fight=lambda ch: hits_total(ch["stats"]) - ch["state"]["damage"] <= lysogorsk_tables.INSTANT_DEATH_HITS)
