r"""Composition: what k releases cost, counted four ways, and exactly for randomized response.

Throughout, ``α = e^ε ≥ 1`` is the factor of one (ε, δ) claim (:mod:`dplab.finite`) and
``k ≥ 1`` the number of releases.  Every function reads its numbers by the float policy of
:mod:`dplab._validation` (a float is its exact binary value; pass ``"0.9"`` for nine tenths).

**Copies and post-processing cost nothing** (Dwork & Roth 2014, *The Algorithmic Foundations
of Differential Privacy*, Prop. 2.1).  If ``M`` is (ε, δ)-DP and ``g`` is any (randomised)
map applied to its output alone, ``g∘M`` is (ε, δ)-DP: for a deterministic ``g`` and an
event ``S``, ``Pr[g(M(D)) ∈ S] = Pr[M(D) ∈ g⁻¹(S)] ≤ α Pr[M(D') ∈ g⁻¹(S)] + δ``, and a
randomised ``g`` is a mixture of deterministic ones.  Publishing ``k`` copies of one output
is the map ``y ↦ (y, …, y)``: :func:`copies_channel` builds it and its required δ equals the
original's.  *Fresh* releases are different: :func:`product_channel` is the k-fold product.

**Basic composition** (Dwork, Kenthapadi, McSherry, Mironov & Naor 2006; Dwork & Roth 2014,
Thm. 3.16, for mechanisms fixed in advance; Dwork, Rothblum & Vadhan 2010 for the adaptive
case).  k mechanisms, each (ε_j, δ_j)-DP, run on the same data are (Σε_j, Σδ_j)-DP, also
when each is chosen after seeing the earlier outputs; for k copies of one claim the total
factor is ``A = α^k`` and the slack ``kδ``: exact rationals (:func:`basic_composition`,
:func:`basic_delta`).

**Advanced composition** (Dwork, Rothblum & Vadhan 2010, *Boosting and differential
privacy*, FOCS, Thm. III.3; Dwork & Roth 2014, Thm. 3.20).  For all ε, δ ≥ 0 and δ' > 0,
the k-fold adaptive composition of (ε, δ)-DP mechanisms is (ε', kδ + δ')-DP for

    ε' = √(2k ln(1/δ')) · ε + k ε (e^ε − 1).

ε' is irrational in general.  :func:`advanced_composition` returns a rational *upper* bound
of ε' (Arb ball arithmetic, upper end of the enclosure), so the claim it states is implied
by the theorem; :func:`advanced_delta` solves the theorem for the smallest δ' at a target
factor ``A = e^{ε_g}``: with ``r = ln A − kε(e^ε − 1) > 0``, ``δ' = exp(−r²/(2kε²))``, and it
returns a rational upper bound of ``min(1, kδ + δ')`` (``1`` when ``r ≤ 0``: the theorem
then certifies nothing).

**Optimal homogeneous composition** (Kairouz, Oh & Viswanath 2015, *The composition theorem
for differential privacy*, ICML; IEEE Trans. Inf. Theory 63(6), 2017, Thm. 3.3).  Every
(ε, δ)-DP mechanism's pair of output laws is a post-processing of the canonical pair on four
points (their Thm. 2.1; Wasserman & Zhou 2010)

    P = (δ, (1−δ)α/(1+α), (1−δ)/(1+α), 0),    Q = (0, (1−δ)/(1+α), (1−δ)α/(1+α), δ),

so the k-fold composition needs exactly the δ of the k-fold product of this pair, and
nothing more for any mechanisms.  Counting its outcomes by ``l``, the number of coordinates
at the third point (given that no coordinate is at the first or last point), gives the
closed form at a target factor ``A``

    δ_opt(A) = 1 − (1−δ)^k + (1−δ)^k Σ_{l=0}^{k} C(k, l) [α^{k−l} − A α^l]₊ / (1+α)^k,

where ``1 − (1−δ)^k`` is the P-mass of the outcomes with ``Q = 0``.  At ``A = α^{k−2i}`` it
is KOV's total δ ``1 − (1−δ)^k (1 − δ_i)``, where their ``δ_i`` is the sum over ``l < i``
(the total δ when ``δ = 0``).  With rational ``α`` and ``A``, :func:`optimal_delta`
is an exact ``Fraction``.  **Irrational e^ε.**  The worst case is monotone: an (ε, δ) class
grows with ε and the required δ falls as ``A`` grows.  So for a claim given by ε, pass a
rational *upper* bound of ``e^ε`` as ``alpha`` and a rational *lower* bound of ``e^{ε_g}``
(:func:`dplab.finite.alpha_from_epsilon`) as ``total_alpha``: the result is then an upper
bound of the true δ, within a relative ``10^−digits`` of the factors.

**Exact k-fold randomized response** (:func:`rr_required_delta`).  For the count channel of
:mod:`dplab.mechanisms.randomized_response` (n people, each report kept with probability p), the k
releases with fresh randomness on the same data have, for an ordered count pair
``(P, Q)``, the laws ``P^{⊗k}``, ``Q^{⊗k}`` on ``{0..n}^k``, and by the closed form of
:mod:`dplab.finite`, at the total factor ``A`` (``total_alpha``)

    δ_pair(A) = Σ_{y ∈ {0..n}^k} [P^{⊗k}(y) − A Q^{⊗k}(y)]₊.

Both laws depend on ``y`` only through its histogram, so the sum runs over histograms
with their multinomial counts; outputs with the same likelihood ratio (the same
privacy-loss value) are merged into one class first.  The histograms are split into those
of the first ``⌊k/2⌋`` and of the other ``⌈k/2⌉`` releases (meet in the middle): with the
second half's histograms sorted by their exact ratio ``Q``-decreasingly, the set of halves
``a`` completing a half ``b`` to a positive atom is a prefix, so one pass with prefix sums
gives ``Σ_a [v P_a P_b − u Q_a Q_b]₊`` for every ``b`` (``A = u/v``).  Integers throughout;
the result is ``numerator / (v·b^{nk})`` for ``p = a/b``.  Only the n pairs ``c → c+1`` are
computed: reversing every bit and report maps ``c+1 → c`` to ``n−c−1 → n−c``.

**Limits** (:data:`RR_WORK_LIMIT`, :data:`RR_WORD_LIMIT`).  With ``m ≤ n + 1`` classes, the
halves number ``H(j) = C(m + j − 1, j)``, and the work is estimated as
``n·(H(⌊k/2⌋) + H(⌈k/2⌉))·W`` units, ``W`` the 64-bit words of ``P^{⊗k}``'s integers (one unit
took about 1 µs on the project's machine), the memory as ``H(⌈k/2⌉)·(2W + 24)`` words.  A
call beyond either is refused at once with a ``ValueError`` naming ``k`` and ``n``; so is
``n`` or ``k`` above :data:`RR_MAX_SIZE`.  ``make bench`` prints the largest ``(n, k)`` done
within 10 s and 60 s.

**Beyond the exact range: a rigorous upper bound** (:func:`rr_delta_upper_bound`), the
pessimistic privacy-loss distribution of Meiser & Mohammadi 2018 (*Tight on budget?*, CCS)
and Koskela, Jälkö & Honkela 2020, used by Google's ``dp_accounting`` (its
``pessimistic_estimate``).  With the privacy loss ``L = ln(P_y/Q_y)`` under ``y ~ P``,

    δ_pair(A) = E_P[(1 − A e^{−L})₊]     (all ``Q_y > 0``, true for ``0 < p < 1``),

and the loss of k releases is the sum of k independent copies.  The integrand increases
with ``L``, so rounding each output's loss *up* to the grid ``iη`` (``i = ⌈L/η⌉``, decided
by ball arithmetic, rounding up when undecided) and every mass *up* can only increase the
result.  The k-fold law of the grid index is a k-fold convolution, done in doubles with
every step's rounding bounded and added (sums of non-negative terms: relative error
``γ_N = Nu/(1 − Nu)``, plus the underflow of the products); the final sum is taken in Arb.
The result is a ``Fraction`` that is ≥ the exact δ (tested wherever both exist).  Its
cost is about ``n(n+1)·k·bins/2`` array operations for a k-fold grid of
``bins ≈ k·2 ln(p/(1−p))/η`` cells (``η`` the grid step, ``interval``); beyond
:data:`BOUND_MAX_BINS` cells or :data:`BOUND_WORK_LIMIT` operations it is refused at once
(take a larger η).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise, product

import numpy as np
from flint import arb, ctx, fmpq

from dplab._exact import ball, exact_end
from dplab._validation import check_int, check_rational, check_real, magnitude_text, shown
from dplab.finite import FiniteChannel, RationalLike, check_alpha, check_channel, check_delta
from dplab.mechanisms import gaussian
from dplab.mechanisms.randomized_response import count_distribution

__all__ = [
    "BOUND_MAX_BINS",
    "BOUND_MAX_PEOPLE",
    "BOUND_WORK_LIMIT",
    "GAUSSIAN_MAX_EPS",
    "GAUSSIAN_MAX_RELEASES",
    "GAUSSIAN_SPLITS",
    "MAX_RELEASES",
    "PRODUCT_MAX_OUTCOMES",
    "RR_MAX_SIZE",
    "RR_WORD_LIMIT",
    "RR_WORK_LIMIT",
    "AdvancedGuarantee",
    "BoundComparison",
    "GaussianBoundComparison",
    "Guarantee",
    "advanced_composition",
    "advanced_delta",
    "basic_composition",
    "basic_delta",
    "composed_required_delta",
    "copies_channel",
    "gaussian_bound_comparison",
    "gaussian_composition_delta",
    "optimal_delta",
    "product_channel",
    "rr_bound_comparison",
    "rr_delta_upper_bound",
    "rr_largest_exact_k",
    "rr_required_delta",
]

RR_MAX_SIZE = 10_000
"""Largest ``n`` and largest ``k`` that :func:`rr_required_delta` estimates at all."""

RR_WORK_LIMIT = 60_000_000
"""Largest estimated work of :func:`rr_required_delta` (about a minute; see Limits)."""

RR_WORD_LIMIT = 2**26
"""Largest estimated memory of :func:`rr_required_delta`, in 64-bit words (512 MiB)."""

MAX_RELEASES = 10_000
"""Largest k of :func:`optimal_delta` (a sum of k + 1 big-integer terms)."""

PRODUCT_MAX_OUTCOMES = 100_000
"""Largest number of outputs of :func:`product_channel` and :func:`copies_channel`."""

BOUND_MAX_BINS = 200_000
"""Largest grid of the k-fold loss in :func:`rr_delta_upper_bound` (bins)."""

BOUND_WORK_LIMIT = 10_000_000_000
"""Largest ``n·(n+1)·k·bins/2`` of :func:`rr_delta_upper_bound` (array element operations;
about 20 s at the limit)."""

BOUND_MAX_PEOPLE = 400
"""Largest ``n`` of :func:`rr_delta_upper_bound`: its ``(n+1)²`` exact masses (integers of
about ``n·log₂ b`` bits each), each placed on the loss grid in ball arithmetic, take about
3 s at ``n = 400`` and grow as ``n²`` (a minute at ``n = 1000``)."""

_ARB_BITS = 128
_UNIT_ROUNDOFF = 2.0**-53
_SMALLEST_SUBNORMAL = 2.0**-1074
_SMALLEST_NORMAL = 2.0**-1022


def _check_k(k: object) -> int:
    return check_int("k", k, low=1)


@dataclass(frozen=True)
class Guarantee:
    """An exact (α, δ) claim: ``P(S) ≤ αQ(S) + δ`` for every adjacent pair and event."""

    alpha: Fraction
    delta: Fraction

    @property
    def epsilon(self) -> float:
        """``ln α`` (≈, for display)."""
        return math.log(self.alpha.numerator) - math.log(self.alpha.denominator)


@dataclass(frozen=True)
class AdvancedGuarantee:
    """The claim (ε', δ_total) of the advanced composition theorem.

    ``epsilon_upper`` is a rational number ≥ the theorem's ε' (so the stated claim follows
    from the theorem), ``epsilon`` its value as a float (≈), ``delta = kδ + δ'``.
    """

    epsilon_upper: Fraction
    epsilon: float
    delta: Fraction


def basic_composition(alpha: RationalLike, delta: RationalLike, k: int) -> Guarantee:
    """k releases of an (α, δ) mechanism: ``(A, δ_total) = (α^k, min(1, kδ))`` (basic composition).

    ``Guarantee.alpha`` is the total factor ``A``.

    >>> basic_composition(2, "0.01", 3)
    Guarantee(alpha=Fraction(8, 1), delta=Fraction(3, 100))
    """
    alpha, delta, k = check_alpha(alpha), check_delta(delta), _check_k(k)
    _check_power_size(alpha, k)
    return Guarantee(alpha**k, min(Fraction(1), k * delta))


def _check_releases(k: int) -> None:
    if k > MAX_RELEASES:
        raise ValueError(f"k must be an integer in [1, {MAX_RELEASES}] here; got {shown(k)}")


def _check_power_size(alpha: Fraction, k: int) -> None:
    bits = k * max(alpha.numerator.bit_length(), alpha.denominator.bit_length())
    if bits > 10_000_000:
        raise ValueError(
            f"k = {shown(k)} is too large for alpha = {shown(alpha)}: alpha**k would have "
            f"about {bits} bits (at most 10,000,000 are computed)"
        )


def basic_delta(
    alpha: RationalLike, delta: RationalLike, k: int, total_alpha: RationalLike
) -> Fraction:
    """The δ basic composition certifies at factor ``total_alpha``: ``kδ`` if ``α^k ≤ A``.

    Below ``α^k`` the theorem says nothing, and the answer is the trivial ``1``.

    >>> basic_delta(2, "0.01", 3, 8), basic_delta(2, "0.01", 3, 7)
    (Fraction(3, 100), Fraction(1, 1))
    """
    alpha, delta, k = check_alpha(alpha), check_delta(delta), _check_k(k)
    target = check_alpha(total_alpha, "total_alpha")
    _check_power_size(alpha, k)
    return min(Fraction(1), k * delta) if alpha**k <= target else Fraction(1)


def _upper(enclosure: arb) -> Fraction:
    return exact_end(enclosure.upper())


def advanced_composition(
    alpha: RationalLike, delta: RationalLike, k: int, slack: RationalLike
) -> AdvancedGuarantee:
    """Dwork–Rothblum–Vadhan: ``ε' = √(2k ln(1/δ'))ε + kε(e^ε − 1)``, ``δ_total = kδ + δ'``.

    ``slack`` is δ' in ``(0, 1]``; ``epsilon_upper`` is a rigorous rational upper bound of ε'.

    >>> claim = advanced_composition("1.1", 0, 100, "1e-6")
    >>> round(claim.epsilon, 6), claim.delta  # √(200 ln 10^6)·ln 1.1 + 100·ln 1.1·0.1
    (5.963102, Fraction(1, 1000000))
    >>> abs(claim.epsilon_upper - Fraction(claim.epsilon)) < 1e-15
    True
    """
    alpha, delta, k = check_alpha(alpha), check_delta(delta), _check_k(k)
    slack = check_rational("slack", slack, low=0, high=1, low_open=True)
    with ctx.workprec(_ARB_BITS):
        eps = ball(alpha).log()
        bound = (2 * k * (1 / ball(slack)).log()).sqrt() * eps + k * eps * (ball(alpha) - 1)
        upper = _upper(bound)
        approximate = float(bound.mid())
    if not math.isfinite(approximate):
        raise ValueError(
            f"the bound for alpha = {shown(alpha)}, k = {shown(k)} and slack = {shown(slack)} "
            f"is beyond the double range"
        )
    return AdvancedGuarantee(upper, approximate, min(Fraction(1), k * delta + slack))


def advanced_delta(
    alpha: RationalLike, delta: RationalLike, k: int, total_alpha: RationalLike
) -> Fraction:
    """The smallest ``kδ + δ'`` the advanced theorem certifies at factor ``total_alpha``.

    A rational upper bound (Arb), at most 1; ``1`` when ``ln A ≤ kε(e^ε − 1)``; ``kδ`` when
    ``α = 1`` (δ' may then be taken arbitrarily small).

    >>> float(advanced_delta("1.1", 0, 100, 250))  # doctest: +ELLIPSIS
    1.0261211741361...e-05

    (``exp(−r²/(2kε²))`` with ``r = ln 250 − 100·ln 1.1·0.1``.)
    """
    alpha, delta, k = check_alpha(alpha), check_delta(delta), _check_k(k)
    target = check_alpha(total_alpha, "total_alpha")
    base = min(Fraction(1), k * delta)
    if alpha == 1:
        return base
    with ctx.workprec(_ARB_BITS):
        eps = ball(alpha).log()
        room = ball(target).log() - k * eps * (ball(alpha) - 1)
        if not room > 0:
            return Fraction(1)
        slack = (-(room * room) / (2 * k * eps * eps)).exp()
        return min(Fraction(1), base + _upper(slack))


def optimal_delta(
    alpha: RationalLike, delta: RationalLike, k: int, total_alpha: RationalLike
) -> Fraction:
    """Kairouz–Oh–Viswanath: the exact smallest δ at factor ``A`` for k (α, δ) mechanisms.

    ``1 − (1−δ)^k + (1−δ)^k Σ_l C(k,l)[α^{k−l} − Aα^l]₊/(1+α)^k`` (module docstring).

    >>> optimal_delta(2, 0, 2, 1)  # two (ln 2, 0) releases at factor 1: ((4−1) + 2(2−2))/9
    Fraction(1, 3)
    """
    alpha, delta, k = check_alpha(alpha), check_delta(delta), _check_k(k)
    target = check_alpha(total_alpha, "total_alpha")
    _check_releases(k)
    _check_power_size(alpha, k)
    u, v = alpha.numerator, alpha.denominator
    s, t = target.numerator, target.denominator
    # With α = u/v and A = s/t: α^{k−l} − Aα^l = (t·u^{k−l}v^l − s·u^l v^{k−l}) / (t·v^k) and
    # (1+α)^k = (u+v)^k / v^k, so the sum is Σ C(k,l)[t·u^{k−l}v^l − s·u^l v^{k−l}]₊ / (t(u+v)^k).
    total = 0
    for low in range(k + 1):  # low = l, the coordinates at the point with ratio 1/α
        gap = t * u ** (k - low) * v**low - s * u**low * v ** (k - low)
        if gap > 0:
            total += math.comb(k, low) * gap
    kept = (1 - delta) ** k
    return 1 - kept + kept * Fraction(total, t * (u + v) ** k)


def _check_outcomes(channel: FiniteChannel, k: int, *, fresh: bool) -> None:
    """Refuse a product (``|Y|^k`` outputs) or copies (``|Y|·k`` labels) beyond the limit."""
    size = len(channel.outputs)
    cells = size * k if not fresh else (size**k if k < 64 or size == 1 else math.inf)
    if cells > PRODUCT_MAX_OUTCOMES:
        what = f"{size}^k outputs" if fresh else f"{size}·k output labels"
        raise ValueError(
            f"k = {shown(k)} gives {what}, more than PRODUCT_MAX_OUTCOMES = "
            f"{PRODUCT_MAX_OUTCOMES} (composed_required_delta gives the δ without them)"
        )


def product_channel(channel: FiniteChannel, k: int) -> FiniteChannel:
    """k fresh releases: outputs are k-tuples, weights products, same adjacent pairs.

    >>> from dplab.finite import both_directions, required_delta
    >>> rr = FiniteChannel.from_probabilities({0: ["3/4", "1/4"], 1: ["1/4", "3/4"]},
    ...                                        both_directions([(0, 1)]))
    >>> required_delta(product_channel(rr, 2), 3)  # outcome (0, 0): 9/16 − 3·1/16
    Fraction(3, 8)
    """
    channel, k = check_channel(channel), _check_k(k)
    _check_outcomes(channel, k, fresh=True)
    outputs = tuple(product(channel.outputs, repeat=k))
    positions = tuple(product(range(len(channel.outputs)), repeat=k))
    rows = tuple(
        tuple(math.prod(row[j] for j in tuple_) for tuple_ in positions) for row in channel.weights
    )
    return FiniteChannel(
        channel.inputs, outputs, rows, channel.denominator**k, channel.adjacent_pairs
    )


def copies_channel(channel: FiniteChannel, k: int) -> FiniteChannel:
    """k copies of one release: the output ``y`` published as ``(y, …, y)`` (no new cost).

    >>> from dplab.finite import both_directions, required_delta
    >>> rr = FiniteChannel.from_probabilities({0: ["3/4", "1/4"], 1: ["1/4", "3/4"]},
    ...                                        both_directions([(0, 1)]))
    >>> required_delta(copies_channel(rr, 5), 3) == required_delta(rr, 3) == 0
    True
    """
    channel, k = check_channel(channel), _check_k(k)
    _check_outcomes(channel, k, fresh=False)
    outputs = tuple((y,) * k for y in channel.outputs)
    return FiniteChannel(
        channel.inputs, outputs, channel.weights, channel.denominator, channel.adjacent_pairs
    )


# --- exact k-fold composition by histograms -------------------------------------------------


def _likelihood_classes(p_row: Sequence[int], q_row: Sequence[int]) -> list[tuple[int, int]]:
    """Outputs merged by equal likelihood ratio: ``(Σ w_P, Σ w_Q)`` per class (0/0 dropped)."""
    merged: dict[Fraction | None, list[int]] = {}
    for p_weight, q_weight in zip(p_row, q_row, strict=True):
        if p_weight or q_weight:
            key = Fraction(p_weight, q_weight) if q_weight else None
            sums = merged.setdefault(key, [0, 0])
            sums[0] += p_weight
            sums[1] += q_weight
    return [(p, q) for p, q in merged.values()]


def _histograms(classes: list[tuple[int, int]], releases: int) -> list[tuple[int, int]]:
    """``(C(h)·Π w_P^h, C(h)·Π w_Q^h)`` for every histogram ``h`` of ``releases`` outputs.

    ``C(h)`` is the multinomial count of the sequences with histogram ``h``; histograms of
    probability 0 under both laws are left out.
    """
    found: list[tuple[int, int]] = []
    last = len(classes) - 1

    def extend(index: int, remaining: int, p_part: int, q_part: int) -> None:
        p_weight, q_weight = classes[index]
        if index == last:
            p_total, q_total = p_part * p_weight**remaining, q_part * q_weight**remaining
            if p_total or q_total:  # a 0/0 half adds nothing and has no ratio to sort by
                found.append((p_total, q_total))
            return
        p_power = q_power = 1
        for taken in range(remaining + 1):
            count = math.comb(remaining, taken)
            extend(index + 1, remaining - taken, p_part * count * p_power, q_part * count * q_power)
            p_power *= p_weight
            q_power *= q_weight

    extend(0, releases, 1, 1)
    return found


def _ratio_key(item: tuple[int, int]) -> tuple[int, Fraction]:
    p_weight, q_weight = item
    return (1, Fraction(0)) if q_weight == 0 else (0, Fraction(p_weight, q_weight))


def _log_ratio(item: tuple[int, int]) -> float:
    p_weight, q_weight = item
    if q_weight == 0:
        return math.inf
    return -math.inf if p_weight == 0 else math.log(p_weight) - math.log(q_weight)


def _by_ratio(items: list[tuple[int, int]], *, descending: bool) -> list[tuple[int, int]]:
    """``items`` (weights ``(p, q)``, not both 0) in order of ``p/q`` (``q = 0`` as +∞), exactly.

    An exact sort compares Fractions some n·log n times (most of a lab grid's time).  A sort
    on ``ln p − ln q`` (floats) gives the exact order except, at most, among ratios closer
    than a float tells apart; one pass over neighbours, cross-multiplying integers, confirms
    the order, and where it does not the exact sort decides.  Equal ratios may come in any
    order: callers read the list only through thresholds on the ratio.

    >>> _by_ratio([(1, 3), (0, 1), (2, 0), (3, 6), (5, 4)], descending=True)
    [(2, 0), (5, 4), (3, 6), (1, 3), (0, 1)]
    """
    approximate = sorted(items, key=_log_ratio, reverse=descending)

    def in_order(before: tuple[int, int], after: tuple[int, int]) -> bool:
        high, low = (before, after) if descending else (after, before)
        return high[0] * low[1] >= low[0] * high[1]  # p/q of high ≥ p/q of low

    if all(in_order(before, after) for before, after in pairwise(approximate)):
        return approximate
    return sorted(items, key=_ratio_key, reverse=descending)


def _kfold_excess(p_row: Sequence[int], q_row: Sequence[int], u: int, v: int, k: int) -> int:
    """``Σ_h C(h)[v P^h − u Q^h]₊`` over histograms of k outputs (meet in the middle)."""
    classes = _likelihood_classes(p_row, q_row)
    first, second = k // 2, k - k // 2
    halves = _by_ratio(_histograms(classes, second), descending=True)
    others = halves if first == second else _by_ratio(_histograms(classes, first), descending=False)
    ascending = reversed(halves) if first == second else others
    p_prefix, q_prefix = [0], [0]
    for p_weight, q_weight in halves:
        p_prefix.append(p_prefix[-1] + p_weight)
        q_prefix.append(q_prefix[-1] + q_weight)
    total, index, size = 0, 0, len(halves)
    for p_weight, q_weight in ascending:  # the prefix of completing halves only grows
        p_scaled, q_scaled = v * p_weight, u * q_weight
        while index < size and p_scaled * halves[index][0] > q_scaled * halves[index][1]:
            index += 1
        total += p_scaled * p_prefix[index] - q_scaled * q_prefix[index]
    return total


def composed_required_delta(channel: FiniteChannel, total_alpha: RationalLike, k: int) -> Fraction:
    """The exact smallest δ at the total factor ``A`` of k fresh releases of a finite channel.

    Equals ``finite.required_delta(product_channel(channel, k), total_alpha)`` without
    building the ``|Y|^k`` outputs (histograms of likelihood classes, see the module
    docstring).  A call beyond the Limits raises ``ValueError`` at once.

    >>> from dplab.finite import both_directions
    >>> rr = FiniteChannel.from_probabilities({0: ["3/4", "1/4"], 1: ["1/4", "3/4"]},
    ...                                        both_directions([(0, 1)]))
    >>> composed_required_delta(rr, 3, 2)
    Fraction(3, 8)
    """
    channel, k = check_channel(channel), _check_k(k)
    target = check_alpha(total_alpha, "total_alpha")
    classes = max(len(channel.outputs), 1)
    _check_work(len(channel.adjacent_pairs), classes, k, channel.denominator.bit_length())
    u, v = target.numerator, target.denominator
    best = max(
        _kfold_excess(channel.row(s), channel.row(t), u, v, k) for s, t in channel.adjacent_pairs
    )
    return Fraction(best, v * channel.denominator**k)


@dataclass(frozen=True)
class _Estimate:
    work: int
    words: int


def _estimate(pairs: int, classes: int, k: int, denominator_bits: int) -> _Estimate:
    words = k * denominator_bits // 64 + 1
    first, second = k // 2, k - k // 2
    larger = math.comb(classes + second - 1, second)
    count = larger + math.comb(classes + first - 1, first)
    return _Estimate(pairs * count * words, larger * (2 * words + 24))


def _check_work(pairs: int, classes: int, k: int, denominator_bits: int) -> None:
    _check_size("k", k)
    cost = _estimate(pairs, classes, k, denominator_bits)
    if cost.work > RR_WORK_LIMIT or cost.words > RR_WORD_LIMIT:
        raise ValueError(
            f"k = {k} with {classes} outputs and {pairs} pairs is beyond the exact limit: "
            f"estimated work {magnitude_text(cost.work)} (limit {RR_WORK_LIMIT:.3g}) and memory "
            f"{magnitude_text(cost.words)} words (limit {RR_WORD_LIMIT:.3g}); see Limits in "
            f"dplab.accounting.composition (rr_delta_upper_bound gives a rigorous upper bound)"
        )


def _rr_laws(n: int, p: Fraction) -> list[tuple[int, ...]]:
    return [count_distribution(n, p, c).weights for c in range(n + 1)]


def _check_rr(n: object, p: object) -> tuple[int, Fraction]:
    n = _check_size("n", check_int("n", n, low=1))
    return n, check_rational("p", p, low=0, high=1)


def _check_size(name: str, value: int) -> int:
    if value > RR_MAX_SIZE:
        raise ValueError(
            f"{name} must be an integer in [1, {RR_MAX_SIZE}] here; got {shown(value)}"
        )
    return value


def rr_required_delta(n: int, p: RationalLike, total_alpha: RationalLike, k: int) -> Fraction:
    """The exact smallest δ at the total factor ``A`` of k fresh releases of the RR count channel.

    Over every ordered adjacent pair and every event of the k-fold output (module
    docstring); a ``Fraction`` over ``v·b^{nk}`` for ``A = u/v``.  ``p = ½`` gives 0 and
    ``p ∈ {0, 1}`` gives 1 at once.  A call beyond the Limits raises ``ValueError`` at once.

    >>> rr_required_delta(1, "3/4", 3, 2)  # (0,0): 9/16 − 3/16 = 3/8, the only positive atom
    Fraction(3, 8)
    >>> float(rr_required_delta(10, "0.9", 3, 10))
    0.8087703853746071
    """
    n, p = _check_rr(n, p)
    target, k = check_alpha(total_alpha, "total_alpha"), _check_k(k)
    if 2 * p == 1:
        return Fraction(0)
    if p in (0, 1):
        return Fraction(1)
    _check_work(n, n + 1, k, p.denominator.bit_length() * n)
    laws = _rr_laws(n, p)
    u, v = target.numerator, target.denominator
    best = max(_kfold_excess(laws[c], laws[c + 1], u, v, k) for c in range(n))
    return Fraction(best, v * p.denominator ** (n * k))


def rr_largest_exact_k(n: int, p: RationalLike) -> int:
    """The largest k that :func:`rr_required_delta` computes for ``n`` and ``p`` (0: none).

    Read from the same estimate of work and memory that refuses a call (module docstring,
    Limits), without computing any δ; every k up to it is accepted, every larger one
    refused.

    >>> rr_largest_exact_k(10, "0.9") >= 10
    True
    """
    n, p = _check_rr(n, p)
    if p in (0, 1) or 2 * p == 1:  # answered at once, without the sum
        return RR_MAX_SIZE
    bits = p.denominator.bit_length() * n
    low, high = 0, RR_MAX_SIZE + 1  # accepted, refused: the estimate grows with k
    while high - low > 1:
        middle = (low + high) // 2
        try:
            _check_work(n, n + 1, middle, bits)
        except ValueError:
            high = middle
        else:
            low = middle
    return low


# --- the pessimistic privacy-loss distribution ----------------------------------------------


def _loss_index(p_weight: int, q_weight: int, interval: Fraction) -> int:
    """``⌈ln(p/q)/η⌉``, or one more when ball arithmetic cannot decide (pessimistic)."""
    with ctx.workprec(_ARB_BITS):
        scaled = (arb(fmpq(p_weight, q_weight)).log()) / ball(interval)
        return math.ceil(_upper(scaled))


def _rounded_up(values: np.ndarray) -> np.ndarray:
    rounded: np.ndarray = np.nextafter(values, np.inf)
    return rounded


def _pld_upper(
    p_row: Sequence[int],
    q_row: Sequence[int],
    denominator: int,
    total_alpha: Fraction,
    k: int,
    interval: Fraction,
) -> Fraction:
    """δ_pair(A) of k releases from the pessimistic loss grid (all ``q_row`` positive)."""
    indices = [_loss_index(p, q, interval) for p, q in zip(p_row, q_row, strict=True) if p]
    masses = _rounded_up(
        np.array([float(Fraction(p, denominator)) for p in p_row if p], dtype=np.float64)
    )
    low, high = min(indices), max(indices)
    shifts = np.array(indices) - low
    terms = len(indices)
    # fl(Σ of `terms` products) ≥ (1 − γ)·exact − terms·2^−1074; γ = γ_{terms+1}.
    gamma = (terms + 2) * _UNIT_ROUNDOFF / (1 - (terms + 2) * _UNIT_ROUNDOFF)
    correction = float(Fraction(1) / (1 - Fraction(gamma))) * (1 + 4 * _UNIT_ROUNDOFF)
    law = np.array([1.0])
    for _ in range(k):
        grown = np.zeros(len(law) + high - low)
        for shift, mass in zip(shifts, masses, strict=True):
            grown[shift : shift + len(law)] += mass * law
        law = _rounded_up(_rounded_up(grown + terms * _SMALLEST_SUBNORMAL) * correction)
    start = k * low  # law[j] is the mass at the loss (start + j)·η
    with ctx.workprec(_ARB_BITS):
        total = arb(0)
        threshold = ball(total_alpha).log()
        step = ball(interval)
        for j in np.nonzero(law)[0]:
            loss = (start + int(j)) * step
            if loss > threshold or not loss < threshold:
                total += arb(float(law[j])) * (1 - ball(total_alpha) * (-loss).exp())
        return min(Fraction(1), max(Fraction(0), _upper(total)))


def rr_delta_upper_bound(
    n: int,
    p: RationalLike,
    total_alpha: RationalLike,
    k: int,
    interval: RationalLike = "1/200",
) -> Fraction:
    """A rigorous upper bound of :func:`rr_required_delta` by a pessimistic loss grid.

    ``interval`` is the grid step η of the privacy loss (smaller: tighter and slower); the
    grid of the k-fold loss may hold at most :data:`BOUND_MAX_BINS` bins, and ``n`` is at
    most :data:`BOUND_MAX_PEOPLE`.

    >>> exact = rr_required_delta(4, "0.9", 3, 4)
    >>> exact <= rr_delta_upper_bound(4, "0.9", 3, 4) <= exact + Fraction(1, 20)
    True
    """
    n, p = _check_rr(n, p)
    target, k = check_alpha(total_alpha, "total_alpha"), _check_size("k", _check_k(k))
    interval = check_rational("interval", interval, low=0, low_open=True)
    if n > BOUND_MAX_PEOPLE:
        raise ValueError(
            f"n must be at most {BOUND_MAX_PEOPLE} for the loss-grid bound; got {shown(n)}"
        )
    if 2 * p == 1:
        return Fraction(0)
    if p in (0, 1):
        return Fraction(1)
    a, b = p.numerator, p.denominator
    spread = abs(math.log(a) - math.log(b - a))  # every loss lies in [−spread, spread]
    step = float(min(interval, Fraction(1000)))
    bins = k * (2 * spread / step + 2) + 1 if step > 0 else math.inf
    work = n * (n + 1) * k * bins / 2
    if not (bins <= BOUND_MAX_BINS and work <= BOUND_WORK_LIMIT):
        raise ValueError(
            f"k = {shown(k)}, n = {shown(n)}, p = {shown(p)} and interval = {shown(interval)} "
            f"need about {bins:.3g} grid bins and {work:.3g} operations; at most "
            f"{BOUND_MAX_BINS} bins and {BOUND_WORK_LIMIT:.3g} operations are allowed "
            f"(take a larger interval)"
        )
    laws = _rr_laws(n, p)
    denominator = p.denominator**n
    return max(_pld_upper(laws[c], laws[c + 1], denominator, target, k, interval) for c in range(n))


@dataclass(frozen=True)
class BoundComparison:
    """The δ at one factor of k RR releases, counted four ways (all exact or rigorous upper).

    Each release is taken as ``(α*, 0)``-DP with ``α* = max(p, 1−p)/min(p, 1−p)``, its pure
    factor.  ``exact`` is ``None`` beyond the exact limit; ``upper`` is then the pessimistic
    loss-grid bound (``exact`` itself when it is known).
    """

    exact: Fraction | None
    upper: Fraction
    optimal: Fraction
    advanced: Fraction
    basic: Fraction


def rr_bound_comparison(
    n: int, p: RationalLike, k: int, total_alpha: RationalLike
) -> BoundComparison:
    """Basic, advanced, optimal-homogeneous and exact δ at factor ``total_alpha``.

    Always ``exact ≤ optimal ≤ min(advanced, basic)`` (tested over a grid).  Beyond the
    exact limit ``exact`` is ``None``; beyond the loss grid's limit as well, the grid's
    ``ValueError`` is raised at once.

    >>> result = rr_bound_comparison(2, "3/4", 3, 9)  # α* = 3; optimal: (27 − 9)/4³
    >>> result.exact, result.optimal, result.basic  # basic: 3³ = 27 > 9 certifies nothing
    (Fraction(243, 2048), Fraction(9, 32), Fraction(1, 1))
    """
    n, p = _check_rr(n, p)
    k = _check_k(k)
    target = check_alpha(total_alpha, "total_alpha")
    if p in (0, 1):
        one = Fraction(1)
        return BoundComparison(one, one, one, one, one)
    pure = max(p, 1 - p) / min(p, 1 - p)
    try:
        exact = rr_required_delta(n, p, target, k)
    except ValueError:
        exact = None
    upper = exact if exact is not None else rr_delta_upper_bound(n, p, target, k)
    return BoundComparison(
        exact,
        upper,
        optimal_delta(pure, 0, k, target),
        advanced_delta(pure, 0, k, target),
        basic_delta(pure, 0, k, target),
    )


def gaussian_composition_delta(sensitivity: float, sigma: float, eps: float, k: int) -> float:
    """δ(ε) of k Gaussian releases with the same σ: one release with sensitivity Δ√k.

    The k-fold privacy loss of ``N(0, σ²)`` against ``N(Δ, σ²)`` is a sum of k independent
    ``N(h²/2, h²)`` with ``h = Δ/σ``, i.e. ``N(kh²/2, kh²)``: the loss of one release with
    ``h√k`` (Dong, Roth & Su 2022, *Gaussian differential privacy*, JRSS B, Cor. 3.3: k
    releases of ``h``-GDP are ``h√k``-GDP).  The δ(ε) of that one release is
    ``Φ(h√k/2 − ε/(h√k)) − e^ε Φ(−h√k/2 − ε/(h√k))`` (their Cor. 2.13; Balle & Wang 2018,
    Thm. 8).  √k is rounded once to a double (relative error ≤ 2^−53), the product Δ√k not
    at all.  Errors as :func:`dplab.mechanisms.gaussian.delta` with its ``k``.

    >>> gaussian_composition_delta(1, 2, 1, 4) == gaussian.delta(2, 2, 1)
    True
    """
    sensitivity = check_real("sensitivity", sensitivity, low=0)
    sigma = check_real("sigma", sigma, low=0, low_open=True)
    eps = check_real("eps", eps, low=0)
    k = check_int("k", k, low=1, high=2**53)
    return float(gaussian.delta(sensitivity, sigma, eps, k=k))


@dataclass(frozen=True)
class GaussianBoundComparison:
    """δ at the total ``ε`` of k Gaussian releases: exact, and from the three theorems (≈).

    Each release is ``(ε₀, δ₁(ε₀))``-DP for every ``ε₀ ≥ 0`` (``δ₁`` the exact profile of one
    release), so every split gives a valid bound: ``basic`` uses ``ε₀ = ε/k``,
    ``optimal`` (Kairouz–Oh–Viswanath) and ``advanced`` (Dwork–Rothblum–Vadhan) the best
    ``ε₀`` among the splits tried (``split``: the best one for ``optimal``).  Floats:
    ``δ₁`` and ``e^ε`` are doubles, so each value is within a few units in the last place
    of a valid bound, and within about 1e-15 absolute (a term ``α^k − A`` with ``A`` the
    double nearest ``e^ε``); for display only, the exact rational checks are the RR ones.
    """

    exact: float
    optimal: float
    advanced: float
    basic: float
    split: float


GAUSSIAN_SPLITS = tuple(2 ** (i / 4) for i in range(-8, 17))
"""The per-release ε₀ tried by :func:`gaussian_bound_comparison`, as multiples of ε/k."""

GAUSSIAN_MAX_RELEASES = 200
"""Largest k of :func:`gaussian_bound_comparison` (its optimal bound sums k + 1 terms of
k·53-bit integers for each of the splits)."""

GAUSSIAN_MAX_EPS = 700
"""Largest total ε of :func:`gaussian_bound_comparison` (``e^ε`` must be a finite double)."""


def gaussian_bound_comparison(
    sensitivity: float, sigma: float, eps: float, k: int
) -> GaussianBoundComparison:
    """Exact δ(ε) of k Gaussian releases beside basic, advanced and optimal composition.

    ``exact`` is :func:`gaussian_composition_delta`; the bounds compose the exact profile of
    one release at ``ε₀ = c·ε/k`` for ``c`` in :data:`GAUSSIAN_SPLITS` (basic: ``c = 1``).
    Raises :class:`~dplab.mechanisms.gaussian.DeltaUnderflowError` as that function does, where the
    exact δ is below the smallest normal double.

    >>> result = gaussian_bound_comparison(1, 4, 1, 10)
    >>> result.exact <= result.optimal <= min(result.advanced, result.basic)
    True
    """
    sensitivity = check_real("sensitivity", sensitivity, low=0)
    sigma = check_real("sigma", sigma, low=0, low_open=True)
    eps = check_real("eps", eps, low=0, high=GAUSSIAN_MAX_EPS)
    k = check_int("k", k, low=1, high=GAUSSIAN_MAX_RELEASES)
    exact = gaussian_composition_delta(sensitivity, sigma, eps, k)
    total = Fraction(math.exp(eps))
    one = _delta_or_tiny(sensitivity, sigma, eps / k)
    basic = min(1.0, k * one)
    best_optimal, best_split, best_advanced = 1.0, eps / k, 1.0
    for factor in GAUSSIAN_SPLITS:
        per_release = factor * eps / k
        alpha = Fraction(math.exp(per_release))
        delta = Fraction(_delta_or_tiny(sensitivity, sigma, math.log(alpha)))
        optimal = float(optimal_delta(alpha, delta, k, total))
        if optimal < best_optimal:
            best_optimal, best_split = optimal, per_release
        best_advanced = min(best_advanced, float(advanced_delta(alpha, delta, k, total)))
    return GaussianBoundComparison(exact, best_optimal, best_advanced, basic, best_split)


def _delta_or_tiny(sensitivity: float, sigma: float, eps: float) -> float:
    """δ₁(ε), or the smallest normal double (an upper bound) where δ₁ underflows."""
    try:
        return float(gaussian.delta(sensitivity, sigma, eps))
    except gaussian.DeltaUnderflowError:
        return _SMALLEST_NORMAL
