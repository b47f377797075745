"""The Laplace mechanism on a real-valued query.

``M(D) = f(D) + Z`` with ``Z ~ Laplace(0, b)``, density ``p(z) = exp(-|z|/b) / (2b)``
(Dwork, McSherry, Nissim & Smith 2006; Dwork & Roth 2014, Def. 3.3 and Thm. 3.6).

For two inputs whose query values differ by ``Δ``, the privacy loss at output ``y`` is
``L(y) = (|y - f(D')| - |y - f(D)|) / b``; it lies in ``[-Δ/b, Δ/b]``, which is why the
mechanism is ``(Δ/b, 0)``-differentially private.
"""

from __future__ import annotations

import math

from dplab._validation import check_real

__all__ = ["density", "privacy_loss"]


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
