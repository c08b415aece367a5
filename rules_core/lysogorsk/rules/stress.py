"""«Лысогорские сказочки»: the stress check that costs Уверенность (combat stress among them).

A section of the rules, :mod:`rules_core.lysogorsk.rules`.
"""

from __future__ import annotations

from ...dice import Dist
from .. import readings, tables
from .checks import check_passes
from .nervous_breakdown import breakdown

__all__ = [
    "COMBAT_MODIFIERS_TO",
    "COMBAT_MODIFIER_READINGS",
    "STRESS_OUTCOMES",
    "combat_stress_difficulty",
    "stress_breakdown",
    "stress_failure",
    "stress_outcome",
]


#: Which way the combat-stress modifiers work («Первый бой в жизни персонажа – модификатор +6»,
#: «Противники — сверхъестественные существа – модификатор +3»). ``"difficulty"`` (default): they
#: raise the УС — they make the fight more frightening; ``"result"``: they are added to the check's
#: result, as «Модификатор — это число, прибавляемое или вычитаемое из результата проверки» would
#: have it (the first fight would then be easier).
COMBAT_MODIFIER_READINGS = readings.COMBAT_MODIFIERS_TO.values
COMBAT_MODIFIERS_TO = readings.COMBAT_MODIFIERS_TO.default


def combat_stress_difficulty(situation: str, modifiers: tuple[str, ...] = (),
                             reading: str | None = None) -> tuple[int, int]:
    """(УС, modifier to the check) of the stress check at the start of a fight: the situation's
    УС (:data:`tables.COMBAT_STRESS`) and the modifiers that apply, all of them together
    (:data:`tables.COMBAT_STRESS_MODIFIERS`), by :data:`COMBAT_MODIFIER_READINGS`.

    >>> combat_stress_difficulty("equal", ("first_fight",))
    (11, 0)
    >>> combat_stress_difficulty("equal", ("first_fight",), "result")
    (5, 6)
    """
    reading = COMBAT_MODIFIERS_TO if reading is None else reading
    base = tables.COMBAT_STRESS[situation]["difficulty"]
    extra = sum(tables.COMBAT_STRESS_MODIFIERS[m]["modifier"] for m in modifiers)
    if reading == "difficulty":
        return base + extra, 0
    if reading == "result":
        return base, extra
    raise ValueError(f"reading must be one of {COMBAT_MODIFIER_READINGS}")


#: What a stress check can end in (:func:`stress_outcome`).
STRESS_OUTCOMES = ("pass", "lose", "lose_and_breakdown", "breakdown")


def stress_outcome(confidence: int, willpower: int, difficulty: int, modifier: int = 0, reroll: bool = False,
                   nervous: bool = False) -> Dist:
    """One stress check: «обычную проверку на навык Сила духа против сложности …. Если проверка
    провалена, то расходуется одна единица Уверенности»; the check is 2К + the current Уверенность +
    Сила духа.

    ``"pass"``; ``"lose"`` (Уверенность −1); a failure with no Уверенность left — «она должна
    уменьшиться до -1», so «вместо этого ему приходится пройти проверку на нервный срыв»:
    ``"breakdown"``; for a character with the feature Нервный, who «делает первую проверку, когда
    Уверенность падает вследствие стресса до нуля», a failure at Уверенность 1:
    ``"lose_and_breakdown"``.

    >>> stress_outcome(0, 2, 9)["breakdown"]
    Fraction(5, 12)
    """
    fail = stress_failure(confidence, nervous)
    passes = check_passes(confidence + willpower + modifier, difficulty, reroll)
    return passes.map(lambda ok: "pass" if ok else fail)


def stress_failure(confidence: int, nervous: bool = False) -> str:
    """What a failed stress check means at the current Уверенность (:func:`stress_outcome`)."""
    if confidence < 0:
        raise ValueError("the current Уверенность is never below zero")
    if confidence == 0:
        return "breakdown"
    if confidence == 1 and nervous:
        return "lose_and_breakdown"
    return "lose"


def stress_breakdown(outcome: Dist, willpower: int, breakdowns_in_scene: int = 1, modifier: int = 0) -> Dist:
    """The stress check followed by the breakdown table: ``None`` when no breakdown check is made,
    else the id of the row of :data:`tables.BREAKDOWN` (:func:`breakdown`)."""
    table = breakdown(willpower, breakdowns_in_scene, modifier)
    return outcome.bind(lambda o: table if o in ("breakdown", "lose_and_breakdown") else Dist.constant(None))
