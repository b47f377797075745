"""Two editions of one course: the skeleton that both editions of a lesson share
(:mod:`dplab.site.editions`), and the build's refusal to go on when they drift."""

from __future__ import annotations

from pathlib import Path

import pytest

from dplab.site.build import build_site
from dplab.site.editions import compare
from dplab.site.lesson import parse_lesson, parse_lesson_text
from dplab.site.prebuild import BuildFailed
from dplab.site.project import REPOSITORY, Project, copy_course
from dplab.views import current_language, use_language

SOURCE = Path("lessons_src/01-tour.md")
OTHER = Path("lessons_src/en/01-tour.md")


def _texts() -> tuple[str, str]:
    return (REPOSITORY / SOURCE).read_text("utf-8"), (REPOSITORY / OTHER).read_text("utf-8")


def _line_of(text: str, needle: str) -> int:
    """The line (from 1) on which ``needle`` first stands in ``text``."""
    return text[: text.index(needle)].count("\n") + 1


def _compare(source_text: str, other_text: str) -> list[str]:
    source = parse_lesson_text(source_text, SOURCE)
    other = parse_lesson_text(other_text, OTHER)
    slugs = [parse_lesson(path).slug for path in Project().lesson_files()]
    return [str(error) for error in compare(source, other, slugs)]


def test_every_lesson_of_the_course_has_both_editions_with_one_skeleton():
    source, other = Project(), Project(edition="en")
    names = [path.name for path in source.lesson_files()]
    assert [path.name for path in other.lesson_files()] == names
    slugs = [parse_lesson(path).slug for path in source.lesson_files()]
    for name in names:
        pair = parse_lesson(source.lessons_dir / name), parse_lesson(other.lessons_dir / name)
        assert compare(*pair, slugs) == [], name


def test_prose_headings_comments_and_citation_locators_are_free():
    source, other = _texts()
    edited = (
        other.replace("## Privacy loss", "## The loss of privacy")
        .replace("section: #privacy-loss", "section: #the-loss-of-privacy")
        .replace("# In the notebook", "# Try it in the notebook")
        .replace("\n## Setting\n", "\n## Setting\n\nAn extra sentence of prose.\n")
    )
    assert edited != other
    assert _compare(source, edited) == []
    cited = "Text [@dwork2014algorithmic, 정리 3.16].\n"
    assert _compare(source + cited, edited + cited.replace("정리", "Theorem")) == []


# What is edited in the English edition only: (old, new) pairs, the first naming the place.
ONE_SIDED = {
    "code": [("peak = laplace.density(0.0,", "peak = laplace.density(1.0,")],
    "quiz key": [("- [ ] grows.", "- [x] grows."), ("- [x] shrinks.", "- [ ] shrinks.")],
    "inline expression": [("{{ peak:.2f }}", "{{ peak:.3f }}")],
}


@pytest.mark.parametrize("what", sorted(ONE_SIDED))
def test_a_one_sided_change_is_found_and_both_places_are_named(what):
    source, other = _texts()
    edited = other
    for old, new in ONE_SIDED[what]:
        assert old in other, "the English edition changed: pick another edit"
        edited = edited.replace(old, new, 1)
    errors = _compare(source, edited)
    assert len(errors) == 1, errors
    # a quiz key is named by its question's line
    other_line = _line_of(
        other, "--- question As the scale" if what == "quiz key" else ONE_SIDED[what][0][0]
    )
    assert errors[0].startswith(f"{OTHER}:{other_line}:")
    source_lines = {
        "code": _line_of(source, "peak = laplace.density(0.0,"),
        "quiz key": _line_of(source, "--- question 척도"),
        "inline expression": _line_of(source, "{{ peak:.2f }}"),
    }
    assert f"{SOURCE}:{source_lines[what]}" in errors[0], errors[0]


def test_a_component_more_in_one_edition_stops_the_comparison_there():
    source, other = _texts()
    extra = "::: note An extra box\nOnly in English.\n:::\n\n## Privacy loss"
    errors = _compare(source, other.replace("## Privacy loss", extra, 1))
    assert len(errors) == 1
    assert "skeletons part here" in errors[0] and "component 'note'" in errors[0]
    assert errors[0].startswith(f"{OTHER}:{_line_of(other, '## Privacy loss')}:")


def _two_edition_course(tmp_path: Path, english: str | None) -> Project:
    source, _other = _texts()
    lessons = {"01-tour.md": source, "references.bib": ""}
    if english is not None:
        lessons["en/01-tour.md"] = english
    return copy_course(tmp_path / "course", lessons, editions=("en",))


def test_the_build_stops_before_any_lesson_runs_when_an_edition_drifts(tmp_path):
    _source, other = _texts()
    project = _two_edition_course(tmp_path, other.replace("{{ peak:.2f }}", "{{ peak:.3f }}"))
    with pytest.raises(BuildFailed) as failed:
        build_site(project)
    message = str(failed.value)
    assert "lessons_src/en/01-tour.md:" in message and "lessons_src/01-tour.md:" in message
    assert not (project.cache_dir / "lessons").exists()  # nothing ran
    assert not project.site_dir.exists()


def test_a_lesson_without_its_other_edition_fails_the_build_by_name(tmp_path):
    project = _two_edition_course(tmp_path, None)
    with pytest.raises(BuildFailed, match=r"lessons_src/01-tour.md: this lesson has no 'en' "):
        build_site(project)


@pytest.mark.build
def test_a_build_of_both_editions_leaves_the_callers_language(tmp_path):
    """The MkDocs hook makes each edition's language the words' language while it builds;
    the process's own comes back (the tests after a build read Korean labels)."""
    _source, other = _texts()
    project = _two_edition_course(tmp_path, other)
    with use_language("ko"):
        site = build_site(project)
        assert current_language() == "ko"
    assert (site / "en" / "lessons" / "tour.html").is_file()
