"""``lysogorsk-damage``: «2К+Мощность-(Защита-Бронебойность)» with cover, aimed shots, bursts,
falls, crashes, electricity and the environment, and the wound it leaves (the pages «Урон и
защита», «Хиты и ранения»).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...dice import Dist
from ...spec import (Calculator, Errors, T, bool_param, choice_param, dice_block, dist_block, dist_json,
                     figures, int_param, note, prob)
from .. import readings, rules, tables

__all__ = ["STATE_NAMES", "ROUNDING_OPTIONS", "ROUNDING_PARAM", "QUARTER_PARAM", "BLEEDING_BAND_OPTIONS",
           "BLEEDING_BAND_HELP", "hits_errors", "COVER_OPTIONS", "ENV_OPTIONS", "PARAMS", "check", "compute",
           "roll", "CALCULATOR"]


STATE_NAMES = {
    "scratch": T("царапина (штраф 0)", "scratch (penalty 0)"),
    "light": T("легкое ранение (−2)", "light wound (−2)"),
    "heavy": T("тяжелое ранение (−4)", "heavy wound (−4)"),
    "critical": T("критическое ранение (−6)", "critical wound (−6)"),
    "unconscious": T("без сознания на час (временный урон)", "unconscious for an hour (temporary damage)"),
    "dying": T("при смерти (15 минут)", "dying (15 minutes)"),
    "dead": T("мгновенная смерть", "instant death"),
}


#: The readings of :data:`rules.ROUNDINGS`, for every rounding switch.
ROUNDING_OPTIONS = [
    ("math", "по математическим правилам (половина — вверх)", "mathematical (a half rounds up)"),
    ("up", "вверх", "up"),
    ("down", "вниз", "down"),
]
ROUNDING_PARAM = readings.DEFAULT_ROUNDING.switch()


QUARTER_PARAM = readings.QUARTER_IS_CRITICAL.switch()


#: the options and the help of the switch :data:`rules.BLEEDING_BAND_READINGS` (here and in ``lysogorsk-wounds``)
BLEEDING_BAND_OPTIONS = [
    ("permanent", "по хитам без временного урона", "by the hits without the temporary damage"),
    ("all", "по всем оставшимся хитам", "by every hit left"),
]
BLEEDING_BAND_HELP = T("Временное ранение «никогда не истекает кровью»; кровотечение — по оставшимся хитам («если у "
                       "него 5-8 хитов»). Считать ли временные хиты, когда есть и постоянная рана, не сказано.",
                       "A temporary wound never bleeds; bleeding goes by the hits left. Whether the temporary "
                       "hits count once there is a permanent wound too is not said.")
COVER_OPTIONS = [("none", "нет", "none")] + [
    (cid, f"{c['name']['ru']} ({-c['protection']})", f"{c['name']['en']} ({-c['protection']})")
    for cid, c in tables.COVER.items()]
ENV_OPTIONS = [(eid, f"{e['medium']['ru']} — {e['damage']}", f"{e['medium']['en']} — {e['damage']}")
               for eid, e in tables.ENVIRONMENT.items()]


_WEAPON = {"param": "source", "eq": "weapon"}
_BURST = {"all": [_WEAPON, {"param": "burst_shots", "min": 1}]}
_CRASH = {"param": "source", "eq": "crash"}
_FALL_OR_CRASH = {"param": "source", "in": ["fall", "crash"]}
_ENVIRONMENT = {"param": "source", "eq": "environment"}
_SHOCK_FORTITUDE = {"param": "pain_shock_roll", "eq": "fortitude"}
_SHOCK_WILLPOWER = {"param": "pain_shock_roll", "eq": "willpower"}

PARAMS = (
    choice_param("source", "Источник урона", "Source of damage", "weapon", [
        ("weapon", "оружие (2К + Мощность)", "a weapon (2d6 + Power)"),
        ("fall", "падение", "a fall"),
        ("crash", "авария", "a vehicle crash"),
        ("electric", "электричество", "electricity"),
        ("environment", "окружающая среда", "the environment"),
    ]),
    int_param("power", "Мощность оружия", "Weapon's Power", 4, -20, 100, when=_WEAPON),
    # Защита counts against a weapon and, by the switch armor_against_falls, a fall or a crash
    int_param("armor", "Защита (броня)", "Protection (armor)", 0, 0, 100,
              when={"param": "source", "in": ["weapon", "fall", "crash"]}),
    int_param("armor_piercing", "Бронебойность", "Armor piercing", 0, 0, 100, group="details", when=_WEAPON),
    choice_param("cover", "Преграда", "Cover", "none", COVER_OPTIONS, group="details", when=_WEAPON),
    readings.AP_RULE.switch(when={"all": [_WEAPON, {"param": "armor_piercing", "min": 1}, {"param": "cover", "ne": "none"}]}),
    choice_param("aim", "Прицельный выстрел", "Aimed shot", "none", [
        ("none", "нет", "none"), ("head", "голова (×2)", "head (×2)"),
        ("arm", "рука (×0,5)", "arm (×0.5)"), ("leg", "нога (×0,5)", "leg (×0.5)"),
    ], group="details", when=_WEAPON),
    readings.AIM_ORDER.switch(when={"all": [_WEAPON, {"param": "aim", "ne": "none"}]}),
    int_param("burst_shots", "Очередь: выстрелов (0 — одиночный)", "Burst: shots (0 — a single shot)", 0, 0, 200,
              help=T("«Короткая очередь 4:3/2/1» — 4 выстрела; 3, 2, 1 пули попадают на ближней, средней, дальней.",
                     "«Short burst 4:3/2/1» — 4 shots; 3, 2, 1 bullets hit at close, medium, long range."),
              group="details", when=_WEAPON),
    int_param("burst_close", "Очередь: попаданий на ближней", "Burst: hits at close range", 3, 0, 200,
              group="details", when=_BURST),
    int_param("burst_medium", "Очередь: на средней", "Burst: at medium range", 2, 0, 200, group="details",
              when=_BURST),
    int_param("burst_far", "Очередь: на дальней", "Burst: at long range", 1, 0, 200, group="details", when=_BURST),
    int_param("ammo_left", "Патронов в магазине", "Rounds in the magazine", 30, 1, 1000, group="details",
              when=_BURST),
    choice_param("range", "Дистанция", "Range", "close", [
        ("point_blank", "в упор (менее метра)", "point-blank (under a meter)"),
        ("close", "ближняя", "close"), ("medium", "средняя", "medium"), ("far", "дальняя", "long"),
    ], group="details", when=_BURST),
    readings.BURST_ROLL.switch(when=_BURST),
    int_param("height_m", "Высота падения, м", "Height of the fall, m", 6, 0, 1000,
              when={"param": "source", "eq": "fall"}),
    int_param("speed_kmh", "Скорость столкновения, км/ч", "Collision speed, km/h", 40, 0, 1000, when=_CRASH),
    readings.STEP_READING.switch(when=_FALL_OR_CRASH),
    readings.NO_DAMAGE_WITHOUT_STEPS.switch(when=_FALL_OR_CRASH),
    bool_param("belts", "Ремни безопасности", "Seat belts", False, group="details", when=_CRASH),
    readings.BELT_READING.switch(when={"all": [_CRASH, {"param": "belts", "eq": True}]}),
    bool_param("airbags", "Подушки безопасности", "Airbags", False, group="details", when=_CRASH),
    bool_param("halving_check", "Проверка Стойкости на половину урона", "Fortitude check for half damage", True,
               group="details", when=_FALL_OR_CRASH),
    readings.ARMOR_AGAINST_FALLS.switch(when={"all": [_FALL_OR_CRASH, {"param": "armor", "min": 1}]}),
    readings.BELTS_BEFORE_HALVING.switch(when={"all": [_CRASH, {"param": "belts", "eq": True}, {"param": "belts_reading", "eq": "damage"},
                             {"any": [{"param": "airbags", "eq": True}, {"param": "halving_check", "eq": True}]}]}),
    readings.ROUND_ONCE.switch(when={"all": [_CRASH, {"param": "airbags", "eq": True}, {"param": "halving_check", "eq": True}]}),
    int_param("volts", "Напряжение, В", "Voltage, V", 220, 0, 100000, when={"param": "source", "eq": "electric"}),
    choice_param("environment", "Среда", "Medium", "boiling_water", ENV_OPTIONS, when=_ENVIRONMENT),
    bool_param("splashed", "Облит, а не погружен (урон вдвое меньше каждый раунд)",
               "Splashed, not immersed (damage halves each round)", False, when=_ENVIRONMENT),
    int_param("rounds", "Раундов в среде", "Rounds in the medium", 1, 1, 100,
              when={"all": [_ENVIRONMENT, {"param": "splashed", "eq": False}]}),
    int_param("stamina", "Выносливость цели", "Target's Stamina", 3, 0, 30),
    # the Fortitude check that halves a fall's or a crash's damage reads it, and the pain-shock check by its reading
    int_param("fortitude", "Стойкость цели", "Target's Fortitude", 1, 0, 30,
              when={"any": [{"all": [_FALL_OR_CRASH, {"param": "halving_check", "eq": True}]}, _SHOCK_FORTITUDE]}),
    int_param("confidence", "Уверенность цели", "Target's Confidence", 3, -10, 30, group="details",
              when=_SHOCK_WILLPOWER),
    int_param("willpower", "Сила духа цели", "Target's Willpower", 1, 0, 30, group="details", when=_SHOCK_WILLPOWER),
    int_param("extra_hits", "Купленные доп. хиты (до 2×Выносливость)", "Bought extra hits (up to 2×Stamina)",
              0, 0, 60, group="details"),
    int_param("damage_taken", "Уже потеряно хитов (постоянный урон)", "Hits already lost (permanent)", 0, 0, 200),
    int_param("temporary_taken", "Уже потеряно хитов (временный урон)", "Hits already lost (temporary)", 0, 0, 200,
              group="details"),
    bool_param("temporary", "Этот урон временный (кулаки, шокер)", "This damage is temporary (fists, stun baton)",
               False, group="details"),
    # fractional damage: a shot at an arm or a leg, a splash, a halved fall or crash
    replace(ROUNDING_PARAM, when={"any": [
        {"all": [_WEAPON, {"param": "aim", "in": ["arm", "leg"]}]},
        {"all": [_ENVIRONMENT, {"param": "splashed", "eq": True}]},
        _FALL_OR_CRASH]}),
    QUARTER_PARAM,
    readings.BLEEDING_BAND.switch(when={"any": [{"param": "temporary", "eq": True}, {"param": "temporary_taken", "min": 1}]}),
    readings.PAIN_SHOCK_ROLL.switch(),
    readings.PAIN_SHOCK_WOUND_PENALTY.switch(),
    readings.BLEEDING_WHEN_DYING.switch(),
)


def hits_errors(p: dict) -> Errors:
    """The errors of a wounded character's record (``stamina``, ``extra_hits``, ``damage_taken``,
    ``temporary_taken``): bought hits up to twice the Выносливость; no more temporary damage than the track
    holds — beyond it «он записывается как постоянный» (:func:`rules.temporary_room`)."""
    errors = Errors()
    if p["extra_hits"] > rules.EXTRA_HITS_PER_STAMINA * p["stamina"]:
        errors.append({"field": "extra_hits",
                       "ru": "Доп. хитов не больше удвоенной Выносливости.",
                       "en": "Extra hits cannot exceed twice the Stamina."})
    room = rules.temporary_room(rules.max_hits(p["stamina"], p["extra_hits"]), p["damage_taken"], 0)
    if p["temporary_taken"] > room:
        errors.append({"field": "temporary_taken",
                       "ru": f"Временного урона не больше {room} (до −10 хитов вместе с постоянным): сверх "
                             "Здоровья+10 он записывается как постоянный.",
                       "en": f"At most {room} temporary hits (down to −10 hits with the permanent damage): beyond "
                             "Health+10 they are written as permanent."})
    return errors


def check(p: dict) -> None:
    errors = hits_errors(p)
    if p["source"] == "weapon" and p["burst_shots"]:
        for f in ("burst_close", "burst_medium", "burst_far"):
            if p[f] > p["burst_shots"]:
                errors.append({"field": f, "ru": "Попаданий не больше, чем выстрелов в очереди.",
                               "en": "No more hits than shots in the burst."})
        hits = rules.burst_hits(p["burst_shots"], p["burst_close"], p["burst_medium"], p["burst_far"],
                                p["range"], p["ammo_left"])
        if p["burst_roll"] == "each" and hits > rules.MAX_BULLETS_ROLLED_EACH:
            errors.append({"field": "burst_roll",
                           "ru": f"Отдельный бросок на каждую пулю — не больше {rules.MAX_BULLETS_ROLLED_EACH} "
                                 f"попавших пуль (сейчас {hits}); для такой очереди — один бросок на всю очередь.",
                           "en": f"A roll for each bullet — at most {rules.MAX_BULLETS_ROLLED_EACH} bullets that hit "
                                 f"(now {hits}); for such a burst, one roll for the whole burst."})
    errors.check()


def _damage_dist(p: dict) -> tuple[Dist, list[dict], dict]:
    """The hits the target loses, the display notes, and the machine-readable details."""
    src = p["source"]
    notes: list[dict] = []
    info: dict = {"source": src}
    fort = rules.check_total(p["stamina"], p["fortitude"])
    if src == "weapon":
        prot = rules.protection(p["armor"], rules.cover_protection(p["cover"]), p["armor_piercing"], p["ap_rule"])
        aim = None if p["aim"] == "none" else p["aim"]
        per = rules.aimed_damage(p["power"], prot, aim, p["aim_order"], p["rounding"])
        info.update(protection=prot)
        if p["burst_shots"]:
            shots, c, m, f = rules.short_burst(p["burst_shots"], p["burst_close"], p["burst_medium"],
                                           p["burst_far"], p["ammo_left"])
            hits = rules.burst_hits(p["burst_shots"], p["burst_close"], p["burst_medium"], p["burst_far"],
                                p["range"], p["ammo_left"])
            info.update(burst=f"{shots}:{c}/{m}/{f}", bullets_hit=hits)
            if shots < p["burst_shots"]:
                notes.append(note(f"Патронов меньше длины очереди: очередь {shots}: {c}/{m}/{f}.",
                                  f"Fewer rounds than the burst: the burst is {shots}: {c}/{m}/{f}."))
            if p["burst_roll"] == "each":
                notes.append(note(f"В цель попадает пуль: {hits}; урон бросается на каждую пулю отдельно.",
                                  f"Bullets hitting: {hits}; the damage is rolled for each bullet on its own."))
            else:
                notes.append(note(f"В цель попадает пуль: {hits}; урон бросается один раз и наносится {hits} раз.",
                                  f"Bullets hitting: {hits}; the damage is rolled once and dealt {hits} times."))
            return rules.burst_damage(per, hits, p["burst_roll"]), notes, info
        return per, notes, info
    if src == "electric":
        power = rules.electric_power(p["volts"])
        info.update(power=power)
        notes.append(note(f"Мощность {power} = {p['volts']} В / 50, вниз. Броня не защищает.",
                          f"Power {power} = {p['volts']} V / 50, rounded down. No armor protects."))
        return rules.hit_damage(power, 0), notes, info
    if src == "environment":
        base = tables.ENVIRONMENT[p["environment"]]["damage"]
        if p["splashed"]:
            seq = rules.splash_sequence(base, p["rounding"])
            info.update(per_round=seq)
            notes.append(note("Урон по раундам: " + ", ".join(map(str, seq)) + ".",
                              "Damage by round: " + ", ".join(map(str, seq)) + "."))
            return Dist.constant(sum(seq)), notes, info
        info.update(per_round=[base] * p["rounds"])
        return Dist.constant(base * p["rounds"]), notes, info
    # fall / crash
    if src == "fall":
        steps = rules.fall_steps(p["height_m"], p["step_reading"])
    else:
        steps = rules.crash_steps(p["speed_kmh"], p["step_reading"])
    info.update(power=steps, check_difficulty=steps)
    if steps == 0 and p["no_damage_below_threshold"]:
        notes.append(note("Ниже порога: урона нет.", "Below the threshold: no damage."))
        return Dist.constant(0), notes, info
    power = steps
    belts_power = src == "crash" and p["belts"] and p["belts_reading"] == "power"
    if belts_power:
        power = rules.seat_belts_power(steps)
        info.update(power_after_belts=power)
        if power is None:
            notes.append(note("Мощность меньше 5: ремни спасают полностью.",
                              "Power below 5: the belts save completely."))
            return Dist.constant(0), notes, info
    dmg = rules.hit_damage(power, p["armor"] if p["armor_against_falls"] else 0)
    crash = src == "crash"
    other = Fraction(1, 2) if crash and p["airbags"] else Fraction(1)
    p_check = rules.p_success(fort, steps) if p["halving_check"] else Fraction(0)
    info.update(p_check=prob(p_check))
    notes.append(note(f"Мощность {steps}; проверка Стойкости против УС {steps} — половина урона"
                      + (" (четверть с подушками)" if other != 1 else "") + ".",
                      f"Power {steps}; a Fortitude check against difficulty {steps} halves the damage"
                      + (" (a quarter with airbags)" if other != 1 else "") + "."))
    return rules.cushioned_dist(dmg, p_check, crash and p["airbags"], crash and p["belts"] and not belts_power,
                                p["rounding"], p["round_once"], p["belts_first"]), notes, info


def compute(p: dict) -> dict:
    dmg, notes, info = _damage_dist(p)
    total = rules.max_hits(p["stamina"], p["extra_hits"])
    perm0, temp0 = p["damage_taken"], p["temporary_taken"]

    def after(d):
        return rules.apply_damage(total, perm0, temp0, d, p["temporary"])

    pt = dmg.map(after)
    hits_left = pt.map(lambda x: total - x[0] - x[1])
    state = pt.map(lambda x: rules.state_after(total, x[0], x[1], p["quarter_is_critical"]))
    likeliest = state.mode()
    p_shock = sum((q * _p_shock(p, total, *x) for x, q in pt.items()), Fraction(0))
    q1, q2, q3 = rules.thresholds(total)
    # Pain shock follows any attack, by the hits it left; bleeding only permanent damage («никогда не
    # истекает кровью»), its band by the reading rules.BLEEDING_BAND.
    band = hits_left.map(lambda h: _band(h, p))
    bleed = pt.map(lambda x: _band(rules.bleeding_hits(total, x[0], x[1], p["bleeding_band"]), p))
    temporary_involved = p["temporary"] or temp0 > 0
    display = [
        figures(
            ("mean_damage", T("Средний урон", "Mean damage"), round(float(dmg.mean()), 3)),
            ("likeliest_state", T("Вероятнее всего", "Most likely"), STATE_NAMES[likeliest]),
            ("p_dying", T("Шанс «при смерти» или хуже", "Chance of dying or worse"),
             prob(state.p(lambda s: s in ("dying", "dead")))),
            ("p_dead", T("Шанс мгновенной смерти (−10 хитов)", "Chance of instant death (−10 hits)"),
             prob(state["dead"])),
            ("p_pain_shock", T("Шанс болевого шока (проверка провалена)", "Chance of pain shock (the check failed)"),
             prob(p_shock)),
            ("hits", T(f"Хиты: {total}; пороги ¼, ½, ¾", f"Hits: {total}; thresholds ¼, ½, ¾"),
             f"{q1} / {q2} / {q3}"),
        ),
        dist_block("damage", T("Урон", "Damage"), T("хитов", "hits"), dmg),
        dist_block("state", T("Состояние после урона (и шанс этого или хуже)",
                              "State after the damage (and the chance of it or worse)"), T("состояние", "state"),
                   state.map(rules.STATES.index), label=lambda i: STATE_NAMES[rules.STATES[i]]),
        dist_block("hits_left", T("Хитов осталось", "Hits left"), T("хитов", "hits"), hits_left),
    ]
    pb = {i: bleed[i] for i in range(len(tables.BLEEDING))}
    ps = {i: band[i] for i in range(len(tables.BLEEDING))}
    hits_text = [row[0] for row in tables.TABLES["bleeding"]["rows"]]
    if any(ps.values()) and not temporary_involved:
        rows = [[hits_text[i], b["loss"], b["pain_shock"], prob(ps[i])] for i, b in enumerate(tables.BLEEDING)]
        display.append({"kind": "table",
                        "title": T("Кровотечение и болевой шок", "Bleeding and pain shock"),
                        "columns": [T("Хитов осталось", "Hits left"), T("Кровотечение", "Bleeding"),
                                    T("Болевой шок, сложность", "Pain shock, difficulty"),
                                    T("Шанс", "Chance")],
                        "rows": rows})
    elif temporary_involved:
        if any(ps.values()):
            display.append({"kind": "table", "title": T("Болевой шок", "Pain shock"),
                            "columns": [T("Хитов осталось", "Hits left"), T("Сложность", "Difficulty"),
                                        T("Шанс", "Chance")],
                            "rows": [[hits_text[i], b["pain_shock"], prob(ps[i])]
                                     for i, b in enumerate(tables.BLEEDING)]})
        if any(pb.values()):
            column = (T("Хитов без временного урона", "Hits without the temporary damage")
                      if p["bleeding_band"] == "permanent" else T("Хитов осталось", "Hits left"))
            display.append({"kind": "table", "title": T("Кровотечение (постоянный урон)", "Bleeding (permanent damage)"),
                            "columns": [column, T("Кровотечение", "Bleeding"), T("Шанс", "Chance")],
                            "rows": [[hits_text[i], b["loss"], prob(pb[i])] for i, b in enumerate(tables.BLEEDING)]})
    if p_shock:
        roll = (T("Силы духа (2К + Уверенность + Сила духа", "Willpower check (2d6 + Confidence + Willpower")
                if p["pain_shock_roll"] == "willpower" else
                T("Стойкости (2К + Выносливость + Стойкость", "Fortitude check (2d6 + Stamina + Fortitude"))
        b = _shock_bonus(p)
        display.append(note(f"Болевой шок — проверка {roll['ru']} = 2К{b:+d}) против 5 или 7; провал — Шок (так "
                            "читаем: источник не называет ни бросок, ни последствие).",
                            f"Pain shock: a {roll['en']} = 2d6{b:+d}) against 5 or 7; a failure is Shock (our reading: "
                            "the source names neither the roll nor the outcome)."))
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
        "damage": dist_json(dmg, "damage"),
        "hits_left": dist_json(hits_left, "hits"),
        "state": {s: prob(state[s]) for s in rules.STATES},
        "likeliest_state": likeliest,
        "wound_penalty": rules.wound_penalty(likeliest),
        "bleeding": [{"loss": band["loss"], "pain_shock_difficulty": band["pain_shock"], "p": prob(pb[i])}
                     for i, band in enumerate(tables.BLEEDING)],
        "pain_shock": [{"difficulty": band["pain_shock"], "p": prob(ps[i])} for i, band in enumerate(tables.BLEEDING)],
        "p_pain_shock": prob(p_shock),
        "display": display,
        **({"next": _wounds_next(p, pt.mode())} if likeliest != "dead" else {}),
    }


def _shock_bonus(p: dict) -> int:
    """The pain-shock check's bonus to 2К, by the reading :data:`rules.PAIN_SHOCK_ROLLS`."""
    if p["pain_shock_roll"] == "willpower":
        return p["confidence"] + p["willpower"]
    return p["stamina"] + p["fortitude"]


def _p_shock(p: dict, total: int, perm: int, temp: int) -> Fraction:
    """P(pain shock) after an attack that left (``perm``, ``temp``) damage."""
    penalty = 0
    if p["pain_shock_penalty"]:
        penalty = rules.wound_penalty(rules.state_after(total, perm, temp, p["quarter_is_critical"])) or 0
    return rules.p_pain_shock(total - perm - temp, _shock_bonus(p), penalty, False, p["bleeding_when_dying"])


def _band(hits: int | None, p: dict) -> int | None:
    """The row of :data:`tables.BLEEDING` for ``hits`` (``None``: none, or nothing bleeds)."""
    if hits is None:
        return None
    b = rules.bleeding(hits, p["bleeding_when_dying"])
    return None if b is None else b["band"]


def _wounds_next(p: dict, lost: tuple[int, int]) -> list[dict]:
    """The hand-over to ``lysogorsk-wounds``: the wounded character after the likeliest damage."""
    perm, temp = lost
    return [{"id": "lysogorsk-wounds", "label": T("Раненый: штрафы, кровотечение, лечение",
                                                   "The wounded: penalties, bleeding, healing"),
             "params": {"stamina": p["stamina"], "extra_hits": p["extra_hits"],
                        "damage_taken": min(perm, 200), "temporary_taken": min(temp, 200),
                        "quarter_is_critical": p["quarter_is_critical"],
                        **({"bleeding_band": p["bleeding_band"]} if perm and temp else {})}}]


def roll(p: dict, roller) -> dict:
    dice = roller.dice(2, 6)
    rolled = sum(dice)
    src = p["source"]
    total = rules.max_hits(p["stamina"], p["extra_hits"])
    extra: dict = {}
    if src == "weapon":
        prot = rules.protection(p["armor"], rules.cover_protection(p["cover"]), p["armor_piercing"], p["ap_rule"])
        mult = rules.aim_multiplier(p["aim"])

        def bullet(rolled: int) -> int:
            if mult is None:
                return max(0, rolled + p["power"] - prot)
            if p["aim_order"] == "after":
                return rules.round_by(max(0, rolled + p["power"] - prot) * mult, p["rounding"])
            return max(0, rules.round_by((rolled + p["power"]) * mult, p["rounding"]) - prot)

        d = bullet(rolled)
        if p["burst_shots"]:
            hits = rules.burst_hits(p["burst_shots"], p["burst_close"], p["burst_medium"], p["burst_far"],
                                p["range"], p["ammo_left"])
            extra["bullets_hit"] = hits
            if p["burst_roll"] == "each":  # the first bullet's 2К is rolled above; each other bullet its own
                dice += roller.dice(2 * (hits - 1), 6) if hits > 1 else []
                d = sum(bullet(a + b) for a, b in zip(dice[::2], dice[1::2])) if hits else 0
            else:
                d *= hits
    elif src == "electric":
        d = rolled + rules.electric_power(p["volts"])
    elif src == "environment":
        base = tables.ENVIRONMENT[p["environment"]]["damage"]
        d = sum(rules.splash_sequence(base, p["rounding"])) if p["splashed"] else base * p["rounds"]
        dice = []
    else:
        steps = (rules.fall_steps(p["height_m"], p["step_reading"]) if src == "fall"
                 else rules.crash_steps(p["speed_kmh"], p["step_reading"]))
        belts_power = src == "crash" and p["belts"] and p["belts_reading"] == "power"
        power = rules.seat_belts_power(steps) if belts_power else steps
        if (steps == 0 and p["no_damage_below_threshold"]) or power is None:
            d, dice = 0, []
        else:
            d = max(0, rolled + power - (p["armor"] if p["armor_against_falls"] else 0))
            crash = src == "crash"
            factors = (Fraction(1, 2),) if crash and p["airbags"] else ()
            if p["halving_check"]:
                cf = roller.dice(2, 6)
                ct = sum(cf) + p["stamina"] + p["fortitude"]
                extra.update(check_faces=cf, check_total=ct, check_success=ct >= steps)
                if ct >= steps:
                    factors += (Fraction(1, 2),)
            d = rules.cushioned(d, factors, crash and p["belts"] and not belts_power, p["rounding"],
                                p["round_once"], p["belts_first"])
    perm, temp = rules.apply_damage(total, p["damage_taken"], p["temporary_taken"], d, p["temporary"])
    state = rules.state_after(total, perm, temp, p["quarter_is_critical"])
    display = []
    if dice:
        display.append(dice_block(T("Урон: 2К", "Damage: 2d6"), 6, dice))
    if "check_faces" in extra:
        display.append(dice_block(T("Проверка Стойкости", "Fortitude check"), 6, extra["check_faces"],
                                  ["success" if extra["check_success"] else ""] * 2))
    display.append(figures(("damage", T("Урон", "Damage"), d),
                           ("hits_left", T("Хитов осталось", "Hits left"), total - perm - temp),
                           ("state", T("Состояние", "State"), STATE_NAMES[state])))
    return {"faces": dice, "damage": d, "hits_left": total - perm - temp, "state": state, **extra,
            "display": display}

#: ``lysogorsk-damage``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-damage", system="lysogorsk", kind="damage",
    title=T("Урон и ранение", "Damage and the wound it leaves"),
    description=T("2К + Мощность − (Защита − Бронебойность), преграды, прицельные выстрелы, очереди, "
                  "падения, аварии, электричество, среда — и уровень ранения после.",
                  "2d6 + Power − (Protection − Armor piercing), cover, aimed shots, bursts, falls, crashes, "
                  "electricity, environment — and the wound level after."),
    params=PARAMS, compute=compute, roll=roll, check=check,
    summary=("mean_damage", "likeliest_state", "p_dying"),
)
