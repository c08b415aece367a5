"""Build the whole site into ``site/``: ``python -m scripts.build_site [STEP ...] [--site-dir DIR]``.

Steps run in order; each is a module in ``scripts/`` with ``run(root: Path) -> None``.
A step module that does not exist yet is skipped with a notice. ``--site-dir`` builds into
another folder (the steps that write the site read it from ``SVOD_SITE_DIR``), e.g. a second
build for another address (``SVOD_SITE_URL``) beside the first.
"""

from __future__ import annotations

import argparse
import importlib
import os
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


def site_dir(root: Path) -> Path:
    """Where the site is built: ``SVOD_SITE_DIR`` (relative to the repository) or ``site/``."""
    return root / os.environ.get("SVOD_SITE_DIR", "site")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="scripts/build")
    ap.add_argument("steps", nargs="*", help="only these steps (by their module name)")
    ap.add_argument("--site-dir", help="build into this folder instead of site/")
    a = ap.parse_args(argv)
    if a.site_dir:
        os.environ["SVOD_SITE_DIR"] = str(Path(a.site_dir).resolve())
    only = set(a.steps)
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
