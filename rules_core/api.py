"""The one JSON-in/JSON-out entry to rules_core, for the browser and the command line.

* :func:`list_calculators` — every calculator with its parameter specs.
* :func:`run` / :func:`roll` — validate, then compute (or roll once); raise
  :class:`~rules_core.spec.InputError` on bad input.
* :func:`handle` — the same behind one request dict, never raising: the Web Worker and
  ``python -m rules_core`` both call it.

Each system registers its calculators in ``rules_core.<system>.calculators.CALCULATORS``;
the registry below collects them in the order of :data:`SYSTEMS`.
"""

from __future__ import annotations

import importlib
import json
import re
from typing import Any

from .dice import Roller
from . import systems
from .spec import (MAX_PARAMS, Calculator, Errors, InputError, check_int, listed_names, field_error, shown,
                   summary_of, unused_given, unused_note, validate_fields)

__all__ = ["SYSTEMS", "list_calculators", "get", "validate", "run", "roll", "handle", "handle_json",
           "loads", "dumps", "decode_input", "argument"]

#: System id → its title. The order is the order of the calculators list.
SYSTEMS: dict[str, dict] = systems.TITLES

_registry: dict[str, Calculator] | None = None


def _load() -> dict[str, Calculator]:
    global _registry
    if _registry is None:
        reg: dict[str, Calculator] = {}
        for system in SYSTEMS:
            try:
                mod = importlib.import_module(f"rules_core.{system}.calculators")
            except ModuleNotFoundError as exc:
                if exc.name != f"rules_core.{system}.calculators" and exc.name != f"rules_core.{system}":
                    raise
                continue
            for calc in mod.CALCULATORS:
                if calc.id in reg:
                    raise RuntimeError(f"duplicate calculator id {calc.id}")
                reg[calc.id] = calc
        _registry = reg
    return _registry


def list_calculators() -> list[dict]:
    return [c.to_json() for c in _load().values()]


def get(calc_id: Any) -> Calculator:
    if not isinstance(calc_id, str):
        raise field_error("id", "Идентификатор калькулятора должен быть строкой.",
                          "The calculator id must be a string.")
    try:
        return _load()[calc_id]
    except KeyError:
        raise field_error("id", f"Нет калькулятора «{shown(calc_id)}».", f"No calculator '{shown(calc_id)}'.") from None


def validate(calc: Calculator, params: Any) -> dict:
    """The parameters by the rules of :mod:`rules_core.spec`: every error at once, then the
    calculator's own ``check`` of how they go together."""
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise field_error("params", "Параметры должны быть объектом.", "Parameters must be an object.")
    if len(params) > MAX_PARAMS:
        raise field_error("params", f"Слишком много параметров: {len(params)}.",
                          f"Too many parameters: {len(params)}.")
    known = {p.name for p in calc.params}
    errors = Errors(_unknown_param(k) for k in params if k not in known)
    with errors.gather():
        out = validate_fields(calc.params, params)
    errors.check()
    if calc.check:
        calc.check(out)
    return out


def _unknown_param(name: Any) -> dict:
    name = str(name)
    if name:
        return {"field": shown(name, 80), "ru": "Неизвестный параметр.", "en": "Unknown parameter."}
    return {"field": "params", "ru": "Неизвестный параметр «».", "en": "Unknown parameter ''."}


def _tell_unused(calc: Calculator, params: Any, valid: dict, result: dict) -> dict:
    """A value given for a parameter that does not apply was not used: the result says so, under ``"not_used"``
    (the paths) and in a note (:func:`rules_core.spec.unused_given`)."""
    unused = unused_given(calc.params, params, valid)
    if unused:
        result["not_used"] = [path for path, _ in unused]
        result.setdefault("display", []).append(unused_note(unused))
    return result


def run(calc_id: str, params: dict | None = None) -> dict:
    """Validate and compute; the result carries ``"summary"``: the figures the calculator
    declares as the ones it exists for (see :func:`rules_core.spec.summary_of`), and says which given values
    did not apply (:func:`_tell_unused`)."""
    calc = get(calc_id)
    valid = validate(calc, params)
    result = _tell_unused(calc, params, valid, calc.compute(valid))
    result["summary"] = summary_of(calc, result)
    return result


#: A roll's seed: what ``Roller()`` draws itself is 8 random bytes; a request may give one back.
SEED_MAX = 2**64 - 1


def roll(calc_id: str, params: dict | None = None, seed: int | str | None = None) -> dict:
    """Roll once. ``seed`` (optional) by the ``int`` rule, 0 ≤ seed < 2**64: a string of
    digits too, since a page's JavaScript number cannot hold every 64-bit seed."""
    calc = get(calc_id)
    if calc.roll is None:
        raise field_error("id", "Этот калькулятор не бросает кубики.", "This calculator does not roll dice.")
    errors = Errors()
    if seed is not None:
        with errors.gather():
            seed = check_int("seed", seed, 0, SEED_MAX)
    with errors.gather():
        valid = validate(calc, params)
    errors.check()
    roller = Roller(seed)
    result = _tell_unused(calc, params, valid, calc.roll(valid, roller))
    result["seed"] = roller.seed
    return result


#: The keys each operation takes; any other key is refused.
OPERATIONS = {"list": {"op"}, "run": {"op", "id", "params"}, "roll": {"op", "id", "params", "seed"},
              "scene": None}  # a scene command's fields are the scene's own (rules_core.scene.api)
#: A request's JSON text: at most so many characters (the largest valid request is a few KB)
#: and so many levels of nesting (a valid one has 4: request, params, list, record). Both are
#: checked before ``json.loads`` (which recurses once per level) sees the text.
MAX_REQUEST_CHARS = 65536
MAX_DEPTH = 16
#: A scene request carries the whole scene (``rules_core.scene.fields.MAX_SCENE_CHARS``) and one
#: action beside it: its own, larger bound; every other request keeps MAX_REQUEST_CHARS.
MAX_SCENE_REQUEST_CHARS = 2_100_000 + MAX_REQUEST_CHARS
#: A number in a request's JSON: at most so many digits (a seed has 20; Python refuses an integer
#: of over 4300 with a ValueError the reader would not understand).
MAX_NUMBER_DIGITS = 100
#: The pre-scan: a JSON string's escapes, then its strings (emptied: a bracket or a digit in a text is
#: no part of the structure), then the brackets and the runs of digits left. Two substitutions at C speed
#: first: a scene's request carries the whole scene as one long string, thick with escaped quotes.
_ESCAPES = re.compile(r"\\.", re.S)
_STRINGS = re.compile(r'"[^"]*"')
_JSON_TOKENS = re.compile(r"[\[\]{}]|[0-9]{%d,}" % (MAX_NUMBER_DIGITS + 1))


def handle(request: Any) -> dict:
    """One request → one response; never raises.

    ``{"op": "list"}``, ``{"op": "run", "id", "params"?}``, ``{"op": "roll", "id", "params"?, "seed"?}``,
    ``{"op": "scene", "cmd", …}`` (:mod:`rules_core.scene.api`, which checks its own fields)
    → ``{"ok": true, "result": …}`` or ``{"ok": false, "errors": [{"field", "ru", "en"}, …]}``:
    at least one error, each with a non-empty field and both texts.
    """
    try:
        if not isinstance(request, dict):
            raise field_error("request", "Запрос должен быть объектом.", "The request must be an object.")
        op = request.get("op")
        if not isinstance(op, str) or op not in OPERATIONS:
            raise field_error("op", "Неизвестная операция: нужно list, run, roll или scene.",
                              "Unknown operation: must be list, run, roll or scene.")
        extra = [k for k in request if OPERATIONS[op] is not None and k not in OPERATIONS[op]]
        if extra:
            u = listed_names(extra)
            raise field_error("request", f"Лишние поля запроса {op}: {u}.", f"Unexpected fields for {op}: {u}.")
        if op == "list":
            return {"ok": True, "result": list_calculators()}
        if op == "run":
            return {"ok": True, "result": run(request.get("id"), request.get("params"))}
        if op == "scene":  # the Storyteller's scene: its own JSON commands (rules_core.scene.api)
            from .scene.api import handle as scene_handle

            return scene_handle(request)
        return {"ok": True, "result": roll(request.get("id"), request.get("params"), request.get("seed"))}
    except InputError as e:
        return {"ok": False, "errors": e.errors}
    except RecursionError:
        return {"ok": False, "errors": [{"field": "request", "ru": "Слишком сложный запрос.",
                                         "en": "The request is too complex."}]}
    except Exception as e:  # a bug, but never a traceback to the user
        return {"ok": False, "errors": [{"field": "request", "ru": f"Внутренняя ошибка: {type(e).__name__}.",
                                         "en": f"Internal error: {type(e).__name__}."}],
                "internal": repr(e)}


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


class _Duplicate(ValueError):
    """A key given twice in one JSON object (``json`` would keep the last silently)."""


def _no_duplicates(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise _Duplicate(k)
            seen.add(k)
    return out


def _too_large(field: str, limit: int) -> InputError:
    return field_error(field, f"Запрос слишком велик: больше {limit} символов.",
                       f"The request is too large: over {limit} characters.")


def loads(text: Any, field: str = "request", limit: int = MAX_REQUEST_CHARS, depth_limit: int = MAX_DEPTH) -> Any:
    """Strict JSON text → value, or :class:`InputError` on ``field``: a string of at most
    ``limit`` characters nested at most ``depth_limit`` deep with no number of more than
    :data:`MAX_NUMBER_DIGITS` digits (all checked first, in linear time), no NaN/Infinity, no key
    twice in one object. The page's requests, a scene's text and the command line's arguments are
    all read by it: each limit has its own words, the same everywhere."""
    if not isinstance(text, str):
        raise field_error(field, "Нужен текст JSON.", "JSON text expected.")
    if len(text) > limit:
        raise _too_large(field, limit)
    depth = 0
    for m in _JSON_TOKENS.finditer(_STRINGS.sub('""', _ESCAPES.sub("", text))):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > depth_limit:
                raise field_error(field, f"Вложено слишком глубоко: больше {depth_limit} уровней.",
                                  f"Nested too deeply: over {depth_limit} levels.")
        elif c in "]}":
            depth -= 1
        elif c[0].isdigit():
            raise field_error(field, f"Число длиннее {MAX_NUMBER_DIGITS} цифр.",
                              f"A number longer than {MAX_NUMBER_DIGITS} digits.")
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except _Duplicate as e:
        k = shown(str(e.args[0]))
        raise field_error(field, f"Неверный JSON: ключ «{k}» повторяется.",
                          f"Invalid JSON: the key '{k}' is repeated.") from None
    except json.JSONDecodeError as e:
        raise field_error(field, f"Неверный JSON (строка {e.lineno}, символ {e.colno}).",
                          f"Invalid JSON (line {e.lineno}, column {e.colno}).") from None
    except ValueError:  # NaN/Infinity
        raise field_error(field, "Неверный JSON: NaN и Infinity — не числа JSON.",
                          "Invalid JSON: NaN and Infinity are not JSON numbers.") from None
    except RecursionError:  # pragma: no cover - the pre-scan bounds the depth
        raise field_error(field, "Вложено слишком глубоко.", "Nested too deeply.") from None


_SOURCES = {"file": ("Файл", "The file"), "stdin": ("Стандартный ввод", "Standard input"),
            "argument": ("Аргумент", "The argument")}


def _not_utf8(field: str, source: str) -> InputError:
    ru, en = _SOURCES[source]
    return field_error(field, f"{ru} не в UTF-8.", f"{en} is not UTF-8.")


def decode_input(data: bytes, field: str, source: str = "file") -> str:
    """Bytes of a file or standard input as UTF-8 text, a byte-order mark dropped; else «… не в UTF-8»."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _not_utf8(field, source) from None


def argument(arg: str, field: str) -> str:
    """A command-line argument, refused «Аргумент не в UTF-8» if Python carries bytes of it as surrogates."""
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError:
        raise _not_utf8(field, "argument") from None
    return arg


def dumps(response: dict, indent: int | None = None) -> str:
    """A response as JSON text that any UTF-8 channel carries: a lone surrogate (which strict
    JSON text in may hold as ``\\ud800``) is written as an escape, not as itself."""
    text = json.dumps(response, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(response, ensure_ascii=True, indent=indent)
    return text


def handle_json(text: Any) -> str:
    """JSON text in, JSON text out (what the Web Worker calls); never raises."""
    try:
        request = loads(text, limit=MAX_SCENE_REQUEST_CHARS)
        if len(text) > MAX_REQUEST_CHARS and not (isinstance(request, dict) and request.get("op") == "scene"):
            raise _too_large("request", MAX_REQUEST_CHARS)
        response = handle(request)
    except InputError as e:
        response = {"ok": False, "errors": e.errors}
    return dumps(response)
