"""Argument checks shared by the maths modules.

Every public function of :mod:`dplab` validates its input with these helpers, so a bad
argument always produces the same kind of message: the parameter's name, the value that
was given and the range that is allowed.  ``bool`` is rejected wherever a number is
expected, because ``True`` silently behaving as ``1`` hides bugs.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Real

import numpy as np

__all__ = [
    "check_int",
    "check_rational",
    "check_real",
    "check_real_array",
    "exact_fraction",
]


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
            f"{name} must be an integer{where}; got {value!r} of type {type(value).__name__}"
        )
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(
            f"{name} must be an integer in {_describe_range(low, high, False, False)}; got {number}"
        )
    return number


def _outside(number, low, high, low_open: bool, high_open: bool):
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

    >>> check_real("sigma", 2, low=0, low_open=True)
    2.0
    >>> check_real("sigma", float("nan"), low=0, low_open=True)
    Traceback (most recent call last):
    ...
    ValueError: sigma must be a real number in (0, inf); got nan
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(
            f"{name} must be a real number; got {value!r} of type {type(value).__name__}"
        )
    number = float(value)
    allowed = _describe_range(low, high, low_open, high_open)
    bad = math.isnan(number) or (math.isinf(number) and not allow_inf)
    if bad or _outside(number, low, high, low_open, high_open):
        raise ValueError(f"{name} must be a real number in {allowed}; got {value!r}")
    return number


# A decimal exponent beyond this would make the exact value an integer of more digits
# than any claim needs (and take long to build): 1e-300 is fine, 1e-2223595 is refused.
MAX_DECIMAL_EXPONENT = 4000
_EXPONENT = re.compile(r"[eE]\s*([+-]?\d+)\s*$")


def _check_exponent(name: str, value: object, exponent: int) -> None:
    if abs(exponent) > MAX_DECIMAL_EXPONENT:
        raise ValueError(
            f"{name} must have a decimal exponent in [-{MAX_DECIMAL_EXPONENT}, "
            f"{MAX_DECIMAL_EXPONENT}]; got {value!r}"
        )


def exact_fraction(name: str, value: object) -> Fraction:
    """Convert ``value`` to a :class:`~fractions.Fraction` without rounding surprises.

    ``int``, ``Fraction`` and ``Decimal`` are taken exactly; a decimal string such as
    ``"0.9"`` or ``"3/4"`` is parsed exactly; a ``float`` is taken by its exact binary value
    (``Fraction(x)``), the one number the program holds, so ``0.5`` is 1/2 and ``0.9`` is
    the double nearest to 9/10, not 9/10 itself (pass ``"0.9"`` to mean 9/10).

    >>> exact_fraction("p", 0.5)
    Fraction(1, 2)
    >>> exact_fraction("p", 0.9) == Fraction(9, 10), exact_fraction("p", "0.9")
    (False, Fraction(9, 10))
    >>> exact_fraction("p", "3/4")
    Fraction(3, 4)
    >>> exact_fraction("p", np.float64(0.1)) == Fraction(0.1)
    True
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a number or a decimal string; got {value!r}")
    if isinstance(value, Fraction | Integral | Decimal):
        if isinstance(value, Decimal):
            if not value.is_finite():
                raise ValueError(f"{name} must be finite; got {value!r}")
            _check_exponent(name, value, value.as_tuple().exponent)
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be finite; got {value!r}")
        return Fraction(value)
    if isinstance(value, str):
        exponent = _EXPONENT.search(value)
        if exponent:
            _check_exponent(name, value, int(exponent.group(1)))
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"{name} must be a decimal or fraction string like '0.9' or '3/4'; got {value!r}"
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
            f"or decimal string); got {value!r} of type {type(value).__name__}"
        ) from None
    except ValueError:
        raise ValueError(f"{name} must be a rational number in {allowed}; got {value!r}") from None
    if _outside(number, low, high, low_open, high_open):
        raise ValueError(f"{name} must be a rational number in {allowed}; got {value!r}")
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
