"""``python -m dplab.site new``: a lesson started from the template builds at once and its
page passes the checks every lesson page passes; bad requests write nothing."""

from __future__ import annotations

import re

import pytest

from dplab.site.build import main
from dplab.site.editions import compare
from dplab.site.lesson import parse_lesson
from dplab.site.links import broken_links
from dplab.site.prebuild import BuildFailed, check_editions
from dplab.site.project import REPOSITORY, copy_course
from dplab.site.scaffold import new_lesson
from tests.conftest import SCAFFOLDED_SLUG
from tests.helpers import complete, lesson_text, make_project
from tests.site.test_build import ASSET_FROM_ELSEWHERE
from tests.site.test_reader_words import findings

TEMPLATE = (REPOSITORY / "lessons_src" / "_template.md").read_text(encoding="utf-8")
EN_TEMPLATE = (REPOSITORY / "lessons_src" / "en" / "_template.md").read_text(encoding="utf-8")


@pytest.fixture
def project(tmp_path):
    lessons = {
        "01-first.md": lesson_text("", order=1),
        "07-seventh.md": lesson_text("", title="일곱째", order=3),
        "_template.md": TEMPLATE,
    }
    return make_project(tmp_path / "course", lessons)


def test_new_takes_the_next_free_order_and_fills_title_and_order(project):
    path = new_lesson(project, "sparse-vector", '희소 벡터: "기법" #1')
    assert path.name == "08-sparse-vector.md"  # after the largest number in a file name
    lesson = parse_lesson(path)
    assert lesson.slug == "sparse-vector"
    assert lesson.meta.title == '희소 벡터: "기법" #1' and lesson.meta.order == 8


@pytest.mark.parametrize(
    "slug", ["", "Sparse", "sparse_vector", "-sparse", "sparse-", "a--b", "희소", "a b", "../x"]
)
def test_a_bad_slug_is_refused_and_nothing_is_written(project, slug):
    before = sorted(p.name for p in project.lessons_dir.iterdir())
    with pytest.raises(ValueError, match=r"slug must be lowercase letters and digits"):
        new_lesson(project, slug, "제목")
    assert sorted(p.name for p in project.lessons_dir.iterdir()) == before


def test_an_existing_slug_is_refused_naming_the_file(project):
    with pytest.raises(ValueError, match=r"already exists: .*07-seventh\.md"):
        new_lesson(project, "seventh", "제목")


@pytest.mark.parametrize("title", ["", "   ", "두\n줄"])
def test_an_empty_or_multiline_title_is_refused(project, title):
    with pytest.raises(ValueError, match=r"title must be"):
        new_lesson(project, "fresh", title)
    assert not list(project.lessons_dir.glob("*-fresh.md"))


def test_the_command_line_reports_a_bad_request_and_exits_2(capsys):
    assert main(["new", "Not_A_Slug", "--title", "제목"]) == 2
    assert "slug must be lowercase" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["new", "fresh-slug"])  # --title is required
    assert stopped.value.code == 2
    assert "--title" in capsys.readouterr().err
    assert not list((REPOSITORY / "lessons_src").glob("*-fresh-slug.md"))


# The one entry of the course bibliography that the template cites.
TEMPLATE_SOURCE = re.search(
    r"@\w+\{dwork2014algorithmic,.*?\n\}\n",
    (REPOSITORY / "lessons_src/references.bib").read_text("utf-8"),
    re.DOTALL,
)[0]


@pytest.fixture
def two_editions(tmp_path):
    lessons = {
        "01-first.md": lesson_text("", order=1),
        "en/01-first.md": lesson_text("", title="First", order=1),
        "_template.md": TEMPLATE,
        "en/_template.md": EN_TEMPLATE,
        "references.bib": TEMPLATE_SOURCE,
    }
    return copy_course(tmp_path / "course", complete(lessons), editions=("en",))


def test_new_starts_every_edition_with_one_skeleton(two_editions):
    path = new_lesson(two_editions, "sparse-vector", "희소 벡터 기법", {"en": "Sparse vectors"})
    english = parse_lesson(two_editions.lessons_dir / "en" / path.name)
    assert english.meta.title == "Sparse vectors" and english.meta.order == 2
    assert not english.meta.untranslated
    assert compare(parse_lesson(path), english) == []


def test_without_its_title_the_other_edition_is_marked_and_the_build_refuses_it(two_editions):
    path = new_lesson(two_editions, "sparse-vector", "희소 벡터 기법")
    english = parse_lesson(two_editions.lessons_dir / "en" / path.name)
    assert english.meta.untranslated and english.meta.title == "희소 벡터 기법"
    with pytest.raises(BuildFailed, match=r"lessons_src/en/02-sparse-vector.md:4: this edition "):
        check_editions(two_editions.editions())


def test_a_missing_template_of_another_edition_writes_nothing(two_editions):
    (two_editions.lessons_dir / "en" / "_template.md").unlink()
    with pytest.raises(ValueError, match=r"template .*en/_template\.md is missing"):
        new_lesson(two_editions, "sparse-vector", "희소 벡터 기법", {"en": "Sparse vectors"})
    assert not list(two_editions.root.glob("lessons_src/**/*-sparse-vector.md"))


@pytest.mark.parametrize("template", [TEMPLATE, EN_TEMPLATE], ids=["ko", "en"])
def test_the_template_shows_every_component(template):
    for needle in (
        "```python exec hide",
        "```python exec fold",
        "```python exec\n",
        "{{ ",
        "$`",
        "```math",
        "::: walkthrough",
        "::: definition",
        "::: theorem",
        "::: exercise",
        "--- solution",
        "::: quiz",
        "[@",
        "neighbour_densities_chart",
    ):
        assert needle in template, needle


@pytest.mark.build
def test_a_new_lesson_builds_at_once_and_its_page_passes_the_page_checks(scaffolded_site):
    expected_order = 1 + max(
        parse_lesson(p).meta.order for p in (REPOSITORY / "lessons_src").glob("[0-9]*.md")
    )
    page = (scaffolded_site / "lessons" / f"{SCAFFOLDED_SLUG}.html").read_text("utf-8")
    assert f"단원 {expected_order}" in page
    for rendered in (
        'class="dplab-walkthrough"',
        'class="dplab-chart',
        'class="katex-display"',
        'class="katex"',
        "dplab-callout dplab-definition",
        "dplab-callout dplab-theorem",
        "dplab-exercise",
        "dplab-quiz",
        'class="dplab-cite"',
    ):
        assert rendered in page, rendered
    assert "{{" not in re.sub(r"<code>.*?</code>", "", page, flags=re.S)  # every value filled
    assert not ASSET_FROM_ELSEWHERE.search(page)
    assert broken_links(scaffolded_site) == []
    assert (scaffolded_site / "notebooks" / f"{SCAFFOLDED_SLUG}.ipynb").is_file()
    # A reader meets no developer text on the new pages, in either edition (the template's
    # note on dplab.views stood in its prose until the contributor trial of 2026-12).
    for edition in ("", "en/"):
        for folder in ("lessons", "notebooks"):
            page = scaffolded_site / f"{edition}{folder}" / f"{SCAFFOLDED_SLUG}.html"
            assert findings(page) == [], page
