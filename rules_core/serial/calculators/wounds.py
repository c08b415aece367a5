"""``serial-wounds``: the penalties of wounds, «Горит!» and «Перегружен», the speed and the run."""

from __future__ import annotations

from ...spec import Calculator, T, bool_param, figures, int_param, note
from .. import readings, rules
from .shared import MAX_HEALTH, MAX_TRAIT

__all__ = ["WOUND_NAMES", "WILL_TO_LIVE_NAME", "OVERLOADED_ROW", "WOUNDS_PARAMS", "compute", "CALCULATOR"]

_WOUNDED = {"param": "health", "max": 5}
#: a heavy wound halves the movement, unless in «Воля к жизни» (no wound penalties at all); «Перегружен» always
_HALVED = {"any": [{"all": [{"param": "health", "max": 3},
                            {"not": {"all": [{"param": "health", "max": 0}, {"param": "will_to_live", "eq": True}]}}]},
                   {"param": "overloaded", "eq": True}]}
WOUND_NAMES = {None: T("без ранения", "unhurt"), "wounded": T("ранение (5 и ниже): −2 кубика", "wounded (5 or less): −2 dice"),
               "heavy": T("тяжелое ранение (3 и ниже): −4 кубика, скорость вдвое", "heavy (3 or less): −4 dice, half speed"),
               "door": T("на Пороге Смерти (0 и ниже): −4 кубика, скорость вдвое",
                         "on death's door (0 or less): −4 dice, half speed")}

#: «Воля к жизни»: «Персонаж не испытывает штрафов от ран и может действовать как раньше»
WILL_TO_LIVE_NAME = T("на Пороге Смерти, «Воля к жизни»: без штрафов от ран",
                      "on death's door, Will to live: no wound penalties")

#: The row of «Перегружен» by the reading :data:`rules.OVERLOADED_ROLLS` (the attack calculator has its switch).
OVERLOADED_ROW = {
    "dexterity_pools": T("«Перегружен» (броски с Ловкостью: атака, защита)",
                         "Overloaded (rolls with Dexterity: attack, defense)"),
    "pure_dexterity": T("«Перегружен» (только броски одной Ловкости)", "Overloaded (rolls of Dexterity alone)"),
}

WOUNDS_PARAMS = (
    int_param("health", "Здоровье (хитов осталось)", "Health (hits left)", rules.HEALTH_LEVELS, 0, MAX_HEALTH,
              help=T("0 — на Пороге Смерти.", "0: on death's door.")),
    int_param("athletics", "Атлетика", "Athletics", 2, 0, MAX_TRAIT),
    int_param("dexterity", "Ловкость (для бега)", "Dexterity (for running)", 2, 0, MAX_TRAIT),
    bool_param("push", "Превозмогая боль (1 ПСВ в начале хода)", "Pushing through pain (1 WP at the turn's start)",
               False, when=_WOUNDED),
    bool_param("overloaded", "Перегружен", "Overloaded", False),
    bool_param("burning", "Горит!", "Burning", False),
    bool_param("will_to_live", "Воля к жизни (Порог Смерти, 3)", "Will to live (death's door, 3)", False,
               help=T("«Персонаж не испытывает штрафов от ран и может действовать как раньше»: ни кубиков, ни "
                      "половины скорости.", "No wound penalties: neither dice nor half speed."), group="details",
               when={"param": "health", "max": 0}),
    bool_param("burning_spared", "Сопротивляемость к огню или нечувствителен к боли",
               "Fire-resistant or insensitive to pain", False, group="details", when={"param": "burning", "eq": True}),
    bool_param("burning_willpower", "Тратит ПСВ против боли от огня", "Spends Willpower against the burning pain", False,
               group="details", when={"all": [{"param": "burning", "eq": True}, {"param": "burning_spared", "eq": False}]}),
    readings.PAIN_WILLPOWER.switch(when={"all": [{"param": "burning", "eq": True}, _WOUNDED]}),
    readings.HALF_ROUNDING.switch(when=_HALVED),
    readings.RUN_HALVED.switch(when=_HALVED),
)


def _minus(n: int) -> int:
    """A penalty of ``n`` dice as a number (the page prints «−2»)."""
    return -n


def compute(p: dict) -> dict:
    """The roll penalties, the speed and the run of a wounded, burning or overloaded character."""
    # what does not apply does not count: pushing through pain without a wound, the fire's
    # Willpower without a fire (either would spare the other pain under the reading «one»)
    push = p["push"] and p["health"] <= 5
    fire_wp = p["burning_willpower"] and p["burning"] and not p["burning_spared"]
    will = p["will_to_live"] and p["health"] <= 0
    pen = rules.penalties(p["health"], push, p["burning"], p["burning_spared"], fire_wp,
                          p["overloaded"], will, p["pain_willpower"])
    speed = rules.speed(p["athletics"], p["health"], p["overloaded"], p["half_rounding"], will)
    run = rules.run_distance(p["dexterity"], p["athletics"], p["health"], p["overloaded"], p["half_rounding"],
                             p["run_halved"], will)
    level = rules.wound_level(p["health"])
    items = [("roll_penalty", T("Штраф ко всем броскам действий", "Penalty on every action roll"), _minus(pen.roll)),
             ("speed", T("Скорость: перемещение за ход", "Speed: movement per turn"), speed),
             ("run", T("Бег: дистанция за действие", "Run: distance per action"), run),
             ("wound", T("Ранение", "Wound"), WILL_TO_LIVE_NAME if will else WOUND_NAMES[level])]
    if p["overloaded"]:
        items.insert(1, ("dexterity_penalty", T("Штраф к броскам Ловкости", "Penalty on Dexterity rolls"),
                         _minus(pen.dexterity)))
    rows = [[T("Ранения", "Wounds"), _minus(pen.wounds)], [T("«Горит!»", "Burning"), _minus(pen.burning)],
            [OVERLOADED_ROW[rules.OVERLOADED_ROLLS], _minus(pen.overloaded)]]
    display = [figures(*items),
               {"kind": "table", "title": T("Из чего штраф", "What the penalty is made of"),
                "columns": [T("Причина", "Cause"), T("Кубиков", "Dice")], "rows": rows}]
    if push and level:
        display.append(note("«Превозмогая боль» снимает штрафы к броскам, «но не штрафов к движению».",
                            "Pushing through pain lifts the roll penalties, not the movement one."))
    return {"roll_penalty": pen.roll, "dexterity_penalty": pen.dexterity, "wounds": pen.wounds,
            "burning": pen.burning, "speed": speed, "run": run, "wound_level": level, "display": display}

#: ``serial-wounds``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-wounds", system="serial", kind="check",
    title=T("Штрафы и скорость", "Penalties and speed"),
    description=T("Штраф за ранения, «Горит!» и «Перегружен», скорость и бег.",
                  "Wound, burning and overload penalties, speed and run."),
    params=WOUNDS_PARAMS, compute=compute, summary=("roll_penalty", "speed"))
