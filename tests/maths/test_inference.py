"""Inference: trade-off curves against every (randomised) test, posterior bounds, errors.

The references enumerate all deterministic tests (subsets of the outputs); a randomised test
is a mixture of them, so the best power at level x is the upper concave envelope of the
deterministic (type I, power) points, reached by mixing two of them.  Laplace and Gaussian
curves are checked against mpmath threshold tests solved independently.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, pairwise

import mpmath as mp
import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import PROPERTY_SETTINGS, alphas, naive_count_channel, small_channels

from dplab import finite, inference
from dplab.finite import FiniteChannel, both_directions


def symmetric(channel):
    """The same channel with every adjacent pair in both orders."""
    return FiniteChannel(
        channel.inputs,
        channel.outputs,
        channel.weights,
        channel.denominator,
        both_directions(channel.adjacent_pairs),
    )


LEVELS = [Fraction(j, 24) for j in range(25)] + [Fraction(1, 1000), Fraction(7, 9)]


def deterministic_points(p_row, q_row):
    """(type I, power) of every deterministic test: reject H₀ on a subset of the outputs."""
    size = len(p_row)
    points = []
    for count in range(size + 1):
        for subset in combinations(range(size), count):
            points.append((sum(p_row[j] for j in subset), sum(q_row[j] for j in subset)))
    return points


def best_power_by_enumeration(p_row, q_row, level):
    """max power over mixtures of two deterministic tests with type I error ≤ level."""
    points = deterministic_points(p_row, q_row)
    best = max(power for size, power in points if size <= level)
    for (x1, p1), (x2, p2) in combinations(points, 2):
        if x1 > x2:
            (x1, p1), (x2, p2) = (x2, p2), (x1, p1)
        if x1 <= level < x2:
            weight = (x2 - level) / (x2 - x1)
            best = max(best, weight * p1 + (1 - weight) * p2)
    return best


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("p", ["3/4", "0.9", "1/3"])
def test_rr_tradeoff_equals_enumeration_of_every_test(n, p):
    channel = naive_count_channel(n, Fraction(p))
    for level in LEVELS:
        expected = min(
            1 - best_power_by_enumeration(channel.probabilities(s), channel.probabilities(t), level)
            for s, t in channel.adjacent_pairs
        )
        assert inference.rr_tradeoff(n, p, level) == expected


def polyline(points, x):
    """The polyline through ``points`` (increasing x, from 0 to 1) at ``x``."""
    for (x1, y1), (x2, y2) in pairwise(points):
        if x1 <= x <= x2:
            return y1 if x1 == x2 else y1 + (y2 - y1) * (x - x1) / (x2 - x1)
    raise AssertionError(f"{x} is outside the polyline")


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("p", ["3/4", "0.6"])
def test_rr_curve_corners_equal_enumeration_of_every_test(n, p):
    channel = naive_count_channel(n, Fraction(p))
    corners = inference.tradeoff_vertices(channel)
    assert corners[0][0] == 0 and corners[-1][0] == 1
    # between corners the curve is a straight line: check the corners, the midpoints and
    # a grid against the best test found by enumerating every deterministic test
    xs = {x for x, _ in corners} | {(a[0] + b[0]) / 2 for a, b in pairwise(corners)}
    for level in sorted(xs | set(LEVELS)):
        expected = min(
            1 - best_power_by_enumeration(channel.probabilities(s), channel.probabilities(t), level)
            for s, t in channel.adjacent_pairs
        )
        assert polyline(corners, level) == expected


@PROPERTY_SETTINGS
@given(channel=small_channels(max_outputs=4), level=st.fractions(0, 1, max_denominator=30))
def test_tradeoff_corners_trace_the_channel_curve(channel, level):
    corners = inference.tradeoff_vertices(channel)
    assert polyline(corners, level) == inference.channel_tradeoff(channel, level)


@PROPERTY_SETTINGS
@given(channel=small_channels(max_outputs=5), level=st.fractions(0, 1, max_denominator=30))
def test_most_powerful_test_is_most_powerful(channel, level):
    source, target = channel.adjacent_pairs[0]
    test = inference.most_powerful_test(channel, source, target, level)
    p_row, q_row = channel.probabilities(source), channel.probabilities(target)
    assert test.power == best_power_by_enumeration(p_row, q_row, level)
    assert test.type_one_error <= level
    # the test's stated errors are those of its reject sets
    position = {y: j for j, y in enumerate(channel.outputs)}
    size = sum(p_row[position[y]] for y in test.reject) + test.boundary_probability * sum(
        p_row[position[y]] for y in test.boundary
    )
    assert size == test.type_one_error


@PROPERTY_SETTINGS
@given(
    channel=small_channels(max_outputs=5),
    alpha=alphas,
    level=st.fractions(0, 1, max_denominator=30),
)
def test_every_channel_lies_above_the_curve_of_its_own_guarantee(channel, alpha, level):
    channel = symmetric(channel)  # the curve f_{α,δ} needs the claim in both orders
    delta = finite.required_delta(channel, alpha)
    assert inference.channel_tradeoff(channel, level) >= inference.dp_tradeoff(alpha, delta, level)


@pytest.mark.parametrize("alpha,delta", [(3, 0), ("1.5", "0.1"), (1, "0.2"), (10, "0.01")])
def test_the_canonical_pair_attains_the_dp_curve(alpha, delta):
    alpha, delta = Fraction(alpha), Fraction(delta)
    rest = 1 - delta
    canonical = FiniteChannel.from_probabilities(
        {
            0: [delta, rest * alpha / (1 + alpha), rest / (1 + alpha), 0],
            1: [0, rest / (1 + alpha), rest * alpha / (1 + alpha), delta],
        },
        both_directions([(0, 1)]),
    )
    for level in LEVELS:
        assert inference.channel_tradeoff(canonical, level) == inference.dp_tradeoff(
            alpha, delta, level
        )
        assert inference.dp_max_power(alpha, delta, level) == 1 - inference.dp_tradeoff(
            alpha, delta, level
        )


def test_dp_tradeoff_hand_checked():
    # α = 3, δ = 0: f(x) = max(0, 1 − 3x, (1 − x)/3); the two lines cross at x = 1/4,
    # where both are 1/4; at x = 1/8, 1 − 3/8 = 5/8 > (7/8)/3 = 7/24.
    assert inference.dp_tradeoff(3, 0, "1/4") == Fraction(1, 4)
    assert inference.dp_tradeoff(3, 0, "1/8") == Fraction(5, 8)
    # δ = 1/10 shifts both lines down: at x = 0, 1 − δ = 9/10.
    assert inference.dp_tradeoff(3, "0.1", 0) == Fraction(9, 10)


# --- posterior odds -------------------------------------------------------------------------


def test_posterior_odds_hand_checked():
    # prior 1/4: odds 1/3; likelihood ratio 3: odds 1, probability 1/2.
    assert inference.posterior_odds("1/4", 3) == 1
    assert inference.posterior_probability("1/4", 3) == Fraction(1, 2)
    # pure α = 3 from prior 1/2: odds in [1/3, 3], probability in [1/4, 3/4].
    result = inference.posterior_range("1/2", 3)
    assert (result.low, result.high) == (Fraction(1, 4), Fraction(3, 4))


@PROPERTY_SETTINGS
@given(channel=small_channels(max_outputs=5), alpha=alphas, data=st.data())
def test_every_event_moves_the_odds_within_the_proved_range(channel, alpha, data):
    channel = symmetric(channel)  # the range uses the claim in both orders
    source, target = channel.adjacent_pairs[0]
    delta = finite.required_delta(channel, alpha)
    size = len(channel.outputs)
    event = data.draw(st.lists(st.integers(0, size - 1), min_size=1, unique=True))
    p_event = sum(channel.probabilities(source)[j] for j in event)
    q_event = sum(channel.probabilities(target)[j] for j in event)
    if q_event == 0:
        assert p_event <= delta  # the only way (α, δ) lets an event rule H' out
        return
    low, high = inference.likelihood_ratio_range(alpha, delta, q_event)
    ratio = p_event / q_event
    assert low <= ratio
    assert high is None or ratio <= high


def test_pure_privacy_bound_is_attained_by_randomized_response():
    # n = 1, p = 3/4: observing output 0 has likelihood ratio (3/4)/(1/4) = 3 = α*.
    channel = naive_count_channel(1, Fraction(3, 4))
    ratio = channel.probabilities(0)[0] / channel.probabilities(1)[0]
    assert ratio == inference.likelihood_ratio_range(3)[1]


@pytest.mark.parametrize("bad", [0, 1, "-0.1", "1.5", 1.0])
def test_prior_outside_the_open_unit_interval_is_refused(bad):
    with pytest.raises(ValueError, match="prior"):
        inference.posterior_odds(bad, 2)


@pytest.mark.parametrize("bad", ["-0.1", "1.5", 2])
def test_error_rates_outside_the_unit_interval_are_refused(bad):
    with pytest.raises(ValueError, match="type_one_error"):
        inference.dp_tradeoff(2, 0, bad)
    with pytest.raises(ValueError, match="false_positive_rate"):
        inference.dp_max_power(2, 0, bad)
    with pytest.raises(ValueError, match="type_one_error"):
        inference.gaussian_tradeoff(1, 1, float(Fraction(bad)))


# --- continuous mechanisms ------------------------------------------------------------------


@pytest.mark.parametrize("mu", [0.3, 1.0, 2.5])
@pytest.mark.parametrize("level", [0.001, 0.05, 0.2, 0.4, 0.7, 0.95])
def test_laplace_curve_against_a_threshold_test_in_mpmath(mu, level):
    mp.mp.dps = 30

    def cdf(t):  # standard Laplace
        return mp.e**t / 2 if t < 0 else 1 - mp.e ** (-t) / 2

    # reject H₀ (centre 0) when y > t, with P₀(Y > t) = level; type II = P₁(Y ≤ t), centre μ
    threshold = mp.findroot(lambda t: 1 - cdf(t) - level, 0.0)
    reference = cdf(threshold - mu)
    value = inference.laplace_tradeoff(Fraction(mu), 1, level)
    assert abs(value - reference) <= 1e-13


@pytest.mark.parametrize("mu", [0.5, 1.0, 3.0])
@pytest.mark.parametrize("level", [1e-6, 0.05, 0.5, 0.9])
def test_gaussian_curve_against_mpmath(mu, level):
    mp.mp.dps = 30
    threshold = mp.sqrt(2) * mp.erfinv(1 - 2 * mp.mpf(level))  # P₀(Y > t) = level
    reference = mp.ncdf(threshold - mu)
    assert abs(inference.gaussian_tradeoff(mu, 1, level) - reference) <= 1e-13


def test_gaussian_mu_of_k_releases():
    # Δ = 1, σ = 2, k = 9: μ = 3/2
    assert inference.gaussian_mu(1, 2, 9) == 1.5
