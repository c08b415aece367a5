"""The scene as plain JSON data: its shape, its validation, its versions.

A scene (version 1)::

    {"format": "svod-scene", "version": 1, "name": str, "round": int ≥ 1, "next_id": int ≥ 1,
     "readings": {system: {switch: value}},
     "characters": [{"id", "name", "system", "stats": {…}, "state": {…}, "view": {…}}],
     "log": [{"n": 1, "round": 1, "action": {…, "dice"?: {…}}, "text": {"ru", "en"}}]}

``view`` is derived (recomputed on every load and change, never trusted from a file). Every
other value is checked on load, with the same bounds as the actions that write it.

Versions: :data:`VERSION` is written; :data:`MIGRATIONS` turns each older version into the next,
one step at a time; a newer version or an unreadable text is an error that says so — the engine
never drops or repairs a scene silently (the page keeps the raw text).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..spec import InputError, field_error
from . import characters as C
from . import fields as F
from .actions import validate_action

FORMAT = "svod-scene"
VERSION = 1


def new_scene(name: str = "") -> dict:
    """An empty scene, its readings the systems' defaults."""
    return C.refresh({"format": FORMAT, "version": VERSION, "name": F.text(name, "name", F.MAX_SCENE_NAME),
                      "round": 1, "next_id": 1, "readings": C.default_readings(), "characters": [], "log": []})


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


def _entry(v: Any, path: str) -> dict:
    return F.record(v, path, {"n": F.integer(1, F.MAX_LOG), "round": F.integer(1, F.MAX_ROUND),
                              "action": lambda a, p: validate_action(a, p, depth_checked=True), "text": F.bilingual(F.MAX_LOG_TEXT)},
                    required=("n", "round", "action", "text"))


def _log(v: Any, path: str) -> list:
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
        if entry["n"] != i + 1:
            errors.append({"field": f"{path}[{i}].n", "ru": f"Записи идут по порядку: ожидалась № {i + 1}.",
                           "en": f"Entries go in order: no. {i + 1} expected."})
        if entry["action"]["type"] == "undo":
            errors.append({"field": f"{path}[{i}].action.type", "ru": "Отмена в журнал не пишется.",
                           "en": "An undo is not logged."})
        out.append(entry)
    if errors:
        raise InputError(errors)
    return out


def _format(v: Any, path: str) -> str:
    if v != FORMAT:
        raise field_error(path, "Это не сцена Свода.", "Not a Svod scene.")
    return v


def validate(data: Any) -> dict:
    """A current-version scene, checked whole and with fresh views; :class:`InputError` otherwise."""
    F.check_depth(data, "scene")
    sc = F.record(data, "", {
        "format": _format, "version": F.integer(VERSION, VERSION),
        "name": lambda v, p: F.text(v, p, F.MAX_SCENE_NAME), "round": F.integer(1, F.MAX_ROUND),
        "next_id": F.integer(1, 10**9), "readings": lambda v, p: C.check_readings(v, p),
        "characters": _characters, "log": _log,
    }, required=("format", "version", "name", "round", "next_id", "readings", "characters", "log"))
    return C.refresh(sc)


# ---- versions -----------------------------------------------------------------------------------

def _v0_to_v1(data: dict) -> dict:
    """Version 0 (the shape before this engine, kept to exercise the framework): ``{"version": 0,
    "title": str, "history": [{"kind": type, "who": character id, …}]}`` — only the actions, no
    state. Version 1 keeps them as its log and rebuilds the state by replaying it."""
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


#: version → the function that turns a scene of that version into the next one.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {0: _v0_to_v1}


def load(data: Any) -> dict:
    """A scene of any known version, migrated to :data:`VERSION` and validated."""
    if not isinstance(data, dict):
        raise field_error("scene", "Сцена — объект JSON.", "A scene is a JSON object.")
    v = data.get("version")
    if isinstance(v, bool) or not isinstance(v, int):
        raise field_error("version", "Нет номера версии: это не сцена Свода.", "No version number: not a Svod scene.")
    if v > VERSION:
        raise field_error("version", f"Сцена сохранена более новой версией Свода ({v}); эта понимает до {VERSION}. "
                          "Обновите страницу.", f"The scene was saved by a newer Svod (version {v}); this one reads "
                          f"up to {VERSION}. Reload the page.")
    if v < 0:
        raise field_error("version", "Неверный номер версии.", "Invalid version number.")
    while v < VERSION:
        try:
            data = MIGRATIONS[v](data)
        except InputError as e:
            raise InputError([{**x, "ru": f"Перевод сцены с версии {v}: {x['ru']}",
                               "en": f"Migrating the scene from version {v}: {x['en']}"} for x in e.errors]) from None
        v = data["version"]
    return validate(data)


def parse_text(text: Any) -> Any:
    """The JSON value of a scene's text, bounded; an unreadable text gives an error naming where
    it breaks."""
    if not isinstance(text, str):
        raise field_error("scene", "Нужен текст JSON.", "JSON text expected.")
    if len(text) > F.MAX_SCENE_CHARS:
        raise field_error("scene", f"Сцена длиннее {F.MAX_SCENE_CHARS} символов.",
                          f"The scene is longer than {F.MAX_SCENE_CHARS} characters.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise field_error("scene", f"Сцена не читается: неверный JSON (строка {e.lineno}, символ {e.colno}).",
                          f"The scene cannot be read: invalid JSON (line {e.lineno}, column {e.colno}).") from None
    except RecursionError:
        raise field_error("scene", "Сцена не читается: слишком глубокая вложенность.",
                          "The scene cannot be read: nested too deeply.") from None


def load_text(text: Any) -> dict:
    """A scene from its JSON text (:func:`parse_text`, then :func:`load`)."""
    return load(parse_text(text))


def dump(scene: dict) -> str:
    """The scene as JSON text (what the page stores and exports)."""
    return json.dumps(scene, ensure_ascii=False, separators=(",", ":"))


def size(scene: dict) -> int:
    return len(dump(scene))
