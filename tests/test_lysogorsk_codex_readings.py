"""Each named reading of «Лысогорские сказочки» (001) and «Codex of…» (004) is what the code
follows: every reading the rules modules name (a ``*_READINGS`` tuple, or a constant that takes
a side where the source is open) has a calculator switch that defaults to it, and flipping the
switch changes the result."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.codex import readings as CODEX
from rules_core.codex import rules as codex_rules
from rules_core.lysogorsk import readings as LYS
from rules_core.lysogorsk import rules as lysogorsk_rules
from tests.readings import assert_switch_built_from, assert_where_covers_the_uses, switch_cases

#: a «Лысогорские сказочки» reading (its record, rules_core/lysogorsk/readings.py) → {calculator: (parameters where its
#: other reading matters, the result key — "roll:KEY" of a roll on seeded dice)}; the switch, its default and the other
#: reading are the record's
LYS_WHERE = {
    "TIE_RULE": {"lysogorsk-check": ({"mode": "opposed"}, "p_attacker")},
    "DEFAULT_ROUNDING": {
        "lysogorsk-damage": ({"aim": "arm", "power": 3}, "damage", "down"),
        "lysogorsk-survival": ({"kind": "sleep", "stamina": 3, "time": 39}, "p_awake"),
        # half a head wound's 9 hits: 5 by the mathematical rule, 4 rounded down
        "lysogorsk-temporary": ({"stamina": 2, "blows": [{"hits": 9, "where": "head"}]}, "head_permanent", "down"),
    },
    "QUARTER_IS_CRITICAL": {
        "lysogorsk-damage": ({"stamina": 1, "power": 0, "damage_taken": 8}, "state"),
        "lysogorsk-wounds": ({"stamina": 1, "damage_taken": 12}, "state"),
        "lysogorsk-temporary": ({"stamina": 1, "blows": [{"hits": 12}]}, "state"),
    },
    "AP_RULE": {
        "lysogorsk-damage": ({"armor": 2, "armor_piercing": 3, "cover": "door"}, "damage"),
        "armor": ({"lys_armor": 2, "lys_armor_piercing": 3, "lys_cover": "door"}, "lysogorsk"),
    },
    "AIM_ORDER": {"lysogorsk-damage": ({"aim": "head", "armor": 3}, "damage")},
    "STEP_READING": {"lysogorsk-damage": ({"source": "fall", "height_m": 6}, "power")},
    "NO_DAMAGE_WITHOUT_STEPS": {"lysogorsk-damage": ({"source": "fall", "height_m": 2}, "damage")},
    "BELT_READING": {"lysogorsk-damage": ({"source": "crash", "speed_kmh": 30, "belts": True}, "damage")},
    "ARMOR_AGAINST_FALLS": {"lysogorsk-damage": ({"source": "fall", "height_m": 10, "armor": 3}, "damage")},
    # 8 with airbags: belts first 8 → 3 → 2 (½ of 3, a half up); belts last 8 → 4 → saved
    "BELTS_BEFORE_HALVING": {
        "lysogorsk-damage": (
            {"source": "crash", "speed_kmh": 20, "belts": True, "airbags": True, "halving_check": False},
            "damage",
        )
    },
    "ROUND_ONCE": {"lysogorsk-damage": ({"source": "crash", "speed_kmh": 15, "airbags": True}, "damage")},
    "THROWN_READING": {"lysogorsk-thrown-miss": ({}, "outcome")},
    "AFTER_READING": {"lysogorsk-breakdown": ({}, "after")},
    "VOLUME_READING": {
        "lysogorsk-drunkenness": (
            {"drinks": [{"drink": "custom", "degrees": 40, "volume_g": 250, "bubbles": True}]},
            "singles",
        )
    },
    "STAGE_STAMINA_IN_CHECK": {
        "lysogorsk-drunkenness": (
            {"stamina": 0, "fortitude": 0, "start_stage": 2, "drinks": [{"drink": "vodka_shot", "count": 3}]},
            "final_stage",
        )
    },
    "HANGOVER_STAMINA": {
        "lysogorsk-drunkenness": (
            {"stamina": 2, "willing": True, "drinks": [{"drink": "beer", "count": 4}]},
            "hangover",
        )
    },
    # Уверенность 0, Сила духа 2, entering stage 3: 2К + 3 never fails against 5; pure Уверенность 2К + 1
    "STAGE3_CHECK": {
        "lysogorsk-drunkenness": (
            {"negative_traits": 1, "start_stage": 2, "willing": True, "confidence": 0, "willpower": 2},
            "p_trait_fires",
        )
    },
    "STAGE1_CONFIDENCE_IN_CHECK": {
        "lysogorsk-drunkenness": (
            {"negative_traits": 1, "start_stage": 2, "willing": True, "confidence": 0, "willpower": 2},
            "p_trait_fires",
        )
    },
    # 4:3/2/1 at close range: 3 bullets; one roll ×3 or three rolls added up
    "BURST_ROLL": {"lysogorsk-damage": ({"burst_shots": 4, "burst_close": 3, "range": "close", "power": 4}, "damage")},
    # Выносливость 1 now, 3 for good, 9 hits lost: 7 of 16 (a heavy wound) or 9 of 18 (a light one)
    "HITS_STAMINA": {"lysogorsk-wounds": ({"stamina": 1, "permanent_stamina": 3, "damage_taken": 9}, "state")},
    "MOVE_ROUNDING": {"lysogorsk-actions": ({"agility": 3}, "move_m")},
    "FULL_CLIP": {"lysogorsk-actions": ({"magazine": 45}, "full_clip_rounds")},
    "COMBAT_MODIFIERS_TO": {"lysogorsk-stress": ({"first_fight": True}, "p_pass")},
    "CONCUSSION_AT_CRITICAL": {"lysogorsk-wounds": ({"damage_taken": 14, "head": "concussion"}, "penalty")},
    "MAIMING_AT_SCRATCH": {"lysogorsk-wounds": ({"damage_taken": 2, "maimed": True}, "maiming")},
    "MEDICAL_FAIL": {"lysogorsk-wounds": ({"heal": "medical", "doctor": 0}, "p_heal")},
    "TWO_GUNS_WRONG_HAND": {"lysogorsk-shot": ({"two_guns": "one_target", "wrong_hand": True}, "modifier")},
    "SNIPER": {"lysogorsk-shot": ({"gun": "sniper", "range": "far"}, "p_hit")},
    "RITUAL_FIRST_FAIL": {"lysogorsk-ritual": ({}, "outcome")},
    # 0 hits and fewer: the dying rule, not bleeding
    "BLEEDING_WHEN_DYING": {"lysogorsk-damage": ({"stamina": 0, "damage_taken": 10, "power": 4}, "bleeding")},
    # 5 permanent and 5 temporary on 18 hits: 13 without the temporary ones (no bleeding), 8 with them
    "BLEEDING_BAND": {
        "lysogorsk-wounds": ({"stamina": 3, "damage_taken": 5, "temporary_taken": 5}, "bleeding"),
        "lysogorsk-damage": ({"stamina": 3, "damage_taken": 10, "temporary": True}, "bleeding"),
    },
    # 4 + 7 to the head (18 hits): a heavy wound; half of 7 after an hour
    "HEAD_HALF": {
        "lysogorsk-temporary": ({"stamina": 3, "blows": [{"hits": 4}, {"hits": 7, "where": "head"}]}, "temporary_hour")
    },
    "BLAST": {"lysogorsk-temporary": ({"stamina": 3, "blows": [{"hits": 14, "where": "blast"}]}, "head_permanent")},
    # Мощность 6 on 15 hits: 7–3 hits left; Стойкость 2К+0 or Сила духа 2К+4 against 5 and 7
    "PAIN_SHOCK_ROLL": {
        "lysogorsk-damage": (
            {"power": 6, "stamina": 0, "fortitude": 0, "confidence": 3, "willpower": 1},
            "p_pain_shock",
        )
    },
    "PAIN_SHOCK_WOUND_PENALTY": {"lysogorsk-damage": ({"power": 6, "stamina": 2, "fortitude": 2}, "p_pain_shock")},
}

#: a «Codex» reading (its record, rules_core/codex/readings.py) → {calculator: (parameters where the other reading
#: matters, the result key, the other reading)}; the switch and its default are the record's
CODEX_WHERE = {
    "SKILL0": {
        "codex-roll": ({"skill": 0}, "p_success", "cannot"),
        "codex-attack": ({"skill": 0}, "p_hit", "cannot"),
        "codex-counteraction": ({"skill": 0}, "p_counter", "cannot"),
        "codex-counters": ({"skill": 0}, "p_fill", "cannot"),
        "codex-ability": ({"skill": 0}, "p_success", "cannot"),
    },
    "SKILL_SCALE": {
        "codex-roll": ({"skill": 3}, "p_success", "shifted"),
        "codex-attack": ({"skill": 3}, "p_hit", "shifted"),
        "codex-counteraction": ({"skill": 3}, "p_counter", "shifted"),
        "codex-counters": ({"skill": 3}, "p_fill", "shifted"),
        "codex-ability": ({"skill": 3}, "p_success", "shifted"),
    },
    "FLAX": {
        "codex-roll": ({"flax": True}, "p_success", "absolute"),
        "codex-attack": ({"flax": True}, "p_hit", "absolute"),
        "codex-counteraction": ({"flax": True}, "p_counter", "absolute"),
        "codex-counters": ({"flax": True}, "p_fill", "absolute"),
        "codex-ability": ({"flax": True}, "p_success", "absolute"),
    },
    "INCAPACITATED": {
        "codex-consequences": ({"damage": 10}, "incapacitated", "over"),
        "codex-attack": ({"weapon": "3", "damage_taken": 2}, "p_incapacitated", "over"),
    },
    "BURST_LIGHT": {
        "codex-attack": ({"weapon": "0", "kind": "burst"}, "mean_damage", "forbidden"),
        "armor": ({"codex_weapon": "0", "codex_attack": "burst"}, "codex", "forbidden"),
    },
    "BURST_ROUNDING_READING": {
        "codex-attack": ({"weapon": "1", "kind": "burst"}, "mean_damage", "up"),
        "armor": ({"codex_weapon": "1", "codex_attack": "burst"}, "codex", "up"),
    },
    "BURST_ARMOR": {
        "codex-attack": ({"weapon": "2", "kind": "burst", "armor": "3", "ed6": 4}, "mean_damage", "total"),
        "armor": ({"codex_weapon": "2", "codex_attack": "burst", "codex_armor": "3"}, "codex", "total"),
    },
    # one die and two rerolls: the same die again, or not
    "REROLL": {
        "codex-roll": ({"ad6": 1, "ed6": 0, "skill": 3, "difficulty": 1, "rerolls": 2}, "p_success_rerolls", "again")
    },
    # the dice left are the same many; which are ED6 (that may be kept for rerolls) is the split table's
    "MOBILITY": {
        "codex-roll": ({"ad6": 2, "ed6": 2, "rerolls": 1, "armor": "1", "mobility": True}, "display", "ad6_first")
    },
    "SHIELD_WEAR": {
        "codex-attack": (
            {"weapon": "2", "ed6": 2, "skill": 4, "shield": "0", "range": "melee", "shield_lost": 2},
            "shield_points_after",
            "every_attack",
        )
    },
    # the 1st D6 of the roll: which group its parity names
    "PARITY": {"codex-consequences": ({"damage": 20}, "roll:preparations", "odd_universal")},
    "COUNTER_TIE": {"codex-counteraction": ({}, "p_counter", "more")},
    "COUNTER_STEP": {"codex-counters": ({"difficulty": 1, "ad6": 4}, "p_fill", "lv")},
    "STANCE_BLOCK": {"codex-ability": ({"level": 3, "use": "stance", "ed6": 5}, "ed6_left", "level")},
    "STANCE_LIMIT": {"codex-ability": ({"level": 2, "use": "stance", "ed6": 3, "blocked": 2}, "ed6_left", "per_turn")},
    "CRIPPLING_PER": {"codex-tokens": ({"gains": [2], "crippling": 1}, "tokens", "token")},
    "CRUEL_ORDER": {"codex-tokens": ({"gains": [2], "cruel": 1}, "activated", "after")},
    "ACTIVATED": {"codex-tokens": ({"before": 2, "gains": [0], "cruel": 1}, "tokens", "spent")},
    # six levels marked: the 6th level (no ED6), or not yet (as Stress: the state beyond six)
    "EXHAUSTION_STATE": {
        "codex-roll": ({"exhaustion": 6, "ed6": 2}, "p_success", "seventh"),
        "codex-attack": ({"exhaustion": 6, "ed6": 2}, "p_hit", "seventh"),
        "codex-counteraction": ({"exhaustion": 6, "ed6": 2}, "p_counter", "seventh"),
        "codex-counters": ({"exhaustion": 6, "ed6": 2}, "p_fill", "seventh"),
        "codex-ability": ({"exhaustion": 6, "ed6": 2}, "ed6_left", "seventh"),
    },
    "CHECK_STRESS": {
        "codex-roll": ({"difficulty": 3, "stress": 1, "ad6": 4, "ed6": 2, "skill": 4}, "p_success", "before")
    },
}

def outcome(calc_id: str, params: dict, key: str):
    """The result's figure (``roll:KEY``: of a roll on seeded dice), or the field a refusal names."""
    op, _, key = key.rpartition(":")
    r = api.handle({"op": op or "run", "id": calc_id, "params": params, **({"seed": 7} if op else {})})
    return r["result"].get(key, "absent") if r["ok"] else ("refused", r["errors"][0]["field"])


#: the named readings of each module: every ``*_READINGS`` tuple, the choices named otherwise, and
#: the constants that take a side on an open point
READINGS = {
    lysogorsk_rules: {n for n in lysogorsk_rules.__all__ if n.endswith("_READINGS")} | {
        "TIE_RULES", "ROUNDINGS", "MOVE_ROUNDINGS", "QUARTER_IS_CRITICAL", "AP_RULES", "AIM_ORDERS", "NO_DAMAGE_WITHOUT_STEPS",
        "ARMOR_AGAINST_FALLS", "BELTS_BEFORE_HALVING", "ROUND_ONCE", "STAGE_STAMINA_IN_CHECK", "STAGE1_CONFIDENCE_IN_CHECK",
        "BLEEDING_WHEN_DYING",
        "PAIN_SHOCK_ROLLS", "PAIN_SHOCK_WOUND_PENALTY"},
    codex_rules: {n for n in codex_rules.__all__ if n.endswith("_READINGS")} | {"BURST_ROUNDING"},
}
@pytest.mark.parametrize("module, records", [(lysogorsk_rules, LYS), (codex_rules, CODEX)], ids=["lysogorsk", "codex"])
def test_every_reading_is_tested_here(module, records):
    # each named reading of the rules (a choices tuple or a constant) is a record's, each record's uses are tested
    for name in READINGS[module]:
        value = getattr(module, name)
        assert any(value in (r.values, r.default) and (name == r.name or isinstance(value, tuple))
                   for r in records.READINGS), name
    for r in records.READINGS:
        assert not hasattr(module, r.name) or getattr(module, r.name) == r.default, r.name
    assert_where_covers_the_uses(records.READINGS, {"lysogorsk": LYS_WHERE, "codex": CODEX_WHERE}[records.SYSTEM])


@pytest.mark.parametrize("records, case", [(LYS, c) for c in switch_cases(LYS.READINGS, LYS_WHERE)]
                         + [(CODEX, c) for c in switch_cases(CODEX.READINGS, CODEX_WHERE)],
                         ids=lambda x: x.SYSTEM if hasattr(x, "SYSTEM") else "-".join(map(str, x[:3])))
def test_a_switch_defaults_to_the_reading_and_flipping_it_changes_the_result(records, case):
    name, calc, param, other, params, key = case
    assert_switch_built_from(getattr(records, name), calc, param)
    taken, flipped = outcome(calc, params, key), outcome(calc, {**params, param: other}, key)
    assert "absent" not in (taken, flipped) and "refused" not in (taken[0] if isinstance(taken, tuple) else None,)
    assert taken != flipped, f"{name} in {calc}"


def test_the_crash_readings_give_the_pages_numbers():
    """docs/lysogorsk/environment.md: a quarter of 5 rounded once is 1; each half rounded, 5 → 3 → 2;
    8 with airbags and the belts after them: 4, which the belts save completely."""
    half = Fraction(1, 2)
    assert lysogorsk_rules.cushioned(5, (half, half)) == 1
    assert lysogorsk_rules.cushioned(5, (half, half), round_once=False) == 2
    assert lysogorsk_rules.cushioned(8, (half,), belts=True, belts_first=False) == 0
    assert lysogorsk_rules.cushioned(8, (half,), belts=True) == 2  # the belts take 5 of 8, half of 3 rounds up
    assert lysogorsk_rules.cushioned(12, (), belts=True) == 12  # «начиная с 10 не помогают совсем»


# ---- the crash's belts, airbags and check, against icepool ----------------------------------------

def _ice_crash(power: int, armor: int, fort_bonus: int, steps: int, belts: bool, airbags: bool, round_once: bool,
               belts_first: bool) -> dict:
    """The crash's damage by icepool: 2d6 + Мощность − Защита and the Стойкость check's 2d6 as two dice,
    each outcome put through the belts and halvings by hand (the source's words, not rules.cushioned)."""
    def belt(d):  # «спасают …, если оно меньше 5, полностью, поглощают 5 …, если оно между 5 и 10»
        return 0 if d < 5 else d - 5 if d < 10 else d

    def half(x):  # by mathematical rules: a half up
        return int(x + Fraction(1, 2)) if x >= 0 else -int(-x + Fraction(1, 2))

    def after(hit, check):
        d = max(0, hit + power - armor)
        halves = int(airbags) + int(check + fort_bonus >= steps)
        if belts and belts_first:
            d = belt(d)
        if round_once:
            d = half(Fraction(d, 2 ** halves))
        else:
            for _ in range(halves):
                d = half(Fraction(d, 2))
        return belt(d) if belts and not belts_first else d

    die = icepool.map(after, 2 @ icepool.d6, 2 @ icepool.d6)
    den = die.denominator()
    return {o: Fraction(q, den) for o, q in die.items()}


@pytest.mark.parametrize("speed", [20, 35, 60])
@pytest.mark.parametrize("belts, airbags", [(True, True), (True, False), (False, True)])
@pytest.mark.parametrize("round_once, belts_first", [(True, True), (False, True), (True, False), (False, False)])
def test_the_crash_calculator_against_icepool(speed, belts, airbags, round_once, belts_first):
    params = {"source": "crash", "speed_kmh": speed, "belts": belts, "airbags": airbags, "round_once": round_once,
              "belts_first": belts_first, "armor": 1, "stamina": 2, "fortitude": 1}
    res = api.run("lysogorsk-damage", params)
    steps = lysogorsk_rules.crash_steps(speed, "beyond")
    got = {x["damage"]: Fraction(x["p"]["exact"]) for x in res["damage"]}
    assert got == {k: v for k, v in _ice_crash(steps, 1, 3, steps, belts, airbags, round_once, belts_first).items() if v}


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 40), st.integers(0, 2), st.booleans(), st.booleans(), st.booleans(),
       st.sampled_from(["math", "up", "down"]))
def test_cushioning_never_adds_damage_and_the_belts_never_hurt(damage, halvings, belts, round_once, belts_first,
                                                               rounding):
    factors = (Fraction(1, 2),) * halvings
    d = lysogorsk_rules.cushioned(damage, factors, belts, rounding, round_once, belts_first)
    assert 0 <= d <= damage
    assert d <= lysogorsk_rules.cushioned(damage, factors, False, rounding, round_once, belts_first)
    if not halvings:  # nothing to round or to order: every reading agrees
        assert d == lysogorsk_rules.cushioned(damage, (), belts, rounding, not round_once, not belts_first)


# ---- the sniper rifle, against icepool -----------------------------------------------------------

@pytest.mark.parametrize("range_, reading", [("far", "body_part"), ("far", "body_part_and_range"),
                                             ("medium", "body_part_and_range"), ("close", "body_part_and_range")])
def test_the_sniper_reading_against_icepool(range_, reading):
    params = {"gun": "sniper", "range": range_, "dodging": False, "attribute": 2, "skill": 1, "size": "smaller",
              "aimed": True, "thinking": 2, "part": "head", "sniper_reading": reading}
    res = api.run("lysogorsk-shot", params)
    # «Дальнее расстояние – модификатор -4», «Среднее расстояние – модификатор -2»; the head's −5 never
    # (a sniper rifle); +Мышление for the aim; a target smaller than a man: УС 5
    rng = 0 if reading == "body_part_and_range" else {"far": -4, "medium": -2, "close": 0}[range_]
    die = (2 @ icepool.d6 + 2 + 1 + 2 + rng).map(lambda x: x >= 5)
    assert Fraction(res["p_hit"]["exact"]) == Fraction(die.quantity(True), die.denominator())
    assert res["modifier"] == 2 + rng


def test_stage_four_control_is_the_sources_condition():
    # «Ловкость, Образование и Мышление уменьшаются еще на единичку. Если персонаж еще способен ходить (имеет
    # неотрицательную Ловкость) и соображать (неотрицательное Мышление), то он переходи т под контроль Мастера»
    willing = {"willing": True, "drinks": [{"drink": "beer", "count": 4}]}  # four drinks: stage 4
    assert api.run("lysogorsk-drunkenness", {**willing, "agility": 3, "thinking": 3})["p_master_control"]["exact"] == "1/1"
    assert api.run("lysogorsk-drunkenness", {**willing, "agility": 3, "thinking": 2})["p_master_control"]["exact"] == "0/1"
    assert api.run("lysogorsk-drunkenness", {**willing, "agility": 1, "thinking": 3})["p_master_control"]["exact"] == "0/1"
    assert "p_master_control" not in api.run("lysogorsk-drunkenness", {**willing, "drinks": [{"drink": "beer"}]})
    # with checks: the chance of ending at stage 4 itself
    checked = api.run("lysogorsk-drunkenness", {"stamina": 0, "fortitude": 0, "drinks": [{"drink": "spirit_shot",
                                                                                            "count": 4}]})
    assert checked["p_master_control"] == checked["final_stage"][4]


@pytest.mark.parametrize("check", lysogorsk_rules.STAGE3_CHECK_READINGS)
@pytest.mark.parametrize("stage1", [True, False])
@pytest.mark.parametrize("confidence, willpower", [(-2, 0), (0, 2), (1, 1), (-4, 3)])
def test_the_stage3_check_readings_against_icepool(check, stage1, confidence, willpower):
    # «по проверке Силы духа или чистой Уверенности против УС 5»; 1-я стадия: «+1 к Уверенности»
    params = {"negative_traits": 2, "start_stage": 2, "willing": True, "confidence": confidence,
              "willpower": willpower, "stage3_check": check, "stage1_confidence": stage1}
    res = api.run("lysogorsk-drunkenness", params)
    bonus = confidence + (1 if stage1 else 0) + (willpower if check == "willpower" else 0)
    fails = (2 @ icepool.d6 + bonus).map(lambda x: x < 5)
    assert Fraction(res["p_trait_fires"]["exact"]) == Fraction(fails.quantity(True), fails.denominator())


# ---- a burst rolled bullet by bullet, against icepool ---------------------------------------------

def _dist_of(res: dict) -> dict:
    return {x["damage"]: Fraction(x["p"]["exact"]) for x in res["damage"]}


@pytest.mark.parametrize("hits, power, armor, aim", [(1, 4, 0, "none"), (3, 4, 2, "none"), (2, 6, 3, "head"),
                                                     (4, 0, 5, "arm"), (7, 3, 0, "none")])
def test_a_burst_rolled_for_each_bullet_against_icepool(hits, power, armor, aim):
    # «бросок на повреждение делается для «усредненного» повреждения очереди» is a simplification; without
    # it each bullet's «2К+Мощность-(Защита-Бронебойность)» is its own roll (the multiplier after Защита)
    params = {"burst_shots": hits, "burst_close": hits, "burst_medium": 0, "burst_far": 0, "range": "close",
              "power": power, "armor": armor, "aim": aim,
              "ammo_left": 100, "stamina": 30}
    mult = {"none": 1, "head": 2, "arm": Fraction(1, 2)}[aim]

    def bullet(x):  # a half rounds up (mathematical rounding of non-negative numbers)
        return int(max(0, x + power - armor) * mult + Fraction(1, 2))

    each = (hits @ (2 @ icepool.d6).map(bullet)) if hits else icepool.Die([0])
    once = (2 @ icepool.d6).map(lambda x: bullet(x) * hits)
    means = []
    for reading, die in (("each", each), ("averaged", once)):
        got = _dist_of(api.run("lysogorsk-damage", {**params, "burst_roll": reading}))
        assert got == {o: Fraction(q, die.denominator()) for o, q in die.items() if q}, reading
        means.append(sum(o * q for o, q in got.items()))
    assert means[0] == means[1]  # the same mean damage, only the spread differs


def test_a_burst_too_long_to_roll_bullet_by_bullet_is_refused_beside_the_switch():
    n = lysogorsk_rules.MAX_BULLETS_ROLLED_EACH
    params = {"burst_shots": n + 1, "burst_close": n + 1, "range": "point_blank", "ammo_left": 1000}
    r = api.handle({"op": "run", "id": "lysogorsk-damage", "params": {**params, "burst_roll": "each"}})
    assert not r["ok"] and r["errors"][0]["field"] == "burst_roll"
    assert f"не больше {n} попавших пуль (сейчас {n + 1})" in r["errors"][0]["ru"]
    assert api.handle({"op": "run", "id": "lysogorsk-damage", "params": params})["ok"]  # one roll: any size
    ok = api.handle({"op": "run", "id": "lysogorsk-damage", "params": {**params, "burst_shots": n, "burst_close": n,
                                                                        "burst_roll": "each"}})
    assert ok["ok"]
    # the pages name the same bound
    from pathlib import Path
    docs = Path(__file__).resolve().parents[1] / "docs" / "lysogorsk"
    assert f"до {n} попавших пуль" in (docs / "shooting.md").read_text(encoding="utf-8")
    assert f"up to {n} bullets" in (docs / "shooting.en.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", range(5))
def test_a_burst_rolled_for_each_bullet_adds_each_pair_of_dice(seed):
    params = {"burst_shots": 4, "burst_close": 3, "range": "close", "power": 2, "armor": 5, "burst_roll": "each"}
    r = api.handle({"op": "roll", "id": "lysogorsk-damage", "params": params, "seed": seed})["result"]
    faces = r["faces"]
    assert len(faces) == 6 and r["bullets_hit"] == 3
    assert r["damage"] == sum(max(0, a + b + 2 - 5) for a, b in zip(faces[::2], faces[1::2]))


# ---- hits by the permanent Выносливость, checks by the current one ---------------------------------

@pytest.mark.parametrize("current", [0, 1, 2, 3, 5])
def test_hits_by_the_permanent_stamina_and_the_healing_check_by_the_current_one(current):
    # permanent 3: «15+Выносливость» = 18 hits, quarters 5 / 9 / 14 («по математическим правилам»); 11 lost
    # leaves 7: «более четверти, но менее половины — тяжелому»; a heavy wound heals on Стойкость against 5,
    # rolled «2К» + the current Выносливость + Стойкость 0
    params = {"stamina": current, "permanent_stamina": 3, "hits_stamina": "permanent", "damage_taken": 11,
              "fortitude": 0}
    res = api.run("lysogorsk-wounds", params)
    assert (res["max_hits"], res["hits"], res["state"]) == (18, 7, "heavy")
    passes = (2 @ icepool.d6 + current).map(lambda x: x >= 5)
    assert Fraction(res["p_heal"]["exact"]) == Fraction(passes.quantity(True), passes.denominator())
    # the same Выносливость for both (the default): 15 + current hits
    same = api.run("lysogorsk-wounds", {**params, "hits_stamina": "current"})
    assert same["max_hits"] == 15 + current


def test_bought_hits_are_bounded_by_the_stamina_the_hits_go_by():
    # «Потолок совершенствования равен удвоенной Выносливости»
    params = {"stamina": 1, "permanent_stamina": 3, "hits_stamina": "permanent", "extra_hits": 6}
    assert api.handle({"op": "run", "id": "lysogorsk-wounds", "params": params})["ok"]
    r = api.handle({"op": "run", "id": "lysogorsk-wounds", "params": {**params, "extra_hits": 7}})
    assert not r["ok"] and r["errors"][0]["field"] == "extra_hits"
    r = api.handle({"op": "run", "id": "lysogorsk-wounds", "params": {**params, "hits_stamina": "current"}})
    assert not r["ok"] and r["errors"][0]["field"] == "extra_hits"
