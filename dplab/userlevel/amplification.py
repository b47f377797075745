"""Amplification by shuffling one user's items, at scale: binary randomized response.

Setting (Imola, Roy Chowdhury & Chaudhuri, CCS 2024, PrivEMDItemWise;
``dplab/userlevel/DERIVATIONS.md`` §9, and §11 for example E10).  A user holds ``m``
bits, ``ones`` of them equal to 1.  Each bit goes through binary randomized response with
budget ``ε₀``: the true bit is reported with probability ``q₁ = e^{ε₀}/(1 + e^{ε₀})``.
The neighbouring dataset turns ``flipped`` of the ones into zeros; on the discrete metric
(distance 1 between different bits) ``d_EM = flipped/m``.

* **Shuffled** (the user releases the multiset of reports, i.e. the number of reported
  ones): the count is ``C + B`` with the common part ``C ~ Bin(ones − flipped, q₁) +
  Bin(m − ones, 1 − q₁)`` the same under both datasets, and the changed part
  ``B ~ Bin(flipped, q₁)`` under K, ``Bin(flipped, 1 − q₁)`` under K'.
* **Ordered** (the reports listed in the order of the sorted input): the reports of the
  unchanged bits have the same law under both datasets and are independent of the rest,
  so the number of reported ones among the changed bits, ``B``, is a sufficient statistic
  for the pair.

For either release the smallest δ at ``e^ε`` is the hockey-stick divergence
``δ(ε) = max over the two directions of Σ_y [P(y) − e^ε Q(y)]₊`` over the count ``y``
(the sufficient statistic keeps the likelihood ratio, so the sum over counts equals the sum
over all outputs).  Shuffling is post-processing of the ordered release (forget the
order), so ``δ_shuffled(ε) ≤ δ_ordered(ε)`` always.

**Computation** (:func:`log_delta_curve`), in log space throughout, so a δ far below the
smallest double (``1e−308``) is still a finite ``ln δ``.  Binomial log-probabilities come
from ``scipy.stats.binom.logpmf``; the common part ``C`` (two binomials of up to m trials)
is convolved in linear scale after dividing each law by its largest term (positive terms,
no cancellation), keeping its terms within ``e^{−600}`` of the largest; the changed part is
added in log space, and each term of the divergence is ``P(y)(1 − e^{ε − L(y)})`` with the
privacy loss ``L = ln P − ln Q``, so no difference of nearly equal numbers is formed.
One curve of 50 ε at m = 10⁵ takes well under a second.

**The derived bound** (:func:`derived_bound`; ``dplab/userlevel/DERIVATIONS.md`` §9, from
Feldman, McMillan & Talwar, "Hiding Among the Clones", FOCS 2021, Thm 3.1, and a hybrid
argument over the changed items).  Changing the items one at a time, each step is
``(log(1 + tanh(ε₀/2)·c_m), δ_s)``-indistinguishable with
``c_m = 8√(e^{ε₀} ln(4/δ_s)/m) + 8e^{ε₀}/m``, valid when ``ε₀ ≤ ln(m/(16 ln(2/δ_s)))``; so
the shuffled release is ``(E, δ)`` with ``E = flipped·log(1 + tanh(ε₀/2)·c_m)`` and
``δ = flipped·e^{E}·δ_s``.  This bound is the course's own (derived and proved), not the
paper's statement; nothing here uses the paper's constants, and no comparison with them
is claimed.

**The same bound read at a fixed ε** (:func:`derived_log_delta`).  ``δ_s`` is free; at a
given ε the best δ the bound proves comes from the smallest ``δ_s`` with ``E ≤ ε`` and the
validity condition, both of which hold exactly for ``δ_s`` above a threshold in closed form:
``E ≤ ε`` iff ``c_m ≤ C := (e^{ε/flipped} − 1)/tanh(ε₀/2)`` iff
``ln(4/δ_s) ≤ m·((C − 8e^{ε₀}/m)/8)²/e^{ε₀}`` (nothing when ``C ≤ 8e^{ε₀}/m``), and the
condition iff ``ln(2/δ_s) ≤ m/(16e^{ε₀})``.  (A smaller ``δ_s`` gives a smaller
``flipped·e^{E}·δ_s`` wherever ``E < 2 ln(4/δ_s)``, so for every admissible ``δ_s`` when
``ε < 2 ln 4``: ``dplab/userlevel/DERIVATIONS.md`` §9.)

**The ε at a fixed δ** (:func:`epsilon_for_delta`): the exact curve inverted by refining a
bracket, for reading one pair's guarantee as a single ε.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

from dplab._validation import check_int, check_real, check_real_array

__all__ = [
    "LOG_DELTA_FLOOR",
    "DerivedBound",
    "derived_bound",
    "derived_log_delta",
    "epsilon_for_delta",
    "log_delta_curve",
]

MAX_ITEMS = 10**6
LOG_DELTA_FLOOR = -580.0
"""``ln δ`` is reported down to this value; a value equal to it means ``δ ≤ e^{−580}``."""
_WINDOW = 700.0  # binomial terms below e^-700 of the largest are left out of the convolution
_TRUSTED = 600.0  # terms of the common part below e^-600 of its largest are left out


def _check_items(m: object, ones: object, flipped: object) -> tuple[int, int, int]:
    items = check_int("m", m, low=1, high=MAX_ITEMS)
    count = check_int("ones", ones, low=1, high=items)
    changed = check_int("flipped", flipped, low=1, high=count)
    return items, count, changed


def _log_binomial(trials: int, success: float) -> np.ndarray:
    """``ln P(X = x)`` for x = 0, …, trials, X ~ Bin(trials, success)."""
    log_pmf: np.ndarray = stats.binom.logpmf(np.arange(trials + 1), trials, success)
    return log_pmf


def _log_sum_of_binomials(
    first: tuple[int, float], second: tuple[int, float]
) -> tuple[int, np.ndarray]:
    """``(start, logs)``: ``ln P(X + Y = start + i)`` for independent binomials X, Y given
    as ``(trials, success)``, over the terms within e^−600 of the largest (the others are
    ``−inf``).  Each law is cut to its terms within e^−700 of its largest and the two are
    convolved in linear scale (positive terms only, so no cancellation)."""
    parts = []
    for trials, success in (first, second):
        logs = _log_binomial(trials, success)
        top = float(logs.max())
        kept = np.flatnonzero(logs >= top - _WINDOW)
        low, high = int(kept[0]), int(kept[-1]) + 1
        parts.append((low, np.exp(logs[low:high] - top), top))
    values = np.convolve(parts[0][1], parts[1][1])
    with np.errstate(divide="ignore"):
        logs = np.log(values) + parts[0][2] + parts[1][2]
    logs[logs < logs.max() - _TRUSTED] = -np.inf
    return parts[0][0] + parts[1][0], logs


def _log_convolve(common: tuple[int, np.ndarray], changed: np.ndarray) -> np.ndarray:
    """``ln`` of the law of ``C + B`` on the support of C shifted by 0…len(B)−1, in log space."""
    logs = common[1]
    out = np.full(logs.size + changed.size - 1, -np.inf)
    for shift, weight in enumerate(changed):
        out[shift : shift + logs.size] = np.logaddexp(out[shift : shift + logs.size], logs + weight)
    return out


def _log_hockey_stick(log_p: np.ndarray, log_q: np.ndarray, epsilons: np.ndarray) -> np.ndarray:
    """``ln Σ_y [P(y) − e^ε Q(y)]₊`` for each ε, all in log space: the term at y is
    ``P(y)·(1 − e^{ε − L(y)})`` where the privacy loss ``L(y) = ln P(y) − ln Q(y) > ε``."""
    with np.errstate(invalid="ignore"):
        loss = log_p - log_q
    out = np.empty(epsilons.size)
    for index, epsilon in enumerate(epsilons):
        above = np.isfinite(log_p) & (loss > epsilon)
        if not above.any():
            out[index] = -np.inf
            continue
        terms = log_p[above] + np.log1p(-np.exp(epsilon - loss[above]))
        top = float(terms.max())
        out[index] = top + math.log(float(np.exp(terms - top).sum()))
    return out


def log_delta_curve(
    m: int,
    ones: int,
    flipped: int,
    epsilon0: float,
    epsilons: Sequence[float] | np.ndarray,
    *,
    shuffled: bool = True,
) -> np.ndarray:
    """``ln δ(ε)`` for each ε in ``epsilons``: the release of m randomized bits, the dataset
    with ``ones`` ones against the one with ``flipped`` of them turned to zeros, both
    directions.

    ``−inf`` where δ = 0 for certain: for every ``ε ≥ flipped·ε₀`` (the largest privacy
    loss of the ordered release, which bounds the shuffled one).  Below that, values are
    at least :data:`LOG_DELTA_FLOOR`, which stands for ``δ ≤ e^{−580}`` (possibly 0): the
    common part's terms left out (below e^−600 of its largest, at most ``(m + 1)·e^{−600}``
    of its mass) could change δ by about that much, so a smaller δ is not claimed.

    >>> curve = log_delta_curve(3, 1, 1, math.log(3), [0.0, 1.0, 2.0])
    >>> [round(float(np.exp(value)), 12) for value in curve]  # TV 9/32, then 0 above ε₀
    [0.28125, 0.039616617873, 0.0]
    """
    items, count, changed = _check_items(m, ones, flipped)
    budget = check_real("epsilon0", epsilon0, low=0, low_open=True, high=700)
    points = check_real_array("epsilons", epsilons, low=0)
    if points.ndim != 1 or points.size == 0:
        raise ValueError(f"epsilons must be a non-empty list of ε ≥ 0; got shape {points.shape}")
    if not isinstance(shuffled, bool):
        raise TypeError(f"shuffled must be True or False; got {shuffled!r}")
    truth = 1.0 / (1.0 + math.exp(-budget))  # q₁ = e^{ε₀}/(1 + e^{ε₀}), without overflow
    before = _log_binomial(changed, truth)
    after = _log_binomial(changed, 1.0 - truth)
    if shuffled:
        common = _log_sum_of_binomials((count - changed, truth), (items - count, 1.0 - truth))
        before, after = _log_convolve(common, before), _log_convolve(common, after)
    curve: np.ndarray = np.maximum(
        _log_hockey_stick(before, after, points), _log_hockey_stick(after, before, points)
    )
    # Below the floor (or no term found in the kept window) δ is only known to be small;
    # it is certainly 0 from the largest privacy loss of the ordered release on.
    curve = np.maximum(curve, LOG_DELTA_FLOOR)
    curve[points >= changed * budget] = -np.inf
    return curve


@dataclass(frozen=True)
class DerivedBound:
    """The derived shuffling bound of :func:`derived_bound`: the release is
    ``(epsilon, delta)``-indistinguishable for the pair when ``valid``."""

    epsilon: float
    delta: float
    step_epsilon: float
    valid: bool
    condition: str


def derived_bound(m: int, flipped: int, epsilon0: float, step_delta: float) -> DerivedBound:
    """The derived bound for ``flipped`` changed bits among m (module docstring),
    with its validity condition ``ε₀ ≤ ln(m/(16 ln(2/δ_s)))`` evaluated and stated.

    >>> bound = derived_bound(2000, 1, 1.0, 1e-8)
    >>> round(bound.epsilon, 3), bound.valid
    (0.477, True)
    >>> derived_bound(100, 1, 1.0, 1e-8).valid
    False
    """
    items = check_int("m", m, low=1, high=MAX_ITEMS)
    changed = check_int("flipped", flipped, low=1, high=items)
    budget = check_real("epsilon0", epsilon0, low=0, low_open=True, high=700)
    slack = check_real("step_delta", step_delta, low=0, high=1, low_open=True, high_open=True)
    log_slack = math.log(slack)  # logs throughout: δ_s may be subnormal, e^{ε₀} huge
    spread = 8 * math.exp((budget + math.log(math.log(4) - log_slack) - math.log(items)) / 2)
    c_m = spread + 8 * math.exp(budget - math.log(items))
    step = math.log1p(math.tanh(budget / 2) * c_m)
    limit = math.log(items) - math.log(16) - math.log(math.log(2) - log_slack)
    valid = budget <= limit
    relation = "≤" if valid else ">"
    condition = (
        f"ε₀ = {budget:.6g} {relation} ln(m/(16 ln(2/δ_s))) = {limit:.6g} "
        f"(m = {items}, δ_s = {slack:.3g})"
    )
    total = changed * step
    log_delta = math.log(changed) + total + log_slack
    return DerivedBound(
        epsilon=total,
        delta=math.exp(min(log_delta, 0.0)),  # a δ of 1 or more says nothing: shown as 1
        step_epsilon=step,
        valid=valid,
        condition=condition,
    )


def derived_log_delta(m: int, flipped: int, epsilon0: float, epsilon: float) -> float:
    """``ln δ`` that the derived bound proves at ``ε`` (≈), with ``δ_s`` chosen as small as
    the bound and its validity condition allow (module docstring); ``0.0`` (``δ ≤ 1``, no
    information) when no ``δ_s < 1`` qualifies.  In log space: the δ may be far below the
    smallest double.

    >>> round(derived_log_delta(10**5, 10, 1.0, 1.0), 2)  # the bound: δ(1) ≤ e^{−25.03}
    -25.03
    >>> derived_log_delta(1000, 10, 1.0, 1.0)  # too few items for E ≤ 1: nothing proved
    0.0
    """
    items = check_int("m", m, low=1, high=MAX_ITEMS)
    changed = check_int("flipped", flipped, low=1, high=items)
    budget = check_real("epsilon0", epsilon0, low=0, low_open=True, high=700)
    target = check_real("epsilon", epsilon, low=0, high=700)
    rate = math.tanh(budget / 2)  # 0 when ε₀ is so small that the reports carry nothing
    ceiling = math.inf if rate == 0 else math.expm1(target / changed) / rate  # largest c_m
    spread = (ceiling - 8 * math.exp(budget - math.log(items))) / 8
    if not spread > 0:
        return 0.0
    log_room = math.log(items) + 2 * math.log(spread) - budget  # ln of the largest ln(4/δ_s)
    by_epsilon = math.log(4) - math.exp(min(log_room, _WINDOW))
    by_condition = math.log(2) - math.exp(math.log(items) - budget - math.log(16))
    log_slack = max(by_epsilon, by_condition)
    if log_slack >= 0:
        return 0.0
    c_m = 8 * math.exp((budget + math.log(math.log(4) - log_slack) - math.log(items)) / 2)
    c_m += 8 * math.exp(budget - math.log(items))
    total = changed * math.log1p(rate * c_m)
    return min(0.0, math.log(changed) + total + log_slack)


def epsilon_for_delta(
    m: int,
    ones: int,
    flipped: int,
    epsilon0: float,
    delta: float,
    *,
    shuffled: bool = True,
) -> float:
    """The smallest ε with ``δ(ε) ≤ delta`` for the pair of :func:`log_delta_curve` (≈, from
    above): ``δ(ε)`` does not increase with ε and is 0 from ``flipped·ε₀`` on, so a grid of
    65 points over the bracket ``[lo, hi]`` (``δ(lo) > delta ≥ δ(hi)``) is refined until it
    is narrower than ``1e−9·max(1, hi)``; ``hi`` is returned, so ``δ(hi) ≤ delta`` holds as
    computed.  ``delta`` must lie above ``e^{LOG_DELTA_FLOOR}``, where δ is still resolved.

    All m bits flip (m ones against m zeros): the items are identical, the order of the
    reports carries nothing, and the shuffled and the ordered release need the same ε.

    >>> [round(epsilon_for_delta(100, 100, 100, 1.0, 1e-6, shuffled=s), 2) for s in (True, False)]
    [83.53, 83.53]
    >>> round(epsilon_for_delta(1000, 500, 10, 1.0, 1e-6), 3)  # ordered: ≈ 10 = 10·ε₀
    1.424
    """
    items, count, changed = _check_items(m, ones, flipped)
    budget = check_real("epsilon0", epsilon0, low=0, low_open=True, high=700)
    chance = check_real(
        "delta", delta, low=math.exp(LOG_DELTA_FLOOR), high=1, low_open=True, high_open=True
    )
    target = math.log(chance)
    lo, hi = 0.0, changed * budget

    def log_delta(points: np.ndarray) -> np.ndarray:
        return log_delta_curve(items, count, changed, budget, points, shuffled=shuffled)

    if log_delta(np.array([lo]))[0] <= target:
        return lo
    while hi - lo > 1e-9 * max(1.0, hi):
        grid = np.linspace(lo, hi, 65)
        first = int(np.argmax(log_delta(grid) <= target))  # grid[0] = lo is above, hi below
        lo, hi = float(grid[first - 1]), float(grid[first])
    return hi
