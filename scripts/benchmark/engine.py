"""The engine sections of ``scripts/bench``: ``cpython`` (every calculator at its largest inputs;
our exact pool vs icepool as a ratio; a scene at the log's limit: its load with the check against its
log, undo and redo) and ``node`` (Pyodide in Node: boot, wheel install, import, first call; from the
build's memory snapshot; the same scene's load, undo and redo)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The built site whose wheel and snapshot the node section boots (``--site``).
SITE = ROOT / "site"


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
    from rules_core import api, dice
    from rules_core.wod import pool

    calcs = {}
    for c in api.list_calculators():
        calc = api.get(c["id"])
        params = largest_valid_params(calc)
        caches = [f for m in (dice, pool) for f in vars(m).values() if hasattr(f, "cache_clear")]
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
            pool.d10_counts.cache_clear()
            return pool.d10_counts(n, 6)

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
    return {"calculators": calcs, "pool_vs_icepool": pools, "scene": bench_scene(repeat)}


def scene_at_the_limit(seed: int = 1) -> str:
    """The JSON text of a «Сериал» fight whose log is full (:data:`rules_core.scene.fields.MAX_LOG`
    entries): five characters with a stored attack each, turns, attacks (seeded), soak levels gained,
    statuses set — built through the API as the page builds it (the scene carried as its text)."""
    import random

    from rules_core import api
    from rules_core.scene import fields

    rnd = random.Random(seed)

    def req(**kw):
        return api.handle({"op": "scene", "reply": "text", **kw})

    text = req(cmd="new", name="Долгий бой")["result"]["scene_text"]
    people = [("Маша", "other", "party"), ("Олег", "other", "party"), ("Вампир", "vampire", "opponents"),
              ("Громила", "other", "opponents"), ("Лида", "other", "party")]
    for i, (name, kind, side) in enumerate(people):
        a = {"type": "add_character", "character": {
            "name": name, "system": "serial", "kind": kind, "side": side,
            "stats": {"stamina": 6, "health_max": 10, "dexterity": i + 1, "wits": 2},
            "attacks": [{"name": "Удар", "params": {"ranged": False, "attack_dice": 6, "damage_dice": 3}}]}}
        text = req(cmd="apply", scene=text, action=a)["result"]["scene_text"]
    ids = [f"c{i + 1}" for i in range(len(people))]
    n = 0
    while n < fields.MAX_LOG:
        r = rnd.random()
        if r < 0.3:
            a = {"type": "next_turn"}
        elif r < 0.8:
            att, tgt = rnd.sample(ids, 2)
            a = {"type": "attack", "attacker": att, "target": tgt, "weapon": "Удар", "seed": rnd.randrange(2 ** 32)}
        elif r < 0.9:
            a = {"type": "gain_absorption", "character": rnd.choice(ids), "amount": 3}
        else:
            a = {"type": "set_status", "character": rnd.choice(ids), "status": rnd.choice(["prone", "overloaded"]),
                 "values": {}}
        out = req(cmd="apply", scene=text, action=a)
        if out["ok"]:
            text = out["result"]["scene_text"]
            n = out["result"]["event"]["n"]
    return text


def bench_scene(repeat: int) -> dict:
    """CPython: a scene at the log's limit — its load with the check against its log (once, as the page
    does on opening it), then undo and redo of the scene the engine remembers (what the page sends)."""
    from rules_core import api
    from rules_core.scene import api as scene_api

    text = scene_at_the_limit()
    scene_api._KNOWN.clear()

    def call(cmd, **kw):
        return json.loads(api.handle_json(json.dumps({"op": "scene", "cmd": cmd, "reply": "text", **kw},
                                                     ensure_ascii=False)))

    t = time.perf_counter()
    loaded = call("load", scene=text)
    load_ms = (time.perf_counter() - t) * 1000
    cur = loaded["result"]["scene_text"]
    undo, redo = [], []
    for _ in range(max(3, repeat)):
        for kind, acc in (("undo", undo), ("redo", redo)):
            t = time.perf_counter()
            out = call("apply", scene=cur, action={"type": kind})
            acc.append((time.perf_counter() - t) * 1000)
            cur = out["result"]["scene_text"]
    return {"entries": len(json.loads(text)["log"]), "chars": len(text), "consistent": loaded["result"]["consistent"],
            "load_verify_ms": round(load_ms, 1), "undo_ms": round(statistics.median(undo), 1),
            "redo_ms": round(statistics.median(redo), 1)}


def _wheel() -> Path:
    found = sorted(SITE.rglob("svod_rules_core-*.whl"))
    if found:
        return found[-1]
    tmp = Path(tempfile.mkdtemp(prefix="svod-wheel-"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp), str(ROOT)],
                   check=True)
    return next(tmp.glob("*.whl"))


def _node_runs(args: list[str], repeat: int) -> list[dict]:
    runs = []
    for _ in range(repeat):
        out = subprocess.run(["node", str(Path(__file__).with_name("node.mjs")), *args],
                             capture_output=True, text=True, check=True, timeout=120)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return runs


def bench_node(repeat: int) -> dict:
    import gzip

    from scripts.steps import snapshot as snapshot_format

    pyodide = ROOT / "node_modules" / "pyodide"
    wheel = _wheel()
    runs = _node_runs([str(pyodide), str(wheel)], repeat)
    keys = ["boot_ms", "wheel_install_ms", "import_ms", "first_call_ms", "total_ms"]
    out = {"runs": len(runs), "python": runs[0]["python"], "ok": all(r["ok"] for r in runs),
           **{k: round(statistics.median(r[k] for r in runs), 1) for k in keys},
           "wheel_bytes": wheel.stat().st_size}
    snaps = sorted(SITE.rglob("snapshot.bin.gz"))
    if snaps:  # the build's memory snapshot (scripts/steps/snapshot.py): rules_core already imported
        with tempfile.TemporaryDirectory(prefix="svod-snap-") as tmp:
            raw = Path(tmp) / "snapshot.bin"
            raw.write_bytes(snapshot_format.decode(gzip.decompress(snaps[0].read_bytes())))
            sruns = _node_runs([str(pyodide), str(wheel), str(raw)], repeat)
        out["snapshot"] = {"ok": all(r["ok"] for r in sruns),
                           **{k: round(statistics.median(r[k] for r in sruns), 1) for k in keys}}
        out["snapshot"]["note"] = "boot from the snapshot; 'wheel install' is the reseed (nothing to install)"
    with tempfile.TemporaryDirectory(prefix="svod-scene-") as tmp:
        scene = Path(tmp) / "scene.json"
        scene.write_text(scene_at_the_limit(), encoding="utf-8")
        runs = _node_runs([str(pyodide), str(wheel), "--scene", str(scene)], max(1, repeat // 2))
    keys = ["load_verify_ms", "undo_ms", "redo_ms"]
    out["scene"] = {"ok": all(r["ok"] for r in runs), "entries": runs[0]["entries"], "chars": runs[0]["chars"],
                    **{k: round(statistics.median(r[k] for r in runs), 1) for k in keys}}
    return out


SECTIONS = {"cpython": bench_cpython, "node": bench_node}
