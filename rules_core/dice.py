"""Exact dice mathematics: the distribution type :class:`Dist` and the seeded :class:`Roller`.

Everything in ``rules_core`` that involves chance is built on :class:`Dist`. It stores a
distribution the way exact dice libraries do (icepool, for one): a positive integer weight
per outcome over one common denominator, the sum of the weights. Arithmetic on distributions
is integer arithmetic; a :class:`fractions.Fraction` appears only where a probability leaves
the type (:meth:`Dist.__getitem__`, :meth:`Dist.p`, :meth:`Dist.mean`, :meth:`Dist.items` …).
Floats appear only when a result is formatted for display (``rules_core.spec.prob``).

>>> two_d6 = Dist.die(6) + Dist.die(6)
>>> two_d6[7], two_d6.denominator(), two_d6.weight(7)
(Fraction(1, 6), 36, 6)
>>> two_d6.at_least(11)
Fraction(1, 12)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import gcd, lcm
from typing import Any

__all__ = ["Dist", "Roller"]


def _sort_key(x: Any) -> tuple:
    """The order outcomes are listed in: numbers first in numeric order, then booleans,
    tuples element by element, everything else by its repr."""
    if isinstance(x, bool):
        return (1, repr(x))
    if isinstance(x, (int, Fraction, float)):
        return (0, x)
    if isinstance(x, tuple):
        return (2, tuple(_sort_key(y) for y in x))
    return (3, repr(x))


class Dist:
    """An exact finite distribution: outcome → positive integer weight over a common denominator.

    Outcomes are any hashable values, listed in a fixed order (numbers ascending first).
    Instances are immutable; every operation returns a new distribution. Outcomes of zero
    probability are dropped, and the weights are kept in lowest terms (their greatest common
    divisor is 1), so two equal distributions have equal weights.

    >>> coin = Dist.bernoulli(Fraction(1, 2), "heads", "tails")
    >>> coin
    Dist({'heads': 1/2, 'tails': 1/2})
    >>> Dist({1: Fraction(1, 4), 2: Fraction(3, 4)}).weights()
    [(1, 1), (2, 3)]
    """

    __slots__ = ("_w", "_den", "_ordered", "_probs")

    def __init__(self, probabilities: Mapping[Hashable, Fraction | int]):
        """Build from exact probabilities that sum to exactly 1 (raises ``ValueError`` else)."""
        probs: dict[Hashable, Fraction] = {}
        for outcome, p in probabilities.items():
            p = Fraction(p)
            if p < 0:
                raise ValueError(f"negative probability for {outcome!r}")
            if p:
                probs[outcome] = probs.get(outcome, Fraction(0)) + p
        if sum(probs.values(), Fraction(0)) != 1:
            raise ValueError("probabilities must sum to exactly 1")
        den = lcm(*(p.denominator for p in probs.values()))
        self._set({o: p.numerator * (den // p.denominator) for o, p in probs.items()}, den)

    def _set(self, weights: dict, den: int, ordered: bool = False) -> None:
        """Store positive ``weights`` summing to ``den``, reduced to lowest terms."""
        if len(weights) == 1:
            weights, den = dict.fromkeys(weights, 1), 1
        else:
            g = gcd(*weights.values())
            if g != 1:
                weights = {o: w // g for o, w in weights.items()}
                den //= g
        self._w, self._den, self._ordered, self._probs = weights, den, ordered, {}

    @classmethod
    def _make(cls, weights: dict, ordered: bool = False) -> Dist:
        """A distribution from positive integer weights already checked (derived from valid
        distributions); ``ordered``: the caller built them in :func:`_sort_key` order."""
        self = object.__new__(cls)
        self._set(weights, sum(weights.values()), ordered)
        return self

    def _order(self) -> dict:
        """The weights in listing order (sorted once, when an order is first observed)."""
        if not self._ordered:
            self._w = dict(sorted(self._w.items(), key=lambda kv: _sort_key(kv[0])))
            self._ordered = True
        return self._w

    # ---- constructors -------------------------------------------------------------
    @classmethod
    def constant(cls, outcome: Hashable) -> Dist:
        """The outcome for certain.

        >>> Dist.constant(3).items()
        [(3, Fraction(1, 1))]
        """
        return cls._make({outcome: 1}, ordered=True)

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely (an outcome listed twice is twice as likely).

        >>> Dist.uniform(["a", "a", "b"])["a"]
        Fraction(2, 3)
        """
        weights: dict[Hashable, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        if not weights:
            raise ValueError("uniform() needs at least one outcome")
        return cls._make(weights)

    @classmethod
    def die(cls, sides: int) -> Dist:
        """A fair die with faces 1..sides.

        >>> Dist.die(6).mean()
        Fraction(7, 2)
        """
        if sides < 1:
            raise ValueError("a die needs at least one side")
        return cls._make(dict.fromkeys(range(1, sides + 1), 1), ordered=True)

    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, int | Fraction]) -> Dist:
        """Outcomes in proportion to non-negative weights (integers or fractions).

        >>> Dist.from_weights({"hit": 3, "miss": 1})["hit"]
        Fraction(3, 4)
        """
        if all(type(w) is int for w in weights.values()):
            scaled = dict(weights)
        else:
            fractions = {o: Fraction(w) for o, w in weights.items()}
            den = lcm(*(w.denominator for w in fractions.values()))
            scaled = {o: w.numerator * (den // w.denominator) for o, w in fractions.items()}
        if sum(scaled.values()) <= 0:
            raise ValueError("weights must have a positive sum")
        for o, w in scaled.items():
            if w < 0:
                raise ValueError(f"negative probability for {o!r}")
        return cls._make({o: w for o, w in scaled.items() if w})

    @classmethod
    def bernoulli(cls, p: Fraction | int, yes: Hashable = True, no: Hashable = False) -> Dist:
        """``yes`` with probability ``p``, else ``no``.

        >>> Dist.bernoulli(Fraction(1, 3), 1, 0)
        Dist({0: 2/3, 1: 1/3})
        """
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError("p must be in [0, 1]")
        weights = {yes: p.numerator} if p else {}
        if p != 1:
            weights[no] = weights.get(no, 0) + p.denominator - p.numerator
        return cls._make(weights)

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction | int, Dist]]) -> Dist:
        """Σ wᵢ·Dᵢ for weights summing to 1 (a two-stage experiment).

        >>> Dist.mixture([(Fraction(1, 4), Dist.constant("a")), (Fraction(3, 4), Dist.die(2))])["a"]
        Fraction(1, 4)
        """
        kept = [(Fraction(w), d) for w, d in parts]
        kept = [(w, d) for w, d in kept if w]
        if not kept:
            raise ValueError("probabilities must sum to exactly 1")
        den = lcm(*(w.denominator * d._den for w, d in kept))
        weights: dict[Hashable, int] = {}
        for w, d in kept:
            scale = w.numerator * (den // (w.denominator * d._den))
            for o, x in d._w.items():
                weights[o] = weights.get(o, 0) + scale * x
        for o, x in weights.items():
            if x < 0:
                raise ValueError(f"negative probability for {o!r}")
        weights = {o: x for o, x in weights.items() if x}
        if sum(weights.values()) != den:
            raise ValueError("probabilities must sum to exactly 1")
        return cls._make(weights)

    # ---- access -------------------------------------------------------------------
    def items(self) -> list[tuple[Any, Fraction]]:
        """(outcome, probability) pairs in listing order."""
        return [(o, self[o]) for o in self._order()]

    def weights(self) -> list[tuple[Any, int]]:
        """(outcome, integer weight) pairs in listing order; the weights sum to
        :meth:`denominator`."""
        return list(self._order().items())

    def weight(self, outcome: Hashable) -> int:
        """The integer weight of ``outcome`` (0 when impossible)."""
        return self._w.get(outcome, 0)

    def denominator(self) -> int:
        """The common denominator: the sum of the weights."""
        return self._den

    def outcomes(self) -> list:
        """The possible outcomes in listing order."""
        return list(self._order())

    def __getitem__(self, outcome: Hashable) -> Fraction:
        """P(outcome); 0 for an outcome that cannot happen."""
        p = self._probs.get(outcome)
        if p is None:
            p = self._probs[outcome] = Fraction(self._w.get(outcome, 0), self._den)
        return p

    def __iter__(self) -> Iterator:
        """The outcomes in listing order."""
        return iter(self._order())

    def __len__(self) -> int:
        """The number of possible outcomes."""
        return len(self._w)

    def __eq__(self, other: object) -> bool:
        """Equal when the same outcomes have the same probabilities."""
        return isinstance(other, Dist) and self._den == other._den and self._w == other._w

    def __hash__(self) -> int:
        return hash((self._den, frozenset(self._w.items())))

    def __repr__(self) -> str:
        inner = ", ".join(f"{o!r}: {p}" for o, p in self.items())
        return f"Dist({{{inner}}})"

    # ---- transformations ----------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """The distribution of ``f(outcome)``.

        >>> Dist.die(6).map(lambda x: x % 2)
        Dist({0: 1/2, 1: 1/2})
        """
        acc: dict[Hashable, int] = {}
        for o, w in self._w.items():
            k = f(o)
            acc[k] = acc.get(k, 0) + w
        return Dist._make(acc)

    def bind(self, f: Callable[[Any], Dist]) -> Dist:
        """Two-stage experiment: draw an outcome, then draw from ``f(outcome)``.

        >>> Dist.die(2).bind(lambda n: Dist.die(n))[1]
        Fraction(3, 4)
        """
        stages = [(w, f(o)) for o, w in self._w.items()]
        den = lcm(*(d._den for _, d in stages))
        acc: dict[Hashable, int] = {}
        for w, d in stages:
            scale = w * (den // d._den)
            for k, x in d._w.items():
                acc[k] = acc.get(k, 0) + scale * x
        return Dist._make(acc)

    def combine(self, other: Dist, f: Callable[[Any, Any], Hashable]) -> Dist:
        """Distribution of ``f(x, y)`` for independent x ~ self, y ~ other.

        >>> Dist.die(2).combine(Dist.die(2), max)
        Dist({1: 1/4, 2: 3/4})
        """
        acc: dict[Hashable, int] = {}
        theirs = other._w.items()
        for a, wa in self._w.items():
            for b, wb in theirs:
                k = f(a, b)
                acc[k] = acc.get(k, 0) + wa * wb
        return Dist._make(acc)

    def __add__(self, other: Dist | int) -> Dist:
        """The sum of independent outcomes, or every outcome shifted by a number."""
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a + b)
        return self.map(lambda a: a + other)

    __radd__ = __add__

    def __sub__(self, other: Dist | int) -> Dist:
        """The difference of independent outcomes, or every outcome shifted down by a number."""
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a - b)
        return self.map(lambda a: a - other)

    def repeat(self, n: int, f: Callable[[Any, Any], Hashable] = lambda a, b: a + b,
               start: Hashable = 0) -> Dist:
        """Fold ``n`` independent copies with ``f`` (default: their sum).

        >>> Dist.bernoulli(Fraction(1, 2), 1, 0).repeat(3)[2]
        Fraction(3, 8)
        """
        if n < 0:
            raise ValueError("n must be non-negative")
        acc = Dist.constant(start)
        for _ in range(n):
            acc = acc.combine(self, f)
        return acc

    def given(self, event: Callable[[Any], bool]) -> Dist:
        """The conditional distribution given ``event`` (which must be possible).

        >>> Dist.die(6).given(lambda x: x > 4)
        Dist({5: 1/2, 6: 1/2})
        """
        kept = {o: w for o, w in self._w.items() if event(o)}
        if not kept:
            raise ValueError("conditioning on an impossible event")
        return Dist._make(kept, self._ordered)

    # ---- questions ----------------------------------------------------------------
    def p(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event).

        >>> Dist.die(6).p(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        return Fraction(sum(w for o, w in self._w.items() if event(o)), self._den)

    def p_eq(self, outcome: Hashable) -> Fraction:
        """P(outcome), the same as ``self[outcome]``."""
        return self[outcome]

    def at_least(self, k) -> Fraction:
        """P(outcome ≥ k)."""
        return self.p(lambda o: o >= k)

    def at_most(self, k) -> Fraction:
        """P(outcome ≤ k)."""
        return self.p(lambda o: o <= k)

    def mean(self) -> Fraction:
        """The expected value of numeric outcomes, exactly."""
        total = 0
        for o, w in self._w.items():
            total += (o if type(o) is int else Fraction(o)) * w
        return Fraction(total, self._den)

    def mode(self) -> Hashable:
        """The likeliest outcome (the first in listing order on a tie).

        >>> (Dist.die(6) + Dist.die(6)).mode()
        7
        """
        weights = self._order()
        best = max(weights.values())
        return next(o for o, w in weights.items() if w == best)

    def min(self):
        """The smallest outcome."""
        return min(self._w)

    def max(self):
        """The largest outcome."""
        return max(self._w)


# ---------------------------------------------------------------------------------
# Seeded rolling
# ---------------------------------------------------------------------------------

class Roller:
    """A seeded source of dice. ``Roller(seed)`` repeats; ``Roller()`` is fresh.

    Under a Pyodide memory snapshot the global ``random`` state is frozen into the
    snapshot, so a roller without a seed draws its seed from ``os.urandom``.

    >>> Roller(7).dice(3, 6) == Roller(7).dice(3, 6)
    True
    """

    def __init__(self, seed: int | None = None):
        """A roller seeded with ``seed`` (kept in :attr:`seed`), or with a fresh random seed."""
        if seed is None:
            import os

            seed = int.from_bytes(os.urandom(8), "big")
        self.seed = seed
        self._rng = random.Random(seed)

    def die(self, sides: int) -> int:
        """One die: a face 1..sides."""
        return self._rng.randint(1, sides)

    def dice(self, n: int, sides: int) -> list[int]:
        """``n`` dice of ``sides`` faces, in the order rolled."""
        return [self.die(sides) for _ in range(n)]
