"""The benchmark behind ``scripts/bench``: results in bench/results.json and bench/REPORT.md.

``python -m scripts.benchmark [--only a,b] [--quick] [--site DIR] [--out DIR]``. Sections: ``cpython``
and ``node`` (engine.py), ``build`` (build.py), and ``browser``, ``bytes``, ``memory``,
``lighthouse`` against the built site (browser.py: navigation to first result cold and warm vs
a bare ``loadPyodide()`` floor, recalculation round trip, bytes, memory, Lighthouse). Timings
are medians; where the 2 shared cores are noisy, compare ratios measured in one run, or two
builds measured back to back (``--site`` another build, ``--out`` elsewhere than bench/).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from scripts.benchmark import browser, build, engine
from scripts.benchmark.report import write_report

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = {**engine.SECTIONS, **build.SECTIONS, **browser.SECTIONS}


def machine() -> dict:
    info = {"platform": platform.platform(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    try:
        info["cpu"] = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    for name, cmd in {"node": ["node", "--version"], "chromium": ["/usr/bin/chromium", "--version"]}.items():
        try:
            info[name] = subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.strip()
        except OSError:
            pass
    try:
        info["pyodide"] = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    except OSError:
        pass
    from importlib.metadata import version
    for pkg in ("mkdocs", "mkdocs-material", "icepool"):
        try:
            info[pkg] = version(pkg)
        except Exception:
            pass
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="scripts/bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help=f"comma-separated sections, of: {', '.join(SECTIONS)}")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--site", type=Path, default=ROOT / "site",
                    help="the built site to measure (default site/; e.g. a build of another commit)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench",
                    help="where results.json and REPORT.md go (default bench/)")
    args = ap.parse_args(argv)
    wanted = [s for s in args.only.split(",") if s] or list(SECTIONS)
    if unknown := [s for s in wanted if s not in SECTIONS]:
        ap.error(f"no such section: {', '.join(unknown)}")
    browser.SITE = engine.SITE = args.site.resolve()
    repeat = 3 if args.quick else 7
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    path = out / "results.json"
    results = json.loads(path.read_text()) if path.exists() else {}
    results["machine"] = machine()
    for name in wanted:
        print(f"bench: {name} …", flush=True)
        t = time.perf_counter()
        results[name] = SECTIONS[name](repeat if name != "build" else max(1, repeat // 3))
        print(f"bench: {name}: {time.perf_counter() - t:.0f} s", flush=True)
        path.write_text(json.dumps(results, ensure_ascii=False, indent=2))
    results["targets"] = browser.targets(results)
    results["notes"] = browser.notes(results)
    path.write_text(json.dumps(results, ensure_ascii=False, indent=2))
    write_report(results, out / "REPORT.md")
    print(f"bench: wrote {path} and {out / 'REPORT.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
