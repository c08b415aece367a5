"""The exact distribution type and the seeded roller."""

from fractions import Fraction
from math import gcd

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from rules_core.dice import Dist, Roller
from rules_core.wod.pool import roll_d10_pool


def test_die_and_sum():
    two_d6 = Dist.die(6) + Dist.die(6)
    assert two_d6[7] == Fraction(1, 6)
    assert two_d6.mean() == 7
    assert two_d6.at_least(11) == Fraction(3, 36)
    assert two_d6.mode() == 7


def test_map_bind_mixture_given():
    d = Dist.die(6)
    assert d.map(lambda x: x % 2)[0] == Fraction(1, 2)
    # bind: roll a d6, then roll that many coins; P(no heads)
    heads = d.bind(lambda n: Dist.bernoulli(Fraction(1, 2), 1, 0).repeat(n))
    assert heads[0] == sum(Fraction(1, 6) * Fraction(1, 2**n) for n in range(1, 7))
    m = Dist.mixture([(Fraction(1, 3), Dist.constant("a")), (Fraction(2, 3), Dist.constant("b"))])
    assert m["b"] == Fraction(2, 3)
    assert d.given(lambda x: x > 4) == Dist.uniform([5, 6])


def test_invalid_distributions_rejected():
    with pytest.raises(ValueError):
        Dist({1: Fraction(1, 2)})
    with pytest.raises(ValueError):
        Dist({1: Fraction(3, 2), 2: Fraction(-1, 2)})
    with pytest.raises(ValueError):
        Dist.die(6).given(lambda x: x > 6)


def test_roller_is_seeded_and_consistent():
    a = roll_d10_pool(Roller(42), 10, 6)
    b = roll_d10_pool(Roller(42), 10, 6)
    assert a == b
    assert len(a["faces"]) == 10 and all(1 <= f <= 10 for f in a["faces"])
    assert a["successes"] == sum(f >= 6 for f in a["faces"])
    assert a["net"] == max(0, a["successes"] - a["faces"].count(1))
    assert Roller().seed != Roller().seed


def test_roller_frequencies_match_distribution():
    roller = Roller(7)
    n = 4000
    hits = sum(roll_d10_pool(roller, 3, 6)["net"] >= 1 for _ in range(n))
    assert abs(hits / n - 0.74) < 0.03


# ---- the integer-weight representation -----------------------------------------------------

weights_st = st.dictionaries(st.integers(-5, 12), st.integers(0, 40), min_size=1, max_size=6).filter(
    lambda w: sum(w.values()) > 0)


@settings(max_examples=80, deadline=None)
@given(weights_st)
def test_weights_are_in_lowest_terms_and_sum_to_the_denominator(w):
    d = Dist.from_weights(w)
    ws = [x for _, x in d.weights()]
    assert sum(ws) == d.denominator() and gcd(*ws) == 1 and all(x > 0 for x in ws)
    total = sum(w.values())
    assert dict(d.items()) == {o: Fraction(x, total) for o, x in w.items() if x}
    # every way of building the same law gives an equal (and equally hashed) distribution
    same = Dist({o: Fraction(x, total) for o, x in w.items()})
    assert same == d and hash(same) == hash(d) and repr(same) == repr(d)
    assert d.outcomes() == sorted(d.outcomes())
    assert sum(p for _, p in d.items()) == 1


@settings(max_examples=60, deadline=None)
@given(weights_st, weights_st)
def test_sum_and_max_match_icepool(a, b):
    da, db = Dist.from_weights(a), Dist.from_weights(b)
    ia = icepool.Die({o: x for o, x in a.items() if x})
    ib = icepool.Die({o: x for o, x in b.items() if x})
    for ours, theirs in ((da + db, ia + ib), (da.combine(db, max), icepool.highest(ia, ib)),
                         (da - db, ia - ib)):
        den = theirs.denominator()
        assert dict(ours.items()) == {o: Fraction(q, den) for o, q in theirs.items() if q}
    assert (da + db).mean() == Fraction(ia.mean()) + Fraction(ib.mean())


@settings(max_examples=60, deadline=None)
@given(weights_st, st.integers(0, 3))
def test_bind_mixture_and_repeat_agree(w, n):
    d = Dist.from_weights(w)
    coin = Dist.bernoulli(Fraction(1, 3), 1, 0)
    by_bind = coin.bind(lambda c: d if c else Dist.constant("none"))
    by_mixture = Dist.mixture([(Fraction(1, 3), d), (Fraction(2, 3), Dist.constant("none"))])
    assert by_bind == by_mixture
    assert d.repeat(n) == sum((d for _ in range(n)), Dist.constant(0))
    assert d.given(lambda o: True) == d
    assert d.map(lambda o: o) == d
