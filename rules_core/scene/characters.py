"""A scene's characters: one record per character, its sheet (``stats``) and state checked by its
system's :class:`~.system.SceneSystem`, and the derived ``view`` the page shows at a glance.

A character (scene version 2)::

    {"id", "name", "system", "side": "party" | "opponents", "kind": creature type of its system,
     "stats": {…}, "state": {…}, "statuses": [{"key", …}], "attacks": [{"name", …}],
     "fight": {"initiative": int | null, "lowered_to": int | null, "tie": int | null}, "view": {…}}

``side``: whose side he is on (an action's default target is on the other side); ``kind``: what
the source tells apart (a vampire at death's door, the order of equal initiatives …);
``statuses``: :mod:`.statuses`; ``attacks``: stored attacks an action opens filled from;
``fight``: what the order of turns keeps for this fight — a rolled or typed initiative, an
initiative lowered for the rest of the fight, the tie-break die.
"""

from __future__ import annotations

from typing import Any

from ..spec import InputError, T, field_error
from . import codex, lysogorsk, serial, wod
from . import fields as F
from . import statuses as ST
from .system import SceneSystem

#: System id → its :class:`~.system.SceneSystem` record.
SYSTEMS: dict[str, SceneSystem] = {m.SCENE.id: m.SCENE for m in (serial, lysogorsk, codex, wod)}

SIDES = ("party", "opponents")
SIDE_NAMES = {"party": T("Свои", "Party"), "opponents": T("Противники", "Opponents")}
#: Stored attacks of one character; the length of an attack's name.
MAX_ATTACKS = 6
MAX_ATTACK_NAME = 40
#: Bounds of the values the order of turns keeps.
MAX_INITIATIVE = 99
MAX_TIE = 1000

FIGHT = (
    F.Field("initiative", "int", T("Инициатива (брошенная или вписанная)", "Initiative (rolled or typed)"),
            F.optional(F.integer(0, MAX_INITIATIVE)), None, extra={"min": 0, "max": MAX_INITIATIVE, "nullable": True}),
    F.Field("lowered_to", "int", T("Инициатива понижена до", "Initiative lowered to"),
            F.optional(F.integer(0, MAX_INITIATIVE)), None, extra={"min": 0, "max": MAX_INITIATIVE, "nullable": True}),
    F.Field("tie", "int", T("Бросок при ничьей", "Tie-break roll"), F.optional(F.integer(1, MAX_TIE)), None,
            extra={"min": 1, "max": MAX_TIE, "nullable": True}),
)
NEW_FIGHT = {f.name: f.default for f in FIGHT}


def _join(base: str, name: str) -> str:
    return f"{base}.{name}" if base else name


def _prefixed(e: InputError, base: str) -> InputError:
    return InputError([{**x, "field": _join(base, x["field"])} for x in e.errors])


def check_stats(system: str, value: Any, base: str) -> dict:
    """``base``: the character's path (errors name ``base.stats.…``)."""
    mod = SYSTEMS[system]
    stats = F.record(value, _join(base, "stats"), mod.stat_checks, required=tuple(mod.stat_checks))
    try:
        mod.check_stats(stats)
    except InputError as e:
        raise _prefixed(e, base) from None
    return stats


def check_state(system: str, stats: dict, value: Any, base: str) -> dict:
    mod = SYSTEMS[system]
    fields = mod.state_fields(stats)
    state = F.record(value, _join(base, "state"), fields, required=tuple(fields))
    try:
        mod.check_state(stats, state)
    except InputError as e:
        raise _prefixed(e, base) from None
    return state


def check_attacks(system: str, value: Any, path: str) -> list[dict]:
    """Stored attacks: named records of the system's attack fields, each name once."""
    mod = SYSTEMS[system]
    if not isinstance(value, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if value and mod.attack is None:
        raise field_error(path, f"У персонажей «{mod.title['ru']}» в сцене нет атак.",
                          f"«{mod.title['en']}» characters have no attacks in a scene.")
    if len(value) > MAX_ATTACKS:
        raise field_error(path, f"Не больше {MAX_ATTACKS} атак.", f"At most {MAX_ATTACKS} attacks.")
    fields = (F.text_field("name", F.NAME_LABEL, MAX_ATTACK_NAME, 1, "", "required"), *(mod.attack or ()))
    out, errors = [], []
    for i, rec in enumerate(value):
        try:
            a = F.read(rec, f"{path}[{i}]", fields)
        except InputError as e:
            errors.extend(e.errors)
            continue
        if any(F.fold(a["name"]) == F.fold(b["name"]) for b in out):
            errors.append({"field": f"{path}[{i}].name", "ru": "Атака с таким именем уже есть.",
                           "en": "There is an attack of this name already."})
        out.append(a)
    if errors:
        raise InputError(errors)
    return out


def _any(v, path):
    return v


def _kind(system: str, v: Any, path: str) -> str:
    return F.choice(tuple(k for k, _ in SYSTEMS[system].kinds))(v, path)


def check_character(value: Any, path: str, partial: bool = False) -> dict:
    """A character record. ``partial`` (a new character): ``id`` may be left out, ``stats`` and
    ``state`` may be partial (the system's defaults and its initial state fill them), and
    ``side``, ``kind``, ``statuses``, ``attacks``, ``fight`` may be left out."""
    fields = {"id": F.ident, "name": lambda v, p: F.text(v, p, F.MAX_CHAR_NAME, 1),
              "system": F.choice(tuple(SYSTEMS)), "side": F.choice(SIDES), "kind": _any, "stats": _any,
              "state": _any, "statuses": _any, "attacks": _any, "fight": _any}
    if not partial:
        fields["view"] = _any
    required = ("name", "system") if partial else tuple(k for k in fields if k != "view")
    rec = F.record(value, path, fields, required=required)
    mod = SYSTEMS[rec["system"]]
    errors = F.Errors()
    out: dict = {}
    if "id" in rec:
        out["id"] = rec["id"]
    out.update(name=rec["name"], system=rec["system"], side=rec.get("side", "party"))
    with errors.gather():
        out["kind"] = _kind(rec["system"], rec.get("kind", mod.default_kind), _join(path, "kind"))
    stats = None
    with errors.gather():
        given = rec.get("stats", {})
        if partial:
            if not isinstance(given, dict):
                raise field_error(_join(path, "stats"), "Ожидался объект.", "Expected an object.")
            given = {**mod.default_stats, **given}
        stats = out["stats"] = check_stats(rec["system"], given, path)
    if stats is not None:
        with errors.gather():
            given = rec.get("state", {})
            if partial:
                if not isinstance(given, dict):
                    raise field_error(_join(path, "state"), "Ожидался объект.", "Expected an object.")
                given = {**mod.initial_state(stats), **given}
            out["state"] = check_state(rec["system"], stats, given, path)
    with errors.gather():
        out["statuses"] = ST.check_statuses(rec.get("statuses", []), _join(path, "statuses"), mod.statuses)
    with errors.gather():
        out["attacks"] = check_attacks(rec["system"], rec.get("attacks", []), _join(path, "attacks"))
    with errors.gather():
        out["fight"] = F.read(rec.get("fight", {}) if partial else rec["fight"], _join(path, "fight"), FIGHT)
    errors.check()
    with errors.gather():
        check_kind(out, path)
    errors.check()
    return out


def check_kind(ch: dict, path: str = "") -> None:
    """What the creature type rules out (the system's ``check_kind``, where it has one)."""
    try:
        SYSTEMS[ch["system"]].check_kind(ch)
    except InputError as e:
        raise _prefixed(e, path) from None


#: The parts of a character a hand edit may change (``fight``: the typed initiative, the lowering).
EDITABLE = ("name", "side", "kind", "stats", "state", "statuses", "attacks", "fight")


def edit(ch: dict, changes: dict) -> dict:
    """The character with ``changes`` applied (``stats``, ``state``, ``fight``: the fields given
    replaced, the rest kept; ``name``, ``side``, ``kind``, ``statuses``, ``attacks``: replaced),
    checked whole."""
    errors = []
    for part in ("stats", "state", "fight"):
        for k in changes.get(part) or {}:
            if k not in ch[part]:
                path = f"{part}.{F.shown(k)}"
                errors.append({"field": path, "ru": f"Неизвестное поле «{path}».", "en": f"Unknown field «{path}»."})
    if errors:
        raise InputError(errors)
    rec = {k: v for k, v in ch.items() if k != "view"}
    for part in ("stats", "state", "fight"):
        if changes.get(part):
            rec[part] = {**ch[part], **changes[part]}
    for part in ("name", "side", "kind", "statuses", "attacks"):
        if part in changes:
            rec[part] = changes[part]
    return check_character(rec, "")


def view(ch: dict, scene: dict) -> dict:
    """What the page shows of him: his system's view, and what every character has — side, creature
    type, statuses (with what is left of them and the dice they take), stored attacks."""
    mod = SYSTEMS[ch["system"]]
    out = mod.view(ch, scene)
    pen = ST.penalties(ch, mod.statuses, scene)
    out.update(side=ch["side"], side_name=SIDE_NAMES[ch["side"]], kind=ch["kind"], kind_name=mod.kind_name(ch["kind"]),
               statuses=[ST.status_view(ch, s, mod.statuses, scene) for s in ch["statuses"]],
               status_penalty={"roll": pen.roll, "dexterity": pen.dexterity},
               can_act=not mod.out_of_fight(ch) and mod.can_act(ch)
               and all(mod.statuses[s["key"]].can_act for s in ch["statuses"]),
               cannot_act=cannot_act(ch),
               attacks=[a["name"] for a in ch["attacks"]])
    return out


#: What stops one who is out of the fight, where his system says no more (classic WoD: «Выведен из строя»).
OUT_OF_FIGHT = T("выбыл из боя", "out of the fight")


def cannot_act(ch: dict) -> dict | None:
    """Why he cannot act now (``None``: he can): ``{"why": {"ru", "en"}, "quote", "line"}`` — what stops him
    (his system's state, else a status he cannot act under, else being out of the fight) and the words of
    his system's source that say so, with their line (``None`` where the state needs no quote: the dead)."""
    mod = SYSTEMS[ch["system"]]
    why = mod.why_not(ch)
    if why is not None:
        return why
    for s in ch["statuses"]:
        kind = mod.statuses[s["key"]]
        if not kind.can_act:
            unable = kind.unable or {}
            return {"why": kind.name, "quote": unable.get("quote"), "line": unable.get("line")}
    if mod.out_of_fight(ch) or not mod.can_act(ch):
        return {"why": OUT_OF_FIGHT, "quote": None, "line": None}
    return None


def cannot_act_text(ch: dict, why: dict) -> dict:
    """The refusal of an action by one who cannot act: his name, what stops him, the source's words and line
    («Источник»: his system's own)."""
    ru = f"{ch['name']} не может действовать: {why['why']['ru']}"
    en = f"{ch['name']} cannot act: {why['why']['en']}"
    if why["quote"]:
        ru += f" — «{why['quote']}» (Источник, строка {why['line']})"
        en += f" — «{why['quote']}» (the source, line {why['line']})"
    return T(ru + ".", en + ".")


def refresh(scene: dict) -> dict:
    """Recompute every character's ``view`` (never read back from a saved scene), and the order of
    turns (:func:`turns.order_view`): each view's place in it."""
    from . import turns

    order = turns.order_view(scene)
    places = {o["id"]: o for o in order}
    for ch in scene["characters"]:
        v = view(ch, scene)
        o = places[ch["id"]]
        v.update(initiative=o["initiative"], place=o["place"], acting=o["acting"], done=o["done"],
                 out_of_fight=o["out"], tied=o["tied"])
        ch["view"] = v
    return scene


# ---- the readings a scene keeps (the systems' switches) -----------------------------------------

def readings_params() -> dict:
    return {sys: mod.readings_params() for sys, mod in SYSTEMS.items()}


def default_readings() -> dict:
    return {sys: {p.name: p.default for p in params} for sys, params in readings_params().items()}


def check_readings(value: Any, path: str, partial: bool = False) -> dict:
    params = readings_params()
    systems = {sys: (lambda ps: lambda v, p: F.record(
        v, p, {x.name: x.validate for x in ps}, required=() if partial else tuple(x.name for x in ps)))(ps)
        for sys, ps in params.items()}
    return F.record(value, path, systems, required=() if partial else tuple(params))


def spec() -> dict:
    """What the page needs to draw a character's form and the scene's switches."""
    return {sys: {"title": mod.title, "stats": mod.stats_spec(), "state": mod.state_spec(),
                  "readings": [p.to_json() for p in mod.readings_params()],
                  "kinds": [{"value": k, "label": name} for k, name in mod.kinds], "default_kind": mod.default_kind,
                  "statuses": [s.to_json() for s in mod.statuses.values()],
                  "attack": None if mod.attack is None else [f.to_json() for f in mod.attack],
                  "order": mod.order_rule, "ties_act_together": mod.ties_act_together}
            for sys, mod in SYSTEMS.items()}


def common_spec() -> dict:
    """The fields every character has (the page's character form besides the system's)."""
    return {"sides": [{"value": s, "label": SIDE_NAMES[s]} for s in SIDES], "default_side": "party",
            "fight": [f.to_json() for f in FIGHT], "limits": {"attacks": MAX_ATTACKS, "attack_name": MAX_ATTACK_NAME,
                                                             "statuses": ST.MAX_STATUSES}}
