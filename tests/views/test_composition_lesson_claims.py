"""Claims of lesson 5 that a review found untrue, each checked where it can fail.

Every test pairs the number or fact that makes the corrected sentence true (computed here
by a reference that does not call the code under test, or by the code against it) with a
check that the old wording is gone from ``lessons_src/05-composition.md``.
"""

from __future__ import annotations

import inspect
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dplab.accounting import composition
from dplab.views._labels import LABELS
from dplab.views._notation import NOTATION

LESSON = (Path(__file__).parents[2] / "lessons_src" / "05-composition.md").read_text("utf-8")
P = Fraction(3, 4)  # the lesson's p; one release's factor α = p/(1 − p) = 3
ALPHA = P / (1 - P)


def one_person_delta(p: Fraction, total: Fraction, k: int) -> Fraction:
    """δ at the total factor A of k releases of one person's RR, from the binomial law.

    With j true reports the pair (1 → 0) has P = p^j (1−p)^(k−j) and Q = (1−p)^j p^(k−j);
    the reversed pair gives the same sum by symmetry.
    """
    q = 1 - p
    terms = (
        math.comb(k, j) * (p**j * q ** (k - j) - total * q**j * p ** (k - j)) for j in range(k + 1)
    )
    return sum((term for term in terms if term > 0), start=Fraction(0))


def test_walkthrough_no_longer_says_a_much_smaller_factor_keeps_delta_small():
    assert "보다 훨씬 작게 잡아도" not in LESSON
    k = 8
    deltas = {j: one_person_delta(P, ALPHA**j, k) for j in (8, 7, 6, 4, 2)}
    assert all(deltas[j] == composition.rr_required_delta(1, P, ALPHA**j, k) for j in deltas)
    assert deltas[8] == 0
    # the review's numbers: 0.0667, 0.0890, 0.336, 0.641 at A = 3^7, 3^6, 3^4, 3^2
    shown = [round(float(deltas[j]), 3) for j in (7, 6, 4, 2)]
    assert shown == [0.067, 0.089, 0.336, 0.641]
    # the top loss has probability p^8 ≈ 0.100, yet δ exceeds it two steps below α^8
    assert deltas[7] < P**k < deltas[4] < deltas[2]
    # the mean loss of one release is (2p − 1) ln α, half the maximum: mean of 8 is 4 ln 3
    mean_share = P - (1 - P)  # E[L] / ln α for one release: +ln α w.p. p, −ln α otherwise
    assert mean_share * k == 4
    # with a small ε the mean is far below the maximum and α^(k/2) keeps δ tiny
    small = Fraction(11, 10)
    small_p = small / (1 + small)
    tiny = one_person_delta(small_p, small**50, 100)
    assert tiny == composition.rr_required_delta(1, small_p, small**50, 100)
    assert 0 < tiny < Fraction(1, 10**6)
    assert "{{ walk_below_text }}" in LESSON and "approx(walk_small_delta)" in LESSON
    assert "{{ walk_mean_power }}" in LESSON


def kov_delta_i(alpha: Fraction, k: int, i: int) -> Fraction:
    """Kairouz–Oh–Viswanath's δ_i (their Thm. 3.3), with e^ε = α rational."""
    total = sum(
        (math.comb(k, low) * (alpha ** (k - low) - alpha ** (k - 2 * i + low)) for low in range(i)),
        start=Fraction(0),
    )
    return total / (1 + alpha) ** k


@pytest.mark.parametrize("alpha", [Fraction(3), Fraction(3, 2)])
@pytest.mark.parametrize("delta", [Fraction(0), Fraction(1, 10)])
@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_the_kov_total_delta_is_one_minus_the_product_in_the_list_and_the_theorem(alpha, delta, k):
    for i in range(k // 2 + 1):
        total = 1 - (1 - delta) ** k * (1 - kov_delta_i(alpha, k, i))
        assert composition.optimal_delta(alpha, delta, k, alpha ** (k - 2 * i)) == total
    assert r"\bigl((k - 2i)\varepsilon, \delta_i\bigr)" not in LESSON
    kov_total = r"1 - (1-\delta)^k(1 - \delta_i)"
    assert LESSON.count(kov_total) >= 3  # the list (twice) and the theorem
    assert r"\delta_{\text{전체}} = 1 - (1-\delta)^k(1 - \delta_i)" in LESSON


def test_alpha_is_one_release_and_a_the_total_factor():
    for old in (
        r"같은 $`\alpha = {{ alpha }}`$에서",
        "ex1_alpha",
        r"$`\alpha = u/v`$",
        r"(\alpha, \delta) = ({{ alpha }}, 0)`$이 성립한다",
        "가장 작은 계수는 기본 합성의",
    ):
        assert old not in LESSON, old
    assert r"A = \alpha = {{ alpha }}" in LESSON and "A = u/v" in LESSON
    assert r"(A, \delta_{\text{전체}}) = ({{ alpha }}, 0)" in LESSON
    for key in ("comp.col_copies", "comp.col_fresh", "comp.col_fresh_basic"):
        assert "A = α" in LABELS["ko"][key] and "A = α" in LABELS["en"][key]
    for function in (
        composition.rr_required_delta,
        composition.composed_required_delta,
        composition.rr_delta_upper_bound,
    ):
        parameters = inspect.signature(function).parameters
        assert "total_alpha" in parameters and "alpha" not in parameters
    docstring = " ".join(composition.__doc__.split())
    assert "− α Q^{⊗k}(y)" not in docstring and "− A Q^{⊗k}(y)" in docstring
    assert "(``α = u/v``)" not in docstring and "(``A = u/v``)" in docstring
    symbols = {lang: [symbol for symbol, _ in rows] for lang, rows in NOTATION.items()}
    assert "A, δ<sub>전체</sub>" in symbols["ko"] and "A, δ<sub>total</sub>" in symbols["en"]


def test_the_grid_step_is_not_called_delta():
    assert r"\lceil L/\Delta \rceil" not in LESSON and r"\lceil L/\eta \rceil" in LESSON
    assert "grid step Δ" not in " ".join(composition.rr_delta_upper_bound.__doc__.split())
    assert "iΔ" not in " ".join(composition.__doc__.split()) and "L/Δ" not in " ".join(
        composition.__doc__.split()
    )


def test_attributions_of_adaptive_basic_and_gaussian_composition():
    basic = re.search(r"::: theorem 기본 합성 \[([^\]]*)\]", LESSON)
    assert basic and "@dwork2010boosting" in basic.group(1)
    assert "(적응적으로라도)" not in LESSON
    gauss = re.search(r"::: theorem 가우스 공개 k번 \[([^\]]*)\]", LESSON)
    assert gauss and "2.13" in gauss.group(1) and "@balle2018improving" in gauss.group(1)
    assert "Dwork, Rothblum & Vadhan 2010 for the adaptive" in " ".join(composition.__doc__.split())
    assert "Cor. 2.13" in " ".join(composition.gaussian_composition_delta.__doc__.split())


def blocks_before(text: str, position: int) -> list[str]:
    """The info strings of the fenced Python blocks that open before ``position``."""
    return re.findall(r"^```python (exec[^\n]*)$", text[:position], flags=re.MULTILINE)


def test_the_lesson_points_at_code_only_where_the_reader_can_see_it():
    for match in re.finditer("위 코드", LESSON):
        last = blocks_before(LESSON, match.start())[-1]
        assert "hide" not in last, LESSON[match.start() - 80 : match.start() + 40]
    # the check of both fractions is stated in the reader's words, without the build
    assert "이 페이지를 만들 때 빌드가" not in LESSON
    assert "{{ len(kov_checks) }}가지 모두에서 두\n분수를 계산해 같음을 확인했습니다" in LESSON


def test_quiz_q4_distractor_says_both_are_zero_from_alpha_to_the_k():
    assert "$`n > 1`$인 개수 채널에서는 그렇지만" not in LESSON
    assert r"$`A \ge \alpha^k`$이면 둘 다 $`0`$" in LESSON
    for n in (2, 3, 4):
        for k in (1, 2, 3, 4):
            assert composition.rr_required_delta(n, P, ALPHA**k, k) == 0
            assert composition.optimal_delta(ALPHA, 0, k, ALPHA**k) == 0
        for k in (2, 3, 4):  # below α^k the optimal bound is the larger one for n > 1
            exact = composition.rr_required_delta(n, P, ALPHA, k)
            assert exact < composition.optimal_delta(ALPHA, 0, k, ALPHA)
    for k in (1, 2, 3, 4):  # n = 1: equal at every A
        for total in (1, 2, ALPHA, ALPHA**k):
            assert composition.rr_required_delta(1, P, total, k) == composition.optimal_delta(
                ALPHA, 0, k, total
            )


def test_the_refusal_is_stated_in_the_lessons_words_not_printed_in_english():
    assert "print(error)" not in LESSON and "`make bench`가" not in LESSON
    largest = composition.rr_largest_exact_k(20, P)
    assert largest < 40
    with pytest.raises(ValueError, match="beyond the exact limit"):
        composition.rr_required_delta(20, P, 100, 40)
    assert "$`{{ limits[far_n] }}`$이므로, $`k = {{ far_k }}`$은 계산을 시작하지 않고" in LESSON
    assert "(`ValueError`)" not in LESSON
