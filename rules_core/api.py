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
from typing import Any

from .dice import Roller
from .spec import Calculator, InputError, T, field_error, summary_of, validate_fields

__all__ = ["SYSTEMS", "list_calculators", "get", "run", "roll", "handle", "handle_json"]

#: System id → its title. The order is the order of the calculators list.
SYSTEMS: dict[str, dict] = {
    "wod": T("Мир Тьмы (классика)", "World of Darkness (classic)"),
    "serial": T("Мир Тьмы: Сериал", "World of Darkness: Serial"),
    "lysogorsk": T("Лысогорские сказочки", "Lysogorsk Tales"),
    "codex": T("Codex of…", "Codex of…"),
    "common": T("Все системы", "All systems"),
}

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


def get(calc_id: str) -> Calculator:
    try:
        return _load()[calc_id]
    except KeyError:
        raise field_error("id", f"Нет калькулятора «{calc_id}».", f"No calculator '{calc_id}'.") from None


def validate(calc: Calculator, params: Any) -> dict:
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise field_error("params", "Параметры должны быть объектом.", "Parameters must be an object.")
    known = {p.name for p in calc.params}
    errors = [
        {"field": str(k), "ru": "Неизвестный параметр.", "en": "Unknown parameter."}
        for k in params if k not in known
    ]
    try:
        out = validate_fields(calc.params, params)
    except InputError as e:
        errors.extend(e.errors)
    if errors:
        raise InputError(errors)
    if calc.check:
        calc.check(out)
    return out


def run(calc_id: str, params: dict | None = None) -> dict:
    """Validate and compute; the result carries ``"summary"``: the figures the calculator
    declares as the ones it exists for (see :func:`rules_core.spec.summary_of`)."""
    calc = get(calc_id)
    result = calc.compute(validate(calc, params))
    result["summary"] = summary_of(calc, result)
    return result


def roll(calc_id: str, params: dict | None = None, seed: int | None = None) -> dict:
    calc = get(calc_id)
    if calc.roll is None:
        raise field_error("id", "Этот калькулятор не бросает кубики.", "This calculator does not roll dice.")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise field_error("seed", "Зерно должно быть целым числом.", "The seed must be a whole number.")
    roller = Roller(seed)
    result = calc.roll(validate(calc, params), roller)
    result["seed"] = roller.seed
    return result


def handle(request: Any) -> dict:
    """One request → one response; never raises.

    ``{"op": "list"}``, ``{"op": "run", "id", "params"}``, ``{"op": "roll", "id", "params", "seed"?}``
    → ``{"ok": true, "result": …}`` or ``{"ok": false, "errors": [{"field", "ru", "en"}]}``.
    """
    try:
        if not isinstance(request, dict):
            raise field_error("request", "Запрос должен быть объектом.", "The request must be an object.")
        op = request.get("op")
        if op == "list":
            return {"ok": True, "result": list_calculators()}
        if op == "run":
            return {"ok": True, "result": run(request.get("id"), request.get("params"))}
        if op == "roll":
            return {"ok": True, "result": roll(request.get("id"), request.get("params"), request.get("seed"))}
        raise field_error("op", "Неизвестная операция.", "Unknown operation.")
    except InputError as e:
        return {"ok": False, "errors": e.errors}
    except RecursionError:
        return {"ok": False, "errors": [{"field": "params", "ru": "Слишком сложный ввод.",
                                         "en": "Input too complex."}]}
    except Exception as e:  # a bug, but never a traceback to the user
        return {"ok": False, "errors": [{"field": "", "ru": f"Внутренняя ошибка: {type(e).__name__}.",
                                         "en": f"Internal error: {type(e).__name__}."}],
                "internal": repr(e)}


def handle_json(text: str) -> str:
    """JSON text in, JSON text out (what the Web Worker calls)."""
    try:
        request = json.loads(text)
    except (ValueError, TypeError):
        response = {"ok": False, "errors": [{"field": "request", "ru": "Неверный JSON.", "en": "Invalid JSON."}]}
    else:
        response = handle(request)
    return json.dumps(response, ensure_ascii=False)
