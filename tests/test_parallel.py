"""The suite's rule for running in parallel (tests/conftest.py): under ``-n 2 --dist loadgroup``
every browser test runs on one worker (one Chromium), except those marked ``browser_apart``,
which are collected last, each a group of its own that goes to whichever worker is free."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from dplab.site.project import REPOSITORY

RULE = "from tests.conftest import pytest_collection_modifyitems  # noqa: F401\n"
PROBE = """
import os
import pathlib

import pytest


def record(kind, request):
    worker = os.environ["PYTEST_XDIST_WORKER"]
    group = request.node.nodeid.partition("@")[2] or "-"
    with open(pathlib.Path(__file__).with_name("workers.txt"), "a") as log:
        log.write(f"{kind} {worker} {group}\\n")


@pytest.mark.browser
@pytest.mark.parametrize("i", range(8))
def test_in_a_browser(i, request):
    record("browser", request)


@pytest.mark.browser
@pytest.mark.browser_apart
@pytest.mark.parametrize("i", range(2))
def test_apart(i, request):
    record("apart", request)


@pytest.mark.parametrize("i", range(8))
def test_elsewhere(i, request):
    record("other", request)


@pytest.mark.build
def test_built(request):
    record("build", request)


@pytest.mark.build
@pytest.mark.slow
def test_built_slowly(request):
    record("build", request)
"""
INI = """[pytest]
markers =
    browser: a browser test
    browser_apart: a browser test apart
    build: a build test
    slow: a slow test
"""


def _probe(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess:
    (tmp_path / "test_probe.py").write_text(PROBE)
    (tmp_path / "conftest.py").write_text(RULE)
    (tmp_path / "pytest.ini").write_text(INI)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHONPATH"))}
    env["PYTHONPATH"] = str(REPOSITORY)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *arguments],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run


def test_every_browser_test_runs_on_one_worker(tmp_path: Path):
    _probe(tmp_path, "-n2", "--dist=loadgroup", "--no-loadscope-reorder")
    workers, groups = defaultdict(list), defaultdict(list)
    for line in (tmp_path / "workers.txt").read_text().splitlines():
        kind, worker, group = line.split()
        workers[kind].append(worker)
        groups[kind].append(group)
    assert len(workers["browser"]) == 8 and len(set(workers["browser"])) == 1
    assert set(groups["browser"]) == {"browser"}
    # each test apart is a group of its own (whichever worker asks first runs it)
    assert sorted(groups["apart"]) == ["browser-apart-test_apart[0]", "browser-apart-test_apart[1]"]
    assert len(workers["other"]) == 8 and set(groups["other"]) == {"-"}


def test_the_tests_are_collected_in_the_order_of_handing_out(tmp_path: Path):
    collected = _probe(tmp_path, "--collect-only", "-q").stdout.split()
    names = [line.split("::")[1].split("[")[0] for line in collected if "::" in line]
    assert names == ["test_in_a_browser"] * 8 + ["test_elsewhere"] * 8 + ["test_built_slowly"] + [
        "test_apart"
    ] * 2 + ["test_built"]
