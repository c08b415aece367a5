"""What the readings tests of every system check the same way (``tests/test_*_readings.py``): each
calculator's switch is the one its record (:class:`rules_core.readings.Reading`) declares and flipping it
changes a result, and a constant the code reads at run time decides the result when patched."""

from __future__ import annotations

import types

from rules_core import api


def param_of(calc_id: str, name: str):
    """The calculator's parameter ``name``."""
    return next(p for p in api.get(calc_id).params if p.name == name)


def set_reading(monkeypatch, module, name: str, value) -> None:
    """Set ``module.NAME`` to ``value`` for one test — and, for a rules package split by section
    (``serial.rules``, ``lysogorsk.rules``), in each of its modules that holds the name, where the code reads it."""
    monkeypatch.setattr(module, name, value)
    for sub in list(vars(module).values()):
        if isinstance(sub, types.ModuleType) and sub.__name__.startswith(f"{module.__name__}.") and hasattr(sub, name):
            monkeypatch.setattr(sub, name, value)


def assert_patched_reading_decides(module, name: str, patched: dict, monkeypatch) -> None:
    """``patched[name]`` is (value, calculator, parameters, result key): setting ``module.NAME``
    to the value changes that result."""
    value, calc, params, key = patched[name]
    taken = api.run(calc, params)[key]
    set_reading(monkeypatch, module, name, value)
    assert api.run(calc, params)[key] != taken


# ---- the readings declared as records (rules_core/<system>/readings.py) ---------------------------


def switch_cases(records, where: dict) -> list[tuple]:
    """Every calculator's switch of ``records`` (:class:`rules_core.readings.Reading`): ``(name, calculator,
    parameter, the other reading, parameters where it matters, the result key)``; ``where[name][calculator]``
    is the test's part, ``(parameters, key)`` — or ``(parameters, key, other)`` where a record has several other
    readings and this one is flipped to (else its first): the rest is the record's."""
    out = []
    for r in records:
        for calc, param in r.uses():
            params, key, *other = where[r.name][calc]
            out.append((r.name, calc, param, other[0] if other else r.others[0], params, key))
    return out


def assert_where_covers_the_uses(records, where: dict) -> None:
    """``where`` names exactly the calculators each record says offer it."""
    assert {r.name: sorted(c for c, _ in r.uses()) for r in records if r.calculators} == \
        {name: sorted(calcs) for name, calcs in where.items()}


def assert_switch_built_from(record, calc: str, param: str) -> None:
    """``calc``'s ``param`` is the record's switch: its kind, default and values, and its tag."""
    p = param_of(calc, param)
    assert p.reading == f"{record.system}/{record.name}", f"{calc}.{param} is not built from {record.name}"
    assert (p.kind, p.default) == (record.kind, record.default)
    if record.kind == "choice":
        assert tuple(o.value for o in p.options) == record.values


def assert_rules_follow_the_records(module, records) -> None:
    """The rules module's ``READINGS`` are the records' names and each constant is its record's default."""
    assert module.READINGS == tuple(r.name for r in records)
    for r in records:
        assert getattr(module, r.name) == r.default, r.name
        assert r.name in module.__all__
