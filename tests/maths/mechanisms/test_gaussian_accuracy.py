"""Accuracy of the floating-point δ(ε) of ``dplab.mechanisms.gaussian`` on inputs chosen to be hard.

References are mpmath at 400 bits, computed from the exact binary value of each float
argument (the package's float policy), independent of the code under test.  The regions
are the evaluator's branch points (x = 0, −x = 2, t = 4, h/max(1, x) = 3e-5 and 1/8),
tiny and large h, and the tails up to the smallest normal double.
"""

from __future__ import annotations

import math
import re

import mpmath as mp
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dplab.mechanisms import gaussian
from tests.maths.mechanisms.test_gaussian import (
    EPS,
    LOG_REFERENCE,
    NORMAL,
    REFERENCE,
    SENSITIVITY,
    SIGMA,
    relative_errors,
)

TINY = float(np.finfo(np.float64).tiny)
PROMISE = 1e-15  # the relative error of δ that the module promises on any input
REFERENCE_BITS = 400


def exact_delta(sensitivity: float, sigma: float, eps: float) -> mp.mpf:
    """δ = Φ(−x) − e^ε Φ(−x − h) from the binary values, at 400 bits."""
    with mp.workprec(REFERENCE_BITS):
        h = mp.mpf(sensitivity) / mp.mpf(sigma)
        x = mp.mpf(eps) / h - h / 2
        return +(mp.ncdf(-x) - mp.exp(mp.mpf(eps)) * mp.ncdf(-x - h))


def relative_error(value: float, exact: mp.mpf) -> float:
    with mp.workprec(REFERENCE_BITS):
        return float(abs(mp.mpf(value) - exact) / exact)


# x near each branch point of the evaluator, and away from them
branch_points = st.sampled_from([0.0, 1 / 16, 2.0, 4.0, 10.0, 37.0])
offsets = st.floats(min_value=-1e-3, max_value=1e-3) | st.floats(min_value=-1.0, max_value=1.0)
spread = st.floats(min_value=-0.5, max_value=40.0)
log_h = st.floats(min_value=-12.0, max_value=3.0)
log_sigma = st.floats(min_value=-3.0, max_value=3.0)


def point(x: float, h: float, sigma: float) -> tuple[float, float, float] | None:
    """Float arguments (Δ, σ, ε) near ``x = ε/h − h/2`` and ``h = Δ/σ``, when ε ≥ 0."""
    x = max(x, -h / 2)
    eps = h * (x + h / 2)
    sensitivity = h * sigma
    if eps < 0 or not 0 < sensitivity < math.inf:
        return None
    return sensitivity, sigma, eps


def check_point(arguments: tuple[float, float, float] | None) -> None:
    if arguments is None:
        return
    exact = exact_delta(*arguments)
    if exact < TINY:  # where δ underflows the tests of log_delta apply
        return
    scalar = gaussian.delta(*arguments)
    vector = gaussian.delta(*(np.array([a, a]) for a in arguments))
    assert relative_error(scalar, exact) <= PROMISE, arguments
    assert vector[0] == vector[1] and relative_error(vector[0], exact) <= PROMISE, arguments


@given(x=st.one_of(branch_points, spread), offset=offsets, exponent=log_h, scale=log_sigma)
@example(x=9.785, offset=0.0, exponent=math.log10(0.002493), scale=0.0)  # the review's case
@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_delta_is_within_a_few_ulps_near_every_branch(x, offset, exponent, scale):
    check_point(point(x + offset, 10.0**exponent, 10.0**scale))


@given(ratio=st.sampled_from([3e-5, 0.125]), x=st.floats(0.0, 40.0), wiggle=offsets)
@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_delta_is_within_a_few_ulps_where_the_method_for_d_changes(ratio, x, wiggle):
    h = ratio * max(1.0, x) * (1 + wiggle)
    check_point(point(x, h, 1.0))


@given(a=st.floats(min_value=0.0, max_value=6.0), exponent=st.floats(-1.0, 3.0))
@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_delta_is_within_a_few_ulps_left_of_the_centre(a, exponent):
    # x = −a < 0 needs h ≥ 2a: the odd series (a < 2) and the complement (a ≥ 2).
    h = max(10.0**exponent, 2 * a)
    check_point(point(-a, h, 1.0))


def test_the_review_example_is_now_accurate():
    arguments = (0.002493, 1.0, 0.024396)
    assert relative_error(gaussian.delta(*arguments), exact_delta(*arguments)) <= 5e-16


def test_review_point_of_the_old_series_and_direct_regions():
    for arguments in [(1.2176366729641728, 1.0, 11.789486222347474), (1.0, 1.0, 20.0)]:
        assert relative_error(gaussian.delta(*arguments), exact_delta(*arguments)) <= PROMISE


# --- the Mills ratio itself -------------------------------------------------------------


def mills_reference(t: float) -> tuple[mp.mpf, mp.mpf]:
    with mp.workprec(REFERENCE_BITS):
        big = mp.mpf(t)
        ratio = mp.sqrt(mp.pi / 2) * mp.exp(big * big / 2) * mp.erfc(big / mp.sqrt(2))
        return ratio, 1 - big * ratio


MILLS_POINTS = [k / 16 for k in range(0, 97)] + [
    math.nextafter(4.0, 0.0),
    math.nextafter(4.0, 5.0),
    4.03125,
    7.5,
    22.1,
    1e3,
    1e4,
]


@pytest.mark.parametrize("t", MILLS_POINTS)
def test_mills_ratio_is_a_double_double_and_m_is_rounded_once(t):
    r_hi, r_lo, m, _, _ = gaussian._mills_pair(np.float64(t))
    ratio, m_exact = mills_reference(t)
    with mp.workprec(REFERENCE_BITS):
        assert abs(mp.mpf(r_hi) + mp.mpf(r_lo) - ratio) <= 4e-18 * ratio  # ≤ 2⁻⁵⁷
        assert abs(mp.mpf(m) - m_exact) <= 2.5e-16 * m_exact  # about one rounding


# --- the figures the module docstring states ----------------------------------------------


def stated_figure(label: str) -> float:
    """The number after ``label`` in the module docstring of dplab.mechanisms.gaussian."""
    text = " ".join(gaussian.__doc__.split())
    found = re.search(re.escape(label) + r" ([0-9.]+e-[0-9]+)", text)
    assert found, f"the module docstring no longer states {label!r}"
    return float(found.group(1))


def test_the_docstring_states_the_measured_table_errors():
    table = (SENSITIVITY, SIGMA, EPS)
    values = gaussian.delta(*(array[NORMAL] for array in table))
    delta_error = relative_errors(values, [r for r, n in zip(REFERENCE, NORMAL, strict=True) if n])
    logs = gaussian.log_delta(*(array[~NORMAL] for array in table))
    underflowing = [r for r, n in zip(LOG_REFERENCE, NORMAL, strict=True) if not n]
    log_error = relative_errors(logs, underflowing)
    for measured, label in (
        (delta_error.max(), "the relative error of δ is at most"),
        (log_error.max(), "that of ``ln δ`` at most"),
    ):
        figure = stated_figure(label)
        # The figure is the measured maximum rounded up to two digits (other processors'
        # exp and log may move it by an ulp or so, hence the lower margin).
        assert measured <= figure, (label, measured)
        assert measured >= 0.5 * figure, (label, measured)
    assert stated_figure("on any input at most") == PROMISE
