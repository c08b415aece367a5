"""``wod-ambush``: the ambush and the surprise of a flank or rear attack (002)."""

from __future__ import annotations

from ...spec import Calculator, T, choice_param, dist_block, dist_json, figures, frac, int_param, note, prob
from ..pool import net_successes
from .. import readings, rules
from .shared import MAX_POOL

__all__ = ["OTHER_ONES_PARAM", "AMBUSH_PARAMS", "compute", "CALCULATOR"]

_AMBUSH = {"param": "mode", "eq": "ambush"}
_SURPRISE = {"param": "mode", "eq": "surprise"}
OTHER_ONES_PARAM = readings.ONES_CANCEL_OTHER.switch()

AMBUSH_PARAMS = (
    choice_param("mode", "Что считать", "What to work out", "ambush", [
        ("ambush", "Засада: бросок застигнутого", "Ambush: the ambushed one's roll"),
        ("surprise", "Атака с фланга или тыла: избежать неожиданного удара", "Flank or rear: avoid the surprise"),
    ]),
    int_param("victim_pool", "Застигнутый: Восприятие + Бдительность (сложность 8)",
              "The ambushed: Perception + Alertness (difficulty 8)", 4, 0, MAX_POOL, when=_AMBUSH),
    int_param("own_pool", "Его обычный запас на действие", "His usual pool for the action", 6, 0, MAX_POOL,
              when={"all": [_AMBUSH, {"param": "ambush_pool", "eq": "at_most"}]}),
    int_param("prepare_pool", "Устроивший засаду: Сообразительность + Маскировка (сложность 6)",
              "The ambusher: Wits + Stealth (difficulty 6)", 5, 0, MAX_POOL, when=_AMBUSH),
    choice_param("side", "Откуда атака", "Attacking from", "flank", [
        ("flank", "с фланга (сложность 6)", "the flank (difficulty 6)"), ("rear", "с тыла (сложность 8)", "the rear (difficulty 8)"),
    ], when=_SURPRISE),
    int_param("wits_perception", "Жертва: Сообразительность + Восприятие", "The victim: Wits + Perception", 4, 0, MAX_POOL,
              when=_SURPRISE),
    int_param("stealth", "Маскировка нападающего", "The attacker's Stealth", 2, 0, 10, when=_SURPRISE),
    readings.AMBUSH_POOL.switch(when=_AMBUSH),
    OTHER_ONES_PARAM,
)


def compute(p: dict) -> dict:
    """The ambushed one's first-turn pool, or the chance to avoid a flank or rear surprise."""
    ones = p["ones_cancel"]
    if p["mode"] == "surprise":
        diff = rules.SURPRISE_DIFFICULTY[p["side"]]
        roll = net_successes(p["wits_perception"], diff, ones)
        avoided = roll.p(lambda k: rules.surprise_avoided(k, p["stealth"]))
        need = max(1, p["stealth"])
        display = [figures(
            ("chance", T("Жертва избежала неожиданного удара", "The victim avoids the surprise"), prob(avoided)),
            ("dice", T("Нужно успехов (Маскировка нападающего, не меньше 1)", "Successes needed (the attacker's Stealth, "
                       "at least 1)"), need),
            ("bonus", T("Иначе нападающему кубиков атаки", "Otherwise the attacker's extra dice"),
             f"+{rules.FLANK_DICE[p['side']]}"))]
        display.append(note("Бросок — «по решению Рассказчика». Щиты не защищают от нападения сзади.",
                            "The roll is «at the Storyteller's decision». Shields do not guard the rear."))
        return {"p_avoided": prob(avoided), "needed": need, "display": display}
    roll = net_successes(p["victim_pool"], rules.AMBUSH_VICTIM_DIFFICULTY, ones)
    pool = roll.map(lambda k: rules.ambush_pool(k, p["own_pool"], p["ambush_pool"]))
    prepared = net_successes(p["prepare_pool"], rules.AMBUSH_PREPARE_DIFFICULTY, ones).at_least(1)
    display = [
        figures(("chance", T("Ни одного кубика в первом ходу", "No dice at all in the first turn"), prob(pool[0])),
                ("dice", T("Запас на действие в первом ходу, в среднем", "The first turn's pool, mean"),
                 frac(pool.mean())),
                ("p_prepared", T("Засада подготовлена (хотя бы 1 успех)", "The ambush is set (at least 1 success)"),
                 prob(prepared))),
        dist_block("first_turn_pool", T("Запас бросков на действия в первом ходу", "The dice pool for the first turn's "
                                        "actions"), T("кубиков", "dice"), pool),
        note("Нападающий «автоматически выигрывает инициативу»; нужно подходящее прикрытие.",
             "The ambusher wins the initiative automatically; suitable cover is needed."),
    ]
    return {"p_no_dice": prob(pool[0]), "mean_pool": frac(pool.mean()), "p_prepared": prob(prepared),
            "first_turn_pool": dist_json(pool, "dice"), "display": display}

#: ``wod-ambush``: its id, title and description with its parameters, compute, roll and check
CALCULATOR = Calculator(id="wod-ambush", system="wod", kind="check", title=T("Засада и удар с фланга (классика)",
                                                                "Ambush and flank attacks (classic)"),
           description=T("Запас застигнутого засадой в первом ходу; шанс избежать удара с фланга или тыла.",
                         "The ambushed one's first-turn pool; the chance to avoid a flank or rear surprise."),
           params=AMBUSH_PARAMS, compute=compute, summary=("chance", "dice"))
