"""The composition lab of lesson 5, checked against dplab and brute force.

The lab's grid is recomputed here state by state from :mod:`dplab.accounting.composition` (not
through the view's cache): every text, every verdict, and the order of the four counts; so
are the texts the lab shows at every state, as the golden vectors of
``tests/js/golden_composition_lab.py`` hold them (Node checks the page's script against
those).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from dplab.accounting import composition
from dplab.views import composition as cv
from dplab.views import label
from dplab.views.labs import composition as clab
from dplab.views.numbers import value_text
from tests.js import golden_composition_lab as golden
from tests.js.golden import golden_vectors

STATES = list(itertools.product(clab.LAB_SIZES, clab.LAB_PS, clab.LAB_KS, clab.LAB_FACTORS))


def exact_counts(n: int, p: str, k: int, factor: str) -> dict[str, Fraction]:
    """The four δ from the maths directly (each release (α*, 0), α* = p/(1 − p))."""
    q = Fraction(p)
    pure = q / (1 - q)
    return {
        "exact": composition.rr_required_delta(n, q, factor, k),
        "optimal": composition.optimal_delta(pure, 0, k, factor),
        "advanced": composition.advanced_delta(pure, 0, k, factor),
        "basic": composition.basic_delta(pure, 0, k, factor),
    }


@pytest.fixture(scope="module")
def recomputed() -> dict[tuple, dict[str, Fraction]]:
    return {state: exact_counts(*state) for state in STATES}


def test_the_lab_grid_holds_dplabs_values_and_exact_verdicts_at_every_state(recomputed):
    grid = clab.lab_grid()
    claims = [Fraction(c) for c in clab.LAB_CLAIMS]
    checked = 0
    for (n, p, k, factor), counts in recomputed.items():
        cell = grid["cells"][clab.LAB_SIZES.index(n)][clab.LAB_PS.index(p)][clab.LAB_KS.index(k)]
        f = clab.LAB_FACTORS.index(factor)
        for method in cv.METHODS:
            assert cell[method][f] == value_text(counts[method]), (n, p, k, factor, method)
        for c, claim in enumerate(claims):
            bits = int(cell["verdicts"][f * len(claims) + c], 16)
            for i, method in enumerate(cv.METHODS):
                assert bool(bits >> i & 1) == (counts[method] <= claim), (n, p, k, factor, claim)
            checked += 1
    assert checked == len(STATES) * len(claims) == 3 * 9 * 10 * 25 * 4


def test_no_bound_is_below_the_exact_value_anywhere_on_the_grid(recomputed):
    for state, counts in recomputed.items():
        exact = counts["exact"]
        assert exact <= counts["optimal"] <= min(counts["advanced"], counts["basic"]), state
        if state[0] == 1:  # one person's randomized response is the worst (α*, 0) pair
            assert counts["optimal"] == exact, state


def test_a_bound_that_proves_a_claim_never_proves_a_false_one():
    grid = clab.lab_grid()
    for by_p in grid["cells"]:
        for by_k in by_p:
            for cell in by_k:
                for digit in cell["verdicts"]:
                    bits = int(digit, 16)
                    assert bits & 1 or not bits, digit  # a proof implies the claim holds


def test_lab_texts_and_verdicts_at_every_state_are_the_exact_ones(recomputed):
    """The texts and verdict the lab shows at every state, as the golden vectors hold them
    (computed once from the views; Node checks the page's script against them)."""
    vectors = golden_vectors("composition_lab")
    shown = zip(golden.states(), golden.expected_texts(vectors), vectors["passes"], strict=True)
    badge = {holds: label("comp.badge_" + ("pass" if holds else "fail")) for holds in (1, 0)}
    proof = {proves: label("comp.proves" if proves else "comp.proves_not") for proves in (1, 0)}
    value_texts = {
        state: {method: value_text(delta) for method, delta in counts.items()}
        for state, counts in recomputed.items()
    }
    checked = 0
    for (n, p, k, factor, claim), texts, passes in shown:
        counts = recomputed[(n, p, k, factor)]
        holds = counts["exact"] <= Fraction(claim)
        assert passes == holds
        assert texts["badge"] == badge[holds]
        for method in cv.METHODS:
            assert texts[method] == value_texts[(n, p, k, factor)][method]
        for method in cv.METHODS[1:]:
            assert texts[f"{method}-proves"] == proof[counts[method] <= Fraction(claim)]
        checked += 1
    assert checked == len(STATES) * len(clab.LAB_CLAIMS)


def test_chart_rows_draw_the_numbers_the_texts_show():
    lab = clab.composition_lab(n=4, p="0.9", k=7, factor="320", claim="0.001", key="t")
    spec = lab.chart().to_dict()
    datasets = {layer["data"]["name"]: layer["data"]["values"] for layer in spec["layer"]}
    cell = clab.lab_grid()["cells"][clab.LAB_SIZES.index(4)][clab.LAB_PS.index("0.9")][
        clab.LAB_KS.index(7)
    ]
    rows = datasets[clab.DATASETS["curves"]]
    assert len(rows) == 4 * len(clab.LAB_FACTORS)
    for row in rows:
        method = next(m for m in cv.METHODS if label(f"comp.method_{m}") == row["what"])
        f = [float(Fraction(a)) for a in clab.LAB_FACTORS].index(row["factor"])
        text = cell[method][f]
        assert row["delta"] == cv.shown_number(text)
    assert datasets[clab.DATASETS["point"]][0]["factor"] == 320.0
    assert datasets[clab.DATASETS["claim"]][0]["delta"] == 0.001
    assert spec["usermeta"]["dplab_tables"][0]["source"] == clab.DATASETS["curves"]


def test_the_factor_grid_is_exact_decimals_from_1_to_a_million():
    values = [Fraction(a) for a in clab.LAB_FACTORS]
    assert values[0] == 1 and values[-1] == 10**6 and values == sorted(values)
    assert len(set(values)) == len(values) == 25
    assert all(
        str(v) == a or a == str(float(v)) for v, a in zip(values, clab.LAB_FACTORS, strict=True)
    )


def test_lab_state_links_and_bad_states():
    lab = clab.composition_lab(key="lesson")
    assert lab.href(n=1, factor="1000") == (
        "#comp-lab-lesson?n=1&p=0.75&k=10&factor=1000&claim=0.01"
    )
    assert "k = 2" in lab.try_button(k=2)
    for bad in ({"n": 3}, {"p": "0.82"}, {"k": 11}, {"factor": "1001"}, {"claim": "0.02"}):
        with pytest.raises(ValueError, match="must be one of the lab's values"):
            lab.href(**bad)
    with pytest.raises(ValueError, match="must be one of the lab's values"):
        clab.composition_lab(k=True)
    with pytest.raises(ValueError, match="unknown lab state"):
        lab.href(sigma="1")


def test_the_lab_html_holds_its_data_controls_and_chart():
    html = clab.composition_lab(key="lesson")._repr_html_()
    assert html.count('class="dplab-lab dplab-comp-lab"') == 1
    for name in ("n", "p", "k", "factor", "claim"):
        assert f'id="comp-lab-lesson-{name}"' in html
    assert 'data-chart="curves"' in html and "dplab-comp-lab-data" in html
