"""A page without its English side (none today: tests/test_translations.py fails first) would
still be served on the English site, in Russian, said so: the notice under its title, the
article marked Russian, and «RU» beside it in the English navigation."""

from __future__ import annotations

from types import SimpleNamespace

from svod_site import i18n

PAGE = ('<html lang="en"><body><article class="md-content__inner md-typeset">'
        '<h1 id="combat">Атака</h1><p>Текст.</p></article></body></html>')


def test_the_notice_stands_under_the_title_and_the_text_is_marked_russian():
    out = i18n.add_fallback_notice(PAGE)
    assert '<article class="md-content__inner md-typeset" lang="ru">' in out
    assert out.index("</h1>") < out.index(i18n.FALLBACK_NOTICE) < out.index("<p>Текст.</p>")
    assert "This page is not translated yet; showing the Russian text." in out
    assert out.count("svod-fallback") == 1


def test_a_page_without_a_title_gets_the_notice_first():
    out = i18n.add_fallback_notice(PAGE.replace('<h1 id="combat">Атака</h1>', ""))
    assert out.index('lang="ru">') < out.index(i18n.FALLBACK_NOTICE) < out.index("<p>Текст.</p>")


def test_only_a_fallback_page_is_marked_in_the_navigation():
    config = SimpleNamespace(extra={})
    own, fallback, russian = (SimpleNamespace(meta={}) for _ in range(3))
    i18n.mark_untranslated(config, own, "en", "en")
    i18n.mark_untranslated(config, russian, "ru", "ru")
    assert own.meta == {} and russian.meta == {} and "status" not in config.extra
    i18n.mark_untranslated(config, fallback, "en", "ru")
    assert fallback.meta == {"status": i18n.UNTRANSLATED}
    assert config.extra["status"] == {i18n.UNTRANSLATED: i18n.UNTRANSLATED_TITLE}
