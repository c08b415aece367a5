"""``scene spec`` tells the page everything it draws: every action with its fields and their limits, every
system's creature types, statuses (with their fields and limits), stored attacks and order of turns, the
field kinds beyond the calculators', the limits of a scene; and every character's ``view`` carries what
the page reads of every system (side, creature type, statuses with what is left of them, place in the
order)."""

import re

from rules_core import api
from rules_core.scene import apply, readings
from rules_core.scene.actions import ACTIONS
from rules_core.scene.characters import SYSTEMS
from rules_core.scene.state import new_scene

SPEC = api.handle({"op": "scene", "cmd": "spec"})["result"]
CALC_KINDS = {"int", "bool", "choice", "int_list", "record_list"}


def _fields():
    for a in SPEC["actions"]:
        for f in a["fields"]:
            yield a["type"], f
    for sys, d in SPEC["systems"].items():
        for part in ("stats", "state"):
            for f in d[part]:
                yield f"{sys}.{part}", f
        for st in d["statuses"]:
            for f in st["fields"]:
                yield f"{sys}.status.{st['key']}", f
        for f in d["attack"] or []:
            yield f"{sys}.attack", f
    for f in SPEC["character"]["fight"]:
        yield "fight", f


def test_every_action_is_listed_with_its_fields():
    assert [a["type"] for a in SPEC["actions"]] == list(ACTIONS)
    for new in ("next_turn", "next_round", "set_turn", "set_initiative", "roll_ties", "move_character", "set_status",
                "clear_status", "redo", "lower_initiative", "prepare", "declare_defence", "ready", "push_through_pain",
                "extinguish", "stabilize", "heal", "battle_scar", "roll_initiative", "wait", "full_dodge",
                "stop_bleeding", "add_counter", "step_counter", "remove_counter"):
        assert new in ACTIONS, new


def test_every_field_has_a_known_kind_and_its_bounds():
    for where, f in _fields():
        assert {"name", "kind", "label", "default"} <= set(f), (where, f)
        assert f["kind"] in CALC_KINDS or f["kind"] in SPEC["field_kinds"], (where, f["kind"])
        assert f["label"]["ru"] and f["label"]["en"], where
        if f["kind"] == "int":
            assert "min" in f and "max" in f, (where, f["name"])
        if f["kind"] in ("text", "text_list"):
            assert "max_len" in f or "max_items" in f, (where, f["name"])
        if f["kind"] == "choice":
            assert f["options"], (where, f["name"])


#: names the English site keeps as the source has them (no English page names them otherwise)
KEPT_IN_RUSSIAN = ("«Доспех Луны»",)


def test_every_field_and_option_label_is_english_in_english():
    # the English page (and the players' view in English) draws these labels: a Russian term in them
    # («Had Шок this scene», where the English pages say Shock) read as untranslated
    labels = [(where, f["name"], f["label"]) for where, f in _fields()]
    labels += [(where, f["name"], o["label"]) for where, f in _fields() for o in f.get("options", [])]
    russian = [(where, name, label["en"]) for where, name, label in labels
               if re.search("[А-Яа-яЁё]", re.sub("|".join(KEPT_IN_RUSSIAN), "", label["en"]))]
    assert not russian


def test_every_system_lists_its_kinds_statuses_attacks_and_order():
    assert set(SPEC["systems"]) == set(SYSTEMS)
    serial = SPEC["systems"]["serial"]
    assert [k["value"] for k in serial["kinds"]] == ["monster", "vampire", "shapeshifter", "fae", "mage", "sorcerer",
                                                      "psychic", "other"]
    keys = {s["key"] for s in serial["statuses"]}
    assert keys >= {"burning", "prone", "overloaded", "readied", "preparation", "defending", "pushes", "shock",
                    "lost_round", "last_breath", "walking_dead", "will_to_live"}
    shock = next(s for s in serial["statuses"] if s["key"] == "shock")
    assert shock["unit"] == "own_rounds" and shock["reading"] == "SERIAL_SHOCK_ROUNDS" and not shock["can_act"]
    assert {s["key"] for s in SPEC["systems"]["lysogorsk"]["statuses"]} >= {"bleeding", "shock", "waiting", "full_dodge"}
    assert SPEC["systems"]["lysogorsk"]["ties_act_together"] is True
    assert {s["key"] for s in SPEC["systems"]["codex"]["statuses"]} == {"countered"}
    assert serial["attack"] and SPEC["systems"]["codex"]["attack"] is None
    for d in SPEC["systems"].values():
        assert d["order"]["ru"] and d["order"]["en"]
    # every reading a status names is a named open reading, shown as «Неясно в источнике»
    names = {o["name"] for o in readings.OPEN}
    for d in SPEC["systems"].values():
        for st in d["statuses"]:
            assert st["reading"] is None or st["reading"] in names


def test_the_limits_are_listed():
    limits = SPEC["limits"]
    for key in ("characters", "log", "scene_name", "character_name", "note", "rounds", "tags", "tag_length",
                "scene_chars", "entry_chars", "attacks", "attack_name", "statuses", "initiative"):
        assert isinstance(limits[key], int) and limits[key] > 0, key
    assert SPEC["character"]["limits"]["attacks"] == limits["attacks"]


def test_every_view_carries_what_the_page_reads():
    sc = new_scene()
    for i, system in enumerate(SYSTEMS):
        sc, ev = apply(sc, {"type": "add_character", "character": {"name": f"П{i}", "system": system}})
    sc, _ = apply(sc, {"type": "next_turn"})
    for c in sc["characters"]:
        v = c["view"]
        assert {"status", "status_name", "side", "side_name", "kind", "kind_name", "statuses", "status_penalty",
                "can_act", "attacks", "initiative", "place", "acting", "done", "out_of_fight"} <= set(v), c["system"]
    assert sum(c["view"]["acting"] for c in sc["characters"]) == 1 and sc["turn"]["current"]
