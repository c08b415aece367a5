"""«Лысогорские сказочки» rules: worked examples, every reading of each ambiguity, properties,
and icepool / brute-force enumeration as independent oracles.

The rules that had no calculator at first — actions in a round, the stress check (combat stress), a
wounded character and healing, one shot (modifiers, body parts, two guns), the ritual's two checks,
recovery of lost attributes — and the hangover's Выносливость: each test quotes the source (001,
checked against it) and takes its numbers; where chance is involved icepool is the independent oracle;
every reading is tested both ways (the rule functions follow the module constant, so flipping it
changes the result).
"""

import itertools
import math
import re
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.dice import Dist
from rules_core.lysogorsk import rules as lysogorsk_rules
from rules_core.lysogorsk import tables as lysogorsk_tables
from scripts.sources import read_source
from tests.api_calls import errors, run, summary
from tests.d10_oracle import F
from tests.fakes import FakeRoller
from tests.readings import set_reading

SETTINGS = settings(max_examples=60, deadline=None)
D2 = 2 @ icepool.d6


def ice(die) -> Dist:
    den = die.denominator()
    return Dist({o: Fraction(q, den) for o, q in die.items()})


# faces of 2d6 with their weights, for brute-force enumeration
SUMS = {s: Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s), 36) for s in range(2, 13)}

# ---------------------------------------------------------------------------------------
# checks
# ---------------------------------------------------------------------------------------


def test_two_d6_and_luck_reroll_match_icepool():
    assert lysogorsk_rules.TWO_D6 == ice(D2)
    assert lysogorsk_rules.TWO_D6_BEST_OF_TWO == ice(icepool.highest(D2, D2))


@SETTINGS
@given(st.integers(-10, 20), st.integers(0, 20), st.integers(-20, 20), st.integers(-5, 30), st.booleans())
def test_check_success_matches_icepool(attr, skill, mod, us, reroll):
    die = icepool.highest(D2, D2) if reroll else D2
    want = ice((die + attr + skill + mod).map(lambda x: x >= us))[True]
    total = lysogorsk_rules.check_total(attr, skill, mod, reroll)
    assert lysogorsk_rules.p_success(total, us) == want
    assert lysogorsk_rules.p_check(attr + skill + mod, us, reroll) == want
    m = lysogorsk_rules.margin(total, us)
    assert m.at_least(0) == want  # «равен или превышает УС» is a margin ≥ 0


def test_attribute_only_check_adds_no_skill():
    assert lysogorsk_rules.check_total(4) == lysogorsk_rules.check_total(4, 0, 0) == lysogorsk_rules.TWO_D6 + 4


def test_check_edges():
    assert lysogorsk_rules.p_success(lysogorsk_rules.check_total(0), 2) == 1  # two dice cannot make less than 2
    assert lysogorsk_rules.p_success(lysogorsk_rules.check_total(0), 12) == Fraction(1, 36)
    assert lysogorsk_rules.p_success(lysogorsk_rules.check_total(0), 13) == 0


@SETTINGS
@given(st.integers(-5, 15), st.integers(-5, 15), st.booleans(), st.booleans())
def test_opposed_matches_icepool_and_ties(a, d, ra, rd):
    da = icepool.highest(D2, D2) if ra else D2
    dd = icepool.highest(D2, D2) if rd else D2
    diff = ice((da + a) - (dd + d))
    att, dfd = lysogorsk_rules.check_total(a, reroll=ra), lysogorsk_rules.check_total(d, reroll=rd)
    assert lysogorsk_rules.opposed_margin(att, dfd) == diff
    o = lysogorsk_rules.opposed_outcome(att, dfd, "attacker")
    assert o["attacker"] == diff.at_least(0) and o["draw"] == 0
    o = lysogorsk_rules.opposed_outcome(att, dfd, "draw")
    assert o["attacker"] == diff.at_least(1) and o["draw"] == diff[0]
    assert o["defender"] == diff.at_most(-1)


def test_defense_floor_shooting_rule():
    # «УС, который должен перекинуть стреляющий, будет равен … УС стрельбы по неподвижной цели»
    att, dfd = lysogorsk_rules.check_total(0), lysogorsk_rules.check_total(-20)  # a hopeless dodge
    o = lysogorsk_rules.opposed_outcome(att, dfd, "attacker", defense_floor=7)
    assert o["attacker"] == lysogorsk_rules.p_success(att, 7)
    assert lysogorsk_rules.opposed_outcome(att, dfd, "attacker")["attacker"] == 1


def test_extra_actions_penalty_example():
    # «три действия производятся со штрафом -2 каждое, четыре -4 каждое, пять -6 … Два действия … -1»
    assert [lysogorsk_rules.extra_actions_penalty(n) for n in (1, 2, 3, 4, 5)] == [0, -1, -2, -4, -6]


# ---------------------------------------------------------------------------------------
# hits and wounds
# ---------------------------------------------------------------------------------------


def test_rounding_half_up_is_not_pythons_round():
    assert round(8.5) == 8 and lysogorsk_rules.round_by(Fraction(17, 2)) == 9
    assert lysogorsk_rules.round_by(Fraction(9, 2)) == 5 and lysogorsk_rules.round_by(Fraction(17, 4)) == 4
    assert lysogorsk_rules.round_by(Fraction(51, 4)) == 13
    assert lysogorsk_rules.round_by(Fraction(5, 2), "up") == 3 and lysogorsk_rules.round_by(Fraction(5, 2), "down") == 2
    with pytest.raises(ValueError):
        lysogorsk_rules.round_by(1, "sideways")


def test_hits_and_thresholds():
    assert lysogorsk_rules.max_hits(0) == 15 and lysogorsk_rules.max_hits(3) == 18 and lysogorsk_rules.max_hits(3, 6) == 24
    assert lysogorsk_rules.thresholds(16) == (4, 8, 12)
    assert lysogorsk_rules.thresholds(17) == (4, 9, 13)   # 4,25 / 8,5 / 12,75
    assert lysogorsk_rules.thresholds(18) == (5, 9, 14)   # 4,5 / 9 / 13,5


@SETTINGS
@given(st.integers(1, 200))
def test_thresholds_property(total):
    q = lysogorsk_rules.thresholds(total)
    assert q[0] <= q[1] <= q[2] <= total
    for k, t in zip((1, 2, 3), q):
        exact = Fraction(total * k, 4)
        assert abs(t - exact) <= Fraction(1, 2)
        assert t - exact != Fraction(-1, 2)  # a half always rounds up


def test_wound_levels_at_every_boundary():
    total = 16  # thresholds 4 / 8 / 12
    want = {16: "scratch", 13: "scratch", 12: "light", 8: "light", 7: "heavy", 5: "heavy", 4: "critical",
            1: "critical", 0: "dying", -9: "dying", -10: "dead", -30: "dead"}
    for hits, level in want.items():
        assert lysogorsk_rules.wound_level(hits, total) == level, hits
    # the other reading of the quarter: «в критическом состоянии (менее четверти хитов)»
    assert lysogorsk_rules.wound_level(4, total, quarter_is_critical=False) == "heavy"
    assert lysogorsk_rules.wound_level(3, total, quarter_is_critical=False) == "critical"
    assert [lysogorsk_rules.wound_penalty(x) for x in ("scratch", "light", "heavy", "critical", "dying")] == [0, -2, -4, -6, None]


ORDER = {s: i for i, s in enumerate(["scratch", "light", "heavy", "critical", "dying", "dead"])}


@SETTINGS
@given(st.integers(0, 30), st.integers(0, 60), st.booleans())
def test_wound_level_worsens_as_hits_fall(stamina, extra, quarter):
    total = lysogorsk_rules.max_hits(stamina, extra)
    levels = [ORDER[lysogorsk_rules.wound_level(h, total, quarter)] for h in range(total, -15, -1)]
    assert levels == sorted(levels)
    assert lysogorsk_rules.wound_level(total, total, quarter) == "scratch"


def test_bleeding_bands():
    assert lysogorsk_rules.bleeding(9) is None
    assert [lysogorsk_rules.bleeding(h)["pain_shock"] for h in (8, 5)] == [5, 5]
    assert [lysogorsk_rules.bleeding(h)["pain_shock"] for h in (4, 1)] == [7, 7]
    assert lysogorsk_rules.bleeding(5)["loss"]["ru"] == "1 хит в десять минут"
    assert lysogorsk_rules.bleeding(4)["loss"]["ru"] == "1 хит в три раунда"
    assert lysogorsk_rules.BLEEDING_WHEN_DYING is False and lysogorsk_rules.bleeding(0) is None and lysogorsk_rules.bleeding(-5) is None


def test_temporary_damage_knocks_out_but_does_not_kill():
    total = 16
    perm, temp = lysogorsk_rules.apply_damage(total, 0, 0, 16, True)
    assert (perm, temp) == (0, 16) and lysogorsk_rules.state_after(total, perm, temp) == "unconscious"
    # keeps filling the empty cells down to −10 …
    perm, temp = lysogorsk_rules.apply_damage(total, perm, temp, 10, True)
    assert (perm, temp) == (0, 26) and lysogorsk_rules.state_after(total, perm, temp) == "unconscious"
    # … then «записывается как постоянный, поверх временных ранений»
    perm, temp = lysogorsk_rules.apply_damage(total, perm, temp, 3, True)
    assert (perm, temp) == (3, 23) and lysogorsk_rules.state_after(total, perm, temp) == "unconscious"
    perm, temp = lysogorsk_rules.apply_damage(total, perm, temp, 13, True)
    assert (perm, temp) == (16, 10) and lysogorsk_rules.state_after(total, perm, temp) == "dying"
    perm, temp = lysogorsk_rules.apply_damage(total, perm, temp, 10, True)
    assert (perm, temp) == (26, 0) and lysogorsk_rules.state_after(total, perm, temp) == "dead"
    # same penalties as ordinary wounds
    assert lysogorsk_rules.state_after(total, 0, 9) == lysogorsk_rules.wound_level(7, total) == "heavy"


@SETTINGS
@given(st.integers(0, 20), st.integers(0, 40))
def test_one_temporary_hit_never_kills_a_fresh_character(stamina, dmg):
    total = lysogorsk_rules.max_hits(stamina)
    if dmg > total - lysogorsk_tables.INSTANT_DEATH_HITS:
        dmg = total - lysogorsk_tables.INSTANT_DEATH_HITS
    perm, temp = lysogorsk_rules.apply_damage(total, 0, 0, dmg, True)
    assert perm == 0 and lysogorsk_rules.state_after(total, perm, temp) not in ("dying", "dead")


@SETTINGS
@given(st.integers(5, 40), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_temporary_track_conserves_damage(total, perm, temp, dmg):
    p2, t2 = lysogorsk_rules.apply_damage(total, perm, temp, dmg, True)
    assert p2 >= perm and t2 >= 0
    cap = total - lysogorsk_tables.INSTANT_DEATH_HITS
    if perm + temp + dmg <= cap:
        assert (p2, t2) == (perm, temp + dmg)
    assert lysogorsk_rules.apply_damage(total, perm, temp, dmg, False) == (perm + dmg, temp)


# ---------------------------------------------------------------------------------------
# damage
# ---------------------------------------------------------------------------------------


@SETTINGS
@given(st.integers(-5, 30), st.integers(0, 30), st.sampled_from([0, 1, 2, 4, 8, 12]), st.integers(0, 30))
def test_damage_formula_matches_icepool(power, armor, cover, ap):
    prot = lysogorsk_rules.protection(armor, cover, ap)
    assert prot == max(0, armor + cover - ap)
    want = ice((D2 + power - prot).map(lambda x: max(0, x)))
    got = lysogorsk_rules.hit_damage(power, prot)
    assert got == want and got.min() >= 0
    # Бронебойность never adds damage
    assert lysogorsk_rules.hit_damage(power, lysogorsk_rules.protection(armor, cover, ap + 50)) == lysogorsk_rules.hit_damage(power, 0)


def test_armor_piercing_readings():
    # armor 3 behind a partition wall (4), AP 5
    assert lysogorsk_rules.protection(3, 4, 5, "total") == 2
    assert lysogorsk_rules.protection(3, 4, 5, "each") == 0
    with pytest.raises(ValueError):
        lysogorsk_rules.protection(1, 1, 1, "nope")


def test_aimed_shots():
    base = lysogorsk_rules.hit_damage(6, 2)
    assert lysogorsk_rules.aimed_damage(6, 2, "head") == base.map(lambda d: 2 * d)
    assert lysogorsk_rules.aimed_damage(6, 2, "item") == base and lysogorsk_rules.aimed_damage(6, 2, None) == base
    arm_math = lysogorsk_rules.aimed_damage(6, 2, "arm", "after", "math")
    assert arm_math == base.map(lambda d: (d + 1) // 2)
    assert lysogorsk_rules.aimed_damage(6, 2, "leg", "after", "down") == base.map(lambda d: d // 2)
    before = lysogorsk_rules.aimed_damage(6, 2, "arm", "before", "down")
    assert before == lysogorsk_rules.TWO_D6.map(lambda x: max(0, (x + 6) // 2 - 2))
    assert before != lysogorsk_rules.aimed_damage(6, 2, "arm", "after", "down")


def test_burst_example_from_the_source():
    # «4:3/2/1 … патронов осталось всего 2, то очередь будет 2: 2/1/1»
    assert lysogorsk_rules.short_burst(4, 3, 2, 1, 2) == (2, 2, 1, 1)
    assert lysogorsk_rules.short_burst(4, 3, 2, 1, 30) == (4, 3, 2, 1)
    assert [lysogorsk_rules.burst_hits(4, 3, 2, 1, rg) for rg in lysogorsk_rules.RANGES] == [4, 3, 2, 1]
    assert lysogorsk_rules.burst_hits(4, 3, 2, 1, "point_blank", 2) == 2  # «в упор … попадают все пули»


@SETTINGS
@given(st.integers(1, 60), st.integers(0, 60), st.integers(1, 100), st.sampled_from(["close", "medium", "far"]))
def test_short_clip_rounds_up_proportionally(shots, hits, ammo, rng):
    hits = min(hits, shots)
    got = lysogorsk_rules.burst_hits(shots, hits, hits, hits, rng, ammo)
    fired = min(shots, ammo)
    assert got == -(-hits * fired // shots)
    assert got <= fired and got <= hits


def test_burst_damage_is_one_roll_many_times():
    per = lysogorsk_rules.hit_damage(3, 0)
    assert lysogorsk_rules.burst_damage(per, 3) == per.map(lambda d: 3 * d)
    assert lysogorsk_rules.burst_damage(per, 3) != per + per + per


def _brute_area_fire(shoot_bonus, dodges, bullets):
    hits = [Fraction(0)] * len(dodges)
    dice = [SUMS] * (1 + sum(d is not None for d in dodges))
    for combo in itertools.product(*[list(s.items()) for s in dice]):
        w = Fraction(1)
        for _s, p in combo:
            w *= p
        shot = combo[0][0] + shoot_bonus
        left, k = bullets, 1
        for i, d in enumerate(dodges):
            if d is None:
                dodge = 5
            else:
                dodge = combo[k][0] + d
                k += 1
            if left and shot >= dodge:
                hits[i] += w
                left -= 1
    return hits


@pytest.mark.parametrize("shoot,dodges,bullets", [
    (2, [None, 3, 0], 2), (0, [4, None], 1), (5, [1, 2], 5), (-3, [None, None, None], 2)])
def test_area_fire_against_enumeration(shoot, dodges, bullets):
    got = lysogorsk_rules.area_fire(lysogorsk_rules.check_total(shoot),
                                    [None if d is None else lysogorsk_rules.check_total(d) for d in dodges], bullets)
    assert got == _brute_area_fire(shoot, dodges, bullets)


def test_electricity_example():
    # «удар из розетки 220 вольт наносит урон два кубика плюс 4»
    assert lysogorsk_rules.electric_power(220) == 4 and lysogorsk_rules.electric_power(49) == 0 and lysogorsk_rules.electric_power(380) == 7


def test_fall_and_crash_readings():
    assert [lysogorsk_rules.fall_steps(h) for h in (0, 2, 3, 4, 5, 6, 10)] == [0, 0, 0, 1, 1, 2, 4]
    assert [lysogorsk_rules.fall_steps(h, "whole") for h in (0, 2, 3, 4, 5, 6, 10)] == [0, 0, 1, 2, 2, 3, 5]
    assert [lysogorsk_rules.crash_steps(v) for v in (5, 10, 14, 15, 60)] == [0, 0, 0, 1, 10]
    assert [lysogorsk_rules.crash_steps(v, "whole") for v in (5, 9, 10, 14, 15, 60)] == [0, 0, 2, 2, 3, 12]
    with pytest.raises(ValueError):
        lysogorsk_rules.fall_steps(3, "other")


def test_seat_belts_bands():
    # «меньше 5, полностью, … 5 единиц, если оно между 5 и 10, … начиная с 10 не помогают совсем»
    assert [lysogorsk_rules.seat_belts(d) for d in (0, 4, 5, 9, 10, 20)] == [0, 0, 0, 4, 10, 20]


def test_seat_belts_on_the_power_reading():
    assert [lysogorsk_rules.seat_belts_power(pw) for pw in (0, 4, 5, 9, 10, 14)] == [None, None, 0, 4, 10, 14]


def test_halving_check_and_airbags():
    dmg = Dist.constant(10)
    assert lysogorsk_rules.with_halving_check(dmg, Fraction(1)) == Dist.constant(5)
    assert lysogorsk_rules.with_halving_check(dmg, Fraction(0)) == dmg
    # «получить половину урона (четверть с подушками)»: 10 → 2,5 → 3 (math) / 2 (down)
    assert lysogorsk_rules.with_halving_check(dmg, Fraction(1), other_factor=Fraction(1, 2)) == Dist.constant(3)
    assert lysogorsk_rules.with_halving_check(dmg, Fraction(1), other_factor=Fraction(1, 2), rounding="down") == Dist.constant(2)
    mixed = lysogorsk_rules.with_halving_check(Dist.constant(7), Fraction(1, 3))
    assert mixed == Dist({4: Fraction(1, 3), 7: Fraction(2, 3)})


def test_splash_sequence_halves_to_one():
    assert lysogorsk_rules.splash_sequence(10) == [10, 5, 3, 2, 1]
    assert lysogorsk_rules.splash_sequence(10, "down") == [10, 5, 2, 1]
    assert lysogorsk_rules.splash_sequence(1) == [1]
    for base in range(1, 30):
        for rule in lysogorsk_rules.ROUNDINGS:
            seq = lysogorsk_rules.splash_sequence(base, rule)
            assert seq[0] == base and seq[-1] == 1 and all(a > b for a, b in zip(seq, seq[1:]))


def test_thrown_miss_bands():
    d = lysogorsk_rules.thrown_miss(0)
    assert d["far_over"] == lysogorsk_rules.TWO_D6.at_least(7) and d["far_short"] == 0
    assert d["aside"] == lysogorsk_rules.TWO_D6.p(lambda x: 2 <= x <= 4)
    d = lysogorsk_rules.thrown_miss(0, -5)
    assert d["far_short"] == lysogorsk_rules.TWO_D6.at_most(4)
    assert sum(p for _o, p in d.items()) == 1


# ---------------------------------------------------------------------------------------
# breakdown
# ---------------------------------------------------------------------------------------


@SETTINGS
@given(st.integers(0, 15), st.integers(1, 6), st.integers(-5, 5))
def test_breakdown_roll_matches_icepool(wp, n, mod):
    assert lysogorsk_rules.breakdown_roll(wp, n, mod) == ice(D2 - wp + 2 * n + mod)
    bands = lysogorsk_rules.breakdown(wp, n, mod)
    roll = lysogorsk_rules.breakdown_roll(wp, n, mod)
    assert bands["fine"] == roll.at_most(0) and bands["insanity"] == roll.at_least(10)
    assert bands["short"] == roll.p(lambda x: 1 <= x <= 3)


def test_extraordinary_breakdown_uses_the_higher_not_the_sum():
    assert lysogorsk_rules.breakdown_willpower(2, 5, True) == 5
    assert lysogorsk_rules.breakdown_willpower(2, 5, False) == 2
    assert lysogorsk_rules.breakdown_willpower(4, 1, True) == 4


def test_breakdown_after_readings():
    total = lysogorsk_rules.breakdown_after(0, 0, -8)  # 2К − 8: from −6 to 4
    assert total["unconscious"] == lysogorsk_rules.TWO_D6.at_most(5)  # 2К − 8 < −2
    assert total["shock"] == lysogorsk_rules.TWO_D6.p(lambda x: 6 <= x <= 8)
    margin = lysogorsk_rules.breakdown_after(2, 2, 0, "margin", 10)  # 2К + 4 − 10
    assert margin["unconscious"] == lysogorsk_rules.TWO_D6.at_most(3) and margin["none"] == lysogorsk_rules.TWO_D6.at_least(7)


# ---------------------------------------------------------------------------------------
# drunkenness
# ---------------------------------------------------------------------------------------


def test_formula_reproduces_the_table_where_the_degrees_are_known():
    assert lysogorsk_rules.drink_difficulty(40, 100, False) == lysogorsk_tables.DRINKS["vodka_shot"]["difficulty"] == 4
    assert lysogorsk_rules.drink_difficulty(5, 330, True) == lysogorsk_tables.DRINKS["beer"]["difficulty"] == 3
    assert lysogorsk_rules.drink_difficulty(12, 200, False) == lysogorsk_tables.DRINKS["wine_glass"]["difficulty"] == 2
    assert lysogorsk_rules.drink_difficulty(12, 500, False) == lysogorsk_tables.DRINKS["wine_bottle"]["difficulty"] == 5
    # «начиная со вторых» read as begun hundreds would make beer 4, against the table
    assert lysogorsk_rules.drink_difficulty(5, 330, True, "started") == 4
    assert lysogorsk_rules.drink_difficulty(12, 200, False, "started") == 2
    # the table wins over the formula: pure spirit (96°) is 9 by the formula, 10 by the table
    assert lysogorsk_rules.drink_difficulty(96, 100, False) == 9
    assert lysogorsk_rules.expand_drinks([{"drink": "spirit_shot", "count": 1}])[0][1] == 10


@SETTINGS
@given(st.integers(0, 100), st.integers(1, 3000), st.booleans())
def test_formula_parts(deg, grams, bubbles):
    full = lysogorsk_rules.drink_difficulty(deg, grams, bubbles, "full")
    assert full == deg // 10 + max(0, grams // 100 - 1) + bubbles
    started = lysogorsk_rules.drink_difficulty(deg, grams, bubbles, "started")
    assert started - full in (0, 1)


def test_from_the_bottle_is_five_shots():
    singles = lysogorsk_rules.expand_drinks([{"drink": "vodka_bottle", "count": 1}, {"drink": "beer", "count": 2},
                               {"drink": "custom", "degrees": 20, "volume_g": 330, "bubbles": True, "count": 1}])
    assert [(d, us) for d, us, _i in singles] == [("vodka_shot", 4)] * 5 + [("beer", 3)] * 2 + [("custom", 5)]
    assert [i for _d, _us, i in singles] == [0] * 5 + [1, 1, 2]


def _brute_drinking(uss, stamina, fort, start, mod, willing, stage_stamina):
    out = Fraction(0)
    dist = {}
    for combo in itertools.product(list(SUMS.items()), repeat=len(uss)):
        w = Fraction(1)
        stage = start
        for (s, p), us in zip(combo, uss):
            w *= p
            if stage >= 5:
                continue
            if willing:
                stage += 1
                continue
            bonus = 1 if stage_stamina and stage >= 2 else 0
            if s + stamina + bonus + fort + mod < us:
                stage += 1
        dist[stage] = dist.get(stage, Fraction(0)) + w
        out += w
    assert out == 1
    return Dist(dist)


@pytest.mark.parametrize("uss,stamina,fort,start,mod,willing,stage_stamina", [
    ([10, 10, 10], 1, 1, 0, 0, False, True),
    ([10, 10, 10], 1, 1, 1, 0, False, False),
    ([5, 10, 4], 0, 0, 2, -2, False, True),
    ([3, 3], 0, 0, 4, 0, False, True),
    ([3, 3, 3], 2, 2, 3, 0, True, True),
])
def test_drinking_chain_against_enumeration(uss, stamina, fort, start, mod, willing, stage_stamina):
    singles = [("custom", us, 0) for us in uss]
    got = lysogorsk_rules.drinking(singles, stamina, fort, start, mod, willing, stage_stamina)[-1]
    assert got == _brute_drinking(uss, stamina, fort, start, mod, willing, stage_stamina)


def test_stage_two_stamina_reading_changes_the_chance():
    at2 = Dist.constant(2)
    with_bonus = lysogorsk_rules.drink_step(at2, 10, 2, 1, stage_stamina=True)
    without = lysogorsk_rules.drink_step(at2, 10, 2, 1, stage_stamina=False)
    assert with_bonus[2] == lysogorsk_rules.p_success(lysogorsk_rules.check_total(3, 1), 10)
    assert without[2] == lysogorsk_rules.p_success(lysogorsk_rules.check_total(2, 1), 10)
    assert with_bonus[2] > without[2]


@SETTINGS
@given(st.lists(st.integers(0, 15), min_size=1, max_size=8), st.integers(0, 8), st.integers(0, 8),
       st.integers(0, 5), st.booleans())
def test_stages_only_go_up_and_stop_at_five(uss, stamina, fort, start, willing):
    dists = lysogorsk_rules.drinking([("custom", us, 0) for us in uss], stamina, fort, start, 0, willing)
    assert len(dists) == len(uss)
    prev = Dist.constant(start)
    for d in dists:
        assert sum(p for _o, p in d.items()) == 1
        assert d.min() >= start and d.max() <= 5
        for k in range(6):  # first-order dominance: never less drunk than before
            assert d.at_least(k) >= prev.at_least(k)
        prev = d
    if willing:
        assert dists[-1] == Dist.constant(min(5, start + len(uss)))


def test_stage_effects_add_up():
    assert lysogorsk_rules.stage_modifiers(0) == {}
    assert lysogorsk_rules.stage_modifiers(1) == {"confidence": 1, "luck": 1, "thinking": -1}
    assert lysogorsk_rules.stage_modifiers(4) == {"confidence": 1, "luck": 1, "thinking": -3, "agility": -2, "stamina": 1,
                                    "education": -2}
    assert lysogorsk_rules.stage_modifiers(5) == lysogorsk_rules.stage_modifiers(4)


def test_hangover():
    # «номеру последней стадии опьянения минус Выносливость … 0 или меньше, похмелье не наступает»
    assert lysogorsk_rules.hangover(5, 2) == 3 and lysogorsk_rules.hangover(2, 3) == 0
    assert lysogorsk_rules.hangover(3, 3) == 0 and lysogorsk_rules.hangover(4, 0) == 4


def test_stage3_and_dependence_checks():
    # Сила духа check against УС 5 with the stage-1 «+1 к Уверенности»
    assert lysogorsk_rules.stage3_trait_fail(1, 0) == 1 - lysogorsk_rules.p_success(lysogorsk_rules.check_total(2, 0), 5)
    assert lysogorsk_rules.dependence_p(1, 1, 3) == 1 - lysogorsk_rules.p_success(lysogorsk_rules.check_total(1, 1), 3)
    assert lysogorsk_rules.dependence_p(0, 0, 0) == 0
    assert lysogorsk_rules.p_reaches_stage3(3, [Dist.constant(5)]) == 0
    assert lysogorsk_rules.p_reaches_stage3(0, [Dist({2: Fraction(1, 2), 4: Fraction(1, 2)})]) == Fraction(1, 2)


def test_thrown_miss_margin_reading():
    d = lysogorsk_rules.thrown_miss(3, 0, "margin", 9)  # 2К + 3 − 9 = 2К − 6
    assert d["far_short"] == lysogorsk_rules.TWO_D6.at_most(5) and d["short"] == lysogorsk_rules.TWO_D6.p(lambda x: 6 <= x <= 7)
    assert d["far_over"] == lysogorsk_rules.TWO_D6.at_least(13)
    assert lysogorsk_rules.thrown_miss(3, 0, "margin", 0) == lysogorsk_rules.thrown_miss(3)
    with pytest.raises(ValueError):
        lysogorsk_rules.thrown_miss(3, 0, "other")


# ---------------------------------------------------------------------------------------
# suffocation, hunger, thirst, sleep (oracles: plain Fraction recursions over check_total)
# ---------------------------------------------------------------------------------------


def test_suffocation_grace_and_rising_difficulty():
    d = lysogorsk_rules.suffocation(3, 1)
    assert d.min() > 3 * 3  # 9 minutes free, the first check at minute 10
    assert d.min() == 12  # 2К + 4 cannot miss УС 5 or 6; УС 7 at minute 12 fails on a 2
    bonus = 4
    alive = Fraction(1)
    for k in range(1, 20):
        ok = lysogorsk_rules.p_success(lysogorsk_rules.check_total(bonus), 5 + k - 1)
        assert d[9 + k] == alive * (1 - ok), k
        alive *= ok
    assert alive == 0 and sum(p for _o, p in d.items()) == 1


def _starve_oracle(stamina, fort, days, grace_mult):
    state = {stamina: Fraction(1)}
    for _ in range(max(0, days - grace_mult * stamina)):
        nxt = {}
        for s, p in state.items():
            if s == "dead":
                nxt["dead"] = nxt.get("dead", 0) + p
                continue
            ok = lysogorsk_rules.p_success(lysogorsk_rules.check_total(s, fort), 5)
            nxt[s] = nxt.get(s, 0) + p * ok
            k = "dead" if s == 0 else s - 1
            nxt[k] = nxt.get(k, 0) + p * (1 - ok)
        state = nxt
    return Dist(state)


@pytest.mark.parametrize("stamina,fort,days,kind", [(1, 0, 12, "hunger"), (2, 0, 20, "thirst"), (0, 0, 6, "hunger"),
                                                    (3, 0, 15, "hunger"), (2, 1, 30, "hunger")])
def test_starvation_against_fraction_chain(stamina, fort, days, kind):
    mult = {"hunger": 3, "thirst": 1}[kind]
    assert lysogorsk_rules.starvation(stamina, fort, days, kind) == _starve_oracle(stamina, fort, days, mult)


def test_starvation_literal_consequences():
    # with Выносливость + Стойкость ≥ 3 the check against УС 5 never fails: nobody starves
    assert lysogorsk_rules.starvation(2, 1, 365) == Dist.constant(2)
    # within the grace nothing is rolled
    assert lysogorsk_rules.starvation(4, 0, 12) == Dist.constant(4) and lysogorsk_rules.starvation(4, 0, 4, "thirst") == Dist.constant(4)


def test_sleep_difficulty_rounding():
    # «количеству часов, которое он бодрствовал, поделенному на удвоенное значение его Выносливости»
    assert lysogorsk_rules.sleep_difficulty(21, 2) == 5 and lysogorsk_rules.sleep_difficulty(22, 2) == 6
    assert lysogorsk_rules.sleep_difficulty(22, 2, "down") == 5 and lysogorsk_rules.sleep_difficulty(21, 2, "up") == 6
    with pytest.raises(ValueError):
        lysogorsk_rules.sleep_deprivation(0, 1, 1, 10)


def _sleep_oracle(stamina, conf, wp, hours, rounding):
    state = {0: Fraction(1)}
    for h in range(10 * stamina + 1, hours + 1):
        us = lysogorsk_rules.round_by(Fraction(h, 2 * stamina), rounding)
        nxt = {}
        for f, p in state.items():
            ok = lysogorsk_rules.p_success(lysogorsk_rules.check_total(conf, wp, -2 * f), us)
            nxt[f] = nxt.get(f, 0) + p * ok
            nxt[f + 1] = nxt.get(f + 1, 0) + p * (1 - ok)
        state = nxt
    return Dist(state)


@pytest.mark.parametrize("stamina,conf,wp,hours,rounding", [(1, 1, 1, 25, "math"), (2, 2, 2, 40, "down"),
                                                            (3, 0, 0, 36, "up"), (2, 3, 3, 20, "math")])
def test_sleep_against_fraction_chain(stamina, conf, wp, hours, rounding):
    assert lysogorsk_rules.sleep_deprivation(stamina, conf, wp, hours, 0, rounding) == _sleep_oracle(stamina, conf, wp, hours, rounding)


def test_the_pages_own_examples():
    # docs/lysogorsk/wounds.md, «Пример (составлен для Свода)»: Выносливость 3 → 18 хитов, пороги
    # 4,5 → 5 / 9 / 13,5 → 14; ≤ 5 critical, 6–8 heavy, 9–14 light, 15–18 scratch.
    total = lysogorsk_rules.max_hits(3)
    assert total == 18 and lysogorsk_rules.thresholds(total) == (5, 9, 14)
    want = {**{h: "critical" for h in range(1, 6)}, **{h: "heavy" for h in range(6, 9)},
            **{h: "light" for h in range(9, 15)}, **{h: "scratch" for h in range(15, 19)}}
    assert {h: lysogorsk_rules.wound_level(h, total) for h in range(1, 19)} == want
    # docs/lysogorsk/alcohol.md, «Пример (составлен для Свода)»: Выносливость 2, 4-я стадия → штраф 2;
    # с Выносливостью 4 и больше похмелья нет.
    assert lysogorsk_rules.hangover(4, 2) == 2
    assert all(lysogorsk_rules.hangover(4, s) == 0 for s in range(4, 10)) and lysogorsk_rules.hangover(4, 3) == 1


# ---- the rules that had no calculator at first, each quoted from the source ----------------------

SOURCE = re.sub(r"\s+", " ", read_source("001"))


def quoted(text: str) -> str:
    """The quote, after checking it is the source's (whitespace aside)."""
    assert re.sub(r"\s+", " ", text) in SOURCE, text
    return text



def ice_p(bonus: int, difficulty: int, reroll: bool = False) -> Fraction:
    die = icepool.highest(D2, D2) if reroll else D2
    return ice((die + bonus).map(lambda x: x >= difficulty)).p(lambda x: x is True)


def next_is_valid(res):
    """Every hand-over names a calculator and parameters it accepts."""
    for nxt in res.get("next", []):
        assert nxt["label"]["ru"] and nxt["label"]["en"]
        api.validate(api.get(nxt["id"]), nxt["params"])
    return res.get("next", [])


# ---- initiative -----------------------------------------------------------------------------------

def _ice_initiative(bonus: int, reroll: bool):
    return (icepool.highest(D2, D2) if reroll else D2) + bonus


def test_initiative_is_one_check_fixed_for_the_fight():
    quoted("в начале боя определяется инициатива путем проверки навыка Решительности каждого из персонажей. Результат "
           "броска — это и есть значение инициативы, не меняющееся до конца боя. Каждый раунд персонажи действуют в "
           "порядке убывания инициативы. Если у каких-то двух персонажей инициатива одинаковая, то они действуют "
           "одновременно.")
    assert lysogorsk_rules.initiative_order({"Шурик": 9, "Лида": 12, "Федя": 9, "Вера": 3}) == [["Лида"], ["Шурик", "Федя"], ["Вера"]]
    assert lysogorsk_rules.initiative_order([("a", 5)]) == [["a"]] and lysogorsk_rules.initiative_order([]) == []
    assert ice(_ice_initiative(5, False)) == lysogorsk_rules.initiative_check(3, 2)
    # the roll: everyone once, the order by the sums, equals together
    calc = api.get("lysogorsk-initiative")
    p = api.validate(calc, {"fighters": [{"bonus": 5}, {"bonus": 6}, {"bonus": 4, "reroll": True}]})
    res = calc.roll(p, FakeRoller(3, 4, 2, 2, 6, 6, 1, 1))  # 12, 10, best of 16 and 6
    assert res["initiatives"] == [12, 10, 16] and res["order"] == [[3], [1], [2]]
    tie = calc.roll(api.validate(calc, {"fighters": [{"bonus": 5}, {"bonus": 6}]}), FakeRoller(3, 4, 3, 3))
    assert tie["order"] == [[1, 2]]


def test_waiting_and_the_full_dodge():
    quoted("Мастер может дать ему модификатор +1 на заявленное действие, если это соответствует ситуации.")
    quoted("До своего следующего хода он будет уклоняться с положительным модификатором +2.")
    assert (lysogorsk_rules.waiting_modifier(), lysogorsk_rules.waiting_modifier(False), lysogorsk_rules.full_dodge_modifier()) == (1, 0, 2)
    base = {"attribute": 3, "skill": 2, "difficulty": 9}
    assert F(run("lysogorsk-check", {**base, "waited": True})["p_success"]) == ice_p(6, 9)
    opposed = {"mode": "opposed", "attribute": 3, "skill": 2, "opponent_attribute": 3, "opponent_skill": 1}
    plain, dodging = run("lysogorsk-check", opposed), run("lysogorsk-check", {**opposed, "opponent_full_dodge": True})
    want = ice(icepool.map(lambda a, d: a >= d, D2 + 5, D2 + 6)).p(lambda x: x is True)
    assert F(dodging["p_attacker"]) == want < F(plain["p_attacker"])
    shot = {"attribute": 3, "skill": 2, "dodge_attribute": 3, "dodge_skill": 1}
    assert F(run("lysogorsk-shot", {**shot, "full_dodge": True})["p_hit"]) == F(run("lysogorsk-shot", {
        **shot, "dodge_modifier": 2})["p_hit"])


@pytest.mark.parametrize("fighters", [
    [(5, False), (5, False)], [(5, False), (4, True), (6, False)], [(2, True), (7, False), (3, False), (3, True)]])
def test_initiative_chances_against_icepool(fighters):
    res = run("lysogorsk-initiative", {"fighters": [{"bonus": b, "reroll": x} for b, x in fighters]})
    dice = [_ice_initiative(b, x) for b, x in fighters]
    for i, row in enumerate(res["chances"]):
        others = [d for j, d in enumerate(dice) if j != i]
        alone = ice(icepool.map(lambda a, *o: all(a > x for x in o), dice[i], *others)).p(lambda x: x is True)
        shared = ice(icepool.map(lambda a, *o: all(a >= x for x in o), dice[i], *others)).p(lambda x: x is True)
        assert (F(row["first"]), F(row["first_shared"])) == (alone, shared)
        if i:
            assert F(row["before_first"]) == ice(icepool.map(lambda a, b: a > b, dice[i], dice[0])).p(lambda x: x is True)
            assert F(row["with_first"]) == ice(icepool.map(lambda a, b: a == b, dice[i], dice[0])).p(lambda x: x is True)
    assert summary(res)["p_first"] == res["p_first"]


@SETTINGS
@given(st.lists(st.tuples(st.integers(-5, 12), st.booleans()), min_size=2, max_size=5))
def test_initiative_chances_properties(fighters):
    chances = lysogorsk_rules.initiative_chances([lysogorsk_rules.initiative_check(b, 0, 0, x) for b, x in fighters])
    assert sum(c["first"] for c in chances) <= 1 <= sum(c["first_shared"] for c in chances)
    for c in chances:
        assert 0 <= c["first"] <= c["first_shared"] <= 1
    for c in chances[1:]:
        assert c["before_first"] + c["with_first"] <= 1
    # a better bonus never makes acting first less likely
    better = lysogorsk_rules.initiative_chances([lysogorsk_rules.initiative_check(fighters[0][0] + 1, 0, 0, fighters[0][1])]
                                  + [lysogorsk_rules.initiative_check(b, 0, 0, x) for b, x in fighters[1:]])
    assert better[0]["first"] >= chances[0]["first"]


# ---- actions in a round --------------------------------------------------------------------------

def test_actions_penalty_is_the_sources_list():
    quoted("три действия производятся со штрафом -2 каждое, четыре -4 каждое, пять -6, и т. д. Два действия "
           "выполняются с модификатором -1 каждое.")
    assert [lysogorsk_rules.extra_actions_penalty(n) for n in (1, 2, 3, 4, 5, 6)] == [0, -1, -2, -4, -6, -8]
    for n, want in ((2, -1), (3, -2), (4, -4), (5, -6)):
        assert run("lysogorsk-actions", {"actions": n})["modifier"] == want


def test_a_step_out_a_shot_and_a_step_back_are_two_actions():
    quoted("Даже если персонаж сначала выходит на метр, потом стреляет, потом отскакивает обратно, это все равно "
           "два действия: выстрел и перемещение на 2 метра.")
    res = run("lysogorsk-actions", {"actions": 2})
    assert summary(res)["modifier"] == -1
    # the check takes the same penalty: two actions are −1 on each
    assert F(run("lysogorsk-check", {"attribute": 0, "skill": 0, "difficulty": 8, "actions": 2})["p_success"]) == \
        lysogorsk_rules.p_check(-1, 8)


@SETTINGS
@given(st.integers(1, 30))
def test_actions_penalty_never_eases_with_more_actions(n):
    assert lysogorsk_rules.extra_actions_penalty(n + 1) <= lysogorsk_rules.extra_actions_penalty(n) <= 0
    if n >= 3:
        assert lysogorsk_rules.extra_actions_penalty(n) == -2 * (n - 2)


def test_movement_and_run():
    quoted("переместиться на расстояние не более 4+(Ловкость/2) метра за раунд")
    quoted("переместиться бегом на 8+Ловкость метров (1 раунд)")
    res = run("lysogorsk-actions", {"agility": 3})
    assert F(res["move_m"]) == Fraction(11, 2) and res["run_m"] == 11
    assert summary(res)["move"] == {"ru": "5,5 м", "en": "5.5 m"}
    # «нельзя совершить два стандартных перемещения по 6 метров»: Ловкость 4 moves 6 m
    assert lysogorsk_rules.standard_move(4) == 6
    assert lysogorsk_rules.standard_move(-1) == Fraction(7, 2)


def test_move_rounding_reading(monkeypatch):
    assert [lysogorsk_rules.standard_move(3, x) for x in ("exact", "math", "up", "down")] == [Fraction(11, 2), 6, 6, 5]
    assert lysogorsk_rules.standard_move(-3, "down") == 3  # half of −3 is −1.5: a whole −1 off by rounding toward zero
    assert F(run("lysogorsk-actions", {"agility": 3, "move_rounding": "down"})["move_m"]) == 5
    set_reading(monkeypatch, lysogorsk_rules, "MOVE_ROUNDING", "down")
    assert lysogorsk_rules.standard_move(3) == 5


def test_full_clip_rounds_and_its_reading(monkeypatch):
    quoted("Это длительное действие, занимающее раунд за каждые 30 патронов в магазине.")
    assert [lysogorsk_rules.full_clip_rounds(n) for n in (1, 30, 31, 60, 75)] == [1, 1, 2, 2, 3]
    assert [lysogorsk_rules.full_clip_rounds(n, "full") for n in (1, 30, 31, 60, 75)] == [1, 1, 1, 2, 2]
    assert run("lysogorsk-actions", {"magazine": 45})["full_clip_rounds"] == 2
    assert run("lysogorsk-actions", {"magazine": 45, "full_clip": "full"})["full_clip_rounds"] == 1
    set_reading(monkeypatch, lysogorsk_rules, "FULL_CLIP", "full")
    assert lysogorsk_rules.full_clip_rounds(45) == 1


def test_serious_penalty_note():
    quoted("Такие серьезные модификаторы, как -6 и выше, могут послужить основанием для совершения проверок и на "
           "самые простые действия, обычно проверок не требующие.")
    warn = lambda res: any(b["kind"] == "note" and b["level"] == "warning" for b in res["display"])
    assert warn(run("lysogorsk-actions", {"actions": 5})) and not warn(run("lysogorsk-actions", {"actions": 4}))


# ---- the stress check, combat stress -------------------------------------------------------------

def test_combat_stress_table_and_modifiers():
    quoted("Бой против равных сил противника (ячейка Института против банды братков) – УС 5.")
    quoted("Первый бой в жизни персонажа – модификатор +6.")
    assert lysogorsk_rules.combat_stress_difficulty("equal") == (5, 0)
    assert lysogorsk_rules.combat_stress_difficulty("equal", ("first_fight",)) == (11, 0)  # the page's example
    assert lysogorsk_rules.combat_stress_difficulty("equal", ("first_fight", "supernatural")) == (14, 0)
    assert [lysogorsk_rules.combat_stress_difficulty(s)[0] for s in lysogorsk_tables.COMBAT_STRESS] == [10, 7, 5, 2, 0]
    res = run("lysogorsk-stress", {"situation": "equal", "first_fight": True})
    assert res["difficulty"] == 11 and summary(res)["difficulty"] == 11


def test_disguised_cultists_count_as_the_authorities():
    quoted("если шайка культистов переодета в милицейскую форму, и персонаж купился на обман, то модификатор за "
           "«представителей законной власти» будет в силе")
    res = run("lysogorsk-stress", {"situation": "weaker", "authorities": True, "confidence": 2, "willpower": 1})
    assert res["difficulty"] == 2 + 3
    assert F(res["p_pass"]) == ice_p(3, 5)


def test_combat_modifier_reading(monkeypatch):
    a = run("lysogorsk-stress", {"situation": "equal", "first_fight": True, "confidence": 1, "willpower": 1})
    b = run("lysogorsk-stress", {"situation": "equal", "first_fight": True, "confidence": 1, "willpower": 1,
                                 "modifiers_to": "result"})
    assert F(a["p_pass"]) == ice_p(2, 11) and F(b["p_pass"]) == ice_p(2 + 6, 5) == 1
    assert b["difficulty"] == 5 and b["check_modifier"] == 6
    set_reading(monkeypatch, lysogorsk_rules, "COMBAT_MODIFIERS_TO", "result")
    assert lysogorsk_rules.combat_stress_difficulty("equal", ("first_fight",)) == (5, 6)


def test_a_veteran_makes_no_check_at_the_start_of_a_fight():
    quoted("В начале каждого боевого столкновения персонаж, не имеющий особенности Ветеран, делает проверку на стресс")
    res = run("lysogorsk-stress", {"situation": "overwhelming", "veteran": True, "confidence": 0})
    assert res["check"] is False and F(res["p_pass"]) == 1 and F(res["p_breakdown"]) == 0
    other = run("lysogorsk-stress", {"kind": "other", "difficulty": 10, "veteran": True, "confidence": 0})
    assert other["check"] is True  # the trait is about fights only


def test_a_failed_stress_check_costs_confidence_then_a_breakdown():
    quoted("Если проверка провалена, то расходуется одна единица Уверенности.")
    quoted("если стресс настигает человека, уже израсходовавшего всю Уверенность (то есть, она должна уменьшиться до "
           "-1), то вместо этого ему приходится пройти проверку на нервный срыв.")
    two = lysogorsk_rules.stress_outcome(2, 1, 9)
    assert set(two.outcomes()) == {"pass", "lose"} and two["lose"] == 1 - ice_p(3, 9)
    zero = lysogorsk_rules.stress_outcome(0, 1, 9)
    assert set(zero.outcomes()) == {"pass", "breakdown"} and zero["breakdown"] == 1 - ice_p(1, 9)
    res = run("lysogorsk-stress", {"kind": "other", "difficulty": 9, "confidence": 0, "willpower": 1,
                                   "breakdowns_in_scene": 2})
    assert F(res["p_breakdown"]) == 1 - ice_p(1, 9)
    # the breakdown table, weighted by the chance of getting there
    table = lysogorsk_rules.breakdown(1, 2)
    assert {k: F(v) for k, v in res["breakdown"].items()} == {b: (1 - ice_p(1, 9)) * table[b] for b in lysogorsk_tables.BREAKDOWN}
    (nxt,) = next_is_valid(res)
    assert nxt["id"] == "lysogorsk-breakdown" and nxt["params"] == {"willpower": 1, "confidence": 0,
                                                                     "breakdowns_in_scene": 2}
    assert "next" not in run("lysogorsk-stress", {"kind": "other", "difficulty": 9, "confidence": 3})


def test_the_nervous_trait_breaks_down_when_confidence_falls_to_zero():
    quoted("Персонаж с особенностью Нервный делает первую проверку, когда Уверенность падает вследствие стресса до "
           "нуля.")
    assert lysogorsk_rules.stress_failure(1, nervous=True) == "lose_and_breakdown" and lysogorsk_rules.stress_failure(1) == "lose"
    assert lysogorsk_rules.stress_failure(2, nervous=True) == "lose" and lysogorsk_rules.stress_failure(0, nervous=True) == "breakdown"
    res = run("lysogorsk-stress", {"kind": "other", "difficulty": 9, "confidence": 1, "willpower": 1,
                                   "nervous": True})
    assert F(res["p_breakdown"]) == F(res["outcome"]["lose_and_breakdown"]) == 1 - ice_p(2, 9)
    with pytest.raises(ValueError):
        lysogorsk_rules.stress_failure(-1)


@SETTINGS
@given(st.integers(0, 6), st.integers(0, 6), st.integers(-3, 16), st.integers(-5, 5), st.booleans(), st.booleans())
def test_stress_outcomes_add_up_and_match_icepool(conf, will, us, mod, reroll, nervous):
    out = lysogorsk_rules.stress_outcome(conf, will, us, mod, reroll, nervous)
    assert sum(p for _, p in out.items()) == 1
    assert out["pass"] == ice_p(conf + will + mod, us, reroll)
    assert out.p(lambda o: o in ("breakdown", "lose_and_breakdown")) == (0 if conf > 1 or conf == 1 and not nervous
                                                                          else 1 - out["pass"])
    # more Уверенность never makes the check harder
    assert lysogorsk_rules.stress_outcome(conf + 1, will, us, mod, reroll)["pass"] >= out["pass"]


def test_stress_roll_follows_the_dice():
    # 2К = 3 + 1 + 1 < 9: no Уверенность left, so the breakdown: 2К 6 − 1 + 2 = 7, a serious disorder
    res = api.get("lysogorsk-stress").roll(api.validate(api.get("lysogorsk-stress"), {
        "kind": "other", "difficulty": 9, "confidence": 0, "willpower": 1}), FakeRoller(1, 2, 3, 3))
    assert res["outcome"] == "breakdown" and res["breakdown_total"] == 7 and res["breakdown"] == "disorder"
    ok = api.get("lysogorsk-stress").roll(api.validate(api.get("lysogorsk-stress"), {
        "kind": "other", "difficulty": 9, "confidence": 2, "willpower": 1}), FakeRoller(3, 3))
    assert ok["outcome"] == "pass" and ok["total"] == 9 and "breakdown" not in ok


# ---- a wounded character and healing -------------------------------------------------------------

def test_natural_healing_by_wound_level():
    quoted("Если хиты персонажа не опустились ниже «Легкого ранения», каждые 24 часа делается проверка на Стойкость "
           "против УС 2, и в случае удачи восстанавливается один хит.")
    quoted("каждую неделю персонаж делает проверку Стойкости против УС 5, и в случае удачи прибавляется два хита.")
    quoted("При «Критическом ранении» персонаж делает проверку Стойкости против УС 7 каждый месяц, и в случае удачи "
           "прибавляется три хита.")
    for level, us, hits in (("light", 2, 1), ("heavy", 5, 2), ("critical", 7, 3)):
        h = lysogorsk_rules.healing(level, 1, 0)
        assert h["p"] == ice_p(1, us) and h["hits"] == hits
    # 17 hits (Выносливость 2); 10 lost: 7 left, a heavy wound — weekly, УС 5, two hits
    res = run("lysogorsk-wounds", {"stamina": 2, "fortitude": 0, "damage_taken": 10})
    assert res["state"] == "heavy" and res["heal_level"] == "heavy" and res["heal_hits"] == 2
    assert F(res["p_heal"]) == ice_p(2, 5) and summary(res)["penalty"] == -4


def test_scratches_heal_within_a_day_and_the_dying_are_not_healed():
    quoted("За счет нее все царапины на человеке заживают за 24 часа игрового времени.")
    scratch = run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 2})
    assert scratch["state"] == "scratch" and F(scratch["p_heal"]) == 1 and scratch["heal_hits"] == 2
    assert any("24" in b["text"]["ru"] for b in scratch["display"] if b["kind"] == "note")
    dying = run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 17})
    assert dying["state"] == "dying" and "p_heal" not in dying and dying["penalty"] is None


def test_medical_healing_and_its_reading(monkeypatch):
    quoted("врач должен сделать удачную проверку на навык Медицина против сложности 2 для легкого ранения, 5 для "
           "тяжелого и 7 для критического. В случае удачи проверка Стойкости, которая полагалась бы при естественном "
           "лечении, считается автоматически сделанной")
    pd, pn = ice_p(3, 7), ice_p(1, 7)
    assert lysogorsk_rules.healing("critical", 1, 0, doctor=3)["p"] == pd + (1 - pd) * pn
    assert lysogorsk_rules.healing("critical", 1, 0, doctor=3, medical_fail="none")["p"] == pd
    base = {"stamina": 1, "fortitude": 0, "damage_taken": 13, "heal": "medical", "doctor": 3}  # 16 hits, 3 left
    assert F(run("lysogorsk-wounds", base)["p_heal"]) == pd + (1 - pd) * pn
    assert F(run("lysogorsk-wounds", {**base, "medical_fail": "none"})["p_heal"]) == pd
    set_reading(monkeypatch, lysogorsk_rules, "MEDICAL_FAIL", "none")
    assert lysogorsk_rules.healing("critical", 1, 0, doctor=3)["p"] == pd


@SETTINGS
@given(st.sampled_from(["light", "heavy", "critical"]), st.integers(0, 6), st.integers(0, 6), st.integers(-4, 8),
       st.booleans())
def test_a_doctor_never_hurts(level, stamina, fortitude, doctor, reroll):
    natural = lysogorsk_rules.healing(level, stamina, fortitude, reroll=reroll)["p"]
    with_doctor = lysogorsk_rules.healing(level, stamina, fortitude, reroll=reroll, doctor=doctor)["p"]
    only_doctor = lysogorsk_rules.healing(level, stamina, fortitude, reroll=reroll, doctor=doctor, medical_fail="none")["p"]
    assert with_doctor >= natural and with_doctor >= only_doctor
    assert natural == ice_p(stamina + fortitude, lysogorsk_tables.HEALING[level]["fortitude_difficulty"], reroll)


def test_healing_rolls():
    calc = api.get("lysogorsk-wounds")
    p = api.validate(calc, {"stamina": 1, "fortitude": 0, "damage_taken": 13, "heal": "medical", "doctor": 3})
    won = calc.roll(p, FakeRoller(2, 2))  # Медицина 4 + 3 = 7: the Стойкость check counts as made
    assert won["doctor_success"] and won["success"] and won["hits_gained"] == 3 and "fortitude_faces" not in won
    lost = calc.roll(p, FakeRoller(1, 1, 3, 3))  # Медицина 5 < 7, then Стойкость 6 + 1 = 7
    assert not lost["doctor_success"] and lost["success"] and lost["fortitude_total"] == 7
    p_none = api.validate(calc, {**p, "medical_fail": "none"})
    assert calc.roll(p_none, FakeRoller(1, 1))["success"] is False


def test_bleeding_timeline():
    quoted("теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их осталось 4 и меньше.")
    steps = lysogorsk_rules.bleeding_timeline(7)  # the page's example
    assert [(s["from"], s["to"], s["time"], s["unit"]) for s in steps] == [(7, 4, 30, "minutes"), (4, 0, 12, "rounds")]
    assert lysogorsk_rules.bleeding_timeline(9) == [] and lysogorsk_rules.bleeding_timeline(0) == []
    assert [(s["from"], s["to"]) for s in lysogorsk_rules.bleeding_timeline(3)] == [(3, 0)]
    res = run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 10})
    assert summary(res)["bleeding"]["ru"] == "7 → 4 хитов: 30 мин; 4 → 0 хитов: 12 раундов"
    assert run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 10, "bleeding": False})["bleeding"] == []
    # the band words in the table say these numbers
    for band in lysogorsk_tables.BLEEDING:
        words = {10: "десять минут", 3: "три раунда"}[band["every"]]
        assert words in band["loss"]["ru"]


def test_temporary_damage_never_bleeds():
    quoted("Временное ранение накладывает на действия те же штрафы, что и обычное, но, во-первых, никогда не истекает "
           "кровью")
    # Выносливость 3: 18 hits; 10 temporary leave 8 — a heavy wound's penalty, and no bleeding at all
    res = run("lysogorsk-wounds", {"stamina": 3, "damage_taken": 0, "temporary_taken": 10})
    assert res["state"] == "heavy" and res["penalty"] == -4 and res["bleeding"] == []
    assert not summary(res)["bleeding"]["ru"].startswith("8 →")
    # a permanent wound bleeds by its own hits: 10 permanent on 18 leave 8 → 1 hit in ten minutes
    perm = run("lysogorsk-wounds", {"stamina": 3, "damage_taken": 10, "temporary_taken": 0})
    assert perm["bleeding"][0]["from"] == 8
    # both: the temporary hits are left out of the bleeding band (the reading); the other reading counts them
    mixed = {"stamina": 3, "damage_taken": 5, "temporary_taken": 5}
    assert run("lysogorsk-wounds", mixed)["bleeding"] == []
    assert run("lysogorsk-wounds", {**mixed, "bleeding_band": "all"})["bleeding"][0]["from"] == 8
    assert lysogorsk_rules.bleeding_hits(18, 0, 10) is None and lysogorsk_rules.bleeding_hits(18, 5, 5) == 13
    assert lysogorsk_rules.bleeding_hits(18, 5, 5, "all") == 8 and lysogorsk_rules.bleeding_hits(18, 0, 10, "all") is None


# ---- pain shock ----------------------------------------------------------------------------------

def _ice_pain_shock(power: int, total: int, bonus: int, penalty: bool = False, temporary: bool = False) -> Fraction:
    """P(pain shock) by icepool: the damage 2К + Мощность and the check 2К + bonus as two dice, the source's
    bands by hand (5–8 hits left: 5; 4 and fewer: 7; 0 and fewer: dying, no check)."""
    def shock(d, c):
        left = total - d
        if left > 8 or left <= 0:
            return False
        difficulty = 5 if left >= 5 else 7
        pen = 0
        if penalty:
            q1, q2, q3 = (math.floor(total * k / 4 + Fraction(1, 2)) for k in (1, 2, 3))
            pen = -6 if left <= q1 else -4 if left < q2 else -2 if left <= q3 else 0
        return c + bonus + pen < difficulty
    return ice(icepool.map(shock, (2 @ icepool.d6) + power, 2 @ icepool.d6)).p(lambda x: x is True)


@pytest.mark.parametrize("params, bonus", [
    ({"power": 8, "stamina": 3, "fortitude": 1}, 4),
    ({"power": 6, "stamina": 0, "fortitude": 0}, 0),
    ({"power": 6, "stamina": 1, "pain_shock_roll": "willpower", "confidence": -2, "willpower": 1}, -1),
])
def test_pain_shock_chance_against_icepool(params, bonus):
    # «Болевой шок кидается против сложности 5, если атака оставила у персонажа 5-8 хитов, и против сложности 7,
    # если хитов осталось 4 и менее» — the roll is our reading (Стойкость, or Сила духа by the switch)
    total = 15 + params["stamina"]
    res = run("lysogorsk-damage", params)
    assert F(res["p_pain_shock"]) == _ice_pain_shock(params["power"], total, bonus)
    with_penalty = run("lysogorsk-damage", {**params, "pain_shock_penalty": True})
    assert F(with_penalty["p_pain_shock"]) == _ice_pain_shock(params["power"], total, bonus, penalty=True)
    assert F(with_penalty["p_pain_shock"]) >= F(res["p_pain_shock"])


# ---- temporary damage: beyond Здоровье+10, the head and the blast ---------------------------------------

def test_temporary_damage_beyond_health_plus_ten_is_written_as_permanent():
    quoted("Если же персонаж получил уже Здоровье+10 временных повреждений и получает временных повреждений еще хотя бы "
           "на 1 хит, то он записывается как постоянный, поверх временных ранений, как если бы последних не было.")
    # Выносливость 3: Здоровье 18, so 28 temporary hits fill the track; 3 more are permanent, in their place
    res = run("lysogorsk-temporary", {"stamina": 3, "temporary_taken": 28, "blows": [{"hits": 3}]})
    assert (res["permanent"], res["temporary"], res["converted"]) == (3, 25, 3)
    assert summary(res)["converted"] == 3 and res["state"] == "unconscious"
    # «Убить временным повреждением нельзя: если нанесено «Здоровье» временных повреждений, оно вызывает потерю
    # сознания на один час»: 18 temporary hits, unconscious, nothing permanent
    out = run("lysogorsk-temporary", {"stamina": 3, "blows": [{"hits": 10}, {"hits": 8}]})
    assert (out["state"], out["permanent"], out["converted"]) == ("unconscious", 0, 0)
    # «вместо своих уже полученных временных ранений он будет получать постоянные, пока его не … забьют до смерти»
    dead = run("lysogorsk-temporary", {"stamina": 3, "blows": [{"hits": 28}, {"hits": 28}]})
    assert (dead["permanent"], dead["temporary"], dead["state"]) == (28, 0, "dead")
    # a record that does not fit the track is refused beside its field
    assert errors("lysogorsk-temporary", {"stamina": 3, "damage_taken": 5, "temporary_taken": 24}) == {"temporary_taken"}
    assert errors("lysogorsk-wounds", {"stamina": 3, "damage_taken": 5, "temporary_taken": 24}) == {"temporary_taken"}
    assert errors("lysogorsk-damage", {"stamina": 3, "damage_taken": 5, "temporary_taken": 24}) == {"temporary_taken"}


@SETTINGS
@given(st.integers(0, 10), st.lists(st.integers(0, 40), min_size=1, max_size=6))
def test_temporary_blows_fill_the_track_then_turn_permanent(stamina, blows):
    res = run("lysogorsk-temporary", {"stamina": stamina, "blows": [{"hits": h} for h in blows]})
    cap, dealt = 15 + stamina + 10, sum(blows)
    assert res["permanent"] == res["converted"] == max(0, dealt - cap)
    assert res["temporary"] == max(0, min(dealt, cap) - res["permanent"])
    assert res["state"] != "dead" or dealt - cap >= cap


def test_a_heavy_temporary_head_wound_turns_half_its_hits_permanent_after_an_hour():
    quoted("Если тяжелая или критическая временная рана нанесена в голову, то вызывает сотрясение мозга и после часа "
           "игрового времени персонаж получает половину хитов постоянных повреждений.")
    # 18 hits: a blow of 9 to the head leaves 9, a light wound: no concussion
    light = run("lysogorsk-temporary", {"stamina": 3, "blows": [{"hits": 9, "where": "head"}]})
    assert light["head_permanent"] == 0 and light["state"] == "light"
    # 4 + 7 to the head leaves 7, a heavy wound: half of 7, by mathematical rules 4, turns permanent after an hour
    heavy = run("lysogorsk-temporary", {"stamina": 3, "blows": [{"hits": 4}, {"hits": 7, "where": "head"}]})
    assert heavy["state"] == "heavy" and heavy["head_permanent"] == 4
    assert (heavy["permanent_hour"], heavy["temporary_hour"]) == (4, 11 - 4 - 1)  # and an hour heals one
    assert heavy["hours"] == 1 + 6 and heavy["next"][0]["params"]["head"] == "concussion"
    next_is_valid(heavy)
    params = {"stamina": 3, "blows": [{"hits": 4}, {"hits": 7, "where": "head"}]}
    assert run("lysogorsk-temporary", {**params, "rounding": "down"})["head_permanent"] == 3
    added = run("lysogorsk-temporary", {**params, "head_half": "add"})
    assert (added["permanent_hour"], added["temporary_hour"]) == (4, 11 - 1)


def test_a_blasts_concussion():
    quoted("Также состояние, подобное сотрясению мозга, вызывают временные тяжелые и критические ранения, вызванные "
           "ударной волной от взрыва (что, собственно, и называется контузией).")
    params = {"stamina": 3, "blows": [{"hits": 14, "where": "blast"}]}  # 4 left of 18: critical
    assert run("lysogorsk-temporary", params)["head_permanent"] == 7
    assert run("lysogorsk-temporary", {**params, "blast": "penalty_only"})["head_permanent"] == 0
    assert lysogorsk_rules.head_wound_permanent(7, "blast") == 4 and lysogorsk_rules.after_hours(0, 14, 2, 7) == (7, 5)


def test_head_wounds_add_their_penalty():
    quoted("-3, пока персонаж тяжело ранен, -2, пока легко, и -1, пока это царапина.")
    quoted("-4, пока персонаж в критическом состоянии (менее четверти хитов), -3, пока в тяжелом, -2, пока он легко "
           "ранен, и -1, пока это царапина.")
    assert [lysogorsk_rules.head_penalty("concussion", lv) for lv in ("scratch", "light", "heavy")] == [-1, -2, -3]
    assert [lysogorsk_rules.head_penalty("skull", lv) for lv in ("scratch", "light", "heavy", "critical")] == [-1, -2, -3, -4]
    heavy = run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 10, "head": "concussion"})
    assert heavy["penalty"] == -4 - 3
    skull = run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 14, "head": "skull"})  # 3 of 17: critical
    assert skull["state"] == "critical" and skull["penalty"] == -6 - 4
    assert summary(skull)["bleeding"]["ru"].endswith("30 мин")  # stabilised: 1 hit in ten minutes, 3 hits left


def test_concussion_at_a_critical_wound_reading(monkeypatch):
    crit = {"stamina": 2, "damage_taken": 14, "head": "concussion"}
    assert run("lysogorsk-wounds", crit)["penalty"] == -6 - 3
    assert run("lysogorsk-wounds", {**crit, "concussion_at_critical": "none"})["penalty"] == -6
    set_reading(monkeypatch, lysogorsk_rules, "CONCUSSION_AT_CRITICAL", "none")
    assert lysogorsk_rules.head_penalty("concussion", "critical") == 0


def test_maiming_and_its_reading(monkeypatch):
    quoted("Пока персонаж тяжело ранен, конечность полностью демобилизована, как при особенности Инвалид. Когда "
           "персонаж излечивается до состояния «легко ранен» (или, находится в этом состоянии изначально) он получает "
           "модификатор -2 на все действия, производимые этой конечностью.")
    assert [lysogorsk_rules.maiming(lv) for lv in ("heavy", "critical", "light", "scratch")] == ["disabled", "disabled", -2, -2]
    assert lysogorsk_rules.maiming("scratch", "light_only") == 0 and lysogorsk_rules.maiming("light", "light_only") == -2
    res = run("lysogorsk-wounds", {"stamina": 2, "damage_taken": 2, "maimed": True, "maiming_at_scratch": "light_only"})
    assert res["maiming"] == 0
    set_reading(monkeypatch, lysogorsk_rules, "MAIMING_AT_SCRATCH", "light_only")
    assert lysogorsk_rules.maiming("scratch") == 0


def test_temporary_damage_hours_concussion_delay_and_extra_hits_cost():
    quoted("восстанавливается на 1 хит за один час игрового времени")
    quoted("Он проявляется не сразу, а через число часов, равное Выносливости персонажа, после нанесения раны.")
    quoted("За 5 (6, 7, 8...) плюшек персонаж может купить себе 1 дополнительный хит.")
    res = run("lysogorsk-wounds", {"stamina": 3, "damage_taken": 2, "temporary_taken": 5, "head": "concussion",
                                   "extra_hits": 3})
    assert res["temporary_hours"] == 5
    figs = {i["key"]: i["value"] for b in res["display"] if b["kind"] == "figures" for i in b["items"]}
    assert figs["concussion_hours"] == 3 and figs["extra_hits_cost"] == 5 + 6 + 7
    assert [lysogorsk_rules.extra_hits_cost(k) for k in range(5)] == [0, 5, 11, 18, 26]
    assert errors("lysogorsk-wounds", {"stamina": 1, "extra_hits": 3}) == {"extra_hits"}


# ---- one shot --------------------------------------------------------------------------------------

def test_a_stationary_target_by_its_size():
    quoted("Если цель больше человека (стена, автомобиль), то УС равен 0, если она человек или примерно равна человеку "
           "по размерам, то УС будет уже 2, если она меньше человека (например, собака или стандартная спортивная "
           "мишень), то УС будет 5, а если она совсем маленькая (крыса, яблочко мишени), то УС будет аж 7.")
    for size, us in (("larger", 0), ("human", 2), ("smaller", 5), ("tiny", 7)):
        res = run("lysogorsk-shot", {"attribute": 0, "skill": 0, "dodging": False, "size": size, "range": "far"})
        assert F(res["p_hit"]) == ice_p(-4, us)


def test_a_dodging_target_opposed_with_the_floor():
    quoted("Если цель больше человека, то она получает модификатор -3 к броску Уклонения, если она заметно меньше "
           "человека — модификатор +3, а если она совсем маленькая, то +6.")
    res = run("lysogorsk-shot", {"attribute": 3, "skill": 2, "size": "smaller", "dodging": True, "dodge_attribute": 1,
                                 "dodge_skill": 0, "dodge_modifier": -4})
    # the dodge 2К + 1 + 3 − 4 counts as at least 5; ties go to the shooter
    shooter = D2 + 5
    dodge = (D2 + 0).map(lambda d: max(d, 5))
    assert F(res["p_hit"]) == ice((shooter - dodge).map(lambda m: m >= 0)).p(lambda x: x is True)


def test_the_shooting_modifiers_table():
    quoted("Среднее расстояние – модификатор -2.")
    quoted("Одна вторая (до пояса) – модификатор -3")
    quoted("Перенос огня (второй и более выстрел в раунд — по разным целям) – модификатор -1.")
    mods = lysogorsk_rules.shot_modifiers("pistol", "far", "half", wrong_hand=True, shifting=True, actions=3)
    assert mods == [("far", -4), ("half", -3), ("wrong_hand", -2), ("shifting", -1), ("actions", -2)]
    res = run("lysogorsk-shot", {"dodging": False, "range": "far", "cover": "half", "wrong_hand": True,
                                 "shifting": True, "actions": 3})
    assert res["modifier"] == -12 and summary(res)["modifier"] == -12


def test_shotguns_ignore_range_and_sniper_rifles_the_body_part():
    quoted("Модификаторы на попадание за расстояние не применяются к дробовикам")
    quoted("Модификаторы на попадание не применяются, если огонь ведется из снайперской винтовки.")
    assert lysogorsk_rules.shot_modifiers("shotgun", "far") == []
    assert lysogorsk_rules.shot_modifiers("sniper", "close", aimed=True, thinking=2, part="head") == [("aimed", 2)]
    assert run("lysogorsk-shot", {"gun": "shotgun", "range": "far", "dodging": False})["modifier"] == 0


def test_aimed_shots_at_body_parts():
    quoted("выстрел по этой конкретной цели будет осуществлен с положительным модификатором, равным Мышлению стрелка")
    quoted("Голова – модификатор на попадание -5, на повреждение х2.")
    quoted("Рука – на попадание -4, на повреждение х0,5 + отключение руки.")
    quoted("Нога – на попадание -3, на повреждение х0,5 + отключение ноги.")
    quoted("Предмет в руке (например, пистолет) – на попадание -5, выбивание предмета")
    for part, to_hit in (("head", -5), ("arm", -4), ("leg", -3), ("item", -5)):
        res = run("lysogorsk-shot", {"dodging": False, "aimed": True, "thinking": 2, "part": part})
        assert res["modifier"] == 2 + to_hit
    head = run("lysogorsk-shot", {"dodging": False, "aimed": True, "thinking": 2, "part": "head"})
    (nxt,) = next_is_valid(head)
    assert nxt["id"] == "lysogorsk-damage" and nxt["params"]["aim"] == "head"
    assert "next" not in run("lysogorsk-shot", {"dodging": False, "aimed": True, "part": "item"})
    # aiming in the same round: «модификатор, естественно, уменьшается из-за штрафа за лишнее действие»
    assert run("lysogorsk-shot", {"dodging": False, "aimed": True, "thinking": 3, "actions": 2})["modifier"] == 3 - 1


def test_two_guns():
    quoted("Стрелять по-македонски по одной цели персонаж будет с отрицательным модификатором -2 (при этом делается "
           "одна проверка навыка Стрельба, и обе нули попадают либо пролетают мимо), по двум разным — никак, то есть "
           "совсем.")
    one = run("lysogorsk-shot", {"two_guns": "one_target", "dodging": False, "size": "smaller", "attribute": 1,
                                 "skill": 1})
    assert one["bullets"] == 2 and F(one["p_hit"]) == ice_p(2 - 2, 5)
    assert F(one["expected_bullets"]) == 2 * F(one["p_hit"])
    assert errors("lysogorsk-shot", {"two_guns": "two_targets"}) == {"two_guns"}
    quoted("Стрельба по-македонски возможна только из оружия, которое используется навыком Стрельба (пистолет)")
    assert errors("lysogorsk-shot", {"two_guns": "one_target", "gun": "rifle"}) == {"two_guns"}
    quoted("Стрелять по-македонски прицельно невозможно.")
    assert errors("lysogorsk-shot", {"two_guns": "one_target", "aimed": True}) == {"aimed"}
    quoted("В упор можно стрелять с двух рук по разным целям, приставлять оружие врагу прямо ко лбу или какому-то "
           "другому месту, и при этом не бросать на Стрельбу: в упор попадаешь автоматически.")
    blank = run("lysogorsk-shot", {"two_guns": "two_targets", "range": "point_blank"})
    assert F(blank["p_hit"]) == 1


def test_two_guns_and_the_wrong_hand_reading(monkeypatch):
    base = {"two_guns": "one_target", "wrong_hand": True, "dodging": False}
    assert run("lysogorsk-shot", base)["modifier"] == -2
    assert run("lysogorsk-shot", {**base, "wrong_hand_reading": "adds"})["modifier"] == -4
    set_reading(monkeypatch, lysogorsk_rules, "TWO_GUNS_WRONG_HAND", "adds")
    assert sum(v for _, v in lysogorsk_rules.shot_modifiers(two_guns=True, wrong_hand=True)) == -4


@SETTINGS
@given(st.integers(-5, 8), st.integers(0, 8), st.sampled_from(list(lysogorsk_tables.TARGET_SIZE)), st.booleans(),
       st.integers(-6, 0), st.integers(-3, 6))
def test_a_worse_modifier_never_helps_a_shot(attr, skill, size, dodging, worse, dodge):
    base = {"attribute": attr, "skill": skill, "size": size, "dodging": dodging, "dodge_attribute": dodge,
            "dodge_skill": 0}
    a = F(run("lysogorsk-shot", base)["p_hit"])
    b = F(run("lysogorsk-shot", {**base, "modifier": worse})["p_hit"])
    assert b <= a
    if not dodging:
        assert a == ice_p(attr + skill, lysogorsk_tables.TARGET_SIZE[size]["difficulty"])


def test_shot_roll():
    calc = api.get("lysogorsk-shot")
    p = api.validate(calc, {"attribute": 1, "skill": 1, "size": "human", "dodging": True, "dodge_attribute": 2,
                            "dodge_skill": 0})
    res = calc.roll(p, FakeRoller(3, 3, 1, 1))  # 8 against a dodge of 4, floored at 2
    assert res["total"] == 8 and res["dodge_total"] == 4 and res["need"] == 4 and res["hit"]
    tie = calc.roll(p, FakeRoller(1, 1, 1, 1))  # 4 against 4: the shooter
    assert tie["hit"]
    low = calc.roll(api.validate(calc, {**p, "size": "tiny"}), FakeRoller(2, 2, 1, 1))  # dodge 10 vs floor 7
    assert low["need"] == 10 and not low["hit"]


# ---- a ritual ----------------------------------------------------------------------------------------

def test_ritual_two_checks():
    quoted("От результата первой зависит, сработал ли ритуал вообще: 2К+Уверенность+ПП против первого значения "
           "сложности.")
    quoted("Мастер делает скрытый качественный бросок на Магию против второй сложности ритуала, указанной в его "
           "описании, с отрицательным модификатором от дисгармонии (МД).")
    quoted("Если один или другой бросок провален, мага настигает парадигмальная атака с ПШ= 4 и дополнительным "
           "модификатором -3")
    res = run("lysogorsk-ritual", {"confidence": 2, "pp": 1, "first_difficulty": 9, "magic_attribute": 2, "magic": 3,
                                   "second_difficulty": 11, "disharmony": 2})
    p1, p2 = ice_p(3, 9), ice_p(3, 11)
    out = {k: F(v) for k, v in res["outcome"].items()}
    assert out == {"effect": p1 * p2, "disharmony": p1 * (1 - p2), "failed": 1 - p1}
    assert F(res["p_paradigm_attack"]) == 1 - p1 * p2 == F(summary(res)["p_attack"])


def test_a_flawless_ritual_has_a_positive_modifier():
    quoted("он может даже оказаться меньше нуля — тогда модификатор будет положительным")
    a = run("lysogorsk-ritual", {"disharmony": -2, "magic_attribute": 0, "magic": 0, "second_difficulty": 8})
    b = run("lysogorsk-ritual", {"disharmony": 0, "magic_attribute": 2, "magic": 0, "second_difficulty": 8})
    assert a["outcome"] == b["outcome"]


def test_ritual_first_fail_reading(monkeypatch):
    params = {"confidence": 0, "pp": 0, "first_difficulty": 9, "magic_attribute": 0, "magic": 0,
              "second_difficulty": 9}
    p = ice_p(0, 9)
    both = {k: F(v) for k, v in run("lysogorsk-ritual", {**params, "first_fail": "both"})["outcome"].items()}
    assert both == {"effect": p * p, "disharmony": 1 - p, "failed": (1 - p) * p}
    set_reading(monkeypatch, lysogorsk_rules, "RITUAL_FIRST_FAIL", "both")
    assert lysogorsk_rules.ritual_outcome(False, False) == "disharmony"
    set_reading(monkeypatch, lysogorsk_rules, "RITUAL_FIRST_FAIL", "no_second")
    assert lysogorsk_rules.ritual_outcome(False, False) == "failed"


def test_ritual_price_at_character_creation():
    quoted("при создании персонажа цены ритуалов уменьшаются вдвое, с округлением вверх")
    assert [lysogorsk_rules.ritual_creation_cost(c) for c in (1, 2, 7, 10)] == [1, 1, 4, 5]
    assert run("lysogorsk-ritual", {"cost": 7})["creation_cost"] == 4
    assert "creation_cost" not in run("lysogorsk-ritual", {})


def test_ritual_roll():
    calc = api.get("lysogorsk-ritual")
    p = api.validate(calc, {"confidence": 2, "pp": 1, "first_difficulty": 9, "magic_attribute": 2, "magic": 3,
                            "second_difficulty": 11, "disharmony": 2})
    res = calc.roll(p, FakeRoller(3, 3, 4, 3))  # 9 ≥ 9; 10 < 11
    assert res["outcome"] == "disharmony" and res["paradigm_attack"]


# ---- recovery of lost attributes ------------------------------------------------------------------------

def test_sleep_recovers_one_stamina_and_two_confidence():
    quoted("Восемь часов здорового сна позволяют возвратить одну единицу Выносливости и две Уверенности.")
    res = run("lysogorsk-recovery", {"stamina_full": 3, "stamina_now": 1, "confidence_full": 3, "confidence_now": 0,
                                     "sleeps": 1})
    assert (res["stamina"], res["confidence"]) == (2, 2)
    assert (res["stamina_sleeps"], res["confidence_sleeps"]) == (2, 2)
    two = run("lysogorsk-recovery", {"stamina_full": 3, "stamina_now": 1, "confidence_full": 3, "confidence_now": 0,
                                     "sleeps": 2})
    assert (two["stamina"], two["confidence"]) == (3, 3)


def test_nervous_exhaustion_stops_confidence():
    quoted("Но если персонаж находится в состоянии нервного истощения, то, пока оно не пройдет, единицы Уверенности "
           "не восстанавливаются.")
    res = run("lysogorsk-recovery", {"confidence_full": 3, "confidence_now": 0, "sleeps": 5, "exhaustion": True})
    assert res["confidence"] == 0 and res["confidence_sleeps"] is None


def test_hunger_stamina_comes_back_with_food_only():
    quoted("временно теряет одну единицу Выносливости, которая перестает восстанавливаться сном")
    quoted("Выносливость восстанавливается по одному пункту в день усиленного питания.")
    base = {"stamina_full": 3, "stamina_now": 0, "stamina_hunger": 2, "sleeps": 10}
    assert run("lysogorsk-recovery", base)["stamina"] == 1
    assert run("lysogorsk-recovery", {**base, "feeding_days": 1})["stamina"] == 2
    assert run("lysogorsk-recovery", {**base, "feeding_days": 2})["stamina"] == 3
    assert errors("lysogorsk-recovery", {"stamina_full": 3, "stamina_now": 2, "stamina_hunger": 2}) == {"stamina_hunger"}


def test_a_loss_below_zero_is_unconsciousness():
    quoted("Если значение атрибута должно упасть ниже нуля, вместо этого персонаж теряет сознание.")
    assert lysogorsk_rules.attribute_loss(2, 2) == 0 and lysogorsk_rules.attribute_loss(2, 3) is None
    res = run("lysogorsk-recovery", {"stamina_now": 1, "stamina_loss": 2, "sleeps": 0})
    assert res["unconscious"] and res["stamina"] == 1


def test_luck_comes_back_one_in_two_days():
    quoted("Везение восстанавливается по единичке в два внутриигровых дня")
    assert [lysogorsk_rules.luck_after(3, 0, d) for d in (0, 1, 2, 3, 4, 100)] == [0, 0, 1, 1, 2, 3]
    assert run("lysogorsk-recovery", {"luck_full": 3, "luck_now": 0, "days": 4})["luck"] == 2
    assert errors("lysogorsk-recovery", {"luck_full": 1, "luck_now": 2}) == {"luck_now"}


@SETTINGS
@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 20), st.integers(1, 3))
def test_recovery_never_passes_the_permanent_value(full, lost, sleeps, per):
    now = max(0, full - lost)
    got = lysogorsk_rules.recovered(full, now, sleeps, per)
    assert now <= got <= full and lysogorsk_rules.recovered(full, now, sleeps + 1, per) >= got
    assert lysogorsk_rules.recovered(full, now, lysogorsk_rules.sleeps_to_full(full, now, per), per) == full


# ---- the hangover's Выносливость -------------------------------------------------------------------------

def test_hangover_stamina_reading(monkeypatch):
    quoted("Похмелье — это состояние недомогания, которое выражается в штрафе ко всем броскам, равном номеру последней "
           "стадии опьянения минус Выносливость персонажа")
    quoted("повышается болевой порог (+1 к Выносливости, временная особенность Толстокожий)")
    assert lysogorsk_rules.hangover(4, 2) == 2 and lysogorsk_rules.hangover(4, 2, "drunk") == 1
    assert lysogorsk_rules.hangover(1, 0, "drunk") == 1  # stage 1 has no +1 Выносливость
    willing = {"stamina": 2, "willing": True, "drinks": [{"drink": "beer", "count": 4}]}
    sober = run("lysogorsk-drunkenness", willing)
    drunk = run("lysogorsk-drunkenness", {**willing, "hangover_stamina": "drunk"})
    assert sober["hangover"] == [{"penalty": 2, "p": {"exact": "1/1", "float": 1.0}}]
    assert drunk["hangover"] == [{"penalty": 1, "p": {"exact": "1/1", "float": 1.0}}]
    roll = api.roll("lysogorsk-drunkenness", {**willing, "hangover_stamina": "drunk"}, seed=1)
    assert roll["stage"] == 4 and roll["hangover"] == 1
    set_reading(monkeypatch, lysogorsk_rules, "HANGOVER_STAMINA", "drunk")
    assert lysogorsk_rules.hangover(4, 2) == 1


# ---- the pages -------------------------------------------------------------------------------------------

def _admonitions(text: str):
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r'^(\s*)!!! (\w+) "([^"]*)"', lines[i])
        if not m:
            i += 1
            continue
        indent, body, j = len(m.group(1)), [], i + 1
        while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
            body.append(lines[j])
            j += 1
        yield m.group(2), m.group(3), "\n".join(body)
        i = j


def test_every_open_point_on_the_lysogorsk_pages_says_how_the_calculators_read_it():
    from pathlib import Path
    docs = Path(__file__).resolve().parents[1] / "docs" / "lysogorsk"
    found = 0
    for page in sorted(docs.glob("*.md")):
        for kind, title, body in _admonitions(page.read_text(encoding="utf-8")):
            if title.startswith("Неясно в источнике"):
                found += 1
                assert kind == "warning" and "алькулятор" in body, (page.name, body[:80])
    assert found >= 24


def test_the_new_open_points_are_on_their_pages():
    from pathlib import Path
    docs = Path(__file__).resolve().parents[1] / "docs" / "lysogorsk"
    want = {"alcohol.md": "svod:reading lysogorsk/HANGOVER_STAMINA", "combat.md": "svod:reading lysogorsk/COMBAT_MODIFIERS_TO",
            "wounds.md": "svod:reading lysogorsk/MEDICAL_FAIL", "conditions.md": "Модификатор сотрясения",
            "shooting.md": "«не с той» руки", "magic.md": "атрибут навыка\n       Магия"}
    for page, words in want.items():
        text = (docs / page).read_text(encoding="utf-8")
        assert any(words in body for kind, title, body in _admonitions(text) if title.startswith("Неясно")), page
