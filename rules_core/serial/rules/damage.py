"""«Сериал»: damage roll, armor, tags (a section of the rules, :mod:`rules_core.serial.rules`)."""

from __future__ import annotations

from ...dice import Dist
from ...wod.pool import net_successes
from .. import tables
from .gaps import TAG_ORDER, TAG_ORDER_CHOICES, TWO_RESISTANCES, TWO_RESISTANCES_CHOICES
from .numbers import DAMAGE_DIFFICULTY, check_non_negative

__all__ = [
    "TAGS",
    "apply_tag",
    "armor_against",
    "damage_distribution",
    "damage_from_faces",
    "damage_pool",
    "effective_armor",
    "portion_after_armor",
    "tag_stages",
]


def damage_pool(strength: int = 0, weapon: int = 0, maneuver_dice: int = 0,
                ranged: bool = False) -> int:
    """«в ближнем бою ... сумма вашей Силы + модификатор повреждений оружия + опционально
    модификатор от Маневра»; firearms: «сумма наносимых оружием повреждений + опционально
    модификатор от Маневра» (Сила is ignored)."""
    return max(0, (0 if ranged else strength) + weapon + maneuver_dice)


def damage_distribution(dice: int, difficulty: int = DAMAGE_DIFFICULTY,
                        automatic: int = 0) -> Dist:
    """Damage rolled: successes of ``dice`` at ``difficulty`` («Бросок урона обычно идет по
    сложности 6, единички не вычитаются») plus ``automatic`` successes («+3 автоуспеха к
    броску урона»). Since the 1s do not cancel, only the count of faces ≥ difficulty matters.

    >>> damage_distribution(1)
    Dist({0: 1/2, 1: 1/2})
    """
    check_non_negative("dice", dice)
    rolled = net_successes(dice, difficulty, ones_cancel=False)
    return rolled + automatic if automatic else rolled


def damage_from_faces(faces: list[int], difficulty: int = DAMAGE_DIFFICULTY) -> int:
    """Damage of rolled faces: every face ≥ difficulty, 1s not subtracted.

    >>> damage_from_faces([1, 3, 6, 7, 7, 10])  # Маша: «Выпадает “1 3 6 7 7 10”. Это 4 урона.»
    4
    """
    return sum(f >= difficulty for f in faces)


def effective_armor(armors: list[int]) -> int:
    """«Броня никогда не стэкается»; «из нескольких источников Брони всегда работает только
    наибольший». Armor is 0..6: «Броня > 6 такой просто не бывает»."""
    for a in armors:
        if not isinstance(a, int) or not 0 <= a <= tables.MAX_ARMOR:
            raise ValueError(f"armor must be 0..{tables.MAX_ARMOR}")
    return max(armors, default=0)


def armor_against(armor: int, maneuver: str = "none") -> int:
    """Armor against one attack: tripled against «Град ударов» and «Короткая очередь»
    («Броня цели утраивается против этого удара»)."""
    return armor * tables.MANEUVERS[maneuver]["armor_multiplier"]


TAGS = ("none", "resistance", "vulnerability", "immunity", "both", "two_resistances", "two_vulnerabilities")


def apply_tag(damage: int, tag: str, two_resistances: str = TWO_RESISTANCES) -> int:
    """Tags, after the roll and after Броня: «Устойчивость ... уменьшается в 2 раза с
    округлением в большую сторону»; «Уязвимость ... удвоенное количество»; «Иммунитет» —
    nothing; «Устойчивость и Уязвимость к одному типу урона взаимно убирают друг друга»
    (``"both"``); «Две уязвимости к одному и тому же типу урона не складываются» — as one;
    «Две устойчивости ... просто не работают» — as one or none (:data:`TWO_RESISTANCES`).

    >>> apply_tag(5, "resistance"), apply_tag(5, "two_resistances"), apply_tag(5, "two_resistances", "none")
    (3, 3, 5)
    """
    if tag not in TAGS:
        raise ValueError(f"tag must be one of {TAGS}")
    if two_resistances not in TWO_RESISTANCES_CHOICES:
        raise ValueError(f"two_resistances must be one of {TWO_RESISTANCES_CHOICES}")
    if tag == "two_resistances":
        tag = "resistance" if two_resistances == "one" else "none"
    if tag == "two_vulnerabilities":
        tag = "vulnerability"
    if tag == "resistance":
        return -(-damage // 2)
    if tag == "vulnerability":
        return 2 * damage
    if tag == "immunity":
        return 0
    return damage


def tag_stages(tag: str, order: str | None = None) -> tuple[str, str]:
    """(the tag on the portion before the УП, the tag on what passes them) by :data:`TAG_ORDER`; «Иммунитет» always
    before.

    >>> tag_stages("resistance"), tag_stages("resistance", "after_absorption"), tag_stages("immunity", "after_absorption")
    (('resistance', 'none'), ('none', 'resistance'), ('immunity', 'none'))
    """
    order = TAG_ORDER if order is None else order
    if order not in TAG_ORDER_CHOICES:
        raise ValueError(f"order must be one of {TAG_ORDER_CHOICES}")
    if tag not in TAGS:
        raise ValueError(f"tag must be one of {TAGS}")
    return (tag, "none") if order == "before_absorption" or tag == "immunity" else ("none", tag)


def portion_after_armor(rolled: int, armor: int, tag: str = "none", two_resistances: str = TWO_RESISTANCES) -> int:
    """One portion of damage: «Значение Брони вычитается из каждой порции входящего урона»
    (never below 0), then the tag."""
    return apply_tag(max(0, rolled - armor), tag, two_resistances)
