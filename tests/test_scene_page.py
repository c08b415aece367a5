"""The scene page's own modules run in Node, as the page runs them (tests/node.py), against the
engine: which fields of a sheet apply is the engine's reading (spec.shown_names), by the one rule
every form of the site follows (calculators/form.mjs ``liveNames``, kinds.mjs ``applying``)."""

from __future__ import annotations

import json
import math
import random

from rules_core import api
from rules_core.spec import Option, Param, shown_names

from tests import hostile_stored
from tests.node import node_eval, some_value

PARAM_KINDS = {"int", "bool", "choice", "int_list", "record_list"}


def _param(j: dict) -> Param:
    """A spec's field as the engine's Param, rebuilt from its JSON (the scene's actions give their
    fields as JSON only)."""
    return Param(j["name"], j["kind"], j["label"], j["default"], min=j.get("min"), max=j.get("max"),
                 options=tuple(Option(o["value"], o["label"]) for o in j.get("options", ())),
                 min_len=j.get("min_len", 0), max_len=j.get("max_len"),
                 fields=tuple(_param(f) for f in j.get("fields", ())), group=j.get("group", "main"), when=j.get("when"))


def _values(params: list[dict], rnd: random.Random) -> dict:
    """Random values of these fields, some of them bad ("x"), some left out (their defaults)."""
    out = {}
    for p in params:
        if p["kind"] not in PARAM_KINDS or rnd.random() < 0.1:
            continue
        out[p["name"]] = "x" if rnd.random() < 0.1 else some_value(p, rnd)
    return out


def _live(cases: list[dict]) -> list[list[str]]:
    code = """
import { readFileSync } from "node:fs";
import { liveNames } from "./calculators/form.mjs";
import { sheetLive } from "./calculators/scene-action.mjs";
const out = JSON.parse(readFileSync(0, "utf8")).map((c) => {
  if (c.sheet) {
    const live = sheetLive(c.own, c.values, c.calc);
    return { own: live.own && [...live.own].sort(), calc: live.calc && [...live.calc].sort() };
  }
  return [...liveNames(c.params, c.values)].sort();
});
console.log(JSON.stringify(out));
"""
    return json.loads(node_eval(code, json.dumps(cases)))


def test_every_form_shows_the_fields_the_engine_reads_as_applying():
    """A calculator's form and every scene action's sheet — its own fields, and the fields of the
    calculator it carries, whose conditions may read a value the scene fills in (a wounded
    attacker's «Штраф за раны к урону» applies) — show exactly the fields spec.shown_names gives."""
    rnd = random.Random(26)
    cases, wants = [], []
    for c in api.list_calculators():
        calc = api.get(c["id"])
        for _ in range(15):
            values = _values(c["params"], rnd)
            cases.append({"params": c["params"], "values": values})
            wants.append(sorted(shown_names(calc.params, values)))
    scene = api.handle({"op": "scene", "cmd": "spec"})["result"]
    sheets = 0
    for a in scene["actions"]:
        own = [f for f in a["fields"] if f["kind"] not in ("calculator", "new_character", "stats", "state", "readings")]
        own_params = [_param(f) for f in own if f["kind"] in PARAM_KINDS]
        carried = next((f for f in a["fields"] if f["kind"] == "calculator"), None)
        for _ in range(40 if carried or any(f.get("when") for f in own) else 3):
            values = _values(own, rnd)
            case = {"sheet": True, "own": own, "values": values, "calc": None}
            want = {"own": sorted(shown_names(own_params, values) | {f["name"] for f in own if f["kind"] not in PARAM_KINDS})
                    if any(f.get("when") for f in own) else None, "calc": None}
            if carried:
                calc = api.get(carried["calculator"])
                spec = calc.to_json()
                drawn = [p for p in spec["params"] if p["name"] not in carried.get("filled", ())]
                form = _values(drawn, rnd)
                # what the scene fills in, as a preview gives it (sometimes not yet known)
                filled = ({p["name"]: some_value(p, rnd) for p in spec["params"] if p["name"] in carried.get("filled", ())}
                          if rnd.random() < 0.8 else None)
                case["calc"] = {"drawn": drawn, "all": spec["params"], "values": form, "filled": filled}
                want["calc"] = sorted(shown_names(calc.params, {**(filled or {}), **form}))
            cases.append(case)
            wants.append(want)
            sheets += 1
    got = _live(cases)
    assert sheets > 100 and len(got) == len(cases)
    for case, g, w in zip(cases, got, wants):
        assert g == w, (case, g, w)
    # the wounded attacker's case is among them: a field the scene's filled value makes apply
    assert any(c.get("calc") and "wound_penalty_damage" in g["calc"] and "wound_penalty_damage" in {p["name"] for p in c["calc"]["drawn"]}
               for c, g in zip(cases, got) if c.get("sheet"))


# ---- whatever is stored, the page draws it safely ------------------------------------------------

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from rules_core.scene import engine as scene_engine, state as scene_state  # noqa: E402
from rules_core.spec import InputError  # noqa: E402

from tests.fuzz import markup_problems, mutated, node_lines  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAYLOADS = ['"><img src=x onerror="window.__pwned=1">', "<svg onload=window.__pwned=2>", "'><script>window.__pwned=3</script>",
            "javascript:window.__pwned=4", "&lt;b&gt;&amp;", "Иван\u202eнавИ", "\u200bИван", "</bdi></h3><h1>x", "{{7*7}}",
            "\ud800", "a\u0000b"]
#: What the page's HTML may hold: its own elements and attributes, nothing a stored value could add.
TAGS = {"section", "h2", "h3", "p", "div", "ul", "ol", "li", "button", "span", "b", "small", "bdi", "select", "option",
        "label", "input"}
ATTRS = {"class", "type", "role", "id", "for", "name", "value", "hidden", "disabled", "selected", "dir", "title", "reversed",
         "style", "maxlength", "placeholder", "aria-label", "aria-labelledby", "aria-describedby", "aria-valuemin",
         "aria-valuemax", "aria-valuenow", "aria-haspopup", "aria-pressed", "aria-current", "autocomplete", "accept"}


def _strict(html: str) -> list[str]:
    """Every tag and attribute of the page's own kinds, every attribute value quoted text."""
    return markup_problems(html, TAGS, ATTRS, r"width:\d+%")


hostile = st.one_of(st.sampled_from(PAYLOADS), st.text(max_size=40))
json_value = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20)
                          | st.floats(allow_nan=False, allow_infinity=False) | hostile,
                          lambda inner: st.lists(inner, max_size=4) | st.dictionaries(hostile, inner, max_size=4), max_leaves=12)


@st.composite
def scenes(draw):
    """A scene the engine made (hostile names, tags and notes in it), as a dict."""
    try:
        sc = scene_state.new_scene(draw(hostile)[:80])
    except InputError:  # a name the engine refuses: an unnamed scene
        sc = scene_state.new_scene("")
    for _ in range(draw(st.integers(0, 3))):
        system = draw(st.sampled_from(["serial", "lysogorsk", "codex", "wod"]))
        ch = {"name": draw(hostile)[:60] or "?", "system": system}
        if system == "serial":
            ch["stats"] = {"resistance": [t[:32] for t in draw(st.lists(hostile, max_size=3)) if t.strip()]}
        new, ev = scene_engine.apply(sc, {"type": "add_character", "character": ch})
        if ev["ok"]:
            sc = new
    for _ in range(draw(st.integers(0, 2))):
        new, ev = scene_engine.apply(sc, {"type": "note", "text": draw(hostile)[:300] or "."})
        if ev["ok"]:
            sc = new
    return sc


@st.composite
def records(draw):
    """A stored record of any shape: a scene the engine made, one changed anywhere, text that is
    no scene, a text that is not text; its own fields anything."""
    sc = draw(scenes())
    how = draw(st.sampled_from(["scene", "mutated", "text", "value"]))
    text = (json.dumps(sc, ensure_ascii=False) if how == "scene" else json.dumps(mutated(draw, sc, json_value), ensure_ascii=False)
            if how == "mutated" else draw(hostile) if how == "text" else draw(json_value))
    rec = {"id": draw(hostile) or "s1", "name": draw(json_value), "created": 1, "updated": draw(json_value), "rev": 1, "text": text}
    if draw(st.booleans()):
        rec["legacy"] = draw(json_value)
    if draw(st.booleans()):
        rec["deletedAt"] = draw(json_value)
    return rec


@pytest.fixture(scope="module")
def drawer():
    yield from node_lines("tests/js/scene_draw.mjs")


SPEC = None


@settings(max_examples=int(200 * float(__import__("os").environ.get("SVOD_FUZZ_SCALE", "1"))), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(rec=records(), others=st.lists(records(), max_size=2), lang=st.sampled_from(["ru", "en"]),
       engine=st.sampled_from(["ready", "loading", "error"]), asked=st.booleans())
def test_any_stored_record_is_drawn_checked_or_told_unreadable_never_executed(drawer, rec, others, lang, engine, asked):
    """Whatever a record holds (a hostile scene, one changed anywhere, no scene, no text), the page's
    drawing code (in Node, as the page runs it) draws it once the engine has answered (CPython's
    answer: the same engine) as the scene the engine checked, or as unreadable with the engine's
    words, or, before that, as a named scene waiting: never a throw, never an empty page, and
    nothing but the page's own elements and attributes."""
    global SPEC
    SPEC = SPEC or api.handle({"op": "scene", "cmd": "spec"})["result"]
    answer = (api.handle({"op": "scene", "cmd": "load", "scene": rec["text"], "reply": "text"})
              if asked and isinstance(rec["text"], str) else None)
    out = drawer({"rec": rec, "answer": answer, "spec": SPEC, "lang": lang, "engine": engine,
                  "records": [rec, *others], "unreadable": [rec["id"]]})
    assert "error" not in out, out["error"]
    want = ("checked" if answer and answer["ok"] else "broken" if answer or not isinstance(rec["text"], str) else None)
    if want:
        assert out["state"] == want
    for name, html in out["parts"].items():
        assert _strict(html) == [], (name, html[:500])
    main = out["parts"]["main"]
    assert {"checked": "svod-cards", "broken": "svod-broken", "pending": "svod-pending"}[out["state"]] in main
    assert out["parts"]["title"].strip()


# ---- the one check of a stored record (calculators/records.mjs) ------------------------------------

RECORD_ID = __import__("re").compile(r"[A-Za-z0-9_-]{1,64}")
MAX_SAFE = 2**53 - 1


def _js_len(s: str) -> int:
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and (isinstance(v, int) or math.isfinite(v))


def _whole(v) -> bool:
    """A non-negative safe integer once JavaScript has read it from JSON (1.0 is 1; 2**53 is not safe)."""
    return _number(v) and float(v).is_integer() and 0 <= v <= MAX_SAFE


def _oracle_faults(rec, kind: str) -> set[str]:
    """The fields a record fails, by the schema in records.mjs's header, written again here."""
    if not isinstance(rec, dict):
        return {""}
    bad = set()
    rid = rec.get("id")
    if not (isinstance(rid, str) and RECORD_ID.fullmatch(rid)) or (kind == "party" and rid != "party"):
        bad.add("id")
    if not _whole(rec.get("rev")):
        bad.add("rev")
    if "name" in rec and not (isinstance(rec["name"], str) and _js_len(rec["name"]) <= 1000):
        bad.add("name")
    for k in ("created", "updated", "deletedAt"):
        if k in rec and not (_number(rec[k]) and rec[k] >= 0):
            bad.add(k)
    if not (isinstance(rec.get("text"), str) and _js_len(rec["text"]) <= 4_200_000):
        bad.add("text")
    lg = rec.get("legacy")
    if "legacy" in rec and not (isinstance(lg, dict) and _whole(lg.get("version")) and isinstance(lg.get("text"), str)):
        bad.add("legacy")
    return bad


EDGES = st.sampled_from([-1, 1.5, 0, -0.0, 2**53, MAX_SAFE, 2**53 + 2, 10**20, 1e300, "1", True, False, None, [], {}, [1],
                         "s" * 64, "s" * 65, "", "party", "a b", 42])
RECORD_FIELDS = ["id", "rev", "name", "created", "updated", "text", "legacy", "deletedAt", "extra"]


@st.composite
def stored_records(draw):
    """A record of the scenes' or the party's store: a good one with a few fields replaced by anything
    JSON holds (or taken away), or anything JSON holds."""
    kind = draw(st.sampled_from(["scene", "party"]))
    if draw(st.integers(0, 9)) == 0:
        return kind, draw(json_value)
    rec = {"id": "party" if kind == "party" else draw(st.from_regex(r"s[a-z0-9]{0,20}", fullmatch=True)),
           "name": draw(hostile), "created": 1, "updated": draw(st.integers(0, 2**40)), "rev": draw(st.integers(0, MAX_SAFE)),
           "text": draw(hostile)}
    if draw(st.booleans()):
        rec["legacy"] = {"version": draw(st.integers(0, 3)), "text": draw(hostile)}
    if draw(st.booleans()):
        rec["deletedAt"] = draw(st.integers(0, 2**40))
    for field in draw(st.lists(st.sampled_from(RECORD_FIELDS), max_size=3)):
        if draw(st.integers(0, 4)) == 0:
            rec.pop(field, None)
        else:
            rec[field] = draw(st.one_of(EDGES, json_value))
    return kind, rec


def _leaves(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from _leaves(x)
    elif isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from _leaves(x)


@pytest.fixture(scope="module")
def checker():
    yield from node_lines("tests/js/record_check.mjs")


def _no_record_in(out: dict, rec) -> None:
    """A record that failed: the page draws only its own words, none of the record's values (but its
    id where that passes the check: the handle the page names it by)."""
    for name, html in out["parts"].items():
        assert _strict(html) == [], (name, html[:500])
        for s in _leaves(rec):
            if (s in PAYLOADS or len(s.strip()) >= 8) and s != out["handle"]:
                assert s not in html and __import__("html").escape(s) not in html, (name, s, html[:500])


@settings(max_examples=int(300 * float(__import__("os").environ.get("SVOD_FUZZ_SCALE", "1"))), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=stored_records(), lang=st.sampled_from(["ru", "en"]))
def test_the_record_check_never_throws_and_never_accepts_a_malformed_record(checker, case, lang):
    """Any record of the scenes' or the party's store, and the same in a backup file: the check
    (records.mjs, in Node as the page runs it) never throws, names exactly the fields the schema
    refuses, and of a record that fails the page draws nothing but its own words; a backup restores
    the records that pass and names each that does not."""
    kind, rec = case
    out = checker({"kind": kind, "rec": rec, "lang": lang})
    assert "error" not in out, out["error"]
    want = _oracle_faults(rec, kind)
    assert set(out["faults"]) == want, (rec, out["faults"])
    assert out["faulty"] == bool(want)
    if want:
        _no_record_in(out, rec)
        assert out["handle"] == rec["id"] if isinstance(rec, dict) and isinstance(rec.get("id"), str) and RECORD_ID.fullmatch(rec["id"]) \
            else out["handle"].startswith("!") and len(out["handle"]) <= 16
    for name, html in out["parts"].items():
        assert _strict(html) == [], (name, html[:500])
    as_scene = not _oracle_faults(rec, "scene")
    in_party = kind == "party" and rec is not None  # the file's party: this record (null: none)
    as_party = in_party and not _oracle_faults(rec, "party")
    assert out["backup"]["scenes"] == int(as_scene) and out["backup"]["party"] == as_party
    assert len(out["backup"]["skipped"]) == int(not as_scene) + int(in_party and not as_party)


def test_every_hostile_stored_record_of_the_corpus_is_told_and_none_of_it_drawn(checker):
    """Each case of tests/data/hostile/stored/ (every file there: a new file is a new case): the check
    names the case's fields, offers a repair only where nothing is lost, and draws nothing of it."""
    for name, case in hostile_stored.cases():
        for lang in ("ru", "en"):
            out = checker({"kind": case["kind"], "rec": case["record"], "lang": lang, "special": True})
            assert "error" not in out, (name, out["error"])
            assert sorted(out["faults"]) == sorted(case["faults"]), (name, out["faults"])
            assert out["faulty"] and out["repairable"] == case["repairable"], (name, out)
            _no_record_in(out, case["record"])
            assert out["backup"]["skipped"], name


def test_every_module_the_page_imports_is_built_into_the_site():
    """A module of the page imported by another (``from "./x.mjs"``) is among the runtime files the
    build copies to assets/calc/ (and the service worker precaches): one left out would load
    online and fail offline, or not at all."""
    import re

    from svod_site.calculators import RUNTIME_FILES

    imported = set()
    for name in RUNTIME_FILES:
        text = (ROOT / "calculators" / name).read_text(encoding="utf-8")
        imported |= set(re.findall(r'from "\./([\w.-]+\.mjs)"', text))
        imported |= set(re.findall(r'new URL\("([\w.-]+\.mjs)", HERE\)', text))
    assert imported and imported <= set(RUNTIME_FILES), sorted(imported - set(RUNTIME_FILES))


def test_a_file_of_another_kind_is_named_in_the_same_words_by_the_page_and_the_engine():
    """The page names a file of another kind from its first bytes (before it reads a big one whole), the
    engine from its ``format`` (a file the page's sniff would miss, the command line): the same words,
    for every pair of kinds, in both languages (the page's then say where that kind is opened)."""
    from rules_core.scene import fields

    kinds = sorted(fields.FILE_KINDS)
    pairs = [[a, b] for a in kinds for b in kinds]
    out = json.loads(node_eval("""
        import { wrongKind } from "./calculators/party-words.mjs";
        const pairs = JSON.parse(require_stdin());
        console.log(JSON.stringify(pairs.map(([a, b]) => ({ ru: wrongKind(a, b, "ru"), en: wrongKind(a, b, "en") }))));
    """.replace("require_stdin()", "(await import('node:fs')).readFileSync(0, 'utf-8')"), json.dumps(pairs)))
    for (found, wanted), page in zip(pairs, out):
        engine = fields.wrong_kind(found, wanted)
        if not engine:
            assert page == {"ru": None, "en": None}, (found, wanted)
            continue
        for lang in ("ru", "en"):  # the page's words go on to say where that kind is opened
            assert page[lang].startswith(engine[lang][:-1] + ": "), (found, wanted, lang)
    assert out[kinds.index("svod-party") * len(kinds) + kinds.index("svod-scene")]["ru"].startswith(
        "Это файл партии, а не сцены: ")
def test_every_dice_group_has_the_pages_words():
    """The dice lines name each group an action rolls in the page's words, never its field name («ties»,
    «shock_rounds», «putting_out»), in both languages."""
    groups = {d["group"] for a in api.handle({"op": "scene", "cmd": "spec"})["result"]["actions"] for d in a["dice"]}
    code = """
import { TEXT } from "./calculators/scene-words.mjs";
console.log(JSON.stringify({ ru: TEXT.ru.groups, en: TEXT.en.groups }));
"""
    words = json.loads(node_eval(code))
    for lang in ("ru", "en"):
        missing = groups - set(words[lang])
        assert not missing, (lang, missing)
        assert all(words[lang][g] and "_" not in words[lang][g] for g in groups), (lang, words[lang])
    assert all(words["ru"][g] != g for g in groups - {"flax"}), words["ru"]


def test_cards_offer_no_action_the_character_cannot_do():
    """000's «cannot act»: one in Шок is offered none of the actions he would do himself (the spec's
    ``actor`` is his role alone) and keeps what others do to him; the dead are offered nothing; «Боевой шрам
    (оборотень)» only to a shapeshifter. And a character field that may be empty draws the empty choice
    first (its ``none_label``: «сам»), read as null."""
    from rules_core.scene.engine import apply
    from rules_core.scene.state import new_scene

    sc = new_scene("Бой")
    for a in ({"type": "add_character", "character": {"name": "Маша", "system": "serial", "kind": "mage",
                                                       "state": {"health": 2, "absorption": 0}}},
              {"type": "add_character", "character": {"name": "Волк", "system": "serial", "kind": "shapeshifter"}},
              {"type": "add_character", "character": {"name": "Громила", "system": "serial"}},
              {"type": "damage", "character": "c1", "portions": [10]},
              {"type": "death_door", "character": "c1", "dice": {"d6": [6], "shock_rounds": [4]}},
              {"type": "damage", "character": "c3", "portions": [40]}):
        sc, ev = apply(sc, a)
        assert ev["ok"], ev
    spec = api.handle({"op": "scene", "cmd": "spec"})["result"]
    serial = [a["type"] for a in spec["actions"] if a["system"] == "serial"]
    helper = next(f for a in spec["actions"] if a["type"] == "extinguish" for f in a["fields"] if f["name"] == "helper")
    code = """
import { readFileSync } from "node:fs";
import { offered } from "./calculators/scene-cards.mjs";
import { drawField, fieldKind } from "./calculators/form.mjs";
const { spec, chars, types, helper } = JSON.parse(readFileSync(0, "utf8"));
const out = {};
for (const ch of chars) out[ch.name] = types.filter((t) => offered(spec, ch, t));
out.select = String(drawField(helper, null, "helper", "p", "ru", { characters: [{ id: "c2", name: "Волк" }] }));
const form = { input: () => ({ value: "" }) };
out.read = fieldKind(helper).read(helper, "helper", form);
console.log(JSON.stringify(out));
"""
    out = json.loads(node_eval(code, json.dumps({"spec": spec, "chars": sc["characters"], "types": serial, "helper": helper})))
    own = {"attack", "prepare", "declare_defence", "ready", "push_through_pain", "lower_initiative"}
    assert not own & set(out["Маша"]) and {"damage", "ignite", "extinguish", "stabilize", "heal"} <= set(out["Маша"])
    assert "battle_scar" not in out["Маша"] and "battle_scar" in out["Волк"] and own <= set(out["Волк"])
    assert out["Громила"] == []
    assert '<option value="" selected>сам (сложность 7)</option>' in out["select"] and out["read"] is None
