"""A page's two languages: the language of its text and the language of the build it is in.

mkdocs-static-i18n (suffix structure) builds the site once per language: the English build
serves ``page.en.md`` where there is one and the Russian ``page.md`` (as a fallback) where there
is not. So a Russian text can stand in an English page. :func:`text_language` is the text's (the
rule tables, the words the glossary tooltips match); :func:`build_language` is the page's
interface (the calculators' forms and results, the glossary, the tooltips' definitions, the
fallback notice).
"""

from __future__ import annotations

DEFAULT = "ru"
#: The languages besides the default one (built under ``en/``).
OTHERS = ("en",)


def text_language(src_uri: str) -> str:
    """The language a docs page is written in, by its name: ``page.en.md`` is English."""
    for lang in OTHERS:
        if src_uri.endswith(f".{lang}.md"):
            return lang
    return DEFAULT


def build_language(config) -> str:
    """The language of the build running now (mkdocs-static-i18n's current language, or the
    theme's language without the plugin)."""
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None) or config.theme.get("language") or DEFAULT
    return next((other for other in OTHERS if str(lang).startswith(other)), DEFAULT)


def default_src_uri(src_uri: str) -> str:
    """The default-language page a translation stands for (``glossary.en.md`` → ``glossary.md``)."""
    lang = text_language(src_uri)
    return src_uri if lang == DEFAULT else src_uri[: -len(f".{lang}.md")] + ".md"
