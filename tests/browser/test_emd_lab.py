"""The d_EM lab of lesson 7 (``emd-lab.js``) in headless Chromium, against
``dplab.userlevel.metric``.

* The script's optimal coupling (``plan``) and its ``∫ |F_K − F_K′|`` (``integral``) on
  **every** pair of multisets the controls can make (sizes 1 to 4 over locations 0 to 4:
  125² pairs) equal :func:`dplab.userlevel.metric.emd_plan`'s flows (source, target, exact mass) and
  :func:`dplab.userlevel.metric.emd` exactly, and the texts it would show equal
  :meth:`~dplab.views.emd_lab.EmdLab.outputs`.
* Moving the controls (typed values, − / + buttons, the size) changes the matching drawn
  and ``d_EM`` to dplab's; items past the size hide; the state goes into the address, and
  that address opened afresh shows the same state.
"""

from __future__ import annotations

import contextlib
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from dplab.userlevel import metric
from dplab.views.emd_lab import LAB_LOCATIONS, LAB_MAX_SIZE, emd_lab
from tests.browser import helpers
from tests.browser.helpers import run_json, wait_until_ready

pytestmark = pytest.mark.browser

LESSON = "lessons/user-level-metric.html"
START = emd_lab((0, 3), (1, 2), key="lesson")  # as the lesson places it
ROOT = ".dplab-emd-lab"
DATASETS = [
    dataset
    for size in range(1, LAB_MAX_SIZE + 1)
    for dataset in combinations_with_replacement(LAB_LOCATIONS, size)
]

SHOWN = """() => { const out = {};
  document.querySelectorAll('.dplab-emd-lab [data-show]').forEach((e) => {
    if (!['live', 'lab-error', 'link-note'].includes(e.dataset.show))
      out[e.dataset.show] = window.DPLAB_LAB.shownText(e); });
  return out; }"""

DRAWN = """() => [...document.querySelectorAll('.dplab-emd-lab svg .dplab-emd-flow')].map(
  (line) => [Number(line.dataset.source), Number(line.dataset.target), line.dataset.mass])"""


def pad(items: tuple[int, ...]) -> list[int]:
    return list(items) + [0] * (LAB_MAX_SIZE - len(items))


@pytest.fixture
def lab_page(open_page):
    visit = open_page(LESSON)  # ready: every lab started
    yield visit
    assert visit.console_errors == []


def test_dplab_has_every_dataset_the_controls_make():
    assert len(DATASETS) == 5 + 15 + 35 + 70


def test_plan_and_integral_equal_dplab_exactly_on_every_pair(lab_page):
    pairs = [[a, b] for a in DATASETS for b in DATASETS]
    got = run_json(
        lab_page.page,
        """(pairs) => pairs.map(([a, b]) => {
            const p = window.DPLAB_EMD.plan(a, b);
            const area = window.DPLAB_EMD.integral(a, b);
            return [p.units, p.cost, p.flows.map((f) => [f.source, f.target, f.units]),
                    [String(area.n), String(area.d)]];
        })""",
        pairs,
    )
    assert len(got) == 125**2
    for (a, b), (units, cost, flows, (area_n, area_d)) in zip(pairs, got, strict=True):
        plan = metric.emd_plan(a, b)
        expected = [(f.source, f.target, f.mass) for f in plan.flows]
        assert [(s, t, Fraction(u, units)) for s, t, u in flows] == expected, (a, b)
        assert Fraction(cost, units) == plan.cost == metric.emd(a, b), (a, b)
        assert Fraction(int(area_n), int(area_d)) == metric.emd(a, b), (a, b)


def test_the_texts_equal_dplabs_on_every_pair(lab_page):
    pairs = [(a, b) for a in DATASETS for b in DATASETS]
    states = [{"a": a, "b": b, "padded": {"a": pad(a), "b": pad(b)}} for a, b in pairs]
    got = run_json(
        lab_page.page, "(states) => states.map((s) => window.DPLAB_EMD.texts(s))", states
    )
    for (a, b), texts in zip(pairs, got, strict=True):
        assert texts == emd_lab(a, b).outputs(), (a, b)


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
