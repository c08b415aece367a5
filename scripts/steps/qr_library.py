"""Build step: the QR code library, from the pinned npm package → build/assets/qr/.

The players' view link is drawn as a QR code on the phone by ``uqr`` (the encoder of Project Nayuki's
QR Code generator, MIT), never by a hand-written encoder and never fetched from another host: its ES
module and its licence are copied here like the Pyodide runtime (``pyodide_runtime``), the version the
one pinned in package.json.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from scripts.steps import ASSETS

PACKAGE = "uqr"
#: node_modules/uqr/<source> → build/assets/qr/<name>
FILES = {"dist/index.mjs": "uqr.mjs", "LICENSE": "LICENSE.uqr"}
OUT = ASSETS / "qr"


def pinned_version(root: Path) -> str:
    pkg = json.loads((root / "package.json").read_text(encoding="utf-8"))
    return pkg["devDependencies"][PACKAGE]


def run(root: Path) -> None:
    src = root / "node_modules" / PACKAGE
    if not (src / "package.json").exists():
        raise SystemExit(f"qr_library: node_modules/{PACKAGE} is missing: run scripts/setup")
    installed = json.loads((src / "package.json").read_text(encoding="utf-8"))["version"]
    pinned = pinned_version(root)
    if installed != pinned:
        raise SystemExit(f"qr_library: node_modules has {PACKAGE} {installed}, package.json pins {pinned}: run scripts/setup")
    out = root / OUT
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if old.name not in FILES.values():
            old.unlink()
    for s, d in FILES.items():
        shutil.copy2(src / s, out / d)


if __name__ == "__main__":
    run(Path(__file__).resolve().parents[2])
