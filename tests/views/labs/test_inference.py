"""The inference lab's grid and texts against independent computations.

Independent sources: enumeration of every event (:func:`dplab.finite.brute_force_required_delta`)
and of every deterministic test for randomized response, mpmath at 40 digits for the Laplace
and Gaussian δ, and the posterior written out here from Bayes' rule in odds.
"""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from itertools import combinations

import mpmath as mp
import pytest

from dplab import finite
from dplab.accounting import inference
from dplab.mechanisms.randomized_response import count_channel
from dplab.views import chart_html
from dplab.views.labs._shared import LabHtml
from dplab.views.labs.inference import (
    LAB_ALPHAS,
    LAB_LEVELS,
    LAB_PS,
    LAB_SCALES,
    LAB_SIGMAS,
    LAB_SIZES,
    inference_lab,
    lab_grid,
)
from dplab.views.numbers import approx_text, shown_value, value_text
from tests.js.golden import golden_vectors
from tests.js.golden_inference_lab import CONTROLS, text_states
from tests.views.test_numbers import outward


def grid_entry(mechanism, index):
    return lab_grid()["mechanisms"][mechanism][index]


def rr_settings():
    return [(n, p) for n in LAB_SIZES for p in LAB_PS]


def as_fraction(value):
    if isinstance(value, str):
        top, bottom = value.split("/")
        return Fraction(int(top), int(bottom))
    return Fraction(value)


def test_rr_delta_in_the_grid_equals_enumeration_of_every_event():
    for index, (n, p) in enumerate(rr_settings()):
        channel = count_channel(n, p)
        for k, alpha in enumerate(LAB_ALPHAS):
            expected = finite.brute_force_required_delta(channel, alpha).required_delta
            assert as_fraction(grid_entry("rr", index)["delta"][k]) == expected, (n, p, alpha)


def test_laplace_and_gaussian_delta_in_the_grid_equal_mpmath():
    mp.mp.dps = 40
    for k, alpha in enumerate(LAB_ALPHAS):
        eps = mp.log(mp.mpf(Fraction(alpha).numerator) / Fraction(alpha).denominator)
        for index, scale in enumerate(LAB_SCALES):
            mu = 1 / mp.mpf(scale)
            # δ(ε) = 1 − e^{−(μ − ε)/2} below μ, else 0 (lesson 3)
            expected = 1 - mp.exp(-(mu - eps) / 2) if eps < mu else mp.mpf(0)
            got = grid_entry("laplace", index)["delta"][k]
            assert abs(got - expected) <= 1e-13 * expected, (scale, alpha)
        for index, sigma in enumerate(LAB_SIGMAS):
            mu = 1 / mp.mpf(sigma)  # Δ = 1: δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ)
            expected = mp.ncdf(mu / 2 - eps / mu) - mp.exp(eps) * mp.ncdf(-mu / 2 - eps / mu)
            got = grid_entry("gaussian", index)["delta"][k]
            assert abs(got - expected) <= 1e-12 * expected, (sigma, alpha)


def best_power(p_row, q_row, level):
    """The most power at type I error ≤ level, over mixtures of two deterministic tests."""
    points = [
        (sum(p_row[j] for j in subset), sum(q_row[j] for j in subset))
        for size in range(len(p_row) + 1)
        for subset in combinations(range(len(p_row)), size)
    ]
    best = max(power for x, power in points if x <= level)
    for (x1, y1), (x2, y2) in combinations(points, 2):
        (x1, y1), (x2, y2) = sorted([(x1, y1), (x2, y2)])
        if x1 <= level < x2:
            best = max(best, y1 + (y2 - y1) * (level - x1) / (x2 - x1))
    return best


def test_rr_power_texts_and_curve_equal_enumeration_of_every_test():
    for index, (n, p) in enumerate(rr_settings()):
        if n > 3:
            continue  # 2^5 subsets: enumeration stays quick up to n = 3
        channel = count_channel(n, p)
        entry = grid_entry("rr", index)
        for k, level in enumerate(LAB_LEVELS):
            power = max(  # the worst pair: the lowest curve
                best_power(channel.probabilities(s), channel.probabilities(t), Fraction(level))
                for s, t in channel.adjacent_pairs
            )
            assert entry["power"][k] == value_text(power), (n, p, level)
        for x, beta in entry["curve"]:
            exact = inference.channel_tradeoff(channel, Fraction(x))
            assert beta == pytest.approx(float(exact), abs=2e-6), (n, p, x)


def test_continuous_curves_and_powers_come_from_dplab():
    for mechanism, grid, curve in (
        ("laplace", LAB_SCALES, lambda s, x: inference.laplace_tradeoff(1, s, x)),
        ("gaussian", LAB_SIGMAS, lambda s, x: inference.gaussian_tradeoff(1, float(s), x)),
    ):
        for index, setting in enumerate(grid):
            entry = grid_entry(mechanism, index)
            for x, beta in entry["curve"]:
                assert beta == pytest.approx(curve(setting, x), rel=1e-5, abs=1e-6)
            for k, level in enumerate(LAB_LEVELS):
                x = float(Fraction(level))
                if mechanism == "gaussian":  # the power itself, not 1 − β
                    power = Fraction(inference.gaussian_power(1, float(setting), x))
                else:
                    power = 1 - Fraction(curve(setting, x))
                assert entry["power"][k] == "≈ " + approx_text(power)


def test_gaussian_power_texts_are_computed_directly_not_as_one_minus_beta():
    mp.mp.dps = 40
    for index, sigma in enumerate(LAB_SIGMAS):
        for k, level in enumerate(LAB_LEVELS):
            mu = 1 / mp.mpf(sigma)
            reference = mp.ncdf(mp.sqrt(2) * mp.erfinv(2 * mp.mpf(level) - 1) + mu)
            shown = grid_entry("gaussian", index)["power"][k]
            assert shown == "≈ " + approx_text(Fraction(float(reference))), (sigma, level)


def bayes_range(prior, alpha, delta, q):
    """The posterior range written out from Bayes' rule in odds (not through dplab):
    P(S) ≤ αq + δ bounds the ratio above for every q > 0; Q(S) ≤ αP(S) + δ below."""
    odds = prior / (1 - prior)
    low_ratio = max(Fraction(0), (1 - delta / q) / alpha)
    high_ratio = alpha + delta / q
    low = odds * low_ratio / (1 + odds * low_ratio)
    return low_ratio, high_ratio, low, odds * high_ratio / (1 + odds * high_ratio)


def shown_range(text):
    """The two numbers of a text's ``[low, high]``, as the exact decimals shown."""
    inside = text.split("∈ [")[1].removesuffix("]")
    return tuple(shown_value(part) for part in inside.split(", "))


def test_every_state_shows_the_exact_posterior_and_power_bound():
    """At every state the lab's core is checked at (the texts of :meth:`InferenceLab.outputs`,
    computed once for Node in ``tests/js/golden_inference_lab.py``)."""
    vectors = golden_vectors("inference_lab")
    states = list(text_states())
    assert len(vectors["texts"]) == len(states) == 46 * len(LAB_ALPHAS) * (9 * 5 + 6)
    for (arguments, indices), (listed, shown) in zip(states, vectors["texts"], strict=True):
        assert listed == [indices[name] for name in CONTROLS]
        lab = inference_lab(**arguments)
        texts = dict(zip(vectors["keys"], shown, strict=True))
        delta = Fraction(lab.delta())
        prior, alpha, q = Fraction(lab.prior), Fraction(lab.alpha), Fraction(lab.event)
        low_ratio, high_ratio, low, high = bayes_range(prior, alpha, delta, q)
        shown_low, shown_high = shown_range(texts["posterior"])
        assert shown_low <= low <= high <= shown_high
        assert (shown_low, shown_high) == (outward(low, "lower"), outward(high, "upper"))
        shown_low, shown_high = shown_range(texts["ratio"])
        assert shown_low <= low_ratio <= high_ratio <= shown_high
        assert "∞" not in texts["ratio"]
        assert ("H를 배제" in texts["badge"]) == (low_ratio == 0)
        x = Fraction(lab.level)
        most = min(1, alpha * x + delta, 1 - (1 - delta - x) / alpha)
        assert texts["bound"].endswith(value_text(most, bound="upper"))
        assert shown_value(texts["bound"].split()[-1]) >= most


def test_the_lab_refuses_states_its_controls_cannot_reach():
    with pytest.raises(ValueError, match="p must be one of"):
        inference_lab(p="0.5")
    with pytest.raises(ValueError, match="mechanism must be one of"):
        inference_lab(mechanism="exponential")
    with pytest.raises(ValueError, match="n must be one of"):
        inference_lab(n=5)
    with pytest.raises(ValueError, match="unknown lab state"):
        inference_lab(key="x").href(delta="0.1")


def test_the_lab_html_hides_the_other_mechanisms_controls():
    html = inference_lab("laplace", key="t")._repr_html_()
    assert 'data-mechanism="laplace">' in html
    assert 'data-mechanism="rr" hidden>' in html and 'data-mechanism="gaussian" hidden>' in html
    for name in ("mechanism", "n", "p", "scale", "sigma", "alpha", "prior", "event", "level"):
        assert f'id="inference-lab-t-{name}"' in html


def test_every_stepper_of_the_lab_increases_so_plus_raises_q():
    """Issue 21: "+" on Q(S) made it smaller (its values ran 1, 0.5, …, 0.001)."""
    page = inference_lab(key="t")._repr_html_()
    steppers = re.findall(r'name="(\w+)" type="range"[^>]*data-texts="([^"]*)"', page)
    names = {"n", "p", "scale", "sigma", "alpha", "prior", "event", "level"}
    assert {name for name, _ in steppers} == names
    for name, data in steppers:
        values = [Fraction(text) for text in json.loads(html.unescape(data))]
        assert values == sorted(set(values)), name
    # the steppers of probabilities refuse a typed value outside [0, 1] as such
    probability = re.findall(r'name="(\w+)" type="range"[^>]*data-domain="probability"', page)
    assert set(probability) == {"p", "prior", "event", "level"}


def test_on_a_phone_each_group_of_steppers_stands_just_before_the_chart_it_drives():
    """Issue 21: on a phone the trade-off chart that x moves was a screen below x."""
    page = inference_lab(key="t")._repr_html_()
    assert '<section class="dplab-lab dplab-inference-lab dplab-lab-split"' in page
    parts = re.finditer(
        r'<(?:fieldset|section|div)(?: style="--dplab-lab-place: (\d+)")? '
        r'class="dplab-lab-(group|panel|chip)[^"]*"(?: data-part="(\w+)")?',
        page,
    )
    # the one column of a phone: the parts in the order of their places (lab.css), then
    # in the page's order
    column = [
        (kind, part or "")
        for _, _, kind, part in sorted(
            (int(place or 0), k, kind, part)
            for k, (place, kind, part) in enumerate(m.groups() for m in parts)
        )
    ]
    assert column == [
        ("group", ""),
        ("group", ""),
        ("chip", ""),
        ("panel", "posterior"),
        ("group", ""),
        ("panel", "tradeoff"),
        ("panel", "guarantee"),
        ("panel", "observer"),
    ]
    # the third group, before the trade-off chart, holds x alone and says what it drives
    groups = re.findall(r"<fieldset.*?</fieldset>", page, re.S)
    assert 'name="level"' in groups[2] and groups[2].count('type="range"') == 1
    assert 'data-drives="tradeoff"' in groups[2]
    assert 'data-drives="posterior"' in groups[1]


def test_a_control_may_drive_only_a_chart_of_its_lab():
    lab = LabHtml("x", "k", {"q": "1"})
    field = lab.group(
        "lab.open", lab.slider("q", "lab.open", texts=["1"], position=0, drives=["tradeoff"])
    )
    panel = lab.panel(
        "p", "lab.open", lab.chart("posterior", chart_html({"mark": "bar", "description": "y"}))
    )
    with pytest.raises(ValueError, match="drives no chart of the lab: tradeoff"):
        lab.page("lab.open", {}, [field], [panel])


def test_the_lab_at_a_rare_gaussian_event_bounds_the_ratio_and_may_rule_h_out():
    # σ = 1, α = 3 (δ ≈ 0.10986), Q(S) = 0.001 ≤ δ: ratio ∈ [0, ≈112.86], posterior
    # ∈ [0, ≈0.9912] at prior 1/2 (main showed [0, ∞), posterior up to 1, "H′ ruled out")
    texts = inference_lab("gaussian", sigma=1, alpha=3, prior="0.5", event="0.001").outputs()
    assert texts["ratio"].endswith("[0, 112.9]")
    assert texts["posterior"].endswith("[0, 0.9913]")
    assert texts["badge"] == "H를 배제할 수도 있음"
    assert "H′" not in texts["reading"] and "유한" in texts["reading"]
