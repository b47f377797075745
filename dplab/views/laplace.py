"""Charts and tables for the Laplace mechanism (the tour and lesson 3).

Every number comes from :mod:`dplab.mechanisms.laplace` and :mod:`dplab.mechanisms.queries`, exactly
where they are exact; floats appear only as the heights that charts draw and as approximations
printed next to exact values (:func:`~dplab.views.numbers.fraction_decimal_text`).  The client-side
lab of lesson 3 is :mod:`dplab.views.labs.laplace`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab.finite import RationalLike
from dplab.mechanisms import laplace, queries
from dplab.views._display import SMALLEST_TEXT, stacked_on_phones
from dplab.views._keys import keyed, series_style
from dplab.views._labels import label
from dplab.views._tables import column, live_table, with_tables
from dplab.views._walkthrough import Walkthrough
from dplab.views.numbers import approx_text, fraction_decimal_text, number_text

__all__ = [
    "DEFINITION_WORDS",
    "KIND_WORDS",
    "QUERY_KINDS",
    "delta_profile_chart",
    "delta_profile_rows",
    "density_grid",
    "error_table",
    "lesson_query",
    "loss_table",
    "neighbour_densities_chart",
    "output_grid",
    "profile_tooltip",
    "range_width",
    "sensitivity_table",
    "tuple_text",
    "walkthrough_chart",
]


def output_grid(sensitivity: float, *, points: int = 131, half_width: float = 6.0) -> list[float]:
    """The outputs ``y`` at which the tour's charts are drawn: ``points`` equally spaced values
    from ``−half_width`` to ``Δ + half_width``, both ends included.

    >>> output_grid(1.0, points=3, half_width=2.0)
    [-2.0, 0.5, 3.0]
    """
    low, high = -half_width, sensitivity + half_width
    return [low + (high - low) * i / (points - 1) for i in range(points)]


def density_grid(
    scales: Sequence[float], *, sensitivity: float, points: int = 131, half_width: float = 6.0
) -> pd.DataFrame:
    """Densities of ``f(D) + Z`` and ``f(D') + Z`` (``f(D)=0``, ``f(D')=Δ``) for each scale.

    Columns: ``scale``, ``y``, ``input`` (which input), ``density``, ``loss`` (the privacy
    loss ``L(y)`` of the pair at ``y``).  Rounded for display only.
    """
    rows = []
    for scale in scales:
        for y in output_grid(sensitivity, points=points, half_width=half_width):
            loss = laplace.privacy_loss(y, center=0.0, neighbour_center=sensitivity, scale=scale)
            for name, center in (
                (label("laplace.input"), 0.0),
                (label("laplace.neighbour"), sensitivity),
            ):
                rows.append(
                    {
                        "scale": scale,
                        "y": round(y, 6),
                        "input": name,
                        "density": round(laplace.density(y, center=center, scale=scale), 6),
                        "loss": round(loss, 6),
                    }
                )
    return pd.DataFrame(rows)


def neighbour_densities_chart(
    scales: Sequence[float], *, sensitivity: float, initial_scale: float
) -> alt.VConcatChart:
    """Two linked panels over a slider for ``b``: both densities, and the privacy loss."""
    data = density_grid(scales, sensitivity=sensitivity)
    step = round(scales[1] - scales[0], 10) if len(scales) > 1 else 1
    scale_param = alt.param(
        name="b",
        value=initial_scale,
        bind=alt.binding_range(
            min=min(scales), max=max(scales), step=step, name=label("laplace.scale") + " "
        ),
    )
    records = alt.InlineData(values=data.to_dict("records"), name="laplace_slider")
    base = alt.Chart(records).transform_filter(f"abs(datum.scale - b) < {step / 1000}")
    x = alt.X("y:Q", title=label("laplace.output"))
    inputs = [label("laplace.input"), label("laplace.neighbour")]
    densities = (
        base.mark_line()
        .encode(
            x=x,
            y=alt.Y("density:Q", title=label("laplace.density")),
            **series_style("input:N", inputs),
        )
        .properties(height=220)
    )
    loss = (
        base.transform_filter(f"datum.input == '{label('laplace.input')}'")
        .mark_line()
        .encode(x=x, y=alt.Y("loss:Q", title=label("laplace.loss")))
        .properties(height=160)
    )
    first, second = inputs
    table = live_table(
        label("laplace.density"),
        "laplace_slider",
        column("y", "y"),
        [
            column(label("laplace.table_density", who=first), "density", where={"input": first}),
            column(label("laplace.table_density", who=second), "density", where={"input": second}),
            column(label("laplace.loss"), "loss", where={"input": first}),
        ],
        filter_signal=("scale", "b"),
    )
    return with_tables(
        alt.vconcat(densities, loss)
        .add_params(scale_param)
        .properties(description=label("laplace.desc_slider", sensitivity=number_text(sensitivity))),
        table,
    )


def loss_table(
    scales: Sequence[float], *, sensitivity: float, outputs: Sequence[float] | None = None
) -> Styler:
    """For each scale ``b``: the largest privacy loss over ``outputs``, beside ``ε = Δ/b``.

    ``outputs`` defaults to the charts' grid (:func:`output_grid`); the column title names
    its smallest and largest output.  The loss ``L(y) = (|y − Δ| − |y|)/b`` does not increase
    with ``y`` and equals ``Δ/b`` for every ``y ≤ 0``, so over a grid that reaches ``y ≤ 0``
    the maximum is ``Δ/b`` (computed in floats: equal up to rounding in the last place,
    which the 4 significant digits shown do not reach), and over positive outputs only it
    is smaller.  Both columns are floats shown with 4 significant digits.
    """
    ys = list(output_grid(sensitivity) if outputs is None else outputs)
    if not ys:
        raise ValueError("outputs must hold at least one output y; got none")
    low, high = (f"{y:g}".replace("-", "−") for y in (min(ys), max(ys)))
    largest = label("laplace.col_max_loss", low=low, high=high)
    table = pd.DataFrame(
        {
            label("laplace.scale"): list(scales),
            largest: [
                max(
                    laplace.privacy_loss(y, center=0.0, neighbour_center=sensitivity, scale=b)
                    for y in ys
                )
                for b in scales
            ],
            "Δ/b": [float(laplace.epsilon(sensitivity, b)) for b in scales],
        }
    )
    return table.style.format("{:.4g}").hide(axis="index")


# --- lesson 3: bounded queries, the δ(ε) profile, errors -------------------------------

QUERY_KINDS: tuple[queries.QueryKind, ...] = ("sum", "mean", "count", "constant")
# The words of each query kind, by name: every label key is written out (none is built at
# run time), so a search for a key finds where it is used.
KIND_WORDS = {
    "sum": "laplace.kind_sum",
    "mean": "laplace.kind_mean",
    "count": "laplace.kind_count",
    "constant": "laplace.kind_constant",
}
DEFINITION_WORDS = {
    "sum": "laplace.def_sum",
    "mean": "laplace.def_mean",
    "count": "laplace.def_count",
    "constant": "laplace.def_constant",
}
"""The four bounded queries of :mod:`dplab.mechanisms.queries`, in the order lesson 3 shows them."""


def lesson_query(kind: queries.QueryKind, n: int, bound: RationalLike) -> queries.BoundedQuery:
    """The query of ``kind`` as lesson 3 and its lab use it.

    The count counts records ``x_i ≥ B/2``; the constant query is the constant 0.

    >>> lesson_query("count", 4, 1).threshold, lesson_query("mean", 4, 1).sensitivity
    (Fraction(1, 2), Fraction(1, 4))
    """
    if kind == "sum":
        return queries.sum_query(n, bound)
    if kind == "mean":
        return queries.mean_query(n, bound)
    if kind == "count":
        exact = queries.sum_query(n, bound).bound  # validated and exact
        return queries.count_query(n, exact, exact / 2)
    if kind == "constant":
        return queries.constant_query(n, bound, 0)
    raise ValueError(f"kind must be one of {', '.join(QUERY_KINDS)}; got {kind!r}")


def tuple_text(values: Sequence[RationalLike], *, limit: int = 6) -> str:
    """A dataset as a tuple; more than ``limit`` records are shortened with ``…``.

    >>> tuple_text([1, 0, 0]), tuple_text([Fraction(1, 2)] + [0] * 9)
    ('(1, 0, 0)', '(0.5, 0, …, 0)')
    """
    texts = [number_text(v) for v in values]
    if len(texts) > limit:
        texts = [*texts[:2], "…", texts[-1]]
    return "(" + ", ".join(texts) + ")"


_CELLS = [{"selector": "th, td", "props": [("overflow-wrap", "normal")]}]
"""Table cells wrap between words only: a number is never split across lines."""


def _styled(frame: pd.DataFrame) -> Styler:
    return frame.style.hide(axis="index").set_table_styles(_CELLS)


def sensitivity_table(n: int, bound: RationalLike) -> Styler:
    """The four queries on ``n`` records in ``[0, B]``: global sensitivity and attaining pair.

    One row per query (:data:`QUERY_KINDS`, built by :func:`lesson_query`): its name, its
    definition, ``Δ`` exactly, the neighbouring pair ``D, D′`` of
    :meth:`~dplab.mechanisms.queries.BoundedQuery.neighbours` and ``f(D) → f(D′)``, whose gap is
    ``Δ``.
    """
    rows = []
    for kind in QUERY_KINDS:
        query = lesson_query(kind, n, bound)
        pair = query.neighbours()
        before, after = query.evaluate(pair.dataset), query.evaluate(pair.neighbour)
        assert abs(after - before) == pair.gap == query.sensitivity
        rows.append(
            {
                label("laplace.col_query"): label(KIND_WORDS[kind]),
                label("laplace.col_definition"): _definition(query),
                label("laplace.col_sensitivity"): fraction_decimal_text(query.sensitivity),
                "D": tuple_text(pair.dataset),
                "D′": tuple_text(pair.neighbour),
                "f(D) → f(D′)": f"{number_text(before)} → {number_text(after)}",
            }
        )
    return _styled(pd.DataFrame(rows))


def _definition(query: queries.BoundedQuery) -> str:
    return label(
        DEFINITION_WORDS[query.kind],
        threshold=number_text(query.threshold or 0),
        constant=number_text(query.constant or 0),
    )


def _eps_grid(eps_max: RationalLike, eps_step: RationalLike) -> list[Fraction]:
    top, step = Fraction(eps_max), Fraction(eps_step)
    count = top / step
    if count.denominator != 1 or step <= 0:
        raise ValueError(f"eps_max must be a positive multiple of eps_step; got {top}, {step}")
    return [k * step for k in range(int(count) + 1)]


def delta_profile_rows(
    sensitivity: RationalLike, scale: RationalLike, eps_values: Sequence[RationalLike]
) -> list[dict]:
    """Rows ``{"eps", "delta", "series"}``: the exact ``δ(ε)`` of
    :func:`dplab.mechanisms.laplace.delta`.

    The pure ``ε = Δ/b`` is added to the ε values when it lies among them, so that a line
    through the rows bends exactly where ``δ`` reaches 0.
    """
    pure = laplace.epsilon(sensitivity, scale)
    values = sorted({Fraction(e) for e in eps_values})
    if values and values[0] <= pure <= values[-1]:
        values = sorted({*values, pure})
    series = label("laplace.series_scale", b=number_text(scale))
    return [
        {"eps": float(e), "delta": laplace.delta(sensitivity, scale, e), "series": series}
        for e in values
    ]


def profile_tooltip() -> list[alt.Tooltip]:
    """The tooltip of a point ``(ε, δ(ε))`` on a privacy-profile chart (lesson and lab)."""
    return [
        alt.Tooltip("eps:Q", format=".3f", title="ε"),
        alt.Tooltip("delta:Q", format=".4g", title="δ(ε)"),
    ]


def delta_profile_chart(
    sensitivity: RationalLike,
    scales: Sequence[RationalLike],
    *,
    eps_max: RationalLike = 3,
    eps_step: RationalLike = "0.05",
) -> alt.LayerChart | alt.FacetChart:
    """The exact ``δ(ε)`` of Laplace noise for each scale, over ``ε = 0, step, …, eps_max``.

    The x axis is ``ε`` itself.  Each curve starts at the total variation distance
    ``1 − e^{−Δ/2b}`` and reaches 0 at the pure ``ε = Δ/b`` (marked with a point when it
    lies in the window), staying 0 to its right.
    """
    grid = _eps_grid(eps_max, eps_step)
    rows, points = [], []
    for scale in scales:
        rows += delta_profile_rows(sensitivity, scale, grid)
        pure = laplace.epsilon(sensitivity, scale)
        if pure <= grid[-1]:
            name = label("laplace.series_scale", b=number_text(scale))
            points.append({"eps": float(pure), "delta": 0.0, "series": name})
    order = [label("laplace.series_scale", b=number_text(b)) for b in scales]
    x = alt.X(
        "eps:Q", title=label("laplace.eps_axis"), scale=alt.Scale(domain=[0, float(grid[-1])])
    )
    y = alt.Y("delta:Q", title=label("laplace.delta_axis"), scale=alt.Scale(domain=[0, 1]))
    colour = series_style("series:N", order)
    lines = (
        alt.Chart(alt.InlineData(values=rows, name="laplace_profile"))
        .mark_line(strokeWidth=2.5)
        .encode(
            x=x,
            y=y,
            **colour,
            tooltip=[alt.Tooltip("series:N", title=label("laplace.scale")), *profile_tooltip()],
        )
    )
    marks = (
        alt.Chart(pd.DataFrame(points, columns=["eps", "delta", "series"]))
        .mark_point(size=70, filled=True)
        .encode(x=x, y=y, color=colour["color"])
    )
    description = label(
        "laplace.desc_profile",
        sensitivity=number_text(sensitivity),
        scales=", ".join(number_text(b) for b in scales),
        eps_max=number_text(grid[-1]),
    )
    table = live_table(
        label("laplace.delta_axis"),
        "laplace_profile",
        column("ε", "eps"),
        [column(name, "delta", where={"series": name}) for name in order],
    )
    return with_tables(
        alt.layer(lines, marks).properties(width="container", height=260, description=description),
        table,
    )


def range_width(query: queries.BoundedQuery) -> Fraction:
    """The width ``max f − min f`` of the query's values over datasets in ``[0, B]^n``:
    ``nB`` for the sum, ``B`` for the mean, ``n`` for the count and 0 for a constant (the
    range an error is compared with).

    >>> range_width(lesson_query("mean", n=10, bound=5))
    Fraction(5, 1)
    """
    return {
        "sum": query.n * query.bound,
        "mean": query.bound,
        "count": Fraction(query.n),
        "constant": Fraction(0),
    }[query.kind]


def error_table(
    ns: Sequence[int],
    bound: RationalLike,
    eps: RationalLike,
    kinds: Sequence[queries.QueryKind] = ("sum", "mean"),
) -> Styler:
    """Noise calibrated to a pure ``ε`` and its error in the query's own units.

    For each ``n`` and query kind: ``Δ``, the scale ``b = Δ/ε``
    (:func:`dplab.mechanisms.laplace.scale_for`), which is also the mean absolute error ``E|Z|``,
    the mean squared error ``E Z² = 2b²``, the width of the query's possible values and the mean
    absolute error as a fraction of that width, all exact (:func:`number_text`). The column titles
    are short (``b = Δ/ε``, ``2b²``): the lesson's prose names them.
    """
    rows = []
    for n in ns:
        for kind in kinds:
            query = lesson_query(kind, n, bound)
            scale = laplace.scale_for(query.sensitivity, eps)
            noisy = scale > 0
            mae = laplace.mean_absolute_error(scale) if noisy else Fraction(0)
            mse = laplace.mse(scale) if noisy else Fraction(0)
            width = range_width(query)
            rows.append(
                {
                    "n": str(n),
                    label("laplace.col_query"): label(KIND_WORDS[kind]),
                    "Δ": number_text(query.sensitivity),
                    label("laplace.col_scale"): number_text(mae),
                    label("laplace.col_mse"): number_text(mse),
                    label("laplace.col_width"): number_text(width),
                    label("laplace.col_relative"): number_text(mae / width) if width else "—",
                }
            )
    return stacked_on_phones(_styled(pd.DataFrame(rows)))


WALK_WIDTH = 260  # a step's panel; the page scales it to its column (its SVG has a viewBox)
WALK_DENSITY = "laplace_walk_density"
# The description of each step of the walkthrough, by step number.
_WALK_DESCRIPTIONS = {
    1: "laplace.desc_walk_1",
    2: "laplace.desc_walk_2",
    3: "laplace.desc_walk_3",
    4: "laplace.desc_walk_4",
}
"""The dataset of a walkthrough panel's densities: ``{"y", "input", "density"}``."""


def walkthrough_chart(
    *, sensitivity: float, scale: float, eps: RationalLike | None = None
) -> Walkthrough:
    """A figure in steps, one panel each (:class:`~dplab.views.Walkthrough`).

    Step 1 shows the output density of ``D``; step 2 adds the neighbour's; step 3 shades
    the outputs ``y <= 0`` where the privacy loss reaches its maximum ``Δ/b``.  With
    ``eps`` (below ``Δ/b``) there is a fourth step: the neighbour's density times
    ``e^ε`` (dashed) and, shaded, the excess ``[p − e^ε q]₊`` over the half-line
    ``y < t = (Δ − εb)/2``, whose area is the exact ``δ(ε)``.
    """
    grid = density_grid([scale], sensitivity=sensitivity, points=161, half_width=5.0)
    data = grid[["y", "input", "density"]]
    first, second = label("laplace.input"), label("laplace.neighbour")
    x = alt.X("y:Q", title=label("laplace.output"))
    colour = series_style("input:N", [first, second])

    def curves(rows: pd.DataFrame) -> alt.Chart:
        return (
            alt.Chart(alt.InlineData(values=rows.to_dict("records"), name=WALK_DENSITY))
            .mark_line(strokeWidth=2.5)
            .encode(x=x, y=alt.Y("density:Q", title=label("laplace.density")), **colour)
        )

    region = keyed(
        alt.Chart(pd.DataFrame({"start": [-5.0], "end": [0.0]}))
        .mark_rect(color="#888888")
        .encode(x="start:Q", x2="end:Q"),
        "opacity",
        label("laplace.key_largest_loss"),
        0.18,
    )
    both = curves(data)
    layers: list[tuple[alt.Chart, ...]] = [(curves(data[data["input"] == first]),), (both,)]
    layers.append((region, both))
    numbers = {"sensitivity": number_text(sensitivity), "scale": number_text(scale)}
    if eps is not None:
        layers.append(
            (
                *_excess_layers(
                    grid, sensitivity=sensitivity, scale=scale, eps=eps, x=x, colour=colour["color"]
                ),
                both,
            )
        )
        numbers |= {
            "eps": number_text(eps),
            "delta": approx_text(laplace.delta(sensitivity, scale, eps)),
        }
    panels = []
    for step, parts in enumerate(layers, 1):
        columns = [
            column(label("laplace.table_density", who=first), "density", where={"input": first})
        ]
        if step > 1:
            columns.append(
                column(
                    label("laplace.table_density", who=second), "density", where={"input": second}
                )
            )
        chart = alt.layer(*parts).properties(
            width=WALK_WIDTH,
            height=240,
            description=label(_WALK_DESCRIPTIONS[step], **numbers),
        )
        panels.append(
            with_tables(
                chart, live_table(label("laplace.density"), WALK_DENSITY, column("y", "y"), columns)
            )
        )
    return Walkthrough(tuple(panels))


def _excess_layers(
    data: pd.DataFrame,
    *,
    sensitivity: float,
    scale: float,
    eps: RationalLike,
    x: alt.X,
    colour: alt.Color,
) -> list[alt.Chart]:
    """Step 4 of the walkthrough: ``e^ε q`` dashed and the shaded excess on ``y < t``."""
    pure = laplace.epsilon(sensitivity, scale)
    eps = Fraction(eps)
    if not 0 <= eps < pure:
        raise ValueError(f"eps must lie in [0, Δ/b) = [0, {pure}); got {eps}")
    factor = math.exp(eps)
    edge = float((Fraction(sensitivity) - eps * Fraction(scale)) / 2)  # t = (Δ − εb)/2
    neighbour = data[data["input"] == label("laplace.neighbour")]
    own = data[data["input"] == label("laplace.input")]
    scaled = neighbour.assign(density=neighbour["density"] * factor)[["y", "input", "density"]]
    ys = sorted({*own["y"][own["y"] < edge], edge})
    excess = pd.DataFrame(
        {
            "y": ys,
            "low": [factor * laplace.density(y, center=sensitivity, scale=scale) for y in ys],
            "high": [laplace.density(y, center=0.0, scale=scale) for y in ys],
        }
    )
    density = alt.Y("density:Q", title=label("laplace.density"))
    band = keyed(
        alt.Chart(excess)
        .mark_area(color="#888888")
        .encode(x=x, y=alt.Y("low:Q", title=label("laplace.density")), y2="high:Q"),
        "opacity",
        label("laplace.key_excess"),
        0.35,
    )
    dashed = (
        alt.Chart(scaled)
        .mark_line(strokeWidth=2, strokeDash=[6, 4])
        .encode(x=x, y=density, color=colour)
    )
    peak = scaled.loc[scaled["density"].idxmax()]
    note = (
        alt.Chart(pd.DataFrame({"y": [float(peak["y"])], "density": [float(peak["density"])]}))
        .mark_text(align="right", dx=-10, dy=4, fontSize=SMALLEST_TEXT)
        .encode(x=x, y=density, text=alt.value(label("laplace.scaled_neighbour")))
    )
    return [band, dashed, note]
