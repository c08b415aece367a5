"""«Лысогорские сказочки»: dice and checks (a section of the rules, :mod:`rules_core.lysogorsk.rules`)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...dice import Dist
from .. import readings

__all__ = [
    "TIE_RULES",
    "TWO_D6",
    "TWO_D6_BEST_OF_TWO",
    "check_passes",
    "check_total",
    "dice_2d6",
    "extra_actions_penalty",
    "margin",
    "opposed_margin",
    "opposed_outcome",
    "p_check",
    "p_success",
]


#: «Бросаем два кубика» — 2К is two six-sided dice.
TWO_D6 = Dist.die(6) + Dist.die(6)
#: A Luck re-roll: «перекинуть только что сделанный им любой бросок … и выбрать тот
#: результат, который ему больше подходит» — for a check, the better of two 2d6.
TWO_D6_BEST_OF_TWO = TWO_D6.combine(TWO_D6, max)

#: Opposed ties. «Если это возможно, то наступает «ничья». Если нет — преимущество на
#: стороне «атакующего»». ``"attacker"``: the acting side wins a tie; ``"draw"``: a draw.
TIE_RULES = readings.TIE_RULE.values


def dice_2d6(reroll: bool = False) -> Dist:
    """2К, or the better of two 2К when a point of Luck buys a re-roll."""
    return TWO_D6_BEST_OF_TWO if reroll else TWO_D6


def check_total(attribute: int, skill: int = 0, modifier: int = 0, reroll: bool = False) -> Dist:
    """A check's result: 2К + attribute + skill («Бросаем два кубика, к полученному числу прибавляем
    значение навыка и значение соответствующего ему атрибута») plus modifiers.

    An attribute-only check is the same with ``skill=0``: «к результату броска значение
    какого бы то ни было навыка не прибавляется».
    """
    return dice_2d6(reroll) + (attribute + skill + modifier)


def p_success(total: Dist, difficulty: int) -> Fraction:
    """«Если результат проверки равен или превышает УС, то действие увенчалось успехом.»"""
    return total.at_least(difficulty)


@lru_cache(maxsize=4096)
def p_check(bonus: int, difficulty: int, reroll: bool = False) -> Fraction:
    """P(2К + ``bonus`` ≥ ``difficulty``), cached (the drinking chain asks it many times)."""
    return p_success(dice_2d6(reroll) + bonus, difficulty)


@lru_cache(maxsize=4096)
def check_passes(bonus: int, difficulty: int, reroll: bool = False) -> Dist:
    """Whether 2К + ``bonus`` reaches ``difficulty``: ``True`` (a success) or ``False``.

    >>> check_passes(0, 12)[True]
    Fraction(1, 36)
    """
    return (dice_2d6(reroll) + bonus).map(lambda x: x >= difficulty)


def margin(total: Dist, difficulty: int) -> Dist:
    """How far the result is above (≥ 0: success) or below (< 0: failure) the difficulty."""
    return total - difficulty


def opposed_margin(attacker: Dist, defender: Dist, defense_floor: int | None = None) -> Dist:
    """Attacker's result minus the defender's.

    ``defense_floor``: the shooting rule «результат броска на уклонение окажется ниже,
    чем сложность попадания по неподвижному персонажу … УС, который должен перекинуть
    стреляющий, будет равен … УС стрельбы по неподвижной цели» — the defense counts as at
    least this number.
    """
    if defense_floor is not None:
        defender = defender.map(lambda d: max(d, defense_floor))
    return attacker - defender


def opposed_outcome(attacker: Dist, defender: Dist, tie: str = "attacker",
                    defense_floor: int | None = None) -> Dist:
    """``"attacker"`` / ``"defender"`` / ``"draw"``: «Персонаж, чей результат оказывается выше»
    wins; a tie goes by :data:`TIE_RULES`."""
    if tie not in TIE_RULES:
        raise ValueError(f"tie must be one of {TIE_RULES}")
    m = opposed_margin(attacker, defender, defense_floor)
    return m.map(lambda x: "attacker" if x > 0 else "defender" if x < 0
                 else ("attacker" if tie == "attacker" else "draw"))


def extra_actions_penalty(actions: int) -> int:
    """«Два действия выполняются с модификатором -1 каждое», three −2, four −4, five −6 …"""
    if actions <= 1:
        return 0
    if actions == 2:
        return -1
    return -2 * (actions - 2)
