"""PrivEMDLinear (dplab.userlevel.emd_linear): the sensitivity lemma over every pair of small user
datasets (d_EM by brute-force matching, written here independently of dplab), the error
formulas against mpmath integrals of the K-norm density, the seeded sampler against the
formulas, and the errors (dplab/userlevel/DERIVATIONS.md §4, §5 and §6)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplab.userlevel import emd_linear

# --- d_EM by brute force, independent of dplab ------------------------------------------


def brute_force_emd(a: tuple, b: tuple) -> Fraction:
    """W₁ between the uniform distributions on ``a`` and ``b`` (items on a line): copy
    every item of ``a`` L/|a| times and of ``b`` L/|b| times (L = lcm), then the cheapest
    perfect matching over all L! permutations, divided by L."""
    size = math.lcm(len(a), len(b))
    left = [x for x in a for _ in range(size // len(a))]
    right = [y for y in b for _ in range(size // len(b))]
    best = min(
        sum(abs(x - right[j]) for x, j in zip(left, order, strict=True))
        for order in itertools.permutations(range(size))
    )
    return Fraction(best, size)


UNIVERSE = (0, 1, 2, 3)
DATASETS = [
    multiset
    for size in (1, 2, 3)
    for multiset in itertools.combinations_with_replacement(UNIVERSE, size)
]
PAIRS = [(a, b) for a in DATASETS for b in DATASETS if a != b]
DISTANCES = {pair: brute_force_emd(*pair) for pair in PAIRS}


# Item maps on {0, 1, 2, 3} with their squared Lipschitz constants, found by brute force
# over all item pairs (squared, so that ℓ₂ norms stay rational).
def _squared_norm(u: tuple, v: tuple) -> Fraction:
    return sum((Fraction(x) - Fraction(y)) ** 2 for x, y in zip(u, v, strict=True))


ITEM_MAPS = {
    "identity": lambda x: x,
    "square": lambda x: (x * x,),
    "plane": lambda x: (x, Fraction(x * (3 - x), 2)),
    "steps": lambda x: (x // 2, x % 2),
}


def squared_lipschitz(f) -> Fraction:
    points = {x: emd_linear.linear_query([x], f) for x in UNIVERSE}
    return max(
        _squared_norm(points[x], points[y]) / (x - y) ** 2
        for x, y in itertools.combinations(UNIVERSE, 2)
    )


@pytest.mark.parametrize("name", sorted(ITEM_MAPS))
def test_the_sensitivity_lemma_holds_on_every_pair_of_small_datasets(name):
    """‖q_f(K) − q_f(K')‖₂ ≤ l·d_EM(K, K') over all 34·33 ordered pairs of datasets of
    sizes 1 to 3 on {0, 1, 2, 3} (squared, exactly)."""
    f = ITEM_MAPS[name]
    l_squared = squared_lipschitz(f)
    query = {dataset: emd_linear.linear_query(list(dataset), f) for dataset in DATASETS}
    violations = [
        (a, b)
        for (a, b), distance in DISTANCES.items()
        if _squared_norm(query[a], query[b]) > l_squared * distance**2
    ]
    assert violations == []


def test_the_sensitivity_lemma_is_attained():
    """For f(x) = x (l = 1) the largest ratio |q(K) − q(K')| / d_EM over all pairs is
    exactly 1, for instance at (0, 0) → (1, 1): every item moves the same way."""
    query = {
        dataset: emd_linear.linear_query(list(dataset), lambda x: x)[0] for dataset in DATASETS
    }
    ratios = {pair: abs(query[pair[0]] - query[pair[1]]) / d for pair, d in DISTANCES.items() if d}
    assert max(ratios.values()) == 1
    assert ratios[((0, 0), (1, 1))] == 1
    assert ratios[((0, 3), (1, 2))] == 0  # d_EM = 1 unit, same mean (E8)


def test_the_central_average_moves_by_at_most_l_over_n_times_the_distance():
    """Changing one user's dataset among n moves the curator's average by ≤ (l/n)·d_EM."""
    others = [(0,), (1, 2), (3, 3, 0)]
    n = len(others) + 1
    for (a, b), distance in DISTANCES.items():
        before = sum(emd_linear.linear_query(list(k), lambda x: x)[0] for k in [*others, a]) / n
        after = sum(emd_linear.linear_query(list(k), lambda x: x)[0] for k in [*others, b]) / n
        assert abs(before - after) <= distance / n


# --- the error formulas against mpmath ------------------------------------------------------


def _radial_moment(dimension: int, scale: float, power: int) -> mpmath.mpf:
    """E‖noise‖^power for the density ∝ exp(−‖z‖/b) on ℝ^d, by integrating the radial
    density r^{d−1} e^{−r/b} numerically."""
    with mpmath.workdps(40):
        weight = mpmath.quad(
            lambda r: r ** (dimension - 1) * mpmath.e ** (-r / scale), [0, mpmath.inf]
        )
        moment = mpmath.quad(
            lambda r: r ** (dimension - 1 + power) * mpmath.e ** (-r / scale), [0, mpmath.inf]
        )
        return moment / weight


@pytest.mark.parametrize("dimension", [1, 2, 3, 7])
@pytest.mark.parametrize(
    ("lipschitz", "epsilon", "model", "users"),
    [
        (1, 1, "local", 1),
        (Fraction(1, 2), Fraction(3, 2), "local", 1),
        (2, Fraction(1, 4), "central", 50),
    ],
)
def test_expected_errors_equal_the_integrals_of_the_density(
    dimension, lipschitz, epsilon, model, users
):
    scale = emd_linear.noise_scale(lipschitz, epsilon, model=model, users=users)
    assert scale == Fraction(lipschitz) / (Fraction(epsilon) * users)
    first = emd_linear.expected_error(lipschitz, epsilon, dimension, model=model, users=users)
    second = emd_linear.expected_squared_error(
        lipschitz, epsilon, dimension, model=model, users=users
    )
    assert mpmath.almosteq(_radial_moment(dimension, float(scale), 1), float(first), rel_eps=1e-12)
    assert mpmath.almosteq(_radial_moment(dimension, float(scale), 2), float(second), rel_eps=1e-12)


def test_dimension_one_is_laplace():
    """d = 1: the K-norm noise is Laplace(b), E|Z| = b and E Z² = 2b² (dplab.mechanisms.laplace)."""
    from dplab.mechanisms import laplace

    b = emd_linear.noise_scale(3, 2)
    assert emd_linear.expected_error(3, 2, 1) == laplace.mean_absolute_error(b)
    assert emd_linear.expected_squared_error(3, 2, 1) == laplace.mse(b)


@given(
    st.fractions(min_value=Fraction(1, 100), max_value=100),
    st.fractions(min_value=Fraction(1, 100), max_value=100),
    st.fractions(min_value=Fraction(1, 10), max_value=10),
    st.integers(1, 20),
    st.integers(1, 1000),
)
def test_the_error_ratio_is_the_ratio_of_the_two_errors(epsilon, user_epsilon, diameter, d, n):
    for model, users in (("local", 1), ("central", n)):
        ours = emd_linear.expected_error(1, epsilon, d, model=model, users=users)
        baseline = emd_linear.user_level_expected_error(
            1, diameter, user_epsilon, d, model=model, users=users
        )
        assert ours / baseline == emd_linear.error_ratio(epsilon, user_epsilon, diameter)


# --- the sampler ----------------------------------------------------------------------------


@pytest.mark.parametrize("dimension", [1, 2, 5])
def test_the_sampler_matches_the_formulas(dimension):
    """200,000 seeded draws: the mean error and mean squared error lie within five standard
    errors of the formulas, and the direction has mean zero."""
    draws = 200_000
    scale = emd_linear.noise_scale(1, Fraction(3, 2))
    center = [1.0] * dimension
    releases = emd_linear.sample(center, float(scale), draws, seed=20261201)
    errors = np.linalg.norm(releases - np.asarray(center), axis=1)
    mean = float(emd_linear.expected_error(1, Fraction(3, 2), dimension))
    mean_square = float(emd_linear.expected_squared_error(1, Fraction(3, 2), dimension))
    spread = math.sqrt(mean_square - mean**2)  # sd of the Gamma radius: b·√d
    assert math.isclose(spread, float(scale) * math.sqrt(dimension))
    assert abs(errors.mean() - mean) < 5 * spread / math.sqrt(draws)
    fourth = float(scale) ** 4 * dimension * (dimension + 1) * (dimension + 2) * (dimension + 3)
    assert abs((errors**2).mean() - mean_square) < 5 * math.sqrt(
        fourth - mean_square**2
    ) / math.sqrt(draws)
    directions = (releases - np.asarray(center)) / errors[:, None]
    assert np.allclose(np.linalg.norm(directions, axis=1), 1.0)
    assert np.all(np.abs(directions.mean(axis=0)) < 5 / math.sqrt(draws))


def test_the_sampler_is_laplace_in_one_dimension():
    """d = 1: the empirical distribution function of the draws is within the 99.9 %
    Kolmogorov–Smirnov band of Laplace(b)."""
    draws = 100_000
    releases = np.sort(emd_linear.sample([0.0], 0.5, draws, seed=7)[:, 0])
    cdf = np.where(releases < 0, 0.5 * np.exp(releases / 0.5), 1 - 0.5 * np.exp(-releases / 0.5))
    steps = np.arange(1, draws + 1) / draws
    gap = max(np.max(steps - cdf), np.max(cdf - (steps - 1 / draws)))
    assert gap < 1.95 / math.sqrt(draws)


def test_the_same_seed_gives_the_same_draws():
    first = emd_linear.sample([0.0, 0.0], 1.0, 10, seed=3)
    assert np.array_equal(first, emd_linear.sample([0.0, 0.0], 1.0, 10, seed=3))
    assert not np.array_equal(first, emd_linear.sample([0.0, 0.0], 1.0, 10, seed=4))


def test_the_local_average_of_n_releases_matches_its_formula():
    users, trials = 8, 40_000
    scale = float(emd_linear.noise_scale(1, 2))
    noise = emd_linear.sample([0.0, 0.0], scale, users * trials, seed=11).reshape(trials, users, 2)
    squared = (np.linalg.norm(noise.mean(axis=1), axis=1) ** 2).mean()
    expected = float(emd_linear.local_average_squared_error(1, 2, 2, users))
    assert abs(squared - expected) < 0.05 * expected


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: emd_linear.noise_scale(1, 1, model="local", users=5),
            "users must be 1 in the local model",
        ),
        (lambda: emd_linear.noise_scale(1, 1, model="global"), "model must be one of"),
        (lambda: emd_linear.noise_scale(0, 1), "lipschitz must be a rational number in (0, inf)"),
        (lambda: emd_linear.noise_scale(1, float("nan")), "epsilon must be a rational number"),
        (lambda: emd_linear.expected_error(1, 1, 0), "dimension must be an integer in [1, 10000]"),
        (lambda: emd_linear.linear_query([], lambda x: x), "items must hold between 1"),
        (lambda: emd_linear.linear_query([0, 1], lambda x: (x,) * (x + 1)), "same dimension"),
        (
            lambda: emd_linear.linear_query([0.5], lambda x: math.nan),
            "f(item) must be a real number",
        ),
        (lambda: emd_linear.error_ratio(1, 1, diameter=-1), "diameter must be a rational number"),
        (lambda: emd_linear.sample([0.0], 1e308, 3, seed=1), "beyond the double range"),
        (
            lambda: emd_linear.sample([0.0], 1.0, 0, seed=1),
            "draws must be an integer in [1, 10000000]",
        ),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert message in str(caught.value)


def test_a_float_query_stays_float_and_an_exact_one_exact():
    assert emd_linear.linear_query([0.1, 0.2], lambda x: x) == (
        float((Fraction(0.1) + Fraction(0.2)) / 2),
    )
    assert emd_linear.linear_query(["0.1", "0.2"], lambda x: x) == (Fraction(3, 20),)


def test_example_e8_the_discrete_sum_release():
    """Example E8 (DERIVATIONS.md §11): the sum query plus two-sided geometric noise
    P(z) ∝ p^{|z|} (p = 1/2). For every pair of datasets of 2 items on {0, 1, 2, 3} and every
    output, the ratio is p^{−|ΣK − ΣK'|} at most, which is ≤ (1/p)^{m·d_EM}; for (0, 3)
    against (1, 2) the sums are equal, so the ratio is 1 everywhere although d_EM = 1."""
    p = Fraction(1, 2)
    pairs = [(a, b) for a in DATASETS for b in DATASETS if len(a) == len(b) == 2]
    for a, b in pairs:
        shift = abs(sum(a) - sum(b))
        worst = max(p ** (abs(y - sum(a)) - abs(y - sum(b))) for y in range(-10, 20))
        assert worst == p**-shift  # attained between the two sums
        if a != b:
            assert worst <= (1 / p) ** (2 * DISTANCES[(a, b)])
    assert DISTANCES[((0, 3), (1, 2))] == 1 and sum((0, 3)) == sum((1, 2))  # ratio 1 above
