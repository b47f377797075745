"""Frequency estimation with k-ary randomized response (dplab.userlevel.frequency): unbiasedness,
variance and total squared error against exact enumeration of every report sequence, the
channel's privacy factor by brute force, the baseline against its definition, errors."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplab.userlevel import emd_linear, frequency


def report_law(item: int, k: int, alpha: Fraction) -> list[Fraction]:
    """The randomizer by its definition: the true value with weight α, every other value
    with weight 1, normalised."""
    weights = [alpha if y == item else Fraction(1) for y in range(k)]
    return [w / sum(weights) for w in weights]


def enumerate_estimates(items: tuple[int, ...], k: int, alpha: Fraction):
    """Every sequence of reports with its exact probability, and the estimates it gives."""
    laws = [report_law(x, k, alpha) for x in items]
    for reports in itertools.product(range(k), repeat=len(items)):
        probability = Fraction(1)
        for law, y in zip(laws, reports, strict=True):
            probability *= law[y]
        counts = [reports.count(v) for v in range(k)]
        yield probability, frequency.estimate(counts, alpha)


CASES = [((0, 0, 1), 2, Fraction(3)), ((0, 1, 2, 2), 3, Fraction(5, 2)), ((1, 1), 4, Fraction(7))]


@pytest.mark.parametrize(("items", "k", "alpha"), CASES)
def test_the_estimator_is_unbiased_and_its_variance_is_exact(items, k, alpha):
    truth = [Fraction(items.count(v), len(items)) for v in range(k)]
    outcomes = list(enumerate_estimates(items, k, alpha))
    assert sum(probability for probability, _ in outcomes) == 1
    for v in range(k):
        mean = sum(probability * est[v] for probability, est in outcomes)
        assert mean == truth[v]
        spread = sum(probability * (est[v] - truth[v]) ** 2 for probability, est in outcomes)
        assert spread == frequency.variance(truth[v], k, alpha, len(items))
    total = sum(
        probability * sum((e - t) ** 2 for e, t in zip(est, truth, strict=True))
        for probability, est in outcomes
    )
    assert total == frequency.total_squared_error(k, alpha, len(items))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 40),
    st.fractions(min_value=Fraction(101, 100), max_value=50),
    st.integers(1, 10**6),
)
def test_the_total_error_is_the_sum_of_the_variances_for_any_data(k, alpha, reports):
    shares = [Fraction(1, k)] * k
    assert frequency.total_squared_error(k, alpha, reports) == sum(
        frequency.variance(share, k, alpha, reports) for share in shares
    )
    skewed = [Fraction(1)] + [Fraction(0)] * (k - 1)
    assert frequency.total_squared_error(k, alpha, reports) == sum(
        frequency.variance(share, k, alpha, reports) for share in skewed
    )


@pytest.mark.parametrize(
    ("k", "alpha"), [(2, Fraction(3)), (3, Fraction(5, 2)), (5, Fraction(9, 7))]
)
def test_the_channel_is_the_definition_and_its_factor_is_exactly_alpha(k, alpha):
    channel = frequency.k_randomized_response(k, alpha)
    for x in range(k):
        assert list(channel.probabilities(x)) == report_law(x, k, alpha)
    ratios = [
        Fraction(p) / Fraction(q)
        for x, x2 in itertools.permutations(range(k), 2)
        for p, q in zip(channel.probabilities(x), channel.probabilities(x2), strict=True)
    ]
    assert max(ratios) == alpha
    assert len(channel.adjacent_pairs) == k * (k - 1)


def test_the_baseline_is_the_k_norm_mechanism_at_sensitivity_root_two():
    """2k(k+1)/(nε²), and twice the K-norm average error at sensitivity 1."""
    for k, epsilon, users in [(2, 1, 3), (10, Fraction(1, 2), 1000)]:
        expected = Fraction(2 * k * (k + 1)) / (users * Fraction(epsilon) ** 2)
        assert frequency.user_level_total_squared_error(k, epsilon, users) == expected
        assert expected == 2 * emd_linear.local_average_squared_error(1, epsilon, k, users)


def test_randomized_response_beats_the_baseline_for_many_reports_per_user():
    """With m items per user there are N = n·m reports: at α = e² (rounded down to a
    rational), k = 10, n = 1000 and m = 20 the item-level estimator's error is below the
    user-level baseline's at ε = 2."""
    alpha = Fraction(7389, 1000)  # < e²
    assert frequency.total_squared_error(10, alpha, 1000 * 20) < (
        frequency.user_level_total_squared_error(10, 2, 1000)
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: frequency.report_probabilities(1, 2), "k must be an integer in [2,"),
        (
            lambda: frequency.report_probabilities(3, 1),
            "alpha must be a rational number in (1, inf)",
        ),
        (lambda: frequency.k_randomized_response(201, 2), "k must be an integer in [2, 200]"),
        (lambda: frequency.estimate([0, 0, 0], 2), "counts must hold at least one report"),
        (lambda: frequency.estimate([3, -1], 2), "counts[1] must be an integer in [0,"),
        (lambda: frequency.estimate([3], 2), "counts must hold one count per value, k in"),
        (
            lambda: frequency.variance("3/2", 3, 2, 10),
            "frequency must be a rational number in [0, 1]",
        ),
        (lambda: frequency.variance(0, 3, 2, 0), "reports must be an integer in [1,"),
        (lambda: frequency.user_level_total_squared_error(3, 0, 10), "epsilon must be a rational"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert message in str(caught.value)
