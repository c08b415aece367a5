"""The code keeps DEVELOPERS.md's conventions: ruff (pinned; its rules in pyproject.toml) finds
nothing, and three rules ruff has no check for are read off the syntax trees here: no module is
imported under an alias of one or two letters (an alias is a word; hypothesis's ``strategies as st`` is its
documented name), every rules_core module that defines a public name lists its
public names in ``__all__``, and no test module imports another (what tests share lives in a helper
module beside them)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ["rules_core", "scripts", "svod_site", "tests"]

#: Modules written before the rule was checked, left to the work that is changing them now (the
#: scene engine's modules, including those written while the rule was being made — their ``RD``, ``ST``, ``TU``,
#: ``SS``, ``CN`` —, and a browser test): a file is taken off this list when it keeps the rule, and none is added.
SHORT_ALIASES_ALLOWED = {
    "rules_core/scene/actions.py", "rules_core/scene/api.py", "rules_core/scene/calclink.py",
    "rules_core/scene/characters.py", "rules_core/scene/cli.py", "rules_core/scene/codex.py",
    "rules_core/scene/engine.py", "rules_core/scene/lysogorsk.py", "rules_core/scene/serial.py",
    "rules_core/scene/state.py", "rules_core/scene/wod.py", "rules_core/scene/common.py",
    "rules_core/scene/counters.py", "rules_core/scene/serial_fight.py", "rules_core/scene/statuses.py",
    "rules_core/scene/system.py", "rules_core/scene/turns.py", "rules_core/scene/party.py",
    "rules_core/scene/table.py", "tests/browser/test_perf.py",
}
#: the one short alias that is a library's documented name
SHORT_ALIASES_KEPT = {("hypothesis", "strategies", "st")}
ALL_MISSING_ALLOWED = {f"rules_core/scene/{m}.py" for m in (
    "actions", "api", "characters", "cli", "codex", "common", "dicebox", "engine", "fields", "lysogorsk",
    "readings", "serial", "state", "wod")}


def python_files(*tops: str) -> list[Path]:
    return sorted(p for top in tops for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_ruff_finds_nothing():
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_files_allowed_long_lines_still_have_them():
    # pyproject.toml's per-file E501 ignores list files written before the rule; one whose lines fit leaves the list
    import tomllib

    ignores = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]
    listed = [f for f, rules in ignores.get("per-file-ignores", {}).items() if "E501" in rules]
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select", "E501",
                        "--line-length", "140", "--output-format", "concise", *listed],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    long = {line.split(":", 1)[0] for line in r.stdout.splitlines() if ":" in line}
    assert not set(listed) - long, f"their lines fit now: take them off per-file-ignores: {set(listed) - long}"


def short_aliases(tree: ast.AST) -> list[str]:
    """The imports under an alias of one or two letters."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                if (getattr(node, "module", None), a.name, a.asname) in SHORT_ALIASES_KEPT:
                    continue
                if a.asname and len(a.asname) <= 2:
                    where = "." * getattr(node, "level", 0) + (getattr(node, "module", None) or "")
                    out.append(f"{node.lineno}: {where} {a.name} as {a.asname}")
    return out


def test_no_module_is_imported_under_a_short_alias():
    found = {}
    for path in python_files(*CODE):
        hits = short_aliases(ast.parse(path.read_text(encoding="utf-8")))
        if hits and rel(path) not in SHORT_ALIASES_ALLOWED:
            found[rel(path)] = hits
    assert not found, found
    # the list only shrinks: a file on it that keeps the rule now is taken off it
    kept = [f for f in SHORT_ALIASES_ALLOWED
            if (ROOT / f).exists() and not short_aliases(ast.parse((ROOT / f).read_text(encoding="utf-8")))]
    assert not kept, f"keep the rule now, take them off SHORT_ALIASES_ALLOWED: {kept}"


def public_definitions(tree: ast.Module) -> list[str]:
    """The functions and classes a module defines at its top level, by public names."""
    return [n.name for n in tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not n.name.startswith("_")]


def declared_all(tree: ast.Module) -> list[str] | None:
    for n in tree.body:
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return list(ast.literal_eval(n.value))
    return None


def test_every_rules_core_module_lists_its_public_names():
    problems = {}
    for path in python_files("rules_core"):
        if rel(path) in ALL_MISSING_ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        public = public_definitions(tree)
        listed = declared_all(tree)
        if listed is None:
            if public:
                problems[rel(path)] = "no __all__"
        elif missing := [n for n in public if n not in listed]:
            problems[rel(path)] = f"not in __all__: {missing}"
    assert not problems, problems


def is_test_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1].startswith("test_")


def imports_of_test_modules(tree: ast.AST) -> list[str]:
    """The imports of a test module (``test_*``) in a module, at any depth: ``import tests.test_x``,
    ``from .test_x import …``, ``from tests.browser.test_x import …``, ``from . import test_x``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [f"{node.lineno}: import {a.name}" for a in node.names if is_test_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            where = "." * node.level + (node.module or "")
            if node.module and is_test_module(node.module):
                out.append(f"{node.lineno}: from {where} import …")
            else:
                out += [f"{node.lineno}: from {where} import {a.name}" for a in node.names if is_test_module(a.name)]
    return out


def test_no_test_module_imports_another():
    # every form is seen (and a helper module's import is not taken for one)
    seen = imports_of_test_modules(ast.parse("""
import tests.test_codex
from .test_scene import open_page
from tests.browser.test_calc import CALCS
from . import test_offline, waits
def inner():
    from tests.test_budgets import WHEEL_BUDGET
from .scene_page import open_page
from tests.d10_oracle import F
"""))
    assert [s.split(":")[0] for s in seen] == ["2", "3", "4", "5", "7"], seen
    found = {}
    for path in python_files("tests"):
        if hits := imports_of_test_modules(ast.parse(path.read_text(encoding="utf-8"))):
            found[rel(path)] = hits
    assert not found, f"move what they take into a helper module (DEVELOPERS.md, Tests): {found}"


def fixed_waits(tree: ast.AST) -> list[str]:
    """Calls that wait a fixed time: ``time.sleep``, ``sleep`` (however imported), Playwright's
    ``wait_for_timeout``, asyncio's ``sleep``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in ("sleep", "wait_for_timeout"):
                out.append(f"{node.lineno}: {ast.unparse(f)}(…)")
        elif isinstance(node, ast.ImportFrom) and any(a.name == "sleep" for a in node.names):
            out.append(f"{node.lineno}: from {node.module} import sleep")
    return sorted(out, key=lambda s: int(s.split(":")[0]))


def test_no_browser_test_waits_a_fixed_time():
    # every form is seen
    seen = fixed_waits(ast.parse("""
import time
time.sleep(0.3)
page.wait_for_timeout(300)
from time import sleep as nap
await asyncio.sleep(1)
lambda r: (time.sleep(d), r.fulfill())
page.wait_for_function("x", timeout=300)
"""))
    assert [s.split(":")[0] for s in seen] == ["3", "4", "5", "6", "7"], seen
    found = {rel(p): hits for p in python_files("tests/browser") if (hits := fixed_waits(ast.parse(p.read_text(encoding="utf-8"))))}
    assert not found, f"wait on the page's own states instead (tests/browser/waits.py): {found}"
