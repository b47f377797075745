"""Numbers as text: every rule by which the course writes a number, once.

The views, the lessons (through the views) and the page's scripts show numbers by the
rules here, and only these.  ``dplab/views/labs/lab.js`` repeats them for the labs (its
"numbers as text" and "exact rationals" parts); ``tests/js/golden_numbers.py`` checks every
JavaScript rule against its Python rule here, case by case, in Node.

The rules, and their names in ``lab.js``:

* :func:`superscript`, :func:`power_of_ten_text` (``superscript``): ``10⁻⁵``.
* :func:`decimal_text` (``decimalText``): the exact decimal ``n / 10^d``.
* :func:`approx_text`, :func:`rounded` (``approxRatio``, ``roundedRatio``): a value
  rounded half-up on its exact value to some significant digits; a bound outward.
* :func:`value_text`, :func:`compared_texts` (``valueText``, ``shown``): ``= x`` when the
  decimal is exact, else ``≈ x``.
* :func:`fraction_text`, :func:`is_short_decimal`, :func:`number_text`,
  :func:`fraction_decimal_text` (``fractionText``, ``shortDecimal``, ``numberText``,
  ``exactText``): an exact rational, with its decimal.
* :func:`fraction_exact_decimal_text`: a rational with its decimal only when that is exact
  (every digit).  ``gaussian-lab.js`` shows the grid texts the build writes with it.
* :func:`float_text`, :func:`log10_text`, :func:`tiny_text`, :func:`tex_text`: doubles
  (the Gaussian lesson's values); ``gaussian-lab.js`` repeats the first three.
* :func:`shown_value`: the exact number a display text shows (the reverse of the above).

Rounding is done on exact values (:class:`fractions.Fraction`; a double's exact binary
value), never on a float's decimal repr, so a shown bound is still a bound.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Literal

from dplab.finite import RationalLike

__all__ = [
    "EXACT_DIGITS",
    "MINUS",
    "SUPERSCRIPT_DIGITS",
    "Bound",
    "approx_text",
    "compared_texts",
    "decimal_text",
    "float_text",
    "fraction_decimal_text",
    "fraction_exact_decimal_text",
    "fraction_text",
    "from_superscript",
    "is_short_decimal",
    "log10_text",
    "number_text",
    "power_of_ten_text",
    "rounded",
    "shown_value",
    "superscript",
    "tex_text",
    "tiny_text",
    "value_text",
]

SUPERSCRIPT_DIGITS = "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"
"""The superscript minus and digits 0–9, in the order of ``"-0123456789"``."""

MINUS = "−"
"""The typeset minus sign (U+2212) of the Gaussian lesson's doubles (:func:`float_text`)."""

_TO_SUPERSCRIPT = str.maketrans("-0123456789", SUPERSCRIPT_DIGITS)
_FROM_SUPERSCRIPT = str.maketrans(SUPERSCRIPT_DIGITS, "-0123456789")


# --- superscripts --------------------------------------------------------------------------


def superscript(exponent: int) -> str:
    """An integer in superscript digits, with a superscript minus.

    >>> superscript(-12), superscript(0), superscript(2026)
    ('⁻¹²', '⁰', '²⁰²⁶')
    """
    return str(exponent).translate(_TO_SUPERSCRIPT)


def from_superscript(text: str) -> str:
    """Superscript digits and minus back to ``-0123456789`` (other characters stay).

    >>> from_superscript("⁻¹²"), from_superscript("10⁶")
    ('-12', '106')
    """
    return text.translate(_FROM_SUPERSCRIPT)


def power_of_ten_text(exponent: int) -> str:
    """``10`` to an integer power: ``10⁻⁵``.

    >>> power_of_ten_text(-5), power_of_ten_text(6)
    ('10⁻⁵', '10⁶')
    """
    return "10" + superscript(exponent)


# --- exact decimals and rounding ----------------------------------------------------------


def decimal_text(numerator: int, digits: int) -> str:
    """The exact decimal ``numerator / 10**digits``, without trailing zeros.

    >>> decimal_text(4374000, 7), decimal_text(0, 3), decimal_text(-25, 1), decimal_text(-25, 3)
    ('0.4374', '0', '-2.5', '-0.025')
    """
    sign = "-" if numerator < 0 else ""
    text = str(abs(numerator)).rjust(digits + 1, "0")
    whole, fraction = text[: len(text) - digits], text[len(text) - digits :].rstrip("0")
    return sign + whole + ("." + fraction if fraction else "")


Bound = Literal["upper", "lower"] | None
"""What a displayed number is: an upper bound (rounded up), a lower bound (rounded down),
or a value (``None``: rounded half-up)."""


def _round_half_up(exact: Fraction, significant: int, toward: int = 0) -> tuple[int, int, int]:
    """``(mantissa, shift, exponent)``: ``exact > 0`` rounded half-up to ``significant``
    digits is ``mantissa · 10^shift``, and ``10^exponent`` is its leading digit's place.
    ``toward = 1`` rounds the magnitude up instead, ``toward = −1`` down.  In integers only
    (``exact = p/q``): the lab grids format hundreds of thousands of numbers."""
    p, q = exact.numerator, exact.denominator

    def over_power(shift: int) -> tuple[int, int]:  # exact / 10^shift as (numerator, denominator)
        return (p, q * 10**shift) if shift >= 0 else (p * 10**-shift, q)

    def away_from(place: int) -> int:  # −1 below 10^place, 1 at or above 10^(place + 1), else 0
        numerator, denominator = over_power(place)
        return -1 if numerator < denominator else int(numerator >= 10 * denominator)

    exponent = len(str(p)) - len(str(q))
    while step := away_from(exponent):
        exponent += step
    shift = exponent - significant + 1
    numerator, denominator = over_power(shift)
    if toward > 0:
        mantissa = -(-numerator // denominator)
    elif toward < 0:
        mantissa = numerator // denominator
    else:
        mantissa = (2 * numerator + denominator) // (2 * denominator)
    if mantissa == 10**significant:
        mantissa //= 10
        shift += 1
        exponent += 1
    return mantissa, shift, exponent


def _toward(value: Fraction, bound: Bound) -> int:
    """The direction in which to round ``|value|`` so that a bound stays a bound."""
    if bound is None:
        return 0
    if bound not in ("upper", "lower"):
        raise ValueError(f"bound must be 'upper', 'lower' or None; got {bound!r}")
    return 1 if (bound == "upper") == (value > 0) else -1


def rounded(value: RationalLike, significant: int = 4, bound: Bound = None) -> Fraction:
    """The number :func:`approx_text` shows for ``value``, exactly.

    >>> rounded(Fraction(1, 3)), rounded(Fraction(-1, 3), bound="lower"), rounded(0)
    (Fraction(3333, 10000), Fraction(-1667, 5000), Fraction(0, 1))
    """
    value = Fraction(value)
    if value == 0:
        return value
    mantissa, shift, _ = _round_half_up(abs(value), significant, _toward(value, bound))
    return (1 if value > 0 else -1) * mantissa * Fraction(10) ** shift


def approx_text(value: RationalLike, significant: int = 4, bound: Bound = None) -> str:
    """``value`` rounded half-up (on its exact value) to ``significant`` digits, for display;
    an upper bound (``bound="upper"``) rounded up, a lower bound (``"lower"``) down.  Plain
    from ``10⁻⁴`` up to ``10⁶``, else ``m×10ᵉ``; trailing zeros dropped; minus ``-``.

    >>> approx_text(Fraction(2187, 5000)), approx_text(Fraction(1, 3)), approx_text(3)
    ('0.4374', '0.3333', '3')
    >>> approx_text(Fraction(1, 80000)), approx_text(Fraction(-5, 100000))
    ('1.25×10⁻⁵', '-5×10⁻⁵')
    >>> approx_text(Fraction(3001, 102001), bound="upper"), approx_text("2/3", bound="lower")
    ('0.02943', '0.6666')
    """
    exact = Fraction(value)
    if exact == 0:
        return "0"
    toward = _toward(exact, bound)
    sign, exact = ("-" if exact < 0 else ""), abs(exact)
    mantissa, shift, exponent = _round_half_up(exact, significant, toward)
    if -4 <= exponent < 6:
        if shift >= 0:
            return sign + str(mantissa * 10**shift)
        return sign + decimal_text(mantissa, -shift)
    return f"{sign}{decimal_text(mantissa, significant - 1)}×{power_of_ten_text(exponent)}"


# --- "= x" or "≈ x" ------------------------------------------------------------------------

EXACT_DIGITS = 6
"""A value with at most this many significant digits is shown exactly, after ``=``."""


def is_short_decimal(value: RationalLike, significant: int = EXACT_DIGITS) -> bool:
    """Whether ``value`` is a decimal with at most ``significant`` significant digits, that
    is, whether :func:`approx_text` at that many digits shows it exactly.

    >>> is_short_decimal("0.0012"), is_short_decimal(Fraction(1, 3)), is_short_decimal(1234567)
    (True, False, False)
    >>> is_short_decimal(1200000), is_short_decimal(Fraction(1, 2**10)), is_short_decimal(0)
    (True, False, True)
    """
    value = Fraction(value)
    return rounded(value, significant) == value


def _shown(value: Fraction, significant: int, bound: Bound = None) -> tuple[str, Fraction]:
    """The text of :func:`value_text` and the number it shows."""
    digits = max(EXACT_DIGITS, significant)
    if is_short_decimal(value, digits):
        return "= " + approx_text(value, digits), value
    return "≈ " + approx_text(value, significant, bound), rounded(value, significant, bound)


def value_text(value: RationalLike, significant: int = 4, bound: Bound = None) -> str:
    """``= x`` when ``value`` has at most ``max(EXACT_DIGITS, significant)`` significant
    digits (``x`` is then exact), else ``≈ x``, rounded half-up to ``significant`` digits
    (a bound outward, as in :func:`approx_text`).

    >>> value_text(Fraction(6561, 10000)), value_text(Fraction(65609, 100000))
    ('= 0.6561', '= 0.65609')
    >>> value_text(Fraction(1, 3)), value_text(Fraction(1234567, 10**7))
    ('≈ 0.3333', '≈ 0.1235')
    >>> value_text(Fraction(1, 3), bound="upper")
    '≈ 0.3334'
    """
    return _shown(Fraction(value), significant, bound)[0]


def compared_texts(left: RationalLike, right: RationalLike) -> tuple[str, str]:
    """:func:`value_text` of both sides of an inequality, at the smallest precision (4
    significant digits or more) at which unequal values show unequal numbers in their
    true order.  Equal values show the same text.

    >>> compared_texts(Fraction(6561, 10000), Fraction(65609, 100000))
    ('= 0.6561', '= 0.65609')
    >>> compared_texts(Fraction(6561, 10000), Fraction(65609999, 10**8))
    ('= 0.6561', '= 0.65609999')
    >>> compared_texts(Fraction(6561, 10000), Fraction(6561, 10000) - Fraction(1, 3 * 10**9))
    ('= 0.6561', '≈ 0.6560999997')
    """
    left, right = Fraction(left), Fraction(right)
    order = (left > right) - (left < right)
    significant = 4
    while True:
        (left_text, shown_left), (right_text, shown_right) = (
            _shown(left, significant),
            _shown(right, significant),
        )
        if (shown_left > shown_right) - (shown_left < shown_right) == order:
            return left_text, right_text
        significant += 1


# --- exact rationals -----------------------------------------------------------------------


def fraction_text(value: RationalLike) -> str:
    """An exact rational in lowest terms: ``3``, ``-1/3``.

    >>> fraction_text(3), fraction_text("-2/6"), fraction_text(Fraction(1, 32))
    ('3', '-1/3', '1/32')
    """
    return str(Fraction(value))


def number_text(value: RationalLike) -> str:
    """A grid value as the lessons write it: ``3``, ``0.25``, ``1.2×10⁻⁵`` when its decimal
    is exact in :data:`EXACT_DIGITS` significant digits, else ``p/q``.

    >>> number_text(3), number_text("0.0012"), number_text(Fraction(1, 3))
    ('3', '0.0012', '1/3')
    >>> number_text(Fraction(3, 250000)), number_text(10**7)
    ('1.2×10⁻⁵', '10000000')
    """
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return approx_text(exact, EXACT_DIGITS) if is_short_decimal(exact) else str(exact)


def fraction_decimal_text(value: RationalLike) -> str:
    """An exact rational with its decimal, always: ``3``, ``1/4 = 0.25``, ``1/6 ≈ 0.1667``.

    After ``=`` the decimal is exact (at most :data:`EXACT_DIGITS` significant digits);
    after ``≈`` it is rounded half-up to 4 significant digits (:func:`approx_text`).  The
    Laplace and user-level lessons write exact values this way (``exactText`` in lab.js).

    >>> fraction_decimal_text(Fraction(1, 4)), fraction_decimal_text(Fraction(1, 6))
    ('1/4 = 0.25', '1/6 ≈ 0.1667')
    >>> fraction_decimal_text(Fraction(2500, 3)), fraction_decimal_text(-2)
    ('2500/3 ≈ 833.3', '-2')
    """
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    if is_short_decimal(exact):
        return f"{exact} = {approx_text(exact, EXACT_DIGITS)}"
    return f"{exact} ≈ {approx_text(exact)}"


def fraction_exact_decimal_text(value: RationalLike) -> str:
    """An exact rational with its decimal only when that is exact, every digit of it:
    ``2``, ``1/32 = 0.03125``, ``1/3`` (no ``≈``).  The Gaussian lesson's sensitivities,
    dyadic fractions such as ``1/1024``, are written this way.

    >>> fraction_exact_decimal_text(Fraction(1, 32)), fraction_exact_decimal_text(2)
    ('1/32 = 0.03125', '2')
    >>> fraction_exact_decimal_text(Fraction(1, 3)), fraction_exact_decimal_text("-1/4")
    ('1/3', '-1/4 = -0.25')
    >>> fraction_exact_decimal_text(Fraction(1, 2**20))
    '1/1048576 = 0.00000095367431640625'
    """
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    rest = exact.denominator
    twos = fives = 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:  # not a terminating decimal
        return str(exact)
    digits = max(twos, fives)
    return f"{exact} = {decimal_text(int(exact * 10**digits), digits)}"


# --- doubles (the Gaussian lesson) -----------------------------------------------------------


def float_text(value: float, digits: int = 8) -> str:
    """A double as :func:`approx_text` shows its exact binary value at ``digits`` significant
    digits, with the typeset minus :data:`MINUS`.  Ties round away from zero, as
    JavaScript's ``toExponential`` does (``gaussian-lab.js`` shows the same texts).

    >>> float_text(0.12693673750664394), float_text(2.9242721e-06), float_text(100.0)
    ('0.12693674', '2.9242721×10⁻⁶', '100')
    >>> float_text(-0.0001234, 2), float_text(0.0), float_text(-2.8125, 4)
    ('−0.00012', '0', '−2.813')
    """
    return approx_text(Fraction(value), digits).replace("-", MINUS)


def _fixed(value: float, places: int) -> str:
    """``value`` with ``places`` decimals, rounded half away from zero on its exact binary
    value: what JavaScript's ``toFixed`` gives (Python's own format rounds ties to even)."""
    quantum = Decimal(1).scaleb(-places)
    return f"{Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP):f}"


def log10_text(value: float) -> str:
    """A ``log₁₀`` with four decimals, ties away from zero, minus :data:`MINUS`.

    >>> log10_text(-0.8963988), log10_text(-2223595.49044), log10_text(-0.00005)
    ('−0.8964', '−2223595.4904', '−0.0001')
    """
    return _fixed(value, 4).replace("-", MINUS)


def tiny_text(log10_value: float) -> str:
    """A number far below the double range from its ``log₁₀``: ``m×10ᵉ`` with 5 digits.

    >>> tiny_text(-2223595.490412766)  # δ for Δ = 1/32, σ = 10, ε = 10
    '3.2329×10⁻²²²³⁵⁹⁶'
    >>> tiny_text(-0.000001)  # the mantissa 9.99997 rounds up to 10
    '1.0000×10⁰'
    """
    exponent = math.floor(log10_value)
    mantissa = _fixed(10 ** (log10_value - exponent), 4)
    if mantissa.startswith("10"):
        mantissa, exponent = "1.0000", exponent + 1
    return f"{mantissa}×{power_of_ten_text(exponent)}"


def tex_text(value: float, digits: int = 8) -> str:
    r""":func:`float_text` as TeX: ``2.9242721 \times 10^{-6}``, ``10^{-5}``.

    >>> print(tex_text(2.9242721e-06), tex_text(1e-05), tex_text(-0.5))
    2.9242721 \times 10^{-6} 10^{-5} -0.5
    """
    text = approx_text(Fraction(value), digits)
    if "×" not in text:
        return text
    head, power = text.split("×10")
    return ("" if head == "1" else head + " \\times ") + "10^{" + from_superscript(power) + "}"


# --- reading a shown number back -----------------------------------------------------------


def shown_value(text: str) -> Fraction:
    """The exact number a display text shows: ``= 0.5``, ``≈ 1.235×10⁻⁷``, ``−2.5``.

    >>> shown_value("≈ 1.235×10⁻⁷"), shown_value("= 0.5"), shown_value("−2.813")
    (Fraction(247, 2000000000), Fraction(1, 2), Fraction(-2813, 1000))
    """
    body = text.removeprefix("= ").removeprefix("≈ ").replace(MINUS, "-")
    mantissa, _, power = body.partition("×10")
    exponent = int(from_superscript(power)) if power else 0
    return Fraction(mantissa) * Fraction(10) ** exponent
