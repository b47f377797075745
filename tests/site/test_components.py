"""Lesson furniture: parsing, checking (file and line of mistakes), page and notebook output."""

from __future__ import annotations

from pathlib import Path

import pytest

from dplab.site.components import check_lesson, quiz_questions
from dplab.site.errors import LessonError
from dplab.site.lesson import Component, parse_lesson_text
from dplab.site.notebook import jupyter_markdown
from dplab.site.render import render_page
from tests.helpers import lesson_text

PATH = Path("lessons_src/01-parts.md")

QUIZ = """## 첫째 절
::: quiz
--- question 어느 것이 맞나요?
hint: 첫째 절을 다시 읽어 보세요.
section: #첫째-절
- [ ] 첫째
    첫째가 틀린 이유.
- [x] 둘째 $`x`$
    둘째가 맞는 이유,
    두 줄로.
- [ ] 셋째
    셋째가 틀린 이유.
--- question 값 {{ 1 + 1 }}은?
부가 설명 줄.
hint: $`1 + 1`$을 {{ 1 }}부터 세어 보세요.
section: 첫째-절
- [x] {{ 2 }}
    맞습니다.
- [ ] 셋
    아닙니다.
- [ ] 넷
    아닙니다.
:::
"""

# A question's header lines (stem, hint, section) for the error cases below: the stem is on
# line 8 of the lesson, its options start on line 11.
HEAD = "## 절\n::: quiz\n--- question 질문\nhint: 힌트\nsection: #절\n"


def parse(body: str):
    lesson = parse_lesson_text(lesson_text(body), PATH)
    check_lesson(lesson)
    return lesson


def test_quiz_questions_options_and_explanations():
    lesson = parse(QUIZ)
    quiz = lesson.parts[-1]
    assert isinstance(quiz, Component) and quiz.kind == "quiz"
    first, second = quiz_questions(quiz, PATH)
    assert [o.correct for o in first.options] == [False, True, False]
    assert first.options[1].text.pieces == ("둘째 $`x`$",)
    assert first.options[1].explanation.pieces == ("둘째가 맞는 이유,\n두 줄로.",)
    assert first.options[1].line == 13
    assert first.hint.pieces == ("첫째 절을 다시 읽어 보세요.",)
    assert first.section == second.section == "첫째-절"
    assert second.hint.pieces[1].field == "1"
    assert second.stem.pieces[0] == "값 " and second.stem.pieces[1].field == "1 + 1"
    assert "부가 설명 줄." in second.stem.pieces[-1]
    assert second.options[0].correct and second.options[0].text.pieces[0].field == "2"


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        (HEAD + "- [ ] 가\n    a\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n", 8, "no correct option"),
        (HEAD + "- [x] 가\n    a\n- [x] 나\n    b\n- [ ] 다\n    c\n:::\n", 8, "2 correct options"),
        (HEAD + "- [x] 가\n    a\n- [ ] 나\n    b\n:::\n", 8, "at least 3 options .*found 2"),
        (HEAD + "- [x] 가\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n", 11, "needs an explanation"),
        (HEAD + "- [x] 가\n설명\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n", 12, "indented by 4"),
        (
            "## 절\n::: quiz\n--- question 질문\nsection: #절\n"
            "- [x] 가\n    a\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n",
            8,
            "needs a 'hint: …' line",
        ),
        (
            "## 절\n::: quiz\n--- question 질문\nhint: 힌트\n"
            "- [x] 가\n    a\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n",
            8,
            "needs a 'section: …' line",
        ),
        (
            "## 절\n::: quiz\n--- question 질문\nhint: 힌트\nsection: #없는-절\n"
            "- [x] 가\n    a\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n",
            10,
            "'section: #없는-절' is not the anchor of a heading of this lesson .*#절",
        ),
        (
            HEAD + "- [x] 가\n    a\n- [ ] 나\n    b\n- [ ] 다\n    c\nhint: 또\n:::\n",
            17,
            "write 'hint:' before the question's options",
        ),
        (
            HEAD.replace("hint: 힌트", "hint:")
            + "- [x] 가\n    a\n- [ ] 나\n    b\n- [ ] 다\n    c\n:::\n",
            9,
            "'hint:' needs text",
        ),
        ("::: quiz\n:::\n", 6, "at least one '--- question'"),
        (HEAD + "- [x]\n    a\n- [ ] c\n    d\n- [ ] e\n    f\n:::\n", 11, "option has no text"),
        (
            "::: quiz\n질문 없이\n--- question q\n- [x] a\n    b\n- [ ] c\n    d\n:::\n",
            7,
            "after a '--- question'",
        ),
        ("::: walkthrough 제목\n```python exec\nx = 1\n```\n:::\n", 6, "at least one '--- step'"),
        ("::: walkthrough\n--- step 하나\n글\n:::\n", 6, "starts with a 'python exec' block"),
        ("::: walkthrough\n```python exec\nx=1\n```\n--- step\n글\n:::\n", 10, "needs a title"),
        ("::: exercise 문제\n본문만 있고 해설이 없다\n:::\n", 6, "exactly one '--- solution'"),
        ("::: exercise\n--- solution\n해설\n:::\n", 6, "no problem text"),
        ("::: exercise\n문제\n--- solution\n:::\n", 8, "solution is empty"),
        (
            "::: exercise\n문제\n--- hint\n힌트\n--- solution\n해설\n:::\n",
            8,
            "'--- hint' is not part",
        ),
        ("::: scope\n:::\n", 6, "this scope is empty"),
        ("::: sidebar\n글\n:::\n", 6, "unknown component 'sidebar'"),
        ("::: note\n글\n", 6, "never closed"),
        ("::: note\n::: note\n글\n:::\n:::\n", 7, "cannot be nested"),
        (":::\n", 6, "closes no component"),
    ],
)
def test_invalid_components_stop_with_file_and_line(body, line, message):
    with pytest.raises(LessonError, match=message) as caught:
        parse(body)
    assert (caught.value.path, caught.value.line) == (PATH, line)


def test_code_fences_inside_components_do_not_end_them():
    lesson = parse("::: note\n```text\n:::\n--- x\n```\n:::\n")
    (note,) = lesson.parts
    assert [s.marker for s in note.sections] == [None]


def page_of(body: str) -> str:
    from dplab.site.execute import execute_lesson

    lesson = parse(body)
    return render_page(lesson, execute_lesson(lesson), "lessons_src/01-parts.md")


def test_page_html_of_each_kind():
    page = page_of(
        "::: misreading\n조심할 점.\n:::\n"
        "::: exercise 둘\n문제 {{ 2 * 3 }}\n--- solution\n답은 {{ 6 }}.\n:::\n" + QUIZ
    )
    assert '<div class="admonition dplab-callout dplab-misreading" markdown="1">' in page
    assert '<p class="admonition-title">흔한 오해</p>' in page
    assert '<p class="admonition-title">연습 문제 1. 둘</p>' in page and "문제 6" in page
    assert "<summary>해설 보기</summary>" in page and "답은 6." in page
    assert page.count('type="radio"') == 6
    assert page.count('data-correct="true"') == 2
    assert page.count('<a href="#첫째-절">첫째 절</a>') == 2
    assert page.count('class="dplab-quiz-hint"') == 2 and "1부터 세어 보세요" in page
    assert page.count("dplab-quiz-reveal") == 2
    assert "값 2는?" in page  # the particle after a computed value agrees with it
    assert 'data-lesson="parts"' in page


def test_notebook_markdown_of_a_quiz_keeps_questions_and_answers():
    from dplab.site.execute import execute_lesson
    from dplab.site.notebook import render_notebook

    lesson = parse(QUIZ)
    notebook = render_notebook(lesson, execute_lesson(lesson))
    assert "**문제 1.** 어느 것이 맞나요?" in notebook
    assert "- B. 둘째 $x$" in notebook
    assert "문제 1 B (정답): 둘째가 맞는 이유" in notebook
    assert "<details><summary>정답과 해설</summary>" in notebook


def test_lesson_header_and_footer():
    from dplab.site.execute import execute_lesson

    first = parse_lesson_text(
        lesson_text("글\n", title="첫째", order=1), Path("lessons_src/01-a.md")
    )
    text = "---\ntitle: 둘째\norder: 2\nsummary: 둘째 요약\nprerequisites: [a, 확률]\n---\n글\n"
    second = parse_lesson_text(text, Path("lessons_src/02-b.md"))
    lessons = {"a": first, "b": second}
    page = render_page(second, execute_lesson(second), "lessons_src/02-b.md", lessons)
    assert (
        '<p class="dplab-lesson-meta">단원 2 · 읽기 약 1분 · '
        '<a href="../contributing-reference.html#' in page
    )
    assert "[첫째](a.md), 확률" in page
    assert '<a class="dplab-previous" href="a.html" rel="prev">' in page
    assert "dplab-next" not in page


def test_lesson_header_states_the_learning_goals_at_the_top():
    """The goals of the front matter open the lesson, not only the course map (issue 21),
    between the summary and the text; a lesson without goals has no box."""
    from dplab.site.execute import execute_lesson

    text = (
        "---\ntitle: 셋째\norder: 3\nsummary: 요약\ngoals:\n"
        "  - 거리 d<sub>EM</sub>을 계산한다.\n  - 정의를 쓴다.\n---\n본문의 글\n"
    )
    lesson = parse_lesson_text(text, Path("lessons_src/03-c.md"))
    page = render_page(lesson, execute_lesson(lesson), "lessons_src/03-c.md", {"c": lesson})
    box = page.index('<div class="dplab-goals" markdown="block">')
    assert page.index('class="dplab-summary"') < box < page.index("본문의 글")
    assert "**이 단원을 마치면 할 수 있는 것**" in page[box:]
    assert "- 거리 d<sub>EM</sub>을 계산한다.\n- 정의를 쓴다.\n" in page[box:]
    bare = parse_lesson_text(lesson_text("글\n", title="첫째"), Path("lessons_src/01-a.md"))
    assert "dplab-goals" not in render_page(bare, execute_lesson(bare), "x.md", {"a": bare})


def test_notebook_callout_is_a_quote():
    assert jupyter_markdown("> a") == "> a"


def test_the_quiz_says_only_first_answers_count_toward_learned():
    """The quiz's own words (issue 21, item 2): a lesson is learned only when every
    question's first answer was right; the score the script fills in counts those."""
    from dplab.views._labels import LABELS

    page = page_of(QUIZ)
    assert "모든 문제를 정답 보기 없이 맞히면 이 단원이 학습함이 됩니다" not in page
    assert "모든 문제를 처음 고른 답으로, 정답 보기 없이 맞혔을 때만 이 단원이 학습함이" in page
    assert "다시 풀어도 저장된 첫 답의 결과는 바뀌지 않습니다" in page
    assert "점수에는 문제마다 처음 고른 답만 들어갑니다" in page
    for words in LABELS.values():
        # components.js fills {first} (questions right at the first answer) and {total}.
        assert "{first}" in words["quiz.score"] and "{total}" in words["quiz.score"]
        assert "quiz.best" not in words
    assert LABELS["ko"]["quiz.score"].startswith("처음에 맞힌 문제 {first} / {total}")
