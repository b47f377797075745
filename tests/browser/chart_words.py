"""The words of a page's charts as a reader sees them: whole, inside their chart, clear of
the axes' numbers, and large enough.

:func:`drawn_chart_words` measures the charts drawn live (their SVG in the page, with the
page's fonts); :func:`pictured_chart_words` the build's pictures that the page would show
at its width (dplab.site.pictures), read from the files the page points to, before any
chart is drawn.  Both return one line per fault (empty when there is none).

Vega shortens a text that passes its limit with "…": a text that ends so and is not so in
the chart's spec was cut.
"""

from __future__ import annotations

import functools
import html
import re
import urllib.parse
import urllib.request
from pathlib import Path

from tests.browser.helpers import settle

SMALLEST_RENDERED_TEXT = 12
"""The smallest chart text a reader is shown, in CSS pixels (its font size times the
scale at which the page shows the chart's SVG)."""

# Texts that must not run over the axes' numbers: every word of a chart but those numbers.
_CLEAR_OF_AXIS_LABELS = {
    "legend-label",
    "legend-title",
    "axis-title",
    "title",
    "title-text",
    "mark",
}
_SLACK = 1.0  # px: anti-aliasing and rounding

MEASURE = "\n".join(
    line
    for line in (Path(__file__).parent / "chart_words.js").read_text("utf-8").splitlines()
    if not line.startswith("//")
)


def _cut(text: str, spec: str) -> bool:
    return text.rstrip().endswith("…") and text.strip() not in spec


def _overlap(a: dict, b: dict) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > _SLACK
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > _SLACK
    )


def drawn_chart_words(page) -> list[str]:
    """Each text of each chart drawn live and shown: not cut with "…", inside the part of
    the chart's box a reader sees (its SVG within its column), a legend's, a title's or a
    text mark's words not over an axis's numbers, and at least
    :data:`SMALLEST_RENDERED_TEXT` px as rendered."""
    wrong = []
    for chart in settle(page, MEASURE, signal="the charts' words measured"):
        spec = chart["spec"]
        box, words = chart["box"], chart["words"]
        numbers = [w for w in words if w["role"] == "axis-label"]
        for word in words:
            where = f"{chart['id']} {word['role']} {word['text']!r}"
            if _cut(word["text"], spec):
                wrong.append(f"{where}: cut with …")
            past = max(
                box["left"] - word["left"],
                word["right"] - box["right"],
                box["top"] - word["top"],
                word["bottom"] - box["bottom"],
            )
            if past > _SLACK:
                wrong.append(f"{where}: {past:.0f} px outside its chart")
            if word["role"] in _CLEAR_OF_AXIS_LABELS:
                over = [n["text"] for n in numbers if _overlap(word, n)]
                if over:
                    wrong.append(f"{where}: over the axis labels {over}")
            if word["size"] < SMALLEST_RENDERED_TEXT:
                wrong.append(f"{where}: {word['size']} px as rendered")
    return wrong


# The build's picture that each chart shows, at the page's width and in its palette, with
# the width it is shown at: its column's (a picture that fits its column shrinks to it,
# never grows); a walkthrough's hidden step, the step shown (all steps share one column).
PICTURES = """(extra) => [...document.querySelectorAll('.dplab-chart')].map((chart) => {
  const scheme = document.body.getAttribute('data-md-color-scheme') === 'slate'
    ? 'dark' : 'light';
  const picture = chart.querySelector('.dplab-chart-picture--' + scheme);
  if (!picture) return null;
  const img = picture.querySelector('img');
  const source = [...picture.querySelectorAll('source')].find((s) => matchMedia(s.media).matches);
  const chosen = source || img;
  let column = chart;
  if (!chart.checkVisibility()) {
    const walk = chart.closest('.dplab-walkthrough');
    column = walk && [...walk.querySelectorAll('.dplab-chart')].find((c) => c.checkVisibility());
    if (!column) return null;
  }
  const natural = parseFloat(chosen.getAttribute('width'));
  const room = column.clientWidth - extra;
  const fit = picture.classList.contains('dplab-chart-picture--fit');
  return {id: chart.id, natural: natural, shown: fit ? Math.min(natural, room) : natural,
    src: new URL(source ? source.srcset : img.getAttribute('src'), location.href).href,
    all: [...chart.querySelectorAll('.dplab-chart-picture img, .dplab-chart-picture source')]
      .map((e) => new URL(e.getAttribute('src') || e.srcset, location.href).href),
    spec: chart.querySelector('script[type="application/json"]').textContent};
}).filter((p) => p !== null)"""

_TEXT = re.compile(
    r'<text\b[^>]*?font-size="(?P<size>[\d.]+)(?:px)?"[^>]*>(?P<body>.*?)</text>', re.S
)
_LINE = re.compile(r"<tspan\b[^>]*>(.*?)</tspan>", re.S)


@functools.cache
def _svg_texts(url: str) -> tuple[tuple[float, str], ...]:
    """``(font size, line)`` for each line of text of the SVG at ``url``."""
    with urllib.request.urlopen(url) as response:  # a file:// or loopback URL of the site
        svg = response.read().decode("utf-8")
    texts = []
    for match in _TEXT.finditer(svg):
        body = match["body"]
        lines = _LINE.findall(body) or [body]
        texts.extend((float(match["size"]), html.unescape(line)) for line in lines)
    return tuple(texts)


def pictured_chart_words(page, *, narrower_by: int = 0) -> list[str]:
    """Each build picture the page shows (or shows once its step is shown): no text cut
    with "…" (in any of the chart's pictures) and its smallest text at least
    :data:`SMALLEST_RENDERED_TEXT` px as shown.  ``narrower_by``: measure as if every
    column were that many px narrower (the page at a narrower phone width, where the same
    picture is chosen: a phone's layout is fluid)."""
    wrong = []
    for picture in page.evaluate(PICTURES, narrower_by):
        spec = picture["spec"]
        for url in picture["all"]:
            cut = [text for _, text in _svg_texts(url) if _cut(text, spec)]
            if cut:
                wrong.append(f"{picture['id']} {url.rsplit('/', 1)[-1]}: cut with … {cut}")
        sizes = [size for size, _ in _svg_texts(picture["src"])]
        scale = picture["shown"] / picture["natural"]
        if sizes and min(sizes) * scale < SMALLEST_RENDERED_TEXT:
            wrong.append(
                f"{picture['id']} {urllib.parse.unquote(picture['src'].rsplit('/', 1)[-1])}: "
                f"text of {min(sizes):g} px shown at {min(sizes) * scale:.1f} px "
                f"({picture['natural']:.0f} px wide shown at {picture['shown']:.0f})"
            )
    return sorted(set(wrong))
