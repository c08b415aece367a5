"""rules_core.api and the command line: specs, validation, JSON shape, fuzzing."""

import json
import subprocess
import sys
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from rules_core import api

PROB_KEYS = {"exact", "float"}


def _walk_probs(obj):
    if isinstance(obj, dict):
        if set(obj) == PROB_KEYS:
            yield obj
        else:
            for v in obj.values():
                yield from _walk_probs(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk_probs(v)


def test_list_has_specs_with_both_languages():
    calcs = api.list_calculators()
    ids = [c["id"] for c in calcs]
    assert "wod-pool" in ids and len(ids) == len(set(ids))
    for c in calcs:
        assert c["system"] in api.SYSTEMS
        assert c["title"]["ru"] and c["title"]["en"]
        for p in c["params"]:
            assert p["label"]["ru"] and p["label"]["en"]
            # the default itself must validate
            api.get(c["id"]).params  # exists
        api.run(c["id"], {})  # defaults run


def test_every_default_result_is_json_with_exact_lowest_terms_probabilities():
    for c in api.list_calculators():
        result = api.run(c["id"], {})
        json.dumps(result)
        assert isinstance(result.get("display"), list) and result["display"]
        for p in _walk_probs(result):
            num, den = map(int, p["exact"].split("/"))
            f = Fraction(num, den)
            assert (f.numerator, f.denominator) == (num, den)
            assert abs(float(f) - p["float"]) < 1e-12


def test_errors_name_the_field_in_two_languages():
    r = api.handle({"op": "run", "id": "wod-pool", "params": {"dice": "many", "difficulty": 11}})
    assert r["ok"] is False
    fields = {e["field"] for e in r["errors"]}
    assert fields == {"dice", "difficulty"}
    assert all(e["ru"] and e["en"] for e in r["errors"])
    assert api.handle({"op": "run", "id": "nope"})["errors"][0]["field"] == "id"
    assert api.handle("x")["ok"] is False
    assert json.loads(api.handle_json("{not json"))["ok"] is False


def test_cli_run_and_error_exit_codes():
    ok = subprocess.run([sys.executable, "-m", "rules_core", "run", "wod-pool", '{"dice": 3}'],
                        capture_output=True, text=True)
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["p_success"]["exact"] == "37/50"
    bad = subprocess.run([sys.executable, "-m", "rules_core", "run", "wod-pool", '{"dice": -1}'],
                         capture_output=True, text=True)
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["errors"][0]["field"] == "dice"
    lst = subprocess.run([sys.executable, "-m", "rules_core", "list"], capture_output=True, text=True)
    assert lst.returncode == 0 and any(c["id"] == "wod-pool" for c in json.loads(lst.stdout))


def test_roll_is_reproducible_by_seed():
    a = api.roll("wod-pool", {"dice": 7}, seed=5)
    b = api.roll("wod-pool", {"dice": 7}, seed=5)
    assert a == b and a["seed"] == 5


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([c["id"] for c in api.list_calculators()] + ["zzz"]),
       st.dictionaries(st.text(max_size=12), json_values, max_size=6), st.booleans())
def test_fuzz_random_params_give_results_or_clean_errors(calc_id, params, use_known_names):
    if use_known_names and calc_id != "zzz":
        names = [p.name for p in api.get(calc_id).params]
        params = {names[i % len(names)]: v for i, v in enumerate(params.values())}
    r = api.handle({"op": "run", "id": calc_id, "params": params})
    assert "internal" not in r, r
    if r["ok"]:
        json.dumps(r["result"])
    else:
        assert r["errors"] and all({"field", "ru", "en"} <= set(e) for e in r["errors"])
