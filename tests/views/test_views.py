"""Views: the specs and tables they produce, and the display policy."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import altair as alt
import pandas as pd
import pytest

import dplab.views as dplab_views
from dplab.site.project import REPOSITORY
from dplab.views import (
    CHART_THEMES,
    VEGALITE_MIME,
    chart_html,
    chart_spec,
    fit_width,
    label,
    mimebundle,
)
from dplab.views import laplace as laplace_views

SCALES = [0.5, 1.0, 1.5, 2.0]


def test_density_grid_matches_the_closed_form_at_every_point():
    grid = laplace_views.density_grid(SCALES, sensitivity=1.0, points=41)
    assert sorted(grid["scale"].unique()) == SCALES
    for row in grid.itertuples():
        center = 0.0 if row.input == label("laplace.input") else 1.0
        exact = math.exp(-abs(row.y - center) / row.scale) / (2 * row.scale)
        assert row.density == pytest.approx(exact, abs=1e-6)
        assert abs(row.loss) <= 1.0 / row.scale + 5e-7  # values are rounded to 6 places


def test_slider_chart_binds_a_range_over_exactly_the_precomputed_scales():
    spec = laplace_views.neighbour_densities_chart(
        SCALES, sensitivity=1.0, initial_scale=1.0
    ).to_dict()
    (param,) = spec["params"]
    assert param["name"] == "b" and param["value"] == 1.0
    assert (param["bind"]["min"], param["bind"]["max"], param["bind"]["step"]) == (0.5, 2.0, 0.5)
    data = spec["data"]["values"]
    assert sorted({row["scale"] for row in data}) == SCALES
    assert "description" in spec
    colours = spec["vconcat"][0]["encoding"]["color"]
    assert colours["scale"]["domain"] == [label("laplace.input"), label("laplace.neighbour")]


def test_loss_table_is_delta_over_b_over_the_charts_outputs():
    table = laplace_views.loss_table(SCALES, sensitivity=2.0)
    grid = laplace_views.output_grid(2.0)
    assert (grid[0], grid[-1], len(grid)) == (-6.0, 8.0, 131)
    largest = label("laplace.col_max_loss", low="−6", high="8")
    assert list(table.data.columns) == [label("laplace.scale"), largest, "Δ/b"]
    assert list(table.data[largest]) == pytest.approx([2.0 / b for b in SCALES], rel=1e-15)
    assert list(table.data["Δ/b"]) == [2.0 / b for b in SCALES]


def test_loss_table_takes_the_maximum_over_the_stated_outputs():
    # Only positive outputs, in no particular order: the loss (|y − 2| − |y|)/b is largest
    # at the smallest output, y = 0.5, where it is 1/b (not Δ/b = 2/b).
    outputs = [1.5, 0.5, 3.0, 1.0]
    table = laplace_views.loss_table(SCALES, sensitivity=2.0, outputs=outputs)
    largest = label("laplace.col_max_loss", low="0.5", high="3")
    brute = [max((abs(y - 2.0) - abs(y)) / b for y in outputs) for b in SCALES]
    assert brute == [1.0 / b for b in SCALES]
    assert list(table.data[largest]) == pytest.approx(brute, rel=1e-15)
    with pytest.raises(ValueError, match="outputs must hold at least one output"):
        laplace_views.loss_table(SCALES, sensitivity=2.0, outputs=[])


def test_tables_render_deterministically_without_a_range_index():
    frame = pd.DataFrame({"a": [1, 2], "b": [0.5, 0.25]})
    first, second = mimebundle(frame), mimebundle(frame)
    assert first == second
    assert 'class="dplab-table"' in first["text/html"]
    assert "row_heading" not in first["text/html"]


def test_charts_embed_their_spec_safely_and_carry_no_colours():
    chart = (
        alt.Chart(pd.DataFrame({"t": ["</script><b>"]}))
        .mark_text()
        .encode(text="t")
        .properties(description="글자 하나")
    )
    bundle = mimebundle(chart)
    html = bundle["text/html"]
    assert html.count("</script>") == 1  # only the real closing tag
    payload = html.split('<script type="application/json">')[1].split("</script>")[0]
    assert json.loads(payload)["datasets"]
    assert "range" not in json.loads(payload).get("config", {})  # colours come from the page theme


# What a fresh interpreter reports of Altair's global display state after ``code``.
_ALTAIR_STATE = """
import json
import altair as alt

def state():
    return {
        "renderer": alt.renderers.active,
        "theme": alt.theme.active,
        "max_rows": alt.data_transformers.options.get("max_rows", "default"),
        "registered": "dplab" in alt.renderers.names() or "dplab" in alt.theme.names(),
    }

before = state()
%s
print(json.dumps({"before": before, "after": state()}))
"""


def _altair_state(code: str) -> dict[str, dict[str, object]]:
    run = subprocess.run(
        [sys.executable, "-c", _ALTAIR_STATE % code],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPOSITORY,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_importing_the_package_and_every_view_changes_no_altair_state():
    code = (
        "import importlib, pkgutil, dplab, dplab.views\n"
        "for module in pkgutil.walk_packages(dplab.views.__path__, 'dplab.views.'):\n"
        "    importlib.import_module(module.name)"
    )
    state = _altair_state(code)
    assert state["before"]["renderer"] == state["before"]["theme"] == "default"
    assert state["after"] == state["before"]


def test_enable_makes_the_course_renderer_and_theme_active_and_as_a_context_restores_them():
    enabled = {"renderer": "dplab", "theme": "dplab", "max_rows": None, "registered": True}
    assert _altair_state("import dplab.views\ndplab.views.enable()")["after"] == enabled
    inside = "import dplab.views\nwith dplab.views.enable():\n    inside = state()"
    state = _altair_state(f"{inside}\nassert inside == {enabled!r}, inside")
    assert state["after"] == {**state["before"], "registered": True}


def test_a_chart_comes_out_the_same_whether_or_not_the_course_theme_is_enabled():
    rows = pd.DataFrame({"x": range(6000)})  # above Altair's default limit of 5000 rows
    chart = alt.Chart(rows).mark_point().encode(x="x").properties(description="점 6000개")
    before = (alt.renderers.active, alt.theme.active)
    plain = mimebundle(chart)
    assert (alt.renderers.active, alt.theme.active) == before
    with dplab_views.enable():
        assert mimebundle(chart) == plain
        assert chart_spec(chart) == chart.to_dict()
    assert plain[VEGALITE_MIME] == chart_spec(chart)
    assert plain[VEGALITE_MIME]["config"]["view"] == {
        "continuousWidth": 480,
        "continuousHeight": 300,
    }


def test_a_chart_without_description_is_refused():
    chart = alt.Chart(pd.DataFrame({"x": [1]})).mark_point().encode(x="x")
    with pytest.raises(ValueError, match="every chart needs a text description"):
        mimebundle(chart)


def test_chart_label_comes_from_its_description():
    html = chart_html({"description": "두 밀도 & 손실", "mark": "point"})
    assert 'aria-label="두 밀도 &amp; 손실"' in html and 'role="figure"' in html


def _leaves(config: dict, path: str = "") -> dict[str, object]:
    leaves = {}
    for key, value in config.items():
        if isinstance(value, dict):
            leaves.update(_leaves(value, f"{path}{key}."))
        else:
            leaves[path + key] = value
    return leaves


def test_light_and_dark_themes_differ_in_colours_only():
    """A chart drawn in either palette has the same size and layout (the page walk of
    tests/browser/test_pages.py measures cut-off in one palette per width on that ground):
    the themes set the same keys, and differ only where a key names a colour."""
    light, dark = _leaves(CHART_THEMES["light"]), _leaves(CHART_THEMES["dark"])
    assert light.keys() == dark.keys()
    differ = {key for key in light if light[key] != dark[key]}
    assert differ and all(
        key.lower().endswith("color") or key == "range.category" for key in differ
    ), differ


def test_labels_reject_unknown_language():
    with pytest.raises(ValueError, match=r"lang must be one of \['en', 'ko'\]; got 'fr'"):
        label("code.fold", "fr")
    assert label("code.fold", "ko") == "코드 보기"


def test_notation_has_the_same_symbols_in_every_language():
    from dplab.views import NOTATION

    symbols = {lang: [symbol for symbol, _ in rows] for lang, rows in NOTATION.items()}
    assert symbols["ko"][:3] == symbols["en"][:3] == ["ε", "α = e<sup>ε</sup>", "δ"]
    assert len(symbols["ko"]) == len(symbols["en"])
    assert all(meaning.strip() for rows in NOTATION.values() for _, meaning in rows)


# --- laid out for the page's width ------------------------------------------------------


def _spec_in(html_text: str) -> dict:
    return json.loads(html_text.split('type="application/json">')[1].split("</script>")[0])


def test_every_chart_takes_the_width_of_its_column_and_fits_it():
    layer = alt.layer(
        alt.Chart(pd.DataFrame({"x": [1, 2]})).mark_line().encode(x="x:Q"),
        alt.Chart(pd.DataFrame({"x": [1]})).mark_rule().encode(x="x:Q"),
    ).properties(width=320, height=200, description="두 겹")
    spec = _spec_in(mimebundle(layer)["text/html"])
    assert (spec["width"], spec["height"]) == ("container", 200)
    assert spec["autosize"] == {"type": "fit-x", "contains": "padding"}
    stacked = _spec_in(
        chart_html(alt.vconcat(layer.properties(width=250), layer.properties(width=250)).to_dict())
    )
    assert [panel["width"] for panel in stacked["vconcat"]] == ["container", "container"]
    # Jupyter gets the spec as it was made; only the page's copy is laid out.
    assert mimebundle(layer)[VEGALITE_MIME]["width"] == 320


def test_panels_side_by_side_carry_a_stacked_layout_for_narrow_pages():
    panel = {"mark": "bar", "width": 200, "height": 100}
    spec = {"hconcat": [panel, {**panel, "width": 240}], "autosize": "pad"}
    fitted = fit_width(spec)
    assert fitted["hconcat"] == spec["hconcat"] and fitted["autosize"] == "pad"
    meta = fitted["usermeta"]["dplab"]
    assert meta["narrow"] == {"vconcat": [{**panel, "width": "container"}] * 2}
    assert meta["stack_below"] == 200 + 240 + 2 * 80
    assert spec == {"hconcat": [panel, {**panel, "width": 240}], "autosize": "pad"}  # unchanged


def test_record_tables_label_every_cell_with_its_column_title():
    from html.parser import HTMLParser

    from dplab.views import randomized_response as rrv

    styler = rrv.certificate_table(4, "3/4", 1, "0.05")

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.table, self.rows = {}, []

        def handle_starttag(self, tag, attrs):
            attributes = dict(attrs)
            if tag == "table":
                self.table = attributes
            elif tag == "tr":
                self.rows.append([])
            elif tag == "td":
                self.rows[-1].append(attributes.get("data-label"))

    cells = Cells()
    cells.feed(mimebundle(styler)["text/html"])
    assert cells.table["data-dplab-layout"] == "cards"
    body = [row for row in cells.rows if row]
    assert len(body) == 8  # the ordered neighbouring pairs of counts 0..4
    assert all(row == list(styler.data.columns) for row in body)
    plain = mimebundle(pd.DataFrame({"a": [1]}))["text/html"]
    assert "data-dplab-layout" not in plain and "data-label" not in plain


def test_a_charts_words_are_laid_out_for_any_box():
    """On the page, long axis titles are broken into lines of at most LINE_UNITS, and every
    legend keeps its entries whole (no label limit, whose "…" cut English legends), breaks
    them into lines and, above or under the plot, puts one to a line (two columns of long
    entries passed a phone's plot)."""
    from dplab.views._display import LINE_UNITS, _units

    words = "an entry of a legend that is far longer than a phone's plot is wide"
    data = pd.DataFrame({"x": [1, 2], "y": [1, 2], "who": [words, "short"]})
    chart = (
        alt.Chart(data)
        .mark_line()
        .encode(
            x=alt.X("x:Q", title="output y (midpoint of the two centres at 0), a long title"),
            y=alt.Y("y:Q", axis=alt.Axis(title="출력 y (두 중심의 가운데를 0으로) 그리고 긴 제목")),
            color=alt.Color("who:N", legend=alt.Legend(orient="bottom", columns=2)),
            strokeDash=alt.StrokeDash("who:N"),
        )
        .properties(description="긴 말")
    )
    spec = _spec_in(mimebundle(chart)["text/html"])
    encoding = spec["encoding"]
    for title in (encoding["x"]["title"], encoding["y"]["axis"]["title"]):
        assert isinstance(title, list) and len(title) > 1
        assert all(_units(line) <= LINE_UNITS for line in title)
    for channel in ("color", "strokeDash"):
        legend = encoding[channel]["legend"]
        assert legend["labelLimit"] == 0 and legend["columns"] == 1
        assert legend["labelExpr"].startswith("split(")
