"""The d_EM lab of lesson 7 (``emd-lab.js``) in headless Chromium: what needs a page.

* The lab's coupling, ``d_EM``, texts and picture come from its core, ``emd-lab-core.js``,
  which Node checks against :mod:`dplab.userlevel.metric` and
  :meth:`~dplab.views.labs.emd.EmdLab.outputs` on **every** pair of multisets the controls can make
  (``tests/js/golden_emd_lab.py``); the page loads that very core.
* Moving the controls (typed values, − / + buttons, the size) changes the matching drawn
  and ``d_EM`` to dplab's; items past the size hide; the state goes into the address, and
  that address opened afresh shows the same state; the grid's ends show dplab's texts.
"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import helpers
from tests.browser.helpers import served_core_is_the_repositorys, wait_until_ready
from tests.js.golden_emd_lab import START

pytestmark = pytest.mark.browser

LESSON = "lessons/user-level-metric.html"
ROOT = ".dplab-emd-lab"

SHOWN = """() => { const out = {};
  document.querySelectorAll('.dplab-emd-lab [data-show]').forEach((e) => {
    if (!['live', 'lab-error', 'link-note'].includes(e.dataset.show))
      out[e.dataset.show] = window.DPLAB_LAB.shownText(e); });
  return out; }"""

DRAWN = """() => [...document.querySelectorAll('.dplab-emd-lab svg .dplab-emd-flow')].map(
  (line) => [Number(line.dataset.source), Number(line.dataset.target), line.dataset.mass])"""


@pytest.fixture
def lab_page(open_page):
    visit = open_page(LESSON)  # ready: every lab started
    yield visit
    assert visit.console_errors == []


def test_the_page_runs_the_core_node_checks(lab_page):
    served_core_is_the_repositorys(lab_page.page, "emd-lab")


def shown(page) -> dict[str, str]:
    return page.evaluate(SHOWN)


def visible_outputs(lab) -> dict[str, str]:
    """``lab``'s texts but those of items past a dataset's size (the page keeps what the
    reader left there; dplab's links write 0)."""
    return {
        key: text
        for key, text in lab.outputs().items()
        if not (key[0] in "ab" and key[1:].isdigit() and int(key[1:]) > len(getattr(lab, key[0])))
    }


def wait_for(page, lab) -> None:
    """Wait until the lab shows ``lab``'s texts and its matching (fails with the difference)."""
    expected = visible_outputs(lab)
    flows = [[f.source, f.target, str(f.mass)] for f in lab.values().plan.flows]
    with contextlib.suppress(PlaywrightTimeout):  # on timeout the assertions show the difference
        page.wait_for_function(
            f"([texts, flows]) => {{ const got = ({SHOWN})(); "
            "return Object.keys(texts).every((k) => got[k] === texts[k]) && "
            f"JSON.stringify(({DRAWN})()) === JSON.stringify(flows); }}",
            arg=[expected, flows],
            timeout=10_000,
        )
    got = shown(page)
    assert {key: got[key] for key in expected} == expected
    assert page.evaluate(DRAWN) == flows


def type_value(page, name: str, value: str) -> None:
    helpers.type_value(page, ROOT, name, value)


def test_editing_the_datasets_redraws_the_matching_and_the_state_round_trips(open_page):
    visit = open_page(LESSON)
    page = visit.page
    root = page.locator(ROOT)
    wait_for(page, START)
    assert root.locator("[data-show='lab-error']").is_hidden()
    item_a3 = root.locator("input[type=range][name=a3]")
    assert item_a3.is_hidden()  # K has 2 items: the third is kept but not shown

    # Across the street, then across the country: K = {0, 3} → K′ = {1, 2} → {1, 4}.
    type_value(page, "b2", "4")
    wait_for(page, START.with_state(b=(1, 4)))
    root.locator("button[data-step='1'][data-for=na]").click()  # K gets a third item
    wait_for(page, START.with_state(a=(0, 3, 0), b=(1, 4)))
    assert item_a3.is_visible()
    for _ in range(2):
        root.locator("button[data-step='1'][data-for=a3]").click()
    wait_for(page, START.with_state(a=(0, 3, 2), b=(1, 4)))
    type_value(page, "nb", "1")
    state = START.with_state(a=(0, 3, 2), b=(1,))
    wait_for(page, state)
    assert root.locator("input[type=range][name=b2]").is_hidden()
    assert "d_EM" in root.locator("[data-show='live']").text_content()

    # The address holds the state, written as dplab writes links; the hidden item b2 = 4 is
    # kept in it.
    href = state.href().replace("b2=0", "b2=4")
    page.wait_for_function("(h) => location.hash === h", arg=href)
    assert root.locator("a.dplab-lab-permalink").get_attribute("href") == href
    assert visit.console_errors == []

    # Opened afresh (a bookmark, a shared link): the same state, the chip in view.
    page = open_page(LESSON + href, draw_all=False).page
    wait_until_ready(page)
    wait_for(page, state)
    type_value(page, "nb", "2")  # the kept item comes back
    wait_for(page, START.with_state(a=(0, 3, 2), b=(1, 4)))


def test_controls_are_labelled_and_the_picture_has_a_name(lab_page):
    page = lab_page.page
    root = page.locator(ROOT)
    for name in ("na", "a1", "a2", "nb", "b1", "b2"):
        control = root.locator(f"input[type=range][name={name}]")
        assert root.locator(f"label[for='{control.get_attribute('id')}']").text_content().strip()
    svg = root.locator("svg.dplab-emd-svg")
    assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-label")


def test_things_to_try_buttons_load_their_state(lab_page):
    page = lab_page.page
    buttons = page.locator("a.dplab-lab-try[href*='#emd-lab-lesson?']")
    assert buttons.count() >= 4
    for href in [buttons.nth(i).get_attribute("href") for i in range(buttons.count())]:
        page.locator(f"a.dplab-lab-try[href='{href}']").click()
        params = dict(part.split("=") for part in href.split("?", 1)[1].split("&"))
        a = tuple(int(params[f"a{i}"]) for i in range(1, int(params["na"]) + 1))
        b = tuple(int(params[f"b{i}"]) for i in range(1, int(params["nb"]) + 1))
        state = START.with_state(a=a, b=b)
        assert state.href() == href
        wait_for(page, state)


def test_moving_to_the_grids_ends_shows_dplabs_texts_and_matching(lab_page):
    page = lab_page.page
    for a, b in [((0, 0, 0, 0), (4,)), ((4, 4, 4, 4), (0, 0, 0, 0)), ((0,), (4,)), ((4,), (0, 4))]:
        page.evaluate(
            """([a, b]) => {
                const form = document.querySelector('.dplab-emd-controls');
                for (const [side, items] of [['a', a], ['b', b]]) {
                    form.elements['n' + side].value = String(items.length);
                    items.forEach((x, i) => { form.elements[side + (i + 1)].value = String(x); });
                }
                form.elements.nb.dispatchEvent(new Event('input', {bubbles: true}));
            }""",
            [list(a), list(b)],
        )
        wait_for(page, START.with_state(a=a, b=b))
