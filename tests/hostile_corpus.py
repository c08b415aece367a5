"""The hostile inputs kept as a corpus (``tests/data/hostile/``): ``files/`` (import files the pages are
given) and ``cli/`` (the command line's inputs), one case per file, each described in its folder's
``cases.yml``. A file is read bounded (:data:`MOST_BYTES`: a big case is a ``*.recipe.json``, a small
recipe this module makes the file from)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from rules_core.scene import engine, state

HOSTILE = Path(__file__).parent / "data" / "hostile"
#: The most bytes a kept case may have: a bigger one is kept as a recipe.
MOST_BYTES = 64 * 1024


def cases(folder: str) -> dict[str, dict]:
    """``{file name: its entry}`` of ``folder`` (files or cli); every file of it has an entry, every
    entry a file."""
    where = HOSTILE / folder
    index = yaml.safe_load((where / "cases.yml").read_text(encoding="utf-8"))
    names = {p.name for p in where.iterdir() if p.name != "cases.yml"}
    assert names == set(index), f"{folder}: files without a case {names - set(index)}, cases without a file {set(index) - names}"
    return index


def read(folder: str, name: str) -> bytes:
    """A case's bytes: the file (bounded), or what its recipe makes."""
    path = HOSTILE / folder / name
    assert path.stat().st_size <= MOST_BYTES, f"{name}: over {MOST_BYTES} bytes; keep a recipe instead"
    data = path.read_bytes()
    return make(json.loads(data)) if name.endswith(".recipe.json") else data


def _scene_text(sc: dict) -> str:
    return json.dumps(sc, ensure_ascii=False, separators=(",", ":"))


def make(recipe: dict) -> bytes:
    """The file a recipe describes: ``scene_name_padded`` (a scene of ``bytes`` bytes, its name padded),
    ``scene_log`` (a scene whose log holds ``entries`` notes), ``scene_unknown_fields`` (a scene with
    ``count`` fields it does not have), ``party_padded`` (a party of ``bytes`` bytes)."""
    kind = recipe["recipe"]
    if kind == "scene_name_padded":
        text = _scene_text(state.new_scene("x"))
        return text.replace('"name":"x"', '"name":"' + "x" * (recipe["bytes"] - len(text) + 1) + '"').encode()
    if kind == "scene_log":
        sc, ev = engine.apply(state.new_scene("Долгий бой"), {"type": "note", "text": "a"})
        assert ev["ok"], ev
        sc["log"] = [{**sc["log"][0], "n": 1 + i % 500} for i in range(recipe["entries"])]
        return _scene_text(sc).encode()
    if kind == "scene_unknown_fields":
        sc = state.new_scene("Лишнее")
        sc.update({f"extra{i}": i for i in range(recipe["count"])})
        return _scene_text(sc).encode()
    if kind == "party_padded":
        text = '{"format":"svod-party","version":1,"next_id":1,"members":[],"pad":"'
        return (text + "x" * (recipe["bytes"] - len(text) - 2) + '"}').encode()
    raise ValueError(f"unknown recipe {kind}")
