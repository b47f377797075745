r"""Metric differential privacy: the earth mover's distance and item-level randomizers.

**The earth mover's distance between user datasets** (Imola, Roy Chowdhury & Chaudhuri,
*Metric Differential Privacy at the User-Level via the Earth-Mover's Distance*, ACM CCS 2024,
arXiv:2405.02665).  A user holds a multiset ``K`` of items from a metric space ``(X, d)``;
``u_K`` is the uniform distribution on its items, counted with multiplicity, and

    d_EM(K, K') = W₁(u_K, u_K') = min over couplings π of (u_K, u_K') of Σ π(x, x') d(x, x').

Any sizes ``|K|, |K'| ≥ 1`` are allowed; ``d_EM`` is 0 exactly when ``u_K = u_K'`` (so
``K`` and ``K ⊎ K`` are at distance 0).  For equal sizes ``m`` the couplings' polytope has
the permutation matrices over ``m`` as vertices (Birkhoff–von Neumann), so ``d_EM`` is the
minimum-cost perfect matching divided by ``m``.  These facts and their proofs:
``dplab/userlevel/DERIVATIONS.md`` §1.

* **On a line** (``distance=None``; items are real numbers, ``d = |x − y|``):
  ``d_EM = ∫ |F_K(t) − F_K'(t)| dt`` with the empirical CDFs (Vallender 1973), computed
  exactly by sorting; the optimal coupling is the monotone (quantile) one.
* **A finite metric** (``distance`` a square matrix, items are row indices, or a callable
  ``distance(x, y)`` on hashable items): the transport problem on the distinct items with
  supplies ``L·mult_K(x)/|K|`` and demands ``L·mult_K'(y)/|K'|``, ``L = lcm(|K|, |K'|)``,
  integers.  SciPy solves it (``linear_sum_assignment`` when ``|K| = |K'|``, HiGHS's dual
  simplex through ``linprog`` otherwise).  Costs are scaled by their common denominator to
  integers; a vertex of the transport polytope with integer supplies is integral (total
  unimodularity), so the solver's plan is rounded to integers and checked exactly for
  feasibility.

**The optimality certificate.**  The solver works in doubles; the answer must not depend on
that.  Optimal dual potentials are recovered *exactly* from the integer plan: on the
residual graph (an edge ``x → y`` of cost ``c(x, y)`` for every pair, an edge ``y → x`` of
cost ``−c(x, y)`` where the plan moves mass) the plan is optimal iff there is no negative
cycle, and the shortest-path distances ``φ`` from a virtual source (Bellman–Ford, in
integers) give duals ``u(x) = −φ(x)``, ``v(y) = φ(y)`` with ``u(x) + v(y) ≤ c(x, y)`` for
every pair and equality where mass moves (complementary slackness).  Both conditions and
``Σ supply·u + Σ demand·v = Σ plan·c`` are then verified exactly, which proves the plan
optimal by LP duality (Ahuja, Magnanti & Orlin 1993, *Network Flows*, Thm. 9.4).  A solver
plan that fails the check raises ``ArithmeticError`` (it can only happen when costs differ
below double resolution).

**Numbers.**  Items and matrix entries are read by the float policy of
:mod:`dplab._validation`.  The answer is an exact ``Fraction`` when every item and distance
is an int, ``Fraction`` or ``Decimal``; when any is a float it is computed exactly from the
floats' binary values and returned as the nearest float.

**Limits.**  A distance matrix may have at most :data:`MAX_MATRIX_SIZE` rows: checking the
triangle inequality takes ``n³`` exact comparisons and the certificate's Bellman–Ford up to
``n³`` integer relaxations.  A dataset may hold at most :data:`MAX_DATASET_SIZE` items, and
``lcm(|K|, |K'|)`` may be at most :data:`MAX_DATASET_SIZE` (the supplies are integers of
that size).

**Item-level metric privacy** (Chatzikokolakis, Andrés, Bordenabe & Palamidessi, *Broadening the
scope of differential privacy using metrics*, PETS 2013; Andrés et al., *Geo-indistinguishability*,
CCS 2013).  A randomizer ``A`` on ``X`` is private with factor ``α`` per unit of ``d`` when ``A(y |
x) ≤ α^{d(x, x')} A(y | x')`` for all ``x, x', y`` (the paper writes ``e^{α₀ d}``: our ``α =
e^{α₀}``; the worst event is a single output). :func:`item_privacy` checks it exactly: for ``d =
a/b`` the inequality is the integer one ``(A(y|x)/A(y|x'))^b ≤ α^a``.  The randomizers here:
:func:`clamped_geometric` (a discrete Laplace on ``{0, …, k−1}``) and :func:`exponential_mechanism`
on a finite metric.  On the real line, :mod:`dplab.mechanisms.laplace` with scale ``b`` is private
with factor ``e^{1/b}`` per unit of ``|x − x'|``: its density ratio is ``e^{(|z − x'| − |z − x|)/b}
≤ e^{|x − x'|/b}`` (the triangle inequality), so ``b = dplab.mechanisms.laplace.scale_for(1, α₀)``
gives ``e^{α₀}`` per unit (the one-dimensional case of the planar Laplace of
geo-indistinguishability).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from numbers import Integral
from typing import cast

import numpy as np
from scipy import sparse
from scipy.optimize import linear_sum_assignment, linprog

from dplab._exact import EXACT_POWER_BITS, compare_power, per_unit
from dplab._validation import check_callable, check_int, check_rational, exact_fraction, shown
from dplab.finite import FiniteChannel, RationalLike, check_alpha, check_channel

__all__ = [
    "MAX_DATASET_SIZE",
    "MAX_MATRIX_SIZE",
    "MAX_UNIVERSE",
    "Flow",
    "ItemPrivacy",
    "TransportPlan",
    "check_metric",
    "clamped_geometric",
    "emd",
    "emd_matching",
    "emd_plan",
    "exponential_mechanism",
    "input_emd",
    "item_privacy",
]

MAX_MATRIX_SIZE = 200
"""Largest number of rows of a distance matrix (the triangle check is ``n³``)."""

MAX_DATASET_SIZE = 100_000
"""Largest dataset, and largest ``lcm(|K|, |K'|)`` (the integer supplies of the plan)."""

MAX_UNIVERSE = 100
"""Largest ``k`` of :func:`clamped_geometric` and :func:`exponential_mechanism` (``k²``
exact weights over a denominator of about ``k·bits(p)`` bits; :func:`item_privacy` then
compares ``k³`` ratios, about 0.3 s at this limit and 1.5 s at ``k = 200``)."""

Distance = Sequence[Sequence[object]] | Callable[[Hashable, Hashable], object] | None

# Scaled integer costs must be exact in a double for the solver to see them as they are.
_SOLVER_EXACT_COST = 2**52


# --- numbers ------------------------------------------------------------------------------


def _exact_value(name: str, value: object) -> tuple[Fraction, bool]:
    """``value`` as an exact Fraction, and whether it was a float (float policy)."""
    numeric = Integral | Fraction | Decimal | float | np.floating | np.integer
    if isinstance(value, bool) or not isinstance(value, numeric):
        raise TypeError(
            f"{name} must be a real number (int, Fraction, Decimal or float); "
            f"got {shown(value)} of type {type(value).__name__}"
        )
    inexact = isinstance(value, float | np.floating)
    try:
        return exact_fraction(name, value), inexact
    except ValueError:
        raise ValueError(f"{name} must be a finite real number; got {shown(value)}") from None


def _result(value: Fraction, inexact: bool) -> Fraction | float:
    if not inexact:
        return value
    try:
        return float(value)
    except OverflowError:
        raise ValueError(
            f"the distance {shown(value)} computed from float inputs (a, b or distance) is "
            f"beyond the double range ±1.8e308; pass exact numbers (int, Fraction, Decimal)"
        ) from None


# --- datasets and metrics -----------------------------------------------------------------


def _dataset(name: str, items: object) -> tuple[Hashable, ...]:
    if isinstance(items, str | bytes | Decimal) or not isinstance(items, Sequence | np.ndarray):
        raise TypeError(
            f"{name} must be a sequence of items (a user dataset); got {shown(items)} "
            f"of type {type(items).__name__}"
        )
    if len(items) == 0:
        raise ValueError(f"{name} must hold at least one item (a user dataset); got none")
    if len(items) > MAX_DATASET_SIZE:
        raise ValueError(
            f"{name} must hold at most MAX_DATASET_SIZE = {MAX_DATASET_SIZE} items; "
            f"got {len(items)}"
        )
    return tuple(items.tolist() if isinstance(items, np.ndarray) else items)


def _check_sizes(a: tuple[Hashable, ...], b: tuple[Hashable, ...]) -> int:
    common = math.lcm(len(a), len(b))
    if common > MAX_DATASET_SIZE:
        raise ValueError(
            f"lcm(len(a), len(b)) = {common} exceeds MAX_DATASET_SIZE = {MAX_DATASET_SIZE} "
            f"(the plan's integer supplies); got sizes {len(a)} and {len(b)}"
        )
    return common


def check_metric(distance: Sequence[Sequence[object]]) -> tuple[tuple[Fraction, ...], ...]:
    """Validate a square distance matrix as a metric; return it as exact Fractions.

    Required: a square matrix of finite real numbers (at most :data:`MAX_MATRIX_SIZE`
    rows) with a zero diagonal, positive entries off the diagonal, symmetry and the
    triangle inequality ``d[i][j] ≤ d[i][l] + d[l][j]``.  Each failure is a ``ValueError``
    that names the property and the entries that break it.

    >>> check_metric([[0, 1], [1, 0]])
    ((Fraction(0, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1)))
    >>> check_metric([[0, 1, 5], [1, 0, 1], [5, 1, 0]])
    Traceback (most recent call last):
    ...
    ValueError: distance breaks the triangle inequality: distance[0][2] = 5 > distance[0][1] + distance[1][2] = 2
    """  # noqa: E501
    return _metric_matrix(distance)[0]


def _metric_matrix(distance: object) -> tuple[tuple[tuple[Fraction, ...], ...], bool]:
    if isinstance(distance, str | bytes) or not isinstance(distance, Sequence | np.ndarray):
        raise TypeError(
            f"distance must be a square matrix (a sequence of rows), a callable or None; "
            f"got {shown(distance)} of type {type(distance).__name__}"
        )
    size = len(distance)
    if size == 0 or size > MAX_MATRIX_SIZE:
        raise ValueError(
            f"distance must have between 1 and MAX_MATRIX_SIZE = {MAX_MATRIX_SIZE} rows; got {size}"
        )
    rows = list(distance)
    matrix, inexact = [], False
    for i, row in enumerate(rows):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence | np.ndarray):
            raise TypeError(f"distance[{i}] must be a row of numbers; got {shown(row)}")
        if len(row) != size:
            raise ValueError(
                f"distance must be square: distance[{i}] has {len(row)} entries, not {size}"
            )
        exact_row = []
        for j, entry in enumerate(row):
            value, is_float = _exact_value(f"distance[{i}][{j}]", entry)
            inexact |= is_float
            exact_row.append(value)
        matrix.append(tuple(exact_row))
    _check_metric_axioms(matrix, "distance", lambda i: f"[{i}]")
    return tuple(matrix), inexact


def _check_metric_axioms(
    matrix: Sequence[Sequence[Fraction]], name: str, index: Callable[[int], str]
) -> None:
    size = len(matrix)

    def at(i: int, j: int) -> str:
        return f"{name}{index(i)}{index(j)}"

    for i in range(size):
        if matrix[i][i] != 0:
            raise ValueError(f"{name} must have a zero diagonal; got {at(i, i)} = {matrix[i][i]}")
        for j in range(size):
            if matrix[i][j] < 0:
                raise ValueError(f"{name} must be non-negative; got {at(i, j)} = {matrix[i][j]}")
            if matrix[i][j] != matrix[j][i]:
                raise ValueError(
                    f"{name} must be symmetric; got {at(i, j)} = {matrix[i][j]} but "
                    f"{at(j, i)} = {matrix[j][i]}"
                )
            if i != j and matrix[i][j] == 0:
                raise ValueError(
                    f"{name} must be positive off the diagonal (a metric separates points: "
                    f"merge equal items); got {at(i, j)} = 0"
                )
    # Triangle inequality, exactly: integers over the common denominator, numpy for speed.
    denominator = math.lcm(*(value.denominator for row in matrix for value in row))
    scaled = [[int(value * denominator) for value in row] for row in matrix]
    largest = max(max(row) for row in scaled)
    array = np.array(scaled, dtype=np.int64 if 2 * largest < 2**62 else object)
    for middle in range(size):
        through = array[:, middle : middle + 1] + array[middle : middle + 1, :]
        broken = np.argwhere(array > through)
        if len(broken):
            i, j = (int(v) for v in broken[0])
            raise ValueError(
                f"{name} breaks the triangle inequality: {at(i, j)} = {matrix[i][j]} > "
                f"{at(i, middle)} + {at(middle, j)} = {matrix[i][middle] + matrix[middle][j]}"
            )


# --- the transport problem ----------------------------------------------------------------


@dataclass(frozen=True)
class Flow:
    """Mass ``mass`` of the optimal coupling moved from item ``source`` to item ``target``."""

    source: Hashable
    target: Hashable
    mass: Fraction
    distance: Fraction | float


@dataclass(frozen=True)
class TransportPlan:
    """An optimal coupling of ``u_a`` and ``u_b`` and its cost ``d_EM(a, b)``.

    ``flows`` lists the pairs of distinct items with positive mass (exact masses summing to
    1).  ``certified`` is ``True`` when the plan's optimality was proved by the exact dual
    certificate (finite metrics); on a line the monotone coupling is optimal by theorem.
    ``source_potentials`` and ``target_potentials`` are those exact duals (per distinct
    item, in units of the distance), empty on a line.
    """

    cost: Fraction | float
    flows: tuple[Flow, ...]
    certified: bool
    source_potentials: tuple[tuple[Hashable, Fraction], ...] = ()
    target_potentials: tuple[tuple[Hashable, Fraction], ...] = ()


@dataclass(frozen=True)
class _Problem:
    sources: tuple[Hashable, ...]  # distinct items of a, in first-seen order
    targets: tuple[Hashable, ...]
    supplies: tuple[int, ...]  # L·mult/|a|, integers
    demands: tuple[int, ...]
    costs: tuple[tuple[int, ...], ...]  # distances × scale, integers
    scale: int  # common denominator of the distances
    total: int  # L
    inexact: bool


def _distinct(items: tuple[Hashable, ...]) -> tuple[tuple[Hashable, ...], tuple[int, ...]]:
    counts = Counter(items)
    return tuple(counts), tuple(counts.values())


_Matrix = tuple[tuple[tuple[Fraction, ...], ...], bool]  # rows of exact distances, inexact


def _problem(
    a: tuple[Hashable, ...],
    b: tuple[Hashable, ...],
    distance: Distance,
    matrix: _Matrix | None = None,
) -> _Problem:
    """The integer transport problem of ``a`` and ``b`` under a matrix or callable metric."""
    total = _check_sizes(a, b)
    sources, source_counts = _distinct(a)
    targets, target_counts = _distinct(b)
    inexact = False
    if callable(distance):
        _check_distance_function(distance)
        items = list(dict.fromkeys(sources + targets))
        lookup: dict[tuple[Hashable, Hashable], Fraction] = {}
        table = []
        for x in items:
            row = []
            for y in items:
                value, is_float = _exact_value(f"distance({x!r}, {y!r})", distance(x, y))
                inexact |= is_float
                lookup[(x, y)] = value
                row.append(value)
            table.append(row)
        _check_metric_axioms(table, "distance", lambda i: f"[{items[i]!r}]")

        def entry(x: Hashable, y: Hashable) -> Fraction:
            return lookup[(x, y)]
    else:
        rows, inexact = _metric_matrix(distance) if matrix is None else matrix
        for name, dataset in (("a", sources), ("b", targets)):
            for item in dataset:
                if (
                    isinstance(item, bool)
                    or not isinstance(item, Integral)
                    or not 0 <= int(item) < len(rows)
                ):
                    raise ValueError(
                        f"{name} must hold row indices of distance (integers in "
                        f"[0, {len(rows) - 1}]); got {shown(item)}"
                    )

        def entry(x: Hashable, y: Hashable) -> Fraction:
            return rows[cast(int, x)][cast(int, y)]  # checked above: row indices

    exact = [[entry(x, y) for y in targets] for x in sources]
    scale = math.lcm(*(value.denominator for row in exact for value in row))
    costs = tuple(tuple(int(value * scale) for value in row) for row in exact)
    supplies = tuple(count * (total // len(a)) for count in source_counts)
    demands = tuple(count * (total // len(b)) for count in target_counts)
    return _Problem(sources, targets, supplies, demands, costs, scale, total, inexact)


def _check_distance_function(distance: Callable[..., object]) -> None:
    check_callable("distance", distance, 2, "a function d(x, y) of two items")


def _solve(
    problem: _Problem, equal_sizes: bool, a: tuple[Hashable, ...], b: tuple[Hashable, ...]
) -> list[list[int]]:
    """An integer plan from SciPy (not yet trusted: see :func:`_certify`)."""
    largest = max(max(row) for row in problem.costs)
    if largest >= _SOLVER_EXACT_COST:  # c / largest: correctly rounded for integers of any size
        floats = np.array([[c / largest for c in row] for row in problem.costs])
    else:
        floats = np.array(problem.costs, dtype=np.float64)
    plan = [[0] * len(problem.targets) for _ in problem.sources]
    if equal_sizes:
        source_index = {x: i for i, x in enumerate(problem.sources)}
        target_index = {y: j for j, y in enumerate(problem.targets)}
        rows = [source_index[x] for x in a]
        columns = [target_index[y] for y in b]
        positions = floats[np.ix_(rows, columns)]
        for s, t in zip(*linear_sum_assignment(positions), strict=True):
            plan[rows[s]][columns[t]] += 1
        return plan
    n_sources, n_targets = len(problem.sources), len(problem.targets)
    cells = np.arange(n_sources * n_targets)
    # Row i: the cells of source i (sums to its supply); row n_sources + j: target j's cells.
    equalities = sparse.csr_array(
        (
            np.ones(2 * len(cells)),
            (
                np.concatenate([cells // n_targets, n_sources + cells % n_targets]),
                np.tile(cells, 2),
            ),
        ),
        shape=(n_sources + n_targets, len(cells)),
    )
    result = linprog(
        floats.ravel(),
        A_eq=equalities,
        b_eq=np.array(problem.supplies + problem.demands, dtype=np.float64),
        bounds=(0, None),
        method="highs-ds",
    )
    if result.status != 0:  # pragma: no cover - a transport problem is always feasible
        raise ArithmeticError(f"scipy.optimize.linprog failed on the transport problem: {result}")
    for index, value in enumerate(result.x):
        plan[index // n_targets][index % n_targets] = round(value)
    return plan


def _certify(problem: _Problem, plan: list[list[int]]) -> tuple[list[int], list[int]]:
    """Exact optimal duals of ``plan`` (module docstring), or ``ArithmeticError``."""
    n_sources, n_targets = len(problem.sources), len(problem.targets)
    feasible = all(sum(plan[i]) == problem.supplies[i] for i in range(n_sources)) and all(
        sum(plan[i][j] for i in range(n_sources)) == problem.demands[j] for j in range(n_targets)
    )
    if not feasible or any(x < 0 for row in plan for x in row):
        raise ArithmeticError("the solver's plan is not an exact feasible transport plan")
    costs = problem.costs
    # Nodes: sources 0..n_sources-1, targets n_sources..; φ starts at 0 (virtual source).
    edges = [(i, n_sources + j, costs[i][j]) for i in range(n_sources) for j in range(n_targets)]
    edges += [
        (n_sources + j, i, -costs[i][j])
        for i in range(n_sources)
        for j in range(n_targets)
        if plan[i][j] > 0
    ]
    potential = [0] * (n_sources + n_targets)
    for _ in range(n_sources + n_targets + 1):
        changed = False
        for start, end, weight in edges:
            if potential[start] + weight < potential[end]:
                potential[end] = potential[start] + weight
                changed = True
        if not changed:
            break
    else:
        raise ArithmeticError(
            "the solver's plan is not optimal (a negative cycle remains); the distances "
            "differ below double resolution"
        )
    source_duals = [-potential[i] for i in range(n_sources)]
    target_duals = [potential[n_sources + j] for j in range(n_targets)]
    primal = 0
    for i in range(n_sources):
        for j in range(n_targets):
            reduced = costs[i][j] - source_duals[i] - target_duals[j]
            if reduced < 0 or (plan[i][j] > 0 and reduced != 0):  # pragma: no cover
                raise ArithmeticError("the recovered duals fail the exact optimality check")
            primal += plan[i][j] * costs[i][j]
    dual = sum(s * u for s, u in zip(problem.supplies, source_duals, strict=True)) + sum(
        d * v for d, v in zip(problem.demands, target_duals, strict=True)
    )
    if dual != primal:  # pragma: no cover - implied by the checks above
        raise ArithmeticError("the dual objective differs from the plan's cost")
    return source_duals, target_duals


def _line_items(name: str, items: tuple[Hashable, ...]) -> tuple[list[Fraction], bool]:
    values, inexact = [], False
    for index, item in enumerate(items):
        value, is_float = _exact_value(f"{name}[{index}]", item)
        values.append(value)
        inexact |= is_float
    return values, inexact


def _line_plan(
    a: tuple[Hashable, ...], b: tuple[Hashable, ...]
) -> tuple[list[tuple[Hashable, Hashable, Fraction, Fraction]], bool]:
    """The monotone coupling on the line: (item of a, item of b, mass, exact |x − y|)."""
    xs, inexact_a = _line_items("a", a)
    ys, inexact_b = _line_items("b", b)
    left_items = sorted(zip(xs, a, strict=True), key=lambda pair: pair[0])
    right_items = sorted(zip(ys, b, strict=True), key=lambda pair: pair[0])
    flows: dict[tuple[Fraction, Fraction], tuple[Hashable, Hashable, Fraction]] = {}  # |x − y|
    masses: dict[tuple[Fraction, Fraction], Fraction] = {}
    i = j = 0
    left_a, left_b = Fraction(1, len(xs)), Fraction(1, len(ys))
    while i < len(xs) and j < len(ys):
        moved = min(left_a, left_b)
        (x, x_item), (y, y_item) = left_items[i], right_items[j]
        if (x, y) not in flows:
            flows[(x, y)], masses[(x, y)] = (x_item, y_item, abs(x - y)), Fraction(0)
        masses[(x, y)] += moved
        left_a -= moved
        left_b -= moved
        if left_a == 0:
            i, left_a = i + 1, Fraction(1, len(xs))
        if left_b == 0:
            j, left_b = j + 1, Fraction(1, len(ys))
    plan = [(x_item, y_item, masses[key], gap) for key, (x_item, y_item, gap) in flows.items()]
    return plan, inexact_a or inexact_b


def _line_emd(a: tuple[Hashable, ...], b: tuple[Hashable, ...]) -> tuple[Fraction, bool]:
    """``∫ |F_a − F_b|`` exactly: between consecutive points both CDFs are constant."""
    xs, inexact_a = _line_items("a", a)
    ys, inexact_b = _line_items("b", b)
    events = sorted([(x, len(ys)) for x in xs] + [(y, -len(xs)) for y in ys])
    # gap·|a||b| = |b|·#{x ≤ t} − |a|·#{y ≤ t}, an integer, so one division at the end.
    total, gap = Fraction(0), 0
    for (point, step), (following, _) in pairwise(events):
        gap += step
        total += abs(gap) * (following - point)
    return Fraction(total) / (len(xs) * len(ys)), inexact_a or inexact_b


def emd(a: Sequence[object], b: Sequence[object], distance: Distance = None) -> Fraction | float:
    """The earth mover's distance ``d_EM(a, b) = W₁(u_a, u_b)`` of two user datasets.

    ``a`` and ``b`` are sequences of items (any sizes ≥ 1; repeats count).  With
    ``distance=None`` the items are real numbers and ``d(x, y) = |x − y|``; with a square
    matrix (validated by :func:`check_metric`) the items are its row indices; a callable
    ``distance(x, y)`` is evaluated and validated on the items that occur.  Exact
    ``Fraction`` for exact inputs, float when any item or distance is a float (module
    docstring: method, certificate, limits).

    >>> emd([0, 3], [1, 2]), emd([0], [0, 3]), emd([0, 3], [0, 0, 3, 3])
    (Fraction(1, 1), Fraction(3, 2), Fraction(0, 1))
    >>> emd([0, 0, 2], [1, 2], [[0, 1, 2], [1, 0, 1], [2, 1, 0]]) == emd([0, 0, 2], [1, 2])
    True
    >>> emd([0.5], [0])
    0.5
    """
    a, b = _dataset("a", a), _dataset("b", b)
    if distance is None:
        value, inexact = _line_emd(a, b)
        return _result(value, inexact)
    return emd_plan(a, b, distance).cost


def emd_plan(a: Sequence[object], b: Sequence[object], distance: Distance = None) -> TransportPlan:
    """An optimal coupling of ``u_a`` and ``u_b`` with exact masses, and its cost.

    For a finite metric the plan comes from SciPy and is proved optimal by exact duals
    (module docstring); on a line it is the monotone coupling.

    >>> plan = emd_plan([0, 3], [1, 2])
    >>> [(f.source, f.target, f.mass) for f in plan.flows], plan.cost
    ([(0, 1, Fraction(1, 2)), (3, 2, Fraction(1, 2))], Fraction(1, 1))
    >>> plan = emd_plan([0], [1, 2], [[0, 1, 2], [1, 0, 1], [2, 1, 0]])
    >>> [(f.source, f.target, f.mass) for f in plan.flows], plan.cost, plan.certified
    ([(0, 1, Fraction(1, 2)), (0, 2, Fraction(1, 2))], Fraction(3, 2), True)
    """
    a, b = _dataset("a", a), _dataset("b", b)
    if distance is None:
        _check_sizes(a, b)
        moves, inexact = _line_plan(a, b)
        flows = tuple(Flow(x, y, mass, _result(gap, inexact)) for x, y, mass, gap in moves)
        cost = sum((mass * gap for _, _, mass, gap in moves), Fraction(0))
        return TransportPlan(_result(cost, inexact), flows, certified=False)
    return _certified_plan(_problem(a, b, distance), a, b)


def _certified_plan(
    problem: _Problem, a: tuple[Hashable, ...], b: tuple[Hashable, ...]
) -> TransportPlan:
    plan = _solve(problem, len(a) == len(b), a, b)
    source_duals, target_duals = _certify(problem, plan)
    unit = problem.scale * problem.total
    flows = []
    cost = 0
    for i, x in enumerate(problem.sources):
        for j, y in enumerate(problem.targets):
            if plan[i][j]:
                cost += plan[i][j] * problem.costs[i][j]
                flows.append(
                    Flow(
                        x,
                        y,
                        Fraction(plan[i][j], problem.total),
                        _result(Fraction(problem.costs[i][j], problem.scale), problem.inexact),
                    )
                )
    return TransportPlan(
        _result(Fraction(cost, unit), problem.inexact),
        tuple(flows),
        certified=True,
        source_potentials=tuple(
            (x, Fraction(u, problem.scale))
            for x, u in zip(problem.sources, source_duals, strict=True)
        ),
        target_potentials=tuple(
            (y, Fraction(v, problem.scale))
            for y, v in zip(problem.targets, target_duals, strict=True)
        ),
    )


def emd_matching(
    a: Sequence[object], b: Sequence[object], distance: Distance = None
) -> tuple[tuple[int, int], ...]:
    """An optimal perfect matching of two datasets of equal size ``m``, as position pairs.

    ``(i, j)`` pairs item ``a[i]`` with ``b[j]``; every position occurs once, and
    ``d_EM(a, b) = (1/m) Σ d(a[i], b[j])`` over the pairs (Birkhoff–von Neumann).  The
    matching is read off the certified integer plan of :func:`emd_plan`.

    >>> emd_matching([3, 0], [1, 2])
    ((0, 1), (1, 0))
    """
    a, b = _dataset("a", a), _dataset("b", b)
    if len(a) != len(b):
        raise ValueError(
            f"a and b must have the same size for a perfect matching; got {len(a)} and {len(b)}"
        )
    plan = emd_plan(a, b, distance)
    a_key: list[Hashable]
    b_key: list[Hashable]
    if distance is None:
        a_key = [_exact_value("a", x)[0] for x in a]
        b_key = [_exact_value("b", y)[0] for y in b]
    else:
        a_key, b_key = list(a), list(b)
    waiting: dict[Hashable, list[int]] = {}
    for j, key in enumerate(b_key):
        waiting.setdefault(key, []).append(j)
    # Each flow of mass c/m pairs c copies of its source with c copies of its target.
    remaining = {(f.source, f.target): round(f.mass * len(a)) for f in plan.flows}
    pairs = []
    for i, key in enumerate(a_key):
        for (source, target), count in remaining.items():
            if source == key and count > 0:
                remaining[(source, target)] -= 1
                pairs.append((i, waiting[target].pop()))
                break
    return tuple(pairs)


# --- item-level randomizers ---------------------------------------------------------------


def _check_universe(name: str, k: object) -> int:
    return check_int(name, k, low=2, high=MAX_UNIVERSE)


def _all_pairs(size: int) -> list[tuple[int, int]]:
    return [(x, y) for x in range(size) for y in range(size) if x != y]


def clamped_geometric(k: int, p: RationalLike) -> FiniteChannel:
    r"""The clamped two-sided geometric randomizer on ``{0, …, k−1}`` (a discrete Laplace).

    With ``0 ≤ p ≤ 1`` (read exactly, float policy of :mod:`dplab._validation`):

        A(y | x) = (1−p)/(1+p) · p^{|y−x|}   for 0 < y < k−1,
        A(0 | x) = p^x/(1+p),    A(k−1 | x) = p^{k−1−x}/(1+p)

    (the two-sided geometric ``P(z) ∝ p^{|z|}`` added to ``x`` and clamped to the ends, as
    in the examples of ``dplab/userlevel/DERIVATIONS.md`` §11; Ghosh, Roughgarden &
    Sundararajan 2012 for the geometric mechanism).  **Item-level privacy**
    (``dplab/userlevel/DERIVATIONS.md`` §3): ``A(y|x) ≤ (1/p)^{|x−x'|} A(y|x')`` for all
    ``x, x', y``, i.e. factor ``α = 1/p`` per unit of ``|x − x'|`` (``α₀ = ln(1/p)``):
    inside, the ratio is ``p^{|y−x| − |y−x'|}``; at the ends ``p^{x − x'}``.  ``p = 0`` is
    the identity (no privacy), ``p = 1`` the uniform choice of an end.  ``adjacent_pairs``
    holds every ordered pair of distinct inputs.  ``2 ≤ k ≤`` :data:`MAX_UNIVERSE`.

    >>> channel = clamped_geometric(4, "1/2")
    >>> [channel.probabilities(0)[y] for y in range(4)]
    [Fraction(2, 3), Fraction(1, 6), Fraction(1, 12), Fraction(1, 12)]
    >>> item_privacy(channel, 2).passes
    True
    """
    k = _check_universe("k", k)
    p = check_rational("p", p, low=0, high=1)
    rows: dict[Hashable, list[Fraction]] = {}
    for x in range(k):
        row = []
        for y in range(k):
            if y == 0:
                row.append(p**x / (1 + p))
            elif y == k - 1:
                row.append(p ** (k - 1 - x) / (1 + p))
            else:
                row.append((1 - p) / (1 + p) * p ** abs(y - x))
        rows[x] = row
    return FiniteChannel.from_probabilities(rows, _all_pairs(k))


def exponential_mechanism(distance: Sequence[Sequence[object]], p: RationalLike) -> FiniteChannel:
    r"""The exponential mechanism on a finite metric: ``A(y | x) = p^{d(x,y)} / Z(x)``.

    ``distance`` is a metric matrix (:func:`check_metric`) with non-negative **integer**
    entries (so the weights stay exact), items are row indices, ``Z(x) = Σ_z p^{d(x,z)}``
    and ``0 < p ≤ 1``.  It is the exponential mechanism of McSherry & Talwar (2007) with
    score ``−d(x, y)`` and ``p = e^{−α₀/2}``.  **Item-level privacy:** factor ``1/p²`` per
    unit of ``d``: ``p^{d(x,y) − d(x',y)} ≤ p^{−d(x,x')}`` by the triangle inequality, and
    ``Z(x')/Z(x) ≤ p^{−d(x,x')}`` likewise.  ``adjacent_pairs`` holds every ordered pair.

    >>> channel = exponential_mechanism([[0, 1], [1, 0]], "1/2")
    >>> channel.probabilities(0), item_privacy(channel, 4, [[0, 1], [1, 0]]).passes
    ((Fraction(2, 3), Fraction(1, 3)), True)
    """
    matrix, _ = _metric_matrix(distance)
    if len(matrix) < 2:
        raise ValueError(f"distance must have at least 2 rows here; got {len(matrix)}")
    _check_universe("number of rows of distance", len(matrix))
    for i, row in enumerate(matrix):
        for j, value in enumerate(row):
            if value.denominator != 1 or value > 4 * MAX_UNIVERSE:
                raise ValueError(
                    f"distance must hold integers in [0, {4 * MAX_UNIVERSE}] for an exact "
                    f"mechanism; got distance[{i}][{j}] = {value}"
                )
    p = check_rational("p", p, low=0, high=1, low_open=True)
    rows: dict[Hashable, list[Fraction]] = {}
    for x, row in enumerate(matrix):
        weights = [p ** int(value) for value in row]
        total = sum(weights)
        rows[x] = [weight / total for weight in weights]
    return FiniteChannel.from_probabilities(rows, _all_pairs(len(matrix)))


@dataclass(frozen=True)
class ItemPrivacy:
    """The exact verdict on ``A(y|x) ≤ α^{d(x,x')} A(y|x')`` over all inputs and outputs.

    ``worst`` is ``(x, x', y)`` with the largest ``(A(y|x)/A(y|x'))^{1/d(x,x')}``;
    ``tightest`` is that value (≈, a float; ``inf`` when ``A(y|x') = 0 < A(y|x)``), the
    smallest factor per unit distance that would pass.
    """

    alpha: Fraction
    passes: bool
    worst: tuple[Hashable, Hashable, Hashable]
    tightest: float


def _input_distance(channel: FiniteChannel, distance: Distance) -> Callable[[int, int], Fraction]:
    """``d`` between the channel's inputs by position: line, matrix (by position) or callable."""
    labels = channel.inputs
    if distance is None:
        try:
            values = [_exact_value("input label", label)[0] for label in labels]
        except (TypeError, ValueError):
            raise TypeError(
                f"distance=None puts the randomizer's inputs on a line, so they must be real "
                f"numbers; got inputs {shown(labels)} (pass a distance matrix or callable)"
            ) from None
        return lambda i, j: abs(values[i] - values[j])
    table: Sequence[Sequence[Fraction]]
    if callable(distance):
        _check_distance_function(distance)
        table = [
            [_exact_value(f"distance({x!r}, {y!r})", distance(x, y))[0] for y in labels]
            for x in labels
        ]
        _check_metric_axioms(table, "distance", lambda i: f"[{labels[i]!r}]")
    else:
        table, _ = _metric_matrix(distance)
        if len(table) != len(labels):
            raise ValueError(
                f"distance must have one row per input of the randomizer ({len(labels)}); "
                f"got {len(table)}"
            )
    return lambda i, j: table[i][j]


def input_emd(
    randomizer: FiniteChannel, distance: Distance = None
) -> Callable[[tuple[int, ...], tuple[int, ...]], Fraction]:
    """``d_EM`` between datasets of the randomizer's inputs, as a function of two sorted
    tuples of input positions of equal size (positions in ``randomizer.inputs``).

    ``distance`` is the item metric ``d`` between the inputs as in :func:`item_privacy`;
    it is checked once here, so each call only solves the transport problem.  On a line
    (``distance=None``) ``d_EM(K, K') = (1/m) Σ_i |x_(i) − x'_(i)|`` over the sorted items
    (the monotone coupling); otherwise it is the certified optimum of :func:`emd_plan`.

    >>> d_em = input_emd(clamped_geometric(3, "1/2"))
    >>> d_em((0, 1), (1, 2)), d_em((0, 0), (2, 2))
    (Fraction(1, 1), Fraction(2, 1))
    """
    channel = check_channel(randomizer, "randomizer")
    between = _input_distance(channel, distance)
    size = len(channel.inputs)
    if distance is None:
        return lambda s, t: (
            sum((between(x, y) for x, y in zip(s, t, strict=True)), Fraction(0)) / len(s)
        )
    table = [[between(i, j) for j in range(size)] for i in range(size)]
    matrix = (tuple(tuple(row) for row in table), False)

    def d_em(s: tuple[Hashable, ...], t: tuple[Hashable, ...]) -> Fraction:
        return Fraction(_certified_plan(_problem(s, t, None, matrix), s, t).cost)

    return d_em


def _largest_ratio_within(
    row: np.ndarray, other: np.ndarray, outputs: np.ndarray, alpha: Fraction, d: Fraction
) -> bool:
    """Whether ``row[y]/other[y] ≤ alpha^d`` for every ``y`` in ``outputs`` (positive weights).

    The products of small powers are taken over all outputs at once (object arrays of
    Python integers); a large power is compared once, for the exact largest ratio.
    """
    p, q = row[outputs], other[outputs]
    a, b = d.numerator, d.denominator
    u, v = alpha.numerator, alpha.denominator
    if b == 1 and a * u.bit_length() <= EXACT_POWER_BITS:
        return bool(np.all(p * v**a <= u**a * q))
    best_p, best_q = 0, 1
    for weight, other_weight in zip(p, q, strict=True):
        if weight * best_q > best_p * other_weight:
            best_p, best_q = weight, other_weight
    return compare_power(best_p, best_q, alpha, d) <= 0


def item_privacy(
    randomizer: FiniteChannel, alpha: RationalLike, distance: Distance = None
) -> ItemPrivacy:
    """Check item-level metric privacy with factor ``alpha`` per unit of ``d``, exactly.

    Over every ordered pair of distinct inputs ``x, x'`` and every output ``y``:
    ``A(y|x) ≤ α^{d(x,x')} A(y|x')``, decided for ``d = a/b`` as the integer inequality
    ``A(y|x)^b · v^a ≤ u^a · A(y|x')^b`` with ``α = u/v`` (no rounding; the worst event of a
    pair is one output).  Only the largest ratio of each pair is compared, and when those
    integers would have more than 2^16 bits (a float distance: ``b ≈ 2^55``) rigorous Arb
    enclosures of ``b ln(A(y|x)/A(y|x')) − a ln α`` decide it, still exactly.
    ``distance``: ``None`` (inputs are numbers on a line), a matrix indexed by input
    position, or a callable on input labels.

    >>> item_privacy(clamped_geometric(2, "1/2"), 4, [[0, 0.5], [0.5, 0]]).passes
    True

    >>> item_privacy(clamped_geometric(4, "1/2"), "1.9").passes
    False
    >>> round(item_privacy(clamped_geometric(4, "1/2"), 2).tightest, 12)
    2.0
    """
    channel = check_channel(randomizer, "randomizer")
    alpha = check_alpha(alpha)
    between = _input_distance(channel, distance)
    weights = np.array(channel.weights, dtype=object)  # Python integers, exact products
    logs = np.array([[math.log(w) if w else -math.inf for w in row] for row in channel.weights])
    # Outputs whose double log-ratio is this close to the largest may hold the exact largest.
    tolerance = 1e-9 * (1 + float(np.abs(logs[np.isfinite(logs)]).max()))
    passes, tightest = True, 1.0
    worst: tuple[Hashable, Hashable, Hashable] = (
        channel.inputs[0],
        channel.inputs[-1],
        channel.outputs[0],
    )
    for i in range(len(weights)):
        with np.errstate(invalid="ignore"):
            gaps = logs[i] - logs  # gaps[j, y] = ln A(y|x_i) − ln A(y|x_j)
        gaps[:, logs[i] == -math.inf] = -math.inf  # outputs x_i never gives constrain nothing
        for j, row in enumerate(gaps):
            if i == j:
                continue
            top = float(row.max())
            if top == math.inf:  # A(y|x_j) = 0 < A(y|x_i)
                passes, level = False, math.inf
            else:
                d = between(i, j)
                if passes:
                    passes = _largest_ratio_within(
                        weights[i], weights[j], np.flatnonzero(row >= top - tolerance), alpha, d
                    )
                exponent = per_unit(top, d)
                level = math.exp(exponent) if exponent < 709 else math.inf
            if level > tightest:
                tightest = level
                worst = (channel.inputs[i], channel.inputs[j], channel.outputs[int(row.argmax())])
    return ItemPrivacy(alpha, passes, worst, tightest)
