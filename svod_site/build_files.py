"""The build steps' artefacts, served as the site's ``assets/``.

``scripts/build``'s steps write the rules_core wheel and its lock file (``assets/py/``), the
Pyodide runtime (``assets/pyodide/``) and the memory snapshot (``assets/py/snapshot/``) into
``build/assets/``, never into ``docs/``; :func:`files` adds each of them to MkDocs' file
collection at the same path under the site. (Only ``assets/``: setuptools builds wheels in
``build/lib/``.) A docs file under one of those folders would be served beside them, two wheels
or two runtimes: :func:`overlaps` names it, and the build stops.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File, Files

from svod_site import ROOT

#: Where the build steps write (relative to the repository).
BUILD_ASSETS = "build/assets"


def files(config, build_assets: Path = ROOT / BUILD_ASSETS) -> list[File]:
    """A :class:`File` per artefact, ``build/assets/X`` → ``<site>/assets/X`` (none before the
    build steps have run)."""
    src_dir = build_assets.parent
    return [File(path.relative_to(src_dir).as_posix(), str(src_dir), config.site_dir, config.use_directory_urls)
            for path in sorted(build_assets.rglob("*")) if path.is_file()]


def overlaps(docs_files: Files, build_files: list[File]) -> list[str]:
    """The docs files in a folder the build steps fill (``assets/py/``, ``assets/pyodide/``)."""
    folders = {posix_parent(f.src_uri, 2) for f in build_files}
    return sorted(f.src_uri for f in docs_files if posix_parent(f.src_uri, 2) in folders)


def posix_parent(src_uri: str, depth: int) -> str:
    """The first ``depth`` folders of a path (``assets/py/x/y.whl``, 2 → ``assets/py``)."""
    return "/".join(src_uri.split("/")[:depth])
