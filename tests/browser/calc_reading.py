"""Reading a calculator's result off the page and checking it against the engine's, in any
browser: the page's figures, distributions and tables (``READ_JS``, a function of the
calculator's root element) against ``api.handle``'s result for the same params."""

from __future__ import annotations

import json

from rules_core import api

__all__ = ["READ_JS", "assert_matches_cli", "assert_value", "engine_run"]


def engine_run(calc_id: str, params: dict) -> tuple[int, dict]:
    """The same as :func:`cli_run` without a process per call: the CLI prints
    ``api.handle``'s result (exit 0) or its errors (exit 2), through JSON."""
    resp = json.loads(json.dumps(api.handle({"op": "run", "id": calc_id, "params": params})))
    return (0, resp["result"]) if resp["ok"] else (2, {"errors": resp["errors"]})


READ_JS = """(root) => {
  const out = {state: root.dataset.state, params: JSON.parse(root.dataset.params || "null"),
               figures: {}, dists: {}, errors: {}};
  root.querySelectorAll(".svod-calc__result .svod-figure").forEach(f => {
    const v = f.querySelector(".svod-v");
    out.figures[f.dataset.key] = {text: v.textContent, exact: v.dataset.exact ?? null};
  });
  root.querySelectorAll(".svod-calc__result .svod-dist").forEach(d => {
    out.dists[d.dataset.key] = [...d.querySelectorAll("tbody tr")].map(tr => ({
      x: tr.querySelector("th").textContent,
      p: tr.querySelector('[data-col="p"] .svod-v').dataset.exact,
      pal: tr.querySelector('[data-col="p_at_least"] .svod-v')?.dataset.exact ?? null}));
  });
  out.tables = [...root.querySelectorAll(".svod-calc__result .svod-table")].map(t =>
    [...t.querySelectorAll("tbody tr")].map(tr => [...tr.querySelectorAll("td")].map(td => {
      const v = td.querySelector(".svod-v");
      return {text: v ? v.textContent : td.textContent, exact: v ? (v.dataset.exact ?? null) : null};
    })));
  root.querySelectorAll(".svod-err:not([hidden])").forEach(e => {
    out.errors[e.closest("[data-field]").dataset.field] = e.textContent;
  });
  const general = root.querySelector(".svod-calc__errors");
  if (!general.hidden) out.errors[""] = general.textContent;
  return out;
}"""


def as_number(text: str) -> float:
    return float(text.replace("\u00a0", "").replace(" ", "").replace("−", "-").replace(",", "."))


def assert_value(got: dict, v, where: str) -> None:
    """One displayed value against the API's: exact fractions exactly, texts as the
    Russian text, numbers to the shown precision."""
    if isinstance(v, dict) and "exact" in v:
        assert got["exact"] == v["exact"], where
    elif isinstance(v, dict) and "ru" in v:
        assert got["text"] == v["ru"], where
    elif isinstance(v, bool):
        assert got["text"] == ("да" if v else "нет"), where
    elif isinstance(v, (int, float)):
        assert abs(as_number(got["text"]) - v) <= 0.0006, f"{where}: {got} vs {v}"
    elif isinstance(v, str):
        assert got["text"].replace("−", "-") == v, where
    elif v is None:
        assert got["text"] == "—", where


def assert_matches_cli(dom: dict, expected: dict, where: str) -> None:
    """Every figure, distribution row and table cell on the page equals the CLI's result."""
    n_checked = 0
    tables = iter(dom["tables"])
    for block in expected["display"]:
        if block["kind"] == "figures":
            for item in block["items"]:
                got = dom["figures"].get(item["key"])
                assert got is not None, f"{where}: figure {item['key']} missing"
                assert_value(got, item["value"], f"{where}: {item['key']}")
                n_checked += 1
        elif block["kind"] == "distribution":
            rows = dom["dists"].get(block["key"])
            assert rows is not None and len(rows) == len(block["rows"]), f"{where}: distribution {block['key']}"
            for got, row in zip(rows, block["rows"]):
                assert got["p"] == row["p"]["exact"], f"{where}: P(exactly {row['x']})"
                want = row["p_at_least"]["exact"] if row.get("p_at_least") else None
                assert got["pal"] == want, f"{where}: P(at least {row['x']})"
                n_checked += 1
        elif block["kind"] == "table":
            got_rows = next(tables)
            assert len(got_rows) == len(block["rows"]), f"{where}: table rows"
            for got_row, row in zip(got_rows, block["rows"]):
                assert len(got_row) == len(row), f"{where}: table cells"
                for got, v in zip(got_row, row):
                    assert_value(got, v, f"{where}: table cell {v!r}")
                    n_checked += 1
    assert n_checked, f"{where}: nothing to compare"
