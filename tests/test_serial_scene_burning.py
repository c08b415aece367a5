"""A «Сериал» scene's burning action (000, «Горит!»): each turn's levels through Броня and the
character's tags, then УП and Здоровье; the numbers worked out from the rule, not read from the engine."""

from rules_core.scene import apply
from rules_core.scene.state import new_scene


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new, ev


def add(sc, name, stats):
    return step(sc, {"type": "add_character", "character": {"name": name, "system": "serial", "stats": stats,
                                                            "state": {}}})[0]


def char(sc, cid):
    return next(c for c in sc["characters"] if c["id"] == cid)


def test_burning_over_three_turns():
    # «В начале своего хода цель получает 2 уровня урона + 1 уровень за каждый ход горения»: 2, 3, 4
    sc = add(new_scene("Пожар"), "Маша", {"stamina": 2})  # УП 2, Здоровье 7
    sc, ev = step(sc, {"type": "burning", "character": "c1", "turn": 1})
    assert ev["result"]["levels"] == 2 and char(sc, "c1")["state"]["absorption"] == 0
    sc, _ = step(sc, {"type": "burning", "character": "c1", "turn": 2})
    sc, ev = step(sc, {"type": "burning", "character": "c1", "turn": 3})
    assert char(sc, "c1")["state"]["health"] == 7 - 3 - 4
    assert ev["result"]["calculator"]["id"] == "serial-burning"


def test_burning_through_armor_and_a_resistance_to_fire():
    # Броня 1 off each turn's levels, then «Устойчивость ... уменьшается в 2 раза с округлением в большую
    # сторону»: turn 3 — (4 − 1) / 2 → 2
    sc = add(new_scene(), "Вампир", {"stamina": 0, "armor": 1, "resistance": ["огонь"]})
    sc, ev = step(sc, {"type": "burning", "character": "c1", "turn": 3})
    assert ev["result"]["tag"] == "resistance" and ev["result"]["steps"][0]["portion"] == 2
    assert char(sc, "c1")["state"]["health"] == 7 - 2
    _, bad = apply(sc, {"type": "burning", "character": "c1", "turn": 0})
    assert not bad["ok"] and bad["errors"][0]["field"] == "turn"
