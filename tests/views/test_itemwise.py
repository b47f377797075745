"""Views of lesson 9 (dplab.views.itemwise): the pair table against brute force over every
output tuple, the curves and the scale plot against the maths they draw (and the order
they must show), the sampling tables' verdicts, and the errors."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from dplab.userlevel import amplification, metric, sampling
from dplab.views import itemwise as iv
from dplab.views._labels import label
from dplab.views._tables import USERMETA_KEY

RANDOMIZER = metric.clamped_geometric(4, "1/2")


def brute_laws(K: tuple, K2: tuple) -> tuple[dict, dict, dict, dict]:
    """Every output tuple with its probability, as tuples (ordered, inputs sorted) and as
    sorted tuples (the multiset), for both datasets."""
    laws = []
    for data in (sorted(K), sorted(K2)):
        ordered, shuffled = {}, {}
        for ys in itertools.product(range(4), repeat=len(data)):
            chance = math.prod(
                RANDOMIZER.probabilities(x)[y] for x, y in zip(data, ys, strict=True)
            )
            ordered[ys] = ordered.get(ys, 0) + chance
            key = tuple(sorted(ys))
            shuffled[key] = shuffled.get(key, 0) + chance
        laws += [ordered, shuffled]
    return laws[0], laws[2], laws[1], laws[3]


def ratio_and_delta(P: dict, Q: dict, alpha: Fraction) -> tuple[Fraction, Fraction]:
    ratio = max(P[y] / Q[y] for y in P if P[y])
    delta = sum((max(Fraction(0), P[y] - alpha * Q.get(y, 0)) for y in P), Fraction(0))
    return ratio, delta


def test_the_pair_table_equals_brute_force():
    pairs = [((1, 1, 1), (1, 1, 2)), ((0, 0, 3), (0, 3, 3)), ((0, 3), (1, 2))]
    alpha = Fraction(3, 2)
    frame = iv.pair_table(RANDOMIZER, pairs, alpha).data
    for row, (K, K2) in zip(frame.to_dict("records"), pairs, strict=True):
        ordered_p, ordered_q, shuffled_p, shuffled_q = brute_laws(K, K2)
        for key, (P, Q) in (
            ("shuffled", (shuffled_p, shuffled_q)),
            ("ordered", (ordered_p, ordered_q)),
        ):
            ratio, delta = ratio_and_delta(P, Q, alpha)
            assert row[label(f"item.col_ratio_{key}")].split(" ")[0] == str(ratio)
            assert row[label(f"item.col_delta_{key}", factor="1.5")].split(" ")[0] == str(delta)


def test_the_curves_draw_the_exact_values_and_shuffling_never_hurts():
    ms, eps = [20, 1000], [0.0, 0.5, 1.0, 5.0, 10.0, 12.0]
    chart = iv.delta_curves_chart(ms, 10, 1.0, eps, initial_m=1000).to_dict()
    assert chart["params"][0]["bind"]["options"] == ms
    rows = chart["datasets"]["item_curves"] if "datasets" in chart else chart["data"]["values"]
    by_key = {(r["m"], r["eps"], r["what"]): r["log10_delta"] for r in rows}
    shuffled, ordered = label("item.shuffled"), label("item.ordered")
    for m in ms:
        exact = amplification.log_delta_curve(m, m // 2, 10, 1.0, eps)
        for epsilon, value in zip(eps, exact, strict=True):
            if epsilon >= 10:  # δ = 0 from the largest loss j·ε₀ on: no point
                assert (m, epsilon, shuffled) not in by_key
                continue
            assert math.isclose(by_key[m, epsilon, shuffled], value / math.log(10), abs_tol=1e-4)
            assert by_key[m, epsilon, shuffled] <= by_key[m, epsilon, ordered]
    table = chart["usermeta"][USERMETA_KEY][0]
    assert table["filter"] == {"field": "m", "signal": "items_m"}


def test_the_scale_plot_shows_the_bound_only_where_it_says_something_and_above_the_truth():
    ms = [100, 2 * 10**4, 10**5]
    rows = iv.scale_rows(ms, 10, 1.0, 1.0)
    bound = {r["m"]: r["log10_delta"] for r in rows if r["what"] == label("item.bound")}
    truth = {r["m"]: r["log10_delta"] for r in rows if r["what"] == label("item.shuffled")}
    assert set(bound) == {m for m in ms if amplification.derived_log_delta(m, 10, 1.0, 1.0) < 0}
    assert 100 not in bound and 10**5 in bound
    assert all(truth[m] <= bound[m] for m in bound)
    chart = iv.scale_chart(ms, 10, 1.0, 1.0).to_dict()
    table = chart["usermeta"][USERMETA_KEY][0]
    assert [row[0] for row in table["rows"]] == ["100", "20,000", "100,000"]
    assert table["rows"][0][3] == "—"


def test_the_sampling_table_finds_no_violation():
    unit = [[Fraction(abs(a - b), 3) for b in range(4)] for a in range(4)]
    checks = sampling.check_sampling_slacks(RANDOMIZER, [1, 2], 3, 512, ["1/5", "3/5"], unit)
    frame = iv.sampling_table(checks).data
    assert list(frame["t"]) == ["0.2", "0.6"]
    assert list(frame[label("item.col_violations")]) == [0, 0]
    assert label("item.col_same_factor_violations") not in frame  # t plays no part in it


def test_the_pure_table_shows_a_finite_worse_factor_not_a_broken_guarantee():
    """The lesson's two releases: the largest ln(P/Q)/d_EM lies between ln α and the derived
    α(α − 1) (shown rounded up), the same factor breaks and the derived bound never does."""
    unit = [[Fraction(abs(a - b), 3) for b in range(4)] for a in range(4)]
    releases = [(RANDOMIZER, 512), (metric.clamped_geometric(4, "9/10"), Fraction(10, 9) ** 9)]
    checks = [sampling.check_sampling(A, [1, 2, 3], 3, alpha, "1/5", unit) for A, alpha in releases]
    frame = iv.pure_sampling_table(checks).data
    assert list(frame[label("item.col_largest_log_ratio")]) == ["≈ 13.79", "≈ 1.121"]
    assert list(frame[label("item.col_log_factor")]) == ["≈ 6.238", "≈ 0.9482"]
    assert list(frame[label("item.col_pure_bound")]) == ["261632", "≤ 4.082"]
    assert list(frame[label("item.col_pure_bound_violations")]) == [0, 0]
    assert all(count > 0 for count in frame[label("item.col_same_factor_violations")])
    assert 4.0812 < float(Fraction(10, 9) ** 9 * (Fraction(10, 9) ** 9 - 1)) <= 4.082


def test_points_below_the_floor_or_at_zero_are_not_drawn():
    assert iv.log10_delta(amplification.LOG_DELTA_FLOOR) is None
    assert iv.log10_delta(-math.inf) is None
    assert iv.log10_delta(0.0) == 0.0


def test_an_initial_m_off_the_grid_is_refused():
    with pytest.raises(ValueError, match="initial_m must be one of"):
        iv.delta_curves_chart([20, 100], 10, 1.0, [0.0, 1.0], initial_m=50)


def _legends(spec):
    if isinstance(spec, dict):
        if "legend" in spec and isinstance(spec["legend"], dict):
            yield spec["legend"]
        for value in spec.values():
            yield from _legends(value)
    elif isinstance(spec, list):
        for value in spec:
            yield from _legends(value)


def test_the_legends_show_the_series_names_whole():
    """The English names ("in sorted-input order", "derived bound (this course)") were cut
    with "…" at Vega-Lite's default label limit: both charts lift the limit."""
    charts = [
        iv.delta_curves_chart([20, 100], 10, 1.0, [0.0, 1.0], initial_m=100).to_dict(),
        iv.scale_chart([100, 2 * 10**4], 10, 1.0, 1.0).to_dict(),
    ]
    for chart in charts:
        legends = list(_legends(chart))
        assert legends and all(legend.get("labelLimit") == 0 for legend in legends)
        assert all(legend.get("columns") == 1 for legend in legends)  # one a line on a phone
