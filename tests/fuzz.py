"""What the property tests that feed the page's own code anything JSON holds share (the scene's
stored records, tests/test_scene_page.py; a calculator's memory, tests/test_calc_page.py): a value
changed anywhere, the check that drawn HTML holds only the page's own elements and attributes, and
a Node process of the page's modules answering one JSON case a line (tests/js/lines.mjs)."""

from __future__ import annotations

import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent


def mutated(draw, value, json_value):
    """``value`` (JSON) with one part of it, at most four levels down, replaced by a ``json_value``
    drawn (a value with no parts comes back as it was)."""
    value = json.loads(json.dumps(value))
    parent, key, node = None, None, value
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
    return value


class _Markup(HTMLParser):
    def __init__(self, tags, attrs, style):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.style = tags, attrs, style
        self.bad: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.tags:
            self.bad.append(f"<{tag}>")
        for k, v in attrs:
            if not (k in self.attrs or k.startswith("data-")):
                self.bad.append(f"{tag}[{k}]")
            if k == "style" and not re.fullmatch(self.style, v or ""):
                self.bad.append(f"style={v!r}")

    def unknown_decl(self, data):
        self.bad.append(f"<!{data}>")


def markup_problems(html: str, tags: set[str], attrs: set[str], style: str) -> list[str]:
    """What of ``html`` is not the page's own: an element not among ``tags``, an attribute not among
    ``attrs`` (``data-*`` are), a ``style`` not matching ``style``, a declaration. [] when none."""
    p = _Markup(tags, attrs, style)
    p.feed(html)
    p.close()
    return p.bad


def node_lines(script: str):
    """A fixture's body: a Node process of ``script`` (tests/js/…, run from the repository) giving
    back a function from one case to its answer, ended when the fixture is."""
    node = subprocess.Popen(["node", script], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            encoding="utf-8")

    def ask(case: dict) -> dict:
        node.stdin.write(json.dumps(case) + "\n")
        node.stdin.flush()
        return json.loads(node.stdout.readline())

    yield ask
    node.stdin.close()
    node.wait(timeout=30)
