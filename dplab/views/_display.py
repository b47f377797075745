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

import contextlib
import hashlib
import html
import json
import re
from typing import TYPE_CHECKING, Any, cast

import altair as alt

from dplab.views._labels import use_language
from dplab.views._walkthrough import Walkthrough

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

__all__ = [
    "CHART_THEMES",
    "SMALLEST_TEXT",
    "VEGALITE_MIME",
    "chart_bundle",
    "chart_html",
    "chart_spec",
    "enable",
    "fit_width",
    "mimebundle",
    "stacked_on_phones",
]

VEGALITE_MIME = f"application/vnd.vegalite.v{alt.SCHEMA_VERSION.lstrip('v').split('.')[0]}+json"

FONT_STACK = (
    '-apple-system, BlinkMacSystemFont, "Apple SD Gothic Neo", "Malgun Gothic", '
    '"Noto Sans KR", "NanumGothic", Helvetica, Arial, sans-serif'
)

SMALLEST_TEXT = 14
"""The smallest text of a chart's axes and legends, in CSS pixels: the page's small text
(0.7rem), so that tick labels such as ``10³`` stay legible on a phone."""

_COMMON: dict[str, Any] = {
    "font": FONT_STACK,
    "background": None,
    "view": {"stroke": None},
    "axis": {
        "labelFontSize": SMALLEST_TEXT,
        "titleFontSize": SMALLEST_TEXT + 1,
        "titleFontWeight": "normal",
    },
    "legend": {
        "labelFontSize": SMALLEST_TEXT,
        "titleFontSize": SMALLEST_TEXT,
        "orient": "top",
        # Legends under a chart (a key of several one-entry legends) one below the other,
        # so that a phone shows them all.
        "layout": {"bottom": {"direction": "vertical", "anchor": "start"}},
    },
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


_VIEW_KEYS = ("mark", "layer")
_FIT = {"type": "fit-x", "contains": "padding"}


def _stretched(view: dict[str, Any]) -> dict[str, Any]:
    """One panel (a single or layered view) as wide as its container."""
    return {**view, "width": "container"} if any(k in view for k in _VIEW_KEYS) else view


# A line of a chart's words (an axis title, a legend entry) holds at most this many units,
# a wide (Hangul, CJK) character counting two: about 200 px of 14-15 px text, what the
# narrowest chart (a walkthrough step on a 360 px phone) leaves beside a legend's symbol
# or under a plot (the build's pictures estimate 0.8 em a character: 26 units fit 300 px).
LINE_UNITS = 26
_WIDE = re.compile(r"[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uffef]")
# Legend entries come from the data: the same wrapping in Vega's expressions, by characters
# (half as many for words with a wide character).
_WRAP_LABEL = (
    r"split(trim(replace(datum.label, regexp('(.{1,' + "
    rf"(test(regexp('[\u3131-\ud7a3]'), datum.label) ? {LINE_UNITS // 2} : {LINE_UNITS})"
    r" + '})(\\s+|$)', 'g'), '$1\n')), '\n')"
)
_LEGEND_CHANNELS = (
    "color",
    "fill",
    "stroke",
    "shape",
    "strokeDash",
    "opacity",
    "fillOpacity",
    "size",
)


def _units(text: str) -> int:
    return len(text) + len(_WIDE.findall(text))


def wrapped(text: str, units: int = LINE_UNITS) -> str | list[str]:
    """``text`` broken at spaces into lines of at most ``units`` (a wide character counts
    two; a word longer than that stays whole): itself if it fits on one line.

    >>> wrapped("output y (midpoint of the two centres at 0)")
    ['output y (midpoint of the', 'two centres at 0)']
    >>> wrapped("출력 y (두 중심의 가운데를 0으로)")
    ['출력 y (두 중심의 가운데를', '0으로)']
    """
    if _units(text) <= units:
        return text
    lines: list[str] = []
    for word in text.split(" "):
        if lines and _units(lines[-1] + " " + word) <= units:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# The narrowest plot (a walkthrough step on a 360 px phone, less its y axis), and what a
# legend entry takes of a row: its symbol and gaps, and about 7.5 px a unit of its words.
_ROW_PX = 200


def _fits_a_row(entries: object) -> bool:
    """Whether legend entries, if known (a scale's domain), fit in one row of the
    narrowest plot.

    >>> _fits_a_row(["P", "Q (neighbour)"]), _fits_a_row(["p: output of D", "q: output of D′"])
    (True, False)
    """
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        return False
    return sum(28 + 7.5 * _units(entry) for entry in entries) <= _ROW_PX


# The keys that make a spec node a view (or a composition of views), whose "title" is the
# chart's title; elsewhere (an encoding channel) "title" names a field.
_TITLED_KEYS = frozenset(
    {"mark", "layer", "hconcat", "vconcat", "concat", "facet", "repeat", "data"}
)


def _words_fit(node: object) -> object:
    """``node`` (a spec or a part of one) with its words laid out for any box (a new
    object): chart and axis titles broken into lines (:func:`wrapped`), legend entries whole
    (no ``labelLimit``), broken into lines likewise, one to a line above or under the
    plot unless they surely fit in one row (:func:`_fits_a_row`)."""
    if isinstance(node, list):
        return [_words_fit(item) for item in node]
    if not isinstance(node, dict):
        return node
    fitted = {key: _words_fit(value) for key, value in node.items()}
    if _TITLED_KEYS.intersection(fitted):  # a view or a composition of views: its own title
        title = fitted.get("title")
        if isinstance(title, str):
            fitted["title"] = wrapped(title)
        elif isinstance(title, dict) and isinstance(title.get("text"), str):
            fitted["title"] = {**title, "text": wrapped(title["text"])}
    encoding = fitted.get("encoding")
    if isinstance(encoding, dict):
        encoding = dict(encoding)
        for channel, definition in encoding.items():
            if not isinstance(definition, dict):
                continue
            definition = dict(definition)
            if channel in ("x", "y") and isinstance(definition.get("title"), str):
                definition["title"] = wrapped(definition["title"])
            axis = definition.get("axis")
            if (
                channel in ("x", "y")
                and isinstance(axis, dict)
                and isinstance(axis.get("title"), str)
            ):
                definition["axis"] = {**axis, "title": wrapped(axis["title"])}
            if channel in _LEGEND_CHANNELS and "field" in definition:
                legend = definition.get("legend", {})
                if isinstance(legend, dict):
                    legend = {**legend, "labelLimit": 0, "labelExpr": _WRAP_LABEL}
                    domain = definition.get("scale", {}).get("domain")
                    row = legend.get("orient", "top") in ("top", "bottom")
                    if row and not _fits_a_row(domain):
                        legend["columns"] = 1  # a row of entries passed a phone's plot
                    definition["legend"] = legend
            encoding[channel] = definition
        fitted["encoding"] = encoding
    return fitted


def fit_width(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` laid out for the width of the page it is drawn in (a new dict).

    Every panel takes the width of its container (Vega-Lite ``width: "container"``) and the
    whole chart, axes and legends included, fits it (``autosize: fit-x``): the plot
    narrows on a phone while text keeps the theme's sizes.  Panels side by side
    (``hconcat``) keep their widths on a wide page; the spec also carries them stacked
    (``usermeta.dplab.narrow``, a ``vconcat`` of stretched panels) with the width below
    which the chart script draws that instead (``usermeta.dplab.stack_below``, the
    panels' widths plus room for axes).  Heights and other settings are kept.

    >>> fit_width({"mark": "line", "width": 320})["width"]
    'container'
    >>> narrow = fit_width({"hconcat": [{"mark": "bar", "width": 200}] * 2})["usermeta"]["dplab"]
    >>> narrow["stack_below"], narrow["narrow"]["vconcat"][0]["width"]
    (560, 'container')
    """
    spec = cast(dict[str, Any], _words_fit(spec))  # a dict in, a dict out
    fitted = {**spec, "autosize": spec.get("autosize", _FIT)}
    if "hconcat" in spec:
        panels = spec["hconcat"]
        wide = sum(
            panel.get("width", 300) if isinstance(panel.get("width"), int) else 300
            for panel in panels
        )
        meta = dict(spec.get("usermeta", {}))
        meta["dplab"] = {
            **meta.get("dplab", {}),
            "narrow": {"vconcat": [_stretched(panel) for panel in panels]},
            "stack_below": wide + 80 * len(panels),
        }
        fitted["usermeta"] = meta
        return fitted
    if "vconcat" in spec:
        fitted["vconcat"] = [_stretched(panel) for panel in spec["vconcat"]]
        return fitted
    return _stretched(fitted)


COLUMN_PICTURE_WIDTHS = {"wide": 325, "narrow": 264}
"""The widths at which the build draws a chart that fills a narrow column (a lab's charts,
a walkthrough's panels: about 325 px on a desktop, beside the lab's controls or the step's
text; on a phone the page's column at its narrowest, 360 px): :mod:`dplab.site.pictures`
otherwise draws it as wide as a lesson's text, and a 616 px picture shown in a 325 px
column made 14 px text 7.5 px."""


def in_column(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` marked as shown in a narrow column (:data:`COLUMN_PICTURE_WIDTHS`)."""
    meta = dict(spec.get("usermeta", {}))
    meta["dplab"] = {**meta.get("dplab", {}), "picture_widths": COLUMN_PICTURE_WIDTHS}
    return {**spec, "usermeta": meta}


def chart_html(spec: dict[str, Any], *, column: bool = False) -> str:
    """The ``<div>`` that the site's chart script draws: spec inline (laid out for the
    page's width by :func:`fit_width`), accessible label; ``column``: the chart is shown
    in a narrow column (:func:`in_column`)."""
    spec = fit_width(in_column(spec) if column else spec)
    payload = _escape_json_for_html(spec)
    chart_id = "chart-" + hashlib.sha256(payload.encode()).hexdigest()[:12]
    description = spec.get("description", "")
    aria = f' aria-label="{html.escape(str(description))}"' if description else ""
    return (
        f'<div class="dplab-chart" id="{chart_id}" role="figure"{aria}>'
        f'<script type="application/json">{payload}</script></div>'
    )


_INLINE_SPEC = re.compile(r'<script type="application/json">(?P<spec>.*?)</script>', re.S)


def chart_bundle(chart: str) -> dict[str, Any]:
    """The MIME bundle of a chart written by :func:`chart_html`: that ``<div>`` for the
    site, its spec for Jupyter.

    >>> bundle = chart_bundle(chart_html({"mark": "bar", "description": "a < b"}))
    >>> bundle[VEGALITE_MIME]["description"], bundle["text/plain"]
    ('a < b', '<Chart>')
    """
    found = _INLINE_SPEC.search(chart)
    if found is None:
        raise ValueError("the chart's HTML holds no inline Vega-Lite spec")
    spec = json.loads(found["spec"])
    return {"text/html": chart, VEGALITE_MIME: spec, "text/plain": "<Chart>"}


def chart_bundle_of_spec(spec: dict[str, Any], **_metadata: Any) -> dict[str, Any]:
    """The course's Altair renderer: a chart's MIME bundle (its HTML, its Vega-Lite spec and
    a plain-text stand-in) from its spec; refuses a chart without a text description."""
    if not str(spec.get("description", "")).strip():
        raise ValueError(
            "every chart needs a text description for readers who cannot see it: "
            "set it with chart.properties(description=...)"
        )
    return {"text/html": chart_html(spec), VEGALITE_MIME: spec, "text/plain": "<Chart>"}


def _theme() -> alt.theme.ThemeConfig:
    # Layout only: colours come from CHART_THEMES at draw time in the browser.
    return {"config": {"view": {"continuousWidth": 480, "continuousHeight": 300}}}


def enable(language: str | None = None) -> contextlib.ExitStack:
    """Make the ``dplab`` renderer, the layout theme and the data policy (no row limit)
    Altair's active ones, and ``language``, if given, the language of the views' words
    (:func:`dplab.views.use_language`; Korean unless a language is chosen), until the
    process ends; or, used as ``with enable():``, only inside the
    block, after which the previous settings are back.

    Importing :mod:`dplab` changes none of them: the site build calls this before a lesson
    runs, and each notebook's first code cell does.  (Charts that the views turn into HTML
    take their spec by :func:`chart_spec`, so they come out the same either way.)
    """
    if "dplab" not in alt.renderers.names():
        alt.renderers.register("dplab", chart_bundle_of_spec)
    if "dplab" not in alt.theme.names():
        alt.theme.register("dplab", enable=False)(_theme)
    settings = contextlib.ExitStack()
    settings.enter_context(alt.renderers.enable("dplab"))  # type: ignore[arg-type]  # altair's PluginEnabler is a context manager
    settings.enter_context(alt.theme.enable("dplab"))  # type: ignore[arg-type]  # altair's PluginEnabler is a context manager
    settings.enter_context(alt.data_transformers.disable_max_rows())  # type: ignore[arg-type]  # altair's PluginEnabler is a context manager
    if language is not None:
        settings.enter_context(use_language(language))
    return settings


def chart_spec(chart: alt.TopLevelMixin) -> dict[str, Any]:
    """The Vega-Lite spec of ``chart`` with the course's theme and data policy, whether or
    not :func:`enable` is in force where it is called."""
    with enable():
        return chart.to_dict()


_CARDS = 'data-dplab-layout="cards"'


def stacked_on_phones(styler: Styler) -> Styler:
    """Mark the table of ``styler`` to show each row as a card on a phone: one line
    "column title: value" per cell (``dplab.css``), so that no column of a record-like
    table (a certificate row, a case) hides off-screen.  Wider screens show the table."""
    return styler.set_table_attributes(_CARDS)


_HEADING = re.compile(r'<th id="T_\w+_level0_col(\d+)" class="col_heading[^"]*" >(.*?)</th>', re.S)
_CELL = re.compile(r'(<td id="T_\w+_row\d+_col(\d+)" class="[^"]*")')


def _label_cells(table: str) -> str:
    """Give each data cell its column title as ``data-label`` (shown by the cards)."""
    titles = {
        int(col): html.unescape(re.sub(r"<[^>]*>", "", text))
        for col, text in _HEADING.findall(table)
    }
    return _CELL.sub(
        lambda m: f'{m.group(1)} data-label="{html.escape(titles.get(int(m.group(2)), ""))}"', table
    )


def _table_html(obj: Any) -> str:
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        plain_index = isinstance(obj.index, pd.RangeIndex)
        obj = obj.style
        if plain_index:
            obj = obj.hide(axis="index")
    digest = hashlib.sha256(obj.data.to_json().encode()).hexdigest()[:8]
    obj.set_uuid(f"t{digest}")
    cards = obj.table_attributes == _CARDS
    table = obj.to_html(table_attributes='class="dplab-table"' + (f" {_CARDS}" if cards else ""))
    return _label_cells(table) if cards else table


def mimebundle(obj: object) -> dict[str, Any]:
    """The output of ``obj`` as a Jupyter MIME bundle (``text/plain`` always present).

    >>> mimebundle(3)
    {'text/plain': '3'}
    """
    if obj is None:
        return {}
    if isinstance(obj, alt.TopLevelMixin):
        return chart_bundle_of_spec(chart_spec(obj))
    kind = type(obj).__module__.split(".")[0]
    if kind == "pandas" and type(obj).__name__ in ("DataFrame", "Styler"):
        return {"text/html": _table_html(obj), "text/plain": repr(getattr(obj, "data", obj))}
    if isinstance(obj, Walkthrough) or hasattr(obj, "_repr_mimebundle_"):
        return obj._repr_mimebundle_()
    if hasattr(obj, "_repr_html_"):
        return {"text/html": obj._repr_html_(), "text/plain": repr(obj)}
    return {"text/plain": repr(obj)}
