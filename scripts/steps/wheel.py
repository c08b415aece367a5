"""Build step: rules_core as a pure-Python wheel + a Pyodide lock file → build/assets/py/.

The wheel is written with the standard library (``zipfile``), reproducibly (fixed
timestamps, sorted entries), so the same sources give the same bytes and the same
sha256. Its file name carries the version (``svod_rules_core-0.1.0-py3-none-any.whl``)
and it sits in a directory named by a short content hash (``assets/py/1a2b3c4d/``):
a changed engine is a new URL, so no browser or service-worker cache can pair new pages
with an old engine. (No ``+local`` label: some servers read "+" in a path as a space.)

The lock file is made by pyodide-build's ``pyodide lockfile add-wheels`` from the npm
package's lock file, then trimmed to our one package: Pyodide installs it by name with an
integrity check, and no other package can ever be requested (nothing goes to a CDN).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from scripts.steps import ASSETS

DIST_NAME = "svod-rules-core"
WHEEL_STEM = "svod_rules_core"
OUT = ASSETS / "py"
LOCK_NAME = "pyodide-lock.json"
# Zip timestamps are fixed so the build is reproducible.
EPOCH = (2020, 1, 1, 0, 0, 0)


def version(root: Path) -> str:
    text = (root / "rules_core" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M)
    if not m:
        raise SystemExit("wheel: rules_core.__version__ not found")
    return m[1]


def package_files(root: Path) -> list[tuple[str, bytes]]:
    """Every module and data file of rules_core, as (archive path, bytes), sorted."""
    out = []
    for path in sorted((root / "rules_core").rglob("*")):
        rel = path.relative_to(root).as_posix()
        if not path.is_file() or "__pycache__" in rel:
            continue
        if path.suffix == ".py" or (path.suffix == ".json" and "/data/" in rel):
            out.append((rel, path.read_bytes()))
    return out


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel_bytes_and_name(root: Path) -> tuple[str, bytes]:
    files = package_files(root)
    digest = hashlib.sha256()
    for rel, data in files:
        digest.update(rel.encode() + b"\0" + data + b"\0")
    ver = version(root)
    dist_info = f"{WHEEL_STEM}-{ver}.dist-info"
    meta = {
        f"{dist_info}/METADATA": (
            "Metadata-Version: 2.1\n"
            f"Name: {DIST_NAME}\n"
            f"Version: {ver}\n"
            "Summary: Свод: exact rules engine (standard library only)\n"
            "Requires-Python: >=3.12\n"
        ).encode(),
        f"{dist_info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: svod build_wheel\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n"
        ).encode(),
        f"{dist_info}/top_level.txt": b"rules_core\n",
    }
    entries = files + sorted(meta.items())
    record = "".join(f"{rel},{_record_hash(data)},{len(data)}\n" for rel, data in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, data in entries:
            info = zipfile.ZipInfo(rel, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data, compresslevel=9)
    return f"{digest.hexdigest()[:8]}/{WHEEL_STEM}-{ver}-py3-none-any.whl", buf.getvalue()


def make_lock(root: Path, wheel: Path) -> dict:
    """Our wheel's lock entry via ``pyodide lockfile add-wheels``, trimmed to that entry."""
    src_lock = root / "node_modules" / "pyodide" / LOCK_NAME
    if not src_lock.exists():
        raise SystemExit("wheel: node_modules/pyodide is missing: run scripts/setup")
    exe = Path(sys.executable).with_name("pyodide")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / LOCK_NAME
        subprocess.run([str(exe), "lockfile", "add-wheels", "--input", str(src_lock),
                        "--output", str(out), "--base-path", str(root / OUT), str(wheel)],
                       check=True, capture_output=True, text=True)
        full = json.loads(out.read_text(encoding="utf-8"))
    key = DIST_NAME if DIST_NAME in full["packages"] else WHEEL_STEM
    entry = full["packages"][key]
    if entry["file_name"] != wheel.relative_to(root / OUT).as_posix():
        raise SystemExit(f"wheel: unexpected lock file_name {entry['file_name']!r}")
    if entry["sha256"] != hashlib.sha256(wheel.read_bytes()).hexdigest():
        raise SystemExit("wheel: lock sha256 does not match the wheel")
    return {"info": full["info"], "packages": {key: entry}}


def run(root: Path) -> None:
    out_dir = root / OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    name, data = wheel_bytes_and_name(root)
    wheel = out_dir / name
    for old in out_dir.rglob(f"{WHEEL_STEM}-*.whl"):
        if old != wheel:
            old.unlink()
            if not any(old.parent.iterdir()):
                old.parent.rmdir()
    wheel.parent.mkdir(parents=True, exist_ok=True)
    if not wheel.exists() or wheel.read_bytes() != data:
        wheel.write_bytes(data)
    lock = make_lock(root, wheel)
    (out_dir / LOCK_NAME).write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"build: wheel {name} ({len(data)} bytes)")


if __name__ == "__main__":
    run(Path(__file__).resolve().parents[2])
