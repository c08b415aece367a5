"""MkDocs hooks: rule tables from rules_core data (``<!-- svod:table SYS/ID -->``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.svod_tables import expand  # noqa: E402


def on_page_markdown(markdown, page, config, files):
    lang = "en" if page.file.src_uri.startswith("en/") or ".en." in page.file.src_uri else "ru"
    return expand(markdown, lang)
