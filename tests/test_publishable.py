"""Publishable from the repository alone, as GitHub's Pages runner sees it: a clone with nothing
beside it. The suite's parts that read the sources pass there; no tracked file names a path
outside the repository; the Pages workflow installs what it needs and takes its address from
configure-pages."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def git(*args: str) -> str:
    # safe.directory: CI containers check the repository out as another user
    return subprocess.run(["git", "-c", "safe.directory=*", *args], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def tracked() -> list[str]:
    return [f for f in git("ls-files", "-z").split("\0") if f and (ROOT / f).is_file()]


def test_the_sources_are_in_the_repository():
    index = (ROOT / "sources" / "INDEX.md").read_text(encoding="utf-8")
    names = sorted(p.name for p in (ROOT / "sources").glob("[0-9][0-9][0-9]_*.txt"))
    assert len(names) == 5
    assert all(name in index for name in names)
    assert all(f"sources/{name}" in tracked() for name in names)


#: a path outside the repository: the old ../shared folder, or this machine's /work
OUTSIDE = re.compile(r"\.\./shared|/work/|shared/sources")


def test_no_tracked_file_names_a_path_outside_the_repository():
    bad = []
    for rel in tracked():
        if rel.startswith("sources/") or rel == "tests/test_publishable.py" \
                or rel.endswith((".png", ".wasm", ".whl", ".zip")):
            continue
        try:
            text = (ROOT / rel).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        bad += [f"{rel}:{n}" for n, line in enumerate(text.splitlines(), 1)
                if OUTSIDE.search(line)]
    assert not bad, bad


def source_tests(tests: Path) -> list[str]:
    """The test files that read the sources (through scripts.sources or the coverage check)."""
    out = []
    for f in sorted(tests.glob("test_*.py")):
        if f.name == Path(__file__).name:
            continue  # this file needs git, which a copy does not have
        text = f.read_text(encoding="utf-8")
        if "scripts.sources" in text or "from scripts.checks import coverage" in text:
            out.append(f.relative_to(tests.parent).as_posix())
    return out


@pytest.mark.slow
def test_a_copy_with_nothing_beside_it_passes_the_source_tests(tmp_path):
    """Every tracked file (as it is in the working tree, so the change under test is what is
    checked) copied into an empty folder: what `git clone` gives the Pages runner."""
    clone = tmp_path / "alone" / "svod"
    for rel in tracked():
        dest = clone / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dest)
    assert not (clone.parent / "shared").exists()
    files = source_tests(clone / "tests")
    assert len(files) >= 5, files
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files],
                       cwd=clone, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert " passed" in r.stdout
    r = subprocess.run([sys.executable, "-m", "scripts.checks.coverage"], cwd=clone, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert r.stdout.count("100.0 %") == 5


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def steps() -> list[dict]:
    """The steps of the test jobs, then the build job's."""
    jobs = workflow()["jobs"]
    return jobs["test"]["steps"] + jobs["build"]["steps"]


def test_the_workflow_pins_node_and_builds_for_the_pages_address():
    node = [s for s in steps() if str(s.get("uses", "")).startswith("actions/setup-node@")]
    assert node, "Node.js must come from actions/setup-node, not from whatever apt ships"
    version_file = node[0]["with"].get("node-version-file")
    assert version_file and (ROOT / version_file).is_file()
    pinned = (ROOT / version_file).read_text().strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), pinned
    build = [s for s in steps() if "SVOD_SITE_URL" in (s.get("env") or {})]
    assert build and "steps.pages.outputs.base_url" in build[0]["env"]["SVOD_SITE_URL"]
    runs = [s.get("run", "") for s in steps()]
    assert '.ci/run -m "$SVOD_MARKER"' in runs
    assert all("shared" not in r for r in runs)


def test_the_build_checks_the_node_version_it_was_pinned_to():
    """The snapshot is made in Node and must boot in the browser: a build on another Node
    major version fails before it makes one (scripts/steps/snapshot.py)."""
    from scripts.steps import snapshot

    pinned = (ROOT / ".node-version").read_text().strip()
    assert snapshot.NODE_MAJOR == int(pinned.split(".")[0])
    snapshot.check_node(f"v{pinned}\n")
    for other in (f"v{snapshot.NODE_MAJOR + 2}.1.0", f"v{snapshot.NODE_MAJOR - 2}.19.2", "", "node: not found"):
        with pytest.raises(SystemExit, match="Node.js"):
            snapshot.check_node(other)
