"""«Сериал»: maneuvers: their effects (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from dataclasses import replace

from .. import readings, tables
from .gaps import BLOCK_FIRST, NEGATIVE_HITS_RULE, TWO_RESISTANCES
from .numbers import check_non_negative
from .health import Step, Target, take_portion

__all__ = [
    "NAGA_ARMOR",
    "NAGA_ARMOR_CHOICES",
    "NAGA_NO_ARMOR",
    "NAGA_NO_ARMOR_CHOICES",
    "NAGA_POISON",
    "NAGA_SOAKED",
    "TWO_GUNS_LARGE_MIN_STRENGTH",
    "disarm",
    "grapple_escape",
    "master_strike_critical",
    "naga_pierced",
    "naga_poison",
    "special_activation",
    "spread_fire_hits",
    "take_with_poison",
    "trip",
]


#: «Стрельба по-македонски»: «Только персонажи с нечеловеческой (6+) силой могут стрелять
#: по-македонски из оружия большого размера.»
TWO_GUNS_LARGE_MIN_STRENGTH = 6


def spread_fire_hits(successes: int, targets: int) -> int:
    """Очередь веером: «Каждая цель требует одного успеха на броске попадания. Если успехов
    было получено меньше, чем целей, то атакующий выбирает в кого он попал.» → targets hit."""
    check_non_negative("values", successes, targets)
    return min(successes, targets)


def disarm(damage_successes: int, opponent_strength: int) -> bool:
    """Разоружение: «Если число полученных успехов превышает уровень Силы противника, то
    противник ... лишается оружия.»"""
    return damage_successes > opponent_strength


def trip(attack_successes: int, target_successes: int) -> bool:
    """Подсечка: «Если число успехов на этом броске меньше, чем число успехов нападающего, то
    цель падает на землю»."""
    return target_successes < attack_successes


def grapple_escape(victim_successes: int, attacker_successes: int) -> bool:
    """Захват: «Для успеха жертве надо набрать больше успехов, чем нападающему.»"""
    return victim_successes > attacker_successes


def special_activation(successes_after_defence: int, needed: int, damage_rolled: int,
                       armor: int) -> bool:
    """«Специальная активация»: «Если эта атака набрала Х+ успехов на попадании после уворота
    противника и её урон смог пробить Броню цели, то атака получает дополнительный эффект.»
    (e.g. «Яд наги»: 7+ successes, then 7 more levels of poison damage: :data:`NAGA_POISON`)."""
    return successes_after_defence >= needed and damage_rolled > armor


#: «Яд наги»: «набрала 7+ успехов ... цель получает дополнительно 7 уровней урона».
NAGA_POISON = {"needed": 7, "extra_damage": 7}

#: «Яд наги»: «её урон смог пробить Броню цели, то вдобавок к основному урону цель получает дополнительно 7 уровней урона
#: смертоносным ядом» — whether Броня, which «вычитается из каждой порции входящего урона», takes from the poison too.
#: ``"whole"`` (default: the blow has pierced the Броня, the poison comes in with it, 7 levels added to the blow's
#: damage after Броня); ``"armor"``: the poison is a portion of its own, less the Броня.
NAGA_ARMOR_CHOICES = readings.NAGA_ARMOR.values
NAGA_ARMOR = readings.NAGA_ARMOR.default
#: And whether Уровни Поглощения absorb the poison: «Входящий урон поглощается Выносливостью персонажа, доспехами …».
#: True (default: it is damage like any other); False: the poison goes past them to Здоровье (УП absorb the blow only).
NAGA_SOAKED = readings.NAGA_SOAKED.default
#: And what «её урон смог пробить Броню цели» is when the target has no Броня. ``"damage"`` (default: the damage
#: successes rolled are more than the Броня, so against 0 a blow of 0 damage successes brings no poison);
#: ``"always"``: with no Броня there is nothing to pierce, and any hit of 7+ successes brings it (:func:`naga_pierced`).
NAGA_NO_ARMOR_CHOICES = readings.NAGA_NO_ARMOR.values
NAGA_NO_ARMOR = readings.NAGA_NO_ARMOR.default


def naga_pierced(rolled: int, armor: int, reading: str | None = None) -> bool:
    """Whether a blow of ``rolled`` damage successes «смог пробить Броню» ``armor`` (:data:`NAGA_NO_ARMOR`).

    >>> naga_pierced(0, 0), naga_pierced(0, 0, "always"), naga_pierced(1, 0), naga_pierced(2, 2, "always")
    (False, True, True, False)
    """
    reading = NAGA_NO_ARMOR if reading is None else reading
    if reading not in NAGA_NO_ARMOR_CHOICES:
        raise ValueError(f"reading must be one of {NAGA_NO_ARMOR_CHOICES}")
    return rolled > armor or (armor == 0 and reading == "always")


def naga_poison(pierced: bool, armor: int, reading: str | None = None) -> int:
    """The poison levels a «Яд наги» blow that ``pierced`` the Броня adds (:data:`NAGA_ARMOR`).

    >>> naga_poison(True, 2), naga_poison(True, 2, "armor"), naga_poison(False, 2)
    (7, 5, 0)
    """
    reading = NAGA_ARMOR if reading is None else reading
    if reading not in NAGA_ARMOR_CHOICES:
        raise ValueError(f"reading must be one of {NAGA_ARMOR_CHOICES}")
    if not pierced:
        return 0
    levels = NAGA_POISON["extra_damage"]
    return max(0, levels - armor) if reading == "armor" else levels


def take_with_poison(t: Target, portion: int, poison: int, block: int = 0, rule: str = NEGATIVE_HITS_RULE,
                     soaked: bool | None = None, block_first: bool = BLOCK_FIRST, *, tag_after: str = "none",
                     two_resistances: str = TWO_RESISTANCES) -> Step:
    """A blow's portion and its poison as one (:func:`take_portion`), the poison soaked by УП or not
    (:data:`NAGA_SOAKED`: past them, the УП absorb at most the blow's own portion); ``tag_after``: the blow's tag
    on its levels that pass the УП (:data:`TAG_ORDER`), not on the poison.

    >>> t = Target(absorption=5, health=7, stamina=2); s = take_with_poison(t, 3, 7, soaked=False)
    >>> (s.absorbed, s.to_health, t.absorption, t.health)
    (3, 7, 2, 0)
    """
    soaked = NAGA_SOAKED if soaked is None else soaked
    tagging = {"tag_after": tag_after, "two_resistances": two_resistances, "tagged": portion}
    if soaked or not poison:
        return take_portion(t, portion + poison, block, rule, block_first=block_first, **tagging)
    keep = t.absorption
    t.absorption = min(keep, portion)
    s = take_portion(t, portion + poison, block, rule, block_first=block_first, **tagging)
    t.absorption = keep - s.absorbed
    return replace(s, absorption_left=t.absorption)


def master_strike_critical(successes_after_defence: int) -> bool:
    """«Если эта атака набрала 7 и больше успехов на попадании ... (+3 автоуспеха к броску
    урона). ... атака должна набрать 7 успехов, а не бросок.»"""
    return successes_after_defence >= tables.MANEUVERS["master"]["crit_at"]
