"""Calculators of «Codex of…» (004): ``codex-roll`` (with rerolls from the preparation and armor's
mobility penalty), ``codex-attack`` (with the shield's points), ``codex-counteraction`` and
``codex-consequences``.

The rules and every reading chosen where the source is open are in :mod:`rules_core.codex.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from ..dice import Dist
from ..spec import (Calculator, T, bool_param, choice_param, dice_block, dist_block, dist_json, field_error,
                    figures, frac, int_param, note, prob)
from . import rules, tables

__all__ = ["MAX_ED6", "MAX_REROLLS", "MAX_SPLIT", "MAX_DIFFICULTY", "MAX_DIVISIONS", "ROLL_PARAMS", "ATTACK_KIND_WORDS",
           "attack_kind_options", "weapon_options", "ATTACK_PARAMS",
           "COUNTER_PARAMS", "CONSEQUENCE_PARAMS", "COUNTERS_PARAMS", "CALCULATORS"]

MAX_ED6 = 12
#: ED6 kept for rerolls: a preparation's level is at most 5 (§ 17), one more for an item or a trait.
MAX_REROLLS = 6
#: The table of every split of the preparation between added dice and rerolls, up to this many ED6.
MAX_SPLIT = 6
MAX_DIFFICULTY = 30
#: A counter «по умолчанию разделён на шесть (6) делений» and may borrow the next ones: up to four.
MAX_DIVISIONS = 24

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
        ], help=T("Источник не даёт строки для уровня 0; § 1: «навык 0 никогда не получает взрыва шестёрок от "
                  "стресса и больше не получает штраф +1 к сложности».",
                  "The source has no row for level 0; § 1: skill 0 «never gets sixes exploding from stress and no "
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
        ], help=T("Источник: «Один D6 показывает дополнительные успехи, а второй — дополнительные провалы. Из "
                  "большего выпавшего вычитается меньшее».",
                  "The source: one D6 shows extra successes, the other extra failures; the smaller is "
                  "subtracted from the larger."), group="readings", when={"param": "flax", "eq": True}),
        bool_param("exhaustion6", "Истощение 6-го уровня (нет ED6)", "Exhaustion level 6 (no ED6)", False,
                   help=T("«персонаж лишается всех ED6». Уровни 1–5 в источнике не разработаны.",
                          "«the character loses all ED6». Levels 1–5 are unfinished in the source."),
                   group="details"),
    )


def _roll_setup(p: dict, ad6: int, ed6: int | None = None) -> dict:
    ed6 = (0 if p["exhaustion6"] else p["ed6"]) if ed6 is None else ed6
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
        dice_block(T("AD6", "AD6"), 6, out["ad6_faces"], out["marks"][:ad6]),
        dice_block(T("ED6", "ED6"), 6, out["ed6_faces"], out["marks"][ad6:]),
    ]
    if "flax_faces" in out:
        blocks.append(dice_block(T("FLAX: успехи, провалы", "FLAX: successes, failures"), 6, out["flax_faces"],
                                 ["success", "one"]))
    return blocks


# ---- codex-roll ---------------------------------------------------------------------------------

ROLL_PARAMS = (
    int_param("ad6", "AD6 (кубики действий)", "AD6 (action dice)", 2, 0, rules.AD6_PER_TURN),
    int_param("ed6", "ED6 (подготовка и добавки)", "ED6 (preparation and extras)", 1, 0, MAX_ED6,
              help=T("Добросить кубики до значения подготовки; ED6 на перебросы — ниже, в подробностях.",
                     "Dice added up to the preparation; ED6 kept for rerolls are under More."), when=_ED6),
) + _skill_params() + (
    int_param("difficulty", "Сложность (LV)", "Difficulty (LV)", 2, 1, MAX_DIFFICULTY,
              help=T("Простое 1, Средне 2, Выше среднего 3, Сложно 4, Очень сложно 6, Запредельно 8, "
                     "Невероятно 10.", "Simple 1, Average 2, Above average 3, Hard 4, Very hard 6, Extreme 8, "
                                       "Incredible 10.")),
    int_param("rerolls", "ED6 на перебросы (из той же подготовки)", "ED6 kept for rerolls (the same preparation)",
              0, 0, MAX_REROLLS, group="details",
              help=T("Подготовка дает добросить или перебросить кубики до своего значения — это одна сумма. "
                     "Перебрасывается кубик без LV (под стрессом сначала единица), пока не набрана сложность.",
                     "A preparation adds or rerolls dice up to its value — one sum. A die without an LV is "
                     "rerolled (a one first under stress) until the difficulty is reached.")),
    choice_param("armor", "Броня персонажа", "The character's armor", "0",
                 [(str(i), f"{a['name']['ru']} ({a['penalties']['ru'].split(',')[0]})" if a["mobility_dice"]
                   else a["name"]["ru"], f"{a['name']['en']} ({a['penalties']['en'].split(',')[0]})"
                   if a["mobility_dice"] else a["name"]["en"]) for i, a in enumerate(tables.ARMOR)], group="details"),
    bool_param("mobility", "Бросок на подвижность (штраф брони)", "A mobility roll (the armor's penalty)", False,
               group="details", when={"param": "armor", "ne": "0"}),
    choice_param("reroll_again", "Переброшенный кубик", "A rerolled die", rules.REROLL, [
        ("once", "перебрасывается один раз", "is rerolled once"),
        ("again", "можно перебросить снова (еще одно ED6)", "may be rerolled again (another ED6)"),
    ], group="readings", when={"param": "rerolls", "min": 1},
        help=T("Источник: «Перебросить кубики в любом количестве ДО значения подготовки» — не сказано, можно ли "
               "перебросить тот же кубик еще раз.",
               "The source: reroll dice in any number up to the preparation's value — not whether the same die may "
               "be rerolled again.")),
    choice_param("check_stress", "Стресс от сложной проверки", "The stress of a hard check", rules.CHECK_STRESS, [
        ("after", "приходит с проверкой — бросок с прежним стрессом", "comes with the check — the roll keeps the stress"),
        ("before", "+1 стресс уже в этом броске", "+1 stress in this very roll"),
    ], group="readings", when={"param": "difficulty", "min": rules.STRESSFUL_DIFFICULTY},
        help=T("Источник: «Сложные и выше среднего проверки всегда сопровождаются стрессом» — не сказано, действует ли "
               "этот стресс на сам бросок.",
               "The source: hard and above-average checks always come with stress — whether it weighs on the roll itself "
               "is not said.")),
    choice_param("mobility_dice", "Штраф подвижности снимает", "The mobility penalty takes", rules.MOBILITY, [
        ("ed6_first", "сначала ED6", "ED6 first"), ("ad6_first", "сначала AD6", "AD6 first"),
    ], group="readings", when={"param": "mobility", "eq": True},
        help=T("«1D6 от подвижности»: подвижность в источнике не определена; читаем как столько кубиков "
               "из броска, где важна подвижность.",
               "1D6 off mobility: mobility is not defined in the source; read as so many dice off a roll "
               "that depends on it.")),
)


def _checked(p: dict) -> dict:
    """The request with the stress the roll is made with (a hard check's stress, by its reading)."""
    stress, flax = rules.stress_for_check(p["stress"], p["flax"], p["difficulty"], p["check_stress"])
    return {**p, "stress": stress, "flax": flax}


def _check_notes(p: dict, ad6: int) -> list[dict]:
    out = []
    if p["difficulty"] >= rules.STRESSFUL_DIFFICULTY:
        out.append(note("Проверка «Выше среднего» и сложнее сопровождается стрессом: +1 стресс"
                        + (" — уже в этом броске." if p["check_stress"] == "before" else " после броска."),
                        "An above-average or harder check comes with stress: +1"
                        + (" — in this very roll." if p["check_stress"] == "before" else " after the roll.")))
    if p["difficulty"] >= rules.ALL_AD6_DIFFICULTY and ad6 < rules.AD6_PER_TURN:
        out.append(note("Очень сложные проверки требуют потратить все AD6.", "Very hard checks take all the AD6.",
                        "warning"))
    return out


def _roll_dice(p: dict) -> tuple[int, int]:
    """(AD6, ED6) of a codex-roll: no ED6 at exhaustion 6; a mobility roll in armor loses its dice."""
    ed6 = 0 if p["exhaustion6"] else p["ed6"]
    if p["mobility"] and p["armor"] != "0":
        return rules.mobility_penalty(p["ad6"], ed6, int(p["armor"]), p["mobility_dice"])
    return p["ad6"], ed6


def _rerolls(p: dict) -> int:
    return 0 if p["exhaustion6"] else p["rerolls"]


def _with_rerolls(p: dict, dice: int, rerolls: int) -> Dist | None:
    return rules.roll_with_rerolls(dice, p["skill"], p["difficulty"], rerolls, p["stress"], p["flax"], p["skill0"],
                                   p["flax_reading"], p["skill_scale"], p["reroll_again"] == "again")


def _reroll_blocks(p: dict, ad6: int, ed6: int, rerolls: int) -> tuple[list, dict]:
    """The figures and the split table of a roll with rerolls, and the machine keys."""
    dist = _with_rerolls(p, ad6 + ed6, rerolls)
    if dist is None:
        return [], {}
    p_ok = dist.p(lambda x: x[0])
    spent = dist.map(lambda x: x[1])
    blocks = [figures(("p_success_rerolls", T(f"Шанс успеха с перебросами ({rerolls} ED6)",
                                              f"Chance of success with rerolls ({rerolls} ED6)"), prob(p_ok)),
                      ("mean_rerolls", T("В среднем ED6 на перебросы", "Mean ED6 spent on rerolls"),
                       frac(spent.mean())))]
    keys = {"p_success_rerolls": prob(p_ok), "mean_rerolls": frac(spent.mean())}
    total = ed6 + rerolls
    if total <= MAX_SPLIT:
        rows = []
        for added in range(total + 1):
            d = _with_rerolls(p, ad6 + added, total - added)
            rows.append([added, total - added, prob(d.p(lambda x: x[0]))])
        blocks.append({"kind": "table", "title": T(f"Как разделить {total} ED6: добросить или оставить на перебросы",
                                                   f"How to split {total} ED6: add or keep for rerolls"),
                       "columns": [T("Добросить", "Add"), T("На перебросы", "For rerolls"),
                                   T("Шанс успеха", "Chance of success")], "rows": rows})
    return blocks, keys


def _roll_compute(p: dict) -> dict:
    p = _checked(p)
    ad6, ed6 = _roll_dice(p)
    s = _roll_setup(p, ad6, ed6)
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
    rerolls = _rerolls(p)
    reroll_blocks, reroll_keys = _reroll_blocks(p, ad6, ed6, rerolls) if rerolls else ([], {})
    display = [
        figures(
            ("p_success", T(f"Шанс успеха (LV ≥ {p['difficulty']})", f"Chance of success (LV ≥ {p['difficulty']})"),
             prob(p_success)),
            ("mean_lv", T("Среднее LV", "Mean LV"), round(float(dist.mean()), 3)),
            ("dice", T("Кубиков в броске", "Dice rolled"), s["dice"]),
        ),
        *reroll_blocks,
        dist_block("lv", T("Распределение LV" + (" (без перебросов)" if rerolls else ""),
                           "LV distribution" + (" (without rerolls)" if rerolls else "")), T("LV", "LV"), dist),
    ] + extra + _roll_notes(p) + _check_notes(p, p["ad6"])
    if name is not None:
        display[0]["items"].append({"key": "difficulty_name", "label": T("Сложность", "Difficulty"), "value": name})
    if p["mobility"] and p["armor"] != "0":
        display.append(note(f"Бросок на подвижность в броне: {p['ad6']} AD6 + {0 if p['exhaustion6'] else p['ed6']} "
                            f"ED6 → {ad6} AD6 + {ed6} ED6.",
                            f"A mobility roll in armor: {p['ad6']} AD6 + {0 if p['exhaustion6'] else p['ed6']} ED6 → "
                            f"{ad6} AD6 + {ed6} ED6."))
    return {"p_success": prob(p_success), "mean_lv": frac(dist.mean()), "dice": s["dice"], **reroll_keys,
            "lv": dist_json(dist, "lv", at_least=True),
            "display": display}


def _roll_roll(p: dict, roller) -> dict:
    p = _checked(p)
    ad6, ed6 = _roll_dice(p)
    out = _roll_faces(p, roller, ad6, ed6)
    rerolls = _rerolls(p)
    if rerolls and out["usable"]:
        min_face, explodes = rules.skill_rule(p["skill"], p["skill0"], p["skill_scale"])
        played = rules.play_rerolls(out["ad6_faces"] + out["ed6_faces"], min_face, 0 if p["flax"] else p["stress"],
                                    explodes and not p["flax"], rerolls, p["difficulty"], lambda: roller.die(6),
                                    p["reroll_again"] == "again", out.get("flax_extra", 0))
        before = out["ad6_faces"] + out["ed6_faces"]
        out.update(rolled_faces=before, ad6_faces=played["faces"][:ad6], ed6_faces=played["faces"][ad6:],
                   rerolled=played["rerolled"], rerolls_spent=played["spent"], lv=played["lv"], marks=played["marks"])
    ok = out["usable"] and out["lv"] >= p["difficulty"]
    verdict = (T(f"Успех: {out['lv']} LV", f"Success: {out['lv']} LV") if ok
               else T(f"Неудача: {out['lv']} LV из {p['difficulty']}", f"Failure: {out['lv']} of {p['difficulty']} LV"))
    out["success"] = ok
    figs = [("result", T("Итог", "Result"), verdict)]
    if out.get("rerolled"):
        figs.append(("rerolls", T("Переброшено кубиков (ED6)", "Dice rerolled (ED6)"), out["rerolls_spent"]))
    out["display"] = _faces_blocks(out, ad6) + [figures(*figs)] + _roll_notes(p) + _check_notes(p, p["ad6"])
    return out


# ---- codex-attack -------------------------------------------------------------------------------


_BURST = {"param": "kind", "eq": "burst"}
#: a light weapon deals its full damage per success of a burst («кроме лёгкого»)
_LIGHT = {"param": "weapon", "eq": str(rules.LIGHT_CATEGORY)}

#: The attack kinds (§ 18–§ 20) in words: the name, the AD6 it rolls, what it does to the damage.
ATTACK_KIND_WORDS = {
    "quick": (T("Быстрая", "Quick"), T("½ AD6", "½ AD6"), T("½ урона", "½ damage")),
    "normal": (T("Обычная", "Normal"), None, None),
    "burst": (T("Очередь", "Burst"), T("все AD6", "all AD6"), T("урон/2 за успех", "damage/2 per success")),
    "aimed": (T("Прицельная", "Aimed"), T("все AD6", "all AD6"), T("бонус", "a bonus")),
}
assert set(ATTACK_KIND_WORDS) == set(rules.ATTACK_KINDS)


def attack_kind_options(with_ad6: bool = True) -> list[tuple[str, str, str]]:
    """The attack kinds as a switch's options, «Быстрая (½ AD6, ½ урона)»; ``with_ad6=False``
    leaves out the dice, for a calculator that rolls none (the ``armor`` one)."""
    def label(lang: str, name: dict, dice: dict | None, effect: dict | None) -> str:
        parts = [t[lang] for t in ((dice if with_ad6 else None), effect) if t]
        return f"{name[lang]} ({', '.join(parts)})" if parts else name[lang]

    return [(k, label("ru", *w), label("en", *w)) for k, w in ATTACK_KIND_WORDS.items()]


def weapon_options(with_ad6: bool = True) -> list[tuple[str, str, str]]:
    """The weapon categories (codex/weapons) as a switch's options, their index the value:
    «Легкое (1AD6, урон 2)»; ``with_ad6=False`` as :func:`attack_kind_options`."""
    def label(w: dict, lang: str, damage: str) -> str:
        dice = f"{w['dice']}AD6, " if with_ad6 else ""
        return f"{w['name'][lang]} ({dice}{damage} {w['damage']})"

    return [(str(i), label(w, "ru", "урон"), label(w, "en", "damage")) for i, w in enumerate(tables.WEAPONS)]


ATTACK_PARAMS = (
    choice_param("weapon", "Оружие", "Weapon", "1", weapon_options()),
    choice_param("kind", "Вид атаки", "Attack kind", "normal", attack_kind_options()),
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
    ], help=T("Источник: «становится недееспособным, когда заканчивается его доступный порог».",
              "The source: incapacitated «when his available threshold runs out»."), group="readings"),
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
    int_param("shield_lost", "Щит: уже потеряно пунктов прочности", "Shield: points already lost", 0, 0, 100,
              group="details", when={"param": "shield", "in": [str(i) for i, s in enumerate(tables.SHIELDS)
                                                               if s["points"] is not None]}),
    choice_param("shield_wear", "Как щит расходует пункты", "How the shield spends its points", rules.SHIELD_WEAR, [
        ("stopped_damage", "остановленный удар — его урон", "a blow it stops: its damage"),
        ("stopped_one", "остановленный удар — 1 пункт", "a blow it stops: 1 point"),
        ("every_attack", "каждая атака по щиту — 1 пункт", "every attack at the shield: 1 point"),
    ], group="readings", when={"param": "shield", "in": [str(i) for i, s in enumerate(tables.SHIELDS)
                                                         if s["points"] is not None]},
        help=T("Источник: щит работает, «расходуя пункты прочности», — как именно, не сказано; щиты оставлены как были "
               "(«Без изменений (осознанно): Щиты»), когда броня была еще буфером («вместо буфера (доп. НР)»).",
               "The source: the shield works by spending its points — how, is not said; shields were kept unchanged "
               "from when armor was a buffer of extra HP.")),
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
    row = None if p["shield"] == "none" else tables.SHIELDS[int(p["shield"])]
    points = None if row is None or row["points"] is None else row["points"] - p["shield_lost"]
    broken = points is not None and points <= 0
    shield = 0 if row is None or broken else row["ranged_fv" if ranged else "melee_fv"]
    armor_row = rules.armor_after_aim(int(p["armor"]), kind, p["aimed_bonus"])
    per_hit = rules.hit_damage(kind, weapon["damage"], light, p["aimed_bonus"], p["burst_rounding"])
    return {
        "ad6": cost + p["extra_ad6"], "cost": cost, "out_of_reach": cover is None,
        "hindrances": {"cover": cover or 0, "shield": shield, "other": p["other_hindrance"]},
        "shield_points": points, "shield_broken": broken,
        "difficulty_without_shield": None if cover is None else rules.hit_difficulty(
            [cover, p["other_hindrance"]], p["reduction"]),
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
        out.append(note("Быстрая атака отменяет критический урон; что такое критический урон, источник не определяет.",
                        "A quick attack cancels critical damage, which the source never defines.", "info"))
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
         "columns": [T("Уровень", "Level"), T("Шанс", "Chance"), T("Последствие", "Consequence")],
         "rows": [[lvl, prob(level[lvl]), tables.CONSEQUENCES[lvl]["consequence"]] for lvl in level.outcomes()]},
    ] + _attack_notes(p, a)
    result = {"possible": True, "p_hit": prob(p_hit), "hit_difficulty": d, "ad6": a["ad6"], "ed6": s["ed6"],
              "per_hit": a["per_hit"], "threshold": a["threshold"], "p_incapacitated": prob(p_incap),
              "mean_damage": frac(dmg.mean()),
              "damage": dist_json(dmg, "damage"),
              "track_level": dist_json(level, "level"),
              "display": display}
    if a["shield_points"] is not None:
        shield, keys = _shield_blocks(p, a, lv)
        display.extend(shield)
        result.update(keys)
    return result


def _stopped_and_wear(p: dict, a: dict, x: int) -> tuple[bool, int]:
    """Whether the shield made a roll of ``x`` LV miss, and the points the attack takes off it."""
    stopped = a["difficulty_without_shield"] <= x < a["difficulty"]
    blow = rules.attack_damage(x, p["kind"], a["per_hit"], 0, True, p["burst_armor"])
    return stopped, rules.shield_wear(stopped, blow, p["shield_wear"])


def _shield_blocks(p: dict, a: dict, lv: Dist) -> tuple[list, dict]:
    if a["shield_broken"]:
        return [note("Щит разбит (пунктов не осталось): затруднения он не дает.",
                     "The shield is broken (no points left): it gives no hindrance.", "warning")], \
            {"shield_broken": True}
    out = lv.map(lambda x: _stopped_and_wear(p, a, x))
    stopped = out.p(lambda t: t[0])
    after = out.map(lambda t: max(0, a["shield_points"] - t[1]))
    blocks = [figures(("p_shield_stops", T("Щит останавливает удар", "The shield stops the blow"), prob(stopped)),
                      ("shield_points", T("Пунктов щита сейчас", "The shield's points now"), a["shield_points"]),
                      ("p_shield_breaks", T("Щит разобьется этой атакой", "This attack breaks the shield"),
                       prob(after[0]) if 0 in after.outcomes() else prob(0)))]
    return blocks, {"p_shield_stops": prob(stopped), "shield_points_after": dist_json(after, "points")}


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


# ---- codex-counteraction ------------------------------------------------------------------------

_AGAINST_ROLL = {"param": "against", "eq": "roll"}

COUNTER_PARAMS = (
    int_param("ed6", "ED6 на противодействие (доступные)", "ED6 for the counteraction (available)", 2, 0, MAX_ED6),
) + _skill_params() + (
    choice_param("against", "Чужие LV", "The other's LV", "lv", [
        ("lv", "уже выброшены", "already rolled"), ("roll", "еще не брошены: их бросок", "not rolled yet: their roll"),
    ]),
    int_param("their_lv", "LV того, кому мешают", "The LV to overcome", 1, 0, MAX_DIFFICULTY,
              when={"param": "against", "eq": "lv"}),
    int_param("their_ad6", "Их AD6", "Their AD6", 2, 0, rules.AD6_PER_TURN, when=_AGAINST_ROLL),
    int_param("their_ed6", "Их ED6", "Their ED6", 1, 0, MAX_ED6, when=_AGAINST_ROLL),
    int_param("their_skill", "Их уровень навыка", "Their skill level", 2, 0, 6, when=_AGAINST_ROLL),
    int_param("their_stress", "Их стресс", "Their stress", 0, 0, rules.MAX_STRESS, group="details",
              when=_AGAINST_ROLL),
    choice_param("tie", "Равное число LV", "An equal number of LV", rules.COUNTER_TIE, [
        ("equal", "достаточно — действие сорвано", "is enough — the action is foiled"),
        ("more", "мало — нужно больше", "is not enough — more are needed"),
    ], group="readings",
        help=T("Источник: «пытается своими LV перекрыть LV того, кому мешает: если его результат достаточен» — "
               "не сказано, хватает ли равного числа.",
               "The source: tries to cover the other's LV with his own — whether an equal number is enough is not said.")),
)


def _counter_check(p: dict) -> None:
    _skill_check(p)
    if p["skill_scale"] == "shifted" and p["their_skill"] > rules.MAX_SKILL_SHIFTED:
        raise field_error("their_skill", f"Со сдвигом таблицы навыков уровни 0–{rules.MAX_SKILL_SHIFTED}.",
                          f"With the shifted skills table the levels are 0–{rules.MAX_SKILL_SHIFTED}.")


def _their_dist(p: dict) -> Dist | None:
    if p["against"] == "lv":
        return Dist.constant(p["their_lv"])
    return rules.roll_dist(p["their_ad6"] + p["their_ed6"], p["their_skill"], p["their_stress"], False, p["skill0"],
                           p["flax_reading"], p["skill_scale"])


def _counter_compute(p: dict) -> dict:
    if p["exhaustion6"]:
        return {"possible": False, "p_counter": prob(0), "display": [
            figures(("p_counter", T("Противодействие сработает", "The counteraction works"), prob(0))),
            note("Истощение 6-го уровня: персонаж лишен всех ED6 — противодействие невозможно.",
                 "Exhaustion level 6: the character has no ED6 — no counteraction.", "warning")]}
    mine = rules.roll_dist(p["ed6"], p["skill"], p["stress"], p["flax"], p["skill0"], p["flax_reading"],
                           p["skill_scale"])
    theirs = _their_dist(p)
    if mine is None or theirs is None:
        who = T("Ваш навык", "Your skill") if mine is None else T("Их навык", "Their skill")
        return {"possible": False, "p_counter": prob(0), "display": [
            figures(("p_counter", T("Противодействие сработает", "The counteraction works"), prob(0))),
            note(f"{who['ru']} нельзя применить: бросок не совершается.", f"{who['en']} cannot be applied: no roll.",
                 "warning")]}
    pc = rules.p_counter(mine, theirs, p["tie"])
    margin = mine.combine(theirs, lambda a, b: a - b)
    display = [
        figures(("p_counter", T("Противодействие сработает", "The counteraction works"), prob(pc)),
                ("mean_lv", T("Ваши LV в среднем", "Your mean LV"), frac(mine.mean())),
                ("dice", T("Кубиков (только ED6)", "Dice (ED6 only)"), p["ed6"])),
        dist_block("lv", T("Ваши LV", "Your LV"), T("LV", "LV"), mine),
        dist_block("margin", T("Ваши LV минус их", "Your LV minus theirs"), T("разница", "difference"), margin),
        note("Противодействие — вне своего хода, один раз, только ED6; от него защищает бонус прицельной атаки "
             "«Игнорирование противодействия».",
             "A counteraction is made outside one's turn, once, with ED6 only; the aimed attack's bonus \"ignore "
             "counteraction\" shuts it out."),
    ] + _roll_notes(p)
    return {"possible": True, "p_counter": prob(pc), "mean_lv": frac(mine.mean()),
            "lv": dist_json(mine, "lv"), "display": display}


def _counter_roll(p: dict, roller) -> dict:
    if p["exhaustion6"]:
        return {"possible": False, "display": [note("Истощение 6: противодействие невозможно.",
                                                    "Exhaustion 6: no counteraction.", "warning")]}
    out = _roll_faces({**p, "exhaustion6": False}, roller, 0, p["ed6"])
    theirs = p["their_lv"]
    blocks = _faces_blocks(out, 0)[1:]
    if p["against"] == "roll":
        their = _roll_faces({**p, "skill": p["their_skill"], "stress": p["their_stress"], "flax": False,
                             "exhaustion6": False}, roller, p["their_ad6"], p["their_ed6"])
        theirs = their["lv"]
        blocks += [{**b, "label": T("Их " + b["label"]["ru"], "Their " + b["label"]["en"])}
                   for b in _faces_blocks(their, p["their_ad6"])]
        out["their_lv"] = theirs
    ok = out["usable"] and rules.counter_works(out["lv"], theirs, p["tie"])
    out.update(possible=True, success=ok)
    out["display"] = blocks + [figures(("result", T(f"{out['lv']} LV против {theirs}", f"{out['lv']} LV against {theirs}"),
                                        T("действие сорвано или ослаблено", "the action is foiled or weakened") if ok
                                        else T("не хватило", "not enough")))]
    return out


# ---- codex-consequences -------------------------------------------------------------------------

_ATTACK_BY_NAME = {p.name: p for p in ATTACK_PARAMS}

CONSEQUENCE_PARAMS = (
    int_param("damage", "Урон на треке Выносливости", "Damage on the Endurance track", 12, 0, 200),
    _ATTACK_BY_NAME["tough"],
    _ATTACK_BY_NAME["incapacitated_at"],
    choice_param("parity", "1-й D6: какая группа на чёт", "First D6: which group is even", rules.PARITY, [
        ("even_universal", "универсальная (нечет — жанровая)", "universal (odd: genre)"),
        ("odd_universal", "жанровая (нечет — универсальная)", "genre (odd: universal)"),
    ], group="readings",
        help=T("Источник: «в какую группу подготовок (Универсальная или жанровая) будет получен урон (чёт/нечет)» — "
               "по порядку слов: универсальная — чёт.",
               "The source: which group (universal or genre) takes the damage (even/odd) — in the order written, "
               "universal is even.")),
)

GROUP_NAMES = {"universal": T("универсальная", "universal"), "genre": T("жанровая", "genre")}


def _consequence_compute(p: dict) -> dict:
    level = rules.track_level(p["damage"])
    per, count = rules.consequence(level)
    incap = rules.incapacitated(p["damage"], p["tough"], p["incapacitated_at"])
    nxt = rules.to_next_level(p["damage"])
    display = [
        figures(("level", T("Урон остановился на уровне", "The damage stopped at level"), level),
                ("consequence", T("Последствие", "Consequence"), tables.CONSEQUENCES[level]["consequence"]),
                ("incapacitated", T("Недееспособен", "Incapacitated"), T("да", "yes") if incap else T("нет", "no")),
                ("to_next", T("До следующего уровня урона", "Damage to the next level"), "—" if nxt is None else nxt),
                ("capacity", T("Доступные пороги держат", "The available thresholds hold"),
                 rules.track_capacity(p["tough"]))),
    ]
    if count:
        universal = Dist.bernoulli(Fraction(1, 2), 1, 0).repeat(count)
        display.append(figures(("p_universal", T("Бросок 2D6: каждая подготовка — из универсальной группы с шансом",
                                                 "The 2D6 roll: each preparation is of the universal group with"),
                                 prob(Fraction(1, 2)))))
        display.append(dist_block("universal", T("Если бросать 2D6: подготовок из универсальной группы",
                                                  "When rolling 2D6: preparations of the universal group"),
                                  T("подготовок", "preparations"), universal))
        display.append(note("2-й D6 определяет конкретную подготовку; диапазон значений для нее определяется перед "
                            "броском — калькулятор показывает только грань.",
                            "The second D6 names the preparation; its range is set before the roll — the "
                            "calculator only shows the face."))
    return {"level": level, "damage_per_preparation": per, "preparations": count, "incapacitated": incap,
            "to_next_level": nxt, "display": display}


def _consequence_roll(p: dict, roller) -> dict:
    level = rules.track_level(p["damage"])
    per, count = rules.consequence(level)
    rows, log, blocks = [], [], []
    for i in range(count):
        a, b = roller.dice(2, 6)
        group = rules.preparation_group(a, p["parity"])
        log.append({"faces": [a, b], "group": group, "damage": per})
        rows.append([i + 1, f"{a}, {b}", GROUP_NAMES[group], b, per])
        blocks.append(dice_block(T(f"Подготовка {i + 1}", f"Preparation {i + 1}"), 6, [a, b]))
    display = blocks + [figures(("result", T("Последствие", "Consequence"), tables.CONSEQUENCES[level]["consequence"]))]
    if rows:
        display.append({"kind": "table", "title": T("Урон в подготовки", "Damage to preparations"),
                        "columns": [T("№", "#"), T("2D6", "2D6"), T("Группа (1-й D6)", "Group (first D6)"),
                                    T("2-й D6", "Second D6"), T("Урон", "Damage")], "rows": rows})
    return {"level": level, "preparations": log, "display": display}


# ---- codex-counters -----------------------------------------------------------------------------

COUNTERS_PARAMS = (
    int_param("fill", "Счётчик успехов (Доводы): делений", "The successes' counter (Arguments): divisions", 6, 1,
              MAX_DIVISIONS),
    int_param("limit", "Встречный счётчик провалов (Раздражение): делений",
              "The failures' counter against it (Irritation): divisions", 3, 1, MAX_DIVISIONS),
    int_param("ad6", "AD6 на действие", "AD6 per action", 2, 0, rules.AD6_PER_TURN),
    int_param("ed6", "ED6 на действие", "ED6 per action", 1, 0, MAX_ED6),
) + _skill_params() + (
    int_param("difficulty", "Сложность действия (LV)", "The action's difficulty (LV)", 1, 1, MAX_DIFFICULTY),
    choice_param("step", "Успех заполняет", "A success fills", rules.COUNTER_STEP, [
        ("one", "одно деление", "one division"), ("lv", "столько делений, сколько LV", "as many divisions as LV"),
    ], group="readings",
        help=T("Источник: «Успешные действия заполняют один счётчик (Доводы), провальные — другой» — на сколько "
               "делений, не сказано.",
               "The source: successes fill one counter, failures the other — by how many divisions is not said.")),
)


def _counters_compute(p: dict) -> dict:
    lv = rules.roll_dist(p["ad6"] + (0 if p["exhaustion6"] else p["ed6"]), p["skill"], p["stress"], p["flax"],
                         p["skill0"], p["flax_reading"], p["skill_scale"])
    if lv is None:
        lv = Dist.constant(0)
    race = rules.counters_race(lv, p["difficulty"], p["fill"], p["limit"], p["step"])
    p_fill = race.p(lambda x: x[0] == "fill")
    other = race.given(lambda x: x[0] == "fill").map(lambda x: x[1]) if p_fill else None
    display = [
        figures(("p_fill", T("Первым заполнится счётчик успехов", "The successes' counter fills first"), prob(p_fill)),
                ("p_action", T("Шанс успеха одного действия", "Chance of one action's success"),
                 prob(lv.at_least(p["difficulty"])))),
        {"kind": "table", "title": T("Чем кончится", "How it ends"),
         "columns": [T("Итог", "Outcome"), T("Шанс", "Chance")],
         "rows": [[T(f"успехов первым, у встречного {n}", f"successes first, the other at {n}") if k == "fill"
                   else T(f"провалов первым, у успехов {n}", f"failures first, the successes at {n}"), prob(race[(k, n)])]
                  for k, n in race.outcomes()]},
        note("Каждое действие — тот же бросок против той же сложности; счётчики не опустошаются.",
             "Every action is the same roll against the same difficulty; the counters are not emptied."),
    ] + _roll_notes(p)
    if other is not None:
        display.insert(1, dist_block("other", T("Если первым заполнился счётчик успехов: делений у встречного",
                                                "If the successes' counter fills first: the other's divisions"),
                                     T("делений", "divisions"), other, at_least=False))
    return {"p_fill": prob(p_fill), "outcome": [{"first": k, "other": n, "p": prob(race[(k, n)])}
                                                for k, n in race.outcomes()], "display": display}


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
    Calculator(
        id="codex-counteraction", system="codex", kind="dice",
        title=T("Противодействие (Codex)", "Counteraction (Codex)"),
        description=T("Бросок только ED6 вне своего хода: перекроют ли ваши LV чужие.",
                      "A roll of ED6 alone outside your turn: will your LV cover the other's."),
        params=COUNTER_PARAMS, compute=_counter_compute, roll=_counter_roll, check=_counter_check,
        summary=("p_counter",),
    ),
    Calculator(
        id="codex-consequences", system="codex", kind="dice",
        title=T("Последствия урона (Codex)", "Consequences of damage (Codex)"),
        description=T("На каком уровне трека остановился урон, сколько урона в сколько подготовок, и бросок 2D6 "
                      "за каждую.",
                      "The track level the damage stopped at, how much damage to how many preparations, and the 2D6 "
                      "roll for each."),
        params=CONSEQUENCE_PARAMS, compute=_consequence_compute, roll=_consequence_roll,
        summary=("level", "consequence"),
    ),
    Calculator(
        id="codex-counters", system="codex", kind="dice",
        title=T("Встречные счётчики (Codex)", "Two counters against each other (Codex)"),
        description=T("Успехи заполняют один счётчик, провалы — другой: какой заполнится первым.",
                      "Successes fill one counter, failures the other: which fills first."),
        params=COUNTERS_PARAMS, compute=_counters_compute, check=_skill_check, summary=("p_fill",),
    ),
]
