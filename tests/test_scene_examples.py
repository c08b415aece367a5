"""The worked examples of source 000 replayed as scenes.

Each test quotes the example (the quotes are checked against the source) and expects the
source's own numbers; a replay of the scene's log gives the same scene.
"""

import re

import pytest

from rules_core.scene import apply, preview, replay
from rules_core.scene.state import new_scene
from scripts.sources import read_source

SOURCE = re.sub(r"\s+", " ", read_source("000"))


def quoted(text: str) -> str:
    """The quote, after checking it is the source's (whitespace aside)."""
    assert re.sub(r"\s+", " ", text) in SOURCE, text
    return text


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new, ev


def serial(name, **stats_state):
    stats = {k: v for k, v in stats_state.items() if k in ("stamina", "health_max", "absorption_bonus", "armor",
                                                            "resistance", "vulnerability", "immunity")}
    state = {k: v for k, v in stats_state.items() if k not in stats}
    return {"type": "add_character", "character": {"name": name, "system": "serial", "stats": stats, "state": state}}


def p(ev_or_odds, key):
    return ev_or_odds[key]["exact"]


def test_masha_shock_then_second_roll_with_minus_one():
    quoted("Пример: Магичка Маша тяжело ранена (остался 2 хита), но она продолжает сражаться. Удар врага на 10 "
           "приводит её в состояние Порога Смерти. Силы удара не хватает для того, чтобы Маша мгновенно умерла, "
           "поэтому рассказчик бросает д6 броска Порога.")
    sc, _ = step(new_scene("Маша"), serial("Маша", stamina=2, health=2, absorption=0))
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [10]})
    masha = sc["characters"][0]
    assert masha["view"]["status"] == "pending" and masha["view"]["roll_due"]
    # «весь урон, опустивший его ниже нуля здоровья, сгорает»: 8 over the 2 hits that were left
    (s,) = ev["result"]["steps"]
    assert (s["excess"], s["burned"], s["health_left"], s["negative"]) == (8, 8, 0, 0)
    first = preview(sc, {"type": "death_door", "character": "c1"})
    assert first["chance"] and all(p(first["odds"], k) == "1/6" for k in
                                   ("last_breath", "walking_dead", "will_to_live", "crippling_wound", "stunned", "shock"))
    # the d6, and, should it be Шок, the d6 whose odd/even gives its rounds (readings.SERIAL_SHOCK_ROUNDS)
    assert first["dice_needed"] == [{"group": "d6", "count": 1, "sides": 6},
                                    {"group": "shock_rounds", "count": 1, "sides": 6, "when": {"ru": "если Шок", "en": "if Shock"}}]

    quoted("Выпадает 6, это Шок. Маша оказывается в 1 хите, но теряет сознание на 2 раунда.")
    sc, ev = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [6]}})
    masha = sc["characters"][0]
    assert ev["result"]["outcome"] == "shock" and masha["state"]["health"] == 1
    assert masha["view"]["had_shock"] and masha["view"]["door_rolls"] == 1
    # «на 1-2 раунда, чет/нечет своих раунда»: a 6, even — 2 of her rounds, unconscious
    (shock,) = masha["view"]["statuses"]
    assert (shock["key"], shock["left"], shock["can_act"]) == ("shock", 2, False) and not masha["view"]["can_act"]
    assert shock["left_text"]["ru"] == "ещё 2 своих раунда"

    quoted("Пока она лежит срабатывает эффект от отравленного вражеского клинка и она теряет 1 хит. Следовательно "
           "опять попадает на Порог Смерти.")
    sc, _ = step(sc, {"type": "damage", "character": "c1", "portions": [1]})
    assert sc["characters"][0]["view"]["status"] == "pending"
    second = preview(sc, {"type": "death_door", "character": "c1"})
    # −1: a 1 or a 2 is «Последний вздох» (below 1 counts as 1), a 6 is «Оглушение», no more Шок
    assert p(second["odds"], "last_breath") == "1/3" and p(second["odds"], "shock") == "0/1"
    assert p(second["odds"], "crippling_wound") == "1/6"

    quoted("Новый бросок: 5-1 (за то, что это второй бросок Порога в этой сцене для Маша) =4, это “Калечащая рана”. "
           "Маша получает Увечье и через 1 раунд приходит в себя в 1 хите.")
    sc, ev = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [5]}})
    masha = sc["characters"][0]
    assert (ev["result"]["die"], ev["result"]["modified"], ev["result"]["outcome"]) == (5, 4, "crippling_wound")
    assert ev["result"]["roll_number"] == 2 and "5 − 1 = 4" in ev["text"]["ru"]
    assert masha["state"]["health"] == 1 and masha["view"]["status_name"]["ru"] == "Калечащая рана"
    assert masha["view"]["door_rolls"] == 2 and masha["view"]["next_door_modifier"] == -2
    # «получает Увечье»; the new state ends the Шок, and «теряет сознание на 1 свой раунд»
    assert masha["view"]["maimings"] == 1
    assert [(x["key"], x["left"]) for x in masha["view"]["statuses"]] == [("lost_round", 1)]
    # «через 1 раунд приходит в себя в 1 хите»
    sc, ev = step(sc, {"type": "next_round"})
    masha = sc["characters"][0]
    assert masha["view"]["statuses"] == [] and masha["state"]["door"] is None and masha["state"]["health"] == 1
    assert "Маша приходит в себя." in ev["text"]["ru"] and masha["view"]["can_act"]
    assert replay(sc["log"], sc["name"]) == sc


def test_masha_fourteen_damage_is_instant_death():
    quoted("Магичка Маша тяжело ранена. У неё остается последний уровень здоровья, она в состоянии “калека”.")
    quoted("Вражеский снайпер попадает в неё и наносит 14 уровней урона. Из них 1 уровень урона переводит её в "
           "состояние “На пороге смерти”, и еще 13 становятся излишками. Эти излишки больше 12 и Маша моментально "
           "погибает.")
    sc, _ = step(new_scene(), serial("Маша", stamina=2, health=1, absorption=0))
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [14]})
    (s,) = ev["result"]["steps"]
    assert s["excess"] == 13 and s["instant_death"] and s["dead"]
    masha = sc["characters"][0]
    assert masha["view"]["status"] == "dead" and masha["state"]["pending"] is None
    # no death's-door roll for the dead, no more damage
    _, err = apply(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [6]}})
    assert not err["ok"] and err["errors"][0]["field"] == "character"
    _, err = apply(sc, {"type": "damage", "character": "c1", "portions": [1]})
    assert not err["ok"] and "мёртв" in err["errors"][0]["ru"]
    # 13 − 1 = 12 is not «больше 12»: the same hit one point weaker leaves her on death's door
    sc2, _ = step(new_scene(), serial("Маша", stamina=2, health=1, absorption=0))
    sc2, _ = step(sc2, {"type": "damage", "character": "c1", "portions": [13]})
    assert sc2["characters"][0]["view"]["status"] == "pending"


def test_oleg_eight_absorption_then_dar():
    quoted("Пример: Оборотень Олег в форме кринос обладает 7 Выносливостью, которая дает ему 7 кубиков поглощения, и "
           "кожаной курткой, которая дает 1 куб поглощения. На начало боя у него есть (7+1) = 8 Уровней Поглощения.")
    sc, _ = step(new_scene(), serial("Олег", stamina=7, absorption_bonus=1))
    oleg = sc["characters"][0]
    assert oleg["view"]["absorption"] == 8 and oleg["view"]["absorption_base"] == 8
    quoted("Атакующие его вампиры нанесли ему 3+5+1+1 уровней урона. Из этих 10 почти все было поглощено, но "
           "последние 2 уровня урона стали ранениями.")
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [3, 5, 1, 1]})
    assert [s["to_health"] for s in ev["result"]["steps"]] == [0, 0, 1, 1]
    oleg = sc["characters"][0]
    assert oleg["state"]["absorption"] == 0 and oleg["state"]["health"] == 7 - 2
    quoted("Получает 4 успеха, а это значит новые 4 УП. Следующие 4 уровней урона опять будут поглощены.")
    sc, _ = step(sc, {"type": "gain_absorption", "character": "c1", "amount": 4})
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [1, 3]})
    oleg = sc["characters"][0]
    assert sum(s["absorbed"] for s in ev["result"]["steps"]) == 4 and oleg["state"]["health"] == 5
    # «Все потраченные таким образом Уровни Поглощения ... восстанавливаются после окончания сцены боя»
    quoted("Все потраченные таким образом Уровни Поглощения (или просто Поглощение) восстанавливаются после окончания "
           "сцены боя.")
    sc, ev = step(sc, {"type": "end_scene"})
    oleg = sc["characters"][0]
    assert oleg["state"]["absorption"] == 8 and oleg["state"]["health"] == 5
    assert ev["result"]["restored"]["c1"]["absorption"] == [0, 8]
    assert replay(sc["log"], sc["name"]) == sc


def test_oleg_armor_two():
    quoted("Пример: Оборотень Олег в форме кринос обладает 7 Выносливостью, которая дает ему 7 кубиков поглощения и "
           "волшебным доспехом (Броня=2). На начало боя у него есть 7 УП.")
    quoted("Атакующие вампиры, с учетом Брони, нанесли ему (3-2)+(5-2)+(1-2)+(1-2)=1+3+0+0=4 уровней урона. Все они "
           "были поглощены, и у Олега остались еще 3 Уровня Поглощения.")
    sc, _ = step(new_scene(), serial("Олег", stamina=7, armor=2))
    assert sc["characters"][0]["view"]["absorption"] == 7
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [3, 5, 1, 1]})
    assert [s["portion"] for s in ev["result"]["steps"]] == [1, 3, 0, 0]
    oleg = sc["characters"][0]
    assert oleg["state"]["absorption"] == 3 and oleg["state"]["health"] == 7
    assert replay(sc["log"], sc["name"]) == sc


def test_masha_pistol_shot_as_an_attack():
    quoted("Пример: магичка Маша стреляет из пистолета в убегающую жертву. Её Ловкость 3, а навык Огнестрельное оружие "
           "4. Итого 7 кубиков. Маша набирает 4 успеха, она попала. Теперь она смотрит урон пистолета в таблице: 6 "
           "кубов урона. Выпадает “1 3 6 7 7 10”. Это 4 урона.")
    sc, _ = step(new_scene(), serial("Маша", stamina=3))
    sc, _ = step(sc, serial("Жертва", stamina=1))
    attack = {"type": "attack", "attacker": "c1", "target": "c2", "params": {"attack_dice": 3 + 4, "damage_dice": 6}}
    pv = preview(sc, attack)
    assert pv["odds"]["attack_dice"] == 7 and pv["odds"]["attack_difficulty"] == 6
    assert [d["count"] for d in pv["dice_needed"]] == [7, 6]
    sc, ev = step(sc, {**attack, "dice": {"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]}})
    r = ev["result"]
    assert r["hit"] and r["successes"] == 4 and r["rolled"] == 4 and r["damage"] == 4
    victim = sc["characters"][1]
    # 1 УП (Выносливость 1) takes one level, 3 go to Здоровье
    assert victim["state"]["absorption"] == 0 and victim["state"]["health"] == 7 - 3
    # the faces are in the log: a replay rolls nothing and ends the same
    assert sc["log"][-1]["action"]["dice"] == {"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]}
    assert replay(sc["log"], sc["name"]) == sc


@pytest.mark.parametrize("faces", [[6, 7, 8, 9, 2, 3], [6, 7, 8, 9, 2, 3, 4, 5]])
def test_hand_faces_must_match_the_pool(faces):
    sc, _ = step(new_scene(), serial("Маша", stamina=3))
    sc, _ = step(sc, serial("Жертва", stamina=1))
    _, ev = apply(sc, {"type": "attack", "attacker": "c1", "target": "c2",
                       "params": {"attack_dice": 7, "damage_dice": 6}, "dice": {"attack": faces, "damage": [6] * 6}})
    assert not ev["ok"] and ev["errors"][0]["field"] == "dice.attack"
    assert "7" in ev["errors"][0]["ru"] and str(len(faces)) in ev["errors"][0]["ru"]
