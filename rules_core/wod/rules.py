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

from functools import lru_cache

from ..dice import Dist
from .pool import d10_pool, net_successes

__all__ = ["DAMAGE_TYPES", "ARMOR_BREAK_READINGS", "ARMOR_SOAK_READINGS", "SOAK_DIFFICULTY",
           "DAMAGE_DIFFICULTY", "SUPERNATURAL_STUN_BONUS", "body_soak_dice", "soak_dice", "stun_threshold",
           "armor_ruined", "soak_successes", "soak_dist", "damage_soak_dist", "soak_levels", "attack_dist",
           "SPRAY_READINGS", "SPRAY_DICE_READINGS", "spray_share", "SPRAY_SINGLE_TARGET_ROUNDS_DOWN",
           "multiple_shot_pools", "shots_dist", "PRONE_COVER", "cover_difficulty"]

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
    """Soak successes of ``dice`` d10 (never a botch, never below 0).

    >>> soak_dist(1)
    Dist({0: 1/2, 1: 1/2})
    """
    return net_successes(dice, difficulty, ones_cancel)


@lru_cache(maxsize=256)
def damage_soak_dist(damage_dice: int, damage_difficulty: int, ones_cancel: bool, soak_pool: int,
                     soak_difficulty: int, armor: int, reading: str = "at_least_double") -> Dist:
    """One damage roll against one soak roll: outcomes ``(levels taken, armor ruined)``.

    «Каждый успешный балл … на единицу уменьшает уровень причиняемых повреждений»; the armor
    is judged on the damage successes before the soak (:func:`armor_ruined`).

    >>> damage_soak_dist(1, 6, False, 1, 6, 1).items()
    [((0, False), Fraction(3, 4)), ((1, False), Fraction(1, 4))]
    """
    damage = net_successes(damage_dice, damage_difficulty, ones_cancel)
    ruined = {s: armor_ruined(s, armor, reading) for s in damage}
    return damage.combine(soak_dist(soak_pool, soak_difficulty, ones_cancel),
                          lambda s, k: (max(0, s - k), ruined[s]))


def soak_levels(incoming: int, soak_pool: int, soak_difficulty: int = SOAK_DIFFICULTY,
                ones_cancel: bool = False) -> Dist:
    """Levels taken when ``incoming`` damage successes meet a soak roll of ``soak_pool`` dice."""
    return soak_dist(soak_pool, soak_difficulty, ones_cancel).map(lambda k: max(0, incoming - k))


HIT, MISS, BOTCH = "hit", "miss", "botch"


def attack_dist(attack_dice: int, attack_difficulty: int, damage_dice: int, *,
                extra_successes_add: bool = True, botch_rule: str = "revised",
                damage_difficulty: int = DAMAGE_DIFFICULTY, ones_cancel_damage: bool = False,
                soak_pool: int = 0, soak_difficulty: int = SOAK_DIFFICULTY, armor: int = 0,
                armor_break: str = "at_least_double", auto_hit: bool = False,
                spray_targets: int = 0, spray_reading: str = "least",
                spray_dice: str = "beyond_first") -> Dist:
    """One attack, exactly: outcomes ``(status, levels, armor_ruined)``.

    ``status`` is ``"hit"``, ``"miss"`` or ``"botch"``; a miss or a botch deals 0 levels. On a
    hit with ``a`` net successes the damage pool is ``damage_dice + (a − 1)`` when extra
    successes add dice, else ``damage_dice``; the damage roll meets one soak roll.
    ``auto_hit`` (a fully immobilised victim, 002/003) skips the attack roll: one success.
    ``spray_targets`` > 0: automatic fire (spray); this target's successes are its share
    (:func:`spray_share`), and they count like a hit's successes — except against a helpless target,
    which is hit automatically with one success, as by any other attack. ``spray_dice``
    (:data:`SPRAY_DICE_READINGS`): the share's successes beyond the first add damage dice, or all of them.
    """
    if spray_dice not in SPRAY_DICE_READINGS:
        raise ValueError(f"spray_dice must be one of {SPRAY_DICE_READINGS}")
    attack = Dist.constant(1) if auto_hit else d10_pool(attack_dice, attack_difficulty, True, botch_rule)
    spraying = bool(spray_targets) and not auto_hit  # a helpless target is hit anyway («автоматически … удачной»)
    if spraying:
        attack = attack.map(lambda a: a if a == "botch" else spray_share(a, spray_targets, spray_reading))
    # the first success adds a die too when a spray's whole share adds («all»)
    first = 1 if spraying and spray_dice == "all" else 0

    def damage(a) -> Dist:
        """A botch or a miss, or the damage successes of a hit with ``a`` successes."""
        if a == "botch" or a == 0:
            return Dist.constant(BOTCH if a == "botch" else MISS)
        dice = damage_dice + (a - 1 + first if extra_successes_add else 0)
        return net_successes(dice, damage_difficulty, ones_cancel_damage)

    rolled = attack.bind(damage)
    ruined = {s: armor_ruined(s, armor, armor_break) for s in rolled if s not in (BOTCH, MISS)}

    def soaked(s, k: int) -> tuple:
        if s in (BOTCH, MISS):
            return (s, 0, False)
        return (HIT, max(0, s - k), ruined[s])

    # one soak roll against whatever the damage roll brought
    return rolled.combine(soak_dist(soak_pool, soak_difficulty, ones_cancel_damage), soaked)


# ---- several shots and automatic fire (003) ----------------------------------------------------

SPRAY_READINGS = ("least", "most")
#: «этот распределенный Успех так же прибавляется к запасу кубиков при броске повреждений» (003): the
#: target's share counts like a hit's successes — those beyond the first add dice (``"beyond_first"``,
#: default) — or every success of the share adds a die (``"all"``).
SPRAY_DICE_READINGS = ("beyond_first", "all")


def spray_share(successes: int, targets: int, reading: str = "least") -> int:
    """Successes one target of automatic fire (spray) gets (003, «Автоматический огонь»).

    «Атакующий распределяет полученные успехи равномерно между всеми находившимися под обстрелом …
    После этого стрелявший распределяет свои оставшиеся Успехи, как он хочет. Если же Успехов было
    меньше, чем целей, то на цель приходится только один Успех, пока все Успехи не будут
    распределены. Если же под обстрелом находилась всего лишь одна цель, то она получит только
    половину Успехов.»

    One target: half the successes, rounded down (:data:`SPRAY_SINGLE_TARGET_ROUNDS_DOWN`).
    Several targets — how the shooter spends the leftovers is his choice, so two readings for the
    target in question: ``"least"`` (it gets only the even share; with fewer successes than
    targets it is among those left without one) and ``"most"`` (the shooter gives it every
    leftover; with fewer successes than targets it gets one).
    """
    if reading not in SPRAY_READINGS:
        raise ValueError(f"reading must be one of {SPRAY_READINGS}")
    if targets < 1:
        raise ValueError("targets must be ≥ 1")
    if targets == 1:
        return successes // 2
    if successes < targets:
        return 0 if reading == "least" else min(successes, 1)
    even, rest = divmod(successes, targets)
    return even if reading == "least" else even + rest


#: «она получит только половину Успехов»: an odd number of successes is halved rounding down.
SPRAY_SINGLE_TARGET_ROUNDS_DOWN = True


def multiple_shot_pools(pool: int, shots: int) -> list[int]:
    """Attack pools of several shots in one turn (003, «Несколько выстрелов»).

    «запас кубиков для первого выстрела будет уменьшен на общее число объявленных выстрелов,
    каждый последующий выстрел теряет дальнейший кубик» — shot i (from 1) rolls pool − shots − (i − 1),
    never below 0.
    """
    if shots < 1:
        raise ValueError("shots must be ≥ 1")
    return [max(0, pool - shots - i) for i in range(shots)]


def shots_dist(pools: list[int], attack_difficulty: int, damage_dice: int, *, stun_above: int,
               soak_without_armor: int, armor: int, armor_dice: int | None = None, **kw) -> Dist:
    """Several separate attacks on one target: outcomes ``(total levels, stunned, armor ruined)``.

    Each shot is its own attack with its own damage and soak roll («за каждую пулю причитается один
    бросок повреждений»); «stunned» is judged per attack; once armor is ruined the later shots are
    soaked without its rating. ``armor_dice`` is what the intact armor adds to the soak pool
    (its rating, or 0 when it may not soak this damage; see :data:`ARMOR_SOAK_READINGS`).
    """
    if armor_dice is None:
        armor_dice = armor
    opts = dict(extra_successes_add=True, botch_rule="revised", damage_difficulty=DAMAGE_DIFFICULTY,
                ones_cancel_damage=False, soak_difficulty=SOAK_DIFFICULTY, armor_break="at_least_double",
                auto_hit=False, spray_targets=0, spray_reading="least", spray_dice="beyond_first")
    unknown = set(kw) - set(opts)
    if unknown:
        raise TypeError(f"unknown options {sorted(unknown)}")
    opts.update(kw)

    def one_shot(pool: int, soak: int, armor_: int) -> Dist:
        return attack_dist(pool, attack_difficulty, damage_dice, soak_pool=soak, armor=armor_,
                           **opts).map(lambda o: (o[1], o[2]))

    state = Dist.constant((0, False, False))
    for pool in pools:
        intact = one_shot(pool, soak_without_armor + armor_dice, armor)
        broken = one_shot(pool, soak_without_armor, 0)
        state = state.bind(lambda s: (broken if s[2] else intact).map(
            lambda o: (s[0] + o[0], s[1] or o[0] > stun_above, s[2] or o[1])))
    return state


# ---- cover on both sides (003, «Укрытие») -------------------------------------------------------

#: «упасть на землю» is a cover kind in 003 but has no row in its cover table. Its +1 is inferred
#: from 003's own example (prone against a wall: «у обоих Трудность … будет иметь +2»), which
#: holds only if lying prone counts as +1 under :func:`cover_difficulty`.
PRONE_COVER = 1


def cover_difficulty(target_cover: int, shooter_cover: int = 0) -> int:
    """The difficulty a shot gets from cover on both sides.

    «Персонаж, находящийся в укрытии, и стреляющий из него, получает увеличение Трудности на 1
    меньше, чем тот, кто по нему стреляет»; «В том случае, если оба персонажа находятся в укрытии,
    то Трудность их бросков складывается.» → target's cover + max(0, own cover − 1).
    """
    return target_cover + max(0, shooter_cover - 1)
