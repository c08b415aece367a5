"""``serial-explosion``: the damage dice by the distance from the center, the damage after Броня and
tag, death's door; for a grenade, the throw and the dodge from it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...spec import Calculator, T, choice_param, dist_block, dist_json, field_error, figures, frac, int_param, note, prob
from .. import readings, rules, tables
from .shared import (MAX_ABSORPTION, MAX_HEALTH, MAX_POOL, MAX_STAMINA, MAX_TRAIT, NEGATIVE_RULE_PARAM, ONES_PARAM,
                     TAG_PARAM)

__all__ = ["EXPLOSION_PARAMS", "check", "compute", "CALCULATOR"]

_BADABOOM = {"param": "kind", "eq": "badaboom"}
_GRENADE = {"param": "kind", "eq": "grenade"}

EXPLOSION_PARAMS = (
    choice_param("kind", "Взрывчатка", "Explosive", "grenade",
                 [(k, e["name"]["ru"], e["name"]["en"]) for k, e in tables.EXPLOSIVES.items()]),
    int_param("distance", "Расстояние от эпицентра, м", "Distance from the center, m", 0, 0, 200),
    int_param("radius", "Радиус (мины: 10–30 м; badaboom: где урон начинает падать)",
              "Radius (mines: 10–30 m; badaboom: where damage starts to fall)", 10, 0, 100,
              when={"param": "kind", "in": ["military", "badaboom"]}),
    int_param("dice", "Кубиков в эпицентре (badaboom: до 20)", "Dice at the center (badaboom: up to 20)",
              20, 0, 20, when=_BADABOOM),
    readings.BADABOOM_FALLOFF.switch(when=_BADABOOM),
    int_param("armor", "Броня цели", "Target's Armor", 0, 0, tables.MAX_ARMOR),
    TAG_PARAM,
    int_param("absorption", "УП цели", "Target's soak levels", 2, 0, MAX_ABSORPTION),
    int_param("health", "Здоровье цели", "Target's Health", rules.HEALTH_LEVELS, 1, MAX_HEALTH),
    int_param("stamina", "Выносливость цели", "Target's Stamina", 2, 0, MAX_STAMINA),
    NEGATIVE_RULE_PARAM,
    # the grenade's throw and the dodge from it
    int_param("throw_pool", "Бросающий: Ловкость + Атлетика (сложность 6)", "Thrower: Dexterity + Athletics "
              "(difficulty 6)", 5, 0, MAX_POOL, group="details", when=_GRENADE),
    int_param("thrower_strength", "Сила бросающего (без амулетов)", "Thrower's Strength (no amulets)", 2, 0, MAX_TRAIT,
              help=T("«Максимальная дистанция броска (5*Значение вашей силы без амулетов)».",
                     "The longest throw: 5 × Strength."), group="details", when=_GRENADE),
    int_param("dodge_pool", "Цель: Ловкость + Уклонение (уворот за укрытие в 2 м)",
              "Target: Dexterity + Dodge (into cover within 2 m)", 0, 0, MAX_POOL,
              help=T("0 — не уворачивается или укрыться негде: «если на расстоянии 2 метров ... есть место, за "
                     "которым можно укрыться от осколков».", "0: no dodge, or no cover within 2 m."),
              group="details", when=_GRENADE),
    replace(ONES_PARAM, label=T("Единицы вычитают успехи на бросках гранаты и уворота",
                                "1s cancel on the grenade's throw and the dodge"), when=_GRENADE),
)


def check(p: dict) -> None:
    """Refuse a mine's radius outside the source's range."""
    lo, hi = tables.MILITARY_RADIUS
    if p["kind"] == "military" and not lo <= p["radius"] <= hi:
        raise field_error("radius", f"Мины накрывают от {lo} до {hi} метров.",
                          f"Mines cover {lo} to {hi} meters.")


def _explosion_blast(p: dict) -> dict:
    kind = p["kind"]
    dice = rules.explosion_dice(kind, p["distance"],
                                radius=p["radius"] if kind in ("military", "badaboom") else None,
                                dice=p["dice"] if kind == "badaboom" else None, falloff=p["falloff"])
    portion = rules.damage_distribution(dice, rules.DAMAGE_DIFFICULTY).map(
        lambda k: rules.portion_after_armor(k, p["armor"], p["tag"]))

    def target_after(d: int) -> tuple:
        t = rules.Target(p["absorption"], p["health"], p["stamina"])
        s = rules.take_portion(t, d, 0, p["negative_rule"])
        status = ("instant_death" if s.instant_death else "death_door" if s.door
                  else "wounded" if s.to_health else "absorbed")
        return (d, t.health, status)

    states = portion.map(target_after)
    damage, health, status = (states.map(lambda s, i=i: s[i]) for i in range(3))
    res = {
        "dice": dice,
        "damage": dist_json(damage, "damage"),
        "health_left": dist_json(health, "value"),
        "p_death_door": prob(status["death_door"] + status["instant_death"]),
        "p_instant_death": prob(status["instant_death"]),
    }
    res["display"] = [
        figures(("dice", T("Кубиков урона на этом расстоянии", "Damage dice at this distance"), dice),
                ("mean_damage", T("Средний урон после Брони и тэга", "Mean damage after Armor and tag"),
                 frac(damage.mean())),
                ("p_death_door", T("Шанс Порога Смерти", "Chance of death's door"), res["p_death_door"]),
                ("p_instant_death", T("Шанс мгновенной смерти", "Chance of instant death"),
                 res["p_instant_death"])),
        dist_block("damage", T("Урон после Брони и тэга", "Damage after Armor and tag"), T("урон", "damage"), damage),
        dist_block("health_left", T("Здоровье цели после взрыва", "Target's Health after the blast"),
                   T("Здоровье", "Health"), health, at_least=False),
        note("Урон от ВВ не складывается: несколько зарядов — как один, самый сильный.",
             "Explosives do not add up: several charges count as the strongest one."),
    ]
    return res


def compute(p: dict) -> dict:
    """The blast; for a grenade, the throw and the dodge too."""
    res = _explosion_blast(p)
    if p["kind"] != "grenade":
        return res
    g = rules.grenade_distribution(p["throw_pool"], p["dodge_pool"] if p["dodge_pool"] else None, p["ones_cancel"])
    p_hit = g["hit"]
    res.update(p_landed=prob(1 - g["missed"]), p_dodged=prob(g["dodged"]), p_shrapnel=prob(p_hit),
               max_distance=rules.grenade_max_distance(p["thrower_strength"]),
               p_death_door_throw=prob(p_hit * Fraction(res["p_death_door"]["exact"])))
    res["display"].insert(1, figures(
        ("p_landed", T("Граната попала в нужную точку", "The grenade lands on the point"), res["p_landed"]),
        ("p_dodged", T("Цель увернулась за укрытие", "The target dodged into cover"), res["p_dodged"]),
        ("p_shrapnel", T("Осколки достали цель (бросок и уворот)", "The shrapnel reaches the target (throw and dodge)"),
         res["p_shrapnel"]),
        ("p_death_door_throw", T("Шанс Порога Смерти с броском и уворотом", "Chance of death's door with the throw and dodge"),
         res["p_death_door_throw"]),
        ("max_distance", T("Максимальная дистанция броска, м", "The longest throw, m"), res["max_distance"]),
    ))
    return res

#: ``serial-explosion``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-explosion", system="serial", kind="damage",
    title=T("Взрыв", "Explosion"),
    description=T("Кубики урона по расстоянию от эпицентра, урон после Брони и тэга, Порог Смерти.",
                  "Damage dice by distance from the center, damage after Armor and tag, death's door."),
    params=EXPLOSION_PARAMS, compute=compute, check=check,
    summary=("mean_damage", "p_death_door", "dice"))
