"""One ``node --test`` run checks every script rule against Python's golden vectors.

See :mod:`tests.js.golden`: each topic ``golden_<name>.py`` has its Node test
``<name>.test.cjs``; both are found by name, so a topic cannot lose its check.
"""

from __future__ import annotations

import json
import os
import re
import subprocess

from tests.js.golden import JS_TESTS, golden_dir, topics


def node_tests() -> list[str]:
    return sorted(path.name.removesuffix(".test.cjs") for path in JS_TESTS.glob("*.test.cjs"))


def test_every_golden_topic_has_its_node_test():
    assert topics() == node_tests()
    assert topics(), "no golden topic found"


def test_the_pages_scripts_agree_with_python(tmp_path):
    """Every Node test passes, and every topic compares its cases through ``sameEach``,
    whose counts are written beside the vectors (``cases.json``, read by bench/suite.py)."""
    folder = golden_dir()
    files = [str(JS_TESTS / f"{name}.test.cjs") for name in node_tests()]
    counted = tmp_path / "cases.jsonl"
    counted.touch()
    run = subprocess.run(
        ["node", "--test", "--test-reporter=spec", *files],
        env={**os.environ, "DPLAB_GOLDEN": str(folder), "DPLAB_CASES": str(counted)},
        capture_output=True,
        text=True,
        check=False,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-30000:]
    passed = re.search(r"ℹ pass (\d+)", report)
    assert passed and int(passed.group(1)) >= len(files), report[-3000:]
    cases: dict[str, int] = {}
    for line in counted.read_text().splitlines():
        entry = json.loads(line)
        topic = entry["file"].removesuffix(".test.cjs")
        cases[topic] = cases.get(topic, 0) + entry["cases"]
    assert sorted(cases) == node_tests(), "a topic compared no case through sameEach"
    (folder / "cases.json").write_text(json.dumps(cases, indent=1, sort_keys=True))
