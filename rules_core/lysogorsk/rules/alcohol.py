"""«Лысогорские сказочки»: alcohol (a section of the rules, :mod:`rules_core.lysogorsk.rules`)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import ceil

from ...dice import Dist
from .. import readings, tables
from .checks import check_passes, check_total, p_success

__all__ = [
    "CONTROL_STAGE",
    "HANGOVER_STAMINA",
    "HANGOVER_STAMINA_READINGS",
    "STAGE1_CONFIDENCE_IN_CHECK",
    "STAGE3_CHECK",
    "STAGE3_CHECK_READINGS",
    "STAGE_STAMINA_IN_CHECK",
    "VOLUME_READINGS",
    "dependence_p",
    "drink_difficulty",
    "drink_step",
    "drinking",
    "expand_drinks",
    "hangover",
    "p_reaches_stage3",
    "stage3_trait_fail",
    "stage_modifiers",
    "under_control",
]


#: «1 за каждые 100 грамм в стакане или кружке, начиная со вторых»: ``"full"`` (default):
#: each full 100 g after the first hundred, ⌊g/100⌋ − 1 (the table's beer, 0,33 л with
#: bubbles, is УС 3 only so); ``"started"``: each begun 100 g after the first, ⌈g/100⌉ − 1.
VOLUME_READINGS = readings.VOLUME_READING.values


def drink_difficulty(degrees: int, volume_g: int, bubbles: bool, reading: str = "full") -> int:
    """УС of a drink not in the table: «1 за каждые полные 10 градусов, имеющихся в жидкости,
    1 за каждые 100 грамм в стакане или кружке, начиная со вторых, и еще 1 за наличие
    пузырьков газа»."""
    if reading == "full":
        per_volume = max(0, volume_g // 100 - 1)
    elif reading == "started":
        per_volume = max(0, ceil(Fraction(volume_g, 100)) - 1)
    else:
        raise ValueError(f"reading must be one of {VOLUME_READINGS}")
    return degrees // 10 + per_volume + (1 if bubbles else 0)


def expand_drinks(drinks: list[dict], volume_reading: str = "full") -> list[tuple[str, int, int]]:
    """The list of single drinks (label id, УС, index of the record) in order, each needing its own check.

    Table drinks take the table's УС (our reading: the table wins over the formula, spirit is 10, not 9);
    ``vodka_bottle`` is «пять стопок водки, а не … один прием»; ``count`` repeats a drink.
    """
    out = []
    for i, d in enumerate(drinks):
        kind = d["drink"]
        if kind == tables.FROM_THE_BOTTLE["id"]:
            shot = tables.FROM_THE_BOTTLE["drink"]
            singles = [(shot, tables.DRINKS[shot]["difficulty"])] * tables.FROM_THE_BOTTLE["servings"]
        elif kind == "custom":
            singles = [("custom", drink_difficulty(d["degrees"], d["volume_g"], d["bubbles"], volume_reading))]
        else:
            singles = [(kind, tables.DRINKS[kind]["difficulty"])]
        for _ in range(d.get("count", 1)):
            out.extend((label, us, i) for label, us in singles)
    return out


def stage_modifiers(stage: int) -> dict[str, int]:
    """The attribute changes at ``stage``: «Все приведенные эффекты складываются»."""
    return dict(_stage_mods(stage))


#: The stage at which a character who can still walk and think goes under the GM's control.
CONTROL_STAGE = 4


def under_control(agility: int, thinking: int) -> bool:
    """At stage 4: «Если персонаж еще способен ходить (имеет неотрицательную Ловкость) и соображать
    (неотрицательное Мышление)», he goes «под контроль Мастера» — with the stages' changes
    (−2 Ловкость, −3 Мышление by stage 4) on the sober ``agility`` and ``thinking``. What becomes of
    one who no longer can is not said.

    >>> under_control(2, 3), under_control(1, 3), under_control(2, 2)
    (True, False, False)
    """
    mods = stage_modifiers(CONTROL_STAGE)
    return agility + mods.get("agility", 0) >= 0 and thinking + mods.get("thinking", 0) >= 0


@lru_cache(maxsize=16)
def _stage_mods(stage: int) -> dict[str, int]:
    acc: dict[str, int] = {}
    for s, record in tables.DRUNK_STAGES.items():
        if s <= stage:
            for k, v in record["changes"].items():
                acc[k] = acc.get(k, 0) + v
    return {k: v for k, v in acc.items() if v}


#: «повышается болевой порог (+1 к Выносливости …)» at stage 2 — and «устойчивость которого
#: к спиртному прямо пропорциональна Выносливости»: by default the stage's Выносливость
#: counts in the next Стойкость checks (``True``); ``False`` checks with the sober value.
STAGE_STAMINA_IN_CHECK = readings.STAGE_STAMINA_IN_CHECK.default


def drink_step(stage_dist: Dist, difficulty: int, stamina: int, fortitude: int, modifier: int = 0,
               willing: bool = False, stage_stamina: bool = STAGE_STAMINA_IN_CHECK) -> Dist:
    """One drink: «делать проверку на навык Стойкости против некоторого УС … В случае провала
    он переходит в следующую стадию опьянения». «При желании персонаж может и не делать
    проверки» — the willing drinker skips the check and moves on (our reading: he wants to
    get drunk, so every drink is a failure). Stage 5 is the last: he is under the table."""

    def after(stage: int) -> Dist:
        if stage >= tables.MAX_STAGE:
            return Dist.constant(stage)
        if willing:
            return Dist.constant(stage + 1)
        bonus = _stage_mods(stage).get("stamina", 0) if stage_stamina else 0
        return check_passes(stamina + bonus + fortitude + modifier, difficulty).map(
            lambda passed: stage if passed else stage + 1)

    return stage_dist.bind(after)


def drinking(drinks: list[tuple], stamina: int, fortitude: int, start_stage: int = 0, modifier: int = 0,
             willing: bool = False, stage_stamina: bool = STAGE_STAMINA_IN_CHECK) -> list[Dist]:
    """The stage distribution after each single drink (``drinks`` from :func:`expand_drinks`):
    :func:`drink_step` after :func:`drink_step`."""
    stages = Dist.constant(start_stage)
    out = []
    for _label, us, *_ in drinks:
        stages = drink_step(stages, us, stamina, fortitude, modifier, willing, stage_stamina)
        out.append(stages)
    return out


#: Which Выносливость the hangover subtracts: «равном номеру последней стадии опьянения минус
#: Выносливость персонажа», while the 2nd stage gives «+1 к Выносливости». ``"sober"`` (default): the
#: sober value — the hangover comes «После того, как персонаж проспится», when the stage is over;
#: ``"drunk"``: the value with the last stage's changes (+1 from stage 2 on).
HANGOVER_STAMINA_READINGS = readings.HANGOVER_STAMINA.values
HANGOVER_STAMINA = readings.HANGOVER_STAMINA.default


def hangover(last_stage: int, stamina: int, reading: str | None = None) -> int:
    """«штрафе ко всем броскам, равном номеру последней стадии опьянения минус Выносливость
    персонажа (если получилось 0 или меньше, похмелье не наступает)» — the penalty's size, 0
    for none; the Выносливость by :data:`HANGOVER_STAMINA_READINGS`.

    >>> hangover(4, 2), hangover(4, 2, "drunk"), hangover(2, 2)
    (2, 1, 0)
    """
    reading = HANGOVER_STAMINA if reading is None else reading
    if reading == "drunk":
        stamina += _stage_mods(last_stage).get("stamina", 0)
    elif reading != "sober":
        raise ValueError(f"reading must be one of {HANGOVER_STAMINA_READINGS}")
    return max(0, last_stage - stamina)


#: Which check stage 3's «по проверке Силы духа или чистой Уверенности против УС 5» is (when which,
#: the source does not say): ``"willpower"`` (default): 2К + Уверенность + Сила духа; ``"confidence"``:
#: pure Уверенность, 2К + Уверенность without the skill.
STAGE3_CHECK_READINGS = readings.STAGE3_CHECK.values
STAGE3_CHECK = readings.STAGE3_CHECK.default
#: Whether stage 1's «+1 к Уверенности» goes into that check: by default it does (``True``: «Все
#: приведенные эффекты складываются»); ``False`` checks with the entered Уверенность.
STAGE1_CONFIDENCE_IN_CHECK = readings.STAGE1_CONFIDENCE_IN_CHECK.default


def stage3_trait_fail(confidence: int, willpower: int, modifier: int = 0, check: str | None = None,
                      stage1_confidence: bool = STAGE1_CONFIDENCE_IN_CHECK) -> Fraction:
    """P(a negative feature fires) on entering stage 3: «по проверке Силы духа или чистой
    Уверенности против УС 5» — the check by :data:`STAGE3_CHECK_READINGS`, stage 1's «+1 к
    Уверенности» counted when ``stage1_confidence``.

    >>> stage3_trait_fail(0, 2), stage3_trait_fail(0, 2, check="confidence"), stage3_trait_fail(0, 2, stage1_confidence=False)
    (Fraction(0, 1), Fraction(1, 12), Fraction(1, 36))
    """
    check = STAGE3_CHECK if check is None else check
    if check not in STAGE3_CHECK_READINGS:
        raise ValueError(f"check must be one of {STAGE3_CHECK_READINGS}")
    conf = confidence + (stage_modifiers(3).get("confidence", 0) if stage1_confidence else 0)
    skill = willpower if check == "willpower" else 0
    return 1 - p_success(check_total(conf, skill, modifier), tables.STAGE3_TRAIT_DIFFICULTY)


def p_reaches_stage3(start_stage: int, stage_dists: list[Dist]) -> Fraction:
    """P(the character enters stage 3 during the drinking): stages only go up, so it is
    P(final stage ≥ 3) when starting below 3."""
    if start_stage >= 3 or not stage_dists:
        return Fraction(0)
    return stage_dists[-1].at_least(3)


def dependence_p(confidence: int, willpower: int, days: int, modifier: int = 0) -> Fraction:
    """Drinking again during a hangover: «бросок на Силу духа против УС, равного количеству
    суток непросыхания. Если бросок провален, персонаж приобретает Зависимость»."""
    return 1 - p_success(check_total(confidence, willpower, modifier), days)
