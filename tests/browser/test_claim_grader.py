"""Exercises graded exactly in the page (lesson 2): answers typed by the reader are graded
by the page's BigInt arithmetic, which must agree with Python's Fraction and with dplab."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dplab import finite
from dplab import randomized_response as rr

pytestmark = pytest.mark.browser

LESSON = "lessons/randomized-response.html"
# The page is loaded once and only read by the property tests below.
SHARED = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def grade(root, *, verdict=None, pair=None, event=None, delta=None):
    if verdict:
        root.locator(f'[data-form="answer"] input[value="{verdict}"]').check()
    if pair:
        root.locator('[name="pair"]').select_option(label=pair)
    if event is not None:
        root.locator('[name="event"]').fill(event)
    if delta is not None:
        root.locator('[data-form="answer"] [name="delta"]').fill(delta)
    root.locator('[data-form="answer"] button[type="submit"]').click()
    result = root.locator('[data-result="answer"]')
    return result.get_attribute("data-verdict"), result.inner_text()


def test_break_the_claim_grades_each_answer_and_shows_where_it_breaks(open_page):
    visit = open_page(LESSON, draw_all=False)
    root = visit.page.locator("#grader-rr-break")
    root.scroll_into_view_if_needed()
    assert root.locator(".dplab-grader-static").is_hidden()
    verdict, text = grade(root, verdict="holds")
    assert verdict == "wrong"
    assert "순서쌍 0→1, 사건 S = {0}" in text
    assert "P(S) = 6561/10000 = 0.6561" in text and "Q(S) = 729/10000 = 0.0729" in text
    assert "P(S) − α·Q(S) = 2187/5000 = 0.4374 > δ = 0" in text
    verdict, text = grade(root, verdict="breaks", pair="1→2", event="{1}")
    assert verdict == "right" and "순서쌍 1→2, 사건 S = {1}" in text
    verdict, text = grade(root, verdict="breaks", pair="0→1", event="4")
    assert verdict == "wrong" and "깨지지 않습니다" in text
    verdict, text = grade(root, verdict="breaks", pair="0→1", event="0, 7")
    assert verdict == "invalid" and "“7”" in text
    assert root.locator('[name="event"]').get_attribute("aria-invalid") == "true"

    root.locator(".dplab-grader-own summary").click()
    own = root.locator('[data-form="own"]')
    own.locator('[name="alpha"]').fill("9")  # α* = p/(1 − p) = 9: holds with δ = 0
    own.locator("button").click()
    result = root.locator('[data-result="own"]')
    assert result.get_attribute("data-verdict") == "right"
    own.locator('[name="alpha"]').fill("2.5")
    own.locator('[name="delta"]').fill("0.05")
    own.locator("button").click()
    expected = rr.certify(4, "9/10", "5/2", "1/20")
    assert result.get_attribute("data-verdict") == "wrong"
    assert f"필요한 가장 작은 δ는 {expected.required_delta}" in result.inner_text()
    assert "순서쌍 0→1, 사건 S = {0}" in result.inner_text()
    assert visit.console_errors == []


def test_type_the_exact_delta(open_page):
    visit = open_page(LESSON, draw_all=False)
    root = visit.page.locator("#grader-rr-delta")
    root.scroll_into_view_if_needed()
    answer = rr.required_delta(2, "3/4", 2)
    verdict, text = grade(root, delta="1/16")
    assert verdict == "wrong" and "순서쌍 0→1, 사건 S = {0}" in text and "> δ = 1/16" in text
    for typed in (str(answer), "0.1875", " 6 / 32 "):
        verdict, text = grade(root, delta=typed)
        assert verdict == "right", typed
    assert grade(root, delta="1/4")[0] == "wrong"
    assert grade(root, delta="3/0")[0] == "invalid"
    assert grade(root, delta="1.5")[0] == "invalid"  # δ above 1
    assert visit.console_errors == []


# --- the arithmetic, against Python -----------------------------------------------------

integers = st.integers(min_value=-(10**30), max_value=10**30)
numbers = st.one_of(
    integers.map(str),
    st.tuples(integers, st.integers(min_value=1, max_value=10**20)).map(lambda t: f"{t[0]}/{t[1]}"),
    st.decimals(min_value=-(10**12), max_value=10**12, places=8).map(str),
    st.decimals(min_value=-(10**12), max_value=10**12, places=30).map(lambda d: f"{d:e}"),
)


def exact(text: str) -> Fraction:
    top, _, bottom = text.partition("/")
    value = Fraction(Decimal(top))
    return value / Fraction(Decimal(bottom)) if bottom else value


def text_of(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


@SHARED
@given(st.lists(st.tuples(numbers, numbers), min_size=1, max_size=40))
def test_fraction_arithmetic_matches_python(shared_lab_page, cases):
    page = shared_lab_page(LESSON)
    results = page.evaluate(
        """(cases) => cases.map(([x, y]) => {
          const F = window.DPLAB_FRACTION, a = F.parse(x), b = F.parse(y);
          if (!a || !b) return null;
          const zero = b.n === 0n;
          return [F.text(a), F.text(F.add(a, b)), F.text(F.sub(a, b)), F.text(F.mul(a, b)),
                  zero ? null : F.text(F.div(a, b)), F.compare(a, b)];
        })""",
        [list(case) for case in cases],
    )
    for (x, y), got in zip(cases, results, strict=True):
        a, b = exact(x), exact(y)
        expected = [
            text_of(a),
            text_of(a + b),
            text_of(a - b),
            text_of(a * b),
            None if b == 0 else text_of(a / b),
            (a > b) - (a < b),
        ]
        assert got == expected, (x, y)


def test_text_that_is_not_a_number_is_refused(shared_lab_page):
    page = shared_lab_page(LESSON)
    refused = ["", "abc", "1/0", "1//2", "1e99999", "--1", "1.2.3", ".", "e5", "0x10", "1/2/3"]
    parsed = page.evaluate("(xs) => xs.map((x) => window.DPLAB_FRACTION.parse(x))", refused)
    assert parsed == [None] * len(refused)


@SHARED
@given(st.fractions(min_value=1, max_value=20, max_denominator=50))
def test_the_pages_certificate_matches_dplab(shared_lab_page, alpha):
    page = shared_lab_page(LESSON)
    data = json.loads(page.locator("#grader-rr-break .dplab-grader-data").text_content())
    got = page.evaluate(
        """([data, alpha]) => {
          const F = window.DPLAB_FRACTION;
          const worst = new window.DPLAB_GRADER.Channel(data).certificate(F.parse(alpha));
          return [F.text(worst.excess), data.pairs[worst.pair], worst.event];
        }""",
        [data, str(alpha)],
    )
    channel = rr.count_channel(4, "9/10")
    certificate = finite.certify(channel, alpha, 0)
    pair = [channel.inputs.index(x) for x in certificate.worst_pair]
    event = [channel.outputs.index(y) for y in certificate.worst_event]
    assert got == [text_of(certificate.required_delta), pair, event]
