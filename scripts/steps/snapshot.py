"""Build step: a Pyodide memory snapshot with rules_core imported → build/assets/py/snapshot/.

After the ``wheel`` and ``pyodide_runtime`` steps: ``make_snapshot.mjs`` (beside this file) boots
Pyodide in Node with ``_makeSnapshot``, unpacks the wheel, imports every rules_core submodule and calls
``api.list_calculators()``, then writes ``pyodide.makeMemorySnapshot()`` (about 31 MB). It is
shipped sparse and gzipped (``snapshot.bin.gz``; see :func:`encode`: half of the heap is zeros,
which the worker then neither inflates nor copies), unpacked in the worker with
``DecompressionStream`` (so the transfer does not depend on the server compressing), in a
directory named by a hash of everything it depends on (the runtime files, the wheel, the
scripts): a new engine, runtime or format is a new URL, never a stale snapshot from a cache. The worker learns the URL from
``assets/pyodide/files.json`` (key ``snapshot``), which it fetches anyway; without the key, or if
the snapshot fails to load (e.g. "Snapshot build id mismatch"), it boots normally.

The snapshot freezes the ``random`` state (and the str hash secret): the worker reseeds
``random`` from ``os.urandom`` after every boot. Made snapshots are cached in
``.cache/snapshot/`` by the same hash, so an unchanged build does not remake it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

from scripts.steps import ASSETS
from scripts.steps.pyodide_runtime import FILES, OUT as PYODIDE_OUT
from scripts.steps.wheel import OUT as WHEEL_OUT

OUT = ASSETS / "py" / "snapshot"
NAME = "snapshot.bin.gz"
CACHE = Path(".cache/snapshot")
SCRIPT = Path("scripts/steps/make_snapshot.mjs")
FORMAT = Path("scripts/steps/snapshot.py")  # this file: the sparse format is part of the key
MAGIC = b"SVODSNP1"
#: The Node.js the snapshot is made with (the Pages workflow installs this version with
#: actions/setup-node): a snapshot made in Node 20 boots in chromium; one made elsewhere is
#: untested, so another major version fails the build here instead of in a reader's browser.
NODE_VERSION_FILE = Path(".node-version")
NODE_MAJOR = int(Path(__file__).resolve().parents[2].joinpath(NODE_VERSION_FILE).read_text().split(".")[0])


def check_node(version: str) -> None:
    """Refuse a Node.js whose major version is not :data:`NODE_MAJOR` (``version`` as
    ``node --version`` prints it, e.g. ``v20.20.2``)."""
    try:
        major = int(version.strip().lstrip("v").split(".")[0])
    except ValueError:
        major = None
    if major != NODE_MAJOR:
        raise SystemExit(f"snapshot: Node.js {version.strip() or '?'} found; the snapshot is made and tested "
                         f"with Node.js {NODE_MAJOR} (.node-version). Install it (the Pages workflow uses "
                         f"actions/setup-node with .node-version).")
#: A run of zeros at least this long is left out of the sparse image (a record header is 8 bytes).
MIN_GAP = 256


def encode(image: bytes) -> bytes:
    """The sparse image the worker reads (``readSparseSnapshot`` in calculators/worker.mjs):
    ``MAGIC``, the image size (u32 little-endian), then records ``offset u32, length u32, bytes``
    for everything but runs of ``MIN_GAP`` or more zeros, in order. Not yet gzipped."""
    out = [MAGIC, struct.pack("<I", len(image))]
    pos = 0
    for gap in re.finditer(rb"\0{%d,}" % MIN_GAP, image):
        if gap.start() > pos:
            out += [struct.pack("<II", pos, gap.start() - pos), image[pos:gap.start()]]
        pos = gap.end()
    if pos < len(image):
        out += [struct.pack("<II", pos, len(image) - pos), image[pos:]]
    return b"".join(out)


def decode(data: bytes) -> bytes:
    """The memory image back from :func:`encode` (the benchmark boots Node from it; tests)."""
    if data[:8] != MAGIC:
        raise ValueError("not a svod snapshot")
    (size,) = struct.unpack_from("<I", data, 8)
    image = bytearray(size)
    i = 12
    while i < len(data):
        off, n = struct.unpack_from("<II", data, i)
        i += 8
        if off + n > size or i + n > len(data):
            raise ValueError("corrupt snapshot")
        image[off:off + n] = data[i:i + n]
        i += n
    return bytes(image)


def inputs(root: Path) -> tuple[Path, list[Path]]:
    wheels = sorted((root / WHEEL_OUT).rglob("svod_rules_core-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"snapshot: expected one wheel in {WHEEL_OUT}, found {len(wheels)}: run the wheel step")
    runtime = [root / PYODIDE_OUT / f for f in FILES]
    if not all(p.exists() for p in runtime):
        raise SystemExit("snapshot: the Pyodide runtime is missing: run the pyodide_runtime step")
    return wheels[0], runtime


def key(root: Path, wheel: Path, runtime: list[Path]) -> str:
    h = hashlib.sha256()
    for p in [*runtime, wheel, root / SCRIPT, root / FORMAT]:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def make(root: Path, wheel: Path, dest: Path) -> dict:
    """Run make_snapshot.mjs; write the gzipped snapshot to ``dest``."""
    node = shutil.which("node") or "node"
    check_node(subprocess.run([node, "--version"], capture_output=True, text=True).stdout)
    with tempfile.TemporaryDirectory(prefix="svod-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        # The npm package dir (same runtime files as the copy, plus the lock file Node boots with).
        proc = subprocess.run([node, str(root / SCRIPT), str(root / "node_modules" / "pyodide"), str(wheel), str(raw)],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise SystemExit(f"snapshot: make_snapshot.mjs failed:\n{proc.stdout}\n{proc.stderr}")
        info = json.loads(proc.stdout.strip().splitlines()[-1])
        data = raw.read_bytes()
    dest.parent.mkdir(parents=True, exist_ok=True)
    # mtime=0: the same snapshot gives the same bytes.
    dest.write_bytes(gzip.compress(encode(data), compresslevel=9, mtime=0))
    info["raw_bytes"] = len(data)
    return info


def run(root: Path) -> None:
    wheel, runtime = inputs(root)
    k = key(root, wheel, runtime)
    cached = root / CACHE / f"{k}.bin.gz"
    meta = root / CACHE / f"{k}.json"
    if cached.exists() and meta.exists():
        info = json.loads(meta.read_text(encoding="utf-8"))
        note = "cached"
    else:
        info = make(root, wheel, cached)
        meta.write_text(json.dumps(info), encoding="utf-8")
        note = f"made in {info['make_ms'] / 1000:.1f} s, checked: boot from it {info['snapshot_boot_ms']} ms"
    out = root / OUT
    if out.exists():
        shutil.rmtree(out)
    target = out / k / NAME
    target.parent.mkdir(parents=True)
    shutil.copyfile(cached, target)
    files_json = root / PYODIDE_OUT / "files.json"
    files = json.loads(files_json.read_text(encoding="utf-8"))
    # sparse_bytes: the inflated file, which the service worker keeps (the progress bar scales it)
    files["snapshot"] = {"url": f"../py/snapshot/{k}/{NAME}", "bytes": target.stat().st_size,
                         "sparse_bytes": len(gzip.decompress(target.read_bytes())), "raw_bytes": info["raw_bytes"]}
    files_json.write_text(json.dumps(files, indent=1) + "\n", encoding="utf-8")
    print(f"build: snapshot {k}/{NAME}: {target.stat().st_size / 1e6:.1f} MB gzipped "
          f"({info['raw_bytes'] / 1e6:.1f} MB raw, {info['modules']} modules; {note})")


if __name__ == "__main__":
    run(Path(__file__).resolve().parents[2])
