"""«Лысогорские сказочки»: shooting: the modifiers of one shot, two guns.

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist
from .. import readings, tables
from .checks import extra_actions_penalty, opposed_outcome, p_success

__all__ = [
    "GUN_KINDS",
    "SNIPER",
    "SNIPER_READINGS",
    "TWO_GUNS_WRONG_HAND",
    "TWO_GUNS_WRONG_HAND_READINGS",
    "TWO_GUN_KINDS",
    "p_shot_hits",
    "shot_modifiers",
]


#: The kinds of guns the shooting rules tell apart: «возможна только из оружия, которое используется
#: навыком Стрельба (пистолет), то есть из пистолетов, револьверов или пистолетов-пулеметов»;
#: «Модификаторы на попадание за расстояние не применяются к дробовикам»; the body-part «Модификаторы на
#: попадание не применяются, если огонь ведется из снайперской винтовки».
GUN_KINDS = ("pistol", "smg", "rifle", "sniper", "shotgun")
TWO_GUN_KINDS = ("pistol", "smg")

#: Two-gun shooting and the wrong hand: «Стрельба по-македонски – модификатор -2» and «Стрельба «не с той»
#: руки (с левой для правши) – модификатор -2» — one gun is always in the other hand. ``"included"``
#: (default): the −2 for two guns is all; ``"adds"``: the wrong hand's −2 comes on top.
TWO_GUNS_WRONG_HAND_READINGS = readings.TWO_GUNS_WRONG_HAND.values
TWO_GUNS_WRONG_HAND = readings.TWO_GUNS_WRONG_HAND.default


def _shooting_modifier(mid: str) -> int:
    return next(m["modifier"] for m in tables.SHOOTING_MODIFIERS if m["id"] == mid)


#: A sniper rifle: «Модификаторы на попадание не применяются, если огонь ведется из снайперской
#: винтовки» stands right under the body parts' modifiers, and does not say which. ``"body_part"``
#: (default): the body parts' modifiers to hit; ``"body_part_and_range"``: the range's too (as
#: «Модификаторы на попадание за расстояние не применяются к дробовикам»).
SNIPER_READINGS = readings.SNIPER.values
SNIPER = readings.SNIPER.default


def shot_modifiers(gun: str = "pistol", range_: str = "close", cover: str = "none", two_guns: bool = False,
                   wrong_hand: bool = False, shifting: bool = False, aimed: bool = False, thinking: int = 0,
                   part: str = "none", actions: int = 1, wrong_hand_reading: str | None = None,
                   sniper_reading: str | None = None) -> list[tuple[str, int]]:
    """Every modifier of one Стрельба check, ``[(what, value)]`` (0s left out): range (not for
    shotguns), the target's cover, two guns, the wrong hand, shifting fire, aiming («с положительным
    модификатором, равным Мышлению стрелка»), a body part (not from a sniper rifle, nor its range by
    :data:`SNIPER_READINGS`) and the penalty for the actions of the round (:func:`extra_actions_penalty`).

    >>> shot_modifiers("pistol", "medium", aimed=True, thinking=3, part="head", actions=2)
    [('medium', -2), ('aimed', 3), ('head', -5), ('actions', -1)]
    """
    reading = TWO_GUNS_WRONG_HAND if wrong_hand_reading is None else wrong_hand_reading
    if reading not in TWO_GUNS_WRONG_HAND_READINGS:
        raise ValueError(f"reading must be one of {TWO_GUNS_WRONG_HAND_READINGS}")
    sniper = SNIPER if sniper_reading is None else sniper_reading
    if sniper not in SNIPER_READINGS:
        raise ValueError(f"sniper_reading must be one of {SNIPER_READINGS}")
    out = []
    range_free = gun == "shotgun" or (gun == "sniper" and sniper == "body_part_and_range")
    if not range_free and range_ in ("medium", "far"):
        out.append((range_, _shooting_modifier(range_)))
    if cover != "none":
        out.append((cover, _shooting_modifier(cover)))
    if two_guns:
        out.append(("two_guns", _shooting_modifier("two_guns")))
    if wrong_hand and (not two_guns or reading == "adds"):
        out.append(("wrong_hand", _shooting_modifier("wrong_hand")))
    if shifting:
        out.append(("shifting", _shooting_modifier("shifting")))
    if aimed:
        out.append(("aimed", thinking))
    if part != "none" and gun != "sniper":
        out.append((part, tables.AIMED_SHOTS[part]["to_hit"]))
    if extra_actions_penalty(actions):
        out.append(("actions", extra_actions_penalty(actions)))
    return [(k, v) for k, v in out if v]


def p_shot_hits(shooting: Dist, size: str, dodge: Dist | None = None) -> Fraction:
    """P(a shot hits): against a target that does not dodge, «удачную проверку на навык Стрельбы против
    УС, зависящего от размера цели»; against one that dodges (``dodge``: its Уклонение, without the size
    modifier), an opposed check with the size's dodge modifier, the dodge counted as at least the
    stationary УС, and a tie to the shooter («Стрельба перевешивает Уклонение»)."""
    row = tables.TARGET_SIZE[size]
    if dodge is None:
        return p_success(shooting, row["difficulty"])
    return opposed_outcome(shooting, dodge + row["dodge_modifier"], "attacker", row["difficulty"])["attacker"]
