"""Turn bench/results.json into bench/REPORT.md (targets and where each stands)."""

from __future__ import annotations

from pathlib import Path


def _row(*cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _status(ok) -> str:
    return "—" if ok is None else ("✅ met" if ok else "❌ not met")


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

    if "node" in r:
        n = r["node"]
        out += ["## rules_core under Pyodide in Node", "",
                f"Python {n['python']} in Pyodide; wheel {n['wheel_bytes']} bytes; median of {n['runs']} runs.", "",
                _row("boot", "wheel install", "import", "first call", "total"), _row(*["---:"] * 5),
                _row(*(f"{n[k]} ms" for k in ("boot_ms", "wheel_install_ms", "import_ms", "first_call_ms", "total_ms"))),
                ""]

    if "build" in r:
        out += ["## `mkdocs build`", "", _row("site", "pages", "seconds", "× the real site"), _row("---", "---:", "---:", "---:")]
        for k, v in r["build"].items():
            out.append(_row(k, v["pages"], v["seconds"], v.get("ratio_to_x1", "")))
        out.append("")

    for key, title in (("browser", "In headless chromium"), ("bytes", "Bytes transferred"),
                       ("memory", "Memory"), ("lighthouse", "Lighthouse (mobile)")):
        if key in r:
            out += [f"## {title}", ""]
            out += _generic(r[key])
            out.append("")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _generic(d, depth=0) -> list[str]:
    lines = []
    for k, v in d.items():
        if isinstance(v, dict):
            lines.append("  " * depth + f"- **{k}**")
            lines += _generic(v, depth + 1)
        else:
            lines.append("  " * depth + f"- {k}: {v}")
    return lines
