"""Claims of lessons 7–9 (d_EM) that a review found untrue or unclear, each checked where it
can fail.

Every test pairs the computed fact that makes the corrected sentence true with a check that
the old wording is gone from ``lessons_src/07-…``, ``08-…`` or ``09-…`` (issue 20, §2).
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from pathlib import Path

import mpmath

from dplab.userlevel import emd_linear, itemwise, metric
from dplab.views._labels import LABELS
from dplab.views._notation import NOTATION
from dplab.views.numbers import fraction_decimal_text, number_text

LESSONS = Path(__file__).parents[2] / "lessons_src"
METRIC = (LESSONS / "07-user-level-metric.md").read_text("utf-8")
METRIC_EN = (LESSONS / "en" / "07-user-level-metric.md").read_text("utf-8")
LINEAR = (LESSONS / "08-user-level-linear.md").read_text("utf-8")
LINEAR_EN = (LESSONS / "en" / "08-user-level-linear.md").read_text("utf-8")
ITEMWISE = (LESSONS / "09-user-level-itemwise.md").read_text("utf-8")

GEOMETRIC = metric.clamped_geometric(4, Fraction(1, 2))  # lesson 7's randomizer, α₀ = 2


def _listed(K, outputs, law=None):
    """Probability that the j-th output of the list is ``outputs[j]``, item ``K[j]`` in."""
    law = law or (lambda x, y: GEOMETRIC.probabilities(x)[GEOMETRIC.outputs.index(y)])
    return math.prod(law(x, y) for x, y in zip(K, outputs, strict=True))


def _plane(x, y):
    """The clamped geometric on each coordinate: factor α₀ per unit of ℓ₁ in the plane."""
    row = GEOMETRIC.probabilities
    return row(x[0])[GEOMETRIC.outputs.index(y[0])] * row(x[1])[GEOMETRIC.outputs.index(y[1])]


def _l1(u, v):
    return abs(u[0] - v[0]) + abs(u[1] - v[1])


# §2, lesson 7: the naive α₀ᵐ bound holds for the multiset release, not for any list.


def test_a_list_in_the_users_own_order_is_not_d_em_private():
    K, K2 = (0, 3), (3, 0)  # one multiset written in two orders
    assert metric.emd(K, K2) == 0
    ratio = _listed(K, K) / _listed(K2, K)
    assert ratio == 64  # yet d_EM-DP allows e^{ε·0} = 1
    # the multiset release does give ratio 1 on this pair
    assert itemwise.max_ratio(GEOMETRIC, K, K2) == 1
    assert "줄로 늘어놓은 결과의 확률의 비는" not in METRIC
    assert "own_ratio = own_P / own_Q" in METRIC and "{{ own_ratio }}" in METRIC


def test_lexicographic_order_in_the_plane_is_not_an_optimal_matching():
    K, K2 = ((0, 2), (1, 0)), ((0, 0), (1, 2))
    optimal = metric.emd(K, K2, _l1) * len(K)
    lexicographic = sum(_l1(x, y) for x, y in zip(sorted(K), sorted(K2), strict=True))
    assert (lexicographic, optimal) == (4, 2)
    # listed in lexicographic order, the ratio exceeds the naive bound (α₀^m)^{d_EM} = 4
    outputs = sorted(K)
    ratio = _listed(sorted(K), outputs, _plane) / _listed(sorted(K2), outputs, _plane)
    bound = (2 ** len(K)) ** metric.emd(K, K2, _l1)
    assert (ratio, bound) == (16, 4)
    assert "lex_cost = sum(l1(x, y) for x, y in zip(sorted(lex_K), sorted(lex_K2)))" in METRIC
    assert "{{ lex_ratio }}" in METRIC and "사전식" in METRIC


def test_sorted_order_on_a_line_and_the_multiset_both_satisfy_the_naive_bound():
    for shuffled in (True, False):
        result = itemwise.certify(GEOMETRIC, 2, 4, shuffled=shuffled)  # α₀^m = 2² = 4
        assert result.passes and result.pure
    assert "직선 위에서는 정렬한 순서의 목록도 계수" in METRIC
    # the module docstring no longer says the ordered release is aligned by σ in general
    assert "ordered release (aligned by ``σ``)" not in " ".join(itemwise.__doc__.split())
    assert "realises an optimal matching for every pair" in " ".join(itemwise.__doc__.split())


# §2, lesson 8


def test_indicators_fail_to_be_lipschitz_only_where_points_come_arbitrarily_close():
    k = 4
    one_hot = lambda v: tuple(int(v == c) for c in range(k))  # noqa: E731
    discrete = [[int(a != b) for b in range(k)] for a in range(k)]
    for a in range(k):
        for b in range(k):
            if a != b:
                gap = [x - y for x, y in zip(one_hot(a), one_hot(b), strict=True)]
                d = metric.emd((a,), (b,), discrete)
                assert sum(v * v for v in gap) == 2 * d**2  # √2-Lipschitz
    assert "구역의 경계에서 값이 뛰므로 립시츠가 아니고" not in LINEAR
    assert "연속 공간에서는 립시츠가 아닙니다" in LINEAR


def test_equality_in_the_sensitivity_lemma_needs_an_affine_f_along_the_move():
    corner = lambda x: (min(x, 1), max(x - 1, 0))  # noqa: E731  lesson 8's 1-Lipschitz bend
    low, high = (emd_linear.linear_query(K, corner) for K in ((0,), (2,)))
    gap = [a - b for a, b in zip(low, high, strict=True)]
    bound = metric.emd((0,), (2,))
    assert sum(v * v for v in gap) == 2 and bound == 2  # ‖gap‖ = √2 < 2 = l·d_EM
    assert "모든 항목이 같은 쪽으로 움직이면 등호입니다" not in LINEAR
    quiz = LINEAR[LINEAR.index("::: quiz") :]
    assert "아핀" in quiz and "{{ bend_gap2 }}" in quiz


def test_exercise_1_writes_the_bound_without_a_rounded_factor_inside_the_product():
    K, K2 = (0, 1, 1), (1, 2, 3)
    d = metric.emd(K, K2)
    gap = abs(
        emd_linear.linear_query(K, lambda x: 2 * x)[0]
        - emd_linear.linear_query(K2, lambda x: 2 * x)[0]
    )
    assert d == Fraction(4, 3) and gap == 2 * d == Fraction(8, 3)
    assert (number_text(d), fraction_decimal_text(2 * d)) == ("4/3", "8/3 ≈ 2.667")
    assert r"{{ ex1_l }} \cdot {{ exact(ex1_d) }}" not in LINEAR
    new = r"l \cdot d_{\mathrm{EM}} = {{ ex1_l }} \cdot {{ num(ex1_d) }} = {{ exact(ex1_bound) }}"
    assert new in LINEAR


# §2, notation of lessons 7–9


def _math(text: str) -> list[str]:
    return re.findall(r"\$`([^`]*)`\$", text) + re.findall(r"```math\n(.*?)```", text, re.S)


def test_the_definition_has_one_name_epsilon_d_em_in_lessons_7_to_9():
    for text in (METRIC, LINEAR, ITEMWISE):
        assert "$`\\alpha`$-$`d_{\\mathrm{EM}}`$" not in text
        assert "$`(\\alpha, \\delta)`$-$`d_{\\mathrm{EM}}`$" not in text
    name = "$`(\\varepsilon, \\delta)`$-$`d_{\\mathrm{EM}}`$-차분 프라이버시"
    assert name + "를 만족한다고 합니다" in METRIC
    decision = "이 강의는 정의를\n$`\\varepsilon`$-$`d_{\\mathrm{EM}}`$-차분 프라이버시라 부르고"
    assert decision in METRIC
    for lang in ("ko", "en"):
        names = [symbol for symbol, _ in NOTATION[lang]]
        assert any(name.startswith("ε-d<sub>EM</sub>") for name in names)


def test_the_glossary_uses_alpha_only_for_the_factor_and_states_the_d_em_adjacency():
    for lang in ("ko", "en"):
        rows = dict(NOTATION[lang])
        d_em = next(meaning for symbol, meaning in rows.items() if symbol.startswith("ε-d<sub>"))
        assert "α" not in d_em  # was "ε (the paper's α) … the factor α^{d_EM}"
        adjacency = next(meaning for symbol, meaning in rows.items() if "D ∼ D′" in symbol)
        assert "d<sub>EM</sub>" in adjacency and ("7–9" in adjacency)
    assert "이 과정은 기록 수가 공개된" not in str(NOTATION["ko"])
    assert "The course uses replacement" not in str(NOTATION["en"])


def test_lesson_8_writes_the_dimension_k_and_keeps_d_for_distances():
    # the paper's d appears only where the lesson maps the paper's symbols onto its own
    bare = [m for m in _math(LINEAR) if re.search(r"(?<![\\A-Za-z_])d(?![A-Za-z_])", m)]
    assert bare == ["d", r"g \sim \mathrm{Gamma}(d, \omega)", "d", "d"], bare
    assert r"\mathbb{R}^k" in LINEAR and r"\mathrm{Gamma}(k, b)" in LINEAR
    for lang in ("ko", "en"):
        labels = LABELS[lang]
        assert labels["linear.lab_d"].endswith(" k") or " k " in labels["linear.lab_d"]
        for key in ("linear.lab_local_ours", "linear.col_formula", "linear.col_formula2"):
            assert "d·" not in labels[key] and "d(d" not in labels[key]
    # lessons 7 and 9 write a distance as d_X or d_EM, never a bare d
    for text in (METRIC, ITEMWISE):
        assert r"\alpha^{d}" not in text and r"\alpha^{d + t}" not in text


def test_the_frequency_baseline_allows_alpha_not_alpha_to_the_m_for_one_item():
    k, alpha, rng = 4, 3, random.Random(8)
    with mpmath.workdps(40):
        for m in (2, 5, 16):
            ratio, on_ray = _one_item_density_ratio(k, alpha, m)
            assert abs(ratio(on_ray) - alpha) < mpmath.mpf(10) ** -30  # attained: α, not α^m
            samples = [[mpmath.mpf(rng.gauss(0, 2)) for _ in range(k)] for _ in range(200)]
            assert max(ratio(y) for y in samples) <= alpha
    for text in (LINEAR, LINEAR_EN):
        assert "one_item_worst_ratio(m), freq_alpha)" in text  # the lesson's hidden check
    assert "기준선은 여전히" not in LINEAR and "더 강하게 보호하는 값을 오차로" not in LINEAR
    assert "still allows" not in LINEAR_EN and "pays in error" not in LINEAR_EN


def _one_item_density_ratio(k, alpha, m):
    """Lesson 8's frequency baseline (ℓ₂ K-norm noise at scale b = √2/ε_user, ε_user = m ln α,
    on the normalized histogram) at the pair "m items in category 0" / "one of them moved to
    category 1": the density ratio y ↦ exp((‖y − h′‖₂ − ‖y − h‖₂)/b), and a point on the ray
    from h′ through h."""
    h = [mpmath.mpf(1)] + [mpmath.mpf(0)] * (k - 1)
    moved = [1 - mpmath.mpf(1) / m, mpmath.mpf(1) / m] + [mpmath.mpf(0)] * (k - 2)
    scale = mpmath.sqrt(2) / (m * mpmath.log(alpha))

    def ratio(y):
        far = mpmath.norm([a - b for a, b in zip(y, moved, strict=True)])
        near = mpmath.norm([a - b for a, b in zip(y, h, strict=True)])
        return mpmath.exp((far - near) / scale)

    return ratio, [a + 5 * (a - b) for a, b in zip(h, moved, strict=True)]


def test_every_pair_of_inputs_violates_a_factor_below_alpha0_not_only_the_farthest():
    p, k = Fraction(1, 2), 4  # lesson 7's randomizer, written out independently

    def law(x, y):  # two-sided geometric noise ∝ p^|z|, clamped to {0, …, k − 1}
        if y in (0, k - 1):
            return p ** abs(y - x) / (1 + p)
        return (1 - p) / (1 + p) * p ** abs(y - x)

    assert all(law(x, y) == GEOMETRIC.probabilities(x)[y] for x in range(k) for y in range(k))
    below = Fraction(19, 10)
    for x in range(k):
        for x2 in set(range(k)) - {x}:
            worst = max(law(x, y) / law(x2, y) for y in range(k))
            assert worst == 2 ** abs(x - x2) > below ** abs(x - x2)
    for text in (METRIC, METRIC_EN):
        assert "{{ k * (k - 1) // 2 }}" in text and "reaches_bound(x, x2)" in text
    assert "가장 먼 두 입력이 어긋납니다" not in METRIC
    assert "the two furthest inputs violate it" not in METRIC_EN


def test_the_user_level_baseline_is_the_same_mechanism_at_epsilon_user_over_diam():
    for slope, diam, user in ((1, 1, 1), (2, 3, Fraction(1, 2)), (Fraction(3, 2), 5, 4)):
        per_unit = Fraction(user) / diam  # the baseline's own ε per unit of d_EM
        assert emd_linear.noise_scale(slope * diam, user) == emd_linear.noise_scale(slope, per_unit)
        assert emd_linear.user_level_expected_error(slope, diam, user, 3) == (
            emd_linear.expected_error(slope, per_unit, 3)
        )
    # the comparison of close pairs is with the user-level promise, not the baseline mechanism
    assert "기준선만큼 또는 더 강하게" not in LINEAR
    assert "at least as strongly as by the baseline" not in LINEAR_EN
    for text in (LINEAR, LINEAR_EN):
        assert r"e^{\varepsilon_{\mathrm{user}} d_{\mathrm{EM}} / \operatorname{diam}(X)}" in text
