"""Claims of lesson 9 (and lesson 8's sentence on shuffling) that a review found untrue,
each checked where it can fail.

Every test pairs the computation that makes the corrected sentence true with a check that
the old wording is gone from ``lessons_src/09-user-level-itemwise.md`` (or ``08-…``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path

from dplab.userlevel import amplification, itemwise, metric, sampling

LESSONS = Path(__file__).parents[2] / "lessons_src"
LESSON = (LESSONS / "09-user-level-itemwise.md").read_text("utf-8")
LESSON_8 = (LESSONS / "08-user-level-linear.md").read_text("utf-8")
A = metric.clamped_geometric(4, "1/2")
UNIT = [[Fraction(abs(a - b), 3) for b in range(4)] for a in range(4)]


def test_a_pure_guarantee_survives_sampling_and_the_lesson_proves_it():
    """Old: "표본 추출 뒤에는 순수 보장이 남지 않고 … t와 δ가 꼭 필요합니다".  Over the
    lesson's 1156 pairs the largest ln(P/Q)/d_EM is finite (13.79 at α = 512) and the derived
    bound P ≤ (1 + α(α − 1)·d_EM)·Q holds everywhere, δ = 0."""
    check = sampling.check_sampling(A, [1, 2, 3], 3, 512, "1/5", UNIT)
    assert check.pairs == 1156 and check.pure_bound_violations == ()
    assert round(check.largest_log_ratio, 2) == 13.79
    assert math.log(512) < check.largest_log_ratio < check.pure_bound_exponent == 512 * 511
    assert "순수 보장이 남지 않고" not in LESSON
    assert "꼭 필요합니다" not in LESSON
    assert "::: theorem 표본 추출 뒤에 남는 순수 보장 (이 강의가 유도)" in LESSON
    assert "iv.pure_sampling_table(checks)" in LESSON
    assert "check.largest_log_ratio" in LESSON
    assert "- [ ] 표본 추출 뒤에는 어떤 순수 보장도 남지 않아서" in LESSON  # a distractor now


def test_the_resampled_distance_grows_by_the_size_of_k_not_s():
    """Old: "거리가 원래의 s배" (text) and "거리가 s배가 됩니다" (quiz).  K = (0, 3) → (0, 2):
    d_EM = 1/6, all three draws of the moved item give distance 1/3: |K| = 2 times, s = 3."""
    d = Fraction(metric.emd([0, 3], [0, 2], UNIT))
    far = Fraction(metric.emd([3, 3, 3], [2, 2, 2], UNIT))
    assert far / d == 2 != 3
    assert "원래의 $`s`$배" not in LESSON
    assert "거리가 $`s`$배가 됩니다" not in LESSON
    assert "원래의 $`|K|`$배" in LESSON
    assert "two = ((0, 3), (0, 2))" in LESSON


def test_shuffling_keeps_the_mechanisms_factor_but_may_lower_one_pairs_ratio():
    """Old: "섞는 것이 줄이는 것은 δ뿐", "순수 보장은 섞어도 그대로", "δ만 줄이고 순수 계수는
    그대로".  Exercise 1's pair: 4 ordered, 13/4 shuffled; over every pair of size 2 the
    largest ratio per unit of d_EM is the same shuffled and ordered (the naive α₀^m)."""
    assert itemwise.max_ratio(A, [0, 3], [1, 2], shuffled=False) == 4
    assert itemwise.max_ratio(A, [0, 3], [1, 2], shuffled=True) == Fraction(13, 4)
    data = list(combinations_with_replacement(range(4), 2))
    worst = {}
    for shuffled in (True, False):
        worst[shuffled] = max(
            math.log(itemwise.max_ratio(A, K, K2, shuffled=shuffled)) / float(metric.emd(K, K2))
            for K in data
            for K2 in data
            if K != K2
        )
    assert math.isclose(worst[True], worst[False]) and math.isclose(worst[True], 2 * math.log(2))
    assert "$`\\delta`$뿐입니다" not in LESSON
    assert "순수 보장은\n  섞어도 그대로입니다" not in LESSON
    assert "$`\\delta`$만 줄이고 순수 계수는 그대로 둡니다" not in LESSON
    assert "shrink_ratio[True] < shrink_ratio[False]" in LESSON


def test_the_pair_with_few_ones_is_worse_in_the_tail_not_for_want_of_ones():
    """Old: "숨을 1이 없어 δ가 더 큽니다".  Under binary RR (ε₀ = 1, m = 10⁵) the zeros report
    about 26,894 ones; both pairs' counts differ in mean by j(q₁ − q₀) with the same variance
    m·q₀q₁, their δ agree at ε = 0.1 and part only in the tail (ε = 1)."""
    m, j, eps0 = 10**5, 10, 1.0
    q0 = 1 / (1 + math.exp(eps0))
    q1 = 1 - q0
    assert round(m * q0) == 26894
    for ones in (j, m // 2):
        mean_gap = (ones * q1 + (m - ones) * q0) - ((ones - j) * q1 + (m - ones + j) * q0)
        variance = ones * q1 * q0 + (m - ones) * q0 * q1
        assert math.isclose(mean_gap, j * (q1 - q0)) and math.isclose(variance, m * q0 * q1)
    few = amplification.log_delta_curve(m, j, j, eps0, [0.1, 1.0])
    half = amplification.log_delta_curve(m, m // 2, j, eps0, [0.1, 1.0])
    ln10 = math.log(10)
    assert abs(few[0] - half[0]) / ln10 < 0.05
    assert (few[1] - half[1]) / ln10 > 10
    assert "숨을 1이 없어 $`\\delta`$가 더 큽니다" not in LESSON
    assert "다른 보고 속에 숨을 1이 없어서가 아닙니다" in LESSON


def test_lesson_8_shuffling_does_not_lower_the_farthest_pairs_factor():
    """Old: "가장 먼 쌍의 계수를 크게 낮춥니다".  All ones against all zeros, ε₀ = 1,
    δ = 10⁻⁶: the same ε shuffled and ordered (83.5 at m = 100)."""
    shuffled = amplification.epsilon_for_delta(100, 100, 100, 1.0, 1e-6)
    ordered = amplification.epsilon_for_delta(100, 100, 100, 1.0, 1e-6, shuffled=False)
    assert shuffled == ordered and round(shuffled, 1) == 83.5
    assert "가장 먼 쌍의 계수를 크게 낮춥니다" not in LESSON_8
    assert "amplification.epsilon_for_delta(m, m, m, 1.0, far_delta, shuffled=s)" in LESSON_8


def test_lesson_9_says_what_is_cited_derived_and_not_claimed():
    """Old: "이 강의의 자료로는 … 확인하지 못했습니다", "정확한 상수를 확인하지 못해"."""
    assert "확인하지 못" not in LESSON
    assert "자료로는" not in LESSON and "요약 자료" not in LESSON
    assert "논문의 정리가 아닙니다" in LESSON
    assert "어느 쪽이 더 좁은지도 주장하지 않습니다" in LESSON
