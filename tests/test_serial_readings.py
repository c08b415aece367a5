"""Each named reading of «Сериал» (``rules_core.serial.rules.READINGS``) is what the code follows:
the calculator's switch defaults to the constant, and flipping it changes the result where the
source's words leave the choice open. Readings that are not switches are module constants the
code reads when it runs: patching them changes the result."""

from __future__ import annotations

import pytest

from rules_core import api
from rules_core.serial import readings as serial_readings
from rules_core.serial import rules as serial_rules
from tests.readings import (assert_patched_reading_decides, assert_switch_built_from, assert_where_covers_the_uses, set_reading,
                            switch_cases)

#: reading → {calculator: (parameters where its other reading matters, the result key — "roll:KEY": the same dice
#: read the other way)}; the switch, its default and the other reading are the record's (rules_core/serial/readings.py)
WHERE = {
    "ATTACK_ONES_CANCEL": {
        "serial-attack": ({"attack_dice": 3}, "p_hit"),
        "serial-ambush": ({}, "p_free_hit"),
        "serial-contest": ({"contest": "disarm"}, "p_hit"),
    },
    "BOTCH_RULE": {"serial-attack": ({"attack_dice": 3}, "p_botch")},
    "DIFFICULTY_OVERFLOW": {
        "serial-attack": ({"ranged": False, "maneuver": "flurry", "attack_difficulty": 10}, "p_hit")
    },
    "PARRY_TIE": {"serial-attack": ({"ranged": False, "defence": "parry", "defence_dice": 3}, "p_hit")},
    "AUTOFIRE_PENALTY": {"serial-attack": ({"maneuver": "autofire"}, "attack_dice")},
    "BELOW_ONE": {"serial-death-door": ({"previous_rolls": 2}, "instant_death")},
    # Маша: «наносит 14 уровней урона. Из них 1 ... и еще 13 становятся излишками. Эти излишки больше 12»
    "NEGATIVE_HITS_RULE": {
        "serial-damage": ({"portions": [13], "absorption": 0, "health": 1, "stamina": 2}, "dead"),
        "serial-death-door": ({"health_before": 1, "damage": 13}, "instant_death"),
        "serial-attack": ({"health": 1, "absorption": 0, "damage_dice": 15, "attack_dice": 10}, "p_instant_death"),
        "serial-explosion": ({"kind": "badaboom", "dice": 20, "health": 1, "absorption": 0}, "p_instant_death"),
    },
    "EXCESS_BURNS": {
        "serial-damage": (
            {"portions": [5], "absorption": 0, "health": 3, "stamina": 2, "door_before": True},
            "negative_hits",
        ),
        "serial-death-door": (
            {"health_before": 0, "damage": 5, "previous_rolls": 1, "negative_before": 10},
            "instant_death",
        ),
    },
    # the odds of odd/even stay 1/2 either way: the reading decides which face is «шок» (a roll shows it)
    "NONLETHAL_MODIFIER": {"serial-death-door": ({"nonlethal": True, "previous_rolls": 1}, "roll:outcome")},
    "NONLETHAL_CAN_KILL": {
        "serial-death-door": ({"nonlethal": True, "health_before": 1, "damage": 20}, "instant_death")
    },
    "HALF_ROUNDING": {"serial-wounds": ({"health": 3, "athletics": 2}, "speed")},
    "BURNING_FIRST_TURN_COUNTS": {"serial-burning": ({"turn": 2}, "damage_this_turn")},
    "BLOCK_FIRST": {
        "serial-attack": (
            {"ranged": False, "defence": "block", "defence_dice": 4, "absorption": 3, "health": 7, "damage_dice": 8},
            "absorption_left",
        )
    },
    "ENCUMBRANCE_MONOTONE": {"armor": ({"strength": 6, "large_items": 2, "load_armor": "heavy"}, "encumbrance")},
    "BADABOOM_FALLOFF": {"serial-explosion": ({"kind": "badaboom", "radius": 10, "distance": 12}, "dice")},
    "PREPARATION_ROUNDING": {"serial-initiative": ({"dexterity": 4, "wits": 3, "prepared": True}, "initiative")},
    "LOWERED_BLOCKS_PREPARATION": {
        "serial-initiative": (
            {"dexterity": 4, "wits": 3, "prepared": True, "lowered": True, "lowered_to": 4},
            "initiative",
        )
    },
    "WOUND_PENALTY_ON_DAMAGE": {"serial-attack": ({"attacker_health": 4}, "damage_dice")},
    "WOUND_PENALTY_BEFORE_HALVING": {
        "serial-attack": ({"attack_dice": 9, "maneuver": "two_guns", "attacker_health": 5}, "attack_dice")
    },
    "PAIN_WILLPOWER": {"serial-wounds": ({"health": 4, "push": True, "burning": True}, "roll_penalty")},
    "RUN_HALVED": {"serial-wounds": ({"health": 2}, "run")},
    "BURNING_IS_PORTION": {"serial-burning": ({"turn": 2, "armor": 2}, "damage_this_turn")},
    "OTHER_ONES_CANCEL": {
        "serial-ambush": ({}, "p_ambush"),
        "serial-burning": ({}, "p_out"),
        "serial-explosion": ({}, "p_landed"),
        "serial-contest": ({"contest": "trip"}, "p_effect"),
    },
    "AMBUSH_TIE_ADDS": {"serial-ambush": ({}, "tie_bonus")},
    "TWO_RESISTANCES": {
        "serial-damage": ({"portions": [5], "absorption": 0, "health": 9, "tag": "two_resistances"}, "health_left"),
        "serial-attack": ({"tag": "two_resistances", "absorption": 0, "health": 20}, "health_left"),
        "serial-burning": ({"tag": "two_resistances", "turn": 2}, "damage_this_turn"),
    },
    "ABSORPTION_ARMOR_WEIGHT": {
        "armor": ({"strength": 2, "serial_armor": 0, "serial_worn_absorption": 2}, "encumbrance")
    },
    "NATURAL_ARMOR_STOPS_ABSORPTION": {
        "armor": ({"serial_armor": 2, "serial_armor_source": "natural", "serial_worn_absorption": 1}, "serial")
    },
    "OVERLOADED_ROLLS": {"serial-attack": ({"attacker_overloaded": True}, "attack_dice")},
    "DESPERATE_PARRY": {
        "serial-attack": (
            {"ranged": False, "defence": "parry", "defence_dice": 5, "desperate": True, "defence_number": 3},
            "p_hit",
        )
    },
    "NONLETHAL_ROLL_COUNTS": {
        "serial-death-door": ({"previous_rolls": 2, "nonlethal_before": 1}, "outcomes"),
        "serial-attack": (
            {"door_rolls_before": 2, "door_nonlethal_before": 1, "health": 1, "absorption": 0},
            "door_outcomes",
        ),
    },
    "NAGA_ARMOR": {
        "serial-attack": (
            {"attack_dice": 14, "damage_dice": 8, "armor": 2, "absorption": 0, "health": 30, "naga": True},
            "damage",
        )
    },
    "NAGA_SOAKED": {
        "serial-attack": (
            {"attack_dice": 14, "damage_dice": 8, "armor": 1, "absorption": 6, "health": 30, "naga": True},
            "health_left",
        )
    },
    "TWO_GUNS_HALVES_BONUS": {
        "serial-attack": ({"maneuver": "two_guns", "flank": "rear", "attack_dice": 9}, "attack_dice")
    },
    "PRONE_DEFENCE": {
        "serial-attack": ({"ranged": False, "target_prone": True, "defence": "parry", "defence_dice": 5}, "p_hit")
    },
    # Устойчивость before the УП: 5 → 3, 2 absorbed, 1 to Health; after: 2 absorbed, 3 → 2 to Health
    "TAG_ORDER": {
        "serial-damage": ({"portions": [5], "absorption": 2, "health": 9, "tag": "resistance"}, "health_left"),
        "serial-attack": ({"tag": "resistance", "absorption": 2, "health": 9}, "health_left"),
    },
    "NAGA_NO_ARMOR": {"serial-attack": ({"attack_dice": 14, "damage_dice": 2, "armor": 0, "naga": True}, "p_poison")},
}

#: readings the code reads at run time: (patched value, calculator, parameters, result key)
PATCHED = {
    # cover: 000 has no table; 003's «Хорошее (за автомобилем) +2»
    "COVER_DIFFICULTY": ({0: 0, 1: 1, 2: 3, 3: 3}, "serial-attack", {"cover": 2}, "attack_difficulty"),
    "PARRY_DEFAULT_DIFFICULTY": (7, "serial-attack", {"ranged": False, "defence": "parry", "defence_dice": 3,
                                                      "melee_class": "classic"}, "defence_difficulty"),
}


def test_every_reading_is_tested_here():
    assert set(serial_rules.READINGS) == {r.name for r in serial_readings.READINGS} | set(PATCHED) | {
        "BLIND_RANGED_MAX_METRES", "HEALTH_LEVELS", "INTERCEPTION_PERIOD"}
    for r in serial_readings.READINGS:
        assert getattr(serial_rules, r.name) == r.default and r.name in serial_rules.__all__, r.name
    assert_where_covers_the_uses(serial_readings.READINGS, WHERE)


def test_the_full_health_is_the_named_reading():
    # 000 never gives the number of health levels; Маша «тяжело ранена. У неё остается последний уровень здоровья,
    # она в состоянии “калека”» — one level from the end of the classic track of seven
    assert serial_rules.HEALTH_LEVELS == 7
    from rules_core.scene import serial as scene_serial
    fields = [(c["id"], p) for c in api.list_calculators() if c["system"] == "serial" for p in c["params"]
              if p["name"] in ("health", "attacker_health")]
    assert len(fields) >= 5 and all(p["default"] == serial_rules.HEALTH_LEVELS for _, p in fields), fields
    assert next(p for p in scene_serial.STAT_PARAMS if p.name == "health_max").default == serial_rules.HEALTH_LEVELS
    # the calculators take the Health left: the full number changes none of their results
    assert api.run("serial-wounds", {"health": 4})["wounds"] == 2


def test_interceptions_are_counted_by_the_named_period(monkeypatch):
    # «Персонаж не может совершить больше Перехватов, чем его показатель Смекалки» — per round by the reading
    assert serial_rules.INTERCEPTION_PERIOD == "round" and serial_rules.interceptions_left(3, 1, 2, 5) == 1
    assert [serial_rules.interceptions_left(3, 1, 2, 5, period) for period in serial_rules.INTERCEPTION_PERIODS] == [1, 2, 0]
    set_reading(monkeypatch, serial_rules, "INTERCEPTION_PERIOD", "fight")
    assert serial_rules.interceptions_left(3, 1, 2, 5) == 0


def test_the_scene_counts_nonlethal_rolls_by_the_calculators_reading():
    from rules_core.scene import readings as scene_readings

    assert scene_readings.SERIAL_NONLETHAL_ROLL_COUNTS is serial_rules.NONLETHAL_ROLL_COUNTS


@pytest.mark.parametrize("name, calc, param, other, params, key", switch_cases(serial_readings.READINGS, WHERE),
                         ids=lambda x: x if isinstance(x, str) else None)
def test_a_switch_defaults_to_the_reading_and_flipping_it_changes_the_result(name, calc, param, other, params, key):
    assert_switch_built_from(getattr(serial_readings, name), calc, param)
    if key.startswith("roll:"):  # the same dice, read the other way
        key = key[5:]
        taken = api.roll(calc, params, seed=7)[key]
        flipped = api.roll(calc, {**params, param: other}, seed=7)[key]
    else:
        taken = api.run(calc, params)[key]
        flipped = api.run(calc, {**params, param: other})[key]
    assert taken != flipped, f"{name}: flipping {calc}.{param} changes nothing here"


@pytest.mark.parametrize("name", sorted(PATCHED))
def test_a_constant_read_at_run_time_decides(name, monkeypatch):
    assert_patched_reading_decides(serial_rules, name, PATCHED, monkeypatch)


def test_blind_shot_range_is_read_at_run_time(monkeypatch):
    # «дистанционные атаки не могут быть проведены на дистанции более 10 метров»; ten metres is allowed
    setup = serial_rules.AttackSetup(pool=5, ranged=True, distance=10, weapon_range=20, blind=True, blind_roll_succeeded=True)
    assert serial_rules.attack_roll(setup)[1] == 6 + 3
    set_reading(monkeypatch, serial_rules, "BLIND_RANGED_MAX_METRES", 9)
    assert serial_rules.attack_roll(setup)[1] is None


def test_the_scene_follows_the_calculators_wound_readings():
    from rules_core.scene import readings as scene_readings

    on_damage = ("damage",) if serial_rules.WOUND_PENALTY_ON_DAMAGE else ()
    assert scene_readings.SERIAL_WOUND_PENALTY_ROLLS == ("attack", "defence") + on_damage
    assert scene_readings.SERIAL_WOUND_PENALTY_BEFORE_HALVING == ("before" if serial_rules.WOUND_PENALTY_BEFORE_HALVING else "after")
