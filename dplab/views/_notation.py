"""The course's notation and terms, one table per language.

Every lesson page offers this table in a panel that the reader can open at any time
(``docs/assets/dplab/components.js`` puts its button in the page header), and the course
map prints it.  An English edition replaces the ``"en"`` table; the symbols are small
HTML fragments (``<sup>``, ``<sub>``), the same in every language.
"""

from __future__ import annotations

from dplab.views._labels import current_language

__all__ = ["NOTATION", "notation", "notation_html"]

NOTATION: dict[str, tuple[tuple[str, str], ...]] = {
    "ko": (
        (
            "ε",
            "프라이버시 매개변수. 작을수록 두 인접 입력의 출력 분포가 가깝습니다. 그림의 가로축이 "
            "ε이면 축 제목에 “ε 자체”라고 적어 둡니다.",
        ),
        (
            "α = e<sup>ε</sup>",
            "정의의 부등식에 곱해지는 계수. 무작위 응답 단원은 유리수로 정확히 계산하려고 "
            "ε 대신 α를 쓰며, 그 그림의 가로축은 ε가 아니라 α입니다.",
        ),
        (
            "δ",
            "덧셈 여유. 모든 인접 순서쌍과 모든 사건 S에서 P(S)가 e<sup>ε</sup>Q(S)를 넘어도 되는 "
            "최대 폭이며, 출력마다 따로 주어지지 않고 한 번에 주어집니다.",
        ),
        (
            "(ε, δ)-차분 프라이버시",
            "인접한 모든 순서쌍 (D, D′)와 모든 사건 S에서 P(S) ≤ e<sup>ε</sup>Q(S) + δ. "
            "δ = 0이면 순수 ε-차분 프라이버시입니다.",
        ),
        (
            "인접 입력 D ∼ D′",
            "한 사람의 기록만 다른 두 입력(영어로 neighbouring inputs). 1–6단원은 기록 수가 공개된 "
            "채 기록 하나를 바꾸는 교체 인접성을 씁니다. 7–9단원(사용자 수준)에서는 한 사용자의 "
            "데이터셋 전체가 바뀐 두 입력을 보고, 허용되는 계수를 두 데이터셋 사이의 거리 "
            "d<sub>EM</sub>으로 정합니다.",
        ),
        ("메커니즘 M", "입력 D를 받아 무작위 출력을 내는 절차. 예: M(D) = f(D) + Z."),
        (
            "P, Q (p, q)",
            "출발 입력 D와 인접 입력 D′에서 메커니즘 출력의 분포(연속이면 밀도 p, q). "
            "P(y)는 출력이 y일 확률입니다.",
        ),
        ("사건 S", "출력들의 집합. 정의는 모든 사건에서 부등식을 요구합니다."),
        (
            "민감도 Δ",
            "인접한 두 입력에서 질의 값이 달라질 수 있는 가장 큰 폭, max |f(D) − f(D′)|. "
            "가우스 메커니즘에서는 ℓ<sub>2</sub> 민감도 Δ<sub>2</sub>를 씁니다.",
        ),
        (
            "프라이버시 손실 L(y)",
            "L(y) = ln p(y)/q(y): 출력 y가 두 인접 입력을 얼마나 구별해 주는지를 잽니다.",
        ),
        (
            "δ(ε), δ<sub>min</sub>(α)",
            "프라이버시 프로필: 주어진 ε(또는 α)에서 필요한 가장 작은 δ, "
            "max<sub>D∼D′</sub> Σ<sub>y</sub> [P(y) − αQ(y)]<sub>+</sub>.",
        ),
        (
            "A, δ<sub>전체</sub>",
            "합성 단원에서 k번 공개 전체의 곱셈 계수와 덧셈 여유. α와 δ는 언제나 한 번 공개의 "
            "것이며, 예를 들어 기본 합성은 A = α<sup>k</sup>, δ<sub>전체</sub> = kδ를 줍니다.",
        ),
        ("b, σ", "라플라스 잡음의 척도 b, 가우스 잡음의 표준편차 σ."),
        (
            "d<sub>EM</sub>(K, K′)",
            "두 사용자 데이터셋 사이의 거리: 두 데이터셋의 항목을 균등하게 놓은 두 분포 사이의 "
            "이동 거리(W<sub>1</sub>), 곧 항목을 옮기는 가장 싼 방법의 평균 이동 거리입니다.",
        ),
        (
            "ε-d<sub>EM</sub>-차분 프라이버시",
            "모든 데이터셋 쌍 (K, K′)와 모든 사건 S에서 "
            "P(S) ≤ e<sup>ε·d<sub>EM</sub>(K, K′)</sup>Q(S) (근사 정의는 + δ). "
            "ε는 거리 1당 예산이고, 거리 d<sub>EM</sub>인 쌍에 허용되는 계수는 "
            "e<sup>ε·d<sub>EM</sub></sup> = (e<sup>ε</sup>)<sup>d<sub>EM</sub></sup>입니다. "
            "논문은 이 ε를 다른 글자로 씁니다(7단원의 기호 대응).",
        ),
        (
            "ε<sub>user</sub>, m",
            "한 사용자의 데이터 전체가 바뀌는 인접성으로 본 사용자 수준 기준선의 ε, 한 사용자의 "
            "항목 수 m.",
        ),
        (
            "= 와 ≈",
            "= 뒤의 값은 정확하고, ≈ 뒤의 값은 표시용으로 반올림한 근삿값입니다. 판정은 근삿값으로 "
            "내리지 않습니다.",
        ),
    ),
    "en": (
        (
            "ε",
            "The privacy parameter: the smaller it is, the closer the output distributions on "
            "any two neighbouring inputs must be. Charts whose horizontal axis is ε rather than "
            "α say so in the axis title.",
        ),
        (
            "α = e<sup>ε</sup>",
            "The multiplicative factor in the definition's inequality. The randomized-response "
            "lesson works with α instead of ε so that it can compute exactly with rational "
            "numbers; the horizontal axis of its charts is α, not ε.",
        ),
        (
            "δ",
            "The additive slack: how far P(S) may exceed e<sup>ε</sup>Q(S). One δ covers every "
            "ordered neighbouring pair and every event S at once; it is not granted output by "
            "output.",
        ),
        (
            "(ε, δ)-differential privacy",
            "For every ordered neighbouring pair (D, D′) and every event S, "
            "P(S) ≤ e<sup>ε</sup>Q(S) + δ. With δ = 0: pure ε-differential privacy.",
        ),
        (
            "neighbouring inputs D ∼ D′",
            "Two inputs that differ in one person's record. Lessons 1–6 use replacement "
            "adjacency: the number of records is public and one record is replaced. Lessons 7–9 "
            "(user level) compare two inputs in which one user's whole dataset changes, and the "
            "factor allowed depends on the distance d<sub>EM</sub> between the two datasets.",
        ),
        (
            "mechanism M",
            "A procedure that maps an input D to a random output, e.g. M(D) = f(D) + Z.",
        ),
        (
            "P, Q (p, q)",
            "The output distributions (densities p, q) of the mechanism on the input D and on "
            "its neighbour D′. P(y) is the probability of the output y.",
        ),
        ("event S", "A set of outputs. The definition requires the inequality for every event."),
        (
            "sensitivity Δ",
            "The largest amount by which the query can change between neighbouring inputs, "
            "max |f(D) − f(D′)|. The Gaussian mechanism uses the ℓ<sub>2</sub> sensitivity "
            "Δ<sub>2</sub>.",
        ),
        (
            "privacy loss L(y)",
            "L(y) = ln p(y)/q(y): how well the output y distinguishes the two neighbouring inputs.",
        ),
        (
            "δ(ε), δ<sub>min</sub>(α)",
            "The privacy profile: the smallest δ needed at ε (or α), "
            "max<sub>D∼D′</sub> Σ<sub>y</sub> [P(y) − αQ(y)]<sub>+</sub>.",
        ),
        (
            "A, δ<sub>total</sub>",
            "In the composition lesson, the factor and the slack of all k releases taken "
            "together; α and δ always refer to a single release. Basic composition, for "
            "example, gives "
            "A = α<sup>k</sup>, δ<sub>total</sub> = kδ.",
        ),
        ("b, σ", "The scale b of Laplace noise; the standard deviation σ of Gaussian noise."),
        (
            "d<sub>EM</sub>(K, K′)",
            "The distance between two users' datasets: the earth mover's (W<sub>1</sub>) "
            "distance between the uniform distributions on their items, that is, the average "
            "distance that items travel in the cheapest way of turning one dataset into the "
            "other.",
        ),
        (
            "ε-d<sub>EM</sub>-differential privacy",
            "For all pairs of datasets (K, K′) and all events S, "
            "P(S) ≤ e<sup>ε·d<sub>EM</sub>(K, K′)</sup>Q(S) "
            "(+ δ in the approximate version). ε is a budget per unit of distance; a pair at "
            "distance "
            "d<sub>EM</sub> is allowed the factor e<sup>ε·d<sub>EM</sub></sup> = "
            "(e<sup>ε</sup>)<sup>d<sub>EM</sub></sup>. The paper writes this ε with another "
            "letter (see the notation section of lesson 7).",
        ),
        (
            "ε<sub>user</sub>, m",
            "The ε of the user-level baseline, whose neighbouring inputs differ in all of one "
            "user's data; m is the number of items one user holds.",
        ),
        (
            "= and ≈",
            "A value after = is exact; a value after ≈ is rounded for display. Verdicts are "
            "never based on rounded values.",
        ),
    ),
}


def notation(lang: str | None = None) -> tuple[tuple[str, str], ...]:
    """The ``(symbol, meaning)`` rows in ``lang`` (default: the language in force,
    :func:`dplab.views.current_language`).

    >>> notation("en")[1][0]
    'α = e<sup>ε</sup>'
    """
    lang = lang or current_language()
    if lang not in NOTATION:
        raise ValueError(f"lang must be one of {sorted(NOTATION)}; got {lang!r}")
    return NOTATION[lang]


def notation_html(lang: str | None = None) -> str:
    """The table as a definition list (one line of HTML, no blank lines: a raw HTML block).

    >>> notation_html("en").startswith('<dl class="dplab-notation-list"><dt>ε</dt>')
    True
    """
    rows = "".join(f"<dt>{symbol}</dt><dd>{meaning}</dd>" for symbol, meaning in notation(lang))
    return f'<dl class="dplab-notation-list">{rows}</dl>'
