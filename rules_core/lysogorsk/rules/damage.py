"""«Лысогорские сказочки»: damage (a section of the rules, :mod:`rules_core.lysogorsk.rules`)."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ...dice import Dist
from .. import readings, tables
from .checks import TWO_D6
from .rounding import DEFAULT_ROUNDING, round_by

__all__ = [
    "AIM_ORDERS",
    "AP_RULES",
    "AREA_FIRE_UNDECLARED_DODGE",
    "ARMOR_AGAINST_FALLS",
    "BELTS_BEFORE_HALVING",
    "BELT_READINGS",
    "BURST_ROLL",
    "BURST_ROLL_READINGS",
    "MAX_BULLETS_ROLLED_EACH",
    "NO_DAMAGE_WITHOUT_STEPS",
    "RANGES",
    "ROUND_ONCE",
    "STEP_READINGS",
    "aim_multiplier",
    "aimed_damage",
    "area_fire",
    "burst_damage",
    "burst_hits",
    "cover_protection",
    "crash_steps",
    "cushioned",
    "cushioned_dist",
    "electric_power",
    "fall_steps",
    "halved",
    "hit_damage",
    "protection",
    "seat_belts",
    "seat_belts_power",
    "short_burst",
    "splash_sequence",
    "with_halving_check",
]


#: How Бронебойность meets cover on top of armor. «Бронебойность уменьшает Защиту цели»:
#: ``"total"`` (default) — it lowers the sum of armor and cover; ``"each"`` — it lowers
#: each layer on its own (never below zero).
AP_RULES = readings.AP_RULE.values


def protection(armor: int, cover: int = 0, armor_piercing: int = 0, ap_rule: str = "total") -> int:
    """The Защита left after Бронебойность: «ниже нуля Защита не падает и считается равной нулю»."""
    if ap_rule == "total":
        return max(0, armor + cover - armor_piercing)
    if ap_rule == "each":
        return max(0, armor - armor_piercing) + max(0, cover - armor_piercing)
    raise ValueError(f"ap_rule must be one of {AP_RULES}")


def cover_protection(cover: str) -> int:
    """The Защита a cover adds (:data:`tables.COVER`); 0 for none («нет» or an unknown id)."""
    return tables.COVER[cover]["protection"] if cover in tables.COVER else 0


def hit_damage(power: int, prot: int = 0) -> Dist:
    """«2К+Мощность-(Защита-Бронебойность)»; «Если общий результат броска оказался равен нулю
    или меньше, то … никакого урона нанесено не было» (``prot`` is already ≥ 0)."""
    return (TWO_D6 + (power - prot)).map(lambda x: max(0, x))


#: Whether an aimed shot's multiplier (head ×2, limb ×0,5) applies to the damage after
#: Защита (``"after"``, default: «на повреждение х2») or to the roll before it (``"before"``).
AIM_ORDERS = readings.AIM_ORDER.values


def aim_multiplier(aim: str | None) -> Fraction | None:
    """An aimed shot's damage multiplier (head ×2, a limb ×½); ``None``: no aimed shot, or one
    that does not change the damage (an item in the hand)."""
    return tables.AIMED_SHOTS[aim]["damage_multiplier"] if aim in tables.AIMED_SHOTS else None


def aimed_damage(power: int, prot: int, aim: str | None = None, order: str = "after",
                 rounding: str = DEFAULT_ROUNDING) -> Dist:
    """One bullet's (or blow's) damage with an aimed shot's multiplier."""
    mult = aim_multiplier(aim)
    if mult is None:
        return hit_damage(power, prot)
    if order == "after":
        return hit_damage(power, prot).map(lambda d: round_by(d * mult, rounding))
    if order == "before":
        return (TWO_D6 + power).map(lambda r: max(0, round_by(r * mult, rounding) - prot))
    raise ValueError(f"order must be one of {AIM_ORDERS}")


RANGES = ("point_blank", "close", "medium", "far")


def burst_hits(shots: int, close: int, medium: int, far: int, range_: str, ammo_left: int | None = None) -> int:
    """Bullets that hit from a burst written shots:close/medium/far («Короткая очередь 4:3/2/1»).

    «на ближней дистанции в случае попадания в цель попадают три, на средней — два, на
    дальней — один. Если стреляют совсем уж в упор … попадают все пули». With fewer
    rounds than the burst: «она выпустит все оставшиеся патроны, и попадет из них
    пропорциональное количество с округлением вверх» («4:3/2/1 … осталось всего 2 … 2: 2/1/1»).
    """
    fired = shots if ammo_left is None else min(shots, ammo_left)
    if range_ == "point_blank":
        return fired
    hits = {"close": close, "medium": medium, "far": far}[range_]
    if fired < shots:
        return ceil(Fraction(hits * fired, shots))
    return hits


def short_burst(shots: int, close: int, medium: int, far: int, ammo_left: int) -> tuple[int, int, int, int]:
    """The burst actually fired with ``ammo_left`` rounds: (shots, close, medium, far)."""
    fired = min(shots, ammo_left)
    return (fired,) + tuple(burst_hits(shots, close, medium, far, r, ammo_left)
                            for r in ("close", "medium", "far"))


#: «Для упрощения можно считать, что бросок на повреждение делается для «усредненного» повреждения
#: очереди» — a simplification; without it (the source does not say) each bullet that hits is rolled
#: on its own. ``"averaged"`` (default): one roll, dealt ``hits`` times; ``"each"``: the sum of
#: ``hits`` independent rolls (the same mean, a narrower spread).
BURST_ROLL_READINGS = readings.BURST_ROLL.values
BURST_ROLL = readings.BURST_ROLL.default
#: The most bullets rolled one by one: the exact sum of that many rolls is a convolution whose
#: cost grows with the square of the count (the whole damage calculator measured natively, head
#: shots: 50 bullets ≈ 0.13 s, 200 ≈ 0.75 s; several times slower in the browser).
MAX_BULLETS_ROLLED_EACH = 50


def burst_damage(per_bullet: Dist, hits: int, reading: str | None = None) -> Dist:
    """A burst's damage by :data:`BURST_ROLL_READINGS`: «цель получает повреждение одной и той же
    мощности несколько раз» — one roll, ``hits`` times; or ``hits`` rolls added up.

    >>> d = Dist.uniform([0, 1])
    >>> burst_damage(d, 2), burst_damage(d, 2, "each")
    (Dist({0: 1/2, 2: 1/2}), Dist({0: 1/4, 1: 1/2, 2: 1/4}))
    """
    reading = BURST_ROLL if reading is None else reading
    if reading == "averaged":
        return per_bullet.map(lambda d: d * hits)
    if reading != "each":
        raise ValueError(f"reading must be one of {BURST_ROLL_READINGS}")
    if hits > MAX_BULLETS_ROLLED_EACH:
        raise ValueError(f"at most {MAX_BULLETS_ROLLED_EACH} bullets rolled each on its own")
    return per_bullet.repeat(hits)


#: Undeclared dodging under area fire: «если он не заявлял в этом раунде уклонения, его
#: результат считается равным 5».
AREA_FIRE_UNDECLARED_DODGE = 5


def area_fire(shooting: Dist, dodges: list[Dist | None], bullets: int) -> list[Fraction]:
    """P(each target in the line of fire takes one bullet), in order along the line.

    One Стрельба check against each target's Уклонение (``None``: did not declare a dodge,
    counts as 5); a tie goes to the shooter (opposed checks: «Стрельба перевешивает
    Уклонение»). «При неудаче он получает одну пулю. Если оказывается, что очередь
    закончилась, так как все пули нашли свои цели — так тому и быть.»
    """
    # joint law of (shooter's result, bullets left); the targets' dodges are independent
    out = []
    joint: dict[tuple[int, int], Fraction] = {(s, bullets): p for s, p in shooting.items()}
    for dodge in dodges:
        d = Dist.constant(AREA_FIRE_UNDECLARED_DODGE) if dodge is None else dodge
        hit_p = Fraction(0)
        nxt: dict[tuple[int, int], Fraction] = {}
        for (s, left), p in joint.items():
            ph = d.p(lambda x, s=s: s >= x) if left > 0 else Fraction(0)
            hit_p += p * ph
            if ph:
                nxt[(s, left - 1)] = nxt.get((s, left - 1), Fraction(0)) + p * ph
            if ph != 1:
                nxt[(s, left)] = nxt.get((s, left), Fraction(0)) + p * (1 - ph)
        joint = nxt
        out.append(hit_p)
    return out


def electric_power(volts: int) -> int:
    """«Мощность, равная напряжению в вольтах, деленному на 50 и округленному в меньшую
    сторону. Так, удар из розетки 220 вольт наносит урон два кубика плюс 4.»

    >>> electric_power(220)
    4
    """
    return volts // 50


#: Falls and crashes count «1 за каждые 2 метра падения, начиная с третьего» and «1 за каждые
#: 5 километров в час скорости, начиная с 10 км/ч». ``"beyond"`` (default): only what lies
#: beyond the first 2 m / 10 km/h counts, in full steps: ⌊(h−2)/2⌋, ⌊(v−10)/5⌋.
#: ``"whole"``: once the height reaches the third metre (the speed 10 km/h), the whole of it
#: counts: ⌊h/2⌋ for h ≥ 3, ⌊v/5⌋ for v ≥ 10.
STEP_READINGS = readings.STEP_READING.values


def _steps(value: int, free: int, step: int, counts_from: int, reading: str) -> int:
    """One per ``step`` of ``value`` (see :data:`STEP_READINGS`): ``"beyond"`` counts the full
    steps past the first ``free``; ``"whole"`` counts the whole ``value`` once it reaches
    ``counts_from``."""
    if reading == "beyond":
        return max(0, value - free) // step
    if reading == "whole":
        return value // step if value >= counts_from else 0
    raise ValueError(f"reading must be one of {STEP_READINGS}")


def fall_steps(height_m: int, reading: str = "beyond") -> int:
    """Мощность of a fall and the УС of its Стойкость check (the same count): a step every 2 m,
    from the third."""
    return _steps(height_m, 2, 2, 3, reading)


def crash_steps(speed_kmh: int, reading: str = "beyond") -> int:
    """Мощность of a crash and the УС of its Стойкость check (the same count): a step every
    5 km/h, from 10 km/h."""
    return _steps(speed_kmh, 10, 5, 10, reading)


#: A fall or crash that counts no step (power 0) does no damage at all. Read literally,
#: «мощность 1 за каждые 2 метра … начиная с третьего» would still roll 2К for a one-metre
#: fall; we take «серьезность которых прямо пропорциональна высоте падения» to mean none.
NO_DAMAGE_WITHOUT_STEPS = readings.NO_DAMAGE_WITHOUT_STEPS.default


#: Armor against falls and crashes. «Если … встретите слова «получает повреждение такой-то
#: Мощности», то это означает, что проводится описанный выше бросок, как если бы персонаж
#: был атакован оружием этой Мощности» — so Защита (armor, not cover) counts (``True``, default);
#: ``False``: a fall or a crash is not an attack, and armor does not count.
ARMOR_AGAINST_FALLS = readings.ARMOR_AGAINST_FALLS.default


def seat_belts(damage: int) -> int:
    """«Ремни безопасности спасают от повреждения, если оно меньше 5, полностью, поглощают 5
    единиц повреждения, если оно между 5 и 10, а вот начиная с 10 не помогают совсем.»"""
    if damage < 5:
        return 0
    if damage < 10:
        return damage - 5
    return damage


#: What the belts compare with 5 and 10. «повреждения мощностью 1 за каждые 5 километров …
#: Ремни безопасности спасают от повреждения, если оно меньше 5, полностью, поглощают 5
#: единиц повреждения, если оно между 5 и 10». ``"damage"`` (default): the damage rolled;
#: ``"power"``: the crash's Мощность (below 5 no damage at all; 5–9 the power drops by 5).
BELT_READINGS = readings.BELT_READING.values


def seat_belts_power(power: int) -> int | None:
    """The crash's Мощность under the ``"power"`` reading; ``None``: the belts save completely."""
    if power < 5:
        return None
    return seat_belts(power)


def halved(damage: Dist, factor: Fraction, rounding: str = DEFAULT_ROUNDING) -> Dist:
    """Damage multiplied by ``factor`` (a half, a quarter …) and rounded once (:func:`round_by`)."""
    return damage.map(lambda d: round_by(d * factor, rounding))


def with_halving_check(damage: Dist, check_p: Fraction, factor_on_success: Fraction = Fraction(1, 2),
                       other_factor: Fraction = Fraction(1), rounding: str = DEFAULT_ROUNDING) -> Dist:
    """The Стойкость check «дабы выдержать удар и получить половину урона (четверть с
    подушками)»: success multiplies by ½ on top of ``other_factor`` (airbags); the product
    is rounded once (the default of :data:`ROUND_ONCE`; :func:`cushioned_dist` takes either)."""
    return Dist.mixture([
        (check_p, halved(damage, factor_on_success * other_factor, rounding)),
        (1 - check_p, halved(damage, other_factor, rounding)),
    ])


#: Airbags and the check together: «Подушки безопасности сокращают полученное повреждение
#: вдвое … получить половину урона (четверть с подушками)» — how to round is not said.
#: ``True`` (default): the halvings multiply first and are rounded once (¼ of the damage);
#: ``False``: each half is rounded (the airbags' half, then the check's half of that).
ROUND_ONCE = readings.ROUND_ONCE.default
#: Belts and the halvings: «Ремни безопасности спасают от повреждения, если оно меньше 5 …»
#: does not say whether before or after the airbags' and the check's halving. ``True``
#: (default): the belts act on the damage rolled, the halvings on what they let through;
#: ``False``: the belts act on the halved damage.
BELTS_BEFORE_HALVING = readings.BELTS_BEFORE_HALVING.default


def cushioned(damage: int, factors: tuple[Fraction, ...], belts: bool = False, rounding: str = DEFAULT_ROUNDING,
              round_once: bool = ROUND_ONCE, belts_first: bool = BELTS_BEFORE_HALVING) -> int:
    """A crash's or a fall's damage after the seat belts (``belts``) and the halvings
    (``factors``: the airbags' ½, a passed check's ½), in the order and with the rounding
    of :data:`BELTS_BEFORE_HALVING` and :data:`ROUND_ONCE`.

    >>> cushioned(7, (Fraction(1, 2), Fraction(1, 2)))  # ¼ of 7 rounded once
    2
    >>> cushioned(5, (Fraction(1, 2), Fraction(1, 2)), round_once=False)  # 5 → 3 → 2
    2
    >>> cushioned(8, (Fraction(1, 2),), belts=True), cushioned(8, (Fraction(1, 2),), belts=True, belts_first=False)
    (2, 0)
    """
    if belts and belts_first:
        damage = seat_belts(damage)
    if round_once:
        factor = Fraction(1)
        for f in factors:
            factor *= f
        damage = round_by(damage * factor, rounding)
    else:
        for f in factors:
            damage = round_by(damage * f, rounding)
    if belts and not belts_first:
        damage = seat_belts(damage)
    return damage


def cushioned_dist(damage: Dist, check_p: Fraction, airbags: bool = False, belts: bool = False,
                   rounding: str = DEFAULT_ROUNDING, round_once: bool = ROUND_ONCE,
                   belts_first: bool = BELTS_BEFORE_HALVING) -> Dist:
    """:func:`cushioned` over the damage rolled, the check passed with chance ``check_p``."""
    bags = (Fraction(1, 2),) if airbags else ()
    parts = [(check_p, bags + (Fraction(1, 2),)), (1 - check_p, bags)]
    return Dist.mixture([(q, damage.map(lambda d, fs=fs: cushioned(d, fs, belts, rounding, round_once, belts_first)))
                         for q, fs in parts if q])


def splash_sequence(base: int, rounding: str = DEFAULT_ROUNDING) -> list[int]:
    """Splashed, not immersed: «повреждение уменьшается вдвое каждый раунд, пока не достигнет
    единички, после чего прекращается» — the damage of each round, the last one being 1."""
    seq = [base]
    while seq[-1] > 1:
        seq.append(max(1, round_by(Fraction(seq[-1], 2), rounding)))
    return seq
