"""The hostile inputs kept as a corpus (tests/data/hostile/): one JSON file per case, each with its
``why``, read by the tests that drive the page with it. ``links/``: calculator links
(``calc``, ``query`` or ``repeat`` [pattern with ``{i}``, times], ``expect``); ``kept/``: values
planted in localStorage (``calc``, ``store`` {values|aside|rolls: JSON, or …_text: raw text},
``full``: the keys whose writes fail as a full storage's do, ``expect``). A new file is a new case;
each is read at most MAX_BYTES long, and at most MAX_CASES of a kind."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent / "data" / "hostile"
MAX_BYTES = 256 * 1024
MAX_CASES = 200


def cases(kind: str) -> list[tuple[str, dict]]:
    """The cases of ``kind`` ("links", "kept"), by file name: (name, case)."""
    files = sorted((ROOT / kind).glob("*.json"))
    assert files, f"no case in {ROOT / kind}"
    assert len(files) <= MAX_CASES, f"{len(files)} cases in {kind}: more than {MAX_CASES}"
    out = []
    for f in files:
        with f.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
        assert len(data) <= MAX_BYTES, f"{f.name}: larger than {MAX_BYTES} bytes"
        case = json.loads(data.decode("utf-8"))
        assert isinstance(case.get("why"), str) and case["why"].strip(), f"{f.name}: no «why»"
        assert isinstance(case.get("calc"), str) and isinstance(case.get("expect"), dict), f"{f.name}: calc and expect"
        out.append((f.stem, case))
    return out


def link_query(case: dict) -> str:
    """The query of a link case (its ``query``, and ``repeat``'s parameters after it)."""
    parts = [case["query"]] if case.get("query") else []
    if case.get("repeat"):
        pattern, times = case["repeat"]
        parts += [pattern.replace("{i}", str(i)) for i in range(times)]
    return "&".join(parts)


def storage_keys(calc: str, base: str = "/svod/") -> dict[str, str]:
    """The localStorage keys of a calculator's memory (calc.mjs), by the names the cases use."""
    return {"values": f"svod.calc.v1.{calc}@{base}", "aside": f"svod.calc.v1.{calc}.aside@{base}",
            "rolls": f"svod.rolls.v1.{calc}@{base}"}


def planted(case: dict, base: str = "/svod/") -> dict[str, str]:
    """What a kept case puts into localStorage: key → text."""
    keys = storage_keys(case["calc"], base)
    out = {}
    for name, v in case.get("store", {}).items():
        if name.endswith("_text"):
            out[keys[name[: -len("_text")]]] = v
        else:
            out[keys[name]] = json.dumps(v, ensure_ascii=False)
    return out
