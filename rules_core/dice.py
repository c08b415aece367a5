"""Exact dice mathematics: a discrete distribution type and seeded rollers.

Everything in ``rules_core`` that involves chance is built on :class:`Dist`, a finite
distribution mapping outcomes to exact :class:`fractions.Fraction` probabilities.
Floats appear only when a result is formatted for display (see ``rules_core.api``).

The World of Darkness d10 pool (:func:`d10_pool`) lives here too, because both the
classic rules (002, 003) and «Мир Тьмы: Сериал» (000) roll it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

__all__ = [
    "Dist",
    "BOTCH_RULES",
    "PoolOutcome",
    "d10_pool",
    "pool_net",
    "roll_d10_pool",
    "Roller",
]


def _sort_key(x: Any) -> tuple:
    # Numbers first in numeric order, then everything else by its repr.
    if isinstance(x, bool):
        return (1, repr(x))
    if isinstance(x, (int, Fraction, float)):
        return (0, x)
    if isinstance(x, tuple):
        return (2, tuple(_sort_key(y) for y in x))
    return (3, repr(x))


class Dist:
    """An exact finite distribution: outcome → Fraction, summing to exactly 1.

    Outcomes are any hashable values. Instances are immutable; every operation returns
    a new distribution. Zero-probability outcomes are dropped.
    """

    __slots__ = ("_p",)

    def __init__(self, probabilities: Mapping[Hashable, Fraction | int]):
        items: dict[Hashable, Fraction] = {}
        for outcome, p in probabilities.items():
            p = Fraction(p)
            if p < 0:
                raise ValueError(f"negative probability for {outcome!r}")
            if p:
                items[outcome] = items.get(outcome, Fraction(0)) + p
        if sum(items.values(), Fraction(0)) != 1:
            raise ValueError("probabilities must sum to exactly 1")
        self._p = dict(sorted(items.items(), key=lambda kv: _sort_key(kv[0])))

    @classmethod
    def _trusted(cls, items: dict[Hashable, Fraction], presorted: bool = False) -> Dist:
        """Build from probabilities already known to be exact and to sum to 1 (derived from
        valid distributions by map/combine): skips the re-summing, drops zeros, sorts
        (unless the caller built ``items`` in order already)."""
        self = object.__new__(cls)
        kept = ((o, p) for o, p in items.items() if p)
        self._p = dict(kept) if presorted else dict(sorted(kept, key=lambda kv: _sort_key(kv[0])))
        return self

    # ---- constructors -------------------------------------------------------------
    @classmethod
    def constant(cls, outcome: Hashable) -> Dist:
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        outcomes = list(outcomes)
        if not outcomes:
            raise ValueError("uniform() needs at least one outcome")
        w = Fraction(1, len(outcomes))
        acc: dict[Hashable, Fraction] = {}
        for o in outcomes:
            acc[o] = acc.get(o, Fraction(0)) + w
        return cls(acc)

    @classmethod
    def die(cls, sides: int) -> Dist:
        """A fair die with faces 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls.uniform(range(1, sides + 1))

    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, int | Fraction]) -> Dist:
        total = sum((Fraction(w) for w in weights.values()), Fraction(0))
        if total <= 0:
            raise ValueError("weights must have a positive sum")
        return cls({o: Fraction(w) / total for o, w in weights.items()})

    @classmethod
    def bernoulli(cls, p: Fraction | int, yes: Hashable = True, no: Hashable = False) -> Dist:
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError("p must be in [0, 1]")
        return cls({yes: p, no: 1 - p})

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction | int, Dist]]) -> Dist:
        """Σ wᵢ·Dᵢ for weights summing to 1 (a two-stage experiment)."""
        acc: dict[Hashable, Fraction] = {}
        for w, d in parts:
            w = Fraction(w)
            if not w:
                continue
            for o, p in d._p.items():
                acc[o] = acc.get(o, Fraction(0)) + w * p
        return cls(acc)

    # ---- access -------------------------------------------------------------------
    def items(self):
        return self._p.items()

    def outcomes(self) -> list:
        return list(self._p)

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self):
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{o!r}: {p}" for o, p in self._p.items())
        return f"Dist({{{inner}}})"

    # ---- transformations ----------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        acc: dict[Hashable, Fraction] = {}
        for o, p in self._p.items():
            k = f(o)
            acc[k] = acc.get(k, Fraction(0)) + p
        return Dist._trusted(acc)

    def bind(self, f: Callable[[Any], Dist]) -> Dist:
        """Two-stage experiment: draw an outcome, then draw from ``f(outcome)``."""
        acc: dict[Hashable, Fraction] = {}
        for o, p in self._p.items():
            for k, q in f(o)._p.items():
                acc[k] = acc.get(k, Fraction(0)) + p * q
        return Dist._trusted(acc)

    def combine(self, other: Dist, f: Callable[[Any, Any], Hashable]) -> Dist:
        """Distribution of ``f(x, y)`` for independent x ~ self, y ~ other."""
        acc: dict[Hashable, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                k = f(a, b)
                acc[k] = acc.get(k, Fraction(0)) + pa * pb
        return Dist._trusted(acc)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a + b)
        return self.map(lambda a: a + other)

    __radd__ = __add__

    def __sub__(self, other: Dist | int) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a - b)
        return self.map(lambda a: a - other)

    def repeat(self, n: int, f: Callable[[Any, Any], Hashable] = lambda a, b: a + b,
               start: Hashable = 0) -> Dist:
        """Fold ``n`` independent copies with ``f`` (default: their sum)."""
        if n < 0:
            raise ValueError("n must be non-negative")
        acc = Dist.constant(start)
        for _ in range(n):
            acc = acc.combine(self, f)
        return acc

    def given(self, event: Callable[[Any], bool]) -> Dist:
        """The conditional distribution given ``event`` (which must be possible)."""
        kept = {o: p for o, p in self._p.items() if event(o)}
        total = sum(kept.values(), Fraction(0))
        if not total:
            raise ValueError("conditioning on an impossible event")
        return Dist({o: p / total for o, p in kept.items()})

    # ---- questions ----------------------------------------------------------------
    def p(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event)."""
        return sum((p for o, p in self._p.items() if event(o)), Fraction(0))

    def p_eq(self, outcome: Hashable) -> Fraction:
        return self[outcome]

    def at_least(self, k) -> Fraction:
        return self.p(lambda o: o >= k)

    def at_most(self, k) -> Fraction:
        return self.p(lambda o: o <= k)

    def mean(self) -> Fraction:
        return sum((Fraction(o) * p for o, p in self._p.items()), Fraction(0))

    def mode(self) -> Hashable:
        """The likeliest outcome (the smallest one on a tie)."""
        best = max(self._p.values())
        return next(o for o, p in self._p.items() if p == best)

    def min(self):
        return min(self._p)

    def max(self):
        return max(self._p)


# ---------------------------------------------------------------------------------
# World of Darkness d10 pools
# ---------------------------------------------------------------------------------

#: Botch rules. ``"revised"``: the roll botches when no die shows a success and at
#: least one die shows 1. ``"second"`` (2nd edition): it botches when 1s outnumber the
#: successes. Both only mean anything when 1s cancel successes (attack-type rolls).
BOTCH_RULES = ("revised", "second")


@dataclass(frozen=True, order=True)
class PoolOutcome:
    """The raw counts of one d10 pool roll."""

    successes: int  # dice showing ≥ difficulty
    ones: int  # dice showing 1


def _check_pool(dice: int, difficulty: int) -> None:
    if not isinstance(dice, int) or dice < 0:
        raise ValueError("dice must be a non-negative integer")
    if not isinstance(difficulty, int) or not 2 <= difficulty <= 10:
        raise ValueError("difficulty must be between 2 and 10")


@lru_cache(maxsize=512)
def d10_counts(dice: int, difficulty: int) -> Dist:
    """Joint distribution of (successes, ones) for ``dice`` d10 at ``difficulty``.

    A face ≥ difficulty is a success; a face of 1 is a one (difficulty ≥ 2, so a one is
    never a success). Exact multinomial: C(n, s)·C(n−s, o)·ps^s·p1^o·pother^(n−s−o).
    """
    _check_pool(dice, difficulty)
    # Integer weights over 10**dice: a success face has 11 − difficulty ways, a one 1 way,
    # any other face difficulty − 2 ways.
    ws, wo = 11 - difficulty, difficulty - 2
    denominator = 10**dice
    acc: dict[PoolOutcome, Fraction] = {}
    for s in range(dice + 1):
        for o in range(dice - s + 1):
            rest = dice - s - o
            weight = comb(dice, s) * comb(dice - s, o) * ws**s * wo**rest
            if weight:
                acc[PoolOutcome(s, o)] = Fraction(weight, denominator)
    return Dist._trusted(acc, presorted=True)  # built in (successes, ones) order


def pool_net(outcome: PoolOutcome, ones_cancel: bool) -> int:
    """Net successes of a roll: successes minus 1s when they cancel, never below 0."""
    if ones_cancel:
        return max(0, outcome.successes - outcome.ones)
    return outcome.successes


def is_botch(outcome: PoolOutcome, ones_cancel: bool, botch_rule: str) -> bool:
    """Whether a roll botches. Rolls in which 1s do not cancel (damage) never botch."""
    if botch_rule not in BOTCH_RULES:
        raise ValueError(f"botch_rule must be one of {BOTCH_RULES}")
    if not ones_cancel:
        return False
    if botch_rule == "revised":
        return outcome.successes == 0 and outcome.ones >= 1
    return outcome.ones > outcome.successes


def d10_pool(dice: int, difficulty: int, ones_cancel: bool = True,
             botch_rule: str = "revised") -> Dist:
    """Distribution of a pool's result: net successes (int ≥ 0) or the string ``"botch"``."""
    if botch_rule not in BOTCH_RULES:
        raise ValueError(f"botch_rule must be one of {BOTCH_RULES}")
    return d10_counts(dice, difficulty).map(
        lambda o: "botch" if is_botch(o, ones_cancel, botch_rule) else pool_net(o, ones_cancel)
    )


def net_successes(dice: int, difficulty: int, ones_cancel: bool = True) -> Dist:
    """Distribution of net successes (a botch counts as 0)."""
    return d10_counts(dice, difficulty).map(lambda o: pool_net(o, ones_cancel))


# ---------------------------------------------------------------------------------
# Seeded rolling
# ---------------------------------------------------------------------------------

class Roller:
    """A seeded source of dice. ``Roller(seed)`` repeats; ``Roller()`` is fresh.

    Under a Pyodide memory snapshot the global ``random`` state is frozen into the
    snapshot, so a roller without a seed draws its seed from ``os.urandom``.
    """

    def __init__(self, seed: int | None = None):
        if seed is None:
            import os

            seed = int.from_bytes(os.urandom(8), "big")
        self.seed = seed
        self._rng = random.Random(seed)

    def die(self, sides: int) -> int:
        return self._rng.randint(1, sides)

    def dice(self, n: int, sides: int) -> list[int]:
        return [self.die(sides) for _ in range(n)]


def roll_d10_pool(roller: Roller, dice: int, difficulty: int, ones_cancel: bool = True,
                  botch_rule: str = "revised") -> dict:
    """Roll a d10 pool: the faces and what they mean, consistent with :func:`d10_pool`."""
    _check_pool(dice, difficulty)
    faces = roller.dice(dice, 10)
    outcome = PoolOutcome(sum(f >= difficulty for f in faces), faces.count(1))
    botch = is_botch(outcome, ones_cancel, botch_rule)
    return {
        "faces": faces,
        "successes": outcome.successes,
        "ones": outcome.ones,
        "net": pool_net(outcome, ones_cancel),
        "botch": botch,
    }
