"""Reading, lab and exercise time of a lesson, on lessons whose counts are known by
construction, and the course map's prerequisite graph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dplab.site import reading
from dplab.site.catalog import course_map_markdown, prerequisite_graph_svg
from dplab.site.lesson import parse_lesson_text
from dplab.site.reading import lesson_time
from tests.helpers import lesson_text

PATH = Path("lessons_src/01-parts.md")
GA = "가" * 10  # ten Hangul syllables


def time_of(body: str):
    return lesson_time(parse_lesson_text(lesson_text(body), PATH))


def test_each_kind_of_text_is_counted_at_its_rate():
    body = (
        f"{GA * 60}\n\n"  # 600 syllables: 2 minutes
        f"**증명.** {'가' * 148} $`x`$ ∎\n\n"  # 2 + 148 proof syllables: 1 minute; a formula
        + "$`a`$ " * 59
        + "\n\n"  # 59 more inline formulas: 60 × 2 s = 2 minutes
        + "```math\nx\n```\n\n" * 3  # 3 display formulas: 1 minute
        + "```python\n"
        + "x = 1\n" * 9
        + "y = 2\n```\n\n"  # 10 lines of code shown: 1 minute
        + "```python exec fold\nz = 3\n```\n\n"  # folded: not counted
        + "```python exec hide\nrr_lab(4)\n```\n"  # a lab (not run here)
        + "::: exercise\n문제\n--- solution\n해설\n:::\n"
        + "::: implementation 긴 이야기\n"
        + GA * 100
        + "\n:::\n"
    )
    time = time_of(body)
    assert (time.syllables, time.proof_syllables) == (600, 150)
    assert (time.inline_formulas, time.display_formulas, time.code_lines) == (60, 3, 10)
    assert (time.proofs, time.labs, time.exercises, time.quiz_questions) == (1, 1, 1, 0)
    assert time.reading_minutes == 2 + 1 + 2 + 1 + 1
    assert time.lab_minutes == reading.LAB_MINUTES
    assert time.exercise_minutes == reading.EXERCISE_MINUTES


def test_a_proof_ending_with_a_square_and_minutes_round_up():
    time = time_of(f"**증명.** {GA}\n\n{GA} $`\\square`$\n\n{GA}\n")
    assert (time.proof_syllables, time.syllables, time.proofs) == (22, 10, 1)  # "증명" counts
    assert time.reading_minutes == 1


def lesson(slug: str, order: int, needs: list[str]):
    text = (
        f"---\ntitle: 단원 {slug}\norder: {order}\nsummary: 요약\n"
        f"prerequisites: [{', '.join(needs)}]\ngoals: [할 수 있는 것]\n---\n글\n"
    )
    return parse_lesson_text(text, Path(f"lessons_src/0{order}-{slug}.md"))


def test_the_graph_puts_a_lesson_below_what_it_needs_and_draws_each_arrow():
    lessons = [
        lesson("a", 1, ["확률"]),
        lesson("b", 2, ["a"]),
        lesson("c", 3, ["a", "b"]),
        lesson("d", 4, ["a"]),
    ]
    svg = prerequisite_graph_svg(lessons)
    tops = {
        slug: float(y)
        for slug, y in re.findall(r'data-lesson="(\w)"><rect x="[\d.]+" y="([\d.]+)"', svg)
    }
    assert tops["a"] < tops["b"] == tops["d"] < tops["c"]
    assert svg.count('class="dplab-map-edge"') == 4  # a→b, a→c, b→c, a→d; not the topic
    assert "‘단원 c’을 읽기 전에: 단원 a, 단원 b." in svg
    page = course_map_markdown(lessons)
    assert "## 3. [단원 c](lessons/c.md)" in page and "- 할 수 있는 것" in page
    assert "읽기 약 1분" in page


def test_a_cycle_of_prerequisites_is_an_error():
    with pytest.raises(ValueError, match="cycle"):
        prerequisite_graph_svg([lesson("a", 1, ["b"]), lesson("b", 2, ["a"])])


def test_the_guide_states_the_rates_the_code_uses():
    guide = (Path(__file__).parents[2] / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = guide[guide.index("## 읽는 시간") :]
    for rate in (
        f"1분에 {reading.SYLLABLES_PER_MINUTE}음절",
        f"1분에 {reading.PROOF_SYLLABLES_PER_MINUTE}음절",
        f"1분에 {reading.OTHER_WORDS_PER_MINUTE}개",
        f"| {reading.INLINE_FORMULA_SECONDS}초",
        f"| {reading.DISPLAY_FORMULA_SECONDS}초",
        f"1분에 {reading.CODE_LINES_PER_MINUTE}줄",
        f"| {reading.LAB_MINUTES}분",
        f"| {reading.EXERCISE_MINUTES}분",
        f"| {reading.QUIZ_QUESTION_MINUTES}분",
    ):
        assert rate in section, rate
