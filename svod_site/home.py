"""The home page's cards (``<!-- svod:home -->``) and the one order of the systems.

:data:`ORDER` is the order in which the site lists the systems: the home page's cards, the
«Калькуляторы» page's groups (``calc_pages.py``) and the calculators' navigation
(``calculators.expand_nav``) all read it, so they cannot disagree; :data:`MOST_USED` orders the
calculators within a system.
A system's title is ``rules_core.api.SYSTEMS``' (the calculators' groups are titled so too).

The marker draws the tools a table reaches for as a row of buttons (the calculators, the scene,
the print sheets, the glossary), then a grid of Material's
cards (``grid cards``), one per system, opening its section (the whole card is the link; its
second line links the system's calculators and print sheet). A card whose page is not in ``docs/`` is left out (the
scene page is being written on
another branch): the home page never links a page that is not built.
"""

from __future__ import annotations

from pathlib import Path

from rules_core.systems import GAMES
from svod_site.markers import MarkerError, Where

__all__ = ["ORDER", "MOST_USED", "system_order", "most_used_first", "marker", "cards"]

#: The systems in the site's order: the group's current game first (the engine's one list, ``rules_core.systems``).
ORDER = GAMES

#: Within a system, the calculators a table reaches for most come first, in this order (the
#: whole attack, then the roll every check is, then the rest); the others follow in the engine's
#: order. An id here that the engine does not know is ignored.
MOST_USED = ("serial-attack", "serial-death-door", "serial-damage",
             "wod-classic-attack", "wod-pool", "wod-soak",
             "lysogorsk-check", "lysogorsk-damage", "lysogorsk-drunkenness",
             "codex-roll", "codex-attack")


def system_order(systems) -> list[str]:
    """The systems as the home page orders them (:data:`ORDER`), then any other (``common``)."""
    return [*(s for s in ORDER if s in systems), *(s for s in systems if s not in ORDER)]


def most_used_first(calcs: list[dict]) -> list[dict]:
    """The calculators by system (:func:`system_order`), most used first within each."""
    rank = {cid: i for i, cid in enumerate(MOST_USED)}
    systems = system_order(list(dict.fromkeys(c["system"] for c in calcs)))
    return sorted(calcs, key=lambda c: (systems.index(c["system"]), rank.get(c["id"], len(rank))))

#: What a card says of each system (its title is the engine's, ``rules_core.api.SYSTEMS``).
SYSTEM_TEXT = {
    "serial": {"ru": "Домашние правила боя поверх классического Мира Тьмы: пулы d10, Поглощение, "
                     "Порог Смерти.",
               "en": "House combat rules on top of the classic World of Darkness: d10 pools, soak, "
                     "death's door."},
    "wod": {"ru": "Базовые правила, которые «Сериал» пересматривает: маневры, поглощение, оружие.",
            "en": "The base rules the Series revises: maneuvers, soak, weapons."},
    "lysogorsk": {"ru": "2d6 + атрибут + навык против УС: ранения, стрельба, алкоголь, стресс.",
                  "en": "2d6 + attribute + skill against a difficulty: wounds, shooting, drink, stress."},
    "codex": {"ru": "Пулы d6, успехи в LV: буферы, броня и щиты, атаки оружием.",
              "en": "d6 pools, successes in LV: buffers, armor and shields, weapon attacks."},
}

#: The tools: (docs page, title). Pages missing from docs/ are left out.
TOOLS = (
    ("calculators/index.md", {"ru": "Калькуляторы", "en": "Calculators"}),
    ("scene.md", {"ru": "Сцена", "en": "Scene"}),
    ("print/index.md", {"ru": "Для печати", "en": "Print sheets"}),
    ("glossary.md", {"ru": "Глоссарий", "en": "Glossary"}),
)

LINKS = {"ru": {"calcs": "калькуляторы", "sheet": "шпаргалка"},
         "en": {"calcs": "calculators", "sheet": "print sheet"}}


def _t(x: dict, lang: str) -> str:
    return x.get(lang) or x.get("ru") or ""


def _exists(docs: Path | None, page: str) -> bool:
    return docs is None or (docs / page).exists() or page.startswith("calculators/")


def _card(href: str, title: str, text: str, extra: str = "") -> str:
    # one list item of Material's grid cards; the title link covers the card (site.css)
    out = f"-   [**{title}**]({href}){{ .svod-card__link }}\n\n    {text}\n"
    if extra:
        out += f"\n    {extra}\n"
    return out + "\n"


def cards(lang: str, docs: Path | None) -> str:
    """The home page's tools and cards as Markdown (``docs``: the docs folder, None for all)."""
    from rules_core import api

    words = LINKS[lang]
    systems = []
    for sid in ORDER:
        extra = [f"[{words['calcs']}](calculators/index.md#{sid})"]
        if _exists(docs, f"print/{sid}.md"):
            extra.append(f"[{words['sheet']}](print/{sid}.md)")
        systems.append(_card(f"{sid}/index.md", _t(api.SYSTEMS[sid], lang), _t(SYSTEM_TEXT[sid], lang),
                             " · ".join(extra)))
    tools = [f"[{_t(title, lang)}]({page}){{ .md-button }}" for page, title in TOOLS if _exists(docs, page)]
    return (" ".join(tools) + "\n{: .svod-tools }\n\n"
            f'<div class="grid cards svod-cards" markdown>\n\n{"".join(systems)}</div>\n')


def marker(arg: str | None, where: Where) -> str:
    """``<!-- svod:home -->``: the cards, in the page's build language (home page only)."""
    if arg is not None:
        raise MarkerError(f"{where.src_uri}: <!-- svod:home --> takes no argument")
    if where.src_uri not in ("index.md", "index.en.md"):
        raise MarkerError(f"{where.src_uri}: <!-- svod:home --> belongs on the home page")
    return cards(where.build_lang, where.docs_dir)
