"""The dice of one action: rolled with a seeded roller, or the faces a player rolled by hand.

A :class:`DiceBox` has the interface of :class:`rules_core.dice.Roller` (``die``, ``dice``,
``seed``), so the calculators' own roll functions run on it unchanged. Each call takes the
next named group of the action's *plan* (e.g. ``attack``, ``defence``, ``damage``):

* faces given by hand (``{"attack": [6, 7, 8, 2], "damage": [1, 3, 6, 7, 7, 10]}``) are checked
  against what the rule rolls: the count of dice and each face within 1..sides; a group the
  rule does not roll this time (damage after a miss) is refused, never ignored;
* without faces, a :class:`~rules_core.dice.Roller` rolls (with the seed given, or a fresh one).

Either way :attr:`DiceBox.recorded` holds every face by its group: the log stores it, so a
replay rolls nothing.
"""

from __future__ import annotations

from typing import Any

from ..dice import Roller
from ..spec import Errors, InputError, field_error, items_text
from .fields import shown

#: Most dice in one group (the calculators' pools are at most 30; two guns, bursts: 60).
MAX_GROUP = 60
#: Most groups of one name (a bottle of vodka is five checks).
MAX_REPEAT = 20
#: A seed is a whole number of at most 64 bits.
MAX_SEED = 2**64


class DiceBox:
    """``plan``: the groups in the order the rule rolls them: ``(name, None)`` for one roll,
    ``(name, i)`` for the i-th roll of a repeated group (given as a list of lists)."""

    def __init__(self, plan: list[tuple[str, int | None]], given: dict | None = None,
                 seed: int | None = None):
        self.plan = plan
        self.given = given
        self._roller = None if given is not None else Roller(seed)
        self.seed = None if given is not None else self._roller.seed
        self._next = 0
        self.recorded: dict[str, Any] = {}
        self.used: list[tuple[str, int | None]] = []

    def die(self, sides: int) -> int:
        return self.dice(1, sides)[0]

    def dice(self, n: int, sides: int) -> list[int]:
        if self._next >= len(self.plan):  # pragma: no cover - a rule rolled more than planned
            raise AssertionError("a rule rolled more groups than the action plans")
        key, idx = self.plan[self._next]
        self._next += 1
        self.used.append((key, idx))
        path = f"dice.{key}" + ("" if idx is None else f"[{idx}]")
        if self._roller is not None:
            faces = self._roller.dice(n, sides)
        else:
            faces = self._given(key, idx)
            if faces is None:
                if n:
                    raise field_error(path, f"Бросается {n} d{sides}: впишите выпавшие грани.",
                                      f"{n} d{sides} are rolled here: enter the faces.")
                faces = []
            if len(faces) != n:
                raise field_error(path, f"Нужно ровно {n} d{sides}, дано {len(faces)}.",
                                  f"Exactly {n} d{sides} are rolled, {len(faces)} given.")
            errors = [{"field": f"{path}[{i}]", "ru": f"Грань d{sides}: от 1 до {sides}.",
                       "en": f"A face of a d{sides}: 1 to {sides}."}
                      for i, f in enumerate(faces) if not 1 <= f <= sides]
            if errors:
                raise InputError(errors)
        faces = list(faces)
        if idx is None:
            self.recorded[key] = faces
        else:
            self.recorded.setdefault(key, []).append(faces)
        return faces

    def _given(self, key: str, idx: int | None) -> list[int] | None:
        v = self.given.get(key)
        if idx is None or v is None:
            return v
        return v[idx] if idx < len(v) else None

    def finish(self) -> None:
        """Refuse faces given for a roll the rule did not make."""
        if self.given is None:
            return
        used = set(self.used)
        errors = []
        for key, v in self.given.items():
            repeated = any(k == key and i is not None for k, i in self.plan)
            idxs = range(len(v)) if repeated else [None]
            for i in idxs:
                if (key, i) not in used and (v[i] if i is not None else v):
                    path = f"dice.{key}" + ("" if i is None else f"[{i}]")
                    errors.append({"field": path,
                                   "ru": "Эти кубики здесь не бросаются (например, атака промахнулась).",
                                   "en": "These dice are not rolled here (the attack missed, say)."})
        if errors:
            raise InputError(errors)


def check_given(value: Any, plan: list[tuple[str, int | None]]) -> dict:
    """Validate the shape of hand-rolled faces before any rule runs: known group names, lists
    of whole numbers, bounded sizes (each face's range is checked when its die is known)."""
    if not isinstance(value, dict):
        raise field_error("dice", "Кубики: объект «группа → грани».", "Dice: an object 'group -> faces'.")
    names = {k for k, _ in plan}
    repeated = {k for k, i in plan if i is not None}
    errors, out = Errors(), {}
    for key, v in value.items():
        path = f"dice.{shown(key)}"
        if key not in names:
            errors.append({"field": path, "ru": "Такие кубики в этом действии не бросаются.",
                           "en": "No such dice in this action."})
            continue
        with errors.gather():
            if key in repeated:
                groups = _list(v, path, MAX_REPEAT)
                out[key] = [_faces(g, f"{path}[{i}]") for i, g in enumerate(groups)]
            else:
                out[key] = _faces(v, path)
    errors.check()
    return out


def _list(v: Any, path: str, n: int) -> list:
    if not isinstance(v, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(v) > n:
        raise field_error(path, f"Не больше {items_text(n)['ru']}.", f"At most {items_text(n)['en']}.")
    return v


def _faces(v: Any, path: str) -> list[int]:
    items = _list(v, path, MAX_GROUP)
    for i, f in enumerate(items):
        if isinstance(f, bool) or not isinstance(f, int):
            raise field_error(f"{path}[{i}]", "Грань — целое число.", "A face is a whole number.")
    return list(items)


def check_seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEED:
        raise field_error("seed", "Зерно — целое число от 0 до 2^64 − 1.",
                          "The seed is a whole number from 0 to 2^64 − 1.")
    return value
