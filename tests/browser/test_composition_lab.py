"""The composition lab of lesson 5 (``composition-lab.js``) in headless Chromium.

The script computes nothing about privacy: it looks the four δ and the verdicts up in the
grid of :func:`dplab.views.composition.lab_grid` (decided on exact fractions, which
``tests/views/test_composition_views.py`` recomputes from dplab).  Here:

* at **every** state (2 n × 3 p × 10 k × 25 A × 4 claims) the texts and the verdict the
  script would show (``cellState``, what the controls call) equal the Python ones;
* the chart rows it pushes equal :func:`~dplab.views.composition.curve_rows`;
* moving the controls changes the verdict, the values and the chart, the state goes into
  the address, and that address opened afresh shows the same state (the "things to try"
  buttons and the lab in view with its verdict: ``test_lab_ui.py``).
"""

from __future__ import annotations

import itertools
import json

import pytest

from dplab.views import composition as cv
from tests.browser.helpers import run_json

pytestmark = pytest.mark.browser

LESSON = "lessons/composition.html"
ROOT = "document.querySelector('.dplab-comp-lab')"
START = cv.composition_lab(key="lesson")  # as the lesson places it

SHOWN = f"""() => {{ const out = {{}};
  {ROOT}.querySelectorAll('[data-show]').forEach((e) => {{
    if (!['live', 'link-note'].includes(e.dataset.show))
      out[e.dataset.show] = window.DPLAB_LAB.shownText(e); }});
  return out; }}"""


def indices(n, p, k, factor, claim):
    return {
        "n": cv.LAB_SIZES.index(n),
        "p": cv.LAB_PS.index(p),
        "k": cv.LAB_KS.index(k),
        "factor": cv.LAB_FACTORS.index(factor),
        "claim": cv.LAB_CLAIMS.index(claim),
    }


@pytest.fixture
def lab_page(shared_lab_page):
    return shared_lab_page(LESSON)


def test_the_script_shows_dplabs_texts_and_verdict_at_every_state(lab_page):
    states = list(
        itertools.product(cv.LAB_SIZES, cv.LAB_PS, cv.LAB_KS, cv.LAB_FACTORS, cv.LAB_CLAIMS)
    )
    js = (
        "(states) => states.map((s) => { const r = window.DPLAB_COMP.labs[0].state(s); "
        "return [r.texts, r.verdict]; })"
    )
    shown = run_json(lab_page, js, [indices(*s) for s in states])
    assert len(shown) == 3 * 9 * 10 * 25 * 4
    for state, (texts, verdict) in zip(states, shown, strict=True):
        lab = cv.composition_lab(*state, key="lesson")
        assert texts == lab.outputs(), state
        assert verdict == ("pass" if lab.passes else "fail"), state


def test_the_chart_rows_are_the_python_rows(lab_page):
    cells = list(itertools.product(range(2), range(3), range(10)))
    js = (
        "(cells) => { const d = window.DPLAB_COMP.labs[0].data; return cells.map((c) => "
        "window.DPLAB_COMP.cellState(d, {n: c[0], p: c[1], k: c[2], factor: 0, claim: 0})"
        ".rows[d.datasets.curves]); }"
    )
    shown = run_json(lab_page, js, cells)
    grid = cv.lab_grid()
    for (n, p, k), rows in zip(cells, shown, strict=True):
        expected = json.loads(json.dumps(cv.curve_rows(grid["cells"][n][p][k])))
        assert rows == expected, (n, p, k)


def shown(page) -> dict[str, str]:
    return page.evaluate(SHOWN)


def wait_for(page, lab) -> None:
    """Wait until the lab shows ``lab``'s texts (fails with the difference if it never does)."""
    expected = lab.outputs()
    page.wait_for_function(
        f"(expected) => {{ const got = ({SHOWN})(); "
        "return Object.keys(expected).every((k) => got[k] === expected[k]); }",
        arg=expected,
        timeout=10_000,
    )
    got = shown(page)
    assert {key: got[key] for key in expected} == expected


def point_factor(page) -> float:
    return page.evaluate(
        f"{ROOT}.querySelector('[data-chart=curves] .dplab-chart').dplabView"
        ".data('comp_point')[0].factor"
    )


def test_controls_move_the_verdict_and_the_state_round_trips_through_the_address(open_page):
    visit = open_page(LESSON)
    page = visit.page
    root = page.locator(".dplab-comp-lab")
    wait_for(page, START)
    assert root.locator("[data-show=badge]").first.get_attribute("data-verdict") == "fail"
    # A larger total factor: the claim (1000, 0.01) holds, and no theorem proves it.
    box = root.locator(".dplab-lab-typed[data-for=factor]")
    box.fill("1000")
    box.press("Enter")
    state = START.with_state(factor="1000")
    wait_for(page, state)
    assert state.passes
    for badge in root.locator("[data-show=badge]").all():  # panel and chip
        assert badge.get_attribute("data-verdict") == "pass"
    page.wait_for_function(
        f"{ROOT}.querySelector('[data-chart=curves] .dplab-chart').dplabView"
        ".data('comp_point')[0].factor === 1000"
    )
    # One person: the optimal count is the exact one.
    root.locator("select[name=n]").select_option("1")
    state = state.with_state(n=1)
    wait_for(page, state)
    assert shown(page)["optimal"] == shown(page)["exact"]
    # k by keyboard, then the claim.
    root.locator("input[name=k]").focus()
    page.keyboard.press("ArrowLeft")
    state = state.with_state(k=9)
    wait_for(page, state)
    root.locator("select[name=claim]").select_option("0.00001")
    state = state.with_state(claim="0.00001")
    wait_for(page, state)
    assert root.locator("[data-show=badge]").first.get_attribute("data-verdict") == (
        "pass" if state.passes else "fail"
    )
    page.wait_for_function("(h) => location.hash === h", arg=state.href())
    before = shown(page)
    # The address opened afresh shows the same state.
    page = open_page(LESSON + state.href(), draw_all=False).page
    wait_for(page, state)
    assert shown(page) == before
    assert point_factor(page) == 1000.0
    assert visit.console_errors == []


def test_every_control_has_a_visible_label_and_takes_keyboard_focus(open_page):
    page = open_page(LESSON).page
    controls = page.locator(".dplab-comp-lab form input, .dplab-comp-lab form select")
    assert controls.count() == 5 + 3  # and the typed boxes of the sliders p, k and A
    for i in range(controls.count()):
        control = controls.nth(i)
        control.scroll_into_view_if_needed()
        assert control.evaluate(
            "(el) => el.labels.length > 0 && Array.from(el.labels).every((l) => "
            "l.textContent.trim().length > 0)"
        )
        control.focus()
        assert control.evaluate("(el) => document.activeElement === el")
