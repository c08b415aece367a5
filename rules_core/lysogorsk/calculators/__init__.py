"""Calculators of «Лысогорские сказочки» (001), one module per topic of the rules (and of its page):

* :mod:`.checks` — ``lysogorsk-check``;
* :mod:`.damage` — ``lysogorsk-damage``;
* :mod:`.wounds` — ``lysogorsk-wounds``;
* :mod:`.temporary` — ``lysogorsk-temporary``;
* :mod:`.combat` — ``lysogorsk-actions``;
* :mod:`.initiative` — ``lysogorsk-initiative``;
* :mod:`.alcohol` — ``lysogorsk-drunkenness``;
* :mod:`.stress` — ``lysogorsk-stress``, ``lysogorsk-breakdown``;
* :mod:`.shooting` — ``lysogorsk-shot``, ``lysogorsk-area-fire``;
* :mod:`.thrown` — ``lysogorsk-thrown-miss``;
* :mod:`.survival` — ``lysogorsk-survival``;
* :mod:`.attributes` — ``lysogorsk-recovery``;
* :mod:`.magic` — ``lysogorsk-ritual``.

The numbers come from :mod:`rules_core.lysogorsk.rules` and :mod:`rules_core.lysogorsk.tables`.
"""

from __future__ import annotations

from ...spec import Calculator, T
from . import (alcohol, attributes, checks, combat, damage, initiative, magic, shooting, stress, survival, temporary,
               thrown, wounds)

__all__ = ["CALCULATORS"]

CALCULATORS = [
    Calculator(
        id="lysogorsk-check", system="lysogorsk", kind="check",
        title=T("Проверка: 2К + атрибут + навык", "Check: 2d6 + attribute + skill"),
        description=T("Шанс успеха против УС и запас; противопоставленная проверка (при равенстве преимущество на стороне «атакующего»).",
                      "The chance of success against a difficulty and the margin; opposed checks (a tie goes to the «attacker»)."),
        params=checks.PARAMS, compute=checks.compute, roll=checks.roll, summary=("p_success",),
    ),
    Calculator(
        id="lysogorsk-damage", system="lysogorsk", kind="damage",
        title=T("Урон и ранение", "Damage and the wound it leaves"),
        description=T("2К + Мощность − (Защита − Бронебойность), преграды, прицельные выстрелы, очереди, "
                      "падения, аварии, электричество, среда — и уровень ранения после.",
                      "2d6 + Power − (Protection − Armor piercing), cover, aimed shots, bursts, falls, crashes, "
                      "electricity, environment — and the wound level after."),
        params=damage.PARAMS, compute=damage.compute, roll=damage.roll, check=damage.check,
        summary=("mean_damage", "likeliest_state", "p_dying"),
    ),
    Calculator(
        id="lysogorsk-drunkenness", system="lysogorsk", kind="drunkenness",
        title=T("Опьянение", "Drunkenness"),
        description=T("Стадия после каждой порции (проверка Стойкости против УС напитка), эффекты и похмелье.",
                      "The stage after each drink (a Fortitude check against the drink's difficulty), effects and "
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
    Calculator(
        id="lysogorsk-wounds", system="lysogorsk", kind="check",
        title=T("Раненый: штрафы, кровотечение, лечение", "A wounded character: penalties, bleeding, healing"),
        description=T("Уровень ранения и штраф (с ранами головы и увечьем), кровотечение до «при смерти», "
                      "естественное и медицинское лечение за один период.",
                      "The wound level and penalty (with head wounds and a maimed limb), bleeding down to dying, "
                      "natural and medical healing over one period."),
        params=wounds.PARAMS, compute=wounds.compute, roll=wounds.roll, check=wounds.check,
        summary=("penalty", "p_heal", "bleeding"),
    ),
    Calculator(
        id="lysogorsk-temporary", system="lysogorsk", kind="check",
        title=T("Временные повреждения", "Temporary damage"),
        description=T("Удар за ударом: потеря сознания, урон сверх Здоровья+10 — постоянный, рана головы и "
                      "контузия — половина хитов постоянным уроном через час, и сколько часов пройдет остальное.",
                      "Blow by blow: unconsciousness, damage beyond Health+10 written as permanent, a head wound and a "
                      "blast's concussion — half their hits permanent after an hour, and the hours the rest takes."),
        params=temporary.PARAMS, compute=temporary.compute, check=temporary.check,
        summary=("state", "converted", "head_permanent"),
    ),
    Calculator(
        id="lysogorsk-actions", system="lysogorsk", kind="check",
        title=T("Действия в раунде", "The actions of a round"),
        description=T("Штраф за несколько действий, дальность перемещения и бега, весь магазин в упор.",
                      "The penalty for several actions, how far a move and a run go, a whole magazine point-blank."),
        params=combat.PARAMS, compute=combat.compute, summary=("modifier", "move"),
    ),
    Calculator(
        id="lysogorsk-initiative", system="lysogorsk", kind="check",
        title=T("Инициатива в бою", "Initiative in a fight"),
        description=T("Проверка Решительности каждого в начале боя: кто ходит первым, кто одновременно, и порядок "
                      "ходов до конца боя.",
                      "Everyone's Resolve check at the start of the fight: who acts first, who at the same time, and "
                      "the order of turns to the end of the fight."),
        params=initiative.PARAMS, compute=initiative.compute, roll=initiative.roll,
        summary=("p_first", "p_first_shared"),
    ),
    Calculator(
        id="lysogorsk-stress", system="lysogorsk", kind="check",
        title=T("Проверка на стресс", "The stress check"),
        description=T("Сила духа против УС (в начале боя — по табличке): выдержит, потеряет Уверенность или "
                      "дойдет до нервного срыва.",
                      "Willpower against a difficulty (at the start of a fight, from the table): holds, loses Confidence "
                      "or comes to a breakdown."),
        params=stress.STRESS_PARAMS, compute=stress.stress_compute, roll=stress.stress_roll,
        summary=("difficulty", "p_pass", "p_breakdown"),
    ),
    Calculator(
        id="lysogorsk-shot", system="lysogorsk", kind="attack",
        title=T("Выстрел: шанс попасть", "A shot: the chance to hit"),
        description=T("Стрельба против УС размера цели или ее Уклонения — с дистанцией, прикрытием, "
                      "прицеливанием по части тела, стрельбой по-македонски и штрафом за действия.",
                      "Shooting against the target size's difficulty or its Dodge — with range, cover, aimed shots at "
                      "body parts, two guns and the actions penalty."),
        params=shooting.SHOT_PARAMS, compute=shooting.shot_compute, roll=shooting.shot_roll,
        check=shooting.shot_check, summary=("p_hit", "modifier"),
    ),
    Calculator(
        id="lysogorsk-recovery", system="lysogorsk", kind="check",
        title=T("Восстановление Выносливости, Уверенности, Везения",
                "Recovering Stamina, Confidence, Luck"),
        description=T("Временная потеря атрибутов и их возврат: сон, питание после голода, Везение по дням.",
                      "Temporary loss of attributes and getting them back: sleep, food after hunger, Luck by days."),
        params=attributes.PARAMS, compute=attributes.compute, check=attributes.check,
        summary=("stamina", "confidence"),
    ),
    Calculator(
        id="lysogorsk-ritual", system="lysogorsk", kind="check",
        title=T("Ритуал: две проверки", "A ritual: two checks"),
        description=T("2К + Уверенность + ПП против первой сложности, скрытый бросок на Магию с МД против второй: "
                      "эффект, дисгармония или парадигмальная атака.",
                      "2d6 + Confidence + Immersion against the first difficulty, a hidden Magic roll with disharmony against the "
                      "second: the effect, disharmony or a paradigm attack."),
        params=magic.PARAMS, compute=magic.compute, roll=magic.roll, summary=("p_effect", "p_attack"),
    ),
]
