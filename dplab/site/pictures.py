"""A picture of every chart, drawn at build time, shown until the reader needs the chart.

Drawing a chart in the page costs the reader the Vega libraries (about 830 KB of script)
and a long task of the browser's main thread for each chart; a lesson's charts would make
a phone wait seconds before it responds.  So the build draws each chart once per palette
with the same vega and vega-lite the site serves (:mod:`dplab.site.node_batch`, cached),
writes the SVGs to ``assets/generated/charts/`` and puts them in the chart's ``<div>`` as
one ``<picture>`` per palette (``loading="lazy"``: a picture is fetched when it comes near
the viewport, and only the one of the palette shown, at a phone's width on a phone).
``charts.js`` replaces the picture by the live chart
(tooltips, export, table view, sliders) as soon as the reader points at it, focuses it
or touches it (a walkthrough's panels too); charts that exist to be operated
(a chart with its own sliders, marked ``data-dplab-live`` here, and the charts of labs)
are drawn live when they come near the viewport, with their picture shown until then.
Before printing every chart is drawn.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

from dplab.site.node_batch import NodeBatchRenderer
from dplab.views import CHART_THEMES

__all__ = ["ChartPictureError", "ChartPictures", "add_pictures", "pictures"]

# The <div> of dplab.views._display.chart_html, with its inline spec (its attributes in
# any order: a notebook page's HTML has been through another serializer).
_CHART = re.compile(
    r'<div(?P<attrs>[^>]*\sclass="dplab-chart"[^>]*)>\s*'
    r'<script type="application/json">(?P<spec>.*?)</script>',
    re.DOTALL,
)
_ID = re.compile(r'\sid="(chart-[0-9a-f]{12})"')
_SIZE = re.compile(r'<svg[^>]*\swidth="(\d+(?:\.\d+)?)"[^>]*\sheight="(\d+(?:\.\d+)?)"')


# A chart as wide as its container (Vega-Lite ``width: "container"``) is drawn twice per
# palette: as wide as a lesson's text column on a desktop, and on a phone.  A phone
# (narrower than PHONE_MEDIA) fetches only the narrow one, drawn as wide as a notebook's
# column on the narrowest phone (288 px at 360) allows 14 px text shown at 12 px at least.
CONTAINER_WIDTHS = {"wide": 616, "narrow": 320}
PHONE_MEDIA = "(max-width: 599px)"


class ChartPictureError(RuntimeError):
    """Vega could not draw a chart's picture."""


class ChartPictures(NodeBatchRenderer):
    """SVG pictures of Vega-Lite specs, drawn in batches with a disk cache."""

    name = "charts"
    package = "vega"
    script = "chart_pictures.mjs"
    suffix = ".svg"
    error = ChartPictureError

    def draw(self, specs: list[dict]) -> list[dict[str, dict[str, str]]]:
        """For each spec, ``{palette: {width name: svg}}`` for every palette of
        :data:`CHART_THEMES`; the width names are those of :data:`CONTAINER_WIDTHS` for
        a chart as wide as its container, ``"fixed"`` otherwise."""
        jobs = [
            (index, palette, width_name, {"spec": sized, "config": CHART_THEMES[palette]})
            for index, spec in enumerate(specs)
            for palette in sorted(CHART_THEMES)
            for width_name, sized in _at_widths(spec).items()
        ]
        results = self.render_items([item for *_, item in jobs])
        drawn: list[dict[str, dict[str, str]]] = [{} for _ in specs]
        for (index, palette, width_name, _), result in zip(jobs, results, strict=True):
            if isinstance(result, Exception):  # a ChartPictureError (render_items)
                raise result
            drawn[index].setdefault(palette, {})[width_name] = result
        return drawn


pictures = ChartPictures()


def _at_widths(spec: dict) -> dict[str, dict]:
    """The spec to draw at each width: one as it is, or, for a chart as wide as its
    container (anywhere in it: a panel of a concatenation too), one per width of
    :data:`CONTAINER_WIDTHS` (or the spec's own, ``usermeta.dplab.picture_widths``: a
    walkthrough's panel, dplab.views.Walkthrough) with that width in place of
    ``"container"``."""
    if not _fills_container(spec):
        return {"fixed": spec}
    widths = spec.get("usermeta", {}).get("dplab", {}).get("picture_widths", CONTAINER_WIDTHS)
    return {name: _with_width(spec, width) for name, width in widths.items()}


def _fills_container(node: object) -> bool:
    if isinstance(node, dict):
        return node.get("width") == "container" or any(map(_fills_container, node.values()))
    if isinstance(node, list):
        return any(map(_fills_container, node))
    return False


def _with_width(node: Any, width: int) -> Any:
    if isinstance(node, dict):
        return {
            key: width if key == "width" and value == "container" else _with_width(value, width)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_with_width(item, width) for item in node]
    return node


def _needs_live_view(spec: dict) -> bool:
    """A chart with sliders or other bound inputs is operated, not only read."""
    return any("bind" in param for param in spec.get("params", []) if isinstance(param, dict))


def _size(svg: str) -> str:
    size = _SIZE.search(svg)
    if size is None:
        raise ValueError("the chart's SVG has no width and height")
    width, height = size.groups()
    return f'width="{width}" height="{height}"'


def _picture(chart_id: str, palette: str, svgs: dict[str, str], prefix: str, write) -> str:
    """One palette's ``<picture>``: a phone's narrow drawing, if any, else the default."""
    sources, image = [], ""
    for width_name, svg in svgs.items():
        narrow = width_name == "narrow"
        name = f"charts/{chart_id}-{palette}{'-narrow' if narrow else ''}.svg"
        write(name, svg)
        url = html.escape(prefix + name)
        if narrow:
            sources.append(f'<source media="{PHONE_MEDIA}" srcset="{url}" {_size(svg)}>')
        else:
            image = f'<img src="{url}" {_size(svg)} alt="" loading="lazy" decoding="async">'
    # A chart as wide as its container: its picture shrinks to fit a narrower one.
    fit = " dplab-chart-picture--fit" if "narrow" in svgs else ""
    return (
        f'<picture class="dplab-chart-picture dplab-chart-picture--{palette}{fit}">'
        + "".join(sources)
        + image
        + "</picture>"
    )


def add_pictures(
    page: str, prefix: str, write: Callable[[str, str], None], renderer: ChartPictures | None = None
) -> str:
    """Put the pictures of every chart of ``page`` into its chart ``<div>``.

    ``prefix`` leads from the page to ``assets/generated/``; ``write(name, svg)`` stores
    a picture there (``name`` is ``charts/<chart id>-<palette>[-narrow].svg``).
    """
    renderer = renderer or pictures
    charts = list(_CHART.finditer(page))
    if not charts:
        return page
    specs = [json.loads(match.group("spec")) for match in charts]
    pieces, last = [], 0
    for match, spec, drawn in zip(charts, specs, renderer.draw(specs), strict=True):
        found_id = _ID.search(match.group("attrs"))
        if found_id is None:
            raise ValueError(f"a chart has no id: {match.group('attrs')!r}")
        chart_id = found_id.group(1)
        attrs = match.group("attrs") + (" data-dplab-live" if _needs_live_view(spec) else "")
        pieces.append(page[last : match.start()])
        pieces.append(f'<div{attrs}><script type="application/json">{match.group("spec")}</script>')
        pieces.extend(
            _picture(chart_id, palette, svgs, prefix, write) for palette, svgs in drawn.items()
        )
        last = match.end()
    pieces.append(page[last:])
    return "".join(pieces)
