"""Reading, lab and exercise time of a lesson, on lessons whose counts are known by
construction, and the course map's prerequisite graph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dplab.site import reading
from dplab.site.catalog import course_map_markdown, prerequisite_list
from dplab.site.lesson import parse_lesson_text
from dplab.site.reading import lesson_time
from dplab.site.render import time_text
from dplab.views import label, use_language
from tests.helpers import lesson_text

PATH = Path("lessons_src/01-parts.md")
GA = "가" * 10  # ten Hangul syllables
ROOT = Path(__file__).parents[2]
QUESTION = (
    "--- question 물음 {k}\nhint: 힌트\nsection: #절\n"
    "- [ ] 하나\n    해설\n- [x] 둘\n    해설\n- [ ] 셋\n    해설\n"
)


def time_of(body: str):
    return lesson_time(parse_lesson_text(lesson_text(body), PATH))


def test_each_kind_of_text_is_counted_and_read_and_worked_at_its_rate():
    body = (
        "## 절\n\n"
        f"{GA * 60}\n\n"  # 600 syllables outside proofs
        f"**증명.** {'가' * 148} "  # with "증명", 150 proof syllables
        + "$`x`$ " * 15
        + "∎\n\n"  # 15 formulas in the proof
        + "$`a`$ " * 45
        + "\n\n"  # 45 formulas outside it
        + "```math\nx\n```\n\n" * 4  # 4 display formulas
        + "```python\n"
        + "x = 1\n" * 9
        + "y = 2\n```\n\n"  # 10 lines of code shown
        + "```python exec fold\nz = 3\n```\n\n"  # folded: not counted
        + "```python exec hide\nrr_lab(4)\n```\n"  # a lab (not run here)
        + "::: exercise\n문제\n--- solution\n해설\n:::\n"
        + "::: exercise\n문제\n--- solution\n해설\n:::\n"
        + "::: implementation 긴 이야기\n"
        + GA * 100
        + "\n:::\n"
        + "::: quiz\n"
        + "".join(QUESTION.format(k=k) for k in range(3))
        + ":::\n"
    )
    time = time_of(body)
    assert (time.syllables, time.proof_syllables) == (600 + 1, 150)  # "절" is read too
    assert (time.inline_formulas, time.proof_formulas, time.display_formulas) == (45, 15, 4)
    assert time.code_lines == 10
    assert (time.proofs, time.labs, time.exercises, time.quiz_questions) == (1, 1, 2, 3)
    # Reading: 601/300 + 150/300 + (60 × 2 s + 4 × 20 s)/60 + 10/10 = 6.84 minutes.
    assert time.reading_minutes == 7
    # Working through: 601/300 + 150/150 + (45 × 2 s + 15 × 4 s + 4 × 45 s)/60 + 10/10
    # + a lab + 3 questions = 2.003 + 1 + 5.5 + 1 + 10 + 3 minutes.
    assert time.working_minutes == 23
    assert time.exercise_minutes == 2 * 6


def test_a_proof_ending_with_a_square_and_minutes_round_up():
    time = time_of(f"**증명.** {GA}\n\n{GA} $`\\square`$\n\n{GA}\n")
    assert (time.proof_syllables, time.syllables, time.proofs) == (22, 10, 1)  # "증명" counts
    assert (time.proof_formulas, time.inline_formulas) == (1, 0)
    assert time.reading_minutes == 1
    assert time.working_minutes == 1


def test_the_lesson_line_shows_reading_working_through_and_exercises():
    display = "```math\nx\n```\n\n" * 2  # read in 40 s, worked in 90 s
    time = time_of(f"{GA}\n\n{display}::: exercise\n문제\n--- solution\n해설\n:::\n")
    assert time_text(time) == "읽기 약 1분 · 풀며 읽기 약 2분 · 연습 문제 1개 약 6분"
    assert time_text(time, exercises=False) == "읽기 약 1분 · 풀며 읽기 약 2분"
    assert time_text(time_of(f"{GA}\n")) == "읽기 약 1분"  # nothing to work through


def test_the_english_lesson_line_agrees_in_number_and_korean_keeps_its_counter():
    """Review 2026-12 (A8): the tour's header said "1 exercises"."""
    display = "```math\nx\n```\n\n" * 2
    exercise = "::: exercise\n문제\n--- solution\n해설\n:::\n"
    one = time_of(f"{GA}\n\n{display}{exercise}")
    three = time_of(f"{GA}\n\n{display}{exercise * 3}")
    with use_language("en"):
        assert time_text(one) == (
            "about 1 min to read · about 2 min to work through · 1 exercise (about 6 min)"
        )
        assert time_text(three).endswith(" · 3 exercises (about 18 min)")
    assert time_text(one).endswith("연습 문제 1개 약 6분")
    assert time_text(three).endswith("연습 문제 3개 약 18분")


@pytest.mark.parametrize("name", ["05-composition.md", "06-inference.md"])
def test_working_through_a_long_lesson_takes_45_to_60_minutes(name):
    """Issue 21: "읽기 약 30분" was the only figure for these lessons, while a reader who
    follows the proofs needs 45–60 minutes."""
    path = ROOT / "lessons_src" / name
    time = lesson_time(parse_lesson_text(path.read_text(encoding="utf-8"), path))
    assert time.proofs >= 2 and time.labs == 1 and time.quiz_questions >= 5
    assert 25 <= time.reading_minutes < 45 <= time.working_minutes <= 60
    line = time_text(time)
    assert f"읽기 약 {time.reading_minutes}분 · 풀며 읽기 약 {time.working_minutes}분" in line


def lesson(slug: str, order: int, needs: list[str]):
    text = (
        f"---\ntitle: 단원 {slug}\norder: {order}\nsummary: 요약\n"
        f"prerequisites: [{', '.join(needs)}]\ngoals: [할 수 있는 것]\n---\n글\n"
    )
    return parse_lesson_text(text, Path(f"lessons_src/0{order}-{slug}.md"))


def test_the_list_has_a_row_per_lesson_in_order_with_a_chip_per_lesson_it_needs():
    lessons = [
        lesson("a", 1, ["확률"]),
        lesson("b", 2, ["a"]),
        lesson("c", 3, ["b", "a"]),  # chips in the lesson order all the same
        lesson("d", 4, ["a"]),
    ]
    listed = prerequisite_list(lessons)
    rows = re.findall(r'<li class="dplab-map-node" data-lesson="(\w)"', listed)
    assert rows == ["a", "b", "c", "d"]
    chips = re.findall(r"\[([^]]+)\]\(lessons/(\w)\.md\)\{ \.dplab-map-chip \}", listed)
    assert chips == [  # not the topic
        ("1. 단원 a", "a"),
        ("1. 단원 a", "a"),
        ("2. 단원 b", "b"),
        ("1. 단원 a", "a"),
    ]
    assert "먼저 읽을 단원: 없음" in listed  # lesson a needs no lesson
    page = course_map_markdown(lessons)
    assert "## 3. [단원 c](lessons/c.md)" in page and "- 할 수 있는 것" in page
    assert "읽기 약 1분" in page


@pytest.mark.parametrize("needs", [["b"], ["a"]])
def test_a_lesson_that_needs_a_later_or_itself_is_an_error(needs):
    """The map says a lesson's prerequisites always come before it; a cycle cannot either."""
    with pytest.raises(ValueError, match="does not come before it"):
        prerequisite_list([lesson("a", 1, needs), lesson("b", 2, ["a"])])


def _guide_rows(lang: str = "ko") -> dict[str, list[str]]:
    folder = ROOT / "docs" if lang == "ko" else ROOT / "docs" / lang
    guide = (folder / "contributing-reference.md").read_text(encoding="utf-8")
    heading = label("guide.time_anchor", lang).replace("-", " ")
    section = guide[guide.lower().index(f"## {heading}") :]
    section = section[: section.index("\n## ")]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return {cells[0].strip(): [cell.strip() for cell in cells[1:]] for cells in rows}


def test_the_guide_states_the_rates_the_code_uses():
    r = reading
    expected = {
        "증명 밖의 한글": [f"1분에 {r.SYLLABLES_PER_MINUTE}음절"] * 2,
        "증명(`**증명.**`부터 `∎` 또는 $`\\square`$까지)의 한글": [
            f"1분에 {r.SYLLABLES_PER_MINUTE}음절",
            f"1분에 {r.PROOF_SYLLABLES_PER_MINUTE}음절",
        ],
        "수식 밖의 영문 낱말과 숫자": [f"1분에 {r.OTHER_WORDS_PER_MINUTE}개"] * 2,
        "영어 판: 증명 밖의 낱말(수식 밖의 숫자 포함)": [f"1분에 {r.WORDS_PER_MINUTE}개"] * 2,
        "영어 판: 증명(`**Proof.**`부터)의 낱말": [
            f"1분에 {r.WORDS_PER_MINUTE}개",
            f"1분에 {r.PROOF_WORDS_PER_MINUTE}개",
        ],
        "본문 속 수식 하나(증명 밖)": [f"{r.INLINE_FORMULA_SECONDS}초"] * 2,
        "본문 속 수식 하나(증명 안)": [
            f"{r.INLINE_FORMULA_SECONDS}초",
            f"{r.PROOF_FORMULA_SECONDS}초",
        ],
        "가운데 정렬 수식 하나": [
            f"{r.DISPLAY_FORMULA_SECONDS}초",
            f"{r.DISPLAY_FORMULA_WORKING_SECONDS}초",
        ],
        "보이는 코드(접거나 숨긴 코드는 빼고)": [f"1분에 {r.CODE_LINES_PER_MINUTE}줄"] * 2,
        "실험실 하나": ["넣지 않음", f"{r.LAB_MINUTES}분"],
        "이해 확인 문제 하나": ["넣지 않음", f"{r.QUIZ_QUESTION_MINUTES}분"],
        "연습 문제 하나": [f"따로 {r.EXERCISE_MINUTES}분"] * 2,
    }
    rows = _guide_rows()
    assert rows.pop("무엇") == ["읽기", "풀며 읽기"]
    rows.pop("---")
    assert rows == expected


def test_the_english_guide_states_the_rates_of_the_english_edition():
    r = reading
    rows = _guide_rows("en")
    assert (
        rows["English edition: words outside proofs (numbers outside formulas included)"]
        == [f"{r.WORDS_PER_MINUTE} a minute"] * 2
    )
    assert rows["English edition: words in a proof (from `**Proof.**`)"] == [
        f"{r.WORDS_PER_MINUTE} a minute",
        f"{r.PROOF_WORDS_PER_MINUTE} a minute",
    ]
    assert rows["A display formula"] == [
        f"{r.DISPLAY_FORMULA_SECONDS} seconds",
        f"{r.DISPLAY_FORMULA_WORKING_SECONDS} seconds",
    ]


def test_an_english_edition_takes_about_as_long_as_its_korean_source():
    """The same lesson read at the same pace in either language: within a quarter."""
    for path in sorted((ROOT / "lessons_src" / "en").glob("[0-9]*.md")):
        english = lesson_time(parse_lesson_text(path.read_text("utf-8"), path), "en")
        source = ROOT / "lessons_src" / path.name
        korean = lesson_time(parse_lesson_text(source.read_text("utf-8"), source), "ko")
        assert english.words > 0 and korean.words == 0
        ratio = english.working_minutes / korean.working_minutes
        assert 0.75 <= ratio <= 1.25, (path.name, english.working_minutes, korean.working_minutes)


def test_the_course_map_explains_both_figures():
    page = (ROOT / "docs" / "course-map.md").read_text(encoding="utf-8")
    paragraph = page[page.index("**걸리는 시간.**") :].split("\n\n")[0]
    assert "읽기, 실험실, 연습 문제와 이해 확인에 걸리는 시간을 따로" not in paragraph
    assert "읽기는" in paragraph and "풀며 읽기는" in paragraph
    assert f"contributing-reference.md#{label('guide.time_anchor')}" in paragraph
