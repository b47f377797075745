"""The randomized-response lab (``rr-lab.js`` wiring ``rr-lab-core.js``) in headless Chromium.

The lab's rules – every certificate, event check, claim reading, verdict and text at every
state of the grid – are its core, checked against :mod:`dplab` by Node at every state
(``tests/js/rr_lab.test.cjs``, vectors from ``tests/js/golden_rr_lab.py``).  Here, what needs
a browser: the page runs that very core (the served file is the repository's), and moving
the controls – keyboard, the δ box, the pair select, the event's checkboxes – shows dplab's
texts, badges and chart rows on a walk through states that includes every control's ends.
"""

from __future__ import annotations

import contextlib

import pytest

from dplab.views import label
from dplab.views.labs.rr import lab as lab_views
from tests.browser.helpers import served_core_is_the_repositorys

pytestmark = pytest.mark.browser

LESSON = "lessons/randomized-response.html"


INITIAL = {"n": 4, "p": "3/4", "alpha": "3", "delta": "0", "lower": 1, "mask": 3}


SHOWN = """() => { const out = {};
  document.querySelectorAll('.dplab-rr-lab [data-show]').forEach((e) => {
    const key = e.getAttribute('data-show');
    if (!['bits', 'live', 'lab-error', 'delta-error', 'link-note'].includes(key))
      out[key] = e.tagName === 'INPUT' ? e.value : e.textContent;
  });
  return out; }"""


def assert_shown(page, expected: dict[str, str]) -> None:
    """Wait until the lab's outputs settle on ``expected`` (updates run on the next frame)."""
    with contextlib.suppress(Exception):  # on timeout, the assertion below shows the difference
        page.wait_for_function(
            f"(expected) => {{ const got = ({SHOWN})(); "
            "return Object.keys(got).length === Object.keys(expected).length && "
            "Object.keys(expected).every((key) => got[key] === expected[key]); }",
            arg=expected,
            timeout=5000,
        )
    assert page.evaluate(SHOWN) == expected


def test_moving_the_controls_changes_outputs_badges_and_charts(open_page):
    visit = open_page(LESSON)
    page = visit.page
    served_core_is_the_repositorys(page, "rr-lab")
    lab = page.locator(".dplab-rr-lab")
    page.wait_for_function(
        "document.querySelectorAll('.dplab-rr-lab .dplab-chart svg.marks').length === 3"
    )
    # After the script ran, every output equals the build's (dplab's) text for the state.
    assert_shown(page, lab_views.rr_lab(**INITIAL).outputs())

    # Keyboard: p from 0.75 to 0.90 with the arrow key; then type the claimed δ.
    lab.locator("input[name=p]").focus()
    for _ in range(15):
        page.keyboard.press("ArrowRight")
    claim = lab.locator("input[name=delta]")
    claim.fill("0.05")
    expected = lab_views.rr_lab(**{**INITIAL, "p": "0.9", "delta": "0.05"}).outputs()
    assert_shown(page, expected)
    assert expected["cert-badge"] == label("rr.badge_fail")
    badge = lab.locator('.dplab-lab-outputs [data-show="cert-badge"]')
    chip_badge = lab.locator('.dplab-lab-chip [data-show="cert-badge"]')
    assert badge.get_attribute("data-verdict") == chip_badge.get_attribute("data-verdict") == "fail"
    marks = page.evaluate(
        "() => document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').map((r) => r.mark).join('')"
    )
    assert marks == "✗" * 8

    # The δ box reads numbers as every lab and grader does (readNumber): the exact required
    # δ typed as a fraction passes; a refused text is told what is wrong with it.
    error = lab.locator('[data-show="delta-error"]')
    for text, verdict, reason in (
        ("0.437", "fail", None),
        ("0.438", "pass", None),
        ("2187/5000", "pass", None),
        ("437/1000", "fail", None),
        ("\u22121", "none", "lab.typed_negative"),
        ("3/2", "none", "rr.lab_delta_above"),
        ("0,5", "none", "number.comma"),
    ):
        told = (
            None
            if reason is None
            else label("rr.lab_delta_refused", typed=text, reason=label(reason))
        )
        claim.fill(text)
        # The verdict and the message together: two refused texts in a row share the verdict
        # "none", so the verdict alone may still be the previous text's (updates run on the
        # next frame).
        page.wait_for_function(
            "([verdict, told]) => { const lab = document.querySelector('.dplab-rr-lab');"
            " const error = lab.querySelector('[data-show=\"delta-error\"]');"
            " return lab.querySelector('[data-show=\"cert-badge\"]')"
            ".getAttribute('data-verdict') === verdict && (told === null"
            " ? !error.checkVisibility() : error.innerText === told); }",
            arg=[verdict, told],
        )
        assert error.is_visible() == (reason is not None)
        if reason is not None:
            assert error.inner_text() == told
    assert lab.locator("input[name=delta]").get_attribute("aria-invalid") == "true"
    assert badge.inner_text() == chip_badge.inner_text() == label("rr.badge_none")

    # The reviewed case: on the event {0} of 0→1, P(S) = 0.6561 exceeds αQ(S) + δ = 0.65609
    # by 10⁻⁵. Both are exact and shown after "="; rounded to four digits they would look equal.
    claim.fill("0.43739")
    lab.locator("select[name=pair]").select_option("0-1")
    lab.locator("input[data-bit='1']").uncheck()
    reviewed = lab_views.rr_lab(4, "0.9", "3", "0.43739", lower=0, mask=1).outputs()
    assert_shown(page, reviewed)
    assert reviewed["event-values"] == label("rr.lab_event_values").format(
        ps="= 0.6561", qs="= 0.0729", bound="= 0.65609"
    )
    assert reviewed["event-badge"] == label("rr.badge_fail")
    lab.locator("select[name=pair]").select_option("1-2")
    lab.locator("input[data-bit='1']").check()
    claim.fill("0.438")

    # A checkbox adds output 4 to the event: the mask becomes 3 + 16.
    lab.locator("input[data-bit='4']").check()
    expected = lab_views.rr_lab(**{**INITIAL, "p": "0.9", "delta": "0.438", "mask": 19}).outputs()
    assert_shown(page, expected)

    # n to its maximum by keyboard: 13 outputs, 24 pairs, the requested c = 1 still valid.
    lab.locator("input[name=n]").focus()
    page.keyboard.press("End")
    expected = lab_views.rr_lab(
        **{**INITIAL, "n": 12, "p": "0.9", "delta": "0.438", "mask": 19}
    ).outputs()
    assert_shown(page, expected)
    assert lab.locator("input[data-bit]").count() == 13
    page.wait_for_function(
        "document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').length === 24"
    )

    # The other ends: n = 1 (the pair 1→2 clamped to 0→1, outputs 4 and 1 above n left
    # out), p = 1 and α = 10 (the largest), then p = 0.5 and α = 1 (the smallest).
    page.keyboard.press("Home")
    state = {**INITIAL, "n": 1, "p": "0.9", "delta": "0.438", "mask": 19}
    assert_shown(page, lab_views.rr_lab(**state).outputs())
    assert lab.locator("input[data-bit]").count() == 2
    state["lower"] = 0  # the select now holds the pair it was clamped to
    for name, key, value in (("p", "End", "1"), ("alpha", "End", "10"), ("p", "Home", "0.5")):
        lab.locator(f"input[name={name}]").focus()
        page.keyboard.press(key)
        state[name] = value
        assert_shown(page, lab_views.rr_lab(**state).outputs())
    lab.locator("input[name=alpha]").focus()
    page.keyboard.press("Home")
    state["alpha"] = "1"
    assert_shown(page, lab_views.rr_lab(**state).outputs())
    lab.locator("input[name=n]").focus()
    page.keyboard.press("End")
    state["n"] = 12

    # The palette switch redraws the charts; they are refilled with the current rows.
    page.locator("label[for=__palette_1]").first.click()
    page.wait_for_function(
        "Array.from(document.querySelectorAll('.dplab-rr-lab .dplab-chart'))"
        ".every((c) => c.getAttribute('data-dplab-theme') === 'dark')"
    )
    page.wait_for_function(
        "document.querySelector('.dplab-rr-lab [data-chart=profile] .dplab-chart')"
        ".dplabView.data('rr_profile').length === 91 && "
        "document.querySelector('.dplab-rr-lab [data-chart=pairs] .dplab-chart')"
        ".dplabView.data('rr_pairs').length === 24"
    )
    assert (visit.console_errors, visit.off_site, visit.failed) == ([], [], [])


def test_every_control_has_a_visible_label_and_takes_keyboard_focus(open_page):
    page = open_page(LESSON).page
    controls = page.locator(".dplab-rr-lab input, .dplab-rr-lab select")
    # three sliders, each with its typed box; δ; the pair; one checkbox per output
    assert controls.count() == 3 * 2 + 2 + 5
    for i in range(controls.count()):
        control = controls.nth(i)
        assert control.evaluate(
            "(el) => el.labels.length > 0 && Array.from(el.labels).every((l) => "
            "l.offsetWidth > 0 && l.textContent.trim().length > 0)"
        )
        control.focus()
        assert control.evaluate("(el) => document.activeElement === el")
