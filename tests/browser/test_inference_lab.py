"""The inference lab of lesson 6 in the browser: what needs a page.

The lab's texts and chart rows come from its core, ``inference-lab-core.js``, which Node
checks against dplab at every state of the grid that matters, with the rounding and the
reading of doubles (``tests/js/golden_inference_lab.py``).  Here: the page loads that very
core; moving the controls (to a sample of those states, the grid's ends among them) shows
dplab's texts, the verdict and the chosen mechanism's controls, and redraws the charts; a
state link round trips; the controls and the verdict are in view together.
"""

from __future__ import annotations

import pytest

from dplab.views import label
from dplab.views.labs.inference import inference_lab
from tests.browser.helpers import scroll_under_the_header, served_core_is_the_repositorys
from tests.js.golden_inference_lab import START, text_states

pytestmark = pytest.mark.browser

LESSON = "lessons/inference.html"
SHOWN = """() => Object.fromEntries([...document.querySelectorAll(
    '.dplab-inference-lab [data-show]')].filter((e) => !['live', 'lab-error', 'link-note']
    .includes(e.dataset.show)).map((e) => [e.dataset.show, DPLAB_LAB.shownText(e)]))"""


@pytest.fixture
def lab_page(open_page):
    return open_page(LESSON)  # ready: every chart drawn and every lab started


def test_the_page_runs_the_core_node_checks(lab_page):
    served_core_is_the_repositorys(lab_page.page, "inference-lab")
    assert lab_page.console_errors == []


def shown(page) -> dict[str, str]:
    return page.evaluate(SHOWN)


def wait_for_texts(page, lab) -> None:
    page.wait_for_function(
        f"(want) => {{ const got = ({SHOWN})(); "
        "return Object.keys(want).every((k) => got[k] === want[k]); }",
        arg=lab.outputs(),
    )


def test_controls_move_the_result_and_the_charts(lab_page):
    page = lab_page.page
    root = page.locator(".dplab-inference-lab")
    assert shown(page) == START.outputs()  # as built
    chart = "document.querySelectorAll('.dplab-inference-lab .dplab-chart')[1].dplabView"
    before = page.evaluate(f"{chart}.data('inference_curve').length")
    root.locator("select[name=mechanism]").select_option("gaussian")
    wait_for_texts(page, START.with_state(mechanism="gaussian"))
    assert root.locator("[data-mechanism=gaussian]").is_visible()
    assert root.locator("[data-mechanism=rr]").is_hidden()
    page.wait_for_function(f"(n) => {chart}.data('inference_curve').length !== n", arg=before)
    root.locator("button[data-step='-1'][data-for=alpha]").click()  # α = 3 → 2.5
    wait_for_texts(page, START.with_state(mechanism="gaussian", alpha="2.5"))
    box = root.locator(".dplab-lab-typed[data-for=event]")
    box.fill("0.001")
    box.press("Enter")
    moved = START.with_state(mechanism="gaussian", alpha="2.5", event="0.001")
    wait_for_texts(page, moved)
    assert shown(page)["badge"] == moved.outputs()["badge"]
    assert root.locator("[data-show=badge]").get_attribute("data-verdict") == "fail"
    assert root.locator("[data-show='lab-error']").is_hidden()
    assert lab_page.console_errors == []


def test_a_state_link_round_trips(open_page):
    state = START.with_state(mechanism="rr", n=3, p="0.9", alpha="1.5", prior="0.2", event="0.1")
    page = open_page(LESSON + state.href(), draw_all=False).page
    wait_for_texts(page, state)
    assert shown(page) == state.outputs()
    link = page.locator(".dplab-inference-lab a.dplab-lab-permalink")
    assert link.get_attribute("href") == state.href()
    # a "things to try" button loads its state into the lab
    page.locator("a.dplab-lab-try").first.click()
    page.wait_for_function("() => location.hash.includes('alpha=2')")
    wait_for_texts(page, START.with_state(alpha="2"))


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_controls_and_verdict_are_in_view_together(open_page, width, height):
    page = open_page(LESSON, width=width, height=height, draw_all=False).page
    slider = page.locator(".dplab-inference-lab input[type=range][name=alpha]")
    slider.scroll_into_view_if_needed()
    page.wait_for_function("() => document.documentElement.getAttribute('data-dplab-ready')")
    slider.scroll_into_view_if_needed()
    page.locator(".dplab-inference-lab button[data-step='1'][data-for=alpha]").click()
    wait_for_texts(page, START.with_state(alpha="4"))
    if width < 1000:  # nothing sticks on a phone: the chip is below the controls
        scroll_under_the_header(slider)
    for part in ("input[name=alpha]", ".dplab-lab-chip"):
        selector = f".dplab-inference-lab {part}"
        inside = page.evaluate(
            """(s) => { const r = document.querySelector(s).getBoundingClientRect();
                return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
            selector,
        )
        assert inside, (selector, width)


def moved_states():
    """A sample of the states Node checks: the first and last (every index at its end) and
    some in between."""
    states = list(text_states())
    return [states[0], *states[1:-1:5000], states[-1]]


def test_moving_to_states_at_the_grids_ends_shows_dplabs_texts(lab_page):
    page = lab_page.page
    root = page.locator(".dplab-inference-lab")
    for arguments, indices in moved_states():
        lab = inference_lab(**arguments)
        page.evaluate(
            """(s) => {
                const form = document.querySelector('.dplab-inference-controls');
                for (const [name, value] of Object.entries(s)) {
                    form.elements[name].value = String(value);
                }
                form.elements.level.dispatchEvent(new Event('input', {bubbles: true}));
            }""",
            indices,
        )
        wait_for_texts(page, lab)
        assert shown(page) == lab.outputs(), indices
        bounded = lab.outputs()["badge"] == label("inference.badge_bounded")
        verdict = root.locator("[data-show=badge]").get_attribute("data-verdict")
        assert verdict == ("pass" if bounded else "fail"), indices
        assert root.locator(f"[data-mechanism={lab.mechanism}]").first.is_visible()
    assert lab_page.console_errors == []
