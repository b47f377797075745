"""The reader's table of a chart: what "데이터를 표로 보기" shows.

A chart's data are shaped for drawing (long format, internal columns such as ``role`` or
``in_event``, booleans, floats).  The reader's table is shaped for reading: headers in the
reader's words (from the label table), one row per value of the horizontal axis, one
column per series (wide format), exact values where the data are exact.  Each chart
carries its tables in its Vega-Lite ``usermeta`` (key :data:`USERMETA_KEY`), so the page
script (``docs/assets/dplab/charts.js``) only lays them out; it never guesses columns.

A table is one of two kinds:

* **fixed** (:func:`fixed_table`): the header and every cell as text, computed here (exact
  fractions where the maths is exact).  For charts whose data never change.
* **live** (:func:`live_table`): a recipe read from the chart's current data, for charts
  whose data a lab script replaces or a slider filters.  It names a dataset of the chart,
  the field whose values make the rows (``index``) and the :func:`column` s; a column
  picks, among the rows of one index value, the one that matches its ``where`` fields.
  Numbers are shown rounded to 4 significant digits (the table says they are
  approximations), ``yesno`` columns as the words for yes and no.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeVar

import altair as alt

from dplab.views._labels import label

__all__ = ["USERMETA_KEY", "column", "fixed_table", "live_table", "with_tables", "yes_no"]

USERMETA_KEY = "dplab_tables"
CellFormat = Literal["number", "text", "yesno"]


def yes_no(value: bool) -> str:
    """The reader's word for a truth value.

    >>> yes_no(True), yes_no(False)
    ('예', '아니오')
    """
    return label("table.yes" if value else "table.no")


def fixed_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> dict:
    """A table whose every cell is given (as text: ``str(value)``).

    >>> fixed_table("t", ["y", "P(y)"], [[0, "1/4"]])
    {'caption': 't', 'header': ['y', 'P(y)'], 'rows': [['0', '1/4']]}
    """
    width = len(header)
    if any(len(row) != width for row in rows):
        raise ValueError(f"every row must have {width} cells, one per header {list(header)!r}")
    return {"caption": caption, "header": list(header), "rows": [[str(c) for c in r] for r in rows]}


def column(
    title: str,
    field: str,
    *,
    where: Mapping[str, object] | None = None,
    format: CellFormat = "number",
) -> dict:
    """One column of a :func:`live_table`: ``field`` of the row that matches ``where``.

    >>> column("P(y)", "probability", where={"role": "P"})
    {'title': 'P(y)', 'field': 'probability', 'format': 'number', 'where': {'role': 'P'}}
    """
    spec: dict[str, Any] = {"title": title, "field": field, "format": format}
    if where:
        spec["where"] = dict(where)
    return spec


def live_table(
    caption: str,
    source: str,
    index: dict,
    columns: Sequence[dict],
    *,
    filter_signal: tuple[str, str] | None = None,
) -> dict:
    """A table read from the chart's dataset ``source`` when the reader opens it.

    ``index`` is a :func:`column` (its ``where`` is ignored) whose distinct values, in data
    order, make the rows; ``filter_signal = (field, param)`` keeps only the rows whose
    ``field`` equals the chart parameter ``param`` (a slider's current value).
    """
    spec: dict[str, Any] = {
        "caption": caption,
        "source": source,
        "index": index,
        "columns": list(columns),
    }
    if filter_signal is not None:
        spec["filter"] = {"field": filter_signal[0], "signal": filter_signal[1]}
    return spec


_Chart = TypeVar("_Chart", bound=alt.TopLevelMixin)


def with_tables(chart: _Chart, *tables: dict) -> _Chart:
    """``chart`` carrying ``tables`` as the reader's tables (in its ``usermeta``)."""
    if not tables:
        raise ValueError("a chart needs at least one reader's table")
    return chart.properties(usermeta={USERMETA_KEY: list(tables)})
