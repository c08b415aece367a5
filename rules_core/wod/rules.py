"""Classic World of Darkness: soak, armor, stunning («Оглушен») and one attack, exactly (sources 002, 003).

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
* Extra hit successes add damage dice — the classic rule that every attack success beyond
  the first adds a die to the damage pool. 002/003 never state it; they only imply it
  (003, automatic fire: «этот распределенный Успех так же прибавляется к запасу кубиков при броске
  повреждений»; full-clip fire: «Дополнительные Успехи добавляются к обычному броску
  повреждения»). «Сериал» (000) removes it. A switch, on by default.
"""

from __future__ import annotations

from functools import lru_cache

from fractions import Fraction

from ..dice import Dist
from . import readings, tables
from .pool import d10_pool, net_successes

__all__ = [
    "AIM_DICE_PER_ROUND",
    "AMBUSH_POOL",
    "AMBUSH_POOL_CHOICES",
    "AMBUSH_PREPARE_DIFFICULTY",
    "AMBUSH_VICTIM_DIFFICULTY",
    "ARMOR_BREAK",
    "ARMOR_BREAK_READINGS",
    "ARMOR_RUIN",
    "ARMOR_RUIN_CHOICES",
    "ARMOR_SOAK",
    "ARMOR_SOAK_READINGS",
    "ATTACK_BOTCH",
    "AUTOFIRE_DODGE",
    "AUTOFIRE_DODGE_CHOICES",
    "AUTOFIRE_DODGE_READING",
    "AUTO_HIT",
    "BLIND_DEFENCE",
    "BLIND_DEFENCE_CHOICES",
    "BLIND_DIFFICULTY",
    "BLIND_RANGED",
    "BLIND_RANGED_CHOICES",
    "BLIND_TARGET_DICE",
    "DAMAGE_DIFFICULTY",
    "DAMAGE_TYPES",
    "DIFFICULTY_PAST_TEN",
    "DISARM_ACCURACY",
    "DISARM_ACCURACY_CHOICES",
    "EXTRA_SUCCESSES_ADD",
    "FALL_DAMAGE_LEVELS",
    "FALL_INITIATIVE",
    "FALL_ROLLS_AGAIN",
    "FLANK_DICE",
    "HALF_PENALTY_CHOICES",
    "HALF_PENALTY_MELEE",
    "HALF_PENALTY_ROUNDING",
    "HELPLESS_DAMAGE",
    "HELPLESS_DAMAGE_CHOICES",
    "HELPLESS_DAMAGE_DICE",
    "KNOCKDOWN_DIFFICULTY",
    "MULTIPLE_OPPONENTS_MAX",
    "OFF_HAND_DIFFICULTY",
    "ONES_CANCEL_DAMAGE",
    "ONES_CANCEL_OTHER",
    "POINT_BLANK_METRES",
    "PRONE_COVER",
    "RANGE_DIFFICULTY",
    "RANGE_UNIT",
    "RANGE_UNIT_CHOICES",
    "READINGS",
    "SCOPE_DICE",
    "SCOPE_NEEDS_AIM",
    "SOAK_DIFFICULTY",
    "SPRAY_DICE",
    "SPRAY_DICE_READINGS",
    "SPRAY_READINGS",
    "SPRAY_SHARE",
    "SPRAY_SINGLE_TARGET_ROUNDS_DOWN",
    "SUPERNATURAL_STUN_BONUS",
    "SURPRISE_DIFFICULTY",
    "TACKLE_DIFFICULTY",
    "TACKLE_NEXT_ROUND",
    "YARD_METRES",
    "aim_dice",
    "ambush_pool",
    "armor_dexterity_penalty",
    "armor_ruined",
    "attack_dist",
    "blow_soak_pool",
    "body_soak_dice",
    "cover_difficulty",
    "damage_soak_dist",
    "defended",
    "disarm_dice",
    "fall_outcome",
    "helpless_damage_dice",
    "multiple_opponents_penalty",
    "multiple_shot_pools",
    "range_band",
    "shots_dist",
    "soak_dice",
    "soak_dist",
    "soak_levels",
    "soak_successes",
    "spray_share",
    "stun_threshold",
    "surprise_avoided",
]

DAMAGE_TYPES = ("bashing", "lethal", "aggravated")
ARMOR_BREAK_READINGS = readings.ARMOR_BREAK.values
ARMOR_SOAK_READINGS = readings.ARMOR_SOAK.values
#: The readings taken (see the module's docstring): armor is ruined at twice its rating; armor only
#: adds dice to a soak the body may make; 1s do not cancel on damage and soak rolls; extra hit
#: successes add damage dice; an attack botches with no success and a 1.
ARMOR_BREAK = readings.ARMOR_BREAK.default
ARMOR_SOAK = readings.ARMOR_SOAK.default
ONES_CANCEL_DAMAGE = readings.ONES_CANCEL_DAMAGE.default
EXTRA_SUCCESSES_ADD = readings.EXTRA_SUCCESSES_ADD.default
ATTACK_BOTCH = readings.ATTACK_BOTCH.default

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
              armor_soak: str = ARMOR_SOAK) -> int:
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


def armor_ruined(damage_successes: int, armor: int, reading: str = ARMOR_BREAK) -> bool:
    """Whether one attack's damage successes ruin armor of this rating (002)."""
    if reading not in ARMOR_BREAK_READINGS:
        raise ValueError(f"reading must be one of {ARMOR_BREAK_READINGS}")
    if armor <= 0:
        return False
    if reading == "at_least_double":
        return damage_successes >= 2 * armor
    return damage_successes > 2 * armor


#: 002: «Броня позволяет избежать лишь части повреждений, после чего она выходит из строя» — does armor soak
#: the very blow that ruins it? ``"soaks_it"`` (default: its dice are in that blow's soak roll; from the next
#: attack on it soaks no more) or ``"ruined_first"`` (the ruining blow is soaked without the armor's dice).
ARMOR_RUIN_CHOICES = readings.ARMOR_RUIN.values
ARMOR_RUIN = readings.ARMOR_RUIN.default


def blow_soak_pool(damage_successes: int, soak_pool: int, armor: int, armor_dice: int,
                   armor_break: str = ARMOR_BREAK, armor_ruin: str = ARMOR_RUIN) -> int:
    """The soak dice against one blow of ``damage_successes``: the whole ``soak_pool``, or, when this very
    blow ruins the armor and the reading is ``"ruined_first"`` (:data:`ARMOR_RUIN`), the pool without the
    ``armor_dice`` the armor put in it.

    >>> blow_soak_pool(4, 5, 2, 2), blow_soak_pool(4, 5, 2, 2, armor_ruin="ruined_first")
    (5, 3)
    >>> blow_soak_pool(3, 5, 2, 2, armor_ruin="ruined_first")
    5
    """
    if armor_ruin not in ARMOR_RUIN_CHOICES:
        raise ValueError(f"armor_ruin must be one of {ARMOR_RUIN_CHOICES}")
    if armor_ruin == "ruined_first" and armor_ruined(damage_successes, armor, armor_break):
        return soak_pool - armor_dice
    return soak_pool


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
                     soak_difficulty: int, armor: int, reading: str = ARMOR_BREAK) -> Dist:
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
                extra_successes_add: bool = EXTRA_SUCCESSES_ADD, botch_rule: str = ATTACK_BOTCH,
                damage_difficulty: int = DAMAGE_DIFFICULTY, ones_cancel_damage: bool = ONES_CANCEL_DAMAGE,
                soak_pool: int = 0, soak_difficulty: int = SOAK_DIFFICULTY, armor: int = 0,
                armor_break: str = ARMOR_BREAK, auto_hit: bool = False,
                spray_targets: int = 0, spray_reading: str | None = None,
                spray_dice: str | None = None, defence: Dist | None = None,
                spray_single_rounds_down: bool | None = None, armor_dice: int | None = None,
                armor_ruin: str = ARMOR_RUIN) -> Dist:
    """One attack, exactly: outcomes ``(status, levels, armor_ruined)``.

    ``status`` is ``"hit"``, ``"miss"`` or ``"botch"``; a miss or a botch deals 0 levels. On a
    hit with ``a`` net successes the damage pool is ``damage_dice + (a − 1)`` when extra
    successes add dice, else ``damage_dice``; the damage roll meets one soak roll.
    ``auto_hit`` (a fully immobilized victim, 002/003) skips the attack roll: one success.
    ``spray_targets`` > 0: automatic fire (spray); this target's successes are its share
    (:func:`spray_share`), and they count like a hit's successes — except against a helpless target,
    which is hit automatically with one success, as by any other attack. ``spray_dice``
    (:data:`SPRAY_DICE_READINGS`): the share's successes beyond the first add damage dice, or all of them.
    ``defence``: the net successes of the target's block, dodge or parry (003: «(R): маневр уменьшает
    успехи нападения противника»), taken off this target's successes (its share of a spray).
    ``armor_dice``: what the intact armor put into ``soak_pool`` (default its rating); ``armor_ruin``
    (:data:`ARMOR_RUIN`): whether the blow that ruins the armor is soaked with those dice.
    """
    armor_dice = armor if armor_dice is None else armor_dice
    if armor_ruin not in ARMOR_RUIN_CHOICES:
        raise ValueError(f"armor_ruin must be one of {ARMOR_RUIN_CHOICES}")
    spray_reading = SPRAY_SHARE if spray_reading is None else spray_reading
    spray_dice = SPRAY_DICE if spray_dice is None else spray_dice
    if spray_dice not in SPRAY_DICE_READINGS:
        raise ValueError(f"spray_dice must be one of {SPRAY_DICE_READINGS}")
    attack = Dist.constant(1) if auto_hit else d10_pool(attack_dice, attack_difficulty, True, botch_rule)
    spraying = bool(spray_targets) and not auto_hit  # a helpless target is hit anyway («автоматически … удачной»)
    if spraying:
        attack = attack.map(lambda a: a if a == "botch" else spray_share(a, spray_targets, spray_reading,
                                                                          spray_single_rounds_down))
    # the first success adds a die too when a spray's whole share adds («all»)
    first = 1 if spraying and spray_dice == "all" else 0
    if defence is not None and not auto_hit:
        attack = attack.combine(defence, lambda a, d: a if a == "botch" else defended(a, d))

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
    whole = soak_dist(soak_pool, soak_difficulty, ones_cancel_damage)
    if armor_ruin == "soaks_it" or not any(ruined.values()):
        return rolled.combine(whole, soaked)
    stripped = soak_dist(soak_pool - armor_dice, soak_difficulty, ones_cancel_damage)  # the ruining blow's soak
    return rolled.bind(lambda s: (stripped if s not in (BOTCH, MISS) and ruined[s] else whole).map(
        lambda k: soaked(s, k)))


def defended(attack_successes: int, defence_successes: int) -> int:
    """The attack's successes left after a block, dodge or parry: «(R): маневр уменьшает успехи
    нападения противника» (003's melee table) — one for each success of the defense.

    >>> defended(3, 1), defended(2, 4)
    (2, 0)
    """
    return max(0, attack_successes - defence_successes)


# ---- situations and complications (002, 003) --------------------------------------------------

#: 002: «получают дополнительный кубик при бросках на атаку – и два дополнительных кубика, если
#: персонажи атакуют с тыла».
FLANK_DICE = {"front": 0, "flank": 1, "rear": 2}
#: 002, «Несколько противников»: «кумулятивный штраф +1 к броскам на нападение и защиту для каждого
#: противника после первого (максимум до +4)», read as difficulty («„+2“ означает увеличение
#: сложности на два»).
MULTIPLE_OPPONENTS_MAX = readings.MULTIPLE_OPPONENTS_MAX.default
#: 002, «Бой вслепую»: «добавляет +2 к сложности Рукопашного боя и Фехтования»; 003, «Слепота»: «все
#: действия слепого персонажа происходят со Трудностью +2».
BLIND_DIFFICULTY = 2
#: 003: «Все атаки против слепой цели получаю два дополнительных кубика для броска атаки».
BLIND_TARGET_DICE = 2
#: A blind attacker's shot: 002 «Ослепленный персонаж не может выполнять дистанционные атаки»; 003 «все
#: действия слепого персонажа происходят со Трудностью +2». ``"impossible"`` (default, 002's words
#: for this very case) or ``"plus_two"`` (003's general rule).
BLIND_RANGED_CHOICES = readings.BLIND_RANGED.values
BLIND_RANGED = readings.BLIND_RANGED.default
#: A blind defender's own block, dodge or parry: 002 gives blindness «+2 к сложности Рукопашного боя и Фехтования»
#: (said of the blind one's attack), 003 «все действия слепого персонажа происходят со Трудностью +2».
#: ``"attack_only"`` (default: the +2 goes to the blind one's attack; a blind target gives the attacker
#: :data:`BLIND_TARGET_DICE` and defends at the usual difficulty) or ``"defence_too"`` (the blind target's
#: defense is at difficulty +2 as well).
BLIND_DEFENCE_CHOICES = readings.BLIND_DEFENCE.values
BLIND_DEFENCE = readings.BLIND_DEFENCE.default
#: 003, «Прицеливание»: «Каждый раунд, проведенный в прицеливании добавляет стреляющему 1
#: дополнительный кубик ... Максимальное число кубиков ... соответствует значению его Восприятия»;
#: «Оптический прицел добавляет этому броску еще два кубика».
AIM_DICE_PER_ROUND = 1
SCOPE_DICE = 2
#: Whether the scope's two dice need a round of aiming («этому броску»: the aimed shot). True
#: (default) or False (a scope adds two dice to any shot).
SCOPE_NEEDS_AIM = readings.SCOPE_NEEDS_AIM.default
#: 003, «Дальность»: «Все выстрелы на этом расстоянии имеют Трудность 6 ... Двойное значение дальности
#: ... Трудность 8 ... Выстрел по цели, находящийся в радиусе двух метров ... Трудность 4».
RANGE_DIFFICULTY = {"point_blank": 4, "short": 6, "long": 8}
POINT_BLANK_METRES = 2
#: 003's firearms table: «Прицельная дальность выстрела из оружия в ярдах (1 ярд = 0.91 м)», while
#: point-blank is «в радиусе двух метров». ``"yards"`` (default: a distance in metres is turned into
#: yards by 003's own 0.91) or ``"metres"`` (the table's numbers read as metres, as «Сериал» counts).
RANGE_UNIT_CHOICES = readings.RANGE_UNIT.values
RANGE_UNIT = readings.RANGE_UNIT.default
YARD_METRES = Fraction(91, 100)
#: 003: «Уклонение от автоматического огня получает Трудность +1». Which fire: ``"spray"`` (default,
#: the maneuver of that name) or ``"spray_and_full_auto"`` («Обстрел» too: «Персонаж, применивший полный
#: автоматический огонь»).
AUTOFIRE_DODGE = 1
AUTOFIRE_DODGE_CHOICES = readings.AUTOFIRE_DODGE_READING.values
AUTOFIRE_DODGE_READING = readings.AUTOFIRE_DODGE_READING.default
#: 003, «Два оружия»: «применение двух орудий является сложным действием, во вторых, выстрел "не с той
#: руки" получает Трудность +1». Read with the only split the excerpt gives («Несколько выстрелов»):
#: the first shot loses 2 dice, the second (the off hand) 3 and +1 difficulty.
OFF_HAND_DIFFICULTY = readings.OFF_HAND_DIFFICULTY.default


def multiple_opponents_penalty(opponents: int) -> int:
    """+1 difficulty for each opponent after the first, at most +4 (002).

    >>> [multiple_opponents_penalty(n) for n in (1, 2, 5, 9)]
    [0, 1, 4, 4]
    """
    if opponents < 1:
        raise ValueError("opponents ≥ 1")
    return min(MULTIPLE_OPPONENTS_MAX, opponents - 1)


def aim_dice(rounds: int, perception: int, scope: bool = False, scope_needs_aim: bool = SCOPE_NEEDS_AIM) -> int:
    """Dice aiming adds (003): one a round up to Восприятие, and the scope's two «дополнительно».

    >>> aim_dice(5, 3), aim_dice(2, 3, scope=True), aim_dice(0, 3, scope=True), aim_dice(0, 3, True, False)
    (3, 4, 0, 2)
    """
    if rounds < 0 or perception < 0:
        raise ValueError("rounds and perception ≥ 0")
    dice = min(rounds * AIM_DICE_PER_ROUND, perception)
    if scope and (rounds > 0 or not scope_needs_aim):
        dice += SCOPE_DICE
    return dice


def range_band(distance_m: int, weapon_range: int, unit: str = RANGE_UNIT) -> str | None:
    """The band of a shot at ``distance_m`` meters with a weapon of 003's ``weapon_range``: point
    blank (≤ 2 m), short (up to the range), long (up to twice it), or None (beyond: no shot).

    >>> range_band(2, 12), range_band(10, 12), range_band(11, 12), range_band(11, 12, "metres"), range_band(22, 12)
    ('point_blank', 'short', 'long', 'short', None)
    """
    if unit not in RANGE_UNIT_CHOICES:
        raise ValueError(f"unit must be one of {RANGE_UNIT_CHOICES}")
    if distance_m <= POINT_BLANK_METRES:
        return "point_blank"
    reach = weapon_range * (YARD_METRES if unit == "yards" else 1)
    if distance_m <= reach:
        return "short"
    return "long" if distance_m <= 2 * reach else None


# ---- ambush and the surprise of flank and rear (002) -------------------------------------------

#: Whether 1s cancel on the rolls that are neither damage nor soak (ambush, surprise, falling): the
#: excerpts say only that damage and soak rolls «не могут закончиться провалом». True (default, as on
#: attack rolls) or False.
ONES_CANCEL_OTHER = readings.ONES_CANCEL_OTHER.default

#: «Засада»: «выполняют броски на Восприятие + Бдительность со сложностью 8. Количество полученных
#: успешных баллов определяет запас бросков на действия в первом ходу»; «Чтобы подготовить засаду ...
#: бросок на Сообразительность + Маскировка (сложность 6)».
AMBUSH_VICTIM_DIFFICULTY = 8
AMBUSH_PREPARE_DIFFICULTY = 6
#: What «определяет запас бросков» means: ``"successes"`` (default, literal: the first turn's pools are
#: that many dice) or ``"at_most"`` (a pool is the smaller of its own dice and the successes).
AMBUSH_POOL_CHOICES = readings.AMBUSH_POOL.values
AMBUSH_POOL = readings.AMBUSH_POOL.default
#: «Сообразительность + Восприятие (сложность 6 для атак с фланга и 8 для нападения с тыла)».
SURPRISE_DIFFICULTY = {"flank": 6, "rear": 8}


def ambush_pool(successes: int, own_pool: int, reading: str = AMBUSH_POOL) -> int:
    """An ambushed character's pool for an action of the first turn.

    >>> ambush_pool(5, 3), ambush_pool(5, 3, "at_most"), ambush_pool(0, 3)
    (5, 3, 0)
    """
    if reading not in AMBUSH_POOL_CHOICES:
        raise ValueError(f"reading must be one of {AMBUSH_POOL_CHOICES}")
    return successes if reading == "successes" else min(successes, own_pool)


def surprise_avoided(successes: int, attacker_stealth: int) -> bool:
    """«количество набранных успешных баллов должно быть равно значению Маскировки у нападающего или
    превышать его (требуется минимум один успешный балл)».

    >>> surprise_avoided(2, 2), surprise_avoided(1, 0), surprise_avoided(0, 0)
    (True, True, False)
    """
    return successes >= max(1, attacker_stealth)


# ---- falling, the trip and the tackle (003) ----------------------------------------------------

#: «Таран»: «оба должны бросить Ловкость + Легкая Атлетика (Трудность 7) или же упасть на землю. Даже
#: если жертва имела успех в этом броске, она ... получит Трудность +1 на свое действие в следующем раунде».
TACKLE_DIFFICULTY = 7
TACKLE_NEXT_ROUND = 1
#: The trip's and the fall's Ловкость + Легкая Атлетика: 003 names no difficulty; the base 6.
KNOCKDOWN_DIFFICULTY = readings.KNOCKDOWN_DIFFICULTY.default
#: «Падение»: «При успешном броске персонаж может сразу же встать, но его инициатива в следующем раунде
#: получит -2 ... Если же бросок провален, то ... получает один уровень повреждений от удара».
FALL_INITIATIVE = -2
FALL_DAMAGE_LEVELS = 1
#: Whether a character knocked down rolls again for the fall («После того, как он упал, вы бросаете
#: Ловкость + Легкая Атлетика»): True (default, literal: two rolls, the one to stay up and the fall's)
#: or False (one roll: a failed roll to stay up is also the fall's roll).
FALL_ROLLS_AGAIN = readings.FALL_ROLLS_AGAIN.default


def fall_outcome(result) -> str:
    """The fall by its roll (a :func:`~rules_core.wod.pool.d10_pool` result): ``"up"`` (a success:
    stands at once, initiative −2 next round), ``"down"`` («не удался»: the next action goes to
    standing up) or ``"hurt"`` («провален», a botch: one level of damage).

    >>> fall_outcome(2), fall_outcome(0), fall_outcome("botch")
    ('up', 'down', 'hurt')
    """
    if result == "botch":
        return "hurt"
    return "up" if result >= 1 else "down"


# ---- armor and Dexterity (002, 003) ------------------------------------------------------------

#: 002: «Персонажи с Фехтованием 3 и выше или Силой (Силой + Стойкость), вдвое превышающей требуемое
#: для ношения доспеха значение, получают только половинный штраф к Ловкости.»
HALF_PENALTY_MELEE = 3
#: The half of an odd penalty (003's «Штраф Ловкости» 1 and 3): ``"down"`` (default) or ``"up"``.
HALF_PENALTY_CHOICES = readings.HALF_PENALTY_ROUNDING.values
HALF_PENALTY_ROUNDING = readings.HALF_PENALTY_ROUNDING.default


def armor_dexterity_penalty(rating: int, melee: int = 0, strength: int = 0, required: int | None = None,
                            rounding: str = HALF_PENALTY_ROUNDING, double: str = ARMOR_BREAK) -> tuple[int, bool]:
    """(the armor's penalty to Ловкость, whether halved) for an armor class of 003's table: halved
    with Фехтование 3+ or with Сила (+ Стойкость) «вдвое превышающей» the Strength the armor needs
    (``required``; the Dark Ages table that gives it is not in 002's excerpt: None — unknown);
    «вдвое превышает» as :func:`armor_ruined` reads it.

    >>> armor_dexterity_penalty(5), armor_dexterity_penalty(5, melee=3), armor_dexterity_penalty(5, 3, rounding="up")
    ((3, False), (1, True), (2, True))
    >>> armor_dexterity_penalty(4, strength=4, required=2), armor_dexterity_penalty(4, 0, 4, 2, double="more_than_double")
    ((1, True), (2, False))
    """
    if rounding not in HALF_PENALTY_CHOICES:
        raise ValueError(f"rounding must be one of {HALF_PENALTY_CHOICES}")
    row = next((a for a in tables.ARMOR if a["rating"] == rating), None)
    if rating == 0:
        return 0, False
    if row is None:
        raise ValueError("rating must be 0 or one of 003's armor classes")
    penalty = row["dexterity_penalty"]
    strong = required is not None and required > 0 and armor_ruined(strength, required, double)
    halved = melee >= HALF_PENALTY_MELEE or strong
    if halved:
        penalty = penalty // 2 if rounding == "down" else -(-penalty // 2)
    return penalty, halved


# ---- several shots and automatic fire (003) ----------------------------------------------------

SPRAY_READINGS = readings.SPRAY_SHARE.values
#: The share taken for the target in question (:func:`spray_share`): only the even share.
SPRAY_SHARE = readings.SPRAY_SHARE.default
#: «этот распределенный Успех так же прибавляется к запасу кубиков при броске повреждений» (003): the
#: target's share counts like a hit's successes — those beyond the first add dice (``"beyond_first"``,
#: default) — or every success of the share adds a die (``"all"``).
SPRAY_DICE_READINGS = readings.SPRAY_DICE.values
SPRAY_DICE = readings.SPRAY_DICE.default


def spray_share(successes: int, targets: int, reading: str = SPRAY_SHARE,
                single_rounds_down: bool | None = None) -> int:
    """Successes one target of automatic fire (spray) gets (003, «Автоматический огонь»).

    «Атакующий распределяет полученные успехи равномерно между всеми находившимися под обстрелом …
    После этого стрелявший распределяет свои оставшиеся Успехи, как он хочет. Если же Успехов было
    меньше, чем целей, то на цель приходится только один Успех, пока все Успехи не будут
    распределены. Если же под обстрелом находилась всего лишь одна цель, то она получит только
    половину Успехов.»

    One target: half the successes, rounded down or up (:data:`SPRAY_SINGLE_TARGET_ROUNDS_DOWN`;
    ``single_rounds_down`` None takes it).
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
        down = SPRAY_SINGLE_TARGET_ROUNDS_DOWN if single_rounds_down is None else single_rounds_down
        return successes // 2 if down else -(-successes // 2)
    if successes < targets:
        return 0 if reading == "least" else min(successes, 1)
    even, rest = divmod(successes, targets)
    return even if reading == "least" else even + rest


#: «она получит только половину Успехов»: an odd number of successes is halved rounding down.
SPRAY_SINGLE_TARGET_ROUNDS_DOWN = readings.SPRAY_SINGLE_TARGET_ROUNDS_DOWN.default


def multiple_shot_pools(pool: int, shots: int) -> list[int]:
    """Attack pools of several shots in one turn (003, «Несколько выстрелов»).

    «запас кубиков для первого выстрела будет уменьшен на общее число объявленных выстрелов,
    каждый последующий выстрел теряет дальнейший кубик» — shot i (from 1) rolls pool − shots − (i − 1),
    never below 0.
    """
    if shots < 1:
        raise ValueError("shots must be ≥ 1")
    return [max(0, pool - shots - i) for i in range(shots)]


def shots_dist(pools: list[int], attack_difficulty: int | list[int], damage_dice: int, *, stun_above: int,
               soak_without_armor: int, armor: int, armor_dice: int | None = None, **kw) -> Dist:
    """Several separate attacks on one target: outcomes ``(total levels, stunned, armor ruined)``.

    Each shot is its own attack with its own damage and soak roll («за каждую пулю причитается один
    бросок повреждений»); stunning is judged per attack; once armor is ruined the later shots are
    soaked without its rating. ``armor_dice`` is what the intact armor adds to the soak pool
    (its rating, or 0 when it may not soak this damage; see :data:`ARMOR_SOAK_READINGS`).
    ``attack_difficulty``: one for every shot, or a list, one per shot («Два оружия»: the off hand +1).
    """
    difficulties = attack_difficulty if isinstance(attack_difficulty, list) else [attack_difficulty] * len(pools)
    if len(difficulties) != len(pools):
        raise ValueError("one difficulty per shot")
    if armor_dice is None:
        armor_dice = armor
    opts = dict(extra_successes_add=EXTRA_SUCCESSES_ADD, botch_rule=ATTACK_BOTCH, damage_difficulty=DAMAGE_DIFFICULTY,
                ones_cancel_damage=ONES_CANCEL_DAMAGE, soak_difficulty=SOAK_DIFFICULTY, armor_break=ARMOR_BREAK,
                auto_hit=False, spray_targets=0, spray_reading=SPRAY_SHARE, spray_dice=SPRAY_DICE,
                spray_single_rounds_down=SPRAY_SINGLE_TARGET_ROUNDS_DOWN, armor_ruin=ARMOR_RUIN)
    unknown = set(kw) - set(opts)
    if unknown:
        raise TypeError(f"unknown options {sorted(unknown)}")
    opts.update(kw)

    def one_shot(pool: int, difficulty: int, soak: int, armor_: int, armor_dice_: int) -> Dist:
        return attack_dist(pool, difficulty, damage_dice, soak_pool=soak, armor=armor_, armor_dice=armor_dice_,
                           **opts).map(lambda o: (o[1], o[2]))

    state = Dist.constant((0, False, False))
    for pool, difficulty in zip(pools, difficulties):
        intact = one_shot(pool, difficulty, soak_without_armor + armor_dice, armor, armor_dice)
        broken = one_shot(pool, difficulty, soak_without_armor, 0, 0)
        state = state.bind(lambda s: (broken if s[2] else intact).map(
            lambda o: (s[0] + o[0], s[1] or o[0] > stun_above, s[2] or o[1])))
    return state


# ---- cover on both sides (003, «Укрытие») -------------------------------------------------------

#: «упасть на землю» is a cover kind in 003 but has no row in its cover table. Its +1 is inferred
#: from 003's own example (prone against a wall: «у обоих Трудность … будет иметь +2»), which
#: holds only if lying prone counts as +1 under :func:`cover_difficulty`.
PRONE_COVER = readings.PRONE_COVER.default


def cover_difficulty(target_cover: int, shooter_cover: int = 0) -> int:
    """The difficulty a shot gets from cover on both sides.

    «Персонаж, находящийся в укрытии, и стреляющий из него, получает увеличение Трудности на 1
    меньше, чем тот, кто по нему стреляет»; «В том случае, если оба персонажа находятся в укрытии,
    то Трудность их бросков складывается.» → target's cover + max(0, own cover − 1).
    """
    return target_cover + max(0, shooter_cover - 1)


#: 003's melee table gives «Обезоружить» the accuracy «Нормальная +1». ``"die"`` (default): +1 die to the roll, as the
#: table's own key says of accuracy («„+2“ означает добавление двух кубиков»); ``"none"``: «Нормальная» accuracy, no die —
#: the «+1» being the difficulty, already in the table's 7 (one over the base 6).
DISARM_ACCURACY_CHOICES = readings.DISARM_ACCURACY.values
DISARM_ACCURACY = readings.DISARM_ACCURACY.default


def disarm_dice(reading: str | None = None) -> int:
    """The dice «Обезоружить» adds to the attack (:data:`DISARM_ACCURACY`).

    >>> disarm_dice(), disarm_dice("none")
    (1, 0)
    """
    reading = DISARM_ACCURACY if reading is None else reading
    if reading not in DISARM_ACCURACY_CHOICES:
        raise ValueError(f"reading must be one of {DISARM_ACCURACY_CHOICES}")
    return next(m for m in tables.MELEE_MANEUVERS if m["key"] == "disarm")["accuracy_dice"] if reading == "die" else 0


#: A completely immobilized victim: 002 «атака автоматически считается удачной. В таких случаях запас бросков на
#: повреждения увеличивается на 2 кубика»; 003 («Обездвижен») only «все атаки против него считаются автоматически
#: успешными», with no word of dice. ``"plus_two"`` (default, 002's words for this very case) or ``"none"`` (003: the
#: attack hits, the damage pool is the weapon's).
HELPLESS_DAMAGE_DICE = 2
HELPLESS_DAMAGE_CHOICES = readings.HELPLESS_DAMAGE.values
HELPLESS_DAMAGE = readings.HELPLESS_DAMAGE.default


def helpless_damage_dice(reading: str | None = None) -> int:
    """The damage dice an attack on a completely immobilized victim adds (:data:`HELPLESS_DAMAGE`).

    >>> helpless_damage_dice(), helpless_damage_dice("none")
    (2, 0)
    """
    reading = HELPLESS_DAMAGE if reading is None else reading
    if reading not in HELPLESS_DAMAGE_CHOICES:
        raise ValueError(f"reading must be one of {HELPLESS_DAMAGE_CHOICES}")
    return HELPLESS_DAMAGE_DICE if reading == "plus_two" else 0


#: An automatic hit's successes (:data:`AUTO_HIT`) and a final difficulty past 10 (:data:`DIFFICULTY_PAST_TEN`): read
#: by the attack calculator's setup; their records say whether a calculator offers the other reading.
AUTO_HIT = readings.AUTO_HIT.default
DIFFICULTY_PAST_TEN = readings.DIFFICULTY_PAST_TEN.default

#: The named readings of this module, declared in :mod:`.readings` (each a calculator's switch where it changes a
#: result); ``tests/test_wod_readings.py`` flips each one.
READINGS = tuple(r.name for r in readings.READINGS)
