"""``serial-burning``: «Горит!» — the fire's damage turn by turn, −4 from the pain, the chance to
put it out and all the damage meanwhile.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...wod.pool import d10_block, net_successes, roll_d10_pool
from ...spec import Calculator, T, bool_param, choice_param, dist_block, figures, frac, int_param, note, prob
from .. import readings, rules, tables
from .shared import MAX_POOL, ONES_PARAM, TAG_PARAM, TWO_RESISTANCES_PARAM

__all__ = ["MAX_BURNING_TURNS", "BURNING_PARAMS", "compute", "roll", "CALCULATOR"]

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
    readings.BURNING_FIRST_TURN_COUNTS.switch(),
    readings.BURNING_IS_PORTION.switch(when={"any": [{"param": "armor", "min": 1}, {"param": "tag", "ne": "none"}]}),
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


def _turns_text(k: int) -> dict:
    """The turns so far in words: 1-й ход, or ходы 1–3 (never ходы 1–1)."""
    return T("1-й ход", "turn 1") if k == 1 else T(f"ходы 1–{k}", f"turns 1–{k}")


def compute(p: dict) -> dict:
    """The fire's damage up to the turn asked and, when someone puts it out, its odds."""
    b = _burning_setup(p)
    k = p["turn"]
    now, so_far = b["portions"][k - 1], sum(b["portions"][:k])
    turns = _turns_text(k)
    items = [("damage_this_turn", T(f"Урон в начале {k}-го хода", f"Damage at the start of turn {k}"), now),
             ("damage_so_far", T(f"Всего за {turns['ru']}", f"In all over {turns['en']}"), so_far)]
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
    res["next"] = [{"id": "serial-damage", "label": T(f"Урон по порциям: {turns['ru']}", f"Damage portions: {turns['en']}"),
                    "params": {"portions": portions, "armor": p["armor"] if p["is_portion"] else 0,
                               "tag": p["tag"] if p["is_portion"] else "none"}}]
    return res


def roll(p: dict, roller) -> dict:
    """One attempt to put the fire out."""
    b = _burning_setup(p)
    if b["difficulty"] is None:
        return {"display": [note("Никто не тушит: бросать нечего.", "Nobody puts it out: nothing to roll.")]}
    r = roll_d10_pool(roller, b["pool"], b["difficulty"], p["ones_cancel"])
    out = r["net"] >= 1
    return {**r, "put_out": out, "display": [
        d10_block(T("Тушение", "Putting out"), r["faces"], b["difficulty"], p["ones_cancel"]),
        figures(("result", T("Итог", "Result"), T("потушен", "put out") if out else T("горит дальше", "still burning")))]}

#: ``serial-burning``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="serial-burning", system="serial", kind="damage",
    title=T("Горит!", "Burning"),
    description=T("Урон огня по ходам, −4 от боли, шанс потушить и весь урон, пока тушат.",
                  "Fire damage turn by turn, −4 from the pain, the chance to put it out and the damage meanwhile."),
    params=BURNING_PARAMS, compute=compute, roll=roll,
    summary=("damage_this_turn", "p_out"))
