"""The site's MkDocs plugin (svod_site): the marker syntax and its dispatcher, a page's two
languages, the order the generated pages take, the build artefacts' folders; and the check
that compares two built sites (scripts/checks/site_diff.py)."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.checks import site_diff
from svod_site import build_files, lang, markers
from svod_site.plugin import HANDLERS, docs_order

ROOT = Path(__file__).resolve().parent.parent


def shout(arg, where):
    return f"[{arg}|{where.text_lang}|{where.build_lang}]\nsecond line"


def test_a_marker_is_replaced_on_its_own_line_indented_as_it_was():
    md = "Text\n\n!!! note\n    <!-- svod:table a/b -->\n\nafter\n"
    out = markers.expand(md, markers.Where("x.md", "ru", "en"), {"table": shout})
    assert out == "Text\n\n!!! note\n\n    [a/b|ru|en]\n    second line\n\n\nafter\n"


def test_markers_inline_or_in_fenced_code_stay_as_they_are():
    md = ("`<!-- svod:calc x -->` inline\n\n```markdown\n<!-- svod:calc x -->\n```\n\n"
          "~~~\n<!-- svod:glossary -->\n~~~\n")
    assert markers.expand(md, markers.Where("x.md"), {"calc": shout, "glossary": shout}) == md


def test_only_the_kinds_asked_for_are_expanded_and_an_unknown_kind_fails():
    md = "<!-- svod:table a/b -->\n<!-- svod:calc c -->\n"
    out = markers.expand(md, markers.Where("x.md"), {"table": shout, "calc": shout}, only={"calc"})
    assert out.startswith("<!-- svod:table a/b -->\n\n[c|")
    with pytest.raises(markers.MarkerError, match=r"rules/x\.md: unknown marker <!-- svod:tabel -->"):
        markers.expand("<!-- svod:tabel a/b -->\n", markers.Where("rules/x.md"), {"table": shout})


def test_every_kind_has_its_handler_and_bad_arguments_name_the_page():
    assert set(HANDLERS) == set(markers.KINDS)
    where = markers.Where("wod/x.md")
    with pytest.raises(markers.MarkerError, match=r"wod/x\.md: <!-- svod:table wod --> wants SYSTEM/TABLE_ID"):
        HANDLERS["table"]("wod", where)
    with pytest.raises(markers.MarkerError, match=r"wod/x\.md: <!-- svod:glossary --> takes no argument"):
        HANDLERS["glossary"]("all", where)
    with pytest.raises(markers.MarkerError, match=r"wod/x\.md: unknown calculator «None»"):
        HANDLERS["calc"](None, where)


def test_a_page_has_the_language_of_its_text_and_of_its_build():
    assert lang.text_language("serial/combat.md") == "ru"
    assert lang.text_language("serial/combat.en.md") == "en"
    assert lang.text_language("en.md") == "ru"
    assert lang.default_src_uri("glossary.en.md") == "glossary.md"
    assert lang.default_src_uri("glossary.md") == "glossary.md"

    def config(current, theme_lang):
        plugins = {"i18n": SimpleNamespace(current_language=current)} if current is not None else {}
        return SimpleNamespace(plugins=plugins, theme={"language": theme_lang})

    assert lang.build_language(config("en", "ru")) == "en"
    assert lang.build_language(config("ru", "en")) == "ru"
    assert lang.build_language(config(None, "en")) == "en"  # no i18n plugin: the theme's
    assert lang.build_language(config(None, None)) == "ru"


def test_generated_pages_take_the_place_a_walk_of_docs_gives_them(tmp_path):
    names = ["index.md", "a.md", "index.en.md", "b/index.md", "b/z.md", "b/c/d.md", "ba.md", "b-x/e.md",
             "calculators/index.md", "calculators/wod-pool.md", "calculators/index.en.md", "z/README.md"]
    for n in names:
        (tmp_path / n).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / n).write_text("x")
    walked = []
    for d, dirnames, filenames in os.walk(tmp_path):
        dirnames.sort()
        rel = Path(d).relative_to(tmp_path).as_posix()
        walked += [f if rel == "." else f"{rel}/{f}"
                   for f in sorted(filenames, key=lambda f: (os.path.splitext(f)[0] not in ("index", "README"), f))]
    assert sorted(names, key=docs_order) == walked


def test_a_docs_file_in_a_folder_the_build_fills_is_named(tmp_path):
    (tmp_path / "assets" / "py" / "1a2b3c4d").mkdir(parents=True)
    (tmp_path / "assets" / "py" / "1a2b3c4d" / "x.whl").write_bytes(b"w")
    (tmp_path / "assets" / "pyodide").mkdir()
    (tmp_path / "assets" / "pyodide" / "files.json").write_text("{}")
    config = SimpleNamespace(site_dir=str(tmp_path / "site"), use_directory_urls=True)
    made = build_files.files(config, tmp_path / "assets")
    assert [f.src_uri for f in made] == ["assets/py/1a2b3c4d/x.whl", "assets/pyodide/files.json"]
    assert made[0].abs_dest_path == str(tmp_path / "site" / "assets" / "py" / "1a2b3c4d" / "x.whl")
    docs = [SimpleNamespace(src_uri=u) for u in ("index.md", "assets/py/old/x.whl", "assets/icons/i.png")]
    assert build_files.overlaps(docs, made) == ["assets/py/old/x.whl"]
    assert build_files.files(config, tmp_path / "nothing") == []


# ---- site_diff --------------------------------------------------------------------------

def make_site(root: Path, wheel_hash: str, bundle_hash: str, version: str, title: str, snap_bytes: int,
              snap_fill: bytes = b"x") -> Path:
    from scripts.steps import snapshot

    site = root / "site"
    (site / "assets" / "py" / wheel_hash).mkdir(parents=True)
    (site / "assets" / "py" / wheel_hash / "w.whl").write_bytes(b"wheel")
    (site / "assets" / "javascripts").mkdir(parents=True)
    (site / "assets" / "javascripts" / f"bundle.{bundle_hash}.min.js").write_text("js")
    snap = site / "assets" / "py" / "snapshot" / (wheel_hash * 2)[:12] / snapshot.NAME
    snap.parent.mkdir(parents=True)
    snap.write_bytes(gzip.compress(snapshot.encode(bytes(1000) + snap_fill * 10), mtime=0))
    runtime = f'{{"snapshot": {{"bytes": {snap_bytes}, "raw_bytes": 31457424, "url": "../py/snapshot/{(wheel_hash * 2)[:12]}/x"}}}}'
    (site / "index.html").write_text(
        f'<html><head><title>{title}</title><script src="assets/javascripts/bundle.{bundle_hash}.min.js"></script>'
        f'<script type="application/json" id="svod-runtime">{runtime}</script></head>'
        f'<body><a href="assets/py/{wheel_hash}/w.whl">wheel</a></body></html>')
    (site / "sw.js").write_text(f'const VERSION = "{version}";\nconst FILES = ["assets/py/{wheel_hash}/w.whl"];\n')
    (site / "sitemap.xml").write_text(f"<url><loc>x</loc><lastmod>2026-1{len(version) % 10}-01</lastmod></url>")
    with gzip.GzipFile(site / "sitemap.xml.gz", "wb", mtime=len(version)) as z:
        z.write((site / "sitemap.xml").read_bytes())
    return site


def test_site_diff_sets_aside_hashes_versions_and_dates_and_finds_the_rest(tmp_path):
    old = make_site(tmp_path / "old", "1a2b3c4d", "aaaa1111", "0123456789abcdef", "Свод", 10)
    same = make_site(tmp_path / "same", "99998888", "bbbb2222", "fedcba9876543210ff", "Свод", 12, b"y")
    d = site_diff.compare(old, same)
    assert d.same and d.compared == 7, (d.only_old, d.only_new, d.changed)

    changed = make_site(tmp_path / "changed", "99998888", "bbbb2222", "fedcba98", "Index", 10)
    (changed / "extra.html").write_text("<p>new</p>")
    (changed / "assets" / "py" / "99998888" / "w.whl").write_bytes(b"other wheel")
    d = site_diff.compare(old, changed)
    assert d.only_new == ["extra.html"] and not d.only_old
    assert sorted(d.changed) == ["assets/py/<hash>/w.whl", "index.html"]
    assert "-<title>Свод</title>" in d.changed["index.html"] and "+<title>Index</title>" in d.changed["index.html"]

    r = subprocess.run([sys.executable, "-m", "scripts.checks.site_diff", str(old), str(changed)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 1 and "differs: index.html" in r.stdout and "only new: extra.html" in r.stdout
    r = subprocess.run([sys.executable, "-m", "scripts.checks.site_diff", str(old), str(same)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout


def test_the_build_writes_nothing_into_docs(site_dir):
    site = site_dir
    for name in ("assets/py", "assets/pyodide", "calculators"):
        assert not (ROOT / "docs" / name).exists(), name
    for built in ("assets/py/pyodide-lock.json", "assets/pyodide/files.json", "calculators/index.html",
                  "calculators/wod-pool/index.html", "en/calculators/index.html", "en/calculators/wod-pool/index.html"):
        assert (site / built).is_file(), built
    assert "Calculators" in (site / "en/calculators/index.html").read_text(encoding="utf-8")
