"""Properties of the scene engine (hypothesis): apply and preview never raise, only return errors;
a replay of any valid log is deterministic and gives the applied scene; undo after an action is the
scene before it (undo∘apply = identity), redo after undo is the action again (redo∘undo = apply),
through the engine and through the public API; the JSON round trip is lossless; every scene stays
within its size bound."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from rules_core.scene import apply, engine, fields as fields, load, preview, replay, state
from rules_core.scene.actions import ACTIONS
from rules_core.scene.state import new_scene

SYSTEMS = ["serial", "serial", "lysogorsk", "codex", "wod", "serial"]
#: the «Сериал» characters' kinds and sides (a vampire, a shapeshifter, an opponent)
SERIAL_EXTRA = {1: {"kind": "vampire", "side": "opponents", "stats": {"dexterity": 4, "wits": 2}},
                2: {"kind": "other", "stats": {"dexterity": 3, "wits": 3},
                    "attacks": [{"name": "Нож", "params": {"ranged": False, "attack_dice": 6, "damage_dice": 4}}]},
                6: {"kind": "shapeshifter", "side": "opponents", "stats": {"athletics": 3, "cunning": 3}}}


def base_scene():
    sc = new_scene("Свойства")
    for i, system in enumerate(SYSTEMS):
        sc, ev = apply(sc, {"type": "add_character", "character": {"name": f"П{i + 1}", "system": system,
                                                                   **SERIAL_EXTRA.get(i + 1, {})}})
        assert ev["ok"], ev
    return sc


BASE = base_scene()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25,
)
field_names = st.sampled_from(sorted({f.name for a in ACTIONS.values() for f in a.fields} | {"dice", "seed", "type"}))


@st.composite
def junk_actions(draw):
    """Anything: random JSON, or an action type with random values in its own and other fields."""
    if draw(st.booleans()):
        return draw(json_values)
    action = {"type": draw(st.sampled_from(sorted(ACTIONS)) | st.text(max_size=6))}
    for _ in range(draw(st.integers(0, 6))):
        action[draw(field_names)] = draw(json_values | st.sampled_from(["c1", "c2", "c5", "beer", 3, [3, 4]]))
    return action


def _check_event(sc, ev):
    assert isinstance(ev, dict) and isinstance(ev["ok"], bool)
    assert "internal" not in ev, ev
    if ev["ok"]:
        json.dumps(ev)
        assert load(json.loads(state.dump(sc))) == sc
    else:
        assert ev["errors"] and all(set(e) >= {"field", "ru", "en"} and e["ru"] and e["en"] for e in ev["errors"])


@settings(max_examples=400, deadline=None)
@given(junk_actions())
def test_apply_and_preview_never_raise(action):
    sc, ev = apply(BASE, action)
    _check_event(sc, ev)
    if not ev["ok"]:
        assert sc == BASE  # a refused action changes nothing
    pv = preview(BASE, action)
    assert isinstance(pv, dict) and "internal" not in pv, pv


@settings(max_examples=100, deadline=None)
@given(json_values, junk_actions())
def test_apply_on_a_junk_scene_never_raises(scene, action):
    sc, ev = apply(scene, action)
    assert sc is None and not ev["ok"] and "internal" not in ev


# ---- random valid play ------------------------------------------------------------------------

ids = st.sampled_from(["c1", "c2", "c3", "c4", "c5", "c6", "c7"])
serial_ids = st.sampled_from(["c1", "c2", "c6"])
lys_ids = st.sampled_from(["c3", "c3", "c7"])
codex_ids = st.sampled_from(["c4", "c4", "c7"])
wod_ids = st.sampled_from(["c5", "c5", "c7"])
seeds = st.integers(0, 2**32)
tags = st.lists(st.sampled_from(["Огонь", "Яд", "Пули"]), max_size=2, unique=True)

serial_damage = st.fixed_dictionaries({"type": st.just("damage"), "character": serial_ids,
                           "portions": st.lists(st.integers(0, 16), min_size=1, max_size=4),
                                       "tags": tags, "nonlethal": st.booleans(), "armor_tripled": st.booleans()})
door_rolls = st.fixed_dictionaries({"type": st.just("death_door"), "character": serial_ids, "seed": seeds,
                                    "untimed": st.booleans()})
attacks = st.fixed_dictionaries({
    "type": st.just("attack"), "attacker": serial_ids, "target": serial_ids, "seed": seeds, "tags": tags,
    "nonlethal": st.booleans(), "attacker_pushes": st.booleans(),
    "params": st.fixed_dictionaries({"attack_dice": st.integers(0, 10), "damage_dice": st.integers(0, 14),
                                     "ranged": st.booleans(), "defence": st.sampled_from(["none", "dodge"]),
                                     "defence_dice": st.integers(0, 5)})})
stored_attack = st.fixed_dictionaries({"type": st.just("attack"), "attacker": st.just("c2"), "target": serial_ids,
                                       "weapon": st.just("Нож"), "seed": seeds})
statuses = st.fixed_dictionaries({"type": st.just("set_status"), "character": serial_ids,
                                  "status": st.sampled_from(["burning", "prone", "overloaded"]),
                                  "values": st.just({})})
cleared = st.fixed_dictionaries({"type": st.just("clear_status"), "character": serial_ids,
                                 "status": st.sampled_from(["burning", "prone", "overloaded", "shock"])})
turn_actions = st.one_of(
    st.just({"type": "next_turn"}), st.just({"type": "next_turn"}),
    st.fixed_dictionaries({"type": st.just("next_turn"), "character": ids}),
    st.fixed_dictionaries({"type": st.just("lower_initiative"), "character": serial_ids, "to": st.integers(0, 6)}),
    st.fixed_dictionaries({"type": st.just("prepare"), "character": serial_ids}),
    st.fixed_dictionaries({"type": st.just("declare_defence"), "character": serial_ids,
                           "maneuver": st.sampled_from(["dodge", "parry", "block"])}),
    st.fixed_dictionaries({"type": st.just("ready"), "character": serial_ids, "trigger": st.just("если войдёт")}),
    st.fixed_dictionaries({"type": st.just("push_through_pain"), "character": serial_ids,
                           "against": st.sampled_from(["wounds", "fire", "both"])}),
    st.fixed_dictionaries({"type": st.just("extinguish"), "character": serial_ids, "seed": seeds,
                           "pool": st.integers(0, 8), "helper": st.sampled_from([None, "c1", "c2"])}),
    st.fixed_dictionaries({"type": st.just("stabilize"), "character": serial_ids, "seed": seeds,
                           "method": st.sampled_from(["medicine", "magic"]), "pool": st.integers(0, 8)}),
    st.fixed_dictionaries({"type": st.just("heal"), "character": serial_ids, "amount": st.integers(1, 4)}),
    st.fixed_dictionaries({"type": st.just("battle_scar"), "character": serial_ids}),
    st.fixed_dictionaries({"type": st.just("roll_ties"), "seed": seeds}),
    st.fixed_dictionaries({"type": st.just("move_character"), "character": ids, "to": st.integers(1, 6)}),
)


@st.composite
def hit_then_roll(draw):
    """A hit on a «Сериал» character followed by his death's-door roll (refused if none is due)."""
    cid = draw(serial_ids)
    return [{"type": "damage", "character": cid, "portions": [draw(st.integers(6, 14))]},
            {"type": "death_door", "character": cid, "seed": draw(seeds)}]


plays = st.one_of(
    serial_damage, door_rolls, attacks, attacks, stored_attack, statuses, cleared, turn_actions, turn_actions,
    st.fixed_dictionaries({"type": st.just("gain_absorption"), "character": serial_ids,
                           "amount": st.integers(1, 5)}),
    st.fixed_dictionaries({"type": st.just("death_door"), "character": serial_ids, "untimed": st.just(True),
                           "dice": st.fixed_dictionaries({"d6": st.lists(st.integers(1, 6), min_size=1, max_size=1)})}),
    st.fixed_dictionaries({"type": st.just("drink"), "character": lys_ids, "seed": seeds,
                           "drink": st.sampled_from(["beer", "vodka_shot", "spirit_shot", "vodka_bottle", "custom"]),
                           "count": st.integers(1, 2), "willing": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("lys_damage"), "character": lys_ids, "hits": st.integers(1, 9),
                           "temporary": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("codex_damage"), "character": codex_ids,
                           "hits": st.lists(st.integers(0, 12), min_size=1, max_size=3), "ignores_armor": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("codex_stress"), "character": codex_ids,
                           "amount": st.integers(-3, 4).filter(bool)}),
    st.fixed_dictionaries({"type": st.just("wod_damage"), "character": wod_ids, "successes": st.integers(0, 8),
                           "damage_type": st.sampled_from(["bashing", "lethal", "aggravated"]), "seed": seeds}),
    st.fixed_dictionaries({"type": st.just("edit_character"), "character": ids,
                           "state": st.fixed_dictionaries({"health": st.integers(-3, 7)})}),
    st.fixed_dictionaries({"type": st.just("edit_character"), "character": ids,
                           "side": st.sampled_from(["party", "opponents"])}),
    st.fixed_dictionaries({"type": st.just("add_character"), "character": st.fixed_dictionaries({
        "name": st.text(st.characters(min_codepoint=0x410, max_codepoint=0x44f), min_size=1, max_size=6),
        "system": st.sampled_from(["serial", "lysogorsk", "codex", "wod"])})}),
    st.fixed_dictionaries({"type": st.just("remove_character"), "character": ids}),
    st.fixed_dictionaries({"type": st.just("set_readings"), "readings": st.fixed_dictionaries({
        "serial": st.fixed_dictionaries({"negative_rule": st.sampled_from(["more_than", "at_least"]),
                                         "excess_burns": st.sampled_from(["first", "every"]),
                                         "vampire_door": st.sampled_from(["stand", "reroll"])})})}),
    st.sampled_from([{"type": "next_round"}, {"type": "end_scene"}, {"type": "undo"}, {"type": "redo"},
                     {"type": "note", "text": "…"}]),
)


def _no_redo(sc):
    return {k: v for k, v in sc.items() if k != "redo"}


def _walk(actions):
    """Apply each action in turn; return the scenes after each success (refusals change nothing),
    checking undo against the scene before and redo against the scene undone."""
    sc, scenes, undone = BASE, [BASE], []
    for a in actions:
        new, ev = apply(sc, a)
        _check_event(new, ev)
        if ev["ok"]:
            if a["type"] == "undo" and len(scenes) > 1:
                assert _no_redo(new) == _no_redo(scenes[-2])  # undo∘apply = identity
                undone.append(scenes.pop())
            elif a["type"] == "undo":  # back past the base scene's own entries
                scenes[0] = new
                undone = []
            elif a["type"] == "redo":
                if undone:
                    assert _no_redo(new) == _no_redo(undone[-1])  # redo∘undo = apply
                    undone.pop()
                scenes.append(new)
            else:
                scenes.append(new)
                undone = []
            sc = new
        else:
            assert new == sc
    return scenes


def _flat(groups):
    return [a for g in groups for a in (g if isinstance(g, list) else [g])]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(plays | hit_then_roll(), min_size=1, max_size=30))
def test_replay_of_any_valid_log_is_the_scene_and_undo_redo_go_back_and_forth(actions):
    scenes = _walk(_flat(actions))
    sc = scenes[-1]
    again = replay(sc["log"], sc["name"])
    assert again == {**sc, "redo": []} and replay(sc["log"], sc["name"]) == again  # replay(log) = scene
    assert load(json.loads(state.dump(sc))) == sc
    # the text written part by part is json.dumps' own
    assert state.dump(sc) == json.dumps(sc, ensure_ascii=False, separators=(",", ":"))
    assert state.size(sc) <= fields.MAX_SCENE_CHARS
    assert all(len(state.dump(e)) <= engine.MAX_ENTRY_CHARS for e in sc["log"])
    assert engine.verify(sc)["consistent"]
    if sc["log"]:
        undone, ev = apply(sc, {"type": "undo"})
        assert ev["ok"] and _no_redo(undone) == _no_redo(replay(sc["log"][:-1], sc["name"]))
        redone, ev = apply(undone, {"type": "redo"})
        assert ev["ok"] and _no_redo(redone) == _no_redo(sc)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(plays | hit_then_roll(), min_size=1, max_size=20))
def test_undo_and_redo_through_the_api_without_a_replay_are_the_engines(actions):
    from rules_core import api
    from rules_core.scene import api as scene_api

    scenes = _walk(_flat(actions))
    text = api.handle({"op": "scene", "cmd": "replay", "log": scenes[-1]["log"], "name": scenes[-1]["name"],
                       "reply": "text"})["result"]["scene_text"]
    calls = []
    real = scene_api.engine.replay
    scene_api.engine.replay = lambda *a, **k: calls.append(1) or real(*a, **k)
    try:
        back = api.handle({"op": "scene", "cmd": "apply", "scene": text, "action": {"type": "undo"}, "reply": "text"})
        if not back["ok"]:
            assert "пуст" in back["errors"][0]["ru"]
            return
        fwd = api.handle({"op": "scene", "cmd": "apply", "scene": back["result"]["scene_text"],
                          "action": {"type": "redo"}, "reply": "text"})
    finally:
        scene_api.engine.replay = real
    assert not calls
    sc = json.loads(text)
    assert json.loads(back["result"]["scene_text"]) == apply(sc, {"type": "undo"})[0]
    assert _no_redo(json.loads(fwd["result"]["scene_text"])) == _no_redo(sc)


@settings(max_examples=60, deadline=None)
@given(st.lists(plays | hit_then_roll(), min_size=1, max_size=12), plays)
def test_preview_of_a_chance_action_sums_to_one(actions, action):
    from fractions import Fraction

    sc = _walk(_flat(actions))[-1]
    pv = preview(sc, {k: v for k, v in action.items() if k not in ("seed", "dice")})
    assert "internal" not in pv, pv
    if pv["ok"] and pv["chance"]:
        odds = pv["odds"]
        if "status" in odds:
            assert sum(Fraction(p["exact"]) for p in odds["status"].values()) == 1
            assert sum(Fraction(p["exact"]) for p in odds["door_outcomes"].values()) == Fraction(
                odds["status"]["death_door"]["exact"])
        elif "final_stage" in odds:
            assert sum(Fraction(p["exact"]) for p in odds["final_stage"]) == 1
        elif "levels" in odds:
            assert sum(Fraction(x["p"]["exact"]) for x in odds["levels"]) == 1
        elif action["type"] == "death_door":
            assert sum(Fraction(p["exact"]) for p in odds.values()) == 1
