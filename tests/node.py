"""The page's own modules run in Node, as the page runs them, and their readings checked against
the engine's."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Callable

import pytest

from rules_core import api
from rules_core.spec import InputError

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SEARCH_RUNNER = ROOT / "tests" / "js" / "run_search_worker.cjs"


def node_eval(code: str, stdin: str = "") -> str:
    """Run ``code`` as an ES module in the repository (``./calculators/…`` imports resolve) and
    give back what it printed."""
    node = shutil.which("node")
    if not node:
        pytest.fail("Node.js is needed (scripts/setup installs it)")
    r = subprocess.run([node, "--input-type=module", "-e", code], cwd=ROOT, input=stdin, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def assert_reads_as_the_engine(cases: list[dict], out: list[dict], key: str, where: Callable[[dict], str]) -> None:
    """The page's reading of each case (``out``: ``{key: value, "errors": [...]}``) against the
    spec's: a value the spec takes (``want`` None) comes without an error, and the engine takes
    what the page read; a bad one is refused at its field(s) (``want``), in both languages. More
    than 500 of the cases are bad ones."""
    assert len(out) == len(cases) > 1000
    refused = 0
    for case, got in zip(cases, out):
        at = where(case)
        fields = [e["field"] for e in got["errors"]]
        assert all(e["ru"] and e["en"] for e in got["errors"]), at
        if case["want"] is None:
            assert not fields, (at, got["errors"])
            param = next(q for q in api.get(case["calc"]).params if q.name == case["p"]["name"])
            try:
                param.validate(got[key])
            except InputError as e:
                pytest.fail(f"{at}: the page takes {got[key]!r}, the engine refuses it: {e.errors}")
        else:
            want = case["want"] if isinstance(case["want"], list) else [case["want"]]
            assert set(want) <= set(fields), (at, fields)
            refused += 1
    assert refused > 500


def run_search_worker(queries: list, tmp_path: Path, raw: bool = False, lang: str = "ru") -> dict:
    """Run the built site's search worker (the Свод wrapper around Material's, or Material's own
    with ``raw``) in Node on ``queries`` (strings, or [query, page searched from]) against the
    ``lang`` index: tests/js/run_search_worker.cjs says what it gives back."""
    if not (SITE / "search" / "search_index.json").is_file():
        pytest.fail("site/ is not built: run scripts/build (scripts/test does it)")
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (scripts/setup installs it)")
    qfile = tmp_path / "queries.json"
    qfile.write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
    args = [node, str(SEARCH_RUNNER), str(SITE), str(qfile)] + (["raw"] if raw else [])
    env = {**os.environ, "SVOD_SEARCH_LANG": lang}
    out = subprocess.run(args, capture_output=True, text=True, timeout=300, check=True, env=env)
    return json.loads(out.stdout)


def some_value(p: dict, rnd: random.Random):
    """A value of a field described by its spec JSON (in bounds, of any kind the forms draw)."""
    kind = p["kind"]
    if kind == "int":
        return rnd.randint(p.get("min", -5) if p.get("min") is not None else -5, p.get("max", 50) if p.get("max") is not None else 50)
    if kind == "bool":
        return rnd.random() < 0.5
    if kind == "choice":
        return rnd.choice(p["options"])["value"]
    if kind == "int_list":
        return [some_value({**p, "kind": "int"}, rnd) for _ in range(rnd.randint(p["min_len"], min(p["max_len"], 4)))]
    if kind == "record_list":
        n = rnd.randint(p["min_len"], min(p["max_len"] or 3, 3))
        return [{f["name"]: some_value(f, rnd) for f in p["fields"] if rnd.random() < 0.7} for _ in range(n)]
    raise AssertionError(kind)
