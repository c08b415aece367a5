"""Calculators of the classic World of Darkness rules (the d10 pool is shared with «Сериал»).

``wod-pool`` (a d10 pool), ``wod-soak`` (002's soak roll) and ``wod-classic-attack`` (attack,
damage and soak of one attack, 002/003). The rules and the readings chosen are in
:mod:`rules_core.wod.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from .pool import BOTCH_RULES, d10_pool, roll_d10_pool
from ..spec import (Calculator, T, bool_param, choice_param, dist_block, field_error, figures, frac,
                    int_param, note, prob)
from . import rules, tables

__all__ = ["MAX_POOL", "POOL_PARAMS", "CALCULATORS", "DAMAGE_TYPE_OPTIONS", "TARGET_OPTIONS", "ARMOR_OPTIONS",
           "body_cannot_soak", "soak_notes", "SOAK_PARAMS", "AUTOMATIC_MANEUVERS", "SUCCESSES_ADD_MANEUVERS", "MAX_SHOTS",
           "maneuver_mods", "cover_mod", "weapon_damage", "weapon_difficulty_mod", "ATTACK_PARAMS",
           "levels_block"]

MAX_POOL = 30

POOL_PARAMS = (
    int_param("dice", "Кубиков в пуле", "Dice in the pool", 5, 0, MAX_POOL),
    int_param("difficulty", "Сложность", "Difficulty", 6, 2, 10),
    bool_param("ones_cancel", "Единицы отменяют успехи", "Ones cancel successes", True,
               help=T("Да для атаки и обычных бросков; нет для урона в «Сериале».",
                      "Yes for attacks and most rolls; no for damage in «Serial»."), group="details"),
    choice_param("botch_rule", "Правило провала", "Botch rule", "revised", [
        ("revised", "Revised: 0 успехов и есть «1»", "Revised: no success, a 1"),
        ("second", "2-я ред.: «1» больше успехов", "2nd ed.: more 1s than successes"),
    ], help=T("Revised: провал, если не выпало ни одного успеха и выпала хотя бы одна «1». "
              "2-я редакция: провал, если единиц больше, чем успехов.",
              "Revised: a botch when no success is rolled and at least one die shows 1. "
              "2nd edition: a botch when the 1s outnumber the successes."),
       group="readings", when={"param": "ones_cancel", "eq": True}),
)


def _pool_compute(p: dict) -> dict:
    dist = d10_pool(p["dice"], p["difficulty"], p["ones_cancel"], p["botch_rule"])
    net = dist.map(lambda o: 0 if o == "botch" else o)
    p_success = net.at_least(1)
    p_botch = dist["botch"]
    display = [
        figures(
            ("p_success", T("Шанс успеха (хотя бы 1 успех)", "Chance of success (at least 1)"), prob(p_success)),
            ("p_botch", T("Шанс провала (ботч)", "Chance of a botch"), prob(p_botch)),
            ("mean", T("Среднее число успехов", "Mean successes"), round(float(net.mean()), 3)),
        ),
        dist_block("net", T("Чистые успехи", "Net successes"), T("успехов", "successes"), dist,
                   label=lambda o: T("провал", "botch") if o == "botch" else o),
    ]
    if not p["ones_cancel"]:
        display.append(note("Единицы не отменяют успехи: такой бросок не может провалиться.",
                            "Ones do not cancel: such a roll cannot botch."))
    return {
        "p_success": prob(p_success),
        "p_botch": prob(p_botch),
        "distribution": [{"net": o, "p": prob(net[o]), "p_at_least": prob(net.at_least(o))}
                         for o in net.outcomes()],
        "display": display,
    }


def _pool_roll(p: dict, roller) -> dict:
    r = roll_d10_pool(roller, p["dice"], p["difficulty"], p["ones_cancel"], p["botch_rule"])
    marks = ["success" if f >= p["difficulty"] else "one" if f == 1 else "" for f in r["faces"]]
    verdict = (T("Провал (ботч)!", "Botch!") if r["botch"]
               else T(f"Успехов: {r['net']}", f"Successes: {r['net']}"))
    return {**r, "display": [
        {"kind": "dice", "label": T("Выпало", "Rolled"), "sides": 10, "faces": r["faces"], "marks": marks},
        figures(("result", T("Итог", "Result"), verdict)),
    ]}


CALCULATORS = [
    Calculator(
        id="wod-pool",
        system="wod",
        kind="dice",
        title=T("Пул d10", "d10 dice pool"),
        description=T("Шансы пула d10 Мира Тьмы: успех на грани ≥ сложности.",
                      "Odds of a World of Darkness d10 pool: a success on a face ≥ difficulty."),
        params=POOL_PARAMS,
        compute=_pool_compute,
        roll=_pool_roll,
        summary=("p_success", "mean", "p_botch"),
    ),
]

assert set(BOTCH_RULES) == {o.value for o in POOL_PARAMS[3].options}


# =================================================================================================
# Classic soak and attack (sources 002, 003)
# =================================================================================================


DAMAGE_TYPE_OPTIONS = [
    ("bashing", "Поверхностные", "Bashing"),
    ("lethal", "Летальные", "Lethal"),
    ("aggravated", "Усиливающиеся", "Aggravated"),
]
TARGET_OPTIONS = [
    ("mortal", "Смертный", "Mortal"),
    ("supernatural", "Вампир или иное сверхъестественное существо", "Vampire or other supernatural being"),
]
ARMOR_OPTIONS = [("0", "Без брони", "No armor")] + [
    (str(a["rating"]), f"{a['name']['ru']}: {a['rating']}", f"{a['name']['en']}: {a['rating']}")
    for a in tables.ARMOR]


def body_cannot_soak(target: str = "target", damage_type: str = "damage_type", fortitude: str = "fortitude") -> dict:
    """The condition (for a parameter's ``when``) that the body soaks nothing (002): a mortal
    against lethal or aggravated damage, or aggravated damage without Стойкость
    (:func:`rules.body_soak_dice`); the arguments name the parameters."""
    return {"any": [
        {"all": [{"param": target, "eq": "mortal"}, {"param": damage_type, "ne": "bashing"}]},
        {"all": [{"param": damage_type, "eq": "aggravated"}, {"param": fortitude, "max": 0}]},
    ]}


def _soak_params(default_type: str, main: tuple[str, ...]) -> tuple:
    """The target's soak parameters; those named in ``main`` are in the main group, the rest in
    the details (the readings of 002 in the readings)."""
    def group(name: str) -> str:
        return "main" if name in main else "details"

    return (
        choice_param("damage_type", "Тип повреждений", "Damage type", default_type, DAMAGE_TYPE_OPTIONS,
                     group=group("damage_type")),
        choice_param("target", "Цель", "Target", "mortal", TARGET_OPTIONS, group=group("target")),
        int_param("stamina", "Выносливость цели", "Target's Stamina", 2, 0, 10, group=group("stamina")),
        # the body soaks with Стойкость only bashing damage, or as a supernatural being
        int_param("fortitude", "Стойкость цели", "Target's Fortitude", 0, 0, 10, group=group("fortitude"),
                  when={"any": [{"param": "damage_type", "eq": "bashing"},
                                {"param": "target", "eq": "supernatural"}]}),
        choice_param("armor", "Броня цели", "Target's armor", "0", ARMOR_OPTIONS, group=group("armor")),
        int_param("soak_difficulty", "Сложность поглощения", "Soak difficulty", rules.SOAK_DIFFICULTY, 2, 10,
                  help=T("Начальная 6; оружие и обстоятельства могут её менять (002).",
                         "6 to begin with; weapons and circumstances may change it (002)."),
                  group=group("soak_difficulty")),
        choice_param("armor_soak", "Броня против непоглощаемого", "Armor against unsoakable damage", "with_body", [
            ("with_body", "Броня лишь добавляет кубики к броску, который тело вправе сделать",
             "Armor only adds dice to a soak the body may make"),
            ("always", "Броня поглощает и то, что тело не может (смертный и летальные)",
             "Armor soaks even what the body cannot (a mortal against lethal)"),
        ], help=T("002: «Защитное значение доспехов добавляется к начальному запасу бросков» — "
                  "поглощает ли броня смертного летальные, источник не говорит.",
                  "002 only says armor «is added to the soak pool»; whether armor lets a mortal "
                  "soak lethal damage it does not say."),
                     group="readings", when={"all": [{"param": "armor", "ne": "0"}, body_cannot_soak()]}),
        choice_param("armor_break", "Когда броня ломается", "When armor is ruined", "at_least_double", [
            ("at_least_double", "Успехов урона ≥ 2 × защита", "Damage successes ≥ 2 × rating"),
            ("more_than_double", "Успехов урона > 2 × защита", "Damage successes > 2 × rating"),
        ], help=T("002: «вдвое превышает защитное значение доспеха» читается двояко.",
                  "002: «вдвое превышает» (twice the rating) reads two ways."),
                     group="readings", when={"param": "armor", "ne": "0"}),
        bool_param("ones_cancel", "Единицы отменяют успехи урона и поглощения",
                   "Ones cancel damage and soak successes", False,
                   help=T("002: такие броски «не могут закончиться провалом»; отменяют ли единицы "
                          "успехи, источник не говорит.",
                          "002: these rolls «cannot botch»; whether 1s cancel successes is not said."),
                   group="readings"),
    )


def _soak_setup(p: dict) -> dict:
    supernatural = p["target"] == "supernatural"
    armor = int(p["armor"])
    body = rules.body_soak_dice(p["stamina"], p["fortitude"], p["damage_type"], supernatural)
    pool = rules.soak_dice(p["stamina"], p["fortitude"], armor, p["damage_type"], supernatural,
                             p["armor_soak"])
    return {"supernatural": supernatural, "armor": armor, "body": body, "pool": pool,
            "stun": rules.stun_threshold(p["stamina"], supernatural)}


def soak_notes(can_soak: bool, damage_type: str, armor: int, armor_soak: str,
               prefix: tuple[str, str] = ("", "")) -> list[dict]:
    """Notes when the body cannot soak this damage (002), shared with the ``armor`` calculator."""
    ru, en = prefix
    out = []
    if not can_soak:
        if damage_type == "aggravated":
            out.append(note(ru + "Усиливающиеся повреждения поглощаются только при наличии Дисциплины Стойкость.",
                            en + "Aggravated damage is soaked only with the Discipline Fortitude.", "warning"))
        else:
            out.append(note(ru + "Обычные люди могут поглощать только поверхностные повреждения.",
                            en + "Mortals can soak only bashing damage.", "warning"))
        if armor and armor_soak == "with_body":
            out.append(note(ru + "Броня здесь не бросается: выбрано чтение «броня лишь добавляет кубики».",
                            en + "Armor is not rolled here: the reading «armor only adds dice» is chosen."))
    return out


def _soak_notes(p: dict, s: dict) -> list[dict]:
    return soak_notes(s["body"] is not None, p["damage_type"], s["armor"], p["armor_soak"])


def _soak_compute(p: dict) -> dict:
    s = _soak_setup(p)
    levels = rules.soak_levels(p["incoming"], s["pool"], p["soak_difficulty"], p["ones_cancel"])
    p_stun = levels.p(lambda x: x > s["stun"])
    ruined = rules.armor_ruined(p["incoming"], s["armor"], p["armor_break"])
    display = [
        figures(
            ("soak_pool", T("Кубиков поглощения", "Soak dice"), s["pool"]),
            ("mean_levels", T("Среднее уровней повреждений", "Mean levels taken"), round(float(levels.mean()), 3)),
            ("p_no_damage", T("Шанс поглотить всё", "Chance to soak it all"), prob(levels[0])),
            ("p_stunned", T(f"Шанс оглушения (больше {s['stun']} непоглощённых)",
                            f"Chance of being stunned (more than {s['stun']} unsoaked)"), prob(p_stun)),
            ("armor_ruined", T("Броня приходит в негодность", "Armor is ruined"),
             T("да", "yes") if ruined else T("нет", "no")),
        ),
        dist_block("levels", T("Уровни повреждений после поглощения", "Health levels after soak"),
                   T("уровней", "levels"), levels),
    ] + _soak_notes(p, s)
    return {"soak_pool": s["pool"], "levels": [{"levels": o, "p": prob(levels[o])} for o in levels.outcomes()],
            "p_stunned": prob(p_stun), "armor_ruined": ruined, "mean_levels": frac(levels.mean()),
            "display": display}


def _dice_block(label_ru: str, label_en: str, faces: list[int], difficulty: int, ones_cancel: bool) -> dict:
    marks = ["success" if f >= difficulty else "one" if (f == 1 and ones_cancel) else "" for f in faces]
    return {"kind": "dice", "label": T(label_ru, label_en), "sides": 10, "faces": faces, "marks": marks}


def _soak_roll(p: dict, roller) -> dict:
    s = _soak_setup(p)
    faces = roller.dice(s["pool"], 10)
    k = rules.soak_successes(faces, p["soak_difficulty"], p["ones_cancel"])
    levels = max(0, p["incoming"] - k)
    stunned = levels > s["stun"]
    return {"faces": faces, "soaked": k, "levels": levels, "stunned": stunned, "display": [
        _dice_block("Поглощение", "Soak", faces, p["soak_difficulty"], p["ones_cancel"]),
        figures(("levels", T("Итог", "Result"),
                 T(f"Поглощено {k}; получено уровней: {levels}" + (" — оглушён" if stunned else ""),
                   f"Soaked {k}; levels taken: {levels}" + (" — stunned" if stunned else "")))),
    ] + _soak_notes(p, s)}


SOAK_PARAMS = (int_param("incoming", "Успехов на броске повреждений", "Damage successes rolled", 3, 0, 30),
               ) + _soak_params("lethal", main=("damage_type", "target", "stamina", "fortitude", "armor"))


# ---- the attack ---------------------------------------------------------------------------------

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
    ("prone", "Лежит на земле (+1, выведено из примера 003)", "Prone (+1, inferred from 003's example)")]


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
    if weapon.startswith("brawl"):
        return tables.MELEE_MANEUVERS[int(weapon[5:])]["difficulty"] - _BASE_DIFFICULTY
    return 0


#: The attack is rolled (a helpless target is hit without a roll, 002/003).
_ROLLED = {"param": "immobilized", "ne": "helpless"}
#: Automatic fire at an area, rolled (a helpless target is hit anyway: no share of a spray).
_SPRAYING = {"all": [{"param": "maneuver", "eq": "spray"}, _ROLLED]}

ATTACK_PARAMS = (
    int_param("attack_dice", "Кубиков атаки", "Attack dice", 6, 0, 20,
              help=T("Атрибут + Способность с модификаторами (фланг, прицеливание…), без маневра.",
                     "Attribute + Ability with modifiers (flank, aiming…), without the maneuver.")),
    int_param("attack_difficulty", "Сложность атаки", "Attack difficulty", 6, 2, 10,
              help=T("6; в упор 4, на предельной дальности 8 (003). Маневр и укрытие добавятся сами.",
                     "6; point blank 4, long range 8 (003). Maneuver and cover are added on top."),
              group="details"),
    choice_param("maneuver", "Маневр стрельбы", "Firing maneuver", "none", [
        ("none", "Обычный выстрел / удар", "Single shot / strike"),
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
    choice_param("spray_share", "Доля этой цели при автоматическом огне", "This target's share of a spray",
                 "least", [
                     ("least", "Только равная доля (остаток ушёл другим)", "Only the even share (the rest went elsewhere)"),
                     ("most", "Равная доля и весь остаток", "The even share and every leftover"),
                 ], help=T("003: остаток успехов стрелявший «распределяет, как он хочет»; одна цель получает "
                           "половину успехов (округляем вниз).",
                           "003: the shooter spends the leftover successes «as he wants»; a single target gets "
                           "half the successes (rounded down)."),
                 group="readings", when={"all": [_SPRAYING, {"param": "targets", "min": 2}]}),
    choice_param("spray_dice", "Успехи доли при автоматическом огне добавляют кубики повреждений",
                 "A spray share's successes add damage dice", "beyond_first", [
                     ("beyond_first", "Сверх первого, как у любого попадания", "Beyond the first, as for any hit"),
                     ("all", "Все успехи доли", "Every success of the share"),
                 ], help=T("003: «этот распределенный Успех так же прибавляется к запасу кубиков при броске "
                           "повреждений».",
                           "003: «this distributed success is also added to the damage dice pool»."),
                 group="readings", when=_SPRAYING),
    choice_param("cover", "Укрытие цели", "Target's cover", "none", _COVER_OPTIONS, group="details"),
    choice_param("attacker_cover", "Укрытие стреляющего", "The shooter's own cover", "none", _COVER_OPTIONS,
                 help=T("Стреляющий из укрытия получает на 1 меньше, чем тот, кто стреляет по нему; "
                        "укрытия обеих сторон складываются (003).",
                        "Shooting from cover costs 1 less than shooting at it; both sides' covers add up (003)."),
                 group="details"),
    choice_param("immobilized", "Цель обездвижена", "Target immobilized", "no", [
        ("no", "Нет", "No"),
        ("struggling", "Держат, но сопротивляется (+2 кубика атаки)", "Held but struggling (+2 attack dice)"),
        ("helpless", "Полностью (атака удачна, +2 кубика повреждений)", "Completely (auto hit, +2 damage dice)"),
    ], group="details"),
    choice_param("weapon", "Оружие", "Weapon", "custom", _WEAPON_OPTIONS),
    int_param("strength", "Сила атакующего", "Attacker's Strength", 2, 0, 10,
              help=T("Для холодного оружия: повреждения = Сила + N.", "Melee weapons: damage = Strength + N."),
              when={"param": "weapon", "in": [v for v, _, _ in _WEAPON_OPTIONS if v.startswith(("melee", "brawl"))]}),
    int_param("damage_dice", "Кубиков повреждений (своё оружие)", "Damage dice (custom weapon)", 4, 0, 15,
              when={"param": "weapon", "eq": "custom"}),
    bool_param("extra_successes_add", "Лишние успехи атаки добавляют кубики повреждений",
               "Extra attack successes add damage dice", True,
               help=T("Классическое правило: каждый успех сверх первого — +1 кубик повреждений. "
                      "В 002/003 оно прямо не сказано, лишь подразумевается (автоматический огонь, обстрел); "
                      "«Сериал» его отменил. Для обстрела и автоматического огня 003 говорит это прямо — "
                      "там успехи добавляются всегда.",
                      "The classic rule: each success beyond the first adds a damage die. 002/003 do not "
                      "state it, only imply it (automatic and full-clip fire); «Serial» removed it. For "
                      "full-clip and automatic fire 003 says it outright, so there they always add."),
               group="readings", when={"not": {"param": "maneuver", "in": list(SUCCESSES_ADD_MANEUVERS)}}),
    choice_param("botch_rule", "Правило провала атаки", "Attack botch rule", "revised", [
        ("revised", "Ни одного успеха и хотя бы одна «1»", "No success and at least one 1"),
        ("second", "Единиц больше, чем успехов", "More 1s than successes"),
    ], group="readings", when=_ROLLED),
) + _soak_params("lethal", main=("damage_type", "stamina", "armor"))


def _attack_setup(p: dict) -> dict:
    acc, dmod = maneuver_mods(p["maneuver"])
    w = p["weapon"]
    m = p["maneuver"]
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
    difficulty = p["attack_difficulty"] + dmod + weapon_difficulty_mod(w) + cover
    if difficulty > 10:
        raise field_error("attack_difficulty", f"Итоговая сложность {difficulty} больше 10.",
                          f"The final difficulty {difficulty} is above 10.")
    helpless = p["immobilized"] == "helpless"
    dice = p["attack_dice"] + acc + (2 if p["immobilized"] == "struggling" else 0)
    damage = weapon_damage(p) + (2 if helpless else 0)
    extra_add = p["extra_successes_add"] or m in SUCCESSES_ADD_MANEUVERS
    return {"attack_dice": dice, "difficulty": difficulty, "damage": damage, "helpless": helpless,
            "shots": shots, "extra_add": extra_add,
            "pools": rules.multiple_shot_pools(dice, shots) if m == "multiple" else [dice],
            "spray_targets": p["targets"] if m == "spray" else 0, **_soak_setup(p)}


def _attack_check(p: dict) -> None:
    _attack_setup(p)


def levels_block(key: str, title: dict, x_label: dict, dist) -> dict:
    """:func:`rules_core.spec.dist_block` for a numeric distribution, with P(at least) summed once
    from the top (same output; linear instead of quadratic for the long tails of several shots)."""
    rows, tail = [], Fraction(0)
    for o in reversed(dist.outcomes()):
        tail += dist[o]
        rows.append({"x": o, "p": prob(dist[o]), "p_at_least": prob(tail)})
    return {"kind": "distribution", "key": key, "title": title, "x_label": x_label, "rows": rows[::-1]}


def _maneuver_notes(p: dict, a: dict) -> list[dict]:
    if p["maneuver"] == "multiple":
        return [note("Каждый выстрел — отдельная атака со своим броском повреждений и поглощения; оглушение "
                     "считается по одной атаке; сломанная броня дальше не поглощает.",
                     "Each shot is its own attack with its own damage and soak roll; stunning is judged per "
                     "attack; ruined armor soaks no more.")]
    if p["maneuver"] == "spray":
        return [note("Автоматический огонь: одна цель получает половину успехов (вниз); при нескольких целях — "
                     + ("только равную долю." if p["spray_share"] == "least" else "равную долю и весь остаток."),
                     "Spray: a single target gets half the successes (rounded down); with several targets — "
                     + ("only the even share." if p["spray_share"] == "least" else "the even share and every leftover."))]
    return []


def _attack_compute(p: dict) -> dict:
    a = _attack_setup(p)
    all_share = bool(a["spray_targets"]) and not a["helpless"] and p["spray_dice"] == "all"
    common = dict(extra_successes_add=a["extra_add"], botch_rule=p["botch_rule"],
                  ones_cancel_damage=p["ones_cancel"], soak_difficulty=p["soak_difficulty"],
                  armor_break=p["armor_break"], auto_hit=a["helpless"])
    if p["maneuver"] == "multiple":
        without = rules.soak_dice(p["stamina"], p["fortitude"], 0, p["damage_type"], a["supernatural"],
                                    p["armor_soak"])
        dist = rules.shots_dist(a["pools"], a["difficulty"], a["damage"], stun_above=a["stun"],
                                  soak_without_armor=without, armor=a["armor"], armor_dice=a["pool"] - without,
                                  **common)
        levels = dist.map(lambda o: o[0])
        p_stun = dist.p(lambda o: o[1])
        p_ruin = dist.p(lambda o: o[2])
        miss_all, no_botch = Fraction(1), Fraction(1)
        for pool in a["pools"]:
            if a["helpless"]:
                miss_all = Fraction(0)
                continue
            d = d10_pool(pool, a["difficulty"], True, p["botch_rule"])
            miss_all *= 1 - d.p(lambda o: o != "botch" and o >= 1)
            no_botch *= 1 - d["botch"]
        p_hit, p_botch = 1 - miss_all, 1 - no_botch
    else:
        dist = rules.attack_dist(a["attack_dice"], a["difficulty"], a["damage"], soak_pool=a["pool"],
                                   armor=a["armor"], spray_targets=a["spray_targets"],
                                   spray_reading=p["spray_share"], spray_dice=p["spray_dice"], **common)
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
                    f"сложность {a['difficulty']}",
                    f"{len(a['pools'])} shots, dice per shot: {', '.join(map(str, a['pools']))}; "
                    f"difficulty {a['difficulty']}") if p["maneuver"] == "multiple"
             else T(f"{a['attack_dice']} куб., сложность {a['difficulty']}",
                    f"{a['attack_dice']} dice, difficulty {a['difficulty']}")),
            ("damage", T("Повреждения", "Damage"),
             T(f"{a['damage']} куб." + ("" if not a["extra_add"] else " + все успехи доли" if all_share
                                         else " + успехи сверх первого"),
               f"{a['damage']} dice" + ("" if not a["extra_add"] else " + every success of the share" if all_share
                                         else " + successes beyond the first"))),
            ("soak", T("Поглощение", "Soak"), T(f"{a['pool']} куб., сложность {p['soak_difficulty']}",
                                                f"{a['pool']} dice, difficulty {p['soak_difficulty']}")),
        ),
        levels_block("levels", T("Уровни повреждений цели", "Health levels the target loses"),
                     T("уровней", "levels"), levels),
    ] + _soak_notes(p, a) + _maneuver_notes(p, a)
    if p["maneuver"] in SUCCESSES_ADD_MANEUVERS:  # the general rule's switch does not apply here
        display.append(note(
            "Успехи атаки сверх первого добавлены к пулу повреждений: для обстрела и автоматического "
            "огня 003 говорит это прямо, что бы ни говорило общее правило.",
            "Attack successes beyond the first are added to the damage pool: for full-clip and automatic "
            "fire 003 says so outright, whatever the general rule."))
    elif p["extra_successes_add"]:
        display.append(note(
            "Успехи атаки сверх первого добавлены к пулу повреждений: источники 002/003 это правило "
            "прямо не формулируют, только подразумевают («этот распределенный Успех так же прибавляется "
            "к запасу кубиков при броске повреждений»). «Сериал» его отменил.",
            "Attack successes beyond the first are added to the damage pool: 002/003 never state this "
            "rule, they only imply it. «Serial» removed it."))
    return {"p_hit": prob(p_hit), "p_botch": prob(p_botch), "p_stunned": prob(p_stun),
            "p_armor_ruined": prob(p_ruin), "mean_levels": frac(levels.mean()),
            "attack_dice": a["attack_dice"], "attack_difficulty": a["difficulty"], "damage_dice": a["damage"],
            "soak_pool": a["pool"],
            "levels": [{"levels": o, "p": prob(levels[o])} for o in levels.outcomes()], "display": display}


def _one_attack_roll(p: dict, a: dict, roller, pool: int, armor_intact: bool, label: str, blocks: list) -> dict:
    """Roll one attack (one shot); append its dice blocks; return what happened."""
    out = {"hit": False, "botch": False, "levels": 0, "stunned": False, "armor_ruined": False}
    first = 0  # 1 when every success of a spray share adds a die (not only those beyond the first)
    if a["helpless"]:
        net = 1
    else:
        r = roll_d10_pool(roller, pool, a["difficulty"], True, p["botch_rule"])
        blocks.append(_dice_block(f"Атака{label}", f"Attack{label}", r["faces"], a["difficulty"], True))
        out["attack_faces"] = r["faces"]
        out["botch"] = r["botch"]
        net = 0 if r["botch"] else r["net"]
        if a["spray_targets"] and net:
            net = rules.spray_share(net, a["spray_targets"], p["spray_share"])
            out["share"] = net
            first = 1 if p["spray_dice"] == "all" else 0
    if net >= 1:
        out["hit"] = True
        dice = a["damage"] + (net - 1 + first if a["extra_add"] else 0)
        dmg = roller.dice(dice, 10)
        s = rules.soak_successes(dmg, rules.DAMAGE_DIFFICULTY, p["ones_cancel"])
        armor = a["armor"] if armor_intact else 0
        without = rules.soak_dice(p["stamina"], p["fortitude"], 0, p["damage_type"], a["supernatural"],
                                    p["armor_soak"])
        soak = roller.dice(a["pool"] if armor_intact else without, 10)
        k = rules.soak_successes(soak, p["soak_difficulty"], p["ones_cancel"])
        levels = max(0, s - k)
        out.update(damage_faces=dmg, damage_successes=s, soak_faces=soak, soaked=k, levels=levels,
                   stunned=levels > a["stun"], armor_ruined=rules.armor_ruined(s, armor, p["armor_break"]))
        blocks.append(_dice_block(f"Повреждения{label}", f"Damage{label}", dmg, rules.DAMAGE_DIFFICULTY,
                                  p["ones_cancel"]))
        blocks.append(_dice_block(f"Поглощение{label}", f"Soak{label}", soak, p["soak_difficulty"], p["ones_cancel"]))
    return out


def _attack_roll(p: dict, roller) -> dict:
    a = _attack_setup(p)
    blocks: list[dict] = []
    shots, intact = [], True
    for i, pool in enumerate(a["pools"]):
        label = f" {i + 1}" if len(a["pools"]) > 1 else ""
        shot = _one_attack_roll(p, a, roller, pool, intact, label, blocks)
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


CALCULATORS += [
    Calculator(
        id="wod-soak",
        system="wod",
        kind="damage",
        title=T("Поглощение (классика)", "Soak (classic)"),
        description=T("Сколько уровней здоровья останется после броска поглощения (002).",
                      "How many health levels remain after the soak roll (002)."),
        params=SOAK_PARAMS,
        compute=_soak_compute,
        roll=_soak_roll,
        summary=("mean_levels", "p_no_damage", "p_stunned"),
    ),
    Calculator(
        id="wod-classic-attack",
        system="wod",
        kind="attack",
        title=T("Атака, повреждения и поглощение (классика)", "Attack, damage and soak (classic)"),
        description=T("Точные шансы одной атаки по классическим правилам (002, 003).",
                      "Exact odds of one attack under the classic rules (002, 003)."),
        params=ATTACK_PARAMS,
        compute=_attack_compute,
        roll=_attack_roll,
        check=_attack_check,
        summary=("p_hit", "mean_levels", "p_stunned"),
    ),
]
