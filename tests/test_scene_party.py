"""The party (``svod-party``): its format, bounds and versions; what a member carries from a scene (the
end of the scene's rules, named), a copy with the next free number, the party brought into a scene;
the players' view (``svod-table``) made from a scene and checked when it comes back from a link."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from rules_core import api
from rules_core.scene import apply, characters, fields, party as party_format, table
from rules_core.scene.state import new_scene


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new


def scene_op(**req):
    return api.handle({"op": "scene", **req})


def ok(res):
    assert res["ok"], res
    return res["result"]


def fight():
    """Маша (serial, party) hurt, Громила (serial, opponents), Фома (lysogorsk, party) in Шок-free state."""
    sc = new_scene("Порт")
    sc = step(sc, {"type": "add_character", "character": {"name": "Маша", "system": "serial", "stats": {"stamina": 2}}})
    sc = step(sc, {"type": "add_character", "character": {"name": "Громила", "system": "serial", "side": "opponents",
                                                          "attacks": [{"name": "Дубина"}]}})
    sc = step(sc, {"type": "add_character", "character": {"name": "Фома", "system": "lysogorsk"}})
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [3, 2]})
    return sc


def char(sc, name):
    return next(c for c in sc["characters"] if c["name"] == name)


# ---- carrying a character into the party ------------------------------------------------------------

def test_carry_keeps_health_and_restores_soak_as_the_end_of_the_scene_does():
    sc = fight()
    masha = char(sc, "Маша")
    hurt = masha["state"]
    assert hurt["health"] < masha["stats"]["health_max"] and hurt["absorption"] < 2  # the damage took both
    out = ok(scene_op(cmd="party", do="carry", scene=sc, character=masha["id"]))
    kept = out["member"]["state"]
    assert kept["health"] == hurt["health"]  # «Потерянное Здоровье не восстанавливается само собой»
    assert kept["absorption"] == 2  # «(в отличие от Поглощения)»: back to the base (stamina 2)
    assert "id" not in out["member"] and "fight" not in out["member"]
    said = " ".join(c["ru"] for c in out["changes"])
    assert "УП" in said and "Здоровье" not in said
    assert "конец сцены" in out["rule"]["ru"] and "end of a scene" in out["rule"]["en"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=3))
def test_carry_is_the_end_of_the_scene_for_that_character(portions):
    sc = fight()
    try:
        sc = step(sc, {"type": "damage", "character": "c2", "portions": portions})
    except AssertionError:
        return  # a damage the scene refuses (nothing to carry from it)
    for ch in sc["characters"]:
        if characters.SYSTEMS[ch["system"]].roll_due(ch):
            res = scene_op(cmd="party", do="carry", scene=sc, character=ch["id"])
            assert not res["ok"] and "Порог" in res["errors"][0]["ru"]
            continue
        member = ok(scene_op(cmd="party", do="carry", scene=sc, character=ch["id"]))["member"]
        if any(characters.SYSTEMS[c["system"]].roll_due(c) for c in sc["characters"]):
            continue  # the scene itself cannot end yet
        ended = step(sc, {"type": "end_scene"})
        after = char(ended, ch["name"])
        assert member == {k: after[k] for k in party_format.MEMBER_PARTS if k != "id"}


def test_carry_refuses_an_unknown_character():
    res = scene_op(cmd="party", do="carry", scene=fight(), character="c99")
    assert not res["ok"] and res["errors"][0]["field"] == "character"


# ---- the party's format --------------------------------------------------------------------------------

def party_of(*names):
    p = ok(scene_op(cmd="party", do="new"))["party"]
    for n in names:
        p = ok(scene_op(cmd="party", do="add", party=p, member={"name": n, "system": "serial"}))["party"]
    return p


def test_party_round_trip_as_text():
    p = party_of("Маша", "Фома", "Лиза", "Гоша")
    text = ok(scene_op(cmd="party", do="load", party=p, reply="text"))["party_text"]
    again = ok(scene_op(cmd="party", do="load", party=text))
    assert again["party"] == p and again["migrated_from"] is None
    assert [m["id"] for m in p["members"]] == ["m1", "m2", "m3", "m4"]


@pytest.mark.parametrize("change, field", [
    (lambda p: p.update(format="svod-scene"), "format"),
    (lambda p: p.update(extra=1), "extra"),
    (lambda p: p["members"][0].update(hp=1), "members[0].hp"),
    (lambda p: p["members"][0]["stats"].update(stamina=99), "members[0].stats.stamina"),
    (lambda p: p["members"][1].update(name="маша"), "members[1].name"),
    (lambda p: p["members"][1].update(id="m1"), "members[1].id"),
    (lambda p: p["members"][0].update(name="\u202eМаша"), "members[0].name"),
    (lambda p: p["members"][0].pop("state"), "members[0].state"),
])
def test_party_load_refuses(change, field):
    p = party_of("Маша", "Фома")
    change(p)
    res = scene_op(cmd="party", do="load", party=p)
    assert not res["ok"]
    assert field in [e["field"] for e in res["errors"]], res["errors"]


def test_party_versions_and_bounds():
    p = party_of("Маша")
    res = scene_op(cmd="party", do="load", party={**p, "version": 2})
    assert not res["ok"] and "более новой версией" in res["errors"][0]["ru"]
    res = scene_op(cmd="party", do="load", party={**p, "version": 0})
    assert not res["ok"] and res["errors"][0]["field"] == "version"
    res = scene_op(cmd="party", do="load", party="x" * (party_format.MAX_PARTY_CHARS + 1))
    assert not res["ok"] and str(party_format.MAX_PARTY_CHARS) in res["errors"][0]["ru"]
    many = copy.deepcopy(p)
    many["members"] = [{**p["members"][0], "id": f"m{i}", "name": f"Маша {i}"} for i in range(party_format.MAX_MEMBERS + 1)]
    res = scene_op(cmd="party", do="load", party=many)
    assert not res["ok"] and str(party_format.MAX_MEMBERS) in res["errors"][0]["ru"]
    full = {**many, "members": many["members"][:party_format.MAX_MEMBERS], "next_id": 100}
    res = scene_op(cmd="party", do="add", party=full, member={"name": "Ещё", "system": "serial"})
    assert not res["ok"] and str(party_format.MAX_MEMBERS) in res["errors"][0]["ru"]


def test_adding_a_name_the_party_has_asks_then_replaces_or_keeps_both():
    p = party_of("Маша")
    hurt = {"name": "маша", "system": "serial", "state": {"health": 3}}
    asked = ok(scene_op(cmd="party", do="add", party=p, member=hurt))
    assert asked == {"conflict": {"id": "m1", "name": "Маша"}}
    replaced = ok(scene_op(cmd="party", do="add", party=p, member=hurt, same_name="replace"))
    assert replaced["member"] == "m1" and len(replaced["party"]["members"]) == 1
    assert replaced["party"]["members"][0]["state"]["health"] == 3
    both = ok(scene_op(cmd="party", do="add", party=p, member=hurt, same_name="keep_both"))
    assert [m["name"] for m in both["party"]["members"]] == ["Маша", "маша 2"]
    res = scene_op(cmd="party", do="add", party=p, member=hurt, same_name="merge")
    assert not res["ok"] and res["errors"][0]["field"] == "same_name"


@pytest.mark.parametrize("name, taken, want", [
    ("Громила", ["Громила"], "Громила 2"),
    ("Громила", ["Громила", "Громила 2", "громила 3"], "Громила 4"),
    ("Громила 2", ["Громила", "Громила 2"], "Громила 3"),
    ("Громила 9", ["Громила 9", "Громила 10"], "Громила 11"),
    ("2", ["2"], "2 2"),
    ("Я" * 60, ["Я" * 60], "Я" * 58 + " 2"),
])
def test_next_name(name, taken, want):
    assert party_format.next_name(name, taken) == want


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet="Гром 12", min_size=1, max_size=12).map(str.strip).filter(bool),
       st.lists(st.text(alphabet="Гром 12", min_size=1, max_size=12), max_size=6))
def test_next_name_is_free_and_fits(name, taken):
    got = party_format.next_name(name, [name, *taken])
    assert party_format.name_key(got) not in {party_format.name_key(t) for t in [name, *taken]}
    assert len(got) <= fields.MAX_CHAR_NAME


def test_duplicate_in_the_party_and_in_the_scene_takes_the_sheet_with_a_fresh_state():
    sc = fight()
    sc = step(sc, {"type": "damage", "character": "c2", "portions": [5, 4]})
    out = ok(scene_op(cmd="duplicate_character", scene=sc, character="c2"))
    new = char(out["scene"], "Громила 2")
    old = char(sc, "Громила")
    assert new["stats"] == old["stats"] and new["side"] == "opponents" and new["attacks"] == old["attacks"]
    assert new["state"]["health"] == new["stats"]["health_max"] > old["state"]["health"]
    assert out["event"]["type"] == "add_character" and out["scene"]["log"][-1]["action"]["type"] == "add_character"
    again = ok(scene_op(cmd="duplicate_character", scene=out["scene"], character="c2"))
    assert char(again["scene"], "Громила 3")
    p = party_of("Громила")
    dup = ok(scene_op(cmd="party", do="duplicate", party=p, member="m1"))
    assert [m["name"] for m in dup["party"]["members"]] == ["Громила", "Громила 2"] and dup["member"] == "m2"
    res = scene_op(cmd="party", do="duplicate", party=p, member="m7")
    assert not res["ok"] and res["errors"][0]["field"] == "member"


def test_a_party_of_four_brought_into_two_scenes():
    p = party_of("Маша", "Фома", "Лиза", "Гоша")
    ids = [m["id"] for m in p["members"]]
    for name in ("Порт", "Склад"):
        sc = ok(scene_op(cmd="new", name=name))["scene"]
        sc = step(sc, {"type": "add_character", "character": {"name": "Лиза", "system": "serial"}})
        out = ok(scene_op(cmd="from_party", scene=sc, party=p, members=ids, reply="text"))
        got = json.loads(out["scene_text"])
        assert [c["name"] for c in got["characters"]] == ["Лиза", "Маша", "Фома", "Лиза 2", "Гоша"]
        assert len(out["events"]) == 4 and len(got["log"]) == 5
    res = scene_op(cmd="from_party", scene=sc, party=p, members=["m9"])
    assert not res["ok"] and res["errors"][0]["field"] == "members[0]"
    res = scene_op(cmd="from_party", scene=sc, party=p, members=[])
    assert not res["ok"]


# ---- the players' view ----------------------------------------------------------------------------------

def test_player_view_hides_the_opponents_numbers_unless_shown():
    sc = fight()
    hidden = ok(scene_op(cmd="table", scene=sc))
    view = hidden["view"]
    by = {c["name"]: c for c in view["characters"]}
    assert view["shown"] is False
    assert "numbers" not in by["Громила"] and "sheet" not in by["Громила"]
    assert by["Громила"]["wound"] == char(sc, "Громила")["view"]["status_name"]
    masha = char(sc, "Маша")
    assert {"label": {"ru": "Здоровье сейчас", "en": "Health now"},
            "value": {"ru": str(masha["state"]["health"]), "en": str(masha["state"]["health"])}} in by["Маша"]["numbers"]
    assert by["Маша"]["sheet"]["state"]["health"] == masha["state"]["health"]
    assert by["Маша"]["sheet"]["state"]["absorption"] == 2  # the party's lasting state: what the end of a scene leaves
    assert "Громила" not in json.dumps([c.get("numbers") for c in view["characters"] if c["side"] == "opponents"])
    shown = ok(scene_op(cmd="table", scene=sc, show_numbers=True))["view"]
    assert {c["name"]: c for c in shown["characters"]}["Громила"]["numbers"]
    back = ok(scene_op(cmd="check_table", view=hidden["view_text"]))["view"]
    assert back == view


def test_player_view_shows_whose_turn_it_is():
    sc = fight()
    sc = step(sc, {"type": "next_turn"})
    view = ok(scene_op(cmd="table", scene=sc))["view"]
    acting = [c["name"] for c in view["characters"] if c["acting"]]
    assert acting == [c["name"] for c in sc["characters"] if c["id"] == sc["turn"]["current"]]
    assert [c["place"] for c in view["characters"]] == sorted(c["place"] for c in view["characters"])


@pytest.mark.parametrize("change, words", [
    (lambda v: v.update(format="svod-scene"), "не вид сцены"),
    (lambda v: v["characters"][1].update(numbers=[{"label": {"ru": "x", "en": "x"}, "value": {"ru": "1", "en": "1"}}]),
     "Числа противников скрыты"),
    (lambda v: v["characters"][0].update(name="<img src=x onerror=alert(1)>\u202e"), "невидимый"),
    (lambda v: v["characters"][0].update(script="alert(1)"), "Неизвестное поле"),
    (lambda v: v["characters"][1].update(sheet=v["characters"][0]["sheet"]), "Лист"),
    (lambda v: v.update(round=10**6), ""),
    (lambda v: v.update(characters=[v["characters"][0]] * 21), "Не больше 20"),
])
def test_a_hostile_view_is_refused(change, words):
    sc = fight()
    view = ok(scene_op(cmd="table", scene=sc))["view"]
    opp = next(i for i, c in enumerate(view["characters"]) if c["side"] == "opponents")
    view["characters"].insert(1, view["characters"].pop(opp))
    change(view)
    res = scene_op(cmd="check_table", view=json.dumps(view, ensure_ascii=False))
    assert not res["ok"], view
    assert words in " ".join(e["ru"] for e in res["errors"])


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "1" * 100, "[" * 5000 + "]" * 5000,
                                  '{"format": "svod-table", "format": "x"}', "x" * (table.MAX_VIEW_CHARS + 1)])
def test_an_unreadable_view_is_refused_with_words(text):
    res = scene_op(cmd="check_table", view=text)
    assert not res["ok"] and res["errors"][0]["ru"] and res["errors"][0]["en"]


def test_spec_states_the_bounds():
    lim = ok(scene_op(cmd="spec"))["limits"]
    assert lim["link_fragment"] == table.MAX_FRAGMENT and lim["party_members"] == party_format.MAX_MEMBERS
    assert lim["view_chars"] == table.MAX_VIEW_CHARS
