"""The deploy path trusts nothing it need not.

* The Pages workflow: zizmor (the GitHub Actions auditor, pinned in the lock) finds nothing in
  `.github/workflows/`, with no configuration and no ignore comment honoured; and it does find,
  in copies made in a temporary folder, an action pinned by a tag, write permissions granted to
  the whole workflow, and a checkout that keeps its token. The tests gate the deploy.
* The Python tools: every package installed in `.venv` is pinned by requirements-dev.lock, at its
  version, and was installed from a file whose sha256 the lock lists (recorded by scripts/setup's
  install, scripts/lockfile.py); the lock answers requirements-dev.txt as it is. Setup's own
  install, run on a small lock into a throwaway virtualenv, refuses a file whose hash the lock
  does not list and a package the lock lists without a hash; a package installed but not in the
  lock fails the audit, and the next install removes it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
import yaml

from scripts import lockfile
from scripts.steps import wheel

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
PAGES = WORKFLOWS / "pages.yml"
#: `uses: owner/repo@<full commit SHA> # vX.Y.Z`
PINNED = re.compile(r"^\s*(?:-\s+)?uses:\s+([\w.-]+/[\w.-]+)@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)\s*$")


# ---------------------------------------------------------------- the workflow

def zizmor(folder: Path) -> list[tuple[str, str]]:
    """zizmor's findings on the workflows under ``folder``: (audit, the feature it points at).
    Offline; no configuration file and no ``# zizmor: ignore`` comment can silence one."""
    exe = Path(sys.executable).with_name("zizmor")
    if not exe.exists():
        pytest.fail("zizmor is not installed in .venv: run scripts/setup")
    r = subprocess.run([str(exe), "--offline", "--no-config", "--no-ignores", "--format", "json", str(folder)],
                       capture_output=True, text=True, timeout=120)
    # 0: nothing found; 10-14: findings, by their highest severity; anything else: zizmor failed
    assert r.returncode == 0 or 10 <= r.returncode <= 14, r.stderr[-2000:]
    return [(f["ident"], next(loc["concrete"]["feature"].strip() for loc in f["locations"]
                              if loc["symbolic"]["kind"] == "Primary"))
            for f in json.loads(r.stdout)]


def workflows_copy(tmp_path: Path, edit) -> Path:
    """.github/workflows/ copied into ``tmp_path``, pages.yml's text changed by ``edit``."""
    dest = tmp_path / ".github" / "workflows"
    shutil.copytree(WORKFLOWS, dest)
    text = (dest / PAGES.name).read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text, "the edit changed nothing"
    (dest / PAGES.name).write_text(changed, encoding="utf-8")
    return dest


def uses_lines() -> list[str]:
    """Each action's line once (the test jobs and the build job check out the same way)."""
    lines = [line for line in PAGES.read_text(encoding="utf-8").splitlines() if re.match(r"^\s*(-\s+)?uses:", line)]
    return list(dict.fromkeys(lines))


def test_zizmor_finds_nothing_in_the_workflows():
    assert zizmor(WORKFLOWS) == []


def test_every_action_is_pinned_to_a_commit_with_its_version():
    lines = uses_lines()
    assert len(lines) == 6, lines
    assert [line for line in lines if not PINNED.match(line)] == []


@pytest.mark.parametrize("line", uses_lines(), ids=lambda line: re.search(r"uses:\s+([^@\s]+)", line)[1])
def test_an_action_pinned_by_a_tag_is_found(tmp_path, line):
    """Each action in turn referenced by its moving major tag, as before (`actions/checkout@v4`)."""
    pinned = PINNED.match(line)
    assert pinned, f"not pinned to a commit with its version in a comment: {line.strip()}"
    action, _, version = pinned.groups()
    tag = version.split(".")[0]
    copy = workflows_copy(tmp_path, lambda text: text.replace(line, re.sub(r"@\S+ # \S+", f"@{tag}", line), 1))
    assert zizmor(copy) == [("unpinned-uses", f"{action}@{tag}")]


def without_job_permissions(text: str) -> str:
    return re.sub(r"\n    permissions:\n(      .*\n)+", "\n", text)


def test_write_permissions_for_the_whole_workflow_are_found(tmp_path):
    """Pages and the id token granted to every job, the build job's tests and installs included
    (the workflow as it was)."""
    copy = workflows_copy(tmp_path, lambda text: without_job_permissions(text).replace(
        "\npermissions: {}\n", "\npermissions:\n  contents: read\n  pages: write\n  id-token: write\n"))
    assert sorted(zizmor(copy)) == [("excessive-permissions", "id-token: write"),
                                    ("excessive-permissions", "pages: write")]


def test_a_checkout_that_keeps_its_token_is_found(tmp_path):
    copy = workflows_copy(tmp_path, lambda text: text.replace(
        "\n        with:\n          persist-credentials: false", "", 1))
    assert [ident for ident, _ in zizmor(copy)] == ["artipacked"]


#: the test jobs' markers: between them every test (the browser tests are chromium's, webkit's or
#: firefox's; the accessibility sweep is chromium's)
JOB_MARKERS = ["not browser", "chromium and not a11y", "webkit", "firefox", "a11y"]


def test_the_job_markers_select_every_test_at_least_once():
    """Whatever markers a test gets from its fixtures (tests/conftest.py: ``browser`` exactly when
    it runs in an engine), one of the jobs' markers selects it; a marker dropped would not."""
    from itertools import combinations

    names = ["site", "chromium", "webkit", "firefox", "a11y"]

    def picks(expr: str, marks: set) -> bool:  # the markers are plain names joined by and/not/or
        return eval(expr, {"__builtins__": {}}, {n: n in marks for n in [*names, "browser"]})  # noqa: S307

    every = [set(c) for k in range(len(names) + 1) for c in combinations(names, k)]
    every = [m | ({"browser"} if m & {"chromium", "webkit", "firefox"} else set()) for m in every]
    assert [m for m in every if not any(picks(e, m) for e in JOB_MARKERS)] == []
    for dropped in JOB_MARKERS:
        rest = [e for e in JOB_MARKERS if e != dropped]
        assert [m for m in every if not any(picks(e, m) for e in rest)], dropped


def check_gated(flow: dict) -> None:
    """The workflow grants nothing; the test jobs and the build job read; the deploy job alone
    writes Pages and mints the id token, runs nothing of ours, and only after every test job
    (the README's command, one marker each, every test between them) and the build; no step may
    fail without failing its job."""
    assert flow["permissions"] == {}
    test, build, deploy = flow["jobs"]["test"], flow["jobs"]["build"], flow["jobs"]["deploy"]
    assert set(flow["jobs"]) == {"test", "build", "deploy"}
    assert test["permissions"] == {"contents": "read"}
    assert build["permissions"] == {"contents": "read", "pages": "read"}
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert sorted(deploy.get("needs") or []) == ["build", "test"]
    assert [m["marker"] for m in test["strategy"]["matrix"]["include"]] == JOB_MARKERS
    assert set(test["strategy"]["matrix"]) == {"include"}
    runs = [s.get("run") for s in test["steps"]]
    assert '.ci/run -m "$SVOD_MARKER"' in runs and test["steps"][runs.index('.ci/run -m "$SVOD_MARKER"')]["env"] == {
        "SVOD_MARKER": "${{ matrix.marker }}"}
    kinds = [s.get("run") or s["uses"].split("@")[0] for s in build["steps"]]
    assert kinds.index("scripts/build") < kinds.index("actions/upload-pages-artifact")
    jobs = [test, build, deploy]
    steps = [s for j in jobs for s in j["steps"]]
    assert not any("continue-on-error" in s for s in jobs + steps)
    assert [s["uses"].split("@")[0] for s in steps if "if" in s] == ["actions/upload-artifact"]
    assert not any("if" in j for j in jobs)
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def test_the_tests_gate_the_deploy_and_only_the_deploy_job_may_write():
    check_gated(yaml.safe_load(PAGES.read_text(encoding="utf-8")))


@pytest.mark.parametrize("what, edit", [
    ("the build job may deploy", lambda text: text.replace(
        "      pages: read # configure-pages reads the site's address\n", "      pages: write\n      id-token: write\n")),
    ("the tests may fail", lambda text: text.replace(
        '        run: .ci/run -m "$SVOD_MARKER"\n', '        run: .ci/run -m "$SVOD_MARKER"\n        continue-on-error: true\n')),
    ("the deploy waits for the build only", lambda text: text.replace("    needs: [test, build]\n", "    needs: build\n")),
    ("the deploy waits for nothing", lambda text: text.replace("    needs: [test, build]\n", "")),
    ("an engine's tests dropped", lambda text: text.replace(
        "          - part: webkit\n            marker: webkit\n", "")),
    ("the sweep left out of the chromium job and not run", lambda text: text.replace(
        "          - part: accessibility\n            marker: a11y\n", "")),
    ("a job that tests nothing", lambda text: text.replace(
        '        run: .ci/run -m "$SVOD_MARKER"\n', "        run: scripts/setup\n")),
])
def test_a_weakened_workflow_fails_the_gate_check(tmp_path, what, edit):
    copy = workflows_copy(tmp_path, edit)
    with pytest.raises(AssertionError):
        check_gated(yaml.safe_load((copy / PAGES.name).read_text(encoding="utf-8")))


# ---------------------------------------------------------------- the Python tools

def lock_pins() -> dict[str, list[lockfile.Pin]]:
    return lockfile.read_lock(lockfile.LOCK.read_text(encoding="utf-8"))


def test_every_installed_package_is_in_the_lock_with_its_hash():
    dists = lockfile.installed()
    assert len(dists) > 50 and any(d.name == "zizmor" for d in dists)
    assert lockfile.audit(dists, lock_pins(), lockfile.read_record()) == []


def test_the_lock_answers_requirements_dev_txt_as_it_is():
    text = lockfile.LOCK.read_text(encoding="utf-8")
    assert lockfile.stale(text) is None, "run scripts/lock"
    pins = lock_pins()
    assert lockfile.unpinned(lockfile.INPUT.read_text(encoding="utf-8"), pins) == []
    # every package pinned once, with a hash of each of its files
    assert all(len(v) == 1 and v[0].hashes for v in pins.values())
    # a compiled package brings a file for each platform and Python, and the lock lists them all
    assert len(pins["pyyaml"][0].hashes) > 20


def test_a_change_to_requirements_dev_txt_makes_the_lock_stale(tmp_path):
    """A tool added to requirements-dev.txt without scripts/lock (as a merge could bring)."""
    added = tmp_path / "requirements-dev.txt"
    added.write_text(lockfile.INPUT.read_text(encoding="utf-8") + "svod-not-a-tool==1.0\n", encoding="utf-8")
    assert lockfile.stale(lockfile.LOCK.read_text(encoding="utf-8"), added) == \
        "requirements-dev.txt has changed since requirements-dev.lock was made"
    assert lockfile.unpinned(added.read_text(encoding="utf-8"), lock_pins()) == \
        ["svod-not-a-tool==1.0: requirements-dev.lock pins no version of it"]


def lock_without(name: str) -> str:
    """The lock's text with the package ``name``'s entry (its pin, hashes and comments) left out."""
    text = lockfile.LOCK.read_text(encoding="utf-8")
    out, skip = [], False
    for line in text.splitlines(keepends=True):
        if not line.startswith((" ", "#")):
            skip = lockfile.canonical(line.split("==")[0]) == name
        if not skip:
            out.append(line)
    return "".join(out)


def test_an_installed_package_left_out_of_the_lock_fails_the_audit(tmp_path):
    copy = tmp_path / "requirements-dev.lock"
    copy.write_text(lock_without("pytest"), encoding="utf-8")
    pins = lockfile.read_lock(copy.read_text(encoding="utf-8"))
    assert "pytest" not in pins and len(pins) == len(lock_pins()) - 1
    version = next(d.version for d in lockfile.installed() if d.name == "pytest")
    assert lockfile.audit(lockfile.installed(), pins, lockfile.read_record()) == \
        [f"pytest {version}: installed, but not in requirements-dev.lock"]


def test_a_package_installed_from_a_file_the_lock_does_not_list_fails_the_audit():
    record = lockfile.read_record()
    other = "0" * 64
    record["zizmor"] = {**record["zizmor"], "sha256": other}
    problems = lockfile.audit(lockfile.installed(), lock_pins(), record)
    assert problems == [f"zizmor {record['zizmor']['version']}: installed from a file (sha256 {other}) "
                        "whose hash requirements-dev.lock does not list"]
    # installed, but not by setup's install (by hand, or before the lock): no hash recorded
    del record["zizmor"]
    version = lock_pins()["zizmor"][0].version
    assert lockfile.audit(lockfile.installed(), lock_pins(), record) == [
        f"zizmor {version}: not installed by scripts/setup from the lock (no hash-checked install "
        "of this version is recorded)"]


@pytest.fixture
def probe(tmp_path):
    """A throwaway virtualenv (no pip: the tools' pip acts on it) and a folder holding one
    wheel, rules_core's as the build makes it: (venv, wheels folder, the wheel's sha256)."""
    import hashlib

    name, data = wheel.wheel_bytes_and_name(ROOT)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    (wheels / Path(name).name).write_bytes(data)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return venv, wheels, hashlib.sha256(data).hexdigest()


def probe_install(venv, wheels, lock_text, tmp_path):
    lock = tmp_path / "probe.lock"
    lock.write_text(lock_text, encoding="utf-8")
    # only the folder: no index, no configuration of this machine
    lockfile.install(lock, venv, ("--isolated", "--no-index", "--find-links", str(wheels)))
    return lockfile.read_lock(lock_text)


def probe_pin(digest: str | None) -> str:
    line = f"{wheel.DIST_NAME}=={wheel.version(ROOT)}"
    return line + (f" \\\n    --hash=sha256:{digest}\n" if digest else "\n")


def test_setup_installs_a_locked_file_and_records_its_hash(probe, tmp_path):
    venv, wheels, digest = probe
    pins = probe_install(venv, wheels, probe_pin(digest), tmp_path)
    dists = lockfile.installed(venv)
    assert [(d.name, d.version) for d in dists] == [(wheel.DIST_NAME, wheel.version(ROOT))]
    assert lockfile.read_record(venv)[wheel.DIST_NAME]["sha256"] == digest
    assert lockfile.audit(dists, pins, lockfile.read_record(venv)) == []

    # left out of the lock: the audit names it, and the next install removes it
    assert lockfile.audit(dists, {}, lockfile.read_record(venv)) == \
        [f"{wheel.DIST_NAME} {wheel.version(ROOT)}: installed, but not in requirements-dev.lock"]
    probe_install(venv, wheels, "# nothing pinned\n", tmp_path)
    assert lockfile.installed(venv) == []


@pytest.mark.parametrize("digest, says", [
    ("a" * 64, "THESE PACKAGES DO NOT MATCH THE HASHES"),  # a substituted or re-published file
    (None, "Hashes are required in --require-hashes mode"),  # a package locked without a hash
], ids=["substituted-file", "no-hash"])
def test_setup_refuses_a_file_the_lock_does_not_hash(probe, tmp_path, capfd, digest, says):
    venv, wheels, _ = probe
    with pytest.raises(subprocess.CalledProcessError):
        probe_install(venv, wheels, probe_pin(digest), tmp_path)
    assert says in capfd.readouterr().err
    assert lockfile.installed(venv) == []


# ---------------------------------------------------------------- the lock's reader

NAMES = st.builds(str.__add__, st.sampled_from("abcdefghXYZ"), st.text("abcxyz0129-_.", max_size=8))
VERSIONS = st.builds(str.__add__, st.lists(st.integers(0, 999), min_size=1, max_size=4).map(
    lambda parts: ".".join(map(str, parts))), st.sampled_from(["", ".post1", "rc2", "b3"]))
MARKERS = st.sampled_from([None, "python_full_version < '3.13'", "sys_platform == 'win32'",
                           "platform_machine == 'x86_64' and python_full_version >= '3.13'"])
SHA256 = st.binary(min_size=32, max_size=32).map(bytes.hex)
HASHES = st.frozensets(SHA256, min_size=1, max_size=4)


def as_uv_writes(pins: list[lockfile.Pin]) -> str:
    """Pins in uv pip compile's layout: the header, each pin with its hashes on continuation
    lines, and its `# via` comments."""
    out = ["# This file was autogenerated by uv via the following command:\n#    scripts/lock\n"]
    for pin in pins:
        head = f"{pin.name}=={pin.version}" + (f" ; {pin.marker}" if pin.marker else "")
        out.append(" \\\n".join([head, *(f"    --hash=sha256:{h}" for h in sorted(pin.hashes))]) + "\n")
        out.append("    # via\n    #   -r requirements-dev.txt\n")
    return "".join(out)


@settings(deadline=None)  # pure and quick, but a loaded 2-core machine took 452 ms for one example
@given(st.lists(st.builds(lockfile.Pin, NAMES, VERSIONS, MARKERS, HASHES), max_size=6,
                unique_by=lambda p: lockfile.canonical(p.name)), SHA256, SHA256)
def test_the_lock_reads_back_what_uv_writes_and_the_stamp_is_one_line(pins, first, second):
    text = as_uv_writes(pins)
    assert lockfile.read_lock(text) == {lockfile.canonical(p.name): [p] for p in pins}
    once = lockfile.stamped(text, first)
    assert lockfile.recorded_input(once) == first and lockfile.read_lock(once) == lockfile.read_lock(text)
    again = lockfile.stamped(once, second)
    assert lockfile.recorded_input(again) == second
    assert len(again.splitlines()) == len(text.splitlines()) + 1
    assert lockfile.stamped(again, first) == once


def test_the_lock_reader_refuses_what_is_not_a_pin():
    for line in ("mkdocs>=1.6\n", "-e svod_site\n", "--index-url https://example.org/simple\n"):
        with pytest.raises(ValueError, match="not a pinned requirement"):
            lockfile.read_lock(line)


def test_the_lock_module_examples():
    import doctest

    assert doctest.testmod(lockfile).failed == 0
