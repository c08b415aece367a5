"""The built pages read as HTML, for the accessibility checks (tests/test_page_audit.py, the fast
part, and tests/browser/test_a11y.py, axe-core in the browser).

What axe finds on a page is of two kinds:

* what the page's *template* decides: its colours, sizes, landmarks, the controls the site's code
  draws, in light and dark. It is the same on every page built from the same markup, so axe runs in
  the browser on a set of pages that between them hold every piece of markup the site has
  (:func:`templates`: each element by its tag, classes and type under its parent and grandparent;
  the fewest pages that hold them all, and each of them in both languages);
* what the page's own *content* decides: its ids, its links' names, its tables' headers, its
  headings' order, its language, its images' text. That is read here from every built page
  (:func:`content_findings`), in a second or two, with no browser.

So a rule that fails on one page today fails the checks too: its markup is in the browser's set or
its content is read here; the colours the site's own CSS pairs (a text colour with its
background in one rule) are computed here too, light and dark (:func:`colour_pairs`).
tests/test_page_audit.py and tests/browser/test_a11y.py show it on
deliberately broken copies (:func:`duplicate_id`, :func:`low_contrast`).
"""

from __future__ import annotations

import functools
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["built_pages", "read_page", "templates", "content_findings", "duplicate_id", "low_contrast",
           "colour_pairs", "contrast", "OWN_CSS"]

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
HEADING = re.compile(r"h([1-6])")
#: a language tag as the page may write it: ``ru``, ``en``, ``en-GB``
LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def built_pages(site_dir: Path) -> list[str]:
    """Every page of the built site (both languages), relative to its root: ``""``, ``"serial/"``."""
    out = []
    for html in sorted(site_dir.rglob("index.html")):
        rel = html.parent.relative_to(site_dir).as_posix()
        if not rel.startswith("assets"):
            out.append("" if rel == "." else rel + "/")
    return out


def _key(tag: str, attrs: dict) -> str:
    cls = " ".join(sorted((attrs.get("class") or "").split()))
    key = f"{tag}.{cls}" if cls else tag
    if tag in ("input", "button") and attrs.get("type"):
        key += f"[{attrs['type']}]"
    return key


class _Page(HTMLParser):
    """One pass over a page: its markup's shapes and what its content says."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, dict]] = []  # (tag, key, attrs)
        self.shapes: set[tuple[str, str, str]] = set()
        self.ids: list[str] = []
        self.lang = None
        self.langs: list[str] = []
        self.findings: list[str] = []
        self.named: list[dict] = []  # open links and buttons: do they get a name?
        self.tables: list[dict] = []
        self.headings: list[int] = []
        self.in_main = 0
        self.hidden = 0  # depth inside aria-hidden / hidden

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        key = _key(tag, a)
        keys = [k for _, k, _ in self.stack[-2:]]
        self.shapes.add(tuple([""] * (2 - len(keys)) + keys + [key]))
        if "id" in a:
            self.ids.append(a["id"])
        if "lang" in a:
            self.langs.append(a["lang"])
            if tag == "html":
                self.lang = a["lang"]
        hidden = a.get("aria-hidden") == "true" or "hidden" in a
        if tag == "img" and "alt" not in a and a.get("role") not in ("presentation", "none") and not self.hidden:
            self.findings.append(f"image-alt: <img src={a.get('src', '')!r}> has no alt text")
        name = a.get("aria-label", "").strip() or a.get("aria-labelledby") or a.get("title", "").strip()
        if tag == "img" and a.get("alt", "").strip():
            for n in self.named:
                n["name"] = True
        if (tag == "a" and "href" in a) or tag == "button":
            self.named.append({"tag": tag, "name": bool(name), "what": a.get("href") or a.get("class", ""),
                               "hidden": bool(self.hidden or hidden), "depth": len(self.stack)})
        if tag == "table":
            self.tables.append({"th": 0, "td": 0, "depth": len(self.stack)})
        elif tag in ("th", "td") and self.tables:
            self.tables[-1][tag] += 1
        if tag == "main":
            self.in_main += 1
        m = HEADING.fullmatch(tag)
        if m and self.in_main and not self.hidden and not hidden:
            self.headings.append(int(m.group(1)))
        if tag in VOID:
            return
        self.stack.append((tag, key, a))
        if hidden or self.hidden:
            self.hidden += 1

    def handle_data(self, data):
        if data.strip():
            for n in self.named:
                n["name"] = True

    def handle_endtag(self, tag):
        while self.stack:
            t, _, a = self.stack.pop()
            if self.hidden:
                self.hidden -= 1
            self._close(t)
            if t == tag:
                break

    def _close(self, tag):
        if tag in ("a", "button") and self.named and self.named[-1]["depth"] == len(self.stack):
            n = self.named.pop()
            if not n["name"] and not n["hidden"]:
                rule = "link-name" if tag == "a" else "button-name"
                self.findings.append(f"{rule}: <{tag} {n['what']!r}> has no name (text, aria-label or title)")
        if tag == "table" and self.tables and self.tables[-1]["depth"] == len(self.stack):
            t = self.tables.pop()
            if t["td"] and not t["th"]:
                self.findings.append(f"table headers: a table of {t['td']} cells has no header cell (<th>)")
        if tag == "main":
            self.in_main -= 1


def read_page(html: Path) -> _Page:
    p = _Page()
    p.feed(html.read_text(encoding="utf-8"))
    p.close()
    return p


def content_findings(site_dir: Path, pages: list[str] | None = None) -> list[str]:
    """What each page's own content breaks (one line each, ``/page/: rule: what``): ids twice on a
    page, a link or button with no name, a table with no header cell, a heading that skips a level
    down (in the page's main part), a page with no language or an invalid one (an English page not
    in English), an image with no text."""
    out = []
    for rel in built_pages(site_dir) if pages is None else pages:
        p = read_page(site_dir / rel / "index.html")
        bad = list(p.findings)
        twice = sorted({i for i in p.ids if p.ids.count(i) > 1})
        if twice:
            bad.append(f"duplicate-id: {twice[:5]}")
        want = "en" if rel.startswith("en/") else "ru"
        if p.lang != want:
            bad.append(f"html-lang: <html lang={p.lang!r}>, the page is in {want!r}")
        bad += [f"valid-lang: lang={v!r}" for v in p.langs if not LANG.fullmatch(v)]
        level = 0
        for h in p.headings:
            if level and h > level + 1:
                bad.append(f"heading-order: h{level} then h{h}")
            level = h
        out += [f"/{rel}: {b}" for b in bad]
    return out


@functools.lru_cache
def templates(site_dir: Path) -> list[str]:
    """The fewest pages (a greedy cover) that between them hold every shape of markup on the site
    (an element's tag, classes and input type under its parent's and grandparent's), each with its
    page in the other language (the Russian text is longer: it wraps and overflows otherwise)."""
    shapes = {rel: read_page(site_dir / rel / "index.html").shapes for rel in built_pages(site_dir)}
    left = set().union(*shapes.values())
    chosen: list[str] = []
    while left:
        best = max(shapes, key=lambda rel: (len(shapes[rel] & left), rel))
        chosen.append(best)
        left -= shapes[best]
    out = []
    for rel in chosen:
        other = rel[3:] if rel.startswith("en/") else "en/" + rel
        for r in (rel, other):
            if r in shapes and r not in out:
                out.append(r)
    return out


def duplicate_id(site_dir: Path, out: Path) -> tuple[Path, str]:
    """A copy of the site's pages where one content page outside :func:`templates` gives an id a
    second time (a heading repeats the first heading's id): (the copy, that page)."""
    shown = set(templates(site_dir))
    rel = next(r for r in built_pages(site_dir)
               if r not in shown and r.count("/") >= 2 and not r.startswith(("calculators/", "en/")))
    out.mkdir(parents=True, exist_ok=True)
    for r in built_pages(site_dir):
        (out / r).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site_dir / r / "index.html", out / r / "index.html")
    page = out / rel / "index.html"
    text = page.read_text(encoding="utf-8")
    first = re.search(r'<h[1-6] id="([^"]+)"', text)
    assert first, f"/{rel} has no heading with an id"
    text = text.replace("</article>", f'<p id="{first.group(1)}">x</p></article>', 1)
    page.write_text(text, encoding="utf-8")
    return out, rel


def low_contrast(site: Path) -> Path:
    """Breaks a served copy of the built site: its template sets the footer's text dark grey on a
    grey of its own, a contrast failure on every page (light and dark)."""
    css = site / "assets" / "stylesheets" / "site.css"
    css.write_text(css.read_text(encoding="utf-8")
                   + "\n.md-footer-meta, .md-footer-meta * { color: #777 !important;"
                     " background-color: #6a6a6a !important; }\n", encoding="utf-8")
    return site


# ---- the site's own colour pairs ------------------------------------------------------------------

#: the site's own stylesheets (Material's are read for the variables they define)
OWN_CSS = ("assets/stylesheets/site.css", "assets/calc/calc.css", "assets/calc/scene.css", "assets/calc/party.css")
SLATE = '[data-md-color-scheme="slate"]'


def _without_print(css: str) -> str:
    """The stylesheet without its ``@media print`` blocks (paper is not a screen's scheme)."""
    out, i = [], 0
    while m := re.search(r"@media[^{]*print[^{]*\{", css[i:]):
        out.append(css[i:i + m.start()])
        j, depth = i + m.end(), 1
        while depth:
            depth += {"{": 1, "}": -1}.get(css[j], 0)
            j += 1
        i = j
    return "".join(out) + css[i:]


def _rules(css: str):
    """(selector, {property: value}) of each rule, the innermost blocks of @media taken as rules."""
    css = _without_print(re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", css):
        sel = m.group(1).strip()
        if sel.startswith("@"):
            continue
        decls = {}
        for d in m.group(2).split(";"):
            if ":" in d:
                k, v = d.split(":", 1)
                decls[k.strip().lower()] = v.replace("!important", "").strip()
        yield sel, decls


def _variables(sheets: list[str], scheme: str) -> dict:
    """Every custom property the stylesheets set, as the ``scheme`` (light: Material's default,
    dark: slate; indigo) sees it, later ones winning."""
    out = {}
    for css in sheets:
        for sel, decls in _rules(css):
            for s in sel.split(","):
                plain = s.replace('"', "")
                if ("scheme=slate" in plain) != (scheme == "dark") and "scheme=" in plain:
                    continue
                if re.search(r"primary=(?!indigo)|accent=(?!indigo)", plain):
                    continue
                out.update({k: v for k, v in decls.items() if k.startswith("--")})
    return out


def _resolve(value: str | None, variables: dict) -> str | None:
    for _ in range(20):
        if value is None or not (m := re.search(r"var\((--[\w-]+)(?:\s*,\s*([^()]*))?\)", value)):
            return value and value.strip()
        value = value[:m.start()] + (variables.get(m.group(1), m.group(2)) or "") + value[m.end():]
        if not value.strip():
            return None
    return None


def _rgba(value: str | None):
    import colorsys

    c = (value or "").strip().lower()
    if m := re.fullmatch(r"#([0-9a-f]{3,8})", c):
        h = m.group(1) if len(m.group(1)) > 4 else "".join(x * 2 for x in m.group(1))
        return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4)) + ((int(h[6:8], 16) / 255) if len(h) == 8 else 1,)
    if m := re.fullmatch(r"(rgb|hsl)a?\(([^)]*)\)", c):
        p = [x for x in re.split(r"[,/\s]+", m.group(2)) if x]
        a = float(p[3].rstrip("%")) / (100 if p[3].endswith("%") else 1) if len(p) > 3 else 1
        if m.group(1) == "rgb":
            return tuple(float(x) for x in p[:3]) + (a,)
        r, g, b = colorsys.hls_to_rgb(float(p[0].replace("deg", "")) / 360, float(p[2].rstrip("%")) / 100,
                                      float(p[1].rstrip("%")) / 100)
        return (r * 255, g * 255, b * 255, a)
    return {"white": (255, 255, 255, 1), "black": (0, 0, 0, 1)}.get(c)


def _over(top, under):
    return tuple(top[i] * top[3] + under[i] * (1 - top[3]) for i in range(3)) + (1,)


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two opaque colours (r, g, b, 1)."""
    def lum(c):
        ch = [x / 255 for x in c[:3]]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def colour_pairs(site_dir: Path) -> list[tuple[str, str, str, float]]:
    """Each text colour the site's own CSS sets together with its background in one rule, in light
    and dark (a rule the dark scheme restates for slate is read there in its slate form):
    (scheme, stylesheet, selector, contrast ratio) over the page's background."""
    material = sorted(str(p) for p in (site_dir / "assets/stylesheets").glob("*.min.css"))
    sheets = [Path(p).read_text(encoding="utf-8") for p in material + [str(site_dir / c) for c in OWN_CSS]]
    out = []
    for scheme in ("light", "dark"):
        variables = _variables(sheets, scheme)
        page = _rgba(_resolve("var(--md-default-bg-color)", variables))
        for name, css in zip(OWN_CSS, sheets[len(material):]):
            rules = list(_rules(css))
            restated = {s.replace(SLATE + " ", "") for sel, _ in rules if SLATE in sel for s in sel.split(", ")}
            for sel, decls in rules:
                if (SLATE in sel) != (scheme == "dark") and (SLATE in sel or sel in restated):
                    continue
                fg = _rgba(_resolve(decls.get("color"), variables))
                bg = _rgba(_resolve(decls.get("background-color") or decls.get("background"), variables))
                if fg and bg:
                    base = _over(bg, page)
                    out.append((scheme, name, sel, round(contrast(_over(fg, base), base), 2)))
    return out
