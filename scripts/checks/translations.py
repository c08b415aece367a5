"""Checks that a rule page's English side keeps everything of its Russian page.

``python -m scripts.checks.translations [docs/PATH.md …]`` compares each Russian page with its
``.en.md`` beside it (every pair under docs/ by default) and prints what differs; exit status 1
if anything does. Compared, in order where order matters:

* the headings: level and anchor (``{#id}``), so every link into a page lands in both languages;
* the site's markers (``<!-- svod:calc … -->``, tables, sheets), the same in both;
* the links' targets (``](path#anchor)``), as a multiset;
* the admonitions' kinds (``!!! warning``, ``??? note`` …), in order, and every «Неясно в источнике»
  box titled «Unclear in the source»;
* the table rows (lines that start with ``|``), counted;
* the numbers written in digits: none of the Russian page's may be missing from the English
  one (thousands written ``10 000`` or ``10,000`` are one number; ``1,5`` is ``1.5``);
* no Cyrillic word in the English text outside «quotations», code and HTML comments.

The test ``tests/test_translations.py`` runs the same comparison over every pair.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_HEADING = re.compile(r"^(#{1,6})\s+.*?\{#([\w-]+)[^}]*\}\s*$", re.M)
_HEADING_ANY = re.compile(r"^(#{1,6})\s+\S", re.M)
_MARKER = re.compile(r"<!--\s*(svod:[^>]*?)\s*-->")
_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_ADMONITION = re.compile(r"^\s*(!!!|\?\?\?\+?)\s+([\w-]+)", re.M)
_ROW = re.compile(r"^\s*\|", re.M)
_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f,]\d{3})+(?![\d])|\d+(?:[.,]\d+)?")
#: A «quotation» (one level of «…» inside it): the source's own words, allowed in any language.
QUOTE = re.compile(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»")
_CODE = re.compile(r"`[^`]*`")
_CYRILLIC = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё\-]*")
_FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)
_ABBR = re.compile(r"^\*\[[^\]]*\]:.*$", re.M)


def _number(token: str) -> str:
    """One spelling of a number: thousands separators dropped, the decimal comma a point."""
    if re.fullmatch(r"\d{1,3}(?:[ \u00a0\u202f,]\d{3})+", token):
        return re.sub(r"\D", "", token)
    return token.replace(",", ".")


def _prose(text: str) -> str:
    """The text without front matter, code and comments (where numbers and words are read)."""
    text = _FRONT.sub("", text)
    text = _FENCE.sub("", text)
    return _COMMENT.sub("", text)


def structure(text: str) -> dict:
    """What a page must keep in every language: see the module's docstring."""
    body = _FENCE.sub("", _FRONT.sub("", text))  # markers are comments: read before they go
    prose = _prose(text)
    # link targets and anchors are not numbers of the rules
    numbers_text = _LINK.sub("]()", prose)
    numbers_text = re.sub(r"\{#[^}]*\}", "", numbers_text)
    return {
        "headings": [(len(h), a) for h, a in _HEADING.findall(prose)],
        "heading_count": len(_HEADING_ANY.findall(prose)),
        "markers": [" ".join(m.split()) for m in _MARKER.findall(body)],
        "links": Counter(_LINK.findall(prose)),
        "admonitions": [kind for _, kind in _ADMONITION.findall(prose)],
        "unclear": len(re.findall(r'^\s*(?:!!!|\?\?\?\+?)\s+[\w-]+\s+"(?:Неясно в источнике|Unclear in the source)"',
                              prose, re.M)),
        "rows": len(_ROW.findall(prose)),
        "numbers": Counter(_number(n) for n in _NUMBER.findall(numbers_text)),
    }


def cyrillic_words(en_text: str) -> list[str]:
    """Cyrillic words of an English page outside «quotations», code, comments and link targets."""
    text = _ABBR.sub("", _prose(en_text))
    text = _CODE.sub("", _LINK.sub("]()", text))
    text = QUOTE.sub("", text)
    return _CYRILLIC.findall(text)


def problems(ru_text: str, en_text: str) -> list[str]:
    """How an English page differs from its Russian page, one line a difference ([] if none)."""
    ru, en = structure(ru_text), structure(en_text)
    out = []
    if ru["headings"] != en["headings"]:
        missing = [h for h in ru["headings"] if h not in en["headings"]]
        extra = [h for h in en["headings"] if h not in ru["headings"]]
        out.append(f"headings differ (level, anchor): missing {missing}, extra {extra}"
                   if missing or extra else "headings in another order")
    if ru["heading_count"] != en["heading_count"]:
        out.append(f"headings: {ru['heading_count']} in Russian, {en['heading_count']} in English")
    if ru["markers"] != en["markers"]:
        out.append(f"markers differ: {ru['markers']} vs {en['markers']}")
    if ru["links"] != en["links"]:
        out.append(f"links differ: missing {dict(ru['links'] - en['links'])}, "
                   f"extra {dict(en['links'] - ru['links'])}")
    if ru["admonitions"] != en["admonitions"]:
        out.append(f"admonitions differ: {ru['admonitions']} vs {en['admonitions']}")
    if ru["unclear"] != en["unclear"]:
        out.append(f"«Неясно в источнике» boxes: {ru['unclear']} in Russian, {en['unclear']} titled "
                   "«Unclear in the source» in English")
    if ru["rows"] != en["rows"]:
        out.append(f"table rows: {ru['rows']} in Russian, {en['rows']} in English")
    if missing := ru["numbers"] - en["numbers"]:
        out.append(f"numbers missing in English: {dict(sorted(missing.items()))}")
    if words := cyrillic_words(en_text):
        out.append(f"Russian words outside «quotations»: {sorted(set(words))[:20]}")
    return out


def pairs(paths: list[Path] | None = None) -> list[tuple[Path, Path]]:
    """(Russian page, English page) for the given Russian pages, or every pair under docs/."""
    if paths:
        rus = [p.resolve() for p in paths]
    else:
        rus = sorted(p for p in DOCS.rglob("*.md") if not p.name.endswith(".en.md") and not p.name.startswith("_"))
    return [(p, p.with_suffix("").with_suffix(".en.md")) for p in rus
            if p.with_suffix("").with_suffix(".en.md").exists()]


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv]
    paths = [p.with_name(p.name.replace(".en.md", ".md")) if p.name.endswith(".en.md") else p for p in paths]
    bad = 0
    for ru, en in pairs(paths or None):
        found = problems(ru.read_text(encoding="utf-8"), en.read_text(encoding="utf-8"))
        for line in found:
            print(f"{en.relative_to(ROOT)}: {line}")
        bad += bool(found)
    for p in paths:
        if not p.with_suffix("").with_suffix(".en.md").exists():
            print(f"{p}: no English page beside it")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
