"""«Codex»'s readings (004): every open point of the source that changes a number and has a calculator's switch,
declared once (:class:`rules_core.readings.Reading`). :mod:`.rules` takes its defaults and choices from here, the
calculators their switches, the pages' boxes of unclear points their switch lines (``<!-- svod:reading codex/NAME -->``),
``tests/test_lysogorsk_codex_readings.py`` its registry.
"""

from __future__ import annotations

from ..readings import Choice, Reading
from ..spec import T

__all__ = [
    "ACTIVATED",
    "BURST_ARMOR",
    "BURST_LIGHT",
    "BURST_ROUNDING_READING",
    "CHECK_STRESS",
    "COUNTER_STEP",
    "COUNTER_TIE",
    "CRIPPLING_PER",
    "CRUEL_ORDER",
    "EXHAUSTION_STATE",
    "FLAX",
    "INCAPACITATED",
    "MOBILITY",
    "PARITY",
    "READINGS",
    "REROLL",
    "SHIELD_WEAR",
    "SKILL0",
    "SKILL_SCALE",
    "STANCE_BLOCK",
    "STANCE_LIMIT",
    "SYSTEM",
]

SYSTEM = "codex"


SKILL0 = Reading(
    name="SKILL0",
    system=SYSTEM,
    param="skill0",
    label=T("Навык 0 (строки в таблице нет)", "Skill 0 (no row in the table)"),
    default="as_level_1",
    choices=(
        Choice("as_level_1", T("Как уровень 1: только 6, без взрыва от стресса", "As level 1: only a 6, never exploding from stress")),
        Choice("cannot", T("Навык нельзя применить (бросок не делается)", "The skill cannot be applied (no roll)")),
    ),
    quote="навык 0 никогда не получает взрыва шестёрок от стресса и больше не получает штраф +1 к сложности",
    source="004:3",
    help=T(
        "Источник не даёт строки для уровня 0; § 1: «навык 0 никогда не получает взрыва шестёрок от стресса и больше "
        "не получает штраф +1 к сложности».",
        "The source has no row for level 0; § 1: skill 0 «never gets sixes exploding from stress and no longer gets "
        "the +1 difficulty penalty».",
    ),
    calculators=("codex-roll", "codex-attack", "codex-counteraction", "codex-counters", "codex-ability"),
)


SKILL_SCALE = Reading(
    name="SKILL_SCALE",
    system=SYSTEM,
    param="skill_scale",
    label=T("Нумерация таблицы навыков", "Numbering of the skills table"),
    default="as_written",
    choices=(
        Choice("as_written", T("Как написано: уровни 1–6", "As written: levels 1–6")),
        Choice("shifted", T("Со сдвигом: строка 1 — навык 0 … строка 6 — навык 5", "Shifted: row 1 is skill 0 … row 6 is skill 5")),
    ),
    quote="никогда не взрываются",
    source="004:195",
    help=T(
        "Таблица § 15 нумерует уровни 1–6, но § 1 относит оговорку «никогда не взрываются» к навыку 0, а § 17 знает "
        "уровни навыков только 0–5.",
        "§ 15's table numbers levels 1–6, but § 1 puts «never explode» on skill 0 and § 17 knows skill levels 0–5 only.",
    ),
    calculators=("codex-roll", "codex-attack", "codex-counteraction", "codex-counters", "codex-ability"),
)


FLAX = Reading(
    name="FLAX",
    system=SYSTEM,
    param="flax_reading",
    label=T("Как считать FLAX", "How FLAX counts"),
    default="signed",
    choices=(
        Choice(
            "signed", T("Кубик успехов минус кубик провалов (может быть меньше нуля)", "Success die minus failure die (may be negative)")
        ),
        Choice("absolute", T("Разность всегда прибавляется", "The difference is always added")),
    ),
    quote="Один D6 показывает дополнительные успехи, а второй — дополнительные провалы. Из большего выпавшего вычитается меньшее",
    source="004:91",
    help=T(
        "Источник: «Один D6 показывает дополнительные успехи, а второй — дополнительные провалы. Из большего выпавшего "
        "вычитается меньшее».",
        "The source: one D6 shows extra successes, the other extra failures; the smaller is subtracted from the larger.",
    ),
    calculators=("codex-roll", "codex-attack", "codex-counteraction", "codex-counters", "codex-ability"),
)


INCAPACITATED = Reading(
    name="INCAPACITATED",
    system=SYSTEM,
    param="incapacitated_at",
    label=T("Недееспособен, когда", "Incapacitated when"),
    default="full",
    choices=(
        Choice("full", T("доступные пороги заполнены", "the available thresholds are full")),
        Choice("over", T("урон вышел за доступные пороги", "damage goes past them")),
    ),
    quote="становится недееспособным, когда заканчивается его доступный порог",
    source="004:60",
    help=T(
        "Источник: «становится недееспособным, когда заканчивается его доступный порог».",
        "The source: incapacitated «when his available threshold runs out».",
    ),
    scene=True,
    calculators=("codex-consequences", "codex-attack"),
)


BURST_LIGHT = Reading(
    name="BURST_LIGHT",
    system=SYSTEM,
    param="burst_light",
    label=T("Очередь лёгким оружием", "Burst with a light weapon"),
    default="full",
    choices=(
        Choice("full", T("Полный урон за успех («кроме лёгкого»)", "Full damage per success («except light»)")),
        Choice("forbidden", T("Невозможна", "Not possible")),
    ),
    quote="кроме лёгкого",
    source="004:235",
    calculators=("codex-attack", "armor.codex_burst_light"),
)


BURST_ROUNDING_READING = Reading(
    name="BURST_ROUNDING_READING",
    system=SYSTEM,
    param="burst_rounding",
    label=T("Урон/2 в очереди округлять", "Round burst damage/2"),
    default="down",
    choices=(
        Choice("down", T("вниз", "down")),
        Choice("up", T("вверх", "up")),
    ),
    quote="урону оружия/2",
    source="004:235",
    calculators=("codex-attack", "armor.codex_burst_rounding"),
)


BURST_ARMOR = Reading(
    name="BURST_ARMOR",
    system=SYSTEM,
    param="burst_armor",
    label=T("Очередь против брони", "Burst against armor"),
    default="per_success",
    choices=(
        Choice("per_success", T("Каждый успех — отдельное попадание", "Each success is a separate hit")),
        Choice("total", T("Вся очередь — одно попадание", "The whole burst is one hit")),
    ),
    quote="урон одиночного попадания",
    source="004:126",
    calculators=("codex-attack", "armor.codex_burst_armor"),
)


REROLL = Reading(
    name="REROLL",
    system=SYSTEM,
    param="reroll_again",
    label=T("Переброшенный кубик", "A rerolled die"),
    default="once",
    choices=(
        Choice("once", T("перебрасывается один раз", "is rerolled once")),
        Choice("again", T("можно перебросить снова (еще одно ED6)", "may be rerolled again (another ED6)")),
    ),
    quote="Перебросить кубики в любом количестве ДО значения подготовки",
    source="004:172",
    help=T(
        "Источник: «Перебросить кубики в любом количестве ДО значения подготовки» — не сказано, можно ли перебросить тот же кубик еще раз.",
        "The source: reroll dice in any number up to the preparation's value — not whether the same die may be rerolled again.",
    ),
    calculators=("codex-roll",),
)


MOBILITY = Reading(
    name="MOBILITY",
    system=SYSTEM,
    param="mobility_dice",
    label=T("Штраф подвижности снимает", "The mobility penalty takes"),
    default="ed6_first",
    choices=(
        Choice("ed6_first", T("сначала ED6", "ED6 first")),
        Choice("ad6_first", T("сначала AD6", "AD6 first")),
    ),
    quote="1D6 от подвижности",
    source="004:132",
    help=T(
        "«1D6 от подвижности»: подвижность в источнике не определена; читаем как столько кубиков из броска, где важна подвижность.",
        "1D6 off mobility: mobility is not defined in the source; read as so many dice off a roll that depends on it.",
    ),
    calculators=("codex-roll",),
)


SHIELD_WEAR = Reading(
    name="SHIELD_WEAR",
    system=SYSTEM,
    param="shield_wear",
    label=T("Как щит расходует пункты", "How the shield spends its points"),
    default="stopped_damage",
    choices=(
        Choice("stopped_damage", T("остановленный удар — его урон", "a blow it stops: its damage")),
        Choice("stopped_one", T("остановленный удар — 1 пункт", "a blow it stops: 1 point")),
        Choice("every_attack", T("каждая атака по щиту — 1 пункт", "every attack at the shield: 1 point")),
    ),
    quote="расходуя пункты прочности",
    source="004:137",
    help=T(
        "Источник: щит работает, «расходуя пункты прочности», — как именно, не сказано; щиты оставлены как были («Без "
        "изменений (осознанно): Щиты»), когда броня была еще буфером («вместо буфера (доп. НР)»).",
        "The source: the shield works by spending its points — how, is not said; shields were kept unchanged from when "
        "armor was a buffer of extra HP.",
    ),
    calculators=("codex-attack",),
)


PARITY = Reading(
    name="PARITY",
    system=SYSTEM,
    param="parity",
    label=T("1-й D6: какая группа на чёт", "First D6: which group is even"),
    default="even_universal",
    choices=(
        Choice("even_universal", T("универсальная (нечет — жанровая)", "universal (odd: genre)")),
        Choice("odd_universal", T("жанровая (нечет — универсальная)", "genre (odd: universal)")),
    ),
    quote="в какую группу подготовок (Универсальная или жанровая) будет получен урон (чёт/нечет)",
    source="004:74",
    help=T(
        "Источник: «в какую группу подготовок (Универсальная или жанровая) будет получен урон (чёт/нечет)» — по "
        "порядку слов: универсальная — чёт.",
        "The source: which group (universal or genre) takes the damage (even/odd) — in the order written, universal is even.",
    ),
    calculators=("codex-consequences",),
)


COUNTER_TIE = Reading(
    name="COUNTER_TIE",
    system=SYSTEM,
    param="tie",
    label=T("Равное число LV", "An equal number of LV"),
    default="equal",
    choices=(
        Choice("equal", T("достаточно — действие сорвано", "is enough — the action is foiled")),
        Choice("more", T("мало — нужно больше", "is not enough — more are needed")),
    ),
    quote="пытается своими LV перекрыть LV того, кому мешает: если его результат достаточен",
    source="004:288",
    help=T(
        "Источник: «пытается своими LV перекрыть LV того, кому мешает: если его результат достаточен» — не сказано, "
        "хватает ли равного числа.",
        "The source: tries to cover the other's LV with his own — whether an equal number is enough is not said.",
    ),
    calculators=("codex-counteraction",),
)


COUNTER_STEP = Reading(
    name="COUNTER_STEP",
    system=SYSTEM,
    param="step",
    label=T("Успех заполняет", "A success fills"),
    default="one",
    choices=(
        Choice("one", T("одно деление", "one division")),
        Choice("lv", T("столько делений, сколько LV", "as many divisions as LV")),
    ),
    quote="Успешные действия заполняют один счётчик (Доводы), провальные — другой",
    source="004:117",
    help=T(
        "Источник: «Успешные действия заполняют один счётчик (Доводы), провальные — другой» — на сколько делений, не сказано.",
        "The source: successes fill one counter, failures the other — by how many divisions is not said.",
    ),
    calculators=("codex-counters",),
)


STANCE_BLOCK = Reading(
    name="STANCE_BLOCK",
    system=SYSTEM,
    param="stance_block",
    label=T("Стойка блокирует кости «по уровню способности»", "A stance locks dice «by the ability's level»"),
    default="cost",
    choices=(
        Choice("cost", T("по таблице затрат: 1, 2, 4", "by the cost table: 1, 2, 4")),
        Choice("level", T("по уровню: 1, 2, 3", "by the level: 1, 2, 3")),
    ),
    quote="блокируете кости по уровню способности из ED6 соответствующей подготовки",
    source="004:167",
    help=T(
        "«блокируете кости по уровню способности из ED6 соответствующей подготовки» — уровню или затратам уровня, не сказано.",
        "Locked «by the ability's level»: the level, or the level's cost, is not said.",
    ),
    calculators=("codex-ability",),
)


STANCE_LIMIT = Reading(
    name="STANCE_LIMIT",
    system=SYSTEM,
    param="stance_limit",
    label=T("«За один ход может быть только одна стойка/режим»", "«Only one stance/mode per turn»"),
    default="active",
    choices=(
        Choice("active", T("одна активная", "one active")),
        Choice("per_turn", T("одна новая за ход", "one entered a turn")),
    ),
    quote="За один ход может быть только одна стойка/режим",
    source="004:167",
    help=T(
        "Одна активная: новая стойка снимает прежнюю. Одна новая за ход: стойки прошлых ходов остаются и держат свои "
        "кости. Как в источнике — не сказано.",
        "One active: a new stance drops the one before. One entered a turn: the stances of earlier turns stay and keep "
        "their dice. Which the source means is not said.",
    ),
    calculators=("codex-ability",),
)


CRIPPLING_PER = Reading(
    name="CRIPPLING_PER",
    system=SYSTEM,
    param="per",
    label=T("Калечащее: «при каждом получении»", "Crippling: «each time he gets»"),
    default="gain",
    choices=(
        Choice("gain", T("раз за каждое получение жетонов", "once per getting tokens")),
        Choice("token", T("за каждый полученный жетон", "per token got")),
    ),
    quote="при каждом получении противником жетона травм увеличивает их количество по модификации",
    source="004:145",
    help=T(
        "«при каждом получении противником жетона травм увеличивает их количество по модификации» — за раз или за "
        "жетон, если их пришло несколько, не сказано.",
        "Each time the opponent gets an injury token it adds by the modification — per getting or per token, when "
        "several come, is not said.",
    ),
    calculators=("codex-tokens",),
)


CRUEL_ORDER = Reading(
    name="CRUEL_ORDER",
    system=SYSTEM,
    param="order",
    label=T("Жестокое: какие жетоны активирует", "Brutal: which tokens it activates"),
    default="before",
    choices=(
        Choice("before", T("те, что были до этого попадания", "those there before this hit")),
        Choice("after", T("и полученные этим попаданием", "the ones this hit gives too")),
    ),
    quote="Жестокое оружие при попадании по противнику активирует жетоны травм на противнике по качеству модификации",
    source="004:146",
    calculators=("codex-tokens",),
)


ACTIVATED = Reading(
    name="ACTIVATED",
    system=SYSTEM,
    param="activated",
    label=T("Активированный жетон", "An activated token"),
    default="stay",
    choices=(
        Choice("stay", T("остается на противнике", "stays on the opponent")),
        Choice("spent", T("расходуется", "is used up")),
    ),
    quote="активирует жетоны травм на противнике",
    source="004:146",
    help=T("Что делает активация, источник не говорит.", "What activation does, the source does not say."),
    calculators=("codex-tokens",),
)


EXHAUSTION_STATE = Reading(
    name="EXHAUSTION_STATE",
    system=SYSTEM,
    param="exhaustion_state",
    label=T("Истощение: где 6-й уровень", "Exhaustion: where the 6th level is"),
    default="sixth",
    choices=(
        Choice("sixth", T("на 6-й отметке: 5 уровней и 6-й", "at the 6th mark: 5 levels and the 6th")),
        Choice("seventh", T("сверх шести, как FLAX у Стресса (7-я отметка)", "beyond six, as Stress's FLAX (the 7th mark)")),
    ),
    quote="5 нарастающих уровней и 6-го как отдельного состояния (по образцу Стресс → FLAX)",
    source="004:99",
    help=T(
        "«5 нарастающих уровней и 6-го как отдельного состояния (по образцу Стресс → FLAX)», а у Стресса счётчик на 6 и FLAX сверх него.",
        "Five rising levels and a 6th as a state of its own, after Stress and FLAX — while Stress counts to 6 and FLAX comes beyond.",
    ),
    calculators=("codex-roll", "codex-attack", "codex-counteraction", "codex-counters", "codex-ability"),
)


CHECK_STRESS = Reading(
    name="CHECK_STRESS",
    system=SYSTEM,
    param="check_stress",
    label=T("Стресс от сложной проверки", "The stress of a hard check"),
    default="after",
    choices=(
        Choice("after", T("приходит с проверкой — бросок с прежним стрессом", "comes with the check — the roll keeps the stress")),
        Choice("before", T("+1 стресс уже в этом броске", "+1 stress in this very roll")),
    ),
    quote="Сложные и выше среднего проверки всегда сопровождаются стрессом",
    source="004:264",
    help=T(
        "Источник: «Сложные и выше среднего проверки всегда сопровождаются стрессом» — не сказано, действует ли этот стресс на сам бросок.",
        "The source: hard and above-average checks always come with stress — whether it weighs on the roll itself is not said.",
    ),
    calculators=("codex-roll",),
)


#: every reading of «Codex» with a switch, in the order declared
READINGS = (
    SKILL0,
    SKILL_SCALE,
    FLAX,
    INCAPACITATED,
    BURST_LIGHT,
    BURST_ROUNDING_READING,
    BURST_ARMOR,
    REROLL,
    MOBILITY,
    SHIELD_WEAR,
    PARITY,
    COUNTER_TIE,
    COUNTER_STEP,
    STANCE_BLOCK,
    STANCE_LIMIT,
    CRIPPLING_PER,
    CRUEL_ORDER,
    ACTIVATED,
    EXHAUSTION_STATE,
    CHECK_STRESS,
)
