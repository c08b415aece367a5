"""Statuses: the states the sources give a duration or a per-turn effect, kept on a character and
moved on by the engine.

A character's ``statuses`` is a list of records ``{"key": K, …its fields}``, at most one per key and
at most :data:`MAX_STATUSES`. Each key is a :class:`StatusKind` of the character's system (its
``SceneSystem.statuses``): its name, its fields (a remaining count, the turns burned …), when it
ticks and what it does then:

* ``on_turn_start(ctx, ch, status)`` — at the start of the character's turn (fire's damage);
* ``on_turn_end(ctx, ch, status)`` — at the end of his turn (his own rounds counted: Шок,
  «Ходячий мертвец», a lost round …);
* ``on_round_end(ctx, ch, status)`` — when the round ends (readied actions lapse, bleeding);
* ``penalty(ch, status, scene)`` → :class:`Penalty` — the dice it takes from his rolls.

A hook says what happened by :meth:`Ctx.say`; it may change the character's state, end the
status (:func:`remove`) or others. The turn machinery (:mod:`.turns`) calls them in order.
``ends_at_scene_end``: the scene's end (``end_scene``) removes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..spec import InputError, T, field_error, ru_count
from . import fields as F

__all__ = ["MAX_STATUSES", "MAX_COUNT", "StatusKind", "Penalty", "check_statuses", "find", "remove", "put",
           "status_view", "penalties", "left_text"]

#: Statuses on one character at once.
MAX_STATUSES = 12
#: Largest count a status keeps (turns burned, rounds left …).
MAX_COUNT = 999


@dataclass(frozen=True)
class Penalty:
    """Dice a status takes: from every action roll (``roll``), and besides from rolls of Ловкость
    (``dexterity``: «Перегружен»). ``why`` names it in the log."""

    roll: int = 0
    dexterity: int = 0


@dataclass(frozen=True)
class StatusKind:
    """One kind of status (see the module's docstring). ``unit``: what its ``left`` counts —
    ``"own_rounds"`` (his turns: «своих раундов»), ``"rounds"`` (the scene's rounds) or ``None``
    (it lasts until an action or the scene's end ends it). ``can_act``: False when the character
    cannot act while he has it (unconscious), ``unable`` the source's words that say so
    (``{"quote", "line"}``: the quote and its line in the system's source). ``reading``: the name of the reading in
    :mod:`.readings` its duration follows, where the source leaves it open. ``by_hand``: the
    Storyteller may set it with ``set_status`` (the engine's own ones — Шок, «Ходячий мертвец» … —
    come from the death's-door roll)."""

    key: str
    name: dict
    fields: tuple[F.Field, ...] = ()
    unit: str | None = None
    help: dict | None = None
    reading: str | None = None
    can_act: bool = True
    unable: dict | None = None
    by_hand: bool = True
    ends_at_scene_end: bool = True
    on_turn_start: Callable | None = None
    on_turn_end: Callable | None = None
    on_round_end: Callable | None = None
    penalty: Callable | None = None
    #: ``on_set(ctx, ch, status)`` when set by hand, ``on_clear(ctx, ch)`` when taken off by hand
    on_set: Callable | None = None
    on_clear: Callable | None = None

    def to_json(self) -> dict:
        return {"key": self.key, "name": self.name, "fields": [f.to_json() for f in self.fields],
                "unit": self.unit, "help": self.help, "reading": self.reading, "can_act": self.can_act,
                "by_hand": self.by_hand, "ends_at_scene_end": self.ends_at_scene_end}


def check_statuses(value: Any, path: str, kinds: dict[str, StatusKind]) -> list[dict]:
    """A character's statuses: a list of records of known keys, each key once."""
    if not isinstance(value, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(value) > MAX_STATUSES:
        raise field_error(path, f"Не больше {MAX_STATUSES} состояний.", f"At most {MAX_STATUSES} statuses.")
    out, errors, seen = [], [], set()
    for i, rec in enumerate(value):
        p = f"{path}[{i}]"
        if not isinstance(rec, dict) or rec.get("key") not in kinds:
            errors.append({"field": f"{p}.key", "ru": "Неизвестное состояние: " + ", ".join(kinds) + ".",
                           "en": "Unknown status: " + ", ".join(kinds) + "."})
            continue
        kind = kinds[rec["key"]]
        try:
            body = F.read({k: v for k, v in rec.items() if k != "key"}, p, kind.fields)
        except InputError as e:
            errors.extend(e.errors)
            continue
        if kind.key in seen:
            errors.append({"field": f"{p}.key", "ru": "Это состояние уже есть.", "en": "This status is there already."})
        seen.add(kind.key)
        out.append({"key": kind.key, **body})
    if errors:
        raise InputError(errors)
    return out


def find(ch: dict, key: str) -> dict | None:
    return next((s for s in ch["statuses"] if s["key"] == key), None)


def remove(ch: dict, key: str) -> dict | None:
    """Take the status off (it is returned), or ``None`` when he has none."""
    st = find(ch, key)
    if st is not None:
        ch["statuses"] = [s for s in ch["statuses"] if s["key"] != key]
    return st


def put(ch: dict, status: dict) -> None:
    """Set the status (replacing one of the same key)."""
    rest = [s for s in ch["statuses"] if s["key"] != status["key"]]
    if len(rest) >= MAX_STATUSES:
        raise field_error("status", f"Не больше {MAX_STATUSES} состояний.", f"At most {MAX_STATUSES} statuses.")
    ch["statuses"] = rest + [status]


def left_text(n: int, unit: str | None) -> dict | None:
    """``ещё 2 своих раунда`` / ``2 more of his rounds``."""
    if unit == "own_rounds":
        return T("ещё " + ru_count(n, "свой раунд", "своих раунда", "своих раундов"),
                 f"{n} more of his round{'s' if n != 1 else ''}")
    if unit == "rounds":
        return T("ещё " + ru_count(n, "раунд", "раунда", "раундов"), f"{n} more round{'s' if n != 1 else ''}")
    return None


def status_view(ch: dict, status: dict, kinds: dict[str, StatusKind], scene: dict) -> dict:
    """A status as the page shows it: its name, what is left of it, the dice it takes."""
    kind = kinds[status["key"]]
    out = {**status, "name": kind.name, "can_act": kind.can_act}
    if kind.unit and "left" in status:
        out["left_text"] = left_text(status["left"], kind.unit)
    if kind.penalty is not None:
        pen = kind.penalty(ch, status, scene)
        out["penalty"] = {"roll": pen.roll, "dexterity": pen.dexterity}
    if kind.reading:
        out["reading"] = kind.reading
    return out


def penalties(ch: dict, kinds: dict[str, StatusKind], scene: dict) -> Penalty:
    """The dice all his statuses take together."""
    roll = dex = 0
    for s in ch["statuses"]:
        kind = kinds[s["key"]]
        if kind.penalty is not None:
            p = kind.penalty(ch, s, scene)
            roll, dex = roll + p.roll, dex + p.dexterity
    return Penalty(roll, dex)
