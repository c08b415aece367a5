"""The serial calculators through the JSON API: worked examples, oracles, properties, fuzzing."""

import json
from fractions import Fraction

import icepool
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.dice import Dist
from rules_core.serial import rules as R
from rules_core.serial import tables as TB
from rules_core.serial.calculators import CALCULATORS


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
    assert all(F(r["outcomes"][k]) == Fraction(1, 6) for k in TB.DEATH_DOOR_KEYS)
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
        assert r["outcome"] == R.death_door_roll(r["die"], p["previous_rolls"], p["last_breath_before"])
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
    m = TB.MANEUVERS[p["maneuver"]]
    # «любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) ... в 4»:
    # the attacker's own Здоровье on his attack, the target's on its defence
    wounds = {h: 0 if h > 5 else 2 if h > 3 else 4 for h in range(0, 31)}
    dice = max(0, p["attack_dice"] + m["attack_dice"] - wounds[p.get("attacker_health", 7)])
    diff = R.finish_difficulty(p["attack_difficulty"] + m["difficulty"])
    ddiff = {"dodge": R.dodge_difficulty(p["ranged"]), "block": 7, "parry": 6, "none": 6}[p["defence"]]
    ddice = max(0, p["defence_dice"] - (wounds[p["health"]] if p["defence"] != "none" else 0))
    hits = R.hit_distribution(dice, diff, p["defence"], ddice, ddiff, m["hit_multiplier"])
    armor = R.armor_against(p["armor"], p["maneuver"])
    dmg_dice = p["damage_dice"] + m["damage_dice"] + (p["maneuver_trait"] if m["damage_bonus"] else 0)

    def after(h):
        if not h.hit:
            return Dist.constant((0, p["health"]))
        crit = m["crit_at"] is not None and h.successes >= m["crit_at"]
        rolled = R.damage_distribution(max(0, dmg_dice), 6, 3 if crit else 0)

        def state(x):
            d = R.portion_after_armor(x, armor, p["tag"])
            t = R.Target(p["absorption"], p["health"], p["stamina"])
            R.take_portion(t, d, h.block)
            return (d, t.health)
        return rolled.map(state)
    return hits.bind(after)


attack_params = st.fixed_dictionaries({
    "attack_dice": st.integers(0, 7), "attack_difficulty": st.integers(3, 9),
    "ranged": st.booleans(), "maneuver": st.sampled_from(["none", "master", "feint", "flurry", "aim"]),
    "maneuver_trait": st.integers(0, 3), "defence": st.sampled_from(["none", "dodge", "parry", "block"]),
    "defence_dice": st.integers(0, 5), "damage_dice": st.integers(0, 7), "armor": st.integers(0, 3),
    "tag": st.sampled_from(R.TAGS), "absorption": st.integers(0, 4), "health": st.integers(1, 7),
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
    assert all(r[k] == r["outcomes"][k] for k in R.DOOR_OUTCOMES)


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
       st.booleans(), st.booleans(), st.integers(0, 40), st.sampled_from(R.BELOW_ONE_CHOICES),
       st.sampled_from(R.NEGATIVE_HITS_CHOICES))
def test_door_outcomes_sum_to_one(stamina, health, extra, prev, nonlethal, shocked, breath, neg, below, rule):
    r = api.run("serial-death-door", {
        "stamina": stamina, "health_before": health, "damage": health + extra, "previous_rolls": prev,
        "nonlethal": nonlethal, "shocked_before": shocked, "last_breath_before": breath,
        "negative_before": neg, "below_one": below, "negative_rule": rule})
    assert sum(F(v) for v in r["outcomes"].values()) == 1
    assert r["excess"] == extra and r["threshold"] == max(12, 3 * stamina)
    if nonlethal and not R.exceeds(extra, r["threshold"], rule):
        assert set(k for k, v in r["outcomes"].items() if F(v)) <= {"shock", "stunned", "instant_death"}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(TB.EXPLOSIVES)), st.integers(0, 60), st.integers(10, 30), st.integers(0, 20),
       st.integers(0, 6), st.sampled_from(R.TAGS))
def test_explosion_sums_to_one_and_falls_off(kind, distance, radius, dice, armor, tag):
    p = {"kind": kind, "distance": distance, "radius": radius, "dice": dice, "armor": armor, "tag": tag}
    r = api.run("serial-explosion", p)
    assert sum(F(x["p"]) for x in r["damage"]) == 1 and sum(F(x["p"]) for x in r["health_left"]) == 1
    farther = api.run("serial-explosion", {**p, "distance": distance + 1})
    assert farther["dice"] <= r["dice"]
