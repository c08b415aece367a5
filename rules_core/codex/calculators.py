"""Calculators of «Codex of…» (004): ``codex-roll`` and ``codex-attack``.

The rules and every reading chosen where the source is open are in :mod:`rules_core.codex.rules`.
"""

from __future__ import annotations

from ..dice import Dist
from ..spec import (Calculator, T, bool_param, choice_param, dist_block, field_error, figures, frac,
                    int_param, note, prob)
from . import rules, tables

__all__ = ["MAX_ED6", "MAX_DIFFICULTY", "ROLL_PARAMS", "ATTACK_PARAMS", "CALCULATORS"]

MAX_ED6 = 12
MAX_DIFFICULTY = 30

def _scale_name(difficulty: int) -> dict | None:
    return next((d["name"] for d in tables.DIFFICULTY_SCALE if d["difficulty"] == difficulty), None)


_NO_FLAX = {"param": "flax", "eq": False}
#: «персонаж лишается всех ED6» at exhaustion 6: the ED6 are not asked for then
_ED6 = {"param": "exhaustion6", "eq": False}


def _skill_params() -> tuple:
    return (
        int_param("skill", "Уровень навыка", "Skill level", 2, 0, 6,
                  help=T("Навык задаёт грани, дающие LV: 1–2 — только 6, 3 — 5+, … 6 — 2+.",
                         "The skill sets the faces giving an LV: 1–2 only 6, 3 is 5+, … 6 is 2+.")),
        choice_param("skill0", "Навык 0 (строки в таблице нет)", "Skill 0 (no row in the table)", "as_level_1", [
            ("as_level_1", "Как уровень 1: только 6, без взрыва от стресса",
             "As level 1: only a 6, never exploding from stress"),
            ("cannot", "Навык нельзя применить (бросок не делается)", "The skill cannot be applied (no roll)"),
        ], help=T("004 не даёт строки для уровня 0; § 1: «навык 0 никогда не получает взрыва шестёрок от "
                  "стресса и больше не получает штраф +1 к сложности».",
                  "004 has no row for level 0; § 1: skill 0 «never gets sixes exploding from stress and no "
                  "longer gets the +1 difficulty penalty»."), group="readings", when={"param": "skill", "eq": 0}),
        choice_param("skill_scale", "Нумерация таблицы навыков", "Numbering of the skills table", "as_written", [
            ("as_written", "Как написано: уровни 1–6", "As written: levels 1–6"),
            ("shifted", "Со сдвигом: строка 1 — навык 0 … строка 6 — навык 5",
             "Shifted: row 1 is skill 0 … row 6 is skill 5"),
        ], help=T("Таблица § 15 нумерует уровни 1–6, но § 1 относит оговорку «никогда не взрываются» к "
                  "навыку 0, а § 17 знает уровни навыков только 0–5.",
                  "§ 15's table numbers levels 1–6, but § 1 puts «never explode» on skill 0 and § 17 knows "
                  "skill levels 0–5 only."), group="readings"),
        # FLAX replaces the stress steps (ones and exploding sixes do not apply)
        int_param("stress", "Стресс", "Stress", 0, 0, rules.MAX_STRESS, when=_NO_FLAX),
        bool_param("flax", "FLAX (стресс сверх 6)", "FLAX (stress beyond 6)", False, group="details"),
        choice_param("flax_reading", "Как считать FLAX", "How FLAX counts", "signed", [
            ("signed", "Кубик успехов минус кубик провалов (может быть меньше нуля)",
             "Success die minus failure die (may be negative)"),
            ("absolute", "Разность всегда прибавляется", "The difference is always added"),
        ], help=T("004: «Один D6 показывает дополнительные успехи, а второй — дополнительные провалы. Из "
                  "большего выпавшего вычитается меньшее».",
                  "004: one D6 shows extra successes, the other extra failures; the smaller is "
                  "subtracted from the larger."), group="readings", when={"param": "flax", "eq": True}),
        bool_param("exhaustion6", "Истощение 6-го уровня (нет ED6)", "Exhaustion level 6 (no ED6)", False,
                   help=T("«персонаж лишается всех ED6». Уровни 1–5 в источнике не разработаны.",
                          "«the character loses all ED6». Levels 1–5 are unfinished in the source."),
                   group="details"),
    )


def _roll_setup(p: dict, ad6: int) -> dict:
    ed6 = 0 if p["exhaustion6"] else p["ed6"]
    dist = rules.roll_dist(ad6 + ed6, p["skill"], p["stress"], p["flax"], p["skill0"], p["flax_reading"],
                       p["skill_scale"])
    return {"ad6": ad6, "ed6": ed6, "dice": ad6 + ed6, "dist": dist}


def _skill_check(p: dict) -> None:
    if p["skill_scale"] == "shifted" and p["skill"] > rules.MAX_SKILL_SHIFTED:
        raise field_error("skill", f"Со сдвигом таблицы навыков уровни 0–{rules.MAX_SKILL_SHIFTED}.",
                          f"With the shifted skills table the levels are 0–{rules.MAX_SKILL_SHIFTED}.")


def _roll_notes(p: dict) -> list[dict]:
    out = []
    if p["skill"] == 0 and p["skill_scale"] == "as_written":
        out.append(note(
            "Навык 0: в таблице навыков такой строки нет. " + (
                "Выбрано чтение «как уровень 1»: LV даёт только 6, шестёрки не взрываются."
                if p["skill0"] == "as_level_1" else "Выбрано чтение «навык нельзя применить»."),
            "Skill 0 has no row in the skills table. " + (
                "Reading chosen: «as level 1» — only a 6 gives an LV, sixes never explode."
                if p["skill0"] == "as_level_1" else "Reading chosen: «the skill cannot be applied»."), "warning"))
    if p["skill_scale"] == "shifted":
        out.append(note(f"Таблица навыков со сдвигом: навык {p['skill']} читается по строке {p['skill'] + 1}.",
                        f"Shifted skills table: skill {p['skill']} uses row {p['skill'] + 1}.", "warning"))
    if p["flax"]:
        out.append(note("FLAX: единицы и взрыв шестёрок не работают; к броску добавлен результат 2D6.",
                        "FLAX: ones and exploding sixes do not apply; the 2D6 result is added."))
    if p["exhaustion6"]:
        out.append(note("Истощение 6: ED6 не бросаются. Уровни 1–5 истощения в источнике не разработаны "
                        "(«НАДО РАЗРАБОТАТЬ») и здесь не учитываются.",
                        "Exhaustion 6: no ED6 are rolled. Exhaustion levels 1–5 are unfinished in the source "
                        "and are not applied here.", "warning"))
    return out


def _roll_faces(p: dict, roller, ad6: int, ed6: int) -> dict:
    """Roll AD6 + ED6 (+ the FLAX 2D6); mark faces by the same rules as the exact distribution."""
    faces = roller.dice(ad6 + ed6, 6)
    rule = rules.skill_rule(p["skill"], p["skill0"], p["skill_scale"])
    out: dict = {"ad6_faces": faces[:ad6], "ed6_faces": faces[ad6:]}
    if rule is None:
        out.update(lv=0, marks=[""] * len(faces), usable=False)
        return out
    min_face, explodes = rule
    if p["flax"]:
        r = rules.resolve(faces, min_face, 0, False)
        fl = roller.dice(2, 6)
        extra = rules.flax_extra(fl[0], fl[1], p["flax_reading"])
        out.update(flax_faces=fl, flax_extra=extra, lv=max(rules.LV_FLOOR, r["lv"] + extra), marks=r["marks"])
    else:
        r = rules.resolve(faces, min_face, p["stress"], explodes)
        out.update(lv=r["lv"], marks=r["marks"])
    out["usable"] = True
    return out


def _faces_blocks(out: dict, ad6: int) -> list[dict]:
    blocks = [
        {"kind": "dice", "label": T("AD6", "AD6"), "sides": 6, "faces": out["ad6_faces"],
         "marks": out["marks"][:ad6]},
        {"kind": "dice", "label": T("ED6", "ED6"), "sides": 6, "faces": out["ed6_faces"],
         "marks": out["marks"][ad6:]},
    ]
    if "flax_faces" in out:
        blocks.append({"kind": "dice", "label": T("FLAX: успехи, провалы", "FLAX: successes, failures"),
                       "sides": 6, "faces": out["flax_faces"], "marks": ["success", "one"]})
    return blocks


# ---- codex-roll ---------------------------------------------------------------------------------

ROLL_PARAMS = (
    int_param("ad6", "AD6 (кубики действий)", "AD6 (action dice)", 2, 0, rules.AD6_PER_TURN),
    int_param("ed6", "ED6 (подготовка и добавки)", "ED6 (preparation and extras)", 1, 0, MAX_ED6,
              help=T("Добросить кубики до значения подготовки; переброс здесь не считается.",
                     "Dice added up to the preparation; rerolls are not modelled here."), when=_ED6),
) + _skill_params() + (
    int_param("difficulty", "Сложность (LV)", "Difficulty (LV)", 2, 1, MAX_DIFFICULTY,
              help=T("Простое 1, Средне 2, Выше среднего 3, Сложно 4, Очень сложно 6, Запредельно 8, "
                     "Невероятно 10.", "Simple 1, Average 2, Above average 3, Hard 4, Very hard 6, Extreme 8, "
                                       "Incredible 10.")),
)


def _roll_compute(p: dict) -> dict:
    s = _roll_setup(p, p["ad6"])
    dist = s["dist"]
    name = _scale_name(p["difficulty"])
    if dist is None:
        dist = Dist.constant(0)
        p_success = 0
        extra = [note("Навык нельзя применить: бросок не совершается.", "The skill cannot be applied: no roll.",
                      "warning")]
    else:
        p_success = dist.at_least(p["difficulty"])
        extra = []
    display = [
        figures(
            ("p_success", T(f"Шанс успеха (LV ≥ {p['difficulty']})", f"Chance of success (LV ≥ {p['difficulty']})"),
             prob(p_success)),
            ("mean_lv", T("Среднее LV", "Mean LV"), round(float(dist.mean()), 3)),
            ("dice", T("Кубиков в броске", "Dice rolled"), s["dice"]),
        ),
        dist_block("lv", T("Распределение LV", "LV distribution"), T("LV", "LV"), dist),
    ] + extra + _roll_notes(p)
    if name is not None:
        display[0]["items"].append({"key": "difficulty_name", "label": T("Сложность", "Difficulty"), "value": name})
    return {"p_success": prob(p_success), "mean_lv": frac(dist.mean()), "dice": s["dice"],
            "lv": [{"lv": o, "p": prob(dist[o]), "p_at_least": prob(dist.at_least(o))} for o in dist.outcomes()],
            "display": display}


def _roll_roll(p: dict, roller) -> dict:
    ed6 = 0 if p["exhaustion6"] else p["ed6"]
    out = _roll_faces(p, roller, p["ad6"], ed6)
    ok = out["usable"] and out["lv"] >= p["difficulty"]
    verdict = (T(f"Успех: {out['lv']} LV", f"Success: {out['lv']} LV") if ok
               else T(f"Неудача: {out['lv']} LV из {p['difficulty']}", f"Failure: {out['lv']} of {p['difficulty']} LV"))
    out["success"] = ok
    out["display"] = _faces_blocks(out, p["ad6"]) + [figures(("result", T("Итог", "Result"), verdict))] + _roll_notes(p)
    return out


# ---- codex-attack -------------------------------------------------------------------------------


_BURST = {"param": "kind", "eq": "burst"}
#: a light weapon deals its full damage per success of a burst («кроме лёгкого»)
_LIGHT = {"param": "weapon", "eq": str(rules.LIGHT_CATEGORY)}

ATTACK_PARAMS = (
    choice_param("weapon", "Оружие", "Weapon", "1",
                 [(str(i), f"{w['name']['ru']} ({w['dice']}AD6, урон {w['damage']})",
                   f"{w['name']['en']} ({w['dice']}AD6, damage {w['damage']})")
                  for i, w in enumerate(tables.WEAPONS)]),
    choice_param("kind", "Вид атаки", "Attack kind", "normal", [
        ("quick", "Быстрая (½ AD6, ½ урона)", "Quick (½ AD6, ½ damage)"),
        ("normal", "Обычная", "Normal"),
        ("burst", "Очередь (все AD6, урон/2 за успех)", "Burst (all AD6, damage/2 per success)"),
        ("aimed", "Прицельная (все AD6, бонус)", "Aimed (all AD6, a bonus)"),
    ]),
    choice_param("aimed_bonus", "Бонус прицельной атаки", "Aimed attack bonus", "double", [
        ("double", "Гарантированный ×2 урона", "Guaranteed ×2 damage"),
        ("ignore_armor_class", "Игнорирование 1 уровня класса брони", "Ignore 1 armor class"),
        ("other", "Другой (на числа не влияет)", "Another (no effect on the numbers)"),
    ], when={"param": "kind", "eq": "aimed"}),
    int_param("ad6_left", "AD6 в запасе на этот ход", "AD6 left this turn", rules.AD6_PER_TURN, 0,
              rules.AD6_PER_TURN, group="details"),
    int_param("extra_ad6", "Лишние AD6, докинутые к атаке", "Extra AD6 added to the attack", 0, 0,
              rules.AD6_PER_TURN, group="details"),
    int_param("ed6", "ED6 (боевая подготовка и добавки)", "ED6 (combat preparation and extras)", 1, 0, MAX_ED6,
              when=_ED6),
) + _skill_params() + (
    # the range tells which of a shield's numbers counts, and nothing else
    choice_param("range", "Дистанция", "Range", "ranged", [
        ("ranged", "Дальняя атака", "Ranged attack"), ("melee", "Ближний бой", "Melee")],
                 group="details", when={"param": "shield", "ne": "none"}),
    choice_param("cover", "Укрытие цели", "Target's cover", "0",
                 [(str(i), c["name"]["ru"], c["name"]["en"]) for i, c in enumerate(tables.COVER)]),
    choice_param("shield", "Щит цели", "Target's shield", "none",
                 [("none", "Нет", "None")] + [(str(i), s["name"]["ru"], s["name"]["en"])
                                              for i, s in enumerate(tables.SHIELDS)], group="details"),
    int_param("other_hindrance", "Иное затруднение (магия и т.п.)", "Other hindrance (magic etc.)", 0, 0,
              rules.MAX_HINDRANCE, group="details"),
    int_param("reduction", "Снижение сложности (наибольшее)", "Difficulty reduction (the largest)", 0, 0, 10,
              group="details"),
    choice_param("armor", "Броня цели", "Target's armor", "0",
                 [(str(i), f"{a['name']['ru']} (N = {a['threshold']})",
                   f"{a['name']['en']} (N = {a['threshold']})") for i, a in enumerate(tables.ARMOR)]),
    bool_param("non_mechanical", "Немеханический эффект, помеченный как игнорирующий броню",
               "Non-mechanical effect marked as ignoring armor", False, group="details"),
    int_param("damage_taken", "Урон уже на треке", "Damage already on the track", 0, 0, 60, group="details"),
    int_param("tough", "Черта «Стойкий»", "Trait «Tough»", 0, 0, 5, group="details"),
    choice_param("incapacitated_at", "Недееспособен, когда", "Incapacitated when", "full", [
        ("full", "доступные пороги заполнены", "the available thresholds are full"),
        ("over", "урон вышел за доступные пороги", "damage goes past them"),
    ], help=T("004: «становится недееспособным, когда заканчивается его доступный порог».",
              "004: incapacitated «when his available threshold runs out»."), group="readings"),
    choice_param("burst_light", "Очередь лёгким оружием", "Burst with a light weapon", "full", [
        ("full", "Полный урон за успех («кроме лёгкого»)", "Full damage per success («except light»)"),
        ("forbidden", "Невозможна", "Not possible"),
    ], group="readings", when={"all": [_BURST, _LIGHT]}),
    choice_param("burst_rounding", "Урон/2 в очереди округлять", "Round burst damage/2", "down", [
        ("down", "вниз", "down"), ("up", "вверх", "up")], group="readings", when={"all": [_BURST, {"not": _LIGHT}]}),
    choice_param("burst_armor", "Очередь против брони", "Burst against armor", "per_success", [
        ("per_success", "Каждый успех — отдельное попадание", "Each success is a separate hit"),
        ("total", "Вся очередь — одно попадание", "The whole burst is one hit"),
    ], group="readings", when=_BURST),
)


def _attack_setup(p: dict) -> dict:
    wi = int(p["weapon"])
    weapon = tables.WEAPONS[wi]
    kind = p["kind"]
    light = wi == rules.LIGHT_CATEGORY
    if kind == "burst" and light and p["burst_light"] == "forbidden":
        raise field_error("kind", "Очередь лёгким оружием невозможна (выбранное чтение).",
                          "No burst with a light weapon (the chosen reading).")
    cost = rules.attack_ad6(kind, weapon["dice"], p["ad6_left"])
    if cost > p["ad6_left"]:
        raise field_error("ad6_left", f"Атака стоит {cost} AD6, в запасе {p['ad6_left']}.",
                          f"The attack costs {cost} AD6; {p['ad6_left']} left.")
    if cost + p["extra_ad6"] > p["ad6_left"]:
        raise field_error("extra_ad6", f"Лишних AD6 не больше {p['ad6_left'] - cost}.",
                          f"At most {p['ad6_left'] - cost} extra AD6.")
    cover = tables.COVER[int(p["cover"])]["hindrance"]
    ranged = p["range"] == "ranged"
    shield = 0 if p["shield"] == "none" else tables.SHIELDS[int(p["shield"])][
        "ranged_fv" if ranged else "melee_fv"]
    armor_row = rules.armor_after_aim(int(p["armor"]), kind, p["aimed_bonus"])
    per_hit = rules.hit_damage(kind, weapon["damage"], light, p["aimed_bonus"], p["burst_rounding"])
    return {
        "ad6": cost + p["extra_ad6"], "cost": cost, "out_of_reach": cover is None,
        "hindrances": {"cover": cover or 0, "shield": shield, "other": p["other_hindrance"]},
        "difficulty": None if cover is None else rules.hit_difficulty([cover, shield, p["other_hindrance"]],
                                                                   p["reduction"]),
        "threshold": tables.ARMOR[armor_row]["threshold"], "armor_row": armor_row, "per_hit": per_hit,
        "ignores_armor": wi == rules.LARGE_CATEGORY or p["non_mechanical"],
    }


def _attack_check(p: dict) -> None:
    _skill_check(p)
    _attack_setup(p)


def _track(p: dict, damage: int) -> tuple:
    total = p["damage_taken"] + damage
    return (rules.track_level(total), rules.incapacitated(total, p["tough"], p["incapacitated_at"]))


def _attack_notes(p: dict, a: dict) -> list[dict]:
    out = _roll_notes(p)
    if p["kind"] == "quick":
        out.append(note("Быстрая атака отменяет критический урон; что такое критический урон, 004 не определяет.",
                        "A quick attack cancels critical damage, which 004 never defines.", "info"))
    if a["ignores_armor"]:
        out.append(note("Порог брони не действует: Большое оружие или помеченный немеханический эффект.",
                        "The armor threshold does not apply: a Large weapon or a marked non-mechanical effect."))
    return out


def _attack_figures(p_hit: dict, mean_damage, p_incap: dict, difficulty: int | None = None) -> dict:
    """The figures the attack exists for (its summary), also when no attack can be made."""
    lv = "" if difficulty is None else f" (LV ≥ {difficulty})"
    return figures(
        ("p_hit", T("Шанс попасть" + lv, "Chance to hit" + lv), p_hit),
        ("mean_damage", T("Средний урон", "Mean damage"), mean_damage),
        ("p_incapacitated", T("Шанс, что цель недееспособна", "Chance the target is incapacitated"), p_incap),
    )


def _attack_compute(p: dict) -> dict:
    a = _attack_setup(p)
    if a["out_of_reach"]:
        return {"possible": False, "p_hit": prob(0), "display": [
            _attack_figures(prob(0), 0, prob(1 if _track(p, 0)[1] else 0)),
            note("Цель вне досягаемости: атака невозможна вообще — бросок не совершается.",
                 "The target is out of reach: no attack at all — no roll is made.", "warning")]}
    s = _roll_setup(p, a["ad6"])
    lv = s["dist"] if s["dist"] is not None else Dist.constant(0)
    d = a["difficulty"]

    def outcome(x):
        if x < d:
            return 0
        return rules.attack_damage(x, p["kind"], a["per_hit"], a["threshold"], a["ignores_armor"],
                                   p["burst_armor"])

    dmg = lv.map(outcome)
    p_hit = lv.at_least(d)
    track = dmg.map(lambda x: _track(p, x))
    level = track.map(lambda t: t[0])
    p_incap = track.p(lambda t: t[1])
    display = [
        _attack_figures(prob(p_hit), round(float(dmg.mean()), 3), prob(p_incap), d),
        figures(
            ("roll", T("Бросок", "Roll"), T(f"{a['ad6']} AD6 + {s['ed6']} ED6 (атака стоит {a['cost']} AD6)",
                                            f"{a['ad6']} AD6 + {s['ed6']} ED6 (the attack costs {a['cost']} AD6)")),
            ("difficulty", T("Сложность попадания", "Hit difficulty"),
             T(f"2 + наибольшее затруднение {max(a['hindrances'].values())}"
               + (f" − {p['reduction']}" if p["reduction"] else "") + f" = {d}",
               f"2 + the largest hindrance {max(a['hindrances'].values())}"
               + (f" − {p['reduction']}" if p["reduction"] else "") + f" = {d}")),
            ("per_hit", T("Урон попадания до брони", "Damage per hit before armor"),
             T(f"{a['per_hit']}" + (" за каждый успех" if p["kind"] == "burst" else ""),
               f"{a['per_hit']}" + (" per success" if p["kind"] == "burst" else ""))),
            ("threshold", T("Порог брони N", "Armor threshold N"), a["threshold"]),
        ),
        dist_block("damage", T("Урон по цели", "Damage to the target"), T("урон", "damage"), dmg),
        {"kind": "table", "title": T("Где остановится урон на треке", "Where the damage stops on the track"),
         "columns": [T("Уровень", "Level"), T("Вероятность", "Probability"), T("Последствие", "Consequence")],
         "rows": [[lvl, prob(level[lvl]), tables.CONSEQUENCES[lvl]["consequence"]] for lvl in level.outcomes()]},
    ] + _attack_notes(p, a)
    return {"possible": True, "p_hit": prob(p_hit), "hit_difficulty": d, "ad6": a["ad6"], "ed6": s["ed6"],
            "per_hit": a["per_hit"], "threshold": a["threshold"], "p_incapacitated": prob(p_incap),
            "mean_damage": frac(dmg.mean()),
            "damage": [{"damage": o, "p": prob(dmg[o])} for o in dmg.outcomes()],
            "track_level": [{"level": o, "p": prob(level[o])} for o in level.outcomes()],
            "display": display}


def _attack_roll(p: dict, roller) -> dict:
    a = _attack_setup(p)
    if a["out_of_reach"]:
        return {"possible": False, "display": [
            note("Цель вне досягаемости: бросок не совершается.", "The target is out of reach: no roll.", "warning")]}
    ed6 = 0 if p["exhaustion6"] else p["ed6"]
    out = _roll_faces(p, roller, a["ad6"], ed6)
    hit = out["usable"] and out["lv"] >= a["difficulty"]
    damage = (rules.attack_damage(out["lv"], p["kind"], a["per_hit"], a["threshold"], a["ignores_armor"],
                              p["burst_armor"]) if hit else 0)
    level, incap = _track(p, damage)
    out.update(possible=True, hit=hit, damage=damage, track_level=level, incapacitated=incap)
    verdict = (T(f"Попадание ({out['lv']} LV): урон {damage}, уровень трека {level}"
                 + (", недееспособен" if incap else ""),
                 f"Hit ({out['lv']} LV): {damage} damage, track level {level}" + (", incapacitated" if incap else ""))
               if hit else T(f"Промах: {out['lv']} LV из {a['difficulty']}", f"Miss: {out['lv']} of {a['difficulty']} LV"))
    out["display"] = _faces_blocks(out, a["ad6"]) + [
        figures(("result", T("Итог", "Result"), verdict), ("consequence", T("Последствие", "Consequence"),
                                                           tables.CONSEQUENCES[level]["consequence"]))]
    return out


CALCULATORS = [
    Calculator(
        id="codex-roll", system="codex", kind="dice",
        title=T("Бросок на успех (Codex)", "Success roll (Codex)"),
        description=T("N AD6 + X ED6 против сложности в LV: навык, стресс, FLAX.",
                      "N AD6 + X ED6 against a difficulty in LV: skill, stress, FLAX."),
        params=ROLL_PARAMS, compute=_roll_compute, roll=_roll_roll, check=_skill_check,
        summary=("p_success", "mean_lv"),
    ),
    Calculator(
        id="codex-attack", system="codex", kind="attack",
        title=T("Атака оружием (Codex)", "Weapon attack (Codex)"),
        description=T("Попадание, урон через порог брони и где он остановится на треке Выносливости.",
                      "Hit, damage through the armor threshold and where it lands on the Endurance track."),
        params=ATTACK_PARAMS, compute=_attack_compute, roll=_attack_roll, check=_attack_check,
        summary=("p_hit", "mean_damage", "p_incapacitated"),
    ),
]
