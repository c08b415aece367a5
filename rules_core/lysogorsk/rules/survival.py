"""«Лысогорские сказочки»: suffocation, hunger, thirst, sleep.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist
from .checks import TWO_D6
from .rounding import DEFAULT_ROUNDING, round_by

__all__ = [
    "SLEEP_FAIL_PENALTY",
    "SLEEP_GRACE_PER_STAMINA",
    "STARVATION_DIFFICULTY",
    "STARVATION_GRACE_PER_STAMINA",
    "SUFFOCATION_FIRST_DIFFICULTY",
    "SUFFOCATION_GRACE_PER_STAMINA",
    "sleep_deprivation",
    "sleep_difficulty",
    "starvation",
    "suffocation",
]


#: «Нормальный человек может обходиться без кислорода количество минут, равное его
#: утроенной Выносливости.»
SUFFOCATION_GRACE_PER_STAMINA = 3
#: «каждую минуту должен делать проверку Стойкости против УС, равного пяти и растущего на 1
#: каждую минуту» — the first check is against 5, the next 6 …
SUFFOCATION_FIRST_DIFFICULTY = 5


def suffocation(stamina: int, fortitude: int, modifier: int = 0) -> Dist:
    """The minute the character falls «при смерти» without air (``None``: never, impossible
    in practice since the УС outgrows any total). Our reading: the grace is 3 × Выносливость
    minutes, and the k-th check (УС 4 + k) comes at the minute grace + k."""
    grace = SUFFOCATION_GRACE_PER_STAMINA * stamina
    bonus = stamina + fortitude + modifier
    fails: dict[int, tuple[int, int]] = {}  # minute → (weight over 36^checks, checks made by then)
    alive, k = 1, 0  # P(still up) = alive / 36^k, kept as integers
    while alive:
        k += 1
        ok = _ok_count(bonus, SUFFOCATION_FIRST_DIFFICULTY + k - 1)
        if ok != 36:
            fails[grace + k] = (alive * (36 - ok), k)
        alive *= ok
    return Dist.from_weights({minute: w * 36 ** (k - j) for minute, (w, j) in fails.items()})


#: «Без пищи человек может продержаться количество дней, равное его утроенной Выносливости»;
#: «Жажда действует аналогично, но срок … равен его Выносливости в днях».
STARVATION_GRACE_PER_STAMINA = {"hunger": 3, "thirst": 1}
#: «каждый день он делает проверку Стойкости против УС 5»
STARVATION_DIFFICULTY = 5


def starvation(stamina: int, fortitude: int, days: int, kind: str = "hunger", modifier: int = 0) -> Dist:
    """State after ``days`` days without food (or water): the current Выносливость (int) or
    ``"dead"``.

    «В случае неудачи он временно теряет одну единицу Выносливости … Когда Выносливость надо
    списать, но списывать больше нечего, персонаж умирает». The lowered Выносливость is the
    one used in the next checks («Пока атрибут не восстановлен, для бросков используется
    текущее значение»).
    """
    grace = STARVATION_GRACE_PER_STAMINA[kind] * stamina
    # a chain of integer weights over 36^steps: the state is small and the chain long
    state: dict = {stamina: 1}
    steps = max(0, days - grace)
    for _day in range(steps):
        nxt: dict = {}
        for s, w in state.items():
            if s == "dead":
                nxt["dead"] = nxt.get("dead", 0) + w * 36
                continue
            ok = _ok_count(s + fortitude + modifier, STARVATION_DIFFICULTY)
            if ok:
                nxt[s] = nxt.get(s, 0) + w * ok
            if ok != 36:
                down = "dead" if s <= 0 else s - 1
                nxt[down] = nxt.get(down, 0) + w * (36 - ok)
        state = nxt
    return Dist.from_weights(state)


#: Of the 36 equally likely 2К rolls, how many reach at least t (t = 2 … 12).
_AT_LEAST_COUNT = {t: int(TWO_D6.at_least(t) * 36) for t in range(2, 13)}


def _ok_count(bonus: int, difficulty: int) -> int:
    """Of the 36 equally likely 2К rolls, how many make ``bonus`` reach ``difficulty``."""
    t = difficulty - bonus
    return 36 if t <= 2 else 0 if t > 12 else _AT_LEAST_COUNT[t]


#: «Нормальный человек может продержаться без сна время, равное десяти часам за каждую
#: единицу Выносливости.»
SLEEP_GRACE_PER_STAMINA = 10
#: What a failed sleep check means: «персонаж валится спать либо получает отрицательный
#: модификатор, равный -2, на все броски, засыпая на ходу. Эти модификаторы складываются».
#: The −2 is «на все броски», so it also weighs on the next sleep checks.
SLEEP_FAIL_PENALTY = -2


def sleep_difficulty(hours_awake: int, stamina: int, rounding: str = DEFAULT_ROUNDING) -> int:
    """«УС, равного количеству часов, которое он бодрствовал, поделенному на удвоенное значение
    его Выносливости» — the source does not say how to round (``rounding``)."""
    return round_by(Fraction(hours_awake, 2 * stamina), rounding)


def sleep_deprivation(stamina: int, confidence: int, willpower: int, hours: int, modifier: int = 0,
                      rounding: str = DEFAULT_ROUNDING) -> Dist:
    """Fails (each a cumulative −2, or a moment he may fall asleep) after ``hours`` awake.

    After the grace (10 × Выносливость hours) he checks Сила духа (2К + Уверенность + Сила
    духа) every hour against :func:`sleep_difficulty` of the hours awake so far; a pass keeps
    him up one more hour. Our reading: the check at hour ``h`` uses the hours awake ``h``
    (the first at grace + 1), and a character who stays up takes −2 per fail."""
    if stamina < 1:
        raise ValueError("sleep needs Выносливость ≥ 1 (the УС divides by it)")
    grace = SLEEP_GRACE_PER_STAMINA * stamina
    state: dict[int, int] = {0: 1}  # integer weights over 36 per check, as in starvation()
    for h in range(grace + 1, hours + 1):
        us = sleep_difficulty(h, stamina, rounding)
        nxt: dict[int, int] = {}
        for fails, w in state.items():
            ok = _ok_count(confidence + willpower + modifier + SLEEP_FAIL_PENALTY * fails, us)
            if ok:
                nxt[fails] = nxt.get(fails, 0) + w * ok
            if ok != 36:
                nxt[fails + 1] = nxt.get(fails + 1, 0) + w * (36 - ok)
        state = nxt
    return Dist.from_weights(state)
