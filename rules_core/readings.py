"""A reading of the sources, declared once: :class:`Reading`.

Where a source is ambiguous, unfinished or contradictory and the answer changes a number, the
project follows one reading and offers the other as a switch. Each such open point is one
:class:`Reading` record in its system's ``readings.py`` (``rules_core/<system>/readings.py``):
its name (the rules' constant), its choices with their words in both languages, the default (the
reading the site follows), the source's quote with its file and line, its help, and where it
applies (the calculators that offer it, the scene). Everything else is built from it:

* the rules' default constant and its allowed values (``rules.X = readings.X.default``,
  ``rules.X_CHOICES = readings.X.values``) and the module's ``READINGS``;
* every calculator's switch parameter (:meth:`Reading.switch`: its name, words, help, default);
* the scene's switches (``scene=True``: a scene keeps the calculator's switch among its readings; the wod
  scene takes its list from the records, the others name the calculators' switches);
* the tests' registry (``tests/readings.py``: each calculator named in :attr:`Reading.calculators`
  offers the switch built from the record, its default is the record's, the other reading changes
  a result);
* the switch line of the page's «Неясно в источнике» box (``<!-- svod:reading SYSTEM/NAME -->``,
  ``svod_site/readings.py``), in the page's language: which switch, which reading the site
  follows, which is the other — or that no calculator offers it yet.

Adding a switch is three steps: the record, the rule's code that reads it (and the calculator's
``READING.switch()`` in its ``PARAMS``), and its test (an exact one of the other reading).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .spec import Option, Param, T, Text
from .systems import GAMES

__all__ = ["BOOL", "Choice", "Reading", "SYSTEMS", "line", "of_system", "words"]

#: the systems that declare readings (``rules_core/<system>/readings.py``): every system, in its one order
SYSTEMS = GAMES


@dataclass(frozen=True, slots=True)
class Choice:
    """One reading of an open point: the value the code takes and its words."""

    value: Any
    label: Text


#: a yes-or-no reading's choices, in words
BOOL = (Choice(True, T("да", "yes")), Choice(False, T("нет", "no")))


@dataclass(frozen=True, slots=True)
class Reading:
    """One open point of a source that changes a number, and the readings of it.

    ``name`` is the rules' constant (``ARMOR_BREAK``); ``param`` the calculators' switch
    (``armor_break``); ``kind`` ``choice`` (``choices``), ``bool`` (``choices`` give the words of
    ``True`` and ``False`` for the page's box) or ``int`` (``lo``/``hi``; ``other`` the other
    reading). ``source`` is ``"FILE:LINE"`` of ``quote`` in ``sources/`` (a test finds the quote
    there). ``calculators`` are the calculator ids that offer the switch (``"id.param"`` where
    its parameter is named otherwise); ``scene`` whether a scene keeps it.
    """

    name: str
    system: str
    param: str
    label: Text
    default: Any
    choices: tuple[Choice, ...]
    quote: str
    source: str
    help: Text | None = None
    kind: str = "choice"
    calculators: tuple[str, ...] = ()
    scene: bool = False
    lo: int | None = None
    hi: int | None = None
    other: Any = None
    group: str = "readings"
    #: the words a choice has in a switch when they differ from the box's (``{value: T}``)
    option_words: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.kind not in ("choice", "bool", "int"):
            raise ValueError(f"reading {self.name}: kind {self.kind!r}")
        if self.kind != "int" and self.default not in self.values:  # an int's choices only give words
            raise ValueError(f"reading {self.name}: default {self.default!r} is not one of {self.values}")
        if self.kind == "bool" and set(self.values) != {True, False}:
            raise ValueError(f"reading {self.name}: a bool reading's choices are True and False")
        if self.kind == "int" and (self.other is None or (self.calculators and (self.lo is None or self.hi is None))):
            raise ValueError(f"reading {self.name}: an int reading needs its other value (and lo, hi for a switch)")
        file, _, at = self.source.partition(":")
        if not (file and at.isdigit()):
            raise ValueError(f"reading {self.name}: source is FILE:LINE, not {self.source!r}")

    @property
    def values(self) -> tuple:
        """The values the code accepts (a choice's, in order)."""
        return tuple(c.value for c in self.choices)

    @property
    def others(self) -> tuple:
        """The readings the site does not follow."""
        if self.kind == "int":
            return (self.other,)
        return tuple(v for v in self.values if v != self.default)

    def uses(self) -> list[tuple[str, str]]:
        """``(calculator id, parameter name)`` of every calculator that offers the switch."""
        return [(u.partition(".")[0], u.partition(".")[2] or self.param) for u in self.calculators]

    def switch(self, name: str | None = None, label: Text | None = None, help: Any = ...,
               group: str | None = None, when: dict | None = None, words: dict | None = None) -> Param:
        """The calculator's switch, built from the record: its words, default and help (a
        calculator that names it otherwise, as the all-systems one does, gives ``name``,
        ``label``, ``help`` — ``None`` for none — and its choices' ``words``)."""
        words = {**self.option_words, **(words or {})}
        options = tuple(Option(c.value, words.get(c.value, c.label)) for c in self.choices) \
            if self.kind == "choice" else ()
        return Param(name or self.param, self.kind, label or self.label, self.default,
                     min=self.lo if self.kind == "int" else None, max=self.hi if self.kind == "int" else None,
                     options=options, help=self.help if help is ... else help, group=group or self.group,
                     when=when, reading=f"{self.system}/{self.name}")

    def check(self, value: Any, what: str = "reading") -> Any:
        """``value`` if the code knows it, else ``ValueError`` naming the allowed values."""
        if self.kind == "int" or value in self.values:
            return value
        raise ValueError(f"{what} must be one of {self.values}")


def of_system(system: str) -> dict[str, Reading]:
    """A system's readings by name, in the order declared (its ``readings.READINGS``)."""
    module = importlib.import_module(f"rules_core.{system}.readings")
    return {r.name: r for r in module.READINGS}


def words(reading: Reading, value: Any, lang: str) -> str:
    """A reading's value in words (an int without words is its number)."""
    return next((c.label[lang] for c in reading.choices if c.value == value), str(value))


#: the box's switch line, in both languages
_LINE = {
    "ru": ("Переключатель «{label}» (калькуляторы: {calcs}{scene}): сайт читает «{default}», другое прочтение — {other}.",
           "Другое прочтение ({other}) калькуляторы пока не предлагают: переключателя нет.",
           "; страница «Сцена»"),
    "en": ("The switch «{label}» (calculators: {calcs}{scene}): the site reads «{default}», the other reading is "
           "{other}.",
           "The other reading ({other}) no calculator offers yet: there is no switch.",
           "; the «Scene» page"),
}


def line(reading: Reading, lang: str, titles: dict[str, str]) -> str:
    """The «Неясно в источнике» box's switch line: which switch offers the other reading, or that
    none does yet. ``titles`` are the calculators' titles in ``lang`` by id."""
    offered, missing, scene = _LINE[lang]
    other = ", ".join(f"«{words(reading, v, lang)}»" for v in reading.others)
    if not reading.calculators:
        return missing.format(other=other)
    calcs = ", ".join(f"«{titles[c]}»" for c in dict.fromkeys(c for c, _ in reading.uses()))
    return offered.format(label=reading.label[lang], calcs=calcs, scene=scene if reading.scene else "",
                          default=words(reading, reading.default, lang), other=other)

