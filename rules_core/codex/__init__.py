"""«Codex of…» (source 004): a d6 system of action dice (AD6), preparation dice (ED6) and LV.

* :mod:`.tables` — the source's tables as named records;
* :mod:`.rules` — the success roll, stress, FLAX, hit difficulty, armor and the endurance track;
* :mod:`.calculators` — a package, one module per calculator: ``codex-roll``, ``codex-attack``,
  ``codex-counteraction``, ``codex-consequences``, ``codex-counters``.
"""
