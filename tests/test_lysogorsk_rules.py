"""«Лысогорские сказочки» rules: worked examples, every reading of each ambiguity, properties,
and icepool / brute-force enumeration as independent oracles."""

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core.dice import Dist
from rules_core.lysogorsk import rules as r
from rules_core.lysogorsk import tables as tb

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
    assert r.TWO_D6 == ice(D2)
    assert r.TWO_D6_BEST_OF_TWO == ice(icepool.highest(D2, D2))


@SETTINGS
@given(st.integers(-10, 20), st.integers(0, 20), st.integers(-20, 20), st.integers(-5, 30), st.booleans())
def test_check_success_matches_icepool(attr, skill, mod, us, reroll):
    die = icepool.highest(D2, D2) if reroll else D2
    want = ice((die + attr + skill + mod).map(lambda x: x >= us))[True]
    total = r.check_total(attr, skill, mod, reroll)
    assert r.p_success(total, us) == want
    assert r.p_check(attr + skill + mod, us, reroll) == want
    m = r.margin(total, us)
    assert m.at_least(0) == want  # «равен или превышает УС» is a margin ≥ 0


def test_attribute_only_check_adds_no_skill():
    assert r.check_total(4) == r.check_total(4, 0, 0) == r.TWO_D6 + 4


def test_check_edges():
    assert r.p_success(r.check_total(0), 2) == 1  # two dice cannot make less than 2
    assert r.p_success(r.check_total(0), 12) == Fraction(1, 36)
    assert r.p_success(r.check_total(0), 13) == 0


@SETTINGS
@given(st.integers(-5, 15), st.integers(-5, 15), st.booleans(), st.booleans())
def test_opposed_matches_icepool_and_ties(a, d, ra, rd):
    da = icepool.highest(D2, D2) if ra else D2
    dd = icepool.highest(D2, D2) if rd else D2
    diff = ice((da + a) - (dd + d))
    att, dfd = r.check_total(a, reroll=ra), r.check_total(d, reroll=rd)
    assert r.opposed_margin(att, dfd) == diff
    o = r.opposed_outcome(att, dfd, "attacker")
    assert o["attacker"] == diff.at_least(0) and o["draw"] == 0
    o = r.opposed_outcome(att, dfd, "draw")
    assert o["attacker"] == diff.at_least(1) and o["draw"] == diff[0]
    assert o["defender"] == diff.at_most(-1)


def test_defense_floor_shooting_rule():
    # «УС, который должен перекинуть стреляющий, будет равен … УС стрельбы по неподвижной цели»
    att, dfd = r.check_total(0), r.check_total(-20)  # a hopeless dodge
    o = r.opposed_outcome(att, dfd, "attacker", defense_floor=7)
    assert o["attacker"] == r.p_success(att, 7)
    assert r.opposed_outcome(att, dfd, "attacker")["attacker"] == 1


def test_extra_actions_penalty_example():
    # «три действия производятся со штрафом -2 каждое, четыре -4 каждое, пять -6 … Два действия … -1»
    assert [r.extra_actions_penalty(n) for n in (1, 2, 3, 4, 5)] == [0, -1, -2, -4, -6]


# ---------------------------------------------------------------------------------------
# hits and wounds
# ---------------------------------------------------------------------------------------


def test_rounding_half_up_is_not_pythons_round():
    assert round(8.5) == 8 and r.round_by(Fraction(17, 2)) == 9
    assert r.round_by(Fraction(9, 2)) == 5 and r.round_by(Fraction(17, 4)) == 4 and r.round_by(Fraction(51, 4)) == 13
    assert r.round_by(Fraction(5, 2), "up") == 3 and r.round_by(Fraction(5, 2), "down") == 2
    with pytest.raises(ValueError):
        r.round_by(1, "sideways")


def test_hits_and_thresholds():
    assert r.max_hits(0) == 15 and r.max_hits(3) == 18 and r.max_hits(3, 6) == 24
    assert r.thresholds(16) == (4, 8, 12)
    assert r.thresholds(17) == (4, 9, 13)   # 4,25 / 8,5 / 12,75
    assert r.thresholds(18) == (5, 9, 14)   # 4,5 / 9 / 13,5


@SETTINGS
@given(st.integers(1, 200))
def test_thresholds_property(total):
    q = r.thresholds(total)
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
        assert r.wound_level(hits, total) == level, hits
    # the other reading of the quarter: «в критическом состоянии (менее четверти хитов)»
    assert r.wound_level(4, total, quarter_is_critical=False) == "heavy"
    assert r.wound_level(3, total, quarter_is_critical=False) == "critical"
    assert [r.wound_penalty(x) for x in ("scratch", "light", "heavy", "critical", "dying")] == [0, -2, -4, -6, None]


ORDER = {s: i for i, s in enumerate(["scratch", "light", "heavy", "critical", "dying", "dead"])}


@SETTINGS
@given(st.integers(0, 30), st.integers(0, 60), st.booleans())
def test_wound_level_worsens_as_hits_fall(stamina, extra, quarter):
    total = r.max_hits(stamina, extra)
    levels = [ORDER[r.wound_level(h, total, quarter)] for h in range(total, -15, -1)]
    assert levels == sorted(levels)
    assert r.wound_level(total, total, quarter) == "scratch"


def test_bleeding_bands():
    assert r.bleeding(9) is None
    assert [r.bleeding(h)["pain_shock"] for h in (8, 5)] == [5, 5]
    assert [r.bleeding(h)["pain_shock"] for h in (4, 1)] == [7, 7]
    assert r.bleeding(5)["loss"]["ru"] == "1 хит в десять минут"
    assert r.bleeding(4)["loss"]["ru"] == "1 хит в три раунда"
    assert r.BLEEDING_WHEN_DYING is False and r.bleeding(0) is None and r.bleeding(-5) is None


def test_temporary_damage_knocks_out_but_does_not_kill():
    total = 16
    perm, temp = r.apply_damage(total, 0, 0, 16, True)
    assert (perm, temp) == (0, 16) and r.state_after(total, perm, temp) == "unconscious"
    # keeps filling the empty cells down to −10 …
    perm, temp = r.apply_damage(total, perm, temp, 10, True)
    assert (perm, temp) == (0, 26) and r.state_after(total, perm, temp) == "unconscious"
    # … then «записывается как постоянный, поверх временных ранений»
    perm, temp = r.apply_damage(total, perm, temp, 3, True)
    assert (perm, temp) == (3, 23) and r.state_after(total, perm, temp) == "unconscious"
    perm, temp = r.apply_damage(total, perm, temp, 13, True)
    assert (perm, temp) == (16, 10) and r.state_after(total, perm, temp) == "dying"
    perm, temp = r.apply_damage(total, perm, temp, 10, True)
    assert (perm, temp) == (26, 0) and r.state_after(total, perm, temp) == "dead"
    # same penalties as ordinary wounds
    assert r.state_after(total, 0, 9) == r.wound_level(7, total) == "heavy"


@SETTINGS
@given(st.integers(0, 20), st.integers(0, 40))
def test_one_temporary_hit_never_kills_a_fresh_character(stamina, dmg):
    total = r.max_hits(stamina)
    if dmg > total - tb.INSTANT_DEATH_HITS:
        dmg = total - tb.INSTANT_DEATH_HITS
    perm, temp = r.apply_damage(total, 0, 0, dmg, True)
    assert perm == 0 and r.state_after(total, perm, temp) not in ("dying", "dead")


@SETTINGS
@given(st.integers(5, 40), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_temporary_track_conserves_damage(total, perm, temp, dmg):
    p2, t2 = r.apply_damage(total, perm, temp, dmg, True)
    assert p2 >= perm and t2 >= 0
    cap = total - tb.INSTANT_DEATH_HITS
    if perm + temp + dmg <= cap:
        assert (p2, t2) == (perm, temp + dmg)
    assert r.apply_damage(total, perm, temp, dmg, False) == (perm + dmg, temp)


# ---------------------------------------------------------------------------------------
# damage
# ---------------------------------------------------------------------------------------


@SETTINGS
@given(st.integers(-5, 30), st.integers(0, 30), st.sampled_from([0, 1, 2, 4, 8, 12]), st.integers(0, 30))
def test_damage_formula_matches_icepool(power, armor, cover, ap):
    prot = r.protection(armor, cover, ap)
    assert prot == max(0, armor + cover - ap)
    want = ice((D2 + power - prot).map(lambda x: max(0, x)))
    got = r.hit_damage(power, prot)
    assert got == want and got.min() >= 0
    # Бронебойность never adds damage
    assert r.hit_damage(power, r.protection(armor, cover, ap + 50)) == r.hit_damage(power, 0)


def test_armor_piercing_readings():
    # armor 3 behind a partition wall (4), AP 5
    assert r.protection(3, 4, 5, "total") == 2
    assert r.protection(3, 4, 5, "each") == 0
    with pytest.raises(ValueError):
        r.protection(1, 1, 1, "nope")


def test_aimed_shots():
    base = r.hit_damage(6, 2)
    assert r.aimed_damage(6, 2, "head") == base.map(lambda d: 2 * d)
    assert r.aimed_damage(6, 2, "item") == base and r.aimed_damage(6, 2, None) == base
    arm_math = r.aimed_damage(6, 2, "arm", "after", "math")
    assert arm_math == base.map(lambda d: (d + 1) // 2)
    assert r.aimed_damage(6, 2, "leg", "after", "down") == base.map(lambda d: d // 2)
    before = r.aimed_damage(6, 2, "arm", "before", "down")
    assert before == r.TWO_D6.map(lambda x: max(0, (x + 6) // 2 - 2))
    assert before != r.aimed_damage(6, 2, "arm", "after", "down")


def test_burst_example_from_the_source():
    # «4:3/2/1 … патронов осталось всего 2, то очередь будет 2: 2/1/1»
    assert r.short_burst(4, 3, 2, 1, 2) == (2, 2, 1, 1)
    assert r.short_burst(4, 3, 2, 1, 30) == (4, 3, 2, 1)
    assert [r.burst_hits(4, 3, 2, 1, rg) for rg in r.RANGES] == [4, 3, 2, 1]
    assert r.burst_hits(4, 3, 2, 1, "point_blank", 2) == 2  # «в упор … попадают все пули»


@SETTINGS
@given(st.integers(1, 60), st.integers(0, 60), st.integers(1, 100), st.sampled_from(["close", "medium", "far"]))
def test_short_clip_rounds_up_proportionally(shots, hits, ammo, rng):
    hits = min(hits, shots)
    got = r.burst_hits(shots, hits, hits, hits, rng, ammo)
    fired = min(shots, ammo)
    assert got == -(-hits * fired // shots)
    assert got <= fired and got <= hits


def test_burst_damage_is_one_roll_many_times():
    per = r.hit_damage(3, 0)
    assert r.burst_damage(per, 3) == per.map(lambda d: 3 * d)
    assert r.burst_damage(per, 3) != per + per + per


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
    got = r.area_fire(r.check_total(shoot), [None if d is None else r.check_total(d) for d in dodges], bullets)
    assert got == _brute_area_fire(shoot, dodges, bullets)


def test_electricity_example():
    # «удар из розетки 220 вольт наносит урон два кубика плюс 4»
    assert r.electric_power(220) == 4 and r.electric_power(49) == 0 and r.electric_power(380) == 7


def test_fall_and_crash_readings():
    assert [r.fall_steps(h) for h in (0, 2, 3, 4, 5, 6, 10)] == [0, 0, 0, 1, 1, 2, 4]
    assert [r.fall_steps(h, "whole") for h in (0, 2, 3, 4, 5, 6, 10)] == [0, 0, 1, 2, 2, 3, 5]
    assert [r.crash_steps(v) for v in (5, 10, 14, 15, 60)] == [0, 0, 0, 1, 10]
    assert [r.crash_steps(v, "whole") for v in (5, 9, 10, 14, 15, 60)] == [0, 0, 2, 2, 3, 12]
    with pytest.raises(ValueError):
        r.fall_steps(3, "other")


def test_seat_belts_bands():
    # «меньше 5, полностью, … 5 единиц, если оно между 5 и 10, … начиная с 10 не помогают совсем»
    assert [r.seat_belts(d) for d in (0, 4, 5, 9, 10, 20)] == [0, 0, 0, 4, 10, 20]


def test_seat_belts_on_the_power_reading():
    assert [r.seat_belts_power(pw) for pw in (0, 4, 5, 9, 10, 14)] == [None, None, 0, 4, 10, 14]


def test_halving_check_and_airbags():
    dmg = Dist.constant(10)
    assert r.with_halving_check(dmg, Fraction(1)) == Dist.constant(5)
    assert r.with_halving_check(dmg, Fraction(0)) == dmg
    # «получить половину урона (четверть с подушками)»: 10 → 2,5 → 3 (math) / 2 (down)
    assert r.with_halving_check(dmg, Fraction(1), other_factor=Fraction(1, 2)) == Dist.constant(3)
    assert r.with_halving_check(dmg, Fraction(1), other_factor=Fraction(1, 2), rounding="down") == Dist.constant(2)
    mixed = r.with_halving_check(Dist.constant(7), Fraction(1, 3))
    assert mixed == Dist({4: Fraction(1, 3), 7: Fraction(2, 3)})


def test_splash_sequence_halves_to_one():
    assert r.splash_sequence(10) == [10, 5, 3, 2, 1]
    assert r.splash_sequence(10, "down") == [10, 5, 2, 1]
    assert r.splash_sequence(1) == [1]
    for base in range(1, 30):
        for rule in r.ROUNDINGS:
            seq = r.splash_sequence(base, rule)
            assert seq[0] == base and seq[-1] == 1 and all(a > b for a, b in zip(seq, seq[1:]))


def test_thrown_miss_bands():
    d = r.thrown_miss(0)
    assert d["far_over"] == r.TWO_D6.at_least(7) and d["far_short"] == 0
    assert d["aside"] == r.TWO_D6.p(lambda x: 2 <= x <= 4)
    d = r.thrown_miss(0, -5)
    assert d["far_short"] == r.TWO_D6.at_most(4)
    assert sum(p for _o, p in d.items()) == 1


# ---------------------------------------------------------------------------------------
# breakdown
# ---------------------------------------------------------------------------------------


@SETTINGS
@given(st.integers(0, 15), st.integers(1, 6), st.integers(-5, 5))
def test_breakdown_roll_matches_icepool(wp, n, mod):
    assert r.breakdown_roll(wp, n, mod) == ice(D2 - wp + 2 * n + mod)
    bands = r.breakdown(wp, n, mod)
    roll = r.breakdown_roll(wp, n, mod)
    assert bands["fine"] == roll.at_most(0) and bands["insanity"] == roll.at_least(10)
    assert bands["short"] == roll.p(lambda x: 1 <= x <= 3)


def test_extraordinary_breakdown_uses_the_higher_not_the_sum():
    assert r.breakdown_willpower(2, 5, True) == 5
    assert r.breakdown_willpower(2, 5, False) == 2
    assert r.breakdown_willpower(4, 1, True) == 4


def test_breakdown_after_readings():
    total = r.breakdown_after(0, 0, -8)  # 2К − 8: from −6 to 4
    assert total["unconscious"] == r.TWO_D6.at_most(5)  # 2К − 8 < −2
    assert total["shock"] == r.TWO_D6.p(lambda x: 6 <= x <= 8)
    margin = r.breakdown_after(2, 2, 0, "margin", 10)  # 2К + 4 − 10
    assert margin["unconscious"] == r.TWO_D6.at_most(3) and margin["none"] == r.TWO_D6.at_least(7)


# ---------------------------------------------------------------------------------------
# drunkenness
# ---------------------------------------------------------------------------------------


def test_formula_reproduces_the_table_where_the_degrees_are_known():
    assert r.drink_difficulty(40, 100, False) == tb.DRINKS["vodka_shot"]["difficulty"] == 4
    assert r.drink_difficulty(5, 330, True) == tb.DRINKS["beer"]["difficulty"] == 3
    assert r.drink_difficulty(12, 200, False) == tb.DRINKS["wine_glass"]["difficulty"] == 2
    assert r.drink_difficulty(12, 500, False) == tb.DRINKS["wine_bottle"]["difficulty"] == 5
    # «начиная со вторых» read as begun hundreds would make beer 4, against the table
    assert r.drink_difficulty(5, 330, True, "started") == 4
    assert r.drink_difficulty(12, 200, False, "started") == 2
    # the table wins over the formula: pure spirit (96°) is 9 by the formula, 10 by the table
    assert r.drink_difficulty(96, 100, False) == 9
    assert r.expand_drinks([{"drink": "spirit_shot", "count": 1}])[0][1] == 10


@SETTINGS
@given(st.integers(0, 100), st.integers(1, 3000), st.booleans())
def test_formula_parts(deg, grams, bubbles):
    full = r.drink_difficulty(deg, grams, bubbles, "full")
    assert full == deg // 10 + max(0, grams // 100 - 1) + bubbles
    started = r.drink_difficulty(deg, grams, bubbles, "started")
    assert started - full in (0, 1)


def test_from_the_bottle_is_five_shots():
    singles = r.expand_drinks([{"drink": "vodka_bottle", "count": 1}, {"drink": "beer", "count": 2},
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
    got = r.drinking(singles, stamina, fort, start, mod, willing, stage_stamina)[-1]
    assert got == _brute_drinking(uss, stamina, fort, start, mod, willing, stage_stamina)


def test_stage_two_stamina_reading_changes_the_chance():
    at2 = Dist.constant(2)
    with_bonus = r.drink_step(at2, 10, 2, 1, stage_stamina=True)
    without = r.drink_step(at2, 10, 2, 1, stage_stamina=False)
    assert with_bonus[2] == r.p_success(r.check_total(3, 1), 10)
    assert without[2] == r.p_success(r.check_total(2, 1), 10)
    assert with_bonus[2] > without[2]


@SETTINGS
@given(st.lists(st.integers(0, 15), min_size=1, max_size=8), st.integers(0, 8), st.integers(0, 8),
       st.integers(0, 5), st.booleans())
def test_stages_only_go_up_and_stop_at_five(uss, stamina, fort, start, willing):
    dists = r.drinking([("custom", us, 0) for us in uss], stamina, fort, start, 0, willing)
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
    assert r.stage_modifiers(0) == {}
    assert r.stage_modifiers(1) == {"confidence": 1, "luck": 1, "thinking": -1}
    assert r.stage_modifiers(4) == {"confidence": 1, "luck": 1, "thinking": -3, "agility": -2, "stamina": 1,
                                    "education": -2}
    assert r.stage_modifiers(5) == r.stage_modifiers(4)


def test_hangover():
    # «номеру последней стадии опьянения минус Выносливость … 0 или меньше, похмелье не наступает»
    assert r.hangover(5, 2) == 3 and r.hangover(2, 3) == 0 and r.hangover(3, 3) == 0 and r.hangover(4, 0) == 4


def test_stage3_and_dependence_checks():
    # Сила духа check against УС 5 with the stage-1 «+1 к Уверенности»
    assert r.stage3_trait_fail(1, 0) == 1 - r.p_success(r.check_total(2, 0), 5)
    assert r.dependence_p(1, 1, 3) == 1 - r.p_success(r.check_total(1, 1), 3)
    assert r.dependence_p(0, 0, 0) == 0
    assert r.p_reaches_stage3(3, [Dist.constant(5)]) == 0
    assert r.p_reaches_stage3(0, [Dist({2: Fraction(1, 2), 4: Fraction(1, 2)})]) == Fraction(1, 2)


def test_thrown_miss_margin_reading():
    d = r.thrown_miss(3, 0, "margin", 9)  # 2К + 3 − 9 = 2К − 6
    assert d["far_short"] == r.TWO_D6.at_most(5) and d["short"] == r.TWO_D6.p(lambda x: 6 <= x <= 7)
    assert d["far_over"] == r.TWO_D6.at_least(13)
    assert r.thrown_miss(3, 0, "margin", 0) == r.thrown_miss(3)
    with pytest.raises(ValueError):
        r.thrown_miss(3, 0, "other")


# ---------------------------------------------------------------------------------------
# suffocation, hunger, thirst, sleep (oracles: plain Fraction recursions over check_total)
# ---------------------------------------------------------------------------------------


def test_suffocation_grace_and_rising_difficulty():
    d = r.suffocation(3, 1)
    assert d.min() > 3 * 3  # 9 minutes free, the first check at minute 10
    assert d.min() == 12  # 2К + 4 cannot miss УС 5 or 6; УС 7 at minute 12 fails on a 2
    bonus = 4
    alive = Fraction(1)
    for k in range(1, 20):
        ok = r.p_success(r.check_total(bonus), 5 + k - 1)
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
            ok = r.p_success(r.check_total(s, fort), 5)
            nxt[s] = nxt.get(s, 0) + p * ok
            k = "dead" if s == 0 else s - 1
            nxt[k] = nxt.get(k, 0) + p * (1 - ok)
        state = nxt
    return Dist(state)


@pytest.mark.parametrize("stamina,fort,days,kind", [(1, 0, 12, "hunger"), (2, 0, 20, "thirst"), (0, 0, 6, "hunger"),
                                                    (3, 0, 15, "hunger"), (2, 1, 30, "hunger")])
def test_starvation_against_fraction_chain(stamina, fort, days, kind):
    mult = {"hunger": 3, "thirst": 1}[kind]
    assert r.starvation(stamina, fort, days, kind) == _starve_oracle(stamina, fort, days, mult)


def test_starvation_literal_consequences():
    # with Выносливость + Стойкость ≥ 3 the check against УС 5 never fails: nobody starves
    assert r.starvation(2, 1, 365) == Dist.constant(2)
    # within the grace nothing is rolled
    assert r.starvation(4, 0, 12) == Dist.constant(4) and r.starvation(4, 0, 4, "thirst") == Dist.constant(4)


def test_sleep_difficulty_rounding():
    # «количеству часов, которое он бодрствовал, поделенному на удвоенное значение его Выносливости»
    assert r.sleep_difficulty(21, 2) == 5 and r.sleep_difficulty(22, 2) == 6
    assert r.sleep_difficulty(22, 2, "down") == 5 and r.sleep_difficulty(21, 2, "up") == 6
    with pytest.raises(ValueError):
        r.sleep_deprivation(0, 1, 1, 10)


def _sleep_oracle(stamina, conf, wp, hours, rounding):
    state = {0: Fraction(1)}
    for h in range(10 * stamina + 1, hours + 1):
        us = r.round_by(Fraction(h, 2 * stamina), rounding)
        nxt = {}
        for f, p in state.items():
            ok = r.p_success(r.check_total(conf, wp, -2 * f), us)
            nxt[f] = nxt.get(f, 0) + p * ok
            nxt[f + 1] = nxt.get(f + 1, 0) + p * (1 - ok)
        state = nxt
    return Dist(state)


@pytest.mark.parametrize("stamina,conf,wp,hours,rounding", [(1, 1, 1, 25, "math"), (2, 2, 2, 40, "down"),
                                                            (3, 0, 0, 36, "up"), (2, 3, 3, 20, "math")])
def test_sleep_against_fraction_chain(stamina, conf, wp, hours, rounding):
    assert r.sleep_deprivation(stamina, conf, wp, hours, 0, rounding) == _sleep_oracle(stamina, conf, wp, hours, rounding)


def test_the_pages_own_examples():
    # docs/lysogorsk/wounds.md, «Пример (составлен для Свода)»: Выносливость 3 → 18 хитов, пороги
    # 4,5 → 5 / 9 / 13,5 → 14; ≤ 5 critical, 6–8 heavy, 9–14 light, 15–18 scratch.
    total = r.max_hits(3)
    assert total == 18 and r.thresholds(total) == (5, 9, 14)
    want = {**{h: "critical" for h in range(1, 6)}, **{h: "heavy" for h in range(6, 9)},
            **{h: "light" for h in range(9, 15)}, **{h: "scratch" for h in range(15, 19)}}
    assert {h: r.wound_level(h, total) for h in range(1, 19)} == want
    # docs/lysogorsk/alcohol.md, «Пример (составлен для Свода)»: Выносливость 2, 4-я стадия → штраф 2;
    # с Выносливостью 4 и больше похмелья нет.
    assert r.hangover(4, 2) == 2
    assert all(r.hangover(4, s) == 0 for s in range(4, 10)) and r.hangover(4, 3) == 1
