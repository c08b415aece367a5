"""``codex-tokens``: injury tokens on an opponent hit after hit — what a crippling modification adds each time he
gets some, and how many a brutal one activates on a hit (§ 12).
"""

from __future__ import annotations

from ...spec import Calculator, T, figures, int_list_param, int_param, note
from .. import readings, rules

__all__ = ["MAX_TOKENS", "TOKENS_PARAMS", "compute", "CALCULATOR"]

#: At most so many tokens entered at once (the source gives no bound).
MAX_TOKENS = 30
_CRIPPLING = {"param": "crippling", "min": 1}
_CRUEL = {"param": "cruel", "min": 1}

TOKENS_PARAMS = (
    int_list_param("gains", "Жетонов травм за каждое попадание, по порядку", "Injury tokens each hit gives, in order",
                   [1, 0, 1], 0, MAX_TOKENS, min_len=1, max_len=20,
                   help=T("Сколько жетонов дает само попадание по другим правилам (прицельная атака, ловушка, "
                          "предмет); 0 — ни одного.",
                          "How many tokens the hit itself gives by other rules (an aimed attack, a trap, an item); "
                          "0 for none.")),
    int_param("crippling", "Калечащая модификация: значение (0 — нет)", "Crippling modification: value (0: none)", 1,
              0, MAX_TOKENS),
    int_param("cruel", "Жестокая модификация: качество (0 — нет)", "Brutal modification: quality (0: none)", 1, 0,
              MAX_TOKENS),
    int_param("before", "Жетонов на противнике до первого попадания", "Tokens on the opponent before the first hit",
              0, 0, MAX_TOKENS, group="details"),
    readings.CRIPPLING_PER.switch(when=_CRIPPLING),
    readings.CRUEL_ORDER.switch(when=_CRUEL),
    readings.ACTIVATED.switch(when=_CRUEL),
)


def compute(p: dict) -> dict:
    """The tokens hit by hit."""
    hits = rules.injury_tokens(p["before"], p["gains"], p["crippling"], p["cruel"], p["per"], p["order"],
                               p["activated"])
    added = sum(h["crippling"] for h in hits)
    active = sum(h["activated"] for h in hits)
    rows = [[i, h["got"], h["crippling"], h["activated"], h["tokens"]] for i, h in enumerate(hits, 1)]
    display = [
        figures(("tokens", T("Жетонов травм на противнике после всех попаданий", "Injury tokens on the opponent after "
                             "every hit"), hits[-1]["tokens"]),
                ("crippling_added", T("Добавила калечащая модификация", "Added by the crippling modification"), added),
                ("activated", T("Активировала жестокая модификация (всего)", "Activated by the brutal modification "
                                "(in all)"), active)),
        {"kind": "table", "title": T("Попадание за попаданием", "Hit by hit"),
         "columns": [T("№", "#"), T("Получено", "Got"), T("+ калечащее", "+ crippling"),
                     T("Активировано", "Activated"), T("Жетонов после", "Tokens after")],
         "rows": rows},
        note("Что делает активированный жетон, источник не говорит: калькулятор только считает жетоны.",
             "What an activated token does, the source does not say: the calculator only counts the tokens."),
    ]
    return {"tokens": hits[-1]["tokens"], "crippling_added": added, "activated": active,
            "hits": hits, "display": display}

#: ``codex-tokens``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-tokens", system="codex", kind="dice",
    title=T("Жетоны травм: калечащее и жестокое оружие (Codex)",
            "Injury tokens: crippling and brutal weapons (Codex)"),
    description=T("Сколько жетонов травм добавляет калечащая модификация и сколько активирует жестокая, "
                  "попадание за попаданием.",
                  "How many injury tokens a crippling modification adds and a brutal one activates, hit by hit."),
    params=TOKENS_PARAMS, compute=compute,
    summary=("tokens", "crippling_added", "activated"),
)
