"""Classic World of Darkness (002, 003): soak, armor, stunned, one attack; calculators.

Oracles: the sources' own example (Анатоль), icepool for every roll it can express, and
hypothesis invariants.
"""

from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.dice import Dist
from rules_core.wod.pool import d10_pool, net_successes
from rules_core.wod import rules as wod_rules
from rules_core.wod import calculators as wod_calculators
from tests.fakes import FakeRoller

SMALL = settings(max_examples=60, deadline=None)


def ice_to_dist(die) -> Dist:
    total = die.denominator()
    return Dist({o: Fraction(q, total) for o, q in die.items()})


def ice_net(n: int, difficulty: int, ones_cancel: bool) -> Dist:
    """Net successes of n d10 with icepool: +1 per face ≥ difficulty, −1 per 1 when they cancel."""
    die = icepool.d10.map(lambda f: 1 if f >= difficulty else (-1 if f == 1 and ones_cancel else 0))
    return ice_to_dist((n @ die).map(lambda s: max(0, s)))



# ---- the source's example -----------------------------------------------------------------------

def test_anatol_example():
    # «у Анатоля Выносливость равна 4, а Стойкость 1 … три уровня летальных повреждений.
    # Запас бросков на поглощение у Анатоля равен 5 кубикам … 8, 5, 2, 7 и 5 … уменьшается на два.
    # В итоге Анатоль получает один уровень повреждений.»
    assert wod_rules.soak_dice(4, 1, 0, "lethal", supernatural=True) == 5
    assert wod_rules.soak_successes([8, 5, 2, 7, 5]) == 2
    r = wod_calculators.soak.roll({"incoming": 3, "damage_type": "lethal", "target": "supernatural", "stamina": 4,
                      "fortitude": 1, "armor": "0", "soak_difficulty": 6, "armor_soak": "with_body",
                      "armor_break": "at_least_double", "armor_ruin": "soaks_it", "ones_cancel": False}, FakeRoller(8, 5, 2, 7, 5))
    assert (r["soaked"], r["levels"]) == (2, 1)
    # «Но если бы он был смертным, он бы не смог поглотить летальные повреждения и потерял бы все три»
    assert wod_rules.soak_dice(4, 1, 0, "lethal", supernatural=False) == 0
    assert wod_rules.soak_levels(3, 0) == Dist.constant(3)
    res = api.run("wod-soak", {"incoming": 3, "stamina": 4, "fortitude": 1, "target": "mortal"})
    assert res["levels"] == [{"levels": 3, "p": {"exact": "1/1", "float": 1.0}}]


def test_pool_sentence_example():
    # «у персонажа с Выносливостью 3 и Стойкостью 2 запас … поверхностных и летальных повреждений
    # равен пяти кубиков, а на поглощение усиливающихся повреждений – только двум кубикам»
    assert wod_rules.soak_dice(3, 2, 0, "bashing", True) == 5
    assert wod_rules.soak_dice(3, 2, 0, "lethal", True) == 5
    assert wod_rules.soak_dice(3, 2, 0, "aggravated", True) == 2


def test_who_soaks_what():
    # «Обычные люди могут поглощать только поверхностные повреждения»
    assert wod_rules.soak_dice(3, 0, 0, "bashing", False) == 3
    assert wod_rules.body_soak_dice(3, 0, "lethal", False) is None
    assert wod_rules.body_soak_dice(3, 2, "aggravated", False) is None
    # «Усиливающиеся повреждения поглощаются только при наличии Дисциплины Стойкость»
    assert wod_rules.body_soak_dice(3, 0, "aggravated", True) is None
    with pytest.raises(ValueError):
        wod_rules.body_soak_dice(3, 0, "fire", True)


def test_armor_readings():
    # «Защитное значение доспехов добавляется к начальному запасу бросков»
    assert wod_rules.soak_dice(2, 0, 3, "bashing", False) == 5
    # reading «with_body» (default): no soak roll, no armor dice; «always»: armor alone soaks
    assert wod_rules.soak_dice(2, 0, 3, "lethal", False, "with_body") == 0
    assert wod_rules.soak_dice(2, 0, 3, "lethal", False, "always") == 3
    assert wod_rules.soak_dice(2, 0, 3, "aggravated", True, "always") == 3
    assert wod_rules.soak_dice(2, 1, 3, "aggravated", True, "with_body") == 4
    with pytest.raises(ValueError):
        wod_rules.soak_dice(2, 0, 3, "lethal", False, "sometimes")


def test_armor_ruin_readings():
    # «вдвое превышает защитное значение доспеха»: ≥ 2·rating or > 2·rating
    assert wod_rules.armor_ruined(4, 2, "at_least_double") and not wod_rules.armor_ruined(4, 2, "more_than_double")
    assert wod_rules.armor_ruined(5, 2, "more_than_double") and not wod_rules.armor_ruined(3, 2, "at_least_double")
    assert not wod_rules.armor_ruined(30, 0)
    with pytest.raises(ValueError):
        wod_rules.armor_ruined(1, 1, "double")


def test_stun_threshold():
    # «больше Успехов …, чем Выносливость жертвы (для смертных), или чем Выносливость +2 (для вампиров …)»
    assert wod_rules.stun_threshold(3, False) == 3 and wod_rules.stun_threshold(3, True) == 5
    res = api.run("wod-soak", {"incoming": 4, "stamina": 3, "target": "mortal", "damage_type": "bashing"})
    levels = {row["levels"]: Fraction(row["p"]["exact"]) for row in res["levels"]}
    assert Fraction(res["p_stunned"]["exact"]) == levels[4]  # only 4 unsoaked is more than 3
    sup = api.run("wod-soak", {"incoming": 4, "stamina": 3, "target": "supernatural", "damage_type": "bashing"})
    assert sup["p_stunned"]["exact"] == "0/1"


# ---- icepool oracles ----------------------------------------------------------------------------

@SMALL
@given(st.integers(0, 12), st.integers(2, 10), st.booleans())
def test_soak_dist_matches_icepool(n, difficulty, ones_cancel):
    assert wod_rules.soak_dist(n, difficulty, ones_cancel) == ice_net(n, difficulty, ones_cancel)


@SMALL
@given(st.integers(0, 12), st.integers(0, 10), st.integers(2, 10), st.booleans())
def test_soak_levels_match_icepool(incoming, pool, difficulty, ones_cancel):
    die = icepool.d10.map(lambda f: 1 if f >= difficulty else (-1 if f == 1 and ones_cancel else 0))
    oracle = ice_to_dist((pool @ die).map(lambda k: max(0, incoming - max(0, k))))
    assert wod_rules.soak_levels(incoming, pool, difficulty, ones_cancel) == oracle


def _oracle_attack(a_dice, a_diff, dmg, extra, soak, armor, reading, ones_cancel):
    """An independent composition with icepool: attack pool → damage pool → soak, by hand."""
    att = ice_to_dist(icepool.d10.pool(a_dice).expand().map(
        lambda faces: -1 if (not any(f >= a_diff for f in faces) and 1 in faces)  # −1: a botch
        else max(0, sum(f >= a_diff for f in faces) - faces.count(1))))
    acc = {}
    for a, pa in att.items():
        if a <= 0:
            key = ("botch" if a < 0 else "miss", 0, False)
            acc[key] = acc.get(key, 0) + pa
            continue
        n = dmg + (a - 1 if extra else 0)
        for s, ps in ice_net(n, 6, ones_cancel).items():
            for k, pk in ice_net(soak, 6, ones_cancel).items():
                ruined = armor > 0 and (s >= 2 * armor if reading == "at_least_double" else s > 2 * armor)
                key = ("hit", max(0, s - k), ruined)
                acc[key] = acc.get(key, 0) + pa * ps * pk
    return Dist(acc)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 4), st.integers(3, 9), st.integers(0, 5), st.booleans(), st.integers(0, 5),
       st.integers(0, 3), st.sampled_from(wod_rules.ARMOR_BREAK_READINGS), st.booleans())
def test_attack_matches_icepool_composition(a_dice, a_diff, dmg, extra, soak, armor, reading, ones_cancel):
    ours = wod_rules.attack_dist(a_dice, a_diff, dmg, extra_successes_add=extra, soak_pool=soak, armor=armor,
                         armor_break=reading, ones_cancel_damage=ones_cancel)
    assert ours == _oracle_attack(a_dice, a_diff, dmg, extra, soak, armor, reading, ones_cancel)


# ---- invariants ---------------------------------------------------------------------------------

@SMALL
@given(st.integers(0, 10), st.integers(3, 8), st.integers(0, 8), st.integers(0, 8))
def test_attack_invariants(a_dice, a_diff, dmg, soak):
    on = wod_rules.attack_dist(a_dice, a_diff, dmg, extra_successes_add=True, soak_pool=soak)
    off = wod_rules.attack_dist(a_dice, a_diff, dmg, extra_successes_add=False, soak_pool=soak)
    more_soak = wod_rules.attack_dist(a_dice, a_diff, dmg, extra_successes_add=True, soak_pool=soak + 1)
    lv = lambda d: d.map(lambda o: o[1])  # noqa: E731
    hit = lambda d: d.p(lambda o: o[0] == "hit")  # noqa: E731
    # the hit chance is the attack pool's, whatever happens to the damage
    assert hit(on) == hit(off) == net_successes(a_dice, a_diff).at_least(1)
    assert on.p(lambda o: o[0] == "botch") == d10_pool(a_dice, a_diff)["botch"]
    for x in range(1, dmg + a_dice + 2):
        # extra successes never lower the damage; one more soak die never raises it
        assert lv(on).at_least(x) >= lv(off).at_least(x)
        assert lv(more_soak).at_least(x) <= lv(on).at_least(x)
    assert on.p(lambda o: o[0] != "hit" and o[1] != 0) == 0  # a miss deals nothing


def test_helpless_target_is_hit_automatically_with_two_more_damage_dice():
    # 002: «атака автоматически считается удачной. В таких случаях запас бросков на повреждения
    # увеличивается на 2 кубика.»
    base = {"weapon": "custom", "damage_dice": 3, "stamina": 0, "target": "mortal", "damage_type": "bashing"}
    r = api.run("wod-classic-attack", {**base, "immobilized": "helpless", "attack_dice": 0})
    assert r["p_hit"]["exact"] == "1/1" and r["damage_dice"] == 5
    dist = wod_rules.attack_dist(0, 6, 5, soak_pool=0, auto_hit=True).map(lambda o: o[1])
    assert dist == net_successes(5, 6, False)


# ---- the calculators ----------------------------------------------------------------------------

def test_attack_calculator_reads_the_tables():
    r = api.run("wod-classic-attack", {"weapon": "melee5", "strength": 3, "attack_dice": 5})
    assert r["damage_dice"] == 6  # Большой топор: «Сила + 3»
    r = api.run("wod-classic-attack", {"weapon": "firearm7", "maneuver": "full_auto", "attack_dice": 5,
                                       "cover": "1"})
    # Штурмовая винтовка * (7 dice); Обстрел +10 dice, difficulty +2; good cover +2
    assert (r["damage_dice"], r["attack_dice"], r["attack_difficulty"]) == (7, 15, 10)
    r = api.run("wod-classic-attack", {"weapon": "firearm5", "maneuver": "burst", "attack_dice": 5})
    assert (r["attack_dice"], r["attack_difficulty"]) == (7, 7)


@pytest.mark.parametrize("params, field", [
    ({"weapon": "firearm4", "maneuver": "burst"}, "maneuver"),  # a rifle has no «*»
    ({"weapon": "melee0", "maneuver": "full_auto"}, "maneuver"),
    ({"weapon": "firearm5", "maneuver": "full_auto", "cover": "2", "attack_difficulty": 6}, "attack_difficulty"),
    ({"armor": "7"}, "armor"),
    ({"stamina": -1}, "stamina"),
])
def test_attack_calculator_errors_name_the_field(params, field):
    r = api.handle({"op": "run", "id": "wod-classic-attack", "params": params})
    assert r["ok"] is False and r["errors"][0]["field"] == field
    assert r["errors"][0]["ru"] and r["errors"][0]["en"]


def test_attack_calculator_matches_the_rules_module():
    p = {"attack_dice": 6, "attack_difficulty": 7, "weapon": "custom", "damage_dice": 4, "stamina": 3,
         "fortitude": 1, "target": "supernatural", "armor": "2", "damage_type": "lethal"}
    r = api.run("wod-classic-attack", p)
    d = wod_rules.attack_dist(6, 7, 4, soak_pool=3 + 1 + 2, armor=2)
    assert Fraction(r["p_stunned"]["exact"]) == d.p(lambda o: o[1] > 5)
    assert Fraction(r["p_armor_ruined"]["exact"]) == d.p(lambda o: o[2])
    assert Fraction(r["mean_levels"]["exact"]) == d.map(lambda o: o[1]).mean()
    assert r["soak_pool"] == 6


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 10), st.sampled_from(["custom", "melee1", "firearm6"]),
       st.booleans())
def test_rolls_are_possible_outcomes(seed, dice, weapon, extra):
    p = {"attack_dice": dice, "weapon": weapon, "extra_successes_add": extra, "stamina": 2, "armor": "1"}
    r = api.roll("wod-classic-attack", p, seed=seed)
    res = api.run("wod-classic-attack", p)
    support = {row["levels"] for row in res["levels"]}
    assert r["levels"] in support
    if r["hit"]:
        assert r["levels"] == max(0, r["damage_successes"] - r["soaked"])
        assert r["stunned"] == (r["levels"] > 2)
    s = api.roll("wod-soak", {"incoming": dice}, seed=seed)
    assert s["levels"] == max(0, dice - sum(f >= 6 for f in s["faces"]))


def test_default_soak_is_six_and_cannot_botch():
    # «Начальная сложность броска равна 6»; «броски на поглощение не могут закончиться провалом»
    assert wod_rules.SOAK_DIFFICULTY == 6
    assert wod_rules.soak_successes([1, 1, 1]) == 0
    assert wod_rules.soak_successes([1, 7], ones_cancel=True) == 0


# ---- several shots and automatic fire (003) -----------------------------------------------------

def test_multiple_shot_pools():
    # «запас кубиков для первого выстрела будет уменьшен на общее число объявленных выстрелов,
    # каждый последующий выстрел теряет дальнейший кубик»: 8 dice, 3 shots → 5, 4, 3
    assert wod_rules.multiple_shot_pools(8, 3) == [5, 4, 3]
    assert wod_rules.multiple_shot_pools(2, 3) == [0, 0, 0]
    with pytest.raises(ValueError):
        wod_rules.multiple_shot_pools(5, 0)


def test_spray_share():
    # «Если же под обстрелом находилась всего лишь одна цель, то она получит только половину Успехов»
    assert [wod_rules.spray_share(s, 1) for s in (1, 2, 5)] == [0, 1, 2]
    # «распределяет полученные успехи равномерно» — the rest «как он хочет»: 7 over 3 → 2 (+1)
    assert wod_rules.spray_share(7, 3, "least") == 2 and wod_rules.spray_share(7, 3, "most") == 3
    # «Если же Успехов было меньше, чем целей, то на цель приходится только один Успех»
    assert wod_rules.spray_share(2, 3, "least") == 0 and wod_rules.spray_share(2, 3, "most") == 1
    with pytest.raises(ValueError):
        wod_rules.spray_share(2, 0)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=3), st.integers(4, 8), st.integers(0, 4),
       st.integers(0, 4), st.integers(0, 4))
def test_shots_without_armor_are_independent_attacks(pools, diff, dmg, soak, stun):
    got = wod_rules.shots_dist(pools, diff, dmg, stun_above=stun, soak_without_armor=soak, armor=0)
    total = Dist.constant(0)
    no_stun = Fraction(1)
    for pool in pools:
        one = wod_rules.attack_dist(pool, diff, dmg, soak_pool=soak).map(lambda o: o[1])
        total = total + one
        no_stun *= one.at_most(stun)
    assert got.map(lambda o: o[0]) == total
    assert got.p(lambda o: o[1]) == 1 - no_stun
    assert got.p(lambda o: o[2]) == 0


def test_ruined_armor_stops_soaking_later_shots():
    # armor 1 is ruined by 2 damage successes; the second shot is then soaked without it
    got = wod_rules.shots_dist([3, 3], 6, 2, stun_above=10, soak_without_armor=0, armor=1)
    one_intact = wod_rules.attack_dist(3, 6, 2, soak_pool=1, armor=1)
    one_bare = wod_rules.attack_dist(3, 6, 2, soak_pool=0, armor=0)
    expect = one_intact.bind(lambda o: (one_bare if o[2] else one_intact).map(
        lambda q, o=o: (o[1] + q[1], False, o[2] or q[2])))
    assert got == expect


def test_spray_and_multiple_in_the_calculator():
    base = {"weapon": "firearm5", "attack_dice": 5, "stamina": 2, "target": "mortal", "damage_type": "bashing"}
    one = api.run("wod-classic-attack", {**base, "maneuver": "spray", "targets": 1})
    d = wod_rules.attack_dist(15, 8, 4, soak_pool=2, spray_targets=1)
    assert Fraction(one["mean_levels"]["exact"]) == d.map(lambda o: o[1]).mean()
    multi = api.run("wod-classic-attack", {**base, "weapon": "firearm2", "maneuver": "multiple", "shots": 3})
    miss = Fraction(1)
    for pool in (2, 1, 0):
        miss *= 1 - net_successes(pool, 6).at_least(1)
    hit = 1 - miss
    assert Fraction(multi["p_hit"]["exact"]) == hit
    bad = api.handle({"op": "run", "id": "wod-classic-attack",
                      "params": {**base, "weapon": "firearm4", "maneuver": "multiple", "shots": 2}})
    assert bad["errors"][0]["field"] == "shots"  # a rifle's rate is 1
    r = api.roll("wod-classic-attack", {**base, "weapon": "firearm2", "maneuver": "multiple", "shots": 4}, seed=7)
    assert len(r["shots"]) == 4 and r["levels"] == sum(s["levels"] for s in r["shots"])


def test_cover_on_both_sides():
    # «Если ваш персонаж находится за стеной, то Трудность броска атаки стреляющего в него получит +2.
    # Ответные выстрелы вашего персонажа из-за стены получат Трудность +1»
    assert wod_rules.cover_difficulty(2, 0) == 2 and wod_rules.cover_difficulty(0, 2) == 1
    # «если дана Трудность +1, то персонаж, находящийся в этом укрытии не получает увеличенной Трудности»
    assert wod_rules.cover_difficulty(0, 1) == 0
    # «если один персонаж лежит на земле, а другой находится за стеной, то у обоих … +2»
    assert wod_rules.cover_difficulty(2, wod_rules.PRONE_COVER) == 2 == wod_rules.cover_difficulty(wod_rules.PRONE_COVER, 2)
    r = api.run("wod-classic-attack", {"cover": "1", "attacker_cover": "prone", "attack_difficulty": 6})
    s = api.run("wod-classic-attack", {"cover": "prone", "attacker_cover": "1", "attack_difficulty": 6})
    assert r["attack_difficulty"] == s["attack_difficulty"] == 8


def test_brawl_maneuvers_from_the_melee_table():
    # 003: «"Таран": … Бросок атаки имеет Трудность +1 и наносит повреждения Сила +1»; Пинок: 7, «Сила +1»;
    # «Удар: … причиняет повреждения равные силе атакующего»
    opts = {o.value: o for o in wod_calculators.ATTACK_PARAMS[[p.name for p in wod_calculators.ATTACK_PARAMS].index("weapon")].options}
    assert {k for k in opts if k.startswith("brawl")} == {"brawl1", "brawl5", "brawl7", "brawl8", "brawl9"}
    for weapon, damage, difficulty in (("brawl9", 4, 7), ("brawl5", 4, 7), ("brawl7", 3, 6), ("brawl8", 3, 7)):
        r = api.run("wod-classic-attack", {"weapon": weapon, "strength": 3, "attack_difficulty": 6})
        assert (r["damage_dice"], r["attack_difficulty"]) == (damage, difficulty)
    bad = api.handle({"op": "run", "id": "wod-classic-attack", "params": {"weapon": "brawl7", "maneuver": "multiple"}})
    assert bad["errors"][0]["field"] == "maneuver"


def test_full_clip_and_spray_successes_add_damage_dice_even_with_the_general_rule_off():
    # 003, «Обстрел»: «Дополнительные Успехи добавляются к обычному броску повреждения, как вроде бы
    # они были от одной пули»; «Автоматический огонь»: «этот распределенный Успех так же прибавляется
    # к запасу кубиков при броске повреждений». These two maneuvers say it outright, so the switch
    # for the unstated general rule («Лишние успехи атаки добавляют кубики») must not remove it.
    base = {"weapon": "firearm7", "attack_dice": 3, "stamina": 2, "target": "mortal", "damage_type": "bashing",
            "extra_successes_add": False}
    full = api.run("wod-classic-attack", {**base, "maneuver": "full_auto"})
    d = wod_rules.attack_dist(13, 8, 7, soak_pool=2, extra_successes_add=True)
    assert Fraction(full["mean_levels"]["exact"]) == d.map(lambda o: o[1]).mean()
    spray = api.run("wod-classic-attack", {**base, "maneuver": "spray", "targets": 2})
    d = wod_rules.attack_dist(13, 8, 7, soak_pool=2, extra_successes_add=True, spray_targets=2)
    assert Fraction(spray["mean_levels"]["exact"]) == d.map(lambda o: o[1]).mean()
    # a single shot keeps the switch
    single = api.run("wod-classic-attack", {**base, "maneuver": "none"})
    d = wod_rules.attack_dist(3, 6, 7, soak_pool=2, extra_successes_add=False)
    assert Fraction(single["mean_levels"]["exact"]) == d.map(lambda o: o[1]).mean()
    # the roll follows the same rule: 13 dice, successes beyond the first add damage dice
    for seed in range(5):
        r = api.roll("wod-classic-attack", {**base, "maneuver": "full_auto"}, seed=seed)
        if r["hit"]:
            net = sum(f >= 8 for f in r["attack_faces"]) - r["attack_faces"].count(1)
            assert len(r["damage_faces"]) == 7 + net - 1


@pytest.mark.parametrize("targets", [1, 3])
def test_a_helpless_target_of_automatic_fire_is_still_hit(targets):
    # 002: «Если жертва полностью обездвижена …, атака автоматически считается удачной»; 003: «Если же он
    # полностью обездвижен …, то все атаки против него считаются автоматически успешными». Halving one
    # automatic success for a single spray target («получит только половину Успехов») must not turn
    # it into a miss; the roll already hits, the exact odds must agree.
    p = {"maneuver": "spray", "weapon": "firearm5", "immobilized": "helpless", "targets": targets,
         "stamina": 0, "target": "mortal", "damage_type": "bashing"}
    r = api.run("wod-classic-attack", p)
    assert r["p_hit"]["exact"] == "1/1"
    assert Fraction(r["mean_levels"]["exact"]) == net_successes(4 + 2, 6, False).mean()
    rolled = api.roll("wod-classic-attack", p, seed=3)
    assert rolled["hit"] and len(rolled["damage_faces"]) == 6


def test_spray_share_dice_readings():
    # 003, «Автоматический огонь»: «этот распределенный Успех так же прибавляется к запасу кубиков при
    # броске повреждений» — either every success of the target's share adds a die («all») or, as for
    # any hit, those beyond the first («beyond_first», the default).
    assert wod_rules.SPRAY_DICE_READINGS == ("beyond_first", "all")
    base = dict(soak_pool=0, spray_targets=1)
    # 2 attack dice at difficulty 6, one target: half the successes; damage 1 die
    first = wod_rules.attack_dist(2, 6, 1, **base).map(lambda o: o[1])
    every = wod_rules.attack_dist(2, 6, 1, spray_dice="all", **base).map(lambda o: o[1])
    # by hand: two successes (1/4) → share 1; «all»: 1 + 1 = 2 damage dice, else 1
    p2 = Fraction(1, 4)
    assert first == Dist({0: 1 - p2 * Fraction(1, 2), 1: p2 * Fraction(1, 2)})
    assert every == Dist({0: 1 - p2 * Fraction(3, 4), 1: p2 * Fraction(1, 2), 2: p2 * Fraction(1, 4)})
    # a single shot is not affected
    assert wod_rules.attack_dist(3, 6, 2, soak_pool=1, spray_dice="all") == wod_rules.attack_dist(3, 6, 2, soak_pool=1)
    with pytest.raises(ValueError):
        wod_rules.attack_dist(2, 6, 1, spray_dice="none", **base)
    p = {"weapon": "firearm5", "maneuver": "spray", "targets": 2, "attack_dice": 3, "stamina": 1,
         "target": "mortal", "damage_type": "bashing"}
    r = api.run("wod-classic-attack", p | {"spray_dice": "all"})
    d = wod_rules.attack_dist(13, 8, 4, soak_pool=1, spray_targets=2, spray_dice="all")
    assert Fraction(r["mean_levels"]["exact"]) == d.map(lambda o: o[1]).mean()
    for seed in range(6):
        x = api.roll("wod-classic-attack", p | {"spray_dice": "all"}, seed=seed)
        if x["hit"]:
            assert len(x["damage_faces"]) == 4 + x["share"]
