"""``lysogorsk-area-fire``: who in the line of fire takes a bullet (the page «Стрельба»).
"""

from __future__ import annotations

from fractions import Fraction

from ...spec import Calculator, Param, T, figures, frac, int_param, note, prob
from .. import rules

__all__ = ["PARAMS", "compute", "roll"]


_DODGING = {"param": "dodging", "eq": True}

PARAMS = (
    int_param("attribute", "Атрибут стрелка", "Shooter's attribute", 3, -10, 30),
    int_param("skill", "Стрельба", "Shooting", 2, 0, 30),
    int_param("modifier", "Модификаторы стрельбы", "Shooting modifiers", 0, -40, 40),
    int_param("bullets", "Пуль в очереди", "Bullets in the burst", 10, 1, 200, group="details"),
    Param("targets", "record_list", T("На линии огня, по порядку", "In the line of fire, in order"),
          [{"dodging": False}],
          min_len=1, max_len=12,
          fields=(
              Param("dodging", "bool", T("Заявил уклонение", "Declared a dodge"), False,
                    help=T("Иначе его результат считается равным 5.", "Otherwise their result counts as 5.")),
              # the dodge's numbers: only for one who declared it
              Param("attribute", "int", T("Атрибут", "Attribute"), 3, min=-10, max=30, when=_DODGING),
              Param("skill", "int", T("Уклонение", "Dodge"), 1, min=0, max=30, when=_DODGING),
              Param("modifier", "int", T("Модификаторы", "Modifiers"), 0, min=-40, max=40, when=_DODGING),
          )),
)


def _area_dodges(p: dict) -> list:
    return [rules.check_total(t["attribute"], t["skill"], t["modifier"]) if t["dodging"] else None
            for t in p["targets"]]


def compute(p: dict) -> dict:
    shoot = rules.check_total(p["attribute"], p["skill"], p["modifier"])
    hits = rules.area_fire(shoot, _area_dodges(p), p["bullets"])
    expected = sum(hits, Fraction(0))
    rows = [[i + 1, T("да", "yes") if t["dodging"] else T("нет (считается 5)", "no (counts as 5)"), prob(h)]
            for i, (t, h) in enumerate(zip(p["targets"], hits))]
    return {
        "p_hit": [prob(h) for h in hits],
        "expected_bullets": frac(expected),
        "display": [
            figures(("expected_bullets", T("Среднее число попавших пуль", "Mean bullets that hit"),
                     frac(expected))),
            {"kind": "table", "title": T("Шанс получить пулю", "Chance of taking a bullet"),
             "columns": [T("№", "#"), T("Уклоняется", "Dodging"), T("Вероятность", "Probability")], "rows": rows},
            note("Одна проверка Стрельбы против Уклонения каждого; при равенстве попадает стрелок; пули "
                 "кончаются по порядку линии огня.",
                 "One Shooting check against each Dodge; a tie goes to the shooter; bullets run out along "
                 "the line of fire."),
        ],
    }


def roll(p: dict, roller) -> dict:
    faces = roller.dice(2, 6)
    shot = sum(faces) + p["attribute"] + p["skill"] + p["modifier"]
    left = p["bullets"]
    log, rows = [], []
    for i, t in enumerate(p["targets"]):
        tf = roller.dice(2, 6) if t["dodging"] else []
        dodge = sum(tf) + t["attribute"] + t["skill"] + t["modifier"] if t["dodging"] else rules.AREA_FIRE_UNDECLARED_DODGE
        hit = left > 0 and shot >= dodge
        left -= hit
        log.append({"faces": tf, "dodge": dodge, "hit": hit})
        rows.append([i + 1, " ".join(map(str, tf)) or "—", dodge, T("пуля", "hit") if hit else T("мимо", "missed")])
    return {"faces": faces, "total": shot, "targets": log, "bullets_left": left,
            "display": [
                {"kind": "dice", "label": T("Стрельба", "Shooting"), "sides": 6, "faces": faces, "marks": ["", ""]},
                figures(("total", T("Результат стрельбы", "Shooting result"), shot)),
                {"kind": "table", "title": T("Линия огня", "Line of fire"),
                 "columns": [T("№", "#"), T("Кубики", "Dice"), T("Уклонение", "Dodge"), T("Итог", "Outcome")],
                 "rows": rows},
            ]}
