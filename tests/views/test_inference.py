"""The lesson's charts of lesson 6 (inference) against exact values (the lab:
``tests/views/labs/test_inference.py``)."""

from __future__ import annotations

from fractions import Fraction

from dplab.accounting import inference
from dplab.mechanisms.randomized_response import count_channel
from dplab.views import inference as iv
from dplab.views._tables import USERMETA_KEY
from dplab.views.numbers import approx_text


def test_lesson_charts_carry_exact_tables():
    chart = iv.posterior_chart(3, [(0, 1), ("0.01", "0.1")]).to_dict()
    table = chart["usermeta"][USERMETA_KEY][0]
    half = table["rows"][4]  # prior 1/2, α = 3, δ = 0: [1/4, 3/4]
    # α = 3 at prior 1/2: δ = 0 gives [1/4, 3/4]; δ = 1/100, q = 1/10 gives ratios
    # [(1 − 1/10)/3, 3 + 1/10] = [3/10, 31/10], posteriors [3/13, 31/41]
    assert half == [
        "0.5",
        "[0.25, 0.75]",
        f"[{approx_text(Fraction(3, 13), bound='lower')}, "
        f"{approx_text(Fraction(31, 41), bound='upper')}]",
    ]
    walk = iv.walkthrough_chart(count_channel(2, "3/4"), 0, 1, 3, "1/10")
    assert walk.steps == 4
    tests = iv.deterministic_tests(count_channel(2, "3/4"), 0, 1)
    assert len(tests) == 8 and {"x": Fraction(0), "beta": Fraction(1), "reject": "{}"} in tests


def test_a_lower_bound_series_rounds_down_in_the_curve_table():
    bound = ("f", lambda x: inference.dp_tradeoff(3, 0, x), "lower")
    value = ("g", lambda x: inference.dp_tradeoff(3, 0, x))
    table = iv.tradeoff_chart([bound, value]).to_dict()["usermeta"][USERMETA_KEY][0]
    row = next(r for r in table["rows"] if r[0] == "0.35")
    # f(7/20) = (1 − 7/20)/3 = 13/60 = 0.21666…: a lower bound shows 0.2166, a value 0.2167
    assert row[1:] == ["≈ 0.2166", "≈ 0.2167"]
