"""Calculators of the classic World of Darkness rules (the d10 pool is shared with «Сериал»).

``wod-pool`` (a d10 pool), ``wod-soak`` (002's soak roll) and ``wod-classic-attack`` (attack,
damage and soak of one attack, 002/003). The rules and the readings chosen are in
:mod:`rules_core.wod.rules`.
"""

from __future__ import annotations

from fractions import Fraction

from ..dice import Dist

from .pool import BOTCH_RULES, d10_block, d10_pool, net_successes, roll_d10_pool
from ..spec import (Calculator, T, bool_param, choice_param, dist_block, dist_json, field_error, figures, frac,
                    int_param, note, prob)
from . import rules, tables

__all__ = ["MAX_POOL", "POOL_PARAMS", "CALCULATORS", "DAMAGE_TYPE_OPTIONS", "TARGET_OPTIONS", "ARMOR_OPTIONS",
           "body_cannot_soak", "soak_notes", "ARMOR_BREAK_HELP", "SOAK_ONES_HELP", "BOTCH_RULE_OPTIONS", "SOAK_PARAMS", "AUTOMATIC_MANEUVERS", "SUCCESSES_ADD_MANEUVERS", "MAX_SHOTS",
           "maneuver_mods", "cover_mod", "weapon_damage", "weapon_difficulty_mod", "ATTACK_PARAMS"]

MAX_POOL = 30

POOL_PARAMS = (
    int_param("dice", "Кубиков в пуле", "Dice in the pool", 5, 0, MAX_POOL),
    int_param("difficulty", "Сложность", "Difficulty", 6, 2, 10),
    bool_param("ones_cancel", "Единицы отменяют успехи", "Ones cancel successes", True,
               help=T("Да для атаки и обычных бросков; нет для урона в «Сериале».",
                      "Yes for attacks and most rolls; no for damage in the Series."), group="details"),
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
        "distribution": dist_json(net, "net", at_least=True),
        "display": display,
    }


def _pool_roll(p: dict, roller) -> dict:
    r = roll_d10_pool(roller, p["dice"], p["difficulty"], p["ones_cancel"], p["botch_rule"])
    verdict = (T("Провал (ботч)!", "Botch!") if r["botch"]
               else T(f"Успехов: {r['net']}", f"Successes: {r['net']}"))
    return {**r, "display": [
        d10_block(T("Выпало", "Rolled"), r["faces"], p["difficulty"]),  # a 1 is shown even when it cannot cancel
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


#: 002's words behind two readings of the soak, the help of their switches here and in the
#: ``armor`` calculator.
ARMOR_BREAK_HELP = T("Тёмные века: «вдвое превышает защитное значение доспеха» читается двояко.",
                     "Dark Ages: «вдвое превышает» (twice the rating) reads two ways.")
SOAK_ONES_HELP = T("Тёмные века: такие броски «не могут закончиться провалом»; отменяют ли единицы успехи, источник не говорит.",
                   "Dark Ages: these rolls «cannot botch»; whether 1s cancel successes is not said.")


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
                  help=T("Начальная 6; оружие и обстоятельства могут её менять (правила Тёмных веков).",
                         "6 to begin with; weapons and circumstances may change it (the Dark Ages rules)."),
                  group=group("soak_difficulty")),
        choice_param("armor_soak", "Броня против непоглощаемого", "Armor against unsoakable damage", "with_body", [
            ("with_body", "Броня лишь добавляет кубики к броску, который тело вправе сделать",
             "Armor only adds dice to a soak the body may make"),
            ("always", "Броня поглощает и то, что тело не может (смертный и летальные)",
             "Armor soaks even what the body cannot (a mortal against lethal)"),
        ], help=T("Тёмные века: «Защитное значение доспехов добавляется к начальному запасу бросков» — "
                  "поглощает ли броня смертного летальные, источник не говорит.",
                  "The Dark Ages rules only say armor «is added to the soak pool»; whether armor lets a mortal "
                  "soak lethal damage it does not say."),
                     group="readings", when={"all": [{"param": "armor", "ne": "0"}, body_cannot_soak()]}),
        choice_param("armor_break", "Когда броня ломается", "When armor is ruined", "at_least_double", [
            ("at_least_double", "Успехов урона ≥ 2 × защита", "Damage successes ≥ 2 × rating"),
            ("more_than_double", "Успехов урона > 2 × защита", "Damage successes > 2 × rating"),
        ], help=ARMOR_BREAK_HELP, group="readings", when={"param": "armor", "ne": "0"}),
        bool_param("ones_cancel", "Единицы отменяют успехи урона и поглощения",
                   "Ones cancel damage and soak successes", False, help=SOAK_ONES_HELP, group="readings"),
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
    return {"soak_pool": s["pool"], "levels": dist_json(levels, "levels"),
            "p_stunned": prob(p_stun), "armor_ruined": ruined, "mean_levels": frac(levels.mean()),
            "display": display}


def _soak_roll(p: dict, roller) -> dict:
    s = _soak_setup(p)
    faces = roller.dice(s["pool"], 10)
    k = rules.soak_successes(faces, p["soak_difficulty"], p["ones_cancel"])
    levels = max(0, p["incoming"] - k)
    stunned = levels > s["stun"]
    return {"faces": faces, "soaked": k, "levels": levels, "stunned": stunned, "display": [
        d10_block(T("Поглощение", "Soak"), faces, p["soak_difficulty"], p["ones_cancel"]),
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


#: The botch rules (:data:`~rules_core.wod.pool.BOTCH_RULES`) as a switch's options, in words.
BOTCH_RULE_OPTIONS = [
    ("revised", "Ни одного успеха и хотя бы одна «1»", "No success and at least one 1"),
    ("second", "Единиц больше, чем успехов", "More 1s than successes"),
]
assert [v for v, _, _ in BOTCH_RULE_OPTIONS] == list(BOTCH_RULES)

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
    choice_param("spray_share", "Доля этой цели при автоматическом огне", "This target's share of a spray",
                 "least", [
                     ("least", "Только равная доля (остаток ушёл другим)", "Only the even share (the rest went elsewhere)"),
                     ("most", "Равная доля и весь остаток", "The even share and every leftover"),
                 ], help=T("Современные правила: остаток успехов стрелявший «распределяет свои оставшиеся Успехи, как он хочет»; одна цель получает "
                           "половину успехов (округляем вниз).",
                           "Modern rules: the shooter spends the leftover successes «as he wants»; a single target gets "
                           "half the successes (rounded down)."),
                 group="readings", when={"all": [_SPRAYING, {"param": "targets", "min": 2}]}),
    choice_param("spray_dice", "Успехи доли при автоматическом огне добавляют кубики повреждений",
                 "A spray share's successes add damage dice", "beyond_first", [
                     ("beyond_first", "Сверх первого, как у любого попадания", "Beyond the first, as for any hit"),
                     ("all", "Все успехи доли", "Every success of the share"),
                 ], help=T("Современные правила: «этот распределенный Успех так же прибавляется к запасу кубиков при броске "
                           "повреждений».",
                           "Modern rules: «this distributed success is also added to the damage dice pool»."),
                 group="readings", when=_SPRAYING),
    choice_param("cover", "Укрытие цели", "Target's cover", "none", _COVER_OPTIONS, group="details"),
    choice_param("attacker_cover", "Укрытие стреляющего", "The shooter's own cover", "none", _COVER_OPTIONS,
                 help=T("Стреляющий из укрытия получает на 1 меньше, чем тот, кто стреляет по нему; "
                        "укрытия обеих сторон складываются (современные правила).",
                        "Shooting from cover costs 1 less than shooting at it; both sides' covers add up (the modern rules)."),
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
                      "В классических выдержках оно прямо не сказано, лишь подразумевается (автоматический огонь, обстрел); "
                      "«Сериал» его отменил. Для обстрела и автоматического огня современные правила говорят это прямо — "
                      "там успехи добавляются всегда.",
                      "The classic rule: each success beyond the first adds a damage die. the classic excerpts do not "
                      "state it, only imply it (automatic and full-clip fire); the Series removed it. For "
                      "full-clip and automatic fire the modern rules say it outright, so there they always add."),
               group="readings", when={"not": {"param": "maneuver", "in": list(SUCCESSES_ADD_MANEUVERS)}}),
    choice_param("botch_rule", "Правило провала атаки", "Attack botch rule", "revised", BOTCH_RULE_OPTIONS,
                 group="readings", when=_ROLLED),
) + _soak_params("lethal", main=("damage_type", "stamina", "armor"))


_RANGED = {"param": "weapon", "in": RANGED_WEAPONS}
_DEFENDS = {"param": "defence", "ne": "none"}
ATTACK_PARAMS = ATTACK_PARAMS + (
    # ---- the target's defence (003's melee table: block, dodge, parry — «(R)») ----
    choice_param("defence", "Защита цели (уменьшает успехи атаки)", "The target's defence (takes attack successes away)",
                 "none", [("none", "нет", "none")] + [
                     (k, f"{m['name']['ru']}: {m['roll']['ru']}, трудность {m['difficulty']}",
                      f"{m['name']['en']}: {m['roll']['en']}, difficulty {m['difficulty']}") for k, m in DEFENCES.items()],
                 help=T("«(R): маневр уменьшает успехи нападения противника» — каждый успех защиты снимает успех атаки.",
                        "«(R)»: each success of the defence takes one attack success away."), group="details"),
    int_param("defence_dice", "Кубиков защиты", "Defence dice", 4, 0, 20, group="details", when=_DEFENDS),
    int_param("defender_opponents", "Противников у защищающегося в ближнем бою", "The defender's opponents in melee",
              1, 1, 10, help=T("«+1 к броскам на нападение и защиту для каждого противника после первого (максимум до +4)».",
                               "+1 to attack and defence rolls for each opponent after the first (at most +4)."),
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
    choice_param("blind_ranged", "Ослеплённый и дистанционная атака", "A blind attacker and ranged attacks",
                 rules.BLIND_RANGED, [("impossible", "невозможна (Тёмные века)", "impossible (Dark Ages)"),
                                      ("plus_two", "трудность +2, как любое действие (современные правила)", "difficulty +2 like any action (modern rules)")],
                 help=T("Тёмные века: «Ослепленный персонаж не может выполнять дистанционные атаки»; современные правила: «все действия слепого "
                        "персонажа происходят со Трудностью +2».",
                        "Dark Ages: a blinded character cannot make ranged attacks; modern rules: all a blind character's actions +2."),
                 group="readings", when={"all": [{"param": "attacker_blind", "eq": True}, _RANGED]}),
    bool_param("scope_needs_aim", "Прицел добавляет кубики только к прицельному выстрелу",
               "The sight adds dice to an aimed shot only", rules.SCOPE_NEEDS_AIM, group="readings",
               when={"all": [_RANGED, {"param": "scope", "eq": True}]}),
    choice_param("range_unit", "Дальность таблицы", "The table's range", rules.RANGE_UNIT, [
        ("yards", "в ярдах (1 ярд = 0.91 м)", "in yards (1 yard = 0.91 m)"),
        ("metres", "как метры (как считает «Сериал»)", "as metres (as the Series counts)")],
        help=T("Современные правила: «Прицельная дальность выстрела из оружия в ярдах (1 ярд = 0.91 м)», а выстрел в упор — «в радиусе "
               "двух метров».", "Modern rules: the range is in yards, point blank «within two metres»."),
        group="readings", when={"all": [_RANGED, {"param": "range", "eq": "distance"}]}),
    choice_param("autofire_dodge", "Уклонение от автоматического огня: Трудность +1",
                 "Dodging automatic fire: difficulty +1", rules.AUTOFIRE_DODGE_READING, [
                     ("spray", "только от автоматического огня по площади", "only against the spray"),
                     ("spray_and_full_auto", "и от обстрела", "against full-clip fire too")],
                 group="readings", when={"all": [{"param": "defence", "eq": "dodge"},
                                                 {"param": "maneuver", "in": ["spray", "full_auto"]}]}),
    bool_param("spray_single_rounds_down", "Одна цель под обстрелом: половина успехов с округлением вниз",
               "A single target of a spray: half the successes rounded down", rules.SPRAY_SINGLE_TARGET_ROUNDS_DOWN,
               group="readings", when={"all": [{"param": "maneuver", "eq": "spray"}, {"param": "targets", "max": 1},
                                               {"param": "immobilized", "ne": "helpless"}]}),
)


def situation_mods(p: dict) -> dict:
    """What the situations and complications of 002/003 add: attack dice, attack difficulty, the
    defence's difficulty change; refuses what the sources rule out."""
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
                              "The defence is counted against one attack here, not several shots.")
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
    if last > 10:
        raise field_error("attack_difficulty", f"Итоговая сложность {last} больше 10.",
                          f"The final difficulty {last} is above 10.")
    if difficulty < 2:
        raise field_error("attack_difficulty", f"Итоговая сложность {difficulty} меньше 2.",
                          f"The final difficulty {difficulty} is below 2.")
    if sit["defence_difficulty"] > 10:
        raise field_error("defender_opponents", f"Сложность защиты {sit['defence_difficulty']} больше 10.",
                          f"The defence's difficulty {sit['defence_difficulty']} is above 10.")
    helpless = p["immobilized"] == "helpless"
    dice = p["attack_dice"] + acc + (2 if p["immobilized"] == "struggling" else 0) + sit["dice"]
    if w == "disarm":
        dice += DISARM["accuracy_dice"]
    damage = 0 if w == "disarm" else weapon_damage(p) + (2 if helpless else 0)
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
            "spray_targets": p["targets"] if m == "spray" else 0, **_soak_setup(p)}


def _attack_check(p: dict) -> None:
    _attack_setup(p)


def _maneuver_notes(p: dict, a: dict) -> list[dict]:
    if p["maneuver"] == "multiple":
        return [note("Каждый выстрел — отдельная атака со своим броском повреждений и поглощения; оглушение "
                     "считается по одной атаке; сломанная броня дальше не поглощает.",
                     "Each shot is its own attack with its own damage and soak roll; stunning is judged per "
                     "attack; ruined armor soaks no more.")]
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


def _attack_compute(p: dict) -> dict:
    a = _attack_setup(p)
    all_share = bool(a["spray_targets"]) and not a["helpless"] and p["spray_dice"] == "all"
    common = dict(extra_successes_add=a["extra_add"], botch_rule=p["botch_rule"],
                  ones_cancel_damage=p["ones_cancel"], soak_difficulty=p["soak_difficulty"],
                  armor_break=p["armor_break"], auto_hit=a["helpless"])
    if p["maneuver"] in ("multiple", "two_weapons"):
        without = rules.soak_dice(p["stamina"], p["fortitude"], 0, p["damage_type"], a["supernatural"],
                                    p["armor_soak"])
        dist = rules.shots_dist(a["pools"], a["difficulties"], a["damage"], stun_above=a["stun"],
                                  soak_without_armor=without, armor=a["armor"], armor_dice=a["pool"] - without,
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
                                   armor=a["armor"], spray_targets=a["spray_targets"],
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
            *((("defence", T("Защита цели", "The target's defence"),
                T(f"{p['defence_dice']} куб., сложность {a['defence_difficulty']}",
                  f"{p['defence_dice']} dice, difficulty {a['defence_difficulty']}")),) if p["defence"] != "none" else ()),
        ),
        dist_block("levels", T("Уровни повреждений цели", "Health levels the target loses"),
                   T("уровней", "levels"), levels),
    ] + _soak_notes(p, a) + _maneuver_notes(p, a)
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
        without = rules.soak_dice(p["stamina"], p["fortitude"], 0, p["damage_type"], a["supernatural"],
                                    p["armor_soak"])
        soak = roller.dice(a["pool"] if armor_intact else without, 10)
        k = rules.soak_successes(soak, p["soak_difficulty"], p["ones_cancel"])
        levels = max(0, s - k)
        out.update(damage_faces=dmg, damage_successes=s, soak_faces=soak, soaked=k, levels=levels,
                   stunned=levels > a["stun"], armor_ruined=rules.armor_ruined(s, armor, p["armor_break"]))
        blocks.append(d10_block(T(f"Повреждения{label}", f"Damage{label}"), dmg, rules.DAMAGE_DIFFICULTY,
                                  p["ones_cancel"]))
        blocks.append(d10_block(T(f"Поглощение{label}", f"Soak{label}"), soak, p["soak_difficulty"], p["ones_cancel"]))
    return out


def _attack_roll(p: dict, roller) -> dict:
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


CALCULATORS += [
    Calculator(
        id="wod-soak",
        system="wod",
        kind="damage",
        title=T("Поглощение (классика)", "Soak (classic)"),
        description=T("Сколько уровней здоровья останется после броска поглощения.",
                      "How many health levels remain after the soak roll."),
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
        description=T("Точные шансы одной атаки по классическим правилам.",
                      "Exact odds of one attack under the classic rules."),
        params=ATTACK_PARAMS,
        compute=_attack_compute,
        roll=_attack_roll,
        check=_attack_check,
        summary=("p_hit", "mean_levels", "p_stunned"),
    ),
]


# =================================================================================================
# wod-ambush: the ambush and the surprise of flank and rear (002)
# =================================================================================================

_AMBUSH = {"param": "mode", "eq": "ambush"}
_SURPRISE = {"param": "mode", "eq": "surprise"}
OTHER_ONES_PARAM = bool_param("ones_cancel", "Единицы отменяют успехи", "Ones cancel successes", rules.ONES_CANCEL_OTHER,
                              help=T("Выдержки говорят только, что броски повреждений и поглощения «не могут закончиться "
                                     "провалом»; здесь — как на броске атаки.",
                                     "The excerpts only say damage and soak rolls cannot botch; here as on attack rolls."),
                              group="readings")

AMBUSH_PARAMS = (
    choice_param("mode", "Что считать", "What to work out", "ambush", [
        ("ambush", "Засада: бросок застигнутого", "Ambush: the ambushed one's roll"),
        ("surprise", "Атака с фланга или тыла: избежать неожиданного удара", "Flank or rear: avoid the surprise"),
    ]),
    int_param("victim_pool", "Застигнутый: Восприятие + Бдительность (сложность 8)",
              "The ambushed: Perception + Alertness (difficulty 8)", 4, 0, MAX_POOL, when=_AMBUSH),
    int_param("own_pool", "Его обычный запас на действие", "His usual pool for the action", 6, 0, MAX_POOL,
              when={"all": [_AMBUSH, {"param": "ambush_pool", "eq": "at_most"}]}),
    int_param("prepare_pool", "Устроивший засаду: Сообразительность + Маскировка (сложность 6)",
              "The ambusher: Wits + Stealth (difficulty 6)", 5, 0, MAX_POOL, when=_AMBUSH),
    choice_param("side", "Откуда атака", "Attacking from", "flank", [
        ("flank", "с фланга (сложность 6)", "the flank (difficulty 6)"), ("rear", "с тыла (сложность 8)", "the rear (difficulty 8)"),
    ], when=_SURPRISE),
    int_param("wits_perception", "Жертва: Сообразительность + Восприятие", "The victim: Wits + Perception", 4, 0, MAX_POOL,
              when=_SURPRISE),
    int_param("stealth", "Маскировка нападающего", "The attacker's Stealth", 2, 0, 10, when=_SURPRISE),
    choice_param("ambush_pool", "Запас в первом ходу после засады",
                 "«Sets the dice pool for actions in the first turn»", rules.AMBUSH_POOL, [
                     ("successes", "запас — число успехов", "the pool is the number of successes"),
                     ("at_most", "не больше своего обычного запаса", "at most one's usual pool")],
                 group="readings", when=_AMBUSH),
    OTHER_ONES_PARAM,
)


def _ambush_wod_compute(p: dict) -> dict:
    ones = p["ones_cancel"]
    if p["mode"] == "surprise":
        diff = rules.SURPRISE_DIFFICULTY[p["side"]]
        roll = net_successes(p["wits_perception"], diff, ones)
        avoided = roll.p(lambda k: rules.surprise_avoided(k, p["stealth"]))
        need = max(1, p["stealth"])
        display = [figures(
            ("chance", T("Жертва избежала неожиданного удара", "The victim avoids the surprise"), prob(avoided)),
            ("dice", T("Нужно успехов (Маскировка нападающего, не меньше 1)", "Successes needed (the attacker's Stealth, "
                       "at least 1)"), need),
            ("bonus", T("Иначе нападающему кубиков атаки", "Otherwise the attacker's extra dice"),
             f"+{rules.FLANK_DICE[p['side']]}"))]
        display.append(note("Бросок — «по решению Рассказчика». Щиты не защищают от нападения сзади.",
                            "The roll is «at the Storyteller's decision». Shields do not guard the rear."))
        return {"p_avoided": prob(avoided), "needed": need, "display": display}
    roll = net_successes(p["victim_pool"], rules.AMBUSH_VICTIM_DIFFICULTY, ones)
    pool = roll.map(lambda k: rules.ambush_pool(k, p["own_pool"], p["ambush_pool"]))
    prepared = net_successes(p["prepare_pool"], rules.AMBUSH_PREPARE_DIFFICULTY, ones).at_least(1)
    display = [
        figures(("chance", T("Ни одного кубика в первом ходу", "No dice at all in the first turn"), prob(pool[0])),
                ("dice", T("Запас на действие в первом ходу, в среднем", "The first turn's pool, mean"),
                 frac(pool.mean())),
                ("p_prepared", T("Засада подготовлена (хотя бы 1 успех)", "The ambush is set (at least 1 success)"),
                 prob(prepared))),
        dist_block("first_turn_pool", T("Запас бросков на действия в первом ходу", "The dice pool for the first turn's "
                                        "actions"), T("кубиков", "dice"), pool),
        note("Нападающий «автоматически выигрывает инициативу»; нужно подходящее прикрытие.",
             "The ambusher wins the initiative automatically; suitable cover is needed."),
    ]
    return {"p_no_dice": prob(pool[0]), "mean_pool": frac(pool.mean()), "p_prepared": prob(prepared),
            "first_turn_pool": dist_json(pool, "dice"), "display": display}


# =================================================================================================
# wod-knockdown: the trip, the tackle and the fall (003)
# =================================================================================================

_NOT_FALL = {"param": "cause", "ne": "fall"}
KNOCKDOWN_PARAMS = (
    choice_param("cause", "Что случилось", "What happened", "trip", [
        ("trip", "Подножка: устоит ли цель", "Sweep: does the target stay up"),
        ("tackle", "Таран: оба бросают по 7", "Tackle: both roll at 7"),
        ("fall", "Уже упал", "Has fallen"),
    ]),
    int_param("pool", "Ловкость + Легкая Атлетика цели", "The target's Dexterity + Athletics", 4, 0, MAX_POOL),
    int_param("attacker_pool", "Ловкость + Легкая Атлетика атакующего", "The attacker's Dexterity + Athletics", 4, 0,
              MAX_POOL, when={"param": "cause", "eq": "tackle"}),
    int_param("difficulty", "Трудность броска подножки и падения", "Difficulty of the sweep's and the fall's roll",
              rules.KNOCKDOWN_DIFFICULTY, 2, 10, help=T("Современные правила её не называют (у маневра «Таран» — 7): обычная 6.",
                                                      "The modern rules name none (the tackle's is 7): the usual 6."), group="details"),
    choice_param("botch_rule", "Правило провала", "Botch rule", rules.ATTACK_BOTCH, BOTCH_RULE_OPTIONS,
                 group="readings"),
    bool_param("rolls_again", "Упавший бросает ещё раз, за падение", "The one who fell rolls again, for the fall",
               rules.FALL_ROLLS_AGAIN, help=T("«После того, как он упал, вы бросаете Ловкость + Легкая Атлетика».",
                                              "«After he fell you roll Dexterity + Athletics»."),
               group="readings", when=_NOT_FALL),
)


def _fall(pool: int, difficulty: int, botch_rule: str) -> Dist:
    return d10_pool(pool, difficulty, True, botch_rule).map(rules.fall_outcome)


def _knocked(pool: int, difficulty: int, p: dict) -> Dist:
    """One character's roll to stay up and, if down, his fall: ``"stays"``, ``"up"``, ``"down"``, ``"hurt"``."""
    roll = d10_pool(pool, difficulty, True, p["botch_rule"])
    if p["rolls_again"]:
        again = _fall(pool, p["difficulty"], p["botch_rule"])
        return roll.bind(lambda r: Dist.constant("stays") if r != "botch" and r >= 1 else again)
    return roll.map(lambda r: "stays" if r != "botch" and r >= 1 else rules.fall_outcome(r))


def _knockdown_rows(d: Dist) -> list[tuple]:
    return [("p_falls", T("Падает", "Falls"), prob(1 - d["stays"])),
            ("p_up", T("Встаёт сразу (инициатива −2 в следующем раунде)", "Up at once (initiative −2 next round)"),
             prob(d["up"])),
            ("p_down", T("Следующее действие — встать на ноги", "The next action goes to standing up"), prob(d["down"])),
            ("p_hurt", T("Падает неудачно: 1 уровень повреждений", "Falls badly: 1 level of damage"), prob(d["hurt"]))]


def _knockdown_compute(p: dict) -> dict:
    cause = p["cause"]
    if cause == "fall":
        d = _fall(p["pool"], p["difficulty"], p["botch_rule"])
        rows = _knockdown_rows(d)
        rows[0] = ("p_falls", T("Упал", "Fell"), prob(1))
    else:
        diff = rules.TACKLE_DIFFICULTY if cause == "tackle" else p["difficulty"]
        d = _knocked(p["pool"], diff, p)
        rows = _knockdown_rows(d)
    res = {k: v for k, _, v in rows}
    display = [figures(*rows)]
    if cause == "tackle":
        a = _knocked(p["attacker_pool"], rules.TACKLE_DIFFICULTY, p)
        res["attacker_p_falls"] = prob(1 - a["stays"])
        display.append(figures(("attacker_p_falls", T("Атакующий тоже падает", "The attacker falls too"),
                                res["attacker_p_falls"])))
        display.append(note("Даже устоявшая жертва «получит Трудность +1 на свое действие в следующем раунде».",
                            "Even a victim who stays up gets +1 difficulty on its next round's action."))
    if cause == "trip":
        display.append(note("Подножка ещё и бьёт: повреждения — Сила атакующего (или оружия); это считает калькулятор атаки.",
                            "The sweep also hits: Strength damage (or the weapon's); the attack calculator counts it."))
    res["display"] = display
    return res


# =================================================================================================
# wod-armor: the armor's Dexterity penalty (002, 003)
# =================================================================================================

ARMOR_PENALTY_PARAMS = (
    choice_param("armor", "Доспех", "Armor", "4", ARMOR_OPTIONS[1:]),
    int_param("dexterity", "Ловкость", "Dexterity", 3, 0, 10),
    int_param("melee", "Фехтование", "Melee", 0, 0, 10),
    int_param("strength", "Сила (или Сила + Стойкость)", "Strength (or Strength + Fortitude)", 2, 0, 20),
    bool_param("strength_known", "Известна Сила, нужная для доспеха", "The Strength the armor needs is known", False,
               help=T("Таблица доспехов Тёмных веков с этим значением в выдержку не вошла.",
                      "The Dark Ages armor table with that value is not in the excerpt."), group="details"),
    int_param("required", "Сила, нужная для ношения доспеха", "Strength the armor needs", 2, 1, 10, group="details",
              when={"param": "strength_known", "eq": True}),
    choice_param("rounding", "Половинный штраф", "The half penalty", rules.HALF_PENALTY_ROUNDING, [
        ("down", "с округлением вниз", "rounded down"), ("up", "с округлением вверх", "rounded up")], group="readings"),
    choice_param("double", "Вдвое превышающая Сила", "«Twice»", rules.ARMOR_BREAK, [
        ("at_least_double", "Сила ≥ 2 × нужной", "Strength ≥ 2 × the need"),
        ("more_than_double", "Сила > 2 × нужной", "Strength > 2 × the need")], group="readings",
        when={"param": "strength_known", "eq": True}),
)


def _armor_penalty_compute(p: dict) -> dict:
    rating = int(p["armor"])
    full = next(a for a in tables.ARMOR if a["rating"] == rating)["dexterity_penalty"]
    penalty, halved = rules.armor_dexterity_penalty(rating, p["melee"], p["strength"],
                                                    p["required"] if p["strength_known"] else None, p["rounding"], p["double"])
    dex = max(0, p["dexterity"] - penalty)
    why = (T("половинный: Фехтование 3 и выше", "halved: Melee 3 or more") if p["melee"] >= rules.HALF_PENALTY_MELEE
           else T("половинный: Сила вдвое больше нужной", "halved: twice the Strength needed") if halved
           else T("полный", "full"))
    display = [figures(
        ("penalty", T("Штраф к Ловкости", "Dexterity penalty"), -penalty),
        ("dexterity", T("Ловкость в доспехе", "Dexterity in the armor"), dex),
        ("soak", T("Кубиков поглощения от доспеха", "Soak dice from the armor"), f"+{rating}"),
        ("why", T("Штраф", "The penalty"), T(f"{why['ru']} (по таблице {full})", f"{why['en']} (the table's {full})")))]
    if not p["strength_known"]:
        display.append(note("Сила, нужная для доспеха, неизвестна: половинный штраф — только за Фехтование 3 и выше.",
                            "The Strength the armor needs is unknown: the half penalty comes from Melee 3+ only."))
    return {"penalty": penalty, "halved": halved, "dexterity": dex, "display": display}


CALCULATORS += [
    Calculator(id="wod-ambush", system="wod", kind="check", title=T("Засада и удар с фланга (классика)",
                                                                    "Ambush and flank attacks (classic)"),
               description=T("Запас застигнутого засадой в первом ходу; шанс избежать удара с фланга или тыла.",
                             "The ambushed one's first-turn pool; the chance to avoid a flank or rear surprise."),
               params=AMBUSH_PARAMS, compute=_ambush_wod_compute, summary=("chance", "dice")),
    Calculator(id="wod-knockdown", system="wod", kind="check", title=T("Подножка, таран и падение (классика)",
                                                                       "Sweep, tackle and falling (classic)"),
               description=T("Устоит ли цель, и что будет с упавшим: встать сразу, потерять действие или ушибиться.",
                             "Whether the target stays up, and what the fall does."),
               params=KNOCKDOWN_PARAMS, compute=_knockdown_compute, summary=("p_falls", "p_hurt", "p_up")),
    Calculator(id="wod-armor", system="wod", kind="armor", title=T("Штраф доспеха к Ловкости (классика)",
                                                                   "Armor's Dexterity penalty (classic)"),
               description=T("Штраф Ловкости по классу доспеха и когда он половинный.",
                             "The Dexterity penalty by armor class and when it is halved."),
               params=ARMOR_PENALTY_PARAMS, compute=_armor_penalty_compute, summary=("penalty", "dexterity")),
]
