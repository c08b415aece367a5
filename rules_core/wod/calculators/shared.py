"""What several classic World of Darkness calculators share: the bound of a pool, the botch rules
in words.
"""

from __future__ import annotations

from ..pool import BOTCH_RULES

__all__ = ["MAX_POOL", "BOTCH_RULE_OPTIONS"]

MAX_POOL = 30

#: The botch rules (:data:`~rules_core.wod.pool.BOTCH_RULES`) as a switch's options, in words.
BOTCH_RULE_OPTIONS = [
    ("revised", "Ни одного успеха и хотя бы одна «1»", "No success and at least one 1"),
    ("second", "Единиц больше, чем успехов", "More 1s than successes"),
]
assert [v for v, _, _ in BOTCH_RULE_OPTIONS] == list(BOTCH_RULES)
