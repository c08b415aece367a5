"""Calculators of «Лысогорские сказочки» (001), one module per topic of the rules (and of its page):

* :mod:`.checks` — ``lysogorsk-check``;
* :mod:`.damage` — ``lysogorsk-damage``;
* :mod:`.wounds` — ``lysogorsk-wounds``;
* :mod:`.temporary` — ``lysogorsk-temporary``;
* :mod:`.combat` — ``lysogorsk-actions``;
* :mod:`.initiative` — ``lysogorsk-initiative``;
* :mod:`.alcohol` — ``lysogorsk-drunkenness``;
* :mod:`.stress` — ``lysogorsk-stress``, ``lysogorsk-breakdown``;
* :mod:`.shooting` — ``lysogorsk-shot``, ``lysogorsk-area-fire``;
* :mod:`.thrown` — ``lysogorsk-thrown-miss``;
* :mod:`.survival` — ``lysogorsk-survival``;
* :mod:`.attributes` — ``lysogorsk-recovery``;
* :mod:`.magic` — ``lysogorsk-ritual``.

The numbers come from :mod:`rules_core.lysogorsk.rules` and :mod:`rules_core.lysogorsk.tables`.
"""

from __future__ import annotations

from . import (alcohol, attributes, checks, combat, damage, initiative, magic, shooting, stress, survival, temporary,
               thrown, wounds)

__all__ = ["CALCULATORS"]

#: the registration: every calculator of the system, in the page's order (each declared in its module)
CALCULATORS = [
    checks.CALCULATOR,
    damage.CALCULATOR,
    alcohol.CALCULATOR,
    stress.BREAKDOWN_CALCULATOR,
    shooting.AREA_FIRE_CALCULATOR,
    thrown.CALCULATOR,
    survival.CALCULATOR,
    wounds.CALCULATOR,
    temporary.CALCULATOR,
    combat.CALCULATOR,
    initiative.CALCULATOR,
    stress.STRESS_CALCULATOR,
    shooting.SHOT_CALCULATOR,
    attributes.CALCULATOR,
    magic.CALCULATOR,
]
