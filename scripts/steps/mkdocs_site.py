"""Build step: ``mkdocs build --strict`` into site/ (or ``SVOD_SITE_DIR``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scripts.steps import site_dir


def run(root: Path) -> None:
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                    "--site-dir", str(site_dir(root))], cwd=root, check=True)
