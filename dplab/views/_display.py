"""How lesson objects are shown: one renderer and theme policy for every chart and table.

Charts are Altair objects.  The ``dplab`` Altair renderer turns a chart into a ``<div>``
holding its Vega-Lite spec as inline JSON; the site's own copy of vega/vega-lite/
vega-embed draws it (no CDN, works from ``file://``).  Colours and fonts are *not* baked
into the spec: the page applies :data:`CHART_THEMES` ``["light"]`` or ``["dark"]`` at draw
time and redraws when the reader switches Material's palette.

Tables are pandas DataFrames or Stylers, rendered to HTML with stable ids so that two
builds are byte-identical.
"""

from __future__ import annotations

import hashlib
import html
import json
from typing import Any

import altair as alt

from dplab.views._walkthrough import Walkthrough

__all__ = [
    "CHART_THEMES",
    "VEGALITE_MIME",
    "chart_html",
    "enable",
    "mimebundle",
]

VEGALITE_MIME = f"application/vnd.vegalite.v{alt.SCHEMA_VERSION.lstrip('v').split('.')[0]}+json"

FONT_STACK = (
    '-apple-system, BlinkMacSystemFont, "Apple SD Gothic Neo", "Malgun Gothic", '
    '"Noto Sans KR", "NanumGothic", Helvetica, Arial, sans-serif'
)

_COMMON: dict[str, Any] = {
    "font": FONT_STACK,
    "background": None,
    "view": {"stroke": None},
    "axis": {"labelFontSize": 12, "titleFontSize": 13, "titleFontWeight": "normal"},
    "legend": {"labelFontSize": 12, "titleFontSize": 12, "orient": "top"},
    "title": {"fontSize": 15, "fontWeight": "bold", "anchor": "start"},
}


def _scheme(text: str, grid: str, categories: list[str]) -> dict[str, Any]:
    return {
        **_COMMON,
        "axis": {
            **_COMMON["axis"],
            "labelColor": text,
            "titleColor": text,
            "domainColor": grid,
            "tickColor": grid,
            "gridColor": grid,
        },
        "legend": {**_COMMON["legend"], "labelColor": text, "titleColor": text},
        "title": {**_COMMON["title"], "color": text, "subtitleColor": text},
        "text": {"color": text},
        "range": {"category": categories},
        "mark": {"color": categories[0]},
    }


# Material's default (light) and slate (dark) schemes; category colours pass WCAG
# contrast against each background.
CHART_THEMES: dict[str, dict[str, Any]] = {
    "light": _scheme("#1f2330", "#d5d8e0", ["#1f5fbf", "#d9480f", "#2b8a3e", "#862e9c", "#5c5f66"]),
    "dark": _scheme("#e2e4ea", "#454a5a", ["#74a9ff", "#ff9f5a", "#69db7c", "#da77f2", "#adb5bd"]),
}


def _escape_json_for_html(spec: dict[str, Any]) -> str:
    text = json.dumps(spec, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def chart_html(spec: dict[str, Any]) -> str:
    """The ``<div>`` that the site's chart script draws: spec inline, accessible label."""
    payload = _escape_json_for_html(spec)
    chart_id = "chart-" + hashlib.sha256(payload.encode()).hexdigest()[:12]
    description = spec.get("description", "")
    aria = f' aria-label="{html.escape(str(description))}"' if description else ""
    return (
        f'<div class="dplab-chart" id="{chart_id}" role="figure"{aria}>'
        f'<script type="application/json">{payload}</script></div>'
    )


def _renderer(spec: dict[str, Any], **_metadata: Any) -> dict[str, Any]:
    if not str(spec.get("description", "")).strip():
        raise ValueError(
            "every chart needs a text description for readers who cannot see it: "
            "set it with chart.properties(description=...)"
        )
    return {"text/html": chart_html(spec), VEGALITE_MIME: spec, "text/plain": "<Chart>"}


def _theme() -> alt.theme.ThemeConfig:
    # Layout only: colours come from CHART_THEMES at draw time in the browser.
    return {"config": {"view": {"continuousWidth": 480, "continuousHeight": 300}}}


def enable() -> None:
    """Make the ``dplab`` renderer and layout theme Altair's active ones."""
    if "dplab" not in alt.renderers.names():
        alt.renderers.register("dplab", _renderer)
    alt.renderers.enable("dplab")
    alt.theme.register("dplab", enable=True)(_theme)
    alt.data_transformers.disable_max_rows()


def _table_html(obj: Any) -> str:
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        plain_index = isinstance(obj.index, pd.RangeIndex)
        obj = obj.style
        if plain_index:
            obj = obj.hide(axis="index")
    digest = hashlib.sha256(obj.data.to_json().encode()).hexdigest()[:8]
    obj.set_uuid(f"t{digest}")
    return obj.to_html(table_attributes='class="dplab-table"')


def mimebundle(obj: object) -> dict[str, Any]:
    """The output of ``obj`` as a Jupyter MIME bundle (``text/plain`` always present).

    >>> mimebundle(3)
    {'text/plain': '3'}
    """
    if obj is None:
        return {}
    if isinstance(obj, alt.TopLevelMixin):
        enable()
        return _renderer(obj.to_dict())
    kind = type(obj).__module__.split(".")[0]
    if kind == "pandas" and type(obj).__name__ in ("DataFrame", "Styler"):
        return {"text/html": _table_html(obj), "text/plain": repr(getattr(obj, "data", obj))}
    if isinstance(obj, Walkthrough):
        return obj._repr_mimebundle_()
    if hasattr(obj, "_repr_html_"):
        return {"text/html": obj._repr_html_(), "text/plain": repr(obj)}
    return {"text/plain": repr(obj)}
