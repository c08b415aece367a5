"""Every sentence of every source is on the site (scripts/checks/coverage.py), 100 % per source."""

import pytest

from scripts.checks import coverage


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


# ---- table values (003 has one table cell a line)

def test_words_and_whole_word_cell_matching():
    cells = [coverage.words(c) for c in ("Сила + 1", "14", "Первый класс (плотная одежда)", "Ёж")]
    assert coverage.value_in_cells(coverage.words("Сила + 1"), cells)
    assert coverage.value_in_cells(coverage.words("4"), cells) is False  # not the 4 of 14
    assert coverage.value_in_cells(coverage.words("Первый класс"), cells)
    assert coverage.value_in_cells(coverage.words("(плотная одежда)"), cells)
    assert coverage.value_in_cells(coverage.words("еж"), cells)
    assert not coverage.value_in_cells(coverage.words("Сила + 2"), cells)


def test_table_cells_read_with_markdown_it():
    md = "Текст 7 вне таблицы.\n\n| Оружие | Повреждение |\n|---|---|\n| Нож | Сила + 1 |\n"
    assert coverage.table_cells(md) == ["Оружие", "Повреждение", "Нож", "Сила + 1"]


def test_table_regions_hold_cells_not_prose():
    path = coverage.source_files()["003"]
    lines = path.read_text(encoding="utf-8").splitlines()
    for a, b in coverage.TABLE_REGIONS["003"]:
        assert 1 <= a < b <= len(lines)
        for line in lines[a - 1:b]:
            assert len(line) < 60 and not line.rstrip().endswith("."), line
    # the line before each region is its title or prose, not a cell
    assert lines[69 - 1] == "ХОЛОДНОЕ ОРУЖИЕ"


def test_cells_are_checked_as_table_values_not_as_text():
    path = coverage.source_files()["003"]
    lines = path.read_text(encoding="utf-8").splitlines()
    a, b = coverage.TABLE_REGIONS["003"][1]  # melee weapons
    region = [ln for ln in lines[a - 1:b] if coverage.words(ln)]
    prose = coverage.normalise("\n".join(lines))
    # every cell present as text, none in a table: all table values missing
    r = coverage.check_source("003", path, [], {"wod": prose, "wod/cells": []})
    assert r.cells_covered == 0 and r.cells_total >= len(region)
    # the same region as a table: its values are found
    cells = [coverage.words(c) for c in region]
    r2 = coverage.check_source("003", path, [], {"wod": prose, "wod/cells": cells})
    assert r2.cells_covered >= len(region)
    assert not [n for n, _ in r2.missing if a <= n <= b]
    assert [n for n, _ in r.missing if a <= n <= b]
    assert r2.sentences == r.sentences  # sentences are counted apart from table values


@pytest.mark.parametrize("entry,message", [
    ({"source": "000", "original": "стоять ногах", "replacement": "стоять ногах", "why": "x"}, "equals"),
    ({"source": "000", "original": "раз два три четыре", "replacement": "пять шесть семь восемь",
      "why": "rewrite"}, "changes 4 words"),
    ({"source": "009", "original": "а", "replacement": "б", "why": "x"}, "unknown source"),
    ({"source": "000", "original": "а", "replacement": "б", "why": " "}, "'why' is empty"),
])
def test_changes_must_be_small_explained_fixes(entry, message):
    with pytest.raises(ValueError, match=message):
        coverage.check_change(entry)


def test_listed_changes_are_valid():
    for entry in coverage.load_changes():
        coverage.check_change(entry)
