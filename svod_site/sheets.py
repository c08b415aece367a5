"""Print sheets: ``<!-- svod:sheet SYSTEM -->`` — a system's tables on one or two A4 pages.

A sheet is the rule tables a table reaches for, in :data:`SHEETS`' order, each drawn from
``rules_core.<system>.tables.TABLES`` exactly as its rule page draws it (``tables.render_table``)
under its own title, with a link to the page (and section) that has it. Where a system's
numbers live as named constants of its rules rather than in a table (the «Сериал» difficulties
and modifiers), :func:`serial_difficulties` builds the table from those constants: no number is
typed here. The print stylesheet (site.css) sets the sheet in two columns: the narrow tables
first, side by side, then the wide ones across both (:func:`_is_wide`); ``tests/browser/test_print.py`` prints every
sheet to A4 and counts its pages.
"""

from __future__ import annotations

import re
from pathlib import Path

from svod_site import markers, tables

__all__ = ["SHEETS", "marker", "serial_difficulties", "where_tables"]

#: system → table ids, most reached for first (an id of :data:`BUILT` is a table built here).
SHEETS: dict[str, tuple[str, ...]] = {
    "serial": ("difficulties", "death_door", "armor_levels", "maneuvers", "melee_classes", "firearms",
               "explosives", "encumbrance"),
    "wod": ("melee_maneuvers", "ranged_maneuvers", "cover", "armor", "melee_weapons", "firearms"),
    "lysogorsk": ("difficulty_scale", "wound_levels", "bleeding", "shooting_modifiers", "target_size",
                  "aimed_shots", "cover", "combat_stress", "drinks", "drunk_stages", "breakdown",
                  "breakdown_after", "healing", "head_trauma", "thrown_miss", "environment"),
    "codex": ("difficulty_scale", "cover", "weapons", "armor", "shields", "endurance", "consequences",
              "action_costs", "ability_costs", "skill_levels", "exhaustion"),
}

#: A table with this many columns or more, or rows this long on average (characters of text),
#: spans both print columns.
WIDE_COLUMNS = 5
WIDE_ROW_CHARS = 100

_HEADING_ID = re.compile(r"^#{1,6}\s.*\{[^}]*#([\w-]+)[^}]*\}\s*$")


def _t(ru: str, en: str) -> dict:
    return {"ru": ru, "en": en}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def serial_difficulties() -> dict:
    """«Сериал»'s difficulties and modifiers, from the named constants of
    :mod:`rules_core.serial.rules` (each with the source's words in its comment there)."""
    from rules_core.serial import rules as serial_rules

    cover = "/".join(_signed(serial_rules.COVER_DIFFICULTY[k]) for k in sorted(serial_rules.COVER_DIFFICULTY) if k)
    rows = [
        (_t("Базовая сложность", "Base difficulty"), serial_rules.BASE_DIFFICULTY),
        (_t("Бросок урона", "Damage roll"), serial_rules.DAMAGE_DIFFICULTY),
        (_t("Уклонение в ближнем бою", "Dodge in melee"), serial_rules.DODGE_MELEE_DIFFICULTY),
        (_t("Уклонение от дальней атаки", "Dodge a ranged attack"), serial_rules.DODGE_RANGED_DIFFICULTY),
        (_t("Блок", "Block"), serial_rules.BLOCK_DIFFICULTY),
        (_t("Парирование, если сложность не названа", "Parry, where no difficulty is named"),
         serial_rules.PARRY_DEFAULT_DIFFICULTY),
        (_t(f"Выстрел в упор (до {serial_rules.POINT_BLANK_METRES} м)", f"Point blank (up to {serial_rules.POINT_BLANK_METRES} m)"),
         serial_rules.POINT_BLANK_DIFFICULTY),
        (_t("Выстрел в пределах дальности оружия", "Within the weapon's range"), serial_rules.RANGE_DIFFICULTY),
        (_t("Выстрел до удвоенной дальности", "Up to twice the range"), serial_rules.MAX_RANGE_DIFFICULTY),
        (_t("Укрытие лёгкое / хорошее / отличное", "Cover light / good / excellent"), cover),
        (_t("Ближний бой вслепую", "Melee blind"), _signed(serial_rules.BLIND_MELEE_DIFFICULTY)),
        (_t(f"Дальняя атака вслепую (до {serial_rules.BLIND_RANGED_MAX_METRES} м, после Восприятие + Бдительность "
            f"{serial_rules.BLIND_ROLL_DIFFICULTY})",
            f"Ranged blind (under {serial_rules.BLIND_RANGED_MAX_METRES} m, after Perception + Alertness "
            f"{serial_rules.BLIND_ROLL_DIFFICULTY})"), _signed(serial_rules.BLIND_RANGED_DIFFICULTY)),
        (_t("По лежащему: ближний бой / дальний", "At a prone target: melee / ranged"),
         f"{_signed(serial_rules.PRONE_MELEE)} / {_signed(serial_rules.PRONE_RANGED)}"),
        (_t("Лежащий бьёт (Драка, Фехтование)", "Attacking while prone (Brawl, Melee)"),
         _signed(serial_rules.PRONE_ATTACKER)),
        (_t("С фланга / с тыла: кубиков к атаке", "From the flank / the rear: dice to the attack"),
         f"{_signed(serial_rules.FLANK_DICE)} / {_signed(serial_rules.REAR_DICE)}"),
        (_t("Толпа на одного: кубиков к защитам, всего не больше", "Many on one: dice to defenses, at most"),
         _signed(-serial_rules.MANY_ON_ONE_MAX)),
    ]
    return {"title": _t("Сложности и модификаторы", "Difficulties and modifiers"),
            "columns": [_t("Что", "What"), _t("Число", "Number")],
            "rows": [[label, value] for label, value in rows]}


BUILT = {("serial", "difficulties"): (serial_difficulties, "serial/modifiers.md")}


def where_tables(docs: Path) -> dict[str, str]:
    """``SYSTEM/TABLE_ID`` → the docs page (``page.md#section``) whose marker draws it."""
    out: dict[str, str] = {}
    for md in sorted(docs.rglob("*.md")):
        rel = md.relative_to(docs).as_posix()
        if ".en." in md.name or rel.startswith("print/"):
            continue
        section = ""
        for line in md.read_text(encoding="utf-8").splitlines():
            if m := _HEADING_ID.match(line):
                section = m[1]
            m = markers.MARKER.match(line)
            if m and m["kind"] == "table" and m["arg"]:
                out.setdefault(m["arg"], rel + (f"#{section}" if section else ""))
    return out


def _is_wide(table: dict) -> bool:
    rows = [sum(len(tables.cell_text(c)) for c in row) for row in table["rows"]]
    return len(table["columns"]) >= WIDE_COLUMNS or sum(rows) >= WIDE_ROW_CHARS * max(1, len(rows))


def _rel(from_uri: str, target: str) -> str:
    depth = from_uri.count("/")
    return "../" * depth + target


def render(system: str, where: markers.Where) -> str:
    lang = where.text_lang
    found = where_tables(where.docs_dir) if where.docs_dir else {}
    words = {"ru": "Правила", "en": "Rules"}[lang]
    narrow, wide = [], []
    for table_id in SHEETS[system]:
        if (system, table_id) in BUILT:
            make, page = BUILT[(system, table_id)]
            table = make()
        else:
            table = tables.get_table(system, table_id)
            page = found.get(f"{system}/{table_id}")
        is_wide = _is_wide(table)
        block = [f'<div class="svod-sheet__table{" svod-sheet__table--wide" if is_wide else ""}" markdown>', "",
                 f"## {tables.cell_text(table['title'], lang)} {{#{table_id.replace('_', '-')}}}", "",
                 tables.render_table(table, lang), ""]
        if page:
            block += [f"[{words}]({_rel(where.src_uri, page)}){{ .svod-sheet__source }}", ""]
        (wide if is_wide else narrow).append("\n".join([*block, "</div>", ""]))
    # the narrow tables first, side by side in the print columns, then the wide ones across
    return '<div class="svod-sheet" markdown>\n\n' + "\n".join([*narrow, *wide]) + "\n</div>\n"


def marker(arg: str | None, where: markers.Where) -> str:
    """The ``svod:sheet`` handler: ``SYSTEM`` one of :data:`SHEETS`."""
    if arg not in SHEETS:
        raise markers.MarkerError(f"{where.src_uri}: <!-- svod:sheet {arg or ''} -->: "
                                  f"no sheet for that system (known: {', '.join(SHEETS)})")
    return render(arg, where)
