"""mypy's configuration ([tool.mypy] in pyproject.toml, run by make lint over dplab): strict
on the maths layer, checked without the annotation requirement on the views and the site.

Each test type-checks a module of the package as if it held the probe's text (mypy's
``--shadow-file``), so nothing in the tree changes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dplab.site.project import REPOSITORY

PROBE = """\
def double(x):
    return 2 * x


def halve(x: int) -> int:
    return x / 2
"""


def mypy(module: str, source: str, tmp_path) -> list[str]:
    """mypy's error lines on the package's file ``module`` read as ``source`` (the modules
    that its package imports are checked too, and may now miss a name: left out here)."""
    shadow = tmp_path / "probe.py"
    shadow.write_text(source, encoding="utf-8")
    options = [f"--cache-dir={tmp_path / 'cache'}", "--shadow-file", module, str(shadow)]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", *options, module],
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        timeout=300,
        check=False,
    )
    assert run.returncode in (0, 1), run.stdout + run.stderr
    return [line for line in run.stdout.splitlines() if line.startswith(f"{module}:")]


@pytest.mark.slow
@pytest.mark.parametrize(
    "module", ["dplab/_errors.py", "dplab/mechanisms/laplace.py", "dplab/userlevel/metric.py"]
)
def test_the_maths_layer_is_strict(module, tmp_path):
    assert mypy(module, PROBE, tmp_path) == [
        f"{module}:1: error: Function is missing a type annotation  [no-untyped-def]",
        f'{module}:6: error: Incompatible return value type (got "float", expected "int")  '
        "[return-value]",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("module", ["dplab/views/_labels.py", "dplab/site/errors.py"])
def test_the_views_and_the_site_are_checked_but_need_no_annotations(module, tmp_path):
    assert mypy(module, PROBE, tmp_path) == [
        f'{module}:6: error: Incompatible return value type (got "float", expected "int")  '
        "[return-value]",
    ]
