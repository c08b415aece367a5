"""Where the sources leave a rule of the scene open: the reading the scene engine follows.

Each constant below is what the code really does; :data:`OPEN` repeats each with the source's
words and the reading in both languages, for the page («Неясно в источнике») — a test checks
that every constant has its entry and that the entry names the constant's value.

The readings of the rules themselves (negative hits, the excess that burns, a death's-door
result below 1 …) are the systems' own constants and calculator switches; a scene keeps its
choice of them in ``scene["readings"]`` (see :mod:`rules_core.scene.state`).
"""

from __future__ import annotations

from ..spec import T

# ---- «Мир Тьмы: Сериал» (000) ----------------------------------------------------------------

#: What a scene's end does to УП. 000: «Все потраченные таким образом Уровни Поглощения (или
#: просто Поглощение) восстанавливаются после окончания сцены боя» and «1 куб поглощения дает 1
#: Уровень Поглощения, которые действуют до конца боевой сцены». ``"base"``: УП come back to
#: Выносливость + the character's lasting sources (armor, items: ``absorption_bonus``); УП won
#: during the fight («Доспех Луны» …) are gone, spent or not.
SERIAL_ABSORPTION_AT_END = "base"

#: What a scene's end does to a character still in a death's-door state (Последний вздох, Воля к
#: жизни, Оглушение …). 000 gives each state its own course (rounds, «до конца боя», «через
#: несколько десятков минут») but not what the end of the scene does. ``"keep"``: the state stays
#: as it is, for the Storyteller to change; only the scene's counters start again.
SERIAL_DOOR_STATE_AT_END = "keep"

#: Which damage makes a stunned or shocked character roll death's door again. 000: «Если в
#: состоянии оглушения персонаж получит урон, то будет вынужден еще раз сделать бросок Порога
#: Смерти» (and the same for Шок). ``"health"``: damage that reaches Здоровье; damage that УП or
#: Броня stop is not «урон» here.
SERIAL_DOOR_AGAIN_ON = "health"

#: Which rolls a wound penalty takes dice from. 000: «любое ранение (5 и ниже хитов) дает штраф в
#: 2 кубика, и тяжелое ранение (3 и ниже) даёт штраф в 4 кубика»; «Превозмогая боль … избежать
#: штрафов к броскам». The scene takes them from the attack pool (the attacker's Здоровье) and
#: from the defence pool of a defensive maneuver (the target's), not from the damage roll
#: (Сила + оружие is not a roll of the wounded body's skill; 000 does not say).
SERIAL_WOUND_PENALTY_ROLLS = ("attack", "defence")

#: «Стрельба по-македонски»: «основная атака и экстра используют только половину (округление вниз)
#: от запаса кубиков на это действие» — whether the wound penalty comes off before or after the
#: halving is not said. ``"before"``: the pool of the action is the wounded pool, then halved.
SERIAL_WOUND_PENALTY_BEFORE_HALVING = "before"

#: One damage with several tags against several of the target's. 000: «Две устойчивости к одному
#: и тому же типу урона просто не работают», «Две уязвимости … не складываются», «Устойчивость и
#: Уязвимость к одному типу урона взаимно убирают друг друга»; for different types it is silent.
#: ``"one_effect"``: an immunity to any of the tags wins; else a resistance and a vulnerability
#: cancel (whatever types they are to); else one resistance or one vulnerability, never two.
SERIAL_TAGS_COMBINE = "one_effect"

#: Whether the odd/even roll of nonlethal damage («бросается только чет/нечет») counts among «каждый
#: бросок Порога в рамках одной сцены» for the −1 of the rolls after it. ``True``: it does.
SERIAL_NONLETHAL_ROLL_COUNTS = True

# ---- «Лысогорские сказочки» (001) ------------------------------------------------------------

#: Full hits are «15+Выносливость»; stage 2 of drunkenness gives «+1 к Выносливости» («повышается
#: болевой порог»). ``True``: hits (and their wound levels) keep the sober Выносливость.
LYSOGORSK_HITS_SOBER_STAMINA = True

#: What a scene's end changes for a «Лысогорск» character the scene keeps (hits, temporary hits,
#: drunkenness). 001 ties none of them to a scene: temporary hits come back «на 1 хит за один час»,
#: a drinker sobers when he «проспится». ``"nothing"``.
LYSOGORSK_AT_END = "nothing"

# ---- «Codex of…» (004) -------------------------------------------------------------------------

#: What a scene's end does to the Выносливость track and stress. 004: «В зависимости от того, на
#: каком уровне остановился урон, персонаж получает следующие последствия» and «урон в ту
#: подготовку, которая подходит общему контексту полученного за сцену урона»; it does not say that
#: the track or the stress counter empties. ``"report"``: the end of the scene reports each
#: character's consequence by the level the damage stopped at; track and stress stay.
CODEX_AT_END = "report"

#: «Когда персонаж должен получить ещё один стресс сверх имеющихся 6, он переходит в состояние
#: FLAX»; how stress goes down again is not said (§ 8: «Счётчики могут не только заполняться, но и
#: опустошаться»). ``"seventh"``: FLAX is the seventh point — lowering stress leaves FLAX first.
CODEX_FLAX_STEP = "seventh"

# ---- classic World of Darkness (002, 003) -----------------------------------------------------

#: 003: «Таблица здоровья … В ней так же приведены штрафы для всех уровней здоровья», but the
#: excerpt does not hold that table. ``None``: the scene counts health levels and shows no penalty.
WOD_HEALTH_PENALTIES = None

#: 003 «Оглушен»: «Весь следующий раунд оглушенный персонаж будет приходить в себя».
#: ``"next_round"``: stunned through the round after the one the damage came in; the end of the
#: scene ends it.
WOD_STUN_LASTS = "next_round"

#: 002/003 tie nothing the scene keeps to a scene's end (health heals over time, ruined armor
#: stays ruined). ``"nothing"`` besides the stun.
WOD_AT_END = "nothing"

# ---- the list for the page --------------------------------------------------------------------


def _entry(name: str, system: str, quote: str, ru: str, en: str) -> dict:
    return {"name": name, "system": system, "value": globals()[name], "quote": quote, "reading": T(ru, en)}


OPEN = [
    _entry("SERIAL_ABSORPTION_AT_END", "serial",
           "«Все потраченные таким образом Уровни Поглощения … восстанавливаются после окончания "
           "сцены боя»; «…Уровень Поглощения, которые действуют до конца боевой сцены»",
           "В конце сцены УП снова равны Выносливости плюс постоянным источникам персонажа; УП, "
           "полученные в бою (например, «Доспех Луны»), пропадают.",
           "At the scene's end УП are Stamina plus the character's lasting sources again; УП won "
           "during the fight (e.g. «Доспех Луны») are gone."),
    _entry("SERIAL_DOOR_STATE_AT_END", "serial",
           "у каждого состояния Порога свой срок («после двух своих раундов», «до конца боя», «Через "
           "несколько десятков минут он придет в себя»)",
           "Конец сцены не меняет состояние Порога (Последний вздох, Оглушение…): его меняет "
           "Рассказчик; заново начинаются только счётчики сцены.",
           "The scene's end leaves a death's-door state as it is, for the Storyteller to change; "
           "only the scene's counters start again."),
    _entry("SERIAL_DOOR_AGAIN_ON", "serial",
           "«Если в состоянии оглушения персонаж получит урон, то будет вынужден еще раз сделать "
           "бросок Порога Смерти»",
           "Новый бросок Порога — только если урон дошёл до Здоровья (урон, остановленный УП или "
           "Бронёй, не в счёт).",
           "A new death's-door roll only when damage reaches Health (damage stopped by УП or Armor "
           "does not count)."),
    _entry("SERIAL_WOUND_PENALTY_ROLLS", "serial",
           "«любое ранение (5 и ниже хитов) дает штраф в 2 кубика, и тяжелое ранение (3 и ниже) "
           "даёт штраф в 4 кубика»",
           "Штраф за ранения снимает кубики с броска атаки (по Здоровью атакующего) и с броска "
           "защитного манёвра (по Здоровью цели), но не с броска урона.",
           "The wound penalty takes dice from the attack roll (the attacker's Health) and from a "
           "defensive maneuver's roll (the target's), not from the damage roll."),
    _entry("SERIAL_WOUND_PENALTY_BEFORE_HALVING", "serial",
           "«используют только половину (округление вниз) от запаса кубиков на это действие»",
           "«Стрельба по-македонски»: сначала штраф за ранения, потом половина запаса.",
           "«Two guns»: the wound penalty first, then half the pool."),
    _entry("SERIAL_TAGS_COMBINE", "serial",
           "«Две устойчивости к одному и тому же типу урона просто не работают»; «Устойчивость и "
           "Уязвимость к одному типу урона взаимно убирают друг друга»",
           "Урон с несколькими тэгами: Иммунитет к любому из них — урона нет; иначе Устойчивость и "
           "Уязвимость взаимно убирают друг друга (к каким бы типам они ни были); две устойчивости "
           "или две уязвимости не складываются.",
           "Damage with several tags: an immunity to any of them stops it; else a resistance and a "
           "vulnerability cancel (whatever types); two resistances or two vulnerabilities never add up."),
    _entry("SERIAL_NONLETHAL_ROLL_COUNTS", "serial",
           "«За каждый бросок Порога в рамках одной сцены вычитается единица из последующих бросков "
           "Порога»; «бросается только чет/нечет»",
           "Бросок чёт/нечет от нелетального урона тоже считается броском Порога сцены (−1 "
           "следующим).",
           "The odd/even roll of nonlethal damage counts as one of the scene's death's-door rolls "
           "(−1 to the later ones)."),
    _entry("LYSOGORSK_HITS_SOBER_STAMINA", "lysogorsk",
           "«15+Выносливость»; 2-я стадия: «+1 к Выносливости»",
           "Хиты и их пороги считаются от трезвой Выносливости: +1 от опьянения хитов не добавляет.",
           "Hits and their thresholds use the sober Stamina: drunkenness's +1 adds no hits."),
    _entry("LYSOGORSK_AT_END", "lysogorsk",
           "временные повреждения «восстанавливается на 1 хит за один час»; похмелье — «после того, "
           "как персонаж проспится»",
           "Конец сцены ничего не меняет у персонажа «Лысогорска»: хиты, временные хиты и стадия "
           "опьянения остаются.",
           "The scene's end changes nothing for a «Lysogorsk» character: hits, temporary hits and "
           "the stage stay."),
    _entry("CODEX_AT_END", "codex",
           "«В зависимости от того, на каком уровне остановился урон, персонаж получает следующие "
           "последствия»; «…полученного за сцену урона»",
           "В конце сцены показываются последствия по уровню, на котором остановился урон; "
           "счётчики Выносливости и стресса не очищаются.",
           "At the scene's end the consequences by the level the damage stopped at are shown; the "
           "Endurance track and the stress counter are not emptied."),
    _entry("CODEX_FLAX_STEP", "codex",
           "«Когда персонаж должен получить ещё один стресс сверх имеющихся 6, он переходит в "
           "состояние FLAX»",
           "FLAX — седьмое деление: снятие стресса сначала выводит из FLAX.",
           "FLAX is the seventh point: taking stress away leaves FLAX first."),
    _entry("WOD_HEALTH_PENALTIES", "wod",
           "«В ней так же приведены штрафы для всех уровней здоровья» (таблицы в источнике нет)",
           "Сцена считает уровни здоровья и не показывает штрафов: таблицы штрафов в источниках нет.",
           "The scene counts health levels and shows no penalty: the sources hold no penalty table."),
    _entry("WOD_STUN_LASTS", "wod",
           "«Весь следующий раунд оглушенный персонаж будет приходить в себя»",
           "Оглушён до конца раунда, следующего за раундом удара; конец сцены оглушение снимает.",
           "Stunned to the end of the round after the blow's; the scene's end ends it."),
    _entry("WOD_AT_END", "wod",
           "(источники ничего не связывают с концом сцены)",
           "Конец сцены ничего не восстанавливает: здоровье лечится со временем, испорченная броня "
           "остаётся испорченной.",
           "The scene's end restores nothing: health heals with time, ruined armor stays ruined."),
]
