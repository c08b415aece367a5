"""Small validators for the scene's JSON: every value bounded, every error ``{"field", "ru", "en"}``.

Numbers, switches and choices are :class:`rules_core.spec.Param` (the calculators' own
validation, so a scene field and a calculator field refuse the same things); this module adds
what a scene has besides: short texts, lists of short texts, ids, optional values, records with
known keys only, and a depth limit checked before anything walks a nested value.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..spec import Errors, Param, T, field_error, items_text

#: Deepest nesting a scene or an action may have (scene → log → entry → action → dice → group
#: → pair is 7); anything deeper is refused before it is walked.
MAX_DEPTH = 10
#: Most items a dict or a list may hold anywhere in a scene (the log, at most
#: :data:`rules_core.scene.state.MAX_LOG` entries, is the longest list).
MAX_ITEMS = 2000

ID_RE = re.compile(r"[A-Za-z0-9_-]{1,24}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def check_depth(value: Any, name: str, limit: int = MAX_DEPTH) -> None:
    """Refuse a value nested deeper than ``limit`` or holding too many items (iterative: a
    hostile value cannot exhaust the stack)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth > limit:
                raise field_error(name, f"Слишком глубокая вложенность (больше {limit}).",
                                  f"Nested too deeply (more than {limit}).")
            if len(v) > MAX_ITEMS:
                raise field_error(name, f"Слишком много элементов (больше {MAX_ITEMS}).",
                                  f"Too many items (more than {MAX_ITEMS}).")
            items = v.values() if isinstance(v, dict) else v
            stack.extend((x, depth + 1) for x in items)


def text(value: Any, name: str, max_len: int, min_len: int = 0) -> str:
    """A one-line text, surrounding spaces stripped, no control characters."""
    if not isinstance(value, str):
        raise field_error(name, "Нужен текст.", "Must be text.")
    v = value.strip()
    if _CONTROL.search(v):
        raise field_error(name, "Текст содержит управляющие символы.", "The text holds control characters.")
    if len(v) < min_len:
        raise field_error(name, "Не может быть пустым.", "Must not be empty.")
    if len(v) > max_len:
        raise field_error(name, f"Не длиннее {max_len} символов.", f"At most {max_len} characters.")
    return v


def ident(value: Any, name: str) -> str:
    if not isinstance(value, str) or not ID_RE.fullmatch(value):
        raise field_error(name, "Идентификатор: 1–24 латинских букв, цифр, «_» или «-».",
                          "An id: 1–24 Latin letters, digits, '_' or '-'.")
    return value


def text_list(value: Any, name: str, max_items: int, max_len: int) -> list[str]:
    """A list of distinct short texts (tag names), order kept, duplicates refused."""
    if not isinstance(value, list):
        raise field_error(name, "Нужен список.", "Must be a list.")
    if len(value) > max_items:
        raise field_error(name, f"Не больше {items_text(max_items)['ru']}.", f"At most {items_text(max_items)['en']}.")
    out: list[str] = []
    for i, v in enumerate(value):
        t = text(v, f"{name}[{i}]", max_len, 1)
        if fold(t) in map(fold, out):
            raise field_error(f"{name}[{i}]", "Повтор в списке.", "Repeated in the list.")
        out.append(t)
    return out


def shown(key: Any) -> str:
    """A key of the input as an error names it (a hostile key is not echoed whole)."""
    k = str(key)
    return k if len(k) <= 40 else k[:39] + "…"


def fold(name: str) -> str:
    """A tag name compared without case and «ё»: «Огонь» = «огонь»."""
    return name.casefold().replace("ё", "е")


def record(value: Any, name: str, fields: dict[str, Callable[[Any, str], Any]],
           required: tuple[str, ...] = (), defaults: dict | None = None) -> dict:
    """A dict with known keys only; each value through its validator. Errors are gathered,
    so the page can show every bad field at once."""
    if not isinstance(value, dict):
        raise field_error(name, "Ожидался объект с полями.", "Expected an object with fields.")
    errors = Errors()
    for k in value:
        if k not in fields:
            errors.append({"field": f"{name}.{shown(k)}" if name else shown(k), "ru": "Неизвестное поле.",
                           "en": "Unknown field."})
    out = {}
    for k, check in fields.items():
        path = f"{name}.{k}" if name else k
        if k in value:
            raw = value[k]
        elif k in required:
            errors.append({"field": path, "ru": "Обязательное поле.", "en": "Required field."})
            continue
        elif defaults is not None and k in defaults:
            raw = defaults[k]
        else:
            continue
        with errors.gather():
            out[k] = check(raw, path)
    errors.check()
    return out


def param(p: Param) -> Callable[[Any, str], Any]:
    """A :class:`Param` as a field validator."""
    return lambda v, path: p.validate(v, path)


def optional(check: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    """``null`` or what ``check`` accepts."""
    return lambda v, path: None if v is None else check(v, path)


def boolean(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise field_error(path, "Нужно «да» или «нет».", "Must be true or false.")
    return v


def integer(lo: int, hi: int) -> Callable[[Any, str], int]:
    """A whole number within bounds (strictly an int: scene data is written by the engine)."""
    def check(v: Any, path: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise field_error(path, "Нужно целое число.", "Must be a whole number.")
        if not lo <= v <= hi:
            raise field_error(path, f"Допустимо от {lo} до {hi}.", f"Allowed: {lo} to {hi}.")
        return v
    return check


def choice(values: tuple[str, ...]) -> Callable[[Any, str], str]:
    def check(v: Any, path: str) -> str:
        if v not in values:
            raise field_error(path, "Выберите один из вариантов: " + ", ".join(values) + ".",
                              "Choose one of: " + ", ".join(values) + ".")
        return v
    return check


def bilingual(max_len: int) -> Callable[[Any, str], dict]:
    """A ``{"ru", "en"}`` text (the log's summaries)."""
    return lambda v, path: record(v, path, {"ru": lambda x, p: _log_text(x, p, max_len),
                                            "en": lambda x, p: _log_text(x, p, max_len)},
                                  required=("ru", "en"))


def _log_text(v: Any, path: str, max_len: int) -> str:
    if not isinstance(v, str) or len(v) > max_len:
        raise field_error(path, f"Нужен текст не длиннее {max_len} символов.",
                          f"Must be text of at most {max_len} characters.")
    return v


def spec_json(name: str, kind: str, label: dict, default: Any, **extra) -> dict:
    """A field description in the shape of :meth:`Param.to_json` for kinds Param lacks
    (``text``, ``text_list``, ``id``)."""
    return {"name": name, "kind": kind, "label": label, "default": default, **extra}


NAME_LABEL = T("Имя", "Name")

# ---- the scene's bounds (shared by every module of the package) ------------------------------

#: Characters in one scene.
MAX_CHARACTERS = 20
#: Actions in one scene's log (an undo replays it: it must stay quick).
MAX_LOG = 500
#: A scene's name, a character's name, a note in the log.
MAX_SCENE_NAME = 80
MAX_CHAR_NAME = 60
MAX_NOTE = 300
#: A log line (the engine writes it: generous, but bounded for a scene read back from a file).
MAX_LOG_TEXT = 1000
#: Rounds of one scene.
MAX_ROUND = 999
#: Tags of one kind on a character, and in one damage; a tag's length.
MAX_TAGS = 12
MAX_TAG_LEN = 32
#: The JSON text of a whole scene: at most MAX_LOG entries of at most engine.MAX_ENTRY_CHARS, plus
#: the characters (a test checks the bound holds for the largest scenes).
MAX_SCENE_CHARS = 2_100_000
