"""The build steps behind ``scripts/build`` (``python -m scripts.steps``, see ``__main__``).

Each step is a module here with ``run(root: Path) -> None``, run in the order of :data:`STEPS`.
The first three write build artefacts into ``build/assets/`` (never into ``docs/``); the site's
MkDocs plugin (``svod_site``) adds that folder to the site as ``assets/``. ``mkdocs_site`` builds
the site into :func:`site_dir`, ``service_worker`` then lists what was built.
"""

from __future__ import annotations

import os
from pathlib import Path

from svod_site.build_files import BUILD_ASSETS

STEPS = (
    "wheel",            # rules_core wheel and its Pyodide lock file → build/assets/py/
    "pyodide_runtime",  # the Pyodide runtime from node_modules → build/assets/pyodide/
    "qr_library",       # the QR code encoder (uqr) from node_modules → build/assets/qr/
    "snapshot",         # Pyodide memory snapshot with rules_core imported → build/assets/py/snapshot/
    "mkdocs_site",      # mkdocs build --strict (the svod plugin adds build/assets/) → site/
    "service_worker",   # precache list and versioned service worker → site/sw.js
)

#: Where the steps write what the site serves under ``assets/`` (relative to the repository).
ASSETS = Path(BUILD_ASSETS)


def site_dir(root: Path) -> Path:
    """Where the site is built: ``SVOD_SITE_DIR`` (relative to the repository) or ``site/``."""
    return root / os.environ.get("SVOD_SITE_DIR", "site")
