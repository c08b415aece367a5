"""«Мир Тьмы: Сериал» (source 000): the house combat rules as exact, tested functions.

* :mod:`.tables` — the rule tables as data (pages and calculators read the same rows).
* :mod:`.rules` — every mechanic of 000 that has numbers, one function each.
* :mod:`.calculators` — a package, one module per calculator: ``serial-damage``, ``serial-death-door``,
  ``serial-attack``, ``serial-explosion``, ``serial-initiative``, ``serial-wounds``, ``serial-burning``,
  ``serial-ambush``, ``serial-contest``.

Every roll is the World of Darkness d10 pool of :mod:`rules_core.wod.pool`.
"""
