"""``wod-soak``: the soak roll of 002, and the target's soak parameters and notes the attack and
the ``armor`` calculator share.
"""

from __future__ import annotations

from ...spec import Calculator, T, choice_param, dist_block, dist_json, figures, frac, int_param, note, prob
from ..pool import d10_block
from .. import readings, rules, tables

__all__ = ["ARMOR_OPTIONS", "DAMAGE_TYPE_OPTIONS", "SOAK_PARAMS", "TARGET_OPTIONS", "blow_pool",
           "body_cannot_soak", "compute", "roll", "soak_notes", "soak_result_notes", "soak_setup",
           "soak_target_params", "CALCULATOR"]

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


def soak_target_params(default_type: str, main: tuple[str, ...]) -> tuple:
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
        readings.ARMOR_SOAK.switch(when={"all": [{"param": "armor", "ne": "0"}, body_cannot_soak()]}),
        readings.ARMOR_BREAK.switch(when={"param": "armor", "ne": "0"}),
        readings.ARMOR_RUIN.switch(when={"param": "armor", "ne": "0"}),
        readings.ONES_CANCEL_DAMAGE.switch(),
    )


def soak_setup(p: dict) -> dict:
    """The target's soak from the soak parameters: the body's dice, the pool with the armor, the armor's dice and
    the stun threshold."""
    supernatural = p["target"] == "supernatural"
    armor = int(p["armor"])
    body = rules.body_soak_dice(p["stamina"], p["fortitude"], p["damage_type"], supernatural)
    pool = rules.soak_dice(p["stamina"], p["fortitude"], armor, p["damage_type"], supernatural,
                             p["armor_soak"])
    without = rules.soak_dice(p["stamina"], p["fortitude"], 0, p["damage_type"], supernatural, p["armor_soak"])
    return {"supernatural": supernatural, "armor": armor, "body": body, "pool": pool, "armor_dice": pool - without,
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


def soak_result_notes(p: dict, s: dict) -> list[dict]:
    """The notes on what the body and the armor may soak (:func:`soak_notes`) for these parameters."""
    return soak_notes(s["body"] is not None, p["damage_type"], s["armor"], p["armor_soak"])


def blow_pool(p: dict, s: dict, damage_successes: int) -> int:
    """The soak dice against a blow of ``damage_successes`` (without the armor's when the switch
    ``armor_ruin`` is ``"ruined_first"`` and this blow ruins it)."""
    return rules.blow_soak_pool(damage_successes, s["pool"], s["armor"], s["armor_dice"], p["armor_break"],
                                p["armor_ruin"])


def compute(p: dict) -> dict:
    """The odds of the levels left after the soak roll, stunning, the ruined armor."""
    s = soak_setup(p)
    pool = blow_pool(p, s, p["incoming"])
    levels = rules.soak_levels(p["incoming"], pool, p["soak_difficulty"], p["ones_cancel"])
    p_stun = levels.p(lambda x: x > s["stun"])
    ruined = rules.armor_ruined(p["incoming"], s["armor"], p["armor_break"])
    display = [
        figures(
            ("soak_pool", T("Кубиков поглощения", "Soak dice"), pool),
            ("mean_levels", T("Среднее уровней повреждений", "Mean levels taken"), round(float(levels.mean()), 3)),
            ("p_no_damage", T("Шанс поглотить всё", "Chance to soak it all"), prob(levels[0])),
            ("p_stunned", T(f"Шанс оглушения (больше {s['stun']} непоглощённых)",
                            f"Chance of being stunned (more than {s['stun']} unsoaked)"), prob(p_stun)),
            ("armor_ruined", T("Броня приходит в негодность", "Armor is ruined"),
             T("да", "yes") if ruined else T("нет", "no")),
        ),
        dist_block("levels", T("Уровни повреждений после поглощения", "Health levels after soak"),
                   T("уровней", "levels"), levels),
    ] + soak_result_notes(p, s)
    return {"soak_pool": pool, "levels": dist_json(levels, "levels"),
            "p_stunned": prob(p_stun), "armor_ruined": ruined, "mean_levels": frac(levels.mean()),
            "display": display}


def roll(p: dict, roller) -> dict:
    """One soak roll against the damage successes."""
    s = soak_setup(p)
    faces = roller.dice(blow_pool(p, s, p["incoming"]), 10)
    k = rules.soak_successes(faces, p["soak_difficulty"], p["ones_cancel"])
    levels = max(0, p["incoming"] - k)
    stunned = levels > s["stun"]
    return {"faces": faces, "soaked": k, "levels": levels, "stunned": stunned, "display": [
        d10_block(T("Поглощение", "Soak"), faces, p["soak_difficulty"], p["ones_cancel"]),
        figures(("levels", T("Итог", "Result"),
                 T(f"Поглощено {k}; получено уровней: {levels}" + (" — оглушён" if stunned else ""),
                   f"Soaked {k}; levels taken: {levels}" + (" — stunned" if stunned else "")))),
    ] + soak_result_notes(p, s)}


SOAK_PARAMS = (int_param("incoming", "Успехов на броске повреждений", "Damage successes rolled", 3, 0, 30),
               ) + soak_target_params("lethal", main=("damage_type", "target", "stamina", "fortitude", "armor"))

#: ``wod-soak``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="wod-soak",
    system="wod",
    kind="damage",
    title=T("Поглощение (классика)", "Soak (classic)"),
    description=T("Сколько уровней здоровья останется после броска поглощения.",
                  "How many health levels remain after the soak roll."),
    params=SOAK_PARAMS,
    compute=compute,
    roll=roll,
    summary=("mean_levels", "p_no_damage", "p_stunned"),
)
