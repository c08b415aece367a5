"""«Мир Тьмы: Сериал» (000) in a fight: the statuses the engine moves on, the order of turns, and the
actions of a turn (lowering one's initiative, «Подготовка», a defensive maneuver out of turn, a
readied action, «Превозмогая боль», putting out a fire, stabilising and healing, a Battle Scar).

Statuses and when they move (:mod:`.statuses`, :mod:`.turns`):

* «Горит!» (``burning``, set by hand): «В начале своего хода цель получает 2 уровня урона + 1
  уровень за каждый ход горения» — each of his turns begins with the fire's damage, its count kept
  (``count``: the turns burned); «-4 куба на все броски действий» (the readings of the
  ``serial-wounds`` calculator: fire-resistant or pain-insensitive creatures are spared, and a point
  of Willpower at the start of his turn); «Огонь можно потушить стандартным действием» —
  ``extinguish``, the ``serial-burning`` calculator's roll.
* Шок (``shock``): «теряет сознание на 1-2 раунда, чет/нечет своих раунда» — 1 or 2 of his turns
  (:data:`readings.SERIAL_SHOCK_ROUNDS`), then «он приходит в себя».
* the lost round of «Калечащая рана» (``lost_round``): «теряет сознание на 1 свой раунд от боли»
  (not the pain-insensitive: «просто не теряют этот раунд»).
* «Последний вздох» (``last_breath``): «умрет в конце следующего хода» (his next turn:
  :data:`readings.SERIAL_LAST_BREATH_TURN`) unless stabilised (``stabilize``).
* «Ходячий мертвец» (``walking_dead``): «после двух своих раундов он упадёт мёртвым» (three for a
  «Берсерк»); a vampire falls into torpor instead.
* «Воля к жизни» (``will_to_live``): «Каждый раунд персонаж тратит 1 ПСВ» — said at each of his turns.
* «Лёжа» (``prone``), «Перегружен» (``overloaded``): set and cleared by hand; the attack takes them in.
* a readied action (``readied``): «готовность к действию перестает работать в конце хода»
  (:data:`readings.SERIAL_READIED_LAPSES`); «Подготовка» (``preparation``): «На следующий ход добавить
  половину своего показателя Инициативы»; a declared defence (``defending``), «Превозмогая боль»
  (``pushes``): his turn or the round.

A timed status that begins during his own turn counts from his next turn
(:data:`readings.SERIAL_OWN_ROUNDS_FROM`).
"""

from __future__ import annotations

from ..serial import rules as serial_rules
from ..spec import T, choice_param, field_error, figures, int_param, prob, ru_count
from ..wod.pool import d10_block, net_successes, roll_d10_pool
from . import fields as F
from . import readings as RD
from . import serial as SS
from . import statuses as ST
from . import turns as TU
from .common import ActionSpec, Ctx, calc_compute, calc_param, calc_roll, calc_validate

__all__ = [
    "SYSTEM", "STATUSES", "ACTIONS", "DOOR_TIMERS", "ORDER_RULE", "MANEUVERS", "MANEUVER_NAMES",
    "MAX_TRIGGER", "AGAINST", "STABILIZE_DIFFICULTY", "METHODS", "fire_spared", "penalties",
    "status_dice", "falls", "timed_door_statuses", "base_initiative", "initiative", "tie_key",
    "extinguish_params", "readings_params"
]

SYSTEM = SS.SYSTEM

# ---- the penalties of statuses ----------------------------------------------------------------------


def fire_spared(ch: dict) -> bool:
    """«Существа с сопротивляемостью к огню или нечувствительные к боли не получают этого штрафа»:
    a resistance or immunity to «Огонь», or the sheet's no_pain (insensitive to pain)."""
    fire = {F.fold(t) for t in SS.FIRE_TAGS}
    st = ch["stats"]
    return st["no_pain"] or bool(fire & {F.fold(x) for x in st["resistance"] + st["immunity"]})


def penalties(ch: dict, scene: dict) -> serial_rules.Penalties:
    """His dice penalties by :func:`rules.penalties` (the ``serial-wounds`` calculator's readings):
    wounds (none after «Превозмогая боль» or in «Воля к жизни»), «Горит!», «Перегружен»."""
    pushes = ST.find(ch, "pushes") or {}
    return serial_rules.penalties(
        ch["state"]["health"], bool(pushes.get("wounds")), ST.find(ch, "burning") is not None, fire_spared(ch),
        bool(pushes.get("fire")), ST.find(ch, "overloaded") is not None, ch["state"]["door"] == "will_to_live",
        scene["readings"][SYSTEM]["pain_willpower"])


def status_dice(ch: dict, scene: dict) -> int:
    """Dice «Горит!» takes from an attack or a defensive maneuver (:data:`readings.SERIAL_STATUS_PENALTY_ROLLS`;
    the wounds' and «Перегружен»'s the attack calculator takes off itself, from what the scene fills)."""
    assert RD.SERIAL_STATUS_PENALTY_ROLLS == RD.SERIAL_WOUND_PENALTY_ROLLS
    return penalties(ch, scene).burning


def _burning_penalty(ch: dict, st: dict, scene: dict) -> ST.Penalty:
    return ST.Penalty(roll=penalties(ch, scene).burning)


def _overloaded_penalty(ch: dict, st: dict, scene: dict) -> ST.Penalty:
    """«-4 куба на броски Ловкости»: of an attack's or a defense's pool as the reading ``overloaded_rolls`` says."""
    return ST.Penalty(dexterity=serial_rules.overloaded_dice(True, True, scene["readings"][SYSTEM]["overloaded_rolls"]))


# ---- what happens when a status ends -------------------------------------------------------------------

def falls(ctx: Ctx, ch: dict, why: dict) -> None:
    """He dies — a vampire falls into torpor instead («вместо смерти они впадают в состояние “торпор”»;
    not after an instant death or all of death's door's hits, which the damage itself decides)."""
    s = ch["state"]
    if ch["kind"] == "vampire":
        s.update(door="torpor")
        ctx.say(f"{ch['name']}: {why['ru']} — вампир впадает в торпор.", f"{ch['name']}: {why['en']} — the vampire falls into torpor.")
    else:
        s.update(dead=True, door=None, pending=None)
        ctx.say(f"{ch['name']}: {why['ru']} — мёртв.", f"{ch['name']}: {why['en']} — dead.")
    for key in DOOR_TIMERS:
        ST.remove(ch, key)


def _own_rounds(on_end, still: dict | None = None):
    """A tick at the end of each of his turns: one of his rounds less; at none left, ``on_end``."""
    def tick(ctx: Ctx, ch: dict, st: dict) -> None:
        if st["fresh"]:  # it began in this very turn (readings.SERIAL_OWN_ROUNDS_FROM)
            st["fresh"] = False
            return
        st["left"] -= 1
        if st["left"] <= 0:
            ST.remove(ch, st["key"])
            on_end(ctx, ch)
        elif still is not None:
            left = ST.left_text(st["left"], "own_rounds")
            ctx.say(f"{ch['name']}: {still['ru']}, {left['ru']}.", f"{ch['name']}: {still['en']}, {left['en']}.")
    return tick


def _wakes(door: str):
    def end(ctx: Ctx, ch: dict) -> None:
        s = ch["state"]
        if s["door"] == door:
            s["door"] = None
            ctx.say(f"{ch['name']} приходит в себя.", f"{ch['name']} comes to.")
    return end


def _last_breath_ends(ctx: Ctx, ch: dict) -> None:
    if ch["state"]["door"] == "last_breath":
        falls(ctx, ch, T("«Последний вздох» — конец его следующего хода", "«Last breath» — the end of his next turn"))


def _walking_dead_ends(ctx: Ctx, ch: dict) -> None:
    if ch["state"]["door"] == "walking_dead":
        falls(ctx, ch, T("«Ходячий мертвец» падает после своих раундов", "the walking dead falls after his rounds"))


def _burning_tick(ctx: Ctx, ch: dict, st: dict) -> None:
    """«В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения»: the
    levels of this turn through Броня and his tags (the ``serial-burning`` calculator's readings)."""
    if ch["state"]["dead"]:
        return
    rd = ctx.readings(SYSTEM)
    st["count"] = min(ST.MAX_COUNT, st["count"] + 1)
    tag = SS.effective_tag(ch["stats"], SS.FIRE_TAGS)
    levels = serial_rules.burning_damage(st["count"], rd["first_turn_counts"])
    portion = serial_rules.burning_portion(st["count"], ch["stats"]["armor"], tag, rd["first_turn_counts"],
                                           rd["burning_is_portion"])
    steps = SS.take(ctx, ch, [(levels, portion, 0)], False)
    tail = SS._steps_text(ch["name"], steps, ch)
    ctx.say(f"Горит, ход {st['count']}: {ru_count(levels, 'уровень', 'уровня', 'уровней')} урона. {tail['ru']}",
            f"Burning, turn {st['count']}: {levels} damage level{'' if levels == 1 else 's'}. {tail['en']}")
    ctx.facts.setdefault("damage", []).append({"to": ch["id"], "by": None, "amount": portion, "why": "burning"})


def _will_to_live_tick(ctx: Ctx, ch: dict, st: dict) -> None:
    if ch["state"]["door"] == "will_to_live":
        ctx.say(f"{ch['name']}: «Воля к жизни» — 1 ПСВ, чтобы стоять на ногах.",
                f"{ch['name']}: «Will to live» — 1 Willpower to stay on his feet.")


def _lapses(what: dict):
    def tick(ctx: Ctx, ch: dict, st: dict) -> None:
        ST.remove(ch, st["key"])
        ctx.say(f"{ch['name']}: {what['ru']}.", f"{ch['name']}: {what['en']}.")
    return tick


def _preparation_ends(ctx: Ctx, ch: dict, st: dict) -> None:
    if ctx.round > st["round"]:
        ST.remove(ch, "preparation")


def _pushes_ends(ctx: Ctx, ch: dict, st: dict) -> None:
    ST.remove(ch, "pushes")


_LEFT = F.Field("left", "int", T("Осталось своих раундов", "His rounds left"), F.integer(1, 9), 1, extra={"min": 1, "max": 9})
_FRESH = F.Field("fresh", "bool", T("Начался в его ход", "Began in his turn"), F.boolean, False)
_ROUND = F.Field("round", "int", T("Раунд", "Round"), F.integer(1, F.MAX_ROUND), 1, extra={"min": 1, "max": F.MAX_ROUND})
MANEUVERS = ("dodge", "parry", "block")
MANEUVER_NAMES = {"dodge": T("Уклонение", "Dodge"), "parry": T("Парирование", "Parry"), "block": T("Блок", "Block")}
_MANEUVER = F.Field("maneuver", "choice", T("Манёвр", "Maneuver"), F.choice(MANEUVERS), "dodge",
                    extra={"options": [{"value": m, "label": MANEUVER_NAMES[m]} for m in MANEUVERS]})
MAX_TRIGGER = 120


def _door_name(key: str) -> dict:
    return SS.STATUS_NAMES[key]


STATUSES: dict[str, ST.StatusKind] = {s.key: s for s in (
    ST.StatusKind("burning", T("Горит!", "Burning"),
                  (F.Field("count", "int", T("Ходов уже горит", "Turns burned so far"), F.integer(0, ST.MAX_COUNT), 0,
                           extra={"min": 0, "max": ST.MAX_COUNT}),),
                  help=T("«В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения»; "
                         "«-4 куба на все броски действий».",
                         "At the start of his turn 2 damage levels + 1 per turn burning; −4 dice on every action roll."),
                  ends_at_scene_end=False, on_turn_start=_burning_tick, penalty=_burning_penalty),
    ST.StatusKind("prone", T("Лёжа", "Prone"),
                  help=T("«-2 к сложности попадания по лежащему в ближнем бою, но +2 к попаданию в дальнем бою»; "
                         "«броски Драки и Фехтования, совершаемые лежащими … +2 к сложности».",
                         "−2 difficulty to hit him in melee, +2 at range; his own melee rolls +2 difficulty.")),
    ST.StatusKind("overloaded", T("Перегружен", "Overloaded"),
                  help=T("«-4 куба на броски Ловкости и уменьшение скорости движения в 2 раза».",
                         "−4 dice on Dexterity rolls, half speed."),
                  ends_at_scene_end=False, penalty=_overloaded_penalty),
    ST.StatusKind("readied", T("Готов к действию", "Readied action"),
                  (F.text_field("trigger", T("Триггер", "Trigger"), MAX_TRIGGER, 0, ""),),
                  unit=None, reading="SERIAL_READIED_LAPSES",
                  help=T("«готовность к действию перестает работать в конце хода».", "A readied action lapses at the end of the turn."),
                  by_hand=False, on_round_end=_lapses(T("готовность к действию пропала", "the readied action lapsed"))),
    ST.StatusKind("preparation", T("Подготовка", "Preparation"), (_ROUND,),
                  help=T("«На следующий ход добавить половину своего показателя Инициативы».",
                         "Next turn add half one's Initiative."), by_hand=False, on_turn_end=_preparation_ends),
    ST.StatusKind("defending", T("Защитный манёвр заявлен", "Defensive maneuver declared"), (_MANEUVER,),
                  help=T("«Персонаж волен вне зависимости от порядка инициативы заявить Защитный Маневр, если он еще "
                         "не совершал действие в этом раунде».",
                         "He may declare a defensive maneuver out of turn if he has not acted this round."),
                  by_hand=False, on_round_end=_lapses(T("заявленная защита кончилась с раундом", "the declared defense ended with the round"))),
    ST.StatusKind("pushes", T("Превозмогает боль", "Pushing through pain"),
                  (F.Field("wounds", "bool", T("От ран", "Wounds"), F.boolean, True),
                   F.Field("fire", "bool", T("От огня", "Fire"), F.boolean, False)),
                  help=T("«Потратив 1 ПСВ в начале своего хода, персонаж может избежать штрафов к броскам»; «Этот штраф "
                         "может быть преодолен тратой ПСВ в начале своего раунда».",
                         "1 Willpower at the start of his turn spares the roll penalties."),
                  by_hand=False, on_turn_end=_pushes_ends),
    ST.StatusKind("shock", _door_name("shock"), (_LEFT, _FRESH), unit="own_rounds", reading="SERIAL_SHOCK_ROUNDS",
                  help=T("«падает и теряет сознание на 1-2 раунда, чет/нечет своих раунда. После их окончания он приходит в себя».",
                         "Falls unconscious for 1–2 of his rounds by odd/even, then comes to."),
                  can_act=False, unable=SS.UNCONSCIOUS_WHY["shock"], by_hand=False, ends_at_scene_end=False,
                  on_turn_end=_own_rounds(_wakes("shock"), T("без сознания (Шок)", "unconscious (Shock)"))),
    ST.StatusKind("lost_round", T("Калечащая рана: без сознания", "Crippling wound: unconscious"), (_LEFT, _FRESH),
                  unit="own_rounds",
                  help=T("«теряет сознание на на 1 свой раунд от боли».", "Unconscious for 1 of his rounds from the pain."),
                  can_act=False, unable={"quote": "теряет сознание на на 1 свой раунд от боли", "line": 323}, by_hand=False,
                  ends_at_scene_end=False, on_turn_end=_own_rounds(_wakes("crippling_wound"))),
    ST.StatusKind("last_breath", _door_name("last_breath"), (_LEFT, _FRESH), unit="own_rounds",
                  reading="SERIAL_LAST_BREATH_TURN",
                  help=T("«умрет в конце следующего хода. Его может спасти только магическое лечение или удачный бросок "
                         "Ловкость+Медицины по сложности 8».",
                         "Dies at the end of the next turn unless magical healing or Dexterity+Medicine at 8 saves him."),
                  can_act=False, unable=SS.UNCONSCIOUS_WHY["last_breath"], by_hand=False, ends_at_scene_end=False,
                  on_turn_end=_own_rounds(_last_breath_ends)),
    ST.StatusKind("walking_dead", _door_name("walking_dead"), (_LEFT, _FRESH), unit="own_rounds",
                  help=T("«после двух своих раундов он упадёт мёртвым»; «Берсерк» — «не два, а три раунда».",
                         "Falls dead after two of his rounds (a Berserk: three)."),
                  by_hand=False, ends_at_scene_end=False,
                  on_turn_end=_own_rounds(_walking_dead_ends, T("«Ходячий мертвец»", "«Walking dead»"))),
    ST.StatusKind("will_to_live", _door_name("will_to_live"),
                  help=T("«Каждый раунд персонаж тратит 1 ПСВ, чтобы продолжать сражаться».",
                         "Each round he spends 1 Willpower to keep fighting."),
                  by_hand=False, ends_at_scene_end=False, on_turn_start=_will_to_live_tick),
)}


#: The statuses that time a state of death's door (a new roll ends them).
DOOR_TIMERS = ("shock", "lost_round", "last_breath", "walking_dead", "will_to_live")


def timed_door_statuses(ctx: Ctx, ch: dict, key: str, box, die: int | None) -> None:
    """The timers a death's-door outcome starts (Шок, the lost round, «Последний вздох», «Ходячий
    мертвец», «Воля к жизни»); an Увечье where the outcome gives one («Калечащая рана»)."""
    fresh = ctx.scene["turn"]["current"] == ch["id"]
    assert RD.SERIAL_OWN_ROUNDS_FROM == "next_turn"
    s = ch["state"]
    if key == "shock":
        rd = ctx.readings(SYSTEM)
        parity = box.die(6) if rd["shock_rounds"] == "roll" else die
        n = 1 if parity % 2 else 2
        ST.put(ch, {"key": "shock", "left": n, "fresh": fresh})
        how = T(f"д6 {parity}", f"d6 {parity}") if rd["shock_rounds"] == "roll" else T(f"д6 Порога {parity}", f"the door's d6 {parity}")
        ctx.say(f"Без сознания на {ru_count(n, 'свой раунд', 'своих раунда', 'своих раундов')} ({how['ru']}, "
                f"{'нечет' if n == 1 else 'чёт'}).",
                f"Unconscious for {n} of his round{'s' if n != 1 else ''} ({how['en']}, {'odd' if n == 1 else 'even'}).")
    elif key == "crippling_wound":
        s["maimings"] += 1
        if ch["stats"]["no_pain"]:
            ctx.say("Увечье; не чувствителен к боли — раунд не теряет.", "A maiming; insensitive to pain — loses no round.")
        else:
            ST.put(ch, {"key": "lost_round", "left": 1, "fresh": fresh})
            ctx.say("Увечье; без сознания 1 свой раунд.", "A maiming; unconscious for 1 of his rounds.")
    elif key == "last_breath":
        ST.put(ch, {"key": "last_breath", "left": 1, "fresh": fresh})
        ctx.say("Умрёт в конце своего следующего хода, если его не спасут.", "Dies at the end of his next turn unless saved.")
    elif key == "walking_dead":
        n = serial_rules.WALKING_DEAD_ROUNDS_BERSERK if ch["stats"]["berserk"] else serial_rules.WALKING_DEAD_ROUNDS
        ST.put(ch, {"key": "walking_dead", "left": n, "fresh": fresh})
        ctx.say(f"Упадёт после {n} своих раундов.", f"Falls after {n} of his rounds.")
    elif key == "will_to_live":
        ST.put(ch, {"key": "will_to_live"})


# ---- initiative ------------------------------------------------------------------------------------

def base_initiative(stats: dict) -> int:
    """«Ваша Инициатива равна высшему показателю среди следующих вариантов сумм характеристик» plus
    its modifier (never below 0)."""
    return max(0, serial_rules.initiative(stats["dexterity"], stats["wits"], stats["manipulation"],
                                          stats["perception"], stats["athletics"], stats["cunning"],
                                          stats["initiative_modifier"]))


def initiative(ch: dict, scene: dict) -> int:
    """His Инициатива this turn (:func:`rules.initiative_this_turn`): lowered for the rest of the fight
    («дальше до конца боя он не может ее повысить»), half again on the turn after «Подготовка»."""
    rd = scene["readings"][SYSTEM]
    value = base_initiative(ch["stats"])
    prep = ST.find(ch, "preparation")
    lowered = ch["fight"]["lowered_to"]
    this, _ = serial_rules.initiative_this_turn(value, prep is not None and scene["round"] > prep["round"],
                                                None if lowered is None else min(lowered, value),
                                                rd["preparation_rounding"], rd["lowered_blocks_preparation"])
    return this


def tie_key(ch: dict) -> tuple:
    """«В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры, …, затем все остальные»."""
    return (serial_rules.CREATURE_ORDER.index(ch["kind"]),)


ORDER_RULE = T("Инициатива (лучшая сумма + модификатор); при ничьей — монстры, вампиры, меняющие форму, феи, маги, "
               "чародеи, психики, остальные; затем бросок кубика.",
               "Initiative (the best sum + modifier); ties: monsters, vampires, shapeshifters, fae, mages, sorcerers, "
               "psychics, everyone else; then a die.")


# ---- the actions of a turn -----------------------------------------------------------------------------

def _his_turn(ctx: Ctx, ch: dict, what: dict, required: bool = False) -> None:
    cur = ctx.scene["turn"]["current"]
    if (cur is None and required) or (cur is not None and cur != ch["id"]):
        raise field_error("character", f"{what['ru']} — в начале своего хода: сейчас ход "
                          + (ctx.char(cur)["name"] if cur else "ничей") + ".",
                          f"{what['en']} — at the start of one's own turn: now it is "
                          + (ctx.char(cur)["name"] if cur else "nobody") + "'s turn.")


def _living(ctx: Ctx, a: dict) -> dict:
    ch = ctx.char(a["character"])
    SS._alive(ch, "character")
    return ch


def _run_lower(ctx: Ctx, a: dict, box) -> None:
    """«Персонаж имеет право в начале своего действия понизить свою инициативу до любого
    неотрицательного числа, но дальше до конца боя он не может ее повысить»: his turn goes back to
    where the new number stands in the order."""
    ch = _living(ctx, a)
    _his_turn(ctx, ch, T("Понизить инициативу", "Lowering the initiative"))
    now = initiative(ch, ctx.scene)
    if a["to"] > now:
        raise field_error("to", f"Инициативу можно только понизить: не больше {now}.",
                          f"The initiative can only be lowered: at most {now}.")
    ch["fight"]["lowered_to"] = a["to"]
    ctx.text = T(f"{ch['name']}: инициатива понижена до {a['to']} (до конца боя не повысится).",
                 f"{ch['name']}: initiative lowered to {a['to']} (it will not rise again this fight).")
    t = ctx.scene["turn"]
    if t["current"] == ch["id"]:
        remaining = [c for c in TU.living_order(ctx.scene) if c not in t["done"]]
        if remaining and remaining[0] != ch["id"]:
            t["current"] = None
            TU.next_turn(ctx, remaining[0])
    ctx.result = {"character": ch["id"], "initiative": a["to"], "current": t["current"]}


def _run_prepare(ctx: Ctx, a: dict, box) -> None:
    """«Подготовка (Действие). На следующий ход добавить половину своего показателя Инициативы. Нельзя
    суммировать две "Подготовки" … Подготовку нельзя заявлять до начала боя.»"""
    ch = _living(ctx, a)
    _his_turn(ctx, ch, T("«Подготовка»", "«Preparation»"), required=True)
    ST.put(ch, {"key": "preparation", "round": ctx.round})
    ctx.text = T(f"{ch['name']}: «Подготовка» — на следующий ход +половина инициативы.",
                 f"{ch['name']}: «Preparation» — half the initiative added next turn.")
    ctx.result = {"character": ch["id"]}


def _run_defend(ctx: Ctx, a: dict, box) -> None:
    """«Персонаж волен вне зависимости от порядка инициативы заявить Защитный Маневр, если он еще не
    совершал действие в этом раунде. Защитный маневр срабатывает, когда персонажа атакуют.»"""
    ch = _living(ctx, a)
    t = ctx.scene["turn"]
    if ch["id"] in t["done"]:
        raise field_error("character", f"{ch['name']} уже действовал в этом раунде.", f"{ch['name']} has acted this round.")
    ST.put(ch, {"key": "defending", "maneuver": a["maneuver"]})
    name = MANEUVER_NAMES[a["maneuver"]]
    ctx.text = T(f"{ch['name']}: заявлен защитный манёвр — {name['ru']}.", f"{ch['name']}: declares a defense — {name['en']}.")
    ctx.result = {"character": ch["id"], "maneuver": a["maneuver"]}


def _run_ready(ctx: Ctx, a: dict, box) -> None:
    ch = _living(ctx, a)
    ST.put(ch, {"key": "readied", "trigger": a["trigger"]})
    ctx.text = T(f"{ch['name']}: готов к действию" + (f" — «{a['trigger']}»" if a["trigger"] else "") + ".",
                 f"{ch['name']}: readies an action" + (f" — «{a['trigger']}»" if a["trigger"] else "") + ".")
    ctx.result = {"character": ch["id"]}


AGAINST = ("wounds", "fire", "both")


def _run_push(ctx: Ctx, a: dict, box) -> None:
    """«Потратив 1 ПСВ в начале своего хода, персонаж может избежать штрафов к броскам»; the fire's
    «штраф может быть преодолен тратой ПСВ в начале своего раунда» (one point each under the
    reading ``pain_willpower`` "each")."""
    ch = _living(ctx, a)
    _his_turn(ctx, ch, T("«Превозмогая боль»", "«Pushing through pain»"))
    ST.put(ch, {"key": "pushes", "wounds": a["against"] in ("wounds", "both"), "fire": a["against"] in ("fire", "both")})
    pts = 2 if a["against"] == "both" and ctx.readings(SYSTEM)["pain_willpower"] == "each" else 1
    ctx.text = T(f"{ch['name']}: превозмогает боль до конца хода ({ru_count(pts, 'ПСВ', 'ПСВ', 'ПСВ')}).",
                 f"{ch['name']}: pushes through the pain to the end of the turn ({pts} Willpower).")
    ctx.result = {"character": ch["id"], "willpower": pts}


# ---- a fire: set and put out ------------------------------------------------------------------------

def _run_ignite(ctx: Ctx, a: dict, box) -> None:
    """«Горит! В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения. Также цель
    получает -4 куба на все броски действий»: the status ``burning``, its turns counted from none; its fire
    burns at the start of each of his turns (:func:`_burning_tick`), not now."""
    ch = _living(ctx, a)
    if ST.find(ch, "burning") is not None:
        raise field_error("character", f"{ch['name']} уже горит.", f"{ch['name']} is burning already.")
    ST.put(ch, {"key": "burning", "count": 0})
    ctx.text = T(f"{ch['name']}: «Горит!» — в начале своего хода получит 2 уровня урона (+1 за каждый ход горения).",
                 f"{ch['name']}: «Burning» — 2 damage levels at the start of his turn (+1 per turn burning).")
    ctx.result = {"character": ch["id"], "status": "burning"}


def _burning_char(ctx: Ctx, a: dict) -> tuple[dict, dict]:
    ch = ctx.char(a["character"])
    st = ST.find(ch, "burning")
    if st is None:
        raise field_error("character", f"{ch['name']} не горит.", f"{ch['name']} is not burning.")
    return ch, st


def extinguish_params(ctx: Ctx, a: dict) -> dict:
    """The ``serial-burning`` calculator's parameters for this attempt: a friend (difficulty 5) or
    the burning one himself (7, with the fire's −4 unless spared)."""
    ch, st = _burning_char(ctx, a)
    helper = a.get("helper")
    self_ = helper is None or helper == ch["id"]
    rd = ctx.readings(SYSTEM)
    p = {"turn": max(1, min(st["count"], 20)), "armor": ch["stats"]["armor"],
         "tag": SS.effective_tag(ch["stats"], SS.FIRE_TAGS), "extinguisher": "self" if self_ else "friend",
         "pool": a["pool"], "difficulty_change": a["difficulty_change"],
         "first_turn_counts": rd["first_turn_counts"], "is_portion": rd["burning_is_portion"]}
    if self_:
        p["no_pain"] = penalties(ch, ctx.scene).burning == 0
    return calc_validate("serial-burning", p)


def _extinguish_plan(ctx: Ctx, a: dict) -> list:
    _burning_char(ctx, a)
    return [] if a["auto"] else [("putting_out", None)]


def _extinguish_preview(ctx: Ctx, a: dict) -> dict:
    ch, st = _burning_char(ctx, a)
    if a["auto"]:
        return {"odds": {"p_out": prob(1)}, "display": [figures(("p_out", T("Шанс потушить", "Chance to put it out"), prob(1)))],
                "dice_needed": []}
    p = extinguish_params(ctx, a)
    res = calc_compute("serial-burning", p)
    return {"odds": {"p_out": res["p_out"], "pool": res["pool"], "difficulty": res["difficulty"]},
            "display": res["display"], "calculator": {"id": "serial-burning", "params": p},
            "dice_needed": [{"group": "putting_out", "count": res["pool"], "sides": 10}], "summary": ["p_out"]}


def _run_extinguish(ctx: Ctx, a: dict, box) -> None:
    """«Огонь можно потушить стандартным действием. Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7
    - тушение себя. Подручные средства … могут авто потушить горящего или снизить сложность»."""
    ch, st = _burning_char(ctx, a)
    helper = ctx.char(a["helper"]) if a.get("helper") else ch
    who = T("сам", "himself") if helper["id"] == ch["id"] else T(helper["name"], helper["name"])
    if a["auto"]:
        ST.remove(ch, "burning")
        ctx.text = T(f"{ch['name']}: огонь потушен подручными средствами ({who['ru']}).",
                     f"{ch['name']}: the fire is put out by means at hand ({who['en']}).")
        ctx.result = {"character": ch["id"], "put_out": True}
        return
    p = extinguish_params(ctx, a)
    res = calc_compute("serial-burning", p)
    roll = calc_roll("serial-burning", p, box)
    out = roll["put_out"]
    if out:
        ST.remove(ch, "burning")
    odds = res["p_out"]
    ctx.text = T(f"{ch['name']}: тушит {who['ru']} ({ru_count(roll['net'], 'успех', 'успеха', 'успехов')}, {SS.percent(odds)} → "
                 + ("потушен" if out else "горит дальше") + ").",
                 f"{ch['name']}: put out by {who['en']} ({roll['net']} net, {SS.percent(odds, 'en')} → "
                 + ("out" if out else "still burning") + ").")
    ctx.result = {"character": ch["id"], "put_out": out, "net": roll["net"], "p_out": odds}
    ctx.facts["roll"] = {"what": "extinguish", "p": odds["exact"], "success": out}
    ctx.display = roll["display"]


# ---- stabilising and healing -------------------------------------------------------------------------

#: «удачный бросок Ловкость+Медицины по сложности 8» (Последний вздох); «Ловкость+Медицина (сложность
#: 6) или Ловкость+Выживание (сложность 6) можно привести оглушенного человека в сознание».
STABILIZE_DIFFICULTY = {"last_breath": serial_rules.LAST_BREATH_MEDICINE_DIFFICULTY,
                        "stunned": serial_rules.STUNNED_REVIVE_DIFFICULTY}
METHODS = ("medicine", "magic")


def _patient(ctx: Ctx, a: dict) -> dict:
    ch = _living(ctx, a)
    door = ch["state"]["door"]
    if door not in ("last_breath", "walking_dead", "stunned"):
        raise field_error("character", f"{ch['name']}: спасать нечего — не «Последний вздох», не «Ходячий мертвец», "
                          "не «Оглушение».", f"{ch['name']} needs no saving: not last breath, walking dead or stunned.")
    if a["method"] == "medicine" and door == "walking_dead":
        raise field_error("method", "«Ходячего мертвеца» спасает только магия: «Если его вылечить при помощи магии».",
                          "Only magic saves the walking dead.")
    return ch


def _stabilize_plan(ctx: Ctx, a: dict) -> list:
    _patient(ctx, a)
    return [("medicine", None)] if a["method"] == "medicine" else []


def _stabilize_odds(ch: dict, a: dict) -> dict:
    diff = STABILIZE_DIFFICULTY[ch["state"]["door"]]
    return prob(net_successes(a["pool"], diff, serial_rules.OTHER_ONES_CANCEL).at_least(1))


def _stabilize_preview(ctx: Ctx, a: dict) -> dict:
    ch = _patient(ctx, a)
    if a["method"] == "magic":
        p = prob(1)
        return {"odds": {"p_success": p}, "display": [figures(("p_success", T("Шанс", "Chance"), p))], "dice_needed": []}
    p = _stabilize_odds(ch, a)
    diff = STABILIZE_DIFFICULTY[ch["state"]["door"]]
    return {"odds": {"p_success": p, "difficulty": diff},
            "display": [figures(("p_success", T("Шанс успеха", "Chance of success"), p),
                                ("difficulty", T("Сложность", "Difficulty"), diff))],
            "dice_needed": [{"group": "medicine", "count": a["pool"], "sides": 10}], "summary": ["p_success"]}


def _run_stabilize(ctx: Ctx, a: dict, box) -> None:
    """«Последний вздох»: «Его может спасти только магическое лечение или удачный бросок Ловкость+Медицины
    по сложности 8. Тогда он окажется “Стабилизирован” и выживет, но при этом получит Увечье»; «Ходячий
    мертвец»: «Если его вылечить при помощи магии, он сразу потеряет сознание на несколько часов
    (состояние “Стабилизирован”) … получит Увечье»; «Оглушение»: a successful roll at 6 or magic brings
    him to."""
    ch = _patient(ctx, a)
    s = ch["state"]
    door = s["door"]
    ok, line = True, T("", "")
    if a["method"] == "medicine":
        diff = STABILIZE_DIFFICULTY[door]
        odds = _stabilize_odds(ch, a)
        r = roll_d10_pool(box, a["pool"], diff, serial_rules.OTHER_ONES_CANCEL)
        ok = r["net"] >= 1
        line = T(f" ({ru_count(a['pool'], 'кубик', 'кубика', 'кубиков')} против {diff}: {ru_count(r['net'], 'успех', 'успеха', 'успехов')}, "
                 f"{SS.percent(odds)} → " + ("удача" if ok else "неудача") + ")",
                 f" ({a['pool']} dice at {diff}: {r['net']} net, {SS.percent(odds, 'en')} → "
                 + ("success" if ok else "failure") + ")")
        ctx.display = [d10_block(T("Медицина", "Medicine"), r["faces"], diff, serial_rules.OTHER_ONES_CANCEL)]
        ctx.facts["roll"] = {"what": "stabilize", "p": odds["exact"], "success": ok}
    if not ok:
        ctx.text = T(f"{ch['name']}: спасти не удалось{line['ru']}.", f"{ch['name']}: not saved{line['en']}.")
    elif door == "stunned":
        s["door"] = None
        ctx.text = T(f"{ch['name']} приведён в сознание{line['ru']}.", f"{ch['name']} is brought to{line['en']}.")
    else:
        s["door"] = "stabilized"
        s["maimings"] += 1
        ST.remove(ch, "last_breath")
        ST.remove(ch, "walking_dead")
        ctx.text = T(f"{ch['name']}: «Стабилизирован» — выживет, но получает Увечье{line['ru']}.",
                     f"{ch['name']}: «Stabilized» — will live, with a maiming{line['en']}.")
    ctx.result = {"character": ch["id"], "success": ok, "door": s["door"]}


def _run_heal(ctx: Ctx, a: dict, box) -> None:
    """«Разнообразное магическое лечение позволяет восполнить потерю Здоровья без особых проблем. Но только
    до тех пор пока персонаж не получил Увечье.» (:data:`readings.SERIAL_HEAL_AFTER_MAIMING`)."""
    assert RD.SERIAL_HEAL_AFTER_MAIMING == "refused"
    ch = _living(ctx, a)
    s, st = ch["state"], ch["stats"]
    if s["maimings"]:
        raise field_error("character", f"{ch['name']}: Увечье — магия больше не восполняет Здоровье («Но только до тех "
                          "пор пока персонаж не получил Увечье»).", f"{ch['name']} has a maiming: magic no longer "
                          "restores Health.")
    if s["door"] is not None:
        raise field_error("character", f"{ch['name']} на пороге смерти: сначала «Спасти» (стабилизировать).",
                          f"{ch['name']} is at death's door: save (stabilize) him first.")
    if s["health"] >= st["health_max"]:
        raise field_error("amount", f"{ch['name']}: Здоровье полное.", f"{ch['name']}: Health is full.")
    before = s["health"]
    s["health"] = min(st["health_max"], before + a["amount"])
    ctx.text = T(f"{ch['name']}: магическое лечение, Здоровье {before} → {s['health']}.",
                 f"{ch['name']}: magical healing, Health {before} → {s['health']}.")
    ctx.result = {"character": ch["id"], "health": s["health"]}


def _run_battle_scar(ctx: Ctx, a: dict, box) -> None:
    """«Если оборотень попадает на Порог Смерти, то он может по своему желанию сразу же сделать бросок
    Боевого Шрама вместо броска Порога … Альтернативно он может сделать этот бросок уже после того, как
    он умрет, чтобы предотвратить свою смерть.» (:data:`readings.SERIAL_BATTLE_SCAR`)."""
    assert RD.SERIAL_BATTLE_SCAR == "replaces_the_roll"
    ch = ctx.char(a["character"])
    s = ch["state"]
    if ch["kind"] != "shapeshifter":
        raise field_error("character", "Боевой шрам — только у меняющих форму (оборотней).",
                          "A battle scar is for shapeshifters (werewolves) only.")
    if s["pending"] is None and not s["dead"]:
        raise field_error("character", f"{ch['name']}: ни броска Порога, ни смерти — шраму нечего заменять.",
                          f"{ch['name']}: no death's-door roll due and not dead.")
    after_death = s["dead"]
    s.update(pending=None, dead=False, door="battle_scar")
    for key in DOOR_TIMERS:
        ST.remove(ch, key)
    ctx.text = T(f"{ch['name']}: бросок Боевого Шрама " + ("вместо смерти" if after_death else "вместо броска Порога")
                 + " (его результат — по таблице Боевых шрамов, её в источнике нет).",
                 f"{ch['name']}: a Battle Scar roll " + ("instead of death" if after_death else "instead of the door roll")
                 + " (its result from the Battle Scar table, which the source does not give).")
    ctx.result = {"character": ch["id"], "after_death": after_death}


_CHARACTER = F.character_field(system=SYSTEM)

ACTIONS = [
    ActionSpec("lower_initiative", SYSTEM, T("Понизить инициативу", "Lower the initiative"),
               (_CHARACTER, F.Field("to", "int", T("До", "To"), F.integer(0, 99), 0, "required", {"min": 0, "max": 99})),
               _run_lower, help=T("В начале своего действия, до конца боя.", "At the start of one's action, for the rest of the fight."),
               actor=("character",)),
    ActionSpec("prepare", SYSTEM, T("Подготовка", "Preparation"), (_CHARACTER,), _run_prepare,
               help=T("На следующий ход +половина инициативы.", "Next turn: half the initiative added."), actor=("character",)),
    ActionSpec("declare_defence", SYSTEM, T("Заявить защитный манёвр", "Declare a defensive maneuver"),
               (_CHARACTER, _MANEUVER), _run_defend,
               help=T("Вне очереди, если ещё не действовал в этом раунде.", "Out of turn, if he has not acted this round."),
               actor=("character",)),
    ActionSpec("ready", SYSTEM, T("Готовность к действию", "Ready an action"),
               (_CHARACTER, F.text_field("trigger", T("Триггер (одно условие, без «или»)", "Trigger (one condition, no 'or')"),
                                         MAX_TRIGGER, 0, "")), _run_ready, actor=("character",)),
    ActionSpec("push_through_pain", SYSTEM, T("Превозмогая боль", "Push through pain"),
               (_CHARACTER, F.Field("against", "choice", T("Против чего", "Against"), F.choice(AGAINST), "wounds",
                                    extra={"options": [{"value": "wounds", "label": T("штрафа от ран", "the wound penalty")},
                                                       {"value": "fire", "label": T("боли от огня", "the fire's pain")},
                                                       {"value": "both", "label": T("того и другого", "both")}]})),
               _run_push, actor=("character",)),
    ActionSpec("ignite", SYSTEM, T("Горит!", "Burning"), (_CHARACTER,), _run_ignite,
               help=T("В начале своего хода — 2 уровня урона + 1 за каждый ход горения; −4 куба на все броски. «Помните, "
                      "что поджечь человека без помощи магии или специальных средств навроде бензина невозможно».",
                      "At the start of his turn 2 damage levels + 1 per turn burning; −4 dice on every roll. «Помните, "
                      "что поджечь человека без помощи магии или специальных средств навроде бензина невозможно».")),
    ActionSpec("extinguish", SYSTEM, T("Потушить", "Put out the fire"),
               (_CHARACTER, F.optional_character("helper", T("Кто тушит", "Who puts it out"),
                                                 none_label=T("сам (сложность 7)", "himself (difficulty 7)"),
                                                 help=T("Другой — сложность 5: «Ловкость+Выживание 5 - тушение друга, "
                                                        "Ловкость+Выживание 7 - тушение себя».",
                                                        "Someone else: difficulty 5 («Ловкость+Выживание 5 - тушение "
                                                        "друга, Ловкость+Выживание 7 - тушение себя»).")),
                F.of_param(int_param("pool", "Ловкость + Выживание тушащего", "The extinguisher's Dexterity + Survival", 4, 0,
                                     30)),
                F.of_param(calc_param("serial-burning", "difficulty_change")),
                F.Field("auto", "bool", T("Подручные средства тушат сразу", "Means at hand put it out at once"), F.boolean, False)),
               _run_extinguish, plan=_extinguish_plan, preview=_extinguish_preview, groups=(("putting_out", False),),
               essentials=("helper", "pool"), actor=("helper", "character")),
    ActionSpec("stabilize", SYSTEM, T("Спасти", "Save"),
               (_CHARACTER, F.Field("method", "choice", T("Чем", "How"), F.choice(METHODS), "medicine",
                                    extra={"options": [{"value": "medicine", "label": T("Ловкость + Медицина", "Dexterity + Medicine")},
                                                       {"value": "magic", "label": T("магическое лечение", "magical healing")}]}),
                F.of_param(int_param("pool", "Ловкость + Медицина (или Выживание) спасающего", "The helper's Dexterity + Medicine "
                                     "(or Survival)", 4, 0, 30))),
               _run_stabilize, plan=_stabilize_plan, preview=_stabilize_preview, groups=(("medicine", False),),
               help=T("«Последний вздох» (сложность 8), «Ходячий мертвец» (магия), «Оглушение» (сложность 6).",
                      "Last breath (difficulty 8), walking dead (magic), stunned (difficulty 6).")),
    ActionSpec("heal", SYSTEM, T("Магическое лечение", "Magical healing"),
               (_CHARACTER, F.of_param(int_param("amount", "Здоровья восполнить", "Health restored", 1, 1, 50), "required")),
               _run_heal),
    ActionSpec("battle_scar", SYSTEM, T("Боевой шрам (оборотень)", "Battle scar (werewolf)"), (_CHARACTER,), _run_battle_scar,
               kinds=("shapeshifter",)),
]


def readings_params() -> tuple:
    """The scene's own switches for «Сериал» (where 000 leaves a duration or an effect open)."""
    return (
        choice_param("shock_rounds", "Шок: «1-2 раунда, чет/нечет»", "Shock: «1-2 rounds, odd/even»", "roll", [
            ("roll", "отдельный д6: нечет — 1, чёт — 2", "a d6 of its own: odd 1, even 2"),
            ("door_die", "чёт/нечет д6 Порога", "the door d6's odd/even"),
        ], help=T("Источник не говорит, чей чёт/нечет; по д6 Порога Шок (6) был бы всегда на 2 раунда.",
                  "The source does not say whose odd/even; by the door's d6 Shock (a 6) would always last 2."),
            group="readings"),
        choice_param("vampire_door", "Вампир: Шок и Оглушение на броске Порога", "Vampire: Shock and Stunned on the door roll",
                     "stand", [
                         ("stand", "не действуют: остаётся с 1 Здоровья и в сознании", "no effect: stays up with 1 Health"),
                         ("reroll", "бросок Порога перебрасывается", "the door roll is rolled again"),
                     ], help=T("«Вампиры не могут быть оглушены или шокированы» — что тогда выпадает, не сказано.",
                               "Vampires cannot be stunned or shocked — what they get instead is not said."), group="readings"),
    )
