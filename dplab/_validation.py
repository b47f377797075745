"""Argument checks shared by the maths modules, and the package's one float policy.

Every public function of :mod:`dplab` validates its input with these helpers, so a bad
argument always produces the same kind of message: the parameter's name, the value that
was given and the range that is allowed.  ``bool`` is rejected wherever a number is
expected, because ``True`` silently behaving as ``1`` hides bugs; for the same reason an
item that must be one of a channel's input labels is refused when it is a ``bool`` and the
label it equals is a number (``True`` is not the input ``1``).  Sizes come first: a
sequence's length and an estimate of the work are checked before any item is read or any
law is built, so a huge argument gets its ``ValueError`` at once.

**Float policy (the whole package).**  A Python ``float`` (or a NumPy float) argument
means its *exact binary value*, ``Fraction(x)``: ``0.1`` is
0.1000000000000000055511151231257827021181583404541015625, not 1/10.  That is the one
value the program holds, and the one that :class:`fractions.Fraction`, ``mpmath.mpf`` and
Arb's ``arb`` read, so an exact result never depends on how a number happens to be
printed.  To mean a decimal exactly, pass it as a string (``"0.9"``, ``"1e-5"``), a
``Fraction`` (``Fraction(9, 10)``, ``"3/4"``), an ``int`` or a ``Decimal``.  Functions that
compute in floating point (densities, plotted curves) take floats as they are; functions
that promise exact answers read every float by this rule (:func:`exact_fraction`).  A
factor ``e^ε`` computed in floating point, ``math.exp(eps)``, may round *up* and then
certifies at a factor larger than the true one: use
:func:`dplab.finite.alpha_from_epsilon`, a rigorous lower bound.

>>> exact_fraction("p", 0.1) == Fraction(1, 10)
False
>>> exact_fraction("p", "0.1")
Fraction(1, 10)
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Real
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from dplab.finite import FiniteChannel

__all__ = [
    "check_bool",
    "check_callable",
    "check_input",
    "check_int",
    "check_rational",
    "check_real",
    "check_real_array",
    "exact_fraction",
    "magnitude_text",
    "shown",
    "size_text",
]

# Integers beyond this many bits are described by their size in messages: their decimal
# text is long, and past 4300 digits Python refuses to produce it at all.
_SHOWN_MAX_BITS = 256


def shown(value: object) -> str:
    """``repr(value)`` for an error message, with huge numbers described by their size.

    >>> shown(0.5), shown(10**400), shown(Fraction(1, 3**1000))
    ('0.5', 'an integer of 401 digits', 'a fraction with a 478-digit denominator')
    """
    if isinstance(value, Integral) and not isinstance(value, bool):
        number = int(value)
        if number.bit_length() > _SHOWN_MAX_BITS:
            sign = "a negative" if number < 0 else "an"
            return f"{sign} integer of {_digits(number)} digits"
    if isinstance(value, Fraction):
        numerator, denominator = value.numerator, value.denominator
        if max(numerator.bit_length(), denominator.bit_length()) > _SHOWN_MAX_BITS:
            if numerator.bit_length() > denominator.bit_length():
                return f"a fraction with a {_digits(numerator)}-digit numerator"
            return f"a fraction with a {_digits(denominator)}-digit denominator"
    text = repr(value)
    return text if len(text) <= 200 else f"{text[:80]}… ({len(text)} characters)"


def size_text(number: int) -> str:
    """A non-negative work or size estimate for a message: ``3.2e+07``, or its digit count.

    >>> size_text(32_000_000), size_text(10**400)
    ('3.2e+07', 'an integer of 401 digits')
    """
    return f"{number:.3g}" if number.bit_length() <= _SHOWN_MAX_BITS else shown(number)


def magnitude_text(number: int) -> str:
    """A non-negative work or memory estimate for a message: ``3.2e+07``, or ``about 10^N``
    (``N`` = bits × log₁₀ 2, rounded) from 1000 bits on, where ``.3g`` stops being cheap.

    >>> magnitude_text(32_000_000), magnitude_text(10**400)
    ('3.2e+07', 'about 10^400')
    """
    return (
        f"{number:.3g}"
        if number.bit_length() < 1000
        else f"about 10^{number.bit_length() * 0.30103:.0f}"
    )


def _digits(number: int) -> str:
    """The number of decimal digits of ``|number|``, exact below 10,000 bits."""
    magnitude = abs(number)
    if magnitude.bit_length() < 10_000:
        return str(len(str(magnitude)))
    return f"about {int(magnitude.bit_length() * math.log10(2)) + 1}"


def _describe_range(low: object, high: object, low_open: bool, high_open: bool) -> str:
    left = "(" if low_open or low is None else "["
    right = ")" if high_open or high is None else "]"
    low_text = "-inf" if low is None else str(low)
    high_text = "inf" if high is None else str(high)
    return f"{left}{low_text}, {high_text}{right}"


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an ``int`` if it is an integer in ``[low, high]``.

    >>> check_int("n", 3, low=1)
    3
    >>> check_int("n", 0, low=1)
    Traceback (most recent call last):
    ...
    ValueError: n must be an integer in [1, inf); got 0
    """
    if isinstance(value, bool) or not isinstance(value, Integral):
        bounded = low is not None or high is not None
        where = f" in {_describe_range(low, high, False, False)}" if bounded else ""
        raise TypeError(
            f"{name} must be an integer{where}; got {shown(value)} of type {type(value).__name__}"
        )
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(
            f"{name} must be an integer in {_describe_range(low, high, False, False)}; "
            f"got {shown(number)}"
        )
    return number


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is ``True`` or ``False`` (a number that equals one is refused).

    >>> check_bool("shuffled", 1)
    Traceback (most recent call last):
    ...
    TypeError: shuffled must be True or False; got 1
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False; got {shown(value)}")
    return value


def check_input(name: str, channel: FiniteChannel, item: object) -> int:
    """The input position of ``item`` in ``channel`` (``name``: the dataset that holds it);
    a ``bool`` is not the number label it equals.

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> channel = clamped_geometric(2, "1/2")
    >>> check_input("K", channel, 1)
    1
    >>> check_input("K", channel, True)
    Traceback (most recent call last):
    ...
    ValueError: K must hold inputs of the randomizer (0, 1) (a bool is not the number it equals); got True
    """  # noqa: E501
    position = channel.position(item)
    if position is None:
        raise ValueError(
            f"{name} must hold inputs of the randomizer {shown(channel.inputs)} (a bool is "
            f"not the number it equals); got {shown(item)}"
        )
    return position


def check_callable(name: str, value: object, arguments: int, meaning: str) -> Callable[..., object]:
    """Return ``value`` if it is a callable that accepts ``arguments`` positional arguments.

    ``meaning`` describes the function expected, for the message ("a function of one
    item …").  A callable whose signature Python cannot read (some built-ins) is taken as
    it is.

    >>> check_callable("f", lambda x, y: 0, 1, "a function f(item)")
    Traceback (most recent call last):
    ...
    TypeError: f must be a function f(item); got <lambda>(x, y), which cannot be called with 1 positional argument
    """  # noqa: E501
    if not callable(value):
        raise TypeError(
            f"{name} must be {meaning}; got {shown(value)} of type {type(value).__name__}"
        )
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return value
    try:
        signature.bind(*range(arguments))
    except TypeError:
        label = getattr(value, "__name__", type(value).__name__)
        raise TypeError(
            f"{name} must be {meaning}; got {label}{signature}, which cannot be called with "
            f"{arguments} positional argument{'s' * (arguments != 1)}"
        ) from None
    return value


def _outside(
    number: Fraction | float | np.ndarray,
    low: Fraction | float | None,
    high: Fraction | float | None,
    low_open: bool,
    high_open: bool,
) -> bool | np.ndarray:
    """Whether ``number`` (a scalar, or element-wise an array) lies outside the range."""
    below = False if low is None else (number <= low if low_open else number < low)
    above = False if high is None else (number >= high if high_open else number > high)
    return below | above


def check_real(
    name: str,
    value: object,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
    allow_inf: bool = False,
) -> float:
    """Return ``value`` as a ``float`` after checking type, NaN, infinity and range.

    An ``int`` or ``Fraction`` too large for a double is a ``ValueError`` (the functions
    using this check compute in floating point).

    >>> check_real("sigma", 2, low=0, low_open=True)
    2.0
    >>> check_real("sigma", float("nan"), low=0, low_open=True)
    Traceback (most recent call last):
    ...
    ValueError: sigma must be a real number in (0, inf); got nan
    >>> check_real("y", 10**400)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: y must be a real number ... within the double range ±1.8e308; got an integer ...
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(
            f"{name} must be a real number; got {shown(value)} of type {type(value).__name__}"
        )
    allowed = _describe_range(low, high, low_open, high_open)
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(
            f"{name} must be a real number in {allowed} within the double range ±1.8e308; "
            f"got {shown(value)}"
        ) from None
    bad = math.isnan(number) or (math.isinf(number) and not allow_inf)
    if bad or _outside(number, low, high, low_open, high_open):
        raise ValueError(f"{name} must be a real number in {allowed}; got {shown(value)}")
    return number


# A decimal exponent beyond this would make the exact value an integer of more digits
# than any claim needs (and take long to build): 1e-300 is fine, 1e-2223595 is refused.
MAX_DECIMAL_EXPONENT = 4000
_EXPONENT = re.compile(r"[eE]\s*([+-]?\d+)\s*$")


def _check_exponent(name: str, value: object, exponent: int) -> None:
    if abs(exponent) > MAX_DECIMAL_EXPONENT:
        raise ValueError(
            f"{name} must have a decimal exponent in [-{MAX_DECIMAL_EXPONENT}, "
            f"{MAX_DECIMAL_EXPONENT}]; got {shown(value)}"
        )


def exact_fraction(name: str, value: object) -> Fraction:
    """Convert ``value`` to a :class:`~fractions.Fraction` by the package's float policy.

    ``int``, ``Fraction`` and ``Decimal`` are taken exactly; a decimal or fraction string
    such as ``"0.9"`` or ``"3/4"`` is parsed exactly; a ``float`` (also a NumPy float) is
    taken by its exact binary value, see the module docstring.

    >>> exact_fraction("p", 0.75), exact_fraction("p", "0.9"), exact_fraction("p", "3/4")
    (Fraction(3, 4), Fraction(9, 10), Fraction(3, 4))
    >>> exact_fraction("p", np.float64(0.1)) == Fraction(0.1) != Fraction(1, 10)
    True
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a number or a decimal string; got {value!r}")
    if isinstance(value, Integral):
        return Fraction(int(value))  # NumPy integers become Python ints
    if isinstance(value, Fraction | Decimal):
        if isinstance(value, Decimal):
            if not value.is_finite():
                raise ValueError(f"{name} must be finite; got {value!r}")
            _check_exponent(name, value, int(value.as_tuple().exponent))  # finite: an int
        return Fraction(value)
    if isinstance(value, float | np.floating):
        number = float(value)  # exact: every NumPy float is also a double
        if not math.isfinite(number):
            raise ValueError(f"{name} must be finite; got {value!r}")
        return Fraction(number)
    if isinstance(value, str):
        exponent = _EXPONENT.search(value)
        if exponent:
            _check_exponent(name, value, int(exponent.group(1)))
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"{name} must be a decimal or fraction string like '0.9' or '3/4'; "
                f"got {shown(value)}"
            ) from None
    raise TypeError(
        f"{name} must be a Fraction, int, float, Decimal or string; got {type(value).__name__}"
    )


def check_rational(
    name: str,
    value: object,
    *,
    low: Fraction | int | None = None,
    high: Fraction | int | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> Fraction:
    """Return ``value`` as an exact :class:`~fractions.Fraction` after checking its range.

    The value is converted by :func:`exact_fraction` (a ``float`` by its exact binary
    value, a string such as ``"0.9"`` or ``"3/4"`` exactly).  Every failure, including NaN,
    infinity and unparsable strings, names the parameter, the allowed range and the value.

    >>> check_rational("p", "0.9", low=0, high=1)
    Fraction(9, 10)
    >>> check_rational("alpha", 1.25, low=1)
    Fraction(5, 4)
    >>> check_rational("alpha", float("nan"), low=1)
    Traceback (most recent call last):
    ...
    ValueError: alpha must be a rational number in [1, inf); got nan
    """
    allowed = _describe_range(low, high, low_open, high_open)
    try:
        number = exact_fraction(name, value)
    except TypeError:
        raise TypeError(
            f"{name} must be a rational number in {allowed} (int, Fraction, Decimal, float "
            f"or decimal string); got {shown(value)} of type {type(value).__name__}"
        ) from None
    except ValueError as error:
        detail = f" ({error})" if "exponent" in str(error) else ""
        raise ValueError(
            f"{name} must be a rational number in {allowed}; got {shown(value)}{detail}"
        ) from None
    if _outside(number, low, high, low_open, high_open):
        raise ValueError(f"{name} must be a rational number in {allowed}; got {shown(value)}")
    return number


def check_real_array(
    name: str,
    value: object,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> np.ndarray:
    """Return ``value`` (a real number or an array-like of them) as a float64 array.

    A scalar gives a 0-d array.  Booleans, strings, ``None``, complex and object arrays are
    type errors; NaN, infinity and values outside the range are value errors naming the
    first offending element and its index.

    >>> check_real_array("eps", [0, 0.5])
    array([0. , 0.5])
    >>> check_real_array("sigma", [1.0, -2.0], low=0, low_open=True)
    Traceback (most recent call last):
    ...
    ValueError: sigma must be a real number in (0, inf); got -2.0 at index 1
    """
    if not isinstance(value, np.ndarray | list | tuple):
        return np.asarray(
            check_real(name, value, low=low, high=high, low_open=low_open, high_open=high_open)
        )
    array = np.asarray(value)
    if array.dtype.kind not in "iuf":
        raise TypeError(
            f"{name} must be a real number or an array of real numbers; "
            f"got an array of dtype {array.dtype}"
        )
    numbers = array.astype(np.float64)
    bad = ~np.isfinite(numbers) | _outside(numbers, low, high, low_open, high_open)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        where = index[0] if len(index) == 1 else index
        allowed = _describe_range(low, high, low_open, high_open)
        got = array[index].item()
        raise ValueError(f"{name} must be a real number in {allowed}; got {got!r} at index {where}")
    return numbers
