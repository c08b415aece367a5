"""Every glossary term is used: a term none of whose forms occurs in the pages of its system is
a mistake in ``docs/_glossary.yml`` (tests/test_glossary.py runs :func:`unused_terms`)."""

from __future__ import annotations

import re
from pathlib import Path

from scripts.checks.coverage import DOCS, page_text
from svod_site import glossary


def page_words(system: str, docs_dir: Path = DOCS) -> str:
    """The visible text of a system's Russian pages, read with markdown-it-py (as the
    coverage check reads them: markers expanded, markup dropped), for finding terms."""
    pages = sorted(p for p in (docs_dir / system).rglob("*.md") if not p.name.endswith(".en.md"))
    return "\n".join(page_text(p.read_text(encoding="utf-8")) for p in pages)


def unused_terms(terms: list[dict] | None = None, docs_dir: Path = DOCS) -> list[str]:
    """Terms none of whose forms occurs (as a whole word) in the pages of their first
    system: a glossary entry for a word the rules never use is a mistake."""
    terms = glossary.load() if terms is None else terms
    texts: dict[str, str] = {}
    out = []
    for t in terms:
        system = t["systems"][0]
        if system not in texts:
            texts[system] = page_words(system, docs_dir)
        forms = sorted(glossary.forms(t), key=len, reverse=True)
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(f) for f in forms) + r")\b")
        if not pattern.search(texts[system]):
            out.append(f"{t['id']} ({system}): {t['ru']}")
    return out
