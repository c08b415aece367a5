"""«Сериал»: attack: pool and difficulty (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import tables
from .gaps import (
    AUTOFIRE_PENALTY, BLIND_MELEE_DIFFICULTY, BLIND_RANGED_DIFFICULTY, BLIND_RANGED_MAX_METRES, COVER_DIFFICULTY,
    DIFFICULTY_CHOICES, DIFFICULTY_OVERFLOW, MAX_RANGE_DIFFICULTY, PARRY_DEFAULT_DIFFICULTY, POINT_BLANK_DIFFICULTY,
    POINT_BLANK_METRES, PRONE_DEFENCE, RANGE_DIFFICULTY, TWO_GUNS_HALVES_BONUS, WOUND_PENALTY_BEFORE_HALVING,
)
from .numbers import (
    BASE_DIFFICULTY, DODGE_MELEE_DIFFICULTY, DODGE_RANGED_DIFFICULTY, FLANK_DICE, MANY_ON_ONE_MAX, PRONE_ATTACKER,
    PRONE_MELEE, PRONE_RANGED, REAR_DICE, check_non_negative,
)

__all__ = [
    "AttackSetup",
    "BLIND_ROLL_DIFFICULTY",
    "RANGE_BANDS",
    "attack_roll",
    "block_allowed",
    "desperate_defence_pool",
    "dodge_difficulty",
    "finish_difficulty",
    "many_on_one_penalty",
    "parry_allowed",
    "parry_difficulty",
    "prone_defence_difficulty",
    "range_difficulty",
]


def finish_difficulty(difficulty: int, overflow: str = DIFFICULTY_OVERFLOW) -> int | None:
    """Keep a modified difficulty within 2..10 (:data:`DIFFICULTY_OVERFLOW`); ``None`` means
    the roll cannot succeed (reading ``"impossible"`` above 10)."""
    if overflow not in DIFFICULTY_CHOICES:
        raise ValueError(f"overflow must be one of {DIFFICULTY_CHOICES}")
    if difficulty > 10:
        return None if overflow == "impossible" else 10
    return max(2, difficulty)


def prone_defence_difficulty(difficulty: int, defence: str, prone: bool, reading: bool | None = None) -> int:
    """A defense roll's difficulty for a ``prone`` defender (:data:`PRONE_DEFENCE`): +2 (:data:`PRONE_ATTACKER`)
    to a Парирование or a Блок by the reading, never to an Уклонение (Ловкость + Уклонение).

    >>> prone_defence_difficulty(7, "block", True), prone_defence_difficulty(7, "block", True, True)
    (7, 9)
    >>> prone_defence_difficulty(6, "dodge", True, True), prone_defence_difficulty(6, "parry", False, True)
    (6, 6)
    """
    reading = PRONE_DEFENCE if reading is None else reading
    return difficulty + (PRONE_ATTACKER if reading and prone and defence in ("parry", "block") else 0)


def range_difficulty(distance: int, weapon_range: int) -> int | None:
    """Difficulty by distance: ≤ 2 m «в упор» 5; up to the weapon's range 6; up to twice it 8;
    beyond that no shot (None)."""
    check_non_negative("distance", distance, weapon_range)
    if distance <= POINT_BLANK_METRES:
        return POINT_BLANK_DIFFICULTY
    if distance <= weapon_range:
        return RANGE_DIFFICULTY
    if distance <= 2 * weapon_range:
        return MAX_RANGE_DIFFICULTY
    return None


#: «Удачный рефлекторный бросок Восприятие + Бдительность (сложность 8)» (blind ranged attack).
BLIND_ROLL_DIFFICULTY = 8
#: Range bands for when the distance is not given in metres: «в упор» (≤ 2 m) 5, up to the
#: weapon's range 6, up to twice that 8.
RANGE_BANDS = {"point_blank": POINT_BLANK_DIFFICULTY, "normal": RANGE_DIFFICULTY, "long": MAX_RANGE_DIFFICULTY}


@dataclass
class AttackSetup:
    """What goes into an attack roll (all optional but the pool)."""

    pool: int  # Ловкость + навык
    ranged: bool = False
    distance: int | None = None  # metres (ranged)
    weapon_range: int | None = None
    melee_class: str | None = None  # short/classic/heavy/mighty
    target_prone: bool = False
    attacker_prone: bool = False
    blind: bool = False
    blind_roll_succeeded: bool = False
    flank: str = "front"  # front / flank / rear
    cover: int = 0  # 0..3
    maneuver: str = "none"
    ambush_successes: int = 0
    wound_penalty: int = 0
    extra_dice: int = 0
    extra_difficulty: int = 0
    autofire_penalty: str = AUTOFIRE_PENALTY
    overflow: str = DIFFICULTY_OVERFLOW
    base: int = BASE_DIFFICULTY  # the difficulty before these modifiers
    range_band: str | None = None  # instead of distance: "point_blank" / "normal" / "long"
    penalty_before_halving: bool = WOUND_PENALTY_BEFORE_HALVING
    halves_bonus: bool = TWO_GUNS_HALVES_BONUS  # the flank/rear and ambush dice are halved too


def attack_roll(s: AttackSetup) -> tuple[int, int | None]:
    """(dice, difficulty) of an attack; difficulty ``None`` when the attack is impossible.

    Базовая сложность 6. Range (ranged only; «в упор» ≤ 2 m is 5); «Лёжа»: −2 for a melee
    attack on a prone target, +2 for a ranged one except point-blank, +2 for Драка/Фехтование
    of a prone attacker; «Бой вслепую» +2 melee, ranged only after a successful Восприятие +
    Бдительность at +3 and ≤ 10 m; flank +2 dice, rear +3 dice; cover (003: +1/+2/+3);
    melee class (short −1, mighty +1); the maneuver's numbers (:data:`tables.MANEUVERS`);
    «Засада»: successes of the ambush roll added to the pool; wound penalty; «Стрельба
    по-македонски»: half the pool, rounded down (the wound penalty first, by
    :data:`WOUND_PENALTY_BEFORE_HALVING`; the flank and ambush dice halved too, by
    :data:`TWO_GUNS_HALVES_BONUS`).
    """
    m = tables.MANEUVERS[s.maneuver]
    bonus = s.ambush_successes + {"front": 0, "flank": FLANK_DICE, "rear": REAR_DICE}[s.flank]
    whole = 0 if s.halves_bonus or s.maneuver != "two_guns" else bonus  # :data:`TWO_GUNS_HALVES_BONUS`
    dice = s.pool + s.extra_dice + m["attack_dice"] + bonus - whole
    diff = s.base
    point_blank = False
    if s.ranged:
        if s.range_band is not None:
            diff = s.base - BASE_DIFFICULTY + RANGE_BANDS[s.range_band]
            point_blank = s.range_band == "point_blank"
        elif s.distance is not None and s.weapon_range is not None:
            rd = range_difficulty(s.distance, s.weapon_range)
            if rd is None:
                return max(0, dice), None
            diff = s.base - BASE_DIFFICULTY + rd
            point_blank = s.distance <= POINT_BLANK_METRES
        if s.target_prone and not point_blank:
            diff += PRONE_RANGED
        if s.blind:
            if not s.blind_roll_succeeded or (s.distance is not None and s.distance > BLIND_RANGED_MAX_METRES):
                return max(0, dice), None
            diff += BLIND_RANGED_DIFFICULTY
        diff += COVER_DIFFICULTY[s.cover]
    else:
        if s.target_prone:
            diff += PRONE_MELEE
        if s.blind:
            diff += BLIND_MELEE_DIFFICULTY
        if s.melee_class:
            diff += tables.MELEE_CLASSES[s.melee_class]["attack_difficulty"]
    if s.attacker_prone and not s.ranged:
        diff += PRONE_ATTACKER
    if s.maneuver == "autofire" and s.autofire_penalty == "dice":
        dice -= 2
    else:
        diff += m["difficulty"]
    if s.penalty_before_halving:
        dice -= s.wound_penalty
    if s.maneuver == "two_guns":
        dice = max(0, dice) // 2 + whole
    if not s.penalty_before_halving:
        dice -= s.wound_penalty
    diff += s.extra_difficulty
    return max(0, dice), finish_difficulty(diff, s.overflow)


def many_on_one_penalty(attackers: int) -> int:
    """«Толпа на одного»: −1 die on every defensive maneuver for each attacker after the
    first, at most −4."""
    check_non_negative("attackers", attackers)
    return min(MANY_ON_ONE_MAX, max(0, attackers - 1))


def desperate_defence_pool(pool: int, defence_number: int) -> int:
    """«Отчаянная защита»: the whole pool against the first attack, then «теряет по одному
    кубику (эффект кумулятивен) при каждом последующем защитном приеме»."""
    check_non_negative("pool", pool)
    if defence_number < 1:
        raise ValueError("defence_number starts at 1")
    return max(0, pool - (defence_number - 1))


def dodge_difficulty(ranged: bool) -> int:
    """Уклонение: «от атак ближнего боя – по сложности 6, ... дальнего боя – по сложности 8»."""
    return DODGE_RANGED_DIFFICULTY if ranged else DODGE_MELEE_DIFFICULTY


def parry_difficulty(defender_class: str, attacker_class: str) -> int | None:
    """Difficulty of a parry with ``defender_class`` against ``attacker_class`` (``"unarmed"``
    for fists), or None when impossible.

    000: short weapons «невозможно эффективно парировать любое более длинное оружие»; classic
    «Парируют более короткое оружие или удары руками по сложности 5. Парируют тяжелое оружие по
    сложности 7»; heavy: «сложно парировать чем-то более легким (сложность 7)», and «парирование
    невозможно осуществить тяжелым оружием»; mighty: «+1 к сложности атаки или парирования.
    Удары таким оружием невозможно парировать». Otherwise :data:`PARRY_DEFAULT_DIFFICULTY`.
    """
    order = ("unarmed", "short", "classic", "heavy", "mighty")
    if defender_class not in order[1:] or attacker_class not in order:
        raise ValueError("unknown weapon class")
    if attacker_class == "mighty" or defender_class == "heavy":
        return None
    if defender_class == "short":
        return None if order.index(attacker_class) > order.index("short") else PARRY_DEFAULT_DIFFICULTY
    if defender_class == "classic":
        return {"unarmed": 5, "short": 5, "classic": PARRY_DEFAULT_DIFFICULTY, "heavy": 7}[attacker_class]
    # mighty defender: «+1 к сложности ... парирования»
    base = 7 if attacker_class == "heavy" else PARRY_DEFAULT_DIFFICULTY
    return max(base, PARRY_DEFAULT_DIFFICULTY + tables.MELEE_CLASSES["mighty"]["attack_difficulty"])


def parry_allowed(attacker_power: int, defender_strength: int, defender_dexterity: int,
                  defender_bonus: int = 0) -> bool:
    """«Парировать можно только те атаки, чья Сила + модификатор оружия + паранормальные
    усиления не превосходит вашу Силу + Ловкость + паранормальные усиления.»"""
    return attacker_power <= defender_strength + defender_dexterity + defender_bonus


def block_allowed(attacker_power: int, defender_strength: int, defender_stamina: int,
                  defender_bonus: int = 0) -> bool:
    """Блок «автоматически провален», если «Сила + Модификатор Оружия + паранормальные усиления
    нападающего больше чем ваша Сила + Выносливость + паранормальные усиления»."""
    return attacker_power <= defender_strength + defender_stamina + defender_bonus
