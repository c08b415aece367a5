"""Calls of the JSON API for the rules tests: a calculator run that must succeed (its result, checked
to be JSON), one that must be refused (the fields named, in both languages), and a result's summary."""

from __future__ import annotations

import json

from rules_core import api


def run(cid, params):
    res = api.handle({"op": "run", "id": cid, "params": params})
    assert res["ok"], res
    json.dumps(res["result"])
    return res["result"]


def errors(cid, params):
    res = api.handle({"op": "run", "id": cid, "params": params})
    assert not res["ok"] and "internal" not in res, res
    assert all(e["ru"] and e["en"] for e in res["errors"])
    return {e["field"] for e in res["errors"]}


def summary(res):
    return {x["key"]: x["value"] for x in res["summary"]}
