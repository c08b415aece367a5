"""«Лысогорские сказочки» (source 001): 2d6 + attribute + skill against a difficulty (УС 0–15).

* :mod:`.tables` — every numeric table of the source as named records (pages and calculators
  read them);
* :mod:`.rules` — the rules as exact distributions (checks, hits and wound levels, damage,
  drunkenness, the nervous breakdown, the thrown-miss table, suffocation, hunger, sleep);
* :mod:`.calculators` — a package, one module per topic: ``lysogorsk-check``,
  ``lysogorsk-damage``, ``lysogorsk-drunkenness``, ``lysogorsk-breakdown``,
  ``lysogorsk-area-fire``, ``lysogorsk-thrown-miss``, ``lysogorsk-survival``.
"""
