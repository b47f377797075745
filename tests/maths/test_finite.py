"""Tests of dplab.finite against the definition, brute force and hand-checked examples."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import PROPERTY_SETTINGS, alphas, positive_part_excess, small_channels

from dplab import finite
from dplab.finite import FiniteChannel, both_directions

# Exercise 2 of the seed lesson: every single-output event passes, a union fails.
EXERCISE_2 = FiniteChannel.from_probabilities(
    {"D": ["0.4", "0.4", "0.1", "0.1"], "D'": ["0.1", "0.1", "0.4", "0.4"]},
    both_directions([("D", "D'")]),
)


def test_exercise_2_single_atoms_pass_but_their_union_fails():
    for source, target in EXERCISE_2.adjacent_pairs:
        for y in EXERCISE_2.outputs:
            assert finite.check_event(EXERCISE_2, source, target, [y], 1, "0.3").passes
    union = finite.check_event(EXERCISE_2, "D", "D'", [0, 1], 1, "0.3")
    assert union.excess == Fraction("0.6")
    assert not union.passes
    certificate = finite.certify(EXERCISE_2, 1, "0.3")
    assert (certificate.required_delta, certificate.passes) == (Fraction("0.6"), False)
    assert (certificate.worst_pair, certificate.worst_event) == (("D", "D'"), (0, 1))
    assert finite.brute_force_required_delta(EXERCISE_2, 1).required_delta == Fraction("0.6")


def test_from_probabilities_uses_the_least_common_denominator():
    channel = FiniteChannel.from_probabilities(
        {0: ["1/2", "1/3", "1/6"], 1: [0, "0.5", "0.5"]}, [(0, 1)], outputs="abc"
    )
    assert channel.denominator == 6
    assert channel.weights == ((3, 2, 1), (0, 3, 3))
    assert channel.outputs == ("a", "b", "c")
    assert channel.probabilities(1) == (0, Fraction(1, 2), Fraction(1, 2))


@PROPERTY_SETTINGS
@given(small_channels(), alphas)
def test_positive_part_identity_matches_brute_force(channel, alpha):
    certificate = finite.certify(channel, alpha, 0)
    oracle = finite.brute_force_required_delta(channel, alpha)
    assert certificate.required_delta == oracle.required_delta
    # Each row equals the definition, and its event attains it.
    for row in certificate.pairs:
        p_row, q_row = channel.probabilities(row.source), channel.probabilities(row.target)
        assert row.required_delta == positive_part_excess(p_row, q_row, alpha)
        check = finite.check_event(channel, row.source, row.target, row.event, alpha, 0)
        assert check.excess == row.required_delta
        assert row.event == tuple(
            y for y, x, z in zip(channel.outputs, p_row, q_row, strict=True) if x > alpha * z
        )
    worst = finite.check_event(channel, *certificate.worst_pair, certificate.worst_event, alpha, 0)
    assert worst.excess == certificate.required_delta


@PROPERTY_SETTINGS
@given(small_channels(), st.data())
def test_per_pair_factors_match_brute_force(channel, data):
    factors = {pair: data.draw(alphas, label=f"alpha{pair}") for pair in channel.adjacent_pairs}
    certificate = finite.certify(channel, lambda s, t: factors[(s, t)], 0)
    oracle = finite.brute_force_required_delta(channel, lambda s, t: factors[(s, t)])
    assert certificate.alpha is None
    assert certificate.required_delta == oracle.required_delta
    for row in certificate.pairs:
        assert row.alpha == factors[row.pair]


def test_metric_style_factor_grows_with_distance():
    # Inputs on a line; alpha_pair = 2**distance, the shape metric DP will use.
    channel = FiniteChannel.from_probabilities(
        {0: ["1/2", "1/4", "1/4"], 1: ["1/4", "1/2", "1/4"], 2: ["1/4", "1/4", "1/2"]},
        both_directions([(0, 1), (0, 2)]),
    )
    certificate = finite.certify(channel, lambda s, t: 2 ** abs(s - t), 0)
    assert [row.alpha for row in certificate.pairs] == [2, 2, 4, 4]
    assert certificate.required_delta == 0
    assert finite.required_delta(channel, 1) == Fraction(1, 4)


@PROPERTY_SETTINGS
@given(small_channels())
def test_alpha_one_is_total_variation(channel):
    for source, target in channel.adjacent_pairs:
        p_row, q_row = channel.probabilities(source), channel.probabilities(target)
        half_l1 = sum(abs(x - y) for x, y in zip(p_row, q_row, strict=True)) / 2
        assert finite.total_variation(channel, source, target) == half_l1


@PROPERTY_SETTINGS
@given(small_channels())
def test_pure_privacy_is_the_smallest_alpha_with_zero_delta(channel):
    pure = finite.pure_privacy(channel)
    disjoint = any(
        x > 0 and y == 0
        for s, t in channel.adjacent_pairs
        for x, y in zip(channel.row(s), channel.row(t), strict=True)
    )
    assert pure.finite is not disjoint
    if disjoint:
        assert (pure.alpha, pure.epsilon) == (None, math.inf)
        # No finite factor removes the need for slack.
        assert finite.required_delta(channel, 10**6) > 0
        return
    assert finite.required_delta(channel, pure.alpha) == 0
    assert pure.epsilon == pytest.approx(math.log(pure.alpha), abs=1e-12)
    if pure.alpha > 1:
        smaller = pure.alpha - Fraction(1, 10**6)
        assert finite.required_delta(channel, max(smaller, Fraction(1))) > 0


def test_privacy_loss_rules_for_zero_atoms():
    channel = FiniteChannel.from_probabilities(
        {"D": ["1/2", "1/4", 0, "1/4"], "D'": ["1/4", 0, 0, "3/4"]}, [("D", "D'")]
    )
    losses = finite.privacy_loss(channel, "D", "D'")
    assert losses[0] == pytest.approx(math.log(2))
    assert losses[1] == math.inf  # Q = 0 < P: contributes all of P to delta
    assert losses[2] is None  # both zero: undefined, contributes 0
    assert losses[3] == pytest.approx(math.log(1 / 3))
    # At epsilon = 0 the delta is [1/2 - 1/4] + 1/4 = 1/2 exactly.
    assert finite.required_delta(channel, 1) == Fraction(1, 2)
    assert finite.delta_from_privacy_loss(channel, "D", "D'", 0.0) == pytest.approx(0.5)
    assert finite.privacy_loss(
        FiniteChannel.from_probabilities({0: [0, 1], 1: [1, 0]}, [(0, 1)]), 0, 1
    ) == (-math.inf, math.inf)


@PROPERTY_SETTINGS
@given(small_channels(), st.floats(min_value=0, max_value=4))
def test_delta_from_privacy_loss_equals_positive_part_form(channel, epsilon):
    # Both sides are floating-point display values; compare with a relative tolerance.
    factor = math.exp(epsilon)
    for source, target in channel.adjacent_pairs:
        p_row = [float(x) for x in channel.probabilities(source)]
        q_row = [float(y) for y in channel.probabilities(target)]
        direct = sum(max(0.0, x - factor * y) for x, y in zip(p_row, q_row, strict=True))
        via_loss = finite.delta_from_privacy_loss(channel, source, target, epsilon)
        assert via_loss == pytest.approx(direct, rel=1e-9, abs=1e-12)


@PROPERTY_SETTINGS
@given(small_channels(), alphas)
def test_delta_from_privacy_loss_agrees_with_exact_delta_at_rational_alpha(channel, alpha):
    for row in finite.certify(channel, alpha, 0).pairs:
        via_loss = finite.delta_from_privacy_loss(channel, row.source, row.target, math.log(alpha))
        assert via_loss == pytest.approx(float(row.required_delta), rel=1e-9, abs=1e-12)


def test_certificate_verdict_is_exact_at_the_boundary():
    required = finite.required_delta(EXERCISE_2, 1)
    assert finite.certify(EXERCISE_2, 1, required).passes
    assert not finite.certify(EXERCISE_2, 1, required - Fraction(1, 10**30)).passes


def test_deterministic_channel_needs_delta_one_except_on_the_sure_event():
    channel = FiniteChannel.from_probabilities({0: [1, 0], 1: [0, 1]}, both_directions([(0, 1)]))
    for alpha in (1, "1.5", 10, 10**9):
        certificate = finite.certify(channel, alpha, "0.999")
        assert (certificate.required_delta, certificate.passes) == (1, False)
        assert certificate.worst_event == (0,)
    assert finite.check_event(channel, 0, 1, [0, 1], 1, 0).passes


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("alpha", "error", "message"),
    [
        ("0.5", ValueError, r"alpha must be a rational number in \[1, inf\); got '0.5'"),
        (float("nan"), ValueError, r"alpha must be a rational number in \[1, inf\); got nan"),
        (float("inf"), ValueError, r"alpha must be a rational number in \[1, inf\); got inf"),
        ("abc", ValueError, r"alpha must be a rational number in \[1, inf\); got 'abc'"),
        (True, TypeError, r"alpha must be a rational number in \[1, inf\).*got True"),
        (None, TypeError, r"alpha must be a rational number in \[1, inf\).*got None"),
    ],
)
def test_bad_alpha(alpha, error, message):
    for call in (
        lambda: finite.certify(EXERCISE_2, alpha, 0),
        lambda: finite.required_delta(EXERCISE_2, alpha),
        lambda: finite.pair_excess(EXERCISE_2, "D", "D'", alpha),
        lambda: finite.check_event(EXERCISE_2, "D", "D'", [0], alpha, 0),
        lambda: finite.brute_force_required_delta(EXERCISE_2, alpha),
    ):
        with pytest.raises(error, match=message):
            call()


def test_bad_per_pair_alpha_names_the_pair():
    with pytest.raises(ValueError, match=r"alpha of pair 'D'→\"D'\" must be .* in \[1, inf\)"):
        finite.certify(EXERCISE_2, lambda s, t: "0.9", 0)


@pytest.mark.parametrize(
    ("delta", "error"),
    [("-0.1", ValueError), ("1.5", ValueError), (float("nan"), ValueError), ([], TypeError)],
)
def test_bad_delta(delta, error):
    with pytest.raises(error, match=r"delta must be a rational number in \[0, 1\].*got"):
        finite.certify(EXERCISE_2, 1, delta)
    with pytest.raises(error, match=r"delta must be a rational number in \[0, 1\].*got"):
        finite.check_event(EXERCISE_2, "D", "D'", [0], 1, delta)


def test_bad_pairs_events_and_epsilon():
    with pytest.raises(ValueError, match=r"\(source, target\) must be one of .*; got \('D', 'D'\)"):
        finite.pair_excess(EXERCISE_2, "D", "D", 1)
    with pytest.raises(ValueError, match=r"must be one of the channel's ordered adjacent pairs"):
        finite.privacy_loss(EXERCISE_2, "D", "E")
    with pytest.raises(ValueError, match=r"event must be a subset of the outputs .*; got 7"):
        finite.check_event(EXERCISE_2, "D", "D'", [0, 7], 1, 0)
    with pytest.raises(ValueError, match=r"epsilon must be a real number in \[0, inf\); got -1"):
        finite.delta_from_privacy_loss(EXERCISE_2, "D", "D'", -1)
    with pytest.raises(ValueError, match=r"input must be one of .*; got 'E'"):
        EXERCISE_2.probabilities("E")


def test_brute_force_refuses_large_output_sets():
    channel = FiniteChannel.from_probabilities(
        {0: [Fraction(1, 17)] * 17, 1: [Fraction(1, 17)] * 17}, [(0, 1)]
    )
    with pytest.raises(
        ValueError, match=r"number of outputs must be an integer in \[1, 16\]; got 17"
    ):
        finite.brute_force_required_delta(channel, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"weights": ((1, 0), (2, 0))}, r"weights\[0\] must sum to the denominator 2; got 1"),
        (
            {"weights": ((3, -1), (2, 0))},
            r"weights\[0\]\[1\] must be an integer in \[0, inf\); got -1",
        ),
        ({"weights": ((2,), (2, 0))}, r"weights\[0\] must have one entry per output \(2\); got 1"),
        ({"weights": ((2, 0),)}, r"weights must have one row per input \(2 rows\); got 1"),
        ({"denominator": 0}, r"denominator must be an integer in \[1, inf\); got 0"),
        ({"adjacent_pairs": ()}, r"adjacent_pairs must hold at least one ordered pair; got none"),
        ({"adjacent_pairs": ((0, 0),)}, r"adjacent_pairs must be ordered pairs .*; got \(0, 0\)"),
        ({"adjacent_pairs": ((0, 5),)}, r"adjacent_pairs must be ordered pairs .*; got \(0, 5\)"),
        ({"adjacent_pairs": ((0, 1), (0, 1))}, r"adjacent_pairs must not repeat a pair"),
        ({"inputs": (0, 0)}, r"inputs must be a non-empty tuple of distinct labels; got \(0, 0\)"),
        ({"outputs": ()}, r"outputs must be a non-empty tuple of distinct labels; got \(\)"),
    ],
)
def test_bad_channel(kwargs, message):
    fields = {
        "inputs": (0, 1),
        "outputs": ("a", "b"),
        "weights": ((2, 0), (1, 1)),
        "denominator": 2,
        "adjacent_pairs": ((0, 1),),
    }
    fields.update(kwargs)
    with pytest.raises(ValueError, match=message):
        FiniteChannel(**fields)


def test_bad_probabilities():
    with pytest.raises(ValueError, match=r"distribution of input 0 must sum to 1; got 3/4"):
        FiniteChannel.from_probabilities({0: ["1/2", "1/4"], 1: [1, 0]}, [(0, 1)])
    with pytest.raises(
        ValueError,
        match=r"probability of output 0 for input 0 must be a rational number in \[0, 1\]",
    ):
        FiniteChannel.from_probabilities({0: ["1.5", "-0.5"], 1: [1, 0]}, [(0, 1)])
    with pytest.raises(ValueError, match=r"distribution of input 1 must have 2 entries; got 3"):
        FiniteChannel.from_probabilities({0: [1, 0], 1: [1, 0, 0]}, [(0, 1)])


# --- a rational factor from ε: alpha_from_epsilon ------------------------------------------


def _check_lower_bound(eps, digits: int) -> None:
    """``r ≤ e^ε`` and ``(e^ε − r)/e^ε ≤ 10^−digits`` against mpmath far beyond ``digits``."""
    bound = finite.alpha_from_epsilon(eps, digits=digits)
    exact_eps = Fraction(eps)
    with mpmath.workprec(4 * digits + 400):
        power = mpmath.exp(mpmath.mpf(exact_eps.numerator) / exact_eps.denominator)
        value = mpmath.mpf(bound.numerator) / bound.denominator
        assert value <= power
        assert (power - value) / power <= mpmath.mpf(10) ** -digits


@pytest.mark.parametrize("digits", [1, 6, 30, 100])
@pytest.mark.parametrize(
    "eps", [0.5, "0.5", "1/3", 1e-300, 5e-324, "1e-40", 1, 3, "709.8", 700.25, 10_000]
)
def test_alpha_from_epsilon_is_a_tight_lower_bound(eps, digits):
    _check_lower_bound(eps, digits)


@PROPERTY_SETTINGS
@given(
    eps=st.fractions(min_value=0, max_value=60, max_denominator=10**6),
    digits=st.integers(min_value=1, max_value=80),
)
def test_alpha_from_epsilon_property(eps, digits):
    _check_lower_bound(eps, digits)
    assert finite.alpha_from_epsilon(eps, digits=digits) >= 1


def test_alpha_from_epsilon_is_exactly_one_at_zero_and_reads_floats_by_their_binary_value():
    assert finite.alpha_from_epsilon(0) == finite.alpha_from_epsilon(0.0) == 1
    assert finite.alpha_from_epsilon(0.1) == finite.alpha_from_epsilon(Fraction(0.1))
    assert finite.alpha_from_epsilon(0.1) != finite.alpha_from_epsilon("0.1")


def test_math_exp_may_round_up_and_the_lower_bound_stays_on_the_safe_side():
    # The figure in check_alpha's docstring: math.exp(0.5) exceeds e^0.5 by about 4.7e-17.
    with mpmath.workprec(300):
        excess = mpmath.mpf(math.exp(0.5)) - mpmath.exp(mpmath.mpf(0.5))
    assert float(excess) == pytest.approx(4.7e-17, rel=0.01)
    assert "exceeds ``e^{0.5}`` by about 4.7e-17" in " ".join(finite.check_alpha.__doc__.split())
    # A smaller factor needs a larger δ: certifying at the lower bound is the safe verdict.
    channel = FiniteChannel.from_probabilities(
        {0: ["0.7", "0.3"], 1: ["0.3", "0.7"]}, both_directions([(0, 1)])
    )
    at_rounded = finite.required_delta(channel, Fraction(math.exp(0.5)))
    at_bound = finite.required_delta(channel, finite.alpha_from_epsilon(0.5))
    assert at_bound > at_rounded


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ((-1,), ValueError, r"eps must be a rational number in \[0, 10000\]; got -1"),
        ((math.nan,), ValueError, r"eps must be .*; got nan"),
        ((10_001,), ValueError, r"eps must be a rational number in \[0, 10000\]"),
        ((None,), TypeError, r"eps must be a rational number"),
        ((1, 0), ValueError, r"digits must be an integer in \[1, 1000\]; got 0"),
        ((1, True), TypeError, r"digits must be an integer"),
    ],
)
def test_alpha_from_epsilon_rejects_bad_input(arguments, error, message):
    eps, *digits = arguments
    with pytest.raises(error, match=message):
        finite.alpha_from_epsilon(eps, **({"digits": digits[0]} if digits else {}))


# --- wrong types name the argument -----------------------------------------------------------

CHANNEL = FiniteChannel.from_probabilities(
    {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)])
)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: finite.certify(None, 2, 0), TypeError, r"channel must be a .*; got None"),
        (lambda: finite.pure_privacy({}), TypeError, r"channel must be .*; got \{\} of type dict"),
        (lambda: finite.total_variation(5, 0, 1), TypeError, r"channel must be a FiniteChannel"),
        (lambda: finite.brute_force_required_delta("x", 1), TypeError, r"channel must be"),
        (lambda: finite.both_directions(5), TypeError, r"pairs must be an iterable of .*; got 5"),
        (lambda: finite.both_directions([1]), TypeError, r"pairs must hold \(source, target\)"),
        (lambda: finite.both_directions([(1, 2, 3)]), ValueError, r"pairs must hold .* two labels"),
        (lambda: finite.both_directions([([1], 2)]), TypeError, r"pairs must hold .* hashable"),
        (lambda: finite.check_event(CHANNEL, 0, 1, 5, 1, 0), TypeError, r"event must be an"),
        (
            lambda: FiniteChannel.from_probabilities({0: [0.9, 0.1]}, []),
            ValueError,
            r"must sum to 1; got .* \(a float is its exact binary value: write '0.9'",
        ),
        (lambda: FiniteChannel.from_probabilities(5, []), TypeError, r"distributions must be a"),
    ],
)  # fmt: skip
def test_wrong_types_get_a_type_error_naming_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()
