"""A calculator opened from a scene and applied back (``from_calculator``): the same seed rolls
the faces the calculator showed, the values the scene takes from its characters must agree, and
the scene's engine answers in text (``reply: "text"``) the page stores and sends back."""

import json

from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.scene import apply, preview, state
from rules_core.scene import api as scene_api
from rules_core.scene.state import new_scene


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new


def add(sc, name, system, stats=None, state_=None):
    return step(sc, {"type": "add_character",
                     "character": {"name": name, "system": system, "stats": stats or {}, "state": state_ or {}}})


def char(sc, cid):
    return next(c for c in sc["characters"] if c["id"] == cid)


def scene_req(cmd, **kw):
    return api.handle({"op": "scene", "cmd": cmd, **kw})


def calc_roll(calc, seed):
    r = api.handle({"op": "roll", "id": calc["id"], "params": calc["params"], "seed": seed})
    assert r["ok"], r
    return r["result"]


def back(sc, calc, roles, seed=None, **kw):
    c = {"id": calc["id"], "params": calc["params"]}
    if seed is not None:
        c["roll"] = {"seed": str(seed)}
    return scene_req("from_calculator", scene=sc, calculator=c, roles=roles, **kw)


def fight():
    sc = new_scene("Двор")
    sc = add(sc, "Маша", "serial", {"stamina": 2}, {"health": 4})  # wounded: −2 dice
    sc = add(sc, "Вампир", "serial", {"stamina": 4, "armor": 1, "resistance": ["огонь"]})
    sc = add(sc, "Фома", "lysogorsk", {"stamina": 2, "fortitude": 1})
    sc = add(sc, "Гангрел", "wod", {"stamina": 3, "armor": "2"})
    return sc


# ---- the seed rolls what the calculator showed ---------------------------------------------

def test_attack_roll_comes_back_with_its_faces_and_the_wound_penalty_from_the_scene():
    sc = fight()
    calc = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2", "params": {"attack_dice": 7}})["calculator"]
    # the calculator takes Маша's −2 off her pool itself, from her Здоровье
    assert calc["id"] == "serial-attack" and calc["params"]["attack_dice"] == 7
    assert (calc["params"]["attacker_health"], calc["params"]["attacker_no_pain"]) == (4, False)
    for seed in (1, 99, 2**64 - 1):
        shown = calc_roll(calc, seed)
        out = back(sc, calc, {"attacker": "c1", "target": "c2"}, seed)
        assert out["ok"], out
        (ev,) = out["result"]["events"]
        assert ev["dice"]["attack"] == shown["attack"]["faces"]
        assert ev["dice"].get("damage") == shown.get("damage_faces")
        (action,) = out["result"]["actions"]
        assert action["params"]["attack_dice"] == 7 and "seed" not in action and action["dice"] == ev["dice"]
        vamp = char(out["result"]["scene"], "c2")["state"]
        if shown["hit"]:  # a fresh target: the calculator's own figures
            assert (vamp["absorption"], vamp["health"]) == (shown["absorption_left"], shown["health_left"])
        else:
            assert (vamp["absorption"], vamp["health"]) == (4, 7)


def test_death_door_roll_comes_back():
    sc = fight()
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [9]})  # 4 hits: to the door
    calc = preview(sc, {"type": "death_door", "character": "c1"})["calculator"]
    shown = calc_roll(calc, 7)
    out = back(sc, calc, {"character": "c1"}, 7)
    assert out["ok"], out
    (ev,) = out["result"]["events"]
    assert ev["dice"] == {"d6": [shown["die"]]} and ev["result"]["outcome"] == shown["outcome"]


def test_soak_roll_comes_back():
    sc = fight()
    calc = preview(sc, {"type": "wod_damage", "character": "c4", "successes": 4})["calculator"]
    shown = calc_roll(calc, 3)
    out = back(sc, calc, {"character": "c4"}, 3)
    assert out["ok"], out
    (ev,) = out["result"]["events"]
    assert ev["dice"] == {"soak": shown["faces"]} and ev["result"]["levels"] == shown["levels"]


def test_a_list_of_drinks_is_one_action_per_row_with_the_calculators_checks():
    sc = fight()
    calc = preview(sc, {"type": "drink", "character": "c3", "drink": "beer"})["calculator"]
    calc = {**calc, "params": {**calc["params"], "confidence": 5,
                               "negative_traits": 1, "drinks": [{"drink": "beer", "count": 2}, {"drink": "vodka_bottle", "count": 1},
                                          {"drink": "spirit_shot", "count": 3}]}}
    for seed in range(6):
        shown = calc_roll(calc, seed)
        out = back(sc, calc, {"character": "c3"}, seed)
        assert out["ok"], out
        events = out["result"]["events"]
        assert [e["result"]["stage"] for e in events][-1] == shown["stage"]
        faces = [f for e in events for f in (e["dice"] or {}).get("checks", [])]
        assert faces == [x["faces"] for x in shown["log"] if x["faces"]]
        assert char(out["result"]["scene"], "c3")["state"]["drinks"] == 2 + 5 + 3
        assert out["result"]["unused"] == {"confidence": 5, "negative_traits": 1}  # not the scene's: reported


def test_without_a_roll_the_scene_rolls_and_logs_the_faces():
    sc = fight()
    calc = preview(sc, {"type": "attack", "attacker": "c2", "target": "c1"})["calculator"]
    out = back(sc, calc, {"attacker": "c2", "target": "c1"})
    assert out["ok"], out
    entry = out["result"]["scene"]["log"][-1]
    assert "attack" in entry["action"]["dice"] and "seed" not in entry["action"]


def test_damage_calculator_and_back_equals_the_damage_action():
    sc = fight()
    action = {"type": "damage", "character": "c2", "portions": [3, 5, 1], "tags": ["Огонь"]}
    pv = preview(sc, action)
    calc = pv["calculator"]
    assert calc["id"] == "serial-damage" and calc["params"]["tag"] == "resistance" and calc["params"]["armor"] == 1
    out = back(sc, calc, {"character": "c2"})
    assert out["ok"], out
    direct = step(sc, action)
    assert char(out["result"]["scene"], "c2") == char(direct, "c2")


@settings(max_examples=60, deadline=None)
@given(stamina=st.integers(0, 8), armor=st.integers(0, 3), health=st.integers(0, 7),
       absorption=st.integers(0, 10), portions=st.lists(st.integers(0, 25), min_size=1, max_size=5),
       tripled=st.booleans())
def test_the_damage_calculator_says_what_the_scene_does(stamina, armor, health, absorption, portions, tripled):
    sc = new_scene()
    sc = add(sc, "Цель", "serial", {"stamina": stamina, "armor": armor},
             {"health": health, "absorption": absorption})
    action = {"type": "damage", "character": "c1", "portions": portions, "armor_tripled": tripled}
    pv = preview(sc, action)
    res = api.handle({"op": "run", "id": "serial-damage", "params": pv["calculator"]["params"]})["result"]
    after = char(step(sc, action), "c1")
    assert res["display"][0]["items"][0]["value"] == after["state"]["absorption"]
    assert res["display"][0]["items"][1]["value"] == after["state"]["health"]


def test_no_damage_calculator_where_it_cannot_hold_the_character():
    sc = fight()
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [6]})  # 4 → death's door
    sc = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [2]}})  # «Ходячий мертвец»
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [2]})
    assert char(sc, "c1")["state"]["health"] < 0
    pv = preview(sc, {"type": "damage", "character": "c1", "portions": [1]})
    assert pv["ok"] and pv["calculator"] is None


# ---- what does not fit is refused, never replaced -------------------------------------------

def test_a_value_the_scene_takes_from_the_character_must_agree():
    sc = fight()
    calc = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2"})["calculator"]
    bad = {**calc, "params": {**calc["params"], "armor": 3, "health": 5}}
    out = back(sc, bad, {"attacker": "c1", "target": "c2"})
    assert not out["ok"]
    assert {e["field"] for e in out["errors"]} == {"params.armor", "params.health"}
    assert "В калькуляторе 3, а в сцене 1" in out["errors"][0]["ru"] or "В калькуляторе 3, а в сцене 1" in out["errors"][1]["ru"]
    # the death's door: the scene's count of earlier rolls is the scene's
    sc2 = step(sc, {"type": "damage", "character": "c1", "portions": [9]})
    calc = preview(sc2, {"type": "death_door", "character": "c1"})["calculator"]
    out = back(sc2, {**calc, "params": {**calc["params"], "previous_rolls": 1}}, {"character": "c1"})
    assert not out["ok"] and out["errors"][0]["field"] == "params.previous_rolls"


def test_the_first_drink_starts_from_the_characters_stage():
    sc = fight()
    calc = preview(sc, {"type": "drink", "character": "c3", "drink": "beer"})["calculator"]
    out = back(sc, {**calc, "params": {**calc["params"], "start_stage": 2}}, {"character": "c3"})
    assert not out["ok"] and out["errors"][0]["field"] == "params.start_stage"


def test_bad_requests_name_their_field():
    sc = fight()
    calc = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2"})["calculator"]
    cases = [
        ({"id": "wod-pool", "params": {}}, {"character": "c1"}, "calculator"),
        ({"id": "serial-attack", "params": calc["params"]}, {"attacker": "c1"}, "roles.target"),
        ({"id": "serial-attack", "params": calc["params"]}, {"attacker": "c1", "target": "c9"}, "roles.target"),
        ({"id": "serial-attack", "params": {**calc["params"], "attack_dice": "x"}},
         {"attacker": "c1", "target": "c2"}, "params.attack_dice"),
        ({"id": "serial-attack", "params": calc["params"], "roll": {"seed": "-1"}},
         {"attacker": "c1", "target": "c2"}, "roll.seed"),
        ({"id": "serial-attack", "params": calc["params"], "roll": {"seed": str(2**64)}},
         {"attacker": "c1", "target": "c2"}, "roll.seed"),
        ({"id": "serial-death-door", "params": {}}, {"character": "c1"}, "character"),  # no roll due
        ({"id": "lysogorsk-drunkenness", "params": {}}, {"character": "c1"}, "character"),  # not a drinker
    ]
    for calc_in, roles, field in cases:
        out = scene_req("from_calculator", scene=sc, calculator=calc_in, roles=roles)
        assert not out["ok"], (calc_in, roles)
        assert field in [e["field"] for e in out["errors"]], (field, out["errors"])


# ---- the scene as text, sent back as it came --------------------------------------------------

def test_reply_text_is_the_scene_and_comes_back_unchecked():
    sc = fight()
    text = state.dump(sc)
    out = scene_req("apply", scene=text, action={"type": "next_round"}, reply="text")
    assert out["ok"] and "scene" not in out["result"]
    new_text = out["result"]["scene_text"]
    assert json.loads(new_text) == step(sc, {"type": "next_round"})
    # the same text sent back: the same answers as the object
    for action in ({"type": "damage", "character": "c2", "portions": [4]}, {"type": "undo"},
                   {"type": "attack", "attacker": "c1", "target": "c2", "seed": 5}):
        by_text = scene_req("apply", scene=new_text, action=action)
        by_object = scene_req("apply", scene=json.loads(new_text), action=action)
        assert by_text == by_object
        assert scene_req("preview", scene=new_text, action=action) == scene_req(
            "preview", scene=json.loads(new_text), action=action)
    for cmd in ("new", "replay", "load"):
        kw = {"log": sc["log"]} if cmd == "replay" else {"scene": text} if cmd == "load" else {}
        out = scene_req(cmd, reply="text", **kw)
        assert out["ok"] and isinstance(out["result"]["scene_text"], str)
    assert not scene_req("new", reply="xml")["ok"]


def test_a_remembered_scene_is_never_handed_out_to_be_changed():
    text = state.dump(fight())
    assert scene_req("apply", scene=text, action={"type": "next_round"}, reply="text")["ok"]  # remembered
    got = scene_req("load", scene=text)["result"]["scene"]
    got["characters"][0]["state"]["health"] = 1
    again = scene_req("load", scene=text, reply="text")["result"]["scene_text"]
    assert again == text


def test_a_text_whose_views_are_stale_is_read_and_corrected_not_remembered():
    sc = json.loads(state.dump(fight()))
    sc["characters"][0]["view"]["health"] = 99
    text = json.dumps(sc, ensure_ascii=False, separators=(",", ":"))
    out = scene_req("load", scene=text, reply="text")
    assert out["ok"] and json.loads(out["result"]["scene_text"])["characters"][0]["view"]["health"] == 4
    assert text not in scene_api._KNOWN


def test_spec_lists_the_editable_state_and_the_calculators_that_come_back():
    sp = scene_req("spec")["result"]
    assert {f["name"] for f in sp["systems"]["serial"]["state"]} >= {"health", "absorption", "door", "dead"}
    by_type = {a["type"]: a["calculator"] for a in sp["actions"]}
    assert by_type["attack"] == "serial-attack" and by_type["drink"] == "lysogorsk-drunkenness"
    assert by_type["next_round"] is None
    # every state field the spec offers can be edited by hand
    sc = fight()
    for system, cid in (("serial", "c1"), ("lysogorsk", "c3"), ("wod", "c4")):
        for f in sp["systems"][system]["state"]:
            value = None if f.get("nullable") else f["default"]
            new, ev = apply(sc, {"type": "edit_character", "character": cid, "state": {f["name"]: value}})
            assert ev["ok"], (system, f["name"], ev)


# ---- undo without a replay, where it gives the same scene -------------------------------------

def _chain(text, actions):
    texts = [text]
    for a in actions:
        out = scene_req("apply", scene=texts[-1], action=a, reply="text")
        assert out["ok"], out
        texts.append(out["result"]["scene_text"])
    return texts


def _without_redo(text):
    sc = json.loads(text)
    return {k: v for k, v in sc.items() if k != "redo"}, sc["redo"]


def test_undo_of_a_remembered_scene_puts_back_what_the_entry_changed():
    sc = fight()
    start = scene_req("replay", log=sc["log"], name=sc["name"], reply="text")["result"]["scene_text"]
    texts = _chain(start, [{"type": "attack", "attacker": "c2", "target": "c1", "seed": 4},
                           {"type": "drink", "character": "c3", "drink": "beer", "seed": 9},
                           {"type": "next_round"}])
    calls = []
    real = scene_api.engine.replay
    scene_api.engine.replay = lambda *a, **k: calls.append(1) or real(*a, **k)
    try:
        back = scene_req("apply", scene=texts[-1], action={"type": "undo"}, reply="text")
        again = scene_req("apply", scene=back["result"]["scene_text"], action={"type": "undo"}, reply="text")
    finally:
        scene_api.engine.replay = real
    assert not calls  # both undone without a replay …
    (b, b_redo), (a, a_redo) = _without_redo(back["result"]["scene_text"]), _without_redo(again["result"]["scene_text"])
    assert b == _without_redo(texts[-2])[0] and a == _without_redo(texts[-3])[0]
    assert [e["n"] for e in b_redo] == [len(json.loads(texts[-1])["log"])] and len(a_redo) == 2  # … kept to redo
    # … and both are what the engine gives after checking the scene against its log
    by_engine = apply(json.loads(texts[-1]), {"type": "undo"})
    assert json.loads(back["result"]["scene_text"]) == by_engine[0]
    assert back["result"]["event"]["text"] == by_engine[1]["text"]
    # redo: the same entry again, with its dice
    fwd = scene_req("apply", scene=again["result"]["scene_text"], action={"type": "redo"}, reply="text")
    assert _without_redo(fwd["result"]["scene_text"])[0] == _without_redo(texts[-2])[0]


def test_a_scene_that_is_not_its_logs_replay_is_reported_and_not_undone_silently():
    # a scene whose state was changed outside its log (a hand-edited file)
    sc = json.loads(state.dump(fight()))
    sc["characters"][0]["state"]["health"] = 2
    loaded = scene_req("load", scene=json.dumps(sc, ensure_ascii=False), reply="text")["result"]
    assert loaded["consistent"] is False and loaded["state_matches_log"] is False
    # both are given, and where they differ, in the page's words
    assert char(json.loads(loaded["scene_text"]), "c1")["state"]["health"] == 2
    assert char(json.loads(loaded["replayed_text"]), "c1")["state"]["health"] == 4
    assert any("Маша" in d["ru"] and "Здоровье сейчас" in d["ru"] and "в сцене 2" in d["ru"] and "по журналу 4" in d["ru"]
               for d in loaded["differences"])
    text = loaded["scene_text"]
    # a log whose lines an older engine wrote otherwise: the same state, not the same scene
    reworded = json.loads(state.dump(fight()))
    reworded["log"][0]["text"]["ru"] = "Маша вошла."
    out = scene_req("load", scene=json.dumps(reworded, ensure_ascii=False), reply="text")["result"]
    assert (out["consistent"], out["state_matches_log"]) == (False, True)
    # an undo never picks one silently
    texts = _chain(text, [{"type": "next_round"}])
    r = scene_req("apply", scene=texts[-1], action={"type": "undo"}, reply="text")
    assert not r["ok"] and "расходится с её журналом" in r["errors"][0]["ru"]
    _, ev = apply(json.loads(texts[-1]), {"type": "undo"})
    assert not ev["ok"]
    # the reader chooses: the log …
    by_log = scene_req("reconcile", scene=text, keep="log", reply="text")["result"]
    assert char(json.loads(by_log["scene_text"]), "c1")["state"]["health"] == 4
    # … or the state, its difference logged as a hand edit in words, the scene then its log's replay
    by_state = scene_req("reconcile", scene=text, keep="state", reply="text")["result"]
    kept = json.loads(by_state["scene_text"])
    assert char(kept, "c1")["state"]["health"] == 2
    assert "Здоровье сейчас: 4 → 2" in kept["log"][-1]["text"]["ru"] or any(
        "Здоровье сейчас: 4 → 2" in e["text"]["ru"] for e in kept["log"])
    assert scene_req("load", scene=by_state["scene_text"], reply="text")["result"]["consistent"] is True
    # a loaded scene that is its log's replay: verified
    good = state.dump(fight())
    assert scene_req("load", scene=good, reply="text")["result"]["consistent"] is True


def test_the_attack_calculator_gets_the_targets_earlier_door_rolls():
    sc = fight()
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [9]})
    sc = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [4]}})  # Шок: 1 Здоровье
    calc = preview(sc, {"type": "attack", "attacker": "c2", "target": "c1"})["calculator"]
    assert calc["params"]["door_rolls_before"] == 1 and calc["params"]["health"] == 1
    out = back(sc, {**calc, "params": {**calc["params"], "door_rolls_before": 0}}, {"attacker": "c2", "target": "c1"})
    assert not out["ok"] and out["errors"][0]["field"] == "params.door_rolls_before"


def test_the_remembered_scenes_are_bounded():
    sc = fight()
    for i in range(20):
        scene_api._remember(f"{i:02d}" + "x" * 400_000, sc)
    assert len(scene_api._KNOWN) <= scene_api.KNOWN_SCENES
    assert sum(map(len, scene_api._KNOWN)) <= scene_api.KNOWN_CHARS
    assert next(reversed(scene_api._KNOWN)).startswith("19")  # the latest is kept
    scene_api._KNOWN.clear()


def test_the_attack_calculator_pushing_through_pain_comes_back_as_pushing():
    sc = fight()
    calc = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2", "params": {"attack_dice": 7}})["calculator"]
    pushed = {**calc, "params": {**calc["params"], "attacker_no_pain": True}}
    out = back(sc, pushed, {"attacker": "c1", "target": "c2"}, 5)
    assert out["ok"], out
    (action,) = out["result"]["actions"]
    assert action["attacker_pushes"] is True and action["target_pushes"] is False
    assert out["result"]["events"][0]["result"]["attacker_penalty"] == 0
    assert out["result"]["scene"] == apply(sc, action)[0]
    # Маша's Здоровье is the scene's: another one in the calculator is refused, by its field
    other = back(sc, {**calc, "params": {**calc["params"], "attacker_health": 7}}, {"attacker": "c1", "target": "c2"})
    assert not other["ok"] and other["errors"][0]["field"] == "params.attacker_health"
