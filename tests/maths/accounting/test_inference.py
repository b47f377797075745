"""Inference: trade-off curves against every (randomised) test, posterior bounds, errors.

The references enumerate all deterministic tests (subsets of the outputs); a randomised test
is a mixture of them, so the best power at level x is the upper concave envelope of the
deterministic (type I, power) points, reached by mixing two of them.  Laplace and Gaussian
curves are checked against mpmath threshold tests solved independently.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import combinations, pairwise

import mpmath as mp
import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import PROPERTY_SETTINGS, alphas, naive_count_channel, small_channels, within_cpu

from dplab import finite
from dplab.accounting import inference
from dplab.finite import FiniteChannel, both_directions
from dplab.mechanisms import gaussian
from dplab.mechanisms.randomized_response import count_channel


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
    assert low <= ratio <= high  # the upper end is finite for every q > 0, even q ≤ δ


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


# --- rare events: the upper bound stays finite, the lower one drops to 0 --------------------


def canonical_channel(alpha, delta):
    """The four-output pair of lesson 6 that attains f_{α,δ} (outputs a, b, c, d)."""
    alpha, delta = Fraction(alpha), Fraction(delta)
    rest = 1 - delta
    return FiniteChannel.from_probabilities(
        {
            "D": [delta, rest * alpha / (1 + alpha), rest / (1 + alpha), 0],
            "D'": [0, rest / (1 + alpha), rest * alpha / (1 + alpha), delta],
        },
        both_directions([("D", "D'")]),
        outputs=["a", "b", "c", "d"],
    )


def test_an_event_no_likelier_than_delta_still_has_a_finite_upper_bound():
    # lesson 6, exercise 2 at Q(S) = δ = 1/1000, α = 2, prior 1/2: P(S) ≤ 2/1000 + 1/1000,
    # so the ratio is ≤ 3 and the posterior ≤ 3/4 (main said: unbounded, posterior ≤ 1)
    rare = inference.posterior_range("1/2", 2, "1/1000", "1/1000")
    assert (rare.ratio_low, rare.ratio_high) == (0, 3)
    assert (rare.low, rare.high) == (0, Fraction(3, 4))
    assert rare.may_rule_out


def test_the_lab_gaussian_example_at_a_rare_event():
    # σ = 1, α = 3: δ ≈ 0.10986 (a double, read exactly); Q(S) = 0.001 > 0 gives
    # ratio ≤ 3 + δ/0.001 ≈ 112.86 and posterior ≤ 112.86/113.86 ≈ 0.9912 at prior 1/2
    delta = Fraction(gaussian.delta(1, 1.0, float(mp.log(3))))
    rare = inference.posterior_range("1/2", 3, delta, "0.001")
    assert rare.ratio_high == 3 + delta * 1000
    assert rare.high == rare.ratio_high / (1 + rare.ratio_high)
    assert abs(float(rare.ratio_high) - 112.8556) < 1e-4 and abs(float(rare.high) - 0.99122) < 1e-5
    assert rare.may_rule_out  # δ ≥ q: the lower end is 0


@pytest.mark.parametrize("alpha,delta", [(2, "1/100"), (3, "1/10"), (1, "1/5")])
def test_a_rare_event_can_rule_h_out_but_only_q_zero_rules_h_prime_out(alpha, delta):
    channel = canonical_channel(alpha, delta)
    p, q = channel.probabilities("D"), channel.probabilities("D'")
    # output d: P = 0 < Q = δ, allowed by (α, δ); its ratio 0 is the lower end at q = δ
    assert p[3] == 0 and q[3] == Fraction(delta)
    low, high = inference.likelihood_ratio_range(alpha, delta, q[3])
    assert low == 0 < high
    # output a: Q = 0 < P = δ, the only way to rule H' out, outside the range's q > 0
    assert q[0] == 0 and p[0] == Fraction(delta)
    # every event with Q(S) > 0 stays inside the range, upper end included
    for size in range(1, 5):
        for event in combinations(range(4), size):
            q_event = sum(q[j] for j in event)
            if q_event:
                low, high = inference.likelihood_ratio_range(alpha, delta, q_event)
                assert low <= sum(p[j] for j in event) / q_event <= high


# --- where a curve meets the bound; concave corners -----------------------------------------


@pytest.mark.parametrize(
    "n,expected",
    [
        (1, [(0, 1)]),
        (2, [(0, Fraction(3, 16)), (Fraction(7, 16), 1)]),
        (4, [(0, Fraction(27, 256)), (Fraction(175, 256), 1)]),
    ],
)
def test_rr_curve_meets_the_pure_bound_at_both_ends(n, expected):
    assert list(inference.tradeoff_contact(count_channel(n, "3/4"), 3)) == expected


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("p", ["3/4", "0.6", "9/10"])
def test_rr_contact_is_up_to_p_pow_n_minus_one_times_one_minus_p_and_from_one_minus_p_pow_n(n, p):
    p = Fraction(p)
    channel = count_channel(n, p)
    alpha = p / (1 - p)
    contact = inference.tradeoff_contact(channel, alpha)
    assert contact == ((0, p ** (n - 1) * (1 - p)), (1 - p**n, 1))
    # against the curve itself on a grid: equal exactly inside, above outside
    for x in [Fraction(j, 64) for j in range(65)]:
        inside = any(a <= x <= b for a, b in contact)
        gap = inference.channel_tradeoff(channel, x) - inference.dp_tradeoff(alpha, 0, x)
        assert gap >= 0 and (gap == 0) == inside, x


@PROPERTY_SETTINGS
@given(
    channel=small_channels(max_outputs=4),
    alpha=alphas,
    level=st.fractions(0, 1, max_denominator=40),
)
def test_contact_intervals_are_where_the_curve_equals_the_bound(channel, alpha, level):
    channel = symmetric(channel)
    delta = finite.required_delta(channel, alpha)
    contact = inference.tradeoff_contact(channel, alpha, delta)
    equal = inference.channel_tradeoff(channel, level) == inference.dp_tradeoff(alpha, delta, level)
    assert equal == any(a <= level <= b for a, b in contact)


@pytest.mark.parametrize("mu", [0.3, 1.0, 2.5])
def test_laplace_curve_meets_the_pure_bound_below_the_kink_and_from_one_half(mu):
    alpha = Fraction(math.exp(mu))  # the double e^μ read exactly: compare within rounding
    kink = math.exp(-mu) / 2
    for j in range(1, 200):
        x = j / 200
        gap = inference.laplace_tradeoff(Fraction(mu), 1, x) - float(
            inference.dp_tradeoff(alpha, 0, Fraction(x))
        )
        if x <= kink or x >= 0.5:
            assert abs(gap) <= 1e-12, x
        else:
            assert gap > 1e-9, x


def test_the_minimum_over_pairs_is_not_convex():
    # RR n = 2, p = 3/4: corners (3/16, 7/16), (11/32, 11/32), (7/16, 3/16); the slopes
    # −4/5 before 11/32 and −4/3 after it, so the curve bends the concave way there
    assert inference.concave_corners(count_channel(2, "3/4")) == (Fraction(11, 32),)
    assert inference.concave_corners(count_channel(1, "3/4")) == ()


@pytest.mark.parametrize("n", [30, 100])
def test_tradeoff_vertices_refuses_large_channels_before_any_work(n):
    channel = count_channel(n, "3/4")
    outcome = within_cpu(lambda: inference.tradeoff_vertices(channel))
    assert outcome[:2] == ("error", "ValueError")
    assert re.search(r"channel.*limit 200000", outcome[2]), outcome[2]


def test_tradeoff_vertices_takes_the_largest_count_channel_within_its_limit():
    channel = count_channel(11, "3/4")
    assert inference._tradeoff_work(channel) <= inference.TRADEOFF_WORK_LIMIT
    assert inference._tradeoff_work(count_channel(12, "3/4")) > inference.TRADEOFF_WORK_LIMIT
    corners = inference.tradeoff_vertices(channel)
    assert corners[0] == (0, 1) and corners[-1] == (1, 0)


# --- the Gaussian power, computed directly --------------------------------------------------


@pytest.mark.parametrize("mu", [0.5, 1.0, 3.0])
@pytest.mark.parametrize("level", [1e-300, 1e-20, 1e-6, 0.05, 0.5, 0.9])
def test_gaussian_power_against_mpmath(mu, level):
    mp.mp.dps = 40
    # Φ(t) = x solved in log space (the tail is far below the working precision's ulp of 1)
    start = -mp.sqrt(-2 * mp.log(level)) if level < 0.5 else mp.mpf(0)
    threshold = mp.findroot(lambda t: mp.log(mp.ncdf(t)) - mp.log(level), start)
    reference = mp.ncdf(threshold + mu)  # power Φ(Φ⁻¹(x) + μ)
    value = inference.gaussian_power(mu, 1, level)
    # conditioning: a relative error u in Φ⁻¹(x) = t moves the power by about |t|·|t + μ|·u
    # relatively (|t| ≈ 37 at x = 1e-300), so allow 1e-12 there and 1e-13 elsewhere
    assert abs(value - reference) <= (1e-12 if level < 1e-100 else 1e-13) * reference


def test_power_as_one_minus_the_curve_loses_every_digit_at_small_x():
    mp.mp.dps = 40
    reference = mp.ncdf(-mp.sqrt(2) * mp.erfinv(1 - 2 * mp.mpf("1e-20")) + 1)
    naive = 1 - inference.gaussian_tradeoff(1, 1, 1e-20)
    direct = inference.gaussian_power(1, 1, 1e-20)
    assert abs(direct - reference) <= 1e-13 * reference
    assert abs(naive - reference) > 0.5 * reference
