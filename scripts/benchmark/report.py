"""Turn bench/results.json into bench/REPORT.md (targets and where each stands)."""

from __future__ import annotations

from pathlib import Path


def _row(*cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _status(ok) -> str:
    return "—" if ok is None else ("✅ met" if ok else "❌ not met")


def _scene_rows(sc: dict, title: str) -> list[str]:
    return [title, "", _row("entries", "text", "load + check", "undo", "redo"), _row(*["---:"] * 5),
            _row(sc["entries"], f"{sc['chars']} chars", f"{sc['load_verify_ms']} ms", f"{sc['undo_ms']} ms",
                 f"{sc['redo_ms']} ms"), ""]


def write_report(r: dict, path: Path) -> None:
    m = r.get("machine", {})
    out = ["# Свод — benchmark report", "",
           f"Measured {m.get('date', '?')} by `scripts/bench` on {m.get('cpu', '?')} "
           f"({m.get('cpus', '?')} cores, shared), {m.get('platform', '?')}; Python {m.get('python')}, "
           f"Node {m.get('node')}, {m.get('chromium', 'no chromium')}, Pyodide {m.get('pyodide')}, "
           f"mkdocs {m.get('mkdocs')}, mkdocs-material {m.get('mkdocs-material')}, icepool {m.get('icepool')}.",
           "", "Timings are medians of repeated runs; on 2 shared cores compare ratios taken in one run.", ""]

    targets = r.get("targets", {})
    if targets:
        out += ["## Targets", "", _row("target", "budget", "measured", "status"), _row("---", "---", "---", "---")]
        for name, t in targets.items():
            out.append(_row(name, t.get("budget", ""), t.get("measured", ""), _status(t.get("ok"))))
        out.append("")

    if "cpython" in r:
        c = r["cpython"]
        out += ["## rules_core under CPython", "", "Each calculator at its largest allowed inputs.", "",
                _row("calculator", "first call, ms", "median, ms"), _row("---", "---:", "---:")]
        for cid, v in c["calculators"].items():
            out.append(_row(f"`{cid}`", v["cold_ms"], v["median_ms"]))
        out += ["", "Exact d10 pool, joint (successes, ones) distribution, difficulty 6, against icepool "
                "computing the same thing (identical results checked):", "",
                _row("dice", "ours, ms", "icepool, ms", "ours / icepool", "identical"),
                _row("---:", "---:", "---:", "---:", "---")]
        for n, v in c["pool_vs_icepool"].items():
            out.append(_row(n, v["ours_ms"], v["icepool_ms"], v["ratio_ours_over_icepool"], v["identical"]))
        out.append("")
        if "scene" in c:
            out += _scene_rows(c["scene"], "A scene at the log's limit in CPython (through api.handle_json):")

    if "node" in r:
        n = r["node"]
        out += ["## rules_core under Pyodide in Node", "",
                f"Python {n['python']} in Pyodide; wheel {n['wheel_bytes']} bytes; median of {n['runs']} runs.", "",
                _row("boot", "wheel install", "import", "first call", "total"), _row(*["---:"] * 5),
                _row(*(f"{n[k]} ms" for k in ("boot_ms", "wheel_install_ms", "import_ms", "first_call_ms", "total_ms"))),
                ""]
        if "scene" in n:
            out += _scene_rows(n["scene"], "A scene at the log's limit in Pyodide (the page's worker calls): its load "
                               "with the check against its log (a replay, once), then undo and redo of the scene the "
                               "engine remembers — no replay:")
        if "snapshot" in n:
            sn = n["snapshot"]
            out += ["From the build's memory snapshot (rules_core imported before it was taken; "
                    "“wheel install” is the reseed, nothing is installed):", "",
                    _row("boot", "reseed", "import", "first call", "total"), _row(*["---:"] * 5),
                    _row(*(f"{sn[k]} ms" for k in ("boot_ms", "wheel_install_ms", "import_ms", "first_call_ms", "total_ms"))),
                    ""]

    if "build" in r:
        out += ["## `mkdocs build`", "", _row("site", "pages", "seconds", "× the real site"), _row("---", "---:", "---:", "---:")]
        for k, v in r["build"].items():
            out.append(_row(k, v["pages"], v["seconds"], v.get("ratio_to_x1", "")))
        out.append("")

    if "browser" in r:
        out += _browser(r["browser"])
    if "bytes" in r:
        out += _bytes(r["bytes"])
    if "memory" in r:
        out += _memory(r["memory"])
    if "lighthouse" in r:
        out += _lighthouse(r["lighthouse"])
    if r.get("notes"):
        out += ["## Notes", ""] + [f"- {n}" for n in r["notes"]] + [""]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _browser(b: dict) -> list[str]:
    c, w = b["cold_ms"], b["warm_ms"]
    out = ["## In headless chromium (loopback, text gzipped as GitHub Pages does)", "",
           f"Page `{b['page']}`; time from navigation start to the first result shown (or, for the floor, "
           f"to Python answering on a page with nothing but `loadPyodide()`); median of {b['rounds']} rounds, "
           "each round measuring every row in turn, each in a fresh profile.", "",
           _row("cold (empty profile)", "ms", "× floor"), _row("---", "---:", "---:"),
           _row("ours, as shipped (snapshot; calc.mjs starts the worker at the end of `<head>`)", c["ours_snapshot"],
                b["cold_ratio_ours_over_floor"]),
           _row("ours, normal boot (no snapshot)", c["ours_normal_boot"], b["cold_ratio_normal_boot_over_floor"]),
           _row("floor: bare `loadPyodide()`", c["floor_bare_loadPyodide"], 1),
           "", f"The snapshot saved {b['snapshot_saved_ms']} ms of the cold first result. Runs: {c['runs']}. "
           f"Boots used: {b['boot_used']}.", "",
           _row("warm (service-worker cache, first tab closed)", "ms"), _row("---", "---:"),
           _row("ours, snapshot boot", w["ours_snapshot"]),
           _row("floor: bare `loadPyodide()` (HTTP / service-worker cache)", w["floor_bare_loadPyodide"]),
           "", f"Warm runs of ours (in one profile, the first tab closed, {len(w.get('runs', []))} runs before the "
           f"floor's): {w.get('runs')}.",
           "", "Where the time goes: the worker started at (page clock, ms, median) "
           f"{b.get('worker_started_at_ms_cold')} cold and {w.get('worker_started_at_ms')} warm; its boot phases "
           "(worker clock, ms since it started, median; `calculators/worker.mjs` marks):", "",
           _row("phase", *[k for k in ("snapshot", "normal")], "warm"),
           _row("---", "---:", "---:", "---:")]
    phases = b.get("worker_phases_cold") or {}
    names = []
    for d in [*phases.values(), w.get("worker_phases") or {}]:
        for k in (d or {}):
            if k not in names:
                names.append(k)
    for n in names:
        out.append(_row(n, *[(phases.get(k) or {}).get(n, "") for k in ("snapshot", "normal")],
                        (w.get("worker_phases") or {}).get(n, "")))
    out += ["",
           "One recalculation at the largest inputs, worker round trip (post → result, JSON both ways), "
           "after one warm-up call:", "",
           _row("calculator", "median, ms", "max, ms", "ok"), _row("---", "---:", "---:", "---")]
    for cid, v in b["recalc_round_trip_ms"].items():
        out.append(_row(f"`{cid}`", v["median_ms"], v["max_ms"], v["ok"]))
    return out + [""]


def _kinds(by_kind: dict, cols=("requests", "bytes")) -> list[str]:
    out = [_row("kind", *cols), _row("---", *["---:"] * len(cols))]
    for k, v in by_kind.items():
        out.append(_row(k, *(v.get(c, "") for c in cols)))
    return out


def _bytes(y: dict) -> list[str]:
    out = ["## Bytes", "",
           "Transfers as the browser saw them (headers + body, text gzipped by the server as on GitHub Pages), "
           "fresh profile.", ""]
    for key, title in (("home_page", "Home page, until the network is idle"),
                       ("rules_page", "Largest rules page (no calculator), until the network is idle"),
                       ("rules_page_uncompressed", "Largest rules page, server NOT compressing (for comparison)"),
                       ("calculator_page", "Calculator page, until the first result")):
        if key in y:
            v = y[key]
            out += [f"### {title}{': `' + v['page'] + '`' if v.get('page') else ''}", "",
                    f"{v['requests']} requests, {v['bytes']} bytes ({v['kb']} KB).", ""] + _kinds(v["by_kind"]) + [""]
    if "service_worker_precache" in y:
        p = y["service_worker_precache"]
        out += ["### What the service worker precaches", "",
                f"{p['files']} files, {p['bytes']} bytes raw ({p['mb']} MB); {p['gzip_bytes']} bytes "
                f"({p['gzip_mb']} MB) as a gzipping server sends it"
                + (f"; {p['stored_bytes']} bytes ({p['stored_mb']} MB) stored, the snapshot inflated." if "stored_bytes" in p else "."),
                ""] + \
            _kinds(p["by_kind"], ("files", "bytes", "gzip_bytes")) + [""]
    if "snapshot" in y:
        sparse = y["snapshot"].get("sparse_bytes")
        out += [f"Memory snapshot: {y['snapshot']['raw_bytes']} bytes raw"
                + (f", {sparse} without its zero runs (as the service worker keeps it)" if sparse else "")
                + f", {y['snapshot']['gzip_bytes']} gzipped. "
                f"Wheel: {y.get('wheel_bytes')} bytes.", ""]
    return out


def _memory(m: dict) -> list[str]:
    out = ["## Memory (calculator page, after the first result)", "", m.get("note", ""), "",
           _row("", "renderers", "peak PSS, page + worker renderer (MB)", "peak PSS, all renderers (MB)",
                "VmHWM, largest renderer (MB)"),
           _row("---", "---:", "---:", "---:", "---:")]
    for k in ("with_snapshot", "without_snapshot"):
        v = m[k]
        out.append(_row(k.replace("_", " "), v["renderers"], v["peak_pss_mb_largest_renderer"],
                        v["peak_pss_mb_all_renderers"], v["vmhwm_mb_largest_renderer"]))
    return out + [""]


def _lighthouse(lh: dict) -> list[str]:
    runs = lh.get("runs_per_page", 1)
    out = [f"## Lighthouse {lh.get('version', '')} (mobile)", "",
           *([f"Each page {runs} times; the run with the median performance score is shown, every run's "
              "performance score in brackets.", ""] if runs > 1 else []),
           _row("page", "performance", "accessibility", "best practices", "SEO", "failed audits", "metrics"),
           _row("---", "---:", "---:", "---:", "---:", "---", "---")]
    for name, v in lh.items():
        if not isinstance(v, dict):
            continue
        s = v["scores"]
        failed = "; ".join(f"{k}: {', '.join(a)}" for k, a in v.get("failed_audits", {}).items()) or "—"
        metrics = ", ".join(f"{k} {x}" for k, x in v.get("metrics", {}).items())
        perf = s.get("performance")
        if v.get("performance_runs") and len(v["performance_runs"]) > 1:
            perf = f"{perf} ({', '.join(map(str, v['performance_runs']))})"
        out.append(_row(f"{name} (`{v['page']}`)", perf, s.get("accessibility"),
                        s.get("best-practices"), s.get("seo"), failed, metrics))
    return out + [""]


def _generic(d, depth=0) -> list[str]:
    lines = []
    for k, v in d.items():
        if isinstance(v, dict):
            lines.append("  " * depth + f"- **{k}**")
            lines += _generic(v, depth + 1)
        else:
            lines.append("  " * depth + f"- {k}: {v}")
    return lines
