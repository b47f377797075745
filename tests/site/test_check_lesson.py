"""``python -m dplab.site check-lesson SLUG``: its first step refuses a lesson's source with
file and line, and the tests it runs are the suite's own, chosen in tests/conftest.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from dplab.site.check_lesson import CHECK_LESSON, check_lesson_files, lesson_files, main
from dplab.site.project import REPOSITORY, Project

TEMPLATES = [
    REPOSITORY / "lessons_src" / "_template.md",
    REPOSITORY / "lessons_src/en/_template.md",
]
COLLECT = ["--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"]


def _write(folder, texts):
    paths = []
    for name, text in zip(("10-x.md", "en/10-x.md"), texts, strict=True):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace("__TITLE__", "X").replace("__ORDER__", "10"), "utf-8")
        paths.append(path)
    return paths


def test_the_source_step_passes_the_templates_and_names_each_missing_part(tmp_path):
    texts = [path.read_text("utf-8") for path in TEMPLATES]
    assert check_lesson_files(_write(tmp_path / "good", texts), ["tour", "x"]) == []
    no_goals = [re.sub(r"^goals:.*\n(?:  - .*\n)*", "", text, flags=re.M) for text in texts]
    problems = check_lesson_files(_write(tmp_path / "bad", no_goals), ["tour", "x"])
    assert [p.split(": ", 1)[0] for p in problems] == [
        f"{tmp_path}/bad/10-x.md:6",
        f"{tmp_path}/bad/en/10-x.md:6",
    ]
    assert all("has no goals" in p for p in problems)


def test_an_edition_that_differs_is_named(tmp_path):
    texts = [path.read_text("utf-8") for path in TEMPLATES]
    texts[1] = texts[1].replace("{{ peak:.2f }}", "{{ peak:.3f }}")
    problems = check_lesson_files(_write(tmp_path, texts), ["tour", "x"])
    assert len(problems) == 1 and "10-x.md:" in problems[0]


def test_an_unknown_slug_is_refused_with_the_lessons_that_exist(capsys):
    assert main("no-such-lesson") == 2
    assert "slug must name one lesson of lessons_src/ (tour, randomized-response" in (
        capsys.readouterr().err
    )
    assert [p.name for p in lesson_files(Project(), "laplace")] == ["03-laplace.md"] * 2


def _selected(stem: str) -> list[str]:
    """The tests of tests/site that check-lesson runs for the lesson ``stem``."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *COLLECT, "tests/site"],
        cwd=REPOSITORY,
        env={**os.environ, CHECK_LESSON: stem},
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in run.stdout.splitlines() if "::" in line]


@pytest.mark.slow
def test_check_lesson_runs_the_built_courses_checks_and_the_lessons_own_and_no_browser():
    chosen = _selected("03-laplace")
    # the checks of the built course (the site that check-lesson builds)
    assert (
        "tests/site/test_links.py::test_every_internal_link_and_anchor_of_the_built_site_resolves"
        in chosen
    )
    assert "tests/site/test_reader_words.py::test_no_readers_page_shows_developer_text" in chosen
    assert (
        "tests/site/test_notebook.py::"
        "test_every_exercise_is_followed_by_a_cell_to_try_and_then_its_solution" in chosen
    )
    # the lesson's own: its claims tests (the file names it) and the scans of every lesson
    assert "tests/site/test_claims_lessons_01_05.py::test_the_particle_reading_rules" in chosen
    assert (
        "tests/site/test_lesson_source_wording.py::"
        "test_no_lesson_speaks_about_the_courses_own_sources[03-laplace.md]" in chosen
    )
    assert not [t for t in chosen if "[04-gaussian" in t or "test_claims_lessons_06_09" in t]
    # not the template's site (a build of its own), nor a fixture course's build
    assert not [t for t in chosen if "test_a_new_lesson_builds_at_once" in t]
    assert not [t for t in chosen if "leaves_the_callers_language" in t]
    assert 60 <= len(chosen) <= 200
