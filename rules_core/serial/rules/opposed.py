"""«Сериал»: opposed rolls (attack against a defensive maneuver).

A section of the rules, :mod:`rules_core.serial.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...dice import Dist
from ...wod.pool import d10_pool, net_successes
from .gaps import ATTACK_ONES_CANCEL, BOTCH_CHOICES, BOTCH_RULE, PARRY_TIE, PARRY_TIE_CHOICES

__all__ = [
    "COVER_DIFFICULTY_ROLL",
    "DEFENCES",
    "HitOutcome",
    "botch_probability",
    "cover_redirects",
    "hit_distribution",
    "resolve_defence",
]


@dataclass(frozen=True, order=True)
class HitOutcome:
    """One outcome of an attack against a defense.

    hit: the attack lands; successes: the attack's successes after the defense (what «Удар
    мастера» counts); block: УП the block gives against this attack; counter: a parry that
    hit the attacker back («защищающийся эффективно попал по нападающему своим оружием»).
    """

    hit: bool
    successes: int
    block: int = 0
    counter: bool = False


DEFENCES = ("none", "dodge", "parry", "block")


def resolve_defence(attack_net: int, defence_net: int, defence: str, hit_multiplier: int = 1,
                    parry_tie: str = PARRY_TIE) -> HitOutcome:
    """Resolve one attack roll against one defense roll (net successes of both).

    * none: «Чтобы попасть по цели, вам нужно набрать хотя бы один успех.»
    * dodge (Уклонение): «успехи оппонента вычитаются из ваших»; 1 or more left hits.
    * parry: more defense successes: no hit, and the defender hits back; a tie: see
      :data:`PARRY_TIE`; fewer: subtracted as a dodge.
    * block: no subtraction; «Каждый успех дает вам Уровень Поглощения» against this attack.
    «Обманный прием»: «Число успехов на броске попадания удваивается для контеста попадания и
    защитного маневра» (``hit_multiplier``).
    """
    if defence not in DEFENCES:
        raise ValueError(f"defense must be one of {DEFENCES}")
    if parry_tie not in PARRY_TIE_CHOICES:
        raise ValueError(f"parry_tie must be one of {PARRY_TIE_CHOICES}")
    if defence in ("none", "block"):
        block = defence_net if defence == "block" else 0
        return HitOutcome(attack_net >= 1, attack_net if attack_net >= 1 else 0, block if attack_net >= 1 else 0)
    a = attack_net * (hit_multiplier if attack_net else 1)
    if defence == "parry":
        if defence_net > a:
            return HitOutcome(False, 0, 0, True)
        if defence_net == a and parry_tie == "no_effect":
            return HitOutcome(a >= 1, a if a >= 1 else 0)
    left = a - defence_net
    return HitOutcome(left >= 1, max(0, left))


def cover_redirects(attack_successes: int, cover_successes: int) -> bool:
    """«Прикрыть»: «Бросок Ловкость+Уворот по сложности 6, необходимо набрать успехов больше
    нападающего, тогда атака успешно поразит вас, а не цель, иначе атака полностью поражает
    цель.» True: the attack hits the one who covers (no successes are subtracted either way)."""
    return cover_successes > attack_successes


COVER_DIFFICULTY_ROLL = 6  # «Прикрыть»: «по сложности 6»


def hit_distribution(attack_dice: int, attack_difficulty: int | None, defence: str = "none",
                     defence_dice: int = 0, defence_difficulty: int = 6,
                     hit_multiplier: int = 1, parry_tie: str = PARRY_TIE,
                     ones_cancel: bool = ATTACK_ONES_CANCEL) -> Dist:
    """Exact distribution of :class:`HitOutcome` for an attack pool against a defense pool."""
    if attack_difficulty is None:
        return Dist.constant(HitOutcome(False, 0))
    att = net_successes(attack_dice, attack_difficulty, ones_cancel)
    if defence == "none":
        dfn = Dist.constant(0)
    else:
        dfn = net_successes(defence_dice, defence_difficulty, ones_cancel)
    return att.combine(dfn, lambda a, d: resolve_defence(a, d, defence, hit_multiplier, parry_tie))


def botch_probability(dice: int, difficulty: int | None, rule: str = BOTCH_RULE) -> Fraction:
    """P(botch) under the chosen botch rule (:data:`BOTCH_RULE`); 0 under ``"none"``."""
    if rule not in BOTCH_CHOICES:
        raise ValueError(f"botch rule must be one of {BOTCH_CHOICES}")
    if rule == "none" or difficulty is None:
        return Fraction(0)
    return d10_pool(dice, difficulty, True, rule)["botch"]
