"""«Лысогорские сказочки» (source 001): 2d6 + attribute + skill against a difficulty (УС 0–15).

* :mod:`.tables` — every numeric table of the source as data (pages and calculators read it);
* :mod:`.rules` — the rules as exact distributions (checks, hits and wound levels, damage,
  drunkenness, the nervous breakdown, the thrown-miss table);
* :mod:`.calculators` — ``lysogorsk-check``, ``lysogorsk-damage``, ``lysogorsk-drunkenness``,
  ``lysogorsk-breakdown``, ``lysogorsk-area-fire``, ``lysogorsk-thrown-miss``.
"""
