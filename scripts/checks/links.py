"""Link check: no broken link or anchor, nothing fetched off the site's host.

``python -m scripts.checks.links [site]`` (after ``scripts/build``) prints what it checked and
every problem, and exits 1 if there is one.

Two passes:

1. **Markdown** (``docs/**/*.md``, read with markdown-it-py after the rule-table and glossary
   markers are expanded, as the build does): every relative link must name a page or file
   that exists (``page.md`` in an English page may be the Russian page, shown as a fallback),
   and its ``#anchor`` must be an ``id`` in that page's built HTML (read with ``html.parser``).
2. **Built HTML** (``site/**/*.html``): every ``href``/``src`` on the site resolves to a built
   file, with its anchor; nothing the browser would *fetch* (scripts, styles, images, frames,
   preloads, ``srcset``) points off the host, and no CSS file imports or ``url()``s a remote
   resource. Plain ``<a href="https://…">`` links to other sites are listed, not failed.
"""

from __future__ import annotations

import argparse
import posixpath
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt
from mdit_py_plugins.admon import admon_plugin

from svod_site import glossary, markers, tables
from svod_site.lang import DEFAULT, default_src_uri, text_language
from svod_site.markers import Where

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SITE = ROOT / "site"
FETCH_ATTRS = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"),
               ("source", "src"), ("video", "src"), ("audio", "src"), ("embed", "src"),
               ("object", "data"), ("image", "href"), ("use", "href"), ("track", "src")}
NAV_LINK_RELS = {"alternate", "canonical", "next", "prev", "search", "author", "license"}
SKIP_SCHEMES = ("mailto:", "tel:", "javascript:", "data:", "blob:")


# ---------------------------------------------------------------- HTML side

class _Collect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str, str]] = []  # (tag, attr, value, rel)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        rel = (a.get("rel") or "").lower()
        for attr in ("href", "src", "data", "srcset", "xlink:href"):
            val = a.get(attr)
            if val is None:
                continue
            if attr == "srcset":
                for part in val.split(","):
                    if part.strip():
                        self.refs.append((tag, "src", part.strip().split()[0], rel))
            else:
                self.refs.append((tag, "href" if attr == "xlink:href" else attr, val.strip(), rel))

    handle_startendtag = handle_starttag


@lru_cache(maxsize=None)
def parse_html(path: Path) -> _Collect:
    p = _Collect()
    p.feed(path.read_text(encoding="utf-8", errors="replace"))
    p.close()
    return p


def html_ids(path: Path) -> set[str]:
    return parse_html(path).ids


def site_prefix() -> str:
    """The site's sub-path from ``site_url`` (``/svod/``), for root-absolute links."""
    import yaml

    class _Loader(yaml.SafeLoader):
        pass

    def env(loader, node):
        # MkDocs' ``!ENV [NAME, …, default]`` / ``!ENV NAME``
        import os

        items = loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) \
            else [loader.construct_scalar(node)]
        for name in items[:-1] if len(items) > 1 else items:
            if os.environ.get(str(name)):
                return os.environ[str(name)]
        return items[-1] if len(items) > 1 else None

    _Loader.add_constructor("!ENV", env)
    _Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda *a: None)
    _Loader.add_multi_constructor("!", lambda *a: None)
    cfg = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    path = urlsplit(cfg.get("site_url") or "/").path or "/"
    return "/" + path.strip("/") + "/" if path.strip("/") else "/"


def resolve_site(site: Path, page: Path, target: str, prefix: str) -> Path | None:
    """The built file a link on ``page`` points at (None if it is not there)."""
    path = unquote(target)
    if path.startswith("/"):
        if not path.startswith(prefix):
            return None
        rel = path[len(prefix):]
    else:
        base = posixpath.dirname(page.relative_to(site).as_posix())
        rel = posixpath.normpath(posixpath.join(base, path)) if path else page.relative_to(site).as_posix()
        if rel.startswith(".."):
            return None
    cand = site / rel
    if target.endswith("/") or cand.is_dir():
        cand = cand / "index.html"
    return cand if cand.is_file() else None


@dataclass
class Result:
    checked_pages: int = 0
    checked_links: int = 0
    errors: list[str] = field(default_factory=list)
    external: set[str] = field(default_factory=set)


def check_site(site: Path = SITE, result: Result | None = None) -> Result:
    r = result or Result()
    prefix = site_prefix()
    host_pages = sorted(site.rglob("*.html"))
    for page in host_pages:
        r.checked_pages += 1
        rel_page = page.relative_to(site).as_posix()
        for tag, attr, value, rel in parse_html(page).refs:
            if not value or value.startswith(SKIP_SCHEMES):
                continue
            parts = urlsplit(value)
            fetched = (tag, attr) in FETCH_ATTRS and not (tag == "link" and rel in NAV_LINK_RELS)
            if parts.scheme or value.startswith("//"):
                if fetched:
                    r.errors.append(f"{rel_page}: <{tag} {attr}> fetches off the host: {value}")
                elif not (tag == "link" and rel in NAV_LINK_RELS):  # canonical URLs: not links to follow
                    r.external.add(value)
                continue
            r.checked_links += 1
            target = resolve_site(site, page, parts.path, prefix)
            if target is None:
                r.errors.append(f"{rel_page}: broken link {value}")
                continue
            if parts.fragment and target.suffix == ".html":
                frag = unquote(parts.fragment)
                if frag not in html_ids(target):
                    r.errors.append(f"{rel_page}: missing anchor {value} (in {target.relative_to(site)})")
    for css in sorted(site.rglob("*.css")):
        text = css.read_text(encoding="utf-8", errors="replace")
        for value in _css_urls(text):
            if value.startswith(("http:", "https:", "//")):
                r.errors.append(f"{css.relative_to(site)}: CSS loads off the host: {value}")
    return r


def _css_urls(text: str) -> list[str]:
    """``url(...)`` and ``@import "..."`` targets of a stylesheet (a plain scanner)."""
    out: list[str] = []
    i = 0
    low = text.lower()
    while True:
        j = low.find("url(", i)
        if j < 0:
            break
        k = text.find(")", j)
        if k < 0:
            break
        out.append(text[j + 4:k].strip().strip("'\""))
        i = k + 1
    i = 0
    while True:
        j = low.find("@import", i)
        if j < 0:
            break
        rest = text[j + 7:].lstrip()
        if rest[:1] in "'\"":
            q = rest[0]
            out.append(rest[1:rest.find(q, 1)])
        i = j + 7
    return out


# ---------------------------------------------------------------- Markdown side

def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table").use(admon_plugin)


class _Anchors(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "img" and a.get("src"):
            self.links.append(a["src"])


def markdown_links(markdown: str) -> list[str]:
    """Link and image targets of a page (Markdown links, and ``<a>``/``<img>`` in raw HTML)."""
    out: list[str] = []

    def walk(tokens):
        for tok in tokens:
            if tok.type == "link_open" and tok.attrGet("href") is not None:
                out.append(str(tok.attrGet("href")))
            elif tok.type == "image" and tok.attrGet("src") is not None:
                out.append(str(tok.attrGet("src")))
            elif tok.type in ("html_inline", "html_block"):
                p = _Anchors()
                p.feed(tok.content)
                out.extend(p.links)
            if tok.children:
                walk(tok.children)

    walk(_parser().parse(markdown))
    return out


def built_page(site: Path, src: str, lang: str) -> Path:
    """Where a docs page (``serial/combat.md``) is built for a language (directory URLs)."""
    parts = default_src_uri(src).removesuffix(".md").split("/")
    if parts[-1] in ("index", "README"):
        parts = parts[:-1]
    out = site / ("" if lang == DEFAULT else lang)
    for p in parts:
        out = out / p
    return out / "index.html"


def expand_markers(markdown: str, src: str, lang: str) -> str:
    """The tables and the glossary expanded as the build expands them (calculator forms hold no
    links to check)."""
    where = Where(default_src_uri(src), text_lang=lang, build_lang=lang)
    return markers.expand(markdown, where, {"table": tables.marker, "glossary": glossary.marker})


def check_markdown(docs: Path = DOCS, site: Path = SITE, result: Result | None = None) -> Result:
    r = result or Result()
    for md in sorted(docs.rglob("*.md")):
        src = md.relative_to(docs).as_posix()
        lang = text_language(src)
        text = expand_markers(md.read_text(encoding="utf-8"), src, lang)
        here = built_page(site, src, lang)
        for href in markdown_links(text):
            if not href or href.startswith(SKIP_SCHEMES):
                continue
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                r.external.add(href)
                continue
            r.checked_links += 1
            path = unquote(parts.path)
            if not path:
                target_html = here
                target_src = src
            else:
                target_src = posixpath.normpath(posixpath.join(posixpath.dirname(src), path))
                if target_src.startswith(".."):
                    r.errors.append(f"docs/{src}: link leaves docs/: {href}")
                    continue
                if target_src.endswith(".md"):
                    candidates = [target_src]
                    if lang != DEFAULT and not target_src.endswith(f".{lang}.md"):
                        candidates.insert(0, target_src[:-3] + f".{lang}.md")
                    if not any((docs / c).is_file() for c in candidates):
                        r.errors.append(f"docs/{src}: no such page: {href}")
                        continue
                    target_html = built_page(site, target_src, lang)
                else:
                    if not ((docs / target_src).exists() or (site / target_src).exists()):
                        r.errors.append(f"docs/{src}: no such file: {href}")
                    continue
            if parts.fragment:
                if not target_html.is_file():
                    r.errors.append(f"docs/{src}: {href}: page not built ({target_html}); run scripts/build")
                    continue
                if unquote(parts.fragment) not in html_ids(target_html):
                    r.errors.append(f"docs/{src}: missing anchor {href}")
    return r


def run(site: Path = SITE, docs: Path = DOCS) -> Result:
    r = Result()
    check_markdown(docs, site, r)
    check_site(site, r)
    return r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", nargs="?", default=str(SITE))
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").is_file():
        print(f"links: {site} is not built; run scripts/build", file=sys.stderr)
        return 2
    r = run(site)
    print(f"links: {r.checked_pages} built pages, {r.checked_links} internal links checked, "
          f"{len(r.external)} external links (not fetched), {len(r.errors)} problems")
    for e in r.errors[:200]:
        print("  " + e)
    if len(r.errors) > 200:
        print(f"  … and {len(r.errors) - 200} more")
    for u in sorted(r.external)[:20]:
        print("  external: " + u)
    return 0 if not r.errors else 1


if __name__ == "__main__":
    sys.exit(main())
