"""What the readings tests of every system check the same way (``tests/test_*_readings.py``):
a module's named readings (``READINGS``) are all tested and public, a switch defaults to its
reading, and a constant the code reads at run time decides the result when patched."""

from __future__ import annotations

from rules_core import api


def param_of(calc_id: str, name: str):
    """The calculator's parameter ``name``."""
    return next(p for p in api.get(calc_id).params if p.name == name)


def assert_every_reading_tested(module, tested: set[str]) -> None:
    """``module.READINGS`` are exactly ``tested``, each a public name of the module."""
    assert set(module.READINGS) == tested
    for name in module.READINGS:
        assert hasattr(module, name) and name in module.__all__


def assert_switch_defaults_to_reading(module, name: str, calc: str, param: str, other) -> None:
    """``calc``'s switch ``param`` defaults to ``module.NAME``, and ``other`` is the other reading."""
    assert param_of(calc, param).default == getattr(module, name), f"{calc}.{param} does not default to {name}"
    assert other != getattr(module, name)


def assert_patched_reading_decides(module, name: str, patched: dict, monkeypatch) -> None:
    """``patched[name]`` is (value, calculator, parameters, result key): setting ``module.NAME``
    to the value changes that result."""
    value, calc, params, key = patched[name]
    taken = api.run(calc, params)[key]
    monkeypatch.setattr(module, name, value)
    assert api.run(calc, params)[key] != taken
