"""The page's own modules run in Node, as the page runs them, and their readings checked against
the engine's."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Callable

import pytest

from rules_core import api
from rules_core.spec import InputError

ROOT = Path(__file__).resolve().parent.parent


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
