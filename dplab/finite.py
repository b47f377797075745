"""Exact (ε, δ) certificates for channels with finitely many inputs and outputs.

A *finite channel* ``M`` maps each input ``x`` to a probability distribution over a finite
output set ``Y``.  Given an adjacency relation (a set of ordered pairs ``D → D'``) and a
multiplicative factor ``α = e^ε ≥ 1``, ``M`` satisfies (ε, δ)-differential privacy when

    P(S) ≤ α·Q(S) + δ    for every ordered adjacent pair and every event S ⊆ Y,

where ``P = Pr[M(D) ∈ ·]`` and ``Q = Pr[M(D') ∈ ·]`` (Dwork & Roth 2014, *The Algorithmic
Foundations of Differential Privacy*, Def. 2.4).  Both orders of a pair are separate
comparisons, so adjacency is a set of *ordered* pairs here.

**The worst event is known in closed form.**  For one ordered pair,
``P(S) − αQ(S) = Σ_{y∈S} (P_y − αQ_y)``; adding an atom with a negative term can only lower
the sum and leaving out a positive one loses its gain, so

    max_S [P(S) − αQ(S)] = Σ_y [P_y − αQ_y]₊,   [t]₊ = max(0, t),

attained by the set of all strictly positive atoms (the empty event when the maximum is 0).
The smallest δ that makes the claim true is the maximum of this over the ordered pairs.
At ``α = 1`` it is the total-variation distance ``½ Σ_y |P_y − Q_y|``.
:func:`brute_force_required_delta` checks the identity by enumerating all ``2^|Y|`` events.

**Exactness.**  A channel stores non-negative integer weights over one common denominator,
and ``α = u/v`` is a rational number, so every comparison ``P_y ≶ αQ_y`` is the integer
comparison ``v·w_P(y) ≶ u·w_Q(y)``: no rounding anywhere.  Floats appear only in the pure
``ε = ln α`` and in the privacy-loss values, which are logarithms and are for display.

**Rational factors from ε.**  ``e^ε`` is irrational for every rational ``ε > 0``
(Lindemann 1882), so an exact certificate needs a rational factor.  Rounding ``e^ε``
*up* (as ``math.exp`` may) certifies a weaker claim than the one stated, since a larger
factor needs a smaller δ; :func:`alpha_from_epsilon` gives a rigorous rational *lower*
bound, so a verdict at that factor holds at ``e^ε`` itself.  Numbers are read by the
float policy of :mod:`dplab._validation` (a float is its exact binary value).

**Per-pair factors.**  Every function taking ``alpha`` also accepts a callable
``alpha(source, target)`` returning the factor of that ordered pair.  Metric DP uses this
with ``α_pair = e^{ε·d(D, D')}``: for an integer distance ``d`` and a rational ``e^ε``, the
factor ``(e^ε)^d`` is rational and everything stays exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TypeAlias

from flint import arb, ctx, fmpq

from dplab._exact import exact_end
from dplab._validation import check_callable, check_int, check_rational, check_real, shown

__all__ = [
    "AlphaSpec",
    "BruteForceResult",
    "Certificate",
    "EventCheck",
    "FiniteChannel",
    "PairExcess",
    "PurePrivacy",
    "RationalLike",
    "alpha_from_epsilon",
    "both_directions",
    "brute_force_required_delta",
    "certify",
    "check_alpha",
    "check_channel",
    "check_delta",
    "check_event",
    "delta_from_privacy_loss",
    "pair_excess",
    "privacy_loss",
    "pure_privacy",
    "required_delta",
    "total_variation",
]

RationalLike: TypeAlias = Fraction | int | str | Decimal | float
"""A number taken exactly: Fraction, int, Decimal, decimal or fraction string, or float by
its exact binary value (the float policy of :mod:`dplab._validation`)."""

AlphaSpec: TypeAlias = RationalLike | Callable[[Hashable, Hashable], RationalLike]
"""A factor ``α ≥ 1`` (a :data:`RationalLike`), or a callable ``alpha(source, target)``
giving each ordered pair its own factor."""

BRUTE_FORCE_MAX_OUTPUTS = 16

ALPHA_FROM_EPSILON_MAX = 10_000
"""Largest ε accepted by :func:`alpha_from_epsilon` (``e^ε`` then has about 14,400 bits)."""

ALPHA_FROM_EPSILON_MAX_DIGITS = 1_000
"""Largest number of correct digits :func:`alpha_from_epsilon` can be asked for."""


def check_alpha(alpha: RationalLike, name: str = "alpha") -> Fraction:
    """Return the factor ``α = e^ε`` as an exact Fraction, checking ``α ≥ 1``.

    The factor is taken exactly as given (the float policy of :mod:`dplab._validation`).
    **Do not pass** ``math.exp(eps)``: the double nearest ``e^ε`` may lie above it
    (``math.exp(0.5)`` exceeds ``e^{0.5}`` by about 4.7e-17), and a larger factor needs a
    smaller δ, so a verdict at the rounded factor may not hold at ``e^ε``.  Pass
    ``alpha_from_epsilon(eps)``, a rigorous rational lower bound, instead.

    >>> check_alpha("1.1")
    Fraction(11, 10)
    >>> check_alpha(alpha_from_epsilon(0.5, digits=6))
    Fraction(164872127, 100000000)
    """
    return check_rational(name, alpha, low=1)


def _floor_significant(value: Fraction, digits: int) -> Fraction:
    """``value ≥ 1`` rounded down to a decimal with at least ``digits`` significant digits."""
    # 10^k·value ≥ 10^k·2^(bits−1) ≥ 10^digits, so dropping the fraction loses < 10^−digits.
    whole_bits = (value.numerator // value.denominator).bit_length()
    scale = Fraction(10) ** (digits - math.floor((whole_bits - 1) * math.log10(2)))
    return Fraction(math.floor(value * scale)) / scale


def alpha_from_epsilon(eps: RationalLike, *, digits: int = 30) -> Fraction:
    """A rational ``r ≤ e^ε`` with ``(e^ε − r)/e^ε ≤ 10^−digits``, proved by ball arithmetic.

    Use it to certify an (ε, δ) claim exactly when you have ε rather than the factor: a
    smaller factor needs a larger δ, so a verdict "passes" at ``r`` also holds at ``e^ε``,
    and the loss is at most a relative ``10^−digits`` of the factor.  ``ε = 0`` gives
    exactly 1; ``eps`` is read by the float policy of :mod:`dplab._validation` (``0.1`` is
    the double nearest 1/10; pass ``"0.1"`` for the decimal) and must lie in
    ``[0, ALPHA_FROM_EPSILON_MAX]``.

    **Method.**  Arb (through python-flint) encloses ``e^ε`` in a ball ``[ℓ, u]`` with
    rigorous error bounds (Johansson 2017, *Arb: efficient arbitrary-precision
    midpoint-radius interval arithmetic*, IEEE Trans. Computers 66(8)); ``r`` is ``ℓ``
    rounded down to ``digits + 2`` significant decimal digits (at least 1), and is returned
    once ``(u − r)/r ≤ 10^−digits``, which implies the stated bound because
    ``r ≤ e^ε ≤ u``.  Otherwise the working precision doubles.

    >>> alpha_from_epsilon(0.5, digits=6)
    Fraction(164872127, 100000000)
    >>> float(alpha_from_epsilon("0.5", digits=6)) <= math.exp(0.5), alpha_from_epsilon(0)
    (True, Fraction(1, 1))
    """
    eps = check_rational("eps", eps, low=0, high=ALPHA_FROM_EPSILON_MAX)
    digits = check_int("digits", digits, low=1, high=ALPHA_FROM_EPSILON_MAX_DIGITS)
    if eps == 0:
        return Fraction(1)
    tolerance = Fraction(1, 10**digits)
    bits = math.ceil(digits * math.log2(10)) + 32
    while True:
        with ctx.workprec(bits):
            ball = arb(fmpq(eps.numerator, eps.denominator)).exp()
            lower, upper = exact_end(ball.lower()), exact_end(ball.upper())
        bound = max(Fraction(1), _floor_significant(lower, digits + 2))
        if upper - bound <= tolerance * bound:
            return bound
        bits *= 2  # pragma: no cover - the first precision already suffices


def check_delta(delta: RationalLike) -> Fraction:
    """Return the additive slack ``δ`` as an exact Fraction, checking ``0 ≤ δ ≤ 1``.

    >>> check_delta("0.05"), check_delta(0.5)
    (Fraction(1, 20), Fraction(1, 2))
    """
    return check_rational("delta", delta, low=0, high=1)


def _alpha_of_pair(alpha: AlphaSpec, source: Hashable, target: Hashable) -> Fraction:
    if callable(alpha):
        check_callable("alpha", alpha, 2, "a factor or a function alpha(source, target)")
        return check_alpha(alpha(source, target), name=f"alpha of pair {source!r}→{target!r}")
    return check_alpha(alpha)


def _log_ratio(numerator: int, denominator: int) -> float:
    """``ln(numerator / denominator)`` for positive integers of any size, without overflow."""
    return math.log(numerator) - math.log(denominator)


def both_directions(
    pairs: Iterable[tuple[Hashable, Hashable]],
) -> tuple[tuple[Hashable, Hashable], ...]:
    """Each pair followed by its reverse, without duplicates, in first-seen order.

    >>> both_directions([("D", "D'")])
    (('D', "D'"), ("D'", 'D'))
    """
    ordered: dict[tuple[Hashable, Hashable], None] = {}
    for source, target in _pairs_of("pairs", pairs):
        ordered[(source, target)] = None
        ordered[(target, source)] = None
    return tuple(ordered)


def _pairs_of(name: str, pairs: object) -> list[tuple[Hashable, Hashable]]:
    """``pairs`` as a list of 2-tuples of hashable labels, or a clear error naming it."""
    if isinstance(pairs, str | bytes) or not isinstance(pairs, Iterable):
        raise TypeError(
            f"{name} must be an iterable of (source, target) pairs; got {shown(pairs)} "
            f"of type {type(pairs).__name__}"
        )
    checked = []
    for pair in pairs:
        if isinstance(pair, str | bytes) or not isinstance(pair, Iterable):
            raise TypeError(f"{name} must hold (source, target) pairs; got {shown(pair)}")
        items = tuple(pair)
        if len(items) != 2:
            raise ValueError(
                f"{name} must hold (source, target) pairs of two labels; got {shown(pair)}"
            )
        try:
            hash(items)
        except TypeError:
            raise TypeError(
                f"{name} must hold pairs of hashable labels; got {shown(pair)}"
            ) from None
        checked.append(items)
    return checked


def _labels(name: str, labels: object) -> tuple[Hashable, ...]:
    """``labels`` as a non-empty tuple of distinct hashable labels, or a clear error."""
    if isinstance(labels, str | bytes) or not isinstance(labels, Iterable):
        raise TypeError(f"{name} must be a tuple of labels; got {shown(labels)}")
    labels = tuple(labels)
    for label in labels:
        try:
            hash(label)
        except TypeError:
            raise TypeError(
                f"{name} must hold hashable labels (numbers, strings, tuples); got {shown(label)}"
            ) from None
    if len(labels) == 0 or len(set(labels)) != len(labels):
        raise ValueError(
            f"{name} must be a non-empty tuple of distinct labels; got {shown(labels)}"
        )
    return labels


def check_channel(channel: object, name: str = "channel") -> FiniteChannel:
    """Return ``channel`` if it is a :class:`FiniteChannel`; ``name`` names it in the message.

    >>> check_channel([[1, 0], [0, 1]], "randomizer")
    Traceback (most recent call last):
    ...
    TypeError: randomizer must be a FiniteChannel (build one with FiniteChannel.from_probabilities); got [[1, 0], [0, 1]] of type list
    """  # noqa: E501
    if not isinstance(channel, FiniteChannel):
        raise TypeError(
            f"{name} must be a FiniteChannel (build one with FiniteChannel.from_probabilities);"
            f" got {shown(channel)} of type {type(channel).__name__}"
        )
    return channel


@dataclass(frozen=True)
class FiniteChannel:
    """A finite channel with exact output distributions and an ordered adjacency relation.

    ``weights[i][j] / denominator`` is ``Pr[M(inputs[i]) = outputs[j]]``; every row is a list
    of non-negative integers summing to ``denominator``.  ``adjacent_pairs`` holds the ordered
    pairs ``(source, target)`` of input labels that the privacy claim covers; list both
    directions when both are meant (see :func:`both_directions`).

    >>> channel = FiniteChannel.from_probabilities(
    ...     {"D": ["3/4", "1/4"], "D'": ["1/4", "3/4"]}, both_directions([("D", "D'")]))
    >>> channel.weights, channel.denominator
    (((3, 1), (1, 3)), 4)
    >>> channel.probabilities("D'")
    (Fraction(1, 4), Fraction(3, 4))
    """

    inputs: tuple[Hashable, ...]
    outputs: tuple[Hashable, ...]
    weights: tuple[tuple[int, ...], ...]
    denominator: int
    adjacent_pairs: tuple[tuple[Hashable, Hashable], ...]
    _row_of: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        inputs, outputs = _labels("inputs", self.inputs), _labels("outputs", self.outputs)
        denominator = check_int("denominator", self.denominator, low=1)
        if len(self.weights) != len(inputs):
            raise ValueError(
                f"weights must have one row per input ({len(inputs)} rows); got {len(self.weights)}"
            )
        rows = []
        for i, row in enumerate(self.weights):
            row = tuple(row)
            if len(row) != len(outputs):
                raise ValueError(
                    f"weights[{i}] must have one entry per output ({len(outputs)}); got {len(row)}"
                )
            row = tuple(check_int(f"weights[{i}][{j}]", w, low=0) for j, w in enumerate(row))
            if sum(row) != denominator:
                raise ValueError(
                    f"weights[{i}] must sum to the denominator {denominator}; got {sum(row)}"
                )
            rows.append(row)
        row_of = {label: i for i, label in enumerate(inputs)}
        pairs = tuple(_pairs_of("adjacent_pairs", self.adjacent_pairs))
        if not pairs:
            raise ValueError("adjacent_pairs must hold at least one ordered pair; got none")
        for pair in pairs:
            if (
                len(pair) != 2
                or pair[0] not in row_of
                or pair[1] not in row_of
                or pair[0] == pair[1]
            ):
                raise ValueError(
                    f"adjacent_pairs must be ordered pairs of two different inputs; got {pair!r}"
                )
        if len(set(pairs)) != len(pairs):
            raise ValueError(f"adjacent_pairs must not repeat a pair; got {pairs!r}")
        object.__setattr__(self, "inputs", inputs)
        object.__setattr__(self, "outputs", outputs)
        object.__setattr__(self, "weights", tuple(rows))
        object.__setattr__(self, "denominator", denominator)
        object.__setattr__(self, "adjacent_pairs", pairs)
        object.__setattr__(self, "_row_of", row_of)

    @classmethod
    def from_probabilities(
        cls,
        distributions: Mapping[Hashable, Sequence[object]],
        adjacent_pairs: Iterable[tuple[Hashable, Hashable]],
        *,
        outputs: Sequence[Hashable] | None = None,
    ) -> FiniteChannel:
        """Build a channel from exact probabilities (Fractions, ints or decimal strings).

        Outputs default to ``0, 1, …, k−1``.  The common denominator is the least common
        multiple of the probabilities' denominators.
        """
        if not isinstance(distributions, Mapping):
            raise TypeError(
                f"distributions must be a mapping from input labels to probability lists; "
                f"got {shown(distributions)} of type {type(distributions).__name__}"
            )
        labels = tuple(distributions)
        if not labels:
            raise ValueError("distributions must hold at least one input; got none")
        for x in labels:
            if isinstance(distributions[x], str | bytes) or not isinstance(
                distributions[x], Sequence
            ):
                raise TypeError(
                    f"distribution of input {x!r} must be a sequence of probabilities; "
                    f"got {shown(distributions[x])}"
                )
        width = len(next(iter(distributions.values())))
        outputs = tuple(range(width)) if outputs is None else tuple(outputs)
        rows = []
        for x in labels:
            if len(distributions[x]) != len(outputs):
                raise ValueError(
                    f"distribution of input {x!r} must have {len(outputs)} entries; "
                    f"got {len(distributions[x])}"
                )
            row = [
                check_rational(f"probability of output {y!r} for input {x!r}", prob, low=0, high=1)
                for y, prob in zip(outputs, distributions[x], strict=True)
            ]
            total = sum(row)
            if total != 1:
                text = str(total) if total.denominator.bit_length() <= 256 else shown(total)
                hint = (
                    " (a float is its exact binary value: write '0.9' or Fraction(9, 10) to "
                    "mean a decimal)"
                    if any(isinstance(prob, float) for prob in distributions[x])
                    else ""
                )
                raise ValueError(f"distribution of input {x!r} must sum to 1; got {text}{hint}")
            rows.append(row)
        denominator = math.lcm(*(prob.denominator for row in rows for prob in row))
        weights = tuple(
            tuple(prob.numerator * (denominator // prob.denominator) for prob in row)
            for row in rows
        )
        return cls(
            labels,
            outputs,
            weights,
            denominator,
            tuple(adjacent_pairs),
        )

    def position(self, x: object) -> int | None:
        """The row of input ``x`` (its index in :attr:`inputs`), or ``None`` if ``x`` is no
        input; a ``bool`` is not the number label it equals (``True == 1``, but ``True`` is
        no input of a channel on ``0, 1, …``)."""
        try:
            position = self._row_of[x]
        except (KeyError, TypeError):
            return None
        return position if isinstance(x, bool) == isinstance(self.inputs[position], bool) else None

    def row(self, x: Hashable) -> tuple[int, ...]:
        """The integer weights of input ``x`` (over :attr:`denominator`)."""
        position = self.position(x)
        if position is None:
            raise ValueError(f"input must be one of {shown(self.inputs)}; got {shown(x)}")
        return self.weights[position]

    def probabilities(self, x: Hashable) -> tuple[Fraction, ...]:
        """The exact output distribution of input ``x``."""
        return tuple(Fraction(w, self.denominator) for w in self.row(x))

    def check_pair(self, source: Hashable, target: Hashable) -> tuple[Hashable, Hashable]:
        """Return ``(source, target)`` if it is one of :attr:`adjacent_pairs` (by the inputs'
        labels, a ``bool`` not being the number it equals); otherwise ``ValueError``."""
        if (source, target) not in self.adjacent_pairs or None in (
            self.position(source),
            self.position(target),
        ):
            raise ValueError(
                f"(source, target) must be one of the channel's ordered adjacent pairs "
                f"{shown(self.adjacent_pairs)} (a bool is not the number it equals); "
                f"got {shown((source, target))}"
            )
        return source, target


@dataclass(frozen=True)
class PairExcess:
    """The largest event excess ``max_S P(S) − αQ(S)`` of one ordered pair, exactly.

    The excess is ``numerator / denominator`` (kept unreduced so that large certificates do
    not pay for a gcd per row; equality of rows compares this representation, use
    :attr:`required_delta` to compare values); ``event`` is the set of all strictly positive
    atoms, in output order, and is empty when the excess is 0.
    """

    source: Hashable
    target: Hashable
    alpha: Fraction
    event: tuple[Hashable, ...]
    numerator: int
    denominator: int

    @property
    def pair(self) -> tuple[Hashable, Hashable]:
        """``(source, target)``."""
        return (self.source, self.target)

    @property
    def required_delta(self) -> Fraction:
        """The smallest δ for which this ordered pair satisfies the claim."""
        return Fraction(self.numerator, self.denominator)

    def is_covered_by(self, delta: Fraction) -> bool:
        """``required_delta ≤ delta``, compared by cross-multiplication."""
        return self.numerator * delta.denominator <= delta.numerator * self.denominator

    def exceeds(self, other: PairExcess) -> bool:
        """Whether this row's excess is strictly larger than ``other``'s."""
        if self.denominator == other.denominator:
            return self.numerator > other.numerator
        return self.numerator * other.denominator > other.numerator * self.denominator


@dataclass(frozen=True)
class Certificate:
    """The exact verdict on an (α, δ) claim over every ordered adjacent pair and every event.

    ``required_delta`` is the smallest δ that makes the claim true, reached by ``worst_pair``
    on ``worst_event`` (the first worst row in table order on ties); ``passes`` says whether
    the claimed ``delta`` covers it.  ``pairs`` is the per-pair table.  ``alpha`` is ``None``
    when the factor was given per pair (each row then carries its own).
    """

    alpha: Fraction | None
    delta: Fraction
    required_delta: Fraction
    passes: bool
    worst_pair: tuple[Hashable, Hashable]
    worst_event: tuple[Hashable, ...]
    pairs: tuple[PairExcess, ...]

    @classmethod
    def from_pairs(
        cls, alpha: Fraction | None, delta: Fraction, pairs: Sequence[PairExcess]
    ) -> Certificate:
        """Assemble the verdict from a per-pair table (maximum taken exactly)."""
        if not pairs:
            raise ValueError("pairs must hold at least one row; got none")
        worst = pairs[0]
        for row in pairs[1:]:
            if row.exceeds(worst):
                worst = row
        return cls(
            alpha=alpha,
            delta=delta,
            required_delta=worst.required_delta,
            passes=worst.is_covered_by(delta),
            worst_pair=worst.pair,
            worst_event=worst.event,
            pairs=tuple(pairs),
        )

    @property
    def worst_rows(self) -> tuple[PairExcess, ...]:
        """Every row of :attr:`pairs` that attains :attr:`required_delta`, in table order.

        ``worst_pair`` names only the first of them; a symmetric channel has ties (the
        randomized-response count channel always does: see
        :func:`dplab.mechanisms.randomized_response.certify`).
        """
        return tuple(row for row in self.pairs if row.required_delta == self.required_delta)


@dataclass(frozen=True)
class EventCheck:
    """The inequality ``P(S) ≤ αQ(S) + δ`` for one ordered pair and one event, exactly.

    Passing it says nothing about other events or pairs; see :class:`Certificate`.
    """

    source: Hashable
    target: Hashable
    event: tuple[Hashable, ...]
    alpha: Fraction
    delta: Fraction
    source_probability: Fraction
    target_probability: Fraction

    @property
    def bound(self) -> Fraction:
        """``αQ(S) + δ``."""
        return self.alpha * self.target_probability + self.delta

    @property
    def excess(self) -> Fraction:
        """``P(S) − αQ(S)``, the δ this one event needs (negative when it has room)."""
        return self.source_probability - self.alpha * self.target_probability

    @property
    def passes(self) -> bool:
        """``P(S) ≤ αQ(S) + δ``."""
        return self.source_probability <= self.bound


@dataclass(frozen=True)
class PurePrivacy:
    """The smallest pure factor: ``α* = max P_y/Q_y`` over ordered pairs and outputs.

    ``finite`` is ``False`` when some output has ``Q_y = 0 < P_y`` (no finite ε works with
    δ = 0); then ``alpha`` is ``None`` and ``epsilon`` is ``math.inf``.  Otherwise ``alpha``
    is exact and ``epsilon = ln α*`` is a float for display.  ``worst_pair`` and
    ``worst_output`` attain the maximum (the first found in table order).
    """

    alpha: Fraction | None
    epsilon: float
    finite: bool
    worst_pair: tuple[Hashable, Hashable]
    worst_output: Hashable

    @classmethod
    def from_ratio(
        cls,
        ratio: Fraction | None,
        worst_pair: tuple[Hashable, Hashable],
        worst_output: Hashable,
    ) -> PurePrivacy:
        """``ratio`` is the exact maximal likelihood ratio, ``None`` when it is infinite."""
        if ratio is None:
            return cls(None, math.inf, False, worst_pair, worst_output)
        epsilon = _log_ratio(ratio.numerator, ratio.denominator)
        return cls(ratio, max(epsilon, 0.0), True, worst_pair, worst_output)


@dataclass(frozen=True)
class BruteForceResult:
    """What enumerating every event of every ordered pair found (a test oracle)."""

    required_delta: Fraction
    worst_pair: tuple[Hashable, Hashable]
    worst_event: tuple[Hashable, ...]


def pair_excess(
    channel: FiniteChannel, source: Hashable, target: Hashable, alpha: AlphaSpec
) -> PairExcess:
    """``Σ_y [P_y − αQ_y]₊`` for the ordered pair ``source → target`` and its maximising event.

    With ``α = u/v`` the atom ``y`` is positive exactly when ``v·w_P(y) > u·w_Q(y)``, and the
    excess is ``Σ (v·w_P − u·w_Q)₊ / (v·denominator)``: integers only.

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)]))
    >>> row = pair_excess(channel, 0, 1, 1)
    >>> row.required_delta, row.event
    (Fraction(1, 2), (0,))
    """
    source, target = check_channel(channel).check_pair(source, target)
    factor = _alpha_of_pair(alpha, source, target)
    u, v = factor.numerator, factor.denominator
    total = 0
    event = []
    for y, p_weight, q_weight in zip(
        channel.outputs, channel.row(source), channel.row(target), strict=True
    ):
        gap = v * p_weight - u * q_weight
        if gap > 0:
            total += gap
            event.append(y)
    return PairExcess(source, target, factor, tuple(event), total, v * channel.denominator)


def certify(channel: FiniteChannel, alpha: AlphaSpec, delta: RationalLike) -> Certificate:
    """Decide the (α, δ) claim exactly over every ordered adjacent pair and every event.

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)]))
    >>> certificate = certify(channel, 3, 0)
    >>> certificate.passes, certificate.required_delta, certificate.worst_event
    (True, Fraction(0, 1), ())
    >>> certify(channel, 2, "0.1").required_delta
    Fraction(1, 4)
    """
    channel = check_channel(channel)
    delta = check_delta(delta)
    uniform = None if callable(alpha) else check_alpha(alpha)
    spec = alpha if uniform is None else uniform
    rows = [pair_excess(channel, s, t, spec) for s, t in channel.adjacent_pairs]
    return Certificate.from_pairs(uniform, delta, rows)


def required_delta(channel: FiniteChannel, alpha: AlphaSpec) -> Fraction:
    """The smallest δ for which ``channel`` satisfies the claim at factor(s) ``alpha``."""
    return certify(channel, alpha, 0).required_delta


def total_variation(channel: FiniteChannel, source: Hashable, target: Hashable) -> Fraction:
    """Total-variation distance ``½ Σ_y |P_y − Q_y|`` of an adjacent pair (the excess at α = 1).

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)]))
    >>> total_variation(channel, 1, 0)
    Fraction(1, 2)
    """
    return pair_excess(channel, source, target, 1).required_delta


def check_event(
    channel: FiniteChannel,
    source: Hashable,
    target: Hashable,
    event: Iterable[Hashable],
    alpha: AlphaSpec,
    delta: RationalLike,
) -> EventCheck:
    """Check ``P(S) ≤ αQ(S) + δ`` for one ordered adjacent pair and one event ``S``.

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)]))
    >>> check = check_event(channel, 0, 1, [0], 1, "0.25")
    >>> check.excess, check.passes
    (Fraction(1, 2), False)
    """
    source, target = check_channel(channel).check_pair(source, target)
    factor = _alpha_of_pair(alpha, source, target)
    delta = check_delta(delta)
    if isinstance(event, str | bytes) or not isinstance(event, Iterable):
        raise TypeError(
            f"event must be an iterable of outputs (a subset of {channel.outputs!r}); "
            f"got {shown(event)} of type {type(event).__name__}"
        )
    chosen = set()
    for y in event:
        if y not in channel.outputs:
            raise ValueError(
                f"event must be a subset of the outputs {channel.outputs!r}; got {y!r}"
            )
        chosen.add(y)
    members = tuple(y for y in channel.outputs if y in chosen)
    positions = [j for j, y in enumerate(channel.outputs) if y in chosen]
    p_source = sum(channel.row(source)[j] for j in positions)
    p_target = sum(channel.row(target)[j] for j in positions)
    return EventCheck(
        source,
        target,
        members,
        factor,
        delta,
        Fraction(p_source, channel.denominator),
        Fraction(p_target, channel.denominator),
    )


def pure_privacy(channel: FiniteChannel) -> PurePrivacy:
    """The smallest α with ``P_y ≤ αQ_y`` for every ordered adjacent pair and output.

    Outputs with ``P_y = 0`` impose nothing; ``Q_y = 0 < P_y`` makes pure privacy
    impossible, reported by ``finite=False`` and ``epsilon = inf`` (never a large number).

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: [1, 0], 1: [0, 1]}, both_directions([(0, 1)]))
    >>> result = pure_privacy(channel)
    >>> result.finite, result.epsilon, result.worst_pair, result.worst_output
    (False, inf, (0, 1), 0)
    """
    channel = check_channel(channel)
    best: Fraction = Fraction(1)
    best_at: tuple[tuple[Hashable, Hashable], Hashable] = (
        channel.adjacent_pairs[0],
        channel.outputs[0],
    )
    for source, target in channel.adjacent_pairs:
        for y, p_weight, q_weight in zip(
            channel.outputs, channel.row(source), channel.row(target), strict=True
        ):
            if p_weight == 0:
                continue
            if q_weight == 0:
                return PurePrivacy.from_ratio(None, (source, target), y)
            ratio = Fraction(p_weight, q_weight)
            if ratio > best:
                best, best_at = ratio, ((source, target), y)
    return PurePrivacy.from_ratio(best, *best_at)


def privacy_loss(
    channel: FiniteChannel, source: Hashable, target: Hashable
) -> tuple[float | None, ...]:
    """Privacy-loss values ``L(y) = ln(P_y/Q_y)`` of an ordered adjacent pair, per output.

    Rules: ``Q_y > 0`` gives the log ratio (``-inf`` when ``P_y = 0``); ``Q_y = 0 < P_y``
    gives ``+inf`` (that atom contributes all of ``P_y`` to δ); ``P_y = Q_y = 0`` gives
    ``None`` (undefined; the atom contributes 0).  Floats, for display.

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["1/2", "1/2", 0], 1: ["1/4", 0, "3/4"]}, [(0, 1)])
    >>> privacy_loss(channel, 0, 1)
    (0.6931471805599453, inf, -inf)
    """
    source, target = check_channel(channel).check_pair(source, target)
    losses: list[float | None] = []
    for p_weight, q_weight in zip(channel.row(source), channel.row(target), strict=True):
        if q_weight > 0:
            losses.append(-math.inf if p_weight == 0 else _log_ratio(p_weight, q_weight))
        else:
            losses.append(math.inf if p_weight > 0 else None)
    return tuple(losses)


def delta_from_privacy_loss(
    channel: FiniteChannel, source: Hashable, target: Hashable, epsilon: float
) -> float:
    """``δ_pair(ε) = Σ_{y: L(y) > ε} P_y (1 − e^{ε − L(y)})`` in floating point (display).

    This equals ``Σ_y [P_y − e^ε Q_y]₊``: for ``Q_y > 0`` the term is
    ``P_y − e^ε P_y e^{−L(y)} = P_y − e^ε Q_y``, positive exactly when ``L(y) > ε``; atoms with
    ``L = +inf`` contribute ``P_y``; undefined atoms contribute 0.  It is *not* the probability
    of the set ``{L > ε}``.

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)]))
    >>> round(delta_from_privacy_loss(channel, 0, 1, 0.0), 12)
    0.5
    """
    channel = check_channel(channel)
    epsilon = check_real("epsilon", epsilon, low=0)
    total = 0.0
    for loss, p_weight in zip(
        privacy_loss(channel, source, target), channel.row(source), strict=True
    ):
        if loss is not None and loss > epsilon:
            total += (p_weight / channel.denominator) * -math.expm1(epsilon - loss)
    return total


def brute_force_required_delta(channel: FiniteChannel, alpha: AlphaSpec) -> BruteForceResult:
    """Test oracle: ``max`` of ``P(S) − αQ(S)`` over every pair and all ``2^|Y|`` events.

    Uses no closed form: each event's probabilities are summed in Fractions.  Only for
    channels with at most 16 outputs.  On ties the first event in binary-mask order
    (``S ↔ Σ_{j∈S} 2^j`` over output positions) and the first pair win; the empty event has
    excess 0, so the result is never negative.

    >>> channel = FiniteChannel.from_probabilities(
    ...     {0: ["3/4", "1/4"], 1: ["1/4", "3/4"]}, both_directions([(0, 1)]))
    >>> brute_force_required_delta(channel, 1)
    BruteForceResult(required_delta=Fraction(1, 2), worst_pair=(0, 1), worst_event=(0,))
    """
    size = len(check_channel(channel).outputs)
    check_int("number of outputs", size, low=1, high=BRUTE_FORCE_MAX_OUTPUTS)
    best: BruteForceResult | None = None
    for source, target in channel.adjacent_pairs:
        factor = _alpha_of_pair(alpha, source, target)
        p_atoms, q_atoms = channel.probabilities(source), channel.probabilities(target)
        p_sums = [Fraction(0)] * (1 << size)
        q_sums = [Fraction(0)] * (1 << size)
        for mask in range(1, 1 << size):
            low = (mask & -mask).bit_length() - 1
            p_sums[mask] = p_sums[mask & (mask - 1)] + p_atoms[low]
            q_sums[mask] = q_sums[mask & (mask - 1)] + q_atoms[low]
        for mask in range(1 << size):
            excess = p_sums[mask] - factor * q_sums[mask]
            if best is None or excess > best.required_delta:
                event = tuple(y for j, y in enumerate(channel.outputs) if mask >> j & 1)
                best = BruteForceResult(excess, (source, target), event)
    assert best is not None  # adjacent_pairs is never empty
    return best
