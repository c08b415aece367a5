"""The corpus of hostile stored records (tests/data/hostile/stored/, one JSON file a case, its README
says the format), read bounded: every file of it, each at most MAX_FILE_BYTES, at most MAX_FILES; a
case's ``"@scene"`` / ``"@party"`` text made by the engine. Read by the check's test in Node
(tests/test_scene_page.py) and by the pages' (tests/browser/test_scene_records.py)."""

from __future__ import annotations

import json
from pathlib import Path

from rules_core.scene import party as scene_party, state as scene_state

CORPUS = Path(__file__).resolve().parent / "data" / "hostile" / "stored"
MAX_FILE_BYTES = 64 * 1024
MAX_FILES = 200
#: What JSON cannot hold, written as these strings in a case (a top-level field's value).
SPECIAL = ("Infinity", "-Infinity", "NaN", "2**53")
KINDS = ("scene", "party")


def cases() -> list[tuple[str, dict]]:
    """Every case of the corpus → [(its file's stem, the case)], the record's texts filled in."""
    files = sorted(CORPUS.glob("*.json"))
    assert 0 < len(files) <= MAX_FILES, len(files)
    out = []
    for f in files:
        with f.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
        assert len(data) <= MAX_FILE_BYTES, f"{f.name}: more than {MAX_FILE_BYTES} bytes"
        case = json.loads(data.decode("utf-8"))
        assert isinstance(case.get("why"), str) and case["why"].strip(), f"{f.name}: no why"
        assert case.get("kind") in KINDS and isinstance(case.get("faults"), list), f.name
        assert isinstance(case.get("repairable"), bool), f.name
        rec = case["record"]
        if isinstance(rec, dict) and rec.get("text") == "@scene":
            rec["text"] = scene_state.dump(scene_state.new_scene("Враждебная"))
        elif isinstance(rec, dict) and rec.get("text") == "@party":
            rec["text"] = scene_party.dump(scene_party.new_party())
        out.append((f.stem, case))
    return out
