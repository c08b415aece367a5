"""The scene behind one JSON request, for ``rules_core.api.handle`` (op ``"scene"``) and the CLI.

``{"op": "scene", "cmd": …}`` with ``cmd``:

* ``"new"`` (``name``?) → ``{"scene"}``;
* ``"load"`` (``scene``: object or JSON text; ``verify``: true unless false) → ``{"scene",
  "migrated_from" (the version it had, or null), "consistent", "state_matches_log", "differences"}``:
  the scene checked against its own log (:func:`engine.verify`). When they disagree both are given —
  the scene as stored (``scene``) and the log's replay (``replayed``) — and ``differences`` says where,
  in words; nothing is picked silently (``reconcile`` chooses);
* ``"reconcile"`` (``scene``, ``keep``: ``"log"`` or ``"state"``) → ``{"scene", "event"}``: a scene that
  agrees with its log — the log's replay, or that replay with hand edits logged that bring it to the
  stored state;
* ``"apply"`` (``scene``, ``action``) → ``{"scene", "event"}`` (``{"type": "undo"}`` and
  ``{"type": "redo"}`` too);
* ``"preview"`` (``scene``, ``action``) → the preview (:func:`engine.preview`);
* ``"fill"`` (``scene``, ``action``: the start of one, e.g. ``{"type": "attack", "attacker", "weapon"?}``)
  → ``{"action", "filled": [field names]}``: the action filled as the scene would fill it — whose turn
  it is, the first opponent in the order as the target, a stored attack's values;
* ``"summary"`` (``scene``) → the fight's summary (:func:`summary.fight_summary`);
* ``"replay"`` (``log``: a list of entries or actions, or a whole scene; ``name``?) → ``{"scene"}``;
* ``"from_calculator"`` (``scene``, ``calculator``: ``{"id", "params", "roll"?: {"seed"}}``,
  ``roles``: ``{"character"}`` or ``{"attacker", "target"}``) → ``{"scene", "actions", "events",
  "unused", "text"}``: the calculator's input applied back (:mod:`.calclink`);
* ``"party"`` (``do``; :mod:`.party`'s format ``svod-party``; every answer with ``"reply": "text"`` gives
  ``party_text``): ``"new"`` → ``{"party"}``; ``"load"`` (``party``) → ``{"party", "migrated_from"}``;
  ``"add"`` (``party``, ``member``: any character record, ``same_name``?: ``"replace"`` | ``"keep_both"``)
  → ``{"party", "member"}``, or ``{"conflict": {"id", "name"}}`` (nothing changed) when the party has
  that name and ``same_name`` is not given; ``"remove"`` / ``"duplicate"`` (``party``, ``member``: id) →
  ``{"party", "member"?}``; ``"carry"`` (``scene``, ``character``) → ``{"member", "changes", "rule"}``:
  what the party would keep of him (the end of the scene's rules);
* ``"from_party"`` (``scene``, ``party``, ``members``: ids) → ``{"scene", "events"}``: each added
  (``add_character``, logged), a name the scene has taken with the next free number;
* ``"duplicate_character"`` (``scene``, ``character``) → ``{"scene", "event"}``: a copy added
  («Громила» → «Громила 2»: the sheet, a fresh state; :data:`party.COPY_TAKES`);
* ``"table"`` (``scene``, ``show_numbers``?, ``sheets``?) → ``{"view", "view_text"}``: the players'
  view (:mod:`.table`); ``"check_table"`` (``view``: its JSON text, from a link) → ``{"view"}``;
* ``"spec"`` → the systems' sheets, creature types, statuses and stored attacks, every action's
  fields, the open readings, the limits, which calculator each action comes back from.

``"reply": "text"`` (new, load, apply, reconcile, replay, from_calculator): the scene comes back as
the JSON text the engine writes (``scene_text``, and ``replayed_text``) instead of an object. Sent
back as ``scene`` in the next request, that text is not checked again: the engine remembers the last
few scenes it wrote or checked, by their text (a scene is a pure function of its text, so this
changes no answer; a page keeps its scene as that text, stored and exported as it is), and whether
each is what its own log replays to. An undo of such a scene puts back what its last entry changed
(no replay: measured in ``scripts/bench``); of a scene not known so, it checks the scene first (a
replay) and refuses if it disagrees with its log.

The page reads (every text ``{"ru", "en"}``):

* a character's ``view``: its system's figures and ``status``/``status_name``, and for every system
  ``side``/``side_name``, ``kind``/``kind_name``, ``statuses`` (each ``{"key", "name", its fields
  — ``left``, ``count`` …, "left_text", "penalty": {"roll", "dexterity"}?, "can_act", "reading"?}``),
  ``status_penalty``, ``can_act``, ``cannot_act`` (``null``, or why he cannot act: ``{"why", "quote",
  "line"}`` — what stops him and the words of his system's source that say so, with their line; an action
  he would do himself — the fields an action's spec names in ``actor`` — is refused with them),
  ``attacks`` (the stored attacks' names), and its place in the
  order: ``initiative``, ``place``, ``acting``, ``done``, ``out_of_fight``, ``tied`` (a tie the source
  breaks by a die, not yet broken: ``roll_ties``);
* the scene's ``round`` and ``turn`` (``current``: whose turn, ``done``, ``started``);
* an event: ``{"ok", "type", "n", "round", "text", "result", "display", "changes", "dice", "seed",
  "by" ("engine" | "hand"), "entry"}``; an undo's ``{"type": "undo", "text", "undone", "changes",
  "can_redo"}``; a redo's ``{"type": "redo", "redone", "action_type", …}``;
* a log entry: ``{"n", "round", "action" (with ``dice`` and ``by`` when it rolled), "text", "undo",
  "facts"?}``; ``redo``: the undone entries.

Every answer is ``{"ok": true, "result": …}`` or ``{"ok": false, "errors": [{"field", "ru", "en"}]}``.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..spec import InputError, T, field_error
from . import actions, calclink, characters, engine, fields as F, readings, state, statuses, summary, table, turns
from . import party as P

__all__ = ["handle", "spec", "KNOWN_SCENES", "KNOWN_CHARS", "STATE_PARTS"]

STATE_PARTS = state.STATE_PARTS


def spec() -> dict:
    return {"format": state.FORMAT, "version": state.VERSION, "systems": characters.spec(),
            "character": characters.common_spec(),
            "actions": [{**a, "calculator": calclink.link_for(a["type"])} for a in actions.spec()],
            "open": readings.OPEN, "field_kinds": F.KINDS,
            "limits": {"characters": F.MAX_CHARACTERS, "log": F.MAX_LOG, "scene_name": F.MAX_SCENE_NAME,
                       "character_name": F.MAX_CHAR_NAME, "note": F.MAX_NOTE, "rounds": F.MAX_ROUND,
                       "tags": F.MAX_TAGS, "tag_length": F.MAX_TAG_LEN, "scene_chars": F.MAX_SCENE_CHARS,
                       "entry_chars": engine.MAX_ENTRY_CHARS, "attacks": characters.MAX_ATTACKS,
                       "attack_name": characters.MAX_ATTACK_NAME, "statuses": statuses.MAX_STATUSES,
                       "initiative": characters.MAX_INITIATIVE, "party_members": P.MAX_MEMBERS,
                       "party_chars": P.MAX_PARTY_CHARS, "link_fragment": table.MAX_FRAGMENT,
                       "view_chars": table.MAX_VIEW_CHARS}}


class _Known:
    """A scene remembered by its text: the checked scene, and whether it is what its own log replays
    to (``True``/``False``, ``None`` not known)."""

    __slots__ = ("scene", "consistent")

    def __init__(self, scene: dict, consistent: bool | None = None):
        self.scene, self.consistent = scene, consistent


#: The scenes last written or checked, by their JSON text (most recent last): a page sends back
#: the text it was given, and the scene need not be parsed and checked again.
_KNOWN: OrderedDict[str, _Known] = OrderedDict()
#: At most this many, and of at most this much text together (a phone's memory: a scene's objects
#: take several times its text; the most recent is always kept).
KNOWN_SCENES = 8
KNOWN_CHARS = 3_000_000


def _remember(text: str, sc: dict, consistent: bool | None = None) -> None:
    """Remember ``sc`` by its text; what is not said (``None``) is kept from before."""
    old = _KNOWN.get(text)
    if old is not None and consistent is None:
        consistent = old.consistent
    _KNOWN[text] = _Known(sc, consistent)
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


def _scene_out(request: dict, sc: dict, consistent: bool | None = None, key: str = "scene",
               check_size: bool = False) -> dict:
    """The scene as the request asks for it: an object, or (``"reply": "text"``) its text."""
    if request.get("reply") == "text":
        text = state.dump(sc)
        if check_size:
            engine.check_size(sc, text)
        _remember(text, sc, consistent)
        return {f"{key}_text": text}
    if check_size:
        engine.check_size(sc)
    return {key: sc}


def _consistent(raw: Any) -> bool | None:
    k = _known(raw)
    return k.consistent if k is not None else None


def _apply(request: dict) -> dict:
    raw = request.get("scene")
    sc = _loaded(raw)
    action = request.get("action")
    known = _consistent(raw)
    new, event = engine.apply_loaded(sc, action, verified=known is True, size=False)
    if not event["ok"]:
        return event
    kind = event["type"]
    # an undo checks an unknown scene against its log (or refuses): after it the scene is known
    consistent = True if kind == "undo" else known
    out = _scene_out(request, new, consistent, check_size=kind not in ("undo", "redo"))
    return {"ok": True, "result": {**out, "event": event}}


def _parse(v: Any, name: str) -> Any:
    if not isinstance(v, str):
        return v
    if len(v) > F.MAX_SCENE_CHARS:
        raise field_error(name, f"Длиннее {F.MAX_SCENE_CHARS} символов.", f"Longer than {F.MAX_SCENE_CHARS} characters.")
    return state.parse_json(v, name)


def _reply(v: Any) -> None:
    if v not in (None, "object", "text"):
        raise field_error("reply", "«reply»: «object» или «text».", "'reply': 'object' or 'text'.")


def _calculator(v: Any) -> dict:
    return F.record(v, "calculator", {"id": lambda x, p: x, "params": lambda x, p: x, "roll": lambda x, p: x},
                    required=("id",), defaults={"params": {}, "roll": None})


def _load(request: dict) -> dict:
    raw = request.get("scene")
    data = state.parse_text(raw) if isinstance(raw, str) else raw
    version = data.get("version") if isinstance(data, dict) else None
    # (a scene remembered by its text is never handed out as an object: nobody may change it)
    text_in_out = isinstance(raw, str) and version == state.VERSION and request.get("reply") == "text"
    known = _known(raw) if text_in_out else None
    sc = known.scene if known is not None else state.load(data)
    verify = request.get("verify", True)
    if not isinstance(verify, bool):
        raise field_error("verify", "«verify»: true или false.", "'verify': true or false.")
    out = {"migrated_from": version if version != state.VERSION else None}
    if not verify:
        return {"ok": True, "result": {**_scene_out(request, sc), **out}}
    if known is not None and known.consistent is True:
        check = {"consistent": True, "replayed": sc, "differences": []}
    else:
        check = engine.verify(sc)
    replayed = check["replayed"]
    same_state = replayed is not None and all(replayed[k] == sc[k] for k in STATE_PARTS)
    out.update(consistent=check["consistent"], state_matches_log=same_state, differences=check["differences"])
    result = {**_scene_out(request, sc, check["consistent"]), **out}
    if not check["consistent"] and replayed is not None:
        result.update(_scene_out(request, replayed, True, key="replayed"))
    return {"ok": True, "result": result}


def _reconcile(request: dict) -> dict:
    """A scene that agrees with its log: ``keep`` "log" — the log's replay; "state" — that replay and
    the hand edits (logged, in words) that bring it to the stored state."""
    sc = _loaded(request.get("scene"))
    keep = request.get("keep")
    if keep not in ("log", "state"):
        raise field_error("keep", "«keep»: «log» (журнал) или «state» (состояние сцены).",
                          "'keep': 'log' or 'state'.")
    check = engine.verify(sc)
    if check["replayed"] is None:
        raise InputError([{**e, "ru": "Журнал не повторяется: " + e["ru"], "en": "The log does not replay: " + e["en"]}
                          for e in check["errors"]])
    new = check["replayed"]
    events = []
    if keep == "state" and not check["consistent"]:
        for a in _edits_towards(new, sc):
            new, ev = engine.apply_loaded(new, a, verified=True)
            if not ev["ok"]:
                return ev
            events.append(ev)
    text = T("Сцена приведена к журналу." if keep == "log" else "Состояние сцены взято, правки записаны в журнал.",
             "The scene follows its log." if keep == "log" else "The scene's state is kept, its edits logged.")
    return {"ok": True, "result": {**_scene_out(request, new, True), "events": events, "text": text}}


def _edits_towards(have: dict, want: dict) -> list[dict]:
    """The actions that bring ``have`` (a replay) to ``want`` (the stored state): characters added,
    removed and edited by hand, moved into the stored order, the turn and the readings set."""
    out = []
    here = {c["id"]: c for c in have["characters"]}
    there = {c["id"]: c for c in want["characters"]}
    for cid in here:
        if cid not in there:
            out.append({"type": "remove_character", "character": cid})
    for cid, c in there.items():
        rec = {k: v for k, v in c.items() if k != "view"}
        if cid not in here:
            out.append({"type": "add_character", "character": rec})
        else:
            h = here[cid]
            edit = {k: rec[k] for k in characters.EDITABLE if h[k] != rec[k]}
            if edit:
                out.append({"type": "edit_character", "character": cid, **edit})
    for i, c in enumerate(want["characters"]):
        out.append({"type": "move_character", "character": c["id"], "to": i + 1})
    if have["readings"] != want["readings"]:
        out.append({"type": "set_readings", "readings": want["readings"]})
    if have["round"] != want["round"] or have["turn"] != want["turn"]:
        out.append({"type": "set_turn", "round": want["round"], **want["turn"]})
    return out


def _fill(request: dict) -> dict:
    sc = _loaded(request.get("scene"))
    a = request.get("action")
    if not isinstance(a, dict) or not isinstance(a.get("type"), str) or a["type"] not in actions.ACTIONS:
        raise field_error("action.type", "Неизвестное действие.", "Unknown action.")
    return {"ok": True, "result": fill(sc, a)}


def fill(sc: dict, a: dict) -> dict:
    """The action as the scene fills it (see the module's docstring)."""
    from . import serial

    spec_ = actions.ACTIONS[a["type"]]
    out = dict(a)
    filled = []
    current = sc["turn"]["current"]
    chars = {c["id"]: c for c in sc["characters"]}
    order = turns.living_order(sc)
    actor_field = next((f for f in spec_.fields if f.kind == "character" and f.extra.get("side") != "opponents"), None)
    if actor_field is not None and out.get(actor_field.name) is None and current is not None:
        ch = chars[current]
        if spec_.system in (None, ch["system"]):
            out[actor_field.name] = current
            filled.append(actor_field.name)
    actor = chars.get(out.get(actor_field.name)) if actor_field is not None else None
    for f in spec_.fields:
        if f.kind == "character" and f.extra.get("side") == "opponents" and out.get(f.name) is None:
            side = actor["side"] if actor else None
            pick = [cid for cid in order if cid != (actor or {}).get("id") and chars[cid]["side"] != side
                    and (spec_.system is None or chars[cid]["system"] == spec_.system)]
            pick = pick or [cid for cid in order if cid != (actor or {}).get("id")
                            and (spec_.system is None or chars[cid]["system"] == spec_.system)]
            if pick:
                out[f.name] = pick[0]
                filled.append(f.name)
    if a["type"] == "attack" and actor is not None:
        w = out.get("weapon") or (actor["attacks"][0]["name"] if actor["attacks"] else None)
        if w is not None:
            weapon = serial.weapon_of(actor, w)
            out["weapon"] = weapon["name"]
            out["params"] = {**weapon["params"], **out.get("params", {})}
            out["tags"] = out.get("tags") or list(weapon["tags"])
            out["nonlethal"] = out.get("nonlethal", weapon["nonlethal"])
            filled += ["weapon", "params", "tags", "nonlethal"]
    return {"action": out, "filled": filled}


def _compact(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def _party_out(request: dict, party: dict) -> dict:
    text = P.dump(party)
    return {"party_text": text} if request.get("reply") == "text" else {"party": party}


def _party(request: dict) -> dict:
    do = request.get("do")
    if do == "new":
        return {"ok": True, "result": _party_out(request, P.new_party())}
    if do == "carry":
        return {"ok": True, "result": P.carry(_loaded(request.get("scene")), request.get("character"))}
    raw = request.get("party")
    data = P.parse(raw) if isinstance(raw, str) else raw
    party = P.load(data)
    if do == "load":
        version = data.get("version") if isinstance(data, dict) else None
        return {"ok": True, "result": {**_party_out(request, party),
                                       "migrated_from": version if version != P.VERSION else None}}
    if do == "add":
        new, mid, other = P.add(party, request.get("member"), request.get("same_name"))
        if other is not None:
            return {"ok": True, "result": {"conflict": {"id": other["id"], "name": other["name"]}}}
        return {"ok": True, "result": {**_party_out(request, new), "member": mid}}
    if do == "remove":
        return {"ok": True, "result": _party_out(request, P.remove(party, request.get("member")))}
    if do == "duplicate":
        new, mid = P.duplicate(party, request.get("member"))
        return {"ok": True, "result": {**_party_out(request, new), "member": mid}}
    raise field_error("do", "«do»: new, load, add, remove, duplicate, carry.", "'do': new, load, add, remove, duplicate, carry.")


def _add_all(request: dict, raw: Any, records: list[dict]) -> dict:
    """``records`` added to the scene one by one (each logged), names made free."""
    sc = _loaded(raw)
    known = _consistent(raw)
    events = []
    for rec in records:
        rec = P.member_for_scene(rec, [c["name"] for c in sc["characters"]])
        sc, ev = engine.apply_loaded(sc, {"type": "add_character", "character": rec}, verified=known is True,
                                     size=False)
        if not ev["ok"]:
            return ev
        events.append(ev)
    return {"ok": True, "result": {**_scene_out(request, sc, known, check_size=True), "events": events}}


def _from_party(request: dict) -> dict:
    party = P.read(request.get("party"))
    ids = P.check_ids(request.get("members"), "members", F.MAX_CHARACTERS)
    return _add_all(request, request.get("scene"), P.members_by_id(party, ids))


def _duplicate_character(request: dict) -> dict:
    raw = request.get("scene")
    sc = _loaded(raw)
    cid = request.get("character")
    ch = next((c for c in sc["characters"] if c["id"] == cid), None) if isinstance(cid, str) else None
    if ch is None:
        raise field_error("character", "Такого персонажа в сцене нет.", "No such character in the scene.")
    out = _add_all(request, raw, [P.fresh_copy(ch, [c["name"] for c in sc["characters"]])])
    if out["ok"]:
        out["result"]["event"] = out["result"].pop("events")[0]
    return out


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
            return _load(request)
        if cmd == "reconcile":
            return _reconcile(request)
        if cmd == "apply":
            return _apply(request)
        if cmd == "preview":
            raw = request.get("scene")
            out = engine.preview_loaded(_loaded(raw), request.get("action"), verified=_consistent(raw) is True)
            return out if not out["ok"] else {"ok": True, "result": out}
        if cmd == "fill":
            return _fill(request)
        if cmd == "summary":
            return {"ok": True, "result": summary.fight_summary(_loaded(request.get("scene")))}
        if cmd == "replay":
            log = request.get("log")
            sc, status = engine.replay_safe(_parse(log, "log"), request.get("name", ""))
            return status if sc is None else {"ok": True, "result": _scene_out(request, sc, True)}
        if cmd == "from_calculator":
            raw = request.get("scene")
            sc = _loaded(raw)
            calc = _calculator(request.get("calculator"))
            new, out = calclink.from_calculator(sc, calc["id"], calc["params"], calc["roll"], request.get("roles"))
            return {"ok": True, "result": {**_scene_out(request, new, _consistent(raw), check_size=True), **out}}
        if cmd == "party":
            return _party(request)
        if cmd == "from_party":
            return _from_party(request)
        if cmd == "duplicate_character":
            return _duplicate_character(request)
        if cmd == "table":
            sc = _loaded(request.get("scene"))
            view = table.make(sc, request.get("show_numbers", False), request.get("sheets", True))
            return {"ok": True, "result": {"view": view, "view_text": _compact(view)}}
        if cmd == "check_table":
            return {"ok": True, "result": {"view": table.check_text(request.get("view"))}}
        names = ("new, load, reconcile, apply, preview, fill, summary, replay, from_calculator, party, from_party, "
                 "duplicate_character, table, check_table, spec")
        raise field_error("cmd", f"Неизвестная команда сцены: {names}.", f"Unknown scene command: {names}.")
    except InputError as e:
        return {"ok": False, "errors": e.errors}
    except RecursionError:
        return {"ok": False, "errors": [{"field": "scene", "ru": "Слишком сложный ввод.", "en": "Input too complex."}]}
    except Exception as e:  # a bug, but never a traceback
        return {"ok": False, "errors": [{"field": "request", "ru": f"Внутренняя ошибка: {type(e).__name__}.",
                                         "en": f"Internal error: {type(e).__name__}."}], "internal": repr(e)}
