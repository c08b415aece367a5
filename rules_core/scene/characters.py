"""A scene's characters: one record per character, its sheet (``stats``) and state checked by
its system's module, and the derived ``view`` the page shows at a glance."""

from __future__ import annotations

from typing import Any

from ..spec import InputError
from . import codex, lysogorsk, serial, wod
from . import fields as F
from .system import SceneSystem

#: System id → its :class:`~.system.SceneSystem` record.
SYSTEMS: dict[str, SceneSystem] = {m.SCENE.id: m.SCENE for m in (serial, lysogorsk, codex, wod)}


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


def _any(v, path):
    return v


def check_character(value: Any, path: str, partial: bool = False) -> dict:
    """A character record. ``partial`` (a new character): ``id`` may be left out, ``stats`` and
    ``state`` may be partial (the system's defaults and its initial state fill them)."""
    fields = {"id": F.ident, "name": lambda v, p: F.text(v, p, F.MAX_CHAR_NAME, 1),
              "system": F.choice(tuple(SYSTEMS)), "stats": _any, "state": _any}
    if not partial:
        fields["view"] = _any
    rec = F.record(value, path, fields, required=("name", "system") if partial else ("id", "name", "system",
                                                                                      "stats", "state"))
    mod = SYSTEMS[rec["system"]]
    if partial:
        given = rec.get("stats", {})
        if not isinstance(given, dict):
            raise InputError({"field": f"{path}.stats", "ru": "Ожидался объект.", "en": "Expected an object."})
        stats = check_stats(rec["system"], {**mod.default_stats, **given}, path)
        given = rec.get("state", {})
        if not isinstance(given, dict):
            raise InputError({"field": f"{path}.state", "ru": "Ожидался объект.", "en": "Expected an object."})
        state = check_state(rec["system"], stats, {**mod.initial_state(stats), **given}, path)
    else:
        stats = check_stats(rec["system"], rec["stats"], path)
        state = check_state(rec["system"], stats, rec["state"], path)
    out = {"name": rec["name"], "system": rec["system"], "stats": stats, "state": state}
    if "id" in rec:
        out = {"id": rec["id"], **out}
    return out


def edit(ch: dict, name: str | None, stats: dict | None, state: dict | None) -> dict:
    """The character with ``stats``/``state`` fields replaced (the rest kept), checked whole."""
    new_stats = {**ch["stats"], **(stats or {})}
    new_state = {**ch["state"], **(state or {})}
    errors = []
    for k in (stats or {}):
        if k not in ch["stats"]:
            errors.append({"field": f"stats.{k}", "ru": "Неизвестное поле.", "en": "Unknown field."})
    for k in (state or {}):
        if k not in ch["state"]:
            errors.append({"field": f"state.{k}", "ru": "Неизвестное поле.", "en": "Unknown field."})
    if errors:
        raise InputError(errors)
    stats_ok = check_stats(ch["system"], new_stats, "")
    state_ok = check_state(ch["system"], stats_ok, new_state, "")
    return {"id": ch["id"], "name": ch["name"] if name is None else name, "system": ch["system"],
            "stats": stats_ok, "state": state_ok}


def view(ch: dict, scene: dict) -> dict:
    return SYSTEMS[ch["system"]].view(ch, scene)


def refresh(scene: dict) -> dict:
    """Recompute every character's ``view`` (never read back from a saved scene)."""
    for ch in scene["characters"]:
        ch["view"] = view(ch, scene)
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
                  "readings": [p.to_json() for p in mod.readings_params()]}
            for sys, mod in SYSTEMS.items()}

