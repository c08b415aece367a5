"""«Мир Тьмы: Сериал» (000) in a scene: a character's sheet and state, damage, УП, the
death's-door roll and an attack between two characters.

Every rule is a call into :mod:`rules_core.serial.rules` or a «Сериал» calculator; this module
only keeps what a scene adds: who has how much left, and what happened earlier this scene (the
death's-door rolls, Шок and «Последний вздох» already had, the negative hits).
"""

from __future__ import annotations

from .. import systems
from ..dice import Dist
from ..serial import calculators as serial_calculators
from ..serial import rules as serial_rules
from ..serial import tables as serial_tables
from ..spec import InputError, T, dist_block, dist_json, field_error, figures, int_param, note, prob
from . import fields as F
from . import readings as RD
from .common import ActionSpec, Ctx, calc_compute, calc_param, calc_roll, calc_validate

SYSTEM = "serial"
TITLE = systems.TITLES["serial"]

# ---- the sheet --------------------------------------------------------------------------------

STAT_PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 2, 0, serial_calculators.MAX_STAMINA),
    int_param("health_max", "Здоровье (полное)", "Health (full)", serial_rules.HEALTH_LEVELS, 1,
              serial_calculators.MAX_HEALTH),
    int_param("absorption_bonus", "УП сверх Выносливости (доспех, предметы)",
              "soak levels beyond Stamina (armor, items)", 0, 0, serial_calculators.MAX_ABSORPTION - serial_calculators.MAX_STAMINA,
              help=T("«1 куб поглощения дает 1 Уровень Поглощения»: кожаная куртка — 1.",
                     "«1 soak die gives 1 soak level»: a leather jacket is 1.")),
    int_param("armor", "Броня", "Armor", 0, 0, serial_tables.MAX_ARMOR),
)
TAG_LISTS = ("resistance", "vulnerability", "immunity")
TAG_LABELS = {"resistance": T("Устойчивость к", "Resistance to"),
              "vulnerability": T("Уязвимость к", "Vulnerability to"),
              "immunity": T("Иммунитет к", "Immunity to")}


def _tags(v, path):
    return F.text_list(v, path, F.MAX_TAGS, F.MAX_TAG_LEN)


STATS = {**{p.name: F.param(p) for p in STAT_PARAMS}, **{k: _tags for k in TAG_LISTS}}
DEFAULT_STATS = {**{p.name: p.default for p in STAT_PARAMS}, **{k: [] for k in TAG_LISTS}}
STATS_SPEC = tuple(p.to_json() for p in STAT_PARAMS) + tuple(
    F.spec_json(k, "text_list", TAG_LABELS[k], [], max_items=F.MAX_TAGS, max_len=F.MAX_TAG_LEN)
    for k in TAG_LISTS)

# ---- the state --------------------------------------------------------------------------------

#: ``door``: ``None``; ``"pending"`` (brought to death's door, the d6 is still to roll); an
#: outcome of the d6 table; ``"stabilized"`` (set by the Storyteller: «Стабилизирован»).
DOOR_STATES = ("pending",) + serial_tables.DEATH_DOOR_KEYS + ("stabilized",)
#: The lowest Здоровье kept (damage at death's door takes it below 0; death stops it long before).
HEALTH_FLOOR = -500
MAX_COUNT = 1000

PENDING_FIELDS = {
    "health_before": F.integer(0, serial_calculators.MAX_HEALTH),
    "damage": F.integer(0, 1000),
    "nonlethal": F.boolean,
    "negative_before": F.integer(0, MAX_COUNT),
}


def state_fields(stats: dict) -> dict:
    return {
        "health": F.integer(HEALTH_FLOOR, stats["health_max"]),
        "absorption": F.integer(0, serial_calculators.MAX_ABSORPTION),
        "negative": F.integer(0, MAX_COUNT),
        "door_visits": F.integer(0, MAX_COUNT),
        "door_rolls": F.integer(0, MAX_COUNT),
        "had_shock": F.boolean,
        "had_last_breath": F.boolean,
        "dead": F.boolean,
        "door": F.optional(F.choice(DOOR_STATES)),
        "pending": F.optional(lambda v, p: F.record(v, p, PENDING_FIELDS, required=tuple(PENDING_FIELDS))),
        "door_round": F.optional(F.integer(1, F.MAX_ROUND)),
    }


def absorption_base(stats: dict) -> int:
    """УП at the start of a fight: «Выносливость даёт Поглощение всем персонажам» plus the lasting sources."""
    return serial_rules.absorption_levels(stats["stamina"], stats["absorption_bonus"])


def initial_state(stats: dict) -> dict:
    return {"health": stats["health_max"], "absorption": absorption_base(stats), "negative": 0,
            "door_visits": 0, "door_rolls": 0, "had_shock": False, "had_last_breath": False,
            "dead": False, "door": None, "pending": None, "door_round": None}


def check_stats(stats: dict) -> None:
    return None


def check_state(stats: dict, state: dict) -> None:
    if (state["door"] == "pending") != (state["pending"] is not None):
        raise field_error("state.pending", "«pending» задан тогда и только тогда, когда ждёт бросок Порога.",
                          "'pending' is set exactly when a death's-door roll is due.")
    if state["dead"] and state["pending"] is not None:
        raise field_error("state.pending", "Мёртвый не бросает Порог.", "The dead roll no death's door.")


# ---- what the page shows ----------------------------------------------------------------------

STATUS_NAMES = {
    "ok": T("Без ранений", "Unhurt"),
    "wounded": T("Ранен: −2 кубика", "Wounded: −2 dice"),
    "heavy": T("Тяжело ранен: −4 кубика, скорость вдвое меньше", "Badly wounded: −4 dice, half speed"),
    "door": T("На пороге смерти", "On death's door"),
    "pending": T("На пороге смерти: бросьте д6 Порога", "On death's door: roll the d6"),
    **{v["key"]: v["name"] for v in serial_tables.DEATH_DOOR.values()},
    "stabilized": T("Стабилизирован", "Stabilized"),
    "dead": T("Мёртв", "Dead"),
}


#: The state the Storyteller may correct by hand (the page's edit sheet; the engine checks it whole):
#: ``door`` ``None`` is the option ``""`` (``nullable``); ``"pending"`` is the engine's own.
STATE_SPEC = (
    int_param("health", "Здоровье сейчас", "Health now", serial_rules.HEALTH_LEVELS, HEALTH_FLOOR,
              serial_calculators.MAX_HEALTH,
              help=T("Ниже 0 — отрицательные хиты на Пороге.", "Below 0: negative hits at death's door.")).to_json(),
    int_param("absorption", "УП сейчас", "soak levels now", 2, 0, serial_calculators.MAX_ABSORPTION).to_json(),
    int_param("negative", "Отрицательных хитов в сцене", "Negative hits this scene", 0, 0, MAX_COUNT).to_json(),
    int_param("door_rolls", "Бросков Порога в сцене", "Death's-door rolls this scene", 0, 0, MAX_COUNT).to_json(),
    F.spec_json("door", "choice", T("Состояние Порога", "Death's-door state"), "", nullable=True,
                options=[{"value": "", "label": T("—", "—")}]
                + [{"value": k, "label": STATUS_NAMES[k]} for k in DOOR_STATES if k != "pending"]),
    F.spec_json("had_shock", "bool", T("Шок уже был в этой сцене", "Had Шок this scene"), False),
    F.spec_json("had_last_breath", "bool", T("«Последний вздох» уже был в этой сцене", "Had «Последний вздох» this scene"), False),
    F.spec_json("dead", "bool", T("Мёртв", "Dead"), False),
)


def status(state: dict) -> str:
    if state["dead"]:
        return "dead"
    if state["door"]:
        return state["door"]
    return serial_rules.wound_level(state["health"]) or "ok"


def wound_penalty(ch: dict, push_through_pain: bool = False) -> int:
    """Dice a roll loses to wounds (:data:`readings.SERIAL_WOUND_PENALTY_ROLLS`): «Превозмогая
    боль» (1 ПСВ) and «Воля к жизни» («Персонаж не испытывает штрафов от ран») take none."""
    s = ch["state"]
    return serial_rules.wound_penalty(s["health"], push_through_pain or s["door"] == "will_to_live")


def negative_left(stats: dict, state: dict, rule: str) -> int:
    """How much more damage at death's door the character survives this scene."""
    lim = serial_rules.threshold(stats["stamina"])
    left = lim - state["negative"] if rule == "more_than" else lim - state["negative"] - 1
    return max(0, left)


def view(ch: dict, scene: dict) -> dict:
    st, s = ch["stats"], ch["state"]
    rd = scene["readings"][SYSTEM]
    key = status(s)
    out = {
        "status": key, "status_name": STATUS_NAMES[key],
        "health": s["health"], "health_max": st["health_max"],
        "absorption": s["absorption"], "absorption_base": absorption_base(st),
        "armor": st["armor"],
        "wound_level": serial_rules.wound_level(s["health"]), "wound_penalty": wound_penalty(ch),
        "threshold": serial_rules.threshold(st["stamina"]),
        "negative": s["negative"], "negative_left": negative_left(st, s, rd["negative_rule"]),
        "door_rolls": s["door_rolls"], "next_door_modifier": -s["door_rolls"],
        "had_shock": s["had_shock"], "had_last_breath": s["had_last_breath"],
        "roll_due": s["door"] == "pending",
    }
    if s["door"] in serial_tables.DEATH_DOOR_KEYS:
        out["status_effect"] = next(v["effect"] for v in serial_tables.DEATH_DOOR.values() if v["key"] == s["door"])
    return out


def end_of_scene(ch: dict) -> dict:
    """What a scene's end restores and resets (:mod:`readings`): УП to the base
    (:data:`~readings.SERIAL_ABSORPTION_AT_END`); the scene's counters — «За каждый бросок Порога
    в рамках одной сцены», «уже один раз за сцену был в Шоке», «Повторное выпадение Последнего
    Вздоха … в той же сцене», отрицательные хиты «единый на одну сцену», «первый раз приводят на
    Порог». Здоровье stays («Потерянное Здоровье не восстанавливается само собой (в отличие от
    Поглощения)»), and so does a death's-door state (:data:`~readings.SERIAL_DOOR_STATE_AT_END`)."""
    assert RD.SERIAL_ABSORPTION_AT_END == "base" and RD.SERIAL_DOOR_STATE_AT_END == "keep"
    s = ch["state"]
    before = dict(s)
    s.update(absorption=absorption_base(ch["stats"]), negative=0, door_visits=0, door_rolls=0,
             had_shock=False, had_last_breath=False)
    return {k: [before[k], s[k]] for k in s if before[k] != s[k]}


# ---- damage -----------------------------------------------------------------------------------

def effective_tag(stats: dict, tags: list[str]) -> str:
    """The one tag effect of a damage on this character (:data:`readings.SERIAL_TAGS_COMBINE`),
    as :func:`rules.apply_tag` takes it."""
    assert RD.SERIAL_TAGS_COMBINE == "one_effect"
    dmg = {F.fold(t) for t in tags}
    has = {k: bool(dmg & {F.fold(x) for x in stats[k]}) for k in TAG_LISTS}
    if has["immunity"]:
        return "immunity"
    if has["resistance"] and has["vulnerability"]:
        return "both"
    if has["resistance"]:
        return "resistance"
    return "vulnerability" if has["vulnerability"] else "none"


def _target(ch: dict) -> serial_rules.Target:
    s = ch["state"]
    return serial_rules.Target(s["absorption"], s["health"], ch["stats"]["stamina"], s["negative"], s["door_visits"],
                    s["dead"])


def _door_due(door: str | None, step: serial_rules.Step) -> bool:
    """Whether this portion calls for a death's-door roll: it brought the character to death's
    door, or it reached Здоровье of a stunned one («Если в состоянии оглушения персонаж получит
    урон, то будет вынужден еще раз сделать бросок», :data:`readings.SERIAL_DOOR_AGAIN_ON`;
    a shocked one has 1 Здоровье, so such damage brings him to the door anyway)."""
    assert RD.SERIAL_DOOR_AGAIN_ON == "health"
    return step.door or (door == "stunned" and step.to_health > 0)


def take(ctx: Ctx, ch: dict, portions: list[tuple[int, int, int]], nonlethal: bool,
         block_first: bool = serial_rules.BLOCK_FIRST) -> list[dict]:
    """Apply portions ``(rolled, after armor and tag, block УП)`` to ``ch`` with
    :func:`rules.take_portion`; keep the scene's counters; mark a due death's-door roll."""
    rd = ctx.readings(SYSTEM)
    s = ch["state"]
    t = _target(ch)
    steps = []
    pending = s["pending"]
    for rolled, portion, block in portions:
        before_h, before_neg = t.health, t.negative
        step = serial_rules.take_portion(t, portion, block, rd["negative_rule"], rd["excess_burns"], block_first)
        due = not step.dead and pending is None and _door_due(s["door"], step)
        if due:
            pending = {"health_before": max(0, before_h), "damage": step.to_health, "nonlethal": nonlethal,
                       "negative_before": before_neg}
        steps.append({"rolled": rolled, "portion": portion, "block": step.block_absorbed,
                      "absorbed": step.absorbed, "to_health": step.to_health,
                      "absorption_left": step.absorption_left, "health_left": step.health_left,
                      "death_door": step.door, "roll_due": due, "excess": step.excess, "burned": step.burned,
                      "negative": step.negative, "instant_death": step.instant_death,
                      "death_by_negative": step.death_by_negative, "dead": step.dead})
    s.update(absorption=t.absorption, health=t.health, negative=t.negative, door_visits=t.door_visits,
             dead=t.dead)
    if t.dead:
        s["pending"] = None
        if s["door"] == "pending":
            s["door"] = None
    elif pending is not None and s["pending"] is None:
        s.update(pending=pending, door="pending", door_round=ctx.round)
    return steps


def _steps_text(name: str, steps: list[dict], ch: dict) -> dict:
    s = ch["state"]
    total = sum(x["portion"] for x in steps)
    ru = f"{name}: урон {total} (порции {', '.join(str(x['portion']) for x in steps)})"
    en = f"{name}: {total} damage (portions {', '.join(str(x['portion']) for x in steps)})"
    ru += f" → УП {s['absorption']}, Здоровье {s['health']}"
    en += f" → soak levels {s['absorption']}, Health {s['health']}"
    if any(x["instant_death"] for x in steps):
        ru, en = ru + "; мгновенная смерть", en + "; instant death"
    elif any(x["death_by_negative"] for x in steps):
        ru, en = ru + "; смерть: отрицательные хиты", en + "; death: negative hits"
    elif any(x["roll_due"] for x in steps):
        ru, en = ru + "; на пороге смерти — бросок д6", en + "; death's door — roll the d6"
    return T(ru + ".", en + ".")


def _steps_table(steps: list[dict]) -> dict:
    rows = []
    for i, x in enumerate(steps, 1):
        event = T("", "")
        if x["instant_death"]:
            event = serial_tables.INSTANT_DEATH["name"]
        elif x["death_by_negative"]:
            event = T("Смерть: отрицательные хиты", "Death: negative hits")
        elif x["roll_due"]:
            event = T(f"На пороге смерти (излишек {x['excess']}{', сгорел' if x['burned'] else ''})",
                      f"Death's door (excess {x['excess']}{', burned' if x['burned'] else ''})")
        rows.append([i, x["rolled"], x["portion"], x["absorbed"] + x["block"], x["to_health"],
                     x["absorption_left"], x["health_left"], event])
    return {"kind": "table", "title": T("По порциям", "Portion by portion"),
            "columns": [T("№", "#"), T("Выпало", "Rolled"), T("После Брони и тэга", "After Armor and tag"),
                        T("Поглощено", "Absorbed"), T("В Здоровье", "To Health"), T("УП", "Soak levels"),
                        T("Здоровье", "Health"), T("Событие", "Event")],
            "rows": rows}


def _alive(ch: dict, field: str) -> None:
    if ch["state"]["dead"]:
        raise field_error(field, f"{ch['name']}: персонаж мёртв.", f"{ch['name']} is dead.")


def _run_damage(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    _alive(ch, "character")
    st = ch["stats"]
    tag = a["tag"] or effective_tag(st, a["tags"])
    arm = serial_rules.armor_against(st["armor"], "flurry" if a["armor_tripled"] else "none")
    portions = [(p, serial_rules.portion_after_armor(p, arm, tag), 0) for p in a["portions"]]
    steps = take(ctx, ch, portions, a["nonlethal"])
    ctx.text = _steps_text(ch["name"], steps, ch)
    ctx.result = {"character": ch["id"], "tag": tag, "armor_used": arm, "steps": steps}
    ctx.display = [_steps_table(steps)]


def damage_calculator(ctx: Ctx, a: dict) -> dict | None:
    """The ``serial-damage`` calculator for this damage on this character, when it can hold the
    character as he stands: Здоровье 0 or more (it has no negative hits below 0 Здоровье of its
    own), not stunned at death's door (where damage calls for another roll), alive."""
    ch = ctx.char(a["character"])
    s, st = ch["state"], ch["stats"]
    if s["dead"] or s["health"] < 0 or s["door"] == "stunned" or s["negative"] > 100:
        return None
    rd = ctx.readings(SYSTEM)
    params = {"portions": a["portions"], "armor": st["armor"], "armor_tripled": a["armor_tripled"],
              "tag": a["tag"] or effective_tag(st, a["tags"]), "absorption": s["absorption"], "health": s["health"],
              "stamina": st["stamina"], "door_before": s["door_visits"] > 0, "negative_before": s["negative"],
              "negative_rule": rd["negative_rule"], "excess_burns": rd["excess_burns"]}
    return {"id": "serial-damage", "params": calc_validate("serial-damage", params)}


#: The tag a burning character's fire damage carries unless the action names others («Огонь»).
FIRE_TAGS = ["Огонь"]


def _run_burning(ctx: Ctx, a: dict, box) -> None:
    """«Горит! В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения»:
    the levels of this turn, through Броня and the character's tags as the ``serial-burning``
    calculator reads them (:data:`rules_core.serial.rules.BURNING_IS_PORTION`), then УП and Здоровье."""
    ch = ctx.char(a["character"])
    _alive(ch, "character")
    st = ch["stats"]
    tag = a["tag"] or effective_tag(st, a["tags"])
    levels = serial_rules.burning_damage(a["turn"])
    portion = serial_rules.burning_portion(a["turn"], st["armor"], tag)
    steps = take(ctx, ch, [(levels, portion, 0)], False)
    tail = _steps_text(ch["name"], steps, ch)
    ctx.text = T(f"Горит, ход {a['turn']}: {levels} ур. урона. {tail['ru']}",
                 f"Burning, turn {a['turn']}: {levels} damage levels. {tail['en']}")
    ctx.result = {"character": ch["id"], "turn": a["turn"], "levels": levels, "tag": tag, "steps": steps,
                  "calculator": {"id": "serial-burning", "params": calc_validate(
                      "serial-burning", {"turn": a["turn"], "armor": st["armor"], "tag": tag, "extinguisher": "nobody"})}}
    ctx.display = [_steps_table(steps)]


def _run_gain(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    _alive(ch, "character")
    s = ch["state"]
    if s["absorption"] + a["amount"] > serial_calculators.MAX_ABSORPTION:
        raise field_error("amount", f"УП не больше {serial_calculators.MAX_ABSORPTION}.", f"At most {serial_calculators.MAX_ABSORPTION} soak levels.")
    s["absorption"] += a["amount"]
    ctx.text = T(f"{ch['name']}: +{a['amount']} УП → {s['absorption']}.",
                 f"{ch['name']}: +{a['amount']} soak levels → {s['absorption']}.")
    ctx.result = {"character": ch["id"], "absorption": s["absorption"]}


# ---- the death's-door roll --------------------------------------------------------------------

def _calc_rolls(n: int) -> int:
    """The calculator takes up to 10 earlier rolls; more give the same result (every die minus
    6 or more is below 1) as long as the parity is kept (odd/even with the −1 reading)."""
    return n if n <= 10 else 10 - n % 2


def door_params(ch: dict, rd: dict) -> dict:
    """The ``serial-death-door`` calculator's parameters for this character's due roll."""
    s, st = ch["state"], ch["stats"]
    pend = s["pending"]
    return calc_validate("serial-death-door", {
        "stamina": st["stamina"], "health_before": pend["health_before"], "damage": min(pend["damage"], 200),
        "previous_rolls": _calc_rolls(s["door_rolls"]), "nonlethal": pend["nonlethal"],
        "shocked_before": s["had_shock"], "last_breath_before": s["had_last_breath"],
        "negative_before": min(pend["negative_before"], 200), "below_one": rd["below_one"],
        "negative_rule": rd["negative_rule"], "nonlethal_modifier": rd["nonlethal_modifier"],
        "nonlethal_can_kill": serial_rules.NONLETHAL_CAN_KILL, "excess_burns": rd["excess_burns"],
    })


def _door_char(ctx: Ctx, a: dict) -> dict:
    ch = ctx.char(a["character"])
    if ch["state"]["pending"] is None:
        raise field_error("character", f"{ch['name']} не ждёт броска Порога Смерти.",
                          f"{ch['name']} has no death's-door roll due.")
    return ch


def _door_plan(ctx: Ctx, a: dict) -> list:
    _door_char(ctx, a)
    return [("d6", None)]


def _door_calculator(ctx: Ctx, a: dict) -> dict:
    ch = _door_char(ctx, a)
    return {"id": "serial-death-door", "params": door_params(ch, ctx.readings(SYSTEM))}


def _door_preview(ctx: Ctx, a: dict) -> dict:
    ch = _door_char(ctx, a)
    p = door_params(ch, ctx.readings(SYSTEM))
    res = calc_compute("serial-death-door", p)
    odds = {k: res[k] for k in serial_rules.DOOR_OUTCOMES}
    return {"odds": odds, "display": res["display"], "calculator": {"id": "serial-death-door", "params": p},
            "dice_needed": [{"group": "d6", "count": 1, "sides": 6}]}


def _door_name(key: str) -> dict:
    return serial_tables.INSTANT_DEATH["name"] if key == "instant_death" else STATUS_NAMES[key]


def _run_door(ctx: Ctx, a: dict, box) -> None:
    ch = _door_char(ctx, a)
    s = ch["state"]
    p = door_params(ch, ctx.readings(SYSTEM))
    roll = calc_roll("serial-death-door", p, box)
    key = roll["outcome"]
    nonlethal = s["pending"]["nonlethal"]
    earlier = s["door_rolls"]
    if not nonlethal or RD.SERIAL_NONLETHAL_ROLL_COUNTS:
        s["door_rolls"] += 1
    t = _target(ch)
    serial_rules.after_door_outcome(t, key)  # «остается с 1 уровнем Здоровья» / death
    s.update(health=t.health, dead=t.dead, pending=None, door=None if t.dead else key,
             had_shock=s["had_shock"] or key == "shock",
             had_last_breath=s["had_last_breath"] or key == "last_breath")
    die = roll["die"]
    mod = f"{die} − {earlier} = {roll['modified']}" if earlier and roll["modified"] != die else f"{die}"
    ctx.text = T(f"{ch['name']}: бросок Порога Смерти № {earlier + 1}: {mod} → {_door_name(key)['ru']}.",
                 f"{ch['name']}: death's-door roll no. {earlier + 1}: {mod} → {_door_name(key)['en']}.")
    ctx.result = {"character": ch["id"], "die": die, "modified": roll["modified"], "outcome": key,
                  "roll_number": earlier + 1, "nonlethal": nonlethal}
    ctx.display = roll["display"]


# ---- an attack --------------------------------------------------------------------------------

#: The attack calculator's parameters the scene fills from the two characters and the readings.
SCENE_FILLED = ("armor", "tag", "absorption", "health", "stamina", "door_rolls_before", "negative_rule",
                "attacker_health", "attacker_no_pain", "target_no_pain")
#: The few the Storyteller sets for every attack (the page shows them first, the rest folded).
ATTACK_ESSENTIALS = ("attack_dice", "attack_difficulty", "damage_dice", "ranged", "maneuver", "defence",
                     "defence_dice", "defence_difficulty")


def _params_field(v, path):
    if not isinstance(v, dict):
        raise field_error(path, "Параметры атаки — объект.", "The attack's parameters are an object.")
    filled = [k for k in v if k in SCENE_FILLED]
    if filled:
        raise InputError([{"field": f"{path}.{k}", "ru": "Это значение берётся из сцены.",
                           "en": "The scene fills this value."} for k in filled])
    p = calc_validate("serial-attack", v, path)
    return {k: x for k, x in p.items() if k not in SCENE_FILLED}


def _attack_chars(ctx: Ctx, a: dict) -> tuple[dict, dict]:
    att, tgt = ctx.char(a["attacker"]), ctx.char(a["target"])
    errors = []
    for field, ch in (("attacker", att), ("target", tgt)):
        if ch["system"] != SYSTEM:
            errors.append({"field": field, "ru": "Атака считается для персонажей «Сериала».",
                           "en": "The attack is for the Series characters."})
        elif ch["state"]["dead"]:
            errors.append({"field": field, "ru": f"{ch['name']}: персонаж мёртв.", "en": f"{ch['name']} is dead."})
    if att["id"] == tgt["id"]:
        errors.append({"field": "target", "ru": "Персонаж не атакует сам себя.",
                       "en": "A character does not attack itself."})
    if errors:
        raise InputError(errors)
    return att, tgt


def attack_params(ctx: Ctx, a: dict) -> tuple[dict, dict, dict, int, int]:
    """The ``serial-attack`` calculator's parameters with both sides from the scene: the
    attacker's Здоровье (his wound penalty on the attack), the target's (its penalty on the
    defense), and whether either is spared the penalty («Превозмогая боль», «Воля к жизни»).
    The calculator takes the penalties off the rolls it names
    (:data:`rules_core.serial.rules.WOUND_PENALTY_ON_DAMAGE`, before the halving of «Стрельба
    по-македонски»: :data:`~rules_core.serial.rules.WOUND_PENALTY_BEFORE_HALVING`), which are
    :data:`readings.SERIAL_WOUND_PENALTY_ROLLS` and :data:`readings.SERIAL_WOUND_PENALTY_BEFORE_HALVING`.

    The calculator wants Здоровье ≥ 1; for a target at death's door it gets 1: its own health
    figures are not what the scene uses (:func:`take` applies the damage to the real state), and
    its wound penalty is the same (0 and 1 are both «3 и ниже»)."""
    assert RD.SERIAL_WOUND_PENALTY_ROLLS == ("attack", "defence") + (("damage",) if serial_rules.WOUND_PENALTY_ON_DAMAGE
                                                                     else ())
    assert RD.SERIAL_WOUND_PENALTY_BEFORE_HALVING == ("before" if serial_rules.WOUND_PENALTY_BEFORE_HALVING else "after")
    att, tgt = _attack_chars(ctx, a)
    rd = ctx.readings(SYSTEM)
    st, s = tgt["stats"], tgt["state"]
    p = dict(a["params"])
    p.update(armor=st["armor"], tag=a["tag"] or effective_tag(st, a["tags"]), absorption=s["absorption"],
             door_rolls_before=_calc_rolls(s["door_rolls"]),
             health=max(1, s["health"]), stamina=st["stamina"], negative_rule=rd["negative_rule"],
             attacker_health=max(0, att["state"]["health"]),
             attacker_no_pain=a["attacker_pushes"] or att["state"]["door"] == "will_to_live",
             target_no_pain=a["target_pushes"] or s["door"] == "will_to_live")
    p = calc_validate("serial-attack", p)
    n = serial_calculators.attack_numbers(p)
    return p, att, tgt, n["attack_penalty"], n["defence_penalty"]


def _attack_calculator(ctx: Ctx, a: dict) -> dict:
    return {"id": "serial-attack", "params": attack_params(ctx, a)[0]}


def _attack_plan(ctx: Ctx, a: dict) -> list:
    p = attack_params(ctx, a)[0]
    defends = serial_calculators.attack_numbers(p)["defence"] != "none"
    return [("attack", None)] + ([("defence", None)] if defends else []) + [("damage", None)]


def _after(ch: dict, rd: dict, portion: int, block: int, memo: dict,
           block_first: bool = serial_rules.BLOCK_FIRST) -> tuple:
    key = (portion, block)
    if key not in memo:
        t = _target(ch)
        step = serial_rules.take_portion(t, portion, block, rd["negative_rule"], rd["excess_burns"], block_first)
        st = ("dead" if step.dead else "death_door" if _door_due(ch["state"]["door"], step)
              else "wounded" if step.to_health else "absorbed")
        memo[key] = (st, portion, t.absorption, t.health)
    return memo[key]


def attack_fold(p: dict, numbers: dict, tgt: dict, rd: dict) -> Dist:
    """Exact distribution of ``(status, damage, УП left, Здоровье left)`` of one attack on
    ``tgt`` as it stands in the scene (earlier death's doors and negative hits included): the
    composition of :func:`rules.hit_distribution`, :func:`rules.damage_distribution`,
    :func:`rules.portion_after_armor` and :func:`rules.take_portion` with the calculator's
    numbers. For a fresh target it equals the calculator's own ``attack_outcome`` (tested)."""
    m = numbers["maneuver"]
    s = tgt["state"]
    hits = serial_rules.hit_distribution(numbers["dice"], numbers["difficulty"], numbers["defence"], numbers["defence_dice"],
                              numbers["defence_difficulty"], m["hit_multiplier"], p["parry_tie"],
                              p["attack_ones_cancel"])
    portions: dict[bool, Dist] = {}
    memo: dict = {}
    miss = Dist.constant(("miss", 0, s["absorption"], s["health"]))

    def outcome(h: serial_rules.HitOutcome) -> Dist:
        if not h.hit:
            return miss
        crit = m["crit_at"] is not None and h.successes >= m["crit_at"]
        if crit not in portions:
            dmg = serial_rules.damage_distribution(numbers["damage_dice"], p["damage_difficulty"],
                                        m["crit_successes"] if crit else 0)
            portions[crit] = dmg.map(lambda k: serial_rules.portion_after_armor(k, numbers["armor"], p["tag"],
                                                                                p["two_resistances"]))
        return portions[crit].map(lambda d: _after(tgt, rd, d, h.block, memo, p["block_first"]))

    return hits.bind(outcome)


FOLD_STATUSES = ("miss", "absorbed", "wounded", "death_door", "dead")
FOLD_NAMES = {"miss": T("промах", "miss"),
              "absorbed": T("попадание без ранения (урон 0 или весь в УП)", "a hit with no wound"),
              "wounded": T("ранение", "wounded"), "death_door": T("Порог Смерти: бросок д6", "death's door: the d6"),
              "dead": T("смерть", "death")}


def _attack_preview(ctx: Ctx, a: dict) -> dict:
    p, att, tgt, pen_a, pen_t = attack_params(ctx, a)
    o = serial_calculators.attack_outcome(p)
    n = o["numbers"]
    fold = attack_fold(p, n, tgt, ctx.readings(SYSTEM))
    status = fold.map(lambda x: x[0])
    damage = fold.map(lambda x: x[1])
    health = fold.map(lambda x: x[3])
    absorption = fold.map(lambda x: x[2])
    k = tgt["state"]["door_rolls"]
    odds = {"p_hit": prob(o["p_hit"]), "p_critical": prob(o["p_crit"]), "p_parry_counter": prob(o["p_counter"]),
            "status": {x: prob(status[x]) for x in FOLD_STATUSES},
            "p_death_door": prob(status["death_door"]), "p_dead": prob(status["dead"]),
            "damage": dist_json(damage, "damage"),
            "health_left": dist_json(health, "value"),
            "absorption_left": dist_json(absorption, "value"),
            "mean_damage": {**prob(damage.mean()), "kind": "number"},
            "attack_dice": n["dice"], "attack_difficulty": n["difficulty"], "damage_dice": n["damage_dice"],
            "defence_dice": n["defence_dice"] if n["defence"] != "none" else None,
            "armor_used": n["armor"], "attacker_penalty": pen_a, "target_penalty": pen_t}
    display = [
        figures(
            ("p_hit", T("Шанс попасть", "Chance to hit"), odds["p_hit"]),
            ("attack_dice", T("Кубиков атаки", "Attack dice"), n["dice"]),
            ("attack_difficulty", T("Сложность атаки", "Attack difficulty"),
             n["difficulty"] if n["difficulty"] is not None else T("попасть нельзя", "no hit possible")),
            ("mean_damage", T("Средний урон после Брони и тэга", "Mean damage after Armor and tag"),
             odds["mean_damage"]),
            ("p_death_door", T("Шанс Порога Смерти", "Chance of death's door"), odds["p_death_door"]),
            ("p_dead", T("Шанс смерти", "Chance of death"), odds["p_dead"]),
        ),
        dist_block("damage", T("Урон после Брони и тэга (0 — промах или всё в Броню)",
                               "Damage after Armor and tag (0: a miss or all in Armor)"), T("урон", "damage"), damage),
        dist_block("health_left", T(f"Здоровье: {tgt['name']}", f"Health: {tgt['name']}"), T("Здоровье", "Health"),
                   health, at_least=False),
        dist_block("absorption_left", T(f"УП: {tgt['name']}", f"Soak levels: {tgt['name']}"), T("УП", "Soak levels"),
                   absorption, at_least=False),
        {"kind": "table", "title": T("Исход атаки", "Outcome of the attack"),
         "columns": [T("Исход", "Outcome"), T("Вероятность", "Probability")],
         "rows": [[FOLD_NAMES[x], odds["status"][x]] for x in FOLD_STATUSES]},
    ]
    if pen_a or pen_t:
        display.append(note(f"Штраф за ранения: атака −{pen_a}, защита −{pen_t} кубиков.",
                            f"Wound penalty: attack −{pen_a}, defense −{pen_t} dice."))
    if status["death_door"]:
        display.append(note(f"Бросок Порога у цели будет {k + 1}-м в сцене" + (f": −{k}." if k else "."),
                            f"The target's death's-door roll would be no. {k + 1} this scene"
                            + (f": −{k}." if k else ".")))
    needed = []
    if n["difficulty"] is not None:
        needed.append({"group": "attack", "count": n["dice"], "sides": 10})
        if n["defence"] != "none":
            needed.append({"group": "defence", "count": n["defence_dice"], "sides": 10})
        needed.append({"group": "damage", "count": n["damage_dice"], "sides": 10,
                       "when": T("если атака попала", "if the attack hits")})
    return {"odds": odds, "display": display, "calculator": {"id": "serial-attack", "params": p},
            "dice_needed": needed, "summary": ["p_hit", "mean_damage", "p_death_door", "p_dead"]}


def _run_attack(ctx: Ctx, a: dict, box) -> None:
    p, att, tgt, pen_a, pen_t = attack_params(ctx, a)
    roll = calc_roll("serial-attack", p, box)
    hit = roll["hit"]
    block = roll["defence_net"] if hit and roll["defence_rolled"] and p["defence"] == "block" else 0
    steps = take(ctx, tgt, [(roll["rolled"], roll["damage"], block)], a["nonlethal"], p["block_first"]) if hit else []
    # «Атака: Вася → Петя»: a name is not declined («атакует Петя» would want «Петю»)
    ru = f"Атака: {att['name']} → {tgt['name']}"
    en = f"Attack: {att['name']} → {tgt['name']}"
    if pen_a:
        ru, en = ru + f" (−{pen_a} за ранения)", en + f" (−{pen_a} for wounds)"
    if hit:
        tail = _steps_text(tgt["name"], steps, tgt)
        ctx.text = T(f"{ru}: попал, успехов {roll['successes']}. {tail['ru']}",
                     f"{en}: hit, {roll['successes']} successes. {tail['en']}")
    else:
        ctx.text = T(f"{ru}: промах" + (", парирование попало в нападающего." if roll["counter"] else "."),
                     f"{en}: miss" + (", the parry hit the attacker." if roll["counter"] else "."))
    ctx.result = {"attacker": att["id"], "target": tgt["id"], "hit": hit, "successes": roll["successes"],
                  "counter": roll["counter"], "critical": roll.get("critical", False), "rolled": roll.get("rolled"),
                  "damage": roll["damage"], "block": block, "attacker_penalty": pen_a, "target_penalty": pen_t,
                  "steps": steps, "calculator": {"id": "serial-attack", "params": p}}
    ctx.display = [b for b in roll["display"] if b["kind"] == "dice"] + ([_steps_table(steps)] if steps else [])


# ---- the actions ------------------------------------------------------------------------------

def _char(v, path):
    return F.ident(v, path)


_PORTIONS = calc_param("serial-damage", "portions")  # the calculator's own list: 1–20 portions, 0–60


def _portions(v, path):
    return _PORTIONS.validate(v, path)


_tag_override = F.optional(F.choice(serial_rules.TAGS))
_bool = F.boolean

ACTIONS = [
    ActionSpec(
        "damage", SYSTEM, T("Урон", "Damage"),
        {"character": _char, "portions": _portions, "tags": _tags, "tag": _tag_override,
         "armor_tripled": _bool, "nonlethal": _bool},
        _run_damage, required=("character", "portions"),
        defaults={"tags": [], "tag": None, "armor_tripled": False, "nonlethal": False},
        spec=(F.spec_json("character", "character", T("Персонаж", "Character"), None, system=SYSTEM),
              {**_PORTIONS.to_json(), "default": []},
              F.spec_json("tags", "text_list", T("Тэги урона", "Damage tags"), [], max_items=F.MAX_TAGS),
              {**serial_calculators.TAG_PARAM.to_json(), "name": "tag", "default": None,
               "help": T("Пусто — по тэгам урона и персонажа.", "Empty: from the damage's and the character's tags.")},
              calc_param("serial-damage", "armor_tripled").to_json(),
              calc_param("serial-death-door", "nonlethal").to_json()),
        refs=("character",), calculator=damage_calculator, essentials=("portions", "tags")),
    ActionSpec(
        "burning", SYSTEM, T("Горит!", "Burning"),
        {"character": _char, "turn": F.param(calc_param("serial-burning", "turn")), "tags": _tags,
         "tag": _tag_override},
        _run_burning, required=("character", "turn"), defaults={"tags": list(FIRE_TAGS), "tag": None},
        spec=(F.spec_json("character", "character", T("Персонаж", "Character"), None, system=SYSTEM),
              {k: v for k, v in calc_param("serial-burning", "turn").to_json().items() if k != "when"},
              F.spec_json("tags", "text_list", T("Тэги урона", "Damage tags"), list(FIRE_TAGS), max_items=F.MAX_TAGS),
              {**serial_calculators.TAG_PARAM.to_json(), "name": "tag", "default": None,
               "help": T("Пусто — по тэгам урона и персонажа.", "Empty: from the damage's and the character's tags.")}),
        refs=("character",)),
    ActionSpec(
        "gain_absorption", SYSTEM, T("Получить УП", "Gain soak levels"),
        {"character": _char, "amount": F.integer(1, serial_calculators.MAX_ABSORPTION)}, _run_gain,
        required=("character", "amount"),
        spec=(F.spec_json("character", "character", T("Персонаж", "Character"), None, system=SYSTEM),
              int_param("amount", "Новых УП (например, «Доспех Луны»: по успехам)",
                        "New soak levels («Доспех Луны»: by successes)", 1, 1, serial_calculators.MAX_ABSORPTION).to_json()),
        refs=("character",)),
    ActionSpec(
        "death_door", SYSTEM, T("Бросок Порога Смерти", "Death's-door roll"),
        {"character": _char}, _run_door, required=("character",),
        spec=(F.spec_json("character", "character", T("Персонаж", "Character"), None, system=SYSTEM),),
        plan=_door_plan, preview=_door_preview, refs=("character",), groups=(("d6", False),),
        calculator=_door_calculator),
    ActionSpec(
        "attack", SYSTEM, T("Атака", "Attack"),
        {"attacker": _char, "target": _char, "params": _params_field, "tags": _tags, "tag": _tag_override,
         "nonlethal": _bool, "attacker_pushes": _bool, "target_pushes": _bool},
        _run_attack, required=("attacker", "target"),
        defaults={"params": {}, "tags": [], "tag": None, "nonlethal": False, "attacker_pushes": False,
                  "target_pushes": False},
        spec=(F.spec_json("attacker", "character", T("Атакующий", "Attacker"), None, system=SYSTEM),
              F.spec_json("target", "character", T("Цель", "Target"), None, system=SYSTEM),
              F.spec_json("params", "calculator", T("Атака", "Attack"), {}, calculator="serial-attack",
                          filled=list(SCENE_FILLED), essentials=list(ATTACK_ESSENTIALS)),
              F.spec_json("tags", "text_list", T("Тэги урона", "Damage tags"), [], max_items=F.MAX_TAGS),
              {**serial_calculators.TAG_PARAM.to_json(), "name": "tag", "default": None},
              calc_param("serial-death-door", "nonlethal").to_json(),
              F.spec_json("attacker_pushes", "bool", T("Атакующий «превозмогает боль» (1 ПСВ)",
                                                       "The attacker pushes through pain (1 WP)"), False),
              F.spec_json("target_pushes", "bool", T("Цель «превозмогает боль» (1 ПСВ)",
                                                     "The target pushes through pain (1 WP)"), False)),
        plan=_attack_plan, preview=_attack_preview, refs=("attacker", "target"),
        groups=(("attack", False), ("defence", False), ("damage", False)), calculator=_attack_calculator,
        essentials=("target", "params")),
]


def readings_params() -> tuple:
    """The rules' own switches a «Сериал» scene keeps (the calculators' parameters)."""
    return (serial_calculators.NEGATIVE_RULE_PARAM, serial_calculators.EXCESS_BURNS_PARAM, serial_calculators.BELOW_ONE_PARAM,
            calc_param("serial-death-door", "nonlethal_modifier"))

