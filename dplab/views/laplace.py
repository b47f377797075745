"""Charts and tables for the Laplace mechanism."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab import laplace
from dplab.views._labels import label

__all__ = ["density_grid", "loss_table", "neighbour_densities_chart", "walkthrough_chart"]


def density_grid(
    scales: Sequence[float], *, sensitivity: float, points: int = 131, half_width: float = 6.0
) -> pd.DataFrame:
    """Densities of ``f(D) + Z`` and ``f(D') + Z`` (``f(D)=0``, ``f(D')=Δ``) for each scale.

    Columns: ``scale``, ``y``, ``input`` (which input), ``density``, ``loss`` (the privacy
    loss ``L(y)`` of the pair at ``y``).  Rounded for display only.
    """
    rows = []
    low, high = -half_width, sensitivity + half_width
    for scale in scales:
        for i in range(points):
            y = low + (high - low) * i / (points - 1)
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
    base = alt.Chart(data).transform_filter(f"abs(datum.scale - b) < {step / 1000}")
    x = alt.X("y:Q", title=label("laplace.output"))
    inputs = [label("laplace.input"), label("laplace.neighbour")]
    densities = (
        base.mark_line()
        .encode(
            x=x,
            y=alt.Y("density:Q", title=label("laplace.density")),
            color=alt.Color("input:N", title=None, sort=inputs),
        )
        .properties(height=220)
    )
    loss = (
        base.transform_filter(f"datum.input == '{label('laplace.input')}'")
        .mark_line()
        .encode(x=x, y=alt.Y("loss:Q", title=label("laplace.loss")))
        .properties(height=160)
    )
    return (
        alt.vconcat(densities, loss)
        .add_params(scale_param)
        .properties(
            description=(
                f"Laplace densities of two neighbouring inputs (sensitivity {sensitivity}) "
                "and their privacy loss, for the scale chosen with the slider."
            )
        )
    )


def loss_table(scales: Sequence[float], *, sensitivity: float) -> Styler:
    """For each scale: the largest privacy loss over outputs, which is the pure ε = Δ/b."""
    far_left = -1e6
    table = pd.DataFrame(
        {
            label("laplace.scale"): list(scales),
            "max L(y)": [
                laplace.privacy_loss(far_left, center=0.0, neighbour_center=sensitivity, scale=b)
                for b in scales
            ],
        }
    )
    return table.style.format("{:.4g}").hide(axis="index")


def walkthrough_chart(*, sensitivity: float, scale: float) -> alt.LayerChart:
    """One figure for a three-step walkthrough, driven by the Vega parameter ``step``.

    Step 1 shows the output density of ``D``; step 2 adds the neighbour's; step 3 shades
    the outputs ``y <= 0`` where the privacy loss reaches its maximum ``Δ/b``.
    """
    data = density_grid([scale], sensitivity=sensitivity, points=221, half_width=5.0)
    step = alt.param(name="step", value=1)
    first = label("laplace.input")
    x = alt.X("y:Q", title=label("laplace.output"))
    curves = (
        alt.Chart(data)
        .mark_line(strokeWidth=2.5)
        .encode(
            x=x,
            y=alt.Y("density:Q", title=label("laplace.density")),
            color=alt.Color("input:N", title=None, sort=[first, label("laplace.neighbour")]),
            opacity=alt.condition(
                f"step >= 2 || datum.input == '{first}'", alt.value(1), alt.value(0)
            ),
        )
    )
    region = (
        alt.Chart(pd.DataFrame({"start": [-5.0], "end": [0.0]}))
        .mark_rect(color="#888888")
        .encode(
            x="start:Q",
            x2="end:Q",
            opacity=alt.condition("step >= 3", alt.value(0.18), alt.value(0)),
        )
    )
    return (
        alt.layer(region, curves)
        .add_params(step)
        .properties(
            height=240,
            description=(
                "Walkthrough figure: the Laplace density of one input, then of its neighbour, "
                "then the outputs where the privacy loss is largest."
            ),
        )
    )
