"""The Gaussian mechanism: exact δ(ε) profile, calibration, certified enclosures, errors.

``M(D) = f(D) + Z`` with ``Z ~ N(0, σ²)``.  For a query with global ℓ₂ sensitivity ``Δ``
(a neighbouring pair attaining it, as for :mod:`dplab.mechanisms.queries`), the smallest δ for which
``M`` is (ε, δ)-differentially private is, with ``h = Δ/σ`` (Balle & Wang 2018, *Improving
the Gaussian mechanism for differential privacy*, ICML, Thm. 8),

    δ(ε) = Φ(h/2 − ε/h) − e^ε Φ(−h/2 − ε/h),        Δ > 0,   and δ = 0 for Δ = 0.

It is the integral of ``[p − e^ε q]₊`` over the half-line where the privacy loss
``L(y) = (h/σ)(Δ/2 − y)`` exceeds ε.  δ decreases in ε and in σ and increases in Δ, with
``∂δ/∂h = φ(h/2 − ε/h)`` (the ``ε/h²`` terms cancel because ``φ(a) = e^ε φ(b)``).

**Why the textbook formula is not used as written.**  Write ``a = h/2 − ε/h``,
``b = a − h`` and ``x = −a``, ``y = −b = x + h``.  For large ε the two terms are both tiny
and nearly equal; ``e^ε`` overflows for ε > 709 while ``Φ(b)`` underflows; and for small h
the two terms agree to ``log₁₀(x/h)`` digits.  Here nothing of that is formed.  With the
Mills ratio ``R(t) = Φ(−t)/φ(t) = ∫₀^∞ e^{−ts − s²/2} ds`` and ``e^ε φ(b) = φ(a)``,

    δ = φ(x) · D,   D = R(x) − R(y) = ∫_x^y M(t) dt,   M(t) = 1 − tR(t) = −R'(t) > 0.

How each piece is computed, and what it costs in accuracy (u = 2⁻⁵³):

* ``R`` and ``M`` at ``t ≥ 0``: below t = 4 from Taylor series about the nearest k/8, whose
  coefficients follow from ``R' = tR − 1`` started at ``R(k/8)`` in ball arithmetic; from
  t = 4 on from Laplace's continued fraction ``R(t) = 1/(t + 1/(t + 2/(t + …)))`` (DLMF
  7.9.3, in the variable t/√2), evaluated backward so that every step adds positive terms
  and damps the error before it, its last three steps in double-double; there
  ``M = 1/(g₀g₁)`` from the fraction's first two denominators, so ``1 − tR`` is never
  formed.  R comes out as a double-double with relative error below 2e-18, M within
  about one rounding (both checked against mpmath in the tests).
* ``D`` for ``x ≥ 0`` and ``h < max(1, x)/8``, about the midpoint ``m = x + h/2``: for
  ``m ≥ 4`` by the series ``D = h·M(m)·Σ_k (h/2)^{2k}/(g₂g₃⋯g_{2k+1})`` of positive terms
  (the g_n are the continued fraction's denominators at m, and
  ``M^{(j)}(m)/M(m) = (j+1)!/(g₂⋯g_{j+1})`` for even j); below 4, where
  ``h < 3e-5·max(1, x)``, by the midpoint rule with its first correction
  ``h·M(m)(1 + h²M''(m)/24M(m))``, otherwise by 8-point Gauss–Legendre quadrature of the
  positive M (nodes placed in double-double, the sum compensated).  For
  ``h ≥ max(1, x)/8`` as the double-double difference ``R(x) − R(y)``, where
  ``R(y) < 0.9·R(x)``, so the subtraction costs at most a factor 10 on an error of 2e-18.
  For ``x ≥ 1e150`` as ``h/(x(x + h))`` with its logarithm, from ``R(t) = 1/t`` to a
  relative ``1/t² ≤ 1e-300`` (M itself underflows from ``x ≈ 1.3e154`` on).  Every branch
  leaves D within about 2u.
* ``x < 0`` (then ``a = −x ≤ h/2``): ``δ = Φ(a) − φ(a)R(y)`` is rewritten as the sum of
  positive terms ``φ(a)·(2S(a) + D(a, h − 2a))`` with ``S(a) = Σ a^{2k+1}/(2k+1)!!``
  (``2φ(a)S(a) = Φ(a) − Φ(−a)``) for ``a < 2``; for ``a ≥ 2`` through the complement
  ``1 − δ = φ(a)·(R(a) + R(y)) ≤ 2Φ(−2)``.
* ``φ(x)``: the exponent ``x²/2`` is formed in double-double arithmetic from the exact
  inputs (Dekker 1971 products on the binary mantissas of Δ, σ, ε), so ``ln δ`` keeps full
  relative accuracy far past underflow, e.g. ``log₁₀ δ ≈ −2223595.49`` for Δ = 1/32,
  σ = 10, ε = 10; ``e^{−x²/2}`` itself costs up to 2u (NumPy's ``exp``).

Measured against the 100-digit mpmath table in ``tests/data/gaussian_reference.json``
(``tools/gaussian_reference.py``; 789 points, ``h`` from 1e-3 to 1e3, ε from 0 to 1e4), the
relative error of δ is at most 3.6e-16 wherever δ is a normal double and that of ``ln δ``
at most 1.1e-16 where δ underflows; on random inputs chosen near every branch point above,
in the tails and at tiny and large h (``tests/maths/mechanisms/test_gaussian_accuracy.py``, 400-bit
references), the tests require a relative error of δ on any input at most 1e-15, and
``make bench-gaussian`` reports the largest one it meets.  A scalar call runs the same
arithmetic in Python floats as an array call does in NumPy; the two differ at most by the
ulp or so in which :mod:`math`'s and NumPy's ``exp`` and ``log`` may differ.  Where Δ, σ and
ε all lie in [2^−300, 2^300] (or ε = 0) a scalar call skips the split into mantissa and
exponent, which changes no bit of x, h and x²/2 (the reason is at ``_UNSCALED``; a test
compares the two on random inputs), and the quadrature goes through its nodes in Python
floats; ``make bench-gaussian`` compares its speed with dp_accounting's.

**Underflow is reported, never rounded to 0.**  :func:`delta` raises
:class:`DeltaUnderflowError` when the exact δ is positive but below the smallest normal
double (2.2250738585072014e-308), carrying ``ln δ``; use :func:`log_delta` there.  Only
where ``x`` exceeds about 1.9e154 is ``ln δ`` itself below −1.8e308: :func:`log_delta`
then raises :class:`OutOfRangeError`.  Δ = 0 is the only case with δ = 0 (and
``ln δ = −inf``).

**Calibration never errs on the unsafe side.**  :func:`sigma_for` and :func:`eps_for` solve
``δ = target`` (Brent's method on ``ln δ``; ε = 0 in closed form
``σ = Δ / (2√2 erfinv(δ))``), then walk the doubles to the smallest one at which
:func:`certify` proves the claim, reading every float by its binary value
(:mod:`dplab._validation`): no tolerance on δ or σ is involved anywhere.

**Certified mode.**  :func:`delta_enclosure` and :func:`certify` use rigorous ball
arithmetic (Arb through python-flint) with exact rational inputs.  Arb's ``erfc`` of an
inexact ball with a large argument loses every digit, so for ``t > 2`` the Mills ratio is
taken from the confluent hypergeometric function, ``R(t) = U(½, ½, t²/2)/√2`` (DLMF
13.6.7: ``U(½, ½, z²) = √π e^{z²} erfc z``), which Arb evaluates to full accuracy there.

>>> round(delta(1, 1, 1), 8)  # sum of n = 4 records in [0, 1], σ = 1, ε = 1
0.12693674
>>> float(f"{delta(0.25, 1, 1):.8g}")  # the mean of the same records
2.9242721e-06
>>> round(log_delta(1 / 32, 10, 10) / math.log(10), 4)
-2223595.4904
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple, Protocol, TypeAlias, cast, overload

import numpy as np
from flint import arb, ctx
from scipy import optimize, special

from dplab._errors import DeltaUnderflowError
from dplab._exact import ball
from dplab._validation import check_int, check_rational, check_real, check_real_array
from dplab.finite import RationalLike

__all__ = [
    "ArrayLike",
    "CalibrationComparison",
    "DeltaUnderflowError",
    "GaussianCertificate",
    "OutOfRangeError",
    "Verdict",
    "certify",
    "classic_sigma",
    "compare_calibrations",
    "delta",
    "delta_enclosure",
    "density",
    "eps_for",
    "error_interval",
    "interval_coverage",
    "log_delta",
    "mean_absolute_error",
    "mse",
    "privacy_loss",
    "sigma_for",
    "worst_event_edge",
]

ArrayLike: TypeAlias = float | np.ndarray | list[float] | tuple[float, ...]
"""A real number or an array of them; array arguments broadcast together."""

_TINY = float(np.finfo(np.float64).tiny)  # smallest normal double
_SMALLEST_POSITIVE = math.ulp(0.0)  # 5e-324, the smallest subnormal
_LARGEST = float(np.finfo(np.float64).max)
_LOG_LARGEST = math.log(_LARGEST)
_LN2 = 0.6931471805599453
_LOG_SQRT_2PI = 0.9189385332046728  # ln √(2π)
_INV_SQRT_2PI = 0.3989422804014327  # 1/√(2π) rounded; _INV_SQRT_2PI_LO is the rest
_SQRT_HALF = 0.7071067811865476  # 1/√2
_SPLITTER = 134217729.0  # 2**27 + 1, Veltkamp's splitting constant for doubles
_BLOCK = 4096  # array elements per pass: temporaries stay in cache and off the page allocator
_DD_LIMIT = 1e150  # beyond this |x|, x² is formed in plain double (x² ≤ 1.8e308 or ln δ overflows)


class OutOfRangeError(OverflowError, ValueError):
    """The answer exists but lies outside the range of doubles (the message gives the range).

    An :class:`OverflowError` for the calibrations that always raised one, and a
    :class:`ValueError` like every other refusal of an argument.
    """


# --- double-double building blocks (Dekker 1971; Knuth, TAOCP vol. 2, §4.2.2) -------------


@overload
def _two_sum(a: float, b: float) -> tuple[float, float]: ...
@overload
def _two_sum(a: np.ndarray, b: _Float) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def _two_sum(a: _Float, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def _two_sum(a: _Float, b: _Float) -> tuple[_Float, _Float]: ...
def _two_sum(a: _Float, b: _Float) -> tuple[_Float, _Float]:
    """``a + b = s + e`` exactly, with ``s = fl(a + b)``."""
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


@overload
def _two_prod(a: float, b: float) -> tuple[float, float]: ...
@overload
def _two_prod(a: np.ndarray, b: _Float) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def _two_prod(a: _Float, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def _two_prod(a: _Float, b: _Float) -> tuple[_Float, _Float]: ...
def _two_prod(a: _Float, b: _Float) -> tuple[_Float, _Float]:
    """``a·b = p + e`` exactly (for |a|, |b| well inside the double range)."""
    p = a * b
    a_big = _SPLITTER * a
    a_hi = a_big - (a_big - a)
    b_big = _SPLITTER * b
    b_hi = b_big - (b_big - b)
    a_lo, b_lo = a - a_hi, b - b_hi
    return p, ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo


def _dd_div(hi: _Float, lo: _Float, d: _Float) -> tuple[_Float, _Float]:
    """``(hi + lo) / d`` as a double-double (one Newton correction of the quotient)."""
    q = hi / d
    p, e = _two_prod(q, d)
    r = (((hi - p) - e) + lo) / d
    s = q + r
    return s, r - (s - q)


# --- the floating-point evaluator ---------------------------------------------------------
#
# The method and its error budget are in the module docstring.  In the coefficient
# recurrence of the Taylor series, (n+1)·r_{n+1} = c·r_n + r_{n−1} with r₀ = R(c) and
# r₁ = cR(c) − 1.  The kernels take 1-d numpy arrays or Python floats alike: a scalar call
# runs the same arithmetic without the per-operation cost of NumPy scalars, and _xp,
# _where, _ratio and _piecewise are the only places that tell the two apart.

_Float: TypeAlias = np.ndarray | float

_TAYLOR_STEP = 0.125  # centres k/8; |t − c| ≤ 1/16
_TAYLOR_LIMIT = 4.0  # below it Taylor series, from it on the continued fraction
_TAYLOR_TERMS = 15  # the remainder is below 1e-23 of R and of M for c ≤ 4, |t − c| ≤ 1/16
_CF_DOUBLE_DOUBLE_STEPS = 3
_MIDPOINT = 3e-5  # D by the corrected midpoint rule where h < _MIDPOINT·max(1, x),
_NEAR = 0.125  # by quadrature where h < _NEAR·max(1, x), by a difference of R otherwise
_MIDPOINT_TERMS = 7  # terms of the midpoint series where the continued fraction applies
_GL_NODES, _GL_WEIGHTS = np.polynomial.legendre.leggauss(8)
_GL_POINTS = 0.5 * (1.0 + _GL_NODES)  # the nodes mapped to [0, 1]
_GL_HALF_WEIGHTS = 0.5 * _GL_WEIGHTS
_GL_NODES_AND_WEIGHTS = tuple(zip(_GL_POINTS.tolist(), _GL_HALF_WEIGHTS.tolist(), strict=True))
_SERIES_LIMIT = 2.0  # x < 0: the odd series below −x = 2, the complement from there on
_SERIES_TERMS = 40  # Σ a^{2k+1}/(2k+1)!! to below 1e-30 of its sum for a ≤ 2
_TINY_H = 1e-300
with ctx.workprec(128):
    _INV_SQRT_2PI_LO = float((1 / (2 * arb.pi()).sqrt() - _INV_SQRT_2PI).mid())


class _ScalarMath:
    """NumPy's functions for one Python float, with NumPy's results at the edges (inf, NaN
    or 0 where :mod:`math` would raise), at a tenth of the cost of a NumPy scalar call."""

    isfinite = staticmethod(math.isfinite)
    abs = staticmethod(abs)
    maximum = staticmethod(max)

    @staticmethod
    def exp(value: float) -> float:
        try:
            return math.exp(value)
        except OverflowError:
            return math.inf

    @staticmethod
    def log(value: float) -> float:
        if value > 0:
            return math.log(value)
        return -math.inf if value == 0 else math.nan

    @staticmethod
    def log1p(value: float) -> float:
        if value > -1:
            return math.log1p(value)
        return -math.inf if value == -1 else math.nan

    @staticmethod
    def sqrt(value: float) -> float:
        return math.sqrt(value) if value >= 0 else math.nan

    @staticmethod
    def ldexp(mantissa: float, exponent: int) -> float:
        try:
            return math.ldexp(mantissa, exponent)
        except OverflowError:
            return math.copysign(math.inf, mantissa)


class _Namespace(Protocol):
    """What the evaluator calls on :func:`_xp`'s namespace, with arrays or with floats."""

    exp: Callable[[_Float], _Float]
    log: Callable[[_Float], _Float]
    log1p: Callable[[_Float], _Float]
    sqrt: Callable[[_Float], _Float]
    abs: Callable[[_Float], _Float]
    isfinite: Callable[[_Float], np.ndarray | bool]
    maximum: Callable[[_Float, _Float], _Float]
    ldexp: Callable[[_Float, np.ndarray | int], _Float]


def _xp(value: _Float) -> _Namespace:
    """The namespace of functions for ``value``: NumPy for arrays, _ScalarMath for floats."""
    # Each function is called with the kind of value that chose its namespace (an array
    # for NumPy, a float for _ScalarMath), which a Protocol cannot say: hence the cast.
    return cast(_Namespace, np if isinstance(value, np.ndarray) else _ScalarMath)


def _where(condition: np.ndarray | bool, if_true: _Float, if_false: _Float) -> _Float:
    if isinstance(condition, np.ndarray):
        return np.where(condition, if_true, if_false)
    return if_true if condition else if_false


def _ratio(low: _Float, high: _Float) -> _Float:
    """``low/high`` (a correction term): 0 where a float ``high`` is 0, as NumPy would
    give a value that the caller then discards."""
    if isinstance(high, np.ndarray) or high != 0:
        return low / high
    return 0.0


_Kernel: TypeAlias = Callable[..., tuple[_Float, ...]]


def _piecewise(
    cases: tuple[tuple[np.ndarray | bool, _Kernel], ...], outputs: int, *args: _Float
) -> tuple[_Float, ...]:
    """Apply at each point the kernel of the first ``(condition, kernel)`` that holds there.

    Points where no condition holds get zeros.  Each kernel maps the arguments (restricted
    to its points) to ``outputs`` values.
    """
    if not isinstance(args[0], np.ndarray):
        for condition, kernel in cases:
            if condition:
                return kernel(*args)
        return (0.0,) * outputs
    arrays = [np.asarray(a) for a in args]  # all arrays, as the first is
    results = tuple(np.zeros_like(arrays[0]) for _ in range(outputs))
    remaining = np.ones(arrays[0].shape, dtype=bool)
    for condition, kernel in cases:
        mask = remaining & condition
        remaining &= np.logical_not(condition)
        if mask.any():
            for result, value in zip(results, kernel(*(a[mask] for a in arrays)), strict=True):
                result[mask] = value
    return results


@functools.cache
def _taylor_rows() -> list[tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], float]]:
    """The rows of :func:`_taylor_table` as Python floats, for scalar calls."""
    r_rows, m_rows, r_low, m_low = _taylor_table()
    return [
        (
            tuple(r_rows[k].tolist()),
            tuple(m_rows[k].tolist()),
            tuple(r_low[k].tolist()),
            float(m_low[k]),
        )
        for k in range(len(r_rows))
    ]


@functools.cache
def _taylor_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Rows k: Taylor coefficients of R and of M about c = k/8 as doubles, and the low
    parts of ``(r₀, r₁)`` and of ``m₀``, the terms that are summed in double-double."""
    r_rows, m_rows, r_low, m_low = [], [], [], []
    with ctx.workprec(256):
        for k in range(int(_TAYLOR_LIMIT / _TAYLOR_STEP) + 1):
            c = arb(k) / 8
            r = [_mills_ball(c)]
            r.append(c * r[0] - 1)
            for n in range(1, _TAYLOR_TERMS + 1):
                r.append((c * r[n] + r[n - 1]) / (n + 1))
            m = [-(n + 1) * r[n + 1] for n in range(_TAYLOR_TERMS)]
            r_rows.append([float(v.mid()) for v in r[:_TAYLOR_TERMS]])
            m_rows.append([float(v.mid()) for v in m])
            r_low.append([float((r[n] - r_rows[-1][n]).mid()) for n in (0, 1)])
            m_low.append(float((m[0] - m_rows[-1][0]).mid()))
    return np.array(r_rows), np.array(m_rows), np.array(r_low), np.array(m_low)


def _horner(coefficients: np.ndarray | tuple[float, ...], s: _Float, first: int) -> _Float:
    """``Σ_{n ≥ first} coefficients[n]·s^{n − first}`` (each entry a float or a column)."""
    total: _Float = coefficients[-1]
    for n in range(len(coefficients) - 2, first - 1, -1):
        total = total * s + coefficients[n]
    return total


def _mills_taylor(t: _Float) -> tuple[_Float, ...]:
    index: np.ndarray | int
    r: np.ndarray | tuple[float, ...]
    m: np.ndarray | tuple[float, ...]
    r_low: np.ndarray | tuple[float, ...]
    m_low: np.ndarray | float
    if isinstance(t, np.ndarray):
        r_rows, m_rows, r_low, m_low = _taylor_table()
        index = np.rint(t / _TAYLOR_STEP).astype(np.intp)
        r, m, r_low, m_low = r_rows[index].T, m_rows[index].T, r_low[index].T, m_low[index]
    else:
        index = round(t / _TAYLOR_STEP)
        r, m, r_low, m_low = _taylor_rows()[index]
    s = t - index * _TAYLOR_STEP  # exact (Sterbenz): t and the centre are within a factor 2
    product, product_err = _two_prod(r[1], s)
    hi, err = _two_sum(r[0], product)
    lo = err + product_err + r_low[0] + r_low[1] * s + _horner(r, s, 2) * (s * s)
    hi, lo = _two_sum(hi, lo)
    mills = m[0] + (m_low + s * _horner(m, s, 1))
    # M' = tM − R, M''/M = 3 + t² − 1/M
    return hi, lo, mills, t * mills - hi, (3.0 + t * t) - 1.0 / mills


def _finite_or_zero(value: _Float) -> _Float:
    """A low part that overflowed (t beyond 1e150, where it is negligible) counts as 0."""
    if isinstance(value, np.ndarray):
        return np.where(np.isfinite(value), value, 0.0)
    return value if math.isfinite(value) else 0.0


def _continued_fraction_step(
    t: _Float, numerator: float, hi: _Float, lo: _Float
) -> tuple[_Float, _Float]:
    """``t + numerator/(hi + lo)`` as a double-double."""
    quotient = numerator / hi
    product, product_err = _two_prod(quotient, hi)
    remainder = ((numerator - product) - product_err) - quotient * lo
    total, err = _two_sum(t, quotient)
    return _two_sum(total, _finite_or_zero(err + remainder / hi))


def _mills_fraction(t: _Float, denominators: list[_Float] | None = None) -> tuple[_Float, ...]:
    """R, M and the ratios from the continued fraction; its denominators g₂, g₃, … up to
    the length of ``denominators`` are stored there when it is given."""
    smallest = float(t.min()) if isinstance(t, np.ndarray) else t
    terms = math.ceil(10 + 300 / smallest / smallest)  # checked against Arb in the tests
    keep = 0 if denominators is None else len(denominators) + 2  # g_n for n < keep
    terms = max(terms, keep)
    g = 0.5 * (t + _xp(t).sqrt(t * t + 4.0 * (terms + 2)))  # the tail's own limit
    for n in range(terms, max(keep, _CF_DOUBLE_DOUBLE_STEPS) - 1, -1):
        g = t + (n + 1) / g
    for n in range(keep - 1, _CF_DOUBLE_DOUBLE_STEPS - 1, -1):  # terms ≥ keep
        g = t + (n + 1) / g
        assert denominators is not None  # keep > 0: there is no loop without them
        denominators[n - 2] = g
    hi, lo = g, 0.0 * g
    for n in range(_CF_DOUBLE_DOUBLE_STEPS - 1, 0, -1):
        if n == 1:  # g = g₃, hi = g₂
            g2, curvature = hi, 6.0 / (g * hi)  # M''/M = 3 + t² − g₀g₁ = 6/(g₂g₃)
        hi, lo = _continued_fraction_step(t, n + 1, hi, lo)
    if denominators is not None:
        denominators[0] = g2
    g0_hi, g0_lo = _continued_fraction_step(t, 1.0, hi, lo)
    r_hi = 1.0 / g0_hi
    product, product_err = _two_prod(r_hi, g0_hi)
    r_lo = _finite_or_zero(((1.0 - product) - product_err) - r_hi * g0_lo) * r_hi
    product, product_err = _two_prod(g0_hi, hi)  # M = 1/(g₀g₁)
    product_lo = _finite_or_zero(product_err + (g0_hi * lo + g0_lo * hi))
    m = (1.0 - product_lo / product) / product
    return r_hi, r_lo, m, -2.0 * m / g2, curvature  # M' = tM − R = −2/(g₀g₁g₂)


def _mills_pair(t: _Float) -> tuple[_Float, ...]:
    """``(R_hi, R_lo, M, M', M''/M)`` at ``t ≥ 0``; +inf gives zeros.

    M' and M''/M serve only as small corrections and are accurate to a few ulps.
    """
    if not isinstance(t, np.ndarray):  # the same choice as below, without building it
        if t < _TAYLOR_LIMIT:
            return _mills_taylor(t)
        return _mills_fraction(t) if t < math.inf else (0.0,) * 5
    return _piecewise(((t < _TAYLOR_LIMIT, _mills_taylor), (t < np.inf, _mills_fraction)), 5, t)


class _Geometry(NamedTuple):
    """``x = εσ/Δ − Δ/2σ`` and ``h = Δ/σ`` as double-doubles, ``ln h``, ``x²/2 = q + q_lo``."""

    x: _Float
    x_lo: _Float
    h: _Float
    h_lo: _Float
    log_h: _Float
    q: _Float
    q_lo: _Float

    def subset(self, mask: np.ndarray) -> _Geometry:
        return _Geometry(*(np.asarray(value)[mask] for value in self))


# Scalars whose arguments all lie in [2^−300, 2^300] (ε may also be 0) skip the split into
# mantissa and exponent.  Every product, quotient and low part formed from them before x
# is then 0 or a normal double (a low part is 0 or at least 2^−106 of its value, and the
# values lie in [2^−900, 2^930], also for Δ·√k with √k ≤ 2^27), so each rounding is the
# one on the mantissas scaled by an exact power of two: x, h and x²/2 are the same
# double-doubles to the last bit, and ln h differs only as math.log(h) differs from
# ln m + e·ln 2, by an ulp (both checked in the tests).
_UNSCALED = (2.0**-300, 2.0**300)


_Exponent: TypeAlias = np.ndarray | int


def _split(sensitivity: _Float, sigma: _Float, eps: _Float) -> tuple[tuple[_Float, _Exponent], ...]:
    """Each argument as ``mantissa · 2^exponent``: by frexp, or all three as ``(value, 0)``
    for floats in the unscaled range."""
    values = (sensitivity, sigma, eps)
    if isinstance(sensitivity, np.ndarray):
        return tuple(np.frexp(value) for value in values)
    low, high = _UNSCALED
    if low <= sensitivity <= high and low <= sigma <= high and (eps == 0 or low <= eps <= high):
        return (sensitivity, 0), (sigma, 0), (eps, 0)
    return tuple(math.frexp(float(value)) for value in values)  # floats here


def _geometry(sensitivity: _Float, sigma: _Float, eps: _Float, root: float = 1.0) -> _Geometry:
    """Form ``x``, ``h`` and ``x²/2`` in double-double from the exact binary inputs, for
    sensitivity ``Δ·root`` (the product not rounded; Δ > 0)."""
    xp = _xp(sensitivity)
    (m_d, e_d), (m_s, e_s), (m_e, e_e) = _split(sensitivity, sigma, eps)
    # h = Δ·root/σ and r = εσ/(Δ·root) as double-doubles on the mantissas, scaled exactly.
    numerator: tuple[_Float, _Float] = (m_d, 0.0 * m_d) if root == 1.0 else _two_prod(m_d, root)
    h_hi, h_lo = _dd_div(*numerator, m_s)
    e_h = e_d - e_s
    r_hi, r_lo = _dd_div(*_two_prod(m_e, m_s), m_d)
    if root != 1.0:
        r_hi, r_lo = _dd_div(r_hi, r_lo, root)
    e_r = e_e + e_s - e_d
    half_h_lo = 0.5 * h_lo
    if isinstance(e_h, np.ndarray) or e_h or e_r:  # scale back exactly
        h, r = xp.ldexp(h_hi, e_h), xp.ldexp(r_hi, e_r)
        r_lo, half_h_lo, h_lo = xp.ldexp(r_lo, e_r), xp.ldexp(half_h_lo, e_h), xp.ldexp(h_lo, e_h)
    else:
        h, r = h_hi, r_hi
    x, x_lo = _two_sum(r, -0.5 * h)
    x_lo = _where(xp.isfinite(x), x_lo + (r_lo - half_h_lo), 0.0)
    x, x_lo = _two_sum(x, x_lo)
    x_lo = _where(xp.isfinite(x), x_lo, 0.0)  # an infinite x has no low part
    small = xp.abs(x) < _DD_LIMIT
    x_small = _where(small, x, 0.0)
    square, square_lo = _two_prod(x_small, x_small)
    square_lo = square_lo + 2.0 * x_small * x_lo
    q = _where(small, 0.5 * (square + square_lo), 0.5 * x * x)
    q_lo = _where(small, 0.5 * ((square - 2.0 * q) + square_lo), 0.0)
    log_h = xp.log(h_hi) + e_h * _LN2
    return _Geometry(x, x_lo, h, h_lo, log_h, q, q_lo)


def _gap_midpoint(x: _Float, x_lo: _Float, h: _Float, h_lo: _Float) -> tuple[_Float, ...]:
    """``D = h·M(m)·(1 + h²M''(m)/24M(m))`` at ``m = x + h/2`` (h < 3e-5·max(1, x)).

    The midpoint rule with its first correction; the next term, h⁵/1920 times the fourth
    derivative of M, is below 1e-19 of D there.  ``m`` is formed in double-double.
    """
    m, m_err = _two_sum(x, 0.5 * h)
    m_lo = m_err + x_lo + 0.5 * h_lo
    _, _, value, slope, curvature = _mills_pair(m)
    mean = (value + m_lo * slope) * (1.0 + h * h / 24.0 * curvature)
    return h * mean, h_lo * mean, _xp(mean).log(mean)


def _gap_near(x: _Float, x_lo: _Float, h: _Float, h_lo: _Float) -> tuple[_Float, ...]:
    """``D = ∫_x^{x+h} M(t) dt`` by 8-point Gauss–Legendre quadrature (h < max(1, x)/8).

    Each node is placed in double-double and M is moved to it along M'; the weighted
    values are added by :func:`_compensated_sum`.  Returns ``(hi, lo, ln of the mean of
    M)``: ``ln D = ln h + ln mean`` also where ``h·mean`` underflows.  Arrays take the
    nodes as a last axis; a scalar call goes through them in Python floats.
    """
    if not isinstance(x, np.ndarray):
        terms = []
        for point, weight in _GL_NODES_AND_WEIGHTS:
            step, step_err = _two_prod(h, point)
            t, t_err = _two_sum(x, step)
            _, _, m, slope, _ = _mills_pair(t)
            terms.append((m + (t_err + step_err + x_lo + h_lo * point) * slope) * weight)
        mean = _compensated_sum(terms)
        return h * mean, h_lo * mean, math.log(mean)
    x, x_lo, h, h_lo = (np.asarray(v)[..., None] for v in (x, x_lo, h, h_lo))
    with np.errstate(all="ignore"):
        step, step_err = _two_prod(h, _GL_POINTS)
        t, t_err = _two_sum(x, step)
        t_lo = t_err + step_err + x_lo + h_lo * _GL_POINTS
        _, _, m, slope, _ = (np.asarray(part).reshape(t.shape) for part in _mills_pair(t.ravel()))
        mean = _compensated_sum((m + t_lo * slope) * _GL_HALF_WEIGHTS)
        return h[..., 0] * mean, h_lo[..., 0] * mean, np.log(mean)


def _compensated_sum(terms: np.ndarray | list[float]) -> _Float:
    """The sum over the last axis (of an array, or of a list of floats) in a fixed pairwise
    order, each addition's rounding error carried along (Neumaier 1974), in the same order
    for every point of an array."""
    errors: _Float = 0.0
    if isinstance(terms, list):
        values = terms
        while len(values) > 1:
            half = len(values) // 2
            pairs = [_two_sum(a, b) for a, b in zip(values[:half], values[half:], strict=True)]
            values = [total for total, _ in pairs]
            errors = errors + sum(error for _, error in pairs)
        return values[0] + errors
    array = terms
    while array.shape[-1] > 1:
        half = array.shape[-1] // 2
        array, error = _two_sum(array[..., :half], array[..., half : 2 * half])
        errors = errors + error.sum(axis=-1)
    return array[..., 0] + errors


def _gap_far(x: _Float, x_lo: _Float, h: _Float, h_lo: _Float) -> tuple[_Float, ...]:
    """``D = R(x) − R(x + h)`` in double-double (h ≥ max(1, x)/8, so R(x+h) < 0.9·R(x))."""
    y, y_lo = _two_sum(x, h)
    xp = _xp(x)
    y_lo = _where(xp.isfinite(y), y_lo + x_lo + h_lo, 0.0)
    rx_hi, rx_lo, mx, _, _ = _mills_pair(x)
    ry_hi, ry_lo, my, _, _ = _mills_pair(y)
    hi, err = _two_sum(rx_hi, -ry_hi)
    lo = err + (rx_lo - ry_lo) - mx * x_lo + my * y_lo
    return hi, lo, xp.log(hi) + lo / hi - xp.log(h)


def _gap_series(x: _Float, x_lo: _Float, h: _Float, h_lo: _Float) -> tuple[_Float, ...]:
    """``x + h/2 ≥ 4``, ``h < max(1, x)/8``: the midpoint series with positive terms

        D = h·M(m)·Σ_{k≥0} (h/2)^{2k} / (g₂g₃⋯g_{2k+1}),    m = x + h/2,

    from ``M^{(j)}(m)/M(m) = (j+1)!/(g₂⋯g_{j+1})`` (the j-th derivative, j even), where
    g_n are the continued fraction's denominators at m.  Each term is at most 1/256 of
    the one before, so _MIDPOINT_TERMS terms leave less than 1e-17 of D.
    """
    m, m_err = _two_sum(x, 0.5 * h)
    m_lo = m_err + x_lo + 0.5 * h_lo
    denominators: list[_Float] = [0.0] * (2 * _MIDPOINT_TERMS)  # g₂ … g_{2K+1}
    _, _, value, slope, _ = _mills_fraction(m, denominators)
    quarter_square = 0.25 * h * h
    total: _Float = 1.0
    for k in range(_MIDPOINT_TERMS - 1, -1, -1):
        total = 1.0 + quarter_square / (denominators[2 * k] * denominators[2 * k + 1]) * total
    mean = (value + m_lo * slope) * total
    return h * mean, h_lo * mean, _xp(mean).log(mean)


def _gap_huge(x: _Float, x_lo: _Float, h: _Float, h_lo: _Float) -> tuple[_Float, ...]:
    """``x ≥ 1e150``: ``D = 1/x − 1/(x + h) = h/(x(x + h))``, with ``ln(D/h)`` in logarithms.

    ``R(t) = 1/t − 1/t³ + …`` (DLMF 7.12.1), so taking ``R(t) = 1/t`` costs a relative
    error below ``1/x² ≤ 1e-300``; the logarithm ``−ln x − ln(x + h)`` stays finite where
    ``1/(x(x + h))`` (and M with it) underflows, as it does from ``x ≈ 1.3e154`` on.
    """
    xp = _xp(x)
    log_mean = -2.0 * xp.log(x) - xp.log1p(h / x)
    mean = xp.exp(log_mean)
    return h * mean, h_lo * mean, log_mean


def _gap(x: _Float, x_lo: _Float, h: _Float, h_lo: _Float) -> tuple[_Float, ...]:
    """``D = R(x) − R(x + h) = ∫_x^{x+h} M(t) dt ≥ 0`` for ``x ≥ 0``.

    Returns ``(hi, lo, ln(D/h))``; ``D/h`` is the mean of M over the interval.
    """
    near = h < _NEAR * _xp(x).maximum(x, 1.0)
    cases = (
        (x >= _DD_LIMIT, _gap_huge),
        (near & (x + 0.5 * h >= _TAYLOR_LIMIT), _gap_series),
        (h < _MIDPOINT * _xp(x).maximum(x, 1.0), _gap_midpoint),
        (near, _gap_near),
    )
    return _piecewise((*cases, (True, _gap_far)), 3, x, x_lo, h, h_lo)


def _scaled(g: _Geometry, hi: _Float, lo: _Float, log_gap: _Float) -> tuple[_Float, _Float]:
    """``(ln δ, δ)`` from ``δ = φ(x)·(hi + lo)`` and ``ln(hi + lo) = log_gap``.

    An infinite ``x²/2`` (x beyond 1.9e154) gives ``ln δ = −inf``, which the callers report.
    """
    log_delta = -g.q + ((log_gap - _LOG_SQRT_2PI) - g.q_lo)
    scaled, scaled_err = _two_prod(hi, _INV_SQRT_2PI)
    scaled = scaled + ((scaled_err + hi * _INV_SQRT_2PI_LO) + lo * _INV_SQRT_2PI)
    finite = g.q < np.inf
    return (
        _where(finite, log_delta, -np.inf),
        _where(finite, _xp(g.q).exp(-g.q) * (scaled - scaled * g.q_lo), 0.0),
    )


def _positive_x(g: _Geometry) -> tuple[_Float, _Float]:
    """``x ≥ 0``: ``δ = φ(x)·D(x, h)``."""
    hi, lo, log_mean = _gap(g.x, g.x_lo, g.h, g.h_lo)
    # ln D from D itself, or from ln h + ln mean where D is not a normal double
    log_gap = _xp(hi).log(hi) + _ratio(lo, hi)
    return _scaled(g, hi, lo, _where(hi >= _TINY, log_gap, g.log_h + log_mean))


def _odd_series(g: _Geometry, gap: _Float, gap_lo: _Float) -> tuple[_Float, _Float]:
    """``0 < a = −x < 2``: ``δ = φ(a)·(2S(a) + D(a, h − 2a))``, a sum of positive terms."""
    a, a_lo = -g.x, -g.x_lo
    square = a * a
    total = 1.0 + 0.0 * a
    for k in range(_SERIES_TERMS, 0, -1):
        total = 1.0 + total * square / (2 * k + 1)
    odd_sum = a * total
    odd_sum = odd_sum + (1.0 + a * odd_sum) * a_lo  # S' = 1 + aS
    d_hi, d_lo, _ = _gap(a, a_lo, gap, gap_lo)
    hi, err = _two_sum(2.0 * odd_sum, d_hi)
    lo = err + d_lo
    # Where h is below 1e-300, 2S(a) + D = h·(1 + O(h)) may underflow: its log is ln h.
    log_sum = _where(g.h < _TINY_H, g.log_h, _xp(hi).log(hi) + _ratio(lo, hi))
    return _scaled(g, hi, lo, log_sum)


def _complement(g: _Geometry, gap: _Float, gap_lo: _Float) -> tuple[_Float, _Float]:
    """``a = −x ≥ 2``: ``1 − δ = φ(a)·(R(a) + R(y)) ≤ 2Φ(−2)``, then ``δ = 1 − (1 − δ)``."""
    a, a_lo = -g.x, -g.x_lo
    r_a, _, m_a, _, _ = _mills_pair(a)
    r_y = _mills_pair(a + gap)[0]
    xp = _xp(a)
    density = xp.exp(-g.q) * ((1.0 - g.q_lo) * _INV_SQRT_2PI)
    complement = density * ((r_a - m_a * a_lo) + r_y)
    return xp.log1p(-complement), 1.0 - complement


def _negative_x(g: _Geometry) -> tuple[_Float, _Float]:
    """``x < 0``, so ``a = −x ≤ h/2``: ``δ = Φ(a) − φ(a)R(y)`` without cancellation.

    ``Φ(a) − Φ(−a) = 2φ(a)·S(a)`` with ``S(a) = Σ a^{2k+1}/(2k+1)!!`` (all terms positive),
    so ``δ = φ(a)·(2S(a) + R(a) − R(y))`` with ``y − a = h − 2a ≥ 0``.
    """
    gap, gap_lo = _two_sum(g.h, 2.0 * g.x)
    gap_lo = _where(gap > 0, gap_lo + g.h_lo + 2.0 * g.x_lo, 0.0)
    gap = _xp(gap).maximum(gap, 0.0)
    if not isinstance(g.x, np.ndarray):
        kernel = _odd_series if -g.x < _SERIES_LIMIT else _complement
        return kernel(g, gap, gap_lo)
    gap, gap_lo = np.asarray(gap), np.asarray(gap_lo)  # arrays, as g.x is
    log_delta, value = np.empty_like(g.x), np.empty_like(g.x)
    series = -g.x < _SERIES_LIMIT
    for mask, kernel in ((series, _odd_series), (~series, _complement)):
        if mask.any():
            log_delta[mask], value[mask] = kernel(g.subset(mask), gap[mask], gap_lo[mask])
    return log_delta, value


@overload
def _profile(
    sensitivity: float, sigma: float, eps: float, root: float = 1.0
) -> tuple[float, float]: ...
@overload
def _profile(
    sensitivity: np.ndarray, sigma: np.ndarray, eps: np.ndarray, root: float = 1.0
) -> tuple[np.ndarray, np.ndarray]: ...
def _profile(
    sensitivity: _Float, sigma: _Float, eps: _Float, root: float = 1.0
) -> tuple[_Float, _Float]:
    """``(ln δ, δ)`` for Δ > 0, σ > 0, ε ≥ 0 given as 1-d arrays or as floats, at
    sensitivity ``Δ·root``.

    δ may come out subnormal or 0 where it underflows; ``ln δ`` is then still accurate.
    Long arrays go through in blocks that stay in the processor's cache.  Scalars run in
    Python floats (NumPy only for the quadrature nodes, which set their own error state).
    """
    if not isinstance(sensitivity, np.ndarray):
        g = _geometry(float(sensitivity), float(sigma), float(eps), root)
        return (_positive_x if g.x >= 0 else _negative_x)(g)
    sigma, eps = np.asarray(sigma), np.asarray(eps)  # arrays, as sensitivity is
    with np.errstate(all="ignore"):
        log_delta = np.empty_like(sensitivity)
        value = np.empty_like(sensitivity)
        for start in range(0, sensitivity.size, _BLOCK):
            block = slice(start, start + _BLOCK)
            g = _geometry(sensitivity[block], sigma[block], eps[block], root)
            negative = np.asarray(g.x) < 0
            for mask, kernel in ((~negative, _positive_x), (negative, _negative_x)):
                if mask.any():
                    log_delta[block][mask], value[block][mask] = kernel(g.subset(mask))
    return log_delta, value


def _any(condition: np.ndarray | bool) -> bool:
    return bool(np.any(condition))


def _broadcast(**arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """The arrays broadcast together, or a ValueError that names them and their shapes."""
    try:
        return tuple(np.broadcast_arrays(*arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{name} {np.shape(value)}" for name, value in arrays.items())
        raise ValueError(
            f"the arguments must broadcast to one shape; got shapes {shapes}"
        ) from None


def _arguments(
    sensitivity: ArrayLike, sigma: ArrayLike, eps: ArrayLike
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    sensitivities, sigmas, epsilons = _broadcast(
        sensitivity=check_real_array("sensitivity", sensitivity, low=0),
        sigma=check_real_array("sigma", sigma, low=0, low_open=True),
        eps=check_real_array("eps", eps, low=0),
    )
    return sensitivities, sigmas, epsilons


def _finite_result(name: str, values: np.ndarray | float, arguments: str) -> None:
    """Refuse a result that overflowed the double range (the exact value is finite)."""
    if not np.all(np.isfinite(values)):
        raise OutOfRangeError(
            f"{name} lies outside the range of doubles (magnitude at most 1.8e308) for {arguments}"
        )


def _shaped(values: np.ndarray | float) -> float | np.ndarray:
    if type(values) is float:  # a NumPy float64 is a float too, and is converted below
        return values
    return float(values) if np.ndim(values) == 0 else values


_SEQUENCES = (np.ndarray, list, tuple)


def _is_scalar(sensitivity: object, sigma: object, eps: object) -> bool:
    return not (
        isinstance(sensitivity, _SEQUENCES)
        or isinstance(sigma, _SEQUENCES)
        or isinstance(eps, _SEQUENCES)
    )


def _scalar_arguments(
    sensitivity: object, sigma: object, eps: object
) -> tuple[float, float, float]:
    """The checked scalar arguments: floats in range pass at once, anything else through
    :func:`check_real` (which converts, or names the argument that is wrong)."""
    if (
        type(sensitivity) is float
        and type(sigma) is float
        and type(eps) is float
        and 0.0 <= sensitivity < math.inf
        and 0.0 < sigma < math.inf
        and 0.0 <= eps < math.inf
    ):
        return sensitivity, sigma, eps
    return (
        check_real("sensitivity", sensitivity, low=0),
        check_real("sigma", sigma, low=0, low_open=True),
        check_real("eps", eps, low=0),
    )


def _root(k: int) -> float:
    """``√k`` rounded once to a double, for ``k`` checked as a number of releases."""
    if type(k) is int and k == 1:
        return 1.0
    return math.sqrt(check_int("k", k, low=1, high=2**53))


def _evaluate(
    sensitivity: ArrayLike, sigma: ArrayLike, eps: ArrayLike, k: int
) -> (
    tuple[float, float, tuple[float, float, float]]
    | tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray]]
):
    """``(ln δ, δ, checked inputs)`` for sensitivity ``Δ·√k``; floats for scalar inputs,
    else broadcast arrays.  ``ln δ`` is ``−inf`` where it is below the double range."""
    root = _root(k)
    if _is_scalar(sensitivity, sigma, eps):
        arguments = _scalar_arguments(sensitivity, sigma, eps)
        if arguments[0] == 0:
            return -math.inf, 0.0, arguments
        log_value, value = _profile(*arguments, root)
        return log_value, value, arguments
    arrays = _arguments(sensitivity, sigma, eps)
    log_values = np.full(arrays[0].shape, -np.inf)
    values = np.zeros(arrays[0].shape)
    positive = arrays[0] > 0
    if positive.any():
        sensitivities, sigmas, epsilons = (a[positive] for a in arrays)
        log_values[positive], values[positive] = _profile(sensitivities, sigmas, epsilons, root)
    return log_values, values, arrays


def _first(mask: np.ndarray | bool, *arrays: _Float) -> tuple[str, tuple[_Float, ...]]:
    """The location text and values of the first point where ``mask`` holds."""
    if np.ndim(mask) == 0:
        return "", arrays
    index = tuple(int(i) for i in np.argwhere(mask)[0])
    where = f" at index {index[0] if len(index) == 1 else index}"
    return where, tuple(np.asarray(array)[index] for array in arrays)


def _described(sensitivity: _Float, sigma: _Float, eps: _Float, k: int) -> str:
    """The user's arguments, as a message names them."""
    releases = "" if k == 1 else f", k={k!r}"
    return (
        f"sensitivity={float(sensitivity)!r}, sigma={float(sigma)!r}, eps={float(eps)!r}{releases}"
    )


@overload
def log_delta(sensitivity: float, sigma: float, eps: float, *, k: int = 1) -> float: ...
@overload
def log_delta(
    sensitivity: ArrayLike, sigma: ArrayLike, eps: ArrayLike, *, k: int = 1
) -> float | np.ndarray: ...
def log_delta(
    sensitivity: ArrayLike, sigma: ArrayLike, eps: ArrayLike, *, k: int = 1
) -> float | np.ndarray:
    """The natural logarithm of the exact δ(ε) of Gaussian noise of standard deviation σ.

    Finite wherever δ is positive and ``ln δ ≥ −1.8e308``, however far below the double
    range δ itself is; ``−inf`` exactly when Δ = 0.  Arguments broadcast; a scalar call
    returns a float; ``k`` is as in :func:`delta`.  Raises :class:`OutOfRangeError` (an
    :class:`OverflowError`) where δ is positive but ``ln δ`` itself is below −1.8e308, which
    happens only when ``x = εσ/Δ − Δ/2σ`` exceeds about 1.9e154.

    >>> round(log_delta(1, 1, 1), 14)  # ln 0.126936737506643945... = −2.06406644650039045...
    -2.06406644650039
    >>> round(log_delta(0.03125, 10, 10), 8)  # −5120017.82907322024...
    -5120017.82907322
    """
    log_values, _, arguments = _evaluate(sensitivity, sigma, eps, k)
    if type(log_values) is not float or log_values == -math.inf:
        beyond = (arguments[0] > 0) & (log_values == -np.inf)
        if _any(beyond):
            where, (sensitivity, sigma, eps) = _first(beyond, *arguments)
            raise OutOfRangeError(
                f"δ is positive but ln δ is below −1.8e308, outside the double range{where}, "
                f"for {_described(sensitivity, sigma, eps, k)}"
            )
    return _shaped(log_values)


@overload
def delta(sensitivity: float, sigma: float, eps: float, *, k: int = 1) -> float: ...
@overload
def delta(
    sensitivity: ArrayLike, sigma: ArrayLike, eps: ArrayLike, *, k: int = 1
) -> float | np.ndarray: ...
def delta(
    sensitivity: ArrayLike, sigma: ArrayLike, eps: ArrayLike, *, k: int = 1
) -> float | np.ndarray:
    """The exact δ(ε) = Φ(Δ/2σ − εσ/Δ) − e^ε Φ(−Δ/2σ − εσ/Δ) (Balle & Wang 2018, Thm. 8).

    ``sensitivity`` is the global ℓ₂ sensitivity Δ ≥ 0, ``sigma`` the noise standard
    deviation σ > 0 and ``eps`` the claimed ε ≥ 0; they broadcast, and a scalar call
    returns a float.  δ depends on Δ/σ and ε only.  Δ = 0 gives exactly 0.

    ``k ≥ 1`` releases with the same noise compose to one release with sensitivity Δ√k
    (their privacy loss is a sum of k independent ``N(h²/2, h²)``, ``h = Δ/σ``: Dong, Roth
    & Su 2022, *Gaussian differential privacy*, JRSS B, Cor. 3.3); ``√k`` is rounded once
    to a double and the product is not rounded, so Δ√k may exceed the largest double.

    Raises :class:`DeltaUnderflowError` when a positive δ is below the smallest normal
    double (use :func:`log_delta` there); its ``log_delta`` is ``−inf`` at a point where
    ``ln δ`` itself is below −1.8e308, and the message says so.

    >>> round(delta(1, 1, 0), 15)  # 2Φ(1/2) − 1 = 0.38292492254802620727...
    0.382924922548026
    >>> delta([0, 1], 1, [1, 1])
    array([0.        , 0.12693674])
    >>> delta(1, 2, 1, k=4) == delta(2, 2, 1)  # √4 = 2 exactly
    True
    >>> delta(1 / 32, 10, 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dplab._errors.DeltaUnderflowError: δ is positive but below the smallest normal double ...
    """
    log_values, values, arguments = _evaluate(sensitivity, sigma, eps, k)
    if type(values) is not float or values < _TINY:
        underflow = (arguments[0] > 0) & (values < _TINY)
        if _any(underflow):
            where, (sensitivity, sigma, eps, log_value) = _first(underflow, *arguments, log_values)
            if log_value > -math.inf:
                logarithm, advice = f"log10 δ = {log_value / math.log(10):.10g}", "; use log_delta"
            else:
                logarithm, advice = "ln δ is below −1.8e308 as well", ""
            raise DeltaUnderflowError(
                f"δ is positive but below the smallest normal double {_TINY!r}{where}: "
                f"{logarithm} for {_described(sensitivity, sigma, eps, k)}{advice}",
                _shaped(log_values),
            )
    return _shaped(values)


# --- calibration --------------------------------------------------------------------------


def _check_target(target: ArrayLike) -> np.ndarray:
    return check_real_array("delta", target, low=0, high=1, low_open=True, high_open=True)


def _certified(sensitivity: float, sigma: float, eps: float, target: float) -> bool:
    """Whether :func:`certify` proves ``δ(ε) ≤ target``, each float read by its binary value."""
    exact = (Fraction(sensitivity), Fraction(sigma), Fraction(eps), Fraction(target))
    return _decide(*exact)[0] == "pass"


def _smallest_passing(start: float, passes: Callable[[float], bool]) -> float:
    """The smallest positive double ``v`` near ``start`` with ``passes(v)`` and not below it.

    ``passes`` is monotone (false below a threshold, true above it).  Positive doubles
    order like their bit patterns, so the search gallops and then bisects on integers.
    """

    def as_float(bits: int) -> float:
        return float(np.int64(bits).view(np.float64))

    start_bits = int(np.float64(start).view(np.int64))
    infinity_bits = int(np.float64(np.inf).view(np.int64))
    step = 1
    if passes(start):
        fail, ok = start_bits - 1, start_bits
        while fail > 0 and passes(as_float(fail)):
            ok, fail, step = fail, max(fail - step, 0), 2 * step
    else:
        fail, ok = start_bits, start_bits + 1
        while not passes(as_float(ok)):
            if ok >= infinity_bits:
                raise OutOfRangeError("no finite double meets the claim")
            fail, ok, step = ok, min(ok + step, infinity_bits), 2 * step
    while ok - fail > 1:
        middle = (ok + fail) // 2
        if passes(as_float(middle)):
            ok = middle
        else:
            fail = middle
    return as_float(ok)


def _tail_point(target: float) -> float:
    """A rough ``x`` with ``δ ≈ target`` (the Gaussian tail ``φ(x)/x ≈ target``)."""
    return math.sqrt(2.0 * max(-math.log(target) - _LOG_SQRT_2PI, 0.5))


_LOG_H_RANGE = (-745.2, 709.7)  # e^t is a positive finite double inside this range


def _h_for(eps: float, target: float) -> float:
    """The ``h = Δ/σ`` with ``δ(h, ε) = target`` (δ increases in h), to about 1e-15."""
    if eps == 0:  # δ = 2Φ(h/2) − 1 = erf(h/(2√2))
        return 2.0 * math.sqrt(2.0) * float(special.erfinv(target))
    log_target = math.log(target)

    def excess(log_h: float) -> float:
        h = max(math.exp(log_h), _SMALLEST_POSITIVE)
        return _profile(h, 1.0, eps)[0] - log_target

    x = _tail_point(target)  # h = 2ε/(√(x² + 2ε) + x) solves ε/h − h/2 = x
    root = math.sqrt(eps) * math.sqrt(2.0 + x * x / eps)  # √(x² + 2ε) without overflow
    guess = _LN2 + math.log(eps) - math.log(root + x)
    low = high = min(max(guess, _LOG_H_RANGE[0]), _LOG_H_RANGE[1])
    step = 0.5
    while excess(low) > 0 and low > _LOG_H_RANGE[0]:
        low, step = max(low - step, _LOG_H_RANGE[0]), 2 * step
    step = 0.5
    while excess(high) <= 0 and high < _LOG_H_RANGE[1]:
        high, step = min(high + step, _LOG_H_RANGE[1]), 2 * step
    if excess(low) > 0 or excess(high) <= 0:
        raise OutOfRangeError(f"no double h = Δ/σ gives δ = {target!r} at eps = {eps!r}")
    return math.exp(optimize.brentq(excess, low, high, xtol=1e-15, rtol=4 * np.finfo(float).eps))


def _sigma_for_one(sensitivity: float, eps: float, target: float) -> float:
    if sensitivity == 0:
        return 0.0
    guess = sensitivity / _h_for(eps, target)
    if guess == math.inf:
        raise OutOfRangeError(
            f"no finite double sigma meets delta={target!r} at eps={eps!r} for "
            f"sensitivity={sensitivity!r}: it would exceed 1.8e308"
        )
    return _smallest_passing(
        max(guess, _SMALLEST_POSITIVE), lambda sigma: _certified(sensitivity, sigma, eps, target)
    )


def _eps_for_one(sensitivity: float, sigma: float, target: float) -> float:
    if sensitivity == 0 or _certified(sensitivity, sigma, 0.0, target):
        return 0.0
    log_target = math.log(target)

    def excess(eps: float) -> float:
        values = _profile(sensitivity, sigma, eps)
        return float(values[0]) - log_target

    h = sensitivity / sigma
    low, high = 0.0, min(max(h * (_tail_point(target) + h / 2), _SMALLEST_POSITIVE), _LARGEST)
    while excess(high) > 0:
        if high == _LARGEST:
            raise OutOfRangeError(
                f"no finite double eps meets delta={target!r} for sensitivity="
                f"{sensitivity!r}, sigma={sigma!r}: it would exceed 1.8e308"
            )
        low, high = high, min(2 * high, _LARGEST)
    root = optimize.brentq(excess, low, high, xtol=_SMALLEST_POSITIVE, rtol=4 * np.finfo(float).eps)
    return _smallest_passing(
        max(root, _SMALLEST_POSITIVE), lambda eps: _certified(sensitivity, sigma, eps, target)
    )


def _elementwise(
    solve: Callable[[float, float, float], float], **arrays: np.ndarray
) -> float | np.ndarray:
    """Apply a scalar solver to every point of the broadcast arrays."""
    broadcast = _broadcast(**arrays)
    rows = zip(*(array.flat for array in broadcast), strict=True)
    result = np.array([solve(*map(float, row)) for row in rows])
    return _shaped(result.reshape(broadcast[0].shape))


def sigma_for(sensitivity: ArrayLike, eps: ArrayLike, delta: ArrayLike) -> float | np.ndarray:
    """The smallest σ (a double) for which Gaussian noise is (ε, δ)-DP at sensitivity Δ.

    Returns the smallest double σ for which :func:`certify` proves ``δ(ε) ≤ delta``, every
    float read by its binary value (:mod:`dplab._validation`): the certificate passes at σ
    and fails, or cannot decide, at the double just below it.  As certified δ decreases in
    σ, that is the exact minimum rounded up to a double whenever Arb separates δ from the
    target there.  Brent's method on :func:`log_delta` finds the start (ε = 0 from the
    closed form ``σ = Δ / (2√2 erfinv(δ))``); the search then walks the doubles.  Δ = 0
    needs no noise and gives 0.  ``delta`` must lie in (0, 1); arguments broadcast.  Raises
    :class:`OutOfRangeError` when the smallest σ exceeds the largest double.

    >>> sigma = sigma_for(1, 1, 1e-5)  # σ* = 3.7306316348159418138...
    >>> sigma, certify(1, sigma, 1, 1e-5).passes
    (3.730631634815942, True)
    >>> certify(1, math.nextafter(sigma, 0), 1, 1e-5).passes
    False
    >>> round(sigma_for(1, 0, 0.3829249225480262), 14)  # δ = 2Φ(1/2) − 1 needs σ = 1
    1.0
    """
    return _elementwise(
        _sigma_for_one,
        sensitivity=check_real_array("sensitivity", sensitivity, low=0),
        eps=check_real_array("eps", eps, low=0),
        delta=_check_target(delta),
    )


def eps_for(sensitivity: ArrayLike, sigma: ArrayLike, delta: ArrayLike) -> float | np.ndarray:
    """The smallest ε ≥ 0 (a double) at which Gaussian noise of std σ meets δ ≤ ``delta``.

    0 when :func:`certify` proves ``δ(0) ≤ delta`` (always for Δ = 0); otherwise the
    smallest double ε for which it proves ``δ(ε) ≤ delta``, found as in :func:`sigma_for`.
    Arguments broadcast.  Raises :class:`OutOfRangeError` when the smallest ε exceeds the
    largest double.

    >>> eps = eps_for(1, 1, 0.12693674)  # ε* = 0.99999998627012648...
    >>> round(eps, 12), delta(1, 1, eps) <= 0.12693674
    (0.99999998627, True)
    >>> eps_for(1, 1, 0.5)
    0.0
    """
    return _elementwise(
        _eps_for_one,
        sensitivity=check_real_array("sensitivity", sensitivity, low=0),
        sigma=check_real_array("sigma", sigma, low=0, low_open=True),
        delta=_check_target(delta),
    )


@dataclass(frozen=True)
class CalibrationComparison:
    """The classic sufficient σ next to the exact smallest σ for one (Δ, ε, δ) target.

    ``classic_sigma`` is the boundary ``√(2 ln(1.25/δ))·Δ/ε`` of Dwork and Roth's Theorem A.1,
    which proves (ε, δ)-DP for every σ strictly above it (c² > 2 ln(1.25/δ), 0 < ε < 1); the
    boundary itself is outside the theorem, and ``classic_log_delta`` gives the δ it really
    achieves.

    ``classic_sigma`` and ``classic_log_delta`` (``ln`` of the exact δ(ε) that the classic
    σ actually gives, finite however small) are ``None`` where the classic theorem does not
    apply (ε ∉ (0, 1)).  ``classic_sigma`` is ``math.inf`` where the classic σ exceeds the
    largest double although the exact one does not (ε below Δ·7.9e-309·√ln(1.25/δ));
    its δ is still exact, since δ depends on Δ/σ and ε only: the classic σ gives the δ of
    ``σ = √(2 ln(1.25/δ))`` at sensitivity ε.
    """

    sensitivity: float
    eps: float
    delta: float
    exact_sigma: float
    classic_sigma: float | None
    classic_log_delta: float | None

    @property
    def classic_delta(self) -> float | None:
        """The exact δ(ε) at the classic σ (:func:`delta`: raises where it underflows)."""
        if self.classic_sigma is None:
            return None
        if self.sensitivity == 0:
            return 0.0
        arguments = _classic_arguments(self.sensitivity, self.eps, self.delta, self.classic_sigma)
        try:
            return delta(*arguments)
        except DeltaUnderflowError as error:
            raise DeltaUnderflowError(
                f"δ at the classic sigma={self.classic_sigma!r} is positive but below the "
                f"smallest normal double {_TINY!r}: log10 δ = "
                f"{error.log_delta / math.log(10):.10g} for sensitivity={self.sensitivity!r}, "
                f"eps={self.eps!r}, delta={self.delta!r}; use classic_log_delta",
                error.log_delta,
            ) from None

    @property
    def classic_applies(self) -> bool:
        """Whether the classic bound's condition 0 < ε < 1 holds."""
        return self.classic_sigma is not None

    @property
    def ratio(self) -> float | None:
        """``classic_sigma / exact_sigma``: how much more noise the classic bound adds."""
        if self.classic_sigma is None or self.exact_sigma == 0:
            return None
        return self.classic_sigma / self.exact_sigma


def classic_sigma(sensitivity: float, eps: float, delta: float) -> float:
    """The classic sufficient noise ``σ = √(2 ln(1.25/δ))·Δ/ε``, valid only for 0 < ε < 1.

    Dwork & Roth 2014, *The Algorithmic Foundations of Differential Privacy*, Thm. A.1: for
    ε ∈ (0, 1), any ``σ ≥ cΔ/ε`` with ``c² > 2 ln(1.25/δ)`` gives (ε, δ)-DP (the bound is
    continuous in c, so equality is also private).  Outside 0 < ε < 1 the proof does not
    hold and this raises; use :func:`sigma_for`, which is exact and smaller everywhere.

    >>> round(classic_sigma(1, 0.5, 1e-5), 6)
    9.689611
    >>> classic_sigma(1, 1, 1e-5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: eps must be a real number in (0, 1) for the classic bound; got 1.0 ...
    """
    sensitivity = check_real("sensitivity", sensitivity, low=0)
    eps = check_real("eps", eps)
    if not 0 < eps < 1:
        raise ValueError(
            f"eps must be a real number in (0, 1) for the classic bound; got {eps!r} "
            f"(Dwork & Roth 2014, Thm. A.1; use sigma_for)"
        )
    delta = check_real("delta", delta, low=0, high=1, low_open=True, high_open=True)
    result = _classic_factor(delta) * (sensitivity / eps)
    arguments = f"sensitivity={sensitivity!r}, eps={eps!r}, delta={delta!r}"
    _finite_result("the classic sigma", result, arguments)
    return result


def _classic_factor(delta: float) -> float:
    """``√(2 ln(1.25/δ))``, with ``ln(1.25/δ)`` formed without ``1.25/δ``."""
    return math.sqrt(2.0 * (math.log(1.25) - math.log(delta)))


def _classic_arguments(
    sensitivity: float, eps: float, delta: float, classic: float
) -> tuple[float, float, float]:
    """``(Δ, σ, ε)`` for the δ of the classic σ: the classic σ itself, or where it exceeds
    the largest double the same ratio Δ/σ as sensitivity ε and σ = √(2 ln(1.25/δ))."""
    if classic < math.inf:
        return sensitivity, classic, eps
    return eps, _classic_factor(delta), eps


def compare_calibrations(sensitivity: float, eps: float, delta: float) -> CalibrationComparison:
    """The exact smallest σ and, where it applies, the classic σ with the δ it really gives.

    Raises :class:`OutOfRangeError`, naming these three arguments, when the smallest σ is
    beyond the largest double; a classic σ beyond it is ``math.inf``
    (:class:`CalibrationComparison`).

    >>> c = compare_calibrations(1, 0.5, 1e-5)
    >>> round(c.exact_sigma, 6), round(c.classic_sigma, 6), round(c.ratio, 3)
    (7.031827, 9.689611, 1.378)
    >>> c.classic_delta < 1e-5  # the classic σ over-delivers
    True
    >>> compare_calibrations(1, 2, 1e-5).classic_applies
    False
    """
    sensitivity = check_real("sensitivity", sensitivity, low=0)
    eps = check_real("eps", eps, low=0)
    delta = check_real("delta", delta, low=0, high=1, low_open=True, high_open=True)
    try:
        exact = float(sigma_for(sensitivity, eps, delta))
    except OutOfRangeError:
        raise OutOfRangeError(
            f"the smallest noise standard deviation for sensitivity={sensitivity!r}, "
            f"eps={eps!r}, delta={delta!r} is beyond the largest double (1.8e308), so there "
            f"is no calibration to compare"
        ) from None
    classic = classic_log = None
    if 0 < eps < 1:
        classic = _classic_factor(delta) * (sensitivity / eps)
        arguments = _classic_arguments(sensitivity, eps, delta, classic)
        classic_log = log_delta(*arguments) if sensitivity > 0 else -math.inf
    return CalibrationComparison(sensitivity, eps, delta, exact, classic, classic_log)


# --- error measures -----------------------------------------------------------------------


@overload
def mse(sigma: float) -> float: ...
@overload
def mse(sigma: ArrayLike) -> float | np.ndarray: ...
def mse(sigma: ArrayLike) -> float | np.ndarray:
    """Mean squared error ``E Z² = σ²`` of the noise (in squared output units).

    >>> mse(2)
    4.0
    """
    sigma = check_real_array("sigma", sigma, low=0, low_open=True)
    with np.errstate(over="ignore"):
        square = sigma * sigma
    _finite_result("the mean squared error σ²", square, "sigma above 1.34e154")
    return _shaped(square)


@overload
def mean_absolute_error(sigma: float) -> float: ...
@overload
def mean_absolute_error(sigma: ArrayLike) -> float | np.ndarray: ...
def mean_absolute_error(sigma: ArrayLike) -> float | np.ndarray:
    """Mean absolute error ``E|Z| = σ√(2/π)`` of the noise.

    >>> round(mean_absolute_error(1), 8)
    0.79788456
    """
    sigma = check_real_array("sigma", sigma, low=0, low_open=True)
    return _shaped(sigma * math.sqrt(2.0 / math.pi))


def error_interval(sigma: float, *, center: float = 0.0, z: float = 1.96) -> tuple[float, float]:
    """The interval ``center ± zσ`` that holds the noisy answer with probability 2Φ(z) − 1.

    With the default ``z = 1.96`` about 95% of outputs land within 1.96σ of the true
    answer (:func:`interval_coverage` gives the exact 0.9500042).  **The remaining 5% is not
    δ.**  It is the chance that *one* output is far from *its own* true value, an accuracy
    statement about one distribution.  δ compares *two* neighbouring output distributions:
    it is the largest weighted event difference ``P(S) − e^ε Q(S)``, and it can be tiny
    while the error interval is wide, or near 1 while the interval is narrow.

    >>> error_interval(1.0)
    (-1.96, 1.96)
    >>> error_interval(2.0, center=10.0)
    (6.08, 13.92)
    """
    sigma = check_real("sigma", sigma, low=0, low_open=True)
    center = check_real("center", center)
    z = check_real("z", z, low=0, low_open=True)
    interval = (center - z * sigma, center + z * sigma)
    arguments = f"sigma={sigma!r}, center={center!r}, z={z!r}"
    _finite_result("an end of the interval", np.array(interval), arguments)
    return interval


def interval_coverage(z: float = 1.96) -> float:
    """The probability ``2Φ(z) − 1 = erf(z/√2)`` that Gaussian noise lies within ``±zσ``.

    >>> round(interval_coverage(), 7)
    0.9500042
    """
    z = check_real("z", z, low=0, low_open=True)
    return math.erf(z * _SQRT_HALF)


# --- the two densities, the privacy loss and the worst event ---------------------------


def density(y: ArrayLike, center: ArrayLike, sigma: ArrayLike) -> float | np.ndarray:
    """The density ``φ((y − center)/σ)/σ`` of ``N(center, σ²)`` at ``y``; arguments broadcast.

    >>> round(density(0, 0, 1), 15)  # 1/√(2π)
    0.398942280401433
    >>> round(density(1, 1, 0.5), 15)
    0.797884560802865
    """
    y, center, sigma = _broadcast(
        y=check_real_array("y", y),
        center=check_real_array("center", center),
        sigma=check_real_array("sigma", sigma, low=0, low_open=True),
    )
    with np.errstate(all="ignore"):
        z = 2.0 * ((0.5 * y - 0.5 * center) / sigma)  # halves keep y − center finite
        peak = _INV_SQRT_2PI / sigma
        value = np.where(
            np.isfinite(peak),
            np.exp(-0.5 * z * z) * peak,
            np.exp(-0.5 * z * z - np.log(sigma) - _LOG_SQRT_2PI),  # σ below 2.2e-309
        )
    _finite_result("the density", value, "sigma below about 2.2e-309 (near the centre)")
    return _shaped(value)


def privacy_loss(y: ArrayLike, sensitivity: ArrayLike, sigma: ArrayLike) -> float | np.ndarray:
    """``L(y) = ln p(y)/q(y)`` for ``p = N(0, σ²)``, ``q = N(Δ, σ²)``: ``(Δ/σ²)(Δ/2 − y)``.

    A straight line in ``y`` with slope ``−Δ/σ²``: for Δ > 0 it exceeds every bound as
    ``y → −∞``, which is why no finite pure ε exists.  Arguments broadcast.

    >>> privacy_loss(-10, 1, 1), privacy_loss(0.5, 1, 1)
    (10.5, 0.0)
    """
    y, sensitivity, sigma = _broadcast(
        y=check_real_array("y", y),
        sensitivity=check_real_array("sensitivity", sensitivity, low=0),
        sigma=check_real_array("sigma", sigma, low=0, low_open=True),
    )
    with np.errstate(all="ignore"):
        half_gap = 0.25 * sensitivity - 0.5 * y  # (Δ/2 − y)/2, finite for all finite inputs
        loss = 2.0 * (sensitivity / sigma) * (half_gap / sigma)
        log_magnitude = np.log(sensitivity) + np.log(np.abs(half_gap)) + _LN2 - 2 * np.log(sigma)
        loss = np.where(np.isfinite(loss), loss, np.sign(half_gap) * np.exp(log_magnitude))
        loss = np.where((sensitivity == 0) | (half_gap == 0), 0.0, loss)  # exactly 0 there
    arguments = "the given y, sensitivity and sigma: |Δ(Δ/2 − y)|/σ² exceeds it"
    _finite_result("the privacy loss", loss, arguments)
    return _shaped(loss)


def worst_event_edge(sensitivity: float, sigma: float, eps: float) -> float:
    """The edge ``t = Δ/2 − εσ²/Δ`` of the worst event ``{y < t}`` for ``p = N(0, σ²)``,
    ``q = N(Δ, σ²)``: there ``L(y) > ε``, and ``P(y < t) − e^ε Q(y < t) = δ(ε)``.

    Δ must be positive (for Δ = 0 the loss is 0 everywhere and no event needs a δ).

    >>> worst_event_edge(1, 1, 1), worst_event_edge(1, 1, 0)
    (-0.5, 0.5)
    """
    sensitivity = check_real("sensitivity", sensitivity, low=0, low_open=True)
    sigma = check_real("sigma", sigma, low=0, low_open=True)
    eps = check_real("eps", eps, low=0)
    shift = 0.0 if eps == 0 else eps * sigma * (sigma / sensitivity)
    if eps > 0 and not 0 < shift < math.inf:  # εσ²/Δ formed in logarithms instead
        log_shift = math.log(eps) + 2 * math.log(sigma) - math.log(sensitivity)
        shift = math.exp(log_shift) if log_shift < _LOG_LARGEST else math.inf
    edge = 0.5 * sensitivity - shift
    arguments = f"sensitivity={sensitivity!r}, sigma={sigma!r}, eps={eps!r}"
    _finite_result("the edge", edge, arguments)
    return edge


# --- certified enclosures -----------------------------------------------------------------

Verdict: TypeAlias = Literal["pass", "fail", "undecided"]

_MAX_PRECISION = 1 << 16  # bits; beyond this a verdict is reported as undecided


def _mills_ball(t: arb) -> arb:
    """``R(t)`` as an Arb ball: the U form for ``t > 2``, the erfc form otherwise."""
    half = arb(1) / 2
    if t > 2:
        return (t * t / 2).hypgeom_u(half, half) / arb(2).sqrt()
    return (arb.pi() / 2).sqrt() * (t * t / 2).exp() * (t / arb(2).sqrt()).erfc()


def _delta_ball(sensitivity: Fraction, sigma: Fraction, eps: Fraction) -> arb:
    """δ as an Arb ball at the current working precision (Δ > 0)."""
    h = ball(sensitivity) / ball(sigma)
    shift = ball(eps) / h
    x = shift - h / 2
    y = shift + h / 2
    density = (-(x * x) / 2).exp() / (2 * arb.pi()).sqrt()
    if x > 2:
        return density * (_mills_ball(x) - _mills_ball(y))
    return (x / arb(2).sqrt()).erfc() / 2 - density * _mills_ball(y)


def _enclosures(
    sensitivity: Fraction, sigma: Fraction, eps: Fraction, start_bits: int
) -> Iterator[tuple[arb, arb, int]]:
    """Yield ``(lower, upper, bits)``, exact dyadic ends, at doubling precisions (Δ > 0)."""
    bits = start_bits
    while bits <= _MAX_PRECISION:
        with ctx.workprec(bits):  # the ends are rounded outward at the working precision
            delta = _delta_ball(sensitivity, sigma, eps)
            if delta.is_finite():  # 0 < δ < 1, so the ends can be clipped to [0, 1]
                lower, upper = delta.lower(), delta.upper()
                yield (lower if lower > 0 else arb(0)), (upper if upper < 1 else arb(1)), bits
        bits *= 2


def _exact_arguments(
    sensitivity: RationalLike, sigma: RationalLike, eps: RationalLike
) -> tuple[Fraction, Fraction, Fraction]:
    return (
        check_rational("sensitivity", sensitivity, low=0),
        check_rational("sigma", sigma, low=0, low_open=True),
        check_rational("eps", eps, low=0),
    )


def delta_enclosure(
    sensitivity: RationalLike, sigma: RationalLike, eps: RationalLike, *, digits: int = 30
) -> tuple[arb, arb]:
    """A rigorous enclosure ``lower ≤ δ ≤ upper`` of the exact δ(ε), as exact Arb numbers.

    The arguments are taken exactly: a float by its binary value, as :mod:`dplab._validation`
    states, and ``"1/32"`` as a fraction.  The working precision doubles until
    ``upper − lower ≤ 10^−digits · lower``.
    The ends are exact dyadic numbers (Arb balls of radius 0), kept as ``arb`` because δ can
    be as small as ``10^(−10^13)``; ``int(mantissa), int(exponent) = end.man_exp()`` gives
    the exact value ``mantissa · 2^exponent``.  Δ = 0 gives ``(0, 0)``.

    >>> lower, upper = delta_enclosure(1, 1, 1)
    >>> lower.str(20, radius=False), bool((upper - lower) / lower < arb("1e-30"))
    ('0.12693673750664394580', True)
    >>> delta_enclosure("1/32", 10, 10)[0].str(12, radius=False)  # far below the double range
    '3.23286250026e-2223596'
    """
    sensitivity, sigma, eps = _exact_arguments(sensitivity, sigma, eps)
    digits = check_int("digits", digits, low=1, high=10_000)
    if sensitivity == 0:
        return arb(0), arb(0)
    needed = math.ceil(digits * math.log2(10)) + 2
    for lower, upper, bits in _enclosures(sensitivity, sigma, eps, needed + 32):
        with ctx.workprec(bits):
            if lower > 0 and (upper - lower) < lower * arb(2) ** -needed:
                return lower, upper
    raise ArithmeticError(
        f"could not enclose δ to {digits} digits within {_MAX_PRECISION} bits of precision"
    )


@dataclass(frozen=True)
class GaussianCertificate:
    """A rigorous verdict on the claim ``δ(ε) ≤ claimed_delta`` for Gaussian noise.

    ``verdict`` is ``'pass'`` when the enclosure's upper end is ``≤ claimed_delta``,
    ``'fail'`` when its lower end exceeds it, and ``'undecided'`` only if neither happened
    by the maximum working precision.  ``lower`` and ``upper`` are the exact ends of the
    deciding enclosure (see :func:`delta_enclosure`).
    """

    verdict: Verdict
    claimed_delta: Fraction
    precision_bits: int
    lower: arb = field(compare=False)
    upper: arb = field(compare=False)

    @property
    def passes(self) -> bool:
        """True exactly when the claim is certified."""
        return self.verdict == "pass"


def _decide(
    sensitivity: Fraction, sigma: Fraction, eps: Fraction, claimed: Fraction
) -> tuple[Verdict, arb, arb, int]:
    """Raise the precision until the enclosure of δ lies on one side of ``claimed``."""
    if sensitivity == 0:
        return "pass", arb(0), arb(0), 0
    if claimed >= 1:  # δ = P(S) − e^ε Q(S) ≤ 1 for every pair of distributions
        return "pass", arb(0), arb(1), 0
    lower = upper = arb.nan()
    bits = 0
    for lower, upper, bits in _enclosures(sensitivity, sigma, eps, 64):
        with ctx.workprec(bits):
            claim = ball(claimed)
            if upper <= claim:
                return "pass", lower, upper, bits
            if lower > claim:
                return "fail", lower, upper, bits
    return "undecided", lower, upper, bits


def certify(
    sensitivity: RationalLike, sigma: RationalLike, eps: RationalLike, claimed_delta: RationalLike
) -> GaussianCertificate:
    """Decide ``δ(ε) ≤ claimed_delta`` rigorously with ball arithmetic.

    Arguments are taken exactly, as in :func:`delta_enclosure`.

    >>> certify(1, 1, 1, "0.13").verdict, certify(1, 1, 1, "0.126").verdict
    ('pass', 'fail')
    >>> certify("1/4", 1, 1, 0).verdict  # the mean: δ is tiny but not 0
    'fail'
    >>> certify(0, 1, 1, 0).verdict  # Δ = 0: both distributions coincide
    'pass'
    """
    sensitivity, sigma, eps = _exact_arguments(sensitivity, sigma, eps)
    claimed = check_rational("claimed_delta", claimed_delta, low=0, high=1)
    verdict, lower, upper, bits = _decide(sensitivity, sigma, eps, claimed)
    return GaussianCertificate(verdict, claimed, bits, lower, upper)
