"""Calculators of the classic World of Darkness rules (sources 002 and 003; the d10 pool is shared
with «Сериал»), one module per topic:

* :mod:`.shared` — the bound of a pool and the botch rules in words;
* :mod:`.pool` — ``wod-pool``;
* :mod:`.soak` — ``wod-soak`` and the soak parameters the attack and the ``armor`` calculator share;
* :mod:`.attack` — ``wod-classic-attack``;
* :mod:`.ambush` — ``wod-ambush``;
* :mod:`.knockdown` — ``wod-knockdown``;
* :mod:`.armor` — ``wod-armor``.

The rules and the readings chosen are in :mod:`rules_core.wod.rules`.
"""

from __future__ import annotations

from . import ambush, armor, attack, knockdown, pool, soak
from .attack import (ATTACK_PARAMS, AUTOMATIC_MANEUVERS, MAX_SHOTS, SUCCESSES_ADD_MANEUVERS, cover_mod, maneuver_mods,
                     weapon_damage, weapon_difficulty_mod)
from .pool import POOL_PARAMS
from .shared import BOTCH_RULE_OPTIONS, MAX_POOL
from .soak import (ARMOR_OPTIONS, DAMAGE_TYPE_OPTIONS, SOAK_PARAMS, TARGET_OPTIONS,
                   body_cannot_soak, soak_notes)

__all__ = ["MAX_POOL", "POOL_PARAMS", "CALCULATORS", "DAMAGE_TYPE_OPTIONS", "TARGET_OPTIONS", "ARMOR_OPTIONS",
           "body_cannot_soak", "soak_notes", "BOTCH_RULE_OPTIONS", "SOAK_PARAMS",
           "AUTOMATIC_MANEUVERS", "SUCCESSES_ADD_MANEUVERS", "MAX_SHOTS",
           "maneuver_mods", "cover_mod", "weapon_damage", "weapon_difficulty_mod", "ATTACK_PARAMS"]

#: the registration: every calculator of the system, in the page's order (each declared in its module)
CALCULATORS = [
    pool.CALCULATOR,
    soak.CALCULATOR,
    attack.CALCULATOR,
    ambush.CALCULATOR,
    knockdown.CALCULATOR,
    armor.CALCULATOR,
]
