"""Claims of lessons 6–9 that three reviews (2026-12) found false, overstated or unreadable, held
in both editions.

These are scans of the lesson sources: each test looks for the old false reading in both
editions and checks that the corrected statement is there.  The numbers themselves are held
elsewhere, on the code that computes them: the equality count of lesson 8 by a brute force in
``tests/views/labs/test_linear.py``, the exact factors of lesson 7's tables in
``tests/views/labs/test_emd.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons_src"
NAMES = {
    6: "06-inference.md",
    7: "07-user-level-metric.md",
    8: "08-user-level-linear.md",
    9: "09-user-level-itemwise.md",
}


def source(number: int, english: bool = False) -> str:
    folder = LESSONS / "en" if english else LESSONS
    return (folder / NAMES[number]).read_text("utf-8")


def prose(text: str) -> str:
    """The reader's text: without fenced code blocks, without folded implementation boxes and
    without the front matter."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    text = re.sub(r"^```.*?^```[ \t]*$", "", text, flags=re.S | re.M)
    return re.sub(r"^::: implementation.*?^:::[ \t]*$", "", text, flags=re.S | re.M)


def words(text: str) -> str:
    """:func:`prose` without inline formulas."""
    return re.sub(r"\$`[^`]*`\$", "", prose(text))


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_repeated_releases_add_deltas_at_most_not_at_least():
    """W1: basic composition gives the sum of the δs as an upper bound; the exact total can be
    smaller (1 − (1 − δ)^k < kδ) and is 0 for pure releases."""
    ko, en = flat(source(9)), flat(source(9, english=True))
    assert "적어도 더해집니다" not in ko and "at the very least" not in en
    assert "많아야 각 $`\\delta`$의 합" in ko and "상계일 뿐" in ko
    assert "needs at most the sum of the $`\\delta`$s" in en and "only an upper bound" in en


def test_a_change_at_distance_t_gets_alpha_to_2t():
    """W2: α^t is the floor every change gets; a change at distance t gets α^{2t}."""
    for text in (flat(source(9)), flat(source(9, english=True))):
        assert "\\alpha^{2t} \\approx {{ approx(t_far_factor) }}" in text
        assert "t_far_factor = release_factor ** float(2 * slack_t)" in text
    assert "변화의 $`\\alpha^{t}" not in flat(source(9)) and "바닥 $`\\alpha^{t}" in flat(source(9))
    en = flat(source(9, english=True))
    assert "of a change at distance $`t`$" not in en and "the floor $`\\alpha^{t}" in en


def test_the_pure_factor_fixes_both_end_slopes():
    """W3: the minimum over both orders fixes the slope at x = 0 and at x = 1."""
    ko, en = flat(source(6)), flat(source(6, english=True))
    assert "곡선의 한 끝" not in ko and "only one end of the curve" not in en
    assert (
        "양 끝 기울기($`x = 0`$에서 $`-\\alpha^\\ast`$, $`x = 1`$에서 $`-1/\\alpha^\\ast`$)" in ko
    )
    slopes = "($`-\\alpha^\\ast`$ at $`x = 0`$, $`-1/\\alpha^\\ast`$ at $`x = 1`$)"
    assert "two end slopes of the curve " + slopes in en


def test_the_equality_count_is_printed_from_the_check_in_both_parts():
    """W4: 432 equalities, 408 at positive distance and 24 at distance 0, all printed from the
    check (the count itself is tested against a brute force in tests/views/labs)."""
    for text in (flat(source(8)), flat(source(8, english=True))):
        assert '{{ f"{check.equalities:,}" }}' in text
        assert '{{ f"{check.attained:,}" }}' in text and "{{ check.at_zero }}" in text


def test_the_abstract_is_not_quoted():
    """U1: the relation of the two errors is derived in this course; the paper claims better
    utility for certain linear queries."""
    ko, en = flat(source(8)), flat(source(8, english=True))
    assert "요약에서 말하는" not in ko and '"두 정의의 유용성' not in ko
    assert "states in its abstract" not in en
    assert "이 관계는 이 강의가 유도한 것이며, 특정 선형 질의에서" in ko
    assert "This relation is derived in this course; it agrees with the paper's claim" in en


def test_the_reason_for_delta_below_one_over_n_is_the_publishing_mechanism():
    """U2: the likelihood-ratio band is one more reason to keep δ small; δ ≪ 1/n comes from
    the mechanism that publishes each record whole with probability δ."""
    ko, en = flat(source(6)), flat(source(6, english=True))
    assert (
        "까닭이 여기 있습니다" not in ko and "This is the reason $`\\delta`$ is usually" not in en
    )
    assert "까닭의 하나입니다" in ko and "통째로 공개하는 메커니즘" in ko
    assert "one more reason to keep $`\\delta`$ small" in en
    assert "publishes each record whole with probability $`\\delta`$" in en
    for text in (ko, en):
        assert "(randomized-response.md" in text


def test_the_factor_n_is_about_the_mean_squared_error():
    """U5: squared error grows like k(k + 1); the central model's mean squared error is n times
    smaller, its expected norm only about √n times."""
    ko, en = flat(source(8)), flat(source(8, english=True))
    assert (
        "중앙 모형이 $`n`$배 정확합니다" not in ko
        and "central model is $`n`$ times as accurate" not in en
    )
    assert "평균제곱오차" in ko and "$`k(k + 1)`$에 비례합니다" in ko
    assert "mean squared error" in en and "like $`k(k + 1)`$" in en and "$`\\sqrt{n}`$" in en


def test_the_frequency_setting_is_the_courses_own():
    """U8: the course chose the discrete-distance k-RR setting; the paper reports better utility
    (when the data have structure); the source of that gain is not claimed."""
    ko, en = flat(source(8)), flat(source(8, english=True))
    assert (
        "논문의 빈도 추정 예를 따랐습니다" not in ko
        and "follows the paper's frequency-estimation" not in en
    )
    assert "이 증폭으로 빈도 추정에서도" not in ko and "this amplification yields" not in en
    assert "이 설정은 이 강의가 고른 것입니다" in ko and "데이터에 구조가 있을 때" in ko
    assert "the course's own choice" in en and "when the data have structure" in en


def test_the_ratio_statement_names_the_complement_piece():
    """m6: the ratio bound is the piece 1 − δ − αx; the other piece is the complement."""
    assert "여사건에 반대 순서로" in flat(source(6))
    assert "the same inequality for the complement, in the other order" in flat(source(6, True))


def test_the_laplace_power_is_exact():
    """m1 (lesson 6): the power 3/20 is exact, not ≈ 0.15 of a float."""
    for text in (source(6), source(6, english=True)):
        assert "approx(lap_power)" not in text
        assert "\\alpha x = {{ lap_power_exact }}" in text


def test_bounds_are_rounded_outward_and_alike():
    """m4: the derived bound is rounded up, not by an f-string; α(α − 1) as in the table."""
    for text in (source(9), source(9, english=True)):
        assert "log10(bound_at[big]):.1f" not in text
        assert 'approx(log10(bound_at[big]), bound="upper")' in text
        assert "approx(soft_check.pure_bound_exponent)" not in text
        assert 'approx(soft_check.pure_bound_exponent, bound="upper")' in text


def test_particles_after_composite_tex():
    """m3: 은/이 after d_EM-ending formulas (read 엠) in lesson 9."""
    ko = source(9)
    assert "d_{\\mathrm{EM}}`$는 $`d_{\\mathrm{EM}}`$가" not in flat(ko)
    assert "1 + \\alpha(\\alpha - 1) d_{\\mathrm{EM}}`$은 $`d_{\\mathrm{EM}}`$이" in flat(ko)


def test_shuffling_can_shrink_delta():
    """m7: the quiz key says δ can shrink, not that it always does."""
    ko, en = flat(source(9)), flat(source(9, english=True))
    assert "숨어 $`\\delta`$가 줄어듭니다" not in ko and "so $`\\delta`$ goes down" not in en
    assert "줄어들 수 있습니다" in ko and "$`\\delta`$ can shrink" in en


def test_english_sentences_of_the_review():
    """English review §2.3 #22, #23 and the ASCII notation in prose and box titles."""
    en8, en9 = source(8, english=True), source(9, english=True)
    assert "Shaping the noise after" not in en8 and "unit ball of the norm" in en8
    assert "What is lost is the **same factor**" not in en9
    assert "the **original factor** $`\\alpha`$" in en9
    for number in NAMES:
        for english in (False, True):
            text = prose(source(number, english))
            assert not re.search(r"(?<![`{\w])d_EM(?![`}\w])", text), (number, english)


@pytest.mark.parametrize("number", NAMES)
def test_english_term_choices(number):
    text = prose(source(number, english=True))
    assert not re.search(r"\blaws?\b", text)
    assert not re.search(r"\badjacent (pair|input)", text)
    assert "data is" not in text


@pytest.mark.parametrize("english", [False, True])
@pytest.mark.parametrize("number", NAMES)
def test_reader_words_outside_code_and_implementation_boxes(number, english):
    """Item-wise, linear, metric and inference lessons: no dotted dplab names, build words,
    Arb or exception names in the reader's text."""
    text = words(source(number, english))
    assert not re.search(r"`dplab\.[\w.]+`", text)
    assert not re.search(r"\bbuild|\bbuilt\b|빌드|\bArb\b|\w+Error\b", text)
    assert not re.search(r"`[a-z]+_[a-z_]+`", text)  # snake_case function names


@pytest.mark.parametrize("language", ["ko", "en"])
def test_lab_texts_of_lessons_6_to_8_have_no_build_words(language):
    """The inference, d_EM and linear labs' texts (shown on failure too) speak of values
    computed in advance for the page, not of the build or of dplab."""
    import tomllib

    catalog = tomllib.loads((ROOT / "dplab/views/locales" / f"{language}.toml").read_text("utf-8"))
    for key, value in catalog.items():
        if key.split(".")[0] in ("inference", "emd", "linear") and isinstance(value, str):
            assert not re.search(r"\bbuil[dt]|빌드|dplab|사이트를 만들 때|\bArb\b", value), key
