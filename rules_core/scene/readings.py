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

# ---- the scene's turns (every system) ----------------------------------------------------------

SCENE_TIE_DIE = _reading(
    "SCENE_TIE_DIE", "serial", 10,
    "«Если и этого недостаточно для установления порядка, решите оставшиеся ничьи броском кубика»",
    "Ничью решает д10 каждого из равных (больше — раньше); равные грани перебрасываются между собой. Какой кубик — "
    "не сказано; при переброске равных исход не зависит от числа граней.",
    "A tie is settled by a d10 for each of the tied (higher first); equal faces roll again among themselves. The die is "
    "not named; with equal faces rolled again the outcome does not depend on its sides.")

SCENE_STATUSES_AT_END = _reading(
    "SCENE_STATUSES_AT_END", "serial", "turn_bound",
    "(источники не связывают с концом сцены ни «Лёжа», ни «Горит!», ни готовность к действию)",
    "Конец сцены снимает состояния, привязанные к ходу боя (Лёжа, Подготовка, готовность к действию, заявленная защита, "
    "«Превозмогая боль»); «Горит!», «Перегружен» и сроки Порога Смерти остаются — их снимает Рассказчик.",
    "The scene's end takes off the statuses tied to the fight's turns (Prone, Preparation, a readied action, a declared "
    "defense, pushing through pain); «Горит!», «Перегружен» and death's-door timers stay, for the Storyteller to end.")

# ---- «Мир Тьмы: Сериал» (000) in a fight ---------------------------------------------------------

SERIAL_OWN_ROUNDS_FROM = _reading(
    "SERIAL_OWN_ROUNDS_FROM", "serial", "next_turn",
    "«теряет сознание на 1-2 раунда, чет/нечет своих раунда»; «после двух своих раундов он упадёт мёртвым»",
    "Своими раундами считаются его ходы, закончившиеся после того, как состояние началось; если оно началось в его "
    "же ход, этот ход не считается.",
    "His rounds are his turns that end after the state began; if it began during his own turn, that turn does not "
    "count.")

SERIAL_SHOCK_ROUNDS = _reading(
    "SERIAL_SHOCK_ROUNDS", "serial", "roll",
    "«падает и теряет сознание на 1-2 раунда, чет/нечет своих раунда»",
    "Чёт или нечет — отдельного д6 (нечет — 1 свой раунд, чёт — 2); по д6 самого Порога Шок (выпавшие 6) был бы всегда "
    "на 2 раунда. Переключатель «Шок: 1-2 раунда» в толкованиях сцены.",
    "Odd or even of a d6 of its own (odd: 1 of his rounds, even: 2); by the door's own d6 Shock (a 6) would always last 2. "
    "The switch «Shock: 1-2 rounds» in the scene's readings.")

SERIAL_LAST_BREATH_TURN = _reading(
    "SERIAL_LAST_BREATH_TURN", "serial", "his_next_turn",
    "«Персонаж падает на землю без сознания и умрет в конце следующего хода»",
    "«Следующий ход» — его собственный следующий ход: он умирает, когда этот ход кончается, если его не спасли.",
    "«The next turn» is his own next turn: he dies when it ends unless saved.")

SERIAL_READIED_LAPSES = _reading(
    "SERIAL_READIED_LAPSES", "serial", "round_end",
    "«готовность к действию перестает работать в конце хода. Поэтому бесполезно готовиться к действию вашего врага, "
    "если его Инициатива выше»",
    "«Ход» здесь — раунд: готовность пропадает в конце раунда (иначе нельзя было бы дождаться ничьего действия, а "
    "бесполезной она была бы и против врага с меньшей Инициативой).",
    "«The turn» here is the round: a readied action lapses at the round's end (else it could wait for nobody's action, "
    "and would be useless against an enemy of lower Initiative too).")

SERIAL_STATUS_PENALTY_ROLLS = _reading(
    "SERIAL_STATUS_PENALTY_ROLLS", "serial", ("attack", "defence"),
    "«Также цель получает -4 куба на все броски действий из-за сильнейшей боли»",
    "−4 «Горит!» снимаются с тех же бросков, что и штраф за ранения: с атаки и с защитного манёвра, не с урона "
    "(−4 «Перегружен» — по толкованию калькулятора атаки «какие броски считать бросками Ловкости»).",
    "The −4 of «Горит!» comes off the same rolls as the wound penalty: the attack and a defensive maneuver, not the "
    "damage (the −4 of «Перегружен» by the attack calculator's reading of which rolls are Dexterity rolls).")

SERIAL_HEAL_AFTER_MAIMING = _reading(
    "SERIAL_HEAL_AFTER_MAIMING", "serial", "refused",
    "«Разнообразное магическое лечение позволяет восполнить потерю Здоровья без особых проблем. Но только до тех пор "
    "пока персонаж не получил Увечье»",
    "После Увечья магическое лечение в сцене Здоровья не восполняет (нужно особое лечение — дело Рассказчика).",
    "After a maiming, magical healing in the scene restores no Health (special healing is the Storyteller's).")

SERIAL_BATTLE_SCAR = _reading(
    "SERIAL_BATTLE_SCAR", "serial", "replaces_the_roll",
    "«может по своему желанию сразу же сделать бросок Боевого Шрама вместо броска Порога»",
    "Таблицы Боевых шрамов в источнике нет: сцена отмечает, что бросок Порога (или смерть) заменён Боевым шрамом, "
    "не считает его броском Порога сцены и оставляет Здоровье как есть; итог шрама — за Рассказчиком.",
    "The source has no Battle Scar table: the scene marks the door roll (or the death) replaced by a Battle Scar, does "
    "not count it as one of the scene's door rolls and leaves Health as it is; the scar's result is the Storyteller's.")

SERIAL_VAMPIRE_DOOR = _reading(
    "SERIAL_VAMPIRE_DOOR", "serial", "stand",
    "«Вампиры не могут быть оглушены или шокированы, но зато вместо смерти они впадают в состояние “торпор”»",
    "Шок и Оглушение на броске Порога вампира не действуют: он остаётся в сознании с 1 Здоровья (переключатель — "
    "перебросить); «Последний вздох» и «Ходячий мертвец» кончаются торпором, не смертью; мгновенная смерть и "
    "отрицательные хиты — прах.",
    "Shock and Stunned on a vampire's door roll do nothing: he stays up with 1 Health (the switch: roll again); «Last "
    "breath» and «Walking dead» end in torpor, not death; instant death and the negative hits are dust.")

LYSOGORSK_BLEEDING_MINUTES = _reading(
    "LYSOGORSK_BLEEDING_MINUTES", "lysogorsk", "not_in_rounds",
    "«теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их осталось 4 и меньше»",
    "В раундах боя кровь теряется только в полосе «по хиту в три раунда» (4 хита и меньше): сколько длится раунд, "
    "источник не говорит, и десять минут дольше любой схватки — полосу 5–8 хитов Рассказчик считает после боя.",
    "In a fight's rounds blood is lost only in the band «a hit every three rounds» (4 hits or fewer): the source never "
    "says how long a round lasts, and ten minutes outlast any fight — the 5–8 band is the Storyteller's after it.")

CODEX_COUNTER_TICK = _reading(
    "CODEX_COUNTER_TICK", "codex", "round",
    "«союзное подкрепление прибудет через 6 ходов»",
    "Счётчик, который заполняется сам, получает одно деление в конце каждого раунда (ход 004 — раунд сцены); "
    "остальные заполняет и опустошает Рассказчик.",
    "A counter that fills by itself takes one division at each round's end (004's turn is the scene's round); the "
    "others the Storyteller fills and empties.")

CODEX_FIGHT_STRESS = _reading(
    "CODEX_FIGHT_STRESS", "codex", "party",
    "«Персонаж получает всего 1 стресса за каждый фактор, влияющий на него в единицу времени. Например: - Вступил в "
    "бой»; «У противников обычно не накапливается стресс»; «Если он был солдатом и воевал, за вход в бой он не "
    "получит стресса»",
    "Когда начинается бой (первый ход), каждый персонаж «Codex» на стороне «Свои» получает 1 стресс, кроме "
    "отмеченных «воевал»; противники стресса не копят.",
    "When the fight starts (its first turn) each «Codex» character on the party's side gains 1 stress, except those "
    "marked «fought in a war»; opponents keep no stress.")

CODEX_STRESS_UNIT = _reading(
    "CODEX_STRESS_UNIT", "codex", "scene",
    "«Персонаж получает всего 1 стресса за каждый фактор, влияющий на него в единицу времени»",
    "Единица времени — сцена: фактор, пока действует, даёт 1 стресс за сцену, не каждый ход; «Вступил в бой» — "
    "один раз, в первый ход боя. Остальной стресс добавляет Рассказчик.",
    "The unit of time is the scene: a factor, while it lasts, gives 1 stress a scene, not one every turn; «Entered a "
    "fight» once, on the fight's first turn. Any other stress the Storyteller adds.")

CODEX_COUNTER_ONCE = _reading(
    "CODEX_COUNTER_ONCE", "codex", "until_his_turn",
    "«Невозможно использовать их отдельно от AD6, кроме одного раза вне своего хода (Противодействие)»",
    "Противодействие вне своего хода — одно между двумя его ходами: снова можно, когда начался его ход.",
    "A counteraction out of his turn — one between two of his turns: allowed again once his turn has begun.")

SCENE_COUNTERS_AT_END = _reading(
    "SCENE_COUNTERS_AT_END", "codex", "keep",
    "«Игрок между миссиями совершает действия по разработке, заполняя счётчик»",
    "Конец сцены счётчики не трогает: счётчик может жить дольше одной сцены (его убирает Рассказчик).",
    "The scene's end leaves the counters as they are: a counter may outlive a scene (the Storyteller removes it).")

WOD_INITIATIVE = _reading(
    "WOD_INITIATIVE", "wod", "typed",
    "«Игроки придерживаются определяемой инициативой очередности»",
    "Как определяется инициатива, в отрывках нет: её вписывает Рассказчик (больше — раньше), без неё — порядок "
    "сцены.",
    "The excerpts do not say how initiative is found: the Storyteller types it (higher first); without it, the "
    "scene's order.")

CODEX_ORDER = _reading(
    "CODEX_ORDER", "codex", "manual",
    "«У любого персонажа есть только 4AD6. Их количество неизменно, и только они определяют количество действий и "
    "затрат времени, которые может сделать персонаж за ход»",
    "Порядка ходов источник не даёт: порядок сцены, его переставляет Рассказчик; AD6 хода сцена не считает.",
    "The source gives no order of turns: the scene's order, which the Storyteller rearranges; the scene does not count "
    "a turn's AD6.")
