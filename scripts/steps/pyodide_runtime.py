"""Build step: the self-hosted Pyodide runtime, from the pinned npm package → build/assets/pyodide/.

Only the files needed to boot Python and install a standard-library-only wheel are copied
(no lock file of the npm package: ours, with rules_core alone, is in build/assets/py/ and
is made by ``scripts.steps.wheel``). ``files.json`` lists them with their sizes, for the
worker's download progress. The version must be the one pinned in package.json.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from scripts.steps import ASSETS

FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
OUT = ASSETS / "pyodide"


def pinned_version(root: Path) -> str:
    pkg = json.loads((root / "package.json").read_text(encoding="utf-8"))
    return pkg["devDependencies"]["pyodide"]


def run(root: Path) -> None:
    src = root / "node_modules" / "pyodide"
    if not (src / "package.json").exists():
        raise SystemExit("pyodide_runtime: node_modules/pyodide is missing: run scripts/setup")
    installed = json.loads((src / "package.json").read_text(encoding="utf-8"))["version"]
    pinned = pinned_version(root)
    if installed != pinned:
        raise SystemExit(f"pyodide_runtime: node_modules has pyodide {installed}, package.json pins {pinned}:"
                         " run scripts/setup")
    out = root / OUT
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if old.name not in FILES and old.name != "files.json":
            old.unlink()
    sizes = {}
    for name in FILES:
        s, d = src / name, out / name
        if not d.exists() or d.stat().st_size != s.stat().st_size or d.stat().st_mtime < s.stat().st_mtime:
            shutil.copy2(s, d)
        sizes[name] = d.stat().st_size
    (out / "files.json").write_text(json.dumps({"version": installed, "files": sizes}, indent=1) + "\n",
                                    encoding="utf-8")


if __name__ == "__main__":
    run(Path(__file__).resolve().parents[2])
