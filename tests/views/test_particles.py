"""Korean particles after computed values, against an independent reading of numbers.

The oracle spells a number out in Sino-Korean (천이백삼십사, 팔분의 삼, 영 점 이오) and reads
the final consonant from the last syllable's decomposed jamo (``unicodedata``), not from the
rules of :mod:`dplab.views._particles`.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from dplab.site.lesson import InlineValue, Prose
from dplab.site.render import fill_prose
from dplab.views import label
from dplab.views._particles import final_sound, fix_particle, format_with_particles

DIGITS = "영일이삼사오육칠팔구"
SMALL_UNITS = ["", "십", "백", "천"]
LARGE_UNITS = ["", "만", "억", "조", "경", "해"]


def spell_integer(n: int) -> str:
    """Sino-Korean spelling of ``n`` ≥ 0, as read aloud (10 is 십, not 일십)."""
    if n == 0:
        return "영"
    words = []
    group_index = 0
    while n:
        n, group = divmod(n, 10_000)
        if group:
            text = ""
            for position in range(3, -1, -1):
                digit = group // 10**position % 10
                if digit:
                    one = "" if digit == 1 and position else DIGITS[digit]
                    text += one + SMALL_UNITS[position]
            words.append(text + LARGE_UNITS[group_index])
        group_index += 1
    return "".join(reversed(words))


def spell(text: str) -> str:
    if "/" in text:
        numerator, denominator = text.split("/")
        return spell(denominator) + "분의 " + spell(numerator)
    if "." in text:
        whole, decimals = text.split(".")
        return spell_integer(int(whole)) + " 점 " + "".join(DIGITS[int(d)] for d in decimals)
    return spell_integer(int(text.replace(",", "")))


def oracle(spoken: str) -> str:
    jamo = unicodedata.normalize("NFD", spoken[-1])
    final = jamo[-1]
    if not "\u11a8" <= final <= "\u11c2":
        return "vowel"
    return "rieul" if final == "\u11af" else "consonant"


@given(st.integers(min_value=0, max_value=10**23))
@example(10**12)  # 일조: 조 has no 받침
@example(25 * 10**12)
@example(10**16)
@example(25 * 10**21)  # 이백오십해
@example(10**13)  # 십조
def test_integers_end_as_they_are_read(n):
    assert final_sound(str(n)) == oracle(spell(str(n)))
    assert final_sound(f"{n:,}") == oracle(spell(str(n)))


@given(
    st.fractions(min_value=0, max_value=1000, max_denominator=10**12).filter(
        lambda f: f.denominator > 1
    )
)
def test_fractions_end_in_their_numerator(f: Fraction):
    text = f"{f.numerator}/{f.denominator}"
    assert final_sound(text) == oracle(spell(text))


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=10**6))
def test_decimals_end_in_their_last_digit(whole, decimals):
    text = f"{whole}.{decimals}"
    assert final_sound(text) == oracle(spell(text))


@pytest.mark.parametrize(
    ("value", "sound"),
    [
        ("≈ 0.333", "consonant"),  # 삼
        ("$`\\delta = 0.5`$", "vowel"),  # markup around the value is skipped
        ("**7**", "rieul"),
        ("0.25 (통과)", "vowel"),  # the particle agrees with the word before a parenthesis
        ("(729, 0)", "consonant"),  # a value that is one group is read by what it holds
        ("()", None),
        ("10⁻⁶", "consonant"),  # 십의 마이너스 육 승
        ("1e-08", "consonant"),  # 승
        ("d", "vowel"),  # 디
        ("l", "rieul"),  # 엘
        ("n", "consonant"),  # 엔
        ("ε", "consonant"),  # 엡실론
        ("δ", "vowel"),  # 델타
        ("K′", "consonant"),  # 케이 프라임
        ("통과", "vowel"),
        ("실패", "vowel"),
        ("합성", "consonant"),
        ("{", None),
    ],
)
def test_what_a_value_ends_in(value, sound):
    assert final_sound(value) == sound


@pytest.mark.parametrize(
    ("value", "written", "right"),
    [
        ("2", "을 넣으면", "를 넣으면"),
        ("3", "를 넣으면", "을 넣으면"),
        ("3/8", "가 됩니다", "이 됩니다"),
        ("2", "이 됩니다", "가 됩니다"),
        ("d", "을 씁니다", "를 씁니다"),
        ("10", "는 크다", "은 크다"),
        ("4", "과 같다", "와 같다"),
        ("1", "으로 두면", "로 두면"),  # ㄹ takes 로
        ("3", "로 두면", "으로 두면"),
        ("2", "으로부터", "로부터"),
        ("3", "가지", "가지"),  # a counter word, not a particle
        ("3", "이고", "이고"),  # the copula is left as written
        ("3", "만큼", "만큼"),
        ("{", "을", "을"),  # unknown reading: as written
    ],
)
def test_the_particle_after_a_value_agrees_with_it(value, written, right):
    assert fix_particle(value, written) == right


def test_a_label_placeholder_takes_the_particle_its_value_needs():
    assert format_with_particles("{a}와 {b}를 비교", {"a": "3", "b": "1/2"}) == "3과 1/2을 비교"
    assert format_with_particles("{x:.2f}을", {"x": 0.5}) == "0.50을"
    # A real label of the course, whose value changes with the reader's choices.
    text = label("gauss.verdict_undecided", "ko", claim="2")
    assert text.endswith("2를 가르지 못했습니다.")
    assert label("gauss.verdict_undecided", "ko", claim="0.003").endswith(
        "0.003을 가르지 못했습니다."
    )


def test_an_inline_value_in_prose_takes_the_particle_its_value_needs():
    class Result:
        def __init__(self, value):
            self.value = value

    first, second = InlineValue("a", 1), InlineValue("b", 1)
    prose = Prose(1, ("p를 ", first, "을 넣고 ", second, "가 됩니다."))
    results = {id(first): Result("2"), id(second): Result("3/8")}
    assert fill_prose(prose, results) == "p를 2를 넣고 3/8이 됩니다."
