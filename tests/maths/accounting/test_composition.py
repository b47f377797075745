"""Composition: exact k-fold RR against brute force, the bounds against the exact values.

References used here never call the code under test: k-fold products are built by
``itertools.product`` over :func:`maths_support.naive_count_law` (the binomial
convolution), δ comes from the definition (:func:`positive_part_excess`) or from
``finite.brute_force_required_delta`` (all events), and irrational values from mpmath.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import product
from math import prod

import mpmath as mp
import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import (
    PROPERTY_SETTINGS,
    alphas,
    naive_count_law,
    positive_part_excess,
    small_channels,
    within_cpu,
)

from dplab import finite
from dplab.accounting import composition
from dplab.finite import FiniteChannel, both_directions
from dplab.mechanisms import gaussian
from dplab.mechanisms.randomized_response import count_channel

CLAIMS = {  # one release's (α, δ), a target factor and k, for the KOV properties
    "alpha": st.fractions(1, 5, max_denominator=6),
    "delta": st.fractions(0, Fraction(1, 5), max_denominator=20),
    "total": st.fractions(1, 30, max_denominator=6),
    "k": st.integers(1, 4),
}
P_VALUES = [Fraction(3, 4), Fraction(9, 10), Fraction(1, 3), Fraction(3, 5)]


def kfold_law(law, k):
    """The law of k independent outputs, as a dict from k-tuples to probabilities."""
    return {ys: prod(law[y] for y in ys) for ys in product(range(len(law)), repeat=k)}


def brute_rr_delta(n, p, alpha, k):
    """max over all 2n ordered count pairs of Σ [P^k − αQ^k]₊ over every k-tuple."""
    laws = [naive_count_law(n, p, c) for c in range(n + 1)]
    best = Fraction(0)
    for c in range(n):
        for s, t in ((c, c + 1), (c + 1, c)):
            big_p, big_q = kfold_law(laws[s], k), kfold_law(laws[t], k)
            keys = list(big_p)
            best = max(
                best,
                positive_part_excess([big_p[y] for y in keys], [big_q[y] for y in keys], alpha),
            )
    return best


def canonical_channel(alpha, delta):
    """Kairouz–Oh–Viswanath's four-point pair of an (α, δ) guarantee, both orders."""
    rest = 1 - delta
    return FiniteChannel.from_probabilities(
        {
            "D": [delta, rest * alpha / (1 + alpha), rest / (1 + alpha), 0],
            "D'": [0, rest / (1 + alpha), rest * alpha / (1 + alpha), delta],
        },
        both_directions([("D", "D'")]),
    )


# --- exact k-fold randomized response ------------------------------------------------------


@pytest.mark.parametrize("n,k", [(1, 1), (1, 2), (1, 5), (2, 2), (2, 3), (3, 2), (3, 3), (4, 2)])
@pytest.mark.parametrize("p", P_VALUES)
@pytest.mark.parametrize("alpha", [Fraction(1), Fraction(3, 2), Fraction(3), Fraction(10)])
def test_rr_required_delta_equals_brute_force_over_every_tuple(n, k, p, alpha):
    assert composition.rr_required_delta(n, p, alpha, k) == brute_rr_delta(n, p, alpha, k)


@pytest.mark.parametrize("n,k,p,alpha", [(1, 3, "3/4", 2), (3, 2, "0.9", 3), (1, 4, "2/3", "1.5")])
def test_rr_required_delta_equals_the_all_events_oracle(n, k, p, alpha):
    p, alpha = Fraction(p), Fraction(alpha)
    laws = {c: naive_count_law(n, p, c) for c in range(n + 1)}
    tuples = list(product(range(n + 1), repeat=k))
    channel = FiniteChannel.from_probabilities(
        {c: [prod(laws[c][y] for y in ys) for ys in tuples] for c in laws},
        [pair for c in range(n) for pair in ((c, c + 1), (c + 1, c))],
    )
    oracle = finite.brute_force_required_delta(channel, alpha).required_delta
    assert composition.rr_required_delta(n, p, alpha, k) == oracle


def test_hand_checked_two_releases_of_one_person():
    # n = 1, p = 3/4: P = (3/4, 1/4) for bit 0, Q = (1/4, 3/4) for bit 1.  Two releases:
    # P² = (9, 3, 3, 1)/16, Q² = (1, 3, 3, 9)/16.  At α = 2 the positive atoms are (0,0):
    # 9/16 − 2/16 = 7/16 and none other (3 − 6 < 0): δ = 7/16.  At α = 1 it is the total
    # variation (9 − 1)/16 = 1/2.
    assert composition.rr_required_delta(1, "3/4", 2, 2) == Fraction(7, 16)
    assert composition.rr_required_delta(1, "3/4", 1, 2) == Fraction(1, 2)


@PROPERTY_SETTINGS
@given(channel=small_channels(max_inputs=3, max_outputs=4), alpha=alphas, k=st.integers(1, 3))
def test_composed_required_delta_equals_the_product_channel(channel, alpha, k):
    outputs = list(product(range(len(channel.outputs)), repeat=k))
    expected = max(
        positive_part_excess(
            [prod(channel.probabilities(s)[y] for y in ys) for ys in outputs],
            [prod(channel.probabilities(t)[y] for y in ys) for ys in outputs],
            alpha,
        )
        for s, t in channel.adjacent_pairs
    )
    assert composition.composed_required_delta(channel, alpha, k) == expected
    assert finite.required_delta(composition.product_channel(channel, k), alpha) == expected


weights = st.tuples(st.integers(0, 10**30), st.integers(0, 10**30)).filter(any)


@given(items=st.lists(weights, max_size=40), descending=st.booleans())
def test_the_histograms_are_sorted_by_their_exact_ratio(items, descending):
    got = composition._by_ratio(items, descending=descending)
    assert sorted(got) == sorted(items)
    keys = [composition._ratio_key(item) for item in got]
    assert keys == sorted(keys, reverse=descending)


def test_ratios_that_floats_cannot_tell_apart_are_sorted_exactly():
    # 1 + 10⁻²⁰ < 1 + 1/(10²⁰ − 1): both differences of logarithms round to 0.0, so the float
    # sort keeps the given order, and the exact sort must swap them.
    lower, higher = (10**20 + 1, 10**20), (10**20, 10**20 - 1)
    assert composition._log_ratio(lower) == composition._log_ratio(higher)
    assert composition._by_ratio([lower, higher], descending=True) == [higher, lower]
    assert composition._by_ratio([higher, lower], descending=False) == [lower, higher]


@PROPERTY_SETTINGS
@given(channel=small_channels(), alpha=alphas, k=st.integers(1, 6))
def test_copies_cost_nothing(channel, alpha, k):
    copied = composition.copies_channel(channel, k)
    assert finite.required_delta(copied, alpha) == finite.required_delta(channel, alpha)


@pytest.mark.parametrize("n,p", [(2, "0.9"), (5, "3/4"), (3, "1/3")])
def test_fresh_releases_cost_more_than_copies(n, p):
    one = composition.rr_required_delta(n, p, 2, 1)
    assert composition.rr_required_delta(n, p, 2, 3) > one


def test_degenerate_p():
    assert composition.rr_required_delta(3, "1/2", 1, 4) == 0
    assert (
        composition.rr_required_delta(3, 1, 100, 4)
        == composition.rr_required_delta(3, 0, 7, 2)
        == 1
    )


def test_the_limit_is_refused_at_once():
    kind, name, message = within_cpu(lambda: composition.rr_required_delta(20, "0.9", 3, 60))
    assert (kind, name) == ("error", "ValueError")
    assert re.search(r"k = 60 .*beyond the exact limit", message), message
    kind, name, message = within_cpu(lambda: composition.rr_required_delta(2, "0.9", 3, 10**6))
    assert (kind, name) == ("error", "ValueError")
    assert re.search(r"k must be an integer in \[1, 10000\]", message), message


def test_issue_minimum_n10_k10_is_within_the_limit():
    kind, value = within_cpu(lambda: composition.rr_required_delta(10, "0.9", 3, 10), 10)
    assert kind == "value" and 0 < value < 1


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True])
def test_k_must_be_a_positive_integer(bad):
    with pytest.raises((ValueError, TypeError), match=r"\bk\b"):
        composition.rr_required_delta(2, "0.9", 3, bad)
    with pytest.raises((ValueError, TypeError), match=r"\bk\b"):
        composition.optimal_delta(2, 0, bad, 3)


# --- basic, advanced and optimal composition ------------------------------------------------


def test_basic_composition_hand_checked():
    # Three (ln 2, 1/100) releases: factor 2³ = 8, slack 3/100 (Dwork & Roth Thm. 3.16).
    assert composition.basic_composition(2, "0.01", 3) == composition.Guarantee(
        Fraction(8), Fraction(3, 100)
    )
    assert composition.basic_delta(2, "0.01", 3, 8) == Fraction(3, 100)
    assert composition.basic_delta(2, "0.01", 3, "7.99") == 1


def test_optimal_delta_hand_checked():
    # k = 2, α = 2, δ = 0: canonical P = (2/3, 1/3), Q = (1/3, 2/3) on the middle points.
    # P² = (4, 2, 2, 1)/9, Q² = (1, 2, 2, 4)/9.  At A = 1: (4 − 1)/9 = 1/3 (only (0,0) and
    # the ties contribute 0).  At A = 2: (4 − 2)/9 = 2/9.  At A = 4 = α²: 0.
    assert composition.optimal_delta(2, 0, 2, 1) == Fraction(1, 3)
    assert composition.optimal_delta(2, 0, 2, 2) == Fraction(2, 9)
    assert composition.optimal_delta(2, 0, 2, 4) == 0
    # With δ = 1/10, k = 2, A = 4: the outcomes with a P-only point have P-mass
    # 1 − (9/10)² = 19/100 and Q = 0; the rest contributes 0 at A = α²: δ = 19/100 (KOV
    # at i = 0: 1 − (1 − δ)^k).
    assert composition.optimal_delta(2, "0.1", 2, 4) == Fraction(19, 100)


@PROPERTY_SETTINGS
@given(**CLAIMS)
def test_optimal_delta_equals_the_kfold_canonical_pair(alpha, delta, total, k):
    canonical = canonical_channel(alpha, delta)
    p_row, q_row = canonical.probabilities("D"), canonical.probabilities("D'")
    big_p, big_q = kfold_law(p_row, k), kfold_law(q_row, k)
    keys = list(big_p)
    expected = positive_part_excess([big_p[y] for y in keys], [big_q[y] for y in keys], total)
    assert composition.optimal_delta(alpha, delta, k, total) == expected


def test_advanced_composition_against_mpmath():
    mp.mp.dps = 60
    for alpha, k, slack in [("1.1", 100, "1e-6"), ("2", 10, "0.01"), ("1.01", 1000, "1e-9")]:
        eps = mp.log(mp.mpf(Fraction(alpha).numerator) / Fraction(alpha).denominator)
        slack_mp = mp.mpf(Fraction(slack).numerator) / Fraction(slack).denominator
        reference = mp.sqrt(2 * k * mp.log(1 / slack_mp)) * eps + k * eps * (mp.e**eps - 1)
        claim = composition.advanced_composition(alpha, 0, k, slack)
        upper = mp.mpf(claim.epsilon_upper.numerator) / claim.epsilon_upper.denominator
        assert reference <= upper <= reference + mp.mpf(10) ** -30
        # the inverse: at a factor just above e^ε', the certified δ is at most δ'
        target = Fraction(mp.nstr(mp.e ** (upper + mp.mpf(10) ** -20), 40))
        assert composition.advanced_delta(alpha, 0, k, target) <= Fraction(slack)


def test_advanced_gives_nothing_when_the_drift_exceeds_the_target():
    # k ε (e^ε − 1) = 10·ln 2·1 ≈ 6.93 > ln 100 ≈ 4.61: no δ' works.
    assert composition.advanced_delta(2, 0, 10, 100) == 1


GRID = [
    (n, p, k, total)
    for n in (1, 2, 3)
    for p in ("3/4", "0.9", "1/3")
    for k in (1, 2, 3, 4)
    for total in (1, 2, 5, 20, 100)
]


@pytest.mark.parametrize("n,p,k,total", GRID)
def test_no_bound_is_below_the_exact_value(n, p, k, total):
    exact = composition.rr_required_delta(n, p, total, k)
    p = Fraction(p)
    pure = max(p, 1 - p) / min(p, 1 - p)  # the count channel is (pure, 0)-DP
    assert composition.optimal_delta(pure, 0, k, total) >= exact
    assert composition.basic_delta(pure, 0, k, total) >= exact
    assert composition.advanced_delta(pure, 0, k, total) >= exact
    # (α, δ(α)) holds for every α, so every such pair is a valid starting point
    for alpha in (Fraction(1), Fraction(2), pure):
        one = composition.rr_required_delta(n, p, alpha, 1)
        assert composition.optimal_delta(alpha, one, k, total) >= exact
        assert composition.basic_delta(alpha, one, k, total) >= exact
    assert composition.rr_delta_upper_bound(n, p, total, k, "1/20") >= exact
    # the optimum over all mechanisms never exceeds the general theorems
    assert composition.optimal_delta(pure, 0, k, total) <= composition.advanced_delta(
        pure, 0, k, total
    )
    assert composition.optimal_delta(pure, 0, k, total) <= composition.basic_delta(
        pure, 0, k, total
    )


@pytest.mark.parametrize("n,p,alpha,k", [(4, "0.9", 3, 4), (5, "3/4", 2, 6), (8, "0.6", "1.2", 5)])
def test_the_loss_grid_bound_tightens_with_the_interval(n, p, alpha, k):
    exact = composition.rr_required_delta(n, p, alpha, k)
    coarse = composition.rr_delta_upper_bound(n, p, alpha, k, "1/10")
    fine = composition.rr_delta_upper_bound(n, p, alpha, k, "1/1000")
    assert exact <= fine <= coarse
    assert fine - exact < Fraction(1, 100)


@pytest.mark.parametrize("n,p,k,total", [(2, "3/4", 3, 9), (3, "0.9", 4, 50), (30, "0.9", 10, 20)])
def test_bound_comparison_is_ordered(n, p, k, total):
    result = composition.rr_bound_comparison(n, p, k, total)
    if result.exact is not None:
        assert result.exact == composition.rr_required_delta(n, p, total, k) == result.upper
    assert result.upper <= result.optimal <= min(result.advanced, result.basic)


# --- Gaussian -------------------------------------------------------------------------------


@pytest.mark.parametrize("sensitivity,sigma,eps,k", [(1, 2, 1, 4), (1, 3, "0.5", 10), (2, 5, 2, 7)])
def test_gaussian_composition_matches_the_balle_wang_formula_at_h_sqrt_k(
    sensitivity, sigma, eps, k
):
    mp.mp.dps = 40
    eps = float(Fraction(eps))
    h = mp.mpf(sensitivity) * mp.sqrt(k) / sigma
    reference = mp.ncdf(h / 2 - eps / h) - mp.e**eps * mp.ncdf(-h / 2 - eps / h)
    value = composition.gaussian_composition_delta(sensitivity, sigma, eps, k)
    assert abs(value - reference) <= 1e-14 * reference
    assert value >= gaussian.delta(sensitivity, sigma, eps)


@pytest.mark.parametrize("alpha", ["1.5", "3", "8"])
@pytest.mark.parametrize("k,total", [(2, 4), (5, 20), (10, 100)])
def test_gaussian_composition_is_never_above_the_bounds(alpha, k, total):
    # one release is (α, δ₁(ln α))-DP for every α, so k releases are bounded by KOV and DRV
    alpha = Fraction(alpha)
    one = Fraction(gaussian.delta(1, 2, math.log(alpha))) * (1 + Fraction(1, 10**12))
    exact = composition.gaussian_composition_delta(1, 2, math.log(total), k)
    optimal = composition.optimal_delta(alpha, one, k, total)
    assert exact <= optimal * (1 + 1e-12)
    assert optimal <= composition.advanced_delta(alpha, one, k, total)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_disjoint_supports_need_delta_one_whatever_k(k):
    # P = (1, 0), Q = (0, 1): the outcome (0, …, 0) has P-mass 1 and Q-mass 0 (a regression:
    # a 0/0 half of the meet in the middle once stopped the prefix scan early).
    channel = FiniteChannel(("D", "D'"), (0, 1), ((1, 0), (0, 1)), 1, (("D", "D'"),))
    assert composition.composed_required_delta(channel, 1, k) == 1


@PROPERTY_SETTINGS
@given(**CLAIMS)
def test_optimal_delta_is_monotone(alpha, delta, total, k):
    value = composition.optimal_delta(alpha, delta, k, total)
    assert composition.optimal_delta(alpha, delta, k, total + 1) <= value
    assert composition.optimal_delta(alpha + Fraction(1, 3), delta, k, total) >= value
    assert composition.optimal_delta(alpha, delta, k + 1, total) >= value
    assert value <= composition.basic_delta(alpha, delta, k, total)


def test_the_bound_refuses_a_grid_beyond_its_limit_at_once():
    outcome = within_cpu(lambda: composition.rr_delta_upper_bound(10, "0.9", 3, 1000, "1/1000"))
    assert outcome[:2] == ("error", "ValueError")
    assert re.search(r"interval .* grid bins", outcome[2]), outcome[2]


@pytest.mark.parametrize("k", [1, 2, 5, 10, 20])
@pytest.mark.parametrize("eps", [0.0, 0.5, 1.0, 2.0, 4.0])
def test_gaussian_bound_comparison_puts_no_bound_below_the_exact_value(k, eps):
    result = composition.gaussian_bound_comparison(1, 4, eps, k)

    # δ₁ and e^ε are doubles: the three values are within a few units in the last place of
    # valid bounds, and A = e^ε rounded shifts a term like α^k − A by ~1e-16 absolute
    def below(a, b):
        return a <= b * (1 + 1e-9) + 1e-15

    assert below(result.exact, result.optimal)
    assert below(result.optimal, min(result.advanced, result.basic))
    # basic composition at the even split, by hand from the one-release formula
    mp.mp.dps = 40
    h, e0 = mp.mpf(1) / 4, mp.mpf(eps) / k
    one = mp.ncdf(h / 2 - e0 / h) - mp.e**e0 * mp.ncdf(-h / 2 - e0 / h)
    assert abs(result.basic - min(1, k * one)) <= 1e-13 * max(result.basic, 1e-300)


def test_gaussian_bound_comparison_with_one_release_is_the_exact_value_for_basic():
    result = composition.gaussian_bound_comparison(1, 2, 1, 1)
    assert result.basic == result.exact == gaussian.delta(1, 2, 1)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, composition.GAUSSIAN_MAX_RELEASES + 1])
def test_gaussian_bound_comparison_refuses_a_bad_k(bad):
    with pytest.raises((ValueError, TypeError), match="k"):
        composition.gaussian_bound_comparison(1, 2, 1, bad)


@pytest.mark.parametrize("n,p", [(4, "3/4"), (10, "0.9"), (20, "3/4"), (30, "1/3")])
def test_the_largest_exact_k_is_where_the_refusal_starts(n, p):
    largest = composition.rr_largest_exact_k(n, p)
    assert 1 <= largest < composition.RR_MAX_SIZE
    outcome = within_cpu(lambda: composition.rr_required_delta(n, p, 3, largest + 1))
    assert outcome[:2] == ("error", "ValueError") and "beyond the exact limit" in outcome[2]
    if n <= 10:  # the issue's minimum: n = 10, k = 10 is within the exact range
        assert largest >= 10


def test_gaussian_bound_comparison_refuses_a_total_eps_beyond_the_double_range():
    with pytest.raises(ValueError, match="eps"):
        composition.gaussian_bound_comparison(1, 2, composition.GAUSSIAN_MAX_EPS + 1, 2)


# --- refusals at huge estimates (issue 20 §3): a ValueError, never an OverflowError ----------


@pytest.mark.parametrize("n", [299, 300, 1000, composition.RR_MAX_SIZE])
def test_the_largest_exact_k_is_read_for_every_valid_n(n):
    kind, largest = within_cpu(lambda: composition.rr_largest_exact_k(n, "0.9"), 5)
    assert kind == "value" and 0 <= largest < 10
    outcome = within_cpu(lambda: composition.rr_required_delta(n, "0.9", 3, largest + 1), 5)
    assert outcome[:2] == ("error", "ValueError")
    assert re.search(rf"k = {largest + 1} .*beyond the exact limit", outcome[2]), outcome[2]


REFUSED_AT_HUGE_ESTIMATES = {
    "rr_required_delta": lambda: composition.rr_required_delta(1000, "0.9", 3, 1000),
    "composed_required_delta": lambda: composition.composed_required_delta(
        count_channel(300, "3/4"), 3, 5000
    ),
    "rr_required_delta at the largest n and k": lambda: composition.rr_required_delta(
        composition.RR_MAX_SIZE, "0.9", 3, composition.RR_MAX_SIZE
    ),
}


@pytest.mark.parametrize("call", REFUSED_AT_HUGE_ESTIMATES.values(), ids=REFUSED_AT_HUGE_ESTIMATES)
def test_a_refusal_at_a_huge_estimate_names_its_size_without_floats(call):
    with pytest.raises(ValueError, match=r"beyond the exact limit: estimated work about 10\^\d+ "):
        call()


def test_the_bound_comparison_beyond_both_limits_is_refused_by_the_grid():
    # beyond the exact limit the comparison falls back to the loss grid, which refuses too:
    # past its people limit (its (n+1)^2 exact masses) and past its grid
    with pytest.raises(ValueError, match=r"n must be at most 400 .*got 1000"):
        composition.rr_bound_comparison(1000, "0.9", 1000, 3)
    with pytest.raises(ValueError, match=r"n must be at most 400 .*got 1000"):
        composition.rr_bound_comparison(1000, "3/4", 3, 9)
    with pytest.raises(ValueError, match=r"grid bins .*take a larger interval"):
        composition.rr_bound_comparison(300, "0.9", 1000, 3)
