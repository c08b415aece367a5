"""What several calculators of «Мир Тьмы: Сериал» share: the bounds of their inputs and the
parameters for a damage tag and the readings of death's door.
"""

from __future__ import annotations

from ...spec import Param, T, bool_param, choice_param, int_param
from .. import rules

__all__ = ["MAX_POOL", "MAX_TRAIT", "MAX_HEALTH", "MAX_ABSORPTION", "MAX_STAMINA", "MAX_PORTION", "TAG_PARAM",
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
TWO_RESISTANCES_PARAM = choice_param(
    "two_resistances", "Две Устойчивости к одному типу", "Two resistances to one type", rules.TWO_RESISTANCES, [
        ("one", "действуют как одна (не складываются)", "work as one (do not add up)"),
        ("none", "не работает ни одна", "neither works"),
    ], help=T("Источник: «Две устойчивости к одному и тому же типу урона просто не работают» — рядом с «Две "
              "уязвимости ... не складываются».",
              "The source: two resistances to one damage type «simply do not work» — next to «two "
              "vulnerabilities do not add up»."),
    group="readings", when={"param": "tag", "eq": "two_resistances"})
TAG_ORDER_PARAM = choice_param(
    "tag_order", "Устойчивость/Уязвимость: до или после УП", "Resistance/Vulnerability: before or after soak levels",
    rules.TAG_ORDER, [
        ("before_absorption", "Броня, тэг, затем УП", "Armor, the tag, then soak levels"),
        ("after_absorption", "Броня, УП, тэг — только к урону в Здоровье", "Armor, soak levels, the tag only on "
         "the damage to Health"),
    ], help=T("«Устойчивость срабатывает после броска повреждения и после влияния Брони» — до или после Уровней "
              "Поглощения, не сказано. Иммунитет — всегда до.",
              "«Resistance applies after the damage roll and after the effect of Armor» — before or after the soak "
              "levels is not said. Immunity always before."),
    group="readings", when={"param": "tag", "in": ["resistance", "vulnerability", "two_resistances",
                                                   "two_vulnerabilities"]})
NEGATIVE_RULE_PARAM = choice_param(
    "negative_rule", "Когда урон сверх порога убивает", "When damage beyond the threshold kills",
    rules.NEGATIVE_HITS_RULE, [
        ("more_than", "больше порога («больше 12», «суммарно более 12»)",
         "more than the threshold («больше 12»)"),
        ("at_least", "достигнув порога («получив которые ... умирает»)",
         "reaching it («получив которые ... умирает»)"),
    ], help=T("Источник говорит по-разному: «больше 12» и «то количество повреждений, получив "
              "которые, персонаж мгновенно ... умирает».",
              "The source says both «more than 12» and «the amount of damage on taking which "
              "the character dies»."), group="readings")
EXCESS_BURNS_PARAM = choice_param(
    "excess_burns", "Излишек урона, приведшего на Порог, сгорает",
    "The excess of the damage that brought to death's door burns", rules.EXCESS_BURNS, [
        ("first", "только в первый раз в сцене (пункт 4)", "only the first time in the scene (rule 4)"),
        ("every", "каждый раз («не учитывается в этом расчете»)", "every time (the states' words)"),
    ], help=T("Пункт 4: «первый раз ... сгорает»; состояния 1–3: «Урон, который привел его на Порог "
              "Смерти, не учитывается в этом расчете».",
              "Rule 4: the first time it burns; states 1–3: the damage that brought the character "
              "to the door is not counted."), group="readings")
BELOW_ONE_PARAM = choice_param(
    "below_one", "Бросок Порога ниже 1", "Death's-door roll below 1", rules.BELOW_ONE, [
        ("last_breath", "считается как 1 (Последний вздох)", "counts as 1 (Last breath)"),
        ("death", "смерть", "death"),
    ], help=T("Источник не говорит, что значит результат меньше 1.",
              "The source does not say what a result below 1 means."), group="readings")


NONLETHAL_COUNTS_PARAM = bool_param(
    "nonlethal_roll_counts", "Чёт/нечет нелетального урона — тоже бросок Порога (−1 следующим)",
    "A nonlethal odd/even roll is a death's-door roll too (−1 to the later ones)", rules.NONLETHAL_ROLL_COUNTS,
    help=T("«За каждый бросок Порога в рамках одной сцены вычитается единица»; для нелетального урона «бросается "
           "только чет/нечет» — бросок ли это Порога, не сказано.",
           "One is taken off for every death's-door roll of the scene; for nonlethal damage «only odd/even is "
           "rolled» — whether that is a death's-door roll is not said."), group="readings")


def nonlethal_before_param(name: str, rolls: str) -> "Param":
    """How many of the scene's earlier rolls (the parameter ``rolls``) were odd/even ones of nonlethal damage."""
    return int_param(name, "Из них чёт/нечет (нелетальный урон)", "Of them odd/even (nonlethal damage)", 0, 0, 10,
                     group="details", when={"param": rolls, "min": 1})


ONES_PARAM = bool_param(
    "ones_cancel", "Единицы вычитают успехи и на этих бросках", "1s cancel successes on these rolls too",
    rules.OTHER_ONES_CANCEL,
    help=T("Источник говорит только про урон («единички не вычитаются») и захват («единички вычитаются»); "
           "для остальных бросков — как на бросках попадания.",
           "The source only speaks of damage (1s do not cancel) and grappling (1s cancel); other rolls "
           "are read as hit rolls."), group="readings")


def _yes(b: bool) -> dict:
    return T("да", "yes") if b else T("нет", "no")
