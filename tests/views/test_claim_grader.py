"""Exercises graded exactly in the page: what the build puts in the page, checked against
hand-computed values and against the brute-force oracle (every event of every pair)."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dplab import finite
from dplab.accounting import composition
from dplab.mechanisms import randomized_response as rr
from dplab.views import claim_grader as cg
from dplab.views import composition as cv


def page_data(exercise: cg.ClaimExercise) -> dict:
    found = re.search(
        r'<script type="application/json" class="dplab-grader-data">(.*?)</script>',
        exercise._repr_html_(),
    )
    assert found
    return json.loads(found.group(1))


def test_hand_computed_delta_of_two_people():
    # n = 2, p = 3/4: Y ~ reports of two people; by hand, over 16:
    # c = 0: (9, 6, 1), c = 1: (3, 10, 3), c = 2: (1, 6, 9).  At α = 2 the pair 0→1 gains
    # 9 − 2·3 = 3 on y = 0 only, the pair 1→0 gains 3 − 2·1 = 1 on y = 2 only: δ = 3/16.
    exercise = cg.delta_exercise(rr.count_channel(2, "3/4"), 2)
    data = page_data(exercise)
    weights = [[Fraction(int(w), int(data["denominator"])) for w in row] for row in data["weights"]]
    assert weights == [[Fraction(k, 16) for k in row] for row in ((9, 6, 1), (3, 10, 3), (1, 6, 9))]
    assert exercise.answer == Fraction(3, 16)
    assert data["task"] == "delta" and data["alpha"] == "2" and data["delta"] == "0"
    assert data["expected"] == {"required": "3/16", "passes": False, "pair": [0, 1], "event": [0]}


def test_the_lesson_claim_breaks_where_the_pure_epsilon_proof_says():
    # n = 4, p = 9/10, α = 3: on 0→1 and {0}, P = p⁴ = 6561/10⁴, Q = (1 − p)p³ = 729/10⁴.
    exercise = cg.claim_exercise(rr.count_channel(4, "9/10"), 3, 0)
    data = page_data(exercise)
    assert exercise.answer is False
    assert data["expected"]["required"] == str(Fraction(6561 - 3 * 729, 10**4)) == "2187/5000"
    assert data["expected"]["pair"] == [0, 1] and data["expected"]["event"] == [0]
    holds = cg.claim_exercise(rr.count_channel(4, "3/4"), 3, 0)  # α* = p/(1 − p) = 3
    assert holds.answer is True and page_data(holds)["expected"]["required"] == "0"


channels = st.integers(min_value=2, max_value=4).flatmap(
    lambda size: st.tuples(
        st.lists(
            st.lists(st.integers(0, 12), min_size=size, max_size=size).filter(any),
            min_size=2,
            max_size=3,
        ),
        st.fractions(min_value=1, max_value=6, max_denominator=12),
        st.fractions(min_value=0, max_value=1, max_denominator=20),
    )
)


@settings(max_examples=150, deadline=None)
@given(channels)
def test_expected_verdict_matches_the_brute_force_oracle(case):
    rows, alpha, delta = case
    probabilities = {i: [Fraction(w, sum(row)) for w in row] for i, row in enumerate(rows)}
    pairs = finite.both_directions([(i, i + 1) for i in range(len(rows) - 1)])
    channel = finite.FiniteChannel.from_probabilities(probabilities, pairs)
    data = page_data(cg.claim_exercise(channel, alpha, delta))
    oracle = finite.brute_force_required_delta(channel, alpha)
    required = Fraction(data["expected"]["required"])
    assert required == oracle.required_delta
    assert data["expected"]["passes"] == (oracle.required_delta <= delta)
    source, target = (channel.inputs[i] for i in data["expected"]["pair"])
    event = [channel.outputs[j] for j in data["expected"]["event"]]
    assert finite.check_event(channel, source, target, event, alpha, 0).excess == required
    assert Fraction(data["alpha"]) == alpha and Fraction(data["delta"]) == delta


def example_shown(exercise: cg.ClaimExercise) -> list[str]:
    """The event the page offers as the example: in the placeholder and in the label."""
    text = exercise._repr_html_()
    placeholder = re.search(r'name="event"[^>]*placeholder="\{([^"]*)\}"', text)
    in_label = re.search(r'-event">[^<]*예: \{([^}]*)\}\)</label>', text)
    assert placeholder and in_label and placeholder.group(1) == in_label.group(1)
    return placeholder.group(1).split(", ")


# The channels and claims of the site's "break this claim" exercises (composition 4,
# inference 5, randomized response 5): p = 3/4 twice at α = 3, p = 4/5 once at α = 3,
# four people at p = 9/10 and α = 3.
SITE_CLAIMS = [
    (cv.joined_outputs(composition.product_channel(rr.count_channel(1, "3/4"), 2)), 3),
    (rr.count_channel(1, "4/5"), 3),
    (rr.count_channel(4, "9/10"), 3),
]


@pytest.mark.parametrize(("channel", "alpha"), SITE_CLAIMS)
def test_the_event_example_is_an_event_of_the_site_exercises_that_breaks_nothing(channel, alpha):
    exercise = cg.claim_exercise(channel, alpha, 0)
    example = example_shown(exercise)
    outputs = [str(y) for y in channel.outputs]
    assert set(example) <= set(outputs), (example, outputs)
    event = [y for y in channel.outputs if str(y) in example]
    for source, target in channel.adjacent_pairs:
        assert finite.check_event(channel, source, target, event, alpha, 0).passes


def test_the_composition_example_is_two_of_its_outputs():
    # The outputs are the two reports written one after the other; {0, 1} is none of them.
    exercise = cg.claim_exercise(SITE_CLAIMS[0][0], 3, 0)
    assert exercise.channel.outputs == ("00", "01", "10", "11")
    assert example_shown(exercise) == ["00", "01"]  # P = p, Q = 1 − p on 0→1: p − 3(1 − p) = 0


@settings(max_examples=100, deadline=None)
@given(channels)
def test_the_event_example_never_breaks_the_claim(case):
    rows, alpha, delta = case
    probabilities = {i: [Fraction(w, sum(row)) for w in row] for i, row in enumerate(rows)}
    pairs = finite.both_directions([(i, i + 1) for i in range(len(rows) - 1)])
    channel = finite.FiniteChannel.from_probabilities(probabilities, pairs)
    exercise = cg.claim_exercise(channel, alpha, delta)
    assert [str(y) for y in exercise.example_event] == example_shown(exercise)
    for source, target in channel.adjacent_pairs:
        check = finite.check_event(channel, source, target, exercise.example_event, alpha, delta)
        assert check.passes


def test_page_parts():
    text = cg.claim_exercise(rr.count_channel(3, "9/10"), 2, "1/10", key="k")._repr_html_()
    assert text.count("<option ") == 1 + len(rr.count_pairs(3))  # the placeholder, then each pair
    assert 'id="grader-k"' in text and 'id="grader-k-event"' in text
    assert '<label for="grader-k-alpha">' in text and 'data-form="own"' in text
    delta_text = cg.delta_exercise(rr.count_channel(3, "9/10"), 2, key="d")._repr_html_()
    assert 'data-task="delta"' in delta_text and 'data-form="own"' not in delta_text
    for page in (text, delta_text):  # the answer is shown only when asked for
        assert page.count('data-action="reveal"') == 1 and "정답 보기</button>" in page


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: cg.claim_exercise(rr.count_channel(2, "3/4"), "1/2", 0), "alpha"),
        (lambda: cg.claim_exercise(rr.count_channel(2, "3/4"), 2, 2), "delta"),
        (lambda: cg.delta_exercise(rr.count_channel(2, "3/4"), 2, key="a b"), "key"),
        (lambda: cg.delta_exercise("channel", 2), "channel"),
    ],
)
def test_bad_input_names_the_parameter(call, name):
    with pytest.raises((ValueError, TypeError), match=name):
        call()


@pytest.mark.parametrize(("channel", "alpha"), SITE_CLAIMS)
def test_no_pair_is_chosen_before_the_reader_chooses_one(channel, alpha):
    """The select starts on a placeholder that is not a pair (and cannot be chosen back),
    so the page never offers a pair, breaking or not, before the reader picks one."""
    text = cg.claim_exercise(channel, alpha, 0, key="k")._repr_html_()
    select = re.search(r'<select id="grader-k-pair" name="pair">(.*?)</select>', text)
    assert select
    options = re.findall(r"<option([^>]*)>([^<]*)</option>", select.group(1))
    assert options[0] == (' value="" selected disabled', "순서쌍을 고르세요")
    assert all("selected" not in attributes for attributes, _ in options[1:])
    assert [name for _, name in options[1:]] == [f"{s}→{t}" for s, t in channel.adjacent_pairs]
