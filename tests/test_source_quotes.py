"""Every «…» quotation in the rules engine's documentation is the source's own words.

A quotation in a docstring, a ``#:`` comment (a named constant's documentation), a
calculator's help text, label, option or description, or a scene reading's ``quote``
(:mod:`rules_core.scene.readings`) must occur in its system's source: ``serial`` → 000 (or the classic 002, 003 it revises),
``lysogorsk`` → 001, ``wod`` → 002 or 003, ``codex`` → 004, ``common`` → any of them.
Compared normalised: case, ё/е, whitespace and punctuation do not count; an ellipsis
(«…», «...») or an editorial insertion in square brackets splits a quotation into parts that
must each occur, in order. Quotes that are names of things («Град ударов») must occur too.

Not a quotation of a source: the site's own names — a calculator's title, a parameter's
label or option, a system's name (``rules_core.api.SYSTEMS`` and its short forms), a page's or
section's heading — when the
quoted text is exactly one of them (a help text naming a switch, say).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest
import yaml

from rules_core import api
from rules_core import readings as readings_records
from rules_core.scene import readings
from scripts.sources import read_source

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "rules_core"

#: system (a folder of rules_core, or a scene module) → the sources its quotations come from;
#: «Сериал» (000) is a revision of the classic rules, and its code cites them where 000 is silent
SOURCES = {"serial": ("000", "002", "003"), "lysogorsk": ("001",), "wod": ("002", "003"), "codex": ("004",),
           "common": ("000", "001", "002", "003", "004")}

def norm(text: str) -> str:
    """Lower case, ё → е; a sign (+ − × * / = < >) is a word of its own (so «-2» and «+2»
    stay apart, «Сила+1» is «Сила + 1»); every other punctuation and whitespace → one space."""
    text = text.casefold().replace("ё", "е").replace("−", "-").replace("–", "-").replace("—", "-")
    text = re.sub(r"(?<=\w)-(?=\w)", " ", text)  # a hyphen inside a word (по-македонски) is no sign
    text = re.sub(r"([+\-*×/=<>≥≤])", r" \1 ", text)
    text = re.sub(r"[^\w+\-*×/=<>≥≤]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _changed_source(key: str) -> str:
    """The source as the site shows it: with the typo fixes ``docs/_changes.yml`` lists (and only
    those), so a quotation may spell a word as the site does («контеста» for «контества»)."""
    text = read_source(key)
    for change in yaml.safe_load((ROOT / "docs" / "_changes.yml").read_text(encoding="utf-8")) or []:
        if str(change["source"]) == key:
            text = text.replace(change["original"], change["replacement"])
    return text


#: each source as written and as the site shows it
_NORM_SOURCES = {k: (norm(read_source(k)), norm(_changed_source(k))) for k in ("000", "001", "002", "003", "004")}


def parts(quote: str) -> list[str]:
    """The pieces of a quotation that must each occur (split at ellipses and [insertions])."""
    pieces = re.split(r"…|\.\.\.|\[[^\]]*\]", quote)
    return [p for p in (norm(x) for x in pieces) if p]


def occurs(quote: str, systems: tuple[str, ...]) -> bool:
    pieces = parts(quote)
    if not pieces:
        return True
    for text in (t for src in systems for t in _NORM_SOURCES[src]):
        at = 0
        for piece in pieces:
            # a piece is a run of whole words of the source
            m = re.search(r"(?<!\w)" + re.escape(piece) + r"(?!\w)", text[at:])
            if not m:
                break
            at += m.end()
        else:
            return True
    return False


QUOTE = re.compile(r"«([^«»]*(?:«[^«»]*»[^«»]*)*)»")


def quotations(text: str) -> list[str]:
    """The outermost «…» of a text (a quotation may hold a quoted name: «маневр «Отход»»)."""
    return QUOTE.findall(text)


# ---- where the quotations are ------------------------------------------------------------------

#: the scene's modules that quote a source besides its system modules (``scene/serial_fight.py`` is
#: «Сериал»'s by its name): the one each quotes
SCENE_MODULES = {"counters": "codex", "statuses": "common", "turns": "common"}


def _system_of(path: Path) -> str:
    rel = path.relative_to(ENGINE).parts
    if rel[0] == "scene":
        stem = Path(rel[1]).stem
        return SCENE_MODULES.get(stem, stem.split("_")[0])
    return rel[0]


def _engine_files() -> list[Path]:
    out = []
    for system in SOURCES:
        out += sorted((ENGINE / system).rglob("*.py"))
        out += sorted((ENGINE / "scene").glob(f"{system}*.py"))
    out += [ENGINE / "scene" / f"{m}.py" for m in SCENE_MODULES]
    return out


def _docstrings_and_comments(path: Path) -> list[tuple[int, str]]:
    """Docstrings (module, class, function) and ``#:`` comment blocks, with their line."""
    src = path.read_text(encoding="utf-8")
    out = []
    tree = ast.parse(src)
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append((getattr(node, "lineno", 1), doc))
    block, start = [], 0
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT and tok.string.startswith("#:"):
            if not block:
                start = tok.start[0]
            block.append(tok.string[2:])
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) and block:
            out.append((start, " ".join(block)))
            block = []
    return out


def _calculator_texts() -> list[tuple[str, str, str]]:
    """(system, where, text) of every calculator's Russian help, labels, options, description."""
    out = []
    for spec in api.list_calculators():
        calc = api.get(spec["id"])
        system = calc.system
        if calc.description:
            out.append((system, f"{calc.id}: description", calc.description["ru"]))

        def walk(params, prefix):
            for p in params:
                where = f"{calc.id}.{prefix}{p.name}"
                if p.help:
                    out.append((system, f"{where}: help", p.help["ru"]))
                for o in p.options:
                    out.append((system, f"{where}: option {o.value}", o.label["ru"]))
                out.append((system, f"{where}: label", p.label["ru"]))
                walk(p.fields, f"{p.name}.")

        walk(calc.params, "")
    return out


def _headings() -> set[str]:
    """The site's page and section headings (``# § 6. Стресс и FLAX {#stress}`` → «Стресс и FLAX»)."""
    out = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for m in re.finditer(r"^#{1,4} (.+?)(?: \{#[^}]*\})?$", page.read_text(encoding="utf-8"), re.M):
            out.add(re.sub(r"^§ \d+\. ", "", m[1]))
    return out


def _site_names() -> set[str]:
    names = _headings() | {"Сериал", "Сериала", "Сериале", "Лысогорск", "Лысогорска", "Лысогорские сказочки", "Codex",
             "Codex of…", "Мир Тьмы"}
    for system in api.SYSTEMS.values():
        names.add(system["ru"])
    for spec in api.list_calculators():
        calc = api.get(spec["id"])
        names.add(calc.title["ru"])

        def walk(params):
            for p in params:
                names.add(p.label["ru"])
                names.update(o.label["ru"] for o in p.options)
                walk(p.fields)

        walk(calc.params)
    return {norm(n) for n in names}


SITE_NAMES = _site_names()


def _collect() -> list[tuple[str, str, str]]:
    """(system, where, quoted text) for every quotation."""
    found = []
    for path in _engine_files():
        system = _system_of(path)
        for line, text in _docstrings_and_comments(path):
            for q in quotations(text):
                found.append((system, f"{path.relative_to(ROOT)}:{line}", q))
    for system, where, text in _calculator_texts():
        for q in quotations(text):
            found.append((system, where, q))
    for e in readings.OPEN:
        for q in quotations(e["quote"]):
            found.append((e["system"], f"scene/readings.py: {e['name']}", q))
    return found


QUOTES = _collect()


def _is_site_name(quote: str) -> bool:
    return norm(quote) in SITE_NAMES


def _cases():
    seen = set()
    for system, where, q in QUOTES:
        key = (system, q)
        if key in seen or _is_site_name(q):
            continue
        seen.add(key)
        yield pytest.param(system, where, q, id=f"{system}:{q[:40]}")


def test_the_collector_finds_quotations_everywhere():
    systems = {s for s, _, _ in QUOTES}
    assert systems >= {"serial", "wod", "lysogorsk", "codex", "common"}
    places = {w.split(":")[0] for _, w, _ in QUOTES}
    assert any(p.endswith("rules.py") for p in places) and any("help" in w for _, w, _ in QUOTES)
    assert any(w.startswith("scene/readings.py") for _, w, _ in QUOTES)


def test_normalising_ignores_case_yo_space_and_punctuation():
    assert occurs("броня никогда не стэкается", ("000",))
    assert occurs("Броня  никогда, не стэкается!", ("000",))
    assert occurs("ЕЩЁ раз", ("000",)) == occurs("еще раз", ("000",))
    assert occurs("Если они [излишки] больше 12", ("000",))
    assert occurs("Бросок урона … единички не вычитаются", ("000",))
    assert not occurs("Броня всегда стэкается", ("000",))
    assert not occurs("единички не вычитаются … Бросок урона", ("000",))  # the parts in order
    assert not occurs("Броня никогда не стэка", ("000",))  # whole words only


@pytest.mark.parametrize("system, where, quote", list(_cases()))
def test_quotation_is_in_its_source(system, where, quote):
    assert occurs(quote, SOURCES[system]), f"{where}: «{quote}» is not in {'/'.join(SOURCES[system])}"


@pytest.mark.parametrize("record", [r for s in readings_records.SYSTEMS for r in readings_records.of_system(s).values()],
                         ids=lambda r: f"{r.system}/{r.name}")
def test_a_readings_quote_is_on_its_line_of_the_source(record):
    # rules_core/<system>/readings.py: «quote» at FILE:LINE of sources/
    file, _, line = record.source.partition(":")
    text = read_source(file).splitlines()[int(line) - 1]
    assert all(piece in norm(text) for piece in parts(record.quote)), f"{record.name}: not at {record.source}"
