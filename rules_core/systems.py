"""The game systems: id → title, in the order of the calculators list (one place for every title)."""

from .spec import T

__all__ = ["TITLES"]

#: System id → its title (``{"ru", "en"}``); ``"common"`` holds what serves every system.
TITLES: dict[str, dict] = {
    "wod": T("Мир Тьмы (классика)", "World of Darkness (classic)"),
    "serial": T("Мир Тьмы: Сериал", "World of Darkness: The Series"),
    "lysogorsk": T("Лысогорские сказочки", "Lysogorsk Tales"),
    "codex": T("Codex of…", "Codex of…"),
    "common": T("Все системы", "All systems"),
}
