"""Build the whole site into ``site/``: ``python -m scripts.steps [STEP ...] [--site-dir DIR]``.

The steps of :data:`scripts.steps.STEPS` run in order (or only the named ones). ``--site-dir``
builds into another folder (the steps that write the site read it from ``SVOD_SITE_DIR``), e.g.
a second build for another address (``SVOD_SITE_URL``) beside the first.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from pathlib import Path

from scripts.steps import STEPS

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="scripts/build")
    ap.add_argument("steps", nargs="*", metavar="STEP", help=f"only these steps, of: {', '.join(STEPS)}")
    ap.add_argument("--site-dir", help="build into this folder instead of site/")
    a = ap.parse_args(argv)
    unknown = sorted(set(a.steps) - set(STEPS))
    if unknown:
        ap.error(f"no such step: {', '.join(unknown)} (steps: {', '.join(STEPS)})")
    if a.site_dir:
        os.environ["SVOD_SITE_DIR"] = str(Path(a.site_dir).resolve())
    for name in STEPS:
        if a.steps and name not in a.steps:
            continue
        mod = importlib.import_module(f"scripts.steps.{name}")
        t = time.perf_counter()
        mod.run(ROOT)
        print(f"build: {name}: {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
