"""Tests of dplab.mechanisms.queries: exact sensitivities, attaining neighbours, evaluation,
validation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dplab.mechanisms.queries import (
    BoundedQuery,
    constant_query,
    count_query,
    mean_query,
    sum_query,
)

PROPERTIES = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])

bounds = st.fractions(min_value=Fraction(1, 50), max_value=100, max_denominator=50)
sizes = st.integers(min_value=1, max_value=12)


@st.composite
def queries(draw) -> BoundedQuery:
    """Any of the four queries with a random public n, bound and parameter."""
    n, bound = draw(sizes), draw(bounds)
    kind = draw(st.sampled_from(["sum", "mean", "count", "constant"]))
    if kind == "count":
        threshold = draw(st.fractions(min_value=0, max_value=bound, max_denominator=50))
        return count_query(n, bound, threshold if threshold > 0 else bound)
    if kind == "constant":
        return constant_query(n, bound, draw(st.fractions(-5, 5, max_denominator=10)))
    return {"sum": sum_query, "mean": mean_query}[kind](n, bound)


@st.composite
def neighbouring_datasets(draw, query: BoundedQuery):
    """A dataset of ``query.n`` records in ``[0, B]`` and one record replaced within it."""
    record = st.fractions(min_value=0, max_value=query.bound, max_denominator=100)
    dataset = draw(st.lists(record, min_size=query.n, max_size=query.n))
    index = draw(st.integers(min_value=0, max_value=query.n - 1))
    neighbour = list(dataset)
    neighbour[index] = draw(record)
    return dataset, neighbour


# --- sensitivities and the pairs that attain them ---------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (sum_query(4, 1), Fraction(1)),
        (sum_query(3, "2.5"), Fraction(5, 2)),
        (mean_query(4, 1), Fraction(1, 4)),
        (mean_query(32, 1), Fraction(1, 32)),
        (mean_query(3, 1), Fraction(1, 3)),
        (count_query(4, 1, "0.5"), Fraction(1)),
        (count_query(7, 10, 10), Fraction(1)),
        (constant_query(4, 1, 3), Fraction(0)),
    ],
)
def test_sensitivity_is_the_exact_fraction(query, expected):
    assert query.sensitivity == expected
    assert isinstance(query.sensitivity, Fraction)


@given(queries())
@PROPERTIES
def test_neighbours_attain_the_sensitivity(query):
    pair = query.neighbours()
    assert len(pair.dataset) == len(pair.neighbour) == query.n
    differing = [i for i in range(query.n) if pair.dataset[i] != pair.neighbour[i]]
    assert differing == [pair.index]
    assert all(0 <= v <= query.bound for v in pair.dataset + pair.neighbour)
    gap = abs(query.evaluate(list(pair.dataset)) - query.evaluate(list(pair.neighbour)))
    assert gap == query.sensitivity == pair.gap


@given(st.data(), queries())
@PROPERTIES
def test_no_neighbouring_pair_exceeds_the_sensitivity(data, query):
    dataset, neighbour = data.draw(neighbouring_datasets(query))
    assert abs(query.evaluate(dataset) - query.evaluate(neighbour)) <= query.sensitivity


def test_sensitivity_is_a_maximum_over_all_pairs_on_a_small_grid():
    # Brute force over every dataset of 2 records in {0, 1/2, 1} and every replacement.
    grid = [Fraction(0), Fraction(1, 2), Fraction(1)]
    for query in (
        sum_query(2, 1),
        mean_query(2, 1),
        count_query(2, 1, "1/2"),
        constant_query(2, 1),
    ):
        worst = max(
            abs(query.evaluate([a, b]) - query.evaluate(replaced))
            for a in grid
            for b in grid
            for replaced in ([c, b] for c in grid)
        )
        assert worst == query.sensitivity


# --- evaluation -------------------------------------------------------------------------


def test_evaluate_by_hand():
    data = [1, 0, "1/2", 0.25]
    assert sum_query(4, 1).evaluate(data) == Fraction(7, 4)
    assert mean_query(4, 1).evaluate(data) == Fraction(7, 16)
    assert count_query(4, 1, "1/2").evaluate(data) == 2  # 1 and 1/2 reach the threshold
    assert count_query(4, 1, 1).evaluate(data) == 1
    assert constant_query(4, 1, "-2").evaluate(data) == -2


def test_floats_are_read_by_their_binary_value_and_numpy_arrays_work():
    binary_sum = Fraction(0.1) + Fraction(0.2) + Fraction(0.3)
    assert binary_sum != Fraction(3, 5)
    assert sum_query(3, 1).evaluate([0.1, 0.2, 0.3]) == binary_sum
    assert sum_query(3, 1).evaluate(np.array([0.1, 0.2, 0.3])) == binary_sum
    assert sum_query(3, 1).evaluate(["0.1", "0.2", "0.3"]) == Fraction(3, 5)
    assert sum_query(2, 1).evaluate([np.float64(0.5), np.int64(1)]) == Fraction(3, 2)
    assert sum_query(2, 1).evaluate(np.array([0.25, 0.5], dtype=np.float32)) == Fraction(3, 4)


def test_clipping_happens_only_when_asked():
    query = sum_query(3, 1)
    with pytest.raises(ValueError, match=r"data\[1\] must be a number in \[0, 1\]; got 1\.5"):
        query.evaluate([0, 1.5, 0])
    with pytest.raises(ValueError, match=r"data\[2\] must be a number in \[0, 1\]; got -0\.25"):
        query.evaluate([0, 0, -0.25])
    assert query.check_data([0, 1.5, -0.25], clip=True) == (0, 1, 0)
    assert query.evaluate([0.5, 1.5, -0.25], clip=True) == Fraction(3, 2)


# --- validation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: sum_query(0, 1), ValueError, r"n must be an integer in \[1, inf\); got 0"),
        (lambda: sum_query(True, 1), TypeError, r"n must be an integer .*got True"),
        (lambda: mean_query(2.5, 1), TypeError, r"n must be an integer .*got 2\.5"),
        (lambda: sum_query(4, 0), ValueError, r"bound must be .* in \(0, inf\); got 0"),
        (lambda: sum_query(4, -1), ValueError, r"bound must be .*got -1"),
        (lambda: sum_query(4, float("nan")), ValueError, r"bound must be .*got nan"),
        (lambda: sum_query(4, float("inf")), ValueError, r"bound must be .*got inf"),
        (lambda: sum_query(4, "abc"), ValueError, r"bound must be .*got 'abc'"),
        (lambda: sum_query(4, None), TypeError, r"bound must be a rational number .*got None"),
        (lambda: count_query(4, 1, 0), ValueError, r"threshold must be .* in \(0, 1\]; got 0"),
        (lambda: count_query(4, 1, "1.5"), ValueError, r"threshold must be .*got '1\.5'"),
        (lambda: BoundedQuery("sum", 4, 1, threshold=1), ValueError, r"threshold is only used"),
        (lambda: BoundedQuery("mean", 4, 1, constant=1), ValueError, r"constant is only used"),
        (lambda: BoundedQuery("median", 4, 1), ValueError, r"kind must be one of .*; got 'median'"),
    ],
)  # fmt: skip
def test_bad_query_parameters_name_the_parameter_value_and_range(build, error, message):
    with pytest.raises(error, match=message):
        build()


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        ([0, 1], ValueError, r"data must hold exactly n = 3 records \(n is public.*; got 2"),
        ([0, 1, 0, 1], ValueError, r"got 4"),
        ([0, float("nan"), 1], ValueError, r"data\[1\] must be a number in \[0, 1\]; got nan"),
        ([0, 1, float("inf")], ValueError, r"data\[2\] must be a number in \[0, 1\]; got inf"),
        ([None, 1, 0], TypeError, r"data\[0\] must be a number in \[0, 1\]; got None"),
        ([0, True, 0], TypeError, r"data\[1\] must be a number in \[0, 1\]; got True"),
        ([0, "x", 0], ValueError, r"data\[1\] must be a number in \[0, 1\]; got 'x'"),
        ("010", TypeError, r"data must be a sequence of 3 numbers; got str"),
        (None, TypeError, r"data must be a sequence of 3 numbers; got NoneType"),
    ],
)  # fmt: skip
def test_bad_data_is_rejected_with_its_index_and_value(data, error, message):
    with pytest.raises(error, match=message):
        sum_query(3, 1).evaluate(data)


def test_clip_must_be_a_bool():
    with pytest.raises(TypeError, match="clip must be True or False; got 1"):
        sum_query(1, 1).evaluate([0], clip=1)
