"""The PrivEMDLinear lab of lesson 8 (``linear-lab.js`` wiring ``linear-lab-core.js``) in
headless Chromium, against ``dplab.userlevel.emd_linear`` through
:meth:`~dplab.views.labs.linear.LinearLab.outputs`.

* The core's texts at **every** state the controls can make (15,000) are checked against
  dplab's by Node (``tests/js/linear_lab.test.cjs``); the page runs that very core (the served
  file is the repository's).
* Moving the sliders (typed values, − / + buttons) through a sample of states – the grid's
  two corners among them – shows dplab's texts and verdict on the page; the state goes into
  the address, and that address opened afresh shows the same state; the "things to try"
  buttons load theirs; axe finds nothing.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from dplab.views import label
from dplab.views.labs import linear as lv
from tests.browser import helpers
from tests.browser.helpers import serious_axe_violations, switch_palette, wait_until_ready

pytestmark = pytest.mark.browser

LESSON = "lessons/user-level-linear.html"
START = lv.linear_lab(key="lesson")  # as the lesson places it
ROOT = ".dplab-linear-lab"
NAMES = ("eps", "user", "diam", "l", "d", "n")

SHOWN = """() => { const out = {};
  document.querySelectorAll('.dplab-linear-lab [data-show]').forEach((e) => {
    if (!['live', 'lab-error', 'link-note'].includes(e.dataset.show))
      out[e.dataset.show] = window.DPLAB_LAB.shownText(e); });
  return out; }"""


@pytest.fixture
def lab_page(open_page):
    visit = open_page(LESSON)  # ready: every lab started
    yield visit
    assert visit.console_errors == []


def test_the_page_runs_the_core_node_checked(lab_page):
    helpers.served_core_is_the_repositorys(lab_page.page, "linear-lab")


def wait_for(page, lab) -> None:
    """Wait until the lab shows ``lab``'s texts and verdict (fails with the difference)."""
    expected = lab.outputs()
    with contextlib.suppress(PlaywrightTimeout):  # on timeout the assertions show the difference
        page.wait_for_function(
            f"(texts) => {{ const got = ({SHOWN})(); "
            "return Object.keys(texts).every((k) => got[k] === texts[k]); }",
            arg=expected,
            timeout=10_000,
        )
    got = page.evaluate(SHOWN)
    assert {key: got[key] for key in expected} == expected
    badge = page.locator(f"{ROOT} .dplab-lab-chip [data-show=verdict]")
    winner = lab.values().winner
    assert badge.text_content() == label(f"linear.lab_verdict_{winner}")
    assert badge.get_attribute("data-verdict") == ("pass" if winner == "ours" else "none")


def type_value(page, name: str, value: str) -> None:
    helpers.type_value(page, ROOT, name, value)


def test_moving_the_sliders_shows_dplabs_values_and_the_state_round_trips(open_page):
    visit = open_page(LESSON)
    page = visit.page
    root = page.locator(ROOT)
    wait_for(page, START)
    assert root.locator("[data-show='lab-error']").is_hidden()

    rng = random.Random(8)
    lab = START
    states = lv.lab_states()
    for state in [states[0], *rng.sample(states, 12), states[-1]]:
        for name in NAMES:
            if getattr(lab, name) != state[name]:
                type_value(page, name, str(state[name]))
        lab = lv.linear_lab(**state, key="lesson")
        wait_for(page, lab)

    # − / + buttons move one step along the grid
    position = lv.LAB_EPS.index(lab.eps)
    step = 1 if position + 1 < len(lv.LAB_EPS) else -1
    root.locator(f"button[data-step='{step}'][data-for=eps]").click()
    lab = lab.with_state(eps=lv.LAB_EPS[position + step])
    wait_for(page, lab)
    assert root.locator("[data-show='live']").text_content() == label(
        "linear.lab_live", verdict=lab.outputs()["verdict"], ratio=lab.outputs()["ratio"]
    )

    # The address holds the state, as dplab writes links; opened afresh, the same state.
    href = lab.href()
    page.wait_for_function("(h) => location.hash === h", arg=href)
    assert root.locator("a.dplab-lab-permalink").get_attribute("href") == href
    assert visit.console_errors == []
    page = open_page(LESSON + href, draw_all=False).page
    wait_until_ready(page)
    wait_for(page, lab)


def test_a_value_off_the_grid_is_refused(lab_page):
    page = lab_page.page
    type_value(page, "eps", "0.3")
    error = page.locator(f"{ROOT} #linear-lab-lesson-eps-error")
    error.wait_for(state="visible")
    assert "0.25" in error.text_content() and "0.5" in error.text_content()


def test_things_to_try_buttons_load_their_state(lab_page):
    page = lab_page.page
    buttons = page.locator("a.dplab-lab-try[href*='#linear-lab-lesson?']")
    assert buttons.count() >= 4
    verdicts = set()
    for href in [buttons.nth(i).get_attribute("href") for i in range(buttons.count())]:
        page.locator(f"a.dplab-lab-try[href='{href}']").click()
        params = dict(part.split("=") for part in href.split("?", 1)[1].split("&"))
        state = START.with_state(**{k: int(v) if k in ("d", "n") else v for k, v in params.items()})
        assert state.href() == href
        wait_for(page, state)
        verdicts.add(state.values().winner)
    assert verdicts == {"ours", "tie", "base"}


def test_controls_are_labelled_and_axe_finds_nothing(open_page):
    # The lab in each palette (the whole page is axe-checked on every visit of test_pages).
    page = open_page(LESSON).page
    root = page.locator(ROOT)
    for name in NAMES:
        control = root.locator(f"input[type=range][name={name}]")
        label_for = root.locator(f"label[for='{control.get_attribute('id')}']")
        assert label_for.text_content().strip()
    for scheme in ("light", "dark"):
        switch_palette(page, scheme)
        assert serious_axe_violations(page, within=ROOT) == [], scheme
