"""Hostile input to the scene engine: names with direction overrides or invisible characters are refused
(and so two names that only they would tell apart), a lone surrogate never reaches a traceback on the
command line (exit 2, a clear message), and a text nested too deep or holding a number too long gets its
own words — the same through ``api.handle_json`` (what the page's worker calls) as on the command line."""

import json
import os
import subprocess
import sys

import pytest

from rules_core import api
from rules_core.scene import apply, state
from rules_core.scene.state import new_scene
from scripts.sources import ROOT
from tests.hostile_corpus import cases, read


def add(sc, name, system="serial"):
    return apply(sc, {"type": "add_character", "character": {"name": name, "system": system}})


@pytest.mark.parametrize("bad", ["\u202eИван", "Ив\u200bан", "Иван\u2066", "\ufeffИван", "Ив\u00adан", "Иван\u200f",
                                 "Ив\u2060ан", "\ud800Иван"])
def test_names_with_invisible_or_direction_characters_are_refused(bad):
    _, ev = add(new_scene(), bad)
    assert not ev["ok"] and ev["errors"][0]["field"] == "character.name"
    assert "U+" in ev["errors"][0]["ru"] and "невидимый символ или знак направления" in ev["errors"][0]["ru"]
    # not in a note, a tag, a scene's name, a hand edit either
    sc, _ = add(new_scene(), "Иван")
    for action in ({"type": "note", "text": bad}, {"type": "edit_character", "character": "c1", "name": bad},
                   {"type": "damage", "character": "c1", "portions": [1], "tags": [bad]}):
        _, ev = apply(sc, action)
        assert not ev["ok"], action
    r = api.handle({"op": "scene", "cmd": "new", "name": bad})
    assert not r["ok"]


def test_two_names_the_reader_cannot_tell_apart_are_refused():
    sc, ev = add(new_scene(), "Иван")
    for twin in ("Иван", "иван", " Иван ", "Иван\u200b", "ИВАН"):
        _, ev = add(sc, twin)
        assert not ev["ok"], twin
    sc, _ = add(sc, "Ivan")
    _, ev = add(sc, "Ｉｖａｎ")  # full-width letters: the same name to the eye
    assert not ev["ok"]
    sc, ev = add(sc, "Ёж")
    _, ev = add(sc, "Еж")  # «ё» and «е» read alike
    assert not ev["ok"] and "уже есть «Ёж»" in ev["errors"][0]["ru"]
    sc, _ = add(sc, "Пётр")
    _, ev = apply(sc, {"type": "edit_character", "character": sc["characters"][-1]["id"], "name": "иван"})
    assert not ev["ok"]


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "rules_core", "scene", *args], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=120, env={"PYTHONIOENCODING": "utf-8", "PATH": ""})


def test_a_lone_surrogate_gives_a_message_and_exit_2_never_a_traceback(tmp_path):
    sc = tmp_path / "scene.json"
    sc.write_text(state.dump(new_scene()), encoding="utf-8")
    action = '{"type": "add_character", "character": {"name": "\\ud800", "system": "serial"}}'
    r = _cli("apply", f"@{sc}", action)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    err = json.loads(r.stdout)["errors"][0]
    assert err["field"] == "character.name" and "U+D800" in err["ru"]
    # a name from the command line itself (not valid UTF-8 text there either)
    r = _cli("new", "\udcff")
    assert r.returncode == 2 and "Traceback" not in r.stderr and json.loads(r.stdout)["errors"]


@pytest.mark.parametrize("text, words", [
    ("[" * 5000 + "]" * 5000, "Вложено слишком глубоко"),
    ('{"version": ' + "9" * 5000 + "}", "Число длиннее"),
])
def test_deep_nesting_and_long_numbers_have_their_own_words_in_the_page_and_on_the_command_line(tmp_path, text, words):
    # the page sends the scene as text inside its request (the worker calls api.handle_json)
    page = json.loads(api.handle_json(json.dumps({"op": "scene", "cmd": "load", "scene": text})))
    assert not page["ok"] and "internal" not in page
    assert words.lower() in page["errors"][0]["ru"].lower() and "Внутренняя ошибка" not in page["errors"][0]["ru"]
    path = tmp_path / "scene.json"
    path.write_text(text, encoding="utf-8")
    r = _cli("load", f"@{path}")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert json.loads(r.stdout)["errors"][0]["ru"] == page["errors"][0]["ru"]  # the same words
    # an action or a log given on the command line: read by the same rule
    r = _cli("apply", f"@{path}", text)
    assert r.returncode == 2 and words.lower() in json.loads(r.stdout)["errors"][0]["ru"].lower()
    # a whole request nested too deep, or with a long number, straight to handle_json
    whole = json.loads(api.handle_json('{"op": "scene", "cmd": "load", "scene": ' + text + "}"))
    assert not whole["ok"] and words.lower() in whole["errors"][0]["ru"].lower()


# ---- the corpus of hostile command-line inputs (tests/data/hostile/cli/) ------------------------------

CLI_CASES = cases("cli")


@pytest.mark.parametrize("name", sorted(CLI_CASES))
def test_every_hostile_command_line_input_of_the_corpus_is_told_what_is_true(tmp_path, name):
    case = CLI_CASES[name]
    data = read("cli", name)
    args, stdin = [], None
    for a in case["args"]:
        if a == "{file}":
            path = tmp_path / name
            path.write_bytes(data)
            a = f"@{path}"
        elif a == "{bytes}":
            a = os.fsdecode(data)  # the bytes as the system gives them to a program
        args.append(a)
    if case["input"] == "stdin":
        stdin = data
    # UTF-8 mode, as on most systems: the standard streams and the arguments carry bytes that are not
    # UTF-8 as lone surrogates (U+DC80–DCFF), which is how «невидимый символ (U+DCED)» came about
    r = subprocess.run([sys.executable, "-m", "rules_core", *args], capture_output=True, input=stdin, cwd=ROOT,
                       timeout=120, env={"PYTHONUTF8": "1", "PATH": ""})
    out = r.stdout.decode("utf-8")
    assert r.returncode == case["exit"] and b"Traceback" not in r.stderr, (out, r.stderr)
    assert case["says"] in out, out
