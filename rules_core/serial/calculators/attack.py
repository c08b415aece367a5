"""Calculators of «Мир Тьмы: Сериал» (source 000): damage, death's door, a whole attack.

All numbers come from :mod:`rules_core.serial.rules` and :mod:`rules_core.serial.tables`;
every reading of a gap in the source is a switch here (see the constants in ``rules``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..dice import Dist
from ..wod.pool import d10_block, net_successes, roll_d10_pool
from ..spec import (Calculator, Option, Param, Preset, T, bool_param, choice_param, dice_block, dist_block,
                    dist_json, field_error, figures, frac, int_list_param, int_param, note, prob)
from . import rules, tables

__all__ = ["MAX_POOL", "MAX_HEALTH", "MAX_ABSORPTION", "MAX_STAMINA", "MAX_PORTION", "TAG_PARAM",
           "TWO_RESISTANCES_PARAM", "ONES_PARAM",
           "NEGATIVE_RULE_PARAM", "EXCESS_BURNS_PARAM", "BELOW_ONE_PARAM", "DAMAGE_PARAMS", "DOOR_PARAMS",
           "ATTACK_MANEUVERS", "PARRY_WEAPONS", "ATTACK_PARAMS", "attack_numbers", "attack_outcome", "EXPLOSION_PARAMS",
           "door_step",
           "CALCULATORS"]

MAX_POOL = 30
MAX_TRAIT = 10
MAX_HEALTH = 30
MAX_ABSORPTION = 60
MAX_STAMINA = 15
MAX_PORTION = 60

# ---- shared parameters ----------------------------------------------------------

TAG_PARAM = choice_param("tag", "Тэг урона у цели", "Target's tag for this damage", "none", [
    ("none", "нет", "none"),
    ("resistance", "Устойчивость (÷2, вверх)", "Resistance (halve, round up)"),
    ("vulnerability", "Уязвимость (×2)", "Vulnerability (double)"),
    ("immunity", "Иммунитет (0)", "Immunity (nothing)"),
    ("both", "Устойчивость и Уязвимость (взаимно убирают)", "Both (they cancel)"),
    ("two_resistances", "две Устойчивости к этому типу", "Two resistances to this type"),
    ("two_vulnerabilities", "две Уязвимости к этому типу (не складываются)", "Two vulnerabilities (do not add up)"),
], group="details")
TWO_RESISTANCES_PARAM = choice_param(
    "two_resistances", "Две Устойчивости к одному типу", "Two resistances to one type", rules.TWO_RESISTANCES, [
        ("one", "действуют как одна (не складываются)", "work as one (do not add up)"),
        ("none", "не работает ни одна", "neither works"),
    ], help=T("Источник: «Две устойчивости к одному и тому же типу урона просто не работают» — рядом с «Две "
              "уязвимости ... не складываются».",
              "The source: two resistances to one damage type «simply do not work» — next to «two "
              "vulnerabilities do not add up»."),
    group="readings", when={"param": "tag", "eq": "two_resistances"})
NEGATIVE_RULE_PARAM = choice_param(
    "negative_rule", "Когда урон сверх порога убивает", "When damage beyond the threshold kills",
    rules.NEGATIVE_HITS_RULE, [
        ("more_than", "больше порога («больше 12», «суммарно более 12»)",
         "more than the threshold («больше 12»)"),
        ("at_least", "достигнув порога («получив которые ... умирает»)",
         "reaching it («получив которые ... умирает»)"),
    ], help=T("Источник говорит по-разному: «больше 12» и «то количество повреждений, получив "
              "которые, персонаж мгновенно ... умирает».",
              "The source says both «more than 12» and «the amount of damage on taking which "
              "the character dies»."), group="readings")
EXCESS_BURNS_PARAM = choice_param(
    "excess_burns", "Излишек урона, приведшего на Порог, сгорает",
    "The excess of the damage that brought to death's door burns", rules.EXCESS_BURNS, [
        ("first", "только в первый раз в сцене (пункт 4)", "only the first time in the scene (rule 4)"),
        ("every", "каждый раз («не учитывается в этом расчете»)", "every time (the states' words)"),
    ], help=T("Пункт 4: «первый раз ... сгорает»; состояния 1–3: «Урон, который привел его на Порог "
              "Смерти, не учитывается в этом расчете».",
              "Rule 4: the first time it burns; states 1–3: the damage that brought the character "
              "to the door is not counted."), group="readings")
BELOW_ONE_PARAM = choice_param(
    "below_one", "Бросок Порога ниже 1", "Death's-door roll below 1", rules.BELOW_ONE, [
        ("last_breath", "считается как 1 (Последний вздох)", "counts as 1 (Last breath)"),
        ("death", "смерть", "death"),
    ], help=T("Источник не говорит, что значит результат меньше 1.",
              "The source does not say what a result below 1 means."), group="readings")


ONES_PARAM = bool_param(
    "ones_cancel", "Единицы вычитают успехи и на этих бросках", "1s cancel successes on these rolls too",
    rules.OTHER_ONES_CANCEL,
    help=T("Источник говорит только про урон («единички не вычитаются») и захват («единички вычитаются»); "
           "для остальных бросков — как на бросках попадания.",
           "The source only speaks of damage (1s do not cancel) and grappling (1s cancel); other rolls "
           "are read as hit rolls."), group="readings")


def _door_name(key: str) -> dict:
    if key == "instant_death":
        return tables.INSTANT_DEATH["name"]
    return next(v["name"] for v in tables.DEATH_DOOR.values() if v["key"] == key)


def _yes(b: bool) -> dict:
    return T("да", "yes") if b else T("нет", "no")


def door_step(stamina: int, health_before: int, damage: int, previous_rolls: int, negative_rule: str,
              negative_before: int = 0, excess_burns: str = rules.EXCESS_BURNS) -> dict:
    """The step to ``serial-death-door`` (a result's ``"next"`` entry) when ``damage`` reaching
    Здоровье meets ``health_before``: the values that calculator takes, filled."""
    params = {"stamina": stamina, "health_before": health_before, "damage": damage,
              "previous_rolls": previous_rolls, "negative_rule": negative_rule}
    if previous_rolls:  # only a later door asks for the scene's negative hits and the excess
        params.update(negative_before=negative_before, excess_burns=excess_burns)
    return {"id": "serial-death-door",
            "label": T(f"Порог Смерти: урон {damage} при Здоровье {health_before}",
                       f"Death's door: {damage} damage against Health {health_before}"),
            "params": params}


# =================================================================================
# serial-damage
# =================================================================================

DAMAGE_PARAMS = (
    int_list_param("portions", "Порции урона (выпало на каждом попадании)",
                   "Damage portions (rolled per hit)", [6], 0, MAX_PORTION, 1, 20),
    int_param("armor", "Броня (наибольшая)", "Armor (the largest)", 0, 0, tables.MAX_ARMOR),
    bool_param("armor_tripled", "Броня утроена («Град ударов», «Короткая очередь»)",
               "Armor tripled (Flurry of blows, Short burst)", False, group="details",
               when={"param": "armor", "min": 1}),
    TAG_PARAM,
    int_param("absorption", "Уровни Поглощения (УП) в начале", "Absorption levels at the start",
              8, 0, MAX_ABSORPTION),
    int_param("health", "Здоровье", "Health", 7, 0, MAX_HEALTH,
              help=T("0 — персонаж уже на Пороге Смерти.", "0: already on death's door.")),
    int_param("stamina", "Выносливость", "Stamina", 2, 0, MAX_STAMINA),
    # Здоровье 0: on the door already (a visit of this scene), so the question is not asked
    bool_param("door_before", "Уже был на Пороге Смерти в этой сцене",
               "Already on death's door earlier this scene", False,
               help=T("Излишек сгорает только в первый раз.", "The excess burns only the first time."),
               group="details", when={"param": "health", "min": 1}),
    # negative hits are counted only once the door has been reached in this scene
    int_param("negative_before", "Отрицательных хитов уже набрано в сцене",
              "Negative hits already counted this scene", 0, 0, 100, group="details",
              when={"any": [{"param": "door_before", "eq": True}, {"param": "health", "max": 0}]}),
    NEGATIVE_RULE_PARAM,
    EXCESS_BURNS_PARAM,
    TWO_RESISTANCES_PARAM,
)


def _damage_compute(p: dict) -> dict:
    door_visits = 1 if p["door_before"] or p["health"] <= 0 else 0
    t, steps = rules.take_damage(p["absorption"], p["health"], p["stamina"], p["portions"],
                             p["armor"], p["tag"], "flurry" if p["armor_tripled"] else "none",
                             p["negative_before"], door_visits, p["negative_rule"], p["excess_burns"],
                             p["two_resistances"])
    arm = p["armor"] * (3 if p["armor_tripled"] else 1)
    lim = rules.threshold(p["stamina"])
    reached = any(s.door for s in steps) or p["health"] <= 0 and any(s.to_health for s in steps)
    instant = any(s.instant_death for s in steps)
    step_json = [{
        "rolled": rolled, "after_armor": max(0, rolled - arm), "portion": s.portion,
        "absorbed": s.absorbed, "to_health": s.to_health, "absorption_left": s.absorption_left,
        "health_left": s.health_left, "death_door": s.door, "excess": s.excess,
        "burned": s.burned, "negative_hits": s.negative, "instant_death": s.instant_death,
        "dead": s.dead,
    } for rolled, s in zip(p["portions"], steps)]
    rows = []
    for i, s in enumerate(step_json, 1):
        event = T("", "")
        if s["instant_death"]:
            event = T("Мгновенная смерть", "Instant death")
        elif s["dead"] and not any(x["dead"] for x in step_json[:i - 1]):
            event = T("Смерть: отрицательные хиты", "Death: negative hits")
        elif s["death_door"]:
            event = T(f"На пороге смерти (излишек {s['excess']}"
                      + (", сгорел)" if s["burned"] or not s["excess"] else ")"),
                      f"Death's door (excess {s['excess']}" + (", burned)" if s["burned"] or not s["excess"] else ")"))
        rows.append([i, s["rolled"], s["portion"], s["absorbed"], s["to_health"],
                     s["absorption_left"], s["health_left"], event])
    display = [
        figures(
            ("absorption_left", T("УП осталось", "Absorption left"), t.absorption),
            ("health_left", T("Здоровья осталось", "Health left"), t.health),
            ("death_door", T("Порог Смерти", "Death's door"), _yes(reached)),
            ("dead", T("Смерть (излишек сверх порога или отрицательные хиты)",
                       "Death (excess over the threshold or negative hits)"), _yes(t.dead)),
            ("threshold", T("Порог: max(12, 3 × Выносливость)", "Threshold: max(12, 3 × Stamina)"), lim),
        ),
        {"kind": "table", "title": T("По порциям", "Portion by portion"),
         "columns": [T("№", "#"), T("Выпало", "Rolled"), T("После Брони и тэга", "After Armor and tag"),
                     T("Поглощено", "Absorbed"), T("В Здоровье", "To Health"), T("УП", "Abs."),
                     T("Здоровье", "Health"), T("Событие", "Event")],
         "rows": rows},
    ]
    nxt = []
    if reached and not t.dead:
        display.append(note("Персонаж на Пороге Смерти: бросьте д6 Порога (калькулятор «Порог "
                            "Смерти»). Состояние может потребовать новых бросков при следующем уроне.",
                            "On death's door: roll the d6 (the Death's door calculator). The state "
                            "may call for new rolls on further damage.", "warning"))
        # the portion that brought the character to the door, with Здоровье as it was before it
        i = next((i for i, s in enumerate(steps) if s.door), None)
        if i is not None:
            before = p["health"] if i == 0 else steps[i - 1].health_left
            nxt.append(door_step(p["stamina"], before, steps[i].to_health, 1 if p["door_before"] else 0,
                                 p["negative_rule"], p["negative_before"], p["excess_burns"]))
    return {
        **({"next": nxt} if nxt else {}),
        "steps": step_json,
        "absorption_left": t.absorption,
        "health_left": t.health,
        "death_door": reached,
        "instant_death": instant,
        "dead": t.dead,
        "negative_hits": t.negative,
        "threshold": lim,
        "display": display,
    }


# =================================================================================
# serial-death-door
# =================================================================================

_EARLIER_ROLLS = {"param": "previous_rolls", "min": 1}
_NONLETHAL = {"param": "nonlethal", "eq": True}
_LETHAL = {"param": "nonlethal", "eq": False}

DOOR_PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 2, 0, MAX_STAMINA),
    int_param("health_before", "Здоровья оставалось", "Health that was left", 2, 0, MAX_HEALTH),
    int_param("damage", "Урон, дошедший до Здоровья", "Damage that reaches Health", 10, 0, 200),
    int_param("previous_rolls", "Бросков Порога уже было в сцене", "Death's-door rolls already this scene",
              0, 0, 10),
    bool_param("nonlethal", "Нелетальный урон (чёт/нечет)", "Nonlethal damage (odd/even)", False),
    # what happened at an earlier roll of this scene: only when there was one
    bool_param("shocked_before", "Уже был в Шоке в этой сцене", "Already in Shock this scene", False,
               group="details", when={"all": [_NONLETHAL, _EARLIER_ROLLS]}),
    bool_param("last_breath_before", "Уже был «Последний вздох» в этой сцене",
               "Already had «Last breath» this scene", False, group="details",
               when={"all": [_LETHAL, _EARLIER_ROLLS]}),
    int_param("negative_before", "Отрицательных хитов уже набрано в сцене",
              "Negative hits already counted this scene", 0, 0, 200,
              help=T("Считаются со второго Порога; излишек первого сгорает.",
                     "Counted from the second door on; the first excess burns."),
              group="details", when=_EARLIER_ROLLS),
    # a result below 1 needs the −1 of an earlier roll; odd/even has no such result
    replace(BELOW_ONE_PARAM, when={"all": [_LETHAL, _EARLIER_ROLLS]}),
    NEGATIVE_RULE_PARAM,
    bool_param("nonlethal_modifier", "−1 за бросок Порога и для чёт/нечет",
               "−1 per earlier roll also for odd/even", rules.NONLETHAL_MODIFIER,
               help=T("Источник: «бросается только чет/нечет» — про модификатор не сказано.",
                      "The source: «only odd/even is rolled», no word on the modifier."),
               group="readings", when={"all": [_NONLETHAL, _EARLIER_ROLLS]}),
    bool_param("nonlethal_can_kill", "Мгновенная смерть и от нелетального урона",
               "Instant death from nonlethal damage too", rules.NONLETHAL_CAN_KILL, group="readings",
               when=_NONLETHAL),
    # the excess of a later door counts as negative hits or burns: no question at the first
    replace(EXCESS_BURNS_PARAM, when=_EARLIER_ROLLS),
)


def _door_check(p: dict) -> None:
    if p["damage"] < p["health_before"]:
        raise field_error("damage", "Урон не доводит до Порога Смерти: нужно не меньше оставшегося "
                          "Здоровья.", "This damage does not reach death's door: it must be at least "
                          "the health that was left.")


def _door_dist(p: dict) -> tuple[Dist, int, int, bool]:
    dist, excess, lim = rules.death_door_distribution(
        p["stamina"], p["health_before"], p["damage"], p["previous_rolls"], p["nonlethal"],
        p["shocked_before"], p["last_breath_before"], p["below_one"], p["negative_rule"],
        p["nonlethal_modifier"], p["nonlethal_can_kill"])
    # later doors: the excess counts as negative hits («отсчет ... продолжается»)
    by_negative = (p["previous_rolls"] > 0 and p["excess_burns"] == "first"
                   and (p["nonlethal_can_kill"] or not p["nonlethal"])
                   and rules.exceeds(p["negative_before"] + excess, lim, p["negative_rule"]))
    if by_negative:
        dist = Dist.constant("instant_death")
    return dist, excess, lim, by_negative


def _door_compute(p: dict) -> dict:
    dist, excess, lim, by_negative = _door_dist(p)
    probs = {k: prob(dist[k]) for k in rules.DOOR_OUTCOMES}
    rows = [[_door_name(k), prob(dist[k])] for k in rules.DOOR_OUTCOMES]
    if dist == Dist.constant("instant_death"):
        roll_text = T("не бросается: мгновенная смерть", "none: instant death")
    elif p["nonlethal"] and p["shocked_before"]:
        roll_text = T("не нужен: только Оглушение (Шок уже был)", "none needed: Stunned only (Shock was had)")
    elif p["nonlethal"]:
        k = p["previous_rolls"] if p["nonlethal_modifier"] else 0
        roll_text = T("д6: чёт — Шок, нечет — Оглушение" + (f" (−{k})" if k else ""),
                      "d6: even is Shock, odd is Stunned" + (f" (−{k})" if k else ""))
    else:
        k = p["previous_rolls"]
        roll_text = T(f"д6 − {k}" if k else "д6", f"d6 − {k}" if k else "d6")
    display = [
        figures(
            ("door_roll", T("Бросок Порога", "The death's-door roll"), roll_text),
            ("excess", T("Излишек сверх оставшегося Здоровья", "Excess over the health left"), excess),
            ("threshold", T("Порог мгновенной смерти: max(12, 3 × Выносливость)",
                            "Instant-death threshold: max(12, 3 × Stamina)"), lim),
            ("instant_death", T("Мгновенная смерть", "Instant death"), probs["instant_death"]),
        ),
        {"kind": "table", "title": T("Исход", "Outcome"), "columns": [T("Состояние", "State"),
                                                                       T("Вероятность", "Probability")],
         "rows": rows},
    ]
    if by_negative:
        display.append(note("Отрицательные хиты сцены превысили порог.",
                            "The scene's negative hits passed the threshold.", "warning"))
    if p["nonlethal"]:
        display.append(note("Нелетальный урон: бросается только чёт (Шок) / нечет (Оглушение).",
                            "Nonlethal: only odd (Stunned) / even (Shock) is rolled."))
    return {**probs, "outcomes": probs, "excess": excess, "threshold": lim, "display": display}


def _door_roll(p: dict, roller) -> dict:
    dist, excess, lim, by_negative = _door_dist(p)
    if dist == Dist.constant("instant_death"):
        key, die, result = "instant_death", None, None
    else:
        die = roller.die(6)
        result = die if p["nonlethal"] and not p["nonlethal_modifier"] else die - p["previous_rolls"]
        if p["nonlethal"]:
            key = rules.nonlethal_roll(die, p["shocked_before"], p["previous_rolls"], p["nonlethal_modifier"])
        else:
            key = rules.death_door_roll(die, p["previous_rolls"], p["last_breath_before"], p["below_one"])
    display = []
    if die is not None:
        display.append(dice_block(T("Выпало на д6", "d6 rolled"), 6, [die]))
    display.append(figures(("outcome", T("Итог", "Result"), _door_name(key)),
                           ("modified", T("С модификатором", "Modified"), result if result is not None else "—")))
    return {"die": die, "modified": result, "outcome": key, "excess": excess, "threshold": lim,
            "display": display}


# =================================================================================
# serial-attack
# =================================================================================

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
    int_param("defence_dice", "Кубики защиты", "Defence dice", 0, 0, MAX_POOL,
              help=T("До штрафа «Толпа на одного»; «Отчаянная защита» — уже с вычетом 1 за каждую "
                     "следующую защиту.",
                     "Before the many-on-one penalty; for desperate defence already less 1 per "
                     "further defence."), group="details", when=_DEFENCE),
    int_param("defence_difficulty", "Сложность защиты (0 — по правилам)",
              "Defence difficulty (0: by the rules)", 0, 0, 10,
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
    int_param("absorption", "УП цели", "Target's absorption levels", 2, 0, MAX_ABSORPTION),
    int_param("health", "Здоровье цели", "Target's Health", 7, 1, MAX_HEALTH),
    int_param("stamina", "Выносливость цели", "Target's Stamina", 2, 0, MAX_STAMINA),
    int_param("door_rolls_before", "Бросков Порога Смерти у цели уже было в сцене",
              "The target's death's-door rolls already this scene", 0, 0, 10, group="details",
              help=T("Для таблицы Порога ниже (−1 за каждый) и для перехода к калькулятору «Порог Смерти».",
                     "For the death's-door table below (−1 each) and the step to the Death's door calculator.")),
    choice_param("parry_tie", "Парирование: ничья", "Parry: a tie", rules.PARRY_TIE, [
        ("no_effect", "не влияет на атаку (как в тексте)", "no effect on the attack (as written)"),
        ("cancel", "успехи вычитаются: промах", "successes cancel: a miss"),
    ], group="readings", when=_PARRY),
    choice_param("autofire_penalty", "«Штраф равный 2» автоогня", "Automatic fire's «penalty of 2»",
                 rules.AUTOFIRE_PENALTY, [("difficulty", "+2 к сложности", "+2 difficulty"),
                                      ("dice", "−2 кубика", "−2 dice")],
                 group="readings", when={"param": "maneuver", "eq": "autofire"}),
    choice_param("overflow", "Сложность выше 10", "Difficulty above 10", rules.DIFFICULTY_OVERFLOW, [
        ("clamp", "считается как 10", "counts as 10"), ("impossible", "попасть нельзя", "cannot hit")],
                 group="readings"),
    bool_param("attack_ones_cancel", "Единицы вычитают успехи на бросках попадания и защиты",
               "1s cancel successes on hit and defence rolls", rules.ATTACK_ONES_CANCEL,
               help=T("Источник говорит только про урон («единички не вычитаются») и захват "
                      "(«единички вычитаются»).",
                      "The source only speaks of damage (1s do not cancel) and grappling (1s cancel)."),
               group="readings"),
    choice_param("botch_rule", "Правило провала атаки", "Attack botch rule", rules.BOTCH_RULE, [
        ("none", "не применяется (в источнике нет)", "none (the source has none)"),
        ("revised", "ни одного успеха и хотя бы одна «1»", "no success and at least one 1"),
        ("second", "единиц больше, чем успехов", "more 1s than successes"),
    ], group="readings"),
    NEGATIVE_RULE_PARAM,
    # ---- the wound penalties of both sides, a lost parry or block, desperate defence, ambush ----
    int_param("attacker_health", "Здоровье атакующего (штраф за ранения к атаке)",
              "Attacker's Health (the wound penalty on the attack)", 7, 0, MAX_HEALTH,
              help=T("5 и ниже — −2 кубика к броску атаки, 3 и ниже (и на Пороге Смерти, 0) — −4.",
                     "5 or less: −2 attack dice; 3 or less (and on death's door, 0): −4."), group="details"),
    bool_param("attacker_no_pain", "Атакующий без штрафа за ранения («Превозмогая боль», «Воля к жизни»)",
               "No wound penalty for the attacker (pushing through pain, will to live)", False, group="details",
               when={"param": "attacker_health", "max": 5}),
    bool_param("target_no_pain", "Цель без штрафа за ранения к защите («Превозмогая боль», «Воля к жизни»)",
               "No wound penalty on the target's defence", False, group="details",
               when={"all": [{"param": "defence", "ne": "none"}, {"param": "health", "max": 5}]}),
    int_param("defender_limit", "Сила + Ловкость парирующего / Сила + Выносливость блокирующего",
              "Parrier's Strength + Dexterity / blocker's Strength + Stamina", 10, 0, 40,
              help=T("Если Сила + оружие нападающего (кубики урона) больше, защита автоматически провалена.",
                     "If the attacker's Strength + weapon (the damage dice) is more, the defence fails outright."),
              group="details", when={"param": "defence", "in": ["parry", "block"]}),
    bool_param("desperate", "Отчаянная защита", "Desperate defence", False, group="details",
               when={"param": "defence", "in": ["dodge", "block"]}),
    int_param("defence_number", "Какая это защита в ходу (1 — первая)", "Which defence this turn (1: the first)",
              1, 1, 10, help=T("«теряет по одному кубику (эффект кумулятивен) при каждом последующем защитном "
                               "приеме».", "One die less for each later defence this turn."),
              group="details", when={"all": [{"param": "defence", "in": ["dodge", "block"]},
                                             {"param": "desperate", "eq": True}]}),
    int_param("ambush_successes", "Засада: успехов на броске Незаметности (к кубикам атаки)",
              "Ambush: stealth successes (added to the attack dice)", 0, 0, MAX_POOL,
              help=T("Выигранная засада: «одну свободную атаку» — цель не защищается.",
                     "A won ambush: one free attack — the target does not defend."), group="details"),
    bool_param("wound_penalty_damage", "Штраф за ранения и к броску урона", "The wound penalty on the damage roll too",
               rules.WOUND_PENALTY_ON_DAMAGE,
               help=T("Источник не говорит, к каким броскам: «дает штраф в 2 кубика», «избежать штрафов к броскам».",
                      "The source does not say which rolls: «a penalty of 2 dice», «avoid the penalties to rolls»."),
               group="readings", when={"param": "attacker_health", "max": 5}),
    bool_param("wound_penalty_before_halving", "По-македонски: штраф за ранения до деления пополам",
               "Two guns: the wound penalty before halving", rules.WOUND_PENALTY_BEFORE_HALVING,
               group="readings", when={"all": [{"param": "maneuver", "eq": "two_guns"},
                                               {"param": "attacker_health", "max": 5}]}),
    bool_param("block_first", "УП блока тратятся раньше своих УП", "Block levels are spent before one's own",
               rules.BLOCK_FIRST, group="readings", when={"param": "defence", "eq": "block"}),
    TWO_RESISTANCES_PARAM,
)


def _attack_check(p: dict) -> None:
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
    if p["defence"] == "parry" and _parry_default(p) is None:
        if p["melee_class"] == "mighty":
            raise field_error("defence", "Удары оружия могущественной драки невозможно парировать.",
                              "Blows of a mighty-brawl weapon cannot be parried.")
        raise field_error("parry_weapon", "Коротким оружием невозможно эффективно парировать более "
                          "длинное оружие.", "A short weapon cannot effectively parry a longer one.")


def attack_numbers(p: dict) -> dict:
    """Attack dice/difficulty, defence dice/difficulty (and whether the defence is made at all),
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
        wound_penalty=pen_attack, penalty_before_halving=p["wound_penalty_before_halving"])
    dice, diff = rules.attack_roll(setup)
    defence = p["defence"]
    # «Но если Сила + Модификатор Оружия ... нападающего больше ..., то маневр автоматически провален»
    overpowered = defence in ("parry", "block") and p["damage_dice"] > p["defender_limit"]
    pen_defence = rules.wound_penalty(p["health"], p["target_no_pain"]) if defence != "none" else 0
    pool = p["defence_dice"]
    if p["desperate"] and defence in ("dodge", "block"):
        pool = rules.desperate_defence_pool(pool, p["defence_number"])
    def_dice = max(0, pool - rules.many_on_one_penalty(p["attackers"]) - pen_defence)
    ddiff = p["defence_difficulty"] or {"dodge": rules.dodge_difficulty(p["ranged"]),
                                        "block": rules.BLOCK_DIFFICULTY, "parry": _parry_default(p),
                                        "none": 6}[defence]
    dmg = p["damage_dice"] + m["damage_dice"] + (p["maneuver_trait"] if m["damage_bonus"] else 0)
    if p["wound_penalty_damage"]:
        dmg -= pen_attack
    return {"dice": dice, "difficulty": diff, "defence_difficulty": ddiff, "defence_dice": def_dice,
            "damage_dice": max(0, dmg), "defence": "none" if overpowered else defence, "overpowered": overpowered,
            "attack_penalty": pen_attack, "defence_penalty": pen_defence,
            "armor": rules.armor_against(p["armor"], p["maneuver"]), "maneuver": m}


def _landing(h: rules.HitOutcome, crit_at: int | None) -> tuple[bool, bool, int]:
    """What the damage roll needs to know of a hit: (landed, critical, the block's levels)."""
    crit = bool(h.hit and crit_at is not None and h.successes >= crit_at)
    return (h.hit, crit, h.block if h.hit else 0)


def attack_outcome(p: dict) -> dict:
    """Exact distributions of a whole attack (validated params of ``serial-attack``).

    The attack against the defence (:func:`rules.hit_distribution`), then for a hit the damage
    roll (:func:`rules.damage_distribution`, +3 automatic successes on a master strike's
    critical), Броня and tag (:func:`rules.portion_after_armor`) and the target
    (:func:`rules.take_portion`); a miss leaves the target as it was.
    """
    n = attack_numbers(p)
    m = n["maneuver"]
    hits = rules.hit_distribution(n["dice"], n["difficulty"], n["defence"], n["defence_dice"],
                              n["defence_difficulty"], m["hit_multiplier"], p["parry_tie"],
                              p["attack_ones_cancel"])
    landings = hits.map(lambda h: _landing(h, m["crit_at"]))
    portions = {crit: rules.damage_distribution(n["damage_dice"], p["damage_difficulty"],
                                            m["crit_successes"] if crit else 0).map(
                    lambda k: rules.portion_after_armor(k, n["armor"], p["tag"], p["two_resistances"]))
                for crit in {crit for landed, crit, _ in landings if landed}}
    memo: dict[tuple[int, int], tuple] = {}

    def target_after(d: int, block: int) -> tuple:
        if (d, block) not in memo:
            t = rules.Target(p["absorption"], p["health"], p["stamina"], door_visits=p["door_rolls_before"])
            s = rules.take_portion(t, d, block, p["negative_rule"], block_first=p["block_first"])
            status = ("instant_death" if s.instant_death else "death_door" if s.door
                      else "wounded" if s.to_health else "absorbed")
            memo[(d, block)] = (d, t.absorption, t.health, status, s.to_health)
        return memo[(d, block)]

    def after(landing: tuple) -> Dist:
        landed, crit, block = landing
        if not landed:
            return Dist.constant((None, p["absorption"], p["health"], "miss"))
        return portions[crit].map(lambda d: target_after(d, block))

    states = landings.bind(after)
    status = states.map(lambda s: s[3])
    door_outcomes = Dist.constant("none")
    if status["death_door"] or status["instant_death"]:
        # not an instant death (take_portion checked the excess): the excess burned, or at a later
        # door of the scene counted as negative hits, which do not reach the threshold then
        door = rules.death_door_distribution(p["stamina"], p["health"], p["health"], p["door_rolls_before"],
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
    }


def _attack_compute(p: dict) -> dict:
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
        dist_block("absorption_left", T("УП цели после атаки", "Target's absorption after the attack"),
                   T("УП", "abs."), o["absorption_left"], at_least=False),
        {"kind": "table", "title": T("Исход атаки", "Outcome of the attack"),
         "columns": [T("Исход", "Outcome"), T("Вероятность", "Probability")],
         "rows": [[T("промах", "miss"), res["status"]["miss"]],
                  [T("попадание без ранения (урон 0 или весь в УП)",
                     "a hit with no wound (0 damage or all absorbed)"), res["status"]["absorbed"]],
                  [T("ранение", "wounded"), res["status"]["wounded"]],
                  [T("Порог Смерти", "death's door"), res["status"]["death_door"]],
                  [tables.INSTANT_DEATH["name"], res["status"]["instant_death"]]]},
    ]
    if status["death_door"]:
        earlier = p["door_rolls_before"]
        which = (T("первый в сцене", "the first in the scene") if not earlier
                 else T(f"{earlier + 1}-й в сцене, −{earlier}", f"roll {earlier + 1} in the scene, −{earlier}"))
        display.append({"kind": "table", "title": T(f"Порог Смерти и его бросок д6 ({which['ru']}): "
                                                    "вероятность из всех атак",
                                                    f"Death's door and its d6 ({which['en']}): "
                                                    "chance out of all attacks"),
                        "columns": [T("Состояние", "State"), T("Вероятность", "Probability")],
                        "rows": [[_door_name(k), res["door_outcomes"][k]] for k in rules.DOOR_OUTCOMES]})
    if p["blind"] and p["ranged"]:
        display.append(note("Вслепую: считается, что рефлекторный бросок Восприятие + Бдительность "
                            "(сложность 8) удался и цель не дальше 10 м; иначе выстрел невозможен.",
                            "Blind: assumes the reflexive Perception + Alertness roll (difficulty 8) "
                            "succeeded and the target is within 10 m; otherwise no shot.", "warning"))
    extra = []
    if p["defence"] != "none" and not n["overpowered"]:
        dtext = f"{n['defence_dice']} / {n['defence_difficulty']}"
        extra.append(("defence", T("Защита: кубиков (после «Толпы на одного» и штрафа за ранения) / сложность",
                                   "Defence: dice (after many-on-one and the wound penalty) / difficulty"),
                      T(dtext, dtext)))
    if n["attack_penalty"] or n["defence_penalty"]:
        extra.append(("wound_penalties", T("Штраф за ранения: атака / защита", "Wound penalty: attack / defence"),
                      T(f"−{n['attack_penalty']} / −{n['defence_penalty']}",
                        f"−{n['attack_penalty']} / −{n['defence_penalty']}")))
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
                            "Master strike: 7+ successes after the defence add 3 automatic damage successes."))
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
    if p["ambush_successes"]:
        display.append(note(f"Засада: +{p['ambush_successes']} кубиков к атаке, цель не защищается.",
                            f"Ambush: +{p['ambush_successes']} attack dice, the target does not defend."))
    res["display"] = display
    if o["door_damage"] is not None:
        # the likeliest damage that brings the target to the door (its d6 does not depend on it
        # unless it is an instant death, which is not this case)
        res["next"] = [door_step(p["stamina"], p["health"], o["door_damage"].mode(), p["door_rolls_before"],
                                 p["negative_rule"])]
    return res


def _attack_roll(p: dict, roller) -> dict:
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
        faces = roller.dice(n["damage_dice"], 10)
        rolled = rules.damage_from_faces(faces, p["damage_difficulty"]) + (m["crit_successes"] if crit else 0)
        portion = rules.portion_after_armor(rolled, n["armor"], p["tag"], p["two_resistances"])
        t = rules.Target(p["absorption"], p["health"], p["stamina"], door_visits=p["door_rolls_before"])
        s = rules.take_portion(t, portion, h.block, p["negative_rule"], block_first=p["block_first"])
        display.append(d10_block(T("Урон", "Damage"), faces, p["damage_difficulty"], ones_cancel=False))
        out.update({"damage_faces": faces, "rolled": rolled, "critical": crit, "damage": portion,
                    "absorption_left": t.absorption, "health_left": t.health,
                    "death_door": s.door, "instant_death": s.instant_death})
        if s.door and not s.dead:
            out["next"] = [door_step(p["stamina"], p["health"], s.to_health, p["door_rolls_before"],
                                     p["negative_rule"])]
        display.append(figures(
            ("hit", T("Попадание", "Hit"), T(f"да, успехов {h.successes}", f"yes, {h.successes} successes")),
            ("damage", T("Урон после Брони и тэга", "Damage after Armor and tag"), portion),
            ("health_left", T("Здоровье цели", "Target's Health"), t.health),
            ("absorption_left", T("УП цели", "Target's absorption"), t.absorption),
            ("door", T("Порог Смерти", "Death's door"),
             T("мгновенная смерть", "instant death") if s.instant_death else _yes(s.door)),
        ))
    else:
        display.append(figures(("hit", T("Попадание", "Hit"),
                                T("нет" + (", парирование попало в нападающего" if h.counter else ""),
                                  "no" + (", the parry hit the attacker" if h.counter else "")))))
    out["display"] = display
    return out


# =================================================================================
# serial-explosion
# =================================================================================

_BADABOOM = {"param": "kind", "eq": "badaboom"}
_GRENADE = {"param": "kind", "eq": "grenade"}

EXPLOSION_PARAMS = (
    choice_param("kind", "Взрывчатка", "Explosive", "grenade",
                 [(k, e["name"]["ru"], e["name"]["en"]) for k, e in tables.EXPLOSIVES.items()]),
    int_param("distance", "Расстояние от эпицентра, м", "Distance from the centre, m", 0, 0, 200),
    int_param("radius", "Радиус (мины: 10–30 м; badaboom: где урон начинает падать)",
              "Radius (mines: 10–30 m; badaboom: where damage starts to fall)", 10, 0, 100,
              when={"param": "kind", "in": ["military", "badaboom"]}),
    int_param("dice", "Кубиков в эпицентре (badaboom: до 20)", "Dice at the centre (badaboom: up to 20)",
              20, 0, 20, when=_BADABOOM),
    choice_param("falloff", "Спад урона badaboom", "Badaboom fall-off",
                 rules.BADABOOM_FALLOFF, [
                     ("started", "−1 за каждые начатые 5 м", "−1 for every started 5 m"),
                     ("full", "−1 за каждые полные 5 м", "−1 for every full 5 m"),
                 ], help=T("Источник не говорит, с какого метра за радиусом теряется первый кубик.",
                           "The source does not say at which metre beyond the radius the first die "
                           "is lost."), group="readings", when=_BADABOOM),
    int_param("armor", "Броня цели", "Target's Armor", 0, 0, tables.MAX_ARMOR),
    TAG_PARAM,
    int_param("absorption", "УП цели", "Target's absorption levels", 2, 0, MAX_ABSORPTION),
    int_param("health", "Здоровье цели", "Target's Health", 7, 1, MAX_HEALTH),
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


def _explosion_check(p: dict) -> None:
    lo, hi = tables.MILITARY_RADIUS
    if p["kind"] == "military" and not lo <= p["radius"] <= hi:
        raise field_error("radius", f"Мины накрывают от {lo} до {hi} метров.",
                          f"Mines cover {lo} to {hi} metres.")


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


def _explosion_compute(p: dict) -> dict:
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


CALCULATORS = [
    Calculator(
        id="serial-damage", system="serial", kind="damage",
        title=T("Урон по порциям", "Damage portion by portion"),
        description=T("Для Рассказчика: порции урона по мере попаданий — Броня, тэг, УП, Здоровье, "
                      "Порог Смерти.",
                      "For the Storyteller: damage portions as hits land — Armor, tag, absorption, "
                      "Health, death's door."),
        params=DAMAGE_PARAMS, compute=_damage_compute, summary=("health_left", "death_door", "dead")),
    Calculator(
        id="serial-death-door", system="serial", kind="death",
        title=T("Порог Смерти", "Death's door"),
        description=T("Мгновенная смерть или бросок д6 Порога Смерти с модификаторами сцены.",
                      "Instant death or the d6 death's-door roll with the scene's modifiers."),
        params=DOOR_PARAMS, compute=_door_compute, roll=_door_roll, check=_door_check,
        summary=("door_roll", "instant_death")),
    Calculator(
        id="serial-attack", system="serial", kind="attack",
        title=T("Атака целиком", "A whole attack"),
        description=T("Попадание против защиты, урон, Броня, тэг, УП, Здоровье и Порог Смерти — точно.",
                      "Hit against a defence, damage, Armor, tag, absorption, Health and death's "
                      "door — exactly."),
        params=ATTACK_PARAMS, compute=_attack_compute, roll=_attack_roll, check=_attack_check,
        summary=("p_hit", "mean_damage", "p_death_door")),
    Calculator(
        id="serial-explosion", system="serial", kind="damage",
        title=T("Взрыв", "Explosion"),
        description=T("Кубики урона по расстоянию от эпицентра, урон после Брони и тэга, Порог Смерти.",
                      "Damage dice by distance from the centre, damage after Armor and tag, death's door."),
        params=EXPLOSION_PARAMS, compute=_explosion_compute, check=_explosion_check,
        summary=("mean_damage", "p_death_door", "dice")),
]


# =================================================================================
# serial-initiative: «Инициатива», «Подготовка», the order of turns
# =================================================================================

#: The kinds of creatures in the order 000 breaks ties by («первым ходят монстры, затем вампиры …»).
CREATURE_OPTIONS = [(k, rules.CREATURE_NAMES[k], en) for k, en in zip(rules.CREATURE_ORDER, (
    "monsters", "vampires", "shapeshifters", "fae", "mages", "sorcerers", "psychics", "everyone else"))]
_VALUE = {"param": "mode", "eq": "value"}
#: The three sums: (key, label, the two traits' parameter names).
INITIATIVE_SUMS = (
    ("dexterity_wits", T("Ловкость + Смекалка", "Dexterity + Wits"), ("dexterity", "wits")),
    ("manipulation_perception", T("Манипулирование + Восприятие", "Manipulation + Perception"),
     ("manipulation", "perception")),
    ("athletics_cunning", T("Атлетика + Хитрость", "Athletics + Cunning"), ("athletics", "cunning")),
)
MAX_INITIATIVE = 60


def _trait(name: str, ru: str, en: str, default: int) -> Param:
    return int_param(name, ru, en, default, 0, MAX_TRAIT, when=_VALUE)


INITIATIVE_PARAMS = (
    choice_param("mode", "Что считать", "What to work out", "value", [
        ("value", "Инициатива персонажа", "A character's Initiative"),
        ("order", "Порядок ходов", "The order of turns"),
    ]),
    _trait("dexterity", "Ловкость", "Dexterity", 3),
    _trait("wits", "Смекалка", "Wits", 2),
    _trait("manipulation", "Манипулирование", "Manipulation", 2),
    _trait("perception", "Восприятие", "Perception", 2),
    _trait("athletics", "Атлетика", "Athletics", 2),
    _trait("cunning", "Хитрость", "Cunning", 1),
    bool_param("prepared", "Прошлым действием была Подготовка", "The last action was Preparation", False,
               help=T("«На следующий ход добавить половину своего показателя Инициативы». Две «Подготовки» "
                      "не суммируются.", "Next turn add half one's Initiative. Two Preparations do not add up."),
               when=_VALUE),
    int_param("modifier", "Модификатор от особых умений и магии", "Modifier from special abilities and magic",
              0, -10, 20, group="details", when=_VALUE),
    bool_param("lowered", "Инициатива понижена в этом бою", "Initiative lowered this fight", False,
               help=T("«понизить свою инициативу до любого неотрицательного числа, но дальше до конца боя он не "
                      "может ее повысить».", "Lowered to any non-negative number; it cannot rise again this fight."),
               group="details", when=_VALUE),
    int_param("lowered_to", "Понижена до", "Lowered to", 0, 0, MAX_INITIATIVE, group="details",
              when={"all": [_VALUE, {"param": "lowered", "eq": True}]}),
    Param("participants", "record_list", T("Участники боя", "Those in the fight"),
          [{"initiative": 6, "kind": "vampire"}, {"initiative": 8, "kind": "other"},
           {"initiative": 6, "kind": "monster"}, {"initiative": 6, "kind": "other"}],
          min_len=1, max_len=20,
          fields=(Param("initiative", "int", T("Инициатива", "Initiative"), 5, min=0, max=MAX_INITIATIVE),
                  Param("kind", "choice", T("Кто", "Who"), "other",
                        options=tuple(Option(v, T(r, e)) for v, r, e in CREATURE_OPTIONS))),
          presets=tuple(Preset(T(r, e), {"initiative": 5, "kind": v}) for v, r, e in CREATURE_OPTIONS),
          when={"param": "mode", "eq": "order"}),
    choice_param("preparation_rounding", "Половина Инициативы при Подготовке", "Half the Initiative (Preparation)",
                 rules.PREPARATION_ROUNDING, [("down", "с округлением вниз", "rounded down"),
                                              ("up", "с округлением вверх", "rounded up")],
                 help=T("Источник не говорит, как округлять половину.", "The source does not say how to round the half."),
                 group="readings", when={"all": [_VALUE, {"param": "prepared", "eq": True}]}),
    bool_param("lowered_blocks_preparation", "После понижения Подготовка ничего не добавляет",
               "After lowering, Preparation adds nothing", rules.LOWERED_BLOCKS_PREPARATION,
               help=T("«дальше до конца боя он не может ее повысить, в том числе при помощи магии».",
                      "It cannot rise again this fight, magic included."), group="readings",
               when={"all": [_VALUE, {"param": "prepared", "eq": True}, {"param": "lowered", "eq": True}]}),
)


def _initiative_value(p: dict) -> tuple[int, list[tuple[str, dict, int]]]:
    sums = [(k, label, p[a] + p[b]) for k, label, (a, b) in INITIATIVE_SUMS]
    return rules.initiative(p["dexterity"], p["wits"], p["manipulation"], p["perception"], p["athletics"],
                            p["cunning"], p["modifier"]), sums


def _initiative_check(p: dict) -> None:
    if p["mode"] != "value":
        return
    value, _ = _initiative_value(p)
    if value < 0:
        raise field_error("modifier", "Инициатива с модификатором меньше нуля.", "The Initiative with the modifier is below 0.")
    if p["lowered"] and p["lowered_to"] > value:
        raise field_error("lowered_to", f"Инициативу можно только понизить: не больше {value}.",
                          f"The Initiative can only be lowered: at most {value}.")


def _order_text(groups: list[list[str]]) -> dict:
    parts = [" = ".join(f"№{n}" for n in g) + (" (ничья)" if len(g) > 1 else "") for g in groups]
    parts_en = [" = ".join(f"#{n}" for n in g) + (" (tie)" if len(g) > 1 else "") for g in groups]
    return T(" → ".join(parts), " → ".join(parts_en))


def _initiative_compute(p: dict) -> dict:
    if p["mode"] == "order":
        rows_in = [(str(i), r["initiative"], r["kind"]) for i, r in enumerate(p["participants"], 1)]
        groups = rules.initiative_order(rows_in)
        by_name = {n: (ini, kind) for n, ini, kind in rows_in}
        names = dict((v, T(r, e)) for v, r, e in CREATURE_OPTIONS)
        rows = []
        for place, g in enumerate(groups, 1):
            for n in g:
                ini, kind = by_name[n]
                rows.append([place, f"№{n}", ini, names[kind],
                             T("ничья: решите броском кубика", "tie: settle with a die") if len(g) > 1 else ""])
        ties = sum(len(g) > 1 for g in groups)
        display = [
            figures(("initiative", T("Порядок ходов", "The order of turns"), _order_text(groups))),
            {"kind": "table", "title": T("Порядок ходов", "The order of turns"),
             "columns": [T("Место", "Place"), T("Участник", "Who"), T("Инициатива", "Initiative"),
                         T("Кто", "Kind"), T("", "")], "rows": rows},
        ]
        if ties:
            display.append(note("Равная Инициатива у одинаковых существ: «решите оставшиеся ничьи броском кубика».",
                                "Equal Initiative among the same kind: settle the remaining ties with a die."))
        return {"order": groups, "unresolved_ties": ties, "display": display}
    value, sums = _initiative_value(p)
    this_turn, bonus = rules.initiative_this_turn(value, p["prepared"], p["lowered_to"] if p["lowered"] else None,
                                                  p["preparation_rounding"], p["lowered_blocks_preparation"])
    best = max(sums, key=lambda x: x[2])
    items = [("initiative", T("Инициатива в этот ход", "Initiative this turn"), this_turn),
             ("best_sum", T("Лучшая сумма", "The best sum"),
              T(f"{best[1]['ru']} = {best[2]}", f"{best[1]['en']} = {best[2]}"))]
    if p["prepared"]:
        items.append(("preparation_bonus", T("«Подготовка» добавила", "Preparation added"), bonus))
    display = [
        figures(*items),
        {"kind": "table", "title": T("Суммы характеристик", "The sums of traits"),
         "columns": [T("Сумма", "Sum"), T("Значение", "Value")],
         "rows": [[label, v] for _, label, v in sums]},
    ]
    if p["prepared"] and p["lowered"] and p["lowered_blocks_preparation"]:
        display.append(note("Инициатива понижена в этом бою: «не может ее повысить» — «Подготовка» ничего не добавила.",
                            "The Initiative was lowered this fight and cannot rise: Preparation added nothing."))
    return {"initiative": this_turn, "base": value, "preparation_bonus": bonus,
            "sums": {k: v for k, _, v in sums}, "display": display}


# =================================================================================
# serial-wounds: penalties and speed
# =================================================================================

_WOUNDED = {"param": "health", "max": 5}
_HALVED = {"any": [{"param": "health", "max": 3}, {"param": "overloaded", "eq": True}]}
WOUND_NAMES = {None: T("без ранения", "unhurt"), "wounded": T("ранение (5 и ниже): −2 кубика", "wounded (5 or less): −2 dice"),
               "heavy": T("тяжелое ранение (3 и ниже): −4 кубика, скорость вдвое", "heavy (3 or less): −4 dice, half speed"),
               "door": T("на Пороге Смерти (0 и ниже): −4 кубика, скорость вдвое",
                         "on death's door (0 or less): −4 dice, half speed")}

WOUNDS_PARAMS = (
    int_param("health", "Здоровье (хитов осталось)", "Health (hits left)", 7, 0, MAX_HEALTH,
              help=T("0 — на Пороге Смерти.", "0: on death's door.")),
    int_param("athletics", "Атлетика", "Athletics", 2, 0, MAX_TRAIT),
    int_param("dexterity", "Ловкость (для бега)", "Dexterity (for running)", 2, 0, MAX_TRAIT),
    bool_param("push", "Превозмогая боль (1 ПСВ в начале хода)", "Pushing through pain (1 WP at the turn's start)",
               False, when=_WOUNDED),
    bool_param("overloaded", "Перегружен", "Overloaded", False),
    bool_param("burning", "Горит!", "Burning", False),
    bool_param("will_to_live", "Воля к жизни (Порог Смерти, 3)", "Will to live (death's door, 3)", False,
               help=T("«Персонаж не испытывает штрафов от ран».", "No wound penalties."), group="details",
               when={"param": "health", "max": 0}),
    bool_param("burning_spared", "Сопротивляемость к огню или нечувствителен к боли",
               "Fire-resistant or insensitive to pain", False, group="details", when={"param": "burning", "eq": True}),
    bool_param("burning_willpower", "Тратит ПСВ против боли от огня", "Spends Willpower against the burning pain", False,
               group="details", when={"all": [{"param": "burning", "eq": True}, {"param": "burning_spared", "eq": False}]}),
    choice_param("pain_willpower", "Одна ПСВ против боли от ран и от огня", "One Willpower against wound and burning pain",
                 rules.PAIN_WILLPOWER, [("each", "у каждого штрафа своя трата ПСВ", "each penalty its own point"),
                                        ("one", "одна трата снимает оба", "one point spares both")],
                 group="readings", when={"all": [{"param": "burning", "eq": True}, _WOUNDED]}),
    choice_param("half_rounding", "Половина скорости", "Half the speed", rules.HALF_ROUNDING,
                 [("down", "с округлением вниз", "rounded down"), ("up", "с округлением вверх", "rounded up")],
                 group="readings", when=_HALVED),
    choice_param("run_halved", "Что делится вдвое", "What is halved", rules.RUN_HALVED, [
        ("speed", "только скорость (перемещение)", "the speed (movement) only"),
        ("both", "и скорость, и бег", "the speed and the run"),
    ], help=T("«снижение скорости в два раза», «уменьшение скорости движения в 2 раза»; у бега — «дистанция».",
              "«speed halved»; the run is a «distance»."), group="readings", when=_HALVED),
)


def _minus(n: int) -> int:
    """A penalty of ``n`` dice as a number (the page prints «−2»)."""
    return -n


def _wounds_compute(p: dict) -> dict:
    # what does not apply does not count: pushing through pain without a wound, the fire's
    # Willpower without a fire (either would spare the other pain under the reading «one»)
    push = p["push"] and p["health"] <= 5
    fire_wp = p["burning_willpower"] and p["burning"] and not p["burning_spared"]
    pen = rules.penalties(p["health"], push, p["burning"], p["burning_spared"], fire_wp,
                          p["overloaded"], p["will_to_live"] and p["health"] <= 0, p["pain_willpower"])
    speed = rules.speed(p["athletics"], p["health"], p["overloaded"], p["half_rounding"])
    run = rules.run_distance(p["dexterity"], p["athletics"], p["health"], p["overloaded"], p["half_rounding"],
                             p["run_halved"])
    level = rules.wound_level(p["health"])
    items = [("roll_penalty", T("Штраф ко всем броскам действий", "Penalty on every action roll"), _minus(pen.roll)),
             ("speed", T("Скорость: перемещение за ход", "Speed: movement per turn"), speed),
             ("run", T("Бег: дистанция за действие", "Run: distance per action"), run),
             ("wound", T("Ранение", "Wound"), WOUND_NAMES[level])]
    if p["overloaded"]:
        items.insert(1, ("dexterity_penalty", T("Штраф к броскам Ловкости", "Penalty on Dexterity rolls"),
                         _minus(pen.dexterity)))
    rows = [[T("Ранения", "Wounds"), _minus(pen.wounds)], [T("«Горит!»", "Burning"), _minus(pen.burning)],
            [T("«Перегружен» (только броски Ловкости)", "Overloaded (Dexterity rolls only)"), _minus(pen.overloaded)]]
    display = [figures(*items),
               {"kind": "table", "title": T("Из чего штраф", "What the penalty is made of"),
                "columns": [T("Причина", "Cause"), T("Кубиков", "Dice")], "rows": rows}]
    if push and level:
        display.append(note("«Превозмогая боль» снимает штрафы к броскам, «но не штрафов к движению».",
                            "Pushing through pain lifts the roll penalties, not the movement one."))
    return {"roll_penalty": pen.roll, "dexterity_penalty": pen.dexterity, "wounds": pen.wounds,
            "burning": pen.burning, "speed": speed, "run": run, "wound_level": level, "display": display}


# =================================================================================
# serial-burning: «Горит!»
# =================================================================================

_PUTTING_OUT = {"param": "extinguisher", "ne": "nobody"}
MAX_BURNING_TURNS = 20

BURNING_PARAMS = (
    int_param("turn", "Какой ход горит (1 — первый)", "Turn burning (1: the first)", 1, 1, MAX_BURNING_TURNS),
    int_param("armor", "Броня горящего", "The burning one's Armor", 0, 0, tables.MAX_ARMOR),
    TAG_PARAM,
    choice_param("extinguisher", "Кто тушит", "Who puts it out", "friend", [
        ("nobody", "никто", "nobody"), ("friend", "друг (сложность 5)", "a friend (difficulty 5)"),
        ("self", "сам горящий (сложность 7)", "the burning one himself (difficulty 7)"),
    ]),
    int_param("pool", "Ловкость + Выживание тушащего", "The extinguisher's Dexterity + Survival", 4, 0, MAX_POOL,
              when=_PUTTING_OUT),
    int_param("difficulty_change", "Подручные средства: изменение сложности", "Means at hand: difficulty change",
              0, -5, 3, help=T("«Подручные средства (огнетушитель, бассейны с водой) по решению Рассказчика могут "
                               "авто потушить горящего или снизить сложность».",
                               "Means at hand may put the fire out outright or lower the difficulty."),
              group="details", when=_PUTTING_OUT),
    bool_param("no_pain", "Тушит себя без −4 (сопротивляемость к огню, нечувствительность к боли, ПСВ)",
               "Puts himself out without −4 (fire resistance, no pain, Willpower)", False, group="details",
               when={"param": "extinguisher", "eq": "self"}),
    int_param("max_turns", "Сколько ходов считать", "Turns to count", 10, 1, MAX_BURNING_TURNS, group="details",
              when=_PUTTING_OUT),
    bool_param("first_turn_counts", "Первый ход горения уже считается (+1 сразу)",
               "The first turn burning already counts (+1 at once)", rules.BURNING_FIRST_TURN_COUNTS,
               help=T("«2 уровня урона + 1 уровень за каждый ход горения» — не сказано, считается ли первый.",
                      "«2 levels + 1 per turn burning» — whether the first turn counts is not said."),
               group="readings"),
    bool_param("is_portion", "Броня и тэг действуют на урон от огня", "Armor and tag act on the burning damage",
               rules.BURNING_IS_PORTION, group="readings",
               when={"any": [{"param": "armor", "min": 1}, {"param": "tag", "ne": "none"}]}),
    bool_param("after_damage", "Попытка тушения — после урона этого хода", "The attempt comes after the turn's damage",
               rules.EXTINGUISH_AFTER_DAMAGE, group="readings", when=_PUTTING_OUT),
    replace(ONES_PARAM, when=_PUTTING_OUT),
    TWO_RESISTANCES_PARAM,
)


def _burning_setup(p: dict) -> dict:
    """Per-turn levels and portions, and the extinguishing roll (pool, difficulty, P(out))."""
    turns = max(p["turn"], p["max_turns"] if p["extinguisher"] != "nobody" else 0)
    levels = [rules.burning_damage(k, p["first_turn_counts"]) for k in range(1, turns + 1)]
    portions = [rules.burning_portion(k, p["armor"], p["tag"], p["first_turn_counts"], p["is_portion"],
                                      p["two_resistances"]) for k in range(1, turns + 1)]
    out = {"levels": levels, "portions": portions, "pool": None, "difficulty": None, "p_out": None}
    if p["extinguisher"] != "nobody":
        self_ = p["extinguisher"] == "self"
        # «-4 куба на все броски действий из-за сильнейшей боли»: the burning one's own roll
        pain = rules.BURNING_PENALTY if self_ and not p["no_pain"] else 0
        pool = max(0, p["pool"] - pain)
        diff = rules.extinguish_difficulty(self_, p["difficulty_change"])
        out.update(pool=pool, difficulty=diff, pain=pain,
                   p_out=net_successes(pool, diff, p["ones_cancel"]).at_least(1) if diff is not None else Fraction(0))
    return out


def _burning_compute(p: dict) -> dict:
    b = _burning_setup(p)
    k = p["turn"]
    now, so_far = b["portions"][k - 1], sum(b["portions"][:k])
    items = [("damage_this_turn", T(f"Урон в начале {k}-го хода", f"Damage at the start of turn {k}"), now),
             ("damage_so_far", T(f"Всего за ходы 1–{k}", f"In all over turns 1–{k}"), so_far)]
    res = {"damage_this_turn": now, "damage_so_far": so_far, "levels": b["levels"][:k], "portions": b["portions"][:k]}
    display = []
    if b["p_out"] is None:
        items.insert(1, ("p_out", T("Шанс потушить одной попыткой", "Chance to put it out in one try"),
                         T("никто не тушит", "nobody puts it out")))
    else:
        items.insert(1, ("p_out", T("Шанс потушить одной попыткой", "Chance to put it out in one try"), prob(b["p_out"])))
        items.append(("roll", T("Бросок тушения: кубиков / сложность", "Putting out: dice / difficulty"),
                      f"{b['pool']} / {b['difficulty']}"))
        until = rules.burning_until_out(b["p_out"], lambda t: b["portions"][t - 1], p["max_turns"], p["after_damage"])
        total = until.map(lambda o: o[1])
        still = until.p(lambda o: o[2])
        items.append(("p_still_burning", T(f"Шанс, что горит и после {p['max_turns']} ходов",
                                           f"Chance it still burns after {p['max_turns']} turns"), prob(still)))
        res.update(p_out=prob(b["p_out"]), pool=b["pool"], difficulty=b["difficulty"], p_still_burning=prob(still),
                   mean_total=frac(total.mean()))
        display.append(dist_block("total_damage", T(f"Весь урон от огня, если тушить каждый ход (до {p['max_turns']} ходов)",
                                                    f"All the burning damage, putting out each turn (up to {p['max_turns']} turns)"),
                                  T("урон", "damage"), total))
    display.insert(0, figures(*items))
    display.append({"kind": "table", "title": T("Урон по ходам горения", "Damage turn by turn"),
                    "columns": [T("Ход", "Turn"), T("Уровней урона", "Damage levels"),
                                T("После Брони и тэга", "After Armor and tag")],
                    "rows": [[t, lv, po] for t, (lv, po) in enumerate(zip(b["levels"], b["portions"]), 1)][:max(k, 5)]})
    if p["extinguisher"] == "self" and b.get("pain"):
        display.append(note("Тушит себя: −4 куба от боли («Также цель получает -4 куба на все броски действий»).",
                            "Putting himself out: −4 dice from the pain."))
    res["display"] = display
    portions = b["levels"][:k] if p["is_portion"] else b["portions"][:k]
    res["next"] = [{"id": "serial-damage", "label": T(f"Урон по порциям: ходы 1–{k}", f"Damage portions: turns 1–{k}"),
                    "params": {"portions": portions, "armor": p["armor"] if p["is_portion"] else 0,
                               "tag": p["tag"] if p["is_portion"] else "none"}}]
    return res


def _burning_roll(p: dict, roller) -> dict:
    b = _burning_setup(p)
    if b["difficulty"] is None:
        return {"display": [note("Никто не тушит: бросать нечего.", "Nobody puts it out: nothing to roll.")]}
    r = roll_d10_pool(roller, b["pool"], b["difficulty"], p["ones_cancel"])
    out = r["net"] >= 1
    return {**r, "put_out": out, "display": [
        d10_block(T("Тушение", "Putting out"), r["faces"], b["difficulty"], p["ones_cancel"]),
        figures(("result", T("Итог", "Result"), T("потушен", "put out") if out else T("горит дальше", "still burning")))]}


# =================================================================================
# serial-ambush: «Засада»
# =================================================================================

AMBUSH_PARAMS = (
    int_param("stealth_pool", "Нападающий: Ловкость + Незаметность", "Attacker: Dexterity + Stealth", 5, 0, MAX_POOL),
    int_param("alert_pool", "Цель: Восприятие + Бдительность", "Target: Perception + Alertness", 4, 0, MAX_POOL),
    int_param("attack_dice", "Кубики свободной атаки (Ловкость + навык)", "Dice of the free attack (Dexterity + skill)",
              6, 0, MAX_POOL),
    int_param("attack_difficulty", "Сложность атаки", "Attack difficulty", rules.BASE_DIFFICULTY, 2, 10),
    int_param("difficulty", "Сложность бросков засады", "Difficulty of the ambush rolls", rules.AMBUSH_DIFFICULTY, 2, 10,
              help=T("Источник сложности не называет: базовая 6.", "The source names none: the base 6."),
              group="details"),
    replace(ONES_PARAM, label=T("Единицы вычитают успехи на бросках засады", "1s cancel on the ambush rolls")),
    bool_param("tie_adds", "При ничьей успехи Незаметности тоже добавляются", "On a tie the stealth successes add too",
               rules.AMBUSH_TIE_ADDS, help=T("«Если нападающему везет, то он может ... добавить любое количество успехов»; "
                                             "«При ничьей нападающий все же ходит первым».",
                                             "The successes come «if the attacker is lucky»; on a tie he still goes first."),
               group="readings"),
    bool_param("attack_ones_cancel", "Единицы вычитают успехи на броске атаки", "1s cancel on the attack roll",
               rules.ATTACK_ONES_CANCEL, group="readings"),
)


def _ambush_outcome(p: dict) -> dict:
    d = rules.ambush_distribution(p["stealth_pool"], p["alert_pool"], p["difficulty"], p["ones_cancel"], p["tie_adds"])
    won = d.given(lambda o: o[0] == "attacker") if d.p(lambda o: o[0] == "attacker") else None
    p_win = d.p(lambda o: o[0] == "attacker")
    hit = Fraction(0)
    for (who, bonus), w in d.items():
        if who == "attacker":
            hit += w * net_successes(p["attack_dice"] + bonus, p["attack_difficulty"], p["attack_ones_cancel"]).at_least(1)
    p_tie = d.p(lambda o: o[0] == "tie")
    tie_bonus = d.given(lambda o: o[0] == "tie").map(lambda o: o[1]).mean() if p_tie else Fraction(0)
    return {"dist": d, "won": won, "p_win": p_win, "p_tie": p_tie, "tie_bonus": tie_bonus,
            "p_spotted": d.p(lambda o: o[0] == "defender"), "p_free_hit": hit}


def _ambush_compute(p: dict) -> dict:
    o = _ambush_outcome(p)
    items = [("p_ambush", T("Засада удалась: свободная атака", "The ambush works: a free attack"), prob(o["p_win"])),
             ("p_free_hit", T("Свободная атака попала (из всех исходов)", "The free attack hits (of all outcomes)"),
              prob(o["p_free_hit"])),
             ("p_tie", T("Ничья: нападающий ходит первым, цель может защищаться",
                         "A tie: the attacker goes first, the target may defend"), prob(o["p_tie"])),
             ("p_spotted", T("Цель видит засаду: все в порядке инициативы",
                             "The target sees it: everyone by Initiative"), prob(o["p_spotted"]))]
    res = {"p_ambush": prob(o["p_win"]), "p_free_hit": prob(o["p_free_hit"]), "p_tie": prob(o["p_tie"]),
           "p_spotted": prob(o["p_spotted"]), "tie_bonus": frac(o["tie_bonus"])}
    if o["p_tie"]:
        items.append(("tie_bonus", T("Кубиков к атаке при ничьей, в среднем", "Dice added on a tie, mean"),
                      frac(o["tie_bonus"])))
    display = [figures(*items)]
    if o["won"] is not None:
        bonus = o["won"].map(lambda x: x[1])
        res["mean_bonus"] = frac(bonus.mean())
        display[0]["items"] += figures(("mean_bonus", T("Кубиков к атаке при удаче, в среднем",
                                                        "Dice added when it works, mean"), frac(bonus.mean())))["items"]
        display.append(dist_block("bonus", T("Успехов Незаметности к атаке (если засада удалась)",
                                             "Stealth successes added (if the ambush works)"), T("кубиков", "dice"), bonus))
    display.append(note("Уже ведущие бой цели попасть в засаду не могут; когда засада возможна, решает Рассказчик.",
                        "Those already fighting cannot be ambushed; the Storyteller decides when an ambush is possible."))
    res["display"] = display
    return res


def _ambush_roll(p: dict, roller) -> dict:
    a = roll_d10_pool(roller, p["stealth_pool"], p["difficulty"], p["ones_cancel"])
    d = roll_d10_pool(roller, p["alert_pool"], p["difficulty"], p["ones_cancel"])
    who = rules.ambush(a["net"], d["net"])
    display = [d10_block(T("Незаметность", "Stealth"), a["faces"], p["difficulty"], p["ones_cancel"]),
               d10_block(T("Бдительность", "Alertness"), d["faces"], p["difficulty"], p["ones_cancel"])]
    out = {"stealth": a["net"], "alert": d["net"], "who": who}
    names = {"attacker": T("засада удалась", "the ambush works"), "tie": T("ничья", "a tie"),
             "defender": T("цель видит засаду", "the target sees it")}
    text = names[who]
    if who == "attacker" or (who == "tie" and p["tie_adds"]):
        bonus = a["net"]
        if who == "attacker":
            att = roll_d10_pool(roller, p["attack_dice"] + bonus, p["attack_difficulty"], p["attack_ones_cancel"])
            display.append(d10_block(T("Свободная атака", "The free attack"), att["faces"], p["attack_difficulty"],
                                     p["attack_ones_cancel"]))
            out.update(bonus=bonus, hit=att["net"] >= 1, successes=max(0, att["net"]))
            text = T(f"{text['ru']}: +{bonus} куб., " + ("попал" if att["net"] >= 1 else "промах"),
                     f"{text['en']}: +{bonus} dice, " + ("a hit" if att["net"] >= 1 else "a miss"))
    display.append(figures(("result", T("Итог", "Result"), text)))
    out["display"] = display
    return out


# =================================================================================
# serial-contest: grapple, trip, disarm, cover an ally
# =================================================================================

CONTESTS = {
    "grapple": (T("Захват: жертва вырывается", "Grapple: the victim breaks free"),
                T("Жертва вырвалась", "The victim broke free")),
    "trip": (T("Подсечка: цель падает", "Trip: the target falls"), T("Цель упала («лёжа»)", "The target is down (prone)")),
    "disarm": (T("Разоружение", "Disarm"), T("Противник лишился оружия", "The opponent lost his weapon")),
    "cover": (T("Прикрыть товарища", "Cover an ally"), T("Атака поразила прикрывающего", "The attack hit the one covering")),
}
_ATTACKING = {"param": "contest", "ne": "grapple"}

CONTEST_PARAMS = (
    choice_param("contest", "Манёвр", "Maneuver", "grapple", [(k, v[0]["ru"], v[0]["en"]) for k, v in CONTESTS.items()]),
    int_param("holder_pool", "Удерживающий: Сила + Драка", "The holder: Strength + Brawl", 5, 0, MAX_POOL,
              when={"param": "contest", "eq": "grapple"}),
    int_param("victim_pool", "Жертва: Сила + Драка (или Атлетика, До)", "The victim: Strength + Brawl (or Athletics, Do)",
              4, 0, MAX_POOL, when={"param": "contest", "eq": "grapple"}),
    int_param("attack_dice", "Кубики атаки", "Attack dice", 6, 0, MAX_POOL, when=_ATTACKING),
    int_param("attack_difficulty", "Сложность атаки", "Attack difficulty", rules.BASE_DIFFICULTY, 2, 10, when=_ATTACKING),
    int_param("target_pool", "Цель: Ловкость + Атлетика (сложность 6)", "Target: Dexterity + Athletics (difficulty 6)",
              4, 0, MAX_POOL, when={"param": "contest", "eq": "trip"}),
    int_param("damage_dice", "Кубики урона (Сила + оружие)", "Damage dice (Strength + weapon)", 5, 0, MAX_POOL,
              when={"param": "contest", "eq": "disarm"}),
    int_param("opponent_strength", "Сила противника", "The opponent's Strength", 2, 0, MAX_TRAIT,
              when={"param": "contest", "eq": "disarm"}),
    int_param("cover_pool", "Прикрывающий: Ловкость + Уворот (сложность 6)", "The one covering: Dexterity + Dodge "
              "(difficulty 6)", 4, 0, MAX_POOL, when={"param": "contest", "eq": "cover"}),
    bool_param("attack_ones_cancel", "Единицы вычитают успехи на броске атаки", "1s cancel on the attack roll",
               rules.ATTACK_ONES_CANCEL, group="readings", when=_ATTACKING),
    replace(ONES_PARAM, label=T("Единицы вычитают успехи на броске цели", "1s cancel on the target's roll"),
            when={"param": "contest", "eq": "trip"}),
)


def _contest_dist(p: dict) -> Dist:
    c = p["contest"]
    if c == "grapple":
        free = rules.grapple_escape_probability(p["holder_pool"], p["victim_pool"])
        return Dist.bernoulli(free).map(lambda x: "effect" if x else "no_effect")
    a, d, ones = p["attack_dice"], p["attack_difficulty"], p["attack_ones_cancel"]
    if c == "trip":
        return rules.trip_distribution(a, d, p["target_pool"], ones, p["ones_cancel"])
    if c == "disarm":
        return rules.disarm_distribution(a, d, p["damage_dice"], p["opponent_strength"], ones)
    return rules.cover_distribution(a, d, p["cover_pool"], ones)


def _contest_compute(p: dict) -> dict:
    c = p["contest"]
    dist = _contest_dist(p)
    effect = dist["effect"]
    items = [("p_effect", CONTESTS[c][1], prob(effect))]
    res = {"p_effect": prob(effect)}
    if c != "grapple":
        res["p_hit"] = prob(1 - dist["miss"])
        res["p_no_effect"] = prob(dist["no_effect"])
        items.append(("p_hit", T("Атака попала", "The attack hits"), res["p_hit"]))
        no = {"trip": T("Попала, но цель устояла", "A hit, but the target stays up"),
              "disarm": T("Попала, но успехов не больше Силы: нападающий роняет оружие или получает повреждения",
                          "A hit, but no more successes than Strength: the attacker drops his weapon or is hurt"),
              "cover": T("Атака поразила товарища", "The attack hit the ally")}[c]
        items.append(("p_no_effect", no, prob(dist["no_effect"])))
    display = [figures(*items)]
    if c == "grapple":
        display.append(note("Жертва пытается вырваться сразу в момент захвата и далее раз в ход; пока не вырвется, "
                            "она не способна на физические действия.",
                            "The victim tries to break free at once and then once a turn; until then no physical action."))
    if c == "cover":
        display.append(note("Без защитного манёвра цели: успехи прикрывающего сравниваются с успехами атаки.",
                            "No defence of the target: the cover's successes meet the attack's."))
    res["display"] = display
    return res


CALCULATORS += [
    Calculator(
        id="serial-initiative", system="serial", kind="check",
        title=T("Инициатива и порядок ходов", "Initiative and the order of turns"),
        description=T("Инициатива — лучшая из трёх сумм; «Подготовка», понижение; порядок ходов с ничьими по видам существ.",
                      "Initiative — the best of three sums; Preparation, lowering; the turn order with ties by kind."),
        params=INITIATIVE_PARAMS, compute=_initiative_compute, check=_initiative_check,
        summary=("initiative",)),
    Calculator(
        id="serial-wounds", system="serial", kind="check",
        title=T("Штрафы и скорость", "Penalties and speed"),
        description=T("Штраф за ранения, «Горит!» и «Перегружен», скорость и бег.",
                      "Wound, burning and overload penalties, speed and run."),
        params=WOUNDS_PARAMS, compute=_wounds_compute, summary=("roll_penalty", "speed")),
    Calculator(
        id="serial-burning", system="serial", kind="damage",
        title=T("Горит!", "Burning"),
        description=T("Урон огня по ходам, −4 от боли, шанс потушить и весь урон, пока тушат.",
                      "Fire damage turn by turn, −4 from the pain, the chance to put it out and the damage meanwhile."),
        params=BURNING_PARAMS, compute=_burning_compute, roll=_burning_roll,
        summary=("damage_this_turn", "p_out")),
    Calculator(
        id="serial-ambush", system="serial", kind="check",
        title=T("Засада", "Ambush"),
        description=T("Незаметность против Бдительности: свободная атака с добавленными успехами, ничья или провал засады.",
                      "Stealth against Alertness: a free attack with the added successes, a tie or a spotted ambush."),
        params=AMBUSH_PARAMS, compute=_ambush_compute, roll=_ambush_roll, summary=("p_ambush", "p_free_hit")),
    Calculator(
        id="serial-contest", system="serial", kind="check",
        title=T("Захват, подсечка, разоружение, прикрытие", "Grapple, trip, disarm, cover"),
        description=T("Манёвры, где бросок встречает бросок: вырваться из захвата, упасть от подсечки, лишиться оружия, "
                      "принять атаку на себя.",
                      "Maneuvers where a roll meets a roll: break free, fall, lose the weapon, take the blow."),
        params=CONTEST_PARAMS, compute=_contest_compute, summary=("p_effect",)),
]
