"""dplab.userlevel.metric against brute force, SciPy's 1-D Wasserstein distance and examples E1–E2
(dplab/userlevel/DERIVATIONS.md §1, §3 and §11).

References used here never call the transport solver under test: the equal-size d_EM is
the minimum over all permutations (replicating items to ``lcm`` points for unequal sizes),
the line law comes from scipy.stats.wasserstein_distance (floats), and the privacy of the
randomizers is checked from the definition in Fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import PROPERTY_SETTINGS
from scipy.stats import wasserstein_distance

from dplab.mechanisms import laplace
from dplab.userlevel import metric
from dplab.userlevel.metric import (
    check_metric,
    clamped_geometric,
    emd,
    emd_matching,
    emd_plan,
    exponential_mechanism,
    item_privacy,
)

LINE4 = [[abs(i - j) for j in range(4)] for i in range(4)]


def brute_emd(a, b, d) -> Fraction:
    """min over permutations of the replicated datasets (lcm points each), divided by lcm."""
    size = math.lcm(len(a), len(b))
    left = [x for x in a for _ in range(size // len(a))]
    right = [y for y in b for _ in range(size // len(b))]
    best = min(
        sum(d(x, y) for x, y in zip(left, perm, strict=True)) for perm in permutations(right)
    )
    return Fraction(best) / size


def grid_metric(points) -> list[list[int]]:
    """The ℓ1 metric between distinct integer points of the plane (a metric, not a line)."""
    return [[abs(p[0] - q[0]) + abs(p[1] - q[1]) for q in points] for p in points]


# --- golden values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 3), (1, 2), 1),  # E1
        ((0, 0, 3), (0, 3, 3), 1),  # E1
        ((0,), (0, 3), Fraction(3, 2)),  # E2
        ((0, 3), (0, 0, 3, 3), 0),  # E2: same empirical distribution
    ],
)
def test_examples_e1_e2(a, b, expected):
    assert emd(a, b) == expected
    assert emd(a, b, LINE4) == expected
    assert emd(a, b, lambda x, y: abs(x - y)) == expected
    assert brute_emd(a, b, lambda x, y: abs(x - y)) == expected


def test_exact_types_and_float_policy():
    assert isinstance(emd([0, 3], [1, 2]), Fraction)
    assert emd([Fraction(1, 3)], [Fraction(1, 2)]) == Fraction(1, 6)
    value = emd([0.1], [0.3])  # exact binary values, one rounding at the end
    assert isinstance(value, float)
    assert value == float(Fraction(0.3) - Fraction(0.1))
    assert isinstance(emd([0, 1], [1, 2], [[0, 0.5, 1], [0.5, 0, 0.5], [1, 0.5, 0]]), float)


@given(
    st.lists(st.integers(-20, 20), min_size=1, max_size=6),
    st.lists(st.integers(-20, 20), min_size=1, max_size=6),
)
@PROPERTY_SETTINGS
def test_line_matches_scipy_wasserstein(a, b):
    assert float(emd(a, b)) == pytest.approx(wasserstein_distance(a, b), rel=1e-12, abs=1e-12)


# --- the solver path against brute force --------------------------------------------------


points = st.lists(
    st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=2, max_size=5, unique=True
)


@given(points, st.data())
@PROPERTY_SETTINGS
def test_matrix_emd_equals_brute_force(cloud, data):
    matrix = grid_metric(cloud)
    items = st.integers(0, len(cloud) - 1)
    sizes = data.draw(st.sampled_from([(1, 1), (2, 2), (3, 3), (4, 4), (2, 3), (1, 4), (2, 4)]))
    a = data.draw(st.lists(items, min_size=sizes[0], max_size=sizes[0]))
    b = data.draw(st.lists(items, min_size=sizes[1], max_size=sizes[1]))
    expected = brute_emd(a, b, lambda x, y: matrix[x][y])
    plan = emd_plan(a, b, matrix)
    assert plan.cost == expected and plan.certified
    # The plan is a coupling of u_a and u_b, its cost is Σ mass·d, and the duals certify it.
    for x in set(a):
        assert sum(f.mass for f in plan.flows if f.source == x) == Fraction(a.count(x), len(a))
    for y in set(b):
        assert sum(f.mass for f in plan.flows if f.target == y) == Fraction(b.count(y), len(b))
    assert sum(f.mass * matrix[f.source][f.target] for f in plan.flows) == expected
    u, v = dict(plan.source_potentials), dict(plan.target_potentials)
    assert all(u[x] + v[y] <= matrix[x][y] for x in u for y in v)
    dual = sum(u[x] * Fraction(a.count(x), len(a)) for x in u) + sum(
        v[y] * Fraction(b.count(y), len(b)) for y in v
    )
    assert dual == expected
    if len(a) == len(b):
        pairs = emd_matching(a, b, matrix)
        assert sorted(i for i, _ in pairs) == sorted(j for _, j in pairs) == list(range(len(a)))
        assert Fraction(sum(matrix[a[i]][b[j]] for i, j in pairs), len(a)) == expected


@given(st.data())
@PROPERTY_SETTINGS
def test_emd_is_a_metric_on_empirical_laws(data):
    cloud = [(0, 0), (1, 0), (0, 2), (3, 1), (2, 2)]
    matrix = grid_metric(cloud)
    datasets = st.lists(st.integers(0, 4), min_size=1, max_size=4)
    a, b, c = data.draw(datasets), data.draw(datasets), data.draw(datasets)
    ab, ba = emd(a, b, matrix), emd(b, a, matrix)
    assert ab == ba >= 0
    assert emd(a, c, matrix) <= ab + emd(b, c, matrix)
    same_law = all(Fraction(a.count(x), len(a)) == Fraction(b.count(x), len(b)) for x in range(5))
    assert (ab == 0) == same_law
    if len(a) == len(b):
        assert (ab == 0) == (sorted(a) == sorted(b))


@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=5),
    st.lists(st.integers(0, 5), min_size=1, max_size=5),
)
@PROPERTY_SETTINGS
def test_line_formula_equals_matrix_formula(a, b):
    matrix = [[abs(i - j) for j in range(6)] for i in range(6)]
    assert emd(a, b) == emd(a, b, matrix) == emd_plan(a, b).cost
    if len(a) == len(b):
        pairs = emd_matching(a, b)
        assert Fraction(sum(abs(a[i] - b[j]) for i, j in pairs), len(a)) == emd(a, b)


def test_callable_metric_on_labels():
    places = {"home": 0, "work": 3, "gym": 1}

    def distance(x, y):
        return abs(places[x] - places[y])

    assert emd(["home", "work"], ["gym", "gym"], distance) == Fraction(3, 2)


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([[0, -1], [-1, 0]], "non-negative"),
        ([[0, 1], [2, 0]], "symmetric"),
        ([[1, 1], [1, 0]], "zero diagonal"),
        ([[0, 0], [0, 0]], "positive off the diagonal"),
        ([[0, 1, 5], [1, 0, 1], [5, 1, 0]], r"triangle inequality: distance\[0\]\[2\] = 5"),
        ([[0, 1], [1]], "square"),
        ([], "between 1 and"),
        ([[0, math.nan], [math.nan, 0]], r"distance\[0\]\[1\]"),
    ],
)
def test_non_metric_matrices_are_refused(matrix, message):
    with pytest.raises(ValueError, match=message):
        check_metric(matrix)
    with pytest.raises(ValueError, match=message):
        emd([0], [0], matrix)


def test_bad_datasets_are_refused():
    with pytest.raises(ValueError, match="a must hold at least one item"):
        emd([], [1])
    with pytest.raises(ValueError, match="b must hold at least one item"):
        emd([1], [])
    with pytest.raises(TypeError, match="a must be a sequence"):
        emd(3, [1])
    with pytest.raises(TypeError, match=r"b\[0\] must be a real number"):
        emd([1], ["x"])
    with pytest.raises(ValueError, match="a must hold row indices"):
        emd([4], [0], LINE4)
    with pytest.raises(ValueError, match="same size"):
        emd_matching([0], [0, 1])
    with pytest.raises(ValueError, match="triangle"):
        emd([0, 1], [2], lambda x, y: 0 if x == y else (5 if {x, y} == {0, 2} else 1))
    with pytest.raises(ValueError, match="beyond the double range"):
        emd([1e308], [-1e308])


def test_limits_are_stated():
    with pytest.raises(ValueError, match="MAX_MATRIX_SIZE"):
        check_metric([[0] * 201] * 201)
    with pytest.raises(ValueError, match="MAX_DATASET_SIZE"):
        emd(list(range(metric.MAX_DATASET_SIZE + 1)), [0])
    with pytest.raises(ValueError, match="lcm"):
        emd([0] * 999, [0] * 1000, LINE4)


# --- randomizers and item-level privacy ---------------------------------------------------


def test_clamped_geometric_rows_match_the_examples():
    channel = clamped_geometric(4, "1/2")
    rows = [channel.probabilities(x) for x in range(4)]
    assert rows[0] == (Fraction(2, 3), Fraction(1, 6), Fraction(1, 12), Fraction(1, 12))
    assert rows[1] == (Fraction(1, 3), Fraction(1, 3), Fraction(1, 6), Fraction(1, 6))
    assert rows[2] == rows[1][::-1] and rows[3] == rows[0][::-1]


@given(
    st.integers(2, 7),
    st.fractions(min_value=Fraction(1, 20), max_value=1, max_denominator=20),
)
@PROPERTY_SETTINGS
def test_clamped_geometric_is_private_with_factor_one_over_p(k, p):
    channel = clamped_geometric(k, p)
    rows = [channel.probabilities(x) for x in range(k)]
    assert all(sum(row) == 1 for row in rows)
    factor = 1 / p
    for x in range(k):
        for x2 in range(k):
            assert all(rows[x][y] <= factor ** abs(x - x2) * rows[x2][y] for y in range(k))
    assert item_privacy(channel, factor).passes
    # The factor is tight (ends of the range: ratio p^{x − x'} at y = 0).
    if p < 1:
        assert not item_privacy(channel, factor - Fraction(1, 10**6)).passes
        assert item_privacy(channel, factor).tightest == pytest.approx(float(factor))


def test_exponential_mechanism_factor_is_one_over_p_squared():
    matrix = grid_metric([(0, 0), (1, 0), (0, 2), (3, 1)])
    channel = exponential_mechanism(matrix, "1/2")
    for x in range(4):
        weights = [Fraction(1, 2) ** d for d in matrix[x]]
        assert channel.probabilities(x) == tuple(w / sum(weights) for w in weights)
    assert item_privacy(channel, 4, matrix).passes
    assert item_privacy(channel, 4, lambda x, y: matrix[x][y]).passes
    assert not item_privacy(channel, 1, matrix).passes


def test_item_privacy_with_a_fractional_distance_against_mpmath():
    # d = 1/2 between the two inputs: the check is A(y|x)^2 ≤ α·A(y|x')^2, exactly.
    channel = clamped_geometric(2, "1/3")  # rows (3/4, 1/4) and (1/4, 3/4): ratio 3
    half = [[0, Fraction(1, 2)], [Fraction(1, 2), 0]]
    assert item_privacy(channel, 9, half).passes
    assert not item_privacy(channel, Fraction(9) - Fraction(1, 10**30), half).passes
    mpmath.mp.dps = 50
    assert item_privacy(channel, 9, half).tightest == pytest.approx(float(mpmath.mpf(3) ** 2))


def test_randomizer_errors():
    with pytest.raises(ValueError, match="p must be a rational number in"):
        clamped_geometric(4, "1.5")
    with pytest.raises(ValueError, match="k must be an integer in"):
        clamped_geometric(1, "1/2")
    with pytest.raises(ValueError, match="k must be an integer in"):
        clamped_geometric(metric.MAX_UNIVERSE + 1, "1/2")
    with pytest.raises(ValueError, match="integers"):
        exponential_mechanism([[0, Fraction(1, 2)], [Fraction(1, 2), 0]], "1/2")
    with pytest.raises(ValueError, match="p must be"):
        exponential_mechanism(LINE4, 0)
    with pytest.raises(ValueError, match="alpha must be a rational number in"):
        item_privacy(clamped_geometric(3, "1/2"), "0.5")
    with pytest.raises(ValueError, match="one row per input"):
        item_privacy(clamped_geometric(3, "1/2"), 2, LINE4)


@given(
    st.floats(-5, 5),
    st.floats(-5, 5),
    st.floats(-20, 20),
    st.fractions(min_value=Fraction(1, 4), max_value=4, max_denominator=8),
)
@PROPERTY_SETTINGS
def test_laplace_on_the_line_is_metric_private(x, x2, z, eps_per_unit):
    """Scale 1/α₀ (laplace.scale_for(1, α₀)): |ln p(z|x) − ln p(z|x')| ≤ α₀·|x − x'|."""
    scale = laplace.scale_for(1, eps_per_unit)
    assert scale == 1 / eps_per_unit
    mpmath.mp.dps = 40
    b = mpmath.mpf(scale.numerator) / scale.denominator
    loss = (abs(mpmath.mpf(z) - x2) - abs(mpmath.mpf(z) - x)) / b  # mpmath reference
    bound = mpmath.mpf(eps_per_unit.numerator) / eps_per_unit.denominator * abs(mpmath.mpf(x) - x2)
    assert abs(loss) <= bound + mpmath.mpf(10) ** -30
    computed = laplace.privacy_loss(z, center=x, neighbour_center=x2, scale=float(scale))
    assert abs(computed) <= float(bound) * (1 + 1e-12) + 1e-12


def test_the_certificate_rejects_a_wrong_plan(monkeypatch):
    """A feasible but suboptimal solver plan must not pass as optimal."""

    # a = (0, 2), b = (1, 3) on a line: the optimum pairs 0–1 and 2–3 (cost 2, not 0–3, 2–1).
    def crossed(problem, equal_sizes, a, b):
        plan = [[0] * len(problem.targets) for _ in problem.sources]
        plan[0][1] = plan[1][0] = 1
        return plan

    monkeypatch.setattr(metric, "_solve", crossed)
    with pytest.raises(ArithmeticError, match="not optimal"):
        emd([0, 2], [1, 3], LINE4)

    def infeasible(problem, equal_sizes, a, b):
        return [[1] * len(problem.targets) for _ in problem.sources]

    monkeypatch.setattr(metric, "_solve", infeasible)
    with pytest.raises(ArithmeticError, match="not an exact feasible"):
        emd([0, 2], [1, 3], LINE4)


def test_float_costs_beyond_double_resolution_of_the_solver():
    # 0.1 scaled to an integer needs 2^55: the solver sees normalised doubles, the
    # certificate still checks the exact binary values.
    matrix = [[0, 0.1, 0.3], [0.1, 0, 0.2], [0.3, 0.2, 0]]
    assert emd([0, 1], [2, 2], matrix) == float((Fraction(0.3) + Fraction(0.2)) / 2)
