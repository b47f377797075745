"""The shared argument checks: exact readings and the limits they enforce."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dplab._validation import MAX_DECIMAL_EXPONENT, exact_fraction


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("1e-300", Fraction(1, 10**300)),
        ("2.5E3", Fraction(2500)),
        (Decimal("1e-4000"), Fraction(1, 10**4000)),
    ],
)
def test_decimal_exponents_within_the_limit_are_exact(value, expected):
    assert exact_fraction("delta", value) == expected


@pytest.mark.parametrize("value", ["1e-2223595", "1E+5000", Decimal("1e-4001")])
def test_huge_decimal_exponents_are_refused_quickly_with_the_range(value):
    with pytest.raises(
        ValueError, match=rf"delta must have a decimal exponent in \[-{MAX_DECIMAL_EXPONENT}, "
    ):
        exact_fraction("delta", value)
