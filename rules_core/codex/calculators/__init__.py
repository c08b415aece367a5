"""Calculators of «Codex of…» (004), one module per topic:

* :mod:`.shared` — the bounds, the skill's parameters and the success roll every calculator makes;
* :mod:`.success_roll` — ``codex-roll`` (with rerolls from the preparation and armor's mobility penalty);
* :mod:`.attack` — ``codex-attack`` (with the shield's points);
* :mod:`.counteraction` — ``codex-counteraction``;
* :mod:`.consequences` — ``codex-consequences``;
* :mod:`.counters` — ``codex-counters``;
* :mod:`.abilities` — ``codex-ability``;
* :mod:`.tokens` — ``codex-tokens``.

The rules and every reading chosen where the source is open are in :mod:`rules_core.codex.rules`.
"""

from __future__ import annotations

from . import abilities, attack, consequences, counteraction, counters, success_roll, tokens
from .attack import ATTACK_KIND_WORDS, ATTACK_PARAMS, attack_kind_options, weapon_options
from .consequences import CONSEQUENCE_PARAMS
from .counteraction import COUNTER_PARAMS
from .counters import COUNTERS_PARAMS, MAX_DIVISIONS
from .shared import MAX_DIFFICULTY, MAX_ED6
from .success_roll import MAX_REROLLS, MAX_SPLIT, ROLL_PARAMS
from .abilities import ABILITY_PARAMS
from .tokens import TOKENS_PARAMS

__all__ = ["MAX_ED6", "MAX_REROLLS", "MAX_SPLIT", "MAX_DIFFICULTY", "MAX_DIVISIONS", "ROLL_PARAMS", "ATTACK_KIND_WORDS",
           "attack_kind_options", "weapon_options", "ATTACK_PARAMS",
           "COUNTER_PARAMS", "CONSEQUENCE_PARAMS", "COUNTERS_PARAMS", "ABILITY_PARAMS", "TOKENS_PARAMS", "CALCULATORS"]

#: the registration: every calculator of the system, in the page's order (each declared in its module)
CALCULATORS = [
    success_roll.CALCULATOR,
    attack.CALCULATOR,
    counteraction.CALCULATOR,
    consequences.CALCULATOR,
    counters.CALCULATOR,
    abilities.CALCULATOR,
    tokens.CALCULATOR,
]
