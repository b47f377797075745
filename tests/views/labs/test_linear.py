"""Views of lesson 8 (PrivEMDLinear): the lab's values at every state it can show, its links
and HTML, and the lesson's checks and tables, against the formulas written out here."""

from __future__ import annotations

import html
import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pytest

from dplab.userlevel import emd_linear, frequency
from dplab.views import label
from dplab.views.labs import linear as lv
from dplab.views.numbers import fraction_decimal_text


def test_every_state_of_the_lab_shows_the_formulas():
    """At each of the lab's states the values are the closed forms, written here from the
    module docstring of dplab.userlevel.emd_linear, and the texts show them."""
    states = lv.lab_states()
    assert len(states) == 10 * 5 * 4 * 3 * 5 * 5
    verdicts = set()
    for state in states:
        eps, user, diam, l = (Fraction(state[k]) for k in ("eps", "user", "diam", "l"))  # noqa: E741
        d, n = state["d"], state["n"]
        v = lv.lab_values(**state)
        assert v.scale_ours == l / eps and v.scale_base == l * diam / user
        assert v.local_ours == d * l / eps and v.local_base == d * l * diam / user
        assert v.central_ours == d * l / (eps * n) and v.central_base == d * l * diam / (user * n)
        assert v.ratio == v.local_ours / v.local_base == v.central_ours / v.central_base
        assert emd_linear.error_ratio(v.crossover, user, diam) == 1
        assert eps * v.radius == user and v.far == eps * diam
        winner = "ours" if eps * diam > user else "tie" if eps * diam == user else "base"
        assert v.winner == winner
        verdicts.add(winner)
    assert verdicts == {"ours", "tie", "base"}


def test_the_texts_of_one_state():
    out = lv.linear_lab("0.75", "2", "0.5", "2", 5, 1000).outputs()
    assert out["local_ours"] == label("linear.lab_local_ours", value="40/3 ≈ 13.33")
    assert out["central_base"] == label("linear.lab_central_base", value="1/400 = 0.0025")
    assert out["ratio"] == label("linear.lab_ratio", value=fraction_decimal_text(Fraction(16, 3)))
    assert out["verdict"] == label("linear.lab_verdict_base")
    assert out["far"] == label("linear.lab_far", far="0.375", user="2")
    assert {k: out[k] for k in ("eps", "user", "diam", "l", "d", "n")} == {
        "eps": "0.75",
        "user": "2",
        "diam": "0.5",
        "l": "2",
        "d": "5",
        "n": "1000",
    }


def test_the_lab_html_holds_every_output_and_a_control_per_parameter():
    lab = lv.linear_lab(key="lesson")
    page = lab._repr_html_()
    assert 'id="linear-lab-lesson"' in page
    for name in ("eps", "user", "diam", "l", "d", "n"):
        assert f'id="linear-lab-lesson-{name}"' in page
    for key, text in lab.outputs().items():
        assert f'data-show="{key}"' in page
        assert html.escape(text) in page
    assert 'data-verdict="pass"' in page  # ε = 2 > ε_user/diam = 1


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"eps": 2}, "eps must be one of"), ({"d": 4}, "d must be one of"), ({"n": "10"}, "n must")],
)
def test_a_state_off_the_grid_is_refused(changes, message):
    with pytest.raises(ValueError, match=message):
        lv.linear_lab(**changes)


def test_links_carry_the_state():
    lab = lv.linear_lab(key="lesson")
    assert lab.href(eps="4", n=10) == "#linear-lab-lesson?eps=4&user=1&diam=1&l=1&d=3&n=10"
    assert "ε = 4" in lab.try_button(eps="4")
    with pytest.raises(ValueError, match="unknown lab state"):
        lab.href(k=3)


def test_the_sensitivity_check_counts_pairs_violations_and_equalities():
    """f(x) = x on {0, 1, 2}, datasets of sizes 1 and 2: 3 + 6 = 9 datasets, 72 ordered
    pairs; |mean difference| ≤ d_EM always, with equality exactly when every item moves
    the same way, counted here by brute force over sorted matchings."""
    check = lv.sensitivity_check(range(3), [1, 2], lambda x: x, 1)
    assert check.pairs == 72 and check.violations == 0
    same_way = 0
    datasets = [(0,), (1,), (2,), (0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]
    for a in datasets:
        for b in datasets:
            if a == b:
                continue
            units = math.lcm(len(a), len(b))
            xs = sorted(a * (units // len(a)))
            ys = sorted(b * (units // len(b)))
            moves = {(y > x) - (y < x) for x, y in zip(xs, ys, strict=True)} - {0}
            same_way += len(moves) == 1
    assert check.attained == same_way
    assert check.example == ((0,), (1,))
    # a constant smaller than f's own is violated
    assert lv.sensitivity_check(range(3), [1, 2], lambda x: 2 * x, 2).violations == 0
    assert lv.sensitivity_check(range(3), [1, 2], lambda x: 2 * x, Fraction(3, 2)).violations > 0


def test_the_lesson_check_counts_equalities_at_positive_distance_and_at_distance_0():
    """The lesson's check (the bent path f(x) = (min(x, 1), max(x − 1, 0)) on {0, 1, 2, 3},
    sizes 1–3), counted again by brute force: datasets from all tuples, d_EM on a line as the
    area between the empirical CDFs, every comparison in fractions.  Equality holds on 432 of
    the 1,122 ordered pairs: 408 at positive distance, 24 at distance 0 ({0} and {0, 0})."""

    def corner(x):
        return (min(x, 1), max(x - 1, 0))

    check = lv.sensitivity_check(range(4), [1, 2, 3], corner, 1)
    datasets = sorted(
        {tuple(sorted(t)) for m in (1, 2, 3) for t in itertools.product(range(4), repeat=m)}
    )

    def cdf_distance(a, b):
        return sum(
            abs(Fraction(sum(x <= t for x in a), len(a)) - Fraction(sum(x <= t for x in b), len(b)))
            for t in range(3)
        )

    def mean(a):
        return [Fraction(sum(corner(x)[i] for x in a), len(a)) for i in range(2)]

    pairs = violations = positive = zero = 0
    for a in datasets:
        for b in datasets:
            if a == b:
                continue
            pairs += 1
            gap = sum((u - v) ** 2 for u, v in zip(mean(a), mean(b), strict=True))
            bound = cdf_distance(a, b) ** 2
            violations += gap > bound
            positive += gap == bound > 0
            zero += gap == bound == 0
    assert (pairs, violations, positive, zero) == (1122, 0, 408, 24)
    assert (check.pairs, check.violations) == (pairs, violations)
    assert (check.attained, check.at_zero, check.equalities) == (positive, zero, positive + zero)
    assert check.example == ((0,), (1,))


def test_a_loose_constant_is_never_attained():
    check = lv.sensitivity_check(range(3), [1], lambda x: x, 2)
    assert (check.violations, check.attained, check.example) == (0, 0, None)


def test_the_error_table_matches_the_formula_and_its_draws():
    table = lv.error_check_table([1, 4], 1, Fraction(1, 2), 50_000, 3).data
    formula, mean = label("linear.col_formula"), label("linear.col_sample_mean")
    assert list(table[formula]) == ["2", "8"]
    for d, shown in zip([1, 4], table[mean], strict=True):
        draws = emd_linear.sample([0.0] * d, 2.0, 50_000, seed=3 + d)
        norms = np.linalg.norm(draws, axis=1)
        assert abs(norms.mean() - 2 * d) < 4 * 2 * math.sqrt(d / 50_000)
        assert shown.startswith("≈ ")


def test_the_frequency_table_against_the_formulas():
    """k = 4, α = 3: p = 1/2, q = 1/6, total squared error [p(1 − p) + 3q(1 − q)]/(N(p − q)²)
    = (1/4 + 5/12)/(N/9) = 6/N; the baseline 2k(k + 1)/(n ε²) = 40/(n (m ln 3)²)."""
    table = lv.frequency_table(4, 3, 1000, [1, 8]).data
    assert list(table[label("linear.col_krr")]) == [
        fraction_decimal_text(Fraction(6, 1000)),
        fraction_decimal_text(Fraction(6, 8000)),
    ]
    for m, shown in zip([1, 8], table[label("linear.col_base")], strict=True):
        value = 40 / (1000 * (m * math.log(3)) ** 2)
        assert float(re.sub(r"[^0-9.]", "", shown)) == pytest.approx(value, rel=1e-3)
    assert frequency.total_squared_error(4, 3, 1000) == Fraction(6, 1000)


def test_the_crossover_chart_meets_at_eps_user_over_diam():
    chart = lv.crossover_chart([Fraction(1, 2), 1, 2], 1, 2, 1, 3, 10).to_dict()
    assert chart["description"]
    data = {layer["data"]["name"]: layer["data"]["values"] for layer in chart["layer"]}
    assert data["linear_crossover_mark"] == [{"eps": 0.5, "what": label("linear.crossover_mark")}]
    at_cross = {r["series"]: r["error"] for r in data["linear_crossover"] if r["eps"] == 0.5}
    assert len(at_cross) == 2 and len(set(at_cross.values())) == 1  # the two errors meet


def test_the_try_button_names_the_dimension_k():
    """The lessons write the dimension k (the paper's d is a distance here): a button that
    changes it reads "k = 10", never "d = 10" (the state key)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", lv.linear_lab(key="lesson").try_button(d=10)))
    assert "k = 10" in text and "d = 10" not in text
