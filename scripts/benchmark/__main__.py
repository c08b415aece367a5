"""The benchmark behind ``scripts/bench``: results in bench/results.json and bench/REPORT.md.

Sections (``--only a,b``): ``cpython`` (every calculator at its largest inputs; our exact pool vs
icepool as a ratio), ``node`` (Pyodide in Node: boot, wheel install, import, first call),
``build`` (mkdocs build time, and with the pages multiplied), and the browser sections that the
runtime registers in ``scripts/bench_browser.py`` when it exists (navigation to first result cold
and warm vs a bare ``loadPyodide()`` floor, recalculation round trip, bytes, memory, Lighthouse).
Timings are medians; where the 2 shared cores are noisy, compare ratios measured in one run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench"


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def largest_params(calc) -> dict:
    """Each numeric input at its maximum, each list at its longest (items at their maximum)."""
    params = {}
    for p in calc.params:
        if p.kind == "int":
            params[p.name] = p.max
        elif p.kind == "int_list" and p.max_len:
            params[p.name] = [p.max] * p.max_len
        elif p.kind == "record_list" and p.max_len:
            item = {f.name: (f.max if f.kind == "int" else f.default) for f in p.fields}
            params[p.name] = [item] * p.max_len
    return params


def largest_valid_params(calc) -> dict:
    """:func:`largest_params`, or the defaults when that corner is not a valid combination."""
    from rules_core import api

    params = largest_params(calc)
    try:
        api.validate(calc, params)
    except Exception:
        return {}
    return params


def bench_cpython(repeat: int) -> dict:
    from rules_core import api
    from rules_core import dice

    calcs = {}
    for c in api.list_calculators():
        calc = api.get(c["id"])
        params = largest_valid_params(calc)
        caches = [f for f in vars(dice).values() if hasattr(f, "cache_clear")]
        for f in caches:
            f.cache_clear()
        t = time.perf_counter()
        api.run(c["id"], params)
        cold = (time.perf_counter() - t) * 1000
        warm = _median_ms(lambda: api.run(c["id"], params), repeat)
        calcs[c["id"]] = {"params": params, "cold_ms": round(cold, 3), "median_ms": round(warm, 3)}

    import icepool
    from fractions import Fraction

    pools = {}
    for n in (10, 20, 30):
        def ours():
            dice.d10_counts.cache_clear()
            return dice.d10_counts(n, 6)

        def theirs():
            die = icepool.d10.map(lambda f: icepool.Vector((int(f >= 6), int(f == 1))))
            acc = die
            for _ in range(n - 1):
                acc = acc + die
            den = acc.denominator()
            return {(o[0], o[1]): Fraction(q, den) for o, q in acc.items()}

        a = _median_ms(ours, repeat)
        b = _median_ms(theirs, max(1, repeat // 2))
        same = {(o.successes, o.ones): p for o, p in ours().items()} == theirs()
        pools[str(n)] = {"ours_ms": round(a, 3), "icepool_ms": round(b, 3),
                         "ratio_ours_over_icepool": round(a / b, 4), "identical": same}
    return {"calculators": calcs, "pool_vs_icepool": pools}


def _wheel() -> Path:
    found = sorted(ROOT.glob("site/**/svod_rules_core-*.whl"))
    if found:
        return found[-1]
    tmp = Path(tempfile.mkdtemp(prefix="svod-wheel-"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp), str(ROOT)],
                   check=True)
    return next(tmp.glob("*.whl"))


def _node_runs(args: list[str], repeat: int) -> list[dict]:
    runs = []
    for _ in range(repeat):
        out = subprocess.run(["node", str(ROOT / "scripts" / "bench_node.mjs"), *args],
                             capture_output=True, text=True, check=True, timeout=120)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return runs


def bench_node(repeat: int) -> dict:
    import gzip

    from scripts import snapshot as snapshot_format

    pyodide = ROOT / "node_modules" / "pyodide"
    wheel = _wheel()
    runs = _node_runs([str(pyodide), str(wheel)], repeat)
    keys = ["boot_ms", "wheel_install_ms", "import_ms", "first_call_ms", "total_ms"]
    out = {"runs": len(runs), "python": runs[0]["python"], "ok": all(r["ok"] for r in runs),
           **{k: round(statistics.median(r[k] for r in runs), 1) for k in keys},
           "wheel_bytes": wheel.stat().st_size}
    snaps = sorted(ROOT.glob("site/**/snapshot.bin.gz"))
    if snaps:  # the build's memory snapshot (scripts/snapshot.py): rules_core already imported
        with tempfile.TemporaryDirectory(prefix="svod-snap-") as tmp:
            raw = Path(tmp) / "snapshot.bin"
            raw.write_bytes(snapshot_format.decode(gzip.decompress(snaps[0].read_bytes())))
            sruns = _node_runs([str(pyodide), str(wheel), str(raw)], repeat)
        out["snapshot"] = {"ok": all(r["ok"] for r in sruns),
                           **{k: round(statistics.median(r[k] for r in sruns), 1) for k in keys}}
        out["snapshot"]["note"] = "boot from the snapshot; 'wheel install' is the reseed (nothing to install)"
    return out


def _mkdocs_build(cwd: Path, site: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(site)], cwd=cwd,
                   check=True, env=env, capture_output=True)
    return time.perf_counter() - t


def bench_build(repeat: int, factors=(1, 3)) -> dict:
    """mkdocs build time for the site, and for copies with every rule page multiplied."""
    result = {}
    pages = [p for p in (ROOT / "docs").rglob("*.md")]
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
            times = [_mkdocs_build(repo, tmp / "site") for _ in range(repeat)]
            result[f"x{k}"] = {"pages": count, "seconds": round(statistics.median(times), 2)}
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if "x1" in result:
        for key, v in result.items():
            v["ratio_to_x1"] = round(v["seconds"] / result["x1"]["seconds"], 2)
    return result


SECTIONS = {"cpython": bench_cpython, "node": bench_node, "build": bench_build}


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
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = ap.parse_args(argv)
    browser = None
    try:
        browser = importlib.import_module("scripts.bench_browser")
        SECTIONS.update(browser.SECTIONS)
    except ModuleNotFoundError as e:
        if e.name != "scripts.bench_browser":
            raise
    wanted = [s for s in args.only.split(",") if s] or list(SECTIONS)
    repeat = 3 if args.quick else 7
    OUT.mkdir(exist_ok=True)
    path = OUT / "results.json"
    results = json.loads(path.read_text()) if path.exists() else {}
    results["machine"] = machine()
    for name in wanted:
        print(f"bench: {name} …", flush=True)
        t = time.perf_counter()
        results[name] = SECTIONS[name](repeat if name != "build" else max(1, repeat // 3))
        print(f"bench: {name}: {time.perf_counter() - t:.0f} s", flush=True)
        path.write_text(json.dumps(results, ensure_ascii=False, indent=2))
    if browser is not None:
        results["targets"] = browser.targets(results)
        results["notes"] = browser.notes(results)
        path.write_text(json.dumps(results, ensure_ascii=False, indent=2))
    from scripts.bench_report import write_report
    write_report(results, OUT / "REPORT.md")
    print(f"bench: wrote {path.relative_to(ROOT)} and bench/REPORT.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
