"""«Сериал»: maneuvers with a roll against a roll (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist
from ...wod.pool import net_successes
from .gaps import ATTACK_ONES_CANCEL, OTHER_ONES_CANCEL
from .opposed import COVER_DIFFICULTY_ROLL, cover_redirects
from .damage import damage_distribution
from .maneuvers import disarm, grapple_escape, trip

__all__ = [
    "GRAPPLE_DIFFICULTY",
    "TRIP_DIFFICULTY",
    "attack_contest",
    "cover_distribution",
    "disarm_distribution",
    "grapple_escape_probability",
    "trip_distribution",
]


#: «Захват»: «оба бойца делают противопоставленные броски Сила + Драка (единички вычитаются,
#: специализация возможна)»; the difficulty is not given: the base 6.
GRAPPLE_DIFFICULTY = 6
#: «Подсечка»: «цель маневра делает рефлекторный бросок Ловкость+Атлетика по сложности 6».
TRIP_DIFFICULTY = 6


def grapple_escape_probability(holder_pool: int, victim_pool: int, difficulty: int = GRAPPLE_DIFFICULTY) -> Fraction:
    """P(the victim breaks free): «Для успеха жертве надо набрать больше успехов, чем
    нападающему» (1s cancel, as 000 says here).

    >>> grapple_escape_probability(0, 1)
    Fraction(1, 2)
    """
    holder = net_successes(holder_pool, difficulty, True)
    victim = net_successes(victim_pool, difficulty, True)
    return holder.combine(victim, lambda h, v: grapple_escape(v, h)).p(lambda x: x)


def attack_contest(attack_dice: int, attack_difficulty: int | None, other: Dist, wins,
                   ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """An attack roll (no defense) followed by a roll of the target's: outcomes ``"miss"``, or for
    a hit with ``s`` successes and the other roll ``o``: ``"effect"`` when ``wins(s, o)``, else
    ``"no_effect"``."""
    if attack_difficulty is None:
        return Dist.constant("miss")
    att = net_successes(attack_dice, attack_difficulty, ones_cancel)
    return att.combine(other, lambda s, o: "miss" if s < 1 else "effect" if wins(s, o) else "no_effect")


def trip_distribution(attack_dice: int, attack_difficulty: int | None, target_pool: int,
                      ones_cancel: bool = ATTACK_ONES_CANCEL, other_ones: bool = OTHER_ONES_CANCEL) -> Dist:
    """«Подсечка»: a hit, then the target's reflex Ловкость+Атлетика at 6; ``"effect"``: «Если
    число успехов на этом броске меньше, чем число успехов нападающего, то цель падает»."""
    target = net_successes(target_pool, TRIP_DIFFICULTY, other_ones)
    return attack_contest(attack_dice, attack_difficulty, target, lambda s, o: trip(s, o), ones_cancel)


def disarm_distribution(attack_dice: int, attack_difficulty: int | None, damage_dice: int, opponent_strength: int,
                        ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """«Разоружение»: «При удаче нападающий делает обычный бросок на повреждения»;
    ``"effect"``: «Если число полученных успехов превышает уровень Силы противника», the
    opponent «лишается оружия»; ``"no_effect"``: «нападающий сам роняет оружие или получает
    повреждения»."""
    damage = damage_distribution(damage_dice)
    return attack_contest(attack_dice, attack_difficulty, damage,
                          lambda s, d: disarm(d, opponent_strength), ones_cancel)


def cover_distribution(attack_dice: int, attack_difficulty: int | None, cover_pool: int,
                       ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """«Прикрыть»: «Бросок Ловкость+Уворот по сложности 6, необходимо набрать успехов больше
    нападающего»; ``"effect"``: the attack hits the one who covers, ``"no_effect"``: it hits the
    ally («иначе атака полностью поражает цель»)."""
    cover = net_successes(cover_pool, COVER_DIFFICULTY_ROLL, ones_cancel)
    return attack_contest(attack_dice, attack_difficulty, cover, lambda s, c: cover_redirects(s, c), ones_cancel)
