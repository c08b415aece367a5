"""The calculator runtime's build: wheel, lock file, Pyodide copy, service worker, pages,
markers, and the one renderer (run in Node, as the build runs it)."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from rules_core import api
from scripts.steps import pyodide_runtime as copy_pyodide, service_worker, wheel as build_wheel
from svod_site import calc_pages as gen_calc_pages, calculators as hooks_calc

from tests.node import assert_reads_as_the_engine, node_eval
from tests.budgets import WHEEL_BUDGET

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"


# ---- the wheel -------------------------------------------------------------------------

def test_wheel_is_reproducible_and_versioned():
    name1, data1 = build_wheel.wheel_bytes_and_name(ROOT)
    name2, data2 = build_wheel.wheel_bytes_and_name(ROOT)
    assert (name1, data1) == (name2, data2)
    import rules_core

    # a versioned wheel name in a directory named by the content hash; no "+" in the URL
    assert re.fullmatch(rf"[0-9a-f]{{8}}/svod_rules_core-{re.escape(rules_core.__version__)}-py3-none-any\.whl",
                        name1)
    assert len(data1) < WHEEL_BUDGET, "the wheel should stay small"


def test_wheel_holds_every_module_with_a_valid_record():
    _, data = build_wheel.wheel_bytes_and_name(ROOT)
    z = zipfile.ZipFile(io.BytesIO(data))
    names = set(z.namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "rules_core").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert sources <= names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    record = next(n for n in names if n.endswith(".dist-info/RECORD"))
    rows = [line.split(",") for line in z.read(record).decode().splitlines()]
    assert {r[0] for r in rows} == names
    for path, digest, size in rows:
        if path == record:
            continue
        blob = z.read(path)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(blob).digest()).rstrip(b"=").decode()
        assert int(size) == len(blob)


def test_wheel_code_imports_only_the_standard_library():
    _, data = build_wheel.wheel_bytes_and_name(ROOT)
    z = zipfile.ZipFile(io.BytesIO(data))
    allowed = set(sys.stdlib_module_names) | {"rules_core", "__future__"}
    for name in z.namelist():
        if not name.endswith(".py"):
            continue
        for node in ast.walk(ast.parse(z.read(name), name)):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                mods = [node.module]
            else:
                continue
            for m in mods:
                assert m.split(".")[0] in allowed, f"{name} imports {m}: rules_core must use the standard library only"


def test_wheel_alone_runs_the_api(tmp_path):
    _, data = build_wheel.wheel_bytes_and_name(ROOT)
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    code = ("import sys; sys.path.insert(0, '.'); import json; from rules_core import api; "
            "print(json.dumps([c['id'] for c in api.list_calculators()]))")
    out = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout) == [c["id"] for c in api.list_calculators()]


# ---- the built site: runtime files, lock, service worker -------------------------------

def test_lock_file_names_only_our_wheel_with_its_hash(site_dir):
    lock = json.loads((SITE / "assets/py/pyodide-lock.json").read_text(encoding="utf-8"))
    assert list(lock["packages"]) == ["svod-rules-core"]
    entry = lock["packages"]["svod-rules-core"]
    wheel = SITE / "assets/py" / entry["file_name"]
    assert wheel.exists()
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["rules_core"] and entry["depends"] == []
    assert lock["info"]["python"].startswith("3.14")
    assert list((SITE / "assets/py").rglob("*.whl")) == [wheel]


def test_pyodide_runtime_is_pinned_and_minimal(site_dir):
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    assert re.fullmatch(r"314\.\d+\.\d+", pinned), "pin an exact 314.x (Python 3.14)"
    out = SITE / "assets/pyodide"
    assert sorted(p.name for p in out.iterdir()) == sorted([*copy_pyodide.FILES, "files.json"])
    files = json.loads((out / "files.json").read_text())
    assert files["version"] == pinned
    for name in copy_pyodide.FILES:
        assert files["files"][name] == (out / name).stat().st_size
        assert (out / name).read_bytes() == (ROOT / "node_modules/pyodide" / name).read_bytes()


def test_no_cdn_in_our_runtime_files(site_dir):
    for path in (SITE / "assets/calc").iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text.replace("http://www.w3.org", "")), path.name


def test_service_worker_precaches_every_page_and_the_runtime(site_dir):
    text = (SITE / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]+)"', text)[1]
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S)[1])
    assert version == service_worker.build_version(SITE, files)
    assert files == service_worker.precache_list(SITE)
    pages = set(files)
    for html in SITE.rglob("*.html"):
        rel = html.relative_to(SITE).as_posix()
        key = "./" if rel == "index.html" else rel[:-len("index.html")] if rel.endswith("/index.html") else rel
        assert key in pages, rel
    must = {"search/search_index.json", "manifest.webmanifest", "assets/py/pyodide-lock.json",
            "assets/calc/worker.mjs", "assets/calc/boot.mjs", "assets/calc/site.mjs", "assets/calc/head.js",
            "assets/calc/kinds.mjs", "404.html",
            *(f"assets/pyodide/{n}" for n in copy_pyodide.FILES)}
    assert must <= set(files)
    assert any(re.fullmatch(r"assets/py/[0-9a-f]{8}/svod_rules_core-.*\.whl", f) for f in files)
    assert not [f for f in files if f.endswith(".map") or f == "sw.js"]
    for f in files:
        assert service_worker.file_for(SITE, f).exists(), f


def test_pages_load_the_runtime_entry_and_manifest_relative_to_the_site(site_dir):
    html = (SITE / "calculators/index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="../assets/calc/site.mjs"' in html
    assert 'rel="manifest" href="../manifest.webmanifest"' in html
    assert "data-svod-offline" in html
    # the 404 page is served at any depth: absolute links under the sub-path
    nf = (SITE / "404.html").read_text(encoding="utf-8")
    assert "Страница не найдена" in nf and "Page not found" in nf
    assert 'src="/svod/assets/calc/site.mjs"' in nf


def test_manifest_and_icons(site_dir):
    man = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert man["start_url"] == "./" and man["scope"] == "./" and man["display"] == "standalone"
    sizes = set()
    for icon in man["icons"]:
        path = SITE / icon["src"]
        assert path.exists(), icon["src"]
        if icon["type"] == "image/png":
            head = path.read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            w, h = struct.unpack(">II", head[16:24])
            assert f"{w}x{h}" == icon["sizes"]
            sizes.add(w)
    assert {192, 512} <= sizes


def test_runtime_entry_is_small(site_dir):
    # loaded on every page, before idle: keep it tiny (the calculator code loads on demand)
    assert (SITE / "assets/calc/site.mjs").stat().st_size < 10_000


# ---- pages and markers -----------------------------------------------------------------

def test_every_calculator_has_a_page_and_is_listed(site_dir):
    index = (SITE / "calculators/index.html").read_text(encoding="utf-8")
    for c in api.list_calculators():
        page = SITE / "calculators" / c["id"] / "index.html"
        assert page.exists(), c["id"]
        html = page.read_text(encoding="utf-8")
        assert f'data-calc="{c["id"]}"' in html
        # the form is in the page from the start: one input per scalar parameter
        for p in c["params"]:
            if p["kind"] != "record_list":
                assert f'name="{p["name"]}"' in html, (c["id"], p["name"])
        assert f'href="{c["id"]}/"' in index
        # the defaults' results are in the page before Python runs
        assert 'data-prebuilt="1"' in html and ("svod-figure" in html or "svod-table" in html or "svod-dist" in html)


def test_calc_pages_link_the_rule_pages_that_embed_them(tmp_path):
    docs = tmp_path / "docs"
    (docs / "wod").mkdir(parents=True)
    (docs / "wod" / "dice.md").write_text("# Броски {#dice}\n\ntext\n\n<!-- svod:calc wod-pool -->\n", encoding="utf-8")
    where = gen_calc_pages.embeds(docs)
    assert where == {"wod-pool": [Path("wod/dice.md")]}
    pages = gen_calc_pages.render_pages(api.list_calculators(), api.SYSTEMS, where, docs, "ru")
    assert "[Броски](../wod/dice.md)" in pages["index.md"]
    assert "<!-- svod:calc wod-pool -->" in pages["wod-pool.md"]
    assert "[Броски](../wod/dice.md)" in pages["wod-pool.md"]


def test_marker_replaced_keeping_indent_and_unknown_id_is_an_error():
    md = "Text\n\n!!! note\n    <!-- svod:calc wod-pool -->\n"
    out = hooks_calc.replace_markers(md, "x.md")
    assert '    <div class="svod-calc-slot" data-svod-calc="wod-pool"></div>' in out
    assert "`<!-- svod:calc nope -->` inline" == hooks_calc.replace_markers("`<!-- svod:calc nope -->` inline", "x.md")
    fenced = "Пример:\n\n```markdown\n<!-- svod:calc any-id -->\n```\n\n<!-- svod:calc wod-pool -->\n"
    out = hooks_calc.replace_markers(fenced, "x.md")
    assert "```markdown\n<!-- svod:calc any-id -->\n```" in out and 'data-svod-calc="wod-pool"' in out
    with pytest.raises(hooks_calc.UnknownCalculator, match=r"rules/x\.md: unknown calculator «no-such-calc»"):
        hooks_calc.replace_markers("<!-- svod:calc no-such-calc -->\n", "rules/x.md")


@pytest.mark.slow
def test_unknown_marker_fails_the_build(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("pyodide", "py"))
    (docs / "bad.md").write_text("# Bad\n\n<!-- svod:calc wod-poool -->\n", encoding="utf-8")
    cfg = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    cfg = re.sub(r"^docs_dir:.*$", f"docs_dir: {docs}", cfg, flags=re.M)
    cfg = re.sub(r"^site_dir:.*$", f"site_dir: {tmp_path / 'site'}", cfg, flags=re.M)
    cfg = cfg.replace("custom_dir: overrides", f"custom_dir: {ROOT / 'overrides'}")
    (tmp_path / "mkdocs.yml").write_text(cfg, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(tmp_path / "mkdocs.yml")],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0
    assert "bad.md: unknown calculator «wod-poool»" in r.stderr + r.stdout


# ---- the renderer, run in Node as the build runs it -----------------------------------

ALL_KINDS_SPEC = {
    "id": "test-all-kinds", "system": "common", "kind": "dice", "can_roll": True,
    "title": {"ru": "Все виды", "en": "All kinds"},
    "params": [
        {"name": "n", "kind": "int", "label": {"ru": "Число", "en": "Number"}, "default": 3, "min": 0, "max": 9},
        {"name": "flag", "kind": "bool", "label": {"ru": "Флаг", "en": "Flag"}, "default": True},
        {"name": "mode", "kind": "choice", "label": {"ru": "Режим", "en": "Mode"}, "default": "b",
         "options": [{"value": "a", "label": {"ru": "А", "en": "A"}}, {"value": "b", "label": {"ru": "Б", "en": "B"}}]},
        {"name": "bonus", "kind": "int_list", "label": {"ru": "Бонусы", "en": "Bonuses"}, "default": [1, 2],
         "min": 0, "max": 5, "min_len": 0, "max_len": 4},
        {"name": "foes", "kind": "record_list", "label": {"ru": "Враги", "en": "Foes"}, "min_len": 1, "max_len": 3,
         "default": [{"hp": 4, "armed": False}],
         "fields": [{"name": "hp", "kind": "int", "label": {"ru": "Здоровье", "en": "Health"}, "default": 7, "min": 1, "max": 9},
                    {"name": "armed", "kind": "bool", "label": {"ru": "Вооружён", "en": "Armed"}, "default": False}]},
    ],
}

BLOCKS = [
    {"kind": "figures", "items": [
        {"key": "p", "label": {"ru": "Шанс попасть", "en": "Chance to hit"}, "value": {"exact": "37/50", "float": 0.74}},
        {"key": "m", "label": {"ru": "Среднее", "en": "Mean"}, "value": {"exact": "7/2", "float": 3.5, "kind": "number"}},
        {"key": "s", "label": {"ru": "Итог", "en": "Result"}, "value": {"ru": "успех", "en": "success"}}]},
    {"kind": "distribution", "key": "net", "title": {"ru": "Успехи", "en": "Successes"},
     "x_label": {"ru": "успехов", "en": "successes"},
     "rows": [{"x": {"ru": "провал", "en": "botch"}, "p": {"exact": "1/4", "float": 0.25}, "p_at_least": None},
              {"x": 0, "p": {"exact": "1/4", "float": 0.25}, "p_at_least": {"exact": "3/4", "float": 0.75}},
              {"x": 1, "p": {"exact": "1/2", "float": 0.5}, "p_at_least": {"exact": "1/2", "float": 0.5}}]},
    {"kind": "table", "title": {"ru": "Таблица", "en": "Table"}, "columns": [{"ru": "А", "en": "A"}],
     "rows": [[-2], [{"exact": "1/3", "float": 1 / 3}]]},
    {"kind": "note", "level": "warning", "text": {"ru": "Внимание <b>", "en": "Careful"}},
    {"kind": "dice", "label": {"ru": "Выпало", "en": "Rolled"}, "sides": 10, "faces": [10, 1, 6], "marks": ["success", "one", ""]},
    {"kind": "future-kind", "whatever": 1},
]


def test_form_renderer_handles_every_param_kind():
    specs = [ALL_KINDS_SPEC, *api.list_calculators()]
    html = hooks_calc.render_forms(specs)
    ru = html["ru"]["test-all-kinds"]
    assert 'name="n" type="text" inputmode="numeric"' in ru and 'min="0"' in ru and 'max="9"' in ru
    assert 'name="flag" type="checkbox" checked' in ru
    assert '<option value="b" selected>Б</option>' in ru
    assert 'name="bonus" type="text"' in ru and 'value="1, 2"' in ru
    assert 'name="foes[0].hp"' in ru and 'value="4"' in ru and 'data-field="foes[0]"' in ru
    assert "svod-record__add" in ru and "Бросить" in ru
    assert "Number" in html["en"]["test-all-kinds"] and "Roll" in html["en"]["test-all-kinds"]
    for c in api.list_calculators():
        assert f'data-calc="{c["id"]}"' in html["ru"][c["id"]]


def test_form_renderer_refuses_a_kind_it_does_not_know():
    """kinds.mjs is the one table of parameter kinds: a spec with a kind it lacks fails the
    build, naming the param and the kind, instead of drawing something that half works."""
    from mkdocs.exceptions import PluginError

    spec = {**ALL_KINDS_SPEC, "params": [*ALL_KINDS_SPEC["params"],
                                         {"name": "when", "kind": "date", "label": {"ru": "Когда", "en": "When"},
                                          "default": "2026-11-30"}]}
    with pytest.raises(PluginError, match=r'param when: unknown kind "date"'):
        hooks_calc.render_forms([spec])


def test_boot_module_is_written_for_the_shipped_pyodide():
    """calculators/boot.mjs relies on one Pyodide's loader internals and says which: the version
    package.json pins and node_modules holds (what the build copies into the site)."""
    written_for = node_eval('import { PYODIDE_VERSION } from "./calculators/boot.mjs"; console.log(PYODIDE_VERSION);').strip()
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    installed = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    assert written_for == pinned == installed


def test_another_pyodide_fails_the_build(tmp_path):
    """With another Pyodide in node_modules the build's form step (render_forms.mjs, run by every
    build) fails, naming both versions, and draws nothing."""
    shutil.copytree(ROOT / "calculators", tmp_path / "calculators")
    (tmp_path / "node_modules/pyodide").mkdir(parents=True)
    (tmp_path / "node_modules/pyodide/package.json").write_text('{"name": "pyodide", "version": "315.0.0"}')
    r = subprocess.run([shutil.which("node"), str(tmp_path / "calculators/build/render_forms.mjs")],
                       input=json.dumps({"specs": [ALL_KINDS_SPEC], "langs": ["ru"]}), capture_output=True, text=True)
    assert r.returncode == 1 and r.stdout == ""
    assert "Pyodide 315.0.0" in r.stderr and "written for Pyodide 314." in r.stderr, r.stderr
    # the same step with the shipped Pyodide draws the form
    shutil.copy(ROOT / "node_modules/pyodide/package.json", tmp_path / "node_modules/pyodide/package.json")
    r = subprocess.run([shutil.which("node"), str(tmp_path / "calculators/build/render_forms.mjs")],
                       input=json.dumps({"specs": [ALL_KINDS_SPEC], "langs": ["ru"]}), capture_output=True, text=True)
    assert r.returncode == 0 and 'data-calc="test-all-kinds"' in json.loads(r.stdout)["ru"]["test-all-kinds"], r.stderr


def test_result_renderer_handles_every_block_kind():
    code = f"""
import {{ renderBlocks, fmtPercent }} from "./calculators/render.mjs";
const blocks = {json.dumps(BLOCKS)};
console.log(JSON.stringify({{ ru: renderBlocks(blocks, "ru"), en: renderBlocks(blocks, "en") }}));
"""
    out = json.loads(node_eval(code))
    ru, en = out["ru"], out["en"]
    assert "Шанс попасть:" in ru and "74\u00a0%" in ru and 'data-exact="37/50"' in ru
    assert "3,5" in ru and 'data-exact="7/2"' in ru and "успех" in ru
    assert "74%" in en and "3.5" in en and "Chance to hit" in en
    assert ru.count("<rect") == 3 and 'role="img"' in ru and "<title" in ru
    assert ru.count('data-col="p_at_least"') == 3 and 'data-exact="3/4"' in ru
    assert "−2" in ru and "Внимание &lt;b&gt;" in ru and "admonition warning" in ru
    assert ru.count('class="svod-die') == 3 and "svod-die--success" in ru and 'aria-label="1, единица"' in ru
    assert "future-kind" not in ru


def test_number_formatting_matches_intl():
    """render.mjs formats numbers itself (the first Intl.NumberFormat of a page costs 30-80 ms of
    main-thread time in the calculator's boot); its output must be Intl's, character for
    character, for ru-RU and en-GB: decimals, percents, the progress line's megabytes."""
    code = """
import { formatDecimal } from "./calculators/render.mjs";
let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const xs = [0, -0, 1, -1, 0.5, 0.745, 1.0005, 2.5, -2.5, 0.0005, 0.00049, 999.9995, 1234.5, 1234567.891,
  1e-7, 1.5e-10, 123456789012, 0.1 + 0.2, 99.995, 0.99995, 0.0000999, 5e-324, 1e20, 9.995, 0.9999];
for (let i = 0; i < 3000; i++) {
  const scale = 10 ** Math.floor(rnd() * 14 - 7);
  xs.push((rnd() - 0.3) * scale, Math.round(rnd() * 100000) / 1000, Math.round(rnd() * 1e6) / 1e6);
}
const bad = [];
for (const lang of ["ru", "en"]) {
  const loc = lang === "en" ? "en-GB" : "ru-RU";
  for (const [max, min] of [[3, 0], [2, 0], [1, 0], [0, 0], [1, 1]]) {
    const nf = new Intl.NumberFormat(loc, { maximumFractionDigits: max, minimumFractionDigits: min });
    for (const x of xs) if (nf.format(x) !== formatDecimal(x, lang, max, min))
      bad.push([lang, max, min, x, nf.format(x), formatDecimal(x, lang, max, min)]);
  }
  for (const d of [0, 1, 2]) {
    const pf = new Intl.NumberFormat(loc, { style: "percent", maximumFractionDigits: d, minimumFractionDigits: 0 });
    const mine = (x) => formatDecimal(x, lang, d, 0, 2) + (lang === "en" ? "%" : "\\u00a0%");
    for (const x of xs) if (x >= 0 && pf.format(x) !== mine(x)) bad.push([lang, "percent", d, x, pf.format(x), mine(x)]);
  }
}
console.log(JSON.stringify({ n: xs.length, bad: bad.slice(0, 10) }));
"""
    out = json.loads(node_eval(code))
    assert out["n"] > 9000
    assert out["bad"] == []


def test_percentages_never_round_to_certainty():
    code = """
import { fmtPercent } from "./calculators/render.mjs";
const cases = [["1/1", 1], ["0/1", 0], ["1/100000", 1e-5], ["99999/100000", 0.99999], ["1/3", 1/3], ["1/200", 0.005],
  ["19999/20000", 0.99995], ["1/20000", 0.00005]];
console.log(JSON.stringify(cases.map(([e, f]) => fmtPercent({exact: e, float: f}, "ru"))));
"""
    out = json.loads(node_eval(code))
    assert out[0] == "100\u00a0%" and out[1] == "0\u00a0%"
    assert out[2].startswith("<") and out[3].startswith(">")
    assert out[4] == "33\u00a0%" and out[5] == "0,5\u00a0%"
    # 99.995 % would round to "100 %" at two digits: "> 99,99 %"
    assert out[6] == "> 99,99\u00a0%" and out[7] == "0,01\u00a0%"


# ---- deep links: each kind's reading of a link, generated from every spec ----------------

MINUS = "\u2212"


def _link_cases(p: dict, path: str) -> list[tuple[str, str | None]]:
    """(link text, None if valid else the field path it must be refused at) for one param:
    valid values, and bad ones of every sort the page must refuse rather than reinterpret."""
    kind = p["kind"]
    if kind == "int":
        lo, hi = p.get("min"), p.get("max")
        good = [str(p["default"]), str(lo), str(hi)] + ([MINUS + str(-lo)] if lo is not None and lo < 0 else [])
        bad = ["", " 1", "1 ", "+1", "1_0", "\u0661", "\uff11", "1e1", "1.0", "0x1", "--1", "x" * 41]
        return [(t, None) for t in good] + [(t, path) for t in bad]
    if kind == "bool":
        return [("1", None), ("0", None)] + [(t, path) for t in ("true", "false", "yes", "да", "on", "", "junk", "01", " 1")]
    if kind == "choice":
        values = [o["value"] for o in p["options"]]
        bad = ["", "zzz", " " + values[0], values[0] + " "] + ([values[0].upper()] if values[0].upper() not in values else [])
        return [(v, None) for v in values] + [(t, path) for t in bad]
    if kind == "int_list":
        d = [str(x) for x in p["default"]]
        good = [",".join(d), ", ".join(d)] + ([""] if p["min_len"] == 0 else [])
        bad = [(",".join(d) + ",", f"{path}[{len(d)}]"), ("1,,2", f"{path}[1]"), (" 1", f"{path}[0]"), ("x", f"{path}[0]"),
               ("1;2", f"{path}[0]"), (",".join(["1"] * (p["max_len"] + 1)), path), ("1," * 5000, path)]
        return [(t, None) for t in good] + bad
    if kind == "record_list":
        full = [{f["name"]: r.get(f["name"], f["default"]) for f in p["fields"]} for r in p["default"]]
        good = [json.dumps(p["default"]), json.dumps(full), json.dumps([{}] * max(1, p["min_len"]))]
        bad = [("nope", path), ("{}", path), (json.dumps([{}] * (p["max_len"] + 1)), path), ("[" + "{}," * 100000 + "{}]", path),
               ("[5]", f"{path}[0]"), (json.dumps([{"zzz": 1}]), f"{path}[0]"), ("[[[[[[[[[[]]]]]]]]]]", f"{path}[0]")]
        if p["min_len"] > 0:
            bad.append(("[]", path))
        for f in p["fields"]:
            wrong = {"bool": ["false", 1, None], "choice": ["zzz", 1], "int": [True, None, [1]]}[f["kind"]]
            # every bad record is reported: two of them, the second and the third
            for w in wrong:
                recs = [{}, {f["name"]: w}, {f["name"]: w}]
                bad.append((json.dumps(recs), [f"{path}[1].{f['name']}", f"{path}[2].{f['name']}"]))
        return [(t, None) for t in good] + bad
    raise AssertionError(kind)


def test_link_values_are_read_by_one_strict_rule():
    """Generated from every spec: each kind's reading of a deep link (kinds.mjs, run in Node as
    the page runs it, then read back as the form reads it) takes every valid value, which the
    engine accepts too, and refuses every bad one at its field (or at every bad record's
    field) — never a default, never a reinterpretation: no trimming, no other digits, no '1_0',
    no 'true' for a yes/no, no unknown option, no list longer than the spec allows."""
    cases = []
    for c in api.list_calculators():
        for p in c["params"]:
            for text, want in _link_cases(p, p["name"]):
                cases.append({"calc": c["id"], "p": p, "text": text, "want": want})
    code = """
import { readFileSync } from "node:fs";
import { kindOf, readInt, readIntList } from "./calculators/kinds.mjs";
const readBack = (p, v) => p.kind === "int" ? readInt(String(v))
  : p.kind === "int_list" ? (Array.isArray(v) ? v : readIntList(v))
  : p.kind === "record_list" ? v.map((r) => Object.fromEntries(p.fields.map((f) => [f.name, readBack(f, r[f.name])])))
  : v;
const out = [];
for (const c of JSON.parse(readFileSync(0, "utf8"))) {
  const { value, errors } = kindOf(c.p).fromLink(c.p, c.text);
  const read = value === undefined ? undefined : readBack(c.p, value);
  const typed = read === undefined ? [] : kindOf(c.p).refusals(c.p, read, c.p.name);
  out.push({ read, errors: [...errors, ...typed] });
}
console.log(JSON.stringify(out));
"""
    out = json.loads(node_eval(code, json.dumps(cases)))
    assert_reads_as_the_engine(cases, out, "read", lambda c: f"{c['calc']}.{c['p']['name']}={c['text'][:60]!r}")
