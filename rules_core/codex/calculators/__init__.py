"""Calculators of «Codex of…» (004), one module per topic:

* :mod:`.shared` — the bounds, the skill's parameters and the success roll every calculator makes;
* :mod:`.success_roll` — ``codex-roll`` (with rerolls from the preparation and armor's mobility penalty);
* :mod:`.attack` — ``codex-attack`` (with the shield's points);
* :mod:`.counteraction` — ``codex-counteraction``;
* :mod:`.consequences` — ``codex-consequences``;
* :mod:`.counters` — ``codex-counters``;
* :mod:`.abilities` — ``codex-ability``;
* :mod:`.tokens` — ``codex-tokens``.

The rules and every reading chosen where the source is open are in :mod:`rules_core.codex.rules`.
"""

from __future__ import annotations

from ...spec import Calculator, T
from . import abilities, attack, consequences, counteraction, counters, shared, success_roll, tokens
from .attack import ATTACK_KIND_WORDS, ATTACK_PARAMS, attack_kind_options, weapon_options
from .consequences import CONSEQUENCE_PARAMS
from .counteraction import COUNTER_PARAMS
from .counters import COUNTERS_PARAMS, MAX_DIVISIONS
from .shared import MAX_DIFFICULTY, MAX_ED6
from .success_roll import MAX_REROLLS, MAX_SPLIT, ROLL_PARAMS
from .abilities import ABILITY_PARAMS
from .tokens import TOKENS_PARAMS

__all__ = ["MAX_ED6", "MAX_REROLLS", "MAX_SPLIT", "MAX_DIFFICULTY", "MAX_DIVISIONS", "ROLL_PARAMS", "ATTACK_KIND_WORDS",
           "attack_kind_options", "weapon_options", "ATTACK_PARAMS",
           "COUNTER_PARAMS", "CONSEQUENCE_PARAMS", "COUNTERS_PARAMS", "ABILITY_PARAMS", "TOKENS_PARAMS", "CALCULATORS"]

CALCULATORS = [
    Calculator(
        id="codex-roll", system="codex", kind="dice",
        title=T("Бросок на успех (Codex)", "Success roll (Codex)"),
        description=T("N AD6 + X ED6 против сложности в LV: навык, стресс, FLAX.",
                      "N AD6 + X ED6 against a difficulty in LV: skill, stress, FLAX."),
        params=success_roll.ROLL_PARAMS, compute=success_roll.compute, roll=success_roll.roll,
        check=shared.skill_check,
        summary=("p_success", "mean_lv"),
    ),
    Calculator(
        id="codex-attack", system="codex", kind="attack",
        title=T("Атака оружием (Codex)", "Weapon attack (Codex)"),
        description=T("Попадание, урон через порог брони и где он остановится на треке Выносливости.",
                      "Hit, damage through the armor threshold and where it lands on the Endurance track."),
        params=attack.ATTACK_PARAMS, compute=attack.compute, roll=attack.roll, check=attack.check,
        summary=("p_hit", "mean_damage", "p_incapacitated"),
    ),
    Calculator(
        id="codex-counteraction", system="codex", kind="dice",
        title=T("Противодействие (Codex)", "Counteraction (Codex)"),
        description=T("Бросок только ED6 вне своего хода: перекроют ли ваши LV чужие.",
                      "A roll of ED6 alone outside your turn: will your LV cover the other's."),
        params=counteraction.COUNTER_PARAMS, compute=counteraction.compute, roll=counteraction.roll,
        check=counteraction.check,
        summary=("p_counter",),
    ),
    Calculator(
        id="codex-consequences", system="codex", kind="dice",
        title=T("Последствия урона (Codex)", "Consequences of damage (Codex)"),
        description=T("На каком уровне трека остановился урон, сколько урона в сколько подготовок, и бросок 2D6 "
                      "за каждую.",
                      "The track level the damage stopped at, how much damage to how many preparations, and the 2D6 "
                      "roll for each."),
        params=consequences.CONSEQUENCE_PARAMS, compute=consequences.compute, roll=consequences.roll,
        summary=("level", "consequence"),
    ),
    Calculator(
        id="codex-counters", system="codex", kind="dice",
        title=T("Встречные счётчики (Codex)", "Two counters against each other (Codex)"),
        description=T("Успехи заполняют один счётчик, провалы — другой: какой заполнится первым.",
                      "Successes fill one counter, failures the other: which fills first."),
        params=counters.COUNTERS_PARAMS, compute=counters.compute, check=shared.skill_check, summary=("p_fill",),
    ),
    Calculator(
        id="codex-ability", system="codex", kind="dice",
        title=T("Способность: затраты ED6 (Codex)", "Ability: the ED6 cost (Codex)"),
        description=T("1, 2 или 4 ED6 по уровню — потратить или заблокировать стойкой, и бросок на успех с "
                      "оставшимися ED6.",
                      "1, 2 or 4 ED6 by level — spent or locked by a stance, and the success roll with the ED6 left."),
        params=abilities.ABILITY_PARAMS, compute=abilities.compute, check=abilities.check,
        summary=("possible", "ed6_left", "p_success"),
    ),
    Calculator(
        id="codex-tokens", system="codex", kind="dice",
        title=T("Жетоны травм: калечащее и жестокое оружие (Codex)",
                "Injury tokens: crippling and brutal weapons (Codex)"),
        description=T("Сколько жетонов травм добавляет калечащая модификация и сколько активирует жестокая, "
                      "попадание за попаданием.",
                      "How many injury tokens a crippling modification adds and a brutal one activates, hit by hit."),
        params=tokens.TOKENS_PARAMS, compute=tokens.compute,
        summary=("tokens", "crippling_added", "activated"),
    ),
]
