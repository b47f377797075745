"""How long a contributor waits for the tests (a benchmark, not a timed test).

Runs ``make test-fast`` and then ``make test`` (the whole suite, as CI runs it) in this
checkout and prints, for each tier, the wall time and the number of tests that passed,
failed, errored and were skipped (read from a JUnit report that pytest writes through
``PYTEST_ADDOPTS``), then what the suite checked: the cases each Node topic compared with
Python's golden vectors (``tests/js``) and the size of the bad-input contract matrix.
The installs that both targets do first are no-ops once done; run each once before
measuring.  ``--fast-only`` skips the whole suite.

    .venv/bin/python bench/suite.py [--fast-only]

``MAKE`` (default ``make``) is the command run, with its arguments, e.g.
``MAKE="make VENV=/elsewhere/.venv"`` for a virtual environment outside the checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from _record import record  # bench/, the script's folder

ROOT = Path(__file__).resolve().parents[1]


def run_tier(target: str, report: Path) -> dict[str, float | int]:
    """Run ``make <target>``; its wall time, exit status and pytest's counts."""
    command = [*shlex.split(os.environ.get("MAKE", "make")), target]
    addopts = f"{os.environ.get('PYTEST_ADDOPTS', '')} --junit-xml={report}".strip()
    start = time.perf_counter()
    run = subprocess.run(command, cwd=ROOT, env={**os.environ, "PYTEST_ADDOPTS": addopts})
    wall = time.perf_counter() - start
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    if report.is_file():
        for suite in ET.parse(report).getroot().iter("testsuite"):
            for name in counts:
                counts[name] += int(suite.get(name, 0))
    passed = counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"]
    return {"wall": wall, "status": run.returncode, "passed": passed, **counts}


def checked_counts() -> list[tuple[str, int]]:
    """What the suite checks, beside its time: the cases of each Node topic (counted by the
    last ``tests/js`` run) and the cases of the bad-input contract matrix."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "maths")]  # as pytest's rootdir and conftest
    from tests.js.golden import cases_file, topics
    from tests.maths.test_contract import CASES, EXAMPLES

    counts = {}
    for name in topics():
        counted = cases_file(name)
        counts.update(json.loads(counted.read_text()) if counted.is_file() else {name: 0})
    rows = [(f"node: {topic}", n) for topic, n in sorted(counts.items())]
    rows.append((f"contract matrix ({len(EXAMPLES)} functions)", len(CASES)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast-only", action="store_true", help="skip 'make test'")
    args = parser.parse_args(argv)
    tiers = ["test-fast"] if args.fast_only else ["test-fast", "test"]
    rows = []
    with tempfile.TemporaryDirectory() as temporary:
        for target in tiers:
            rows.append((target, run_tier(target, Path(temporary) / f"{target}.xml")))
    columns = ("passed", "failures", "errors", "skipped")
    print(f"\n{'tier':<16}{'wall':>12}" + "".join(f"{name:>10}" for name in columns))
    for target, r in rows:
        minutes, seconds = divmod(round(r["wall"]), 60)
        wall = f"{minutes} min {seconds:02d} s"
        print(f"{'make ' + target:<16}{wall:>12}" + "".join(f"{r[name]:>10}" for name in columns))
    print(f"\n{'checked':<44}{'cases':>10}")
    checked = checked_counts()
    for what, n in checked:
        print(f"{what:<44}{n:>10,}")
    tier_rows = []
    for target, r in rows:
        minutes, seconds = divmod(round(r["wall"]), 60)
        tier_rows.append([f"make {target}", f"{minutes} min {seconds:02d} s"])
        tier_rows[-1] += [r[name] for name in columns]
    record(
        "suite" + ("-fast" if args.fast_only else ""),
        "How long a contributor waits for the tests, and what they check",
        "bench/suite.py" + (" --fast-only" if args.fast_only else ""),
        [
            {
                "title": "wall time and counts",
                "columns": ["tier", "wall", *columns],
                "rows": tier_rows,
            },
            {
                "title": "checked",
                "columns": ["what", "cases"],
                "rows": [[w, n] for w, n in checked],
            },
        ],
    )
    return max(r["status"] for _, r in rows)


if __name__ == "__main__":
    sys.exit(main())
