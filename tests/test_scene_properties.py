"""Properties of the scene engine (hypothesis): apply and preview never raise, only return errors;
a replay of any valid log is deterministic and gives the applied scene; an undo gives the scene
before; the JSON round trip is lossless; every scene stays within its size bound."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from rules_core.scene import apply, engine, fields as F, load, preview, replay, state
from rules_core.scene.actions import ACTIONS
from rules_core.scene.state import new_scene

SYSTEMS = ["serial", "serial", "lysogorsk", "codex", "wod", "serial"]


def base_scene():
    sc = new_scene("Свойства")
    for i, system in enumerate(SYSTEMS):
        sc, ev = apply(sc, {"type": "add_character", "character": {"name": f"П{i + 1}", "system": system}})
        assert ev["ok"]
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
door_rolls = st.fixed_dictionaries({"type": st.just("death_door"), "character": serial_ids, "seed": seeds})
attacks = st.fixed_dictionaries({
    "type": st.just("attack"), "attacker": serial_ids, "target": serial_ids, "seed": seeds, "tags": tags,
    "nonlethal": st.booleans(), "attacker_pushes": st.booleans(),
    "params": st.fixed_dictionaries({"attack_dice": st.integers(0, 10), "damage_dice": st.integers(0, 14),
                                     "ranged": st.booleans(), "defence": st.sampled_from(["none", "dodge"]),
                                     "defence_dice": st.integers(0, 5)})})



@st.composite
def hit_then_roll(draw):
    """A hit on a «Сериал» character followed by his death's-door roll (refused if none is due)."""
    cid = draw(serial_ids)
    return [{"type": "damage", "character": cid, "portions": [draw(st.integers(6, 14))]},
            {"type": "death_door", "character": cid, "seed": draw(seeds)}]


plays = st.one_of(
    serial_damage, door_rolls, attacks, attacks,
    st.fixed_dictionaries({"type": st.just("gain_absorption"), "character": serial_ids,
                           "amount": st.integers(1, 5)}),
    st.fixed_dictionaries({"type": st.just("death_door"), "character": serial_ids,
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
    st.fixed_dictionaries({"type": st.just("add_character"), "character": st.fixed_dictionaries({
        "name": st.text(st.characters(min_codepoint=0x410, max_codepoint=0x44f), min_size=1, max_size=6),
        "system": st.sampled_from(["serial", "lysogorsk", "codex", "wod"])})}),
    st.fixed_dictionaries({"type": st.just("remove_character"), "character": ids}),
    st.fixed_dictionaries({"type": st.just("set_readings"), "readings": st.fixed_dictionaries({
        "serial": st.fixed_dictionaries({"negative_rule": st.sampled_from(["more_than", "at_least"]),
                                         "excess_burns": st.sampled_from(["first", "every"])})})}),
    st.sampled_from([{"type": "next_round"}, {"type": "end_scene"}, {"type": "undo"}, {"type": "note", "text": "…"}]),
)


def _walk(actions):
    """Apply each action in turn; return the scenes after each success (refusals change nothing)."""
    sc, scenes = BASE, [BASE]
    for a in actions:
        new, ev = apply(sc, a)
        _check_event(new, ev)
        if ev["ok"]:
            if a["type"] == "undo" and len(scenes) > 1:
                assert new == scenes[-2]
                scenes.pop()
            elif a["type"] == "undo":  # back past the base scene's own entries
                scenes[0] = new
            else:
                scenes.append(new)
            sc = new
        else:
            assert new == sc
    return scenes


def _flat(groups):
    return [a for g in groups for a in (g if isinstance(g, list) else [g])]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(plays | hit_then_roll(), min_size=1, max_size=30))
def test_replay_of_any_valid_log_is_deterministic_and_undo_goes_back(actions):
    scenes = _walk(_flat(actions))
    sc = scenes[-1]
    again = replay(sc["log"], sc["name"])
    assert again == sc and replay(sc["log"], sc["name"]) == again
    assert load(json.loads(state.dump(sc))) == sc
    assert state.size(sc) <= F.MAX_SCENE_CHARS
    assert all(len(state.dump(e)) <= engine.MAX_ENTRY_CHARS for e in sc["log"])
    if len(scenes) > 1:
        undone, ev = apply(sc, {"type": "undo"})
        assert ev["ok"] and undone == scenes[-2]


@settings(max_examples=60, deadline=None)
@given(st.lists(plays | hit_then_roll(), min_size=1, max_size=12), plays)
def test_preview_of_a_chance_action_sums_to_one(actions, action):
    sc = _walk(_flat(actions))[-1]
    pv = preview(sc, {k: v for k, v in action.items() if k not in ("seed", "dice")})
    assert "internal" not in pv, pv
    if pv["ok"] and pv["chance"]:
        from fractions import Fraction

        odds = pv["odds"]
        if "status" in odds:
            assert sum(Fraction(p["exact"]) for p in odds["status"].values()) == 1
        elif "final_stage" in odds:
            assert sum(Fraction(p["exact"]) for p in odds["final_stage"]) == 1
        elif "levels" in odds:
            assert sum(Fraction(x["p"]["exact"]) for x in odds["levels"]) == 1
        else:
            assert sum(Fraction(p["exact"]) for p in odds.values()) == 1
