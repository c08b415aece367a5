"""Calculators of «Лысогорские сказочки» (001), one module per topic of the rules (and of its page):

* :mod:`.checks` — ``lysogorsk-check``;
* :mod:`.damage` — ``lysogorsk-damage``;
* :mod:`.alcohol` — ``lysogorsk-drunkenness``;
* :mod:`.stress` — ``lysogorsk-breakdown``;
* :mod:`.shooting` — ``lysogorsk-area-fire``;
* :mod:`.thrown` — ``lysogorsk-thrown-miss``;
* :mod:`.survival` — ``lysogorsk-survival``.

The numbers come from :mod:`rules_core.lysogorsk.rules` and :mod:`rules_core.lysogorsk.tables`.
"""

from __future__ import annotations

from . import alcohol, checks, damage, shooting, stress, survival, thrown

__all__ = ["CALCULATORS"]

CALCULATORS = [checks.CALCULATOR, damage.CALCULATOR, alcohol.CALCULATOR, stress.CALCULATOR,
               shooting.CALCULATOR, thrown.CALCULATOR, survival.CALCULATOR]
