"""A legend entry for a mark drawn in one fixed style (a grey region, a dashed bound, a
marked point): every mark of a chart is named in a legend or by a text label beside it,
and legend symbols differ by more than colour (a dash, a fill, a shape).

Vega-Lite makes legends only from scales, so the mark gets a constant field of its own
(its words), encoded on ``channel`` with a one-entry scale whose range is the mark's
``symbol``: ``strokeDash`` a dash pattern, ``opacity`` a fill, ``shape`` a point shape.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import altair as alt

__all__ = ["KEY_LEGEND", "Key", "keyed", "series_style"]

KEY_LEGEND = alt.Legend(orient="bottom", title=None, labelLimit=0)
"""Where the entries go: under the chart, words whole (a phone wraps the legend)."""

# The symbol of a fill (a region) and of a solid line (not the dot a line with points gets).
_SYMBOLS = {"opacity": "square", "color": "stroke"}
_CHANNELS = {
    "color": alt.Color,
    "strokeDash": alt.StrokeDash,
    "opacity": alt.Opacity,
    "shape": alt.Shape,
    "stroke": alt.Stroke,
    "fillOpacity": alt.FillOpacity,
}
# What an entry of a :class:`Key` that does not style a channel shows on it.
_PLAIN: dict[str, object] = {"strokeDash": [1, 0], "fillOpacity": 1, "opacity": 1}


def keyed(
    chart: alt.Chart, channel: str, words: str, symbol: str | float | list[float] | None = None
) -> alt.Chart:
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
    encodings: dict[str, Any] = {
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
    calculated = chart.transform_calculate(**{field: json.dumps(words, ensure_ascii=False)})
    return calculated.encode(**encodings)


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


@dataclass(frozen=True)
class Key:
    """One legend for several marks of a view, each drawn in a fixed style of its own (a
    filled bar, a hollow bar, a dashed outline): one shared domain, the marks' words in
    order, and a range per channel, so that Vega-Lite draws one legend (it merges legends
    whose scales have the same domain) whose symbols differ by each styled channel.

    ``entries`` are ``(words, style)``, a style mapping channels (``strokeDash``,
    ``fillOpacity``, ``shape``, ``opacity``, ``color``) to the entry's value; a channel one
    entry styles gets a range for all (:data:`_PLAIN` for those that leave it out).
    Colours are the theme's, in the entries' order, unless every entry names one.
    ``outline`` strokes each mark in its colour too (a hollow bar keeps its edge) and
    draws the symbols as outlines, in the entry's colour and dash: Vega-Lite makes no
    legend of ``fillOpacity``, so entries told apart by their fill also need a dash.
    ``columns`` wraps the entries (a phone has no room for a long row).

    >>> key = Key((("P", {}), ("Q", {"strokeDash": [4, 2]})), outline=True).encoding("who")
    >>> sorted(key), key["strokeDash"].to_dict()["scale"]["range"]
    (['color', 'stroke', 'strokeDash'], [[1, 0], [4, 2]])
    >>> key["color"].to_dict()["scale"]["domain"], key["color"].to_dict()["legend"]
    (['P', 'Q', ''], None)
    """

    entries: tuple[tuple[str, Mapping[str, object]], ...]
    symbol: str = "square"
    outline: bool = False
    columns: int | None = None

    @property
    def words(self) -> list[str]:
        return [words for words, _ in self.entries]

    def _range(self, channel: str) -> Any:
        values = [style.get(channel, _PLAIN.get(channel)) for _, style in self.entries]
        return alt.Undefined if None in values else values

    def encoding(self, field: str) -> dict[str, Any]:
        """The encodings of a layer whose marks' words are in ``field``."""
        channels = ["color"] + (["stroke"] if self.outline else [])
        channels += sorted({c for _, style in self.entries for c in style} - {"color"})
        columns: dict[str, Any] = {} if self.columns is None else {"columns": self.columns}
        legend = alt.Legend(**KEY_LEGEND.to_dict(), symbolType=self.symbol, **columns)
        if self.outline:
            legend = alt.Legend(**legend.to_dict(), symbolFillColor="transparent")

        def scale(channel: str) -> alt.Scale:
            # Vega-Lite merges the legends of scales with one domain into the legend of
            # the first (colour); with an outline, the fill's colour scale gets a domain of
            # its own (an entry never drawn), so that the legend is the stroke's.
            unmerged = self.outline and channel == "color"
            return alt.Scale(
                type="ordinal",
                domain=[*self.words, ""] if unmerged else self.words,
                range=self._range("color" if channel == "stroke" else channel),
            )

        return {
            channel: _CHANNELS[channel](
                f"{field}:N",
                scale=scale(channel),
                legend=None if self.outline and channel == "color" else legend,
            )
            for channel in channels
        }
