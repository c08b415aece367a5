"""``<!-- svod:table SYSTEM/TABLE_ID -->``: rule tables from rules_core data, rendered into pages.

The marker becomes a Markdown table built from ``rules_core.<SYSTEM>.tables.TABLES[TABLE_ID]``
(``{"title", "columns", "rows"}``), in the language of the page's text, so the page and the
calculators read the same data. Used by the plugin and by the checks (links, coverage).
"""

from __future__ import annotations

import importlib
import re

from svod_site import markers

ARG = re.compile(r"([a-z_]+)/([A-Za-z0-9_\-]+)")


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


def marker(arg: str | None, where: markers.Where) -> str:
    """The ``svod:table`` handler; raises :class:`UnknownTable` for a missing table."""
    m = ARG.fullmatch(arg or "")
    if not m:
        raise markers.MarkerError(f"{where.src_uri}: <!-- svod:table {arg or ''} --> wants SYSTEM/TABLE_ID")
    return render_table(get_table(m[1], m[2]), where.text_lang)


def expand(markdown: str, lang: str = "ru", src_uri: str = "") -> str:
    """Only the table markers of ``markdown`` replaced (the coverage check reads the tables so)."""
    return markers.expand(markdown, markers.Where(src_uri, text_lang=lang), {"table": marker})
