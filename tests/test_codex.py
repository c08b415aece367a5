"""«Codex of…» (004): the roll with stress and FLAX, hit difficulty, armor, track; calculators.

Oracles: the source's own examples and words, an independent step-by-step implementation of the
stress rule run over icepool's exact d6 pools, brute force over every face tuple, and hypothesis
invariants.

The rules that had no calculator at first — rerolls from a preparation, armor's mobility penalty,
the shield's points, counteraction, the consequences by track level, two counters against each other —
checked the same way: the source's words (each quote checked against it), brute force over every face
a reroll can show, icepool where the pool has a closed form; hypothesis for the invariants; every
reading both ways.
"""

import re
from fractions import Fraction
from itertools import product
from math import comb

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.codex import calculators as codex_calculators
from rules_core.codex import rules as codex_rules
from rules_core.codex import tables as codex_tables
from rules_core.dice import Dist
from scripts.sources import read_source
from tests.api_calls import run, summary
from tests.d10_oracle import F
from tests.fakes import FakeRoller

SMALL = settings(max_examples=60, deadline=None)


def ice_to_dist(die) -> Dist:
    total = die.denominator()
    return Dist({o: Fraction(q, total) for o, q in die.items()})


def oracle_lv(faces, min_face, stress, explodes):
    """The stress rule written straight from 004 § 6, independently of rules_core.

    1. up to S ones each eat one success, smallest face first (a six, being largest, is eaten whole
       only once the smaller successes are gone); 2. up to S of the sixes left become 2 LV.
    """
    successes = sorted(f for f in faces if f >= min_face)
    quota = min(stress, list(faces).count(1))
    while quota and successes:
        successes.pop(0)
        quota -= 1
    boom = min(stress, successes.count(6)) if explodes else 0
    return len(successes) + boom



# ---- the stress steps, by hand from the source's words ------------------------------------------

def test_ones_eat_the_smallest_successes_first():
    # skill 4 (4+), S = 2: the two 1s eat the 4 and the 5; both sixes are left and explode
    assert codex_rules.resolve([1, 1, 4, 6, 6, 5], 4, 2)["lv"] == 4
    # S = 1: only one 1 works, it eats the 4; one six of the two explodes: 5, 6, 6 → 1 + 1 + 2
    r = codex_rules.resolve([1, 1, 4, 6, 6, 5], 4, 1)
    assert r["lv"] == 4 and r["marks"] == ["one", "", "eaten", "explode", "success", "success"]


def test_a_six_is_eaten_whole_when_the_quota_is_left():
    # «Если единицы съели все более мелкие успехи, а их квота ещё не исчерпана, следующей съедается
    # шестёрка целиком — она пропадает полностью и не участвует в пункте 2.»
    # skill 2 (only 6), S = 2, two 1s: two sixes vanish, the third explodes → 2 LV
    assert codex_rules.resolve([1, 1, 6, 6, 6], 6, 2)["lv"] == 2
    # skill 3 (5+), S = 3, three 1s: the 5 goes, then two sixes; one six left, explodes → 2 LV
    assert codex_rules.resolve([6, 1, 5, 1, 6, 1, 6], 5, 3)["lv"] == 2


def test_up_to_s_ones_and_up_to_s_sixes():
    # «До S выпавших единиц»: with S = 1 the second 1 does nothing
    assert codex_rules.resolve([1, 1, 5, 5], 5, 1)["lv"] == 1
    # «до S шестёрок превращаются в 2LV»: S = 2 and four sixes → two explode
    assert codex_rules.resolve([6, 6, 6, 6], 6, 2)["lv"] == 6
    # S = 0: a plain count
    assert codex_rules.resolve([1, 1, 6, 6, 4], 4, 0)["lv"] == 3


def test_level_1_never_explodes_and_level_0_reading():
    # level 1: «Только 6, но шестёрки никогда не взрываются от стресса»
    assert codex_rules.skill_rule(1) == (6, False) and codex_rules.skill_rule(2) == (6, True)
    assert codex_rules.resolve([6, 6], 6, 3, explodes=False)["lv"] == 2
    # level 0 (no row): «как уровень 1» by default, or «нельзя применить»
    assert codex_rules.skill_rule(0, "as_level_1") == (6, False)
    assert codex_rules.skill_rule(0, "cannot") is None
    assert codex_rules.roll_dist(3, 0, 2, skill0="cannot") is None
    assert codex_rules.roll_dist(3, 0, 2) == codex_rules.roll_dist(3, 1, 2)
    with pytest.raises(ValueError):
        codex_rules.skill_rule(0, "maybe")


# ---- exactness: brute force and icepool ---------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("min_face", [2, 4, 6])
def test_lv_dist_equals_brute_force_over_every_face_tuple(n, min_face):
    for stress in range(7):
        for explodes in (True, False):
            acc = {}
            for faces in product(range(1, 7), repeat=n):
                lv = codex_rules.resolve(list(faces), min_face, stress, explodes)["lv"]
                assert lv == oracle_lv(faces, min_face, stress, explodes)
                acc[lv] = acc.get(lv, 0) + Fraction(1, 6**n)
            assert codex_rules.lv_dist(n, min_face, stress, explodes) == Dist(acc)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(2, 6), st.integers(0, 6), st.booleans())
def test_lv_dist_matches_icepool(n, min_face, stress, explodes):
    oracle = icepool.d6.pool(n).expand().map(lambda faces: oracle_lv(faces, min_face, stress, explodes))
    assert codex_rules.lv_dist(n, min_face, stress, explodes) == ice_to_dist(oracle)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 6), st.integers(1, 6), st.sampled_from(codex_rules.FLAX_READINGS))
def test_flax_matches_icepool(n, level, reading):
    min_face = codex_tables.SKILL_LEVELS[level]["min_face"]
    base = icepool.d6.pool(n).expand().map(lambda faces: sum(f >= min_face for f in faces))
    extra = icepool.d6 - icepool.d6 if reading == "signed" else (icepool.d6 - icepool.d6).map(abs)
    oracle = (base + extra).map(lambda x: max(0, x))
    assert codex_rules.roll_dist(n, level, stress=6, flax=True, flax_reading=reading) == ice_to_dist(oracle)


def test_flax_readings():
    # «Из большего выпавшего вычитается меньшее»: signed (successes − failures) or always added
    assert codex_rules.flax_extra(2, 5, "signed") == -3 and codex_rules.flax_extra(2, 5, "absolute") == 3
    assert codex_rules.flax_dist("signed").mean() == 0
    assert codex_rules.flax_dist("absolute").mean() == Fraction(35, 18)  # E|X − Y| for two d6
    with pytest.raises(ValueError):
        codex_rules.flax_extra(1, 1, "both")


# ---- invariants ---------------------------------------------------------------------------------

@SMALL
@given(st.lists(st.integers(1, 6), max_size=10), st.integers(1, 5), st.integers(0, 6))
def test_a_better_skill_never_gives_fewer_lv(faces, level, stress):
    lo, lo_boom = codex_rules.skill_rule(level)
    hi, hi_boom = codex_rules.skill_rule(level + 1)
    assert codex_rules.resolve(faces, hi, stress, hi_boom)["lv"] >= codex_rules.resolve(faces, lo, stress, lo_boom)["lv"]


@SMALL
@given(st.integers(0, 10), st.integers(1, 6), st.integers(1, 12))
def test_more_dice_never_hurt_without_stress(n, level, difficulty):
    assert codex_rules.roll_dist(n + 1, level).at_least(difficulty) >= codex_rules.roll_dist(n, level).at_least(difficulty)


@SMALL
@given(st.lists(st.integers(1, 6), max_size=12), st.integers(2, 6), st.integers(0, 6), st.booleans())
def test_lv_bounds(faces, min_face, stress, explodes):
    lv = codex_rules.resolve(faces, min_face, stress, explodes)["lv"]
    plain = sum(f >= min_face for f in faces)
    assert max(0, plain - min(stress, faces.count(1))) <= lv <= plain + min(stress, faces.count(6))


# ---- hit difficulty, armor, track ---------------------------------------------------------------

def test_hit_difficulty_examples():
    # § 24: «персонаж с большим щитом (+3) под плащом «размывающий силуэт» (+5) — работает только 5,
    # щит не добавляется. Но +2 «за персонажа» работает всегда»
    large = codex_tables.SHIELDS[2]
    assert large["name"]["ru"] == "Большой щит" and large["ranged_fv"] == 3
    assert codex_rules.hit_difficulty([large["ranged_fv"], 5]) == 7
    # § 23: no cover → 2; partial → 4; full → 6; «Максимальный уровень любого эффекта затруднения — 5»
    assert [codex_rules.hit_difficulty([c]) for c in (0, 2, 4)] == [2, 4, 6]
    assert codex_rules.hit_difficulty([9]) == 7
    # «и не ниже 1 в любом случае»
    assert codex_rules.hit_difficulty([0], reduction=5) == 1
    assert codex_rules.top1([]) == 0 and codex_rules.top1([2, 4, 3]) == 4


def test_armor_threshold_covers_one_more_weapon_class_each():
    # § 10: «каждая следующая броня перекрывает ровно на один класс оружия больше, чем предыдущая»;
    # «Большое … всегда наносит полный урон»
    weapons = codex_tables.WEAPONS
    for i, armor in enumerate(codex_tables.ARMOR):
        n = armor["threshold"]
        blocked = [w["id"] for w in weapons[:3] if codex_rules.through_armor(w["damage"], n) == 1 and w["damage"] != 1]
        assert blocked == [w["id"] for w in weapons[:i]]
        assert codex_rules.through_armor(weapons[3]["damage"], n, ignores_armor=True) == 8
    assert weapons[codex_rules.LARGE_CATEGORY]["name"]["ru"] == "Большое (+)"
    assert weapons[codex_rules.LIGHT_CATEGORY]["name"]["ru"] == "Легкое"
    # «если урон одиночного попадания меньше порога брони N — … всего 1 урона. Если урон равен порогу
    # или выше — проходит полностью»
    assert codex_rules.through_armor(3, 3) == 3 and codex_rules.through_armor(2, 3) == 1


def test_attack_kinds():
    # § 20 with § 19's dice: quick halves the AD6 (down) and the damage (down)
    assert [codex_rules.attack_ad6("quick", d) for d in (1, 2, 3, 4)] == [0, 1, 1, 2]
    assert codex_rules.attack_ad6("normal", 3) == 3 and codex_rules.attack_ad6("burst", 3, 4) == 4 == codex_rules.attack_ad6("aimed", 1)
    assert codex_rules.hit_damage("quick", 3) == 1 and codex_rules.hit_damage("quick", 6) == 3
    # «Очередь — … урон за каждый успех равен урону оружия/2, кроме лёгкого»
    assert codex_rules.hit_damage("burst", 6) == 3 and codex_rules.hit_damage("burst", 2, light=True) == 2
    assert codex_rules.hit_damage("burst", 3, burst_rounding="down") == 1 and codex_rules.hit_damage("burst", 3, burst_rounding="up") == 2
    assert codex_rules.hit_damage("aimed", 6, aimed_bonus="double") == 12 and codex_rules.hit_damage("aimed", 6) == 6
    # «Игнорирование 1 уровня класса брони»
    assert codex_rules.armor_after_aim(3, "aimed", "ignore_armor_class") == 2 and codex_rules.armor_after_aim(0, "aimed",
                                                                                          "ignore_armor_class") == 0
    assert codex_rules.armor_after_aim(3, "normal", "ignore_armor_class") == 3
    # burst against armor: each success its own hit, or the whole burst one hit
    assert codex_rules.attack_damage(3, "burst", 3, 4, False, "per_success") == 3
    assert codex_rules.attack_damage(3, "burst", 3, 4, False, "total") == 9


def test_track():
    # § 5: 10/8/8/6/6/4; the first threshold for everyone, one more per level of «Стойкий»
    assert [codex_rules.track_capacity(t) for t in range(6)] == [10, 18, 26, 32, 38, 42]
    assert [codex_rules.track_level(x) for x in (0, 1, 10, 11, 18, 19, 26, 27, 32, 33, 38, 39, 42, 60)] == \
        [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6]
    # «становится недееспособным, когда заканчивается его доступный порог»: full, or past it
    assert codex_rules.incapacitated(10, 0, "full") and not codex_rules.incapacitated(10, 0, "over")
    assert codex_rules.incapacitated(11, 0, "over") and not codex_rules.incapacitated(17, 1, "full")
    with pytest.raises(ValueError):
        codex_rules.incapacitated(1, 0, "never")


# ---- the calculators ----------------------------------------------------------------------------

def test_codex_roll_calculator():
    r = api.run("codex-roll", {"ad6": 2, "ed6": 1, "skill": 3, "stress": 2, "difficulty": 2})
    d = codex_rules.lv_dist(3, 5, 2, True)
    assert Fraction(r["p_success"]["exact"]) == d.at_least(2)
    assert [row["lv"] for row in r["lv"]] == d.outcomes()
    names = [i for b in r["display"] if b["kind"] == "figures" for i in b["items"] if i["key"] == "difficulty_name"]
    assert names[0]["value"]["ru"] == "Средне"
    ex = api.run("codex-roll", {"ad6": 2, "ed6": 5, "exhaustion": 6, "skill": 3})
    assert ex["dice"] == 2  # «персонаж лишается всех ED6»
    no = api.run("codex-roll", {"skill": 0, "skill0": "cannot"})
    assert no["p_success"]["exact"] == "0/1"


def test_codex_roll_roll_marks_faces_like_the_distribution():
    p = api.get("codex-roll")
    params = {q.name: q.default for q in p.params} | {"ad6": 2, "ed6": 3, "skill": 4, "stress": 2}
    out = codex_calculators.success_roll.roll(params, FakeRoller(1, 6, 4, 1, 6))
    # two 1s eat the 4, then a six whole; the last six explodes → 2 LV
    assert out["lv"] == 2 and out["ad6_faces"] == [1, 6] and out["ed6_faces"] == [4, 1, 6]
    flax = codex_calculators.success_roll.roll(params | {"flax": True}, FakeRoller(1, 6, 4, 1, 6, 2, 5))
    assert flax["flax_extra"] == -3 and flax["lv"] == 0  # 3 successes − 3, never below 0


def test_codex_attack_calculator():
    base = {"weapon": "2", "kind": "normal", "ed6": 2, "skill": 3, "cover": "1", "armor": "2"}
    r = api.run("codex-attack", base)
    # heavy weapon: 3 AD6 + 2 ED6; partial cover → difficulty 4; 6 damage ≥ medium armor's 4
    assert (r["ad6"], r["ed6"], r["hit_difficulty"], r["per_hit"], r["threshold"]) == (3, 2, 4, 6, 4)
    p_hit = codex_rules.lv_dist(5, 5, 0, True).at_least(4)
    assert Fraction(r["p_hit"]["exact"]) == p_hit
    assert {d["damage"]: Fraction(d["p"]["exact"]) for d in r["damage"]} == {0: 1 - p_hit, 6: p_hit}
    # with 8 damage already taken the hit stops on threshold 2: «1 урон в 1 подготовку»
    r = api.run("codex-attack", base | {"damage_taken": 8})
    levels = {row["level"]: Fraction(row["p"]["exact"]) for row in r["track_level"]}
    assert levels == {1: 1 - p_hit, 2: p_hit}
    assert Fraction(r["p_incapacitated"]["exact"]) == p_hit  # 14 ≥ 10 without «Стойкий»
    # a Large weapon ignores the heavy armor; a sizeable one deals 1 through it
    assert api.run("codex-attack", {"weapon": "3", "armor": "3"})["per_hit"] == 8
    big = api.run("codex-attack", {"weapon": "3", "armor": "3", "ed6": 0})
    assert {d["damage"] for d in big["damage"]} == {0, 8}
    small = api.run("codex-attack", {"weapon": "1", "armor": "3"})
    assert {d["damage"] for d in small["damage"]} == {0, 1}
    # out of reach: no roll at all
    assert api.run("codex-attack", {"cover": "3"})["possible"] is False


def test_codex_attack_burst_is_per_success():
    r = api.run("codex-attack", {"weapon": "2", "kind": "burst", "ed6": 0, "skill": 2, "armor": "0"})
    lv = codex_rules.lv_dist(4, 6, 0, True)
    expected = {}
    for x, p in lv.items():
        dmg = 3 * x if x >= 2 else 0
        expected[dmg] = expected.get(dmg, 0) + p
    assert {d["damage"]: Fraction(d["p"]["exact"]) for d in r["damage"]} == expected


@pytest.mark.parametrize("params, field", [
    ({"weapon": "3", "ad6_left": 3}, "ad6_left"),
    ({"weapon": "2", "extra_ad6": 2}, "extra_ad6"),
    ({"weapon": "0", "kind": "burst", "burst_light": "forbidden"}, "kind"),
    ({"skill": 7}, "skill"),
    ({"stress": 9}, "stress"),
])
def test_codex_attack_errors_name_the_field(params, field):
    r = api.handle({"op": "run", "id": "codex-attack", "params": params})
    assert r["ok"] is False and r["errors"][0]["field"] == field and r["errors"][0]["ru"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 6), st.integers(0, 6), st.booleans(),
       st.sampled_from(["quick", "normal", "burst", "aimed"]))
def test_rolls_are_possible_outcomes(seed, skill, stress, flax, kind):
    p = {"skill": skill, "stress": stress, "flax": flax, "ed6": 3, "ad6": 3}
    r = api.roll("codex-roll", p, seed=seed)
    support = {row["lv"] for row in api.run("codex-roll", p)["lv"]}
    assert r["lv"] in support
    q = {"skill": skill, "stress": stress, "flax": flax, "ed6": 3, "kind": kind}
    a = api.roll("codex-attack", q, seed=seed)
    assert a["damage"] in {row["damage"] for row in api.run("codex-attack", q)["damage"]}


# ---- the skill table's numbering (§ 15 against § 1 and § 17) --------------------------------------

def test_skill_scale_readings():
    # § 15's table numbers levels 1–6 («1 | Только 6, но шестёрки никогда не взрываются от стресса»),
    # but § 1 says «навык 0 никогда не получает взрыва шестёрок от стресса» and § 17 knows skill
    # levels 0–5 only («4–5 — … ЗА пределами обычных возможностей»). The table read as written is the
    # default; the shifted reading (row 1 is skill 0 … row 6 is skill 5) is a switch, since it changes
    # every chance.
    assert codex_rules.SKILL_SCALE_READINGS == ("as_written", "shifted")
    assert [codex_rules.skill_rule(lv) for lv in range(7)] == [(6, False), (6, False), (6, True), (5, True), (4, True),
                                                     (3, True), (2, True)]
    assert [codex_rules.skill_rule(lv, scale="shifted") for lv in range(6)] == [(6, False), (6, True), (5, True),
                                                                      (4, True), (3, True), (2, True)]
    assert codex_rules.skill_rule(0, "cannot", "shifted") is None  # a special skill still cannot be applied
    with pytest.raises(ValueError):
        codex_rules.skill_rule(6, scale="shifted")
    with pytest.raises(ValueError):
        codex_rules.skill_rule(1, scale="sideways")
    assert codex_rules.roll_dist(3, 2, 1, skill_scale="shifted") == codex_rules.roll_dist(3, 3, 1)
    r = api.run("codex-roll", {"ad6": 2, "ed6": 1, "skill": 3, "skill_scale": "shifted", "difficulty": 1})
    assert Fraction(r["p_success"]["exact"]) == 1 - Fraction(1, 2) ** 3  # 4+ on each of 3 dice
    a = api.run("codex-attack", {"weapon": "1", "ed6": 0, "skill": 5, "skill_scale": "shifted"})
    assert Fraction(a["p_hit"]["exact"]) == codex_rules.lv_dist(2, 2, 0, True).at_least(2)
    for calc in ("codex-roll", "codex-attack"):
        bad = api.handle({"op": "run", "id": calc, "params": {"skill": 6, "skill_scale": "shifted"}})
        assert bad["ok"] is False and bad["errors"][0]["field"] == "skill"
        assert bad["errors"][0]["ru"] and bad["errors"][0]["en"]


# ---- the rules that had no calculator at first: their quotes, and the fewer examples they take ---

SOURCE = re.sub(r"\s+", " ", read_source("004"))
SMALLER = settings(max_examples=40, deadline=None)


def quoted(text: str) -> str:
    assert re.sub(r"\s+", " ", text) in SOURCE, text
    return text


# ---- rerolls ------------------------------------------------------------------------------------

def oracle_rerolls(faces, min_face, stress, explodes, rerolls, target, again):
    """{reached: P} by playing the rerolls on the faces themselves, written from the source's words and the
    calculator's stated policy, independently of rules_core: while short of the target and ED6 are left,
    reroll a fresh one (under stress) or else a fresh die with no LV; a rerolled die is fresh again only
    with ``again`` (and only if it failed)."""
    out = {}

    def go(fs, fresh, left, p):
        if oracle_lv(fs, min_face, stress, explodes) >= target or not left:
            key = oracle_lv(fs, min_face, stress, explodes) >= target
            out[key] = out.get(key, 0) + p
            return
        ones = [i for i, f in enumerate(fs) if fresh[i] and f == 1]
        blanks = [i for i, f in enumerate(fs) if fresh[i] and 1 < f < min_face]
        pick = ones if stress and ones else (blanks or ones)
        if not pick:
            out[False] = out.get(False, 0) + p
            return
        i = pick[0]
        for face in range(1, 7):
            nf = list(fs)
            nf[i] = face
            nfresh = list(fresh)
            nfresh[i] = again and face < min_face
            go(nf, nfresh, left - 1, p / 6)

    n = len(faces)
    go(list(faces), [True] * n, rerolls, Fraction(1))
    return out


@pytest.mark.parametrize("n, rerolls", [(1, 1), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)])
def test_rerolls_match_brute_force_over_every_face(n, rerolls):
    for min_face, stress, explodes, target, again in product((3, 6), (0, 2), (True, False), (1, 2, 3), (False, True)):
        want = {}
        for faces in product(range(1, 7), repeat=n):
            for k, p in oracle_rerolls(faces, min_face, stress, explodes, rerolls, target, again).items():
                want[k] = want.get(k, 0) + p / 6 ** n
        got = codex_rules.reroll_dist(n, min_face, stress, explodes, rerolls, target, again).map(lambda x: x[0])
        assert got == Dist(want), (n, rerolls, min_face, stress, explodes, target, again)


@SMALLER
@given(st.integers(1, 8), st.integers(2, 6), st.integers(0, 5), st.integers(1, 6))
def test_rerolls_without_stress_match_icepool(n, min_face, rerolls, target):
    # no stress: successes X of n dice, then Bin(min(r, n − X), p) more — stopping early changes nothing
    p = Fraction(7 - min_face, 6)
    x = ice(icepool.d6.pool(n).expand().map(lambda faces: sum(f >= min_face for f in faces)))
    want = sum(x[k] * sum(Fraction(comb(m, j)) * p ** j * (1 - p) ** (m - j) for j in range(max(0, target - k), m + 1))
               for k in x.outcomes() for m in [min(rerolls, n - k)])
    assert codex_rules.reroll_dist(n, min_face, 0, True, rerolls, target).p(lambda t: t[0]) == want


def ice(die) -> Dist:
    den = die.denominator()
    return Dist({o: Fraction(q, den) for o, q in die.items()})


@SMALLER
@given(st.integers(0, 6), st.integers(1, 6), st.integers(0, 6), st.integers(0, 4), st.integers(1, 6))
def test_more_rerolls_never_hurt_and_again_is_at_least_once(n, level, stress, rerolls, target):
    base = codex_rules.roll_with_rerolls(n, level, target, rerolls, stress).p(lambda t: t[0])
    assert codex_rules.roll_with_rerolls(n, level, target, rerolls + 1, stress).p(lambda t: t[0]) >= base
    assert codex_rules.roll_with_rerolls(n, level, target, rerolls, stress, again=True).p(lambda t: t[0]) >= base
    assert codex_rules.roll_with_rerolls(n, level, target, 0, stress).p(lambda t: t[0]) == \
        codex_rules.roll_dist(n, level, stress).at_least(target)
    spent = codex_rules.roll_with_rerolls(n, level, target, rerolls, stress).map(lambda t: t[1])
    assert spent.max() <= rerolls


def test_flax_rerolls_aim_at_the_difficulty_less_the_flax_result():
    d = codex_rules.roll_with_rerolls(2, 3, 3, 2, flax=True)
    want = codex_rules.flax_dist().bind(lambda e: Dist.constant(True) if 3 - e <= 0 else
                              codex_rules.reroll_dist(2, 5, 0, False, 2, 3 - e).map(lambda t: t[0]))
    assert d.map(lambda t: t[0]) == want


def test_reroll_reading_and_the_calculator(monkeypatch):
    quoted("Перебросить кубики в любом количестве ДО значения подготовки")
    quoted("ED6 прибавляются к броску проверки или сохраняются для совершения перебросов (это одна и та же "
           "расходуемая сумма — см. Подготовки).")
    base = {"ad6": 2, "ed6": 1, "skill": 3, "difficulty": 2, "rerolls": 2}
    once = run("codex-roll", base)
    again = run("codex-roll", {**base, "reroll_again": "again"})
    want = codex_rules.reroll_dist(3, 5, 0, True, 2, 2, False).p(lambda t: t[0])
    assert F(once["p_success_rerolls"]) == want == F(again["p_success_rerolls"])  # three dice: enough fresh ones
    assert F(once["p_success"]) == codex_rules.roll_dist(3, 3).at_least(2)  # the plain roll stays as it was
    lone = {"ad6": 1, "ed6": 0, "skill": 3, "difficulty": 1, "rerolls": 2}  # one die: the same die again, or not
    assert F(run("codex-roll", lone)["p_success_rerolls"]) == 1 - Fraction(2, 3) ** 2
    assert F(run("codex-roll", {**lone, "reroll_again": "again"})["p_success_rerolls"]) == 1 - Fraction(2, 3) ** 3
    split = next(b for b in once["display"] if b["kind"] == "table")
    assert [row[:2] for row in split["rows"]] == [[0, 3], [1, 2], [2, 1], [3, 0]]
    assert F(split["rows"][1][2]) == want
    monkeypatch.setattr(codex_rules, "REROLL", "again")
    assert codex_rules.reroll_dist(1, 5, 0, True, 2, 1).p(lambda t: t[0]) == 1 - Fraction(2, 3) ** 3


def test_exhaustion_6_takes_the_rerolls_too():
    quoted("персонаж лишается всех ED6. Это означает отсутствие добора и переброса от подготовок")
    res = run("codex-roll", {"ad6": 2, "ed6": 2, "rerolls": 3, "exhaustion": 6})
    assert "p_success_rerolls" not in res and res["dice"] == 2


def test_reroll_roll_plays_the_policy():
    calc = api.get("codex-roll")
    p = api.validate(calc, {"ad6": 2, "ed6": 0, "skill": 3, "difficulty": 2, "rerolls": 2, "stress": 1})
    # 1 and 5: the one eats the five → 0 LV; reroll the one (→ 6): 5 and a six that explodes (S = 1) → 3 LV,
    # done after one reroll
    res = calc.roll(p, FakeRoller(1, 5, 6))
    assert res["rerolled"] == [0] and res["rerolls_spent"] == 1 and res["lv"] == 3 and res["success"]
    # 2 and 3 at skill 3 (5+): reroll both, once each
    res = calc.roll(p, FakeRoller(2, 3, 4, 2))
    assert res["rerolled"] == [0, 1] and res["lv"] == 0 and not res["success"]


# ---- armor: mobility ------------------------------------------------------------------------------

def test_armor_mobility_numbers_are_the_words():
    quoted("| Легкая броня | 3 | 1 | 1D6 от подвижности |")
    quoted("| Тяжелая броня | 7 | 3 | 4D6 от подвижности, −2 базовая скорость |")
    for a in codex_tables.ARMOR[1:]:
        assert a["penalties"]["ru"].startswith(f"{a['mobility_dice']}D6 от подвижности")
        assert (f"{a['speed']} базовая скорость".replace("-", "−") in a["penalties"]["ru"]) == bool(a["speed"])
    assert codex_tables.ARMOR[0]["mobility_dice"] == 0


def test_mobility_penalty_and_its_reading(monkeypatch):
    assert codex_rules.mobility_penalty(2, 3, 3) == (1, 0)  # heavy: 4 dice off, the three ED6 first
    assert codex_rules.mobility_penalty(2, 3, 3, "ad6_first") == (0, 1)
    assert codex_rules.mobility_penalty(1, 0, 3) == (0, 0)
    res = run("codex-roll", {"ad6": 2, "ed6": 2, "skill": 3, "armor": "2", "mobility": True})
    assert res["dice"] == 2 and F(res["p_success"]) == codex_rules.roll_dist(2, 3).at_least(2)
    assert run("codex-roll", {"ad6": 2, "ed6": 2, "armor": "2"})["dice"] == 4  # not a mobility roll
    monkeypatch.setattr(codex_rules, "MOBILITY", "ad6_first")
    assert codex_rules.mobility_penalty(2, 3, 3) == (0, 1)


# ---- shields: points -------------------------------------------------------------------------------

def test_shield_stops_what_would_hit_without_it():
    quoted("Щит увеличивает сложность попадания по персонажу в ближнем и в дальнем бою, расходуя пункты прочности и "
           "накладывая FV.")
    base = {"weapon": "1", "kind": "normal", "range": "ranged", "ed6": 2, "skill": 4, "shield": "2"}  # large: 3FV
    res = run("codex-attack", base)
    lv = codex_rules.roll_dist(4, 4)
    assert res["hit_difficulty"] == 5 and F(res["p_shield_stops"]) == lv.p(lambda x: 2 <= x < 5)
    after = {x["points"]: F(x["p"]) for x in res["shield_points_after"]}
    assert after == {20 - 3: lv.p(lambda x: 2 <= x < 5), 20: 1 - lv.p(lambda x: 2 <= x < 5)}


def test_a_stronger_hindrance_leaves_the_shield_nothing_to_stop():
    quoted("Пример: персонаж с большим щитом (+3) под плащом «размывающий силуэт» (+5) — работает только 5, щит не "
           "добавляется.")
    res = run("codex-attack", {"shield": "2", "other_hindrance": 5, "ed6": 3, "skill": 5})
    assert res["hit_difficulty"] == 7 and F(res["p_shield_stops"]) == 0


def test_shield_wear_readings_and_a_broken_shield(monkeypatch):
    base = {"weapon": "2", "kind": "normal", "ed6": 2, "skill": 4, "shield": "0", "range": "melee", "shield_lost": 2}
    stops = F(run("codex-attack", base)["p_shield_stops"])
    dmg = {x["points"]: F(x["p"]) for x in run("codex-attack", base)["shield_points_after"]}
    assert dmg == {0: stops, 3: 1 - stops}  # a heavy blow of 6 against the buckler's 3 points left
    one = {x["points"]: F(x["p"]) for x in run("codex-attack", {**base, "shield_wear": "stopped_one"})["shield_points_after"]}
    assert one == {2: stops, 3: 1 - stops}
    every = run("codex-attack", {**base, "shield_wear": "every_attack"})["shield_points_after"]
    assert [x["points"] for x in every] == [2]
    broken = run("codex-attack", {**base, "shield_lost": 5})
    assert broken["shield_broken"] and broken["hit_difficulty"] == 2
    pavise = run("codex-attack", {"shield": "3"})
    assert "p_shield_stops" not in pavise
    monkeypatch.setattr(codex_rules, "SHIELD_WEAR", "every_attack")
    assert codex_rules.shield_wear(False, 6) == 1


# ---- counteraction ----------------------------------------------------------------------------------

def test_counteraction_rolls_ed6_alone_against_the_lv():
    quoted("Персонаж бросает только доступные ему ED6 и пытается своими LV перекрыть LV того, кому мешает: если его "
           "результат достаточен, чужое действие срывается или ослабляется.")
    res = run("codex-counteraction", {"ed6": 3, "skill": 3, "their_lv": 2})
    mine = ice(icepool.d6.pool(3).expand().map(lambda f: sum(x >= 5 for x in f)))
    assert F(res["p_counter"]) == mine.at_least(2) == F(summary(res)["p_counter"])


@SMALLER
@given(st.integers(0, 5), st.integers(2, 6), st.integers(0, 4), st.integers(0, 3), st.integers(2, 6))
def test_counteraction_against_a_roll(ed6, level, stress, their_dice, their_level):
    res = run("codex-counteraction", {"ed6": ed6, "skill": level, "stress": stress, "against": "roll",
                                      "their_ad6": min(their_dice, 4), "their_ed6": 0, "their_skill": their_level})
    mine = codex_rules.roll_dist(ed6, level, stress)
    theirs = codex_rules.roll_dist(min(their_dice, 4), their_level)
    want = sum(mine[a] * theirs[b] for a in mine.outcomes() for b in theirs.outcomes() if a >= b)
    assert F(res["p_counter"]) == want


def test_counteraction_tie_reading_and_exhaustion(monkeypatch):
    eq = F(run("codex-counteraction", {"ed6": 2, "skill": 4, "their_lv": 1})["p_counter"])
    more = F(run("codex-counteraction", {"ed6": 2, "skill": 4, "their_lv": 1, "tie": "more"})["p_counter"])
    lv = codex_rules.roll_dist(2, 4)
    assert eq == lv.at_least(1) and more == lv.at_least(2)
    quoted("невозможность применять способности и совершать Противодействие")
    assert F(run("codex-counteraction", {"exhaustion": 6})["p_counter"]) == 0
    monkeypatch.setattr(codex_rules, "COUNTER_TIE", "more")
    assert codex_rules.counter_works(2, 2) is False


def test_counteraction_roll():
    calc = api.get("codex-counteraction")
    res = calc.roll(api.validate(calc, {"ed6": 2, "skill": 3, "their_lv": 2}), FakeRoller(5, 6))
    assert res["lv"] == 2 and res["success"]
    res = calc.roll(api.validate(calc, {"ed6": 1, "skill": 3, "against": "roll", "their_ad6": 1, "their_ed6": 0,
                                        "their_skill": 3}), FakeRoller(5, 6))
    assert res["lv"] == 1 and res["their_lv"] == 1 and res["success"]


# ---- the consequences by track level ------------------------------------------------------------------

def test_consequences_numbers_are_the_words():
    quoted("| 5 | 2 урона в 3 подготовки |")
    for level, row in codex_tables.CONSEQUENCES.items():
        if row["preparations"]:
            assert row["consequence"]["ru"].startswith(f"{row['damage']} урон")
            assert f"в {row['preparations']} подготовк" in row["consequence"]["ru"]
        else:
            assert row["consequence"]["ru"] == "Ничего" and row["damage"] == 0


def test_consequences_by_where_the_damage_stopped():
    quoted("В зависимости от того, на каком уровне остановился урон, персонаж получает следующие последствия:")
    cases = [(0, 1, 0, 0), (10, 1, 0, 0), (11, 2, 1, 1), (18, 2, 1, 1), (19, 3, 1, 2), (27, 4, 1, 3), (33, 5, 2, 3),
             (39, 6, 3, 3), (100, 6, 3, 3)]
    for damage, level, per, count in cases:
        res = run("codex-consequences", {"damage": damage})
        assert (res["level"], res["damage_per_preparation"], res["preparations"]) == (level, per, count), damage
    res = run("codex-consequences", {"damage": 12, "tough": 1})
    assert res["to_next_level"] == 7 and not res["incapacitated"]
    assert run("codex-consequences", {"damage": 18, "tough": 1})["incapacitated"]


def test_consequences_roll_and_the_parity_reading(monkeypatch):
    quoted("1-й D6 определяет, в какую группу подготовок (Универсальная или жанровая) будет получен урон (чёт/нечет).")
    calc = api.get("codex-consequences")
    res = calc.roll(api.validate(calc, {"damage": 20}), FakeRoller(2, 5, 3, 1))  # level 3: two preparations
    assert [x["group"] for x in res["preparations"]] == ["universal", "genre"]
    odd = calc.roll(api.validate(calc, {"damage": 20, "parity": "odd_universal"}), FakeRoller(2, 5, 3, 1))
    assert [x["group"] for x in odd["preparations"]] == ["genre", "universal"]
    assert calc.roll(api.validate(calc, {"damage": 3}), FakeRoller())["preparations"] == []
    monkeypatch.setattr(codex_rules, "PARITY", "odd_universal")
    assert codex_rules.preparation_group(1) == "universal"


# ---- two counters against each other ------------------------------------------------------------------

def test_the_negotiation_example():
    quoted("Ведущий размечает два счётчика: Раздражение — на 3 (когда лопнет терпение чиновника, и он выставит всех "
           "вон) и Доводы — на 6 (чиновник упёртый, ему нужно больше доводов).")
    quoted("Успешные действия заполняют Доводы, провальные — Раздражение; цель игроков — заполнить Доводы раньше.")
    res = run("codex-counters", {"ad6": 2, "ed6": 2, "skill": 4, "difficulty": 1})
    p = codex_rules.roll_dist(4, 4).at_least(1)
    # six successes before three failures: a negative binomial
    want = sum(comb(5 + k, k) * p ** 6 * (1 - p) ** k for k in range(3))
    assert F(res["p_fill"]) == want == F(summary(res)["p_fill"])


def test_counters_step_reading(monkeypatch):
    one = F(run("codex-counters", {"ad6": 4, "ed6": 2, "skill": 5, "difficulty": 1})["p_fill"])
    lv = F(run("codex-counters", {"ad6": 4, "ed6": 2, "skill": 5, "difficulty": 1, "step": "lv"})["p_fill"])
    assert lv > one
    race = codex_rules.counters_race(Dist.constant(3), 1, 6, 3, "lv")
    assert race == Dist.constant(("fill", 0))  # two successes of 3 LV fill 6 divisions
    monkeypatch.setattr(codex_rules, "COUNTER_STEP", "lv")
    assert codex_rules.counters_race(Dist.constant(3), 1, 6, 3) == race


@SMALLER
@given(st.integers(0, 6), st.integers(1, 12), st.integers(1, 12), st.sampled_from(codex_rules.COUNTER_STEP_READINGS))
def test_a_counters_race_always_ends(n, fill, limit, step):
    race = codex_rules.counters_race(codex_rules.roll_dist(n, 4), 2, fill, limit, step)
    assert sum(p for _, p in race.items()) == 1
    assert all(k in ("fill", "limit") and 0 <= m < (limit if k == "fill" else fill) for k, m in race.outcomes())


# ---- the stress a hard check brings -----------------------------------------------------------------------

def test_a_hard_check_brings_stress_and_its_reading(monkeypatch):
    quoted("Сложные и выше среднего проверки всегда сопровождаются стрессом, но не обязательно требуют тратить весь "
           "запас AD6.")
    base = {"ad6": 3, "ed6": 2, "skill": 4, "stress": 2, "difficulty": 3}
    after = run("codex-roll", base)
    before = run("codex-roll", {**base, "check_stress": "before"})
    assert F(after["p_success"]) == codex_rules.roll_dist(5, 4, 2).at_least(3)
    assert F(before["p_success"]) == codex_rules.roll_dist(5, 4, 3).at_least(3)
    easy = {**base, "difficulty": 2}  # «Средне»: no stress, whatever the reading
    assert run("codex-roll", {**easy, "check_stress": "before"})["p_success"] == run("codex-roll", easy)["p_success"]
    # at 6 stress one more is FLAX
    full = run("codex-roll", {**base, "stress": 6, "check_stress": "before"})
    assert F(full["p_success"]) == codex_rules.roll_dist(5, 4, flax=True).at_least(3)
    quoted("Очень сложные проверки — редкие, но реальные ситуации; требуют потратить все AD6 и всегда сопровождаются "
           "стрессом.")
    notes = [b["text"]["ru"] for b in run("codex-roll", {**base, "difficulty": 6})["display"] if b["kind"] == "note"]
    assert any("все AD6" in t for t in notes)
    monkeypatch.setattr(codex_rules, "CHECK_STRESS", "before")
    assert codex_rules.stress_for_check(2, False, 3) == (3, False)


# ---- abilities: the cost by level, spent or locked (§ 13) ------------------------------------------

def _ice_success(dice: int, min_face: int, stress: int, difficulty: int) -> Fraction:
    """P(LV ≥ difficulty) over icepool's exact pool, the stress rule by the independent oracle."""
    if dice == 0:
        return Fraction(int(difficulty <= 0))
    lv = icepool.d6.pool(dice).expand().map(lambda faces: oracle_lv(faces, min_face, stress, True))
    return Fraction(lv.probability(">=", difficulty))


def test_ability_costs_one_two_four_ed6():
    quoted("Способности — и мгновенные эффекты, и стойки — тратятся исключительно из ED6 нужной подготовки. AD6 "
           "способностями не расходуются никогда.")
    quoted("Потраченные кости списываются как чистая плата за активацию правила/эффекта и не добавляются к самому "
           "броску на успех")
    assert [codex_tables.ABILITY_COSTS[n]["ed6"] for n in (1, 2, 3)] == [1, 2, 4]
    for level, cost in ((1, 1), (2, 2), (3, 4)):
        res = run("codex-ability", {"level": level, "ed6": 5, "ad6": 2, "skill": 3, "difficulty": 2})
        assert res["cost"] == cost and res["ed6_left"] == 5 - cost and summary(res)["ed6_left"] == 5 - cost
        # the roll: the AD6 and the ED6 left, against the same roll with the whole preparation
        assert F(res["p_success"]) == _ice_success(2 + 5 - cost, 5, 0, 2)
        assert F(res["p_without"]) == _ice_success(2 + 5, 5, 0, 2)
    # not enough ED6: the ability cannot be used
    short = run("codex-ability", {"level": 3, "ed6": 3})
    assert short["possible"] is False and short["ed6_left"] is None and "p_success" not in short
    # «персонаж лишается всех ED6. Это означает … невозможность применять способности»
    assert run("codex-ability", {"level": 1, "exhaustion": 6})["possible"] is False


def test_a_stance_locks_its_dice_and_the_level_reading():
    quoted("при входе в стойку блокируете кости по уровню способности из ED6 соответствующей подготовки")
    quoted("Заблокированные кости недоступны нигде — в том числе на всех последующих бросках — до тех пор, пока "
           "стойка не будет снята.")
    stance = run("codex-ability", {"level": 3, "use": "stance", "ed6": 5})
    assert stance["cost"] == 4 and stance["ed6_left"] == 1
    assert run("codex-ability", {"level": 3, "use": "stance", "ed6": 5, "stance_block": "level"})["ed6_left"] == 2
    # an instant ability while a stance holds 2: 5 − 2 − 1
    res = run("codex-ability", {"level": 1, "ed6": 5, "blocked": 2, "ad6": 1, "skill": 4, "difficulty": 1})
    assert res["ed6_left"] == 2 and F(res["p_success"]) == _ice_success(1 + 2, 4, 0, 1)
    assert F(res["p_without"]) == _ice_success(1 + 3, 4, 0, 1)
    assert errors_of("codex-ability", {"ed6": 2, "blocked": 3}) == {"blocked"}


def test_one_stance_at_a_time_or_one_entered_a_turn():
    quoted("За один ход может быть только одна стойка/режим.")
    # a stance of level 2 entered while an earlier one holds 2 of the preparation's 4 ED6
    entering = {"level": 2, "use": "stance", "ed6": 4, "blocked": 2, "ad6": 2, "skill": 4, "difficulty": 2}
    # one active at a time (the reading taken): the earlier stance is dropped, its dice come back: 4 − 2
    active = run("codex-ability", entering)
    assert active["possible"] and active["ed6_left"] == 2
    assert F(active["p_success"]) == _ice_success(2 + 2, 4, 0, 2)
    # one entered a turn: the earlier stance stays and keeps its 2: 4 − 2 − 2
    per_turn = run("codex-ability", {**entering, "stance_limit": "per_turn"})
    assert per_turn["possible"] and per_turn["ed6_left"] == 0
    assert F(per_turn["p_success"]) == _ice_success(2, 4, 0, 2)
    assert F(per_turn["p_without"]) == _ice_success(2 + 2, 4, 0, 2)
    assert run("codex-ability", {**entering, "ed6": 3, "stance_limit": "per_turn"})["possible"] is False
    # the reading never touches an instant ability: the stance's dice stay locked either way
    for limit in codex_rules.STANCE_LIMIT_READINGS:
        assert run("codex-ability", {"level": 1, "ed6": 4, "blocked": 2, "stance_limit": limit})["ed6_left"] == 1
    assert codex_rules.STANCE_LIMIT == "active"
    assert [codex_rules.held_by_other_stances(3, use, limit)
            for use in codex_rules.ABILITY_USES for limit in codex_rules.STANCE_LIMIT_READINGS] \
        == [3, 3, 0, 3]


@SMALLER
@given(st.integers(1, 3), st.sampled_from(["spend", "stance"]), st.integers(0, 8), st.integers(0, 4),
       st.integers(1, 6), st.integers(0, 3))
def test_an_ability_never_makes_the_roll_likelier(level, use, ed6, ad6, skill, stress):
    res = run("codex-ability", {"level": level, "use": use, "ed6": ed6, "ad6": ad6, "skill": skill, "stress": stress})
    assert res["possible"] == (ed6 >= res["cost"])
    if res["possible"]:
        assert F(res["p_success"]) <= F(res["p_without"])


def errors_of(cid: str, params: dict) -> set:
    res = api.handle({"op": "run", "id": cid, "params": params})
    assert not res["ok"] and "internal" not in res, res
    return {e["field"] for e in res["errors"]}


# ---- crippling and brutal weapons: injury tokens (§ 12) -----------------------------------------------

def test_crippling_adds_by_its_modification_each_time_tokens_are_got():
    quoted("Калечащее оружие при каждом получении противником жетона травм увеличивает их количество по модификации, "
           "в которую вставлено.")
    # modification 2; hits give 1, 0, 3 tokens: 1 + 2, nothing (no token got), 3 + 2 — by getting; 3 + 6 by token
    res = run("codex-tokens", {"gains": [1, 0, 3], "crippling": 2, "cruel": 0})
    assert [h["tokens"] for h in res["hits"]] == [3, 3, 8] and res["crippling_added"] == 4
    per_token = run("codex-tokens", {"gains": [1, 0, 3], "crippling": 2, "cruel": 0, "per": "token"})
    assert per_token["tokens"] == 3 + 3 + 6 and summary(per_token)["tokens"] == 12


def test_brutal_activates_by_its_quality_on_every_hit():
    quoted("Жестокое оружие при попадании по противнику активирует жетоны травм на противнике по качеству "
           "модификации, в которой стоит.")
    # quality 2, 1 token before; hits give 0, 2, 0: activations 1, 2, 2 of those already there
    res = run("codex-tokens", {"before": 1, "gains": [0, 2, 0], "crippling": 0, "cruel": 2})
    assert [h["activated"] for h in res["hits"]] == [1, 1, 2] and res["activated"] == 4
    after = run("codex-tokens", {"before": 1, "gains": [0, 2, 0], "crippling": 0, "cruel": 2, "order": "after"})
    assert [h["activated"] for h in after["hits"]] == [1, 2, 2]
    spent = run("codex-tokens", {"before": 1, "gains": [0, 2, 0], "crippling": 0, "cruel": 2, "activated": "spent"})
    assert [(h["activated"], h["tokens"]) for h in spent["hits"]] == [(1, 0), (0, 2), (2, 0)]


@SMALLER
@given(st.integers(0, 10), st.lists(st.integers(0, 5), min_size=1, max_size=6), st.integers(0, 4), st.integers(0, 4),
       st.sampled_from(codex_rules.CRIPPLING_PER_READINGS), st.sampled_from(codex_rules.CRUEL_ORDER_READINGS))
def test_tokens_add_up(before, gains, crippling, cruel, per, order):
    hits = codex_rules.injury_tokens(before, gains, crippling, cruel, per, order)
    assert hits[-1]["tokens"] == before + sum(gains) + sum(h["crippling"] for h in hits)
    assert all(h["activated"] <= cruel and h["tokens"] >= 0 for h in hits)
    spent = codex_rules.injury_tokens(before, gains, crippling, cruel, per, order, "spent")
    assert spent[-1]["tokens"] == spent_total(before, spent) and spent[-1]["tokens"] <= hits[-1]["tokens"]


def spent_total(before: int, hits: list[dict]) -> int:
    return before + sum(h["got"] + h["crippling"] - h["activated"] for h in hits)


# ---- the pavise and exhaustion (§ 11, § 7) ----------------------------------------------------------

def test_the_pavise_hinders_in_melee_only_between_the_fighters():
    quoted("5FV от дальних атак / 2FV в ближнем бою (если между сражающимися)")
    melee = {"shield": next(str(i) for i, s in enumerate(codex_tables.SHIELDS) if s["points"] is None), "range": "melee",
             "skill": 3, "ed6": 2}
    between, beside = run("codex-attack", melee), run("codex-attack", {**melee, "pavise_between": False})
    assert F(beside["p_hit"]) == F(run("codex-attack", {k: v for k, v in melee.items() if k != "shield"})["p_hit"])
    assert F(between["p_hit"]) < F(beside["p_hit"])


def test_exhaustion_takes_the_ed6_at_its_sixth_level_by_the_reading():
    quoted("Шкала состоит из 5 нарастающих уровней и 6-го как отдельного состояния (по образцу Стресс → FLAX).")
    quoted("У каждого персонажа есть счётчик на 6 стресса, который нельзя расширить.")
    roll = {"ad6": 2, "ed6": 3, "skill": 3, "difficulty": 2}
    fresh, five = run("codex-roll", roll), run("codex-roll", {**roll, "exhaustion": 5})
    assert F(five["p_success"]) == F(fresh["p_success"])  # levels 1–5: «НАДО РАЗРАБОТАТЬ»
    six = run("codex-roll", {**roll, "exhaustion": 6})
    assert six["dice"] == 2 and F(six["p_success"]) < F(fresh["p_success"])
    assert run("codex-roll", {**roll, "exhaustion": 6, "exhaustion_state": "seventh"})["dice"] == 5
    assert run("codex-roll", {**roll, "exhaustion": 7, "exhaustion_state": "seventh"})["dice"] == 2
    assert [codex_rules.exhaustion_deprives(n) for n in range(8)] == [False] * 6 + [True] * 2
