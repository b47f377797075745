"""Tests of dplab.mechanisms.laplace: the δ(ε) profile against numerical integration,
calibration."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath as mp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dplab.mechanisms import laplace
from dplab.mechanisms.gaussian import DeltaUnderflowError

PROPERTIES = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])


def quadrature_delta(sensitivity, scale, eps, *, reverse: bool = False, dps: int = 40) -> mp.mpf:
    """``∫ [p(y) − e^ε q(y)]₊ dy`` for p = Laplace(0, b), q = Laplace(Δ, b) (swapped when
    ``reverse``), by mpmath quad.

    The only structure used is where the integrand has kinks: at 0 and Δ (the densities)
    and where ``p − e^ε q`` changes sign in between, found by bisection of its sign, not
    from the closed form under test.
    """
    with mp.workdps(dps):
        d, b, e = (
            mp.mpf(Fraction(v).numerator) / Fraction(v).denominator
            for v in (sensitivity, scale, eps)
        )
        p_center, q_center = (d, mp.mpf(0)) if reverse else (mp.mpf(0), d)

        def difference(y):
            p = mp.exp(-abs(y - p_center) / b)
            return (p - mp.exp(e) * mp.exp(-abs(y - q_center) / b)) / (2 * b)

        points = [-mp.inf, mp.mpf(0), d, mp.inf]
        low, high = mp.mpf(0), d
        if d > 0 and (difference(low) > 0) != (difference(high) > 0):
            low_positive = difference(low) > 0
            for _ in range(4 * dps):
                middle = (low + high) / 2
                if (difference(middle) > 0) == low_positive:
                    low = middle
                else:
                    high = middle
            points = [-mp.inf, mp.mpf(0), low, d, mp.inf]
        return mp.quad(lambda y: max(difference(y), mp.mpf(0)), points)


# --- the δ(ε) profile -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sensitivity", "scale", "eps"),
    [
        (1, 1, 0),
        (1, 1, "0.5"),
        (1, "0.5", "1.9"),
        ("1/4", 1, "0.1"),
        (3, 2, 1),
        (1, 10, "0.01"),
        (1, "0.01", 5),  # Δ/b = 100: δ close to 1
        (1, 3, "0.333333333333"),  # ε just below Δ/b = 1/3: δ ≈ 1.7e-13
    ],
)
def test_closed_form_matches_numerical_integration(sensitivity, scale, eps):
    reference = quadrature_delta(sensitivity, scale, eps)
    value = laplace.delta(sensitivity, scale, eps)
    assert reference > 0
    assert abs(value - reference) <= 4e-16 * reference


@pytest.mark.parametrize(
    ("sensitivity", "scale", "eps"), [(1, 1, 1), (1, 1, 2), ("1/4", 1, "0.25")]
)
def test_delta_is_zero_from_the_pure_epsilon_on(sensitivity, scale, eps):
    assert quadrature_delta(sensitivity, scale, eps) < mp.mpf(10) ** -35
    assert laplace.delta(sensitivity, scale, eps) == 0.0


def test_zero_sensitivity_gives_zero_epsilon_and_delta():
    assert laplace.epsilon(0, 1) == 0
    assert laplace.delta(0, 1, 0) == 0.0


@pytest.mark.parametrize(("sensitivity", "scale", "eps"), [(1, 2, "0.2"), ("1/4", 1, "0.1")])
def test_the_reverse_order_of_the_pair_gives_the_same_delta(sensitivity, scale, eps):
    reverse = quadrature_delta(sensitivity, scale, eps, reverse=True)
    assert abs(laplace.delta(sensitivity, scale, eps) - reverse) <= 4e-16 * reverse


@given(
    sensitivity=st.fractions(min_value=Fraction(1, 100), max_value=100, max_denominator=100),
    scale=st.fractions(min_value=Fraction(1, 100), max_value=100, max_denominator=100),
    eps=st.fractions(min_value=0, max_value=20, max_denominator=1000),
    step=st.fractions(min_value=Fraction(1, 1000), max_value=5, max_denominator=1000),
)
@PROPERTIES
def test_delta_lies_in_unit_interval_and_decreases_in_eps(sensitivity, scale, eps, step):
    value = laplace.delta(sensitivity, scale, eps)
    assert 0 <= value <= 1  # 1 − e^{−s} rounds to 1.0 once s > 37
    assert laplace.delta(sensitivity, scale, eps + step) <= value
    assert (value > 0) == (eps < sensitivity / scale)


# --- pure ε, calibration and errors ----------------------------------------------------


def test_epsilon_is_exact():
    assert laplace.epsilon(1, "0.5") == 2
    assert laplace.epsilon("1/3", "1/7") == Fraction(7, 3)
    assert laplace.epsilon("0.1", "0.3") == Fraction(1, 3)  # decimal strings exactly
    assert laplace.epsilon(0.1, 0.3) == Fraction(0.1) / Fraction(0.3) != Fraction(1, 3)


@given(
    sensitivity=st.fractions(min_value=0, max_value=50, max_denominator=100),
    eps=st.fractions(min_value=Fraction(1, 100), max_value=20, max_denominator=100),
)
@PROPERTIES
def test_calibrated_scale_gives_exactly_the_target_epsilon(sensitivity, eps):
    scale = laplace.scale_for(sensitivity, eps)
    if sensitivity == 0:
        assert scale == 0
    else:
        assert laplace.epsilon(sensitivity, scale) == eps
        assert laplace.delta(sensitivity, scale, eps) == 0.0
        assert laplace.delta(sensitivity, scale * Fraction(999, 1000), eps) > 0


def test_error_measures_match_integrals_of_the_density():
    with mp.workdps(30):
        b = mp.mpf(3) / 2
        mean_abs = mp.quad(lambda z: abs(z) * mp.exp(-abs(z) / b) / (2 * b), [-mp.inf, 0, mp.inf])
        mean_square = mp.quad(lambda z: z * z * mp.exp(-abs(z) / b) / (2 * b), [-mp.inf, 0, mp.inf])
    assert abs(laplace.mean_absolute_error("1.5") - mean_abs) < 1e-25
    assert abs(laplace.mse("1.5") - mean_square) < 1e-25
    assert laplace.mse("1.5") == Fraction(9, 2)


def test_density_and_privacy_loss_are_unchanged():
    assert laplace.density(0.0, center=0.0, scale=1.0) == 0.5
    assert laplace.privacy_loss(-3.0, center=0.0, neighbour_center=1.0, scale=0.5) == 2.0


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: laplace.delta(1, 0, 1), ValueError, r"scale must be .* in \(0, inf\); got 0"),
        (lambda: laplace.delta(1, -1, 1), ValueError, r"scale must be .*; got -1"),
        (lambda: laplace.delta(-1, 1, 1), ValueError, r"sensitivity must .* \[0, inf\); got -1"),
        (lambda: laplace.delta(1, 1, -0.5), ValueError, r"eps must be .* in \[0, inf\); got -0\.5"),
        (lambda: laplace.delta(1, 1, math.nan), ValueError, r"eps must be .*; got nan"),
        (lambda: laplace.delta(1, math.inf, 1), ValueError, r"scale must be .*; got inf"),
        (lambda: laplace.delta(1, 1, "abc"), ValueError, r"eps must be .*; got 'abc'"),
        (lambda: laplace.delta(True, 1, 1), TypeError, r"sensitivity must be .*; got True"),
        (lambda: laplace.delta(1, None, 1), TypeError, r"scale must be .*; got None"),
        (lambda: laplace.scale_for(1, 0), ValueError, r"eps must be .* in \(0, inf\); got 0"),
        (lambda: laplace.epsilon(1, 0), ValueError, r"scale must be .*; got 0"),
        (lambda: laplace.mse(-2), ValueError, r"scale must be .*; got -2"),
        (lambda: laplace.mean_absolute_error(False), TypeError, r"scale must be .*; got False"),
    ],
)  # fmt: skip
def test_bad_input_names_parameter_value_and_range(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("scale", [0.25, 1.0, 3.5])
@pytest.mark.parametrize("y", [-7.0, -0.3, 0.0, 0.8, 12.0])
def test_density_and_privacy_loss_match_mpmath(y, scale):
    import mpmath

    mpmath.mp.dps = 40
    center, neighbour = 0.25, 1.25

    def exact(at, c):
        return mpmath.exp(-abs(mpmath.mpf(at) - c) / scale) / (2 * mpmath.mpf(scale))

    assert laplace.density(y, center=center, scale=scale) == pytest.approx(
        float(exact(y, center)), rel=1e-14
    )
    ratio = mpmath.log(exact(y, center) / exact(y, neighbour))
    loss = laplace.privacy_loss(y, center=center, neighbour_center=neighbour, scale=scale)
    assert loss == pytest.approx(float(ratio), rel=1e-13, abs=1e-15)


def test_density_integrates_to_one_and_loss_stays_exact_where_densities_underflow():
    import mpmath

    total = mpmath.quad(lambda t: laplace.density(float(t), center=0.0, scale=0.7), [-60, 0, 60])
    assert float(total) == pytest.approx(1.0, rel=1e-12)
    assert laplace.density(-1e4, center=0.0, scale=1.0) == 0.0  # underflows …
    assert (
        laplace.privacy_loss(-1e4, center=0.0, neighbour_center=1.0, scale=1.0) == 1.0
    )  # … L does not


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"scale": 0.0}, r"scale must be a real number in \(0, inf\)"),
        ({"scale": float("nan")}, r"scale must be a real number in \(0, inf\)"),
        ({"scale": "1"}, "scale must be a real number"),
    ],
)
def test_density_rejects_bad_scale(kwargs, message):
    with pytest.raises((ValueError, TypeError), match=message):
        laplace.density(0.0, center=0.0, **kwargs)


# --- extreme inputs: clear errors or correct values, never a silent 0, inf or NaN ----------


@pytest.mark.parametrize("eps", [math.nan, math.inf, -1, None, 1j, "abc", True])
def test_scale_for_checks_eps_even_when_no_noise_is_needed(eps):
    with pytest.raises((ValueError, TypeError), match=r"^eps must be a rational number"):
        laplace.scale_for(0, eps)


@pytest.mark.parametrize(
    ("sensitivity", "scale", "eps"),
    [
        (1, 10**400, 0),
        ("1e-320", 1, 0),
        (1, "1e308", 0),
        (3, 2, Fraction(3, 2) - Fraction(1, 10**320)),
    ],
)
def test_delta_below_the_double_range_raises_with_its_logarithm(sensitivity, scale, eps):
    with mp.workdps(400):  # ε may sit 1e-320 below Δ/b
        s = (mp.mpf(Fraction(sensitivity).numerator) / Fraction(sensitivity).denominator) / (
            mp.mpf(Fraction(scale).numerator) / Fraction(scale).denominator
        )
        s = (s - mp.mpf(Fraction(eps).numerator) / Fraction(eps).denominator) / 2
        exact = mp.log(-mp.expm1(-s))
    with pytest.raises(DeltaUnderflowError, match="use log_delta") as raised:
        laplace.delta(sensitivity, scale, eps)
    assert raised.value.log_delta == pytest.approx(float(exact), rel=1e-15)
    assert laplace.log_delta(sensitivity, scale, eps) == pytest.approx(float(exact), rel=1e-15)


@pytest.mark.parametrize(("sensitivity", "scale", "eps"), [(1, 1, 0), (5, 2, "0.3"), (1, 3, 2)])
def test_log_delta_matches_the_logarithm_of_delta(sensitivity, scale, eps):
    value = laplace.delta(sensitivity, scale, eps)
    expected = math.log(value) if value > 0 else -math.inf
    assert laplace.log_delta(sensitivity, scale, eps) == pytest.approx(expected, rel=1e-15)


@pytest.mark.parametrize("scale", [1e-320, 5e-324, 1e-310])
def test_a_density_beyond_the_largest_double_is_an_error_naming_scale(scale):
    with pytest.raises(ValueError, match=r"beyond the largest double: scale = .* is too small"):
        laplace.density(0.0, center=0.0, scale=scale)


@pytest.mark.parametrize(
    ("y", "scale"), [(7e-298, 1e-300), (1e-310, 1e-320), (500.0, 1.0), (1e308, 1e306)]
)
def test_densities_near_the_ends_of_the_double_range_match_mpmath(y, scale):
    with mp.workdps(40):
        exact = mp.exp(-mp.mpf(y) / mp.mpf(scale)) / (2 * mp.mpf(scale))
    value = laplace.density(y, center=0.0, scale=scale)
    assert value == pytest.approx(float(exact), rel=1e-13)


def test_density_of_far_apart_doubles_is_zero_not_nan():
    assert laplace.density(1e308, center=-1e308, scale=1.0) == 0.0
    assert laplace.density(1e308, center=-1e308, scale=5e-324) == 0.0


def test_privacy_loss_is_exact_where_float_subtraction_would_lose_it():
    # |0.3 − 1e-300| − |0.3| is −1e-300 exactly; in floats the difference would be 0.
    loss = laplace.privacy_loss(0.3, center=0.0, neighbour_center=1e-300, scale=1e-300)
    assert loss == -1.0
    assert laplace.privacy_loss(0.5, center=0.0, neighbour_center=1.0, scale=1e-300) == 0.0
    with pytest.raises(
        ValueError, match=r"privacy loss .* beyond the double range: scale = 1e-320"
    ):
        laplace.privacy_loss(5.0, center=0.0, neighbour_center=1.0, scale=1e-320)
