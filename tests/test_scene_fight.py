"""Whole scenes: a three-character «Сериал» fight over several rounds, a «Лысогорск» drinker over
four drinks, a Codex character's track and stress, classic WoD soak — each die given by hand,
each expected number worked out from the sources' rules in the comments, not read from the engine.
"""

from rules_core.scene import apply, preview, replay
from rules_core.scene.state import new_scene


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new, ev


def char(sc, cid):
    return next(c for c in sc["characters"] if c["id"] == cid)


def add(sc, name, system, stats=None, state=None):
    return step(sc, {"type": "add_character",
                     "character": {"name": name, "system": system, "stats": stats or {}, "state": state or {}}})[0]


def exact(x):
    return x["exact"]


MELEE = {"ranged": False}


def test_three_characters_several_rounds():
    sc = new_scene("Подворотня")
    sc = add(sc, "Маша", "serial", {"stamina": 2})  # УП 2, Здоровье 7
    sc = add(sc, "Олег", "serial", {"stamina": 7, "absorption_bonus": 1})  # УП 8
    sc = add(sc, "Вампир", "serial", {"stamina": 4, "armor": 1, "resistance": ["Огнестрельный"]})  # УП 4
    masha, oleg, vamp = "c1", "c2", "c3"

    # ---- round 1 ----
    # Маша shoots: 4 successes; damage 1 3 6 7 7 10 = 4; Броня 1 → 3; Устойчивость ÷2 up → 2; УП 4 → 2
    sc, ev = step(sc, {"type": "attack", "attacker": masha, "target": vamp, "tags": ["огнестрельный"],
                       "params": {"attack_dice": 7, "damage_dice": 6},
                       "dice": {"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]}})
    assert ev["result"]["damage"] == 2 and ev["result"]["calculator"]["params"]["tag"] == "resistance"
    assert char(sc, vamp)["state"]["absorption"] == 2
    # the vampire strikes Маша in melee: 3 successes, damage 4: УП 2 → 0, Здоровье 7 → 5 (−2 dice)
    sc, _ = step(sc, {"type": "attack", "attacker": vamp, "target": masha,
                      "params": {**MELEE, "attack_dice": 6, "damage_dice": 5},
                      "dice": {"attack": [10, 9, 8, 5, 4, 3], "damage": [6, 6, 6, 6, 2]}})
    m = char(sc, masha)
    assert (m["state"]["absorption"], m["state"]["health"], m["view"]["wound_penalty"]) == (0, 5, 2)
    # Олег: damage 6 − Броня 1 = 5: УП 2 → 0, Здоровье 7 → 4
    sc, _ = step(sc, {"type": "attack", "attacker": oleg, "target": vamp,
                      "params": {**MELEE, "attack_dice": 5, "damage_dice": 8},
                      "dice": {"attack": [7, 7, 2, 2, 2], "damage": [6, 6, 6, 6, 6, 6, 1, 1]}})
    assert char(sc, vamp)["state"]["health"] == 4 and char(sc, vamp)["view"]["wound_level"] == "wounded"
    sc, ev = step(sc, {"type": "next_round"})
    assert sc["round"] == 2

    # ---- round 2 ----
    # Маша is wounded (5 hits): «любое ранение (5 и ниже хитов) дает штраф в 2 кубика» — 7 dice become 5
    shot = {"type": "attack", "attacker": masha, "target": vamp, "tags": ["Огнестрельный"],
            "params": {"attack_dice": 7, "damage_dice": 6}}
    pv = preview(sc, shot)
    assert pv["odds"]["attack_dice"] == 5 and pv["odds"]["attacker_penalty"] == 2
    assert pv["calculator"]["params"]["attack_dice"] == 7 and pv["calculator"]["params"]["attacker_health"] == 5
    _, bad = apply(sc, {**shot, "dice": {"attack": [6] * 7, "damage": [6] * 6}})
    assert not bad["ok"] and bad["errors"][0]["field"] == "dice.attack"
    # 2 successes − one 1 = 1: a hit; damage 6 − 1 = 5, halved up → 3: Здоровье 4 → 1
    sc, ev = step(sc, {**shot, "dice": {"attack": [6, 6, 1, 2, 3], "damage": [6] * 6}})
    assert ev["result"]["attacker_penalty"] == 2 and ev["result"]["damage"] == 3
    v = char(sc, vamp)
    assert v["state"]["health"] == 1 and v["view"]["wound_penalty"] == 4
    # the vampire at 1 hit: −4 dice (8 → 4); damage 10 on Маша's 5 hits: death's door, 5 excess burn
    sc, ev = step(sc, {"type": "attack", "attacker": vamp, "target": masha,
                       "params": {**MELEE, "attack_dice": 8, "damage_dice": 10},
                       "dice": {"attack": [9, 9, 9, 9], "damage": [6] * 10}})
    (s,) = ev["result"]["steps"]
    assert (s["excess"], s["burned"], s["health_left"], s["roll_due"]) == (5, 5, 0, True)
    assert char(sc, masha)["view"]["status"] == "pending"
    # the first death's-door roll of the scene: no modifier; a 6 is Шок, back to 1 hit
    pv = preview(sc, {"type": "death_door", "character": masha})
    assert exact(pv["odds"]["shock"]) == "1/6"
    sc, ev = step(sc, {"type": "death_door", "character": masha, "dice": {"d6": [6], "shock_rounds": [2]}})
    assert ev["result"]["outcome"] == "shock" and char(sc, masha)["state"]["health"] == 1
    # Олег brings the vampire to the door: 3 − 1 = 2 on 1 hit, the excess of 1 burns
    sc, _ = step(sc, {"type": "attack", "attacker": oleg, "target": vamp,
                      "params": {**MELEE, "attack_dice": 5, "damage_dice": 8},
                      "dice": {"attack": [8, 8, 8, 3, 3], "damage": [6, 6, 6, 2, 2, 2, 2, 2]}})
    assert char(sc, vamp)["view"]["status"] == "pending" and char(sc, vamp)["state"]["health"] == 0
    # his first roll: a 2, «Ходячий мертвец»
    sc, ev = step(sc, {"type": "death_door", "character": vamp, "dice": {"d6": [2]}})
    assert ev["result"]["outcome"] == "walking_dead"
    sc, _ = step(sc, {"type": "next_round"})

    # ---- round 3 ----
    # «Ходячий мертвец ... (но помните про штрафы от ран)»: at 0 hits −4 dice (8 → 4). 3 − one 1 = 2
    # successes; damage 2 on Маша's 1 hit: death's door again, the excess of 1 no longer burns
    # («с новым Порогом смерти отсчет отрицательных хитов продолжается»)
    sc, ev = step(sc, {"type": "attack", "attacker": vamp, "target": masha,
                       "params": {**MELEE, "attack_dice": 8, "damage_dice": 5},
                       "dice": {"attack": [7, 7, 7, 1], "damage": [6, 6, 1, 1, 1]}})
    assert ev["result"]["attacker_penalty"] == 4
    m = char(sc, masha)
    assert (m["state"]["health"], m["state"]["negative"], m["view"]["status"]) == (-1, 1, "pending")
    # the second roll of the scene: −1 (a 1 or a 2 is «Последний вздох»; no Шок any more)
    pv = preview(sc, {"type": "death_door", "character": masha})
    assert exact(pv["odds"]["last_breath"]) == "1/3" and exact(pv["odds"]["shock"]) == "0/1"
    sc, ev = step(sc, {"type": "death_door", "character": masha, "dice": {"d6": [4]}})
    assert (ev["result"]["modified"], ev["result"]["outcome"]) == (3, "will_to_live")
    m = char(sc, masha)
    assert m["view"]["door_rolls"] == 2 and m["view"]["had_shock"]
    # «Воля к жизни»: «Персонаж не испытывает штрафов от ран» — all 7 dice at −1 hits
    sc, ev = step(sc, {"type": "attack", "attacker": masha, "target": vamp, "tags": ["Огнестрельный"],
                       "params": {"attack_dice": 7, "damage_dice": 6},
                       "dice": {"attack": [6, 6, 6, 2, 2, 2, 2], "damage": [6] * 6}})
    assert ev["result"]["attacker_penalty"] == 0
    # the walking dead count negative hits: 6 − 1 = 5, halved up → 3
    assert char(sc, vamp)["state"]["negative"] == 3 and char(sc, vamp)["view"]["negative_left"] == 12 - 3
    # Олег: 8 − 1 = 7 more: 10, not more than max(12, 3 × 4) = 12, still standing
    hit = {"type": "attack", "attacker": oleg, "target": vamp, "params": {**MELEE, "attack_dice": 5, "damage_dice": 8},
           "dice": {"attack": [9] * 5, "damage": [10] * 8}}
    sc, _ = step(sc, hit)
    assert char(sc, vamp)["state"]["negative"] == 10 and not char(sc, vamp)["state"]["dead"]
    pv = preview(sc, {k: v for k, v in hit.items() if k != "dice"})
    assert exact(pv["odds"]["p_dead"]) != "0/1"  # the scene's 10 negative hits are counted
    sc, ev = step(sc, hit)
    assert ev["result"]["steps"][0]["death_by_negative"] and char(sc, vamp)["view"]["status"] == "dead"
    _, bad = apply(sc, {**hit})
    assert not bad["ok"] and bad["errors"][0]["field"] == "target"

    # ---- end of the scene ----
    before_end = sc
    sc, ev = step(sc, {"type": "end_scene"})
    m, o = char(sc, masha), char(sc, oleg)
    # УП back («восстанавливаются после окончания сцены боя»), Здоровье not («не восстанавливается само собой»)
    assert m["state"]["absorption"] == 2 and m["state"]["health"] == -1 and o["state"]["absorption"] == 8
    # the scene's counters start again; the state of death's door stays for the Storyteller
    assert (m["view"]["door_rolls"], m["view"]["had_shock"], m["state"]["negative"]) == (0, False, 0)
    assert m["view"]["status"] == "will_to_live" and char(sc, vamp)["view"]["status"] == "dead"
    assert sc["round"] == 1
    # a new scene: Олег's first death's door rolls without −1
    sc, _ = step(sc, {"type": "damage", "character": oleg, "portions": [8 + 7]})
    pv = preview(sc, {"type": "death_door", "character": oleg})
    assert exact(pv["odds"]["shock"]) == "1/6"

    # the log replays to the same scene; undo goes back exactly
    assert replay(sc["log"], sc["name"]) == sc
    undone, ev = step(sc, {"type": "undo"})
    undone, ev = step(undone, {"type": "undo"})
    assert {**undone, "redo": []} == before_end and len(undone["redo"]) == 2


def test_end_of_scene_waits_for_a_due_roll():
    sc = add(new_scene(), "Маша", "serial", {"stamina": 2}, {"health": 1, "absorption": 0})
    sc, _ = step(sc, {"type": "damage", "character": "c1", "portions": [3]})
    _, ev = apply(sc, {"type": "end_scene"})
    assert not ev["ok"] and "Маша" in ev["errors"][0]["ru"]


def test_nonlethal_is_odd_even_and_only_one_shock():
    sc = add(new_scene(), "Маша", "serial", {"stamina": 2}, {"health": 1, "absorption": 0})
    sc, _ = step(sc, {"type": "damage", "character": "c1", "portions": [2], "nonlethal": True})
    pv = preview(sc, {"type": "death_door", "character": "c1"})
    # «бросается только чет/нечет, где чёт это “шок”, а нечет “оглушение”»
    assert exact(pv["odds"]["shock"]) == "1/2" and exact(pv["odds"]["stunned"]) == "1/2"
    sc, ev = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [4], "shock_rounds": [1]}})
    assert ev["result"]["outcome"] == "shock"
    sc, _ = step(sc, {"type": "damage", "character": "c1", "portions": [1], "nonlethal": True})
    pv = preview(sc, {"type": "death_door", "character": "c1"})
    # «Если персонаж уже один раз за сцену был в Шоке, то дальше нелетальным уроном его можно только Оглушить»
    assert exact(pv["odds"]["stunned"]) == "1/1"
    sc, ev = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [2]}})
    assert ev["result"]["outcome"] == "stunned"
    # damage that УП stop does not make him roll again (readings.SERIAL_DOOR_AGAIN_ON)
    sc, _ = step(sc, {"type": "gain_absorption", "character": "c1", "amount": 1})
    sc, _ = step(sc, {"type": "damage", "character": "c1", "portions": [1]})
    assert char(sc, "c1")["view"]["status"] == "stunned"
    # «Если в состоянии оглушения персонаж получит урон, то будет вынужден еще раз сделать бросок»
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [1]})
    assert char(sc, "c1")["view"]["status"] == "pending" and char(sc, "c1")["state"]["negative"] == 1
    sc, ev = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [6]}})  # 6 − 2 = 4
    assert ev["result"]["outcome"] == "crippling_wound" and char(sc, "c1")["state"]["health"] == 1


def test_tags_immunity_vulnerability_and_both():
    sc = add(new_scene(), "Тролль", "serial",
             {"stamina": 0, "vulnerability": ["Огонь"], "resistance": ["Холод", "Огонь "], "immunity": ["Яд"]})
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [3], "tags": ["яд", "огонь"]})
    assert ev["result"]["tag"] == "immunity" and char(sc, "c1")["state"]["health"] == 7
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [3], "tags": ["огонь"]})
    assert ev["result"]["tag"] == "both" and char(sc, "c1")["state"]["health"] == 4
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [3], "tags": ["холод"]})
    assert ev["result"]["tag"] == "resistance" and char(sc, "c1")["state"]["health"] == 2
    sc, ev = step(sc, {"type": "damage", "character": "c1", "portions": [1], "tags": ["кислота"], "tag": "vulnerability"})
    assert char(sc, "c1")["state"]["health"] == 0


def test_lysogorsk_drinker_over_four_drinks():
    sc = add(new_scene("Трактир"), "Фома", "lysogorsk", {"stamina": 1, "fortitude": 0})
    f = char(sc, "c1")
    assert f["view"]["hits_max"] == 15 + 1 and f["view"]["stage"] == 0  # «15+Выносливость»
    # «Банка, кружка пива (0,33 л) – УС 3»: 1+1 + Выносливость 1 = 3 ≥ 3 — «равен или превышает УС»: sober
    sc, ev = step(sc, {"type": "drink", "character": "c1", "drink": "beer", "dice": {"checks": [[1, 1]]}})
    assert ev["result"]["stage"] == 0
    # «Стопка водки (0,1 л) – УС 4»: 3 < 4 — «В случае провала он переходит в следующую стадию»
    sc, ev = step(sc, {"type": "drink", "character": "c1", "drink": "vodka_shot", "dice": {"checks": [[1, 1]]}})
    assert ev["result"]["stage"] == 1 and char(sc, "c1")["view"]["stage_name"]["ru"] == "Для храбрости"
    # «Кружка «ерша» (0,33 л) – УС 5»: 2+1+1 = 4 < 5: stage 2
    sc, ev = step(sc, {"type": "drink", "character": "c1", "drink": "yorsh", "dice": {"checks": [[2, 1]]}})
    assert ev["result"]["stage"] == 2
    # «Стопка чистого спирта (0,1 л) – УС 10»: at stage 2 «+1 к Выносливости» counts: 2d6 + 2 ≥ 10
    spirit = {"type": "drink", "character": "c1", "drink": "spirit_shot"}
    pv = preview(sc, spirit)
    # stays at 2 iff 2d6 ≥ 8: 15/36
    assert exact(pv["odds"]["final_stage"][2]) == "5/12" and exact(pv["odds"]["final_stage"][3]) == "7/12"
    assert pv["dice_needed"][0]["repeat"] == 1
    sc, ev = step(sc, {**spirit, "dice": {"checks": [[6, 2]]}})
    assert ev["result"]["stage"] == 2
    f = char(sc, "c1")
    # «Все приведенные эффекты складываются»: stage 1's and stage 2's
    assert f["view"]["stage_modifiers"] == {"confidence": 1, "luck": 1, "thinking": -1, "agility": -1, "stamina": 1}
    assert f["view"]["drinks"] == 4
    # «штрафе ко всем броскам, равном номеру последней стадии опьянения минус Выносливость»: 2 − 1 = 1
    assert f["view"]["hangover_after_sleep"] == 1
    # hits keep the sober Выносливость (readings.LYSOGORSK_HITS_SOBER_STAMINA)
    assert f["view"]["hits_max"] == 16
    # the other reading: stage 2's +1 does not help: 8 + 1 < 10, stage 3
    alt, _ = step(sc, {"type": "set_readings", "readings": {"lysogorsk": {"stage_stamina": False}}})
    alt, ev = step(alt, {**spirit, "dice": {"checks": [[6, 2]]}})
    assert ev["result"]["stage"] == 3
    # a bottle from the neck is five checks («считайте это как пять стопок водки»)
    _, bad = apply(sc, {"type": "drink", "character": "c1", "drink": "vodka_bottle", "dice": {"checks": [[6, 6]] * 4}})
    assert not bad["ok"] and bad["errors"][0]["field"] == "dice.checks[4]"
    sc, ev = step(sc, {"type": "drink", "character": "c1", "drink": "vodka_bottle", "dice": {"checks": [[6, 6]] * 5}})
    assert len(ev["result"]["checks"]) == 5 and char(sc, "c1")["view"]["drinks"] == 9
    assert replay(sc["log"], sc["name"]) == sc


def test_lysogorsk_hits_and_wound_levels():
    sc = add(new_scene(), "Фома", "lysogorsk", {"stamina": 1})  # 16 hits: quarters 4, 8, 12
    sc, ev = step(sc, {"type": "lys_damage", "character": "c1", "hits": 4})
    assert char(sc, "c1")["view"]["status"] == "light"  # 12 left: «от половины до трех четвертей»
    sc, ev = step(sc, {"type": "lys_damage", "character": "c1", "hits": 8, "temporary": True})
    v = char(sc, "c1")["view"]
    assert v["hits"] == 4 and v["status"] == "critical" and v["wound_penalty"] == -6
    sc, ev = step(sc, {"type": "lys_damage", "character": "c1", "hits": 14})
    assert char(sc, "c1")["view"]["status"] == "dying"  # permanent 18 of 16: «при смерти»
    sc, ev = step(sc, {"type": "lys_damage", "character": "c1", "hits": 8})
    assert char(sc, "c1")["view"]["status"] == "dead"  # «Минус десять хитов означает мгновенную смерть»
    _, bad = apply(sc, {"type": "lys_damage", "character": "c1", "hits": 1})
    assert not bad["ok"]


def test_codex_track_stress_and_flax():
    sc = add(new_scene(), "Ада", "codex", {"tough": 1, "armor": "1"})  # light armor: threshold 3
    # «если урон одиночного попадания меньше порога брони N — персонаж получает всего 1 урона»
    sc, ev = step(sc, {"type": "codex_damage", "character": "c1", "hits": [2, 5, 9]})
    assert ev["result"]["dealt"] == [1, 5, 9]
    v = char(sc, "c1")["view"]
    assert (v["damage"], v["level"], v["capacity"], v["status"]) == (15, 2, 18, "active")
    sc, ev = step(sc, {"type": "codex_damage", "character": "c1", "hits": [3], "ignores_armor": True})
    assert char(sc, "c1")["view"]["status"] == "incapacitated"  # 18 of 10 + 8: the available track is full
    sc, _ = step(sc, {"type": "codex_stress", "character": "c1", "amount": 6})
    assert (char(sc, "c1")["state"]["stress"], char(sc, "c1")["state"]["flax"]) == (6, False)
    sc, _ = step(sc, {"type": "codex_stress", "character": "c1", "amount": 1})
    assert char(sc, "c1")["state"]["flax"]  # «ещё один стресс сверх имеющихся 6»
    sc, _ = step(sc, {"type": "codex_stress", "character": "c1", "amount": -2})
    assert (char(sc, "c1")["state"]["stress"], char(sc, "c1")["state"]["flax"]) == (5, False)
    sc, ev = step(sc, {"type": "end_scene"})
    assert ev["result"]["consequences"] == [{"character": "c1", "level": 2,
                                             "consequence": {"ru": "1 урон в 1 подготовку",
                                                             "en": "1 damage to 1 preparation"}}]
    assert char(sc, "c1")["state"]["damage"] == 18  # the track stays (readings.CODEX_AT_END)


def test_wod_soak_anatole():
    # 002: «у Анатоля Выносливость равна 4, а Стойкость 1 ... три уровня летальных повреждений ... При броске
    # он получает результат 8, 5, 2, 7 и 5 ... В итоге Анатоль получает один уровень повреждений.»
    sc = add(new_scene(), "Анатоль", "wod", {"stamina": 4, "fortitude": 1, "kind": "supernatural"})
    action = {"type": "wod_damage", "character": "c1", "successes": 3, "damage_type": "lethal"}
    pv = preview(sc, action)
    assert pv["dice_needed"] == [{"group": "soak", "count": 5, "sides": 10}]
    sc, ev = step(sc, {**action, "dice": {"soak": [8, 5, 2, 7, 5]}})
    assert ev["result"]["soaked"] == 2 and ev["result"]["levels"] == 1
    assert char(sc, "c1")["view"]["left"] == 6
    # «Но если бы он был смертным, он бы не смог поглотить летальные повреждения и потреял бы все три»
    sc2 = add(new_scene(), "Анатоль", "wod", {"stamina": 4, "fortitude": 1, "kind": "mortal"})
    sc2, ev = step(sc2, action)  # nothing to roll: no seed, no faces needed
    assert ev["result"]["levels"] == 3 and ev["dice"] == {"soak": []}
    # the fight's summary: the levels lost after the soak, one for the supernatural Анатоль, three for the mortal
    assert step(sc, {"type": "end_scene"})[1]["result"]["summary"]["taken"] == {"c1": 1}
    assert step(sc2, {"type": "end_scene"})[1]["result"]["summary"]["taken"] == {"c1": 3}
    # stunned: more unsoaked successes than Выносливость, through the next round
    sc3 = add(new_scene(), "Смертный", "wod", {"stamina": 1})
    sc3, ev = step(sc3, {"type": "wod_damage", "character": "c1", "successes": 3, "damage_type": "bashing",
                         "dice": {"soak": [1]}})
    assert ev["result"]["stunned"] and char(sc3, "c1")["view"]["stunned"]
    sc3, _ = step(sc3, {"type": "next_round"})
    assert char(sc3, "c1")["view"]["stunned"]
    sc3, _ = step(sc3, {"type": "next_round"})
    assert not char(sc3, "c1")["view"]["stunned"]
