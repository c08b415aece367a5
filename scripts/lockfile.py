"""The Python tools' hash lock, ``requirements-dev.lock``, and what ``.venv`` holds against it.

``requirements-dev.txt`` names the tools (pinned by version); ``scripts/lock`` makes the lock from
it with ``uv pip compile --universal --generate-hashes``: every package the tools need, pinned,
each with the sha256 of every file PyPI has for that version (every platform and every Python
from 3.12, so the one lock serves this machine's 3.13, the CI container's 3.12 and 3.14).
``scripts/setup`` installs it with ``pip install --require-hashes``: a file whose hash is not in
the lock is refused, and so is a package the lock does not pin.

Standard library only (``scripts/setup`` runs it in a ``.venv`` that has nothing installed yet).
Commands, as ``python -m scripts.lockfile COMMAND``:

* ``stamp``: write the sha256 of ``requirements-dev.txt`` into the lock's header (``scripts/lock``
  does, after uv); ``check``: warn when ``requirements-dev.txt`` has changed since (exit 1);
* ``install``: what ``scripts/setup`` runs when the lock has changed (``install``): all of it with
  ``pip install --require-hashes --force-reinstall``, then the version and sha256 of each file pip
  installed (its ``--report``) kept in ``.venv/.svod-installed.json``, so that an installed
  package can be checked against the lock later, and what the lock does not pin (a package
  dropped from it, or one installed by hand) uninstalled;
* ``audit``: list every installed package that is not in the lock with the hash it came with
  (``tests/test_deploy_path.py`` fails on any).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

__all__ = [
    "INPUT", "LOCK", "RECORD", "VENV", "NOT_LOCKED", "Pin", "Installed", "canonical", "read_lock",
    "input_digest", "recorded_input", "stamped", "stale", "unpinned", "site_packages", "installed",
    "record_report", "read_record", "unlocked", "audit", "install", "main",
]

ROOT = Path(__file__).resolve().parent.parent
INPUT = ROOT / "requirements-dev.txt"
LOCK = ROOT / "requirements-dev.lock"
VENV = ROOT / ".venv"
#: What pip installed, by package: {name: {"version", "sha256", "url"}} (from its --report).
RECORD = VENV / ".svod-installed.json"
#: The installer itself, which the venv is made with (the interpreter's own ensurepip), not by
#: the lock.
NOT_LOCKED = frozenset({"pip"})
#: The lock's header line that names the input it was made from.
INPUT_LINE = re.compile(r"^# input: requirements-dev\.txt sha256=([0-9a-f]{64})$", re.M)
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*$")
HASH = re.compile(r"--hash=sha256:([0-9a-f]{64})")


def canonical(name: str) -> str:
    """A package's name as PyPI compares them (PEP 503).

    >>> canonical("Jinja2"), canonical("ruamel.yaml"), canonical("typing_extensions")
    ('jinja2', 'ruamel-yaml', 'typing-extensions')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Pin:
    """One package of the lock: its version, the environments it is for, its files' hashes."""

    name: str
    version: str
    marker: str | None
    hashes: frozenset[str]


def read_lock(text: str) -> dict[str, list[Pin]]:
    r"""The lock's pins by canonical name (a universal lock may pin a package twice, each for its
    own environments).

    >>> text = ("Jinja2==3.1.6 ; python_version >= '3.12' \\\n    --hash=sha256:" + "a" * 64
    ...         + " \\\n    --hash=sha256:" + "b" * 64 + "\n    # via mkdocs\n")
    >>> pin, = read_lock("# made by uv\n" + text)["jinja2"]
    >>> pin.version, pin.marker, len(pin.hashes)
    ('3.1.6', "python_version >= '3.12'", 2)
    """
    pins: dict[str, list[Pin]] = {}
    logical = re.sub(r"\\\n", " ", text)
    for line in logical.splitlines():
        line = line.split(" #", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if not line:
            continue
        hashes = frozenset(HASH.findall(line))
        head = HASH.sub("", line).strip()
        m = PIN.match(head)
        if not m:
            raise ValueError(f"requirements-dev.lock: not a pinned requirement: {line[:120]!r}")
        name, version, marker = m[1], m[2], m[3]
        pins.setdefault(canonical(name), []).append(Pin(name, version, marker, hashes))
    return pins


def input_digest(path: Path = INPUT) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def recorded_input(lock_text: str) -> str | None:
    """The sha256 of the requirements-dev.txt the lock was made from (its header says)."""
    m = INPUT_LINE.search(lock_text)
    return m[1] if m else None


def stamped(lock_text: str, digest: str) -> str:
    """The lock with its header naming the input ``digest`` (after uv's own header lines)."""
    line = f"# input: requirements-dev.txt sha256={digest}"
    if INPUT_LINE.search(lock_text):
        return INPUT_LINE.sub(line, lock_text)
    lines = lock_text.splitlines(keepends=True)
    head = 0
    while head < len(lines) and lines[head].startswith("#"):
        head += 1
    return "".join(lines[:head] + [line + "\n"] + lines[head:])


def stale(lock_text: str, input_path: Path = INPUT) -> str | None:
    """Why the lock does not answer requirements-dev.txt as it is now, or None."""
    recorded = recorded_input(lock_text)
    if recorded is None:
        return "requirements-dev.lock does not say which requirements-dev.txt it was made from"
    if recorded != input_digest(input_path):
        return "requirements-dev.txt has changed since requirements-dev.lock was made"
    return None


def unpinned(requirements_text: str, pins: dict[str, list[Pin]]) -> list[str]:
    """The requirements of requirements-dev.txt that no pin of the lock satisfies, in words
    (needs ``packaging``, which the tools bring: not for scripts/setup)."""
    from packaging.requirements import Requirement

    out = []
    for line in requirements_text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        versions = [p.version for p in pins.get(canonical(req.name), [])]
        if not any(req.specifier.contains(v, prereleases=True) for v in versions):
            out.append(f"{line}: requirements-dev.lock pins {', '.join(versions) or 'no version of it'}")
    return out


@dataclass(frozen=True)
class Installed:
    """A distribution found in a site-packages folder."""

    name: str
    version: str
    #: installed editable from a folder of this checkout (the site's own plugin, svod_site)
    local: bool


def _local_editable(dist: importlib.metadata.Distribution, root: Path) -> bool:
    text = dist.read_text("direct_url.json")
    if not text:
        return False
    info = json.loads(text)
    if not (info.get("dir_info") or {}).get("editable"):
        return False
    url = urlsplit(info.get("url", ""))
    if url.scheme != "file":
        return False
    return Path(unquote(url.path)).resolve().is_relative_to(root.resolve())


def site_packages(venv: Path = VENV) -> list[Path]:
    return sorted(venv.glob("lib/python3.*/site-packages")) + sorted(venv.glob("Lib/site-packages"))


def installed(venv: Path = VENV, root: Path = ROOT) -> list[Installed]:
    """Every distribution in the virtualenv ``venv``."""
    paths = [str(p) for p in site_packages(venv)]
    if not paths:
        raise FileNotFoundError(f"{venv}: no site-packages (run scripts/setup)")
    out = []
    for dist in importlib.metadata.distributions(path=paths):
        out.append(Installed(dist.metadata["Name"], dist.version, _local_editable(dist, root)))
    return sorted(out, key=lambda d: canonical(d.name))


def record_report(report: dict, record: dict) -> dict:
    """``record`` updated with what a pip ``--report`` says was installed: each package's version
    and the sha256 of the file it came from."""
    out = dict(record)
    for item in report.get("install", []):
        meta = item.get("metadata", {})
        info = item.get("download_info", {})
        digest = ((info.get("archive_info") or {}).get("hashes") or {}).get("sha256")
        out[canonical(meta["name"])] = {"version": meta["version"], "sha256": digest, "url": info.get("url")}
    return out


def unlocked(dists: list[Installed], pins: dict[str, list[Pin]]) -> list[Installed]:
    """The installed distributions the lock does not pin (the installer and the checkout's own
    editable plugin aside)."""
    return [d for d in dists if not d.local and canonical(d.name) not in NOT_LOCKED
            and canonical(d.name) not in pins]


def audit(dists: list[Installed], pins: dict[str, list[Pin]], record: dict) -> list[str]:
    """Every installed distribution not in the lock with the hash it was installed with, in words."""
    problems = [f"{d.name} {d.version}: installed, but not in requirements-dev.lock" for d in unlocked(dists, pins)]
    for d in dists:
        key = canonical(d.name)
        if d.local or key in NOT_LOCKED or key not in pins:
            continue
        versions = [p for p in pins[key] if p.version == d.version]
        if not versions:
            locked = ", ".join(p.version for p in pins[key])
            problems.append(f"{d.name} {d.version}: installed, but requirements-dev.lock pins {locked}")
            continue
        hashes = frozenset().union(*(p.hashes for p in versions))
        if not hashes:
            problems.append(f"{d.name} {d.version}: requirements-dev.lock pins it without a hash")
            continue
        got = record.get(key)
        if not got or got.get("version") != d.version:
            problems.append(f"{d.name} {d.version}: not installed by scripts/setup from the lock "
                            f"(no hash-checked install of this version is recorded)")
        elif got.get("sha256") not in hashes:
            problems.append(f"{d.name} {d.version}: installed from a file (sha256 {got.get('sha256')}) "
                            f"whose hash requirements-dev.lock does not list")
    return problems


def read_record(venv: Path = VENV) -> dict:
    path = venv / RECORD.name
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _pip(venv: Path, *args: str) -> None:
    """pip (this interpreter's) acting on the virtualenv ``venv``."""
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), *args], check=True)


def install(lock: Path = LOCK, venv: Path = VENV, pip_args: tuple[str, ...] = ()) -> None:
    """What ``scripts/setup`` does when the lock has changed: install all of ``lock`` into ``venv``
    with every file checked against its hashes (pip refuses a file whose sha256 the lock does not
    list, and a package the lock does not pin), record the hash of each file installed, and
    uninstall what the lock does not pin. Raises ``subprocess.CalledProcessError`` when pip refuses."""
    report = venv / ".pip-report.json"
    report.unlink(missing_ok=True)
    _pip(venv, "install", "-q", "--disable-pip-version-check", "--require-hashes", "--force-reinstall",
         "--report", str(report), "-r", str(lock), *pip_args)
    record = record_report(json.loads(report.read_text(encoding="utf-8")), read_record(venv))
    (venv / RECORD.name).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    extra = unlocked(installed(venv), read_lock(lock.read_text(encoding="utf-8")))
    if extra:
        print(f"setup: removing what {lock.name} does not pin: " + ", ".join(f"{d.name} {d.version}" for d in extra))
        _pip(venv, "uninstall", "-y", "-q", *(d.name for d in extra))


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else ""
    if cmd == "stamp":
        LOCK.write_text(stamped(LOCK.read_text(encoding="utf-8"), input_digest()), encoding="utf-8")
        return 0
    if cmd == "check":
        why = stale(LOCK.read_text(encoding="utf-8"))
        if why:
            print(f"setup: {why}: run scripts/lock (and commit requirements-dev.lock)", file=sys.stderr)
            return 1
        return 0
    if cmd == "install":
        try:
            install()
        except subprocess.CalledProcessError:
            print("setup: pip refused requirements-dev.lock (above: the package or file it would not "
                  "install)", file=sys.stderr)
            return 1
        return 0
    if cmd == "audit":
        problems = audit(installed(), read_lock(LOCK.read_text(encoding="utf-8")), read_record())
        print("\n".join(problems) or "every installed package is in requirements-dev.lock with its hash")
        return 1 if problems else 0
    print("usage: python -m scripts.lockfile stamp|check|install|audit", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
