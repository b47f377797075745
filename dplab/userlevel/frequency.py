"""Frequency estimation in the local model: k-ary randomized response on each item, and
the user-level baseline.

Setting (Imola, Roy Chowdhury & Chaudhuri, CCS 2024, frequency estimation under d_EM-DP;
the formulas below are the course's own derivations, labelled so in the lessons and not
claimed to be the paper's rates, ``dplab/userlevel/DERIVATIONS.md`` §7): n users each
hold m items from ``{0, …, k−1}``, and ``f_v`` is the fraction of all ``N = n·m`` items
equal to ``v``.

**The item randomizer** (:func:`k_randomized_response`; Warner 1965 for k = 2, Kairouz,
Bonawitz & Ramage 2016 for k-ary): report the true value with probability
``p = α/(α + k − 1)`` and each other value with probability ``q = 1/(α + k − 1)``.  Any two
inputs give rows whose ratio is at most ``p/q = α``: the randomizer is α-private for every
pair of items (the discrete metric, distance 1 between distinct items).  Each user applies
it to each of their m items and sends the multiset of the m reports (PrivEMDItemWise,
:mod:`dplab.userlevel.itemwise`).

**The estimator** (:func:`estimate`).  With ``c_v`` the number of the N reports equal to v,
``E[c_v/N] = f_v p + (1 − f_v) q``, so ``f̂_v = (c_v/N − q)/(p − q)`` is unbiased.  Each
report is an independent Bernoulli draw for the event "report = v", with probability p for
the items equal to v and q for the others, so

    Var[f̂_v] = [f_v p(1 − p) + (1 − f_v) q(1 − q)] / (N (p − q)²)      (:func:`variance`)

and, because ``Σ_v f_v = 1``, the total squared error ``Σ_v Var[f̂_v]`` does not depend on
the data: ``[p(1 − p) + (k − 1) q(1 − q)] / (N (p − q)²)`` (:func:`total_squared_error`).

**The user-level baseline** (:func:`user_level_total_squared_error`).  Under user-level
ε-LDP each user releases their normalised histogram ``h_i`` (``‖h_i − h_i'‖₂ ≤ √2`` for any
two datasets: all mass moved from one value to another) with ℓ₂ K-norm noise at
sensitivity √2, :mod:`dplab.userlevel.emd_linear`; the average of the n releases has mean squared
error ``2k(k + 1)/(n ε²)``.  Both estimators are unbiased, so their total squared errors
compare them directly.

Everything is exact: α, ε and the counts are read exactly (the float policy of
:mod:`dplab._validation`) and the answers are Fractions.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

from dplab._validation import check_int, check_rational, shown
from dplab.finite import FiniteChannel, RationalLike, both_directions
from dplab.userlevel import emd_linear

__all__ = [
    "estimate",
    "k_randomized_response",
    "report_probabilities",
    "total_squared_error",
    "user_level_total_squared_error",
    "variance",
]

# A channel with more values than this is not built: its k² exact entries and k(k − 1)
# adjacent pairs take about half a second at 200, and no lesson needs more (the formulas
# below take any k).  estimate() reads one exact count per value, at most _MAX_COUNTS.
_MAX_CHANNEL_VALUES = 200
_MAX_COUNTS = 10_000
_MAX_VALUES = 10**9
_MAX_REPORTS = 10**15


def _check_k(k: object, high: int = _MAX_VALUES) -> int:
    return check_int("k", k, low=2, high=high)


def _check_alpha(alpha: object) -> Fraction:
    return check_rational("alpha", alpha, low=1, low_open=True)


def report_probabilities(k: int, alpha: RationalLike) -> tuple[Fraction, Fraction]:
    """``(p, q)``: the probability of reporting the true value, and each other one.

    >>> report_probabilities(4, 3)
    (Fraction(1, 2), Fraction(1, 6))
    """
    values = _check_k(k)
    factor = _check_alpha(alpha)
    return factor / (factor + values - 1), 1 / (factor + values - 1)


def k_randomized_response(k: int, alpha: RationalLike) -> FiniteChannel:
    """k-ary randomized response on ``{0, …, k−1}`` as an exact channel; every ordered pair
    of distinct inputs is adjacent (the item-level claim: factor α for any change).
    ``2 ≤ k ≤ 200`` (about half a second at 200).

    >>> channel = k_randomized_response(3, 2)
    >>> channel.probabilities(0)
    (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))
    """
    values = _check_k(k, _MAX_CHANNEL_VALUES)
    keep, other = report_probabilities(values, alpha)
    rows: dict[Hashable, list[Fraction]] = {
        x: [keep if y == x else other for y in range(values)] for x in range(values)
    }
    pairs = [(x, y) for x in range(values) for y in range(x + 1, values)]
    return FiniteChannel.from_probabilities(rows, both_directions(pairs))


def _check_counts(counts: object, name: str) -> tuple[int, ...]:
    if isinstance(counts, str | bytes) or not isinstance(counts, Sequence):
        raise TypeError(f"{name} must be a sequence of k counts; got {shown(counts)}")
    if not 2 <= len(counts) <= _MAX_COUNTS:
        raise ValueError(
            f"{name} must hold one count per value, k in [2, {_MAX_COUNTS}] of them; "
            f"got {len(counts)}"
        )
    values = tuple(
        check_int(f"{name}[{v}]", c, low=0, high=_MAX_REPORTS) for v, c in enumerate(counts)
    )
    if sum(values) == 0:
        raise ValueError(f"{name} must hold at least one report; got all zeros")
    return values


def estimate(counts: Sequence[int], alpha: RationalLike) -> tuple[Fraction, ...]:
    """The unbiased estimates ``f̂_v = (c_v/N − q)/(p − q)`` from the report counts.

    They sum to 1 but may be negative or above 1 (unbiasedness has that price).  At most
    10,000 values (``len(counts)``).

    >>> estimate([5, 3, 2], 2)
    (Fraction(1, 1), Fraction(1, 5), Fraction(-1, 5))
    """
    reports = _check_counts(counts, "counts")
    keep, other = report_probabilities(len(reports), alpha)
    total = sum(reports)
    return tuple((Fraction(c, total) - other) / (keep - other) for c in reports)


def variance(frequency: RationalLike, k: int, alpha: RationalLike, reports: int) -> Fraction:
    """``Var[f̂_v]`` for a value held by the fraction ``frequency`` of the N = ``reports`` items.

    >>> variance(0, 2, 3, 1)  # k = 2, α = 3: p = 3/4, q = 1/4
    Fraction(3, 4)
    """
    share = check_rational("frequency", frequency, low=0, high=1)
    keep, other = report_probabilities(k, alpha)
    count = check_int("reports", reports, low=1, high=_MAX_REPORTS)
    spread = share * keep * (1 - keep) + (1 - share) * other * (1 - other)
    return spread / (count * (keep - other) ** 2)


def total_squared_error(k: int, alpha: RationalLike, reports: int) -> Fraction:
    """``E Σ_v (f̂_v − f_v)² = [p(1 − p) + (k − 1) q(1 − q)] / (N (p − q)²)``, for every data.

    >>> total_squared_error(2, 3, 1) == variance(0, 2, 3, 1) + variance(1, 2, 3, 1)
    True
    """
    values = _check_k(k)
    keep, other = report_probabilities(values, alpha)
    count = check_int("reports", reports, low=1, high=_MAX_REPORTS)
    spread = keep * (1 - keep) + (values - 1) * other * (1 - other)
    return spread / (count * (keep - other) ** 2)


def user_level_total_squared_error(k: int, epsilon: RationalLike, users: int) -> Fraction:
    """``2k(k + 1)/(n ε²)``: the user-level ε-LDP baseline (normalised histograms with
    K-norm noise at sensitivity √2, averaged over the n users).

    >>> user_level_total_squared_error(2, 1, 3)
    Fraction(4, 1)
    """
    values = _check_k(k, emd_linear.MAX_DIMENSION)  # the histogram has k coordinates
    # sensitivity √2: the squared error is twice that of sensitivity 1
    return 2 * emd_linear.local_average_squared_error(1, epsilon, values, users)
