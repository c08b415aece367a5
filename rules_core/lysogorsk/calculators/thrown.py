"""``lysogorsk-thrown-miss``: where a missed thrown weapon lands (the page «Метательное оружие»).
"""

from __future__ import annotations

from ...spec import Calculator, T, dice_block, figures, int_param, note, prob
from .. import readings, rules, tables

__all__ = ["THROWN_NAMES", "PARAMS", "compute", "roll", "CALCULATOR"]


THROWN_NAMES = {bid: band["name"] for bid, band in tables.THROWN_MISS.items()}
PARAMS = (
    int_param("strength", "Сила", "Strength", 3, -10, 30),
    int_param("modifier", "Модификаторы", "Modifiers", 0, -40, 40),
    readings.THROWN_READING.switch(),
    int_param("difficulty", "УС (для второго прочтения)", "difficulty (second reading)", 7, -10, 40, group="readings",
              when={"param": "reading", "eq": "margin"}),
)


def compute(p: dict) -> dict:
    d = rules.thrown_miss(p["strength"], p["modifier"], p["reading"], p["difficulty"])
    rows = [[band["label"], band["name"], prob(d[bid])] for bid, band in tables.THROWN_MISS.items()]
    likeliest = d.mode()
    return {"outcome": {bid: prob(d[bid]) for bid in THROWN_NAMES},
            "display": [figures(("likeliest", T("Вероятнее всего", "Most likely"), THROWN_NAMES[likeliest]),
                                ("p_likeliest", T("Его шанс", "Its chance"), prob(d[likeliest]))),
                        {"kind": "table", "title": T("Куда упало при промахе", "Where it lands on a miss"),
                         "columns": [T("Результат", "Result"), T("Итог", "Outcome"), T("Шанс", "Chance")],
                         "rows": rows}]
            + ([note("Буквально: результат проверки на Силу (2К + Сила) редко бывает ниже 7 — таблица, похоже, "
                     "задумана для разницы с УС; источник его не называет.",
                     "Literally: a Strength check (2d6 + Strength) is rarely below 7 — the table looks meant for a "
                     "margin over a difficulty, which the source does not name.", "warning")]
               if p["reading"] == "total" else [])}


def roll(p: dict, roller) -> dict:
    faces = roller.dice(2, 6)
    total = sum(faces) + p["strength"] + p["modifier"]
    value = total - p["difficulty"] if p["reading"] == "margin" else total
    band = rules.band_of(value, tables.THROWN_MISS)
    text = tables.THROWN_MISS[band]["text"]
    return {"faces": faces, "total": total, "value": value, "outcome": band,
            "display": [dice_block(T("Проверка на Силу", "Strength check"), 6, faces),
                        figures(("outcome", T(f"Результат {value}", f"Result {value}"), THROWN_NAMES[band])),
                        {"kind": "note", "level": "info", "text": text}]}

#: ``lysogorsk-thrown-miss``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-thrown-miss", system="lysogorsk", kind="check",
    title=T("Куда упало метательное оружие", "Where a thrown weapon lands"),
    description=T("Проверка на Силу при промахе по таблице недолетов и перелетов.",
                  "The Strength check on a miss, read on the short / over table."),
    params=PARAMS, compute=compute, roll=roll, summary=("likeliest", "p_likeliest"),
)
