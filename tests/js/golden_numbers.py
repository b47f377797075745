"""Numbers as text: lab.js's copies of :mod:`dplab.views.numbers`, and its number reader.

lab.js writes the labs' numbers in the page, so each of its text rules must give what the
Python rule gives on every case here: ``superscript``, ``decimalText``, ``approxRatio`` and
``roundedRatio`` (every digit count the labs use, every bound), ``shown``/``valueText``,
``fractionText``, ``shortDecimal``, ``numberText``, ``exactText``
(:func:`~dplab.views.numbers.fraction_decimal_text`), ``floatRatio`` (a double's exact
value), the doubles' texts ``floatText``, ``log10Text`` and ``tinyText`` (the Gaussian lab),
``fromSuperscript``, ``powerOfTenText``, and the number a text shows, ``shownValue``
exactly and ``shownNumber`` as the nearest double (the composition lab's chart).
The inputs are the edges (0, ±1, powers of ten and the values just beside them,
rounding ties, carries into a new digit, BigInt ratios far outside the double range) and a
seeded random spread.

``readNumber`` (the labs' steppers and graders) is checked the other way round: each
spelling is made from a known value by Python's own formatting (``f"{n:,}"``, ``f"{x:e}"``,
``str(Decimal)``) or is a text :class:`fractions.Fraction` parses, so the expected value
comes from Python, not from a second copy of the reader; the texts it refuses are spelled
out with the reason it must give.
"""

from __future__ import annotations

import math
import random
import struct
from decimal import Decimal
from fractions import Fraction

from dplab.views import numbers
from tests.js.golden import ratio_parts

DIGIT_COUNTS = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12)
"""Significant digits: the labs use 4 and 6 (and more in compared texts); the rest are edges."""

BOUNDS = (None, "upper", "lower")


def golden_ratios() -> list[Fraction]:
    """Exact values at every edge of the rules, and a seeded random spread."""
    rng = random.Random(22)
    edges = [Fraction(0), Fraction(1), Fraction(-1), Fraction(1, 3), Fraction(2, 3)]
    for exponent in range(-12, 13):
        power = Fraction(10) ** exponent
        # a power of ten, just below and above it, and half a unit of the 4th digit beside it
        edges += [power, power * Fraction(99995, 100000), power * Fraction(100005, 100000)]
        edges += [power - Fraction(1, 10**15), power * Fraction(9999999, 10**7)]
    # rounding ties at 4 and 6 digits, and a carry into a new digit
    edges += [Fraction(12345, 10**8), Fraction(1234565, 10**7), Fraction(99995, 10**5)]
    edges += [Fraction(1, 2**k) for k in range(1, 40)]  # dyadic: short, then long decimals
    edges += [Fraction(3001, 102001), Fraction(6561, 10**4), Fraction(65609, 10**5)]
    edges += [Fraction(1, 10**300), Fraction(7 * 10**400, 3), Fraction(1, 3 * 10**500)]
    edges += [Fraction(10**40 + 1, 10**40), Fraction(2**200, 3**120)]
    spread = [
        Fraction(
            rng.randrange(1, 10 ** rng.randrange(1, 14)),
            rng.randrange(1, 10 ** rng.randrange(1, 14)),
        )
        for _ in range(400)
    ]
    spread += [
        Fraction(rng.randrange(-(10**9), 10**9), 10 ** rng.randrange(0, 14)) for _ in range(200)
    ]
    values = edges + spread
    return values + [-v for v in values if v > 0]


def golden_doubles() -> list[float]:
    """Finite doubles of every kind: zero, subnormal, tiny, huge, and random bit patterns."""
    rng = random.Random(23)
    doubles = [0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]
    doubles += [0.1, 0.5, 1 / 3, -2.8125, 1e-5, 123456.7, 2.0**-1074, 2.0**100]
    for _ in range(300):
        value = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if math.isfinite(value):
            doubles.append(value)
    return doubles


def golden_logs() -> list[float]:
    """log₁₀ values: ties at the 4th decimal (exact in binary), carries, the Gaussian lab's
    range, and a seeded random spread."""
    rng = random.Random(24)
    logs = [0.0, -0.0, 1 / 32, -1 / 32, 3 / 64, -0.00005, -0.8963988, -2223595.49044]
    logs += [-0.000001, -0.99999, -1.00004999, -299.99999, -12.34565, 0.99995]
    logs += [k / 2**14 for k in range(-40, 41)]
    logs += [rng.uniform(-400, 10) for _ in range(300)]
    logs += [-(10 ** rng.uniform(0, 7)) for _ in range(200)]
    return logs


def golden_shown_texts() -> list[str]:
    """Display texts of every kind the labs read back: value_text at 4 and 6 digits, and
    float_text (with the typeset minus)."""
    texts = [numbers.value_text(v, s) for v in golden_ratios() for s in (4, 6)]
    texts += [numbers.float_text(d, s) for d in golden_doubles() for s in (4, 8)]
    return texts


def _nearest_double(value: Fraction) -> float | None:
    """``float(value)``, or None where the double range has no room for it."""
    try:
        return float(value)
    except OverflowError:
        return None


# --- the number reader ---------------------------------------------------------------------


def reader_spellings() -> list[tuple[str, Fraction]]:
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
    # −1, 3/4, 1e3 and 1,000 were all "숫자로 읽을 수 없습니다" in the steppers (issue 21)
    cases += [("−1", Fraction(-1)), ("3/4", Fraction(3, 4)), ("1e3", Fraction(1000))]
    cases += [("1,000", Fraction(1000))]
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
"""Texts the reader refuses, with the reason (a label key) it must name."""


def golden() -> dict[str, list]:
    ratios = golden_ratios()
    approx = [
        [
            [*ratio_parts(v), s, b],
            numbers.approx_text(v, s, b),
            ratio_parts(numbers.rounded(v, s, b)),
        ]
        for v in ratios
        for s in DIGIT_COUNTS
        for b in BOUNDS
    ]
    shown = []
    for v in ratios:
        for s in (4, 6, 8):
            for b in BOUNDS:
                text = numbers.value_text(v, s, b)
                number = v if text.startswith("= ") else numbers.rounded(v, s, b)
                shown.append([[*ratio_parts(v), s, b], [text, *ratio_parts(number)]])
    exact = [
        [
            ratio_parts(v),
            [
                numbers.fraction_text(v),
                numbers.is_short_decimal(v),
                numbers.number_text(v),
                numbers.fraction_decimal_text(v),
            ],
        ]
        for v in ratios
    ]
    decimals = [
        [[str(n), d], numbers.decimal_text(n, d)]
        for n in (0, 1, -1, 5, -25, 120, 4374000, 10**9, -(10**30) - 7, 123456789)
        for d in (0, 1, 2, 3, 7, 9, 12, 40)
    ]
    exponents = [*range(-30, 31), 2026, -2223596, 10**6, -(10**9)]
    doubles = golden_doubles()
    shown_texts = golden_shown_texts()
    logs = golden_logs()
    return {
        "superscript": [[e, numbers.superscript(e)] for e in exponents],
        "power_of_ten": [[e, numbers.power_of_ten_text(e)] for e in exponents],
        "from_superscript": [
            [text, numbers.from_superscript(text)]
            for text in [numbers.superscript(e) for e in exponents] + ["10⁶", "≈ 1.2×10⁻⁷", "x²"]
        ],
        "float_text": [[[d, s], numbers.float_text(d, s)] for d in doubles for s in (2, 4, 8)],
        "log10_text": [[x, numbers.log10_text(x)] for x in logs],
        "tiny_text": [[x, numbers.tiny_text(x)] for x in logs if x < 0],
        "shown_value": [
            [
                text,
                [
                    *ratio_parts(numbers.shown_value(text)),
                    _nearest_double(numbers.shown_value(text)),
                ],
            ]
            for text in shown_texts
        ],
        "decimal": decimals,
        "approx": approx,
        "shown": shown,
        "value_text": [[ratio_parts(v), numbers.value_text(v)] for v in ratios],
        "exact": exact,
        "float_ratio": [[d, ratio_parts(Fraction(d))] for d in doubles],
        "read": [[text, ratio_parts(value)] for text, value in reader_spellings()],
        "refused": list(SPELLED_REFUSALS.items()),
    }
