"""Tests of dplab.mechanisms.gaussian against the 100-digit mpmath table, properties and the seed
lesson.

Reference values come from ``tests/data/gaussian_reference.json`` (written by
``tools/gaussian_reference.py`` with mpmath, independent of dplab) or from mpmath here.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import mpmath as mp
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dplab.mechanisms import gaussian
from dplab.mechanisms.gaussian import DeltaUnderflowError

PROPERTIES = settings(deadline=None, max_examples=50, suppress_health_check=[HealthCheck.too_slow])
TABLE = json.loads(
    (Path(__file__).parents[2] / "data" / "gaussian_reference.json").read_text(encoding="utf-8")
)
TINY = float(np.finfo(np.float64).tiny)
ROWS = TABLE["delta"]
SENSITIVITY = np.array([float(row["sensitivity"]) for row in ROWS])
SIGMA = np.array([float(row["sigma"]) for row in ROWS])
EPS = np.array([float(row["eps"]) for row in ROWS])
REFERENCE_DPS = 60  # the table keeps 40 digits; parse and compare above that
TABLE_TOLERANCE = 4e-16  # the largest relative error of δ on the table is 3.6e-16


def reference(text: str) -> mp.mpf:
    with mp.workdps(REFERENCE_DPS):
        return mp.mpf(text)


REFERENCE = [reference(row["delta"]) for row in ROWS]
LOG_REFERENCE = [reference(row["log_delta"]) for row in ROWS]
NORMAL = np.array([value >= TINY for value in REFERENCE])


def relative_errors(values, references) -> np.ndarray:
    with mp.workdps(REFERENCE_DPS):
        return np.array(
            [
                float(abs(mp.mpf(float(v)) - r) / abs(r))
                for v, r in zip(values, references, strict=True)
            ]
        )


# --- the reference table ----------------------------------------------------------------


def test_table_covers_the_promised_range():
    h = SENSITIVITY / SIGMA
    assert len(ROWS) >= 400
    assert h.min() <= 1e-3 and h.max() >= 1e3
    assert EPS.min() == 0 and EPS.max() >= 1e4
    assert NORMAL.sum() >= 200 and (~NORMAL).sum() >= 100
    assert sum(row["group"] == "lesson" for row in ROWS) == 180


def test_delta_matches_the_table_where_it_is_a_normal_double():
    values = gaussian.delta(SENSITIVITY[NORMAL], SIGMA[NORMAL], EPS[NORMAL])
    errors = relative_errors(values, [r for r, n in zip(REFERENCE, NORMAL, strict=True) if n])
    assert errors.max() <= TABLE_TOLERANCE, ROWS[int(np.flatnonzero(NORMAL)[errors.argmax()])]


def test_log_delta_matches_the_table_where_delta_underflows():
    values = gaussian.log_delta(SENSITIVITY[~NORMAL], SIGMA[~NORMAL], EPS[~NORMAL])
    references = [r for r, n in zip(LOG_REFERENCE, NORMAL, strict=True) if not n]
    errors = relative_errors(values, references)
    assert errors.max() <= 2e-16, ROWS[int(np.flatnonzero(~NORMAL)[errors.argmax()])]


def test_log_delta_is_accurate_where_delta_is_normal_too():
    # There ln δ carries the relative error of δ as an absolute error, also where δ ≈ 1.
    values = gaussian.log_delta(SENSITIVITY[NORMAL], SIGMA[NORMAL], EPS[NORMAL])
    references = [r for r, n in zip(LOG_REFERENCE, NORMAL, strict=True) if n]
    with mp.workdps(REFERENCE_DPS):
        errors = np.array(
            [float(abs(mp.mpf(float(v)) - r)) for v, r in zip(values, references, strict=True)]
        )
    # The absolute error is the table tolerance, or half an ulp of ln δ where |ln δ| > 1.
    assert (errors <= TABLE_TOLERANCE * np.maximum(1.0, np.abs(values))).all()


def test_delta_signals_underflow_exactly_where_the_table_underflows():
    for sensitivity, sigma, eps, normal in zip(
        SENSITIVITY[::7], SIGMA[::7], EPS[::7], NORMAL[::7], strict=True
    ):
        if normal:
            assert gaussian.delta(sensitivity, sigma, eps) > 0
        else:
            with pytest.raises(DeltaUnderflowError, match="use log_delta") as caught:
                gaussian.delta(sensitivity, sigma, eps)
            assert caught.value.log_delta == gaussian.log_delta(sensitivity, sigma, eps)


def test_scalar_calls_agree_with_the_vectorised_call():
    vector = gaussian.log_delta(SENSITIVITY, SIGMA, EPS)
    scalar = np.array(
        [
            gaussian.log_delta(*map(float, point))
            for point in zip(SENSITIVITY, SIGMA, EPS, strict=True)
        ]
    )
    assert isinstance(scalar[0], float)
    # The same arithmetic; only math's and NumPy's exp and log may differ, by an ulp.
    np.testing.assert_allclose(scalar, vector, rtol=5e-16, atol=0)


def test_arrays_broadcast_and_keep_their_shape():
    eps = np.array([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])
    values = gaussian.delta(1.0, np.array([[1.0], [2.0]]), eps)
    assert values.shape == (2, 3)
    assert math.isclose(values[1, 2], gaussian.delta(1.0, 2.0, 5.0), rel_tol=2e-15)
    assert gaussian.delta([1, 2], 1, 1).shape == (2,)
    assert isinstance(gaussian.delta(np.array(1.0), 1, 1), float)  # 0-d in, float out


# --- the seed lesson's numbers ----------------------------------------------------------


def test_sum_example_of_the_lesson():
    assert round(gaussian.delta(1, 1, 1), 8) == 0.12693674
    assert gaussian.certify(1, 1, 1, "0.13").verdict == "pass"
    assert gaussian.certify(1, 1, 1, "0.126").verdict == "fail"
    assert gaussian.delta(1, 1, 1) <= 0.13 and gaussian.delta(1, 1, 1) > 0.126


def test_mean_example_is_positive_so_delta_zero_fails():
    value = gaussian.delta(0.25, 1, 1)
    assert float(f"{value:.8g}") == 2.9242721e-6
    assert gaussian.certify("1/4", 1, 1, 0).verdict == "fail"
    assert gaussian.certify("1/4", 1, 1, "2.93e-6").verdict == "pass"


def test_underflow_example_keeps_a_finite_logarithm():
    with pytest.raises(DeltaUnderflowError, match=r"log10 δ = -2223595\.49"):
        gaussian.delta(1 / 32, 10, 10)
    assert round(gaussian.log_delta(1 / 32, 10, 10) / math.log(10), 4) == -2223595.4904
    assert gaussian.certify("1/32", 10, 10, 0).verdict == "fail"


def test_eps_zero_example_and_the_mean_absolute_error():
    assert round(gaussian.delta(1, 1, 0), 10) == 0.3829249225
    assert round(gaussian.mean_absolute_error(1), 8) == 0.79788456


def test_seed_examples_stored_in_the_table_match():
    for seed in TABLE["seed_examples"].values():
        if "sensitivity" not in seed:
            continue
        point = (float(seed[key]) for key in ("sensitivity", "sigma", "eps"))
        if "delta" in seed:
            expected = reference(seed["delta"])
            assert abs(gaussian.delta(*point) - expected) <= TABLE_TOLERANCE * expected
        else:
            expected = reference(seed["log10_delta"])
            log10 = gaussian.log_delta(*point) / math.log(10)
            assert abs(log10 - expected) <= 1e-15 * abs(expected)


def test_zero_sensitivity_gives_exactly_zero():
    assert gaussian.delta(0, 1, 0) == 0.0
    assert gaussian.log_delta(0, 1, 5) == -math.inf
    np.testing.assert_array_equal(gaussian.delta([0.0, 0.0], [1.0, 3.0], 0.5), [0.0, 0.0])


# --- properties -------------------------------------------------------------------------

positive = st.floats(min_value=1e-3, max_value=1e3)
epsilons = st.one_of(st.just(0.0), st.floats(min_value=1e-6, max_value=1e4))
factors = st.floats(min_value=1.001, max_value=10.0)


def no_larger(a: float, b: float) -> bool:
    """``a ≤ b`` up to the evaluator's own relative error on ln δ."""
    return a <= b + 1e-13 * max(abs(a), abs(b), 1e-300)


@given(sensitivity=positive, sigma=positive, eps=epsilons)
@PROPERTIES
def test_delta_is_a_positive_probability(sensitivity, sigma, eps):
    log_value = gaussian.log_delta(sensitivity, sigma, eps)
    assert math.isfinite(log_value) and log_value <= 0
    try:
        value = gaussian.delta(sensitivity, sigma, eps)
    except DeltaUnderflowError as error:
        assert error.log_delta == log_value < math.log(TINY)
    else:
        assert TINY <= value <= 1


@given(sensitivity=positive, sigma=positive, eps=epsilons, factor=factors)
@PROPERTIES
def test_delta_decreases_in_eps_and_sigma_and_increases_in_sensitivity(
    sensitivity, sigma, eps, factor
):
    here = gaussian.log_delta(sensitivity, sigma, eps)
    assert no_larger(gaussian.log_delta(sensitivity, sigma, eps * factor + 1e-3), here)
    assert no_larger(gaussian.log_delta(sensitivity, sigma * factor, eps), here)
    assert no_larger(here, gaussian.log_delta(sensitivity * factor, sigma, eps))


targets = st.floats(min_value=1e-300, max_value=0.5).map(lambda t: float(f"{t:.3g}"))


def certified(sensitivity: float, sigma: float, eps: float, target: float) -> bool:
    return gaussian.certify(sensitivity, sigma, eps, target).passes


def below(value: float) -> float:
    return math.nextafter(value, 0.0)


def floats_agree(sensitivity: float, sigma: float, eps: float, target: float) -> bool:
    """The float evaluation agrees with a certified pass, to its own accuracy."""
    log_value = gaussian.log_delta(sensitivity, sigma, eps)
    if log_value < math.log(TINY):
        return log_value <= math.log(target) + 1e-15 * abs(log_value)
    return gaussian.delta(sensitivity, sigma, eps) <= target * (1 + 1e-15)


@given(sensitivity=positive, eps=st.one_of(st.just(0.0), st.floats(1e-4, 1e4)), target=targets)
@PROPERTIES
def test_sigma_for_is_the_smallest_certified_double(sensitivity, eps, target):
    sigma = gaussian.sigma_for(sensitivity, eps, target)
    assert certified(sensitivity, sigma, eps, target)
    assert not certified(sensitivity, below(sigma), eps, target)
    assert floats_agree(sensitivity, sigma, eps, target)


@given(sensitivity=positive, sigma=positive, target=targets)
@PROPERTIES
def test_eps_for_is_the_smallest_certified_double(sensitivity, sigma, target):
    eps = gaussian.eps_for(sensitivity, sigma, target)
    assert certified(sensitivity, sigma, eps, target)
    if eps > 0:
        assert not certified(sensitivity, sigma, below(eps), target)
    assert floats_agree(sensitivity, sigma, eps, target)


def test_the_reviews_calibration_example_is_the_smallest_double():
    # σ* = 3.7306316348159418138…; the doubles around it are 3.7306316348159414 (below σ*),
    # 3.730631634815942 (3e-17 above it) and 3.7306316348159423, which was returned before.
    sigma = gaussian.sigma_for(1, 1, 1e-5)
    assert sigma == 3.730631634815942
    assert certified(1, sigma, 1, 1e-5) and not certified(1, below(sigma), 1, 1e-5)
    eps = gaussian.eps_for(1, 1, 0.12693674)
    assert certified(1, 1, eps, 0.12693674) and not certified(1, 1, below(eps), 0.12693674)


def test_sigma_for_matches_the_table():
    # The result is the exact minimum rounded up: never below it, and within 1e-12 above.
    rows = TABLE["sigma_for"]
    values = gaussian.sigma_for(
        1.0, np.array([float(r["eps"]) for r in rows]), np.array([float(r["delta"]) for r in rows])
    )
    for value, row in zip(values, rows, strict=True):
        assert_rounded_up(value, reference(row["sigma"]), row)


def assert_rounded_up(value: float, exact: mp.mpf, row: dict) -> None:
    with mp.workdps(REFERENCE_DPS):
        slack = exact * mp.mpf(10) ** -35  # the table's own rounding is below this
        assert exact - slack <= value <= exact * (1 + mp.mpf(1e-12)), row


def test_eps_for_matches_the_table():
    for row in TABLE["eps_for"]:
        value = gaussian.eps_for(1.0, float(row["sigma"]), float(row["delta"]))
        if row["eps"] == "0":
            assert value == 0
        else:
            assert_rounded_up(value, reference(row["eps"]), row)


def test_eps_zero_calibration_is_the_closed_form():
    # δ = 2Φ(h/2) − 1  ⇔  σ = Δ / (2 Φ⁻¹((1 + δ)/2)), here in mpmath.
    for target in (1e-300, 1e-10, 0.01, 0.5, 0.9):
        with mp.workdps(REFERENCE_DPS):
            exact = 1 / (2 * mp.sqrt(2) * mp.erfinv(mp.mpf(target)))
        assert_rounded_up(gaussian.sigma_for(1.0, 0.0, target), exact, {"delta": target})


def test_calibration_extremes():
    assert gaussian.sigma_for(0, 1, 1e-5) == 0.0
    assert gaussian.eps_for(0, 1, 1e-5) == 0.0
    for call, message in [
        (lambda: gaussian.sigma_for(1e308, 1e-308, 1e-300), "no finite double sigma"),
        (lambda: gaussian.eps_for(1.0, 1e-300, 0.5), "no finite double eps"),
    ]:
        with pytest.raises(gaussian.OutOfRangeError, match=message) as caught:
            call()
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, OverflowError)
    sigma = gaussian.sigma_for(1.0, 1e4, 1e-300)
    assert gaussian.certify(1, Fraction(sigma), 10_000, "1e-300").passes
    # ε = 1e308 needs h = Δ/σ ≈ √(2ε): σ ≈ 7.07e-155, representable (SciPy's root finder
    # used to stop on a NaN here).
    sigma = gaussian.sigma_for(1, 1e308, 1e-5)
    with mp.workdps(30):
        assert abs(sigma - 1 / mp.sqrt(2 * mp.mpf(1e308))) <= 1e-12 * sigma
    assert certified(1, sigma, 1e308, 1e-5) and not certified(1, below(sigma), 1e308, 1e-5)


# --- certified enclosures ---------------------------------------------------------------


def as_mpf(end) -> mp.mpf:
    mantissa, exponent = end.man_exp()
    return mp.ldexp(mp.mpf(int(mantissa)), int(exponent))


@pytest.mark.parametrize("index", range(0, len(ROWS), 23))
def test_enclosure_contains_the_reference_and_is_narrow(index):
    row = ROWS[index]
    lower, upper = gaussian.delta_enclosure(
        *(Fraction(float(row[key])) for key in ("sensitivity", "sigma", "eps"))
    )
    with mp.workdps(REFERENCE_DPS):
        low, high, expected = as_mpf(lower), as_mpf(upper), reference(row["delta"])
        slack = expected * mp.mpf(10) ** -39  # the table keeps 40 digits
        assert low - slack <= expected <= high + slack
        assert high - low <= low * mp.mpf(10) ** -30


def test_enclosure_reads_decimal_inputs_exactly_and_handles_zero():
    assert gaussian.delta_enclosure(0, 1, 1) == (0, 0)
    lower, upper = gaussian.delta_enclosure("1/32", 10, 10, digits=40)
    with mp.workdps(80):
        exact = mp.ncdf(mp.mpf(1) / 640 - 3200) - mp.exp(10) * mp.ncdf(-mp.mpf(1) / 640 - 3200)
        assert as_mpf(lower) <= exact <= as_mpf(upper)


# Claims as exact decimals: only where δ > 1e-5000 (a Fraction of 1e-10⁹ has 10⁹ digits).
CLAIMABLE = [i for i, r in enumerate(REFERENCE) if mp.mpf("1e-5000") < r < 1]


@pytest.mark.parametrize("index", CLAIMABLE[::25])
def test_certify_decides_claims_just_above_and_below_the_reference(index):
    row = ROWS[index]
    point = [Fraction(float(row[key])) for key in ("sensitivity", "sigma", "eps")]
    expected = Fraction(row["delta"])
    margin = Fraction(1, 10**25)
    assert gaussian.certify(*point, expected * (1 + margin)).verdict == "pass"
    assert gaussian.certify(*point, expected * (1 - margin)).verdict == "fail"


# --- error measures and the classic bound -----------------------------------------------


def test_error_measures_match_integrals():
    with mp.workdps(30):
        sigma = mp.mpf(3)
        density = lambda z: mp.npdf(z, 0, sigma)  # noqa: E731
        mean_abs = mp.quad(lambda z: abs(z) * density(z), [-mp.inf, 0, mp.inf])
        mean_square = mp.quad(lambda z: z * z * density(z), [-mp.inf, 0, mp.inf])
    assert abs(gaussian.mean_absolute_error(3.0) - mean_abs) <= 1e-15 * mean_abs
    assert abs(gaussian.mse(3.0) - mean_square) <= 1e-15 * mean_square
    np.testing.assert_allclose(gaussian.mse(np.array([1.0, 2.0])), [1.0, 4.0])


def test_error_interval_and_its_coverage():
    assert gaussian.error_interval(2.0, center=1.0) == (1.0 - 3.92, 1.0 + 3.92)
    with mp.workdps(30):
        coverage = mp.ncdf(1.96) - mp.ncdf(-1.96)
    assert abs(gaussian.interval_coverage() - coverage) < 1e-15
    assert abs(gaussian.interval_coverage(1.0) - 0.6826894921370859) < 1e-15


def test_classic_bound_applies_only_below_one_and_is_never_smaller():
    with mp.workdps(30):
        reference = mp.sqrt(2 * mp.log(mp.mpf(1.25) / mp.mpf(1e-5))) / mp.mpf(0.5)
    assert abs(gaussian.classic_sigma(1, 0.5, 1e-5) - reference) <= 1e-15 * reference
    for eps in (0.01, 0.3, 0.99):
        for target in (1e-10, 1e-5, 0.1):
            comparison = gaussian.compare_calibrations(2.0, eps, target)
            assert comparison.classic_applies
            assert comparison.exact_sigma <= comparison.classic_sigma
            assert comparison.classic_delta <= target
            assert comparison.classic_log_delta <= math.log(target)
            assert comparison.ratio >= 1
    tiny = gaussian.compare_calibrations(1.0, 0.5, 1e-300)
    assert math.isfinite(tiny.classic_log_delta) and tiny.classic_log_delta < math.log(1e-300)
    outside = gaussian.compare_calibrations(1.0, 2.0, 1e-5)
    assert not outside.classic_applies and outside.classic_sigma is None and outside.ratio is None
    with pytest.raises(
        ValueError, match=r"eps must be .* in \(0, 1\) for the classic bound; got 1\.5"
    ):
        gaussian.classic_sigma(1, 1.5, 1e-5)
    with pytest.raises(ValueError, match=r"for the classic bound; got 0\.0"):
        gaussian.classic_sigma(1, 0.0, 1e-5)


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: gaussian.delta(1, 0, 1), ValueError, r"sigma must be .* in \(0, inf\); got 0"),
        (lambda: gaussian.delta(1, -2.0, 1), ValueError, r"sigma must be .*; got -2\.0"),
        (lambda: gaussian.delta(-1, 1, 1), ValueError, r"sensitivity must .* \[0, inf\); got -1"),
        (lambda: gaussian.log_delta(1, 1, -0.1), ValueError, r"eps must .* \[0, inf\); got -0\.1"),
        (lambda: gaussian.delta(1, math.nan, 1), ValueError, r"sigma must be .*; got nan"),
        (lambda: gaussian.delta(1, 1, math.inf), ValueError, r"eps must be .*; got inf"),
        (lambda: gaussian.delta(math.inf, 1, 1), ValueError, r"sensitivity must be .*; got inf"),
        (lambda: gaussian.delta("1", 1, 1), TypeError, r"sensitivity must .*; got '1'"),
        (lambda: gaussian.delta(1, True, 1), TypeError, r"sigma must be a real number; got True"),
        (lambda: gaussian.delta(1, 1, None), TypeError, r"eps must be a real number; got None"),
        (lambda: gaussian.delta([1.0, -1.0], 1, 1), ValueError, r"got -1\.0 at index 1"),
        (lambda: gaussian.delta(1, [[1.0, 0.0]], 1), ValueError, r"^sigma .*at index \(0, 1\)"),
        (lambda: gaussian.delta(1, 1, ["a"]), TypeError, r"eps must be .*array of dtype <U1"),
        (lambda: gaussian.delta(1, 1, [True]), TypeError, r"eps must be .*array of dtype bool"),
        (lambda: gaussian.sigma_for(1, 1, 0), ValueError, r"delta must be .* \(0, 1\); got 0"),
        (lambda: gaussian.sigma_for(1, 1, 1), ValueError, r"delta must be .* \(0, 1\); got 1"),
        (lambda: gaussian.eps_for(1, 1, 1.5), ValueError, r"delta must be .* \(0, 1\); got 1\.5"),
        (lambda: gaussian.eps_for(1, 0, 0.1), ValueError, r"sigma must be .* \(0, inf\); got 0"),
        (lambda: gaussian.sigma_for(1, -1, 0.1), ValueError, r"eps must be .* \[0, inf\); got -1"),
        (lambda: gaussian.sigma_for(1, 1, math.nan), ValueError, r"delta must be .*; got nan"),
        (lambda: gaussian.certify(1, 1, 1, "1.5"), ValueError, r"claimed_delta .*; got '1\.5'"),
        (lambda: gaussian.certify(1, 0, 1, 0.1), ValueError, r"sigma must be .* \(0, inf\); got 0"),
        (lambda: gaussian.delta_enclosure(1, 1, -1), ValueError, r"eps .* \[0, inf\); got -1"),
        (lambda: gaussian.delta_enclosure(1, 1, 1, digits=0), ValueError, r"digits .*; got 0"),
        (lambda: gaussian.mse(-1), ValueError, r"sigma must be .*; got -1"),
        (lambda: gaussian.error_interval(1, z=0), ValueError, r"z must be .* \(0, inf\); got 0"),
    ],
)  # fmt: skip
def test_bad_input_names_parameter_value_and_range(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_log_delta_outside_the_double_range_is_an_error_not_minus_infinity():
    with pytest.raises(OverflowError, match=r"ln δ is below −1\.8e308"):
        gaussian.log_delta(1.0, 1e300, 1e300)


def test_extreme_but_representable_inputs_stay_finite():
    assert gaussian.log_delta(1.0, 1e-300, 1.0) == 0.0  # h = 1e300: δ = 1 to double precision
    assert gaussian.delta(1e308, 1e-308, 1.0) == 1.0
    with mp.workdps(40):
        tiny_h = mp.log(mp.erf(mp.mpf(5e-324) / 10 / (2 * mp.sqrt(2))))  # Δ = 5e-324, σ = 10
    assert abs(gaussian.log_delta(5e-324, 10.0, 0.0) - tiny_h) <= 1e-15 * abs(tiny_h)


@given(
    sensitivity=st.floats(min_value=5e-324, max_value=1e308),
    sigma=st.floats(min_value=5e-324, max_value=1e308),
    eps=st.floats(min_value=0, max_value=1e308),
)
@example(sensitivity=6774039677977176.0, sigma=3.21794188810335e16, eps=3.78915015098624e153)
@PROPERTIES
def test_never_zero_negative_nan_or_minus_infinity_anywhere(sensitivity, sigma, eps):
    # x = εσ/Δ − Δ/2σ; ln δ ≈ −x²/2 leaves the double range only when x exceeds ~1.9e154.
    log_x = math.log(eps) + math.log(sigma) - math.log(sensitivity) if eps > 0 else -math.inf
    try:
        log_value = gaussian.log_delta(sensitivity, sigma, eps)
    except OverflowError:
        assert log_x > math.log(1.8e154)
        return
    assert math.isfinite(log_value) and log_value <= 0
    try:
        value = gaussian.delta(sensitivity, sigma, eps)
    except DeltaUnderflowError as error:
        assert error.log_delta == log_value < math.log(TINY) + 1e-12
    else:
        assert TINY <= value <= 1


@pytest.mark.parametrize(
    "arguments",
    [
        (6774039677977176.0, 3.21794188810335e16, 3.78915015098624e153),  # x = 1.79999e154
        (1.0, 1e100, 1.5e54),
        (3.0, 1e100, 1.5e53),
        (1.0, 1.0, 1e151),
    ],
)
def test_log_delta_beyond_x_of_1e150_where_m_underflows(arguments):
    # There R(t) = 1/t to 1e-300 (DLMF 7.12.1), so ln δ = −x²/2 − ln √(2π) + ln(h/(x(x + h)))
    # to that accuracy; mpmath's erfc does not reach these arguments.
    with mp.workprec(800):
        h = mp.mpf(arguments[0]) / mp.mpf(arguments[1])
        x = mp.mpf(arguments[2]) / h - h / 2
        exact = -x * x / 2 - mp.log(mp.sqrt(2 * mp.pi)) + mp.log(h / (x * (x + h)))
    for value in (gaussian.log_delta(*arguments), gaussian.log_delta(*map(np.array, arguments))):
        assert abs(value - exact) <= 2e-16 * abs(exact)


def test_unscaled_scalar_geometry_is_the_split_one_to_the_last_bit(monkeypatch):
    rng = np.random.default_rng(20)
    points = 2.0 ** rng.uniform(-300, 300, size=(300, 3))
    points[::7, 2] = 0.0
    unscaled = [gaussian._geometry(*map(float, p), root) for p in points for root in (1, 7**0.5)]
    monkeypatch.setattr(gaussian, "_UNSCALED", (math.inf, 0.0))  # split every argument
    split = [gaussian._geometry(*map(float, p), root) for p in points for root in (1, 7**0.5)]
    for fast, slow in zip(unscaled, split, strict=True):
        assert fast._replace(log_h=0.0) == slow._replace(log_h=0.0)
        assert abs(fast.log_h - slow.log_h) <= 2 * math.ulp(slow.log_h)  # ln h, not ln m + e·ln 2


def test_claims_of_one_pass_even_where_delta_rounds_to_one():
    assert gaussian.certify(1000, 1, 0, 1).verdict == "pass"
    assert gaussian.certify(1000, 1, 0, "0.9999999999").verdict == "fail"
    assert gaussian.delta(1000, 1, 0) == 1.0


# --- extreme scales: a correct finite answer or a clear error ---------------------------


def test_classic_sigma_for_a_subnormal_delta_is_finite():
    # 1.25/δ overflows for δ = 1e-320; the logarithm of it does not.
    with mp.workdps(30):
        exact = mp.sqrt(2 * mp.log(mp.mpf(1.25) / mp.mpf(1e-320))) / mp.mpf(0.5)
    value = gaussian.classic_sigma(1, 0.5, delta=1e-320)
    assert abs(value - exact) <= 1e-15 * exact and round(value, 1) == 76.8
    with pytest.raises(ValueError, match=r"classic sigma lies outside the range of doubles"):
        gaussian.classic_sigma(1e308, 1e-10, 1e-5)


def test_compare_calibrations_names_its_own_arguments():
    with pytest.raises(gaussian.OutOfRangeError) as caught:
        gaussian.compare_calibrations(1e308, 1e-10, 1e-5)
    message = str(caught.value)
    assert "sensitivity=1e+308, eps=1e-10, delta=1e-05" in message
    assert "sigma" not in message  # compare_calibrations has no argument of that name
    assert isinstance(caught.value, ValueError)


def exact_log_delta(sensitivity, sigma, eps) -> mp.mpf:
    """ln δ from the binary values of the arguments, at 400 bits (mpmath, not dplab)."""
    with mp.workprec(400):
        h = mp.mpf(sensitivity) / mp.mpf(sigma)
        x = mp.mpf(eps) / h - h / 2
        return mp.log(mp.ncdf(-x) - mp.exp(mp.mpf(eps)) * mp.ncdf(-x - h))


def test_delta_below_even_the_log_range_is_the_documented_underflow_error():
    # x = εσ/Δ − Δ/2σ = 1e600 is not a double: ln δ ≈ −x²/2 is below −1.8e308 too.
    with pytest.raises(DeltaUnderflowError, match=r"ln δ is below −1\.8e308 as well") as caught:
        gaussian.delta(1.0, 1e300, 1e300)
    assert "sensitivity=1.0, sigma=1e+300, eps=1e+300" in str(caught.value)
    assert "use log_delta" not in str(caught.value)  # log_delta cannot give it either
    assert caught.value.log_delta == -math.inf
    with pytest.raises(DeltaUnderflowError) as caught:
        gaussian.delta([1.0, 1.0], [1e300, 1.0], 1.0)
    assert "at index 0" in str(caught.value) and caught.value.log_delta[0] == -math.inf


def test_log_delta_below_the_log_range_is_the_documented_out_of_range_error():
    with pytest.raises(gaussian.OutOfRangeError, match=r"ln δ is below −1\.8e308") as caught:
        gaussian.log_delta(1.0, 1e300, 1e300)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, OverflowError)
    assert "OutOfRangeError" in " ".join(gaussian.log_delta.__doc__.split())


def test_k_releases_name_the_callers_arguments_not_the_scaled_sensitivity():
    from dplab.accounting import composition

    for call in (
        lambda: composition.gaussian_composition_delta(1e-160, 1e150, 1, 4),
        lambda: composition.gaussian_bound_comparison(1e-160, 1.0, 700, 4),
    ):
        with pytest.raises(DeltaUnderflowError) as caught:
            call()
        message = str(caught.value)
        assert "sensitivity=1e-160" in message and "k=4" in message, message
        assert "2e-160" not in message  # Δ·√k is not an argument of either function
    with pytest.raises(DeltaUnderflowError, match=r"log10 δ = .* k=3; use log_delta"):
        gaussian.delta(1 / 32, 10, 10, k=3)


def test_k_releases_accept_a_sensitivity_whose_product_with_root_k_overflows():
    from dplab.accounting import composition

    # Δ√k = 2e308 is not a double, but Δ√k/σ = 2 is: the same δ as Δ = 2, σ = 1.
    assert composition.gaussian_composition_delta(1e308, 1e308, 1, 4) == gaussian.delta(2, 1, 1)
    assert composition.gaussian_composition_delta(1e308, 1, 1, 4) == 1.0
    assert gaussian.log_delta(1e308, 1e308, 1, k=4) == gaussian.log_delta(2, 1, 1)


def test_k_releases_are_one_release_with_the_unrounded_product():
    root = math.sqrt(7)  # √7 rounded once; Δ·√7 enters exactly
    with mp.workprec(400):
        exact = exact_log_delta(mp.mpf(0.3) * mp.mpf(root), 1.0, 0.5)
    assert abs(gaussian.log_delta(0.3, 1.0, 0.5, k=7) - exact) <= 1e-15 * abs(exact)
    with pytest.raises(ValueError, match=r"k must be an integer in \[1, 9007199254740992\]"):
        gaussian.delta(1, 1, 1, k=0)
    with pytest.raises(TypeError, match=r"k must be an integer"):
        gaussian.delta(1, 1, 1, k=True)


def test_compare_calibrations_accepts_an_eps_whose_classic_sigma_overflows():
    # The classic σ = √(2 ln(1.25/δ))/ε is about 4.8e320, beyond the doubles; the exact σ
    # is finite, and the δ the classic σ gives depends on Δ/σ = ε/√(2 ln(1.25/δ)) only.
    comparison = gaussian.compare_calibrations(1.0, 1e-320, 1e-5)
    assert comparison.exact_sigma == gaussian.sigma_for(1.0, 1e-320, 1e-5)
    assert comparison.classic_applies and comparison.classic_sigma == math.inf
    assert comparison.ratio == math.inf
    with mp.workprec(400):
        factor = mp.sqrt(2 * mp.log(mp.mpf(1.25) / mp.mpf(1e-5)))
        exact = exact_log_delta(1e-320, factor, 1e-320)
    assert abs(comparison.classic_log_delta - exact) <= 1e-14 * abs(exact)
    with pytest.raises(DeltaUnderflowError) as caught:
        _ = comparison.classic_delta
    message = str(caught.value)
    assert "sensitivity=1.0, eps=1e-320, delta=1e-05" in message and "sigma=inf" in message
    assert caught.value.log_delta == comparison.classic_log_delta


@pytest.mark.parametrize(
    "call",
    [
        lambda: gaussian.delta([1, 2], [1, 2, 3], 1),
        lambda: gaussian.log_delta([1, 2], [1, 2, 3], 1),
        lambda: gaussian.sigma_for([1, 2], 1, [1e-5, 1e-6, 1e-7]),
        lambda: gaussian.density([1, 2], [1, 2, 3], 1),
    ],
)
def test_arguments_that_do_not_broadcast_are_named_with_their_shapes(call):
    with pytest.raises(ValueError, match=r"must broadcast to one shape; got shapes \w+ \(2,\)"):
        call()


def test_error_measures_refuse_results_beyond_the_double_range():
    assert gaussian.mse(2.0**500) == 2.0**1000
    with pytest.raises(ValueError, match=r"mean squared error σ² lies outside .*sigma above"):
        gaussian.mse(1e200)
    with pytest.raises(ValueError, match=r"end of the interval lies outside .*sigma=1e\+308"):
        gaussian.error_interval(1e308, z=10)
    assert gaussian.mean_absolute_error(1e308) == pytest.approx(1e308 * math.sqrt(2 / math.pi))


# --- one reading of a float --------------------------------------------------------------


def test_delta_and_certify_read_a_float_as_the_same_number():
    # Δ = 1e-6 and ε = 3e-5 are not dyadic: their binary values and their decimals differ
    # by about 1e-22, which moves this δ (≈ 1.6e-205, steep in ε) by 6e-14 relative.
    arguments = (1e-6, 1.0, 3e-5)
    value = gaussian.delta(*arguments)
    lower, _ = gaussian.delta_enclosure(*arguments, digits=25)
    decimal_lower, _ = gaussian.delta_enclosure("1e-6", 1, "3e-5", digits=25)
    with mp.workdps(40):
        binary = as_mpf(lower)
        assert abs(mp.mpf(value) - binary) <= 4e-16 * binary
        assert abs(as_mpf(decimal_lower) - binary) >= 1e-14 * binary
    assert gaussian.certify(*arguments, value * (1 + 2e-15)).verdict == "pass"
    assert gaussian.certify(*arguments, value * (1 - 2e-15)).verdict == "fail"
    exact = [Fraction(a) for a in arguments]
    assert gaussian.certify(*arguments, value).verdict == gaussian.certify(*exact, value).verdict
