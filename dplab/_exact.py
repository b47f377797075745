"""Exact arithmetic shared by the maths modules (private to the package).

Its un-underscored names are the package's interface: any ``dplab`` module may import them.

* Arb balls and fractions: :func:`ball` encloses a rational number, :func:`exact_end` reads
  the exact rational value of a ball's end (a ball of radius 0, such as ``b.lower()``).
* Powers with rational exponents: :func:`compare_power` decides ``p/q ≶ factor^d`` exactly,
  in integers while they stay small (:data:`EXACT_POWER_BITS`), else from logarithms with
  a rigorous tie check (:func:`exact_root`).
"""

from __future__ import annotations

import math
from fractions import Fraction

from flint import arb, ctx, fmpq, fmpz

__all__ = ["EXACT_POWER_BITS", "ball", "compare_power", "exact_end", "exact_root", "per_unit"]

# Beyond this many bits the integers p^b·v^a and u^a·q^b of a comparison p/q ≶ (u/v)^{a/b}
# are not built (a float distance has b ≈ 2^55, the distance 10^9 has a = 10^9): Arb
# balls decide it from logarithms instead (:func:`compare_power`).
EXACT_POWER_BITS = 1 << 16
_POWER_PRECISIONS = (128, 1024, 8192, 65536)


def ball(value: Fraction) -> arb:
    """An Arb ball that contains ``value``, at the current working precision.

    >>> ball(Fraction(1, 2)).mid() == arb(0.5)
    True
    """
    return arb(fmpq(value.numerator, value.denominator))


def exact_end(end: arb) -> Fraction:
    """The exact value of an Arb ball with radius 0 (such as ``ball.lower()``).

    An end is ``m·2^e`` for integers ``m`` and ``e``, so its value is a dyadic fraction.

    >>> exact_end(arb(3) / 4)
    Fraction(3, 4)
    """
    mantissa, exponent = (int(part) for part in end.man_exp())
    return Fraction(mantissa << exponent) if exponent >= 0 else Fraction(mantissa, 1 << -exponent)


def exact_root(number: int, degree: int) -> int | None:
    """The integer ``w ≥ 1`` with ``w^degree = number``, or ``None`` (``number ≥ 1``).

    >>> exact_root(27, 3), exact_root(28, 3)
    (3, None)
    """
    if number == 1:
        return 1
    if degree >= number.bit_length():  # w ≥ 2 would give w^degree ≥ 2^degree > number
        return None
    root = int(fmpz(number).root(degree))
    return root if root**degree == number else None


def _power_tie(ratio: Fraction, factor: Fraction, a: int, b: int) -> bool:
    """Whether ``ratio^b = factor^a`` (``gcd(a, b) = 1``), without building either power.

    Both sides are in lowest terms, so equality holds for numerators and denominators
    apart, and ``x^b = y^a`` with coprime ``a, b`` holds iff ``x = w^a`` and ``y = w^b``.
    """
    if a == 0:
        return ratio == 1
    for top, base in ((ratio.numerator, factor.numerator), (ratio.denominator, factor.denominator)):
        root = exact_root(base, b)
        if root is None or (root > 1 and a * (root.bit_length() - 1) >= top.bit_length()):
            return False
        if root**a != top:
            return False
    return True


def compare_power(p: int, q: int, factor: Fraction, d: Fraction) -> int:
    """The sign of ``p/q − factor^d`` for integers ``p, q ≥ 1``, ``factor ≥ 1``, ``d ≥ 0``.

    Exact.  With ``d = a/b`` and ``factor = u/v`` it is the sign of ``p^b v^a − u^a q^b``,
    computed in integers when they have at most ``EXACT_POWER_BITS`` bits.  Otherwise
    ``ln(p/q)`` and ``d·ln(u/v)`` are compared in doubles when they differ by more than
    ``10⁻¹²`` of their size (far above the rounding of ``math.log``), else a tie is
    recognised exactly (``x^b = y^a`` with coprime ``a, b`` iff ``x = w^a``, ``y = w^b``)
    and the sign of ``b ln(p/q) − a ln(u/v)`` is read from Arb balls (rigorous
    enclosures) at rising precision.

    >>> compare_power(3, 1, Fraction(3), Fraction(1)), compare_power(2, 1, Fraction(3), Fraction(0.1))
    (0, 1)
    >>> compare_power(2, 1, Fraction(2), Fraction(10**400))
    -1
    """  # noqa: E501
    a, b = d.numerator, d.denominator
    u, v = factor.numerator, factor.denominator
    size = b * max(p.bit_length(), q.bit_length()) + a * u.bit_length()
    if size <= EXACT_POWER_BITS:
        left, right = p**b * v**a, u**a * q**b
        return int(left > right) - int(left < right)
    if d < 2**1000:
        left, right = math.log(p) - math.log(q), float(d) * (math.log(u) - math.log(v))
        if abs(left - right) > 1e-12 * (1 + math.log(p) + math.log(q) + abs(right)):
            return 1 if left > right else -1
    if _power_tie(Fraction(p, q), factor, a, b):
        return 0
    for bits in _POWER_PRECISIONS:
        with ctx.workprec(bits):
            gap = arb(fmpz(b)) * (arb(fmpz(p)).log() - arb(fmpz(q)).log()) - arb(fmpz(a)) * (
                arb(fmpz(u)).log() - arb(fmpz(v)).log()
            )
            if gap > 0:
                return 1
            if gap < 0:
                return -1
    raise ArithmeticError(  # pragma: no cover - needs logarithms equal to 65536 bits
        f"{p}/{q} against {factor}^{d} is not decided at {_POWER_PRECISIONS[-1]} bits"
    )


def per_unit(log_ratio: float, d: Fraction) -> float:
    """``log_ratio / d`` as a double (``±inf`` beyond the range), for any ``d > 0``.

    >>> per_unit(1.0, Fraction(1, 2)), per_unit(-1.0, Fraction(1, 2**1100))
    (2.0, -inf)
    """
    exponent = Fraction(log_ratio) / d
    return float(exponent) if abs(exponent) < 2**1000 else math.copysign(math.inf, log_ratio)
