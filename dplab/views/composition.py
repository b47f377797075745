"""Views of the composition lesson: copies against fresh releases, the four ways to count,
the Gaussian case, and the client-side composition lab.

Every δ of randomized response shown here is an exact ``Fraction`` from
:mod:`dplab.accounting.composition` (``exact``:
:func:`~dplab.accounting.composition.rr_required_delta`; ``optimal``: Kairouz–Oh–Viswanath;
``advanced``: Dwork–Rothblum–Vadhan, a rational upper bound; ``basic``), each release of the count
channel taken as ``(α*, 0)``-DP with its pure factor ``α* = p/(1 − p)``.  Texts are
:func:`~dplab.views.randomized_response.value_text` of the exact values (``= x`` when exact, else
``≈ x`` to 4 significant digits), and a chart's number is the number its text shows
(:func:`shown_number`), so the page draws what it says.

**The lab.**  :func:`composition_lab` holds, for every state of its grid (``n`` in
:data:`LAB_SIZES`, ``p`` in :data:`LAB_PS`, ``k`` in :data:`LAB_KS`, the total factor ``A`` in
:data:`LAB_FACTORS`), the texts of the four δ, and for every claim in :data:`LAB_CLAIMS` one
hexadecimal digit of verdicts decided on the exact fractions: bit 0 the claim ``(A, δ)``
holds for the k releases (exact δ ≤ claim), bits 1–3 optimal, advanced, basic composition
prove it.  The script's pure core ``docs/assets/dplab/composition-lab-core.js`` only looks
these up; ``tests/views/test_composition.py`` recomputes every state from dplab and
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
from typing import ClassVar

import altair as alt
import pandas as pd
from pandas.io.formats.style import Styler

from dplab import finite
from dplab.accounting import composition
from dplab.finite import FiniteChannel, RationalLike
from dplab.views._display import chart_html, chart_spec, stacked_on_phones
from dplab.views._keys import Key, series_style
from dplab.views._lab import LabHtml, LabLinks, check_on_grid, chosen_point, lab_key
from dplab.views._labels import label
from dplab.views._tables import column, fixed_table, live_table, with_tables
from dplab.views._walkthrough import Walkthrough
from dplab.views.numbers import approx_text, shown_value, value_text
from dplab.views.randomized_response import HOLLOW

__all__ = [
    "DATASETS",
    "LAB_CLAIMS",
    "LAB_FACTORS",
    "LAB_KS",
    "LAB_PS",
    "LAB_SIZES",
    "METHODS",
    "CompositionLab",
    "bound_chart",
    "bound_table",
    "claim_rows",
    "composition_lab",
    "copies_table",
    "curve_rows",
    "gaussian_chart",
    "joined_outputs",
    "lab_grid",
    "loss_walkthrough",
    "method_deltas",
    "point_rows",
    "shown_number",
]

METHODS = ("exact", "optimal", "advanced", "basic")
"""The four ways to count, in the order every chart and table shows them."""

# The label key of each method and slider, by name: every key written out (none is built at run
# time), so a search for a key finds where it is used.
_METHOD_WORDS = {
    "exact": "comp.method_exact",
    "optimal": "comp.method_optimal",
    "advanced": "comp.method_advanced",
    "basic": "comp.method_basic",
}
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
WALK_WIDTH = 260  # a step's panel; the page scales it to its column (its SVG has a viewBox)


def shown_number(text: str) -> float:
    """The number a value text shows (``= 0.5``, ``≈ 1.235×10⁻⁷``), as the script reads it.

    The decimal is read once, correctly rounded (as lab.js's ``shownNumber`` reads it).

    >>> shown_number("≈ 1.235×10⁻⁷"), shown_number("= 0.5"), shown_number("1")
    (1.235e-07, 0.5, 1.0)
    """
    return float(shown_value(text))  # Fraction → float rounds correctly


@functools.cache
def method_deltas(n: int, p: str, k: int, factor: str) -> dict[str, Fraction]:
    """The δ of k releases of the count channel at total factor ``A``, counted four ways."""
    comparison = composition.rr_bound_comparison(n, p, k, factor)
    if comparison.exact is None:  # pragma: no cover - the lab's grid is within the limit
        raise ValueError(f"n = {n}, k = {k} is beyond the exact limit")
    return {method: getattr(comparison, method) for method in METHODS}


def _verdict_digit(deltas: dict[str, Fraction], claim: Fraction) -> str:
    bits = sum(1 << i for i, method in enumerate(METHODS) if deltas[method] <= claim)
    return format(bits, "x")


# --- the lab's grid ------------------------------------------------------------------------


@functools.cache
def lab_grid() -> dict[str, object]:
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
                verdicts = []
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


def _series(method: str) -> str:
    return label(_METHOD_WORDS[method])


def curve_rows(cell: dict[str, list[str]]) -> list[dict]:
    """Rows ``{"factor", "delta", "what"}`` of the four curves, from a cell's texts."""
    return [
        {"factor": float(Fraction(a)), "delta": shown_number(text), "what": _series(method)}
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


def _legend() -> alt.Legend:
    """Series names under the plot, two to a row (they do not fit beside it on a phone)."""
    return alt.Legend(orient="bottom", columns=2, title=None)


def _curve_chart(
    curves: list[dict], claim: list[dict], point: list[dict] | None, description: str
) -> alt.LayerChart:
    """The four curves of δ against A, the claim's line and (in the lab) the current A."""
    series = [*(_series(m) for m in METHODS), label("comp.claim_line")]
    if point is not None:
        series.append(label("comp.point"))
    what = series_style("what:N", series, legend=_legend())
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
        [column(_series(m), "delta", where={"what": _series(m)}) for m in METHODS],
    )
    return with_tables(chart, table)


def _cell(n: int, p: str, k: int) -> dict[str, list[str]]:
    grid = lab_grid()
    return grid["cells"][LAB_SIZES.index(n)][LAB_PS.index(p)][LAB_KS.index(k)]


def bound_chart(n: int, p: str, k: int, claim: str = "0.01") -> alt.LayerChart:
    """δ against the total factor A (log axis) of k releases, counted four ways."""
    cell = _cell(n, p, k)
    description = label("comp.desc_bounds", n=n, p=p, k=k)
    return _curve_chart(curve_rows(cell), claim_rows(claim), None, description)


def bound_table(n: int, p: str, k: int, factors: Sequence[str]) -> Styler:
    """The four δ at each factor, with ``optimal / exact`` (≈): where each bound is loose."""
    rows = []
    for factor in factors:
        deltas = method_deltas(n, p, k, factor)
        row = {"A": factor, "ε = ln A": f"≈ {math.log(Fraction(factor)):.3f}"}
        row |= {_series(m): value_text(deltas[m]) for m in METHODS}
        exact = deltas["exact"]
        row[label("comp.col_ratio")] = (
            "≈ " + approx_text(deltas["optimal"] / exact, 3) if exact else "–"
        )
        rows.append(row)
    return _table(rows)


def _table(rows: list[dict]) -> Styler:
    """Rows as a table: cells on one line on a wide screen, cards on a phone."""
    styler = pd.DataFrame(rows).style.hide(axis="index")
    styler = styler.set_table_styles([{"selector": "td", "props": "white-space: nowrap;"}])
    return stacked_on_phones(styler)


def copies_table(channel: FiniteChannel, alpha: RationalLike, ks: Sequence[int]) -> Styler:
    """For each k: the exact δ at the total factor ``A = α`` of k copies of one output and of
    k fresh releases, and of k fresh releases at ``A = α^k`` (basic composition's factor).

    Built from :func:`~dplab.accounting.composition.copies_channel` and
    :func:`~dplab.accounting.composition.product_channel` with :func:`dplab.finite.required_delta`
    (every output enumerated), so keep ``|Y|^k`` small.
    """
    alpha = finite.check_alpha(alpha)
    rows = []
    for k in ks:
        fresh = composition.product_channel(channel, k)
        rows.append(
            {
                "k": k,
                label("comp.col_copies"): str(
                    finite.required_delta(composition.copies_channel(channel, k), alpha)
                ),
                label("comp.col_fresh"): str(finite.required_delta(fresh, alpha)),
                label("comp.col_fresh_basic"): str(finite.required_delta(fresh, alpha**k)),
                label("comp.col_outputs"): len(fresh.outputs),
            }
        )
    return _table(rows)


def joined_outputs(channel: FiniteChannel) -> FiniteChannel:
    """``channel`` with each tuple output written as one word (``(1, 0)`` → ``"10"``), so
    that a reader can type an event of a product channel (``{11, 10}``).

    >>> from dplab.mechanisms import randomized_response as rr
    >>> joined_outputs(composition.product_channel(rr.count_channel(1, "3/4"), 2)).outputs
    ('00', '01', '10', '11')
    """
    outputs = tuple("".join(map(str, y)) for y in channel.outputs)
    return FiniteChannel(
        channel.inputs, outputs, channel.weights, channel.denominator, channel.adjacent_pairs
    )


# --- the walkthrough: the privacy loss of k releases ---------------------------------------


def loss_rows(p: RationalLike, k: int, total_alpha: RationalLike) -> list[dict]:
    """The law of the privacy loss of k releases of one person's randomized response.

    One report kept with probability ``p > ½`` has loss ``± ln α*`` (``α* = p/(1−p)``) under
    the first input; k fresh reports add k independent losses, so the loss is
    ``(2j − k) ln α*`` with probability ``C(k, j) p^j (1−p)^(k−j)``.  ``share`` is the exact
    contribution ``P(L)(1 − A e^{−L})₊`` to δ at the total factor ``A``.
    """
    p = Fraction(p)
    pure = p / (1 - p)
    target = Fraction(total_alpha)
    rows = []
    for j in range(k + 1):
        mass = math.comb(k, j) * p**j * (1 - p) ** (k - j)
        power = 2 * j - k  # the loss is power · ln α*
        ratio = pure**power  # e^L, exact
        share = mass * (1 - target / ratio) if ratio > target else Fraction(0)
        rows.append(
            {
                "loss": power * math.log(pure),
                "mass": float(mass),
                "mass_text": str(mass),
                "share_text": str(share),
                "share": share,
                "counts": label("comp.walk_counts") if share else label("comp.walk_free"),
            }
        )
    return rows


def loss_walkthrough(p: RationalLike, total_alpha: RationalLike, ks: Sequence[int]) -> Walkthrough:
    """One panel per k: the law of the privacy loss of k releases (n = 1), the line
    ``L = ln A`` and, in colour, the losses above it, whose weighted excess is δ."""
    target = Fraction(total_alpha)
    longest = max(ks) * math.log(Fraction(p) / (1 - Fraction(p)))
    panels = []
    for k in ks:
        rows = loss_rows(p, k, target)
        delta = sum((r["share"] for r in rows), Fraction(0))
        assert delta == composition.rr_required_delta(1, p, target, k)
        data = [{key: r[key] for key in ("loss", "mass", "counts")} for r in rows]
        key = Key(
            (
                (label("comp.walk_counts"), {}),
                (label("comp.walk_free"), {"fillOpacity": HOLLOW, "strokeDash": [2, 2]}),
                (label("comp.walk_line"), {"fillOpacity": 0, "strokeDash": [5, 4]}),
            ),
            outline=True,
            columns=2,
        ).encoding("counts")
        x = alt.X(
            "loss:Q", title=label("comp.loss_axis"), scale=alt.Scale(domain=[-longest, longest])
        )
        bars = (
            alt.Chart(alt.InlineData(values=data, name=f"comp_walk_{k}"))
            .mark_bar(size=7, strokeWidth=1.5)
            .encode(
                x=x,
                y=alt.Y("mass:Q", title=label("comp.mass_axis"), scale=alt.Scale(domain=[0, 1])),
                **key,
                tooltip=[
                    alt.Tooltip("loss:Q", title=label("comp.loss_axis"), format=".3f"),
                    alt.Tooltip("mass:Q", title=label("comp.mass_axis"), format=".4f"),
                ],
            )
        )
        line = (
            alt.Chart(pd.DataFrame([{"loss": math.log(target), "counts": label("comp.walk_line")}]))
            .mark_rule(strokeWidth=2)
            .encode(x="loss:Q", **key)
        )
        chart = alt.layer(bars, line).properties(
            width=WALK_WIDTH,
            height=220,
            title=label("comp.walk_title", k=k, delta=value_text(delta)),
            description=label(
                "comp.desc_walk", k=k, p=str(Fraction(p)), factor=str(target), delta=str(delta)
            ),
        )
        table = fixed_table(
            label("comp.walk_table", k=k),
            [label("comp.loss_axis"), label("comp.mass_axis"), label("comp.walk_share")],
            [[f"{r['loss']:.4f}", r["mass_text"], r["share_text"]] for r in rows],
        )
        panels.append(with_tables(chart, table))
    return Walkthrough(tuple(panels))


# --- Gaussian composition ------------------------------------------------------------------


def gaussian_rows(
    sensitivity: float, sigma: float, ks: Sequence[int], eps_values: Sequence[float]
) -> list[dict]:
    """Rows ``{"k", "eps", "delta", "what"}``: exact and the three bounds for each k, ε."""
    rows = []
    for k in ks:
        for eps in eps_values:
            result = composition.gaussian_bound_comparison(sensitivity, sigma, eps, k)
            for method in METHODS:
                rows.append(
                    {"k": k, "eps": eps, "delta": getattr(result, method), "what": _series(method)}
                )
    return rows


def gaussian_chart(
    sensitivity: float,
    sigma: float,
    ks: Sequence[int],
    eps_values: Sequence[float],
    initial_k: int,
) -> alt.LayerChart:
    """δ(ε) of k Gaussian releases, exact and bounded, with a selector for k."""
    rows = gaussian_rows(sensitivity, sigma, ks, eps_values)
    k_param = alt.param(
        name="k_releases",
        value=initial_k,
        bind=alt.binding_select(options=list(ks), name=label("comp.k_select") + " "),
    )
    series = [_series(m) for m in METHODS]
    base = alt.Chart(alt.InlineData(values=rows, name="comp_gauss")).transform_filter(
        "datum.k == k_releases"
    )
    chart = (
        base.mark_line(strokeWidth=2)
        .encode(
            x=alt.X("eps:Q", title=label("comp.eps_axis")),
            y=alt.Y("delta:Q", title=label("comp.delta_axis"), scale=alt.Scale(domain=[0, 1])),
            **series_style("what:N", series, legend=_legend()),
            tooltip=[
                alt.Tooltip("what:N", title=label("chart.series")),
                alt.Tooltip("eps:Q", title="ε", format=".2f"),
                alt.Tooltip("delta:Q", title="δ", format=".4~g"),
            ],
        )
        .add_params(k_param)
        .properties(
            width="container",
            height=260,
            description=label(
                "comp.desc_gauss", sensitivity=f"{sensitivity:g}", sigma=f"{sigma:g}"
            ),
        )
    )
    table = live_table(
        label("comp.delta_axis"),
        "comp_gauss",
        column("ε", "eps"),
        [column(s, "delta", where={"what": s}) for s in series],
        filter_signal=("k", "k_releases"),
    )
    return with_tables(chart, table)


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

    def chart(self) -> alt.LayerChart:
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
                h.chart("curves", chart_html(chart_spec(self.chart()))),
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
