"""Whole fights through the public API (``rules_core.api.handle``, op ``scene``, the scene carried as
its text the way the page carries it): a five-character «Сериал» fight with a vampire over four rounds
(turn by turn, a fire put out, undo and redo, the summary at the end), a «Лысогорск» fight of two rounds
with bleeding, a Codex exchange. Every die is given by hand; every number is worked out from the
sources' rules (quoted) or counted independently here, never read back from the engine."""

import json
from fractions import Fraction
from math import comb

from rules_core import api
from scripts.sources import read_source


def quoted(key, text):
    assert " ".join(text.split()) in " ".join(read_source(key).split()), text


class Table:
    """The page's side of the API: it keeps the scene as the engine's text and sends it back."""

    def __init__(self, name):
        self.text = self.req("new", name=name)["scene_text"]

    @staticmethod
    def req(cmd, **kw):
        r = api.handle({"op": "scene", "cmd": cmd, "reply": "text", **kw} if cmd != "preview" and cmd != "fill"
                       and cmd != "summary" else {"op": "scene", "cmd": cmd, **kw})
        assert r["ok"], r
        return r["result"]

    def do(self, action):
        out = self.req("apply", scene=self.text, action=action)
        self.text = out["scene_text"]
        return out["event"]

    def refused(self, action):
        r = api.handle({"op": "scene", "cmd": "apply", "scene": self.text, "action": action, "reply": "text"})
        assert not r["ok"] and "internal" not in r, r
        return r["errors"]

    def preview(self, action):
        return self.req("preview", scene=self.text, action=action)

    def fill(self, action):
        return self.req("fill", scene=self.text, action=action)["action"]

    @property
    def scene(self):
        return json.loads(self.text)

    def char(self, name):
        return next(c for c in self.scene["characters"] if c["name"] == name)

    def acting(self):
        return next(c["name"] for c in self.scene["characters"] if c["view"]["acting"])


def frac(x):
    return Fraction(x["exact"])


def p_net(n, difficulty, at_least=1):
    """P(successes − 1s ≥ at_least) of n d10 at ``difficulty`` (the 1s cancel): the multinomial sum."""
    ps, po = Fraction(11 - difficulty, 10), Fraction(1, 10)
    pb = 1 - ps - po
    total = Fraction(0)
    for s in range(n + 1):
        for o in range(n - s + 1):
            if s - o >= at_least:
                total += comb(n, s) * comb(n - s, o) * ps ** s * po ** o * pb ** (n - s - o)
    return total


def serial(name, side="party", kind="other", attacks=(), **stats):
    return {"type": "add_character", "character": {"name": name, "system": "serial", "side": side, "kind": kind,
                                                   "stats": stats, "attacks": list(attacks)}}


def test_a_five_character_serial_fight_with_a_vampire_over_four_rounds():
    quoted("000", "В случае ничьей (равная инициатива) первым ходят монстры, затем вампиры")
    t = Table("Подворотня")
    pistol = {"name": "Пистолет", "params": {"ranged": True, "attack_dice": 7, "damage_dice": 6}, "tags": ["Огнестрельный"]}
    t.do(serial("Маша", dexterity=4, wits=3, attacks=[pistol]))  # Инициатива 7
    t.do(serial("Олег", stamina=4, health_max=10, strength=4, dexterity=3, wits=2, parry_dice=5,
                attacks=[{"name": "Меч", "params": {"ranged": False, "attack_dice": 6, "damage_dice": 6}}]))  # 5
    t.do(serial("Вампир", "opponents", "vampire", stamina=3, armor=1, resistance=["Огнестрельный"], dexterity=3, wits=2,
                attacks=[{"name": "Когти", "params": {"ranged": False, "attack_dice": 7, "damage_dice": 5}}]))  # 5
    t.do(serial("Громила", "opponents", dexterity=2, wits=2, manipulation=2, perception=2,
                attacks=[{"name": "Дубина", "params": {"ranged": False, "attack_dice": 5, "damage_dice": 6}}]))  # 4
    t.do(serial("Лида", dexterity=2, wits=2))  # 4
    places = {c["name"]: c["view"]["place"] for c in t.scene["characters"]}
    # 7; then the vampire before Олег (5 each: «затем вампиры» before «все остальные»); then a tie at 4
    assert places["Маша"] == 1 and places["Вампир"] == 2 and places["Олег"] == 3
    t.do({"type": "roll_ties", "dice": {"ties": [[3, 8]]}})  # Громила 3, Лида 8: Лида first
    assert [c["name"] for c in sorted(t.scene["characters"], key=lambda c: c["view"]["place"])] == \
        ["Маша", "Вампир", "Олег", "Лида", "Громила"]

    # ---- round 1 ----
    t.do({"type": "next_turn"})
    assert t.acting() == "Маша"
    # the form opens filled: her pistol, the first opponent in the order (the vampire)
    shot = t.fill({"type": "attack"})
    assert (shot["attacker"], shot["target"], shot["weapon"]) == ("c1", "c3", "Пистолет")
    assert shot["params"] == pistol["params"] and shot["tags"] == ["Огнестрельный"]
    pv = t.preview(shot)
    assert frac(pv["odds"]["p_hit"]) == p_net(7, 6)
    # «Маша набирает 4 успеха … 6 кубов урона. Выпадает “1 3 6 7 7 10”. Это 4 урона»; Броня 1 → 3, Устойчивость:
    # «уменьшается в 2 раза с округлением в большую сторону» → 2: the vampire's УП 3 → 1
    quoted("000", "Выпадает “1 3 6 7 7 10”. Это 4 урона.")
    ev = t.do({**shot, "dice": {"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]}})
    assert ev["result"]["damage"] == 2 and ev["by"] == "hand"
    pct = round(100 * float(p_net(7, 6)))
    assert f"Атака (Пистолет): Маша → Вампир: {pct} % → попал" in ev["text"]["ru"]
    assert t.char("Вампир")["state"]["absorption"] == 1
    t.do({"type": "next_turn"})
    assert t.acting() == "Вампир"
    # claws on Маша: 3 successes; damage 6 6 6 6 2 = 4: УП 2 → 0, Здоровье 7 → 5
    claws = t.fill({"type": "attack"})
    assert claws["target"] == "c1"  # the first of the other side in the order
    t.do({**claws, "dice": {"attack": [10, 9, 8, 5, 4, 3, 2], "damage": [6, 6, 6, 6, 2]}})
    m = t.char("Маша")
    assert (m["state"]["absorption"], m["state"]["health"], m["view"]["wound_penalty"]) == (0, 5, 2)
    t.do({"type": "next_turn"})
    assert t.acting() == "Олег"
    # a bottle of petrol: the Storyteller sets Громила on fire
    t.do({"type": "set_status", "character": "c4", "status": "burning", "values": {}})
    t.do({"type": "next_turn"})
    assert t.acting() == "Лида"
    t.do({"type": "note", "text": "Лида ищет огнетушитель."})
    # Громила's turn: «В начале своего хода цель получает 2 уровня урона» — УП 2 → 0
    quoted("000", "В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения.")
    ev = t.do({"type": "next_turn"})
    g = t.char("Громила")
    assert (g["state"]["absorption"], g["state"]["health"]) == (0, 7) and "Горит, ход 1" in ev["text"]["ru"]
    # «-4 куба на все броски действий»: his club's 5 dice are 1
    club = t.fill({"type": "attack"})
    pv = t.preview(club)
    assert pv["odds"]["attack_dice"] == 1 and frac(pv["odds"]["p_hit"]) == p_net(1, 6)
    ev = t.do({**club, "dice": {"attack": [3]}})
    assert not ev["result"]["hit"] and ev["result"]["attacker_status_penalty"] == 4
    assert "(−4 от состояний)" in ev["text"]["ru"]

    # ---- round 2 ----
    ev = t.do({"type": "next_turn"})
    assert t.scene["round"] == 2 and t.acting() == "Маша" and ev["text"]["ru"].startswith("Начинается раунд 2.")
    t.do({"type": "prepare", "character": "c1"})  # «На следующий ход добавить половину своего показателя Инициативы»
    t.do({"type": "next_turn"})
    assert t.acting() == "Вампир"
    # Олег declares a parry out of turn: he has not acted this round
    quoted("000", "Персонаж волен вне зависимости от порядка инициативы заявить Защитный Маневр, если он еще не "
                  "совершал действие в этом раунде.")
    t.do({"type": "declare_defence", "character": "c2", "maneuver": "parry"})
    claws = t.fill({"type": "attack", "target": "c2"})
    pv = t.preview(claws)
    p = pv["calculator"]["params"]
    # the parry from his sheet: 5 dice; «не превосходит вашу Силу+Ловкость»: 4 + 3 = 7
    assert (p["defence"], p["defence_dice"], p["defender_limit"]) == ("parry", 5, 7)
    # 7 dice: 8 8 7 6 → 4; his parry 9 6 → 2: 2 net; damage 6 6 6 7 9 = 5 on УП 4 → 0, Здоровье 10 → 9
    ev = t.do({**claws, "dice": {"attack": [8, 8, 7, 6, 2, 3, 4], "defence": [9, 6, 2, 3, 4],
                                 "damage": [6, 6, 6, 7, 9]}})
    o = t.char("Олег")
    assert ev["result"]["hit"] and (o["state"]["absorption"], o["state"]["health"]) == (0, 9)
    t.do({"type": "next_turn"})
    assert t.acting() == "Олег"
    # Олег puts Громила out: 5 dice at 5 («Ловкость+Выживание 5 - тушение друга»): 7 5 1 → 1 success
    quoted("000", "Ловкость+Выживание 5 - тушение друга")
    pv = t.preview({"type": "extinguish", "character": "c4", "helper": "c2", "pool": 5})
    assert frac(pv["odds"]["p_out"]) == p_net(5, 5)
    ev = t.do({"type": "extinguish", "character": "c4", "helper": "c2", "pool": 5, "dice": {"putting_out": [7, 5, 1, 2, 3]}})
    assert ev["result"]["put_out"] and t.char("Громила")["view"]["statuses"] == []
    # undo and redo: the fire is back, then out again, nothing replayed
    fire_out = t.text
    t.do({"type": "undo"})
    assert [s["key"] for s in t.char("Громила")["view"]["statuses"]] == ["burning"]
    assert len(t.scene["redo"]) == 1
    ev = t.do({"type": "redo"})
    assert ev["type"] == "redo" and ev["redone"]["action"]["type"] == "extinguish"
    assert {k: v for k, v in t.scene.items() if k != "redo"} == {k: v for k, v in json.loads(fire_out).items() if k != "redo"}
    t.do({"type": "next_turn"})
    t.do({"type": "next_turn"})
    assert t.acting() == "Громила" and t.char("Громила")["state"]["health"] == 7  # no fire, no damage

    # ---- round 3 ----
    t.do({"type": "next_turn"})
    # Маша's «Подготовка»: 7 + half of 7 rounded down = 10 this turn (rules.PREPARATION_ROUNDING)
    assert t.scene["round"] == 3 and t.char("Маша")["view"]["initiative"] == 10
    # Маша brings the vampire to death's door: 9 − 1 = 8, halved up = 4 on УП 1 and Здоровье 7... not enough;
    # a plain damage of 12 − Броня 1 = 11 → 1 УП, 10 to Здоровье 7: the door
    t.do({"type": "damage", "character": "c3", "portions": [12]})
    pv = t.preview({"type": "death_door", "character": "c3"})
    # «Вампиры не могут быть оглушены или шокированы»: no Шок nor Оглушение among the outcomes
    quoted("000", "Вампиры не могут быть оглушены или шокированы")
    assert "shock" not in pv["odds"] and "stunned" not in pv["odds"]
    assert frac(pv["odds"]["vampire_stands"]) == Fraction(2, 6)
    ev = t.do({"type": "death_door", "character": "c3", "dice": {"d6": [2]}})  # «Ходячий мертвец»
    assert ev["result"]["outcome"] == "walking_dead" and "(17 %)" in ev["text"]["ru"]
    for _ in range(4):
        t.do({"type": "next_turn"})  # Маша's turn ends, the vampire's 1st round, Олег, Лида
    assert t.char("Вампир")["view"]["statuses"][0]["left"] == 1

    # ---- round 4 ----
    t.do({"type": "next_round"})  # Громила, then round 4 begins with Маша
    assert t.scene["round"] == 4
    ev = t.do({"type": "next_turn"})  # the vampire's second round ends after his turn
    t.do({"type": "next_turn"})
    v = t.char("Вампир")
    assert v["state"]["door"] == "torpor" and not v["state"]["dead"]  # «вместо смерти … “торпор”»
    ev = t.do({"type": "end_scene"})
    summary = ev["result"]["summary"]
    assert summary["rounds"] == 4
    # dealt: Маша 2 (the shot); the vampire 4 + 5; the fire 2 to Громила (nobody's); the plain 12 − 1 = 11
    assert summary["dealt"] == {"c1": 2, "c3": 9}
    assert summary["taken"]["c1"] == 4 and summary["taken"]["c2"] == 5 and summary["taken"]["c4"] == 2
    assert summary["door_rolls"] == {"c3": ["walking_dead"]}
    # luck: 4 attacks and a fire put out (3 hits and the fire out), each against its odds before the roll
    facts = [e["facts"]["roll"] for e in t.scene["log"] if "roll" in e.get("facts", {})]
    assert [Fraction(f["p"]) for f in facts][:3] == [p_net(7, 6), p_net(7, 6), p_net(1, 6)]
    assert Fraction(facts[4]["p"]) == p_net(5, 5)
    assert summary["rolls"] == 5 and summary["successes"] == 4
    assert frac(summary["luck"]) == 4 - sum(Fraction(f["p"]) for f in facts)
    assert t.req("load", scene=t.text)["consistent"] is True


def test_a_lysogorsk_fight_of_two_rounds_with_bleeding():
    quoted("001", "теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их осталось 4 и меньше")
    quoted("001", "Результат броска — это и есть значение инициативы, не меняющееся до конца боя.")
    t = Table("Общага")
    t.do({"type": "add_character", "character": {"name": "Фома", "system": "lysogorsk", "stats": {"stamina": 1,
                                                                                                 "determination": 4}}})
    t.do({"type": "add_character", "character": {"name": "Шурик", "system": "lysogorsk", "side": "opponents",
                                                 "stats": {"stamina": 2, "determination": 2}}})
    t.do({"type": "add_character", "character": {"name": "Лида", "system": "lysogorsk", "stats": {"determination": 3}}})
    # 2К + Решительность: Фома 3+3+4 = 10, Шурик 5+3+2 = 10, Лида 6+6+3 = 15
    ev = t.do({"type": "roll_initiative", "dice": {"initiative": [[3, 3], [5, 3], [6, 6]]}})
    ini = {c["name"]: (c["view"]["initiative"], c["view"]["place"]) for c in t.scene["characters"]}
    # «Если у каких-то двух персонажей инициатива одинаковая, то они действуют одновременно»
    assert ini == {"Фома": (10, 2), "Шурик": (10, 2), "Лида": (15, 1)}
    assert "Порядок: Лида → Фома = Шурик." in ev["text"]["ru"]
    assert t.refused({"type": "roll_initiative", "character": "c1", "dice": {"initiative": [[1, 1]]}})
    # round 1: Лида, then Фома and Шурик; Шурик hits Фома for 13 of his 16 hits: 3 left — «4 и меньше»
    t.do({"type": "next_turn"})
    t.do({"type": "next_turn"})
    ev = t.do({"type": "lys_damage", "character": "c1", "hits": 13})
    f = t.char("Фома")
    assert f["view"]["hits"] == 3 and [s["key"] for s in f["view"]["statuses"]] == ["bleeding"]
    assert "кровотечение" in ev["text"]["ru"]
    # a temporary wound «никогда не истекает кровью»
    t.do({"type": "lys_damage", "character": "c2", "hits": 14, "temporary": True})
    assert t.char("Шурик")["view"]["statuses"] == []
    t.do({"type": "next_turn"})
    # round 2 … and a third round's end: the third round bleeding takes 1 hit
    t.do({"type": "next_turn"})
    assert t.scene["round"] == 2 and t.char("Фома")["view"]["statuses"][0]["rounds"] == 1
    t.do({"type": "next_round"})
    assert t.char("Фома")["view"]["hits"] == 3 and t.char("Фома")["view"]["statuses"][0]["rounds"] == 2
    ev = t.do({"type": "next_round"})
    assert t.char("Фома")["view"]["hits"] == 2 and "Фома истекает кровью: −1 хит" in ev["text"]["ru"]
    # «отказаться от каких-либо действий в этот раунд, сосредоточившись на уклонении от атак. До своего
    # следующего хода он будет уклоняться с положительным модификатором +2»
    quoted("001", "До своего следующего хода он будет уклоняться с положительным модификатором +2.")
    ev = t.do({"type": "full_dodge", "character": "c3"})
    assert ev["result"]["modifier"] == 2 and [s["key"] for s in t.char("Лида")["view"]["statuses"]] == ["full_dodge"]
    ev = t.do({"type": "wait", "character": "c2"})  # «Мастер может дать ему модификатор +1»
    assert ev["result"]["modifier"] == 1
    t.do({"type": "next_turn"})  # her turn (round 4) ends: the others' turns, she still dodges
    assert t.acting() == "Фома" and [s["key"] for s in t.char("Лида")["view"]["statuses"]] == ["full_dodge"]
    t.do({"type": "next_turn"})
    t.do({"type": "next_turn"})  # round 5 begins with Лида: «до своего следующего хода» is over
    assert t.acting() == "Лида" and t.char("Лида")["view"]["statuses"] == []
    # first aid stops it
    t.do({"type": "stop_bleeding", "character": "c1"})
    t.do({"type": "next_round"})
    t.do({"type": "next_round"})
    t.do({"type": "next_round"})
    assert t.char("Фома")["view"]["hits"] == 2
    assert t.req("load", scene=t.text)["consistent"] is True


def test_a_codex_exchange():
    quoted("004", "Вступил в бой")
    quoted("004", "кроме одного раза вне своего хода (Противодействие)")
    t = Table("Мост")
    t.do({"type": "add_character", "character": {"name": "Ада", "system": "codex", "stats": {"tough": 1, "armor": "1"}}})
    t.do({"type": "add_character", "character": {"name": "Бен", "system": "codex", "stats": {"veteran": True}}})
    t.do({"type": "add_character", "character": {"name": "Страж", "system": "codex", "side": "opponents"}})
    # «Подкрепление … прибудет через 6 ходов»
    quoted("004", "союзное подкрепление прибудет через 6 ходов")
    t.do({"type": "add_counter", "name": "Подкрепление", "size": 6, "tick": "round"})
    # no initiative in 004: the scene's order, the guard moved first by hand
    t.do({"type": "move_character", "character": "c3", "to": 1})
    ev = t.do({"type": "next_turn"})
    assert t.acting() == "Страж"
    # «Вступил в бой»: Ада takes 1 stress; Бен fought in a war, the guard is an opponent
    assert [t.char(n)["state"]["stress"] for n in ("Ада", "Бен", "Страж")] == [1, 0, 0]
    # the guard hits Ада: 2 (under the light armor's threshold 3: «всего 1 урона») and 5
    ev = t.do({"type": "codex_damage", "character": "c1", "hits": [2, 5]})
    assert ev["result"]["dealt"] == [1, 5]
    # Ада counteracts out of her turn: ED6 6 3 → 1 LV against 1
    ev = t.do({"type": "codex_counter", "character": "c1", "ed6": 2, "their_lv": 1, "dice": {"counter": [6, 3]}})
    assert ev["result"]["success"]
    assert t.refused({"type": "codex_counter", "character": "c1", "ed6": 2, "their_lv": 1, "dice": {"counter": [6, 6]}})
    t.do({"type": "next_turn"})  # Ада's turn: counteraction allowed again
    ev = t.do({"type": "codex_counter", "character": "c1", "ed6": 1, "their_lv": 2, "dice": {"counter": [2]}})
    assert not ev["result"]["success"]
    t.do({"type": "next_turn"})
    ev = t.do({"type": "next_turn"})
    assert t.scene["round"] == 2 and t.scene["counters"][0]["filled"] == 1
    ev = t.do({"type": "end_scene"})
    # «В зависимости от того, на каком уровне остановился урон»: Ада's 6 on the track (10 of level 1)
    ada = next(r for r in ev["result"]["consequences"] if r["character"] == "c1")
    assert ada["level"] == 1
    # the summary counts what reached her track, 1 + 5 (nobody named as dealing it); the page's table too
    summary = ev["result"]["summary"]
    assert summary["taken"] == {"c1": 6} and summary["dealt"] == {}
    rows = next(b for b in summary["display"] if b["kind"] == "table")["rows"]
    assert rows == [["Ада", 0, 6, 0]]
    assert t.scene["counters"][0]["filled"] == 1  # readings.SCENE_COUNTERS_AT_END
