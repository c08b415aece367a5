"""The five source documents: the group's rules, the single authority for every rule on the site.

They live in the repository's own ``sources/`` (``sources/INDEX.md`` says which system each
is). Every test, script and check finds them here, by a path relative to the repository, so
a clone with nothing beside it (GitHub's Pages runner) has everything it needs.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES_DIR = ROOT / "sources"


def source_path(prefix: str) -> Path:
    """The source file whose name starts with ``prefix`` (``"000"`` … ``"004"``)."""
    found = sorted(SOURCES_DIR.glob(f"{prefix}_*.txt"))
    if len(found) != 1:
        raise FileNotFoundError(f"sources/: expected one {prefix}_*.txt, found {len(found)}")
    return found[0]


def read_source(prefix: str) -> str:
    return source_path(prefix).read_text(encoding="utf-8")
