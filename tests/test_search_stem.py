"""The search stemming wrapper (svod_site/stem-worker.js) inside the built site's real
search worker, run in Node (a Web Worker emulated by tests/js/run_search_worker.cjs) against
the built search index: fast, exact checks beside the browser tests."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
RUNNER = ROOT / "tests" / "js" / "run_search_worker.cjs"

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


def run_worker(queries: list, tmp_path: Path, raw: bool = False, lang: str = "ru") -> dict:
    """Run the built worker on ``queries`` (strings, or [query, page searched from]) against
    the ``lang`` index (the built site's: its callers take the ``site_dir`` fixture)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (scripts/setup installs it)")
    qfile = tmp_path / "queries.json"
    qfile.write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
    args = [node, str(RUNNER), str(SITE), str(qfile)] + (["raw"] if raw else [])
    env = {**os.environ, "SVOD_SEARCH_LANG": lang}
    out = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True, env=env)
    return json.loads(out.stdout)


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
