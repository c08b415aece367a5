"""«Лысогорские сказочки»: initiative: one check at the start of the fight, the order of every round.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist
from .. import tables
from .checks import check_total

__all__ = ["full_dodge_modifier", "initiative_chances", "initiative_check", "initiative_order", "waiting_modifier"]


def initiative_check(attribute: int, skill: int = 0, modifier: int = 0, reroll: bool = False) -> Dist:
    """A character's initiative for the whole fight: «в начале боя определяется инициатива путем проверки
    навыка Решительности каждого из персонажей. Результат броска — это и есть значение инициативы, не
    меняющееся до конца боя» — the check 2К + attribute + Решительность (:func:`check_total`; the source
    does not name Решительность's attribute: the group's own), rolled once.

    >>> initiative_check(2, 3).mean()
    Fraction(12, 1)
    """
    return check_total(attribute, skill, modifier, reroll)


def initiative_order(initiatives) -> list[list]:
    """The order every round of a fight goes in, from the initiatives rolled at its start
    (:func:`initiative_check`): «Каждый раунд персонажи действуют в порядке убывания инициативы. Если у
    каких-то двух персонажей инициатива одинаковая, то они действуют одновременно.»

    ``initiatives``: ``{id: initiative}`` or ``(id, initiative)`` pairs. Returns the groups of ids that act
    together, the highest initiative first; a group of two or more acts at the same time; within a group
    the ids keep the order given. The order is the same every round («не меняющееся до конца боя»).

    Two choices a character makes in his place do not change it: waiting («Если персонаж выиграл
    инициативу, он не обязан ей пользоваться … игрок объявляет, что персонаж ждет»: he acts at the moment he
    waits for, and the GM may give :data:`tables.WAIT_BONUS` to the declared action, see
    :func:`waiting_modifier`), and giving up the round's actions to dodge («в свою очередь … отказаться от
    каких-либо действий в этот раунд»: :func:`full_dodge_modifier` until his next turn).

    >>> initiative_order({"Шурик": 9, "Лида": 12, "Федя": 9})
    [['Лида'], ['Шурик', 'Федя']]
    """
    pairs = list(initiatives.items()) if isinstance(initiatives, dict) else list(initiatives)
    groups: dict[int, list] = {}
    for who, value in pairs:
        groups.setdefault(value, []).append(who)
    return [groups[v] for v in sorted(groups, reverse=True)]


def waiting_modifier(granted: bool = True) -> int:
    """The modifier of a waiting character's declared action: «Мастер может дать ему модификатор +1 на
    заявленное действие, если это соответствует ситуации» — the GM's call (``granted``)."""
    return tables.WAIT_BONUS if granted else 0


def full_dodge_modifier(active: bool = True) -> int:
    """The dodge of one who gave up his round's actions: «сосредоточившись на уклонении от атак. До своего
    следующего хода он будет уклоняться с положительным модификатором +2»."""
    return tables.FULL_DODGE_BONUS if active else 0


def initiative_chances(checks: list[Dist]) -> list[dict]:
    """Exact chances of the order among characters whose initiative checks are ``checks`` (rolled
    independently): for each, ``first`` (acts first, alone), ``first_shared`` (acts first, alone or at the
    same time as others), and against the first character (index 0) ``before_first``, ``with_first``.

    >>> from rules_core.lysogorsk.rules import TWO_D6
    >>> c = initiative_chances([TWO_D6, TWO_D6])
    >>> c[0]["first"], c[0]["first_shared"], c[1]["with_first"]
    (Fraction(575, 1296), Fraction(721, 1296), Fraction(73, 648))
    """
    out = []
    for i, mine in enumerate(checks):
        others = [c for j, c in enumerate(checks) if j != i]
        first = sum((q * _product(o.p(lambda v, x=x: v < x) for o in others) for x, q in mine.items()), Fraction(0))
        shared = sum((q * _product(o.p(lambda v, x=x: v <= x) for o in others) for x, q in mine.items()), Fraction(0))
        row = {"first": first, "first_shared": shared}
        if i:
            row["before_first"] = mine.combine(checks[0], lambda a, b: a > b)[True]
            row["with_first"] = mine.combine(checks[0], lambda a, b: a == b)[True]
        out.append(row)
    return out


def _product(factors) -> Fraction:
    out = Fraction(1)
    for f in factors:
        out *= f
    return out
