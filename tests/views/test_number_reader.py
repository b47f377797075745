"""The number reader of the labs and graders (``readNumber`` in lab.js), checked in Node.

Each golden vector is a spelling made from a known value: Python's own formatting
(``f"{n:,}"``, ``f"{x:e}"``, ``str(Decimal)``) or a text that ``fractions.Fraction``
parses, so the expected value comes from Python, not from a second copy of the reader.
The texts it refuses are spelled out with the reason it must give.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

from dplab.views._labels import LABELS
from tests.helpers import run_lab_js

READ_EACH = """
process.stdout.write(JSON.stringify(input.map((text) => {
  const read = lab.readNumber(text);
  return read.value ? [read.value.n.toString(), read.value.d.toString()] : read.reason;
})));
"""


def read_in_node(texts: list[str]) -> list[Fraction | str]:
    return [
        Fraction(int(got[0]), int(got[1])) if isinstance(got, list) else got
        for got in run_lab_js(READ_EACH, texts)
    ]


def golden_vectors() -> list[tuple[str, Fraction]]:
    """(text, exact value) for integers, decimals, scientific notation, thousands
    separators, fractions and both minus signs."""
    rng = random.Random(21)
    integers = [*range(-30, 31), 999, 1000, 1001, 10**6, -(10**9), 10**30 + 7]
    integers += [rng.randrange(-(10**12), 10**12) for _ in range(80)]
    decimals = [
        Decimal(rng.randrange(-(10**8), 10**8)).scaleb(-rng.randrange(0, 12)) for _ in range(120)
    ]
    decimals += [Decimal(text) for text in ("0.5", "0.90", "1.0", "0.001", "-0.25", "100.000")]
    cases: list[tuple[str, Fraction]] = []
    for n in integers:
        signed = f"+{n}" if n >= 0 else str(n)
        cases += [(str(n), Fraction(n)), (f"{n:,}", Fraction(n)), (signed, Fraction(n))]
    for d in decimals:
        cases += [(str(d), Fraction(d)), (f"{d:e}", Fraction(d)), (f"{d:E}", Fraction(d))]
        cases += [(f"{d:,f}", Fraction(d))]
    for text in (".5", "5.", "-.25", "1e3", "1E-3", "2.5e+10", "7e0", "1e1000", "1e-1000", "0e5"):
        cases.append((text, Fraction(text)))
    plain = [text for text, _ in cases if "," not in text and "+" not in text]
    for _ in range(300):  # a/b of two numbers, with or without spaces around the slash
        top, bottom = rng.choice(plain), rng.choice(plain)
        if Fraction(bottom) == 0:
            continue
        slash = rng.choice(["/", " / ", "/ "])
        cases.append((top + slash + bottom, Fraction(top) / Fraction(bottom)))
    # the Unicode minus (U+2212) reads as "-"
    cases += [(text.replace("-", "\u2212"), value) for text, value in cases if "-" in text]
    cases += [(f"  {text}\t", value) for text, value in cases[:20]]
    return cases


SPELLED_REFUSALS = {
    "": "number.empty",
    "   ": "number.empty",
    "abc": "number.not_number",
    "1.2.3": "number.not_number",
    ".": "number.not_number",
    "e5": "number.not_number",
    "--1": "number.not_number",
    "−−1": "number.not_number",
    "0x10": "number.not_number",
    "1//2": "number.not_number",
    "1/2/3": "number.not_number",
    "1 000": "number.not_number",
    "½": "number.not_number",
    "inf": "number.not_number",
    "50%": "number.not_number",
    "0,9": "number.comma",
    "1,00": "number.comma",
    "1,0000": "number.comma",
    "12,34,567": "number.comma",
    ",5": "number.comma",
    "1,000,": "number.comma",
    "1/0": "number.zero_denominator",
    "3/0.0": "number.zero_denominator",
    "1e1001": "number.exponent",
    "1e-99999": "number.exponent",
    "1" * 201: "number.too_long",
}


def test_the_reader_reads_every_spelling_to_its_exact_value():
    cases = golden_vectors()
    assert len(cases) > 1500
    got = read_in_node([text for text, _ in cases])
    mismatches = [(text, g, want) for (text, want), g in zip(cases, got, strict=True) if g != want]
    assert mismatches == []


def test_the_issue_s_spellings_are_read():
    """−1, 3/4, 1e3 and 1,000 were all "숫자로 읽을 수 없습니다" in the steppers (issue 21)."""
    texts = ["−1", "3/4", "1e3", "1,000"]
    assert read_in_node(texts) == [Fraction(-1), Fraction(3, 4), Fraction(1000), Fraction(1000)]


def test_the_reader_names_what_is_wrong_with_a_text_it_refuses():
    got = read_in_node(list(SPELLED_REFUSALS))
    assert dict(zip(SPELLED_REFUSALS, got, strict=True)) == SPELLED_REFUSALS
    # every reason, and every refusal of a stepper, is a label in both languages
    reasons = {*SPELLED_REFUSALS.values(), "lab.typed_negative", "lab.typed_probability"}
    reasons |= {"lab.typed_range", "lab.typed_off_grid", "lab.typed_refused"}
    for lang in ("ko", "en"):
        assert reasons <= LABELS[lang].keys(), lang
    assert LABELS["ko"]["lab.typed_negative"] == "음수는 안 됩니다."
    assert "0과 1 사이여야 합니다" in LABELS["ko"]["lab.typed_probability"]
