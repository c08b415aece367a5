"""The scene as data: its shape and validation, versions and migration, unreadable scenes, bounds,
the readings it names, undo, dice by hand and seeded, the command line and ``api.handle``."""

import json
import re
import subprocess
import sys

import pytest

from rules_core import api
from rules_core.scene import apply, engine, fields as fields, load, load_text, readings, replay, state
from rules_core.spec import InputError
from rules_core.scene.state import new_scene
from scripts.sources import ROOT, read_source


def step(sc, action):
    new, ev = apply(sc, action)
    assert ev["ok"], ev
    return new


def fields_of(ev):
    return [e["field"] for e in ev["errors"]]


def small_scene():
    sc = new_scene("Порт")
    sc = step(sc, {"type": "add_character", "character": {"name": "Маша", "system": "serial", "stats": {"stamina": 2}}})
    sc = step(sc, {"type": "add_character", "character": {"name": "Фома", "system": "lysogorsk"}})
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [3, 2]})
    sc = step(sc, {"type": "drink", "character": "c2", "drink": "beer", "seed": 7})
    return sc


# ---- shape, round trip, views ----------------------------------------------------------------

def test_new_scene_shape():
    sc = new_scene("Бой в порту")
    assert sc["format"] == "svod-scene" and sc["version"] == state.VERSION == 2
    assert (sc["name"], sc["round"], sc["characters"], sc["log"], sc["redo"]) == ("Бой в порту", 1, [], [], [])
    assert sc["turn"] == {"current": None, "done": [], "started": []}
    assert set(sc["readings"]) == {"serial", "lysogorsk", "codex", "wod"}


def test_json_round_trip_is_lossless_and_views_are_recomputed():
    sc = small_scene()
    text = state.dump(sc)
    assert load_text(text) == sc and load(json.loads(text)) == sc
    tampered = json.loads(text)
    tampered["characters"][0]["view"]["health"] = 99
    assert load(tampered) == sc  # the view is derived, never trusted


def test_load_names_every_bad_field():
    sc = json.loads(state.dump(small_scene()))
    sc["characters"][0]["stats"]["stamina"] = 99
    sc["characters"][1]["state"]["hp"] = 1
    sc["log"][1]["n"] = 7
    sc["log"][2]["action"]["portions"] = [-1]
    with pytest.raises(InputError) as e:
        load(sc)
    got = {x["field"] for x in e.value.errors}
    assert {"characters[0].stats.stamina", "characters[1].state.hp", "log[1].n", "log[2].action.portions[0]"} <= got
    assert all(x["ru"] and x["en"] for x in e.value.errors)


@pytest.mark.parametrize("change, field", [
    (lambda s: s.update(version=1), "turn"),  # read as version 1, which had no turn
    (lambda s: s.pop("version"), "version"),
    (lambda s: s.update(version="1"), "version"),
    (lambda s: s.update(format="x"), "format"),
    (lambda s: s.update(extra=1), "extra"),
    (lambda s: s.update(name="x" * 81), "name"),
    (lambda s: s.update(name="a\x00b"), "name"),
    (lambda s: s.update(round=0), "round"),
    (lambda s: s["characters"].append(dict(s["characters"][0])), "characters[2].id"),
    (lambda s: s["characters"][0]["state"].update(door="pending"), "characters[0].state.pending"),
    (lambda s: s["characters"][0]["state"].update(health=8), "characters[0].state.health"),
    (lambda s: s["log"].append({"n": 5, "round": 1, "action": {"type": "undo"}, "text": {"ru": "", "en": ""},
                                "undo": {}}), "log[4].action.type"),
    (lambda s: s["turn"].update(current="c9"), "turn.current"),
    (lambda s: s["turn"].update(done=["c1", "c1"]), "turn.done"),
    (lambda s: s["characters"][0].update(side="enemy"), "characters[0].side"),
    (lambda s: s["characters"][0].update(kind="dragon"), "characters[0].kind"),
    (lambda s: s["characters"][0].update(statuses=[{"key": "flying"}]), "characters[0].statuses[0].key"),
    (lambda s: s["characters"][0].update(statuses=[{"key": "shock", "left": 99}]), "characters[0].statuses[0].left"),
    (lambda s: s["characters"][1].update(attacks=[{"name": "Кулак"}]), "characters[1].attacks"),
    (lambda s: s["characters"][0].update(attacks=[{"name": "Нож", "params": {"attack_dice": 99}}]),
     "characters[0].attacks[0].params.attack_dice"),
    (lambda s: s.update(redo=5), "redo"),
    (lambda s: s["log"][0]["action"].update(type="fly"), "log[0].action.type"),
    (lambda s: s["readings"]["serial"].update(below_one="maybe"), "readings.serial.below_one"),
])
def test_load_refuses(change, field):
    sc = json.loads(state.dump(small_scene()))
    change(sc)
    with pytest.raises(InputError) as e:
        load(sc)
    assert field in {x["field"] for x in e.value.errors}, e.value.errors


def test_newer_version_says_so():
    sc = json.loads(state.dump(small_scene()))
    sc["version"] = 9
    with pytest.raises(InputError) as e:
        load(sc)
    assert "более новой версией" in e.value.errors[0]["ru"] and "newer" in e.value.errors[0]["en"]


def test_unreadable_text_gives_the_place_and_is_not_repaired():
    text = state.dump(small_scene())
    broken = text[: len(text) // 2]
    with pytest.raises(InputError) as e:
        load_text(broken)
    assert e.value.errors[0]["field"] == "scene" and "строка 1, символ" in e.value.errors[0]["ru"]
    with pytest.raises(InputError):
        load_text("[" * 100_000)  # nesting: refused, no RecursionError escapes
    with pytest.raises(InputError):
        load_text(" " * (fields.MAX_SCENE_CHARS + 1))
    # apply on an unreadable scene: no scene back, the errors say why
    sc, ev = apply({"version": 1}, {"type": "next_round"})
    assert sc is None and not ev["ok"]


def test_deep_nesting_is_refused_before_walking():
    deep = {"type": "note", "text": "x"}
    for _ in range(50):
        deep = {"type": "note", "text": [deep]}
    _, ev = apply(new_scene(), deep)
    assert not ev["ok"] and "вложенность" in ev["errors"][0]["ru"]


# ---- migration ---------------------------------------------------------------------------------

V0 = {"version": 0, "title": "Старый бой", "history": [
    {"kind": "add_character", "character": {"name": "Маша", "system": "serial", "stats": {"stamina": 2},
                                            "state": {"health": 2, "absorption": 0}}},
    {"kind": "damage", "who": "c1", "portions": [10]},
    {"kind": "death_door", "who": "c1", "dice": {"d6": [6]}, "untimed": True},
]}


def test_version_0_is_migrated_by_replaying_its_history():
    sc = load(V0)
    assert sc["version"] == state.VERSION and sc["name"] == "Старый бой"
    masha = sc["characters"][0]
    assert masha["view"]["status"] == "shock" and masha["state"]["health"] == 1
    # the same as building it now
    now = new_scene("Старый бой")
    for a in V0["history"]:
        now = step(now, {("type" if k == "kind" else "character" if k == "who" else k): v for k, v in a.items()})
    assert sc == now
    assert state.MIGRATIONS[0] is not None and max(state.MIGRATIONS) == state.VERSION - 1
    r = api.handle({"op": "scene", "cmd": "load", "scene": json.dumps(V0, ensure_ascii=False)})
    assert r["ok"] and r["result"]["migrated_from"] == 0


def test_a_broken_version_0_says_where():
    bad = {**V0, "history": V0["history"][:1] + [{"kind": "damage", "who": "c1", "portions": ["x"]}]}
    with pytest.raises(InputError) as e:
        load(bad)
    err = e.value.errors[0]
    assert err["field"] == "log[1].portions[0]" and err["ru"].startswith("Перевод сцены с версии 0: Запись № 2")


# ---- the readings named for the page ----------------------------------------------------------

SOURCE_OF = {"serial": ("000",), "lysogorsk": ("001",), "codex": ("004",), "wod": ("002", "003")}


def _norm(s):
    return re.sub(r"\s+", " ", s).replace("ё", "е").casefold()  # a quote may start mid-sentence


def test_every_open_reading_is_a_constant_with_its_source_words():
    names = [n for n in dir(readings) if n.isupper() and len(n) > 1 and n != "OPEN"]
    assert sorted(names) == sorted(e["name"] for e in readings.OPEN)
    for e in readings.OPEN:
        assert e["value"] == getattr(readings, e["name"])
        assert e["reading"]["ru"] and e["reading"]["en"] and e["quote"]
        src = " ".join(_norm(read_source(k)) for k in SOURCE_OF[e["system"]])
        for q in re.findall(r"«([^»]*)»", e["quote"]):
            for part in q.split("…"):
                assert _norm(part.strip(" .")) in src, (e["name"], part)


# ---- undo, dice, seeds -------------------------------------------------------------------------

def test_undo_restores_exactly_and_is_not_logged():
    sc = small_scene()
    nxt = step(sc, {"type": "damage", "character": "c1", "portions": [4]})
    back = step(nxt, {"type": "undo"})
    assert {**back, "redo": []} == sc and len(back["log"]) == len(sc["log"])
    assert back["redo"] == [nxt["log"][-1]]  # kept for a redo
    assert step(back, {"type": "redo"}) == nxt
    _, ev = apply(new_scene(), {"type": "undo"})
    assert not ev["ok"] and "пуст" in ev["errors"][0]["ru"]


def test_seeded_rolls_repeat_and_log_their_faces():
    sc = small_scene()
    a = step(sc, {"type": "drink", "character": "c2", "drink": "vodka_bottle", "seed": 42})
    b = step(sc, {"type": "drink", "character": "c2", "drink": "vodka_bottle", "seed": 42})
    assert a == b
    logged = a["log"][-1]["action"]
    assert "seed" not in logged and len(logged["dice"]["checks"]) == 5
    assert all(len(pair) == 2 and all(1 <= f <= 6 for f in pair) for pair in logged["dice"]["checks"])
    _, ev = apply(sc, {"type": "drink", "character": "c2", "drink": "beer"})  # no seed: a fresh one
    assert ev["ok"] and isinstance(ev["seed"], int)


@pytest.mark.parametrize("dice, field", [
    ({"d6": [7]}, "dice.d6[0]"),
    ({"d6": [0]}, "dice.d6[0]"),
    ({"d6": [1, 2]}, "dice.d6"),
    ({"d6": []}, "dice.d6"),
    ({"d6": ["6"]}, "dice.d6[0]"),
    ({"d20": [6]}, "dice.d20"),
    ({}, "dice.d6"),
    ("6", "dice"),
])
def test_hand_faces_are_checked(dice, field):
    sc = step(new_scene(), {"type": "add_character", "character": {"name": "М", "system": "serial",
                                                                   "state": {"health": 1, "absorption": 0}}})
    sc = step(sc, {"type": "damage", "character": "c1", "portions": [3]})
    _, ev = apply(sc, {"type": "death_door", "character": "c1", "dice": dice})
    assert not ev["ok"] and field in fields_of(ev), ev


def test_faces_for_a_roll_not_made_are_refused():
    sc = step(new_scene(), {"type": "add_character", "character": {"name": "А", "system": "serial"}})
    sc = step(sc, {"type": "add_character", "character": {"name": "Б", "system": "serial"}})
    miss = {"type": "attack", "attacker": "c1", "target": "c2", "params": {"attack_dice": 2, "damage_dice": 3}}
    _, ev = apply(sc, {**miss, "dice": {"attack": [2, 3], "damage": [6, 6, 6]}})
    assert not ev["ok"] and fields_of(ev) == ["dice.damage"]
    _, ev = apply(sc, {**miss, "dice": {"attack": [2, 3]}})
    assert ev["ok"] and not ev["result"]["hit"]
    _, ev = apply(sc, {**miss, "dice": {"attack": [2, 3]}, "seed": 1})
    assert not ev["ok"] and fields_of(ev) == ["seed"]
    _, ev = apply(sc, {"type": "next_round", "seed": 1})
    assert not ev["ok"] and fields_of(ev) == ["seed"]


def test_replay_needs_the_faces():
    with pytest.raises(InputError) as e:
        replay([{"type": "add_character", "character": {"name": "Ф", "system": "lysogorsk"}},
                {"type": "drink", "character": "c1", "drink": "beer"}])
    assert e.value.errors[0]["field"] == "log[1].dice" and e.value.errors[0]["ru"].startswith("Запись № 2")


# ---- references and systems --------------------------------------------------------------------

def test_actions_check_who_they_name():
    sc = small_scene()
    _, ev = apply(sc, {"type": "damage", "character": "c9", "portions": [1]})
    assert fields_of(ev) == ["character"]
    _, ev = apply(sc, {"type": "drink", "character": "c1", "drink": "beer"})
    assert fields_of(ev) == ["character"] and "Лысогорские" in ev["errors"][0]["ru"]
    _, ev = apply(sc, {"type": "attack", "attacker": "c1", "target": "c2"})
    assert fields_of(ev) == ["target"]
    _, ev = apply(sc, {"type": "attack", "attacker": "c1", "target": "c1"})
    assert fields_of(ev) == ["target"]
    _, ev = apply(sc, {"type": "attack", "attacker": "c1", "target": "c1", "params": {"health": 3, "x": 1}})
    assert set(fields_of(ev)) == {"params.health"}
    _, ev = apply(sc, {"type": "damage", "character": "c1", "portions": [1], "hp": 2})
    assert fields_of(ev) == ["hp"]


def test_edit_by_hand_and_its_bounds():
    sc = small_scene()
    sc2 = step(sc, {"type": "edit_character", "character": "c1", "name": "Мария",
                    "stats": {"armor": 2}, "state": {"health": 6}})
    m = sc2["characters"][0]
    assert (m["name"], m["stats"]["armor"], m["state"]["health"]) == ("Мария", 2, 6)
    _, ev = apply(sc, {"type": "edit_character", "character": "c1", "stats": {"health_max": 3}})
    assert fields_of(ev) == ["state.health"]  # 5 left of 3: refused, never replaced
    _, ev = apply(sc, {"type": "edit_character", "character": "c1", "stats": {"agility": 3}})
    assert fields_of(ev) == ["stats.agility"]
    # the log says it in the page's words, not the fields' machine names
    assert "Здоровье сейчас: 4 → 6" in sc2["log"][-1]["text"]["ru"] and "Броня: 0 → 2" in sc2["log"][-1]["text"]["ru"]
    assert "health" not in sc2["log"][-1]["text"]["ru"]
    sc3 = step(sc, {"type": "edit_character", "character": "c1", "state": {"door": "stabilized", "had_shock": True}})
    line = sc3["log"][-1]["text"]
    assert "Состояние Порога: — → Стабилизирован" in line["ru"] and "нет → да" in line["ru"]
    assert "Death's-door state: — → Stabilized" in line["en"]


def test_bounds_on_characters_and_the_log():
    sc = new_scene()
    for i in range(fields.MAX_CHARACTERS):
        sc = step(sc, {"type": "add_character", "character": {"name": f"N{i}", "system": "codex"}})
    _, ev = apply(sc, {"type": "add_character", "character": {"name": "Лишний", "system": "codex"}})
    assert not ev["ok"] and fields_of(ev) == ["character"]
    full = replay([{"type": "note", "text": f"{i}"} for i in range(fields.MAX_LOG)])
    _, ev = apply(full, {"type": "note", "text": "ещё"})
    assert not ev["ok"] and "полон" in ev["errors"][0]["ru"]
    assert apply(full, {"type": "undo"})[1]["ok"]
    with pytest.raises(InputError):
        replay([{"type": "note", "text": "x"}] * (fields.MAX_LOG + 1))


def _maximal_character(i, system):
    tags = [f"{j:02d}" + "т" * (fields.MAX_TAG_LEN - 2) for j in range(fields.MAX_TAGS)]
    stats = {"serial": {"stamina": 15, "health_max": 30, "absorption_bonus": 45, "armor": 6,
                        "resistance": tags, "vulnerability": tags, "immunity": tags}}.get(system, {})
    attacks = [{"name": f"{k}" + "А" * 39, "params": {"attack_dice": 30, "damage_dice": 30, "ranged": False,
                                                    "maneuver": "master", "defence": "parry"},
                "tags": tags, "nonlethal": False} for k in range(6)] if system == "serial" else []
    return {"type": "add_character", "character": {"id": f"id{i:02d}" + "x" * 18,
                                                   "name": f"{i:02d}" + "Я" * (fields.MAX_CHAR_NAME - 2),
                                                   "system": system, "stats": stats, "attacks": attacks,
                                                   "side": "opponents"}}


def test_the_largest_entries_stay_within_their_bound_and_the_scene_within_its_own(monkeypatch):
    sc = new_scene("С" * fields.MAX_SCENE_NAME)
    for i in range(fields.MAX_CHARACTERS):
        sc = step(sc, _maximal_character(i, ("serial", "lysogorsk", "codex", "wod")[i % 4]))
    ser = next(c for c in sc["characters"] if c["system"] == "serial")
    sc = step(sc, {"type": "edit_character", "character": ser["id"],
                   "state": {"door": "walking_dead", "negative": 999, "health": -500}})
    for c in sc["characters"]:
        if c["system"] == "serial":
            sc = step(sc, {"type": "set_status", "character": c["id"], "status": "burning", "values": {"count": 999}})
            sc = step(sc, {"type": "ready", "character": c["id"], "trigger": "Я" * 120})
    sc = step(sc, {"type": "next_round"})  # every character's turn passes: the most any one action changes
    sc = step(sc, {"type": "end_scene"})
    sc = step(sc, {"type": "remove_character", "character": ser["id"]})  # its whole record kept to undo
    # the biggest entries an action writes are within MAX_ENTRY_CHARS (apply refuses longer ones)
    assert max(len(state.dump(e)) for e in sc["log"]) <= engine.MAX_ENTRY_CHARS
    # the whole scene's bound: an action that would pass it is refused, and says so
    monkeypatch.setattr(fields, "MAX_SCENE_CHARS", state.size(sc) + 100)
    _, ev = apply(sc, {"type": "note", "text": "Я" * fields.MAX_NOTE})
    assert not ev["ok"] and "длиннее" in ev["errors"][0]["ru"]
    r = api.handle({"op": "scene", "cmd": "apply", "scene": state.dump(sc), "action": {"type": "note", "text": "Я" * 300},
                    "reply": "text"})
    assert not r["ok"] and "длиннее" in r["errors"][0]["ru"]
    assert apply(sc, {"type": "note", "text": "ok"})[1]["ok"]


# ---- api.handle and the command line -----------------------------------------------------------

def test_api_handle_scene_ops_never_raise():
    sc = small_scene()
    r = api.handle({"op": "scene", "cmd": "apply", "scene": state.dump(sc), "action": {"type": "next_round"}})
    assert r["ok"] and r["result"]["scene"]["round"] == 2
    assert r["result"]["event"]["text"]["ru"] == "Начинается раунд 2."
    r = api.handle({"op": "scene", "cmd": "preview", "scene": sc, "action": {"type": "drink", "character": "c2",
                                                                            "drink": "spirit_shot"}})
    assert r["ok"] and r["result"]["chance"] and r["result"]["calculator"]["id"] == "lysogorsk-drunkenness"
    r = api.handle({"op": "scene", "cmd": "replay", "log": sc})
    assert r["ok"] and r["result"]["scene"] == sc
    r = api.handle({"op": "scene", "cmd": "spec"})
    assert r["ok"] and {a["type"] for a in r["result"]["actions"]} >= {"damage", "death_door", "attack", "drink",
                                                                       "codex_stress", "wod_damage", "end_scene", "undo"}
    json.dumps(r["result"])
    for junk in ({"op": "scene"}, {"op": "scene", "cmd": "apply", "scene": "{", "action": 1},
                 {"op": "scene", "cmd": "replay", "log": "[[[["}, {"op": "scene", "cmd": "load", "scene": 5}):
        r = api.handle(junk)
        assert not r["ok"] and "internal" not in r and r["errors"]


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "rules_core", "scene", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=120)


def test_cli_apply_replay_preview_load(tmp_path):
    r = _cli("new", "Порт")
    assert r.returncode == 0
    sc = json.loads(r.stdout)
    actions = [{"type": "add_character", "character": {"name": "Маша", "system": "serial",
                                                       "state": {"health": 2, "absorption": 0}}},
               {"type": "damage", "character": "c1", "portions": [10]},
               {"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [3]}}]
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(sc, ensure_ascii=False), encoding="utf-8")
    for a in actions:
        r = _cli("apply", f"@{path}", json.dumps(a, ensure_ascii=False), "--scene-only")
        assert r.returncode == 0, r.stdout + r.stderr
        path.write_text(r.stdout, encoding="utf-8")
    final = json.loads(path.read_text(encoding="utf-8"))
    assert final["characters"][0]["view"]["status"] == "shock"
    # the log replays to the same scene: from a file, from stdin, and the scene itself
    log = tmp_path / "log.json"
    log.write_text(json.dumps(final["log"], ensure_ascii=False), encoding="utf-8")
    r = _cli("replay", f"@{log}", "--name", "Порт")
    assert r.returncode == 0 and json.loads(r.stdout) == final
    r = _cli("replay", "-", stdin=json.dumps(final, ensure_ascii=False))
    assert r.returncode == 0 and json.loads(r.stdout) == final
    r = _cli("load", f"@{path}")
    assert r.returncode == 0 and json.loads(r.stdout)["migrated_from"] is None
    r = _cli("preview", f"@{path}", '{"type": "damage", "character": "c1", "portions": [1]}')
    assert r.returncode == 0 and json.loads(r.stdout)["event"]["result"]["steps"][0]["roll_due"]


def test_cli_load_says_where_a_hand_edited_scene_disagrees_with_its_log(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(_cli("new", "Порт").stdout, encoding="utf-8")
    for a in ({"type": "add_character", "character": {"name": "Маша", "system": "serial"}},
              {"type": "damage", "character": "c1", "portions": [4]}):
        r = _cli("apply", f"@{path}", json.dumps(a, ensure_ascii=False), "--scene-only")
        assert r.returncode == 0, r.stdout + r.stderr
        path.write_text(r.stdout, encoding="utf-8")
    sc = json.loads(path.read_text(encoding="utf-8"))
    by_log = sc["characters"][0]["state"]["health"]
    sc["characters"][0]["state"]["health"] = by_log - 3  # edited by hand, not through the log
    path.write_text(json.dumps(sc, ensure_ascii=False), encoding="utf-8")
    out = json.loads(_cli("load", f"@{path}").stdout)
    assert (out["consistent"], out["state_matches_log"]) == (False, False)
    # both kept, neither picked: the scene as it was given, the log's replay beside it, the difference in words
    assert out["scene"]["characters"][0]["state"]["health"] == by_log - 3
    assert out["replayed"]["characters"][0]["state"]["health"] == by_log
    assert [d["ru"] for d in out["differences"]] == [f"Маша: Здоровье сейчас — в сцене {by_log - 3}, по журналу {by_log}"]


@pytest.mark.parametrize("args", [
    ("apply", "{", "{}"),
    ("apply", "{}", "{"),
    ("apply", "@/nonexistent/scene.json", "{}"),
    ("apply", "-", "-"),
    ("replay", "[{\"type\": \"fly\"}]"),
    ("load", '{"version": 7}'),
    ("preview", '{"format": "svod-scene"}', '{"type": "undo"}'),
])
def test_cli_errors_exit_2_without_a_traceback(args):
    r = _cli(*args, stdin="{}")
    assert r.returncode == 2, r
    assert "Traceback" not in r.stderr and json.loads(r.stdout)["errors"]
