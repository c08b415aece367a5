"""Audit of the «Сериал» calculators against source 000: one test per discrepancy found.

Each expected value comes from the quoted words of sources/000_0b03cd1dacc00d97.txt
(line numbers given) or from arithmetic on them, never from the engine's own output.
"""

from fractions import Fraction

from rules_core import api


def F(p):
    n, d = map(int, p["exact"].split("/"))
    return Fraction(n, d)


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

import re  # noqa: E402
from pathlib import Path  # noqa: E402

from rules_core.common.calculators import CALCULATORS as COMMON  # noqa: E402
from rules_core.serial.calculators import CALCULATORS  # noqa: E402

PAGES = Path(__file__).resolve().parent.parent / "docs" / "serial"


def _labels():
    out = []
    for c in [*CALCULATORS, *COMMON]:  # the pages name the armor calculator's «Сериал» switches too
        for p in c.params:
            out.append(p.label["ru"])
            out += [o.label["ru"] for o in p.options]
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
    from rules_core.serial import rules as R
    # radius 10 (the Storyteller's «насколько далеко ... урон вообще начинает падать»), 20 dice
    # default: −1 die for every started 5 m beyond the radius
    assert [R.explosion_dice("badaboom", d, radius=10) for d in (10, 11, 15, 16, 20, 21)] == \
        [20, 19, 19, 18, 18, 17]
    # other reading: −1 die for every full 5 m beyond the radius
    assert [R.explosion_dice("badaboom", d, radius=10, falloff="full") for d in (10, 11, 14, 15, 19, 20)] == \
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
    from rules_core.serial import rules as R
    # 309 (default): only the first time; a later door's excess counts as negative hits
    t = R.Target(absorption=0, health=3, stamina=2, negative=4, door_visits=1)
    s = R.take_portion(t, 5)
    assert s.door and s.burned == 0 and t.negative == 4 + 2 and t.health == -2
    # 317/319/321: the damage that brought him to the door is not counted — every time
    t = R.Target(absorption=0, health=3, stamina=2, negative=4, door_visits=1)
    s = R.take_portion(t, 5, burns="every")
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

from hypothesis import given, settings, strategies as st  # noqa: E402


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
