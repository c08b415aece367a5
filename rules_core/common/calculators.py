"""The cross-system armor calculator ``armor``.

For one hit, what each system's armor does to it, side by side. The four systems measure a
hit differently, so each takes the hit in its own terms and no number is converted into
another system's:

* «Сериал» (000): the damage levels rolled for one portion (or the damage dice, rolled at
  difficulty 6, «единички не вычитаются»); «Значение Брони вычитается из каждой порции входящего
  урона», tripled against «Град ударов» and «Короткая очередь» («Броня цели утраивается против
  этого удара»). Before armor: the portion as rolled; after: what goes on to УП and Здоровье.
* Classic (002, 003): damage successes (or damage dice) against a soak roll; «Защитное значение
  доспехов добавляется к начальному запасу бросков». Before armor: the levels that get through
  the body's own soak (Выносливость + Стойкость); after: through body and armor together.
* «Лысогорские сказочки» (001): «2К+Мощность-(Защита-Бронебойность)», cover adding Защита.
  Before armor: 2К + Мощность with no Защита and no cover; after: with them.
* «Codex of…» (004): the damage of one hit (weapon category and attack kind) against the armor
  threshold N: «если урон одиночного попадания меньше порога брони N — персонаж получает всего
  1 урона». Before armor: the hit's damage; after: what passes the threshold.
* «Сериал»'s encumbrance by Сила (the ``serial/encumbrance`` table): «Перегружен» or not.

Every rule is the systems' own function (:mod:`rules_core.serial.rules`,
:mod:`rules_core.wod.rules`, :mod:`rules_core.lysogorsk.rules`, :mod:`rules_core.codex.rules`);
every reading of a gap those modules name is a switch here too. The one reading this module adds:

* :data:`LOAD_ARMOR_AUTO` — which armor the encumbrance check counts. 000: «Для простоты,
  обычно если доспех дает 2+ Брони, то он тяжелый» (and «Бронежилет или легкий доспех» is
  Броня 1; «Кожаная куртка или бронежилет явно лёгкий доспех»). ``"auto"`` (default) takes the
  weight from the «Сериал» armor worn above — its Броня, or its Поглощение when it gives no
  Броня (:func:`rules_core.serial.rules.armor_weight`, :data:`~rules_core.serial.rules.ABSORPTION_ARMOR_WEIGHT`);
  a creature's own Броня is no armor worn; «обычно» leaves exceptions («волшебная сверхлегкая
  кольчуга»), so the weight can be chosen by hand.

«Сериал»'s worn armor and absorption: «бесполезно носить разные доспехи поверх друг друга ... Даже
если один даёт Броню, а второй Поглощение, то работать будет только Броня»
(:func:`rules_core.serial.rules.protection`).
"""

from __future__ import annotations

from fractions import Fraction

from ..codex import rules as codex_rules
from ..codex import tables as codex_tables
from ..codex.calculators import attack_kind_options as codex_attack_kind_options
from ..codex.calculators import weapon_options as codex_weapon_options
from ..dice import Dist
from .. import systems
from ..lysogorsk import rules as lysogorsk_rules
from ..lysogorsk.calculators.damage import COVER_OPTIONS as LYS_COVER_OPTIONS
from ..codex import readings as codex_readings
from ..lysogorsk import readings as lysogorsk_readings
from ..serial import readings as serial_readings
from ..serial import rules as serial_rules
from ..serial import tables as serial_tables
from ..spec import (Calculator, T, bool_param, choice_param, dice_block, dist_block, dist_json, field_error,
                    figures, frac, int_param, note, prob)
from ..wod import readings as wod_readings
from ..wod import rules as wod_rules
from ..wod.calculators import ARMOR_OPTIONS as WOD_ARMOR_OPTIONS
from ..wod.calculators import DAMAGE_TYPE_OPTIONS as WOD_DAMAGE_TYPE_OPTIONS
from ..wod.calculators import TARGET_OPTIONS as WOD_TARGET_OPTIONS
from ..wod.calculators import body_cannot_soak, soak_notes
from ..wod.pool import d10_block

__all__ = ["MAX_DICE", "MAX_LEVELS", "MAX_TRAIT", "LOAD_ARMOR_AUTO", "LOAD_ARMOR_CHOICES", "SYSTEM_NAMES",
           "PARAMS", "serial_part", "serial_protection", "wod_pools", "wod_part", "lys_part", "codex_part",
           "encumbrance_part", "UNITS", "BEFORE_MEANS", "SHORT_NAMES", "CALCULATORS"]

MAX_DICE = 30  # damage dice (Сериал, classic)
MAX_LEVELS = 60  # a rolled portion / damage successes
MAX_TRAIT = 10

#: The encumbrance check takes the armor's weight from the «Сериал» Броня (see the module doc).
LOAD_ARMOR_AUTO = "auto"
LOAD_ARMOR_CHOICES = (LOAD_ARMOR_AUTO, "none", "light", "heavy")

SYSTEM_NAMES = {k: systems.TITLES[k] for k in systems.GAMES}

#: «Сериал» maneuvers that multiply the target's Броня (read from serial/maneuvers).
_SERIAL_ARMOR_MANEUVERS = {k: m for k, m in serial_tables.MANEUVERS.items() if m["armor_multiplier"] != 1}
_WEIGHT_NAMES = {"none": T("без доспеха", "no armor"), "light": T("лёгкий доспех", "light armor"),
                 "heavy": T("тяжёлый доспех", "heavy armor")}

# =================================================================================================
# Parameters
# =================================================================================================

_WOD_BODY_CANNOT_SOAK = body_cannot_soak("wod_target", "wod_damage_type", "wod_fortitude")
_CODEX_BURST = {"param": "codex_attack", "eq": "burst"}
#: a light weapon deals its full damage per success of a burst («кроме лёгкого»)
_CODEX_LIGHT = {"param": "codex_weapon", "eq": str(codex_rules.LIGHT_CATEGORY)}

PARAMS = (
    # ---- «Сериал» ----
    choice_param("serial_hit", "Сериал: что известно об ударе", "Series: what is known of the hit", "dice", [
        ("dice", "кубики урона (бросок по сложности 6)", "damage dice (rolled at difficulty 6)"),
        ("rolled", "уже выпавший урон порции (уровней)", "the portion already rolled (levels)"),
    ], group="details"),
    int_param("serial_damage", "Сериал: кубиков урона или выпавших уровней",
              "Series: damage dice or levels rolled", 6, 0, MAX_LEVELS,
              help=T("Кубики: Сила + модификатор оружия (огнестрел — кубики оружия) + манёвр; не больше 30.",
                     "Dice: Strength + weapon modifier (firearms: the weapon's dice) + maneuver; at most 30.")),
    int_param("serial_armor", "Сериал: Броня цели (0–6)", "Series: target's Armor (0–6)", 1, 0,
              serial_tables.MAX_ARMOR),
    choice_param("serial_maneuver", "Сериал: манёвр атаки", "Series: attack maneuver", "none",
                 [("none", "обычная атака", "a plain attack")]
                 + [(k, f"{m['name']['ru']} (Броня ×{m['armor_multiplier']})",
                     f"{m['name']['en']} (Armor ×{m['armor_multiplier']})")
                    for k, m in _SERIAL_ARMOR_MANEUVERS.items()],
                 help=T("«Броня цели утраивается против этого удара».",
                        "«The target's Armor is tripled against this blow»."), group="details"),
    # ---- classic ----
    choice_param("wod_hit", "Классика: что известно об ударе", "Classic: what is known of the hit", "successes", [
        ("successes", "успехов на броске повреждений", "damage successes rolled"),
        ("dice", "кубиков повреждений (сложность 6)", "damage dice (difficulty 6)"),
    ], group="details"),
    int_param("wod_damage", "Классика: успехов или кубиков повреждений", "Classic: damage successes or dice",
              3, 0, MAX_DICE),
    choice_param("wod_armor", "Классика: доспех", "Classic: armor", "2", WOD_ARMOR_OPTIONS),
    choice_param("wod_damage_type", "Классика: тип повреждений", "Classic: damage type", "bashing",
                 WOD_DAMAGE_TYPE_OPTIONS, group="details"),
    choice_param("wod_target", "Классика: цель", "Classic: target", "mortal", WOD_TARGET_OPTIONS, group="details"),
    int_param("wod_stamina", "Классика: Выносливость цели", "Classic: target's Stamina", 2, 0, MAX_TRAIT,
              group="details"),
    # the body soaks with Стойкость only bashing damage, or as a supernatural being
    int_param("wod_fortitude", "Классика: Стойкость цели", "Classic: target's Fortitude", 0, 0, MAX_TRAIT,
              group="details", when={"any": [{"param": "wod_damage_type", "eq": "bashing"},
                                             {"param": "wod_target", "eq": "supernatural"}]}),
    wod_readings.ARMOR_SOAK.switch(
        "wod_armor_soak", T("Классика: доспех против непоглощаемого", "Classic: armor against unsoakable damage"),
        help=T("Классика, Тёмные века: «Защитное значение доспехов добавляется к начальному запасу бросков» — "
               "поглощает ли доспех смертного летальные, источник не говорит.",
               "The classic Dark Ages rules only say armor «is added to the soak pool»; whether armor lets a mortal "
               "soak lethal damage it does not say."),
        words={"with_body": T("доспех лишь добавляет кубики к броску, который тело вправе сделать",
                              "armor only adds dice to a soak the body may make"),
               "always": T("доспех поглощает и то, что тело не может (смертный и летальные)",
                           "armor soaks even what the body cannot (a mortal against lethal)")},
        when={"all": [{"param": "wod_armor", "ne": "0"}, _WOD_BODY_CANNOT_SOAK]}),
    wod_readings.ARMOR_BREAK.switch(
        "wod_armor_break", T("Классика: когда доспех ломается", "Classic: when armor is ruined"),
        words={"at_least_double": T("успехов урона ≥ 2 × защита", "damage successes ≥ 2 × rating"),
               "more_than_double": T("успехов урона > 2 × защита", "damage successes > 2 × rating")},
        when={"param": "wod_armor", "ne": "0"}),
    wod_readings.ONES_CANCEL_DAMAGE.switch(
        "wod_ones_cancel", T("Классика: единицы отменяют успехи урона и поглощения",
                             "Classic: ones cancel damage and soak successes")),
    # ---- Лысогорск ----
    int_param("lys_power", "Лысогорск: Мощность оружия", "Lysogorsk: weapon's Power", 4, -20, 100),
    int_param("lys_armor", "Лысогорск: Защита брони", "Lysogorsk: armor's Protection", 3, 0, 100),
    int_param("lys_armor_piercing", "Лысогорск: Бронебойность", "Lysogorsk: armor piercing", 0, 0, 100,
              group="details"),
    choice_param("lys_cover", "Лысогорск: преграда", "Lysogorsk: cover", "none", LYS_COVER_OPTIONS, group="details"),
    lysogorsk_readings.AP_RULE.switch(
        "lys_ap_rule", T("Лысогорск: Бронебойность и преграда", "Lysogorsk: armor piercing and cover"),
        help=T("«Лысогорские сказочки» не говорят, как Бронебойность действует на Защиту брони и преграды вместе.",
               "Lysogorsk Tales does not say how armor piercing meets armor and cover together."),
        when={"all": [{"param": "lys_armor_piercing", "min": 1}, {"param": "lys_cover", "ne": "none"}]}),
    # ---- Codex ----
    choice_param("codex_weapon", "Codex: оружие", "Codex: weapon", "1", codex_weapon_options(with_ad6=False)),
    choice_param("codex_attack", "Codex: вид атаки", "Codex: attack kind", "normal",
                 codex_attack_kind_options(with_ad6=False), group="details"),
    choice_param("codex_aimed_bonus", "Codex: бонус прицельной атаки", "Codex: aimed attack bonus", "double", [
        ("double", "Гарантированный ×2 урона", "Guaranteed ×2 damage"),
        ("ignore_armor_class", "Игнорирование 1 уровня класса брони", "Ignore 1 armor class"),
        ("other", "Другой (на урон не влияет)", "Another (no effect on damage)"),
    ], group="details", when={"param": "codex_attack", "eq": "aimed"}),
    int_param("codex_successes", "Codex: успехов (LV) очереди", "Codex: burst successes (LV)", 2, 1, 30,
              help=T("Только для очереди: урон считается за каждый успех.",
                     "Burst only: damage is counted per success."), group="details", when=_CODEX_BURST),
    choice_param("codex_armor", "Codex: броня цели", "Codex: target's armor", "2",
                 [(str(i), f"{a['name']['ru']} (N = {a['threshold']})", f"{a['name']['en']} (N = {a['threshold']})")
                  for i, a in enumerate(codex_tables.ARMOR)]),
    bool_param("codex_non_mechanical", "Codex: немеханический эффект, помеченный как игнорирующий броню",
               "Codex: non-mechanical effect marked as ignoring armor", False, group="details"),
    codex_readings.BURST_LIGHT.switch(
        "codex_burst_light", T("Codex: очередь лёгким оружием", "Codex: burst with a light weapon"),
        words={"full": T("полный урон за успех («кроме лёгкого»)", "full damage per success («except light»)"),
               "forbidden": T("невозможна", "not possible")},
        when={"all": [_CODEX_BURST, _CODEX_LIGHT]}),
    codex_readings.BURST_ROUNDING_READING.switch(
        "codex_burst_rounding", T("Codex: урон/2 в очереди округлять", "Codex: round burst damage/2"),
        when={"all": [_CODEX_BURST, {"not": _CODEX_LIGHT}]}),
    codex_readings.BURST_ARMOR.switch(
        "codex_burst_armor", T("Codex: очередь против брони", "Codex: burst against armor"),
        help=T("Codex: порог сравнивается с уроном одиночного попадания («если урон одиночного попадания меньше порога "
               "брони N»).", "Codex: the threshold meets «the damage of a single hit»."),
        words={"per_success": T("каждый успех — отдельное попадание", "each success is a separate hit"),
               "total": T("вся очередь — одно попадание", "the whole burst is one hit")},
        when=_CODEX_BURST),
    # ---- «Сериал»: encumbrance ----
    int_param("strength", "Нагрузка (Сериал): Сила", "Load (Series): Strength", 2, 0, MAX_TRAIT, group="details"),
    int_param("large_items", "Нагрузка: Больших предметов", "Load: Large items", 0, 0, 10,
              help=T("Автомат, пулемет, снайперская винтовка, длинный меч, копье, алебарда, базука; "
                     "другой человек — большой предмет (крупный — два).",
                     "An assault rifle, machine gun, sniper rifle, long sword, spear, halberd, bazooka; "
                     "another person is a large item (a big one, two)."), group="details"),
    int_param("huge_items", "Нагрузка: Огромных предметов", "Load: Huge items", 0, 0, 5, group="details"),
    choice_param("load_armor", "Нагрузка: доспех", "Load: armor worn", LOAD_ARMOR_AUTO, [
        (LOAD_ARMOR_AUTO, "по доспеху Сериала (2+ Брони — тяжелый, 1 Броня или Поглощение — лёгкий)",
         "from the Series armor (2+ Armor heavy, 1 Armor or soak light)"),
        ("none", "без доспеха", "no armor"),
        ("light", "лёгкий", "light"),
        ("heavy", "тяжёлый", "heavy"),
    ], help=T("«Сериал»: «Для простоты, обычно если доспех дает 2+ Брони, то он тяжелый».",
              "The Series: «For simplicity, armor giving 2+ Armor is usually heavy»."), group="readings"),
    serial_readings.ENCUMBRANCE_MONOTONE.switch(),
)

assert [o.value for o in PARAMS[-2].options] == list(LOAD_ARMOR_CHOICES)

_WORN_ABSORPTION = {"param": "serial_worn_absorption", "min": 1}
PARAMS = PARAMS + (
    choice_param("serial_armor_source", "Сериал: откуда Броня", "Series: where the Armor comes from", "worn", [
        ("worn", "надетый доспех", "armor worn"),
        ("natural", "своя: шкура существа, эффект", "its own: a creature's hide, an effect"),
    ], group="details", when={"param": "serial_armor", "min": 1}),
    int_param("serial_worn_absorption", "Сериал: Поглощение надетого доспеха (УП)", "Series: soak of the armor worn",
              0, 0, MAX_TRAIT, help=T("Доспех, который даёт не Броню, а кубы поглощения: кожаная куртка — 1.",
                                      "Armor that gives soak dice, not Armor: a leather jacket is 1."),
              group="details"),
    serial_readings.ABSORPTION_ARMOR_WEIGHT.switch(when={"all": [_WORN_ABSORPTION, {"param": "load_armor", "eq": LOAD_ARMOR_AUTO}]}),
    serial_readings.NATURAL_ARMOR_STOPS_ABSORPTION.switch(when={"all": [_WORN_ABSORPTION, {"param": "serial_armor", "min": 1},
                                               {"param": "serial_armor_source", "eq": "natural"}]}),
)


def _check(p: dict) -> None:
    if p["serial_hit"] == "dice" and p["serial_damage"] > MAX_DICE:
        raise field_error("serial_damage", f"Кубиков урона не больше {MAX_DICE}.", f"At most {MAX_DICE} damage dice.")
    if (p["codex_attack"] == "burst" and int(p["codex_weapon"]) == codex_rules.LIGHT_CATEGORY
            and p["codex_burst_light"] == "forbidden"):
        raise field_error("codex_attack", "Очередь лёгким оружием невозможна (выбранное чтение).",
                          "No burst with a light weapon (the chosen reading).")


# =================================================================================================
# Each system: the hit before and after armor
# =================================================================================================

def serial_part(p: dict) -> dict:
    """«Сериал»: one portion, Броня (tripled by the maneuver) subtracted."""
    arm = serial_rules.armor_against(p["serial_armor"], p["serial_maneuver"])
    if p["serial_hit"] == "dice":
        before = serial_rules.damage_distribution(p["serial_damage"], serial_rules.DAMAGE_DIFFICULTY)
    else:
        before = Dist.constant(p["serial_damage"])
    after = before.map(lambda d: serial_rules.portion_after_armor(d, arm))
    return {"before": before, "after": after, "armor_used": arm}


def wod_pools(p: dict) -> dict:
    """Classic soak pools: the body's alone and with the armor."""
    sup = p["wod_target"] == "supernatural"
    armor = int(p["wod_armor"])
    args = (p["wod_stamina"], p["wod_fortitude"])
    body = wod_rules.soak_dice(*args, 0, p["wod_damage_type"], sup, p["wod_armor_soak"])
    pool = wod_rules.soak_dice(*args, armor, p["wod_damage_type"], sup, p["wod_armor_soak"])
    return {"armor": armor, "body": body, "pool": pool, "supernatural": sup,
            "can_soak": wod_rules.body_soak_dice(*args, p["wod_damage_type"], sup) is not None,
            "stun": wod_rules.stun_threshold(p["wod_stamina"], sup)}


def wod_part(p: dict) -> dict:
    """Classic: the levels that get through the soak roll without and with the armor's dice."""
    s = wod_pools(p)
    ones = p["wod_ones_cancel"]
    n = p["wod_damage"]
    if p["wod_hit"] == "successes":
        before = wod_rules.soak_levels(n, s["body"], wod_rules.SOAK_DIFFICULTY, ones)
        after = wod_rules.soak_levels(n, s["pool"], wod_rules.SOAK_DIFFICULTY, ones)
        p_ruined = Fraction(int(wod_rules.armor_ruined(n, s["armor"], p["wod_armor_break"])))
    else:
        def levels(pool: int, armor: int) -> tuple[Dist, Fraction]:
            out = wod_rules.damage_soak_dist(n, wod_rules.DAMAGE_DIFFICULTY, ones, pool, wod_rules.SOAK_DIFFICULTY,
                                             armor, p["wod_armor_break"])
            return out.map(lambda o: o[0]), out.p(lambda o: o[1])

        before, _ = levels(s["body"], 0)
        after, p_ruined = levels(s["pool"], s["armor"])
    stun = s["stun"]
    return {**s, "before": before, "after": after, "p_ruined": p_ruined,
            "p_stunned_before": before.p(lambda x: x > stun), "p_stunned_after": after.p(lambda x: x > stun)}


def lys_part(p: dict) -> dict:
    """Лысогорск: 2К + Мощность without and with Защита (armor, cover, Бронебойность)."""
    cover = lysogorsk_rules.cover_protection(p["lys_cover"])
    prot = lysogorsk_rules.protection(p["lys_armor"], cover, p["lys_armor_piercing"], p["lys_ap_rule"])
    return {"before": lysogorsk_rules.hit_damage(p["lys_power"], 0),
            "after": lysogorsk_rules.hit_damage(p["lys_power"], prot), "protection": prot, "cover": cover}


def codex_part(p: dict) -> dict:
    """Codex: one hit's damage against the armor threshold N (per success for a burst)."""
    wi = int(p["codex_weapon"])
    kind = p["codex_attack"]
    per_hit = codex_rules.hit_damage(kind, codex_tables.WEAPONS[wi]["damage"], wi == codex_rules.LIGHT_CATEGORY,
                                     p["codex_aimed_bonus"], p["codex_burst_rounding"])
    armor_row = codex_rules.armor_after_aim(int(p["codex_armor"]), kind, p["codex_aimed_bonus"])
    threshold = codex_tables.ARMOR[armor_row]["threshold"]
    ignores = wi == codex_rules.LARGE_CATEGORY or p["codex_non_mechanical"]
    lv = p["codex_successes"] if kind == "burst" else 1
    before = lv * per_hit
    after = codex_rules.attack_damage(lv, kind, per_hit, threshold, ignores, p["codex_burst_armor"])
    return {"before": Dist.constant(before), "after": Dist.constant(after), "per_hit": per_hit,
            "threshold": threshold, "armor_row": armor_row, "ignores_armor": ignores, "successes": lv}


def serial_protection(p: dict) -> dict:
    """«Сериал»: Броня and the УП the armor worn gives («работать будет только Броня»), and the
    weight of what is worn (the heavier of the two)."""
    worn = p["serial_armor_source"] == "worn" and p["serial_armor"] > 0
    natural = 0 if worn else p["serial_armor"]
    suits = [(p["serial_armor"] if worn else 0, 0), (0, p["serial_worn_absorption"])]
    armor, absorption = serial_rules.protection(natural, [s for s in suits if any(s)], p["serial_natural_stops"])
    weights = [serial_rules.armor_weight(a, u, p["serial_absorption_weight"]) for a, u in suits]
    order = ("none", "light", "heavy")
    return {"armor": armor, "absorption": absorption, "weight": max(weights, key=order.index),
            "both_worn": worn and p["serial_worn_absorption"] > 0}


def encumbrance_part(p: dict) -> dict:
    """«Сериал»: «Перегружен» by the serial/encumbrance table."""
    auto = p["load_armor"] == LOAD_ARMOR_AUTO
    weight = serial_protection(p)["weight"] if auto else p["load_armor"]
    over = serial_rules.overloaded(p["strength"], p["large_items"], p["huge_items"], weight,
                                   p["encumbrance_monotone"])
    row = min(p["strength"], max(serial_tables.ENCUMBRANCE)) if p["strength"] >= 1 else None
    return {"overloaded": over, "armor_weight": weight, "row": row}


# =================================================================================================
# Display
# =================================================================================================

def _num(x: Fraction) -> str:
    return f"{float(x):.2f}".replace(".", ",")


def _mean_text(m: Fraction):
    """A mean for a cell: the integer itself, else two decimals (a decimal comma in Russian)."""
    if m.denominator == 1:
        return int(m)
    return T(_num(m), f"{float(m):.2f}")


def _value(d: Dist):
    """A cell: the number itself when certain, else the mean."""
    if len(d) == 1:
        return d.outcomes()[0]
    m = d.mean()
    return T(f"в среднем {_num(m)}", f"mean {float(m):.2f}")


#: The systems' names, short, for a line of figures.
SHORT_NAMES = {"serial": T("Сериал", "Series"), "wod": T("Классика", "Classic"),
               "lysogorsk": T("Лысогорск", "Lysogorsk"), "codex": T("Codex", "Codex")}


def _by_system(means: dict) -> dict:
    """A line such as "Сериал 2,35 · Классика 1,20 · …": one mean per system, each in its own units."""
    def cell(m: Fraction, lang: str) -> str:
        if m.denominator == 1:
            return str(int(m))
        return _num(m) if lang == "ru" else f"{float(m):.2f}"

    return T(" · ".join(f"{SHORT_NAMES[k]['ru']} {cell(m, 'ru')}" for k, m in means.items()),
             " · ".join(f"{SHORT_NAMES[k]['en']} {cell(m, 'en')}" for k, m in means.items()))


def _part_json(part: dict) -> dict:
    b, a = part["before"], part["after"]
    return {"before": dist_json(b, "damage"), "after": dist_json(a, "damage"), "mean_before": frac(b.mean()),
            "mean_after": frac(a.mean()), "mean_stopped": frac(b.mean() - a.mean()),
            "p_no_damage": prob(a[0])}


def _hit_cells(p: dict, wod: dict, codex: dict) -> dict:
    n = p["serial_damage"]
    serial_hit = (T(f"{n} куб. урона", f"{n} damage dice") if p["serial_hit"] == "dice"
                  else T(f"выпало {n} ур. урона", f"{n} damage levels rolled"))
    m = p["wod_damage"]
    wod_hit = (T(f"{m} усп. повреждений", f"{m} damage successes") if p["wod_hit"] == "successes"
               else T(f"{m} куб. повреждений", f"{m} damage dice"))
    lys_hit = T(f"2К + Мощность {p['lys_power']}", f"2d6 + Power {p['lys_power']}")
    w = codex_tables.WEAPONS[int(p["codex_weapon"])]["name"]
    per = codex["per_hit"]
    if p["codex_attack"] == "burst":
        codex_hit = T(f"{w['ru']}, очередь: {codex['successes']} × {per}",
                      f"{w['en']}, burst: {codex['successes']} × {per}")
    else:
        codex_hit = T(f"{w['ru']}: урон {per}", f"{w['en']}: damage {per}")
    return {"serial": serial_hit, "wod": wod_hit, "lysogorsk": lys_hit, "codex": codex_hit}


def _armor_cells(p: dict, serial: dict, wod: dict, lys: dict, codex: dict) -> dict:
    a = p["serial_armor"]
    serial_armor = (T(f"Броня {a} × 3 = {serial['armor_used']}", f"Armor {a} × 3 = {serial['armor_used']}")
                    if serial["armor_used"] != a else T(f"Броня {a}", f"Armor {a}"))
    wod_armor = T(f"доспех {wod['armor']}: кубиков поглощения {wod['body']} → {wod['pool']}",
                  f"armor {wod['armor']}: soak dice {wod['body']} → {wod['pool']}")
    lys_armor = T(f"Защита {p['lys_armor']} + преграда {lys['cover']} − Бронебойность "
                  f"{p['lys_armor_piercing']} → {lys['protection']}",
                  f"Protection {p['lys_armor']} + cover {lys['cover']} − piercing "
                  f"{p['lys_armor_piercing']} → {lys['protection']}")
    armor = codex_tables.ARMOR[codex["armor_row"]]
    name, threshold = armor["name"], armor["threshold"]
    if codex["ignores_armor"]:
        codex_armor = T(f"{name['ru']} (N = {threshold}) не действует",
                        f"{name['en']} (N = {threshold}) does not apply")
    else:
        codex_armor = T(f"{name['ru']}: порог N = {threshold}", f"{name['en']}: threshold N = {threshold}")
    return {"serial": serial_armor, "wod": wod_armor, "lysogorsk": lys_armor, "codex": codex_armor}


UNITS = {
    "serial": T("уровней урона (в УП и Здоровье)", "damage levels (to soak levels and Health)"),
    "wod": T("уровней здоровья", "health levels"),
    "lysogorsk": T("хитов", "hits"),
    "codex": T("урона на трек Выносливости", "damage to the Endurance track"),
}
BEFORE_MEANS = {
    "serial": T("порция до Брони", "the portion before Armor"),
    "wod": T("после поглощения одним телом", "after the body's own soak"),
    "lysogorsk": T("2К + Мощность без Защиты", "2d6 + Power without Protection"),
    "codex": T("урон попадания", "the hit's damage"),
}


def _compute(p: dict) -> dict:
    serial, wod, lys, codex = serial_part(p), wod_part(p), lys_part(p), codex_part(p)
    enc = encumbrance_part(p)
    parts = {"serial": serial, "wod": wod, "lysogorsk": lys, "codex": codex}
    hits = _hit_cells(p, wod, codex)
    armors = _armor_cells(p, serial, wod, lys, codex)
    rows = []
    for key, part in parts.items():
        b, a = part["before"], part["after"]
        rows.append([SYSTEM_NAMES[key], hits[key], armors[key], _value(b), _value(a),
                     _mean_text(b.mean() - a.mean()), prob(a[0]), UNITS[key]])
    display = [
        {"kind": "table", "title": T("Удар до и после брони", "The hit before and after armor"),
         "columns": [T("Система", "System"), T("Удар", "Hit"), T("Броня", "Armor"), T("До брони", "Before armor"),
                     T("После брони", "After armor"), T("Броня сняла (в среднем)", "Armor stopped (mean)"),
                     T("Шанс, что не прошло ничего", "Chance nothing gets through"), T("В чём", "Measured in")],
         "rows": rows},
        note("Каждая система меряет удар по-своему: числа разных строк — не одна и та же величина. "
             "«До брони»: " + "; ".join(f"{SYSTEM_NAMES[k]['ru']} — {BEFORE_MEANS[k]['ru']}" for k in parts) + ".",
             "Each system measures a hit its own way: numbers in different rows are not the same quantity. "
             "«Before armor»: " + "; ".join(f"{SYSTEM_NAMES[k]['en']} — {BEFORE_MEANS[k]['en']}" for k in parts)
             + "."),
        # the table's means in one line each: the summary
        figures(("after_armor", T("Проходит сквозь броню (в среднем)", "Gets through the armor (mean)"),
                 _by_system({k: part["after"].mean() for k, part in parts.items()})),
                ("stopped", T("Броня снимает (в среднем)", "The armor stops (mean)"),
                 _by_system({k: part["before"].mean() - part["after"].mean() for k, part in parts.items()}))),
    ]
    if len(serial["after"]) > 1:
        display.append(dist_block("serial_after", T("Сериал: урон порции после Брони", "Series: the portion after Armor"),
                                  T("уровней", "levels"), serial["after"]))
    if len(wod["after"]) > 1:
        display.append(dist_block("wod_after", T("Классика: уровни, прошедшие поглощение с доспехом",
                                                 "Classic: levels that get through the soak with armor"),
                                  T("уровней", "levels"), wod["after"]))
    if len(lys["after"]) > 1:
        display.append(dist_block("lysogorsk_after", T("Лысогорск: урон после Защиты",
                                                       "Lysogorsk: damage after Protection"),
                                  T("хитов", "hits"), lys["after"]))
    display.append(figures(
        ("wod_p_armor_ruined", T("Классика: шанс, что доспех придёт в негодность",
                                 "Classic: chance the armor is ruined"), prob(wod["p_ruined"])),
        ("wod_p_stunned_before", T(f"Классика: шанс оглушения (больше {wod['stun']} непоглощённых) без доспеха",
                                   f"Classic: chance of being stunned (more than {wod['stun']} unsoaked) without "
                                   "armor"), prob(wod["p_stunned_before"])),
        ("wod_p_stunned_after", T("Классика: шанс оглушения с доспехом", "Classic: chance of being stunned with armor"),
         prob(wod["p_stunned_after"])),
    ))
    weight = _WEIGHT_NAMES[enc["armor_weight"]]
    if enc["row"] is None:
        row_text = T("Сила 0: ниже таблицы — ничего нельзя нести", "Strength 0: below the table — nothing may be carried")
    else:
        row_text = serial_tables.ENCUMBRANCE[enc["row"]]["text"]
    penalty = serial_tables.OVERLOADED_DEX_PENALTY
    display.append(figures(
        ("overloaded", T("Сериал: статус «Перегружен»", "Series: «Overloaded»"),
         T(f"да: −{penalty} куба на броски Ловкости, скорость вдвое меньше",
           f"yes: −{penalty} dice on Dexterity rolls, half speed") if enc["overloaded"] else T("нет", "no")),
        ("load", T("Несёт", "Carries"),
         T(f"Больших {p['large_items']}, Огромных {p['huge_items']}, {weight['ru']}",
           f"Large {p['large_items']}, Huge {p['huge_items']}, {weight['en']}")),
        ("strength_row", T(f"Без «Перегружен» при Силе {p['strength']}",
                           f"Without «Overloaded» at Strength {p['strength']}"), row_text),
    ))
    prot = serial_protection(p)
    display.append(figures(("serial_absorption", T("Сериал: УП от надетого доспеха", "Series: soak levels from armor worn"),
                            prot["absorption"])))
    if prot["both_worn"]:
        display.append(note("Сериал: Броня и Поглощение от разных доспехов — «работать будет только Броня»: УП доспеха 0.",
                            "Series: Armor and soak from two armors — «only the Armor works»: no soak levels from the armor.",
                            "warning"))
    display.extend(_notes(p, wod, codex))
    return {
        "serial": {**_part_json(serial), "armor_used": serial["armor_used"], "absorption_from_armor": prot["absorption"]},
        "wod": {**_part_json(wod), "body_soak_pool": wod["body"], "soak_pool": wod["pool"],
                "p_armor_ruined": prob(wod["p_ruined"]), "stun_above": wod["stun"],
                "p_stunned_before": prob(wod["p_stunned_before"]), "p_stunned_after": prob(wod["p_stunned_after"])},
        "lysogorsk": {**_part_json(lys), "protection": lys["protection"]},
        "codex": {**_part_json(codex), "per_hit": codex["per_hit"], "threshold": codex["threshold"],
                  "ignores_armor": codex["ignores_armor"]},
        "encumbrance": {"overloaded": enc["overloaded"], "armor_weight": enc["armor_weight"],
                        "strength_row": enc["row"]},
        "display": display,
    }


def _notes(p: dict, wod: dict, codex: dict) -> list[dict]:
    out = soak_notes(wod["can_soak"], p["wod_damage_type"], wod["armor"], p["wod_armor_soak"],
                     prefix=("Классика: ", "Classic: "))
    if codex["ignores_armor"]:
        out.append(note("Codex: порог брони не действует — Большое оружие или помеченный немеханический эффект.",
                        "Codex: the armor threshold does not apply — a Large weapon or a marked non-mechanical "
                        "effect."))
    if p["codex_attack"] == "aimed" and p["codex_aimed_bonus"] == "ignore_armor_class":
        out.append(note("Codex: прицельная атака игнорирует 1 уровень класса брони — порог на строку таблицы ниже.",
                        "Codex: the aimed attack ignores 1 armor class — the threshold one row lower."))
    out.append(note("Сериал: Броня вычитается из каждой порции; дальше урон идёт в Уровни Поглощения, потом в "
                    "Здоровье (калькулятор «Урон по порциям»). Устойчивость и Уязвимость действуют после Брони.",
                    "Series: Armor comes off each portion; the rest goes to soak levels, then Health (the "
                    "«Damage portion by portion» calculator). Resistance and vulnerability act after Armor."))
    out.append(note("Лысогорск: для бронежилетов источник чисел Защиты не даёт — введите Защиту сами.",
                    "Lysogorsk: the source gives no Protection numbers for vests — enter it yourself."))
    return out


# =================================================================================================
# Roll: the dice of every system once
# =================================================================================================

def _roll(p: dict, roller) -> dict:
    serial, lys, codex = serial_part(p), lys_part(p), codex_part(p)
    s = wod_pools(p)
    enc = encumbrance_part(p)
    blocks: list[dict] = []
    # «Сериал»
    if p["serial_hit"] == "dice":
        faces = roller.dice(p["serial_damage"], 10)
        rolled = serial_rules.damage_from_faces(faces, serial_rules.DAMAGE_DIFFICULTY)
        blocks.append(d10_block(T("Сериал: урон", "Series: damage"), faces, serial_rules.DAMAGE_DIFFICULTY,
                                 False))
    else:
        rolled = p["serial_damage"]
    serial_after = serial_rules.portion_after_armor(rolled, serial["armor_used"])
    # classic: the body's soak dice and the armor's, rolled apart so both results show
    ones = p["wod_ones_cancel"]
    if p["wod_hit"] == "dice":
        dmg_faces = roller.dice(p["wod_damage"], 10)
        incoming = wod_rules.soak_successes(dmg_faces, wod_rules.DAMAGE_DIFFICULTY, ones)
        blocks.append(d10_block(T("Классика: повреждения", "Classic: damage"), dmg_faces,
                                 wod_rules.DAMAGE_DIFFICULTY, ones))
    else:
        incoming = p["wod_damage"]
    body_faces = roller.dice(s["body"], 10)
    armor_faces = roller.dice(s["pool"] - s["body"], 10)
    if body_faces:
        blocks.append(d10_block(T("Классика: поглощение телом", "Classic: the body's soak"), body_faces,
                                 wod_rules.SOAK_DIFFICULTY, ones))
    if armor_faces:
        blocks.append(d10_block(T("Классика: кубики доспеха", "Classic: the armor's soak dice"), armor_faces,
                                 wod_rules.SOAK_DIFFICULTY, ones))
    soak = wod_rules.SOAK_DIFFICULTY
    wod_before = max(0, incoming - wod_rules.soak_successes(body_faces, soak, ones))
    wod_after = max(0, incoming - wod_rules.soak_successes(body_faces + armor_faces, soak, ones))
    ruined = wod_rules.armor_ruined(incoming, s["armor"], p["wod_armor_break"])
    # Лысогорск
    d6 = roller.dice(2, 6)
    blocks.append(dice_block(T("Лысогорск: 2К", "Lysogorsk: 2d6"), 6, d6))
    lys_before = max(0, sum(d6) + p["lys_power"])
    lys_after = max(0, sum(d6) + p["lys_power"] - lys["protection"])
    codex_before, codex_after = codex["before"].outcomes()[0], codex["after"].outcomes()[0]
    result = {
        "serial": {"rolled": rolled, "after": serial_after},
        "wod": {"incoming": incoming, "before": wod_before, "after": wod_after, "armor_ruined": ruined},
        "lysogorsk": {"dice": d6, "before": lys_before, "after": lys_after},
        "codex": {"before": codex_before, "after": codex_after},
        "overloaded": enc["overloaded"],
    }
    rows = [
        [SYSTEM_NAMES["serial"], rolled, serial_after],
        [SYSTEM_NAMES["wod"], wod_before, wod_after],
        [SYSTEM_NAMES["lysogorsk"], lys_before, lys_after],
        [SYSTEM_NAMES["codex"], codex_before, codex_after],
    ]
    blocks.append({"kind": "table", "title": T("Этот бросок: до и после брони", "This roll: before and after armor"),
                   "columns": [T("Система", "System"), T("До брони", "Before armor"), T("После брони", "After armor")],
                   "rows": rows})
    if ruined:
        blocks.append(note("Классика: доспех пришёл в полную негодность.", "Classic: the armor is ruined.", "warning"))
    if wod_after > wod_before:
        blocks.append(note("Классика: единица на кубике доспеха отменила успех поглощения (выбрано чтение «единицы "
                           "отменяют успехи») — в этом броске с доспехом вышло хуже; в среднем доспех не вредит.",
                           "Classic: a 1 on an armor die canceled a soak success (the reading «ones cancel» is "
                           "chosen) — this roll went worse with the armor; on average armor never hurts."))
    blocks.append(note("Codex: урон попадания не бросается — только LV попадания (калькулятор «Атака оружием»).",
                       "Codex: a hit's damage is not rolled — only the hit's LV (the «Weapon attack» calculator)."))
    result["display"] = blocks
    return result


CALCULATORS = [
    Calculator(
        id="armor", system="common", kind="armor",
        title=T("Броня во всех системах", "Armor in every system"),
        description=T("Что броня каждой системы делает с ударом — рядом: Броня Сериала (и утроенная), доспех и "
                      "поглощение классики, Защита и Бронебойность Лысогорска, порог Codex; и нагрузка по Силе.",
                      "What each system's armor does to a hit, side by side: Series Armor (and tripled), classic "
                      "armor and soak, Lysogorsk Protection and piercing, the Codex threshold; and load by "
                      "Strength."),
        params=PARAMS, compute=_compute, roll=_roll, check=_check,
        summary=("after_armor", "stopped", "overloaded")),
]
