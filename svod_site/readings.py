"""``<!-- svod:reading SYSTEM/NAME -->``: the switch line of a «Неясно в источнике» box, from the reading's
record (``rules_core/<SYSTEM>/readings.py``, :class:`rules_core.readings.Reading`).

In the page's text language it names the switch, the calculators that offer it (and the scene), the reading the
site follows and the other one — or says that no calculator offers the other reading yet. A new switch's record
changes the line; the page is not edited.
"""

from __future__ import annotations

import re

from svod_site import markers

ARG = re.compile(r"([a-z_]+)/([A-Z0-9_]+)")


def render(system: str, name: str, lang: str) -> str:
    """The line for ``SYSTEM/NAME`` in ``lang``; ``LookupError`` for a reading that is not declared."""
    from rules_core import api, readings

    try:
        record = readings.of_system(system)[name]
    except ModuleNotFoundError:
        raise LookupError(f"no rules_core.{system}.readings module") from None
    except KeyError:
        raise LookupError(f"no reading {system}/{name}") from None
    titles = {calc: api.get(calc).title[lang] for calc, _ in record.uses()}
    return readings.line(record, lang, titles)


def marker(arg: str | None, where: markers.Where) -> str:
    """The ``svod:reading`` handler."""
    m = ARG.fullmatch(arg or "")
    if not m:
        raise markers.MarkerError(f"{where.src_uri}: <!-- svod:reading {arg or ''} --> wants SYSTEM/NAME")
    try:
        return render(m[1], m[2], where.text_lang)
    except LookupError as e:
        raise markers.MarkerError(f"{where.src_uri}: <!-- svod:reading {arg} -->: {e}") from None
