"""Calculators of «Мир Тьмы: Сериал» (source 000), one module per topic:

* :mod:`.shared` — the bounds of the inputs and the parameters several calculators share;
* :mod:`.damage` — ``serial-damage``;
* :mod:`.death_door` — ``serial-death-door`` and the step to it from a result;
* :mod:`.attack` — ``serial-attack``;
* :mod:`.explosion` — ``serial-explosion``;
* :mod:`.initiative` — ``serial-initiative``;
* :mod:`.wounds` — ``serial-wounds``;
* :mod:`.burning` — ``serial-burning``;
* :mod:`.ambush` — ``serial-ambush``;
* :mod:`.contest` — ``serial-contest``.

All numbers come from :mod:`rules_core.serial.rules` and :mod:`rules_core.serial.tables`;
every reading of a gap in the source is a switch here (see the constants in ``rules``).
"""

from __future__ import annotations

from ...spec import Calculator, T
from . import ambush, attack, burning, contest, damage, death_door, explosion, initiative, wounds
from .attack import ATTACK_MANEUVERS, ATTACK_PARAMS, PARRY_WEAPONS, attack_numbers, attack_outcome
from .damage import DAMAGE_PARAMS
from .death_door import DOOR_PARAMS, door_step
from .explosion import EXPLOSION_PARAMS
from .shared import (BELOW_ONE_PARAM, EXCESS_BURNS_PARAM, MAX_ABSORPTION, MAX_HEALTH, MAX_PORTION, MAX_POOL,
                     MAX_STAMINA, NEGATIVE_RULE_PARAM, ONES_PARAM, TAG_PARAM, TWO_RESISTANCES_PARAM)

__all__ = ["MAX_POOL", "MAX_HEALTH", "MAX_ABSORPTION", "MAX_STAMINA", "MAX_PORTION", "TAG_PARAM",
           "TWO_RESISTANCES_PARAM", "ONES_PARAM",
           "NEGATIVE_RULE_PARAM", "EXCESS_BURNS_PARAM", "BELOW_ONE_PARAM", "DAMAGE_PARAMS", "DOOR_PARAMS",
           "ATTACK_MANEUVERS", "PARRY_WEAPONS", "ATTACK_PARAMS", "attack_numbers", "attack_outcome", "EXPLOSION_PARAMS",
           "door_step",
           "CALCULATORS"]

CALCULATORS = [
    Calculator(
        id="serial-damage", system="serial", kind="damage",
        title=T("Урон по порциям", "Damage portion by portion"),
        description=T("Для Рассказчика: порции урона по мере попаданий — Броня, тэг, УП, Здоровье, "
                      "Порог Смерти.",
                      "For the Storyteller: damage portions as hits land — Armor, tag, soak levels, "
                      "Health, death's door."),
        params=damage.DAMAGE_PARAMS, compute=damage.compute, summary=("health_left", "death_door", "dead")),
    Calculator(
        id="serial-death-door", system="serial", kind="death",
        title=T("Порог Смерти", "Death's door"),
        description=T("Мгновенная смерть или бросок д6 Порога Смерти с модификаторами сцены.",
                      "Instant death or the d6 death's-door roll with the scene's modifiers."),
        params=death_door.DOOR_PARAMS, compute=death_door.compute, roll=death_door.roll, check=death_door.check,
        summary=("door_roll", "instant_death")),
    Calculator(
        id="serial-attack", system="serial", kind="attack",
        title=T("Атака целиком", "A whole attack"),
        description=T("Попадание против защиты, урон, Броня, тэг, УП, Здоровье и Порог Смерти — точно.",
                      "Hit against a defense, damage, Armor, tag, soak levels, Health and death's "
                      "door — exactly."),
        params=attack.ATTACK_PARAMS, compute=attack.compute, roll=attack.roll, check=attack.check,
        summary=("p_hit", "mean_damage", "p_death_door")),
    Calculator(
        id="serial-explosion", system="serial", kind="damage",
        title=T("Взрыв", "Explosion"),
        description=T("Кубики урона по расстоянию от эпицентра, урон после Брони и тэга, Порог Смерти.",
                      "Damage dice by distance from the center, damage after Armor and tag, death's door."),
        params=explosion.EXPLOSION_PARAMS, compute=explosion.compute, check=explosion.check,
        summary=("mean_damage", "p_death_door", "dice")),
    Calculator(
        id="serial-initiative", system="serial", kind="check",
        title=T("Инициатива и порядок ходов", "Initiative and the order of turns"),
        description=T("Инициатива — лучшая из трёх сумм; «Подготовка», понижение; порядок ходов с ничьими по видам существ.",
                      "Initiative — the best of three sums; Preparation, lowering; the turn order with ties by kind."),
        params=initiative.INITIATIVE_PARAMS, compute=initiative.compute, check=initiative.check,
        summary=("initiative",)),
    Calculator(
        id="serial-wounds", system="serial", kind="check",
        title=T("Штрафы и скорость", "Penalties and speed"),
        description=T("Штраф за ранения, «Горит!» и «Перегружен», скорость и бег.",
                      "Wound, burning and overload penalties, speed and run."),
        params=wounds.WOUNDS_PARAMS, compute=wounds.compute, summary=("roll_penalty", "speed")),
    Calculator(
        id="serial-burning", system="serial", kind="damage",
        title=T("Горит!", "Burning"),
        description=T("Урон огня по ходам, −4 от боли, шанс потушить и весь урон, пока тушат.",
                      "Fire damage turn by turn, −4 from the pain, the chance to put it out and the damage meanwhile."),
        params=burning.BURNING_PARAMS, compute=burning.compute, roll=burning.roll,
        summary=("damage_this_turn", "p_out")),
    Calculator(
        id="serial-ambush", system="serial", kind="check",
        title=T("Засада", "Ambush"),
        description=T("Незаметность против Бдительности: свободная атака с добавленными успехами, ничья или провал засады.",
                      "Stealth against Alertness: a free attack with the added successes, a tie or a spotted ambush."),
        params=ambush.AMBUSH_PARAMS, compute=ambush.compute, roll=ambush.roll, summary=("p_ambush", "p_free_hit")),
    Calculator(
        id="serial-contest", system="serial", kind="check",
        title=T("Захват, подсечка, разоружение, прикрытие", "Grapple, trip, disarm, cover"),
        description=T("Манёвры, где бросок встречает бросок: вырваться из захвата, упасть от подсечки, лишиться оружия, "
                      "принять атаку на себя.",
                      "Maneuvers where a roll meets a roll: break free, fall, lose the weapon, take the blow."),
        params=contest.CONTEST_PARAMS, compute=contest.compute, summary=("p_effect",)),
]
