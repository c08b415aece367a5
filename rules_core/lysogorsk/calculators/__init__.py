"""Calculators of «Лысогорские сказочки» (001), one module per topic of the rules (and of its page):

* :mod:`.checks` — ``lysogorsk-check``;
* :mod:`.damage` — ``lysogorsk-damage``;
* :mod:`.alcohol` — ``lysogorsk-drunkenness``;
* :mod:`.stress` — ``lysogorsk-breakdown``;
* :mod:`.shooting` — ``lysogorsk-area-fire``;
* :mod:`.thrown` — ``lysogorsk-thrown-miss``;
* :mod:`.survival` — ``lysogorsk-survival``.

The numbers come from :mod:`rules_core.lysogorsk.rules` and :mod:`rules_core.lysogorsk.tables`.
"""

from __future__ import annotations

from ...spec import Calculator, T
from . import alcohol, checks, damage, shooting, stress, survival, thrown

__all__ = ["CALCULATORS"]

CALCULATORS = [
    Calculator(
        id="lysogorsk-check", system="lysogorsk", kind="check",
        title=T("Проверка: 2К + атрибут + навык", "Check: 2d6 + attribute + skill"),
        description=T("Шанс успеха против УС и запас; противопоставленная проверка (ничья — «атакующему»).",
                      "The chance of success against a УС and the margin; opposed checks (ties to the «attacker»)."),
        params=checks.PARAMS, compute=checks.compute, roll=checks.roll, summary=("p_success",),
    ),
    Calculator(
        id="lysogorsk-damage", system="lysogorsk", kind="damage",
        title=T("Урон и ранение", "Damage and the wound it leaves"),
        description=T("2К + Мощность − (Защита − Бронебойность), преграды, прицельные выстрелы, очереди, "
                      "падения, аварии, электричество, среда — и уровень ранения после.",
                      "2d6 + Power − (Protection − Armour piercing), cover, aimed shots, bursts, falls, crashes, "
                      "electricity, environment — and the wound level after."),
        params=damage.PARAMS, compute=damage.compute, roll=damage.roll, check=damage.check,
        summary=("mean_damage", "likeliest_state", "p_dying"),
    ),
    Calculator(
        id="lysogorsk-drunkenness", system="lysogorsk", kind="drunkenness",
        title=T("Опьянение", "Drunkenness"),
        description=T("Стадия после каждой порции (проверка Стойкости против УС напитка), эффекты и похмелье.",
                      "The stage after each drink (a Fortitude check against the drink's УС), effects and "
                      "the hangover."),
        params=alcohol.PARAMS, compute=alcohol.compute, roll=alcohol.roll, check=alcohol.check,
        summary=("likeliest_stage", "p_hangover"),
    ),
    Calculator(
        id="lysogorsk-breakdown", system="lysogorsk", kind="check",
        title=T("Нервный срыв", "Nervous breakdown"),
        description=T("2К − Сила духа + 2 за каждый срыв в сцене по таблице, и проверка после.",
                      "2d6 − Willpower + 2 per breakdown in the scene on the table, and the check after."),
        params=stress.PARAMS, compute=stress.compute, roll=stress.roll,
        summary=("likeliest_breakdown", "p_breakdown"),
    ),
    Calculator(
        id="lysogorsk-area-fire", system="lysogorsk", kind="attack",
        title=T("Стрельба по площади", "Area fire"),
        description=T("Кто на линии огня получит пулю: Уклонение (или 5) против одной проверки Стрельбы.",
                      "Who in the line of fire takes a bullet: Dodge (or 5) against one Shooting check."),
        params=shooting.PARAMS, compute=shooting.compute, roll=shooting.roll, summary=("expected_bullets",),
    ),
    Calculator(
        id="lysogorsk-thrown-miss", system="lysogorsk", kind="check",
        title=T("Куда упало метательное оружие", "Where a thrown weapon lands"),
        description=T("Проверка на Силу при промахе по таблице недолетов и перелетов.",
                      "The Strength check on a miss, read on the short / over table."),
        params=thrown.PARAMS, compute=thrown.compute, roll=thrown.roll, summary=("likeliest", "p_likeliest"),
    ),
    Calculator(
        id="lysogorsk-survival", system="lysogorsk", kind="check",
        title=T("Удушье, голод, жажда, без сна", "Suffocation, hunger, thirst, no sleep"),
        description=T("Сколько продержится персонаж: срок без проверок и шансы после него.",
                      "How long a character lasts: the time without checks and the odds after it."),
        params=survival.PARAMS, compute=survival.compute, roll=survival.roll, check=survival.check,
        summary=("chance", "grace"),
    ),
]
