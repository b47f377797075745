"""Views of the user-level metric DP lesson: d_EM computed several ways, the empirical CDFs
whose gap integrates to it, and exact tables of item-level privacy and of the naive bound.

Everything shown is computed by :mod:`dplab.userlevel.metric` and :mod:`dplab.userlevel.itemwise` in
exact rationals; floats appear only as marked approximations.  The lab is
:mod:`dplab.views.labs.emd`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import cast

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab.finite import FiniteChannel, RationalLike
from dplab.userlevel import itemwise, metric
from dplab.views._display import stacked_on_phones
from dplab.views._keys import keyed, series_style
from dplab.views._labels import label
from dplab.views._tables import fixed_table, with_tables, yes_no
from dplab.views.numbers import (
    EXACT_DIGITS,
    approx_text,
    fraction_decimal_text,
    number_text,
    rounded,
    value_text,
)

__all__ = [
    "SMALLER_FACTOR",
    "cdf_chart",
    "cdf_steps",
    "dataset_tex",
    "dataset_text",
    "emd_table",
    "item_privacy_table",
    "line_matrix",
    "naive_bound_table",
]

SMALLER_FACTOR = Fraction(99, 100)
"""How much smaller than the naive factor the table also tries (and finds violated)."""

_CELLS = [{"selector": "th, td", "props": [("overflow-wrap", "normal")]}]


def _styled(frame: pd.DataFrame) -> Styler:
    """One row per case: cards on a phone (:func:`~dplab.views.stacked_on_phones`)."""
    return stacked_on_phones(frame.style.hide(axis="index").set_table_styles(_CELLS))


def dataset_text(items: Sequence[RationalLike]) -> str:
    """A user dataset as a multiset, sorted: ``{0, 0, 3}``.

    >>> dataset_text([3, 0, 0])
    '{0, 0, 3}'
    """
    return "{" + ", ".join(number_text(x) for x in sorted(Fraction(v) for v in items)) + "}"


def dataset_tex(items: Sequence[RationalLike]) -> str:
    r"""The same multiset as TeX (braces escaped), for a formula.

    >>> dataset_tex([3, 0])
    '\\{0, 3\\}'
    """
    return r"\{" + dataset_text(items)[1:-1] + r"\}"


def line_matrix(k: int) -> list[list[int]]:
    """The distance matrix ``|i − j|`` of the locations ``0, …, k−1`` (for the general solver).

    >>> line_matrix(3)
    [[0, 1, 2], [1, 0, 1], [2, 1, 0]]
    """
    return [[abs(i - j) for j in range(k)] for i in range(k)]


def emd_table(pairs: Sequence[tuple[Sequence[int], Sequence[int]]], k: int = 4) -> Styler:
    """``d_EM`` of each pair of datasets on the locations ``0, …, k−1``, three ways.

    Columns: the two datasets, their sizes, the cost of the sorted (monotone) coupling
    (:func:`dplab.userlevel.metric.emd_plan`), ``∫ |F_K − F_K′|``
    (:func:`dplab.userlevel.metric.emd` on a line) and the general solver on the matrix ``|i − j|``
    with its exact dual certificate (:func:`dplab.userlevel.metric.emd` with ``distance``), all
    exact.
    """
    rows = []
    for a, b in pairs:
        rows.append(
            {
                "K": dataset_text(a),
                "K′": dataset_text(b),
                "m, m′": f"{len(a)}, {len(b)}",
                label("emd.col_sorted"): fraction_decimal_text(
                    Fraction(metric.emd_plan(a, b).cost)
                ),
                label("emd.col_cdf"): fraction_decimal_text(Fraction(metric.emd(a, b))),
                label("emd.col_solver"): fraction_decimal_text(
                    Fraction(metric.emd(a, b, line_matrix(k)))
                ),
            }
        )
    return _styled(pd.DataFrame(rows))


def cdf_steps(
    a: Sequence[int], b: Sequence[int]
) -> list[tuple[Fraction, Fraction, Fraction, Fraction]]:
    """The pieces of ``∫ |F_a − F_b|``: ``(start, end, F_a, F_b)`` on each interval between
    consecutive points of ``a ∪ b`` (both CDFs are constant there).

    >>> [(int(s), int(e), str(fa), str(fb)) for s, e, fa, fb in cdf_steps([0, 3], [1, 2])]
    [(0, 1, '1/2', '0'), (1, 2, '1/2', '1/2'), (2, 3, '1/2', '1')]
    """
    points = sorted({Fraction(x) for x in (*a, *b)})
    out = []
    for start, end in pairwise(points):
        below_a = Fraction(sum(1 for x in a if x <= start), len(a))
        below_b = Fraction(sum(1 for y in b if y <= start), len(b))
        out.append((start, end, below_a, below_b))
    return out


def cdf_chart(a: Sequence[int], b: Sequence[int]) -> alt.LayerChart | alt.FacetChart:
    """The empirical CDFs of ``a`` and ``b`` as steps, the gap between them shaded: its area
    is ``d_EM(a, b)``.  The reader's table lists each interval with its exact share."""
    steps = cdf_steps(a, b)
    first, last = steps[0][0] - 1, steps[-1][1] + 1
    name_a, name_b = label("emd.cdf_of", name="K"), label("emd.cdf_of", name="K′")
    lines, gaps = [], []
    edges = [(first, Fraction(0), Fraction(0))] + [(s, fa, fb) for s, _, fa, fb in steps]
    edges += [(steps[-1][1], Fraction(1), Fraction(1)), (last, Fraction(1), Fraction(1))]
    for t, fa, fb in edges:
        lines.append({"t": float(t), "F": float(fa), "series": name_a})
        lines.append({"t": float(t), "F": float(fb), "series": name_b})
    for start, _, fa, fb in steps:
        gaps.append({"t": float(start), "low": float(min(fa, fb)), "high": float(max(fa, fb))})
    gaps.append({"t": float(steps[-1][1]), "low": 1.0, "high": 1.0})
    x = alt.X(
        "t:Q",
        title=label("emd.location"),
        scale=alt.Scale(domain=[float(first), float(last)]),
        axis=alt.Axis(tickMinStep=1, format="d"),
    )
    area = keyed(
        alt.Chart(alt.InlineData(values=gaps, name="emd_cdf_gap"))
        .mark_area(color="#888888", interpolate="step-after")
        .encode(x=x, y=alt.Y("low:Q"), y2="high:Q"),
        "opacity",
        label("emd.key_gap"),
        0.3,
    )
    steps_chart = (
        alt.Chart(alt.InlineData(values=lines, name="emd_cdf"))
        .mark_line(interpolate="step-after", strokeWidth=2.5)
        .encode(
            x=x,
            y=alt.Y("F:Q", title=label("emd.cdf_axis"), scale=alt.Scale(domain=[0, 1])),
            **series_style("series:N", [name_a, name_b]),
        )
    )
    total = sum(((e - s) * abs(fa - fb) for s, e, fa, fb in steps), Fraction(0))
    table = fixed_table(
        label("emd.cdf_table", total=fraction_decimal_text(total)),
        [label("emd.col_interval"), name_a, name_b, label("emd.col_share")],
        [
            [f"[{number_text(s)}, {number_text(e)})", str(fa), str(fb), str((e - s) * abs(fa - fb))]
            for s, e, fa, fb in steps
        ],
    )
    description = label(
        "emd.desc_cdf", a=dataset_text(a), b=dataset_text(b), total=fraction_decimal_text(total)
    )
    return with_tables(
        alt.layer(area, steps_chart).properties(
            width="container", height=220, description=description
        ),
        table,
    )


def _tightest_text(channel: FiniteChannel, verdict: metric.ItemPrivacy) -> str:
    """The smallest passing factor per unit distance: ``= c`` when it is the short decimal
    ``c`` exactly (the worst ratio equals ``c^d`` and factor ``c`` passes, both decided in
    exact rationals), else ``≈ c`` from the double :attr:`ItemPrivacy.tightest`."""
    if verdict.tightest == math.inf:
        return "∞"
    candidate = rounded(Fraction(verdict.tightest), EXACT_DIGITS)
    x, x2, y = verdict.worst
    column = channel.outputs.index(y)
    ratio = channel.probabilities(x)[column] / channel.probabilities(x2)[column]
    # the inputs of a channel on a line are its numbers
    d = Fraction(abs(Fraction(cast(RationalLike, x)) - Fraction(cast(RationalLike, x2))))
    if (
        candidate > 0
        and ratio**d.denominator == candidate**d.numerator
        and metric.item_privacy(channel, candidate).passes
    ):
        return value_text(candidate)
    return f"≈ {approx_text(verdict.tightest)}"


def item_privacy_table(k: int, p: RationalLike, factors: Sequence[RationalLike]) -> Styler:
    """The clamped geometric randomizer on ``{0, …, k−1}`` checked for item-level privacy
    with each factor per unit of ``|x − x′|``
    (:func:`dplab.userlevel.metric.item_privacy`, exact)."""
    channel = metric.clamped_geometric(k, p)
    rows = []
    for factor in factors:
        verdict = metric.item_privacy(channel, factor)
        x, x2, y = verdict.worst
        rows.append(
            {
                label("emd.col_factor"): number_text(verdict.alpha),
                label("emd.col_passes"): yes_no(verdict.passes),
                label("emd.col_worst"): f"x = {x}, x′ = {x2}, y = {y}",
                label("emd.col_tightest"): _tightest_text(channel, verdict),
            }
        )
    return _styled(pd.DataFrame(rows))


def _tightness_text(certificate: itemwise.ItemwiseCertificate) -> str:
    """``max ln(P/Q) / (d_EM ln α)``: ``= 1`` when the factor is pure and attained (both
    decided exactly, so the value is exactly 1), else ``≈`` the double."""
    if certificate.pure and certificate.attained:
        return value_text(1)
    if certificate.tightness == math.inf:
        return "∞"
    return f"≈ {approx_text(certificate.tightness)}"


def naive_bound_table(k: int, p: RationalLike, sizes: Sequence[int]) -> Styler:
    """The naive pure bound of the shuffled release, checked over all pairs exactly.

    For each ``m``: the clamped geometric with item factor ``α₀ = 1/p`` per unit; the
    release of ``m`` items certified (:func:`dplab.userlevel.itemwise.certify`) with factor ``α₀^m``
    per unit of ``d_EM`` (never violated; attained) and with the slightly smaller factor
    ``α₀^m ×`` :data:`SMALLER_FACTOR` (violated), over every ordered pair of datasets of
    size ``m``.
    """
    channel = metric.clamped_geometric(k, p)
    alpha0 = 1 / Fraction(p)
    rows = []
    for m in sizes:
        naive = itemwise.certify(channel, m, alpha0**m)
        smaller = itemwise.certify(channel, m, alpha0**m * SMALLER_FACTOR)
        rows.append(
            {
                "m": m,
                label("emd.col_datasets"): naive.datasets,
                label("emd.col_pairs"): len(naive.pairs),
                label("emd.col_naive"): number_text(alpha0**m),
                label("emd.col_pure"): yes_no(naive.pure),
                label("emd.col_attained"): yes_no(naive.attained),
                label("emd.col_tightness"): _tightness_text(naive),
                label("emd.col_smaller", factor=SMALLER_FACTOR): yes_no(smaller.pure),
            }
        )
    return _styled(pd.DataFrame(rows))
