"""Parameter specs, input validation and JSON-ready result helpers.

A calculator declares its parameters with :class:`Param`; ``rules_core.api`` validates
every request against them once, for the browser and the command line alike, and the
browser draws its forms from the very same specs (``Param.to_json``).

Result dicts are plain JSON. Besides the machine-readable keys of each calculator they
carry ``"display"``: a list of blocks the generic renderer in ``calculators/`` draws:

``{"kind": "figures", "items": [{"key": str, "label": T, "value": V}]}``
    key figures in words; ``V`` is a probability object, a number, a string or ``T``
    (an exact non-probability from :func:`frac` carries ``"kind": "number"``).
``{"kind": "distribution", "key": str, "title": T, "x_label": T, "rows": [{"x": V, "p": P, "p_at_least": P | None}]}``
    a bar chart plus a table of P(exactly x) and P(at least x).
``{"kind": "table", "title": T, "columns": [T], "rows": [[V, ...]]}``
``{"kind": "note", "level": "info" | "warning", "text": T}``
``{"kind": "dice", "label": T, "sides": int, "faces": [int], "marks": [str]}``
    a roll's faces; ``marks`` parallel to faces: "success", "one", "explode", "" …

Here ``T`` is ``{"ru": str, "en": str}`` and ``P`` is :func:`prob`'s object.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

Text = dict  # {"ru": str, "en": str}


def T(ru: str, en: str) -> Text:
    """A bilingual text."""
    return {"ru": ru, "en": en}


def prob(p: Fraction | int) -> dict:
    """A probability as JSON: the exact fraction in lowest terms and a float for display."""
    p = Fraction(p)
    return {"exact": f"{p.numerator}/{p.denominator}", "float": float(p)}


def frac(x: Fraction | int) -> dict:
    """A non-probability exact rational (a mean, say): :func:`prob`'s shape plus
    ``"kind": "number"``, so the renderer shows it as a number, not as a percentage."""
    return {**prob(x), "kind": "number"}


class InputError(Exception):
    """Invalid input: one or more ``{"field", "ru", "en"}`` errors."""

    def __init__(self, errors: list[dict] | dict):
        self.errors = errors if isinstance(errors, list) else [errors]
        super().__init__("; ".join(f"{e['field']}: {e['en']}" for e in self.errors))


def field_error(name: str, ru: str, en: str) -> InputError:
    return InputError({"field": name, "ru": ru, "en": en})


@dataclass(frozen=True)
class Option:
    value: str
    label: Text


@dataclass(frozen=True)
class Param:
    """One input of a calculator.

    kinds: ``int`` (min, max), ``bool``, ``choice`` (options), ``int_list`` (item min/max,
    min_len/max_len), ``record_list`` (a list of records whose fields are Params).
    """

    name: str
    kind: str
    label: Text
    default: Any
    min: int | None = None
    max: int | None = None
    options: tuple[Option, ...] = ()
    min_len: int = 0
    max_len: int | None = None
    fields: tuple["Param", ...] = ()
    help: Text | None = None

    def to_json(self) -> dict:
        d: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label,
                             "default": self.default}
        if self.min is not None:
            d["min"] = self.min
        if self.max is not None:
            d["max"] = self.max
        if self.options:
            d["options"] = [{"value": o.value, "label": o.label} for o in self.options]
        if self.kind in ("int_list", "record_list"):
            d["min_len"] = self.min_len
            d["max_len"] = self.max_len
        if self.fields:
            d["fields"] = [f.to_json() for f in self.fields]
        if self.help:
            d["help"] = self.help
        return d

    # ---- validation ---------------------------------------------------------------
    def validate(self, value: Any, path: str | None = None) -> Any:
        """Return the validated value or raise :class:`InputError` naming the field."""
        name = path or self.name
        if self.kind == "int":
            return _check_int(name, value, self.min, self.max)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise field_error(name, "Нужно «да» или «нет».", "Must be true or false.")
            return value
        if self.kind == "choice":
            allowed = [o.value for o in self.options]
            if value not in allowed:
                raise field_error(name, "Выберите один из вариантов: " + ", ".join(allowed) + ".",
                                  "Choose one of: " + ", ".join(allowed) + ".")
            return value
        if self.kind == "int_list":
            items = _check_list(name, value, self.min_len, self.max_len)
            return [_check_int(f"{name}[{i}]", v, self.min, self.max) for i, v in enumerate(items)]
        if self.kind == "record_list":
            items = _check_list(name, value, self.min_len, self.max_len)
            out = []
            for i, rec in enumerate(items):
                if not isinstance(rec, dict):
                    raise field_error(f"{name}[{i}]", "Ожидалась запись с полями.",
                                      "Expected a record with fields.")
                unknown = set(rec) - {f.name for f in self.fields}
                if unknown:
                    u = ", ".join(sorted(map(str, unknown)))
                    raise field_error(f"{name}[{i}]", f"Неизвестные поля: {u}.", f"Unknown fields: {u}.")
                out.append({f.name: f.validate(rec.get(f.name, f.default), f"{name}[{i}].{f.name}")
                            for f in self.fields})
            return out
        raise AssertionError(f"unknown param kind {self.kind}")  # pragma: no cover


def _check_int(name: str, value: Any, lo: int | None, hi: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise field_error(name, "Нужно целое число.", "Must be a whole number.")
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise field_error(name, "Нужно целое число.", "Must be a whole number.") from None
    if isinstance(value, float):
        if not value.is_integer():
            raise field_error(name, "Нужно целое число.", "Must be a whole number.")
        value = int(value)
    if lo is not None and value < lo or hi is not None and value > hi:
        raise field_error(name, f"Допустимо от {lo} до {hi}.", f"Allowed: {lo} to {hi}.")
    return value


def _check_list(name: str, value: Any, min_len: int, max_len: int | None) -> list:
    if not isinstance(value, list):
        raise field_error(name, "Нужен список.", "Must be a list.")
    if len(value) < min_len:
        raise field_error(name, f"Нужно не меньше {min_len} элем.", f"At least {min_len} items.")
    if max_len is not None and len(value) > max_len:
        raise field_error(name, f"Не больше {max_len} элем.", f"At most {max_len} items.")
    return value


# ---- constructors that read well in calculator modules ---------------------------

def int_param(name, ru, en, default, lo, hi, help: Text | None = None) -> Param:
    return Param(name, "int", T(ru, en), default, min=lo, max=hi, help=help)


def bool_param(name, ru, en, default=False, help: Text | None = None) -> Param:
    return Param(name, "bool", T(ru, en), default, help=help)


def choice_param(name, ru, en, default, options: list[tuple[str, str, str]],
                 help: Text | None = None) -> Param:
    return Param(name, "choice", T(ru, en), default,
                 options=tuple(Option(v, T(r, e)) for v, r, e in options), help=help)


def int_list_param(name, ru, en, default, lo, hi, min_len=0, max_len=20,
                   help: Text | None = None) -> Param:
    return Param(name, "int_list", T(ru, en), default, min=lo, max=hi, min_len=min_len,
                 max_len=max_len, help=help)


@dataclass(frozen=True)
class Calculator:
    """A calculator: identity, parameters, and the functions that compute and roll.

    ``compute(params) -> dict`` gets validated params (all present) and returns a
    JSON-ready dict with a ``"display"`` list. ``roll(params, roller) -> dict`` (optional)
    rolls the same thing once with :class:`rules_core.dice.Roller`. ``check`` (optional)
    validates relations between fields and raises :class:`InputError`.
    """

    id: str
    system: str
    title: Text
    params: tuple[Param, ...]
    compute: Callable[[dict], dict]
    roll: Callable[[dict, Any], dict] | None = None
    check: Callable[[dict], None] | None = None
    description: Text | None = None
    kind: str = "dice"  # dice | damage | armor | death | drunkenness | attack | check
    tags: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        d = {"id": self.id, "system": self.system, "title": self.title, "kind": self.kind,
             "params": [p.to_json() for p in self.params], "can_roll": self.roll is not None}
        if self.description:
            d["description"] = self.description
        return d


def dist_rows(dist, at_least: bool = True, label: Callable[[Any], Any] | None = None) -> list[dict]:
    """Rows for a ``distribution`` block from a :class:`rules_core.dice.Dist` of numbers.

    Non-numeric outcomes (e.g. ``"botch"``) come first and get no P(at least).
    """
    numeric = [o for o in dist.outcomes() if isinstance(o, int) and not isinstance(o, bool)]
    other = [o for o in dist.outcomes() if o not in numeric]
    rows = []
    for o in other:
        rows.append({"x": label(o) if label else o, "p": prob(dist[o]), "p_at_least": None})
    tail = sum((dist[o] for o in numeric), Fraction(0))  # P(at least the smallest numeric)
    for o in numeric:
        rows.append({"x": label(o) if label else o, "p": prob(dist[o]),
                     "p_at_least": prob(tail) if at_least else None})
        tail -= dist[o]
    return rows


def dist_block(key: str, title: Text, x_label: Text, dist, at_least: bool = True,
               label: Callable[[Any], Any] | None = None) -> dict:
    return {"kind": "distribution", "key": key, "title": title, "x_label": x_label,
            "rows": dist_rows(dist, at_least, label)}


def figures(*items: tuple[str, Text, Any]) -> dict:
    return {"kind": "figures", "items": [{"key": k, "label": l, "value": v} for k, l, v in items]}


def note(ru: str, en: str, level: str = "info") -> dict:
    return {"kind": "note", "level": level, "text": T(ru, en)}
