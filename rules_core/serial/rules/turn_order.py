"""«Сериал»: initiative, movement, interceptions, reaction.

A section of the rules, :mod:`rules_core.serial.rules`.
"""

from __future__ import annotations

from ...dice import Dist
from ...wod.pool import net_successes
from .. import tables
from .gaps import (
    AMBUSH_TIE_ADDS, HALF_ROUNDING, INTERCEPTION_PERIOD, INTERCEPTION_PERIODS, LOWERED_BLOCKS_PREPARATION,
    NONLETHAL_ROLL_COUNTS, OTHER_ONES_CANCEL, OVERLOADED_ROLLS, OVERLOADED_ROLLS_CHOICES, PREPARATION_ROUNDING,
    RUN_HALVED, RUN_HALVED_CHOICES,
)
from .numbers import check_non_negative, half_of
from .wounds import wound_level

__all__ = [
    "AMBUSH_DIFFICULTY",
    "CREATURE_NAMES",
    "CREATURE_ORDER",
    "ambush",
    "ambush_distribution",
    "counted_door_rolls",
    "initiative",
    "initiative_order",
    "initiative_this_turn",
    "interceptions_left",
    "lower_initiative",
    "max_interceptions",
    "may_intercept_magical_movement",
    "overloaded_dice",
    "preparation_bonus",
    "reaction_level",
    "run_distance",
    "speech_limit",
    "speed",
]


#: «В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры, затем меняющие
#: форму, затем феи, затем маги, затем чародеи, затем психики, затем все остальные.»
CREATURE_ORDER = ("monster", "vampire", "shapeshifter", "fae", "mage", "sorcerer", "psychic", "other")
CREATURE_NAMES = {
    "monster": "монстры", "vampire": "вампиры", "shapeshifter": "меняющие форму", "fae": "феи",
    "mage": "маги", "sorcerer": "чародеи", "psychic": "психики", "other": "все остальные",
}


def initiative(dexterity: int, wits: int, manipulation: int, perception: int,
               athletics: int, cunning: int, modifier: int = 0) -> int:
    """Инициатива: «высшему показателю среди следующих вариантов сумм характеристик»:
    Ловкость + Смекалка, Манипулирование + Восприятие, Атлетика + Хитрость; «Также к этому
    могут быть добавлены модификаторы» (``modifier``). No roll.
    """
    check_non_negative("traits", dexterity, wits, manipulation, perception, athletics, cunning)
    return max(dexterity + wits, manipulation + perception, athletics + cunning) + modifier


def initiative_order(participants: list[tuple[str, int, str]]) -> list[list[str]]:
    """Order of turns: highest Инициатива first; ties by kind of creature (:data:`CREATURE_ORDER`).

    ``participants``: (name, initiative, kind). Returns groups in turn order; a group of more
    than one name is a tie still unresolved: «решите оставшиеся ничьи броском кубика».
    """
    groups: dict[tuple[int, int], list[str]] = {}
    for name, ini, kind in participants:
        if kind not in CREATURE_ORDER:
            raise ValueError(f"kind must be one of {CREATURE_ORDER}")
        groups.setdefault((-ini, CREATURE_ORDER.index(kind)), []).append(name)
    return [groups[k] for k in sorted(groups)]


def lower_initiative(current: int, new: int) -> int:
    """«понизить свою инициативу до любого неотрицательного числа, но дальше до конца боя он не
    может ее повысить»."""
    if not 0 <= new <= current:
        raise ValueError("initiative can only be lowered, to a non-negative number")
    return new


def preparation_bonus(initiative_value: int, rounding: str = PREPARATION_ROUNDING) -> int:
    """Подготовка: «На следующий ход добавить половину своего показателя Инициативы».

    >>> preparation_bonus(7), preparation_bonus(7, "up")
    (3, 4)
    """
    return half_of(initiative_value, rounding)


def initiative_this_turn(value: int, prepared: bool = False, lowered_to: int | None = None,
                         rounding: str = PREPARATION_ROUNDING,
                         lowered_blocks: bool = LOWERED_BLOCKS_PREPARATION) -> tuple[int, int]:
    """(Инициатива this turn, what «Подготовка» added): ``value`` is the character's Инициатива
    (the best sum plus modifiers), ``lowered_to`` the number it was lowered to this fight
    («понизить свою инициативу до любого неотрицательного числа»), ``prepared`` whether the last
    turn's action was «Подготовка» («Нельзя суммировать две "Подготовки"»: one at most).
    After a lowering «Подготовка» adds nothing under :data:`LOWERED_BLOCKS_PREPARATION`.

    >>> initiative_this_turn(8, prepared=True)
    (12, 4)
    >>> initiative_this_turn(8, prepared=True, lowered_to=2), initiative_this_turn(8, True, 2, lowered_blocks=False)
    ((2, 0), (3, 1))
    """
    check_non_negative("initiative", value)
    current = value if lowered_to is None else lower_initiative(value, lowered_to)
    if not prepared or (lowered_to is not None and lowered_blocks):
        return current, 0
    bonus = preparation_bonus(current, rounding)
    return current + bonus, bonus


def _wound_halves(health: int | None, will_to_live: bool) -> bool:
    """Whether the wounds halve the movement: «тяжелое ранение (3 и ниже) даёт штраф в 4 кубика и снижение
    скорости в два раза» — but not in «Воля к жизни»: «Персонаж не испытывает штрафов от ран и может
    действовать как раньше» (the speed cut is one of the wound penalties, as «Превозмогая боль» names
    «штрафов к движению»)."""
    return health is not None and wound_level(health) in ("heavy", "door") and not will_to_live


def speed(athletics: int, health: int | None = None, overloaded: bool = False,
          rounding: str = HALF_ROUNDING, will_to_live: bool = False) -> int:
    """Скорость = 5 + Атлетика, halved by a heavy wound («тяжелое ранение (3 и ниже) ...
    снижение скорости в два раза», not in «Воля к жизни») and again by «Перегружен» («уменьшение
    скорости движения в 2 раза»); the two halvings stack (000 does not say otherwise).

    >>> speed(4, health=0), speed(4, health=0, will_to_live=True), speed(4, 0, True, will_to_live=True)
    (4, 9, 4)
    """
    check_non_negative("athletics", athletics)
    s = 5 + athletics
    if _wound_halves(health, will_to_live):  # «3 и ниже»
        s = half_of(s, rounding)
    if overloaded:
        s = half_of(s, rounding)
    return s


def run_distance(dexterity: int, athletics: int, health: int | None = None, overloaded: bool = False,
                 rounding: str = HALF_ROUNDING, halved: str = RUN_HALVED, will_to_live: bool = False) -> int:
    """Бег (Действие): «дистанцию = 10 + Ловкость + Атлетика»; halved like the speed only under
    the reading ``"both"`` of :data:`RUN_HALVED`.

    >>> run_distance(3, 2), run_distance(3, 2, health=3), run_distance(3, 2, health=3, halved="both")
    (15, 15, 7)
    """
    check_non_negative("traits", dexterity, athletics)
    if halved not in RUN_HALVED_CHOICES:
        raise ValueError(f"halved must be one of {RUN_HALVED_CHOICES}")
    d = 10 + dexterity + athletics
    if halved == "both":
        if _wound_halves(health, will_to_live):
            d = half_of(d, rounding)
        if overloaded:
            d = half_of(d, rounding)
    return d


def max_interceptions(wits: int) -> int:
    """«Персонаж не может совершить больше Перехватов, чем его показатель Смекалки.»"""
    check_non_negative("wits", wits)
    return wits


def interceptions_left(wits: int, this_turn: int, this_round: int, this_fight: int,
                       period: str | None = None) -> int:
    """The Перехваты a character may still make: Смекалка less those made in the period of
    :data:`INTERCEPTION_PERIODS` (the counts of the three periods are given; the reading picks one).

    >>> interceptions_left(3, 1, 2, 5), interceptions_left(3, 1, 2, 5, "turn"), interceptions_left(3, 1, 2, 5, "fight")
    (1, 2, 0)
    """
    period = INTERCEPTION_PERIOD if period is None else period
    if period not in INTERCEPTION_PERIODS:
        raise ValueError(f"period must be one of {INTERCEPTION_PERIODS}")
    used = {"turn": this_turn, "round": this_round, "fight": this_fight}[period]
    return max(0, max_interceptions(wits) - used)


def overloaded_dice(overloaded: bool, pool_has_skill: bool = True, reading: str | None = None) -> int:
    """Dice «Перегружен» takes from a Ловкость roll (:data:`OVERLOADED_ROLLS`): «-4 куба на броски Ловкости». An
    attack or a defensive maneuver is Ловкость + a skill (``pool_has_skill``).

    >>> overloaded_dice(True), overloaded_dice(True, reading="pure_dexterity"), overloaded_dice(True, False, "pure_dexterity")
    (4, 0, 4)
    """
    reading = OVERLOADED_ROLLS if reading is None else reading
    if reading not in OVERLOADED_ROLLS_CHOICES:
        raise ValueError(f"reading must be one of {OVERLOADED_ROLLS_CHOICES}")
    if not overloaded or (pool_has_skill and reading == "pure_dexterity"):
        return 0
    return tables.OVERLOADED_DEX_PENALTY


def counted_door_rolls(previous: int, nonlethal_before: int = 0, counts: bool | None = None) -> int:
    """The earlier rolls of the scene that take 1 each from a death's-door roll: all ``previous`` ones, or, by
    :data:`NONLETHAL_ROLL_COUNTS`, those less the ``nonlethal_before`` odd/even ones among them.

    >>> counted_door_rolls(3, 1), counted_door_rolls(3, 1, counts=False)
    (3, 2)
    """
    counts = NONLETHAL_ROLL_COUNTS if counts is None else counts
    check_non_negative("rolls", previous, nonlethal_before)
    if nonlethal_before > previous:
        raise ValueError("more odd/even rolls than rolls")
    return previous if counts else previous - nonlethal_before


def reaction_level(perception: int = 0, intelligence: int = 0, awareness: int = 0,
                   occult: int = 0, prophecy: int = 0, battle_sight: bool = False) -> int | None:
    """Реакция 1–3 (1 is the best), or None: «не понял сути заявки противника».

    * 1 «полная»: a prophecy power at 4+ (Прорицание, Провидение, Предсказания, Фатализм —
      ``prophecy``) or «Взгляд на Поле Боя» / the awakened effect (``battle_sight``);
    * 2 «личная»: (Осведомленность / Кеннинг / Изначальные Инстинкты / Время Малкавиан /
      Интуиция — the best, ``awareness``) + Восприятие = 7 или выше;
    * 3 «частичная»: (Оккультизм / Гримуары / Ритуалы / Гипертехнологии — ``occult``) +
      Интеллект = 8 или выше.
    """
    check_non_negative("traits", perception, intelligence, awareness, occult, prophecy)
    if prophecy >= 4 or battle_sight:
        return 1
    if awareness + perception >= 7:
        return 2
    if occult + intelligence >= 8:
        return 3
    return None


def may_intercept_magical_movement(level: int | None) -> bool:
    """«Если противник понимает, что суть вашей заявки – бегство из ближнего боя (то есть у
    него есть “Реакция 3” и лучше), то перехват возможен.»"""
    return level is not None and level <= 3


def speech_limit(charisma: int, skill: int) -> int:
    """Речь: «короткими фразами (не более чем ваша Харизма+Лидерство/Экспрессия/Убеждение/
    Запугивание)» — the most words (``skill``: the best of those four) without an Action."""
    check_non_negative("traits", charisma, skill)
    return charisma + skill


#: The ambush rolls' difficulty: 000 gives none for «Ловкость + Незаметность» and «Восприятие +
#: Бдительность»; the base 6 («Базовая сложность такого броска – 6»).
AMBUSH_DIFFICULTY = 6


def ambush_distribution(stealth_pool: int, alert_pool: int, difficulty: int = AMBUSH_DIFFICULTY,
                        ones_cancel: bool = OTHER_ONES_CANCEL, tie_adds: bool = AMBUSH_TIE_ADDS) -> Dist:
    """The opposed ambush roll: outcomes ``(who, dice added to the attack)`` with ``who`` as
    :func:`ambush` says; the attacker adds his stealth successes («любое количество успехов от
    броска на Незаметность»: all of them) when he wins, and on a tie only under :data:`AMBUSH_TIE_ADDS`.

    >>> ambush_distribution(0, 0).items()
    [(('tie', 0), Fraction(1, 1))]
    """
    check_non_negative("pools", stealth_pool, alert_pool)
    att = net_successes(stealth_pool, difficulty, ones_cancel)
    dfn = net_successes(alert_pool, difficulty, ones_cancel)

    def outcome(a: int, d: int) -> tuple[str, int]:
        who = ambush(a, d)
        return who, a if who == "attacker" or (who == "tie" and tie_adds) else 0

    return att.combine(dfn, outcome)


def ambush(attacker_successes: int, defender_successes: int) -> str:
    """Засада: Ловкость + Незаметность against Восприятие + Бдительность. ``"attacker"``: «одну
    свободную атаку, а также добавить любое количество успехов от броска на Незаметность к набору
    кубиков для атаки»; ``"tie"``: «нападающий все же ходит первым, но защищающийся может
    провести защитное действие»; ``"defender"``: «обе стороны действуют в порядке инициативы»."""
    if attacker_successes > defender_successes:
        return "attacker"
    return "tie" if attacker_successes == defender_successes else "defender"
