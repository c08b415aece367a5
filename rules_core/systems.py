"""The game systems: id → title, in the site's order (the group's current game first), the one list of them:
the calculators list, the home page's cards, the glossary, the readings and the all-systems calculators
follow it."""

from .spec import T

__all__ = ["GAMES", "TITLES"]

#: System id → its title (``{"ru", "en"}``); ``"common"`` holds what serves every system.
TITLES: dict[str, dict] = {
    "serial": T("Мир Тьмы: Сериал", "World of Darkness: The Series"),
    "wod": T("Мир Тьмы (классика)", "World of Darkness (classic)"),
    "lysogorsk": T("Лысогорские сказочки", "Lysogorsk Tales"),
    "codex": T("Codex of…", "Codex of…"),
    "common": T("Все системы", "All systems"),
}

#: the game systems (every system but ``"common"``), in the same order
GAMES: tuple[str, ...] = tuple(s for s in TITLES if s != "common")
