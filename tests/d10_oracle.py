"""The independent oracle the rules tests share: the World of Darkness d10 pool in icepool, and the
small readers of the API's JSON."""

from __future__ import annotations

from fractions import Fraction

import icepool

from rules_core import api


def F(p: dict) -> Fraction:
    """An exact probability or number of the API's JSON."""
    n, d = map(int, p["exact"].split("/"))
    return Fraction(n, d)


def errors(calc: str, params: dict) -> list[dict]:
    """The errors a request gets (it must be refused)."""
    r = api.handle({"op": "run", "id": calc, "params": params})
    assert not r["ok"], r
    return r["errors"]


def net(n: int, d: int = 6, ones: bool = True) -> icepool.Die:
    """Net successes of n d10 at difficulty d, 1s cancelling (or not), never below 0."""
    if n == 0:
        return icepool.Die([0])
    face = icepool.d10.map(lambda x: 1 if x >= d else (-1 if x == 1 and ones else 0))
    return (n @ face).map(lambda v: max(0, v))


def raw(n: int, d: int = 6) -> icepool.Die:
    """(successes, ones) of n d10, as a vector — for the botch of the revised rule."""
    if n == 0:
        return icepool.Die([icepool.Vector((0, 0))])
    face = icepool.d10.map(lambda x: icepool.Vector((1 if x >= d else 0, 1 if x == 1 else 0)))
    return n @ face


def p(die: icepool.Die, pred) -> Fraction:
    """P(pred(outcome)) of an icepool die, exactly."""
    return Fraction(sum(q for o, q in die.items() if pred(o)), die.denominator())
