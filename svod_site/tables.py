"""Rule tables from rules_core data, rendered into pages.

A page writes ``<!-- svod:table SYSTEM/TABLE_ID -->`` where a table belongs; this module
replaces the marker with a Markdown table built from
``rules_core.<SYSTEM>.tables.TABLES[TABLE_ID]``, so the page and the calculators read the
same data. Used by the MkDocs hook (``scripts/hooks.py``) and by the coverage check.
"""

from __future__ import annotations

import importlib
import re

MARKER = re.compile(r"<!--\s*svod:table\s+([a-z_]+)/([A-Za-z0-9_\-]+)\s*-->")


class UnknownTable(LookupError):
    pass


def get_table(system: str, table_id: str) -> dict:
    try:
        mod = importlib.import_module(f"rules_core.{system}.tables")
    except ModuleNotFoundError:
        raise UnknownTable(f"no rules_core.{system}.tables module (table {system}/{table_id})") from None
    try:
        return mod.TABLES[table_id]
    except KeyError:
        raise UnknownTable(f"no table {system}/{table_id}") from None


def cell_text(cell, lang: str = "ru") -> str:
    if isinstance(cell, dict) and lang in cell:
        cell = cell[lang]
    elif isinstance(cell, dict) and "ru" in cell:
        cell = cell["ru"]
    if cell is None:
        cell = "—"
    text = str(cell)
    if isinstance(cell, (int, float)) and not isinstance(cell, bool) and cell < 0:
        text = "−" + str(-cell)
    return text.replace("|", "\\|").replace("\n", "<br>")


def render_table(table: dict, lang: str = "ru") -> str:
    cols = [cell_text(c, lang) for c in table["columns"]]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join(" --- " for _ in cols) + "|"]
    for row in table["rows"]:
        lines.append("| " + " | ".join(cell_text(c, lang) for c in row) + " |")
    return "\n".join(lines)


def expand(markdown: str, lang: str = "ru") -> str:
    """Replace every table marker; raise :class:`UnknownTable` for a missing one."""
    return MARKER.sub(lambda m: "\n" + render_table(get_table(m[1], m[2]), lang) + "\n", markdown)
