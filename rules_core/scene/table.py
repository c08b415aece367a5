"""The players' view of a scene («вид игрока»): what the table may see, made by the engine from a
scene and checked by it when it comes back from a link.

A view (version 1)::

    {"format": "svod-table", "version": 1, "name": str, "round": int, "shown": bool,
     "characters": [{"name", "side", "place": int | null, "acting", "done", "out": bool,
                     "wound": {"ru", "en"}, "statuses": [{"ru", "en"}],
                     "numbers"?: [{"label": {"ru", "en"}, "value": {"ru", "en"}}],
                     "sheet"?: a party member without id (:mod:`.party`)}]}

Who sees what (:data:`HIDDEN`): every character's place in the order, whose turn it is, his wound
level (his system's ``status_name``) and statuses (their names, what is left of them); his exact
numbers (the state's fields, as the card names them) only for the party's side — for opponents only
when the Storyteller shows them (``show_numbers``, the view's ``shown``). ``sheet``: a party-side
character's record as the party would keep it (:func:`party.carry`), so that a player can take his
own character into his phone's party; never an opponent's.

The view travels in a link's fragment (the page: deflate-raw, base64url); :data:`MAX_FRAGMENT` bounds
the fragment (a QR code of version 40 at level L holds 2953 bytes: the fragment and the site's
address fit one), :data:`MAX_VIEW_CHARS` the JSON text it inflates to. What comes back is untrusted:
:func:`check` reads it with every value bounded and returns it only if it is a view this engine
would write (names and texts as a scene's, no unknown field).
"""

from __future__ import annotations

from typing import Any

from ..spec import T, field_error
from . import characters as C
from . import fields as F
from . import party as P
from . import statuses as ST
from . import words
from .dicebox import _list as bounded_list

__all__ = ["FORMAT", "VERSION", "make", "check", "MAX_FRAGMENT", "MAX_VIEW_CHARS", "HIDDEN",
           "check_text"]

FORMAT = "svod-table"
VERSION = 1
#: The longest fragment a link may carry (characters after «#»), and the longest JSON text it may
#: inflate to.
MAX_FRAGMENT = 2600
MAX_VIEW_CHARS = 60_000
#: What an opponent's line leaves out unless the Storyteller shows it: his exact numbers.
HIDDEN = "opponents_numbers"
MAX_TEXT = 200
MAX_NUMBERS = 30


def _numbers(ch: dict) -> list[dict]:
    mod = C.SYSTEMS[ch["system"]]
    out = []
    for f in mod.state:
        v = ch["state"].get(f.name)
        out.append({"label": f.label, "value": T(words.value_text(ch["system"], "state", f.name, v, "ru"),
                                                  words.value_text(ch["system"], "state", f.name, v, "en"))})
    return out[:MAX_NUMBERS]


def _status_text(s: dict, lang: str) -> str:
    left = s.get("left_text")
    name = s["name"][lang]
    return f"{name} ({left[lang]})" if isinstance(left, dict) and left.get(lang) else name


def make(scene: dict, show_numbers: bool = False, sheets: bool = True) -> dict:
    """The view of ``scene`` (see the module's docstring): ``show_numbers`` shows the opponents'
    numbers too; ``sheets``: the party's records go with it."""
    assert HIDDEN == "opponents_numbers"
    if not isinstance(show_numbers, bool) or not isinstance(sheets, bool):
        raise field_error("show_numbers", "true или false.", "true or false.")
    chars = []
    order = sorted(scene["characters"], key=lambda c: (c["view"]["place"] is None, c["view"]["place"] or 0))
    for ch in order:
        v = ch["view"]
        rec = {"name": ch["name"], "side": ch["side"], "place": v["place"], "acting": bool(v["acting"]),
               "done": bool(v["done"]), "out": bool(v["out_of_fight"]), "wound": v["status_name"],
               "statuses": [T(_status_text(s, "ru"), _status_text(s, "en")) for s in v["statuses"]]}
        if ch["side"] == "party" or show_numbers:
            rec["numbers"] = _numbers(ch)
        if sheets and ch["side"] == "party" and not C.SYSTEMS[ch["system"]].roll_due(ch):
            rec["sheet"] = P.carry(scene, ch["id"])["member"]
        chars.append(rec)
    return check({"format": FORMAT, "version": VERSION, "name": scene["name"], "round": scene["round"],
                  "shown": show_numbers, "characters": chars})


def _format(v: Any, path: str) -> str:
    if v != FORMAT:
        raise field_error(path, "Это не вид сцены Свода.", "Not a Svod table view.")
    return v


def _list_of(check, limit: int):
    """A list of at most ``limit`` values, each through ``check``."""
    return lambda v, p: [check(x, f"{p}[{i}]") for i, x in enumerate(bounded_list(v, p, limit))]


def _number(v: Any, path: str) -> dict:
    return F.record(v, path, {"label": F.bilingual(MAX_TEXT), "value": F.bilingual(MAX_TEXT)}, required=("label", "value"))


def _character(v: Any, path: str) -> dict:
    rec = F.record(v, path, {
        "name": lambda x, p: F.text(x, p, F.MAX_CHAR_NAME, 1), "side": F.choice(C.SIDES),
        "place": F.optional(F.integer(1, F.MAX_CHARACTERS)), "acting": F.boolean, "done": F.boolean,
        "out": F.boolean, "wound": F.bilingual(MAX_TEXT), "statuses": _list_of(F.bilingual(MAX_TEXT), ST.MAX_STATUSES),
        "numbers": _list_of(_number, MAX_NUMBERS), "sheet": lambda x, p: P.member_record(x, p)},
        required=("name", "side", "place", "acting", "done", "out", "wound", "statuses"))
    if "sheet" in rec and (rec["side"] != "party" or rec["sheet"]["name"] != rec["name"]):
        raise field_error(f"{path}.sheet", "Лист — только у своих, с тем же именем.",
                          "A sheet only for the party's side, of the same name.")
    return rec


def _characters(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise field_error(path, "Нужен список.", "Must be a list.")
    if len(v) > F.MAX_CHARACTERS:
        raise field_error(path, f"Не больше {F.MAX_CHARACTERS} персонажей.", f"At most {F.MAX_CHARACTERS} characters.")
    errors = F.Errors()
    out = []
    for i, x in enumerate(v):
        with errors.gather():
            out.append(_character(x, f"{path}[{i}]"))
    errors.check()
    return out


def check(data: Any) -> dict:
    """A view from a link, read strictly (:class:`InputError` otherwise). Opponents' numbers are in it
    only if the view says they are shown."""
    F.check_depth(data, "view")
    view = F.record(data, "", {"format": _format, "version": F.integer(VERSION, VERSION),
                               "name": lambda v, p: F.text(v, p, F.MAX_SCENE_NAME), "round": F.integer(1, F.MAX_ROUND),
                               "shown": F.boolean, "characters": _characters},
                    required=("format", "version", "name", "round", "shown", "characters"))
    if not view["shown"] and any(c["side"] == "opponents" and "numbers" in c for c in view["characters"]):
        raise field_error("characters", "Числа противников скрыты, но есть в ссылке.",
                          "The opponents' numbers are hidden, yet the link holds them.")
    return view


def check_text(text: Any) -> dict:
    """A view from its JSON text (what the link inflates to), bounded."""
    return check(F.json_text(text, "view", MAX_VIEW_CHARS, {"ru": "Вид сцены", "en": "view"}))
