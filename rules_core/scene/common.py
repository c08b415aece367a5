"""What the systems' scene modules share: the action record, the working context, calculator access."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable

from .. import api
from ..spec import InputError, Param, T, field_error
from . import fields as F


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action.

    ``fields``: the action's own fields (besides ``type``, ``dice``, ``seed``), each a
    :class:`fields.Field` that both checks its value and describes it to the page; the required
    ones, the defaults and the fields naming characters (checked against the scene) follow from
    them. ``run(ctx, action, box)`` changes ``ctx.scene`` (a copy) and says what happened;
    ``plan(ctx, action)`` (actions that roll): the dice groups in the order the rule rolls them;
    ``preview(ctx, action)``: the exact odds before the roll.
    """

    type: str
    system: str | None
    title: dict
    fields: tuple[F.Field, ...]
    run: Callable
    plan: Callable | None = None
    preview: Callable | None = None
    #: ``calculator(ctx, action)`` → ``{"id", "params"}``: the calculator this action computes
    #: with, its parameters as the scene fills them (``None`` where the calculator cannot hold
    #: the character as it stands); the page opens it, :mod:`.calclink` brings it back
    calculator: Callable | None = None
    #: the dice groups this kind of action may roll: ``(name, repeated)`` (a repeated group is a
    #: list of rolls, e.g. one pair of d6 per drink)
    groups: tuple[tuple[str, bool], ...] = ()
    #: the fields the page shows first (the rest folded under «Подробнее»); ``None``: all
    essentials: tuple[str, ...] | None = None
    #: what the action is for, in a few words (the page's action list)
    help: dict | None = None
    #: the fields that may name who acts (the first one given): one who cannot act (unconscious, dead …)
    #: is refused; the others are acted on (damage, first aid, a fire put out by someone else)
    actor: tuple[str, ...] = ()
    #: the creature types it is for (``None``: every one; the engine refuses the others itself)
    kinds: tuple[str, ...] | None = None

    @property
    def checks(self) -> dict:
        return F.checks(self.fields)

    @property
    def required(self) -> tuple[str, ...]:
        return F.required(self.fields)

    @property
    def defaults(self) -> dict:
        return F.defaults(self.fields)

    @property
    def refs(self) -> tuple[str, ...]:
        """The fields naming characters (checked against the scene)."""
        return tuple(f.name for f in self.fields if f.kind == "character")

    def to_json(self) -> dict:
        out = {"type": self.type, "system": self.system, "title": self.title,
               "fields": [f.to_json() for f in self.fields],
               "dice": [{"group": g, "repeated": rep} for g, rep in self.groups]}
        if self.essentials is not None:
            out["essentials"] = list(self.essentials)
        if self.help is not None:
            out["help"] = self.help
        if self.actor:
            out["actor"] = list(self.actor)
        if self.kinds is not None:
            out["kinds"] = list(self.kinds)
        return out


class Ctx:
    """The scene being changed by one action (a deep copy of the valid scene) and what the
    action reports: ``text`` (the log line), ``result`` (machine keys), ``display`` blocks."""

    def __init__(self, scene: dict):
        self.scene = scene
        self.text: dict = T("", "")
        self.result: dict = {}
        self.display: list = []
        #: what else happened, in order (a turn's ticks …): joined after ``text`` in the log line
        self.lines: list[tuple[str, str]] = []
        #: what the fight's summary counts from this entry (:mod:`.summary`): kept in the log
        self.facts: dict = {}
        #: what one action works out more than once (its plan, its run): kept for the action
        self.memo: dict = {}

    def say(self, ru: str, en: str) -> None:
        """Add a sentence to the log line (after the action's own text)."""
        self.lines.append((ru, en))

    def full_text(self) -> dict:
        ru = " ".join([x for x in [self.text["ru"], *(r for r, _ in self.lines)] if x])
        en = " ".join([x for x in [self.text["en"], *(e for _, e in self.lines)] if x])
        return T(ru, en)

    def char(self, cid: str) -> dict:
        for c in self.scene["characters"]:
            if c["id"] == cid:
                return c
        raise field_error("character", f"Нет персонажа «{cid}».", f"No character '{cid}'.")  # pragma: no cover

    def readings(self, system: str) -> dict:
        return self.scene["readings"][system]

    @property
    def round(self) -> int:
        return self.scene["round"]


def percent(p: dict, lang: str = "ru") -> str:
    """A probability (:func:`rules_core.spec.prob`'s object) as the log says it: ``88 %``, ``2,5 %`` (below
    10 %: a decimal; ``2.5 %`` in English)."""
    x = 100 * p["float"]
    text = f"{x:.0f}" if x >= 10 or x == 0 else f"{x:.1f}"
    return (text.replace(".", ",") if lang == "ru" else text) + " %"


def calc_param(calc_id: str, name: str) -> Param:
    """A calculator's own parameter (the scene offers the same switch, with the same options);
    without the calculator's ``when``, which names its other fields (the scene has its own)."""
    return replace(next(p for p in api.get(calc_id).params if p.name == name), when=None)


def calc_validate(calc_id: str, params: dict, prefix: str = "params") -> dict:
    """Validate ``params`` as the calculator does; errors name ``prefix.field``. The same parameters
    validate alike: the last answers are kept (a replay validates an attack's many times over)."""
    try:
        key = json.dumps(params, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON data: validate it as it is (and refuse it)
        key = None
    if key is not None:
        return dict(_validated(calc_id, key, prefix))
    return _validate(calc_id, params, prefix)


def _validate(calc_id: str, params: Any, prefix: str) -> dict:
    calc = api.get(calc_id)
    try:
        return api.validate(calc, params)
    except InputError as e:
        raise InputError([{**err, "field": f"{prefix}.{err['field']}" if err["field"] else prefix}
                          for err in e.errors]) from None


@lru_cache(maxsize=1024)
def _validated(calc_id: str, key: str, prefix: str) -> dict:
    return _validate(calc_id, json.loads(key), prefix)


def calc_compute(calc_id: str, params: dict) -> dict:
    return api.get(calc_id).compute(params)


def calc_roll(calc_id: str, params: dict, box) -> dict:
    return api.get(calc_id).roll(params, box)
