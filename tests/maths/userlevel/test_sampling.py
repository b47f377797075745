"""The unbounded → bounded reduction (dplab.userlevel.sampling): the resampled laws against brute
force over every draw sequence, the coupling lemma's tail against Hoeffding exactly, the
toy check E9 (zero violations; the same pure factor broken, by 2.21 times in the
exponent, while the derived pure bound 1 + α(α − 1)·d_EM holds), a check that finds
violations when a claim is false, and the errors (dplab/userlevel/DERIVATIONS.md §10)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dplab.userlevel import metric, sampling

RANDOMIZER = metric.clamped_geometric(4, "1/2")
UNIT = [[Fraction(abs(a - b), 3) for b in range(4)] for a in range(4)]  # d_X = |a − b|/3
SLACKS = ["1/5", "2/5", "3/5"]


def brute_resample(K: tuple, s: int) -> dict:
    law = Counter()
    for positions in itertools.product(range(len(K)), repeat=s):
        law[tuple(sorted(K[i] for i in positions))] += Fraction(1, len(K) ** s)
    return dict(law)


def brute_release_with(randomizer, K: tuple, s: int) -> dict:
    """Every draw sequence and every sequence of outputs, counted into output counts."""
    law = Counter()
    k = len(randomizer.outputs)
    for positions in itertools.product(range(len(K)), repeat=s):
        for outputs in itertools.product(range(k), repeat=s):
            probability = Fraction(1, len(K) ** s)
            for i, y in zip(positions, outputs, strict=True):
                probability *= randomizer.probabilities(K[i])[y]
            law[tuple(outputs.count(y) for y in range(k))] += probability
    return {key: value for key, value in law.items() if value}


def brute_release(K: tuple, s: int) -> dict:
    return brute_release_with(RANDOMIZER, K, s)


@pytest.mark.parametrize("K", [(0,), (0, 3), (1, 1, 2), (0, 1, 2, 3)])
@pytest.mark.parametrize("s", [1, 2, 3])
def test_the_laws_equal_brute_force_over_every_draw(K, s):
    assert sampling.resample_distribution(list(K), s) == brute_resample(K, s)
    assert sampling.resampled_release(RANDOMIZER, list(K), s) == brute_release(K, s)


@pytest.mark.parametrize(("K", "K2"), [((0, 3), (1, 2)), ((0,), (0, 3)), ((0, 0, 3), (1, 2, 2))])
@pytest.mark.parametrize("s", [1, 3, 6])
def test_the_coupled_drift_obeys_hoeffding(K, K2, s):
    """Draw s pairs from an optimal coupling: the matched cost D has mean d_EM exactly, and
    Pr[D ≥ d_EM + t] ≤ e^{−2st²} at every t on a grid (the law of D enumerated exactly)."""
    plan = metric.emd_plan(list(K), list(K2), UNIT)
    costs = Counter()
    for flow in plan.flows:
        costs[UNIT[flow.source][flow.target]] += flow.mass
    costs[Fraction(0)] += 1 - sum(costs.values())
    law = Counter({Fraction(0): Fraction(1)})
    for _ in range(s):
        step = Counter()
        for total, p in law.items():
            for cost, q in costs.items():
                step[total + cost] += p * q
        law = step
    mean = sum(total / s * p for total, p in law.items())
    assert mean == plan.cost
    for t in (Fraction(1, 20), Fraction(1, 5), Fraction(1, 2), Fraction(4, 5)):
        tail = sum(p for total, p in law.items() if total / s >= plan.cost + t)
        assert float(tail) <= math.exp(-2 * s * float(t) ** 2) * (1 + 1e-12)


def test_the_toy_check_has_no_violation():
    """Example E9 (DERIVATIONS.md §11): inputs {0,1,2,3} with d = |a − b|/3, all datasets
    of 1 to 3 items (1156 ordered pairs), s = 3, the shuffled clamped geometric (p = 1/2:
    factor 8 per unit of d, so 8³ = 512 per unit of d_EM for 3 items), at three slacks."""
    checks = sampling.check_sampling_slacks(RANDOMIZER, [1, 2, 3], 3, 512, SLACKS, UNIT)
    assert [check.t for check in checks] == [Fraction(t) for t in SLACKS]
    for check in checks:
        assert check.pairs == 1156
        assert check.violations == ()
        assert check.same_factor_violations > 0
        assert round(check.largest_log_ratio / math.log(512), 2) == 2.21


def test_several_slacks_at_once_are_each_the_check_at_that_slack():
    """One pass over the pairs for every slack gives, slack by slack, what a check at that
    slack alone gives (δ, the violations), on a release checked at too small a factor (3
    where it has 3² per unit of d_X, 81 per unit of d_EM): the larger slacks' smaller δ
    breaks, the smallest slack's δ ≈ 1 does not."""
    randomizer = metric.clamped_geometric(3, "1/3")
    unit = [[Fraction(abs(a - b), 2) for b in range(3)] for a in range(3)]
    slacks = ["1/100", "1/2", "99/100"]
    together = sampling.check_sampling_slacks(randomizer, [1, 2], 2, 3, slacks, unit)
    alone = tuple(sampling.check_sampling(randomizer, [1, 2], 2, 3, t, unit) for t in slacks)
    assert together == alone
    assert together[0].violations == () != together[1].violations != together[2].violations


@pytest.mark.parametrize(
    ("p", "alpha", "largest", "bound"),
    [("1/2", 512, 13.79, 261632), ("9/10", Fraction(10, 9) ** 9, 1.121, 4.08)],
)
def test_a_pure_guarantee_survives_sampling_with_a_worse_factor(p, alpha, largest, bound):
    """Pure privacy is not lost by resampling (the old reading): over all 1156 pairs the
    largest ln(P/Q)/d_EM is finite, above ln α (the same factor breaks) and below the
    derived α(α − 1); P(y) ≤ (1 + α(α − 1)·d_EM)·Q(y) holds exactly at every output,
    d_EM = 0 included, with δ = 0."""
    randomizer = metric.clamped_geometric(4, p)
    check = sampling.check_sampling(randomizer, [1, 2, 3], 3, alpha, "1/5", UNIT)
    assert check.pairs == 1156 and check.violations == ()
    assert check.pure_bound_exponent == Fraction(alpha) * (Fraction(alpha) - 1)
    assert round(float(check.pure_bound_exponent), 2) == bound
    assert check.pure_bound_violations == ()
    assert math.isfinite(check.largest_log_ratio)
    assert round(check.largest_log_ratio, len(str(largest).split(".")[1])) == largest
    assert math.log(alpha) < check.largest_log_ratio < float(check.pure_bound_exponent)
    assert check.same_factor_violations > 0
    K, K2 = check.worst_pair
    d = Fraction(metric.emd(list(K), list(K2), UNIT))
    p_law = sampling.resampled_release(randomizer, list(K), 3)
    q_law = sampling.resampled_release(randomizer, list(K2), 3)
    worst = max(p_law[y] / q_law[y] for y in p_law)
    assert math.isclose(math.log(worst) / float(d), check.largest_log_ratio, rel_tol=1e-12)
    assert worst <= 1 + check.pure_bound_exponent * d  # exactly, at the worst pair too


@pytest.mark.parametrize("p", ["1/3", "1/2", "4/5"])
@pytest.mark.parametrize("s", [1, 2])
def test_the_derived_pure_bound_holds_for_every_pair_and_output(p, s):
    """The derived bound against brute force, for other randomizers and sample sizes: the
    release of s items is pure with factor (1/p)^(3s) per unit of d_EM (naive bound)."""
    randomizer = metric.clamped_geometric(4, p)
    alpha = (1 / Fraction(p)) ** (3 * s)
    datasets = [K for n in (1, 2) for K in itertools.combinations_with_replacement(range(4), n)]
    bound = alpha * (alpha - 1)
    for K in datasets:
        law = brute_release_with(randomizer, K, s)
        for K2 in datasets:
            other = brute_release_with(randomizer, K2, s)
            d = Fraction(metric.emd(list(K), list(K2), UNIT))
            assert all(law[y] <= (1 + bound * d) * other.get(y, 0) for y in law)
    check = sampling.check_sampling(randomizer, [1, 2], s, alpha, "1/2", UNIT)
    assert check.pure_bound_violations == ()


def test_the_moved_item_multiplies_the_distance_by_the_size_of_k_not_s():
    """One item of K = (0, 3) moved by d_X = 1/3 gives d_EM = 1/6 = d_X/|K|; when all s = 3
    coupled draws pick it the resampled datasets are d_X apart: |K| = 2 times, not s."""
    K, K2, s = (0, 3), (0, 2), 3
    d = Fraction(metric.emd(list(K), list(K2), UNIT))
    far = Fraction(metric.emd([3] * s, [2] * s, UNIT))
    assert (d, far) == (Fraction(1, 6), Fraction(1, 3))
    assert far / d == len(K) != s
    assert sampling.resample_distribution(list(K), s)[(3,) * s] == Fraction(1, 8)


def test_the_check_finds_violations_of_a_false_claim():
    """At factor 2 per unit of d_EM (the release needs 512) both statements are false."""
    check = sampling.check_sampling(RANDOMIZER, [1, 2], 3, 2, "1/5", UNIT)
    assert len(check.violations) > 0
    assert len(check.pure_bound_violations) > 0


@given(st.integers(1, 10**6), st.floats(1e-300, 0.999))
def test_the_slack_and_the_delta_are_inverse(s, delta):
    t = sampling.hoeffding_slack(s, delta)
    assert math.isclose(sampling.hoeffding_delta(s, t), delta, rel_tol=1e-9)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sampling.resample_distribution([], 2), "K must hold at least one item"),
        (lambda: sampling.resample_distribution([0], 0), "s must be an integer in [1, 12]"),
        (lambda: sampling.resample_distribution([0], 13), "s must be an integer in [1, 12]"),
        (lambda: sampling.hoeffding_delta(3, 0), "t must be a rational number in (0, inf)"),
        (lambda: sampling.hoeffding_slack(3, 1.0), "delta must be a real number in (0, 1)"),
        (
            lambda: sampling.check_sampling(RANDOMIZER, [1], 2, 512, "1/5"),
            "distance must take values in [0, 1]",
        ),
        (
            lambda: sampling.check_sampling(RANDOMIZER, [], 2, 512, "1/5", UNIT),
            "sizes must be a non-empty",
        ),
        (
            lambda: sampling.check_sampling(RANDOMIZER, [1, 2, 3, 4, 5, 6], 2, 512, "1/5", UNIT),
            "ordered pairs; at most",
        ),
        (
            lambda: sampling.check_sampling(RANDOMIZER, [1], 2, 1, "1/5", UNIT),
            "alpha must be a rational number in (1, inf)",
        ),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert message in str(caught.value)
