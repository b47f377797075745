"""The Laplace lab of lesson 3 in the browser: its arithmetic equals dplab's on the whole grid.

``laplace-lab.js`` computes every value it shows from the controls.  These tests run its
functions (``window.DPLAB_LAPLACE``) over every state the controls can reach and compare:

* the sensitivity ``Δ`` and the pure ``ε = Δ/b`` of every (kind, n, B, b): exactly equal to
  :mod:`dplab.queries` and :func:`dplab.laplace.epsilon`;
* ``δ(ε)`` for every ε of the grid and every pure ε that occurs: relative error ≤ 1e-12
  against :func:`dplab.laplace.delta` (zero exactly where dplab's is zero).  dplab's δ
  depends on a state only through the exact ``Δ/b`` and ``ε`` (it is ``−expm1(−s)`` with
  ``s = (Δ/b − ε)/2`` in rationals), and the script's ``values()`` calls ``deltaAt`` with
  the ``Δ/b`` checked above, so this covers every state;
* the texts the lab writes, after moving its controls, equal :meth:`LaplaceLab.outputs`.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dplab import laplace
from dplab.views import laplace as lv
from dplab.views.laplace_lab import (
    LAB_BOUNDS,
    LAB_EPS,
    LAB_SCALES,
    LAB_SIZES,
    density_rows,
    laplace_lab,
    profile_rows,
)
from dplab.views.numbers import approx_text, fraction_decimal_text, number_text
from tests.browser.helpers import scroll_to_and_render

pytestmark = pytest.mark.browser

LESSON = "lessons/laplace.html"


@pytest.fixture
def lab_page(open_page):
    return open_page(LESSON)  # ready: the lab has started and its charts are drawn


def test_sensitivity_and_pure_epsilon_equal_dplab_exactly_on_the_whole_grid(lab_page):
    page = lab_page.page
    got = page.evaluate(
        """([kinds, sizes, halves, scales]) => {
            const L = window.DPLAB_LAPLACE;
            const out = [];
            for (const kind of kinds) for (const n of sizes) for (const h of halves)
              for (const s of scales) {
                const v = L.exact({kind: kind, n: n, halves: h, scale: s});
                out.push(`${v.sensitivity.n}/${v.sensitivity.d} ${v.pure.n}/${v.pure.d}`);
              }
            return out;
        }""",
        [
            list(lv.QUERY_KINDS),
            list(LAB_SIZES),
            [int(2 * b) for b in LAB_BOUNDS],
            [[s.numerator, s.denominator] for s in LAB_SCALES],
        ],
    )
    expected = []
    for kind in lv.QUERY_KINDS:
        for n in LAB_SIZES:
            for bound in LAB_BOUNDS:
                d = lv.lesson_query(kind, n, bound).sensitivity
                for scale in LAB_SCALES:
                    pure = laplace.epsilon(d, scale)
                    expected.append(
                        f"{d.numerator}/{d.denominator} {pure.numerator}/{pure.denominator}"
                    )
    assert len(got) == 4 * 12 * 20 * 51
    assert got == expected
    assert lab_page.console_errors == []


def test_delta_equals_dplab_to_1e_12_for_every_pure_epsilon_and_every_eps(lab_page):
    page = lab_page.page
    classes: dict[Fraction, tuple[Fraction, Fraction]] = {}
    for kind in lv.QUERY_KINDS:
        for n in LAB_SIZES:
            for bound in LAB_BOUNDS:
                d = lv.lesson_query(kind, n, bound).sensitivity
                for scale in LAB_SCALES:
                    classes.setdefault(laplace.epsilon(d, scale), (d, scale))
    pures = sorted(classes)
    got = page.evaluate(
        """(pures) => {
            const L = window.DPLAB_LAPLACE;
            return pures.map(([n, d]) => {
              const pure = L.Q(BigInt(n), BigInt(d));
              const row = [];
              for (let k = 0; k <= 100; k++) row.push(L.deltaAt(pure, k));
              return row;
            });
        }""",
        [[str(p.numerator), str(p.denominator)] for p in pures],
    )
    worst = 0.0
    count = 0
    for pure, row in zip(pures, got, strict=True):
        d, scale = classes[pure]
        for eps, browser in zip(LAB_EPS, row, strict=True):
            exact = laplace.delta(d, scale, eps)
            count += 1
            if exact == 0.0:
                assert browser == 0, (pure, eps)
            else:
                worst = max(worst, abs(browser - exact) / exact)
    assert count == len(pures) * 101 > 100_000
    assert worst <= 1e-12
    assert lab_page.console_errors == []


def test_text_rules_equal_the_python_ones(lab_page):
    page = lab_page.page
    rng = random.Random(3)
    values = [Fraction(1, 64), Fraction(1, 2048), Fraction(2500, 3), Fraction(-7, 3)]
    values += [Fraction(rng.randint(1, 10**6), rng.randint(1, 10**6)) for _ in range(300)]
    values += [Fraction(5, 10**k) for k in range(12)] + [Fraction(99995, 10**5), Fraction(0)]
    floats = [laplace.delta(1, 1, Fraction(k, 97)) for k in range(97)]
    floats += [0.015625, 0.5, 1.0, 1e-300, 0.999999999, 5e-324, rng.random()]
    got = page.evaluate(
        """([values, floats]) => {
            const L = window.DPLAB_LAPLACE;
            return {
              values: values.map(([n, d]) => {
                const q = L.Q(BigInt(n), BigInt(d));
                return [L.approxText(q, 4), L.approxText(q, 6), L.numberText(q), L.exactText(q)];
              }),
              floats: floats.map((x) => L.approxText(L.floatRatio(x), 4)),
            };
        }""",
        [[[str(v.numerator), str(v.denominator)] for v in values], floats],
    )
    assert got["values"] == [
        [approx_text(v), approx_text(v, 6), number_text(v), fraction_decimal_text(v)]
        for v in values
    ]
    assert got["floats"] == [approx_text(x) for x in floats]


def test_chart_rows_equal_the_python_rows(lab_page):
    page = lab_page.page
    states = [("mean", 10, 3, 17, 12), ("sum", 1000, 20, 0, 100), ("count", 4, 1, 50, 0)]
    for kind, n, halves, scale_index, k in states:
        scale = LAB_SCALES[scale_index]
        got = page.evaluate(
            """(s) => {
                const L = window.DPLAB_LAPLACE;
                const v = L.values(s);
                return {density: L.densityRows(v), profile: L.profileRows(v)};
            }""",
            {
                "kind": kind,
                "n": n,
                "halves": halves,
                "scale": [scale.numerator, scale.denominator],
                "k": k,
            },
        )
        d = lv.lesson_query(kind, n, Fraction(halves, 2)).sensitivity
        expected = density_rows(d, scale, Fraction(k, 20))
        assert [(r["y"], r["input"]) for r in got["density"]] == [
            (r["y"], r["input"]) for r in expected
        ]
        for mine, theirs in zip(got["density"], expected, strict=True):
            assert mine["density"] == pytest.approx(theirs["density"], rel=1e-12, abs=1e-300)
        profile = profile_rows(d, scale)
        assert [r["eps"] for r in got["profile"]] == [r["eps"] for r in profile]
        for mine, theirs in zip(got["profile"], profile, strict=True):
            assert mine["delta"] == pytest.approx(theirs["delta"], rel=1e-12, abs=0)


def set_state(page, kind, n, bound, scale, eps):
    page.evaluate(
        """([kind, n, bound, scale, eps]) => {
            const form = document.querySelector('.dplab-laplace-controls');
            form.elements.kind.value = kind;
            form.elements.n.value = String(n);
            form.elements.bound.value = bound;
            form.elements.scale.value = String(scale);
            form.elements.eps.value = eps;
            form.elements.eps.dispatchEvent(new Event('input', {bubbles: true}));
        }""",
        [  # the sliders' positions: indices, B in halves, ε in twentieths
            kind,
            LAB_SIZES.index(n),
            str(int(Fraction(bound) * 2)),
            LAB_SCALES.index(scale),
            str(int(Fraction(eps) * 20)),
        ],
    )
    expected = laplace_lab(kind, n, bound, scale, eps).outputs()
    controls = {key: expected[key] for key in ("query", "n", "bound", "scale", "eps")}
    page.wait_for_function(  # the script updates every output in one animation frame
        """(want) => Object.entries(want).every(([key, text]) => window.DPLAB_LAB.shownText(
            document.querySelector(`.dplab-laplace-lab [data-show="${key}"]`)) === text)""",
        arg=controls,
    )
    return expected


def shown(page):
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(
            '.dplab-laplace-lab [data-show]')].filter((e) => !['live', 'lab-error', 'link-note']
            .includes(e.dataset.show)).map((e) => [e.dataset.show, DPLAB_LAB.shownText(e)]))"""
    )


def test_moving_the_controls_shows_dplabs_texts_and_redraws_the_charts(lab_page):
    page = lab_page.page
    lab = page.locator(".dplab-laplace-lab")
    assert shown(page) == laplace_lab("sum", 4, 1, 1, "0.5").outputs()  # as built
    point = "document.querySelectorAll('.dplab-laplace-lab .dplab-chart')[1].dplabView"
    before = page.evaluate(f"{point}.data('laplace_lab_point')[0].eps")
    rng = random.Random(5)
    states = [
        ("mean", 1000, Fraction(1, 2), Fraction(1, 1000), Fraction(0)),
        ("constant", 1, Fraction(10), Fraction(100), Fraction(5)),
        ("count", 3, Fraction(3, 2), Fraction(4, 10), Fraction(5, 2)),
        ("sum", 10, Fraction(10), Fraction(12, 10000), Fraction(1, 20)),
    ]
    for _ in range(36):
        states.append(
            (
                rng.choice(lv.QUERY_KINDS),
                rng.choice(LAB_SIZES),
                rng.choice(LAB_BOUNDS),
                rng.choice(LAB_SCALES),
                rng.choice(LAB_EPS),
            )
        )
    for state in states:
        expected = set_state(page, *state)
        assert shown(page) == expected, state
    assert page.evaluate(f"{point}.data('laplace_lab_point')[0].eps") != before
    assert lab.locator("[data-show='lab-error']").is_hidden()
    assert "δ(ε)" in lab.locator("[data-show='live']").text_content()  # off screen: no innerText
    assert lab_page.console_errors == []


def test_controls_are_labelled_and_work_by_keyboard(lab_page):
    page = lab_page.page
    lab = page.locator(".dplab-laplace-lab")
    for name in ("kind", "n", "bound", "scale", "eps"):
        control = lab.locator(f"[name='{name}']")
        label = lab.locator(f"label[for='{control.get_attribute('id')}']")
        scroll_to_and_render(label)  # as its reader sees it
        assert label.inner_text().strip() and control.is_visible()
    lab.locator("[name='eps']").focus()
    for _ in range(12):  # 0.5 → 1.1, past Δ/b = 1
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "window.DPLAB_LAB.shownText(document.querySelector("
        "'.dplab-laplace-lab [data-show=\"eps\"]')) === '1.1'"
    )
    assert shown(page)["delta"] == laplace_lab("sum", 4, 1, 1, "1.1").outputs()["delta"]
    lab.locator("[name='kind']").focus()
    page.keyboard.press("ArrowDown")  # sum → mean
    page.wait_for_function(
        "document.querySelector('.dplab-laplace-lab [data-show=\"sensitivity\"]')"
        ".textContent.includes('1/4')"
    )
    assert shown(page) == laplace_lab("mean", 4, 1, 1, "1.1").outputs()
    assert lab.locator("[name='scale']").get_attribute("aria-valuetext") == "1"
    assert lab_page.console_errors == []
