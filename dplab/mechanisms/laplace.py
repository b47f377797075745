"""The Laplace mechanism on a real-valued query.

``M(D) = f(D) + Z`` with ``Z ~ Laplace(0, b)``, density ``p(z) = exp(-|z|/b) / (2b)``
(Dwork, McSherry, Nissim & Smith 2006; Dwork & Roth 2014, Def. 3.3 and Thm. 3.6).

For two inputs whose query values differ by ``Δ``, the privacy loss at output ``y`` is
``L(y) = (|y - f(D')| - |y - f(D)|) / b``; it lies in ``[-Δ/b, Δ/b]``, which is why the
mechanism is ``(Δ/b, 0)``-differentially private.

**The exact δ(ε) profile.**  For ``0 ≤ ε`` the smallest δ with ``P(S) ≤ e^ε Q(S) + δ`` for
every event ``S`` is ``sup_S [P(S) − e^ε Q(S)] = ∫ [p(y) − e^ε q(y)]₊ dy``: the supremum is
attained by the event where the integrand is positive (adding a point where it is negative
lowers the difference, leaving out one where it is positive loses its gain).  Take
``f(D) = 0`` and ``f(D') = Δ > 0`` (the other order and sign are mirror images).  Then

    L(y) = Δ/b            for y ≤ 0,
    L(y) = (Δ − 2y)/b     for 0 ≤ y ≤ Δ,
    L(y) = −Δ/b           for y ≥ Δ,

and ``p − e^ε q > 0`` exactly where ``L(y) > ε``: for ``ε ≥ Δ/b`` nowhere (δ = 0), and for
``ε < Δ/b`` on the half-line ``y < t`` with ``t = (Δ − εb)/2 ∈ (0, Δ]``.  With the two
Laplace distribution functions, ``P(Y < t) = 1 − ½e^{−t/b}`` (``t ≥ 0``) and
``Q(Y < t) = ½e^{(t−Δ)/b}`` (``t ≤ Δ``), and ``s = t/b = (Δ/b − ε)/2``,

    δ(ε) = 1 − ½e^{−s} − ½e^{ε + s − Δ/b} = 1 − e^{−s} = 1 − exp((ε − Δ/b)/2),

because ``ε + s − Δ/b = −s``.  At ``ε = 0`` this is the total-variation distance ``1 − e^{−Δ/2b}``.
:func:`delta` evaluates it as ``−expm1(−s)`` with ``s`` computed exactly in rationals, so there is
no cancellation even when ε is within an ulp of Δ/b.  A positive δ below the smallest normal double
raises :class:`~dplab.mechanisms.gaussian.DeltaUnderflowError` (as
:func:`dplab.mechanisms.gaussian.delta` does) instead of rounding to a false 0; :func:`log_delta`
gives ``ln δ`` for every input.

**Exactness.**  The functions below other than :func:`density` and :func:`privacy_loss`
take their arguments exactly (:func:`~dplab._validation.check_rational`, under the float
policy of :mod:`dplab._validation`: a float is its exact binary value, ``"0.1"`` is one
tenth and ``"1/3"`` one third) and return exact Fractions wherever the answer is rational:
ε = Δ/b, the calibrated scale Δ/ε, the MSE ``2b²`` and the mean absolute error ``b``
(``E|Z| = b``, ``E Z² = 2b²``).  :func:`density` and :func:`privacy_loss` take floats and
return floats; a value beyond the double range is an error naming ``scale``, never
``inf`` or NaN.
"""

from __future__ import annotations

import math
from fractions import Fraction

from dplab._errors import DeltaUnderflowError
from dplab._validation import check_rational, check_real, shown
from dplab.finite import RationalLike

__all__ = [
    "delta",
    "density",
    "epsilon",
    "log_delta",
    "mean_absolute_error",
    "mse",
    "privacy_loss",
    "scale_for",
]


# −expm1(−s) rounds to 1.0 for every s above this; capping avoids converting huge Fractions.
_S_SATURATED = Fraction(800)
_TINY = 2.2250738585072014e-308  # the smallest normal double
_LOG_LARGEST = math.log(1.7976931348623157e308)
_LOG_SMALLEST = math.log(5e-324) - 1.0  # e^t rounds to 0 below this
_EXP_NORMAL = 700.0  # e^−t is a normal double for t ≤ this
_T_SATURATED = Fraction(3200)  # e^−t/(2b) underflows beyond this for every double b > 0


def _float_scale(scale: float) -> float:
    return check_real("scale", scale, low=0, low_open=True)


def density(y: float, *, center: float, scale: float) -> float:
    """Laplace density ``exp(-|y - center| / scale) / (2 scale)`` at ``y``.

    ``t = |y − center|/scale`` is formed exactly from the doubles and rounded once, then
    ``½e^{−t}/scale`` costs two more roundings; where ``e^{−t}`` would be subnormal the
    density is ``exp(−t − ln 2b)`` (relative error about ``|ln p|`` ulps).  A density that
    underflows is 0.0; one above the largest double (a subnormal ``scale`` near the
    center) is a ``ValueError`` naming ``scale``.

    >>> density(0.0, center=0.0, scale=1.0)
    0.5
    """
    y = check_real("y", y)
    center = check_real("center", center)
    scale = _float_scale(scale)
    t = float(min(abs(Fraction(y) - Fraction(center)) / Fraction(scale), _T_SATURATED))
    log_density = -t - math.log(2.0) - math.log(scale)
    if log_density > _LOG_LARGEST:
        raise ValueError(
            f"the density at y = {y!r} is about e^{log_density:.6g}, beyond the largest "
            f"double: scale = {scale!r} is too small for a float density"
        )
    if log_density < _LOG_SMALLEST:
        return 0.0
    value = 0.5 * math.exp(-t) / scale if t <= _EXP_NORMAL else math.exp(log_density)
    if math.isinf(value):
        raise ValueError(
            f"the density at y = {y!r} is beyond the largest double: scale = {scale!r} is too "
            f"small for a float density"
        )
    return value


def privacy_loss(y: float, *, center: float, neighbour_center: float, scale: float) -> float:
    """Privacy loss ``ln p_D(y) / p_D'(y)`` of the Laplace mechanism at output ``y``.

    ``center`` is ``f(D)`` and ``neighbour_center`` is ``f(D')``.  Computed from the
    exponents, ``(|y − f(D')| − |y − f(D)|)/b``, exactly in rationals from the given
    doubles and rounded once, so it is correct far in the tails where the densities
    underflow and exactly 0 where the two distances are equal.  A loss beyond the double
    range (``|f(D) − f(D')|/b`` can be) is a ``ValueError`` naming ``scale``.

    >>> privacy_loss(5.0, center=0.0, neighbour_center=1.0, scale=1.0)
    -1.0
    """
    values = (
        check_real("y", y),
        check_real("center", center),
        check_real("neighbour_center", neighbour_center),
        _float_scale(scale),
    )
    at, here, there, width = (Fraction(value) for value in values)
    loss = (abs(at - there) - abs(at - here)) / width
    try:
        return float(loss)
    except OverflowError:
        exponent = _log_of(abs(loss)) / math.log(10)
        raise ValueError(
            f"the privacy loss at y = {values[0]!r} is about {'-' if loss < 0 else ''}"
            f"10^{exponent:.1f}, beyond the double range: scale = {values[3]!r} is too small "
            f"for |center − neighbour_center| = {float(abs(here - there))!r}"
        ) from None


def _sensitivity(value: RationalLike) -> Fraction:
    return check_rational("sensitivity", value, low=0)


def _scale(value: RationalLike) -> Fraction:
    return check_rational("scale", value, low=0, low_open=True)


def _eps(value: RationalLike) -> Fraction:
    return check_rational("eps", value, low=0)


def epsilon(sensitivity: RationalLike, scale: RationalLike) -> Fraction:
    """The pure privacy parameter ``ε = Δ/b`` of Laplace noise of scale ``b``, exactly.

    ``Δ = 0`` gives ``ε = 0``: the two output distributions coincide.

    >>> epsilon(1, "0.5")
    Fraction(2, 1)
    >>> epsilon("1/4", 1)
    Fraction(1, 4)
    """
    return _sensitivity(sensitivity) / _scale(scale)


def _half_gap(sensitivity: RationalLike, scale: RationalLike, eps: RationalLike) -> Fraction:
    """``s = (Δ/b − ε)/2``, exactly; ``δ = 1 − e^{−s}`` when ``s > 0``, else 0."""
    return (epsilon(sensitivity, scale) - _eps(eps)) / 2


def _log_of(value: Fraction) -> float:
    """``ln value`` for a positive Fraction of any size, without overflow."""
    return math.log(value.numerator) - math.log(value.denominator)


def log_delta(sensitivity: RationalLike, scale: RationalLike, eps: RationalLike) -> float:
    """``ln δ(ε)`` of Laplace noise, finite wherever δ > 0 however small; ``−inf`` where δ = 0.

    For ``s = (Δ/b − ε)/2`` below 1e-300, ``δ = s(1 − s/2 + …)`` and ``ln δ = ln s`` to
    double precision, taken from the exact ``s``.

    >>> log_delta(1, 10**400, 0)  # δ ≈ 1/(2·10^400), far below the double range
    -921.7271843781782
    >>> log_delta(1, 1, 1)
    -inf
    """
    s = _half_gap(sensitivity, scale, eps)
    if s <= 0:
        return -math.inf
    if s < Fraction(1, 10**300):
        return _log_of(s)
    return math.log(-math.expm1(-float(min(s, _S_SATURATED))))


def delta(sensitivity: RationalLike, scale: RationalLike, eps: RationalLike) -> float:
    """The exact δ(ε) of Laplace noise: ``1 − exp((ε − Δ/b)/2)`` for ``ε < Δ/b``, else 0.

    Derived in the module docstring: the worst event is the half-line where the privacy
    loss exceeds ``ε``.  Computed as ``−expm1(−s)`` with ``s = (Δ/b − ε)/2`` exact, so the
    relative error is a few ulps everywhere, including ``ε`` just below ``Δ/b``.  Raises
    :class:`~dplab.mechanisms.gaussian.DeltaUnderflowError` (carrying ``ln δ``) when a positive δ is
    below the smallest normal double; use :func:`log_delta` there.

    >>> delta(1, 1, 0)  # total variation 1 − e^{−1/2}
    0.3934693402873666
    >>> delta(1, 1, 1), delta(0, 1, 0)
    (0.0, 0.0)
    """
    s = _half_gap(sensitivity, scale, eps)
    if s <= 0:
        return 0.0
    value = -math.expm1(-float(min(s, _S_SATURATED)))
    if value < _TINY:
        log_value = log_delta(sensitivity, scale, eps)
        raise DeltaUnderflowError(
            f"δ is positive but below the smallest normal double {_TINY!r}: "
            f"log10 δ = {log_value / math.log(10):.10g} for sensitivity={shown(sensitivity)}, "
            f"scale={shown(scale)}, eps={shown(eps)}; use log_delta",
            log_value,
        )
    return value


def scale_for(sensitivity: RationalLike, eps: RationalLike) -> Fraction:
    """The smallest scale ``b = Δ/ε`` whose pure guarantee is ``ε``, exactly.

    ``Δ = 0`` needs no noise and gives 0 (for any ``ε ≥ 0``); ``Δ > 0`` needs ``ε > 0``.

    >>> scale_for(1, "0.5")
    Fraction(2, 1)
    >>> scale_for(0, 0)
    Fraction(0, 1)
    """
    sensitivity, exact_eps = _sensitivity(sensitivity), _eps(eps)
    if sensitivity == 0:
        return Fraction(0)
    if exact_eps == 0:
        raise ValueError(
            f"eps must be a rational number in (0, inf); got {shown(eps)} (for sensitivity > 0 "
            f"no finite scale gives ε = 0)"
        )
    return sensitivity / exact_eps


def mse(scale: RationalLike) -> Fraction:
    """Mean squared error ``E Z² = 2b²`` of the noise, exactly.

    >>> mse(1)
    Fraction(2, 1)
    """
    return 2 * _scale(scale) ** 2


def mean_absolute_error(scale: RationalLike) -> Fraction:
    """Mean absolute error ``E|Z| = b`` of the noise, exactly.

    >>> mean_absolute_error("0.5")
    Fraction(1, 2)
    """
    return _scale(scale)
