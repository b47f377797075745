"""Shuffling amplification at scale (dplab.userlevel.amplification): the δ(ε) curves against brute
force over every report vector for small m (exact rationals), against ball arithmetic
(python-flint arb, 3000 bits) for thousands of items deep in the tails, the order
between shuffled and ordered, and the derived bound (dplab/userlevel/DERIVATIONS.md §9)
against its examples and the exact δ."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from flint import arb, arb_poly, ctx

from dplab.userlevel import amplification

LN3 = math.log(3)  # ε₀ with e^{ε₀} = 3 up to rounding: q₁ = 3/4
EPSILON_ZERO = 1.0


def brute_force_delta(
    m: int, ones: int, flipped: int, epsilon: float, *, shuffled: bool
) -> Fraction:
    """Every report vector of the m bits with its exact probability (q₁ = 3/4); the release
    is the vector itself (ordered) or its number of ones (shuffled); δ = max over the two
    directions of Σ_outputs [P − e^ε Q]₊ with e^ε read as its double."""
    before = [1] * ones + [0] * (m - ones)
    after = [0] * flipped + [1] * (ones - flipped) + [0] * (m - ones)
    factor = Fraction(math.exp(epsilon))

    def law(bits):
        out = {}
        for reports in itertools.product((0, 1), repeat=m):
            probability = Fraction(1)
            for bit, report in zip(bits, reports, strict=True):
                probability *= Fraction(3, 4) if bit == report else Fraction(1, 4)
            key = sum(reports) if shuffled else reports
            out[key] = out.get(key, 0) + probability
        return out

    p, q = law(before), law(after)
    outputs = set(p) | set(q)

    def excess(a, b):
        return sum(max(Fraction(0), a.get(y, 0) - factor * b.get(y, 0)) for y in outputs)

    return max(excess(p, q), excess(q, p))


EPSILONS = [0.0, 0.3, 0.9, 1.5, 2.5]


@pytest.mark.parametrize("shuffled", [True, False])
@pytest.mark.parametrize(
    ("m", "ones", "flipped"), [(1, 1, 1), (3, 1, 1), (4, 2, 1), (5, 3, 2), (6, 6, 3), (7, 4, 4)]
)
def test_the_curve_equals_brute_force_over_every_report_vector(m, ones, flipped, shuffled):
    curve = amplification.log_delta_curve(m, ones, flipped, LN3, EPSILONS, shuffled=shuffled)
    for epsilon, value in zip(EPSILONS, curve, strict=True):
        exact = brute_force_delta(m, ones, flipped, epsilon, shuffled=shuffled)
        if exact == 0:  # certainly 0 from flipped·ε₀ on; below it, "at most e^−580"
            certain = epsilon >= flipped * LN3
            assert value == (-math.inf if certain else amplification.LOG_DELTA_FLOOR)
        else:
            assert math.isclose(value, math.log(exact), rel_tol=1e-9, abs_tol=1e-9)


def arb_log_delta(m: int, ones: int, flipped: int, epsilon: float) -> arb:
    """ln δ of the shuffled release in ball arithmetic: the laws of the number of reported
    ones as products of generating polynomials (q₀ + q₁x)^… of the exact channel."""
    q1 = 1 / (1 + (-arb(EPSILON_ZERO)).exp())  # the exact channel, e^{ε₀}/(1 + e^{ε₀})
    q0 = 1 - q1
    common = arb_poly([q0, q1]) ** (ones - flipped) * arb_poly([q1, q0]) ** (m - ones)
    p = (common * arb_poly([q0, q1]) ** flipped).coeffs()
    q = (common * arb_poly([q1, q0]) ** flipped).coeffs()
    factor = arb(epsilon).exp()

    def excess(a, b):
        total = arb(0)
        for x, y in zip(a, b, strict=True):
            term = x - factor * y
            if term > 0:
                total += term
            elif not term < 0:
                raise AssertionError("a term's sign is not decided at this precision")
        return total

    return max(excess(p, q), excess(q, p), key=lambda ball: ball.mid()).log()


@pytest.mark.parametrize(("m", "flipped"), [(2000, 1), (2000, 5), (6000, 20)])
def test_the_tails_agree_with_ball_arithmetic(m, flipped):
    """δ down to e^−400 and below, where double precision in linear scale underflows."""
    old = ctx.prec
    ctx.prec = 3000
    try:
        # below flipped·ε₀ (from there on δ = 0, test_delta_is_zero_from_the_largest_loss_on)
        epsilons = [0.05, 0.2, 0.5, 0.8 * flipped * EPSILON_ZERO]
        curve = amplification.log_delta_curve(m, m // 2, flipped, EPSILON_ZERO, epsilons)
        for epsilon, value in zip(epsilons, curve, strict=True):
            reference = arb_log_delta(m, m // 2, flipped, epsilon)
            if float(reference.mid()) < amplification.LOG_DELTA_FLOOR:
                assert value == amplification.LOG_DELTA_FLOOR
            else:
                assert math.isclose(value, float(reference.mid()), rel_tol=1e-9, abs_tol=1e-9)
    finally:
        ctx.prec = old


def test_shuffling_never_hurts_and_helps_a_lot_at_scale():
    epsilons = np.linspace(0, 20, 41)
    shuffled = amplification.log_delta_curve(10**5, 5 * 10**4, 20, 1.0, epsilons)
    ordered = amplification.log_delta_curve(10**5, 5 * 10**4, 20, 1.0, epsilons, shuffled=False)
    assert np.all(shuffled <= ordered)
    assert np.all(np.isfinite(ordered[epsilons < 20]))  # no underflow to a false 0
    at_one = int(np.flatnonzero(epsilons == 1.0)[0])
    assert ordered[at_one] > math.log(0.5) and shuffled[at_one] < -100


def test_delta_is_zero_from_the_largest_loss_on():
    curve = amplification.log_delta_curve(50, 10, 3, 0.7, [2.0, 2.1, 2.2], shuffled=False)
    assert curve[0] > -math.inf and curve[1] == -math.inf and curve[2] == -math.inf


@pytest.mark.parametrize("shuffled", [True, False])
@pytest.mark.parametrize(("m", "ones", "flipped"), [(3, 1, 1), (5, 3, 2), (6, 6, 3), (6, 6, 6)])
@pytest.mark.parametrize("delta", [0.3, 1e-2, 1e-4])
def test_the_epsilon_at_a_fixed_delta_is_the_smallest_against_brute_force(
    m, ones, flipped, shuffled, delta
):
    """δ(ε) ≤ δ at the returned ε and δ(ε) > δ just below it, both by brute force over
    every report vector (or ε = 0 when δ(0) ≤ δ already)."""
    epsilon = amplification.epsilon_for_delta(m, ones, flipped, LN3, delta, shuffled=shuffled)
    assert brute_force_delta(m, ones, flipped, epsilon, shuffled=shuffled) <= delta * (1 + 1e-9)
    if epsilon > 0:
        below = epsilon - 1e-7 * max(1.0, epsilon)
        assert brute_force_delta(m, ones, flipped, below, shuffled=shuffled) > delta


def test_shuffling_does_not_help_the_farthest_pair_and_helps_few_changes():
    """Lesson 8: ε₀ = 1, all m ones against all m zeros, δ = 10⁻⁶: ε ≈ 83.5, 591, 5038 for
    m = 100, 1000, 10⁴, the same shuffled and ordered; 10 of 1000 bits changed: ≈ 1.42
    shuffled against ≈ 10 ordered."""
    farthest = {
        (m, s): amplification.epsilon_for_delta(m, m, m, 1.0, 1e-6, shuffled=s)
        for m in (100, 1000, 10**4)
        for s in (True, False)
    }
    assert [round(farthest[m, True], 1) for m in (100, 1000)] == [83.5, 591.1]
    assert round(farthest[10**4, True]) == 5038
    assert all(farthest[m, True] == farthest[m, False] for m in (100, 1000, 10**4))
    assert all(farthest[m, True] < m for m in (100, 1000, 10**4))  # below the naive m·ε₀
    few = {
        s: amplification.epsilon_for_delta(1000, 500, 10, 1.0, 1e-6, shuffled=s)
        for s in (True, False)
    }
    assert round(few[True], 2) == 1.42 and round(few[False], 2) == 10.0


# --- the derived bound -------------------------------------------------------------------------


def test_the_derived_bound_reproduces_the_examples():
    """DERIVATIONS.md §9: m = 2000, ε₀ = 1, δ_s = 1e−8: E = 0.477, 2.39, 9.54 for 1, 5, 20 flips."""
    values = [amplification.derived_bound(2000, j, 1.0, 1e-8).epsilon for j in (1, 5, 20)]
    assert [round(v, 2) for v in values] == [0.48, 2.39, 9.54]


def test_the_condition_fails_for_small_m_and_is_shown():
    """Example E10 (DERIVATIONS.md §11): ε₀ ≤ ln(m/(16 ln(2/δ_s))) needs
    m ≳ 16·e·ln(2·10⁸) ≈ 830 at ε₀ = 1, δ_s = 1e−8."""
    assert not amplification.derived_bound(800, 1, 1.0, 1e-8).valid
    assert amplification.derived_bound(900, 1, 1.0, 1e-8).valid
    assert (
        "ε₀ = 1 > ln(m/(16 ln(2/δ_s)))" in amplification.derived_bound(800, 1, 1.0, 1e-8).condition
    )


@pytest.mark.parametrize("half", [True, False])
@pytest.mark.parametrize(("m", "flipped"), [(2000, 1), (2000, 5), (2000, 20), (20000, 20)])
def test_the_derived_bound_holds_where_it_is_valid(m, flipped, half):
    """Example E10 (DERIVATIONS.md §11): at the bound's ε the exact δ of the shuffled
    release is at most the bound's δ, with half of the bits set or with only the changed ones
    (the neighbour is all zeros, where fewer other reports hide the change: δ is far larger,
    about 1e−73 for one flip)."""
    bound = amplification.derived_bound(m, flipped, 1.0, 1e-8)
    assert bound.valid
    ones = m // 2 if half else flipped
    exact = amplification.log_delta_curve(m, ones, flipped, 1.0, [bound.epsilon])[0]
    assert exact <= math.log(bound.delta)


def mp_derived_log_delta(m: int, flipped: int, epsilon0: float, epsilon: float):
    """The same quantity found differently: bisection at 60 digits on ln δ_s over the bound's
    own formulas (E(δ_s) ≤ ε and the validity condition), then ln(flipped·e^E·δ_s)."""
    with mpmath.workdps(60):
        e0, target = mpmath.mpf(epsilon0), mpmath.mpf(epsilon)

        def step(log_slack):
            c_m = 8 * mpmath.sqrt(mpmath.e**e0 * (mpmath.log(4) - log_slack) / m)
            return flipped * mpmath.log1p(mpmath.tanh(e0 / 2) * (c_m + 8 * mpmath.e**e0 / m))

        def allowed(log_slack):
            valid = e0 <= mpmath.log(m / (16 * (mpmath.log(2) - log_slack)))
            return valid and step(log_slack) <= target

        low, high = mpmath.mpf(-(10**6)), mpmath.mpf(0)  # allowed(high) unless nothing is
        if not allowed(-(mpmath.mpf(10) ** -30)):
            return mpmath.mpf(0)
        for _ in range(400):
            middle = (low + high) / 2
            low, high = (low, middle) if allowed(middle) else (middle, high)
        return min(mpmath.mpf(0), mpmath.log(flipped) + step(high) + high)


@pytest.mark.parametrize(
    ("m", "flipped", "epsilon0", "epsilon"),
    [
        (10**5, 10, 1.0, 1.0),
        (10**5, 1, 1.0, 0.5),
        (3000, 10, 1.0, 2.0),
        (30000, 20, 0.5, 3.0),
        (2000, 1, 2.0, 0.9),
        (10**6, 3, 0.1, 0.05),
        (1000, 10, 1.0, 1.0),
    ],
)
def test_the_bound_at_a_fixed_epsilon_agrees_with_bisection(m, flipped, epsilon0, epsilon):
    value = amplification.derived_log_delta(m, flipped, epsilon0, epsilon)
    reference = mp_derived_log_delta(m, flipped, epsilon0, epsilon)
    assert math.isclose(value, float(reference), rel_tol=1e-9, abs_tol=1e-9)


@pytest.mark.parametrize(("m", "flipped"), [(3000, 10), (10**4, 10), (10**5, 10), (10**4, 1)])
@pytest.mark.parametrize("epsilon", [0.5, 1.0, 2.0])
def test_the_bound_at_a_fixed_epsilon_is_never_below_the_exact_delta(m, flipped, epsilon):
    bound = amplification.derived_log_delta(m, flipped, 1.0, epsilon)
    exact = amplification.log_delta_curve(m, m // 2, flipped, 1.0, [epsilon])[0]
    assert exact <= bound


def test_the_bound_at_a_fixed_epsilon_is_the_bound_at_its_step_delta():
    """Where δ_s is a double, derived_bound at that δ_s gives ε (≤, up to rounding), is valid
    and has the same δ."""
    m, flipped, epsilon = 3000, 2, 1.0
    log_delta = amplification.derived_log_delta(m, flipped, 1.0, epsilon)
    assert -700 < log_delta < 0
    low, high = -700.0, 0.0
    for _ in range(200):  # the δ_s whose bound has this δ
        middle = (low + high) / 2
        bound = amplification.derived_bound(m, flipped, 1.0, math.exp(middle))
        low, high = (middle, high) if math.log(bound.delta) < log_delta else (low, middle)
    bound = amplification.derived_bound(m, flipped, 1.0, math.exp(high))
    assert bound.valid and bound.epsilon <= epsilon * (1 + 1e-9)
    assert math.isclose(math.log(bound.delta), log_delta, rel_tol=1e-9)


def test_the_bound_at_a_fixed_epsilon_says_nothing_for_few_items():
    assert amplification.derived_log_delta(20, 1, 1.0, 0.9) == 0.0  # condition fails
    assert amplification.derived_log_delta(10**5, 1, 1.0, 0.0) == 0.0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: amplification.log_delta_curve(0, 1, 1, 1.0, [0.0]), "m must be an integer in [1,"),
        (
            lambda: amplification.log_delta_curve(5, 6, 1, 1.0, [0.0]),
            "ones must be an integer in [1, 5]",
        ),
        (
            lambda: amplification.log_delta_curve(5, 2, 3, 1.0, [0.0]),
            "flipped must be an integer in [1, 2]",
        ),
        (
            lambda: amplification.log_delta_curve(5, 2, 1, 0.0, [0.0]),
            "epsilon0 must be a real number",
        ),
        (lambda: amplification.log_delta_curve(5, 2, 1, 1.0, [-1.0]), "epsilons"),
        (lambda: amplification.log_delta_curve(5, 2, 1, 1.0, []), "epsilons must be a non-empty"),
        (
            lambda: amplification.derived_bound(100, 1, 1.0, 0.0),
            "step_delta must be a real number in (0, 1)",
        ),
        (
            lambda: amplification.derived_log_delta(100, 1, 1.0, -0.5),
            "epsilon must be a real number in [0, 700]",
        ),
        (lambda: amplification.derived_log_delta(100, 101, 1.0, 1.0), "flipped must be"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert message in str(caught.value)
