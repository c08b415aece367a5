"""The party: characters kept on the device between scenes, in the engine's own format.

A party (version 1)::

    {"format": "svod-party", "version": 1, "next_id": int ≥ 1,
     "members": [{"id", "name", "system", "side", "kind", "stats", "state", "statuses", "attacks"}]}

A member is a scene's character (:mod:`.characters`) without what belongs to one fight (``fight``: the
initiative, its lowering, the tie-break die) and without ``view``: everything a scene's actions need —
the sheet, the state, the creature type, the stored attacks, the side, the statuses that outlast a
scene. Names are unique in a party (compared as the scene compares them, :func:`actions.name_key`).
Every value is checked on load with the same bounds as a scene's character; a party has at most
:data:`MAX_MEMBERS` members and its text at most :data:`MAX_PARTY_CHARS` characters.

What a member takes from a scene (:func:`carry`, :data:`CARRIED`): the character as the end of the
scene leaves him — the engine's own end-of-scene rules (``end_scene``), applied to him alone: his
system's ``end_of_scene`` (e.g. «Сериал»: УП back to the base, the scene's death's-door counts start
again, Здоровье stays — «Потерянное Здоровье не восстанавливается само собой (в отличие от
Поглощения)»; «Мир Тьмы»: a stun ends; «Кодекс» and «Лысогорск»: nothing ends), the statuses that end
with a scene removed, the rest kept. The changes are given in words for the Storyteller to confirm.

A copy (:func:`duplicate`, :data:`COPY_TAKES`): the same sheet, creature type, side and stored attacks,
a fresh state (the system's initial state: an NPC «Громила 2» is a second Громила, unhurt), named with
the next free number («Громила» → «Громила 2»; «Громила 2» → «Громила 3» when 2 is taken).

Versions: :data:`VERSION` is written; :data:`MIGRATIONS` turns an older version into the next one; a
newer version or an unreadable text is an error that says so.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable

from ..spec import T, field_error
from . import characters as C
from . import fields as F
from . import words
from .actions import name_key  # noqa: F401 (also what the tests compare by)

__all__ = ["FORMAT", "VERSION", "new_party", "load", "load_text", "dump", "add", "remove", "duplicate", "carry",
           "member_for_scene", "next_name", "CARRIED", "COPY_TAKES",
           "check_member", "validate", "parse", "read", "member_record", "same_name", "fresh_copy", "check_ids", "members_by_id"]

FORMAT = "svod-party"
VERSION = 1
MAX_MEMBERS = 40
MAX_PARTY_CHARS = 400_000
#: What a member keeps of a scene's character (the module's docstring): the end of the scene's rules.
CARRIED = "end_of_scene"
#: What a copy of a character takes (the module's docstring): the sheet, with a fresh state.
COPY_TAKES = "sheet_fresh_state"
#: The parts of a member, in the order they are written.
MEMBER_PARTS = ("id", "name", "system", "side", "kind", "stats", "state", "statuses", "attacks")
#: What a party member is, in words (the page's confirmation names the rule).
CARRIED_RULE = T("В партию идёт то, что оставляет конец сцены: правила конца сцены системы персонажа "
                 "(«Сериал»: УП восстанавливаются до базы, счёт Порога Смерти начинается заново, Здоровье "
                 "остаётся; «Мир Тьмы»: оглушение проходит), состояния, которые кончаются со сценой, снимаются; "
                 "инициатива этого боя не сохраняется.",
                 "The party gets what the end of a scene leaves: the end-of-scene rules of the character's system "
                 "(«Сериал»: soak levels back to the base, death's-door counts start again, Health stays; «Мир Тьмы»: "
                 "a stun ends), the statuses that end with a scene removed; this fight's initiative is not kept.")


def new_party() -> dict:
    return {"format": FORMAT, "version": VERSION, "next_id": 1, "members": []}


def _format(v: Any, path: str) -> str:
    if v != FORMAT:
        raise field_error(path, "Это не партия Свода.", "Not a Svod party.")
    return v


def check_member(value: Any, path: str) -> dict:
    """A stored member: every part present, checked as a scene's character is."""
    rec = F.record(value, path, {k: (F.ident if k == "id" else lambda v, p: v) for k in MEMBER_PARTS},
                   required=MEMBER_PARTS)
    ch = C.check_character({**rec, "fight": dict(C.NEW_FIGHT)}, path)
    return {k: ch[k] for k in MEMBER_PARTS}


def _members(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(v) > MAX_MEMBERS:
        raise field_error(path, f"В партии не больше {MAX_MEMBERS} персонажей.",
                          f"At most {MAX_MEMBERS} characters in a party.")
    out, errors, ids, names = [], F.Errors(), set(), set()
    for i, m in enumerate(v):
        with errors.gather():
            rec = check_member(m, f"{path}[{i}]")
            if rec["id"] in ids:
                raise field_error(f"{path}[{i}].id", "Повтор id.", "Repeated id.")
            if name_key(rec["name"]) in names:
                raise field_error(f"{path}[{i}].name", f"Имя «{rec['name']}» в партии уже есть.",
                                  f"The party has «{rec['name']}» already.")
            ids.add(rec["id"])
            names.add(name_key(rec["name"]))
            out.append(rec)
    errors.check()
    return out


def validate(data: Any) -> dict:
    """A current-version party, checked whole; :class:`InputError` otherwise."""
    F.lists_within(data, {"members": (MAX_MEMBERS, "В партии не больше {limit} персонажей, а в этой — {n}.",
                                      "At most {limit} characters in a party; this one has {n}.")})
    F.check_depth(data, "party")
    return F.record(data, "", {"format": _format, "version": F.integer(VERSION, VERSION),
                               "next_id": F.integer(1, 10**9), "members": _members},
                    required=("format", "version", "next_id", "members"))


#: version → the function that turns a party of that version into the next one (none yet: 1 is the first).
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


NOUN = {"ru": "Партия", "ru_of": "партии", "en": "party"}
PARTY_FORMAT = F.Format("party", NOUN, VERSION, 1, MIGRATIONS, lambda d: validate(d), FORMAT)


def load(data: Any) -> dict:
    """A party of any known version, migrated to :data:`VERSION` and validated."""
    return F.load_versioned(data, PARTY_FORMAT)


def parse(text: Any) -> Any:
    """The JSON value of a party's text, bounded."""
    return F.json_text(text, "party", MAX_PARTY_CHARS, NOUN)


def load_text(text: Any) -> dict:
    return load(parse(text))


def read(v: Any) -> dict:
    """A party from a request: an object or its JSON text."""
    return load_text(v) if isinstance(v, str) else load(v)


def dump(party: dict) -> str:
    text = json.dumps(party, ensure_ascii=False, separators=(",", ":"))
    if len(text) > MAX_PARTY_CHARS:
        raise field_error("party", f"Партия вышла бы длиннее {MAX_PARTY_CHARS} символов.",
                          f"The party would be longer than {MAX_PARTY_CHARS} characters.")
    return text


# ---- names ------------------------------------------------------------------------------------------

_NUMBERED = re.compile(r"^(.*?)\s+(\d{1,6})$")


def next_name(name: str, taken: list[str]) -> str:
    """The name with the next free number: «Громила» → «Громила 2» (or 3 … the first not taken);
    «Громила 2» → «Громила 3». Names compare as the scene compares them; the result fits a
    character's name (the stem shortened if it must)."""
    m = _NUMBERED.match(name)
    stem, n = (m[1], int(m[2]) + 1) if m and m[1] else (name, 2)
    keys = {name_key(t) for t in taken}
    while True:
        tail = f" {n}"
        cand = stem[:F.MAX_CHAR_NAME - len(tail)].rstrip() + tail
        if name_key(cand) not in keys:
            return cand
        n += 1


# ---- changes -----------------------------------------------------------------------------------------

def _find(party: dict, mid: Any) -> dict:
    m = next((x for x in party["members"] if x["id"] == mid), None) if isinstance(mid, str) else None
    if m is None:
        raise field_error("member", "Такого персонажа в партии нет.", "No such character in the party.")
    return m


def member_record(value: Any, path: str = "member") -> dict:
    """A member from any character record (a scene's, a partial one, a member of another party):
    checked as a new character, its fight and id left behind."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k not in ("id", "fight", "view")}
    ch = C.check_character(value, path, partial=True)
    return {k: ch[k] for k in MEMBER_PARTS if k != "id"}


def same_name(party: dict, name: str, but: str | None = None) -> dict | None:
    return next((m for m in party["members"] if m["id"] != but and name_key(m["name"]) == name_key(name)), None)


SAME_NAME = ("replace", "keep_both")


def add(party: dict, value: Any, on_same_name: str | None = None) -> tuple[dict, str | None, dict | None]:
    """``party`` with the member ``value`` added → ``(party, id, None)``; when the party has a member of
    that name and ``on_same_name`` is not given, nothing changes → ``(party, None, that member)``: the
    page asks. ``"replace"``: the new record takes that member's place (and id); ``"keep_both"``: the
    new one is named with the next free number."""
    if on_same_name is not None and on_same_name not in SAME_NAME:
        raise field_error("same_name", "«same_name»: «replace» или «keep_both».", "'same_name': 'replace' or 'keep_both'.")
    rec = member_record(value)
    party = copy.deepcopy(party)
    other = same_name(party, rec["name"])
    if other is not None and on_same_name is None:
        return party, None, other
    if other is not None and on_same_name == "replace":
        i = party["members"].index(other)
        party["members"][i] = {"id": other["id"], **rec}
        return validate(party), other["id"], None
    if other is not None:
        rec["name"] = next_name(rec["name"], [m["name"] for m in party["members"]])
    if len(party["members"]) >= MAX_MEMBERS:
        raise field_error("party", f"В партии не больше {MAX_MEMBERS} персонажей.",
                          f"At most {MAX_MEMBERS} characters in a party.")
    mid = f"m{party['next_id']}"
    party["next_id"] += 1
    party["members"].append({"id": mid, **rec})
    return validate(party), mid, None


def remove(party: dict, mid: Any) -> dict:
    m = _find(party, mid)
    return {**party, "members": [x for x in party["members"] if x is not m]}


def fresh_copy(rec: dict, taken: list[str]) -> dict:
    """A copy of a character (:data:`COPY_TAKES`): his sheet, creature type, side and stored attacks, the
    system's initial state, no statuses, named with the next free number among ``taken``."""
    assert COPY_TAKES == "sheet_fresh_state"
    mod = C.SYSTEMS[rec["system"]]
    return {"name": next_name(rec["name"], taken), "system": rec["system"], "side": rec["side"], "kind": rec["kind"],
            "stats": copy.deepcopy(rec["stats"]), "state": mod.initial_state(rec["stats"]), "statuses": [],
            "attacks": copy.deepcopy(rec["attacks"])}


def duplicate(party: dict, mid: Any) -> tuple[dict, str]:
    m = _find(party, mid)
    new, nid, _ = add(party, fresh_copy(m, [x["name"] for x in party["members"]]))
    return new, nid


def carry(scene: dict, cid: Any) -> dict:
    """What the party would keep of the scene's character ``cid`` (:data:`CARRIED`) → ``{"member",
    "changes": [«Поле: было → стало»], "rule"}``. A character due a death's-door roll is refused, as
    the end of the scene refuses him."""
    assert CARRIED == "end_of_scene"
    ch = next((c for c in scene["characters"] if c["id"] == cid), None) if isinstance(cid, str) else None
    if ch is None:
        raise field_error("character", "Такого персонажа в сцене нет.", "No such character in the scene.")
    mod = C.SYSTEMS[ch["system"]]
    if mod.roll_due(ch):
        raise field_error("character", f"Сначала бросьте Порог Смерти: {ch['name']}.",
                          f"Roll death's door first: {ch['name']}.")
    after = copy.deepcopy({k: v for k, v in ch.items() if k != "view"})
    mod.end_of_scene(after)
    after["statuses"] = [s for s in after["statuses"] if not mod.statuses[s["key"]].ends_at_scene_end]
    after["fight"] = dict(C.NEW_FIGHT)
    before = {k: v for k, v in ch.items() if k != "view"}
    changes = words.changes(before, after)
    return {"member": member_record(after), "changes": changes, "rule": CARRIED_RULE}


def member_for_scene(m: dict, taken: list[str]) -> dict:
    """A member as a scene's new character (``add_character``): its name with the next free number when
    the scene has that name already."""
    rec = {k: copy.deepcopy(v) for k, v in m.items() if k != "id"}
    if any(name_key(t) == name_key(rec["name"]) for t in taken):
        rec["name"] = next_name(rec["name"], taken)
    return rec


def check_ids(v: Any, path: str, limit: int) -> list[str]:
    if not isinstance(v, list) or not v:
        raise field_error(path, "Нужен непустой список.", "A non-empty list is needed.")
    if len(v) > limit:
        raise field_error(path, f"Не больше {limit}.", f"At most {limit}.")
    out = []
    for i, x in enumerate(v):
        x = F.ident(x, f"{path}[{i}]")
        if x in out:
            raise field_error(f"{path}[{i}]", "Повтор в списке.", "Repeated in the list.")
        out.append(x)
    return out


def members_by_id(party: dict, ids: list[str]) -> list[dict]:
    errors = F.Errors()
    out = []
    for i, x in enumerate(ids):
        m = next((y for y in party["members"] if y["id"] == x), None)
        if m is None:
            errors.append({"field": f"members[{i}]", "ru": "Такого персонажа в партии нет.",
                           "en": "No such character in the party."})
        else:
            out.append(m)
    errors.check()
    return out
