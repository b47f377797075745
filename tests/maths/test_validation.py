"""The shared argument checks: exact readings and the limits they enforce."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from dplab import finite
from dplab._validation import MAX_DECIMAL_EXPONENT, exact_fraction
from dplab.mechanisms import gaussian, laplace, queries
from dplab.mechanisms import randomized_response as rr
from dplab.mechanisms import rr_lab_grid as rr_lab


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


# --- the float policy: a float is its exact binary value, in every module -------------------

CHANNEL = finite.FiniteChannel.from_probabilities(
    {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, finite.both_directions([(0, 1)])
)


def _enclosure(*arguments):
    lower, upper = gaussian.delta_enclosure(*arguments, digits=20)
    return lower.man_exp(), upper.man_exp()


# (name, call of one number x, a float, the decimal the float is nearest to, exact answer?)
EXACT_CALLS = [
    ("finite.check_alpha", finite.check_alpha, 1.1, "1.1", True),
    ("finite.check_delta", finite.check_delta, 0.1, "0.1", True),
    ("finite.certify", lambda x: finite.certify(CHANNEL, 2, x), 0.1, "0.1", True),
    ("finite.alpha_from_epsilon", finite.alpha_from_epsilon, 0.1, "0.1", True),
    ("rr.required_delta", lambda x: rr.required_delta(4, x, 3), 0.9, "0.9", True),
    ("rr.certify", lambda x: rr.certify(4, "0.9", 3, x), 0.05, "0.05", True),
    ("rr.count_distribution", lambda x: rr.count_distribution(3, x, 1), 0.1, "0.1", True),
    ("rr.debiased_estimate", lambda x: rr.debiased_estimate(4, x, 1), 0.9, "0.9", True),
    ("queries.sum_query", lambda x: queries.sum_query(3, x).sensitivity, 0.1, "0.1", True),
    ("queries.evaluate", lambda x: queries.mean_query(2, 1).evaluate([x, 0]), 0.1, "0.1", True),
    ("laplace.epsilon", lambda x: laplace.epsilon(x, "0.3"), 0.1, "0.1", True),
    ("laplace.scale_for", lambda x: laplace.scale_for(1, x), 0.3, "0.3", True),
    ("laplace.delta", lambda x: laplace.delta(1, 1, x), 0.2, "0.2", False),
    ("gaussian.certify", lambda x: gaussian.certify(1, 1, 1, x), 0.1, "0.1", False),
    ("gaussian.delta_enclosure", lambda x: _enclosure(x, 1, 1), 0.1, "0.1", True),
]  # fmt: skip


def test_a_float_is_its_exact_binary_value_not_its_shortest_decimal():
    assert exact_fraction("x", 0.1) == Fraction(3602879701896397, 2**55) != Fraction(1, 10)
    assert exact_fraction("x", "0.1") == Fraction(1, 10)
    assert exact_fraction("x", np.float32(0.1)) == Fraction(float(np.float32(0.1)))
    assert exact_fraction("x", np.int64(7)).numerator.__class__ is int


@pytest.mark.parametrize(
    ("call", "number", "decimal", "exact"),
    [pytest.param(*row[1:], id=row[0]) for row in EXACT_CALLS],
)
def test_every_module_reads_a_float_as_fraction_of_that_float(call, number, decimal, exact):
    assert call(number) == call(Fraction(number)) == call(np.float64(number))
    if exact:  # the decimal is a different number, so an exact answer differs
        assert call(number) != call(decimal)


def test_the_modules_refer_to_the_one_policy_instead_of_restating_it():
    policy = "float policy of :mod:`dplab._validation`"
    for module in (finite, rr, queries, laplace):
        assert policy in " ".join(module.__doc__.split()), module.__name__
    import dplab._validation as validation

    assert "**Float policy (the whole package).**" in validation.__doc__
    for module in (finite, rr, queries, laplace, rr_lab, gaussian, validation):
        assert "shortest decimal" not in module.__doc__, module.__name__
    with pytest.raises(TypeError, match="claim must be a decimal string"):
        rr_lab.claim_covers(1, 4, 0.5)  # the lab takes decimal text only
    assert math.isfinite(laplace.delta(1, 1, 0.1))
