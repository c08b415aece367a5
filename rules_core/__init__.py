"""Свод rules engine: exact mechanics of the group's tabletop systems.

Pure Python, standard library only, so that the same code runs under CPython and in the
browser on Pyodide. Entry point for both: :mod:`rules_core.api`.
"""

__version__ = "0.1.0"
