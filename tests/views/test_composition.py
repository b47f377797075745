"""Views of the composition lesson (lesson 5), checked against dplab and brute force: the
value texts, copies against fresh releases, the walkthrough and the Gaussian case (the lab:
``tests/views/labs/test_composition.py``)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from dplab import finite
from dplab.accounting import composition
from dplab.mechanisms import randomized_response as rr
from dplab.views import composition as cv
from dplab.views import label


@pytest.mark.parametrize(
    ("text", "number"),
    [("= 0", 0.0), ("= 1", 1.0), ("≈ 0.05631", 0.05631), ("≈ 8.459×10⁻⁵", 8.459e-5)],
)
def test_shown_number_reads_value_texts(text, number):
    assert math.isclose(cv.shown_number(text), number, rel_tol=1e-15)


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


def test_joined_outputs_keeps_the_channel():
    channel = composition.product_channel(rr.count_channel(1, "3/4"), 2)
    joined = cv.joined_outputs(channel)
    assert joined.outputs == ("00", "01", "10", "11")
    assert joined.weights == channel.weights
    assert finite.required_delta(joined, 3) == finite.required_delta(channel, 3) == Fraction(3, 8)
