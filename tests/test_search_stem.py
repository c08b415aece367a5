"""The search stemming wrapper (svod_site/stem-worker.js) inside the built site's real
search worker, run in Node (a Web Worker emulated by tests/js/run_search_worker.cjs) against
the built search index: fast, exact checks beside the browser tests."""

from __future__ import annotations

import json

import pytest

from tests.node import SITE
from tests.node import run_search_worker as run_worker

ISSUE = {  # the issue's queries → the heading they must find
    "поглощения": "serial/combat/#absorption",
    "брони": "serial/combat/#armor",
    "опьянения": "lysogorsk/alcohol/#drunk-stages",
    "порогу смерти": "serial/combat/#death-door",
    "перехвата": "serial/turn/#interception",
}
# forms that occur nowhere on the site (checked below): Material alone cannot find them
UNSEEN = {
    "поглощению": "serial/combat/#absorption",
    "бронею": "serial/combat/#armor",
    "опьянению": "lysogorsk/alcohol/#drunk-stages",
    "перехватами": "serial/turn/#interception",
    "засадами": "serial/modifiers/#ambush",
}


@pytest.fixture(scope="module")
def results(tmp_path_factory, site_dir):
    tmp = tmp_path_factory.mktemp("search")
    queries = list(ISSUE) + list(UNSEEN) + ["Ёж title:брони", "soaking", "armors", "сна", "щщщзззъъъ"]
    return run_worker(queries, tmp), run_worker(list(UNSEEN), tmp, raw=True)


def test_worker_starts(results):
    stemmed, raw = results
    assert stemmed["ready"] == 1 and raw["ready"] == 1


@pytest.mark.parametrize("query", list(ISSUE))
def test_issue_queries_find_their_heading(results, query):
    assert ISSUE[query] in results[0]["results"][query], results[0]["results"][query][:10]


@pytest.mark.parametrize("query", list(UNSEEN))
def test_unseen_forms_are_found_only_thanks_to_the_wrapper(results, query):
    index = json.loads((SITE / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(d["title"] + " " + d["text"] for d in index["docs"]).lower().replace("ё", "е")
    assert query not in text  # the form itself is nowhere on the site
    stemmed, raw = results
    assert UNSEEN[query] in stemmed["results"][query], stemmed["results"][query][:10]
    # Material alone (its `*` after the unstemmed word) finds nothing of it
    assert UNSEEN[query] not in raw["results"][query]


def test_stems_are_prefixes_of_the_words(results):
    stems = results[0]["stems"]
    assert stems["поглощения"] == "поглощен"
    assert stems["порогу смерти"] == "порог смерт"
    assert stems["soaking"] == "soak" and stems["armors"] == "armor"
    for query, stem in stems.items():
        for word, s in zip(query.lower().replace("ё", "е").split(), stem.split()):
            assert word.startswith(s.split(":")[-1]) or ":" in word, (query, stem)


def test_field_names_and_short_words_are_kept(results):
    stems = results[0]["stems"]
    assert stems["Ёж title:брони"] == "еж title:брон"
    assert stems["сна"] == "сна"  # a stem under 3 letters would match far too much


def test_english_and_nonsense(results, tmp_path, site_dir):
    # English words stem in the English index (en/search/)
    english = run_worker(["soaking", "armors"], tmp_path, lang="en")["results"]
    assert any(loc.startswith("en/glossary/") for loc in english["soaking"])
    assert any(loc.startswith("en/codex/armor/") for loc in english["armors"])
    assert results[0]["results"]["щщщзззъъъ"] == []


# ---- the plan of a query (what Material gets), and what it finds ---------------------------

PLANNED = ["в", "снайперка в голову", "УП", "ПСВ", "ED6", "уп", "иннициатива", "атака по возможности",
           "атаку по возможности", "флакс", "засада сериал", "кодекс", "сколько брони поглощает", "щщщзззъъъ",
           "атака с", "атака щу"]
PLANNED_EN = ["fire", "on fire", "dual wield", "initative", "armour threshold", "cover codex"]


@pytest.fixture(scope="module")
def planned(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("plans")
    return (run_worker([[q, ""] for q in PLANNED], tmp),
            run_worker([[q, "en/"] for q in PLANNED_EN] + [["fire", "en/serial/"]], tmp, lang="en"))


def clauses(plan: dict) -> list[str]:
    return plan["query"].split()


def test_stop_words_and_lone_letters_are_not_searched(planned):
    ru = planned[0]
    assert ru["plans"]["в"]["query"] == "" and ru["groups"]["|в"] == []
    assert not [c for c in clauses(ru["plans"]["снайперка в голову"]) if c.startswith("в")]
    assert not [c for c in clauses(ru["plans"]["сколько брони поглощает"]) if c.startswith("скольк")]
    # a last word of two letters is being typed: a prefix; one letter is left out
    assert clauses(ru["plans"]["атака щу"])[-1] == "щу"
    assert not [c for c in clauses(ru["plans"]["атака с"]) if c == "с" or c.startswith("с^")]


def test_abbreviations_and_short_words_are_matched_whole(planned):
    plans = planned[0]["plans"]
    assert clauses(plans["УП"]) == ["уп^1"] and clauses(plans["уп"]) == ["уп^1"]
    assert clauses(plans["ПСВ"]) == ["псв^1"] and clauses(plans["ED6"]) == ["ed6^1"]
    # and the rule the glossary links comes first, not «Упасть на землю»
    groups = planned[0]["groups"]["|УП"]
    assert groups[0]["items"][0]["location"] == "serial/combat/#absorption"
    assert groups[0]["page"] == "serial/combat/"


def test_typos_and_unshared_suffixes_are_corrected(planned):
    plans = planned[0]["plans"]
    assert "инициатив" in clauses(plans["иннициатива"])
    assert "снайпер" in clauses(plans["снайперка в голову"])
    assert planned[0]["groups"]["|иннициатива"][0]["page"] == "serial/initiative/"
    # English: the stem «init» (Porter drops «-ative») begins «initiative»
    assert planned[1]["plans"]["initative"]["query"] == "init"
    assert planned[1]["groups"]["en/|initative"][0]["page"] == "en/serial/initiative/"
    # nothing near enough: nothing found
    assert planned[0]["groups"]["|щщщзззъъъ"] == []


def test_players_words_become_the_rules_words(planned):
    plans = planned[0]["plans"]
    for q in ("атака по возможности", "атаку по возможности"):
        assert "перехват" in clauses(plans[q]), plans[q]
        assert planned[0]["groups"][f"|{q}"][0]["items"][0]["location"] == "serial/turn/#interception"
    assert clauses(plans["флакс"]) == ["flax^1"]
    en = planned[1]["plans"]
    assert "armor^1" in clauses(en["armour threshold"]) and "two^1" in clauses(en["dual wield"])


def test_a_systems_name_is_a_preference(planned):
    plan = planned[0]["plans"]["засада сериал"]
    assert plan["prefer"] == "serial" and not [c for c in clauses(plan) if c.startswith("сериал")]
    assert planned[0]["groups"]["|засада сериал"][0]["items"][0]["location"] == "serial/modifiers/#ambush"
    # a name alone is searched for
    assert planned[0]["plans"]["кодекс"]["query"].startswith("кодекс")
    assert planned[1]["plans"]["cover codex"]["prefer"] == "codex"
    assert planned[1]["groups"]["en/|cover codex"][0]["items"][0]["location"] == "en/codex/hit-difficulty/#cover"


def test_english_words_are_matched_by_their_own_forms(planned):
    """«fire» is no «firearms»: «On fire!» comes first, a firearms section below it."""
    en = planned[1]
    sent = clauses(en["plans"]["fire"])
    assert "fire^1" in sent and not [c for c in sent if c.startswith("firearm")], sent
    groups = en["groups"]["en/serial/|fire"]
    assert groups[0]["items"][0]["location"] == "en/serial/modifiers/#burning"
    assert en["groups"]["en/|on fire"][0]["items"][0]["location"] == "en/serial/modifiers/#burning"
