"""The scene's transitions: ``apply(scene, action) -> (scene, event)``, ``preview``, ``replay``,
undo and redo, and the check of a scene against its log.

* :func:`apply` validates the scene and the action, runs the action on a copy, logs it with
  every die it rolled (by hand or seeded) and what it changed (``undo``: the values before), and
  returns the new scene and what happened. It never raises: a refused action returns the scene
  unchanged and ``{"ok": false, "errors": […]}``.
* :func:`replay` rebuilds a scene from its log (an empty scene, then each action with its faces):
  the same log always gives the same scene.
* An undo (``{"type": "undo"}``) puts back the values its last entry's ``undo`` holds — no replay
  — once the scene is known to be what its own log replays to (:func:`verify`: a stored ``undo``
  is never trusted unchecked); the entry goes to the scene's ``redo`` list. A redo
  (``{"type": "redo"}``) runs that entry's action again with its recorded dice. Any other action
  empties ``redo``.
* :func:`preview` gives an action's exact odds before anything is rolled (the numbers of the
  calculator it uses), or, for an action without chance, what it would do.
"""

from __future__ import annotations

import json
from typing import Any

from ..spec import InputError, T, field_error
from . import characters as C
from . import fields as F
from . import state as S
from . import words as W
from .actions import ACTIONS, validate_action
from .common import Ctx
from .dicebox import DiceBox

#: The JSON text of one log entry (its action with every die, its line, what it changed): a
#: bound on one entry; the whole scene is bounded by :data:`fields.MAX_SCENE_CHARS`.
MAX_ENTRY_CHARS = 20000

#: A character's parts an action may change (``view`` is derived); the dict parts are kept key by
#: key in an entry's ``undo``, the others whole.
CHAR_PARTS = ("name", "side", "kind", "stats", "state", "statuses", "attacks", "fight")
DICT_PARTS = ("stats", "state", "fight")
SCENE_PARTS = ("round", "next_id", "readings", "turn", "counters")


def clone(x: Any) -> Any:
    """A deep copy of JSON data (dicts, lists and plain values): through the C JSON codec, several times
    faster than ``copy.deepcopy`` or a Python walk (a scene holds no floats: nothing changes on the way)."""
    return json.loads(json.dumps(x, ensure_ascii=False))


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
    """A copy that an action may change: characters (without their derived views), readings, the turn and
    the counters deep (one pass of the JSON codec), the log and the redo list shallow (their entries are
    never changed once written)."""
    parts = clone([[{k: v for k, v in c.items() if k != "view"} for c in sc["characters"]], sc["readings"],
                   sc["turn"], sc["counters"]])
    return {**sc, "characters": parts[0], "readings": parts[1], "turn": parts[2], "counters": parts[3],
            "log": list(sc["log"]), "redo": list(sc["redo"])}


def _prepare(sc: dict, a: dict) -> Ctx:
    """The working context, after checking the characters the action names."""
    spec = ACTIONS[a["type"]]
    ctx = Ctx(sc)
    errors = []
    ids = [c["id"] for c in sc["characters"]]
    for ref in spec.refs:
        if ref not in a or a[ref] is None:
            continue
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


def refuse_forbidden(sc: dict, a: dict) -> None:
    """What the sources forbid of a new action (:class:`InputError`): an action by one who cannot act
    (unconscious, stabilised for the rest of the fight, dead …: :func:`characters.cannot_act`, with the
    source's words and line) — what others do to him (damage, first aid, putting out his fire) stays;
    a status for the dead, the turn given to him; a turn or a round passed while a death's-door roll is due.
    Only new actions: a log written before is replayed as it stands."""
    spec = ACTIONS[a["type"]]
    chars = {c["id"]: c for c in sc["characters"]}
    for name in spec.actor:
        if a.get(name) is None:
            continue
        ch = chars.get(a[name])
        why = C.cannot_act(ch) if ch is not None else None
        if why is not None:
            raise field_error(name, **C.cannot_act_text(ch, why))
        break
    if a["type"] in ("set_status", "set_turn"):
        ch = chars.get(a["character"] if a["type"] == "set_status" else a["current"])
        if ch is not None and C.SYSTEMS[ch["system"]].out_of_fight(ch):
            what = T("новых состояний ему не ставят", "he gets no new statuses") if a["type"] == "set_status" \
                else T("хода у него нет", "he has no turn")
            why = C.cannot_act(ch)["why"]
            raise field_error("character" if a["type"] == "set_status" else "current",
                              f"{ch['name']} — {why['ru']}: {what['ru']}.", f"{ch['name']} — {why['en']}: {what['en']}.")
    if a["type"] in ("next_turn", "next_round"):
        due = [c["name"] for c in sc["characters"] if C.SYSTEMS[c["system"]].roll_due(c)]
        if due:
            names = ", ".join(due)
            raise field_error("type", f"Сначала бросьте Порог Смерти: {names}.", f"Roll death's door first: {names}.")


def _diff(before: dict, after: dict) -> dict:
    """What changed for each character: ``{"added": true}``, ``{"removed": true}``, or
    ``{part: {field: [before, after]}}`` for ``stats``, ``state``, ``fight``, ``view``, and
    ``{part: [before, after]}`` for ``name``, ``side``, ``kind``, ``statuses``, ``attacks``."""
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
            for part in ("name", "side", "kind", "statuses", "attacks"):
                if old[cid][part] != new[cid][part]:
                    d[part] = [old[cid][part], new[cid][part]]
            for part in (*DICT_PARTS, "view"):
                ch = {k: [old[cid][part].get(k), v] for k, v in new[cid][part].items() if old[cid][part].get(k) != v}
                if ch:
                    d[part] = ch
            if d:
                out[cid] = d
    return out


def inverse(before: dict, after: dict) -> dict:
    """What an action changed, as it was before (a log entry's ``undo``): ``scene`` (round,
    next_id, readings, turn), ``order`` (the characters' ids before, when they moved), ``added``
    (ids: undo removes them), ``removed`` (id → the whole record), ``chars`` (id → its parts before:
    ``stats``, ``state``, ``fight`` field by field, the others whole). Only what changed is there."""
    inv: dict = {}
    scene = {k: clone(before[k]) for k in SCENE_PARTS if before[k] != after[k]}
    if scene:
        inv["scene"] = scene
    old = {c["id"]: c for c in before["characters"]}
    new = {c["id"]: c for c in after["characters"]}
    if list(old) != list(new):
        inv["order"] = list(old)
    added = [cid for cid in new if cid not in old]
    if added:
        inv["added"] = added
    removed = {cid: {k: clone(v) for k, v in c.items() if k != "view"} for cid, c in old.items() if cid not in new}
    if removed:
        inv["removed"] = removed
    chars: dict = {}
    for cid, c in old.items():
        if cid not in new:
            continue
        n = new[cid]
        d: dict = {}
        for part in CHAR_PARTS:
            if c[part] == n[part]:
                continue
            if part in DICT_PARTS:
                d[part] = {k: clone(v) for k, v in c[part].items() if n[part].get(k) != v}
            else:
                d[part] = clone(c[part])
        if d:
            chars[cid] = d
    if chars:
        inv["chars"] = chars
    return inv


def apply_inverse(sc: dict, inv: dict) -> dict:
    """The scene before an entry with this ``undo`` (the log and redo list left to the caller)."""
    work = _working_copy(sc)
    for k, v in inv.get("scene", {}).items():
        work[k] = clone(v)
    chars = {c["id"]: c for c in work["characters"]}
    for cid in inv.get("added", []):
        chars.pop(cid, None)
    for cid, rec in inv.get("removed", {}).items():
        chars[cid] = clone(rec)
    for cid, d in inv.get("chars", {}).items():
        c = chars[cid]
        for part, v in d.items():
            if part in DICT_PARTS:
                c[part].update(clone(v))
            else:
                c[part] = clone(v)
    ids = inv.get("order") or [c["id"] for c in work["characters"] if c["id"] in chars]
    work["characters"] = [chars[cid] for cid in ids]
    return work


def _step(sc: dict, a: dict, replaying: bool, clear_redo: bool = True,
          views: bool = True) -> tuple[dict, dict, DiceBox | None, Ctx]:
    """Run the validated action ``a`` on a copy of ``sc``: ``(new scene, log entry, box, context)``;
    ``views``: recompute the characters' views (a replay does it once, at its end)."""
    if len(sc["log"]) >= F.MAX_LOG:
        raise field_error("type", f"Журнал сцены полон ({F.MAX_LOG} действий): начните новую сцену.",
                          f"The scene's log is full ({F.MAX_LOG} actions): start a new scene.")
    spec = ACTIONS[a["type"]]
    work = _working_copy(sc)
    ctx = _prepare(work, a)
    box = None
    by = None
    if spec.plan is not None:
        plan = spec.plan(ctx, a)
        if "dice" in a:
            box = DiceBox(plan, given=a["dice"])
            by = a.get("by", "hand")
        elif replaying and "seed" not in a:
            raise field_error("dice", "Для повтора журнала нужны выпавшие грани (или зерно).",
                              "A replay needs the faces rolled (or a seed).")
        else:
            box = DiceBox(plan, seed=a.get("seed"))
            by = "engine"
    round_before = sc["round"]
    spec.run(ctx, a, box)
    if box is not None:
        box.finish()
    logged = {k: v for k, v in a.items() if k not in ("seed", "by")}
    if box is not None:
        logged["dice"] = box.recorded
        logged["by"] = by
    text = _clip(ctx.full_text())
    entry = {"n": len(sc["log"]) + 1, "round": round_before, "action": logged, "text": text,
             "undo": inverse(sc, work)}
    if ctx.facts:
        entry["facts"] = ctx.facts
    if len(S.dump(entry)) > MAX_ENTRY_CHARS:
        raise field_error("type", "Слишком длинная запись журнала.", "The log entry is too long.")
    work["log"].append(entry)
    if clear_redo:
        work["redo"] = []
    if views:
        C.refresh(work)
    ctx.text = text
    return work, entry, box, ctx


def _event(sc: dict, work: dict, entry: dict, box: DiceBox | None, ctx: Ctx, kind: str | None = None) -> dict:
    return {"ok": True, "type": kind or entry["action"]["type"], "n": entry["n"], "round": entry["round"],
            "text": entry["text"], "result": ctx.result, "display": ctx.display, "changes": _diff(sc, work),
            "dice": box.recorded if box else None, "seed": box.seed if box else None,
            "by": entry["action"].get("by"), "entry": entry}


def check_size(sc: dict, text: str | None = None) -> None:
    """Refuse a scene whose text would be longer than :data:`fields.MAX_SCENE_CHARS`."""
    n = len(text) if text is not None else S.size(sc)
    if n > F.MAX_SCENE_CHARS:
        raise field_error("type", f"Сцена стала бы длиннее {F.MAX_SCENE_CHARS} символов: начните новую сцену.",
                          f"The scene would be longer than {F.MAX_SCENE_CHARS} characters: start a new scene.")


def _apply_valid(sc: dict, action: Any, verified: bool = False, size: bool = True) -> tuple[dict, dict]:
    a = validate_action(action)
    if a["type"] == "undo":
        return undo(sc, verified)
    if a["type"] == "redo":
        return redo(sc)
    refuse_forbidden(sc, a)
    work, entry, box, ctx = _step(sc, a, replaying=False)
    if size:
        check_size(work)
    return work, _event(sc, work, entry, box, ctx)


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


def apply_loaded(sc: dict, action: Any, verified: bool = False, size: bool = True) -> tuple[dict, dict]:
    """:func:`apply` on a scene :func:`state.load` has already checked (and that nobody has
    changed since): the same answer without checking the whole scene again. ``verified``: the
    scene is known to be what its log replays to (an undo needs no replay to know it); ``size``:
    check the new scene's length here (the caller that writes its text checks that instead).
    Never raises."""
    return _guard(lambda: _apply_valid(sc, action, verified, size), "action", sc)


# ---- undo, redo, and the scene against its log ------------------------------------------------

def verify(sc: dict) -> dict:
    """Whether ``sc`` is what its own log replays to: ``{"consistent", "replayed" (the replay, or
    ``None`` when the log does not replay), "differences": [{"ru", "en"}], "errors"?}``. The
    ``redo`` list is not part of it (nothing replays to it)."""
    replayed, status = _guard(lambda: (replay(sc["log"], sc["name"], checked=True), {"ok": True}), "log")
    if replayed is None:
        return {"consistent": False, "replayed": None, "errors": status["errors"],
                "differences": [T("Журнал не повторяется: " + status["errors"][0]["ru"],
                                  "The log does not replay: " + status["errors"][0]["en"])]}
    same = all(replayed[k] == sc[k] for k in (*S.STATE_PARTS, "log"))
    diffs = [] if same else W.differences(sc, replayed)
    if not same and not diffs:
        diffs = [T("Записи журнала отличаются от того, что записал бы движок.",
                   "The log's entries differ from what the engine would write.")]
    return {"consistent": same, "replayed": replayed, "differences": diffs}


def _not_consistent(check: dict) -> InputError:
    first = check["differences"][0]
    return field_error("type", "Отмена невозможна: состояние сцены расходится с её журналом (" + first["ru"]
                       + "). Откройте сцену заново и выберите, что оставить.",
                       "Cannot undo: the scene's state differs from its log (" + first["en"]
                       + "). Open the scene again and choose what to keep.")


def undo(sc: dict, verified: bool = False) -> tuple[dict, dict]:
    """The scene before its last entry (its ``undo`` put back), that entry moved to ``redo``."""
    if not sc["log"]:
        raise field_error("type", "Нечего отменять: журнал пуст.", "Nothing to undo: the log is empty.")
    if not verified:
        check = verify(sc)
        if not check["consistent"]:
            raise _not_consistent(check)
    last = sc["log"][-1]
    prev = apply_inverse(sc, last["undo"])
    prev["log"] = sc["log"][:-1]
    prev["redo"] = sc["redo"] + [last]
    C.refresh(prev)
    return prev, undo_event(sc, prev)


def undo_event(sc: dict, prev: dict) -> dict:
    """What an undo of ``sc``'s last action (back to ``prev``) reports."""
    last = sc["log"][-1]
    return {"ok": True, "type": "undo", "text": T("Отменено: " + last["text"]["ru"], "Undone: " + last["text"]["en"]),
            "undone": last, "changes": _diff(sc, prev), "round": prev["round"], "can_redo": True}


def redo(sc: dict) -> tuple[dict, dict]:
    """The last undone entry's action run again, with the dice it rolled."""
    if not sc["redo"]:
        raise field_error("type", "Нечего повторять: ничего не отменено.", "Nothing to redo: nothing was undone.")
    entry = sc["redo"][-1]
    a = validate_action(entry["action"])
    try:
        work, new, box, ctx = _step(sc, a, replaying=True, clear_redo=False)
    except InputError as e:
        raise InputError([{**x, "ru": "Повтор невозможен: " + x["ru"], "en": "Cannot redo: " + x["en"]}
                          for x in e.errors]) from None
    work["redo"] = sc["redo"][:-1]
    event = _event(sc, work, new, box, ctx, "redo")
    event.update(text=T("Повторено: " + new["text"]["ru"], "Redone: " + new["text"]["en"]), redone=new,
                 action_type=new["action"]["type"])
    return work, event


def _log_items(log: Any) -> list:
    if not isinstance(log, list):
        raise field_error("log", "Журнал — список действий.", "A log is a list of actions.")
    if len(log) > F.MAX_LOG:
        raise field_error("log", f"Не больше {F.MAX_LOG} записей.", f"At most {F.MAX_LOG} entries.")
    F.check_depth(log, "log", F.MAX_DEPTH + 1)
    return [x["action"] if isinstance(x, dict) and "action" in x and "type" not in x else x for x in log]


def replay(log: Any, name: str = "", checked: bool = False) -> dict:
    """The scene that ``log`` (log entries, or bare actions with their faces or seeds) builds from
    an empty scene; :class:`InputError` naming the entry that fails. ``checked``: the log is a loaded
    scene's, its actions validated already (:func:`state.load`)."""
    items = _log_items(log) if not checked else [e["action"] for e in log]
    sc = S.new_scene(name)
    for i, action in enumerate(items):
        try:
            a = action if checked else validate_action(action, depth_checked=True)
            if a["type"] in ("undo", "redo"):
                raise field_error("type", "Отмена и повтор в журнал не пишутся.", "Undo and redo are not logged.")
            sc = _step(sc, a, replaying=True, views=False)[0]
        except InputError as e:
            raise InputError([{**x, "field": f"log[{i}].{x['field']}" if x["field"] else f"log[{i}]",
                               "ru": f"Запись № {i + 1}: {x['ru']}", "en": f"Entry no. {i + 1}: {x['en']}"}
                              for x in e.errors]) from None
    return C.refresh(sc)


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


def preview_loaded(sc: dict | None, action: Any, scene: Any = None, verified: bool = False) -> dict:
    """:func:`preview` on a scene :func:`state.load` has already checked (``sc``), or on
    ``scene`` checked first. Never raises."""
    def run():
        nonlocal sc
        if sc is None:
            sc = S.load(scene)
        a = validate_action(action)
        spec = ACTIONS[a["type"]]
        if spec.preview is None:
            _new, event = _apply_valid(sc, action, verified, size=False)
            out = {"ok": True, "type": a["type"], "chance": False, "event": event}
            if spec.calculator is not None:
                try:
                    out["calculator"] = spec.calculator(_prepare(_working_copy(sc), a), a)
                except InputError:  # the calculator cannot hold the character as he stands
                    out["calculator"] = None
            return out, None
        refuse_forbidden(sc, a)
        ctx = _prepare(_working_copy(sc), a)
        return {"ok": True, "type": a["type"], "chance": True, **spec.preview(ctx, a)}, None

    out, failure = _guard(run, "action")
    return failure if failure is not None else out
