"""The pre-build on fixture projects: cache hits and invalidation, errors, what is written."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from dplab.site.notebook import SETUP
from dplab.site.prebuild import BuildFailed, prebuild, script_words, site_config_js, site_scripts
from dplab.site.project import REPOSITORY, Project
from dplab.views import LABELS
from tests.helpers import complete_lesson, lesson_text, make_project

FIRST = lesson_text(
    "```python exec fold\nx = 2\nprint('hello')\n```\n\n"
    "값은 {{ x * 10 }}이다. 수식 $`x = {{ x }}`$.\n\n```python exec hide\nx + 1\n```\n",
    title="첫째",
    order=1,
)
SECOND = lesson_text("```python exec\ny = 5\n```\n\ny는 {{ y }}.\n", title="둘째", order=2)


def quiet(project: Project, **kwargs):
    return prebuild(project, log=lambda _line: None, **kwargs)


@pytest.fixture
def project(tmp_path):
    # Key the cache on a private copy of the sources, so a test may change "dplab".
    sources = tmp_path / "sources"
    shutil.copytree(
        REPOSITORY / "dplab", sources / "dplab", ignore=shutil.ignore_patterns("__pycache__")
    )
    for name in ("requirements.lock", "pyproject.toml"):
        shutil.copy(REPOSITORY / name, sources / name)
    base = make_project(tmp_path / "course", {"01-first.md": FIRST, "02-second.md": SECOND})
    return Project(root=base.root, source_root=sources)


def test_first_build_executes_and_writes_pages_notebooks_and_assets(project):
    report = quiet(project)
    assert sorted(report.executed) == ["first", "second"] and report.cached == []
    page = (project.generated_lessons / "first.md").read_text()
    assert '??? code "코드 보기"' in page and "    x = 2" in page  # folded block
    assert "값은 20이다." in page
    assert "x + 1" not in page and "<code>3</code>" in page  # hidden code, shown output
    assert '<pre class="dplab-output"><code>hello\n</code></pre>' in page
    notebook = json.loads((project.generated_notebooks / "first.ipynb").read_text())
    setup, *code_cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert "".join(setup["source"]) == SETUP and setup["outputs"] == []
    # (the last code cell is the one to try the exercise in, which every lesson has)
    assert [c["metadata"]["jupyter"]["source_hidden"] for c in code_cells[:-1]] == [True, True]
    assert "".join(code_cells[0]["outputs"][0]["text"]) == "hello\n"
    assert (project.vendor_dir / "vega-embed.min.js").is_file()
    assert (project.generated_assets / "dplab-config.js").is_file()


def test_unchanged_lessons_come_from_the_cache_and_nothing_is_rewritten(project):
    quiet(project)
    report = quiet(project)
    assert report.executed == [] and sorted(report.cached) == ["first", "second"]
    assert report.written == []


def test_editing_a_lesson_reexecutes_only_that_lesson(project):
    quiet(project)
    path = project.lessons_dir / "02-second.md"
    path.write_text(path.read_text().replace("y = 5", "y = 6"))
    report = quiet(project)
    assert report.executed == ["second"] and report.cached == ["first"]
    assert "y는 6." in (project.generated_lessons / "second.md").read_text()


def test_a_change_in_dplab_reexecutes_every_lesson(project):
    quiet(project)
    module = project.source_root / "dplab" / "mechanisms" / "laplace.py"
    module.write_text(module.read_text() + "\n# changed\n")
    report = quiet(project)
    assert sorted(report.executed) == ["first", "second"]


def test_the_language_of_mkdocs_yml_reaches_the_lessons_the_pages_and_the_cache(project):
    """``theme.language`` is read once and passed on: the lesson's own ``label`` calls, the
    words the rendering adds and the pages' script are in that language, and a change of
    language re-executes the lessons (their outputs hold words)."""
    quiet(project)
    config = project.root / "mkdocs.yml"
    config.write_text(config.read_text().replace("  language: ko\n", "  language: en\n"))
    english = Project(root=project.root, source_root=project.source_root)
    lesson = english.lessons_dir / "02-second.md"
    lesson.write_text(
        lesson.read_text()
        + "\n```python exec\nfrom dplab.views import label\nlabel('code.fold')\n```\n"
    )
    report = quiet(english)
    assert sorted(report.executed) == ["first", "second"]
    assert '??? code "Show code"' in (english.generated_lessons / "first.md").read_text()
    assert (
        "<code>&#x27;Show code&#x27;</code>"
        in (english.generated_lessons / "second.md").read_text()
    )
    # the page scripts' words (dplab-config.js holds those the scripts name)
    assert (
        '"quiz.correct": "Correct."' in (english.generated_assets / "dplab-config.js").read_text()
    )


def test_inline_values_fill_math_before_it_is_rendered(tmp_path):
    project = make_project(tmp_path, {"01-first.md": FIRST})
    quiet(project)
    page = (project.generated_lessons / "first.md").read_text()
    assert "수식 $`x = 2`$." in page


def test_duplicate_order_names_both_files(project):
    (project.lessons_dir / "03-third.md").write_text(
        complete_lesson(lesson_text("", title="셋째", order=2))
    )
    expected = r"03-third\.md:3: order 2 is already used by 02-second\.md"
    with pytest.raises(BuildFailed, match=expected):
        quiet(project)


def test_a_failing_block_fails_the_build_and_writes_nothing(project):
    (project.lessons_dir / "03-bad.md").write_text(
        complete_lesson(lesson_text("```python exec\nraise RuntimeError('boom')\n```\n", order=3))
    )
    with pytest.raises(BuildFailed) as caught:
        quiet(project)
    (error,) = caught.value.errors
    assert str(error).startswith("lessons_src/03-bad.md:8: this block raised an error")
    assert "RuntimeError: boom" in str(error)
    assert not project.generated_lessons.exists()


def test_invalid_tex_names_file_and_line(project):
    (project.lessons_dir / "03-tex.md").write_text(
        complete_lesson(lesson_text("좋은 식 $`a`$\n\n```math\n\\frac{1}{\n```\n", order=3))
    )
    with pytest.raises(BuildFailed, match=r"lessons_src/03-tex.md:9: invalid TeX") as caught:
        quiet(project)
    assert "KaTeX parse error" in str(caught.value)


def test_deleted_lessons_leave_no_stale_pages(project):
    quiet(project)
    (project.lessons_dir / "02-second.md").unlink()
    quiet(project)
    assert sorted(p.name for p in project.generated_lessons.iterdir()) == ["first.md"]
    notebooks = sorted(p.name for p in project.generated_notebooks.glob("*.ipynb"))
    assert notebooks == ["first.ipynb"]


def test_the_pages_carry_the_words_their_scripts_name_and_no_other():
    """dplab-config.js holds the words that a served script names as a string literal
    (found here by a pattern over the scripts, not by the build's own search): the
    quiz's and the labs' words, not the charts' axis titles that the build writes into
    the pages."""
    scripts = [path.read_text("utf-8") for path in site_scripts(Project())]
    literals = {
        m for script in scripts for m in re.findall(r'"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"', script)
    }
    for language in LABELS:
        words = script_words(language, scripts)
        assert set(words) == literals & set(LABELS[language])
        assert {"quiz.correct", "lab.typed_off_grid", "comp.badge_pass"} <= set(words)
        assert "rr.alpha_axis" not in words and len(words) < len(LABELS[language]) / 2
        config = site_config_js(language, scripts).decode()
        data = json.loads(config.split("window.DPLAB = ", 1)[1].rstrip().removesuffix(";"))
        assert data["labels"] == words
