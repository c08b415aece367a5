"""Structure of the classic World of Darkness (docs/wod/) and «Codex of…» (docs/codex/) pages.

Coverage of the source text is checked by scripts/checks/coverage.py (tests/test_coverage.py); this
file checks what makes the pages usable: every page in the nav, a stable Latin anchor on every
heading, each calculator table and calculator embedded exactly once, links that resolve, and
admonitions that say what they must.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SECTIONS = ("wod", "codex")

#: rule tables kept as data in rules_core/<system>/tables.py (the content brief's ids, plus the
#: ones the engine branch added): each is a marker on the page, exactly once, never typed
TABLE_MARKERS = {
    "wod": {"wod/melee_weapons", "wod/armor", "wod/melee_maneuvers", "wod/ranged_maneuvers",
            "wod/firearms", "wod/cover"},
    "codex": {"codex/skill_levels", "codex/difficulty_scale", "codex/endurance",
              "codex/consequences", "codex/armor", "codex/shields", "codex/ability_costs",
              "codex/action_costs", "codex/weapons", "codex/cover"},
}
CALC_MARKERS = {"wod": {"wod-pool", "wod-soak", "wod-classic-attack", "wod-ambush", "wod-knockdown", "wod-armor"},
                "codex": {"codex-roll", "codex-attack", "codex-counteraction", "codex-consequences", "codex-counters",
                          "codex-ability", "codex-tokens"}}

#: the fixed «Сериал» layout other engineers write (content brief); links into it must use these
SERIAL_ANCHORS = {
    "index.md": set(),
    "initiative.md": set(),
    "turn.md": {"movement", "action", "extra-action", "free-action", "speech", "reflex",
                "readied", "interception", "reaction"},
    "combat.md": {"attack", "damage", "absorption", "armor", "damage-types", "wounds",
                  "death-door", "death-door-roll", "stabilized"},
    "healing.md": set(),
    "modifiers.md": {"statuses", "prone", "overloaded", "burning"},
    "maneuvers.md": {"basic", "melee", "ranged", "defensive"},
    "weapons.md": {"melee", "firearms", "explosives", "armor", "encumbrance"},
    "power-ups.md": set(),
    "conversion.md": set(),
}

HEADING = re.compile(r"^(#{1,6}) (.+?)\s*$")
ANCHOR = re.compile(r"\{#([^}\s]+)\}\s*$")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TABLE = re.compile(r"<!--\s*svod:table\s+(\S+)\s*-->")
CALC = re.compile(r"<!--\s*svod:calc\s+(\S+)\s*-->")


def pages(section: str) -> list[Path]:
    return sorted(p for p in (DOCS / section).rglob("*.md") if not p.name.endswith(".en.md"))


def strip_fences(text: str) -> str:
    return re.sub(r"```.*?```", "", text, flags=re.S)


def headings(text: str) -> list[tuple[int, str, str | None]]:
    out = []
    for line in strip_fences(text).splitlines():
        m = HEADING.match(line)
        if m:
            a = ANCHOR.search(m[2])
            out.append((len(m[1]), m[2], a[1] if a else None))
    return out


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    found = {a for _, _, a in headings(text) if a}
    found |= set(re.findall(r'id="([^"]+)"', text))
    return found


def nav_files(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [f for item in node for f in nav_files(item)]
    if isinstance(node, dict):
        return [f for v in node.values() for f in nav_files(v)]
    return []


def admonitions(text: str) -> list[tuple[str, str, str]]:
    """(kind, title, body) of every ``!!! kind "title"`` block."""
    out, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r'^(\s*)!!! (\w+)(?: "([^"]*)")?\s*$', line)
        if not m:
            continue
        indent = len(m[1]) + 4
        body = []
        for nxt in lines[i + 1:]:
            if nxt.strip() and len(nxt) - len(nxt.lstrip()) < indent:
                break
            body.append(nxt)
        out.append((m[2], m[3] or "", "\n".join(body)))
    return out


@pytest.fixture(scope="module")
def nav() -> list[str]:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return nav_files(config["nav"])


@pytest.mark.parametrize("section", SECTIONS)
def test_every_page_is_in_the_nav_and_every_nav_entry_exists(section, nav):
    listed = {f for f in nav if f.startswith(section + "/")}
    on_disk = {p.relative_to(DOCS).as_posix() for p in pages(section)}
    assert on_disk, section
    assert listed == on_disk
    assert f"{section}/index.md" in listed


@pytest.mark.parametrize("path", [p for s in SECTIONS for p in pages(s)], ids=lambda p: p.name)
def test_headings_have_stable_latin_anchors(path):
    hs = headings(path.read_text(encoding="utf-8"))
    assert hs and hs[0][0] == 1, "a page starts with its # title"
    assert sum(1 for level, _, _ in hs if level == 1) == 1
    ids = [a for _, _, a in hs]
    missing = [t for _, t, a in hs if a is None]
    assert not missing, f"headings without {{#anchor}}: {missing}"
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", a) for a in ids), ids
    assert len(ids) == len(set(ids)), "anchors unique within a page"


@pytest.mark.parametrize("section", SECTIONS)
def test_calculator_tables_are_markers_exactly_once(section):
    found = [m for p in pages(section) for m in TABLE.findall(p.read_text(encoding="utf-8"))]
    assert sorted(found) == sorted(TABLE_MARKERS[section])


@pytest.mark.parametrize("section", SECTIONS)
def test_calculators_are_embedded_exactly_once(section):
    found = [m for p in pages(section) for m in CALC.findall(p.read_text(encoding="utf-8"))]
    assert sorted(found) == sorted(CALC_MARKERS[section])


def test_classic_attack_calculator_sits_in_the_soak_rule():
    text = (DOCS / "wod" / "soak.md").read_text(encoding="utf-8")
    soak = text.index("{#soak}")
    nxt = text.index("\n## ", soak)
    assert "<!-- svod:calc wod-classic-attack -->" in text[soak:nxt]


@pytest.mark.parametrize("path", [p for s in SECTIONS for p in pages(s)], ids=lambda p: p.name)
def test_links_resolve(path):
    text = strip_fences(path.read_text(encoding="utf-8"))
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            pytest.fail(f"{path.name}: external link {target}")
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        rel = dest.relative_to(DOCS.resolve()) if file else path.relative_to(DOCS)
        if rel.parts[0] == "serial":
            assert rel.name in SERIAL_ANCHORS, f"{path.name}: unknown «Сериал» page {target}"
            assert not anchor or anchor in SERIAL_ANCHORS[rel.name], f"{path.name}: {target}"
            continue
        assert rel.parts[0] in SECTIONS, f"{path.name}: {target} leaves the section"
        assert dest.exists(), f"{path.name}: {target}"
        assert not anchor or anchor in anchors(dest), f"{path.name}: {target}"


@pytest.mark.parametrize("path", pages("wod"), ids=lambda p: p.name)
def test_serial_notes_link_to_serial(path):
    for kind, title, body in admonitions(path.read_text(encoding="utf-8")):
        if title == "В «Сериале» иначе":
            assert kind == "info"
            assert "](../serial/" in body, body


@pytest.mark.parametrize("path", [p for s in SECTIONS for p in pages(s)], ids=lambda p: p.name)
def test_unclear_notes_say_how_the_calculators_read(path):
    for kind, title, body in admonitions(path.read_text(encoding="utf-8")):
        if title.startswith("Неясно в источнике"):
            assert kind == "warning"
            assert "Калькулятор" in body, body


def test_every_replaced_rule_has_a_serial_note():
    """The rules «Сериал» replaces (its summary of changes) are marked on the classic pages."""
    def section_of(page: str, anchor: str) -> str:
        text = (DOCS / "wod" / page).read_text(encoding="utf-8")
        start = text.index("{#" + anchor + "}")
        end = text.find("\n## ", start + 1)
        return text[start:] if end < 0 else text[start:end]

    replaced = [("soak.md", "soak", "../serial/combat.md#absorption"),
                ("turn.md", "further-actions", "../serial/turn.md#extra-action"),
                ("ranged.md", "multiple-shots", "../serial/turn.md#extra-action"),
                ("ranged.md", "automatic-fire", "../serial/combat.md#damage"),
                ("ranged.md", "full-auto", "../serial/combat.md#damage"),
                ("weapons.md", "melee-weapons", "../serial/weapons.md#melee"),
                ("weapons.md", "firearms", "../serial/weapons.md#firearms"),
                ("weapons.md", "armor", "../serial/weapons.md#armor")]
    for page, anchor, link in replaced:
        part = section_of(page, anchor)
        assert '!!! info "В «Сериале» иначе"' in part and link in part, (page, anchor)


@pytest.mark.parametrize("path", [p for s in SECTIONS for p in pages(s)], ids=lambda p: p.name)
def test_no_flattened_bullets_left(path):
    for line in strip_fences(path.read_text(encoding="utf-8")).splitlines():
        assert not line.startswith(("* ", "•")), line
