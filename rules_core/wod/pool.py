"""The World of Darkness d10 pool, exactly and rolled (sources 002, 003).

Roll a pool of d10 against a difficulty (2–10): each face ≥ difficulty is a success, each 1 is
a one. On most rolls the 1s cancel successes; a damage roll (and, in «Мир Тьмы: Сериал» — a
house revision of the classic rules that rolls the same pool — every damage roll) keeps them.
Whether a roll botches depends on the edition (:data:`BOTCH_RULES`).

>>> d10_pool(3, 6).p(lambda o: o != "botch" and o >= 1)
Fraction(37, 50)
>>> d10_pool(1, 6)["botch"]
Fraction(1, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from ..dice import Dist, Roller
from ..spec import Text, dice_block

__all__ = ["BOTCH_RULES", "PoolOutcome", "d10_counts", "pool_net", "is_botch", "d10_pool", "net_successes",
           "roll_d10_pool", "d10_marks", "d10_block"]

#: Botch rules. ``"revised"``: the roll botches when no die shows a success and at
#: least one die shows 1. ``"second"`` (2nd edition): it botches when 1s outnumber the
#: successes. Both only mean anything when 1s cancel successes (attack-type rolls).
BOTCH_RULES = ("revised", "second")


@dataclass(frozen=True, order=True)
class PoolOutcome:
    """The raw counts of one d10 pool roll.

    >>> PoolOutcome(successes=2, ones=1)
    PoolOutcome(successes=2, ones=1)
    """

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

    >>> d10_counts(2, 10)[PoolOutcome(1, 1)]
    Fraction(1, 50)
    """
    _check_pool(dice, difficulty)
    # Integer weights over 10**dice: a success face has 11 − difficulty ways, a one 1 way,
    # any other face difficulty − 2 ways.
    ws, wo = 11 - difficulty, difficulty - 2
    acc: dict[PoolOutcome, int] = {}
    for s in range(dice + 1):
        for o in range(dice - s + 1):
            rest = dice - s - o
            weight = comb(dice, s) * comb(dice - s, o) * ws**s * wo**rest
            if weight:
                acc[PoolOutcome(s, o)] = weight
    return Dist._make(acc, ordered=True)  # listed in (successes, ones) order


def pool_net(outcome: PoolOutcome, ones_cancel: bool) -> int:
    """Net successes of a roll: successes minus 1s when they cancel, never below 0.

    >>> pool_net(PoolOutcome(2, 3), True), pool_net(PoolOutcome(2, 3), False)
    (0, 2)
    """
    if ones_cancel:
        return max(0, outcome.successes - outcome.ones)
    return outcome.successes


def is_botch(outcome: PoolOutcome, ones_cancel: bool, botch_rule: str) -> bool:
    """Whether a roll botches. Rolls in which 1s do not cancel (damage) never botch.

    >>> is_botch(PoolOutcome(1, 2), True, "revised"), is_botch(PoolOutcome(1, 2), True, "second")
    (False, True)
    """
    if botch_rule not in BOTCH_RULES:
        raise ValueError(f"botch_rule must be one of {BOTCH_RULES}")
    if not ones_cancel:
        return False
    if botch_rule == "revised":
        return outcome.successes == 0 and outcome.ones >= 1
    return outcome.ones > outcome.successes


@lru_cache(maxsize=512)
def d10_pool(dice: int, difficulty: int, ones_cancel: bool = True,
             botch_rule: str = "revised") -> Dist:
    """Distribution of a pool's result: net successes (int ≥ 0) or the string ``"botch"``."""
    if botch_rule not in BOTCH_RULES:
        raise ValueError(f"botch_rule must be one of {BOTCH_RULES}")
    return d10_counts(dice, difficulty).map(
        lambda o: "botch" if is_botch(o, ones_cancel, botch_rule) else pool_net(o, ones_cancel)
    )


@lru_cache(maxsize=None)
def _die(difficulty: int, ones_cancel: bool) -> Dist:
    """One d10 as its contribution to the net: +1 a success, −1 a one that cancels, else 0."""
    weights = {1: 11 - difficulty, 0: difficulty - 2, -1: 1}
    if not ones_cancel:
        weights = {1: 11 - difficulty, 0: difficulty - 1}
    return Dist.from_weights(weights)


@lru_cache(maxsize=1024)
def _net_sum(dice: int, difficulty: int, ones_cancel: bool) -> Dist:
    """Successes minus the 1s that cancel, before the floor at 0: one die more than ``dice − 1``."""
    if dice == 0:
        return Dist.constant(0)
    return _net_sum(dice - 1, difficulty, ones_cancel) + _die(difficulty, ones_cancel)


@lru_cache(maxsize=512)
def net_successes(dice: int, difficulty: int, ones_cancel: bool = True) -> Dist:
    """Distribution of net successes (a botch counts as 0): the same law as
    :func:`d10_counts` mapped by :func:`pool_net`.

    >>> net_successes(2, 6, ones_cancel=False)
    Dist({0: 1/4, 1: 1/2, 2: 1/4})
    """
    _check_pool(dice, difficulty)
    return _net_sum(dice, difficulty, ones_cancel).map(lambda x: max(0, x))


def roll_d10_pool(roller: Roller, dice: int, difficulty: int, ones_cancel: bool = True,
                  botch_rule: str = "revised") -> dict:
    """Roll a d10 pool: the faces and what they mean, consistent with :func:`d10_pool`.

    >>> roll_d10_pool(Roller(1), 3, 6) == roll_d10_pool(Roller(1), 3, 6)
    True
    """
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


def d10_marks(faces: list[int], difficulty: int, ones_cancel: bool = True) -> list[str]:
    """What each face of a pool is: ``"success"`` (≥ difficulty), ``"one"`` (a 1, when 1s
    cancel), else ``""``.

    >>> d10_marks([10, 1, 4], 6), d10_marks([10, 1, 4], 6, ones_cancel=False)
    (['success', 'one', ''], ['success', '', ''])
    """
    return ["success" if f >= difficulty else "one" if (f == 1 and ones_cancel) else "" for f in faces]


def d10_block(label: Text, faces: list[int], difficulty: int, ones_cancel: bool = True) -> dict:
    """A rolled pool as the page's ``dice`` block, its faces marked by :func:`d10_marks`."""
    return dice_block(label, 10, faces, d10_marks(faces, difficulty, ones_cancel))
