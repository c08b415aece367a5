"""Every page has its English side, and the English side keeps everything of the Russian page
(scripts/checks/translations.py: headings and anchors, markers, links, admonitions, table rows,
numbers, no Russian word outside «quotations»)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from scripts.checks import translations as translations

RUSSIAN_PAGES = sorted(p for p in translations.DOCS.rglob("*.md") if not p.name.endswith(".en.md") and not p.name.startswith("_"))


def rel(path) -> str:
    return path.relative_to(translations.DOCS).as_posix()


def test_every_page_has_its_english_side():
    missing = [rel(p) for p in RUSSIAN_PAGES if not p.with_suffix("").with_suffix(".en.md").exists()]
    assert not missing, f"{len(missing)} pages have no English page beside them: {missing}"


@pytest.mark.parametrize("ru, en", translations.pairs(), ids=[rel(ru) for ru, _ in translations.pairs()])
def test_english_page_keeps_the_russian_page(ru, en):
    assert translations.problems(ru.read_text(encoding="utf-8"), en.read_text(encoding="utf-8")) == []


RU = """---
title: Атака
---

# Атака {#attack}

Бросок: Ловкость + Драка, сложность 6, до 10 000 метров; 1,5 хода. См. [маневры](maneuvers.md#dodge).

!!! warning "Неясно в источнике"
    Не сказано, «что делать».

| Броня | Уровень |
| --- | --- |
| 1 | легкий |

<!-- svod:calc serial-attack -->
"""

EN = """---
title: Attack
---

# Attack {#attack}

The roll: Dexterity + Brawl, difficulty 6, up to 10,000 metres; 1.5 turns. See [maneuvers](maneuvers.md#dodge).

!!! warning "Unclear in the source"
    It does not say «what to do».

| Armor | Level |
| --- | --- |
| 1 | light |

<!-- svod:calc serial-attack -->
"""


def test_a_faithful_page_passes():
    assert translations.problems(RU, EN) == []


@pytest.mark.parametrize("change, found", [
    (("{#attack}", "{#attack-roll}"), "headings differ"),
    (("# Attack", "## Attack"), "headings differ"),
    (("<!-- svod:calc serial-attack -->", ""), "markers differ"),
    (("maneuvers.md#dodge", "maneuvers.md"), "links differ"),
    (('!!! warning "Unclear', '!!! note "Unclear'), "admonitions differ"),
    (('"Unclear in the source"', '"Unclear"'), "«Неясно в источнике» boxes: 1 in Russian, 0"),
    (("| 1 | light |\n", ""), "table rows"),
    (("difficulty 6", "difficulty six"), "numbers missing in English: {'6': 1}"),
    (("10,000", "1,000"), "numbers missing in English: {'10000': 1}"),
    (("1.5 turns", "one and a half turns"), "numbers missing in English: {'1.5': 1}"),
    (("Dexterity + Brawl", "Dexterity + Драка"), "Russian words outside «quotations»: ['Драка']"),
])
def test_what_a_translation_lost_is_found(change, found):
    old, new = change
    assert old in EN
    lost = translations.problems(RU, EN.replace(old, new))
    assert any(found in line for line in lost), lost


def test_russian_is_allowed_in_quotations_code_and_comments():
    en = EN.replace("It does not say «what to do».", "It does not say «что делать» (`Драка`). <!-- бросок -->")
    assert translations.problems(RU, en) == []


# ---- what an English reader sees in the built site ------------------------------------------

SITE = translations.ROOT / "site"


class _ArticleText(HTMLParser):
    """The visible text of a page's article, without scripts, templates and anything marked
    ``lang="ru"`` (the glossary's Russian terms beside the English ones)."""

    SKIP = {"script", "style", "template"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self.in_article = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        hidden = bool(self.stack and self.stack[-1][1]) or tag in self.SKIP or dict(attrs).get("lang") == "ru"
        self.stack.append((tag, hidden))
        self.in_article += tag == "article"

    def handle_endtag(self, tag):
        while self.stack:
            top, _ = self.stack.pop()
            self.in_article -= top == "article"
            if top == tag:
                break

    def handle_data(self, data):
        if self.in_article and not (self.stack and self.stack[-1][1]):
            self.parts.append(data)


def russian_words(page_html: str) -> list[str]:
    parser = _ArticleText()
    parser.feed(page_html)
    text = translations.QUOTE.sub("", " ".join(parser.parts))
    return re.findall(r"[А-Яа-яЁё]+", text)


def test_english_pages_show_no_russian_outside_quotations(site_dir):
    """Every English page of the built site, its article as a reader sees it: the rule text,
    the tables rendered from the rules data, the calculators, the glossary."""
    pages = sorted((SITE / "en").rglob("index.html"))
    assert len(pages) > 60
    found = {}
    for page in pages:
        if words := russian_words(page.read_text(encoding="utf-8")):
            found[page.relative_to(SITE).as_posix()] = sorted(set(words))[:8]
    assert not found, found


def test_the_reader_check_sees_russian_where_it_is():
    assert russian_words('<article><p>Броня 2</p></article>') == ["Броня"]
    assert russian_words('<article><p>«Броня» <em lang="ru">Броня</em><script>"Броня"</script></p></article>') == []
    assert russian_words('<p>Броня</p><article><p>Armor</p></article>') == []
