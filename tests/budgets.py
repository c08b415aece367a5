"""The size budgets of the built site (tests/test_budgets.py checks them; tests/test_build_runtime.py
the wheel's too), and their history.

Budgets are the measured sizes of November 2026 (bench/results.json) plus headroom:
wheel 152 101 B → 200 000 B; snapshot 6.56 MB gzipped → 8 MB; the whole precache 27.0 MB →
30 MB (the runtime and the snapshot are 26 MB of it: pages can still grow by about 3 MB).
With the English side merged (fallback pages under en/, 5.8 MB, and their search index) the
precache measured 33.6 MB; budget 36 MB. With the scene engine (rules_core.scene: 47 kB
of the wheel) the wheel measured 204 903 B; budget 240 000 B. With the calculators of the missing rules (eight
new ones for «Сериал» and the classic rules, +35 kB; ten for «Лысогорск» and Codex with four scene
actions, +44 kB; their readings and docstrings) the wheel measured 313 207 B; budget 340 000 B; and
the precache 39.1 MB (a calculator page is about 130 kB in each language: the eighteen new ones
add about 4.7 MB); budget 41 MB. With one module per calculator in every system (23 more files in
the wheel; zip compresses each file on its own, about 1.1 kB a module) the wheel measured
349 097 B; budget 365 000 B. With the rules' third pass (five new calculators: Lysogorsk initiative and
temporary damage, Codex abilities and injury tokens, and the pain shock, «Яд наги» and a dozen readings with their
switches in the existing ones; the rule that names a value given where it does not apply) the wheel measured
379 190 B; budget 400 000 B; and the precache 41.2 MB (ten more calculator pages); budget 43 MB.
With every reading of the sources declared as a record (four ``readings.py`` modules, 117 records each with its
quote and source line; the labels, choices and help they hold left the calculators) the wheel measured 474 261 B;
budget 490 000 B. With the two big rules modules split by the source's sections (``serial/rules/``, 13 modules;
``lysogorsk/rules/``, 15; each compressed on its own, their imports of one another, about 0.9 kB a module) the wheel
measured 499 569 B; budget 515 000 B. (The snapshot seemed to grow with them, 6.90 to 7.32 MB gzipped, and once to 8.2:
the build zeroed no free block once the heap's break stood within 64 KiB of the memory's end; make_snapshot.mjs now
stops the memory growing instead, and the snapshot is 6.9 MB with 120 modules, the precache 42.7 MB.)
With the scene's «cannot act» (each state's words of the source and their line, the refusals, the card's and
the bar's words), «Горит!» as one action and the tie roll's preview add about 3.4 kB to the wheel (462 648 B
against 459 222 B before the readings' records); the budget above holds it.
"""

from __future__ import annotations

WHEEL_BUDGET = 515_000  # measured 499 569 B: the rules split by section (490 000 before); + ~1.2 kB of refusals' words
SNAPSHOT_GZ_BUDGET = 8_000_000
SNAPSHOT_RAW_BUDGET = 40 * 1048576
PRECACHE_BUDGET = 43_000_000  # measured 42.7 MB with every branch of December 5th (41.2 MB with 43 MB then)
