"""Every built page's own content passes the accessibility rules that depend on it (ids, link and
button names, table headers, heading order, language, image text), read as HTML with no browser;
axe-core runs in the browser on the pages that hold every template's markup
(tests/browser/test_a11y.py). tests/page_audit.py says why the two together miss nothing."""

from __future__ import annotations

import shutil

import pytest

from tests.page_audit import OWN_CSS, built_pages, colour_pairs, content_findings, duplicate_id, read_page, templates


def test_every_page_content_passes(site_dir):
    pages = built_pages(site_dir)
    assert len(pages) > 200
    assert content_findings(site_dir, pages) == []


def test_the_browser_sweep_holds_every_shape_of_markup(site_dir):
    pages = built_pages(site_dir)
    shown = templates(site_dir)
    assert len(shown) < len(pages) / 3
    seen = set().union(*(read_page(site_dir / rel / "index.html").shapes for rel in shown))
    for rel in pages:
        missing = read_page(site_dir / rel / "index.html").shapes - seen
        assert not missing, (rel, sorted(missing)[:5])


def test_a_duplicate_id_on_a_page_outside_the_browser_sweep_fails(site_dir, tmp_path):
    copy, rel = duplicate_id(site_dir, tmp_path / "site")
    assert rel not in templates(site_dir)
    found = content_findings(copy)
    assert len(found) == 1 and found[0].startswith(f"/{rel}: duplicate-id: "), found


#: a defect of each rule put into a rule page's main text, and the rule that must name it
DEFECTS = {
    "link-name": '<a href="#x"></a>',
    "button-name": '<button type="button"></button>',
    "table headers": "<table><tr><td>1</td><td>2</td></tr></table>",
    "heading-order": "<h2>Два</h2><h4>Четыре</h4>",
    "image-alt": '<img src="x.png">',
    "valid-lang": '<p lang="русский">слово</p>',
}


@pytest.mark.parametrize("rule", DEFECTS)
def test_a_defect_in_a_page_content_fails(site_dir, tmp_path, rule):
    rel = "serial/combat/"
    (tmp_path / rel).mkdir(parents=True)
    shutil.copyfile(site_dir / rel / "index.html", tmp_path / rel / "index.html")
    assert content_findings(tmp_path, [rel]) == []
    page = tmp_path / rel / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("</article>", DEFECTS[rule] + "</article>", 1),
                    encoding="utf-8")
    found = content_findings(tmp_path, [rel])
    assert [f.split(": ")[1] for f in found] == [rule], found


def test_a_page_in_the_wrong_language_fails(site_dir, tmp_path):
    rel = "en/serial/combat/"
    (tmp_path / rel).mkdir(parents=True)
    text = (site_dir / rel / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in text
    (tmp_path / rel / "index.html").write_text(text.replace('<html lang="en"', '<html lang="ru"', 1),
                                               encoding="utf-8")
    assert content_findings(tmp_path, [rel]) == [f"/{rel}: html-lang: <html lang='ru'>, the page is in 'en'"]


def test_the_sites_own_colour_pairs_are_readable(site_dir):
    """Every text colour the site's CSS sets with its background, light and dark: at least 4.5:1."""
    pairs = colour_pairs(site_dir)
    assert len(pairs) >= 12 and {p[0] for p in pairs} == {"light", "dark"}
    assert [p for p in pairs if p[3] < 4.5] == []


def test_a_pair_of_colours_too_close_fails(site_dir, tmp_path):
    """The toast's text on a background of nearly its own colour (a copy of the stylesheets)."""
    shutil.copytree(site_dir / "assets" / "stylesheets", tmp_path / "assets" / "stylesheets")
    for css in OWN_CSS:
        (tmp_path / css).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site_dir / css, tmp_path / css)
    scene = tmp_path / "assets/calc/scene.css"
    scene.write_text(scene.read_text(encoding="utf-8") + "\n.svod-toast { color: #767676; background: #595959; }\n",
                     encoding="utf-8")
    low = [p for p in colour_pairs(tmp_path) if p[3] < 4.5]
    assert [(p[0], p[2]) for p in low] == [("light", ".svod-toast"), ("dark", ".svod-toast")], low
