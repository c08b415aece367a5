"""``codex-attack``: a weapon attack — the hit against the hindrances (cover, shield), the damage
through the armor threshold, where it stops on the Endurance track, the shield's points.
"""

from __future__ import annotations

from ...dice import Dist
from ...spec import (Calculator, T, bool_param, choice_param, dist_block, dist_json, field_error, figures, frac, int_param,
                    note, prob)
from .. import readings, rules, tables
from .shared import (MAX_ED6, HAS_ED6, faces_blocks, roll_faces, roll_notes, roll_setup, skill_params,
                     deprived, skill_check)

__all__ = ["ATTACK_KIND_WORDS", "attack_kind_options", "weapon_options", "ATTACK_PARAMS", "check", "compute",
           "roll", "CALCULATOR"]

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


#: The pavise: the shield without points («Укрытие переносное (Павеза)»).
PAVISE = next(str(i) for i, s in enumerate(tables.SHIELDS) if s["points"] is None)

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
              when=HAS_ED6),
) + skill_params() + (
    # the range tells which of a shield's numbers counts, and nothing else
    choice_param("range", "Дистанция", "Range", "ranged", [
        ("ranged", "Дальняя атака", "Ranged attack"), ("melee", "Ближний бой", "Melee")],
                 group="details", when={"param": "shield", "ne": "none"}),
    choice_param("cover", "Укрытие цели", "Target's cover", "0",
                 [(str(i), c["name"]["ru"], c["name"]["en"]) for i, c in enumerate(tables.COVER)]),
    choice_param("shield", "Щит цели", "Target's shield", "none",
                 [("none", "Нет", "None")] + [(str(i), s["name"]["ru"], s["name"]["en"])
                                              for i, s in enumerate(tables.SHIELDS)], group="details"),
    bool_param("pavise_between", "Павеза стоит между сражающимися", "The pavise stands between the fighters", True,
               group="details", when={"all": [{"param": "shield", "eq": PAVISE}, {"param": "range", "eq": "melee"}]},
               help=T("«2FV в ближнем бою (если между сражающимися)»; иначе в ближнем бою павеза не затрудняет.",
                      "2FV in melee (if between the fighters); otherwise the pavise gives no hindrance in melee.")),
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
    readings.INCAPACITATED.switch(),
    readings.BURST_LIGHT.switch(when={"all": [_BURST, _LIGHT]}),
    readings.BURST_ROUNDING_READING.switch(when={"all": [_BURST, {"not": _LIGHT}]}),
    readings.BURST_ARMOR.switch(when=_BURST),
    int_param("shield_lost", "Щит: уже потеряно пунктов прочности", "Shield: points already lost", 0, 0, 100,
              group="details", when={"param": "shield", "in": [str(i) for i, s in enumerate(tables.SHIELDS)
                                                               if s["points"] is not None]}),
    readings.SHIELD_WEAR.switch(when={"param": "shield", "in": [str(i) for i, s in enumerate(tables.SHIELDS)
                                                         if s["points"] is not None]}),
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
    if p["shield"] == PAVISE and not ranged and not p["pavise_between"]:
        shield = 0  # «2FV в ближнем бою (если между сражающимися)»
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


def check(p: dict) -> None:
    """Refuse a skill, an attack kind or AD6 the attack cannot have (the attack's setup)."""
    skill_check(p)
    _attack_setup(p)


def _track(p: dict, damage: int) -> tuple:
    total = p["damage_taken"] + damage
    return (rules.track_level(total), rules.incapacitated(total, p["tough"], p["incapacitated_at"]))


def _attack_notes(p: dict, a: dict) -> list[dict]:
    out = roll_notes(p)
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


def compute(p: dict) -> dict:
    """The exact odds of the attack: the hit, the damage, the track level, the shield."""
    a = _attack_setup(p)
    if a["out_of_reach"]:
        return {"possible": False, "p_hit": prob(0), "display": [
            _attack_figures(prob(0), 0, prob(1 if _track(p, 0)[1] else 0)),
            note("Цель вне досягаемости: атака невозможна вообще — бросок не совершается.",
                 "The target is out of reach: no attack at all — no roll is made.", "warning")]}
    s = roll_setup(p, a["ad6"])
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


def roll(p: dict, roller) -> dict:
    """One attack rolled: the faces, the hit, the damage and where it stops on the track."""
    a = _attack_setup(p)
    if a["out_of_reach"]:
        return {"possible": False, "display": [
            note("Цель вне досягаемости: бросок не совершается.", "The target is out of reach: no roll.", "warning")]}
    ed6 = 0 if deprived(p) else p["ed6"]
    out = roll_faces(p, roller, a["ad6"], ed6)
    hit = out["usable"] and out["lv"] >= a["difficulty"]
    damage = (rules.attack_damage(out["lv"], p["kind"], a["per_hit"], a["threshold"], a["ignores_armor"],
                              p["burst_armor"]) if hit else 0)
    level, incap = _track(p, damage)
    out.update(possible=True, hit=hit, damage=damage, track_level=level, incapacitated=incap)
    verdict = (T(f"Попадание ({out['lv']} LV): урон {damage}, уровень трека {level}"
                 + (", недееспособен" if incap else ""),
                 f"Hit ({out['lv']} LV): {damage} damage, track level {level}" + (", incapacitated" if incap else ""))
               if hit else T(f"Промах: {out['lv']} LV из {a['difficulty']}", f"Miss: {out['lv']} of {a['difficulty']} LV"))
    out["display"] = faces_blocks(out, a["ad6"]) + [
        figures(("result", T("Итог", "Result"), verdict), ("consequence", T("Последствие", "Consequence"),
                                                           tables.CONSEQUENCES[level]["consequence"]))]
    return out

#: ``codex-attack``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="codex-attack", system="codex", kind="attack",
    title=T("Атака оружием (Codex)", "Weapon attack (Codex)"),
    description=T("Попадание, урон через порог брони и где он остановится на треке Выносливости.",
                  "Hit, damage through the armor threshold and where it lands on the Endurance track."),
    params=ATTACK_PARAMS, compute=compute, roll=roll, check=check,
    summary=("p_hit", "mean_damage", "p_incapacitated"),
)
