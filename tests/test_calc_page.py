"""The calculator page's own reading of what it keeps and hands on, run in Node as the page runs
it (calculators/kinds.mjs, calc.mjs), generated from every spec:

* a value kept on the device (localStorage) is read by its kind's stored reading: every value the
  engine takes is taken as it stands, every value it refuses (out of range, of another kind, an
  option or a field that no longer exists) is refused at its field — to be set aside, never
  applied;
* a next step's link (``calcHref``) carries the values so that the target calculator's link
  reading gives them back exactly;
* the fields shown (``applying``) are those the engine reads as applying, for records' fields too.
"""

from __future__ import annotations

import json
import random

from rules_core import api
from rules_core.spec import bool_param, choice_param, int_param, shown_names

from tests.node import assert_reads_as_the_engine, node_eval, some_value


def _stored_cases(p: dict, path: str) -> list[tuple[object, object]]:
    """(a value as kept on the device, None if the spec takes it else the fields it is refused at)."""
    kind = p["kind"]
    if kind == "int":
        lo, hi = p.get("min"), p.get("max")
        good = [p["default"]] + [x for x in (lo, hi) if x is not None]
        bad = [str(p["default"]), float(p["default"]) + 0.5, True, None, [p["default"]], {"v": 1}]
        bad += [lo - 1] if lo is not None else []
        bad += [hi + 1] if hi is not None else []
        return [(v, None) for v in good] + [(v, [path]) for v in bad]
    if kind == "bool":
        return [(True, None), (False, None)] + [(v, [path]) for v in (1, 0, "true", None, [])]
    if kind == "choice":
        values = [o["value"] for o in p["options"]]
        return [(v, None) for v in values] + [(v, [path]) for v in ("zzz-gone", 1, None, values[:1])]
    if kind == "int_list":
        lo, hi = p.get("min"), p.get("max")
        good = [p["default"], [lo] * max(1, p["min_len"]) if lo is not None else p["default"]]
        bad = [("1, 2", [path]), (None, [path]), ([0] * (p["max_len"] + 1), [path])]
        if hi is not None:
            bad.append(([*p["default"][:1], hi + 1], [f"{path}[{len(p['default'][:1])}]"]))
        bad.append((["3"], [f"{path}[0]"]))
        return [(v, None) for v in good] + bad
    if kind == "record_list":
        full = [{f["name"]: r.get(f["name"], f["default"]) for f in p["fields"]} for r in p["default"]]
        good = [p["default"], full, [{}] * max(1, p["min_len"])]
        bad = [("[]", [path]), ({"a": 1}, [path]), ([{}] * (p["max_len"] + 1), [path]), ([5], [f"{path}[0]"]),
               ([{"gone": 1}], [f"{path}[0]"])]
        for f in p["fields"]:
            for w, _ in _stored_cases(f, "x")[-2:]:
                bad.append(([{}, {f["name"]: w}], [f"{path}[1].{f['name']}"]))
        return [(v, None) for v in good] + bad
    raise AssertionError(kind)


def test_values_kept_on_the_device_are_read_by_the_spec():
    cases = [{"calc": c["id"], "p": p, "value": v, "want": want}
             for c in api.list_calculators() for p in c["params"] for v, want in _stored_cases(p, p["name"])]
    code = """
import { readFileSync } from "node:fs";
import { kindOf } from "./calculators/kinds.mjs";
const out = [];
for (const c of JSON.parse(readFileSync(0, "utf8"))) {
  const { value, errors } = kindOf(c.p).stored(c.p, c.value, c.p.name);
  out.push({ value: value === undefined ? null : value, errors });
}
console.log(JSON.stringify(out));
"""
    out = json.loads(node_eval(code, json.dumps(cases)))
    # a bad one is refused at its field (a digit string too, which the engine would read: the
    # form never keeps one, so one on the device is not the form's)
    assert_reads_as_the_engine(cases, out, "value",
                               lambda c: f"{c['calc']}.{c['p']['name']}={json.dumps(c['value'])[:60]}")


def test_a_next_steps_link_gives_its_values_back():
    """calcHref writes a calculator's values into its page's address; that calculator's link
    reading (each kind's fromLink, then the form's reading) gives back exactly those values."""
    rnd = random.Random(12)
    cases = []
    for c in api.list_calculators():
        for _ in range(3):
            params = {p["name"]: some_value(p, rnd) for p in c["params"] if rnd.random() < 0.6}
            cases.append({"spec": c, "params": params})
    code = """
import { readFileSync } from "node:fs";
globalThis.document = undefined;
const { calcHref } = await import("./calculators/calc.mjs");
const { kindOf, newRecord, readInt, readIntList } = await import("./calculators/kinds.mjs");
const back = (p, v) => p.kind === "int" ? readInt(String(v))
  : p.kind === "int_list" ? (Array.isArray(v) ? v : readIntList(v))
  : p.kind === "record_list" ? v.map((r) => Object.fromEntries(p.fields.map((f) => [f.name, back(f, r[f.name])])))
  : v;
const out = [];
for (const { spec, params } of JSON.parse(readFileSync(0, "utf8"))) {
  for (const lang of ["ru", "en"]) {
    const url = new URL(calcHref(spec, params, lang));
    const got = {}, errors = [];
    for (const p of spec.params) {
      const text = url.searchParams.get(`${spec.id}.${p.name}`);
      if (text === null) continue;
      const r = kindOf(p).fromLink(p, text);
      errors.push(...r.errors);
      got[p.name] = back(p, r.value);
    }
    out.push({ path: url.pathname, got, errors });
  }
}
console.log(JSON.stringify(out));
"""
    out = json.loads(node_eval(code, json.dumps(cases)))
    assert len(out) == 2 * len(cases)
    for i, case in enumerate(cases):
        spec, params = case["spec"], case["params"]
        want = {}
        for name, v in params.items():
            p = next(q for q in spec["params"] if q["name"] == name)
            want[name] = [{f["name"]: r.get(f["name"], f["default"]) for f in p["fields"]} for r in v] \
                if p["kind"] == "record_list" else v
        for lang, got in zip(("ru", "en"), out[2 * i: 2 * i + 2]):
            assert got["path"].endswith(("/en" if lang == "en" else "") + f"/calculators/{spec['id']}/"), got["path"]
            assert not got["errors"], (spec["id"], got["errors"])
            assert got["got"] == want, (spec["id"], lang)


def test_what_applies_is_the_engines_reading():
    """kinds.mjs ``applying`` (the fields a form shows: their condition holds, reading what applies
    with a valid value by the stored reading) gives the engine's reading
    (``spec.shown_names``) for random values of a spec with conditions of every sort, of every
    calculator, and of every record list's fields."""
    rnd = random.Random(7)
    cases = []
    # conditions of every sort, chained, over records too (besides whatever the specs declare)
    for _ in range(300):
        values = {p["name"]: some_value(p, rnd) for p in CONDITIONAL_JSON}
        for name in values:
            if rnd.random() < 0.15:
                values[name] = "x"
        cases.append({"params": CONDITIONAL_JSON, "values": values,
                      "want": _shown(CONDITIONAL, values)})
    for c in api.list_calculators():
        calc = api.get(c["id"])
        for _ in range(40):
            values = {p["name"]: some_value(p, rnd) for p in c["params"]}
            for p in c["params"]:  # sometimes a bad value, which no condition reads
                if rnd.random() < 0.1:
                    values[p["name"]] = "x"
            cases.append({"params": c["params"], "values": values,
                          "want": _shown(calc.params, values)})
            for p, q in zip(c["params"], calc.params):
                if p["kind"] == "record_list":
                    for rec in values[p["name"]] if isinstance(values[p["name"]], list) else []:
                        full = {f["name"]: rec.get(f["name"], f["default"]) for f in p["fields"]}
                        cases.append({"params": p["fields"], "values": full,
                                      "want": _shown(q.fields, full)})
    code = """
import { readFileSync } from "node:fs";
import { applying } from "./calculators/kinds.mjs";
console.log(JSON.stringify(JSON.parse(readFileSync(0, "utf8")).map((c) => [...applying(c.params, c.values)].sort())));
"""
    out = json.loads(node_eval(code, json.dumps(cases)))
    assert len(out) == len(cases) > 500
    for case, got in zip(cases, out):
        assert got == case["want"], (case["values"], got, case["want"])


CONDITIONAL = (
    choice_param("mode", "Вид", "Mode", "check", [("check", "УС", "check"), ("opposed", "встречная", "opposed"),
                                                 ("group", "групповая", "group")]),
    int_param("difficulty", "УС", "Difficulty", 10, 0, 15, when={"param": "mode", "eq": "check"}),
    int_param("opponent", "Противник", "Opponent", 3, 0, 10, when={"param": "mode", "in": ["opposed", "group"]}),
    int_param("shots", "Выстрелов", "Shots", 0, 0, 30, group="details"),
    int_param("close", "На ближней", "Close", 3, 0, 30, group="details",
              when={"all": [{"param": "shots", "min": 1}, {"param": "difficulty", "max": 12}]}),
    bool_param("flag", "Флаг", "Flag", when={"any": [{"param": "close", "min": 5}, {"not": {"param": "mode", "ne": "group"}}]}),
)
CONDITIONAL_JSON = [p.to_json() for p in CONDITIONAL]


def _shown(params, values) -> list[str]:
    """The engine's reading of which fields a form shows (spec.shown_names)."""
    return sorted(shown_names(params, values))


# ---- what a calculator keeps: each record kind read by its schema (calculators/calc-memory.mjs) ------

def _kept_roll(calc_id: str, params: dict, seed: int) -> dict | None:
    """A roll as calc.mjs keeps it (its kinds of blocks, the values that differ from the defaults)."""
    res = api.handle({"op": "roll", "id": calc_id, "params": params, "seed": seed})
    if not res["ok"]:
        return None
    spec = next(c for c in api.list_calculators() if c["id"] == calc_id)
    changed = []
    for p in spec["params"]:
        if p["name"] in params and p["kind"] != "record_list" and params[p["name"]] != p["default"]:
            opt = next((o for o in p.get("options", []) if o["value"] == params[p["name"]]), None)
            changed.append({"label": p["label"], "value": opt["label"] if opt else params[p["name"]]})
    return {"t": 1764950000000 + seed, "seed": str(res["result"]["seed"]),
            "display": [b for b in res["result"]["display"] if b["kind"] in ("dice", "figures", "table", "note")],
            "changed": changed}


def test_every_block_and_roll_the_engine_writes_passes_the_pages_schema():
    """What the engine writes (its results' blocks, of every kind render.mjs draws, and the rolls as
    calc.mjs keeps them), for every calculator at its defaults and at values near them, passes the
    schema the page reads the device's records by: none of its own is ever held back."""
    rnd = random.Random(36)
    blocks, rolls = [], []
    for c in api.list_calculators():
        variants = [{}] + [{p["name"]: some_value(p, rnd) for p in c["params"] if rnd.random() < 0.4} for _ in range(6)]
        for params in variants:
            res = api.handle({"op": "run", "id": c["id"], "params": params})
            if res["ok"]:
                blocks += res["result"]["display"]
            if c.get("can_roll"):
                entry = _kept_roll(c["id"], params, rnd.randrange(2**32))
                if entry:
                    rolls.append(entry)
    assert {b["kind"] for b in blocks + [b for r in rolls for b in r["display"]]} == {"figures", "distribution", "table", "note", "dice"}
    assert len(rolls) > 100
    code = """
import { readFileSync } from "node:fs";
import { isBlock, isRoll } from "./calculators/calc-memory.mjs";
const { blocks, rolls } = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify({ blocks: blocks.map(isBlock), rolls: rolls.map(isRoll) }));
"""
    out = json.loads(node_eval(code, json.dumps({"blocks": blocks, "rolls": rolls})))
    bad = [b for b, ok in zip(blocks, out["blocks"]) if not ok]
    assert not bad, json.dumps(bad[:2], ensure_ascii=False)[:1000]
    bad = [r for r, ok in zip(rolls, out["rolls"]) if not ok]
    assert not bad, json.dumps(bad[:1], ensure_ascii=False)[:1000]


def test_each_renamed_parameter_reads_as_the_engines_new_ones():
    """renamed.mjs's table against the engine: each entry's calculators no longer have the old name and
    have the new ones; each old value converts to values the engine takes; ``exhaustion6`` converts to
    what it meant (yes: Exhaustion's 6th level, no ED6; no: none of it), from a link and from the device;
    a value it never took is refused beside the new field, naming the old name."""
    code = """
import { RENAMED, renamedIn } from "./calculators/renamed.mjs";
import { readFileSync } from "node:fs";
const specs = JSON.parse(readFileSync(0, "utf8"));
const out = { table: RENAMED, read: {} };
for (const spec of specs) {
  const rn = renamedIn(spec, "exhaustion6");
  if (!rn) continue;
  out.read[spec.id] = { link: ["1", "0", "2", "true", ""].map((t) => rn.fromLink(t)),
                        stored: [true, false, 1, "yes", null].map((v) => rn.fromStored(v)) };
}
console.log(JSON.stringify(out));
"""
    calcs = {c["id"]: c for c in api.list_calculators()}
    out = json.loads(node_eval(code, json.dumps(list(calcs.values()))))
    assert any(e["old"] == "exhaustion6" for e in out["table"])
    for entry in out["table"]:
        for calc_id in entry["calcs"]:
            calc = api.get(calc_id)
            names = {p.name for p in calc.params}
            assert entry["old"] not in names and set(entry["to"]) <= names, (calc_id, entry["old"])
            for _, new in entry["values"]:
                assert set(new) <= set(entry["to"])
                for name, v in new.items():
                    next(p for p in calc.params if p.name == name).validate(v)
    # exhaustion6, in every codex calculator that had it
    assert set(out["read"]) == {"codex-roll", "codex-attack", "codex-counteraction", "codex-counters", "codex-ability"}
    from rules_core.codex.calculators.shared import deprived
    for calc_id, read in out["read"].items():
        defaults = {p.name: p.default for p in api.get(calc_id).params}
        for got, meant in zip(read["link"][:2] + read["stored"][:2], [True, False, True, False]):
            assert not got["errors"], (calc_id, got)
            assert deprived({**defaults, **got["value"]}) is meant, (calc_id, got)
        for got in read["link"][2:] + read["stored"][2:]:
            assert "value" not in got and got["errors"], (calc_id, got)
            assert all(e["field"] == "exhaustion" and "exhaustion6" in e["ru"] and "exhaustion6" in e["en"] for e in got["errors"])


# ---- any JSON on the device: the property test --------------------------------------------------------

import math  # noqa: E402
import re  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from rules_core.spec import InputError  # noqa: E402

from tests.fuzz import markup_problems, mutated, node_lines  # noqa: E402
from tests.hostile import cases as hostile_cases, storage_keys  # noqa: E402

MARKUP = ['"><img src=x onerror="window.__pwned=1">', "<svg onload=window.__pwned=2>", "'><script>window.__pwned=3</script>",
          "</code></li></ul><h1>x", "&lt;b&gt;", "constructor", "__proto__", "toString", "\ud800", "a\u0000b", "Иван\u202e"]
#: The elements and attributes of the page's own drawing of what it keeps (render.mjs, calc-memory.mjs).
TAGS = {"div", "p", "button", "ol", "ul", "li", "time", "details", "summary", "dl", "dt", "dd", "span", "figure",
        "figcaption", "svg", "title", "line", "rect", "g", "text", "table", "thead", "tbody", "tr", "th", "td", "caption",
        "code", "strong"}
ATTRS = {"class", "type", "datetime", "reversed", "aria-label", "aria-labelledby", "role", "id", "viewbox",
         "preserveaspectratio", "x", "y", "x1", "x2", "y1", "y2", "width", "height", "rx", "font-size", "text-anchor",
         "scope", "style"}


def _markup(html: str) -> list[str]:
    return markup_problems(html, TAGS, ATTRS, r"max-width:\d+px")


# The engine's shapes (rules_core/spec.py's docstring), read here apart from the page's schema: what
# the page hands its renderer must be of them.
def _text(v) -> bool:
    return isinstance(v, str) or (isinstance(v, dict) and bool(v) and set(v) <= {"ru", "en"}
                                  and all(isinstance(x, str) for x in v.values()))


def _num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _prob(v) -> bool:
    return (isinstance(v, dict) and set(v) <= {"exact", "float", "kind"} and isinstance(v.get("exact"), str)
            and re.fullmatch(r"-?\d+/\d+", v["exact"]) is not None and _num(v.get("float")) and v.get("kind", "number") == "number")


def _scalar(v) -> bool:
    return v is None or isinstance(v, bool) or _num(v) or _text(v) or _prob(v)


def _value(v) -> bool:
    return _scalar(v) or (isinstance(v, list) and all(_scalar(x) for x in v))


def _block(b) -> bool:
    if not isinstance(b, dict):
        return False
    k = b.get("kind")
    if k == "figures":
        return isinstance(b.get("items"), list) and all(isinstance(i, dict) and _text(i.get("label")) and _value(i.get("value"))
                                                        for i in b["items"])
    if k == "distribution":
        return (_text(b.get("title")) and _text(b.get("x_label")) and isinstance(b.get("rows"), list)
                and all(isinstance(r, dict) and _scalar(r.get("x")) and _prob(r.get("p"))
                        and (r.get("p_at_least") is None or _prob(r["p_at_least"]))
                        for r in b["rows"]))
    if k == "table":
        return (isinstance(b.get("columns"), list) and all(_text(c) for c in b["columns"]) and isinstance(b.get("rows"), list)
                and all(isinstance(r, list) and all(_value(c) for c in r) for r in b["rows"]))
    if k == "note":
        return _text(b.get("text")) and b.get("level", "info") in ("info", "warning")
    if k == "dice":
        faces, marks = b.get("faces"), b.get("marks", [])
        return (_text(b.get("label")) and isinstance(faces, list) and all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
                and isinstance(marks, list) and all(isinstance(m, str) for m in marks))
    return False


def _roll(e) -> bool:
    return (isinstance(e, dict) and _num(e.get("t")) and abs(e["t"]) <= 8.64e15 and isinstance(e.get("display"), list)
            and all(_block(b) for b in e["display"]) and (e.get("seed") is None or isinstance(e["seed"], str)))


hostile = st.one_of(st.sampled_from(MARKUP), st.text(max_size=30))
json_value = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False)
                          | hostile, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(hostile, inner, max_size=4), max_leaves=12)
#: Calculators of every param kind: ints and choices, int lists, record lists, a renamed name.
KEPT_CALCS = ["wod-pool", "codex-roll", "lysogorsk-drunkenness", "serial-damage"]
_ROLLS: list[dict] = []


def _real_rolls() -> list[dict]:
    if not _ROLLS:
        for i, calc_id in enumerate(["wod-pool", "codex-roll", "lysogorsk-drunkenness", "lysogorsk-area-fire"]):
            for seed in range(3):
                entry = _kept_roll(calc_id, {}, 100 * i + seed)
                if entry:
                    _ROLLS.append(entry)
    return _ROLLS


def _stored(draw, good):
    """A stored text: made of ``good`` records (some changed anywhere), anything JSON holds, or text."""
    how = draw(st.sampled_from(["good", "mutated", "list", "value", "text", "none"]))
    if how == "none":
        return None
    if how == "text":
        return draw(hostile)
    if how == "value":
        return json.dumps(draw(json_value), ensure_ascii=False)
    items = draw(st.lists(st.sampled_from(good), max_size=4)) if good else []
    if how == "mutated" and items:
        items = [mutated(draw, x, json_value) if draw(st.booleans()) else x for x in items]
    if how in ("mutated", "list"):
        items += draw(st.lists(json_value, max_size=2))
    return json.dumps(items, ensure_ascii=False)


@st.composite
def device(draw):
    calc = api.get(draw(st.sampled_from(KEPT_CALCS)))
    spec = next(c for c in api.list_calculators() if c["id"] == calc.id)
    rnd = random.Random(draw(st.integers(0, 2**16)))
    names = [p["name"] for p in spec["params"]] + ["exhaustion6", "gone"]
    kept = {n: (some_value(next(p for p in spec["params"] if p["name"] == n), rnd) if n in names[:-2] and draw(st.booleans())
                else draw(json_value)) for n in draw(st.lists(st.sampled_from(names) | hostile, max_size=5))}
    values = draw(st.sampled_from(["kept", "mutated", "other"]))
    values = (json.dumps({"values": kept}, ensure_ascii=False) if values == "kept"
              else json.dumps(mutated(draw, {"values": kept}, json_value), ensure_ascii=False) if values == "mutated"
              else _stored(draw, []))
    asides = [{"name": draw(st.sampled_from(names) | hostile), "value": draw(json_value),
               "errors": [{"field": draw(hostile), "ru": draw(hostile), "en": draw(hostile)}]} for _ in range(2)]
    return {"spec": spec, "values": values, "aside": _stored(draw, asides), "rolls": _stored(draw, _real_rolls()),
            "lang": draw(st.sampled_from(["ru", "en"]))}


@pytest.fixture(scope="module")
def keeper():
    yield from node_lines("tests/js/calc_memory.mjs")


def _as_js(v):
    """A JSON value as JavaScript reads it back: a whole number beyond 2**53 is a float there."""
    if isinstance(v, list):
        return [_as_js(x) for x in v]
    if isinstance(v, dict):
        return {k: _as_js(x) for k, x in v.items()}
    return float(v) if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53 else v


def _check_device(keeper, case: dict) -> dict:
    """The page's reading of one device's records: it never throws; the values it applies are the
    engine's; the rolls it draws are of the engine's shapes, and every other entry is kept after them;
    nothing it draws is markup of the records'."""
    out = keeper(case)
    assert "error" not in out, out["error"]
    calc = api.get(case["spec"]["id"])
    for name, v in out["values"].items():
        param = next((p for p in calc.params if p.name == name), None)
        assert param is not None, name
        try:
            param.validate(v)
        except InputError as e:
            pytest.fail(f"{calc.id}: the page applies {name}={v!r}, the engine refuses it: {e.errors}")
    assert all(_roll(e) for e in out["rolls"]), json.dumps(out["rolls"], ensure_ascii=False)[:800]
    assert out["after"][1 + len(out["rolls"]):] == out["unread"]  # a new roll keeps what it cannot read
    try:
        stored = json.loads(case["rolls"]) if case["rolls"] is not None else []
    except ValueError:
        stored = case["rolls"]  # no JSON: the text is kept as one entry
    if isinstance(stored, list):  # nothing of it dropped: drawn or kept
        assert len(out["rolls"]) + len(out["unread"]) == len(stored)
    else:
        assert _as_js(out["unread"]) == [_as_js(stored)] and out["rolls"] == []
    for name, html in out["html"].items():
        assert _markup(html) == [], (name, html[:500])
    return out


@settings(max_examples=int(200 * float(__import__("os").environ.get("SVOD_FUZZ_SCALE", "1"))), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=device())
def test_any_json_kept_on_the_device_is_read_by_its_schema_never_drawn_as_markup(keeper, case):
    """Kept values, their aside and the roll history, each any JSON or text (the engine's own records,
    changed anywhere, hostile text in them): the page's reading never throws, applies only values the
    engine takes, hands its renderer only rolls of the engine's shapes and keeps the rest, and draws
    nothing but its own elements and attributes."""
    _check_device(keeper, case)


@pytest.mark.parametrize("name", [n for n, _ in hostile_cases("kept")])
def test_each_planted_record_of_the_corpus_is_read_by_its_schema(keeper, name):
    """tests/data/hostile/kept/: each planted record, read as the page reads it (the browser's part is
    tests/browser/test_calc_memory.py)."""
    case = dict(hostile_cases("kept"))[name]
    keys = storage_keys(case["calc"])
    store = {k: (v if k.endswith("_text") else json.dumps(v, ensure_ascii=False)) for k, v in case["store"].items()}
    texts = {k: store.get(k, store.get(f"{k}_text")) for k in keys}
    spec = next(c for c in api.list_calculators() if c["id"] == case["calc"])
    out = _check_device(keeper, {"spec": spec, "lang": "ru", **texts})
    want = case["expect"]
    if "rolls" in want:
        assert len(out["rolls"]) == want["rolls"] and len(out["unread"]) == want["unread"]
    for k, v in want.get("params", {}).items():
        if k in out["values"] or v != next(p["default"] for p in spec["params"] if p["name"] == k):
            assert out["values"].get(k) == v, (k, out["values"])
