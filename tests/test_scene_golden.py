"""The JSON the scene page reads, pinned: ``scene spec`` and the events, previews and character views of a
few fights (``tests/goldens.py`` makes them through the public API).

The files in ``tests/golden/`` are what the engine answered; a change to any of them is a change of the
page's contract and is made on purpose: ``.venv/bin/python -m tests.goldens update`` rewrites them and prints
what moved, by calculator, action and field (``SVOD_UPDATE_GOLDEN=1`` on this test does the same rewrite); the
summary goes into the same commit as the change that moved them.
"""

import os

import pytest

from tests.goldens import CASES, made, stored, summary, write

UPDATE = os.environ.get("SVOD_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_json_the_page_reads_is_pinned(name):
    got = made(name)
    if UPDATE:
        write(name, got)
    want = stored(name)
    assert want is not None, f"no {name}.json: make it with `python -m tests.goldens update`"
    assert got == want, "\n".join([f"{name}.json moved: rerun `python -m tests.goldens update` if the change is meant",
                                   *summary(name, want, got)])


def test_a_moved_golden_is_told_by_its_calculator_step_and_field():
    # what `python -m tests.goldens` prints: a fight's step by its action and calculator, a spec's list item by name
    fight = stored("fight_serial")
    step = next(n for n, s in enumerate(fight) if "event" in s and s["apply"]["type"] == "attack")
    moved = [dict(s) for s in fight]
    moved[step] = {**fight[step], "event": {**fight[step]["event"], "text": {"ru": "новое", "en": "new"}}}
    lines = summary("fight_serial", fight, moved)
    assert lines[0] == "fight_serial: 2 value(s) changed"
    assert lines[1] == f"  fight_serial step {step} (apply attack: serial-attack): 2"
    assert lines[2].startswith(f"    [{step}].event.text.ru: ") and lines[2].endswith(' -> "новое"')
    spec = stored("scene_spec")
    readings = [{**r, "default": "x"} if r["name"] == "armor_break" else r for r in spec["systems"]["wod"]["readings"]]
    changed = {**spec, "systems": {**spec["systems"], "wod": {**spec["systems"]["wod"], "readings": readings}}}
    assert summary("scene_spec", spec, changed)[1:] == [
        "  scene_spec systems.wod.readings[armor_break]: 1",
        '    systems.wod.readings[armor_break].default: "at_least_double" -> "x"']
    assert summary("scene_spec", spec, spec) == []
