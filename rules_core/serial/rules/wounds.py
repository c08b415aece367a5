"""«Сериал»: wounds (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import tables
from .gaps import PAIN_WILLPOWER, PAIN_WILLPOWER_CHOICES

__all__ = ["BURNING_PENALTY", "Penalties", "penalties", "wound_level", "wound_penalty"]


def wound_level(health: int) -> str | None:
    """«любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) даёт
    штраф в 4 кубика»: ``None``, ``"wounded"``, ``"heavy"`` (or ``"door"`` at 0 and below)."""
    if health <= 0:
        return "door"
    if health <= 3:
        return "heavy"
    if health <= 5:
        return "wounded"
    return None


def wound_penalty(health: int, push_through_pain: bool = False) -> int:
    """Dice lost to wounds: 0, 2 (≤ 5 health) or 4 (≤ 3). «Превозмогая боль» (1 ПСВ) avoids
    the dice penalties but not the movement one.

    >>> [wound_penalty(h) for h in (6, 5, 4, 3, 0)], wound_penalty(3, push_through_pain=True)
    ([0, 2, 2, 4, 4], 0)
    """
    if push_through_pain:
        return 0
    level = wound_level(health)
    return {None: 0, "wounded": 2}.get(level, 4)


#: «Горит! ... Также цель получает -4 куба на все броски действий из-за сильнейшей боли.»
BURNING_PENALTY = 4


@dataclass(frozen=True)
class Penalties:
    """Dice a character's rolls lose this turn: ``wounds`` and ``burning`` on every action roll
    (their sum is ``roll``), «Перегружен» on Ловкость rolls only (``dexterity`` = ``roll`` + it)."""

    wounds: int
    burning: int
    overloaded: int

    @property
    def roll(self) -> int:
        return self.wounds + self.burning

    @property
    def dexterity(self) -> int:
        return self.roll + self.overloaded


def penalties(health: int, push_through_pain: bool = False, burning: bool = False,
              burning_spared: bool = False, burning_willpower: bool = False, overloaded: bool = False,
              will_to_live: bool = False, pain_willpower: str = PAIN_WILLPOWER) -> Penalties:
    """The dice penalties of a turn.

    * wounds: :func:`wound_penalty` — none after «Превозмогая боль» («Потратив 1 ПСВ в начале
      своего хода») or in «Воля к жизни» («Персонаж не испытывает штрафов от ран»);
    * «Горит!»: −4 «на все броски действий», not for «Существа с сопротивляемостью к огню или
      нечувствительные к боли» (``burning_spared``) nor after «тратой ПСВ в начале своего раунда»
      (``burning_willpower``); one point for both pains under :data:`PAIN_WILLPOWER` ``"one"``;
    * «Перегружен»: «-4 куба на броски Ловкости».

    >>> penalties(5, burning=True).roll, penalties(5, True, burning=True, pain_willpower="one").roll
    (6, 0)
    """
    if pain_willpower not in PAIN_WILLPOWER_CHOICES:
        raise ValueError(f"pain_willpower must be one of {PAIN_WILLPOWER_CHOICES}")
    spent = push_through_pain or burning_willpower
    one = pain_willpower == "one"
    wounds = wound_penalty(health, push_through_pain or (one and spent) or will_to_live)
    fire = 0
    if burning and not burning_spared and not (burning_willpower or (one and spent)):
        fire = BURNING_PENALTY
    return Penalties(wounds, fire, tables.OVERLOADED_DEX_PENALTY if overloaded else 0)
