"""Calculators of «Лысогорские сказочки»: checks, damage, drunkenness, the nervous breakdown."""

from __future__ import annotations

from fractions import Fraction

from ..dice import Dist
from ..spec import (Calculator, InputError, Option, Param, T, bool_param, choice_param, dist_block,
                    figures, int_param, note, prob)
from . import rules as r
from . import tables as tb

# ---------------------------------------------------------------------------------------
# shared labels
# ---------------------------------------------------------------------------------------

STATE_NAMES = {
    "scratch": T("царапина (штраф 0)", "scratch (penalty 0)"),
    "light": T("легкое ранение (−2)", "light wound (−2)"),
    "heavy": T("тяжелое ранение (−4)", "heavy wound (−4)"),
    "critical": T("критическое ранение (−6)", "critical wound (−6)"),
    "unconscious": T("без сознания на час (временный урон)", "unconscious for an hour (temporary damage)"),
    "dying": T("при смерти (15 минут)", "dying (15 minutes)"),
    "dead": T("мгновенная смерть", "instant death"),
}
STAGE_NAMES = {s: stage["name"] for s, stage in tb.DRUNK_STAGES.items()}

ROUNDING_PARAM = choice_param(
    "rounding", "Округление дробного урона", "Rounding of fractional damage", r.DEFAULT_ROUNDING, [
        ("math", "по математическим правилам (половина — вверх)", "mathematical (a half rounds up)"),
        ("up", "вверх", "up"),
        ("down", "вниз", "down"),
    ], help=T("Источник не говорит, как округлять половину урона; «по математическим правилам» — "
              "его правило для порогов хитов.",
              "The source does not say how to round halved damage; «mathematical» is its rule for "
              "hit thresholds."))

QUARTER_PARAM = bool_param(
    "quarter_is_critical", "Ровно четверть хитов — критическое ранение",
    "Exactly a quarter of the hits is a critical wound", r.QUARTER_IS_CRITICAL,
    help=T("Правило: «четверть оставшихся хитов соответствуют критическому ранению»; "
           "в другом месте: «в критическом состоянии (менее четверти хитов)».",
           "The rule: «a quarter of the hits left is a critical wound»; elsewhere: «in a critical "
           "state (fewer than a quarter of the hits)»."))


def _tie_param(name="tie"):
    return choice_param(name, "Ничья", "Tie", "attacker", [
        ("attacker", "побеждает «атакующий»", "the «attacker» wins"),
        ("draw", "ничья (если она возможна)", "a draw (when one is possible)"),
    ])


def _difficulty_name(us: int) -> str:
    name = tb.DIFFICULTY_NAMES.get(us)
    return f"УС {us}" + (f" ({name['ru']})" if name else "")


# ---------------------------------------------------------------------------------------
# lysogorsk-check
# ---------------------------------------------------------------------------------------

SIZE_OPTIONS = [("none", "не стрельба / не учитывать", "not shooting / ignore")] + [
    (sid, size["name"]["ru"], size["name"]["en"]) for sid, size in tb.TARGET_SIZE.items()]

CHECK_PARAMS = (
    choice_param("mode", "Вид проверки", "Kind of check", "check", [
        ("check", "против УС", "against a УС"),
        ("opposed", "противопоставленная", "opposed"),
    ]),
    int_param("attribute", "Атрибут", "Attribute", 3, -10, 30),
    int_param("skill", "Навык (0 — проверка на атрибут)", "Skill (0 — attribute-only check)", 2, 0, 30),
    int_param("modifier", "Модификаторы", "Modifiers", 0, -40, 40),
    bool_param("reroll", "Перебросить за Везение (лучший из двух)", "Re-roll with Luck (better of two)", False),
    int_param("difficulty", "УС (0–15)", "УС (0–15)", 10, -10, 40,
              help=T("Шкала источника — от 0 (тривиально) до 15 (предел возможного); некоторые правила "
                     "дают УС выше 15.",
                     "The source's scale runs from 0 (trivial) to 15 (the limit of the possible); a few "
                     "rules give a УС above 15.")),
    int_param("opponent_attribute", "Атрибут противника", "Opponent's attribute", 3, -10, 30),
    int_param("opponent_skill", "Навык противника", "Opponent's skill", 2, 0, 30),
    int_param("opponent_modifier", "Модификаторы противника", "Opponent's modifiers", 0, -40, 40),
    bool_param("opponent_reroll", "Противник перебрасывает за Везение", "The opponent re-rolls with Luck", False),
    _tie_param(),
    choice_param("target_size", "Стрельба против Уклонения: размер цели",
                 "Shooting against Dodge: target size", "none", SIZE_OPTIONS,
                 help=T("Добавляет к Уклонению модификатор за размер, и Уклонение считается не ниже УС "
                        "стрельбы по неподвижной цели.",
                        "Adds the size modifier to the Dodge, and the Dodge counts as no lower than the "
                        "УС against a stationary target.")),
)


def _check_sides(p: dict):
    att = r.check_total(p["attribute"], p["skill"], p["modifier"], p["reroll"])
    floor = None
    opp_mod = p["opponent_modifier"]
    if p["target_size"] != "none":
        size = tb.TARGET_SIZE[p["target_size"]]
        floor = size["difficulty"]
        opp_mod += size["dodge_modifier"]
    dfd = r.check_total(p["opponent_attribute"], p["opponent_skill"], opp_mod, p["opponent_reroll"])
    return att, dfd, floor


def _check_compute(p: dict) -> dict:
    if p["mode"] == "check":
        total = r.check_total(p["attribute"], p["skill"], p["modifier"], p["reroll"])
        ps = r.p_success(total, p["difficulty"])
        m = r.margin(total, p["difficulty"])
        display = [
            figures(
                ("p_success", T(f"Шанс успеха против {_difficulty_name(p['difficulty'])}",
                                f"Chance of success against УС {p['difficulty']}"), prob(ps)),
                ("p_failure", T("Шанс неудачи", "Chance of failure"), prob(1 - ps)),
                ("mean_total", T("Средний результат", "Mean result"), round(float(total.mean()), 3)),
            ),
            dist_block("margin", T("Запас: результат − УС (0 и больше — успех)",
                                   "Margin: result − УС (0 or more is a success)"),
                       T("запас", "margin"), m),
        ]
        if not 0 <= p["difficulty"] <= 15:
            display.append(note("УС вне шкалы 0–15 источника.", "The УС is outside the source's 0–15 scale.",
                                 "warning"))
        return {"mode": "check", "p_success": prob(ps), "p_failure": prob(1 - ps),
                "margin": [{"margin": o, "p": prob(m[o]), "p_at_least": prob(m.at_least(o))}
                           for o in m.outcomes()],
                "display": display}
    att, dfd, floor = _check_sides(p)
    m = r.opposed_margin(att, dfd, floor)
    res = r.opposed_outcome(att, dfd, p["tie"], floor)
    pw, pl, pd = res["attacker"], res["defender"], res["draw"]
    display = [
        figures(
            ("p_attacker", T("Побеждает «атакующий» (вы)", "The «attacker» (you) wins"), prob(pw)),
            ("p_defender", T("Побеждает противник", "The opponent wins"), prob(pl)),
            ("p_draw", T("Ничья", "Draw"), prob(pd)),
        ),
        dist_block("margin", T("Разница результатов: ваш − противника", "Difference: yours − the opponent's"),
                   T("разница", "difference"), m),
    ]
    if p["tie"] == "attacker":
        display.append(note("При равенстве побеждает «атакующий»: Стрельба перевешивает Уклонение, Обман — "
                            "Проницательность.",
                            "A tie goes to the «attacker»: Shooting beats Dodge, Deceit beats Insight."))
    if floor is not None:
        display.append(note(f"Уклонение считается не ниже УС {floor} (стрельба по неподвижной цели).",
                            f"The Dodge counts as no lower than УС {floor} (a stationary target)."))
    return {"mode": "opposed", "p_attacker": prob(pw), "p_defender": prob(pl), "p_draw": prob(pd),
            "margin": [{"margin": o, "p": prob(m[o]), "p_at_least": prob(m.at_least(o))} for o in m.outcomes()],
            "display": display}


def _roll_2d6(roller, reroll: bool) -> tuple[list[int], list[int] | None, int]:
    a = roller.dice(2, 6)
    if not reroll:
        return a, None, sum(a)
    b = roller.dice(2, 6)
    return a, b, max(sum(a), sum(b))


def _dice_blocks(label: T, a, b) -> list[dict]:
    blocks = [{"kind": "dice", "label": label, "sides": 6, "faces": a,
               "marks": ["" if b is None or sum(a) >= sum(b) else "dropped"] * 2}]
    if b is not None:
        blocks.append({"kind": "dice", "label": T(label["ru"] + " (переброс)", label["en"] + " (re-roll)"),
                       "sides": 6, "faces": b, "marks": ["" if sum(b) > sum(a) else "dropped"] * 2})
    return blocks


def _check_roll(p: dict, roller) -> dict:
    a, b, dice = _roll_2d6(roller, p["reroll"])
    bonus = p["attribute"] + p["skill"] + p["modifier"]
    total = dice + bonus
    if p["mode"] == "check":
        ok = total >= p["difficulty"]
        verdict = (T(f"Успех: {total} против УС {p['difficulty']}", f"Success: {total} against УС {p['difficulty']}")
                   if ok else T(f"Неудача: {total} против УС {p['difficulty']}",
                                f"Failure: {total} against УС {p['difficulty']}"))
        return {"faces": a, "reroll_faces": b, "total": total, "success": ok,
                "margin": total - p["difficulty"],
                "display": _dice_blocks(T("Ваши кубики", "Your dice"), a, b)
                + [figures(("result", T("Итог", "Result"), verdict))]}
    oa, ob, odice = _roll_2d6(roller, p["opponent_reroll"])
    opp_mod = p["opponent_modifier"]
    floor = None
    if p["target_size"] != "none":
        size = tb.TARGET_SIZE[p["target_size"]]
        floor = size["difficulty"]
        opp_mod += size["dodge_modifier"]
    opp = odice + p["opponent_attribute"] + p["opponent_skill"] + opp_mod
    defence = opp if floor is None else max(opp, floor)
    diff = total - defence
    winner = "attacker" if diff > 0 else "defender" if diff < 0 else ("attacker" if p["tie"] == "attacker" else "draw")
    verdict = {"attacker": T("Побеждаете вы", "You win"), "defender": T("Побеждает противник", "The opponent wins"),
               "draw": T("Ничья", "A draw")}[winner]
    return {"faces": a, "reroll_faces": b, "total": total, "opponent_faces": oa, "opponent_reroll_faces": ob,
            "opponent_total": opp, "defence": defence, "winner": winner,
            "display": _dice_blocks(T("Ваши кубики", "Your dice"), a, b)
            + _dice_blocks(T("Кубики противника", "The opponent's dice"), oa, ob)
            + [figures(("result", T(f"{total} против {defence}", f"{total} against {defence}"), verdict))]}


# ---------------------------------------------------------------------------------------
# lysogorsk-damage
# ---------------------------------------------------------------------------------------

COVER_OPTIONS = [("none", "нет", "none")] + [
    (cid, f"{c['name']['ru']} ({-c['protection']})", f"{c['name']['en']} ({-c['protection']})")
    for cid, c in tb.COVER.items()]
ENV_OPTIONS = [(eid, f"{e['medium']['ru']} — {e['damage']}", f"{e['medium']['en']} — {e['damage']}")
               for eid, e in tb.ENVIRONMENT.items()]

DAMAGE_PARAMS = (
    choice_param("source", "Источник урона", "Source of damage", "weapon", [
        ("weapon", "оружие (2К + Мощность)", "a weapon (2d6 + Power)"),
        ("fall", "падение", "a fall"),
        ("crash", "авария", "a vehicle crash"),
        ("electric", "электричество", "electricity"),
        ("environment", "окружающая среда", "the environment"),
    ]),
    int_param("power", "Мощность оружия", "Weapon's Power", 4, -20, 100),
    int_param("armor", "Защита (броня)", "Protection (armour)", 0, 0, 100),
    int_param("armor_piercing", "Бронебойность", "Armour piercing", 0, 0, 100),
    choice_param("cover", "Преграда", "Cover", "none", COVER_OPTIONS),
    choice_param("ap_rule", "Бронебойность и преграда", "Armour piercing and cover", "total", [
        ("total", "уменьшает сумму Защиты брони и преграды", "lowers the sum of armour and cover"),
        ("each", "уменьшает каждую отдельно", "lowers each on its own"),
    ]),
    choice_param("aim", "Прицельный выстрел", "Aimed shot", "none", [
        ("none", "нет", "none"), ("head", "голова (×2)", "head (×2)"),
        ("arm", "рука (×0,5)", "arm (×0.5)"), ("leg", "нога (×0,5)", "leg (×0.5)"),
    ]),
    choice_param("aim_order", "Множитель прицельного выстрела", "Aimed-shot multiplier", "after", [
        ("after", "к урону после Защиты", "to the damage after Protection"),
        ("before", "к броску до Защиты", "to the roll before Protection"),
    ]),
    int_param("burst_shots", "Очередь: выстрелов (0 — одиночный)", "Burst: shots (0 — a single shot)", 0, 0, 200,
              help=T("«Короткая очередь 4:3/2/1» — 4 выстрела; 3, 2, 1 пули попадают на ближней, средней, дальней.",
                     "«Short burst 4:3/2/1» — 4 shots; 3, 2, 1 bullets hit at close, medium, long range.")),
    int_param("burst_close", "Очередь: попаданий на ближней", "Burst: hits at close range", 3, 0, 200),
    int_param("burst_medium", "Очередь: на средней", "Burst: at medium range", 2, 0, 200),
    int_param("burst_far", "Очередь: на дальней", "Burst: at long range", 1, 0, 200),
    int_param("ammo_left", "Патронов в магазине", "Rounds in the magazine", 30, 1, 1000),
    choice_param("range", "Дистанция", "Range", "close", [
        ("point_blank", "в упор (менее метра)", "point-blank (under a metre)"),
        ("close", "ближняя", "close"), ("medium", "средняя", "medium"), ("far", "дальняя", "long"),
    ]),
    int_param("height_m", "Высота падения, м", "Height of the fall, m", 6, 0, 1000),
    int_param("speed_kmh", "Скорость столкновения, км/ч", "Collision speed, km/h", 40, 0, 1000),
    choice_param("step_reading", "Счет «начиная с третьего метра / с 10 км/ч»",
                 "Counting «from the third metre / from 10 km/h»", "beyond", [
                     ("beyond", "только сверх первых 2 м / 10 км/ч", "only beyond the first 2 m / 10 km/h"),
                     ("whole", "вся высота / скорость, когда порог достигнут",
                      "the whole height / speed once the threshold is reached"),
                 ]),
    bool_param("no_damage_below_threshold", "Ниже порога (2 м, 10 км/ч) урона нет",
               "No damage below the threshold (2 m, 10 km/h)", r.NO_DAMAGE_WITHOUT_STEPS,
               help=T("Буквально «мощность 1 за каждые 2 метра» дает при Мощности 0 всё равно 2К урона.",
                      "Read literally, power 0 would still deal 2d6 damage.")),
    bool_param("belts", "Ремни безопасности", "Seat belts", False),
    choice_param("belts_reading", "Ремни: что сравнивать с 5 и 10", "Belts: what is compared with 5 and 10", "damage", [
        ("damage", "выпавший урон", "the damage rolled"),
        ("power", "Мощность аварии", "the crash's Power"),
    ]),
    bool_param("airbags", "Подушки безопасности", "Airbags", False),
    bool_param("halving_check", "Проверка Стойкости на половину урона", "Fortitude check for half damage", True),
    int_param("volts", "Напряжение, В", "Voltage, V", 220, 0, 100000),
    choice_param("environment", "Среда", "Medium", "boiling_water", ENV_OPTIONS),
    bool_param("splashed", "Облит, а не погружен (урон вдвое меньше каждый раунд)",
               "Splashed, not immersed (damage halves each round)", False),
    int_param("rounds", "Раундов в среде", "Rounds in the medium", 1, 1, 100),
    int_param("stamina", "Выносливость цели", "Target's Stamina", 3, 0, 30),
    int_param("fortitude", "Стойкость цели", "Target's Fortitude", 1, 0, 30),
    int_param("extra_hits", "Купленные доп. хиты (до 2×Выносливость)", "Bought extra hits (up to 2×Stamina)",
              0, 0, 60),
    int_param("damage_taken", "Уже потеряно хитов (постоянный урон)", "Hits already lost (permanent)", 0, 0, 200),
    int_param("temporary_taken", "Уже потеряно хитов (временный урон)", "Hits already lost (temporary)", 0, 0, 200),
    bool_param("temporary", "Этот урон временный (кулаки, шокер)", "This damage is temporary (fists, stun baton)",
               False),
    ROUNDING_PARAM,
    QUARTER_PARAM,
)


def _damage_check(p: dict) -> None:
    errors = []
    if p["extra_hits"] > r.EXTRA_HITS_PER_STAMINA * p["stamina"]:
        errors.append({"field": "extra_hits",
                       "ru": "Доп. хитов не больше удвоенной Выносливости.",
                       "en": "Extra hits cannot exceed twice the Stamina."})
    if p["source"] == "weapon" and p["burst_shots"]:
        for f in ("burst_close", "burst_medium", "burst_far"):
            if p[f] > p["burst_shots"]:
                errors.append({"field": f, "ru": "Попаданий не больше, чем выстрелов в очереди.",
                               "en": "No more hits than shots in the burst."})
    if errors:
        raise InputError(errors)


def _damage_dist(p: dict) -> tuple[Dist, list[dict], dict]:
    """The hits the target loses, the display notes, and the machine-readable details."""
    src = p["source"]
    notes: list[dict] = []
    info: dict = {"source": src}
    fort = r.check_total(p["stamina"], p["fortitude"])
    if src == "weapon":
        prot = r.protection(p["armor"], r.cover_protection(p["cover"]), p["armor_piercing"], p["ap_rule"])
        aim = None if p["aim"] == "none" else p["aim"]
        per = r.aimed_damage(p["power"], prot, aim, p["aim_order"], p["rounding"])
        info.update(protection=prot)
        if p["burst_shots"]:
            shots, c, m, f = r.short_burst(p["burst_shots"], p["burst_close"], p["burst_medium"],
                                           p["burst_far"], p["ammo_left"])
            hits = r.burst_hits(p["burst_shots"], p["burst_close"], p["burst_medium"], p["burst_far"],
                                p["range"], p["ammo_left"])
            info.update(burst=f"{shots}:{c}/{m}/{f}", bullets_hit=hits)
            if shots < p["burst_shots"]:
                notes.append(note(f"Патронов меньше длины очереди: очередь {shots}: {c}/{m}/{f}.",
                                  f"Fewer rounds than the burst: the burst is {shots}: {c}/{m}/{f}."))
            notes.append(note(f"В цель попадает пуль: {hits}; урон бросается один раз и наносится {hits} раз.",
                              f"Bullets hitting: {hits}; the damage is rolled once and dealt {hits} times."))
            return r.burst_damage(per, hits), notes, info
        return per, notes, info
    if src == "electric":
        power = r.electric_power(p["volts"])
        info.update(power=power)
        notes.append(note(f"Мощность {power} = {p['volts']} В / 50, вниз. Броня не защищает.",
                          f"Power {power} = {p['volts']} V / 50, rounded down. No armour protects."))
        return r.hit_damage(power, 0), notes, info
    if src == "environment":
        base = tb.ENVIRONMENT[p["environment"]]["damage"]
        if p["splashed"]:
            seq = r.splash_sequence(base, p["rounding"])
            info.update(per_round=seq)
            notes.append(note("Урон по раундам: " + ", ".join(map(str, seq)) + ".",
                              "Damage by round: " + ", ".join(map(str, seq)) + "."))
            return Dist.constant(sum(seq)), notes, info
        info.update(per_round=[base] * p["rounds"])
        return Dist.constant(base * p["rounds"]), notes, info
    # fall / crash
    if src == "fall":
        steps = r.fall_steps(p["height_m"], p["step_reading"])
    else:
        steps = r.crash_steps(p["speed_kmh"], p["step_reading"])
    info.update(power=steps, check_difficulty=steps)
    if steps == 0 and p["no_damage_below_threshold"]:
        notes.append(note("Ниже порога: урона нет.", "Below the threshold: no damage."))
        return Dist.constant(0), notes, info
    power = steps
    belts_power = src == "crash" and p["belts"] and p["belts_reading"] == "power"
    if belts_power:
        power = r.seat_belts_power(steps)
        info.update(power_after_belts=power)
        if power is None:
            notes.append(note("Мощность меньше 5: ремни спасают полностью.",
                              "Power below 5: the belts save completely."))
            return Dist.constant(0), notes, info
    dmg = r.hit_damage(power, p["armor"] if r.ARMOR_AGAINST_FALLS else 0)
    if src == "crash" and p["belts"] and not belts_power:
        dmg = dmg.map(r.seat_belts)
    other = Fraction(1, 2) if src == "crash" and p["airbags"] else Fraction(1)
    p_check = r.p_success(fort, steps) if p["halving_check"] else Fraction(0)
    info.update(p_check=prob(p_check))
    notes.append(note(f"Мощность {steps}; проверка Стойкости против УС {steps} — половина урона"
                      + (" (четверть с подушками)" if other != 1 else "") + ".",
                      f"Power {steps}; a Fortitude check against УС {steps} halves the damage"
                      + (" (a quarter with airbags)" if other != 1 else "") + "."))
    return r.with_halving_check(dmg, p_check, Fraction(1, 2), other, p["rounding"]), notes, info


def _damage_compute(p: dict) -> dict:
    dmg, notes, info = _damage_dist(p)
    total = r.max_hits(p["stamina"], p["extra_hits"])
    perm0, temp0 = p["damage_taken"], p["temporary_taken"]

    def after(d):
        return r.apply_damage(total, perm0, temp0, d, p["temporary"])

    pt = dmg.map(after)
    hits_left = pt.map(lambda x: total - x[0] - x[1])
    state = pt.map(lambda x: r.state_after(total, x[0], x[1], p["quarter_is_critical"]))
    likeliest = state.mode()
    q1, q2, q3 = r.thresholds(total)
    # Pain shock follows any attack; bleeding only permanent damage («никогда не истекает кровью»).
    band = hits_left.map(lambda h: (lambda b: None if b is None else b["band"])(r.bleeding(h)))
    bleed = band.map(lambda b: None if p["temporary"] else b)
    display = [
        figures(
            ("mean_damage", T("Средний урон", "Mean damage"), round(float(dmg.mean()), 3)),
            ("likeliest_state", T("Вероятнее всего", "Most likely"), STATE_NAMES[likeliest]),
            ("p_dying", T("Шанс «при смерти» или хуже", "Chance of dying or worse"),
             prob(state.p(lambda s: s in ("dying", "dead")))),
            ("p_dead", T("Шанс мгновенной смерти (−10 хитов)", "Chance of instant death (−10 hits)"),
             prob(state["dead"])),
            ("hits", T(f"Хиты: {total}; пороги ¼, ½, ¾", f"Hits: {total}; thresholds ¼, ½, ¾"),
             f"{q1} / {q2} / {q3}"),
        ),
        dist_block("damage", T("Урон", "Damage"), T("хитов", "hits"), dmg),
        dist_block("state", T("Состояние после урона (и шанс этого или хуже)",
                              "State after the damage (and the chance of it or worse)"), T("состояние", "state"),
                   state.map(r.STATES.index), label=lambda i: STATE_NAMES[r.STATES[i]]),
        dist_block("hits_left", T("Хитов осталось", "Hits left"), T("хитов", "hits"), hits_left),
    ]
    pb = {i: bleed[i] for i in range(len(tb.BLEEDING))}
    ps = {i: band[i] for i in range(len(tb.BLEEDING))}
    if any(ps.values()):
        no_bleed = T("не кровоточит (временный урон)", "no bleeding (temporary damage)")
        hits_text = [row[0] for row in tb.TABLES["bleeding"]["rows"]]
        rows = [[hits_text[i], no_bleed if p["temporary"] else band["loss"], band["pain_shock"], prob(ps[i])]
                for i, band in enumerate(tb.BLEEDING)]
        display.append({"kind": "table",
                        "title": T("Кровотечение и болевой шок", "Bleeding and pain shock"),
                        "columns": [T("Хитов осталось", "Hits left"), T("Кровотечение", "Bleeding"),
                                    T("Болевой шок, сложность", "Pain shock, difficulty"),
                                    T("Вероятность", "Probability")],
                        "rows": rows})
    display.extend(notes)
    if p["temporary"]:
        display.append(note("Временный урон не кровоточит и восстанавливается по 1 хиту в час.",
                            "Temporary damage does not bleed and heals 1 hit an hour."))
    if p["aim"] == "head" and p["source"] == "weapon":
        display.append(note("Выстрел в голову: тяжелое ранение — сотрясение мозга, критическое — "
                            "черепно-мозговая травма.",
                            "A head shot: a heavy wound means a concussion, a critical one a skull fracture."))
    return {
        **info,
        "max_hits": total,
        "thresholds": [q1, q2, q3],
        "damage": [{"damage": o, "p": prob(dmg[o])} for o in dmg.outcomes()],
        "hits_left": [{"hits": o, "p": prob(hits_left[o])} for o in hits_left.outcomes()],
        "state": {s: prob(state[s]) for s in r.STATES},
        "likeliest_state": likeliest,
        "wound_penalty": r.wound_penalty(likeliest),
        "bleeding": [{"loss": band["loss"], "pain_shock_difficulty": band["pain_shock"], "p": prob(pb[i])}
                     for i, band in enumerate(tb.BLEEDING)],
        "pain_shock": [{"difficulty": band["pain_shock"], "p": prob(ps[i])} for i, band in enumerate(tb.BLEEDING)],
        "display": display,
    }


def _damage_roll(p: dict, roller) -> dict:
    dice = roller.dice(2, 6)
    roll = sum(dice)
    src = p["source"]
    total = r.max_hits(p["stamina"], p["extra_hits"])
    extra: dict = {}
    if src == "weapon":
        prot = r.protection(p["armor"], r.cover_protection(p["cover"]), p["armor_piercing"], p["ap_rule"])
        mult = r.aim_multiplier(p["aim"])
        if mult is None:
            d = max(0, roll + p["power"] - prot)
        elif p["aim_order"] == "after":
            d = r.round_by(max(0, roll + p["power"] - prot) * mult, p["rounding"])
        else:
            d = max(0, r.round_by((roll + p["power"]) * mult, p["rounding"]) - prot)
        if p["burst_shots"]:
            hits = r.burst_hits(p["burst_shots"], p["burst_close"], p["burst_medium"], p["burst_far"],
                                p["range"], p["ammo_left"])
            extra["bullets_hit"] = hits
            d *= hits
    elif src == "electric":
        d = roll + r.electric_power(p["volts"])
    elif src == "environment":
        base = tb.ENVIRONMENT[p["environment"]]["damage"]
        d = sum(r.splash_sequence(base, p["rounding"])) if p["splashed"] else base * p["rounds"]
        dice = []
    else:
        steps = (r.fall_steps(p["height_m"], p["step_reading"]) if src == "fall"
                 else r.crash_steps(p["speed_kmh"], p["step_reading"]))
        belts_power = src == "crash" and p["belts"] and p["belts_reading"] == "power"
        power = r.seat_belts_power(steps) if belts_power else steps
        if (steps == 0 and p["no_damage_below_threshold"]) or power is None:
            d, dice = 0, []
        else:
            d = max(0, roll + power - (p["armor"] if r.ARMOR_AGAINST_FALLS else 0))
            if src == "crash" and p["belts"] and not belts_power:
                d = r.seat_belts(d)
            factor = Fraction(1, 2) if src == "crash" and p["airbags"] else Fraction(1)
            if p["halving_check"]:
                cf = roller.dice(2, 6)
                ct = sum(cf) + p["stamina"] + p["fortitude"]
                extra.update(check_faces=cf, check_total=ct, check_success=ct >= steps)
                if ct >= steps:
                    factor /= 2
            d = r.round_by(d * factor, p["rounding"])
    perm, temp = r.apply_damage(total, p["damage_taken"], p["temporary_taken"], d, p["temporary"])
    state = r.state_after(total, perm, temp, p["quarter_is_critical"])
    display = []
    if dice:
        display.append({"kind": "dice", "label": T("Урон: 2К", "Damage: 2d6"), "sides": 6, "faces": dice,
                        "marks": ["", ""]})
    if "check_faces" in extra:
        display.append({"kind": "dice", "label": T("Проверка Стойкости", "Fortitude check"), "sides": 6,
                        "faces": extra["check_faces"],
                        "marks": ["success" if extra["check_success"] else ""] * 2})
    display.append(figures(("damage", T("Урон", "Damage"), d),
                           ("hits_left", T("Хитов осталось", "Hits left"), total - perm - temp),
                           ("state", T("Состояние", "State"), STATE_NAMES[state])))
    return {"faces": dice, "damage": d, "hits_left": total - perm - temp, "state": state, **extra,
            "display": display}


# ---------------------------------------------------------------------------------------
# lysogorsk-drunkenness
# ---------------------------------------------------------------------------------------

DRINK_OPTIONS = tuple(Option(did, T(f"{d['name']['ru']} ({tb.volume_text(d['litres'])['ru']}) — УС {d['difficulty']}",
                                     f"{d['name']['en']} ({tb.volume_text(d['litres'])['ru']}) — УС {d['difficulty']}"))
                      for did, d in tb.DRINKS.items()) + (
    Option(tb.FROM_THE_BOTTLE["id"], T("Водка из горла = 5 стопок", "Vodka from the bottle = 5 shots")),
    Option("custom", T("Другой напиток (по формуле)", "Another drink (by the formula)")),
)
MAX_DRINKS = 60  # single drinks after expansion (a bottle is five)

DRINKS_PARAM = Param(
    "drinks", "record_list", T("Выпито по порядку", "Drunk, in order"),
    [{"drink": "beer", "count": 2}, {"drink": "yorsh", "count": 1}, {"drink": "spirit_shot", "count": 2}],
    min_len=1, max_len=30,
    fields=(
        Param("drink", "choice", T("Напиток", "Drink"), "vodka_shot", options=DRINK_OPTIONS),
        Param("count", "int", T("Сколько раз подряд", "How many in a row"), 1, min=1, max=20),
        Param("degrees", "int", T("Градусы (для другого напитка)", "Degrees (another drink)"), 40, min=0, max=100),
        Param("volume_g", "int", T("Грамм в стакане или кружке", "Grams in the glass or mug"), 100,
              min=1, max=5000),
        Param("bubbles", "bool", T("С пузырьками газа", "Fizzy"), False),
    ),
    help=T("УС из таблицы главнее формулы (чистый спирт — УС 10). Формула: 1 за каждые полные 10 градусов, "
           "1 за каждые 100 г начиная со вторых, 1 за пузырьки.",
           "The table's УС wins over the formula (pure spirit is УС 10). The formula: 1 per full 10 degrees, "
           "1 per 100 g from the second, 1 for bubbles."),
)

DRUNK_PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 2, 0, 30),
    int_param("fortitude", "Стойкость", "Fortitude", 1, 0, 30),
    DRINKS_PARAM,
    bool_param("willing", "Сознательно напивается (без проверок)", "Drinks to get drunk (no checks)", False),
    int_param("start_stage", "Начальная стадия", "Starting stage", 0, 0, tb.MAX_STAGE),
    int_param("modifier", "Модификатор к проверкам Стойкости", "Modifier to the Fortitude checks", 0, -20, 20),
    choice_param("volume_reading", "«1 за каждые 100 грамм, начиная со вторых»",
                 "«1 per 100 grams, from the second»", "full", [
                     ("full", "каждые полные 100 г после первых", "each full 100 g after the first"),
                     ("started", "каждые начатые 100 г после первых", "each begun 100 g after the first"),
                 ]),
    bool_param("stage_stamina", "+1 к Выносливости со 2-й стадии помогает в проверках",
               "Stage 2's +1 Stamina counts in the checks", r.STAGE_STAMINA_IN_CHECK),
    int_param("confidence", "Уверенность", "Confidence", 2, -10, 30),
    int_param("willpower", "Сила духа", "Willpower", 1, 0, 30),
    int_param("negative_traits", "Негативных психологических особенностей", "Negative psychological traits",
              0, 0, 20),
    bool_param("fine_drinks", "Пили что-то очень дорогое и качественное (без похмелья)",
               "Very expensive, fine drinks (no hangover)", False),
    int_param("binge_days", "Суток непросыхания (для проверки на Зависимость)",
              "Days of non-stop drinking (for the dependence check)", 0, 0, 365),
)


def _drunk_check(p: dict) -> None:
    n = sum((tb.FROM_THE_BOTTLE["servings"] if d["drink"] == tb.FROM_THE_BOTTLE["id"] else 1) * d["count"]
            for d in p["drinks"])
    if n > MAX_DRINKS:
        raise InputError({"field": "drinks", "ru": f"Не больше {MAX_DRINKS} порций (бутылка из горла — 5).",
                          "en": f"At most {MAX_DRINKS} servings (a bottle from the neck is 5)."})


def _effects_text(stage: int) -> T:
    mods = r.stage_modifiers(stage)
    if not mods:
        return T("нет", "none")
    parts_ru = [f"{'+' if v > 0 else '−'}{abs(v)} {tb.ATTRIBUTE_NAMES[k]['ru']}" for k, v in mods.items()]
    parts_en = [f"{'+' if v > 0 else '−'}{abs(v)} {tb.ATTRIBUTE_NAMES[k]['en']}" for k, v in mods.items()]
    return T(", ".join(parts_ru), ", ".join(parts_en))


def _drink_label(label: str) -> T:
    if label == "custom":
        return T("другой напиток", "another drink")
    return tb.DRINKS[label]["name"]


def _drunk_compute(p: dict) -> dict:
    singles = r.expand_drinks(p["drinks"], p["volume_reading"])
    dists = r.drinking(singles, p["stamina"], p["fortitude"], p["start_stage"], p["modifier"],
                       p["willing"], p["stage_stamina"])
    final = dists[-1]
    likeliest = final.mode()
    hang = Dist.constant(0) if p["fine_drinks"] else final.map(lambda s: r.hangover(s, p["stamina"]))
    stages = range(tb.MAX_STAGE + 1)
    probs = [[prob(d[s]) for s in stages] for d in dists]
    rows = []
    for n, ((label, us, idx), row) in enumerate(zip(singles, probs), start=1):
        rows.append([n, _drink_label(label), us] + row)
    display = [
        figures(
            ("likeliest_stage", T("Вероятнее всего в конце", "Most likely at the end"),
             T(f"{likeliest}-я стадия: {STAGE_NAMES[likeliest]['ru']}",
               f"stage {likeliest}: {STAGE_NAMES[likeliest]['en']}")),
            ("effects", T("Эффекты этой стадии (сложены)", "Its effects (added up)"), _effects_text(likeliest)),
            ("p_hangover", T("Шанс похмелья", "Chance of a hangover"), prob(hang.p(lambda h: h > 0))),
        ),
        dist_block("final_stage", T("Стадия после последней порции", "Stage after the last drink"),
                   T("стадия", "stage"), final),
        {"kind": "table", "title": T("Стадия после каждой порции", "Stage after each drink"),
         "columns": [T("№", "#"), T("Напиток", "Drink"), T("УС", "УС")]
         + [T(f"стадия {s}", f"stage {s}") for s in stages],
         "rows": rows},
        {"kind": "note", "level": "info",
         "text": T(f"{likeliest}-я стадия. " + tb.DRUNK_STAGES[likeliest]["effects"]["ru"],
                   f"Stage {likeliest}. " + tb.DRUNK_STAGES[likeliest]["effects"]["en"])},
        dist_block("hangover", T("Похмелье: штраф ко всем броскам", "Hangover: penalty to all rolls"),
                   T("штраф", "penalty"), hang),
    ]
    result = {
        "singles": [{"drink": label, "difficulty": us, "record": idx} for label, us, idx in singles],
        "stages": probs,
        "final_stage": probs[-1],
        "likeliest_stage": likeliest,
        "effects": r.stage_modifiers(likeliest),
        "hangover": [{"penalty": h, "p": prob(hang[h])} for h in hang.outcomes()],
    }
    p3 = r.p_reaches_stage3(p["start_stage"], dists)
    if p["negative_traits"] and p3:
        pf = r.stage3_trait_fail(p["confidence"], p["willpower"])
        fired = Dist.bernoulli(pf, 1, 0).repeat(p["negative_traits"])
        result.update(p_stage3=prob(p3), p_trait_fires=prob(pf))
        display.append(figures(
            ("p_stage3", T("Шанс дойти до 3-й стадии", "Chance of reaching stage 3"), prob(p3)),
            ("p_trait_fires", T("Шанс, что особенность сработает (Сила духа +1 Уверенность против УС 5)",
                                "Chance a trait fires (Willpower, Confidence +1, against УС 5)"), prob(pf)),
        ))
        display.append(dist_block("traits_fired", T("Сработавших особенностей, если дошел до 3-й стадии",
                                                    "Traits that fire, on reaching stage 3"),
                                  T("особенностей", "traits"), fired))
    if p["binge_days"]:
        pd = r.dependence_p(p["confidence"], p["willpower"], p["binge_days"])
        result["p_dependence"] = prob(pd)
        display.append(figures(("p_dependence",
                                 T(f"Шанс Зависимости при опохмеле (Сила духа против УС {p['binge_days']})",
                                   f"Chance of Dependence when drinking again (Willpower against УС "
                                   f"{p['binge_days']})"), prob(pd))))
    if p["willing"]:
        display.append(note("Сознательно напивается: проверок нет, каждая порция — следующая стадия.",
                            "Drinking to get drunk: no checks, each drink is the next stage."))
    result["display"] = display
    return result


def _drunk_roll(p: dict, roller) -> dict:
    singles = r.expand_drinks(p["drinks"], p["volume_reading"])
    stage = p["start_stage"]
    rows, log = [], []
    for n, (label, us, _idx) in enumerate(singles, start=1):
        faces, total = [], None
        if stage < tb.MAX_STAGE:
            if p["willing"]:
                stage += 1
            else:
                bonus = r.stage_modifiers(stage).get("stamina", 0) if p["stage_stamina"] else 0
                faces = roller.dice(2, 6)
                total = sum(faces) + p["stamina"] + bonus + p["fortitude"] + p["modifier"]
                if total < us:
                    stage += 1
        log.append({"drink": label, "difficulty": us, "faces": faces, "total": total, "stage": stage})
        rows.append([n, _drink_label(label), us, " ".join(map(str, faces)) or "—",
                     "—" if total is None else total, stage])
    hang = 0 if p["fine_drinks"] else r.hangover(stage, p["stamina"])
    display = [
        {"kind": "table", "title": T("Порции", "Drinks"),
         "columns": [T("№", "#"), T("Напиток", "Drink"), T("УС", "УС"), T("Кубики", "Dice"), T("Итог", "Total"),
                     T("Стадия", "Stage")], "rows": rows},
        figures(("stage", T("Стадия", "Stage"),
                 T(f"{stage}-я: {STAGE_NAMES[stage]['ru']}", f"{stage}: {STAGE_NAMES[stage]['en']}")),
                ("effects", T("Эффекты", "Effects"), _effects_text(stage)),
                ("hangover", T("Похмелье (штраф)", "Hangover (penalty)"), -hang if hang else 0)),
    ]
    return {"log": log, "stage": stage, "hangover": hang, "display": display}


# ---------------------------------------------------------------------------------------
# lysogorsk-breakdown
# ---------------------------------------------------------------------------------------

BREAKDOWN_NAMES = {bid: band["name"] for bid, band in tb.BREAKDOWN.items()}
AFTER_NAMES = {bid: band["text"] for bid, band in tb.BREAKDOWN_AFTER.items()}

BREAKDOWN_PARAMS = (
    int_param("willpower", "Сила духа", "Willpower", 2, 0, 30),
    int_param("confidence", "Уверенность (текущая)", "Confidence (current)", 0, -10, 30),
    int_param("breakdowns_in_scene", "Нервный срыв в этой сцене по счету (считая этот)",
              "Breakdowns in this scene, counting this one", 1, 1, 20),
    int_param("modifier", "Дополнительные модификаторы", "Extra modifiers", 0, -20, 20),
    bool_param("extraordinary", "Внеочередная проверка (Уверенность вместо навыка, если выше)",
               "Extraordinary check (Confidence instead of the skill when higher)", False),
    choice_param("after_reading", "Проверка после срыва: что сравнивать с −2 и 0",
                 "The check after: what is compared with −2 and 0", "total", [
                     ("total", "результат проверки Силы духа", "the Willpower check's result"),
                     ("margin", "результат минус УС стресса", "the result minus the stress УС"),
                 ]),
    int_param("stress_difficulty", "УС стресса (для второго прочтения)", "Stress УС (second reading)", 5, 0, 30),
    int_param("after_modifier", "Модификаторы проверки после срыва", "Modifiers of the check after", 0, -30, 30),
)


def _breakdown_compute(p: dict) -> dict:
    wp = r.breakdown_willpower(p["willpower"], p["confidence"], p["extraordinary"])
    roll = r.breakdown_roll(wp, p["breakdowns_in_scene"], p["modifier"])
    bands = roll.map(lambda x: r.band_of(x, tb.BREAKDOWN))
    after = r.breakdown_after(p["confidence"], p["willpower"], p["after_modifier"], p["after_reading"],
                              p["stress_difficulty"])
    display = [
        {"kind": "table", "title": T("Нервный срыв", "Nervous breakdown"),
         "columns": [T("Итог", "Outcome"), T("Вероятность", "Probability")],
         "rows": [[BREAKDOWN_NAMES[b], prob(bands[b])] for b in BREAKDOWN_NAMES]},
        dist_block("roll", T("Бросок: 2К − Сила духа + 2 за каждый срыв в сцене",
                             "Roll: 2d6 − Willpower + 2 per breakdown in the scene"), T("результат", "result"),
                   roll),
        {"kind": "table", "title": T("Проверка Силы духа после срыва", "The Willpower check after"),
         "columns": [T("Итог", "Outcome"), T("Вероятность", "Probability")],
         "rows": [[AFTER_NAMES[b], prob(after[b])] for b in AFTER_NAMES]},
        note("Проверка после срыва: источник не дает ей УС, а 2К + атрибут + навык редко бывает ниже 1.",
             "The check after: the source gives it no УС, and 2d6 + attribute + skill is rarely below 1.",
             "warning"),
    ]
    return {"breakdown": {b: prob(bands[b]) for b in BREAKDOWN_NAMES},
            "after": {b: prob(after[b]) for b in AFTER_NAMES},
            "willpower_used": wp, "display": display}


def _breakdown_roll(p: dict, roller) -> dict:
    wp = r.breakdown_willpower(p["willpower"], p["confidence"], p["extraordinary"])
    faces = roller.dice(2, 6)
    total = sum(faces) - wp + tb.BREAKDOWN_PER_BREAKDOWN * p["breakdowns_in_scene"] + p["modifier"]
    band = r.band_of(total, tb.BREAKDOWN)
    af = roller.dice(2, 6)
    at = sum(af) + p["confidence"] + p["willpower"] + p["after_modifier"]
    if p["after_reading"] == "margin":
        at -= p["stress_difficulty"]
    aband = r.band_of(at, tb.BREAKDOWN_AFTER)
    return {"faces": faces, "total": total, "outcome": band, "after_faces": af, "after_total": at,
            "after_outcome": aband,
            "display": [
                {"kind": "dice", "label": T("Нервный срыв", "Breakdown"), "sides": 6, "faces": faces, "marks": ["", ""]},
                {"kind": "dice", "label": T("Проверка после", "Check after"), "sides": 6, "faces": af,
                 "marks": ["", ""]},
                figures(("outcome", T(f"Срыв: {total}", f"Breakdown: {total}"), BREAKDOWN_NAMES[band]),
                        ("after", T(f"После: {at}", f"After: {at}"), AFTER_NAMES[aband])),
            ]}


# ---------------------------------------------------------------------------------------
# lysogorsk-area-fire
# ---------------------------------------------------------------------------------------

AREA_PARAMS = (
    int_param("attribute", "Атрибут стрелка", "Shooter's attribute", 3, -10, 30),
    int_param("skill", "Стрельба", "Shooting", 2, 0, 30),
    int_param("modifier", "Модификаторы стрельбы", "Shooting modifiers", 0, -40, 40),
    int_param("bullets", "Пуль в очереди", "Bullets in the burst", 10, 1, 200),
    Param("targets", "record_list", T("На линии огня, по порядку", "In the line of fire, in order"),
          [{"dodging": False}, {"dodging": True, "attribute": 3, "skill": 2}, {"dodging": False}],
          min_len=1, max_len=12,
          fields=(
              Param("dodging", "bool", T("Заявил уклонение", "Declared a dodge"), False,
                    help=T("Иначе его результат считается равным 5.", "Otherwise their result counts as 5.")),
              Param("attribute", "int", T("Атрибут", "Attribute"), 3, min=-10, max=30),
              Param("skill", "int", T("Уклонение", "Dodge"), 1, min=0, max=30),
              Param("modifier", "int", T("Модификаторы", "Modifiers"), 0, min=-40, max=40),
          )),
)


def _area_dodges(p: dict) -> list:
    return [r.check_total(t["attribute"], t["skill"], t["modifier"]) if t["dodging"] else None
            for t in p["targets"]]


def _area_compute(p: dict) -> dict:
    shoot = r.check_total(p["attribute"], p["skill"], p["modifier"])
    hits = r.area_fire(shoot, _area_dodges(p), p["bullets"])
    expected = sum(hits, Fraction(0))
    rows = [[i + 1, T("да", "yes") if t["dodging"] else T("нет (считается 5)", "no (counts as 5)"), prob(h)]
            for i, (t, h) in enumerate(zip(p["targets"], hits))]
    return {
        "p_hit": [prob(h) for h in hits],
        "expected_bullets": prob(expected),
        "display": [
            figures(("expected_bullets", T("Среднее число попавших пуль", "Mean bullets that hit"),
                     round(float(expected), 3))),
            {"kind": "table", "title": T("Шанс получить пулю", "Chance of taking a bullet"),
             "columns": [T("№", "#"), T("Уклоняется", "Dodging"), T("Вероятность", "Probability")], "rows": rows},
            note("Одна проверка Стрельбы против Уклонения каждого; при равенстве попадает стрелок; пули "
                 "кончаются по порядку линии огня.",
                 "One Shooting check against each Dodge; a tie goes to the shooter; bullets run out along "
                 "the line of fire."),
        ],
    }


def _area_roll(p: dict, roller) -> dict:
    faces = roller.dice(2, 6)
    shot = sum(faces) + p["attribute"] + p["skill"] + p["modifier"]
    left = p["bullets"]
    log, rows = [], []
    for i, t in enumerate(p["targets"]):
        tf = roller.dice(2, 6) if t["dodging"] else []
        dodge = sum(tf) + t["attribute"] + t["skill"] + t["modifier"] if t["dodging"] else r.AREA_FIRE_UNDECLARED_DODGE
        hit = left > 0 and shot >= dodge
        left -= hit
        log.append({"faces": tf, "dodge": dodge, "hit": hit})
        rows.append([i + 1, " ".join(map(str, tf)) or "—", dodge, T("пуля", "hit") if hit else T("мимо", "missed")])
    return {"faces": faces, "total": shot, "targets": log, "bullets_left": left,
            "display": [
                {"kind": "dice", "label": T("Стрельба", "Shooting"), "sides": 6, "faces": faces, "marks": ["", ""]},
                figures(("total", T("Результат стрельбы", "Shooting result"), shot)),
                {"kind": "table", "title": T("Линия огня", "Line of fire"),
                 "columns": [T("№", "#"), T("Кубики", "Dice"), T("Уклонение", "Dodge"), T("Итог", "Outcome")],
                 "rows": rows},
            ]}


# ---------------------------------------------------------------------------------------
# lysogorsk-thrown-miss
# ---------------------------------------------------------------------------------------

THROWN_NAMES = {bid: band["name"] for bid, band in tb.THROWN_MISS.items()}
THROWN_PARAMS = (
    int_param("strength", "Сила", "Strength", 3, -10, 30),
    int_param("modifier", "Модификаторы", "Modifiers", 0, -40, 40),
    choice_param("reading", "Что сверять с таблицей", "What is read on the table", "total", [
        ("total", "результат проверки на Силу", "the Strength check's result"),
        ("margin", "результат минус УС", "the result minus a УС"),
    ], help=T("Таблица идет от «меньше 0» до «7 или больше», а 2К + Сила не меньше 2 + Сила; источник не "
              "называет УС.",
              "The table runs from «below 0» to «7 or more», while 2d6 + Strength is at least 2 + Strength; the "
              "source names no УС.")),
    int_param("difficulty", "УС (для второго прочтения)", "УС (second reading)", 7, -10, 40),
)


def _thrown_compute(p: dict) -> dict:
    d = r.thrown_miss(p["strength"], p["modifier"], p["reading"], p["difficulty"])
    rows = [[band["label"], band["name"], prob(d[bid])] for bid, band in tb.THROWN_MISS.items()]
    return {"outcome": {bid: prob(d[bid]) for bid in THROWN_NAMES},
            "display": [{"kind": "table", "title": T("Куда упало при промахе", "Where it lands on a miss"),
                         "columns": [T("Результат", "Result"), T("Итог", "Outcome"), T("Вероятность", "Probability")],
                         "rows": rows}]
            + ([note("Буквально: результат проверки на Силу (2К + Сила) редко бывает ниже 7 — таблица, похоже, "
                     "задумана для разницы с УС; источник его не называет.",
                     "Literally: a Strength check (2d6 + Strength) is rarely below 7 — the table looks meant for a "
                     "margin over a УС, which the source does not name.", "warning")]
               if p["reading"] == "total" else [])}


def _thrown_roll(p: dict, roller) -> dict:
    faces = roller.dice(2, 6)
    total = sum(faces) + p["strength"] + p["modifier"]
    value = total - p["difficulty"] if p["reading"] == "margin" else total
    band = r.band_of(value, tb.THROWN_MISS)
    text = tb.THROWN_MISS[band]["text"]
    return {"faces": faces, "total": total, "value": value, "outcome": band,
            "display": [{"kind": "dice", "label": T("Проверка на Силу", "Strength check"), "sides": 6,
                         "faces": faces, "marks": ["", ""]},
                        figures(("outcome", T(f"Результат {value}", f"Result {value}"), THROWN_NAMES[band])),
                        {"kind": "note", "level": "info", "text": text}]}


# ---------------------------------------------------------------------------------------
# lysogorsk-survival
# ---------------------------------------------------------------------------------------

SURVIVAL_PARAMS = (
    choice_param("kind", "Что", "What", "suffocation", [
        ("suffocation", "удушье (минуты без воздуха)", "suffocation (minutes without air)"),
        ("hunger", "голод (дни без еды)", "hunger (days without food)"),
        ("thirst", "жажда (дни без воды)", "thirst (days without water)"),
        ("sleep", "без сна (часы бодрствования)", "no sleep (hours awake)"),
    ]),
    int_param("stamina", "Выносливость", "Stamina", 2, 0, 30),
    int_param("fortitude", "Стойкость", "Fortitude", 1, 0, 30),
    int_param("confidence", "Уверенность (для сна)", "Confidence (sleep)", 2, -10, 30),
    int_param("willpower", "Сила духа (для сна)", "Willpower (sleep)", 1, 0, 30),
    int_param("modifier", "Модификаторы проверок", "Check modifiers", 0, -20, 20),
    int_param("time", "Прошло минут / дней / часов", "Minutes / days / hours so far", 10, 0, 500),
    choice_param(
        "rounding", "Округление УС без сна (часы / 2×Выносливость)",
        "Rounding of the no-sleep УС (hours / 2×Stamina)", r.DEFAULT_ROUNDING, [
            ("math", "по математическим правилам (половина — вверх)", "mathematical (a half rounds up)"),
            ("up", "вверх", "up"),
            ("down", "вниз", "down"),
        ], help=T("Источник не говорит, как округлять этот УС; «по математическим правилам» — его правило "
                  "для порогов хитов.",
                  "The source does not say how to round this УС; «mathematical» is its rule for hit "
                  "thresholds.")),
)
SURVIVAL_MAX_DAYS = 365
SLEEP_MAX_CHECKS = 120  # hours awake after the grace


def _survival_check(p: dict) -> None:
    if p["kind"] == "sleep" and p["stamina"] < 1:
        raise InputError({"field": "stamina", "ru": "Для сна Выносливость не меньше 1 (УС делится на нее).",
                          "en": "For sleep the Stamina must be at least 1 (the УС divides by it)."})
    if p["kind"] == "sleep" and p["time"] > r.SLEEP_GRACE_PER_STAMINA * p["stamina"] + SLEEP_MAX_CHECKS:
        lim = r.SLEEP_GRACE_PER_STAMINA * p["stamina"] + SLEEP_MAX_CHECKS
        raise InputError({"field": "time", "ru": f"Не больше {lim} часов (10 × Выносливость + {SLEEP_MAX_CHECKS}).",
                          "en": f"At most {lim} hours (10 × Stamina + {SLEEP_MAX_CHECKS})."})
    if p["kind"] in ("hunger", "thirst") and p["time"] > SURVIVAL_MAX_DAYS:
        raise InputError({"field": "time", "ru": f"Не больше {SURVIVAL_MAX_DAYS} дней.",
                          "en": f"At most {SURVIVAL_MAX_DAYS} days."})


def _survival_compute(p: dict) -> dict:
    kind, st_, t = p["kind"], p["stamina"], p["time"]
    if kind == "suffocation":
        grace = r.SUFFOCATION_GRACE_PER_STAMINA * st_
        d = r.suffocation(st_, p["fortitude"], p["modifier"])
        by = d.at_most(t)
        return {"kind": kind, "grace": grace, "p_dying": prob(by),
                "minute": [{"minute": m, "p": prob(d[m])} for m in d.outcomes()],
                "display": [
                    figures(("grace", T("Без проверок, минут (3 × Выносливость)", "Minutes without checks (3 × Stamina)"),
                             grace),
                            ("p_dying", T(f"Шанс быть «при смерти» к {t}-й минуте", f"Chance of dying by minute {t}"),
                             prob(by))),
                    dist_block("minute", T("Минута, когда провалена проверка (УС 5, 6, 7 …)",
                                           "The minute a check fails (УС 5, 6, 7 …)"), T("минута", "minute"), d),
                    note("Если спасли, критическое ранение записывается как временное.",
                         "If rescued, the critical wound counts as temporary."),
                ]}
    if kind in ("hunger", "thirst"):
        grace = r.STARVATION_GRACE_PER_STAMINA[kind] * st_
        d = r.starvation(st_, p["fortitude"], t, kind, p["modifier"])
        alive = [k for k in d.outcomes() if k != "dead"]
        display = [
            figures(("grace", T("Без проверок, дней", "Days without checks"), grace),
                    ("p_dead", T(f"Шанс умереть за {t} дн.", f"Chance of death within {t} days"), prob(d["dead"]))),
            dist_block("stamina", T("Выносливость через столько дней (или смерть)", "Stamina after those days (or death)"),
                       T("Выносливость", "Stamina"), d, at_least=False,
                       label=lambda k: T("смерть", "death") if k == "dead" else k),
        ]
        if t > grace and alive == [st_]:
            display.append(note("С такой Выносливостью и Стойкостью проверка против УС 5 не проваливается.",
                                "With this Stamina and Fortitude the check against УС 5 cannot fail."))
        return {"kind": kind, "grace": grace, "p_dead": prob(d["dead"]),
                "stamina_after": [{"stamina": k, "p": prob(v)} for k, v in d.items() if k != "dead"],
                "display": display}
    grace = r.SLEEP_GRACE_PER_STAMINA * st_
    d = r.sleep_deprivation(st_, p["confidence"], p["willpower"], t, p["modifier"], p["rounding"])
    us_now = r.sleep_difficulty(max(t, grace + 1), st_, p["rounding"])
    return {"kind": kind, "grace": grace, "p_awake": prob(d[0]),
            "fails": [{"fails": k, "penalty": r.SLEEP_FAIL_PENALTY * k, "p": prob(v)} for k, v in d.items()],
            "display": [
                figures(("grace", T("Без проверок, часов (10 × Выносливость)", "Hours without checks (10 × Stamina)"),
                         grace),
                        ("p_awake", T("Шанс ни разу не провалить (не уснуть)", "Chance of never failing (staying awake)"),
                         prob(d[0])),
                        ("difficulty", T("УС проверки в этот час", "The check's УС at this hour"), us_now)),
                dist_block("fails", T("Проваленных проверок (по −2 каждая, если не уснул)",
                                      "Failed checks (−2 each when staying up)"), T("провалов", "fails"), d),
            ]}


def _survival_roll(p: dict, roller) -> dict:
    kind, st_, t = p["kind"], p["stamina"], p["time"]
    rows, log = [], []
    if kind == "suffocation":
        grace = r.SUFFOCATION_GRACE_PER_STAMINA * st_
        k, minute = 0, None
        while minute is None:
            k += 1
            faces = roller.dice(2, 6)
            total = sum(faces) + st_ + p["fortitude"] + p["modifier"]
            us = r.SUFFOCATION_FIRST_DIFFICULTY + k - 1
            log.append({"minute": grace + k, "faces": faces, "total": total, "difficulty": us})
            if total < us:
                minute = grace + k
        result = {"minute": minute}
        summary = T(f"«При смерти» на {minute}-й минуте", f"Dying at minute {minute}")
    elif kind in ("hunger", "thirst"):
        grace = r.STARVATION_GRACE_PER_STAMINA[kind] * st_
        s, dead_day = st_, None
        for day in range(grace + 1, t + 1):
            faces = roller.dice(2, 6)
            total = sum(faces) + s + p["fortitude"] + p["modifier"]
            log.append({"day": day, "faces": faces, "total": total, "difficulty": r.STARVATION_DIFFICULTY})
            if total < r.STARVATION_DIFFICULTY:
                if s <= 0:
                    dead_day = day
                    break
                s -= 1
        result = {"stamina": s, "dead_day": dead_day}
        summary = (T(f"Умер на {dead_day}-й день", f"Dead on day {dead_day}") if dead_day
                   else T(f"Жив, Выносливость {s}", f"Alive, Stamina {s}"))
    else:
        grace = r.SLEEP_GRACE_PER_STAMINA * st_
        fails = 0
        for h in range(grace + 1, t + 1):
            us = r.sleep_difficulty(h, st_, p["rounding"])
            faces = roller.dice(2, 6)
            total = sum(faces) + p["confidence"] + p["willpower"] + p["modifier"] + r.SLEEP_FAIL_PENALTY * fails
            log.append({"hour": h, "faces": faces, "total": total, "difficulty": us})
            fails += total < us
        result = {"fails": fails, "penalty": r.SLEEP_FAIL_PENALTY * fails}
        summary = T(f"Провалов: {fails} (штраф {r.SLEEP_FAIL_PENALTY * fails})",
                    f"Fails: {fails} (penalty {r.SLEEP_FAIL_PENALTY * fails})")
    for e in log[-40:]:
        when = e.get("minute", e.get("day", e.get("hour")))
        rows.append([when, " ".join(map(str, e["faces"])), e["total"], e["difficulty"],
                     T("успех", "pass") if e["total"] >= e["difficulty"] else T("провал", "fail")])
    display = [figures(("result", T("Итог", "Result"), summary))]
    if rows:
        display.append({"kind": "table", "title": T("Проверки (последние 40)", "Checks (the last 40)"),
                        "columns": [T("Когда", "When"), T("Кубики", "Dice"), T("Итог", "Total"), T("УС", "УС"),
                                    T("Результат", "Outcome")], "rows": rows})
    return {**result, "log": log, "display": display}


CALCULATORS = [
    Calculator(
        id="lysogorsk-check", system="lysogorsk", kind="check",
        title=T("Проверка: 2К + атрибут + навык", "Check: 2d6 + attribute + skill"),
        description=T("Шанс успеха против УС и запас; противопоставленная проверка (ничья — «атакующему»).",
                      "The chance of success against a УС and the margin; opposed checks (ties to the «attacker»)."),
        params=CHECK_PARAMS, compute=_check_compute, roll=_check_roll,
    ),
    Calculator(
        id="lysogorsk-damage", system="lysogorsk", kind="damage",
        title=T("Урон и ранение", "Damage and the wound it leaves"),
        description=T("2К + Мощность − (Защита − Бронебойность), преграды, прицельные выстрелы, очереди, "
                      "падения, аварии, электричество, среда — и уровень ранения после.",
                      "2d6 + Power − (Protection − Armour piercing), cover, aimed shots, bursts, falls, crashes, "
                      "electricity, environment — and the wound level after."),
        params=DAMAGE_PARAMS, compute=_damage_compute, roll=_damage_roll, check=_damage_check,
    ),
    Calculator(
        id="lysogorsk-drunkenness", system="lysogorsk", kind="drunkenness",
        title=T("Опьянение", "Drunkenness"),
        description=T("Стадия после каждой порции (проверка Стойкости против УС напитка), эффекты и похмелье.",
                      "The stage after each drink (a Fortitude check against the drink's УС), effects and "
                      "the hangover."),
        params=DRUNK_PARAMS, compute=_drunk_compute, roll=_drunk_roll, check=_drunk_check,
    ),
    Calculator(
        id="lysogorsk-breakdown", system="lysogorsk", kind="check",
        title=T("Нервный срыв", "Nervous breakdown"),
        description=T("2К − Сила духа + 2 за каждый срыв в сцене по таблице, и проверка после.",
                      "2d6 − Willpower + 2 per breakdown in the scene on the table, and the check after."),
        params=BREAKDOWN_PARAMS, compute=_breakdown_compute, roll=_breakdown_roll,
    ),
    Calculator(
        id="lysogorsk-area-fire", system="lysogorsk", kind="attack",
        title=T("Стрельба по площади", "Area fire"),
        description=T("Кто на линии огня получит пулю: Уклонение (или 5) против одной проверки Стрельбы.",
                      "Who in the line of fire takes a bullet: Dodge (or 5) against one Shooting check."),
        params=AREA_PARAMS, compute=_area_compute, roll=_area_roll,
    ),
    Calculator(
        id="lysogorsk-thrown-miss", system="lysogorsk", kind="check",
        title=T("Куда упало метательное оружие", "Where a thrown weapon lands"),
        description=T("Проверка на Силу при промахе по таблице недолетов и перелетов.",
                      "The Strength check on a miss, read on the short / over table."),
        params=THROWN_PARAMS, compute=_thrown_compute, roll=_thrown_roll,
    ),
    Calculator(
        id="lysogorsk-survival", system="lysogorsk", kind="check",
        title=T("Удушье, голод, жажда, без сна", "Suffocation, hunger, thirst, no sleep"),
        description=T("Сколько продержится персонаж: срок без проверок и шансы после него.",
                      "How long a character lasts: the time without checks and the odds after it."),
        params=SURVIVAL_PARAMS, compute=_survival_compute, roll=_survival_roll, check=_survival_check,
    ),
]
