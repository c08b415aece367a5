"""``serial-contest``: manoeuvres where a roll meets a roll — breaking free of a grapple, a trip, a
disarm, covering an ally.
"""

from __future__ import annotations

from dataclasses import replace

from ...dice import Dist
from ...spec import Calculator, T, choice_param, figures, int_param, note, prob
from .. import readings, rules
from .shared import MAX_POOL, MAX_TRAIT, ONES_PARAM

__all__ = ["CONTESTS", "CONTEST_PARAMS", "compute", "CALCULATOR"]

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
    readings.ATTACK_ONES_CANCEL.switch(label=T("Единицы вычитают успехи на броске атаки", "1s cancel on the attack roll"),
                                       help=None, when=_ATTACKING),
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


def compute(p: dict) -> dict:
    """The odds of the maneuver's effect (and of its hit, for the attacking ones)."""
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
                            "No defense of the target: the cover's successes meet the attack's."))
    res["display"] = display
    return res

#: ``serial-contest``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-contest", system="serial", kind="check",
    title=T("Захват, подсечка, разоружение, прикрытие", "Grapple, trip, disarm, cover"),
    description=T("Манёвры, где бросок встречает бросок: вырваться из захвата, упасть от подсечки, лишиться оружия, "
                  "принять атаку на себя.",
                  "Maneuvers where a roll meets a roll: break free, fall, lose the weapon, take the blow."),
    params=CONTEST_PARAMS, compute=compute, summary=("p_effect",))
