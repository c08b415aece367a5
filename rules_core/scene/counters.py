"""The scene's counters («Счётчики», 004 § 8): named tracks of divisions the Storyteller fills and
empties («Счётчики могут не только заполняться, но и опустошаться»), some filling by themselves each
round («союзное подкрепление прибудет через 6 ходов»: :data:`readings.CODEX_COUNTER_TICK`).

A scene keeps ``counters``: ``[{"name", "size", "filled", "tick": "none" | "round"}]``.
"""

from __future__ import annotations

from typing import Any

from ..spec import T, field_error
from . import fields as F
from . import readings as RD
from .common import ActionSpec, Ctx

__all__ = ["MAX_COUNTERS", "MAX_SIZE", "check_counters", "tick_round", "ACTIONS"]

#: Counters in one scene; divisions of one («Каждый счётчик по умолчанию разделён на шесть (6) делений,
#: но можно отмечать большее количество, используя деления одного или даже нескольких следующих
#: счётчиков»: up to six counters joined).
MAX_COUNTERS = 8
MAX_SIZE = 36
MAX_NAME = 40
TICKS = ("none", "round")

FIELDS = (
    F.text_field("name", F.NAME_LABEL, MAX_NAME, 1, "", "required"),
    F.Field("size", "int", T("Делений", "Divisions"), F.integer(1, MAX_SIZE), 6, extra={"min": 1, "max": MAX_SIZE}),
    F.Field("filled", "int", T("Заполнено", "Filled"), F.integer(0, MAX_SIZE), 0, extra={"min": 0, "max": MAX_SIZE}),
    F.Field("tick", "choice", T("Заполняется сам", "Fills by itself"), F.choice(TICKS), "none",
            extra={"options": [{"value": "none", "label": T("нет", "no")},
                               {"value": "round", "label": T("на 1 в конце каждого раунда", "by 1 at each round's end")}]}),
)


def check_counters(value: Any, path: str) -> list[dict]:
    if not isinstance(value, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(value) > MAX_COUNTERS:
        raise field_error(path, f"Не больше {MAX_COUNTERS} счётчиков.", f"At most {MAX_COUNTERS} counters.")
    out = []
    for i, rec in enumerate(value):
        c = F.read(rec, f"{path}[{i}]", FIELDS)
        if c["filled"] > c["size"]:
            raise field_error(f"{path}[{i}].filled", "Заполнено больше, чем делений.", "More filled than divisions.")
        if any(F.fold(c["name"]) == F.fold(o["name"]) for o in out):
            raise field_error(f"{path}[{i}].name", "Счётчик с таким именем уже есть.", "A counter of this name exists.")
        out.append(c)
    return out


def _find(ctx: Ctx, name: str) -> dict:
    for c in ctx.scene["counters"]:
        if F.fold(c["name"]) == F.fold(name):
            return c
    raise field_error("name", f"Нет счётчика «{name}».", f"No counter «{name}».")


def _say_full(ctx: Ctx, c: dict) -> None:
    ctx.say(f"Счётчик «{c['name']}» заполнен ({c['filled']}/{c['size']}).", f"Counter «{c['name']}» is full ({c['filled']}/{c['size']}).")


def tick_round(ctx: Ctx) -> None:
    """At a round's end the counters that fill by themselves take one more division."""
    assert RD.CODEX_COUNTER_TICK == "round"
    for c in ctx.scene["counters"]:
        if c["tick"] == "round" and c["filled"] < c["size"]:
            c["filled"] += 1
            if c["filled"] == c["size"]:
                _say_full(ctx, c)


def _run_add(ctx: Ctx, a: dict, box) -> None:
    new = check_counters(ctx.scene["counters"] + [{k: a[k] for k in ("name", "size", "filled", "tick")}], "counters")
    ctx.scene["counters"] = new
    ctx.text = T(f"Счётчик «{a['name']}»: {a['filled']}/{a['size']}.", f"Counter «{a['name']}»: {a['filled']}/{a['size']}.")
    ctx.result = {"counter": a["name"]}


def _run_step(ctx: Ctx, a: dict, box) -> None:
    c = _find(ctx, a["name"])
    before = c["filled"]
    c["filled"] = max(0, min(c["size"], before + a["by"]))
    ctx.text = T(f"Счётчик «{c['name']}»: {before} → {c['filled']} из {c['size']}.",
                 f"Counter «{c['name']}»: {before} → {c['filled']} of {c['size']}.")
    if c["filled"] == c["size"] and before < c["size"]:
        _say_full(ctx, c)
    ctx.result = {"counter": c["name"], "filled": c["filled"]}


def _run_remove(ctx: Ctx, a: dict, box) -> None:
    c = _find(ctx, a["name"])
    ctx.scene["counters"] = [x for x in ctx.scene["counters"] if x is not c]
    ctx.text = T(f"Счётчик «{c['name']}» убран.", f"Counter «{c['name']}» removed.")
    ctx.result = {"counter": c["name"]}


_NAME = F.text_field("name", T("Счётчик", "Counter"), MAX_NAME, 1, "", "required")

ACTIONS = [
    ActionSpec("add_counter", None, T("Новый счётчик", "New counter"), FIELDS, _run_add,
               help=T("«Отметьте любое необходимое количество делений и отмечайте их, когда выполняется условие».",
                      "Mark the divisions needed and fill them when the condition is met.")),
    ActionSpec("step_counter", None, T("Счётчик: заполнить или опустошить", "Counter: fill or empty"),
               (_NAME, F.Field("by", "int", T("На сколько (+ заполнить, − опустошить)", "By (+ fill, − empty)"),
                               F.integer(-MAX_SIZE, MAX_SIZE), 1, extra={"min": -MAX_SIZE, "max": MAX_SIZE})), _run_step),
    ActionSpec("remove_counter", None, T("Убрать счётчик", "Remove a counter"), (_NAME,), _run_remove),
]
