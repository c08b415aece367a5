"""The scene behind one JSON request, for ``rules_core.api.handle`` (op ``"scene"``) and the CLI.

``{"op": "scene", "cmd": …}`` with ``cmd``:

* ``"new"`` (``name``?) → ``{"scene"}``;
* ``"load"`` (``scene``: object or JSON text) → ``{"scene", "migrated_from"}`` (the version it had);
* ``"apply"`` (``scene``, ``action``) → ``{"scene", "event"}``;
* ``"preview"`` (``scene``, ``action``) → the preview (:func:`engine.preview`);
* ``"replay"`` (``log``: a list of entries or actions, or a whole scene; ``name``?) → ``{"scene"}``;
* ``"from_calculator"`` (``scene``, ``calculator``: ``{"id", "params", "roll"?: {"seed"}}``,
  ``roles``: ``{"character"}`` or ``{"attacker", "target"}``) → ``{"scene", "actions", "events",
  "unused", "text"}``: the calculator's input applied back (:mod:`.calclink`);
* ``"spec"`` → the systems' sheets and editable state, every action's fields, the open readings,
  the limits, which calculator each action comes back from.

``"reply": "text"`` (new, load, apply, replay, from_calculator): the scene comes back as the JSON
text the engine writes (``scene_text``) instead of an object. Sent back as ``scene`` in the next
request, that text is not checked again: the engine remembers the last few scenes it wrote or
checked, by their text (a scene is a pure function of its text, so this changes no answer; a
page keeps its scene as that text, stored and exported as it is).

An undo is a replay of the log without its last entry. When the engine remembers the scene the
last action was applied to, and knows that scene to be what its own log replays to (a scene it
made by replaying, or made from such a scene by an action; ``load`` with ``"verify": true``
checks a loaded one and answers ``consistent``, and ``state_matches_log``: the same but for the
log's own lines), that scene *is* the replay's result, and it is
given without replaying (measured in chromium on a 485-entry log: 160–1000 ms → tens of ms).

Every answer is ``{"ok": true, "result": …}`` or ``{"ok": false, "errors": [{"field", "ru", "en"}]}``.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..spec import InputError, field_error
from . import actions, calclink, characters, engine, fields as F, readings, state


def spec() -> dict:
    return {"format": state.FORMAT, "version": state.VERSION, "systems": characters.spec(),
            "actions": [{**a, "calculator": calclink.link_for(a["type"])} for a in actions.spec()],
            "open": readings.OPEN,
            "limits": {"characters": F.MAX_CHARACTERS, "log": F.MAX_LOG, "scene_name": F.MAX_SCENE_NAME,
                       "character_name": F.MAX_CHAR_NAME, "note": F.MAX_NOTE, "rounds": F.MAX_ROUND,
                       "tags": F.MAX_TAGS, "tag_length": F.MAX_TAG_LEN, "scene_chars": F.MAX_SCENE_CHARS}}


class _Known:
    """A scene remembered by its text: the checked scene, whether it is what its own log replays
    to (``True``/``False``, ``None`` not known), and the text of the scene its last action was
    applied to (``parent``)."""

    __slots__ = ("scene", "consistent", "parent")

    def __init__(self, scene: dict, consistent: bool | None = None, parent: str | None = None):
        self.scene, self.consistent, self.parent = scene, consistent, parent


#: The scenes last written or checked, by their JSON text (most recent last): a page sends back
#: the text it was given, and the scene need not be parsed and checked again.
_KNOWN: OrderedDict[str, _Known] = OrderedDict()
#: At most this many, and of at most this much text together (a phone's memory: a scene's objects
#: take several times its text; the most recent is always kept).
KNOWN_SCENES = 8
KNOWN_CHARS = 3_000_000


#: What a scene is besides its log and name: its characters (their views too), round, readings.
STATE_PARTS = ("characters", "round", "next_id", "readings")


def _remember(text: str, sc: dict, consistent: bool | None = None, parent: str | None = None) -> None:
    """Remember ``sc`` by its text; what is not said (``None``) is kept from before."""
    old = _KNOWN.get(text)
    if old is not None and consistent is None:
        consistent = old.consistent
    _KNOWN[text] = _Known(sc, consistent, parent if parent is not None else old.parent if old else None)
    _KNOWN.move_to_end(text)
    while len(_KNOWN) > 1 and (len(_KNOWN) > KNOWN_SCENES or sum(map(len, _KNOWN)) > KNOWN_CHARS):
        _KNOWN.popitem(last=False)


def _known(v: Any) -> _Known | None:
    k = _KNOWN.get(v) if isinstance(v, str) else None
    if k is not None:
        _KNOWN.move_to_end(v)
    return k


def _loaded(v: Any) -> dict:
    """A checked scene from the request's ``scene`` (an object, or its JSON text)."""
    if isinstance(v, str):
        k = _known(v)
        if k is not None:
            return k.scene
        sc = state.load_text(v)
        if sc.get("version") == state.VERSION and state.dump(sc) == v:
            _remember(v, sc)
        return sc
    return state.load(v)


def _scene_out(request: dict, sc: dict, consistent: bool | None = None, parent: str | None = None) -> dict:
    """The scene as the request asks for it: an object, or (``"reply": "text"``) its text."""
    if request.get("reply") == "text":
        text = state.dump(sc)
        _remember(text, sc, consistent, parent)
        return {"scene_text": text}
    return {"scene": sc}


def _quick_undo(text: Any) -> tuple[dict, dict] | None:
    """The undo of the scene ``text`` without a replay, when the scene before its last action is
    remembered and known to be what its own log replays to (then it equals the replay)."""
    k = _known(text)
    parent = _known(k.parent) if k is not None and k.parent is not None else None
    if parent is None or parent.consistent is not True or k.scene["log"][:-1] != parent.scene["log"]:
        return None
    return parent.scene, engine.undo_event(k.scene, parent.scene)


def _apply(request: dict) -> dict:
    raw = request.get("scene")
    sc = _loaded(raw)
    action = request.get("action")
    quick = _quick_undo(raw) if isinstance(action, dict) and action.get("type") == "undo" and len(action) == 1 else None
    if quick is not None:
        new, event = quick
        return {"ok": True, "result": {**_scene_out(request, new), "event": event}}
    new, event = engine.apply_loaded(sc, action)
    if not event["ok"]:
        return event
    k = _known(raw)
    if event["type"] == "undo":
        consistent, parent = True, None  # a replay
    else:
        consistent, parent = (k.consistent, raw) if k is not None else (None, None)
    return {"ok": True, "result": {**_scene_out(request, new, consistent, parent), "event": event}}


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


def _reply(v: Any) -> None:
    if v not in (None, "object", "text"):
        raise field_error("reply", "«reply»: «object» или «text».", "'reply': 'object' or 'text'.")


def _calculator(v: Any) -> dict:
    return F.record(v, "calculator", {"id": lambda x, p: x, "params": lambda x, p: x, "roll": lambda x, p: x},
                    required=("id",), defaults={"params": {}, "roll": None})


def handle(request: dict) -> dict:
    """Never raises."""
    try:
        cmd = request.get("cmd")
        _reply(request.get("reply"))
        if cmd == "spec":
            return {"ok": True, "result": spec()}
        if cmd == "new":
            return {"ok": True, "result": _scene_out(request, state.new_scene(request.get("name", "")), True)}
        if cmd == "load":
            raw = request.get("scene")
            data = state.parse_text(raw) if isinstance(raw, str) else raw
            version = data.get("version") if isinstance(data, dict) else None
            # (a scene remembered by its text is never handed out as an object: nobody may change it)
            text_in_out = isinstance(raw, str) and version == state.VERSION and request.get("reply") == "text"
            sc = _loaded(raw) if text_in_out else state.load(data)
            consistent = same_state = None
            if request.get("verify") is True:  # is it what its own log replays to?
                replayed, status = engine.replay_safe(sc["log"], sc["name"])
                consistent = replayed == sc
                # (the log's lines may read otherwise after an update of the engine; the state is what counts)
                same_state = replayed is not None and all(replayed[k] == sc[k] for k in STATE_PARTS)
            out = {**_scene_out(request, sc, consistent), "migrated_from": version if version != state.VERSION else None}
            if consistent is not None:
                out.update(consistent=consistent, state_matches_log=same_state)
            return {"ok": True, "result": out}
        if cmd == "apply":
            return _apply(request)
        if cmd == "preview":
            out = engine.preview_loaded(_loaded(request.get("scene")), request.get("action"))
            return out if not out["ok"] else {"ok": True, "result": out}
        if cmd == "replay":
            log = request.get("log")
            sc, status = engine.replay_safe(_parse(log, "log"), request.get("name", ""))
            return status if sc is None else {"ok": True, "result": _scene_out(request, sc, True)}
        if cmd == "from_calculator":
            sc = _loaded(request.get("scene"))
            calc = _calculator(request.get("calculator"))
            new, out = calclink.from_calculator(sc, calc["id"], calc["params"], calc["roll"], request.get("roles"))
            k = _known(request.get("scene"))
            # several actions: an undo takes back the last one only, so no parent to go back to
            parent = request.get("scene") if k is not None and len(out["actions"]) == 1 else None
            return {"ok": True, "result": {**_scene_out(request, new, k.consistent if parent else None, parent), **out}}
        raise field_error("cmd", "Неизвестная команда сцены: new, load, apply, preview, replay, from_calculator, spec.",
                          "Unknown scene command: new, load, apply, preview, replay, from_calculator, spec.")
    except InputError as e:
        return {"ok": False, "errors": e.errors}
    except RecursionError:
        return {"ok": False, "errors": [{"field": "scene", "ru": "Слишком сложный ввод.", "en": "Input too complex."}]}
    except Exception as e:  # a bug, but never a traceback
        return {"ok": False, "errors": [{"field": "request", "ru": f"Внутренняя ошибка: {type(e).__name__}.",
                                         "en": f"Internal error: {type(e).__name__}."}], "internal": repr(e)}
