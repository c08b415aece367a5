"""Scene format version 1 → 2: nothing lost. A version-1 file written by the version-1 engine
(``tests/data/scene_v1.json``, every kind of action in it, and the scene its undo gave,
``scene_v1_undone.json``) loads, replays and undoes as before; and (hypothesis) any scene of the
actions version 1 had, written in version 1's shape, comes through with every fact it held."""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from rules_core import api
from rules_core.scene import apply, engine, load, replay, state
from rules_core.scene import characters
from rules_core.scene import serial as SERIAL_SCENE

DATA = Path(__file__).resolve().parent / "data"
V1 = json.loads((DATA / "scene_v1.json").read_text(encoding="utf-8"))
V1_UNDONE = json.loads((DATA / "scene_v1_undone.json").read_text(encoding="utf-8"))


def _same_facts(v1: dict, v2: dict) -> None:
    """Every fact of the version-1 scene is in the version-2 one, unchanged."""
    assert v2["version"] == state.VERSION
    for k in ("name", "round", "next_id"):
        assert v2[k] == v1[k], k
    for sys, values in v1["readings"].items():
        assert {k: v2["readings"][sys][k] for k in values} == values
    assert [c["id"] for c in v2["characters"]] == [c["id"] for c in v1["characters"]]
    for old, new in zip(v1["characters"], v2["characters"]):
        for k in ("id", "name", "system"):
            assert new[k] == old[k]
        # the sheet and the state as they were; what version 2 added, at its defaults
        assert {k: new["stats"][k] for k in old["stats"]} == old["stats"]
        assert {k: new["state"][k] for k in old["state"]} == old["state"]
        mod = characters.SYSTEMS[old["system"]]
        assert {k: v for k, v in new["stats"].items() if k not in old["stats"]} == {
            k: v for k, v in mod.default_stats.items() if k not in old["stats"]}
        assert (new["side"], new["kind"], new["statuses"], new["attacks"]) == ("party", mod.default_kind, [], [])
    assert len(v2["log"]) == len(v1["log"])
    for old, new in zip(v1["log"], v2["log"]):
        assert (new["n"], new["round"]) == (old["n"], old["round"])
        a = {k: v for k, v in new["action"].items() if k not in ("by", "untimed")}
        o = old["action"]
        assert a["type"] == o["type"] and a.get("dice") == o.get("dice")
        for k, v in o.items():  # every field the entry had, as it was (a new character: its whole record)
            if k == "character" and isinstance(v, dict):
                for x in ("id", "name", "system"):
                    assert a[k][x] == v[x]
                for part in ("stats", "state"):
                    assert {y: a[k][part][y] for y in v[part]} == v[part]
            elif k != "params":
                assert a[k] == v, (o["type"], k)
        if "params" in o:  # the attack's own parameters: version 1 kept them all
            assert a["params"] == o["params"]
        assert new["text"]["ru"] and new["text"]["en"]
        assert new["action"].get("untimed") is (True if o["type"] == "death_door" else None)


def test_the_version_1_file_loads_with_every_fact_and_agrees_with_its_log():
    sc = load(V1)
    _same_facts(V1, sc)
    r = api.handle({"op": "scene", "cmd": "load", "scene": json.dumps(V1, ensure_ascii=False), "reply": "text"})
    assert r["ok"] and r["result"]["migrated_from"] == 1
    assert r["result"]["consistent"] is True and r["result"]["differences"] == []
    # a version-1 door state keeps no timer: the Storyteller's to end, as before
    masha = next(c for c in sc["characters"] if c["name"] == "Маша")
    assert masha["state"]["door"] == "stunned" and masha["statuses"] == []


def test_the_version_1_file_replays_and_undoes_as_before():
    sc = load(V1)
    assert replay(sc["log"], sc["name"]) == sc
    undone, ev = apply(sc, {"type": "undo"})
    assert ev["ok"] and ev["undone"]["action"]["type"] == V1["log"][-1]["action"]["type"]
    before = load(V1_UNDONE)  # what the version-1 engine's undo gave, migrated
    assert {**undone, "redo": []} == before
    redone, ev = apply(undone, {"type": "redo"})
    assert ev["ok"] and {**redone, "redo": []} == sc


def test_a_version_1_scene_edited_out_of_its_log_is_told():
    edited = json.loads(json.dumps(V1))
    edited["characters"][1]["state"]["health"] = 2
    r = api.handle({"op": "scene", "cmd": "load", "scene": json.dumps(edited, ensure_ascii=False)})["result"]
    assert r["consistent"] is False and r["scene"]["characters"][1]["state"]["health"] == 2
    assert r["replayed"]["characters"][1]["state"]["health"] != 2
    assert any("Олег" in d["ru"] for d in r["differences"])


# ---- any version-1 scene ------------------------------------------------------------------------

def _as_version_1(sc: dict) -> dict:
    """A scene of version 1's actions, in version 1's shape (what the version-1 engine wrote)."""
    def char(c):
        mod = characters.SYSTEMS[c["system"]]
        new_stats = {f.name for f in mod.stats} - V1_STATS[c["system"]]
        new_state = {"maimings"} if c["system"] == "serial" else set()
        return {"id": c["id"], "name": c["name"], "system": c["system"],
                "stats": {k: v for k, v in c["stats"].items() if k not in new_stats},
                "state": {k: v for k, v in c["state"].items() if k not in new_state}, "view": c.get("view")}

    def action(a):
        out = {k: v for k, v in a.items() if k not in ("by", "untimed")}
        if a["type"] == "add_character":
            out["character"] = {k: v for k, v in char(a["character"]).items() if k != "view"}
        if a["type"] == "attack":  # version 1 kept the attack's parameters whole
            out["params"] = {k: v for k, v in api.validate(api.get("serial-attack"), a["params"]).items()
                             if k not in SERIAL_SCENE.SCENE_FILLED}
        return out

    return {"format": "svod-scene", "version": 1, "name": sc["name"], "round": sc["round"], "next_id": sc["next_id"],
            "readings": {sys: {k: v for k, v in r.items() if k in V1_READINGS[sys]} for sys, r in sc["readings"].items()},
            "characters": [char(c) for c in sc["characters"]],
            "log": [{"n": e["n"], "round": e["round"], "action": action(e["action"]), "text": e["text"]} for e in sc["log"]]}


V1_STATS = {"serial": {"stamina", "health_max", "absorption_bonus", "armor", "resistance", "vulnerability", "immunity"},
            "lysogorsk": {"stamina", "fortitude", "extra_hits"}, "codex": {"tough", "armor"},
            "wod": {"health_levels", "stamina", "fortitude", "kind", "armor"}}
V1_READINGS = {"serial": {"negative_rule", "excess_burns", "below_one", "nonlethal_modifier"},
               "lysogorsk": {"volume_reading", "stage_stamina", "quarter_is_critical"},
               "codex": {"incapacitated_at"}, "wod": {"armor_soak", "armor_break", "ones_cancel"}}

seeds = st.integers(0, 2**32)
serial = st.sampled_from(["c1", "c2"])
V1_PLAYS = st.one_of(
    st.fixed_dictionaries({"type": st.just("damage"), "character": serial,
                           "portions": st.lists(st.integers(0, 14), min_size=1, max_size=3), "nonlethal": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("death_door"), "character": serial, "seed": seeds, "untimed": st.just(True)}),
    st.fixed_dictionaries({"type": st.just("attack"), "attacker": serial, "target": serial, "seed": seeds,
                           "params": st.fixed_dictionaries({"attack_dice": st.integers(0, 9),
                                                            "damage_dice": st.integers(0, 12)})}),
    st.fixed_dictionaries({"type": st.just("burning"), "character": serial, "turn": st.integers(1, 4)}),
    st.fixed_dictionaries({"type": st.just("gain_absorption"), "character": serial, "amount": st.integers(1, 3)}),
    st.fixed_dictionaries({"type": st.just("drink"), "character": st.just("c3"), "drink": st.just("beer"), "seed": seeds}),
    st.fixed_dictionaries({"type": st.just("codex_stress"), "character": st.just("c4"), "amount": st.integers(1, 3)}),
    st.fixed_dictionaries({"type": st.just("wod_damage"), "character": st.just("c5"), "successes": st.integers(0, 5),
                           "seed": seeds}),
    st.fixed_dictionaries({"type": st.just("edit_character"), "character": serial,
                           "state": st.fixed_dictionaries({"health": st.integers(-2, 7)})}),
    st.sampled_from([{"type": "next_round"}, {"type": "end_scene"}, {"type": "note", "text": "…"},
                     {"type": "set_readings", "readings": {"serial": {"negative_rule": "at_least"}}}]),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(V1_PLAYS, max_size=15))
def test_any_version_1_scene_migrates_with_nothing_lost(plays):
    sc = state.new_scene("Старая")
    for i, system in enumerate(("serial", "serial", "lysogorsk", "codex", "wod")):
        sc, ev = apply(sc, {"type": "add_character", "character": {"name": f"П{i}", "system": system}})
    for a in plays:
        new, ev = apply(sc, a)
        if ev["ok"]:
            sc = new
    v1 = _as_version_1(sc)
    migrated = load(json.loads(json.dumps(v1, ensure_ascii=False)))
    _same_facts(v1, migrated)
    assert engine.verify(migrated)["consistent"]
    assert {k: migrated[k] for k in ("characters", "round", "readings")} == {k: sc[k] for k in ("characters", "round", "readings")}
