"""The number-as-text rules of :mod:`dplab.views.numbers`.

A displayed bound is still a bound: :func:`approx_text` and :func:`value_text` round a value
half-up, and a bound outward (an upper bound up, a lower bound down).  The references here
are Python's :mod:`decimal` (its division and rounding are correct in the context's
direction), independent of the module's own rounding.  lab.js's copies of these rules are
checked against them in Node (``tests/js/golden_numbers.py``).
"""

from __future__ import annotations

import decimal
import struct
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplab.views import LABELS
from dplab.views.numbers import (
    approx_text,
    compared_texts,
    decimal_text,
    float_text,
    fraction_decimal_text,
    fraction_exact_decimal_text,
    from_superscript,
    is_short_decimal,
    log10_text,
    number_text,
    shown_value,
    superscript,
    tex_text,
    tiny_text,
    value_text,
)
from tests.js.golden_numbers import SPELLED_REFUSALS


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


# --- approx_text and bounds ------------------------------------------------------------------


def test_approx_text_rounds_half_up_on_the_exact_value():
    cases = {
        Fraction(2187, 5000): "0.4374",
        Fraction(12345, 10**8): "0.0001235",  # half-up at the 4th significant digit
        Fraction(99995, 10**5): "1",  # rounds up to the next power of ten
        Fraction(1, 3): "0.3333",
        Fraction(123456): "123500",
        Fraction(1234567): "1.235×10⁶",
        Fraction(1, 10**5): "1×10⁻⁵",
        Fraction(-1, 8): "-0.125",
        Fraction(0): "0",
    }
    assert {value: approx_text(value) for value in cases} == cases


@given(value=values)
def test_an_upper_bound_is_shown_at_least_and_a_lower_bound_at_most_its_value(value):
    upper = shown_value(approx_text(value, bound="upper"))
    lower = shown_value(approx_text(value, bound="lower"))
    assert lower <= value <= upper
    assert (upper, lower) == (outward(value, "upper"), outward(value, "lower"))
    assert shown_value(approx_text(value)) == outward(value, None)  # unchanged: half-up


@given(value=values)
def test_value_text_keeps_exact_values_and_rounds_bounds_outward(value):
    for bound in ("upper", "lower"):
        text = value_text(value, bound=bound)
        shown = shown_value(text)
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


# --- "= x" or "≈ x" --------------------------------------------------------------------------


def test_value_text_marks_rounded_values_and_only_those():
    assert value_text(Fraction(6561, 10**4)) == "= 0.6561"
    assert value_text(Fraction(123456, 10**6)) == "= 0.123456"  # 6 digits: exact
    assert value_text(Fraction(1234567, 10**7)) == "≈ 0.1235"  # 7 digits: rounded
    assert value_text(Fraction(2, 3)) == "≈ 0.6667"
    assert value_text(0) == "= 0"


@settings(max_examples=300, deadline=None)
@given(
    st.fractions(min_value=0, max_value=1, max_denominator=10**12),
    st.fractions(min_value=0, max_value=1, max_denominator=10**12),
)
def test_compared_texts_show_unequal_values_unequal_and_in_order(left, right):
    left_text, right_text = compared_texts(left, right)
    if left == right:
        assert left_text == right_text
        return
    shown_left, shown_right = shown_value(left_text), shown_value(right_text)
    assert (shown_left < shown_right) == (left < right) and shown_left != shown_right
    for value, text, number in ((left, left_text, shown_left), (right, right_text, shown_right)):
        # "=" only for the exact value; "≈" within half a unit of the last digit shown.
        if text.startswith("="):
            assert number == value
        else:
            assert number != value
            mantissa = text.split(" ")[1].partition("×")[0]
            digits = len(mantissa.replace(".", "").lstrip("0"))
            assert abs(number - value) <= Fraction(1, 2) * abs(number) / 10 ** (digits - 1)


@given(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(min_value=0, max_value=15),
    st.integers(min_value=1, max_value=9),
)
def test_is_short_decimal_counts_significant_digits(numerator, places, significant):
    """Against the decimal's own digits: strip the trailing zeros of n·10^-k, count."""
    value = Fraction(numerator, 10**places)
    digits = str(abs(numerator)).strip("0")
    assert is_short_decimal(value, significant) == (len(digits) <= significant)
    assert not is_short_decimal(value + Fraction(1, 3 * 10**places), significant)


def test_decimal_text():
    assert decimal_text(4374 * 10**5, 9) == "0.4374"
    assert decimal_text(10**9, 9) == "1"
    assert decimal_text(-5, 4) == "-0.0005" and decimal_text(120, 0) == "120"


# --- exact rationals -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Fraction(3), "3"),
        (Fraction(1, 4), "1/4 = 0.25"),
        (Fraction(1, 64), "1/64 = 0.015625"),
        (Fraction(1, 128), "1/128 = 0.0078125"),
        (Fraction(1, 2048), "1/2048 ≈ 0.0004883"),  # 8 significant digits: rounded half-up
        (Fraction(1, 6), "1/6 ≈ 0.1667"),
        (Fraction(1, 500000), "1/500000 = 2×10⁻⁶"),
        (Fraction(-3, 2), "-3/2 = -1.5"),
    ],
)
def test_fraction_decimal_text_says_equal_only_when_the_decimal_is_exact(value, expected):
    assert fraction_decimal_text(value) == expected
    if " = " in expected:
        assert shown_value(expected.split(" = ")[1]) == value


def test_number_text():
    assert [number_text(v) for v in ("0.0012", 100, "1/3", "2.5")] == [
        "0.0012",
        "100",
        "1/3",
        "2.5",
    ]


@given(st.fractions(max_denominator=10**6))
def test_fraction_exact_decimal_text_shows_every_digit_or_none(value):
    text = fraction_exact_decimal_text(value)
    fraction, _, decimal_part = text.partition(" = ")
    assert Fraction(fraction) == value
    rest = value.denominator  # a terminating decimal: no prime factor but 2 and 5
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    terminating = rest == 1
    if value.denominator == 1:
        assert text == str(value.numerator)
    elif terminating:
        assert Fraction(decimal_part) == value and "×" not in decimal_part
    else:
        assert decimal_part == ""


# --- doubles ---------------------------------------------------------------------------------


def test_float_text_and_the_gaussian_lesson_s_rules():
    assert float_text(0.12693673750664394) == "0.12693674"
    assert float_text(123456.7) == "123456.7" and float_text(1234567.0) == "1.234567×10⁶"
    assert float_text(1e-4) == "0.0001" and float_text(9.99e-5, 3) == "9.99×10⁻⁵"
    assert float_text(0.99999999999) == "1" and float_text(-2.5) == "−2.5"
    assert log10_text(-5.53399) == "−5.5340"
    assert tiny_text(-0.000001) == "1.0000×10⁰"  # mantissa 9.99997 rounds up to 10
    assert fraction_exact_decimal_text(Fraction(1, 32)) == "1/32 = 0.03125"
    assert fraction_exact_decimal_text(Fraction(1, 3)) == "1/3"
    assert fraction_exact_decimal_text(Fraction(4)) == "4"


doubles = st.floats(allow_nan=False, allow_infinity=False) | st.builds(
    lambda bits: struct.unpack("<d", struct.pack("<Q", bits))[0],
    st.integers(min_value=0, max_value=0x7FEF_FFFF_FFFF_FFFF),
)


@given(doubles, st.integers(min_value=1, max_value=17))
def test_float_text_rounds_the_double_s_exact_value_half_away_from_zero(value, digits):
    """Against :mod:`decimal`: ``Decimal(x)`` is the double's exact value."""
    context = decimal.Context(prec=digits, rounding=decimal.ROUND_HALF_UP, Emin=-9999, Emax=9999)
    expected = Fraction(context.plus(decimal.Decimal(value)))
    text = float_text(value, digits)
    assert shown_value(text) == expected
    assert ("-" not in text) and (text.startswith("−") == (value < 0 and expected != 0))
    tex = tex_text(value, digits)
    assert ("\\times" in tex or "10^{" in tex) == ("×" in text)


@given(st.floats(min_value=-1e7, max_value=1e7))
def test_log10_text_has_four_decimals_rounded_half_away_from_zero(value):
    text = log10_text(value)
    assert len(text.partition(".")[2]) == 4
    exact = decimal.Decimal(value).quantize(decimal.Decimal("0.0001"), decimal.ROUND_HALF_UP)
    assert Fraction(text.replace("−", "-")) == Fraction(exact)


# --- superscripts and reading back -----------------------------------------------------------


@given(
    st.integers(min_value=-400, max_value=400), st.integers(min_value=-(10**30), max_value=10**30)
)
def test_superscript_reads_back(exponent, large):
    text = superscript(exponent)
    assert shown_value("1×10" + text) == Fraction(10) ** exponent
    assert not set(text) & set("-0123456789")
    assert from_superscript(superscript(large)) == str(large)


def test_every_reason_the_number_reader_gives_is_a_label():
    """The reader's refusals (lab.js's readNumber, checked in Node against the same
    spellings) and every refusal of a stepper, in both languages."""
    reasons = {*SPELLED_REFUSALS.values(), "lab.typed_negative", "lab.typed_probability"}
    reasons |= {"lab.typed_range", "lab.typed_off_grid", "lab.typed_refused"}
    for lang in ("ko", "en"):
        assert reasons <= LABELS[lang].keys(), lang
    assert LABELS["ko"]["lab.typed_negative"] == "음수는 안 됩니다."
    assert "0과 1 사이여야 합니다" in LABELS["ko"]["lab.typed_probability"]
