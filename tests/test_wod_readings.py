"""Each named reading of the classic rules (``rules_core.wod.rules.READINGS``) is what the code
follows: a calculator's switch defaults to the constant and flipping it changes the result; a
constant read at run time changes the result when patched."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules_core import api
from rules_core.wod import readings as wod_readings
from rules_core.wod import rules as wod_rules
from rules_core.wod import tables as wod_tables
from tests.readings import (assert_rules_follow_the_records, assert_switch_built_from, assert_where_covers_the_uses,
                            switch_cases)

ASSAULT = f"firearm{next(i for i, f in enumerate(wod_tables.FIREARMS) if f['bursts'] and f['damage'] == 7)}"
LIGHT_REVOLVER = "firearm0"

#: reading → {calculator: (parameters where its other reading matters, the result key)}; the switch, its default and
#: the other reading are the record's (rules_core/wod/readings.py)
WHERE = {
    "ARMOR_BREAK": {"wod-soak": ({"incoming": 4, "armor": "2"}, "armor_ruined"),
                    "armor": ({"wod_damage": 4, "wod_armor": "2"}, "wod"),
                    "wod-classic-attack": ({"armor": "1", "damage_dice": 6, "attack_dice": 8}, "p_armor_ruined")},
    # Анатоль: «если бы он был смертным, он бы не смог поглотить летальные повреждения»
    "ARMOR_SOAK": {"wod-soak": ({"damage_type": "lethal", "armor": "2"}, "soak_pool"),
                   "armor": ({"wod_damage_type": "lethal"}, "wod"),
                   "wod-classic-attack": ({"damage_type": "lethal", "armor": "2"}, "soak_pool")},
    "ONES_CANCEL_DAMAGE": {"wod-soak": ({"incoming": 3, "stamina": 3, "damage_type": "bashing"}, "levels"),
                           "armor": ({"wod_damage": 3, "wod_stamina": 3, "wod_damage_type": "bashing"}, "wod"),
                           "wod-classic-attack": ({"stamina": 3, "damage_type": "bashing"}, "mean_levels")},
    "EXTRA_SUCCESSES_ADD": {"wod-classic-attack": ({}, "mean_levels")},
    # «Обезоружить … Нормальная +1»: a die, or the difficulty already in the table's 7
    "DISARM_ACCURACY": {"wod-classic-attack": ({"weapon": "disarm", "attack_dice": 5}, "p_hit")},
    "ATTACK_BOTCH": {"wod-classic-attack": ({}, "p_botch"), "wod-knockdown": ({"cause": "fall"}, "p_hurt")},
    "ONES_CANCEL_OTHER": {"wod-ambush": ({}, "mean_pool")},
    "SPRAY_SHARE": {"wod-classic-attack": ({"weapon": ASSAULT, "maneuver": "spray", "targets": 3}, "mean_levels")},
    "SPRAY_DICE": {"wod-classic-attack": ({"weapon": ASSAULT, "maneuver": "spray", "targets": 2}, "mean_levels")},
    # «Если же под обстрелом находилась всего лишь одна цель, то она получит только половину Успехов»
    "SPRAY_SINGLE_TARGET_ROUNDS_DOWN": {"wod-classic-attack": ({"weapon": ASSAULT, "maneuver": "spray", "targets": 1},
                                                               "mean_levels")},
    # 002: «Ослепленный персонаж не может выполнять дистанционные атаки» — refused, or +2 (003)
    "BLIND_RANGED": {"wod-classic-attack": ({"attacker_blind": True, "weapon": LIGHT_REVOLVER}, "attack_difficulties")},
    "SCOPE_NEEDS_AIM": {"wod-classic-attack": ({"weapon": LIGHT_REVOLVER, "scope": True}, "attack_dice")},
    "RANGE_UNIT": {"wod-classic-attack": ({"weapon": LIGHT_REVOLVER, "range": "distance", "distance": 11},
                                          "attack_difficulties")},
    "AUTOFIRE_DODGE_READING": {"wod-classic-attack": ({"weapon": ASSAULT, "maneuver": "full_auto", "defence": "dodge"},
                                                      "defence_difficulty")},
    "AMBUSH_POOL": {"wod-ambush": ({"victim_pool": 6, "own_pool": 1}, "mean_pool")},
    "KNOCKDOWN_DIFFICULTY": {"wod-knockdown": ({}, "p_falls")},
    "FALL_ROLLS_AGAIN": {"wod-knockdown": ({}, "p_up")},
    "HALF_PENALTY_ROUNDING": {"wod-armor": ({"armor": "5", "melee": 3}, "penalty")},
    # 002: «+2 к сложности Рукопашного боя и Фехтования»; 003: «все действия слепого персонажа … Трудностью +2»
    "BLIND_DEFENCE": {"wod-classic-attack": ({"target_blind": True, "defence": "dodge"}, "p_hit")},
    # «Броня позволяет избежать лишь части повреждений, после чего она выходит из строя»
    "ARMOR_RUIN": {"wod-soak": ({"incoming": 4, "armor": "2", "damage_type": "bashing"}, "mean_levels"),
                   "wod-classic-attack": ({"armor": "1", "damage_dice": 6, "attack_dice": 8, "damage_type": "bashing"},
                                          "mean_levels")},
    # 002: «запас бросков на повреждения увеличивается на 2 кубика»; 003: only «считаются автоматически успешными»
    "HELPLESS_DAMAGE": {"wod-classic-attack": ({"immobilized": "helpless"}, "mean_levels")},
    # no excerpt says what a difficulty past 10 does: refused, or the roll made at 10
    "DIFFICULTY_PAST_TEN": {"wod-classic-attack": ({"weapon": LIGHT_REVOLVER, "range": "long", "attack_difficulty": 9},
                                                   "p_hit")},
}

#: readings with no switch, read at run time: the record's other value patched in changes (calculator, parameters,
#: result key)
PATCHED = {
    # 003: «если один персонаж лежит на земле, а другой находится за стеной, то у обоих ... +2»
    "PRONE_COVER": ("wod-classic-attack", {"weapon": LIGHT_REVOLVER, "cover": "prone", "attacker_cover": "1"},
                    "attack_difficulties"),
    "OFF_HAND_DIFFICULTY": ("wod-classic-attack", {"weapon": LIGHT_REVOLVER, "maneuver": "two_weapons"},
                            "attack_difficulties"),
    "MULTIPLE_OPPONENTS_MAX": ("wod-classic-attack", {"attacker_opponents": 5}, "attack_difficulties"),
}

#: readings the calculators follow with no switch yet (their boxes say so)
NO_SWITCH_YET = {"AUTO_HIT"}


def outcome(calc_id: str, params: dict, key: str):
    """The result's figure, or the field a refusal names."""
    r = api.handle({"op": "run", "id": calc_id, "params": params})
    return r["result"][key] if r["ok"] else ("refused", r["errors"][0]["field"])


def test_every_reading_is_tested_here():
    assert_rules_follow_the_records(wod_rules, wod_readings.READINGS)
    assert_where_covers_the_uses(wod_readings.READINGS, WHERE)
    assert {r.name for r in wod_readings.READINGS if not r.calculators} == set(PATCHED) | NO_SWITCH_YET


@pytest.mark.parametrize("name, calc, param, other, params, key", switch_cases(wod_readings.READINGS, WHERE),
                         ids=lambda x: x if isinstance(x, str) else None)
def test_a_switch_defaults_to_the_reading_and_flipping_it_changes_the_result(name, calc, param, other, params, key):
    assert_switch_built_from(getattr(wod_readings, name), calc, param)
    assert outcome(calc, params, key) != outcome(calc, {**params, param: other}, key), f"{name} in {calc}"


@pytest.mark.parametrize("name", sorted(PATCHED))
def test_a_constant_read_at_run_time_decides(name, monkeypatch):
    calc, params, key = PATCHED[name]
    taken = outcome(calc, params, key)
    monkeypatch.setattr(wod_rules, name, getattr(wod_readings, name).other)
    assert outcome(calc, params, key) != taken


def test_the_prone_cover_reading_matches_003s_example():
    # «если один персонаж лежит на земле, а другой находится за стеной, то у обоих Трудность броска атаки друг
    # против друга будет иметь +2» — a wall is 003's «Хорошее» (+2)
    wall, prone = "1", "prone"
    at_wall = api.run("wod-classic-attack", {"weapon": LIGHT_REVOLVER, "cover": wall, "attacker_cover": prone})
    at_prone = api.run("wod-classic-attack", {"weapon": LIGHT_REVOLVER, "cover": prone, "attacker_cover": wall})
    assert at_wall["attack_difficulties"] == at_prone["attack_difficulties"] == [8]


def test_a_helpless_target_without_the_two_dice_takes_the_weapons_pool_only():
    # 003's reading: the attack «считаются автоматически успешными», the damage pool is the weapon's 3 dice;
    # against no soak (a mortal with Stamina 0, bashing) the levels are the damage successes at difficulty 6,
    # counted face by face over all 10³ rolls
    base = {"weapon": "custom", "damage_dice": 3, "stamina": 0, "target": "mortal", "damage_type": "bashing",
            "immobilized": "helpless", "attack_dice": 0}
    by_levels: dict[int, Fraction] = {}
    for faces in product(range(1, 11), repeat=3):
        k = sum(f >= 6 for f in faces)
        by_levels[k] = by_levels.get(k, Fraction(0)) + Fraction(1, 1000)
    r = api.run("wod-classic-attack", {**base, "helpless_damage": "none"})
    assert r["damage_dice"] == 3 and r["p_hit"]["exact"] == "1/1"
    assert Fraction(r["mean_levels"]["exact"]) == sum(k * q for k, q in by_levels.items()) == Fraction(3, 2)
    assert api.run("wod-classic-attack", base)["damage_dice"] == 5  # 002's default: two more


def test_a_blind_target_defending_at_plus_two_by_hand():
    # 003's reading for the defender: a blind target's dodge (difficulty 6) is at 8. 2 attack dice at 6 (+2 for the
    # blind target: 4 dice) against 2 dodge dice at 8, every face of all 10⁶ rolls: 1s cancel; the attack hits when
    # its net successes beat the dodge's
    def net(faces, difficulty):
        return max(0, sum(f >= difficulty for f in faces) - faces.count(1))

    def dist(dice, difficulty):
        out: dict[int, Fraction] = {}
        for faces in product(range(1, 11), repeat=dice):
            out[net(faces, difficulty)] = out.get(net(faces, difficulty), Fraction(0)) + Fraction(1, 10 ** dice)
        return out

    attack, dodge = dist(4, 6), dist(2, 8)
    p_hit = sum(pa * pd for a, pa in attack.items() for d, pd in dodge.items() if a - d >= 1)
    params = {"attack_dice": 2, "target_blind": True, "defence": "dodge", "defence_dice": 2}
    r = api.run("wod-classic-attack", {**params, "blind_defence": "defence_too"})
    assert r["defence_difficulty"] == 8 and Fraction(r["p_hit"]["exact"]) == p_hit
    assert api.run("wod-classic-attack", params)["defence_difficulty"] == 6


def test_the_blow_that_ruins_the_armor_soaked_without_it_by_hand():
    # the other reading: a helpless target (one success, 0 + 2 damage dice), armor 1, Stamina 1 against bashing:
    # the soak pool is 1 + 1; two damage successes ruin the armor (≥ 2 × 1), and that blow is soaked by the body's
    # one die alone. Every face of all 10⁴ rolls (damage and soak at 6, 1s do not cancel)
    mean, ruined = Fraction(0), Fraction(0)
    for dmg in product(range(1, 11), repeat=2):
        s = sum(f >= 6 for f in dmg)
        for soak in product(range(1, 11), repeat=2):
            used = soak[:1] if s >= 2 else soak
            mean += Fraction(max(0, s - sum(f >= 6 for f in used)), 10 ** 4)
            ruined += Fraction(s >= 2, 10 ** 4)
    params = {"weapon": "custom", "damage_dice": 0, "immobilized": "helpless", "armor": "1", "stamina": 1,
              "damage_type": "bashing"}
    r = api.run("wod-classic-attack", {**params, "armor_ruin": "ruined_first"})
    assert Fraction(r["mean_levels"]["exact"]) == mean and Fraction(r["p_armor_ruined"]["exact"]) == ruined
    assert Fraction(api.run("wod-classic-attack", params)["mean_levels"]["exact"]) < mean  # the armor's die soaked it
    # the soak calculator: 4 successes ruin armor 2, so 2 (Stamina) of the 4 dice roll; 4 − a half a die each
    soak = api.run("wod-soak", {"incoming": 4, "armor": "2", "stamina": 2, "damage_type": "bashing",
                                "armor_ruin": "ruined_first"})
    assert soak["soak_pool"] == 2 and Fraction(soak["mean_levels"]["exact"]) == 3


@pytest.mark.parametrize("seed", range(30))
def test_a_rolled_blow_that_ruins_the_armor_is_soaked_without_it(seed):
    # armor 2 breaks at 4 damage successes: the soak is Stamina 2 alone then, else 2 + 2
    params = {"weapon": "custom", "damage_dice": 2, "attack_dice": 5, "armor": "2", "stamina": 2,
              "damage_type": "bashing", "armor_ruin": "ruined_first"}
    r = api.roll("wod-classic-attack", params, seed=seed)
    if r.get("hit"):
        assert len(r["soak_faces"]) == (2 if r["armor_ruined"] else 4)
    assert len(api.roll("wod-soak", {"incoming": 2, "armor": "1", "stamina": 2, "damage_type": "bashing",
                                     "armor_ruin": "ruined_first"}, seed=seed)["faces"]) == 2


def test_a_difficulty_past_ten_capped_rolls_at_ten_by_hand():
    # the other reading: a shot at long range (+2) over a difficulty of 9 is 11, rolled at 10. 3 attack dice, every
    # face of all 10³ rolls: a success is a 10, 1s cancel; a hit has a success left, a botch (revised) no success
    # and a 1. A dodge at 6 + 5 opponents' +4 = 10 … and the defender's own difficulty past 10 is capped too
    hit, botch = Fraction(0), Fraction(0)
    for faces in product(range(1, 11), repeat=3):
        tens, ones = faces.count(10), faces.count(1)
        hit += Fraction(tens - ones >= 1, 1000)
        botch += Fraction(tens == 0 and ones > 0, 1000)
    params = {"weapon": LIGHT_REVOLVER, "range": "long", "attack_difficulty": 9, "attack_dice": 3}
    r = api.run("wod-classic-attack", {**params, "difficulty_past_ten": "capped"})
    assert r["attack_difficulties"] == [10]
    assert (Fraction(r["p_hit"]["exact"]), Fraction(r["p_botch"]["exact"])) == (hit, botch)
    assert outcome("wod-classic-attack", params, "p_hit") == ("refused", "attack_difficulty")  # the site's reading
    blind = {"attack_dice": 3, "defence": "dodge", "defender_opponents": 5, "target_blind": True,
             "blind_defence": "defence_too"}
    assert outcome("wod-classic-attack", blind, "defence_difficulty") == ("refused", "defender_opponents")
    assert api.run("wod-classic-attack", {**blind, "difficulty_past_ten": "capped"})["defence_difficulty"] == 10
