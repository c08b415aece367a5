"""The page «Броня во всех системах» (docs/armor.md): in the nav after the four systems, the
calculator embedded once, and links to each system's armor rules that resolve."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from rules_core import api

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "armor.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")

#: what the brief asks the page to link (the Лысогорск anchor found on the page: #damage)
REQUIRED = {"serial/combat.md#armor", "serial/weapons.md#encumbrance", "wod/soak.md#soak",
            "lysogorsk/damage.md#damage", "codex/armor.md#threshold"}


def _anchors(path: Path) -> set[str]:
    return set(re.findall(r"\{#([^}\s]+)\}\s*$", path.read_text(encoding="utf-8"), flags=re.M))


def test_page_embeds_the_calculator_once():
    text = PAGE.read_text(encoding="utf-8")
    assert re.findall(r"<!--\s*svod:calc\s+(\S+)\s*-->", text) == ["armor"]
    assert "armor" in {c["id"] for c in api.list_calculators()}


def test_links_resolve_and_cover_every_system():
    links = set(LINK.findall(PAGE.read_text(encoding="utf-8")))
    assert REQUIRED <= links
    for link in links:
        path, _, anchor = link.partition("#")
        target = PAGE.parent / path
        assert target.is_file(), link
        if anchor:
            assert anchor in _anchors(target), link


def test_page_in_nav_after_the_four_systems():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    nav = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]
    titles = [next(iter(item)) for item in nav]
    assert titles.index("Броня во всех системах") > max(
        titles.index(t) for t in ("Мир Тьмы — Сериал", "Мир Тьмы (классика)", "Лысогорские сказочки", "Codex of…"))
    assert {"Броня во всех системах": "armor.md"} in nav
