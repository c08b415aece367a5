"""«Мир Тьмы: Сериал» (000) in a scene: a character's sheet and state, damage, УП, the
death's-door roll and an attack between two characters.

Every rule is a call into :mod:`rules_core.serial.rules` or a «Сериал» calculator; this module
only keeps what a scene adds: who has how much left, and what happened earlier this scene (the
death's-door rolls, Шок and «Последний вздох» already had, the negative hits).
"""

from __future__ import annotations

from dataclasses import replace

from .. import systems
from fractions import Fraction

from ..dice import Dist
from ..serial import calculators as serial_calculators
from ..serial.calculators import attack as serial_attack, death_door as serial_death_door
from ..serial.calculators import initiative as serial_initiative, shared as serial_shared
from ..serial import readings as serial_readings
from ..serial import rules as serial_rules
from ..serial import tables as serial_tables
from ..spec import (InputError, T, bool_param, dist_block, dist_json, field_error, figures, int_param, note, prob,
                    ru_count)
from . import fields as F
from . import readings as RD
from . import statuses as ST
from .common import ActionSpec, Ctx, calc_compute, calc_param, calc_roll, calc_validate, percent
from .system import SceneSystem

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


def _details(p):
    return replace(p, when=None, group="details")


#: What the order of turns, the stored defences and the statuses need (folded under «Подробнее»):
#: «Ваша Инициатива равна высшему показателю среди следующих вариантов сумм характеристик»
#: (the ``serial-initiative`` calculator's own traits) and its modifier; the defensive maneuvers'
#: pools; Сила for the parry's and the block's limits; «персонажи не чувствительные к боли»;
#: «Берсерк».
FIGHT_PARAMS = (
    *(_details(p) for p in serial_initiative.INITIATIVE_PARAMS
      if p.name in ("dexterity", "wits", "manipulation", "perception", "athletics", "cunning")),
    _details(replace(next(p for p in serial_initiative.INITIATIVE_PARAMS if p.name == "modifier"),
                     name="initiative_modifier", label=T("Модификатор инициативы", "Initiative modifier"))),
    int_param("strength", "Сила", "Strength", 2, 0, serial_shared.MAX_TRAIT, group="details"),
    int_param("dodge_dice", "Уклонение: кубиков (Ловкость + Уклонение)", "Dodge: dice (Dexterity + Dodge)", 0, 0,
              serial_calculators.MAX_POOL, group="details"),
    int_param("parry_dice", "Парирование: кубиков (Ловкость + Фехтование)", "Parry: dice (Dexterity + Melee)", 0, 0,
              serial_calculators.MAX_POOL, group="details"),
    int_param("block_dice", "Блок: кубиков (Ловкость + Драка)", "Block: dice (Dexterity + Brawl)", 0, 0,
              serial_calculators.MAX_POOL, group="details"),
    bool_param("no_pain", "Не чувствителен к боли", "Insensitive to pain", False, group="details",
               help=T("«персонажи не чувствительные к боли, просто не теряют этот раунд»; «Существа … нечувствительные "
                      "к боли не получают этого штрафа».", "They do not lose the round (Калечащая рана), nor take the "
                      "fire's −4.")),
    bool_param("berserk", "Берсерк", "Berserk", False, group="details",
               help=T("«Персонажи с достоинством “Берсерк” … продержаться на ногах не два, а три раунда».",
                      "A Berserk walking dead stays up three rounds, not two.")),
)
TAG_LISTS = ("resistance", "vulnerability", "immunity")
TAG_LABELS = {"resistance": T("Устойчивость к", "Resistance to"),
              "vulnerability": T("Уязвимость к", "Vulnerability to"),
              "immunity": T("Иммунитет к", "Immunity to")}


#: The sheet: its fields check it, fill a new character's defaults and describe the form.
STATS = tuple(F.of_param(p) for p in STAT_PARAMS) + tuple(
    F.tags_field(k, TAG_LABELS[k], [], F.MAX_TAG_LEN) for k in TAG_LISTS) + tuple(F.of_param(p) for p in FIGHT_PARAMS)

# ---- the state --------------------------------------------------------------------------------

#: ``door``: ``None``; ``"pending"`` (brought to death's door, the d6 is still to roll); an
#: outcome of the d6 table; ``"stabilized"`` (set by the Storyteller: «Стабилизирован»).
DOOR_STATES = ("pending",) + serial_tables.DEATH_DOOR_KEYS + ("stabilized", "torpor", "battle_scar")
#: Door states in which he cannot act: unconscious or out of it till the fight's end (Шок: until its
#: rounds end and he «приходит в себя», which ends the state).
UNCONSCIOUS = ("pending", "last_breath", "stunned", "shock", "stabilized", "torpor")
#: Why he cannot act in each of them: the words of 000 that say so and their line.
UNCONSCIOUS_WHY = {
    "pending": {"why": T("бросок Порога Смерти ещё не сделан", "the death's-door roll is still due"),
                "quote": "Если персонаж не умирает сразу, то делается бросок Порога Смерти", "line": 304},
    "last_breath": {"quote": "Персонаж падает на землю без сознания", "line": 317},
    "stunned": {"quote": "Персонаж не может ничего делать", "line": 325},
    "shock": {"quote": "падает и теряет сознание на 1-2 раунда", "line": 327},
    "stabilized": {"quote": "Персонаж находится без сознания и до конца боя не может совершать никаких действий",
                   "line": 333},
    "torpor": {"quote": "вместо смерти они впадают в состояние “торпор”", "line": 311},
}
#: The creature types 000 tells apart, in the tie-break order of the ``serial-initiative`` calculator
#: («первым ходят монстры, затем вампиры, …, затем все остальные»), each named as a card says it.
KIND_NAMES = {"monster": T("Монстр", "Monster"), "vampire": T("Вампир", "Vampire"),
              "shapeshifter": T("Меняющий форму", "Shapeshifter"), "fae": T("Фея", "Fae"), "mage": T("Маг", "Mage"),
              "sorcerer": T("Чародей", "Sorcerer"), "psychic": T("Психик", "Psychic"),
              "other": T("Другой (человек …)", "Other (human …)")}
KINDS = tuple((v, KIND_NAMES[v]) for v, _, _ in serial_initiative.CREATURE_OPTIONS)
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
        "door_nonlethal": F.integer(0, MAX_COUNT),
        "had_shock": F.boolean,
        "had_last_breath": F.boolean,
        "dead": F.boolean,
        "door": F.optional(F.choice(DOOR_STATES)),
        "pending": F.optional(lambda v, p: F.record(v, p, PENDING_FIELDS, required=tuple(PENDING_FIELDS))),
        "door_round": F.optional(F.integer(1, F.MAX_ROUND)),
        "maimings": F.integer(0, MAX_COUNT),
    }


def absorption_base(stats: dict) -> int:
    """УП at the start of a fight: «Выносливость даёт Поглощение всем персонажам» plus the lasting sources."""
    return serial_rules.absorption_levels(stats["stamina"], stats["absorption_bonus"])


def initial_state(stats: dict) -> dict:
    return {"health": stats["health_max"], "absorption": absorption_base(stats), "negative": 0,
            "door_visits": 0, "door_rolls": 0, "door_nonlethal": 0, "had_shock": False, "had_last_breath": False,
            "dead": False, "door": None, "pending": None, "door_round": None, "maimings": 0}


def check_state(stats: dict, state: dict) -> None:
    if state["door_nonlethal"] > state["door_rolls"]:
        raise field_error("state.door_nonlethal", "Чёт/нечет не больше, чем бросков Порога в сцене.",
                          "No more odd/even rolls than death's-door rolls this scene.")
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
    "torpor": T("Торпор", "Torpor"),
    "battle_scar": T("Боевой шрам вместо Порога", "Battle scar instead of death's door"),
    "dead": T("Мёртв", "Dead"),
}


#: The state the Storyteller may correct by hand (the page's edit sheet; the engine checks it whole):
#: ``door`` ``None`` is the option ``""`` (``nullable``); ``"pending"`` is the engine's own.
STATE = (
    F.of_param(int_param("health", "Здоровье сейчас", "Health now", serial_rules.HEALTH_LEVELS, HEALTH_FLOOR,
                         serial_calculators.MAX_HEALTH,
                         help=T("Ниже 0 — отрицательные хиты на Пороге.", "Below 0: negative hits at death's door."))),
    F.of_param(int_param("absorption", "УП сейчас", "soak levels now", 2, 0, serial_calculators.MAX_ABSORPTION)),
    F.of_param(int_param("negative", "Отрицательных хитов в сцене", "Negative hits this scene", 0, 0, MAX_COUNT)),
    F.of_param(int_param("door_rolls", "Бросков Порога в сцене", "Death's-door rolls this scene", 0, 0, MAX_COUNT)),
    F.Field("door", "choice", T("Состояние Порога", "Death's-door state"), F.optional(F.choice(DOOR_STATES)), "",
            extra={"nullable": True, "options": [{"value": "", "label": T("—", "—")}]
                   + [{"value": k, "label": STATUS_NAMES[k]} for k in DOOR_STATES if k != "pending"]}),
    F.Field("had_shock", "bool", T("Шок уже был в этой сцене", "Had Shock this scene"), F.boolean, False),
    F.Field("had_last_breath", "bool", T("«Последний вздох» уже был в этой сцене", "Had «Last breath» this scene"),
            F.boolean, False),
    F.Field("dead", "bool", T("Мёртв", "Dead"), F.boolean, False),
    F.of_param(int_param("maimings", "Увечий", "Maimings", 0, 0, MAX_COUNT,
                         help=T("«получит Увечье»: после Калечащей раны, спасения от Последнего вздоха …",
                                "After a crippling wound, being saved from the last breath …"))),
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


def door_options(ch: dict) -> list[str]:
    """The death's-door states the edit form offers him: a vampire is never shocked or stunned and may
    be in torpor; a shapeshifter may have taken a Battle Scar (:data:`readings.SERIAL_VAMPIRE_DOOR`)."""
    out = [k for k in DOOR_STATES if k not in ("pending", "torpor", "battle_scar")]
    if ch["kind"] == "vampire":
        out = [k for k in out if k not in ("shock", "stunned")] + ["torpor"]
    if ch["kind"] == "shapeshifter":
        out.append("battle_scar")
    return out


def check_kind(ch: dict) -> None:
    """A state his creature type cannot have (:func:`door_options`)."""
    door = ch["state"]["door"]
    if door not in (None, "pending") and door not in door_options(ch):
        raise field_error("state.door", f"«{STATUS_NAMES[door]['ru']}» не бывает у этого существа.",
                          f"«{STATUS_NAMES[door]['en']}» does not happen to this creature.")


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
        "door_rolls": s["door_rolls"], "door_nonlethal": s["door_nonlethal"],
        "next_door_modifier": -counted_rolls(s, rd),
        "had_shock": s["had_shock"], "had_last_breath": s["had_last_breath"],
        "roll_due": s["door"] == "pending", "maimings": s["maimings"],
        "door_options": door_options(ch),
    }
    if s["door"] in serial_tables.DEATH_DOOR_KEYS:
        out["status_effect"] = next(v["effect"] for v in serial_tables.DEATH_DOOR.values() if v["key"] == s["door"])
    return out


def can_act(ch: dict) -> bool:
    """Not unconscious: «падает на землю без сознания», «не может ничего делать», «Стабилизирован»,
    torpor; not dead."""
    return not ch["state"]["dead"] and ch["state"]["door"] not in UNCONSCIOUS


def why_not(ch: dict) -> dict | None:
    """Why he cannot act (:data:`UNCONSCIOUS_WHY`: the state's name and 000's words), or ``None``."""
    s = ch["state"]
    if s["dead"]:
        return {"why": STATUS_NAMES["dead"], "quote": None, "line": None}
    if s["door"] in UNCONSCIOUS:
        return {"why": STATUS_NAMES[s["door"]], **UNCONSCIOUS_WHY[s["door"]]}
    return None


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
    s.update(absorption=absorption_base(ch["stats"]), negative=0, door_visits=0, door_rolls=0, door_nonlethal=0,
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
    :func:`rules.take_portion`; keep the scene's counters; mark a due death's-door roll. The tag is in
    ``portion`` already: taken before the УП, as the calculators' default reading (:data:`serial_readings.TAG_ORDER`)."""
    assert serial_readings.TAG_ORDER.default == "before_absorption"
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
    # (a blow that kills outright may take Здоровье far below the floor kept; dead is dead)
    s.update(absorption=t.absorption, health=max(HEALTH_FLOOR, t.health), negative=min(MAX_COUNT, t.negative),
             door_visits=min(MAX_COUNT, t.door_visits), dead=t.dead)
    if t.dead:
        # killed outright («моментально погибнет»): whatever state of death's door he was in ends, and its timer
        s.update(pending=None, door=None)
        for timer in serial_fight.DOOR_TIMERS:
            ST.remove(ch, timer)
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
    ctx.facts["damage"] = [{"to": ch["id"], "by": None, "amount": sum(p for _, p, _ in portions), "why": "damage"}]
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
    ctx.text = T(f"Горит, ход {a['turn']}: {ru_count(levels, 'уровень', 'уровня', 'уровней')} урона. {tail['ru']}",
                 f"Burning, turn {a['turn']}: {levels} damage level{'' if levels == 1 else 's'}. {tail['en']}")
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

def counted_rolls(s: dict, rd: dict) -> int:
    """The scene's earlier death's-door rolls that take 1 each off the next: all, or without the odd/even ones
    of nonlethal damage (the reading ``nonlethal_roll_counts``, :func:`rules.counted_door_rolls`)."""
    return serial_rules.counted_door_rolls(s["door_rolls"], s["door_nonlethal"], rd["nonlethal_roll_counts"])


def door_counts(s: dict, rd: dict) -> tuple[int, int]:
    """``(previous rolls, of them odd/even)`` as the calculators take them (at most 10 rolls: more give what
    their count does, :func:`_calc_rolls`)."""
    if s["door_rolls"] <= 10:
        return s["door_rolls"], s["door_nonlethal"]
    return _calc_rolls(counted_rolls(s, rd)), 0


def _calc_rolls(n: int) -> int:
    """The calculator takes up to 10 earlier rolls; more give the same result (every die minus
    6 or more is below 1) as long as the parity is kept (odd/even with the −1 reading)."""
    return n if n <= 10 else 10 - n % 2


def door_params(ch: dict, rd: dict, pending: dict | None = None) -> dict:
    """The ``serial-death-door`` calculator's parameters for this character's due roll (or for the
    roll ``pending`` would make due)."""
    s, st = ch["state"], ch["stats"]
    pend = pending or s["pending"]
    return calc_validate("serial-death-door", {
        "stamina": st["stamina"], "health_before": pend["health_before"], "damage": min(pend["damage"], 200),
        "previous_rolls": door_counts(s, rd)[0], "nonlethal_before": door_counts(s, rd)[1],
        "nonlethal_roll_counts": rd["nonlethal_roll_counts"], "nonlethal": pend["nonlethal"],
        "shocked_before": s["had_shock"], "last_breath_before": s["had_last_breath"],
        "negative_before": min(pend["negative_before"], 200), "below_one": rd["below_one"],
        "negative_rule": rd["negative_rule"], "nonlethal_modifier": rd["nonlethal_modifier"],
        "nonlethal_can_kill": serial_rules.NONLETHAL_CAN_KILL, "excess_burns": rd["excess_burns"],
    })


#: The outcomes of a death's-door roll in a scene: the calculator's, and a vampire who stays up.
DOOR_OUTCOMES = serial_rules.DOOR_OUTCOMES + ("vampire_stands",)
#: Шок and Оглушение: «Вампиры не могут быть оглушены или шокированы».
VAMPIRE_SPARED = ("shock", "stunned")
#: A vampire's rerolls of one death's-door roll at most (:data:`readings.SERIAL_VAMPIRE_DOOR` "reroll").
MAX_REROLLS = 20


def door_distribution(ch: dict, rd: dict, pending: dict | None = None) -> Dist:
    """The outcomes (keys of :data:`DOOR_OUTCOMES`) of the character's due death's-door roll, as the
    ``serial-death-door`` calculator gives them; for a vampire Шок and Оглушение become "vampire_stands"
    (reading ``vampire_door`` "stand") or are rolled again (the law given that they do not come:
    "reroll")."""
    d = serial_death_door.door_distribution(door_params(ch, rd, pending))
    if ch["kind"] != "vampire" or not any(d[k] for k in VAMPIRE_SPARED):
        return d
    assert RD.SERIAL_VAMPIRE_DOOR in ("stand", "reroll")
    if rd["vampire_door"] == "reroll" and d.p(lambda k: k not in VAMPIRE_SPARED):
        return d.given(lambda k: k not in VAMPIRE_SPARED)
    return d.map(lambda k: "vampire_stands" if k in VAMPIRE_SPARED else k)


def _door_char(ctx: Ctx, a: dict) -> dict:
    ch = ctx.char(a["character"])
    if ch["state"]["pending"] is None:
        raise field_error("character", f"{ch['name']} не ждёт броска Порога Смерти.",
                          f"{ch['name']} has no death's-door roll due.")
    return ch


def _door_plan(ctx: Ctx, a: dict) -> list:
    ch = _door_char(ctx, a)
    plan = [("d6", None)]
    if ch["kind"] == "vampire":
        plan += [("reroll", i) for i in range(MAX_REROLLS)]
    if not a["untimed"]:
        plan.append(("shock_rounds", None))
    return plan


def _door_calculator(ctx: Ctx, a: dict) -> dict:
    ch = _door_char(ctx, a)
    return {"id": "serial-death-door", "params": door_params(ch, ctx.readings(SYSTEM))}


def _door_name(key: str) -> dict:
    if key == "vampire_stands":
        return T("Вампир устоял (ни Шока, ни Оглушения)", "The vampire stays up (no Shock, no Stunned)")
    return serial_tables.INSTANT_DEATH["name"] if key == "instant_death" else STATUS_NAMES[key]


def _door_preview(ctx: Ctx, a: dict) -> dict:
    ch = _door_char(ctx, a)
    rd = ctx.readings(SYSTEM)
    p = door_params(ch, rd)
    res = calc_compute("serial-death-door", p)
    odds = {k: res[k] for k in serial_rules.DOOR_OUTCOMES}
    display = res["display"]
    if ch["kind"] == "vampire":
        d = door_distribution(ch, rd)
        odds = {k: prob(d[k]) for k in DOOR_OUTCOMES if k not in VAMPIRE_SPARED}
        display = [b if not (b["kind"] == "table" and b["title"]["en"] == "Outcome") else
                   {**b, "rows": [[_door_name(k), odds[k]] for k in odds]} for b in display]
        display.append(note("«Вампиры не могут быть оглушены или шокированы»: " + (
            "Шок и Оглушение — вампир устоял (1 Здоровья)." if rd["vampire_door"] == "stand" else "Шок и Оглушение перебрасываются."),
            "Vampires cannot be stunned or shocked: " + ("Shock and Stunned — he stays up (1 Health)."
                                                          if rd["vampire_door"] == "stand" else "Shock and Stunned are rolled again.")))
    dice = [{"group": "d6", "count": 1, "sides": 6}]
    if not a["untimed"] and (odds.get("shock") or {}).get("float"):
        dice.append({"group": "shock_rounds", "count": 1, "sides": 6, "when": T("если Шок", "if Shock")})
    return {"odds": odds, "display": display, "calculator": {"id": "serial-death-door", "params": p},
            "dice_needed": dice}


def _run_door(ctx: Ctx, a: dict, box) -> None:
    ch = _door_char(ctx, a)
    s = ch["state"]
    rd = ctx.readings(SYSTEM)
    p = door_params(ch, rd)
    before = door_distribution(ch, rd)  # the odds the roll had: the log says them
    nonlethal = s["pending"]["nonlethal"]
    vampire = ch["kind"] == "vampire"
    if vampire and nonlethal and serial_death_door.door_distribution(p) != Dist.constant("instant_death"):
        # «бросается только чет/нечет» between Шок and Оглушение, neither of which a vampire takes
        roll = {"die": None, "modified": None, "outcome": "vampire_stands", "display": []}
    else:
        roll = calc_roll("serial-death-door", p, box)
    key = roll["outcome"]
    rerolls = []
    if vampire and key in VAMPIRE_SPARED:
        if rd["vampire_door"] == "reroll":
            while key in VAMPIRE_SPARED and len(rerolls) < MAX_REROLLS:
                rerolls.append(box.die(6))
                key = serial_rules.death_door_roll(rerolls[-1], p["previous_rolls"], p["last_breath_before"], p["below_one"])
        if key in VAMPIRE_SPARED:
            key = "vampire_stands"
    earlier = counted_rolls(s, rd)
    number = s["door_rolls"] + 1
    # every roll is counted, the odd/even ones apart (whether they take 1 off the later ones: the reading)
    s["door_rolls"] = min(MAX_COUNT, s["door_rolls"] + 1)
    if nonlethal:
        s["door_nonlethal"] = min(s["door_rolls"], s["door_nonlethal"] + 1)
    t = _target(ch)
    serial_rules.after_door_outcome(t, "shock" if key == "vampire_stands" else key)  # «остается с 1 уровнем Здоровья»
    s.update(health=t.health, dead=t.dead, pending=None, door=None if t.dead or key == "vampire_stands" else key,
             had_shock=s["had_shock"] or key == "shock",
             had_last_breath=s["had_last_breath"] or key == "last_breath")
    die = roll["die"]
    if die is None:
        mod = "—"
    else:
        mod = f"{die} − {earlier} = {roll['modified']}" if earlier and roll["modified"] != die else f"{die}"
        if rerolls:
            mod += ", " + ", ".join(map(str, rerolls))
    odds = before[key]
    ctx.text = T(f"{ch['name']}: бросок Порога Смерти № {number}: {mod} → {_door_name(key)['ru']} "
                 f"({percent(prob(odds))}).",
                 f"{ch['name']}: death's-door roll no. {number}: {mod} → {_door_name(key)['en']} "
                 f"({percent(prob(odds), 'en')}).")
    for timer in serial_fight.DOOR_TIMERS:  # a new state of death's door ends the old one's timer
        ST.remove(ch, timer)
    if not a["untimed"] and not s["dead"]:
        serial_fight.timed_door_statuses(ctx, ch, key, box, die)
    ctx.facts["door"] = {"who": ch["id"], "outcome": key, "p": f"{odds.numerator}/{odds.denominator}"}
    ctx.result = {"character": ch["id"], "die": die, "modified": roll["modified"], "outcome": key,
                  "roll_number": number, "nonlethal": nonlethal, "rerolls": rerolls}
    ctx.display = roll["display"]


# ---- an attack --------------------------------------------------------------------------------

#: The attack calculator's parameters the scene fills from the two characters and the readings.
SCENE_FILLED = ("armor", "tag", "absorption", "health", "stamina", "door_rolls_before", "door_nonlethal_before",
                "nonlethal_roll_counts", "negative_rule", "attacker_health", "attacker_no_pain", "target_no_pain",
                "attacker_overloaded", "target_overloaded", "overloaded_rolls", "tag_order")
#: The few the Storyteller sets for every attack (the page shows them first, the rest folded).
ATTACK_ESSENTIALS = ("attack_dice", "attack_difficulty", "damage_dice", "ranged", "maneuver", "defence",
                     "defence_dice", "defence_difficulty")


def _params_field(v, path):
    """The attack calculator's parameters as given (each checked by the calculator; those the scene
    fills refused); what is not given comes, when the attack runs, from the stored attack, from what
    the scene knows of both sides, or from the calculator's defaults (:func:`attack_params`)."""
    if not isinstance(v, dict):
        raise field_error(path, "Параметры атаки — объект.", "The attack's parameters are an object.")
    filled = [k for k in v if k in SCENE_FILLED]
    if filled:
        raise InputError([{"field": f"{path}.{k}", "ru": "Это значение берётся из сцены.",
                           "en": "The scene fills this value."} for k in filled])
    p = calc_validate("serial-attack", v, path)
    return {k: p[k] for k in v}


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


def weapon_of(ch: dict, name: str | None) -> dict | None:
    """His stored attack of this name (``None`` for none)."""
    if name is None:
        return None
    for w in ch["attacks"]:
        if F.fold(w["name"]) == F.fold(name):
            return w
    names = ", ".join(w["name"] for w in ch["attacks"]) or "—"
    raise field_error("weapon", f"У {ch['name']} нет атаки «{name}» (есть: {names}).",
                      f"{ch['name']} has no attack «{name}» (there are: {names}).")


#: A defensive maneuver's pool on the sheet, and the limit the calculator checks it against: «Парировать
#: можно только те атаки, чья Сила + модификатор оружия … не превосходит вашу Силу+Ловкость»; the block:
#: «Сила + Выносливость».
DEFENCE_POOLS = {"dodge": "dodge_dice", "parry": "parry_dice", "block": "block_dice"}
DEFENCE_LIMITS = {"parry": ("strength", "dexterity"), "block": ("strength", "stamina")}


def attack_params(ctx: Ctx, a: dict) -> tuple[dict, dict, dict, int, int]:
    """:func:`_attack_params`, worked out once for an action (its plan and its run ask alike)."""
    if "attack_params" not in ctx.memo:
        ctx.memo["attack_params"] = _attack_params(ctx, a)
    return ctx.memo["attack_params"]


def _attack_params(ctx: Ctx, a: dict) -> tuple[dict, dict, dict, int, int]:
    """The ``serial-attack`` calculator's parameters with both sides from the scene.

    What the action gives wins; else the stored attack (``weapon``); else what the scene knows: «Лёжа»
    of either side, the target's declared defensive maneuver and his pool for it (and its limit:
    Сила + Ловкость for a parry, Сила + Выносливость for a block); else the calculator's defaults. The
    dice «Горит!» and «Перегружен» take (:func:`serial_fight.status_dice`) come off the attack and the
    defense. Filled always: the attacker's Здоровье (his wound penalty on the attack), the target's
    (its penalty on the defense), and whether either is spared the penalty («Превозмогая боль» —
    the action's switch or his status —, «Воля к жизни»). The calculator takes the wound penalties
    off the rolls it names (:data:`rules_core.serial.rules.WOUND_PENALTY_ON_DAMAGE`, before the
    halving of «Стрельба по-македонски»: :data:`~rules_core.serial.rules.WOUND_PENALTY_BEFORE_HALVING`),
    which are :data:`readings.SERIAL_WOUND_PENALTY_ROLLS` and
    :data:`readings.SERIAL_WOUND_PENALTY_BEFORE_HALVING`.

    The calculator wants Здоровье ≥ 1; for a target at death's door it gets 1: its own health
    figures are not what the scene uses (:func:`take` applies the damage to the real state), and
    its wound penalty is the same (0 and 1 are both «3 и ниже»)."""
    assert RD.SERIAL_WOUND_PENALTY_ROLLS == ("attack", "defence") + (("damage",) if serial_rules.WOUND_PENALTY_ON_DAMAGE
                                                                     else ())
    assert RD.SERIAL_WOUND_PENALTY_BEFORE_HALVING == ("before" if serial_rules.WOUND_PENALTY_BEFORE_HALVING else "after")
    att, tgt = _attack_chars(ctx, a)
    rd = ctx.readings(SYSTEM)
    st, s = tgt["stats"], tgt["state"]
    weapon = weapon_of(att, a.get("weapon"))
    given = a["params"]
    p = dict(weapon["params"]) if weapon else {}
    if ST.find(att, "prone"):
        p["attacker_prone"] = True
    if ST.find(tgt, "prone"):
        p["target_prone"] = True
    declared = ST.find(tgt, "defending")
    defence = given.get("defence", declared["maneuver"] if declared else p.get("defence", "none"))
    if defence != "none":
        p["defence"] = defence
        if "defence_dice" not in given:
            p["defence_dice"] = st[DEFENCE_POOLS[defence]]
        if defence in DEFENCE_LIMITS and "defender_limit" not in given:
            p["defender_limit"] = sum(st[k] for k in DEFENCE_LIMITS[defence])
    p.update(given)
    pushes_a, pushes_t = ST.find(att, "pushes") or {}, ST.find(tgt, "pushes") or {}
    p.update(armor=st["armor"], tag=a["tag"] or effective_tag(st, attack_tags(a, weapon)), absorption=s["absorption"],
             door_rolls_before=door_counts(s, rd)[0], door_nonlethal_before=door_counts(s, rd)[1],
             nonlethal_roll_counts=rd["nonlethal_roll_counts"], overloaded_rolls=rd["overloaded_rolls"],
             attacker_overloaded=ST.find(att, "overloaded") is not None,
             target_overloaded=ST.find(tgt, "overloaded") is not None,
             health=max(1, s["health"]), stamina=st["stamina"], negative_rule=rd["negative_rule"],
             # the scene (its fold, its damage actions) takes the tag as the calculators' default does
             tag_order=serial_readings.TAG_ORDER.default,
             attacker_health=max(0, att["state"]["health"]),
             attacker_no_pain=a["attacker_pushes"] or bool(pushes_a.get("wounds")) or att["state"]["door"] == "will_to_live",
             target_no_pain=a["target_pushes"] or bool(pushes_t.get("wounds")) or s["door"] == "will_to_live")
    p = calc_validate("serial-attack", p)
    from . import serial_fight

    dice_a, dice_t = serial_fight.status_dice(att, ctx.scene), serial_fight.status_dice(tgt, ctx.scene)
    if dice_a or (dice_t and p["defence"] != "none"):
        p["attack_dice"] = max(0, p["attack_dice"] - dice_a)
        if p["defence"] != "none":
            p["defence_dice"] = max(0, p["defence_dice"] - dice_t)
        p = calc_validate("serial-attack", p)
    n = serial_calculators.attack_numbers(p)
    return p, att, tgt, n["attack_penalty"], n["defence_penalty"]


def attack_tags(a: dict, weapon: dict | None) -> list[str]:
    """The damage's tags: the action's, else the stored attack's."""
    return a["tags"] or (weapon["tags"] if weapon else [])


def status_dice_of(ctx: Ctx, a: dict) -> tuple[int, int]:
    """The dice statuses take from the attack and from the defense (for the log and the preview)."""
    from . import serial_fight

    att, tgt = ctx.char(a["attacker"]), ctx.char(a["target"])
    return serial_fight.status_dice(att, ctx.scene), serial_fight.status_dice(tgt, ctx.scene)


def p_hit(p: dict) -> Fraction:
    """The chance the attack lands (the calculator's numbers)."""
    n = serial_calculators.attack_numbers(p)
    m = n["maneuver"]
    hits = serial_rules.hit_distribution(n["dice"], n["difficulty"], n["defence"], n["defence_dice"],
                                         n["defence_difficulty"], m["hit_multiplier"], p["parry_tie"],
                                         p["attack_ones_cancel"])
    return hits.p(lambda h: h.hit)


def _attack_calculator(ctx: Ctx, a: dict) -> dict:
    return {"id": "serial-attack", "params": attack_params(ctx, a)[0]}


def _attack_plan(ctx: Ctx, a: dict) -> list:
    p = attack_params(ctx, a)[0]
    defends = serial_calculators.attack_numbers(p)["defence"] != "none"
    return [("attack", None)] + ([("defence", None)] if defends else []) + [("damage", None)]


def _after(ch: dict, rd: dict, portion: int, block: int, memo: dict, nonlethal: bool,
           block_first: bool = serial_rules.BLOCK_FIRST) -> Dist:
    """What one landed portion does to ``ch``: ``(status, damage, УП left, Здоровье left, door)`` —
    ``door`` the outcome of the death's-door roll it makes due (``None`` when none is due)."""
    key = (portion, block)
    if key not in memo:
        t = _target(ch)
        before_h, before_neg = t.health, t.negative
        step = serial_rules.take_portion(t, portion, block, rd["negative_rule"], rd["excess_burns"], block_first)
        due = not step.dead and ch["state"]["pending"] is None and _door_due(ch["state"]["door"], step)
        st = ("dead" if step.dead else "death_door" if _door_due(ch["state"]["door"], step)
              else "wounded" if step.to_health else "absorbed")
        if due:
            pending = {"health_before": max(0, before_h), "damage": step.to_health, "nonlethal": nonlethal,
                       "negative_before": before_neg}
            memo[key] = door_distribution(ch, rd, pending).map(lambda d: (st, portion, t.absorption, t.health, d))
        else:
            memo[key] = Dist.constant((st, portion, t.absorption, t.health, None))
    return memo[key]


def attack_fold(p: dict, numbers: dict, tgt: dict, rd: dict, nonlethal: bool = False) -> Dist:
    """Exact distribution of ``(status, damage, УП left, Здоровье left, door)`` of one attack on
    ``tgt`` as it stands in the scene (earlier death's doors, negative hits, Шок and «Последний
    вздох» included): the composition of :func:`rules.hit_distribution`,
    :func:`rules.damage_distribution`, :func:`rules.portion_after_armor`, :func:`rules.take_portion`
    and, where the attack makes a death's-door roll due, that roll (:func:`door_distribution`:
    ``door`` is its outcome). For a fresh target it equals the calculator's own ``attack_outcome``
    (tested)."""
    m = numbers["maneuver"]
    s = tgt["state"]
    hits = serial_rules.hit_distribution(numbers["dice"], numbers["difficulty"], numbers["defence"], numbers["defence_dice"],
                              numbers["defence_difficulty"], m["hit_multiplier"], p["parry_tie"],
                              p["attack_ones_cancel"])
    portions: dict[bool, Dist] = {}
    memo: dict = {}
    miss = Dist.constant(("miss", 0, s["absorption"], s["health"], None))

    def outcome(h: serial_rules.HitOutcome) -> Dist:
        if not h.hit:
            return miss
        crit = m["crit_at"] is not None and h.successes >= m["crit_at"]
        if crit not in portions:
            dmg = serial_rules.damage_distribution(numbers["damage_dice"], p["damage_difficulty"],
                                        m["crit_successes"] if crit else 0)
            portions[crit] = dmg.map(lambda k: serial_rules.portion_after_armor(k, numbers["armor"], p["tag"],
                                                                                p["two_resistances"]))
        return portions[crit].bind(lambda d: _after(tgt, rd, d, h.block, memo, nonlethal, p["block_first"]))

    return hits.bind(outcome)


#: The fold's statuses and the calculator's outcome each stands for (its words name them).
FOLD_STATUSES = {"miss": "miss", "absorbed": "absorbed", "wounded": "wounded", "death_door": "death_door",
                 "dead": "instant_death"}


def _attack_preview(ctx: Ctx, a: dict) -> dict:
    p, att, tgt, pen_a, pen_t = attack_params(ctx, a)
    o = serial_calculators.attack_outcome(p)
    n = o["numbers"]
    fold = attack_fold(p, n, tgt, ctx.readings(SYSTEM), a["nonlethal"])
    status = fold.map(lambda x: x[0])
    damage = fold.map(lambda x: x[1])
    health = fold.map(lambda x: x[3])
    absorption = fold.map(lambda x: x[2])
    door = fold.map(lambda x: x[4])
    # death: at once (the damage), or by the death's-door roll the attack makes due
    p_dead = fold.p(lambda x: x[0] == "dead" or x[4] == "instant_death")
    k = counted_rolls(tgt["state"], ctx.readings(SYSTEM))
    odds = {"p_hit": prob(o["p_hit"]), "p_critical": prob(o["p_crit"]), "p_parry_counter": prob(o["p_counter"]),
            "status": {x: prob(status[x]) for x in FOLD_STATUSES},
            "door_outcomes": {x: prob(door[x]) for x in (DOOR_OUTCOMES if tgt["kind"] == "vampire"
                                                          else serial_rules.DOOR_OUTCOMES)},
            "p_death_door": prob(status["death_door"]), "p_dead": prob(p_dead),
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
            ("p_dead", T("Шанс смерти (сразу или броском Порога)", "Chance of death (at once or by the door roll)"),
             odds["p_dead"]),
        ),
        dist_block("damage", T("Урон после Брони и тэга (0 — промах или всё в Броню)",
                               "Damage after Armor and tag (0: a miss or all in Armor)"), T("урон", "damage"), damage),
        dist_block("health_left", T(f"Здоровье: {tgt['name']}", f"Health: {tgt['name']}"), T("Здоровье", "Health"),
                   health, at_least=False),
        dist_block("absorption_left", T(f"УП: {tgt['name']}", f"Soak levels: {tgt['name']}"), T("УП", "Soak levels"),
                   absorption, at_least=False),
        serial_attack.outcome_table({FOLD_STATUSES[x]: odds["status"][x] for x in FOLD_STATUSES}),
    ]
    if any(door[x] for x in odds["door_outcomes"]):
        display.append(serial_attack.door_outcomes_table(odds["door_outcomes"], k, _door_name))
    if pen_a or pen_t:
        display.append(note(f"Штраф за ранения: атака −{pen_a}, защита −{pen_t} кубиков.",
                            f"Wound penalty: attack −{pen_a}, defense −{pen_t} dice."))
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
    weapon = weapon_of(att, a.get("weapon"))
    chance = prob(p_hit(p))
    dice_a, dice_t = status_dice_of(ctx, a)
    roll = calc_roll("serial-attack", p, box)
    hit = roll["hit"]
    block = roll["defence_net"] if hit and roll["defence_rolled"] and p["defence"] == "block" else 0
    nonlethal = a["nonlethal"] or bool(weapon and weapon["nonlethal"])
    steps = take(ctx, tgt, [(roll["rolled"], roll["damage"], block)], nonlethal, p["block_first"]) if hit else []
    # «Атака: Вася → Петя»: a name is not declined («атакует Петя» would want «Петю»)
    what = T(f" ({weapon['name']})", f" ({weapon['name']})") if weapon else T("", "")
    ru = f"Атака{what['ru']}: {att['name']} → {tgt['name']}"
    en = f"Attack{what['en']}: {att['name']} → {tgt['name']}"
    if pen_a:
        ru, en = ru + f" (−{pen_a} за ранения)", en + f" (−{pen_a} for wounds)"
    if dice_a:
        ru, en = ru + f" (−{dice_a} от состояний)", en + f" (−{dice_a} from statuses)"
    pct = T(percent(chance), percent(chance, "en"))
    if hit:
        tail = _steps_text(tgt["name"], steps, tgt)
        ctx.text = T(f"{ru}: {pct['ru']} → попал, успехов {roll['successes']}. {tail['ru']}",
                     f"{en}: {pct['en']} → hit, {roll['successes']} successes. {tail['en']}")
    else:
        ctx.text = T(f"{ru}: {pct['ru']} → промах" + (", парирование попало в нападающего." if roll["counter"] else "."),
                     f"{en}: {pct['en']} → miss" + (", the parry hit the attacker." if roll["counter"] else "."))
    ctx.result = {"attacker": att["id"], "target": tgt["id"], "hit": hit, "p_hit": chance, "successes": roll["successes"],
                  "counter": roll["counter"], "critical": roll.get("critical", False), "rolled": roll.get("rolled"),
                  "damage": roll["damage"], "block": block, "attacker_penalty": pen_a, "target_penalty": pen_t,
                  "attacker_status_penalty": dice_a, "target_status_penalty": dice_t,
                  "weapon": weapon["name"] if weapon else None,
                  "steps": steps, "calculator": {"id": "serial-attack", "params": p}}
    ctx.facts["roll"] = {"what": "attack", "p": chance["exact"], "success": hit, "by": att["id"], "to": tgt["id"]}
    if hit:
        ctx.facts["damage"] = [{"to": tgt["id"], "by": att["id"], "amount": roll["damage"], "why": "attack"}]
    ctx.display = [b for b in roll["display"] if b["kind"] == "dice"] + ([_steps_table(steps)] if steps else [])


# ---- the actions ------------------------------------------------------------------------------

_PORTIONS = calc_param("serial-damage", "portions")  # the calculator's own list: 1–20 portions, 0–60
_CHARACTER = F.character_field(system=SYSTEM)
_TAGS = F.tags_field("tags", T("Тэги урона", "Damage tags"), [])
_TAG = F.of_param(serial_calculators.TAG_PARAM, name="tag", default=None,
                  help=T("Пусто — по тэгам урона и персонажа.", "Empty: from the damage's and the character's tags."))
_NONLETHAL = F.of_param(calc_param("serial-death-door", "nonlethal"))


def _tag_check(v, path):
    return None if v is None else serial_calculators.TAG_PARAM.validate(v, path)


_TAG = _TAG.but(check=_tag_check)
_ATTACK_TAG = F.of_param(serial_calculators.TAG_PARAM, name="tag", default=None).but(check=_tag_check)
#: What a new stored attack starts from: melee, its dice left for the Storyteller to give (the calculator's
#: defaults are 000's pistol example — «дальний бой», 7 dice, 6 damage —, no weapon's own numbers).
NEW_ATTACK = {"ranged": False, "attack_dice": None, "damage_dice": None}
_PARAMS = F.Field("params", "calculator", T("Атака", "Attack"), _params_field, {},
                  extra={"calculator": "serial-attack", "filled": list(SCENE_FILLED), "essentials": list(ATTACK_ESSENTIALS)})
_STORED_PARAMS = _PARAMS.but(extra={"new": NEW_ATTACK})
#: A stored attack (besides its name): the attack calculator's parameters it sets, its damage's tags,
#: and whether it does nonlethal damage (fists).
ATTACK = (_STORED_PARAMS, _TAGS, _NONLETHAL)

ACTIONS = [
    ActionSpec(
        "damage", SYSTEM, T("Урон", "Damage"),
        (_CHARACTER, F.of_param(_PORTIONS, "required", default=[]), _TAGS, _TAG,
         F.of_param(calc_param("serial-damage", "armor_tripled")), _NONLETHAL),
        _run_damage, calculator=damage_calculator, essentials=("portions", "tags")),
    ActionSpec(
        "burning", SYSTEM, T("Урон огнём за один ход (вручную)", "Fire damage for one turn (by hand)"),
        (_CHARACTER, F.of_param(calc_param("serial-burning", "turn"), "required"),
         _TAGS.but(default=list(FIRE_TAGS)), _TAG),
        _run_burning, help=T("Один ход огня, вписанный вручную; «Горит!» само жжёт в начале каждого его хода.",
                             "One turn of fire, entered by hand; «Burning» itself burns at the start of each of his turns.")),
    ActionSpec(
        "gain_absorption", SYSTEM, T("Получить УП", "Gain soak levels"),
        (_CHARACTER, F.of_param(int_param("amount", "Новых УП (например, «Доспех Луны»: по успехам)",
                                          "New soak levels («Доспех Луны»: by successes)", 1, 1,
                                          serial_calculators.MAX_ABSORPTION), "required")),
        _run_gain),
    ActionSpec(
        "death_door", SYSTEM, T("Бросок Порога Смерти", "Death's-door roll"),
        (_CHARACTER, F.Field("untimed", "bool", T("Без сроков: Шок, «Ходячий мертвец» и др. снимает Рассказчик",
                                                  "No timers: the Storyteller ends Shock, «Walking dead» …"),
                             F.boolean, False)),
        _run_door, plan=_door_plan, preview=_door_preview,
        groups=(("d6", False), ("reroll", True), ("shock_rounds", False)), calculator=_door_calculator,
        essentials=()),
    ActionSpec(
        "attack", SYSTEM, T("Атака", "Attack"),
        (F.character_field("attacker", T("Атакующий", "Attacker"), SYSTEM),
         F.character_field("target", T("Цель", "Target"), SYSTEM, side="opponents"),
         F.Field("weapon", "text", T("Сохранённая атака (пусто — нет)", "A stored attack (empty: none)"),
                 lambda v, p: None if v in (None, "") else F.text(v, p, 40, 1), None, "optional",
                 {"max_len": 40, "attacks_of": "attacker"}),
         _PARAMS, _TAGS, _ATTACK_TAG, _NONLETHAL,
         F.Field("attacker_pushes", "bool", T("Атакующий «превозмогает боль» (1 ПСВ)",
                                              "The attacker pushes through pain (1 WP)"), F.boolean, False),
         F.Field("target_pushes", "bool", T("Цель «превозмогает боль» (1 ПСВ)",
                                            "The target pushes through pain (1 WP)"), F.boolean, False)),
        _run_attack, plan=_attack_plan, preview=_attack_preview,
        groups=(("attack", False), ("defence", False), ("damage", False)), calculator=_attack_calculator,
        essentials=("target", "params"), actor=("attacker",)),
]


def readings_params() -> tuple:
    """The rules' own switches a «Сериал» scene keeps (the calculators' parameters), and the scene's
    own where 000 leaves a duration or an effect open (:func:`serial_fight.readings_params`)."""
    def rd(calc: str, name: str):
        return replace(calc_param(calc, name), group="readings")

    return (serial_calculators.NEGATIVE_RULE_PARAM, serial_calculators.EXCESS_BURNS_PARAM, serial_calculators.BELOW_ONE_PARAM,
            calc_param("serial-death-door", "nonlethal_modifier"),
            rd("serial-initiative", "preparation_rounding"), rd("serial-initiative", "lowered_blocks_preparation"),
            rd("serial-wounds", "pain_willpower"), rd("serial-burning", "first_turn_counts"),
            serial_shared.NONLETHAL_COUNTS_PARAM, rd("serial-attack", "overloaded_rolls"),
            replace(rd("serial-burning", "is_portion"), name="burning_is_portion"),
            *serial_fight.readings_params())


from . import serial_fight  # noqa: E402  (it reads this module's names: imported once they are all defined)

SCENE = SceneSystem(
    SYSTEM, TITLE, STATS, STATE, state_fields, initial_state, view, end_of_scene, ACTIONS + serial_fight.ACTIONS,
    readings_params, check_state=check_state, kinds=KINDS, default_kind="other", statuses=serial_fight.STATUSES,
    attack=ATTACK, initiative=serial_fight.initiative, tie_key=serial_fight.tie_key, order_rule=serial_fight.ORDER_RULE,
    out_of_fight=lambda ch: ch["state"]["dead"], check_kind=check_kind, can_act=can_act, why_not=why_not,
    typed_initiative=False,
    roll_due=lambda ch: ch["state"]["pending"] is not None)
