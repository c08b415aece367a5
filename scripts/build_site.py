"""Build the whole site into ``site/``: ``python -m scripts.build_site``.

Steps run in order; each is a module in ``scripts/`` with ``run(root: Path) -> None``.
A step module that does not exist yet is skipped with a notice.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STEPS = [
    "scripts.gen_calc_pages",  # «Калькуляторы» pages from rules_core.api → docs/calculators/
    "scripts.build_wheel",     # rules_core wheel → docs/assets/py/
    "scripts.copy_pyodide",    # Pyodide runtime from node_modules → docs/assets/pyodide/
    "scripts.snapshot",        # Pyodide memory snapshot with rules_core imported → docs/assets/py/snapshot/
    "scripts.mkdocs_build",    # mkdocs build --strict → site/
    "scripts.service_worker",  # precache list and versioned service worker → site/
]


def main(argv: list[str]) -> int:
    only = set(argv)
    for name in STEPS:
        short = name.rsplit(".", 1)[1]
        if only and short not in only:
            continue
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                print(f"build: {short}: not there yet, skipped")
                continue
            raise
        t = time.perf_counter()
        mod.run(ROOT)
        print(f"build: {short}: {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
