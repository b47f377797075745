"""The Laplace lab of lesson 3 in the browser: what needs a page.

The lab's arithmetic and texts live in its core, ``laplace-lab-core.js``, which Node checks
against dplab at every state of the grid and every text state (``tests/js/golden_laplace_lab.py``).
Here: the page loads that very core; moving the controls (on a sample of those states, the
grid's ends among them) shows dplab's texts and redraws the charts; a state link round
trips; the controls are labelled and work by keyboard.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dplab.views.labs.laplace import LAB_SCALES, LAB_SIZES, laplace_lab
from tests.browser.helpers import scroll_to_and_render, served_core_is_the_repositorys
from tests.js.golden_laplace_lab import LESSON, text_states

pytestmark = pytest.mark.browser

LESSON_PAGE = "lessons/laplace.html"


@pytest.fixture
def lab_page(open_page):
    return open_page(LESSON_PAGE)  # ready: the lab has started and its charts are drawn


def moved_states():
    """A sample of the states Node checks: the grid's ends, then random ones and corners."""
    states = text_states()
    return states[1:5] + states[7:43:9] + [states[43], states[-1]]


def test_the_page_runs_the_core_node_checks(lab_page):
    served_core_is_the_repositorys(lab_page.page, "laplace-lab")
    assert lab_page.console_errors == []


def set_state(page, kind, n, bound, scale, eps):
    page.evaluate(
        """([kind, n, bound, scale, eps]) => {
            const form = document.querySelector('.dplab-laplace-controls');
            form.elements.kind.value = kind;
            form.elements.n.value = String(n);
            form.elements.bound.value = bound;
            form.elements.scale.value = String(scale);
            form.elements.eps.value = eps;
            form.elements.eps.dispatchEvent(new Event('input', {bubbles: true}));
        }""",
        [  # the sliders' positions: indices, B in halves, ε in twentieths
            kind,
            LAB_SIZES.index(n),
            str(int(Fraction(bound) * 2)),
            LAB_SCALES.index(scale),
            str(int(Fraction(eps) * 20)),
        ],
    )
    expected = laplace_lab(kind, n, bound, scale, eps).outputs()
    controls = {key: expected[key] for key in ("query", "n", "bound", "scale", "eps")}
    page.wait_for_function(  # the script updates every output in one animation frame
        """(want) => Object.entries(want).every(([key, text]) => window.DPLAB_LAB.shownText(
            document.querySelector(`.dplab-laplace-lab [data-show="${key}"]`)) === text)""",
        arg=controls,
    )
    return expected


def shown(page):
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(
            '.dplab-laplace-lab [data-show]')].filter((e) => !['live', 'lab-error', 'link-note']
            .includes(e.dataset.show)).map((e) => [e.dataset.show, DPLAB_LAB.shownText(e)]))"""
    )


def test_moving_the_controls_shows_dplabs_texts_and_redraws_the_charts(lab_page):
    page = lab_page.page
    lab = page.locator(".dplab-laplace-lab")
    assert shown(page) == laplace_lab(*LESSON).outputs()  # as built
    point = "document.querySelectorAll('.dplab-laplace-lab .dplab-chart')[1].dplabView"
    before = page.evaluate(f"{point}.data('laplace_lab_point')[0].eps")
    for state in moved_states():
        expected = set_state(page, *state)
        assert shown(page) == expected, state
    assert page.evaluate(f"{point}.data('laplace_lab_point')[0].eps") != before
    assert lab.locator("[data-show='lab-error']").is_hidden()
    assert "δ(ε)" in lab.locator("[data-show='live']").text_content()  # off screen: no innerText
    assert lab_page.console_errors == []


def test_controls_are_labelled_and_work_by_keyboard(lab_page):
    page = lab_page.page
    lab = page.locator(".dplab-laplace-lab")
    for name in ("kind", "n", "bound", "scale", "eps"):
        control = lab.locator(f"[name='{name}']")
        label = lab.locator(f"label[for='{control.get_attribute('id')}']")
        scroll_to_and_render(label)  # as its reader sees it
        assert label.inner_text().strip() and control.is_visible()
    lab.locator("[name='eps']").focus()
    for _ in range(12):  # 0.5 → 1.1, past Δ/b = 1
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "window.DPLAB_LAB.shownText(document.querySelector("
        "'.dplab-laplace-lab [data-show=\"eps\"]')) === '1.1'"
    )
    assert shown(page)["delta"] == laplace_lab("sum", 4, 1, 1, "1.1").outputs()["delta"]
    lab.locator("[name='kind']").focus()
    page.keyboard.press("ArrowDown")  # sum → mean
    page.wait_for_function(
        "document.querySelector('.dplab-laplace-lab [data-show=\"sensitivity\"]')"
        ".textContent.includes('1/4')"
    )
    assert shown(page) == laplace_lab("mean", 4, 1, 1, "1.1").outputs()
    assert lab.locator("[name='scale']").get_attribute("aria-valuetext") == "1"
    assert lab_page.console_errors == []


def test_a_state_link_round_trips(open_page):
    state = laplace_lab(*LESSON, key="lesson").with_state(kind="mean", n=100, eps="1.35")
    page = open_page(LESSON_PAGE + state.href(), draw_all=False).page
    page.wait_for_function(
        "(want) => window.DPLAB_LAB.shownText(document.querySelector("
        "'.dplab-laplace-lab [data-show=\"sensitivity\"]')) === want",
        arg=state.outputs()["sensitivity"],
    )
    assert shown(page) == state.outputs()
    link = page.locator(".dplab-laplace-lab a.dplab-lab-permalink")
    assert link.get_attribute("href") == state.href()
