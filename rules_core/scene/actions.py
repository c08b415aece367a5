"""Every kind of action on a scene, and the validation of one action.

An action is a JSON object ``{"type": …, <its fields>, "dice"?: {group: faces}, "seed"?: int,
"by"?: "engine" | "hand"}`` (``by``: who rolled the faces given — a log replayed keeps it; faces
typed without it are the hand's). Scene-wide actions are here (characters in and out, edits, the
readings, turns and rounds, statuses, the end of the scene, a note, undo and redo); each system's
own actions are in its :class:`~.system.SceneSystem` record (``serial.ACTIONS`` …).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..spec import Errors, InputError, T, field_error, figures, note
from . import characters as C
from . import counters as CN
from . import fields as F
from . import readings as RD
from . import statuses as ST
from . import turns as TU
from . import words as W
from .common import ActionSpec, Ctx
from .dicebox import check_given, check_seed

# ---- characters in and out, by hand ----------------------------------------------------------------


def name_key(name: str) -> str:
    """Two names the reader cannot tell apart compare equal: Unicode compatibility forms, case,
    «ё», runs of spaces (invisible characters are refused outright: :data:`fields.INVISIBLE`)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().replace("ё", "е").split())


def _unique_name(ctx: Ctx, name: str, cid: str | None, field: str) -> None:
    for c in ctx.scene["characters"]:
        if c["id"] != cid and name_key(c["name"]) == name_key(name):
            raise field_error(field, f"В сцене уже есть «{c['name']}»: дайте другое имя.",
                              f"The scene has «{c['name']}» already: give another name.")


def _new_character(v, path):
    return C.check_character(v, path, partial=True)


def _run_add(ctx: Ctx, a: dict, box) -> None:
    sc = ctx.scene
    if len(sc["characters"]) >= F.MAX_CHARACTERS:
        raise field_error("character", f"В сцене не больше {F.MAX_CHARACTERS} персонажей.",
                          f"At most {F.MAX_CHARACTERS} characters in a scene.")
    ch = a["character"]
    ids = {c["id"] for c in sc["characters"]}
    _unique_name(ctx, ch["name"], None, "character.name")
    if "id" in ch:
        if ch["id"] in ids:
            raise field_error("character.id", "Такой персонаж уже есть в сцене.", "The scene has this id already.")
        auto = re.fullmatch(r"c(\d{1,9})", ch["id"])  # an id the scene gave (a replayed log): the next one after it
        if auto:
            sc["next_id"] = max(sc["next_id"], int(auto[1]) + 1)
    else:
        n = sc["next_id"]
        while f"c{n}" in ids:
            n += 1
        ch = a["character"] = {"id": f"c{n}", **ch}
        sc["next_id"] = n + 1
    sc["characters"].append({k: v for k, v in ch.items()})
    title = C.SYSTEMS[ch["system"]].title
    side = C.SIDE_NAMES[ch["side"]]
    ctx.text = T(f"В сцене: {ch['name']} ({title['ru']}, {side['ru'].lower()}).",
                 f"Joins the scene: {ch['name']} ({title['en']}, {side['en'].lower()}).")
    ctx.result = {"character": ch["id"]}


def _run_remove(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    sc = ctx.scene
    sc["characters"] = [c for c in sc["characters"] if c["id"] != ch["id"]]
    t = sc["turn"]
    if t["current"] == ch["id"]:
        t["current"] = None
    t["done"] = [x for x in t["done"] if x != ch["id"]]
    t["started"] = [x for x in t["started"] if x != ch["id"]]
    ctx.text = T(f"Из сцены ушёл: {ch['name']}.", f"Leaves the scene: {ch['name']}.")
    ctx.result = {"character": ch["id"]}


def _object(v, path):
    if not isinstance(v, dict):
        raise field_error(path, "Ожидался объект с полями.", "Expected an object with fields.")
    return v


def _list(v, path):
    if not isinstance(v, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    return v


def _run_edit(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    changes = {k: a[k] for k in C.EDITABLE if k in a}
    new = {**C.edit(ch, changes), "id": ch["id"]}
    if new["name"] != ch["name"]:
        _unique_name(ctx, new["name"], ch["id"], "name")
    chars = ctx.scene["characters"]
    chars[[c["id"] for c in chars].index(ch["id"])] = {**ch, **new}
    parts = W.changes(ch, new)
    ru = "; ".join(p["ru"] for p in parts) or "ничего"
    en = "; ".join(p["en"] for p in parts) or "nothing"
    ctx.text = T(f"{new['name']}: исправлено вручную — {ru}.", f"{new['name']}: edited by hand — {en}.")
    ctx.result = {"character": ch["id"]}


def _run_move(ctx: Ctx, a: dict, box) -> None:
    """The scene's own order of characters (the cards', and the turns' where a source has none)."""
    chars = ctx.scene["characters"]
    ch = ctx.char(a["character"])
    if a["to"] > len(chars):
        raise field_error("to", f"Место — от 1 до {len(chars)}.", f"The place is 1 to {len(chars)}.")
    rest = [c for c in chars if c["id"] != ch["id"]]
    rest.insert(a["to"] - 1, ch)
    ctx.scene["characters"] = rest
    ctx.text = T(f"{ch['name']}: на {a['to']}-е место в порядке сцены.", f"{ch['name']}: to place {a['to']} in the scene's order.")
    ctx.result = {"character": ch["id"], "to": a["to"]}


def _readings_field(v, path):
    return C.check_readings(v, path, partial=True)


def _run_readings(ctx: Ctx, a: dict, box) -> None:
    changed = []
    for sys, values in a["readings"].items():
        params = {p.name: p for p in C.SYSTEMS[sys].readings_params()}
        for k, v in values.items():
            if ctx.scene["readings"][sys][k] != v:
                label = params[k].label
                shown = next((o.label for o in params[k].options if o.value == v), None) if params[k].options else None
                if isinstance(v, bool):
                    shown = T("да", "yes") if v else T("нет", "no")
                shown = shown or T(str(v), str(v))
                changed.append(T(f"{label['ru']}: {shown['ru']}", f"{label['en']}: {shown['en']}"))
            ctx.scene["readings"][sys][k] = v
    ru = "; ".join(c["ru"] for c in changed) or "без изменений"
    en = "; ".join(c["en"] for c in changed) or "no change"
    ctx.text = T(f"Толкования источника: {ru}.", f"Readings of the source: {en}.")
    ctx.result = {"readings": ctx.scene["readings"]}


# ---- turns and rounds --------------------------------------------------------------------------------

def _run_next_turn(ctx: Ctx, a: dict, box) -> None:
    TU.next_turn(ctx, a.get("character"))
    t = ctx.scene["turn"]
    ctx.result = {"round": ctx.round, "current": t["current"]}


def _run_set_initiative(ctx: Ctx, a: dict, box) -> None:
    """His initiative for the fight as the Storyteller gives it, where his system rolls it or gives no way
    to find it (classic WoD; a «Лысогорск» roll made at the table)."""
    ch = ctx.char(a["character"])
    mod = C.SYSTEMS[ch["system"]]
    if not mod.typed_initiative:
        raise field_error("character", f"Инициативу «{mod.title['ru']}» сцена не вписывает: {mod.order_rule['ru']}",
                          f"The scene takes no typed «{mod.title['en']}» initiative: {mod.order_rule['en']}")
    before = ch["fight"]["initiative"]
    ch["fight"]["initiative"] = a["initiative"]
    shown = "—" if a["initiative"] is None else a["initiative"]
    ctx.text = T(f"{ch['name']}: инициатива {'—' if before is None else before} → {shown}.",
                 f"{ch['name']}: initiative {'—' if before is None else before} → {shown}.")
    ctx.result = {"character": ch["id"], "initiative": a["initiative"]}


def _run_set_turn(ctx: Ctx, a: dict, box) -> None:
    """The round and whose turn it is, set by hand (a correction: nothing ticks)."""
    sc = ctx.scene
    ids = [c["id"] for c in sc["characters"]]
    turn = TU.check_turn({k: a[k] for k in ("current", "done", "started")}, "", ids)
    sc["round"] = a["round"]
    sc["turn"] = turn
    who = ctx.char(turn["current"])["name"] if turn["current"] else "ничей"
    who_en = ctx.char(turn["current"])["name"] if turn["current"] else "nobody's"
    ctx.text = T(f"Исправлено вручную: раунд {a['round']}, ход — {who}.", f"Edited by hand: round {a['round']}, turn — {who_en}.")
    ctx.result = {"round": a["round"], "current": turn["current"]}


def _run_round(ctx: Ctx, a: dict, box) -> None:
    TU.next_round(ctx)
    ctx.result = {"round": ctx.round, "current": ctx.scene["turn"]["current"]}


#: The tie-break die (:data:`readings.SCENE_TIE_DIE`).
TIE_SIDES = 10
#: Roll-offs one action may make (each a roll of every character still tied in a group).
MAX_TIE_ROLLS = 20


def _ties_plan(ctx: Ctx, a: dict) -> list:
    if not TU.ties(ctx.scene):
        raise field_error("type", "Ничьих в порядке ходов нет.", "No ties in the order of turns.")
    return [("ties", i) for i in range(MAX_TIE_ROLLS)]


def _ties_preview(ctx: Ctx, a: dict) -> dict:
    """What the tie roll will roll, before it is rolled (no result: the dice are not thrown yet): each tied
    group's d10s, one each, and those equal again roll again."""
    groups = TU.ties(ctx.scene)
    if not groups:
        _ties_plan(ctx, a)
    names = "; ".join(", ".join(ctx.char(c)["name"] for c in g) for g in groups)
    total = sum(len(g) for g in groups)
    display = [figures(("tied", T("В ничьей", "Tied"), total)),
               note(f"Каждому в ничьей — д10, у кого выше, тот ходит раньше; равные бросают снова. В ничьей: {names}.",
                    f"A d10 each, the higher acts first; equal faces roll again. Tied: {names}.")]
    dice = [{"group": "ties", "count": len(g), "sides": TIE_SIDES, "repeat": 1, "first": i} for i, g in enumerate(groups)]
    return {"odds": {"groups": groups}, "display": display, "dice_needed": dice, "summary": ["tied"]}


def _run_ties(ctx: Ctx, a: dict, box) -> None:
    """«Если и этого недостаточно для установления порядка, решите оставшиеся ничьи броском
    кубика»: each tied group rolls a d10 each (:data:`TIE_SIDES`), the higher first; those with
    equal faces roll again among themselves (:data:`readings.SCENE_TIE_DIE`). Their places are
    kept in ``fight.tie`` (higher first) until the fight ends."""
    assert RD.SCENE_TIE_DIE == TIE_SIDES
    lines: list[str] = []
    rolls = [0]

    def resolve(ids: list[str]) -> list[str]:
        if len(ids) == 1:
            return ids
        if rolls[0] >= MAX_TIE_ROLLS:
            raise field_error("dice.ties", "Слишком много переигровок ничьей.", "Too many tie roll-offs.")
        rolls[0] += 1
        faces = box.dice(len(ids), TIE_SIDES)
        lines.append(", ".join(f"{ctx.char(c)['name']} {f}" for c, f in zip(ids, faces)))
        by_face: dict[int, list[str]] = {}
        for cid, f in zip(ids, faces):
            by_face.setdefault(f, []).append(cid)
        return [c for f in sorted(by_face, reverse=True) for c in resolve(by_face[f])]

    for group in TU.ties(ctx.scene):
        ranked = resolve(group)
        for place, cid in enumerate(ranked):
            ctx.char(cid)["fight"]["tie"] = len(ranked) - place
    order = [c["name"] for c in TU.order(ctx.scene)]
    ctx.text = T("Ничьи инициативы решены броском д10: " + "; ".join(lines) + ". Порядок: " + " → ".join(order) + ".",
                 "Initiative ties settled with a d10: " + "; ".join(lines) + ". Order: " + " → ".join(order) + ".")
    ctx.result = {"order": [c["id"] for c in TU.order(ctx.scene)]}


# ---- statuses by hand ----------------------------------------------------------------------------------

def _status_kind(ctx: Ctx, ch: dict, key: str):
    kinds = C.SYSTEMS[ch["system"]].statuses
    if key not in kinds:
        raise field_error("status", "У персонажей этой системы нет такого состояния: " + ", ".join(kinds) + ".",
                          "Characters of this system have no such status: " + ", ".join(kinds) + ".")
    return kinds[key]


def _run_set_status(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    kind = _status_kind(ctx, ch, a["status"])
    if not kind.by_hand:
        raise field_error("status", f"«{kind.name['ru']}» ставит сам движок (бросок Порога Смерти).",
                          f"«{kind.name['en']}» is set by the engine (the death's-door roll).")
    body = F.read(a["values"], "values", kind.fields)
    old = ST.find(ch, kind.key)
    ST.put(ch, {"key": kind.key, **body})
    if kind.on_set is not None:
        kind.on_set(ctx, ch, ST.find(ch, kind.key))
    ctx.text = T(f"{ch['name']}: «{kind.name['ru']}»" + (" заново." if old else "."),
                 f"{ch['name']}: «{kind.name['en']}»" + (" anew." if old else "."))
    ctx.result = {"character": ch["id"], "status": kind.key}


def _run_clear_status(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    kind = _status_kind(ctx, ch, a["status"])
    if ST.remove(ch, kind.key) is None:
        raise field_error("status", f"{ch['name']}: нет состояния «{kind.name['ru']}».",
                          f"{ch['name']} has no «{kind.name['en']}».")
    if kind.on_clear is not None:
        kind.on_clear(ctx, ch)
    ctx.text = T(f"{ch['name']}: больше не «{kind.name['ru']}».", f"{ch['name']}: no longer «{kind.name['en']}».")
    ctx.result = {"character": ch["id"], "status": kind.key}


def _key(v, path):
    if not isinstance(v, str) or not re.fullmatch(r"[a-z_]{1,32}", v):
        raise field_error(path, "Нужен ключ состояния.", "A status key is needed.")
    return v


# ---- the end of the scene, notes -----------------------------------------------------------------------

def _run_end(ctx: Ctx, a: dict, box) -> None:
    due = [c["name"] for c in ctx.scene["characters"] if C.SYSTEMS[c["system"]].roll_due(c)]
    if due:
        names = ", ".join(due)
        raise field_error("type", f"Сначала бросьте Порог Смерти: {names}.", f"Roll death's door first: {names}.")
    from .summary import fight_summary

    summary = fight_summary(ctx.scene)
    changes, reports = {}, []
    assert RD.SCENE_STATUSES_AT_END == "turn_bound"
    ended = []
    for ch in ctx.scene["characters"]:
        mod = C.SYSTEMS[ch["system"]]
        diff = mod.end_of_scene(ch)
        if diff:
            changes[ch["id"]] = diff
        gone = [s for s in ch["statuses"] if mod.statuses[s["key"]].ends_at_scene_end]
        if gone:
            ch["statuses"] = [s for s in ch["statuses"] if not mod.statuses[s["key"]].ends_at_scene_end]
            ended.append(T(f"{ch['name']}: " + ", ".join(mod.statuses[s["key"]].name["ru"] for s in gone),
                           f"{ch['name']}: " + ", ".join(mod.statuses[s["key"]].name["en"] for s in gone)))
        ch["fight"] = dict(C.NEW_FIGHT)
        if mod.scene_end_report is not None:
            reports.append(mod.scene_end_report(ch))
    ctx.scene["round"] = 1
    ctx.scene["turn"] = {"current": None, "done": [], "started": []}
    assert RD.SCENE_COUNTERS_AT_END == "keep"
    ru = ["Конец сцены."]
    en = ["End of the scene."]
    restored = [c["name"] for c in ctx.scene["characters"] if c["id"] in changes and c["system"] == "serial"]
    if restored:
        ru.append("УП восстановлены, счёт Порога Смерти начат заново: " + ", ".join(restored) + ".")
        en.append("soak levels restored, death's-door counts start again: " + ", ".join(restored) + ".")
    if ended:
        ru.append("Закончились: " + "; ".join(e["ru"] for e in ended) + ".")
        en.append("Over: " + "; ".join(e["en"] for e in ended) + ".")
    for rep in reports:
        name = ctx.char(rep["character"])["name"]
        ru.append(f"{name}: урон остановился на уровне {rep['level']} — {rep['consequence']['ru']}.")
        en.append(f"{name}: the damage stopped at level {rep['level']} — {rep['consequence']['en']}.")
    ctx.text = T(" ".join(ru), " ".join(en))
    ctx.result = {"restored": changes, "consequences": reports, "summary": summary}
    ctx.display = summary["display"]


def _run_note(ctx: Ctx, a: dict, box) -> None:
    ctx.text = T(a["text"], a["text"])
    ctx.result = {}


def _run_undo(ctx: Ctx, a: dict, box) -> None:  # pragma: no cover - the engine handles undo itself
    raise AssertionError("undo is not run as an action")


_CHAR = F.character_field()

SCENE_ACTIONS = [
    ActionSpec("add_character", None, T("Добавить персонажа", "Add a character"),
               (F.Field("character", "new_character", T("Персонаж", "Character"), _new_character, None, "required"),),
               _run_add),
    ActionSpec("remove_character", None, T("Убрать персонажа", "Remove a character"), (_CHAR,), _run_remove),
    ActionSpec("edit_character", None, T("Исправить вручную", "Edit by hand"),
               (_CHAR, F.text_field("name", F.NAME_LABEL, F.MAX_CHAR_NAME, 1, None, "optional"),
                F.Field("stats", "stats", T("Лист", "Sheet"), _object, None, "optional"),
                F.Field("state", "state", T("Состояние", "State"), _object, None, "optional"),
                F.Field("side", "choice", T("Сторона", "Side"), F.choice(C.SIDES), None, "optional",
                        {"options": [{"value": s, "label": C.SIDE_NAMES[s]} for s in C.SIDES]}),
                F.Field("kind", "kind", T("Кто", "Kind"), F.ident, None, "optional"),
                F.Field("statuses", "statuses", T("Состояния", "Statuses"), _list, None, "optional",
                        {"max_items": ST.MAX_STATUSES}),
                F.Field("attacks", "attacks", T("Атаки", "Attacks"), _list, None, "optional",
                        {"max_items": C.MAX_ATTACKS}),
                F.Field("fight", "fight", T("Бой", "Fight"), _object, None, "optional")),
               _run_edit),
    ActionSpec("move_character", None, T("Переставить в порядке сцены", "Move in the scene's order"),
               (_CHAR, F.Field("to", "int", T("На место", "To place"), F.integer(1, F.MAX_CHARACTERS), 1, "required",
                               {"min": 1, "max": F.MAX_CHARACTERS})),
               _run_move, help=T("Порядок ходов, где источник не даёт инициативы, и порядок карточек.",
                                 "The order of turns where a source gives no initiative, and of the cards.")),
    ActionSpec("set_readings", None, T("Толкования источника", "Readings of the source"),
               (F.Field("readings", "readings", T("Толкования", "Readings"), _readings_field, None, "required"),),
               _run_readings),
    ActionSpec("next_turn", None, T("Следующий ход", "Next turn"),
               (F.optional_character("character", T("Кто ходит (пусто — следующий по порядку)",
                                                    "Who acts (empty: the next in order)")),),
               _run_next_turn),
    ActionSpec("next_round", None, T("Следующий раунд", "Next round"), (), _run_round),
    ActionSpec("set_initiative", None, T("Инициатива вручную", "Initiative by hand"),
               (_CHAR, F.Field("initiative", "int", T("Инициатива (пусто — нет)", "Initiative (empty: none)"),
                               F.optional(F.integer(0, C.MAX_INITIATIVE)), None, "default",
                               {"min": 0, "max": C.MAX_INITIATIVE, "nullable": True})),
               _run_set_initiative),
    ActionSpec("set_turn", None, T("Раунд и ход вручную", "Round and turn by hand"),
               (F.Field("round", "int", T("Раунд", "Round"), F.integer(1, F.MAX_ROUND), 1, "required",
                        {"min": 1, "max": F.MAX_ROUND}),
                F.optional_character("current", T("Чей ход", "Whose turn")),
                F.Field("done", "characters", T("Уже ходили", "Have had their turn"), _list, [],
                        extra={"max_items": F.MAX_CHARACTERS}),
                F.Field("started", "characters", T("Ход начался", "Turn begun"), _list, [],
                        extra={"max_items": F.MAX_CHARACTERS})),
               _run_set_turn),
    ActionSpec("roll_ties", None, T("Бросок при ничьей инициативы", "Roll off tied initiatives"), (), _run_ties,
               plan=_ties_plan, preview=_ties_preview, groups=(("ties", True),)),
    ActionSpec("set_status", None, T("Поставить состояние", "Set a status"),
               (_CHAR, F.Field("status", "status", T("Состояние", "Status"), _key, None, "required"),
                F.Field("values", "status_values", T("Значения", "Values"), _object, {})),
               _run_set_status),
    ActionSpec("clear_status", None, T("Снять состояние", "Clear a status"),
               (_CHAR, F.Field("status", "status", T("Состояние", "Status"), _key, None, "required")),
               _run_clear_status),
    ActionSpec("end_scene", None, T("Конец сцены", "End of the scene"), (), _run_end),
    ActionSpec("note", None, T("Заметка", "Note"), (F.text_field("text", T("Текст", "Text"), F.MAX_NOTE, 1, "", "required"),),
               _run_note),
    ActionSpec("undo", None, T("Отменить последнее", "Undo the last action"), (), _run_undo),
    ActionSpec("redo", None, T("Повторить отменённое", "Redo the undone action"), (), _run_undo),
]

ACTIONS: dict[str, ActionSpec] = {a.type: a for a in SCENE_ACTIONS + CN.ACTIONS}
for _sys in C.SYSTEMS.values():
    for _a in _sys.actions:
        assert _a.type not in ACTIONS, _a.type
        ACTIONS[_a.type] = _a

#: Who rolled the faces an action carries.
BY = ("engine", "hand")


def validate_action(value: Any, path: str = "", depth_checked: bool = False) -> dict:
    """The action with its defaults filled, or :class:`InputError`. Checks its own fields, and
    the shape of hand-rolled faces; not yet the scene (who exists, what is due).
    ``depth_checked``: the caller has bounded the nesting already (a whole scene's)."""
    if not depth_checked:
        F.check_depth(value, path or "action")
    if not isinstance(value, dict):
        raise field_error(path or "action", "Действие — объект JSON.", "An action is a JSON object.")
    tpath = f"{path}.type" if path else "type"
    spec = ACTIONS.get(value.get("type")) if isinstance(value.get("type"), str) else None
    if spec is None:
        raise field_error(tpath, "Неизвестное действие: " + ", ".join(ACTIONS) + ".",
                          "Unknown action: " + ", ".join(ACTIONS) + ".")
    body = {k: v for k, v in value.items() if k not in ("type", "dice", "seed", "by")}
    errors, out = Errors(), {}
    with errors.gather():
        out = {"type": spec.type, **F.record(body, path, spec.checks, spec.required, spec.defaults)}
    dpath = f"{path}.dice" if path else "dice"
    spath = f"{path}.seed" if path else "seed"
    bpath = f"{path}.by" if path else "by"
    if "dice" in value or "seed" in value:
        if not spec.groups:
            errors.append({"field": dpath if "dice" in value else spath, "ru": "Это действие не бросает кубики.",
                           "en": "This action rolls no dice."})
        elif "dice" in value and "seed" in value:
            errors.append({"field": spath, "ru": "Либо грани вручную, либо зерно — не то и другое.",
                           "en": "Either faces by hand or a seed, not both."})
        else:
            try:
                if "dice" in value:
                    out["dice"] = check_given(value["dice"], [(g, 0 if rep else None) for g, rep in spec.groups])
                else:
                    out["seed"] = check_seed(value["seed"])
            except InputError as e:
                errors.extend({**x, "field": f"{path}.{x['field']}" if path else x["field"]} for x in e.errors)
    if "by" in value:
        if "dice" not in value:
            errors.append({"field": bpath, "ru": "«by» — только с выпавшими гранями.", "en": "'by' goes with faces only."})
        elif value["by"] not in BY:
            errors.append({"field": bpath, "ru": "Кто бросил: engine или hand.", "en": "Who rolled: engine or hand."})
        else:
            out["by"] = value["by"]
    errors.check()
    return out


def spec() -> list[dict]:
    return [a.to_json() for a in ACTIONS.values()]
