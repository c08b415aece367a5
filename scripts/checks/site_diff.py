"""Two built sites compared file by file, apart from what changes on every build.

``python -m scripts.checks.site_diff OLD_SITE NEW_SITE [--lines N]`` prints every file only one
side has and every file that differs, with the first ``N`` lines of a diff (HTML one tag a
line), and exits 1 if there is any. It is how a change that should not change the site (a
refactor of the build) shows that it did not: build the old commit in a clone, build the new
one, compare.

What is set aside before comparing (:func:`normalise`; each is a fact of one build, not of the
sources):

* content hashes in names and URLs: the wheel's folder (``assets/py/1a2b3c4d/``), the memory
  snapshot's (``assets/py/snapshot/<12 hex>/``), Material's bundles (``main.<8 hex>.min.css``);
* the service worker's version (``const VERSION = "…"``, a hash of the whole build);
* the sitemap's ``<lastmod>`` (the build date);
* the memory snapshot's byte counts (``"bytes"``, ``"sparse_bytes"`` in ``files.json`` and in the
  calculator pages' ``#svod-runtime``): the snapshot is the heap of a Pyodide started in Node, and
  holds the paths it was made from, so two checkouts of one commit make different ones. The
  snapshot file itself is compared by the size of the memory image it decodes to.

Gzipped files are compared by what they hold.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from scripts.steps import snapshot

#: (pattern, replacement) applied to paths and to text
HASHES = [
    (re.compile(r"assets/py/snapshot/[0-9a-f]{12}/"), "assets/py/snapshot/<hash>/"),
    (re.compile(r"py/snapshot/[0-9a-f]{12}/"), "py/snapshot/<hash>/"),
    (re.compile(r"assets/py/[0-9a-f]{8}/"), "assets/py/<hash>/"),
    (re.compile(r"\.[0-9a-f]{8}\.(min\.js|min\.css|material\.js)"), r".<hash>.\1"),
]
SW_VERSION = re.compile(r'const VERSION = "[0-9a-f]+"')
LASTMOD = re.compile(r"<lastmod>[^<]*</lastmod>")
SNAPSHOT_ENTRY = re.compile(r'"snapshot": \{[^{}]*\}')
SNAPSHOT_BYTES = re.compile(r'"(bytes|sparse_bytes)": \d+')
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".xml", ".txt", ".webmanifest", ".svg", ".map"}


def normalise_path(rel: str) -> str:
    for pattern, repl in HASHES:
        rel = pattern.sub(repl, rel)
    return rel


def normalise(text: str) -> str:
    """``text`` with the build's own facts (see the module's docstring) replaced by placeholders."""
    text = normalise_path(text)
    text = SW_VERSION.sub('const VERSION = "<version>"', text)
    text = LASTMOD.sub("<lastmod><date></lastmod>", text)
    return SNAPSHOT_ENTRY.sub(lambda m: SNAPSHOT_BYTES.sub(r'"\1": <n>', m[0]), text)


def content(path: Path) -> bytes | str:
    """What a file holds, for comparing: text normalised, gzip unpacked, the snapshot decoded
    to the size of its memory image."""
    data = path.read_bytes()
    name = path.name
    if name == snapshot.NAME:
        return f"memory snapshot of {len(snapshot.decode(gzip.decompress(data)))} bytes"
    if name.endswith(".gz"):
        data, name = gzip.decompress(data), name[:-3]
    if Path(name).suffix in TEXT_SUFFIXES:
        return normalise(data.decode("utf-8"))
    return data


def files(site: Path) -> dict[str, Path]:
    """Every file of a built site, by its normalised path."""
    return {normalise_path(p.relative_to(site).as_posix()): p for p in sorted(site.rglob("*")) if p.is_file()}


@dataclass
class Diff:
    compared: int = 0
    only_old: list[str] = field(default_factory=list)
    only_new: list[str] = field(default_factory=list)
    changed: dict[str, list[str]] = field(default_factory=dict)  # path → unified diff lines

    @property
    def same(self) -> bool:
        return not (self.only_old or self.only_new or self.changed)


def _lines(text: str) -> list[str]:
    return re.sub(r">\s*<", ">\n<", text).splitlines()


def compare(old: Path, new: Path) -> Diff:
    a, b = files(old), files(new)
    d = Diff(only_old=sorted(a.keys() - b.keys()), only_new=sorted(b.keys() - a.keys()))
    for rel in sorted(a.keys() & b.keys()):
        d.compared += 1
        x, y = content(a[rel]), content(b[rel])
        if x == y:
            continue
        if isinstance(x, str) and isinstance(y, str):
            d.changed[rel] = list(difflib.unified_diff(_lines(x), _lines(y), "old/" + rel, "new/" + rel, n=1,
                                                       lineterm=""))
        else:
            d.changed[rel] = [f"binary: {len(x)} bytes → {len(y)} bytes"]
    return d


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--lines", type=int, default=20, help="diff lines to show per file")
    args = ap.parse_args(argv)
    for site in (args.old, args.new):
        if not (site / "index.html").is_file():
            print(f"site_diff: {site} is not a built site", file=sys.stderr)
            return 2
    d = compare(args.old, args.new)
    print(f"site_diff: {d.compared} files in both, {len(d.changed)} differ; "
          f"{len(d.only_old)} only in {args.old}, {len(d.only_new)} only in {args.new}")
    for rel in d.only_old:
        print(f"  only old: {rel}")
    for rel in d.only_new:
        print(f"  only new: {rel}")
    for rel, lines in d.changed.items():
        print(f"  differs: {rel}")
        for line in lines[: args.lines]:
            print("    " + line[:300])
        if len(lines) > args.lines:
            print(f"    … {len(lines) - args.lines} more lines")
    return 0 if d.same else 1


if __name__ == "__main__":
    sys.exit(main())
