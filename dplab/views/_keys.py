"""A legend entry for a mark drawn in one fixed style (a grey region, a dashed bound, a
marked point): every mark of a chart is named in a legend or by a text label beside it,
and legend symbols differ by more than colour (a dash, a fill, a shape).

Vega-Lite makes legends only from scales, so the mark gets a constant field of its own
(its words), encoded on ``channel`` with a one-entry scale whose range is the mark's
``symbol``: ``strokeDash`` a dash pattern, ``opacity`` a fill, ``shape`` a point shape.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import altair as alt

__all__ = ["KEY_LEGEND", "keyed", "series_style"]

KEY_LEGEND = alt.Legend(orient="bottom", title=None, labelLimit=0)
"""Where the entries go: under the chart, words whole (a phone wraps the legend)."""

# The symbol of a fill (a region) and of a solid line (not the dot a line with points gets).
_SYMBOLS = {"opacity": "square", "color": "stroke"}
_CHANNELS = {
    "color": alt.Color,
    "strokeDash": alt.StrokeDash,
    "opacity": alt.Opacity,
    "shape": alt.Shape,
}


def keyed(chart: alt.Chart, channel: str, words: str, symbol: object = None) -> alt.Chart:
    """``chart`` (one layer) with the legend entry ``words``, shown by ``symbol`` on
    ``channel`` (one of ``strokeDash``, ``opacity``, ``shape``; or ``color`` without a
    symbol: the theme's first colour, for a solid line among dashed or filled marks).  A
    layered view shares one scale per channel among its layers: key at most one mark of a
    view on each channel.

    >>> spec = keyed(alt.Chart().mark_point(), "shape", "고른 검정", "diamond").to_dict()
    >>> spec["encoding"]["shape"]["scale"]
    {'domain': ['고른 검정'], 'range': ['diamond'], 'type': 'ordinal'}
    >>> spec["transform"]
    [{'calculate': '"고른 검정"', 'as': 'key_shape'}]
    """
    field = f"key_{channel}"
    return chart.transform_calculate(**{field: json.dumps(words, ensure_ascii=False)}).encode(
        **{
            channel: _CHANNELS[channel](
                f"{field}:{'O' if channel == 'opacity' else 'N'}",
                scale=alt.Scale(
                    type="ordinal",
                    domain=[words],
                    range=alt.Undefined if symbol is None else [symbol],
                ),
                legend=alt.Legend(**KEY_LEGEND.to_dict(), symbolType=_SYMBOLS[channel])
                if channel in _SYMBOLS
                else KEY_LEGEND,
            )
        }
    )


def series_style(field: str, order: Sequence[str], legend: Any = alt.Undefined) -> dict[str, Any]:
    """The ``color`` and ``strokeDash`` encodings of the series named by ``field``, in the
    order ``order``: each series has a colour and a dash of its own, and the two share one
    legend (Vega-Lite merges legends whose scales have the same domain, not a sort) whose
    symbols are strokes, so that they show the dash (a line with points would get dots).

    >>> style = series_style("what:N", ["a", "b"])
    >>> sorted(style), style["color"].to_dict()["legend"]
    (['color', 'strokeDash'], {'symbolType': 'stroke'})
    """
    scale = alt.Scale(domain=list(order))
    shown = {} if legend is alt.Undefined else legend.to_dict()
    legend = None if legend is None else alt.Legend(**{**shown, "symbolType": "stroke"})
    return {
        "color": alt.Color(field, title=None, scale=scale, legend=legend),
        "strokeDash": alt.StrokeDash(field, title=None, scale=scale, legend=legend),
    }
