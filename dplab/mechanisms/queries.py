"""Bounded real-valued queries on a fixed, public number of records.

**The model.**  A dataset is a tuple ``D = (x_1, …, x_n)`` of exactly ``n`` records, where
``n`` is public and fixed and every record lies in the public interval ``[0, B]``.  Two
datasets are *neighbours* when they differ by replacing one record with another value in
``[0, B]`` (replacement, or "bounded", adjacency; Dwork & Roth 2014, *The Algorithmic
Foundations of Differential Privacy*, §2.3).  The *global sensitivity* of a real query
``f`` is

    Δf = max |f(D) − f(D')|  over all neighbouring D, D',

the quantity that calibrates the Laplace and Gaussian mechanisms (Dwork, McSherry, Nissim &
Smith 2006, Def. 2; Dwork & Roth 2014, Def. 3.1 for ℓ₁, Def. 3.8 for ℓ₂; a real-valued
query has equal ℓ₁ and ℓ₂ sensitivity).

**The four queries and their sensitivities**, each an exact rational number:

==========  ==========================  ===========  ==================================
query       f(D)                        Δf           why it is an upper bound
==========  ==========================  ===========  ==================================
sum         Σ x_i                       B            one replaced term moves by ≤ B
mean        (Σ x_i) / n                 B / n        the sum's bound over the fixed n
count       #{i : x_i ≥ t}, 0 < t ≤ B   1            one record enters or leaves the set
constant    c                           0            f does not depend on D
==========  ==========================  ===========  ==================================

Each bound is *attained*: :meth:`BoundedQuery.neighbours` returns a neighbouring pair with
``|f(D) − f(D')| = Δf`` (all records 0, then the first replaced by ``B``), so the bound is
the exact global sensitivity, not merely an upper bound.  The count's threshold must lie in
``(0, B]``: otherwise the predicate is constant on ``[0, B]`` and the count is a constant
query.  The mean divides by the public ``n``; under add/remove adjacency the denominator
changes and this analysis does not apply.

**Validation.**  Data outside ``[0, B]`` is an error naming the record's index and value;
it is clipped into the interval only when the caller asks for it with ``clip=True``
(clipping is then part of the query, and the sensitivity above covers the clipped query).
Everything is computed in exact :class:`~fractions.Fraction` arithmetic, reading numbers by
the float policy of :mod:`dplab._validation` (a float is its exact binary value; write
``"0.1"`` for one tenth).

>>> query = mean_query(4, 1)
>>> query.sensitivity
Fraction(1, 4)
>>> pair = query.neighbours()
>>> query.evaluate(pair.neighbour) - query.evaluate(pair.dataset) == query.sensitivity
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

import numpy as np

from dplab._validation import check_int, check_rational, exact_fraction, shown
from dplab.finite import RationalLike

__all__ = [
    "MAX_RECORDS",
    "BoundedQuery",
    "NeighbouringPair",
    "QueryKind",
    "constant_query",
    "count_query",
    "mean_query",
    "sum_query",
]

QueryKind: TypeAlias = Literal["sum", "mean", "count", "constant"]

_KINDS: tuple[str, ...] = ("sum", "mean", "count", "constant")

MAX_RECORDS = 100_000
"""Largest ``n`` whose datasets are built or read (:meth:`BoundedQuery.neighbours`,
:meth:`BoundedQuery.check_data`); the sensitivity is exact for every ``n``."""


@dataclass(frozen=True)
class NeighbouringPair:
    """Two neighbouring datasets: ``neighbour`` is ``dataset`` with record ``index`` replaced.

    ``gap`` is ``|f(dataset) − f(neighbour)|`` for the query that produced the pair.
    """

    dataset: tuple[Fraction, ...]
    neighbour: tuple[Fraction, ...]
    index: int
    gap: Fraction


@dataclass(frozen=True, init=False)
class BoundedQuery:
    """A query on exactly ``n`` records in ``[0, bound]`` under replacement adjacency.

    Build one with :func:`sum_query`, :func:`mean_query`, :func:`count_query` or
    :func:`constant_query`.  ``threshold`` is used by the count only (records with value
    ``≥ threshold`` are counted) and ``constant`` by the constant query only.
    """

    kind: QueryKind
    n: int
    bound: Fraction
    threshold: Fraction | None = None
    constant: Fraction | None = None

    # The arguments are any rational (RationalLike); the fields hold them as Fractions.
    def __init__(
        self,
        kind: QueryKind,
        n: int,
        bound: RationalLike,
        threshold: RationalLike | None = None,
        constant: RationalLike | None = None,
    ) -> None:
        if kind not in _KINDS:
            raise ValueError(f"kind must be one of {', '.join(_KINDS)}; got {kind!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "n", check_int("n", n, low=1))
        exact_bound = check_rational("bound", bound, low=0, low_open=True)
        object.__setattr__(self, "bound", exact_bound)
        if kind == "count":
            exact_threshold = check_rational(
                "threshold", threshold, low=0, high=exact_bound, low_open=True
            )
            object.__setattr__(self, "threshold", exact_threshold)
        elif threshold is not None:
            raise ValueError(f"threshold is only used by the count query; got {threshold!r}")
        else:
            object.__setattr__(self, "threshold", None)
        if kind == "constant":
            object.__setattr__(self, "constant", check_rational("constant", constant))
        elif constant is not None:
            raise ValueError(f"constant is only used by the constant query; got {constant!r}")
        else:
            object.__setattr__(self, "constant", None)

    @property
    def sensitivity(self) -> Fraction:
        """The exact global sensitivity ``Δf`` (attained by :meth:`neighbours`).

        >>> sum_query(4, "1/2").sensitivity, count_query(4, 1, "0.5").sensitivity
        (Fraction(1, 2), Fraction(1, 1))
        """
        return {
            "sum": self.bound,
            "mean": self.bound / self.n,
            "count": Fraction(1),
            "constant": Fraction(0),
        }[self.kind]

    def neighbours(self) -> NeighbouringPair:
        """A neighbouring pair whose query values differ by exactly :attr:`sensitivity`.

        ``D = (0, …, 0)`` and ``D'`` replaces the first record by ``B``: the sum moves by
        ``B``, the mean by ``B/n``, the count by 1 (``0 < t ≤ B`` puts ``B`` in and ``0``
        out) and the constant by 0.

        >>> sum_query(3, 2).neighbours().neighbour
        (Fraction(2, 1), Fraction(0, 1), Fraction(0, 1))
        """
        self._check_records("neighbours()")
        dataset = (Fraction(0),) * self.n
        neighbour = (self.bound, *dataset[1:])
        gap = abs(self.evaluate(neighbour) - self.evaluate(dataset))
        return NeighbouringPair(dataset, neighbour, 0, gap)

    def _check_records(self, method: str) -> None:
        if self.n > MAX_RECORDS:
            raise ValueError(
                f"n must be at most MAX_RECORDS = {MAX_RECORDS} for {method}, which handles "
                f"the n records one by one; got {shown(self.n)} (the sensitivity holds for any n)"
            )

    def check_data(
        self, data: Sequence[RationalLike], *, clip: bool = False
    ) -> tuple[Fraction, ...]:
        """Return ``data`` as exact Fractions after checking its length and range.

        A record outside ``[0, B]`` is an error naming its index and value, unless
        ``clip=True`` asks for it to be moved to the nearest end of the interval.

        >>> sum_query(2, 1).check_data([0.25, 1.5])
        Traceback (most recent call last):
        ...
        ValueError: data[1] must be a number in [0, 1]; got 1.5 (pass clip=True to clip it)
        >>> sum_query(2, 1).check_data([0.25, 1.5], clip=True)
        (Fraction(1, 4), Fraction(1, 1))
        """
        if not isinstance(clip, bool):
            raise TypeError(f"clip must be True or False; got {clip!r}")
        self._check_records("check_data()")
        if isinstance(data, np.ndarray):
            data = data.tolist()
        if isinstance(data, str | bytes) or not isinstance(data, Sequence):
            raise TypeError(
                f"data must be a sequence of {self.n} numbers; got {type(data).__name__}"
            )
        if len(data) != self.n:
            raise ValueError(
                f"data must hold exactly n = {self.n} records (n is public and fixed); "
                f"got {len(data)}"
            )
        records = []
        for index, value in enumerate(data):
            expected = f"data[{index}] must be a number in [0, {self.bound}]"
            try:
                record = exact_fraction(f"data[{index}]", value)
            except TypeError:
                raise TypeError(f"{expected}; got {value!r}") from None
            except ValueError:
                raise ValueError(f"{expected}; got {value!r}") from None
            if not 0 <= record <= self.bound:
                if not clip:
                    raise ValueError(f"{expected}; got {value!r} (pass clip=True to clip it)")
                record = min(max(record, Fraction(0)), self.bound)
            records.append(record)
        return tuple(records)

    def evaluate(self, data: Sequence[RationalLike], *, clip: bool = False) -> Fraction:
        """The exact query value ``f(data)`` (after :meth:`check_data`).

        >>> mean_query(4, 1).evaluate([1, 0, "1/2", 0.5])
        Fraction(1, 2)
        >>> count_query(4, 1, "1/2").evaluate([1, 0, "1/2", 0.25])
        Fraction(2, 1)
        """
        records = self.check_data(data, clip=clip)
        if self.kind == "sum":
            return sum(records, Fraction(0))
        if self.kind == "mean":
            return sum(records, Fraction(0)) / self.n
        if self.kind == "count":
            threshold = self.threshold
            assert threshold is not None  # a count query always has one (__init__)
            return Fraction(sum(1 for record in records if record >= threshold))
        constant = self.constant
        assert constant is not None  # the constant query always has one (__init__)
        return constant


def sum_query(n: int, bound: RationalLike) -> BoundedQuery:
    """``Σ x_i`` over ``n`` records in ``[0, bound]``; sensitivity ``bound``.

    >>> sum_query(4, 1).sensitivity
    Fraction(1, 1)
    """
    return BoundedQuery("sum", n, bound)


def mean_query(n: int, bound: RationalLike) -> BoundedQuery:
    """``(Σ x_i) / n`` over the public, fixed ``n``; sensitivity ``bound / n``.

    >>> mean_query(32, 1).sensitivity
    Fraction(1, 32)
    """
    return BoundedQuery("mean", n, bound)


def count_query(n: int, bound: RationalLike, threshold: RationalLike) -> BoundedQuery:
    """``#{i : x_i ≥ threshold}`` with ``0 < threshold ≤ bound``; sensitivity 1.

    >>> count_query(4, 1, "0.5").sensitivity
    Fraction(1, 1)
    """
    return BoundedQuery("count", n, bound, threshold=threshold)


def constant_query(n: int, bound: RationalLike, value: RationalLike = 0) -> BoundedQuery:
    """The constant ``value``, whatever the data; sensitivity 0.

    >>> constant_query(4, 1, 3).evaluate([0, 1, 0, 1])
    Fraction(3, 1)
    """
    return BoundedQuery("constant", n, bound, constant=check_rational("value", value))
