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

Here ``T`` is ``{"ru": str, "en": str}`` and ``P`` is :func:`prob`'s object: a probability,
0 ≤ P ≤ 1. Any other exact number (a mean, a count, a ratio) is :func:`frac`'s object, which
carries ``"kind": "number"``.

Reading input: one strict rule
------------------------------
The engine, the page's form and a deep link read every value by the same rule: a value is
valid as it stands, or it is refused with ``{"field", "ru", "en"}`` naming it. Nothing is
replaced by a default, trimmed, rounded, case-folded or otherwise reinterpreted.

``int``
    a JSON integer (``true``/``false`` are not integers), or a string made of the ASCII
    digits ``0``–``9`` only, with an optional leading minus: the ASCII hyphen-minus ``-`` or
    the minus sign U+2212 ``−`` (the one the site itself prints, so a number copied from a
    result reads back as it was shown): ``"5"``, ``"-5"``, ``"−5"``, ``"007"`` (= 7). Refused: every JSON float, even an
    integral one such as ``5.0`` or ``1e3`` (JavaScript's ``JSON.stringify`` never writes an integer so, so only a
    hand-made request carries one; accepting them would also take ``1e300`` and
    ``9007199254740993.0``, which arrives already changed to ...992); strings with anything
    else: surrounding or inner whitespace (``" 5 "``), ``"+5"``, ``"1_0"``, ``"1e3"``,
    ``"5.0"``, a dash (``"–5"``), full-width (``"５"``),
    Arabic-Indic (``"٣"``) or any other non-ASCII digits, the empty string. A string of more
    than :data:`MAX_INT_DIGITS` digits is out of range without being converted. Then
    ``min ≤ value ≤ max``.
``bool``
    JSON ``true`` or ``false`` only (not ``"true"``, ``"false"``, ``1``, ``"1"``, ``"да"``).
``choice``
    a string exactly equal to one option's value (case and spaces as written).
``int_list``
    a JSON array (a comma-separated string is not one) whose length is checked against
    ``min_len``/``max_len`` before any item is looked at; then every item by the ``int``
    rule, every bad item reported (``name[i]``).
``record_list``
    a JSON array, its length checked first; every item an object whose keys are among the
    record's fields (unknown keys refused); a field a record leaves out takes that field's
    default, as a parameter the request leaves out does (an absent value is not a bad one;
    nor is one whose ``when`` is false, see below: it is not read, and computes with its
    default).
    Every bad record and every bad field of every record is reported (``name[i]``,
    ``name[i].field``), not only the first.

The parameters are a JSON object (``null`` stands for ``{}``) of at most
:data:`MAX_PARAMS` keys; an unknown name is refused, each one reported.

As text (a deep link ``?CALC_ID.PARAM=value``, or a form's text box) the same values are:
``int`` and each ``int_list`` item by the string rule above; ``int_list`` as items separated
by ``,`` (spaces beside a comma are separators, an empty item as in ``1,,2`` or ``1,`` is
refused); ``bool`` exactly ``1`` or ``0``; ``choice`` the exact value; ``record_list`` its
JSON array, read by the rules above. Whatever is not so is refused beside its field, and a
list longer than ``max_len`` is refused before any row of it is drawn.

How a calculator is laid out (the same for the page and the command line):

* every :class:`Param` has a ``group``: ``"main"`` (the few fields a user changes every time,
  shown first), ``"details"`` (folded under «Подробнее») or ``"readings"`` (how to read an
  unclear source, folded under «Толкования источника»);
* a ``when`` condition says when a parameter applies at all (see :func:`applies`): one that
  does not apply under the others' values is neither shown nor required, and the calculation
  gets its default; a value given for it all the same (other than the default) is not refused —
  a form keeps what its hidden fields hold — but every result says it was not used: its paths
  under ``"not_used"`` and a note (:func:`unused_given`, applied by ``api.run`` and ``api.roll``
  to every calculator);
* a :class:`Calculator`'s ``summary`` names the one to three figures it exists for (keys of
  its ``figures`` blocks); :func:`summary_of` picks them out of a result, ``api.run`` puts
  them under ``"summary"``, the CLI prints them, the page keeps them in sight.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

__all__ = ["listed_names", "check_int", 
    "Text", "T", "prob", "dice_block", "frac", "InputError", "field_error", "Errors", "Option", "GROUPS",
    "Preset", "Param", "MAX_INT_DIGITS", "MAX_PARAMS", "shown", "ru_count", "items_text", "MAX_CONDITION_DEPTH",
    "check_condition", "condition_names", "applies", "applicable_names", "shown_names", "validate_fields",
    "summary_of", "int_param", "bool_param", "choice_param", "int_list_param", "Calculator", "dist_json",
    "dist_rows", "dist_block", "figures", "note", "unused_given", "unused_note",
]
Text = dict  # {"ru": str, "en": str}


def T(ru: str, en: str) -> Text:
    """A bilingual text."""
    return {"ru": ru, "en": en}


def prob(p: Fraction | int) -> dict:
    """A probability as JSON: the exact fraction in lowest terms and a float for display."""
    p = Fraction(p)
    return {"exact": f"{p.numerator}/{p.denominator}", "float": float(p)}


def dice_block(label: Text, sides: int, faces: list[int], marks: list[str] | None = None) -> dict:
    """A roll's faces as a ``dice`` block (see the module docstring); no marks unless given.

    >>> dice_block(T("2К", "2d6"), 6, [3, 5])["marks"]
    ['', '']
    """
    return {"kind": "dice", "label": label, "sides": sides, "faces": faces,
            "marks": [""] * len(faces) if marks is None else marks}


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


class Errors(list):
    """The errors of one input, gathered so the page can show every bad field at once: a list
    of ``{"field", "ru", "en"}``. ``with errors.gather():`` keeps the errors an
    :class:`InputError` raised inside carries and goes on after the block; :meth:`check` raises
    them all together, if there are any.

    >>> errors = Errors()
    >>> with errors.gather():
    ...     raise field_error("a", "Плохо.", "Bad.")
    >>> errors.append({"field": "b", "ru": "Тоже.", "en": "Too."})
    >>> try:
    ...     errors.check()
    ... except InputError as e:
    ...     print(e)
    a: Bad.; b: Too.
    """

    @contextmanager
    def gather(self):
        try:
            yield
        except InputError as e:
            self.extend(e.errors)

    def check(self) -> None:
        if self:
            raise InputError(list(self))


@dataclass(frozen=True)
class Option:
    value: str
    label: Text


#: Where a parameter stands in a calculator (see the module docstring).
GROUPS = ("main", "details", "readings")


@dataclass(frozen=True)
class Preset:
    """A one-tap entry of a ``record_list`` («+ пиво»): its label (the entry's name, «пиво»: the
    page writes the «+ ») and the record it adds."""

    label: Text
    record: dict


@dataclass(frozen=True)
class Param:
    """One input of a calculator.

    kinds: ``int`` (min, max), ``bool``, ``choice`` (options), ``int_list`` (item min/max,
    min_len/max_len), ``record_list`` (a list of records whose fields are Params).
    ``group`` is one of :data:`GROUPS`; ``when`` a condition for :func:`applies` (for a
    record's field it names the record's other fields); ``presets`` the one-tap entries of a
    ``record_list``.
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
    group: str = "main"
    when: dict | None = None
    presets: tuple[Preset, ...] = ()
    #: ``SYSTEM/NAME`` of the :class:`rules_core.readings.Reading` this switch is built from
    reading: str | None = field(default=None, compare=False)

    def __post_init__(self):
        if self.group not in GROUPS:
            raise ValueError(f"param {self.name}: group must be one of {GROUPS}, not {self.group!r}")
        if self.when is not None:
            check_condition(self.when, f"param {self.name}")
        if self.presets and self.kind != "record_list":
            raise ValueError(f"param {self.name}: presets are for record_list params")

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
        d["group"] = self.group
        if self.when is not None:
            d["when"] = self.when
        if self.presets:
            d["presets"] = [{"label": pr.label, "record": pr.record} for pr in self.presets]
        return d

    # ---- validation ---------------------------------------------------------------
    def validate(self, value: Any, path: str | None = None) -> Any:
        """Return the validated value or raise :class:`InputError` naming the field (for a
        list: every bad item, each under its own path)."""
        name = path or self.name
        if self.kind == "int":
            return check_int(name, value, self.min, self.max)
        if self.kind == "bool":
            return _check_bool(name, value)
        if self.kind == "choice":
            return _check_choice(name, value, [o.value for o in self.options])
        if self.kind == "int_list":
            items = _check_list(name, value, self.min_len, self.max_len)
            return _each(name, items, lambda item_name, v: check_int(item_name, v, self.min, self.max))
        if self.kind == "record_list":
            items = _check_list(name, value, self.min_len, self.max_len)
            return _each(name, items, self._validate_record)
        raise AssertionError(f"unknown param kind {self.kind}")  # pragma: no cover

    def _validate_record(self, name: str, rec: Any) -> dict:
        if not isinstance(rec, dict):
            raise field_error(name, "Ожидалась запись с полями.", "Expected a record with fields.")
        errors = Errors()
        names = {f.name for f in self.fields}
        unknown = [k for k in rec if k not in names]
        if unknown:
            u = listed_names(unknown)
            errors.append({"field": name, "ru": f"Неизвестные поля: {u}.", "en": f"Unknown fields: {u}."})
        with errors.gather():
            out = validate_fields(self.fields, rec, f"{name}.")
        errors.check()
        return out


#: A string of more digits than this is out of range, whatever the bounds (no int() of it).
MAX_INT_DIGITS = 30
#: At most so many keys in a request's parameters (the largest calculator has 34).
MAX_PARAMS = 100
_INT_TEXT = re.compile("[-\u2212]?[0-9]+")


def shown(value: Any, limit: int = 40) -> str:
    """A value of the request quoted in a message, cut to ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def listed_names(keys: list) -> str:
    """The first five ``keys`` for a message, and how many more («a, b, c (+2)»)."""
    out = ", ".join(shown(str(k)) for k in keys[:5])
    return out + (f" (+{len(keys) - 5})" if len(keys) > 5 else "")


def _range_error(name: str, lo: int | None, hi: int | None) -> InputError:
    if lo is not None and hi is not None:
        return field_error(name, f"Допустимо от {lo} до {hi}.", f"Allowed: {lo} to {hi}.")
    if lo is not None:
        return field_error(name, f"Не меньше {lo}.", f"At least {lo}.")
    return field_error(name, f"Не больше {hi}.", f"At most {hi}.")


def check_int(name: str, value: Any, lo: int | None, hi: int | None) -> int:
    """The ``int`` rule of the module's docstring."""
    if isinstance(value, str):
        if value == "":
            raise field_error(name, "Введите целое число.", "Enter a whole number.")
        if not _INT_TEXT.fullmatch(value):
            raise field_error(name, "Нужно целое число: цифры 0–9, для отрицательного — «-» впереди.",
                              "Must be a whole number: digits 0-9, with a leading '-' if negative.")
        value = value.replace("\u2212", "-", 1)
        if len(value.lstrip("-").lstrip("0")) > MAX_INT_DIGITS:
            raise _range_error(name, lo, hi)
        value = int(value)
    elif isinstance(value, float):
        raise field_error(name, "Нужно целое число, без дробной части и точки.",
                          "Must be a whole number, with no decimal point.")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise field_error(name, "Нужно целое число.", "Must be a whole number.")
    if lo is not None and value < lo or hi is not None and value > hi:
        raise _range_error(name, lo, hi)
    return int(value)


def _check_bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise field_error(name, "Нужно «да» или «нет» (true или false).", "Must be true or false.")
    return value


def _check_choice(name: str, value: Any, allowed: list[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise field_error(name, "Выберите один из вариантов: " + ", ".join(allowed) + ".",
                          "Choose one of: " + ", ".join(allowed) + ".")
    return value


def ru_count(n: int, one: str, few: str, many: str) -> str:
    """A number with its noun in the Russian form the number takes.

    >>> ru_count(1, "хит", "хита", "хитов"), ru_count(3, "хит", "хита", "хитов"), ru_count(11, "хит", "хита", "хитов")
    ('1 хит', '3 хита', '11 хитов')
    """
    m10, m100 = abs(n) % 10, abs(n) % 100
    form = one if m10 == 1 and m100 != 11 else few if 2 <= m10 <= 4 and not 12 <= m100 <= 14 else many
    return f"{n} {form}"


def items_text(n: int) -> dict:
    """A number of a list's items as «не больше N …» wants it: 1 элемента, 5 элементов; 1 item, 5 items."""
    return T(ru_count(n, "элемента", "элементов", "элементов"), f"{n} item" + ("" if n == 1 else "s"))


def _check_list(name: str, value: Any, min_len: int, max_len: int | None) -> list:
    """A list whose length is within bounds; nothing in it is looked at yet."""
    if not isinstance(value, list):
        raise field_error(name, "Нужен список.", "Must be a list.")
    if len(value) < min_len:
        raise field_error(name, f"Нужно не меньше {items_text(min_len)['ru']}.", f"At least {items_text(min_len)['en']}.")
    if max_len is not None and len(value) > max_len:
        raise field_error(name, f"Не больше {items_text(max_len)['ru']}.", f"At most {items_text(max_len)['en']}.")
    return value


def _each(name: str, items: list, check: Callable[[str, Any], Any]) -> list:
    """``check(f"{name}[i]", item)`` for every item; every item's errors are reported together."""
    out, errors = [], Errors()
    for i, item in enumerate(items):
        with errors.gather():
            out.append(check(f"{name}[{i}]", item))
    errors.check()
    return out


# ---- when a parameter applies -------------------------------------------------------
#
# A condition is JSON, read alike here and in the page (calculators/when.mjs):
#   {"param": NAME, "eq": V} | {"param": NAME, "ne": V} | {"param": NAME, "in": [V, ...]}
#   {"param": NAME, "min": N} | {"param": NAME, "max": N}        (N inclusive, for ints)
#   {"all": [C, ...]} | {"any": [C, ...]} | {"not": C}
# NAME is another parameter of the same calculator (for a record's field: another field of
# the same record). A condition on a parameter that does not apply itself is false.

_TESTS = ("eq", "ne", "in", "min", "max")
MAX_CONDITION_DEPTH = 8


def check_condition(cond: Any, where: str, depth: int = 0) -> None:
    """Raise ValueError unless ``cond`` is a well-formed condition (a spec bug, at import)."""
    if depth > MAX_CONDITION_DEPTH or not isinstance(cond, dict) or len(cond) not in (1, 2):
        raise ValueError(f"{where}: bad condition {cond!r}")
    if "all" in cond or "any" in cond:
        items = cond.get("all", cond.get("any"))
        if len(cond) != 1 or not isinstance(items, list) or not items:
            raise ValueError(f"{where}: bad condition {cond!r}")
        for c in items:
            check_condition(c, where, depth + 1)
    elif "not" in cond:
        if len(cond) != 1:
            raise ValueError(f"{where}: bad condition {cond!r}")
        check_condition(cond["not"], where, depth + 1)
    else:
        tests = [k for k in cond if k != "param"]
        if not isinstance(cond.get("param"), str) or len(tests) != 1 or tests[0] not in _TESTS:
            raise ValueError(f"{where}: bad condition {cond!r}")
        if tests[0] == "in" and not isinstance(cond["in"], list):
            raise ValueError(f"{where}: 'in' needs a list: {cond!r}")
        if tests[0] in ("min", "max") and (isinstance(cond[tests[0]], bool) or not isinstance(cond[tests[0]], int)):
            raise ValueError(f"{where}: '{tests[0]}' needs an integer: {cond!r}")


def condition_names(cond: dict) -> set[str]:
    """The parameter names a condition reads."""
    if "all" in cond or "any" in cond:
        return set().union(*(condition_names(c) for c in cond.get("all", cond.get("any"))))
    if "not" in cond:
        return condition_names(cond["not"])
    return {cond["param"]}


def applies(cond: dict | None, values: dict, applicable: Callable[[str], bool] = lambda name: True) -> bool:
    """Whether a parameter with condition ``cond`` applies under ``values`` (validated values
    by name); ``applicable(name)`` says whether a named parameter applies itself."""
    if cond is None:
        return True
    if "all" in cond:
        return all(applies(c, values, applicable) for c in cond["all"])
    if "any" in cond:
        return any(applies(c, values, applicable) for c in cond["any"])
    if "not" in cond:
        return not applies(cond["not"], values, applicable)
    name = cond["param"]
    if not applicable(name) or name not in values:
        return False
    v = values[name]
    if "eq" in cond:
        return v == cond["eq"] and type(v) is type(cond["eq"])
    if "ne" in cond:
        return not (v == cond["ne"] and type(v) is type(cond["ne"]))
    if "in" in cond:
        return any(v == x and type(v) is type(x) for x in cond["in"])
    if isinstance(v, bool) or not isinstance(v, int):
        return False
    return v >= cond["min"] if "min" in cond else v <= cond["max"]


def applicable_names(params: tuple[Param, ...] | list[Param], values: dict,
                     valid: Callable[[str], bool] = lambda name: True) -> set[str]:
    """The names of the parameters that apply under ``values`` (conditions may chain: one on a
    parameter that does not apply, or whose value is not ``valid``, is false), as
    :func:`validate_fields` decides. Raises ValueError on a cycle (a spec bug)."""
    ok = _resolver(params, lambda p, ok: applies(p.when, values, ok) and valid(p.name))
    return {p.name for p in params if ok(p.name)}


def shown_names(params: tuple[Param, ...] | list[Param], values: dict) -> set[str]:
    """The names of the fields a form shows for ``values`` (as entered, by name; a missing one
    takes its default): those whose condition holds, the condition reading only the parameters
    that apply with a valid value. A field with a bad value stays in sight, to be mended.

    >>> ps = (int_param("n", "Н", "N", 1, 0, 9), int_param("k", "К", "K", 0, 0, 9, when={"param": "n", "min": 1}))
    >>> sorted(shown_names(ps, {})), sorted(shown_names(ps, {"n": 0})), sorted(shown_names(ps, {"n": "x"}))
    (['k', 'n'], ['n'], ['n'])
    """
    full = {p.name: values.get(p.name, p.default) for p in params}
    by_name = {p.name: p for p in params}

    def valid(name: str) -> bool:
        try:
            by_name[name].validate(full[name])
            return True
        except InputError:
            return False

    live = applicable_names(params, full, valid)
    return {p.name for p in params if applies(p.when, full, lambda name: name in live)}


def _resolver(params: tuple[Param, ...] | list[Param],
              decide: Callable[[Param, Callable[[str], bool]], bool]) -> Callable[[str], bool]:
    """``name → bool``, decided once for each parameter by ``decide(param, resolve)``, which may
    ask ``resolve`` about the others (conditions chain); a name that is no parameter is False.
    Raises ValueError on a cycle (a spec bug)."""
    by_name = {p.name: p for p in params}
    state: dict[str, bool] = {}
    busy: set[str] = set()

    def resolve(name: str) -> bool:
        if name not in by_name:
            return False
        if name in state:
            return state[name]
        if name in busy:
            raise ValueError(f"conditions form a cycle through {name}")
        busy.add(name)
        state[name] = decide(by_name[name], resolve)
        busy.discard(name)
        return state[name]

    return resolve


def validate_fields(params: tuple[Param, ...] | list[Param], given: dict, prefix: str = "") -> dict:
    """Validate ``given`` against ``params`` (a missing value takes its default), collecting
    every error. A parameter whose ``when`` is false is not validated and gets its default; a
    condition reads only parameters that apply and hold a valid value (one on a bad value is
    false, and that value's own error is reported)."""
    values: dict[str, Any] = {}
    errors = Errors()

    def valid(p: Param, resolve: Callable[[str], bool]) -> bool:
        """Whether ``p`` applies and holds a valid value (validated here, on first use)."""
        if not applies(p.when, values, resolve):
            return False
        with errors.gather():
            values[p.name] = p.validate(given.get(p.name, p.default), prefix + p.name)
        return p.name in values

    live = _resolver(params, valid)
    for p in params:
        live(p.name)
    errors.check()
    return {p.name: values[p.name] if live(p.name) else p.default for p in params}


def unused_given(params: tuple[Param, ...] | list[Param], given: Any, values: dict, prefix: str = "") -> list[tuple[str, Text]]:
    """The values a request gave for parameters that do not apply under the validated ``values`` (their
    ``when`` is false, so the calculation took the default): ``[(path, label)]``, a record's field as
    ``name[i].field``. A value equal to the default is no news and is left out; so is a value the request left
    out. The one rule every calculator follows (``api.run`` and ``api.roll``): such a value is not refused —
    a form keeps the values of the fields it hides — but the result says it was not used.

    >>> ps = (bool_param("b", "Б", "B"), int_param("k", "К", "K", 0, 0, 9, when={"param": "b", "eq": True}))
    >>> unused_given(ps, {"k": 3}, {"b": False, "k": 0}), unused_given(ps, {"k": 0}, {"b": False, "k": 0})
    ([('k', {'ru': 'К', 'en': 'K'})], [])
    """
    if not isinstance(given, dict):
        return []
    live = applicable_names(params, values)
    out: list[tuple[str, Text]] = []
    for p in params:
        if p.name not in given:
            continue
        if p.name not in live:
            try:
                same = p.validate(given[p.name]) == p.default
            except InputError:
                same = False
            if not same:
                out.append((prefix + p.name, p.label))
        elif p.kind == "record_list" and isinstance(given[p.name], list):
            for i, (rec, val) in enumerate(zip(given[p.name], values[p.name])):
                for path, label in unused_given(p.fields, rec, val, f"{prefix}{p.name}[{i}]."):
                    out.append((path, T(f"{p.label['ru']} №{i + 1}: {label['ru']}", f"{p.label['en']} #{i + 1}: "
                                        f"{label['en']}")))
    return out


def unused_note(unused: list[tuple[str, Text]]) -> dict:
    """The note a result carries for :func:`unused_given`'s values."""
    ru = ", ".join(f"«{label['ru']}»" for _, label in unused)
    en = ", ".join(f"«{label['en']}»" for _, label in unused)
    return note(f"Не учтено — при этих значениях не относится к расчету: {ru}.",
                f"Not used — with these values it does not apply: {en}.", "warning")


def summary_of(calc: "Calculator", result: dict) -> list[dict]:
    """The figures a calculator declares as its summary, picked out of a result's display:
    ``[{"key", "label", "value"}]`` in the declared order."""
    found: dict[str, dict] = {}
    for block in result.get("display", []):
        if isinstance(block, dict) and block.get("kind") == "figures":
            for item in block.get("items", []):
                found.setdefault(item.get("key"), item)
    return [found[k] for k in calc.summary if k in found]


# ---- constructors that read well in calculator modules ---------------------------

def int_param(name, ru, en, default, lo, hi, help: Text | None = None, group: str = "main",
              when: dict | None = None) -> Param:
    return Param(name, "int", T(ru, en), default, min=lo, max=hi, help=help, group=group, when=when)


def bool_param(name, ru, en, default=False, help: Text | None = None, group: str = "main",
               when: dict | None = None) -> Param:
    return Param(name, "bool", T(ru, en), default, help=help, group=group, when=when)


def choice_param(name, ru, en, default, options: list[tuple[str, str, str]],
                 help: Text | None = None, group: str = "main", when: dict | None = None) -> Param:
    return Param(name, "choice", T(ru, en), default,
                 options=tuple(Option(v, T(r, e)) for v, r, e in options), help=help,
                 group=group, when=when)


def int_list_param(name, ru, en, default, lo, hi, min_len=0, max_len=20,
                   help: Text | None = None, group: str = "main", when: dict | None = None) -> Param:
    return Param(name, "int_list", T(ru, en), default, min=lo, max=hi, min_len=min_len,
                 max_len=max_len, help=help, group=group, when=when)


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
    #: keys of the figures this calculator exists for (one to three), see :func:`summary_of`
    summary: tuple[str, ...] = ()

    def __post_init__(self):
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"calculator {self.id}: duplicate parameter names")
        for p in self.params:
            for other in condition_names(p.when) if p.when else ():
                if other not in names or other == p.name:
                    raise ValueError(f"calculator {self.id}: {p.name}'s condition names {other!r}")
            for f in p.fields:
                fields = [g.name for g in p.fields]
                for other in condition_names(f.when) if f.when else ():
                    if other not in fields or other == f.name:
                        raise ValueError(f"calculator {self.id}: {p.name}.{f.name}'s condition names {other!r}")
        applicable_names(self.params, {p.name: p.default for p in self.params})  # no cycle
        if len(self.summary) > 3:
            raise ValueError(f"calculator {self.id}: a summary is one to three figures")

    def to_json(self) -> dict:
        d = {"id": self.id, "system": self.system, "title": self.title, "kind": self.kind,
             "params": [p.to_json() for p in self.params], "can_roll": self.roll is not None,
             "summary": list(self.summary)}
        if self.description:
            d["description"] = self.description
        return d


def dist_json(dist, key: str, at_least: bool = False) -> list[dict]:
    """A distribution in a result's machine keys: ``[{key: outcome, "p": P}]`` in the order of
    its outcomes, each with ``"p_at_least"`` too when ``at_least``.

    >>> from rules_core.dice import Dist
    >>> dist_json(Dist.uniform([1, 2]), "hits", at_least=True)[1]
    {'hits': 2, 'p': {'exact': '1/2', 'float': 0.5}, 'p_at_least': {'exact': '1/2', 'float': 0.5}}
    """
    if at_least:
        return [{key: o, "p": prob(dist[o]), "p_at_least": prob(dist.at_least(o))} for o in dist.outcomes()]
    return [{key: o, "p": prob(dist[o])} for o in dist.outcomes()]


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
