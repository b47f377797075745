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

because ``ε + s − Δ/b = −s``.  At ``ε = 0`` this is the total-variation distance
``1 − e^{−Δ/2b}``.  :func:`delta` evaluates it as ``−expm1(−s)`` with ``s`` computed exactly
in rationals, so there is no cancellation even when ε is within an ulp of Δ/b.

**Exactness.**  The functions below other than :func:`density` and :func:`privacy_loss`
take their arguments exactly (:func:`~dplab._validation.check_rational`: a float by its
shortest decimal form, ``"1/3"`` as one third) and return exact Fractions wherever the
answer is rational: ε = Δ/b, the calibrated scale Δ/ε, the MSE ``2b²`` and the mean
absolute error ``b`` (``E|Z| = b``, ``E Z² = 2b²``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from dplab._validation import check_rational, check_real
from dplab.finite import RationalLike

__all__ = [
    "delta",
    "density",
    "epsilon",
    "mean_absolute_error",
    "mse",
    "privacy_loss",
    "scale_for",
]


# −expm1(−s) rounds to 1.0 for every s above this; capping avoids converting huge Fractions.
_S_SATURATED = Fraction(800)


def density(y: float, *, center: float, scale: float) -> float:
    """Laplace density ``exp(-|y - center| / scale) / (2 scale)`` at ``y``.

    >>> density(0.0, center=0.0, scale=1.0)
    0.5
    """
    y = check_real("y", y)
    center = check_real("center", center)
    scale = check_real("scale", scale, low=0, low_open=True)
    return math.exp(-abs(y - center) / scale) / (2 * scale)


def privacy_loss(y: float, *, center: float, neighbour_center: float, scale: float) -> float:
    """Privacy loss ``ln p_D(y) / p_D'(y)`` of the Laplace mechanism at output ``y``.

    ``center`` is ``f(D)`` and ``neighbour_center`` is ``f(D')``.  Computed from the
    exponents directly, so it stays exact in floating point far in the tails where the
    densities themselves underflow.

    >>> privacy_loss(5.0, center=0.0, neighbour_center=1.0, scale=1.0)
    -1.0
    """
    y = check_real("y", y)
    center = check_real("center", center)
    neighbour_center = check_real("neighbour_center", neighbour_center)
    scale = check_real("scale", scale, low=0, low_open=True)
    return (abs(y - neighbour_center) - abs(y - center)) / scale


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


def delta(sensitivity: RationalLike, scale: RationalLike, eps: RationalLike) -> float:
    """The exact δ(ε) of Laplace noise: ``1 − exp((ε − Δ/b)/2)`` for ``ε < Δ/b``, else 0.

    Derived in the module docstring: the worst event is the half-line where the privacy
    loss exceeds ``ε``.  Computed as ``−expm1(−s)`` with ``s = (Δ/b − ε)/2`` exact, so the
    relative error is a few ulps everywhere, including ``ε`` just below ``Δ/b``.

    >>> delta(1, 1, 0)  # total variation 1 − e^{−1/2}
    0.3934693402873666
    >>> delta(1, 1, 1), delta(0, 1, 0)
    (0.0, 0.0)
    """
    s = (epsilon(sensitivity, scale) - _eps(eps)) / 2
    if s <= 0:
        return 0.0
    return -math.expm1(-float(min(s, _S_SATURATED)))


def scale_for(sensitivity: RationalLike, eps: RationalLike) -> Fraction:
    """The smallest scale ``b = Δ/ε`` whose pure guarantee is ``ε``, exactly.

    ``Δ = 0`` needs no noise and gives 0; ``Δ > 0`` needs ``ε > 0``.

    >>> scale_for(1, "0.5")
    Fraction(2, 1)
    >>> scale_for(0, 0)
    Fraction(0, 1)
    """
    sensitivity = _sensitivity(sensitivity)
    if sensitivity == 0:
        return Fraction(0)
    return sensitivity / check_rational("eps", eps, low=0, low_open=True)


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
