r"""PrivEMDItemWise: a user's m items through one randomizer, shuffled or in order, exactly.

A user holds ``K = (x_1, …, x_m)``, items that are inputs of one finite randomizer ``A`` (a
:class:`~dplab.finite.FiniteChannel`, for example :func:`dplab.userlevel.metric.clamped_geometric`).
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
(:func:`dplab.userlevel.metric.item_privacy`), then for an optimal matching ``σ`` of ``K`` and
``K'`` every list of outputs aligned by ``σ``, and hence every count vector of the shuffled release,
has ``P(y) ≤ α₀^{Σ_j d(x_j, x'_σ(j))} Q(y) = (α₀^m)^{d_EM} Q(y)``: the shuffled release is pure with
factor ``α₀^m`` per unit of ``d_EM``, and this is attained (``K = (0,…,0) → (1,…,1)``, the output
"all zeros", for the clamped geometric).  The ordered release is covered only when sorting realises
an optimal matching for every pair: on a line in its order (the clamped geometric), not for a
general ``distance`` (lexicographic order in the plane under ℓ₁: ``{(0,2),(1,0)}`` and
``{(0,0),(1,2)}`` cost 4 sorted, 2 optimal). A list in the user's own order is not d_EM-DP at all:
``(0, 3)`` and ``(3, 0)`` are at ``d_EM = 0``, yet the list ``(0, 3)`` has ratio 64 for
``clamped_geometric(4, 1/2)``. Shuffling cannot lower the factor ``α₀^m`` of the mechanism, the
worst over all pairs: that pair attains it shuffled as well.  It can lower one pair's largest ratio
(``K = (0, 3) → (1, 2)``: 4 ordered, 13/4 shuffled), and what it gains for the mechanism appears in
δ.  These statements and their proofs are the course's own: ``dplab/userlevel/DERIVATIONS.md`` §8;
tests reproduce its examples E3–E7 (§11) against brute force.

**Amplification at scale** for binary randomized response, where one count is a
sufficient statistic and m may reach 10⁶, is in :mod:`dplab.userlevel.amplification`.

**Limits.**  ``m`` is at most :data:`MAX_ITEMS`; a shuffled law has ``C(|Y|+m−1, m)``
count vectors, at most :data:`MAX_OUTPUTS` (the ordered release enumerates ``|Y|^m``
tuples in :func:`release_distribution`, the same limit), and building it item by item
takes an estimated ``m·C(|Y|+m−1, m)·|Y|`` steps, at most :data:`LAW_WORK_LIMIT` (about a
second); :func:`certify` compares ``N²`` pairs of ``N = C(k+m−1, m)`` datasets over those
outputs and refuses an estimated ``N²·C(|Y|+m−1, m)`` above :data:`CERTIFY_WORK_LIMIT`
(about a minute on the project's machine, about twice that with a float or huge distance,
whose comparisons go through logarithms; ``make bench-metric`` prints the largest
``(k, m)`` done in 10 s and 60 s).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, product

from flint import arb, ctx, fmpq

from dplab._exact import EXACT_POWER_BITS, compare_power, exact_end, exact_root, per_unit
from dplab._validation import check_bool, check_input, check_int, shown, size_text
from dplab.finite import FiniteChannel, RationalLike, check_alpha, check_channel, check_delta
from dplab.userlevel.metric import Distance, input_emd

__all__ = [
    "CERTIFY_WORK_LIMIT",
    "LAW_WORK_LIMIT",
    "MAX_ITEMS",
    "MAX_OUTPUTS",
    "ItemwiseCertificate",
    "PairVerdict",
    "certify",
    "max_ratio",
    "release_distribution",
    "required_delta",
]

MAX_ITEMS = 64
"""Largest number of items ``m`` of one user."""

MAX_OUTPUTS = 200_000
"""Largest number of outputs of one release law (count vectors, or tuples when ordered)."""

LAW_WORK_LIMIT = 5_000_000
"""Largest estimated ``m·C(|Y|+m−1, m)·|Y|`` of one shuffled law, built item by item
(about a second at the limit)."""

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
    return tuple(sorted(check_input(name, channel, item) for item in dataset))


def _pair(channel: FiniteChannel, K: object, K2: object) -> tuple[tuple[int, ...], ...]:
    source, target = _positions("K", channel, K), _positions("K2", channel, K2)
    if len(source) != len(target):
        raise ValueError(
            f"K and K2 must have the same size m (bounded d_EM-DP: m is public); "
            f"got {len(source)} and {len(target)}"
        )
    return source, target


def _check_outputs(channel: FiniteChannel, m: int, shuffled: bool, name: str = "m") -> int:
    """The number of release outcomes, refused past the limits (``name``: the parameter
    that sets ``m``, ``"m"`` itself or the dataset ``"K"``)."""
    size = len(channel.outputs)
    count = math.comb(size + m - 1, m) if shuffled else size**m
    law = f"C({size}+{m}−1, {m})" if shuffled else f"{size}^{m}"
    given = f"m = {m}" if name == "m" else f"{name} of m = {m} items"
    if count > MAX_OUTPUTS:
        raise ValueError(
            f"{given} with {size} outputs gives {law} = {count} release outcomes, more than "
            f"MAX_OUTPUTS = {MAX_OUTPUTS}"
        )
    if shuffled and m * count * size > LAW_WORK_LIMIT:
        raise ValueError(
            f"{given} with {size} outputs: building the law of {law} = {count} outcomes item "
            f"by item is an estimated m·{count}·{size} = {size_text(m * count * size)} steps, "
            f"more than LAW_WORK_LIMIT = {LAW_WORK_LIMIT}"
        )
    return count


# --- exact laws ---------------------------------------------------------------------------


def _shuffled_law(channel: FiniteChannel, positions: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Count vector → integer weight over ``D^m``, convolved item by item."""
    size = len(channel.outputs)
    law = {(0,) * size: 1}
    for x in positions:
        row = channel.weights[x]
        grown: dict[tuple[int, ...], int] = {}
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
    _check_outputs(channel, len(source), shuffled, "K")
    if not shuffled:
        return _ordered_classes(channel, source, target)
    p_law, q_law = _shuffled_law(channel, source), _shuffled_law(channel, target)
    return [(p_law.get(c, 0), q_law.get(c, 0)) for c in p_law.keys() | q_law.keys()]


def release_distribution(
    randomizer: FiniteChannel, K: Sequence[Hashable], shuffled: bool = True
) -> dict[tuple[Hashable, ...], Fraction]:
    """The exact law of the release of dataset ``K`` (outcomes of probability 0 left out).

    Shuffled: keys are count vectors aligned with ``randomizer.outputs``.  Ordered: keys are
    tuples of outputs, one per item of ``K`` sorted by the randomizer's input order.

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> law = release_distribution(clamped_geometric(4, "1/2"), [0, 0])
    >>> law[(2, 0, 0, 0)], sum(law.values())
    (Fraction(4, 9), Fraction(1, 1))
    >>> release_distribution(clamped_geometric(2, "1/2"), [1, 0], shuffled=False)[(0, 1)]
    Fraction(4, 9)
    """
    channel = check_channel(randomizer, "randomizer")
    positions = _positions("K", channel, K)
    shuffled = check_bool("shuffled", shuffled)
    _check_outputs(channel, len(positions), shuffled, "K")
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
    δ = 0).  Examples E3 (the naive bound attained) and E4 (not always) of
    ``dplab/userlevel/DERIVATIONS.md`` §11:

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> A = clamped_geometric(4, "1/2")
    >>> max_ratio(A, [0, 0], [1, 1]), max_ratio(A, [0, 3], [1, 2])
    (Fraction(4, 1), Fraction(13, 4))
    """
    channel = check_channel(randomizer, "randomizer")
    source, target = _pair(channel, K, K2)
    atoms = _atoms(channel, source, target, check_bool("shuffled", shuffled))
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
    upper bound of the δ at ``e^ε``).  Example E6 (a concentrated move) of
    ``dplab/userlevel/DERIVATIONS.md`` §11:

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> A = clamped_geometric(4, "1/2")
    >>> required_delta(A, [0, 0, 3], [0, 3, 3], 8), required_delta(A, [0, 0, 3], [0, 3, 3], 2)
    (Fraction(0, 1), Fraction(13, 48))
    """
    channel = check_channel(randomizer, "randomizer")
    source, target = _pair(channel, K, K2)
    factor = check_alpha(alpha)
    u, v = factor.numerator, factor.denominator
    total = sum(
        max(0, v * p - u * q)
        for p, q in _atoms(channel, source, target, check_bool("shuffled", shuffled))
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

    source: tuple[Hashable, ...]
    target: tuple[Hashable, ...]
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
    worst_pair: tuple[tuple[Hashable, ...], tuple[Hashable, ...]]
    tightness: float
    pairs: tuple[PairVerdict, ...]


def _root_power(factor: Fraction, a: int, b: int) -> Fraction | None:
    """``factor^{a/b}`` when it is rational with at most ``EXACT_POWER_BITS`` bits, else
    ``None`` (then enclosed).  With ``gcd(a, b) = 1`` it is rational iff ``factor`` is a
    ``b``-th power, so the root is taken first and no power larger than the answer is built."""
    top, bottom = exact_root(factor.numerator, b), exact_root(factor.denominator, b)
    if top is None or bottom is None or a * (top.bit_length() - 1) > EXACT_POWER_BITS:
        return None
    return Fraction(top**a, bottom**a)


def _enclose(
    event_p: Fraction, event_q: Fraction, factor: Fraction, a: int, b: int
) -> tuple[Fraction, Fraction]:
    """``[lower, upper] ∋ event_p − factor^{a/b}·event_q`` (Arb, rigorous)."""
    with ctx.workprec(_ARB_BITS):
        power = arb(fmpq(factor.numerator, factor.denominator)) ** arb(fmpq(a, b))
        value = arb(fmpq(event_p.numerator, event_p.denominator)) - power * arb(
            fmpq(event_q.numerator, event_q.denominator)
        )
        return max(Fraction(0), exact_end(value.lower())), max(
            Fraction(0), exact_end(value.upper())
        )


def _check_certify_work(channel: FiniteChannel, m: int) -> int:
    datasets = math.comb(len(channel.inputs) + m - 1, m)
    outcomes = math.comb(len(channel.outputs) + m - 1, m)
    work = datasets * datasets * outcomes
    if work > CERTIFY_WORK_LIMIT:
        raise ValueError(
            f"m = {m} with k = {len(channel.inputs)} inputs and {len(channel.outputs)} outputs "
            f"is beyond the exact limit: {datasets} datasets, {datasets}² pairs × {outcomes} "
            f"outcomes = {size_text(work)} > CERTIFY_WORK_LIMIT = {size_text(CERTIFY_WORK_LIMIT)}"
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
    attained (example E3, ``dplab/userlevel/DERIVATIONS.md`` §11):

    >>> from dplab.userlevel.metric import clamped_geometric
    >>> result = certify(clamped_geometric(4, "1/2"), 2, 4)
    >>> result.passes, result.pure, result.attained, len(result.pairs)
    (True, True, True, 90)
    >>> result = certify(clamped_geometric(4, "1/2"), 2, 2)  # factor 2^{d_EM}: needs δ
    >>> result.pure, float(result.required_delta_lower) > 0.05, result.passes
    (False, True, False)
    """
    channel = check_channel(randomizer, "randomizer")
    m = _check_m(m)
    factor = check_alpha(alpha)
    delta = check_delta(delta)
    shuffled = check_bool("shuffled", shuffled)
    _check_outputs(channel, m, shuffled)
    _check_certify_work(channel, m)
    d_em = input_emd(channel, distance)
    datasets = list(combinations_with_replacement(range(len(channel.inputs)), m))
    scale = channel.denominator**m
    laws = {}
    if shuffled:
        outcomes = list(combinations_with_replacement(range(len(channel.outputs)), m))
        index = {}
        for position, chosen in enumerate(outcomes):
            tally = [0] * len(channel.outputs)
            for y in chosen:
                tally[y] += 1
            index[tuple(tally)] = position
        for dataset in datasets:
            row = [0] * len(outcomes)
            for counts, weight in _shuffled_law(channel, dataset).items():
                row[index[counts]] = weight
            laws[dataset] = row
    u, v = factor.numerator, factor.denominator
    powered: dict[tuple[tuple[int, ...], int], list[int]] = {}
    distance_of: dict[tuple[tuple[int, ...], tuple[int, ...]], Fraction] = {}
    verdicts: list[PairVerdict] = []
    labels = channel.inputs
    tightness = 0.0
    log_factor = math.log(u) - math.log(v)
    weight_bits = m * channel.denominator.bit_length()  # every law weight is at most D^m
    for source in datasets:
        for target in datasets:
            if source == target:
                continue
            key = (source, target) if source < target else (target, source)
            if key not in distance_of:
                distance_of[key] = d_em(source, target)
            d = distance_of[key]
            a, b = d.numerator, d.denominator
            atoms = (
                list(zip(laws[source], laws[target], strict=True))
                if shuffled
                else _ordered_classes(channel, source, target)
            )
            if b * weight_bits + a * u.bit_length() <= EXACT_POWER_BITS:
                # W_P^b·v^a ≶ u^a·W_Q^b in integers, the b-th powers of a law computed once.
                if shuffled:
                    for dataset in (source, target):
                        if (dataset, b) not in powered:
                            powered[(dataset, b)] = [w**b for w in laws[dataset]]
                    atom_powers: Iterable[tuple[int, int]] = zip(
                        powered[(source, b)], powered[(target, b)], strict=True
                    )
                else:
                    atom_powers = ((p**b, q**b) for p, q in atoms)
                big_u, big_v = u**a, v**a
                signs = (
                    (left > right) - (left < right)
                    for left, right in ((pp * big_v, big_u * qp) for pp, qp in atom_powers)
                )
            else:  # a float or huge distance: each comparison by logarithms (exact)
                signs = (compare_power(p, q, factor, d) if p and q else 1 for p, q in atoms)
            event_p = event_q = 0
            ratio: Fraction | None = Fraction(0)
            attained = False
            for (p, q), sign in zip(atoms, signs, strict=True):
                if not p:
                    continue
                if ratio is not None:
                    ratio = None if not q else max(ratio, Fraction(p, q))
                if sign > 0:
                    event_p += p
                    event_q += q
                elif sign == 0:
                    attained = True
            pure = event_p == 0
            attained = attained and pure
            verdicts.append(
                _verdict(
                    tuple(labels[x] for x in source),
                    tuple(labels[x] for x in target),
                    d,
                    pure,
                    attained,
                    ratio,
                    event_p,
                    event_q,
                    scale,
                    factor,
                    delta,
                )
            )
            if ratio is None or (ratio > 1 and log_factor == 0):
                tightness = math.inf
            elif ratio > 1:
                log_ratio = math.log(ratio.numerator) - math.log(ratio.denominator)
                level = per_unit(log_ratio, d) / log_factor
                tightness = max(tightness, level)
    named = verdicts
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
    source: tuple[Hashable, ...],
    target: tuple[Hashable, ...],
    d: Fraction,
    pure: bool,
    attained: bool,
    ratio: Fraction | None,
    event_p: int,
    event_q: int,
    scale: int,
    factor: Fraction,
    delta: Fraction,
) -> PairVerdict:
    a, b = d.numerator, d.denominator
    p_mass, q_mass = Fraction(event_p, scale), Fraction(event_q, scale)
    if pure:
        lower = upper = Fraction(0)
        covered = True
    else:
        exact = Fraction(0) if q_mass == 0 else _root_power(factor, a, b)
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
            covered = compare_power(ratio_left.numerator, ratio_left.denominator, factor, d) <= 0
    return PairVerdict(
        source, target, d, pure, attained, ratio, p_mass, q_mass, lower, upper, covered
    )
