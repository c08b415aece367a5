"""The ``build`` section of ``scripts/bench``: ``mkdocs build`` time for the site, and for copies
of it with every rule page multiplied (build time grows faster than the page count)."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _mkdocs_build(cwd: Path, site: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(site)], cwd=cwd,
                   check=True, env=env, capture_output=True)
    return time.perf_counter() - t


def bench_build(repeat: int, factors=(1, 3)) -> dict:
    """mkdocs build time for the site, and for copies with every rule page multiplied."""
    from svod_site import calc_pages

    result = {}
    # the pages of docs/ and the generated calculator pages (Russian and English)
    pages = [*(ROOT / "docs").rglob("*.md"), *calc_pages.generate(ROOT / "docs", english=True)]
    for k in factors:
        tmp = Path(tempfile.mkdtemp(prefix="svod-build-"))
        try:
            shutil.copytree(ROOT, tmp / "repo", ignore=shutil.ignore_patterns(
                ".venv", "node_modules", "site", ".git", "test-artifacts", "bench", ".hypothesis"))
            repo = tmp / "repo"
            for d in ("node_modules",):
                if (ROOT / d).exists():
                    (repo / d).symlink_to(ROOT / d)
            count = len(pages)
            if k > 1:
                for sec in [d for d in (repo / "docs").iterdir() if d.is_dir() and not d.name.startswith(("assets", "en"))]:
                    for i in range(2, k + 1):
                        dst = repo / "docs" / f"{sec.name}-copy{i}"
                        shutil.copytree(sec, dst)
                        count += sum(1 for _ in dst.rglob("*.md"))
                # the calculator pages are generated, not in docs/: their copies are written out
                generated = calc_pages.generate(ROOT / "docs", english=True)
                for i in range(2, k + 1):
                    for uri, text in generated.items():
                        dst = repo / "docs" / f"{calc_pages.CALC_DIR}-copy{i}" / uri.split("/", 1)[1]
                        dst.parent.mkdir(parents=True, exist_ok=True)
                        dst.write_text(text, encoding="utf-8")
                        count += 1
            times = [_mkdocs_build(repo, tmp / "site") for _ in range(repeat)]
            result[f"x{k}"] = {"pages": count, "seconds": round(statistics.median(times), 2)}
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if "x1" in result:
        for key, v in result.items():
            v["ratio_to_x1"] = round(v["seconds"] / result["x1"]["seconds"], 2)
    return result


SECTIONS = {"build": bench_build}
