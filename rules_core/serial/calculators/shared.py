"""What several calculators of «Мир Тьмы: Сериал» share: the bounds of their inputs and the
parameters for a damage tag and the readings of death's door.
"""

from __future__ import annotations

from ...spec import Param, T, choice_param, int_param
from .. import readings

__all__ = ["yes_no", "MAX_POOL", "MAX_TRAIT", "MAX_HEALTH", "MAX_ABSORPTION", "MAX_STAMINA", "MAX_PORTION", "TAG_PARAM",
           "TWO_RESISTANCES_PARAM", "TAG_ORDER_PARAM", "NEGATIVE_RULE_PARAM", "EXCESS_BURNS_PARAM", "BELOW_ONE_PARAM", "ONES_PARAM",
           "NONLETHAL_COUNTS_PARAM", "nonlethal_before_param"]

MAX_POOL = 30
MAX_TRAIT = 10
MAX_HEALTH = 30
MAX_ABSORPTION = 60
MAX_STAMINA = 15
MAX_PORTION = 60

TAG_PARAM = choice_param("tag", "Тэг урона у цели", "Target's tag for this damage", "none", [
    ("none", "нет", "none"),
    ("resistance", "Устойчивость (÷2, вверх)", "Resistance (halve, round up)"),
    ("vulnerability", "Уязвимость (×2)", "Vulnerability (double)"),
    ("immunity", "Иммунитет (0)", "Immunity (nothing)"),
    ("both", "Устойчивость и Уязвимость (взаимно убирают)", "Both (they cancel)"),
    ("two_resistances", "две Устойчивости к этому типу", "Two resistances to this type"),
    ("two_vulnerabilities", "две Уязвимости к этому типу (не складываются)", "Two vulnerabilities (do not add up)"),
], group="details")
TWO_RESISTANCES_PARAM = readings.TWO_RESISTANCES.switch(when={"param": "tag", "eq": "two_resistances"})
TAG_ORDER_PARAM = readings.TAG_ORDER.switch(when={"param": "tag", "in": ["resistance", "vulnerability", "two_resistances",
                                                   "two_vulnerabilities"]})
NEGATIVE_RULE_PARAM = readings.NEGATIVE_HITS_RULE.switch()
EXCESS_BURNS_PARAM = readings.EXCESS_BURNS.switch()
BELOW_ONE_PARAM = readings.BELOW_ONE.switch()


NONLETHAL_COUNTS_PARAM = readings.NONLETHAL_ROLL_COUNTS.switch()


def nonlethal_before_param(name: str, rolls: str) -> "Param":
    """How many of the scene's earlier rolls (the parameter ``rolls``) were odd/even ones of nonlethal damage."""
    return int_param(name, "Из них чёт/нечет (нелетальный урон)", "Of them odd/even (nonlethal damage)", 0, 0, 10,
                     group="details", when={"param": rolls, "min": 1})


ONES_PARAM = readings.OTHER_ONES_CANCEL.switch()


def yes_no(b: bool) -> dict:
    """«да»/«нет» in both languages."""
    return T("да", "yes") if b else T("нет", "no")
