"""Build-time pictures of the charts (dplab.site.pictures) and the scroll boxes made
focusable until measured (dplab.site.sections.mark_scroll_boxes)."""

from __future__ import annotations

import json
import re

import altair as alt
import pandas as pd
import pytest

from dplab.site.pictures import CONTAINER_WIDTHS, ChartPictureError, ChartPictures, add_pictures
from dplab.site.project import REPOSITORY
from dplab.site.sections import mark_scroll_boxes
from dplab.views import CHART_THEMES, chart_html

DATA = pd.DataFrame({"y": [0, 1, 2], "p": [0.25, 0.5, 0.25]})


def bars(**properties) -> dict:
    chart = alt.Chart(DATA).mark_bar().encode(x="y:O", y="p:Q")
    return chart.properties(description="막대", **properties).to_dict()


def fixed_chart_html(spec: dict, chart_id: str = "chart-00000000f1ed") -> str:
    """A chart <div> as chart_html writes it, but of a spec with a fixed width (chart_html
    makes every chart as wide as its column)."""
    payload = json.dumps(spec, sort_keys=True, separators=(",", ":"))
    return (
        f'<div class="dplab-chart" id="{chart_id}" role="figure">'
        f'<script type="application/json">{payload}</script></div>'
    )


@pytest.fixture
def renderer(tmp_path):
    fresh = ChartPictures(REPOSITORY)
    fresh.cache_dir = tmp_path / "charts"
    return fresh


def build(page: str, renderer) -> tuple[str, dict[str, str]]:
    written: dict[str, str] = {}
    return add_pictures(page, "../assets/generated/", written.__setitem__, renderer), written


def test_every_chart_gets_one_picture_per_palette_and_a_phone_drawing_if_it_fills_its_box(
    renderer,
):
    fixed = fixed_chart_html(bars(width=300, height=120))
    wide = chart_html(bars(width=300, height=120))  # as wide as its column on the page
    page, written = build(f"<p>a</p>{fixed}<p>b</p>{wide}", renderer)
    assert page.count("<picture") == 2 * len(CHART_THEMES)
    assert page.count('<source media="(max-width: 599px)"') == len(CHART_THEMES)  # wide only
    assert page.count("dplab-chart-picture--fit") == len(CHART_THEMES)
    assert len(written) == 3 * len(CHART_THEMES)
    for name, svg in written.items():
        assert name.startswith("charts/chart-") and name.endswith(".svg")
        assert svg.startswith("<svg")
        assert f'src="../assets/generated/{name}"' in page or (
            f'srcset="../assets/generated/{name}"' in page
        )
    # Each palette is drawn with its own colours; the phone drawing is narrower.
    light = written[next(n for n in written if n.endswith("-light-narrow.svg"))]
    dark = written[next(n for n in written if n.endswith("-dark-narrow.svg"))]
    assert CHART_THEMES["light"]["axis"]["labelColor"] in light
    assert CHART_THEMES["dark"]["axis"]["labelColor"] in dark
    narrow_width = int(re.search(r'width="(\d+)"', light).group(1))
    assert narrow_width == CONTAINER_WIDTHS["narrow"]
    # The spec stays in the page for the live chart, unchanged.
    assert fixed.split("</script>")[0] in page and wide.split("</script>")[0] in page


def test_a_chart_with_its_own_sliders_is_marked_to_be_drawn_live(renderer):
    slider = alt.param(name="b", value=1, bind=alt.binding_range(min=0, max=2, step=1))
    chart = alt.Chart(DATA).mark_bar().encode(x="y:O", y="p:Q").add_params(slider)
    page, _ = build(chart_html(chart.properties(description="막대").to_dict()), renderer)
    plain, _ = build(chart_html(bars()), renderer)
    assert "data-dplab-live" in page and "data-dplab-live" not in plain


def test_a_notebook_pages_chart_with_its_attributes_reordered_gets_its_pictures(renderer):
    html = chart_html(bars())
    chart_id = re.search(r'id="([^"]+)"', html).group(1)
    reordered = html.replace(
        f'<div class="dplab-chart" id="{chart_id}" role="figure" aria-label="막대">',
        f'<div aria-label="막대" class="dplab-chart" id="{chart_id}" role="figure">\n',
    )
    assert reordered != html
    page, written = build(reordered, renderer)
    assert page.count("<picture") == len(CHART_THEMES)
    assert all(name.startswith(f"charts/{chart_id}-") for name in written)


def test_pictures_are_the_same_every_build_and_cached(renderer):
    page = chart_html(bars(width=200, height=100))
    first = build(page, renderer)
    assert renderer.rendered == len(CHART_THEMES) * len(CONTAINER_WIDTHS)
    again = ChartPictures(REPOSITORY)
    again.cache_dir = renderer.cache_dir
    assert build(page, again) == first
    assert again.rendered == 0
    uncached = ChartPictures(REPOSITORY)
    uncached.cache_dir = renderer.cache_dir.parent / "other"
    assert build(page, uncached) == first  # drawn again: byte for byte the same


def test_a_chart_vega_cannot_draw_fails_the_build_with_vegas_message(renderer):
    broken = chart_html(
        {
            "mark": "bar",
            "encoding": {"x": {"field": "y", "type": "nominal"}},
            "data": {"values": [{"y": 1}]},
            "transform": [{"calculate": "(", "as": "z"}],
            "description": "깨진 그림",
        }
    )
    with pytest.raises(ChartPictureError, match=r"(?i)expression|parse|unexpected"):
        build(broken, renderer)


def test_a_page_without_charts_is_left_as_it_is(renderer):
    assert build("<p>x</p>", renderer) == ("<p>x</p>", {})
    assert renderer.rendered == 0


@pytest.mark.parametrize(
    ("html", "focusable"),
    [
        ('<span class="katex-display"><span class="katex">x</span></span>', True),
        ('<div class="dplab-output">\n<table></table></div>', True),
        ('<div class="jp-Cell highlight-ipynb x">', True),
        ('<pre class="dplab-output"><code>1</code></pre>', True),
        ("<pre><span></span><code>a = 1</code></pre>", True),
        ('<span class="katex">x</span>', False),
        ('<p class="katex-display-like">x</p>', False),
    ],
)
def test_boxes_that_may_scroll_are_focusable_until_measured(html, focusable):
    marked = mark_scroll_boxes(html)
    assert (marked.count('tabindex="0" data-dplab-scroll') == 1) is focusable
    assert marked.replace(' tabindex="0" data-dplab-scroll', "") == html


@pytest.mark.build
def test_a_charts_two_palettes_pictures_have_the_same_sizes(built_site):
    """Over the built site, the dark picture of every chart has the light one's width and
    height at every width it is drawn for: switching the palette moves nothing on a page
    (the page walk measures cut-off in one palette per width on that ground)."""
    picture = re.compile(
        r'<picture class="dplab-chart-picture dplab-chart-picture--(?P<palette>dark|light)'
        r'[^"]*">(?P<inner>.*?)</picture>',
        re.S,
    )
    size = re.compile(r'width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"')
    checked = 0
    for path in sorted(built_site.rglob("*.html")):
        found = [
            (m["palette"], size.findall(m["inner"]))
            for m in picture.finditer(path.read_text(encoding="utf-8"))
        ]
        pairs = list(zip(found[::2], found[1::2], strict=True))
        for (first, first_sizes), (second, second_sizes) in pairs:
            assert {first, second} == {"dark", "light"}, path
            assert first_sizes and first_sizes == second_sizes, (path, first_sizes, second_sizes)
        checked += len(pairs)
    assert checked > 100
