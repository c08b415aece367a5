"""``<!-- svod:KIND ARG -->``: the one marker syntax of the pages, and its dispatcher.

A marker stands on a line of its own (indented inside an admonition is fine), outside fenced
code (a page may show a marker as an example). :func:`expand` replaces it with the Markdown
block its kind's handler returns, indented as the marker was, between blank lines:

- ``<!-- svod:table SYSTEM/TABLE_ID -->``: a rule table from rules_core data (``tables.py``);
- ``<!-- svod:calc CALC_ID -->``: a calculator's form (``calculators.py``);
- ``<!-- svod:glossary -->``: the glossary (``glossary.py``);
- ``<!-- svod:home -->``: the home page's cards (``home.py``);
- ``<!-- svod:sheet SYSTEM -->``: a system's print sheet (``sheets.py``);
- ``<!-- svod:reading SYSTEM/NAME -->``: a «Неясно в источнике» box's switch line (``readings.py``).

An unknown kind, or an argument its handler does not know, fails the build naming the page.
The checks (links, coverage) expand the kinds they read and leave the others as they are.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError

KINDS = ("table", "calc", "glossary", "home", "sheet", "reading")
MARKER = re.compile(r"^(?P<indent>[ \t]*)<!--\s*svod:(?P<kind>[a-z]+)(?:\s+(?P<arg>\S+?))?\s*-->[ \t]*$", re.M)
FENCE = re.compile(r"(^[ \t]*(?:```|~~~)[^\n]*\n.*?^[ \t]*(?:```|~~~)[ \t]*$)", re.M | re.S)


class MarkerError(PluginError):
    """A marker the build cannot expand (its message names the page)."""


@dataclass(frozen=True)
class Where:
    """The page a marker is in: its source (docs-relative), its text's language and its build's
    (see ``lang.py``), and the docs folder (the glossary links only pages that exist)."""

    src_uri: str
    text_lang: str = "ru"
    build_lang: str = "ru"
    docs_dir: Path | None = None


#: A handler gets the marker's argument (None without one) and the page; returns Markdown.
Handler = Callable[[str | None, Where], str]


def expand(markdown: str, where: Where, handlers: Mapping[str, Handler],
           only: Collection[str] | None = None) -> str:
    """Every marker of a kind in ``only`` (default: every kind of ``handlers``) replaced."""
    only = set(handlers) if only is None else set(only)

    def replace(m: re.Match) -> str:
        kind, arg = m["kind"], m["arg"]
        if kind not in KINDS:
            raise MarkerError(f"{where.src_uri}: unknown marker <!-- svod:{kind} --> "
                              f"(known: {', '.join(KINDS)})")
        if kind not in only:
            return m[0]
        return "\n" + textwrap.indent(handlers[kind](arg, where), m["indent"]) + "\n"

    parts = FENCE.split(markdown)
    return "".join(part if i % 2 else MARKER.sub(replace, part) for i, part in enumerate(parts))
