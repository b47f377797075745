"""The randomized-response lab's grid and the exact integer encoding its script uses.

The lab's sliders reach ``n ∈ {1, …, 12}``, ``p = k/100`` for ``k = 50, …, 100`` and
``α = t/10`` for ``t = 10, …, 100`` (exact decimals): :data:`LAB_GRID`, which the lesson's
α grid and the lab's HTML (:mod:`dplab.views.labs.rr`) read.

**The page holds no precomputed states.**  A page opened from ``file://`` has no server, and the
lab's script ``dplab/views/labs/rr/lab.js`` computes every state in the browser, with ``BigInt``,
by the encoding below (its core, ``rr-lab-core.js``); Node checks the core against
:func:`dplab.mechanisms.randomized_response.certify` over the whole grid
(``tests/js/rr_lab.test.cjs``). This module states the same encoding in Python.
:func:`delta_denominator` is used by the lab's views; :func:`lab_states`, :func:`lab_count_weights`
and :func:`claim_covers` tabulate the grid in that encoding and apply its comparison rule, and serve
only as a reference: ``tests/maths/mechanisms/test_rr_lab_grid.py`` checks them against the general
certificate of :mod:`dplab.finite`, which confirms on the whole grid the facts the script relies on
(integer numerators over one denominator, the mirror symmetry of pairs, interval events).

**Encoding of δ.**  With ``p = k/100`` every count law has integer weights over ``100^n``,
and with ``α = t/10`` every excess ``Σ_y [P_y − αQ_y]₊`` is an integer numerator over

    delta_denominator(n) = 10 · 100^n,

namely ``Σ_y [10·w_P(y) − t·w_Q(y)]₊``.  Numerators can exceed 2^53 (up to 26 digits), so
they are kept as integers (decimal strings in :func:`lab_states`), never as floats.  A
claimed δ typed as a decimal string with ``K`` digits after the point, read as the integer
``D`` (digits without the point), covers the required numerator ``N`` exactly when

    D · 10 · 100^n  ≥  N · 10^K          (integers; no rounding)

which is :func:`claim_covers` (the script also reads ``e``-notation, by the rule of
:func:`dplab.views.labs.rr.parse_claim`).

**Pairs.**  Ordered count pairs are numbered as in
:func:`dplab.mechanisms.randomized_response.count_pairs`: index ``2c`` is ``c → c+1`` ("up"), index
``2c+1`` is ``c+1 → c`` ("down").  :func:`lab_states` stores only the ``n`` up pairs; by the mirror
symmetry (reverse all bits, see :mod:`dplab.mechanisms.randomized_response`) the down pair ``c+1 →
c`` has the numerator of the up pair ``n−1−c`` and its event reflected, ``[start, stop) ↦ [n+1−stop,
n+1−start)``.  On this grid (``p ≥ ½``) every worst event is an interval of outputs ``start ≤ y <
stop`` (empty when ``start == stop``).

**Limits.**  A grid's sizes are at most :data:`LAB_MAX_N` (the browser handles numbers
of ``2n + 1`` decimal digits), and its work, the sum of ``n`` over all its states (each
state walks ``n`` count pairs), is at most :data:`LAB_WORK_LIMIT`, about 10 s; the
lesson's grid has 362,166.  A claim has at most
:data:`~dplab._validation.MAX_DECIMAL_EXPONENT` digits after the point.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from dplab._validation import MAX_DECIMAL_EXPONENT, check_int, shown
from dplab.mechanisms.randomized_response import certify, count_distribution

__all__ = [
    "LAB_GRID",
    "LAB_MAX_N",
    "LAB_WORK_LIMIT",
    "LabGrid",
    "claim_covers",
    "delta_denominator",
    "lab_count_weights",
    "lab_states",
]

STATE_FIELDS = ("required", "worst_pair", "up_numerators", "up_events")

LAB_MAX_N = 100
"""Largest size ``n`` of a lab grid, :func:`delta_denominator` and :func:`claim_covers`."""

LAB_WORK_LIMIT = 1_000_000
"""Largest sum of ``n`` over the states of a grid (about 10 s of :func:`lab_states`)."""


def _check_lab_n(n: object) -> int:
    return check_int("n", n, low=1, high=LAB_MAX_N)


def _values(name: str, values: object) -> tuple[object, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, tuple | list | range):
        raise TypeError(f"{name} must be a tuple of integers; got {shown(values)}")
    if not values:
        raise ValueError(f"{name} must hold at least one value; got {shown(values)}")
    return tuple(values)


@dataclass(frozen=True)
class LabGrid:
    """The slider values: sizes ``n``, ``p`` in percent, ``α`` in tenths."""

    sizes: tuple[int, ...] = tuple(range(1, 13))
    p_percents: tuple[int, ...] = tuple(range(50, 101))
    alpha_tenths: tuple[int, ...] = tuple(range(10, 101))

    def __post_init__(self) -> None:
        sizes = _values("sizes", self.sizes)
        p_percents = _values("p_percents", self.p_percents)
        alpha_tenths = _values("alpha_tenths", self.alpha_tenths)
        checked_sizes = [check_int("sizes", n, low=1, high=LAB_MAX_N) for n in sizes]
        for k in p_percents:
            check_int("p_percents", k, low=50, high=100)
        for t in alpha_tenths:
            check_int("alpha_tenths", t, low=10)
        work = sum(checked_sizes) * len(p_percents) * len(alpha_tenths)
        if work > LAB_WORK_LIMIT:
            raise ValueError(
                f"sizes, p_percents and alpha_tenths must span at most {LAB_WORK_LIMIT:,} "
                f"units of work (the sum of n over all states); got {work:,}"
            )
        object.__setattr__(self, "sizes", sizes)
        object.__setattr__(self, "p_percents", p_percents)
        object.__setattr__(self, "alpha_tenths", alpha_tenths)


def _check_grid(grid: object) -> LabGrid:
    if not isinstance(grid, LabGrid):
        raise TypeError(f"grid must be a LabGrid; got {shown(grid)} of type {type(grid).__name__}")
    return grid


LAB_GRID = LabGrid()
"""The lesson's grid: n = 1..12, p = 0.50..1.00 by 0.01, α = 1.0..10.0 by 0.1."""


def delta_denominator(n: int) -> int:
    """``10 · 100^n``: the common denominator of every required δ at size ``n``.

    >>> delta_denominator(2)
    100000
    """
    denominator: int = 10 * 100 ** _check_lab_n(n)
    return denominator


def claim_covers(required_numerator: int, n: int, claim: str) -> bool:
    """Whether the decimal string ``claim`` is ≥ ``required_numerator / (10·100^n)``.

    The rule the browser applies with ``BigInt`` (see the module docstring).

    >>> claim_covers(4374 * 10**5, 4, "0.438"), claim_covers(4374 * 10**5, 4, "0.437")
    (True, False)
    """
    required_numerator = check_int("required_numerator", required_numerator, low=0)
    n = _check_lab_n(n)
    if not isinstance(claim, str):
        raise TypeError(
            f"claim must be a decimal string like '0.05' in [0, 1]; got {shown(claim)} of type "
            f"{type(claim).__name__}"
        )
    whole, _, digits = claim.strip().partition(".")
    if len(digits) > MAX_DECIMAL_EXPONENT:
        raise ValueError(
            f"claim must have at most {MAX_DECIMAL_EXPONENT} digits after the point; "
            f"got {len(digits)}"
        )
    if not (whole + digits).isascii() or not (whole + digits).isdigit():
        raise ValueError(f"claim must be a decimal string like '0.05' in [0, 1]; got {claim!r}")
    claimed = int(whole + digits)
    if claimed > 10 ** len(digits):
        raise ValueError(f"claim must be a decimal string like '0.05' in [0, 1]; got {claim!r}")
    scale: int = 10 ** len(digits)
    return claimed * delta_denominator(n) >= required_numerator * scale


def _interval(event: tuple[int, ...]) -> list[int]:
    """``[start, stop]`` of an event that is a run of consecutive outputs."""
    if not event:
        return [0, 0]
    if list(event) != list(range(event[0], event[-1] + 1)):  # pragma: no cover - p < 1/2
        raise ValueError(f"event must be an interval of outputs; got {event!r}")
    return [event[0], event[-1] + 1]


def lab_states(grid: LabGrid = LAB_GRID) -> dict[str, object]:
    """Exact required δ per state and per up pair, as plain data (a reference table).

    Returns ``{"fields": STATE_FIELDS, "sizes", "p_percents", "alpha_tenths", "states"}``
    where ``states[i][j][l]`` is the state ``(sizes[i], p_percents[j], alpha_tenths[l])``,
    a list ``[required, worst_pair, up_numerators, up_events]``:

    * ``required`` – numerator (decimal string) of the global required δ over
      ``10·100^n``;
    * ``worst_pair`` – index of the first pair attaining it, in count-pair order;
    * ``up_numerators`` – numerators of the ``n`` up pairs ``c → c+1``;
    * ``up_events`` – ``[start, stop]`` of each up pair's worst event.

    >>> data = lab_states(LabGrid(sizes=(4,), p_percents=(90,), alpha_tenths=(30,)))
    >>> required, worst, numerators, events = data["states"][0][0][0]
    >>> Fraction(int(required), delta_denominator(4)), worst, events[0]
    (Fraction(2187, 5000), 0, [0, 1])
    """
    grid = _check_grid(grid)
    states = []
    for n in grid.sizes:
        common = delta_denominator(n)
        by_p = []
        for k in grid.p_percents:
            by_alpha = []
            for t in grid.alpha_tenths:
                certificate = certify(n, Fraction(k, 100), Fraction(t, 10), 0)
                numerators = [
                    row.numerator * (common // row.denominator) for row in certificate.pairs
                ]
                worst = numerators.index(max(numerators))
                up_rows = certificate.pairs[0::2]
                by_alpha.append(
                    [
                        str(numerators[worst]),
                        worst,
                        [str(numerator) for numerator in numerators[0::2]],
                        # the count channel's outputs are the counts 0 … n
                        [_interval(cast(tuple[int, ...], row.event)) for row in up_rows],
                    ]
                )
            by_p.append(by_alpha)
        states.append(by_p)
    return {
        "fields": list(STATE_FIELDS),
        "sizes": list(grid.sizes),
        "p_percents": list(grid.p_percents),
        "alpha_tenths": list(grid.alpha_tenths),
        "states": states,
    }


def lab_count_weights(grid: LabGrid = LAB_GRID) -> dict[str, object]:
    """The count laws in the lab's encoding: the integer weights ``rr-lab.js`` computes.

    ``weights[i][j][c]`` lists ``100^n · Pr[Y = y | c]`` (decimal strings, ``y = 0..n``)
    for ``n = sizes[i]``, ``p = p_percents[j]/100``.  Any pair's numerator over
    ``10·100^n`` is ``Σ_y max(0, 10·w_s(y) − t·w_t(y))``; the tests check that these sums
    give :func:`lab_states`.  (The script computes the weights itself, as the coefficients
    of a product of polynomials, and checks them against the build's witness.)

    >>> lab_count_weights(LabGrid(sizes=(1,), p_percents=(75,)))["weights"]
    [[[['75', '25'], ['25', '75']]]]
    """
    grid = _check_grid(grid)
    weights = []
    for n in grid.sizes:
        by_p = []
        for k in grid.p_percents:
            laws = [count_distribution(n, Fraction(k, 100), c) for c in range(n + 1)]
            by_p.append(
                [[str(w * (100**n // law.denominator)) for w in law.weights] for law in laws]
            )
        weights.append(by_p)
    return {"sizes": list(grid.sizes), "p_percents": list(grid.p_percents), "weights": weights}
