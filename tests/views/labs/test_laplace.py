"""Views of lesson 3 (Laplace): tables, charts and the lab's data, checked against dplab."""

from __future__ import annotations

import html
import json
import math
import re
from fractions import Fraction

import numpy as np
import pytest

from dplab.mechanisms import laplace, queries
from dplab.views import label
from dplab.views import laplace as lv
from dplab.views.labs.laplace import (
    DATASETS,
    LAB_BOUNDS,
    LAB_EPS,
    LAB_SCALES,
    LAB_SIZES,
    density_rows,
    event_rows,
    lab_values,
    laplace_lab,
    profile_rows,
)
from dplab.views.labs.laplace import lab as lab_module
from dplab.views.numbers import approx_text, fraction_decimal_text, number_text
from tests.helpers import spec_nodes

# --- text rules ---------------------------------------------------------------------------


def test_tuple_text():
    assert lv.tuple_text([1, 0, 0, 0, 0, 0]) == "(1, 0, 0, 0, 0, 0)"
    assert lv.tuple_text([Fraction(1, 2)] + [0] * 999) == "(0.5, 0, …, 0)"


# --- lesson tables and charts -------------------------------------------------------------


def test_sensitivity_table_lists_the_exact_sensitivity_and_an_attaining_pair():
    table = lv.sensitivity_table(5, "2.5").data
    assert list(table[label("laplace.col_query")]) == [
        label(f"laplace.kind_{k}") for k in lv.QUERY_KINDS
    ]
    expected = [Fraction(5, 2), Fraction(1, 2), Fraction(1), Fraction(0)]
    assert list(table[label("laplace.col_sensitivity")]) == [
        fraction_decimal_text(v) for v in expected
    ]
    assert set(table["D"]) == {"(0, 0, 0, 0, 0)"} and set(table["D′"]) == {"(2.5, 0, 0, 0, 0)"}
    assert list(table["f(D) → f(D′)"]) == [f"0 → {number_text(v)}" for v in expected]
    assert "1.25" in table[label("laplace.col_definition")][2]  # the count's threshold B/2


def test_lesson_query_builds_each_kind_and_rejects_others():
    for kind in lv.QUERY_KINDS:
        query = lv.lesson_query(kind, 3, 2)
        assert query.kind == kind and query.n == 3 and query.bound == 2
    assert lv.lesson_query("count", 3, 2).threshold == 1
    assert lv.lesson_query("constant", 3, 2).constant == 0
    with pytest.raises(ValueError, match="kind must be one of"):
        lv.lesson_query("median", 3, 2)


def test_delta_profile_rows_are_dplab_and_include_the_pure_epsilon():
    rows = lv.delta_profile_rows(1, "0.6", [Fraction(k, 4) for k in range(13)])
    pure = laplace.epsilon(1, "0.6")
    assert float(pure) in [r["eps"] for r in rows]
    for row in rows:
        assert row["delta"] == laplace.delta(1, "0.6", Fraction(row["eps"]).limit_denominator(9))
    assert rows[0]["delta"] == pytest.approx(1 - math.exp(-1 / 1.2), rel=1e-15)  # total variation
    assert rows[-1]["delta"] == 0.0


def test_delta_profile_chart_has_epsilon_on_x_a_curve_per_scale_and_a_description():
    spec = lv.delta_profile_chart(1, [Fraction(1, 2), 1, 2], eps_max=3).to_dict()
    assert spec["description"].startswith("선그림") and "0.5, 1, 2" in spec["description"]
    lines, points = spec["layer"]
    assert lines["encoding"]["x"]["field"] == "eps"
    assert lines["encoding"]["x"]["title"] == label("laplace.eps_axis")
    data = spec["datasets"]
    point_rows = data[points["data"]["name"]]
    assert sorted(r["eps"] for r in point_rows) == [0.5, 1.0, 2.0]
    assert all(r["delta"] == 0.0 for r in point_rows)
    with pytest.raises(ValueError, match="multiple of eps_step"):
        lv.delta_profile_chart(1, [1], eps_max="0.33", eps_step="0.1")


def test_error_table_calibrates_b_to_delta_over_eps_in_the_query_units():
    styled = lv.error_table([10, 1000], 2, "0.5", kinds=("sum", "mean", "count", "constant"))
    table = styled.data
    assert "overflow-wrap: normal" in styled.to_html()  # numbers are never split
    scale = table[label("laplace.col_scale")]
    mse = table[label("laplace.col_mse")]
    relative = table[label("laplace.col_relative")]
    # n = 10: sum b = B/ε = 4, mean b = B/(nε) = 0.4, count 1/ε = 2, constant 0
    assert list(scale[:4]) == ["4", "0.4", "2", "0"]
    assert list(mse[:4]) == ["32", "0.32", "8", "0"]
    assert list(relative[:4]) == ["0.2", "0.2", "0.2", "—"]  # 1/(nε) for sum, mean, count
    assert list(table["n"][4:6]) == ["1000", "1000"]
    assert list(scale[4:6]) == ["4", "0.004"]
    assert laplace.scale_for(queries.mean_query(1000, 2).sensitivity, "0.5") == Fraction(1, 250)


def test_walkthrough_without_eps_is_the_tour_figure():
    walk = lv.walkthrough_chart(sensitivity=1.0, scale=1.0)
    specs = [walk.panel(k).to_dict() for k in range(1, 4)]

    def inputs_drawn(spec):
        return {n["input"] for n in spec_nodes(spec) if "input" in n and "density" in n}

    inputs = [inputs_drawn(spec) for spec in specs]
    assert inputs[0] == {label("laplace.input")}
    assert inputs[1] == {label("laplace.input"), label("laplace.neighbour")}
    assert len(specs[2]["layer"]) == 2  # the shaded outputs y ≤ 0, then both curves
    columns = [len(spec["usermeta"]["dplab_tables"][0]["columns"]) for spec in specs]
    assert columns == [1, 2, 2]


def test_walkthrough_with_eps_shades_an_area_equal_to_delta():
    walk = lv.walkthrough_chart(sensitivity=1.0, scale=1.0, eps="0.5")
    assert walk.steps == 4
    spec = walk.panel(4).to_dict()
    band, dashed, _, curves = spec["layer"]
    rows = spec["datasets"][band["data"]["name"]]
    ys = np.array([r["y"] for r in rows])
    excess = np.array([r["high"] - r["low"] for r in rows])
    assert ys.max() == pytest.approx(0.25)  # t = (Δ − εb)/2
    assert (excess >= -1e-12).all()
    # The band stops at the window's left edge (−5); the tail beyond holds e^{-5}/2·(1 − e^{ε−Δ/b}).
    tail = math.exp(-5) / 2 * (1 - math.exp(-0.5))
    area = np.trapezoid(excess, ys) + tail
    # the trapezoid rule at spacing 11/160 is off by O(h²), here about 0.2 %
    assert area == pytest.approx(laplace.delta(1, 1, "0.5"), rel=3e-3)
    assert "0.2212" in spec["description"]
    colours = {layer["encoding"]["color"]["scale"]["domain"][0] for layer in (dashed, curves)}
    assert colours == {label("laplace.input")}
    with pytest.raises(ValueError, match=r"eps must lie in \[0, Δ/b\)"):
        lv.walkthrough_chart(sensitivity=1.0, scale=1.0, eps=1)


# --- the lab -----------------------------------------------------------------------------


def test_lab_grid_is_exact_sorted_and_reaches_every_query_scale():
    assert tuple(sorted(LAB_SCALES)) == LAB_SCALES and len(set(LAB_SCALES)) == 51
    assert LAB_SCALES[0] == Fraction(1, 1000) and LAB_SCALES[-1] == 100
    assert Fraction("0.0012") in LAB_SCALES and Fraction("2.5") in LAB_SCALES
    assert LAB_BOUNDS[0] == Fraction(1, 2) and LAB_BOUNDS[-1] == 10 and len(LAB_BOUNDS) == 20
    assert LAB_EPS[1] == Fraction(1, 20) and LAB_EPS[-1] == 5 and len(LAB_EPS) == 101
    assert LAB_SIZES[0] == 1 and LAB_SIZES[-1] == 1000


def test_lab_data_names_the_initial_state_by_grid_positions():
    lab = laplace_lab("mean", 100, "2.5", "0.012", "1.35")
    data = lab.data()
    state = data["state"]
    assert state["kind"] == "mean" and state["n"] == 100
    assert state["bound_halves"] == 5 and state["eps_twentieths"] == 27
    assert LAB_SCALES[state["scale"]] == Fraction("0.012")
    assert [Fraction(n, d) for n, d in data["grid"]["scales"]] == list(LAB_SCALES)
    assert data["datasets"] == DATASETS


@pytest.mark.parametrize(
    ("kind", "n", "bound", "scale", "eps"),
    [
        ("sum", 4, 1, 1, "0.5"),
        ("mean", 1000, "0.5", "0.0012", 0),
        ("count", 20, 10, "2.5", 5),
        ("constant", 3, 2, "0.1", "0.05"),
        ("mean", 3, 1, 1, "0.3"),
    ],
)
def test_lab_outputs_are_dplab_values(kind, n, bound, scale, eps):
    outputs = laplace_lab(kind, n, bound, scale, eps).outputs()
    query = lv.lesson_query(kind, n, bound)
    d = query.sensitivity
    pure = laplace.epsilon(d, scale)
    delta = laplace.delta(d, scale, eps)
    assert outputs["sensitivity"] == label(
        "laplace.lab_sensitivity", value=fraction_decimal_text(d)
    )
    assert outputs["pure"] == label("laplace.lab_pure", value=fraction_decimal_text(pure))
    if d == 0:
        assert outputs["delta"] == label("laplace.lab_delta_same")
    elif Fraction(eps) >= pure:
        assert delta == 0.0 and outputs["delta"] == label("laplace.lab_delta_zero")
    else:
        assert outputs["delta"] == label("laplace.lab_delta", value=approx_text(delta))
        edge = (d - Fraction(eps) * Fraction(scale)) / 2
        assert outputs["event"] == label("laplace.lab_event", edge=fraction_decimal_text(edge))
    assert number_text(laplace.mse(scale)) in outputs["mse"]
    unit = label(f"laplace.unit_{kind}")
    assert outputs["mae"] == label("laplace.lab_mae", value=number_text(scale), unit=unit)
    pair = query.neighbours()
    assert lv.tuple_text(pair.neighbour) in outputs["pair"]


def test_lab_values_calibration_cases():
    assert lab_values("sum", 4, 1, 1, Fraction(1, 2)).calibrated == 2
    assert lab_values("sum", 4, 1, 1, 0).calibrated is None  # no finite b for ε = 0
    assert lab_values("constant", 4, 1, 1, 0).calibrated == 0  # no noise needed


def test_lab_rows_are_dplab_densities_and_profile():
    d, b, eps = Fraction(1, 4), Fraction(3, 10), Fraction(1, 2)
    rows = density_rows(d, b, eps)
    ys = sorted({r["y"] for r in rows})
    assert ys[0] == pytest.approx(-1.8) and ys[-1] == pytest.approx(0.25 + 1.8)
    assert 0.0 in ys and 0.25 in ys and float((d - eps * b) / 2) in ys
    for row in rows:
        centre = 0.0 if row["input"] == label("laplace.input") else 0.25
        assert row["density"] == laplace.density(row["y"], center=centre, scale=0.3)
    profile = profile_rows(d, b)
    assert len(profile) == 102  # 101 grid points and Δ/b = 5/6
    for row in profile:
        exact_eps = Fraction(5, 6) if row["eps"] == float(Fraction(5, 6)) else None
        exact_eps = exact_eps or Fraction(round(row["eps"] * 20), 20)
        assert row["delta"] == laplace.delta(d, b, exact_eps)
    assert event_rows(d, b, Fraction(1)) == []  # ε ≥ Δ/b: no worst event
    assert event_rows(d, b, eps)[0]["end"] == float((d - eps * b) / 2)


def test_lab_html_labels_every_control_and_embeds_data_outputs_and_charts():
    lab = laplace_lab("count", 50, "1.5", "0.4", "1.25")
    page = lab._repr_html_()
    ids = re.findall(r'<(?:input|select) id="([^"]+)"', page)
    assert len(ids) == 5
    for control in ids:
        assert f'<label for="{control}">' in page
    payload = re.search(r'class="dplab-laplace-lab-data">(.*?)</script>', page).group(1)
    assert json.loads(payload) == lab.data()
    for key, text in lab.outputs().items():
        if key in ("n", "bound", "scale", "eps"):  # a stepper's typed box shows its value
            assert f'data-show="{key}" value="{html.escape(text)}"' in page
        else:
            assert f'data-show="{key}">{html.escape(text)}<' in page
    # Each stepper's positions carry the grid's texts, which a typed value must match.
    texts = re.findall(
        r'name="(\w+)" type="range" min="(\d+)" max="(\d+)" step="1" '
        r'value="(\d+)" data-texts="([^"]+)"',
        page,
    )
    grids = {"n": LAB_SIZES, "bound": LAB_BOUNDS, "scale": LAB_SCALES, "eps": LAB_EPS}
    for name, low, high, _value, data in texts:
        grid = grids[name]
        assert json.loads(html.unescape(data)) == [number_text(v) for v in grid]
        assert int(high) - int(low) == len(grid) - 1
    assert {name for name, *_ in texts} == set(grids)
    charts = re.findall(
        r'<div class="dplab-chart" id="[^"]+" role="figure" aria-label="([^"]+)"', page
    )
    assert charts == [
        html.escape(label("laplace.lab_desc_density")),
        html.escape(label("laplace.lab_desc_profile")),
    ]
    for name in DATASETS.values():
        assert f'"name":"{name}"' in page
    assert laplace_lab("count", 50, "1.5", "0.4", "1.25")._repr_html_() == page  # reproducible


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"kind": "median"}, "kind must be one of"),
        ({"n": 7}, "n must be one of"),
        ({"n": True}, "n must be one of"),
        ({"bound": "0.3"}, "bound must be one of"),
        ({"scale": "0.0011"}, "scale must be one of"),
        ({"eps": "5.05"}, "eps must be one of"),
        ({"eps": "x"}, "eps must be one of"),
        ({"key": "a b"}, "key must be letters"),
    ],
)
def test_lab_rejects_states_its_controls_cannot_reach(arguments, message):
    with pytest.raises(ValueError, match=message):
        laplace_lab(**arguments)


def test_lab_accepts_floats_by_their_decimal_form():
    assert laplace_lab("sum", 4, 1.5, 0.0012, 0.35).scale == Fraction(12, 10000)
    assert lab_module.laplace_lab(eps=0.35).eps == Fraction(7, 20)
