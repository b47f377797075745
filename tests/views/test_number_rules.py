"""The views' number rules: a displayed bound is still a bound.

:func:`~dplab.views.randomized_response.approx_text` and ``value_text`` round a value
half-up, and a bound outward: an upper bound up, a lower bound down.  The references here
are Python's :mod:`decimal` at 4 significant digits (its division is correctly rounded in
the context's direction), independent of the views' own rounding.
"""

from __future__ import annotations

import decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplab.views.randomized_response import approx_text, value_text

_SUPERSCRIPT = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")


def shown_number(text: str) -> Fraction:
    """The exact number a display text shows: ``0.02943``, ``-1.25×10⁻⁵``, ``≈ 3``."""
    text = text.removeprefix("≈ ").removeprefix("= ")
    if "×10" in text:
        mantissa, exponent = text.split("×10")
        return Fraction(mantissa) * Fraction(10) ** int(exponent.translate(_SUPERSCRIPT))
    return Fraction(text)


def outward(value: Fraction, bound: str | None, significant: int = 4) -> Fraction:
    """``value`` at ``significant`` digits by :mod:`decimal`: up, down or half-up."""
    if value == 0:
        return Fraction(0)
    rounding = {
        "upper": decimal.ROUND_CEILING,
        "lower": decimal.ROUND_FLOOR,
        None: decimal.ROUND_HALF_UP,
    }[bound]
    context = decimal.Context(prec=significant, rounding=rounding, Emin=-(10**6), Emax=10**6)
    quotient = context.divide(decimal.Decimal(value.numerator), decimal.Decimal(value.denominator))
    return Fraction(quotient)


values = st.fractions(max_denominator=10**9).filter(lambda v: v != 0) | st.fractions(
    min_value=Fraction(-(10**12)), max_value=Fraction(10**12), max_denominator=10**15
)


@given(value=values)
def test_an_upper_bound_is_shown_at_least_and_a_lower_bound_at_most_its_value(value):
    upper = shown_number(approx_text(value, bound="upper"))
    lower = shown_number(approx_text(value, bound="lower"))
    assert lower <= value <= upper
    assert (upper, lower) == (outward(value, "upper"), outward(value, "lower"))
    assert shown_number(approx_text(value)) == outward(value, None)  # unchanged: half-up


@given(value=values)
def test_value_text_keeps_exact_values_and_rounds_bounds_outward(value):
    for bound in ("upper", "lower"):
        text = value_text(value, bound=bound)
        shown = shown_number(text)
        if text.startswith("= "):
            assert shown == value
        else:
            assert shown == outward(value, bound)
            assert (shown >= value) if bound == "upper" else (shown <= value)


def test_the_lesson_six_membership_bound_rounds_up():
    # 3001/102001 = 0.029421…: "≤ 0.02942" would be false; the bound shows 0.02943
    assert approx_text(Fraction(3001, 102001)) == "0.02942"
    assert approx_text(Fraction(3001, 102001), bound="upper") == "0.02943"
    assert value_text(Fraction(3001, 102001), bound="upper") == "≈ 0.02943"
    # a carry into a new digit and the scientific form
    assert approx_text(Fraction(99999, 10**5), bound="upper") == "1"
    assert approx_text(Fraction(1, 3 * 10**7), bound="upper") == "3.334×10⁻⁸"
    assert approx_text(Fraction(-1, 3), bound="upper") == "-0.3333"
    assert approx_text(Fraction(-1, 3), bound="lower") == "-0.3334"


def test_an_unknown_bound_is_refused():
    with pytest.raises(ValueError, match="bound must be"):
        approx_text(Fraction(1, 3), bound="outer")
