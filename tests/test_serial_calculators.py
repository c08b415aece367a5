"""The serial calculators through the JSON API: worked examples, oracles, properties, fuzzing.

The discrepancies once found against source 000, one test each: each expected value comes from the
quoted words of sources/000_0b03cd1dacc00d97.txt (line numbers given) or from arithmetic on them,
never from the engine's own output.

Initiative, penalties and speed, burning, ambush and the maneuvers of a roll against a roll, and the
wound penalty in ``serial-attack``: the source's worked examples and words (000, quoted), icepool as
an independent oracle for every roll, hypothesis for invariants.
"""

import json
import re
from fractions import Fraction
from pathlib import Path

import icepool
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.common.calculators import CALCULATORS as COMMON
from rules_core.dice import Dist
from rules_core.serial import rules as serial_rules
from rules_core.serial import tables as serial_tables
from rules_core.serial.calculators import CALCULATORS
from tests.d10_oracle import errors, net, p


def F(p):
    n, d = map(int, p["exact"].split("/"))
    return Fraction(n, d)


def dist_of(rows, key):
    return {r[key]: F(r["p"]) for r in rows}


# =================================================================================
# serial-damage
# =================================================================================


def test_damage_oleg_examples():
    r = api.run("serial-damage", {"portions": [3, 5, 1, 1], "absorption": 8, "health": 7, "stamina": 7})
    assert (r["absorption_left"], r["health_left"], r["death_door"]) == (0, 5, False)
    assert [s["to_health"] for s in r["steps"]] == [0, 0, 1, 1]
    r = api.run("serial-damage", {"portions": [3, 5, 1, 1], "armor": 2, "absorption": 7, "health": 7,
                                  "stamina": 7})
    assert [s["portion"] for s in r["steps"]] == [1, 3, 0, 0]
    assert (r["absorption_left"], r["health_left"]) == (3, 7)


def test_damage_masha_fourteen():
    r = api.run("serial-damage", {"portions": [14], "absorption": 0, "health": 1, "stamina": 2})
    assert r["death_door"] and r["instant_death"] and r["dead"]
    assert r["steps"][0]["excess"] == 13 and r["threshold"] == 12


def test_damage_tags_and_tripled_armor():
    base = {"portions": [7], "absorption": 0, "health": 20, "stamina": 2, "armor": 2}
    assert api.run("serial-damage", base)["health_left"] == 15
    assert api.run("serial-damage", {**base, "tag": "resistance"})["health_left"] == 17
    assert api.run("serial-damage", {**base, "tag": "vulnerability"})["health_left"] == 10
    assert api.run("serial-damage", {**base, "tag": "immunity"})["health_left"] == 20
    assert api.run("serial-damage", {**base, "tag": "both"})["health_left"] == 15
    assert api.run("serial-damage", {**base, "armor_tripled": True})["health_left"] == 19


def test_damage_negative_hits_later_portions():
    r = api.run("serial-damage", {"portions": [5, 6, 7], "absorption": 0, "health": 3, "stamina": 2})
    assert r["death_door"] and not r["instant_death"]
    assert r["negative_hits"] == 13 and r["dead"]  # 6 + 7 > 12; the first 2 of excess burned
    r = api.run("serial-damage", {"portions": [5, 6, 6], "absorption": 0, "health": 3, "stamina": 2})
    assert r["negative_hits"] == 12 and not r["dead"]
    r = api.run("serial-damage", {"portions": [5, 6, 6], "absorption": 0, "health": 3, "stamina": 2,
                                  "negative_rule": "at_least"})
    assert r["dead"]


# =================================================================================
# serial-death-door
# =================================================================================


def test_door_masha_first_and_second_roll():
    r = api.run("serial-death-door", {"stamina": 2, "health_before": 2, "damage": 10})
    assert (r["excess"], r["threshold"]) == (8, 12)
    assert F(r["outcomes"]["instant_death"]) == 0
    assert all(F(r["outcomes"][k]) == Fraction(1, 6) for k in serial_tables.DEATH_DOOR_KEYS)
    r = api.run("serial-death-door", {"stamina": 2, "health_before": 1, "damage": 1, "previous_rolls": 1})
    # d6 − 1: 1,2 → 1; 3 → 2; 4 → 3; 5 → 4 (Маша's «5-1 =4»); 6 → 5; nothing reaches Шок
    assert F(r["outcomes"]["last_breath"]) == Fraction(1, 3)
    assert F(r["outcomes"]["crippling_wound"]) == Fraction(1, 6)
    assert F(r["outcomes"]["shock"]) == 0
    r = api.run("serial-death-door", {"stamina": 2, "health_before": 1, "damage": 14})
    assert F(r["outcomes"]["instant_death"]) == 1 and r["excess"] == 13


def test_door_switches():
    p = {"stamina": 2, "health_before": 1, "damage": 1, "previous_rolls": 2}
    assert F(api.run("serial-death-door", p)["outcomes"]["last_breath"]) == Fraction(1, 2)
    r = api.run("serial-death-door", {**p, "below_one": "death"})
    assert F(r["outcomes"]["instant_death"]) == Fraction(1, 3)
    r = api.run("serial-death-door", {**p, "last_breath_before": True})
    assert F(r["outcomes"]["instant_death"]) == Fraction(1, 2)
    r = api.run("serial-death-door", {**p, "nonlethal": True})
    assert F(r["outcomes"]["shock"]) == F(r["outcomes"]["stunned"]) == Fraction(1, 2)
    r = api.run("serial-death-door", {**p, "nonlethal": True, "shocked_before": True})
    assert F(r["outcomes"]["stunned"]) == 1
    r = api.run("serial-death-door", {"stamina": 5, "health_before": 0, "damage": 15})
    assert F(r["outcomes"]["instant_death"]) == 0 and r["threshold"] == 15
    r = api.run("serial-death-door", {"stamina": 5, "health_before": 0, "damage": 15, "negative_rule": "at_least"})
    assert F(r["outcomes"]["instant_death"]) == 1
    # later doors: the scene's negative hits count
    r = api.run("serial-death-door", {"stamina": 2, "health_before": 1, "damage": 4, "previous_rolls": 1,
                                      "negative_before": 10})
    assert F(r["outcomes"]["instant_death"]) == 1


def test_door_error_names_the_field():
    r = api.handle({"op": "run", "id": "serial-death-door", "params": {"health_before": 5, "damage": 2}})
    assert not r["ok"] and r["errors"][0]["field"] == "damage"


def test_door_roll_agrees_with_the_rules():
    for seed in range(30):
        p = {"stamina": 2, "health_before": 2, "damage": 3, "previous_rolls": seed % 3,
             "last_breath_before": seed % 2 == 0}
        r = api.roll("serial-death-door", p, seed=seed)
        assert r["outcome"] == serial_rules.death_door_roll(r["die"], p["previous_rolls"], p["last_breath_before"])
    r = api.roll("serial-death-door", {"stamina": 2, "health_before": 1, "damage": 14}, seed=1)
    assert r["outcome"] == "instant_death" and r["die"] is None


# =================================================================================
# serial-attack
# =================================================================================


def _net(n, d):
    face = icepool.d10.map(lambda x: 1 if x >= d else (-1 if x == 1 else 0))
    return (n @ face).map(lambda v: max(0, v)) if n else icepool.Die([0])


def _succ(n, d=6):
    return (n @ icepool.d10.map(lambda x: 1 if x >= d else 0)) if n else icepool.Die([0])


def _fr(die, outcome):
    return Fraction(die.quantities()[die.outcomes().index(outcome)], die.denominator()) \
        if outcome in die.outcomes() else Fraction(0)


def test_attack_masha_against_icepool():
    # Маша: 7 dice at 6, a pistol's 6 damage dice, no defence, no armor
    r = api.run("serial-attack", {"attack_dice": 7, "damage_dice": 6, "absorption": 0, "health": 7})
    net, dmg = _net(7, 6), _succ(6)
    assert F(r["p_hit"]) == net.probability(">=", 1)
    expected = icepool.map(lambda a, d: d if a >= 1 else 0, net, dmg)
    got = dist_of(r["damage"], "damage")
    assert got == {o: _fr(expected, o) for o in expected.outcomes() if _fr(expected, o)}
    assert sum(got.values()) == 1


class Scripted:
    """A roller that returns given faces (for the worked example)."""

    seed = 0

    def __init__(self, *rolls):
        self.rolls = list(rolls)

    def dice(self, n, sides):
        faces = self.rolls.pop(0)
        assert len(faces) == n and sides == 10
        return faces

    def die(self, sides):
        return self.dice(1, sides)[0]


def test_attack_roll_masha_example():
    calc = next(c for c in CALCULATORS if c.id == "serial-attack")
    p = api.validate(calc, {"attack_dice": 7, "damage_dice": 6, "absorption": 0, "health": 7})
    # «Маша набирает 4 успеха, она попала ... Выпадает “1 3 6 7 7 10”. Это 4 урона.»
    out = calc.roll(p, Scripted([6, 7, 8, 9, 2, 3, 4], [1, 3, 6, 7, 7, 10]))
    assert out["hit"] and out["successes"] == 4 and out["damage"] == 4 and out["health_left"] == 3


def _rules_composition(p):
    """The attack composed by hand from the rules functions and the maneuvers table."""
    m = serial_tables.MANEUVERS[p["maneuver"]]
    # «любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) ... в 4»:
    # the attacker's own Здоровье on his attack, the target's on its defence
    wounds = {h: 0 if h > 5 else 2 if h > 3 else 4 for h in range(0, 31)}
    dice = max(0, p["attack_dice"] + m["attack_dice"] - wounds[p.get("attacker_health", 7)])
    diff = serial_rules.finish_difficulty(p["attack_difficulty"] + m["difficulty"])
    ddiff = {"dodge": serial_rules.dodge_difficulty(p["ranged"]), "block": 7, "parry": 6, "none": 6}[p["defence"]]
    ddice = max(0, p["defence_dice"] - (wounds[p["health"]] if p["defence"] != "none" else 0))
    hits = serial_rules.hit_distribution(dice, diff, p["defence"], ddice, ddiff, m["hit_multiplier"])
    armor = serial_rules.armor_against(p["armor"], p["maneuver"])
    dmg_dice = p["damage_dice"] + m["damage_dice"] + (p["maneuver_trait"] if m["damage_bonus"] else 0)

    def after(h):
        if not h.hit:
            return Dist.constant((0, p["health"]))
        crit = m["crit_at"] is not None and h.successes >= m["crit_at"]
        rolled = serial_rules.damage_distribution(max(0, dmg_dice), 6, 3 if crit else 0)

        def state(x):
            d = serial_rules.portion_after_armor(x, armor, p["tag"])
            t = serial_rules.Target(p["absorption"], p["health"], p["stamina"])
            serial_rules.take_portion(t, d, h.block)
            return (d, t.health)
        return rolled.map(state)
    return hits.bind(after)


attack_params = st.fixed_dictionaries({
    "attack_dice": st.integers(0, 7), "attack_difficulty": st.integers(3, 9),
    "ranged": st.booleans(), "maneuver": st.sampled_from(["none", "master", "feint", "flurry", "aim"]),
    "maneuver_trait": st.integers(0, 3), "defence": st.sampled_from(["none", "dodge", "parry", "block"]),
    "defence_dice": st.integers(0, 5), "damage_dice": st.integers(0, 7), "armor": st.integers(0, 3),
    "tag": st.sampled_from(serial_rules.TAGS), "absorption": st.integers(0, 4), "health": st.integers(1, 7),
    "stamina": st.integers(0, 5), "attacker_health": st.integers(0, 7),
})


def _fix(p):
    p = dict(p)
    if p["maneuver"] in ("feint", "flurry"):
        p["ranged"] = False
    if p["maneuver"] == "aim":
        p["ranged"] = True
    if p["ranged"] and p["defence"] in ("parry", "block"):
        p["defence"] = "dodge"
    return p


@settings(max_examples=30, deadline=None)
@given(attack_params)
def test_attack_matches_the_rules_composed_by_hand_and_sums_to_one(p):
    p = _fix(p)
    r = api.run("serial-attack", p)
    by_hand = _rules_composition({**p, "defence_dice": p["defence_dice"] if p["defence"] != "none" else 0})
    assert dist_of(r["damage"], "damage") == dict(by_hand.map(lambda s: s[0]).items())
    assert dist_of(r["health_left"], "value") == dict(by_hand.map(lambda s: s[1]).items())
    for rows in (r["damage"], r["health_left"], r["absorption_left"]):
        assert sum(F(x["p"]) for x in rows) == 1
    assert sum(F(v) for v in r["status"].values()) == 1
    assert sum(F(v) for v in r["door_outcomes"].values()) == F(r["p_death_door"])
    assert F(r["p_death_door"]) == F(r["status"]["death_door"]) + F(r["status"]["instant_death"])


def _at_least(rows, x):
    return sum(F(r["p"]) for r in rows if r["damage"] >= x)


@settings(max_examples=25, deadline=None)
@given(attack_params, st.integers(0, 5))
def test_armor_and_resistance_never_raise_damage(p, armor):
    p = _fix({**p, "armor": armor, "tag": "none"})
    base = api.run("serial-attack", p)["damage"]
    more = api.run("serial-attack", {**p, "armor": armor + 1})["damage"]
    res = api.run("serial-attack", {**p, "tag": "resistance"})["damage"]
    for x in range(1, 40):
        assert _at_least(more, x) <= _at_least(base, x)
        assert _at_least(res, x) <= _at_least(base, x)


@settings(max_examples=25, deadline=None)
@given(attack_params)
def test_more_dice_never_lower_the_chances(p):
    p = _fix(p)
    base = api.run("serial-attack", p)
    more_att = api.run("serial-attack", {**p, "attack_dice": p["attack_dice"] + 1})
    assert F(more_att["p_hit"]) >= F(base["p_hit"])  # difficulty ≥ 3 here (see below for 2)
    if p["defence"] in ("dodge", "parry"):
        more_def = api.run("serial-attack", {**p, "defence_dice": p["defence_dice"] + 1})
        assert F(more_def["p_hit"]) <= F(base["p_hit"])
    more_dmg = api.run("serial-attack", {**p, "damage_dice": p["damage_dice"] + 1})["damage"]
    for x in range(1, 40):
        assert _at_least(more_dmg, x) >= _at_least(base["damage"], x)


def test_difficulty_two_exception_is_real():
    # 1s cancel: at difficulty 2 one more die can lower P(hit) (tests/test_dice.py documents it)
    one = api.run("serial-attack", {"attack_dice": 1, "attack_difficulty": 2})
    two = api.run("serial-attack", {"attack_dice": 2, "attack_difficulty": 2})
    assert F(one["p_hit"]) == Fraction(9, 10) and F(two["p_hit"]) == Fraction(81, 100)


def test_master_strike_critical():
    r = api.run("serial-attack", {"attack_dice": 12, "maneuver": "master", "damage_dice": 0,
                                  "absorption": 0, "health": 30})
    # no damage dice: damage is exactly 3 on a critical, 0 otherwise
    p7 = _net(12, 6).probability(">=", 7)
    assert F(r["p_critical"]) == p7 and dist_of(r["damage"], "damage") == {0: 1 - p7, 3: p7}


def test_feint_doubles_hits_against_dodge():
    r = api.run("serial-attack", {"attack_dice": 5, "ranged": False, "maneuver": "feint", "defence": "dodge",
                                  "defence_dice": 6})
    expected = icepool.map(lambda a, d: 2 * a - d >= 1, _net(5, 7), _net(6, 6))
    assert F(r["p_hit"]) == expected.probability(True)


def test_block_gives_absorption_for_this_attack():
    r = api.run("serial-attack", {"attack_dice": 30, "attack_difficulty": 2, "ranged": False,
                                  "defence": "block", "defence_dice": 30, "defence_difficulty": 2,
                                  "damage_dice": 0, "absorption": 0, "health": 5})
    assert dist_of(r["health_left"], "value") == {5: 1}


def test_autofire_and_tripled_armor_numbers():
    r = api.run("serial-attack", {"maneuver": "autofire", "attack_dice": 5, "damage_dice": 7})
    assert (r["attack_dice"], r["attack_difficulty"], r["damage_dice"]) == (5, 8, 13)
    r = api.run("serial-attack", {"maneuver": "autofire", "autofire_penalty": "dice", "attack_dice": 5})
    assert (r["attack_dice"], r["attack_difficulty"]) == (3, 6)
    r = api.run("serial-attack", {"maneuver": "short_burst", "maneuver_trait": 3, "armor": 2, "damage_dice": 7})
    assert (r["armor_used"], r["damage_dice"], r["attack_difficulty"]) == (6, 10, 8)
    r = api.run("serial-attack", {"attack_difficulty": 10, "maneuver": "short_burst", "overflow": "impossible"})
    assert F(r["p_hit"]) == 0


def test_attack_errors_name_fields():
    r = api.handle({"op": "run", "id": "serial-attack", "params": {"ranged": True, "maneuver": "flurry"}})
    assert r["errors"][0]["field"] == "maneuver"
    r = api.handle({"op": "run", "id": "serial-attack", "params": {"ranged": True, "defence": "parry"}})
    assert r["errors"][0]["field"] == "defence"
    r = api.handle({"op": "run", "id": "serial-attack", "params": {"armor": 7}})
    assert r["errors"][0]["field"] == "armor" and r["errors"][0]["ru"] and r["errors"][0]["en"]


def test_attack_roll_is_consistent():
    for seed in range(20):
        p = {"attack_dice": 6, "defence": "dodge", "defence_dice": 3, "damage_dice": 6, "armor": 1,
             "absorption": 2, "health": 4}
        r = api.roll("serial-attack", p, seed=seed)
        faces = r["attack"]["faces"]
        net = max(0, sum(f >= 6 for f in faces) - faces.count(1))
        assert r["hit"] == (net - r["defence_net"] >= 1)
        if r["hit"]:
            assert r["damage"] == max(0, sum(f >= 6 for f in r["damage_faces"]) - 1)


# =================================================================================
# Fuzzing (besides tests/test_api.py)
# =================================================================================


def _value_for(param):
    if param.kind == "int":
        return st.one_of(st.integers(param.min, param.max), st.integers(-5, 300), st.text(max_size=3))
    if param.kind == "bool":
        return st.one_of(st.booleans(), st.integers(0, 1))
    if param.kind == "choice":
        return st.one_of(st.sampled_from([o.value for o in param.options]), st.text(max_size=4))
    if param.kind == "int_list":
        return st.one_of(st.lists(st.integers(param.min, param.max), max_size=param.max_len),
                         st.lists(st.integers(-3, 100), max_size=25), st.none())
    return st.none()


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_fuzz_serial_calculators(data):
    calc = data.draw(st.sampled_from(CALCULATORS))
    params = {p.name: data.draw(_value_for(p)) for p in calc.params if data.draw(st.booleans())}
    for op in ("run", "roll") if calc.roll else ("run",):
        r = api.handle({"op": op, "id": calc.id, "params": params, "seed": 1})
        assert "internal" not in r, r
        if r["ok"]:
            json.dumps(r["result"])
            assert r["result"]["display"]
        else:
            assert all(e["field"] and e["ru"] and e["en"] for e in r["errors"])


# =================================================================================
# serial-explosion
# =================================================================================


def test_explosion_dice_and_damage_against_icepool():
    r = api.run("serial-explosion", {"kind": "grenade", "distance": 2, "absorption": 0, "health": 30})
    assert r["dice"] == 12  # «12 кубиков урона в эпицентре радиусом 2 метра»
    expected = _succ(12)
    assert dist_of(r["damage"], "damage") == {o: _fr(expected, o) for o in expected.outcomes()}
    assert api.run("serial-explosion", {"kind": "improvised", "distance": 5})["dice"] == 7
    assert api.run("serial-explosion", {"kind": "military", "distance": 30, "radius": 30})["dice"] == 16
    r = api.handle({"op": "run", "id": "serial-explosion", "params": {"kind": "military", "radius": 40}})
    assert r["errors"][0]["field"] == "radius"


def test_explosion_armor_never_raises_damage():
    for armor in range(0, 6):
        a = api.run("serial-explosion", {"armor": armor})["damage"]
        b = api.run("serial-explosion", {"armor": armor + 1})["damage"]
        assert all(_at_least(b, x) <= _at_least(a, x) for x in range(1, 13))


def test_door_outcomes_also_at_top_level():
    r = api.run("serial-death-door", {})
    assert all(r[k] == r["outcomes"][k] for k in serial_rules.DOOR_OUTCOMES)


def test_attack_situation_modifiers():
    def nums(**kw):
        r = api.run("serial-attack", {"attack_dice": 5, **kw})
        return r["attack_dice"], r["attack_difficulty"]
    assert nums() == (5, 6)
    assert nums(range_band="point_blank") == (5, 5)
    assert nums(range_band="long") == (5, 8)
    assert nums(range_band="long", target_prone=True) == (5, 10)
    assert nums(range_band="point_blank", target_prone=True) == (5, 5)  # «кроме случаев выстрела в упор»
    assert nums(ranged=False, target_prone=True) == (5, 4)
    assert nums(ranged=False, attacker_prone=True, melee_class="mighty") == (5, 9)
    assert nums(ranged=False, melee_class="short", flank="rear") == (8, 5)
    assert nums(flank="flank", cover=3) == (7, 9)
    assert nums(blind=True) == (5, 9) and nums(ranged=False, blind=True) == (5, 8)
    assert nums(attack_difficulty=7, range_band="long") == (5, 9)
    assert nums(ranged=True, maneuver="two_guns", flank="rear") == (4, 8)


def test_many_on_one_reduces_defence():
    r = api.run("serial-attack", {"defence": "dodge", "defence_dice": 6, "attackers": 3})
    same = api.run("serial-attack", {"defence": "dodge", "defence_dice": 4})
    assert r["p_hit"] == same["p_hit"]
    r = api.run("serial-attack", {"defence": "dodge", "defence_dice": 6, "attackers": 9})
    assert r["p_hit"] == api.run("serial-attack", {"defence": "dodge", "defence_dice": 2})["p_hit"]


def test_attack_fields_of_the_other_kind_of_attack_do_not_apply():
    # a melee weapon class with a ranged attack, cover in melee: those fields are hidden, and
    # the attack is computed as without them (they were refused before they could be hidden)
    for with_other, alone, hidden in (({"ranged": True, "melee_class": "short"}, {"ranged": True}, "melee_class"),
                                      ({"ranged": False, "cover": 2}, {"ranged": False}, "cover")):
        got, want = api.run("serial-attack", with_other), api.run("serial-attack", alone)
        assert got.pop("not_used") == [hidden]  # the result says the value was not used
        assert got["display"].pop()["text"]["ru"].startswith("Не учтено") and got == want
    r = api.handle({"op": "run", "id": "serial-attack", "params": {"ranged": True, "defence": "parry"}})
    assert r["errors"][0]["field"] == "defence"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 15), st.integers(0, 30), st.integers(0, 60), st.integers(0, 10), st.booleans(),
       st.booleans(), st.booleans(), st.integers(0, 40), st.sampled_from(serial_rules.BELOW_ONE_CHOICES),
       st.sampled_from(serial_rules.NEGATIVE_HITS_CHOICES))
def test_door_outcomes_sum_to_one(stamina, health, extra, prev, nonlethal, shocked, breath, neg, below, rule):
    r = api.run("serial-death-door", {
        "stamina": stamina, "health_before": health, "damage": health + extra, "previous_rolls": prev,
        "nonlethal": nonlethal, "shocked_before": shocked, "last_breath_before": breath,
        "negative_before": neg, "below_one": below, "negative_rule": rule})
    assert sum(F(v) for v in r["outcomes"].values()) == 1
    assert r["excess"] == extra and r["threshold"] == max(12, 3 * stamina)
    if nonlethal and not serial_rules.exceeds(extra, r["threshold"], rule):
        assert set(k for k, v in r["outcomes"].items() if F(v)) <= {"shock", "stunned", "instant_death"}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(serial_tables.EXPLOSIVES)), st.integers(0, 60), st.integers(10, 30), st.integers(0, 20),
       st.integers(0, 6), st.sampled_from(serial_rules.TAGS))
def test_explosion_sums_to_one_and_falls_off(kind, distance, radius, dice, armor, tag):
    p = {"kind": kind, "distance": distance, "radius": radius, "dice": dice, "armor": armor, "tag": tag}
    r = api.run("serial-explosion", p)
    assert sum(F(x["p"]) for x in r["damage"]) == 1 and sum(F(x["p"]) for x in r["health_left"]) == 1
    farther = api.run("serial-explosion", {**p, "distance": distance + 1})
    assert farther["dice"] <= r["dice"]


# =================================================================================
# The discrepancies once found against source 000, one test each
# =================================================================================

def _errors(calc, params):
    r = api.handle({"op": "run", "id": calc, "params": params})
    assert not r["ok"], r
    return r["errors"]


# =================================================================================
# Parry difficulty by weapon class (000 lines 455, 471–474)
# =================================================================================

MELEE = {"ranged": False, "attack_dice": 5, "defence": "parry", "defence_dice": 4}


def _parry_difficulty(**kw):
    return api.run("serial-attack", {**MELEE, **kw})["defence_difficulty"]


def test_parry_against_heavy_weapon_is_difficulty_7():
    # 473: «Тяжелое оружие ... Такое оружие весьма сложно парировать чем-то более легким (сложность 7).»
    # 472 (classic): «Парируют тяжелое оружие по сложности 7.»
    assert _parry_difficulty(melee_class="heavy", parry_weapon="classic") == 7
    assert _parry_difficulty(melee_class="heavy") == 7  # the default parrying weapon is classic


def test_classic_parries_shorter_weapons_and_fists_at_5():
    # 472: «Парируют более короткое оружие или удары руками по сложности 5.»
    assert _parry_difficulty(melee_class="short", parry_weapon="classic") == 5
    assert _parry_difficulty(melee_class="unarmed", parry_weapon="classic") == 5
    # same length: 000 names no number; the base difficulty 6 (the page's reading)
    assert _parry_difficulty(melee_class="classic", parry_weapon="classic") == 6


def test_mighty_weapon_parries_at_plus_one():
    # 474: «+1 к сложности атаки или парирования»
    assert _parry_difficulty(melee_class="classic", parry_weapon="mighty") == 7


def test_impossible_parries_are_refused_naming_the_field():
    # 474: «Удары таким оружием невозможно парировать.»; 455: «Невозможно парировать удары
    # оружия могущественной драки.»
    errs = _errors("serial-attack", {**MELEE, "melee_class": "mighty"})
    assert errs[0]["field"] == "defence" and errs[0]["ru"] and errs[0]["en"]
    # 471: short weapons — «им невозможно эффективно парировать любое более длинное оружие»
    errs = _errors("serial-attack", {**MELEE, "melee_class": "classic", "parry_weapon": "short"})
    assert errs[0]["field"] == "parry_weapon"
    # 473: «боевой маневр "парирование" невозможно осуществить тяжелым оружием» — not offered
    errs = _errors("serial-attack", {**MELEE, "parry_weapon": "heavy"})
    assert errs[0]["field"] == "parry_weapon"


def test_parry_difficulty_changes_the_chance_to_hit():
    # a heavy weapon parried at 7 is harder to stop than at 6: P(hit) must be higher
    heavy = api.run("serial-attack", {**MELEE, "melee_class": "heavy"})
    same_at_6 = api.run("serial-attack", {**MELEE, "melee_class": "heavy", "defence_difficulty": 6})
    assert F(heavy["p_hit"]) > F(same_at_6["p_hit"])


# =================================================================================
# «Град ударов» only with short or classic weapons (000 line 421)
# =================================================================================


def test_flurry_refuses_heavy_and_mighty_weapons():
    # 421: «Этот удар может быть произведен только коротким или классическим оружием.»
    for cls in ("heavy", "mighty"):
        errs = _errors("serial-attack", {"ranged": False, "maneuver": "flurry", "melee_class": cls})
        assert errs[0]["field"] == "melee_class" and errs[0]["ru"] and errs[0]["en"]
    for cls in ("short", "classic"):
        r = api.run("serial-attack", {"ranged": False, "maneuver": "flurry", "melee_class": cls})
        assert r["attack_difficulty"] == 6 + 2 + (-1 if cls == "short" else 0)


# =================================================================================
# The pages' «Неясно в источнике» admonitions name the calculators' real fields
# =================================================================================

PAGES = Path(__file__).resolve().parent.parent / "docs" / "serial"


def _labels():
    out = []
    for c in [*CALCULATORS, *COMMON]:  # the pages name the armor calculator's «Сериал» switches too
        for param in c.params:
            out.append(param.label["ru"])
            out += [o.label["ru"] for o in param.options]
    return out


def test_fields_named_on_pages_exist():
    labels = _labels()
    named = []
    for page in PAGES.glob("*.md"):
        text = re.sub(r"\s+", " ", page.read_text(encoding="utf-8"))
        for m in re.finditer(r"\b(?:переключател\w*|пол[еяю]м?)\b[^«.;)]{0,40}((?:«[^»]+»(?:,| и| или)? ?)+)", text):
            named += re.findall(r"«([^»]+)»", m[1])
    assert named  # the pages do name fields
    for name in named:
        assert any(lab.startswith(name) for lab in labels), name


def test_modifiers_page_does_not_ask_to_add_what_the_calculator_adds():
    # the attack calculator has the fields blind, target_prone, attacker_prone and cover:
    # telling the reader to add the same modifier to the difficulty counts it twice
    params = {p.name for c in CALCULATORS if c.id == "serial-attack" for p in c.params}
    assert {"blind", "target_prone", "attacker_prone", "cover"} <= params
    text = (PAGES / "modifiers.md").read_text(encoding="utf-8")
    assert "прибавьте их к сложности атаки" not in text
    assert "прибавьте это к сложности атаки" not in text
    assert "прибавьте к\n    сложности атаки" not in text


# =================================================================================
# badaboom: «Далее по кубику за 5 метров» (000 line 503) — two readings, a switch
# =================================================================================


def test_badaboom_falloff_readings():
    from rules_core.serial import rules as serial_rules
    # radius 10 (the Storyteller's «насколько далеко ... урон вообще начинает падать»), 20 dice
    # default: −1 die for every started 5 m beyond the radius
    assert [serial_rules.explosion_dice("badaboom", d, radius=10) for d in (10, 11, 15, 16, 20, 21)] == \
        [20, 19, 19, 18, 18, 17]
    # other reading: −1 die for every full 5 m beyond the radius
    assert [serial_rules.explosion_dice("badaboom", d, radius=10, falloff="full") for d in (10, 11, 14, 15, 19, 20)] == \
        [20, 20, 20, 19, 19, 18]
    r = api.run("serial-explosion", {"kind": "badaboom", "distance": 14, "radius": 10, "falloff": "full"})
    assert r["dice"] == 20
    assert api.run("serial-explosion", {"kind": "badaboom", "distance": 14, "radius": 10})["dice"] == 19


# =================================================================================
# The first door's excess burns: Health shown is 0, not the burned damage (000 line 309)
# =================================================================================


def test_burned_excess_is_not_shown_as_negative_health():
    # 309: «Когда персонажа первый раз приводят на Порог смерти, весь урон, опустивший его ниже
    # нуля здоровья, сгорает. Отсчет отрицательных хитов начинается со следующего повреждения.»
    # Маша (329): «остался 2 хита ... Удар врага на 10 приводит её в состояние Порога Смерти»
    r = api.run("serial-damage", {"portions": [10], "absorption": 0, "health": 2, "stamina": 2})
    assert r["death_door"] and not r["dead"]
    assert r["steps"][0]["burned"] == 8 and r["negative_hits"] == 0
    assert r["health_left"] == 0 and r["steps"][0]["health_left"] == 0
    # the next damage counts from zero: 3 more → 3 negative hits, Health −3
    r = api.run("serial-damage", {"portions": [10, 3], "absorption": 0, "health": 2, "stamina": 2})
    assert r["negative_hits"] == 3 and r["health_left"] == -3


def test_attack_health_left_has_no_burned_values():
    # 1 Health left, no absorption, 3 damage dice: any excess (at most 2, below max(12, 15))
    # burns on this first door, so the Health left is 1 (no damage) or 0, never below
    r = api.run("serial-attack", {"attack_dice": 5, "damage_dice": 3, "absorption": 0, "health": 1,
                                  "stamina": 5})
    values = {x["value"] for x in r["health_left"]}
    assert min(values) == 0 and values <= {0, 1}
    # the door outcomes still sum to the chance of the door (burning changes no probability)
    assert sum(F(v) for v in r["door_outcomes"].values()) == F(r["p_death_door"])


# =================================================================================
# Labels: a hit that does no damage is not «absorbed»
# =================================================================================


def test_no_wound_row_is_not_called_absorbed_when_nothing_can_absorb():
    # Armor 6 against 3 damage dice, no УП: every hit does 0 damage (248–250: «Значение Брони
    # вычитается из каждой порции входящего урона»), nothing is absorbed by УП
    r = api.run("serial-attack", {"attack_dice": 5, "damage_dice": 3, "armor": 6, "absorption": 0})
    assert F(r["status"]["absorbed"]) == F(r["p_hit"]) > 0
    table = next(b for b in r["display"] if b.get("kind") == "table")
    row = next(row for row in table["rows"] if row[1] == r["status"]["absorbed"])
    assert "без ранения" in row[0]["ru"] and "no wound" in row[0]["en"]
    dmg = next(b for b in r["display"] if b.get("key") == "damage")
    assert "ни одного успеха" in dmg["title"]["ru"]


# =================================================================================
# The death's-door table of serial-attack holds joint chances, not «if death's door» ones
# =================================================================================


def test_attack_door_table_is_titled_as_what_it_holds():
    r = api.run("serial-attack", {"attack_dice": 2, "damage_dice": 1, "absorption": 0, "health": 1})
    # by hand: P(hit) with 2 dice at 6, 1s cancelling = 1/4 + 2·(1/2)·(4/10) = 13/20; one damage
    # die at 6 succeeds with 1/2 → P(door) = 13/40; the first door's d6 is uniform (329: «бросает
    # д6 броска Порога») → each state 13/240 of all attacks, 1/6 given the door
    assert F(r["p_hit"]) == Fraction(13, 20) and F(r["p_death_door"]) == Fraction(13, 40)
    assert all(F(r["door_outcomes"][k]) == Fraction(13, 240) for k in
               ("last_breath", "walking_dead", "will_to_live", "crippling_wound", "stunned", "shock"))
    door = [b for b in r["display"] if b.get("kind") == "table"][-1]
    assert [F(row[1]) for row in door["rows"]][1:] == [Fraction(13, 240)] * 6
    # so the title must not say «if death's door» (that would be 1/6 each)
    assert not door["title"]["ru"].startswith("Если") and not door["title"]["en"].startswith("If")
    assert "из всех атак" in door["title"]["ru"] and "of all attacks" in door["title"]["en"]


# =================================================================================
# The Storyteller sees the chances the calculator computes for master strike and parry
# =================================================================================


def _figure(r, key):
    for b in r["display"]:
        if b.get("kind") == "figures":
            for item in b["items"]:
                if item["key"] == key:
                    return item
    return None


def test_master_strike_and_parry_counter_chances_are_shown():
    # 425: «Если эта атака набрала 7 и больше успехов на попадании, то она становится критической»
    r = api.run("serial-attack", {"attack_dice": 12, "maneuver": "master"})
    item = _figure(r, "p_critical")
    assert item is not None and item["value"] == r["p_critical"] and F(r["p_critical"]) > 0
    # 455: «Если защищающийся набрал больше успехов ... защищающийся эффективно попал по нападающему»
    r = api.run("serial-attack", {"ranged": False, "defence": "parry", "defence_dice": 6})
    item = _figure(r, "p_parry_counter")
    assert item is not None and item["value"] == r["p_parry_counter"] and F(r["p_parry_counter"]) > 0
    # not shown where it cannot happen
    assert _figure(api.run("serial-attack", {}), "p_critical") is None


def test_damage_death_figure_names_both_causes():
    # 308: negative hits — «получив которые, персонаж мгновенно и безусловно умирает»; the figure
    # shows any death, so its label must not read as the excess rule (300) alone
    r = api.run("serial-damage", {"portions": [5, 6, 7], "absorption": 0, "health": 3, "stamina": 2})
    assert r["dead"] and not r["instant_death"]
    item = _figure(r, "dead")
    assert item is not None and item["value"]["ru"] == "да" and "отрицательн" in item["label"]["ru"]


def test_defence_dice_and_difficulty_are_shown():
    # 453: dodge «от атак дальнего боя – по сложности 8»; 353: «Толпа на одного» −1 die per extra
    # attacker: 6 dice, 3 attackers → 4 dice at 8
    r = api.run("serial-attack", {"defence": "dodge", "defence_dice": 6, "attackers": 3})
    item = _figure(r, "defence")
    assert item is not None and item["value"]["ru"] == "4 / 8" and item["value"]["en"] == "4 / 8"
    # 472–473: a heavy weapon parried with a classic one at 7
    r = api.run("serial-attack", {**MELEE, "melee_class": "heavy"})
    assert _figure(r, "defence")["value"]["ru"] == "4 / 7"
    assert _figure(api.run("serial-attack", {}), "defence") is None


# =================================================================================
# 1s on attack and defence rolls: a reading that changes every chance → a switch
# =================================================================================


def test_attack_ones_reading_is_a_switch():
    # 228 says only of damage: «единички не вычитаются»; 413 (grapple): «единички вычитаются»;
    # the attack roll is not described. 2 dice at 6:
    # 1s cancel (default): P(net ≥ 1) = 1/4 + 2·(1/2)·(4/10) = 13/20
    # 1s do not cancel: P(at least one success) = 1 − (1/2)² = 3/4
    base = {"attack_dice": 2, "damage_dice": 0}
    assert F(api.run("serial-attack", base)["p_hit"]) == Fraction(13, 20)
    assert F(api.run("serial-attack", {**base, "attack_ones_cancel": False})["p_hit"]) == Fraction(3, 4)
    # the defence roll too: 1 attack die at 2 (hits on 2–10), 1 dodge die at 8 (ranged)
    # cancel: attack net 1 w.p. 9/10; dodge net 1 w.p. 3/10 → P(hit) = 9/10 · 7/10 = 63/100
    # no cancel: the same here (one die each cannot both succeed and roll a 1)
    d = {"attack_dice": 1, "attack_difficulty": 2, "defence": "dodge", "defence_dice": 1, "damage_dice": 0}
    assert F(api.run("serial-attack", d)["p_hit"]) == Fraction(63, 100)
    # 2 attack dice at 6 against 1 dodge die at 8, no cancel: attack successes Bin(2, 1/2),
    # dodge success 3/10: P(hit) = P(A=2) + P(A=1)·7/10 = 1/4 + 1/2·7/10 = 3/5
    d2 = {"attack_dice": 2, "defence": "dodge", "defence_dice": 1, "damage_dice": 0,
          "attack_ones_cancel": False}
    assert F(api.run("serial-attack", d2)["p_hit"]) == Fraction(3, 5)


def test_attack_roll_follows_the_ones_switch():
    for seed in range(15):
        p = {"attack_dice": 6, "defence": "dodge", "defence_dice": 3, "attack_ones_cancel": False}
        r = api.roll("serial-attack", p, seed=seed)
        faces = r["attack"]["faces"]
        assert r["attack"]["net"] == sum(f >= 6 for f in faces)  # no 1 subtracted
        assert r["hit"] == (r["attack"]["net"] - r["defence_net"] >= 1)


# =================================================================================
# Which door's excess burns: rule 4 («первый раз») vs the states («Урон, который привел его
# на Порог Смерти, не учитывается в этом расчете») — a reading that changes results → a switch
# =================================================================================


def test_excess_burning_reading_is_a_switch():
    from rules_core.serial import rules as serial_rules
    # 309 (default): only the first time; a later door's excess counts as negative hits
    t = serial_rules.Target(absorption=0, health=3, stamina=2, negative=4, door_visits=1)
    s = serial_rules.take_portion(t, 5)
    assert s.door and s.burned == 0 and t.negative == 4 + 2 and t.health == -2
    # 317/319/321: the damage that brought him to the door is not counted — every time
    t = serial_rules.Target(absorption=0, health=3, stamina=2, negative=4, door_visits=1)
    s = serial_rules.take_portion(t, 5, burns="every")
    assert s.door and s.burned == 2 and t.negative == 4 and t.health == 0
    # the calculators
    p = {"portions": [5], "absorption": 0, "health": 3, "stamina": 2, "door_before": True,
         "negative_before": 4}
    assert api.run("serial-damage", p)["negative_hits"] == 6
    assert api.run("serial-damage", {**p, "excess_burns": "every"})["negative_hits"] == 4
    d = {"stamina": 2, "health_before": 1, "damage": 4, "previous_rolls": 1, "negative_before": 10}
    assert F(api.run("serial-death-door", d)["outcomes"]["instant_death"]) == 1  # 10 + 3 > 12
    r = api.run("serial-death-door", {**d, "excess_burns": "every"})
    # the d6 − 1 (329: «5-1 ... =4»): 1,2 → 1; 3..6 → 2..5 — no death unless a 2nd last breath
    assert F(r["outcomes"]["instant_death"]) == 0 and F(r["outcomes"]["last_breath"]) == Fraction(1, 3)


# =================================================================================
# Properties of the new switches
# =================================================================================

@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=1, max_size=6), st.integers(0, 10), st.integers(0, 10),
       st.integers(0, 8), st.booleans(), st.integers(0, 15))
def test_burning_every_door_never_counts_more(portions, absorption, health, stamina, before, negative):
    p = {"portions": portions, "absorption": absorption, "health": health, "stamina": stamina,
         "door_before": before, "negative_before": negative}
    first = api.run("serial-damage", p)
    every = api.run("serial-damage", {**p, "excess_burns": "every"})
    assert every["dead"] <= first["dead"]
    if not first["dead"]:  # (counting stops at death)
        assert every["negative_hits"] <= first["negative_hits"]
    # a survivor's Health never shows burned damage: below 0 only by the negative hits counted
    for r in (first, every):
        if not r["dead"]:
            assert r["health_left"] >= -r["negative_hits"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 15), st.integers(0, 30), st.integers(0, 40), st.integers(0, 6),
       st.integers(0, 30), st.sampled_from(["first", "every"]), st.booleans())
def test_door_outcomes_sum_to_one_with_either_burning(stamina, health, extra, prev, neg, burns, nonlethal):
    r = api.run("serial-death-door", {"stamina": stamina, "health_before": health, "damage": health + extra,
                                      "previous_rolls": prev, "negative_before": neg,
                                      "excess_burns": burns, "nonlethal": nonlethal})
    assert sum(F(v) for v in r["outcomes"].values()) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(0, 4), st.sampled_from(["none", "dodge", "parry", "block"]),
       st.booleans())
def test_ones_not_cancelling_never_lowers_the_attack_without_defence(att, dfn, defence, ranged):
    # with no defence, 1s that do not cancel can only help the attacker
    if ranged and defence in ("parry", "block"):
        defence = "dodge"
    p = {"attack_dice": att, "defence": "none", "ranged": ranged, "damage_dice": 2}
    assert F(api.run("serial-attack", {**p, "attack_ones_cancel": False})["p_hit"]) >= \
        F(api.run("serial-attack", p)["p_hit"])
    # and every distribution still sums to 1 with a defence
    q = {**p, "defence": defence, "defence_dice": dfn, "attack_ones_cancel": False}
    r = api.run("serial-attack", q)
    assert sum(F(x["p"]) for x in r["damage"]) == 1 and sum(F(v) for v in r["status"].values()) == 1


def test_spread_fire_says_the_chance_is_for_one_target():
    # 439: «Стрелок делит все полученные успехи между всеми целями ... Каждая цель требует одного
    # успеха на броске попадания. Если успехов было получено меньше, чем целей, то атакующий
    # выбирает в кого он попал.»
    r = api.run("serial-attack", {"maneuver": "spread", "attack_dice": 4})
    assert (r["attack_dice"], r["attack_difficulty"]) == (14, 8)  # +10 dice, +2 difficulty
    notes = [b for b in r["display"] if b.get("kind") == "note"]
    assert any("одного успеха" in n["text"]["ru"] and "one success" in n["text"]["en"] for n in notes)


def fig(result, key):
    """A figure's value as the page shows it (the summary bar reads the same)."""
    for block in result["display"]:
        if block["kind"] == "figures":
            for item in block["items"]:
                if item["key"] == key:
                    return item["value"]
    raise KeyError(key)


# =================================================================================================
# serial-initiative
# =================================================================================================

def test_initiative_is_the_highest_sum():
    # «Ваша Инициатива равна высшему показателю среди следующих вариантов сумм характеристик:
    # Ловкость + Смекалка, Манипулирование + Восприятие, Атлетика + Хитрость»
    r = api.run("serial-initiative", {"dexterity": 2, "wits": 1, "manipulation": 3, "perception": 4,
                                      "athletics": 5, "cunning": 1})
    assert r["initiative"] == 7 and r["sums"] == {"dexterity_wits": 3, "manipulation_perception": 7,
                                                   "athletics_cunning": 6}
    assert fig(r, "initiative") == 7
    # «Также к этому могут быть добавлены модификаторы от особых умений и магии персонажа»
    assert api.run("serial-initiative", {"dexterity": 2, "wits": 1, "manipulation": 3, "perception": 4,
                                         "athletics": 5, "cunning": 1, "modifier": 2})["initiative"] == 9


def test_preparation_adds_half_rounded_down_or_up():
    # «Подготовка (Действие). На следующий ход добавить половину своего показателя Инициативы.»
    base = {"dexterity": 4, "wits": 3, "manipulation": 0, "perception": 0, "athletics": 0, "cunning": 0}
    assert api.run("serial-initiative", base)["initiative"] == 7
    r = api.run("serial-initiative", {**base, "prepared": True})
    assert (r["initiative"], r["preparation_bonus"]) == (10, 3)
    assert api.run("serial-initiative", {**base, "prepared": True, "preparation_rounding": "up"})["initiative"] == 11


def test_lowered_initiative_cannot_rise_even_by_preparation():
    # «понизить свою инициативу до любого неотрицательного числа, но дальше до конца боя он не может ее
    # повысить, в том числе при помощи магии»
    base = {"dexterity": 4, "wits": 3, "lowered": True, "lowered_to": 4, "prepared": True}
    assert api.run("serial-initiative", base)["initiative"] == 4
    assert api.run("serial-initiative", {**base, "lowered_blocks_preparation": False})["initiative"] == 6
    errs = errors("serial-initiative", {**base, "lowered_to": 8})
    assert errs[0]["field"] == "lowered_to" and "не больше 7" in errs[0]["ru"]


def test_order_of_turns_breaks_ties_by_kind():
    # «В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры, затем меняющие форму,
    # затем феи, затем маги, затем чародеи, затем психики, затем все остальные. Если и этого
    # недостаточно для установления порядка, решите оставшиеся ничьи броском кубика.»
    rows = [{"initiative": 6, "kind": "other"}, {"initiative": 6, "kind": "mage"}, {"initiative": 9, "kind": "other"},
            {"initiative": 6, "kind": "monster"}, {"initiative": 6, "kind": "other"}]
    r = api.run("serial-initiative", {"mode": "order", "participants": rows})
    assert r["order"] == [["3"], ["4"], ["2"], ["1", "5"]] and r["unresolved_ties"] == 1
    assert "№1 = №5 (ничья)" in fig(r, "initiative")["ru"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fixed_dictionaries({"initiative": st.integers(0, 12),
                                       "kind": st.sampled_from(serial_rules.CREATURE_ORDER)}), min_size=1, max_size=8))
def test_order_is_by_initiative_then_kind(rows):
    r = api.run("serial-initiative", {"mode": "order", "participants": rows})
    flat = [int(n) - 1 for g in r["order"] for n in g]
    assert sorted(flat) == list(range(len(rows)))
    keys = [(-rows[i]["initiative"], serial_rules.CREATURE_ORDER.index(rows[i]["kind"])) for i in flat]
    assert keys == sorted(keys)
    for g in r["order"]:  # a group is a tie of the same initiative and kind
        assert len({(rows[int(n) - 1]["initiative"], rows[int(n) - 1]["kind"]) for n in g}) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=6, max_size=6), st.integers(0, 10), st.booleans())
def test_initiative_properties(traits, modifier, prepared):
    names = ("dexterity", "wits", "manipulation", "perception", "athletics", "cunning")
    params = dict(zip(names, traits), modifier=modifier, prepared=prepared)
    r = api.run("serial-initiative", params)
    best = max(traits[0] + traits[1], traits[2] + traits[3], traits[4] + traits[5]) + modifier
    assert r["base"] == best
    assert r["initiative"] == best + (best // 2 if prepared else 0)


# =================================================================================================
# serial-wounds
# =================================================================================================

def test_speed_example_nine():
    # «Ваша скорость = 5 + Атлетика»; «если у вас скорость 9, вы можете переместиться на 5 метров,
    # совершить действие, а затем переместиться на 4 метра» — Атлетика 4
    r = api.run("serial-wounds", {"athletics": 4, "dexterity": 3})
    assert r["speed"] == 9 and fig(r, "speed") == 9
    # «Бег (Действие). Персонажи могут дополнительно за действие пройти дистанцию = 10 + Ловкость + Атлетика»
    assert r["run"] == 17


def test_two_grades_of_wound_penalty_and_the_halved_speed():
    # «любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) даёт штраф в 4
    # кубика и снижение скорости в два раза»
    by_health = {h: api.run("serial-wounds", {"health": h, "athletics": 4}) for h in (7, 6, 5, 4, 3, 2, 1, 0)}
    assert {h: r["wounds"] for h, r in by_health.items()} == {7: 0, 6: 0, 5: 2, 4: 2, 3: 4, 2: 4, 1: 4, 0: 4}
    assert {h: r["speed"] for h, r in by_health.items()} == {7: 9, 6: 9, 5: 9, 4: 9, 3: 4, 2: 4, 1: 4, 0: 4}
    assert fig(by_health[5], "roll_penalty") == -2 and fig(by_health[7], "roll_penalty") == 0


def test_masha_pushes_through_pain():
    # «Магичка Маша тяжело ранена (осталось 2 хита), но она продолжает сражаться»; «“Превозмогая боль”:
    # Потратив 1 ПСВ в начале своего хода, персонаж может избежать штрафов к броскам (но не штрафов к движению)»
    hurt = api.run("serial-wounds", {"health": 2, "athletics": 2})
    pushing = api.run("serial-wounds", {"health": 2, "athletics": 2, "push": True})
    assert (hurt["roll_penalty"], pushing["roll_penalty"]) == (4, 0)
    assert hurt["speed"] == pushing["speed"] == 3  # (5 + 2) / 2, down


def test_will_to_live_keeps_the_full_speed():
    # «Воля к жизни. … Персонаж не испытывает штрафов от ран и может действовать как раньше»; the speed cut is
    # one of those penalties: «тяжелое ранение (3 и ниже) даёт штраф в 4 кубика и снижение скорости в два раза»
    door = api.run("serial-wounds", {"health": 0, "athletics": 4, "dexterity": 3})
    will = api.run("serial-wounds", {"health": 0, "athletics": 4, "dexterity": 3, "will_to_live": True})
    assert (door["roll_penalty"], door["speed"]) == (4, 4)
    assert (will["roll_penalty"], will["speed"]) == (0, 9) and fig(will, "speed") == 9
    both = {"health": 0, "athletics": 4, "dexterity": 3, "will_to_live": True, "run_halved": "both"}
    assert api.run("serial-wounds", both)["run"] == 17
    # «Перегружен» is no wound: it still halves
    assert api.run("serial-wounds", {**both, "overloaded": True})["speed"] == 4


def test_burning_and_overloaded_penalties():
    # «Горит! ... Также цель получает -4 куба на все броски действий из-за сильнейшей боли. Этот штраф может
    # быть преодолен тратой ПСВ ... Существа с сопротивляемостью к огню или нечувствительные к боли не
    # получают этого штрафа.»; «Перегружен»: «-4 куба на броски Ловкости и уменьшение скорости движения в 2 раза»
    assert api.run("serial-wounds", {"burning": True})["roll_penalty"] == 4
    assert api.run("serial-wounds", {"burning": True, "burning_spared": True})["roll_penalty"] == 0
    assert api.run("serial-wounds", {"burning": True, "burning_willpower": True})["roll_penalty"] == 0
    r = api.run("serial-wounds", {"overloaded": True, "athletics": 4, "health": 3})
    assert (r["roll_penalty"], r["dexterity_penalty"], r["speed"]) == (4, 8, 2)  # 9 → 4 → 2


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 12), st.integers(0, 6), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_penalties_properties(health, athletics, push, burning, willpower, overloaded):
    params = {"health": health, "athletics": athletics, "push": push, "burning": burning,
              "burning_willpower": willpower, "overloaded": overloaded}
    each = api.run("serial-wounds", params)
    one = api.run("serial-wounds", {**params, "pain_willpower": "one"})
    assert one["roll_penalty"] <= each["roll_penalty"] <= 8
    assert each["wounds"] in (0, 2, 4) and each["dexterity_penalty"] == each["roll_penalty"] + 4 * overloaded
    assert each["speed"] <= 5 + athletics
    fewer = api.run("serial-wounds", {**params, "health": max(0, health - 1)})
    assert fewer["wounds"] >= each["wounds"] and fewer["speed"] <= each["speed"]  # a worse wound never helps


# =================================================================================================
# serial-burning
# =================================================================================================

def test_burning_damage_by_turn():
    # «В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения.»
    r = api.run("serial-burning", {"turn": 4, "extinguisher": "nobody"})
    assert r["levels"] == [2, 3, 4, 5] and r["damage_this_turn"] == 5 and r["damage_so_far"] == 14
    assert api.run("serial-burning", {"turn": 4, "extinguisher": "nobody", "first_turn_counts": True})["levels"] \
        == [3, 4, 5, 6]
    # Броня and a resistance to fire act on each turn's levels: (5 − 1) / 2 = 2
    r = api.run("serial-burning", {"turn": 4, "extinguisher": "nobody", "armor": 1, "tag": "resistance"})
    assert r["portions"] == [1, 1, 2, 2] and r["next"][0]["params"] == {"portions": [2, 3, 4, 5], "armor": 1,
                                                                     "tag": "resistance"}
    # the hand-over fills the damage calculator with what `python -m rules_core run` would take
    handed = api.run("serial-damage", {**r["next"][0]["params"], "absorption": 0, "health": 7})
    assert [s["portion"] for s in handed["steps"]] == r["portions"]


def test_putting_out_against_icepool():
    # «Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7 - тушение себя»; the burning one's own
    # roll has −4 from the pain
    friend = api.run("serial-burning", {"extinguisher": "friend", "pool": 4})
    assert (friend["pool"], friend["difficulty"]) == (4, 5)
    assert F(friend["p_out"]) == p(net(4, 5), lambda x: x >= 1)
    himself = api.run("serial-burning", {"extinguisher": "self", "pool": 6})
    assert (himself["pool"], himself["difficulty"]) == (2, 7)
    assert F(himself["p_out"]) == p(net(2, 7), lambda x: x >= 1)
    spared = api.run("serial-burning", {"extinguisher": "self", "pool": 6, "no_pain": True})
    assert F(spared["p_out"]) == p(net(6, 7), lambda x: x >= 1)
    # «Подручные средства ... снизить сложность на этот бросок»
    tools = api.run("serial-burning", {"extinguisher": "self", "pool": 6, "difficulty_change": -2})
    assert tools["difficulty"] == 5


def test_damage_until_put_out_is_a_geometric_sum():
    r = api.run("serial-burning", {"extinguisher": "friend", "pool": 4, "max_turns": 6})
    q = F(r["p_out"])
    rows = next(b for b in r["display"] if b["kind"] == "distribution")["rows"]
    got = {row["x"]: F(row["p"]) for row in rows}
    # put out after turn k's damage: 2 + 3 + … ; still burning after 6 turns: (1 − q)^6
    want: dict[int, Fraction] = {}
    total = 0
    for k in range(1, 7):
        total += k + 1
        want[total] = want.get(total, Fraction(0)) + (1 - q) ** (k - 1) * q
    want[total] += (1 - q) ** 6
    assert got == want and sum(got.values()) == 1
    assert F(r["p_still_burning"]) == (1 - q) ** 6


# =================================================================================================
# serial-ambush
# =================================================================================================

def test_ambush_against_icepool():
    # «Нападающий делает бросок Ловкость + Незаметность, противопоставленный броску Восприятие +
    # Бдительность цели. Если нападающему везет, то он может провести по цели одну свободную атаку, а также
    # добавить любое количество успехов от броска на Незаметность к набору кубиков для атаки.»
    r = api.run("serial-ambush", {"stealth_pool": 4, "alert_pool": 3, "attack_dice": 3, "attack_difficulty": 6})
    a, d = net(4), net(3)
    assert F(r["p_ambush"]) == p(icepool.map(lambda x, y: x > y, a, d), bool)
    assert F(r["p_tie"]) == p(icepool.map(lambda x, y: x == y, a, d), bool)
    assert F(r["p_ambush"]) + F(r["p_tie"]) + F(r["p_spotted"]) == 1
    free = Fraction(0)
    for x, qx in a.items():
        for y, qy in d.items():
            if x > y:
                free += Fraction(qx * qy, a.denominator() * d.denominator()) * p(net(3 + x), lambda s: s >= 1)
    assert F(r["p_free_hit"]) == free


def test_ambush_tie_and_the_attack_calculator():
    # «При ничьей нападающий все же ходит первым, но защищающийся может провести защитное действие»
    assert api.run("serial-ambush", {"stealth_pool": 0, "alert_pool": 0})["p_tie"]["exact"] == "1/1"
    # the attack calculator takes the ambush's successes: a free attack, no defence
    with_three = api.run("serial-attack", {"attack_dice": 3, "ambush_successes": 3, "ranged": False})
    assert with_three["attack_dice"] == 6
    assert errors("serial-attack", {"ambush_successes": 2, "defence": "dodge", "defence_dice": 3})[0]["field"] \
        == "defence"


# =================================================================================================
# serial-contest
# =================================================================================================

def test_grapple_escape_against_icepool():
    # «оба бойца делают противопоставленные броски Сила + Драка (единички вычитаются ...). Для успеха жертве
    # надо набрать больше успехов, чем нападающему.»
    r = api.run("serial-contest", {"contest": "grapple", "holder_pool": 4, "victim_pool": 5})
    assert F(r["p_effect"]) == p(icepool.map(lambda h, v: v > h, net(4), net(5)), bool)


def test_trip_disarm_cover_against_icepool():
    att = net(5, 7)
    # «Подсечка»: «Если число успехов на этом броске меньше, чем число успехов нападающего, то цель падает»
    r = api.run("serial-contest", {"contest": "trip", "attack_dice": 5, "attack_difficulty": 7, "target_pool": 3})
    assert F(r["p_effect"]) == p(icepool.map(lambda s, t: s >= 1 and t < s, att, net(3)), bool)
    # «Разоружение»: «Если число полученных успехов превышает уровень Силы противника» (a damage roll: 1s
    # do not cancel)
    r = api.run("serial-contest", {"contest": "disarm", "attack_dice": 5, "attack_difficulty": 7, "damage_dice": 6,
                                   "opponent_strength": 3})
    assert F(r["p_effect"]) == p(icepool.map(lambda s, k: s >= 1 and k > 3, att, net(6, 6, ones=False)), bool)
    assert F(r["p_effect"]) + F(r["p_no_effect"]) == F(r["p_hit"])
    # «Прикрыть»: «Бросок Ловкость+Уворот по сложности 6, необходимо набрать успехов больше нападающего»
    r = api.run("serial-contest", {"contest": "cover", "attack_dice": 5, "attack_difficulty": 7, "cover_pool": 4})
    assert F(r["p_effect"]) == p(icepool.map(lambda s, c: s >= 1 and c > s, att, net(4)), bool)


# =================================================================================================
# serial-explosion: the grenade
# =================================================================================================

def test_grenade_throw_and_dodge_against_icepool():
    # «Гранаты. Бросок ловкость+атлетика, сложность 6, чтобы попасть в нужную точку (метр на метр) достаточно
    # 1 успеха»; «В случае успешного уворота (набрано успехов не меньше чем у бросившего гранату)»;
    # «Максимальная дистанция броска (5*Значение вашей силы без амулетов)»
    r = api.run("serial-explosion", {"kind": "grenade", "throw_pool": 4, "dodge_pool": 3, "thrower_strength": 3})
    t, d = net(4), net(3)
    assert F(r["p_landed"]) == p(t, lambda x: x >= 1)
    assert F(r["p_dodged"]) == p(icepool.map(lambda x, y: x >= 1 and y >= x, t, d), bool)
    assert F(r["p_shrapnel"]) == p(icepool.map(lambda x, y: x >= 1 and y < x, t, d), bool)
    assert r["max_distance"] == 15
    no_cover = api.run("serial-explosion", {"kind": "grenade", "throw_pool": 4, "dodge_pool": 0})
    assert no_cover["p_dodged"]["exact"] == "0/1"


# =================================================================================================
# serial-attack: the wound penalties of both sides
# =================================================================================================

def test_attack_takes_the_wound_penalty_of_each_side():
    base = {"attack_dice": 7, "ranged": False, "defence": "dodge", "defence_dice": 5, "damage_dice": 4}
    r = api.run("serial-attack", {**base, "attacker_health": 5, "health": 3})
    assert (r["attack_dice"], r["attack_penalty"], r["defence_penalty"]) == (5, 2, 4)
    assert fig(r, "wound_penalties") == {"ru": "−2 / −4", "en": "−2 / −4"}
    hand = icepool.map(lambda a, d: a - d >= 1, net(5), net(1))
    assert F(r["p_hit"]) == p(hand, bool)
    spared = api.run("serial-attack", {**base, "attacker_health": 5, "health": 3, "attacker_no_pain": True,
                                       "target_no_pain": True})
    assert (spared["attack_dice"], spared["defence_penalty"]) == (7, 0)
    # the reading: not the damage roll, unless switched
    assert r["damage_dice"] == 4
    assert api.run("serial-attack", {**base, "attacker_health": 5, "wound_penalty_damage": True})["damage_dice"] == 2


def test_two_guns_halve_the_wounded_pool_by_the_reading():
    base = {"attack_dice": 9, "maneuver": "two_guns", "attacker_health": 5}
    assert api.run("serial-attack", base)["attack_dice"] == 3  # (9 − 2) // 2
    assert api.run("serial-attack", {**base, "wound_penalty_before_halving": False})["attack_dice"] == 2  # 9 // 2 − 2


def test_parry_and_block_fail_against_a_stronger_blow():
    # «Парировать можно только те атаки, чья Сила + модификатор оружия + паранормальные усиления не
    # превосходит вашу Силу+Ловкость»; блок: «если Сила + Модификатор Оружия ... нападающего больше чем ваша
    # Сила + Выносливость ..., то маневр автоматически провален»
    base = {"attack_dice": 5, "ranged": False, "defence": "block", "defence_dice": 6, "damage_dice": 7,
            "absorption": 0, "health": 20}
    strong = api.run("serial-attack", {**base, "defender_limit": 6})
    equal = api.run("serial-attack", {**base, "defender_limit": 7})
    assert strong["defence_overpowered"] and not equal["defence_overpowered"]
    none = api.run("serial-attack", {**base, "defence": "none"})
    assert strong["health_left"] == none["health_left"] and strong["health_left"] != equal["health_left"]


def test_desperate_defence_loses_a_die_per_later_defence():
    # «Персонаж использует весь свой набор кубиков против первой атаки в данном ходу, а затем теряет по одному
    # кубику (эффект кумулятивен) при каждом последующем защитном приеме»
    base = {"attack_dice": 6, "ranged": False, "defence": "dodge", "defence_dice": 6, "desperate": True}
    first = api.run("serial-attack", {**base, "defence_number": 1})
    third = api.run("serial-attack", {**base, "defence_number": 3})
    assert F(first["p_hit"]) == p(icepool.map(lambda a, d: a - d >= 1, net(6), net(6)), bool)
    assert F(third["p_hit"]) == p(icepool.map(lambda a, d: a - d >= 1, net(6), net(4)), bool)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 8), st.integers(0, 8), st.integers(0, 7), st.integers(1, 7))
def test_a_worse_wound_never_helps_the_wounded(dice, defence, attacker_health, health):
    base = {"attack_dice": dice, "ranged": False, "defence": "dodge", "defence_dice": defence, "damage_dice": 3,
            "attacker_health": attacker_health, "health": health}
    r = api.run("serial-attack", base)
    if attacker_health:
        worse = api.run("serial-attack", {**base, "attacker_health": attacker_health - 1})
        assert F(worse["p_hit"]) <= F(r["p_hit"])
    if health > 1:
        worse = api.run("serial-attack", {**base, "health": health - 1})
        # the target's wound takes defence dice: the attack hits at least as often
        assert F(worse["p_hit"]) >= F(r["p_hit"])


# =================================================================================================
# serial-attack: «Перегружен», «Отчаянная защита» with a parry, two guns and the flank's dice
# =================================================================================================

def test_overloaded_takes_four_dice_from_the_attack_and_the_defence():
    # «Статус “Перегружен” случается с персонажем если он несет на себе слишком много предметов и слишком слаб
    # для этого. -4 куба на броски Ловкости»; «ваш бросок на попадание – это Ловкость + навык/талант»
    plain = api.run("serial-attack", {"attack_dice": 7})
    assert api.run("serial-attack", {"attack_dice": 7, "attacker_overloaded": True})["attack_dice"] == 3
    defended = {"attack_dice": 7, "defence": "dodge", "defence_dice": 6}
    heavy = api.run("serial-attack", {**defended, "target_overloaded": True})
    assert fig(heavy, "defence")["ru"].startswith("2 /") and F(heavy["p_hit"]) > F(api.run("serial-attack", defended)["p_hit"])
    # the other reading: an attack is no roll of Ловкость alone
    assert api.run("serial-attack", {"attack_dice": 7, "attacker_overloaded": True,
                                     "overloaded_rolls": "pure_dexterity"})["attack_dice"] == plain["attack_dice"]


def test_full_defense_with_a_parry_is_the_readings():
    # «используя (только один!) защитный маневр, блок или уклонение»
    parry = {"ranged": False, "defence": "parry", "defence_dice": 5, "desperate": True, "defence_number": 3}
    res = api.run("serial-attack", parry)
    assert res["not_used"] == ["desperate", "defence_number"]  # not a full defense: said so
    allowed = api.run("serial-attack", {**parry, "desperate_parry": True})
    assert "not_used" not in allowed and fig(allowed, "defence")["ru"].startswith("3 /")


def test_two_guns_halve_the_flank_dice_by_the_reading():
    # «и основная атака и экстра используют только половину (округление вниз) от запаса кубиков на это действие»;
    # «атакующие с тыла – три»
    rear = {"maneuver": "two_guns", "flank": "rear", "attack_dice": 9}
    assert api.run("serial-attack", rear)["attack_dice"] == (9 + 3) // 2
    assert api.run("serial-attack", {**rear, "two_guns_halves_bonus": False})["attack_dice"] == 9 // 2 + 3
    ambush = {"maneuver": "two_guns", "ambush_successes": 2, "attack_dice": 8}
    assert api.run("serial-attack", {**ambush, "two_guns_halves_bonus": False})["attack_dice"] == 4 + 2


def test_a_nonlethal_roll_counts_for_the_minus_one_by_the_reading():
    # «За каждый бросок Порога в рамках одной сцены вычитается единица из последующих бросков Порога»; «Если на Порог
    # персонажа привели нелетальным уроном, то бросается только чет/нечет»
    two = api.run("serial-death-door", {"previous_rolls": 2, "nonlethal_before": 1})
    one = api.run("serial-death-door", {"previous_rolls": 2, "nonlethal_before": 1, "nonlethal_roll_counts": False})
    assert fig(two, "door_roll")["ru"] == "д6 − 2" and fig(one, "door_roll")["ru"] == "д6 − 1"
    assert one["outcomes"] == api.run("serial-death-door", {"previous_rolls": 1})["outcomes"]
    assert [e["field"] for e in errors("serial-death-door", {"previous_rolls": 1, "nonlethal_before": 2})] == ["nonlethal_before"]
    # the attack's step to the door carries them
    hit = api.run("serial-attack", {"attack_dice": 12, "damage_dice": 20, "absorption": 0, "health": 2,
                                    "door_rolls_before": 2, "door_nonlethal_before": 1, "nonlethal_roll_counts": False})
    step = hit["next"][0]["params"]
    assert (step["nonlethal_before"], step["nonlethal_roll_counts"]) == (1, False)


def test_naga_venom_against_icepool():
    # «Манёвр "Яд наги" (особое). Если эта атака набрала 7+ успехов на попадании и её урон смог пробить Броню цели, то
    # вдобавок к основному урону цель получает дополнительно 7 уровней урона смертоносным ядом.»
    base = {"attack_dice": 12, "damage_dice": 6, "armor": 2, "absorption": 0, "health": 30, "naga": True}
    res = api.run("serial-attack", base)
    hit, dmg = net(12, 6, True), net(6, 6, False)
    assert F(res["p_poison"]) == p(hit, lambda h: h >= 7) * p(dmg, lambda k: k > 2)
    # the damage the target takes: the blow less Броня, and the 7 levels when the venom came (the reading «whole»)
    taken = icepool.map(lambda h, k: 0 if h < 1 else max(0, k - 2) + (7 if h >= 7 and k > 2 else 0), hit, dmg)
    assert {d["damage"]: F(d["p"]) for d in res["damage"]} == {o: p(taken, lambda x, o=o: x == o) for o in taken.outcomes()
                                                               if p(taken, lambda x, o=o: x == o)}
    # Броня subtracted from the poison too (the other reading): 5 levels
    armored = api.run("serial-attack", {**base, "naga_armor": "armor"})
    assert max(d["damage"] for d in armored["damage"]) == max(d["damage"] for d in res["damage"]) - 2
    # the soak levels: absorbed like the blow (default) or passed by the poison
    soaked = api.run("serial-attack", {**base, "absorption": 6, "health": 7})
    past = api.run("serial-attack", {**base, "absorption": 6, "health": 7, "naga_soaked": False})
    assert F(past["p_death_door"]) > F(soaked["p_death_door"])
    assert serial_rules.take_with_poison(serial_rules.Target(6, 7, 2), 2, 7, soaked=False).to_health == 7


def test_prone_targets_parry_and_block_against_icepool():
    # «броски Драки и Фехтования, совершаемые лежащими персонажами, получают штраф +2 к сложности»; the reading
    # «Парирование и Блок лежащей цели — тоже»: a parry (6) at 8, a block (7) at 9; a dodge keeps its 6
    base = {"attack_dice": 5, "ranged": False, "target_prone": True, "prone_defence": True, "defence_dice": 4}
    hit = net(5, 6 - 2, True)  # «-2 к сложности попадания по лежащему в ближнем бою»
    parry = api.run("serial-attack", {**base, "defence": "parry"})
    assert parry["defence_difficulty"] == 8
    # parry: more defense successes stop the blow, a tie does not (PARRY_TIE «no_effect»), fewer are subtracted
    assert F(parry["p_hit"]) == p(icepool.map(lambda a, d: a >= 1 and d <= a, hit, net(4, 8, True)), lambda x: x)
    # block: «Каждый успех дает вам Уровень Поглощения» against this blow; the blow's damage past them goes to Health
    block = api.run("serial-attack", {**base, "defence": "block", "defender_limit": 10, "damage_dice": 3,
                                      "absorption": 0, "health": 20})
    assert block["defence_difficulty"] == 9
    left = icepool.map(lambda a, d, k: 20 - max(0, k - d) if a >= 1 else 20, hit, net(4, 9, True), net(3, 6, False))
    assert {d["value"]: F(d["p"]) for d in block["health_left"]} == {
        o: p(left, lambda x, o=o: x == o) for o in left.outcomes() if p(left, lambda x, o=o: x == o)}
    assert api.run("serial-attack", {**base, "defence": "dodge"})["defence_difficulty"] == 6
    # the default reading: no +2 to a prone target's defense
    assert api.run("serial-attack", {**base, "defence": "parry", "prone_defence": False})["defence_difficulty"] == 6


def test_tag_after_the_soak_levels_against_icepool():
    # «Устойчивость срабатывает после броска повреждения и после влияния Брони»; the reading «после УП»: Броня, then
    # the УП absorb, and the tag halves (up) or doubles only what goes to Здоровье
    steps = api.run("serial-damage", {"portions": [6, 5], "armor": 1, "tag": "resistance", "absorption": 3,
                                      "health": 7, "tag_order": "after_absorption"})["steps"]
    # 6 − 1 = 5: 3 absorbed, ⌈2 / 2⌉ = 1 to Health; 5 − 1 = 4: no УП left, ⌈4 / 2⌉ = 2
    assert [(s["absorbed"], s["to_health"], s["health_left"]) for s in steps] == [(3, 1, 6), (0, 2, 4)]
    base = {"attack_dice": 6, "damage_dice": 6, "armor": 1, "absorption": 3, "health": 9, "tag": "vulnerability",
            "tag_order": "after_absorption"}
    res = api.run("serial-attack", base)
    hit, dmg = net(6, 6, True), net(6, 6, False)
    left = icepool.map(lambda h, k: 9 - 2 * max(0, max(0, k - 1) - 3) if h >= 1 else 9, hit, dmg)
    assert {d["value"]: F(d["p"]) for d in res["health_left"]} == {
        o: p(left, lambda x, o=o: x == o) for o in left.outcomes() if p(left, lambda x, o=o: x == o)}
    # Иммунитет is before the УП under either reading: they keep all their levels
    immune = api.run("serial-attack", {**base, "tag": "immunity"})
    assert [d["value"] for d in immune["absorption_left"]] == [3]


def test_naga_venom_against_no_armor():
    # «её урон смог пробить Броню цели»: with Броня 0, the reading «пробивать нечего» brings the venom with every hit of
    # 7+ successes, whatever the damage roll; the default asks for a damage success
    base = {"attack_dice": 12, "damage_dice": 3, "armor": 0, "absorption": 0, "health": 30, "naga": True}
    hit, dmg = net(12, 6, True), net(3, 6, False)
    always = api.run("serial-attack", {**base, "naga_no_armor": "always"})
    assert F(always["p_poison"]) == p(hit, lambda h: h >= 7)
    assert F(api.run("serial-attack", base)["p_poison"]) == p(hit, lambda h: h >= 7) * p(dmg, lambda k: k >= 1)
    taken = icepool.map(lambda h, k: 0 if h < 1 else k + (7 if h >= 7 else 0), hit, dmg)
    assert {d["damage"]: F(d["p"]) for d in always["damage"]} == {
        o: p(taken, lambda x, o=o: x == o) for o in taken.outcomes() if p(taken, lambda x, o=o: x == o)}
    # Броня 1: the reading changes nothing
    armored = {**base, "armor": 1}
    assert api.run("serial-attack", armored)["p_poison"] == api.run("serial-attack", {**armored, "naga_no_armor":
                                                                                      "always"})["p_poison"]
