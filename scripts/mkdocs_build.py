"""Build step: ``mkdocs build --strict`` into site/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run(root: Path) -> None:
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"],
                   cwd=root, check=True)
