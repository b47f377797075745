"""Parsing lesson sources: front matter, blocks, options, inline values, and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from dplab.site.errors import LessonError
from dplab.site.lesson import CodeBlock, InlineValue, Prose, parse_lesson_text
from tests.helpers import lesson_text

PATH = Path("lessons_src/01-sample.md")


def parse(body: str, **kwargs):
    return parse_lesson_text(lesson_text(body, **kwargs), PATH)


def test_parts_in_order_with_source_lines():
    lesson = parse("글 {{ x:.2f }}.\n\n```python exec fold\nx = 1\n```\n끝\n")
    prose, block, tail = lesson.parts
    assert isinstance(prose, Prose) and prose.line == 6
    assert prose.pieces == ("글 ", InlineValue("x:.2f", 6), ".\n")
    assert block == CodeBlock(source="x = 1", line=9, executed=True, display="fold")
    assert isinstance(tail, Prose) and tail.pieces == ("끝\n",)
    assert lesson.slug == "sample"
    assert lesson.meta.title == "시험 단원"


def test_display_only_block_and_other_fences_stay_prose():
    lesson = parse("```python\nprint(1)\n```\n```math\na\n```\n")
    block, prose = lesson.parts
    assert block == CodeBlock(source="print(1)", line=7, executed=False)
    assert prose.pieces == ("```math\na\n```\n",)


def test_escaped_braces_are_literal():
    lesson = parse("리터럴 \\{{ x }} 그대로\n")
    assert lesson.parts[0].pieces == ("리터럴 {{ x }} 그대로\n",)


def test_timeout_option():
    lesson = parse("```python exec hide timeout=2.5\npass\n```\n")
    assert lesson.parts[0].timeout == 2.5
    assert lesson.parts[0].display == "hide"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "---\ntitle: a\norder: 1\nsummary: s\ncolour: red\n---\n",
            5,
            "unknown front-matter key 'colour'",
        ),
        ("---\norder: 1\nsummary: s\n---\n", 1, "missing the required key 'title'"),
        ("---\ntitle: a\norder: first\nsummary: s\n---\n", 3, "order must be a int"),
        ("---\ntitle: a\norder: true\nsummary: s\n---\n", 3, "order must be a int"),
        ("---\ntitle: ''\norder: 1\nsummary: s\n---\n", 2, "title must not be empty"),
        ("---\ntitle: a\norder: 1\nsummary: s\nprerequisites: [1]\n---\n", 5, "prerequisites"),
        ("---\ntitle: [a\n---\n", 2, "not valid YAML"),
        ("---\ntitle: 거리 d_EM\norder: 1\nsummary: s\n---\n", 2, "title must be plain words"),
        ("---\norder: 1\ntitle: 거리 $`d`$\nsummary: s\n---\n", 3, "title must be plain words"),
        ("---\ntitle: a\norder: 1\nsummary: 거리 $`d`$\n---\n", 4, "summary must not hold math"),
        ("---\ntitle: a\norder: 1\nsummary: s\ngoals: [$`d`$ 계산]\n---\n", 5, "goals must not"),
        ("no front matter\n", 1, "must start with YAML front matter"),
        ("---\ntitle: a\n", 1, "not closed"),
    ],
)
def test_bad_front_matter(text, line, message):
    with pytest.raises(LessonError, match=message) as caught:
        parse_lesson_text(text, PATH)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"{PATH}:{line}: ")


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("```python exec fast\npass\n```\n", 6, "unknown code-block option 'fast'"),
        ("```python run\npass\n```\n", 6, "unknown code-block option 'run'"),
        ("```python exec timeout=-1\npass\n```\n", 6, "timeout must be a number"),
        ("```python exec timeout=abc\npass\n```\n", 6, "timeout must be a number"),
        ("text\n```python exec\npass\n", 7, "never closed"),
        ("!!! note\n    ```python exec\n    pass\n    ```\n", 7, "left margin"),
        ("a {{ }} b\n", 6, "empty"),
        ("a {{ x: }  b\n", 6, "not closed"),
        ("a {{ x y }} b\n", 6, "not valid"),
    ],
)
def test_bad_body(body, line, message):
    with pytest.raises(LessonError, match=message) as caught:
        parse(body)
    assert caught.value.line == line


def test_file_name_must_carry_number_and_slug():
    with pytest.raises(LessonError, match=r"NN-slug\.md"):
        parse_lesson_text(lesson_text(""), Path("lessons_src/Sample.md"))
