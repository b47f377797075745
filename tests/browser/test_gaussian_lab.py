"""The Gaussian lab (``gaussian-lab.js``) in headless Chromium, against ``dplab``.

The lesson page is opened from ``file://`` with the network blocked.  The script computes
nothing about privacy: it looks δ, log₁₀ δ and the verdict up in the grid that
:func:`dplab.views.gaussian.lab_grid` precomputed.  These tests check that what it shows is
what dplab says:

* at **every** state of the controls (4 kinds × 3 n × 3 B × 12 σ × 25 ε × 6 claims), the
  verdict the panel shows (``panelState``, the function the controls call) equals
  :func:`dplab.mechanisms.gaussian.certify` computed here;
* every text the panel shows equals :func:`dplab.views.gaussian.panel_texts`: the texts
  that depend on the query (per kind, n, B), on the profile point (per Δ, σ, ε), on the
  claim (per Δ, σ, ε, claim) and on σ (per kind, σ), each over all its values, plus whole
  panels on a sample of states;
* the density rows agree with :func:`~dplab.views.gaussian.density_rows` to 1e-12 and the
  profile rows equal :func:`~dplab.views.gaussian.profile_rows` exactly;
* moving each control (by keyboard where it is a slider) updates the panel and redraws all
  three figures with the new state's rows, and no console error occurs.
"""

from __future__ import annotations

import itertools
import json
import math
import sys

import pytest

from dplab.mechanisms import gaussian
from dplab.views import gaussian as gv
from tests.browser.helpers import run_json

pytestmark = pytest.mark.browser

LESSON = "lessons/gaussian.html"
KINDS, SIZES, BOUNDS = gv.QUERY_KINDS, gv.LAB_SIZES, gv.LAB_BOUNDS
SIGMAS, EPS, CLAIMS = gv.LAB_SIGMAS, gv.LAB_EPS, gv.LAB_CLAIMS
ROOT = "document.querySelector('.dplab-gauss-lab')"


@pytest.fixture
def lab_page(shared_lab_page):
    """The lesson page, loaded once for the consecutive read-only exhaustive checks."""
    return shared_lab_page(LESSON)


def state(kind, n, bound, sigma, eps, claim):
    return {
        "kind": kind,
        "n": SIZES.index(n),
        "bound": BOUNDS.index(bound),
        "sigma": SIGMAS.index(sigma),
        "eps": EPS.index(eps),
        "claim": CLAIMS.index(claim),
    }


def python_texts(kind, n, bound, sigma, eps, claim):
    return gv.panel_texts(gv.panel_values(kind, n, bound, sigma, eps, claim))


JS_VERDICTS = """() => {
  const G = window.DPLAB_GAUSS, lab = G.labs[0], d = lab.data, out = {};
  for (const kind of d.kinds) {
    out[kind] = [];
    for (let n = 0; n < d.sizes.length; n++) for (let b = 0; b < d.bounds.length; b++) {
      let line = "";
      for (let s = 0; s < d.sigma_text.length; s++) for (let e = 0; e < d.eps_text.length; e++)
        for (let c = 0; c < d.claims.length; c++)
          line += lab.state({kind, n, bound: b, sigma: s, eps: e, claim: c}).verdict.charAt(0);
      out[kind].push(line);
    }
  }
  return out;
}"""


def test_the_panel_verdict_is_certifys_at_every_state(lab_page):
    shown = run_json(lab_page, JS_VERDICTS, None)
    cache: dict = {}
    count = 0
    for kind in KINDS:
        for (i, n), (j, bound) in itertools.product(enumerate(SIZES), enumerate(BOUNDS)):
            sensitivity = gv.lab_query(kind, n, bound).sensitivity
            line = []
            for sigma, eps, claim in itertools.product(SIGMAS, EPS, CLAIMS):
                key = (sensitivity, sigma, eps, claim)
                if key not in cache:
                    cache[key] = gaussian.certify(*key).verdict[0]
                line.append(cache[key])
                count += 1
            assert shown[kind][i * len(BOUNDS) + j] == "".join(line), (kind, n, bound)
    assert count == 4 * 3 * 3 * 12 * 25 * 6


def test_panel_texts_equal_the_python_ones(lab_page):
    """Every text, grouped by what it depends on, over all values of those; then whole
    panels at a sample of states."""
    js = "(states) => states.map((s) => window.DPLAB_GAUSS.labs[0].state(s).texts)"
    # The query's own texts: every (kind, n, B).
    states = [
        state(k, n, b, "1", "1", "0.13") for k, n, b in itertools.product(KINDS, SIZES, BOUNDS)
    ]
    for s, texts in zip(states, run_json(lab_page, js, states), strict=True):
        expected = python_texts(s["kind"], SIZES[s["n"]], BOUNDS[s["bound"]], "1", "1", "0.13")
        for key in ("query", "pair", "sensitivity"):
            assert texts[key] == expected[key]
    # The profile point and the event: every (Δ, σ, ε), one query per Δ.
    by_sensitivity = {}
    for k, n, b in itertools.product(KINDS, SIZES, BOUNDS):
        by_sensitivity.setdefault(gv.lab_query(k, n, b).sensitivity, (k, n, b))
    states = [
        state(*query, sigma, eps, claim)
        for query in by_sensitivity.values()
        for sigma in SIGMAS
        for eps in EPS
        for claim in CLAIMS
    ]
    shown = run_json(lab_page, js, states)
    for s, texts in zip(states, shown, strict=True):
        python = gv.panel_values(
            s["kind"],
            SIZES[s["n"]],
            BOUNDS[s["bound"]],
            SIGMAS[s["sigma"]],
            EPS[s["eps"]],
            CLAIMS[s["claim"]],
        )
        expected = gv.panel_texts(python)
        keys = ["claim", "badge", "verdict", "profile-note"]
        if s["claim"] == 0:
            keys += ["delta", "log", "underflow", "edge", "edge-note", "sigma", "eps"]
        for key in keys:
            assert texts[key] == expected[key], (s, key)
    # The error texts: every (kind, σ).
    states = [state(k, 4, 1, sigma, "1", "0") for k in KINDS for sigma in SIGMAS]
    for s, texts in zip(states, run_json(lab_page, js, states), strict=True):
        expected = python_texts(s["kind"], 4, 1, SIGMAS[s["sigma"]], "1", "0")
        assert (texts["mse"], texts["mae"]) == (expected["mse"], expected["mae"])
    # Whole panels on a sample of every state.
    every = list(itertools.product(KINDS, SIZES, BOUNDS, SIGMAS, EPS, CLAIMS))
    sample = every[::97]
    shown = run_json(lab_page, js, [state(*s) for s in sample])
    for s, texts in zip(sample, shown, strict=True):
        assert texts == python_texts(*s), s


def test_underflowing_states_show_log10_delta_and_never_zero(lab_page):
    rows = run_json(
        lab_page,
        "(s) => window.DPLAB_GAUSS.labs[0].state(s)",
        state("mean", 32, 1, "10", "10", "1e-10"),
    )
    assert rows["underflow"] and rows["delta"] is None
    assert rows["texts"]["log"] == "≈ −2223595.4904"
    assert "3.2329×10⁻²²²³⁵⁹⁶" in rows["texts"]["delta"]
    assert rows["verdict"] == "pass"


def close(a, b):
    """Equal to 1e-12 relative, or apart by less than the smallest normal double: below
    it doubles are subnormal and lose relative precision (a density of 1e-313 has about
    ten significant digits, one of 2e-323 has none; JavaScript may round it to 0)."""
    return abs(a - b) <= max(1e-12 * max(abs(a), abs(b)), sys.float_info.min)


def test_density_rows_agree_with_python(lab_page):
    grid = gv.lab_grid()
    cases = [
        (sensitivity, float(sigma), float(eps))
        for sensitivity in grid["sens_value"]
        for sigma in SIGMAS
        for eps in ("0", "0.5", "1", "3", "10")
    ]
    js = (
        "(cases) => { const lab = window.DPLAB_GAUSS.labs[0]; "
        "return cases.map((c) => window.DPLAB_GAUSS.densityRows(lab.data, c[0], c[1], c[2])); }"
    )
    shown = run_json(lab_page, js, cases)
    for case, got in zip(cases, shown, strict=True):
        expected = gv.density_rows(*case)
        assert got.keys() == expected.keys()
        for name, rows in expected.items():
            assert len(got[name]) == len(rows), (case, name)
            for a, b in zip(got[name], rows, strict=True):
                assert a.keys() == b.keys()
                for key, value in b.items():
                    if isinstance(value, float):
                        assert close(a[key], value), (case, name, key, a[key], value)
                    else:
                        assert a[key] == value


def test_profile_rows_equal_python(lab_page):
    grid = gv.lab_grid()
    cases = [
        (d, s, e, c)
        for d in range(len(grid["sens_value"]))
        for s in range(len(SIGMAS))
        for e in (0, 10, 24)
        for c in range(len(CLAIMS))
    ]
    js = (
        "(cases) => { const lab = window.DPLAB_GAUSS.labs[0]; "
        "return cases.map((c) => window.DPLAB_GAUSS.profileRows(lab.data, ...c)); }"
    )
    shown = run_json(lab_page, js, cases)
    for case, got in zip(cases, shown, strict=True):
        assert got == json.loads(json.dumps(gv.profile_rows(*case))), case


# --- the controls -------------------------------------------------------------------------


def shown_texts(page):
    return page.evaluate(
        f"() => {{ const out = {{}}; {ROOT}.querySelectorAll('[data-show]').forEach((el) => "
        "{ if (!['live', 'link-note'].includes(el.dataset.show)) "
        "out[el.dataset.show] = window.DPLAB_LAB.shownText(el); }); return out; }"
    )


def chart_rows(page):
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


def expected_rows(kind, n, bound, sigma, eps, claim):
    grid = gv.lab_grid()
    s = state(kind, n, bound, sigma, eps, claim)
    d = grid["state_sens"][kind][s["n"]][s["bound"]]
    rows = gv.density_rows(grid["sens_value"][d], float(sigma), float(eps))
    rows.update(gv.profile_rows(d, s["sigma"], s["eps"], s["claim"]))
    return json.loads(json.dumps(rows))


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
    rows = chart_rows(page)
    for name, want in expected_rows(*values).items():
        got = rows[name]
        assert len(got) == len(want), name
        for a, b in zip(got, want, strict=True):
            for key, value in b.items():
                assert close(a[key], value) if isinstance(value, float) else a[key] == value
    badge = page.locator(".dplab-gauss-lab .dplab-lab-outputs [data-show=badge]")
    chip = page.locator(".dplab-gauss-lab .dplab-lab-chip [data-show=badge]")
    assert chip.get_attribute("data-verdict") == badge.get_attribute("data-verdict")
    assert badge.get_attribute("data-verdict") == gv.panel_values(*values).verdict


def test_each_control_updates_the_panel_and_all_three_figures(open_page):
    visit = open_page(LESSON)
    page = visit.page
    lab = page.locator(".dplab-gauss-lab")
    page.wait_for_function(
        f"Array.from({ROOT}.querySelectorAll('.dplab-gauss-chart .dplab-chart'))"
        ".every((c) => c.dplabView && c.dplabUpdates > 0)"
    )
    values = ["sum", 4, 1, "1", "1", "0.13"]
    initial = {key: gv.plain_text(text) for key, text in python_texts(*values).items()}
    assert shown_texts(page) | initial == shown_texts(page)

    def move(index, value, act):
        before = update_counts(page)
        act()
        values[index] = value
        assert_state(page, before, tuple(values))

    # Sliders by keyboard.
    sigma = lab.locator("input[name=sigma]")
    move(3, "1.5", lambda: (sigma.focus(), page.keyboard.press("ArrowRight")))
    eps = lab.locator("input[name=eps]")
    move(4, "0.9", lambda: (eps.focus(), page.keyboard.press("ArrowLeft")))
    move(4, "10", lambda: page.keyboard.press("End"))
    # Selects, one of them by keyboard.
    kind = lab.locator("select[name=kind]")
    move(0, "mean", lambda: (kind.focus(), page.keyboard.press("ArrowDown")))
    move(1, 16, lambda: lab.locator("select[name=n]").select_option("16"))
    move(2, 4, lambda: lab.locator("select[name=bound]").select_option("4"))
    move(5, "1e-10", lambda: lab.locator("select[name=claim]").select_option("1e-10"))
    move(0, "constant", lambda: kind.select_option("constant"))
    # The presets put the lesson's examples on the controls.
    for name, preset in gv.PRESETS.items():
        before = update_counts(page)
        lab.locator(f"button[data-preset={name}]").click()
        values[:] = list(preset)
        assert_state(page, before, preset)
        if name == "underflow":
            assert lab.locator("[data-show=log]").inner_text() == "≈ −2223595.4904"  # not 0
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
    assert buttons.count() == len(gv.PRESETS)
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
