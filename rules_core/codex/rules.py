"""«Codex of…» (source 004): the success roll, stress, FLAX, hit difficulty, armor and the track.

The roll (§ 22, § 15, § 6): «NAD6+XED6 против сложности. Для успешности действия необходимо
выкинуть количество LV, равное или больше значения сложности.» All dice are d6; the skill level
sets the smallest face that gives an LV (table ``codex/skill_levels``).

Stress S (0–6), «применяемые строго в этом порядке»:

1. «До S выпавших единиц … съедают по 1 LV с уже состоявшихся успехов броска, начиная с наименьших
   выпавших значений. Если единицы съели все более мелкие успехи, а их квота ещё не исчерпана,
   следующей съедается шестёрка целиком — она пропадает полностью и не участвует в пункте 2.»
2. «Из оставшихся после пункта 1 результатов до S шестёрок превращаются в 2LV каждая (взрываются).»

Level 1 (table): «Только 6, но шестёрки никогда не взрываются от стресса».

FLAX (stress beyond 6): «вместо взрыва шестёрок (6) и работы единиц к каждому броску
дополнительно бросается 2D6. Один D6 показывает дополнительные успехи, а второй — дополнительные
провалы. Из большего выпавшего вычитается меньшее, и получается дополнительный результат к броску.»

Readings chosen (each a parameter and a calculator switch):

* :data:`SKILL0_READINGS` — level 0 has no row in the table. 004 § 15: «Если у персонажа
  отсутствует какой-либо навык — он считается на уровне ноль (0). Если это какой-либо
  специальный … навык …, тогда его просто нельзя применить»; § 1: «навык 0 никогда не получает
  взрыва шестёрок от стресса и больше не получает штраф +1 к сложности». ``"as_level_1"``
  (default): only a 6 gives an LV and sixes never explode; ``"cannot"``: the skill cannot be
  applied (no roll: a special skill).
* :data:`SKILL_SCALE_READINGS` — the table numbers skill levels 1–6, while § 1 puts the
  no-explosion clause on «навык 0» («переформулирован уровень 0») and § 17 knows skill levels
  0–5 only (under «Подготовки, навыки и черты»: «0–1 — может взять любой» … «4–5 — возможно
  получение только в процессе игры»). ``"as_written"`` (default): the table
  as numbered, level 0 by :data:`SKILL0_READINGS`; ``"shifted"``: the table is one off — row 1 is
  skill 0 (only 6, never exploding), row 2 skill 1 … row 6 skill 5; there is no skill 6.
* :data:`FLAX_READINGS` — ``"signed"`` (default): the success die minus the failure die, so
  the extra result is negative when the failure die is higher (why else name the dice?);
  ``"absolute"``: the difference of the two dice is always added. LV never go below 0
  (:data:`LV_FLOOR`); a difficulty is ≥ 1, so the floor never changes P(success).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from ..dice import Dist
from . import readings, tables

__all__ = [
    "ABILITY_USES",
    "ACTIVATED",
    "ACTIVATED_READINGS",
    "AD6_PER_TURN",
    "AIMED_BONUSES",
    "ALL_AD6_DIFFICULTY",
    "ATTACK_KINDS",
    "BURST_ARMOR_READINGS",
    "BURST_LIGHT_READINGS",
    "BURST_ROUNDING",
    "CHARACTER_TARGET",
    "CHECK_STRESS",
    "CHECK_STRESS_READINGS",
    "COUNTER_STEP",
    "COUNTER_STEP_READINGS",
    "COUNTER_TIE",
    "COUNTER_TIE_READINGS",
    "CRIPPLING_PER",
    "CRIPPLING_PER_READINGS",
    "CRUEL_ORDER",
    "CRUEL_ORDER_READINGS",
    "EXHAUSTION_STATE",
    "EXHAUSTION_STATE_READINGS",
    "FLAX_READINGS",
    "INCAPACITATED_READINGS",
    "LARGE_CATEGORY",
    "LIGHT_CATEGORY",
    "LV_FLOOR",
    "MAX_EXHAUSTION",
    "MAX_HINDRANCE",
    "MAX_SKILL_SHIFTED",
    "MAX_STRESS",
    "MIN_DIFFICULTY",
    "MOBILITY",
    "MOBILITY_READINGS",
    "PARITY",
    "PARITY_READINGS",
    "REROLL",
    "REROLL_READINGS",
    "SHIELD_WEAR",
    "SHIELD_WEAR_READINGS",
    "SKILL0_READINGS",
    "SKILL_SCALE_READINGS",
    "STANCE_BLOCK",
    "STANCE_BLOCK_READINGS",
    "STANCE_LIMIT",
    "STANCE_LIMIT_READINGS",
    "STRESSFUL_DIFFICULTY",
    "TRACK",
    "ability_cost",
    "armor_after_aim",
    "attack_ad6",
    "attack_damage",
    "consequence",
    "counter_works",
    "counters_race",
    "ed6_after_ability",
    "exhaustion_deprives",
    "flax_dist",
    "flax_extra",
    "held_by_other_stances",
    "hit_damage",
    "hit_difficulty",
    "incapacitated",
    "injury_tokens",
    "lv_dist",
    "mobility_penalty",
    "p_counter",
    "play_rerolls",
    "preparation_group",
    "reroll_dist",
    "resolve",
    "roll_dist",
    "roll_with_rerolls",
    "shield_wear",
    "skill_rule",
    "stress_for_check",
    "through_armor",
    "to_next_level",
    "top1",
    "track_capacity",
    "track_level",
]

SKILL0_READINGS = readings.SKILL0.values
SKILL_SCALE_READINGS = readings.SKILL_SCALE.values
#: With the shifted reading the table's six rows are skill levels 0–5.
MAX_SKILL_SHIFTED = 5
FLAX_READINGS = readings.FLAX.values
LV_FLOOR = 0
#: «У любого персонажа есть только 4AD6.»
AD6_PER_TURN = 4
MAX_STRESS = 6


def _skill_row(level: int) -> tuple[int, bool]:
    """(smallest face giving an LV, whether sixes explode) of a row of ``codex/skill_levels``."""
    if level not in tables.SKILL_LEVELS:
        raise ValueError(f"no skill level {level} in the table")
    row = tables.SKILL_LEVELS[level]
    return row["min_face"], row["sixes_explode"]


def skill_rule(level: int, skill0: str = "as_level_1",
               scale: str = "as_written") -> tuple[int, bool] | None:
    """(smallest face giving an LV, whether sixes explode from stress), or ``None`` if unusable."""
    if skill0 not in SKILL0_READINGS:
        raise ValueError(f"skill0 must be one of {SKILL0_READINGS}")
    if scale not in SKILL_SCALE_READINGS:
        raise ValueError(f"scale must be one of {SKILL_SCALE_READINGS}")
    if scale == "shifted":
        if not 0 <= level <= MAX_SKILL_SHIFTED:
            raise ValueError(f"with the shifted table skill levels are 0..{MAX_SKILL_SHIFTED}")
        if level == 0 and skill0 == "cannot":
            return None
        return _skill_row(level + 1)
    if level == 0:
        if skill0 == "cannot":
            return None
        return _skill_row(1)[0], False  # § 1: «навык 0 никогда не получает взрыва шестёрок»
    return _skill_row(level)


def resolve(faces: list[int], min_face: int, stress: int, explodes: bool = True) -> dict:
    """Apply the stress steps to rolled faces, exactly in the source's order.

    Returns ``{"lv", "marks"}``; marks per die: ``"success"`` (1 LV), ``"explode"`` (a six worth
    2 LV), ``"eaten"`` (a success a one ate), ``"one"`` (a one that ate a success),
    ``""`` (nothing).
    """
    if not 0 <= stress <= MAX_STRESS:
        raise ValueError("stress must be 0..6")
    marks = ["success" if f >= min_face else "" for f in faces]
    ones = [i for i, f in enumerate(faces) if f == 1]
    quota = min(stress, len(ones))
    # successes from the smallest face up; sixes come last, so a six is eaten only after the rest
    order = sorted((i for i, m in enumerate(marks) if m == "success"), key=lambda i: faces[i])
    eaten = order[:quota]
    for i in ones[:len(eaten)]:
        marks[i] = "one"
    for i in eaten:
        marks[i] = "eaten"
    if explodes:
        left_sixes = [i for i, f in enumerate(faces) if f == 6 and marks[i] == "success"]
        for i in left_sixes[:stress]:
            marks[i] = "explode"
    lv = sum(1 for m in marks if m == "success") + 2 * sum(1 for m in marks if m == "explode")
    return {"lv": lv, "marks": marks}


def flax_extra(success_die: int, failure_die: int, reading: str = "signed") -> int:
    """The FLAX 2D6's extra result."""
    if reading not in FLAX_READINGS:
        raise ValueError(f"reading must be one of {FLAX_READINGS}")
    d = success_die - failure_die
    return d if reading == "signed" else abs(d)


def _lv_from_counts(ones: int, mids: int, sixes: int, stress: int, explodes: bool) -> int:
    """LV from counts: ones, successes below 6 and sixes (the same steps as :func:`resolve`)."""
    quota = min(stress, ones)
    eat_mid = min(quota, mids)
    eat_six = min(quota - eat_mid, sixes)
    mids -= eat_mid
    sixes -= eat_six
    boom = min(stress, sixes) if explodes else 0
    return mids + sixes + boom


@lru_cache(maxsize=512)
def lv_dist(dice: int, min_face: int, stress: int = 0, explodes: bool = True) -> Dist:
    """Exact LV distribution of ``dice`` d6 (no FLAX) by enumerating the count multisets.

    Each die is a one (1/6), a success below six ((6 − min_face)/6), a six (1/6) or nothing
    ((min_face − 2)/6); the multinomial weights are integers over 6**dice.
    """
    if dice < 0:
        raise ValueError("dice must be ≥ 0")
    if not 2 <= min_face <= 6:
        raise ValueError("min_face must be 2..6")
    mid_faces, blank_faces = 6 - min_face, min_face - 2
    acc: dict[int, int] = {}
    for o in range(dice + 1):
        c1 = comb(dice, o)
        for m in range(dice - o + 1):
            c2 = c1 * comb(dice - o, m) * mid_faces**m
            if not c2:
                continue
            for s in range(dice - o - m + 1):
                r = dice - o - m - s
                w = c2 * comb(dice - o - m, s) * blank_faces**r
                if w:
                    lv = _lv_from_counts(o, m, s, stress, explodes)
                    acc[lv] = acc.get(lv, 0) + w
    return Dist.from_weights(acc)  # over 6**dice


def flax_dist(reading: str = "signed") -> Dist:
    """The extra result of the FLAX 2D6 (:func:`flax_extra` of a success die and a failure die).

    >>> flax_dist()[0], flax_dist("absolute")[5]
    (Fraction(1, 6), Fraction(1, 18))
    """
    d6 = Dist.die(6)
    return d6.combine(d6, lambda a, b: flax_extra(a, b, reading))


def roll_dist(dice: int, level: int, stress: int = 0, flax: bool = False, skill0: str = "as_level_1",
              flax_reading: str = "signed", skill_scale: str = "as_written") -> Dist | None:
    """The LV distribution of a Codex roll; ``None`` when the skill cannot be applied."""
    rule = skill_rule(level, skill0, skill_scale)
    if rule is None:
        return None
    min_face, explodes = rule
    if flax:
        base = lv_dist(dice, min_face, 0, False)
        return base.combine(flax_dist(flax_reading), lambda a, b: max(LV_FLOOR, a + b))
    return lv_dist(dice, min_face, stress, explodes)


# ---- hit difficulty and effect classes (§ 23, § 24) ---------------------------------------------

#: «Первая часть (+2 за то, что цель — персонаж) работает всегда.»
CHARACTER_TARGET = 2
#: «Максимальный уровень любого эффекта затруднения — 5»
MAX_HINDRANCE = 5
#: «Снижение сложности действия … (и не ниже 1 в любом случае)»
MIN_DIFFICULTY = 1


def top1(values) -> int:
    """The top-1 rule: effects of one kind do not add up, only the largest works (0 if none)."""
    return max(values, default=0)


def hit_difficulty(hindrances, reduction: int = 0) -> int:
    """2 + the single largest hindrance (each capped at 5), minus the largest reduction, ≥ 1.

    >>> hit_difficulty([3, 5])  # § 24: a large shield (+3) under a blurring cloak (+5): only 5 counts
    7
    """
    h = min(MAX_HINDRANCE, top1(hindrances))
    return max(MIN_DIFFICULTY, CHARACTER_TARGET + h - reduction)


# ---- armor as a threshold (§ 10) ----------------------------------------------------------------

def through_armor(damage: int, threshold: int, ignores_armor: bool = False) -> int:
    """«если урон одиночного попадания меньше порога брони N — персонаж получает всего 1 урона.
    Если урон равен порогу или выше — проходит полностью» (Large weapons and marked
    non-mechanical effects ignore the threshold)."""
    if ignores_armor or damage >= threshold:
        return damage
    return 1


# ---- the endurance track (§ 5) ------------------------------------------------------------------

INCAPACITATED_READINGS = readings.INCAPACITATED.values
#: The damage each threshold of the track holds, threshold 1 first: [10, 8, 8, 6, 6, 4].
TRACK = [threshold["damage"] for threshold in tables.ENDURANCE.values()]


def track_capacity(tough: int) -> int:
    """Damage the available thresholds hold: threshold 1 plus one per level of «Стойкий»."""
    return sum(TRACK[: 1 + tough])


def track_level(total: int) -> int:
    """The threshold (1–6) in which the last point of damage lies; 1 for no damage.

    Damage beyond the whole track (42) still counts as level 6.
    """
    cum = 0
    for i, size in enumerate(TRACK, start=1):
        cum += size
        if total <= cum:
            return i
    return len(TRACK)


def incapacitated(total: int, tough: int, reading: str = "full") -> bool:
    """«становится недееспособным, когда заканчивается его доступный порог».

    ``"full"`` (default): when the available thresholds are full (damage ≥ their capacity);
    ``"over"``: only when damage goes past them.
    """
    if reading not in INCAPACITATED_READINGS:
        raise ValueError(f"reading must be one of {INCAPACITATED_READINGS}")
    cap = track_capacity(tough)
    return total >= cap if reading == "full" else total > cap


# ---- weapon attacks (§ 18–§ 20) -----------------------------------------------------------------

ATTACK_KINDS = ("quick", "burst", "normal", "aimed")
AIMED_BONUSES = ("double", "ignore_armor_class", "other")
#: «Очередь — … урон за каждый успех равен урону оружия/2, кроме лёгкого.» Two readings:
#: ``"full"`` (default) — a light weapon's burst deals its full damage per success;
#: ``"forbidden"`` — a light weapon cannot fire a burst at all.
BURST_LIGHT_READINGS = readings.BURST_LIGHT.values
#: «урону оружия/2» for an odd damage (Габаритное, 3): rounded down (default, as the quick
#: attack says «с округлением вниз») or up.
BURST_ROUNDING = readings.BURST_ROUNDING_READING.values
#: Is each burst success its own hit against the armor threshold («урон одиночного попадания»)?
#: ``"per_success"`` (default) or ``"total"`` (the whole burst is one hit).
BURST_ARMOR_READINGS = readings.BURST_ARMOR.values
#: Which weapon category ignores armor: «Оружие категории Большое … всегда наносит полный урон»
#: (its index in :data:`tables.WEAPONS`); and the light one, whose burst is special.
LARGE_CATEGORY = next(i for i, w in enumerate(tables.WEAPONS) if w["id"] == "large")
LIGHT_CATEGORY = next(i for i, w in enumerate(tables.WEAPONS) if w["id"] == "light")


def attack_ad6(kind: str, weapon_dice: int, available: int = AD6_PER_TURN) -> int:
    """AD6 an attack spends (and rolls): the weapon's dice («Кубики»), halved rounding down for a
    quick attack; all the AD6 left for a burst or an aimed attack."""
    if kind == "quick":
        return weapon_dice // 2
    if kind == "normal":
        return weapon_dice
    if kind in ("burst", "aimed"):
        return available
    raise ValueError(f"kind must be one of {ATTACK_KINDS}")


def hit_damage(kind: str, base: int, light: bool = False, aimed_bonus: str = "other",
               burst_rounding: str = "down") -> int:
    """Damage of one hit (for a burst: of one success) before armor."""
    if kind == "quick":
        return base // 2  # «в 2 раза уменьшает урон с округлением вниз»
    if kind == "burst":
        if light:
            return base
        return base // 2 if burst_rounding == "down" else -(-base // 2)
    if kind == "aimed" and aimed_bonus == "double":
        return 2 * base
    return base


def armor_after_aim(armor_row: int, kind: str, aimed_bonus: str) -> int:
    """«Игнорирование 1 уровня класса брони»: the armor one row lower in codex/armor."""
    if kind == "aimed" and aimed_bonus == "ignore_armor_class":
        return max(0, armor_row - 1)
    return armor_row


def attack_damage(lv: int, kind: str, per_hit: int, threshold: int, ignores_armor: bool,
                  burst_armor: str = "per_success") -> int:
    """Damage dealt by a hitting roll with ``lv`` LV."""
    if kind != "burst":
        return through_armor(per_hit, threshold, ignores_armor)
    if burst_armor == "per_success":
        return lv * through_armor(per_hit, threshold, ignores_armor)
    return through_armor(lv * per_hit, threshold, ignores_armor)


# ---- preparations: rerolls (§ 14, § 3) ----------------------------------------------------------

#: «Перебросить кубики в любом количестве ДО значения подготовки»: may a die be rerolled again?
#: ``"once"`` (default): each die at most once — up to that many dice are rerolled; ``"again"``: each
#: reroll spends one ED6, and a die that failed again may be rerolled again.
REROLL_READINGS = readings.REROLL.values
REROLL = readings.REROLL.default


def _face_classes(min_face: int) -> tuple[tuple[str, int], ...]:
    """A d6 by what it does: a one, a blank (no LV), a success below six, a six — weights over 6."""
    return tuple((c, w) for c, w in (("one", 1), ("blank", min_face - 2), ("mid", 6 - min_face), ("six", 1)) if w)


def _reroll_state(fresh_ones: int, fresh_blanks: int, used_ones: int, mids: int, sixes: int, target: int,
                  rerolls: int, stress: int) -> tuple[int, int, int, int, int, int]:
    """A roll's state before a reroll, reduced to what can still matter (the same odds, fewer states):
    without stress a one is a blank; ones kept beyond the quota S eat nothing, and fresh ones so many that
    the rerolls left cannot bring the ones under S do nothing either; no more blanks than rerolls left are
    ever rerolled; successes below six beyond S, and sixes beyond 2·S, add one LV each whatever else
    happens, so they come off the target instead."""
    if not stress:
        fresh_ones, fresh_blanks, used_ones = 0, fresh_blanks + fresh_ones, 0
    used_ones = min(used_ones, stress)
    fresh_ones = min(fresh_ones, stress - used_ones + rerolls)
    fresh_blanks = min(fresh_blanks, rerolls)
    if mids > stress:
        target, mids = target - (mids - stress), stress
    if sixes > 2 * stress:
        target, sixes = target - (sixes - 2 * stress), 2 * stress
    return fresh_ones, fresh_blanks, used_ones, mids, sixes, target


def reroll_dist(dice: int, min_face: int, stress: int, explodes: bool, rerolls: int, target: int,
                again: bool | None = None) -> Dist:
    """(reached ``target`` LV, ED6 spent on rerolls) of ``dice`` d6 with up to ``rerolls`` ED6 kept for
    rerolls, played to reach the target: while the roll is short of it and ED6 are left, reroll one die
    that gives no LV — a one first while stress makes ones eat successes; stop as soon as the target is
    reached (the rest of the ED6 stay unspent: «это одна и та же расходуемая сумма»).
    :data:`REROLL_READINGS` says whether a rerolled die may be rerolled again.

    >>> reroll_dist(1, 6, 0, True, 1, 1)[(True, 1)]  # a miss, rerolled into a six
    Fraction(5, 36)
    """
    # the reading is resolved before the cache, so that it is part of the cached call's key
    return _reroll_dist(dice, min_face, stress, explodes, rerolls, target,
                        (REROLL == "again") if again is None else again)


@lru_cache(maxsize=2048)
def _reroll_dist(dice: int, min_face: int, stress: int, explodes: bool, rerolls: int, target: int,
                 again: bool) -> Dist:
    classes = _face_classes(min_face)
    layer: dict = {}  # state → integer weight over 6 ** (dice + rerolls spent so far)
    for o in range(dice + 1):
        c1 = comb(dice, o)
        for m in range(dice - o + 1):
            c2 = c1 * comb(dice - o, m) * (6 - min_face) ** m
            if not c2:
                continue
            for s in range(dice - o - m + 1):
                b = dice - o - m - s
                w = c2 * comb(dice - o - m, s) * (min_face - 2) ** b
                if w:
                    key = _reroll_state(o, b, 0, m, s, target, rerolls, stress)
                    layer[key] = layer.get(key, 0) + w
    out: dict = {}
    for spent in range(rerolls + 1):
        left = rerolls - spent
        nxt: dict = {}
        for (fo, fb, uo, m, s, t), w in layer.items():
            lv = _lv_from_counts(fo + uo, m, s, stress, explodes)
            if lv >= t or not left or not fo + fb:
                key = (lv >= t, spent)
                out[key] = out.get(key, 0) + w * 6 ** left
                continue
            # a one that may eat a success first (stress), then a die with no LV
            if fo and (stress or not fb):
                fo -= 1
            else:
                fb -= 1
            for cls, cw in classes:
                o, b, u, mm, ss = fo, fb, uo, m, s
                if cls == "one":
                    if again:
                        o += 1
                    else:
                        u += 1
                elif cls == "blank":
                    if again:
                        b += 1
                elif cls == "mid":
                    mm += 1
                else:
                    ss += 1
                key = _reroll_state(o, b, u, mm, ss, t, left - 1, stress)
                nxt[key] = nxt.get(key, 0) + w * cw
        layer = nxt
    return Dist.from_weights(out)  # over 6 ** (dice + rerolls)


def roll_with_rerolls(dice: int, level: int, difficulty: int, rerolls: int, stress: int = 0, flax: bool = False,
                      skill0: str = "as_level_1", flax_reading: str = "signed", skill_scale: str = "as_written",
                      again: bool | None = None) -> Dist | None:
    """(success, ED6 spent on rerolls) of a roll with rerolls, played to reach ``difficulty``; under FLAX
    the ones and sixes do nothing and the FLAX 2D6 (rolled with the roll, never rerolled) adds to the LV
    (its share is known before the rerolls, so they aim at ``difficulty`` minus it). ``None`` when the
    skill cannot be applied."""
    rule = skill_rule(level, skill0, skill_scale)
    if rule is None:
        return None
    min_face, explodes = rule
    if not flax:
        return reroll_dist(dice, min_face, stress, explodes, rerolls, difficulty, again)
    return flax_dist(flax_reading).bind(
        lambda e: reroll_dist(dice, min_face, 0, False, rerolls, max(LV_FLOOR, difficulty - e), again)
        if difficulty - e > LV_FLOOR else Dist.constant((True, 0)))


# ---- armor: mobility (§ 10) ---------------------------------------------------------------------

#: «1D6 от подвижности», «2D6 от подвижности», «4D6 от подвижности»: the source never says what mobility is; read
#: as so many dice off a roll that depends on it. Which dice go: ``"ed6_first"`` (default: the preparation's, keeping the AD6
#: the action is paid with) or ``"ad6_first"``.
MOBILITY_READINGS = readings.MOBILITY.values
MOBILITY = readings.MOBILITY.default


def mobility_penalty(ad6: int, ed6: int, armor_row: int, reading: str | None = None) -> tuple[int, int]:
    """(AD6, ED6) left of a mobility roll in the armor of row ``armor_row`` of ``codex/armor``.

    >>> mobility_penalty(2, 1, 2), mobility_penalty(2, 1, 2, "ad6_first")
    ((1, 0), (0, 1))
    """
    reading = MOBILITY if reading is None else reading
    if reading not in MOBILITY_READINGS:
        raise ValueError(f"reading must be one of {MOBILITY_READINGS}")
    off = tables.ARMOR[armor_row]["mobility_dice"]
    if reading == "ed6_first":
        e = min(ed6, off)
        return max(0, ad6 - (off - e)), ed6 - e
    a = min(ad6, off)
    return ad6 - a, max(0, ed6 - (off - a))


# ---- shields: points (§ 11) ---------------------------------------------------------------------

#: «Щит увеличивает сложность попадания …, расходуя пункты прочности» — how the points are spent is not
#: said. § 1 keeps shields unchanged («Щиты (дорабатываются отдельно автором)») from the build where armor was
#: still a buffer («вместо буфера (доп. НР)»). ``"stopped_damage"``
#: (default): an attack the shield stops (it would hit without the shield) spends its damage from the
#: points, as a buffer would; ``"stopped_one"``: it spends one point; ``"every_attack"``: every attack
#: against the shield spends one point. At 0 points the shield is broken and gives no FV.
SHIELD_WEAR_READINGS = readings.SHIELD_WEAR.values
SHIELD_WEAR = readings.SHIELD_WEAR.default


def shield_wear(stopped: bool, damage: int, reading: str | None = None) -> int:
    """Points one attack takes off the shield (``stopped``: the shield made it miss; ``damage``: the
    blow's damage before armor)."""
    reading = SHIELD_WEAR if reading is None else reading
    if reading == "stopped_damage":
        return damage if stopped else 0
    if reading == "stopped_one":
        return 1 if stopped else 0
    if reading == "every_attack":
        return 1
    raise ValueError(f"reading must be one of {SHIELD_WEAR_READINGS}")


# ---- the consequences of damage (§ 5) -----------------------------------------------------------

#: «1-й D6 определяет, в какую группу подготовок (Универсальная или жанровая) будет получен урон
#: (чёт/нечет)» — which parity is which is not said. ``"even_universal"`` (default, in the order
#: written: Универсальная — чёт, жанровая — нечет) or ``"odd_universal"``.
PARITY_READINGS = readings.PARITY.values
PARITY = readings.PARITY.default


def consequence(level: int) -> tuple[int, int]:
    """(damage to each, preparations) of the track level (``codex/consequences``).

    >>> consequence(5)
    (2, 3)
    """
    row = tables.CONSEQUENCES[level]
    return row["damage"], row["preparations"]


def preparation_group(face: int, parity: str | None = None) -> str:
    """``"universal"`` or ``"genre"``: the group the first D6 of the consequences roll names."""
    parity = PARITY if parity is None else parity
    if parity not in PARITY_READINGS:
        raise ValueError(f"parity must be one of {PARITY_READINGS}")
    even = face % 2 == 0
    return "universal" if even == (parity == "even_universal") else "genre"


def to_next_level(total: int) -> int | None:
    """Damage until the track's next level begins (``None`` at level 6)."""
    level = track_level(total)
    if level >= len(TRACK):
        return None
    return sum(TRACK[:level]) + 1 - total


# ---- counteraction (§ 25) -----------------------------------------------------------------------

#: «пытается своими LV перекрыть LV того, кому мешает: если его результат достаточен» — is an equal
#: number of LV enough? ``"equal"`` (default): as many LV as the other is enough; ``"more"``: more is needed.
COUNTER_TIE_READINGS = readings.COUNTER_TIE.values
COUNTER_TIE = readings.COUNTER_TIE.default


def counter_works(mine: int, theirs: int, tie: str | None = None) -> bool:
    """Whether the counteraction's LV «перекрыть» the other's LV (:data:`COUNTER_TIE_READINGS`)."""
    tie = COUNTER_TIE if tie is None else tie
    if tie == "equal":
        return mine >= theirs
    if tie == "more":
        return mine > theirs
    raise ValueError(f"tie must be one of {COUNTER_TIE_READINGS}")


def p_counter(mine: Dist, theirs: Dist, tie: str | None = None) -> Fraction:
    """P(the counteraction works): «Персонаж бросает только доступные ему ED6 и пытается своими LV
    перекрыть LV того, кому мешает» — ``mine`` is the LV of the ED6 alone, ``theirs`` the other's."""
    return mine.combine(theirs, lambda a, b: counter_works(a, b, tie))[True]


def play_rerolls(faces: list[int], min_face: int, stress: int, explodes: bool, rerolls: int, target: int,
                 roll_die, again: bool | None = None, extra: int = 0) -> dict:
    """Rolled faces, then the rerolls of :func:`reroll_dist` made one die at a time with ``roll_die()``
    (``extra``: the FLAX result, known before the rerolls; with FLAX pass ``stress=0``):
    ``{"faces", "rerolled": [index, …], "spent", "lv", "marks"}``."""
    again = (REROLL == "again") if again is None else again
    faces = list(faces)
    fresh = [True] * len(faces)
    order = []
    while len(order) < rerolls:
        lv = resolve(faces, min_face, stress, explodes)["lv"] + extra
        if lv >= target:
            break
        ones = [i for i, f in enumerate(faces) if fresh[i] and f == 1]
        blanks = [i for i, f in enumerate(faces) if fresh[i] and 1 < f < min_face]
        if stress and ones:
            i = ones[0]
        elif blanks or ones:
            i = (blanks or ones)[0]
        else:
            break
        faces[i] = roll_die()
        fresh[i] = again and faces[i] < min_face
        order.append(i)
    r = resolve(faces, min_face, stress, explodes)
    return {"faces": faces, "rerolled": order, "spent": len(order), "lv": max(LV_FLOOR, r["lv"] + extra),
            "marks": r["marks"]}


# ---- counters: two counters against each other (§ 8) ---------------------------------------------

#: «Успешные действия заполняют один счётчик (Доводы), провальные — другой (Раздражение)» — by how many
#: divisions is not said. ``"one"`` (default): one division per action; ``"lv"``: a success fills as many
#: divisions as it rolled LV (counters may count «сколько было выброшено LV»), a failure one.
COUNTER_STEP_READINGS = readings.COUNTER_STEP.values
COUNTER_STEP = readings.COUNTER_STEP.default


def counters_race(lv: Dist, difficulty: int, fill: int, limit: int, step: str | None = None) -> Dist:
    """Two counters against each other, one roll per action (``lv``: the LV of one action's roll): a
    success (LV ≥ ``difficulty``) fills the first (``fill`` divisions), a failure the second (``limit``).
    «Какой из счётчиков заполнится первым, определяет итог, смягчённый или осложнённый степенью
    заполненности второго» — outcomes ``("fill", divisions of the second)`` or ``("limit", divisions of
    the first)``.

    >>> counters_race(Dist.die(6), 4, 1, 1)[("fill", 0)]
    Fraction(1, 2)
    """
    step = COUNTER_STEP if step is None else step
    if step not in COUNTER_STEP_READINGS:
        raise ValueError(f"step must be one of {COUNTER_STEP_READINGS}")
    moves = lv.map(lambda x: (min(x, fill) if step == "lv" else 1, 0) if x >= difficulty else (0, 1)).weights()
    den = sum(w for _, w in moves)
    most = fill + limit - 1  # every action fills a division: the race is over within so many
    states: dict = {(0, 0): 1}  # integer weights over den ** actions so far
    done: dict = {}
    for n in range(1, most + 1):
        nxt: dict = {}
        for (f, l), w in states.items():
            for (df, dl), q in moves:
                nf, nl = f + df, l + dl
                if nf >= fill:
                    key = ("fill", nl)
                elif nl >= limit:
                    key = ("limit", nf)
                else:
                    nxt[(nf, nl)] = nxt.get((nf, nl), 0) + w * q
                    continue
                done[key] = done.get(key, 0) + w * q * den ** (most - n)
        states = nxt
    return Dist.from_weights(done)  # over den ** most


# ---- the stress a hard check brings (§ 22) -------------------------------------------------------

#: «Сложные и выше среднего проверки всегда сопровождаются стрессом», and «Очень сложные проверки — … всегда
#: сопровождаются стрессом»: from «Выше среднего» (3 LV) up — the harder ones too, though the source names
#: them no further.
STRESSFUL_DIFFICULTY = 3
#: Does that point of stress weigh on the roll itself? ``"after"`` (default): the roll is made with the stress
#: the character has, the point comes with the check; ``"before"``: it is taken before the roll (beyond 6:
#: FLAX, «Когда персонаж должен получить ещё один стресс сверх имеющихся 6»).
CHECK_STRESS_READINGS = readings.CHECK_STRESS.values
CHECK_STRESS = readings.CHECK_STRESS.default
#: «Очень сложные проверки — редкие, но реальные ситуации; требуют потратить все AD6»
ALL_AD6_DIFFICULTY = 6


def stress_for_check(stress: int, flax: bool, difficulty: int, reading: str | None = None) -> tuple[int, bool]:
    """(stress, FLAX) the roll is made with.

    >>> stress_for_check(2, False, 4, "before"), stress_for_check(6, False, 3, "before"), stress_for_check(2, False, 4)
    ((3, False), (6, True), (2, False))
    """
    reading = CHECK_STRESS if reading is None else reading
    if reading not in CHECK_STRESS_READINGS:
        raise ValueError(f"reading must be one of {CHECK_STRESS_READINGS}")
    if reading == "after" or difficulty < STRESSFUL_DIFFICULTY or flax:
        return stress, flax
    return (stress + 1, False) if stress < MAX_STRESS else (MAX_STRESS, True)


# ---- abilities: what they cost (§ 13, § 17) ---------------------------------------------------------

#: «при входе в стойку блокируете кости по уровню способности из ED6 соответствующей подготовки»: «по уровню»
#: may be the cost table of the level (1/2/4 ED6) or the level itself (1/2/3). ``"cost"`` (default: the table is
#: «Затраты на способности по уровням», for «и мгновенные эффекты, и стойки»); ``"level"``: as many as the level.
STANCE_BLOCK_READINGS = readings.STANCE_BLOCK.values
STANCE_BLOCK = readings.STANCE_BLOCK.default
ABILITY_USES = ("spend", "stance")
#: «За один ход может быть только одна стойка/режим», while a stance holds its dice «до тех пор, пока стойка не
#: будет снята» — over many turns. ``"active"`` (default): one stance is active at a time — entering another drops
#: the one before, so its dice come back first; ``"per_turn"``: one stance may be entered a turn — a stance entered
#: on an earlier turn may stay and keep its dice locked while a new one is entered.
STANCE_LIMIT_READINGS = readings.STANCE_LIMIT.values
STANCE_LIMIT = readings.STANCE_LIMIT.default


def ability_cost(level: int, use: str = "spend", block: str | None = None) -> int:
    """The ED6 an ability of ``level`` (1–3) takes from its preparation: «Способности — и мгновенные эффекты, и
    стойки — тратятся исключительно из ED6 нужной подготовки. AD6 способностями не расходуются никогда.» Spent
    (``"spend"``: «чистая плата за активацию») or blocked while the stance lasts (``"stance"``, by
    :data:`STANCE_BLOCK_READINGS`).

    >>> [ability_cost(n) for n in (1, 2, 3)], ability_cost(3, "stance", "level")
    ([1, 2, 4], 3)
    """
    block = STANCE_BLOCK if block is None else block
    if block not in STANCE_BLOCK_READINGS:
        raise ValueError(f"block must be one of {STANCE_BLOCK_READINGS}")
    if use not in ABILITY_USES:
        raise ValueError(f"use must be one of {ABILITY_USES}")
    if use == "stance" and block == "level":
        return level
    return tables.ABILITY_COSTS[level]["ed6"]


def held_by_other_stances(blocked: int, use: str, limit: str | None = None) -> int:
    """Of the ``blocked`` ED6 other stances lock now, how many stay locked while this ability is used: all of them
    for an instant ability; entering a stance, by :data:`STANCE_LIMIT_READINGS` — none (``"active"``: the stance
    before is dropped) or all (``"per_turn"``).

    >>> held_by_other_stances(2, "spend"), held_by_other_stances(2, "stance"), held_by_other_stances(2, "stance", "per_turn")
    (2, 0, 2)
    """
    limit = STANCE_LIMIT if limit is None else limit
    if limit not in STANCE_LIMIT_READINGS:
        raise ValueError(f"limit must be one of {STANCE_LIMIT_READINGS}")
    if use not in ABILITY_USES:
        raise ValueError(f"use must be one of {ABILITY_USES}")
    return 0 if use == "stance" and limit == "active" else blocked


def ed6_after_ability(ed6: int, cost: int, blocked: int = 0) -> int | None:
    """The ED6 of the preparation left for the roll (to add or keep for rerolls) once ``cost`` is paid and
    ``blocked`` are held by a stance: «Потраченные кости … не добавляются к самому броску на успех»;
    «Заблокированные кости недоступны нигде — в том числе на всех последующих бросках». ``None``: not enough.

    >>> ed6_after_ability(3, 2), ed6_after_ability(3, 4), ed6_after_ability(5, 1, blocked=2)
    (1, None, 2)
    """
    left = ed6 - blocked - cost
    return None if left < 0 else left


# ---- crippling and cruel weapons: injury tokens (§ 12) --------------------------------------------

#: «Калечащее оружие при каждом получении противником жетона травм увеличивает их количество по модификации, в
#: которую вставлено.» Each time tokens are got, by how much: ``"gain"`` (default): the modification's value once
#: per getting («при каждом получении»), however many tokens came; ``"token"``: once per token got.
CRIPPLING_PER_READINGS = readings.CRIPPLING_PER.values
CRIPPLING_PER = readings.CRIPPLING_PER.default
#: «Жестокое оружие при попадании по противнику активирует жетоны травм на противнике по качеству модификации»:
#: which tokens, when the same hit brings new ones. ``"before"`` (default): those on the opponent when the hit lands,
#: the hit's new tokens after; ``"after"``: the hit's new tokens first, then the activation.
CRUEL_ORDER_READINGS = readings.CRUEL_ORDER.values
CRUEL_ORDER = readings.CRUEL_ORDER.default
#: What an activated token becomes: the source never says what activation does. ``"stay"`` (default): it stays on
#: the opponent (nothing says it goes); ``"spent"``: it is used up.
ACTIVATED_READINGS = readings.ACTIVATED.values
ACTIVATED = readings.ACTIVATED.default


def injury_tokens(before: int, gains: list[int], crippling: int = 0, cruel: int = 0, per: str | None = None,
                  order: str | None = None, activated: str | None = None) -> list[dict]:
    """Injury tokens over a run of hits (``gains``: the tokens each hit gives by other rules — an aimed attack's
    «Добавить жетон ранений», a trap, an item — 0 for none) with a crippling modification of value ``crippling``
    and a cruel one of quality ``cruel`` (0: none) on the weapon: per hit ``{"got", "crippling", "activated",
    "tokens"}`` (the tokens on the opponent after it). The readings: :data:`CRIPPLING_PER_READINGS`,
    :data:`CRUEL_ORDER_READINGS`, :data:`ACTIVATED_READINGS`.

    >>> [(h["got"], h["crippling"], h["activated"], h["tokens"]) for h in injury_tokens(0, [1, 0, 2], 1, 2)]
    [(1, 1, 0, 2), (0, 0, 2, 2), (2, 1, 2, 5)]
    """
    per = CRIPPLING_PER if per is None else per
    order = CRUEL_ORDER if order is None else order
    activated = ACTIVATED if activated is None else activated
    for value, allowed, name in ((per, CRIPPLING_PER_READINGS, "per"), (order, CRUEL_ORDER_READINGS, "order"),
                                 (activated, ACTIVATED_READINGS, "activated")):
        if value not in allowed:
            raise ValueError(f"{name} must be one of {allowed}")
    tokens, out = before, []
    for got in gains:
        active = min(cruel, tokens) if order == "before" else 0
        extra = 0 if not got else crippling * (got if per == "token" else 1)
        tokens += got + extra
        if order == "after":
            active = min(cruel, tokens)
        if activated == "spent":
            tokens -= active
        out.append({"got": got, "crippling": extra, "activated": active, "tokens": tokens})
    return out


# ---- exhaustion: where its sixth level begins (§ 7) --------------------------------------------------

#: «Шкала состоит из 5 нарастающих уровней и 6-го как отдельного состояния (по образцу Стресс → FLAX)»; but Stress is
#: «счётчик на 6 стресса», and FLAX comes «сверх имеющихся 6» — at the seventh. How a level is gained, § 7 never says
#: (the calculators take the levels marked). ``"sixth"`` (default: the words «5 … уровней и 6-го»: the state at the
#: sixth mark); ``"seventh"``: as Stress, six marks and the state beyond them, at the seventh.
EXHAUSTION_STATE_READINGS = readings.EXHAUSTION_STATE.values
EXHAUSTION_STATE = readings.EXHAUSTION_STATE.default
#: The marks an exhaustion field takes: up to the seventh of the reading ``"seventh"``.
MAX_EXHAUSTION = 7


def exhaustion_deprives(marks: int, reading: str | None = None) -> bool:
    """Whether ``marks`` of Exhaustion reach its 6th level: «персонаж лишается всех ED6» (:data:`EXHAUSTION_STATE`).
    Levels 1–5 do nothing here: «Уровни 1–5: ⚠ механика НАДО РАЗРАБОТАТЬ».

    >>> exhaustion_deprives(5), exhaustion_deprives(6), exhaustion_deprives(6, "seventh"), exhaustion_deprives(7, "seventh")
    (False, True, False, True)
    """
    reading = EXHAUSTION_STATE if reading is None else reading
    if reading not in EXHAUSTION_STATE_READINGS:
        raise ValueError(f"reading must be one of {EXHAUSTION_STATE_READINGS}")
    return marks >= (6 if reading == "sixth" else 7)

