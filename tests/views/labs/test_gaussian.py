"""The Gaussian lab of lesson 4: its grid against dplab at every state, panel texts, the
rows of its ε–δ chart, and its HTML."""

from __future__ import annotations

import html
import itertools
import json
import math
import re
from fractions import Fraction

import pytest

from dplab.mechanisms import gaussian, queries
from dplab.views import gaussian as gv
from dplab.views import label
from dplab.views.labs import gaussian as glab
from dplab.views.numbers import fraction_exact_decimal_text, fraction_text
from tests.helpers import unit_specs

STATES = list(
    itertools.product(
        glab.QUERY_KINDS,
        range(len(glab.LAB_SIZES)),
        range(len(glab.LAB_BOUNDS)),
        range(len(glab.LAB_SIGMAS)),
        range(len(glab.LAB_EPS)),
        range(len(glab.LAB_CLAIMS)),
    )
)


def reference_query(kind, n, bound):
    """The lab's queries, built here from dplab.mechanisms.queries (count threshold B/2,
    constant 0)."""
    return {
        "sum": lambda: queries.sum_query(n, bound),
        "mean": lambda: queries.mean_query(n, bound),
        "count": lambda: queries.count_query(n, bound, Fraction(bound, 2)),
        "constant": lambda: queries.constant_query(n, bound, 0),
    }[kind]()


@pytest.fixture(scope="module")
def grid():
    return glab.lab_grid()


@pytest.fixture(scope="module")
def expected(grid):
    """dplab's δ, log₁₀ δ and certify verdicts per distinct (Δ, σ, ε, claim), computed here."""
    values, verdicts = {}, {}
    sensitivities = sorted(
        {
            reference_query(kind, n, b).sensitivity
            for kind in glab.QUERY_KINDS
            for n in glab.LAB_SIZES
            for b in glab.LAB_BOUNDS
        }
    )
    for sensitivity in sensitivities:
        for sigma in glab.LAB_SIGMAS:
            for eps in glab.LAB_EPS:
                if sensitivity == 0:
                    values[sensitivity, sigma, eps] = (0.0, -math.inf)
                else:
                    args = (float(sensitivity), float(sigma), float(eps))
                    log10 = gaussian.log_delta(*args) / math.log(10)
                    try:
                        values[sensitivity, sigma, eps] = (gaussian.delta(*args), log10)
                    except gaussian.DeltaUnderflowError:
                        values[sensitivity, sigma, eps] = (None, log10)
                for claim in glab.LAB_CLAIMS:
                    verdicts[sensitivity, sigma, eps, claim] = gaussian.certify(
                        sensitivity, sigma, eps, claim
                    ).verdict
    return sensitivities, values, verdicts


def test_the_grid_holds_dplabs_values_and_certified_verdicts_at_every_state(grid, expected):
    sensitivities, values, verdicts = expected
    assert grid["sens_text"] == [fraction_exact_decimal_text(s) for s in sensitivities]
    assert grid["sens_value"] == [float(s) for s in sensitivities]
    checked = 0
    for kind, i, j, s, e, c in STATES:
        n, bound = glab.LAB_SIZES[i], glab.LAB_BOUNDS[j]
        sigma, eps, claim = glab.LAB_SIGMAS[s], glab.LAB_EPS[e], glab.LAB_CLAIMS[c]
        sensitivity = reference_query(kind, n, bound).sensitivity
        d = grid["state_sens"][kind][i][j]
        assert sensitivities[d] == sensitivity
        delta, log10 = values[sensitivity, sigma, eps]
        if sensitivity == 0:
            assert grid["log10"][d] is None and grid["delta"][d] is None
        else:
            assert grid["log10"][d][s][e] == log10  # the same double
            assert grid["delta"][d][s][e] == delta  # None exactly where delta underflows
        code = grid["verdicts"][d][s][e * len(glab.LAB_CLAIMS) + c]
        assert code == verdicts[sensitivity, sigma, eps, claim][0]
        checked += 1
    assert checked == len(STATES) == 4 * 3 * 3 * 12 * 25 * 6


def test_the_grid_covers_underflow_zero_sensitivity_and_every_verdict(grid):
    flat = [v for d in grid["delta"] if d is not None for row in d for v in row]
    assert None in flat  # some states underflow
    assert all(v is None or v > 0 for v in flat)  # never a false 0 or a negative δ
    logs = [v for d in grid["log10"] if d is not None for row in d for v in row]
    assert all(math.isfinite(v) and v < 0 for v in logs)
    codes = set("".join("".join(row) for row in grid["verdicts"]))
    assert codes == {"p", "f"}  # nothing left undecided on this grid
    zero = grid["sens_text"].index("0")
    assert set("".join(grid["verdicts"][zero])) == {"p"}  # Δ = 0: every claim holds


def test_the_grid_lists_the_controls_values_and_the_presets(grid):
    assert grid["sigma_value"] == [float(s) for s in glab.LAB_SIGMAS]
    assert grid["eps_value"] == [float(e) for e in glab.LAB_EPS]
    assert grid["claims"] == list(glab.LAB_CLAIMS)
    assert grid["claim_log10"][0] is None  # a claim of 0 has no line on a log axis
    assert grid["claim_log10"][1:] == [math.log10(float(c)) for c in glab.LAB_CLAIMS[1:]]
    assert grid["mse"] == [gaussian.mse(float(s)) for s in glab.LAB_SIGMAS]
    assert grid["mae"] == [gaussian.mean_absolute_error(float(s)) for s in glab.LAB_SIGMAS]
    for name, (kind, n, bound, sigma, eps, claim) in glab.PRESETS.items():
        preset = grid["presets"][name]
        assert preset["kind"] == kind
        assert glab.LAB_SIZES[preset["n"]] == n and glab.LAB_BOUNDS[preset["bound"]] == bound
        assert glab.LAB_SIGMAS[preset["sigma"]] == sigma and glab.LAB_EPS[preset["eps"]] == eps
        assert glab.LAB_CLAIMS[preset["claim"]] == claim
    for kind in glab.QUERY_KINDS:
        for i, n in enumerate(glab.LAB_SIZES):
            for j, bound in enumerate(glab.LAB_BOUNDS):
                query = reference_query(kind, n, bound)
                pair = query.neighbours()
                gap = query.evaluate(pair.neighbour) - query.evaluate(pair.dataset)
                assert gap == query.sensitivity
                text = grid["pairs"][kind][i][j]
                assert text.endswith(f"f(D′) = {fraction_text(gap)}")


def test_panel_values_and_texts_of_the_lessons_examples():
    first = glab.panel_values(*glab.PRESETS["sum"])
    texts = glab.panel_texts(first)
    assert texts["delta"] == "≈ 0.12693674" and first.verdict == "pass"
    assert texts["badge"] == label("gauss.badge_pass") and texts["sensitivity"] == "1"
    fails = glab.panel_values("sum", 4, 1, "1", "1", "0.126")
    assert fails.verdict == "fail"
    mean = glab.panel_texts(glab.panel_values(*glab.PRESETS["mean"]))
    assert mean["delta"] == "≈ 2.9242721×10⁻⁶" and mean["badge"] == label("gauss.badge_fail")
    assert mean["sensitivity"] == "1/4 = 0.25"
    tiny = glab.panel_values(*glab.PRESETS["underflow"])
    tiny_texts = glab.panel_texts(tiny)
    assert tiny.underflow and tiny.delta is None
    assert tiny_texts["log"] == "≈ −2223595.4904"
    assert tiny_texts["delta"] == label("gauss.delta_underflow", value="3.2329×10⁻²²²³⁵⁹⁶")
    assert tiny_texts["underflow"] == label("gauss.underflow_yes")
    assert tiny_texts["edge-note"] == label("gauss.note_edge_outside")
    assert not tiny_texts["delta"].startswith("0")  # never a false 0
    zero = glab.panel_values(*glab.PRESETS["zero"])
    assert f"{zero.delta:.10f}" == "0.3829249225"
    constant = glab.panel_texts(glab.panel_values("constant", 4, 1, "1", "1", "0"))
    assert constant["delta"] == label("gauss.delta_zero")
    assert constant["log"] == label("gauss.log_minus_inf")
    assert constant["badge"] == label("gauss.badge_pass")
    assert constant["edge-note"] == label("gauss.note_same")
    assert label("gauss.note_profile_same") in constant["profile-note"]
    assert glab.panel_texts(first)["mae"].startswith("≈ 0.79788456")


def test_panel_values_equal_the_grid_on_a_sample_of_states(grid):
    for kind, i, j, s, e, c in STATES[:: len(STATES) // 997]:
        values = glab.panel_values(
            kind,
            glab.LAB_SIZES[i],
            glab.LAB_BOUNDS[j],
            glab.LAB_SIGMAS[s],
            glab.LAB_EPS[e],
            glab.LAB_CLAIMS[c],
        )
        d = grid["state_sens"][kind][i][j]
        assert values.verdict[0] == grid["verdicts"][d][s][e * len(glab.LAB_CLAIMS) + c]
        if grid["log10"][d] is not None:
            assert values.log10_delta == grid["log10"][d][s][e]
            assert values.delta == grid["delta"][d][s][e]


def test_claim_text():
    assert [glab.claim_text(c) for c in glab.LAB_CLAIMS] == [
        "0",
        "10⁻¹⁰",
        "10⁻⁵",
        "0.126",
        "0.13",
        "0.5",
    ]


def test_profile_rows_come_from_the_grid(grid):
    d = grid["sens_text"].index("1")
    sets = glab.profile_rows(d, glab.LAB_SIGMAS.index("1"), glab.LAB_EPS.index("1"), 4)
    rows = sets[gv.DATASETS["profile"]]
    assert [r["eps"] for r in rows] == grid["eps_value"]
    assert [r["log10_delta"] for r in rows] == grid["log10"][d][glab.LAB_SIGMAS.index("1")]
    (point,) = sets[gv.DATASETS["point"]]
    assert point["eps"] == 1.0 and point["delta"] == gaussian.delta(1, 1, 1)
    assert sets[gv.DATASETS["claim"]][0]["log10_delta"] == math.log10(0.13)
    zero = glab.profile_rows(grid["sens_text"].index("0"), 0, 0, 0)
    assert all(rows == [] for rows in zero.values())


def lab_html():
    return glab.gaussian_lab()._repr_html_()


def chart_specs(page):
    return [
        json.loads(html.unescape(m))
        for m in re.findall(r'<script type="application/json">(.*?)</script>', page)
    ]


def test_lab_charts_are_described_and_read_named_datasets():
    density, profile = chart_specs(lab_html())
    assert density["description"] == label("gauss.lab_desc_density")
    assert profile["description"] == label("gauss.lab_desc_profile")
    names = {u["data"]["name"] for u in unit_specs(density)}
    assert names == {gv.DATASETS[k] for k in ("density", "event", "excess")}
    names = {u["data"]["name"] for u in unit_specs(profile)}
    assert names == {gv.DATASETS[k] for k in ("profile", "claim", "point")}
    x_titles = {u["encoding"]["x"]["title"] for u in unit_specs(profile) if "x" in u["encoding"]}
    assert x_titles == {label("gauss.eps_axis")}  # the x axis is ε itself


def test_lab_html_has_labelled_controls_inline_data_and_the_initial_outputs():
    lab = glab.gaussian_lab()
    page = lab._repr_html_()
    ids = re.findall(r'<(?:select|input) id="([^"]+)"', page)
    assert len(ids) == 6
    for control in ids:
        assert f'<label for="{control}">' in page
    payload = re.search(
        r'<script type="application/json" class="dplab-gauss-lab-data">(.*?)</script>', page
    ).group(1)
    data = json.loads(payload)
    assert data == json.loads(json.dumps(lab.data()))
    assert data["initial"] == {"kind": "sum", "n": 0, "bound": 0, "sigma": 5, "eps": 10, "claim": 4}
    for key, text in lab.outputs().items():
        assert f'data-show="{key}"' in page
        assert gv.rich_html(text) in page
    assert len(page.encode()) < 400_000  # the whole grid inline stays small


def test_lab_refuses_states_off_its_grid():
    with pytest.raises(ValueError, match="sigma"):
        glab.gaussian_lab(sigma="0.4")
    with pytest.raises(ValueError, match="eps"):
        glab.gaussian_lab(eps=1)
    with pytest.raises(ValueError, match="delta"):
        glab.gaussian_lab(delta="0.05")
    with pytest.raises(ValueError, match="kind"):
        glab.gaussian_lab(kind="median")
    with pytest.raises(ValueError, match="key"):
        glab.gaussian_lab(key="a b")
