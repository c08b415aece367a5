"""The scene page's own modules run in Node, as the page runs them (tests/node.py), against the
engine: which fields of a sheet apply is the engine's reading (spec.shown_names), by the one rule
every form of the site follows (calculators/form.mjs ``liveNames``, kinds.mjs ``applying``)."""

from __future__ import annotations

import json
import random

from rules_core import api
from rules_core.spec import Option, Param, shown_names

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

import subprocess  # noqa: E402
from html.parser import HTMLParser  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from rules_core.scene import engine as scene_engine, state as scene_state  # noqa: E402
from rules_core.spec import InputError  # noqa: E402

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


class _Strict(HTMLParser):
    """Every tag and attribute of the page's own kinds, every attribute value quoted text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in TAGS:
            self.bad.append(f"<{tag}>")
        for k, v in attrs:
            if not (k in ATTRS or k.startswith("data-")):
                self.bad.append(f"{tag}[{k}]")
            if k == "style" and not __import__("re").fullmatch(r"width:\d+%", v or ""):
                self.bad.append(f"style={v!r}")

    def unknown_decl(self, data):
        self.bad.append(f"<!{data}>")


def _strict(html: str) -> list[str]:
    p = _Strict()
    p.feed(html)
    p.close()
    return p.bad


hostile = st.one_of(st.sampled_from(PAYLOADS), st.text(max_size=40))
json_value = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False, allow_infinity=False) | hostile,
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


def _mutate(draw, sc):
    """A scene with one part of it replaced by anything JSON holds."""
    sc = json.loads(json.dumps(sc))
    parent, key, node = None, None, sc
    for _ in range(draw(st.integers(1, 4))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        k = draw(st.sampled_from(keys))
        parent, key, node = node, k, node[k]
        if not isinstance(node, (dict, list)) or draw(st.booleans()):
            break
    if parent is not None:
        parent[key] = draw(json_value)
    return sc


@st.composite
def records(draw):
    """A stored record of any shape: a scene the engine made, one changed anywhere, text that is
    no scene, a text that is not text; its own fields anything."""
    sc = draw(scenes())
    how = draw(st.sampled_from(["scene", "mutated", "text", "value"]))
    text = (json.dumps(sc, ensure_ascii=False) if how == "scene" else json.dumps(_mutate(draw, sc), ensure_ascii=False)
            if how == "mutated" else draw(hostile) if how == "text" else draw(json_value))
    rec = {"id": draw(hostile) or "s1", "name": draw(json_value), "created": 1, "updated": draw(json_value), "rev": 1, "text": text}
    if draw(st.booleans()):
        rec["legacy"] = draw(json_value)
    if draw(st.booleans()):
        rec["deletedAt"] = draw(json_value)
    return rec


@pytest.fixture(scope="module")
def drawer():
    node = subprocess.Popen(["node", "tests/js/scene_draw.mjs"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, encoding="utf-8")

    def draw(case: dict) -> dict:
        node.stdin.write(json.dumps(case) + "\n")
        node.stdin.flush()
        return json.loads(node.stdout.readline())

    yield draw
    node.stdin.close()
    node.wait(timeout=30)


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
