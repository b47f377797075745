"""Exercises graded exactly in the page (lesson 2): answers typed by the reader are graded
by the page's BigInt arithmetic, which must agree with Python's Fraction and with dplab."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dplab import finite
from dplab.mechanisms import randomized_response as rr
from tests.browser.helpers import page_json, serious_axe_violations, switch_palette

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
    return answer_shown(root)


def answer_shown(root):
    result = root.locator('[data-result="answer"]')
    return result.get_attribute("data-verdict"), result.inner_text()


def reveal(root):
    root.locator('[data-action="reveal"]').click()
    return answer_shown(root)


def check_own(root):
    """Press "검사" on the own-claim form as it stands (prefilled with the exercise's claim)."""
    details = root.locator(".dplab-grader-own")
    if not details.evaluate("(d) => d.open"):
        details.locator("summary").click()
    root.locator('[data-form="own"] button').click()
    result = root.locator('[data-result="own"]')
    return result.get_attribute("data-verdict"), result.inner_text()


def exercise_data(root) -> dict:
    return page_json(root.locator(".dplab-grader-data"))


def pair_text(data: dict, pair: list[int]) -> str:
    source, target = pair
    return f"{data['inputs'][source]}→{data['inputs'][target]}"


def worst_place(data: dict) -> str:
    """The sentence part that names the build's worst pair and event."""
    event = ", ".join(data["outputs"][j] for j in data["expected"]["event"])
    return f"순서쌍 {pair_text(data, data['expected']['pair'])}, 사건 S = {{{event}}}"


def gives_nothing_away(text: str, data: dict) -> bool:
    """No pair, no event, no mass in ``text``; nor the smallest δ."""
    required = str(Fraction(data["expected"]["required"]))
    return (
        not any(pair_text(data, pair) in text for pair in data["pairs"])
        and "S = " not in text
        and "P(S) = " not in text
        and "Q(S) = " not in text
        and required not in text
    )


# Every "break this claim" exercise on the site: (lesson, grader id, a breaking pair and event).
CLAIM_GRADERS = [
    ("lessons/composition.html", "comp-break", "1→0", "{11}"),
    ("lessons/inference.html", "inference-break", "1→0", "1"),
    (LESSON, "rr-break", "1→2", "{1}"),
]


@pytest.mark.parametrize(("lesson", "key", "pair", "event"), CLAIM_GRADERS)
def test_the_counterexample_is_shown_only_when_found_or_asked_for(
    open_page, lesson, key, pair, event
):
    visit = open_page(lesson, draw_all=False)
    root = visit.page.locator(f"#grader-{key}")
    root.scroll_into_view_if_needed()
    data = exercise_data(root)
    assert data["expected"]["passes"] is False  # every such claim on the site breaks
    verdict, text = grade(root, verdict="holds")  # the natural wrong guess
    assert verdict == "wrong" and "이 주장은 깨집니다" in text
    assert "찾아 입력해 보세요" in text
    assert gives_nothing_away(text, data), text
    own, own_text = check_own(root)  # the same claim in the own-claim checker: the verdict only
    assert own == "wrong" and own_text.startswith("깨집니다: ") and "위 문제를 맞히거나" in own_text
    assert gives_nothing_away(own_text, data), own_text
    # The example event breaks nothing: a wrong pair and event are told why.
    worst = pair_text(data, data["expected"]["pair"])
    example = root.locator('[name="event"]').get_attribute("placeholder")
    verdict, text = grade(root, verdict="breaks", pair=worst, event=example)
    assert verdict == "wrong" and "이 사건으로는 깨지지 않습니다: P(S) − α·Q(S) = " in text
    assert "≤ δ = 0" in text
    verdict, text = reveal(root)
    assert verdict == "solution" and "정답: 이 주장은 깨집니다." in text
    assert worst_place(data) in text and "P(S) = " in text and "Q(S) = " in text
    own, own_text = check_own(root)
    assert own == "wrong" and worst_place(data) in own_text
    verdict, text = grade(root, verdict="breaks", pair=pair, event=event)
    assert verdict == "right" and f"순서쌍 {pair}, 사건 S = " in text and "P(S) = " in text
    assert visit.console_errors == []


def test_finding_a_breaking_pair_unlocks_the_own_claim_checker(open_page):
    visit = open_page("lessons/composition.html", draw_all=False)
    root = visit.page.locator("#grader-comp-break")
    root.scroll_into_view_if_needed()
    verdict, text = grade(root, verdict="breaks", pair="1→0", event="11")
    p_11, q_11 = Fraction(9, 16), Fraction(1, 16)  # p² and (1 − p)², p = 3/4
    assert verdict == "right"
    assert "순서쌍 1→0, 사건 S = {11}" in text
    assert f"P(S) = {p_11} = 0.5625" in text and f"Q(S) = {q_11} = 0.0625" in text
    assert f"P(S) − α·Q(S) = {p_11 - 3 * q_11} = 0.375 > δ = 0" in text
    own, own_text = check_own(root)
    assert own == "wrong" and "사건 S = {00}" in own_text
    assert visit.console_errors == []


@pytest.mark.parametrize(("lesson", "key"), [(lesson, key) for lesson, key, _, _ in CLAIM_GRADERS])
def test_the_event_example_is_an_event_of_the_exercises_outputs(open_page, lesson, key):
    visit = open_page(lesson, draw_all=False)
    root = visit.page.locator(f"#grader-{key}")
    root.scroll_into_view_if_needed()
    outputs = exercise_data(root)["outputs"]
    example = root.locator('[name="event"]').get_attribute("placeholder")
    label = root.locator(f'label[for="grader-{key}-event"]').inner_text()
    assert f"예: {example})" in label
    assert example.startswith("{") and example.endswith("}")
    items = example[1:-1].split(", ")
    assert items and set(items) <= set(outputs), (example, outputs)
    data = exercise_data(root)
    first = pair_text(data, data["pairs"][0])
    verdict, text = grade(root, verdict="breaks", pair=first, event=example)
    assert verdict == "wrong" and "깨지지 않습니다" in text  # read, and breaks no pair
    assert root.locator('[name="event"]').get_attribute("aria-invalid") is None


def test_break_the_claim_grades_each_answer(open_page):
    visit = open_page(LESSON, draw_all=False)
    root = visit.page.locator("#grader-rr-break")
    root.scroll_into_view_if_needed()
    assert root.locator(".dplab-grader-static").is_hidden()
    verdict, text = grade(root, verdict="breaks", pair="1→2", event="{1}")
    assert verdict == "right" and "순서쌍 1→2, 사건 S = {1}" in text
    verdict, text = grade(root, verdict="breaks", pair="0→1", event="4")
    assert verdict == "wrong" and "깨지지 않습니다" in text
    verdict, text = grade(root, verdict="breaks", pair="0→1", event="0, 7")
    assert verdict == "invalid" and "“7”" in text
    assert root.locator('[name="event"]').get_attribute("aria-invalid") == "true"
    verdict, text = reveal(root)
    assert "순서쌍 0→1, 사건 S = {0}" in text
    assert "P(S) = 6561/10000 = 0.6561" in text and "Q(S) = 729/10000 = 0.0729" in text
    assert "P(S) − α·Q(S) = 2187/5000 = 0.4374 > δ = 0" in text

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
    verdict, below = grade(root, delta="1/16")
    assert verdict == "wrong"
    assert below.startswith("δ = 1/16 = 0.0625는 필요한 가장 작은 δ가 아닙니다.")
    assert "P(y) > α·Q(y)인 출력 y를 모두 모은 사건 S" in below  # the method, not the side
    verdict, above = grade(root, delta="1/4")
    assert verdict == "wrong" and above.startswith("δ = 1/4 = 0.25는 ")
    assert below.split("아닙니다.", 1)[1] == above.split("아닙니다.", 1)[1]
    for text in (below, above):
        assert "→" not in text and str(answer) not in text
        assert not any(word in text for word in ("작습니다", "큽니다", "더 작은 δ"))
    assert grade(root, delta="3/0")[0] == "invalid"
    assert grade(root, delta="1.5")[0] == "invalid"  # δ above 1
    verdict, text = reveal(root)
    assert verdict == "solution" and f"정답: δ = {answer} = 0.1875." in text
    assert "순서쌍 0→1, 사건 S = {0}에서 P(S) = 9/16 = 0.5625, Q(S) = 3/16 = 0.1875" in text
    for typed in (str(answer), "0.1875", " 6 / 32 "):
        verdict, text = grade(root, delta=typed)
        assert verdict == "right", typed
    assert visit.console_errors == []


@pytest.mark.parametrize(("lesson", "key"), [(lesson, key) for lesson, key, _, _ in CLAIM_GRADERS])
def test_no_pair_is_chosen_at_first_and_an_empty_answer_is_refused(open_page, lesson, key):
    """Every "break this claim" grader starts with no pair chosen; grading "breaks" without a
    pair, or with an empty event box, is refused with what to do, not graded."""
    visit = open_page(lesson, draw_all=False)
    root = visit.page.locator(f"#grader-{key}")
    root.scroll_into_view_if_needed()
    select = root.locator('[name="pair"]')
    assert select.input_value() == ""
    assert select.locator("option:checked").inner_text() == "순서쌍을 고르세요"
    data = exercise_data(root)
    outputs = "{" + ", ".join(data["outputs"]) + "}"
    verdict, text = grade(root, verdict="breaks", event=data["outputs"][0])
    assert (verdict, text) == ("invalid", "먼저 순서쌍을 고르세요.")
    assert select.get_attribute("aria-invalid") == "true"
    worst = pair_text(data, data["expected"]["pair"])
    verdict, text = grade(root, verdict="breaks", pair=worst, event="")
    assert verdict == "invalid" and text.startswith("사건을 입력하세요: ") and outputs in text
    assert root.locator('[name="event"]').get_attribute("aria-invalid") == "true"
    assert select.get_attribute("aria-invalid") is None
    assert visit.console_errors == []


def test_the_grader_with_its_answer_shown_is_accessible(open_page):
    page = open_page("lessons/composition.html", draw_all=False).page
    root = page.locator("#grader-comp-break")
    root.scroll_into_view_if_needed()
    assert grade(root, verdict="holds")[0] == "wrong"
    assert reveal(root)[0] == "solution"
    check_own(root)
    for scheme in ("light", "dark"):  # every answer shown, in each palette
        switch_palette(page, scheme)
        assert serious_axe_violations(page, within="#grader-comp-break") == [], scheme


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
    data = page_json(page.locator("#grader-rr-break .dplab-grader-data"))
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
