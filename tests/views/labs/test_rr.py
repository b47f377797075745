"""The randomized-response lab of lesson 2: its texts at reviewed states, its claim reader,
its HTML, and the states it refuses."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction

import pytest

from dplab.mechanisms import randomized_response as rr
from dplab.mechanisms.rr_lab_grid import delta_denominator
from dplab.views import label, mimebundle
from dplab.views.labs.rr import lab as lab_views
from dplab.views.numbers import approx_text, compared_texts

N, P, ALPHA, DELTA = 4, Fraction(9, 10), 3, Fraction(1, 20)


def test_compared_texts_at_the_reviewed_lab_case():
    # n = 4, p = 0.9, α = 3, δ = 0.43739, event {0} of the pair 0→1: P(S) = 0.9⁴ exceeds
    # αQ(S) + δ = 3·0.1·0.9³ + 0.43739 by 10⁻⁵; four digits alone would show 0.6561 twice.
    ps = Fraction(9, 10) ** 4
    bound = 3 * Fraction(1, 10) * Fraction(9, 10) ** 3 + Fraction("0.43739")
    assert ps - bound == Fraction(1, 10**5)
    assert approx_text(ps) == approx_text(bound) == "0.6561"
    assert compared_texts(ps, bound) == ("= 0.6561", "= 0.65609")
    outputs = lab_views.rr_lab(4, "0.9", "3", "0.43739", lower=0, mask=1).outputs()
    assert outputs["event-values"] == label("rr.lab_event_values").format(
        ps="= 0.6561", qs="= 0.0729", bound="= 0.65609"
    )
    assert outputs["event-badge"] == label("rr.badge_fail")


# --- the lab's HTML ---------------------------------------------------------------------


def test_parse_claim_reads_decimals_exactly():
    assert lab_views.parse_claim("0.4374") == Fraction(2187, 5000)
    assert lab_views.parse_claim(" 2.5e-1\t") == Fraction(1, 4)
    assert lab_views.parse_claim("1.000") == 1 and lab_views.parse_claim("0") == 0
    for bad in ("1.0001", "-0", "+0.5", "0,5", "", ".", "e-5", "1e", "½", "٠.٥", "0.5\n"):
        assert lab_views.parse_claim(bad) is None, bad


def test_lab_html_has_labelled_controls_inline_data_and_outputs():
    lab = lab_views.rr_lab(4, "0.9", "3", "0.05", lower=2, mask=16)
    page = mimebundle(lab)["text/html"]
    ids = re.findall(r'<(?:input|select) id="([^"]+)"', page)
    assert len(ids) == 5  # n, p, α, δ and the pair; the event is one checkbox per output
    for control in ids:
        assert f'<label for="{control}">' in page
    assert page.count('<input type="checkbox" data-bit=') == N + 1
    # The pair picker lists every pair of the largest n in the chart's order; those
    # beyond n are hidden, and the asked pair 2→3 is chosen.
    options = re.findall(r'<option value="(\d+)-(\d+)"( selected)?( hidden disabled)?>', page)
    assert [(int(s), int(t)) for s, t, *_ in options] == list(rr.count_pairs(12))
    assert [(s, t) for s, t, chosen, _ in options if chosen] == [("2", "3")]
    assert all(bool(off) == (max(int(s), int(t)) > N) for s, t, _, off in options)
    payload = re.search(
        r'<script type="application/json" class="dplab-rr-lab-data">(.*?)</script>', page
    ).group(1)
    data = json.loads(payload)
    assert data["grid"] == {"n": [1, 12], "p_percent": [50, 100], "alpha_tenths": [10, 100]}
    assert data["state"]["delta"] == "0.05" and data["state"]["mask"] == "16"
    witness = data["witness"]
    common = delta_denominator(N)
    certificate = rr.certify(N, P, ALPHA, 0)
    assert witness["pair_numerators"] == [
        str(row.required_delta * common) for row in certificate.pairs
    ]
    assert witness["weights"][0] == ["65610000", "29160000", "4860000", "360000", "10000"]
    assert page.count('class="dplab-chart"') == 3
    outputs = lab.outputs()
    assert outputs["required"] == label("rr.lab_required").format(exact="2187/5000 = 0.4374")
    assert outputs["event-badge"] == label("rr.badge_pass")
    assert outputs["cert-badge"] == label("rr.badge_fail")
    places = [
        label("rr.lab_place").format(pair=p, event=e) for p, e in (("0→1", "{0}"), ("4→3", "{4}"))
    ]
    assert outputs["worst"] == label("rr.lab_worst").format(places="; ".join(places))
    assert outputs["mse"] == label("rr.lab_mse").format(exact="9/16 ≈ 0.5625")
    for key, text in outputs.items():
        assert f'data-show="{key}"' in page and html.escape(text) in page


def test_lab_reports_boundaries_and_clamping():
    half = lab_views.rr_lab(3, "0.5", "1", "0", lower=9, mask=2**20 + 1).outputs()
    assert half["mse"] == label("rr.lab_mse_none") and half["pure"] == label("rr.lab_pure_zero")
    assert half["pair-note"] == label("rr.lab_pair_clamped", requested="9→10", pair="2→3")
    assert "2→3으로 맞췄" in half["pair-note"]  # the particle agrees with "3" (as the page's)
    assert half["event-note"] == "S = {0} " + label("rr.lab_event_ignored").format(ignored="{20}")
    assert "는 무시" not in half["event-note"]  # no particle after a number (issue 10)
    assert lab_views.rr_lab(3, "0.5", lower=9, mask=2**20 + 1, key="k").params() == {
        "n": "3",
        "p": "0.5",
        "alpha": "3.0",
        "delta": "0",
        "pair": "2-3",
        "event": "0",
    }
    one = lab_views.rr_lab(3, "1", "10", "1").outputs()
    assert one["pure"] == label("rr.lab_pure_none") and one["required"].endswith("= 1")
    assert one["cert-badge"] == label("rr.badge_pass")  # δ = 1 covers everything
    assert half["worst"] == label("rr.lab_worst_zero")  # p = 1/2: every pair needs δ = 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 13}, r"n must be an integer in \[1, 12\]"),
        ({"p": "0.495"}, "p must be on the lab's grid"),
        ({"p": "0.4"}, "p must be on the lab's grid"),
        ({"alpha": "3.05"}, "alpha must be on the lab's grid"),
        ({"delta": "1.5"}, "delta must be a decimal string"),
        ({"delta": 0.05}, "delta must be a decimal string"),
        ({"direction": "left"}, "direction must be one of"),
        ({"mask": -1}, r"mask must be an integer in \[0, inf\)"),
        ({"key": "a b"}, "key must be letters"),
    ],
)
def test_lab_rejects_states_its_controls_cannot_reach(kwargs, message):
    with pytest.raises(ValueError, match=message):
        lab_views.rr_lab(**kwargs)


def test_required_delta_text():
    assert lab_views.required_delta_text(0, 3) == "0"
    assert lab_views.required_delta_text(delta_denominator(2), 2) == "1"
    long = lab_views.required_delta_text(1, 12)
    assert long == f"1/{delta_denominator(12)} = 0.{'0' * 24}1 (≈ 1×10⁻²⁵)"
