"""dplab.userlevel.itemwise against brute force (all output sequences, all pairs, all events) and
E3–E7.

The reference is a brute force written here (dplab/userlevel/DERIVATIONS.md §8): every sequence
of m outputs is enumerated with its product probability in Fractions, mapped to its
multiset (shuffled) or kept in sorted-input order (ordered); d_EM is the minimum over
permutations; δ is the positive-part sum from the definition, and on small output sets
the maximum over all 2^|Y| events (dplab.finite's brute-force oracle).  The golden values
of E3–E7 (DERIVATIONS.md §11) come from an independent brute-force computation.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations_with_replacement, permutations, product

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import PROPERTY_SETTINGS, positive_part_excess

from dplab.finite import FiniteChannel, alpha_from_epsilon, brute_force_required_delta
from dplab.userlevel import itemwise
from dplab.userlevel.itemwise import certify, max_ratio, release_distribution, required_delta
from dplab.userlevel.metric import clamped_geometric

A4 = clamped_geometric(4, "1/2")


def brute_law(channel: FiniteChannel, dataset, shuffled: bool) -> dict:
    """Every output sequence with its probability, as a multiset or in sorted-input order."""
    law: dict = {}
    items = sorted(dataset)
    for ys in product(channel.outputs, repeat=len(items)):
        probability = math.prod(
            channel.probabilities(x)[channel.outputs.index(y)]
            for x, y in zip(items, ys, strict=True)
        )
        key = tuple(sorted(ys)) if shuffled else ys
        law[key] = law.get(key, Fraction(0)) + probability
    return law


def aligned(p_law: dict, q_law: dict) -> tuple[list[Fraction], list[Fraction]]:
    keys = sorted(p_law.keys() | q_law.keys())
    return [p_law.get(k, Fraction(0)) for k in keys], [q_law.get(k, Fraction(0)) for k in keys]


def brute_emd(a, b) -> Fraction:
    return Fraction(
        min(sum(abs(x - y) for x, y in zip(a, perm, strict=True)) for perm in permutations(b)),
        len(a),
    )


def brute_ratio(p_row, q_row):
    if any(p and not q for p, q in zip(p_row, q_row, strict=True)):
        return math.inf
    return max(p / q for p, q in zip(p_row, q_row, strict=True) if p)


# --- single pairs: E3–E7 ------------------------------------------------------------------


def test_e3_naive_bound_attained():
    law_p = release_distribution(A4, [0, 0])
    law_q = release_distribution(A4, [1, 1])
    assert law_p[(2, 0, 0, 0)] == Fraction(4, 9) and law_q[(2, 0, 0, 0)] == Fraction(1, 9)
    assert max_ratio(A4, [0, 0], [1, 1]) == 4 == max_ratio(A4, [0, 0], [1, 1], shuffled=False)


def test_e4_bound_not_always_tight():
    law_p = release_distribution(A4, [0, 3])
    law_q = release_distribution(A4, [1, 2])
    assert (law_p[(1, 0, 0, 1)], law_q[(1, 0, 0, 1)]) == (Fraction(65, 144), Fraction(5, 36))
    assert max_ratio(A4, [0, 3], [1, 2]) == Fraction(13, 4)


# (K, K2, pure ratio, {ε: (δ shuffled, δ ordered)}) from DERIVATIONS.md §11 (6 digits).
EXAMPLES = [
    ((1, 1, 1), (1, 1, 2), 2, {0.5: (0.052041, 0.117093), 1.0: (0.0, 0.0)}),  # E5
    ((0, 0, 3), (0, 3, 3), 8, {0.5: (0.325590, 0.558546), 1.0: (0.187699, 0.440143)}),  # E6
    ((0, 0), (1, 1), 4, {0.5: (0.261253, 0.261253), 1.0: (0.142413, 0.142413)}),  # E7
]


@pytest.mark.parametrize(("K", "K2", "ratio", "deltas"), EXAMPLES)
def test_e5_e6_e7_delta_curves(K, K2, ratio, deltas):
    for shuffled in (True, False):
        law_p, law_q = aligned(brute_law(A4, K, shuffled), brute_law(A4, K2, shuffled))
        assert max_ratio(A4, K, K2, shuffled) == brute_ratio(law_p, law_q)
    assert max_ratio(A4, K, K2) == ratio
    for eps, expected in deltas.items():
        factor = alpha_from_epsilon(eps)  # a rational lower bound of e^ε
        for shuffled, golden in zip((True, False), expected, strict=True):
            law_p, law_q = aligned(brute_law(A4, K, shuffled), brute_law(A4, K2, shuffled))
            exact = required_delta(A4, K, K2, factor, shuffled)
            assert exact == positive_part_excess(law_p, law_q, factor)
            assert float(exact) == pytest.approx(golden, abs=5e-7)


def test_all_events_on_small_output_sets():
    """Σ[P − αQ]₊ equals the maximum over all 2^|Y| events (≤ 16 outcomes)."""
    for K, K2 in [((0, 0), (1, 1)), ((0, 3), (1, 2)), ((0, 1), (3, 3))]:
        for shuffled in (True, False):
            law_p, law_q = aligned(brute_law(A4, K, shuffled), brute_law(A4, K2, shuffled))
            channel = FiniteChannel.from_probabilities({"K": law_p, "K2": law_q}, [("K", "K2")])
            for factor in (1, Fraction(3, 2), 2, 3):
                oracle = brute_force_required_delta(channel, factor).required_delta
                assert required_delta(A4, K, K2, factor, shuffled) == oracle


@given(
    st.integers(2, 4),
    st.fractions(min_value=Fraction(1, 10), max_value=Fraction(9, 10), max_denominator=10),
    st.data(),
)
@PROPERTY_SETTINGS
def test_shuffling_is_post_processing_and_naive_bound_holds(k, p, data):
    channel = clamped_geometric(k, p)
    m = data.draw(st.integers(1, 3))
    K = data.draw(st.lists(st.integers(0, k - 1), min_size=m, max_size=m))
    K2 = data.draw(st.lists(st.integers(0, k - 1), min_size=m, max_size=m))
    factor = data.draw(st.fractions(min_value=1, max_value=6, max_denominator=7))
    shuffled_delta = required_delta(channel, K, K2, factor)
    ordered_delta = required_delta(channel, K, K2, factor, shuffled=False)
    assert shuffled_delta <= ordered_delta  # the multiset is a function of the ordered tuple
    assert max_ratio(channel, K, K2) <= max_ratio(channel, K, K2, shuffled=False)
    # The naive pure bound (1/p)^{m·d_EM} = (1/p)^{matching cost}.
    cost = brute_emd(sorted(K), sorted(K2)) * m
    assert max_ratio(channel, K, K2, shuffled=False) <= (1 / p) ** int(cost)
    law = release_distribution(channel, K, shuffled=False)
    assert law == brute_law(channel, K, shuffled=False) and sum(law.values()) == 1


# --- the all-pairs certificate ------------------------------------------------------------


@pytest.mark.parametrize("m", [2, 3])
def test_naive_factor_never_violated_and_attained(m):
    result = certify(A4, m, 2**m)  # α₀ = 2 per unit, factor 2^m per unit of d_EM
    assert result.pure and result.passes and result.attained
    assert result.tightness == pytest.approx(1.0)
    assert result.datasets == math.comb(4 + m - 1, m)
    assert len(result.pairs) == result.datasets * (result.datasets - 1)
    assert result.required_delta_lower == result.required_delta_upper == 0
    # Slightly below the naive factor, pure privacy fails somewhere.
    assert not certify(A4, m, 2**m - Fraction(1, 1000)).pure


@pytest.mark.parametrize("shuffled", [True, False])
def test_certificate_equals_brute_force_on_every_pair(shuffled):
    m, factor = 2, Fraction(3)  # 3^{d_EM}: rational for d_EM ∈ ℤ, irrational for halves
    result = certify(A4, m, factor, "0.2", shuffled)
    datasets = list(combinations_with_replacement(range(4), m))
    laws = {K: brute_law(A4, K, shuffled) for K in datasets}
    mpmath.mp.dps = 60
    worst = Fraction(0)
    for row in result.pairs:
        d = brute_emd(row.source, row.target)
        assert row.distance == d
        p_row, q_row = aligned(laws[row.source], laws[row.target])
        ratio = brute_ratio(p_row, q_row)
        assert row.ratio == (None if ratio == math.inf else ratio)
        # The pair's δ in high precision, from the definition.
        pair_factor = mpmath.mpf(3) ** (mpmath.mpf(d.numerator) / d.denominator)
        reference = sum(
            max(mpmath.mpf(0), mpmath.mpf(p.numerator) / p.denominator - pair_factor * q)
            for p, q in zip(p_row, q_row, strict=True)
        )
        assert row.delta_lower <= row.delta_upper
        assert (
            mpmath.mpf(row.delta_lower.numerator) / row.delta_lower.denominator <= reference + 1e-45
        )
        assert (
            mpmath.mpf(row.delta_upper.numerator) / row.delta_upper.denominator >= reference - 1e-45
        )
        assert row.delta_upper - row.delta_lower < Fraction(1, 10**30)
        assert row.covered == (reference <= mpmath.mpf(1) / 5)
        assert row.pure == (reference == 0)
        if d.denominator == 1:
            assert (
                row.delta_lower
                == row.delta_upper
                == positive_part_excess(p_row, q_row, factor**d.numerator)
            )
        worst = max(worst, row.delta_upper)
    assert result.required_delta_upper == worst
    assert result.passes == all(row.covered for row in result.pairs)


def test_certificate_with_a_matrix_metric_equals_the_line():
    matrix = [[abs(i - j) for j in range(4)] for i in range(4)]
    line = certify(A4, 2, 3, "0.1")
    general = certify(A4, 2, 3, "0.1", distance=matrix)
    assert line.pairs == general.pairs


# --- bad input ----------------------------------------------------------------------------


def test_errors():
    with pytest.raises(ValueError, match="same size m"):
        max_ratio(A4, [0], [0, 1])
    with pytest.raises(ValueError, match="K must hold at least one item"):
        required_delta(A4, [], [], 2)
    with pytest.raises(ValueError, match="K2 must hold inputs"):
        max_ratio(A4, [0], [7])
    with pytest.raises(ValueError, match="alpha must be a rational number in"):
        required_delta(A4, [0], [1], "0.9")
    with pytest.raises(TypeError, match="shuffled must be True or False"):
        max_ratio(A4, [0], [1], 1)
    with pytest.raises(ValueError, match="m must be an integer in"):
        certify(A4, 0, 2)
    with pytest.raises(ValueError, match="CERTIFY_WORK_LIMIT"):
        certify(clamped_geometric(12, "1/2"), 6, 2)
    with pytest.raises(ValueError, match="MAX_OUTPUTS"):
        release_distribution(clamped_geometric(10, "1/2"), [0] * 8, shuffled=False)
    with pytest.raises(ValueError, match="MAX_ITEMS"):
        max_ratio(A4, [0] * (itemwise.MAX_ITEMS + 1), [1] * (itemwise.MAX_ITEMS + 1))
    with pytest.raises(ValueError, match="delta must be a rational number in"):
        certify(A4, 2, 2, "1.5")
