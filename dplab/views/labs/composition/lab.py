"""The client-side composition lab of lesson 5, and the chart of its grid that the lesson
shows (:func:`bound_chart`); the lesson's other views are :mod:`dplab.views.composition`.

Every δ shown here is the exact ``Fraction`` of
:func:`~dplab.views.composition.method_deltas`, with the text and the charted number of
:mod:`dplab.views.composition` (which states where each bound comes from).

**The lab.**  :func:`composition_lab` holds, for every state of its grid (``n`` in
:data:`LAB_SIZES`, ``p`` in :data:`LAB_PS`, ``k`` in :data:`LAB_KS`, the total factor ``A`` in
:data:`LAB_FACTORS`), the texts of the four δ, and for every claim in :data:`LAB_CLAIMS` one
hexadecimal digit of verdicts decided on the exact fractions: bit 0 the claim ``(A, δ)``
holds for the k releases (exact δ ≤ claim), bits 1–3 optimal, advanced, basic composition
prove it.  The script's pure core ``dplab/views/labs/composition/core.js`` only looks
these up; ``tests/views/labs/test_composition.py`` recomputes every state from dplab and
``tests/js/composition_lab.test.cjs`` checks the core against this module at every state.

**The grid's size is the page's weight.**  Every state's texts travel inline in the lesson
page, so the grid is as fine as the readers' page budgets allow (``make bench-pages``:
mobile first paint ≤ 2.0 s on a throttled connection): ``p`` in steps of 0.05 from 0.55 to
0.95, ``n`` ∈ {1, 2, 4}, ``k`` = 1…10 and 25 factors, 6,750 states, about 34 KB gzipped,
which keeps the composition page (107 KB gzipped in all) below the Gaussian lesson's
(112 KB), the heaviest page of the course; ``make bench-pages`` measures whether both meet
the budget.  Each further size n would add about 12 KB and several seconds of exact
computation at build time; intermediate p add as much per step.
"""

from __future__ import annotations

import functools
import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import altair as alt

from dplab.views._display import chart_html, chart_spec
from dplab.views._keys import series_style
from dplab.views._labels import label
from dplab.views._tables import column, live_table, with_tables
from dplab.views.composition import (
    METHODS,
    method_deltas,
    method_series,
    series_legend,
    shown_number,
)
from dplab.views.labs._shared import LabHtml, LabLinks, check_on_grid, chosen_point, lab_key
from dplab.views.numbers import approx_text, value_text

__all__ = [
    "DATASETS",
    "LAB_CLAIMS",
    "LAB_FACTORS",
    "LAB_KS",
    "LAB_PS",
    "LAB_SIZES",
    "CompositionLab",
    "bound_chart",
    "claim_rows",
    "composition_lab",
    "curve_rows",
    "lab_grid",
    "point_rows",
]

_CONTROL_WORDS = {"p": "comp.lab_p", "k": "comp.lab_k", "factor": "comp.lab_factor"}

LAB_SIZES = (1, 2, 4)
LAB_PS = ("0.55", "0.6", "0.65", "0.7", "0.75", "0.8", "0.85", "0.9", "0.95")
LAB_KS = tuple(range(1, 11))
LAB_FACTORS = tuple(
    str(int(Fraction(mantissa) * 10**decade)) if decade else mantissa
    for decade in range(7)
    for mantissa in ("1", "1.8", "3.2", "5.6")
    if decade < 6 or mantissa == "1"
)
"""Total factors A: 1, 1.8, 3.2, 5.6 per decade, 1 to 10⁶ (ε = ln A from 0 to ≈ 13.8)."""

LAB_CLAIMS = ("0.00001", "0.001", "0.01", "0.1")
DATASETS = {"curves": "comp_curves", "claim": "comp_claim", "point": "comp_point"}


def _verdict_digit(deltas: dict[str, Fraction], claim: Fraction) -> str:
    bits = sum(1 << i for i, method in enumerate(METHODS) if deltas[method] <= claim)
    return format(bits, "x")


# --- the lab's grid ------------------------------------------------------------------------


@functools.cache
def lab_grid() -> dict[str, Any]:
    """Every text and verdict the lab shows (see the module docstring).

    ``cells[n][p][k]`` (indices) holds ``{method: [text per factor]}`` and ``verdicts``, a
    string of one hexadecimal digit per ``(factor, claim)``, claims varying fastest.
    """
    claims = [Fraction(c) for c in LAB_CLAIMS]
    cells = []
    for n in LAB_SIZES:
        by_p = []
        for p in LAB_PS:
            by_k = []
            for k in LAB_KS:
                texts: dict[str, list[str]] = {method: [] for method in METHODS}
                verdicts: list[str] = []
                for factor in LAB_FACTORS:
                    deltas = method_deltas(n, p, k, factor)
                    for method in METHODS:
                        texts[method].append(value_text(deltas[method]))
                    verdicts.extend(_verdict_digit(deltas, c) for c in claims)
                by_k.append({**texts, "verdicts": "".join(verdicts)})
            by_p.append(by_k)
        cells.append(by_p)
    return {
        "sizes": list(LAB_SIZES),
        "ps": list(LAB_PS),
        "ks": list(LAB_KS),
        "factors": list(LAB_FACTORS),
        "factor_value": [float(Fraction(a)) for a in LAB_FACTORS],
        "eps_text": [_eps_text(a) for a in LAB_FACTORS],
        "pure_text": [_pure_text(p) for p in LAB_PS],
        "claims": list(LAB_CLAIMS),
        "claim_value": [float(Fraction(c)) for c in LAB_CLAIMS],
        "methods": list(METHODS),
        "cells": cells,
        "datasets": DATASETS,
    }


def _eps_text(factor: str) -> str:
    return label("comp.lab_eps", value=f"{math.log(Fraction(factor)):.4f}")


def _pure_text(p: str) -> str:
    exact = Fraction(p)
    pure = exact / (1 - exact)
    return label(
        "comp.lab_pure", alpha=approx_text(pure), eps=f"{math.log(pure):.4f}", p=str(exact)
    )


def curve_rows(cell: dict[str, list[str]]) -> list[dict]:
    """Rows ``{"factor", "delta", "what"}`` of the four curves, from a cell's texts."""
    return [
        {"factor": float(Fraction(a)), "delta": shown_number(text), "what": method_series(method)}
        for method in METHODS
        for a, text in zip(LAB_FACTORS, cell[method], strict=True)
    ]


def claim_rows(claim: str) -> list[dict]:
    """The row ``{"delta", "what"}`` of the claim's line."""
    return [{"delta": float(Fraction(claim)), "what": label("comp.claim_line")}]


def point_rows(cell: dict[str, list[str]], factor_index: int) -> list[dict]:
    """The row ``{"factor", "delta", "what"}`` of the chosen factor's exact δ."""
    return [
        {
            "factor": float(Fraction(LAB_FACTORS[factor_index])),
            "delta": shown_number(cell["exact"][factor_index]),
            "what": label("comp.point"),
        }
    ]


_DECADES = [10.0**j for j in range(7)]
_DECADE_LABELS = "['1', '10', '100', '10³', '10⁴', '10⁵', '10⁶'][round(log(datum.value) / LN10)]"


def _curve_chart(
    curves: list[dict], claim: list[dict], point: list[dict] | None, description: str
) -> alt.LayerChart | alt.FacetChart:
    """The four curves of δ against A, the claim's line and (in the lab) the current A."""
    series = [*(method_series(m) for m in METHODS), label("comp.claim_line")]
    if point is not None:
        series.append(label("comp.point"))
    what = series_style("what:N", series, legend=series_legend())
    x = alt.X(
        "factor:Q",
        title=label("comp.factor_axis"),
        scale=alt.Scale(type="log", domain=[1, _DECADES[-1]], nice=False),
        axis=alt.Axis(values=_DECADES, labelExpr=_DECADE_LABELS),
    )
    y = alt.Y("delta:Q", title=label("comp.delta_axis"), scale=alt.Scale(domain=[0, 1]))
    tooltip = [
        alt.Tooltip("what:N", title=label("chart.series")),
        alt.Tooltip("factor:Q", title="A", format=",.3~g"),
        alt.Tooltip("delta:Q", title="δ", format=".4~g"),
    ]
    lines = (
        alt.Chart(alt.InlineData(values=curves, name=DATASETS["curves"]))
        .mark_line(strokeWidth=2, point=alt.OverlayMarkDef(size=14))
        .encode(x=x, y=y, **what, tooltip=tooltip)
    )
    rule = (
        alt.Chart(alt.InlineData(values=claim, name=DATASETS["claim"]))
        .mark_rule(strokeDash=[2, 3], strokeWidth=1.5)
        .encode(y=y, **what)
    )
    layers = [lines, rule]
    if point is not None:
        data = alt.InlineData(values=point, name=DATASETS["point"])
        layers.append(chosen_point(data, x=x, y=y, colour=what["color"], tooltip=tooltip))
    chart = alt.layer(*layers).properties(width="container", height=260, description=description)
    table = live_table(
        label("comp.delta_axis"),
        DATASETS["curves"],
        column("A", "factor"),
        [column(method_series(m), "delta", where={"what": method_series(m)}) for m in METHODS],
    )
    return with_tables(chart, table)


def _cell(n: int, p: str, k: int) -> dict[str, list[str]]:
    grid = lab_grid()
    return grid["cells"][LAB_SIZES.index(n)][LAB_PS.index(p)][LAB_KS.index(k)]


def bound_chart(n: int, p: str, k: int, claim: str = "0.01") -> alt.LayerChart | alt.FacetChart:
    """δ against the total factor A (log axis) of k releases, counted four ways."""
    cell = _cell(n, p, k)
    description = label("comp.desc_bounds", n=n, p=p, k=k)
    return _curve_chart(curve_rows(cell), claim_rows(claim), None, description)


# --- the lab -------------------------------------------------------------------------------


def _state_texts(n: int, p: str, k: int, factor: str, claim: str) -> dict[str, str]:
    """The text of every output of the lab at one state (the script writes the same)."""
    cell = _cell(n, p, k)
    f = LAB_FACTORS.index(factor)
    c = LAB_CLAIMS.index(claim)
    bits = int(cell["verdicts"][f * len(LAB_CLAIMS) + c], 16)
    texts = {
        "p": p,
        "k": str(k),
        "factor": factor,
        "eps": _eps_text(factor),
        "pure": _pure_text(p),
        "badge": label("comp.badge_pass" if bits & 1 else "comp.badge_fail"),
        "verdict": label("comp.verdict_pass" if bits & 1 else "comp.verdict_fail", claim=claim),
    }
    for i, method in enumerate(METHODS):
        texts[method] = cell[method][f]
        if i:
            texts[f"{method}-proves"] = label("comp.proves" if bits >> i & 1 else "comp.proves_not")
    return texts


@dataclass(frozen=True)
class CompositionLab(LabLinks):
    """The composition lab (see the module docstring); its state as a link: ``n``, ``p``,
    ``k``, ``factor`` and ``claim``, the arguments of :func:`composition_lab`.

    >>> composition_lab(key="lesson").href(k=2)
    '#comp-lab-lesson?n=4&p=0.75&k=2&factor=100&claim=0.01'
    """

    prefix: ClassVar[str] = "comp"
    symbols: ClassVar[dict[str, str]] = {"factor": "A", "claim": "δ"}
    n: int
    p: str
    k: int
    factor: str
    claim: str
    key: str

    def params(self) -> dict[str, str]:
        return {
            "n": str(self.n),
            "p": self.p,
            "k": str(self.k),
            "factor": self.factor,
            "claim": self.claim,
        }

    def with_state(self, **changes: object) -> CompositionLab:
        state = {"n": self.n, "p": self.p, "k": self.k, "factor": self.factor, "claim": self.claim}
        return self.remake(state, changes, composition_lab)

    @property
    def passes(self) -> bool:
        """Whether the claim ``(A, δ)`` holds for the k releases (exact)."""
        return method_deltas(self.n, self.p, self.k, self.factor)["exact"] <= Fraction(self.claim)

    def data(self) -> dict[str, object]:
        return {
            **lab_grid(),
            "initial": {
                "n": LAB_SIZES.index(self.n),
                "p": LAB_PS.index(self.p),
                "k": LAB_KS.index(self.k),
                "factor": LAB_FACTORS.index(self.factor),
                "claim": LAB_CLAIMS.index(self.claim),
            },
        }

    def outputs(self) -> dict[str, str]:
        return _state_texts(self.n, self.p, self.k, self.factor, self.claim)

    def chart(self) -> alt.LayerChart | alt.FacetChart:
        cell = _cell(self.n, self.p, self.k)
        return _curve_chart(
            curve_rows(cell),
            claim_rows(self.claim),
            point_rows(cell, LAB_FACTORS.index(self.factor)),
            label("comp.lab_desc"),
        )

    def _repr_html_(self) -> str:
        h = LabHtml("comp", self.key, self.outputs())
        verdict = "pass" if self.passes else "fail"

        def slider(name: str, grid: Sequence[str], chosen: str, symbol: str) -> str:
            return h.slider(
                name,
                _CONTROL_WORDS[name],
                texts=list(grid),
                position=list(grid).index(chosen),
                valuetext=f"{symbol} = {chosen}",
                probability=name == "p",
            )

        def item(key: str, name: str, proves: bool = True) -> str:
            extra = f" {h.show(key + '-proves', note=True)}" if proves else ""
            return f"<dt>{h.words(name)}</dt><dd>{h.show(key)}{extra}</dd>"

        controls = [
            h.group(
                "comp.lab_channel_group",
                h.select("n", "comp.lab_n", [(str(n), str(n)) for n in LAB_SIZES], str(self.n)),
                slider("p", LAB_PS, self.p, "p"),
                h.show("pure", "p", note=True),
                slider("k", [str(k) for k in LAB_KS], str(self.k), "k"),
            ),
            h.group(
                "comp.lab_claim_group",
                slider("factor", LAB_FACTORS, self.factor, "A"),
                h.show("eps", "p", note=True),
                h.select(
                    "claim",
                    "comp.lab_claim",
                    [(c, html.escape(c)) for c in LAB_CLAIMS],
                    self.claim,
                ),
            ),
        ]
        values = "".join(
            [
                item("exact", "comp.method_exact", proves=False),
                f"<dt>{h.words('comp.lab_verdict')}</dt>"
                f"<dd>{h.badge('badge', verdict)} {h.show('verdict')}</dd>",
                item("optimal", "comp.method_optimal"),
                item("advanced", "comp.method_advanced"),
                item("basic", "comp.method_basic"),
            ]
        )
        outputs = [
            h.panel(
                "values",
                "comp.lab_values_heading",
                f'<dl class="dplab-comp-values">{values}</dl>',
                h.note(h.words("comp.lab_note")),
            ),
            h.panel(
                "curves",
                "comp.lab_curves_heading",
                h.chart("curves", chart_html(chart_spec(self.chart()), column=True)),
                wide=True,
            ),
        ]
        chip = h.chip(
            f'<span class="dplab-lab-chip-item">{h.badge("badge", verdict)}</span>',
            f'<span class="dplab-lab-chip-item">{h.words("comp.method_exact")} '
            f"{h.show('exact')}</span>",
        )
        return h.page("comp.lab_title", self.data(), controls, outputs, chip=chip)


def composition_lab(
    n: int = 4,
    p: str = "0.75",
    k: int = 10,
    factor: str = "100",
    claim: str = "0.01",
    *,
    key: str | None = None,
) -> CompositionLab:
    """The lab, starting at the given state (each value on its grid: :data:`LAB_SIZES`,
    :data:`LAB_PS`, :data:`LAB_KS`, :data:`LAB_FACTORS`, :data:`LAB_CLAIMS`; p, A and δ
    as their decimal strings).

    >>> lab = composition_lab(n=1, p="0.75", k=2, factor="3.2")  # (9/16)(1 − 3.2/9)
    >>> lab.outputs()["exact"], lab.outputs()["optimal"]
    ('= 0.3625', '= 0.3625')
    """
    for name, value, grid in (
        ("n", n, LAB_SIZES),
        ("p", p, LAB_PS),
        ("k", k, LAB_KS),
        ("factor", factor, LAB_FACTORS),
        ("claim", claim, LAB_CLAIMS),
    ):
        check_on_grid(name, value, grid)
    key = lab_key((n, p, k, factor, claim), key)
    return CompositionLab(n, p, k, factor, claim, key)
