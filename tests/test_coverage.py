"""Every sentence of every source is on the site (scripts/coverage.py), 100 % per source."""

import pytest

from scripts import coverage


def test_normalise_ignores_markup_but_not_words():
    assert coverage.normalise("«Ёж» — 12 кубов!") == coverage.normalise('"еж" - 12 кубов')
    assert coverage.normalise("Броня = 2") != coverage.normalise("Броня = 3")


def test_page_text_reads_markdown_structure():
    md = ('## Поглощение {#absorption}\n\n!!! example "Пример"\n    Оборотень **Олег** с 7 УП.\n\n'
          '| Сила | Можно |\n|---|---|\n| 1 | ничего |\n\n- см. [ниже](#x)\n')
    text = coverage.page_text(md)
    assert "absorption" not in text and "Поглощение" in text
    assert "Оборотень Олег с 7 УП." in text
    assert "1" in text and "ничего" in text and "см. ниже" in text and "#x" not in text


def test_split_sentences():
    assert coverage.split_sentences("Раз. Два! Три? 1.5 кубика") == ["Раз.", "Два!", "Три?", "1.5 кубика"]


@pytest.mark.parametrize("report", coverage.run(), ids=lambda r: r.source)
def test_every_source_fully_on_the_site(report):
    shown = "\n".join(f"line {n}: {s[:120]}" for n, s in report.missing[:15])
    assert report.total > 0
    assert not report.unused_changes, report.unused_changes
    assert report.covered == report.total, f"{report.source}: {report.percent:.1f} %\n{shown}"
