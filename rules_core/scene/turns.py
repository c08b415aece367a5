"""The order of turns, whose turn it is, and the rounds and turns that move the rules on.

The scene keeps ``turn``: ``{"current": id | null, "done": [ids], "started": [ids]}`` — whose turn
it is (``null``: nobody's, the turns are not being followed), who has had his turn this round,
and whose turn has begun this round (its start — the fire's damage — happens once, even when he
put his turn off by lowering his initiative).

The order is each system's own (:class:`~.system.SceneSystem`): ``initiative(ch, scene)``, then its
``tie_key`` (the creature types of «Сериал»), then the tie-break die (``fight.tie``, higher first),
then the scene's own order of characters (a manual order: :data:`actions` ``move_character``).
A character who is out of the fight (dead) has no turn.

* ``next_turn``: his turn ends (``on_turn_end`` of his statuses), the next in the order who has not
  had his turn this round begins (``on_turn_start``); after the last, the round ends
  (``on_round_end``), the next begins. ``character`` names someone else to act next (a character
  who waited, who lowered his initiative …).
* ``next_round``: every turn left in this round passes (each begins and ends, in the order), the
  round ends and the next begins (with its first turn, when turns are being followed).
"""

from __future__ import annotations

from ..spec import field_error
from . import fields as F

__all__ = ["order", "order_view", "ties", "start_turn", "end_turn", "end_round", "next_turn", "next_round",
           "NEW_TURN", "check_turn", "pass_current", "living_order"]

#: A scene's turn state before its fight starts (and after a scene's end).
NEW_TURN = {"current": None, "done": [], "started": []}


def _systems():
    from .characters import SYSTEMS

    return SYSTEMS


def _key(scene: dict, i: int, ch: dict) -> tuple:
    mod = _systems()[ch["system"]]
    ini = mod.initiative(ch, scene)
    return (1 if mod.out_of_fight(ch) else 0, 0 if ini is not None else 1, -(ini or 0), mod.tie_key(ch),
            -(ch["fight"]["tie"] or 0), i)


def order(scene: dict) -> list[dict]:
    """The characters in the order of turns (those out of the fight last)."""
    return [ch for _, _, ch in sorted((_key(scene, i, ch), i, ch) for i, ch in enumerate(scene["characters"]))]


def living_order(scene: dict) -> list[str]:
    """The ids of those who take turns, in order."""
    S = _systems()
    return [c["id"] for c in order(scene) if not S[c["system"]].out_of_fight(c)]


def _tie_group(scene: dict, ch: dict) -> tuple:
    mod = _systems()[ch["system"]]
    return (ch["system"], mod.initiative(ch, scene), mod.tie_key(ch))


def ties(scene: dict) -> list[list[str]]:
    """Groups of characters the order cannot tell apart yet: the same initiative and (in «Сериал»)
    the same creature type, with no tie-break die rolled or the same one rolled — «решите
    оставшиеся ничьи броском кубика». Not where ties act at once (Лысогорск), nor without an
    initiative (a manual order)."""
    S = _systems()
    groups: dict[tuple, list[dict]] = {}
    for ch in order(scene):
        mod = S[ch["system"]]
        if mod.out_of_fight(ch) or mod.ties_act_together or mod.initiative(ch, scene) is None:
            continue
        groups.setdefault(_tie_group(scene, ch), []).append(ch)
    out = []
    for g in groups.values():
        dice = [ch["fight"]["tie"] for ch in g]
        if len(g) > 1 and (None in dice or len(set(dice)) < len(dice)):
            out.append([ch["id"] for ch in g])
    return out


def order_view(scene: dict) -> list[dict]:
    """The order as the page shows it: ``{"id", "place", "initiative", "acting", "done", "out", "tied"}``;
    ``place`` counts from 1 (equal for those who act at once); ``tied``: in one of :func:`ties`'s
    groups (a die is still to break it: the action ``roll_ties``)."""
    S = _systems()
    t = scene["turn"]
    tied = {cid for group in ties(scene) for cid in group}
    out, place, last = [], 0, None
    for ch in order(scene):
        mod = S[ch["system"]]
        ini = mod.initiative(ch, scene)
        gone = mod.out_of_fight(ch)
        together = (mod.ties_act_together and last is not None and last[0] == ch["system"] and last[1] == ini
                    and ini is not None and not gone)
        if not together:
            place += 1
        last = (ch["system"], ini)
        out.append({"id": ch["id"], "place": None if gone else place, "initiative": ini,
                    "acting": t["current"] == ch["id"], "done": ch["id"] in t["done"], "out": gone,
                    "tied": ch["id"] in tied})
    return out


def check_turn(v, path: str, ids: list[str]) -> dict:
    """The scene's ``turn``, its ids those of its characters."""
    def one(x, p):
        x = F.optional(F.ident)(x, p)
        if x is not None and x not in ids:
            raise field_error(p, "Нет такого персонажа в сцене.", "No such character in the scene.")
        return x

    def many(x, p):
        if not isinstance(x, list) or len(x) > F.MAX_CHARACTERS:
            raise field_error(p, "Нужен список персонажей.", "Must be a list of characters.")
        out = [one(y, f"{p}[{i}]") for i, y in enumerate(x)]
        if None in out or len(set(out)) != len(out):
            raise field_error(p, "Каждый персонаж — один раз.", "Each character once.")
        return out

    return F.record(v, path, {"current": one, "done": many, "started": many}, required=("current", "done", "started"))


# ---- ticks ----------------------------------------------------------------------------------------

def _each_status(ctx, ch: dict, hook: str) -> None:
    kinds = _systems()[ch["system"]].statuses
    for st in list(ch["statuses"]):
        if st in ch["statuses"]:  # an earlier hook may have ended it
            fn = getattr(kinds[st["key"]], hook)
            if fn is not None:
                fn(ctx, ch, st)


def start_turn(ctx, ch: dict) -> None:
    """His turn begins (once a round): what his statuses do then."""
    t = ctx.scene["turn"]
    if ch["id"] in t["started"]:
        return
    t["started"].append(ch["id"])
    _each_status(ctx, ch, "on_turn_start")


def end_turn(ctx, ch: dict) -> None:
    """His turn ends: what his statuses do then (one of his own rounds has passed)."""
    t = ctx.scene["turn"]
    if ch["id"] not in t["done"]:
        t["done"].append(ch["id"])
    _each_status(ctx, ch, "on_turn_end")


def end_round(ctx) -> None:
    """The round ends: what the statuses do then; the next round begins."""
    sc = ctx.scene
    if sc["round"] >= F.MAX_ROUND:
        raise field_error("type", f"Не больше {F.MAX_ROUND} раундов.", f"At most {F.MAX_ROUND} rounds.")
    for ch in list(sc["characters"]):
        _each_status(ctx, ch, "on_round_end")
    from .counters import tick_round

    tick_round(ctx)
    sc["round"] += 1
    sc["turn"].update(done=[], started=[])


def _due_rolls(ctx) -> None:
    """A death's-door roll still due is said (the turn goes on: the Storyteller may roll it later, as a
    version-1 scene did)."""
    due = [c["name"] for c in ctx.scene["characters"] if _systems()[c["system"]].roll_due(c)]
    if due:
        names = ", ".join(due)
        ctx.say(f"Бросок Порога Смерти ещё не сделан: {names}.", f"A death's-door roll is still due: {names}.")


def _who(ctx, name: str) -> str:
    return ctx.char(name)["name"]


def pass_current(ctx) -> None:
    """End the current character's turn, if a turn is going on."""
    t = ctx.scene["turn"]
    if t["current"] is not None:
        end_turn(ctx, ctx.char(t["current"]))
        t["current"] = None


def _begin(ctx, cid: str) -> None:
    t = ctx.scene["turn"]
    t["current"] = cid
    ctx.say(f"Ход: {_who(ctx, cid)}.", f"Turn: {_who(ctx, cid)}.")
    start_turn(ctx, ctx.char(cid))


def _fight_starts(ctx) -> None:
    """The first turn of a fight (none begun, round 1): what each system does then (Codex: the stress
    of «Вступил в бой»)."""
    sc = ctx.scene
    t = sc["turn"]
    if sc["round"] == 1 and t["current"] is None and not t["started"] and not t["done"]:
        for ch in list(sc["characters"]):
            _systems()[ch["system"]].on_fight_start(ctx, ch)


def next_turn(ctx, who: str | None = None) -> None:
    """The current turn ends and the next begins (see the module's docstring)."""
    _due_rolls(ctx)
    _fight_starts(ctx)
    sc = ctx.scene
    t = sc["turn"]
    if not living_order(sc):
        raise field_error("type", "В сцене некому ходить.", "Nobody in the scene can take a turn.")
    if who is not None:
        ch = ctx.char(who)
        if _systems()[ch["system"]].out_of_fight(ch):
            raise field_error("character", f"{ch['name']} выбыл из боя.", f"{ch['name']} is out of the fight.")
        if who in t["done"] and who != t["current"]:
            raise field_error("character", f"{ch['name']} уже ходил в этом раунде.",
                              f"{ch['name']} has had his turn this round.")
    pass_current(ctx)
    remaining = [c for c in living_order(sc) if c not in t["done"]]
    if not remaining or (who is not None and who not in remaining):
        end_round(ctx)
        ctx.say(f"Начинается раунд {sc['round']}.", f"Round {sc['round']} begins.")
        remaining = living_order(sc)
    if not remaining:
        return
    _begin(ctx, who if who is not None and who in remaining else remaining[0])


def next_round(ctx) -> None:
    """Every turn left in this round passes, the round ends, the next begins. (A fight starts with its first
    turn, :func:`next_turn`; rounds alone — as a version-1 scene counted them — start nothing.)"""
    _due_rolls(ctx)
    sc = ctx.scene
    t = sc["turn"]
    following = t["current"] is not None
    pass_current(ctx)
    passed = []
    for cid in living_order(sc):
        if cid not in t["done"] and any(c["id"] == cid for c in sc["characters"]):
            ch = ctx.char(cid)
            if _systems()[ch["system"]].out_of_fight(ch):
                continue
            start_turn(ctx, ch)
            end_turn(ctx, ch)
            passed.append(ch["name"])
    end_round(ctx)
    ctx.say(f"Начинается раунд {sc['round']}.", f"Round {sc['round']} begins.")
    if following:
        remaining = living_order(sc)
        if remaining:
            _begin(ctx, remaining[0])
