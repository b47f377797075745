"""Claims of lessons 1–5 that the December 2026 reviews found wrong, overstated or badly worded.

Where the fix is a value, the value is recomputed here; where it is a sentence, the sources of
both editions are scanned for the old reading and for the corrected statement (a wording scan:
the built page is checked by tests/site/test_reader_words.py and the editions tests).
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest

from dplab.accounting import composition
from dplab.mechanisms import gaussian
from dplab.views._labels import label
from dplab.views._particles import final_sound

ROOT = Path(__file__).resolve().parents[2]
KO = ROOT / "lessons_src"
EN = ROOT / "lessons_src" / "en"
NAMES = ("01-tour", "02-randomized-response", "03-laplace", "04-gaussian", "05-composition")
EDITIONS = {"ko": KO, "en": EN}


def source(edition: str, name: str) -> str:
    return (EDITIONS[edition] / f"{name}.md").read_text("utf-8")


def component(text: str, kind: str, title_part: str) -> str:
    """The body of the first ``::: kind title`` component whose title contains ``title_part``."""
    match = re.search(
        rf"^::: {kind}\b[^\n]*{re.escape(title_part)}[^\n]*\n(.*?)^:::$", text, re.M | re.S
    )
    assert match, f"no ::: {kind} … {title_part}"
    return match[1]


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines a reader sees as text: after the front matter, outside code blocks and
    ``::: implementation`` boxes."""
    lines, in_code, in_box = [], False, False
    start = text.index("\n---", 3) + 4
    for number, line in enumerate(text[start:].splitlines(), text[:start].count("\n") + 1):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        if line.startswith("::: implementation"):
            in_box = True
            continue
        if in_box and line.strip() == ":::":
            in_box = False
            continue
        if not in_box:
            lines.append((number, line))
    return lines


def without_math(line: str) -> str:
    return re.sub(r"\$`[^`]*`\$|`[^`]*`", " ", line)


# ---------------------------------------------------------------------------------------------
# δ is not a fraction of people, but δ = 0.05 permits exposing one record in 20 (U3/B6)


def record_publishing_delta(delta: Fraction, n: int = 2) -> Fraction:
    """The exact (0, δ) requirement of the mechanism that publishes each of n bits whole,
    independently with probability δ, for the neighbouring pair (0, …, 0) → (1, 0, …, 0)."""

    def law(bits: tuple[int, ...]) -> dict[tuple, Fraction]:
        out: dict[tuple, Fraction] = {}
        for shown in itertools.product((False, True), repeat=n):
            weight = math.prod(delta if s else 1 - delta for s in shown)
            key = tuple(b if s else None for b, s in zip(bits, shown, strict=True))
            out[key] = out.get(key, Fraction(0)) + weight
        return out

    p, q = law((0,) * n), law((1,) + (0,) * (n - 1))
    return sum(max(Fraction(0), p[y] - q.get(y, Fraction(0))) for y in p)


@pytest.mark.parametrize("delta", [Fraction(1, 20), Fraction(1, 1000)])
def test_publishing_each_record_with_probability_delta_is_exactly_zero_delta_private(delta):
    assert record_publishing_delta(delta) == delta


def test_rr_misreading_box_warns_that_delta_permits_exposing_records():
    ko, en = source("ko", NAMES[1]), source("en", NAMES[1])
    box_ko = component(ko, "misreading", "δ는 노출되는")
    box_en = component(en, "misreading", "δ is not the fraction")
    assert "정의에는 사람 수가 나오지 않습니다" in box_ko
    assert "never mentions the number of people" in box_en
    for box in (box_ko, box_en):
        assert r"(0, \delta)" in box and "{{ 1 / delta_claim }}" in box and "1/n" in box
    # the lesson's claim is δ = 5/100: one record in 20, and the mechanism is (0, 1/20)
    assert "delta_claim = Fraction(5, 100)" in ko
    assert 1 / Fraction(5, 100) == 20
    assert record_publishing_delta(Fraction(5, 100)) == Fraction(1, 20)


def test_rr_quiz_explains_the_record_publishing_mechanism():
    for edition in EDITIONS:
        quiz = component(source(edition, NAMES[1]), "quiz", "")
        question = quiz.split("--- question")[2]
        assert r"(0, \delta)" in question and "{{ 1 / delta_claim }}" in question


def test_gaussian_misreading_box_warns_that_delta_permits_exposing_records():
    for edition, title in (("ko", "누군가 드러날"), ("en", "probability that someone")):
        box = component(source(edition, NAMES[3]), "misreading", title)
        assert r"(0, \delta)" in box and "{{ 100 * d_sum:.0f }}%" in box and "1/n" in box


# ---------------------------------------------------------------------------------------------
# The classic bound needs σ strictly above √(2 ln(1.25/δ))·Δ/ε (U6/B5, m5)


@pytest.mark.parametrize("eps", [0.1, 0.5, 0.9])
@pytest.mark.parametrize("target", [1e-5, 1e-10])
def test_the_boundary_of_the_classic_bound_over_delivers(eps, target):
    """The table shows the boundary σ and the δ it gives: far below the target, so σ just above
    the boundary (which the theorem covers) meets the target too."""
    c = gaussian.compare_calibrations(1, eps, target)
    assert c.classic_sigma == pytest.approx(math.sqrt(2 * math.log(1.25 / target)) / eps)
    assert c.classic_delta < target / 100
    assert c.exact_sigma < c.classic_sigma


def test_the_classic_bound_is_stated_with_the_strict_inequality():
    ko, en = source("ko", NAMES[3]), source("en", NAMES[3])
    assert "엄격한 부등식" in ko and "strict inequality" in en
    for text in (ko, en):
        # m5: no citation glued to the formula, and the boundary is not called the bound itself
        assert r"\Delta/\varepsilon`$[@" not in text
        assert r"고전 상계 $`\sigma = \sqrt" not in text
        assert r"classic bound $`\sigma = \sqrt" not in text
    assert "고전 상계의 경계값" in ko and "boundary of the classic" in en


# ---------------------------------------------------------------------------------------------
# Quiz Q4 of the Gaussian lesson: the tail outside ±1.96σ does not move at all (U7/A4)


@pytest.mark.parametrize("sigma", [0.25, 1.0, 4.0, 1000.0])
def test_the_probability_outside_196_sigma_is_the_same_for_every_sigma(sigma):
    _, high = gaussian.error_interval(sigma, z=1.96)
    outside = math.erfc(high / (sigma * math.sqrt(2)))
    assert outside == pytest.approx(math.erfc(1.96 / math.sqrt(2)), rel=1e-12)
    assert round(outside * 100) == 5


def test_the_quiz_no_longer_says_the_tail_probability_moves():
    ko, en = source("ko", NAMES[3]), source("en", NAMES[3])
    assert "따로 움직입니다" not in ko and "moves independently" not in en
    assert "조금도 달라지지 않고" in ko and "does not move at all" in en


# ---------------------------------------------------------------------------------------------
# Korean particles after TeX that the build does not adjust (m3)

PARTICLE = re.compile(r"\$`([^`]*)`\$(으로|을|를|이|가|은|는|과|와|로)(?=[\s.,;:!?)\"”]|$)")
CONSONANT_PARTICLES = {"을", "이", "은", "과", "으로"}
GREEK_NAMES = (
    "alpha", "beta", "gamma", "delta", "Delta", "sigma", "mu", "pi", "rho", "tau", "eta",
    "theta", "lambda", "phi", "varphi", "Phi", "chi", "kappa", "omega", "infty", "xi",
    "zeta", "psi", "nu",
)  # fmt: skip
GREEK = dict.fromkeys(GREEK_NAMES, "vowel") | {
    "varepsilon": "consonant",
    "epsilon": "consonant",
    "ell": "rieul",
}


def reading(tex: str) -> str | None:
    """How a short TeX ends when read aloud in Korean, or None when these rules do not say.

    A fraction a/b is read "b분의 a", a power "…승", a prime "프라임", a group or a function
    application by what its last parenthesis holds ("(729, 0)" 영, "P(S)" 에스)."""
    t = re.sub(r"(\\[,;!: ]|\\quad|\\bigr|\\Bigr|\\right)+", "", tex).strip().rstrip(".,")
    t = re.sub(r"\\(?:text|mathrm|operatorname)\{([^{}]*)\}", r"\1", t)
    if "{{" in t.rsplit("}}", 1)[-1] or t.endswith("}}"):
        return None  # ends in a computed value: the build chooses the particle
    if m := re.search(r"\\[dt]?frac\s*(\d)(\d)$", t):
        return reading(m[1])
    if m := re.search(r"(?:^|[\s=+\-(,])(\(?[^/()\s=]+\)?)/(\w+|\([^()]*\))$", t):
        # a/b is read "b분의 a": certain only when a is a number ("2b분의 일")
        numerator = m[1].strip("()")
        return final_sound(numerator) if re.fullmatch(r"\d+", numerator) else None
    if t.endswith(")") and t.count("(") == t.count(")"):
        depth = 0
        for i in range(len(t) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(t[i], 0)
            if depth == 0:
                inner = t[i + 1 : -1]
                last = re.split(r",|\\mid", inner)[-1]
                return reading(last) if last.strip() else None
        return None
    if t.endswith("'"):
        return "consonant"
    if m := re.search(r"_\{([^{}]*)\}$|_(\\?[A-Za-z]+|\w)$", t):
        return reading(m[1] or m[2])
    if re.search(r"\^\{[^{}]*\}$|\^\\?\w+$", t):
        return "consonant"
    if m := re.search(r"\\[dt]?frac\{([^{}]*)\}\{[^{}]*\}$", t):
        return reading(m[1])
    if m := re.search(r"\\([A-Za-z]+)$", t):
        return GREEK.get(m[1])
    if t.endswith(("}", "]", "|")):
        return None
    return final_sound(t)


def particle_mistakes(text: str) -> list[str]:
    found = []
    for number, line in prose_lines(text):
        for match in PARTICLE.finditer(line):
            sound, particle = reading(match[1]), match[2]
            if sound is None:
                continue
            if particle in ("으로", "로"):
                right = "으로" if sound == "consonant" else "로"
            else:
                wants_consonant = particle in CONSONANT_PARTICLES
                right = particle if wants_consonant == (sound != "vowel") else None
            if right != particle:
                found.append(f"{number}: …{match[0][-40:]}")
    return found


def test_the_particle_reading_rules():
    assert reading(r"(A,\delta)=(729, 0)") == "consonant"
    assert reading(r"D \sim D'") == "consonant"
    assert reading(r"e^{\Delta/b}") == "consonant"
    assert reading(r"P(S)") == "vowel"
    assert reading(r"1/(2b)") == "rieul"
    assert reading(r"B/(n\varepsilon)") is None  # "nε분의 B" or "B 나누기 nε"
    assert reading(r"p < \tfrac12") == "rieul"
    assert reading(r"\delta_{\text{전체}}") == "vowel"


@pytest.mark.parametrize("name", NAMES)
def test_korean_particles_after_tex_agree_with_its_reading(name):
    assert not particle_mistakes(source("ko", name))


def test_the_two_particles_the_review_quoted_are_fixed():
    assert "{{ ex2_basic.delta }})`$을" in source("ko", NAMES[4])
    assert "{{ num(ex3_delta) }})`$을" in source("ko", NAMES[2])


# ---------------------------------------------------------------------------------------------
# The composition lab note: the advanced-composition δ is a rational upper bound (m8)


def test_advanced_delta_is_a_rational_upper_bound_of_an_irrational_value():
    """δ' = exp(−r²/(2kε²)) is irrational; the lab uses a rational number just above it."""
    with mpmath.workdps(60):
        eps = mpmath.log(mpmath.mpf(11) / 10)
        r = mpmath.log(250) - 100 * eps * mpmath.mpf("0.1")
        exact = mpmath.exp(-(r**2) / (2 * 100 * eps**2))
        bound = composition.advanced_delta(Fraction(11, 10), 0, 100, 250)
        assert isinstance(bound, Fraction) and r > 0
        gap = mpmath.mpf(bound.numerator) / bound.denominator - exact
        assert 0 <= gap < exact * mpmath.mpf("1e-15")
    # the other three ways are exact fractions: two releases of (ln 2, 0) at A = 1 need 1/3
    assert composition.optimal_delta(2, 0, 2, 1) == Fraction(1, 3)
    assert composition.basic_delta(Fraction(11, 10), Fraction(1, 100), 3, 2) == Fraction(3, 100)


@pytest.mark.parametrize(
    ("lang", "phrase"), [("ko", "유리수 상계"), ("en", "rational upper bound")]
)
def test_the_lab_note_says_how_the_advanced_delta_is_computed(lang, phrase):
    note = label("comp.lab_note", lang=lang)
    assert phrase in note
    assert "δ는 모두 정확한 분수" not in note and "Every δ is computed from exact" not in note


# ---------------------------------------------------------------------------------------------
# Reader words: no build words, Arb, exception or dplab names in the prose of lessons 1–5


READER = re.compile(
    r"(?<![A-Za-z])(?:build|built|Arb)(?![A-Za-z])|빌드|[A-Z][A-Za-z]*Error\b"
    r"|`(?:dplab\.)?[a-z_]+\.[a-z_.]+(?:`|\()|`[a-z]+_[a-z_]+(?:`|\()"
)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", NAMES)
def test_lesson_prose_uses_reader_words(edition, name):
    found = [
        f"{number}: {line.strip()}"
        for number, line in prose_lines(source(edition, name))
        if READER.search(re.sub(r"\$`[^`]*`\$", " ", line))
    ]
    assert not found, "\n".join(found)


# ---------------------------------------------------------------------------------------------
# English terms and notation (shared brief)


PLAIN_NOTATION = re.compile(r"e\^|d_EM|_user|α = e|(?<![\w$])ε = ")


@pytest.mark.parametrize("name", NAMES)
def test_english_terms_and_notation(name):
    found = []
    for number, line in prose_lines(source("en", name)):
        words = without_math(line)
        if line.startswith((":::", "#", "  - ")):
            continue  # titles and goals are plain text, not typeset
        if re.search(r"\blaws?\b(?! of large numbers)|adjacent pair|\bdata is\b", words):
            found.append(f"{number}: {line.strip()}")
        # A quiz option is the label of a radio button: one that is a formula alone has no
        # accessible name (tests/site/test_quiz_options.py), so "ε = 2" stays text there.
        if PLAIN_NOTATION.search(words) and not re.match(r"- \[[ x]\] ", line):
            found.append(f"{number}: {line.strip()}")
    assert not found, "\n".join(found)
