r"""What an observer can infer from a private release: posterior odds and hypothesis tests.

Numbers are read by the float policy of :mod:`dplab._validation` wherever a result is
exact (a float is its exact binary value; pass ``"0.3"`` for three tenths); ``α = e^ε``.

**Bayes' rule in odds.**  For two hypotheses H and H' and an observed event S,

    Pr[H | S] / Pr[H' | S] = (Pr[H] / Pr[H']) · (Pr[S | H] / Pr[S | H']),

posterior odds = prior odds × likelihood ratio (:func:`posterior_odds`).

**What (α, δ)-DP proves about it** (:func:`likelihood_ratio_range`,
:func:`posterior_range`).  Let H say the data are ``D`` and H' that they are an adjacent
``D'`` (one person's record differs), let ``P = Pr[M(D) ∈ ·]``, ``Q = Pr[M(D') ∈ ·]``, and
let the observer see the event S with ``q = Q(S) > 0``.  The claim in both orders gives
``P(S) ≤ αQ(S) + δ`` and ``Q(S) ≤ αP(S) + δ``, hence

    max(0, (1 − δ/q)/α) ≤ P(S)/Q(S) ≤ α + δ/q.

With δ = 0 this is ``[1/α, α]`` whatever S is: the posterior odds move by at most the
factor α in either direction, for every event and every prior.  With δ > 0 the range
depends on how likely the observed event was.  The upper end ``α + δ/q`` is finite for
every ``q > 0``; it grows without bound only as ``q → 0``, and it says more than the
trivial ``P(S)/Q(S) ≤ 1/q`` exactly when ``αq + δ < 1``.  The lower end is what fails: for
``q ≤ δ`` it is 0, so an event that is rare under H' may rule H out (``P(S) = 0 < Q(S) ≤ δ``
is allowed).  Only ``Q(S) = 0`` rules H' out, and (α, δ) allows that for ``P(S) ≤ δ``; such
an event is outside the assumption ``q > 0``.  Each end is attained by some event (δ = 0:
the output with the largest ratio of the worst pair, e.g. randomized response; δ > 0: the
four-output pair of lesson 6, ``(δ, (1−δ)α/(1+α), (1−δ)/(1+α), 0)`` against its mirror,
attains the upper end on its first two outputs and the lower end 0 on its last).

*Hypotheses about one person when the others are unknown.*  If the observer's prior makes
the others' records ``R`` independent of the person's value, ``P(S) = Σ_r π(r)P_r(S)`` and
likewise for Q with the *same* weights, so the same bounds hold for the mixture (sum the
inequalities).  If the prior correlates the person with the others (relatives, a group
attribute), DP makes no such promise: the others' data can reveal the person.

The odds form and its caveat about correlated records follow Kifer & Machanavajjhala
(2011, *No free lunch in data privacy*, SIGMOD) and Kasiviswanathan & Smith (2014).

**Hypothesis tests** (Wasserman & Zhou 2010, *A statistical framework for differential
privacy*, JASA 105, for pure ε; Kairouz, Oh & Viswanath 2015, *The composition theorem for
differential privacy*, ICML, for (ε, δ); Dong, Roth & Su 2022, *Gaussian differential
privacy*, JRSS B 84(1)).  A test of H₀ "data D" against H₁ "data D'" rejects
H₀ with probability ``φ(y) ∈ [0, 1]`` at output y; its type I error is ``E_P[φ]`` and its
type II error ``1 − E_Q[φ]``.  The trade-off curve ``T(x)`` is the smallest type II error of
a test with type I error ≤ x.  For an (α, δ) guarantee holding in both orders of a pair,
every test satisfies (``Q(S) ≤ αP(S) + δ`` gives the first line, ``P(Sᶜ) ≤ αQ(Sᶜ) + δ`` the
second; for a randomised φ apply them to its level sets and integrate)

    T(x) ≥ f_{α,δ}(x) = max(0, 1 − δ − αx, (1 − δ − x)/α)      (:func:`dp_tradeoff`),

and conversely f_{α,δ} is attained by the canonical pair of :mod:`dplab.accounting.composition`.
For a given finite pair the Neyman–Pearson lemma gives the optimum: reject the outputs with the
largest ratio ``Q_y/P_y`` first and randomise on the boundary ratio (:func:`most_powerful_test`,
exact rationals).  Each pair's curve is convex; the channel's curve, their pointwise minimum, need
not be (:func:`concave_corners`).  Laplace noise with ``μ = Δ/b`` has the curve ``1 − e^μ x`` (x <
e^{−μ}/2), ``e^{−μ}/(4x)`` (x < ½), ``e^{−μ}(1 − x)``, equal to ``f_{e^μ,0}`` except on ``(e^{−μ}/2,
½)``; Gaussian noise with ``μ = Δ/σ`` the curve ``Φ(Φ⁻¹(1 − x) − μ)`` (μ-GDP; k releases: ``μ√k``)
and the power ``1 − G_μ(x) = Φ(Φ⁻¹(x) + μ)`` (:func:`gaussian_power`, computed so, not as a
difference).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from scipy import special

from dplab._validation import check_int, check_rational, check_real
from dplab.finite import FiniteChannel, RationalLike, check_alpha, check_channel, check_delta
from dplab.mechanisms.randomized_response import count_channel

__all__ = [
    "TRADEOFF_WORK_LIMIT",
    "MostPowerfulTest",
    "PosteriorRange",
    "channel_tradeoff",
    "concave_corners",
    "dp_max_power",
    "dp_tradeoff",
    "gaussian_mu",
    "gaussian_power",
    "gaussian_tradeoff",
    "laplace_tradeoff",
    "likelihood_ratio_range",
    "most_powerful_test",
    "posterior_odds",
    "posterior_probability",
    "posterior_range",
    "rr_tradeoff",
    "tradeoff_contact",
    "tradeoff_vertices",
]


def _check_prior(prior: object) -> Fraction:
    return check_rational("prior", prior, low=0, high=1, low_open=True, high_open=True)


def _check_error(name: str, value: object) -> Fraction:
    return check_rational(name, value, low=0, high=1)


def posterior_odds(prior: RationalLike, likelihood_ratio: RationalLike) -> Fraction:
    """``prior/(1 − prior) × likelihood_ratio``: the posterior odds of H against H'.

    >>> posterior_odds("0.5", 3), posterior_odds("1/4", 3)
    (Fraction(3, 1), Fraction(1, 1))
    """
    prior = _check_prior(prior)
    ratio = check_rational("likelihood_ratio", likelihood_ratio, low=0)
    return prior / (1 - prior) * ratio


def posterior_probability(prior: RationalLike, likelihood_ratio: RationalLike) -> Fraction:
    """``Pr[H | S] = odds/(1 + odds)`` with the odds of :func:`posterior_odds`.

    >>> posterior_probability("1/4", 3)
    Fraction(1, 2)
    """
    odds = posterior_odds(prior, likelihood_ratio)
    return odds / (1 + odds)


@dataclass(frozen=True)
class PosteriorRange:
    """The likelihood ratios and posterior probabilities of H an (α, δ) claim allows.

    ``ratio_high`` is always finite (``q > 0``).  ``ratio_low`` and ``low`` are 0 when
    ``δ ≥ q``: the observer may then rule H out (:attr:`may_rule_out`).
    """

    ratio_low: Fraction
    ratio_high: Fraction
    low: Fraction
    high: Fraction

    @property
    def may_rule_out(self) -> bool:
        """Whether the claim lets the observed event rule H out (``ratio_low = 0``)."""
        return self.ratio_low == 0


def likelihood_ratio_range(
    alpha: RationalLike, delta: RationalLike = 0, event_probability: RationalLike = 1
) -> tuple[Fraction, Fraction]:
    """``[max(0, (1 − δ/q)/α), α + δ/q]`` for an event of probability ``q > 0`` under H'.

    ``P(S) ≤ αq + δ`` bounds the ratio above for every ``q > 0``; ``Q(S) ≤ αP(S) + δ``
    bounds it below, by 0 once ``q ≤ δ`` (then ``P(S) = 0`` is allowed: H is ruled out).

    >>> likelihood_ratio_range(3)
    (Fraction(1, 3), Fraction(3, 1))
    >>> likelihood_ratio_range(3, "0.01", "0.1")
    (Fraction(3, 10), Fraction(31, 10))
    >>> likelihood_ratio_range(2, "1/1000", "1/1000")
    (Fraction(0, 1), Fraction(3, 1))
    """
    alpha, delta = check_alpha(alpha), check_delta(delta)
    q = check_rational("event_probability", event_probability, low=0, high=1, low_open=True)
    return max(Fraction(0), (1 - delta / q) / alpha), alpha + delta / q


def posterior_range(
    prior: RationalLike,
    alpha: RationalLike,
    delta: RationalLike = 0,
    event_probability: RationalLike = 1,
) -> PosteriorRange:
    """The smallest and largest ``Pr[H | S]`` an (α, δ) claim allows (module docstring).

    >>> result = posterior_range("1/2", 3)
    >>> result.low, result.high
    (Fraction(1, 4), Fraction(3, 4))
    >>> rare = posterior_range("1/2", 2, "1/1000", "1/1000")
    >>> rare.low, rare.high, rare.may_rule_out
    (Fraction(0, 1), Fraction(3, 4), True)
    """
    prior = _check_prior(prior)
    low, high = likelihood_ratio_range(alpha, delta, event_probability)
    return PosteriorRange(
        low, high, posterior_probability(prior, low), posterior_probability(prior, high)
    )


def dp_tradeoff(alpha: RationalLike, delta: RationalLike, type_one_error: RationalLike) -> Fraction:
    """``f_{α,δ}(x) = max(0, 1 − δ − αx, (1 − δ − x)/α)``: the least type II error allowed.

    >>> dp_tradeoff(3, 0, "1/8"), dp_tradeoff(3, 0, "1/2")
    (Fraction(5, 8), Fraction(1, 6))
    """
    alpha, delta = check_alpha(alpha), check_delta(delta)
    x = _check_error("type_one_error", type_one_error)
    return max(Fraction(0), 1 - delta - alpha * x, (1 - delta - x) / alpha)


def dp_max_power(
    alpha: RationalLike, delta: RationalLike, false_positive_rate: RationalLike
) -> Fraction:
    """``1 − f_{α,δ}(x)``: the most power any test can have at false-positive rate x.

    >>> dp_max_power(3, 0, "1/8")
    Fraction(3, 8)
    """
    alpha, delta = check_alpha(alpha), check_delta(delta)
    x = _check_error("false_positive_rate", false_positive_rate)
    return 1 - dp_tradeoff(alpha, delta, x)


@dataclass(frozen=True)
class MostPowerfulTest:
    """The Neyman–Pearson test of H₀ (``source``) against H₁ (``target``) at a level.

    It rejects H₀ on ``reject`` always and on ``boundary`` with probability
    ``boundary_probability``.  Its type I error is at most the level (less only when every
    output with ``Q_y > 0`` is already rejected); ``power = 1 − type_two_error``.
    """

    source: Hashable
    target: Hashable
    reject: tuple[Hashable, ...]
    boundary: tuple[Hashable, ...]
    boundary_probability: Fraction
    type_one_error: Fraction
    type_two_error: Fraction

    @property
    def power(self) -> Fraction:
        """``1 − type_two_error``."""
        return 1 - self.type_two_error


def most_powerful_test(
    channel: FiniteChannel, source: Hashable, target: Hashable, false_positive_rate: RationalLike
) -> MostPowerfulTest:
    """The most powerful (randomised) test at type I error ≤ x, by Neyman–Pearson.

    Outputs are taken by decreasing ``Q_y/P_y`` (``P_y = 0 < Q_y`` first, costing nothing);
    outputs with ``Q_y = 0`` are never rejected (no power to gain).

    >>> from dplab.finite import both_directions
    >>> rr = FiniteChannel.from_probabilities({0: ["3/4", "1/4"], 1: ["1/4", "3/4"]},
    ...                                        both_directions([(0, 1)]))
    >>> test = most_powerful_test(rr, 0, 1, "1/8")
    >>> test.reject, test.boundary, test.boundary_probability, test.power
    ((), (1,), Fraction(1, 2), Fraction(3, 8))
    """
    source, target = check_channel(channel).check_pair(source, target)
    level = _check_error("false_positive_rate", false_positive_rate)
    p_row, q_row = channel.row(source), channel.row(target)
    classes: dict[Fraction | None, list[int]] = {}  # ratio P/Q → positions (None: P = 0)
    for j, (p_weight, q_weight) in enumerate(zip(p_row, q_row, strict=True)):
        if q_weight > 0:
            classes.setdefault(Fraction(p_weight, q_weight) if p_weight else None, []).append(j)
    order = sorted(classes, key=lambda ratio: (ratio is not None, ratio or 0))
    budget = level * channel.denominator  # type I error left, in weight units
    reject: list[int] = []
    boundary: list[int] = []
    chance = Fraction(0)
    for ratio in order:
        positions = classes[ratio]
        cost = sum(p_row[j] for j in positions)
        if cost <= budget:
            reject += positions
            budget -= cost
        else:
            boundary, chance = positions, budget / cost
            break
    size = sum(p_row[j] for j in reject) + chance * sum(p_row[j] for j in boundary)
    found = sum(q_row[j] for j in reject) + chance * sum(q_row[j] for j in boundary)
    label = channel.outputs
    return MostPowerfulTest(
        source,
        target,
        tuple(label[j] for j in sorted(reject)),
        tuple(label[j] for j in sorted(boundary)),
        chance,
        Fraction(size) / channel.denominator,
        1 - Fraction(found) / channel.denominator,
    )


def channel_tradeoff(channel: FiniteChannel, type_one_error: RationalLike) -> Fraction:
    """The least type II error at type I error ≤ x over every ordered adjacent pair.

    >>> from dplab.finite import both_directions
    >>> rr = FiniteChannel.from_probabilities({0: ["3/4", "1/4"], 1: ["1/4", "3/4"]},
    ...                                        both_directions([(0, 1)]))
    >>> channel_tradeoff(rr, "1/8") == dp_tradeoff(3, 0, "1/8")
    True
    """
    channel = check_channel(channel)
    x = _check_error("type_one_error", type_one_error)
    return min(
        most_powerful_test(channel, s, t, x).type_two_error for s, t in channel.adjacent_pairs
    )


def _pair_vertices(
    p_row: tuple[int, ...], q_row: tuple[int, ...], denominator: int
) -> list[tuple[Fraction, Fraction]]:
    """The vertices of one pair's Neyman–Pearson curve, by increasing type I error.

    Rejecting whole ratio classes in the order of :func:`most_powerful_test` gives the
    corners; randomising on the next class moves along the segment between two corners.
    The curve ends with ``(1, 0)``: once every output with ``Q_y > 0`` is rejected, more
    type I error buys nothing.
    """
    classes: dict[Fraction | None, list[int]] = {}
    for j, (p_weight, q_weight) in enumerate(zip(p_row, q_row, strict=True)):
        if q_weight > 0:
            classes.setdefault(Fraction(p_weight, q_weight) if p_weight else None, []).append(j)
    size, found = 0, 0
    vertices: list[tuple[Fraction, Fraction]] = []
    for ratio in sorted(classes, key=lambda ratio: (ratio is not None, ratio or 0)):
        if ratio is not None and not vertices:
            vertices.append((Fraction(0), Fraction(1)))
        size += sum(p_row[j] for j in classes[ratio])
        found += sum(q_row[j] for j in classes[ratio])
        vertices.append((Fraction(size, denominator), 1 - Fraction(found, denominator)))
    if vertices[-1][0] < 1:
        vertices.append((Fraction(1), Fraction(0)))
    return vertices


def _on_segments(vertices: Sequence[tuple[Fraction, Fraction]], x: Fraction) -> Fraction:
    """The piecewise linear curve through ``vertices`` at ``x``."""
    for (x1, y1), (x2, y2) in pairwise(vertices):
        if x <= x2:
            return y1 if x2 == x1 else y1 + (y2 - y1) * (x - x1) / (x2 - x1)
    return vertices[-1][1]


TRADEOFF_WORK_LIMIT = 200_000
"""The most work :func:`tradeoff_vertices` takes on: ``pairs³ · (outputs + 2)``, its count
of exact comparisons (every pair of curves on every interval between corners), at about half a
second on one core.  :func:`~dplab.mechanisms.randomized_response.count_channel` stays within it
up to n = 11 (n = 30 would take about 20 s)."""


def _tradeoff_work(channel: FiniteChannel) -> int:
    """The work estimate of :func:`tradeoff_vertices`, from the channel's shape alone."""
    return len(channel.adjacent_pairs) ** 3 * (len(channel.outputs) + 2)


def tradeoff_vertices(channel: FiniteChannel) -> tuple[tuple[Fraction, Fraction], ...]:
    """The corners of ``x ↦`` :func:`channel_tradeoff` ``(channel, x)`` on ``[0, 1]`` (exact).

    Each pair's Neyman–Pearson curve is piecewise linear; their minimum is linear between
    the pairs' corners and the points where two pairs' segments cross, so the corners are
    among those points.  Collinear points are dropped: the curve is the polyline through
    the returned points, from ``x = 0`` to ``x = 1``.  A channel whose work estimate
    ``pairs³ · (outputs + 2)`` exceeds :data:`TRADEOFF_WORK_LIMIT` is refused before any work.

    >>> from dplab.finite import both_directions
    >>> rr = FiniteChannel.from_probabilities({0: ["3/4", "1/4"], 1: ["1/4", "3/4"]},
    ...                                        both_directions([(0, 1)]))
    >>> [(str(x), str(y)) for x, y in tradeoff_vertices(rr)]
    [('0', '1'), ('1/4', '1/4'), ('1', '0')]
    """
    channel = check_channel(channel)
    work = _tradeoff_work(channel)
    if work > TRADEOFF_WORK_LIMIT:
        raise ValueError(
            f"channel: the trade-off corners of {len(channel.adjacent_pairs)} ordered pairs and "
            f"{len(channel.outputs)} outputs take pairs³·(outputs + 2) = {work} exact comparisons, "
            f"more than the limit {TRADEOFF_WORK_LIMIT}; use channel_tradeoff at the levels needed"
        )
    curves = [
        _pair_vertices(channel.row(s), channel.row(t), channel.denominator)
        for s, t in channel.adjacent_pairs
    ]
    corners = sorted({x for curve in curves for x, _ in curve} | {Fraction(0), Fraction(1)})
    points = set(corners)
    for a, b in pairwise(corners):
        starts = [_on_segments(curve, a) for curve in curves]
        ends = [_on_segments(curve, b) for curve in curves]
        for i in range(len(curves)):
            for j in range(i):
                gap_a, gap_b = starts[i] - starts[j], ends[i] - ends[j]
                if gap_a * gap_b < 0:
                    points.add(a + (b - a) * gap_a / (gap_a - gap_b))
    ordered = [(x, min(_on_segments(curve, x) for curve in curves)) for x in sorted(points)]
    kept = [ordered[0]]
    for here, after in pairwise(ordered[1:]):
        (x0, y0) = kept[-1]
        if (here[1] - y0) * (after[0] - x0) != (after[1] - y0) * (here[0] - x0):
            kept.append(here)
    kept.append(ordered[-1])
    return tuple(kept)


def _slopes(vertices: Sequence[tuple[Fraction, Fraction]]) -> list[Fraction]:
    return [(y2 - y1) / (x2 - x1) for (x1, y1), (x2, y2) in pairwise(vertices)]


def concave_corners(channel: FiniteChannel) -> tuple[Fraction, ...]:
    """The type I errors at which the channel's curve (:func:`tradeoff_vertices`) bends
    the concave way: its slope drops there.

    One pair's Neyman–Pearson curve is convex (its slopes, ``−Q_y/P_y`` by decreasing
    ratio, increase); the minimum over pairs need not be, and is not where the lowest pair
    changes from one whose curve is falling more slowly to one falling faster.

    >>> from dplab.mechanisms.randomized_response import count_channel
    >>> concave_corners(count_channel(2, "3/4"))
    (Fraction(11, 32),)
    """
    vertices = tradeoff_vertices(channel)
    slopes = _slopes(vertices)
    return tuple(
        x
        for (x, _), (before, after) in zip(vertices[1:-1], pairwise(slopes), strict=True)
        if after < before
    )


def tradeoff_contact(
    channel: FiniteChannel, alpha: RationalLike, delta: RationalLike = 0
) -> tuple[tuple[Fraction, Fraction], ...]:
    """The closed intervals of ``[0, 1]`` on which the channel's curve equals ``f_{α,δ}``.

    Both are piecewise linear: between consecutive corners of either, their difference is
    linear, so it vanishes on the whole piece, at one point, or nowhere.  Intervals are
    merged where they touch; a single point ``a`` is ``(a, a)``.

    >>> from dplab.mechanisms.randomized_response import count_channel
    >>> [(str(a), str(b)) for a, b in tradeoff_contact(count_channel(2, "3/4"), 3)]
    [('0', '3/16'), ('7/16', '1')]
    """
    alpha, delta = check_alpha(alpha), check_delta(delta)
    vertices = tradeoff_vertices(channel)
    xs = sorted(
        {x for x, _ in vertices} | {Fraction(0), (1 - delta) / (1 + alpha), 1 - delta, Fraction(1)}
    )
    gaps = [_on_segments(vertices, x) - dp_tradeoff(alpha, delta, x) for x in xs]
    found: list[tuple[Fraction, Fraction]] = []

    def add(a: Fraction, b: Fraction) -> None:
        if found and found[-1][1] >= a:
            found[-1] = (found[-1][0], max(found[-1][1], b))
        else:
            found.append((a, b))

    for (a, b), (gap_a, gap_b) in zip(pairwise(xs), pairwise(gaps), strict=True):
        if gap_a == 0:
            add(a, b if gap_b == 0 else a)
        elif gap_a * gap_b < 0:
            crossing = a + (b - a) * gap_a / (gap_a - gap_b)
            add(crossing, crossing)
    if gaps[-1] == 0:
        add(xs[-1], xs[-1])
    return tuple(found)


def rr_tradeoff(n: int, p: RationalLike, type_one_error: RationalLike) -> Fraction:
    """:func:`channel_tradeoff` of the randomized-response count channel (exact).

    >>> rr_tradeoff(1, "3/4", "1/8")
    Fraction(5, 8)
    """
    n = check_int("n", n, low=1)
    x = _check_error("type_one_error", type_one_error)
    return channel_tradeoff(count_channel(n, p), x)


def laplace_tradeoff(
    sensitivity: RationalLike, scale: RationalLike, type_one_error: float
) -> float:
    """The trade-off curve of Laplace noise with ``μ = Δ/b`` (≈; closed form above).

    >>> round(laplace_tradeoff(1, 1, 0.1), 6), round(laplace_tradeoff(1, 1, 0.25), 6)
    (0.728172, 0.367879)
    """
    sensitivity = check_rational("sensitivity", sensitivity, low=0)
    scale = check_rational("scale", scale, low=0, low_open=True)
    x = check_real("type_one_error", type_one_error, low=0, high=1)
    mu = float(min(sensitivity / scale, Fraction(10**6)))  # e^−μ is 0 in doubles beyond
    if x == 0:
        return 1.0
    log_x = math.log(x)
    if log_x < -mu - math.log(2):  # x < e^−μ/2
        return -math.expm1(mu + log_x)
    if x < 0.5:
        return math.exp(-mu - log_x) / 4
    return math.exp(-mu) * (1 - x)


def gaussian_mu(sensitivity: float, sigma: float, k: int = 1) -> float:
    """``μ = Δ√k/σ``: k Gaussian releases are μ-GDP (Dong, Roth & Su 2022, Cor. 3.3).

    >>> gaussian_mu(1, 2, 4)
    1.0
    """
    sensitivity = check_real("sensitivity", sensitivity, low=0)
    sigma = check_real("sigma", sigma, low=0, low_open=True)
    k = check_int("k", k, low=1, high=2**53)
    mu = sensitivity * math.sqrt(k) / sigma
    if not math.isfinite(mu):
        raise ValueError(
            f"μ = Δ√k/σ for sensitivity = {sensitivity!r}, sigma = {sigma!r} and k = {k} overflows"
        )
    return mu


def gaussian_power(sensitivity: float, sigma: float, false_positive_rate: float) -> float:
    """``1 − G_μ(x) = Φ(Φ⁻¹(x) + μ)`` with ``μ = Δ/σ``: the most powerful test's power (≈).

    Computed as written, not as ``1 −`` :func:`gaussian_tradeoff`: for small x the power is
    small, ``G_μ(x)`` is within an ulp of 1 and the difference keeps no correct digit (at
    ``x = 10⁻²⁰``, μ = 1 it is ``2⁻⁵³ ≈ 1.11×10⁻¹⁶``; the power is ``7.142×10⁻¹⁷``).

    >>> round(gaussian_power(1, 1, 0.05), 6)
    0.259511
    >>> f"{gaussian_power(1, 1, 1e-20):.4g}", 1 - gaussian_tradeoff(1, 1, 1e-20)
    ('7.142e-17', 1.1102230246251565e-16)
    """
    mu = gaussian_mu(sensitivity, sigma)
    x = check_real("false_positive_rate", false_positive_rate, low=0, high=1)
    return float(special.ndtr(special.ndtri(x) + mu))


def gaussian_tradeoff(sensitivity: float, sigma: float, type_one_error: float) -> float:
    """``G_μ(x) = Φ(Φ⁻¹(1 − x) − μ)`` with ``μ = Δ/σ`` (≈; ``Φ⁻¹(1−x)`` as ``−Φ⁻¹(x)``).

    >>> round(gaussian_tradeoff(1, 1, 0.05), 6)
    0.740489
    """
    mu = gaussian_mu(sensitivity, sigma)
    x = check_real("type_one_error", type_one_error, low=0, high=1)
    return float(special.ndtr(-special.ndtri(x) - mu))
