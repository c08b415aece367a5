"""Calculators of the classic World of Darkness rules (sources 002 and 003; the d10 pool is shared
with «Сериал»), one module per topic:

* :mod:`.shared` — the bound of a pool and the botch rules in words;
* :mod:`.pool` — ``wod-pool``;
* :mod:`.soak` — ``wod-soak`` and the soak parameters the attack and the ``armor`` calculator share;
* :mod:`.attack` — ``wod-classic-attack``;
* :mod:`.ambush` — ``wod-ambush``;
* :mod:`.knockdown` — ``wod-knockdown``;
* :mod:`.armor` — ``wod-armor``.

The rules and the readings chosen are in :mod:`rules_core.wod.rules`.
"""

from __future__ import annotations

from ...spec import Calculator, T
from . import ambush, armor, attack, knockdown, pool, soak
from .attack import (ATTACK_PARAMS, AUTOMATIC_MANEUVERS, MAX_SHOTS, SUCCESSES_ADD_MANEUVERS, cover_mod, maneuver_mods,
                     weapon_damage, weapon_difficulty_mod)
from .pool import POOL_PARAMS
from .shared import BOTCH_RULE_OPTIONS, MAX_POOL
from .soak import (ARMOR_OPTIONS, DAMAGE_TYPE_OPTIONS, SOAK_PARAMS, TARGET_OPTIONS,
                   body_cannot_soak, soak_notes)

__all__ = ["MAX_POOL", "POOL_PARAMS", "CALCULATORS", "DAMAGE_TYPE_OPTIONS", "TARGET_OPTIONS", "ARMOR_OPTIONS",
           "body_cannot_soak", "soak_notes", "BOTCH_RULE_OPTIONS", "SOAK_PARAMS",
           "AUTOMATIC_MANEUVERS", "SUCCESSES_ADD_MANEUVERS", "MAX_SHOTS",
           "maneuver_mods", "cover_mod", "weapon_damage", "weapon_difficulty_mod", "ATTACK_PARAMS"]

CALCULATORS = [
    Calculator(
        id="wod-pool",
        system="wod",
        kind="dice",
        title=T("Пул d10", "d10 dice pool"),
        description=T("Шансы пула d10 Мира Тьмы: успех на грани ≥ сложности.",
                      "Odds of a World of Darkness d10 pool: a success on a face ≥ difficulty."),
        params=pool.POOL_PARAMS,
        compute=pool.compute,
        roll=pool.roll,
        summary=("p_success", "mean", "p_botch"),
    ),
    Calculator(
        id="wod-soak",
        system="wod",
        kind="damage",
        title=T("Поглощение (классика)", "Soak (classic)"),
        description=T("Сколько уровней здоровья останется после броска поглощения.",
                      "How many health levels remain after the soak roll."),
        params=soak.SOAK_PARAMS,
        compute=soak.compute,
        roll=soak.roll,
        summary=("mean_levels", "p_no_damage", "p_stunned"),
    ),
    Calculator(
        id="wod-classic-attack",
        system="wod",
        kind="attack",
        title=T("Атака, повреждения и поглощение (классика)", "Attack, damage and soak (classic)"),
        description=T("Точные шансы одной атаки по классическим правилам.",
                      "Exact odds of one attack under the classic rules."),
        params=attack.ATTACK_PARAMS,
        compute=attack.compute,
        roll=attack.roll,
        check=attack.check,
        summary=("p_hit", "mean_levels", "p_stunned"),
    ),
    Calculator(id="wod-ambush", system="wod", kind="check", title=T("Засада и удар с фланга (классика)",
                                                                    "Ambush and flank attacks (classic)"),
               description=T("Запас застигнутого засадой в первом ходу; шанс избежать удара с фланга или тыла.",
                             "The ambushed one's first-turn pool; the chance to avoid a flank or rear surprise."),
               params=ambush.AMBUSH_PARAMS, compute=ambush.compute, summary=("chance", "dice")),
    Calculator(id="wod-knockdown", system="wod", kind="check", title=T("Подножка, таран и падение (классика)",
                                                                       "Sweep, tackle and falling (classic)"),
               description=T("Устоит ли цель, и что будет с упавшим: встать сразу, потерять действие или ушибиться.",
                             "Whether the target stays up, and what the fall does."),
               params=knockdown.KNOCKDOWN_PARAMS, compute=knockdown.compute, summary=("p_falls", "p_hurt", "p_up")),
    Calculator(id="wod-armor", system="wod", kind="armor", title=T("Штраф доспеха к Ловкости (классика)",
                                                                   "Armor's Dexterity penalty (classic)"),
               description=T("Штраф Ловкости по классу доспеха и когда он половинный.",
                             "The Dexterity penalty by armor class and when it is halved."),
               params=armor.ARMOR_PENALTY_PARAMS, compute=armor.compute, summary=("penalty", "dexterity")),
]
