"""``serial-attack``: a whole attack exactly — the hit against a defense, the damage, Броня, tag,
УП, Здоровье and death's door (:func:`attack_outcome`, which the scene reuses).
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dist
from ...wod.pool import d10_block, roll_d10_pool
from ...spec import Calculator, T, bool_param, choice_param, dist_block, dist_json, field_error, figures, int_param, note, prob
from .. import readings, rules, tables
from .death_door import door_name, door_step
from .shared import (MAX_ABSORPTION, MAX_HEALTH, MAX_POOL, MAX_STAMINA, NEGATIVE_RULE_PARAM, NONLETHAL_COUNTS_PARAM,
                     TAG_ORDER_PARAM, TAG_PARAM, TWO_RESISTANCES_PARAM, yes_no, nonlethal_before_param)

__all__ = ["ATTACK_MANEUVERS", "PARRY_WEAPONS", "ATTACK_PARAMS", "OUTCOME_NAMES", "check", "attack_numbers",
           "attack_outcome", "outcome_table", "door_outcomes_table", "compute", "roll", "CALCULATOR"]

ATTACK_MANEUVERS = [k for k in tables.MANEUVERS]
#: Weapons that can parry: 000 «боевой маневр "парирование" невозможно осуществить тяжелым оружием».
PARRY_WEAPONS = ("short", "classic", "mighty")


def _parry_default(p: dict) -> int | None:
    """Parry difficulty by the two weapons (:func:`rules.parry_difficulty`); None: impossible.
    Attacker's class not given: the base 6 (+1 for a mighty-brawl weapon)."""
    if p["melee_class"] == "none":
        return rules.parry_difficulty(p["parry_weapon"], "unarmed") if p["parry_weapon"] == "mighty" \
            else rules.PARRY_DEFAULT_DIFFICULTY
    return rules.parry_difficulty(p["parry_weapon"], p["melee_class"])


_RANGED = {"param": "ranged", "eq": True}
_MELEE = {"param": "ranged", "eq": False}
_DEFENCE = {"param": "defence", "ne": "none"}
_PARRY = {"param": "defence", "eq": "parry"}
#: «Отчаянная защита»: a block or a dodge, and a parry by the reading :data:`rules.DESPERATE_PARRY`
_DESPERATE_DEFENCE = {"any": [{"param": "defence", "in": ["dodge", "block"]},
                              {"all": [_PARRY, {"param": "desperate_parry", "eq": True}]}]}

ATTACK_PARAMS = (
    int_param("attack_dice", "Кубики атаки (Ловкость + навык + модификаторы)",
              "Attack dice (Dexterity + skill + modifiers)", 7, 0, MAX_POOL),
    int_param("attack_difficulty", "Сложность атаки (до манёвра)", "Attack difficulty (before the maneuver)",
              rules.BASE_DIFFICULTY, 2, 10, group="details"),
    bool_param("ranged", "Дальний бой", "Ranged attack", True),
    choice_param("maneuver", "Манёвр", "Maneuver", "none",
                 [(k, m["name"]["ru"], m["name"]["en"]) for k, m in tables.MANEUVERS.items()]),
    int_param("maneuver_trait", "Черта для манёвра (Ловкость/Смекалка/Восприятие)",
              "Trait for the maneuver (Dexterity/Wits/Perception)", 0, 0, 10, group="details",
              when={"param": "maneuver", "in": [k for k, m in tables.MANEUVERS.items() if m["damage_bonus"]]}),
    choice_param("range_band", "Дистанция (дальний бой)", "Range (ranged)", "normal", [
        ("point_blank", "в упор, до 2 м (сложность 5)", "point-blank, up to 2 m (difficulty 5)"),
        ("normal", "до дистанции оружия (6)", "up to the weapon's range (6)"),
        ("long", "до удвоенной дистанции (8)", "up to twice the range (8)"),
    ], group="details", when=_RANGED),
    choice_param("flank", "Откуда атака", "Attacking from", "front", [
        ("front", "спереди", "the front"), ("flank", "с фланга (+2 кубика)", "the flank (+2 dice)"),
        ("rear", "с тыла (+3 кубика)", "the rear (+3 dice)"),
    ], group="details"),
    choice_param("melee_class", "Класс холодного оружия", "Melee weapon class", "none",
                 [("none", "не указан", "not given"),
                  ("unarmed", "без оружия (руки, зубы, когти)", "unarmed (fists, teeth, claws)")]
                 + [(k, c["name"]["ru"] + (f" ({c['attack_difficulty']:+d} к сложности)" if c["attack_difficulty"] else ""),
                     c["name"]["en"]) for k, c in tables.MELEE_CLASSES.items()],
                 group="details", when=_MELEE),
    bool_param("target_prone", "Цель лежит (ближний −2, дальний +2 кроме упора)",
               "Target prone (melee −2, ranged +2 except point-blank)", False, group="details"),
    bool_param("attacker_prone", "Атакующий лежит (Драка/Фехтование +2)", "Attacker prone (melee +2)", False,
               group="details", when=_MELEE),
    bool_param("blind", "Вслепую (ближний +2; дальний +3 после удачного Восприятие + Бдительность, до 10 м)",
               "Blind (melee +2; ranged +3 after a successful Perception + Alertness, up to 10 m)", False,
               group="details"),
    int_param("cover", "Укрытие цели (дальний бой: +1 лёгкое, +2 хорошее, +3 отличное)",
              "Target's cover (ranged: +1 light, +2 good, +3 superior)", 0, 0, 3, group="details",
              when=_RANGED),
    choice_param("defence", "Защитный манёвр цели", "Target's defensive maneuver", "none", [
        ("none", "нет", "none"), ("dodge", "Уклонение", "Dodge"),
        ("parry", "Парирование", "Parry"), ("block", "Блок", "Block"),
    ], group="details"),
    choice_param("parry_weapon", "Оружие парирующего", "Parrying weapon", "classic", [
        (k, tables.MELEE_CLASSES[k]["name"]["ru"], tables.MELEE_CLASSES[k]["name"]["en"])
        for k in PARRY_WEAPONS],
        help=T("Сложность парирования по классам оружия: классическое — 5 против более короткого "
               "и рук, 7 против тяжелого; могущественная драка +1; тяжелым парировать нельзя.",
               "Parry difficulty by weapon class: classic 5 against shorter weapons and fists, 7 "
               "against heavy; mighty-brawl +1; a heavy weapon cannot parry."),
        group="details", when=_PARRY),
    int_param("attackers", "Атакующих цель в этот ход («Толпа на одного»)",
              "Attackers of the target this turn (many on one)", 1, 1, 10, group="details",
              when=_DEFENCE),
    int_param("defence_dice", "Кубики защиты", "Defense dice", 0, 0, MAX_POOL,
              help=T("Весь запас, до штрафа «Толпа на одного»; при отчаянной защите калькулятор сам "
                     "вычтет 1 куб за каждую следующую защиту (по номеру защиты ниже).",
                     "The whole pool, before the many-on-one penalty; with full defense the calculator itself "
                     "takes one die off per later defense (by the defense's number below)."), group="details", when=_DEFENCE),
    int_param("defence_difficulty", "Сложность защиты (0 — по правилам)",
              "Defense difficulty (0: by the rules)", 0, 0, 10,
              help=T("Уклонение 6 / 8 (дальний бой), Блок 7, Парирование — по классам оружия "
                     "(обычно 6).",
                     "Dodge 6 / 8 (ranged), Block 7, Parry by the weapon classes (usually 6)."),
              group="details", when=_DEFENCE),
    int_param("damage_dice", "Кубики урона (Сила + оружие или урон оружия)",
              "Damage dice (Strength + weapon, or the gun's damage)", 6, 0, MAX_POOL),
    int_param("damage_difficulty", "Сложность урона", "Damage difficulty", rules.DAMAGE_DIFFICULTY, 2, 10,
              group="details"),
    int_param("armor", "Броня цели", "Target's Armor", 0, 0, tables.MAX_ARMOR),
    TAG_PARAM,
    int_param("absorption", "УП цели", "Target's soak levels", 2, 0, MAX_ABSORPTION),
    int_param("health", "Здоровье цели", "Target's Health", rules.HEALTH_LEVELS, 1, MAX_HEALTH),
    int_param("stamina", "Выносливость цели", "Target's Stamina", 2, 0, MAX_STAMINA),
    int_param("door_rolls_before", "Бросков Порога Смерти у цели уже было в сцене",
              "The target's death's-door rolls already this scene", 0, 0, 10, group="details",
              help=T("Для таблицы Порога ниже (−1 за каждый) и для перехода к калькулятору «Порог Смерти».",
                     "For the death's-door table below (−1 each) and the step to the Death's door calculator.")),
    nonlethal_before_param("door_nonlethal_before", "door_rolls_before"),
    readings.PARRY_TIE.switch(when=_PARRY),
    readings.AUTOFIRE_PENALTY.switch(when={"param": "maneuver", "eq": "autofire"}),
    readings.DIFFICULTY_OVERFLOW.switch(),
    readings.ATTACK_ONES_CANCEL.switch(),
    readings.BOTCH_RULE.switch(),
    NEGATIVE_RULE_PARAM,
    # ---- the wound penalties of both sides, a lost parry or block, desperate defence, ambush ----
    int_param("attacker_health", "Здоровье атакующего (штраф за ранения к атаке)",
              "Attacker's Health (the wound penalty on the attack)", rules.HEALTH_LEVELS, 0, MAX_HEALTH,
              help=T("5 и ниже — −2 кубика к броску атаки, 3 и ниже (и на Пороге Смерти, 0) — −4.",
                     "5 or less: −2 attack dice; 3 or less (and on death's door, 0): −4."), group="details"),
    bool_param("attacker_no_pain", "Атакующий без штрафа за ранения («Превозмогая боль», «Воля к жизни»)",
               "No wound penalty for the attacker (pushing through pain, will to live)", False, group="details",
               when={"param": "attacker_health", "max": 5}),
    bool_param("target_no_pain", "Цель без штрафа за ранения к защите («Превозмогая боль», «Воля к жизни»)",
               "No wound penalty on the target's defense", False, group="details",
               when={"all": [{"param": "defence", "ne": "none"}, {"param": "health", "max": 5}]}),
    int_param("defender_limit", "Сила + Ловкость парирующего / Сила + Выносливость блокирующего",
              "Parrier's Strength + Dexterity / blocker's Strength + Stamina", 10, 0, 40,
              help=T("Если Сила + оружие нападающего (кубики урона) больше, защита автоматически провалена.",
                     "If the attacker's Strength + weapon (the damage dice) is more, the defense fails outright."),
              group="details", when={"param": "defence", "in": ["parry", "block"]}),
    bool_param("desperate", "Отчаянная защита", "Full defense", False, group="details", when=_DESPERATE_DEFENCE),
    int_param("defence_number", "Какая это защита в ходу (1 — первая)", "Which defense this turn (1: the first)",
              1, 1, 10, help=T("«теряет по одному кубику (эффект кумулятивен) при каждом последующем защитном "
                               "приеме».", "One die less for each later defense this turn."),
              group="details", when={"all": [_DESPERATE_DEFENCE, {"param": "desperate", "eq": True}]}),
    bool_param("attacker_overloaded", "Атакующий перегружен", "The attacker is overloaded", False,
               group="details", help=T("«-4 куба на броски Ловкости»: атака — Ловкость + навык.",
                                       "−4 dice on Dexterity rolls: the attack is Dexterity + a skill.")),
    bool_param("target_overloaded", "Цель перегружена (к защите)", "The target is overloaded (its defense)", False,
               group="details", when=_DEFENCE),
    bool_param("naga", "Манёвр «Яд наги»: 7+ успехов и урон пробил Броню — ещё 7 уровней урона ядом",
               "The «Naga venom» maneuver: 7+ successes and the damage got through Armor — 7 more levels of poison",
               False, group="details"),
    int_param("ambush_successes", "Засада: успехов на броске Незаметности (к кубикам атаки)",
              "Ambush: stealth successes (added to the attack dice)", 0, 0, MAX_POOL,
              help=T("Выигранная засада: «одну свободную атаку» — цель не защищается.",
                     "A won ambush: one free attack — the target does not defend."), group="details"),
    readings.WOUND_PENALTY_ON_DAMAGE.switch(when={"param": "attacker_health", "max": 5}),
    readings.WOUND_PENALTY_BEFORE_HALVING.switch(when={"all": [{"param": "maneuver", "eq": "two_guns"},
                                               {"param": "attacker_health", "max": 5}]}),
    readings.BLOCK_FIRST.switch(when={"param": "defence", "eq": "block"}),
    TWO_RESISTANCES_PARAM,
    TAG_ORDER_PARAM,
    readings.OVERLOADED_ROLLS.switch(when={"any": [{"param": "attacker_overloaded", "eq": True},
                               {"all": [_DEFENCE, {"param": "target_overloaded", "eq": True}]}]}),
    readings.DESPERATE_PARRY.switch(when=_PARRY),
    readings.PRONE_DEFENCE.switch(when={"all": [{"param": "target_prone", "eq": True}, {"param": "defence", "in": ["parry", "block"]}]}),
    replace(NONLETHAL_COUNTS_PARAM, when={"all": [{"param": "door_rolls_before", "min": 1},
                                                  {"param": "door_nonlethal_before", "min": 1}]}),
    readings.NAGA_ARMOR.switch(when={"param": "naga", "eq": True}),
    readings.NAGA_NO_ARMOR.switch(when={"all": [{"param": "naga", "eq": True}, {"param": "armor", "max": 0}]}),
    readings.NAGA_SOAKED.switch(when={"param": "naga", "eq": True}),
    readings.TWO_GUNS_HALVES_BONUS.switch(when={"all": [{"param": "maneuver", "eq": "two_guns"},
                             {"any": [{"param": "flank", "ne": "front"}, {"param": "ambush_successes", "min": 1}]}]}),
)


def check(p: dict) -> None:
    """Refuse the maneuvers, weapon classes, cover and defenses the attack cannot have."""
    m = tables.MANEUVERS[p["maneuver"]]
    if p["defence_difficulty"] == 1 and p["defence"] != "none":
        raise field_error("defence_difficulty", "Сложность — 0 (по правилам) или от 2 до 10.",
                          "Difficulty: 0 (by the rules) or 2 to 10.")
    if m["range"] == "melee" and p["ranged"]:
        raise field_error("maneuver", "Это манёвр ближнего боя.", "This is a melee maneuver.")
    if m["range"] == "ranged" and not p["ranged"]:
        raise field_error("maneuver", "Это манёвр дальнего боя.", "This is a ranged maneuver.")
    if p["ranged"] and p["melee_class"] != "none":
        raise field_error("melee_class", "Класс холодного оружия — только для ближнего боя.",
                          "A melee weapon class is for melee attacks only.")
    if p["maneuver"] == "flurry" and p["melee_class"] in ("heavy", "mighty"):
        raise field_error("melee_class", "«Град ударов» может быть произведен только коротким или "
                          "классическим оружием.", "A flurry of blows takes a short or classic weapon.")
    if not p["ranged"] and p["cover"]:
        raise field_error("cover", "Укрытие осложняет только дистанционное попадание.",
                          "Cover only hinders ranged attacks.")
    if p["ranged"] and p["defence"] in ("parry", "block"):
        raise field_error("defence", "Дистанционные атаки нельзя парировать или блокировать.",
                          "Ranged attacks cannot be parried or blocked.")
    if p["ambush_successes"] and p["defence"] != "none":
        raise field_error("defence", "Выигранная засада даёт «одну свободную атаку»: цель не защищается.",
                          "A won ambush gives one free attack: the target does not defend.")
    if p["door_nonlethal_before"] > p["door_rolls_before"]:
        raise field_error("door_nonlethal_before", "Чёт/нечет не больше, чем бросков Порога в сцене.",
                          "No more odd/even rolls than death's-door rolls in the scene.")
    if p["defence"] == "parry" and _parry_default(p) is None:
        if p["melee_class"] == "mighty":
            raise field_error("defence", "Удары оружия могущественной драки невозможно парировать.",
                              "Blows of a mighty-brawl weapon cannot be parried.")
        raise field_error("parry_weapon", "Коротким оружием невозможно эффективно парировать более "
                          "длинное оружие.", "A short weapon cannot effectively parry a longer one.")


def attack_numbers(p: dict) -> dict:
    """Attack dice/difficulty, defense dice/difficulty (and whether the defense is made at all),
    damage dice after the maneuver, the wound penalties of both sides (validated ``serial-attack`` params)."""
    m = tables.MANEUVERS[p["maneuver"]]
    pen_attack = rules.wound_penalty(p["attacker_health"], p["attacker_no_pain"])
    setup = rules.AttackSetup(
        pool=p["attack_dice"], ranged=p["ranged"], base=p["attack_difficulty"],
        range_band=p["range_band"] if p["ranged"] else None,
        melee_class=None if p["melee_class"] in ("none", "unarmed") else p["melee_class"],
        target_prone=p["target_prone"], attacker_prone=p["attacker_prone"], blind=p["blind"],
        blind_roll_succeeded=True, flank=p["flank"], cover=p["cover"], maneuver=p["maneuver"],
        autofire_penalty=p["autofire_penalty"], overflow=p["overflow"], ambush_successes=p["ambush_successes"],
        wound_penalty=pen_attack, penalty_before_halving=p["wound_penalty_before_halving"],
        extra_dice=-rules.overloaded_dice(p["attacker_overloaded"], True, p["overloaded_rolls"]),
        halves_bonus=p["two_guns_halves_bonus"])
    dice, diff = rules.attack_roll(setup)
    defence = p["defence"]
    # «Но если Сила + Модификатор Оружия ... нападающего больше ..., то маневр автоматически провален»
    overpowered = defence in ("parry", "block") and p["damage_dice"] > p["defender_limit"]
    pen_defence = rules.wound_penalty(p["health"], p["target_no_pain"]) if defence != "none" else 0
    pool = p["defence_dice"]
    if p["desperate"] and (defence in ("dodge", "block") or (defence == "parry" and p["desperate_parry"])):
        pool = rules.desperate_defence_pool(pool, p["defence_number"])
    overloaded = rules.overloaded_dice(p["target_overloaded"], True, p["overloaded_rolls"]) if defence != "none" else 0
    def_dice = max(0, pool - rules.many_on_one_penalty(p["attackers"]) - pen_defence - overloaded)
    ddiff = p["defence_difficulty"] or {"dodge": rules.dodge_difficulty(p["ranged"]),
                                        "block": rules.BLOCK_DIFFICULTY, "parry": _parry_default(p),
                                        "none": 6}[defence]
    ddiff = rules.finish_difficulty(rules.prone_defence_difficulty(ddiff, defence, p["target_prone"],
                                                                   p["prone_defence"]), p["overflow"])
    if ddiff is None:  # above 10 by the reading «попасть нельзя»: the defense cannot succeed
        ddiff, def_dice = 10, 0
    dmg = p["damage_dice"] + m["damage_dice"] + (p["maneuver_trait"] if m["damage_bonus"] else 0)
    if p["wound_penalty_damage"]:
        dmg -= pen_attack
    return {"dice": dice, "difficulty": diff, "defence_difficulty": ddiff, "defence_dice": def_dice,
            "damage_dice": max(0, dmg), "defence": "none" if overpowered else defence, "overpowered": overpowered,
            "attack_penalty": pen_attack, "defence_penalty": pen_defence,
            "armor": rules.armor_against(p["armor"], p["maneuver"]), "maneuver": m}


def _counted_rolls(p: dict) -> int:
    """The target's earlier door rolls that take 1 each off its next (:data:`rules.NONLETHAL_ROLL_COUNTS`)."""
    return rules.counted_door_rolls(p["door_rolls_before"], p["door_nonlethal_before"], p["nonlethal_roll_counts"])


def _landing(h: rules.HitOutcome, crit_at: int | None, naga: bool = False) -> tuple[bool, bool, int, bool]:
    """What the damage roll needs to know of a hit: (landed, critical, the block's levels, «Яд наги» triggered by
    the successes: «Если эта атака набрала 7+ успехов на попадании»)."""
    crit = bool(h.hit and crit_at is not None and h.successes >= crit_at)
    venom = bool(naga and h.hit and h.successes >= rules.NAGA_POISON["needed"])
    return (h.hit, crit, h.block if h.hit else 0, venom)


def _poison(p: dict, armor: int, rolled: int, venom: bool) -> int:
    """«Яд наги»'s levels for a blow of ``rolled`` damage successes: «её урон смог пробить Броню цели»."""
    return rules.naga_poison(rules.naga_pierced(rolled, armor, p["naga_no_armor"]), armor, p["naga_armor"]) \
        if venom else 0


def attack_outcome(p: dict) -> dict:
    """Exact distributions of a whole attack (validated params of ``serial-attack``).

    The attack against the defense (:func:`rules.hit_distribution`), then for a hit the damage
    roll (:func:`rules.damage_distribution`, +3 automatic successes on a master strike's
    critical), Броня and tag (:func:`rules.portion_after_armor`) and the target
    (:func:`rules.take_portion`); a miss leaves the target as it was.
    """
    n = attack_numbers(p)
    m = n["maneuver"]
    hits = rules.hit_distribution(n["dice"], n["difficulty"], n["defence"], n["defence_dice"],
                              n["defence_difficulty"], m["hit_multiplier"], p["parry_tie"],
                              p["attack_ones_cancel"])
    landings = hits.map(lambda h: _landing(h, m["crit_at"], p["naga"]))
    first, after_absorption = rules.tag_stages(p["tag"], p["tag_order"])
    portions = {(crit, venom): rules.damage_distribution(n["damage_dice"], p["damage_difficulty"],
                                                     m["crit_successes"] if crit else 0).map(
                    lambda k, venom=venom: (rules.portion_after_armor(k, n["armor"], first, p["two_resistances"]),
                                            _poison(p, n["armor"], k, venom)))
                for crit, venom in {(crit, venom) for landed, crit, _, venom in landings if landed}}
    memo: dict[tuple[int, int, int], tuple] = {}

    def target_after(d: int, poison: int, block: int) -> tuple:
        if (d, poison, block) not in memo:
            t = rules.Target(p["absorption"], p["health"], p["stamina"], door_visits=p["door_rolls_before"])
            s = rules.take_with_poison(t, d, poison, block, p["negative_rule"], p["naga_soaked"], p["block_first"],
                                       tag_after=after_absorption, two_resistances=p["two_resistances"])
            status = ("instant_death" if s.instant_death else "death_door" if s.door
                      else "wounded" if s.to_health else "absorbed")
            # the damage as taken: the tag applied before or after the УП (= d + poison when before)
            memo[(d, poison, block)] = (s.absorbed + s.block_absorbed + s.to_health, t.absorption, t.health, status, s.to_health, poison)
        return memo[(d, poison, block)]

    def after(landing: tuple) -> Dist:
        landed, crit, block, venom = landing
        if not landed:
            return Dist.constant((None, p["absorption"], p["health"], "miss", 0, 0))
        return portions[(crit, venom)].map(lambda dp: target_after(dp[0], dp[1], block))

    states = landings.bind(after)
    status = states.map(lambda s: s[3])
    door_outcomes = Dist.constant("none")
    if status["death_door"] or status["instant_death"]:
        # not an instant death (take_portion checked the excess): the excess burned, or at a later
        # door of the scene counted as negative hits, which do not reach the threshold then
        door = rules.death_door_distribution(p["stamina"], p["health"], p["health"], _counted_rolls(p),
                                             rule=p["negative_rule"])[0]
        door_outcomes = status.bind(lambda s: door if s == "death_door" else Dist.constant(
            "instant_death" if s == "instant_death" else "none"))
    return {
        "numbers": n, "p_hit": landings.p(lambda k: k[0]),
        "damage": states.map(lambda s: s[0] if s[0] is not None else 0),
        "absorption_left": states.map(lambda s: s[1]), "health_left": states.map(lambda s: s[2]),
        "status": status, "door_outcomes": door_outcomes,
        # the damage that reaches Здоровье when the attack brings the target to death's door
        "door_damage": states.given(lambda s: s[3] == "death_door").map(lambda s: s[4])
        if status["death_door"] else None,
        "p_crit": landings.p(lambda k: k[1]),
        "p_counter": hits.p(lambda h: h.counter),
        "p_poison": states.p(lambda s: s[5] > 0),
    }


#: What an attack does to its target, in the order its outcome table lists them (the scene's
#: preview names its outcomes by these words too).
OUTCOME_NAMES = {
    "miss": T("промах", "miss"),
    "absorbed": T("попадание без ранения (урон 0 или весь в УП)", "a hit with no wound (0 damage or all absorbed)"),
    "wounded": T("ранение", "wounded"),
    "death_door": T("Порог Смерти", "death's door"),
    "instant_death": tables.INSTANT_DEATH["name"],
}


def outcome_table(status: dict) -> dict:
    """The outcome table ("Исход атаки"): ``status`` maps each key of :data:`OUTCOME_NAMES` to its
    probability (:func:`prob`'s object)."""
    return {"kind": "table", "title": T("Исход атаки", "Outcome of the attack"),
            "columns": [T("Исход", "Outcome"), T("Вероятность", "Probability")],
            "rows": [[name, status[k]] for k, name in OUTCOME_NAMES.items()]}


def door_outcomes_table(door_outcomes: dict, earlier: int, name=None) -> dict:
    """The table of death's door and its d6 (``door_outcomes``: each of :data:`rules.DOOR_OUTCOMES`
    → its probability out of all attacks), ``earlier`` rolls of the scene before this one; ``name(key)``
    the words of an outcome (the scene has one more: a vampire who stays up)."""
    name = name or door_name
    which = (T("первый в сцене", "the first in the scene") if not earlier
             else T(f"{earlier + 1}-й в сцене, −{earlier}", f"roll {earlier + 1} in the scene, −{earlier}"))
    return {"kind": "table", "title": T(f"Порог Смерти и его бросок д6 ({which['ru']}): вероятность из всех атак",
                                        f"Death's door and its d6 ({which['en']}): chance out of all attacks"),
            "columns": [T("Состояние", "State"), T("Вероятность", "Probability")],
            "rows": [[name(k), door_outcomes[k]] for k in door_outcomes]}


def compute(p: dict) -> dict:
    """The exact odds of the attack (:func:`attack_outcome`) as the page shows them."""
    o = attack_outcome(p)
    n = o["numbers"]
    status = o["status"]
    p_botch = rules.botch_probability(n["dice"], n["difficulty"], p["botch_rule"])
    res = {
        "attack_dice": n["dice"], "attack_difficulty": n["difficulty"],
        "defence_difficulty": n["defence_difficulty"] if p["defence"] != "none" else None,
        "damage_dice": n["damage_dice"], "armor_used": n["armor"],
        "attack_penalty": n["attack_penalty"], "defence_penalty": n["defence_penalty"],
        "defence_overpowered": n["overpowered"],
        "p_hit": prob(o["p_hit"]), "p_botch": prob(p_botch),
        "p_critical": prob(o["p_crit"]), "p_parry_counter": prob(o["p_counter"]),
        "damage": dist_json(o["damage"], "damage"),
        "absorption_left": dist_json(o["absorption_left"], "value"),
        "health_left": dist_json(o["health_left"], "value"),
        "p_death_door": prob(status["death_door"] + status["instant_death"]),
        "p_instant_death": prob(status["instant_death"]),
        "status": {k: prob(status[k]) for k in ("miss", "absorbed", "wounded", "death_door", "instant_death")},
        "door_outcomes": {k: prob(o["door_outcomes"][k]) for k in rules.DOOR_OUTCOMES},
    }
    if n["difficulty"] is None:
        diff_text = T("невозможно", "impossible")
    else:
        diff_text = n["difficulty"]
    display = [
        figures(
            ("p_hit", T("Шанс попасть", "Chance to hit"), res["p_hit"]),
            ("attack", T("Атака: кубиков / сложность", "Attack: dice / difficulty"),
             T(f"{n['dice']} / {diff_text if isinstance(diff_text, int) else diff_text['ru']}",
               f"{n['dice']} / {diff_text if isinstance(diff_text, int) else diff_text['en']}")),
            ("damage_dice", T("Кубиков урона", "Damage dice"), n["damage_dice"]),
            ("armor_used", T("Броня против этой атаки", "Armor against this attack"), n["armor"]),
            ("mean_damage", T("Средний урон после Брони и тэга", "Mean damage after Armor and tag"),
             round(float(o["damage"].mean()), 3)),
            ("p_death_door", T("Шанс Порога Смерти", "Chance of death's door"), res["p_death_door"]),
            ("p_instant_death", T("Шанс мгновенной смерти", "Chance of instant death"), res["p_instant_death"]),
        ),
        dist_block("damage", T("Урон после Брони и тэга (0 — промах, ни одного успеха урона или "
                               "всё в Броню)",
                               "Damage after Armor and tag (0: a miss, no damage success or all in "
                               "Armor)"),
                   T("урон", "damage"), o["damage"]),
        dist_block("health_left", T("Здоровье цели после атаки", "Target's Health after the attack"),
                   T("Здоровье", "Health"), o["health_left"], at_least=False),
        dist_block("absorption_left", T("УП цели после атаки", "Target's soak levels after the attack"),
                   T("УП", "abs."), o["absorption_left"], at_least=False),
        outcome_table(res["status"]),
    ]
    if status["death_door"]:
        display.append(door_outcomes_table(res["door_outcomes"], _counted_rolls(p)))
    if p["blind"] and p["ranged"]:
        display.append(note("Вслепую: считается, что рефлекторный бросок Восприятие + Бдительность "
                            "(сложность 8) удался и цель не дальше 10 м; иначе выстрел невозможен.",
                            "Blind: assumes the reflexive Perception + Alertness roll (difficulty 8) "
                            "succeeded and the target is within 10 m; otherwise no shot.", "warning"))
    extra = []
    if p["defence"] != "none" and not n["overpowered"]:
        dtext = f"{n['defence_dice']} / {n['defence_difficulty']}"
        extra.append(("defence", T("Защита: кубиков (после «Толпы на одного» и штрафа за ранения) / сложность",
                                   "Defense: dice (after many-on-one and the wound penalty) / difficulty"),
                      T(dtext, dtext)))
    if n["attack_penalty"] or n["defence_penalty"]:
        extra.append(("wound_penalties", T("Штраф за ранения: атака / защита", "Wound penalty: attack / defense"),
                      T(f"−{n['attack_penalty']} / −{n['defence_penalty']}",
                        f"−{n['attack_penalty']} / −{n['defence_penalty']}")))
    if p["naga"]:
        res["p_poison"] = prob(o["p_poison"])
        extra.append(("p_poison", T("Шанс яда наги (7+ успехов, Броня пробита)",
                                    "Chance of the naga venom (7+ successes, Armor pierced)"), res["p_poison"]))
    if p["maneuver"] == "master":
        extra.append(("p_critical", T("Шанс критической атаки (+3 автоуспеха к урону)",
                                      "Chance of a critical (+3 automatic damage successes)"),
                      res["p_critical"]))
    if p["defence"] == "parry":
        extra.append(("p_parry_counter", T("Шанс, что парирование попадёт по нападающему",
                                           "Chance the parry hits the attacker"), res["p_parry_counter"]))
    if extra:
        display[0]["items"] += figures(*extra)["items"]
    if p["maneuver"] == "master":
        display.append(note("Удар мастера: 7+ успехов после защиты — +3 автоуспеха к урону.",
                            "Master strike: 7+ successes after the defense add 3 automatic damage successes."))
    if p["maneuver"] == "spread":
        display.append(note("Очередь веером: успехи попадания делятся между целями, каждая цель требует "
                            "одного успеха; здесь — шанс и урон для одной цели, получившей все "
                            "успехи. Если успехов меньше, чем целей, атакующий выбирает, в кого попал.",
                            "Spread fire: hit successes are shared among the targets, each needs at "
                            "least one success; shown here: the chance and damage for one target "
                            "given all successes. With fewer successes than targets the attacker "
                            "chooses whom he hit."))
    if n["overpowered"]:
        what = T("Парирование", "The parry") if p["defence"] == "parry" else T("Блок", "The block")
        limit = T("Силы + Ловкости", "Strength + Dexterity") if p["defence"] == "parry" else T(
            "Силы + Выносливости", "Strength + Stamina")
        display.append(note(f"{what['ru']} автоматически провалено: Сила + оружие нападающего ({p['damage_dice']}) "
                            f"больше {limit['ru']} защитника ({p['defender_limit']}).",
                            f"{what['en']} fails outright: the attacker's Strength + weapon ({p['damage_dice']}) "
                            f"is more than the defender's {limit['en']} ({p['defender_limit']}).", "warning"))
    if p["naga"]:
        display.append(note("Яд наги: урон выше — с 7 уровнями яда, если они пришли. Устойчивость цели к яду калькулятор "
                            "не учитывает (тэг выше — для урона удара).",
                            "Naga venom: the damage above includes the 7 poison levels when they come. The target's "
                            "resistance to poison is not counted (the tag above is the blow's)."))
    if p["ambush_successes"]:
        display.append(note(f"Засада: +{p['ambush_successes']} кубиков к атаке, цель не защищается.",
                            f"Ambush: +{p['ambush_successes']} attack dice, the target does not defend."))
    res["display"] = display
    if o["door_damage"] is not None:
        # the likeliest damage that brings the target to the door (its d6 does not depend on it
        # unless it is an instant death, which is not this case)
        res["next"] = [door_step(p["stamina"], p["health"], o["door_damage"].mode(), p["door_rolls_before"],
                                 p["negative_rule"], nonlethal_before=p["door_nonlethal_before"],
                                 nonlethal_counts=p["nonlethal_roll_counts"])]
    return res


def roll(p: dict, roller) -> dict:
    """One attack rolled: the hit, the defense, the damage and what it leaves of the target."""
    n = attack_numbers(p)
    m = n["maneuver"]
    display = []
    if n["difficulty"] is None:
        display.append(note("Сложность выше 10: попасть нельзя.", "Difficulty above 10: no hit.", "warning"))
        return {"hit": False, "damage": 0, "display": display}
    att = roll_d10_pool(roller, n["dice"], n["difficulty"], p["attack_ones_cancel"])
    display.append(d10_block(T("Атака", "Attack"), att["faces"], n["difficulty"], p["attack_ones_cancel"]))
    dnet = 0
    if n["defence"] != "none":
        dfn = roll_d10_pool(roller, n["defence_dice"], n["defence_difficulty"], p["attack_ones_cancel"])
        dnet = dfn["net"]
        display.append(d10_block(T("Защита", "Defence"), dfn["faces"], n["defence_difficulty"], p["attack_ones_cancel"]))
    h = rules.resolve_defence(att["net"], dnet, n["defence"], m["hit_multiplier"], p["parry_tie"])
    out = {"attack": att, "defence_net": dnet, "hit": h.hit, "successes": h.successes,
           "counter": h.counter, "damage": 0, "defence_rolled": n["defence"] != "none",
           "attack_penalty": n["attack_penalty"], "defence_penalty": n["defence_penalty"]}
    if h.hit:
        crit = m["crit_at"] is not None and h.successes >= m["crit_at"]
        venom = _landing(h, m["crit_at"], p["naga"])[3]
        faces = roller.dice(n["damage_dice"], 10)
        rolled = rules.damage_from_faces(faces, p["damage_difficulty"]) + (m["crit_successes"] if crit else 0)
        poison = _poison(p, n["armor"], rolled, venom)
        first, after_absorption = rules.tag_stages(p["tag"], p["tag_order"])
        portion = rules.portion_after_armor(rolled, n["armor"], first, p["two_resistances"])
        t = rules.Target(p["absorption"], p["health"], p["stamina"], door_visits=p["door_rolls_before"])
        s = rules.take_with_poison(t, portion, poison, h.block, p["negative_rule"], p["naga_soaked"],
                                   p["block_first"], tag_after=after_absorption, two_resistances=p["two_resistances"])
        portion = s.absorbed + s.block_absorbed + s.to_health  # the blow and its poison, tagged (:data:`rules.TAG_ORDER`)
        out["poison"] = poison
        display.append(d10_block(T("Урон", "Damage"), faces, p["damage_difficulty"], ones_cancel=False))
        out.update({"damage_faces": faces, "rolled": rolled, "critical": crit, "damage": portion,
                    "absorption_left": t.absorption, "health_left": t.health,
                    "death_door": s.door, "instant_death": s.instant_death})
        if s.door and not s.dead:
            out["next"] = [door_step(p["stamina"], p["health"], s.to_health, p["door_rolls_before"],
                                     p["negative_rule"], nonlethal_before=p["door_nonlethal_before"],
                                     nonlethal_counts=p["nonlethal_roll_counts"])]
        display.append(figures(
            ("hit", T("Попадание", "Hit"), T(f"да, успехов {h.successes}", f"yes, {h.successes} successes")),
            ("damage", T("Урон после Брони и тэга", "Damage after Armor and tag"), portion),
            ("health_left", T("Здоровье цели", "Target's Health"), t.health),
            ("absorption_left", T("УП цели", "Target's soak levels"), t.absorption),
            ("door", T("Порог Смерти", "Death's door"),
             T("мгновенная смерть", "instant death") if s.instant_death else yes_no(s.door)),
        ))
    else:
        display.append(figures(("hit", T("Попадание", "Hit"),
                                T("нет" + (", парирование попало в нападающего" if h.counter else ""),
                                  "no" + (", the parry hit the attacker" if h.counter else "")))))
    out["display"] = display
    return out

#: ``serial-attack``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-attack", system="serial", kind="attack",
    title=T("Атака целиком", "A whole attack"),
    description=T("Попадание против защиты, урон, Броня, тэг, УП, Здоровье и Порог Смерти — точно.",
                  "Hit against a defense, damage, Armor, tag, soak levels, Health and death's "
                  "door — exactly."),
    params=ATTACK_PARAMS, compute=compute, roll=roll, check=check,
    summary=("p_hit", "mean_damage", "p_death_door"))
