"""Claims of lesson 4 that a review found untrue, each checked where it can fail.

Every test pairs the number or label that makes the corrected sentence true with a check
that the old wording is gone from ``lessons_src/04-gaussian.md``.
"""

from __future__ import annotations

import inspect
import itertools
import math
from pathlib import Path

import mpmath as mp
import numpy as np
from flint import arb

from dplab.mechanisms import gaussian
from dplab.views._labels import LABELS, label

LESSON = (Path(__file__).parents[2] / "lessons_src" / "04-gaussian.md").read_text("utf-8")
TINY = float(np.finfo(np.float64).tiny)


def test_the_lesson_does_not_call_eps_delta_the_only_form():
    assert "형태로만 말할 수 있습니다" not in LESSON
    assert all(name in LESSON for name in ("레니", "zCDP", "GDP"))


def test_both_verdicts_of_example_1_come_from_the_enclosure_the_lesson_shows():
    passing = gaussian.certify(1, 1, 1, "0.13")
    failing = gaussian.certify(1, 1, 1, "0.126")
    assert (passing.verdict, failing.verdict) == ("pass", "fail")
    assert passing.precision_bits == failing.precision_bits
    assert (passing.lower, passing.upper) == (failing.lower, failing.upper)
    with mp.workdps(40):
        exact = mp.ncdf(-0.5) - mp.e * mp.ncdf(-1.5)  # δ(1) for Δ = σ = 1
        lower = mp.mpf(passing.lower.str(40, radius=False))
        upper = mp.mpf(passing.upper.str(40, radius=False))
        assert lower <= exact * (1 + mp.mpf(10) ** -30) and exact <= upper * (1 + mp.mpf(10) ** -30)
    assert "low_sum, high_sum = cert_pass.lower, cert_pass.upper" in LESSON


def test_the_tiny_positive_claim_passes_through_the_certificates_enclosure():
    certificate = gaussian.certify("1/32", 10, 10, "1e-300")
    assert certificate.verdict == "pass"
    assert arb(0) < certificate.lower <= certificate.upper < arb("1e-300")
    assert "로그끼리 비교해" not in LESSON
    assert "cert_tiny_small.upper" in LESSON


def test_interval_width_and_delta_are_tied_through_sigma():
    sigmas = [0.5, 1.0, 2.0, 4.0]
    intervals = [gaussian.error_interval(s) for s in sigmas]
    widths = [high - low for low, high in intervals]
    deltas = [gaussian.delta(1, s, 1) for s in sigmas]
    assert all(a < b for a, b in itertools.pairwise(widths))  # wider with σ
    assert all(a > b for a, b in itertools.pairwise(deltas))  # δ smaller with σ
    with mp.workdps(30):  # the probability outside the interval is the same for every σ
        for (low, high), s in zip(intervals, sigmas, strict=True):
            inside = mp.ncdf(high, 0, s) - mp.ncdf(low, 0, s)
            assert abs(inside - gaussian.interval_coverage(1.96)) <= 1e-15
    assert "서로 관계없이 움직입니다" not in LESSON
    assert "같은 $`\\sigma`$에 묶여 있습니다" in LESSON


def test_a_subnormal_delta_is_called_below_the_normal_range_not_unrepresentable():
    # Δ = 1/32, σ = 0.2, ε = 6: δ ≈ 5.4e-324 is a subnormal double, representable.
    try:
        gaussian.delta(1 / 32, 0.2, 6)
    except gaussian.DeltaUnderflowError as error:
        value = math.exp(error.log_delta)
    else:  # pragma: no cover - the test fails below
        value = None
    assert value is not None and 0 < value < TINY
    korean = LABELS["ko"]["gauss.delta_underflow"]
    english = LABELS["en"]["gauss.delta_underflow"]
    assert "나타낼 수 없" not in korean and "정규 배정밀도" in korean
    assert "too small for a double" not in english and "normal double" in english
    assert label("gauss.delta_underflow", value="x").startswith("≈ x:")


def test_the_sentence_close_to_the_source_page_is_rewritten():
    for old in ("거의 같은 두 꼬리 확률을 빼면 유효숫자를", "0으로 보인다는 것은 0이라는 증명이"):
        assert old not in LESSON


def test_the_method_the_lesson_describes_is_the_one_the_code_runs():
    # The lesson used to say R comes from erfcx and D from an all-positive series.
    source = inspect.getsource(gaussian)
    assert "erfcx" not in source and "erfcx" not in LESSON
    assert "항이 모두 양수인 점근 급수" not in LESSON
    for name in ("_TAYLOR_LIMIT", "_TAYLOR_STEP", "_NEAR"):  # numbers the lesson reads
        assert f"gaussian.{name}" in LESSON and hasattr(gaussian, name)
