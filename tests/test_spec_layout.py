"""How a calculator is laid out, in rules_core.spec: groups, ``when`` conditions (the same in
Python and in the page's calculators/when.mjs), and the summary a result carries."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from rules_core import api
from rules_core.spec import (Calculator, InputError, Param, applicable_names, applies,
                             choice_param, figures, int_param, summary_of, validate_fields)

ROOT = Path(__file__).resolve().parents[1]

MODE = choice_param("mode", "Вид", "Mode", "check", [("check", "против УС", "vs difficulty"),
                                                       ("opposed", "встречная", "opposed")])
DIFF = int_param("difficulty", "УС", "Difficulty", 10, 0, 15, when={"param": "mode", "eq": "check"})
OPP = int_param("opponent", "Противник", "Opponent", 3, 0, 10, when={"param": "mode", "eq": "opposed"})
SHOTS = int_param("shots", "Выстрелов", "Shots", 0, 0, 30, group="details")
CLOSE = int_param("close", "На ближней", "Close", 3, 0, 30, group="details",
                  when={"all": [{"param": "shots", "min": 1}, {"param": "mode", "eq": "check"}]})
PARAMS = (MODE, DIFF, OPP, SHOTS, CLOSE)


def test_conditions_read_values_and_types():
    assert applies({"param": "a", "eq": True}, {"a": True})
    assert not applies({"param": "a", "eq": True}, {"a": 1})  # a JSON 1 is not true
    assert applies({"param": "a", "in": ["x", "y"]}, {"a": "y"})
    assert applies({"param": "n", "min": 1}, {"n": 1}) and not applies({"param": "n", "min": 1}, {"n": 0})
    assert applies({"param": "n", "max": 2}, {"n": 2}) and not applies({"param": "n", "max": 2}, {"n": "2"})
    assert applies({"not": {"param": "a", "ne": 3}}, {"a": 3})
    assert applies({"any": [{"param": "a", "eq": 1}, {"param": "b", "eq": 2}]}, {"a": 0, "b": 2})
    assert not applies({"param": "missing", "eq": 1}, {})


def test_a_parameter_that_does_not_apply_is_neither_required_nor_validated():
    # against a difficulty: the opponent's field does not apply, so junk there is no error
    out = validate_fields(PARAMS, {"mode": "check", "opponent": "junk", "difficulty": 12})
    assert out == {"mode": "check", "difficulty": 12, "opponent": 3, "shots": 0, "close": 3}
    out = validate_fields(PARAMS, {"mode": "opposed", "difficulty": 99, "opponent": 7})
    assert out["difficulty"] == 10 and out["opponent"] == 7
    with pytest.raises(InputError) as e:
        validate_fields(PARAMS, {"mode": "opposed", "opponent": 99, "shots": -1})
    assert {x["field"] for x in e.value.errors} == {"opponent", "shots"}  # every error, not the first


def test_a_condition_on_a_parameter_that_does_not_apply_or_is_bad_is_false():
    assert applicable_names(PARAMS, {"mode": "opposed", "shots": 5}) == {"mode", "opponent", "shots"}
    assert "close" in applicable_names(PARAMS, {"mode": "check", "shots": 5})
    with pytest.raises(InputError) as e:  # a bad shots: its error, and close does not apply
        validate_fields(PARAMS, {"mode": "check", "shots": "x", "close": "y"})
    assert [x["field"] for x in e.value.errors] == ["shots"]


def _other_value(p):
    """A valid value of ``p`` other than its default."""
    if p.kind == "bool":
        return not p.default
    if p.kind == "choice":
        return next(o.value for o in p.options if o.value != p.default)
    if p.kind == "int":
        return p.default + 1 if p.max is None or p.default < p.max else p.default - 1
    if p.kind == "int_list":
        return p.default[:-1] if len(p.default) > p.min_len else p.default + [p.min or 0]
    return None


def test_a_value_given_where_it_does_not_apply_is_named_in_the_result():
    # the case: an earlier Shock with no earlier death's-door roll is not read, and the result says so
    res = api.handle({"op": "run", "id": "serial-death-door", "params": {"nonlethal": True, "shocked_before": True}})
    assert res["ok"] and res["result"]["not_used"] == ["shocked_before"]
    assert any(b["kind"] == "note" and "Уже был в Шоке" in b["text"]["ru"] for b in res["result"]["display"])
    # the same value where it applies, or the default where it does not, is no news
    res = api.run("serial-death-door", {"nonlethal": True, "shocked_before": True, "previous_rolls": 1})
    assert "not_used" not in res
    assert "not_used" not in api.run("serial-death-door", {"shocked_before": False})
    # a roll says it too
    rolled = api.handle({"op": "roll", "id": "serial-death-door", "seed": 1,
                         "params": {"nonlethal": True, "shocked_before": True}})
    assert rolled["result"]["not_used"] == ["shocked_before"]


@pytest.mark.parametrize("calc_id", [c["id"] for c in api.list_calculators()])
def test_every_calculator_names_what_it_did_not_use(calc_id):
    """Every parameter hidden under the defaults, given another value: the result names it (the one rule of
    api.run), and the figures are those of the defaults."""
    calc = api.get(calc_id)
    defaults = {p.name: p.default for p in calc.params}
    live = applicable_names(calc.params, defaults)
    plain = api.run(calc_id, {})
    for p in calc.params:
        value = _other_value(p)
        if p.name in live or value is None:
            continue
        res = api.handle({"op": "run", "id": calc_id, "params": {p.name: value}})
        assert res["ok"], (calc_id, p.name, res)
        assert res["result"]["not_used"] == [p.name], (calc_id, p.name)
        assert res["result"]["summary"] == plain["summary"], (calc_id, p.name)


def test_record_fields_have_conditions_on_their_siblings():
    drink = choice_param("drink", "Напиток", "Drink", "beer", [("beer", "пиво", "beer"), ("other", "другой", "other")])
    deg = int_param("degrees", "Градусы", "Degrees", 40, 1, 96, when={"param": "drink", "eq": "other"})
    drinks = Param("drinks", "record_list", {"ru": "Выпито", "en": "Drunk"}, [], min_len=0, max_len=5,
                   fields=(drink, deg))
    out = drinks.validate([{"drink": "beer", "degrees": "?"}, {"drink": "other", "degrees": 12}])
    assert out == [{"drink": "beer", "degrees": 40}, {"drink": "other", "degrees": 12}]
    with pytest.raises(InputError) as e:
        drinks.validate([{"drink": "other", "degrees": 0}])
    assert e.value.errors[0]["field"] == "drinks[0].degrees"


def _calc(**kw):
    base = dict(id="t", system="common", title={"ru": "т", "en": "t"}, params=PARAMS,
                compute=lambda p: {"display": [figures(("a", {"ru": "А", "en": "A"}, 1))]})
    return Calculator(**{**base, **kw})


def test_specs_that_cannot_work_are_refused_at_import():
    with pytest.raises(ValueError):
        int_param("x", "x", "x", 0, 0, 1, group="elsewhere")
    with pytest.raises(ValueError):
        int_param("x", "x", "x", 0, 0, 1, when={"param": "y", "gt": 1})
    with pytest.raises(ValueError):
        _calc(params=(int_param("x", "x", "x", 0, 0, 1, when={"param": "nope", "eq": 1}),))
    a = int_param("a", "a", "a", 0, 0, 1, when={"param": "b", "eq": 0})
    b = int_param("b", "b", "b", 0, 0, 1, when={"param": "a", "eq": 0})
    with pytest.raises(ValueError, match="cycle"):
        _calc(params=(a, b))
    with pytest.raises(ValueError):
        _calc(summary=("a", "b", "c", "d"))


def test_the_summary_is_picked_from_the_figures_in_declared_order():
    calc = _calc(summary=("b", "a"))
    result = {"display": [figures(("a", {"ru": "А", "en": "A"}, 1), ("b", {"ru": "Б", "en": "B"}, 2))]}
    assert [x["key"] for x in summary_of(calc, result)] == ["b", "a"]
    spec = calc.to_json()
    assert spec["summary"] == ["b", "a"]
    assert [p["group"] for p in spec["params"]] == ["main", "main", "main", "details", "details"]
    assert spec["params"][1]["when"] == {"param": "mode", "eq": "check"}


def test_run_results_carry_their_summary():
    for c in api.list_calculators():
        result = api.run(c["id"], {})
        assert [x["key"] for x in result["summary"]] == [k for k in c["summary"]
                                                          if any(k == x["key"] for x in result["summary"])]


# ---- the page's reading (calculators/when.mjs) is the engine's -------------------------------

NAMES = ["a", "b", "c", "d", "e"]


def random_value(rng):
    return rng.choice([True, False, rng.randint(-3, 3), rng.randint(-3, 3), rng.choice(["x", "y"])])


def random_condition(rng, names, depth=0):
    r = rng.random()
    if depth < 3 and r < 0.3:
        op = rng.choice(["all", "any"])
        return {op: [random_condition(rng, names, depth + 1) for _ in range(rng.randint(1, 3))]}
    if depth < 3 and r < 0.4:
        return {"not": random_condition(rng, names, depth + 1)}
    name = rng.choice(names)
    test = rng.choice(["eq", "ne", "in", "min", "max"])
    if test == "in":
        return {"param": name, "in": [random_value(rng) for _ in range(rng.randint(1, 3))]}
    if test in ("min", "max"):
        return {"param": name, test: rng.randint(-3, 3)}
    return {"param": name, test: random_value(rng)}


def random_case(rng):
    # each parameter's condition names only earlier ones: never a cycle
    params = [{"name": NAMES[0], "when": None}]
    for i, n in enumerate(NAMES[1:], 1):
        params.append({"name": n, "when": random_condition(rng, NAMES[:i]) if rng.random() < 0.8 else None})
    return {"params": params, "values": {n: random_value(rng) for n in NAMES},
            "invalid": rng.sample(NAMES, rng.randint(0, 2))}


def python_applicable(case):
    params = [Param(p["name"], "int", {"ru": p["name"], "en": p["name"]}, 0, when=p["when"])
              for p in case["params"]]
    return sorted(applicable_names(params, case["values"], lambda n: n not in case["invalid"]))


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (scripts/setup)")
def test_when_mjs_reads_conditions_as_the_engine_does():
    rng = random.Random(20261201)
    batch = [random_case(rng) for _ in range(3000)]
    out = subprocess.run(["node", str(ROOT / "tests" / "js" / "when_cli.mjs")], input=json.dumps(batch),
                         capture_output=True, text=True, check=True, timeout=60)
    expected = [python_applicable(c) for c in batch]
    assert json.loads(out.stdout) == expected
    assert len({tuple(x) for x in expected}) > 20  # the cases really differ
