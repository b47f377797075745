"""Node checks every script rule against Python's golden vectors, one topic per run.

See :mod:`tests.js.golden`: each topic ``golden_<name>.py`` has its Node test
``<name>.test.cjs``; both are found by name, so a topic cannot lose its check.  Each topic
is one ``node --test`` run (about a tenth of a second to start), so that pytest-xdist's
two workers write and check two topics at a time.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from tests.js.golden import JS_TESTS, REPOSITORY, cases_file, golden_file, topics


def node_tests() -> list[str]:
    return sorted(path.name.removesuffix(".test.cjs") for path in JS_TESTS.glob("*.test.cjs"))


def test_every_golden_topic_has_its_node_test():
    assert topics() == node_tests()
    assert topics(), "no golden topic found"


@pytest.mark.parametrize("name", topics())
def test_the_pages_scripts_agree_with_python(name, tmp_path):
    """The topic's Node test passes and compares its cases through ``sameEach``, whose
    counts are written beside the vectors (:func:`tests.js.golden.cases_file`, read by
    bench/suite.py)."""
    vectors = golden_file(name)
    counted = tmp_path / "cases.jsonl"
    counted.touch()
    run = subprocess.run(
        ["node", "--test", "--test-reporter=spec", str(JS_TESTS / f"{name}.test.cjs")],
        env={
            **os.environ,
            "DPLAB_GOLDEN": json.dumps({name: str(vectors)}),
            "DPLAB_CASES": str(counted),
        },
        capture_output=True,
        text=True,
        check=False,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-30000:]
    passed = re.search(r"ℹ pass (\d+)", report)
    assert passed and int(passed.group(1)) >= 1, report[-3000:]
    cases = sum(json.loads(line)["cases"] for line in counted.read_text().splitlines())
    assert cases > 0, f"{name}.test.cjs compared no case through sameEach"
    cases_file(name).write_text(json.dumps({name: cases}))


CHECK_SOURCES = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from tests.js.golden import REPOSITORY, sources_of, topics
missing = {}
for name in topics():
    for module in [m for m in sys.modules if m.split(".")[0] in ("dplab", "tests")]:
        del sys.modules[module]  # the repository's modules only: each topic loads its own
    __import__(f"tests.js.golden_{name}")
    files = [getattr(m, "__file__", None) for m in list(sys.modules.values())]
    ours = [REPOSITORY / "dplab", REPOSITORY / "tests"]
    loaded = {Path(f).resolve() for f in files if f}
    loaded = {f for f in loaded if any(f.is_relative_to(folder) for folder in ours)}
    missing[name] = sorted(str(p) for p in loaded - set(sources_of(name)))
print(json.dumps(missing))
"""


def test_a_topics_cache_key_covers_every_module_it_loads():
    """The vectors are keyed on the files that :func:`tests.js.golden.sources_of` finds in
    the source; every module of the repository that importing the topic loads is among them
    (a missed one would leave stale vectors after an edit to it)."""
    run = subprocess.run(
        [sys.executable, "-c", CHECK_SOURCES, str(REPOSITORY)],
        capture_output=True,
        text=True,
        check=True,
    )
    missing = json.loads(run.stdout)
    assert sorted(missing) == topics()
    assert not any(missing.values()), missing
