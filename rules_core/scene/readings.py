"""Where the sources leave a rule of the scene open: the reading the scene engine follows.

Each constant is what the code really does (the code asserts the value it implements); it is
defined together with its source's words and the reading in both languages, which :data:`OPEN`
lists for the page («Неясно в источнике»). A test checks each quote against the source.

The readings of the rules themselves (negative hits, the excess that burns, a death's-door
result below 1 …) are the systems' own constants and calculator switches; a scene keeps its
choice of them in ``scene["readings"]`` (see :mod:`rules_core.scene.state`).
"""

from __future__ import annotations

from typing import Any

from ..serial import rules as serial_rules
from ..spec import T

#: name → {"name", "system", "value", "quote", "reading": {"ru", "en"}}, in the order defined.
OPEN: list[dict] = []


def _reading(name: str, system: str, value: Any, quote: str, ru: str, en: str) -> Any:
    OPEN.append({"name": name, "system": system, "value": value, "quote": quote, "reading": T(ru, en)})
    return value


# ---- «Мир Тьмы: Сериал» (000) ----------------------------------------------------------------

SERIAL_ABSORPTION_AT_END = _reading(
    "SERIAL_ABSORPTION_AT_END", "serial", "base",
    "«Все потраченные таким образом Уровни Поглощения … восстанавливаются после окончания сцены боя»; "
    "«…Уровень Поглощения, которые действуют до конца боевой сцены»",
    "В конце сцены УП снова равны Выносливости плюс постоянным источникам персонажа; УП, полученные в бою "
    "(например, «Доспех Луны»), пропадают.",
    "At the scene's end soak levels are Stamina plus the character's lasting sources again; soak levels won during the fight "
    "(e.g. «Доспех Луны») are gone.")

SERIAL_DOOR_STATE_AT_END = _reading(
    "SERIAL_DOOR_STATE_AT_END", "serial", "keep",
    "у каждого состояния Порога свой срок («после двух своих раундов», «до конца боя», «Через несколько "
    "десятков минут он придет в себя»)",
    "Конец сцены не меняет состояние Порога (Последний вздох, Оглушение…): его меняет Рассказчик; заново "
    "начинаются только счётчики сцены.",
    "The scene's end leaves a death's-door state as it is, for the Storyteller to change; only the scene's "
    "counters start again.")

SERIAL_DOOR_AGAIN_ON = _reading(
    "SERIAL_DOOR_AGAIN_ON", "serial", "health",
    "«Если в состоянии оглушения персонаж получит урон, то будет вынужден еще раз сделать бросок Порога Смерти»",
    "Новый бросок Порога — только если урон дошёл до Здоровья (урон, остановленный УП или Бронёй, не в счёт).",
    "A new death's-door roll only when damage reaches Health (damage stopped by soak levels or Armor does not count).")

SERIAL_WOUND_PENALTY_ROLLS = _reading(
    "SERIAL_WOUND_PENALTY_ROLLS", "serial", ("attack", "defence"),
    "«любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) даёт штраф в 4 "
    "кубика»; «Превозмогая боль … избежать штрафов к броскам»",
    "Штраф за ранения снимает кубики с броска атаки (по Здоровью атакующего) и с броска защитного манёвра (по "
    "Здоровью цели), но не с броска урона.",
    "The wound penalty takes dice from the attack roll (the attacker's Health) and from a defensive maneuver's "
    "roll (the target's), not from the damage roll.")

SERIAL_WOUND_PENALTY_BEFORE_HALVING = _reading(
    "SERIAL_WOUND_PENALTY_BEFORE_HALVING", "serial", "before",
    "«используют только половину (округление вниз) от запаса кубиков на это действие»",
    "«Стрельба по-македонски»: сначала штраф за ранения, потом половина запаса.",
    "«Two-gun shooting»: the wound penalty first, then half the pool.")

SERIAL_TAGS_COMBINE = _reading(
    "SERIAL_TAGS_COMBINE", "serial", "one_effect",
    "«Две устойчивости к одному и тому же типу урона просто не работают»; «Устойчивость и Уязвимость к одному "
    "типу урона взаимно убирают друг друга»",
    "Урон с несколькими тэгами: Иммунитет к любому из них — урона нет; иначе Устойчивость и Уязвимость взаимно "
    "убирают друг друга (к каким бы типам они ни были); две устойчивости или две уязвимости не складываются.",
    "Damage with several tags: an immunity to any of them stops it; else a resistance and a vulnerability "
    "cancel (whatever types); two resistances or two vulnerabilities never add up.")

SERIAL_NONLETHAL_ROLL_COUNTS = _reading(
    "SERIAL_NONLETHAL_ROLL_COUNTS", "serial", serial_rules.NONLETHAL_ROLL_COUNTS,  # the calculators' reading
    "«За каждый бросок Порога в рамках одной сцены вычитается единица из последующих бросков Порога»; "
    "«бросается только чет/нечет»",
    "Бросок чёт/нечет от нелетального урона тоже считается броском Порога сцены (−1 следующим).",
    "The odd/even roll of nonlethal damage counts as one of the scene's death's-door rolls (−1 to the later ones).")

# ---- «Лысогорские сказочки» (001) ------------------------------------------------------------

LYSOGORSK_HITS_SOBER_STAMINA = _reading(
    "LYSOGORSK_HITS_SOBER_STAMINA", "lysogorsk", True,
    "«15+Выносливость»; 2-я стадия: «повышается болевой порог (+1 к Выносливости»",
    "Хиты и их пороги считаются от трезвой Выносливости: +1 от опьянения хитов не добавляет.",
    "Hits and their thresholds use the sober Stamina: drunkenness's +1 adds no hits.")

LYSOGORSK_AT_END = _reading(
    "LYSOGORSK_AT_END", "lysogorsk", "nothing",
    "временные повреждения «восстанавливается на 1 хит за один час»; похмелье — «После того, как персонаж "
    "проспится»",
    "Конец сцены ничего не меняет у персонажа «Лысогорска»: хиты, временные хиты и стадия опьянения остаются.",
    "The scene's end changes nothing for a «Lysogorsk» character: hits, temporary hits and the stage stay.")

# ---- «Codex of…» (004) -------------------------------------------------------------------------

CODEX_AT_END = _reading(
    "CODEX_AT_END", "codex", "report",
    "«В зависимости от того, на каком уровне остановился урон, персонаж получает следующие последствия»; "
    "«…полученного за сцену урона»",
    "В конце сцены показываются последствия по уровню, на котором остановился урон; счётчики Выносливости и "
    "стресса не очищаются.",
    "At the scene's end the consequences by the level the damage stopped at are shown; the Endurance track and "
    "the stress counter are not emptied.")

CODEX_FLAX_STEP = _reading(
    "CODEX_FLAX_STEP", "codex", "seventh",
    "«Когда персонаж должен получить ещё один стресс сверх имеющихся 6, он переходит в состояние FLAX»; «Счётчики "
    "могут не только заполняться, но и опустошаться»",
    "FLAX — седьмое деление: снятие стресса сначала выводит из FLAX.",
    "FLAX is the seventh point: taking stress away leaves FLAX first.")

# ---- classic World of Darkness (002, 003) -----------------------------------------------------

WOD_HEALTH_PENALTIES = _reading(
    "WOD_HEALTH_PENALTIES", "wod", None,
    "«В ней так же приведены штрафы для всех уровней здоровья» (таблицы в источнике нет)",
    "Сцена считает уровни здоровья и не показывает штрафов: таблицы штрафов в источниках нет.",
    "The scene counts health levels and shows no penalty: the sources hold no penalty table.")

WOD_STUN_LASTS = _reading(
    "WOD_STUN_LASTS", "wod", "next_round",
    "«Весь следующий раунд оглушенный персонаж будет приходить в себя»",
    "Оглушён до конца раунда, следующего за раундом удара; конец сцены оглушение снимает.",
    "Stunned to the end of the round after the blow's; the scene's end ends it.")

WOD_AT_END = _reading(
    "WOD_AT_END", "wod", "nothing",
    "(источники ничего не связывают с концом сцены)",
    "Конец сцены ничего не восстанавливает: здоровье лечится со временем, испорченная броня остаётся испорченной.",
    "The scene's end restores nothing: health heals with time, ruined armor stays ruined.")
