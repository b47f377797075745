"""The inference lab of lesson 6 in the browser: its texts equal dplab's at every state.

``inference-lab.js`` looks up what depends on the mechanism (δ, curve, power texts) and
computes the rest in exact BigInt rationals.  Each text depends only on some of the
controls: the posterior, ratio, badge and reading on (mechanism setting, α, prior, event),
the allowed power on (setting, α, level), the mechanism's power on (setting, level).  So the
first test runs the script's ``panelState`` over every (setting, α) with every (prior,
event) and every level – every value any state shows – and compares every text with
:meth:`InferenceLab.outputs`.  The others move the controls, follow a state link and check
the chart rows.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dplab.views.inference_lab import (
    LAB_ALPHAS,
    LAB_EVENTS,
    LAB_LEVELS,
    LAB_PRIORS,
    LAB_PS,
    LAB_SCALES,
    LAB_SIGMAS,
    LAB_SIZES,
    inference_lab,
    posterior_rows,
)
from dplab.views.numbers import approx_text, value_text
from tests.browser.helpers import scroll_under_the_header

pytestmark = pytest.mark.browser

LESSON = "lessons/inference.html"
START = inference_lab("rr", 1, "0.75", alpha=3, prior="0.5", key="lesson")
SHOWN = """() => Object.fromEntries([...document.querySelectorAll(
    '.dplab-inference-lab [data-show]')].filter((e) => !['live', 'lab-error', 'link-note']
    .includes(e.dataset.show)).map((e) => [e.dataset.show, DPLAB_LAB.shownText(e)]))"""


@pytest.fixture
def lab_page(open_page):
    return open_page(LESSON)  # ready: every chart drawn and every lab started


def settings():
    """(state arguments, grid indices) of every mechanism setting."""
    for i, n in enumerate(LAB_SIZES):
        for j, p in enumerate(LAB_PS):
            yield {"mechanism": "rr", "n": n, "p": p}, {"mechanism": "rr", "n": i, "p": j}
    for k, scale in enumerate(LAB_SCALES):
        yield {"mechanism": "laplace", "scale": scale}, {"mechanism": "laplace", "scale": k}
    for k, sigma in enumerate(LAB_SIGMAS):
        yield {"mechanism": "gaussian", "sigma": sigma}, {"mechanism": "gaussian", "sigma": k}


DEFAULTS = {  # the grid indices of inference_lab's default arguments
    "n": LAB_SIZES.index(START.n),
    "p": LAB_PS.index(START.p),
    "scale": LAB_SCALES.index(START.scale),
    "sigma": LAB_SIGMAS.index(START.sigma),
    "alpha": LAB_ALPHAS.index(START.alpha),
    "prior": LAB_PRIORS.index(START.prior),
    "event": LAB_EVENTS.index(START.event),
    "level": LAB_LEVELS.index(START.level),
}


def index_state(indices: dict, **more: int) -> dict:
    return DEFAULTS | indices | more


def test_every_text_equals_dplab_at_every_state(lab_page):
    page = lab_page.page
    states, expected = [], []
    for arguments, indices in settings():
        for a, alpha in enumerate(LAB_ALPHAS):
            for r, prior in enumerate(LAB_PRIORS):
                for e, event in enumerate(LAB_EVENTS):
                    states.append(index_state(indices, alpha=a, prior=r, event=e))
                    expected.append(
                        inference_lab(**arguments, alpha=alpha, prior=prior, event=event)
                    )
            for k, level in enumerate(LAB_LEVELS):
                states.append(index_state(indices, alpha=a, level=k))
                expected.append(inference_lab(**arguments, alpha=alpha, level=level))
    got = page.evaluate(
        """(states) => {
            const grid = window.DPLAB_INFERENCE.labs[0].grid;
            return states.map((s) => window.DPLAB_INFERENCE.panelState(grid, s).texts);
        }""",
        states,
    )
    assert len(got) == 46 * len(LAB_ALPHAS) * (len(LAB_PRIORS) * len(LAB_EVENTS) + 6)
    for texts, lab, state in zip(got, expected, states, strict=True):
        assert texts == lab.outputs(), state
    assert lab_page.console_errors == []


def test_doubles_are_read_as_their_exact_binary_values(lab_page):
    rng = random.Random(7)
    values = [0.1, 1e-300, 5e-324, 2.2250738585072014e-308, 0.5, 1.0, 123456.789, -0.3]
    values += [rng.random() * 10 ** rng.randint(-30, 3) for _ in range(200)]
    got = lab_page.page.evaluate(
        """(values) => values.map((x) => {
            const r = window.DPLAB_INFERENCE.exactOfDouble(x);
            return [r.n.toString(), r.d.toString()];
        })""",
        values,
    )
    for value, (num, den) in zip(values, got, strict=True):
        assert Fraction(int(num), int(den)) == Fraction(value), value


def test_chart_rows_equal_the_python_rows(lab_page):
    page = lab_page.page
    for arguments, indices in list(settings())[::9]:
        lab = inference_lab(**arguments, alpha="2", prior="0.3", event="0.01")
        got = page.evaluate(
            """(s) => {
                const I = window.DPLAB_INFERENCE;
                const grid = I.labs[0].grid;
                return I.posteriorRows(grid, I.panelState(grid, s));
            }""",
            index_state(
                indices,
                alpha=LAB_ALPHAS.index("2"),
                prior=LAB_PRIORS.index("0.3"),
                event=LAB_EVENTS.index("0.01"),
            ),
        )
        expected = posterior_rows(2.0, float(lab.delta()), 0.01, 0.3)
        assert got.keys() == expected.keys()
        for name, rows in expected.items():
            assert len(got[name]) == len(rows)
            for mine, theirs in zip(got[name], rows, strict=True):
                for key, value in theirs.items():
                    assert mine[key] == pytest.approx(value, rel=1e-12, abs=1e-15), (name, key)


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


def test_the_script_rounds_bounds_outward_as_dplab_does(lab_page):
    rng = random.Random(11)
    values = [Fraction(3001, 102001), Fraction(99999, 10**5), Fraction(-1, 3), Fraction(1, 3)]
    for _ in range(300):
        scale = Fraction(10) ** rng.randint(-12, 8)
        values.append(
            Fraction(rng.choice([-1, 1]) * rng.randint(1, 10**9), rng.randint(1, 10**9)) * scale
        )
    got = lab_page.page.evaluate(
        """(pairs) => pairs.map(([a, b]) => {
            const n = BigInt(a), d = BigInt(b);
            return ["upper", "lower"].flatMap((bound) => [
                DPLAB_LAB.approxRatio(n, d, 4, bound), DPLAB_LAB.valueText(n, d, bound)]);
        })""",
        [[str(v.numerator), str(v.denominator)] for v in values],
    )
    expected = [
        [
            text
            for bound in ("upper", "lower")
            for text in (approx_text(v, bound=bound), value_text(v, bound=bound))
        ]
        for v in values
    ]
    assert got == expected
