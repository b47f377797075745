"""Views of lesson 4 (the Gaussian mechanism): chart rows, the walkthrough and the
calibration table (the lab: ``tests/views/labs/test_gaussian.py``)."""

from __future__ import annotations

import itertools
import math

import pytest

from dplab.mechanisms import gaussian
from dplab.views import gaussian as gv
from dplab.views import label, mimebundle
from dplab.views.numbers import float_text
from tests.helpers import unit_specs

# --- chart rows and specs -------------------------------------------------------------------


def test_density_rows_are_the_two_normal_densities_with_the_worst_event():
    sets = gv.density_rows(1.0, 1.0, 1.0)
    rows = sets[gv.DATASETS["density"]]
    assert len(rows) == 2 * gv.DENSITY_POINTS
    for row in rows:
        center = -0.5 if row["who"] == label("gauss.law_p") else 0.5
        assert row["density"] == pytest.approx(gaussian.density(row["y"], center, 1.0), rel=1e-15)
    (event,) = sets[gv.DATASETS["event"]]
    edge = gaussian.worst_event_edge(1.0, 1.0, 1.0) - 0.5
    assert event == {"x1": -4.5, "x2": pytest.approx(edge, rel=1e-12)}
    excess = sets[gv.DATASETS["excess"]]
    assert all(row["y"] <= event["x2"] and row["top"] >= row["bottom"] for row in excess)
    assert excess[-1]["top"] == pytest.approx(excess[-1]["bottom"], rel=1e-12)  # they meet at t
    area = sum(
        (b["y"] - a["y"]) * ((a["top"] - a["bottom"]) + (b["top"] - b["bottom"])) / 2
        for a, b in itertools.pairwise(excess)
    )
    assert area == pytest.approx(gaussian.delta(1, 1, 1), rel=2e-3)  # the window holds δ


def test_density_rows_without_an_event():
    same = gv.density_rows(0.0, 1.0, 1.0)
    assert same[gv.DATASETS["event"]] == [] and same[gv.DATASETS["excess"]] == []
    far = gv.density_rows(1 / 32, 10.0, 10.0)  # the edge −32000 is far left of the window
    assert far[gv.DATASETS["event"]] == [] and far[gv.DATASETS["excess"]] == []


def test_walkthrough_has_four_panels_each_with_its_description_and_tables():
    walk = gv.walkthrough_chart(1.0, 1.0, 1.0)
    specs = [walk.panel(k).to_dict() for k in range(1, 5)]
    assert "0.12693674" in specs[3]["description"]
    assert len({spec["description"] for spec in specs}) == 4

    def named(spec, name):
        return [
            row
            for unit in unit_specs(spec)
            if unit.get("data", {}).get("name") == name
            for row in unit["data"].get("values", [])
        ]

    # the event appears at step 3, the excess over it at step 4 only
    assert [bool(named(spec, gv.DATASETS["event"])) for spec in specs] == [0, 0, 1, 1]
    assert [bool(named(spec, gv.DATASETS["excess"])) for spec in specs] == [0, 0, 0, 1]
    assert specs[0]["usermeta"]["dplab_tables"][0]["source"] == gv.DATASETS["density"]
    assert [len(spec["usermeta"]["dplab_tables"]) for spec in specs] == [1, 2, 2, 2]
    bundle = mimebundle(walk)
    assert bundle["text/html"].count('role="figure"') == 4


# --- tables ---------------------------------------------------------------------------------


def test_calibration_table_is_compare_calibrations():
    styler = gv.calibration_table(1, [0.5, 2], 1e-5)
    table = styler.data
    comparison = gaussian.compare_calibrations(1, 0.5, 1e-5)
    first, second = table.iloc[0], table.iloc[1]
    assert first[label("gauss.col_exact_sigma")] == float_text(comparison.exact_sigma, 4)
    assert first[label("gauss.col_classic_sigma")] == float_text(comparison.classic_sigma, 4)
    achieved = float_text(10 ** (comparison.classic_log_delta / math.log(10)), 2)
    assert first[label("gauss.col_classic_delta")] == gv.rich_html("≈ " + achieved)
    assert comparison.classic_delta < 1e-5  # the classic σ over-delivers
    assert second[label("gauss.col_classic_sigma")] == label("gauss.classic_na")
    assert "<sup>−8</sup>" in mimebundle(styler)["text/html"]
