"""The readings declared as records (:class:`rules_core.readings.Reading`, ``rules_core/<system>/readings.py``): what
is built from a record is what the record says — the calculators that offer its switch, and the switch line of the
pages' «Неясно в источнике» boxes (``<!-- svod:reading SYSTEM/NAME -->``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_core import api, readings
from rules_core.spec import T
from svod_site import readings as site_readings

DOCS = Path(__file__).resolve().parent.parent / "docs"
RECORDS = [r for system in readings.SYSTEMS for r in readings.of_system(system).values()]
MARKER = re.compile(r"<!--\s*svod:reading\s+(\S+)\s*-->")


def markers(lang: str) -> dict[str, list[str]]:
    """``SYSTEM/NAME`` → the pages (in ``lang``) whose boxes carry its switch line."""
    out: dict[str, list[str]] = {}
    for page in sorted(DOCS.rglob("*.md")):
        if page.name.endswith(".en.md") != (lang == "en"):
            continue
        for arg in MARKER.findall(page.read_text(encoding="utf-8")):
            out.setdefault(arg, []).append(str(page.relative_to(DOCS)))
    return out


def test_every_switch_in_a_calculator_is_declared_by_its_record():
    # the converse of each system's readings tests: a parameter built from a record stands where the record says
    for calc in api.list_calculators():
        for p in api.get(calc["id"]).params:
            if p.reading:
                system, name = p.reading.split("/")
                assert (calc["id"], p.name) in readings.of_system(system)[name].uses(), f"{calc['id']}.{p.name}"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_reading_has_a_box_with_its_switch_line(lang):
    declared = {f"{r.system}/{r.name}" for r in RECORDS}
    assert set(markers(lang)) == declared


def test_a_box_names_the_switch_and_both_readings():
    record = readings.of_system("wod")["ARMOR_BREAK"]
    ru, en = (site_readings.render("wod", "ARMOR_BREAK", lang) for lang in ("ru", "en"))
    assert ru.startswith("Переключатель «Когда броня ломается» (калькуляторы: «Поглощение (классика)»")
    assert "; страница «Сцена»)" in ru and "сайт читает «Успехов урона ≥ 2 × защита»" in ru
    assert en.endswith("the other reading is «Damage successes > 2 × rating».")
    assert record.scene and "; the «Scene» page)" in en


def test_a_box_without_a_switch_says_so():
    record = next(r for r in RECORDS if not r.calculators and r.kind == "choice")
    line = site_readings.render(record.system, record.name, "ru")
    assert line.endswith("калькуляторы пока не предлагают: переключателя нет.")
    assert f"«{readings.words(record, record.others[0], 'ru')}»" in line


def test_an_unknown_reading_stops_the_build():
    from svod_site import markers as site_markers

    with pytest.raises(site_markers.MarkerError, match="no reading wod/NOPE"):
        site_readings.marker("wod/NOPE", site_markers.Where("x.md"))


def test_a_record_refuses_a_default_it_does_not_offer_and_a_source_without_a_line():
    choices = (readings.Choice("a", T("а", "a")), readings.Choice("b", T("б", "b")))
    with pytest.raises(ValueError, match="default"):
        readings.Reading(name="X", system="wod", param="x", label=T("x", "x"), default="c", choices=choices,
                         quote="q", source="002:1")
    with pytest.raises(ValueError, match="FILE:LINE"):
        readings.Reading(name="X", system="wod", param="x", label=T("x", "x"), default="a", choices=choices,
                         quote="q", source="002")


def test_a_switch_is_built_from_the_record():
    record = readings.of_system("wod")["SPRAY_SHARE"]
    p = record.switch(when={"param": "targets", "min": 2})
    assert (p.name, p.kind, p.default, p.group, p.reading) == ("spray_share", "choice", "least", "readings",
                                                               "wod/SPRAY_SHARE")
    assert [o.label for o in p.options] == [c.label for c in record.choices] and p.help == record.help


def test_the_scene_keeps_the_readings_its_records_say():
    # «и «Сцена»» in a box's switch line: the record's scene=True is the scene's own list of readings
    from rules_core.scene import characters

    for system, params in characters.readings_params().items():
        kept = {p.reading.split("/")[1] for p in params if p.reading}
        assert kept == {r.name for r in readings.of_system(system).values() if r.scene}, system


@pytest.mark.parametrize("lang, page, title", [("ru", "wod/ranged/index.html", "Неясно в источнике"),
                                               ("en", "en/wod/ranged/index.html", "Unclear in the source")])
def test_the_built_box_shows_the_switch_line(site_dir, lang, page, title):
    # what a reader sees: the «difficulty past 10» box of the ranged page ends with its switch's line, built from the
    # record (the page's Markdown only holds the marker)
    html = (site_dir / page).read_text(encoding="utf-8")
    boxes = re.findall(r'<div class="admonition warning">\s*<p class="admonition-title">([^<]*)</p>(.*?)</div>', html,
                       re.S)
    line = site_readings.render("wod", "DIFFICULTY_PAST_TEN", lang)
    texts = [(t, re.sub(r"<[^>]+>", "", body)) for t, body in boxes]
    assert any(t == title and line.replace(">", "&gt;") in body for t, body in texts), line
    assert "svod:reading" not in html
