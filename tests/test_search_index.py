"""The built search indexes (svod_site/search.py): one per language, each with its own pages
only, a page entry (with a title) before the sections of every page, the system and kind of
every entry, text that keeps its blocks' words apart, a calculator's title but not its form's
fields, a heading-only section read by its sub-headings; and, in the built worker run in Node,
results of the page's system first, the print sheets below the rule pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules_core import api
from tests.node import run_search_worker as run_worker

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
INDEXES = {"ru": SITE / "search" / "search_index.json", "en": SITE / "en" / "search" / "search_index.json"}


def load(lang: str) -> dict:
    path = INDEXES[lang]
    if not path.is_file():
        pytest.fail(f"{path} is missing: run scripts/build (scripts/test does it)")
    return json.loads(path.read_text(encoding="utf-8"))


def built_pages(lang: str) -> set[str]:
    """The page URLs of a language's build, from the built files."""
    root = SITE / "en" if lang == "en" else SITE
    out = set()
    for html in root.rglob("index.html"):
        rel = html.relative_to(SITE).as_posix()[: -len("index.html")]
        if lang == "ru" and rel.startswith(("en/", "assets/")):
            continue
        out.add(rel)
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_language_indexes_its_own_pages_each_once(lang):
    docs = load(lang)["docs"]
    locations = [d["location"] for d in docs]
    assert len(locations) == len(set(locations)), "an entry twice"
    in_en = [x for x in locations if x.startswith("en/")]
    assert (in_en == []) if lang == "ru" else (len(in_en) == len(locations)), in_en[:5]
    pages = {x for x in locations if "#" not in x}
    assert pages == built_pages(lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_section_follows_its_page_and_everything_has_a_title(lang):
    seen = set()
    systems = set(api.SYSTEMS)
    for d in load(lang)["docs"]:
        page, _, anchor = d["location"].partition("#")
        if anchor:
            # Material groups a section under the first entry of its path, as the result's title
            assert page in seen, f"{d['location']} before its page's entry"
        else:
            seen.add(page)
        assert d["title"].strip(), d["location"]
        assert d["system"] in systems and d["kind"] in ("rules", "calc", "sheet"), d
        assert (d["kind"] == "sheet") == d["location"].removeprefix("en/").startswith("print/"), d


def test_systems_are_named_in_each_language():
    for lang in ("ru", "en"):
        names = load(lang)["config"]["svod"]["systems"]
        assert names == {key: title[lang] for key, title in api.SYSTEMS.items()}


def test_english_pages_are_indexed_in_english_section_by_section():
    docs = load("en")["docs"]
    soak = {d["location"]: d for d in docs if d["location"].startswith("en/wod/soak/")}
    ru_soak = [d["location"] for d in load("ru")["docs"] if d["location"].startswith("wod/soak/")]
    # the same page and sections as the Russian index, under English titles
    assert sorted(soak) == sorted("en/" + loc for loc in ru_soak) and len(soak) > 3
    assert soak["en/wod/soak/"]["title"] == "Soak and armor"
    assert soak["en/wod/soak/#soak"]["title"] == "Soak"
    assert not [loc for loc, d in soak.items() if re.search(r"[А-Яа-яЁё]", d["title"])]
    # no English entry is a fallback: none repeats the Russian text of its page or says so
    ru = {d["location"]: d["text"] for d in load("ru")["docs"]}
    copies = [d["location"] for d in docs if d["text"] and ru.get(d["location"].removeprefix("en/")) == d["text"]]
    assert copies == [], copies[:5]
    assert not [d["location"] for d in docs if "Not translated yet" in d["text"]]


def test_calculator_pages_are_titled_by_their_heading_once():
    docs = load("ru")["docs"]
    by_loc = {d["location"]: d for d in docs}
    assert by_loc["calculators/"]["title"] == "Калькуляторы"
    for c in api.list_calculators():
        loc = f"calculators/{c['id']}/"
        assert by_loc[loc]["title"] == c["title"]["ru"]
        again = [d for d in docs if d["location"].startswith(loc + "#") and d["title"] == c["title"]["ru"]]
        assert again == [], again


# ---- ranking, in the built worker (Node) -------------------------------------------------

#: (query, page searched from): words found in several systems
RANKED = [
    ("поглощение", "serial/combat/"), ("поглощение", "wod/soak/"),
    ("очередь", "serial/turn/"), ("очередь", "wod/turn/"),
    ("уклонение", "serial/combat/"), ("уклонение", "lysogorsk/combat/"),
    ("как работает уклонение", "serial/maneuvers/"),
    ("броня", "codex/armor/"), ("броня", "lysogorsk/damage/"), ("броня", "calculators/wod-soak/"),
    ("урон", "codex/weapon-damage/"), ("урон", "lysogorsk/damage/"),
]


def system_of(docs: list[dict], page: str) -> str:
    return next(d["system"] for d in docs if d["location"] == page)


def assert_system_first(groups: list[dict], here: str, where: str):
    systems = [g["system"] for g in groups]
    assert here in systems and len(set(systems) - {"common"}) >= 2, f"{where}: not in several systems: {systems}"
    n = systems.count(here)
    assert systems[:n] == [here] * n, f"{where}: {systems}"
    kinds = [g["kind"] for g in groups[:n]]
    assert kinds == sorted(kinds, key=lambda k: k == "calc"), f"{where}: a calculator above a rule page: {kinds}"
    assert all(g["tags"] for g in groups), f"{where}: a result without its system's name"


@pytest.fixture(scope="module")
def ranked(tmp_path_factory, site_dir):
    return run_worker([[q, page] for q, page in RANKED] + [q for q, _ in RANKED],
                      tmp_path_factory.mktemp("ranked"))


@pytest.mark.parametrize("query,page", RANKED, ids=[f"{q}@{p}" for q, p in RANKED])
def test_results_of_the_pages_system_come_first(ranked, query, page):
    docs = load("ru")["docs"]
    here = system_of(docs, page)
    groups = ranked["groups"][f"{page}|{query}"]
    assert_system_first(groups, here, f"«{query}» from {page}")
    names = load("ru")["config"]["svod"]["systems"]
    assert all(g["tags"] == [names[g["system"]]] for g in groups)
    # the same results as from nowhere, only in another order
    assert sorted(ranked["results"][f"{page}|{query}"]) == sorted(ranked["results"][query])


#: (query, page searched from): words of a rule page that a print sheet has too
SHEETED = [("модификаторы стрельбы", ""), ("модификаторы стрельбы", "lysogorsk/"),
           ("уровни ранений", ""), ("броня", "codex/"), ("истощение", "")]


def test_print_sheets_come_below_the_rule_pages(tmp_path):
    out = run_worker([[q, page] for q, page in SHEETED], tmp_path)
    for q, page in SHEETED:
        kinds = [g["kind"] for g in out["groups"][f"{page}|{q}"]]
        assert "sheet" in kinds and kinds[0] == "rules", (q, page, kinds)
        if not page:  # from the home page no system comes first: every rule page before a sheet
            assert kinds == sorted(kinds, key=["rules", "calc", "sheet"].index), (q, kinds)


# ---- the index's text ------------------------------------------------------------------------

def test_spaced_parser_keeps_the_words_of_adjacent_blocks_apart():
    from material.plugins.search.plugin import Parser

    from svod_site.search import spaced_parser

    html = ("<h2 id='a'>Заголовок</h2><fieldset><legend>Когда урон убивает</legend><label>больше "
            "порога</label></fieldset><table><tr><td>«порога»)</td><td>достигнув</td></tr></table>"
            "<p>один<br>два <em>вы</em>деленное <a href='#'>сло</a>во</p><pre>a\n<span>b</span></pre>")
    parser = spaced_parser(Parser)()
    parser.feed(html)
    parser.close()
    text = " ".join("".join(section.text) for section in parser.data)
    assert "убивает больше порога" in text and "«порога») достигнув" in text
    assert "один два" in text and "выделенное" in text and "слово" in text  # inline stays joined
    assert "a\nb" in text  # preformatted text as it is


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_words_run_together_in_the_index(lang):
    """The text of adjacent blocks (table cells, a form's legend and label, a list's items) is
    kept apart: no lower-case Cyrillic letter runs into an upper-case one, no closing quote or
    bracket into a word."""
    joined = []
    for d in load(lang)["docs"]:
        text = re.sub(r"<[^>]+>", " ", d["text"] + " " + d["title"])
        joined += [f"{d['location']}: {m[0]}" for m in re.finditer(r"\S*(?:[а-яё][А-ЯЁ]|[»)][А-Яа-яЁё])\S*", text)]
    assert joined == [], joined[:10]


def test_a_calculators_form_is_not_indexed_but_its_title_is():
    docs = {d["location"]: d for d in load("ru")["docs"]}
    for c in api.list_calculators():
        page = docs[f"calculators/{c['id']}/"]
        assert c["description"]["ru"][:40] in page["text"], c["id"]
        # the form's labels: on every page the calculator is on, they drowned the rules' words
        labels = [p["label"]["ru"] for p in c["params"] if len(p["label"]["ru"]) > 20]
        assert not [lab for lab in labels if lab in page["text"]], (c["id"], labels)


def test_a_heading_right_above_its_sub_headings_reads_as_them():
    docs = {d["location"]: d for d in load("ru")["docs"]}
    assert docs["codex/preparations/#kinds"]["text"] == "Основные · Жанровые · Уникальные"
    assert docs["lysogorsk/alcohol/"]["text"].startswith("Алкоголь и опьянение · Стадии опьянения")
    assert not [loc for loc, d in docs.items() if not d["text"].strip()]
    en = {d["location"]: d for d in load("en")["docs"]}
    assert en["en/codex/preparations/#kinds"]["text"] == "Core · Genre · Unique"
