"""Build step: the versioned service worker → site/sw.js.

The precache list is every file of the built site (pages as their directory URLs, the
search index, the Pyodide runtime, the wheel, assets), except source maps, the gzipped
sitemap and sw.js itself. The version is a hash of all of them: any change to the site is a
new cache, and a deploy replaces the old cache whole. Each file's size goes beside the list
(``SIZES``): the service worker refuses a file that arrives with another size (truncated, or a
host's error page), so a precache that completes has every byte of the build.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

TEMPLATE = Path("calculators/sw.template.js")
SKIP_SUFFIXES = (".map", ".gz")
SKIP_NAMES = {"sw.js", ".nojekyll"}
#: The gzipped Pyodide memory snapshot (scripts/steps/snapshot.py) is precached: a warm boot needs it.
KEEP_GZ = "snapshot.bin.gz"
#: Material ships search support for every language; the site searches Russian and English.
LUNR_DIR = "assets/javascripts/lunr/"
LUNR_KEEP = {"lunr.ru.min.js", "lunr.en.min.js", "lunr.multi.min.js", "lunr.stemmer.support.min.js"}


def wanted(rel: str) -> bool:
    if rel.startswith(LUNR_DIR):
        return rel.rsplit("/", 1)[1] in LUNR_KEEP
    return True


def precache_list(site: Path) -> list[str]:
    out = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site).as_posix()
        skip_suffix = rel.endswith(SKIP_SUFFIXES) and path.name != KEEP_GZ
        if path.name in SKIP_NAMES or skip_suffix or not wanted(rel):
            continue
        if rel == "index.html":
            rel = "./"
        elif rel.endswith("/index.html"):
            rel = rel[: -len("index.html")]
        out.append(rel)
    return out


def file_for(site: Path, rel: str) -> Path:
    if rel == "./":
        return site / "index.html"
    if rel.endswith("/"):
        return site / rel / "index.html"
    return site / rel


def build_version(site: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + file_for(site, rel).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def run(root: Path) -> None:
    from scripts.steps import site_dir

    site = site_dir(root)
    files = precache_list(site)
    version = build_version(site, files)
    text = (root / TEMPLATE).read_text(encoding="utf-8")
    sizes = [file_for(site, f).stat().st_size for f in files]
    text = text.replace("__SVOD_VERSION__", version).replace(
        "__SVOD_FILES__", json.dumps(files, ensure_ascii=False, indent=0)).replace(
        "__SVOD_SIZES__", json.dumps(sizes))
    (site / "sw.js").write_text(text, encoding="utf-8")
    size = sum(sizes)
    print(f"build: service worker {version}: {len(files)} files, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    run(Path(__file__).resolve().parents[2])
