"""Charts of lesson 6 (what an observer can infer): posterior bands and trade-off curves.

Every value comes from :mod:`dplab.accounting.inference`; a chart's reader's table shows the exact
value where the maths is exact and says ≈ otherwise, and rounds every bound outward (a
lower end down, an upper end up: ``bound`` of
:func:`~dplab.views.randomized_response.approx_text`).  The lab is
:mod:`dplab.views.labs.inference`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

import altair as alt

from dplab.accounting import inference
from dplab.finite import FiniteChannel, RationalLike
from dplab.views._display import SMALLEST_TEXT
from dplab.views._keys import keyed, series_style
from dplab.views._labels import label
from dplab.views._tables import fixed_table, with_tables
from dplab.views._walkthrough import Walkthrough
from dplab.views.numbers import Bound, approx_text, value_text

__all__ = [
    "TABLE_LEVELS",
    "TABLE_PRIORS",
    "Series",
    "deterministic_tests",
    "posterior_chart",
    "tradeoff_chart",
    "walkthrough_chart",
]

TABLE_PRIORS: tuple[Fraction, ...] = tuple(Fraction(k, 10) for k in range(1, 10))
"""The priors of the posterior chart's table (the chart draws 0.01, 0.02, …, 0.99)."""

TABLE_LEVELS: tuple[Fraction, ...] = tuple(Fraction(k, 20) for k in range(21))
"""The type I errors at which the trade-off curves are drawn and tabulated (with corners)."""

_LEGEND = alt.Legend(orient="bottom", columns=1, labelLimit=0)  # one entry a line, whole

Series = (
    tuple[str, Callable[[Fraction], Fraction | float]]
    | tuple[str, Callable[[Fraction], Fraction | float], Bound]
)
"""A named curve: its value at an exact type I error (a ``Fraction`` when exact), and
``"lower"`` when the curve is a lower bound on the type II error (its table rounds down)."""


_GREY = "#888888"


def _cell(value: Fraction | float, bound: Bound = None) -> str:
    if isinstance(value, Fraction):
        return value_text(value, bound=bound).removeprefix("= ")
    return "≈ " + approx_text(Fraction(value), bound=bound)


def posterior_chart(alpha: RationalLike, cases: Sequence[tuple[RationalLike, RationalLike]]):
    """The posterior ``Pr[H | S]`` an (α, δ) guarantee allows, against the prior.

    ``cases`` are ``(δ, q)``: the guarantee's δ and the probability of the observed event under H′
    (:func:`dplab.accounting.inference.posterior_range`); each gives a band, drawn by its two edges.
    The dashed diagonal is "no change".
    """
    alpha = Fraction(alpha)
    rows, table_rows = [], []
    names = []
    for delta, q in cases:
        name = label("inference.band", alpha=approx_text(alpha), delta=approx_text(delta), q=q)
        names.append(name)
        for k in range(1, 100):
            result = inference.posterior_range(Fraction(k, 100), alpha, delta, q)
            rows.append(
                {
                    "prior": k / 100,
                    "low": float(result.low),
                    "high": float(result.high),
                    "case": name,
                }
            )
    for prior in TABLE_PRIORS:
        cells: list[str] = [approx_text(prior)]
        for delta, q in cases:
            result = inference.posterior_range(prior, alpha, delta, q)
            low = approx_text(result.low, bound="lower")
            cells.append(f"[{low}, {approx_text(result.high, bound='upper')}]")
        table_rows.append(cells)
    x = alt.X("prior:Q", title=label("inference.prior_axis"), scale=alt.Scale(domain=[0, 1]))
    colour = series_style("case:N", names, legend=_LEGEND)
    data = alt.InlineData(values=rows)
    edges = [
        alt.Chart(data)
        .mark_line(strokeWidth=2)
        .encode(
            x=x,
            y=alt.Y(f"{edge}:Q", title=label("inference.posterior_axis")),
            **colour,
            detail="case:N",
        )
        for edge in ("low", "high")
    ]
    unchanged = alt.InlineData(values=[{"prior": 0, "low": 0}, {"prior": 1, "low": 1}])
    diagonal = (
        alt.Chart(unchanged)
        .mark_line(strokeDash=[4, 4], strokeWidth=1, color=_GREY)
        .encode(x=x, y="low:Q")
    )
    diagonal_words = (  # the diagonal's own words at its top end (its dash is the cases')
        alt.Chart(unchanged)
        .transform_filter("datum.prior == 1")
        .mark_text(align="right", baseline="top", dx=-4, dy=36, fontSize=SMALLEST_TEXT)
        .encode(x=x, y="low:Q", text=alt.value(label("inference.key_unchanged")))
    )
    chart = alt.layer(*edges, diagonal, diagonal_words).properties(
        height=260, description=label("inference.desc_bands")
    )
    table = fixed_table(
        label("inference.bands_caption"), [label("inference.prior_axis"), *names], table_rows
    )
    return with_tables(chart, table)


def guarantee_layers(data: alt.InlineData, x: alt.X, y: alt.Y) -> tuple[alt.Chart, alt.Chart]:
    """The region below the guarantee's bound ``f`` (``data``: its corners, ``x``/``beta``)
    in grey and the bound dashed, each with its legend entry."""
    region = keyed(
        alt.Chart(data).mark_area(color=_GREY).encode(x=x, y=y),
        "opacity",
        label("inference.key_region"),
        0.25,
    )
    boundary = keyed(
        alt.Chart(data).mark_line(color=_GREY, strokeWidth=2).encode(x=x, y=y),
        "strokeDash",
        label("inference.key_boundary"),
        [5, 4],
    )
    return region, boundary


def tradeoff_chart(
    series: Sequence[Series],
    *,
    region: tuple[RationalLike, RationalLike] | None = None,
    corners: Sequence[Fraction] = (),
):
    """Trade-off curves (type II against type I error), drawn on :data:`TABLE_LEVELS` and
    ``corners`` (the exact corners of piecewise linear curves, so that they are drawn
    exactly); ``region = (α, δ)`` shades the area below ``f_{α,δ}`` that no test of an
    (α, δ)-DP mechanism reaches.  The reader's table lists every curve at those levels (a
    series marked ``"lower"`` rounded down).
    """
    levels = sorted({*TABLE_LEVELS, *map(Fraction, corners)})
    if region is not None:
        alpha, delta = (Fraction(value) for value in region)
        levels = sorted({*levels, (1 - delta) / (1 + alpha), 1 - delta})
    rows = []
    table_rows = []
    bounds = [entry[2] if len(entry) == 3 else None for entry in series]
    names = [entry[0] for entry in series]
    for x in levels:
        values = [entry[1](x) for entry in series]
        rows += [
            {"x": float(x), "beta": float(v), "what": name}
            for name, v in zip(names, values, strict=True)
        ]
        table_rows.append(
            [approx_text(x), *(_cell(v, b) for v, b in zip(values, bounds, strict=True))]
        )
    x_axis = alt.X("x:Q", title=label("inference.type_one"), scale=alt.Scale(domain=[0, 1]))
    y_axis = alt.Y("beta:Q", title=label("inference.type_two"), scale=alt.Scale(domain=[0, 1]))
    layers = []
    if region is not None:
        alpha, delta = (Fraction(value) for value in region)
        bound = [
            {"x": float(x), "beta": float(inference.dp_tradeoff(alpha, delta, x))} for x in levels
        ]
        layers.append(
            keyed(
                alt.Chart(alt.InlineData(values=bound))
                .mark_area(color=_GREY)
                .encode(x=x_axis, y=y_axis),
                "opacity",
                label("inference.key_region"),
                0.2,
            )
        )
    layers.append(
        alt.Chart(alt.InlineData(values=rows))
        .mark_line(strokeWidth=2)
        .encode(
            x=x_axis,
            y=y_axis,
            **series_style("what:N", names, legend=_LEGEND),
        )
    )
    chart = alt.layer(*layers).properties(height=280, description=label("inference.desc_curves"))
    table = fixed_table(
        label("inference.curves_caption"), [label("inference.type_one"), *names], table_rows
    )
    return with_tables(chart, table)


def deterministic_tests(channel: FiniteChannel, source: object, target: object) -> list[dict]:
    """``(type I, type II)`` of every deterministic test of ``source`` against ``target``:
    reject H₀ on a set ``R`` of outputs (``{"x", "beta", "reject"}``, exact)."""
    p_row, q_row = channel.probabilities(source), channel.probabilities(target)
    points = []
    outputs = range(len(channel.outputs))
    for size in range(len(channel.outputs) + 1):
        for subset in combinations(outputs, size):
            points.append(
                {
                    "x": sum((p_row[j] for j in subset), Fraction(0)),
                    "beta": 1 - sum((q_row[j] for j in subset), Fraction(0)),
                    "reject": "{" + ", ".join(str(channel.outputs[j]) for j in subset) + "}",
                }
            )
    return points


def walkthrough_chart(
    channel: FiniteChannel, source: object, target: object, alpha: RationalLike, level: RationalLike
) -> Walkthrough:
    """Four steps from tests to the trade-off curve, for one pair of a finite channel:
    every deterministic test as a point; the Neyman–Pearson corners joined (randomised
    tests fill the segments); the (α, 0) bound; the most powerful test at ``level``."""
    pair = FiniteChannel(
        channel.inputs, channel.outputs, channel.weights, channel.denominator, ((source, target),)
    )
    points = deterministic_tests(channel, source, target)
    corners = inference.tradeoff_vertices(pair)
    best = inference.most_powerful_test(channel, source, target, level)
    alpha = Fraction(alpha)
    x_axis = alt.X("x:Q", title=label("inference.type_one"), scale=alt.Scale(domain=[0, 1]))
    y_axis = alt.Y("beta:Q", title=label("inference.type_two"), scale=alt.Scale(domain=[0, 1]))
    dots = (
        alt.Chart(
            alt.InlineData(
                values=[
                    {"x": float(p["x"]), "beta": float(p["beta"]), "reject": p["reject"]}
                    for p in points
                ]
            )
        )
        .mark_point(filled=True, size=60, color="#7f7f7f", opacity=1)
        .encode(
            x=x_axis, y=y_axis, tooltip=[alt.Tooltip("reject:N", title=label("inference.reject"))]
        )
    )
    dots = keyed(dots, "shape", label("inference.key_tests"), "circle")
    curve = keyed(
        alt.Chart(alt.InlineData(values=[{"x": float(x), "beta": float(y)} for x, y in corners]))
        .mark_line(strokeWidth=2.5, point=True)
        .encode(x=x_axis, y=y_axis),
        "color",
        label("inference.key_curve"),
    )
    knee = 1 / (1 + alpha)
    bound_rows = [
        {"x": float(x), "beta": float(inference.dp_tradeoff(alpha, 0, x))}
        for x in (Fraction(0), knee, Fraction(1))
    ]
    region, boundary = guarantee_layers(alt.InlineData(values=bound_rows), x_axis, y_axis)
    chosen = keyed(
        alt.Chart(
            alt.InlineData(
                values=[{"x": float(best.type_one_error), "beta": float(best.type_two_error)}]
            )
        )
        .mark_point(size=220, filled=True, color="#d62728", opacity=1)
        .encode(x=x_axis, y=y_axis),
        "shape",
        label("inference.key_best"),
        "diamond",
    )
    point_rows = [
        [p["reject"], _cell(p["x"]), _cell(p["beta"])]
        for p in sorted(points, key=lambda p: (p["x"], p["beta"]))
    ]
    tests = fixed_table(
        label("inference.tests_caption"),
        [label("inference.reject"), label("inference.type_one"), label("inference.type_two")],
        point_rows,
    )
    corner_table = fixed_table(
        label("inference.corners_caption"),
        [label("inference.type_one"), label("inference.type_two")],
        [[_cell(x), _cell(y)] for x, y in corners],
    )
    bound_table = fixed_table(
        label("inference.bound_caption", alpha=approx_text(alpha)),
        [label("inference.type_one"), label("inference.type_two")],
        [
            [_cell(x), _cell(inference.dp_tradeoff(alpha, 0, x), "lower")]
            for x in (Fraction(0), knee, Fraction(1))
        ],
    )
    best_table = fixed_table(
        label("inference.best_caption", level=approx_text(Fraction(level))),
        [label("inference.type_one"), label("inference.type_two")],
        [[_cell(best.type_one_error), _cell(best.type_two_error)]],
    )

    def panel(*layers, description: str, tables: Sequence[dict]):
        chart = alt.layer(*layers).properties(width=300, height=260, description=description)
        return with_tables(chart, *tables)

    return Walkthrough(
        (
            panel(dots, description=label("inference.walk_tests"), tables=[tests]),
            panel(
                dots, curve, description=label("inference.walk_curve"), tables=[tests, corner_table]
            ),
            panel(
                region,
                boundary,
                dots,
                curve,
                description=label("inference.walk_bound"),
                tables=[corner_table, bound_table],
            ),
            panel(
                region,
                boundary,
                curve,
                chosen,
                description=label("inference.walk_best"),
                tables=[corner_table, best_table],
            ),
        )
    )
