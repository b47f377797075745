"""The lab's encoding, tabulated by :mod:`dplab.mechanisms.rr_lab_grid` (a reference that the
site does not use: the lab's script computes its states itself), decodes to the exact
certificates."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from maths_support import PROPERTY_SETTINGS, naive_count_channel

from dplab import finite
from dplab.mechanisms import randomized_response as rr
from dplab.mechanisms import rr_lab_grid as rr_lab

SIZES = (1, 4, 12)


@pytest.fixture(scope="module")
def states():
    return rr_lab.lab_states(rr_lab.LabGrid(sizes=SIZES))


@pytest.fixture(scope="module")
def weights():
    return rr_lab.lab_count_weights(rr_lab.LabGrid(sizes=SIZES))


def decode_pairs(n, up_numerators, up_events):
    """All 2n pairs as (numerator, event) in count-pair order, by the documented mirror."""
    rows = []
    for c in range(n):
        start, stop = up_events[c]
        rows.append((int(up_numerators[c]), tuple(range(start, stop))))
        start, stop = up_events[n - 1 - c]
        rows.append((int(up_numerators[n - 1 - c]), tuple(range(n + 1 - stop, n + 1 - start))))
    return rows


def test_grid_shape(states):
    assert states["fields"] == ["required", "worst_pair", "up_numerators", "up_events"]
    assert states["p_percents"] == list(range(50, 101))
    assert states["alpha_tenths"] == list(range(10, 101))
    assert [len(by_p) for by_p in states["states"]] == [51] * len(SIZES)


def test_every_state_agrees_with_the_count_weights_formula(states, weights):
    # The weights are built by count_distribution, the sums here by the definition.
    for i, n in enumerate(SIZES):
        for j in range(len(states["p_percents"])):
            laws = [[int(w) for w in law] for law in weights["weights"][i][j]]
            for l_index, t in enumerate(states["alpha_tenths"]):
                required, worst, up_numerators, up_events = states["states"][i][j][l_index]
                expected = [
                    sum(max(0, 10 * x - t * y) for x, y in zip(laws[s], laws[d], strict=True))
                    for s, d in rr.count_pairs(n)
                ]
                decoded = decode_pairs(n, up_numerators, up_events)
                assert [numerator for numerator, _ in decoded] == expected
                assert int(required) == max(expected) and worst == expected.index(max(expected))


@PROPERTY_SETTINGS
@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=50, max_value=100),
    st.integers(min_value=10, max_value=100),
)
def test_states_decode_to_the_general_certificate(n, k, t):
    data = rr_lab.lab_states(rr_lab.LabGrid(sizes=(n,), p_percents=(k,), alpha_tenths=(t,)))
    required, worst, up_numerators, up_events = data["states"][0][0][0]
    general = finite.certify(naive_count_channel(n, Fraction(k, 100)), Fraction(t, 10), 0)
    denominator = rr_lab.delta_denominator(n)
    assert Fraction(int(required), denominator) == general.required_delta
    assert rr.count_pairs(n)[worst] == general.worst_pair
    for (numerator, event), row in zip(
        decode_pairs(n, up_numerators, up_events), general.pairs, strict=True
    ):
        assert Fraction(numerator, denominator) == row.required_delta
        assert event == row.event


@PROPERTY_SETTINGS
@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=50, max_value=100),
    st.integers(min_value=10, max_value=100),
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=6),
)
def test_claim_rule_matches_the_certificate(n, k, t, digits, places):
    scaled = min(digits, 10**places)  # the claim is scaled / 10**places, at most 1
    whole, fraction = divmod(scaled, 10**places)
    claim = f"{whole}.{fraction:0{places}d}" if places else str(whole)
    data = rr_lab.lab_states(rr_lab.LabGrid(sizes=(n,), p_percents=(k,), alpha_tenths=(t,)))
    required = int(data["states"][0][0][0][0])
    certificate = rr.certify(n, Fraction(k, 100), Fraction(t, 10), claim)
    assert rr_lab.claim_covers(required, n, claim) == certificate.passes


def test_claim_rule_at_the_seed_boundary():
    required = int(
        rr_lab.lab_states(rr_lab.LabGrid(sizes=(4,), p_percents=(90,), alpha_tenths=(30,)))[
            "states"
        ][0][0][0][0]
    )
    assert rr_lab.claim_covers(required, 4, "0.4374")
    assert not rr_lab.claim_covers(required, 4, "0.43739999")
    assert rr_lab.claim_covers(required, 4, "1")


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"sizes": (0,)}, ValueError, r"sizes must be an integer in \[1, 100\]; got 0"),
        ({"sizes": (101,)}, ValueError, r"sizes must be an integer in \[1, 100\]; got 101"),
        ({"p_percents": (49,)}, ValueError, r"p_percents must be an integer in \[50, 100\]"),
        ({"alpha_tenths": (9,)}, ValueError, r"alpha_tenths must be an integer in \[10, inf\)"),
        ({"sizes": (2.0,)}, TypeError, r"sizes must be an integer in \[1, 100\]; got 2.0"),
        ({"sizes": 5}, TypeError, r"sizes must be a tuple of integers; got 5"),
        ({"sizes": ()}, ValueError, r"sizes must hold at least one value"),
        (
            {"sizes": range(1, 101), "p_percents": (90,), "alpha_tenths": range(10, 1000)},
            ValueError,
            r"must span at most 1,000,000 units of work .*; got 4,999,500",
        ),
    ],
)  # fmt: skip
def test_bad_grid(kwargs, error, message):
    with pytest.raises(error, match=message):
        rr_lab.LabGrid(**kwargs)


def test_bad_claims():
    with pytest.raises(ValueError, match=r"claim must be a decimal string .*; got '-0.1'"):
        rr_lab.claim_covers(1, 4, "-0.1")
    with pytest.raises(ValueError, match=r"claim must be .* in \[0, 1\]; got '1.01'"):
        rr_lab.claim_covers(1, 4, "1.01")
    with pytest.raises(ValueError, match=r"required_numerator must be an integer in \[0, inf\)"):
        rr_lab.claim_covers(-1, 4, "0.1")
    with pytest.raises(ValueError, match=r"n must be an integer in \[1, 100\]; got 0"):
        rr_lab.delta_denominator(0)
    with pytest.raises(ValueError, match=r"n must be an integer in \[1, 100\]; got 1000000000"):
        rr_lab.delta_denominator(10**9)
    with pytest.raises(TypeError, match=r"claim must be a decimal string .*; got 5 of type int"):
        rr_lab.claim_covers(1, 4, 5)
    with pytest.raises(ValueError, match=r"claim must have at most 4000 digits after the point"):
        rr_lab.claim_covers(1, 4, "0." + "0" * 4001)
    with pytest.raises(TypeError, match=r"grid must be a LabGrid; got None"):
        rr_lab.lab_states(None)
    with pytest.raises(TypeError, match=r"grid must be a LabGrid; got 3"):
        rr_lab.lab_count_weights(3)
