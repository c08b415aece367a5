"""Command line: ``python -m rules_core list`` | ``run ID 'JSON'`` | ``roll ID 'JSON' [--seed N]``
| ``scene …`` (the Storyteller's scene: :mod:`rules_core.scene.cli`).

``run`` and ``roll`` print the result as JSON and exit 0, or print the errors as JSON
(``{"errors": [...]}``) and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import api


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["scene"]:
        from .scene.cli import main as scene_main

        return scene_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m rules_core", description="Свод rules engine")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list the calculators and their parameters as JSON")
    for name in ("run", "roll"):
        p = sub.add_parser(name, help=f"{name} a calculator")
        p.add_argument("id")
        p.add_argument("params", nargs="?", default="{}", help="parameters as a JSON object")
        if name == "roll":
            p.add_argument("--seed", type=int, default=None)
    sub.add_parser("scene", help="the Storyteller's scene: new, apply, preview, replay, load, spec "
                                 "(python -m rules_core scene -h)")
    args = parser.parse_args(argv)

    if args.cmd == "list":
        response = api.handle({"op": "list"})
    else:
        try:
            params = json.loads(args.params)
        except ValueError:
            response = {"ok": False, "errors": [{"field": "params", "ru": "Неверный JSON.", "en": "Invalid JSON."}]}
        else:
            request = {"op": args.cmd, "id": args.id, "params": params}
            if args.cmd == "roll" and args.seed is not None:
                request["seed"] = args.seed
            response = api.handle(request)
    if response["ok"]:
        print(json.dumps(response["result"], ensure_ascii=False, indent=2))
        return 0
    print(json.dumps({"errors": response["errors"]}, ensure_ascii=False, indent=2))
    return 2


if __name__ == "__main__":
    sys.exit(main())
