"""The golden files (``tests/golden/``): the JSON the scene page reads, made through the public API
(``rules_core.api.handle``, op ``scene``) — ``scene spec`` and the events, previews and character views of a few
fights. ``tests/test_scene_golden.py`` holds the engine to them.

One command makes them anew and says what moved, by calculator, action and field::

    .venv/bin/python -m tests.goldens           # compare only: what would change (exit 1 if anything)
    .venv/bin/python -m tests.goldens update    # rewrite the files, and print the same summary

A change to them is a change of the page's contract, made on purpose: the summary goes into the commit message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules_core import api

GOLDEN = Path(__file__).resolve().parent / "golden"


def call(**request):
    r = api.handle({"op": "scene", **request})
    assert r["ok"], r
    return r["result"]


def _views(sc):
    return {c["id"]: {"name": c["name"], "view": c["view"]} for c in sc["characters"]}


class Fight:
    """Applies actions one by one, recording what the page would read from each answer."""

    def __init__(self, name):
        self.scene = call(cmd="new", name=name)["scene"]
        self.record = []

    def do(self, action):
        out = call(cmd="apply", scene=self.scene, action=action)
        self.scene = out["scene"]
        ev = {k: v for k, v in out["event"].items() if k != "entry"}
        self.record.append({"apply": action, "event": ev, "views": _views(self.scene)})
        return out["event"]

    def preview(self, action):
        self.record.append({"preview": action, "result": call(cmd="preview", scene=self.scene, action=action)})

    def add(self, name, system, stats=None, state=None, **extra):
        return self.do({"type": "add_character", "character": {"name": name, "system": system,
                                                               "stats": stats or {}, "state": state or {}, **extra}})


def serial_fight():
    f = Fight("Подворотня")
    f.add("Маша", "serial", {"stamina": 2})
    f.add("Олег", "serial", {"stamina": 7, "absorption_bonus": 1})
    f.add("Вампир", "serial", {"stamina": 4, "armor": 1, "resistance": ["Огнестрельный"]})
    shot = {"type": "attack", "attacker": "c1", "target": "c3", "tags": ["огнестрельный"],
            "params": {"attack_dice": 7, "damage_dice": 6}}
    f.preview(shot)
    f.do({**shot, "dice": {"attack": [6, 7, 8, 9, 2, 3, 4], "damage": [1, 3, 6, 7, 7, 10]}})
    f.do({"type": "attack", "attacker": "c3", "target": "c1", "params": {"ranged": False, "attack_dice": 6,
                                                                         "damage_dice": 5},
          "dice": {"attack": [10, 9, 8, 5, 4, 3], "damage": [6, 6, 6, 6, 2]}})
    f.do({"type": "next_round"})
    f.do({"type": "damage", "character": "c1", "portions": [10]})
    f.preview({"type": "death_door", "character": "c1"})
    f.do({"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [3]}})
    f.do({"type": "damage", "character": "c3", "portions": [12]})
    f.do({"type": "death_door", "character": "c3", "dice": {"d6": [2]}})
    f.preview({"type": "damage", "character": "c2", "portions": [3, 4]})
    f.do({"type": "burning", "character": "c2", "turn": 2})
    f.do({"type": "gain_absorption", "character": "c2", "amount": 2})
    f.do({"type": "edit_character", "character": "c2", "state": {"health": 3}})
    f.do({"type": "note", "text": "Олег ругается."})
    f.do({"type": "end_scene"})
    return f.record


def other_systems_fight():
    f = Fight("Трактир")
    f.add("Фома", "lysogorsk", {"stamina": 1, "fortitude": 0})
    f.add("Ада", "codex", {"tough": 1, "armor": "1"})
    f.add("Анатоль", "wod", {"stamina": 4, "fortitude": 1, "kind": "supernatural"})
    f.preview({"type": "drink", "character": "c1", "drink": "spirit_shot"})
    f.do({"type": "drink", "character": "c1", "drink": "vodka_shot", "dice": {"checks": [[1, 1]]}})
    f.do({"type": "lys_damage", "character": "c1", "hits": 6})
    f.preview({"type": "lys_stress", "character": "c1", "situation": "superior", "supernatural": True,
               "confidence": 2, "willpower": 1})
    f.do({"type": "lys_stress", "character": "c1", "situation": "superior", "confidence": 2, "willpower": 1,
          "dice": {"check": [3, 3]}})
    f.do({"type": "codex_damage", "character": "c2", "hits": [2, 5, 9]})
    f.do({"type": "codex_stress", "character": "c2", "amount": 3})
    f.preview({"type": "codex_counter", "character": "c2", "ed6": 2, "their_lv": 1})
    f.do({"type": "codex_counter", "character": "c2", "ed6": 2, "their_lv": 1, "dice": {"counter": [6, 3]}})
    f.preview({"type": "wod_damage", "character": "c3", "successes": 3, "damage_type": "lethal"})
    f.do({"type": "wod_damage", "character": "c3", "successes": 3, "damage_type": "lethal",
          "dice": {"soak": [8, 5, 2, 7, 5]}})
    f.do({"type": "next_round"})
    f.do({"type": "end_scene"})
    return f.record


CASES = {
    "scene_spec": lambda: call(cmd="spec"),
    "fight_serial": serial_fight,
    "fight_other_systems": other_systems_fight,
}


def made(name: str):
    """What the engine answers today for the golden file ``name`` (as JSON would give it back)."""
    return json.loads(json.dumps(CASES[name](), ensure_ascii=False))


def stored(name: str):
    """The golden file ``name`` as committed (None if there is none)."""
    path = GOLDEN / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def write(name: str, value) -> None:
    (GOLDEN / f"{name}.json").write_text(json.dumps(value, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def differences(old, new, path: str = "") -> list[tuple[str, object, object]]:
    """Every leaf where ``old`` and ``new`` differ: ``(path, old, new)``; a key or item only on one side is a leaf
    whose other side is ``None``."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for k in list(old) + [k for k in new if k not in old]:
            out += differences(old.get(k), new.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(old, list) and isinstance(new, list):
        out = []
        for n in range(max(len(old), len(new))):
            out += differences(old[n] if n < len(old) else None, new[n] if n < len(new) else None, f"{path}[{n}]")
        return out
    return [] if old == new else [(path, old, new)]


def _calculators(value) -> set[str]:
    """The calculators a piece of a golden file names (``{"calculator": {"id": …}}`` or ``"calculator": id``)."""
    found: set[str] = set()
    if isinstance(value, dict):
        calc = value.get("calculator")
        if isinstance(calc, dict) and isinstance(calc.get("id"), str):
            found.add(calc["id"])
        elif isinstance(calc, str):
            found.add(calc)
        for v in value.values():
            found |= _calculators(v)
    elif isinstance(value, list):
        for v in value:
            found |= _calculators(v)
    return found


def _where(name: str, doc, path: str) -> str:
    """Which part of a golden file a path is in, in words: a fight's step (its action and the calculators it ran),
    or the spec's system, action or field."""
    head = path.split(".")[0]
    if isinstance(doc, list) and head.startswith("["):
        step = doc[int(head[1:head.index("]")])]
        action = step.get("apply") or step.get("preview") or {}
        calcs = sorted(_calculators(step))
        return (f"{name} step {head[1:head.index(']')]} ({'preview' if 'preview' in step else 'apply'} "
                f"{action.get('type')}{': ' + ', '.join(calcs) if calcs else ''})")
    return f"{name} " + ".".join(_named(doc, path.replace("[", ".[").lstrip(".").split("."))[:3])


def _named(doc, parts: list[str]) -> list[str]:
    """A path's parts with each list index given its item's ``name`` or ``id`` where it has one
    (``readings[1]`` → ``readings[armor_break]``)."""
    out, at = [], doc
    for part in parts:
        if part.startswith("[") and isinstance(at, list):
            n = int(part[1:-1])
            at = at[n] if n < len(at) else None
            key = at.get("name", at.get("id")) if isinstance(at, dict) else None
            out[-1:] = [(out[-1] if out else "") + (f"[{key}]" if isinstance(key, str) else part)]
        else:
            at = at.get(part) if isinstance(at, dict) else None
            out.append(part)
    return out


def summary(name: str, old, new, limit: int = 12) -> list[str]:
    """The summary of what moved in one golden file: per part (calculator, step, system), how many values and the
    first few with their old and new value."""
    if old is None:
        return [f"{name}: new file"]
    diffs = differences(old, new)
    if not diffs:
        return []
    doc = new if new is not None else old
    groups: dict[str, list] = {}
    for path, a, b in diffs:
        groups.setdefault(_where(name, doc, path), []).append((path, a, b))
    lines = [f"{name}: {len(diffs)} value(s) changed"]
    for where, items in groups.items():
        lines.append(f"  {where}: {len(items)}")
        for path, a, b in items[:limit]:
            shown = ".".join(_named(doc, path.replace("[", ".[").lstrip(".").split(".")))
            lines.append(f"    {shown}: {_short(a, b)} -> {_short(b, a)}")
        if len(items) > limit:
            lines.append(f"    … {len(items) - limit} more")
    return lines


def _short(value, other=None, width: int = 70) -> str:
    """``value`` as JSON, cut to ``width`` around where it first differs from ``other``."""
    text = json.dumps(value, ensure_ascii=False)
    if len(text) <= width:
        return text
    theirs = json.dumps(other, ensure_ascii=False)
    start = next((n for n, (x, y) in enumerate(zip(text, theirs)) if x != y), min(len(text), len(theirs)))
    start = max(0, start - width // 3)
    return ("…" if start else "") + text[start:start + width - 2] + "…"


def main(argv: list[str]) -> int:
    """``update``: rewrite every golden file; without it, only report. Prints the summary either way."""
    update = argv[:1] == ["update"]
    if argv and not update:
        print(__doc__)
        return 2
    moved = False
    for name in sorted(CASES):
        new, old = made(name), stored(name)
        lines = summary(name, old, new)
        moved = moved or bool(lines)
        print("\n".join(lines) if lines else f"{name}: unchanged")
        if update and lines:
            write(name, new)
    if moved and not update:
        print("run `.venv/bin/python -m tests.goldens update` if the change is meant")
    return 1 if moved and not update else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
