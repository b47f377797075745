"""Lesson furniture in the browser: stepper, quiz memory, table view, print, keyboard (axe runs
on every page: tests.browser.test_pages)."""

from __future__ import annotations

import json

import pytest

from dplab.site.project import REPOSITORY
from tests.browser.helpers import scroll_to_and_render, wait_until_ready

pytestmark = pytest.mark.browser

LESSON = "lessons/tour.html"
LESSON_COUNT = len(list((REPOSITORY / "lessons_src").glob("[0-9][0-9]-*.md")))


def test_walkthrough_steps_show_one_step_and_work_by_keyboard(open_page):
    visit = open_page(LESSON)
    page = visit.page
    box = page.locator(".dplab-walkthrough")
    count = box.locator(".dplab-walkthrough-count")
    visible = box.locator(".dplab-walkthrough-step:visible")
    assert count.inner_text() == "1 / 3"
    assert visible.count() == 1 and visible.get_attribute("data-step") == "1"
    box.locator('[data-action="next"]').click()
    assert count.inner_text() == "2 / 3"
    assert visible.get_attribute("data-step") == "2"
    assert visible.locator(".dplab-walkthrough-panel svg.marks").count() == 1
    box.locator('[data-action="next"]').focus()
    page.keyboard.press("Enter")
    assert count.inner_text() == "3 / 3"
    assert box.locator('[data-action="next"]').is_disabled()
    page.keyboard.press("ArrowLeft")
    assert count.inner_text() == "2 / 3"
    assert visible.get_attribute("data-step") == "2"
    assert visit.console_errors == []


def choose(page, question: int, correct: bool):
    option = page.locator(
        f'.dplab-quiz-question[data-question="{question}"] '
        f'.dplab-quiz-option[data-correct="{str(correct).lower()}"]'
    ).first
    option.locator("label").click()
    return option


def stored(page, lesson: str = "tour"):
    text = page.evaluate(f"localStorage.getItem('dplab:lesson:{lesson}')")
    return None if text is None else json.loads(text)


def test_quiz_teaches_retry_hint_reveal_on_request_score_and_learned(open_page):
    visit = open_page(LESSON)
    page = visit.page
    first = page.locator('.dplab-quiz-question[data-question="1"]')
    second = page.locator('.dplab-quiz-question[data-question="2"]')
    score = page.locator(".dplab-quiz-score")
    scroll_to_and_render(page.locator(".dplab-quiz"))
    assert page.locator(".dplab-quiz-explanation:visible").count() == 0
    assert page.locator(".dplab-quiz-hint:visible").count() == 0
    assert page.locator(".dplab-quiz-reveal:visible").count() == 0
    assert score.inner_text().startswith("처음에 맞힌 문제 0 / 2")

    # A wrong choice: its own explanation and the hint, not the answer; the reader may retry,
    # but a question answered right only on a retry does not score.
    wrong = choose(page, 1, correct=False)
    assert first.locator(".dplab-quiz-feedback").inner_text().startswith("아닙니다.")
    assert first.locator(".dplab-quiz-explanation:visible").count() == 1
    assert wrong.locator(".dplab-quiz-explanation").is_visible()
    assert first.locator(".dplab-quiz-hint").is_visible()
    assert first.locator(".dplab-quiz-key").is_hidden()
    assert first.locator(".dplab-quiz-reveal").is_visible()
    right = choose(page, 1, correct=True)
    assert first.locator(".dplab-quiz-feedback").inner_text() == "맞았습니다."
    assert right.locator(".dplab-quiz-key").is_visible()
    assert "is-tried" in wrong.get_attribute("class")
    assert first.locator(".dplab-quiz-reveal").is_hidden()
    assert score.inner_text().startswith("처음에 맞힌 문제 0 / 2")

    # The answer on request: shown, and the question does not score either.
    choose(page, 2, correct=False)
    second.locator(".dplab-quiz-reveal").click()
    assert second.locator('[data-correct="true"] .dplab-quiz-key').is_visible()
    assert "점수에 들어가지 않습니다" in second.locator(".dplab-quiz-feedback").inner_text()
    choose(page, 2, correct=True)
    assert score.inner_text().startswith("처음에 맞힌 문제 0 / 2")
    assert stored(page) == {"total": 2, "first": [False, False]}

    # Starting again is practice: the kept first answers do not change.
    page.locator(".dplab-quiz-restart").click()
    assert page.locator(".dplab-quiz input:checked").count() == 0
    choose(page, 1, correct=True)
    choose(page, 2, correct=True)
    assert first.locator(".dplab-quiz-feedback").inner_text() == "맞았습니다."
    assert score.inner_text().startswith("처음에 맞힌 문제 0 / 2")
    assert "학습함" not in score.inner_text()
    assert stored(page) == {"total": 2, "first": [False, False]}

    # After forgetting the record, every question right at the first answer: learned.
    page.locator(".dplab-quiz-clear").click()
    assert stored(page) is None
    assert page.locator(".dplab-quiz input:checked").count() == 0
    choose(page, 1, correct=True)
    assert stored(page) == {"total": 2, "first": [True, None]}
    choose(page, 2, correct=True)
    text = score.inner_text()
    assert text.startswith("처음에 맞힌 문제 2 / 2") and "학습함" in text
    assert stored(page) == {"total": 2, "first": [True, True]}

    # Nothing is filled in again on a new visit; the first answers are kept.
    page.reload()
    wait_until_ready(page)
    scroll_to_and_render(page.locator(".dplab-quiz"))
    assert page.locator(".dplab-quiz input:checked").count() == 0
    assert page.locator(".dplab-quiz-explanation:visible").count() == 0
    text = score.inner_text()
    assert text.startswith("처음에 맞힌 문제 2 / 2") and "학습함" in text
    page.locator(".dplab-quiz-clear").click()
    assert stored(page) is None
    assert "학습함" not in score.inner_text()
    assert visit.console_errors == []


def test_clicking_through_every_option_neither_scores_nor_marks_the_lesson_learned(open_page):
    """Issue 21, item 2: ticking every wrong option and then the right one, on every
    question, used to score 2 / 2 and mark the lesson learned on the course map."""
    visit = open_page(LESSON, draw_all=False)
    page = visit.page
    scroll_to_and_render(page.locator(".dplab-quiz"))
    questions = page.locator(".dplab-quiz-question")
    for k in range(questions.count()):
        wrong = questions.nth(k).locator('.dplab-quiz-option[data-correct="false"]')
        assert wrong.count() >= 2
        for option in range(wrong.count()):
            wrong.nth(option).locator("label").click()
        choose(page, k + 1, correct=True)
        assert questions.nth(k).locator(".dplab-quiz-feedback").inner_text() == "맞았습니다."
    score = page.locator(".dplab-quiz-score").inner_text()
    assert "학습함" not in score  # not learned
    assert score.startswith("처음에 맞힌 문제 0 / 2")
    assert stored(page) == {"total": 2, "first": [False, False]}
    page.goto(page.url.replace("lessons/tour.html", "course-map.html"))
    wait_until_ready(page)
    assert page.locator('.dplab-progress[data-lesson="tour"]').first.inner_text() == "아직"
    assert page.locator(".dplab-map-node.is-learned").count() == 0
    assert page.locator(".dplab-map-progress").inner_text().endswith(f"0 / {LESSON_COUNT}")
    assert visit.console_errors == []


def test_a_revealed_question_never_counts(open_page):
    page = open_page(LESSON, draw_all=False).page
    scroll_to_and_render(page.locator(".dplab-quiz"))
    second = page.locator('.dplab-quiz-question[data-question="2"]')
    choose(page, 1, correct=True)
    choose(page, 2, correct=False)
    second.locator(".dplab-quiz-reveal").click()
    choose(page, 2, correct=True)
    page.locator(".dplab-quiz-restart").click()  # answering again is practice only
    choose(page, 1, correct=True)
    choose(page, 2, correct=True)
    score = page.locator(".dplab-quiz-score").inner_text()
    assert "학습함" not in score  # not learned
    assert score.startswith("처음에 맞힌 문제 1 / 2")
    assert stored(page) == {"total": 2, "first": [True, False]}


def test_each_question_links_to_its_section(open_page):
    page = open_page(LESSON, draw_all=False).page
    scroll_to_and_render(page.locator(".dplab-quiz"))
    links = page.locator(".dplab-quiz-section a")
    assert links.count() == 2
    for k in range(2):
        target = links.nth(k).get_attribute("href")
        assert target.startswith("#") and page.locator(target).count() == 1
        heading = page.locator(target).text_content()
        assert heading.startswith(links.nth(k).text_content())
    links.first.click()
    assert page.evaluate("decodeURIComponent(location.hash)") == "#척도를-바꿔-보기"


def test_the_course_map_shows_the_learned_mark(open_page):
    visit = open_page(LESSON, draw_all=False)
    page = visit.page
    choose(page, 1, correct=True)
    choose(page, 2, correct=True)
    page.goto(page.url.replace("lessons/tour.html", "course-map.html"))
    wait_until_ready(page)
    mark = page.locator('.dplab-progress[data-lesson="tour"]')
    assert mark.first.inner_text() == "학습함"
    assert "is-learned" in mark.first.get_attribute("class")
    assert page.locator('.dplab-progress[data-lesson="gaussian"]').first.inner_text() == "아직"
    # The list of lessons: one row per lesson, the learned one marked, and the count.
    nodes = page.locator(".dplab-map-node")
    assert nodes.count() == LESSON_COUNT
    learned = page.locator(".dplab-map-node.is-learned")
    assert learned.count() == 1 and learned.get_attribute("data-lesson") == "tour"
    assert learned.locator(".dplab-map-check").is_visible()
    assert page.locator('.dplab-map-node[data-lesson="gaussian"] .dplab-map-check').is_hidden()
    assert page.locator(".dplab-map-progress").inner_text().endswith(f"1 / {LESSON_COUNT}")
    # A record kept by an older version, whose learned mark a click-through earned, is not
    # read as learned.
    page.evaluate(
        "localStorage.setItem('dplab:lesson:gaussian', "
        "JSON.stringify({best: 5, total: 5, learned: true}))"
    )
    page.reload()
    wait_until_ready(page)
    assert page.locator('.dplab-progress[data-lesson="gaussian"]').first.inner_text() == "아직"
    assert page.locator(".dplab-map-node.is-learned").count() == 1
    rows = page.locator(".dplab-map-list")
    assert rows.get_attribute("role") == "list" and rows.get_attribute("aria-label")
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 800})
        box = rows.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width  # never cut off
    assert visit.console_errors == []


def test_quiz_is_operable_by_keyboard(open_page):
    page = open_page(LESSON).page
    page.locator('.dplab-quiz-question[data-question="2"] input').first.focus()
    page.keyboard.press("Space")
    question = page.locator('.dplab-quiz-question[data-question="2"]')
    assert question.locator("input:checked").count() == 1
    assert question.locator(".dplab-quiz-feedback").inner_text() != ""


def test_without_javascript_questions_and_explanations_are_readable(browser, built_site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((built_site / LESSON).as_uri())
    assert page.locator(".dplab-quiz-explanation:visible").count() == 6
    assert page.locator(".dplab-quiz-key:visible").count() == 2
    assert page.locator(".dplab-quiz-hint:visible").count() == 2
    assert page.locator(".dplab-walkthrough-step:visible").count() == 3
    context.close()


def test_chart_menu_exports_without_an_editor_link(open_page):
    page = open_page(LESSON).page
    page.locator(".dplab-chart details summary").first.click()
    actions = page.locator(".dplab-chart .vega-actions").first
    text = actions.inner_text()
    assert "SVG로 저장" in text and "PNG로 저장" in text
    assert "Editor" not in text and "Source" not in text


def test_print_hides_navigation_and_expands_solutions(open_page):
    page = open_page(LESSON).page
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator(".dplab-solution").evaluate("(d) => d.open")
    assert (
        page.locator(".md-sidebar--primary").evaluate("(e) => getComputedStyle(e).display")
        == "none"
    )
    assert page.locator(".dplab-walkthrough-step:visible").count() == 3
    assert page.locator(".dplab-walkthrough-step:visible svg.marks").count() == 3
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert not page.locator(".dplab-solution").evaluate("(d) => d.open")


def test_a_chart_drawn_late_has_its_table_view_and_exports(open_page):
    """The last chart of a long lesson is shown as its build-time picture when the reader
    gets there; opening its table draws it, and its table view and its SVG/PNG export
    then work like those of the first chart."""
    page = open_page("lessons/randomized-response.html", draw_all=False).page
    chart = page.locator(".dplab-chart").last
    assert chart.locator("svg.marks").count() == 0  # far below the first screen: not drawn
    chart.scroll_into_view_if_needed()
    page.wait_for_function(
        "(c) => [...c.querySelectorAll('.dplab-chart-picture img')]"
        ".some((i) => i.checkVisibility() && i.complete && i.naturalWidth > 0)",
        arg=chart.element_handle(),
    )
    assert chart.locator("svg.marks").count() == 0  # shown, not drawn: nobody asked yet
    toggle = chart.locator(".dplab-chart-table-toggle")
    toggle.click()
    chart.locator("svg.marks").wait_for()  # opening the table drew the chart
    wait_until_ready(page)
    assert chart.locator(".dplab-chart-table table tbody tr").count() > 0
    chart.locator("details > summary").click()
    for link_text, suffix in (("SVG로 저장", ".svg"), ("PNG로 저장", ".png")):
        with page.expect_download() as download:
            chart.locator(".vega-actions a", has_text=link_text).click()
        assert download.value.suggested_filename.endswith(suffix)
        if chart.locator("details").evaluate("(d) => !d.open"):
            chart.locator("details > summary").click()
