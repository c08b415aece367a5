"""The JSON the scene page reads, pinned: ``scene spec`` and the events, previews and character views of a
few fights, each through the public API (``rules_core.api.handle``, op ``scene``).

The files in ``tests/golden/`` are what the engine answered; a change to any of them is a change of the
page's contract and is made on purpose: ``SVOD_UPDATE_GOLDEN=1 pytest tests/test_scene_golden.py``
rewrites them, and the diff goes into the same commit as the change that moved them.
"""

import json
import os
from pathlib import Path

import pytest

from rules_core import api

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("SVOD_UPDATE_GOLDEN") == "1"


def call(**request):
    r = api.handle({"op": "scene", **request})
    assert r["ok"], r
    return r["result"]


def _views(sc):
    return {c["id"]: {"name": c["name"], "view": c["view"]} for c in sc["characters"]}


class Fight:
    """Applies actions one by one, recording what the page would read from each answer."""

    def __init__(self, name):
        self.scene = call(cmd="new", name=name)["scene"]
        self.record = []

    def do(self, action):
        out = call(cmd="apply", scene=self.scene, action=action)
        self.scene = out["scene"]
        ev = {k: v for k, v in out["event"].items() if k != "entry"}
        self.record.append({"apply": action, "event": ev, "views": _views(self.scene)})
        return out["event"]

    def preview(self, action):
        self.record.append({"preview": action, "result": call(cmd="preview", scene=self.scene, action=action)})

    def add(self, name, system, stats=None, state=None, **extra):
        return self.do({"type": "add_character", "character": {"name": name, "system": system,
                                                               "stats": stats or {}, "state": state or {}, **extra}})


def serial_fight():
    f = Fight("Подворотня")
    f.add("Маша", "serial", {"stamina": 2})
    f.add("Олег", "serial", {"stamina": 7, "absorption_bonus": 1})
    f.add("Вампир", "serial", {"stamina": 4, "armor": 1, "resistance": ["Огнестрельный"]})
    shot = {"type": "attack", "attacker": "c1", "target": "c3", "tags": ["огнестрельный"],
            "params": {"attack_dice": 7, "damage_dice": 6}}
    f.preview(shot)
    f.do({**shot, "dice": {"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]}})
    f.do({"type": "attack", "attacker": "c3", "target": "c1", "params": {"ranged": False, "attack_dice": 6,
                                                                         "damage_dice": 5},
          "dice": {"attack": [10, 9, 8, 5, 4, 3], "damage": [6, 6, 6, 6, 2]}})
    f.do({"type": "next_round"})
    f.do({"type": "damage", "character": "c1", "portions": [10]})
    f.preview({"type": "death_door", "character": "c1"})
    f.do({"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [3]}})
    f.do({"type": "damage", "character": "c3", "portions": [12]})
    f.do({"type": "death_door", "character": "c3", "dice": {"d6": [2]}})
    f.preview({"type": "damage", "character": "c2", "portions": [3, 4]})
    f.do({"type": "burning", "character": "c2", "turn": 2})
    f.do({"type": "gain_absorption", "character": "c2", "amount": 2})
    f.do({"type": "edit_character", "character": "c2", "state": {"health": 3}})
    f.do({"type": "note", "text": "Олег ругается."})
    f.do({"type": "end_scene"})
    return f.record


def other_systems_fight():
    f = Fight("Трактир")
    f.add("Фома", "lysogorsk", {"stamina": 1, "fortitude": 0})
    f.add("Ада", "codex", {"tough": 1, "armor": "1"})
    f.add("Анатоль", "wod", {"stamina": 4, "fortitude": 1, "kind": "supernatural"})
    f.preview({"type": "drink", "character": "c1", "drink": "spirit_shot"})
    f.do({"type": "drink", "character": "c1", "drink": "vodka_shot", "dice": {"checks": [[1, 1]]}})
    f.do({"type": "lys_damage", "character": "c1", "hits": 6})
    f.preview({"type": "lys_stress", "character": "c1", "situation": "superior", "supernatural": True,
               "confidence": 2, "willpower": 1})
    f.do({"type": "lys_stress", "character": "c1", "situation": "superior", "confidence": 2, "willpower": 1,
          "dice": {"check": [3, 3]}})
    f.do({"type": "codex_damage", "character": "c2", "hits": [2, 5, 9]})
    f.do({"type": "codex_stress", "character": "c2", "amount": 3})
    f.preview({"type": "codex_counter", "character": "c2", "ed6": 2, "their_lv": 1})
    f.do({"type": "codex_counter", "character": "c2", "ed6": 2, "their_lv": 1, "dice": {"counter": [6, 3]}})
    f.preview({"type": "wod_damage", "character": "c3", "successes": 3, "damage_type": "lethal"})
    f.do({"type": "wod_damage", "character": "c3", "successes": 3, "damage_type": "lethal",
          "dice": {"soak": [8, 5, 2, 7, 5]}})
    f.do({"type": "next_round"})
    f.do({"type": "end_scene"})
    return f.record


CASES = {
    "scene_spec": lambda: call(cmd="spec"),
    "fight_serial": serial_fight,
    "fight_other_systems": other_systems_fight,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_json_the_page_reads_is_pinned(name):
    got = json.loads(json.dumps(CASES[name](), ensure_ascii=False))
    path = GOLDEN / f"{name}.json"
    if UPDATE:
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"no {path.name}: make it with SVOD_UPDATE_GOLDEN=1"
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want, f"{path.name} moved: rerun with SVOD_UPDATE_GOLDEN=1 if the change is meant"
