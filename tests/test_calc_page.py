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
