"""Tests of dplab.mechanisms.randomized_response: seed numbers, brute force, the general path,
properties.

Golden values come from the seed lesson page or from independent references
(``maths_support``: binomial convolution in Fractions, brute-force event enumeration).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import (
    PROPERTY_SETTINGS,
    alphas,
    naive_count_channel,
    naive_count_law,
    small_probabilities,
    within_cpu,
)

from dplab import finite
from dplab.mechanisms import randomized_response as rr

P_GRID = [Fraction(k, 10) for k in range(11)] + [Fraction("0.37")]
ALPHA_GRID = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(2718, 1000), 10]


def reflect(event, n):
    return tuple(sorted(n - y for y in event))


# --- against brute force and independent references --------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_every_pair_matches_brute_force_over_the_grid(n):
    for p in P_GRID:
        naive = naive_count_channel(n, p)
        single_pair_channels = {
            pair: naive_count_channel(n, p, [pair]) for pair in naive.adjacent_pairs
        }
        for alpha in ALPHA_GRID:
            certificate = rr.certify(n, p, alpha, 0)
            assert [row.pair for row in certificate.pairs] == list(naive.adjacent_pairs)
            for row in certificate.pairs:
                oracle = finite.brute_force_required_delta(single_pair_channels[row.pair], alpha)
                assert row.required_delta == oracle.required_delta, (n, p, alpha, row.pair)
                # The reported event attains the maximum (checked on the naive laws).
                check = finite.check_event(naive, row.source, row.target, row.event, alpha, 0)
                assert check.excess == row.required_delta
            assert certificate.required_delta == max(r.required_delta for r in certificate.pairs)
            assert rr.required_delta(n, p, alpha) == certificate.required_delta


@pytest.mark.parametrize("n", range(1, 11))
def test_count_distribution_matches_the_binomial_convolution(n):
    for p in [*P_GRID, Fraction(1, 3), Fraction(97, 100)]:
        for c in range(n + 1):
            law = rr.count_distribution(n, p, c)
            assert list(law.probabilities) == naive_count_law(n, p, c)
            assert sum(law.weights) == law.denominator == p.denominator**n


@pytest.mark.parametrize("n", range(1, 6))
def test_bit_vector_channel_gives_the_same_certificate_as_the_count_channel(n):
    for p in [Fraction(0), Fraction(3, 10), Fraction(1, 2), Fraction(37, 100), Fraction(9, 10), 1]:
        vectors = rr.bit_vector_channel(n, p)
        assert len(vectors.inputs) == 2**n
        assert len(vectors.adjacent_pairs) == n * 2**n
        for alpha in ALPHA_GRID:
            assert finite.required_delta(vectors, alpha) == rr.required_delta(n, p, alpha)
        pure = finite.pure_privacy(vectors)
        assert (pure.alpha, pure.finite) == (
            rr.pure_privacy(n, p).alpha,
            rr.pure_privacy(n, p).finite,
        )


@PROPERTY_SETTINGS
@given(
    st.integers(min_value=1, max_value=30),
    small_probabilities,
    alphas,
)
def test_fast_certificate_equals_the_general_path(n, p, alpha):
    fast = rr.certify(n, p, alpha, 0)
    general = finite.certify(rr.count_channel(n, p), alpha, 0)
    assert fast.pairs == general.pairs
    assert (fast.required_delta, fast.worst_pair, fast.worst_event) == (
        general.required_delta,
        general.worst_pair,
        general.worst_event,
    )


@pytest.mark.parametrize(
    ("n", "p", "alpha"), [(150, "0.9", 3), (120, "0.37", "1.2"), (90, "0.55", 1)]
)
def test_fast_certificate_equals_the_general_path_at_moderate_n(n, p, alpha):
    fast = rr.certify(n, p, alpha, 0)
    general = finite.certify(rr.count_channel(n, p), alpha, 0)
    assert fast.pairs == general.pairs


@PROPERTY_SETTINGS
@given(
    st.integers(min_value=1, max_value=25),
    st.fractions(min_value=Fraction(1, 2), max_value=1, max_denominator=40).filter(lambda p: p < 1),
    alphas,
)
def test_worst_events_are_prefixes_and_suffixes_above_one_half(n, p, alpha):
    # The monotone-likelihood-ratio theorem (1/2 < p < 1), checked on the general path's
    # positive sets.  At p = 1 the events are single counts, see test_boundary_values_of_p.
    general = finite.certify(rr.count_channel(n, p), alpha, 0)
    for row in general.pairs:
        if not row.event:
            continue
        if row.target == row.source + 1:
            assert row.event == tuple(range(row.event[-1] + 1))
        else:
            assert row.event == tuple(range(row.event[0], n + 1))


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=25), small_probabilities, alphas)
def test_mirror_symmetry_of_pairs(n, p, alpha):
    rows = {row.pair: row for row in finite.certify(rr.count_channel(n, p), alpha, 0).pairs}
    for c in range(n):
        up, mirror = rows[(c, c + 1)], rows[(n - c, n - c - 1)]
        assert up.required_delta == mirror.required_delta
        assert up.event == reflect(mirror.event, n)


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=25), small_probabilities, alphas)
def test_worst_rows_are_every_maximising_row_and_come_with_their_mirrors(n, p, alpha):
    certificate = rr.certify(n, p, alpha, 0)
    values = [row.required_delta for row in certificate.pairs]
    expected = [row for row in certificate.pairs if row.required_delta == max(values)]
    assert list(certificate.worst_rows) == expected
    assert certificate.worst_rows[0].pair == certificate.worst_pair
    pairs = {row.pair for row in certificate.worst_rows}
    assert len(pairs) >= 2
    assert pairs == {(n - s, n - t) for s, t in pairs}


def test_worst_rows_of_the_lesson_example_are_the_two_mirror_images():
    certificate = finite.certify(rr.count_channel(4, Fraction(9, 10)), 3, "0.05")
    assert [(row.pair, row.event) for row in certificate.worst_rows] == [
        ((0, 1), (0,)),
        ((4, 3), (4,)),
    ]
    assert {row.required_delta for row in certificate.worst_rows} == {Fraction(2187, 5000)}


# --- properties ---------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=40), small_probabilities, alphas, alphas)
def test_required_delta_is_in_unit_interval_and_non_increasing_in_alpha(n, p, a1, a2):
    low, high = min(a1, a2), max(a1, a2)
    at_low, at_high = rr.required_delta(n, p, low), rr.required_delta(n, p, high)
    assert 0 <= at_high <= at_low <= 1


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=40), small_probabilities, alphas)
def test_symmetric_in_p_and_one_minus_p(n, p, alpha):
    here, there = rr.certify(n, p, alpha, 0), rr.certify(n, 1 - p, alpha, 0)
    for row, other in zip(here.pairs, there.pairs, strict=True):
        assert row.pair == other.pair
        assert row.required_delta == other.required_delta
        assert row.event == reflect(other.event, n)


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=60), alphas)
def test_boundary_values_of_p(n, alpha):
    half = rr.certify(n, "1/2", alpha, 0)
    assert (half.required_delta, half.passes, half.worst_event) == (0, True, ())
    for deterministic in (0, 1):
        certificate = rr.certify(n, deterministic, alpha, "0.999")
        assert certificate.required_delta == 1
        assert not certificate.passes
        assert all(row.required_delta == 1 for row in certificate.pairs)


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=40), small_probabilities, alphas)
def test_zero_delta_exactly_from_the_pure_factor(n, p, alpha):
    pure = rr.pure_privacy(n, p)
    needs_no_delta = rr.required_delta(n, p, alpha) == 0
    assert needs_no_delta == (pure.finite and alpha >= pure.alpha)


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=8), small_probabilities)
def test_pure_privacy_matches_the_general_channel(n, p):
    general = finite.pure_privacy(rr.count_channel(n, p))
    fast = rr.pure_privacy(n, p)
    assert (fast.alpha, fast.finite, fast.epsilon) == (
        general.alpha,
        general.finite,
        general.epsilon,
    )
    assert rr.pure_epsilon(p) == fast.epsilon


@PROPERTY_SETTINGS
@given(st.integers(min_value=1, max_value=12), small_probabilities)
def test_estimator_is_unbiased_with_the_stated_mse(n, p):
    estimator = rr.debiased_estimator(n, p)
    if 2 * p == 1:
        assert not estimator.available
        return
    for c in range(n + 1):
        law = naive_count_law(n, p, c)
        mean = sum(w * e for w, e in zip(law, estimator.estimates, strict=True))
        mse = sum(w * (e - c) ** 2 for w, e in zip(law, estimator.estimates, strict=True))
        assert (mean, mse) == (c, estimator.mse)


# --- the seed lesson's numbers ------------------------------------------------------------


def test_seed_pure_example_passes_everywhere():
    certificate = rr.certify(4, Fraction(3, 4), 3, 0)
    assert certificate.passes
    assert certificate.required_delta == 0
    assert (certificate.worst_pair, certificate.worst_event) == ((0, 1), ())
    assert [row.pair for row in certificate.pairs] == [
        (0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2), (3, 4), (4, 3)
    ]  # fmt: skip
    assert all(row.required_delta == 0 and row.event == () for row in certificate.pairs)
    assert round(rr.pure_epsilon("3/4"), 3) == 1.099
    assert rr.pure_privacy(4, "3/4").alpha == 3
    estimator = rr.debiased_estimator(4, "3/4")
    assert estimator.estimates == (-2, 0, 2, 4, 6)
    assert estimator.mse == 3 == rr.estimator_mse(4, "0.75")


def test_seed_displayed_query():
    result = rr.check_query(4, "0.75", 1, "up", 3, 3, 0)
    assert (result.pair.source, result.pair.target, result.pair.lower) == (1, 2, 1)
    assert (result.event.requested, result.event.effective, result.event.outputs) == (3, 3, (0, 1))
    assert result.check.source_probability == Fraction("0.52734375")
    assert result.check.target_probability == Fraction("0.26953125")
    assert result.check.bound == Fraction("0.80859375")
    assert result.check.passes


def test_seed_passing_event_misses_the_violation():
    n, p, alpha, delta = 4, "0.9", 3, "0.05"
    easy = rr.check_query(n, p, 2, "up", 0b10000, alpha, delta).check
    assert (easy.source, easy.target, easy.event) == (2, 3, (4,))
    assert (easy.source_probability, easy.target_probability) == (
        Fraction("0.0081"),
        Fraction("0.0729"),
    )
    assert easy.bound == Fraction("0.2687")
    assert easy.passes
    hard = rr.check_query(n, p, 2, "up", 0b111, alpha, delta).check
    assert hard.excess == Fraction("0.1042")
    assert not hard.passes
    certificate = rr.certify(n, p, alpha, delta)
    assert certificate.required_delta == Fraction(2187, 5000) == Fraction("0.4374")
    assert (certificate.worst_pair, certificate.worst_event) == ((0, 1), (0,))
    assert not certificate.passes
    assert not rr.certify(n, p, alpha, "0.437").passes
    assert rr.certify(n, p, alpha, "0.438").passes
    assert round(rr.pure_epsilon("0.9"), 12) == round(math.log(9), 12)
    assert rr.estimator_mse(4, "0.9") == Fraction("0.5625") == Fraction(9, 16)


def test_seed_exercise_1():
    assert rr.required_delta(1, "3/4", 1) == Fraction(1, 2)
    assert rr.count_distribution(1, "3/4", 0).probabilities == (Fraction(3, 4), Fraction(1, 4))


def test_seed_deterministic_count():
    pure = rr.pure_privacy(4, 1)
    assert (pure.finite, pure.alpha, pure.epsilon) == (False, None, math.inf)
    assert rr.pure_epsilon(1) == rr.pure_epsilon(0) == math.inf
    for k in range(10, 101):
        assert rr.required_delta(4, 1, Fraction(k, 10)) == 1
    assert rr.estimator_mse(4, 1) == 0
    # Exercise 4: the sure event passes, a single count exposes the violation.
    assert rr.check_query(4, 1, 1, "up", 0b11111, 1, 0).check.passes
    single = rr.check_query(4, 1, 1, "up", 0b10, 3, "0.5").check
    assert (single.source_probability, single.target_probability, single.passes) == (1, 0, False)


def test_seed_no_information_at_one_half():
    estimator = rr.debiased_estimator(4, "0.5")
    assert (estimator.available, estimator.estimates, estimator.mse) == (False, None, None)
    assert "no information" in estimator.reason
    assert rr.pure_epsilon("1/2") == 0
    assert rr.required_delta(4, "0.5", 1) == 0
    with pytest.raises(ValueError, match=r"p must be a rational number in \[0, 1\] other than 1/2"):
        rr.estimator_mse(4, "0.5")
    with pytest.raises(ValueError, match=r"p must be .* other than 1/2 .*; got '1/2'"):
        rr.debiased_estimate(4, "1/2", 0)


def test_mask_bits_above_n_are_ignored_and_reported():
    mask = rr.event_from_mask(4, 0b1100011)
    assert (mask.requested, mask.effective, mask.ignored, mask.outputs) == (99, 3, 96, (0, 1))
    assert rr.event_from_mask(2, 0).outputs == ()


def test_queried_lower_count_is_clamped():
    assert rr.queried_pair(4, 1) == rr.QueriedPair(1, 1, "up", 1, 2)
    assert rr.queried_pair(4, 9, "down") == rr.QueriedPair(9, 3, "down", 4, 3)
    assert rr.check_query(4, "0.9", 9, "up", 1, 1, 0).pair.target == 4


def test_float_p_is_taken_by_its_binary_value():
    assert rr.certify(4, 0.9, 3.0, 0.05) == rr.certify(4, Fraction(0.9), 3, Fraction(0.05))
    assert rr.certify(4, 0.9, 3, "0.05") != rr.certify(4, "0.9", 3, "0.05")
    law = rr.count_distribution(2, 0.1 + 0.2, 0)
    assert law.p == Fraction(0.1 + 0.2) and law.denominator == law.p.denominator**2


def test_alpha_grid_of_the_lesson_is_exact():
    grid = [Fraction(k, 10) for k in range(10, 101)]
    values = [rr.required_delta(6, "0.9", f"{float(alpha):.1f}") for alpha in grid]
    assert values == [rr.required_delta(6, Fraction(9, 10), alpha) for alpha in grid]
    assert values[grid.index(9)] == 0 and values[grid.index(Fraction(89, 10))] > 0


# --- bad input ----------------------------------------------------------------------------

N_RANGE = r"n must be an integer in \[1, (inf\)|8\])"  # bit_vector_channel stops at 8
BAD_N = [
    (0, ValueError, N_RANGE + r"; got 0"),
    (-1, ValueError, N_RANGE + r"; got -1"),
    (2.5, TypeError, N_RANGE + r"; got 2.5"),
    (True, TypeError, N_RANGE + r"; got True"),
    ("3", TypeError, N_RANGE + r"; got '3'"),
]
BAD_P = [
    ("1.1", ValueError, r"p must be a rational number in \[0, 1\]; got '1.1'"),
    (-0.1, ValueError, r"p must be a rational number in \[0, 1\]; got -0.1"),
    (float("nan"), ValueError, r"p must be a rational number in \[0, 1\]; got nan"),
    (float("inf"), ValueError, r"p must be a rational number in \[0, 1\]; got inf"),
    (None, TypeError, r"p must be a rational number in \[0, 1\].*got None"),
]
BAD_ALPHA = [
    ("0.99", ValueError, r"alpha must be a rational number in \[1, inf\); got '0.99'"),
    (float("nan"), ValueError, r"alpha must be a rational number in \[1, inf\); got nan"),
]
BAD_DELTA = [
    ("-0.01", ValueError, r"delta must be a rational number in \[0, 1\]; got '-0.01'"),
    (2, ValueError, r"delta must be a rational number in \[0, 1\]; got 2"),
]


def calls_with(n=4, p="0.9", alpha=3, delta="0.05", mask=3, y=0, c=0):
    """Every public entry point, called with the given arguments."""
    return {
        "required_delta": lambda: rr.required_delta(n, p, alpha),
        "certify": lambda: rr.certify(n, p, alpha, delta),
        "check_query": lambda: rr.check_query(n, p, 1, "up", mask, alpha, delta),
        "count_distribution": lambda: rr.count_distribution(n, p, c),
        "count_channel": lambda: rr.count_channel(n, p),
        "bit_vector_channel": lambda: rr.bit_vector_channel(n, p),
        "pure_privacy": lambda: rr.pure_privacy(n, p),
        "debiased_estimator": lambda: rr.debiased_estimator(n, p),
        "debiased_estimate": lambda: rr.debiased_estimate(n, p, y),
        "estimator_mse": lambda: rr.estimator_mse(n, p),
        "event_from_mask": lambda: rr.event_from_mask(n, mask),
        "queried_pair": lambda: rr.queried_pair(n, 1),
        "count_pairs": lambda: rr.count_pairs(n),
    }


@pytest.mark.parametrize(("n", "error", "message"), BAD_N)
def test_bad_n(n, error, message):
    for call in calls_with(n=n).values():
        with pytest.raises(error, match=message):
            call()


@pytest.mark.parametrize(("p", "error", "message"), BAD_P)
def test_bad_p(p, error, message):
    with pytest.raises(error, match=message):
        rr.pure_epsilon(p)
    for name, call in calls_with(p=p).items():
        if name in ("event_from_mask", "queried_pair", "count_pairs"):
            continue
        with pytest.raises(error, match=message):
            call()


@pytest.mark.parametrize(("alpha", "error", "message"), BAD_ALPHA)
def test_bad_alpha(alpha, error, message):
    for name in ("required_delta", "certify", "check_query"):
        with pytest.raises(error, match=message):
            calls_with(alpha=alpha)[name]()


@pytest.mark.parametrize(("delta", "error", "message"), BAD_DELTA)
def test_bad_delta(delta, error, message):
    for name in ("certify", "check_query"):
        with pytest.raises(error, match=message):
            calls_with(delta=delta)[name]()


@pytest.mark.parametrize(
    ("mask", "error", "message"),
    [
        (-1, ValueError, r"mask must be an integer in \[0, inf\); got -1"),
        (1.0, TypeError, r"mask must be an integer in \[0, inf\); got 1.0"),
        ("3", TypeError, r"mask must be an integer in \[0, inf\); got '3'"),
    ],
)
def test_bad_mask(mask, error, message):
    for name in ("event_from_mask", "check_query"):
        with pytest.raises(error, match=message):
            calls_with(mask=mask)[name]()


def test_bad_counts_direction_and_sizes():
    with pytest.raises(ValueError, match=r"true_count must be an integer in \[0, 4\]; got 5"):
        rr.count_distribution(4, "0.9", 5)
    with pytest.raises(ValueError, match=r"y must be an integer in \[0, 4\]; got 5"):
        rr.debiased_estimate(4, "0.9", 5)
    with pytest.raises(ValueError, match=r"lower must be an integer in \[0, inf\); got -1"):
        rr.queried_pair(4, -1)
    with pytest.raises(ValueError, match=r"direction must be one of \['up', 'down'\]; got 'left'"):
        rr.queried_pair(4, 1, "left")
    with pytest.raises(ValueError, match=r"n must be an integer in \[1, 8\]; got 9"):
        rr.bit_vector_channel(9, "0.9")


# --- limits: refused at once, with the reason; constant-time estimators -----------------

HUGE_CALLS = {
    "count_distribution": lambda n: rr.count_distribution(n, "0.9", 0),
    "check_query": lambda n: rr.check_query(n, "0.9", 0, "up", 1, 3, 0),
    "count_channel": lambda n: rr.count_channel(n, "0.9"),
    "required_delta": lambda n: rr.required_delta(n, "0.9", 3),
    "certify": lambda n: rr.certify(n, "0.9", 3, 0),
    "count_pairs": lambda n: rr.count_pairs(n),
    "debiased_estimator": lambda n: rr.debiased_estimator(n, "0.9"),
}


@pytest.mark.parametrize("n", [10**9, 10**400])
@pytest.mark.parametrize("function", sorted(HUGE_CALLS))
def test_huge_n_is_refused_at_once_with_the_reason(function, n):
    kind, name, message = within_cpu(lambda: HUGE_CALLS[function](n))
    assert (kind, name) == ("error", "ValueError")
    assert re.match(rf"n = .* is beyond the exact limit of {function}", message), message


@pytest.mark.parametrize(
    ("call", "stated", "accepted"),
    [
        (lambda: rr.required_delta(12_643, "9/10", 3), "n ≤ 12,642", 12_642),
        (lambda: rr.certify(2_802, "9/10", 3, 0), "n ≤ 2,801", 2_801),
        (lambda: rr.required_delta(100, "1e-4000", 3), "n ≤ 10", 10),
        (lambda: rr.certify(11, "1e-4000", 3, 0), "n ≤ 10", 10),
    ],
)
def test_the_limits_stated_in_the_module_docstring(call, stated, accepted):
    assert stated in " ".join(rr.__doc__.split())
    with pytest.raises(ValueError, match=rf"; n ≤ {accepted} is accepted with these values$"):
        call()


def test_the_largest_accepted_n_runs():
    assert rr.required_delta(10, "1e-4000", 3) > 0
    assert len(rr.certify(2_801, "9/10", 3, 0).pairs) == 2 * 2_801


@PROPERTY_SETTINGS
@given(
    n=st.integers(min_value=1, max_value=12),
    p=small_probabilities.filter(lambda p: 2 * p != 1),
    data=st.data(),
)
def test_constant_time_estimators_agree_with_the_table(n, p, data):
    y = data.draw(st.integers(min_value=0, max_value=n))
    table = rr.debiased_estimator(n, p)
    assert rr.debiased_estimate(n, p, y) == table.estimates[y]
    assert rr.estimator_mse(n, p) == table.mse


def test_estimators_of_one_value_take_constant_time_in_n():
    n = 10**400
    outcome = within_cpu(
        lambda: (
            rr.debiased_estimate(n, "3/4", n),
            rr.estimator_mse(n, "3/4"),
            rr.event_from_mask(10**9, 0b101).outputs,
            rr.event_from_mask(3, (1 << 5000) | 0b1001).outputs,
        )
    )
    assert outcome == ("value", (Fraction(3, 2) * n, Fraction(3, 4) * n, (0, 2), (0, 3)))
