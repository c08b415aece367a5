"""Link check (scripts/checks/links.py): every link and anchor resolves, nothing is fetched off
the host. Unit tests on small hand-made sites, then the real built site."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.checks import links

PAGE = """<!doctype html><html><head>
<link rel="stylesheet" href="{css}"><link rel="canonical" href="https://example.org/svod/">
<script src="{js}"></script></head><body>
<h2 id="here">Here</h2><a href="#here">self</a><a href="../b/#{anchor}">b</a>
<a href="https://other.example/page">elsewhere</a><img srcset="{img} 2x"></body></html>"""


def make_site(tmp_path: Path, css="assets/site.css", js="assets/app.js", anchor="x",
              img="assets/i.png", css_text="body { color: red }") -> Path:
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "b").mkdir()
    (site / "assets").mkdir()
    (site / "index.html").write_text("<html><body><a href='a/'>a</a></body></html>")
    (site / "a" / "index.html").write_text(PAGE.format(css="../" + css if "//" not in css else css,
                                                       js="../" + js if "//" not in js else js,
                                                       anchor=anchor, img="../" + img))
    (site / "b" / "index.html").write_text('<html><body><h2 id="x">X</h2><a name="old"></a></body></html>')
    (site / "assets" / "site.css").write_text(css_text)
    (site / "assets" / "app.js").write_text("")
    (site / "assets" / "i.png").write_bytes(b"")
    return site


def test_clean_site_passes_and_external_links_are_listed(tmp_path):
    r = links.check_site(make_site(tmp_path))
    assert r.errors == []
    assert "https://other.example/page" in r.external
    assert r.checked_links >= 6


@pytest.mark.parametrize("kw,expected", [
    ({"anchor": "nope"}, "missing anchor ../b/#nope"),
    ({"js": "assets/missing.js"}, "broken link ../assets/missing.js"),
    ({"js": "https://cdn.example/x.js"}, "fetches off the host: https://cdn.example/x.js"),
    ({"css": "//fonts.example/css"}, "fetches off the host: //fonts.example/css"),
    ({"css_text": "@import url('https://fonts.googleapis.com/css?family=Roboto');"},
     "CSS loads off the host"),
    ({"img": "assets/none.png"}, "broken link ../assets/none.png"),
])
def test_problems_are_found(tmp_path, kw, expected):
    r = links.check_site(make_site(tmp_path, **kw))
    assert any(expected in e for e in r.errors), r.errors


def test_named_anchor_counts(tmp_path):
    site = make_site(tmp_path)
    assert "old" in links.html_ids(site / "b" / "index.html")


def test_markdown_links_come_from_the_parser_not_from_text():
    md = ("See [a](a.md#x) and ![i](img.png).\n\n"
          "`[not](a link.md)`\n\n"
          "```\n[also not](b.md)\n```\n\n"
          '<p><a href="c.md#y">raw</a></p>\n\n'
          "| t |\n|---|\n| [in table](d.md) |\n")
    assert links.markdown_links(md) == ["a.md#x", "img.png", "c.md#y", "d.md"]


def test_markdown_pass_checks_pages_and_anchors(tmp_path):
    docs = tmp_path / "docs"
    (docs / "serial").mkdir(parents=True)
    (docs / "index.md").write_text("[ok](serial/combat.md#armor) [bad](serial/combat.md#nope) "
                                   "[gone](serial/none.md) [file](missing.pdf)\n")
    (docs / "index.en.md").write_text("[fallback](serial/combat.md#armor)\n")
    (docs / "serial" / "combat.md").write_text("# C\n")
    site = tmp_path / "site"
    for d in ("serial/combat", "en/serial/combat"):
        (site / d).mkdir(parents=True)
        (site / d / "index.html").write_text('<h2 id="armor">Броня</h2>')
    r = links.check_markdown(docs, site)
    assert sorted(r.errors) == sorted([
        "docs/index.md: missing anchor serial/combat.md#nope",
        "docs/index.md: no such page: serial/none.md",
        "docs/index.md: no such file: missing.pdf",
    ])


def test_built_page_paths():
    site = Path("/s")
    assert links.built_page(site, "index.md", "ru") == site / "index.html"
    assert links.built_page(site, "serial/index.md", "ru") == site / "serial" / "index.html"
    assert links.built_page(site, "serial/combat.md", "en") == site / "en" / "serial" / "combat" / "index.html"
    assert links.built_page(site, "glossary.en.md", "en") == site / "en" / "glossary" / "index.html"


def test_the_built_site_has_no_broken_link_and_fetches_nothing_off_host(site_dir):
    r = links.run()
    assert r.checked_pages > 0 and r.checked_links > 0
    assert not r.errors, "\n".join(r.errors[:40])


def test_site_prefix_reads_mkdocs_env_tag(tmp_path, monkeypatch):
    # mkdocs.yml may say site_url: !ENV [SVOD_SITE_URL, "https://example.github.io/svod/"]
    monkeypatch.delenv("SVOD_SITE_URL", raising=False)
    assert links.site_prefix() == "/svod/"
    monkeypatch.setenv("SVOD_SITE_URL", "http://127.0.0.1:8000/other/")
    text = 'site_url: !ENV [SVOD_SITE_URL, "https://example.github.io/svod/"]\n'
    monkeypatch.setattr(links, "ROOT", tmp_path)
    (tmp_path / "mkdocs.yml").write_text(text)
    assert links.site_prefix() == "/other/"
    monkeypatch.delenv("SVOD_SITE_URL")
    assert links.site_prefix() == "/svod/"
