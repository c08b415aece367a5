"""The scene engine under Pyodide (in Node, from the wheel the site ships): the same log replays to
the same scene as under CPython, seeded rolls give the same faces, and a refused action is an
error, not a traceback — so the page and the command line agree."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rules_core import api
from rules_core.scene import apply
from rules_core.scene.state import new_scene
from scripts.steps import wheel as build_wheel

ROOT = Path(__file__).resolve().parents[1]

PYODIDE = ROOT / "node_modules" / "pyodide"

NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, wheel, requests] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/" });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.runPython("import rules_core.api as api");
const handle = py.globals.get("api").handle_json;
const out = JSON.parse(readFileSync(requests, "utf8")).map((r) => JSON.parse(handle(JSON.stringify(r))));
console.log(JSON.stringify(out));
"""


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new


def test_pyodide_replays_the_scene_cpython_built(tmp_path):
    node = shutil.which("node")
    if not node or not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("Node.js and node_modules/pyodide are needed (scripts/setup installs them)")
    sc = new_scene("Под Pyodide")
    for a in ({"type": "add_character", "character": {"name": "Маша", "system": "serial", "state": {"health": 2}}},
              {"type": "add_character", "character": {"name": "Вампир", "system": "serial", "stats": {"armor": 1}}},
              {"type": "add_character", "character": {"name": "Фома", "system": "lysogorsk"}},
              {"type": "attack", "attacker": "c2", "target": "c1", "params": {"attack_dice": 6, "damage_dice": 9},
               "seed": 11},
              {"type": "drink", "character": "c3", "drink": "vodka_bottle", "seed": 5},
              # the attack took her to death's door: the roll comes before the round passes (a 6: Шок, 1 round)
              {"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [3]}},
              {"type": "next_round"}):
        sc = step(sc, a)
    # a turn, a fire at the start of Маша's turn, a door roll with its timers (version 2's machinery)
    for a in ({"type": "set_status", "character": "c2", "status": "burning", "values": {}},
              {"type": "next_turn"}, {"type": "next_turn"},
              {"type": "damage", "character": "c1", "portions": [3]},
              {"type": "death_door", "character": "c1", "dice": {"d6": [6]}},  # 6 − 1 (her second roll): «Оглушение»
              {"type": "next_round"}):
        sc = step(sc, a)
    assert sc["characters"][1]["view"]["statuses"][0]["count"] >= 1
    seeded = {"type": "attack", "attacker": "c2", "target": "c1", "params": {"attack_dice": 7, "damage_dice": 6},
              "seed": 2026}
    requests = [
        {"op": "scene", "cmd": "replay", "log": sc["log"], "name": sc["name"]},
        {"op": "scene", "cmd": "apply", "scene": sc, "action": seeded},
        {"op": "scene", "cmd": "preview", "scene": sc,
         "action": {"type": "drink", "character": "c3", "drink": "spirit_shot"}},
        {"op": "scene", "cmd": "apply", "scene": sc, "action": {"type": "damage", "character": "c9", "portions": [1]}},
        {"op": "scene", "cmd": "load", "scene": "{not json"},
        {"op": "scene", "cmd": "apply", "scene": sc, "action": {"type": "undo"}},
        {"op": "scene", "cmd": "load", "scene": json.dumps(sc, ensure_ascii=False)},
        {"op": "scene", "cmd": "load", "scene": "[" * 5000},
    ]
    wheel = tmp_path / "w.whl"
    wheel.write_bytes(build_wheel.wheel_bytes_and_name(ROOT)[1])
    req = tmp_path / "requests.json"
    req.write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    r = subprocess.run([node, "--input-type=module", "-e", NODE_SCRIPT, str(PYODIDE), str(wheel), str(req)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    here = [json.loads(api.handle_json(json.dumps(x, ensure_ascii=False))) for x in requests]
    assert out[0]["ok"] and out[0]["result"]["scene"] == sc
    # the same seed rolls the same faces under Pyodide as under CPython
    assert out[1]["ok"] and out[1]["result"]["scene"] == here[1]["result"]["scene"]
    assert out[1]["result"]["event"]["dice"] == here[1]["result"]["event"]["dice"]
    assert out[2] == here[2]
    assert not out[3]["ok"] and out[3]["errors"] == here[3]["errors"]
    assert not out[4]["ok"] and "internal" not in out[4] and out[4]["errors"] == here[4]["errors"]
    # undo puts back what the last entry changed, the same under Pyodide; a load checks the scene
    assert out[5]["ok"] and out[5]["result"]["scene"] == here[5]["result"]["scene"]
    assert out[6]["ok"] and out[6]["result"]["consistent"] is True
    # too deep a text: its own words, never an internal error, the same as CPython's
    assert not out[7]["ok"] and "internal" not in out[7] and out[7]["errors"] == here[7]["errors"]
