"""Charts and tables of lesson 4 (the Gaussian mechanism); its linked lab is
:mod:`dplab.views.labs.gaussian`, which draws its density chart with the layers and rows here.

Every value comes from :mod:`dplab.mechanisms.gaussian` and :mod:`dplab.mechanisms.queries`; floats
appear as the heights that charts draw and as approximations printed with the ≈ sign.

The density chart (:func:`density_rows`, :func:`density_layers`) shows the output densities of
the worst neighbouring pair, ``N(−Δ/2, σ²)`` and ``N(Δ/2, σ²)`` (the pair shifted so that its
midpoint is 0), with the worst event, the half-line ``y < t = −εσ²/Δ``, shaded and the excess
``p − e^ε q`` over it filled; the walkthrough (:func:`walkthrough_chart`) builds it up in steps
and the lab redraws it for each state (its script builds the same rows).
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence

import altair as alt
import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler

from dplab.mechanisms import gaussian
from dplab.views._display import SMALLEST_TEXT
from dplab.views._keys import KEY_LEGEND, keyed, series_style
from dplab.views._labels import label
from dplab.views._tables import column, live_table, with_tables
from dplab.views._walkthrough import Walkthrough
from dplab.views.numbers import (
    MINUS,
    SUPERSCRIPT_DIGITS,
    float_text,
    tiny_text,
)

__all__ = [
    "DATASETS",
    "DENSITY_POINTS",
    "WINDOW_SIGMAS",
    "calibration_table",
    "chart_data",
    "density_layers",
    "density_rows",
    "density_table",
    "density_window",
    "plain_text",
    "rich_html",
    "walkthrough_chart",
]

DATASETS = {
    "density": "gauss_density",
    "event": "gauss_event",
    "excess": "gauss_excess",
    "profile": "gauss_profile",
    "claim": "gauss_claim",
    "point": "gauss_point",
}
"""Names of the datasets the lab script replaces (``view.data(name, rows)``)."""

DENSITY_POINTS = 161  # points across the density window
WINDOW_SIGMAS = 4  # the window reaches 4σ beyond each centre
EXCESS_COLOUR = "#ab47bc"  # the excess area and its words: apart from both palettes' colours
WIDTH = 260  # a walkthrough panel; the page scales it to its column (its SVG has a viewBox)
_LN10 = math.log(10)
_INV_SQRT_2PI = 1 / math.sqrt(2 * math.pi)


# --- display text (labs/gaussian/core.js implements the same rules) ----------------------

_SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉ₙ"
_SCRIPT_RUN = re.compile(f"([{SUPERSCRIPT_DIGITS}]+)|([{_SUBSCRIPTS}]+)")
_PLAIN = str.maketrans(SUPERSCRIPT_DIGITS + _SUBSCRIPTS, MINUS + "0123456789" + "0123456789n")


def rich_html(text: str) -> str:
    """``text`` as HTML with runs of Unicode super- and subscripts as ``<sup>``/``<sub>``
    (most fonts draw those characters unevenly); ``gaussian-lab.js`` renders the same way.

    >>> rich_html("≈ 2.9×10⁻⁶ < x₁")
    '≈ 2.9×10<sup>−6</sup> &lt; x<sub>1</sub>'
    """

    def tag(match: re.Match) -> str:
        name = "sup" if match.group(1) else "sub"
        return f"<{name}>{match.group(0).translate(_PLAIN)}</{name}>"

    return _SCRIPT_RUN.sub(tag, html.escape(text))


def plain_text(text: str) -> str:
    """The ``textContent`` of :func:`rich_html`: the same text with plain digits.

    >>> plain_text("10⁻¹⁰")
    '10−10'
    """
    return _SCRIPT_RUN.sub(lambda match: match.group(0).translate(_PLAIN), text)


def density_window(sensitivity: float, sigma: float) -> float:
    """Half the width of the density chart's window: ``Δ/2 + 4σ`` (:data:`WINDOW_SIGMAS`)."""
    return 0.5 * sensitivity + WINDOW_SIGMAS * sigma


# --- rows of the charts (the script builds the same rows) ---------------------------------


def density_rows(sensitivity: float, sigma: float, eps: float) -> dict[str, list[dict]]:
    """Rows of the density chart, keyed by dataset name (:data:`DATASETS`).

    ``gauss_density``: ``{"y", "density", "who"}`` for ``p = N(−Δ/2, σ²)`` and
    ``q = N(Δ/2, σ²)`` at :data:`DENSITY_POINTS` points of ``[−Δ/2 − 4σ, Δ/2 + 4σ]``;
    ``gauss_event``: ``{"x1", "x2"}``, the visible part of the worst event ``y < t``,
    ``t = −εσ²/Δ`` (:func:`dplab.mechanisms.gaussian.worst_event_edge` minus Δ/2);
    ``gauss_excess``: ``{"who", "y", "top", "bottom"}``, ``p`` and ``e^ε q`` on the event (their
    gap integrates to δ(ε) over the whole half-line).  Δ = 0 has no event.
    """
    half = density_window(sensitivity, sigma)
    steps = DENSITY_POINTS - 1
    ys = np.array([-half + 2 * half * i / steps for i in range(DENSITY_POINTS)])
    p = gaussian.density(ys, -0.5 * sensitivity, sigma)
    q = gaussian.density(ys, 0.5 * sensitivity, sigma)
    rows = [
        {"y": float(y), "density": float(d), "who": label(key)}
        for key, values in (("gauss.law_p", p), ("gauss.law_q", q))
        for y, d in zip(ys, np.asarray(values), strict=True)
    ]
    event: list[dict] = []
    excess: list[dict] = []
    if sensitivity > 0:
        edge = -(eps * sigma * sigma) / sensitivity
        if edge > -half:
            event = [{"x1": -half, "x2": min(edge, half)}]
            points = [float(y) for y in ys if y < edge] + ([edge] if edge < half else [])
            for y in points:
                z_p = (y + 0.5 * sensitivity) / sigma
                z_q = (y - 0.5 * sensitivity) / sigma
                excess.append(
                    {
                        "who": label("gauss.excess"),
                        "y": y,
                        "top": math.exp(-0.5 * z_p * z_p) * _INV_SQRT_2PI / sigma,
                        "bottom": math.exp(eps - 0.5 * z_q * z_q) * _INV_SQRT_2PI / sigma,
                    }
                )
    return {DATASETS["density"]: rows, DATASETS["event"]: event, DATASETS["excess"]: excess}


# --- chart layers -----------------------------------------------------------------------


def chart_data(key: str, rows: list[dict]) -> alt.InlineData:
    """``rows`` as the named dataset ``DATASETS[key]`` that the lab's script replaces."""
    return alt.InlineData(values=rows, name=DATASETS[key])


def density_layers(
    sets: dict[str, list[dict]],
    *,
    width: int | str,
    height: int,
    excess: bool = True,
    x_title: bool = True,
) -> alt.LayerChart | alt.FacetChart:
    """The density chart's layers from :func:`density_rows`' datasets: both densities, the
    worst event shaded and the excess over it filled and named in the legend (the
    walkthrough and the lab); without the excess if ``excess`` is false (a panel that has
    none to draw); without the x axis's title if ``x_title`` is false (a panel above
    another with the same axis)."""
    style = series_style("who:N", [label("gauss.law_p"), label("gauss.law_q")], legend=KEY_LEGEND)
    x = alt.X(
        "y:Q",
        title=label("gauss.output_axis") if x_title else None,
        scale=alt.Scale(nice=False, zero=False),
        axis=alt.Axis(tickCount=8, labelOverlap=True),
    )
    y = alt.Y("density:Q", title=label("gauss.density_axis"))
    event = (
        alt.Chart(chart_data("event", sets[DATASETS["event"]]))
        .mark_rect(color="#8a8f98", opacity=0.18, aria=False)  # the description names it
        .encode(x="x1:Q", x2="x2:Q", y=alt.value(0), y2=alt.value(height))
    )
    event_label = (
        alt.Chart(chart_data("event", sets[DATASETS["event"]]))
        .mark_text(
            align="left",
            baseline="top",
            dx=4,
            dy=4,
            fontSize=SMALLEST_TEXT,
            aria=False,
        )
        .encode(x="x1:Q", y=alt.value(0), text=alt.value(label("gauss.event")))
    )
    # The excess named in the legend (its words over the area ran into the axis's numbers
    # when the event lies at the plot's left edge).
    excess_area = keyed(
        alt.Chart(chart_data("excess", sets[DATASETS["excess"]]))
        .mark_area(color=EXCESS_COLOUR, aria=False)
        .encode(x="y:Q", y="top:Q", y2="bottom:Q"),
        "opacity",
        label("gauss.excess"),
        0.55,
    )
    curves = (
        alt.Chart(chart_data("density", sets[DATASETS["density"]]))
        .mark_line(strokeWidth=2.5)
        .encode(
            x=x,
            y=y,
            **style,
            tooltip=[
                alt.Tooltip("who:N", title=label("chart.distribution")),
                alt.Tooltip("y:Q", format=".4g", title="y"),
                alt.Tooltip("density:Q", format=".4g", title=label("gauss.density_axis")),
            ],
        )
    )
    layers = [event, excess_area, curves, event_label] if excess else [event, curves, event_label]
    return alt.layer(*layers).properties(width=width, height=height)


# --- the walkthrough ----------------------------------------------------------------------


def _drawn(rows: list[dict]) -> list[dict]:
    """``rows`` with every float at 6 significant digits: what a drawn panel needs (the
    walkthrough's four panels repeat their data, so every digit counts on the page)."""
    return [
        {key: float(f"{v:.6g}") if isinstance(v, float) else v for key, v in row.items()}
        for row in rows
    ]


def density_table(caption: str) -> dict:
    """The reader's table of a density chart: y, p(y), q(y) (and p − e^ε·q on the event)."""
    return live_table(
        caption,
        DATASETS["density"],
        column("y", "y"),
        [
            column(label("gauss.table_p"), "density", where={"who": label("gauss.law_p")}),
            column(label("gauss.table_q"), "density", where={"who": label("gauss.law_q")}),
        ],
    )


def _loss_table(caption: str) -> dict:
    return live_table(
        caption, "gauss_loss", column("y", "y"), [column(label("gauss.loss_axis"), "loss")]
    )


def walkthrough_chart(
    sensitivity: float = 1.0, sigma: float = 1.0, eps: float = 1.0, *, width: int = WIDTH
) -> Walkthrough:
    """A figure in four steps, one panel each (:class:`~dplab.views.Walkthrough`):

    1. the two output densities ``p = N(−Δ/2, σ²)``, ``q = N(Δ/2, σ²)``;
    2. below them, the privacy loss ``L(y) = ln p(y)/q(y)``, a straight line without bound;
    3. the worst event, the half-line where ``L(y) > ε`` (grey), with the line ``L = ε``;
    4. the excess ``p − e^ε q`` on the event, whose area is δ(ε).
    """
    sets = {name: _drawn(rows) for name, rows in density_rows(sensitivity, sigma, eps).items()}
    no_event = {**sets, DATASETS["event"]: [], DATASETS["excess"]: []}
    event_only = {**sets, DATASETS["excess"]: []}
    half = density_window(sensitivity, sigma)
    ys = [row["y"] for row in sets[DATASETS["density"]][:DENSITY_POINTS]]
    losses = gaussian.privacy_loss(np.array(ys) + 0.5 * sensitivity, sensitivity, sigma)
    loss_rows = _drawn(
        [
            {"y": y, "loss": float(loss), "what": label("gauss.loss")}
            for y, loss in zip(ys, np.asarray(losses), strict=True)
        ]
    )
    x = alt.X(
        "y:Q", title=label("gauss.output_axis"), scale=alt.Scale(domain=[-half, half], nice=False)
    )
    y = alt.Y("loss:Q", title=label("gauss.loss_axis"))
    edge = -(eps * sigma * sigma) / sensitivity
    eps_rows = pd.DataFrame([{"loss": eps, "text": label("gauss.eps_line", eps=f"{eps:g}")}])

    def loss_panel(with_event: bool) -> alt.LayerChart | alt.FacetChart:
        line = keyed(
            alt.Chart(alt.InlineData(values=loss_rows, name="gauss_loss"))
            .mark_line(strokeWidth=2.5)
            .encode(
                x=x,
                y=y,
                tooltip=[
                    alt.Tooltip("y:Q", title=label("gauss.output_axis"), format=".3g"),
                    alt.Tooltip("loss:Q", title=label("gauss.loss_axis"), format=".3g"),
                ],
            ),
            "color",
            label("gauss.loss"),
        )
        layers: list[alt.Chart] = [line]
        if with_event:
            region = keyed(
                alt.Chart(pd.DataFrame([{"x1": -half, "x2": min(edge, half)}]))
                .mark_rect(color="#8a8f98")
                .encode(x="x1:Q", x2="x2:Q"),
                "opacity",
                label("gauss.event"),
                0.18,
            )
            rule = (
                alt.Chart(eps_rows).mark_rule(strokeDash=[6, 3], strokeWidth=2).encode(y="loss:Q")
            )
            text = (
                alt.Chart(eps_rows)
                .mark_text(align="right", dx=-4, dy=-8, fontSize=SMALLEST_TEXT)
                .encode(y="loss:Q", x=alt.value("width"), text="text:N")
            )
            layers = [region, line, rule, text]
        return alt.layer(*layers).properties(
            width=width, height=120, title=label("gauss.walk_loss")
        )

    def densities(
        rows: dict[str, list[dict]], height: int, above: bool = False
    ) -> alt.LayerChart | alt.FacetChart:
        drawn = rows is sets  # only the last step draws the excess
        return density_layers(
            rows, width=width, height=height, excess=drawn, x_title=not above
        ).properties(title=label("gauss.walk_densities"))

    numbers = {
        "sensitivity": f"{sensitivity:g}",
        "sigma": f"{sigma:g}",
        "eps": f"{eps:g}",
        "edge": f"{edge:g}",
        "delta": float_text(gaussian.delta(sensitivity, sigma, eps)),
    }
    density_caption = label("gauss.walk_densities")
    loss_caption = label("gauss.walk_loss")
    panels = (
        with_tables(
            densities(no_event, 220).properties(
                description=label("gauss.desc_walk_densities", **numbers)
            ),
            density_table(density_caption),
        ),
        with_tables(
            alt.vconcat(densities(no_event, 130, above=True), loss_panel(False), spacing=12)
            .resolve_scale(color="independent", strokeDash="independent")  # own legends
            .properties(description=label("gauss.desc_walk_loss", **numbers)),
            density_table(density_caption),
            _loss_table(loss_caption),
        ),
        with_tables(
            alt.vconcat(densities(event_only, 130, above=True), loss_panel(True), spacing=12)
            .resolve_scale(color="independent", strokeDash="independent")  # own legends
            .properties(description=label("gauss.desc_walk_event", **numbers)),
            density_table(density_caption),
            _loss_table(loss_caption),
        ),
        with_tables(
            densities(sets, 220).properties(description=label("gauss.desc_walk_excess", **numbers)),
            density_table(density_caption),
            live_table(
                label("gauss.excess"),
                DATASETS["excess"],
                column("y", "y"),
                [
                    column(label("gauss.table_p"), "top"),
                    column(label("gauss.table_scaled_q"), "bottom"),
                ],
            ),
        ),
    )
    return Walkthrough(panels)


# --- tables -------------------------------------------------------------------------------


def calibration_table(sensitivity: float, eps_values: Sequence[float], delta: float) -> Styler:
    """For one target δ: the exact smallest σ (:func:`dplab.mechanisms.gaussian.sigma_for`) next to
    the classic ``σ = √(2 ln(1.25/δ))·Δ/ε`` (only for 0 < ε < 1) and the δ(ε) that the classic σ
    really gives, from :func:`dplab.mechanisms.gaussian.compare_calibrations`.  Four narrow columns,
    so
    that the table fits a phone; cells do not wrap."""
    rows = []
    for eps in eps_values:
        c = gaussian.compare_calibrations(sensitivity, eps, delta)
        if c.classic_sigma is None or c.classic_log_delta is None:  # None together
            classic, achieved = label("gauss.classic_na"), "—"
        else:
            classic_log = c.classic_log_delta / _LN10
            classic = float_text(c.classic_sigma, 4)
            achieved = "≈ " + (
                float_text(10**classic_log, 2) if classic_log > -300 else tiny_text(classic_log)
            )
        rows.append(
            {
                "ε": f"{eps:g}",
                label("gauss.col_exact_sigma"): float_text(c.exact_sigma, 4),
                label("gauss.col_classic_sigma"): classic,
                label("gauss.col_classic_delta"): rich_html(achieved),
            }
        )
    return (
        pd.DataFrame(rows)
        .style.hide(axis="index")
        .set_table_styles([{"selector": "td", "props": "white-space: nowrap;"}])
    )
