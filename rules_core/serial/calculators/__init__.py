"""Calculators of «Мир Тьмы: Сериал» (source 000), one module per topic:

* :mod:`.shared` — the bounds of the inputs and the parameters several calculators share;
* :mod:`.damage` — ``serial-damage``;
* :mod:`.death_door` — ``serial-death-door`` and the step to it from a result;
* :mod:`.attack` — ``serial-attack``;
* :mod:`.explosion` — ``serial-explosion``;
* :mod:`.initiative` — ``serial-initiative``;
* :mod:`.wounds` — ``serial-wounds``;
* :mod:`.burning` — ``serial-burning``;
* :mod:`.ambush` — ``serial-ambush``;
* :mod:`.contest` — ``serial-contest``.

All numbers come from :mod:`rules_core.serial.rules` and :mod:`rules_core.serial.tables`;
every reading of a gap in the source is a switch here (see the constants in ``rules``).
"""

from __future__ import annotations

from . import ambush, attack, burning, contest, damage, death_door, explosion, initiative, wounds
from .attack import ATTACK_MANEUVERS, ATTACK_PARAMS, PARRY_WEAPONS, attack_numbers, attack_outcome
from .damage import DAMAGE_PARAMS
from .death_door import DOOR_PARAMS, door_step
from .explosion import EXPLOSION_PARAMS
from .shared import (BELOW_ONE_PARAM, EXCESS_BURNS_PARAM, MAX_ABSORPTION, MAX_HEALTH, MAX_PORTION, MAX_POOL,
                     MAX_STAMINA, NEGATIVE_RULE_PARAM, ONES_PARAM, TAG_PARAM, TWO_RESISTANCES_PARAM)

__all__ = ["MAX_POOL", "MAX_HEALTH", "MAX_ABSORPTION", "MAX_STAMINA", "MAX_PORTION", "TAG_PARAM",
           "TWO_RESISTANCES_PARAM", "ONES_PARAM",
           "NEGATIVE_RULE_PARAM", "EXCESS_BURNS_PARAM", "BELOW_ONE_PARAM", "DAMAGE_PARAMS", "DOOR_PARAMS",
           "ATTACK_MANEUVERS", "PARRY_WEAPONS", "ATTACK_PARAMS", "attack_numbers", "attack_outcome", "EXPLOSION_PARAMS",
           "door_step",
           "CALCULATORS"]

#: the registration: every calculator of the system, in the page's order (each declared in its module)
CALCULATORS = [
    damage.CALCULATOR,
    death_door.CALCULATOR,
    attack.CALCULATOR,
    explosion.CALCULATOR,
    initiative.CALCULATOR,
    wounds.CALCULATOR,
    burning.CALCULATOR,
    ambush.CALCULATOR,
    contest.CALCULATOR,
]
