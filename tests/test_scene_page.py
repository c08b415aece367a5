"""The scene page's own modules run in Node, as the page runs them (tests/node.py), against the
engine: which fields of a sheet apply is the engine's reading (spec.shown_names), by the one rule
every form of the site follows (calculators/form.mjs ``liveNames``, kinds.mjs ``applying``)."""

from __future__ import annotations

import json
import random

from rules_core import api
from rules_core.spec import Option, Param, shown_names

from tests.node import node_eval
from tests.test_calc_page import _some_value

PARAM_KINDS = {"int", "bool", "choice", "int_list", "record_list"}


def _param(j: dict) -> Param:
    """A spec's field as the engine's Param, rebuilt from its JSON (the scene's actions give their
    fields as JSON only)."""
    return Param(j["name"], j["kind"], j["label"], j["default"], min=j.get("min"), max=j.get("max"),
                 options=tuple(Option(o["value"], o["label"]) for o in j.get("options", ())),
                 min_len=j.get("min_len", 0), max_len=j.get("max_len"),
                 fields=tuple(_param(f) for f in j.get("fields", ())), group=j.get("group", "main"), when=j.get("when"))


def _values(params: list[dict], rnd: random.Random) -> dict:
    """Random values of these fields, some of them bad ("x"), some left out (their defaults)."""
    out = {}
    for p in params:
        if p["kind"] not in PARAM_KINDS or rnd.random() < 0.1:
            continue
        out[p["name"]] = "x" if rnd.random() < 0.1 else _some_value(p, rnd)
    return out


def _live(cases: list[dict]) -> list[list[str]]:
    code = """
import { readFileSync } from "node:fs";
import { liveNames } from "./calculators/form.mjs";
import { sheetLive } from "./calculators/scene-action.mjs";
const out = JSON.parse(readFileSync(0, "utf8")).map((c) => {
  if (c.sheet) {
    const live = sheetLive(c.own, c.values, c.calc);
    return { own: live.own && [...live.own].sort(), calc: live.calc && [...live.calc].sort() };
  }
  return [...liveNames(c.params, c.values)].sort();
});
console.log(JSON.stringify(out));
"""
    return json.loads(node_eval(code, json.dumps(cases)))


def test_every_form_shows_the_fields_the_engine_reads_as_applying():
    """A calculator's form and every scene action's sheet — its own fields, and the fields of the
    calculator it carries, whose conditions may read a value the scene fills in (a wounded
    attacker's «Штраф за раны к урону» applies) — show exactly the fields spec.shown_names gives."""
    rnd = random.Random(26)
    cases, wants = [], []
    for c in api.list_calculators():
        calc = api.get(c["id"])
        for _ in range(15):
            values = _values(c["params"], rnd)
            cases.append({"params": c["params"], "values": values})
            wants.append(sorted(shown_names(calc.params, values)))
    scene = api.handle({"op": "scene", "cmd": "spec"})["result"]
    sheets = 0
    for a in scene["actions"]:
        own = [f for f in a["fields"] if f["kind"] not in ("calculator", "new_character", "stats", "state", "readings")]
        own_params = [_param(f) for f in own if f["kind"] in PARAM_KINDS]
        carried = next((f for f in a["fields"] if f["kind"] == "calculator"), None)
        for _ in range(40 if carried or any(f.get("when") for f in own) else 3):
            values = _values(own, rnd)
            case = {"sheet": True, "own": own, "values": values, "calc": None}
            want = {"own": sorted(shown_names(own_params, values) | {f["name"] for f in own if f["kind"] not in PARAM_KINDS})
                    if any(f.get("when") for f in own) else None, "calc": None}
            if carried:
                calc = api.get(carried["calculator"])
                spec = calc.to_json()
                drawn = [p for p in spec["params"] if p["name"] not in carried.get("filled", ())]
                form = _values(drawn, rnd)
                # what the scene fills in, as a preview gives it (sometimes not yet known)
                filled = ({p["name"]: _some_value(p, rnd) for p in spec["params"] if p["name"] in carried.get("filled", ())}
                          if rnd.random() < 0.8 else None)
                case["calc"] = {"drawn": drawn, "all": spec["params"], "values": form, "filled": filled}
                want["calc"] = sorted(shown_names(calc.params, {**(filled or {}), **form}))
            cases.append(case)
            wants.append(want)
            sheets += 1
    got = _live(cases)
    assert sheets > 100 and len(got) == len(cases)
    for case, g, w in zip(cases, got, wants):
        assert g == w, (case, g, w)
    # the wounded attacker's case is among them: a field the scene's filled value makes apply
    assert any(c.get("calc") and "wound_penalty_damage" in g["calc"] and "wound_penalty_damage" in {p["name"] for p in c["calc"]["drawn"]}
               for c, g in zip(cases, got) if c.get("sheet"))
