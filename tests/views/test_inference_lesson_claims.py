"""Claims of lesson 6 that a review found untrue, each checked where it can fail.

Every test pairs the number or label that makes the corrected sentence true with a check
that the old wording is gone from ``lessons_src/06-inference.md`` (and from the labels).
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

from dplab.accounting import inference
from dplab.mechanisms import gaussian
from dplab.mechanisms.randomized_response import count_channel
from dplab.views._labels import LABELS
from dplab.views.numbers import approx_text

SOURCES = Path(__file__).parents[2] / "lessons_src"
LESSON = (SOURCES / "06-inference.md").read_text("utf-8")
LESSON_EN = (SOURCES / "en" / "06-inference.md").read_text("utf-8")
FRONT_MATTER = LESSON.split("---")[1]
KEYS = [line for line in LESSON.splitlines() if line.startswith("- [x]")]  # quiz keys in order


def test_a_rare_event_bounds_the_ratio_above_and_may_rule_h_out():
    rare = inference.posterior_range("1/2", 2, "1/1000", "1/1000")  # exercise 2 at q = δ
    assert (rare.ratio_high, rare.high) == (3, Fraction(3, 4)) and rare.low == 0
    assert "상계는 아무것도 제한하지 않습니다" not in LESSON
    assert "상계가 없습니다" not in LESSON
    assert "우도비를 묶지 않고" not in KEYS[1]  # quiz Q2's key
    assert KEYS[1].endswith("관찰자가 $`H`$를 배제할 수도 있다.")
    for language in LABELS.values():
        assert "inference.ratio_open" not in language
        assert "H′" not in language["inference.badge_rule_out"]


def test_the_lab_hint_at_a_rare_gaussian_event_is_finite():
    delta = gaussian.delta(1, 1.0, math.log(3))
    rare = inference.posterior_range("0.5", 3, delta, "0.001")
    assert approx_text(rare.ratio_high, bound="upper") == "112.9"
    assert approx_text(rare.high, bound="upper") == "0.9913"
    assert "범위가 열립니다" not in LESSON
    assert 'approx(rare.ratio_high, bound="upper")' in LESSON


def test_rr_and_laplace_curves_rejoin_the_bound_at_large_x():
    for n, back in ((2, Fraction(7, 16)), (4, Fraction(175, 256))):
        assert inference.tradeoff_contact(count_channel(n, "3/4"), 3)[-1] == (back, 1)
    mu = math.log(3)
    assert all(
        abs(inference.laplace_tradeoff(1, 1 / mu, x) - (1 - x) / 3) < 1e-12
        for x in (0.5, 0.6, 0.9, 1.0)
    )
    assert "작은 $`x`$에서만" not in KEYS[2] and "[1 - p^4, 1]" in KEYS[2]  # quiz Q3's key
    assert "그 너머에서는 경계에서 떨어져 위로 올라갑니다" not in LESSON
    assert "inference.tradeoff_contact" in LESSON and "lap_rejoin" in LESSON


def test_the_membership_bound_is_rounded_up():
    bound = inference.posterior_range("1/100", 3, "1/100000", "1/100").high
    assert bound == Fraction(3001, 102001)
    assert approx_text(bound, bound="upper") == "0.02943" and approx_text(bound) == "0.02942"
    assert 'approx(mi_post.high, bound="upper")' in LESSON
    assert "approx(mi_post.high) }}" not in LESSON


def test_the_small_x_note_shows_the_power_not_the_curve():
    naive = 1 - inference.gaussian_tradeoff(1, 1, 1e-20)
    direct = inference.gaussian_power(1, 1, 1e-20)
    assert naive == 2.0**-53 and abs(direct - 7.1422015073072602e-17) < 1e-28
    assert "approx(tiny_beta, 8)" not in LESSON
    assert "inference.gaussian_power(1, 1 / mu_gauss" in LESSON
    assert "1 - inference.gaussian_tradeoff" not in LESSON


def test_one_minus_x_is_exactly_one_only_up_to_half_the_unit_roundoff():
    unit_roundoff = 2.0**-53
    assert 1 - unit_roundoff / 2 == 1  # the tie goes to the even significand, 1
    assert 1 - math.nextafter(unit_roundoff / 2, 1) == 1 - unit_roundoff  # not 1, though x < u
    english = LESSON_EN.replace("\n", " ")
    for text in (LESSON, english):
        assert "approx(unit_roundoff / 2, 2)" in text
        assert "1 - math.nextafter(half_roundoff, 1) < 1" in text  # the hidden check
    assert "단위 반올림($`\\approx {{ approx(unit_roundoff, 2) }}`$)보다\n작을 때" not in LESSON
    assert "smaller than the unit roundoff" not in english and "at most half the unit" in english


def test_notation_attributions_and_smaller_items():
    assert "라 하면\n$`\\phi`$는 $`Q(y) > kP(y)`$" not in LESSON
    assert "kP(y)" not in LESSON and "\\tau P(y)" in LESSON
    assert "::: theorem (α, δ) 보장의 곡선 [@kairouz2015composition" in LESSON
    assert "@kifer2011nofree" in LESSON
    assert inference.concave_corners(count_channel(2, "3/4")) == (Fraction(11, 32),)
    assert "inference.concave_corners" in LESSON
    assert "독립" in FRONT_MATTER
    assert "메커니즘의 무작위성에 대한 최악의 경우입니다" not in LESSON
    assert "기울기가 무한대" not in LESSON and "$`-\\infty`$로" in LESSON
