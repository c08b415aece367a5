"""The classic rules' situations and complications (002, 003) in ``wod-classic-attack`` and the
calculators of ambush, falling and the armor's Dexterity penalty: the sources' words (quoted),
icepool as an independent oracle for the rolls, hypothesis for invariants."""

from __future__ import annotations

import icepool
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.wod import tables as wod_tables
from tests.d10_oracle import F, errors, net, raw, p


def firearm(name):
    return f"firearm{next(i for i, f in enumerate(wod_tables.FIREARMS) if f['type']['ru'].startswith(name))}"


# =================================================================================================
# wod-classic-attack: the defence, the situations
# =================================================================================================

def test_a_dodge_takes_attack_successes_away_against_icepool():
    # 003's table: «Уклонение Ловкость + Уворот 6 Специальная (R)»; «(R): маневр уменьшает успехи нападения
    # противника»
    r = api.run("wod-classic-attack", {"attack_dice": 6, "defence": "dodge", "defence_dice": 3})
    attack = raw(6).map(lambda sc: -1 if sc[0] == 0 and sc[1] > 0 else max(0, sc[0] - sc[1]))  # −1: a botch
    hit = icepool.map(lambda a, d: a >= 0 and a - d >= 1, attack, net(3))
    assert F(r["p_hit"]) == p(hit, bool)
    assert r["defence_difficulty"] == 6


def test_several_opponents_and_automatic_fire_raise_the_dodge():
    # 002: «кумулятивный штраф +1 к броскам на нападение и защиту для каждого противника после первого
    # (максимум до +4)»; 003: «Уклонение от автоматического огня получает Трудность +1»
    assert api.run("wod-classic-attack", {"defence": "dodge", "defender_opponents": 3})["defence_difficulty"] == 8
    assert api.run("wod-classic-attack", {"defence": "dodge", "defender_opponents": 9})["defence_difficulty"] == 10
    spray = {"weapon": firearm("Штурмовая"), "maneuver": "spray", "defence": "dodge", "defence_dice": 2}
    assert api.run("wod-classic-attack", spray)["defence_difficulty"] == 7
    full = {**spray, "maneuver": "full_auto"}
    assert api.run("wod-classic-attack", full)["defence_difficulty"] == 6
    assert api.run("wod-classic-attack", {**full, "autofire_dodge": "spray_and_full_auto"})["defence_difficulty"] == 7
    assert api.run("wod-classic-attack", {"attacker_opponents": 4})["attack_difficulties"] == [9]


def test_flank_rear_and_blindness():
    # 002: «получают дополнительный кубик при бросках на атаку – и два дополнительных кубика, если персонажи
    # атакуют с тыла»; 003: «Все атаки против слепой цели получаю два дополнительных кубика»
    assert api.run("wod-classic-attack", {"attack_dice": 5, "flank": "flank"})["attack_dice"] == 6
    assert api.run("wod-classic-attack", {"attack_dice": 5, "flank": "rear", "target_blind": True})["attack_dice"] == 9
    # 002: «добавляет +2 к сложности Рукопашного боя и Фехтования. Ослепленный персонаж не может выполнять
    # дистанционные атаки»; 003: «все действия слепого персонажа происходят со Трудностью +2»
    sword = {"weapon": "melee3", "attacker_blind": True}
    assert api.run("wod-classic-attack", sword)["attack_difficulties"] == [8]
    gun = {"weapon": firearm("Пистолет, легкий"), "attacker_blind": True}
    assert errors("wod-classic-attack", gun)[0]["field"] == "attacker_blind"
    assert api.run("wod-classic-attack", {**gun, "blind_ranged": "plus_two"})["attack_difficulties"] == [8]


def test_range_bands_and_the_yards_of_the_table():
    # 003: «Все выстрелы на этом расстоянии имеют Трудность 6 ... Двойное значение ... Трудность 8 ...
    # в радиусе двух метров ... Трудность 4»; «Диапазон: Прицельная дальность выстрела из оружия в ярдах
    # (1 ярд = 0.91 м)»
    light = firearm("Револьвер, легкий")  # 12 yards = 10.92 m
    diff = {d: api.run("wod-classic-attack", {"weapon": light, "range": "distance", "distance": d})["attack_difficulties"]
            for d in (2, 3, 10, 11, 21)}
    assert diff == {2: [4], 3: [6], 10: [6], 11: [8], 21: [8]}
    assert errors("wod-classic-attack", {"weapon": light, "range": "distance", "distance": 22})[0]["field"] == "distance"
    as_metres = {"weapon": light, "range": "distance", "distance": 11, "range_unit": "metres"}
    assert api.run("wod-classic-attack", as_metres)["attack_difficulties"] == [6]
    assert api.run("wod-classic-attack", {"weapon": light, "range": "point_blank"})["attack_difficulties"] == [4]
    assert api.run("wod-classic-attack", {"weapon": light, "range": "long"})["attack_difficulties"] == [8]


def test_aiming_and_the_scope():
    # 003: «Каждый раунд, проведенный в прицеливании добавляет стреляющему 1 дополнительный кубик ...
    # Максимальное число кубиков ... соответствует значению его Восприятия ... Оптический прицел добавляет
    # этому броску еще два кубика»
    rifle = {"weapon": firearm("Винтовка"), "attack_dice": 5}
    assert api.run("wod-classic-attack", {**rifle, "aim_rounds": 2, "perception": 3})["attack_dice"] == 7
    assert api.run("wod-classic-attack", {**rifle, "aim_rounds": 5, "perception": 3})["attack_dice"] == 8
    assert api.run("wod-classic-attack", {**rifle, "aim_rounds": 5, "perception": 3, "scope": True})["attack_dice"] == 10
    assert api.run("wod-classic-attack", {**rifle, "scope": True})["attack_dice"] == 5
    assert api.run("wod-classic-attack", {**rifle, "scope": True, "scope_needs_aim": False})["attack_dice"] == 7


def test_two_weapons_split_the_pool_and_the_off_hand():
    # 003: «применение двух орудий является сложным действием, во вторых, выстрел "не с той руки" получает
    # Трудность +1»; the split of «Несколько выстрелов»
    r = api.run("wod-classic-attack", {"weapon": firearm("Пистолет, легкий"), "maneuver": "two_weapons",
                                       "attack_dice": 7})
    assert r["attack_difficulties"] == [6, 7]
    hit1 = p(raw(5).map(lambda sc: sc[0] > 0 and sc[0] - sc[1] >= 1), bool)
    hit2 = p(raw(4, 7).map(lambda sc: sc[0] > 0 and sc[0] - sc[1] >= 1), bool)
    assert F(r["p_hit"]) == 1 - (1 - hit1) * (1 - hit2)


def test_disarm_is_the_table_roll():
    # 003's table: «Обезоружить Ловкость + Фехтование /Драка 7 Нормальная +1 Специальные»
    r = api.run("wod-classic-attack", {"weapon": "disarm", "attack_dice": 5})
    assert (r["attack_dice"], r["attack_difficulties"], r["mean_levels"]["exact"]) == (6, [7], "0/1")
    assert F(r["p_hit"]) == p(raw(6, 7).map(lambda sc: sc[0] > 0 and sc[0] - sc[1] >= 1), bool)
    # the other reading: «Нормальная» accuracy, the «+1» being the difficulty already in the 7 — five dice
    n = api.run("wod-classic-attack", {"weapon": "disarm", "attack_dice": 5, "disarm_accuracy": "none"})
    assert n["attack_dice"] == 5 and F(n["p_hit"]) == p(raw(5, 7).map(lambda sc: sc[0] > 0 and sc[0] - sc[1] >= 1), bool)


def test_the_table_records_say_what_the_words_say():
    for m in wod_tables.MELEE_MANEUVERS:
        words = m["accuracy"]["ru"]
        want = None if words == "Специальная" else 1 if words.endswith("+1") else 0
        assert m["accuracy_dice"] == want, m["name"]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 8), st.integers(0, 6), st.sampled_from(["dodge", "block", "parry"]))
def test_more_defence_never_helps_the_attack(dice, defence, kind):
    base = {"attack_dice": dice, "defence": kind, "defence_dice": defence, "weapon": "melee3"}
    r = api.run("wod-classic-attack", base)
    more = api.run("wod-classic-attack", {**base, "defence_dice": defence + 1})
    assert F(more["p_hit"]) <= F(r["p_hit"]) and F(more["mean_levels"]) <= F(r["mean_levels"])
    undefended = api.run("wod-classic-attack", {**base, "defence": "none"})
    assert F(r["p_hit"]) <= F(undefended["p_hit"])


# =================================================================================================
# wod-ambush
# =================================================================================================

def test_ambushed_first_turn_pool_against_icepool():
    # 002: «выполняют броски на Восприятие + Бдительность со сложностью 8. Количество полученных успешных
    # баллов определяет запас бросков на действия в первом ходу»; «бросок на Сообразительность + Маскировка
    # (сложность 6)»
    r = api.run("wod-ambush", {"victim_pool": 4, "prepare_pool": 3})
    roll = net(4, 8)
    rows = {x["dice"]: F(x["p"]) for x in r["first_turn_pool"]}
    assert rows == {o: p(roll, lambda x, o=o: x == o) for o in range(5) if p(roll, lambda x, o=o: x == o)}
    assert F(r["p_prepared"]) == p(net(3), lambda x: x >= 1)
    capped = api.run("wod-ambush", {"victim_pool": 4, "own_pool": 2, "ambush_pool": "at_most"})
    assert F(capped["mean_pool"]) == sum(min(o, 2) * q for o, q in rows.items())


def test_flank_surprise_needs_the_attackers_stealth():
    # 002: «Сообразительность + Восприятие (сложность 6 для атак с фланга и 8 для нападения с тыла) ...
    # количество набранных успешных баллов должно быть равно значению Маскировки у нападающего или
    # превышать его (требуется минимум один успешный балл)»
    flank = api.run("wod-ambush", {"mode": "surprise", "side": "flank", "wits_perception": 5, "stealth": 2})
    assert F(flank["p_avoided"]) == p(net(5, 6), lambda x: x >= 2)
    rear = api.run("wod-ambush", {"mode": "surprise", "side": "rear", "wits_perception": 5, "stealth": 0})
    assert F(rear["p_avoided"]) == p(net(5, 8), lambda x: x >= 1) and rear["needed"] == 1


# =================================================================================================
# wod-knockdown
# =================================================================================================

def _fall_die(n, d=6):
    return raw(n, d).map(lambda sc: "hurt" if sc[0] == 0 and sc[1] > 0 else "up" if sc[0] - sc[1] >= 1 else "down")


def test_the_fall_against_icepool():
    # 003, «Падение»: «При успешном броске персонаж может сразу же встать, но его инициатива в следующем
    # раунде получит -2. Если же бросок не удался, то свое следующее действие персонаж должен посветить тому,
    # чтобы встать на ноги ... Если же бросок провален, то ... получает один уровень повреждений»
    r = api.run("wod-knockdown", {"cause": "fall", "pool": 3})
    fall = _fall_die(3)
    assert (F(r["p_up"]), F(r["p_down"]), F(r["p_hurt"])) == (p(fall, lambda o: o == "up"),
                                                             p(fall, lambda o: o == "down"),
                                                             p(fall, lambda o: o == "hurt"))


def test_tackle_both_roll_at_seven_and_fall_again():
    # 003: «Таран»: «оба должны бросить Ловкость + Легкая Атлетика (Трудность 7) или же упасть на землю»;
    # «После того, как он упал, вы бросаете Ловкость + Легкая Атлетика»
    r = api.run("wod-knockdown", {"cause": "tackle", "pool": 3, "attacker_pool": 4})
    stay = p(raw(3, 7).map(lambda sc: sc[0] > 0 and sc[0] - sc[1] >= 1), bool)
    fall = _fall_die(3)
    assert F(r["p_falls"]) == 1 - stay
    assert F(r["p_hurt"]) == (1 - stay) * p(fall, lambda o: o == "hurt")
    assert F(r["attacker_p_falls"]) == 1 - p(raw(4, 7).map(lambda sc: sc[0] > 0 and sc[0] - sc[1] >= 1), bool)
    once = api.run("wod-knockdown", {"cause": "tackle", "pool": 3, "rolls_again": False})
    first = raw(3, 7).map(lambda sc: "hurt" if sc[0] == 0 and sc[1] > 0 else "up" if sc[0] - sc[1] >= 1 else "down")
    assert F(once["p_hurt"]) == p(first, lambda o: o == "hurt") and once["p_up"]["exact"] == "0/1"


# =================================================================================================
# wod-armor
# =================================================================================================

def test_armor_dexterity_penalty_by_class_and_halving():
    # 003's table: «Штраф Ловкости» 0, 1, 1, 2, 3; 002: «Персонажи с Фехтованием 3 и выше или Силой (Силой
    # + Стойкость), вдвое превышающей требуемое для ношения доспеха значение, получают только половинный
    # штраф к Ловкости»
    full = {a["rating"]: api.run("wod-armor", {"armor": str(a["rating"]), "dexterity": 4})["penalty"] for a in wod_tables.ARMOR}
    assert full == {1: 0, 2: 1, 3: 1, 4: 2, 5: 3}
    assert api.run("wod-armor", {"armor": "5", "melee": 3})["penalty"] == 1
    assert api.run("wod-armor", {"armor": "5", "melee": 3, "rounding": "up"})["penalty"] == 2
    strong = {"armor": "4", "strength": 4, "strength_known": True, "required": 2}
    assert api.run("wod-armor", strong)["penalty"] == 1
    assert api.run("wod-armor", {**strong, "double": "more_than_double"})["penalty"] == 2
    assert api.run("wod-armor", {"armor": "4", "strength": 9})["penalty"] == 2  # the need unknown: no halving
    assert api.run("wod-armor", {"armor": "4", "dexterity": 3})["dexterity"] == 1


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["1", "2", "3", "4", "5"]), st.integers(0, 5), st.integers(0, 10))
def test_a_half_penalty_is_never_more(armor, melee, strength):
    full = api.run("wod-armor", {"armor": armor})["penalty"]
    r = api.run("wod-armor", {"armor": armor, "melee": melee, "strength": strength, "strength_known": True,
                              "required": 2})
    assert r["penalty"] <= full and (r["penalty"] < full or full <= 1 or not r["halved"])
