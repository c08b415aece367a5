"""Printing: every system's print sheet fits on one or two A4 pages, printed by chromium, with all
its tables; a rules page prints its text without the site around it (no navigation, no
calculator, no status line), dark on white in the dark scheme too."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from svod_site import sheets, tables

A4_POINTS = (595.28, 841.89)
MAX_PAGES = 2


def printed(page, url: str, keep: Path | None = None) -> PdfReader:
    """The page printed to A4 (and the PDF kept as ``keep`` when given)."""
    page.goto(url)
    page.wait_for_load_state("load")
    data = page.pdf(format="A4")
    if keep:
        keep.write_bytes(data)
    return PdfReader(io.BytesIO(data))


def sheet_titles(system: str, lang: str) -> list[str]:
    out = []
    for table_id in sheets.SHEETS[system]:
        built = sheets.BUILT.get((system, table_id))
        table = built[0]() if built else tables.get_table(system, table_id)
        out.append(tables.cell_text(table["title"], lang))
    return out


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("system", list(sheets.SHEETS))
def test_each_print_sheet_fits_on_one_or_two_a4_pages(new_context, base_url, system, lang, shot):
    ctx = new_context(color_scheme="dark")
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    keep = shot.directory / f"print-{system}-{lang}.pdf" if shot.directory else None
    pdf = printed(page, f"{base_url}{'en/' if lang == 'en' else ''}print/{system}/", keep)
    assert 1 <= len(pdf.pages) <= MAX_PAGES, f"{system} ({lang}): {len(pdf.pages)} pages"
    texts = [words(p.extract_text()) for p in pdf.pages]
    for p, text in zip(pdf.pages, texts):
        box = p.mediabox
        # A4 (chromium rounds the page to whole CSS pixels: within 2 pt)
        assert abs(float(box.width) - A4_POINTS[0]) < 2 and abs(float(box.height) - A4_POINTS[1]) < 2, box
        assert len(text) > 200, "no blank page"
    everything = " ".join(texts)
    for title in sheet_titles(system, lang):
        assert words(title) in everything, title
    # the site around the text is not printed: the search, the navigation, the footer
    for chrome in (("Поиск", "Главная", "Made with") if lang == "ru" else ("Search", "Home", "Made with")):
        assert chrome not in everything, chrome


def test_a_rules_page_prints_without_navigation_or_calculators(new_context, base_url):
    ctx = new_context(color_scheme="dark")
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(base_url + "serial/combat/")
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => {
      const shown = (el) => !!el && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
      return {
        calc: [...document.querySelectorAll('.svod-calc')].some(shown),
        calcs: document.querySelectorAll('.svod-calc').length,
        header: shown(document.querySelector('.md-header')),
        nav: [...document.querySelectorAll('.md-sidebar')].some(shown),
        footer: shown(document.querySelector('.md-footer')),
        status: [...document.querySelectorAll('[data-svod-offline]')].some(shown),
        text: getComputedStyle(document.querySelector('.md-typeset p')).color,
      };
    }""")
    assert hidden["calcs"] > 0, "the page has calculators on screen"
    assert not hidden["calc"] and not hidden["header"] and not hidden["nav"] and not hidden["footer"]
    assert not hidden["status"]
    # dark text on paper although the screen is dark
    r, g, b = (int(float(x)) for x in hidden["text"].split("(")[1].split(")")[0].split(",")[:3])
    assert max(r, g, b) < 80, hidden["text"]
    pdf = printed(ctx.new_page(), base_url + "serial/combat/")  # a page without media emulation
    text = words(" ".join(p.extract_text() for p in pdf.pages))
    assert "Бросок Порога Смерти" in text
    assert "Поиск" not in text and "Made with" not in text
