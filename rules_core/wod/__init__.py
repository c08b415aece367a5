"""Classic World of Darkness (sources 002 and 003).

* :mod:`.pool` — the d10 pool, exactly and rolled («Мир Тьмы: Сериал» rolls it too);
* :mod:`.tables` — the rule tables of 003 as data (pages and calculators read the same records);
* :mod:`.rules` — soak, armor, stunning («Оглушен»), one attack, several shots, automatic fire, cover;
* :mod:`.calculators` — a package, one module per calculator: ``wod-pool``, ``wod-soak``,
  ``wod-classic-attack``, ``wod-ambush``, ``wod-knockdown``, ``wod-armor``.
"""
