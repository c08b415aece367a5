"""Command line: ``python -m rules_core list`` | ``run ID 'JSON'`` | ``roll ID 'JSON' [--seed N]``.

``run`` and ``roll`` print the result as JSON and exit 0, or print the errors as JSON
(``{"errors": [...]}``) and exit 2. The parameters' JSON and the seed are read by the
engine's own rules (:func:`rules_core.api.loads`, the ``int`` rule of :mod:`rules_core.spec`):
the command line accepts exactly what the browser does, and never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import api


def _print(obj) -> None:
    text = api.dumps(obj, indent=2)
    try:
        print(text)
    except UnicodeEncodeError:  # a terminal that cannot show Cyrillic: escapes instead
        print(json.dumps(obj, ensure_ascii=True, indent=2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_core", description="Свод rules engine")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list the calculators and their parameters as JSON")
    for name in ("run", "roll"):
        p = sub.add_parser(name, help=f"{name} a calculator")
        p.add_argument("id")
        p.add_argument("params", nargs="?", default="{}", help="parameters as a JSON object")
        if name == "roll":
            # a string: the engine reads it (argparse's int() would take "１_０" for 10)
            p.add_argument("--seed", default=None, help="a whole number 0 ≤ N < 2**64")
    args = parser.parse_args(argv)

    if args.cmd == "list":
        response = api.handle({"op": "list"})
    else:
        try:
            params = api.loads(args.params, "params")
        except api.InputError as e:
            response = {"ok": False, "errors": e.errors}
        else:
            request = {"op": args.cmd, "id": args.id, "params": params}
            if args.cmd == "roll" and args.seed is not None:
                request["seed"] = args.seed
            response = api.handle(request)
    try:
        if response["ok"]:
            _print(response["result"])
            return 0
        _print({"errors": response["errors"]})
        return 2
    except BrokenPipeError:  # `... | head`: the reader has gone; no second error at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0 if response["ok"] else 2


if __name__ == "__main__":
    sys.exit(main())
