"""Views of the composition lesson (lesson 5), checked against dplab and brute force.

The lab's grid is recomputed here state by state from :mod:`dplab.accounting.composition` (not
through the view's cache): every text, every verdict, and the order of the four counts; so
are the texts the lab shows at every state, as the golden vectors of
``tests/js/golden_composition_lab.py`` hold them (Node checks the page's script against
those).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from dplab import finite
from dplab.accounting import composition
from dplab.mechanisms import randomized_response as rr
from dplab.views import composition as cv
from dplab.views import label
from dplab.views.numbers import value_text
from tests.js import golden_composition_lab as golden
from tests.js.golden import golden_vectors

STATES = list(itertools.product(cv.LAB_SIZES, cv.LAB_PS, cv.LAB_KS, cv.LAB_FACTORS))


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
    grid = cv.lab_grid()
    claims = [Fraction(c) for c in cv.LAB_CLAIMS]
    checked = 0
    for (n, p, k, factor), counts in recomputed.items():
        cell = grid["cells"][cv.LAB_SIZES.index(n)][cv.LAB_PS.index(p)][cv.LAB_KS.index(k)]
        f = cv.LAB_FACTORS.index(factor)
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
    grid = cv.lab_grid()
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
    assert checked == len(STATES) * len(cv.LAB_CLAIMS)


def test_chart_rows_draw_the_numbers_the_texts_show():
    lab = cv.composition_lab(n=4, p="0.9", k=7, factor="320", claim="0.001", key="t")
    spec = lab.chart().to_dict()
    datasets = {layer["data"]["name"]: layer["data"]["values"] for layer in spec["layer"]}
    cell = cv.lab_grid()["cells"][cv.LAB_SIZES.index(4)][cv.LAB_PS.index("0.9")][cv.LAB_KS.index(7)]
    rows = datasets[cv.DATASETS["curves"]]
    assert len(rows) == 4 * len(cv.LAB_FACTORS)
    for row in rows:
        method = next(m for m in cv.METHODS if label(f"comp.method_{m}") == row["what"])
        f = [float(Fraction(a)) for a in cv.LAB_FACTORS].index(row["factor"])
        text = cell[method][f]
        assert row["delta"] == cv.shown_number(text)
    assert datasets[cv.DATASETS["point"]][0]["factor"] == 320.0
    assert datasets[cv.DATASETS["claim"]][0]["delta"] == 0.001
    assert spec["usermeta"]["dplab_tables"][0]["source"] == cv.DATASETS["curves"]


@pytest.mark.parametrize(
    ("text", "number"),
    [("= 0", 0.0), ("= 1", 1.0), ("≈ 0.05631", 0.05631), ("≈ 8.459×10⁻⁵", 8.459e-5)],
)
def test_shown_number_reads_value_texts(text, number):
    assert math.isclose(cv.shown_number(text), number, rel_tol=1e-15)


def test_the_factor_grid_is_exact_decimals_from_1_to_a_million():
    values = [Fraction(a) for a in cv.LAB_FACTORS]
    assert values[0] == 1 and values[-1] == 10**6 and values == sorted(values)
    assert len(set(values)) == len(values) == 25
    assert all(
        str(v) == a or a == str(float(v)) for v, a in zip(values, cv.LAB_FACTORS, strict=True)
    )


def test_copies_cost_nothing_and_fresh_releases_match_the_histogram_method():
    channel, alpha = rr.count_channel(2, "3/4"), 3
    table = cv.copies_table(channel, alpha, [1, 2, 3]).data
    one = finite.required_delta(channel, alpha)
    assert list(table[label("comp.col_copies")]) == [str(one)] * 3
    fresh = [str(composition.composed_required_delta(channel, alpha, k)) for k in (1, 2, 3)]
    assert list(table[label("comp.col_fresh")]) == fresh
    assert list(table[label("comp.col_fresh_basic")]) == ["0"] * 3  # pure: (α^k, 0) holds
    assert list(table[label("comp.col_outputs")]) == [3, 9, 27]


@pytest.mark.parametrize("k", [1, 2, 3, 5, 8])
def test_the_walkthrough_loss_law_sums_to_one_and_gives_the_brute_force_delta(k):
    p, target = Fraction(3, 4), Fraction(3)
    rows = cv.loss_rows(p, k, target)
    assert sum(Fraction(r["mass_text"]) for r in rows) == 1
    brute = finite.required_delta(composition.product_channel(rr.count_channel(1, p), k), target)
    # the pair 1 → 0 is the worst (by symmetry both directions give the same δ)
    assert sum(r["share"] for r in rows) == brute


def test_the_walkthrough_has_one_panel_per_k_with_its_table():
    walk = cv.loss_walkthrough("3/4", 3, (1, 2, 4))
    assert walk.steps == 3
    for step, k in enumerate((1, 2, 4), 1):
        spec = walk.panel(step).to_dict()
        table = spec["usermeta"]["dplab_tables"][0]
        assert len(table["rows"]) == k + 1 and spec["description"]


def test_gaussian_rows_never_put_a_bound_below_the_exact_value():
    rows = cv.gaussian_rows(1.0, 4.0, (1, 3, 10), [0.0, 0.5, 1.0, 2.0, 4.0])
    by_point: dict[tuple, dict[str, float]] = {}
    for row in rows:
        by_point.setdefault((row["k"], row["eps"]), {})[row["what"]] = row["delta"]
    assert len(by_point) == 15
    exact_name = label("comp.method_exact")
    for point, values in by_point.items():
        exact = values.pop(exact_name)
        assert all(v * (1 + 1e-9) + 1e-15 >= exact for v in values.values()), point


def test_gaussian_chart_filters_by_k_and_has_a_table():
    spec = cv.gaussian_chart(1.0, 4.0, (1, 2), [0.0, 1.0], initial_k=2).to_dict()
    assert spec["params"][0]["name"] == "k_releases" and spec["params"][0]["value"] == 2
    assert spec["usermeta"]["dplab_tables"][0]["filter"] == {
        "field": "k",
        "signal": "k_releases",
    }


def test_lab_state_links_and_bad_states():
    lab = cv.composition_lab(key="lesson")
    assert lab.href(n=1, factor="1000") == (
        "#comp-lab-lesson?n=1&p=0.75&k=10&factor=1000&claim=0.01"
    )
    assert "k = 2" in lab.try_button(k=2)
    for bad in ({"n": 3}, {"p": "0.82"}, {"k": 11}, {"factor": "1001"}, {"claim": "0.02"}):
        with pytest.raises(ValueError, match="must be one of the lab's values"):
            lab.href(**bad)
    with pytest.raises(ValueError, match="must be one of the lab's values"):
        cv.composition_lab(k=True)
    with pytest.raises(ValueError, match="unknown lab state"):
        lab.href(sigma="1")


def test_the_lab_html_holds_its_data_controls_and_chart():
    html = cv.composition_lab(key="lesson")._repr_html_()
    assert html.count('class="dplab-lab dplab-comp-lab"') == 1
    for name in ("n", "p", "k", "factor", "claim"):
        assert f'id="comp-lab-lesson-{name}"' in html
    assert 'data-chart="curves"' in html and "dplab-comp-lab-data" in html


def test_joined_outputs_keeps_the_channel():
    channel = composition.product_channel(rr.count_channel(1, "3/4"), 2)
    joined = cv.joined_outputs(channel)
    assert joined.outputs == ("00", "01", "10", "11")
    assert joined.weights == channel.weights
    assert finite.required_delta(joined, 3) == finite.required_delta(channel, 3) == Fraction(3, 8)
