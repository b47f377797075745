"""Korean particles after computed values: 을/를, 이/가, 은/는, 과/와, 으로/로.

A Korean particle depends on how the word before it is read aloud: 을, 이, 은, 과 and 으로
follow a final consonant (받침), 를, 가, 는, 와 and 로 a vowel, and 로 also follows ㄹ
("일로", "칠로").  A lesson that writes ``{{ k }}을`` is right for k = 3 (삼을) and wrong
for k = 2 (이를), so the particle after a computed value is chosen from the value's text
when the page is built (:func:`fix_particle`), and a label's placeholders likewise
(:func:`format_with_particles`).  Authors may write either form.

How a value is read (Sino-Korean numbers, as a Korean reads a printed number):

* an integer ends in its last non-zero digit, or in the unit its trailing zeros make
  (10 십, 100 백, 1000 천, 10⁴ 만, 10⁸ 억, 10¹² 조, 10¹⁶ 경, 10²⁰ 해; beyond, unknown):
  ``2`` 이, ``30`` 삼십, ``0`` 영, ``10¹²`` 조 (no 받침);
* a decimal ends in its last digit, read alone (``0.25`` 영 점 이오);
* a fraction ``a/b`` is read "b분의 a": it ends in ``a``;
* a power (superscript exponent, ``e-8``) ends in 승; ``%`` is 퍼센트, ``∞`` 무한대;
* a Latin or Greek letter by its Korean name (``d`` 디, ``l`` 엘, ``ε`` 엡실론), a prime ′
  as 프라임, a Hangul syllable by itself;
* markup around the value (``$`…`$``, ``**``, a closing parenthesis with what it holds) is
  skipped: a particle agrees with the word before a parenthesis; a value that is one
  group, such as ``(729, 0)``, is read by what it holds.

A text whose reading these rules do not cover leaves the particle as the author wrote it.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

__all__ = [
    "NOUN_ENDINGS",
    "NOUN_ENDING_TAILS",
    "final_sound",
    "fix_particle",
    "format_with_particles",
    "plural_form",
]

VOWEL, RIEUL, CONSONANT = "vowel", "rieul", "consonant"

# Particles and endings that may follow a noun in the lessons' prose ("합성은", "합성으로는"),
# as a regular-expression alternation (the site's search finds a course term by them).
NOUN_ENDINGS = (
    "이라는|이라고|이라면|이란|이다|입니다|이고|이며|이면|이나|에서|에게|으로|부터|까지|보다|처럼"
    "|마다|만큼|라는|라고|라면|란|로|은|는|이|가|을|를|의|에|과|와|도|만|나"
)
# What may follow those once more ("합성으로는", "합성에서의").
NOUN_ENDING_TAILS = "는|은|의|도|만"

# How the last digit of a number is read: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGIT = {
    "0": CONSONANT,
    "1": RIEUL,
    "2": VOWEL,
    "3": CONSONANT,
    "4": VOWEL,
    "5": VOWEL,
    "6": CONSONANT,
    "7": RIEUL,
    "8": RIEUL,
    "9": VOWEL,
}
# Letters by their Korean names: 에이 비 씨 디 이 에프 지 에이치 아이 제이 케이 엘 엠 엔 오
# 피 큐 알 에스 티 유 브이 더블유 엑스 와이 제트.
_LATIN = {letter: VOWEL for letter in string.ascii_lowercase} | {
    "l": RIEUL,
    "m": CONSONANT,
    "n": CONSONANT,
    "r": RIEUL,
}
# 알파 베타 감마 델타 엡실론 제타 에타 세타 요타 카파 람다 뮤 뉴 크시 오미크론 파이 로 시그마
# 타우 입실론 피 카이 프사이 오메가.
_GREEK = dict.fromkeys("αβγδζηθικλμνξπρστφχψωΔΘΛΞΠΣΦΨΩ", VOWEL) | dict.fromkeys("εοϵυΥ", CONSONANT)
_LARGE_UNIT = (CONSONANT, CONSONANT, VOWEL, CONSONANT, VOWEL)  # 만 억 조 경 해
_SYMBOL = {"%": VOWEL, "∞": VOWEL, "′": CONSONANT, "″": CONSONANT}
_SUPERSCRIPT = set("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")

_NUMBER_END = re.compile(r"([0-9][0-9,]*)(?:\.([0-9]+))?$")
_FRACTION_END = re.compile(r"([0-9][0-9,]*)/[0-9][0-9,]*$")  # a/b is read "b분의 a"
_POWER_END = re.compile(r"[0-9][eE][+\-−]?[0-9]+$")  # 1e-8: …승
_MARKUP_END = re.compile(r"(?:[`$*_\s]|</?[a-z][^>]*>|\\[)\]])+$")
_PARENTHESIS_END = re.compile(r"\s*(?:\([^()]*\)|\[[^\[\]]*\])$")


def _hangul_final(syllable: str) -> str:
    coda = (ord(syllable) - 0xAC00) % 28
    return VOWEL if coda == 0 else RIEUL if coda == 8 else CONSONANT


def _number_final(integer: str, decimals: str | None) -> str | None:
    if decimals:
        return _DIGIT[decimals[-1]]
    digits = integer.replace(",", "")
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == len(digits) or zeros == 0:  # 0 is 영; otherwise the last digit
        return _DIGIT[digits[-1]]
    if zeros < 4:
        return CONSONANT  # …십, …백, …천
    # Past 10⁴ the reading ends in the unit of the last non-zero digit's group of four
    # (250000 이십오만, 10¹³ 십조): 만 (10⁴), 억, 조 (10¹²), 경, 해 (10²⁰).
    large = zeros // 4 - 1
    return _LARGE_UNIT[large] if large < len(_LARGE_UNIT) else None


def final_sound(text: str) -> str | None:
    """How ``text`` ends when read aloud: ``"vowel"``, ``"rieul"`` (ㄹ) or ``"consonant"``
    (any other 받침); None when the rules of this module do not say.

    >>> [final_sound(t)[0] for t in ("2", "3", "10", "1", "3/8", "0.25", "d", "ε", "3⁸", "통과")]
    ['v', 'c', 'c', 'r', 'c', 'v', 'v', 'c', 'c', 'v']
    """
    text = _MARKUP_END.sub("", text)
    while True:
        stripped = _MARKUP_END.sub("", _PARENTHESIS_END.sub("", text))
        if not stripped and text:  # the value is one group, (729, 0): read what it holds
            stripped = _MARKUP_END.sub("", text.strip()[1:-1])
        if stripped == text:
            break
        text = stripped
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        return _hangul_final(last)
    if last in _SUPERSCRIPT or _POWER_END.search(text):
        return CONSONANT  # …승
    if last in _DIGIT:
        if fraction := _FRACTION_END.search(text):
            return _number_final(fraction.group(1), None)
        number = _NUMBER_END.search(text)
        assert number is not None  # the text ends in a digit
        return _number_final(number.group(1), number.group(2))
    if last in _SYMBOL:
        return _SYMBOL[last]
    if last.isascii() and last.lower() in _LATIN:
        return _LATIN[last.lower()]
    return _GREEK.get(last)


# (after a consonant, after a vowel); 으로/로 takes 로 after ㄹ as well.
_PAIRS = (("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로"))
# A particle stands alone: what follows it is not a Hangul syllable, or one of the endings
# that combine with it (로는, 로도, 로부터, 로서, 로써, 로의; 와의, 와는, 와도).
_PARTICLE = re.compile(
    r"(으로|로)(?=(?:는|도|부터|서|써|의)?(?![가-힣]))"
    r"|(과|와)(?=(?:의|는|도)?(?![가-힣]))"
    r"|(을|를|이|가|은|는)(?![가-힣])"
)
_CLOSING = re.compile(r"(?:`\$|\*\*|\*)?")


def fix_particle(value: str, following: str) -> str:
    """``following`` with the particle it starts with (if any) agreeing with ``value``;
    the particle may come after the end of a formula (`` `$ ``) or of bold text that the
    value ends.

    >>> fix_particle("2", "을 고르면"), fix_particle("3/8", "가 됩니다"), fix_particle("7", "으로")
    ('를 고르면', '이 됩니다', '로')
    >>> fix_particle("3", "가지"), fix_particle("2", "이고")  # a counter word; the copula
    ('가지', '이고')
    >>> fix_particle("3/8", "`$가 필요합니다")  # the value ends a formula: $`δ = {{ d }}`$가
    '`$이 필요합니다'

    """
    closing_match = _CLOSING.match(following)  # an optional group: it always matches
    assert closing_match is not None
    closing = closing_match.group()  # the value ends a formula or bold text
    match = _PARTICLE.match(following, len(closing))
    sound = final_sound(value) if match else None
    if sound is None or match is None or match.lastindex is None:
        return following
    written = match.group(match.lastindex)
    for after_consonant, after_vowel in _PAIRS:
        if written in (after_consonant, after_vowel):
            if after_vowel == "로":
                right = after_consonant if sound == CONSONANT else after_vowel
            else:
                right = after_vowel if sound == VOWEL else after_consonant
            return closing + right + following[len(closing) + len(written) :]
    raise AssertionError(written)  # _PARTICLE matches only the forms of _PAIRS


def plural_form(value: object, forms: str) -> str:
    """The word of ``forms`` (``"one|other"``: the singular, then the plural) that agrees
    with the count ``value``: the first exactly when the value reads ``1`` (English: "1
    exercise", "0 exercises", "1.5 minutes"), the last otherwise.  A placeholder
    ``{count:one|other}`` in a catalog puts this word in place of the count (the count
    itself is written separately: ``{exercises} {exercises:exercise|exercises}``); Korean,
    whose nouns do not change with a count, never needs it.  ready.js's ``words()`` makes
    the same choice.

    >>> [plural_form(n, "exercise|exercises") for n in (1, 2, 0, "1", "1/8")]
    ['exercise', 'exercises', 'exercises', 'exercise', 'exercises']
    """
    words = forms.split("|")
    return words[0] if str(value).strip() == "1" else words[-1]


def format_with_particles(template: str, values: Mapping[str, object]) -> str:
    """``template.format(**values)``, each particle after a placeholder agreeing with the
    value put there (:func:`fix_particle`); a placeholder ``{name:one|other}`` gives the
    word that agrees with the count ``name`` (:func:`plural_form`).

    >>> format_with_particles("δ = {delta}를 넘습니다", {"delta": "3/8"})
    'δ = 3/8을 넘습니다'
    >>> format_with_particles("{n} {n:exercise|exercises}", {"n": 1})
    '1 exercise'
    """
    pieces: list[str] = []
    previous: str | None = None
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if previous is not None:
            literal = fix_particle(previous, literal)
        pieces.append(literal)
        if field is None:
            previous = None
            continue
        if spec and "|" in spec:
            previous = plural_form(values[field], spec)
            pieces.append(previous)
            continue
        one = (
            "{"
            + field
            + ("!" + conversion if conversion else "")
            + (":" + spec if spec else "")
            + "}"
        )
        previous = one.format(**values)
        pieces.append(previous)
    return "".join(pieces)
