"""A character's fields and values in the page's words: for a hand edit's log line («Здоровье сейчас:
0 → 2») and for the differences between a scene and its log's replay — never the fields' machine
names (``health 0 → 2``)."""

from __future__ import annotations

from typing import Any

from ..spec import T

__all__ = ["field_label", "value_text", "changes", "differences"]

_PART_NAMES = {"name": T("Имя", "Name"), "side": T("Сторона", "Side"), "kind": T("Кто", "Kind"),
               "statuses": T("Состояния", "Statuses"), "attacks": T("Атаки", "Attacks")}
_YES = T("да", "yes")
_NO = T("нет", "no")


def _fields(system: str, part: str) -> dict:
    from .characters import FIGHT, SYSTEMS

    mod = SYSTEMS[system]
    if part == "stats":
        return {f.name: f for f in mod.stats}
    if part == "state":
        return {f.name: f for f in mod.state}
    if part == "fight":
        return {f.name: f for f in FIGHT}
    return {}


def field_label(system: str, part: str, key: str) -> dict:
    """The label the page gives the field (its own name where the page has no field for it)."""
    f = _fields(system, part).get(key)
    return f.label if f is not None else T(key, key)


def value_text(system: str, part: str, key: str, value: Any, lang: str) -> str:
    """A value as the card says it: «да»/«нет», a choice's label, «—» for none."""
    from .characters import SIDE_NAMES, SYSTEMS

    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return (_YES if value else _NO)[lang]
    if part == "side" and value in SIDE_NAMES:
        return SIDE_NAMES[value][lang]
    if part == "kind":
        return dict(SYSTEMS[system].kinds).get(value, T(value, value))[lang]
    f = _fields(system, part).get(key)
    if f is not None:
        for o in f.extra.get("options", []):
            if o["value"] == value:
                return o["label"][lang]
    if part == "statuses":
        kinds = SYSTEMS[system].statuses
        return ", ".join(kinds[s["key"]].name[lang] if s["key"] in kinds else s["key"] for s in value) or "—"
    if part == "attacks":
        return ", ".join(a["name"] for a in value) or "—"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "—"
    if isinstance(value, dict):
        return "…"
    return str(value).replace("-", "−") if lang == "ru" and isinstance(value, int) else str(value)


def _pairs(before: dict, after: dict) -> list[tuple[dict, dict, dict]]:
    """The changed fields of a character: ``(label, before, after)``, the values in both languages."""
    out = []
    sys = after["system"]

    def both(part, key, v):
        return T(value_text(sys, part, key, v, "ru"), value_text(sys, part, key, v, "en"))

    for part in ("name", "side", "kind", "statuses", "attacks"):
        if before[part] != after[part]:
            out.append((_PART_NAMES[part], both(part, "", before[part]), both(part, "", after[part])))
    for part in ("stats", "state", "fight"):
        for k, v in after[part].items():
            if before[part].get(k) != v:
                out.append((field_label(sys, part, k), both(part, k, before[part].get(k)), both(part, k, v)))
    return out


def changes(before: dict, after: dict) -> list[dict]:
    """The character's changed fields, each «Поле: было → стало» in both languages."""
    return [T(f"{lab['ru']}: {a['ru']} → {b['ru']}", f"{lab['en']}: {a['en']} → {b['en']}")
            for lab, a, b in _pairs(before, after)]


def differences(stored: dict, replayed: dict) -> list[dict]:
    """Where a scene differs from its log's replay, in words: «Маша: Здоровье сейчас — в сцене 2, по
    журналу 0»; characters only in one of them; the round; whose turn."""
    out = []
    a = {c["id"]: c for c in stored["characters"]}
    b = {c["id"]: c for c in replayed["characters"]}
    for cid in [*a, *(c for c in b if c not in a)]:
        if cid not in b:
            out.append(T(f"{a[cid]['name']}: есть в сцене, нет по журналу", f"{a[cid]['name']}: in the scene, not in the log"))
        elif cid not in a:
            out.append(T(f"{b[cid]['name']}: есть по журналу, нет в сцене", f"{b[cid]['name']}: in the log, not in the scene"))
        else:
            name = a[cid]["name"]
            for lab, logged, here in _pairs(b[cid], a[cid]):
                out.append(T(f"{name}: {lab['ru']} — в сцене {here['ru']}, по журналу {logged['ru']}",
                             f"{name}: {lab['en']} — {here['en']} in the scene, {logged['en']} by the log"))
    if stored["round"] != replayed["round"]:
        out.append(T(f"Раунд — в сцене {stored['round']}, по журналу {replayed['round']}",
                     f"Round — {stored['round']} in the scene, {replayed['round']} by the log"))
    if stored["turn"] != replayed["turn"]:
        out.append(T("Чей ход — в сцене и по журналу разный", "Whose turn — not the same in the scene and by the log"))
    if stored["counters"] != replayed["counters"]:
        out.append(T("Счётчики — в сцене и по журналу разные", "The counters — not the same in the scene and by the log"))
    if stored["readings"] != replayed["readings"]:
        out.append(T("Толкования источника — в сцене и по журналу разные",
                     "The readings — not the same in the scene and by the log"))
    return out
