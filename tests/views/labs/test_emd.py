"""Views of lesson 7 (user-level metric DP): the d_EM lab's values at every state it can
show, its links and its HTML, and the lesson's tables, against independent computations."""

from __future__ import annotations

import html
import math
import random
import re
from fractions import Fraction
from itertools import combinations_with_replacement, permutations

import pytest

from dplab.userlevel import metric
from dplab.views import label
from dplab.views import metric as mv
from dplab.views.labs.emd import LAB_LOCATIONS, LAB_MAX_SIZE, emd_lab, lab_values

DATASETS = [
    dataset
    for size in range(1, LAB_MAX_SIZE + 1)
    for dataset in combinations_with_replacement(LAB_LOCATIONS, size)
]


def brute_force(a, b) -> Fraction:
    """``d_EM`` by the definition for equal sizes: the cheapest of all m! matchings, ÷ m."""
    best = min(sum(abs(x - y) for x, y in zip(a, order, strict=True)) for order in permutations(b))
    return Fraction(best, len(a))


def cdf_integral(a, b) -> Fraction:
    """``∫ |F_a − F_b|`` on the integer locations: the CDFs are constant on [t, t + 1)."""
    return sum(
        (
            abs(Fraction(sum(x <= t for x in a), len(a)) - Fraction(sum(y <= t for y in b), len(b)))
            for t in LAB_LOCATIONS[:-1]
        ),
        Fraction(0),
    )


def test_every_state_of_the_lab_shows_an_optimal_coupling_and_the_exact_distance():
    rng = random.Random(11)
    solver_checks = set(rng.sample(range(len(DATASETS) ** 2), 150))
    index = 0
    for a in DATASETS:
        for b in DATASETS:
            v = lab_values(a, b)
            # The plan is a coupling of u_a and u_b with masses in units of 1/L ...
            assert v.units == math.lcm(len(a), len(b))
            out_a = {x: Fraction(0) for x in a}
            into_b = {y: Fraction(0) for y in b}
            for flow in v.plan.flows:
                assert (flow.mass * v.units).denominator == 1
                assert flow.distance == abs(flow.source - flow.target)
                out_a[flow.source] += flow.mass
                into_b[flow.target] += flow.mass
            assert out_a == {x: Fraction(a.count(x), len(a)) for x in a}
            assert into_b == {y: Fraction(b.count(y), len(b)) for y in b}
            # ... whose cost is d_EM, found independently.
            assert v.plan.cost == v.distance == cdf_integral(a, b) == Fraction(v.unit_cost, v.units)
            if len(a) == len(b):
                assert v.distance == brute_force(a, b)
            if index in solver_checks:  # the general solver with its exact dual certificate
                assert metric.emd(a, b, mv.line_matrix(len(LAB_LOCATIONS))) == v.distance
            index += 1
    assert index == 125**2


def test_the_texts_say_the_exact_distance_and_the_rule():
    lab = emd_lab((0,), (0, 3))
    out = lab.outputs()
    assert out["distance"] == "d_EM(K, K′) = 3/2 = 1.5"
    assert out["flows"] == label("emd.lab_flow_sep").join(
        [
            label("emd.lab_flow", source=0, target=0, mass="1/2", distance=0),
            label("emd.lab_flow", source=0, target=3, mass="1/2", distance=3),
        ]
    )
    assert out["rule"] == label(
        "emd.lab_rule_unequal",
        m=1,
        m2=2,
        units=2,
        copies_a=2,
        copies_b=1,
        cost=3,
        value="3/2 = 1.5",
    )
    equal = emd_lab((0, 0, 3), (0, 3, 3)).outputs()
    assert equal["rule"].startswith(label("emd.lab_rule_equal").split("(")[0])
    assert (out["na"], out["a1"], out["a2"], out["nb"], out["b2"]) == ("1", "0", "0", "2", "3")


def test_links_name_the_state_and_refuse_states_the_controls_cannot_reach():
    lab = emd_lab((0, 3), (1, 2), key="lesson")
    assert lab.href(a=(4,)) == "#emd-lab-lesson?na=1&a1=4&a2=0&a3=0&a4=0&nb=2&b1=1&b2=2&b3=0&b4=0"
    assert lab.with_state(b=(2, 2, 2)).b == (2, 2, 2)
    button = lab.try_button(b=(0, 0, 3))
    assert "K′ = {0, 0, 3}" in button and "dplab-lab-try" in button
    with pytest.raises(ValueError, match="unknown lab state"):
        lab.href(c=(1,))
    for bad in [(), (0, 1, 2, 3, 4), (5,), (-1,), (1.0,), (True,)]:
        with pytest.raises(ValueError, match="must hold"):
            emd_lab(bad, (1,))
    with pytest.raises(TypeError, match="sequence of locations"):
        emd_lab(3, (1,))
    with pytest.raises(ValueError, match="letters, digits"):
        emd_lab(key="no spaces")


def test_the_html_draws_the_plan_and_hides_the_items_past_the_size():
    lab = emd_lab((0, 0, 3), (1, 4), key="k")
    page = lab._repr_html_()
    lines = re.findall(
        r'<line class="dplab-emd-flow" data-source="(\d)" data-target="(\d)" data-mass="([\d/]+)"',
        page,
    )
    plan = lab.values().plan
    assert lines == [(str(f.source), str(f.target), str(f.mass)) for f in plan.flows]
    assert page.count('class="dplab-emd-k"') == 3 and page.count('class="dplab-emd-k2"') == 2
    hidden = re.findall(r'<div data-item="(\d)"( hidden)?', page)
    shown_k = [("1", ""), ("2", ""), ("3", ""), ("4", " hidden")]
    shown_k2 = [("1", ""), ("2", ""), ("3", " hidden"), ("4", " hidden")]
    assert hidden == [*shown_k, *shown_k2]
    assert html.escape(label("emd.lab_picture"), quote=True) in page


def test_the_lesson_tables_compute_d_em_three_ways_and_the_naive_bound():
    pairs = [((0, 3), (1, 2)), ((0, 0, 3), (0, 3, 3)), ((0,), (0, 3)), ((0, 3), (0, 0, 3, 3))]
    table = mv.emd_table(pairs).data
    for column in (label("emd.col_sorted"), label("emd.col_cdf"), label("emd.col_solver")):
        assert list(table[column]) == ["1", "1", "3/2 = 1.5", "0"]  # E1, E2 (DERIVATIONS.md §11)
    naive = mv.naive_bound_table(4, "1/2", [2, 3]).data
    assert list(naive[label("emd.col_naive")]) == ["4", "8"]
    assert set(naive[label("emd.col_pure")]) == {label("table.yes")}
    assert set(naive[label("emd.col_attained")]) == {label("table.yes")}
    assert set(naive[label("emd.col_smaller", factor=mv.SMALLER_FACTOR)]) == {label("table.no")}
    assert list(naive[label("emd.col_datasets")]) == [math.comb(5, 2), math.comb(6, 3)]
    item = mv.item_privacy_table(4, "1/2", [2, "1.9"]).data
    assert list(item[label("emd.col_passes")]) == [label("table.yes"), label("table.no")]


def test_the_cdf_chart_table_sums_to_d_em():
    chart = mv.cdf_chart((0, 0, 3), (1, 4)).to_dict()
    (table,) = chart["usermeta"]["dplab_tables"]
    assert sum(Fraction(row[-1]) for row in table["rows"]) == metric.emd((0, 0, 3), (1, 4))
    assert chart["description"]


def test_the_metric_tables_write_exact_factors_with_equals():
    """The smallest factor 2 and the tightness 1 are exact: "= 2", "= 1", never "≈" (m1)."""
    item = mv.item_privacy_table(4, "1/2", [2, "1.9"]).data
    assert list(item[label("emd.col_tightest")]) == ["= 2", "= 2"]
    assert list(mv.item_privacy_table(4, "9/10", [2]).data[label("emd.col_tightest")]) == [
        "≈ 1.111"  # 10/9 is not a short decimal
    ]
    naive = mv.naive_bound_table(4, "1/2", [2, 3]).data
    assert list(naive[label("emd.col_tightness")]) == ["= 1", "= 1"]
