r"""PrivEMDItemWise: a user's m items through one randomizer, shuffled or in order, exactly.

A user holds ``K = (x_1, …, x_m)``, items that are inputs of one finite randomizer ``A`` (a
:class:`~dplab.finite.FiniteChannel`, for example :func:`dplab.metric.clamped_geometric`).
Each item is randomized independently, ``y_j ~ A(x_j)``, and the user releases either

* ``shuffled=True``: the **multiset** of outputs, i.e. the count vector ``c_y = #{j: y_j =
  y}`` (a uniformly random order carries the same information); this is PrivEMDItemWise of
  Imola, Roy Chowdhury & Chaudhuri (CCS 2024, arXiv:2405.02665); or
* ``shuffled=False``: the outputs listed in the order of the **sorted input** (sorted by the
  randomizer's input order), which aligns ``K`` and ``K'`` by their sorted positions.

**Exact laws.**  With integer weights ``w(x, y)`` over the randomizer's denominator ``D``,
the shuffled law is the convolution over count vectors, ``Pr[c] = W_K(c)/D^m`` with integer
``W_K``, built item by item.  For the ordered release ``P(y) = Π_j A(y_j | x_j)`` and
``P(y)/Q(y) = Π_j A(y_j|x_j)/A(y_j|x'_j)``: the outputs are merged into classes of equal
likelihood ratio position by position (a class's ``P`` and ``Q`` masses add up), which
leaves ``max P/Q`` and every ``Σ [P − αQ]₊`` unchanged.

**Pair quantities** (:func:`max_ratio`, :func:`required_delta`).  For ``|K| = |K'| = m``:
``max_y P(y)/Q(y)`` (``math.inf`` when some ``Q(y) = 0 < P(y)``: the only float these
functions return) and ``Σ_y [P(y) − αQ(y)]₊``, the smallest δ with ``P(S) ≤ αQ(S) + δ`` for
every event ``S`` (the closed form of :mod:`dplab.finite`), an exact ``Fraction``.

**The d_EM claim and its certificate** (:func:`certify`).  Bounded d_EM-DP with factor
``α`` per unit of ``d_EM`` (the paper's ``α`` is our ``ln α``) asks, for every pair of
datasets of size ``m`` and every event,

    P(S) ≤ α^{d_EM(K, K')} Q(S) + δ.

:func:`certify` decides it over **all** ordered pairs of multisets of size ``m`` over the
randomizer's inputs and all events.  With ``d_EM = a/b`` and ``α = u/v``:

* the worst event is ``S* = {y : P(y) > α^{a/b} Q(y)}``, decided exactly by the integer
  inequality ``W_P(y)^b v^a > u^a W_Q(y)^b``; pure privacy (``δ = 0``) is ``S* = ∅``;
* the pair's required δ is ``P(S*) − α^{a/b} Q(S*)``.  When ``α^{a/b}`` is rational (``b``
  divides ``a``, or ``u^a`` and ``v^a`` are perfect ``b``-th powers) it is an exact
  ``Fraction``; otherwise it is irrational and is **enclosed** in ``[lower, upper]`` by Arb
  ball arithmetic at 128 bits (python-flint; rigorous bounds, width ~ 1e−38);
* whether a claimed rational δ covers the pair is still decided exactly, without the
  enclosure: ``P(S*) − δ ≤ α^{a/b} Q(S*)`` iff ``P(S*) ≤ δ`` or
  ``((P(S*) − δ)/Q(S*))^b ≤ α^a``.

**The naive bound.**  If ``A`` is private with factor ``α₀`` per unit of ``d_X``
(:func:`dplab.metric.item_privacy`), then for an optimal matching ``σ`` of ``K`` and ``K'``
every output of the ordered release (aligned by ``σ``) and hence of the shuffled one has
``P(y) ≤ α₀^{Σ_j d(x_j, x'_σ(j))} Q(y) = (α₀^m)^{d_EM} Q(y)``: the release is pure with
factor ``α₀^m`` per unit of ``d_EM``, and this is attained (``K = (0,…,0) → (1,…,1)``, the
output "all zeros", for the clamped geometric).  Amplification by shuffling appears only in
δ (tests reproduce the digest's examples E3–E7 against brute force).

**Amplification at scale** (:func:`binary_delta_curve`, :func:`amplification_bound`).  For
binary randomized response the shuffled release is one count, so ``δ(ε)`` is a sum over
``m + 1`` values that stays tractable at ``m = 10⁵`` and beyond; it is computed in log space
from ``lgamma`` binomials (floats, ≈; checked against this module's exact Fractions and
against mpmath) and compared with the ordered release and with the digest's *derived*
bound (Feldman, McMillan & Talwar 2021 applied item by item), whose validity condition is
returned with it.  The paper's own amplification constants were not recovered; the bound
here is ours, not theirs.

**Limits.**  ``m`` is at most :data:`MAX_ITEMS`; a shuffled law has ``C(|Y|+m−1, m)``
count vectors, at most :data:`MAX_OUTPUTS` (the ordered release enumerates ``|Y|^m``
tuples in :func:`release_distribution`, the same limit); :func:`certify` compares ``N²``
pairs of ``N = C(k+m−1, m)`` datasets over those outputs and refuses an estimated
``N²·C(|Y|+m−1, m)`` above :data:`CERTIFY_WORK_LIMIT` (about a minute on the project's
machine; ``make bench-metric`` prints the largest ``(k, m)`` done in 10 s and 60 s).
:func:`binary_delta_curve` takes ``m ≤`` :data:`MAX_BINARY_ITEMS` and refuses more than
:data:`BINARY_WORK_LIMIT` array operations (its convolution costs ``m·min(ones, m − ones −
moved)``: take ``ones`` near 0 or ``m``).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations_with_replacement, product

import numpy as np
from flint import arb, ctx, fmpq, fmpz
from scipy import special

from dplab._validation import check_int, check_real, check_real_array, shown
from dplab.finite import (
    FiniteChannel,
    RationalLike,
    _exact,
    check_alpha,
    check_delta,
)
from dplab.metric import (
    Distance,
    _certified_plan,
    _check_randomizer,
    _input_distance,
    _problem,
)

__all__ = [
    "BINARY_WORK_LIMIT",
    "CERTIFY_WORK_LIMIT",
    "MAX_BINARY_ITEMS",
    "MAX_ITEMS",
    "MAX_OUTPUTS",
    "AmplificationBound",
    "BinaryDeltaCurve",
    "ItemwiseCertificate",
    "PairVerdict",
    "amplification_bound",
    "binary_delta_curve",
    "certify",
    "max_ratio",
    "release_distribution",
    "required_delta",
]

MAX_ITEMS = 64
"""Largest number of items ``m`` of one user."""

MAX_OUTPUTS = 200_000
"""Largest number of outputs of one release law (count vectors, or tuples when ordered)."""

CERTIFY_WORK_LIMIT = 40_000_000
"""Largest estimated ``N²·C(|Y|+m−1, m)`` of :func:`certify` (see Limits)."""

_ARB_BITS = 128


# --- inputs -------------------------------------------------------------------------------


def _check_m(m: object) -> int:
    return check_int("m", m, low=1, high=MAX_ITEMS)


def _positions(name: str, channel: FiniteChannel, dataset: object) -> tuple[int, ...]:
    """``dataset`` as the sorted tuple of its items' input positions in the randomizer."""
    if isinstance(dataset, str | bytes) or not isinstance(dataset, Sequence):
        raise TypeError(
            f"{name} must be a sequence of inputs of the randomizer (a user dataset); "
            f"got {shown(dataset)} of type {type(dataset).__name__}"
        )
    if len(dataset) == 0:
        raise ValueError(f"{name} must hold at least one item (a user dataset); got none")
    if len(dataset) > MAX_ITEMS:
        raise ValueError(
            f"{name} must hold at most MAX_ITEMS = {MAX_ITEMS} items; got {len(dataset)}"
        )
    positions = []
    for item in dataset:
        try:
            positions.append(channel._row_of[item])
        except (KeyError, TypeError):
            raise ValueError(
                f"{name} must hold inputs of the randomizer {channel.inputs!r}; got {shown(item)}"
            ) from None
    return tuple(sorted(positions))


def _pair(channel: FiniteChannel, K: object, K2: object) -> tuple[tuple[int, ...], ...]:
    source, target = _positions("K", channel, K), _positions("K2", channel, K2)
    if len(source) != len(target):
        raise ValueError(
            f"K and K2 must have the same size m (bounded d_EM-DP: m is public); "
            f"got {len(source)} and {len(target)}"
        )
    return source, target


def _check_outputs(channel: FiniteChannel, m: int, shuffled: bool) -> int:
    size = len(channel.outputs)
    count = math.comb(size + m - 1, m) if shuffled else size**m
    if count > MAX_OUTPUTS:
        law = f"C({size}+{m}−1, {m})" if shuffled else f"{size}^{m}"
        raise ValueError(
            f"m = {m} with {size} outputs gives {law} = {count} release outcomes, more than "
            f"MAX_OUTPUTS = {MAX_OUTPUTS}"
        )
    return count


def _check_flag(shuffled: object) -> bool:
    if not isinstance(shuffled, bool):
        raise TypeError(f"shuffled must be True or False; got {shown(shuffled)}")
    return shuffled


# --- exact laws ---------------------------------------------------------------------------


def _shuffled_law(channel: FiniteChannel, positions: tuple[int, ...]) -> dict[tuple, int]:
    """Count vector → integer weight over ``D^m``, convolved item by item."""
    size = len(channel.outputs)
    law = {(0,) * size: 1}
    for x in positions:
        row = channel.weights[x]
        grown: dict[tuple, int] = {}
        for counts, weight in law.items():
            for y, w in enumerate(row):
                if w:
                    key = (*counts[:y], counts[y] + 1, *counts[y + 1 :])
                    grown[key] = grown.get(key, 0) + weight * w
        law = grown
    return law


def _ordered_classes(
    channel: FiniteChannel, source: tuple[int, ...], target: tuple[int, ...]
) -> list[tuple[int, int]]:
    """``(W_P, W_Q)`` per class of equal likelihood ratio of the ordered release."""
    classes: dict[Fraction | None, tuple[int, int]] = {Fraction(1): (1, 1)}
    for x, x2 in zip(source, target, strict=True):
        grown: dict[Fraction | None, tuple[int, int]] = {}
        for p_part, q_part in classes.values():
            for p_weight, q_weight in zip(channel.weights[x], channel.weights[x2], strict=True):
                if not (p_weight or q_weight):
                    continue
                p_new, q_new = p_part * p_weight, q_part * q_weight
                if not (p_new or q_new):
                    continue
                ratio = None if q_new == 0 else Fraction(p_new, q_new)
                old = grown.get(ratio, (0, 0))
                grown[ratio] = (old[0] + p_new, old[1] + q_new)
        classes = grown
    return list(classes.values())


def _atoms(
    channel: FiniteChannel, source: tuple[int, ...], target: tuple[int, ...], shuffled: bool
) -> list[tuple[int, int]]:
    """``(W_P(y), W_Q(y))`` over outcomes (or ratio classes), both over ``D^m``."""
    _check_outputs(channel, len(source), shuffled)
    if not shuffled:
        return _ordered_classes(channel, source, target)
    p_law, q_law = _shuffled_law(channel, source), _shuffled_law(channel, target)
    return [(p_law.get(c, 0), q_law.get(c, 0)) for c in p_law.keys() | q_law.keys()]


def release_distribution(
    randomizer: FiniteChannel, K: Sequence[Hashable], shuffled: bool = True
) -> dict[tuple, Fraction]:
    """The exact law of the release of dataset ``K`` (outcomes of probability 0 left out).

    Shuffled: keys are count vectors aligned with ``randomizer.outputs``.  Ordered: keys are
    tuples of outputs, one per item of ``K`` sorted by the randomizer's input order.

    >>> from dplab.metric import clamped_geometric
    >>> law = release_distribution(clamped_geometric(4, "1/2"), [0, 0])
    >>> law[(2, 0, 0, 0)], sum(law.values())
    (Fraction(4, 9), Fraction(1, 1))
    >>> release_distribution(clamped_geometric(2, "1/2"), [1, 0], shuffled=False)[(0, 1)]
    Fraction(4, 9)
    """
    channel = _check_randomizer(randomizer)
    positions = _positions("K", channel, K)
    shuffled = _check_flag(shuffled)
    _check_outputs(channel, len(positions), shuffled)
    scale = channel.denominator ** len(positions)
    if shuffled:
        law = _shuffled_law(channel, positions)
        return {counts: Fraction(w, scale) for counts, w in law.items()}
    found = {}
    for ys in product(range(len(channel.outputs)), repeat=len(positions)):
        weight = math.prod(channel.weights[x][y] for x, y in zip(positions, ys, strict=True))
        if weight:
            found[tuple(channel.outputs[y] for y in ys)] = Fraction(weight, scale)
    return found


def max_ratio(
    randomizer: FiniteChannel,
    K: Sequence[Hashable],
    K2: Sequence[Hashable],
    shuffled: bool = True,
) -> Fraction | float:
    """``max_y P(y)/Q(y)`` of the releases of ``K`` and ``K2``: exact, or ``math.inf``.

    ``math.inf`` means some outcome has ``Q(y) = 0 < P(y)`` (no finite factor works with
    δ = 0).  Digest example E3 (the naive bound attained) and E4 (not always):

    >>> from dplab.metric import clamped_geometric
    >>> A = clamped_geometric(4, "1/2")
    >>> max_ratio(A, [0, 0], [1, 1]), max_ratio(A, [0, 3], [1, 2])
    (Fraction(4, 1), Fraction(13, 4))
    """
    channel = _check_randomizer(randomizer)
    source, target = _pair(channel, K, K2)
    atoms = _atoms(channel, source, target, _check_flag(shuffled))
    best = Fraction(0)
    for p_weight, q_weight in atoms:
        if p_weight and not q_weight:
            return math.inf
        if p_weight and Fraction(p_weight, q_weight) > best:
            best = Fraction(p_weight, q_weight)
    return best


def required_delta(
    randomizer: FiniteChannel,
    K: Sequence[Hashable],
    K2: Sequence[Hashable],
    alpha: RationalLike,
    shuffled: bool = True,
) -> Fraction:
    """``Σ_y [P(y) − αQ(y)]₊``: the smallest δ with ``P(S) ≤ αQ(S) + δ`` for all events.

    ``alpha`` is the factor (``≥ 1``, exact; for ``e^ε`` pass
    :func:`dplab.finite.alpha_from_epsilon`, a rational lower bound, so the δ returned is an
    upper bound of the δ at ``e^ε``).  Digest example E6, a concentrated move:

    >>> from dplab.metric import clamped_geometric
    >>> A = clamped_geometric(4, "1/2")
    >>> required_delta(A, [0, 0, 3], [0, 3, 3], 8), required_delta(A, [0, 0, 3], [0, 3, 3], 2)
    (Fraction(0, 1), Fraction(13, 48))
    """
    channel = _check_randomizer(randomizer)
    source, target = _pair(channel, K, K2)
    factor = check_alpha(alpha)
    u, v = factor.numerator, factor.denominator
    total = sum(
        max(0, v * p - u * q) for p, q in _atoms(channel, source, target, _check_flag(shuffled))
    )
    return Fraction(total, v * channel.denominator ** len(source))


# --- the all-pairs certificate ------------------------------------------------------------


@dataclass(frozen=True)
class PairVerdict:
    """One ordered pair of datasets in :func:`certify`.

    ``distance`` is ``d_EM(source, target)``; ``pure`` says ``P(y) ≤ α^d Q(y)`` for every
    outcome, ``attained`` that equality holds at the largest ratio;  ``ratio`` is
    ``max P/Q`` (``None`` when infinite).  The pair needs ``δ = event_p − α^d·event_q``
    (``P`` and ``Q`` of the worst event), enclosed in ``[delta_lower, delta_upper]`` (equal
    when exact); ``covered`` says whether the claimed δ covers it (decided exactly).
    """

    source: tuple
    target: tuple
    distance: Fraction
    pure: bool
    attained: bool
    ratio: Fraction | None
    event_p: Fraction
    event_q: Fraction
    delta_lower: Fraction
    delta_upper: Fraction
    covered: bool


@dataclass(frozen=True)
class ItemwiseCertificate:
    """The exact verdict on ``P(S) ≤ α^{d_EM} Q(S) + δ`` over all pairs and all events.

    ``passes`` (every pair covered by ``delta``) and ``pure`` (``δ = 0`` suffices) are
    exact; the required δ, the maximum over pairs, lies in ``[required_delta_lower,
    required_delta_upper]`` (equal when every pair's factor is rational), attained at
    ``worst_pair``.  ``tightness`` is ``max ln(P/Q) / (d_EM ln α)`` over pairs and outcomes
    (≈, a float; ``inf`` if some ratio is infinite): 1 when the factor is exactly attained.
    """

    alpha: Fraction
    delta: Fraction
    m: int
    shuffled: bool
    datasets: int
    passes: bool
    pure: bool
    attained: bool
    required_delta_lower: Fraction
    required_delta_upper: Fraction
    worst_pair: tuple[tuple, tuple]
    tightness: float
    pairs: tuple[PairVerdict, ...]


def _root_power(factor: Fraction, a: int, b: int) -> Fraction | None:
    """``factor^{a/b}`` when it is rational, else ``None``."""
    numerator, denominator = factor.numerator**a, factor.denominator**a
    top, bottom = int(fmpz(numerator).root(b)), int(fmpz(denominator).root(b))
    if top**b == numerator and bottom**b == denominator:
        return Fraction(top, bottom)
    return None


def _enclose(event_p: Fraction, event_q: Fraction, factor: Fraction, a: int, b: int):
    """``[lower, upper] ∋ event_p − factor^{a/b}·event_q`` (Arb, rigorous)."""
    with ctx.workprec(_ARB_BITS):
        power = arb(fmpq(factor.numerator, factor.denominator)) ** arb(fmpq(a, b))
        value = arb(fmpq(event_p.numerator, event_p.denominator)) - power * arb(
            fmpq(event_q.numerator, event_q.denominator)
        )
        return max(Fraction(0), _exact(value.lower())), max(Fraction(0), _exact(value.upper()))


def _distances(channel: FiniteChannel, distance: Distance):
    """``d_EM`` between two sorted position tuples of equal size (cached by the caller)."""
    between = _input_distance(channel, distance)
    size = len(channel.inputs)
    if distance is None:
        return lambda s, t: (
            sum((between(x, y) for x, y in zip(s, t, strict=True)), Fraction(0)) / len(s)
        )
    table = [[between(i, j) for j in range(size)] for i in range(size)]
    matrix = (tuple(tuple(row) for row in table), False)

    def d_em(s, t):
        return Fraction(_certified_plan(_problem(s, t, None, matrix), s, t).cost)

    return d_em


def _check_certify_work(channel: FiniteChannel, m: int) -> int:
    datasets = math.comb(len(channel.inputs) + m - 1, m)
    outcomes = math.comb(len(channel.outputs) + m - 1, m)
    work = datasets * datasets * outcomes
    if work > CERTIFY_WORK_LIMIT:
        raise ValueError(
            f"m = {m} with k = {len(channel.inputs)} inputs and {len(channel.outputs)} outputs "
            f"is beyond the exact limit: {datasets} datasets, {datasets}² pairs × {outcomes} "
            f"outcomes = {work:.3g} > CERTIFY_WORK_LIMIT = {CERTIFY_WORK_LIMIT:.3g}"
        )
    return datasets


def certify(
    randomizer: FiniteChannel,
    m: int,
    alpha: RationalLike,
    delta: RationalLike = 0,
    shuffled: bool = True,
    distance: Distance = None,
) -> ItemwiseCertificate:
    """Decide bounded ``(α, δ)``-d_EM-DP of the release over all pairs and events, exactly.

    Every ordered pair of distinct multisets of size ``m`` over the randomizer's inputs,
    with the pair's factor ``α^{d_EM(K, K')}`` (module docstring for exactness and the
    enclosure).  ``distance`` gives ``d_X``: ``None`` (inputs are numbers on a line), a
    matrix by input position, or a callable on labels.  The naive factor ``α₀^m`` is
    attained (digest E3):

    >>> from dplab.metric import clamped_geometric
    >>> result = certify(clamped_geometric(4, "1/2"), 2, 4)
    >>> result.passes, result.pure, result.attained, len(result.pairs)
    (True, True, True, 90)
    >>> result = certify(clamped_geometric(4, "1/2"), 2, 2)  # factor 2^{d_EM}: needs δ
    >>> result.pure, float(result.required_delta_lower) > 0.05, result.passes
    (False, True, False)
    """
    channel = _check_randomizer(randomizer)
    m = _check_m(m)
    factor = check_alpha(alpha)
    delta = check_delta(delta)
    shuffled = _check_flag(shuffled)
    _check_outputs(channel, m, shuffled)
    _check_certify_work(channel, m)
    d_em = _distances(channel, distance)
    datasets = list(combinations_with_replacement(range(len(channel.inputs)), m))
    scale = channel.denominator**m
    laws = {}
    if shuffled:
        outcomes = list(combinations_with_replacement(range(len(channel.outputs)), m))
        index = {}
        for position, chosen in enumerate(outcomes):
            counts = [0] * len(channel.outputs)
            for y in chosen:
                counts[y] += 1
            index[tuple(counts)] = position
        for dataset in datasets:
            row = [0] * len(outcomes)
            for counts, weight in _shuffled_law(channel, dataset).items():
                row[index[counts]] = weight
            laws[dataset] = row
    u, v = factor.numerator, factor.denominator
    powered: dict[tuple[tuple, int], list[int]] = {}
    distance_of: dict[tuple, Fraction] = {}
    verdicts = []
    tightness = 0.0
    log_factor = math.log(u) - math.log(v)
    for source in datasets:
        for target in datasets:
            if source == target:
                continue
            key = (source, target) if source < target else (target, source)
            if key not in distance_of:
                distance_of[key] = d_em(source, target)
            d = distance_of[key]
            a, b = d.numerator, d.denominator
            if shuffled:
                for dataset in (source, target):
                    if (dataset, b) not in powered:
                        powered[(dataset, b)] = [w**b for w in laws[dataset]]
                atoms = zip(laws[source], laws[target], strict=True)
                atom_powers = zip(powered[(source, b)], powered[(target, b)], strict=True)
            else:
                classes = _ordered_classes(channel, source, target)
                atoms = iter(classes)
                atom_powers = ((p**b, q**b) for p, q in classes)
            big_u, big_v = u**a, v**a
            event_p = event_q = 0
            ratio: Fraction | None = Fraction(0)
            attained = False
            for (p, q), (p_power, q_power) in zip(atoms, atom_powers, strict=True):
                if not p:
                    continue
                if ratio is not None:
                    ratio = None if not q else max(ratio, Fraction(p, q))
                left, right = p_power * big_v, big_u * q_power
                if left > right:
                    event_p += p
                    event_q += q
                elif left == right:
                    attained = True
            pure = event_p == 0
            attained = attained and pure
            verdicts.append(
                _verdict(
                    source, target, d, pure, attained, ratio, event_p, event_q, scale, factor, delta
                )
            )
            if ratio is None or (ratio > 1 and log_factor == 0):
                tightness = math.inf
            elif ratio > 1:
                level = (math.log(ratio.numerator) - math.log(ratio.denominator)) / (
                    float(d) * log_factor
                )
                tightness = max(tightness, level)
    labels = channel.inputs
    named = [
        replace(
            row,
            source=tuple(labels[x] for x in row.source),
            target=tuple(labels[x] for x in row.target),
        )
        for row in verdicts
    ]
    worst = max(named, key=lambda row: (row.delta_upper, row.delta_lower))
    return ItemwiseCertificate(
        alpha=factor,
        delta=delta,
        m=m,
        shuffled=shuffled,
        datasets=len(datasets),
        passes=all(row.covered for row in named),
        pure=all(row.pure for row in named),
        attained=any(row.attained for row in named),
        required_delta_lower=max(row.delta_lower for row in named),
        required_delta_upper=worst.delta_upper,
        worst_pair=(worst.source, worst.target),
        tightness=tightness,
        pairs=tuple(named),
    )


def _verdict(
    source, target, d, pure, attained, ratio, event_p, event_q, scale, factor, delta
) -> PairVerdict:
    a, b = d.numerator, d.denominator
    p_mass, q_mass = Fraction(event_p, scale), Fraction(event_q, scale)
    if pure:
        lower = upper = Fraction(0)
        covered = True
    else:
        exact = _root_power(factor, a, b)
        if exact is not None:
            lower = upper = p_mass - exact * q_mass
        else:
            lower, upper = _enclose(p_mass, q_mass, factor, a, b)
        rest = p_mass - delta
        if rest <= 0:
            covered = True
        elif q_mass == 0:
            covered = False
        else:
            ratio_left = rest / q_mass
            covered = ratio_left**b <= factor**a
    return PairVerdict(
        source, target, d, pure, attained, ratio, p_mass, q_mass, lower, upper, covered
    )


# --- amplification at scale: a binary randomizer --------------------------------------------


@dataclass(frozen=True)
class BinaryDeltaCurve:
    """``δ(ε)`` of two bit datasets released through binary randomized response (≈).

    ``log_delta[i]`` is ``ln δ(eps[i])`` (``-inf`` where δ = 0), the maximum over both
    orders of the pair; :attr:`delta` is ``exp`` of it, which underflows to 0 below about
    1e−308 (read ``log_delta`` there).  ``m`` items, ``ones`` of them 1 in ``K``, and
    ``K'`` = ``K`` with ``moved`` zeros turned into ones (``d_EM = moved/m`` under the
    discrete metric); item factor ``e^{eps0}``.
    """

    m: int
    eps0: float
    ones: int
    moved: int
    shuffled: bool
    eps: np.ndarray
    log_delta: np.ndarray

    @property
    def delta(self) -> np.ndarray:
        """``δ(ε)`` as doubles (0 where ``ln δ < −745``: use :attr:`log_delta`)."""
        return np.exp(self.log_delta)


@dataclass(frozen=True)
class AmplificationBound:
    """The derived bound of the digest (§3) for ``moved`` items moved by the full diameter.

    ``epsilon`` is ``E = moved·ln(1 + tanh(ε₀/2)·c_m)`` with
    ``c_m = 8√(e^{ε₀} ln(4/δ_s)/m) + 8e^{ε₀}/m`` and ``delta = min(1, moved·e^E·δ_s)``;
    the release is then ``(E, delta)``-indistinguishable for the pair.  The bound holds
    only when ``valid``: ``ε₀ ≤ threshold = ln(m/(16 ln(2/δ_s)))`` (Feldman, McMillan &
    Talwar 2021, Thm. 3.1, applied once per moved item with the other ``m − 1`` reports as
    the clones).  ``naive_epsilon = moved·ε₀`` is the pure bound.  Floats (≈).
    """

    epsilon: float
    delta: float
    naive_epsilon: float
    valid: bool
    threshold: float


MAX_BINARY_ITEMS = 1_000_000
"""Largest ``m`` of :func:`binary_delta_curve` and :func:`amplification_bound`."""

BINARY_WORK_LIMIT = 200_000_000
"""Largest ``(m+1)·(min(ones, m−ones−moved) + moved + 1)`` of :func:`binary_delta_curve`
(array element operations of the two log-space convolutions)."""


def _log_binomial(n: int, log_p: float, log_q: float) -> np.ndarray:
    """``ln Pr[Bin(n, p) = y]`` for ``y = 0..n`` (``log_q = ln(1 − p)``), by ``lgamma``."""
    y = np.arange(n + 1, dtype=np.float64)
    log_choose = special.gammaln(n + 1) - special.gammaln(y + 1) - special.gammaln(n - y + 1)
    return log_choose + y * log_p + (n - y) * log_q


def _log_convolve(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """``ln`` of the convolution of two laws given by their logs (no underflow)."""
    short, long = (first, second) if len(first) <= len(second) else (second, first)
    out = np.full(len(short) + len(long) - 1, -np.inf)
    for shift, weight in enumerate(short):
        window = out[shift : shift + len(long)]
        out[shift : shift + len(long)] = np.logaddexp(window, weight + long)
    return out


def _log_excess(log_p: np.ndarray, log_q: np.ndarray, eps: np.ndarray) -> np.ndarray:
    """``ln Σ_y [P(y) − e^ε Q(y)]₊`` for each ε, from log-laws on a common support."""
    with np.errstate(invalid="ignore", divide="ignore"):
        loss = log_p - log_q  # +inf where Q = 0 < P; nan where both are 0
    present = np.isfinite(log_p) & ~np.isnan(loss)
    log_p, loss = log_p[present], loss[present]
    result = np.full(len(eps), -np.inf)
    for index, level in enumerate(eps):
        above = loss > level
        if above.any():
            terms = log_p[above] + np.log(-np.expm1(level - loss[above]))
            result[index] = special.logsumexp(terms)
    return result


def _check_binary(m: object, eps0: object, moved: object, ones: object = 0):
    m = check_int("m", m, low=1, high=MAX_BINARY_ITEMS)
    eps0 = check_real("eps0", eps0, low=0, high=700)
    moved = check_int("moved", moved, low=1, high=m)
    ones = check_int("ones", ones, low=0, high=m - moved)
    return m, eps0, moved, ones


def binary_delta_curve(
    m: int, eps0: float, moved: int, eps: object, ones: int = 0, shuffled: bool = True
) -> BinaryDeltaCurve:
    """``δ(ε)`` of PrivEMDItemWise on bits at scale, shuffled or ordered, in log space (≈).

    The item randomizer keeps a bit with probability ``q = e^{ε₀}/(1 + e^{ε₀})`` (pure
    factor ``e^{ε₀}``, the discrete metric).  The shuffled release is the number of
    reported ones: under ``K`` it is ``C + Bin(moved, 1 − q)``, under ``K'`` it is
    ``C + Bin(moved, q)``, with the common part ``C = Bin(ones, q) + Bin(m − ones − moved,
    1 − q)``.  The ordered release adds nothing to the moved positions' law (the others
    cancel in the ratio), so it compares ``Bin(moved, 1 − q)`` with ``Bin(moved, q)``.
    Every law is kept as logarithms (``lgamma`` binomials, ``logaddexp`` convolutions),
    and ``δ(ε) = Σ_{L(y) > ε} P(y)(1 − e^{ε − L(y)})`` is summed by ``logsumexp``, so
    nothing underflows.  The result agrees with the exact Fractions of
    :func:`required_delta` at small m and with mpmath at ``m = 20,000`` (tests).

    >>> curve = binary_delta_curve(3, math.log(3), 1, [0.5, 1.0], ones=1)
    >>> [round(float(d), 12) for d in curve.delta]  # doctest: +NORMALIZE_WHITESPACE
    [0.089502063197, 0.013205539291]
    """
    m, eps0, moved, ones = _check_binary(m, eps0, moved, ones)
    eps = check_real_array("eps", eps, low=0)
    grid = np.atleast_1d(eps).astype(np.float64)
    if grid.ndim != 1:
        raise ValueError(f"eps must be a number or a one-dimensional array; got shape {eps.shape}")
    shuffled = _check_flag(shuffled)
    rest = m - ones - moved
    work = (m + 1) * (min(ones, rest) + moved + 1)
    if shuffled and work > BINARY_WORK_LIMIT:
        raise ValueError(
            f"m = {m}, ones = {ones}, moved = {moved} need about {work:.3g} array operations, "
            f"more than BINARY_WORK_LIMIT = {BINARY_WORK_LIMIT:.3g} (take ones near 0 or m)"
        )
    log_keep = -math.log1p(math.exp(-eps0))  # ln q
    log_flip = -eps0 + log_keep  # ln(1 − q)
    moved_zeros = _log_binomial(moved, log_flip, log_keep)  # ones reported among moved, K
    moved_ones = _log_binomial(moved, log_keep, log_flip)  # the same under K'
    if shuffled:
        common = _log_convolve(
            _log_binomial(ones, log_keep, log_flip), _log_binomial(rest, log_flip, log_keep)
        )
        log_p, log_q = _log_convolve(common, moved_zeros), _log_convolve(common, moved_ones)
    else:
        log_p, log_q = moved_zeros, moved_ones
    log_delta = np.maximum(_log_excess(log_p, log_q, grid), _log_excess(log_q, log_p, grid))
    return BinaryDeltaCurve(m, eps0, ones, moved, shuffled, grid, log_delta)


def amplification_bound(m: int, eps0: float, moved: int, step_delta: float) -> AmplificationBound:
    """The digest's derived (E, δ) bound for ``moved`` of ``m`` items moved (≈, floats).

    See :class:`AmplificationBound`; ``step_delta`` is δ_s of each hybrid step, in (0, 1).
    Digest §3 at ``m = 2000``, ``ε₀ = 1``, ``δ_s = 1e−8``: ``E = 0.477`` for one item.

    >>> bound = amplification_bound(2000, 1.0, 1, 1e-8)
    >>> round(bound.epsilon, 3), bound.valid, round(bound.threshold, 3)
    (0.477, True, 1.878)
    """
    m, eps0, moved, _ = _check_binary(m, eps0, moved)
    step_delta = check_real("step_delta", step_delta, low=0, high=1, low_open=True, high_open=True)
    log_step = math.log(step_delta)  # ln(c/δ_s) = ln c − ln δ_s: no overflow for tiny δ_s
    spread = 8 * math.sqrt(math.exp(eps0) * (math.log(4) - log_step) / m) + 8 * math.exp(eps0) / m
    epsilon = moved * math.log1p(math.tanh(eps0 / 2) * spread)
    threshold = math.log(m / (16 * (math.log(2) - log_step)))
    delta = min(1.0, math.exp(min(0.0, math.log(moved) + epsilon + log_step)))
    return AmplificationBound(epsilon, delta, moved * eps0, eps0 <= threshold, threshold)
