"""«Сериал» fights replayed by the command line (``python -m rules_core scene replay``): the order of
turns by the source's tie-break, Шок ending after its rounds, a «Ходячий мертвец» falling after two of his
rounds, «Горит!» damaging at the start of each of his turns until put out — each die given by hand, each
number worked out from 000's words (quoted) in the comments, not read from the engine."""

import itertools
import json
import subprocess
import sys
from fractions import Fraction

from scripts.sources import ROOT, read_source

SOURCE = " ".join(read_source("000").split())


def quoted(text):
    assert " ".join(text.split()) in SOURCE, text


def replay_cli(tmp_path, actions, name="Бой"):
    """The scene the command line's ``scene replay`` prints for this log."""
    log = tmp_path / "log.json"
    log.write_text(json.dumps(actions, ensure_ascii=False), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "rules_core", "scene", "replay", f"@{log}", "--name", name],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


def char(sc, name):
    return next(c for c in sc["characters"] if c["name"] == name)


def add(name, kind="other", side="party", **stats):
    return {"type": "add_character", "character": {"name": name, "system": "serial", "kind": kind, "side": side,
                                                   "stats": stats}}


def test_the_order_of_turns_follows_the_tie_break(tmp_path):
    quoted("В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры, затем меняющие форму, затем "
           "феи, затем маги, затем чародеи, затем психики, затем все остальные. Если и этого недостаточно для "
           "установления порядка, решите оставшиеся ничьи броском кубика.")
    quoted("Ваша Инициатива равна высшему показателю среди следующих вариантов сумм характеристик")
    # Громила: Ловкость 3 + Смекалка 2 = 5; Вампир: Манипулирование 3 + Восприятие 2 = 5; Монстр: Атлетика 4 +
    # Хитрость 1 = 5; Олег: 5 as well; Маша: Ловкость 4 + Смекалка 3 = 7
    log = [add("Громила", dexterity=3, wits=2),
           add("Вампир", "vampire", "opponents", dexterity=1, wits=1, manipulation=3, perception=2),
           add("Монстр", "monster", "opponents", dexterity=1, wits=1, manipulation=1, athletics=4, cunning=1),
           add("Олег", dexterity=2, wits=3),
           add("Маша", dexterity=4, wits=3)]
    sc = replay_cli(tmp_path, log)
    places = {c["name"]: (c["view"]["initiative"], c["view"]["place"]) for c in sc["characters"]}
    assert places["Маша"] == (7, 1) and places["Монстр"] == (5, 2) and places["Вампир"] == (5, 3)
    # Громила and Олег: both «все остальные» with 5 — a die; Громила 4, Олег 9 on the d10: Олег first
    sc = replay_cli(tmp_path, log + [{"type": "roll_ties", "dice": {"ties": [[4, 9]]}}])
    order = sorted(sc["characters"], key=lambda c: c["view"]["place"])
    assert [c["name"] for c in order] == ["Маша", "Монстр", "Вампир", "Олег", "Громила"]
    # the turns go in that order, round after round
    sc = replay_cli(tmp_path, log + [{"type": "roll_ties", "dice": {"ties": [[4, 9]]}}] + [{"type": "next_turn"}] * 7)
    assert sc["round"] == 2 and char(sc, "Монстр")["view"]["acting"]
    lines = [e["text"]["ru"] for e in sc["log"] if e["action"]["type"] == "next_turn"]
    assert [line.split("Ход: ")[1].rstrip(".") for line in lines] == ["Маша", "Монстр", "Вампир", "Олег", "Громила",
                                                                      "Маша", "Монстр"]
    assert lines[5].startswith("Начинается раунд 2.")


def _door(name, d6, **more):
    return {"type": "death_door", "character": name, "dice": {"d6": [d6], **more}}


def test_shock_ends_after_its_rounds(tmp_path):
    quoted("Шок. Персонаж остается с 1 уровнем Здоровья, но падает и теряет сознание на 1-2 раунда, чет/нечет своих "
           "раунда. После их окончания он приходит в себя.")
    quoted("Выпадает 6, это Шок. Маша оказывается в 1 хите, но теряет сознание на 2 раунда.")
    log = [{"type": "add_character", "character": {"name": "Маша", "system": "serial", "stats": {"stamina": 2},
                                                   "state": {"health": 2, "absorption": 0}}},
           {"type": "damage", "character": "c1", "portions": [10]},
           # a 6: Шок; the d6 of its rounds a 4, even: two of her rounds (readings.SERIAL_SHOCK_ROUNDS)
           _door("c1", 6, shock_rounds=[4])]
    sc = replay_cli(tmp_path, log)
    m = char(sc, "Маша")
    assert m["state"]["door"] == "shock" and m["state"]["health"] == 1 and not m["view"]["can_act"]
    assert [(s["key"], s["left"]) for s in m["view"]["statuses"]] == [("shock", 2)]
    sc = replay_cli(tmp_path, log + [{"type": "next_round"}])  # one of her rounds
    m = char(sc, "Маша")
    assert m["state"]["door"] == "shock" and m["view"]["statuses"][0]["left"] == 1
    sc = replay_cli(tmp_path, log + [{"type": "next_round"}] * 2)  # the second: she comes to, in 1 hit
    m = char(sc, "Маша")
    assert m["state"]["door"] is None and m["view"]["statuses"] == [] and m["state"]["health"] == 1
    assert m["view"]["can_act"] and "Маша приходит в себя." in sc["log"][-1]["text"]["ru"]
    # an odd d6: one round
    sc = replay_cli(tmp_path, log[:2] + [_door("c1", 6, shock_rounds=[3]), {"type": "next_round"}])
    assert char(sc, "Маша")["state"]["door"] is None


def test_the_walking_dead_falls_after_two_of_his_rounds(tmp_path):
    quoted("Ходячий мертвец. Персонаж уже фактически мёртв, но может попробовать забрать с собой кого-то из врагов! "
           "Он действует как и прежде (но помните про штрафы от ран), однако после двух своих раундов он упадёт мёртвым.")
    quoted("Вампиры не могут быть оглушены или шокированы, но зато вместо смерти они впадают в состояние “торпор”.")
    log = [add("Маша", dexterity=4, wits=3),  # 7: she acts first
           add("Громила", side="opponents"),  # 5
           add("Вампир", "vampire", "opponents", dexterity=1, wits=1),  # 2
           {"type": "next_turn"},  # Маша's turn: she wounds both to death's door
           {"type": "damage", "character": "c2", "portions": [9]}, _door("c2", 2),
           {"type": "damage", "character": "c3", "portions": [9]}, _door("c3", 2)]
    sc = replay_cli(tmp_path, log)
    for name in ("Громила", "Вампир"):
        c = char(sc, name)
        assert c["state"]["door"] == "walking_dead" and c["view"]["can_act"]
        assert [(s["key"], s["left"]) for s in c["view"]["statuses"]] == [("walking_dead", 2)]
    # «но помните про штрафы от ран»: at 0 Здоровье −4 dice
    assert char(sc, "Громила")["view"]["wound_penalty"] == 4
    # round 1: Громила's turn and the vampire's — one of their rounds each; round 2 begins with Маша
    sc = replay_cli(tmp_path, log + [{"type": "next_turn"}] * 3)
    assert sc["round"] == 2 and char(sc, "Громила")["view"]["statuses"][0]["left"] == 1
    assert not char(sc, "Громила")["state"]["dead"]
    # round 2: after Громила's second round he falls dead; the vampire falls into torpor after his
    sc = replay_cli(tmp_path, log + [{"type": "next_turn"}] * 5)
    g = char(sc, "Громила")
    assert g["state"]["dead"] and g["view"]["status"] == "dead" and g["view"]["out_of_fight"]
    assert "Громила: «Ходячий мертвец» падает после своих раундов — мёртв." in sc["log"][-1]["text"]["ru"]
    assert not char(sc, "Вампир")["state"]["dead"]
    sc = replay_cli(tmp_path, log + [{"type": "next_turn"}] * 6)
    v = char(sc, "Вампир")
    assert v["state"]["door"] == "torpor" and not v["state"]["dead"] and not v["view"]["can_act"]
    # a «Берсерк» stands three rounds: «продержаться на ногах не два, а три раунда»
    quoted("могут по своему выбору впасть в это состояние и продержаться на ногах не два, а три раунда")
    berserk = [add("Берсерк", berserk=True), {"type": "damage", "character": "c1", "portions": [9]}, _door("c1", 2)]
    sc = replay_cli(tmp_path, berserk + [{"type": "next_round"}] * 2)
    assert not char(sc, "Берсерк")["state"]["dead"]
    sc = replay_cli(tmp_path, berserk + [{"type": "next_round"}] * 3)
    assert char(sc, "Берсерк")["state"]["dead"]


def _p_out(pool, difficulty):
    """P(at least one success left after the 1s), counted over every face of every die."""
    good = sum(1 for faces in itertools.product(range(1, 11), repeat=pool)
               if sum(f >= difficulty for f in faces) - sum(f == 1 for f in faces) >= 1)
    return Fraction(good, 10 ** pool)


def test_burning_damages_at_the_start_of_each_of_his_turns_until_put_out(tmp_path):
    quoted("Горит! В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения.")
    quoted("Также цель получает -4 куба на все броски действий из-за сильнейшей боли.")
    quoted("Огонь можно потушить стандартным действием. Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7 - "
           "тушение себя.")
    # Олег: Выносливость 4 (УП 4), Здоровье 10; Маша acts first (7 against 5)
    log = [add("Маша", dexterity=4, wits=3),
           {"type": "add_character", "character": {"name": "Олег", "system": "serial",
                                                   "stats": {"stamina": 4, "health_max": 10}}},
           {"type": "next_turn"},
           {"type": "set_status", "character": "c2", "status": "burning", "values": {}}]
    sc = replay_cli(tmp_path, log)
    o = char(sc, "Олег")
    assert o["view"]["status_penalty"]["roll"] == 4  # −4 on his rolls while he burns
    # his turn 1: 2 levels — УП 4 → 2
    sc = replay_cli(tmp_path, log + [{"type": "next_turn"}])
    o = char(sc, "Олег")
    assert (o["state"]["absorption"], o["state"]["health"]) == (2, 10) and o["view"]["statuses"][0]["count"] == 1
    assert "Горит, ход 1: 2 уровня урона." in sc["log"][-1]["text"]["ru"]
    # Маша's turn: nothing burns her; his turn 2: 3 levels — УП 2 → 0, Здоровье 10 → 9
    sc = replay_cli(tmp_path, log + [{"type": "next_turn"}] * 3)
    o = char(sc, "Олег")
    assert (o["state"]["absorption"], o["state"]["health"]) == (0, 9)
    # his turn 3: 4 levels — Здоровье 9 → 5; then Маша, in her turn, puts him out: 5 dice at 5 (a friend):
    # 6, 5 succeed, the 1 takes one back — 1 success: out
    through_3 = log + [{"type": "next_turn"}] * 5
    sc = replay_cli(tmp_path, through_3)
    assert char(sc, "Олег")["state"]["health"] == 5
    put_out = {"type": "extinguish", "character": "c2", "helper": "c1", "pool": 5, "dice": {"putting_out": [6, 5, 1, 2, 3]}}
    sc = replay_cli(tmp_path, through_3 + [{"type": "next_turn"}, put_out])
    o = char(sc, "Олег")
    assert o["view"]["statuses"] == [] and o["view"]["status_penalty"]["roll"] == 0
    line = sc["log"][-1]["text"]["ru"]
    p = _p_out(5, 5)
    assert f"{round(100 * float(p))} %" in line and "потушен" in line
    assert sc["log"][-1]["facts"]["roll"] == {"what": "extinguish", "p": f"{p.numerator}/{p.denominator}", "success": True}
    # his next turn: no more fire
    sc = replay_cli(tmp_path, through_3 + [{"type": "next_turn"}, put_out, {"type": "next_turn"}])
    assert char(sc, "Олег")["state"]["health"] == 5 and "Горит" not in sc["log"][-1]["text"]["ru"]
    # a failed try leaves him burning: his turn 4 brings 5 levels — Здоровье 5 → 0, death's door
    failed = {**put_out, "dice": {"putting_out": [2, 3, 4, 1, 1]}}
    sc = replay_cli(tmp_path, through_3 + [{"type": "next_turn"}, failed, {"type": "next_turn"}])
    o = char(sc, "Олег")
    assert o["view"]["statuses"][0]["count"] == 4 and o["state"]["health"] == 0 and o["view"]["roll_due"]


def test_set_on_fire_is_one_action_and_he_may_put_himself_out():
    """«Горит!» from the menu sets the status that burns at the start of his turn (nothing at once); putting
    it out: «Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7 - тушение себя», and himself with the
    fire's «-4 куба на все броски действий»."""
    from rules_core.scene.engine import apply, preview
    from rules_core.scene.state import new_scene

    quoted("Ловкость+Выживание 5 - тушение друга, Ловкость+Выживание 7 - тушение себя.")

    def step(sc, a):
        sc, ev = apply(sc, a)
        assert ev["ok"], ev
        return sc

    sc = step(new_scene("Бой"), add("Маша", dexterity=4, wits=3))
    sc = step(sc, {"type": "add_character", "character": {"name": "Олег", "system": "serial",
                                                          "stats": {"stamina": 4, "health_max": 10}}})
    sc = step(sc, {"type": "ignite", "character": "c2"})
    o = char(sc, "Олег")
    assert [(s["key"], s["count"]) for s in o["statuses"]] == [("burning", 0)]
    assert (o["state"]["absorption"], o["state"]["health"]) == (4, 10)  # nothing burns before his turn
    assert not apply(sc, {"type": "ignite", "character": "c2"})[1]["ok"]  # burning already
    sc = step(sc, {"type": "next_turn", "character": "c2"})  # his turn 1: 2 levels — УП 4 → 2
    assert char(sc, "Олег")["state"]["absorption"] == 2
    # himself (the helper left empty): difficulty 7, 6 dice less the fire's 4; a friend: difficulty 5, all 6
    own = preview(sc, {"type": "extinguish", "character": "c2", "helper": None, "pool": 6})
    friend = preview(sc, {"type": "extinguish", "character": "c2", "helper": "c1", "pool": 6})
    assert (own["odds"]["difficulty"], own["odds"]["pool"]) == (7, 2)
    assert (friend["odds"]["difficulty"], friend["odds"]["pool"]) == (5, 6)
    assert own["odds"]["p_out"]["exact"] == "{0.numerator}/{0.denominator}".format(_p_out(2, 7))
