"""The sources' «cannot act» in the scene engine: an action by a character whose state forbids it
(unconscious, stabilised for the rest of the fight, stunned, in torpor, dead) is refused with the
source's words and their line, in both languages; what others do to him (damage, first aid, putting
out his fire) stays allowed; a turn does not pass a due death's-door roll; the dead get no statuses and
no turn; one killed outright at death's door loses its state and timers. Each quote is checked on
its line of the source (000 for «Сериал», 001 for «Лысогорск»)."""

import pytest

from rules_core.scene.engine import apply, replay
from rules_core.scene.state import new_scene
from scripts.sources import read_source

LINES = {key: read_source(key).splitlines() for key in ("000", "001")}


def on_line(source, line, quote):
    """The quote stands on that line of the source (counted from 1, as an editor shows it)."""
    assert quote in LINES[source][line - 1], (line, quote)


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new


def refused(sc, action):
    """The action refused: the scene unchanged, the error's words."""
    new, ev = apply(sc, action)
    assert not ev["ok"], ev
    assert new == sc
    return ev["errors"][0]


def says(err, source, line, quote):
    """A refusal that quotes the source at its line, in both languages."""
    on_line(source, line, quote)
    assert f"«{quote}»" in err["ru"] and f"строка {line}" in err["ru"], err["ru"]
    assert f"«{quote}»" in err["en"] and f"line {line}" in err["en"], err["en"]


def by_name(sc, name):
    return next(c for c in sc["characters"] if c["name"] == name)


def fight(**masha_state):
    """Маша (c1) and Громила (c2), opponents; Маша's state as given."""
    sc = new_scene("Бой")
    sc = step(sc, {"type": "add_character", "character": {"name": "Маша", "system": "serial", "stats": {"stamina": 2},
                                                          "state": masha_state}})
    return step(sc, {"type": "add_character", "character": {"name": "Громила", "system": "serial",
                                                            "side": "opponents"}})


def at_the_door(d6, **dice):
    """Маша taken to death's door (2 Health, a blow of 10) and the d6 of the roll as given."""
    sc = step(fight(health=2, absorption=0), {"type": "damage", "character": "c1", "portions": [10]})
    return step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [d6], **dice}})


ATTACK = {"type": "attack", "attacker": "c1", "target": "c2", "params": {"attack_dice": 5, "damage_dice": 5}}
# what she would do herself (her turn's actions, «Сериал»'s)
OWN = [ATTACK, {"type": "prepare", "character": "c1"}, {"type": "declare_defence", "character": "c1"},
       {"type": "ready", "character": "c1"}, {"type": "push_through_pain", "character": "c1"},
       {"type": "lower_initiative", "character": "c1", "to": 0}]


def test_shock_refuses_her_own_actions_and_allows_what_others_do():
    sc = at_the_door(6, shock_rounds=[4])  # a 6: Шок, two of her rounds
    sc = step(sc, {"type": "next_turn", "character": "c1"})
    for action in OWN:
        err = refused(sc, action)
        says(err, "000", 327, "падает и теряет сознание на 1-2 раунда")
        assert err["ru"].startswith("Маша не может действовать: Шок") and err["en"].startswith("Маша cannot act: Shock")
    assert refused(sc, OWN[0])["field"] == "attacker"
    # the preview of her attack is refused alike (the page never shows odds for it)
    from rules_core.scene.engine import preview
    pre = preview(sc, ATTACK)
    assert not pre["ok"] and "строка 327" in pre["errors"][0]["ru"]
    # others act on her: an attack, damage, her fire set and put out by Громила (she cannot put it out herself)
    sc2 = step(sc, {"type": "set_status", "character": "c1", "status": "burning", "values": {}})
    err = refused(sc2, {"type": "extinguish", "character": "c1", "pool": 4})
    says(err, "000", 327, "падает и теряет сознание на 1-2 раунда")
    step(sc2, {"type": "extinguish", "character": "c1", "helper": "c2", "pool": 4, "dice": {"putting_out": [9, 9, 9, 9]}})
    step(sc, {"type": "attack", "attacker": "c2", "target": "c1", "params": {"attack_dice": 3, "damage_dice": 1},
              "dice": {"attack": [1, 1, 1]}})
    # the card knows why: the view's words
    v = by_name(sc, "Маша")["view"]
    assert not v["can_act"] and v["cannot_act"]["line"] == 327 and v["cannot_act"]["why"]["ru"] == "Шок"


def test_a_crippling_wound_refuses_her_lost_round():
    sc = at_the_door(4)  # «Калечащая рана»: unconscious for 1 of her rounds
    err = refused(sc, ATTACK)
    says(err, "000", 323, "теряет сознание на на 1 свой раунд от боли")
    # one of her rounds later she comes to and acts
    sc = step(sc, {"type": "next_round"})
    assert by_name(sc, "Маша")["view"]["cannot_act"] is None
    step(sc, {**ATTACK, "seed": 1})


def test_last_breath_and_stabilised_refuse_every_action_of_hers():
    sc = at_the_door(1)  # «Последний вздох»
    says(refused(sc, ATTACK), "000", 317, "Персонаж падает на землю без сознания")
    # «Его может спасти только магическое лечение»: saving her stays allowed — then «Стабилизирован»
    sc = step(sc, {"type": "stabilize", "character": "c1", "method": "magic"})
    assert by_name(sc, "Маша")["state"]["door"] == "stabilized"
    for action in OWN:
        says(refused(sc, action), "000", 333,
             "Персонаж находится без сознания и до конца боя не может совершать никаких действий")
    # a round later still: «до конца боя»
    sc = step(sc, {"type": "next_round"})
    says(refused(sc, ATTACK), "000", 333,
         "Персонаж находится без сознания и до конца боя не может совершать никаких действий")


def test_stunned_is_refused_and_may_be_brought_to():
    sc = at_the_door(5)  # «Оглушение»
    says(refused(sc, ATTACK), "000", 325, "Персонаж не может ничего делать")
    sc = step(sc, {"type": "stabilize", "character": "c1", "method": "medicine", "pool": 3, "dice": {"medicine": [9, 9, 9]}})
    assert by_name(sc, "Маша")["view"]["can_act"]
    step(sc, {**ATTACK, "seed": 1})


def test_torpor_is_refused():
    sc = new_scene("Бой")
    sc = step(sc, {"type": "add_character", "character": {"name": "Вампир", "system": "serial", "kind": "vampire",
                                                          "state": {"door": "torpor", "health": 0}}})
    sc = step(sc, {"type": "add_character", "character": {"name": "Громила", "system": "serial"}})
    says(refused(sc, ATTACK), "000", 311, "вместо смерти они впадают в состояние “торпор”")


def test_a_due_roll_comes_before_the_turn_passes():
    on_line("000", 304, "Если персонаж не умирает сразу, то делается бросок Порога Смерти")
    sc = step(fight(health=2, absorption=0), {"type": "next_turn"})
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [10]})
    for action in ({"type": "next_turn"}, {"type": "next_round"}):
        err = refused(sc, action)
        assert err["ru"] == "Сначала бросьте Порог Смерти: Маша." and err["en"] == "Roll death's door first: Маша."
    # and she, waiting for the roll, does nothing herself
    says(refused(sc, ATTACK), "000", 304, "Если персонаж не умирает сразу, то делается бросок Порога Смерти")
    sc = step(sc, {"type": "death_door", "character": "c1", "dice": {"d6": [3]}})  # «Воля к жизни»: she acts
    sc = step(sc, {"type": "next_turn"})
    step(sc, {**ATTACK, "seed": 1})


def test_the_dead_do_nothing_get_no_status_and_no_turn():
    sc = step(fight(health=1, absorption=0), {"type": "damage", "character": "c1", "portions": [20]})  # 19 over 12
    on_line("000", 300, "Если они больше 12 (или Выносливости*3, берется большее), то персонаж моментально умер")
    assert by_name(sc, "Маша")["state"]["dead"]
    err = refused(sc, ATTACK)
    assert err["ru"] == "Маша не может действовать: Мёртв." and err["en"] == "Маша cannot act: Dead."
    err = refused(sc, {"type": "set_status", "character": "c1", "status": "burning", "values": {}})
    assert err["ru"] == "Маша — Мёртв: новых состояний ему не ставят." and err["field"] == "character"
    assert refused(sc, {"type": "set_turn", "round": 1, "current": "c1"})["field"] == "current"
    assert refused(sc, {"type": "next_turn", "character": "c1"})["ru"] == "Маша выбыл из боя."
    assert refused(sc, {"type": "burning", "character": "c1", "turn": 1})["ru"] == "Маша: персонаж мёртв."


def test_killed_outright_at_the_door_loses_its_state_and_timers():
    quote = ("Если в этом состоянии персонаж получит суммарно более 12 (или Выносливости*3, берется большее) единиц "
             "урона, то он моментально погибнет.")
    on_line("000", 319, quote)  # «Ходячий мертвец»
    sc = at_the_door(2)
    m = by_name(sc, "Маша")
    assert m["state"]["door"] == "walking_dead" and [s["key"] for s in m["statuses"]] == ["walking_dead"]
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [13]})
    m = by_name(sc, "Маша")
    assert m["state"]["dead"] and m["state"]["door"] is None and m["statuses"] == []
    assert m["view"]["status"] == "dead" and m["view"]["out_of_fight"]


def test_lysogorsk_shock_refuses_waiting_and_dodging():
    quote = "Персонаж находится в сознании, но не может предпринимать каких-либо действий"
    sc = new_scene("Бой")
    sc = step(sc, {"type": "add_character", "character": {"name": "Фома", "system": "lysogorsk"}})
    sc = step(sc, {"type": "set_status", "character": "c1", "status": "shock", "values": {}})
    for t in ("wait", "full_dodge"):
        err = refused(sc, {"type": t, "character": "c1"})
        says(err, "001", 57, quote)
        assert err["ru"].startswith("Фома не может действовать: Шок")
    step(sc, {"type": "lys_damage", "character": "c1", "hits": 1})


@pytest.mark.parametrize("door", ["shock", "stabilized"])
def test_a_log_written_before_replays_as_it_stands(door):
    """A scene stored before these refusals keeps loading: its log replays, the unconscious one's attack and all."""
    sc = fight(door=door, health=1)
    log = [e["action"] for e in sc["log"]] + [{**ATTACK, "seed": 1}]
    assert len(replay(log)["log"]) == 3
