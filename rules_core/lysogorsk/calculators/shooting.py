"""The page «Стрельба»: ``lysogorsk-shot`` (one shot: the modifiers, two guns, aimed shots at body
parts) and ``lysogorsk-area-fire`` (who in the line of fire takes a bullet).
"""

from __future__ import annotations

from fractions import Fraction

from ...spec import (Calculator, InputError, Param, T, bool_param, choice_param, dice_block, figures, frac,
                     int_param, note, prob)
from .. import readings, rules, tables
from .checks import check_dice_blocks, roll_2d6

__all__ = ["PARAMS", "compute", "roll", "GUN_OPTIONS", "SHOT_PARAMS", "shot_check", "shot_compute", "shot_roll",
           "AREA_FIRE_CALCULATOR", "SHOT_CALCULATOR"]


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
             "columns": [T("№", "#"), T("Уклоняется", "Dodging"), T("Шанс", "Chance")], "rows": rows},
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
                dice_block(T("Стрельба", "Shooting"), 6, faces),
                figures(("total", T("Результат стрельбы", "Shooting result"), shot)),
                {"kind": "table", "title": T("Линия огня", "Line of fire"),
                 "columns": [T("№", "#"), T("Кубики", "Dice"), T("Уклонение", "Dodge"), T("Итог", "Outcome")],
                 "rows": rows},
            ]}


# ---- lysogorsk-shot -----------------------------------------------------------------------------

GUN_OPTIONS = [
    ("pistol", "пистолет, револьвер", "pistol, revolver"),
    ("smg", "пистолет-пулемет («Узи»)", "submachine gun (an Uzi)"),
    ("rifle", "ружье, автомат и прочее", "rifle, assault rifle and the rest"),
    ("sniper", "снайперская винтовка", "sniper rifle"),
    ("shotgun", "дробовик", "shotgun"),
]
_MOD_NAMES = {m["id"]: m["circumstance"] for m in tables.SHOOTING_MODIFIERS}
_MOD_NAMES.update({part: T(f"Прицельный выстрел: {a['part']['ru'].lower()}", f"Aimed shot: {a['part']['en'].lower()}")
                   for part, a in tables.AIMED_SHOTS.items()})
_MOD_NAMES.update(aimed=T("Прицеливание (+Мышление)", "Aiming (+Thinking)"),
                  actions=T("Действий за раунд", "Actions this round"))
_DODGING = {"param": "dodging", "eq": True}
_AIMED = {"param": "aimed", "eq": True}
_TWO = {"param": "two_guns", "ne": "no"}

SHOT_PARAMS = (
    int_param("attribute", "Атрибут стрелка", "Shooter's attribute", 3, -10, 30),
    int_param("skill", "Стрельба", "Shooting", 2, 0, 30),
    choice_param("size", "Цель", "Target", "human",
                 [(sid, t["name"]["ru"], t["name"]["en"]) for sid, t in tables.TARGET_SIZE.items()]),
    bool_param("dodging", "Цель заявила уклонение", "The target declared a dodge", True),
    choice_param("range", "Дистанция", "Range", "close", [
        ("point_blank", "в упор (дистанция рукопашного боя)", "point-blank (melee distance)"),
        ("close", "ближняя (0)", "close (0)"), ("medium", "средняя (−2)", "medium (−2)"),
        ("far", "дальняя (−4)", "long (−4)"),
    ]),
    choice_param("cover", "Прикрытие цели", "Target's cover", "none",
                 [("none", "нет", "none")] + [(m["id"], f"{m['circumstance']['ru']} ({m['modifier']})",
                                              f"{m['circumstance']['en']} ({m['modifier']})")
                                             for m in tables.SHOOTING_MODIFIERS if m["group"]["ru"] == "Прикрытие"]),
    choice_param("two_guns", "По-македонски (с двух рук)", "Two-gun shooting («Macedonian style»)", "no", [
        ("no", "нет", "no"), ("one_target", "по одной цели (−2)", "at one target (−2)"),
        ("two_targets", "по двум разным целям", "at two different targets"),
    ], group="details"),
    bool_param("aimed", "Прицельный выстрел (прицелился стандартным действием)",
               "Aimed shot (aimed as a standard action)", False),
    int_param("thinking", "Мышление стрелка", "Shooter's Thinking", 2, -10, 30, group="details", when=_AIMED),
    choice_param("part", "Часть тела", "Body part", "none",
                 [("none", "нет — просто прицельный", "none — a plain aimed shot")]
                 + [(part, f"{a['part']['ru']} ({a['to_hit']})", f"{a['part']['en']} ({a['to_hit']})")
                    for part, a in tables.AIMED_SHOTS.items()], when=_AIMED),
    int_param("dodge_attribute", "Атрибут цели (Уклонение)", "Target's attribute (Dodge)", 3, -10, 30,
              group="details", when=_DODGING),
    int_param("dodge_skill", "Уклонение цели", "Target's Dodge", 1, 0, 30, group="details", when=_DODGING),
    choice_param("gun", "Оружие", "Weapon", "pistol", GUN_OPTIONS, group="details"),
    int_param("actions", "Действий за раунд (с прицеливанием)", "Actions this round (aiming included)", 1, 1, 12,
              group="details",
              help=T("Два действия — −1 каждое, три — −2, четыре — −4, пять — −6 … Прицеливание — отдельное "
                     "стандартное действие.",
                     "Two actions are −1 each, three −2, four −4, five −6 … Aiming is a standard action of its own.")),
    bool_param("wrong_hand", "Стрельба «не с той» руки (−2)", "Shooting with the wrong hand (−2)", False,
               group="details"),
    bool_param("shifting", "Перенос огня: второй и более выстрел по другой цели (−1)",
               "Shifting fire: a second or later shot at another target (−1)", False, group="details"),
    int_param("modifier", "Прочие модификаторы стрельбы", "Other shooting modifiers", 0, -40, 40, group="details"),
    bool_param("reroll", "Перебросить за Везение", "Re-roll with Luck", False, group="details"),
    int_param("dodge_modifier", "Модификаторы Уклонения", "Dodge modifiers", 0, -40, 40, group="details",
              when=_DODGING),
    bool_param("full_dodge", "Цель отказалась от действий раунда ради уклонения (+2)",
               "The target gave up the round's actions to dodge (+2)", False, group="details", when=_DODGING,
               help=T("«До своего следующего хода он будет уклоняться с положительным модификатором +2».",
                      "Until his next turn he dodges with a +2 modifier.")),
    readings.TWO_GUNS_WRONG_HAND.switch(when={"all": [_TWO, {"param": "wrong_hand", "eq": True}]}),
    readings.SNIPER.switch(when={"all": [{"param": "gun", "eq": "sniper"}, {"param": "range", "in": ["medium", "far"]}]}),
)


def shot_check(p: dict) -> None:
    """Two-gun shooting only with pistol-skill weapons and at one target (unless point-blank), never aimed."""
    errors = []
    if p["two_guns"] != "no" and p["gun"] not in rules.TWO_GUN_KINDS:
        errors.append({"field": "two_guns", "ru": "По-македонски — только из пистолетов, револьверов и "
                       "пистолетов-пулеметов (навык Стрельба (пистолет)).",
                       "en": "Two-gun shooting only with pistols, revolvers and submachine guns (Shooting (pistol))."})
    elif p["two_guns"] == "two_targets" and p["range"] != "point_blank":
        errors.append({"field": "two_guns", "ru": "По двум разным целям — «никак, то есть совсем» (кроме как в упор).",
                       "en": "At two different targets: not at all (unless point-blank)."})
    if p["aimed"] and p["two_guns"] != "no":
        errors.append({"field": "aimed", "ru": "Стрелять по-македонски прицельно невозможно.",
                       "en": "Two-gun shooting cannot fire an aimed shot."})
    if errors:
        raise InputError(errors)


def _shot(p: dict) -> tuple[list, object, object]:
    part = p["part"] if p["aimed"] else "none"
    mods = rules.shot_modifiers(p["gun"], p["range"], p["cover"], p["two_guns"] != "no", p["wrong_hand"],
                                p["shifting"], p["aimed"], p["thinking"], part, p["actions"],
                                p["wrong_hand_reading"], p["sniper_reading"])
    bonus = p["attribute"] + p["skill"] + p["modifier"] + sum(v for _, v in mods)
    dodge = (p["dodge_attribute"] + p["dodge_skill"] + p["dodge_modifier"] + rules.full_dodge_modifier(p["full_dodge"])
             if p["dodging"] else None)
    return mods, bonus, dodge


def _damage_next(p: dict) -> list[dict]:
    params = {"source": "weapon"}
    if p["aimed"] and p["part"] in ("head", "arm", "leg"):
        params["aim"] = p["part"]
    return [{"id": "lysogorsk-damage", "label": T("Урон попадания", "The hit's damage"), "params": params}]


def shot_compute(p: dict) -> dict:
    """The chance one shot hits, every modifier listed."""
    mods, bonus, dodge = _shot(p)
    bullets = 2 if p["two_guns"] != "no" else 1
    if p["range"] == "point_blank":
        p_hit = Fraction(1)
    else:
        shooting = rules.check_total(bonus, 0, 0, p["reroll"])
        p_hit = rules.p_shot_hits(shooting, p["size"], None if dodge is None else rules.check_total(dodge))
    total_mod = sum(v for _, v in mods) + p["modifier"]
    size = tables.TARGET_SIZE[p["size"]]
    against = (T(f"Уклонение цели {size['dodge_modifier']:+d} (не ниже УС {size['difficulty']})",
                 f"the target's Dodge {size['dodge_modifier']:+d} (no lower than difficulty {size['difficulty']})")
               if dodge is not None else T(f"УС {size['difficulty']}", f"difficulty {size['difficulty']}"))
    display = [
        figures(("p_hit", T("Шанс попасть" + (" (обе пули)" if bullets == 2 else ""),
                            "Chance to hit" + (" (both bullets)" if bullets == 2 else "")), prob(p_hit)),
                ("modifier", T("Модификаторы стрельбы, всего", "Shooting modifiers, total"), total_mod),
                ("against", T("Против", "Against"), T("в упор — попадание автоматически", "point-blank: an automatic hit")
                 if p["range"] == "point_blank" else against)),
    ]
    rows = [[_MOD_NAMES[k], v] for k, v in mods] + ([[T("Прочие", "Other"), p["modifier"]]] if p["modifier"] else [])
    if rows:
        display.append({"kind": "table", "title": T("Модификаторы", "Modifiers"),
                        "columns": [T("Обстоятельство", "Circumstance"), T("Модификатор", "Modifier")], "rows": rows})
    if bullets == 2:
        display.append(note("По-македонски: одна проверка Стрельбы, обе пули попадают либо пролетают мимо. Без "
                            "особенности Македонец — одинаковое оружие в обеих руках, без коротких очередей.",
                            "Two-gun shooting: one Shooting check, both bullets hit or both miss. Without the "
                            "Macedonian feature: the same weapon in both hands, no short bursts."))
    if p["aimed"]:
        display.append(note("Выстрел должен следовать сразу за прицеливанием: если в промежутке персонаж "
                            "уклонялся, прицел сбит.",
                            "The shot must follow the aiming at once: dodging in between spoils the aim."))
    if p["gun"] == "sniper" and ((p["aimed"] and p["part"] != "none") or (
            p["sniper_reading"] == "body_part_and_range" and p["range"] in ("medium", "far"))):
        also = p["sniper_reading"] == "body_part_and_range" and p["range"] in ("medium", "far")
        display.append(note("Из снайперской винтовки модификаторы на попадание по части тела"
                            + (" и за расстояние" if also else "") + " не применяются.",
                            "From a sniper rifle the body-part" + (" and range" if also else "")
                            + " modifiers to hit do not apply."))
    if p["gun"] == "shotgun" and p["range"] in ("medium", "far"):
        display.append(note("Модификаторы за расстояние не применяются к дробовикам, но на большом расстоянии "
                            "у дробовика существенно снижается Мощность.",
                            "Range modifiers do not apply to shotguns, but at long range a shotgun's Power drops."))
    if total_mod <= tables.SERIOUS_MODIFIER:
        display.append(note("Модификатор −6 и больше: мастер может потребовать проверок и на простые действия.",
                            "A modifier of −6 or worse: the GM may ask for checks even on simple actions.",
                            "warning"))
    if p["aimed"] and p["part"] == "item":
        display.append(note("Попадание выбивает предмет из руки.", "A hit knocks the item out of the hand."))
    result = {"p_hit": prob(p_hit), "bullets": bullets, "modifier": total_mod,
              "modifiers": [{"id": k, "value": v} for k, v in mods],
              "expected_bullets": frac(bullets * p_hit), "display": display}
    if p_hit and not (p["aimed"] and p["part"] == "item"):
        result["next"] = _damage_next(p)
    return result


def shot_roll(p: dict, roller) -> dict:
    """One shot on the dice (and the target's dodge)."""
    mods, bonus, dodge = _shot(p)
    size = tables.TARGET_SIZE[p["size"]]
    if p["range"] == "point_blank":
        return {"hit": True, "display": [figures(("result", T("Итог", "Result"),
                                                  T("В упор: попадание автоматически", "Point-blank: an automatic hit")))]}
    a, b, dice = roll_2d6(roller, p["reroll"])
    total = dice + bonus
    display = check_dice_blocks(T("Стрельба", "Shooting"), a, b)
    out = {"faces": a, "reroll_faces": b, "total": total}
    if dodge is None:
        need = size["difficulty"]
    else:
        df = roller.dice(2, 6)
        dodge_total = sum(df) + dodge + size["dodge_modifier"]
        need = max(dodge_total, size["difficulty"])
        out.update(dodge_faces=df, dodge_total=dodge_total)
        display += check_dice_blocks(T("Уклонение", "Dodge"), df, None)
    hit = total >= need
    out.update(need=need, hit=hit)
    display.append(figures(("result", T(f"{total} против {need}", f"{total} against {need}"),
                            T("попадание", "a hit") if hit else T("мимо", "a miss"))))
    out["display"] = display
    return out

#: ``lysogorsk-area-fire``: its id, title and description with its parameters, compute, roll and check
AREA_FIRE_CALCULATOR = Calculator(
    id="lysogorsk-area-fire", system="lysogorsk", kind="attack",
    title=T("Стрельба по площади", "Area fire"),
    description=T("Кто на линии огня получит пулю: Уклонение (или 5) против одной проверки Стрельбы.",
                  "Who in the line of fire takes a bullet: Dodge (or 5) against one Shooting check."),
    params=PARAMS, compute=compute, roll=roll, summary=("expected_bullets",),
)

#: ``lysogorsk-shot``: its id, title and description with its parameters, compute, roll and check
SHOT_CALCULATOR = Calculator(
    id="lysogorsk-shot", system="lysogorsk", kind="attack",
    title=T("Выстрел: шанс попасть", "A shot: the chance to hit"),
    description=T("Стрельба против УС размера цели или ее Уклонения — с дистанцией, прикрытием, "
                  "прицеливанием по части тела, стрельбой по-македонски и штрафом за действия.",
                  "Shooting against the target size's difficulty or its Dodge — with range, cover, aimed shots at "
                  "body parts, two guns and the actions penalty."),
    params=SHOT_PARAMS, compute=shot_compute, roll=shot_roll,
    check=shot_check, summary=("p_hit", "modifier"),
)
