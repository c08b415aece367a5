"""Nothing lost: every sentence of every source is on the site.

``python -m scripts.checks.coverage [--source 000] [--missing N]`` prints the coverage per source and
exits 1 unless every source is at 100 %.

How it compares: a source is split into sentences (per line, at . ! ? … followed by space);
the pages of the source's section are read with markdown-it-py (+ mdit-py-plugins for
admonitions), after the rule-table markers are expanded from rules_core data
(``svod_site.tables.expand``), and their text (no URLs, no markup) is concatenated. Both
sides are normalised to letters and digits only, case-folded, ё → е, so whitespace, quotes,
dashes, markup and restructuring (lists, tables, admonitions, links) do not matter, but every
word and number of a sentence must be there, in order. Heading anchors (``{#id}``) are dropped.

Intentional changes (obvious typo fixes) are listed in ``docs/_changes.yml``, and only there::

    - source: "000"            # the source file's prefix
      original: "exact text in the source"
      replacement: "the text on the site"
      why: "typo: ..."

They are applied to the source before comparing, so each one is reviewed in one place.
A change is a typo fix, not a rewrite: it must change something, and at most
``MAX_CHANGED_WORDS`` words of its ``original`` (word-level diff); ``why`` says what it fixes.

Table cells: 003's tables are flattened to one cell a line. Lines inside the regions listed in
``TABLE_REGIONS`` are not sentences but table values: each must be the value of a cell of a
table on the site (a Markdown table in the section's pages, rule-table markers expanded), compared
as a whole run of words (letters and digits, case-folded, ё → е): «4» must be a cell's word,
not a digit inside «14»; a value the source split over two lines («Первый класс» /
«(плотная одежда)») may be one cell. Table titles and the notes under a table stay sentences.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from mdit_py_plugins.admon import admon_plugin

from scripts.sources import SOURCES_DIR  # the repository's sources/
from svod_site.tables import expand

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CHANGES = DOCS / "_changes.yml"

#: source prefix → docs section holding it
SECTIONS = {"000": "serial", "001": "lysogorsk", "002": "wod", "003": "wod", "004": "codex"}

SENTENCE_END = ".!?…"
MAX_CHANGED_WORDS = 3

#: source prefix → flattened tables, as inclusive 1-based line ranges (header cells included)
TABLE_REGIONS: dict[str, list[tuple[int, int]]] = {
    "003": [
        (32, 39),    # Укрытие / Трудность (cover)
        (70, 90),    # ХОЛОДНОЕ ОРУЖИЕ (melee weapons)
        (94, 116),   # БРОНЯ (armor classes)
        (118, 177),  # МАНЕВРЫ БЛИЖНЕГО БОЯ (melee maneuvers)
        (182, 211),  # МАНЕВРЫ ДАЛЬНЕГО БОЯ (ranged maneuvers)
        (213, 289),  # ОГНЕСТРЕЛЬНОЕ ОРУЖИЕ (firearms)
    ],
}


def normalise(text: str) -> str:
    text = text.casefold().replace("ё", "е")
    return "".join(ch for ch in text if ch.isalnum())


def split_sentences(line: str) -> list[str]:
    """Split a source line into sentences at ., !, ?, … followed by white space."""
    out, start = [], 0
    for i, ch in enumerate(line):
        if ch in SENTENCE_END and i + 1 < len(line) and line[i + 1].isspace():
            out.append(line[start:i + 1])
            start = i + 1
    out.append(line[start:])
    return [s.strip() for s in out if s.strip()]


def words(text: str) -> tuple[str, ...]:
    """Runs of letters and digits, case-folded, ё → е (for table values)."""
    out, cur = [], []
    for ch in text.casefold().replace("ё", "е"):
        if ch.isalnum():
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return tuple(out)


def in_table_region(prefix: str, lineno: int) -> bool:
    return any(a <= lineno <= b for a, b in TABLE_REGIONS.get(prefix, ()))


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table").use(admon_plugin)


def _strip_attrs(text: str) -> str:
    """Drop a trailing attr_list ``{#id .class}`` from a heading's text."""
    t = text.rstrip()
    if t.endswith("}") and "{" in t:
        head, _, tail = t.rpartition("{")
        if tail.startswith(("#", ".", ":")) or "=" in tail:
            return head
    return text


def page_text(markdown: str) -> str:
    """The visible text of a page (markers expanded, markup and URLs dropped)."""
    tokens = _parser().parse(expand(markdown))
    parts: list[str] = []
    in_heading = False
    for tok in tokens:
        if tok.type == "heading_open":
            in_heading = True
        elif tok.type == "heading_close":
            in_heading = False
        elif tok.type == "inline":
            chunk = []
            for child in tok.children or []:
                if child.type in ("text", "code_inline"):
                    chunk.append(child.content)
                elif child.type in ("softbreak", "hardbreak"):
                    chunk.append(" ")
            text = "".join(chunk)
            parts.append(_strip_attrs(text) if in_heading else text)
        elif tok.type in ("code_block", "fence"):
            parts.append(tok.content)
    return "\n".join(parts)


def table_cells(markdown: str) -> list[str]:
    """The text of every table cell (``th``/``td``) of a page, markers expanded."""
    cells: list[str] = []
    in_cell = False
    for tok in _parser().parse(expand(markdown)):
        if tok.type in ("th_open", "td_open"):
            in_cell = True
            cells.append("")
        elif tok.type in ("th_close", "td_close"):
            in_cell = False
        elif in_cell and tok.type == "inline":
            cells[-1] += "".join(c.content if c.type in ("text", "code_inline") else " "
                                 for c in tok.children or [] if c.type in
                                 ("text", "code_inline", "softbreak", "hardbreak", "html_inline"))
    return cells


def section_pages(section: str) -> list[Path]:
    return sorted(p for p in (DOCS / section).rglob("*.md") if not p.name.endswith(".en.md"))


def section_cells(section: str) -> list[tuple[str, ...]]:
    if not (DOCS / section).exists():
        return []
    return [words(c) for p in section_pages(section) for c in table_cells(p.read_text(encoding="utf-8"))]


def value_in_cells(value: tuple[str, ...], cells: list[tuple[str, ...]]) -> bool:
    """``value`` (a word tuple) is a whole run of words of some cell."""
    n = len(value)
    return any(cell[i:i + n] == value for cell in cells for i in range(len(cell) - n + 1))


def section_text(section: str) -> str:
    return "\n".join(page_text(p.read_text(encoding="utf-8")) for p in section_pages(section))


def load_changes() -> list[dict]:
    if not CHANGES.exists():
        return []
    import yaml  # PyYAML comes with MkDocs (build time only)

    data = yaml.safe_load(CHANGES.read_text(encoding="utf-8")) or []
    for entry in data:
        missing = {"source", "original", "replacement", "why"} - set(entry)
        if missing:
            raise ValueError(f"docs/_changes.yml: entry {entry!r} lacks {sorted(missing)}")
        check_change(entry)
    return data


def check_change(entry: dict) -> None:
    """A listed change must be a small, explained fix (raises ``ValueError`` otherwise)."""
    import difflib

    what = f"docs/_changes.yml: {str(entry.get('original'))[:60]!r}"
    if str(entry["source"]) not in SECTIONS:
        raise ValueError(f"{what}: unknown source {entry['source']!r}")
    if not str(entry["why"]).strip():
        raise ValueError(f"{what}: 'why' is empty")
    a, b = str(entry["original"]).split(), str(entry["replacement"]).split()
    if entry["original"] == entry["replacement"]:
        raise ValueError(f"{what}: replacement equals original")
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag != "equal")
    if changed > MAX_CHANGED_WORDS:
        raise ValueError(f"{what}: changes {changed} words; a typo fix changes at most "
                         f"{MAX_CHANGED_WORDS} (anything bigger is not an intentional small fix)")


def source_files() -> dict[str, Path]:
    return {p.name[:3]: p for p in sorted(SOURCES_DIR.glob("[0-9][0-9][0-9]_*.txt"))}


@dataclass
class Report:
    source: str
    total: int = 0
    covered: int = 0
    missing: list[tuple[int, str]] = field(default_factory=list)
    cells_total: int = 0
    cells_covered: int = 0
    unused_changes: list[dict] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.covered / self.total if self.total else 100.0

    @property
    def sentences(self) -> tuple[int, int]:
        """(covered, total) prose sentences, table values left out."""
        return self.covered - self.cells_covered, self.total - self.cells_total


def check_source(prefix: str, path: Path, changes: list[dict], texts: dict) -> Report:
    section = SECTIONS[prefix]
    if section not in texts:
        texts[section] = normalise(section_text(section)) if (DOCS / section).exists() else ""
    haystack = texts[section]
    cells_key = section + "/cells"
    if cells_key not in texts:
        texts[cells_key] = section_cells(section)
    cells = texts[cells_key]
    raw = path.read_text(encoding="utf-8")
    report = Report(prefix)
    for ch in changes:
        if str(ch["source"]) != prefix:
            continue
        if ch["original"] not in raw:
            report.unused_changes.append(ch)
        raw = raw.replace(ch["original"], ch["replacement"])
    for lineno, line in enumerate(raw.splitlines(), 1):
        if in_table_region(prefix, lineno):
            value = words(line)
            if not value:
                continue
            report.total += 1
            report.cells_total += 1
            if value_in_cells(value, cells):
                report.covered += 1
                report.cells_covered += 1
            else:
                report.missing.append((lineno, f"[table value] {line.strip()}"))
            continue
        for sentence in split_sentences(line):
            key = normalise(sentence)
            if not key:
                continue
            report.total += 1
            if key in haystack:
                report.covered += 1
            else:
                report.missing.append((lineno, sentence))
    return report


def run(only: str | None = None) -> list[Report]:
    changes = load_changes()
    texts: dict = {}  # section → normalised text; "section/cells" → table cells
    return [check_source(prefix, path, changes, texts)
            for prefix, path in source_files().items() if only in (None, prefix)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", help="only this source prefix, e.g. 000")
    ap.add_argument("--missing", type=int, default=10, help="how many missing sentences to list")
    args = ap.parse_args(argv)
    reports = run(args.source)
    ok = True
    for r in reports:
        sc, st = r.sentences
        cells = f", {r.cells_covered}/{r.cells_total} table values" if r.cells_total else ""
        print(f"{r.source} → docs/{SECTIONS[r.source]}/: {r.percent:.1f} % "
              f"({sc}/{st} sentences{cells})")
        for lineno, s in r.missing[: args.missing]:
            print(f"    missing, line {lineno}: {s[:160]}")
        if len(r.missing) > args.missing:
            print(f"    … and {len(r.missing) - args.missing} more")
        for ch in r.unused_changes:
            print(f"    change not found in the source: {ch['original'][:80]!r}")
        ok &= r.covered == r.total and not r.unused_changes
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
