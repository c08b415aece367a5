"""``wod-classic-attack``: the exact odds of one attack under the classic rules (002, 003) — the
attack with its maneuver, situations and the target's defense, the damage, the soak.
"""

from __future__ import annotations

from fractions import Fraction

from ...spec import (Calculator, T, bool_param, choice_param, dist_block, dist_json, field_error, figures, frac, int_param,
                    note, prob)
from ..pool import d10_block, d10_pool, net_successes, roll_d10_pool
from .. import readings, rules, tables
from .soak import blow_pool, soak_result_notes, soak_target_params, soak_setup

__all__ = ["AUTOMATIC_MANEUVERS", "SUCCESSES_ADD_MANEUVERS", "MAX_SHOTS", "DISARM", "RANGED_WEAPONS", "DEFENCES",
           "maneuver_mods", "cover_mod", "weapon_damage", "weapon_difficulty_mod", "ATTACK_PARAMS",
           "situation_mods", "check", "compute", "roll", "CALCULATOR"]

#: maneuvers only a weapon marked «*» (fires bursts: an automatic weapon) can make
AUTOMATIC_MANEUVERS = ("burst", "full_auto", "spray")
#: maneuvers whose text itself says the attack successes add damage dice, whatever the switch for
#: the unstated general rule: «Обстрел» — «Дополнительные Успехи добавляются к обычному броску
#: повреждения»; «Автоматический огонь» — «этот распределенный Успех так же прибавляется к запасу
#: кубиков при броске повреждений» (003)
SUCCESSES_ADD_MANEUVERS = ("full_auto", "spray")
#: the highest rate of fire in 003's firearms table (a custom weapon may not exceed it either)
MAX_SHOTS = max(f["rate"] for f in tables.FIREARMS)
_BASE_DIFFICULTY = 6  # 003: «начальная сложность боевых действий равна 6»; table difficulties are 6 + N

_WEAPON_OPTIONS = [("custom", "Свой пул повреждений", "Custom damage pool")] + [
    (f"melee{i}", f"{w['name']['ru']} ({tables.melee_damage_text(w)['ru']})",
     f"{w['name']['en']} ({tables.melee_damage_text(w)['en']})") for i, w in enumerate(tables.MELEE_WEAPONS)
] + [
    (f"brawl{i}", f"{m['name']['ru']}: {m['damage']['ru']}, трудность {m['difficulty']}",
     f"{m['name']['en']}: {m['damage']['en']}, difficulty {m['difficulty']}")
    for i, m in enumerate(tables.MELEE_MANEUVERS) if m["strength_bonus"] is not None
] + [
    (f"firearm{i}", f"{f['type']['ru']} ({f['damage']})", f"{f['type']['en']} ({f['damage']})")
    for i, f in enumerate(tables.FIREARMS)
]


#: Cover on either side: 003's cover table and lying prone (:data:`rules.PRONE_COVER`).
_COVER_OPTIONS = [("none", "Нет", "None")] + [
    (str(i), f"{c['name']['ru']} +{c['difficulty']}", f"{c['name']['en']} +{c['difficulty']}")
    for i, c in enumerate(tables.COVER)] + [
    ("prone", "Лежит на земле (+1, выведено из примера современных правил)", "Prone (+1, inferred from the modern rules' example)")]


#: 003's «Обезоружить» (Ловкость + Фехтование/Драка, Трудность 7, Точность «Нормальная +1», Повреждения
#: «Специальные»): the roll is computed; what the disarm does is not in the excerpt.
DISARM = next(m for m in tables.MELEE_MANEUVERS if m["key"] == "disarm")
_WEAPON_OPTIONS += [("disarm", f"{DISARM['name']['ru']}: трудность {DISARM['difficulty']}, +{DISARM['accuracy_dice']} "
                               "кубик (эффект в выдержку не вошёл)",
                     f"{DISARM['name']['en']}: difficulty {DISARM['difficulty']}, +{DISARM['accuracy_dice']} die "
                     "(its effect is not in the excerpt)")]
#: the weapons that shoot: a firearm of the table, or a custom pool (which may be either)
RANGED_WEAPONS = [v for v, _, _ in _WEAPON_OPTIONS if v.startswith("firearm") or v == "custom"]
#: the defences of 003's melee table, «(R): маневр уменьшает успехи нападения противника»
DEFENCES = {m["key"]: m for m in tables.MELEE_MANEUVERS if m["key"] in ("dodge", "block", "parry")}


def maneuver_mods(maneuver: str) -> tuple[int, int]:
    """(extra attack dice, difficulty change) of a ranged maneuver, read from 003's table."""
    if maneuver == "none":
        return 0, 0
    m = tables.RANGED_MANEUVERS[maneuver]
    accuracy = 0 if m["accuracy"] is None else m["accuracy"]  # multiple shots: own pools
    return accuracy, m["difficulty"] - _BASE_DIFFICULTY


def cover_mod(cover: str) -> int:
    """The difficulty a cover option adds (``"none"``, a row of 003's cover table, or ``"prone"``)."""
    if cover == "prone":
        return rules.PRONE_COVER
    return 0 if cover == "none" else tables.COVER[int(cover)]["difficulty"]


def weapon_damage(p: dict) -> int:
    """The damage dice of the chosen weapon: the custom pool, Сила + a melee weapon's or a brawling
    maneuver's bonus, or a firearm's damage."""
    w = p["weapon"]
    if w == "custom":
        return p["damage_dice"]
    if w.startswith("melee"):
        return p["strength"] + tables.MELEE_WEAPONS[int(w[5:])]["strength_bonus"]
    if w.startswith("brawl"):
        return p["strength"] + tables.MELEE_MANEUVERS[int(w[5:])]["strength_bonus"]
    return tables.FIREARMS[int(w[7:])]["damage"]


def weapon_difficulty_mod(weapon: str) -> int:
    """A melee maneuver's difficulty over the base 6 (Пинок, Подножка, Таран: 7)."""
    if weapon == "disarm":
        return DISARM["difficulty"] - _BASE_DIFFICULTY
    if weapon.startswith("brawl"):
        return tables.MELEE_MANEUVERS[int(weapon[5:])]["difficulty"] - _BASE_DIFFICULTY
    return 0


#: The attack is rolled (a helpless target is hit without a roll, 002/003).
_ROLLED = {"param": "immobilized", "ne": "helpless"}
#: Automatic fire at an area, rolled (a helpless target is hit anyway: no share of a spray).
_SPRAYING = {"all": [{"param": "maneuver", "eq": "spray"}, _ROLLED]}

ATTACK_PARAMS = (
    int_param("attack_dice", "Кубиков атаки", "Attack dice", 6, 0, 20,
              help=T("Атрибут + Способность. Фланг и тыл, слепота, прицеливание и маневр добавятся сами (ниже).",
                     "Attribute + Ability. Flank and rear, blindness, aiming and the maneuver are added below.")),
    int_param("attack_difficulty", "Сложность атаки", "Attack difficulty", 6, 2, 10,
              help=T("Обычно 6. Дальность, маневр, укрытие, слепота и противники добавятся сами (ниже).",
                     "Usually 6. Range, maneuver, cover, blindness and opponents are added below."),
              group="details"),
    choice_param("maneuver", "Маневр стрельбы", "Firing maneuver", "none", [
        ("none", "Обычный выстрел / удар", "Single shot / strike"),
        ("two_weapons", "Два оружия (сложное действие, «не с той руки» +1)", "Two weapons (a multiple action, off hand +1)"),
        ("burst", "Очередь (+2 кубика, трудность +1)", "Three-round burst (+2 dice, difficulty +1)"),
        ("full_auto", "Обстрел (+10 кубиков, трудность +2)", "Full-clip fire (+10 dice, difficulty +2)"),
        ("spray", "Автоматический огонь по площади (+10, трудность +2)",
         "Automatic fire, spray (+10 dice, difficulty +2)"),
        ("multiple", "Несколько выстрелов (сложное действие)", "Multiple shots (a multiple action)"),
    ]),
    int_param("shots", "Выстрелов (несколько выстрелов)", "Shots (multiple shots)", 2, 1, MAX_SHOTS,
              help=T("Не больше скорострельности оружия. Пул первого выстрела уменьшен на число выстрелов, "
                     "каждый следующий теряет ещё кубик.",
                     "At most the weapon's rate. The first shot loses as many dice as shots declared, each "
                     "later shot one more."), when={"param": "maneuver", "eq": "multiple"}),
    int_param("targets", "Целей под обстрелом (автоматический огонь)", "Targets in the spray", 1, 1, 10,
              when=_SPRAYING),
    readings.SPRAY_SHARE.switch(when={"all": [_SPRAYING, {"param": "targets", "min": 2}]}),
    readings.SPRAY_DICE.switch(when=_SPRAYING),
    choice_param("cover", "Укрытие цели", "Target's cover", "none", _COVER_OPTIONS, group="details"),
    choice_param("attacker_cover", "Укрытие стреляющего", "The shooter's own cover", "none", _COVER_OPTIONS,
                 help=T("Стреляющий из укрытия получает на 1 меньше, чем тот, кто стреляет по нему; "
                        "укрытия обеих сторон складываются (современные правила).",
                        "Shooting from cover costs 1 less than shooting at it; both sides' covers add up (the modern rules)."),
                 group="details"),
    choice_param("immobilized", "Цель обездвижена", "Target immobilized", "no", [
        ("no", "Нет", "No"),
        ("struggling", "Держат, но сопротивляется (+2 кубика атаки)", "Held but struggling (+2 attack dice)"),
        ("helpless", "Полностью (атака удачна без броска)", "Completely (hit without a roll)"),
    ], group="details"),
    choice_param("weapon", "Оружие", "Weapon", "custom", _WEAPON_OPTIONS),
    int_param("strength", "Сила атакующего", "Attacker's Strength", 2, 0, 10,
              help=T("Для холодного оружия: повреждения = Сила + N.", "Melee weapons: damage = Strength + N."),
              when={"param": "weapon", "in": [v for v, _, _ in _WEAPON_OPTIONS if v.startswith(("melee", "brawl"))]}),
    int_param("damage_dice", "Кубиков повреждений (своё оружие)", "Damage dice (custom weapon)", 4, 0, 15,
              when={"param": "weapon", "eq": "custom"}),
    readings.EXTRA_SUCCESSES_ADD.switch(when={"not": {"param": "maneuver", "in": list(SUCCESSES_ADD_MANEUVERS)}}),
    readings.ATTACK_BOTCH.switch(when=_ROLLED),
) + soak_target_params("lethal", main=("damage_type", "stamina", "armor"))


_RANGED = {"param": "weapon", "in": RANGED_WEAPONS}
_DEFENDS = {"param": "defence", "ne": "none"}
ATTACK_PARAMS = ATTACK_PARAMS + (
    # ---- the target's defence (003's melee table: block, dodge, parry — «(R)») ----
    choice_param("defence", "Защита цели (уменьшает успехи атаки)", "The target's defense (takes attack successes away)",
                 "none", [("none", "нет", "none")] + [
                     (k, f"{m['name']['ru']}: {m['roll']['ru']}, трудность {m['difficulty']}",
                      f"{m['name']['en']}: {m['roll']['en']}, difficulty {m['difficulty']}") for k, m in DEFENCES.items()],
                 help=T("«(R): маневр уменьшает успехи нападения противника» — каждый успех защиты снимает успех атаки.",
                        "«(R)»: each success of the defense takes one attack success away."), group="details"),
    int_param("defence_dice", "Кубиков защиты", "Defense dice", 4, 0, 20, group="details", when=_DEFENDS),
    int_param("defender_opponents", "Противников у защищающегося в ближнем бою", "The defender's opponents in melee",
              1, 1, 10, help=T("«+1 к броскам на нападение и защиту для каждого противника после первого (максимум до +4)».",
                               "+1 to attack and defense rolls for each opponent after the first (at most +4)."),
              group="details", when=_DEFENDS),
    # ---- situations (002) and complications (003) ----
    choice_param("flank", "Откуда атака", "Attacking from", "front", [
        ("front", "спереди", "the front"), ("flank", "с фланга (+1 кубик)", "the flank (+1 die)"),
        ("rear", "с тыла (+2 кубика)", "the rear (+2 dice)")], group="details"),
    int_param("attacker_opponents", "Противников у атакующего в ближнем бою", "The attacker's opponents in melee",
              1, 1, 10, help=T("+1 к сложности за каждого после первого, максимум +4 (правила Тёмных веков).",
                               "+1 difficulty for each after the first, at most +4 (the Dark Ages rules)."), group="details"),
    bool_param("attacker_blind", "Атакующий ослеплён или в темноте (+2 к сложности)",
               "The attacker is blind or in the dark (+2 difficulty)", False, group="details"),
    bool_param("target_blind", "Цель слепа (+2 кубика атаки)", "The target is blind (+2 attack dice)", False,
               group="details"),
    choice_param("range", "Дальность", "Range", "short", [
        ("short", "до дальности оружия (трудность 6)", "up to the weapon's range (difficulty 6)"),
        ("point_blank", "в упор, до 2 м (4)", "point blank, within 2 m (4)"),
        ("long", "до двойной дальности (8)", "up to twice the range (8)"),
        ("distance", "по расстоянию (оружие из таблицы)", "by distance (a weapon of the table)"),
    ], group="details", when=_RANGED),
    int_param("distance", "Расстояние до цели, м", "Distance to the target, m", 10, 0, 2000, group="details",
              when={"all": [_RANGED, {"param": "range", "eq": "distance"}]}),
    int_param("aim_rounds", "Раундов прицеливания", "Rounds of aiming", 0, 0, 10,
              help=T("+1 кубик за раунд, не больше Восприятия; целиться в того, кто движется быстрее шага, нельзя.",
                     "+1 die a round, at most Perception; no aiming at one moving faster than a walk."),
              group="details", when=_RANGED),
    int_param("perception", "Восприятие стреляющего", "The shooter's Perception", 2, 0, 10, group="details",
              when={"all": [_RANGED, {"param": "aim_rounds", "min": 1}]}),
    bool_param("scope", "Оптический прицел (+2 кубика)", "Telescopic sight (+2 dice)", False, group="details",
               when=_RANGED),
    # ---- readings ----
    readings.BLIND_RANGED.switch(when={"all": [{"param": "attacker_blind", "eq": True}, _RANGED]}),
    readings.SCOPE_NEEDS_AIM.switch(when={"all": [_RANGED, {"param": "scope", "eq": True}]}),
    readings.RANGE_UNIT.switch(when={"all": [_RANGED, {"param": "range", "eq": "distance"}]}),
    readings.AUTOFIRE_DODGE_READING.switch(when={"all": [{"param": "defence", "eq": "dodge"},
                                                        {"param": "maneuver", "in": ["spray", "full_auto"]}]}),
    readings.SPRAY_SINGLE_TARGET_ROUNDS_DOWN.switch(when={"all": [{"param": "maneuver", "eq": "spray"},
                                                                 {"param": "targets", "max": 1},
                                                                 {"param": "immobilized", "ne": "helpless"}]}),
    readings.BLIND_DEFENCE.switch(when={"all": [{"param": "target_blind", "eq": True}, _DEFENDS]}),
    readings.HELPLESS_DAMAGE.switch(when={"param": "immobilized", "eq": "helpless"}),
    readings.DISARM_ACCURACY.switch(when={"param": "weapon", "eq": "disarm"}),
    readings.DIFFICULTY_PAST_TEN.switch(),
)


def situation_mods(p: dict) -> dict:
    """What the situations and complications of 002/003 add: attack dice, attack difficulty, the
    defense's difficulty change; refuses what the sources rule out."""
    w = p["weapon"]
    ranged = w in RANGED_WEAPONS
    dice = rules.FLANK_DICE[p["flank"]] + (rules.BLIND_TARGET_DICE if p["target_blind"] else 0)
    diff = rules.multiple_opponents_penalty(p["attacker_opponents"])
    if p["attacker_blind"]:
        if ranged and w != "custom" and p["blind_ranged"] == "impossible":
            raise field_error("attacker_blind", "«Ослепленный персонаж не может выполнять дистанционные атаки» (правила Тёмных веков).",
                              "A blinded character cannot make ranged attacks (the Dark Ages rules).")
        diff += rules.BLIND_DIFFICULTY
    band = "short"
    if ranged:
        dice += rules.aim_dice(p["aim_rounds"], p["perception"], p["scope"], p["scope_needs_aim"])
        band = p["range"]
        if band == "distance":
            if not w.startswith("firearm"):
                raise field_error("range", "По расстоянию — только для оружия из таблицы (у него есть дальность).",
                                  "By distance needs a weapon of the table (it has a range).")
            band = rules.range_band(p["distance"], tables.FIREARMS[int(w[7:])]["range"], p["range_unit"])
            if band is None:
                raise field_error("distance", "Дальше двойной дальности оружия выстрелить нельзя.",
                                  "No shot beyond twice the weapon's range.")
        diff += rules.RANGE_DIFFICULTY[band] - _BASE_DIFFICULTY
    ddiff = 0
    if p["defence"] != "none":
        ddiff = DEFENCES[p["defence"]]["difficulty"] + rules.multiple_opponents_penalty(p["defender_opponents"])
        autofire = ("spray",) if p["autofire_dodge"] == "spray" else ("spray", "full_auto")
        if p["defence"] == "dodge" and p["maneuver"] in autofire:
            ddiff += rules.AUTOFIRE_DODGE
        if p["target_blind"] and p["blind_defence"] == "defence_too":
            ddiff += rules.BLIND_DIFFICULTY
    return {"dice": dice, "difficulty": diff, "defence_difficulty": ddiff, "band": band}


def _attack_setup(p: dict) -> dict:
    acc, dmod = maneuver_mods(p["maneuver"])
    w = p["weapon"]
    m = p["maneuver"]
    if m == "two_weapons":
        dmod = 0  # the off hand's +1 goes to the second shot only
        if w not in RANGED_WEAPONS:
            raise field_error("maneuver", "Два оружия — стрельба из двух видов оружия сразу.",
                              "Two weapons: shooting two guns at once.")
    if p["defence"] != "none":
        if m in ("multiple", "two_weapons"):
            raise field_error("defence", "Защита здесь считается против одной атаки, а не нескольких выстрелов.",
                              "The defense is counted against one attack here, not several shots.")
        if p["immobilized"] == "helpless":
            raise field_error("defence", "Полностью обездвиженный не защищается.", "A helpless target does not defend.")
        if p["defence"] in ("block", "parry") and w.startswith("firearm"):
            raise field_error("defence", "Блок и парирование — маневры ближнего боя.",
                              "Block and parry are melee maneuvers.")
    if w == "disarm" and m != "none":
        raise field_error("maneuver", "Обезоружить — маневр ближнего боя.", "Disarm is a melee maneuver.")
    sit = situation_mods(p)
    if m in AUTOMATIC_MANEUVERS:
        if not w.startswith("firearm"):
            raise field_error("maneuver", "Очередь, обстрел и автоматический огонь — только для огнестрельного оружия.",
                              "Bursts, full-clip and automatic fire need a firearm.")
        if not tables.FIREARMS[int(w[7:])]["bursts"]:
            raise field_error("maneuver", "Это оружие не стреляет очередями (в таблице нет «*»).",
                              "This weapon cannot fire bursts (no «*» in the table).")
    shots = 1
    if m == "multiple":
        if w.startswith(("melee", "brawl")):
            raise field_error("maneuver", "Несколько выстрелов — только для стрелкового оружия.",
                              "Multiple shots need a ranged weapon.")
        shots = p["shots"]
        if w.startswith("firearm"):
            rate = tables.FIREARMS[int(w[7:])]["rate"]
            if shots > rate:
                raise field_error("shots", f"Скорострельность этого оружия — {rate}.",
                                  f"This weapon's rate is {rate}.")
    cover = rules.cover_difficulty(cover_mod(p["cover"]), cover_mod(p["attacker_cover"]))
    difficulty = p["attack_difficulty"] + dmod + weapon_difficulty_mod(w) + cover + sit["difficulty"]
    last = difficulty + (rules.OFF_HAND_DIFFICULTY if m == "two_weapons" else 0)
    if p["difficulty_past_ten"] == "capped":  # the roll is made at 10, the highest a d10 can show
        difficulty, last = min(difficulty, 10), min(last, 10)
        sit = {**sit, "defence_difficulty": min(sit["defence_difficulty"], 10)}
    if last > 10:
        raise field_error("attack_difficulty", f"Итоговая сложность {last} больше 10.",
                          f"The final difficulty {last} is above 10.")
    if difficulty < 2:
        raise field_error("attack_difficulty", f"Итоговая сложность {difficulty} меньше 2.",
                          f"The final difficulty {difficulty} is below 2.")
    if sit["defence_difficulty"] > 10:
        raise field_error("defender_opponents", f"Сложность защиты {sit['defence_difficulty']} больше 10.",
                          f"The defense's difficulty {sit['defence_difficulty']} is above 10.")
    helpless = p["immobilized"] == "helpless"
    dice = p["attack_dice"] + acc + (2 if p["immobilized"] == "struggling" else 0) + sit["dice"]
    if w == "disarm":
        dice += rules.disarm_dice(p["disarm_accuracy"])
    damage = 0 if w == "disarm" else weapon_damage(p) + (rules.helpless_damage_dice(p["helpless_damage"]) if helpless else 0)
    extra_add = (p["extra_successes_add"] or m in SUCCESSES_ADD_MANEUVERS) and w != "disarm"
    pools = [dice]
    if m == "multiple":
        pools = rules.multiple_shot_pools(dice, shots)
    elif m == "two_weapons":
        pools = rules.multiple_shot_pools(dice, 2)
    return {"attack_dice": dice, "difficulty": difficulty, "damage": damage, "helpless": helpless,
            "shots": len(pools), "extra_add": extra_add, "pools": pools,
            "difficulties": [difficulty, last] if m == "two_weapons" else [difficulty] * len(pools),
            "defence_difficulty": sit["defence_difficulty"], "band": sit["band"],
            "spray_targets": p["targets"] if m == "spray" else 0, **soak_setup(p)}


def check(p: dict) -> None:
    """Refuse what the sources rule out for this weapon, maneuver and defense (the attack's setup)."""
    _attack_setup(p)


def _maneuver_notes(p: dict, a: dict) -> list[dict]:
    if p["maneuver"] == "multiple":
        return [note("Каждый выстрел — отдельная атака со своим броском повреждений и поглощения; оглушение "
                     "считается по одной атаке; сломанная броня дальше не поглощает.",
                     "Each shot is its own attack with its own damage and soak roll; stunning is judged per "
                     "attack; ruined armor soaks no more.")]
    if p["maneuver"] == "spray" and a["helpless"]:
        return []  # a helpless target is hit anyway: no share of the spray
    if p["maneuver"] == "spray" and p["targets"] == 1:
        down = p["spray_single_rounds_down"]
        return [note("Автоматический огонь по одной цели: она получает половину успехов (с округлением "
                     + ("вниз)." if down else "вверх)."),
                     "Spray at a single target: it gets half the successes (rounded " + ("down)." if down else "up)."))]
    if p["maneuver"] == "spray":
        return [note("Автоматический огонь по нескольким целям: эта цель получает "
                     + ("только равную долю успехов." if p["spray_share"] == "least" else "равную долю и весь остаток."),
                     "Spray at several targets: this target gets "
                     + ("only the even share." if p["spray_share"] == "least" else "the even share and every leftover."))]
    return []


def compute(p: dict) -> dict:
    """The exact odds of the attack: the hit, the botch, the levels after the soak, stunning, the armor."""
    a = _attack_setup(p)
    all_share = bool(a["spray_targets"]) and not a["helpless"] and p["spray_dice"] == "all"
    common = dict(extra_successes_add=a["extra_add"], botch_rule=p["botch_rule"],
                  ones_cancel_damage=p["ones_cancel"], soak_difficulty=p["soak_difficulty"],
                  armor_break=p["armor_break"], auto_hit=a["helpless"], armor_ruin=p["armor_ruin"])
    if p["maneuver"] in ("multiple", "two_weapons"):
        without = a["pool"] - a["armor_dice"]
        dist = rules.shots_dist(a["pools"], a["difficulties"], a["damage"], stun_above=a["stun"],
                                  soak_without_armor=without, armor=a["armor"], armor_dice=a["armor_dice"],
                                  **common)
        levels = dist.map(lambda o: o[0])
        p_stun = dist.p(lambda o: o[1])
        p_ruin = dist.p(lambda o: o[2])
        miss_all, no_botch = Fraction(1), Fraction(1)
        for pool, difficulty in zip(a["pools"], a["difficulties"]):
            if a["helpless"]:
                miss_all = Fraction(0)
                continue
            d = d10_pool(pool, difficulty, True, p["botch_rule"])
            miss_all *= 1 - d.p(lambda o: o != "botch" and o >= 1)
            no_botch *= 1 - d["botch"]
        p_hit, p_botch = 1 - miss_all, 1 - no_botch
    else:
        defence = None
        if p["defence"] != "none":
            defence = net_successes(p["defence_dice"], a["defence_difficulty"], True)
        dist = rules.attack_dist(a["attack_dice"], a["difficulty"], a["damage"], soak_pool=a["pool"],
                                   armor=a["armor"], armor_dice=a["armor_dice"], spray_targets=a["spray_targets"],
                                   spray_reading=p["spray_share"], spray_dice=p["spray_dice"], defence=defence,
                                   spray_single_rounds_down=p["spray_single_rounds_down"], **common)
        levels = dist.map(lambda o: o[1])
        p_hit = dist.p(lambda o: o[0] == rules.HIT)
        p_botch = dist.p(lambda o: o[0] == rules.BOTCH)
        p_stun = dist.p(lambda o: o[1] > a["stun"])
        p_ruin = dist.p(lambda o: o[2])
    display = [
        figures(
            ("p_hit", T("Шанс попасть" + (" хотя бы раз" if a["shots"] > 1 else ""),
                        "Chance to hit" + (" at least once" if a["shots"] > 1 else "")), prob(p_hit)),
            ("p_botch", T("Шанс провала (ботч)" + (" хотя бы раз" if a["shots"] > 1 else ""),
                          "Chance of a botch" + (" at least once" if a["shots"] > 1 else "")), prob(p_botch)),
            ("mean_levels", T("Среднее уровней повреждений", "Mean health levels"), round(float(levels.mean()), 3)),
            ("p_damage", T("Шанс нанести хоть 1 уровень", "Chance of at least 1 level"), prob(levels.at_least(1))),
            ("p_stunned", T(f"Шанс оглушить (больше {a['stun']} непоглощённых)",
                            f"Chance to stun (more than {a['stun']} unsoaked)"), prob(p_stun)),
            ("p_armor_ruined", T("Шанс сломать броню", "Chance to ruin the armor"), prob(p_ruin)),
        ),
        figures(
            ("attack", T("Атака", "Attack"),
             T("автоматически удачна", "automatic hit") if a["helpless"]
             else T(f"выстрелов {len(a['pools'])}, кубиков по выстрелам: {', '.join(map(str, a['pools']))}; "
                    f"сложность {', '.join(map(str, sorted(set(a['difficulties']))))}",
                    f"{len(a['pools'])} shots, dice per shot: {', '.join(map(str, a['pools']))}; "
                    f"difficulty {', '.join(map(str, sorted(set(a['difficulties']))))}")
             if p["maneuver"] in ("multiple", "two_weapons")
             else T(f"{a['attack_dice']} куб., сложность {a['difficulty']}",
                    f"{a['attack_dice']} dice, difficulty {a['difficulty']}")),
            ("damage", T("Повреждения", "Damage"),
             T(f"{a['damage']} куб." + ("" if not a["extra_add"] else " + все успехи доли" if all_share
                                         else " + успехи сверх первого"),
               f"{a['damage']} dice" + ("" if not a["extra_add"] else " + every success of the share" if all_share
                                         else " + successes beyond the first"))),
            ("soak", T("Поглощение", "Soak"), T(f"{a['pool']} куб., сложность {p['soak_difficulty']}",
                                                f"{a['pool']} dice, difficulty {p['soak_difficulty']}")),
            *((("defence", T("Защита цели", "The target's defense"),
                T(f"{p['defence_dice']} куб., сложность {a['defence_difficulty']}",
                  f"{p['defence_dice']} dice, difficulty {a['defence_difficulty']}")),) if p["defence"] != "none" else ()),
        ),
        dist_block("levels", T("Уровни повреждений цели", "Health levels the target loses"),
                   T("уровней", "levels"), levels),
    ] + soak_result_notes(p, a) + _maneuver_notes(p, a)
    if p["maneuver"] in SUCCESSES_ADD_MANEUVERS:  # the general rule's switch does not apply here
        display.append(note(
            "Успехи атаки сверх первого добавлены к пулу повреждений: для обстрела и автоматического "
            "огня современные правила говорят это прямо, что бы ни говорило общее правило.",
            "Attack successes beyond the first are added to the damage pool: for full-clip and automatic "
            "fire the modern rules say so outright, whatever the general rule."))
    elif p["extra_successes_add"] and p["weapon"] != "disarm":
        display.append(note(
            "Успехи атаки сверх первого добавлены к пулу повреждений: классические выдержки это правило "
            "прямо не формулируют, только подразумевают («этот распределенный Успех так же прибавляется "
            "к запасу кубиков при броске повреждений»). «Сериал» его отменил.",
            "Attack successes beyond the first are added to the damage pool: the classic excerpts never state this "
            "rule, they only imply it. the Series removed it."))
    if p["weapon"] == "disarm":
        display.append(note("Обезоружить: считается только бросок (Трудность 7, Точность «Нормальная +1»); что он даёт "
                            "(«Специальные» повреждения), в выдержку из источника не вошло.",
                            "Disarm: only the roll is computed; what it does is not in the excerpt.", "warning"))
    if p["aim_rounds"] and p["weapon"] in RANGED_WEAPONS:
        display.append(note("Прицеливание: «целиться по жертве, которая передвигается со скоростью быстрее обычного "
                            "шага, невозможно».", "Aiming: no aiming at a target moving faster than a walk."))
    return {"p_hit": prob(p_hit), "p_botch": prob(p_botch), "p_stunned": prob(p_stun),
            "p_armor_ruined": prob(p_ruin), "mean_levels": frac(levels.mean()),
            "attack_dice": a["attack_dice"], "attack_difficulty": a["difficulty"], "damage_dice": a["damage"],
            "attack_difficulties": a["difficulties"], "defence_difficulty": a["defence_difficulty"] or None,
            "soak_pool": a["pool"],
            "levels": dist_json(levels, "levels"), "display": display}


def _one_attack_roll(p: dict, a: dict, roller, pool: int, armor_intact: bool, label: str, blocks: list,
                     difficulty: int | None = None) -> dict:
    """Roll one attack (one shot); append its dice blocks; return what happened."""
    difficulty = a["difficulty"] if difficulty is None else difficulty
    out = {"hit": False, "botch": False, "levels": 0, "stunned": False, "armor_ruined": False}
    first = 0  # 1 when every success of a spray share adds a die (not only those beyond the first)
    if a["helpless"]:
        net = 1
    else:
        r = roll_d10_pool(roller, pool, difficulty, True, p["botch_rule"])
        blocks.append(d10_block(T(f"Атака{label}", f"Attack{label}"), r["faces"], difficulty, True))
        out["attack_faces"] = r["faces"]
        out["botch"] = r["botch"]
        net = 0 if r["botch"] else r["net"]
        if a["spray_targets"] and net:
            net = rules.spray_share(net, a["spray_targets"], p["spray_share"], p["spray_single_rounds_down"])
            out["share"] = net
            first = 1 if p["spray_dice"] == "all" else 0
        if p["defence"] != "none" and not r["botch"]:
            d = roll_d10_pool(roller, p["defence_dice"], a["defence_difficulty"], True)
            blocks.append(d10_block(T("Защита", "Defence"), d["faces"], a["defence_difficulty"], True))
            out["defence_faces"] = d["faces"]
            net = rules.defended(net, d["net"])
    if net >= 1:
        out["hit"] = True
        dice = a["damage"] + (net - 1 + first if a["extra_add"] else 0)
        dmg = roller.dice(dice, 10)
        s = rules.soak_successes(dmg, rules.DAMAGE_DIFFICULTY, p["ones_cancel"])
        armor = a["armor"] if armor_intact else 0
        pool = blow_pool(p, a, s) if armor_intact else a["pool"] - a["armor_dice"]
        soak = roller.dice(pool, 10)
        k = rules.soak_successes(soak, p["soak_difficulty"], p["ones_cancel"])
        levels = max(0, s - k)
        out.update(damage_faces=dmg, damage_successes=s, soak_faces=soak, soaked=k, levels=levels,
                   stunned=levels > a["stun"], armor_ruined=rules.armor_ruined(s, armor, p["armor_break"]))
        blocks.append(d10_block(T(f"Повреждения{label}", f"Damage{label}"), dmg, rules.DAMAGE_DIFFICULTY,
                                  p["ones_cancel"]))
        blocks.append(d10_block(T(f"Поглощение{label}", f"Soak{label}"), soak, p["soak_difficulty"], p["ones_cancel"]))
    return out


def roll(p: dict, roller) -> dict:
    """The attack rolled, shot by shot: the attack, the defense, the damage and the soak."""
    a = _attack_setup(p)
    blocks: list[dict] = []
    shots, intact = [], True
    for i, (pool, difficulty) in enumerate(zip(a["pools"], a["difficulties"])):
        label = f" {i + 1}" if len(a["pools"]) > 1 else ""
        shot = _one_attack_roll(p, a, roller, pool, intact, label, blocks, difficulty)
        intact = intact and not shot["armor_ruined"]
        shots.append(shot)
    out = shots[0] if len(shots) == 1 else {
        "hit": any(x["hit"] for x in shots), "botch": any(x["botch"] for x in shots),
        "levels": sum(x["levels"] for x in shots), "stunned": any(x["stunned"] for x in shots),
        "armor_ruined": not intact, "shots": shots}
    if out["hit"]:
        extra_ru = (" — оглушён" if out["stunned"] else "") + (" — броня сломана" if out["armor_ruined"] else "")
        extra_en = (" — stunned" if out["stunned"] else "") + (" — armor ruined" if out["armor_ruined"] else "")
        if len(shots) == 1:
            verdict = T(f"Попадание: {out['damage_successes']} усп. повреждений, поглощено {out['soaked']}, "
                        f"уровней: {out['levels']}{extra_ru}",
                        f"Hit: {out['damage_successes']} damage successes, {out['soaked']} soaked, "
                        f"levels: {out['levels']}{extra_en}")
        else:
            verdict = T(f"Попаданий: {sum(x['hit'] for x in shots)} из {len(shots)}; уровней: {out['levels']}{extra_ru}",
                        f"Hits: {sum(x['hit'] for x in shots)} of {len(shots)}; levels: {out['levels']}{extra_en}")
    else:
        verdict = T("Провал (ботч)!", "Botch!") if out["botch"] else T("Промах", "Miss")
    blocks.append(figures(("result", T("Итог", "Result"), verdict)))
    out["display"] = blocks
    return out

#: ``wod-classic-attack``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="wod-classic-attack",
    system="wod",
    kind="attack",
    title=T("Атака, повреждения и поглощение (классика)", "Attack, damage and soak (classic)"),
    description=T("Точные шансы одной атаки по классическим правилам.",
                  "Exact odds of one attack under the classic rules."),
    params=ATTACK_PARAMS,
    compute=compute,
    roll=roll,
    check=check,
    summary=("p_hit", "mean_levels", "p_stunned"),
)
