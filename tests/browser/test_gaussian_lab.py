"""The Gaussian lab (``gaussian-lab.js`` and its core) in headless Chromium.

The lab's rules (every text, verdict and chart row at a state) live in its pure core,
``gaussian-lab-core.js``, which ``tests/js/gaussian_lab.test.cjs`` checks in Node against Python's
golden vectors at every state of the grid; the grid itself is checked against
:func:`dplab.mechanisms.gaussian.certify` in ``tests/views/labs/test_gaussian.py``.  Here, only
what needs a browser:

* the page runs the very core Node checked (byte for byte);
* moving each control (by keyboard where it is a slider, to the first and last values of
  the sliders, across a verdict flip, to a state whose δ underflows and to Δ = 0) updates
  the panel and redraws all three figures with the state's rows, with no console error;
* every control has a visible label and takes keyboard focus; the palette switch redraws
  the charts with the current rows.
"""

from __future__ import annotations

import math
import sys

import pytest

from dplab.mechanisms import gaussian
from dplab.views import gaussian as gv
from dplab.views.labs import gaussian as glab
from tests.browser.helpers import served_core_is_the_repositorys
from tests.js import golden_gaussian_lab as golden

pytestmark = pytest.mark.browser

LESSON = "lessons/gaussian.html"
ROOT = "document.querySelector('.dplab-gauss-lab')"


def python_texts(kind, n, bound, sigma, eps, claim):
    return glab.panel_texts(glab.panel_values(kind, n, bound, sigma, eps, claim))


def close(a, b):
    """Equal to 1e-12 relative, or apart by less than the smallest normal double: below
    it doubles are subnormal and lose relative precision (a density of 1e-313 has about
    ten significant digits, one of 2e-323 has none; JavaScript may round it to 0)."""
    return abs(a - b) <= max(1e-12 * max(abs(a), abs(b)), sys.float_info.min)


# --- the controls -------------------------------------------------------------------------


def shown_texts(page):
    return page.evaluate(
        f"() => {{ const out = {{}}; {ROOT}.querySelectorAll('[data-show]').forEach((el) => "
        "{ if (!['live', 'link-note'].includes(el.dataset.show)) "
        "out[el.dataset.show] = window.DPLAB_LAB.shownText(el); }); return out; }"
    )


def drawn_rows(page):
    return page.evaluate(
        f"() => {{ const out = {{}}; {ROOT}.querySelectorAll('.dplab-gauss-chart').forEach((h) => "
        "{ const v = h.querySelector('.dplab-chart').dplabView; "
        "const names = h.dataset.chart === 'density' ? ['gauss_density', 'gauss_event', "
        "'gauss_excess'] : ['gauss_profile', 'gauss_claim', 'gauss_point']; "
        "names.forEach((n) => { out[n] = v.data(n).map((r) => { const c = {}; "
        "Object.keys(r).filter((k) => !k.startsWith('Symbol')).forEach((k) => c[k] = r[k]); "
        "return c; }); }); }); return out; }"
    )


def update_counts(page):
    return page.evaluate(
        f"() => Array.from({ROOT}.querySelectorAll('.dplab-gauss-chart .dplab-chart'))"
        ".map((c) => c.dplabUpdates || 0)"
    )


def assert_state(page, before, values):
    """The panel shows ``values``' texts, all three figures were redrawn after ``before``
    and hold the state's rows."""
    expected = {key: gv.plain_text(text) for key, text in python_texts(*values).items()}
    page.wait_for_function(
        "(args) => { const [texts, before] = args; "
        f"const counts = Array.from({ROOT}.querySelectorAll('.dplab-gauss-chart .dplab-chart'))"
        ".map((c) => c.dplabUpdates || 0); "
        f"return Object.keys(texts).every((k) => window.DPLAB_LAB.shownText({ROOT}.querySelector("
        "'[data-show=\"' + k + '\"]')) === texts[k]) && "
        "counts.every((c, i) => c > before[i]); }",
        arg=[expected, before],
        timeout=5000,
    )
    shown = shown_texts(page)
    assert {key: shown[key] for key in expected} == expected
    live = page.evaluate(f"window.DPLAB_LAB.shownText({ROOT}.querySelector('[data-show=live]'))")
    assert live == golden.live(python_texts(*values))
    rows = drawn_rows(page)
    want_rows = golden.chart_rows(*values)
    for name, want in {**want_rows["density"], **want_rows["profile"]}.items():
        got = rows[name]
        assert len(got) == len(want), name
        for a, b in zip(got, want, strict=True):
            for key, value in b.items():
                assert close(a[key], value) if isinstance(value, float) else a[key] == value
    badge = page.locator(".dplab-gauss-lab .dplab-lab-outputs [data-show=badge]")
    chip = page.locator(".dplab-gauss-lab .dplab-lab-chip [data-show=badge]")
    assert chip.get_attribute("data-verdict") == badge.get_attribute("data-verdict")
    assert badge.get_attribute("data-verdict") == glab.panel_values(*values).verdict


def test_each_control_updates_the_panel_and_all_three_figures(open_page):
    visit = open_page(LESSON)
    page = visit.page
    lab = page.locator(".dplab-gauss-lab")
    page.wait_for_function(
        f"Array.from({ROOT}.querySelectorAll('.dplab-gauss-chart .dplab-chart'))"
        ".every((c) => c.dplabView && c.dplabUpdates > 0)"
    )
    served_core_is_the_repositorys(page, "gaussian-lab")
    values = ["sum", 4, 1, "1", "1", "0.13"]
    initial = {key: gv.plain_text(text) for key, text in python_texts(*values).items()}
    assert shown_texts(page) | initial == shown_texts(page)
    visited = [tuple(values)]

    def move(index, value, act):
        before = update_counts(page)
        act()
        values[index] = value
        assert_state(page, before, tuple(values))
        visited.append(tuple(values))

    # Sliders by keyboard.
    sigma = lab.locator("input[name=sigma]")
    move(3, "1.5", lambda: (sigma.focus(), page.keyboard.press("ArrowRight")))
    eps = lab.locator("input[name=eps]")
    move(4, "0.9", lambda: (eps.focus(), page.keyboard.press("ArrowLeft")))
    move(4, "10", lambda: page.keyboard.press("End"))
    move(3, "0.1", lambda: (sigma.focus(), page.keyboard.press("Home")))
    # Selects, one of them by keyboard.
    kind = lab.locator("select[name=kind]")
    move(0, "mean", lambda: (kind.focus(), page.keyboard.press("ArrowDown")))
    move(1, 16, lambda: lab.locator("select[name=n]").select_option("16"))
    move(2, 4, lambda: lab.locator("select[name=bound]").select_option("4"))
    move(5, "1e-10", lambda: lab.locator("select[name=claim]").select_option("1e-10"))
    move(0, "constant", lambda: kind.select_option("constant"))
    # The presets put the lesson's examples on the controls.
    for name, preset in glab.PRESETS.items():
        before = update_counts(page)
        lab.locator(f"button[data-preset={name}]").click()
        values[:] = list(preset)
        assert_state(page, before, preset)
        visited.append(preset)
        if name == "underflow":
            assert lab.locator("[data-show=log]").inner_text() == "≈ −2223595.4904"  # not 0
    assert visited == golden.CONTROL_WALK  # whose chart rows Node checks too
    verdicts = {glab.panel_values(*state).verdict for state in visited}
    assert verdicts == {"pass", "fail"}
    assert (visit.console_errors, visit.off_site, visit.failed) == ([], [], [])


def test_every_control_has_a_visible_label_and_takes_keyboard_focus(open_page):
    page = open_page(LESSON).page
    controls = page.locator(".dplab-gauss-lab input, .dplab-gauss-lab select")
    assert controls.count() == 6 + 2  # and the typed boxes of the sliders σ and ε
    for i in range(controls.count()):
        control = controls.nth(i)
        assert control.evaluate(
            "(el) => el.labels.length > 0 && Array.from(el.labels).every((l) => "
            "l.offsetWidth > 0 && l.textContent.trim().length > 0)"
        )
        control.focus()
        assert control.evaluate("(el) => document.activeElement === el")
    buttons = page.locator(".dplab-gauss-lab button[data-preset]")
    assert buttons.count() == len(glab.PRESETS)
    for i in range(buttons.count()):
        assert buttons.nth(i).inner_text().strip()


def test_the_palette_switch_redraws_with_the_current_rows(open_page):
    visit = open_page(LESSON)
    page = visit.page
    page.wait_for_function(
        f"Array.from({ROOT}.querySelectorAll('.dplab-gauss-chart .dplab-chart'))"
        ".every((c) => c.dplabUpdates > 0)"
    )
    page.locator(".dplab-gauss-lab button[data-preset=underflow]").click()
    page.wait_for_function(
        f"window.DPLAB_LAB.shownText({ROOT}.querySelector('[data-show=eps]')) === '10'"
    )
    page.locator("label[for=__palette_1]").first.click()
    page.wait_for_function(
        f"Array.from({ROOT}.querySelectorAll('.dplab-chart'))"
        ".every((c) => c.getAttribute('data-dplab-theme') === 'dark')"
    )
    page.wait_for_function(
        f"{ROOT}.querySelector('[data-chart=profile] .dplab-chart').dplabView"
        ".data('gauss_point').length === 1 && "
        f"{ROOT}.querySelector('[data-chart=profile] .dplab-chart').dplabView"
        ".data('gauss_point')[0].eps === 10"
    )
    point = page.evaluate(
        f"{ROOT}.querySelector('[data-chart=profile] .dplab-chart').dplabView"
        ".data('gauss_point')[0].log10_delta"
    )
    assert math.isclose(point, gaussian.log_delta(1 / 32, 10, 10) / math.log(10), rel_tol=0)
    assert (visit.console_errors, visit.off_site, visit.failed) == ([], [], [])
