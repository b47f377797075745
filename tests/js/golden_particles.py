"""Korean particles after templated values: ready.js's port of :mod:`dplab.views._particles`.

ready.js fills the page scripts' texts in the page, so its ``fixParticle`` must pick what
:func:`~dplab.views._particles.fix_particle` picks on every case here (values of every kind
the rules distinguish, and the numbers around each rule's edge), and its ``words()`` what
:func:`~dplab.views._particles.format_with_particles` gives for templates with several
placeholders.  Python's own rules are checked against an independent reading of numbers in
``tests/views/test_particles.py``.
"""

from __future__ import annotations

from dplab.views._particles import fix_particle, format_with_particles


def golden_values() -> list[str]:
    """Values of every kind the rules distinguish, and the numbers around each rule's edge."""
    numbers = [str(n) for n in [*range(0, 121), 1000, 10**4, 10**8, 10**12, 123_456_789]]
    numbers += [str(k * 10**z) for k in (1, 7, 25) for z in range(4, 27)]
    numbers += [f"{n:,}" for n in (1000, 12_345, 10**6)]
    numbers += [f"{k}/{d}" for k in range(0, 12) for d in (3, 8, 10, 16)]
    numbers += [f"0.{d}" for d in ("25", "5", "10", "333", "4375", "07")]
    numbers += ["3/8 ≈ 0.375", "≈ 1.0", "−1", "10⁻⁶", "3⁸", "1e-08", "2.5E3", "50%", "∞"]
    marked = [
        "(729, 0)",
        "(1, 2)",
        "()",
        "(",
        "$`\\delta = 0.5`$",
        "**7**",
        "0.25 (통과)",
        "K′",
        "x_1",
        "<b>3</b>",
        "\\frac{3}{8}",
    ]
    letters = [*"abcdlmnrxyzLMNR", *"αβγδεθλμπσυΔΦ", "통과", "실패", "합성", "k번", "{", ""]
    return numbers + marked + letters


FOLLOWING = [
    *("을 넣고", "를 넣고", "이 됩니다", "가 됩니다", "은 크다", "는 크다"),
    *("과 같다", "와 같다", "과의 차이", "와도", "으로 두면", "로 두면", "로부터", "으로서"),
    *("`$를 넘는다", "**이 답", "가지", "이고", "만큼", "을까", ") 을", "", " 을"),
]


TEMPLATES = [
    ["{a}와 {b}를 비교하고 {c}로 나눕니다", {"a": "3", "b": "1/2", "c": "1"}],
    ["{a}와 {b}를 비교하고 {c}로 나눕니다", {"a": "d", "b": "0.25", "c": "3/8"}],
    ["δ = {d}가 필요하고 {{literal}}를 둡니다", {"d": "3/16"}],
]


def golden() -> dict[str, list]:
    cases = [[value, following] for value in golden_values() for following in FOLLOWING]
    return {
        "particles": [[case, fix_particle(*case)] for case in cases],
        "templates": [[case, format_with_particles(*case)] for case in TEMPLATES],
    }
