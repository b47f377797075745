"""The README stays a short entry point, and the measured figures live in bench/.

Issue "a new lesson costs a day" §4: the README (set-up, use, layout, where the figures live)
is at most 150 lines, every ``make`` target it names exists, and its links lead to files; the
figures are in ``bench/REPORT.md``, rendered by ``bench/report.py`` from the results the
benchmarks record (``bench/_record.py``), and the report in the repository is the one the
recorded results give.  No build, no browser.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_LINES = 150


def bench_module(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def code_text(markdown: str) -> str:
    """The README's code: fenced blocks and inline code spans, where commands are written."""
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```", markdown, flags=re.MULTILINE | re.DOTALL)
    outside = re.sub(r"^```[^\n]*\n.*?^```", "", markdown, flags=re.MULTILINE | re.DOTALL)
    return "\n".join(fenced + re.findall(r"`([^`\n]+)`", outside))


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set()
    for line in text.splitlines():
        if found := re.match(r"^([A-Za-z0-9_./-]+(?:\s+[A-Za-z0-9_./-]+)*)\s*:(?!=)", line):
            targets.update(found.group(1).split())
    return targets


def test_the_readme_is_at_most_150_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines (at most {MAX_LINES})"


def test_the_readme_keeps_its_two_commands_and_ci_runs_the_second():
    code = code_text(README.read_text(encoding="utf-8"))
    for command in ("make site", "make test", "make test-fast", "make dist", "make serve"):
        assert re.search(rf"(?m)^{re.escape(command)}(\s|$)", code), command
    assert "make lesson SLUG=" in code and "TITLE_EN=" in code
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_every_make_target_the_readme_names_exists():
    named = set(re.findall(r"(?:^|\s)make ([a-z][a-z0-9-]*)", code_text(README.read_text())))
    assert {"site", "test", "test-fast", "dist", "serve", "lesson", "bench-report"} <= named
    targets = makefile_targets()
    missing = named - targets
    assert not missing, f"README.md names make targets the Makefile lacks: {sorted(missing)}"


def test_the_readme_links_lead_to_files():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    assert "bench/REPORT.md" in links and "bench/HISTORY.md" in links
    broken = [link for link in links if "://" not in link and not (ROOT / link).exists()]
    assert not broken, broken


def test_the_report_in_the_repository_is_what_the_recorded_results_give():
    report = bench_module("report")
    assert report.REPORT.read_text(encoding="utf-8") == report.render(), (
        "bench/REPORT.md is stale: run make bench-report"
    )


def test_a_recorded_result_reaches_the_report(tmp_path):
    record = bench_module("_record").record
    table = {"title": "timings", "columns": ["n", "ms"], "rows": [[10, "0.1"], [100, "a|b"]]}
    path = record("randomized-response", "RR", "make bench", [table], ["a note"], tmp_path)
    result = json.loads(path.read_text(encoding="utf-8"))
    assert result["benchmark"] == "randomized-response" and result["commit"]
    assert set(result["machine"]) == {"nproc", "cpu", "chromium", "python"}
    text = bench_module("report").render(tmp_path)
    assert "## RR" in text and "| 100 | a\\|b |" in text and "- a note" in text
    assert f"commit `{result['commit']}`" in text and result["date"] in text


def test_a_result_with_a_short_row_is_refused(tmp_path):
    record = bench_module("_record").record
    table = {"title": "t", "columns": ["a", "b"], "rows": [[1]]}
    with pytest.raises(ValueError, match="has 1 cells, expected 2"):
        record("x", "X", "cmd", [table], directory=tmp_path)
    with pytest.raises(ValueError, match="name must be"):
        record("Bad Name", "X", "cmd", [], directory=tmp_path)
