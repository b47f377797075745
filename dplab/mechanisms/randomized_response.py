r"""Randomized response released as a count: exact distributions and (ε, δ) certificates.

**Mechanism** (Warner 1965, *Randomized response: a survey technique for eliminating evasive
answer bias*, JASA 60(309):63–69; Dwork & Roth 2014, §3.2).  A public, fixed number ``n ≥ 1``
of people each hold one bit.  Each reports the true bit with probability ``p`` and the flipped
bit otherwise, independently; only the number ``Y ∈ {0, …, n}`` of reported ones is released.
Two inputs are adjacent when they differ in *one person's bit* (replacement, Hamming distance
1; not add/remove).  The claim checked is Dwork & Roth's Def. 2.4, see :mod:`dplab.finite`.

**Reduction to counts.**  Permuting people permutes independent factors, so the law of ``Y``
depends on the bit vector only through its count ``c`` of ones; a replacement moves ``c`` to
``c ± 1``.  Hence the ``2n`` ordered count pairs ``c → c+1`` and ``c+1 → c`` cover every
ordered adjacent pair of vectors (:func:`bit_vector_channel` builds the full ``2^n`` channel
so tests can confirm this).

**Exact distributions.**  With ``p = a/b`` in lowest terms and ``q = b − a``, the count law
for true count ``c`` is the coefficient list of the generating polynomial

    b^n · ((1−p) + p z)^c (p + (1−p) z)^{n−c} = A^c B^{n−c},   A = q + a z,  B = a + q z,

integer weights over ``b^n``.  ``p`` is read exactly by the float policy of
:mod:`dplab._validation` (pass ``"0.9"`` or ``Fraction(9, 10)`` for nine tenths; the float
``0.9`` is a dyadic rational with ``b = 2^53``).  For ``0 < p < 1``
the coefficients ``F[y]`` of ``F = A^c B^{m−c}`` follow from ``F[0] = q^c a^{m−c}`` and a
three-term recurrence: ``F'/F = ca/A + (m−c)q/B`` gives ``A·B·F' = (K + aqm·z)·F`` with
``K = ca² + (m−c)q²``, and comparing coefficients of ``z^y``

    aq(y+1)·F[y+1] = (K − (a²+q²)y)·F[y] + aq(m−y+1)·F[y−1],

so each distribution costs ``O(n)`` big-integer operations (every division is exact).

**Closed-form worst events (monotone likelihood ratio).**  Write ``m = n − 1`` and let
``R = A^c B^{m−c}`` be the law of the other ``m`` people's reports.  The changed person
reports through ``B`` when their bit is 0 and through ``A`` when it is 1, so

    P_c = R·B,  P_{c+1} = R·A,   P_c[y] = aR[y] + qR[y−1],  P_{c+1}[y] = qR[y] + aR[y−1].

``R`` is a product of linear factors with positive coefficients, so all its roots are real
and non-positive and by Newton's inequalities its coefficients are log-concave,
``R[y]² ≥ R[y−1]R[y+1]``; for ``0 < p < 1`` they are all positive on ``0..m``, so
``ρ_y = R[y]/R[y−1]`` is non-increasing in ``y`` (with ``ρ_0 = ∞`` and ``ρ_n = 0``).  The
likelihood ratio ``P_c[y]/P_{c+1}[y] = (aρ_y + q)/(qρ_y + a)`` has derivative
``(a² − q²)/(qρ + a)² > 0`` in ``ρ`` when ``p > ½``, so it is non-increasing in ``y``: the
count laws form a monotone-likelihood-ratio family.  Therefore ``{y : P_c[y] > αP_{c+1}[y]}``
is a prefix ``{0, …, y*}`` and the worst event of ``c → c+1`` is ``{Y ≤ y*}``.  Reversing
all bits maps ``R_c`` to ``R_{m−c}`` with outputs reversed (``zA(1/z) = B``), so the pair
``c+1 → c`` equals ``(m−c) → (m−c+1)`` with ``y ↦ n−y``: its worst event is a suffix and
only ``n`` of the ``2n`` pairs need computing.  For ``p < ½`` each report at ``p`` is the
negation of a report at ``1−p``, so ``Y`` has the law of ``n − Y`` at ``1−p``: the same
δ per pair, events reflected.  ``p = ½`` makes all laws equal (δ = 0); ``p ∈ {0, 1}`` is
deterministic (δ = 1 for every finite α, the worst event being the source's own count).

**The exact walk** (:func:`certify`, :func:`required_delta`).  For ``α = u/v`` the up-pair
excess at ``y`` is ``vP_c[y] − uP_{c+1}[y] = κ₁R[y] + κ₀R[y−1]`` with ``κ₁ = va − uq`` and
``κ₀ = vq − ua < 0``, and the pair's δ is ``(v − u)·b·S(y*−1) + κ₁R[y*]`` over ``v·b^n``
where ``S`` is the prefix sum of ``R``.  A walk keeps three consecutive coefficients
``R_c[y−1..y+1]`` and ``S_c(y−1)``; it moves ``y`` with the recurrence above and moves ``c``
with ``A·F' = caF + (m−c)q·G`` (``G = R_{c+1}``):

    G[y] = (q(y+1)F[y+1] + a(y−c)F[y]) / ((m−c)q),
    S_{c+1}(y) = S_c(y) − (aR_c[y] − qR_{c+1}[y]) / b,

the last because ``R_c = T·B`` and ``R_{c+1} = T·A`` for ``T = A^c B^{m−1−c}``, whence
``aR_c[y] − qR_{c+1}[y] = b(2a−b)T[y]`` and ``S_{c+1}(y) − S_c(y) = (b−2a)T[y]``.  By MLR
again ``y*`` is non-decreasing in ``c``, so the walk takes ``O(n)`` steps: ``O(n)`` exact
big-integer operations on numbers of ``O(n log b)`` bits in total.  Memory: a constant
number of big integers for the walk plus one numerator per count pair; events are slices of
one shared tuple of outputs.  The general path (:func:`count_channel` with
:func:`dplab.finite.certify`) stores all ``(n+1)²`` weights and is kept for testing.

**Limits.**  Exact answers cost time and memory that grow with ``n`` and with the sizes of
``p = a/b`` and ``α = u/v``.  Each function estimates its cost before starting and refuses
at once, with a ``ValueError`` naming ``n`` and giving the largest ``n`` it would accept
for the same ``p`` and ``α``, when the estimate is beyond one of two budgets:

* work, :data:`WORK_LIMIT` units (below); one unit took 0.07–0.5 µs on one core of the
  2-core machine the project is built on, so a call stays under about 5 s;
* memory, :data:`WORD_LIMIT` 64-bit words (128 MiB) of integers and tables held.

With ``B = n·log₂b + log₂u + log₂v`` (the bits of the walk's integers, ``b^n`` being the
common denominator) in words ``W = ⌊B/64⌋ + 1``, and ``F`` the words of the multipliers
(``2·log₂b + log₂u + log₂v + log₂n`` bits, counted the same way), the estimates are:

===============================  ==================  ================================
function                         work                memory (words)
===============================  ==================  ================================
count_distribution, check_query  ``n·W·F`` per law  ``(n+1)·W`` per law
count_channel                    ``2(n+1)·n·W·F``    ``(n+1)²·W``
required_delta                   ``n·W·F``           ``n·W`` + 16 per pair
certify                          ``n·W·F``           ``2n·W`` + 16 per pair + events
count_pairs                      ``2n``              16 per pair
debiased_estimator               ``(n+1)·F``         ``(n+1)·(2F + 16)``
===============================  ==================  ================================

(a pair costs ``2n`` rows; certify's events hold up to ``2n(n+1)`` references).  So at
``p = 9/10`` and ``α = 3`` :func:`required_delta` accepts ``n ≤ 12,642`` and
:func:`certify` ``n ≤ 2,801`` (its events), while ``p = 10^−4000`` (``b`` of 13,288 bits)
allows ``n ≤ 10`` for both.  :func:`pure_privacy`, :func:`pure_epsilon`,
:func:`debiased_estimate`, :func:`estimator_mse`, :func:`queried_pair` and
:func:`event_from_mask` take constant time in ``n`` (the last one linear in the mask's
size) and have no limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Literal

from dplab._validation import check_int, check_rational, magnitude_text, shown
from dplab.finite import (
    Certificate,
    EventCheck,
    FiniteChannel,
    PairExcess,
    PurePrivacy,
    RationalLike,
    check_alpha,
    check_delta,
)

__all__ = [
    "BIT_VECTOR_MAX_N",
    "WORD_LIMIT",
    "WORK_LIMIT",
    "CountDistribution",
    "DebiasedEstimator",
    "Direction",
    "EventMask",
    "QueriedPair",
    "QueryCheck",
    "bit_vector_channel",
    "certify",
    "check_query",
    "count_channel",
    "count_distribution",
    "count_pairs",
    "debiased_estimate",
    "debiased_estimator",
    "estimator_mse",
    "event_from_mask",
    "pure_epsilon",
    "pure_privacy",
    "queried_pair",
    "required_delta",
]

BIT_VECTOR_MAX_N = 8
"""Largest ``n`` for which :func:`bit_vector_channel` enumerates all ``2^n`` inputs."""

Direction = Literal["up", "down"]
"""``"up"`` is the ordered pair ``c → c+1``, ``"down"`` is ``c+1 → c``."""


WORK_LIMIT = 10_000_000
"""Largest estimated work of one exact call, about 5 s (see Limits)."""

WORD_LIMIT = 16 * 2**20
"""Largest estimated memory, in 64-bit words, that one exact call holds (128 MiB)."""

_WORDS_PER_ROW = 16  # a pair's tuple, row object and small integers


def _check_n(n: object) -> int:
    return check_int("n", n, low=1)


def _words(bits: int) -> int:
    return bits // 64 + 1


@dataclass(frozen=True)
class _Cost:
    """The estimated cost of one call: work and memory in words (see Limits)."""

    work: int
    words: int


def _law_cost(n: int, p: Fraction | None, alpha: Fraction | None) -> tuple[int, int]:
    """``(W, F)``: words of the walk's integers and of its multipliers."""
    b_bits = 0 if p is None else p.denominator.bit_length()
    alpha_bits = (
        0 if alpha is None else alpha.numerator.bit_length() + alpha.denominator.bit_length()
    )
    return _words(n * b_bits + alpha_bits), _words(2 * b_bits + alpha_bits + n.bit_length())


def _costs(function: str, n: int, p: Fraction | None, alpha: Fraction | None) -> _Cost:
    """The Limits table of the module docstring, one row per function."""
    integer, factor = _law_cost(n, p, alpha)
    law = n * integer * factor
    pairs = 2 * n * _WORDS_PER_ROW
    rows = {
        "count_distribution": _Cost(law, (n + 1) * integer),
        "check_query": _Cost(2 * law, 2 * (n + 1) * integer),
        "count_channel": _Cost(2 * (n + 1) * law, (n + 1) ** 2 * integer),
        "required_delta": _Cost(law, n * integer + pairs),
        "certify": _Cost(law, 2 * n * integer + pairs + 2 * n * (n + 1)),
        "count_pairs": _Cost(2 * n, pairs),
        "debiased_estimator": _Cost((n + 1) * factor, (n + 1) * (2 * factor + _WORDS_PER_ROW)),
    }
    return rows[function]


def _within(cost: _Cost) -> bool:
    return cost.work <= WORK_LIMIT and cost.words <= WORD_LIMIT


def _check_limits(
    function: str, n: int, p: Fraction | None = None, alpha: Fraction | None = None
) -> None:
    """Refuse at once, naming ``n`` and the largest accepted ``n``, a call beyond the Limits."""
    cost = _costs(function, n, p, alpha)
    if _within(cost):
        return
    low, high = 0, n  # the largest accepted n lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if _within(_costs(function, middle, p, alpha)) else (low, middle)
    reasons = [
        f"{what} {magnitude_text(value)} > {limit:.3g}"
        for what, value, limit in (
            ("work", cost.work, WORK_LIMIT),
            ("memory (64-bit words)", cost.words, WORD_LIMIT),
        )
        if value > limit
    ]
    given = [f"{name} = {shown(value)}" for name, value in (("p", p), ("alpha", alpha)) if value]
    context = f" for {', '.join(given)}" if given else ""
    accepted = f"n ≤ {low}" if low else "no n"
    raise ValueError(
        f"n = {shown(n)} is beyond the exact limit of {function}{context}: estimated "
        f"{'; '.join(reasons)} (see Limits in dplab.mechanisms.randomized_response); {accepted} is "
        f"accepted{' with these values' if given else ''}"
    )


def _check_p(p: object) -> Fraction:
    return check_rational("p", p, low=0, high=1)


def _exact_div(numerator: int, divisor: int) -> int:
    quotient, remainder = divmod(numerator, divisor)
    if remainder:  # pragma: no cover - would mean a wrong recurrence
        raise ArithmeticError(f"inexact division {numerator} / {divisor}")
    return quotient


@dataclass(frozen=True)
class _Recurrence:
    """Exact steps between coefficients of ``F_c = (q + a z)^c (a + q z)^{m−c}``, ``a, q > 0``.

    ``above``/``below`` use ``aq(y+1)F[y+1] = (K_c − (a²+q²)y)F[y] + aq(m−y+1)F[y−1]`` with
    ``K_c = ca² + (m−c)q²``; ``next_count`` uses ``F_{c+1}[y] = (q(y+1)F_c[y+1] +
    a(y−c)F_c[y]) / ((m−c)q)``.  Both are identities of polynomial coefficients, valid for
    every ``y ≥ 0`` (coefficients outside ``0..m`` are 0), so each division is exact.
    """

    m: int
    a: int
    q: int

    def _k(self, c: int) -> int:
        return c * self.a * self.a + (self.m - c) * self.q * self.q

    def above(self, c: int, y: int, below: int, here: int) -> int:
        """``F_c[y+1]`` from ``F_c[y−1]``, ``F_c[y]``."""
        aq, spread = self.a * self.q, self.a * self.a + self.q * self.q
        return _exact_div(
            (self._k(c) - spread * y) * here + aq * (self.m - y + 1) * below, aq * (y + 1)
        )

    def below(self, c: int, y: int, here: int, above: int) -> int:
        """``F_c[y−1]`` from ``F_c[y]``, ``F_c[y+1]`` (``y ≤ m``)."""
        aq, spread = self.a * self.q, self.a * self.a + self.q * self.q
        return _exact_div(
            aq * (y + 1) * above - (self._k(c) - spread * y) * here, aq * (self.m - y + 1)
        )

    def next_count(self, c: int, y: int, here: int, above: int) -> int:
        """``F_{c+1}[y]`` from ``F_c[y]``, ``F_c[y+1]`` (``c < m``)."""
        return _exact_div(self.q * (y + 1) * above + self.a * (y - c) * here, (self.m - c) * self.q)


def _power_coefficients(m: int, c: int, a: int, q: int) -> list[int]:
    """Coefficients of ``(q + a z)^c (a + q z)^{m−c}`` for ``a, q > 0`` by the recurrence."""
    step = _Recurrence(m, a, q)
    coefficients = [q**c * a ** (m - c)]
    previous = 0
    for y in range(m):
        current = coefficients[-1]
        coefficients.append(step.above(c, y, previous, current))
        previous = current
    return coefficients


def _point_mass(m: int, at: int) -> list[int]:
    return [1 if y == at else 0 for y in range(m + 1)]


@dataclass(frozen=True)
class CountDistribution:
    """Exact law of the released count ``Y`` when ``true_count`` of the ``n`` bits are 1.

    ``weights[y] / denominator = Pr[Y = y]`` with ``denominator = b^n`` for ``p = a/b``.

    >>> law = count_distribution(2, "3/4", 1)
    >>> law.weights, law.denominator
    ((3, 10, 3), 16)
    """

    n: int
    p: Fraction
    true_count: int
    weights: tuple[int, ...]
    denominator: int

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """``Pr[Y = y]`` for ``y = 0, …, n`` as Fractions."""
        return tuple(Fraction(w, self.denominator) for w in self.weights)


def count_distribution(n: int, p: RationalLike, true_count: int) -> CountDistribution:
    """Coefficients of ``b^n ((1−p) + pz)^c (p + (1−p)z)^{n−c}``: the law of ``Y`` given ``c``.

    >>> count_distribution(4, "0.9", 0).probabilities[0]
    Fraction(6561, 10000)
    """
    n, p = _check_n(n), _check_p(p)
    c = check_int("true_count", true_count, low=0, high=n)
    _check_limits("count_distribution", n, p)
    a, b = p.numerator, p.denominator
    q = b - a
    if a == 0 or q == 0:
        weights = _point_mass(n, c if q == 0 else n - c)
    else:
        weights = _power_coefficients(n, c, a, q)
    return CountDistribution(n, p, c, tuple(weights), b**n)


def count_pairs(n: int) -> tuple[tuple[int, int], ...]:
    """The ``2n`` ordered adjacent count pairs: ``(0,1), (1,0), (1,2), (2,1), …, (n, n−1)``.

    >>> count_pairs(2)
    ((0, 1), (1, 0), (1, 2), (2, 1))
    """
    n = _check_n(n)
    _check_limits("count_pairs", n)
    return tuple(pair for c in range(n) for pair in ((c, c + 1), (c + 1, c)))


def count_channel(n: int, p: RationalLike) -> FiniteChannel:
    """The count channel as a :class:`~dplab.finite.FiniteChannel` (the general path).

    Inputs and outputs are ``0, …, n``; adjacency is :func:`count_pairs`.  Holds all
    ``(n+1)²`` weights, so it is meant for moderate ``n`` and for cross-checking.

    >>> from dplab import finite
    >>> finite.required_delta(count_channel(4, "0.9"), 3)
    Fraction(2187, 5000)
    """
    n, p = _check_n(n), _check_p(p)
    _check_limits("count_channel", n, p)
    laws = [count_distribution(n, p, c) for c in range(n + 1)]
    return FiniteChannel(
        inputs=tuple(range(n + 1)),
        outputs=tuple(range(n + 1)),
        weights=tuple(law.weights for law in laws),
        denominator=laws[0].denominator,
        adjacent_pairs=count_pairs(n),
    )


def bit_vector_channel(n: int, p: RationalLike) -> FiniteChannel:
    """The full channel on all ``2^n`` bit vectors, Hamming-1 ordered adjacency, outputs = counts.

    Each output law is summed over all ``2^n`` report vectors, each weighted
    ``a^{#agreeing} q^{#flipped}`` over ``b^n``: no generating polynomial and no symmetry
    argument, so it independently checks the reduction to counts.  ``n ≤ 8``.

    >>> channel = bit_vector_channel(2, "3/4")
    >>> channel.row((0, 1)), len(channel.adjacent_pairs)
    ((3, 10, 3), 8)
    """
    n = check_int("n", n, low=1, high=BIT_VECTOR_MAX_N)
    p = _check_p(p)
    a, b = p.numerator, p.denominator
    q = b - a
    vectors = tuple(product((0, 1), repeat=n))
    rows = []
    for truth in vectors:
        row = [0] * (n + 1)
        for report in vectors:
            agreeing = sum(t == r for t, r in zip(truth, report, strict=True))
            row[sum(report)] += a**agreeing * q ** (n - agreeing)
        rows.append(tuple(row))
    pairs = tuple((v, (*v[:i], 1 - v[i], *v[i + 1 :])) for v in vectors for i in range(n))
    return FiniteChannel(vectors, tuple(range(n + 1)), tuple(rows), b**n, pairs)


def _upward_walk(n: int, a: int, q: int, u: int, v: int) -> list[tuple[int, int]]:
    """``(y*, numerator)`` of each up pair ``c → c+1``, ``c = 0..n−1``, for ``a > q > 0``.

    The worst event is ``{0..y*}`` (``y* = −1``: empty) and the excess is
    ``numerator / (v·b^n)``.  See the module docstring for the recurrences and the proof.
    """
    m, b = n - 1, a + q
    kappa_here, kappa_below = v * a - u * q, v * q - u * a
    if kappa_here <= 0:  # α ≥ p/(1−p): every atom has P_c ≤ αP_{c+1}
        return [(-1, 0)] * n
    step = _Recurrence(m, a, q)
    # State at (c, y): below, here, above = R_c[y−1], R_c[y], R_c[y+1]; prefix = S_c(y−1).
    # The loops move y both ways, so correctness does not rely on y* growing with c.
    y, below, here = 0, 0, a**m
    above = step.above(0, 0, below, here)
    prefix = 0
    results = []
    for c in range(n):
        while y < m and kappa_here * above + kappa_below * here > 0:
            prefix += here
            below, here = here, above
            y += 1
            above = step.above(c, y, below, here)
        while y > 0 and kappa_here * here + kappa_below * below <= 0:
            above, here = here, below
            y -= 1
            prefix -= here
            below = step.below(c, y, here, above)
        results.append((y, (v - u) * b * prefix + kappa_here * here))
        if c < m:  # move to R_{c+1} at the same y
            further = step.above(c, y + 1, here, above)
            next_below = step.next_count(c, y - 1, below, here)
            next_here = step.next_count(c, y, here, above)
            next_above = step.next_count(c, y + 1, above, further)
            prefix -= _exact_div(a * below - q * next_below, b)
            below, here, above = next_below, next_here, next_above
    return results


@dataclass(frozen=True)
class _PairRow:
    source: int
    target: int
    start: int  # the worst event is the outputs start, …, stop − 1
    stop: int
    numerator: int


def _pair_rows(n: int, p: Fraction, alpha: Fraction) -> tuple[list[_PairRow], int]:
    """Every ordered count pair's exact excess, in :func:`count_pairs` order, and the
    common denominator ``v·b^n``."""
    a, b = p.numerator, p.denominator
    u, v = alpha.numerator, alpha.denominator
    denominator = v * b**n
    rows = []
    if a == 0 or a == b:  # deterministic: P_s is a point mass outside the support of P_t
        for s, t in count_pairs(n):
            at = s if a == b else n - s
            rows.append(_PairRow(s, t, at, at + 1, denominator))
        return rows, denominator
    if 2 * a == b:  # every count has the same law
        return [_PairRow(s, t, 0, 0, 0) for s, t in count_pairs(n)], denominator
    high, low = max(a, b - a), min(a, b - a)
    upward = _upward_walk(n, high, low, u, v)
    for c in range(n):
        y_up, numerator_up = upward[c]
        y_mirror, numerator_down = upward[n - 1 - c]
        spans: tuple[tuple[int, int], ...] = (
            (0, y_up + 1),
            (n - y_mirror, n + 1) if y_mirror >= 0 else (0, 0),
        )
        if 2 * a < b:  # reflect the outputs: Y at p has the law of n − Y at 1 − p
            spans = tuple(
                (n + 1 - stop, n + 1 - start) if stop > start else (0, 0) for start, stop in spans
            )
        rows.append(_PairRow(c, c + 1, *spans[0], numerator_up))
        rows.append(_PairRow(c + 1, c, *spans[1], numerator_down))
    return rows, denominator


def required_delta(n: int, p: RationalLike, alpha: RationalLike) -> Fraction:
    """The smallest δ with ``P(S) ≤ αP'(S) + δ`` for every adjacent count pair and event.

    >>> required_delta(4, "0.9", 3)
    Fraction(2187, 5000)
    >>> required_delta(1, "3/4", 1)
    Fraction(1, 2)
    """
    n, p, alpha = _check_n(n), _check_p(p), check_alpha(alpha)
    _check_limits("required_delta", n, p, alpha)
    rows, denominator = _pair_rows(n, p, alpha)
    return Fraction(max(row.numerator for row in rows), denominator)


def certify(n: int, p: RationalLike, alpha: RationalLike, delta: RationalLike) -> Certificate:
    """Exact verdict on the (α, δ) claim for the count channel, with the per-pair table.

    >>> certificate = certify(4, "0.9", 3, "0.05")
    >>> certificate.passes, certificate.required_delta
    (False, Fraction(2187, 5000))
    >>> certificate.worst_pair, certificate.worst_event
    ((0, 1), (0,))

    The maximum is always attained at least twice: reversing every bit and every report maps
    the count ``c`` to ``n − c`` and the output ``y`` to ``n − y``, so the row of ``c → c+1``
    with event ``S`` has the value of the row of ``n−c → n−c−1`` with event ``n − S``.

    >>> [(row.pair, row.event) for row in certificate.worst_rows]
    [((0, 1), (0,)), ((4, 3), (4,))]
    """
    n, p = _check_n(n), _check_p(p)
    alpha, delta = check_alpha(alpha), check_delta(delta)
    _check_limits("certify", n, p, alpha)
    rows, denominator = _pair_rows(n, p, alpha)
    outputs = tuple(range(n + 1))
    table = [
        PairExcess(
            row.source, row.target, alpha, outputs[row.start : row.stop], row.numerator, denominator
        )
        for row in rows
    ]
    return Certificate.from_pairs(alpha, delta, table)


def pure_privacy(n: int, p: RationalLike) -> PurePrivacy:
    """The tight pure factor ``α* = max(p, 1−p) / min(p, 1−p)``; none when ``p ∈ {0, 1}``.

    Upper bound: for two bit vectors differing in person ``i`` the probability of every
    report vector changes only through person ``i``'s factor, by a ratio in
    ``[q/a, a/q]``; summing report vectors into a count event keeps that bound.  Tightness:
    ``P_0[0]/P_1[0] = a/q`` (for ``p < ½``, ``P_0[n]/P_1[n] = q/a``).  At ``p ∈ {0, 1}``
    ``Y`` is deterministic and adjacent counts have disjoint supports: ``finite=False``.

    >>> result = pure_privacy(4, "0.9")
    >>> result.alpha, round(result.epsilon, 4), result.finite
    (Fraction(9, 1), 2.1972, True)
    >>> pure_privacy(4, 1).finite
    False
    """
    n, p = _check_n(n), _check_p(p)
    worst_output = 0 if 2 * p >= 1 else n
    if p in (0, 1):
        return PurePrivacy.from_ratio(None, (0, 1), worst_output)
    return PurePrivacy.from_ratio(max(p, 1 - p) / min(p, 1 - p), (0, 1), worst_output)


def pure_epsilon(p: RationalLike) -> float:
    """``|ln(p/(1−p))|``: the smallest ε of the count channel with δ = 0 (any ``n``).

    ``0`` at ``p = ½`` and ``math.inf`` at ``p ∈ {0, 1}`` (see :func:`pure_privacy` for the
    explicit ``finite`` flag and the exact ``α``).

    >>> round(pure_epsilon("3/4"), 3), pure_epsilon("0.5"), pure_epsilon(1)
    (1.099, 0.0, inf)
    """
    return pure_privacy(1, p).epsilon


@dataclass(frozen=True)
class DebiasedEstimator:
    """The unbiased count estimate ``ĉ(y) = (y − n(1−p)) / (2p − 1)`` and its exact MSE.

    ``E[Y | c] = n(1−p) + (2p−1)c``, so ``ĉ`` is unbiased for every true count when
    ``p ≠ ½``; each report has variance ``p(1−p)`` whatever the bit, so
    ``E[(ĉ − c)² | c] = np(1−p)/(2p−1)²``.  Estimates are not clipped to ``[0, n]``.  At
    ``p = ½`` every count yields the same law of ``Y``: ``available`` is ``False``,
    ``reason`` says why, and ``estimates`` and ``mse`` are ``None``.
    """

    n: int
    p: Fraction
    available: bool
    reason: str | None
    estimates: tuple[Fraction, ...] | None
    mse: Fraction | None


_NO_INFORMATION = (
    "at p = 1/2 every true count gives the same Binomial(n, 1/2) law of Y, so Y carries no "
    "information about the count and 2p − 1 = 0 cannot be divided by"
)


def _estimate(n: int, p: Fraction, y: int) -> Fraction:
    """``(y − n(1−p)) / (2p − 1) = (by − nq) / (2a − b)`` for ``p = a/b``, ``q = b − a``."""
    a, b = p.numerator, p.denominator
    return Fraction(b * y - n * (b - a), 2 * a - b)


def _informative(function: str, p: Fraction, given: object) -> Fraction:
    """``p`` itself, or a ValueError at ``p = ½`` where no unbiased estimator exists."""
    if 2 * p == 1:
        raise ValueError(
            f"p must be a rational number in [0, 1] other than 1/2 for {function}; "
            f"got {shown(given)} ({_NO_INFORMATION})"
        )
    return p


def debiased_estimator(n: int, p: RationalLike) -> DebiasedEstimator:
    """Estimates for every output ``y = 0..n`` and the MSE, or the reason they do not exist.

    Builds ``n + 1`` estimates (see Limits); :func:`debiased_estimate` and
    :func:`estimator_mse` give one value in constant time.

    >>> est = debiased_estimator(4, "3/4")
    >>> [int(e) for e in est.estimates], est.mse
    ([-2, 0, 2, 4, 6], Fraction(3, 1))
    >>> debiased_estimator(4, "1/2").available
    False
    """
    n, p = _check_n(n), _check_p(p)
    if 2 * p == 1:
        return DebiasedEstimator(n, p, False, _NO_INFORMATION, None, None)
    _check_limits("debiased_estimator", n, p)
    estimates = tuple(_estimate(n, p, y) for y in range(n + 1))
    return DebiasedEstimator(n, p, True, None, estimates, estimator_mse(n, p))


def debiased_estimate(n: int, p: RationalLike, y: int) -> Fraction:
    """``(y − n(1−p)) / (2p − 1)`` in constant time; raises ``ValueError`` at ``p = ½``.

    >>> debiased_estimate(4, "3/4", 0), debiased_estimate(10**9, "3/4", 10**9)
    (Fraction(-2, 1), Fraction(1500000000, 1))
    """
    n = _check_n(n)
    p = _informative("the debiased estimate", _check_p(p), p)
    return _estimate(n, p, check_int("y", y, low=0, high=n))


def estimator_mse(n: int, p: RationalLike) -> Fraction:
    """``np(1−p)/(2p−1)²`` in constant time; raises ``ValueError`` at ``p = ½``.

    >>> estimator_mse(4, "0.9")
    Fraction(9, 16)
    """
    n = _check_n(n)
    p = _informative("the estimator's MSE", _check_p(p), p)
    return n * p * (1 - p) / (2 * p - 1) ** 2


@dataclass(frozen=True)
class EventMask:
    """An output event given as the mask ``Σ_{y∈S} 2^y``.

    Bits above ``n`` name impossible outputs: they are dropped from ``effective`` and
    reported in ``ignored``; ``outputs`` lists the event.
    """

    requested: int
    effective: int
    ignored: int
    outputs: tuple[int, ...]


def event_from_mask(n: int, mask: int) -> EventMask:
    """Read an event mask for the outputs ``0..n``.

    >>> event_from_mask(4, 3)
    EventMask(requested=3, effective=3, ignored=0, outputs=(0, 1))
    >>> event_from_mask(4, 0b1010000)
    EventMask(requested=80, effective=16, ignored=64, outputs=(4,))
    """
    n = _check_n(n)
    mask = check_int("mask", mask, low=0)
    # Linear in the mask's size whatever n is: no (n+1)-bit integer is built for a short mask.
    effective = mask if mask.bit_length() <= n + 1 else mask & ((1 << (n + 1)) - 1)
    bits = bin(effective)[:1:-1]  # bit y at position y
    outputs = tuple(y for y, bit in enumerate(bits) if bit == "1")
    return EventMask(mask, effective, mask ^ effective, outputs)


@dataclass(frozen=True)
class QueriedPair:
    """The ordered pair a reader asked about; the lower count is clamped to ``n − 1``."""

    requested_lower: int
    lower: int
    direction: Direction
    source: int
    target: int


def queried_pair(n: int, lower: int, direction: Direction = "up") -> QueriedPair:
    """The pair ``lower → lower+1`` (``"up"``) or ``lower+1 → lower`` (``"down"``).

    >>> queried_pair(4, 7, "down")
    QueriedPair(requested_lower=7, lower=3, direction='down', source=4, target=3)
    """
    n = _check_n(n)
    requested = check_int("lower", lower, low=0)
    if direction not in ("up", "down"):
        raise ValueError(f"direction must be one of ['up', 'down']; got {direction!r}")
    low = min(requested, n - 1)
    source, target = (low, low + 1) if direction == "up" else (low + 1, low)
    return QueriedPair(requested, low, direction, source, target)


@dataclass(frozen=True)
class QueryCheck:
    """One queried pair and event: the mask as read, the pair as clamped, and the check."""

    pair: QueriedPair
    event: EventMask
    check: EventCheck


def check_query(
    n: int,
    p: RationalLike,
    lower: int,
    direction: Direction,
    mask: int,
    alpha: RationalLike,
    delta: RationalLike,
) -> QueryCheck:
    """Check ``P(S) ≤ αQ(S) + δ`` for one queried pair and event mask only (not full DP).

    >>> result = check_query(4, "0.75", 1, "up", 3, 3, 0)
    >>> float(result.check.source_probability), float(result.check.target_probability)
    (0.52734375, 0.26953125)
    >>> float(result.check.bound), result.check.passes
    (0.80859375, True)
    """
    n, p = _check_n(n), _check_p(p)
    pair = queried_pair(n, lower, direction)
    event = event_from_mask(n, mask)
    alpha, delta = check_alpha(alpha), check_delta(delta)
    _check_limits("check_query", n, p)
    source = count_distribution(n, p, pair.source)
    target = count_distribution(n, p, pair.target)
    check = EventCheck(
        pair.source,
        pair.target,
        event.outputs,
        alpha,
        delta,
        Fraction(sum(source.weights[y] for y in event.outputs), source.denominator),
        Fraction(sum(target.weights[y] for y in event.outputs), target.denominator),
    )
    return QueryCheck(pair, event, check)
