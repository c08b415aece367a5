"""The ``armor`` calculator and «Сериал»'s armor worn (000, «Броня» and «Нагрузка»): a leather
jacket is light armor, and of two armors worn «работать будет только Броня»."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.serial import rules as serial_rules


def enc(**params):
    r = api.run("armor", params)
    return r["encumbrance"], r["serial"]


def test_leather_jacket_is_light_armor_so_strength_one_is_overloaded():
    # «Кожаная куртка или бронежилет явно лёгкий доспех»; «Сила 1: ни одного большого предмета, никаких
    # доспехов даже легких»; Олег's jacket «дает 1 куб поглощения»
    jacket, serial = enc(strength=1, serial_armor=0, serial_worn_absorption=1)
    assert jacket == {"overloaded": True, "armor_weight": "light", "strength_row": 1}
    assert serial["absorption_from_armor"] == 1
    bare, _ = enc(strength=1, serial_armor=0)
    assert not bare["overloaded"] and bare["armor_weight"] == "none"
    # «Сила 2: один Большой предмет И лёгкий доспех»
    assert not enc(strength=2, serial_armor=0, serial_worn_absorption=1)[0]["overloaded"]


def test_only_the_armor_works_when_both_are_worn():
    # «бесполезно носить разные доспехи поверх друг друга ... Даже если один даёт Броню, а второй Поглощение,
    # то работать будет только Броня»
    r = api.run("armor", {"serial_armor": 1, "serial_worn_absorption": 1})
    assert r["serial"]["absorption_from_armor"] == 0 and r["serial"]["armor_used"] == 1
    assert any(b["kind"] == "note" and "только Броня" in b["text"]["ru"] for b in r["display"])
    # a creature's own Броня is no armor worn: the jacket's УП still work (the reading), or not
    hide = {"serial_armor": 2, "serial_armor_source": "natural", "serial_worn_absorption": 1}
    assert api.run("armor", hide)["serial"]["absorption_from_armor"] == 1
    assert api.run("armor", {**hide, "serial_natural_stops": True})["serial"]["absorption_from_armor"] == 0
    # and the hide weighs nothing: Сила 1 with the hide alone is not overloaded
    assert not enc(strength=1, serial_armor=2, serial_armor_source="natural")[0]["overloaded"]


def test_weight_of_an_absorption_only_armor_by_the_reading():
    heavy_jacket = {"strength": 2, "serial_armor": 0, "serial_worn_absorption": 2}
    assert enc(**heavy_jacket)[0]["armor_weight"] == "light"
    by = enc(**heavy_jacket, serial_absorption_weight="by_absorption")[0]
    assert by["armor_weight"] == "heavy" and by["overloaded"]  # «Сила 2: ... лёгкий доспех»


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 6), st.integers(0, 5), st.sampled_from(["worn", "natural"]), st.booleans())
def test_protection_never_adds_armor_and_absorption_of_worn_suits(armor, absorption, source, stops):
    r = api.run("armor", {"serial_armor": armor, "serial_worn_absorption": absorption, "serial_armor_source": source,
                          "serial_natural_stops": stops})
    got = r["serial"]["absorption_from_armor"]
    assert got in (0, absorption)
    if armor and (source == "worn" or stops):
        assert got == 0
    if not armor:
        assert got == absorption
    # the engine's own function gives the same
    natural = armor if source == "natural" else 0
    suits = [(armor, 0)] if source == "worn" and armor else []
    suits += [(0, absorption)] if absorption else []
    assert serial_rules.protection(natural, suits, stops) == (armor, got)
