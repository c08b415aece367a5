"""The scene behind one JSON request, for ``rules_core.api.handle`` (op ``"scene"``) and the CLI.

``{"op": "scene", "cmd": …}`` with ``cmd``:

* ``"new"`` (``name``?) → ``{"scene"}``;
* ``"load"`` (``scene``: object or JSON text) → ``{"scene", "migrated_from"}`` (the version it had);
* ``"apply"`` (``scene``, ``action``) → ``{"scene", "event"}``;
* ``"preview"`` (``scene``, ``action``) → the preview (:func:`engine.preview`);
* ``"replay"`` (``log``: a list of entries or actions, or a whole scene; ``name``?) → ``{"scene"}``;
* ``"spec"`` → the systems' sheets, every action's fields, the open readings, the limits.

Every answer is ``{"ok": true, "result": …}`` or ``{"ok": false, "errors": [{"field", "ru", "en"}]}``.
"""

from __future__ import annotations

import json
from typing import Any

from ..spec import InputError, field_error
from . import actions, characters, engine, fields as F, readings, state


def spec() -> dict:
    return {"format": state.FORMAT, "version": state.VERSION, "systems": characters.spec(),
            "actions": actions.spec(), "open": readings.OPEN,
            "limits": {"characters": F.MAX_CHARACTERS, "log": F.MAX_LOG, "scene_name": F.MAX_SCENE_NAME,
                       "character_name": F.MAX_CHAR_NAME, "note": F.MAX_NOTE, "rounds": F.MAX_ROUND,
                       "tags": F.MAX_TAGS, "tag_length": F.MAX_TAG_LEN, "scene_chars": F.MAX_SCENE_CHARS}}


def _scene_arg(v: Any) -> Any:
    return state.load_text(v) if isinstance(v, str) else v


def _parse(v: Any, name: str) -> Any:
    if not isinstance(v, str):
        return v
    if len(v) > F.MAX_SCENE_CHARS:
        raise field_error(name, f"Длиннее {F.MAX_SCENE_CHARS} символов.", f"Longer than {F.MAX_SCENE_CHARS} characters.")
    try:
        return json.loads(v)
    except json.JSONDecodeError as e:
        raise field_error(name, f"Неверный JSON (строка {e.lineno}, символ {e.colno}).",
                          f"Invalid JSON (line {e.lineno}, column {e.colno}).") from None


def handle(request: dict) -> dict:
    """Never raises."""
    try:
        cmd = request.get("cmd")
        if cmd == "spec":
            return {"ok": True, "result": spec()}
        if cmd == "new":
            return {"ok": True, "result": {"scene": state.new_scene(request.get("name", ""))}}
        if cmd == "load":
            raw = request.get("scene")
            data = state.parse_text(raw) if isinstance(raw, str) else raw
            version = data.get("version") if isinstance(data, dict) else None
            sc = state.load(data)
            return {"ok": True, "result": {"scene": sc, "migrated_from": version if version != state.VERSION else None}}
        if cmd == "apply":
            sc, event = engine.apply(_scene_arg(request.get("scene")), request.get("action"))
            if not event["ok"]:
                return event
            return {"ok": True, "result": {"scene": sc, "event": event}}
        if cmd == "preview":
            out = engine.preview(_scene_arg(request.get("scene")), request.get("action"))
            return out if not out["ok"] else {"ok": True, "result": out}
        if cmd == "replay":
            log = request.get("log")
            sc, status = engine.replay_safe(_parse(log, "log"), request.get("name", ""))
            return status if sc is None else {"ok": True, "result": {"scene": sc}}
        raise field_error("cmd", "Неизвестная команда сцены: new, load, apply, preview, replay, spec.",
                          "Unknown scene command: new, load, apply, preview, replay, spec.")
    except InputError as e:
        return {"ok": False, "errors": e.errors}
    except RecursionError:
        return {"ok": False, "errors": [{"field": "scene", "ru": "Слишком сложный ввод.", "en": "Input too complex."}]}
    except Exception as e:  # a bug, but never a traceback
        return {"ok": False, "errors": [{"field": "request", "ru": f"Внутренняя ошибка: {type(e).__name__}.",
                                         "en": f"Internal error: {type(e).__name__}."}], "internal": repr(e)}
