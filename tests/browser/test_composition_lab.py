"""The composition lab of lesson 5 (``composition-lab.js`` and its core) in headless Chromium.

The script computes nothing about privacy: its core (``composition-lab-core.js``) looks the
four δ and the verdicts up in the grid of :func:`dplab.views.labs.composition.lab_grid` (decided
on exact fractions, which ``tests/views/labs/test_composition.py`` recomputes from dplab),
and ``tests/js/composition_lab.test.cjs`` checks the core in Node at every state: texts,
verdict, announcement and chart rows.  Here, only what needs a browser:

* the page runs the very core Node checked (byte for byte);
* moving the controls (to the first n and p, across a verdict flip) changes the verdict,
  the values and the chart, the state goes into the address, and that address opened
  afresh shows the same state (the "things to try" buttons and the lab in view with its
  verdict: ``test_lab_ui.py``);
* every control has a visible label and takes keyboard focus.
"""

from __future__ import annotations

import pytest

from dplab.views.labs import composition as clab
from tests.browser.helpers import served_core_is_the_repositorys

pytestmark = pytest.mark.browser

LESSON = "lessons/composition.html"
ROOT = "document.querySelector('.dplab-comp-lab')"
START = clab.composition_lab(key="lesson")  # as the lesson places it

SHOWN = f"""() => {{ const out = {{}};
  {ROOT}.querySelectorAll('[data-show]').forEach((e) => {{
    if (!['live', 'link-note'].includes(e.dataset.show))
      out[e.dataset.show] = window.DPLAB_LAB.shownText(e); }});
  return out; }}"""


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
    served_core_is_the_repositorys(page, "composition-lab")
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
    # k and p by keyboard (p to its first value), then the claim.
    root.locator("input[name=k]").focus()
    page.keyboard.press("ArrowLeft")
    state = state.with_state(k=9)
    wait_for(page, state)
    root.locator("input[name=p]").focus()
    page.keyboard.press("Home")
    state = state.with_state(p=clab.LAB_PS[0])
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
