"""``lysogorsk-drunkenness``: the stage after each drink, its effects and the hangover (the page
«Алкоголь»).
"""

from __future__ import annotations

from ...dice import Dist
from ...spec import (Calculator, InputError, Option, Param, Preset, T, bool_param, dice_block, dist_block,
                     dist_json, figures, int_param, note, prob)
from .. import readings, rules, tables

__all__ = ["STAGE_NAMES", "DRINK_OPTIONS", "MAX_DRINKS", "DRINKS_PARAM", "PARAMS", "check", "compute", "roll",
           "CALCULATOR"]


STAGE_NAMES = {s: stage["name"] for s, stage in tables.DRUNK_STAGES.items()}


DRINK_OPTIONS = tuple(Option(did, T(f"{d['name']['ru']} ({tables.volume_text(d['litres'])['ru']}) — УС {d['difficulty']}",
                                     f"{d['name']['en']} ({tables.volume_text(d['litres'])['en']}) — difficulty {d['difficulty']}"))
                      for did, d in tables.DRINKS.items()) + (
    Option(tables.FROM_THE_BOTTLE["id"], T("Водка из горла = 5 стопок", "Vodka from the bottle = 5 shots")),
    Option("custom", T("Другой напиток (по формуле)", "Another drink (by the formula)")),
)
MAX_DRINKS = 60  # single drinks after expansion (a bottle is five)


_CUSTOM = {"param": "drink", "eq": "custom"}

DRINKS_PARAM = Param(
    "drinks", "record_list", T("Выпито по порядку", "Drunk, in order"),
    [{"drink": "beer", "count": 1}],
    min_len=1, max_len=30,
    fields=(
        Param("drink", "choice", T("Напиток", "Drink"), "vodka_shot", options=DRINK_OPTIONS),
        Param("count", "int", T("Сколько раз подряд", "How many in a row"), 1, min=1, max=20),
        # the formula's inputs: only for a drink that is not in the table
        Param("degrees", "int", T("Градусы (для другого напитка)", "Degrees (another drink)"), 40, min=0, max=100,
              when=_CUSTOM),
        Param("volume_g", "int", T("Грамм в стакане или кружке", "Grams in the glass or mug"), 100,
              min=1, max=5000, when=_CUSTOM),
        Param("bubbles", "bool", T("С пузырьками газа", "Fizzy"), False, when=_CUSTOM),
    ),
    # one chip per drink of the table (and the bottle from the neck): «+ Стопка водки»
    presets=tuple(Preset(d["name"], {"drink": did, "count": 1}) for did, d in tables.DRINKS.items())
    + (Preset(tables.FROM_THE_BOTTLE["name"], {"drink": tables.FROM_THE_BOTTLE["id"], "count": 1}),
       Preset(T("Другой напиток", "Another drink"), {"drink": "custom", "count": 1})),
    help=T("УС из таблицы главнее формулы (чистый спирт — УС 10). Формула: 1 за каждые полные 10 градусов, "
           "1 за каждые 100 г начиная со вторых, 1 за пузырьки.",
           "The table's difficulty wins over the formula (pure spirit is difficulty 10). The formula: 1 per full 10 degrees, "
           "1 per 100 g from the second, 1 for bubbles."),
)


#: The Fortitude checks are rolled (one who drinks to get drunk makes none).
_CHECKED = {"param": "willing", "eq": False}
_PSYCHE = {"any": [{"param": "negative_traits", "min": 1}, {"param": "binge_days", "min": 1}]}
_TRAITS = {"param": "negative_traits", "min": 1}

PARAMS = (
    int_param("stamina", "Выносливость", "Stamina", 2, 0, 30),
    int_param("fortitude", "Стойкость", "Fortitude", 1, 0, 30, when=_CHECKED),
    DRINKS_PARAM,
    bool_param("willing", "Сознательно напивается (без проверок)", "Drinks to get drunk (no checks)", False,
               group="details"),
    int_param("start_stage", "Начальная стадия", "Starting stage", 0, 0, tables.MAX_STAGE, group="details"),
    int_param("modifier", "Модификатор к проверкам Стойкости", "Modifier to the Fortitude checks", 0, -20, 20,
              group="details", when=_CHECKED),
    readings.VOLUME_READING.switch(),
    readings.STAGE_STAMINA_IN_CHECK.switch(when=_CHECKED),
    # Уверенность and Сила духа: for the features at stage 3 and for the dependence check
    int_param("confidence", "Уверенность", "Confidence", 2, -10, 30, group="details", when=_PSYCHE),
    int_param("willpower", "Сила духа", "Willpower", 1, 0, 30, group="details", when=_PSYCHE),
    int_param("negative_traits", "Негативных психологических особенностей", "Negative psychological features",
              0, 0, 20, group="details"),
    readings.STAGE3_CHECK.switch(when=_TRAITS),
    readings.STAGE1_CONFIDENCE_IN_CHECK.switch(when=_TRAITS),
    # stage 4: under the GM's control only while he can walk (Ловкость ≥ 0) and think (Мышление ≥ 0)
    int_param("agility", "Ловкость (трезвая)", "Agility (sober)", 3, -10, 30, group="details"),
    int_param("thinking", "Мышление (трезвое)", "Thinking (sober)", 3, -10, 30, group="details"),
    bool_param("fine_drinks", "Пили что-то очень дорогое и качественное (без похмелья)",
               "Very expensive, fine drinks (no hangover)", False, group="details"),
    int_param("binge_days", "Суток непросыхания (для проверки на Зависимость)",
              "Days of non-stop drinking (for the dependence check)", 0, 0, 365, group="details"),
    readings.HANGOVER_STAMINA.switch(when={"param": "fine_drinks", "eq": False}),
)


def check(p: dict) -> None:
    n = sum((tables.FROM_THE_BOTTLE["servings"] if d["drink"] == tables.FROM_THE_BOTTLE["id"] else 1) * d["count"]
            for d in p["drinks"])
    if n > MAX_DRINKS:
        raise InputError({"field": "drinks", "ru": f"Не больше {MAX_DRINKS} порций (бутылка из горла — 5).",
                          "en": f"At most {MAX_DRINKS} servings (a bottle from the neck is 5)."})


def _effects_text(stage: int) -> T:
    mods = rules.stage_modifiers(stage)
    if not mods:
        return T("нет", "none")
    parts_ru = [f"{'+' if v > 0 else '−'}{abs(v)} {tables.ATTRIBUTE_NAMES[k]['ru']}" for k, v in mods.items()]
    parts_en = [f"{'+' if v > 0 else '−'}{abs(v)} {tables.ATTRIBUTE_NAMES[k]['en']}" for k, v in mods.items()]
    return T(", ".join(parts_ru), ", ".join(parts_en))


def _drink_label(label: str) -> T:
    if label == "custom":
        return T("другой напиток", "another drink")
    return tables.DRINKS[label]["name"]


def compute(p: dict) -> dict:
    singles = rules.expand_drinks(p["drinks"], p["volume_reading"])
    dists = rules.drinking(singles, p["stamina"], p["fortitude"], p["start_stage"], p["modifier"],
                       p["willing"], p["stage_stamina"])
    final = dists[-1]
    likeliest = final.mode()
    hang = Dist.constant(0) if p["fine_drinks"] else final.map(
        lambda s: rules.hangover(s, p["stamina"], p["hangover_stamina"]))
    stages = range(tables.MAX_STAGE + 1)
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
         "columns": [T("№", "#"), T("Напиток", "Drink"), T("УС", "Difficulty")]
         + [T(f"стадия {s}", f"stage {s}") for s in stages],
         "rows": rows},
        {"kind": "note", "level": "info",
         "text": T(f"{likeliest}-я стадия. " + tables.DRUNK_STAGES[likeliest]["effects"]["ru"],
                   f"Stage {likeliest}. " + tables.DRUNK_STAGES[likeliest]["effects"]["en"])},
        dist_block("hangover", T("Похмелье: штраф ко всем броскам", "Hangover: penalty to all rolls"),
                   T("штраф", "penalty"), hang),
    ]
    result = {
        "singles": [{"drink": label, "difficulty": us, "record": idx} for label, us, idx in singles],
        "stages": probs,
        "final_stage": probs[-1],
        "likeliest_stage": likeliest,
        "effects": rules.stage_modifiers(likeliest),
        "hangover": dist_json(hang, "penalty"),
    }
    at4 = final[rules.CONTROL_STAGE]
    if at4:
        control = rules.under_control(p["agility"], p["thinking"])
        result["p_master_control"] = prob(at4 if control else 0)
        mods = rules.stage_modifiers(rules.CONTROL_STAGE)
        agility, thinking = p["agility"] + mods["agility"], p["thinking"] + mods["thinking"]
        display.append(figures(("p_master_control", T("Шанс закончить 4-й стадией под контролем мастера",
                                                       "Chance of ending at stage 4 under the GM's control"),
                                prob(at4 if control else 0))))
        display.append(note(f"На 4-й стадии Ловкость {agility}, Мышление {thinking}: " + (
            "персонаж еще способен ходить и соображать — он переходит под контроль мастера." if control else
            "персонаж уже не способен " + ("ходить" if agility < 0 else "соображать") + " — под контроль мастера "
            "он не переходит (что с ним тогда, источник не говорит)."),
            f"At stage 4 Agility {agility}, Thinking {thinking}: " + (
                "the character can still walk and think — he goes under the GM's control." if control
                else "the character can no longer " + ("walk" if agility < 0 else "think") + " — he does not go "
                "under the GM's control (what then, the source does not say).")))
    p3 = rules.p_reaches_stage3(p["start_stage"], dists)
    if p["negative_traits"] and p3:
        pf = rules.stage3_trait_fail(p["confidence"], p["willpower"], check=p["stage3_check"],
                                     stage1_confidence=p["stage1_confidence"])
        bonus_ru, bonus_en = (" +1", " +1") if p["stage1_confidence"] else ("", "")
        check_ru, check_en = ((f"Сила духа, Уверенность{bonus_ru}", f"Willpower, Confidence{bonus_en}")
                              if p["stage3_check"] == "willpower" else
                              (f"чистая Уверенность{bonus_ru}", f"pure Confidence{bonus_en}"))
        fired = Dist.bernoulli(pf, 1, 0).repeat(p["negative_traits"])
        result.update(p_stage3=prob(p3), p_trait_fires=prob(pf))
        display.append(figures(
            ("p_stage3", T("Шанс дойти до 3-й стадии", "Chance of reaching stage 3"), prob(p3)),
            ("p_trait_fires", T(f"Шанс, что особенность сработает ({check_ru} против УС 5)",
                                f"Chance a feature fires ({check_en}, against difficulty 5)"), prob(pf)),
        ))
        display.append(dist_block("traits_fired", T("Сработавших особенностей, если дошел до 3-й стадии",
                                                    "Traits that fire, on reaching stage 3"),
                                  T("особенностей", "features"), fired))
    if p["binge_days"]:
        pd = rules.dependence_p(p["confidence"], p["willpower"], p["binge_days"])
        result["p_dependence"] = prob(pd)
        display.append(figures(("p_dependence",
                                 T(f"Шанс Зависимости при опохмеле (Сила духа против УС {p['binge_days']})",
                                   f"Chance of Dependence when drinking again (Willpower against difficulty "
                                   f"{p['binge_days']})"), prob(pd))))
    if p["willing"]:
        display.append(note("Сознательно напивается: проверок нет, каждая порция — следующая стадия.",
                            "Drinking to get drunk: no checks, each drink is the next stage."))
    result["display"] = display
    return result


def roll(p: dict, roller) -> dict:
    singles = rules.expand_drinks(p["drinks"], p["volume_reading"])
    stage = p["start_stage"]
    rows, log = [], []
    for n, (label, us, _idx) in enumerate(singles, start=1):
        faces, total = [], None
        if stage < tables.MAX_STAGE:
            if p["willing"]:
                stage += 1
            else:
                bonus = rules.stage_modifiers(stage).get("stamina", 0) if p["stage_stamina"] else 0
                faces = roller.dice(2, 6)
                total = sum(faces) + p["stamina"] + bonus + p["fortitude"] + p["modifier"]
                if total < us:
                    stage += 1
        log.append({"drink": label, "difficulty": us, "faces": faces, "total": total, "stage": stage})
        rows.append([n, _drink_label(label), us, " ".join(map(str, faces)) or "—",
                     "—" if total is None else total, stage])
    hang = 0 if p["fine_drinks"] else rules.hangover(stage, p["stamina"], p["hangover_stamina"])
    display = [
        {"kind": "table", "title": T("Порции", "Drinks"),
         "columns": [T("№", "#"), T("Напиток", "Drink"), T("УС", "Difficulty"), T("Кубики", "Dice"), T("Итог", "Total"),
                     T("Стадия", "Stage")], "rows": rows},
    ]
    checked = [e for e in log if e["faces"]]
    if checked:  # every check's 2d6, a held check's dice marked a success
        display.append(dice_block(T("Проверки Стойкости", "Fortitude checks"), 6,
                                  [f for e in checked for f in e["faces"]],
                                  [m for e in checked for m in ["success" if e["total"] >= e["difficulty"] else ""] * 2]))
    display += [
        figures(("stage", T("Стадия", "Stage"),
                 T(f"{stage}-я: {STAGE_NAMES[stage]['ru']}", f"{stage}: {STAGE_NAMES[stage]['en']}")),
                ("effects", T("Эффекты", "Effects"), _effects_text(stage)),
                ("hangover", T("Похмелье (штраф)", "Hangover (penalty)"), -hang if hang else 0)),
    ]
    return {"log": log, "stage": stage, "hangover": hang, "display": display}

#: ``lysogorsk-drunkenness``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(
    id="lysogorsk-drunkenness", system="lysogorsk", kind="drunkenness",
    title=T("Опьянение", "Drunkenness"),
    description=T("Стадия после каждой порции (проверка Стойкости против УС напитка), эффекты и похмелье.",
                  "The stage after each drink (a Fortitude check against the drink's difficulty), effects and "
                  "the hangover."),
    params=PARAMS, compute=compute, roll=roll, check=check,
    summary=("likeliest_stage", "p_hangover"),
)
