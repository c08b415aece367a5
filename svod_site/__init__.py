"""Свод's MkDocs plugin (``plugins: - svod`` in mkdocs.yml; :class:`svod_site.plugin.SvodPlugin`).

One module per topic, the plugin's events in ``plugin.py`` calling them:

- ``markers``: the one marker syntax of the pages, ``<!-- svod:KIND ARG -->``, and its dispatcher;
- ``tables``: ``svod:table`` (rule tables from rules_core data);
- ``calculators``: ``svod:calc`` (the forms, drawn at build time), the runtime files, the nav;
- ``calc_pages``: the «Калькуляторы» pages, generated into MkDocs' file collection;
- ``glossary``: ``svod:glossary`` and the glossary tooltips;
- ``lang``: a page's two languages (its text's and its build's);
- ``i18n``: what the bilingual build needs besides (fallback notice, language links, 404, sitemap);
- ``search``: one search index per language, and Russian and English stemming for Material's search;
- ``build_files``: the build steps' artefacts (``build/assets/``) served as the site's ``assets/``.
"""

from pathlib import Path

#: The repository this package belongs to (rules_core, calculators/, docs/_glossary.yml).
ROOT = Path(__file__).resolve().parent.parent
