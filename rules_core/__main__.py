"""Command line: ``python -m rules_core list`` | ``run ID 'JSON' [--brief [--lang en]]`` |
``roll ID 'JSON' [--seed N]`` | ``scene …`` (the Storyteller's scene: :mod:`rules_core.scene.cli`).

``run`` and ``roll`` print the result as JSON and exit 0, or print the errors as JSON
(``{"errors": [...]}``) and exit 2. The result of ``run`` carries its ``"summary"`` (the figures
the calculator exists for); ``run --brief`` prints only those, one «label: value» line each, and
the next step if the result offers one («→ ID {params}»). The parameters' JSON and the seed are read by the
engine's own rules (:func:`rules_core.api.loads`, the ``int`` rule of :mod:`rules_core.spec`):
the command line accepts exactly what the browser does, and never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import api

__all__ = ["main", "brief", "value_text"]


def _print_text(text: str) -> None:
    try:
        print(text)
    except UnicodeEncodeError:  # a terminal that cannot show Cyrillic: escapes instead
        print(text.encode("ascii", "backslashreplace").decode("ascii"))


def _print(obj) -> None:
    text = api.dumps(obj, indent=2)
    try:
        print(text)
    except UnicodeEncodeError:  # a terminal that cannot show Cyrillic: escapes instead
        print(json.dumps(obj, ensure_ascii=True, indent=2))


def _number(x: float, lang: str, digits: int) -> str:
    text = f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "ru" else text


def value_text(value, lang: str = "ru") -> str:
    """A figure's value as the page shows it: a probability in per cent (and exactly), an exact
    number, a text in ``lang``.

    >>> value_text({"exact": "1/8", "float": 0.125})
    '12,5 % (1/8)'
    >>> value_text({"exact": "7/2", "float": 3.5, "kind": "number"}, "en")
    '3.5'
    >>> value_text({"ru": "да", "en": "yes"}, "en")
    'yes'
    """
    if isinstance(value, dict) and "exact" in value:
        if value.get("kind") == "number":
            return _number(value["float"], lang, 3)
        return f"{_number(100 * value['float'], lang, 2)} % ({value['exact']})"
    if isinstance(value, dict) and lang in value:
        return value[lang]
    if isinstance(value, float):
        return _number(value, lang, 3)
    return str(value)


def brief(result: dict, lang: str = "ru") -> str:
    """The summary of a ``run`` result as «label: value» lines, then its next steps."""
    lines = [f"{item['label'][lang]}: {value_text(item['value'], lang)}" for item in result.get("summary", [])]
    for step in result.get("next", []):
        lines.append(f"→ {step['id']} {api.dumps(step['params'])}  ({step['label'][lang]})")
    return "\n".join(lines)


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
        if name == "run":
            p.add_argument("--brief", action="store_true",
                           help="print the summary only, «label: value» per line (and the next step)")
            p.add_argument("--lang", choices=("ru", "en"), default="ru", help="the language of --brief")
        if name == "roll":
            # a string: the engine reads it (argparse's int() would take "１_０" for 10)
            p.add_argument("--seed", default=None, help="a whole number 0 ≤ N < 2**64")
    sub.add_parser("scene", help="the Storyteller's scene: new, apply, preview, replay, load, spec "
                                 "(python -m rules_core scene -h)")
    args = parser.parse_args(argv)

    if args.cmd == "list":
        response = api.handle({"op": "list"})
    else:
        try:
            # an argument that is not UTF-8 is told so (api.argument), whichever argument it is
            request = {"op": args.cmd, "id": api.argument(args.id, "id"),
                       "params": api.loads(api.argument(args.params, "params"), "params")}
            if args.cmd == "roll" and args.seed is not None:
                request["seed"] = api.argument(args.seed, "seed")
        except api.InputError as e:
            response = {"ok": False, "errors": e.errors}
        else:
            response = api.handle(request)
    try:
        if response["ok"]:
            if getattr(args, "brief", False):
                _print_text(brief(response["result"], args.lang))
            else:
                _print(response["result"])
            return 0
        _print({"errors": response["errors"]})
        return 2
    except BrokenPipeError:  # `... | head`: the reader has gone; no second error at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0 if response["ok"] else 2


if __name__ == "__main__":
    sys.exit(main())
