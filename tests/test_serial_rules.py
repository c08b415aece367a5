"""«Мир Тьмы: Сериал» (000): every worked example of the source, each mechanic, each reading.

Expected values here come from the source text (quoted) or from arithmetic on it, never
from the engine's own output.
"""

from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core.dice import Dist
from rules_core.serial import rules as serial_rules
from rules_core.serial import tables as serial_tables

# =================================================================================
# Worked examples of 000
# =================================================================================


def test_example_masha_pistol():
    # «Её Ловкость 3, а навык Огнестрельное оружие 4. Итого 7 кубиков.»
    dice, diff = serial_rules.attack_roll(serial_rules.AttackSetup(pool=3 + 4, ranged=True))
    assert (dice, diff) == (7, 6)
    # «смотрит урон пистолета в таблице: 6 кубов урона. Выпадает “1 3 6 7 7 10”. Это 4 урона.»
    assert serial_rules.damage_from_faces([1, 3, 6, 7, 7, 10]) == 4
    # the damage roll's pool is the gun's dice: Сила does not count for firearms
    assert serial_rules.damage_pool(strength=5, weapon=6, ranged=True) == 6


def test_example_oleg_eight_absorption():
    # «7 Выносливостью ... и кожаной курткой, которая дает 1 куб поглощения ... (7+1) = 8»
    ap = serial_rules.absorption_levels(7, 1)
    assert ap == 8
    # «нанесли ему 3+5+1+1 уровней урона ... последние 2 уровня урона стали ранениями»
    t, steps = serial_rules.take_damage(ap, 7, 7, [3, 5, 1, 1])
    assert [s.to_health for s in steps] == [0, 0, 1, 1]
    assert t.absorption == 0 and t.health == 7 - 2
    # «Получает 4 успеха, а это значит новые 4 УП. Следующие 4 уровней урона опять будут поглощены.»
    t.absorption += 4
    step = serial_rules.take_portion(t, 4)
    assert step.absorbed == 4 and step.to_health == 0 and t.health == 5


def test_example_oleg_armor_two():
    # «(3-2)+(5-2)+(1-2)+(1-2)=1+3+0+0=4 ... Все они были поглощены, и у Олега остались еще 3»
    t, steps = serial_rules.take_damage(7, 7, 7, [3, 5, 1, 1], armor=2)
    assert [s.portion for s in steps] == [1, 3, 0, 0]
    assert sum(s.absorbed for s in steps) == 4
    assert t.absorption == 3 and t.health == 7


def test_example_masha_fourteen_damage():
    # «У неё остается последний уровень здоровья ... наносит 14 уровней урона. Из них 1 уровень
    # урона переводит её в состояние “На пороге смерти”, и еще 13 становятся излишками. Эти
    # излишки больше 12 и Маша моментально погибает.»
    t, (step,) = serial_rules.take_damage(0, 1, 2, [14])
    assert step.door and step.excess == 13 and step.instant_death and t.dead
    dist, excess, lim = serial_rules.death_door_distribution(2, 1, 14)
    assert excess == 13 and lim == 12 and dist == Dist.constant("instant_death")
    # 12 excess is not «больше 12»
    assert not serial_rules.instant_death(12, 2)
    assert serial_rules.instant_death(12, 2, rule="at_least")


def test_example_masha_shock_and_second_roll():
    # «остался 2 хита ... Удар врага на 10 приводит её в состояние Порога Смерти. Силы удара не
    # хватает для того, чтобы Маша мгновенно умерла»
    t = serial_rules.Target(absorption=0, health=2, stamina=2)
    s1 = serial_rules.take_portion(t, 10)
    assert s1.door and not s1.instant_death and s1.excess == 8
    assert s1.burned == 8 and t.negative == 0  # «весь урон, опустивший его ниже нуля ... сгорает»
    # «Выпадает 6, это Шок. Маша оказывается в 1 хите»
    key = serial_rules.death_door_roll(6, previous_rolls=0)
    assert key == "shock" and serial_tables.DEATH_DOOR[6]["name"]["ru"] == "Шок"
    serial_rules.after_door_outcome(t, key)
    assert t.health == 1
    # «срабатывает эффект от отравленного вражеского клинка и она теряет 1 хит. Следовательно
    # опять попадает на Порог Смерти. Новый бросок: 5-1 ... =4, это “Калечащая рана”.»
    s2 = serial_rules.take_portion(t, 1)
    assert s2.door and s2.excess == 0 and not s2.dead
    key2 = serial_rules.death_door_roll(5, previous_rolls=1)
    assert key2 == "crippling_wound" and serial_tables.DEATH_DOOR[4]["name"]["ru"] == "Калечащая рана"
    # «Маша получает Увечье и через 1 раунд приходит в себя в 1 хите.»
    serial_rules.after_door_outcome(t, key2)
    assert t.health == 1


def test_example_speed_nine():
    # «если у вас скорость 9, вы можете переместиться на 5 метров, совершить действие, а затем
    # переместиться на 4 метра» — скорость = 5 + Атлетика
    assert serial_rules.speed(4) == 9 == 5 + 4


def test_example_absorption_from_stamina():
    # «Простой смертный с Выносливостью =2 будет иметь 2 Уровня Поглощения, гару в криносе с
    # Выносливостью = 8 будет иметь 8 уровней поглощения.»
    assert serial_rules.absorption_levels(2) == 2 and serial_rules.absorption_levels(8) == 8


# =================================================================================
# Initiative, movement, interceptions, reaction
# =================================================================================


def test_initiative_is_the_best_of_three_sums():
    assert serial_rules.initiative(3, 2, 1, 1, 1, 1) == 5  # Ловкость + Смекалка
    assert serial_rules.initiative(1, 1, 4, 3, 1, 1) == 7  # Манипулирование + Восприятие
    assert serial_rules.initiative(1, 1, 1, 1, 4, 4) == 8  # Атлетика + Хитрость
    assert serial_rules.initiative(1, 1, 1, 1, 4, 4, modifier=2) == 10


def test_initiative_tie_order_by_kind():
    order = serial_rules.initiative_order([("смертный", 7, "other"), ("маг", 7, "mage"), ("вампир", 7, "vampire"),
                                ("монстр", 5, "monster"), ("фея", 7, "fae"), ("псих", 7, "psychic"),
                                ("волк", 7, "shapeshifter"), ("колдун", 7, "sorcerer"), ("x", 9, "other")])
    assert order == [["x"], ["вампир"], ["волк"], ["фея"], ["маг"], ["колдун"], ["псих"], ["смертный"],
                     ["монстр"]]
    # «Если и этого недостаточно ... решите оставшиеся ничьи броском кубика»
    assert serial_rules.initiative_order([("a", 3, "mage"), ("b", 3, "mage")]) == [["a", "b"]]
    with pytest.raises(ValueError):
        serial_rules.initiative_order([("a", 3, "elf")])


def test_lowering_initiative_and_preparation():
    assert serial_rules.lower_initiative(8, 0) == 0
    with pytest.raises(ValueError):
        serial_rules.lower_initiative(8, 9)
    with pytest.raises(ValueError):
        serial_rules.lower_initiative(8, -1)
    assert serial_rules.preparation_bonus(7) == 3
    assert serial_rules.preparation_bonus(7, "up") == 4


def test_speed_run_and_halvings():
    assert serial_rules.speed(0) == 5
    assert serial_rules.speed(3, health=6) == 8
    assert serial_rules.speed(3, health=5) == 8  # −2 dice only, no speed change
    assert serial_rules.speed(3, health=3) == 4  # «снижение скорости в два раза», rounded down
    assert serial_rules.speed(3, health=3, rounding="up") == 4
    assert serial_rules.speed(4, health=3, rounding="up") == 5
    assert serial_rules.speed(3, overloaded=True) == 4
    assert serial_rules.speed(3, health=2, overloaded=True) == 2  # both halvings
    assert serial_rules.run_distance(2, 3) == 15  # 10 + Ловкость + Атлетика


def test_interceptions_and_reaction_levels():
    assert serial_rules.max_interceptions(3) == 3
    assert serial_rules.reaction_level(prophecy=4) == 1
    assert serial_rules.reaction_level(battle_sight=True) == 1
    assert serial_rules.reaction_level(prophecy=3, perception=3, awareness=4) == 2  # 7 или выше
    assert serial_rules.reaction_level(perception=3, awareness=3) is None
    assert serial_rules.reaction_level(intelligence=4, occult=4) == 3  # 8 или выше
    assert serial_rules.reaction_level(intelligence=4, occult=3) is None
    assert serial_rules.may_intercept_magical_movement(3) and serial_rules.may_intercept_magical_movement(1)
    assert not serial_rules.may_intercept_magical_movement(None)


# =================================================================================
# Wounds
# =================================================================================


@pytest.mark.parametrize("health,penalty,level", [
    (7, 0, None), (6, 0, None), (5, 2, "wounded"), (4, 2, "wounded"), (3, 4, "heavy"),
    (1, 4, "heavy"), (0, 4, "door"), (-3, 4, "door")])
def test_wound_penalties(health, penalty, level):
    assert serial_rules.wound_penalty(health) == penalty
    assert serial_rules.wound_level(health) == level
    assert serial_rules.wound_penalty(health, push_through_pain=True) == 0  # «Превозмогая боль»


# =================================================================================
# Attack roll: difficulty and dice
# =================================================================================


def test_range_difficulties():
    assert serial_rules.range_difficulty(2, 20) == 5  # «в упор ... 5»
    assert serial_rules.range_difficulty(3, 20) == 6
    assert serial_rules.range_difficulty(20, 20) == 6
    assert serial_rules.range_difficulty(21, 20) == 8
    assert serial_rules.range_difficulty(40, 20) == 8  # «удвоенному этому расстоянию ... сложность 8»
    assert serial_rules.range_difficulty(41, 20) is None


def test_attack_modifiers():
    A = serial_rules.AttackSetup
    assert serial_rules.attack_roll(A(pool=5)) == (5, 6)
    assert serial_rules.attack_roll(A(pool=5, target_prone=True)) == (5, 4)  # −2 melee
    assert serial_rules.attack_roll(A(pool=5, ranged=True, target_prone=True, distance=10, weapon_range=20)) == (5, 8)
    assert serial_rules.attack_roll(A(pool=5, ranged=True, target_prone=True, distance=2, weapon_range=20)) == (5, 5)
    assert serial_rules.attack_roll(A(pool=5, attacker_prone=True)) == (5, 8)
    assert serial_rules.attack_roll(A(pool=5, blind=True)) == (5, 8)  # «штраф +2»
    assert serial_rules.attack_roll(A(pool=5, ranged=True, blind=True, distance=5, weapon_range=20))[1] is None
    assert serial_rules.attack_roll(A(pool=5, ranged=True, blind=True, blind_roll_succeeded=True, distance=5,
                           weapon_range=20)) == (5, 9)  # «штрафом +3»
    assert serial_rules.attack_roll(A(pool=5, ranged=True, blind=True, blind_roll_succeeded=True, distance=11,
                           weapon_range=20))[1] is None  # «не ... более 10 метров»
    assert serial_rules.attack_roll(A(pool=5, flank="flank")) == (7, 6)
    assert serial_rules.attack_roll(A(pool=5, flank="rear")) == (8, 6)
    assert serial_rules.attack_roll(A(pool=5, ranged=True, cover=2)) == (5, 8)
    assert serial_rules.attack_roll(A(pool=5, melee_class="short")) == (5, 5)
    assert serial_rules.attack_roll(A(pool=5, melee_class="mighty")) == (5, 7)
    assert serial_rules.attack_roll(A(pool=5, ambush_successes=2)) == (7, 6)
    assert serial_rules.attack_roll(A(pool=5, wound_penalty=4)) == (1, 6)
    assert serial_rules.attack_roll(A(pool=1, wound_penalty=4)) == (0, 6)


def test_attack_maneuver_numbers():
    A = serial_rules.AttackSetup
    assert serial_rules.attack_roll(A(pool=6, maneuver="flurry")) == (6, 8)  # +2 к сложности
    assert serial_rules.attack_roll(A(pool=6, maneuver="feint")) == (6, 7)  # возрастает на 1
    assert serial_rules.attack_roll(A(pool=6, ranged=True, maneuver="autofire")) == (6, 8)
    assert serial_rules.attack_roll(A(pool=6, ranged=True, maneuver="autofire", autofire_penalty="dice")) == (4, 6)
    assert serial_rules.attack_roll(A(pool=6, ranged=True, maneuver="spread")) == (16, 8)  # +10 кубиков, +2
    assert serial_rules.attack_roll(A(pool=6, ranged=True, maneuver="short_burst")) == (6, 8)
    assert serial_rules.attack_roll(A(pool=7, ranged=True, maneuver="two_guns")) == (3, 8)  # половина, вниз
    # difficulty beyond 10: the two readings
    assert serial_rules.attack_roll(A(pool=6, maneuver="flurry", extra_difficulty=4)) == (6, 10)
    assert serial_rules.attack_roll(A(pool=6, maneuver="flurry", extra_difficulty=4, overflow="impossible")) == (6, None)
    assert serial_rules.finish_difficulty(1) == 2


def test_maneuver_table_numbers():
    m = serial_tables.MANEUVERS
    assert m["flurry"]["armor_multiplier"] == 3 and m["short_burst"]["armor_multiplier"] == 3
    assert m["feint"]["hit_multiplier"] == 2 and m["feint"]["damage_dice"] == -1
    assert m["master"]["crit_at"] == 7 and m["master"]["crit_successes"] == 3
    assert m["autofire"]["damage_dice"] == 6 and m["spread"]["attack_dice"] == 10
    assert serial_rules.master_strike_critical(7) and not serial_rules.master_strike_critical(6)


def test_many_on_one_and_desperate_defence():
    assert [serial_rules.many_on_one_penalty(n) for n in range(1, 8)] == [0, 1, 2, 3, 4, 4, 4]
    assert [serial_rules.desperate_defence_pool(6, k) for k in (1, 2, 3, 4)] == [6, 5, 4, 3]
    assert serial_rules.desperate_defence_pool(1, 5) == 0
    with pytest.raises(ValueError):
        serial_rules.desperate_defence_pool(6, 0)


def test_defence_difficulties_and_limits():
    assert serial_rules.dodge_difficulty(False) == 6 and serial_rules.dodge_difficulty(True) == 8
    assert serial_rules.parry_difficulty("classic", "unarmed") == 5
    assert serial_rules.parry_difficulty("classic", "short") == 5
    assert serial_rules.parry_difficulty("classic", "heavy") == 7
    assert serial_rules.parry_difficulty("classic", "classic") == serial_rules.PARRY_DEFAULT_DIFFICULTY
    assert serial_rules.parry_difficulty("short", "classic") is None  # не парирует более длинное
    assert serial_rules.parry_difficulty("short", "short") == 6
    assert serial_rules.parry_difficulty("heavy", "short") is None  # тяжелым парировать нельзя
    assert serial_rules.parry_difficulty("classic", "mighty") is None  # могущественную драку не парируют
    assert serial_rules.parry_difficulty("mighty", "classic") == 7  # +1 к сложности парирования
    assert serial_rules.parry_allowed(7, 3, 4) and not serial_rules.parry_allowed(8, 3, 4)
    assert serial_rules.block_allowed(6, 3, 3) and not serial_rules.block_allowed(7, 3, 3)


# =================================================================================
# Opposed rolls
# =================================================================================


def test_resolve_defence_rules():
    assert serial_rules.resolve_defence(1, 0, "none").hit
    assert not serial_rules.resolve_defence(0, 0, "none").hit
    assert serial_rules.resolve_defence(4, 2, "dodge") == serial_rules.HitOutcome(True, 2)
    assert not serial_rules.resolve_defence(3, 3, "dodge").hit
    # feint: «Число успехов на броске попадания удваивается для контеста»
    assert serial_rules.resolve_defence(3, 5, "dodge", hit_multiplier=2) == serial_rules.HitOutcome(True, 1)
    # parry: more → counter-hit; tie → «не оказало влияния на атаку»; fewer → subtracted
    assert serial_rules.resolve_defence(2, 3, "parry") == serial_rules.HitOutcome(False, 0, 0, True)
    assert serial_rules.resolve_defence(3, 3, "parry") == serial_rules.HitOutcome(True, 3)
    assert serial_rules.resolve_defence(3, 3, "parry", parry_tie="cancel") == serial_rules.HitOutcome(False, 0)
    assert serial_rules.resolve_defence(4, 1, "parry") == serial_rules.HitOutcome(True, 3)
    assert serial_rules.resolve_defence(0, 0, "parry").hit is False
    # block: successes are УП against this attack, no subtraction
    assert serial_rules.resolve_defence(2, 5, "block") == serial_rules.HitOutcome(True, 2, 5)
    assert serial_rules.resolve_defence(0, 5, "block") == serial_rules.HitOutcome(False, 0, 0)
    # «Прикрыть»: more successes than the attacker — the attack hits the one who covers
    assert serial_rules.cover_redirects(2, 3) and not serial_rules.cover_redirects(3, 3)


def _icepool_net(n, d):
    face = icepool.d10.map(lambda x: 1 if x >= d else (-1 if x == 1 else 0))
    return (n @ face).map(lambda v: max(0, v)) if n else icepool.Die([0])


def _to_dist(die):
    den = die.denominator()
    return Dist({o: Fraction(q, den) for o, q in die.items()})


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(3, 10), st.integers(0, 8), st.integers(3, 10),
       st.sampled_from(["none", "dodge", "parry", "block"]))
def test_hit_distribution_against_icepool(a, da, d, dd, defence):
    ours = serial_rules.hit_distribution(a, da, defence, d, dd)
    att, dfn = _icepool_net(a, da), _icepool_net(d, dd)
    if defence == "none":
        expected = att.map(lambda x: x >= 1)
    elif defence == "block":
        expected = att.map(lambda x: x >= 1)
    elif defence == "dodge":
        expected = icepool.map(lambda x, y: x - y >= 1, att, dfn)
    else:  # parry, literal tie: the attack keeps its successes
        expected = icepool.map(lambda x, y: (x >= 1) if x == y else (x - y >= 1), att, dfn)
    assert ours.map(lambda h: h.hit) == _to_dist(expected)


# =================================================================================
# Damage, armor, tags
# =================================================================================


@pytest.mark.parametrize("n", [0, 1, 4, 9])
@pytest.mark.parametrize("d", [2, 6, 10])
def test_damage_distribution_against_icepool(n, d):
    die = n @ icepool.d10.map(lambda x: 1 if x >= d else 0) if n else icepool.Die([0])
    assert serial_rules.damage_distribution(n, d) == _to_dist(die)
    # «+3 автоуспеха к броску урона»
    assert serial_rules.damage_distribution(n, d, automatic=3) == _to_dist(die + 3)


def test_armor_rules():
    assert serial_rules.effective_armor([1, 3, 2]) == 3  # «из нескольких источников ... только наибольший»
    assert serial_rules.effective_armor([]) == 0
    with pytest.raises(ValueError):
        serial_rules.effective_armor([7])  # «Броня > 6 такой просто не бывает»
    assert serial_rules.armor_against(2, "flurry") == 6 and serial_rules.armor_against(2, "short_burst") == 6
    assert serial_rules.armor_against(2, "feint") == 2
    assert serial_rules.portion_after_armor(3, 5) == 0
    # «Даже если один даёт Броню, а второй Поглощение, то работать будет только Броня»
    assert serial_rules.worn_protection([(2, 0), (0, 1)]) == (2, 0)
    assert serial_rules.worn_protection([(0, 1), (0, 3)]) == (0, 3)


def test_tags():
    assert [serial_rules.apply_tag(x, "resistance") for x in (0, 1, 2, 3, 5)] == [0, 1, 1, 2, 3]  # вверх
    assert serial_rules.apply_tag(3, "vulnerability") == 6
    assert serial_rules.apply_tag(9, "immunity") == 0
    assert serial_rules.apply_tag(5, "both") == 5  # «взаимно убирают друг друга»
    # «Устойчивость срабатывает после броска повреждения и после влияния Брони»
    assert serial_rules.portion_after_armor(7, 2, "resistance") == 3  # (7−2)/2 ↑, not 7/2↑−2 = 2
    with pytest.raises(ValueError):
        serial_rules.apply_tag(1, "fire")


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 40), st.integers(0, 6), st.sampled_from(serial_rules.TAGS))
def test_armor_and_resistance_never_raise_damage(x, armor, tag):
    assert serial_rules.portion_after_armor(x, armor + 1, tag) <= serial_rules.portion_after_armor(x, armor, tag)
    assert serial_rules.portion_after_armor(x, armor, "resistance") <= serial_rules.portion_after_armor(x, armor, "none")
    assert serial_rules.portion_after_armor(x, armor, tag) >= 0


# =================================================================================
# Absorption, health, death's door
# =================================================================================


def test_threshold():
    assert serial_rules.threshold(0) == 12 and serial_rules.threshold(4) == 12 and serial_rules.threshold(5) == 15


def test_negative_hits_counted_across_the_scene():
    # «Этот показатель — единый на одну сцену ... отсчет отрицательных хитов продолжается»
    t = serial_rules.Target(absorption=0, health=3, stamina=2)
    s = serial_rules.take_portion(t, 5)  # first door: excess 2 burns
    assert s.burned == 2 and t.negative == 0
    s = serial_rules.take_portion(t, 7)
    assert t.negative == 7 and not s.dead
    s = serial_rules.take_portion(t, 5)  # 12 is not «более 12»
    assert t.negative == 12 and not s.dead
    s = serial_rules.take_portion(t, 1)
    assert s.death_by_negative and t.dead


def test_negative_hits_reading_at_least():
    t = serial_rules.Target(absorption=0, health=0, stamina=2, door_visits=1)
    s = serial_rules.take_portion(t, 12, rule="at_least")
    assert s.death_by_negative


def test_second_door_excess_counts():
    # rule 4: only the first time the excess burns
    t = serial_rules.Target(absorption=0, health=1, stamina=2, door_visits=1)
    s = serial_rules.take_portion(t, 6)
    assert s.door and s.burned == 0 and t.negative == 5


def test_absorption_first_then_health():
    t = serial_rules.Target(absorption=3, health=7, stamina=2)
    s = serial_rules.take_portion(t, 5)
    assert (s.absorbed, s.to_health, t.absorption, t.health) == (3, 2, 0, 5)
    # block levels first
    t = serial_rules.Target(absorption=3, health=7, stamina=2)
    s = serial_rules.take_portion(t, 5, block=4)
    assert (s.block_absorbed, s.absorbed, t.absorption, t.health) == (4, 1, 2, 7)


def test_death_door_table_and_modifiers():
    assert [serial_rules.death_door_roll(d) for d in range(1, 7)] == list(serial_tables.DEATH_DOOR_KEYS)
    assert serial_rules.death_door_roll(3, previous_rolls=2) == "last_breath"
    # below 1: the two readings
    assert serial_rules.death_door_roll(1, previous_rolls=1) == "last_breath"
    assert serial_rules.death_door_roll(1, previous_rolls=1, below_one="death") == "instant_death"
    # «Повторное выпадение Последнего Вздоха ... приводит к моментальной смерти»
    assert serial_rules.death_door_roll(1, last_breath_before=True) == "instant_death"
    assert serial_rules.death_door_roll(2, previous_rolls=1, last_breath_before=True) == "instant_death"
    assert serial_rules.death_door_roll(2, last_breath_before=True) == "walking_dead"
    with pytest.raises(ValueError):
        serial_rules.death_door_roll(7)


def test_death_door_distribution_counts():
    dist, _, _ = serial_rules.death_door_distribution(2, 2, 4, previous_rolls=2)
    # d6−2: 1,2,3 → 1 (last breath), 4→2, 5→3, 6→4
    assert dist["last_breath"] == Fraction(1, 2)
    assert dist["walking_dead"] == dist["will_to_live"] == dist["crippling_wound"] == Fraction(1, 6)
    dist, _, _ = serial_rules.death_door_distribution(2, 2, 4, previous_rolls=2, below_one="death")
    assert dist["instant_death"] == Fraction(1, 3) and dist["last_breath"] == Fraction(1, 6)
    dist, _, _ = serial_rules.death_door_distribution(2, 2, 4, previous_rolls=6)
    assert dist == Dist.constant("last_breath")
    with pytest.raises(ValueError):
        serial_rules.death_door_distribution(2, 5, 4)


def test_nonlethal():
    dist, _, _ = serial_rules.death_door_distribution(2, 2, 4, nonlethal=True)
    assert dist == Dist({"shock": Fraction(1, 2), "stunned": Fraction(1, 2)})
    dist, _, _ = serial_rules.death_door_distribution(2, 2, 4, nonlethal=True, shocked_before=True)
    assert dist == Dist.constant("stunned")  # «можно только Оглушить»
    assert serial_rules.nonlethal_roll(6) == "shock" and serial_rules.nonlethal_roll(5) == "stunned"
    assert serial_rules.nonlethal_roll(6, previous_rolls=1, modifier=True) == "stunned"
    # instant death from nonlethal: both readings
    assert serial_rules.death_door_distribution(2, 1, 20, nonlethal=True)[0] == Dist.constant("instant_death")
    assert serial_rules.death_door_distribution(2, 1, 20, nonlethal=True, nonlethal_can_kill=False)[0]["instant_death"] == 0


def test_stabilized():
    assert not serial_rules.stabilized_dies(12, 3) and serial_rules.stabilized_dies(13, 3)
    assert not serial_rules.stabilized_dies(15, 5) and serial_rules.stabilized_dies(16, 5)


# =================================================================================
# Statuses, weapons, encumbrance, explosives
# =================================================================================


def test_burning():
    assert [serial_rules.burning_damage(k) for k in (1, 2, 3)] == [2, 3, 4]
    assert [serial_rules.burning_damage(k, first_turn_counts=True) for k in (1, 2, 3)] == [3, 4, 5]
    assert serial_rules.BURNING_PENALTY == 4 and (serial_rules.EXTINGUISH_FRIEND, serial_rules.EXTINGUISH_SELF) == (5, 7)


def test_melee_classes():
    c = serial_tables.MELEE_CLASSES
    assert [c[k]["damage"] for k in ("short", "classic", "heavy", "mighty")] == [1, 2, 3, 4]
    assert [c[k]["attack_difficulty"] for k in ("short", "classic", "heavy", "mighty")] == [-1, 0, 0, 1]
    # melee damage pool: Сила + модификатор оружия
    assert serial_rules.damage_pool(strength=3, weapon=c["classic"]["damage"]) == 5


@pytest.mark.parametrize("strength,large,huge,armor,over", [
    (1, 0, 0, "none", False), (1, 1, 0, "none", True), (1, 0, 0, "light", True),
    (2, 1, 0, "light", False), (2, 2, 0, "none", True), (2, 0, 0, "heavy", True),
    (3, 1, 0, "light", False), (3, 0, 0, "heavy", False), (3, 1, 0, "heavy", True),
    (4, 1, 0, "heavy", False), (4, 2, 0, "light", True),
    (5, 2, 0, "heavy", False), (5, 3, 0, "none", True), (5, 0, 1, "none", True),
    (6, 0, 1, "heavy", False), (6, 2, 0, "heavy", False), (6, 1, 1, "heavy", True),
    (9, 2, 0, "heavy", False), (0, 0, 0, "none", False), (0, 1, 0, "none", True),
])
def test_encumbrance(strength, large, huge, armor, over):
    assert serial_rules.overloaded(strength, large, huge, armor) is over


def test_encumbrance_strict_reading_and_armor_weight():
    assert serial_rules.overloaded(6, 2, 0, "heavy", monotone=False)  # row 6 alone: one Huge item
    assert [serial_rules.armor_weight(a) for a in (0, 1, 2, 5)] == ["none", "light", "heavy", "heavy"]


def test_explosives():
    assert [serial_rules.explosion_dice("improvised", d) for d in (0, 2, 3, 5, 12, 20)] == [10, 10, 9, 7, 0, 0]
    assert [serial_rules.explosion_dice("grenade", d) for d in (1, 2, 3, 14)] == [12, 12, 11, 0]
    assert serial_rules.explosion_dice("military", 25, radius=30) == 16
    assert serial_rules.explosion_dice("military", 11, radius=10) == 0
    with pytest.raises(ValueError):
        serial_rules.explosion_dice("military", 1, radius=40)
    assert [serial_rules.explosion_dice("badaboom", d, radius=10) for d in (10, 11, 15, 16, 30)] == [20, 19, 19, 18, 16]
    assert serial_rules.explosion_dice("badaboom", 0, dice=15) == 15
    assert serial_rules.grenade_max_distance(3) == 15
    assert serial_rules.grenade_dodged(2, 2) and not serial_rules.grenade_dodged(1, 2)


def test_other_maneuver_numbers():
    assert serial_rules.spread_fire_hits(3, 5) == 3 and serial_rules.spread_fire_hits(7, 2) == 2
    assert serial_rules.disarm(4, 3) and not serial_rules.disarm(3, 3)
    assert serial_rules.trip(3, 2) and not serial_rules.trip(2, 2)
    assert serial_rules.grapple_escape(3, 2) and not serial_rules.grapple_escape(2, 2)


def test_bad_input_raises_value_error():
    for f, args in [(serial_rules.initiative, (-1, 0, 0, 0, 0, 0)), (serial_rules.speed, (-1,)), (serial_rules.threshold, (-1,)),
                    (serial_rules.burning_damage, (0,)), (serial_rules.overloaded, (3, 0, 0, "mithril")),
                    (serial_rules.explosion_dice, ("nuke", 1)), (serial_rules.parry_difficulty, ("fist", "short")),
                    (serial_rules.resolve_defence, (1, 1, "pray"))]:
        with pytest.raises(ValueError):
            f(*args)


def test_small_numbers_of_000():
    assert serial_rules.speech_limit(3, 2) == 5
    assert serial_rules.ambush(3, 2) == "attacker" and serial_rules.ambush(2, 2) == "tie" and serial_rules.ambush(1, 2) == "defender"
    assert (serial_rules.BLIND_ROLL_DIFFICULTY, serial_rules.LAST_BREATH_MEDICINE_DIFFICULTY,
            serial_rules.STUNNED_REVIVE_DIFFICULTY) == (8, 8, 6)
    assert (serial_rules.WALKING_DEAD_ROUNDS, serial_rules.WALKING_DEAD_ROUNDS_BERSERK) == (2, 3)
    assert serial_rules.external_boosts_allowed(1) and not serial_rules.external_boosts_allowed(2)


def test_example_conversion_of_soak_difficulty():
    # «Меч “мой урон поглощается по 8 сложности” превращается в “броски урона идут по сложности -2”»
    assert serial_rules.convert_soak_difficulty(8) == -2


def test_example_naga_poison_special_activation():
    # «Если эта атака набрала 7+ успехов на попадании и её урон смог пробить Броню цели, то
    # вдобавок к основному урону цель получает дополнительно 7 уровней урона смертоносным ядом.»
    n = serial_rules.NAGA_POISON
    assert serial_rules.special_activation(7, n["needed"], 3, 2) and n["extra_damage"] == 7
    assert not serial_rules.special_activation(6, n["needed"], 5, 2)
    assert not serial_rules.special_activation(9, n["needed"], 2, 2)  # did not get through Armor


def test_example_valeria_assault_rifle():
    # «урон от обычной штурмовой винтовки (7 кубов)»; «волшебную штурмовую винтовку (+2 куба
    # повреждения)»; only one external boost («она обязана выбрать только один из этих бонусов»)
    assert serial_rules.damage_pool(weapon=serial_tables.FIREARMS["assault_rifle"]["dice"], ranged=True) == 7
    assert serial_rules.damage_pool(weapon=serial_tables.FIREARMS["assault_rifle"]["dice"] + 2, ranged=True) == 9
    assert not serial_rules.external_boosts_allowed(3)
