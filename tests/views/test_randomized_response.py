"""Views of lesson 2: chart specs (params, descriptions, named data, ranges) and tables,
checked against the exact maths of :mod:`dplab.mechanisms.randomized_response` (the lab:
``tests/views/labs/test_rr.py``)."""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction

import pytest

from dplab.mechanisms import randomized_response as rr
from dplab.views import label, mimebundle
from dplab.views import randomized_response as rrv
from dplab.views.numbers import approx_text
from tests.helpers import unit_specs

N, P, ALPHA, DELTA = 4, Fraction(9, 10), 3, Fraction(1, 20)


def named_values(spec, name):
    values = [
        unit["data"]["values"]
        for unit in unit_specs(spec)
        if unit.get("data", {}).get("name") == name
    ]
    assert values, f"no layer reads {name}"
    return values[0]


def test_event_texts():
    assert rrv.event_text((0, 1, 2)) == "{0, 1, 2}" and rrv.event_text(()) == "∅"
    assert rrv.event_tex((4,)) == r"\{4\}" and rrv.event_tex(()) == r"\varnothing"


def test_distribution_chart_draws_both_exact_laws_and_outlines_the_event():
    spec = rrv.pair_distributions_chart(N, P, lower=7, direction="down", mask=0b1000111).to_dict()
    rows = named_values(spec, rrv.DATASETS["distributions"])
    pair = rr.queried_pair(N, 7, "down")  # clamped to 3: the pair 4 → 3
    assert (pair.source, pair.target) == (4, 3)
    for role, count in (("P", pair.source), ("Q", pair.target)):
        law = rr.count_distribution(N, P, count).probabilities
        drawn = [row["probability"] for row in rows if row["role"] == role]
        assert drawn == [float(x) for x in law]
    event = [row["y"] for row in named_values(spec, rrv.DATASETS["event"])]
    assert event == [0, 1, 2]  # bit 6 is above n and ignored
    assert spec["description"] == label("rr.desc_pair").format(
        n=N, source=4, target=3, event="{0, 1, 2}"
    )


def test_pair_chart_has_every_ordered_pair_exact_verdicts_and_the_claim_line():
    spec = rrv.pair_deltas_chart(N, P, ALPHA, DELTA).to_dict()
    rows = named_values(spec, rrv.DATASETS["pairs"])
    certificate = rr.certify(N, P, ALPHA, DELTA)
    assert [row["pair"] for row in rows] == [f"{s}→{t}" for s, t in rr.count_pairs(N)]
    assert [row["delta"] for row in rows] == [float(r.required_delta) for r in certificate.pairs]
    assert {row["mark"] for row in rows} == {"✗"}  # every pair needs more than 0.05
    assert named_values(spec, rrv.DATASETS["claim"]) == [{"delta": 0.05, "what": label("rr.claim")}]
    assert "0.05" in spec["description"] and "8" in spec["description"]
    rows_at_worst = rrv.pair_rows(N, P, ALPHA, certificate.required_delta)
    assert {row["mark"] for row in rows_at_worst} == {"✓"}


def test_profile_chart_uses_the_alpha_grid_and_says_the_axis_is_alpha():
    spec = rrv.privacy_profile_chart(N, P, alpha=ALPHA, delta=DELTA).to_dict()
    rows = named_values(spec, rrv.DATASETS["profile"])
    assert [row["alpha"] for row in rows] == [t / 10 for t in range(10, 101)]
    assert rows[0]["delta"] == float(rr.required_delta(N, P, 1)) == 0.5976
    assert rows[20]["delta"] == float(Fraction(2187, 5000))  # α = 3.0
    assert rows[-1]["delta"] == 0  # α = 10 ≥ α* = 9
    deltas = [row["delta"] for row in rows]
    assert deltas == sorted(deltas, reverse=True)  # non-increasing in α
    assert named_values(spec, rrv.DATASETS["point"])[0] == {
        "alpha": 3.0,
        "delta": 0.05,
        "what": label("rr.claim_point"),
    }
    x_titles = {
        unit["encoding"]["x"]["title"] for unit in unit_specs(spec) if "x" in unit["encoding"]
    }
    assert x_titles == {label("rr.alpha_axis")} and "α = e^ε" in label("rr.alpha_axis")
    assert spec["description"].startswith(label("rr.desc_profile")[:10])
    assert "안내선" in spec["description"] and "볼록" in spec["description"]


def test_profile_segments_lie_on_or_above_the_exact_profile_between_grid_points():
    alphas = rrv.ALPHA_GRID
    values = [rr.required_delta(N, P, a) for a in alphas]
    gaps = []
    for i in range(len(alphas) - 1):
        for weight in (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)):
            alpha = (1 - weight) * alphas[i] + weight * alphas[i + 1]
            segment = (1 - weight) * values[i] + weight * values[i + 1]
            gaps.append(segment - rr.required_delta(N, P, alpha))
    assert min(gaps) >= 0 and max(gaps) > 0  # convex, and not linear: the segment is a guide
    alpha, exact, segment = rrv.profile_chord_gap(N, P)
    assert (alpha, exact) == (Fraction(23, 20), rr.required_delta(N, P, Fraction(23, 20)))
    assert segment - exact == max(gaps[1::3])  # the midpoints
    with pytest.raises(ValueError, match="alphas must hold at least two grid points"):
        rrv.profile_chord_gap(N, P, [Fraction(1)])


def test_charts_with_all_zero_deltas_keep_a_visible_axis():
    spec = rrv.pair_deltas_chart(N, Fraction(1, 2), ALPHA, 0).to_dict()
    assert {row["delta"] for row in named_values(spec, rrv.DATASETS["pairs"])} == {0.0}
    assert named_values(spec, "rr_floor") == [{"delta": rrv.FLOOR}]


def test_walkthrough_has_one_panel_per_step_with_exact_reader_tables():
    walk = rrv.walkthrough_chart(N, P, lower=2, mask=1 << N, alpha=ALPHA, delta=DELTA)
    assert walk.steps == 4
    specs = [walk.panel(k).to_dict() for k in range(1, 5)]
    assert all(spec["description"] and "params" not in spec for spec in specs)
    tables = [spec["usermeta"]["dplab_tables"] for spec in specs]
    # step 1: the changed person is the third (c = 2 → 3), the only "yes"
    (inputs,) = tables[0]
    assert [row[-1] for row in inputs["rows"]] == [label("table.no")] * 2 + [label("table.yes")] + [
        label("table.no")
    ] * (N - 3)
    # steps 2 and 3: wide tables y | P(y) | Q(y) (| in S), exact, from the channel itself
    source, target = (rr.count_distribution(N, P, c).probabilities for c in (2, 3))
    (laws,) = tables[1]
    assert laws["header"] == ["y", "P(y)", "Q(y)"]
    assert laws["rows"] == [[str(y), str(source[y]), str(target[y])] for y in range(N + 1)]
    (event,) = tables[2]
    assert event["header"][-1] == label("rr.table_in_event")
    assert [row[-1] for row in event["rows"]] == [label("table.no")] * N + [label("table.yes")]
    # step 4: one row per ordered pair, the exact required δ of the certificate
    (pairs,) = tables[3]
    certificate = rr.certify(N, P, ALPHA, DELTA)
    assert [row[1] for row in pairs["rows"]] == [str(r.required_delta) for r in certificate.pairs]
    text = [
        v["text"]
        for spec in [specs[2]]
        for rows in spec["datasets"].values()
        for v in rows
        if "text" in v
    ]
    assert text == [
        label("rr.walk_event_text").format(
            event="{4}", ps="= 0.0081", bound="= 0.2687", verdict=label("rr.pass")
        )
    ]
    with pytest.raises(ValueError, match="between 1 and 4"):
        walk.panel(5)


def test_certificate_table_is_the_exact_certificate():
    table = rrv.certificate_table(N, P, ALPHA, "0.438").data
    certificate = rr.certify(N, P, ALPHA, "0.438")
    assert list(table[label("rr.col_exact")]) == [str(r.required_delta) for r in certificate.pairs]
    assert table[label("rr.col_event")].iloc[0] == "{0}"
    verdicts = table[label("rr.col_verdict").format(delta="0.438")]
    assert set(verdicts) == {label("rr.badge_pass")}
    assert table[label("rr.col_approx")].iloc[0] == "0.4374"


def test_count_law_table_rows_are_exact_laws():
    table = rrv.count_law_table(N, "3/4").data
    for c in range(N + 1):
        row = table.iloc[c]
        law = rr.count_distribution(N, "3/4", c).probabilities
        columns = [label("rr.col_output").format(y=y) for y in range(N + 1)]
        assert [Fraction(row[column]) for column in columns] == list(law)


@pytest.mark.parametrize("p", ["0.51", "0.6", "3/4", "0.9", "0.99", "1"])
def test_required_delta_at_alpha_one_is_2p_minus_1_times_the_others_peak(p):
    # The theorem of the lesson's "more people" section, checked exactly.
    exact = Fraction(p)
    for n in range(1, 16):
        assert rr.required_delta(n, exact, 1) == (2 * exact - 1) * rrv._others_peak(n, exact)


def test_aggregation_frame_and_table():
    frame = rrv.aggregation_frame(["3/4"], [1, 4, 100])
    assert list(frame["exact"]) == [rr.required_delta(n, "3/4", 1) for n in (1, 4, 100)]
    assert frame["ratio"].iloc[0] == 1 and math.isnan(frame["normal"].iloc[0])
    assert frame["normal"].iloc[2] == pytest.approx(
        0.5 / math.sqrt(2 * math.pi * 99 * 3 / 16), rel=1e-12
    )
    table = rrv.aggregation_table("3/4", [1, 2]).data
    assert list(table[label("rr.col_exact")]) == ["1/2", "3/8"]
    assert list(table[label("rr.col_peak")]) == ["1", "3/4"]
    assert list(table.columns)[-1] == label("rr.col_normal") and "δ" in label("rr.col_normal")
    assert table[label("rr.col_normal")].iloc[1] == approx_text(
        Fraction(0.5 / math.sqrt(2 * math.pi * 3 / 16))
    )  # (2p − 1)/√(2π(n−1)p(1−p)) at n = 2: the approximation of δ, not of the peak 3/4
    spec = rrv.aggregation_chart(["3/4", "0.9"], [1, 2, 4]).to_dict()
    assert spec["layer"][0]["encoding"]["x"]["scale"] == {"type": "log"}
    assert spec["layer"][0]["mark"]["clip"] is True


def test_every_chart_has_a_korean_description_in_its_aria_label():
    charts = [
        rrv.pair_distributions_chart(N, P, lower=2, mask=7),
        rrv.pair_deltas_chart(N, P, ALPHA, DELTA),
        rrv.privacy_profile_chart(N, P, alpha=ALPHA, delta=DELTA),
        rrv.aggregation_chart(["3/4"], [1, 2]),
        *rrv.walkthrough_chart(N, P, lower=2, mask=16, alpha=ALPHA, delta=DELTA).panels,
    ]
    for chart in charts:
        description = chart.to_dict()["description"]
        assert re.search("[가-힣]", description)
        assert f'aria-label="{html.escape(description)}"' in mimebundle(chart)["text/html"]
