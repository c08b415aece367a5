"""Every calculator's layout as declared in rules_core (the spec's groups, ``when`` conditions and
summary, the lists' defaults and presets) and the next step a result offers (``result["next"]``).

The rules of the layout are rules_core/spec.py's; these tests check what each calculator declares
with them: at most 8 controls a user sees first, a parameter that does not apply neither
required nor read (and, when it is hidden, really without effect), the summary's figures in
every result, and each hand-over giving the next calculator the numbers it would get by hand.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from rules_core import api
from rules_core.lysogorsk import tables as lysogorsk_tables
from rules_core.serial import rules as serial_rules
from rules_core.spec import InputError, Param, T, applicable_names, unused_note

ROOT = Path(__file__).resolve().parents[1]
CALCS = {s["id"]: api.get(s["id"]) for s in api.list_calculators()}
IDS = sorted(CALCS)
#: At most so many controls before the summary (the phone budget, for the default view).
MAX_MAIN = 8
#: Random valid requests per calculator for the summary (the other tests take fewer).
REQUESTS = 200


def F(p: dict) -> Fraction:
    return Fraction(p["exact"])


# ---- random valid requests ----------------------------------------------------------------------

def random_value(rng: random.Random, p: Param):
    """A valid value of ``p``, mostly near its default (the calculators' costs grow with pools)."""
    if p.kind == "int":
        r = rng.random()
        if r < 0.3:
            return p.default
        if r < 0.85:
            return rng.randint(max(p.min, p.default - 4), min(p.max, p.default + 4))
        return rng.choice([p.min, p.max, rng.randint(p.min, min(p.max, p.min + 12))])
    if p.kind == "bool":
        return rng.random() < 0.5
    if p.kind == "choice":
        return rng.choice(p.options).value
    if p.kind == "int_list":
        n = rng.randint(max(1, p.min_len), min(p.max_len, 4))
        lo, hi = p.min, min(p.max, 12)
        return [rng.randint(lo, hi) for _ in range(n)]
    assert p.kind == "record_list"
    n = rng.randint(max(1, p.min_len), min(p.max_len, 3))
    return [{f.name: random_value(rng, f) for f in p.fields if rng.random() < 0.8} for _ in range(n)]


def random_requests(cid: str, n: int, seed: int) -> list[tuple[dict, dict]]:
    """``n`` random requests the calculator accepts, with their validated values."""
    calc, rng, out = CALCS[cid], random.Random(f"{cid}/{seed}"), []
    for _ in range(n * 20):
        if len(out) == n:
            break
        params = {p.name: random_value(rng, p) for p in calc.params if rng.random() < 0.7}
        try:
            out.append((params, api.validate(calc, params)))
        except InputError:
            continue
    assert len(out) == n, f"{cid}: too few valid random requests"
    return out


# ---- groups: at most 8 controls first --------------------------------------------------------------

def main_controls(calc, values: dict) -> int:
    """The controls a user sees before the summary: the main parameters that apply; a record list
    counts as the fields of one row (the widest of its rows) plus the add button."""
    count = 0
    for name in applicable_names(calc.params, values):
        p = next(x for x in calc.params if x.name == name)
        if p.group != "main":
            continue
        if p.kind == "record_list":
            rows = values[name] or [{f.name: f.default for f in p.fields}]
            count += 1 + max(len(applicable_names(p.fields, row)) for row in rows)
        else:
            count += 1
    return count


@pytest.mark.parametrize("cid", IDS)
def test_the_default_view_shows_at_most_8_controls_before_the_summary(cid):
    calc = CALCS[cid]
    assert main_controls(calc, api.validate(calc, {})) <= MAX_MAIN


@pytest.mark.parametrize("cid", IDS)
def test_no_request_shows_more_than_8_main_controls(cid):
    # not only the default view: whatever the choices, what applies of the main group fits
    calc = CALCS[cid]
    worst = max(main_controls(calc, v) for _, v in random_requests(cid, 60, 1))
    assert worst <= MAX_MAIN


#: How a parameter that picks a reading of an unclear source is named; those are «readings».
READING_NAME = re.compile(r"(_rule|reading|rounding|overflow|parry_tie|autofire_penalty|excess_burns|below_one"
                          r"|skill0|skill_scale|armor_soak|armor_break|ones_cancel|burst_light|burst_armor"
                          r"|spray_share|spray_dice|_monotone|load_armor|nonlethal_modifier|nonlethal_can_kill"
                          r"|quarter_is_critical|no_damage_below_threshold|step_reading|stage_stamina"
                          r"|extra_successes_add|falloff|aim_order|incapacitated_at)$")


#: Named like a reading but a choice of the game: a d10 pool's «ones cancel» is yes for an attack,
#: no for «Сериал»'s damage (the source says so for each roll).
NOT_A_READING = {("wod-pool", "ones_cancel")}


@pytest.mark.parametrize("cid", IDS)
def test_every_reading_of_the_source_is_folded_among_the_readings(cid):
    calc = CALCS[cid]
    named = {p.name for p in calc.params if READING_NAME.search(p.name) and (cid, p.name) not in NOT_A_READING}
    assert named <= {p.name for p in calc.params if p.group == "readings"}
    # and no calculator's main group holds a reading
    assert not any(p.group == "main" and p.name in named for p in calc.params)


# ---- when: what does not apply is neither required nor read -----------------------------------------

def junk(p: Param):
    """A value ``p`` itself refuses."""
    return {"int": "junk", "bool": "junk", "choice": "no such option", "int_list": "1,2",
            "record_list": {"not": "a list"}}[p.kind]


def hidden_cases(cid: str, n: int = 60):
    """Random valid requests with, for each, the parameters (and record fields) that do not apply."""
    calc = CALCS[cid]
    for params, values in random_requests(cid, n, 2):
        live = applicable_names(calc.params, values)
        top = [p for p in calc.params if p.name not in live]
        fields = []
        for p in calc.params:
            if p.kind == "record_list" and p.name in live:
                for i, row in enumerate(values[p.name]):
                    row_live = applicable_names(p.fields, row)
                    fields += [(p, i, f) for f in p.fields if f.name not in row_live]
        yield params, values, top, fields


def without_unused(result: dict, path: str) -> dict:
    """The result less what says a given value was not used — after checking it names ``path``."""
    assert path in result["not_used"], (path, result.get("not_used"))
    note = unused_note([(n, T("", "")) for n in result["not_used"]])["text"]["ru"].split(":")[0]
    out = {k: v for k, v in result.items() if k != "not_used"}
    out["display"] = [b for b in result["display"] if not (b["kind"] == "note" and b["text"]["ru"].startswith(note))]
    return out


@pytest.mark.parametrize("cid", IDS)
def test_a_parameter_that_does_not_apply_takes_junk_and_changes_nothing(cid):
    # nothing but the result's word that the value was not used (spec.unused_given)
    calc = CALCS[cid]
    seen: set[str] = set()
    for params, values, top, fields in hidden_cases(cid):
        if not top and not fields:
            continue
        want = api.run(cid, params)
        want = without_unused(want, want["not_used"][0]) if "not_used" in want else want
        for p in top:
            seen.add(p.name)
            assert without_unused(api.run(cid, {**params, p.name: junk(p)}), p.name) == want, p.name
        for p, i, f in fields:
            seen.add(f"{p.name}.{f.name}")
            rows = [dict(r) for r in params.get(p.name, p.default)]
            rows[i] = {**rows[i], f.name: junk(f)}
            path = f"{p.name}[{i}].{f.name}"
            assert without_unused(api.run(cid, {**params, p.name: rows}), path) == want, (p.name, i, f.name)
    conditional = {p.name for p in calc.params if p.when} | {
        f"{p.name}.{f.name}" for p in calc.params for f in p.fields if f.when}
    assert conditional <= seen, f"never hidden in the random requests: {conditional - seen}"


def other_values(rng: random.Random, p: Param, now) -> list:
    """A few other valid values of ``p`` (every option of a choice)."""
    if p.kind == "choice":
        return [o.value for o in p.options if o.value != now]
    if p.kind == "bool":
        return [not now]
    return [v for v in (random_value(rng, p) for _ in range(3)) if v != now]


#: Hidden although a value could matter: the state the parameter describes cannot arise there.
#: «Уже был в Шоке / «Последний вздох» в этой сцене» needs an earlier death's-door roll of the
#: scene; with none the answer is «no» (the default); negative hits are counted only from a
#: death's door on, so a scene with none yet has none (the default 0).
LOGICALLY_HIDDEN = {("serial-death-door", "shocked_before"), ("serial-death-door", "last_breath_before"),
                    ("serial-damage", "negative_before")}


@pytest.mark.parametrize("cid", IDS)
def test_a_hidden_parameter_has_no_effect_on_the_result(cid):
    # the conditions are exact: whatever a hidden parameter held, the numbers would be the same
    calc = CALCS[cid]
    rng = random.Random(cid)
    for _, values, top, fields in hidden_cases(cid, 30):
        want = calc.compute(dict(values))
        for p in top:
            if (cid, p.name) in LOGICALLY_HIDDEN:
                continue
            for v in other_values(rng, p, values[p.name]):
                changed = {**values, p.name: v}
                try:
                    if calc.check:
                        calc.check(changed)
                    got = calc.compute(changed)
                except (InputError, ValueError):
                    continue  # a combination the calculator refuses: nothing to compare
                assert got == want, (p.name, v)
        for p, i, f in fields:
            for v in other_values(rng, f, values[p.name][i][f.name]):
                rows = [dict(r) for r in values[p.name]]
                rows[i][f.name] = v
                assert calc.compute({**values, p.name: rows}) == want, (p.name, f.name, v)


def test_hidden_checks_refuse_nothing_hidden():
    # a combination a calculator's check refused, now with the field hidden, is the default one (and said unused)
    assert without_unused(api.run("serial-attack", {"ranged": True, "melee_class": "heavy"}), "melee_class") == \
        api.run("serial-attack", {"ranged": True})
    assert without_unused(api.run("serial-explosion", {"kind": "grenade", "radius": 5}), "radius") == \
        api.run("serial-explosion", {"kind": "grenade"})
    assert without_unused(api.run("lysogorsk-damage", {"source": "fall", "burst_shots": 2, "burst_close": 9}),
                          "burst_shots") == api.run("lysogorsk-damage", {"source": "fall"})


# ---- summary ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cid", IDS)
def test_every_declared_summary_figure_is_in_every_result(cid):
    calc = CALCS[cid]
    assert 1 <= len(calc.summary) <= 3
    cases = [({}, None)] + random_requests(cid, REQUESTS, 3)
    for params, _ in cases:
        result = api.run(cid, params)
        got = [x["key"] for x in result["summary"]]
        assert got == list(calc.summary), (params, got)
        for x in result["summary"]:
            assert set(x["label"]) == {"ru", "en"} and all(x["label"].values())
            value = x["value"]
            assert value is not None
            if isinstance(value, dict) and "ru" in value:
                assert value["ru"] and value["en"]


def test_summaries_say_what_each_calculator_is_for():
    want = {"serial-attack": ("p_hit", "mean_damage", "p_death_door"),
            "serial-death-door": ("door_roll", "instant_death"),
            "lysogorsk-drunkenness": ("likeliest_stage", "p_hangover"),
            "wod-pool": ("p_success", "mean", "p_botch"),
            "lysogorsk-damage": ("mean_damage", "likeliest_state", "p_dying")}
    for cid, keys in want.items():
        assert CALCS[cid].summary == keys


def test_the_new_figures_are_the_numbers():
    # figures added for a summary: each the number it names, in both languages
    door = api.run("serial-death-door", {"previous_rolls": 2})
    assert door["summary"][0]["value"] == {"ru": "д6 − 2", "en": "d6 − 2"}
    door = api.run("serial-death-door", {"damage": 30, "health_before": 2})
    assert door["summary"][0]["value"]["ru"].startswith("не бросается") and F(door["instant_death"]) == 1
    x = api.run("serial-explosion", {"kind": "grenade", "distance": 5})
    mean = sum(d["damage"] * F(d["p"]) for d in x["damage"])
    assert F(x["summary"][0]["value"]) == mean
    b = api.run("lysogorsk-breakdown", {})
    assert F(b["summary"][1]["value"]) == 1 - F(b["breakdown"]["fine"])
    best = max(b["breakdown"], key=lambda k: F(b["breakdown"][k]))
    assert b["summary"][0]["value"] == lysogorsk_tables.BREAKDOWN[best]["name"]
    t = api.run("lysogorsk-thrown-miss", {"strength": -4})
    best = max(t["outcome"], key=lambda k: F(t["outcome"][k]))
    assert t["summary"][0]["value"] == lysogorsk_tables.THROWN_MISS[best]["name"]
    assert t["summary"][1]["value"] == t["outcome"][best]
    opposed = api.run("lysogorsk-check", {"mode": "opposed"})
    assert opposed["summary"][0]["value"] == opposed["p_attacker"]
    out_of_reach = api.run("codex-attack", {"cover": _codex_out_of_reach_cover()})
    assert [x["key"] for x in out_of_reach["summary"]] == ["p_hit", "mean_damage", "p_incapacitated"]
    assert F(out_of_reach["summary"][0]["value"]) == 0
    armor = api.run("armor", {"serial_hit": "rolled", "serial_damage": 5, "serial_armor": 2})
    assert armor["summary"][0]["value"]["ru"].startswith("Сериал 3 · ")
    assert armor["summary"][1]["value"]["en"].startswith("Series 2 · ")


def _codex_out_of_reach_cover() -> str:
    from rules_core.codex import tables as codex_tables
    return next(str(i) for i, c in enumerate(codex_tables.COVER) if c["hindrance"] is None)


# ---- lists quick to fill ------------------------------------------------------------------------------

def param(cid: str, name: str) -> Param:
    return next(p for p in CALCS[cid].params if p.name == name)


def test_lists_start_with_one_row():
    assert len(param("lysogorsk-drunkenness", "drinks").default) == 1
    assert len(param("serial-damage", "portions").default) == 1
    assert len(param("lysogorsk-area-fire", "targets").default) == 1


def test_every_drink_of_the_table_is_a_chip_named_as_in_the_table():
    drinks = param("lysogorsk-drunkenness", "drinks")
    by_drink = {pr.record["drink"]: pr for pr in drinks.presets}
    for did, d in lysogorsk_tables.DRINKS.items():
        assert by_drink[did].label == d["name"]
    assert by_drink[lysogorsk_tables.FROM_THE_BOTTLE["id"]].label == lysogorsk_tables.FROM_THE_BOTTLE["name"]
    for pr in drinks.presets:
        assert drinks.validate([pr.record]) == [{f.name: pr.record.get(f.name, f.default) for f in drinks.fields}]
    spec = next(p for p in next(c for c in api.list_calculators() if c["id"] == "lysogorsk-drunkenness")["params"]
                if p["name"] == "drinks")
    assert spec["presets"][0] == {"label": drinks.presets[0].label, "record": drinks.presets[0].record}


def test_the_formula_fields_are_for_another_drink_only():
    drinks = param("lysogorsk-drunkenness", "drinks")
    hidden = {f.name for f in drinks.fields if f.name not in applicable_names(drinks.fields, {"drink": "beer", "count": 1})}
    assert hidden == {"degrees", "volume_g", "bubbles"}
    assert not {f.name for f in drinks.fields} - applicable_names(drinks.fields, {"drink": "custom", "count": 1})


# ---- the next step --------------------------------------------------------------------------------------

def door_by_hand(stamina, health_before, damage, previous_rolls=0, negative_rule="more_than", **extra) -> dict:
    return api.run("serial-death-door", {"stamina": stamina, "health_before": health_before, "damage": damage,
                                         "previous_rolls": previous_rolls, "negative_rule": negative_rule, **extra})


def cli_run(cid: str, params: dict) -> dict:
    out = subprocess.run([sys.executable, "-m", "rules_core", "run", cid, json.dumps(params)], cwd=ROOT,
                         capture_output=True, text=True, check=True, timeout=60)
    return json.loads(out.stdout)


def test_the_next_step_is_a_valid_request_of_its_calculator():
    for cid in IDS:
        for params, _ in random_requests(cid, 40, 4):
            for step in api.run(cid, params).get("next", []):
                assert step["id"] in CALCS and set(step["label"]) == {"ru", "en"}
                api.validate(CALCS[step["id"]], step["params"])  # raises if not


def _attack_door_damage_by_hand(p: dict, result: dict) -> int:
    """The likeliest damage that reaches Здоровье and brings the target to the door (no block):
    a portion d after Armor and tag first fills УП, the rest goes to Здоровье."""
    lim = max(12, 3 * p["stamina"])
    by_rest: dict[int, Fraction] = {}
    for row in result["damage"]:
        rest = row["damage"] - p["absorption"]
        if rest >= p["health"] and serial_rules.exceeds(rest - p["health"], lim, p["negative_rule"]) is False:
            by_rest[rest] = by_rest.get(rest, Fraction(0)) + F(row["p"])
    best = max(by_rest.values())
    return min(k for k, v in by_rest.items() if v == best)


ATTACKS = [
    {"health": 3, "absorption": 0},
    {"health": 5, "absorption": 1, "damage_dice": 9, "armor": 1},
    {"health": 4, "absorption": 2, "stamina": 5, "door_rolls_before": 2, "negative_rule": "at_least"},
    {"ranged": False, "maneuver": "flurry", "maneuver_trait": 3, "health": 6, "absorption": 0, "defence": "dodge",
     "defence_dice": 3},
]


@pytest.mark.parametrize("given", ATTACKS)
def test_attack_hands_death_door_the_values_by_hand(given):
    r = api.run("serial-attack", given)
    p = api.validate(CALCS["serial-attack"], given)
    assert F(r["status"]["death_door"]) > 0
    [step] = r["next"]
    assert step["id"] == "serial-death-door"
    damage = _attack_door_damage_by_hand(p, r)
    want = {"stamina": p["stamina"], "health_before": p["health"], "damage": damage,
            "previous_rolls": p["door_rolls_before"], "negative_rule": p["negative_rule"]}
    if p["door_rolls_before"]:
        want.update(negative_before=0, excess_burns=serial_rules.EXCESS_BURNS)
    assert step["params"] == want
    door = api.run("serial-death-door", step["params"])
    assert door == door_by_hand(**want)
    # the attack's death's-door table is P(door) times this door's d6
    p_door = F(r["status"]["death_door"])
    for k, v in door["outcomes"].items():
        if k != "instant_death":
            assert F(r["door_outcomes"][k]) == p_door * F(v), k


def test_attack_that_cannot_reach_the_door_offers_no_step():
    r = api.run("serial-attack", {"health": 30, "absorption": 30, "damage_dice": 3})
    assert F(r["p_death_door"]) == 0 and "next" not in r


def test_the_hand_over_is_what_the_command_line_computes():
    r = api.run("serial-attack", ATTACKS[1])
    step = r["next"][0]
    assert cli_run("serial-death-door", step["params"]) == api.run("serial-death-door", step["params"])


def test_a_rolled_attack_at_the_door_hands_over_its_own_damage():
    found = 0
    for seed in range(60):
        r = api.roll("serial-attack", {"health": 3, "absorption": 0, "damage_dice": 8}, seed=seed)
        if r.get("death_door") and not r.get("instant_death"):
            found += 1
            [step] = r["next"]
            assert step["params"] == {"stamina": 2, "health_before": 3, "damage": r["damage"], "previous_rolls": 0,
                                      "negative_rule": "more_than"}
        else:
            assert "next" not in r
    assert found


def _damage_door_by_hand(p: dict):
    """Portion by portion (no tag, first door of the scene): (Здоровье before, damage to it) of
    the portion that brings the character to the door, or None."""
    arm = p["armor"] * (3 if p["armor_tripled"] else 1)
    absorption, health = p["absorption"], p["health"]
    for rolled in p["portions"]:
        d = max(0, rolled - arm)
        taken = min(d, absorption)
        absorption -= taken
        rest = d - taken
        if rest and health > 0:
            if rest >= health:
                return health, rest
            health -= rest
    return None


def test_damage_portions_hand_death_door_the_values_by_hand():
    rng = random.Random(12)
    checked = 0
    for _ in range(300):
        given = {"portions": [rng.randint(0, 9) for _ in range(rng.randint(1, 5))], "armor": rng.randint(0, 2),
                 "armor_tripled": rng.random() < 0.2, "absorption": rng.randint(0, 6), "health": rng.randint(1, 7),
                 "stamina": rng.randint(1, 5)}
        r = api.run("serial-damage", given)
        p = api.validate(CALCS["serial-damage"], given)
        by_hand = _damage_door_by_hand(p)
        if by_hand is None or r["dead"]:
            assert "next" not in r
            continue
        checked += 1
        before, damage = by_hand
        [step] = r["next"]
        want = {"stamina": p["stamina"], "health_before": before, "damage": damage, "previous_rolls": 0,
                "negative_rule": "more_than"}
        assert step["params"] == want
        assert api.run("serial-death-door", step["params"]) == door_by_hand(**want)
    assert checked > 30


def test_a_later_door_in_the_damage_hands_over_the_scene():
    given = {"portions": [4, 9], "absorption": 2, "health": 6, "stamina": 2, "door_before": True, "negative_before": 3}
    r = api.run("serial-damage", given)
    [step] = r["next"]
    want = {"stamina": 2, "health_before": 4, "damage": 9, "previous_rolls": 1, "negative_rule": "more_than",
            "negative_before": 3, "excess_burns": "first"}
    assert step["params"] == want
    door = api.run("serial-death-door", want)
    # 3 negative hits before and this excess of 5: 8, not over 12 — the d6 with −1
    assert F(door["instant_death"]) == Fraction(0) and door["summary"][0]["value"]["ru"] == "д6 − 1"
    assert cli_run("serial-death-door", step["params"]) == door


def test_the_hangover_is_in_its_own_result_and_the_damage_goes_on_to_the_wounds():
    # «Лысогорск»: the hangover after the drinks is a figure of the same calculator (no other takes it);
    # the damage hands the wounded character to lysogorsk-wounds: the likeliest hits lost, added to those before
    d = api.run("lysogorsk-damage", {"power": 12, "stamina": 2, "damage_taken": 3})  # 2К + 12, mode 19: 22 lost
    assert d["summary"][1]["key"] == "likeliest_state"
    [step] = d["next"]
    assert step["id"] == "lysogorsk-wounds" and step["params"]["damage_taken"] == 3 + 7 + 12
    assert {k: step["params"][k] for k in ("stamina", "temporary_taken")} == {"stamina": 2, "temporary_taken": 0}
    assert api.run("lysogorsk-wounds", step["params"])["state"] == d["likeliest_state"] == "dying"
    assert cli_run("lysogorsk-wounds", step["params"]) == api.run("lysogorsk-wounds", step["params"])
    a = api.run("lysogorsk-drunkenness", {"drinks": [{"drink": "spirit_shot", "count": 4}]})
    assert "next" not in a and a["summary"][1]["key"] == "p_hangover"


# ---- the command line ------------------------------------------------------------------------------------

def test_the_command_line_prints_the_summary_and_the_next_step():
    from rules_core.__main__ import value_text

    params = {"health": 3, "absorption": 0}
    r = api.run("serial-attack", params)
    for lang in ("ru", "en"):
        out = subprocess.run([sys.executable, "-m", "rules_core", "run", "serial-attack", json.dumps(params), "--brief",
                              "--lang", lang], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60)
        lines = out.stdout.splitlines()
        assert lines[:3] == [f"{x['label'][lang]}: {value_text(x['value'], lang)}" for x in r["summary"]]
        assert lines[3].startswith("→ serial-death-door {") and len(lines) == 4
        step = json.loads(lines[3].split(" ", 2)[2].rsplit("  (", 1)[0])
        assert step == r["next"][0]["params"]
    # a probability in per cent with a decimal comma, and exactly
    first = subprocess.run([sys.executable, "-m", "rules_core", "run", "serial-attack", json.dumps(params), "--brief"],
                           cwd=ROOT, capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()[0]
    assert re.fullmatch(r"Шанс попасть: \d+(,\d+)? % \(\d+/\d+\)", first), first
    assert Fraction(first.split("(")[1].rstrip(")")) == F(r["p_hit"])
