"""Classic World of Darkness: soak, armor, «stunned» and one attack, exactly (sources 002, 003).

Rules (002, «Поглощение» and «Доспехи»; 003, «Оглушен»):

* The soak pool is Выносливость; «При поглощении поверхностных и летальных повреждений
  Стойкость добавляется к запасу бросков на поглощение». «Обычные люди могут поглощать только
  поверхностные повреждения»; «Усиливающиеся повреждения поглощаются только при наличии
  Дисциплины Стойкость» — and then only with Стойкость («на поглощение усиливающихся
  повреждений – только двум кубикам» for Выносливость 3, Стойкость 2).
* «Начальная сложность броска равна 6»; «Каждый успешный балл … на единицу уменьшает уровень
  причиняемых повреждений»; «броски на поглощение не могут закончиться провалом».
* «Защитное значение доспехов добавляется к начальному запасу бросков.»
* «Если количество успешных баллов, полученных при броске на повреждения за одну атаку, вдвое
  превышает защитное значение доспеха …, доспех приходит в полную негодность.»
* Stunned: «Если атакующий одной атакой получил больше Успехов от броска повреждений, чем
  Выносливость жертвы (для смертных), или чем Выносливость +2 (для вампиров и других
  сверхъестественных существ) … При этом считаются только те Успехи …, которые жертва не смогла
  поглотить.»

Readings chosen where the sources leave a gap (each is a parameter and a calculator switch):

* :data:`ARMOR_BREAK_READINGS` — «вдвое превышает»: ``"at_least_double"`` (default: the damage
  successes reach twice the rating, s ≥ 2·armor) or ``"more_than_double"`` (s > 2·armor).
* :data:`ARMOR_SOAK_READINGS` — does armor soak what the body cannot (a mortal against lethal,
  no Стойкость against aggravated)? ``"with_body"`` (default, literal: armor only adds dice to a
  soak roll the character may make at all) or ``"always"`` (armor dice soak any damage).
* ``ones_cancel`` on damage and soak rolls — 002 only says they «не могут закончиться провалом»
  (cannot botch); the default is that 1s do not cancel successes on these rolls (switchable).
* «Extra hit successes add damage dice» — the classic rule that every attack success beyond
  the first adds a die to the damage pool. 002/003 never state it; they only imply it
  (003, automatic fire: «этот распределенный Успех так же прибавляется к запасу кубиков при броске
  повреждений»; full-clip fire: «Дополнительные Успехи добавляются к обычному броску
  повреждения»). «Сериал» (000) removes it. A switch, on by default.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from ..dice import Dist, PoolOutcome, is_botch, net_successes, pool_net

DAMAGE_TYPES = ("bashing", "lethal", "aggravated")
ARMOR_BREAK_READINGS = ("at_least_double", "more_than_double")
ARMOR_SOAK_READINGS = ("with_body", "always")

#: The difficulty of a soak roll unless a weapon or circumstances change it (002).
SOAK_DIFFICULTY = 6
#: The difficulty of a damage roll (classic default, 002: «начальная сложность боевых действий равна 6»).
DAMAGE_DIFFICULTY = 6
#: «Выносливость +2 (для вампиров и других сверхъестественных существ)».
SUPERNATURAL_STUN_BONUS = 2


def body_soak_dice(stamina: int, fortitude: int, damage_type: str, supernatural: bool) -> int | None:
    """The body's soak dice, or ``None`` when this damage cannot be soaked at all.

    Bashing: Выносливость + Стойкость (everyone). Lethal: Выносливость + Стойкость for a
    supernatural being; a mortal cannot soak it (002's example: Анатоль with Стойкость 1 «если
    бы он был смертным, он бы не смог поглотить летальные повреждения»). Aggravated: only
    Стойкость, and only a supernatural being with Стойкость ≥ 1.
    """
    if damage_type not in DAMAGE_TYPES:
        raise ValueError(f"damage_type must be one of {DAMAGE_TYPES}")
    if damage_type == "bashing":
        return stamina + fortitude
    if not supernatural:
        return None
    if damage_type == "lethal":
        return stamina + fortitude
    return fortitude if fortitude > 0 else None


def soak_dice(stamina: int, fortitude: int, armor: int, damage_type: str, supernatural: bool,
              armor_soak: str = "with_body") -> int:
    """The whole soak pool: the body's dice plus the armor's rating (0 when nothing soaks)."""
    if armor_soak not in ARMOR_SOAK_READINGS:
        raise ValueError(f"armor_soak must be one of {ARMOR_SOAK_READINGS}")
    body = body_soak_dice(stamina, fortitude, damage_type, supernatural)
    if body is None:
        return armor if armor_soak == "always" else 0
    return body + armor


def stun_threshold(stamina: int, supernatural: bool) -> int:
    """Unsoaked damage successes above this stun the victim (003, «Оглушен»)."""
    return stamina + (SUPERNATURAL_STUN_BONUS if supernatural else 0)


def armor_ruined(damage_successes: int, armor: int, reading: str = "at_least_double") -> bool:
    """Whether one attack's damage successes ruin armor of this rating (002)."""
    if reading not in ARMOR_BREAK_READINGS:
        raise ValueError(f"reading must be one of {ARMOR_BREAK_READINGS}")
    if armor <= 0:
        return False
    if reading == "at_least_double":
        return damage_successes >= 2 * armor
    return damage_successes > 2 * armor


def soak_successes(faces: list[int], difficulty: int = SOAK_DIFFICULTY, ones_cancel: bool = False) -> int:
    """Soak successes of rolled faces (never a botch, never below 0)."""
    s = sum(f >= difficulty for f in faces)
    if ones_cancel:
        s -= faces.count(1)
    return max(0, s)


def soak_dist(dice: int, difficulty: int = SOAK_DIFFICULTY, ones_cancel: bool = False) -> Dist:
    return net_successes(dice, difficulty, ones_cancel)


@lru_cache(maxsize=512)
def _net_weights(dice: int, difficulty: int, ones_cancel: bool) -> tuple[int, ...]:
    """Integer weights of net successes 0..dice over the denominator 10**dice.

    The same law as :func:`rules_core.dice.net_successes` (a test checks it), in integers so
    that the attack fold below stays fast: C(n,s)·C(n−s,o)·(11−d)^s·1^o·(d−2)^(n−s−o).
    """
    ps, po = 11 - difficulty, difficulty - 2
    w = [0] * (dice + 1)
    if not ones_cancel:
        for s in range(dice + 1):
            w[s] = comb(dice, s) * ps**s * (po + 1) ** (dice - s)
        return tuple(w)
    for s in range(dice + 1):
        cs = comb(dice, s) * ps**s
        for o in range(dice - s + 1):
            w[max(0, s - o)] += cs * comb(dice - s, o) * po ** (dice - s - o)
    return tuple(w)


@lru_cache(maxsize=256)
def _levels_and_ruin(damage_dice: int, damage_difficulty: int, ones_cancel: bool, soak_pool: int,
                     soak_difficulty: int, armor: int, reading: str) -> dict:
    """Integer weights (over 10**(damage_dice + soak_pool)) of (levels taken, armor ruined)."""
    dmg = _net_weights(damage_dice, damage_difficulty, ones_cancel)
    soak = _net_weights(soak_pool, soak_difficulty, ones_cancel)
    acc: dict[tuple[int, bool], int] = {}
    for s, ws in enumerate(dmg):
        if not ws:
            continue
        ruined = armor_ruined(s, armor, reading)
        for k, wk in enumerate(soak):
            if wk:
                key = (max(0, s - k), ruined)
                acc[key] = acc.get(key, 0) + ws * wk
    return acc


def soak_levels(incoming: int, soak_pool: int, soak_difficulty: int = SOAK_DIFFICULTY,
                ones_cancel: bool = False) -> Dist:
    """Levels taken when ``incoming`` damage successes meet a soak roll of ``soak_pool`` dice."""
    return soak_dist(soak_pool, soak_difficulty, ones_cancel).map(lambda k: max(0, incoming - k))


HIT, MISS, BOTCH = "hit", "miss", "botch"


def attack_dist(attack_dice: int, attack_difficulty: int, damage_dice: int, *,
                extra_successes_add: bool = True, botch_rule: str = "revised",
                damage_difficulty: int = DAMAGE_DIFFICULTY, ones_cancel_damage: bool = False,
                soak_pool: int = 0, soak_difficulty: int = SOAK_DIFFICULTY, armor: int = 0,
                armor_break: str = "at_least_double", auto_hit: bool = False) -> Dist:
    """One attack, exactly: outcomes ``(status, levels, armor_ruined)``.

    ``status`` is ``"hit"``, ``"miss"`` or ``"botch"``; a miss or a botch deals 0 levels. On a
    hit with ``a`` net successes the damage pool is ``damage_dice + (a − 1)`` when extra
    successes add dice, else ``damage_dice``; the damage roll meets one soak roll.
    ``auto_hit`` (a fully immobilised victim, 002/003) skips the attack roll: one success.
    """
    if auto_hit:
        att, att_den = {1: 1}, 1
    else:
        att, att_den = _attack_weights(attack_dice, attack_difficulty, botch_rule), 10 ** attack_dice
    top = damage_dice + (max(attack_dice, 1) - 1 if extra_successes_add else 0)  # the largest pool
    den = 10 ** (top + soak_pool)
    acc: dict = {}
    for a, wa in att.items():
        if a == "botch" or a == 0:
            key = (BOTCH if a == "botch" else MISS, 0, False)
            acc[key] = acc.get(key, 0) + wa * den
            continue
        dice = damage_dice + (a - 1 if extra_successes_add else 0)
        scale = wa * 10 ** (top - dice)
        for (levels, ruined), w in _levels_and_ruin(dice, damage_difficulty, ones_cancel_damage, soak_pool,
                                                    soak_difficulty, armor, armor_break).items():
            key = (HIT, levels, ruined)
            acc[key] = acc.get(key, 0) + w * scale
    total = att_den * den
    return Dist({k: Fraction(w, total) for k, w in acc.items()})


@lru_cache(maxsize=128)
def _attack_weights(dice: int, difficulty: int, botch_rule: str) -> dict:
    """Integer weights over 10**dice of an attack roll: net successes or ``"botch"``.

    The same law as :func:`rules_core.dice.d10_pool` with 1s cancelling (a test checks it).
    """
    ps, po = 11 - difficulty, difficulty - 2
    acc: dict = {}
    for s in range(dice + 1):
        cs = comb(dice, s) * ps**s
        for o in range(dice - s + 1):
            w = cs * comb(dice - s, o) * po ** (dice - s - o)
            if not w:
                continue
            outcome = PoolOutcome(s, o)
            key = "botch" if is_botch(outcome, True, botch_rule) else pool_net(outcome, True)
            acc[key] = acc.get(key, 0) + w
    return acc
