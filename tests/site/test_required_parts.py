"""The parts every lesson has (goals, an exercise, a quiz): a lesson without one is refused
by the build at the line where the part goes, saying what to add (the contributor trial of
2026-12: a lesson without goals or an exercise built and passed ``make test-fast``, then
failed ``make test`` with ``assert 9 == 10`` and ``assert []``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dplab.site.build import build_site
from dplab.site.components import REQUIRED_PARTS, check_lesson, missing_parts
from dplab.site.lesson import parse_lesson, parse_lesson_text
from dplab.site.prebuild import BuildFailed
from dplab.site.project import REPOSITORY, Project, copy_course

TEMPLATES = {
    "ko": REPOSITORY / "lessons_src" / "_template.md",
    "en": REPOSITORY / "lessons_src" / "en" / "_template.md",
}


def _lesson(edition: str) -> str:
    """The template of ``edition`` as ``new`` fills it in."""
    text = TEMPLATES[edition].read_text("utf-8")
    return text.replace("__TITLE__", "A lesson").replace("__ORDER__", "2")


def _without(text: str, part: str) -> str:
    """``text`` without ``part``: its goals (the key and its items) or every component of
    that kind."""
    if part == "goals":
        return re.sub(r"^goals:.*\n(?:  - .*\n)*", "", text, count=1, flags=re.M)
    return re.sub(rf"^::: {part}\b.*?^:::\n", "", text, flags=re.M | re.S)


def _line_of(text: str, needle: str, last: bool = False) -> int:
    index = text.rindex(needle) if last else text.index(needle)
    return text[:index].count("\n") + 1


def _where(text: str, part: str) -> int:
    """Where the error for the missing ``part`` points: above the end of the front matter,
    above the quiz, after the last line."""
    if part == "goals":
        return _line_of(text, "\n---\n") + 1
    if part == "exercise":
        return _line_of(text, "::: quiz")
    return len(text.rstrip("\n").split("\n"))


@pytest.mark.parametrize("edition", TEMPLATES)
def test_the_templates_have_every_required_part(edition):
    lesson = parse_lesson_text(_lesson(edition), Path("lessons_src/02-a.md"))
    check_lesson(lesson)
    assert missing_parts(lesson) == []
    assert REQUIRED_PARTS == ("goals", "exercise", "quiz")


@pytest.mark.parametrize("part", REQUIRED_PARTS)
@pytest.mark.parametrize("edition", TEMPLATES)
def test_a_lesson_without_a_required_part_is_refused_at_its_line(edition, part):
    text = _without(_lesson(edition), part)
    path = Path("lessons_src/02-a.md")
    lesson = parse_lesson_text(text, path)
    check_lesson(lesson)  # every part it has is well formed
    (error,) = missing_parts(lesson)
    assert str(error).startswith(f"{path}:{_where(text, part)}: ")
    add = {"goals": "'goals: [", "exercise": "'::: exercise <title>'", "quiz": "'::: quiz'"}
    assert f"add {'above' if part != 'quiz' else 'after'} this" in error.message
    assert add[part] in error.message and "_template.md" in error.message


def test_empty_goals_count_as_none():
    text = _lesson("ko").replace("goals:\n", "goals: []\n").replace("  - ", "# ")
    (error,) = missing_parts(parse_lesson_text(text, Path("lessons_src/02-a.md")))
    assert "has no goals" in error.message


def test_a_lesson_without_all_three_gets_one_error_for_each():
    text = _lesson("en")
    for part in REQUIRED_PARTS:
        text = _without(text, part)
    errors = missing_parts(parse_lesson_text(text, Path("lessons_src/en/02-a.md")))
    assert [e.message.split(",")[0] for e in errors] == [
        "the front matter has no goals",
        "the lesson has no exercise",
        "the lesson has no quiz",
    ]


def test_every_lesson_of_the_course_has_them():
    for edition in Project().editions():
        for path in edition.lesson_files():
            assert missing_parts(parse_lesson(path)) == [], path


def test_the_build_refuses_both_editions_before_any_lesson_runs(tmp_path):
    """End to end on a tiny copied course: the source edition lacks its goals, the English
    edition its exercise; the build names both files and lines, and nothing runs."""
    lessons = {
        "02-a.md": _without(_lesson("ko"), "goals"),
        "en/02-a.md": _without(_lesson("en"), "exercise"),
        "references.bib": (REPOSITORY / "lessons_src" / "references.bib").read_text("utf-8"),
    }
    project = copy_course(tmp_path / "course", lessons, editions=("en",))
    with pytest.raises(BuildFailed) as failed:
        build_site(project)
    message = str(failed.value)
    goals, exercise = _where(lessons["02-a.md"], "goals"), _where(lessons["en/02-a.md"], "exercise")
    assert f"lessons_src/02-a.md:{goals}: the front matter has no goals" in message
    assert f"lessons_src/en/02-a.md:{exercise}: the lesson has no exercise" in message
    assert len(failed.value.errors) == 2
    assert not (project.cache_dir / "lessons").exists()  # nothing ran
    assert not project.site_dir.exists()
