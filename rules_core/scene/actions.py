"""Every kind of action on a scene, and the validation of one action.

An action is a JSON object ``{"type": …, <its fields>, "dice"?: {group: faces}, "seed"?: int}``.
Scene-wide actions are here (characters in and out, edits, the readings, rounds, the end of the
scene, a note, undo); each system's own actions are in its module (``serial.ACTIONS`` …).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from ..spec import Errors, InputError, T, field_error
from . import characters as C
from . import codex as CX
from . import fields as F
from .common import ActionSpec, Ctx
from .dicebox import check_given, check_seed

# ---- scene-wide actions -----------------------------------------------------------------------


def _new_character(v, path):
    return C.check_character(v, path, partial=True)


def _run_add(ctx: Ctx, a: dict, box) -> None:
    sc = ctx.scene
    if len(sc["characters"]) >= F.MAX_CHARACTERS:
        raise field_error("character", f"В сцене не больше {F.MAX_CHARACTERS} персонажей.",
                          f"At most {F.MAX_CHARACTERS} characters in a scene.")
    ch = a["character"]
    ids = {c["id"] for c in sc["characters"]}
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
    sc["characters"].append(copy.deepcopy(ch))
    title = C.SYSTEMS[ch["system"]].title
    ctx.text = T(f"В сцене: {ch['name']} ({title['ru']}).", f"Joins the scene: {ch['name']} ({title['en']}).")
    ctx.result = {"character": ch["id"]}


def _run_remove(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    ctx.scene["characters"] = [c for c in ctx.scene["characters"] if c["id"] != ch["id"]]
    ctx.text = T(f"Из сцены ушёл: {ch['name']}.", f"Leaves the scene: {ch['name']}.")
    ctx.result = {"character": ch["id"]}


def _object(v, path):
    if not isinstance(v, dict):
        raise field_error(path, "Ожидался объект с полями.", "Expected an object with fields.")
    return v


def _run_edit(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    new = C.edit(ch, a.get("name"), a.get("stats"), a.get("state"))
    chars = ctx.scene["characters"]
    chars[[c["id"] for c in chars].index(ch["id"])] = new
    parts = [f"{k} {ch[part][k]} → {new[part][k]}" if not isinstance(new[part][k], (list, dict)) else k
             for part in ("stats", "state") for k in new[part] if new[part][k] != ch[part][k]]
    if new["name"] != ch["name"]:
        parts.insert(0, f"{ch['name']} → {new['name']}")
    changed = ", ".join(parts) or "—"
    ctx.text = T(f"{new['name']}: исправлено вручную: {changed}.", f"{new['name']}: edited by hand: {changed}.")
    ctx.result = {"character": ch["id"]}


def _readings_field(v, path):
    return C.check_readings(v, path, partial=True)


def _run_readings(ctx: Ctx, a: dict, box) -> None:
    changed = []
    for sys, values in a["readings"].items():
        for k, v in values.items():
            if ctx.scene["readings"][sys][k] != v:
                changed.append(f"{sys}.{k} = {v}")
            ctx.scene["readings"][sys][k] = v
    text = ", ".join(changed) or "—"
    ctx.text = T(f"Толкования источника: {text}.", f"Readings of the source: {text}.")
    ctx.result = {"readings": ctx.scene["readings"]}


def _run_round(ctx: Ctx, a: dict, box) -> None:
    if ctx.round >= F.MAX_ROUND:
        raise field_error("type", f"Не больше {F.MAX_ROUND} раундов.", f"At most {F.MAX_ROUND} rounds.")
    ctx.scene["round"] += 1
    ctx.text = T(f"Раунд {ctx.round}.", f"Round {ctx.round}.")
    ctx.result = {"round": ctx.round}


def _run_end(ctx: Ctx, a: dict, box) -> None:
    due = [c["name"] for c in ctx.scene["characters"]
           if c["system"] == "serial" and c["state"]["pending"] is not None]
    if due:
        names = ", ".join(due)
        raise field_error("type", f"Сначала бросьте Порог Смерти: {names}.", f"Roll death's door first: {names}.")
    changes, reports = {}, []
    for ch in ctx.scene["characters"]:
        diff = C.SYSTEMS[ch["system"]].end_of_scene(ch)
        if diff:
            changes[ch["id"]] = diff
        if ch["system"] == "codex":
            reports.append(CX.scene_end_report(ch))
    ctx.scene["round"] = 1
    ru = ["Конец сцены."]
    en = ["End of the scene."]
    restored = [c["name"] for c in ctx.scene["characters"] if c["id"] in changes and c["system"] == "serial"]
    if restored:
        ru.append("УП восстановлены, счёт Порога Смерти начат заново: " + ", ".join(restored) + ".")
        en.append("soak levels restored, death's-door counts start again: " + ", ".join(restored) + ".")
    for rep in reports:
        name = ctx.char(rep["character"])["name"]
        ru.append(f"{name}: урон остановился на уровне {rep['level']} — {rep['consequence']['ru']}.")
        en.append(f"{name}: the damage stopped at level {rep['level']} — {rep['consequence']['en']}.")
    ctx.text = T(" ".join(ru), " ".join(en))
    ctx.result = {"restored": changes, "consequences": reports}


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
                F.Field("state", "state", T("Состояние", "State"), _object, None, "optional")),
               _run_edit),
    ActionSpec("set_readings", None, T("Толкования источника", "Readings of the source"),
               (F.Field("readings", "readings", T("Толкования", "Readings"), _readings_field, None, "required"),),
               _run_readings),
    ActionSpec("next_round", None, T("Следующий раунд", "Next round"), (), _run_round),
    ActionSpec("end_scene", None, T("Конец сцены", "End of the scene"), (), _run_end),
    ActionSpec("note", None, T("Заметка", "Note"), (F.text_field("text", T("Текст", "Text"), F.MAX_NOTE, 1, "", "required"),),
               _run_note),
    ActionSpec("undo", None, T("Отменить последнее", "Undo the last action"), (), _run_undo),
]

ACTIONS: dict[str, ActionSpec] = {a.type: a for a in SCENE_ACTIONS}
for _sys in C.SYSTEMS.values():
    for _a in _sys.actions:
        assert _a.type not in ACTIONS, _a.type
        ACTIONS[_a.type] = _a


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
    body = {k: v for k, v in value.items() if k not in ("type", "dice", "seed")}
    errors, out = Errors(), {}
    with errors.gather():
        out = {"type": spec.type, **F.record(body, path, spec.checks, spec.required, spec.defaults)}
    dpath = f"{path}.dice" if path else "dice"
    spath = f"{path}.seed" if path else "seed"
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
    errors.check()
    return out


def spec() -> list[dict]:
    return [a.to_json() for a in ACTIONS.values()]
