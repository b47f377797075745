"""Claims of lesson 1 (the tour) that a review found incomplete, each checked where it can fail.

Every test pairs the computed fact that makes the corrected sentence true with a check that
the old wording is gone from both editions of ``lessons_src/01-tour.md``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from dplab.mechanisms import laplace

LESSONS = Path(__file__).parents[2] / "lessons_src"
TOUR = (LESSONS / "01-tour.md").read_text("utf-8")
TOUR_EN = (LESSONS / "en" / "01-tour.md").read_text("utf-8")


def _loss(y, delta, b):
    return laplace.privacy_loss(y, center=0.0, neighbour_center=delta, scale=b)


def test_equality_in_the_loss_bound_holds_on_both_sides_with_opposite_signs():
    delta, b = 1.0, 0.5
    steps = [Fraction(i, 8) for i in range(-16, 25)]  # y from −2 to 3, exact in doubles
    for y in map(float, steps):
        if y <= 0:
            assert _loss(y, delta, b) == delta / b  # the largest loss: only here
        elif y >= delta:
            assert _loss(y, delta, b) == -delta / b  # |L| = Δ/b too, the smallest loss
        else:
            assert _loss(y, delta, b) == (delta - 2 * y) / b
            assert abs(_loss(y, delta, b)) < delta / b
    hints = {TOUR: "곧 $`L(y) = +\\Delta / b`$인 출력", TOUR_EN: "where $`L(y) = +\\Delta / b`$"}
    for text, hint in hints.items():
        assert r"$`L(y) = -\Delta / b`$" in text and r"(\Delta - 2y)/b" in text
        assert next(line for line in text.splitlines() if hint in line).startswith("hint:")
    assert "$`y \\le 0`$인 모든 출력에서 등호가 성립합니다" not in TOUR
    assert "with equality at every output $`y \\le 0`$." not in TOUR_EN
