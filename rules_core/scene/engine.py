"""The scene's transitions: ``apply(scene, action) -> (scene, event)``, ``preview``, ``replay``.

* :func:`apply` validates the scene and the action, runs the action on a copy, logs it with
  every die it rolled (by hand or seeded) and returns the new scene and what happened. It never
  raises: a refused action returns the scene unchanged and ``{"ok": false, "errors": […]}``.
* :func:`replay` rebuilds a scene from its log (an empty scene, then each action with its faces):
  the same log always gives the same scene. An undo is a replay of the log without its last entry.
* :func:`preview` gives an action's exact odds before anything is rolled (the numbers of the
  calculator it uses), or, for an action without chance, what it would do.
"""

from __future__ import annotations

import copy
from typing import Any

from ..spec import InputError, T, field_error
from . import characters as C
from . import fields as F
from . import state as S
from .actions import ACTIONS, validate_action
from .common import Ctx
from .dicebox import DiceBox

#: The JSON text of one log entry (its action with every die, and its line): a scene's text is
#: at most :data:`fields.MAX_LOG` of these plus its characters (:data:`fields.MAX_SCENE_CHARS`).
MAX_ENTRY_CHARS = 4000


def _clip(text: dict) -> dict:
    """A log line within :data:`fields.MAX_LOG_TEXT` characters per language (cut with «…»)."""
    n = F.MAX_LOG_TEXT
    return {k: v if len(v) <= n else v[:n - 1] + "…" for k, v in text.items()}


def _failure(errors: list, exc: Exception | None = None) -> dict:
    out = {"ok": False, "errors": errors}
    if exc is not None:
        out["internal"] = repr(exc)
    return out


def _internal(exc: Exception) -> dict:
    return _failure([{"field": "action", "ru": f"Внутренняя ошибка: {type(exc).__name__}.",
                      "en": f"Internal error: {type(exc).__name__}."}], exc)


def _working_copy(sc: dict) -> dict:
    """A copy that an action may change: characters and readings deep, the log shallow (its
    entries are never changed once written)."""
    return {**sc, "readings": copy.deepcopy(sc["readings"]), "characters": copy.deepcopy(sc["characters"]),
            "log": list(sc["log"])}


def _prepare(sc: dict, a: dict) -> Ctx:
    """The working context, after checking the characters the action names."""
    spec = ACTIONS[a["type"]]
    ctx = Ctx(sc)
    errors = []
    for ref in spec.refs:
        ids = [c["id"] for c in sc["characters"]]
        if a[ref] not in ids:
            errors.append({"field": ref, "ru": f"Нет персонажа «{a[ref]}» в сцене.",
                           "en": f"No character '{a[ref]}' in the scene."})
        elif spec.system and ctx.char(a[ref])["system"] != spec.system:
            title = C.SYSTEMS[spec.system].title
            errors.append({"field": ref, "ru": f"Это действие — для персонажей «{title['ru']}».",
                           "en": f"This action is for «{title['en']}» characters."})
    if errors:
        raise InputError(errors)
    return ctx


def _diff(before: dict, after: dict) -> dict:
    """What changed for each character: ``{"added": true}``, ``{"removed": true}``, or
    ``{part: {field: [before, after]}}`` for ``name``, ``stats``, ``state``, ``view``."""
    old = {c["id"]: c for c in before["characters"]}
    new = {c["id"]: c for c in after["characters"]}
    out: dict = {}
    for cid in [*old, *(c for c in new if c not in old)]:  # in the scene's order (a set's would vary)
        if cid not in old:
            out[cid] = {"added": True}
        elif cid not in new:
            out[cid] = {"removed": True}
        else:
            d: dict = {}
            if old[cid]["name"] != new[cid]["name"]:
                d["name"] = [old[cid]["name"], new[cid]["name"]]
            for part in ("stats", "state", "view"):
                ch = {k: [old[cid][part].get(k), v] for k, v in new[cid][part].items() if old[cid][part].get(k) != v}
                if ch:
                    d[part] = ch
            if d:
                out[cid] = d
    return out


def _run(sc: dict, a: dict, replaying: bool) -> tuple[dict, dict, DiceBox | None, Ctx]:
    """Run the validated action ``a`` on ``sc`` in place; return the log entry, the box, the context."""
    if len(sc["log"]) >= F.MAX_LOG:
        raise field_error("type", f"Журнал сцены полон ({F.MAX_LOG} действий): начните новую сцену.",
                          f"The scene's log is full ({F.MAX_LOG} actions): start a new scene.")
    spec = ACTIONS[a["type"]]
    ctx = _prepare(sc, a)
    box = None
    if spec.plan is not None:
        plan = spec.plan(ctx, a)
        if "dice" in a:
            box = DiceBox(plan, given=a["dice"])
        elif replaying and "seed" not in a:
            raise field_error("dice", "Для повтора журнала нужны выпавшие грани (или зерно).",
                              "A replay needs the faces rolled (or a seed).")
        else:
            box = DiceBox(plan, seed=a.get("seed"))
    round_before = sc["round"]
    spec.run(ctx, a, box)
    if box is not None:
        box.finish()
    logged = {k: v for k, v in a.items() if k != "seed"}
    if box is not None:
        logged["dice"] = box.recorded
    ctx.text = _clip(ctx.text)
    entry = {"n": len(sc["log"]) + 1, "round": round_before, "action": logged, "text": ctx.text}
    if len(S.dump(entry)) > MAX_ENTRY_CHARS:
        raise field_error("type", "Слишком длинная запись журнала.", "The log entry is too long.")
    sc["log"].append(entry)
    C.refresh(sc)
    return entry, box, ctx


def _apply_valid(sc: dict, action: Any) -> tuple[dict, dict]:
    a = validate_action(action)
    if a["type"] == "undo":
        return _undo(sc)
    work = _working_copy(sc)
    entry, box, ctx = _run(work, a, replaying=False)
    event = {"ok": True, "type": a["type"], "n": entry["n"], "round": entry["round"], "text": ctx.text,
             "result": ctx.result, "display": ctx.display, "changes": _diff(sc, work),
             "dice": box.recorded if box else None, "seed": box.seed if box else None, "entry": entry}
    return work, event


def _guard(run, field: str, on_error=None):
    """``run()``, or ``(on_error, failure)`` for bad input, too deep a value or a bug: never a traceback."""
    try:
        return run()
    except InputError as e:
        return on_error, _failure(e.errors)
    except RecursionError:
        return on_error, _failure([{"field": field, "ru": "Слишком сложный ввод.", "en": "Input too complex."}])
    except Exception as e:  # a bug, but never a traceback
        return on_error, _internal(e)


def apply(scene: Any, action: Any) -> tuple[dict | None, dict]:
    """``(new scene, event)``; on a refused action ``(the scene, {"ok": false, "errors"})``;
    on an unreadable scene ``(None, {"ok": false, "errors"})``. Never raises."""
    sc, failure = _guard(lambda: (S.load(scene), None), "scene")
    if failure is not None:
        return None, failure
    return apply_loaded(sc, action)


def apply_loaded(sc: dict, action: Any) -> tuple[dict, dict]:
    """:func:`apply` on a scene :func:`state.load` has already checked (and that nobody has
    changed since): the same answer without checking the whole scene again. Never raises."""
    return _guard(lambda: _apply_valid(sc, action), "action", sc)


def _undo(sc: dict) -> tuple[dict, dict]:
    if not sc["log"]:
        raise field_error("type", "Нечего отменять: журнал пуст.", "Nothing to undo: the log is empty.")
    try:
        prev = replay(sc["log"][:-1], sc["name"])
    except InputError as e:
        raise InputError([{**x, "ru": "Отмена невозможна: " + x["ru"], "en": "Cannot undo: " + x["en"]}
                          for x in e.errors]) from None
    return prev, undo_event(sc, prev)


def undo_event(sc: dict, prev: dict) -> dict:
    """What an undo of ``sc``'s last action (back to ``prev``) reports."""
    last = sc["log"][-1]
    return {"ok": True, "type": "undo", "text": T("Отменено: " + last["text"]["ru"], "Undone: " + last["text"]["en"]),
            "undone": last, "changes": _diff(sc, prev), "round": prev["round"]}


def _log_items(log: Any) -> list:
    if not isinstance(log, list):
        raise field_error("log", "Журнал — список действий.", "A log is a list of actions.")
    if len(log) > F.MAX_LOG:
        raise field_error("log", f"Не больше {F.MAX_LOG} записей.", f"At most {F.MAX_LOG} entries.")
    F.check_depth(log, "log", F.MAX_DEPTH + 1)
    return [x["action"] if isinstance(x, dict) and "action" in x and "type" not in x else x for x in log]


def replay(log: Any, name: str = "") -> dict:
    """The scene that ``log`` (log entries, or bare actions with their faces or seeds) builds from
    an empty scene; :class:`InputError` naming the entry that fails."""
    items = _log_items(log)
    sc = S.new_scene(name)
    for i, action in enumerate(items):
        try:
            a = validate_action(action)
            if a["type"] == "undo":
                raise field_error("type", "Отмена в журнал не пишется.", "An undo is not logged.")
            _run(sc, a, replaying=True)
        except InputError as e:
            raise InputError([{**x, "field": f"log[{i}].{x['field']}" if x["field"] else f"log[{i}]",
                               "ru": f"Запись № {i + 1}: {x['ru']}", "en": f"Entry no. {i + 1}: {x['en']}"}
                              for x in e.errors]) from None
    return sc


def replay_safe(log: Any, name: Any = "") -> tuple[dict | None, dict]:
    """:func:`replay` that never raises: ``(scene, {"ok": true})`` or ``(None, errors)``."""
    def run():
        lg, nm = (log["log"], log.get("name", "")) if isinstance(log, dict) and "log" in log else (log, name)
        if not isinstance(nm, str):
            raise field_error("name", "Имя сцены — текст.", "The scene's name is text.")
        return replay(lg, nm), {"ok": True}

    return _guard(run, "log")


def preview(scene: Any, action: Any) -> dict:
    """An action's exact odds before the roll (``{"ok", "chance": true, "odds", "display",
    "calculator": {"id", "params"}, "dice_needed"}``), or for an action without chance what it
    would do (``{"ok", "chance": false, "event"}``, and ``"calculator"`` where it has one:
    ``null`` when that calculator cannot hold the character as he stands). Never raises."""
    return preview_loaded(None, action, scene)


def preview_loaded(sc: dict | None, action: Any, scene: Any = None) -> dict:
    """:func:`preview` on a scene :func:`state.load` has already checked (``sc``), or on
    ``scene`` checked first. Never raises."""
    def run():
        nonlocal sc
        if sc is None:
            sc = S.load(scene)
        a = validate_action(action)
        spec = ACTIONS[a["type"]]
        if spec.preview is None:
            _new, event = _apply_valid(sc, action)
            out = {"ok": True, "type": a["type"], "chance": False, "event": event}
            if spec.calculator is not None:
                try:
                    out["calculator"] = spec.calculator(_prepare(_working_copy(sc), a), a)
                except InputError:  # the calculator cannot hold the character as he stands
                    out["calculator"] = None
            return out, None
        ctx = _prepare(_working_copy(sc), a)
        return {"ok": True, "type": a["type"], "chance": True, **spec.preview(ctx, a)}, None

    out, failure = _guard(run, "action")
    return failure if failure is not None else out
