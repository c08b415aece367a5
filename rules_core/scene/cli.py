"""``python -m rules_core scene …``: the scene engine on the command line.

* ``scene new [NAME]`` — an empty scene;
* ``scene apply SCENE ACTION [--scene-only]`` — ``{"scene", "event"}`` (or just the scene);
* ``scene preview SCENE ACTION`` — the action's exact odds before the roll;
* ``scene replay LOG [--name NAME]`` — the scene a log builds (a list of entries or actions, or a
  whole scene, whose log and name are used);
* ``scene load SCENE`` — a saved scene checked (and migrated from an older version) and checked
  against its log: where they disagree, both and the differences in words;
* ``scene reconcile SCENE --keep log|state`` — a scene that agrees with its log again;
* ``scene summary SCENE`` — the fight's summary (rounds, damage, death's-door rolls, luck);
* ``scene spec`` — the sheets, the actions' fields, the statuses, the open readings, the limits.

SCENE, ACTION and LOG are JSON text, ``@file`` or ``-`` (standard input, once). The answer is
JSON on standard output, exit 0; errors are ``{"errors": [{"field", "ru", "en"}]}``, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..api import argument, decode_input, dumps
from ..spec import InputError
from . import fields as F
from .api import handle
from .state import parse_json


class _ArgError(Exception):
    def __init__(self, name: str, ru: str, en: str):
        self.error = {"field": name, "ru": ru, "en": en}


def _read(arg: str, name: str, stdin_used: list) -> str:
    most = 4 * F.MAX_SCENE_CHARS + 4  # bytes: at most 4 a character, and a byte-order mark
    try:
        if arg == "-":
            if stdin_used:
                raise _ArgError(name, "Стандартный ввод («-») можно взять только один раз.",
                                "Standard input ('-') can be read only once.")
            stdin_used.append(name)
            text = decode_input(sys.stdin.buffer.read(most), name, "stdin")
        elif arg.startswith("@"):
            try:
                with open(argument(arg[1:], name), "rb") as f:
                    data = f.read(most)
            except OSError as e:
                raise _ArgError(name, f"Файл не читается: {e.strerror or e}.", f"Cannot read the file: {e.strerror or e}.")
            text = decode_input(data, name, "file")
        else:
            text = argument(arg, name)
    except InputError as e:
        raise _ArgError(name, e.errors[0]["ru"], e.errors[0]["en"]) from None
    if len(text) > F.MAX_SCENE_CHARS:
        raise _ArgError(name, f"Длиннее {F.MAX_SCENE_CHARS} символов.", f"Longer than {F.MAX_SCENE_CHARS} characters.")
    return text


def _arg(value: str, name: str) -> str:
    try:
        return argument(value, name)
    except InputError as e:
        raise _ArgError(name, e.errors[0]["ru"], e.errors[0]["en"]) from None


def _json(text: str, name: str):
    """An argument's JSON, read as the page's is (:func:`state.parse_json`: the same words)."""
    try:
        return parse_json(text, name)
    except InputError as e:
        raise _ArgError(name, e.errors[0]["ru"], e.errors[0]["en"]) from None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_core scene", description="The Storyteller's scene")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("new", help="an empty scene")
    p.add_argument("name", nargs="?", default="")
    for name, text in (("apply", "apply an action"), ("preview", "an action's odds before the roll")):
        p = sub.add_parser(name, help=text)
        p.add_argument("scene", help="the scene: JSON, @file or -")
        p.add_argument("action", help="the action: JSON, @file or -")
        if name == "apply":
            p.add_argument("--scene-only", action="store_true", help="print only the new scene")
    p = sub.add_parser("replay", help="the scene a log builds")
    p.add_argument("log", help="a list of log entries or actions, or a whole scene: JSON, @file or -")
    p.add_argument("--name", default=None, help="the scene's name (a whole scene brings its own)")
    p = sub.add_parser("load", help="check (and migrate) a saved scene, and check it against its log")
    p.add_argument("scene", help="the scene: JSON, @file or -")
    p = sub.add_parser("reconcile", help="a scene that agrees with its log again")
    p.add_argument("scene", help="the scene: JSON, @file or -")
    p.add_argument("--keep", choices=("log", "state"), required=True, help="what to keep")
    p = sub.add_parser("summary", help="the fight's summary")
    p.add_argument("scene", help="the scene: JSON, @file or -")
    sub.add_parser("spec", help="sheets, actions, statuses, open readings, limits")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except Exception as e:  # a bug, but never a traceback
        return _print({"errors": [{"field": "request", "ru": f"Внутренняя ошибка: {type(e).__name__}.",
                                   "en": f"Internal error: {type(e).__name__}."}]}, 2)


def _run(args) -> int:

    stdin_used: list = []
    try:
        if args.cmd in ("new", "spec"):
            request = {"op": "scene", "cmd": args.cmd, "name": _arg(getattr(args, "name", ""), "name")}
        elif args.cmd in ("load", "summary"):
            request = {"op": "scene", "cmd": args.cmd, "scene": _read(args.scene, "scene", stdin_used)}
        elif args.cmd == "reconcile":
            request = {"op": "scene", "cmd": "reconcile", "scene": _read(args.scene, "scene", stdin_used),
                       "keep": args.keep}
        elif args.cmd == "replay":
            log = _json(_read(args.log, "log", stdin_used), "log")
            request = {"op": "scene", "cmd": "replay", "log": log}
            if args.name is not None:
                request["name"] = _arg(args.name, "name")
        else:
            scene_text = _read(args.scene, "scene", stdin_used)
            action = _json(_read(args.action, "action", stdin_used), "action")
            request = {"op": "scene", "cmd": args.cmd, "scene": scene_text, "action": action}
    except _ArgError as e:
        response = {"ok": False, "errors": [e.error]}
    else:
        response = handle(request)
    if not response["ok"]:
        return _print({"errors": response["errors"]}, 2)
    result = response["result"]
    if args.cmd == "apply" and args.scene_only:
        result = result["scene"]
    elif args.cmd in ("new", "replay", "reconcile"):
        result = result["scene"]
    return _print(result, 0)


def _print(obj, code: int) -> int:
    """The answer as JSON (a lone surrogate or a terminal that cannot show Cyrillic: escapes instead of
    a traceback)."""
    text = dumps(obj, indent=2)
    try:
        try:
            print(text)
        except UnicodeEncodeError:
            print(json.dumps(obj, ensure_ascii=True, indent=2))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        sys.stdout = None
    return code
