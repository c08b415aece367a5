"""rules_core's imports, read off the syntax trees (every ``import`` and ``from … import``, a function's own
included): no import circle, and no private name (``_x``) imported from another module — ruff's PLC2701 does not
look inside one package. What was there before these checks is listed below, to be taken off as it is fixed; none
is added."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: import circles that were there before the check (the scene engine, which other work is changing now): each is the
#: set of modules of one circle, taken off (or made smaller) when it is broken
CIRCLES_ALLOWED = [
    {"rules_core.api"} | {f"rules_core.scene.{m}" for m in (
        "actions", "api", "calclink", "characters", "codex", "common", "counters", "dicebox", "engine", "fields",
        "lysogorsk", "party", "serial", "serial_fight", "state", "statuses", "system", "table", "turns", "wod",
        "words")},
]
#: (importing module, module, private name) imported before the check, in the scene engine
PRIVATE_ALLOWED = {
    ("rules_core.scene.calclink", "rules_core.scene.engine", "_apply_valid"),
    ("rules_core.scene.calclink", "rules_core.scene.engine", "_prepare"),
    ("rules_core.scene.calclink", "rules_core.scene.engine", "_working_copy"),
    ("rules_core.scene.table", "rules_core.scene.dicebox", "_list"),
}


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` below ``root`` by its dotted name (a package by its ``__init__``)."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(root).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def read_imports(root: Path, package: str) -> tuple[dict[str, set[str]], set[tuple[str, str, str]]]:
    """The modules each module of ``package`` imports (within the package), and the private names imported from
    another module: ``(importer, module, name)``."""
    mods = modules(root, package)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    private = set()
    for name, path in mods.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges[name] |= {a.name for a in node.names if a.name in mods}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[:len(here.split(".")) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target not in mods:
                    continue
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    edges[name].add(sub if sub in mods else target)
                    if a.name.startswith("_") and sub not in mods and target != name:
                        private.add((name, target, a.name))
    return edges, private


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The import circles: each set of modules that reach one another (Tarjan's strongly connected components of
    more than one module, or one that imports itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                part.add(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges.get(v, ()):
                out.append(part)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_rules_core_has_no_new_import_circle():
    found = circles(read_imports(ROOT, "rules_core")[0])
    new = [sorted(c) for c in found if not any(c <= allowed for allowed in CIRCLES_ALLOWED)]
    assert not new, f"an import circle: {new}"
    stale = [sorted(a) for a in CIRCLES_ALLOWED if a not in found]
    assert not stale, f"broken or smaller now: make CIRCLES_ALLOWED what is left: {stale}"


def test_rules_core_imports_no_private_name_from_another_module():
    found = read_imports(ROOT, "rules_core")[1]
    assert not found - PRIVATE_ALLOWED, f"a private name imported from another module: {sorted(found - PRIVATE_ALLOWED)}"
    assert not PRIVATE_ALLOWED - found, f"fixed now: take them off PRIVATE_ALLOWED: {sorted(PRIVATE_ALLOWED - found)}"


def test_the_reader_finds_a_circle_through_a_function_and_a_private_name(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .sub.c import _hidden\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "c.py").write_text("import pkg.a\n_hidden = 1\n")
    (pkg / "d.py").write_text("from .sub import c\n")
    edges, private = read_imports(tmp_path, "pkg")
    assert circles(edges) == [{"pkg.a", "pkg.b", "pkg.sub.c"}]
    assert private == {("pkg.b", "pkg.sub.c", "_hidden")}
