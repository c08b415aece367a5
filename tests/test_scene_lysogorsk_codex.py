"""The scene's actions for the rules a fight uses that had no action: «Лысогорск» stress checks (combat
stress at the start of a fight) and healing; Codex counteraction and the consequences' 2D6. Each die is
given by hand and each expected number is worked out from the source's rules in the comments; the
previews are the calculators' own numbers, and a replay of the log gives the same scene.
"""

from fractions import Fraction

from rules_core import api
from rules_core.codex import rules as codex_rules
from rules_core.lysogorsk import rules as lysogorsk_rules
from rules_core.scene import apply, preview, replay
from rules_core.scene.actions import ACTIONS
from rules_core.scene.state import new_scene


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new, ev


def refused(sc, action):
    new, ev = apply(sc, action)
    assert not ev["ok"] and "internal" not in ev, ev
    return {e["field"] for e in ev["errors"]}


def add(sc, name, system, stats=None, state=None):
    return step(sc, {"type": "add_character",
                     "character": {"name": name, "system": system, "stats": stats or {}, "state": state or {}}})[0]


def char(sc, cid):
    return next(c for c in sc["characters"] if c["id"] == cid)


def frac(x):
    n, d = map(int, x["exact"].split("/"))
    return Fraction(n, d)


def test_the_new_actions_are_registered_for_their_systems():
    assert {ACTIONS[t].system for t in ("lys_stress", "lys_heal")} == {"lysogorsk"}
    assert {ACTIONS[t].system for t in ("codex_counter", "codex_consequences")} == {"codex"}
    sc = add(new_scene(), "Ада", "codex")
    assert refused(sc, {"type": "lys_stress", "character": "c1", "confidence": 1, "willpower": 1}) == {"character"}


def test_combat_stress_at_the_start_of_a_fight():
    sc = add(new_scene("Общага"), "Шурик", "lysogorsk", {"stamina": 2, "fortitude": 0})
    # «Бой против превосходящих сил противника … – УС 7», «Противники — сверхъестественные существа – модификатор
    # +3»: УС 10. Уверенность 2 + Сила духа 1: 2К + 3 ≥ 10 ⇔ 2К ≥ 7, 21 of 36
    act = {"type": "lys_stress", "character": "c1", "situation": "superior", "supernatural": True, "confidence": 2,
           "willpower": 1}
    pv = preview(sc, act)
    assert frac(pv["odds"]["p_pass"]) == Fraction(21, 36)
    assert api.run("lysogorsk-stress", pv["calculator"]["params"])["p_pass"] == pv["odds"]["p_pass"]
    assert [d["group"] for d in pv["dice_needed"]] == ["check"]  # Уверенность 2: a failure costs one, no breakdown
    # 3 + 3 + 3 = 9 < 10: «расходуется одна единица Уверенности»
    sc, ev = step(sc, {**act, "dice": {"check": [3, 3]}})
    assert ev["result"]["outcome"] == "lose" and ev["result"]["confidence_after"] == 1
    assert "УС 10" in ev["text"]["ru"]
    # no Уверенность left: a failure is the breakdown check — 2К − Сила духа 1 + 2 (the first in the scene)
    act0 = {**act, "confidence": 0}
    assert [d["group"] for d in preview(sc, act0)["dice_needed"]] == ["check", "breakdown"]
    sc, ev = step(sc, {**act0, "dice": {"check": [1, 2], "breakdown": [5, 5]}})  # 10 − 1 + 2 = 11: «10 и больше»
    assert ev["result"]["outcome"] == "breakdown" and ev["result"]["breakdown"] == "insanity"
    # a Veteran rolls nothing at the start of a fight
    sc, ev = step(sc, {**act, "veteran": True})
    assert ev["result"]["check"] is False
    assert refused(sc, {**act, "dice": {"check": [6, 6], "breakdown": [1, 1]}}) == {"dice.breakdown"}
    assert replay(sc["log"], sc["name"]) == sc


def test_healing_in_a_scene():
    sc = add(new_scene(), "Фома", "lysogorsk", {"stamina": 2, "fortitude": 0})  # 17 hits: quarters 4, 9, 13
    sc, _ = step(sc, {"type": "lys_damage", "character": "c1", "hits": 11})  # 6 left: a heavy wound
    # «каждую неделю персонаж делает проверку Стойкости против УС 5, и в случае удачи прибавляется два хита»:
    # 2К + 2 ≥ 5 ⇔ 2К ≥ 3, 35 of 36
    pv = preview(sc, {"type": "lys_heal", "character": "c1"})
    assert pv["odds"]["level"] == "heavy" and frac(pv["odds"]["p_heal"]) == Fraction(35, 36)
    sc, ev = step(sc, {"type": "lys_heal", "character": "c1", "dice": {"fortitude": [2, 1]}})
    assert ev["result"]["hits_gained"] == 2 and char(sc, "c1")["state"]["damage"] == 9
    # a doctor: «Медицина против сложности … 5 для тяжелого» — on a success the Стойкость check counts as made
    med = {"type": "lys_heal", "character": "c1", "heal": "medical", "doctor": 3}
    sc2, ev = step(sc, {**med, "dice": {"medicine": [1, 1]}})  # 2 + 3 = 5
    assert ev["result"]["success"] and char(sc2, "c1")["state"]["damage"] == 7
    # a failed Медицина: the patient's own check (lysogorsk_rules.MEDICAL_FAIL), or nothing by the other reading
    assert lysogorsk_rules.MEDICAL_FAIL == "natural"
    sc3, ev = step(sc, {**med, "doctor": 0, "dice": {"medicine": [1, 1], "fortitude": [1, 1]}})
    assert not ev["result"]["success"]  # 2 < 5, then 2 + 2 < 5
    assert refused(sc, {**med, "doctor": 0, "medical_fail": "none", "dice": {"medicine": [1, 1], "fortitude": [6, 6]}}) \
        == {"dice.fortitude"}
    # «все царапины на человеке заживают за 24 часа»: no roll
    sc4, _ = step(sc, {"type": "edit_character", "character": "c1", "state": {"damage": 3}})
    sc4, ev = step(sc4, {"type": "lys_heal", "character": "c1"})
    assert ev["result"]["hits_gained"] == 3 and char(sc4, "c1")["state"]["damage"] == 0
    # at death's door the source gives no healing
    dying, _ = step(sc, {"type": "lys_damage", "character": "c1", "hits": 9})
    assert refused(dying, {"type": "lys_heal", "character": "c1"}) == {"character"}
    assert replay(sc4["log"], sc4["name"]) == sc4


def test_codex_counteraction_in_a_scene():
    sc = add(new_scene(), "Ада", "codex", {"tough": 0}, {"stress": 2})
    # «Персонаж бросает только доступные ему ED6»: 3 ED6 at skill 3 (5+), stress 2, against 2 LV
    act = {"type": "codex_counter", "character": "c1", "ed6": 3, "skill": 3, "their_lv": 2}
    pv = preview(sc, act)
    assert frac(pv["odds"]["p_counter"]) == codex_rules.roll_dist(3, 3, 2).at_least(2)
    assert pv["dice_needed"] == [{"group": "counter", "count": 3, "sides": 6}]
    # 1, 5, 6: the one eats the five; the six explodes (S = 2): 2 LV — «перекрыть» an equal number
    sc, ev = step(sc, {**act, "dice": {"counter": [1, 5, 6]}})
    assert ev["result"]["lv"] == 2 and ev["result"]["success"]
    _, ev = step(sc, {**act, "tie": "more", "dice": {"counter": [1, 5, 6]}})
    assert not ev["result"]["success"]
    # under FLAX the 2D6 come with the roll
    flax, _ = step(sc, {"type": "codex_stress", "character": "c1", "amount": 5})
    assert [d["group"] for d in preview(flax, act)["dice_needed"]] == ["counter", "flax"]
    flax, ev = step(flax, {**act, "dice": {"counter": [1, 5, 2], "flax": [4, 1]}})  # 1 LV + (4 − 1)
    assert ev["result"]["lv"] == 4
    assert replay(flax["log"], flax["name"]) == flax


def test_codex_consequences_in_a_scene():
    sc = add(new_scene(), "Ада", "codex", {"tough": 2})
    sc, _ = step(sc, {"type": "codex_damage", "character": "c1", "hits": [12, 8], "ignores_armor": True})
    # 20 on the track: threshold 3 (10 + 8 < 20 ≤ 26) — «1 урон в 2 подготовки»: two 2D6
    pv = preview(sc, {"type": "codex_consequences", "character": "c1"})
    assert pv["odds"] == {"level": 3, "damage_per_preparation": 1, "preparations": 2}
    assert pv["dice_needed"] == [{"group": "preparations", "count": 2, "sides": 6, "repeat": 2}]
    sc, ev = step(sc, {"type": "codex_consequences", "character": "c1", "dice": {"preparations": [[4, 2], [5, 6]]}})
    # «(Универсальная или жанровая) … (чёт/нечет)»: in the order written, 4 is even — universal
    assert [x["group"] for x in ev["result"]["preparations"]] == ["universal", "genre"]
    _, ev = step(sc, {"type": "codex_consequences", "character": "c1", "parity": "odd_universal",
                      "dice": {"preparations": [[4, 2], [5, 6]]}})
    assert [x["group"] for x in ev["result"]["preparations"]] == ["genre", "universal"]
    fresh = add(new_scene(), "Б", "codex")
    _, ev = step(fresh, {"type": "codex_consequences", "character": "c1"})  # level 1: «Ничего», no dice
    assert ev["result"]["preparations"] == [] and ev["dice"] == {}
    assert replay(sc["log"], sc["name"]) == sc
