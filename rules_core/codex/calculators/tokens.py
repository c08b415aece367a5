"""``codex-tokens``: injury tokens on an opponent hit after hit — what a crippling modification adds each time he
gets some, and how many a brutal one activates on a hit (§ 12).
"""

from __future__ import annotations

from ...spec import T, choice_param, figures, int_list_param, int_param, note
from .. import rules

__all__ = ["MAX_TOKENS", "TOKENS_PARAMS", "compute"]

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
    choice_param("per", "Калечащее: «при каждом получении»", "Crippling: «each time he gets»", rules.CRIPPLING_PER, [
        ("gain", "раз за каждое получение жетонов", "once per getting tokens"),
        ("token", "за каждый полученный жетон", "per token got"),
    ], group="readings", when=_CRIPPLING,
        help=T("«при каждом получении противником жетона травм увеличивает их количество по модификации» — за раз "
               "или за жетон, если их пришло несколько, не сказано.",
               "Each time the opponent gets an injury token it adds by the modification — per getting or per token, "
               "when several come, is not said.")),
    choice_param("order", "Жестокое: какие жетоны активирует", "Brutal: which tokens it activates", rules.CRUEL_ORDER, [
        ("before", "те, что были до этого попадания", "those there before this hit"),
        ("after", "и полученные этим попаданием", "the ones this hit gives too"),
    ], group="readings", when=_CRUEL),
    choice_param("activated", "Активированный жетон", "An activated token", rules.ACTIVATED, [
        ("stay", "остается на противнике", "stays on the opponent"),
        ("spent", "расходуется", "is used up"),
    ], group="readings", when=_CRUEL,
        help=T("Что делает активация, источник не говорит.", "What activation does, the source does not say.")),
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
