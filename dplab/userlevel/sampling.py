"""From unbounded to bounded d_EM-DP: resample a user's dataset to a fixed size s.

Source: Imola, Roy Chowdhury & Chaudhuri, CCS 2024 (the sampling-based reduction from
unbounded to bounded d_EM-DP); the lemma, the pure bound, their proofs and the exact check
below are the course's own, not the paper's (``dplab/userlevel/DERIVATIONS.md`` §10, and
§11 for example E9).

**The procedure.**  ``P_s(K)`` draws s items from K independently and uniformly, with
replacement, whatever ``|K| ≥ 1`` is; a bounded mechanism ``M`` on datasets of size s then
releases ``M(P_s(K))`` (:func:`resampled_release`).  ``P_s(K)`` depends only on the
uniform distribution ``u_K``, as ``d_EM`` does.

**Lemma (coupling and Hoeffding).**  Let the item metric take values in ``[0, 1]`` and π be
an optimal coupling of ``u_K`` and ``u_K'`` (:func:`dplab.userlevel.metric.emd_plan`).  Draw s pairs
``(y_j, y_j')`` from π independently: the ``y_j`` are ``P_s(K)``, the ``y_j'`` are
``P_s(K')``, and matching ``y_j`` with ``y_j'`` costs ``D = (1/s) Σ_j d(y_j, y_j')``, so
``d_EM(Y, Y') ≤ D``.  ``E D = d_EM(K, K')``, and D is a mean of s independent terms in
``[0, 1]``, so Hoeffding's inequality gives ``Pr[D ≥ d_EM(K, K') + t] ≤ e^{−2st²}``.

**Statement.**  If M is bounded α-d_EM-DP on datasets of size s (the factor α per unit of
d_EM, pure), then for all K, K' of any sizes and every event S

    P(M(P_s(K)) ∈ S) ≤ α^{d_EM(K, K') + t} · P(M(P_s(K')) ∈ S) + e^{−2st²}.

*Proof.*  Under the coupling, split on the event ``G = {D < d_EM + t}``:
``P(M(Y) ∈ S) ≤ E[1_G · P(M(Y) ∈ S | Y)] + P(not G)``, and on G each term is at most
``α^{d_EM(Y, Y')} P(M(Y') ∈ S | Y') ≤ α^{d_EM + t} P(M(Y') ∈ S | Y')``; summing over the
coupling gives ``α^{d_EM + t} P(M(P_s(K')) ∈ S) + e^{−2st²}``.  ∎  Choosing
``t = √(ln(1/δ)/(2s))`` (:func:`hoeffding_slack`) makes the additive term δ.

**What survives without slack (derived).**  The *same* factor does not: resampling can
move a close pair far apart.  Moving one item of K by ``d_X`` gives ``d_EM = d_X/|K|``; when
all s coupled draws pick that item the resampled datasets are ``d_X`` apart, ``|K|`` times
the original (K = (0, 3), K' = (0, 2) under ``|a − b|/3``: ``d_EM = 1/6``, and the draw
(3, 3, 3) against (2, 2, 2), probability 1/8, is 1/3 apart at s = 3), so the worst ratio
exceeds ``α^{d_EM}``.  A pure guarantee with a worse factor does survive, with δ = 0: for
all K, K' of any sizes and every event S

    P(M(P_s(K)) ∈ S) ≤ (1 + α(α − 1)·d_EM(K, K')) · P(M(P_s(K')) ∈ S)
                     ≤ e^{α(α − 1)·d_EM(K, K')} · P(M(P_s(K')) ∈ S).

*Proof.*  Write ``f(Z) = P(M(Z) ∈ S)``.  Two datasets of size s are at most 1 apart, so
``f(Z) ≤ α f(Z')`` for all of them and ``f(Y') ≤ α · inf f ≤ α · P(M(P_s(K')) ∈ S)``.  Under
the coupling ``f(Y) ≤ α^{D} f(Y') ≤ (1 + (α − 1)D) f(Y')`` (``α^x`` is convex and
``D ∈ [0, 1]``), so ``f(Y) ≤ f(Y') + α(α − 1)·D·P(M(P_s(K')) ∈ S)``; taking expectations
with ``E D = d_EM(K, K')`` gives the first line, and ``1 + x ≤ e^x`` the second.  ∎  The
factor ``e^{α(α − 1)}`` per unit of d_EM is far worse than α; the slack t and δ above buy a
factor ``α^{d_EM + t}`` close to the original.  :func:`check_sampling` finds the largest
``ln(P(y)/Q(y))/d_EM`` over all pairs: finite, above ``ln α``, below ``α(α − 1)`` (example
E9: 13.79 at α = 512, against ``ln α ≈ 6.24`` and ``α(α − 1) = 261632``).

**Exactness.**  The laws are exact Fractions.  Whether an output belongs to the worst
event is decided exactly through integer powers (``P(y) > α^{a/b} Q(y)`` iff
``P(y)^b > α^a Q(y)^b``); the irrational sides ``α^{a/b}·Q(S)`` and ``e^{−2st²}`` are
enclosed by Arb balls, and a comparison the balls do not decide raises an error instead of
guessing.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement

from flint import arb, ctx, fmpq

from dplab._exact import exact_end
from dplab._validation import (
    check_bool,
    check_input,
    check_int,
    check_rational,
    check_real,
    shown,
    size_text,
)
from dplab.finite import FiniteChannel, RationalLike, check_channel
from dplab.userlevel import itemwise, metric

__all__ = [
    "MAX_RELEASE_WORK",
    "MAX_RESAMPLES",
    "MAX_SAMPLE_SIZE",
    "SamplingCheck",
    "check_sampling",
    "check_sampling_slacks",
    "hoeffding_delta",
    "hoeffding_slack",
    "resample_distribution",
    "resampled_release",
]

MAX_SAMPLE_SIZE = 12
"""Largest resampled size s of the exact laws (the law has C(|K| + s − 1, s) outcomes)."""

MAX_RESAMPLES = 20_000
"""Largest number ``C(n + s − 1, s)`` of resampled datasets (n distinct items of K) that
:func:`resample_distribution` lists (about 0.2 s at the limit)."""

MAX_RELEASE_WORK = 200_000
"""Largest estimated work of :func:`resampled_release`, and of all the laws that
:func:`check_sampling` builds: resampled datasets × the ``C(|Y| + s − 1, s)`` outcomes of
each release × ``|Y|`` (about a second at the limit)."""

_MAX_PAIRS = 20_000
_MAX_SLACKS = 20  # each slack is one more exact comparison per pair
_MAX_SLACK_DENOMINATOR = 1000
_MAX_DRAWS = 10**12
_LARGEST_EXPONENT = 700
_ARB_BITS = 256


def hoeffding_slack(s: int, delta: float) -> float:
    """``t = √(ln(1/δ)/(2s))``: the slack in d_EM that costs δ (≈).

    >>> round(hoeffding_slack(100, 1e-6), 6)
    0.262826
    """
    size = check_int("s", s, low=1, high=_MAX_DRAWS)
    chance = check_real("delta", delta, low=0, high=1, low_open=True, high_open=True)
    return math.sqrt(-math.log(chance) / (2 * size))


def hoeffding_delta(s: int, t: RationalLike) -> float:
    """``e^{−2st²}``: the chance that the resampled datasets drift more than t apart (≈).

    >>> hoeffding_delta(3, "0.2")  # doctest: +ELLIPSIS
    0.78662...
    """
    size = check_int("s", s, low=1, high=_MAX_DRAWS)
    slack = check_rational("t", t, low=0, low_open=True)
    exponent = 2 * size * slack * slack
    if exponent > _LARGEST_EXPONENT:
        raise ValueError(
            f"e^(-2st²) with s = {size} and t = {shown(t)} is below e^-{_LARGEST_EXPONENT}, "
            f"beyond the double range: choose a smaller s or t"
        )
    return math.exp(-float(exponent))


def resample_distribution(K: Sequence[Hashable], s: int) -> dict[tuple[Hashable, ...], Fraction]:
    """The exact law of ``P_s(K)``: s draws with replacement, as sorted tuples of items.

    >>> resample_distribution([0, 3], 2)
    {(0, 0): Fraction(1, 4), (0, 3): Fraction(1, 2), (3, 3): Fraction(1, 4)}
    """
    items = _dataset("K", K)
    size = check_int("s", s, low=1, high=MAX_SAMPLE_SIZE)
    shares = Counter(items)
    _check_resamples(len(shares), size)
    distinct = sorted(shares, key=_order)
    law = {}
    for sample in combinations_with_replacement(distinct, size):
        counts = Counter(sample)
        ways = math.factorial(size)
        for count in counts.values():
            ways //= math.factorial(count)
        weight = ways * math.prod(shares[item] ** count for item, count in counts.items())
        law[sample] = Fraction(weight, len(items) ** size)
    return law


def resampled_release(
    randomizer: FiniteChannel, K: Sequence[Hashable], s: int, shuffled: bool = True
) -> dict[tuple[Hashable, ...], Fraction]:
    """The exact law of ``M(P_s(K))``, M the item-wise release of s items through
    ``randomizer`` (:func:`dplab.userlevel.itemwise.release_distribution`).

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> law = resampled_release(clamped_geometric(4, "1/2"), [0, 3], 1)
    >>> law[(1, 0, 0, 0)], sum(law.values())  # (2/3 + 1/12)/2: half the time the 0 is kept
    (Fraction(3, 8), Fraction(1, 1))
    """
    channel = check_channel(randomizer, "randomizer")
    items = _dataset("K", K)
    size = check_int("s", s, low=1, high=MAX_SAMPLE_SIZE)
    distinct = {check_input("K", channel, item) for item in dict.fromkeys(items)}
    _check_release_work(channel, [len(distinct)], size, check_bool("shuffled", shuffled))
    release: dict[tuple[Hashable, ...], Fraction] = {}
    for sample, chance in resample_distribution(items, size).items():
        for outcome, probability in itemwise.release_distribution(
            randomizer, list(sample), shuffled
        ).items():
            release[outcome] = release.get(outcome, Fraction(0)) + chance * probability
    return release


@dataclass(frozen=True)
class SamplingCheck:
    """The exact check of the sampling statements over every ordered pair of datasets.

    ``violations`` lists the pairs ``(K, K')`` where some event breaks
    ``P(S) ≤ α^{d_EM + t} Q(S) + e^{−2st²}`` (empty when the statement holds, as the lemma
    proves).  ``same_factor_violations`` counts the pairs where some output breaks the pure
    guarantee with the same factor, ``P(y) ≤ α^{d_EM} Q(y)``.  ``pure_bound_violations``
    lists the pairs where some output breaks the derived pure bound
    ``P(y) ≤ (1 + α(α − 1)·d_EM) Q(y)``, decided exactly (empty, as the module proves).
    ``largest_log_ratio`` (≈) is the largest ``ln(P(y)/Q(y)) / d_EM`` over the pairs at
    positive distance, attained at ``worst_pair``; ``math.inf`` only if some ``Q(y) = 0 <
    P(y)``.  Compare it with ``ln α`` (the same factor, ``alpha`` the factor checked) and
    with ``pure_bound_exponent`` = ``α(α − 1)``, the exponent per unit of d_EM of the derived
    bound.
    """

    alpha: Fraction
    pairs: int
    t: Fraction
    delta: float
    violations: tuple[tuple[tuple[Hashable, ...], tuple[Hashable, ...]], ...]
    same_factor_violations: int
    pure_bound_exponent: Fraction
    pure_bound_violations: tuple[tuple[tuple[Hashable, ...], tuple[Hashable, ...]], ...]
    largest_log_ratio: float
    worst_pair: tuple[tuple[Hashable, ...], tuple[Hashable, ...]]


def check_sampling(
    randomizer: FiniteChannel,
    sizes: Sequence[int],
    s: int,
    alpha: RationalLike,
    t: RationalLike,
    distance: metric.Distance = None,
) -> SamplingCheck:
    """Check the sampling statements exactly over every ordered pair of datasets whose sizes
    are in ``sizes`` (multisets of the randomizer's inputs), every event, for the release of
    :func:`resampled_release` (shuffled): the ``(α^{d_EM + t}, e^{−2st²})`` statement, the derived
    pure bound ``1 + α(α − 1)·d_EM`` and the same factor ``α^{d_EM}`` (see :class:`SamplingCheck`).
    ``distance`` is the item metric as in :func:`dplab.userlevel.metric.emd` and must stay in ``[0,
    1]``.  ``alpha`` is the factor per unit of d_EM that the bounded release of s items has (for the
    clamped geometric with factor ``α₀`` per unit of the item metric, ``α₀^s``: the naive bound of
    :mod:`dplab.userlevel.itemwise`).  :func:`check_sampling_slacks` checks several slacks at once.

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> check = check_sampling(clamped_geometric(2, "1/2"), [1, 2], 2, 4, "1/2")
    >>> check.violations, check.same_factor_violations > 0, check.pure_bound_violations
    ((), True, ())
    >>> round(check.largest_log_ratio, 3), check.pure_bound_exponent  # ln 4 ≈ 1.386 per unit
    (1.622, Fraction(12, 1))
    """
    (check,) = check_sampling_slacks(randomizer, sizes, s, alpha, [_check_slack(t)], distance)
    return check


def check_sampling_slacks(
    randomizer: FiniteChannel,
    sizes: Sequence[int],
    s: int,
    alpha: RationalLike,
    ts: Sequence[RationalLike],
    distance: metric.Distance = None,
) -> tuple[SamplingCheck, ...]:
    """:func:`check_sampling` at each slack of ``ts``, in that order: the laws of the releases,
    the d_EM of every pair and what does not depend on t (the pure bound, the same factor, the
    largest ratio) are computed once for all.

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> checks = check_sampling_slacks(clamped_geometric(2, "1/2"), [1, 2], 2, 4, ["1/4", "1/2"])
    >>> [(str(c.t), round(c.delta, 4), c.violations) for c in checks]
    [('1/4', 0.7788, ()), ('1/2', 0.3679, ())]
    """
    channel = check_channel(randomizer, "randomizer")
    size = check_int("s", s, low=1, high=MAX_SAMPLE_SIZE)
    factor = check_rational("alpha", alpha, low=1, low_open=True)
    if isinstance(ts, str | bytes) or not isinstance(ts, Sequence) or not ts:
        raise ValueError(f"ts must be a non-empty list of slacks t; got {shown(ts)}")
    if len(ts) > _MAX_SLACKS:
        raise ValueError(f"ts must hold at most {_MAX_SLACKS} slacks; got {len(ts)}")
    slacks = [_check_slack(t, f"ts[{i}]") for i, t in enumerate(ts)]
    universe = list(channel.inputs)
    lengths = _sizes(sizes)
    count = sum(math.comb(len(universe) + n - 1, n) for n in lengths)
    if count**2 > _MAX_PAIRS:
        raise ValueError(
            f"sizes {shown(sizes)} over {len(universe)} inputs give {size_text(count**2)} "
            f"ordered pairs; at most {_MAX_PAIRS} are checked exactly"
        )
    datasets = [sample for n in lengths for sample in combinations_with_replacement(universe, n)]
    _check_release_work(channel, [len(set(K)) for K in datasets], size, shuffled=True)
    _check_unit_metric(universe, distance)
    laws = {K: resampled_release(channel, list(K), size) for K in datasets}
    with ctx.workprec(_ARB_BITS):
        chances = [(-2 * size * _arb(slack * slack)).exp() for slack in slacks]
        violations: list[list[tuple[tuple[Hashable, ...], tuple[Hashable, ...]]]] = [
            [] for _ in slacks
        ]
        same_factor_violations = 0
        bound_exponent = factor * (factor - 1)
        bound_violations = []
        worst = (-math.inf, (datasets[0], datasets[0]))
        distances: dict[frozenset[Hashable], Fraction] = {}
        for K in datasets:
            for K2 in datasets:
                key = frozenset((K, K2))
                if key not in distances:  # d_EM is symmetric: one solve per unordered pair
                    distances[key] = Fraction(metric.emd(list(K), list(K2), distance))
                d = distances[key]
                p, q = laws[K], laws[K2]
                for slack, chance, found in zip(slacks, chances, violations, strict=True):
                    if _breaks(p, q, factor, d + slack, chance):
                        found.append((K, K2))
                if any(p[y] > (1 + bound_exponent * d) * q.get(y, Fraction(0)) for y in p):
                    bound_violations.append((K, K2))
                if d > 0:
                    same_factor_violations += any(
                        _above(p[y], q.get(y, Fraction(0)), factor, d) for y in p
                    )
                    per_unit = max(_log_ratio(p[y], q.get(y, Fraction(0))) for y in p) / float(d)
                    worst = max(worst, (per_unit, (K, K2)), key=lambda item: item[0])
        deltas = [float(chance.mid()) for chance in chances]
    return tuple(
        SamplingCheck(
            alpha=factor,
            pairs=len(datasets) ** 2,
            t=slack,
            delta=delta,
            violations=tuple(found),
            same_factor_violations=same_factor_violations,
            pure_bound_exponent=bound_exponent,
            pure_bound_violations=tuple(bound_violations),
            largest_log_ratio=worst[0],
            worst_pair=worst[1],
        )
        for slack, delta, found in zip(slacks, deltas, violations, strict=True)
    )


# --- helpers ------------------------------------------------------------------------------


def _order(item: Hashable) -> tuple[Hashable, ...]:
    return (0, item) if isinstance(item, int | Fraction | float) else (1, repr(item))


def _dataset(name: str, K: object) -> tuple[Hashable, ...]:
    if isinstance(K, str | bytes) or not isinstance(K, Sequence):
        raise TypeError(f"{name} must be a sequence of items; got {shown(K)}")
    if len(K) == 0:
        raise ValueError(f"{name} must hold at least one item (a user's dataset is never empty)")
    if len(K) > metric.MAX_DATASET_SIZE:
        raise ValueError(
            f"{name} must hold at most MAX_DATASET_SIZE = {metric.MAX_DATASET_SIZE} items; "
            f"got {len(K)}"
        )
    for item in K:
        try:
            hash(item)
        except TypeError:
            raise TypeError(f"{name}'s items must be hashable; got {shown(item)}") from None
    return tuple(K)


def _check_resamples(distinct: int, s: int) -> int:
    count = math.comb(distinct + s - 1, s)
    if count > MAX_RESAMPLES:
        raise ValueError(
            f"K with {distinct} distinct items resampled to s = {s} gives C({distinct}+{s}−1, {s}) "
            f"= {size_text(count)} datasets, more than MAX_RESAMPLES = {MAX_RESAMPLES}"
        )
    return count


def _check_release_work(
    channel: FiniteChannel, distinct: list[int], s: int, shuffled: bool
) -> None:
    """Refuse laws of ``M(P_s(K))`` for datasets with these numbers of distinct items
    whose estimated work (see :data:`MAX_RELEASE_WORK`) is too large, before any is built."""
    outputs = len(channel.outputs)
    outcomes, law = (
        (math.comb(outputs + s - 1, s), f"C({outputs}+{s}−1, {s})")
        if shuffled
        else (outputs**s, f"{outputs}^{s}")
    )
    work = sum(_check_resamples(n, s) for n in distinct) * outcomes * outputs
    if work > MAX_RELEASE_WORK:
        raise ValueError(
            f"s = {s} with {outputs} outputs of the randomizer and K of up to {max(distinct)} "
            f"distinct items: the estimated work (resampled datasets × {law} outcomes × "
            f"{outputs}) is {size_text(work)}, more than MAX_RELEASE_WORK = {MAX_RELEASE_WORK}"
        )


def _sizes(sizes: object) -> list[int]:
    if isinstance(sizes, str | bytes) or not isinstance(sizes, Sequence) or not sizes:
        raise ValueError(f"sizes must be a non-empty list of dataset sizes; got {shown(sizes)}")
    return sorted({check_int("sizes", n, low=1, high=MAX_SAMPLE_SIZE) for n in sizes})


def _check_unit_metric(universe: list[Hashable], distance: metric.Distance) -> None:
    largest = max(Fraction(metric.emd([x], [y], distance)) for x in universe for y in universe)
    if largest > 1:
        raise ValueError(
            f"distance must take values in [0, 1] for Hoeffding's bound; the largest distance "
            f"between inputs is {shown(largest)} (scale the metric, e.g. divide by the diameter)"
        )


def _arb(value: Fraction) -> arb:
    return arb(fmpq(value.numerator, value.denominator))


def _check_slack(t: object, name: str = "t") -> Fraction:
    slack = check_rational(name, t, low=0, high=1, low_open=True)
    if slack.denominator > _MAX_SLACK_DENOMINATOR:
        raise ValueError(
            f"{name} must be a fraction with a denominator of at most {_MAX_SLACK_DENOMINATOR} "
            f"(the check raises probabilities to that power exactly), such as '1/5'; got {shown(t)}"
        )
    return slack


def _log(value: Fraction) -> float:
    return math.log(value.numerator) - math.log(value.denominator)  # no float overflow


def _above(p: Fraction, q: Fraction, factor: Fraction, exponent: Fraction) -> bool:
    """``p > factor^exponent · q``: by logarithms when they differ clearly, else exactly
    through integer powers (``p^b > factor^a q^b`` with ``exponent = a/b``)."""
    if q == 0:
        return p > 0
    if p == 0:
        return False
    gap = _log(p) - _log(q) - float(exponent) * _log(factor)
    if abs(gap) > 1e-9 * (1 + abs(float(exponent) * _log(factor))):
        return gap > 0
    a, b = exponent.numerator, exponent.denominator
    return p**b > factor**a * q**b


def _breaks(
    p: dict[tuple[Hashable, ...], Fraction],
    q: dict[tuple[Hashable, ...], Fraction],
    factor: Fraction,
    exponent: Fraction,
    chance: arb,
) -> bool:
    """Whether the worst event breaks ``P(S) ≤ factor^exponent Q(S) + chance``."""
    event = [y for y in p if _above(p[y], q.get(y, Fraction(0)), factor, exponent)]
    if not event:
        return False
    event_p = sum((p[y] for y in event), Fraction(0))
    event_q = sum((q.get(y, Fraction(0)) for y in event), Fraction(0))
    excess = _arb(event_p) - _arb(factor) ** _arb(exponent) * _arb(event_q) - chance
    if excess < 0:
        return False
    if excess > 0:
        return True
    raise ArithmeticError(
        f"the comparison with δ = e^(-2st²) is not decided at {_ARB_BITS} bits "
        f"(excess in {exact_end(excess.lower())} … {exact_end(excess.upper())})"
    )


def _log_ratio(p: Fraction, q: Fraction) -> float:
    return math.inf if q == 0 else _log(p) - _log(q)
