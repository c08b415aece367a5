"""«Codex of…» (004): the roll with stress and FLAX, hit difficulty, armor, track; calculators.

Oracles: the source's own examples and words, an independent step-by-step implementation of the
stress rule run over icepool's exact d6 pools, brute force over every face tuple, and hypothesis
invariants.
"""

from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.codex import calculators as CC
from rules_core.codex import rules as R
from rules_core.codex import tables as ct
from rules_core.dice import Dist
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
    assert R.resolve([1, 1, 4, 6, 6, 5], 4, 2)["lv"] == 4
    # S = 1: only one 1 works, it eats the 4; one six of the two explodes: 5, 6, 6 → 1 + 1 + 2
    r = R.resolve([1, 1, 4, 6, 6, 5], 4, 1)
    assert r["lv"] == 4 and r["marks"] == ["one", "", "eaten", "explode", "success", "success"]


def test_a_six_is_eaten_whole_when_the_quota_is_left():
    # «Если единицы съели все более мелкие успехи, а их квота ещё не исчерпана, следующей съедается
    # шестёрка целиком — она пропадает полностью и не участвует в пункте 2.»
    # skill 2 (only 6), S = 2, two 1s: two sixes vanish, the third explodes → 2 LV
    assert R.resolve([1, 1, 6, 6, 6], 6, 2)["lv"] == 2
    # skill 3 (5+), S = 3, three 1s: the 5 goes, then two sixes; one six left, explodes → 2 LV
    assert R.resolve([6, 1, 5, 1, 6, 1, 6], 5, 3)["lv"] == 2


def test_up_to_s_ones_and_up_to_s_sixes():
    # «До S выпавших единиц»: with S = 1 the second 1 does nothing
    assert R.resolve([1, 1, 5, 5], 5, 1)["lv"] == 1
    # «до S шестёрок превращаются в 2LV»: S = 2 and four sixes → two explode
    assert R.resolve([6, 6, 6, 6], 6, 2)["lv"] == 6
    # S = 0: a plain count
    assert R.resolve([1, 1, 6, 6, 4], 4, 0)["lv"] == 3


def test_level_1_never_explodes_and_level_0_reading():
    # level 1: «Только 6, но шестёрки никогда не взрываются от стресса»
    assert R.skill_rule(1) == (6, False) and R.skill_rule(2) == (6, True)
    assert R.resolve([6, 6], 6, 3, explodes=False)["lv"] == 2
    # level 0 (no row): «как уровень 1» by default, or «нельзя применить»
    assert R.skill_rule(0, "as_level_1") == (6, False)
    assert R.skill_rule(0, "cannot") is None
    assert R.roll_dist(3, 0, 2, skill0="cannot") is None
    assert R.roll_dist(3, 0, 2) == R.roll_dist(3, 1, 2)
    with pytest.raises(ValueError):
        R.skill_rule(0, "maybe")


# ---- exactness: brute force and icepool ---------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("min_face", [2, 4, 6])
def test_lv_dist_equals_brute_force_over_every_face_tuple(n, min_face):
    for stress in range(7):
        for explodes in (True, False):
            acc = {}
            for faces in product(range(1, 7), repeat=n):
                lv = R.resolve(list(faces), min_face, stress, explodes)["lv"]
                assert lv == oracle_lv(faces, min_face, stress, explodes)
                acc[lv] = acc.get(lv, 0) + Fraction(1, 6**n)
            assert R.lv_dist(n, min_face, stress, explodes) == Dist(acc)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(2, 6), st.integers(0, 6), st.booleans())
def test_lv_dist_matches_icepool(n, min_face, stress, explodes):
    oracle = icepool.d6.pool(n).expand().map(lambda faces: oracle_lv(faces, min_face, stress, explodes))
    assert R.lv_dist(n, min_face, stress, explodes) == ice_to_dist(oracle)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 6), st.integers(1, 6), st.sampled_from(R.FLAX_READINGS))
def test_flax_matches_icepool(n, level, reading):
    min_face = ct.SKILL_LEVELS[level]["min_face"]
    base = icepool.d6.pool(n).expand().map(lambda faces: sum(f >= min_face for f in faces))
    extra = icepool.d6 - icepool.d6 if reading == "signed" else (icepool.d6 - icepool.d6).map(abs)
    oracle = (base + extra).map(lambda x: max(0, x))
    assert R.roll_dist(n, level, stress=6, flax=True, flax_reading=reading) == ice_to_dist(oracle)


def test_flax_readings():
    # «Из большего выпавшего вычитается меньшее»: signed (successes − failures) or always added
    assert R.flax_extra(2, 5, "signed") == -3 and R.flax_extra(2, 5, "absolute") == 3
    assert R.flax_dist("signed").mean() == 0
    assert R.flax_dist("absolute").mean() == Fraction(35, 18)  # E|X − Y| for two d6
    with pytest.raises(ValueError):
        R.flax_extra(1, 1, "both")


# ---- invariants ---------------------------------------------------------------------------------

@SMALL
@given(st.lists(st.integers(1, 6), max_size=10), st.integers(1, 5), st.integers(0, 6))
def test_a_better_skill_never_gives_fewer_lv(faces, level, stress):
    lo, lo_boom = R.skill_rule(level)
    hi, hi_boom = R.skill_rule(level + 1)
    assert R.resolve(faces, hi, stress, hi_boom)["lv"] >= R.resolve(faces, lo, stress, lo_boom)["lv"]


@SMALL
@given(st.integers(0, 10), st.integers(1, 6), st.integers(1, 12))
def test_more_dice_never_hurt_without_stress(n, level, difficulty):
    assert R.roll_dist(n + 1, level).at_least(difficulty) >= R.roll_dist(n, level).at_least(difficulty)


@SMALL
@given(st.lists(st.integers(1, 6), max_size=12), st.integers(2, 6), st.integers(0, 6), st.booleans())
def test_lv_bounds(faces, min_face, stress, explodes):
    lv = R.resolve(faces, min_face, stress, explodes)["lv"]
    plain = sum(f >= min_face for f in faces)
    assert max(0, plain - min(stress, faces.count(1))) <= lv <= plain + min(stress, faces.count(6))


# ---- hit difficulty, armor, track ---------------------------------------------------------------

def test_hit_difficulty_examples():
    # § 24: «персонаж с большим щитом (+3) под плащом «размывающий силуэт» (+5) — работает только 5,
    # щит не добавляется. Но +2 «за персонажа» работает всегда»
    large = ct.SHIELDS[2]
    assert large["name"]["ru"] == "Большой щит" and large["ranged_fv"] == 3
    assert R.hit_difficulty([large["ranged_fv"], 5]) == 7
    # § 23: no cover → 2; partial → 4; full → 6; «Максимальный уровень любого эффекта затруднения — 5»
    assert [R.hit_difficulty([c]) for c in (0, 2, 4)] == [2, 4, 6]
    assert R.hit_difficulty([9]) == 7
    # «и не ниже 1 в любом случае»
    assert R.hit_difficulty([0], reduction=5) == 1
    assert R.top1([]) == 0 and R.top1([2, 4, 3]) == 4


def test_armor_threshold_covers_one_more_weapon_class_each():
    # § 10: «каждая следующая броня перекрывает ровно на один класс оружия больше, чем предыдущая»;
    # «Большое … всегда наносит полный урон»
    weapons = ct.WEAPONS
    for i, armor in enumerate(ct.ARMOR):
        n = armor["threshold"]
        blocked = [w["id"] for w in weapons[:3] if R.through_armor(w["damage"], n) == 1 and w["damage"] != 1]
        assert blocked == [w["id"] for w in weapons[:i]]
        assert R.through_armor(weapons[3]["damage"], n, ignores_armor=True) == 8
    assert weapons[R.LARGE_CATEGORY]["name"]["ru"] == "Большое (+)" and weapons[R.LIGHT_CATEGORY]["name"]["ru"] == "Легкое"
    # «если урон одиночного попадания меньше порога брони N — … всего 1 урона. Если урон равен порогу
    # или выше — проходит полностью»
    assert R.through_armor(3, 3) == 3 and R.through_armor(2, 3) == 1


def test_attack_kinds():
    # § 20 with § 19's dice: quick halves the AD6 (down) and the damage (down)
    assert [R.attack_ad6("quick", d) for d in (1, 2, 3, 4)] == [0, 1, 1, 2]
    assert R.attack_ad6("normal", 3) == 3 and R.attack_ad6("burst", 3, 4) == 4 == R.attack_ad6("aimed", 1)
    assert R.hit_damage("quick", 3) == 1 and R.hit_damage("quick", 6) == 3
    # «Очередь — … урон за каждый успех равен урону оружия/2, кроме лёгкого»
    assert R.hit_damage("burst", 6) == 3 and R.hit_damage("burst", 2, light=True) == 2
    assert R.hit_damage("burst", 3, burst_rounding="down") == 1 and R.hit_damage("burst", 3, burst_rounding="up") == 2
    assert R.hit_damage("aimed", 6, aimed_bonus="double") == 12 and R.hit_damage("aimed", 6) == 6
    # «Игнорирование 1 уровня класса брони»
    assert R.armor_after_aim(3, "aimed", "ignore_armor_class") == 2 and R.armor_after_aim(0, "aimed",
                                                                                          "ignore_armor_class") == 0
    assert R.armor_after_aim(3, "normal", "ignore_armor_class") == 3
    # burst against armor: each success its own hit, or the whole burst one hit
    assert R.attack_damage(3, "burst", 3, 4, False, "per_success") == 3
    assert R.attack_damage(3, "burst", 3, 4, False, "total") == 9


def test_track():
    # § 5: 10/8/8/6/6/4; the first threshold for everyone, one more per level of «Стойкий»
    assert [R.track_capacity(t) for t in range(6)] == [10, 18, 26, 32, 38, 42]
    assert [R.track_level(x) for x in (0, 1, 10, 11, 18, 19, 26, 27, 32, 33, 38, 39, 42, 60)] == \
        [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6]
    # «становится недееспособным, когда заканчивается его доступный порог»: full, or past it
    assert R.incapacitated(10, 0, "full") and not R.incapacitated(10, 0, "over")
    assert R.incapacitated(11, 0, "over") and not R.incapacitated(17, 1, "full")
    with pytest.raises(ValueError):
        R.incapacitated(1, 0, "never")


# ---- the calculators ----------------------------------------------------------------------------

def test_codex_roll_calculator():
    r = api.run("codex-roll", {"ad6": 2, "ed6": 1, "skill": 3, "stress": 2, "difficulty": 2})
    d = R.lv_dist(3, 5, 2, True)
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
    out = CC.success_roll.roll(params, FakeRoller(1, 6, 4, 1, 6))
    # two 1s eat the 4, then a six whole; the last six explodes → 2 LV
    assert out["lv"] == 2 and out["ad6_faces"] == [1, 6] and out["ed6_faces"] == [4, 1, 6]
    flax = CC.success_roll.roll(params | {"flax": True}, FakeRoller(1, 6, 4, 1, 6, 2, 5))
    assert flax["flax_extra"] == -3 and flax["lv"] == 0  # 3 successes − 3, never below 0


def test_codex_attack_calculator():
    base = {"weapon": "2", "kind": "normal", "ed6": 2, "skill": 3, "cover": "1", "armor": "2"}
    r = api.run("codex-attack", base)
    # heavy weapon: 3 AD6 + 2 ED6; partial cover → difficulty 4; 6 damage ≥ medium armor's 4
    assert (r["ad6"], r["ed6"], r["hit_difficulty"], r["per_hit"], r["threshold"]) == (3, 2, 4, 6, 4)
    p_hit = R.lv_dist(5, 5, 0, True).at_least(4)
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
    lv = R.lv_dist(4, 6, 0, True)
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
    assert R.SKILL_SCALE_READINGS == ("as_written", "shifted")
    assert [R.skill_rule(lv) for lv in range(7)] == [(6, False), (6, False), (6, True), (5, True), (4, True),
                                                     (3, True), (2, True)]
    assert [R.skill_rule(lv, scale="shifted") for lv in range(6)] == [(6, False), (6, True), (5, True),
                                                                      (4, True), (3, True), (2, True)]
    assert R.skill_rule(0, "cannot", "shifted") is None  # a special skill still cannot be applied
    with pytest.raises(ValueError):
        R.skill_rule(6, scale="shifted")
    with pytest.raises(ValueError):
        R.skill_rule(1, scale="sideways")
    assert R.roll_dist(3, 2, 1, skill_scale="shifted") == R.roll_dist(3, 3, 1)
    r = api.run("codex-roll", {"ad6": 2, "ed6": 1, "skill": 3, "skill_scale": "shifted", "difficulty": 1})
    assert Fraction(r["p_success"]["exact"]) == 1 - Fraction(1, 2) ** 3  # 4+ on each of 3 dice
    a = api.run("codex-attack", {"weapon": "1", "ed6": 0, "skill": 5, "skill_scale": "shifted"})
    assert Fraction(a["p_hit"]["exact"]) == R.lv_dist(2, 2, 0, True).at_least(2)
    for calc in ("codex-roll", "codex-attack"):
        bad = api.handle({"op": "run", "id": calc, "params": {"skill": 6, "skill_scale": "shifted"}})
        assert bad["ok"] is False and bad["errors"][0]["field"] == "skill"
        assert bad["errors"][0]["ru"] and bad["errors"][0]["en"]
