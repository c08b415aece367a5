"""«Лысогорские сказочки»'s readings (001): every open point of the source that changes a number and has a calculator's
switch, declared once (:class:`rules_core.readings.Reading`). :mod:`.rules` takes its defaults and choices from here,
the calculators their switches, the pages' boxes of unclear points their switch lines
(``<!-- svod:reading lysogorsk/NAME -->``), ``tests/test_lysogorsk_codex_readings.py`` its registry.
"""

from __future__ import annotations

from ..readings import BOOL, Choice, Reading
from ..spec import T

__all__ = [
    "AFTER_READING",
    "AIM_ORDER",
    "AP_RULE",
    "ARMOR_AGAINST_FALLS",
    "BELTS_BEFORE_HALVING",
    "BELT_READING",
    "BLAST",
    "BLEEDING_BAND",
    "BLEEDING_WHEN_DYING",
    "BURST_ROLL",
    "COMBAT_MODIFIERS_TO",
    "CONCUSSION_AT_CRITICAL",
    "DEFAULT_ROUNDING",
    "FULL_CLIP",
    "HANGOVER_STAMINA",
    "HEAD_HALF",
    "HITS_STAMINA",
    "MAIMING_AT_SCRATCH",
    "MEDICAL_FAIL",
    "MOVE_ROUNDING",
    "NO_DAMAGE_WITHOUT_STEPS",
    "PAIN_SHOCK_ROLL",
    "PAIN_SHOCK_WOUND_PENALTY",
    "QUARTER_IS_CRITICAL",
    "READINGS",
    "RITUAL_FIRST_FAIL",
    "ROUND_ONCE",
    "SNIPER",
    "STAGE1_CONFIDENCE_IN_CHECK",
    "STAGE3_CHECK",
    "STAGE_STAMINA_IN_CHECK",
    "STEP_READING",
    "SYSTEM",
    "THROWN_READING",
    "TIE_RULE",
    "TWO_GUNS_WRONG_HAND",
    "VOLUME_READING",
]

SYSTEM = "lysogorsk"


TIE_RULE = Reading(
    name="TIE_RULE",
    system=SYSTEM,
    param="tie",
    label=T("Ничья", "Tie"),
    default="attacker",
    choices=(
        Choice("attacker", T("преимущество на стороне «атакующего»", "the advantage is the «attacker»'s")),
        Choice("draw", T("ничья (если она возможна)", "a draw (when one is possible)")),
    ),
    quote="атакующего",
    source="001:7",
    group="details",
    calculators=("lysogorsk-check",),
)


DEFAULT_ROUNDING = Reading(
    name="DEFAULT_ROUNDING",
    system=SYSTEM,
    param="rounding",
    label=T("Округление дробного урона", "Rounding of fractional damage"),
    default="math",
    choices=(
        Choice("math", T("по математическим правилам (половина — вверх)", "mathematical (a half rounds up)")),
        Choice("up", T("вверх", "up")),
        Choice("down", T("вниз", "down")),
    ),
    quote="по математическим правилам",
    source="001:15",
    help=T(
        "Источник не говорит, как округлять половину урона; «по математическим правилам» — его правило для порогов хитов.",
        "The source does not say how to round halved damage; «mathematical» is its rule for hit thresholds.",
    ),
    calculators=("lysogorsk-damage", "lysogorsk-survival", "lysogorsk-temporary"),
)


QUARTER_IS_CRITICAL = Reading(
    name="QUARTER_IS_CRITICAL",
    system=SYSTEM,
    param="quarter_is_critical",
    label=T("Ровно четверть хитов — критическое ранение", "Exactly a quarter of the hits is a critical wound"),
    default=True,
    choices=BOOL,
    quote="четверть оставшихся хитов соответствуют критическому ранению",
    source="001:15",
    help=T(
        "Правило: «четверть оставшихся хитов соответствуют критическому ранению»; в другом месте: «в критическом "
        "состоянии (менее четверти хитов)».",
        "The rule: «a quarter of the hits left is a critical wound»; elsewhere: «in a critical state (fewer than a quarter of the hits)».",
    ),
    kind="bool",
    scene=True,
    calculators=("lysogorsk-damage", "lysogorsk-wounds", "lysogorsk-temporary"),
)


AP_RULE = Reading(
    name="AP_RULE",
    system=SYSTEM,
    param="ap_rule",
    label=T("Бронебойность и преграда", "Armor piercing and cover"),
    default="total",
    choices=(
        Choice("total", T("уменьшает сумму Защиты брони и преграды", "lowers the sum of armor and cover")),
        Choice("each", T("уменьшает каждую отдельно", "lowers each on its own")),
    ),
    quote="Бронебойность уменьшает Защиту цели",
    source="001:115",
    calculators=("lysogorsk-damage", "armor.lys_ap_rule"),
)


AIM_ORDER = Reading(
    name="AIM_ORDER",
    system=SYSTEM,
    param="aim_order",
    label=T("Множитель прицельного выстрела", "Aimed-shot multiplier"),
    default="after",
    choices=(
        Choice("after", T("к урону после Защиты", "to the damage after Protection")),
        Choice("before", T("к броску до Защиты", "to the roll before Protection")),
    ),
    quote="на повреждение х2",
    source="001:154",
    calculators=("lysogorsk-damage",),
)


STEP_READING = Reading(
    name="STEP_READING",
    system=SYSTEM,
    param="step_reading",
    label=T("Счет «начиная с третьего» метра / «начиная с 10 км/ч»", "Counting «from the third meter / from 10 km/h»"),
    default="beyond",
    choices=(
        Choice("beyond", T("только сверх первых 2 м / 10 км/ч", "only beyond the first 2 m / 10 km/h")),
        Choice("whole", T("вся высота / скорость, когда порог достигнут", "the whole height / speed once the threshold is reached")),
    ),
    quote="начиная с третьего",
    source="001:238",
    calculators=("lysogorsk-damage",),
)


NO_DAMAGE_WITHOUT_STEPS = Reading(
    name="NO_DAMAGE_WITHOUT_STEPS",
    system=SYSTEM,
    param="no_damage_below_threshold",
    label=T("Ниже порога (2 м, 10 км/ч) урона нет", "No damage below the threshold (2 m, 10 km/h)"),
    default=True,
    choices=BOOL,
    quote="мощность 1 за каждые 2 метра",
    source="001:238",
    help=T(
        "Буквально «мощность 1 за каждые 2 метра» дает при Мощности 0 всё равно 2К урона.",
        "Read literally, power 0 would still deal 2d6 damage.",
    ),
    kind="bool",
    calculators=("lysogorsk-damage",),
)


BELT_READING = Reading(
    name="BELT_READING",
    system=SYSTEM,
    param="belts_reading",
    label=T("Ремни: что сравнивать с 5 и 10", "Belts: what is compared with 5 and 10"),
    default="damage",
    choices=(
        Choice("damage", T("выпавший урон", "the damage rolled")),
        Choice("power", T("Мощность аварии", "the crash's Power")),
    ),
    quote="повреждения мощностью 1 за каждые 5 километров",
    source="001:194",
    calculators=("lysogorsk-damage",),
)


ARMOR_AGAINST_FALLS = Reading(
    name="ARMOR_AGAINST_FALLS",
    system=SYSTEM,
    param="armor_against_falls",
    label=T("Защита брони против падения и аварии", "Armor's Protection against a fall or a crash"),
    default=True,
    choices=BOOL,
    quote="повреждение такой-то Мощности",
    source="001:124",
    help=T(
        "Падение и авария — «повреждение такой-то Мощности»: бросок, «как если бы персонаж был атакован оружием этой Мощности».",
        "A fall and a crash are damage «of a given Power»: a roll as if the character were attacked by a weapon of that Power.",
    ),
    kind="bool",
    calculators=("lysogorsk-damage",),
)


BELTS_BEFORE_HALVING = Reading(
    name="BELTS_BEFORE_HALVING",
    system=SYSTEM,
    param="belts_first",
    label=T("Ремни — до подушек и проверки Стойкости", "Belts before the airbags and the check"),
    default=True,
    choices=BOOL,
    quote="Ремни безопасности спасают от повреждения, если оно меньше 5",
    source="001:194",
    kind="bool",
    calculators=("lysogorsk-damage",),
)


ROUND_ONCE = Reading(
    name="ROUND_ONCE",
    system=SYSTEM,
    param="round_once",
    label=T("Подушки и проверка: четверть урона, округленная один раз", "Airbags and the check: a quarter of the damage, rounded once"),
    default=True,
    choices=BOOL,
    quote="Подушки безопасности сокращают полученное повреждение вдвое",
    source="001:194",
    kind="bool",
    calculators=("lysogorsk-damage",),
)


THROWN_READING = Reading(
    name="THROWN_READING",
    system=SYSTEM,
    param="reading",
    label=T("Что сверять с таблицей", "What is read on the table"),
    default="total",
    choices=(
        Choice("total", T("результат проверки на Силу", "the Strength check's result")),
        Choice("margin", T("результат минус УС", "the result minus a difficulty")),
    ),
    quote="меньше 0",
    source="001:186",
    help=T(
        "Таблица идет от «меньше 0» до «7 или больше», а 2К + Сила не меньше 2 + Сила; источник не называет УС.",
        "The table runs from «below 0» to «7 or more», while 2d6 + Strength is at least 2 + Strength; the source names no difficulty.",
    ),
    calculators=("lysogorsk-thrown-miss",),
)


AFTER_READING = Reading(
    name="AFTER_READING",
    system=SYSTEM,
    param="after_reading",
    label=T("Проверка после срыва: что сравнивать с −2 и 0", "The check after: what is compared with −2 and 0"),
    default="total",
    choices=(
        Choice("total", T("результат проверки Силы духа", "the Willpower check's result")),
        Choice("margin", T("результат минус УС стресса", "the result minus the stress difficulty")),
    ),
    quote="делается еще одна проверка на навык Сила духа. В случае, если выпадает меньше -2",
    source="001:258",
    calculators=("lysogorsk-breakdown",),
)


VOLUME_READING = Reading(
    name="VOLUME_READING",
    system=SYSTEM,
    param="volume_reading",
    label=T("«1 за каждые 100 грамм, начиная со вторых»", "«1 per 100 grams, from the second»"),
    default="full",
    choices=(
        Choice("full", T("каждые полные 100 г после первых", "each full 100 g after the first")),
        Choice("started", T("каждые начатые 100 г после первых", "each begun 100 g after the first")),
    ),
    quote="1 за каждые 100 грамм в стакане или кружке, начиная со вторых",
    source="001:221",
    scene=True,
    calculators=("lysogorsk-drunkenness",),
)


STAGE_STAMINA_IN_CHECK = Reading(
    name="STAGE_STAMINA_IN_CHECK",
    system=SYSTEM,
    param="stage_stamina",
    label=T("+1 к Выносливости со 2-й стадии помогает в проверках", "Stage 2's +1 Stamina counts in the checks"),
    default=True,
    choices=BOOL,
    quote="повышается болевой порог (+1 к Выносливости",
    source="001:216",
    kind="bool",
    scene=True,
    calculators=("lysogorsk-drunkenness",),
)


HANGOVER_STAMINA = Reading(
    name="HANGOVER_STAMINA",
    system=SYSTEM,
    param="hangover_stamina",
    label=T("Похмелье: какая Выносливость вычитается", "Hangover: which Stamina is subtracted"),
    default="sober",
    choices=(
        Choice("sober", T("трезвая (персонаж проспался)", "the sober one (the character has slept it off)")),
        Choice("drunk", T("с +1 от 2-й стадии", "with stage 2's +1")),
    ),
    quote="номеру последней стадии опьянения минус Выносливость персонажа",
    source="001:232",
    help=T(
        "Штраф — «номеру последней стадии опьянения минус Выносливость персонажа», а 2-я стадия дает «+1 к "
        "Выносливости»; источник не говорит, какая из двух.",
        "The penalty is the last stage's number minus the character's Stamina, and stage 2 gives +1 Stamina; the "
        "source does not say which of the two.",
    ),
    calculators=("lysogorsk-drunkenness",),
)


STAGE3_CHECK = Reading(
    name="STAGE3_CHECK",
    system=SYSTEM,
    param="stage3_check",
    label=T("3-я стадия: «по проверке Силы духа или чистой Уверенности»", "Stage 3: «a check of Willpower or of pure Confidence»"),
    default="willpower",
    choices=(
        Choice("willpower", T("Силы духа: 2К + Уверенность + Сила духа", "Willpower: 2d6 + Confidence + Willpower")),
        Choice("confidence", T("чистой Уверенности: 2К + Уверенность", "pure Confidence: 2d6 + Confidence")),
    ),
    quote="по проверке Силы духа или чистой Уверенности",
    source="001:217",
    calculators=("lysogorsk-drunkenness",),
)


STAGE1_CONFIDENCE_IN_CHECK = Reading(
    name="STAGE1_CONFIDENCE_IN_CHECK",
    system=SYSTEM,
    param="stage1_confidence",
    label=T("+1 к Уверенности с 1-й стадии входит в эту проверку", "Stage 1's +1 Confidence counts in this check"),
    default=True,
    choices=BOOL,
    quote="+1 к Уверенности",
    source="001:215",
    kind="bool",
    calculators=("lysogorsk-drunkenness",),
)


BURST_ROLL = Reading(
    name="BURST_ROLL",
    system=SYSTEM,
    param="burst_roll",
    label=T("Очередь: бросок для «усредненного» повреждения", "Burst: a roll for the «averaged» damage"),
    default="averaged",
    choices=(
        Choice(
            "averaged", T("один бросок на всю очередь (упрощение источника)", "one roll for the whole burst (the source's simplification)")
        ),
        Choice("each", T("отдельный бросок на каждую пулю (до 50 пуль)", "a roll for each bullet (up to 50 bullets)")),
    ),
    quote="Для упрощения можно считать",
    source="001:160",
    help=T(
        "«Для упрощения можно считать», что бросок один; без упрощения — видимо, бросок на каждую попавшую пулю. "
        "Средний урон тот же, разброс меньше.",
        "«For simplicity, you can assume» one roll; without it, presumably a roll for each bullet that hits. The same "
        "mean damage, a narrower spread.",
    ),
    calculators=("lysogorsk-damage",),
)


HITS_STAMINA = Reading(
    name="HITS_STAMINA",
    system=SYSTEM,
    param="hits_stamina",
    label=T("Хиты «15+Выносливость» при временно измененной Выносливости", "Hits «15+Stamina» while the Stamina is changed for a while"),
    default="current",
    choices=(
        Choice("current", T("по той же Выносливости, что и проверки", "by the same Stamina as the checks")),
        Choice("permanent", T("по постоянной Выносливости (отдельное поле)", "by the permanent Stamina (a field of its own)")),
    ),
    quote="временно теряет одну единицу Выносливости",
    source="001:236",
    help=T(
        "Голод и жажда: «временно теряет одну единицу Выносливости»; 2-я стадия опьянения: «+1 к Выносливости»; а «для "
        "бросков используется текущее значение» сказано только о бросках. Поле «Выносливость» — текущая, для проверок.",
        "Hunger and thirst: the character temporarily loses a point of Stamina; drunkenness stage 2: +1 Stamina; «the "
        "current value is used for rolls» speaks of rolls only. The field «Stamina» is the current one, for the checks.",
    ),
    calculators=("lysogorsk-wounds",),
)


MOVE_ROUNDING = Reading(
    name="MOVE_ROUNDING",
    system=SYSTEM,
    param="move_rounding",
    label=T("«4+(Ловкость/2)»: половина Ловкости", "4+(Agility/2): half the Agility"),
    default="exact",
    choices=(
        Choice("exact", T("как есть (метры бывают дробными)", "as is (meters may be fractional)")),
        Choice("math", T("по математическим правилам", "mathematical rounding")),
        Choice("up", T("вверх", "up")),
        Choice("down", T("вниз", "down")),
    ),
    quote="4+(Ловкость/2)",
    source="001:86",
    calculators=("lysogorsk-actions",),
)


FULL_CLIP = Reading(
    name="FULL_CLIP",
    system=SYSTEM,
    param="full_clip",
    label=T("«раунд за каждые 30 патронов»", '"a round per 30 rounds"'),
    default="begun",
    choices=(
        Choice("begun", T("каждые начатые 30 — раунд", "each begun 30 is a round")),
        Choice("full", T("только полные 30 (не меньше раунда)", "only full 30s (at least one round)")),
    ),
    quote="раунд за каждые 30 патронов",
    source="001:164",
    calculators=("lysogorsk-actions",),
)


COMBAT_MODIFIERS_TO = Reading(
    name="COMBAT_MODIFIERS_TO",
    system=SYSTEM,
    param="modifiers_to",
    label=T("Модификаторы таблички боевого стресса", "The combat-stress modifiers"),
    default="difficulty",
    choices=(
        Choice("difficulty", T("прибавляются к УС (бой страшнее)", "raise the difficulty (the fight is scarier)")),
        Choice("result", T("прибавляются к результату проверки", "are added to the check's result")),
    ),
    quote="модификатор +6",
    source="001:74",
    help=T(
        "Источник не говорит, в какую сторону действуют «модификатор +6» и «+3»: «модификатор» — число, прибавляемое к "
        "результату, но тогда первый бой облегчал бы проверку.",
        "The source does not say which way «+6» and «+3» work: a modifier is added to the result, but then the first "
        "fight would make the check easier.",
    ),
    calculators=("lysogorsk-stress",),
)


CONCUSSION_AT_CRITICAL = Reading(
    name="CONCUSSION_AT_CRITICAL",
    system=SYSTEM,
    param="concussion_at_critical",
    label=T("Сотрясение при критическом ранении", "Concussion at a critical wound"),
    default="as_heavy",
    choices=(
        Choice("as_heavy", T("−3, как при тяжелом", "−3, as for a heavy wound")),
        Choice("none", T("без добавочного штрафа", "no extra penalty")),
    ),
    quote="пока персонаж тяжело ранен",
    source="001:53",
    help=T(
        "Источник дает −3, −2, −1 для тяжелого, легкого ранения и царапины, о критическом молчит.",
        "The source gives −3, −2, −1 for a heavy wound, a light one and a scratch; nothing for a critical one.",
    ),
    calculators=("lysogorsk-wounds",),
)


MAIMING_AT_SCRATCH = Reading(
    name="MAIMING_AT_SCRATCH",
    system=SYSTEM,
    param="maiming_at_scratch",
    label=T("Увечье при царапине", "A maimed limb at a scratch"),
    default="until_healed",
    choices=(
        Choice("until_healed", T("−2, пока ранение не вылечено", "−2 until the wound is healed")),
        Choice("light_only", T("−2 только при легком ранении", "−2 only while lightly wounded")),
    ),
    quote="Выстрел в конечность демобилизует ее",
    source="001:152",
    calculators=("lysogorsk-wounds",),
)


MEDICAL_FAIL = Reading(
    name="MEDICAL_FAIL",
    system=SYSTEM,
    param="medical_fail",
    label=T("Если проверка Медицины провалена", "If the Medicine check fails"),
    default="natural",
    choices=(
        Choice("natural", T("пациент делает свою проверку Стойкости", "the patient makes his Fortitude check")),
        Choice("none", T("в этот период хиты не восстанавливаются", "no hits come back this period")),
    ),
    quote="В случае удачи проверка Стойкости",
    source="001:25",
    help=T(
        "Источник говорит только об удаче: «В случае удачи проверка Стойкости … считается автоматически сделанной».",
        "The source only speaks of a success: the Fortitude check then counts as made.",
    ),
    calculators=("lysogorsk-wounds",),
)


TWO_GUNS_WRONG_HAND = Reading(
    name="TWO_GUNS_WRONG_HAND",
    system=SYSTEM,
    param="wrong_hand_reading",
    label=T("По-македонски и «не с той» руки", "Two-gun shooting and the wrong hand"),
    default="included",
    choices=(
        Choice("included", T("−2 за две руки и всё", "−2 for two guns, that is all")),
        Choice("adds", T("еще −2 за стрельбу не с той руки", "another −2 for the wrong hand")),
    ),
    quote="не с той",
    source="001:145",
    help=T(
        "Из двух пистолетов один всегда в другой руке; источник не говорит, складываются ли оба штрафа.",
        "Of two guns one is always in the other hand; the source does not say whether both penalties add up.",
    ),
    calculators=("lysogorsk-shot",),
)


SNIPER = Reading(
    name="SNIPER",
    system=SYSTEM,
    param="sniper_reading",
    label=T("Снайперская винтовка: какие модификаторы не применяются", "Sniper rifle: which modifiers do not apply"),
    default="body_part",
    choices=(
        Choice("body_part", T("части тела", "the body part's")),
        Choice("body_part_and_range", T("части тела и расстояния", "the body part's and the range's")),
    ),
    quote="Модификаторы на попадание не применяются, если огонь ведется из снайперской винтовки",
    source="001:158",
    help=T(
        "«Модификаторы на попадание не применяются, если огонь ведется из снайперской винтовки» — сразу под "
        "модификаторами частей тела; какие именно, не сказано.",
        "«The to-hit modifiers do not apply when firing a sniper rifle» — right under the body parts' modifiers; which ones is not said.",
    ),
    calculators=("lysogorsk-shot",),
)


RITUAL_FIRST_FAIL = Reading(
    name="RITUAL_FIRST_FAIL",
    system=SYSTEM,
    param="first_fail",
    label=T("Если первая проверка провалена", "If the first check fails"),
    default="no_second",
    choices=(
        Choice("no_second", T("ритуал просто не сработал", "the ritual simply did not work")),
        Choice(
            "both",
            T(
                "вторая все равно бросается: ее провал — дисгармоничный эффект",
                "the second is rolled anyway: its failure is a disharmonic effect",
            ),
        ),
    ),
    quote="в противном случае маг просто сам недостаточно верит",
    source="001:281",
    help=T(
        "Источник говорит о дисгармоничном эффекте при провале второго броска, не уточняя, бывает ли он, если первый уже провален.",
        "The source ties the disharmonic effect to a failed second roll without saying whether it comes when the first has failed already.",
    ),
    calculators=("lysogorsk-ritual",),
)


BLEEDING_WHEN_DYING = Reading(
    name="BLEEDING_WHEN_DYING",
    system=SYSTEM,
    param="bleeding_when_dying",
    label=T("Кровотечение и при 0 хитах и меньше", "Bleeding at 0 hits and fewer too"),
    default=False,
    choices=BOOL,
    quote="по хиту в три раунда, если их осталось 4 и меньше",
    source="001:17",
    help=T(
        "«по хиту в три раунда, если их осталось 4 и меньше» покрывает и 0 хитов, но убивало бы за 30 раундов, тогда "
        "как «при смерти» персонаж лежит пятнадцать минут. Нет: при 0 и меньше действует правило «при смерти»; да: и "
        "кровотечение с болевым шоком.",
        "«a hit every three rounds if 4 or fewer are left» covers 0 hits too, but would kill in 30 rounds, while a "
        "dying character lies fifteen minutes. No: at 0 or fewer the dying rule governs; yes: bleeding and pain shock "
        "too.",
    ),
    kind="bool",
    calculators=("lysogorsk-damage",),
)


BLEEDING_BAND = Reading(
    name="BLEEDING_BAND",
    system=SYSTEM,
    param="bleeding_band",
    label=T("Кровотечение при временном уроне", "Bleeding with temporary damage"),
    default="permanent",
    choices=(
        Choice("permanent", T("по хитам без временного урона", "by the hits without the temporary damage")),
        Choice("all", T("по всем оставшимся хитам", "by every hit left")),
    ),
    quote="никогда не истекает кровью",
    source="001:31",
    help=T(
        "Временное ранение «никогда не истекает кровью»; кровотечение — по оставшимся хитам («если у него 5-8 хитов»). "
        "Считать ли временные хиты, когда есть и постоянная рана, не сказано.",
        "A temporary wound never bleeds; bleeding goes by the hits left. Whether the temporary hits count once there "
        "is a permanent wound too is not said.",
    ),
    calculators=("lysogorsk-wounds", "lysogorsk-damage"),
)


HEAD_HALF = Reading(
    name="HEAD_HALF",
    system=SYSTEM,
    param="head_half",
    label=T("Половина хитов раны головы через час", "Half the head wound's hits after an hour"),
    default="convert",
    choices=(
        Choice("convert", T("становится постоянным уроном (из временного)", "becomes permanent damage (out of the temporary)")),
        Choice(
            "add", T("добавляется постоянным уроном (временная рана остается)", "is added as permanent damage (the temporary wound stays)")
        ),
    ),
    quote="после часа игрового времени персонаж получает половину хитов постоянных повреждений",
    source="001:33",
    help=T(
        "«после часа игрового времени персонаж получает половину хитов постоянных повреждений».",
        "After an hour of game time the character gets half the hits as permanent damage.",
    ),
    calculators=("lysogorsk-temporary",),
)


BLAST = Reading(
    name="BLAST",
    system=SYSTEM,
    param="blast",
    label=T("Контузия (взрыв)", "Concussion from a blast"),
    default="like_head",
    choices=(
        Choice("like_head", T("как рана головы: и половина хитов постоянным уроном", "as a head wound: half the hits permanent too")),
        Choice(
            "penalty_only", T("только состояние сотрясения, без постоянного урона", "only the state of a concussion, no permanent damage")
        ),
    ),
    quote="состояние, подобное сотрясению мозга, вызывают временные тяжелые и критические ранения, вызванные ударной волной от взрыва",
    source="001:33",
    help=T(
        "«состояние, подобное сотрясению мозга, вызывают временные тяжелые и критические ранения, вызванные ударной волной от взрыва».",
        "A state like a concussion comes from heavy and critical temporary wounds caused by a blast's shock wave.",
    ),
    calculators=("lysogorsk-temporary",),
)


PAIN_SHOCK_ROLL = Reading(
    name="PAIN_SHOCK_ROLL",
    system=SYSTEM,
    param="pain_shock_roll",
    label=T("Болевой шок: чем бросается", "Pain shock: what is rolled"),
    default="fortitude",
    choices=(
        Choice("fortitude", T("Стойкость: 2К + Выносливость + Стойкость", "Fortitude: 2d6 + Stamina + Fortitude")),
        Choice("willpower", T("Сила духа: 2К + Уверенность + Сила духа", "Willpower: 2d6 + Confidence + Willpower")),
    ),
    quote="Болевой шок кидается против сложности 5",
    source="001:17",
    help=T(
        "«Болевой шок кидается против сложности 5 … и против сложности 7» — на что, не сказано.",
        "Pain shock is rolled against difficulty 5 or 7 — on what, the source does not say.",
    ),
    calculators=("lysogorsk-damage",),
)


PAIN_SHOCK_WOUND_PENALTY = Reading(
    name="PAIN_SHOCK_WOUND_PENALTY",
    system=SYSTEM,
    param="pain_shock_penalty",
    label=T("Штраф за ранение и к проверке болевого шока", "The wound penalty on the pain-shock check too"),
    default=False,
    choices=BOOL,
    quote="на действия",
    source="001:31",
    help=T(
        "Штрафы ранений — «на действия»; для нервного срыва сказано «Модификаторы от ранений не действуют», для болевого шока — ничего.",
        "Wound penalties are on actions; the breakdown roll says wound modifiers do not apply; for pain shock nothing is said.",
    ),
    kind="bool",
    calculators=("lysogorsk-damage",),
)


#: every reading of «Лысогорские сказочки» with a switch, in the order declared
READINGS = (
    TIE_RULE,
    DEFAULT_ROUNDING,
    QUARTER_IS_CRITICAL,
    AP_RULE,
    AIM_ORDER,
    STEP_READING,
    NO_DAMAGE_WITHOUT_STEPS,
    BELT_READING,
    ARMOR_AGAINST_FALLS,
    BELTS_BEFORE_HALVING,
    ROUND_ONCE,
    THROWN_READING,
    AFTER_READING,
    VOLUME_READING,
    STAGE_STAMINA_IN_CHECK,
    HANGOVER_STAMINA,
    STAGE3_CHECK,
    STAGE1_CONFIDENCE_IN_CHECK,
    BURST_ROLL,
    HITS_STAMINA,
    MOVE_ROUNDING,
    FULL_CLIP,
    COMBAT_MODIFIERS_TO,
    CONCUSSION_AT_CRITICAL,
    MAIMING_AT_SCRATCH,
    MEDICAL_FAIL,
    TWO_GUNS_WRONG_HAND,
    SNIPER,
    RITUAL_FIRST_FAIL,
    BLEEDING_WHEN_DYING,
    BLEEDING_BAND,
    HEAD_HALF,
    BLAST,
    PAIN_SHOCK_ROLL,
    PAIN_SHOCK_WOUND_PENALTY,
)
