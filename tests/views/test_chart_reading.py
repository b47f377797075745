"""Every chart of the course can be read without colour and on a phone.

The specs are those the lessons make (charts, walkthrough panels, the labs' charts;
``tests.helpers.course_chart_specs``).  In every view of more than one visible mark, each
mark is in a legend or has a direct text label; entries of one legend differ by more than
colour (a shape or a dash of their own); no axis or legend text is smaller than the theme's
smallest size.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dplab.views import CHART_THEMES, SMALLEST_TEXT
from tests.helpers import course_chart_specs, spec_nodes

LEGEND_CHANNELS = ("color", "fill", "stroke", "shape", "strokeDash", "size", "opacity")
DISTINCT_CHANNELS = ("shape", "strokeDash")  # what a legend symbol shows beside colour
CONCAT = ("vconcat", "hconcat", "concat")


@pytest.fixture(scope="module")
def charts() -> list[tuple[str, dict]]:
    specs = course_chart_specs()
    assert len(specs) >= 9 and all(specs.values())  # every lesson has charts
    return [
        (f"{slug} #{number}: {spec.get('description', '')[:50]}", spec)
        for slug, lesson in specs.items()
        for number, spec in enumerate(lesson, 1)
    ]


def _mark(layer: dict) -> dict:
    mark = layer["mark"]
    return mark if isinstance(mark, dict) else {"type": mark}


def _units(view: dict) -> Iterator[dict]:
    """The marks of one view (nested layers flattened)."""
    if "layer" in view:
        for layer in view["layer"]:
            yield from _units(layer)
    elif "mark" in view:
        yield view


def _views(spec: dict) -> Iterator[dict]:
    """The views (one mark or a layer of marks) of a chart, panels of concatenations apart."""
    for key in CONCAT:
        for panel in spec.get(key, []):
            yield from _views(panel)
    if "spec" in spec:
        yield from _views(spec["spec"])
    if "layer" in spec or "mark" in spec:
        yield spec


def _visible(layer: dict) -> bool:
    return _mark(layer).get("opacity", 1) > 0


def _legends(layer: dict) -> dict[str, dict[str, dict]]:
    """``{field: {channel: definition}}`` of the channels that make a legend."""
    found: dict[str, dict[str, dict]] = {}
    for channel in LEGEND_CHANNELS:
        definition = layer.get("encoding", {}).get(channel)
        if isinstance(definition, dict) and "field" in definition:
            found.setdefault(definition["field"], {})[channel] = definition
    return found


def _shown(definitions: dict[str, dict]) -> set[str]:
    return {c for c, d in definitions.items() if d.get("legend", {}) is not None}


def unlabelled_marks(spec: dict) -> list[str]:
    """Marks of a view of several marks that neither a legend nor a text mark names.

    A text mark labels the marks drawn from the same data (a rule and its words)."""
    problems = []
    for view in _views(spec):
        units = [u for u in _units(view) if _visible(u)]
        texts = [u.get("data") for u in units if _mark(u)["type"] == "text"]
        marks = [u for u in units if _mark(u)["type"] != "text"]
        if len(marks) < 2:
            continue  # one mark: the axes and the title name it
        for unit in marks:
            in_legend = any(_shown(d) for d in _legends(unit).values())
            if not in_legend and unit.get("data") not in texts:
                problems.append(f"a {_mark(unit)['type']} mark {_mark(unit)} is in no legend")
    return problems


def _values(spec: dict, field: str) -> set:
    found = set()
    for rows in spec.get("datasets", {}).values():
        found |= {row.get(field) for row in rows if field in row}
    for node in spec_nodes({k: v for k, v in spec.items() if k != "datasets"}):
        values = node.get("values")
        if isinstance(values, list):
            found.update(r.get(field) for r in values if isinstance(r, dict) and field in r)
    return found


def colour_only_legends(spec: dict) -> list[str]:
    """Legends of several entries whose symbols differ by colour alone: no mark encodes the
    legend's field with a shape or a dash that the legend shows.  The entries are the
    scale's domain, or else the field's values in the data."""
    fields: dict[str, set[str]] = {}
    entries: dict[str, set] = {}
    for view in _views(spec):
        for unit in _units(view):
            for field, definitions in _legends(unit).items():
                shown = _shown(definitions)
                dashed = definitions.get("strokeDash", {}).get("legend") or {}
                if "point" in _mark(unit) and dashed.get("symbolType") != "stroke":
                    shown.discard("strokeDash")  # its legend shows the points, not the dash
                fields.setdefault(field, set()).update(shown)
                for definition in definitions.values():
                    domain = definition.get("scale", {}).get("domain")
                    if isinstance(domain, list):
                        entries.setdefault(field, set()).update(map(str, domain))
    return [
        f"the legend of {field!r} tells its entries apart by colour only"
        for field, shown in fields.items()
        if shown
        and not shown & set(DISTINCT_CHANNELS)
        and len(entries.get(field) or _values(spec, field)) > 1
    ]


def small_text(spec: dict) -> list[str]:
    """Axis and legend text sizes a chart sets below the theme's smallest size."""
    return [
        f"{key} {value} < {SMALLEST_TEXT}"
        for node in spec_nodes(spec)
        for key, value in node.items()
        if key in ("labelFontSize", "titleFontSize") and value < SMALLEST_TEXT
    ]


def test_the_themes_axis_and_legend_text_is_at_least_the_smallest_size():
    for name, theme in CHART_THEMES.items():
        for part in ("axis", "legend"):
            assert theme[part]["labelFontSize"] >= SMALLEST_TEXT, (name, part)
            assert theme[part]["titleFontSize"] >= SMALLEST_TEXT, (name, part)


def test_every_chart_names_each_mark_tells_legend_entries_apart_and_keeps_text_readable(charts):
    problems = {
        name: unlabelled_marks(spec) + colour_only_legends(spec) + small_text(spec)
        for name, spec in charts
    }
    faults = {name: found for name, found in problems.items() if found}
    assert not faults, "\n".join(f"{name}: {found}" for name, found in faults.items())


def test_the_checks_find_what_they_look_for():
    line = {"mark": "line", "encoding": {"color": {"field": "s", "type": "nominal"}}}
    area = {"mark": {"type": "area", "color": "#888"}}
    data = {"values": [{"s": "a"}, {"s": "b"}]}
    assert unlabelled_marks({"layer": [line, area]}) == [
        "a area mark {'type': 'area', 'color': '#888'} is in no legend"
    ]
    words = {"mark": "text", "encoding": {"text": {"value": "회색"}}}
    assert not unlabelled_marks({"layer": [line, {**area, "data": data}, {**words, "data": data}]})
    assert colour_only_legends({"data": data, **line})
    dashed = {**line, "encoding": {**line["encoding"], "strokeDash": {"field": "s"}}}
    assert not colour_only_legends({"data": data, **dashed})
    hidden = {"field": "s", "legend": None}
    assert colour_only_legends(
        {"data": data, **line, "encoding": {**line["encoding"], "strokeDash": hidden}}
    )
    pointed = {**dashed, "mark": {"type": "line", "point": True}}
    assert colour_only_legends({"data": data, **pointed})
    assert small_text({"config": {"axis": {"labelFontSize": SMALLEST_TEXT - 1}}})
