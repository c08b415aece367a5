"""«Сериал»: absorption, health, death's door (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...dice import Dist
from .. import tables
from .gaps import (
    BELOW_ONE, BELOW_ONE_CHOICES, BLOCK_FIRST, EXCESS_BURNS, EXCESS_BURNS_CHOICES, NATURAL_ARMOR_STOPS_ABSORPTION,
    NEGATIVE_HITS_CHOICES, NEGATIVE_HITS_RULE, NONLETHAL_CAN_KILL, NONLETHAL_MODIFIER, TWO_RESISTANCES,
)
from .numbers import check_non_negative
from .damage import apply_tag, armor_against, effective_armor, portion_after_armor, tag_stages

__all__ = [
    "DOOR_OUTCOMES",
    "LAST_BREATH_MEDICINE_DIFFICULTY",
    "STUNNED_REVIVE_DIFFICULTY",
    "Step",
    "Target",
    "WALKING_DEAD_ROUNDS",
    "WALKING_DEAD_ROUNDS_BERSERK",
    "absorption_levels",
    "after_door_outcome",
    "death_door_distribution",
    "death_door_roll",
    "exceeds",
    "instant_death",
    "nonlethal_roll",
    "protection",
    "stabilized_dies",
    "take_damage",
    "take_portion",
    "threshold",
    "worn_protection",
]


def absorption_levels(stamina: int, *sources: int) -> int:
    """Уровни Поглощения at the start of a fight: «Выносливость даёт Поглощение всем
    персонажам» (1 per point) plus every other source («1 куб поглощения дает 1 Уровень
    Поглощения»). Олег: 7 + 1 (кожаная куртка) = 8."""
    check_non_negative("absorption", stamina, *sources)
    return stamina + sum(sources)


def protection(natural_armor: int, suits: list[tuple[int, int]],
               natural_stops: bool = NATURAL_ARMOR_STOPS_ABSORPTION) -> tuple[int, int]:
    """(Броня, УП from armor) of a character with his own Броня (a creature's, an effect's) and
    the armors he wears, each (Броня, Поглощение): the worn ones by :func:`worn_protection`;
    «Броня никогда не стэкается»: the largest of the two Броня; whether the creature's own Броня
    also stops the worn armor's Поглощение: :data:`NATURAL_ARMOR_STOPS_ABSORPTION`.

    >>> protection(0, [(2, 0), (0, 1)]), protection(1, [(0, 1)]), protection(1, [(0, 1)], natural_stops=True)
    ((2, 0), (1, 1), (1, 0))
    """
    worn_armor, worn_absorption = worn_protection(suits)
    armor = effective_armor([natural_armor, worn_armor])
    if natural_armor and natural_stops:
        worn_absorption = 0
    return armor, worn_absorption


def worn_protection(suits: list[tuple[int, int]]) -> tuple[int, int]:
    """Several armors worn at once, each (Броня, Поглощение): «бесполезно носить разные доспехи
    поверх друг друга ... Даже если один даёт Броню, а второй Поглощение, то работать будет
    только Броня». Returns (Броня, УП from the suits): the largest Armor if any suit has Armor
    (then no УП from suits), else the largest УП of one suit."""
    armors = [a for a, _ in suits if a]
    if armors:
        return effective_armor(armors), 0
    return 0, max((u for _, u in suits), default=0)


def after_door_outcome(t: "Target", key: str) -> None:
    """What a death's-door outcome does to Здоровье: «Калечащая рана» and «Шок» — «Персонаж
    остается с 1 уровнем Здоровья»; instant death kills; the others leave Здоровье as it is."""
    if key in ("crippling_wound", "shock"):
        t.health = 1
    elif key == "instant_death":
        t.dead = True


def threshold(stamina: int) -> int:
    """«больше 12 (или Выносливости*3, берется большее)»: max(12, 3 × Выносливость).

    >>> threshold(2), threshold(5)
    (12, 15)
    """
    check_non_negative("stamina", stamina)
    return max(12, 3 * stamina)


def exceeds(count: int, limit: int, rule: str = NEGATIVE_HITS_RULE) -> bool:
    """Whether ``count`` of damage kills against ``limit`` (:data:`NEGATIVE_HITS_RULE`)."""
    if rule not in NEGATIVE_HITS_CHOICES:
        raise ValueError(f"rule must be one of {NEGATIVE_HITS_CHOICES}")
    return count > limit if rule == "more_than" else count >= limit


@dataclass
class Target:
    """A character taking damage in a scene.

    absorption: Уровни Поглощения left; health: Здоровье left (≤ 0: on death's door);
    negative: negative hits counted this scene; door_visits: times brought to death's door
    this scene; dead: instant death happened.
    """

    absorption: int
    health: int
    stamina: int
    negative: int = 0
    door_visits: int = 0
    dead: bool = False


@dataclass(frozen=True)
class Step:
    """What one portion did: to soak levels, to Health, and the death's-door event."""

    portion: int
    absorbed: int
    block_absorbed: int
    to_health: int
    absorption_left: int
    health_left: int
    door: bool  # this portion brought the character to death's door
    excess: int  # damage beyond the health that was left (this portion)
    burned: int  # excess that burned («весь урон, опустивший его ниже нуля здоровья, сгорает»)
    negative: int  # negative hits counted this scene after the portion
    instant_death: bool
    death_by_negative: bool
    dead: bool


def take_portion(t: Target, portion: int, block: int = 0,
                 rule: str = NEGATIVE_HITS_RULE, burns: str = EXCESS_BURNS,
                 block_first: bool = BLOCK_FIRST, *, tag_after: str = "none",
                 two_resistances: str = TWO_RESISTANCES, tagged: int | None = None) -> Step:
    """Apply one portion (already after Броня and tags) to ``t`` (mutated) and say what happened.

    * «1 куб поглощения дает 1 Уровень Поглощения»: each УП absorbs one level of damage
      (block levels first or last, ``block_first``, :data:`BLOCK_FIRST`); the rest goes to Здоровье.
    * The portion that brings Здоровье to 0 or below: excess = damage beyond the health that
      was left; «Если они больше 12 (или Выносливости*3, берется большее), то персонаж
      моментально умер». Otherwise, the first time in the scene, «весь урон, опустивший его
      ниже нуля здоровья, сгорает» (Здоровье is then 0, not below); later times it counts as
      negative hits (:data:`EXCESS_BURNS`; «с новым Порогом
      смерти отсчет отрицательных хитов продолжается»).
    * Damage while already at 0 or below counts as negative hits; «получив которые, персонаж
      мгновенно и безусловно умирает» (:data:`NEGATIVE_HITS_RULE`).
    * ``tag_after``: the tag on what passes the УП (:data:`TAG_ORDER` ``"after_absorption"``), of the first
      ``tagged`` levels of the portion only (all when None; a «Яд наги» blow's poison is not of its type) — those
      are absorbed first.

    >>> t = Target(absorption=2, health=7, stamina=2); s = take_portion(t, 5, tag_after="resistance")
    >>> (s.absorbed, s.to_health, t.health)
    (2, 2, 5)
    """
    check_non_negative("portion", portion, block)
    if burns not in EXCESS_BURNS_CHOICES:
        raise ValueError(f"burns must be one of {EXCESS_BURNS_CHOICES}")
    lim = threshold(t.stamina)
    from_block = min(portion, block) if block_first else 0
    rest = portion - from_block
    absorbed = min(rest, t.absorption)
    t.absorption -= absorbed
    rest -= absorbed
    if not block_first:
        from_block = min(rest, block)
        rest -= from_block
    if tag_after != "none":
        passed = max(0, (portion if tagged is None else tagged) - (portion - rest))  # the tagged levels absorbed first
        rest = apply_tag(passed, tag_after, two_resistances) + rest - passed
    before = t.health
    door = excess = burned = 0
    instant = by_negative = False
    if rest and not t.dead:
        if before > 0:
            t.health = before - rest
            if t.health <= 0:
                door = 1
                excess = rest - before
                if exceeds(excess, lim, rule):
                    instant = True
                elif t.door_visits == 0 or burns == "every":
                    burned = excess
                    t.health = 0  # the excess is gone: «сгорает»
                else:
                    t.negative += excess
                    by_negative = exceeds(t.negative, lim, rule)
                t.door_visits += 1
        else:
            t.health = before - rest
            t.negative += rest
            by_negative = exceeds(t.negative, lim, rule)
        t.dead = t.dead or instant or by_negative
    return Step(portion, absorbed, from_block, rest, t.absorption, t.health, bool(door), excess,
                burned, t.negative, instant, by_negative, t.dead)


def take_damage(absorption: int, health: int, stamina: int, portions: list[int],
                armor: int = 0, tag: str = "none", maneuver: str = "none",
                negative: int = 0, door_visits: int = 0,
                rule: str = NEGATIVE_HITS_RULE,
                burns: str = EXCESS_BURNS, two_resistances: str = TWO_RESISTANCES,
                tag_order: str | None = None) -> tuple[Target, list[Step]]:
    """A series of rolled portions against a target: Броня per portion (tripled by
    :func:`armor_against`), tag, then УП and Здоровье (:func:`take_portion`); the tag before or after the УП by
    :data:`TAG_ORDER`."""
    t = Target(absorption, health, stamina, negative, door_visits)
    arm = armor_against(armor, maneuver)
    first, after = tag_stages(tag, tag_order)
    steps = [take_portion(t, portion_after_armor(p, arm, first, two_resistances), 0, rule, burns,
                          tag_after=after, two_resistances=two_resistances) for p in portions]
    return t, steps


def instant_death(excess: int, stamina: int, rule: str = NEGATIVE_HITS_RULE) -> bool:
    """«Если они [излишки] больше 12 (или Выносливости*3, берется большее), то персонаж
    моментально умер.» (Маша: 13 > 12.)"""
    return exceeds(excess, threshold(stamina), rule)


DOOR_OUTCOMES = ("instant_death",) + tables.DEATH_DOOR_KEYS
#: «Последний вздох»: «удачный бросок Ловкость+Медицины по сложности 8».
LAST_BREATH_MEDICINE_DIFFICULTY = 8
#: «Оглушение»: «Ловкость+Медицина (сложность 6) или Ловкость+Выживание (сложность 6)».
STUNNED_REVIVE_DIFFICULTY = 6
#: «Ходячий мертвец»: «после двух своих раундов он упадёт мёртвым»; «Берсерк» — «не два, а три».
WALKING_DEAD_ROUNDS = 2
WALKING_DEAD_ROUNDS_BERSERK = 3


def death_door_roll(die: int, previous_rolls: int = 0, last_breath_before: bool = False,
                    below_one: str = BELOW_ONE) -> str:
    """The d6 «Бросок Порога Смерти» with its modifier: result = die − previous rolls this
    scene («За каждый бросок Порога в рамках одной сцены вычитается единица из последующих
    бросков Порога»). «Повторное выпадение Последнего Вздоха на броске Порога в той же сцене
    автоматически приводит к моментальной смерти». Below 1: :data:`BELOW_ONE`.
    Маша: 5 − 1 = 4 → «Калечащая рана».

    >>> death_door_roll(5, previous_rolls=1)
    'crippling_wound'
    """
    if below_one not in BELOW_ONE_CHOICES:
        raise ValueError(f"below_one must be one of {BELOW_ONE_CHOICES}")
    if not 1 <= die <= 6:
        raise ValueError("a d6 shows 1..6")
    check_non_negative("previous_rolls", previous_rolls)
    r = die - previous_rolls
    if r < 1:
        if below_one == "death":
            return "instant_death"
        r = 1
    key = tables.DEATH_DOOR[r]["key"]
    if key == "last_breath" and last_breath_before:
        return "instant_death"
    return key


def nonlethal_roll(die: int, shocked_before: bool = False, previous_rolls: int = 0,
                   modifier: bool = NONLETHAL_MODIFIER) -> str:
    """Nonlethal: «бросается только чет/нечет, где чёт это “шок”, а нечет “оглушение”. Если
    персонаж уже один раз за сцену был в Шоке, то дальше нелетальным уроном его можно только
    Оглушить.»"""
    if not 1 <= die <= 6:
        raise ValueError("a d6 shows 1..6")
    r = die - previous_rolls if modifier else die
    if shocked_before:
        return "stunned"
    return "shock" if r % 2 == 0 else "stunned"


def death_door_distribution(stamina: int, health_before: int, damage: int,
                            previous_rolls: int = 0, nonlethal: bool = False,
                            shocked_before: bool = False, last_breath_before: bool = False,
                            below_one: str = BELOW_ONE, rule: str = NEGATIVE_HITS_RULE,
                            nonlethal_modifier: bool = NONLETHAL_MODIFIER,
                            nonlethal_can_kill: bool = NONLETHAL_CAN_KILL) -> tuple[Dist, int, int]:
    """Exact distribution of the outcome (keys of :data:`DOOR_OUTCOMES`) when ``damage`` (that
    reaches Здоровье) meets ``health_before``; also the excess and the threshold used.

    ``damage`` must bring Здоровье to 0 or below. Instant death first (the excess over the
    health that was left beyond max(12, 3 × Выносливость)), else the d6.
    """
    check_non_negative("values", stamina, health_before, damage, previous_rolls)
    if damage < health_before:
        raise ValueError("damage does not reach death's door")
    excess = damage - health_before
    lim = threshold(stamina)
    if exceeds(excess, lim, rule) and (nonlethal_can_kill or not nonlethal):
        return Dist.constant("instant_death"), excess, lim
    d6 = Dist.die(6)
    if nonlethal:
        dist = d6.map(lambda d: nonlethal_roll(d, shocked_before, previous_rolls, nonlethal_modifier))
    else:
        dist = d6.map(lambda d: death_door_roll(d, previous_rolls, last_breath_before, below_one))
    return dist, excess, lim


def stabilized_dies(damage_total: int, stamina: int, rule: str = NEGATIVE_HITS_RULE) -> bool:
    """«Стабилизирован»: «Если в этом состоянии персонаж получит суммарно более 12 (или
    Выносливости*3, берется большее) единиц урона, то он моментально погибнет.»"""
    return exceeds(damage_total, threshold(stamina), rule)
