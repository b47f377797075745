"""The Gaussian densities, privacy loss and worst event of lesson 4 (``dplab.mechanisms.gaussian``).

References are mpmath at 50 digits, independent of the functions under test.
"""

from __future__ import annotations

import math

import mpmath as mp
import numpy as np
import pytest

from dplab.mechanisms import gaussian

POINTS = [(1.0, 1.0, 1.0), (0.25, 1.0, 1.0), (1.0, 2.0, 0.5), (4.0, 0.5, 3.0), (0.1, 0.3, 0.0)]


def test_density_is_the_normal_density():
    with mp.workdps(50):
        for y, center, sigma in [(0, 0, 1), (1.5, -0.5, 0.3), (-2, 1, 7.5), (10, 0, 1)]:
            exact = mp.npdf(y, center, sigma)
            assert gaussian.density(y, center, sigma) == pytest.approx(float(exact), rel=1e-14)


def test_density_broadcasts():
    values = gaussian.density(np.array([-1.0, 0.0, 1.0]), 0.0, 2.0)
    assert values.shape == (3,) and values[0] == values[2] < values[1]


def test_privacy_loss_is_the_log_ratio_of_the_two_densities():
    with mp.workdps(50):
        for sensitivity, sigma, _ in POINTS:
            for y in (-30.0, -1.0, 0.0, 0.3, 2.0):
                exact = mp.log(mp.npdf(y, 0, sigma) / mp.npdf(y, sensitivity, sigma))
                value = gaussian.privacy_loss(y, sensitivity, sigma)
                assert value == pytest.approx(float(exact), rel=1e-13, abs=1e-13)


def test_privacy_loss_is_unbounded_for_positive_sensitivity():
    losses = gaussian.privacy_loss([-10.0, -100.0, -1000.0], 1.0, 1.0)
    assert list(losses) == [10.5, 100.5, 1000.5]
    assert gaussian.privacy_loss(-1e6, 0.0, 1.0) == 0.0  # Δ = 0: the same distribution


def test_the_half_line_below_the_edge_attains_delta():
    with mp.workdps(50):
        for sensitivity, sigma, eps in POINTS:
            edge = gaussian.worst_event_edge(sensitivity, sigma, eps)
            assert gaussian.privacy_loss(edge, sensitivity, sigma) == pytest.approx(eps, abs=1e-12)
            event = mp.ncdf(edge, 0, sigma) - mp.exp(eps) * mp.ncdf(edge, sensitivity, sigma)
            assert gaussian.delta(sensitivity, sigma, eps) == pytest.approx(float(event), rel=1e-12)
            # moving the edge either way loses part of the positive excess
            for shift in (-0.05, 0.05):
                other = edge + shift
                nearby = mp.ncdf(other, 0, sigma) - mp.exp(eps) * mp.ncdf(other, sensitivity, sigma)
                assert nearby < event


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="sigma"):
        gaussian.density(0, 0, 0)
    with pytest.raises(ValueError, match="sensitivity"):
        gaussian.privacy_loss(0, -1, 1)
    with pytest.raises(ValueError, match="sensitivity"):
        gaussian.worst_event_edge(0, 1, 1)
    with pytest.raises(ValueError, match="eps"):
        gaussian.worst_event_edge(1, 1, -1)
    with pytest.raises(ValueError, match="y"):
        gaussian.density(math.nan, 0, 1)
    with pytest.raises(TypeError):
        gaussian.privacy_loss("1", 1, 1)


# --- extreme scales: a correct finite answer or a clear error ---------------------------


def test_density_at_extreme_scales():
    # y − center overflows, yet z = 2: the density is φ(2)/σ, a subnormal number.
    with mp.workdps(30):
        exact = mp.npdf(2) / mp.mpf(1.7e308)
    value = gaussian.density(1.7e308, -1.7e308, 1.7e308)
    assert value > 0 and abs(value - exact) <= 1e-3 * exact  # a subnormal keeps few digits
    assert gaussian.density(1, 0, 1e-320) == 0.0  # e^(−5e639)/σ: below every double
    with pytest.raises(ValueError, match=r"the density lies outside the range of doubles"):
        gaussian.density(0, 0, 1e-320)  # 1/(√(2π)·1e-320) exceeds 1.8e308


def test_privacy_loss_at_extreme_scales():
    assert gaussian.privacy_loss(0.5, 1, 1e-200) == 0.0  # y = Δ/2: exactly 0, not NaN
    assert gaussian.privacy_loss(0.5, 1e300, 1e300) == 0.5  # (1e300/1e600)·(5e299 − 0.5)
    np.testing.assert_array_equal(gaussian.privacy_loss([0.5, 2.0], 0, 1e-200), [0.0, 0.0])
    with pytest.raises(ValueError, match=r"privacy loss lies outside the range of doubles"):
        gaussian.privacy_loss(1, 1, 1e-200)


def test_worst_event_edge_at_extreme_scales():
    # σ² = 1e-320 would be subnormal; σ·(σ/Δ) keeps every digit.
    assert gaussian.worst_event_edge(1e-300, 1e-160, 1) == pytest.approx(-1e-20, rel=1e-15)
    assert gaussian.worst_event_edge(1, 1e150, 0) == 0.5
    with pytest.raises(ValueError, match=r"the edge lies outside .*sensitivity=1e-320"):
        gaussian.worst_event_edge(1e-320, 1, 1)
