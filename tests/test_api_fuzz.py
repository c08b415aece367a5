"""The whole API under hostile input: property tests over ``api.handle`` / ``handle_json`` and
every calculator's parameters, and the command line. Whatever comes, the answer is a dict
with ``ok`` and a result, or with errors that each name a field in both languages; never an
exception, never an internal error, never a value replaced or reinterpreted (the rules are
in rules_core/spec.py's docstring; the oracles below restate them independently).

The budget is fixed (``max_examples`` per test, a generous per-example ``deadline`` that
only a pathological path would reach), so the suite's time stays bounded;
``SVOD_FUZZ_SCALE=N`` multiplies the examples for a longer hunt.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from rules_core import api
from rules_core.spec import MAX_INT_DIGITS, InputError, Param, applicable_names, applies

CALCS = {c.id: c for c in (api.get(s["id"]) for s in api.list_calculators())}
IDS = sorted(CALCS)
#: ``SVOD_FUZZ_SCALE=50 pytest tests/test_api_fuzz.py`` hunts longer; the suite runs at 1.
SCALE = int(os.environ.get("SVOD_FUZZ_SCALE", "1"))


def budget(examples: int = 150):
    return settings(max_examples=examples * SCALE, deadline=3000,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---- what every answer looks like ----------------------------------------------------------

def check_response(r) -> dict:
    assert isinstance(r, dict) and isinstance(r.get("ok"), bool), r
    assert "internal" not in r, r
    json.dumps(r, allow_nan=False)
    if r["ok"]:
        assert set(r) == {"ok", "result"}
        assert isinstance(r["result"], (dict, list))
    else:
        assert set(r) == {"ok", "errors"}, r
        assert isinstance(r["errors"], list) and r["errors"], r
        for e in r["errors"]:
            assert set(e) == {"field", "ru", "en"}, e
            assert all(isinstance(e[k], str) and e[k] for k in ("field", "ru", "en")), e
    return r


def check_text_response(text) -> dict:
    assert isinstance(text, str)
    text.encode("utf-8")  # no lone surrogate: any channel carries it
    return check_response(json.loads(text))


def error_fields(r) -> set[str]:
    return {e["field"] for e in r["errors"]} if not r["ok"] else set()


# ---- arbitrary JSON ------------------------------------------------------------------------

# text with everything: lone surrogates, other scripts' digits, controls
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(-(10**40), 10**40)
           | st.floats(allow_nan=False, allow_infinity=False) | any_text)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(any_text, inner, max_size=4), max_leaves=16)

requests = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"op": st.sampled_from(["list", "run", "roll"]) | json_values},
        optional={"id": st.sampled_from(IDS) | json_values, "params": json_values,
                  "seed": json_values, "extra": json_values},
    ),
)


@budget()
@given(requests)
def test_handle_answers_any_request(request):
    check_response(api.handle(request))


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def mutated(text: str, data) -> str:
    """``text`` cut, with a character dropped, or with one inserted."""
    if not text:
        return text
    i = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["cut", "drop", "insert"]))
    if how == "cut":
        return text[:i]
    if how == "drop":
        return text[:i] + text[i + 1:]
    return text[:i] + data.draw(st.sampled_from(list('[]{}",:\\0-eE. '))) + text[i:]


@budget()
@given(st.data())
def test_handle_json_answers_any_text(data):
    kind = data.draw(st.sampled_from(["json", "mutated", "text", "deep", "huge"]))
    if kind == "json":
        text = json.dumps(data.draw(requests))
    elif kind == "mutated":
        text = mutated(json.dumps(data.draw(requests)), data)
    elif kind == "text":
        text = data.draw(any_text)
    elif kind == "deep":
        depth = data.draw(st.integers(1, 200_000))
        text = data.draw(st.sampled_from([nested(depth), nested(depth, "{\"a\":", "}") + "1",
                                          '{"op":"run","id":"wod-pool","params":' + nested(depth) + "}",
                                          "[" * depth]))
    else:
        text = data.draw(st.sampled_from(["1" * 5000, "[" + "1," * 40_000 + "1]", " " * 70_000, "NaN",
                                          '{"op":"run","id":"wod-pool","params":{"dice":Infinity}}']))
    check_text_response(api.handle_json(text))


def test_handle_json_refuses_non_text_and_bounds_at_the_edges():
    for value in (None, b'{"op":"list"}', 5, ["x"]):
        assert error_fields(check_text_response(api.handle_json(value))) == {"request"}
    # depth: a valid request is 4 deep; up to MAX_DEPTH is read, one more is refused unparsed
    ok_depth = '{"op":"run","id":"wod-pool","params":{"x":' + nested(api.MAX_DEPTH - 2) + "}}"
    r = check_text_response(api.handle_json(ok_depth))
    assert error_fields(r) == {"x"}  # parsed: the unknown parameter is named
    too_deep = '{"op":"run","id":"wod-pool","params":{"x":' + nested(api.MAX_DEPTH - 1) + "}}"
    r = check_text_response(api.handle_json(too_deep))
    assert error_fields(r) == {"request"} and "глубоко" in r["errors"][0]["ru"]
    # brackets inside strings are not nesting
    r = check_text_response(api.handle_json(json.dumps({"op": "run", "id": "[" * 1000 + '\\"{' * 100})))
    assert error_fields(r) == {"id"}
    # size: the largest valid request is far below the bound
    big = '{"op":"list"' + " " * api.MAX_REQUEST_CHARS + "}"
    assert "велик" in check_text_response(api.handle_json(big))["errors"][0]["ru"]


def largest_request(calc) -> dict:
    """Every list at its longest, every value at its widest text."""
    def widest(p: Param):
        if p.kind == "int":
            return min((p.min, p.max), key=lambda v: -len(str(v)))
        if p.kind == "bool":
            return False
        if p.kind == "choice":
            return max((o.value for o in p.options), key=len)
        if p.kind == "int_list":
            return [widest(Param("i", "int", {}, 0, min=p.min, max=p.max))] * (p.max_len or 1)
        return [{f.name: widest(f) for f in p.fields}] * (p.max_len or 1)

    return {"op": "roll", "id": calc.id, "seed": api.SEED_MAX,
            "params": {p.name: widest(p) for p in calc.params}}


def test_the_size_bound_is_far_above_any_valid_request():
    longest = max(len(json.dumps(largest_request(c), ensure_ascii=False)) for c in CALCS.values())
    assert longest * 4 < api.MAX_REQUEST_CHARS, longest


def test_request_shape_errors_name_their_field():
    cases = {
        '{"op":"run","id":[1]}': "id",
        '{"op":"run","id":{"a":1}}': "id",
        '{"op":"run","id":null}': "id",
        '{"op":"run","id":"no-such"}': "id",
        '{"op":["run"],"id":"wod-pool"}': "op",
        '{"op":"RUN","id":"wod-pool"}': "op",
        '{"id":"wod-pool"}': "op",
        '{"op":"run","id":"wod-pool","params":[]}': "params",
        '{"op":"run","id":"wod-pool","params":"dice=3"}': "params",
        '{"op":"run","id":"wod-pool","seed":1}': "request",
        '{"op":"list","id":"wod-pool"}': "request",
        '{"op":"run","id":"wod-pool","id":"wod-soak"}': "request",
        '{"op":"run","id":"wod-pool","params":{"dice":3,"dice":4}}': "request",
        '{"op":"roll","id":"wod-pool","seed":-1}': "seed",
        '{"op":"roll","id":"wod-pool","seed":1.0}': "seed",
        '{"op":"roll","id":"wod-pool","seed":"１"}': "seed",
        '{"op":"roll","id":"wod-pool","seed":18446744073709551616}': "seed",
        '[1]': "request",
        '"run"': "request",
        '': "request",
    }
    for text, field in cases.items():
        r = check_text_response(api.handle_json(text))
        assert error_fields(r) == {field}, (text, r)
    r = check_text_response(api.handle_json('{"op":"roll","id":"wod-pool","seed":"18446744073709551615"}'))
    assert r["ok"] and r["result"]["seed"] == api.SEED_MAX
    # the seed error and the parameters' errors come together
    r = check_text_response(api.handle_json('{"op":"roll","id":"wod-pool","seed":-1,"params":{"dice":"x"}}'))
    assert error_fields(r) == {"seed", "dice"}


# ---- the strict reading of every value: independent oracles -------------------------------

def int_oracle(value, lo, hi):
    """(accepted, value) by spec.py's rule, written out differently from spec.check_int."""
    if type(value) is int:
        n = value
    elif type(value) is str:
        negative = value[:1] in ("-", "\u2212")  # the ASCII hyphen-minus or the minus sign
        digits = value[1:] if negative else value
        if not digits or any(c not in "0123456789" for c in digits):
            return False, None
        if len(digits.lstrip("0")) > MAX_INT_DIGITS:  # beyond every bound (and int()'s limit)
            return False, None
        n = -int(digits) if negative else int(digits)
    else:
        return False, None
    return (lo <= n <= hi, n if lo <= n <= hi else None)


DIGIT_SETS = [0xFF10, 0x0660, 0x06F0, 0x0966, 0x1D7CE]  # full-width, Arabic-Indic, Persian, Devanagari, math bold


def near_int_text(n: int):
    """Strings that look like ``n`` and are not the ASCII rule's."""
    s = str(n)
    body = s.lstrip("-")
    sign = "-" if n < 0 else ""
    out = [f" {s}", f"{s} ", f"+{body}", f"{s}.0", f"{s}e0", f"{s}\n", f"\t{s}", f"{sign} {body}",
           "\u2013" + body, "\u2212+" + body, "-\u2212" + body, f"{s}_", f"0x{body}", ""]
    if len(body) > 1:
        out.append(sign + body[0] + "_" + body[1:])
        out.append(sign + body[0] + " " + body[1:])
    for base in DIGIT_SETS:
        out.append(sign + "".join(chr(base + int(c)) for c in body))
    out.append(sign + body[:-1] + chr(DIGIT_SETS[0] + int(body[-1])))  # one foreign digit is enough
    return st.sampled_from(out)


def int_inputs(lo: int, hi: int):
    return st.one_of(
        st.integers(lo, hi), st.integers(lo, hi).map(str), st.integers(lo, hi).map(lambda n: "0" * 3 + str(n) if n >= 0 else str(n)),
        st.integers(max_value=lo - 1), st.integers(min_value=hi + 1), st.integers().map(str),
        st.integers(lo, hi).flatmap(near_int_text),
        st.integers(lo, hi).map(lambda n: str(n).replace("-", "\u2212")),
        st.integers(lo, hi).map(float), st.floats(), st.booleans(), st.none(), any_text,
        st.just("9" * 40), st.just("-" + "9" * 5000),
        st.lists(st.integers(lo, hi), max_size=2), st.dictionaries(any_text, st.integers(), max_size=2),
    )


INT_PARAMS = sorted({(p.min, p.max) for c in CALCS.values() for p in c.params if p.kind == "int"}
                    | {(f.min, f.max) for c in CALCS.values() for p in c.params for f in p.fields if f.kind == "int"})


@budget(400)
@given(st.sampled_from(INT_PARAMS).flatmap(lambda b: st.tuples(st.just(b), int_inputs(*b))))
def test_int_is_read_strictly(case):
    (lo, hi), value = case
    p = Param("n", "int", {"ru": "n", "en": "n"}, lo, min=lo, max=hi)
    accepted, expected = int_oracle(value, lo, hi)
    try:
        got = p.validate(value)
    except InputError as e:
        assert not accepted, (value, e.errors)
        assert [x["field"] for x in e.errors] == ["n"]
    else:
        assert accepted, (value, got)
        assert got == expected and type(got) is int


@budget()
@given(st.one_of(st.booleans(), st.sampled_from(["true", "false", "1", "0", "да", "нет", "on", "", "True"]),
                 st.integers(-1, 2), st.floats(), st.none(), st.lists(st.booleans(), max_size=1)))
def test_bool_is_read_strictly(value):
    p = Param("b", "bool", {"ru": "b", "en": "b"}, False)
    try:
        got = p.validate(value)
    except InputError as e:
        assert type(value) is not bool and [x["field"] for x in e.errors] == ["b"]
    else:
        assert type(value) is bool and got is value


CHOICES = [(c.id, p) for c in CALCS.values() for p in c.params if p.kind == "choice"]


def near_choice(value: str):
    return st.sampled_from([value.upper(), value.capitalize(), f" {value}", f"{value} ", value + "\u200b",
                            value.replace("_", "-"), value.replace("_", " "), value[:-1], value + "s"])


@budget()
@given(st.sampled_from(CHOICES).flatmap(lambda cp: st.tuples(st.just(cp[1]), st.one_of(
    st.sampled_from([o.value for o in cp[1].options]),
    st.sampled_from([o.value for o in cp[1].options]).flatmap(near_choice),
    st.sampled_from([o.label["ru"] for o in cp[1].options]),
    any_text, st.integers(), st.none(), st.booleans(), st.lists(st.sampled_from([o.value for o in cp[1].options]), max_size=1),
))))
def test_choice_is_read_strictly(case):
    p, value = case
    allowed = [o.value for o in p.options]
    try:
        got = p.validate(value)
    except InputError as e:
        assert not (type(value) is str and value in allowed)
        assert [x["field"] for x in e.errors] == [p.name]
    else:
        assert type(value) is str and value in allowed and got == value


# ---- every calculator: valid params compute, bad ones are refused beside their field -------

def valid_value(p: Param):
    if p.kind == "int":
        return st.integers(p.min, p.max) | st.integers(p.min, p.max).map(str)
    if p.kind == "bool":
        return st.booleans()
    if p.kind == "choice":
        return st.sampled_from([o.value for o in p.options])
    if p.kind == "int_list":
        return st.lists(st.integers(p.min, p.max), min_size=p.min_len, max_size=min(p.max_len, 8))
    assert p.kind == "record_list"
    record = st.fixed_dictionaries({}, optional={f.name: valid_value(f) for f in p.fields})
    return st.lists(record, min_size=p.min_len, max_size=min(p.max_len, 6))


def normalized(p: Param, value):
    """What validate must return for a valid value: the same value, ints as ints."""
    if p.kind == "int":
        return int(value)
    if p.kind == "int_list":
        return [int(v) for v in value]
    if p.kind == "record_list":
        out = []
        for r in value:
            rec = {f.name: normalized(f, r.get(f.name, f.default)) for f in p.fields}
            live = applicable_names(p.fields, rec)
            out.append({f.name: rec[f.name] if f.name in live else f.default for f in p.fields})
        return out
    return value


def bad_value(p: Param):
    """A value of ``p`` that must be refused, with the paths that must be named."""
    lo = p.min if p.min is not None else 0
    hi = p.max if p.max is not None else 0
    if p.kind == "int":
        return st.one_of(st.integers(max_value=p.min - 1), st.integers(min_value=p.max + 1),
                         st.integers(p.min, p.max).flatmap(near_int_text), st.integers(p.min, p.max).map(float),
                         st.booleans(), st.none(), st.lists(st.integers(p.min, p.max), max_size=1))
    if p.kind == "bool":
        return st.sampled_from(["true", "false", 1, 0, "1", None, [True]])
    if p.kind == "choice":
        values = [o.value for o in p.options]
        return st.sampled_from(values).flatmap(near_choice).filter(lambda v: v not in values) | st.sampled_from([None, 0, [values[0]]])
    if p.kind == "int_list":
        return st.one_of(st.lists(st.integers(lo, hi), min_size=p.max_len + 1, max_size=p.max_len + 3),
                         st.lists(st.integers(lo, hi), min_size=2, max_size=3).map(lambda v: ",".join(map(str, v))))
    return st.one_of(st.lists(st.fixed_dictionaries({}), min_size=p.max_len + 1, max_size=p.max_len + 2),
                     st.just({"0": {}}), st.just(json.dumps([{}])))


def bad_item(p: Param):
    """One bad item of the list ``p``."""
    if p.kind == "int_list":
        return bad_value(Param("i", "int", {}, 0, min=p.min, max=p.max))
    def spoil(rec: dict):
        # a bad value in a field that applies in this record (one that does not is not read)
        values = {f.name: normalized(f, rec.get(f.name, f.default)) for f in p.fields}
        live = [f for f in p.fields if f.name in applicable_names(p.fields, values)]
        return st.sampled_from(live).flatmap(lambda f: bad_value(f).map(lambda v: {**rec, f.name: v}))

    records = st.fixed_dictionaries({}, optional={f.name: valid_value(f) for f in p.fields})
    return st.one_of(records.flatmap(spoil), st.just({"no_such_field": 1}), st.just([]), st.just(None),
                     st.just("{}"))


@budget(300)
@given(st.sampled_from(IDS).flatmap(lambda cid: st.tuples(
    st.just(cid), st.fixed_dictionaries({}, optional={p.name: valid_value(p) for p in CALCS[cid].params}))))
def test_valid_params_compute_or_are_refused_by_the_calculators_own_check(case):
    cid, params = case
    calc = CALCS[cid]
    try:
        got = api.validate(calc, params)
    except InputError:
        got = None  # the calculator's check refused a combination: shape checked below
    if got is not None:
        # nothing replaced: every value given is there as given; the rest, and those whose
        # ``when`` is false, are the defaults
        live = applicable_names(calc.params, got)
        for p in calc.params:
            want = normalized(p, params.get(p.name, p.default)) if p.name in live else p.default
            assert got[p.name] == want, p.name
    r = check_response(api.handle({"op": "run", "id": cid, "params": params}))
    if r["ok"]:
        assert isinstance(r["result"].get("display"), list) and r["result"]["display"]
        check_probabilities(cid, r["result"])
    if calc.roll is not None:
        check_response(api.handle({"op": "roll", "id": cid, "params": params, "seed": 7}))


@budget(300)
@given(st.data())
def test_bad_params_are_refused_beside_exactly_their_fields(data):
    cid = data.draw(st.sampled_from(IDS))
    calc = CALCS[cid]
    by_name = {p.name: p for p in calc.params}
    params = data.draw(st.fixed_dictionaries({}, optional={p.name: valid_value(p) for p in calc.params}))
    base = data.draw(st.lists(st.sampled_from(sorted(by_name)), min_size=1, max_size=3, unique=True))
    # only a parameter that applies is read (a condition on a bad value is false)
    try:
        values = api.validate(calc, params)
    except InputError:
        values = None
    assume(values is not None)
    ok = applicable_names(calc.params, values, valid=lambda n: n not in base)
    bad = [n for n in base if applies(by_name[n].when, values, ok.__contains__)]
    assume(bad)
    expected = set()
    for name in bad:
        p = by_name[name]
        lists = p.kind in ("int_list", "record_list")
        if lists and data.draw(st.booleans()):
            # some items of a list of valid length go bad: every one of them is named
            items = data.draw(valid_value(p).filter(lambda v: len(v) >= 1))
            which = data.draw(st.lists(st.integers(0, len(items) - 1), min_size=1, unique=True))
            for i in which:
                items[i] = data.draw(bad_item(p))
            params[name] = items
            expected |= {f"{name}[{i}]" for i in which}
        else:
            params[name] = data.draw(bad_value(p))
            expected.add(name)
    unknown = data.draw(st.lists(any_text.filter(lambda k: k not in by_name and "[" not in k), max_size=2, unique=True))
    for k in unknown:
        params[k] = 1
    expected |= {k or "params" for k in unknown}  # a nameless one is named on the parameters
    r = check_response(api.handle({"op": "run", "id": cid, "params": params}))
    assert not r["ok"]
    named = {re.sub(r"^(.*?\[\d+\]).*$", r"\1", f) for f in error_fields(r)}
    assert named == expected, (params, r["errors"])


def test_serial_attack_defence_difficulty_1_is_refused_beside_its_field():
    """0 means "by the rules"; 1 is no d10 difficulty: refused, not an internal error."""
    r = api.handle({"op": "run", "id": "serial-attack", "params": {"defence": "dodge", "defence_difficulty": 1}})
    check_response(r)
    assert r["ok"] is False and [e["field"] for e in r["errors"]] == ["defence_difficulty"]


# ---- numbers that are not probabilities do not come in the probability shape --------------

PROB_SHAPE = {"exact", "float"}
MEAN_KEY = re.compile(r"^(mean|expected|average)", re.I)


def walk(obj, key=""):
    if isinstance(obj, dict):
        yield key, obj
        for k, v in obj.items():
            yield from walk(v, str(k))
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v, key)


def check_probabilities(cid, result):
    """Every probability-shaped value is one; a mean never comes in that shape."""
    for key, obj in walk(result):
        if set(obj) == PROB_SHAPE:  # the probability shape: 0 ≤ p ≤ 1
            num, den = map(int, obj["exact"].split("/"))
            assert 0 <= Fraction(num, den) <= 1, (cid, key, obj)
            assert not MEAN_KEY.match(key), (cid, key, obj)
        if MEAN_KEY.match(key) and isinstance(obj, dict) and "exact" in obj:
            assert obj.get("kind") == "number", (cid, key, obj)


@pytest.mark.parametrize("cid", IDS)
def test_means_are_numbers_not_probabilities(cid):
    calc = CALCS[cid]
    check_probabilities(cid, api.run(cid, {}))
    check_probabilities(cid, api.run(cid, largest_request(calc)["params"]) if _valid(calc) else {})


def _valid(calc) -> bool:
    try:
        api.validate(calc, largest_request(calc)["params"])
    except InputError:
        return False
    return True


def test_area_fire_expected_bullets_can_exceed_one():
    """Why that one matters: the mean of bullets that hit is not a probability at all."""
    r = api.run("lysogorsk-area-fire", {"bullets": 50, "targets": [{"dodging": False}] * 3})
    num, den = map(int, r["expected_bullets"]["exact"].split("/"))
    assert Fraction(num, den) > 1


# ---- the command line -----------------------------------------------------------------------

def cli(*args):
    return subprocess.run([sys.executable, "-m", "rules_core", *args], capture_output=True, text=True)


@pytest.mark.parametrize("args, field", [
    (["run", "wod-pool", "[" * 20_000], "params"),
    (["run", "wod-pool", "{" * 10_000], "params"),
    (["run", "wod-pool", '{"dice": "٣"}'], "dice"),
    (["run", "wod-pool", '{"dice": 3.0}'], "dice"),
    (["run", "wod-pool", '{"dice": NaN}'], "params"),
    (["run", "wod-pool", "not json"], "params"),
    (["run", "wod-pool", "[]"], "params"),
    (["run", "nope"], "id"),
    (["run", "wod-pool", '{"dice\\ud800": 1}'], "dice\ud800"),
    (["roll", "wod-pool", "{}", "--seed", "１_０"], "seed"),
    (["roll", "wod-pool", "{}", "--seed", "-5"], "seed"),
    (["roll", "serial-damage", "{}"], "id"),  # it does not roll
])
def test_cli_refuses_bad_input_with_exit_code_2_and_no_traceback(args, field):
    r = cli(*args)
    assert r.returncode == 2, (r.stdout[-500:], r.stderr[-500:])
    assert "Traceback" not in r.stderr
    errors = json.loads(r.stdout)["errors"]
    assert {e["field"] for e in errors} == {field}


def test_cli_seed_text_reads_like_the_engine():
    a = json.loads(cli("roll", "wod-pool", '{"dice": 4}', "--seed", "18446744073709551615").stdout)
    b = api.roll("wod-pool", {"dice": 4}, seed=2**64 - 1)
    assert a == b


# ---- the same entry under Pyodide (the browser's interpreter, whose stack is shorter) -------

PYODIDE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [dir, wheel, textsFile] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + "/" });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const api = py.pyimport("rules_core.api");
const out = [];
for (const text of JSON.parse(readFileSync(textsFile, "utf8"))) {
  const t = performance.now();
  let answer;
  try { answer = api.handle_json(text); } catch (e) { answer = { threw: String(e) }; }
  out.push({ answer: typeof answer === "string" ? answer : JSON.stringify(answer), ms: performance.now() - t });
}
const t = performance.now();
out.push({ answer: api.handle_json(undefined), ms: performance.now() - t });
console.log(JSON.stringify(out));
"""

HOSTILE_TEXTS = [
    "[" * 3000, "[" * 10_000 + "]" * 10_000, '{"a":' * 5000 + "1" + "}" * 5000,
    '{"op":"run","id":"wod-pool","params":{"x":' + "[" * 100_000,
    '{"op":"run","id":[1]}', '{"op":"run","id":"wod-pool","params":{"dice":"٣"}}',
    '{"op":"run","id":"lysogorsk-drunkenness","params":{"drinks":[' + ",".join(["{}"] * 2000) + "]}}",
    '{"op":"run","id":"wod-pool","params":{"dice":5}}',
]


def test_handle_json_under_pyodide_answers_hostile_text(tmp_path):
    """Pyodide's C stack is far shorter than CPython's: there, about 3,000 levels of nesting
    used to end in a RangeError and no answer at all."""
    import shutil

    from scripts.steps import wheel as build_wheel

    node = shutil.which("node")
    if not node:
        pytest.fail("Node.js is needed (scripts/setup installs it)")
    root = Path(__file__).resolve().parent.parent
    name, data = build_wheel.wheel_bytes_and_name(root)  # of the sources as they are now
    wheel = tmp_path / name.rsplit("/", 1)[-1]
    wheel.write_bytes(data)
    texts = tmp_path / "texts.json"
    texts.write_text(json.dumps(HOSTILE_TEXTS), encoding="utf-8")
    r = subprocess.run([node, "--input-type=module", "-e", PYODIDE_SCRIPT, "--",
                        str(root / "node_modules" / "pyodide"), str(wheel), str(texts)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    results = json.loads(r.stdout.strip().splitlines()[-1])
    assert len(results) == len(HOSTILE_TEXTS) + 1
    answers = [check_text_response(x["answer"]) for x in results]
    assert answers[-2]["ok"] and not any(a["ok"] for a in answers[:-2] + answers[-1:])
    assert error_fields(answers[4]) == {"id"} and error_fields(answers[5]) == {"dice"}
    assert error_fields(answers[6]) == {"drinks"}  # the list's length, before any record is read
    print("pyodide handle_json ms:", [round(x["ms"], 1) for x in results])
