"""Odds before the roll: the scene's previews give the calculators' own numbers, and, where the
scene knows more than a calculator (earlier death's doors, negative hits), exact odds checked
against icepool."""

from fractions import Fraction

import icepool
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.dice import Dist
from rules_core.scene import apply, preview
from rules_core.scene import serial as scene_serial
from rules_core.scene.state import new_scene
from rules_core.serial import calculators as serial_calculators
from rules_core.serial import tables as serial_tables


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new


def frac(p):
    return Fraction(p["exact"])


def two(stats_b=None, state_b=None, stats_a=None, state_a=None):
    sc = step(new_scene(), {"type": "add_character", "character": {"name": "А", "system": "serial",
                                                                   "stats": stats_a or {}, "state": state_a or {}}})
    return step(sc, {"type": "add_character", "character": {"name": "Б", "system": "serial",
                                                            "stats": stats_b or {}, "state": state_b or {}}})


attack_params = st.fixed_dictionaries({
    "attack_dice": st.integers(0, 9), "damage_dice": st.integers(0, 9),
    "ranged": st.just(False),
    "defence": st.sampled_from(["none", "dodge", "block"]), "defence_dice": st.integers(0, 5),
    "maneuver": st.sampled_from(["none", "flurry", "master", "feint"]),
    "maneuver_trait": st.integers(0, 3),
})


@settings(max_examples=60, deadline=None)
@given(attack_params, st.integers(0, 6), st.integers(0, 8), st.integers(1, 12), st.integers(0, 6),
       st.sampled_from(["none", "resistance", "vulnerability", "immunity"]))
def test_attack_fold_is_the_calculators_outcome_for_a_fresh_target(params, armor, absorption, health, stamina, tag):
    sc = two({"stamina": stamina, "armor": armor, "health_max": max(health, 1)},
             {"absorption": absorption, "health": health})
    action = {"type": "attack", "attacker": "c1", "target": "c2", "params": params,
              "tag": None if tag == "none" else tag}
    pv = preview(sc, action)
    assert pv["ok"], pv
    p = pv["calculator"]["params"]
    o = serial_calculators.attack_outcome(p)
    status = {"miss": "miss", "absorbed": "absorbed", "wounded": "wounded", "death_door": "death_door",
              "instant_death": "dead"}
    for k, v in status.items():
        assert frac(pv["odds"]["status"][v]) == o["status"][k]
    assert {x["value"]: frac(x["p"]) for x in pv["odds"]["health_left"]} == dict(o["health_left"].items())
    assert {x["value"]: frac(x["p"]) for x in pv["odds"]["absorption_left"]} == dict(o["absorption_left"].items())
    assert {x["damage"]: frac(x["p"]) for x in pv["odds"]["damage"]} == dict(o["damage"].items())
    assert frac(pv["odds"]["p_hit"]) == o["p_hit"]
    # the death's-door roll the attack makes due: the same odds as the calculator's door table
    for k, v in o["door_outcomes"].items():
        if k not in ("none", "instant_death"):  # the calculator's counts the blow's own instant death too
            assert frac(pv["odds"]["door_outcomes"][k]) == v, k
    assert frac(pv["odds"]["p_dead"]) == o["door_outcomes"]["instant_death"]
    # the outcome table is the calculator's, word for word
    assert [r[0] for r in pv["display"][4]["rows"]] == [r[0] for r in api.run("serial-attack", p)["display"][4]["rows"]]
    # the calculator shows the same chance to hit
    assert api.run("serial-attack", p)["p_hit"] == pv["odds"]["p_hit"]


def _net(n, d):  # attack successes, 1s cancel, never below 0
    return (n @ icepool.d10.map(lambda x: 1 if x >= d else (-1 if x == 1 else 0))).map(lambda v: max(0, v)) \
        if n else icepool.Die([0])


def _hits(n, d=6):  # damage successes, 1s do not cancel
    return (n @ icepool.d10.map(lambda x: 1 if x >= d else 0)) if n else icepool.Die([0])


def test_attack_on_the_walking_dead_counts_the_scenes_negative_hits_against_icepool():
    # Б is «Ходячий мертвец» at 0 Здоровье with 8 negative hits this scene, Броня 1, 1 УП left:
    # «Если в этом состоянии персонаж получит суммарно более 12 … единиц урона, то он моментально погибнет»
    sc = two({"stamina": 2, "armor": 1},
             {"health": 0, "absorption": 1, "negative": 8, "door_visits": 1, "door_rolls": 1, "door": "walking_dead"})
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2",
                      "params": {"attack_dice": 6, "damage_dice": 7, "ranged": False}})
    hit = _net(6, 6)
    dead = icepool.map(lambda a, d: a >= 1 and max(0, max(0, d - 1) - 1) + 8 > 12, hit, _hits(7))
    assert frac(pv["odds"]["p_dead"]) == Fraction(dead.probability(True))
    assert frac(pv["odds"]["status"]["death_door"]) == 0  # no new roll in this state
    # the calculator alone (a fresh target) would see no death at all here
    assert api.run("serial-attack", pv["calculator"]["params"])["p_instant_death"]["exact"] == "0/1"


def test_attack_on_a_second_door_has_no_burning_excess():
    # Б was on death's door once this scene (Шок, back to 1 hit): the excess now counts as negative hits
    sc = two({"stamina": 2}, {"health": 1, "absorption": 0, "door_visits": 1, "door_rolls": 1, "had_shock": True,
                              "door": "shock"})
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2",
                      "params": {"attack_dice": 8, "damage_dice": 20, "ranged": False}})
    dead = icepool.map(lambda a, d: a >= 1 and d - 1 > 12, _net(8, 6), _hits(20))
    door = icepool.map(lambda a, d: a >= 1 and 1 <= d and d - 1 <= 12, _net(8, 6), _hits(20))
    assert frac(pv["odds"]["p_dead"]) == Fraction(dead.probability(True))
    assert frac(pv["odds"]["p_death_door"]) == Fraction(door.probability(True))


def test_wound_penalties_come_off_both_pools():
    sc = two({"stamina": 0}, {"health": 3}, {"stamina": 0}, {"health": 5})  # A wounded (−2), Б heavy (−4)
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2",
                      "params": {"attack_dice": 7, "defence": "dodge", "defence_dice": 6, "damage_dice": 4}})
    assert (pv["odds"]["attack_dice"], pv["odds"]["defence_dice"]) == (5, 2)
    assert [d["count"] for d in pv["dice_needed"]] == [5, 2, 4]
    pv2 = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2", "attacker_pushes": True,
                       "target_pushes": True,
                       "params": {"attack_dice": 7, "defence": "dodge", "defence_dice": 6, "damage_dice": 4}})
    assert (pv2["odds"]["attack_dice"], pv2["odds"]["defence_dice"]) == (7, 6)  # «Превозмогая боль»


def test_two_guns_halve_the_wounded_pool():
    # readings.SERIAL_WOUND_PENALTY_BEFORE_HALVING: (9 − 2) // 2 = 3, not 9 // 2 − 2 = 2
    sc = two({}, {}, {}, {"health": 5})
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2",
                      "params": {"attack_dice": 9, "maneuver": "two_guns", "damage_dice": 4}})
    assert pv["odds"]["attack_dice"] == 3


def test_third_door_roll_odds_by_hand():
    # two rolls earlier, «Последний вздох» not yet had: die − 2 → 1, 2, 3 are below 2 ... 1 → last breath
    sc = step(new_scene(), {"type": "add_character", "character": {
        "name": "М", "system": "serial",
        "state": {"health": 1, "absorption": 0, "door_visits": 2, "door_rolls": 2, "door": "shock", "had_shock": True}}})
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [1]})
    pv = preview(sc, {"type": "death_door", "character": "c1"})
    expected = Dist.die(6).map(lambda d: serial_tables.DEATH_DOOR[max(1, d - 2)]["key"])
    assert {k: frac(pv["odds"][k]) for k in expected.outcomes()} == dict(expected.items())
    # with «Последний вздох» had: a second one is death
    sc2 = step(sc, {"type": "edit_character", "character": "c1", "state": {"had_last_breath": True}})
    pv = preview(sc2, {"type": "death_door", "character": "c1"})
    assert frac(pv["odds"]["instant_death"]) == Fraction(3, 6)
    assert pv["calculator"]["params"]["last_breath_before"] is True
    # the calculator gives the very numbers the preview shows
    assert api.run("serial-death-door", pv["calculator"]["params"])["outcomes"] == {
        k: pv["odds"][k] for k in pv["odds"]}


def test_drink_and_soak_previews_are_the_calculators():
    sc = step(new_scene(), {"type": "add_character", "character": {"name": "Ф", "system": "lysogorsk",
                                                                   "stats": {"stamina": 2, "fortitude": 0},
                                                                   "state": {"stage": 1}}})
    pv = preview(sc, {"type": "drink", "character": "c1", "drink": "wine_bottle", "count": 2})
    res = api.run("lysogorsk-drunkenness", pv["calculator"]["params"])
    assert pv["odds"]["final_stage"] == res["final_stage"] and pv["calculator"]["params"]["start_stage"] == 1
    # by hand: «Бутылка вина (0,5 л) – УС 5»; 2d6 + 2 < 5 only on 1+1: 1/36; once at stage 2 «+1 к
    # Выносливости»: 2d6 + 3 ≥ 5 always, so stage 3 cannot come
    p_up = Fraction(1, 36)
    assert frac(res["final_stage"][1]) == (1 - p_up) ** 2 and frac(res["final_stage"][3]) == 0
    assert frac(res["final_stage"][2]) == 1 - (1 - p_up) ** 2
    assert pv["dice_needed"][0]["repeat"] == 2
    sc = step(sc, {"type": "add_character", "character": {"name": "А", "system": "wod",
                                                          "stats": {"stamina": 3, "armor": "2"}}})
    pv = preview(sc, {"type": "wod_damage", "character": "c2", "successes": 4, "damage_type": "bashing"})
    res = api.run("wod-soak", pv["calculator"]["params"])
    assert pv["odds"]["levels"] == res["levels"] and pv["dice_needed"][0]["count"] == 3 + 2


def test_preview_without_chance_is_a_dry_run():
    sc = two()
    action = {"type": "damage", "character": "c2", "portions": [3, 4]}
    pv = preview(sc, action)
    assert pv["ok"] and not pv["chance"]
    _, ev = apply(sc, action)
    assert pv["event"] == ev
    assert preview(sc, {"type": "damage", "character": "c9", "portions": [1]})["ok"] is False


def test_dice_needed_is_what_apply_takes():
    sc = two({"armor": 0}, {}, {}, {})
    action = {"type": "attack", "attacker": "c1", "target": "c2",
              "params": {"attack_dice": 4, "defence": "dodge", "defence_dice": 3, "damage_dice": 5}}
    pv = preview(sc, action)
    dice = {d["group"]: [10] * d["count"] for d in pv["dice_needed"]}
    _, ev = apply(sc, {**action, "dice": dice})
    assert ev["ok"] and ev["result"]["hit"]


def test_attack_fold_agrees_with_the_scene_step():
    # every outcome the fold lists is what apply does with dice that give it
    sc = two({"stamina": 1, "armor": 1}, {"health": 2, "absorption": 1})
    p = {"attack_dice": 1, "damage_dice": 2, "ranged": False}
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2", "params": p})
    fold = scene_serial.attack_fold(pv["calculator"]["params"], serial_calculators.attack_outcome(pv["calculator"]["params"])["numbers"],
                          sc["characters"][1], sc["readings"]["serial"])
    for faces in ([6, 6], [6, 2], [2, 2]):
        after, ev = apply(sc, {"type": "attack", "attacker": "c1", "target": "c2", "params": p,
                               "dice": {"attack": [10], "damage": faces}})
        b = after["characters"][1]
        outcome = (ev["result"]["damage"], b["state"]["absorption"], b["state"]["health"])
        assert any(o[1:4] == outcome for o in fold.outcomes())


def test_the_attack_preview_carries_a_due_door_rolls_odds_into_the_chance_of_death():
    # «За каждый бросок Порога в рамках одной сцены вычитается единица из последующих бросков Порога»;
    # «Повторное выпадение Последнего Вздоха на броске Порога в той же сцене автоматически приводит к
    # моментальной смерти». Б had «Последний вздох» at his first roll; his next roll is d6 − 1: a 1 or a 2
    # gives «Последний вздох» again (below 1 reads as it), so a third of the attacks that bring him to the door
    # kill him.
    sc = two({"stamina": 2}, {"absorption": 0, "health": 1, "door_rolls": 1, "had_last_breath": True})
    params = {"attack_dice": 6, "damage_dice": 4, "ranged": False}
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2", "params": params})
    fresh = serial_calculators.attack_outcome(pv["calculator"]["params"])  # the same attack on a target never at the door
    p_door = fresh["status"]["death_door"]
    assert p_door > 0
    assert frac(pv["odds"]["p_dead"]) == p_door * Fraction(2, 6)
    assert frac(pv["odds"]["door_outcomes"]["instant_death"]) == p_door * Fraction(2, 6)
    shown = next(i for b in pv["display"] if b["kind"] == "figures" for i in b["items"] if i["key"] == "p_dead")
    assert shown["value"]["float"] > 0.1


def test_the_attack_preview_on_a_vampire_offers_no_shock_nor_stunned():
    # «Вампиры не могут быть оглушены или шокированы» (readings.SERIAL_VAMPIRE_DOOR: he stays up instead)
    sc = step(new_scene(), {"type": "add_character", "character": {"name": "А", "system": "serial"}})
    sc = step(sc, {"type": "add_character", "character": {"name": "Вампир", "system": "serial", "kind": "vampire",
                                                           "state": {"health": 1, "absorption": 0}}})
    pv = preview(sc, {"type": "attack", "attacker": "c1", "target": "c2",
                      "params": {"attack_dice": 6, "damage_dice": 4, "ranged": False}})
    door = pv["odds"]["door_outcomes"]
    assert frac(door["shock"]) == 0 and frac(door["stunned"]) == 0
    fresh = serial_calculators.attack_outcome(pv["calculator"]["params"])["status"]["death_door"]
    assert frac(door["vampire_stands"]) == fresh * Fraction(2, 6)  # the 5 and the 6 of a first roll
    rows = next(b for b in pv["display"] if b["kind"] == "table" and "Порог Смерти и его бросок" in b["title"]["ru"])["rows"]
    names = [r[0]["ru"] for r in rows if frac(r[1])]
    assert "Шок" not in names and "Оглушение" not in names and any("Вампир устоял" in n for n in names)
