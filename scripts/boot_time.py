"""Time a calculator's boot on this machine, as the browser tests see it: the built site served
under /svod/, a fresh chromium profile (cold: nothing cached, the .wasm compiled), then a reload
in the same profile (warm). Prints one JSON line {"cold_ms", "warm_ms", "gap_ms"} (gap: the
longest time between two steps of a boot, what the page's boot watchdog measures).

``python -m scripts.boot_time [site]``; scripts/test runs it before the browser part and hands
the figure to the tests (``SVOD_BOOT_MEASURED_MS``: tests/browser/waits.py scales its waits from it).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import threading
import time

from scripts.serve_site import make_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGE = "calculators/codex-roll/"
#: Follows the boot's steps (svodCalc.rt's stage) and keeps the longest time between two.
STEPS = """() => { window.svodBootGap = 0; let last = performance.now(), was = null;
  const look = () => { const rt = window.svodCalc && svodCalc.rt; const now = performance.now();
    const s = rt ? rt.state + ':' + rt.stage : null;
    if (s !== was) { if (was) svodBootGap = Math.max(svodBootGap, now - last); last = now; was = s; }
    if (!rt || rt.state !== 'ready') setTimeout(look, 10); };
  look(); }"""
LIMIT_MS = 600_000  # a measurement, not a test: a machine this slow is reported, not failed


def measure(site: str = "site") -> dict:
    from playwright.sync_api import sync_playwright

    srv = make_server(site, "127.0.0.1", 0, "/svod/")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/svod/"
    user_dir = tempfile.mkdtemp(prefix="svod-chromium-")
    out = {}
    try:
        with sync_playwright() as p:
            ctx = p.chromium.launch_persistent_context(user_dir, executable_path=CHROMIUM, args=ARGS,
                                                       headless=True, service_workers="allow")
            ctx.add_init_script(f"window.SVOD_CALC_WATCHDOG_MS = {LIMIT_MS}; ({STEPS})();")
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            gaps = []
            for kind in ("cold", "warm"):
                t = time.monotonic()
                page.goto(base + PAGE) if kind == "cold" else page.reload()
                page.wait_for_function("window.svodCalc && svodCalc.rt && svodCalc.rt.state === 'ready'",
                                       timeout=LIMIT_MS)
                out[f"{kind}_ms"] = round((time.monotonic() - t) * 1000)
                gaps.append(page.evaluate("Math.round(window.svodBootGap)"))
            out["gap_ms"] = max(gaps)
            ctx.close()
    finally:
        shutil.rmtree(user_dir, ignore_errors=True)
        srv.shutdown()
        srv.server_close()
    return out


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1] if len(sys.argv) > 1 else "site")))
