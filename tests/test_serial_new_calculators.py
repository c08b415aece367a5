"""«Сериал»'s calculators of initiative, penalties and speed, burning, ambush and the maneuvers of a
roll against a roll, and the wound penalty in ``serial-attack``: the source's worked examples and
words (000, quoted), icepool as an independent oracle for every roll, hypothesis for invariants."""

from __future__ import annotations

from fractions import Fraction

import icepool
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.serial import rules as R
from tests.d10_oracle import F, errors, net, p


def fig(result, key):
    """A figure's value as the page shows it (the summary bar reads the same)."""
    for block in result["display"]:
        if block["kind"] == "figures":
            for item in block["items"]:
                if item["key"] == key:
                    return item["value"]
    raise KeyError(key)


# =================================================================================================
# serial-initiative
# =================================================================================================

def test_initiative_is_the_highest_sum():
    # «Ваша Инициатива равна высшему показателю среди следующих вариантов сумм характеристик:
    # Ловкость + Смекалка, Манипулирование + Восприятие, Атлетика + Хитрость»
    r = api.run("serial-initiative", {"dexterity": 2, "wits": 1, "manipulation": 3, "perception": 4,
                                      "athletics": 5, "cunning": 1})
    assert r["initiative"] == 7 and r["sums"] == {"dexterity_wits": 3, "manipulation_perception": 7,
                                                   "athletics_cunning": 6}
    assert fig(r, "initiative") == 7
    # «Также к этому могут быть добавлены модификаторы от особых умений и магии персонажа»
    assert api.run("serial-initiative", {"dexterity": 2, "wits": 1, "manipulation": 3, "perception": 4,
                                         "athletics": 5, "cunning": 1, "modifier": 2})["initiative"] == 9


def test_preparation_adds_half_rounded_down_or_up():
    # «Подготовка (Действие). На следующий ход добавить половину своего показателя Инициативы.»
    base = {"dexterity": 4, "wits": 3, "manipulation": 0, "perception": 0, "athletics": 0, "cunning": 0}
    assert api.run("serial-initiative", base)["initiative"] == 7
    r = api.run("serial-initiative", {**base, "prepared": True})
    assert (r["initiative"], r["preparation_bonus"]) == (10, 3)
    assert api.run("serial-initiative", {**base, "prepared": True, "preparation_rounding": "up"})["initiative"] == 11


def test_lowered_initiative_cannot_rise_even_by_preparation():
    # «понизить свою инициативу до любого неотрицательного числа, но дальше до конца боя он не может ее
    # повысить, в том числе при помощи магии»
    base = {"dexterity": 4, "wits": 3, "lowered": True, "lowered_to": 4, "prepared": True}
    assert api.run("serial-initiative", base)["initiative"] == 4
    assert api.run("serial-initiative", {**base, "lowered_blocks_preparation": False})["initiative"] == 6
    errs = errors("serial-initiative", {**base, "lowered_to": 8})
    assert errs[0]["field"] == "lowered_to" and "не больше 7" in errs[0]["ru"]


def test_order_of_turns_breaks_ties_by_kind():
    # «В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры, затем меняющие форму,
    # затем феи, затем маги, затем чародеи, затем психики, затем все остальные. Если и этого
    # недостаточно для установления порядка, решите оставшиеся ничьи броском кубика.»
    rows = [{"initiative": 6, "kind": "other"}, {"initiative": 6, "kind": "mage"}, {"initiative": 9, "kind": "other"},
            {"initiative": 6, "kind": "monster"}, {"initiative": 6, "kind": "other"}]
    r = api.run("serial-initiative", {"mode": "order", "participants": rows})
    assert r["order"] == [["3"], ["4"], ["2"], ["1", "5"]] and r["unresolved_ties"] == 1
    assert "№1 = №5 (ничья)" in fig(r, "initiative")["ru"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fixed_dictionaries({"initiative": st.integers(0, 12),
                                       "kind": st.sampled_from(R.CREATURE_ORDER)}), min_size=1, max_size=8))
def test_order_is_by_initiative_then_kind(rows):
    r = api.run("serial-initiative", {"mode": "order", "participants": rows})
    flat = [int(n) - 1 for g in r["order"] for n in g]
    assert sorted(flat) == list(range(len(rows)))
    keys = [(-rows[i]["initiative"], R.CREATURE_ORDER.index(rows[i]["kind"])) for i in flat]
    assert keys == sorted(keys)
    for g in r["order"]:  # a group is a tie of the same initiative and kind
        assert len({(rows[int(n) - 1]["initiative"], rows[int(n) - 1]["kind"]) for n in g}) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=6, max_size=6), st.integers(0, 10), st.booleans())
def test_initiative_properties(traits, modifier, prepared):
    names = ("dexterity", "wits", "manipulation", "perception", "athletics", "cunning")
    params = dict(zip(names, traits), modifier=modifier, prepared=prepared)
    r = api.run("serial-initiative", params)
    best = max(traits[0] + traits[1], traits[2] + traits[3], traits[4] + traits[5]) + modifier
    assert r["base"] == best
    assert r["initiative"] == best + (best // 2 if prepared else 0)


# =================================================================================================
# serial-wounds
# =================================================================================================

def test_speed_example_nine():
    # «Ваша скорость = 5 + Атлетика»; «если у вас скорость 9, вы можете переместиться на 5 метров,
    # совершить действие, а затем переместиться на 4 метра» — Атлетика 4
    r = api.run("serial-wounds", {"athletics": 4, "dexterity": 3})
    assert r["speed"] == 9 and fig(r, "speed") == 9
    # «Бег (Действие). Персонажи могут дополнительно за действие пройти дистанцию = 10 + Ловкость + Атлетика»
    assert r["run"] == 17


def test_two_grades_of_wound_penalty_and_the_halved_speed():
    # «любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) даёт штраф в 4
    # кубика и снижение скорости в два раза»
    by_health = {h: api.run("serial-wounds", {"health": h, "athletics": 4}) for h in (7, 6, 5, 4, 3, 2, 1, 0)}
    assert {h: r["wounds"] for h, r in by_health.items()} == {7: 0, 6: 0, 5: 2, 4: 2, 3: 4, 2: 4, 1: 4, 0: 4}
    assert {h: r["speed"] for h, r in by_health.items()} == {7: 9, 6: 9, 5: 9, 4: 9, 3: 4, 2: 4, 1: 4, 0: 4}
    assert fig(by_health[5], "roll_penalty") == -2 and fig(by_health[7], "roll_penalty") == 0


def test_masha_pushes_through_pain():
    # «Магичка Маша тяжело ранена (осталось 2 хита), но она продолжает сражаться»; «“Превозмогая боль”:
    # Потратив 1 ПСВ в начале своего хода, персонаж может избежать штрафов к броскам (но не штрафов к движению)»
    hurt = api.run("serial-wounds", {"health": 2, "athletics": 2})
    pushing = api.run("serial-wounds", {"health": 2, "athletics": 2, "push": True})
    assert (hurt["roll_penalty"], pushing["roll_penalty"]) == (4, 0)
    assert hurt["speed"] == pushing["speed"] == 3  # (5 + 2) / 2, down


def test_will_to_live_keeps_the_full_speed():
    # «Воля к жизни. … Персонаж не испытывает штрафов от ран и может действовать как раньше»; the speed cut is
    # one of those penalties: «тяжелое ранение (3 и ниже) даёт штраф в 4 кубика и снижение скорости в два раза»
    door = api.run("serial-wounds", {"health": 0, "athletics": 4, "dexterity": 3})
    will = api.run("serial-wounds", {"health": 0, "athletics": 4, "dexterity": 3, "will_to_live": True})
    assert (door["roll_penalty"], door["speed"]) == (4, 4)
    assert (will["roll_penalty"], will["speed"]) == (0, 9) and fig(will, "speed") == 9
    both = {"health": 0, "athletics": 4, "dexterity": 3, "will_to_live": True, "run_halved": "both"}
    assert api.run("serial-wounds", both)["run"] == 17
    # «Перегружен» is no wound: it still halves
    assert api.run("serial-wounds", {**both, "overloaded": True})["speed"] == 4


def test_burning_and_overloaded_penalties():
    # «Горит! ... Также цель получает -4 куба на все броски действий из-за сильнейшей боли. Этот штраф может
    # быть преодолен тратой ПСВ ... Существа с сопротивляемостью к огню или нечувствительные к боли не
    # получают этого штрафа.»; «Перегружен»: «-4 куба на броски Ловкости и уменьшение скорости движения в 2 раза»
    assert api.run("serial-wounds", {"burning": True})["roll_penalty"] == 4
    assert api.run("serial-wounds", {"burning": True, "burning_spared": True})["roll_penalty"] == 0
    assert api.run("serial-wounds", {"burning": True, "burning_willpower": True})["roll_penalty"] == 0
    r = api.run("serial-wounds", {"overloaded": True, "athletics": 4, "health": 3})
    assert (r["roll_penalty"], r["dexterity_penalty"], r["speed"]) == (4, 8, 2)  # 9 → 4 → 2


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 12), st.integers(0, 6), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_penalties_properties(health, athletics, push, burning, willpower, overloaded):
    params = {"health": health, "athletics": athletics, "push": push, "burning": burning,
              "burning_willpower": willpower, "overloaded": overloaded}
    each = api.run("serial-wounds", params)
    one = api.run("serial-wounds", {**params, "pain_willpower": "one"})
    assert one["roll_penalty"] <= each["roll_penalty"] <= 8
    assert each["wounds"] in (0, 2, 4) and each["dexterity_penalty"] == each["roll_penalty"] + 4 * overloaded
    assert each["speed"] <= 5 + athletics
    fewer = api.run("serial-wounds", {**params, "health": max(0, health - 1)})
    assert fewer["wounds"] >= each["wounds"] and fewer["speed"] <= each["speed"]  # a worse wound never helps


# =================================================================================================
# serial-burning
# =================================================================================================

def test_burning_damage_by_turn():
    # «В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения.»
    r = api.run("serial-burning", {"turn": 4, "extinguisher": "nobody"})
    assert r["levels"] == [2, 3, 4, 5] and r["damage_this_turn"] == 5 and r["damage_so_far"] == 14
    assert api.run("serial-burning", {"turn": 4, "extinguisher": "nobody", "first_turn_counts": True})["levels"] \
        == [3, 4, 5, 6]
    # Броня and a resistance to fire act on each turn's levels: (5 − 1) / 2 = 2
    r = api.run("serial-burning", {"turn": 4, "extinguisher": "nobody", "armor": 1, "tag": "resistance"})
    assert r["portions"] == [1, 1, 2, 2] and r["next"][0]["params"] == {"portions": [2, 3, 4, 5], "armor": 1,
                                                                     "tag": "resistance"}
    # the hand-over fills the damage calculator with what `python -m rules_core run` would take
    handed = api.run("serial-damage", {**r["next"][0]["params"], "absorption": 0, "health": 7})
    assert [s["portion"] for s in handed["steps"]] == r["portions"]


def test_putting_out_against_icepool():
    # «Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7 - тушение себя»; the burning one's own
    # roll has −4 from the pain
    friend = api.run("serial-burning", {"extinguisher": "friend", "pool": 4})
    assert (friend["pool"], friend["difficulty"]) == (4, 5)
    assert F(friend["p_out"]) == p(net(4, 5), lambda x: x >= 1)
    himself = api.run("serial-burning", {"extinguisher": "self", "pool": 6})
    assert (himself["pool"], himself["difficulty"]) == (2, 7)
    assert F(himself["p_out"]) == p(net(2, 7), lambda x: x >= 1)
    spared = api.run("serial-burning", {"extinguisher": "self", "pool": 6, "no_pain": True})
    assert F(spared["p_out"]) == p(net(6, 7), lambda x: x >= 1)
    # «Подручные средства ... снизить сложность на этот бросок»
    tools = api.run("serial-burning", {"extinguisher": "self", "pool": 6, "difficulty_change": -2})
    assert tools["difficulty"] == 5


def test_damage_until_put_out_is_a_geometric_sum():
    r = api.run("serial-burning", {"extinguisher": "friend", "pool": 4, "max_turns": 6})
    q = F(r["p_out"])
    rows = next(b for b in r["display"] if b["kind"] == "distribution")["rows"]
    got = {row["x"]: F(row["p"]) for row in rows}
    # put out after turn k's damage: 2 + 3 + … ; still burning after 6 turns: (1 − q)^6
    want: dict[int, Fraction] = {}
    total = 0
    for k in range(1, 7):
        total += k + 1
        want[total] = want.get(total, Fraction(0)) + (1 - q) ** (k - 1) * q
    want[total] += (1 - q) ** 6
    assert got == want and sum(got.values()) == 1
    assert F(r["p_still_burning"]) == (1 - q) ** 6


# =================================================================================================
# serial-ambush
# =================================================================================================

def test_ambush_against_icepool():
    # «Нападающий делает бросок Ловкость + Незаметность, противопоставленный броску Восприятие +
    # Бдительность цели. Если нападающему везет, то он может провести по цели одну свободную атаку, а также
    # добавить любое количество успехов от броска на Незаметность к набору кубиков для атаки.»
    r = api.run("serial-ambush", {"stealth_pool": 4, "alert_pool": 3, "attack_dice": 3, "attack_difficulty": 6})
    a, d = net(4), net(3)
    assert F(r["p_ambush"]) == p(icepool.map(lambda x, y: x > y, a, d), bool)
    assert F(r["p_tie"]) == p(icepool.map(lambda x, y: x == y, a, d), bool)
    assert F(r["p_ambush"]) + F(r["p_tie"]) + F(r["p_spotted"]) == 1
    free = Fraction(0)
    for x, qx in a.items():
        for y, qy in d.items():
            if x > y:
                free += Fraction(qx * qy, a.denominator() * d.denominator()) * p(net(3 + x), lambda s: s >= 1)
    assert F(r["p_free_hit"]) == free


def test_ambush_tie_and_the_attack_calculator():
    # «При ничьей нападающий все же ходит первым, но защищающийся может провести защитное действие»
    assert api.run("serial-ambush", {"stealth_pool": 0, "alert_pool": 0})["p_tie"]["exact"] == "1/1"
    # the attack calculator takes the ambush's successes: a free attack, no defence
    with_three = api.run("serial-attack", {"attack_dice": 3, "ambush_successes": 3, "ranged": False})
    assert with_three["attack_dice"] == 6
    assert errors("serial-attack", {"ambush_successes": 2, "defence": "dodge", "defence_dice": 3})[0]["field"] \
        == "defence"


# =================================================================================================
# serial-contest
# =================================================================================================

def test_grapple_escape_against_icepool():
    # «оба бойца делают противопоставленные броски Сила + Драка (единички вычитаются ...). Для успеха жертве
    # надо набрать больше успехов, чем нападающему.»
    r = api.run("serial-contest", {"contest": "grapple", "holder_pool": 4, "victim_pool": 5})
    assert F(r["p_effect"]) == p(icepool.map(lambda h, v: v > h, net(4), net(5)), bool)


def test_trip_disarm_cover_against_icepool():
    att = net(5, 7)
    # «Подсечка»: «Если число успехов на этом броске меньше, чем число успехов нападающего, то цель падает»
    r = api.run("serial-contest", {"contest": "trip", "attack_dice": 5, "attack_difficulty": 7, "target_pool": 3})
    assert F(r["p_effect"]) == p(icepool.map(lambda s, t: s >= 1 and t < s, att, net(3)), bool)
    # «Разоружение»: «Если число полученных успехов превышает уровень Силы противника» (a damage roll: 1s
    # do not cancel)
    r = api.run("serial-contest", {"contest": "disarm", "attack_dice": 5, "attack_difficulty": 7, "damage_dice": 6,
                                   "opponent_strength": 3})
    assert F(r["p_effect"]) == p(icepool.map(lambda s, k: s >= 1 and k > 3, att, net(6, 6, ones=False)), bool)
    assert F(r["p_effect"]) + F(r["p_no_effect"]) == F(r["p_hit"])
    # «Прикрыть»: «Бросок Ловкость+Уворот по сложности 6, необходимо набрать успехов больше нападающего»
    r = api.run("serial-contest", {"contest": "cover", "attack_dice": 5, "attack_difficulty": 7, "cover_pool": 4})
    assert F(r["p_effect"]) == p(icepool.map(lambda s, c: s >= 1 and c > s, att, net(4)), bool)


# =================================================================================================
# serial-explosion: the grenade
# =================================================================================================

def test_grenade_throw_and_dodge_against_icepool():
    # «Гранаты. Бросок ловкость+атлетика, сложность 6, чтобы попасть в нужную точку (метр на метр) достаточно
    # 1 успеха»; «В случае успешного уворота (набрано успехов не меньше чем у бросившего гранату)»;
    # «Максимальная дистанция броска (5*Значение вашей силы без амулетов)»
    r = api.run("serial-explosion", {"kind": "grenade", "throw_pool": 4, "dodge_pool": 3, "thrower_strength": 3})
    t, d = net(4), net(3)
    assert F(r["p_landed"]) == p(t, lambda x: x >= 1)
    assert F(r["p_dodged"]) == p(icepool.map(lambda x, y: x >= 1 and y >= x, t, d), bool)
    assert F(r["p_shrapnel"]) == p(icepool.map(lambda x, y: x >= 1 and y < x, t, d), bool)
    assert r["max_distance"] == 15
    no_cover = api.run("serial-explosion", {"kind": "grenade", "throw_pool": 4, "dodge_pool": 0})
    assert no_cover["p_dodged"]["exact"] == "0/1"


# =================================================================================================
# serial-attack: the wound penalties of both sides
# =================================================================================================

def test_attack_takes_the_wound_penalty_of_each_side():
    base = {"attack_dice": 7, "ranged": False, "defence": "dodge", "defence_dice": 5, "damage_dice": 4}
    r = api.run("serial-attack", {**base, "attacker_health": 5, "health": 3})
    assert (r["attack_dice"], r["attack_penalty"], r["defence_penalty"]) == (5, 2, 4)
    assert fig(r, "wound_penalties") == {"ru": "−2 / −4", "en": "−2 / −4"}
    hand = icepool.map(lambda a, d: a - d >= 1, net(5), net(1))
    assert F(r["p_hit"]) == p(hand, bool)
    spared = api.run("serial-attack", {**base, "attacker_health": 5, "health": 3, "attacker_no_pain": True,
                                       "target_no_pain": True})
    assert (spared["attack_dice"], spared["defence_penalty"]) == (7, 0)
    # the reading: not the damage roll, unless switched
    assert r["damage_dice"] == 4
    assert api.run("serial-attack", {**base, "attacker_health": 5, "wound_penalty_damage": True})["damage_dice"] == 2


def test_two_guns_halve_the_wounded_pool_by_the_reading():
    base = {"attack_dice": 9, "maneuver": "two_guns", "attacker_health": 5}
    assert api.run("serial-attack", base)["attack_dice"] == 3  # (9 − 2) // 2
    assert api.run("serial-attack", {**base, "wound_penalty_before_halving": False})["attack_dice"] == 2  # 9 // 2 − 2


def test_parry_and_block_fail_against_a_stronger_blow():
    # «Парировать можно только те атаки, чья Сила + модификатор оружия + паранормальные усиления не
    # превосходит вашу Силу+Ловкость»; блок: «если Сила + Модификатор Оружия ... нападающего больше чем ваша
    # Сила + Выносливость ..., то маневр автоматически провален»
    base = {"attack_dice": 5, "ranged": False, "defence": "block", "defence_dice": 6, "damage_dice": 7,
            "absorption": 0, "health": 20}
    strong = api.run("serial-attack", {**base, "defender_limit": 6})
    equal = api.run("serial-attack", {**base, "defender_limit": 7})
    assert strong["defence_overpowered"] and not equal["defence_overpowered"]
    none = api.run("serial-attack", {**base, "defence": "none"})
    assert strong["health_left"] == none["health_left"] and strong["health_left"] != equal["health_left"]


def test_desperate_defence_loses_a_die_per_later_defence():
    # «Персонаж использует весь свой набор кубиков против первой атаки в данном ходу, а затем теряет по одному
    # кубику (эффект кумулятивен) при каждом последующем защитном приеме»
    base = {"attack_dice": 6, "ranged": False, "defence": "dodge", "defence_dice": 6, "desperate": True}
    first = api.run("serial-attack", {**base, "defence_number": 1})
    third = api.run("serial-attack", {**base, "defence_number": 3})
    assert F(first["p_hit"]) == p(icepool.map(lambda a, d: a - d >= 1, net(6), net(6)), bool)
    assert F(third["p_hit"]) == p(icepool.map(lambda a, d: a - d >= 1, net(6), net(4)), bool)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 8), st.integers(0, 8), st.integers(0, 7), st.integers(1, 7))
def test_a_worse_wound_never_helps_the_wounded(dice, defence, attacker_health, health):
    base = {"attack_dice": dice, "ranged": False, "defence": "dodge", "defence_dice": defence, "damage_dice": 3,
            "attacker_health": attacker_health, "health": health}
    r = api.run("serial-attack", base)
    if attacker_health:
        worse = api.run("serial-attack", {**base, "attacker_health": attacker_health - 1})
        assert F(worse["p_hit"]) <= F(r["p_hit"])
    if health > 1:
        worse = api.run("serial-attack", {**base, "health": health - 1})
        # the target's wound takes defence dice: the attack hits at least as often
        assert F(worse["p_hit"]) >= F(r["p_hit"])


# =================================================================================================
# serial-attack: «Перегружен», «Отчаянная защита» with a parry, two guns and the flank's dice
# =================================================================================================

def test_overloaded_takes_four_dice_from_the_attack_and_the_defence():
    # «Статус “Перегружен” случается с персонажем если он несет на себе слишком много предметов и слишком слаб
    # для этого. -4 куба на броски Ловкости»; «ваш бросок на попадание – это Ловкость + навык/талант»
    plain = api.run("serial-attack", {"attack_dice": 7})
    assert api.run("serial-attack", {"attack_dice": 7, "attacker_overloaded": True})["attack_dice"] == 3
    defended = {"attack_dice": 7, "defence": "dodge", "defence_dice": 6}
    heavy = api.run("serial-attack", {**defended, "target_overloaded": True})
    assert fig(heavy, "defence")["ru"].startswith("2 /") and F(heavy["p_hit"]) > F(api.run("serial-attack", defended)["p_hit"])
    # the other reading: an attack is no roll of Ловкость alone
    assert api.run("serial-attack", {"attack_dice": 7, "attacker_overloaded": True,
                                     "overloaded_rolls": "pure_dexterity"})["attack_dice"] == plain["attack_dice"]


def test_full_defense_with_a_parry_is_the_readings():
    # «используя (только один!) защитный маневр, блок или уклонение»
    parry = {"ranged": False, "defence": "parry", "defence_dice": 5, "desperate": True, "defence_number": 3}
    res = api.run("serial-attack", parry)
    assert res["not_used"] == ["desperate", "defence_number"]  # not a full defense: said so
    allowed = api.run("serial-attack", {**parry, "desperate_parry": True})
    assert "not_used" not in allowed and fig(allowed, "defence")["ru"].startswith("3 /")


def test_two_guns_halve_the_flank_dice_by_the_reading():
    # «и основная атака и экстра используют только половину (округление вниз) от запаса кубиков на это действие»;
    # «атакующие с тыла – три»
    rear = {"maneuver": "two_guns", "flank": "rear", "attack_dice": 9}
    assert api.run("serial-attack", rear)["attack_dice"] == (9 + 3) // 2
    assert api.run("serial-attack", {**rear, "two_guns_halves_bonus": False})["attack_dice"] == 9 // 2 + 3
    ambush = {"maneuver": "two_guns", "ambush_successes": 2, "attack_dice": 8}
    assert api.run("serial-attack", {**ambush, "two_guns_halves_bonus": False})["attack_dice"] == 4 + 2


def test_a_nonlethal_roll_counts_for_the_minus_one_by_the_reading():
    # «За каждый бросок Порога в рамках одной сцены вычитается единица из последующих бросков Порога»; «Если на Порог
    # персонажа привели нелетальным уроном, то бросается только чет/нечет»
    two = api.run("serial-death-door", {"previous_rolls": 2, "nonlethal_before": 1})
    one = api.run("serial-death-door", {"previous_rolls": 2, "nonlethal_before": 1, "nonlethal_roll_counts": False})
    assert fig(two, "door_roll")["ru"] == "д6 − 2" and fig(one, "door_roll")["ru"] == "д6 − 1"
    assert one["outcomes"] == api.run("serial-death-door", {"previous_rolls": 1})["outcomes"]
    assert [e["field"] for e in errors("serial-death-door", {"previous_rolls": 1, "nonlethal_before": 2})] == ["nonlethal_before"]
    # the attack's step to the door carries them
    hit = api.run("serial-attack", {"attack_dice": 12, "damage_dice": 20, "absorption": 0, "health": 2,
                                    "door_rolls_before": 2, "door_nonlethal_before": 1, "nonlethal_roll_counts": False})
    step = hit["next"][0]["params"]
    assert (step["nonlethal_before"], step["nonlethal_roll_counts"]) == (1, False)


def test_naga_venom_against_icepool():
    # «Манёвр "Яд наги" (особое). Если эта атака набрала 7+ успехов на попадании и её урон смог пробить Броню цели, то
    # вдобавок к основному урону цель получает дополнительно 7 уровней урона смертоносным ядом.»
    base = {"attack_dice": 12, "damage_dice": 6, "armor": 2, "absorption": 0, "health": 30, "naga": True}
    res = api.run("serial-attack", base)
    hit, dmg = net(12, 6, True), net(6, 6, False)
    assert F(res["p_poison"]) == p(hit, lambda h: h >= 7) * p(dmg, lambda k: k > 2)
    # the damage the target takes: the blow less Броня, and the 7 levels when the venom came (the reading «whole»)
    taken = icepool.map(lambda h, k: 0 if h < 1 else max(0, k - 2) + (7 if h >= 7 and k > 2 else 0), hit, dmg)
    assert {d["damage"]: F(d["p"]) for d in res["damage"]} == {o: p(taken, lambda x, o=o: x == o) for o in taken.outcomes()
                                                               if p(taken, lambda x, o=o: x == o)}
    # Броня subtracted from the poison too (the other reading): 5 levels
    armored = api.run("serial-attack", {**base, "naga_armor": "armor"})
    assert max(d["damage"] for d in armored["damage"]) == max(d["damage"] for d in res["damage"]) - 2
    # the soak levels: absorbed like the blow (default) or passed by the poison
    soaked = api.run("serial-attack", {**base, "absorption": 6, "health": 7})
    past = api.run("serial-attack", {**base, "absorption": 6, "health": 7, "naga_soaked": False})
    assert F(past["p_death_door"]) > F(soaked["p_death_door"])
    assert R.take_with_poison(R.Target(6, 7, 2), 2, 7, soaked=False).to_health == 7
