"""Lesson furniture in the browser: stepper, quiz memory, table view, print, keyboard, axe."""

from __future__ import annotations

import json

import pytest

from dplab.site.project import REPOSITORY
from tests.browser.helpers import wait_until_ready

pytestmark = pytest.mark.browser

LESSON = "lessons/tour.html"


def test_walkthrough_steps_move_the_figure_and_work_by_keyboard(open_page):
    visit = open_page(LESSON)
    page = visit.page
    box = page.locator(".dplab-walkthrough")
    count = box.locator(".dplab-walkthrough-count")
    step_signal = (
        "document.querySelector('.dplab-walkthrough .dplab-chart').dplabView.signal('step')"
    )
    assert count.inner_text() == "1 / 3"
    assert page.evaluate(step_signal) == 1
    assert box.locator(".dplab-walkthrough-step:visible").count() == 1
    box.locator('[data-action="next"]').click()
    assert count.inner_text() == "2 / 3"
    assert page.evaluate(step_signal) == 2
    visible = box.locator(".dplab-walkthrough-step:visible")
    assert visible.get_attribute("data-step") == "2"
    box.locator('[data-action="next"]').focus()
    page.keyboard.press("Enter")
    assert count.inner_text() == "3 / 3"
    assert box.locator('[data-action="next"]').is_disabled()
    page.keyboard.press("ArrowLeft")
    assert count.inner_text() == "2 / 3"
    assert page.evaluate(step_signal) == 2
    assert visit.console_errors == []


def choose(page, question: int, correct: bool):
    option = page.locator(
        f'.dplab-quiz-question[data-question="{question}"] '
        f'.dplab-quiz-option[data-correct="{str(correct).lower()}"]'
    ).first
    option.locator("label").click()
    return option


def test_quiz_shows_feedback_remembers_the_answer_and_clears(open_page):
    visit = open_page(LESSON)
    page = visit.page
    question = page.locator('.dplab-quiz-question[data-question="1"]')
    explanations = question.locator(".dplab-quiz-explanation:visible")
    assert explanations.count() == 0  # hidden until the reader chooses
    wrong = choose(page, 1, correct=False)
    assert question.locator(".dplab-quiz-feedback").inner_text().endswith("다시 생각해 보세요.")
    assert explanations.count() == 2  # the chosen one and the right one
    chosen_id = wrong.locator("input").get_attribute("id")
    page.locator(".dplab-learned").check()

    page.reload()
    wait_until_ready(page)
    assert page.locator(f"#{chosen_id}").is_checked()
    assert question.locator(".dplab-quiz-feedback").inner_text().endswith("다시 생각해 보세요.")
    assert page.locator(".dplab-learned").is_checked()
    stored = json.loads(page.evaluate("localStorage.getItem('dplab:lesson:tour')"))
    assert stored["learned"] is True and stored["answers"] == {"tour-quiz-1-q1": int(chosen_id[-1])}

    choose(page, 1, correct=True)
    assert question.locator(".dplab-quiz-feedback").inner_text().endswith("맞았습니다.")
    page.locator(".dplab-quiz-clear").click()
    assert page.evaluate("localStorage.getItem('dplab:lesson:tour')") is None
    assert page.locator(".dplab-quiz input:checked").count() == 0
    page.reload()
    wait_until_ready(page)
    assert page.locator(".dplab-quiz input:checked").count() == 0
    assert visit.console_errors == []


def test_the_course_map_shows_the_learned_mark(open_page):
    visit = open_page(LESSON)
    visit.page.locator(".dplab-learned").check()
    page = visit.page
    page.goto(page.url.replace("lessons/tour.html", "course-map.html"))
    wait_until_ready(page)
    mark = page.locator('.dplab-progress[data-lesson="tour"]')
    assert mark.inner_text() == "학습함"
    assert "is-learned" in mark.get_attribute("class")


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
    assert page.locator(".dplab-quiz-explanation:visible").count() == 4
    assert page.locator(".dplab-quiz-key:visible").count() == 2
    assert page.locator(".dplab-walkthrough-step:visible").count() == 3
    context.close()


def test_a_chart_opens_its_data_as_a_table_that_follows_the_slider(open_page):
    page = open_page(LESSON).page
    chart = page.locator(".dplab-chart").nth(1)  # the one with the slider
    toggle = chart.locator(".dplab-chart-table-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    table = chart.locator(".dplab-chart-table table")
    assert table.locator("tbody tr").count() > 10
    headers = table.locator("thead th").all_inner_texts()
    column = headers.index("scale")
    first_scale = table.locator("tbody tr").first.locator("td").nth(column).inner_text()
    assert first_scale == "1"  # the slider starts at b = 1
    chart.locator("input[type=range]").evaluate(
        "(el) => { el.value = '2'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    page.wait_for_function(
        "([old, column]) => document.querySelectorAll('.dplab-chart')[1]"
        ".querySelectorAll('.dplab-chart-table tbody tr td')[column].textContent !== old",
        arg=[first_scale, column],
    )
    assert table.locator("tbody tr").first.locator("td").nth(column).inner_text() == "2"


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
    assert page.locator(".dplab-chart svg.marks").count() >= 2
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert not page.locator(".dplab-solution").evaluate("(d) => d.open")


AXE = REPOSITORY / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation_nor_skipped_heading_on_any_page(
    open_page, built_site, scheme
):
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))
    report = {}
    for relative in pages:
        if relative == "404.html":
            continue
        page = open_page(relative, scheme=scheme).page
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        violations = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter((v) => v.impact === 'serious' || v.impact === 'critical'"
            " || v.id === 'heading-order')"
            ".map((v) => v.id + ': ' + v.nodes.slice(0, 3)"
            ".map((n) => n.target.join(' ')).join(' | '))"
        )
        if violations:
            report[relative] = violations
    assert report == {}


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
