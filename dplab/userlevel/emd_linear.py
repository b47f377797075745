"""PrivEMDLinear: a linear query of one user's items under d_EM-DP, with ℓ₂ K-norm noise.

Source: Imola, Roy Chowdhury & Chaudhuri, "Metric Differential Privacy at the User-Level
via the Earth-Mover's Distance", ACM CCS 2024 (arXiv:2405.02665), the linear-query
mechanism; the K-norm mechanism is Hardt & Talwar, "On the Geometry of Differential
Privacy", STOC 2010.  The proofs below are the course's own, not the paper's
(``dplab/userlevel/DERIVATIONS.md`` §4, §5 and §6).

**Notation.**  The course writes α for the factor ``e^ε``.  The paper's metric parameter
(its α, a privacy budget *per unit of distance*) is ``epsilon`` here: a mechanism ``M`` on
user datasets is ε-d_EM-DP when, for all user datasets ``K, K'`` and every event ``S``,

    P(M(K) ∈ S) ≤ e^{ε·d_EM(K, K')} · P(M(K') ∈ S) = α^{d_EM(K, K')} · P(M(K') ∈ S),

with ``d_EM(K, K')`` the Earth Mover's distance (W₁ between the uniform distributions on
the two datasets' items, see :func:`dplab.userlevel.metric.emd`).

**The query and its sensitivity.**  For ``f: X → ℝ^d`` that is ``l``-Lipschitz,
``‖f(x) − f(x')‖₂ ≤ l·d_X(x, x')``, the query is the mean ``q_f(K) = (1/|K|) Σ_{x∈K} f(x)``
(:func:`linear_query`).  *Lemma:* ``‖q_f(K) − q_f(K')‖₂ ≤ l·d_EM(K, K')``.  *Proof:* let π
be an optimal coupling of the two uniform distributions; both means are expectations
under π, so ``q_f(K) − q_f(K') = E_π[f(x) − f(x')]``, whose norm is at most
``E_π‖f(x) − f(x')‖₂ ≤ l·E_π d_X(x, x') = l·d_EM(K, K')`` (Jensen, then Lipschitz).  The
bound is attained when every item moves the same way along a direction where ``f`` is
linear with slope ``l`` (``K = (0, 0)``, ``K' = (1, 1)``, ``f(x) = x``: 1 = 1·1).

**The mechanism.**  Release ``q + g·U`` with ``U`` uniform on the unit sphere of ``ℝ^d`` and
``g ~ Gamma(shape d, scale b)``: this is the density ``∝ exp(−‖z − q‖₂ / b)`` (in polar
coordinates the radius has density ``∝ r^{d−1} e^{−r/b}``), the ℓ₂ K-norm mechanism; for
``d = 1`` it is Laplace(b).  *Privacy:* for every output ``z`` the density ratio is
``exp((‖z − q'‖ − ‖z − q‖)/b) ≤ exp(‖q − q'‖/b)`` (triangle inequality), so every event's
probability ratio is at most ``exp(‖q − q'‖/b)``.

* *Local model* (each user releases their own query): ``b = l/ε``; by the lemma the ratio
  is at most ``exp(l·d_EM/b) = e^{ε·d_EM}``: pure ε-d_EM-DP.
* *Central model* (n users, the curator releases the average ``Q(D) = (1/n) Σ_i q_f(K_i)``,
  neighbours change one user's dataset): ``‖Q(D) − Q(D')‖ ≤ (l/n)·d_EM(K_i, K_i')``, so
  ``b = l/(ε n)`` gives the same guarantee.

**Error.**  ``‖noise‖₂ = g``, and a Gamma(d, b) variable has ``E g = d b`` and
``E g² = d(d + 1) b²``.  So the expected error of one release is ``d·l/ε`` (local) or
``d·l/(ε n)`` (central), and an analyst who averages the n local releases has mean squared
error ``d(d + 1) l² / (ε² n)`` (independent, mean-zero noises).

**The user-level DP baseline.**  User-level DP (any change of one user's whole dataset)
needs the sensitivity over *all* pairs of datasets, ``sup ‖q_f(K) − q_f(K')‖ ≤ l·diam(X)``,
so the same mechanism with ``l·diam`` in place of ``l`` and the user-level ε: error
``d·l·diam/ε_user`` (local; divided by n centrally).  The ratio of the two errors is
``ε_user / (ε·diam)`` (:func:`error_ratio`): at ``ε = ε_user`` and ``diam = 1`` they coincide,
and d_EM-DP is more accurate exactly when ``ε·diam > ε_user``.  That is the point of the
metric definition: ε may be chosen larger than a user-level budget, because datasets that
are close in d_EM still get a factor near 1, while a change across the whole space is
protected only by ``e^{ε·diam}``.

**Exactness.**  The error formulas take their arguments exactly (the float policy of
:mod:`dplab._validation`) and return Fractions; :func:`sample` draws floats from a seeded
NumPy generator, so the same seed gives the same draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from numbers import Real

import numpy as np

from dplab._validation import (
    check_callable,
    check_int,
    check_rational,
    check_real,
    exact_fraction,
    shown,
)
from dplab.finite import RationalLike

__all__ = [
    "MAX_DIMENSION",
    "MODELS",
    "error_ratio",
    "expected_error",
    "expected_squared_error",
    "linear_query",
    "local_average_squared_error",
    "noise_scale",
    "sample",
    "user_level_expected_error",
]

MODELS = ("local", "central")

# Items per dataset and users beyond these are refused: the exact sums would be slow and
# no lesson or check needs more.
_MAX_ITEMS = 100_000
MAX_DIMENSION = 10_000
_MAX_DRAWS = 10_000_000


def _check_model(model: object, users: object) -> int:
    if model not in MODELS:
        raise ValueError(f"model must be one of {MODELS}; got {shown(model)}")
    count = check_int("users", users, low=1, high=10**12)
    if model == "local" and count != 1:
        raise ValueError(
            f"users must be 1 in the local model (each user releases their own query); "
            f"got {shown(users)}; use model='central' for the curator's average over users"
        )
    return count


def noise_scale(
    lipschitz: RationalLike, epsilon: RationalLike, *, model: str = "local", users: int = 1
) -> Fraction:
    """The Gamma scale ``b`` of the K-norm noise: ``l/ε`` (local) or ``l/(ε n)`` (central).

    >>> noise_scale(1, "0.5"), noise_scale(2, 1, model="central", users=100)
    (Fraction(2, 1), Fraction(1, 50))
    """
    count = _check_model(model, users)
    slope = check_rational("lipschitz", lipschitz, low=0, low_open=True)
    budget = check_rational("epsilon", epsilon, low=0, low_open=True)
    return slope / (budget * count)


def expected_error(
    lipschitz: RationalLike,
    epsilon: RationalLike,
    dimension: int,
    *,
    model: str = "local",
    users: int = 1,
) -> Fraction:
    """``E‖noise‖₂ = d·b``: the expected ℓ₂ error of one release (``b`` = :func:`noise_scale`).

    >>> expected_error(1, 1, 3), expected_error(1, 2, 1, model="central", users=10)
    (Fraction(3, 1), Fraction(1, 20))
    """
    d = check_int("dimension", dimension, low=1, high=MAX_DIMENSION)
    return d * noise_scale(lipschitz, epsilon, model=model, users=users)


def expected_squared_error(
    lipschitz: RationalLike,
    epsilon: RationalLike,
    dimension: int,
    *,
    model: str = "local",
    users: int = 1,
) -> Fraction:
    """``E‖noise‖₂² = d(d + 1)·b²`` for one release.

    >>> expected_squared_error(1, 1, 1)  # Laplace(1): E Z² = 2
    Fraction(2, 1)
    """
    d = check_int("dimension", dimension, low=1, high=MAX_DIMENSION)
    return d * (d + 1) * noise_scale(lipschitz, epsilon, model=model, users=users) ** 2


def local_average_squared_error(
    lipschitz: RationalLike, epsilon: RationalLike, dimension: int, users: int
) -> Fraction:
    """Mean squared error ``d(d + 1) l² / (ε² n)`` of the average of n local releases.

    The n noises are independent with mean zero, so the squared error of their average is
    ``(1/n²) Σ_i E‖noise_i‖² = E‖noise‖²/n``.

    >>> local_average_squared_error(1, 1, 1, 4)
    Fraction(1, 2)
    """
    count = check_int("users", users, low=1, high=10**12)
    return expected_squared_error(lipschitz, epsilon, dimension) / count


def user_level_expected_error(
    lipschitz: RationalLike,
    diameter: RationalLike,
    epsilon: RationalLike,
    dimension: int,
    *,
    model: str = "local",
    users: int = 1,
) -> Fraction:
    """The user-level DP baseline: the same mechanism at sensitivity ``l·diam(X)``.

    ``epsilon`` here is the user-level budget: any change of one user's whole dataset
    costs at most the factor ``e^ε``.

    >>> user_level_expected_error(1, 1, 1, 2) == expected_error(1, 1, 2)
    True
    """
    width = check_rational("diameter", diameter, low=0, low_open=True)
    slope = check_rational("lipschitz", lipschitz, low=0, low_open=True)
    return expected_error(slope * width, epsilon, dimension, model=model, users=users)


def error_ratio(
    epsilon: RationalLike, user_epsilon: RationalLike, diameter: RationalLike = 1
) -> Fraction:
    """Expected error of PrivEMDLinear over that of the user-level baseline:
    ``ε_user / (ε · diam)``, in both models and every dimension (the factors ``d``, ``l``
    and ``n`` cancel).  Below 1 the d_EM-DP release is more accurate; the two are equal at
    ``ε = ε_user / diam``.

    >>> error_ratio(4, 1)
    Fraction(1, 4)
    """
    budget = check_rational("epsilon", epsilon, low=0, low_open=True)
    user_budget = check_rational("user_epsilon", user_epsilon, low=0, low_open=True)
    width = check_rational("diameter", diameter, low=0, low_open=True)
    return user_budget / (budget * width)


def linear_query(
    items: Sequence[object], f: Callable[[object], object]
) -> tuple[Fraction, ...] | tuple[float, ...]:
    """``q_f(K) = (1/|K|) Σ_{x∈K} f(x)`` as a tuple of d coordinates.

    ``f`` returns a real number (d = 1) or a sequence of d reals.  Exact values (ints,
    Fractions, decimal strings) give Fractions; floats give floats (their exact sum,
    rounded once).

    >>> linear_query([0, 1, 1], lambda x: x)
    (Fraction(2, 3),)
    >>> linear_query([0, 2], lambda x: (x, x * x))
    (Fraction(1, 1), Fraction(2, 1))
    """
    if isinstance(items, str | bytes) or not isinstance(items, Sequence):
        raise TypeError(f"items must be a sequence of items; got {shown(items)}")
    if not 1 <= len(items) <= _MAX_ITEMS:
        raise ValueError(
            f"items must hold between 1 and {_MAX_ITEMS} items (a user's dataset is never "
            f"empty); got {len(items)}"
        )
    check_callable("f", f, 1, "a function of one item returning a real number or d reals")
    rows = [_coordinates(f(item), item) for item in items]
    widths = {len(row) for row in rows}
    if len(widths) != 1:
        raise ValueError(f"f must return the same dimension for every item; got {sorted(widths)}")
    exact = all(not isinstance(value, float) for row in rows for value in row)
    columns = zip(*rows, strict=True)
    if exact:
        return tuple(sum(column, Fraction(0)) / len(rows) for column in columns)
    return tuple(float(sum(map(Fraction, column)) / len(rows)) for column in columns)


def _coordinates(value: object, item: object) -> tuple[Fraction | float, ...]:
    values = value if isinstance(value, Sequence) and not isinstance(value, str) else (value,)
    if not values:
        raise ValueError(f"f must return at least one coordinate; got {shown(value)} at {item!r}")
    out: list[Fraction | float] = []
    for coordinate in values:
        if isinstance(coordinate, bool) or not isinstance(coordinate, Real | str):
            raise TypeError(f"f must return real numbers; got {shown(coordinate)} at item {item!r}")
        if isinstance(coordinate, float | np.floating):
            out.append(check_real("f(item)", float(coordinate)))
        else:
            out.append(exact_fraction("f(item)", coordinate))
    return tuple(out)


def sample(
    center: Sequence[float],
    scale: float,
    draws: int,
    seed: int,
) -> np.ndarray:
    """``draws`` releases ``center + g·U`` (``g ~ Gamma(d, scale)``, ``U`` uniform on the sphere)
    as an array of shape ``(draws, d)``, from ``numpy.random.default_rng(seed)``.

    ``U`` is a standard normal vector divided by its norm (uniform by rotation invariance).

    >>> sample([0.0], 1, 3, seed=7).shape
    (3, 1)
    """
    point = np.asarray([check_real("center", value) for value in _sequence(center)], dtype=float)
    width = check_real("scale", scale, low=0, low_open=True)
    count = check_int("draws", draws, low=1, high=_MAX_DRAWS)
    generator = np.random.default_rng(check_int("seed", seed, low=0))
    directions = generator.standard_normal((count, point.size))
    norms = np.linalg.norm(directions, axis=1, keepdims=True)
    radii = generator.gamma(shape=point.size, scale=width, size=(count, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        releases: np.ndarray = point + radii * directions / norms
    if not np.isfinite(releases).all():
        raise ValueError(
            f"scale = {shown(scale)} with center {shown(center)} gives releases beyond the "
            f"double range; scale must be small enough for float draws"
        )
    return releases


def _sequence(center: object) -> Sequence[object] | np.ndarray:
    if isinstance(center, str | bytes) or not isinstance(center, Sequence | np.ndarray):
        raise TypeError(f"center must be a sequence of d real numbers; got {shown(center)}")
    if not 1 <= len(center) <= MAX_DIMENSION:
        raise ValueError(
            f"center must have between 1 and {MAX_DIMENSION} coordinates; got {len(center)}"
        )
    return center
