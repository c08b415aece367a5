"""The home page's cards, the calculators index and the print sheets, as the build makes them:
one order of the systems everywhere, no internal references in what players read, and the
sheets' tables drawn from the same records as the rule pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from rules_core import api
from rules_core.serial import rules as serial_rules
from svod_site import calc_pages, calculators, home, sheets, tables
from svod_site.markers import MarkerError, Where

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SITE = ROOT / "site"
#: A source file's number («(002)», «(002, 003)», «003's example») or the engine's package name.
INTERNAL = re.compile(r"\b00\d\b|rules_core|`")


def visible_text(page_html: str) -> str:
    body = page_html.split('<article', 1)[-1].split("</article>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


# ---- one order of the systems --------------------------------------------------------------

def test_the_home_page_and_the_calculators_index_list_the_systems_in_one_order():
    md = home.cards("ru", DOCS)
    cards = re.findall(r"^-   \[\*\*(.+?)\*\*\]\((\w+)/index\.md\)", md, re.M)
    assert [sid for _, sid in cards] == list(home.ORDER)
    assert home.ORDER[0] == "serial"
    index = calc_pages.render_pages(api.list_calculators(), api.SYSTEMS, calc_pages.embeds(DOCS), DOCS,
                                    "ru")["index.md"]
    groups = re.findall(r"^## .+ \{#(\w+)\}$", index, re.M)
    assert groups[:len(home.ORDER)] == list(home.ORDER)
    assert set(groups) == {c["system"] for c in api.list_calculators()}


def test_within_a_system_the_most_used_come_first_then_the_engines_order():
    calcs = api.list_calculators()
    ordered = home.most_used_first(calcs)
    assert sorted(c["id"] for c in ordered) == sorted(c["id"] for c in calcs)
    known = {c["id"] for c in calcs}
    assert set(home.MOST_USED) <= known, set(home.MOST_USED) - known
    for system in home.system_order(api.SYSTEMS):
        mine = [c["id"] for c in ordered if c["system"] == system]
        ranked = [cid for cid in home.MOST_USED if cid in mine]
        assert mine[:len(ranked)] == ranked
        rest = [c["id"] for c in calcs if c["system"] == system and c["id"] not in ranked]
        assert mine[len(ranked):] == rest
    # the navigation lists the calculators in the same order
    nav = [{"Калькуляторы": "calculators/index.md"}]
    calculators.expand_nav(nav)
    pages = [next(iter(x.values())) for x in nav[0]["Калькуляторы"][1:]]
    assert pages == [f"calculators/{c['id']}.md" for c in ordered]


def test_no_internal_references_in_what_the_calculators_index_shows(site_dir):
    for c in api.list_calculators():
        for lang in ("ru", "en"):
            for text in (c["title"][lang], (c.get("description") or {}).get(lang, "")):
                assert not INTERNAL.search(text), (c["id"], lang, text)
    for lang in ("ru", "en"):
        assert not INTERNAL.search(calc_pages.TEXT[lang]["intro"])
    for path in ("calculators/index.html", "en/calculators/index.html"):
        text = visible_text((SITE / path).read_text(encoding="utf-8"))
        assert not INTERNAL.search(text), (path, INTERNAL.search(text))
        assert "(002" not in text and "rules_core" not in text


def _texts(params):
    """Every text of a form a player reads: labels, help texts, options, a record's fields."""
    for p in params:
        yield p["label"]
        if p.get("help"):
            yield p["help"]
        yield from (o["label"] for o in p.get("options") or ())
        yield from _texts(p.get("fields") or ())


def test_no_source_numbers_in_the_calculators_forms():
    for c in api.list_calculators():
        for text in _texts(c["params"]):
            for lang in ("ru", "en"):
                assert not INTERNAL.search(text[lang]), (c["id"], text[lang])


def test_a_calculator_page_is_titled_in_its_language(site_dir):
    """Its tab title, header and navigation entry (mkdocs-static-i18n's nav_translations take the
    calculators' own English titles)."""
    calcs = api.list_calculators()
    for lang, prefix, site_name in (("ru", "", "Свод"), ("en", "en/", "Svod")):
        page = (SITE / prefix / "calculators" / calcs[0]["id"] / "index.html").read_text(encoding="utf-8")
        nav = {html.unescape(re.sub(r"\s+", " ", t)).strip()
               for t in re.findall(r'<span class="md-ellipsis">\s*(.*?)\s*</span>', page, re.S)}
        for c in calcs:
            own = (SITE / prefix / "calculators" / c["id"] / "index.html").read_text(encoding="utf-8")
            title = html.unescape(re.search(r"<title>(.*?)</title>", own)[1])
            assert title == f"{c['title'][lang]} - {site_name}", (lang, c["id"], title)
            assert c["title"][lang] in nav, (lang, c["id"])


# ---- the home page's cards -------------------------------------------------------------------

def test_a_card_whose_page_is_missing_is_left_out(tmp_path):
    docs = tmp_path / "docs"
    (docs / "print").mkdir(parents=True)
    (docs / "glossary.md").write_text("# Глоссарий\n", encoding="utf-8")
    without = home.cards("ru", docs)
    assert "scene.md" not in without and "print/index.md" not in without and "print/serial.md" not in without
    assert "(calculators/index.md)" in without and "(glossary.md)" in without
    (docs / "scene.md").write_text("# Сцена\n", encoding="utf-8")
    (docs / "print" / "serial.md").write_text("# Шпаргалка\n", encoding="utf-8")
    with_scene = home.cards("ru", docs)
    assert "[Сцена](scene.md){ .md-button }" in with_scene
    assert "(print/serial.md)" in with_scene and "(print/wod.md)" not in with_scene


def test_the_home_marker_belongs_on_the_home_page():
    assert "svod-cards" in home.marker(None, Where("index.en.md", "en", "en", DOCS))
    with pytest.raises(MarkerError, match="home page"):
        home.marker(None, Where("serial/index.md", "ru", "ru", DOCS))
    with pytest.raises(MarkerError, match="no argument"):
        home.marker("x", Where("index.md", "ru", "ru", DOCS))


def test_the_built_home_page_links_every_system_and_has_one_offline_status(site_dir):
    for prefix in ("", "en/"):
        page = (SITE / prefix / "index.html").read_text(encoding="utf-8")
        for sid in home.ORDER:
            assert f'class="svod-card__link" href="{sid}/"' in page, (prefix, sid)
        assert len(re.findall(r"<[^>]*\bdata-svod-offline", page)) == 1
        assert "data-svod-install-button" in page and "data-svod-install-steps" in page
    # every other page keeps the footer's status
    serial = (SITE / "serial/index.html").read_text(encoding="utf-8")
    assert len(re.findall(r"<[^>]*\bdata-svod-offline", serial)) == 1


# ---- print sheets ----------------------------------------------------------------------------

@pytest.mark.parametrize("system", list(sheets.SHEETS))
def test_a_sheet_draws_the_rule_tables_as_the_rule_pages_do(system):
    where = Where(f"print/{system}.md", "ru", "ru", DOCS)
    md = sheets.marker(system, where)
    found = sheets.where_tables(DOCS)
    for table_id in sheets.SHEETS[system]:
        if (system, table_id) in sheets.BUILT:
            continue
        table = tables.get_table(system, table_id)
        assert tables.render_table(table, "ru") in md, table_id
        # the rule page that draws it (if one does) is linked, and it does draw it
        page = found.get(f"{system}/{table_id}")
        if page is None:
            continue
        assert f"](../{page})" in md
        assert f"<!-- svod:table {system}/{table_id} -->" in (DOCS / page.split("#")[0]).read_text(encoding="utf-8")
    en = sheets.marker(system, Where(f"print/{system}.en.md", "en", "en", DOCS))
    first = sheets.SHEETS[system][0]
    if (system, first) not in sheets.BUILT:
        assert tables.render_table(tables.get_table(system, first), "en") in en


def test_every_sheet_has_its_page_in_both_languages_and_a_line_on_the_sheets_page():
    index = (DOCS / "print" / "index.md").read_text(encoding="utf-8")
    assert re.findall(r"^- \[.+?\]\((\w+)\.md\)", index, re.M) == list(home.ORDER) == list(sheets.SHEETS)
    for system in sheets.SHEETS:
        for name in (f"{system}.md", f"{system}.en.md"):
            assert f"<!-- svod:sheet {system} -->" in (DOCS / "print" / name).read_text(encoding="utf-8")


def test_the_series_difficulties_are_the_rules_constants():
    table = sheets.serial_difficulties()
    rows = {row[0]["ru"]: row[1] for row in table["rows"]}
    assert rows["Базовая сложность"] == serial_rules.BASE_DIFFICULTY
    assert rows["Блок"] == serial_rules.BLOCK_DIFFICULTY
    assert rows["Уклонение от дальней атаки"] == serial_rules.DODGE_RANGED_DIFFICULTY
    assert rows[f"Выстрел в упор (до {serial_rules.POINT_BLANK_METRES} м)"] == serial_rules.POINT_BLANK_DIFFICULTY
    assert rows["Ближний бой вслепую"] == f"+{serial_rules.BLIND_MELEE_DIFFICULTY}"
    # and the page says so in the source's words
    combat = (DOCS / "serial" / "combat.md").read_text(encoding="utf-8")
    assert f"Базовая сложность такого броска — {serial_rules.BASE_DIFFICULTY}" in combat
    modifiers = (DOCS / "serial" / "modifiers.md").read_text(encoding="utf-8")
    assert f"штраф +{serial_rules.BLIND_MELEE_DIFFICULTY} к броску" in modifiers
    assert f"максимальный отрицательный модификатор за «все на одного» — это -{serial_rules.MANY_ON_ONE_MAX}" \
        in modifiers.lower()


def test_an_unknown_sheet_or_table_stops_the_build():
    with pytest.raises(MarkerError, match="no sheet"):
        sheets.marker("nope", Where("print/x.md", "ru", "ru", DOCS))
    with pytest.raises(tables.UnknownTable):
        sheets.SHEETS["wod"] += ("no_such_table",)
        try:
            sheets.marker("wod", Where("print/wod.md", "ru", "ru", DOCS))
        finally:
            sheets.SHEETS["wod"] = sheets.SHEETS["wod"][:-1]
