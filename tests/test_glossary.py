"""The glossary: data → pages → tooltips (svod_site/glossary.py, docs/_glossary.yml)."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings, strategies as st

from scripts.checks import links
from scripts.checks.terms import unused_terms
from svod_site import glossary

ROOT = Path(__file__).resolve().parent.parent
TERMS = glossary.load()


def md_to_html(text: str) -> str:
    return markdown.Markdown(extensions=["abbr", "attr_list", "def_list", "toc"]).convert(text)


def test_every_system_has_terms_and_ids_are_unique():
    ids = [t["id"] for t in TERMS]
    assert len(ids) == len(set(ids))
    for system in glossary.SYSTEMS:
        assert sum(system == t["systems"][0] for t in TERMS) >= 8, system


def test_issue_examples_have_their_english_terms():
    by_ru = {}
    for t in TERMS:
        by_ru.setdefault(t["ru"], []).append(t["en"])
        for alias in t.get("aliases", []):
            by_ru.setdefault(alias, []).append(t["en"])
    assert "Soak" in by_ru["Поглощение"]
    assert "Health levels" in by_ru["Уровни Здоровья"]


@pytest.mark.parametrize("word,expected", [
    ("Выносливость", {"Выносливости", "Выносливостью"}),
    ("Броня", {"Брони", "Броню", "Броней", "Броне"}),
    ("Поглощение", {"Поглощения", "Поглощению", "Поглощением", "Поглощении"}),
    ("Перехват", {"Перехвата", "Перехвату", "Перехватом", "Перехвате"}),
    ("Инициатива", {"Инициативы", "Инициативу", "Инициативой"}),
    ("Засада", {"Засады", "Засаду", "Засадой"}),
    ("Реакция", {"Реакции", "Реакцию", "Реакцией"}),
])
def test_inflect_makes_the_case_forms(word, expected):
    assert expected <= set(glossary.inflect(word))


@settings(max_examples=60, deadline=None)
@given(stem=st.text(alphabet="бвгдклмнпрстфхаеиоу", min_size=2, max_size=8),
       ending=st.sampled_from(["ость", "ие", "ия", "а", "я", "ь", "й", "о", "к", "т", "ш"]))
def test_inflected_forms_keep_the_stem_and_never_repeat_the_word(stem, ending):
    word = stem + ending
    forms = glossary.inflect(word)
    assert word not in forms
    assert forms, word
    assert all(f.startswith(word[: len(stem)]) for f in forms)


def test_issue_forms_get_the_tooltip_in_rule_pages():
    html = md_to_html("Урон идёт в Выносливости, а постоянную Броню не пробить."
                      + glossary.abbreviation_block("serial"))
    assert '<abbr title="Выносливость (Stamina):' in html
    assert 'Броню</abbr>' in html and '<abbr title="Броня (Armor):' in html


def test_exact_case_terms_skip_everyday_lowercase_words():
    abbrs = glossary.abbreviations("serial")
    assert "Броня" in abbrs and "броня" not in abbrs
    assert "порогу смерти" in abbrs  # a phrase that is never an everyday word


def test_systems_get_their_own_definitions():
    serial = glossary.abbreviations("serial")["Поглощение"]
    wod = glossary.abbreviations("wod")["Поглощение"]
    assert serial != wod and "не бросается" in serial and "сложности 6" in wod
    assert glossary.abbreviations("codex")["Выносливость"].startswith("Выносливость (Endurance")


def test_no_form_means_two_things_in_one_system():
    for system in glossary.SYSTEMS:
        owner: dict[str, str] = {}
        for t in TERMS:
            if system in t["systems"]:
                for f in glossary.forms(t):
                    assert owner.setdefault(f, t["id"]) == t["id"], (system, f, owner[f], t["id"])


def test_pages_outside_systems_get_no_tooltips():
    assert glossary.page_system("serial/combat.md") == "serial"
    assert glossary.page_system("glossary.md") is None
    assert glossary.page_system("calculators/index.md") is None


def test_render_lists_every_term_with_anchor_in_both_languages(tmp_path):
    (tmp_path / "wod").mkdir()
    (tmp_path / "wod" / "soak.md").write_text("# x\n")
    for lang, first in (("ru", "Бросок поглощения"), ("en", "Soak roll")):
        html = md_to_html(glossary.render(lang, "glossary.md", docs_dir=tmp_path))
        for t in TERMS:
            assert f'id="{t["id"]}"' in html, (lang, t["id"])
        start = html.index('id="soak"')
        assert html[start:start + 200].split(">", 1)[1].startswith(f"<strong>{first}</strong>")
        # a link only where the rule page exists
        assert html.count('href="wod/soak.md#') >= 1
        assert 'href="serial/' not in html


def test_validation_names_the_term_and_field(tmp_path):
    bad = tmp_path / "g.yml"
    bad.write_text("terms:\n  - id: x\n    ru: Икс\n    en: X\n    systems: [serial]\n"
                   "    def: {ru: a}\n    link: serial/a.md#b\n", encoding="utf-8")
    with pytest.raises(ValueError, match="x: def needs ru and en"):
        glossary.load(bad)


def test_every_rule_link_exists_on_the_built_site(site_dir):
    site = site_dir
    missing = []
    for t in TERMS:
        page, _, anchor = t["link"].partition("#")
        if not (ROOT / "docs" / page).is_file():
            missing.append(f"{t['id']}: no page docs/{page}")
            continue
        html = links.built_page(site, page, "ru")
        if anchor not in links.html_ids(html):
            missing.append(f"{t['id']}: no #{anchor} in {page}")
    assert not missing, missing


def test_built_glossary_and_tooltips(site_dir):
    site = site_dir
    ids = links.html_ids(site / "glossary" / "index.html")
    assert {t["id"] for t in TERMS} <= ids
    assert {t["id"] for t in TERMS} <= links.html_ids(site / "en" / "glossary" / "index.html")
    text = (site / "serial" / "combat" / "index.html").read_text(encoding="utf-8")
    assert ">Выносливости</abbr>" in text and ">Броню</abbr>" in text


def test_english_pages_get_english_tooltips():
    en = glossary.abbreviations("serial", lang="en")
    assert en["Броню"].startswith("Armor (Броня): A fixed rating")
    assert glossary.abbreviations("serial")["Броню"].startswith("Броня (Armor): Постоянное")


def test_a_term_is_marked_once_per_section_and_never_in_headings():
    md = markdown.Markdown(extensions=["abbr", "attr_list", "toc", glossary.TermsOncePerSection()])
    html = md.convert(
        "## Броня {#armor}\n\nБроня вычитается. Броню не сложить. Броня снова.\n\n"
        "- и в списке Броня\n\n"
        "## Другое\n\nЗдесь Броня опять, и Выносливость.\n"
        + glossary.abbreviation_block("serial"))
    sections = html.split("<h2")
    assert "<abbr" not in sections[1].split("</h2>")[0]           # not in the heading
    assert sections[1].count("<abbr") == 1                         # once in the first section
    assert "<abbr" in sections[1] and ">Броня</abbr> вычитается" in sections[1]
    assert "Броню не сложить" in sections[1]                       # the text stays
    assert sections[2].count("<abbr") == 2                         # Броня and Выносливость again
    assert md.toc_tokens[0]["id"] == "armor"


def test_every_term_is_used_by_its_rules():
    # the pages are read with markdown-it-py (scripts.checks.coverage.page_text)
    assert unused_terms() == []


def test_unused_term_is_reported(tmp_path):
    (tmp_path / "codex").mkdir()
    (tmp_path / "codex" / "a.md").write_text("# A\n\nСтресс растёт. **LV** считают.\n", encoding="utf-8")
    terms = [t for t in TERMS if t["id"] in ("codex-stress", "lv", "flax")]
    assert unused_terms(terms, tmp_path) == ["flax (codex): FLAX"]


def test_translated_english_pages_mark_the_english_terms():
    block = glossary.abbreviation_block("serial", lang="en", text_lang="en")
    html = md_to_html("Each soak level takes one level; Armor never stacks; see Interception."
                      + block)
    assert '<abbr title="Soak (Поглощение):' in html  # "soak" (lower case) of "Soak"
    assert '>Armor</abbr>' in html and '>Interception</abbr>' in html
    # a Russian page is matched by Russian forms only
    assert "Armor" not in glossary.abbreviations("serial")


def test_an_everyday_english_word_is_a_term_only_as_written():
    cover = next(t for t in TERMS if t["id"] == "cover")
    assert glossary.english_forms(cover) == {"Cover"}
    soak_levels = next(t for t in TERMS if t["id"] == "absorption-levels")
    assert {"Soak levels", "soak levels"} <= glossary.english_forms(soak_levels)


# ---- the players' words (search only) -------------------------------------------------------

PLAYERS = glossary.players()


def index_text(lang: str) -> str:
    """Every word of a language's built search index, lower case, ё as е."""
    import json
    import re

    path = links.SITE / ("en/" if lang == "en" else "") / "search" / "search_index.json"
    if not path.is_file():
        pytest.fail("site/ is not built: run scripts/build (scripts/test does it)")
    docs = json.loads(path.read_text(encoding="utf-8"))["docs"]
    return re.sub(r"<[^>]+>", " ", " ".join(d["title"] + " " + d["text"] for d in docs)).lower().replace("ё", "е")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_players_phrase_leads_to_words_the_pages_have(lang):
    """The rules' words a players' phrase is replaced by are found in that language's pages, each
    one (its beginning: the search matches every form of it)."""
    import re

    text = index_text(lang)
    assert len(PLAYERS) >= 10
    for rec in PLAYERS:
        words = [w for w in re.findall(r"[0-9a-zа-яё]+", rec["to"][lang].lower().replace("ё", "е")) if len(w) > 2]
        assert words, rec
        for w in words:
            assert re.search(r"(?<![0-9a-zа-я])" + w[: max(3, len(w) - 2)], text), (lang, rec["to"][lang], w)


def test_players_records_are_validated(tmp_path):
    base = "terms:\n  - id: x\n    ru: Икс\n    en: X (the x)\n    systems: [serial]\n    def: {ru: a, en: b}\n    link: serial/a.md#b\n"
    cases = [
        ("players:\n  - ru: [игрек]\n    term: nope\n", "no glossary term 'nope'"),
        ("players:\n  - ru: [игрек]\n", "needs one of term"),
        ("players:\n  - ru: [игрек]\n    term: x\n    means: {ru: a, en: b}\n", "needs one of term"),
        ("players:\n  - term: x\n", "needs ru and/or en"),
        ("players:\n  - ru: [игрек]\n    means: {ru: a}\n", "means needs ru and en"),
        ("players:\n  - ru: [игрек]\n    term: x\n    keep: true\n", "unknown fields"),
    ]
    for n, (players, message) in enumerate(cases):
        bad = tmp_path / f"g{n}.yml"
        bad.write_text(players + base, encoding="utf-8")
        with pytest.raises(ValueError, match=message):
            glossary.players(bad)
    good = tmp_path / "good.yml"
    good.write_text("players:\n  - ru: [игрек]\n    en: [why]\n    term: x\n" + base, encoding="utf-8")
    assert glossary.players(good)[0]["to"] == {"ru": "Икс", "en": "X"}
