"""Browser sections of ``scripts/bench``: browser, bytes, memory, lighthouse; and
``targets(results)``, where each performance target stands.

Everything runs against the built site (``site/``, or ``--site``) served on 127.0.0.1 under
/svod/ as GitHub Pages serves a project site (scripts/serve's server, text gzipped) in headless
Debian chromium with the flags of DEVELOPERS.md and a fresh user-data-dir per cold run.

* browser: navigation → first result shown on a calculator page, cold (empty profile) with the
  memory snapshot and without it (``SVOD_CALC_SNAPSHOT = false``), and warm (service-worker
  cache); in the same rounds a bare ``loadPyodide()`` page (``bench-floor.html``, nothing else)
  as the floor. Times are ``performance.now()`` in the page when the result (or Python) is
  there, i.e. from navigation start. Then the worker round trip of one recalculation of every
  calculator at its largest inputs.
* bytes: what a rules page and a calculator page transfer (by kind), what the service worker
  precaches (by kind, raw and gzipped: what a compressing server such as GitHub Pages sends).
* memory: peak resident memory (VmHWM) of the renderer processes — the page, its Pyodide worker
  and the service worker — with and without the snapshot.
* lighthouse: 12.2.3, mobile, the four scores for the home page, a rules page, a calculator page.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The built site the sections measure (``--site``).
SITE = ROOT / "site"
PREFIX = "/svod/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [  # DEVELOPERS.md
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LIGHTHOUSE_VERSION = "12.2.3"
LIGHTHOUSE_DIR = ROOT / ".cache" / "lighthouse"
CALC_PAGE = "calculators/wod-pool/"   # a calculator page (the worked example)
HOME_PAGE = ""
MIB = 1048576

FLOOR_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><p>bare loadPyodide()</p><script type="module">
const base = new URL("./assets/pyodide/", location.href).href;
const { loadPyodide } = await import(base + "pyodide.mjs");
const py = await loadPyodide({ indexURL: base, lockFileURL: new URL("./assets/py/pyodide-lock.json", location.href).href });
py.runPython("1 + 1");
document.body.dataset.ready = String(performance.now());
</script></body></html>
"""

# In the page: the worker round trip of one request, bypassing the form (calc.mjs ignores a
# result id it did not send).
ROUND_TRIP_JS = """async (req) => {
  const w = globalThis.svodCalc.rt.worker;
  const id = 1e9 + Math.floor(Math.random() * 1e6);
  const t = performance.now();
  const text = await new Promise((resolve) => {
    const h = (e) => { if (e.data && e.data.type === "result" && e.data.id === id) {
      w.removeEventListener("message", h); resolve(e.data.text); } };
    w.addEventListener("message", h);
    w.postMessage({ type: "call", id, text: JSON.stringify(req) });
  });
  const ms = performance.now() - t;
  return { ms, ok: JSON.parse(text).ok === true };
}"""

FIRST_RESULT_JS = """() => {
  const el = document.querySelector('.svod-calc[data-state="done"]');
  const rt = globalThis.svodCalc && globalThis.svodCalc.rt;
  return el ? { t: performance.now(), boot: el.dataset.boot || null,
                timings: rt ? { worker_started_at_ms: Math.round(rt.startedAt), ready_after_start_ms: rt.readyMs,
                                ...(rt.timings || {}) } : null } : null;
}"""


# ---- the server and the browser ------------------------------------------------------------

def gzip_server(directory: str, prefix: str = PREFIX, compress: bool = True):
    """scripts.serve_site's server (sub-path, 404 page, .wasm MIME, gzip as GitHub Pages does);
    ``compress=False`` is the plain one."""
    from scripts.serve_site import make_server

    return make_server(directory, "127.0.0.1", 0, prefix, compress=compress)


@contextmanager
def served(compress: bool = True):
    """The built site plus bench-floor.html, on 127.0.0.1:<free port>/svod/, gzipping text."""
    if not (SITE / "index.html").exists():
        raise SystemExit(f"bench: {SITE} is not built: run scripts/build")
    tmp = Path(tempfile.mkdtemp(prefix="svod-bench-site-"))
    for entry in SITE.iterdir():
        (tmp / entry.name).symlink_to(entry)
    (tmp / "bench-floor.html").write_text(FLOOR_HTML, encoding="utf-8")
    srv = gzip_server(str(tmp), PREFIX, compress)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    host, port = srv.server_address[:2]
    try:
        yield f"http://{host}:{port}{PREFIX}"
    finally:
        srv.shutdown()
        srv.server_close()
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@contextmanager
def context(pw, snapshot=True, user_dir=None):
    user_dir = user_dir or tempfile.mkdtemp(prefix="svod-bench-chromium-")
    ctx = pw.chromium.launch_persistent_context(
        user_dir, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 412, "height": 900}, service_workers="allow")
    ctx.svod_user_dir = user_dir
    if not snapshot:
        ctx.add_init_script("globalThis.SVOD_CALC_SNAPSHOT = false;")
    try:
        yield ctx
    finally:
        ctx.close()
        shutil.rmtree(user_dir, ignore_errors=True)


def _page(ctx):
    return ctx.pages[0] if ctx.pages else ctx.new_page()


def first_result(page, url, timeout=90000) -> dict:
    page.goto(url)
    h = page.wait_for_function(FIRST_RESULT_JS, polling=10, timeout=timeout)
    return h.json_value()


def floor(page, url, timeout=90000) -> float:
    page.goto(url)
    h = page.wait_for_function("() => document.body && document.body.dataset.ready ? performance.now() : null",
                               polling=10, timeout=timeout)
    return h.json_value()


def wait_offline_ready(page, timeout=120000) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller && globalThis.svodOffline"
                           " && globalThis.svodOffline.state === 'ready'", polling=100, timeout=timeout)


def _med(xs):
    return round(statistics.median(xs), 1) if xs else None


# ---- browser: first result, floor, recalculation ------------------------------------------

def largest_requests() -> list[dict]:
    from rules_core import api
    from scripts.benchmark.engine import largest_valid_params

    return [{"op": "run", "id": c["id"], "params": largest_valid_params(api.get(c["id"]))}
            for c in api.list_calculators()]


def _median_marks(timings: list) -> dict | None:
    """Median of each worker boot phase (ms on the worker's clock) over the runs that have it."""
    marks = [t.get("marks") for t in timings if t and t.get("marks")]
    if not marks:
        return None
    keys = sorted({k for m in marks for k in m}, key=lambda k: statistics.median(m[k] for m in marks if k in m))
    return {k: _med([m[k] for m in marks if k in m]) for k in keys}


#: Cold runs: the floor, our page as shipped, and the same without the snapshot.
COLD_KINDS = ("floor", "snapshot", "normal")


def bench_browser(repeat: int) -> dict:
    rounds = max(3, min(repeat, 5))
    cold = {k: [] for k in COLD_KINDS}
    boots = {k: [] for k in COLD_KINDS if k != "floor"}
    timings = {k: [] for k in COLD_KINDS if k != "floor"}
    warm, warm_floor, warm_boot, warm_timings = [], [], [], []
    recalc = {}
    with served() as base, playwright() as pw:
        for i in range(rounds):
            for kind in COLD_KINDS:
                with context(pw, snapshot=(kind != "normal")) as ctx:
                    page = _page(ctx)
                    if kind == "floor":
                        cold["floor"].append(floor(page, base + "bench-floor.html"))
                        continue
                    r = first_result(page, base + CALC_PAGE)
                    cold[kind].append(r["t"])
                    boots[kind].append(r["boot"])
                    timings[kind].append(r["timings"])
                    if kind == "snapshot" and i == 0:
                        # warm: the same profile once the service worker has cached the build, the
                        # first tab closed (a returning visitor opens the site again).
                        # Ours first, twice as many runs (the spread is wide here), then the
                        # floor's: a floor page (4 s of CPU) right before a run of ours slowed it.
                        wait_offline_ready(page)
                        page.close()
                        for _ in range(2 * rounds):
                            page2 = ctx.new_page()
                            r2 = first_result(page2, base + CALC_PAGE)
                            warm.append(r2["t"])
                            warm_boot.append(r2["boot"])
                            warm_timings.append(r2["timings"])
                            page2.close()
                        for _ in range(rounds):
                            page3 = ctx.new_page()
                            warm_floor.append(floor(page3, base + "bench-floor.html"))
                            page3.close()
                        # one recalculation of every calculator at its largest inputs
                        page = ctx.new_page()
                        first_result(page, base + CALC_PAGE)
                        reqs = largest_requests()
                        for req in reqs:
                            page.evaluate(ROUND_TRIP_JS, req)  # JIT warm-up after a snapshot boot
                        for req in reqs:
                            runs = [page.evaluate(ROUND_TRIP_JS, req) for _ in range(max(3, repeat))]
                            recalc[req["id"]] = {"median_ms": _med([x["ms"] for x in runs]),
                                                 "max_ms": round(max(x["ms"] for x in runs), 1),
                                                 "ok": all(x["ok"] for x in runs)}
    med = {k: _med(v) for k, v in cold.items()}
    out = {
        "page": CALC_PAGE, "rounds": rounds,
        "cold_ms": {"ours_snapshot": med["snapshot"],
                    "ours_normal_boot": med["normal"], "floor_bare_loadPyodide": med["floor"],
                    "runs": {k: [round(x) for x in v] for k, v in cold.items()}},
        "cold_ratio_ours_over_floor": round(med["snapshot"] / med["floor"], 3),
        "cold_ratio_normal_boot_over_floor": round(med["normal"] / med["floor"], 3),
        "snapshot_saved_ms": round(med["normal"] - med["snapshot"], 1),
        "boot_used": {**{f"{k}_runs": v for k, v in boots.items()}, "warm_runs": warm_boot},
        "worker_started_at_ms_cold": {k: _med([t["worker_started_at_ms"] for t in v if t]) for k, v in timings.items()},
        "worker_phases_cold": {k: _median_marks(v) for k, v in timings.items()},
        "warm_ms": {"ours_snapshot": _med(warm), "floor_bare_loadPyodide": _med(warm_floor),
                    "runs": [round(x) for x in warm],
                    "worker_started_at_ms": _med([t["worker_started_at_ms"] for t in warm_timings if t]),
                    "worker_phases": _median_marks(warm_timings)},
        "recalc_round_trip_ms": recalc,
        "recalc_worst_median_ms": max((v["median_ms"] for v in recalc.values()), default=None),
    }
    return out


# ---- bytes ---------------------------------------------------------------------------------

def kind_of(url_or_path: str) -> str:
    p = url_or_path.split("?", 1)[0].split("#", 1)[0]
    name = p.rsplit("/", 1)[-1]
    if name == "snapshot.bin.gz":
        return "snapshot"
    if name.endswith(".whl") or name == "pyodide-lock.json":
        return "wheel"
    if "/pyodide/" in p or name.startswith(("pyodide", "python_stdlib")):
        return "pyodide"
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else "html"
    return {"html": "html", "css": "css", "js": "js", "mjs": "js", "json": "json", "svg": "image",
            "png": "image", "ico": "image", "woff": "font", "woff2": "font", "xml": "other",
            "webmanifest": "json"}.get(ext, "other")


def record(page) -> list:
    reqs = []
    page.on("requestfinished", lambda r: reqs.append(r))
    return reqs


def summarize(reqs) -> dict:
    by_kind: dict[str, dict] = {}
    total = 0
    for r in reqs:
        try:
            s = r.sizes()
            n = s["responseBodySize"] + s["responseHeadersSize"]
        except Exception:
            n = 0
        k = kind_of(r.url)
        d = by_kind.setdefault(k, {"requests": 0, "bytes": 0})
        d["requests"] += 1
        d["bytes"] += n
        total += n
    return {"requests": len(reqs), "bytes": total, "kb": round(total / 1000, 1),
            "by_kind": dict(sorted(by_kind.items(), key=lambda kv: -kv[1]["bytes"]))}


def rules_pages() -> list[str]:
    """Every built page without a calculator, as a URL path under the prefix."""
    out = []
    for f in sorted(SITE.rglob("index.html")):
        rel = f.relative_to(SITE).as_posix()[: -len("index.html")]
        if rel.startswith(("calculators/", "en/calculators/", "search/")):
            continue
        if 'class="svod-calc"' in f.read_text(encoding="utf-8"):
            continue
        out.append(rel)
    return out


def largest_rules_page() -> str:
    pages = [p for p in rules_pages() if p]
    return max(pages, key=lambda p: (SITE / p / "index.html").stat().st_size)


def rules_page_transfer(pw, base: str, path: str) -> dict:
    """What one page transfers up to idle (before the service worker starts precaching)."""
    with context(pw) as ctx:
        page = _page(ctx)
        reqs = record(page)
        page.goto(base + path, wait_until="load")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        return summarize(reqs)


def precache_bytes() -> dict:
    from scripts.steps.service_worker import file_for, precache_list

    by_kind: dict[str, dict] = {}
    raw = gz = stored = 0
    for rel in precache_list(SITE):
        data = file_for(SITE, rel).read_bytes()
        k = kind_of("/" + rel)
        # the service worker keeps the snapshot inflated (sw.template.js)
        stored += len(gzip.decompress(data)) if k == "snapshot" else len(data)
        # what a compressing server sends: text gzipped, already-compressed files as they are
        z = len(data) if k in ("snapshot", "wheel", "image", "font") and not rel.endswith(".svg") \
            or rel.endswith((".zip", ".png", ".ico", ".woff2")) else len(gzip.compress(data, 6))
        d = by_kind.setdefault(k, {"files": 0, "bytes": 0, "gzip_bytes": 0})
        d["files"] += 1
        d["bytes"] += len(data)
        d["gzip_bytes"] += z
        raw += len(data)
        gz += z
    return {"files": sum(d["files"] for d in by_kind.values()), "bytes": raw, "mb": round(raw / 1e6, 2),
            "gzip_bytes": gz, "gzip_mb": round(gz / 1e6, 2), "stored_bytes": stored, "stored_mb": round(stored / 1e6, 2),
            "by_kind": dict(sorted(by_kind.items(), key=lambda kv: -kv[1]["bytes"]))}


def bench_bytes(repeat: int) -> dict:
    out = {}
    with served() as base, playwright() as pw:
        out["home_page"] = rules_page_transfer(pw, base, HOME_PAGE)
        big = largest_rules_page()
        out["rules_page"] = {"page": big, **rules_page_transfer(pw, base, big)}
        with context(pw) as ctx:
            page = _page(ctx)
            reqs = record(page)
            first_result(page, base + CALC_PAGE)
            page.wait_for_timeout(300)
            out["calculator_page"] = {"page": CALC_PAGE, "until": "first result", **summarize(reqs)}
    with served(compress=False) as base, playwright() as pw:  # what gzip buys
        out["rules_page_uncompressed"] = {"page": big, **rules_page_transfer(pw, base, big)}
    out["service_worker_precache"] = precache_bytes()
    wheel = sorted(SITE.rglob("svod_rules_core-*.whl"))
    out["wheel_bytes"] = wheel[0].stat().st_size if wheel else None
    snap = sorted(SITE.rglob("snapshot.bin.gz"))
    if snap:
        files = json.loads((SITE / "assets/pyodide/files.json").read_text())
        out["snapshot"] = {"gzip_bytes": snap[0].stat().st_size, "raw_bytes": files["snapshot"]["raw_bytes"],
                           "sparse_bytes": files["snapshot"].get("sparse_bytes")}
    return out


# ---- memory --------------------------------------------------------------------------------

def _renderers(user_dir: str) -> list[int]:
    """Renderer processes of the chromium started with ``user_dir`` (its descendants)."""
    procs = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            # chromium rewrites its children's titles: one string, arguments separated by spaces
            cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").split()
            ppid = int(Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        procs[int(d)] = (ppid, cmd)
    roots = {pid for pid, (_, cmd) in procs.items()
             if any(c.startswith(b"--user-data-dir=") and c.endswith(user_dir.encode()) for c in cmd)
             and not any(c.startswith(b"--type=") for c in cmd)}

    def under(pid):
        seen = set()
        while pid in procs and pid not in seen:
            if pid in roots:
                return True
            seen.add(pid)
            pid = procs[pid][0]
        return False

    return [pid for pid, (_, cmd) in procs.items() if b"--type=renderer" in cmd and under(pid)]


def _status_kb(pid: int, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def peak_memory(pw, base: str, snapshot: bool) -> dict:
    """Sample the renderers' proportional set size (PSS: shared pages split between processes)
    every 50 ms from navigation to the first result + 0.5 s; keep the peaks."""
    with context(pw, snapshot=snapshot) as ctx:
        page = _page(ctx)
        peak = {"largest": 0, "sum": 0}
        stop = threading.Event()

        def sample():
            while not stop.is_set():
                pids = _renderers(ctx.svod_user_dir)
                pss = [_pss_kb(p) for p in pids]
                if pss:
                    peak["largest"] = max(peak["largest"], max(pss))
                    peak["sum"] = max(peak["sum"], sum(pss))
                stop.wait(0.05)

        t = threading.Thread(target=sample, daemon=True)
        t.start()
        try:
            first_result(page, base + CALC_PAGE)
            page.wait_for_timeout(500)
        finally:
            stop.set()
            t.join()
        pids = _renderers(ctx.svod_user_dir)
        hwm = {pid: _status_kb(pid, "VmHWM") for pid in pids}
    return {"renderers": len(pids),
            "peak_pss_mb_largest_renderer": round(peak["largest"] / 1024, 1),
            "peak_pss_mb_all_renderers": round(peak["sum"] / 1024, 1),
            "vmhwm_mb_largest_renderer": round(max(hwm.values(), default=0) / 1024, 1)}


def bench_memory(repeat: int) -> dict:
    with served() as base, playwright() as pw:
        return {"note": "Chromium renderer processes of a fresh profile loading the calculator page; the page "
                        "and its Pyodide worker share the largest one. PSS (shared pages such as chromium's own code "
                        "split between processes) sampled every 50 ms, peak kept; VmHWM (peak resident, counting "
                        "shared pages whole) for reference. Budget 300 MB.",
                "with_snapshot": peak_memory(pw, base, True), "without_snapshot": peak_memory(pw, base, False)}


# ---- lighthouse ----------------------------------------------------------------------------

def lighthouse_bin() -> Path:
    exe = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
    pkg = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "package.json"
    if not exe.exists() or json.loads(pkg.read_text())["version"] != LIGHTHOUSE_VERSION:
        LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
        if not (LIGHTHOUSE_DIR / "package.json").exists():
            (LIGHTHOUSE_DIR / "package.json").write_text('{"name": "svod-bench-lighthouse", "private": true}\n')
        subprocess.run(["npm", "i", "--no-save", "-E", f"lighthouse@{LIGHTHOUSE_VERSION}", "--no-audit", "--no-fund"],
                       cwd=LIGHTHOUSE_DIR, check=True, capture_output=True, timeout=600)
    return exe


def lighthouse(url: str) -> dict:
    exe = lighthouse_bin()
    user_dir = tempfile.mkdtemp(prefix="svod-lh-")
    out = Path(tempfile.mkdtemp(prefix="svod-lh-out-")) / "report.json"
    try:
        flags = " ".join(CHROMIUM_ARGS + [f"--user-data-dir={user_dir}"])
        subprocess.run([str(exe), url, "--quiet", "--output=json", f"--output-path={out}",
                        "--only-categories=performance,accessibility,best-practices,seo",
                        f"--chrome-flags={flags}"],
                       env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True, capture_output=True, timeout=300)
        rep = json.loads(out.read_text())
    finally:
        shutil.rmtree(user_dir, ignore_errors=True)
        shutil.rmtree(out.parent, ignore_errors=True)
    scores = {k: round(v["score"] * 100) if v.get("score") is not None else None for k, v in rep["categories"].items()}
    failed = {}
    for cat in ("accessibility", "best-practices", "seo"):
        for ref in rep["categories"][cat]["auditRefs"]:
            a = rep["audits"][ref["id"]]
            if ref.get("weight") and a.get("score") is not None and a["score"] < 1:
                items = (a.get("details") or {}).get("items") or []
                where = [((i.get("node") or {}).get("selector") or "") for i in items[:3]]
                where = [w for w in where if w]
                failed.setdefault(cat, []).append(ref["id"] + (f" ({', '.join(where)})" if where else ""))
    perf = {k: rep["audits"][k]["displayValue"] for k in
            ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
             "speed-index") if k in rep["audits"]}
    return {"scores": scores, "failed_audits": failed, "metrics": perf}


def bench_lighthouse(repeat: int) -> dict:
    """Each page ``runs`` times (the performance score moves by several points from run to run
    here; Lighthouse's own advice is the median of several): the run with the median performance
    score is reported, with every run's performance score beside it."""
    runs = 1 if repeat < 7 else 3
    out = {}
    with served() as base:
        for name, path in (("home", HOME_PAGE), ("rules_page", largest_rules_page()), ("calculator_page", CALC_PAGE)):
            rs = [lighthouse(base + path) for _ in range(runs)]
            rs.sort(key=lambda r: r["scores"].get("performance") or 0)
            out[name] = {"page": path or "/", **rs[len(rs) // 2],
                         "performance_runs": [r["scores"].get("performance") for r in rs]}
    out["version"] = LIGHTHOUSE_VERSION
    out["runs_per_page"] = runs
    return out


#: Measured by hand on this machine while making the changes (same bench, --quick), kept for the report.
MANUAL_NOTES = [
    "Search index deferred until the search is touched (overrides/main.html): the largest rules page went "
    "from 15 requests / 1.84 MB (no gzip; 1.44 MB of it Material's search_index.json) to 11 requests / 86 KB gzipped.",
    "Warm boot: the worker first skipped nothing and re-read the 13 MB runtime from the service-worker cache "
    "before loadPyodide read it again (warm first result 1587 ms, of which worker 'download' 375 ms); "
    "it now checks the cache and goes straight to loadPyodide (see warm worker timings).",
    "Early worker start: an inline classic script at the very start of <head> that creates the worker "
    "(calc.mjs takes it over) starts it at 40–250 ms instead of about 470 ms, but on this machine the cold first "
    "result was about 100 ms slower with it (its 20 MB of downloads compete with the page's stylesheets and "
    "scripts on the benchmark server's six HTTP/1.1 connections and the two cores) and Lighthouse saw the "
    "calculator page's start-up tasks stretched; it was kept behind SVOD_CALC_EARLY = true, measured in a row of "
    "its own, and removed for measuring no faster. calc.mjs, imported by an async module at the end of <head>, starts it.",
    "Boot all at once (calculators/worker.mjs): before, loadPyodide awaited the whole snapshot before it even "
    "started compiling the .wasm, and the worker's progress download ran before loadPyodide read everything a "
    "second time. Now the .wasm compiles while it downloads (compileStreaming), the stdlib, both modules and the "
    "snapshot come in parallel, and loadPyodide is handed the results: each runtime file is fetched once "
    "(tests/browser/test_perf.py checks it).",
    "Sparse snapshot (scripts/steps/snapshot.py): runs of ≥ 256 zero bytes (51 % of the 31.5 MB heap) are left out; "
    "the worker writes 15.8 MB into the image instead of inflating and copying 31.5 MB. Gzipped size unchanged (6.5 MB).",
    "Service worker: cache.match with ignoreSearch scans every entry (about 200) on every request; URLs without a "
    "query are now looked up by key. The worker reads runtime files from Cache Storage itself when they are there: "
    "in one warm page, 4 rounds, .wasm 41–55 ms directly vs 88–94 ms through the service worker, stdlib 16–22 vs 37–43 ms.",
    "Material's search worker (lunr and the stemmers, 100–340 ms of a worker thread at every page load) is started "
    "at the first search instead (overrides/main.html); the first visit's precache of the whole site (34 MB) waits "
    "until the calculator on the page is ready (site.mjs), instead of competing with its boot.",
    "Warm path, 29 Nov 2026 (interleaved A/B of two builds in warm profiles, 12-14 rounds each, load 2-4): "
    "the service worker keeps the snapshot inflated, no gunzip in the worker (1437 -> 1326 ms); its records are "
    "written straight into the interpreter's memory, no 31.5 MB image built and copied (1279 -> 1248 ms); "
    "pyodide.asm.mjs imported by URL (code cache) instead of a blob from Cache Storage (1305 -> 1169, "
    "1386 -> 1332 ms); loadPyodide starts on the snapshot's 144-byte head; the page's <head> compiles the .wasm "
    "from Cache Storage on a warm visit and hands the module to the worker (1310 -> 1222, 1265 -> 1162 ms).",
    "Measured and not kept (no gain beyond the noise, 2 x 14 rounds): the page also reading the stdlib and the "
    "snapshot for the worker (1102 -> 1062, then 1300 -> 1342 ms); a cache of Emscripten's 262 one-function "
    "modules (231 hits, Node boot unchanged); early worker start on warm visits (1309 vs 1318 ms); the stdlib "
    "and the snapshot read whole from Cache Storage (ready at 142 and 213 ms of the worker's clock instead of 532 "
    "and 596, first result 1347 vs 1349 ms): those reads are not on the critical path, Pyodide's own start from "
    "instantiate to loaded (about 420 ms here) is.",
    "CPU, not waiting, bounds the warm boot here: in a trace of one warm first result the busy time of all threads "
    "adds up to about twice the wall time (2 shared cores), the renderer's main thread ran 49 % of its tasks' wall "
    "time and the worker 59 %. What is left on the worker's path is Pyodide's own start (Emscripten's dynamic "
    "linking ≈ 180 ms, bootstrap ≈ 110 ms, functions compiled at first call ≈ 100 ms): V8 made no .wasm code cache "
    "in 15 s of use (none is consumed on a warm boot). Numbers are formatted without Intl.NumberFormat, whose "
    "first instance cost 30-80 ms of main-thread time; freed memory is zeroed in the snapshot (6.5 -> 5.75 MB).",
]


def notes(r: dict) -> list[str]:
    out = []
    b = r.get("browser")
    if b:
        out.append(f"Snapshot: cold first result {b['cold_ms']['ours_normal_boot']:.0f} → {b['cold_ms']['ours_snapshot']:.0f} ms "
                   f"(saved {b['snapshot_saved_ms']:.0f} ms); ours/floor {b['cold_ratio_normal_boot_over_floor']} → "
                   f"{b['cold_ratio_ours_over_floor']}.")
    y = r.get("bytes")
    if y and "rules_page_uncompressed" in y:
        out.append(f"Compression (gzip, as GitHub Pages does): largest rules page {y['rules_page_uncompressed']['kb']} KB "
                   f"→ {y['rules_page']['kb']} KB; precache {y['service_worker_precache']['mb']} MB → "
                   f"{y['service_worker_precache']['gzip_mb']} MB (the snapshot is gzipped at build time, "
                   "so it is small whatever the server does).")
    return out + MANUAL_NOTES


SECTIONS = {"browser": bench_browser, "bytes": bench_bytes, "memory": bench_memory, "lighthouse": bench_lighthouse}


# ---- targets -------------------------------------------------------------------------------

def targets(r: dict) -> dict:
    t = {}

    def put(name, budget, measured, ok):
        t[name] = {"budget": budget, "measured": measured, "ok": ok}

    b = r.get("browser")
    if b:
        ratio = b["cold_ratio_ours_over_floor"]
        put("navigation → first result, cold", "≤ 0.5 × bare loadPyodide() floor",
            f"{b['cold_ms']['ours_snapshot']:.0f} ms = {ratio} × floor {b['cold_ms']['floor_bare_loadPyodide']:.0f} ms "
            f"(normal boot {b['cold_ms']['ours_normal_boot']:.0f} ms = {b['cold_ratio_normal_boot_over_floor']} ×)",
            ratio <= 0.5)
        w = b["warm_ms"]["ours_snapshot"]
        put("navigation → first result, warm (service worker)", "< 1000 ms", f"{w:.0f} ms", w < 1000)
        worst = b["recalc_worst_median_ms"]
        put("one recalculation, largest inputs (worst calculator)", "< 50 ms", f"{worst} ms", worst is not None and worst < 50)
    sc = (r.get("node") or {}).get("scene")
    if sc:
        worst = max(sc["undo_ms"], sc["redo_ms"])
        put(f"scene undo / redo at the log's limit ({sc['entries']} entries), Pyodide in Node", "< 100 ms",
            f"{sc['undo_ms']} / {sc['redo_ms']} ms (its load, checked against its log: {sc['load_verify_ms']} ms)",
            worst < 100)
    y = r.get("bytes")
    if y:
        kb = y["rules_page"]["kb"]
        put("rules page transfer before idle", "≤ 150 KB", f"{kb} KB ({y['rules_page']['requests']} requests)", kb <= 150)
    m = r.get("memory")
    if m:
        for k in ("with_snapshot", "without_snapshot"):
            mb = m[k]["peak_pss_mb_largest_renderer"]
            put(f"calculator page peak memory (page + worker renderer, PSS), {k.replace('_', ' ')}", "≤ 300 MB",
                f"{mb} MB (all renderers {m[k]['peak_pss_mb_all_renderers']} MB)", mb <= 300)
    lh = r.get("lighthouse")
    if lh:
        goals = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 95}
        for page in ("home", "rules_page", "calculator_page"):
            if page not in lh:
                continue
            s = lh[page]["scores"]
            put(f"Lighthouse mobile, {page.replace('_', ' ')}", "perf ≥ 95, a11y 100, BP 100, SEO ≥ 95",
                " / ".join(str(s.get(k)) for k in goals),
                all(s.get(k) is not None and s[k] >= v for k, v in goals.items()))
    return t
