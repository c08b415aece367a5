"""The scene as plain JSON data: its shape, its validation, its versions.

A scene (version 2)::

    {"format": "svod-scene", "version": 2, "name": str, "round": int ≥ 1, "next_id": int ≥ 1,
     "readings": {system: {switch: value}},
     "turn": {"current": id | null, "done": [ids], "started": [ids]},
     "counters": [{"name", "size", "filled", "tick"}],
     "characters": [{"id", "name", "system", "side", "kind", "stats", "state", "statuses", "attacks",
                     "fight", "view"}],
     "log": [{"n": 1, "round": 1, "action": {…, "dice"?: {…}, "by"?: "engine" | "hand"},
              "text": {"ru", "en"}, "undo": {…}, "facts"?: {…}}],
     "redo": [entries undone, the last undone last]}

``view`` is derived (recomputed on every load and change, never trusted from a file). Every
other value is checked on load, with the same bounds as the actions that write it. A character is
:mod:`.characters`; ``turn`` is :mod:`.turns`; a log entry's ``undo`` holds what its action changed,
as it was before (:func:`engine.inverse`), and ``facts`` what the summary of the fight counts.

Versions: :data:`VERSION` is written; :data:`MIGRATIONS` turns each older version into the next,
one step at a time; a newer version or an unreadable text is an error that says so — the engine
never drops or repairs a scene silently (the page keeps the raw text).
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

from ..spec import InputError, field_error
from . import characters as C
from . import counters as CN
from . import fields as F
from . import turns as T
from .actions import validate_action

FORMAT = "svod-scene"
VERSION = 2
#: The parts of a scene besides its log, name and redo list: what an action changes.
STATE_PARTS = ("characters", "round", "next_id", "readings", "turn", "counters")


def new_scene(name: str = "") -> dict:
    """An empty scene, its readings the systems' defaults."""
    return C.refresh({"format": FORMAT, "version": VERSION, "name": F.text(name, "name", F.MAX_SCENE_NAME),
                      "round": 1, "next_id": 1, "readings": C.default_readings(), "turn": copy.deepcopy(T.NEW_TURN),
                      "counters": [], "characters": [], "log": [], "redo": []})


def _characters(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(v) > F.MAX_CHARACTERS:
        raise field_error(path, f"Не больше {F.MAX_CHARACTERS} персонажей.", f"At most {F.MAX_CHARACTERS} characters.")
    out, errors, seen = [], [], set()
    for i, ch in enumerate(v):
        try:
            c = C.check_character(ch, f"{path}[{i}]")
        except InputError as e:
            errors.extend(e.errors)
            continue
        if c["id"] in seen:
            errors.append({"field": f"{path}[{i}].id", "ru": "Повтор id.", "en": "Repeated id."})
        seen.add(c["id"])
        out.append(c)
    if errors:
        raise InputError(errors)
    return out


def _object(v: Any, path: str) -> dict:
    if not isinstance(v, dict):
        raise field_error(path, "Ожидался объект.", "Expected an object.")
    return v


def _entry(v: Any, path: str) -> dict:
    return F.record(v, path, {"n": F.integer(1, F.MAX_LOG), "round": F.integer(1, F.MAX_ROUND),
                              "action": lambda a, p: validate_action(a, p, depth_checked=True),
                              "text": F.bilingual(F.MAX_LOG_TEXT), "undo": _object, "facts": _object},
                    required=("n", "round", "action", "text", "undo"))


def _log(v: Any, path: str, redo: bool = False) -> list:
    if not isinstance(v, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(v) > F.MAX_LOG:
        raise field_error(path, f"Не больше {F.MAX_LOG} записей.", f"At most {F.MAX_LOG} entries.")
    out, errors = [], []
    for i, e in enumerate(v):
        try:
            entry = _entry(e, f"{path}[{i}]")
        except InputError as err:
            errors.extend(err.errors)
            continue
        if not redo and entry["n"] != i + 1:
            errors.append({"field": f"{path}[{i}].n", "ru": f"Записи идут по порядку: ожидалась № {i + 1}.",
                           "en": f"Entries go in order: no. {i + 1} expected."})
        if entry["action"]["type"] == "undo":
            errors.append({"field": f"{path}[{i}].action.type", "ru": "Отмена в журнал не пишется.",
                           "en": "An undo is not logged."})
        out.append(entry)
    if errors:
        raise InputError(errors)
    return out


#: A scene's lists, told by their own bounds (fields.lists_within).
LIST_BOUNDS = {
    "log": (F.MAX_LOG, "В журнале сцены не больше {limit} записей, а в этом — {n}.",
            "A scene's log holds at most {limit} entries; this one has {n}."),
    "redo": (F.MAX_LOG, "Отменённых действий в сцене не больше {limit}, а в этой — {n}.",
             "A scene holds at most {limit} undone actions; this one has {n}."),
    "characters": (F.MAX_CHARACTERS, "В сцене не больше {limit} персонажей, а в этой — {n}.",
                   "At most {limit} characters in a scene; this one has {n}."),
}


def _format(v: Any, path: str) -> str:
    if v != FORMAT:
        raise field_error(path, "Это не сцена Свода.", "Not a Svod scene.")
    return v


def _redo(v: Any, path: str) -> list:
    return _log(v, path, redo=True)


def validate(data: Any) -> dict:
    """A current-version scene, checked whole and with fresh views; :class:`InputError` otherwise."""
    F.lists_within(data, LIST_BOUNDS)
    F.check_depth(data, "scene")
    sc = F.record(data, "", {
        "format": _format, "version": F.integer(VERSION, VERSION),
        "name": lambda v, p: F.text(v, p, F.MAX_SCENE_NAME), "round": F.integer(1, F.MAX_ROUND),
        "next_id": F.integer(1, 10**9), "readings": lambda v, p: C.check_readings(v, p),
        "turn": lambda v, p: v, "counters": CN.check_counters, "characters": _characters, "log": _log, "redo": _redo,
    }, required=("format", "version", "name", "round", "next_id", "readings", "turn", "counters", "characters", "log",
                 "redo"))
    sc["turn"] = T.check_turn(sc["turn"], "turn", [c["id"] for c in sc["characters"]])
    if len(sc["log"]) + len(sc["redo"]) > F.MAX_LOG:
        raise field_error("redo", f"Журнал и отменённое вместе — не больше {F.MAX_LOG} записей.",
                          f"The log and the undone entries together: at most {F.MAX_LOG}.")
    return C.refresh(sc)


# ---- versions -----------------------------------------------------------------------------------

def _v0_to_v1(data: dict) -> dict:
    """Version 0 (the shape before this engine, kept to exercise the framework): ``{"version": 0,
    "title": str, "history": [{"kind": type, "who": character id, …}]}`` — only the actions, no
    state. They become the log of a scene of the current version, its state rebuilt by replaying it."""
    from .engine import replay

    F.check_depth(data, "scene")
    rec = F.record(data, "", {"version": F.integer(0, 0), "title": lambda v, p: F.text(v, p, F.MAX_SCENE_NAME),
                              "history": lambda v, p: v}, required=("version", "history"), defaults={"title": ""})
    hist = rec["history"]
    if not isinstance(hist, list):
        raise field_error("history", "Нужен список.", "Must be a list.")
    actions = []
    for i, old in enumerate(hist):
        if not isinstance(old, dict):
            raise field_error(f"history[{i}]", "Ожидался объект.", "Expected an object.")
        new = {("type" if k == "kind" else "character" if k == "who" else k): v for k, v in old.items()}
        actions.append(new)
    return replay(actions, rec["title"])


def _v1_to_v2(data: dict) -> dict:
    """Version 1 (until the scene kept turns, statuses, sides and stored attacks): every character
    gets the new parts empty (side «Свои», no creature type, no statuses, no attacks) and the new
    fields of its sheet and state their defaults; the scene gets no turn yet and nothing to redo.
    Its log is replayed by this engine so each entry gets what it changed (``undo``); a version-1
    death's-door roll set no timed states (Шок, «Ходячий мертвец» … were the Storyteller's to end),
    and it is replayed so (``untimed``). The state is the stored one: :func:`load` with
    verification says if it is not what the log replays to (as for any scene)."""
    from .engine import replay

    F.lists_within(data, LIST_BOUNDS)
    F.check_depth(data, "scene", F.MAX_DEPTH)
    v1 = F.record(data, "", {k: (lambda v, p: v) for k in ("format", "version", "name", "round", "next_id", "readings",
                                                         "characters", "log")},
                  required=("format", "version", "name", "round", "next_id", "readings", "characters", "log"))
    _format(v1["format"], "format")
    log = v1["log"]
    if not isinstance(log, list) or not all(isinstance(e, dict) and "action" in e for e in log):
        raise field_error("log", "Журнал — список записей с действиями.", "A log is a list of entries with actions.")
    actions = [_v1_action(e["action"]) for e in log]
    replayed = replay(actions, v1["name"] if isinstance(v1["name"], str) else "")
    chars = v1["characters"]
    if not isinstance(chars, list):
        raise field_error("characters", "Нужен список.", "Must be a list.")
    readings = v1["readings"]
    defaults = C.default_readings()
    if isinstance(readings, dict) and all(isinstance(x, dict) for x in readings.values()):
        # the switches added since take their defaults (an unknown system stays, to be refused)
        readings = {**{sys: {**d, **readings.get(sys, {})} for sys, d in defaults.items()},
                    **{k: v for k, v in readings.items() if k not in defaults}}
    return {"format": FORMAT, "version": 2, "name": v1["name"], "round": v1["round"], "next_id": v1["next_id"],
            "readings": readings, "turn": copy.deepcopy(T.NEW_TURN), "counters": [],
            "characters": [_v1_character(c, replayed) for c in chars],
            "log": replayed["log"], "redo": []}


def _v1_action(a: Any) -> Any:
    if isinstance(a, dict) and a.get("type") == "death_door":
        return {**a, "untimed": True}
    return a


def _v1_character(c: Any, replayed: dict) -> Any:
    """A version-1 character record with the version-2 parts: its sheet's new fields take their defaults,
    its state's new fields what its log gives them (the count of odd/even death's-door rolls: the
    ``replayed`` scene's character of that id), or their initial values."""
    if not isinstance(c, dict) or c.get("system") not in C.SYSTEMS:
        return c
    mod = C.SYSTEMS[c["system"]]
    stats = {**mod.default_stats, **c["stats"]} if isinstance(c.get("stats"), dict) else c.get("stats")
    state = c.get("state")
    if isinstance(state, dict) and isinstance(stats, dict):
        logged = next((x["state"] for x in replayed["characters"] if x["id"] == c.get("id")
                       and x["system"] == c["system"]), {})
        try:
            initial = mod.initial_state(C.check_stats(c["system"], stats, ""))
            state = {**initial, **{k: logged[k] for k in initial if k not in state and k in logged}, **state}
        except InputError:
            pass
    return {**{k: v for k, v in c.items() if k != "view"}, "side": "party", "kind": mod.default_kind, "stats": stats,
            "state": state, "statuses": [], "attacks": [], "fight": dict(C.NEW_FIGHT)}


#: version → the function that turns a scene of that version into the next one.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {0: _v0_to_v1, 1: _v1_to_v2}


SCENE_FORMAT = F.Format("scene", {"ru": "Сцена", "ru_of": "сцены", "en": "scene"}, VERSION, 0, MIGRATIONS,
                        lambda d: validate(d), FORMAT)


def load(data: Any) -> dict:
    """A scene of any known version, migrated to :data:`VERSION` and validated."""
    return F.load_versioned(data, SCENE_FORMAT)


def parse_json(text: Any, name: str) -> Any:
    """The JSON value of a text the scene reads (a scene, a log, an action), bounded as every text of
    the engine is (:func:`rules_core.api.loads`: the same words in the page and on the command line);
    the nesting a scene may have at most (:data:`fields.MAX_DEPTH` and the request around it)."""
    from .. import api

    return api.loads(text, name, F.MAX_SCENE_CHARS, api.MAX_DEPTH)


def parse_text(text: Any) -> Any:
    """The JSON value of a scene's text, bounded; an unreadable text gives an error naming where
    it breaks."""
    if not isinstance(text, str):
        raise field_error("scene", "Нужен текст JSON.", "JSON text expected.")
    if len(text) > F.MAX_SCENE_CHARS:
        raise field_error("scene", f"Сцена длиннее {F.MAX_SCENE_CHARS} символов.",
                          f"The scene is longer than {F.MAX_SCENE_CHARS} characters.")
    try:
        return parse_json(text, "scene")
    except InputError as e:
        raise InputError([{**x, "ru": "Сцена не читается: " + x["ru"][0].lower() + x["ru"][1:],
                           "en": "The scene cannot be read: " + x["en"][0].lower() + x["en"][1:]}
                          for x in e.errors]) from None


def load_text(text: Any) -> dict:
    """A scene from its JSON text (:func:`parse_text`, then :func:`load`)."""
    return load(parse_text(text))


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: The text of each log entry written lately, by the entry itself: an entry never changes once written
#: (the engine makes a new list, never a new entry), and most of a scene's text is its log — an undo
#: or a redo writes the same entries again. Holds the entries (so their ids stay theirs); emptied when
#: it grows past a few logs' worth.
_ENTRY_TEXT: dict[int, tuple[dict, str]] = {}
MAX_ENTRY_TEXTS = 4 * F.MAX_LOG


def _entry_text(e: Any) -> str:
    hit = _ENTRY_TEXT.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    text = _json(e)
    if isinstance(e, dict):
        if len(_ENTRY_TEXT) >= MAX_ENTRY_TEXTS:
            _ENTRY_TEXT.clear()
        _ENTRY_TEXT[id(e)] = (e, text)
    return text


def dump(scene: dict) -> str:
    """The scene as JSON text (what the page stores and exports): ``json.dumps`` of it, compact, written
    part by part so that log entries written before are not encoded again (:data:`_ENTRY_TEXT`)."""
    parts = []
    for k, v in scene.items():
        if k in ("log", "redo") and isinstance(v, list):
            body = "[" + ",".join(map(_entry_text, v)) + "]"
        else:
            body = _json(v)
        parts.append(_json(k) + ":" + body)
    return "{" + ",".join(parts) + "}"


def size(scene: dict) -> int:
    return len(dump(scene))
