"""The scene's fields: every value bounded, every error ``{"field", "ru", "en"}``.

A :class:`Field` is one field of an action, a sheet or a state: it checks a value and writes the
description the page draws it from (``to_json``), so the two can never disagree. Numbers,
switches, choices and lists of numbers are :class:`rules_core.spec.Param` (the calculators' own
validation and messages: a scene field and a calculator field refuse the same things, in the same
words); this module adds what a scene has besides: short texts, lists of short texts, ids,
optional values, records with known keys only, and a depth limit checked before anything walks a
nested value.

Field kinds the page draws (``kind`` of :meth:`Field.to_json`): the calculators' ``int``, ``bool``,
``choice``, ``int_list``, ``record_list`` (see :mod:`rules_core.spec`), and the scene's own:

``text``
    one line of text (``max_len``; refused: control, invisible and direction characters).
``text_list``
    distinct short texts, e.g. damage tags (``max_items``, ``max_len``).
``character``
    a character's id in the scene (``system``: only that system's characters; ``side``:
    ``"opponents"`` — the page offers the other side's first, the default target).
``calculator``
    the parameters of the calculator named by ``calculator`` (those in ``filled`` the scene fills).
``new_character``, ``stats``, ``state``, ``readings``, ``attacks``
    a character record, a sheet, a state, the scene's readings, stored attacks: drawn from the
    system's own fields in ``scene spec`` (``systems``).

The scene's own kinds, each with what the page draws, are :data:`KINDS` (``scene spec`` lists them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field as dataclass_field, replace
from typing import Any, Callable

from ..spec import Errors, InputError, Option, Param, T, field_error, items_text

#: Deepest nesting a scene or an action may have (scene → log → entry → undo → removed → a
#: character → attacks → an attack → its tags is 9); anything deeper is refused before it is walked.
MAX_DEPTH = 12
#: Most items a dict or a list may hold anywhere in a scene (the log, at most
#: :data:`rules_core.scene.state.MAX_LOG` entries, is the longest list).
MAX_ITEMS = 2000

ID_RE = re.compile(r"[A-Za-z0-9_-]{1,24}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: Characters a name or a note may not hold: they change how the text *around* them is drawn or are not
#: drawn at all, so two names could look alike and a name could reverse the page's own text after it —
#: the direction overrides and isolates (U+202A–202E, U+2066–2069), the direction marks (U+200E, U+200F,
#: U+061C), zero-width and invisible characters (U+200B–200D, U+2060–2064, U+FEFF, U+00AD, U+180E,
#: U+115F, U+1160, U+3164, U+FFA0), and lone surrogates (U+D800–DFFF, no character at all: no UTF-8
#: text can carry one). Refused, not removed (:func:`text`): the reader sees what was wrong.
INVISIBLE = re.compile("[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                       "\u2066-\u2069\u3164\ufeff\uffa0\ud800-\udfff]")


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
    """A one-line text, surrounding spaces stripped; no control characters, nor any of
    :data:`INVISIBLE` (refused, with the code of the first one)."""
    if not isinstance(value, str):
        raise field_error(name, "Нужен текст.", "Must be text.")
    v = value.strip()
    if _CONTROL.search(v):
        raise field_error(name, "Текст содержит управляющие символы.", "The text holds control characters.")
    bad = INVISIBLE.search(v)
    if bad:
        code = f"U+{ord(bad.group()):04X}"
        raise field_error(name, f"Текст содержит невидимый символ или знак направления письма ({code}): уберите его.",
                          f"The text holds an invisible or text-direction character ({code}): remove it.")
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
            path = f"{name}.{shown(k)}" if name else shown(k)
            errors.append({"field": path, "ru": f"Неизвестное поле «{path}».", "en": f"Unknown field «{path}»."})
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


def optional(check: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    """``null`` or what ``check`` accepts."""
    return lambda v, path: None if v is None else check(v, path)


def boolean(v: Any, path: str) -> bool:
    """``true`` or ``false`` (the calculators' ``bool`` rule)."""
    return _BOOL.validate(v, path)


_BOOL = Param("value", "bool", T("", ""), False)


def integer(lo: int, hi: int) -> Callable[[Any, str], int]:
    """A whole number within bounds (the calculators' ``int`` rule)."""
    p = Param("value", "int", T("", ""), lo, min=lo, max=hi)
    return p.validate


def choice(values: tuple[str, ...]) -> Callable[[Any, str], str]:
    """One of ``values`` (the calculators' ``choice`` rule)."""
    p = Param("value", "choice", T("", ""), values[0], options=tuple(Option(v, T(v, v)) for v in values))
    return p.validate


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


#: The field kinds of the scene beyond the calculators' (``int``, ``bool``, ``choice``, ``int_list``,
#: ``record_list``: see :mod:`rules_core.spec`), and how the page draws each.
KINDS = {
    "text": T("Одна строка текста (max_len); невидимые и управляющие символы запрещены. С attacks_of — имя "
              "сохранённой атаки персонажа из этого поля (его view.attacks; пусто — никакой).",
              "One line of text (max_len); invisible and control characters refused. With attacks_of: the name of a "
              "stored attack of the character in that field (his view.attacks; empty: none)."),
    "text_list": T("Список коротких текстов без повторов (max_items, max_len): тэги урона.",
                   "A list of short texts without repeats (max_items, max_len): damage tags."),
    "character": T("Персонаж сцены по id (system: только этой системы; side: «opponents» — по умолчанию первый из "
                   "другой стороны в порядке ходов; nullable: можно оставить пустым).",
                   "A character of the scene by id (system: of that system only; side «opponents»: by default the "
                   "first of the other side in the order; nullable: may be left empty)."),
    "characters": T("Список персонажей сцены по id (max_items).", "A list of the scene's characters by id (max_items)."),
    "calculator": T("Параметры калькулятора calculator; filled заполняет сцена, essentials — главные.",
                    "The parameters of the calculator named; filled: the scene fills them; essentials: shown first."),
    "status": T("Ключ состояния системы персонажа: systems[...].statuses.", "A status key of the character's system."),
    "status_values": T("Поля выбранного состояния (его fields в systems[...].statuses).",
                       "The chosen status's own fields (its fields in systems[...].statuses)."),
    "kind": T("Тип существа системы персонажа: systems[...].kinds.", "A creature type of the character's system."),
    "new_character": T("Новый персонаж: name, system, side, kind, stats, state, attacks (поля системы).",
                       "A new character: name, system, side, kind, stats, state, attacks (the system's fields)."),
    "stats": T("Лист персонажа: поля systems[...].stats (даны — заменяют, прочие остаются).",
               "A character's sheet: the fields of systems[...].stats (given ones replace, the rest stay)."),
    "state": T("Состояние персонажа: поля systems[...].state.", "A character's state: the fields of systems[...].state."),
    "statuses": T("Все состояния персонажа: список {key, поля}.", "All a character's statuses: a list of {key, fields}."),
    "attacks": T("Сохранённые атаки: список {name, поля systems[...].attack} (max_items).",
                 "Stored attacks: a list of {name, the fields of systems[...].attack} (max_items)."),
    "fight": T("Что хранит бой: поля character.fight (инициатива, понижение, бросок ничьей).",
               "What the fight keeps: the fields of character.fight (initiative, lowering, the tie-break roll)."),
    "readings": T("Толкования: по системе — её переключатели systems[...].readings.",
                  "Readings: per system, its switches systems[...].readings."),
}


# ---- a field: its check and its description, once --------------------------------------------

#: How an absent field is read: ``"required"`` (refused), ``"default"`` (its default),
#: ``"optional"`` (left out of the validated action).
PRESENCE = ("required", "default", "optional")


@dataclass(frozen=True)
class Field:
    """One field: ``check(value, path)`` validates it; :meth:`to_json` describes it to the page
    (``{"name", "kind", "label", "default", …}``, the shape of :meth:`Param.to_json`).
    ``presence``: :data:`PRESENCE`."""

    name: str
    kind: str
    label: dict
    check: Callable[[Any, str], Any]
    default: Any = None
    presence: str = "default"
    #: the rest of the description (bounds, options, ``system`` …), written as it stands
    extra: dict = dataclass_field(default_factory=dict)

    def __post_init__(self):
        assert self.presence in PRESENCE, self.presence

    def validate(self, value: Any, path: str) -> Any:
        return self.check(value, path)

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "label": self.label, "default": self.default, **self.extra}

    def but(self, **changes) -> "Field":
        """The same field with some attributes changed (``extra`` entries merged)."""
        extra = {**self.extra, **changes.pop("extra", {})}
        return replace(self, extra=extra, **changes)


def of_param(p: Param, presence: str = "default", name: str | None = None, **json) -> Field:
    """A calculator's :class:`Param` as a field (its own check and description; ``json`` entries
    replace the description's, ``default`` included)."""
    d = {**p.to_json(), **json}
    if name is not None:
        d["name"] = name
    default = d.pop("default")
    base = {k: d.pop(k) for k in ("name", "kind", "label")}
    return Field(base["name"], base["kind"], base["label"], lambda v, path: p.validate(v, path), default, presence,
                 d)


def text_field(name: str, label: dict, max_len: int, min_len: int = 0, default: Any = "",
               presence: str = "default") -> Field:
    return Field(name, "text", label, lambda v, p: text(v, p, max_len, min_len), default, presence,
                 {"max_len": max_len})


def character_field(name: str = "character", label: dict | None = None, system: str | None = None,
                    **extra) -> Field:
    """A character of the scene, by id (required): checked against the scene when the action runs."""
    more = {"system": system} if system else {}
    return Field(name, "character", label or T("Персонаж", "Character"), ident, None, "required", {**more, **extra})


def optional_character(name: str, label: dict, system: str | None = None, **extra) -> Field:
    """A character who may be left out (``null``: nobody)."""
    return character_field(name, label, system, **extra).but(check=optional(ident), presence="default",
                                                              extra={"nullable": True})


def tags_field(name: str, label: dict, default: list, max_len: int | None = None) -> Field:
    """A list of damage tags (:func:`text_list`)."""
    extra = {"max_items": MAX_TAGS} | ({"max_len": max_len} if max_len is not None else {})
    return Field(name, "text_list", label, lambda v, p: text_list(v, p, MAX_TAGS, MAX_TAG_LEN), list(default),
                 "default", extra)


def checks(fields: tuple[Field, ...]) -> dict:
    """``{name: check}`` for :func:`record`."""
    return {f.name: f.check for f in fields}


def required(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields if f.presence == "required")


def defaults(fields: tuple[Field, ...]) -> dict:
    return {f.name: f.default for f in fields if f.presence == "default"}


def read(value: Any, path: str, fields: tuple[Field, ...]) -> dict:
    """A record of these fields (:func:`record` with their checks, requirements and defaults)."""
    return record(value, path, checks(fields), required(fields), defaults(fields))


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


# ---- the engine's versioned formats (a scene, a party) ---------------------------------------------

@dataclass(frozen=True)
class Format:
    """One of the engine's versioned JSON formats: its request field (``name``), its words (``noun``:
    ``{"ru": "Сцена", "ru_of": "сцены", "en": "scene"}``), the version written, the oldest read,
    ``migrations`` (version → the next version's data) and ``validate`` (the current version's check)."""

    name: str
    noun: dict
    version: int
    oldest: int
    migrations: dict
    validate: Callable[[Any], dict]
    kind: str = ""  # its "format" (FILE_KINDS)


#: The files Свод writes, by "format" (svod-backup: backup.mjs; the page adds where each is opened).
FILE_KINDS = {"svod-scene": ("сцены", "a scene file"), "svod-party": ("партии", "a party file"),
              "svod-backup": ("«Всё в файл»", "an «Everything to a file» backup")}


def wrong_kind(found: Any, wanted: str) -> dict | None:
    """The error for a file whose format ``found`` is another kind than ``wanted``, else None."""
    if not isinstance(found, str) or found == wanted or found not in FILE_KINDS:
        return None
    (ru, en), (ru2, en2) = FILE_KINDS[found], FILE_KINDS[wanted]
    return {"field": "format", "ru": f"Это файл {ru}, а не {ru2}.", "en": f"This is {en}, not {en2}."}


def lists_within(data: Any, bounds: dict[str, tuple[int, str, str]]) -> None:
    """Lists of ``data`` (key → (bound, ru, en with {limit}, {n})) told by their own bound, before check_depth."""
    if not isinstance(data, dict):
        return
    for key, (limit, ru, en) in bounds.items():
        v = data.get(key)
        if isinstance(v, list) and len(v) > limit:
            raise field_error(key, ru.format(limit=limit, n=len(v)), en.format(limit=limit, n=len(v)))


def load_versioned(data: Any, fmt: Format) -> dict:
    """Data of any version of ``fmt`` it reads, migrated one version at a time and validated; a newer
    or unknown version is an error that says so (never repaired silently); another kind is named."""
    ru, ru_of, en = fmt.noun["ru"], fmt.noun["ru_of"], fmt.noun["en"]
    if not isinstance(data, dict):
        raise field_error(fmt.name, f"{ru} — объект JSON.", f"A {en} is a JSON object.")
    other = wrong_kind(data.get("format"), fmt.kind) if fmt.kind else None
    if other:
        raise InputError([other])
    v = data.get("version")
    if isinstance(v, bool) or not isinstance(v, int):
        raise field_error("version", f"Нет номера версии: это не {ru.lower()} Свода.", f"No version number: not a Svod {en}.")
    if v > fmt.version:
        raise field_error("version", f"{ru} сохранена более новой версией Свода ({v}); эта понимает до {fmt.version}. "
                          "Обновите страницу.", f"The {en} was saved by a newer Svod (version {v}); this one reads "
                          f"up to {fmt.version}. Reload the page.")
    if v < fmt.oldest:
        raise field_error("version", "Неверный номер версии.", "Invalid version number.")
    while v < fmt.version:
        try:
            data = fmt.migrations[v](data)
        except InputError as e:
            raise InputError([{**x, "ru": f"Перевод {ru_of} с версии {v}: {x['ru']}",
                               "en": f"Migrating the {en} from version {v}: {x['en']}"} for x in e.errors]) from None
        v = data["version"]
    return fmt.validate(data)


def json_text(text: Any, name: str, limit: int, noun: dict) -> Any:
    """The JSON value of a text the engine reads whole (a party, a players' view), bounded as every text
    of the engine is (:func:`rules_core.api.loads`)."""
    from .. import api

    if not isinstance(text, str):
        raise field_error(name, "Нужен текст JSON.", "JSON text expected.")
    if len(text) > limit:
        raise field_error(name, f"{noun['ru']} длиннее {limit} символов.", f"The {noun['en']} is longer than {limit} characters.")
    return api.loads(text, name, limit, api.MAX_DEPTH)
